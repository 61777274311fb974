//! XBetza written back in the older notations Kraken reads: the extended-Betza quick reference,
//! XBoard's old Betza page and MBN.
//!
//! [`write_other`] writes a parsed piece in one of them, move by move, for the subset the
//! notation can say exactly: leapers and riders with their ranges and direction sets, `m` and
//! `c`, hoppers (`p`, `g`) where the notation has them, `i` (initial move only) and two-leg
//! chains of one atom (`mafsW` = `W-F`) or of the King step. Each candidate text is read back
//! with the notation's own reader ([`crate::quickref_to_xbetza`] ...) and kept only when it
//! gives exactly the moves it was written for, direction by direction; a move with no such
//! text refuses the whole piece, naming the move. Nothing is ever approximated.
//!
//! ```
//! use notation::{parse, write_other, OtherNotation};
//! let horse = parse("mafsW").unwrap();
//! assert_eq!(write_other(&horse, OtherNotation::Quickref).unwrap(), "W-fF");
//! assert_eq!(write_other(&horse, OtherNotation::Mbn).unwrap(), "W-fF");
//! let castling = parse("KisO2").unwrap();
//! let refusal = write_other(&castling, OtherNotation::OldBetza).unwrap_err();
//! assert_eq!(refusal.construct, "isO2");
//! ```

use std::{collections::BTreeSet, fmt};

use crate::{
    ast::{Atom, Initial, Leg, MoveDesc, PieceDesc, Range},
    direction::{step_vector, DirClass},
    mbn_to_xbetza, oldbetza_to_xbetza, parse, quickref_to_xbetza,
    write::spell,
    write_move, DirSet, Modes,
};

/// One of the notations Kraken reads besides XBetza.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OtherNotation {
    /// The extended-Betza quick reference (`W-F`, `W03`).
    Quickref,
    /// The notation of XBoard's old Betza page (`W-F`, `Q+K`).
    OldBetza,
    /// MBN, the Modified Betza Notation (`W-fF`, `:1,4:`).
    Mbn,
}

impl OtherNotation {
    /// The three notations, in the order `kraken betza` prints them.
    pub const ALL: [OtherNotation; 3] = [
        OtherNotation::Quickref,
        OtherNotation::OldBetza,
        OtherNotation::Mbn,
    ];

    /// The name used by `--notation` and variant-file prefixes.
    pub fn name(self) -> &'static str {
        match self {
            OtherNotation::Quickref => "quickref",
            OtherNotation::OldBetza => "oldbetza",
            OtherNotation::Mbn => "mbn",
        }
    }

    /// Reads `text` with the notation's reader; `None` when the reader refuses it.
    fn read(self, text: &str) -> Option<PieceDesc> {
        let xbetza = match self {
            OtherNotation::Quickref => quickref_to_xbetza(text).ok(),
            OtherNotation::OldBetza => oldbetza_to_xbetza(text).ok(),
            OtherNotation::Mbn => mbn_to_xbetza(text).ok(),
        }?;
        parse(&xbetza).ok()
    }

    /// Writes moves one after the other so that the reader sees them all.
    fn join(self, parts: &[String]) -> String {
        match self {
            OtherNotation::Mbn => parts.join("+"),
            _ => parts.concat(),
        }
    }
}

/// Why a piece has no text in another notation: the first construct that has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoEquivalent {
    /// The construct, in XBetza: a mode letter, an atom or a whole move.
    pub construct: String,
    /// Why it cannot be written.
    pub reason: String,
}

impl fmt::Display for NoEquivalent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' {}", self.construct, self.reason)
    }
}

impl std::error::Error for NoEquivalent {}

/// Writes a piece in `notation`, or names the first construct the notation cannot say exactly.
///
/// # Errors
/// Returns a [`NoEquivalent`] for a piece with a move outside the notation's reach.
pub fn write_other(desc: &PieceDesc, notation: OtherNotation) -> Result<String, NoEquivalent> {
    let name = notation.name();
    if desc.moves.is_empty() {
        return Err(NoEquivalent {
            construct: String::new(),
            reason: format!("has no {name} text: the piece has no moves"),
        });
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while i < desc.moves.len() {
        let mv = &desc.moves[i];
        supported(mv, name)?;
        if let Some(text) = desc
            .moves
            .get(i + 1)
            .and_then(|next| pair(mv, next, notation))
        {
            parts.push(text);
            i += 2;
            continue;
        }
        let text = write_move_in(mv, notation).ok_or_else(|| NoEquivalent {
            construct: write_move(mv),
            reason: format!("has no exact equivalent in {name}"),
        })?;
        parts.push(text);
        i += 1;
    }
    let want = keys(desc);
    let plain = notation.join(&parts);
    if reads_as(notation, &plain, &want) {
        return Ok(plain);
    }
    let grouped: Vec<String> = parts.iter().map(|p| format!("({p})")).collect();
    let grouped = notation.join(&grouped);
    if reads_as(notation, &grouped, &want) {
        return Ok(grouped);
    }
    Err(NoEquivalent {
        construct: crate::write(desc),
        reason: format!("reads differently in {name} when its moves are written together"),
    })
}

/// Two one-leg moves that differ only in their modes written as one, where the notation has
/// a single word for both (the old Betza page's `pR` is `mRcpR`).
fn pair(a: &MoveDesc, b: &MoveDesc, notation: OtherNotation) -> Option<String> {
    let same = a.legs.len() == 1
        && b.legs.len() == 1
        && (a.atom, a.range, a.initial, first_dirs(a))
            == (b.atom, b.range, b.initial, first_dirs(b))
        && a.legs[0].modes != b.legs[0].modes;
    if !same || supported(b, notation.name()).is_err() {
        return None;
    }
    let want = keys(&PieceDesc {
        moves: vec![a.clone(), b.clone()],
    });
    let mut merged = a.clone();
    merged.legs[0].modes.insert(b.legs[0].modes);
    candidates(&merged, notation)
        .into_iter()
        .find(|text| reads_as(notation, text, &want))
}

/// Refuses the constructs no writer handles, naming them.
fn supported(mv: &MoveDesc, name: &str) -> Result<(), NoEquivalent> {
    let refuse = |construct: &str, what: &str| {
        Err(NoEquivalent {
            construct: construct.to_string(),
            reason: format!("has no {name} equivalent: {what}"),
        })
    };
    match mv.atom {
        Atom::Universal => return refuse("U", "every square of the board"),
        Atom::Castling => return refuse(&write_move(mv), "castling"),
        Atom::Imitator => return refuse("I", "the moves of the last piece moved"),
        Atom::Leap { .. } | Atom::King { .. } => {}
    }
    if mv.initial == Initial::AheadOfStart {
        return refuse("ii", "a move from a rank ahead of the start");
    }
    if mv.range == Range::EnemyHalf {
        return refuse("*", "a range up to the enemy half");
    }
    if mv.legs.is_empty() || mv.legs.len() > 2 {
        return refuse(&write_move(mv), "only moves of one or two legs are written");
    }
    let last = mv.legs.len() - 1;
    for (k, leg) in mv.legs.iter().enumerate() {
        if leg.iso {
            return refuse("i", "a leg as long as the one before (iso)");
        }
        let allowed = if k == last {
            Modes::MOVE
                .union(Modes::CAPTURE)
                .union(Modes::HOP)
                .union(Modes::GRASSHOP)
                .union(Modes::NON_JUMPING)
                .union(Modes::JUMPING)
        } else if leg.modes == Modes::CAPTURE {
            Modes::CAPTURE
        } else {
            Modes::MOVE
        };
        let extra = leg.modes.difference(allowed);
        if let Some((_, letter)) = Modes::LETTERS.iter().find(|(f, _)| extra.intersects(*f)) {
            let what = if k == last {
                "of the mode letters only m, c, p, g, n and j are written"
            } else {
                "before an a, only m or c is written"
            };
            return refuse(letter, what);
        }
    }
    Ok(())
}

/// The text of one move in `notation`, read back and checked; `None` when no candidate fits.
fn write_move_in(mv: &MoveDesc, notation: OtherNotation) -> Option<String> {
    let want = keys(&PieceDesc {
        moves: vec![mv.clone()],
    });
    let fits = |text: &String| reads_as(notation, text, &want);
    if let Some(text) = candidates(mv, notation).into_iter().find(fits) {
        return Some(text);
    }
    if mv.legs.len() != 1 {
        return None;
    }
    let dirs = first_dirs(mv);
    // A King step the notation cannot restrict as a whole: its W and its F part.
    if let Atom::King { .. } = mv.atom {
        let parts = [DirSet::ORTHOGONAL, DirSet::DIAGONAL]
            .into_iter()
            .filter(|part| !dirs.intersection(*part).is_empty())
            .map(|part| write_move_in(&king_part(mv, dirs.intersection(part)), notation))
            .collect::<Option<Vec<String>>>();
        if let Some(text) = parts.map(|parts| notation.join(&parts)) {
            if fits(&text) {
                return Some(text);
            }
        }
    }
    // A direction set the notation cannot spell at once: one move per direction.
    if dirs.len() < 2 {
        return None;
    }
    let parts = dirs
        .iter()
        .map(|d| {
            let single = king_part(mv, DirSet(1 << d));
            let want = keys(&PieceDesc {
                moves: vec![single.clone()],
            });
            candidates(&single, notation)
                .into_iter()
                .find(|text| reads_as(notation, text, &want))
        })
        .collect::<Option<Vec<String>>>()?;
    let text = notation.join(&parts);
    fits(&text).then_some(text)
}

/// `mv` restricted to `dirs`, all orthogonal or all diagonal; a King step becomes the W or F
/// step it is there.
fn king_part(mv: &MoveDesc, dirs: DirSet) -> MoveDesc {
    let mut part = mv.clone();
    part.legs[0].dirs = Some(dirs);
    if let Atom::King { .. } = mv.atom {
        part.atom = Atom::Leap {
            minor: u8::from(dirs.intersection(DirSet::DIAGONAL) == dirs),
            major: 1,
            slider: false,
        };
    }
    part
}

/// Whether `text` reads in `notation` as exactly the moves `want`.
fn reads_as(notation: OtherNotation, text: &str, want: &BTreeSet<String>) -> bool {
    notation.read(text).is_some_and(|desc| keys(&desc) == *want)
}

/// The directions of a move's first leg.
fn first_dirs(mv: &MoveDesc) -> DirSet {
    let all = mv.atom.all_dirs();
    mv.legs[0].dirs.unwrap_or(all).intersection(all)
}

/// The modes of a final leg, defaults applied.
fn final_modes(modes: Modes) -> Modes {
    if modes.intersects(Modes::FINAL_ENDINGS) {
        modes
    } else {
        modes.union(Modes::DEFAULT_FINAL)
    }
}

/// What a piece does, comparable across spellings: one key per step vector and ending (`m` or
/// `c`) of a one-leg move (so `fK` equals `fW`, and `mRcR` equals `R`), and the normalized
/// XBetza of every longer move.
fn keys(desc: &PieceDesc) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for mv in &desc.moves {
        if mv.legs.len() == 1 {
            let (minor, major) = mv.atom.orthogonal_form();
            let modes = final_modes(mv.legs[0].modes);
            let rest = modes.difference(Modes::DEFAULT_FINAL);
            let endings = [Modes::MOVE, Modes::CAPTURE]
                .into_iter()
                .filter(|&ending| modes.contains(ending))
                .map(|ending| rest.union(ending));
            for ending in endings {
                for d in first_dirs(mv).iter() {
                    let (dx, dy) = step_vector(minor as i32, major as i32, d);
                    out.insert(format!(
                        "{dx},{dy} {:?} {ending:?} {:?}",
                        mv.range, mv.initial
                    ));
                }
            }
        } else {
            let mut normal = mv.clone();
            normal.span = (0, 0);
            normal.legs[0].dirs = Some(first_dirs(mv));
            let last = normal.legs.len() - 1;
            for (k, leg) in normal.legs.iter_mut().enumerate() {
                leg.modes = if k == last {
                    final_modes(leg.modes)
                } else if leg.modes.is_empty() {
                    Modes::MOVE
                } else {
                    leg.modes
                };
            }
            out.insert(write_move(&normal));
        }
    }
    out
}

/// Texts that may say `mv` in `notation`, most natural first; the caller keeps the first that
/// reads back right.
fn candidates(mv: &MoveDesc, notation: OtherNotation) -> Vec<String> {
    let initial = if mv.initial == Initial::Virgin {
        "i"
    } else {
        ""
    };
    let first = &mv.legs[0];
    let dirs = dir_spellings(
        mv.atom.class(),
        first_dirs(mv),
        mv.atom.all_dirs(),
        notation,
    );
    let atoms = atom_spellings(mv.atom, mv.range, notation);
    let mut out = Vec::new();
    if mv.legs.len() == 1 {
        for modes in mode_spellings(first.modes) {
            for d in &dirs {
                for a in &atoms {
                    out.push(format!("{initial}{d}{modes}{a}"));
                    out.push(format!("{initial}{modes}{d}{a}"));
                }
            }
        }
    } else {
        let tails = second_legs(mv, notation);
        // The first leg's mode: a prefix on its atom, or the old Betza page's operator.
        let leading: &[(&str, char)] = match first.modes {
            Modes::NONE => &[("", '-')],
            Modes::MOVE => &[("", '-'), ("m", '-')],
            _ => &[("c", '-'), ("", 'x')],
        };
        for modes in mode_spellings(mv.legs[1].modes) {
            for (lead, op) in leading {
                for d in &dirs {
                    for a in &atoms {
                        for tail in &tails {
                            out.push(format!("{initial}{d}{lead}{a}{op}{modes}{tail}"));
                            if lead.is_empty() && !modes.is_empty() {
                                out.push(format!("{initial}{d}{modes}({a}{op}{tail})"));
                                out.push(format!("{initial}{modes}{d}({a}{op}{tail})"));
                            }
                        }
                    }
                }
            }
        }
    }
    out.dedup();
    out
}

/// Ways to write the mode letters of a leg: as XBetza has them, or without the `m` and `c`
/// that a bare atom or a hop implies.
fn mode_spellings(modes: Modes) -> Vec<String> {
    let letter = |flag: Modes, text: &'static str| if modes.contains(flag) { text } else { "" };
    let hop = [
        (Modes::HOP, "p"),
        (Modes::GRASSHOP, "g"),
        (Modes::NON_JUMPING, "n"),
        (Modes::JUMPING, "j"),
    ]
    .map(|(flag, text)| letter(flag, text))
    .concat();
    let m = letter(Modes::MOVE, "m");
    let c = letter(Modes::CAPTURE, "c");
    let mut out = Vec::new();
    if !m.is_empty() && !c.is_empty() {
        out.push(hop.clone());
    }
    out.push(format!("{m}{c}{hop}"));
    if !hop.is_empty() {
        out.push(format!("{m}{hop}"));
        out.push(format!("{hop}{m}{c}"));
    }
    if hop.contains('j') {
        // MBN's `p` on a leap is XBetza's `j`.
        out.push(format!("{m}{c}{}", hop.replace('j', "p")));
    }
    out
}

/// Ways to write a first leg's direction set, read as `class`.
fn dir_spellings(
    class: DirClass,
    set: DirSet,
    all: DirSet,
    notation: OtherNotation,
) -> Vec<String> {
    if set == all {
        return vec![String::new(), "a".to_string()];
    }
    let spelled = spell(class, set);
    let mut out = vec![spelled.clone()];
    if notation == OtherNotation::Mbn && spelled.len() == 2 {
        out.push(format!("({spelled})"));
        let reversed: String = spelled.chars().rev().collect();
        out.push(format!("({reversed})"));
    }
    out
}

/// Ways to write the atom of a move with the range of its first leg.
fn atom_spellings(atom: Atom, range: Range, notation: OtherNotation) -> Vec<String> {
    let (minor, major) = match atom {
        Atom::Leap { minor, major, .. } => (minor, major),
        Atom::King { .. } => return king_spellings(range),
        _ => return Vec::new(),
    };
    let letters = leap_letters(minor, major, notation);
    let mut out = Vec::new();
    for letter in letters {
        match range {
            Range::Steps(1) => out.push(letter),
            Range::Steps(n) => out.push(format!("{letter}{n}")),
            Range::Unlimited => {
                match (minor, major) {
                    (0, 1) => out.push("R".to_string()),
                    (1, 1) => out.push("B".to_string()),
                    _ => {}
                }
                out.push(format!("{letter}0"));
            }
            Range::EnemyHalf => {}
        }
    }
    out
}

/// The King step with a range: `K`, `K3`, `Q`, `K0`.
fn king_spellings(range: Range) -> Vec<String> {
    match range {
        Range::Steps(1) => vec!["K".to_string()],
        Range::Steps(n) => vec![format!("K{n}")],
        Range::Unlimited => vec!["Q".to_string(), "K0".to_string()],
        Range::EnemyHalf => Vec::new(),
    }
}

/// The letters and step vectors a notation may use for the leap `(minor, major)`.
fn leap_letters(minor: u8, major: u8, notation: OtherNotation) -> Vec<String> {
    const LETTERS: [(&str, u8, u8); 12] = [
        ("W", 0, 1),
        ("F", 1, 1),
        ("D", 0, 2),
        ("N", 1, 2),
        ("A", 2, 2),
        ("H", 0, 3),
        ("C", 1, 3),
        ("L", 1, 3),
        ("Z", 2, 3),
        ("J", 2, 3),
        ("G", 3, 3),
        ("T", 3, 3),
    ];
    let mut out: Vec<String> = LETTERS
        .iter()
        .filter(|&&(_, p, q)| (p, q) == (minor, major))
        .map(|&(letter, ..)| letter.to_string())
        .collect();
    match notation {
        OtherNotation::Mbn => out.push(format!(":{minor},{major}:")),
        _ => {
            out.push(format!("({minor},{major})"));
            out.push(format!("({major},{minor})"));
        }
    }
    out
}

/// Ways to write the second leg of a two-leg move (direction letters and atom), measured from
/// the first leg: the same atom for straight on and square turns, the atom turned by 45
/// degrees (W and F, D and A, H and G) for the other turns.
fn second_legs(mv: &MoveDesc, notation: OtherNotation) -> Vec<String> {
    let leg: Leg = mv.legs[1];
    let Some(set) = leg.dirs else {
        return Vec::new();
    };
    let slides = mv.atom.slides();
    let mut out = Vec::new();
    match mv.atom {
        Atom::King { .. } => {
            let atom = if slides { "Q" } else { "K" };
            for d in dir_spellings(DirClass::Eightfold, set, DirSet::ALL, notation) {
                out.push(format!("{d}{atom}"));
            }
        }
        Atom::Leap { minor, major, .. } if minor == 0 || minor == major => {
            let even = set.intersection(DirSet::ORTHOGONAL) == set;
            let odd = set.intersection(DirSet::DIAGONAL) == set;
            let (class, turned) = match (even, odd) {
                (true, _) => (DirClass::Orthogonal, false),
                (_, true) => (DirClass::Diagonal, true),
                _ => return out,
            };
            let diagonal = (minor == major) != turned;
            let (minor, major) = if diagonal { (major, major) } else { (0, major) };
            let range = if slides {
                Range::Unlimited
            } else {
                Range::Steps(1)
            };
            let mut spellings = dir_spellings(class, set, DirSet::NONE, notation);
            spellings.extend(dir_spellings(
                DirClass::Eightfold,
                set,
                DirSet::NONE,
                notation,
            ));
            for d in spellings {
                for a in atom_spellings(
                    Atom::Leap {
                        minor,
                        major,
                        slider: false,
                    },
                    range,
                    notation,
                ) {
                    out.push(format!("{d}{a}"));
                }
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(xbetza: &str) -> [String; 3] {
        let desc = parse(xbetza).unwrap();
        OtherNotation::ALL.map(|n| write_other(&desc, n).unwrap_or_else(|e| format!("none: {e}")))
    }

    #[test]
    fn pieces_are_written_in_each_notation() {
        let table = [
            ["N", "N", "N", "N"],
            ["R4", "W4", "W4", "W4"],
            ["Q4", "K4", "K4", "W4+F4"],
            ["NN", "N0", "N0", "N0"],
            ["frN", "frN", "frN", "(fr)N"],
            ["fK", "fK", "fK", "fW"],
            ["FX", "(1,4)", "(1,4)", ":1,4:"],
            ["mRcR", "R", "R", "R"],
            ["fmWfcF", "fmWfcF", "fmWfcF", "fmW+fcF"],
            ["mRcpR", "mpR", "pR", "mR+cpR"],
            [
                "cpR",
                "pR",
                "none: 'cpR' has no exact equivalent in oldbetza",
                "cpR",
            ],
            ["mafsW", "W-fF", "W-fF", "W-fF"],
            ["cafsW", "cW-fF", "WxfF", "cW-fF"],
        ];
        for [xbetza, quickref, oldbetza, mbn] in table {
            assert_eq!(written(xbetza), [quickref, oldbetza, mbn], "{xbetza}");
        }
    }

    #[test]
    fn refusals_name_the_first_construct_without_an_equivalent() {
        let refusal = |xbetza: &str| {
            let desc = parse(xbetza).unwrap();
            write_other(&desc, OtherNotation::Quickref).unwrap_err()
        };
        assert_eq!(refusal("KisO2").construct, "isO2");
        assert_eq!(refusal("iifmW").construct, "ii");
        assert_eq!(refusal("NU").construct, "U");
        assert_eq!(refusal("fmWifmnD").construct, "nn");
        assert_eq!(refusal("fmWfceF").construct, "e");
        assert_eq!(refusal("nN").construct, "nN");
        assert!(write_other(&PieceDesc::default(), OtherNotation::Mbn).is_err());
        assert_eq!(refusal("WmafmafW").construct, "mafmafW");
        assert_eq!(refusal("caibR").construct, "i");
        let pr = refusal("pR");
        assert_eq!(pr.to_string(), "'pR' has no exact equivalent in quickref");
    }
}
