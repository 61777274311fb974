//! [`PieceDesc`] to canonical XBetza text.
//!
//! The output is read by [`crate::parse`] as the same description (up to spellings that mean the
//! same thing, such as `vsW` and `W`), and, where XBoard 4.9.1 can express the move at all, the
//! same way by XBoard's `MovesFromString`:
//!
//! * every `a`-separated group is written as `i` (initial move on the first group, `ii` for a
//!   move from a rank ahead of the start; iso on the others), then direction letters, then mode letters in XBoard's reading order
//!   `m c d e p g o y n j`, followed by the letters XBoard does not know (`k x u z q`);
//! * atoms are `K Q R B W F D N A H C Z G U O I`, never `L` or `J` (XBoard swaps those), other
//!   leaps use one `X`/`Y` extension (`FX`, `DY`) or else the legacy `(minor,major)` form;
//! * a leaper with unlimited range is written with range `0` (`N0`), never doubled: XBoard reads
//!   `NN` as two Knights;
//! * direction sets are spelled from the resolved [`DirSet`]: the shortest spelling that XBoard
//!   reads the same way, else the shortest spelling at all; every spelling is checked by
//!   resolving it again with [`resolve_run`].

use std::sync::OnceLock;

use crate::{
    ast::{Atom, Initial, Leg, MoveDesc, PieceDesc, Range},
    direction::{resolve_run, DirClass, DirLetter},
    DirSet, Modes,
};

/// Writes a piece description as canonical XBetza.
///
/// Moves are written in order; a move that ends in a bare leaper letter gets an explicit range
/// `1` when the next move starts with the same letter (`N1N0`, since `NN0` would be one rider).
///
/// Descriptions that [`crate::parse`] cannot produce are written as closely as XBetza allows: a
/// `slider` flag on a leap other than `(0,1)` and `(1,1)` is dropped, ranges above 99 and
/// `Range::Steps(0)` are written as digits, and `iso` on a first leg is ignored.
///
/// # Examples
/// ```
/// use notation::{parse, write};
/// assert_eq!(write(&parse("LJ").unwrap()), "CZ");
/// assert_eq!(write(&parse("NN").unwrap()), "N0");
/// assert_eq!(write(&parse("camfF").unwrap()), "cafmF");
/// ```
pub fn write(desc: &PieceDesc) -> String {
    let mut out = String::new();
    let mut previous_bare: Option<char> = None;
    for mv in &desc.moves {
        let text = write_move(mv);
        if let Some(letter) = previous_bare {
            if text.starts_with(letter) {
                out.push('1');
            }
        }
        previous_bare = bare_leaper(&text);
        out.push_str(&text);
    }
    out
}

/// Writes one move of a piece description as canonical XBetza (see [`write()`]).
///
/// # Examples
/// ```
/// use notation::{parse, write_move};
/// let pawn = parse("fmWfceFifmnD").unwrap();
/// let parts: Vec<String> = pawn.moves.iter().map(write_move).collect();
/// assert_eq!(parts, ["fmW", "fceF", "ifmnD"]);
/// ```
pub fn write_move(mv: &MoveDesc) -> String {
    let default_leg = [Leg::default()];
    let legs: &[Leg] = if mv.legs.is_empty() {
        &default_leg
    } else {
        &mv.legs
    };
    let mut out = String::new();
    for (k, leg) in legs.iter().enumerate() {
        if k > 0 {
            out.push('a');
        }
        if k == 0 {
            out.push_str(match mv.initial {
                Initial::Any => "",
                Initial::Virgin => "i",
                Initial::AheadOfStart => "ii",
            });
        } else if leg.iso {
            out.push('i');
        }
        if k == 0 {
            out.push_str(&first_leg_dirs(mv.atom, leg.dirs));
        } else if let Some(dirs) = leg.dirs {
            out.push_str(&spell(DirClass::Eightfold, dirs));
        }
        out.push_str(&mode_letters(leg.modes, k == 0 && mv.initial.restricts()));
    }
    out.push_str(&atom_text(mv.atom, mv.range));
    out
}

/// The last character of `text` if the text ends in a leaper letter without suffix, which a
/// following move starting with the same letter would double.
fn bare_leaper(text: &str) -> Option<char> {
    let last = text.chars().last()?;
    "WFDNAHCZG".contains(last).then_some(last)
}

/// Direction letters of a first leg.
fn first_leg_dirs(atom: Atom, dirs: Option<DirSet>) -> String {
    if atom == Atom::Imitator {
        // Written explicitly: the Interactive Diagram reads a bare `I` as `vI`.
        let dirs = dirs.unwrap_or(DirSet(1)).intersection(DirSet(0b0001_0001));
        return match dirs.0 {
            0b0000_0001 => "f",
            0b0001_0000 => "b",
            0b0001_0001 => "v",
            _ => "h",
        }
        .to_string();
    }
    match dirs {
        None => String::new(),
        Some(set) if set == atom.all_dirs() => String::new(),
        Some(set) => spell(atom.class(), set.intersection(atom.all_dirs())),
    }
}

/// Mode letters of a leg in canonical order.
///
/// On the first leg of an initial move a single `n` already means `nn` (non-jumping with e.p.
/// rights).
fn mode_letters(modes: Modes, initial_first_leg: bool) -> String {
    let mut out = String::new();
    let mut put = |flag: Modes, letters: &str| {
        if modes.contains(flag) {
            out.push_str(letters);
        }
    };
    put(Modes::MOVE, "m");
    put(Modes::CAPTURE, "c");
    put(Modes::DESTROY, "d");
    put(Modes::EN_PASSANT, "e");
    put(Modes::TAME, "t");
    put(Modes::HOP, "p");
    put(Modes::GRASSHOP, "g");
    if modes.contains(Modes::TORUS) {
        out.push_str("oo");
    } else if modes.contains(Modes::CYLINDER) {
        out.push('o');
    }
    if modes.contains(Modes::FORK) {
        out.push('y');
    }
    if modes.contains(Modes::EP_RIGHTS) && !initial_first_leg {
        out.push_str("nn");
    } else if modes.intersects(Modes::NON_JUMPING.union(Modes::EP_RIGHTS)) {
        out.push('n');
    }
    let mut put = |flag: Modes, letter: char| {
        if modes.contains(flag) {
            out.push(letter);
        }
    };
    put(Modes::JUMPING, 'j');
    put(Modes::ROYAL_CAPTURE, 'k');
    put(Modes::EXCITE, 'x');
    put(Modes::UNLOAD, 'u');
    put(Modes::CROOKED, 'z');
    put(Modes::CIRCULAR, 'q');
    out
}

/// The atom with its suffixes.
fn atom_text(atom: Atom, range: Range) -> String {
    // `implicit` is the range the bare letter already has.
    let (letter, implicit) = match atom {
        Atom::King { slider: false } => ("K".to_string(), Range::Steps(1)),
        Atom::King { slider: true } => ("Q".to_string(), Range::Unlimited),
        Atom::Leap {
            minor: 0,
            major: 1,
            slider: true,
        } => ("R".to_string(), Range::Unlimited),
        Atom::Leap {
            minor: 1,
            major: 1,
            slider: true,
        } => ("B".to_string(), Range::Unlimited),
        Atom::Leap { minor, major, .. } => (leaper_text(minor, major), Range::Steps(1)),
        Atom::Universal => return "U".to_string(),
        Atom::Imitator => return "I".to_string(),
        Atom::Castling => ("O".to_string(), Range::Steps(1)),
    };
    if range == implicit {
        return letter;
    }
    match range {
        Range::Steps(n) => format!("{letter}{n}"),
        Range::Unlimited => format!("{letter}0"),
        Range::EnemyHalf => format!("{letter}*"),
    }
}

/// The leaper letters and their leaps `(minor, major)`, in the order tried as bases for `X`/`Y`.
const LEAPERS: [(char, u8, u8); 9] = [
    ('W', 0, 1),
    ('F', 1, 1),
    ('D', 0, 2),
    ('N', 1, 2),
    ('A', 2, 2),
    ('H', 0, 3),
    ('C', 1, 3),
    ('Z', 2, 3),
    ('G', 3, 3),
];

/// A leap as a letter, a letter with one `X` or `Y` extension, or the legacy `(minor,major)`.
fn leaper_text(minor: u8, major: u8) -> String {
    let (minor, major) = (minor.min(major), minor.max(major));
    if let Some(&(letter, ..)) = LEAPERS.iter().find(|&&(_, p, q)| (p, q) == (minor, major)) {
        return letter.to_string();
    }
    for (suffix, (dp, dq)) in [('X', (0, 3)), ('Y', (2, 2))] {
        if let Some(&(letter, ..)) = LEAPERS
            .iter()
            .find(|&&(_, p, q)| (p + dp, q + dq) == (minor, major))
        {
            return format!("{letter}{suffix}");
        }
    }
    format!("({minor},{major})")
}

// ---------------------------------------------------------------------------------------------
// Direction spelling
// ---------------------------------------------------------------------------------------------

/// Direction letters in order of preference: on equal length, spellings are compared letter by
/// letter in this order (so `fs` before `sf`, and `rv` before `vr`).
const LETTERS: [DirLetter; 7] = [
    DirLetter::F,
    DirLetter::B,
    DirLetter::L,
    DirLetter::R,
    DirLetter::V,
    DirLetter::S,
    DirLetter::H,
];

/// Spellings up to this length are found by exhaustive search; longer ones are concatenations.
const SEARCH_LENGTH: usize = 6;

/// The four ways of reading direction letters, as table indices.
const CLASSES: [DirClass; 4] = [
    DirClass::Orthogonal,
    DirClass::Diagonal,
    DirClass::Eightfold,
    DirClass::Oblique,
];

fn class_index(class: DirClass) -> usize {
    match class {
        DirClass::Orthogonal => 0,
        DirClass::Diagonal => 1,
        DirClass::Eightfold => 2,
        DirClass::Oblique => 3,
    }
}

/// The directions a class can name at all.
fn class_mask(class: DirClass) -> DirSet {
    match class {
        DirClass::Orthogonal => DirSet::ORTHOGONAL,
        DirClass::Diagonal => DirSet::DIAGONAL,
        DirClass::Eightfold | DirClass::Oblique => DirSet::ALL,
    }
}

/// Spells `set` as one run of direction letters read with the rules of `class` (continuation
/// legs use [`DirClass::Eightfold`]).
pub(crate) fn spell(class: DirClass, set: DirSet) -> String {
    let set = set.intersection(class_mask(class));
    let table = &spellings()[class_index(class)];
    let text = &table[set.0 as usize];
    debug_assert_eq!(resolve_text(text, class), set, "{class:?} {text}");
    text.clone()
}

/// The chosen spelling of every set, per class.
fn spellings() -> &'static [Vec<String>; 4] {
    static TABLE: OnceLock<[Vec<String>; 4]> = OnceLock::new();
    TABLE.get_or_init(|| CLASSES.map(build_table))
}

/// A spelling with what it costs: XBoard agreement first, then length, then letter order.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    xboard_differs: bool,
    len: usize,
    order: Vec<usize>,
}

impl Candidate {
    fn new(letters: &[DirLetter], class: DirClass, target: DirSet) -> Option<Candidate> {
        if resolve_run(letters, class) != target {
            return None;
        }
        Some(Candidate {
            xboard_differs: xboard_read(letters, class) != Some(target),
            len: letters.len(),
            order: letters.iter().map(|&l| letter_rank(l)).collect(),
        })
    }

    fn text(&self) -> String {
        self.order.iter().map(|&i| LETTERS[i].to_char()).collect()
    }

    fn letters(&self) -> Vec<DirLetter> {
        self.order.iter().map(|&i| LETTERS[i]).collect()
    }
}

fn letter_rank(letter: DirLetter) -> usize {
    LETTERS.iter().position(|&l| l == letter).unwrap_or(0)
}

/// Finds the spelling of every set of `class`.
fn build_table(class: DirClass) -> Vec<String> {
    // Exhaustive search: the first spelling found per set and cost is the best of its length.
    let mut any: Vec<Option<Candidate>> = vec![None; 256];
    let mut xboard: Vec<Option<Candidate>> = vec![None; 256];
    let mut letters = [DirLetter::F; SEARCH_LENGTH];
    for len in 1..=SEARCH_LENGTH {
        let mut digits = [0usize; SEARCH_LENGTH];
        loop {
            for (letter, &d) in letters.iter_mut().zip(&digits[..len]) {
                *letter = LETTERS[d];
            }
            let run = &letters[..len];
            let set = resolve_run(run, class);
            let slot = set.0 as usize;
            if any[slot].is_none() {
                any[slot] = Candidate::new(run, class, set);
            }
            if xboard[slot].is_none() && xboard_read(run, class) == Some(set) {
                xboard[slot] = Candidate::new(run, class, set);
            }
            if !next_digits(&mut digits[..len]) {
                break;
            }
        }
    }
    let mask = class_mask(class);
    (0..=255u8)
        .map(|bits| {
            let set = DirSet(bits).intersection(mask);
            let slot = set.0 as usize;
            let mut best = xboard[slot].clone().or_else(|| any[slot].clone());
            if xboard[slot].is_none() {
                // Longer spellings: concatenate two shorter ones and check the result.
                if let Some(joined) = best_concatenation(class, set, &any, &xboard) {
                    if best.as_ref().map_or(true, |b| joined < *b) {
                        best = Some(joined);
                    }
                }
            }
            best.map_or_else(|| safe_spelling(class, set), |c| c.text())
        })
        .collect()
}

/// Advances an odometer over letter indices; returns false after the last combination.
fn next_digits(digits: &mut [usize]) -> bool {
    for d in digits.iter_mut().rev() {
        *d += 1;
        if *d < LETTERS.len() {
            return true;
        }
        *d = 0;
    }
    false
}

/// The best concatenation of two searched spellings that resolves to `set`.
fn best_concatenation(
    class: DirClass,
    set: DirSet,
    any: &[Option<Candidate>],
    xboard: &[Option<Candidate>],
) -> Option<Candidate> {
    let mut best: Option<Candidate> = None;
    let parts = |sub: u8| [&any[sub as usize], &xboard[sub as usize]];
    let mut a = set.0;
    while a != 0 {
        // `b` runs over the subsets of `set` that cover what `a` leaves out.
        let rest = set.0 & !a;
        let free = a;
        let mut extra = free;
        loop {
            let b = rest | extra;
            if b != 0 {
                for first in parts(a).into_iter().flatten() {
                    for second in parts(b).into_iter().flatten() {
                        let mut letters = first.letters();
                        letters.extend(second.letters());
                        if let Some(c) = Candidate::new(&letters, class, set) {
                            if best.as_ref().map_or(true, |b| c < *b) {
                                best = Some(c);
                            }
                        }
                    }
                }
            }
            if extra == 0 {
                break;
            }
            extra = (extra - 1) & free;
        }
        a = (a - 1) & set.0;
    }
    best
}

/// A spelling that is always right: one token per direction, each a letter pair that the
/// reading rules consume together (or a single letter where letters never combine).
fn safe_spelling(class: DirClass, set: DirSet) -> String {
    if set.is_empty() {
        return "h".to_string();
    }
    let tokens: [&str; 8] = match class {
        DirClass::Orthogonal => ["f", "", "r", "", "b", "", "l", ""],
        DirClass::Diagonal => ["", "fr", "", "br", "", "bl", "", "fl"],
        DirClass::Eightfold => ["ff", "fr", "rr", "br", "bb", "bl", "ll", "fl"],
        DirClass::Oblique => ["rf", "fr", "br", "rb", "lb", "bl", "fl", "lf"],
    };
    set.iter().map(|d| tokens[d as usize]).collect()
}

/// Resolves a written run of direction letters.
fn resolve_text(text: &str, class: DirClass) -> DirSet {
    let letters: Vec<DirLetter> = text.chars().filter_map(DirLetter::from_char).collect();
    resolve_run(&letters, class)
}

/// How XBoard 4.9.1 (`moves.c`, `MovesFromString`) reads a run of direction letters that is
/// followed by a mode letter or the atom; `None` when it would not read all of them as
/// directions. Continuation legs are read like [`DirClass::Eightfold`].
pub(crate) fn xboard_read(run: &[DirLetter], class: DirClass) -> Option<DirSet> {
    use DirLetter::*;
    // `dirType`: 1 = f b, 2 = l r, 4 = h, 5 = v, 6 = s. Letters combine when the types have
    // both low bits between them.
    let kind = |c: DirLetter| match c {
        F | B => 1u8,
        L | R => 2,
        H => 4,
        V => 5,
        S => 6,
    };
    let perpendicular = |c: DirLetter, d: DirLetter| (kind(c) | kind(d)) & 3 == 3;
    // `dirs1` (oblique wide; nothing for v s h), `dirs2` (oblique narrow), `dirs3` (K wide),
    // `dirs4` (K narrow), indexed like the letters of `kind`.
    let dirs1 = |c: DirLetter| match c {
        F => 0xC3,
        B => 0x3C,
        L => 0xF0,
        R => 0x0F,
        _ => 0u8,
    };
    let dirs2 = |c: DirLetter| match c {
        F => 0x81,
        B => 0x18,
        L => 0x60,
        R => 0x06,
        S => 0x66,
        V => 0x99,
        H => 0xFFu8,
    };
    let dirs3 = |c: DirLetter| match c {
        F => 0x83,
        B => 0x38,
        L => 0xE0,
        R => 0x0E,
        S => 0xEE,
        V => 0xBB,
        H => 0xFFu8,
    };
    let dirs4 = |c: DirLetter| match c {
        F => 0x01,
        B => 0x10,
        L => 0x40,
        R => 0x04,
        S => 0x44,
        V => 0x11,
        H => 0xFFu8,
    };
    let mut set = 0u8;
    let mut i = 0;
    match class {
        DirClass::Orthogonal => {
            // `h` ends the direction letters; what follows would be read as modes.
            if run.contains(&H) {
                return None;
            }
            set = run.iter().fold(0, |acc, &c| acc | dirs2(c)) & 0x55;
            if set == 0 {
                set = 0x55;
            }
        }
        DirClass::Diagonal => {
            while i < run.len() {
                let c = run[i];
                match run.get(i + 1) {
                    Some(&d) if perpendicular(c, d) => {
                        set |= dirs1(c) & dirs1(d);
                        i += 2;
                    }
                    _ => {
                        set |= dirs1(c);
                        i += 1;
                    }
                }
            }
            set &= 0xAA;
            if set == 0 {
                set = 0xAA;
            }
        }
        DirClass::Oblique => {
            if run.first() == Some(&H) {
                // Chiral sets, only at the very start; both letters are taken.
                if run.len() != 2 {
                    return None;
                }
                set = if run[1] == R { 0x55 } else { 0xAA };
            } else {
                while i < run.len() {
                    let c = run[i];
                    match run.get(i + 1) {
                        Some(&H) => {
                            set |= dirs1(c);
                            i += 2;
                        }
                        Some(&d) if d == c || (kind(c) < 4 && perpendicular(c, d)) => {
                            set |= dirs1(c) & dirs2(d);
                            i += 2;
                        }
                        _ => {
                            set |= dirs2(c);
                            i += 1;
                        }
                    }
                }
                if set == 0 {
                    set = 0xFF;
                }
            }
        }
        DirClass::Eightfold => {
            while i < run.len() {
                let c = run[i];
                match run.get(i + 1) {
                    // A doubled letter is read alone, and its second copy is read again.
                    Some(&d) if d == c => {
                        set |= dirs4(c);
                        i += 1;
                    }
                    Some(&d) if kind(c) < 4 && perpendicular(c, d) => {
                        set |= dirs3(c) & dirs3(d);
                        i += 2;
                    }
                    _ => {
                        set |= dirs4(c);
                        i += 1;
                    }
                }
            }
            if set == 0 {
                set = 0xFF;
            }
        }
    }
    Some(DirSet(set))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, parse, Color, Geometry, MoveTable};
    use proptest::prelude::*;

    fn canon(text: &str) -> String {
        write(&parse(text).unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn canonical_forms() {
        let cases = [
            // Orthodox and common pieces.
            ("fmWfceFifmnD", "fmWfceFifmnD"),
            ("N", "N"),
            ("R", "R"),
            ("B", "B"),
            ("Q", "Q"),
            ("K", "K"),
            ("RN", "RN"),
            ("WW", "R"),
            ("FF", "B"),
            ("NN", "N0"),
            ("N0", "N0"),
            ("NN3", "N3"),
            ("LJ", "CZ"),
            ("R4", "R4"),
            ("R1", "R1"),
            ("K2", "K2"),
            ("Q2", "Q2"),
            ("N3", "N3"),
            ("K0", "K0"),
            ("fmW*", "fmW*"),
            ("BB", "BB"),
            ("NN0N", "N0N"),
            ("NN1N", "N1N"),
            // Extended leaps.
            ("(4,1)", "FX"),
            ("(1,4)3", "FX3"),
            ("(2,3)", "Z"),
            ("(3,3)", "G"),
            ("WY", "Z"),
            ("FY", "G"),
            ("DY", "DY"),
            ("WX", "WX"),
            ("HY", "AX"),
            ("(0,7)", "(0,7)"),
            ("(2,9)", "(2,9)"),
            // Direction sets.
            ("fsW", "fsW"),
            ("sfW", "fsW"),
            ("vsW", "W"),
            ("fblrR", "R"),
            ("vR", "vR"),
            ("fF", "fF"),
            ("frF", "frF"),
            ("rfF", "frF"),
            ("vrF", "rF"),
            ("frN", "frN"),
            ("rfN", "rfN"),
            ("fhN", "fhN"),
            ("hrN", "hrN"),
            ("hlN", "hlN"),
            ("ffrrN", "ffrN"),
            ("vrN", "rN"),
            ("sK", "sK"),
            ("fsK", "fsK"),
            ("vrK", "rvK"),
            ("fhK", "fsfK"),
            ("vsK", "fsbsK"),
            ("hW", "hW"),
            // Legs.
            ("mafsW", "mafsW"),
            ("mafsmafW", "mafsmafW"),
            ("FyafsF", "FyafsF"),
            ("gabyabsR", "gabyabsR"),
            ("caibR", "caibR"),
            ("RaisR", "RaisR"),
            ("KNADcaKmcabK", "KNADcaKmcabK"),
            ("mpcaKmcabK", "mcpaKmcabK"),
            ("mNxaN", "mNxaN"),
            ("QudQafudQ", "QduQafduQ"),
            ("camfF", "cafmF"),
            ("afafsKafsafKafraflKaflafrK", "afafsKafsafKafraflKaflafrK"),
            ("aK", "aK"),
            ("aaK", "aaK"),
            ("afvsaK", "afbsfsaK"),
            ("ffrrK", "ffrK"),
            // Modes and specials.
            ("KisO2", "KisO2"),
            ("KisO1", "KisO"),
            ("O0", "O0"),
            ("mRcpR", "mRcpR"),
            ("WfkR", "WfkR"),
            ("gQ", "gQ"),
            ("fmnnD", "fmnnD"),
            ("ifnnmD", "ifmnD"),
            ("ifnmW6", "ifmnW6"),
            ("nnjjD", "nnjD"),
            ("ooR", "ooR"),
            ("oR", "oR"),
            ("qN", "qN"),
            ("zR", "zR"),
            ("xK", "xK"),
            ("U", "U"),
            ("mU", "mU"),
            ("I", "fI"),
            ("bI", "bI"),
            ("mcI", "fmcI"),
            ("jB", "jB"),
        ];
        let mut failures = Vec::new();
        for (input, expected) in cases {
            let got = canon(input);
            if got != expected {
                failures.push(format!("{input}: expected {expected}, got {got}"));
            }
            // Canonical text is a fixed point.
            assert_eq!(canon(&got), got, "{input}");
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn every_set_is_spelled_correctly() {
        for class in CLASSES {
            let mask = class_mask(class);
            for bits in 0..=255u8 {
                let set = DirSet(bits).intersection(mask);
                let text = spell(class, set);
                assert_eq!(
                    resolve_text(&text, class),
                    set,
                    "{class:?} {bits:08b} {text}"
                );
                assert!(text.len() <= 8, "{class:?} {bits:08b} {text}");
                assert_eq!(resolve_text(&safe_spelling(class, set), class), set);
            }
        }
    }

    #[test]
    fn spellings_agree_with_xboard_where_it_can() {
        let agree = |class, text: &str| {
            let letters: Vec<DirLetter> = text.chars().filter_map(DirLetter::from_char).collect();
            xboard_read(&letters, class) == Some(resolve_run(&letters, class))
        };
        for class in CLASSES {
            for bits in 1..=255u8 {
                let set = DirSet(bits).intersection(class_mask(class));
                if set != DirSet(bits) {
                    continue;
                }
                let text = spell(class, set);
                // XBoard cannot name two perpendicular orthogonal K directions without the
                // diagonal between them: `frK` is the diagonal, and `ffrK` is read as f + fr.
                let impossible = match class {
                    DirClass::Eightfold => [0x05, 0x14, 0x41, 0x50].contains(&bits),
                    _ => false,
                };
                assert_eq!(
                    agree(class, &text),
                    !impossible,
                    "{class:?} {bits:08b} {text}"
                );
            }
        }
    }

    #[test]
    fn xboard_reading_matches_known_differences() {
        use DirLetter::*;
        let read = |run: &[DirLetter], class| xboard_read(run, class).unwrap().0;
        // Section 12 of the semantics: vrK is v+r, ffrrK is f+fr+r, fhK is everything,
        // vrF falls back to all four diagonals, fsK is both forward diagonals.
        assert_eq!(read(&[V, R], DirClass::Eightfold), 0b0001_0101);
        assert_eq!(read(&[F, F, R, R], DirClass::Eightfold), 0b0000_0111);
        assert_eq!(read(&[F, H], DirClass::Eightfold), 0xFF);
        assert_eq!(read(&[V, R], DirClass::Diagonal), 0xAA);
        assert_eq!(read(&[F, S], DirClass::Eightfold), 0b1000_0010);
        assert_eq!(read(&[H, R], DirClass::Oblique), 0b0101_0101);
        assert_eq!(read(&[F, H], DirClass::Oblique), 0b1100_0011);
        assert_eq!(read(&[F, R], DirClass::Oblique), 0b0000_0010);
        assert_eq!(read(&[F, S], DirClass::Orthogonal), 0b0100_0101);
    }

    // -----------------------------------------------------------------------------------------
    // Round trips
    // -----------------------------------------------------------------------------------------

    /// What `parse(write(d))` gives for a description `parse` can produce: spans aside, first
    /// legs naming every direction of their atom lose their letters, and the imitator's
    /// direction is always written.
    fn normalized(desc: &PieceDesc) -> PieceDesc {
        let mut desc = desc.clone();
        for mv in &mut desc.moves {
            mv.span = (0, 0);
            let first = &mut mv.legs[0];
            if mv.atom == Atom::Imitator {
                first.dirs = Some(first.dirs.unwrap_or(DirSet(1)));
            } else if first.dirs == Some(mv.atom.all_dirs()) {
                first.dirs = None;
            }
        }
        desc
    }

    fn tables(desc: &PieceDesc) -> Vec<MoveTable> {
        let geometries = [Geometry::new(8, 8).unwrap(), Geometry::new(12, 10).unwrap()];
        geometries
            .iter()
            .flat_map(|g| Color::ALL.map(|c| compile(desc, g, c)))
            .collect()
    }

    fn check_round_trip(desc: &PieceDesc) -> Result<(), TestCaseError> {
        let text = write(desc);
        let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(normalized(&back), normalized(desc), "text {}", text);
        prop_assert!(tables(&back) == tables(desc), "tables differ for {}", text);
        prop_assert_eq!(write(&back), text);
        Ok(())
    }

    /// Random XBetza-like text: modifiers, `a`, atoms with suffixes.
    fn xbetza_text() -> impl Strategy<Value = String> {
        let modifier =
            prop::sample::select("fblrvshmcdepgyxunjozqiaaffrr".chars().collect::<Vec<_>>());
        let atom = prop::sample::select(vec![
            "W", "F", "D", "N", "A", "H", "L", "C", "J", "Z", "G", "K", "B", "R", "Q", "U", "O",
            "I", "WW", "FF", "NN", "DD", "WX", "FX", "NY", "DY", "(1,4)", "(0,7)", "(3,5)",
        ]);
        let suffix = prop::sample::select(vec!["", "", "", "0", "1", "2", "3", "7", "12", "*"]);
        let mv = (prop::collection::vec(modifier, 0..8), atom, suffix).prop_map(
            |(mods, atom, suffix)| {
                let suffix = if matches!(atom, "U" | "I") {
                    ""
                } else {
                    suffix
                };
                format!("{}{atom}{suffix}", mods.into_iter().collect::<String>())
            },
        );
        prop::collection::vec(mv, 1..4).prop_map(|moves| moves.concat())
    }

    /// Random descriptions of the kind `parse` produces.
    fn piece_desc() -> impl Strategy<Value = PieceDesc> {
        let atom = prop_oneof![
            4 => (0u8..=15, 1u8..=15, any::<bool>()).prop_map(|(a, b, slider)| {
                let (minor, major) = (a.min(b), a.max(b));
                // Only W and F leaps can be written as sliders.
                let slider = slider && major == 1;
                Atom::Leap { minor, major, slider }
            }),
            2 => (0u8..=3, 1u8..=3).prop_map(|(a, b)| Atom::Leap {
                minor: a.min(b),
                major: a.max(b),
                slider: false,
            }),
            1 => any::<bool>().prop_map(|slider| Atom::King { slider }),
            1 => Just(Atom::Universal),
            1 => Just(Atom::Castling),
            1 => Just(Atom::Imitator),
        ];
        let range = prop_oneof![
            4 => Just(Range::Steps(1)),
            2 => (2u8..=99).prop_map(Range::Steps),
            2 => Just(Range::Unlimited),
            1 => Just(Range::EnemyHalf),
        ];
        let leg = (prop::option::of(any::<u8>()), any::<u32>(), any::<bool>());
        let initial = prop_oneof![
            4 => Just(Initial::Any),
            2 => Just(Initial::Virgin),
            1 => Just(Initial::AheadOfStart),
        ];
        let mv = (atom, range, initial, prop::collection::vec(leg, 1..4)).prop_map(
            |(atom, range, initial, legs)| {
                let range = match atom {
                    Atom::Universal => Range::Unlimited,
                    Atom::Imitator => Range::Steps(1),
                    _ => range,
                };
                let legs = legs
                    .into_iter()
                    .enumerate()
                    .map(|(k, (dirs, bits, iso))| {
                        let mut modes = Modes(bits & 0x1_FFFF);
                        if modes.contains(Modes::EP_RIGHTS)
                            || (k == 0 && initial.restricts() && modes.contains(Modes::NON_JUMPING))
                        {
                            modes.insert(Modes::NON_JUMPING.union(Modes::EP_RIGHTS));
                        }
                        if modes.contains(Modes::TORUS) {
                            modes.remove(Modes::CYLINDER);
                        }
                        let dirs = dirs.map(|d| {
                            if k > 0 {
                                DirSet(d)
                            } else if atom == Atom::Imitator {
                                DirSet(d).intersection(DirSet(0b0001_0001))
                            } else {
                                DirSet(d).intersection(atom.all_dirs())
                            }
                        });
                        Leg {
                            dirs,
                            modes,
                            iso: k > 0 && iso,
                        }
                    })
                    .collect();
                MoveDesc {
                    legs,
                    atom,
                    range,
                    initial,
                    span: (0, 0),
                }
            },
        );
        prop::collection::vec(mv, 1..4).prop_map(|moves| PieceDesc { moves })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn parsed_text_round_trips(text in xbetza_text()) {
            if let Ok(desc) = parse(&text) {
                check_round_trip(&desc)?;
            }
        }

        #[test]
        fn descriptions_round_trip(desc in piece_desc()) {
            check_round_trip(&desc)?;
        }
    }
}
