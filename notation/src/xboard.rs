//! Whether XBoard 4.9.1 reads a piece's canonical XBetza the way Kraken does.
//!
//! XBoard's own Betza interpreter (`moves.c`) knows less than the language: see
//! `shared/xbetza.md`, section 12. A GUI that misreads a piece would refuse legal moves or
//! accept illegal ones, so the engine sends a `piece` line only for pieces this check passes.

use crate::{
    ast::{Atom, MoveDesc, PieceDesc, Range},
    direction::{DirClass, DirLetter},
    write::{spell, xboard_read},
    DirSet, Modes,
};

/// The leaps XBoard's atoms name: W F D A N H C Z G as (minor, major).
const XBOARD_LEAPS: [(u8, u8); 9] = [
    (0, 1),
    (1, 1),
    (0, 2),
    (2, 2),
    (1, 2),
    (0, 3),
    (1, 3),
    (2, 3),
    (3, 3),
];

/// Why XBoard 4.9.1 would read the canonical XBetza of `desc` differently, or `None` when it
/// reads it the same way. `royal` says whether the piece is a royal one (XBoard castles only
/// with the King).
pub fn xboard_misreading(desc: &PieceDesc, royal: bool) -> Option<String> {
    desc.moves.iter().find_map(|mv| move_misreading(mv, royal))
}

fn move_misreading(mv: &MoveDesc, royal: bool) -> Option<String> {
    let unknown_modes = [
        (Modes::ROYAL_CAPTURE, "k (royal capture)"),
        (Modes::EXCITE, "x (induction)"),
        (Modes::UNLOAD, "u (unload)"),
        (Modes::TORUS, "oo (torus)"),
        (Modes::CROOKED, "z (crooked)"),
        (Modes::CIRCULAR, "q (circular)"),
    ];
    let mut kills = 0;
    for (k, leg) in mv.legs.iter().enumerate() {
        for (flag, what) in unknown_modes {
            if leg.modes.contains(flag) {
                return Some(format!("XBoard does not know {what}"));
            }
        }
        if k > 0 && leg.iso {
            return Some("XBoard reads iso continuation legs differently".into());
        }
        if k + 1 < mv.legs.len() && leg.modes.intersects(Modes::CAPTURES) {
            kills += 1;
        }
        let dirs_ok = match (k, leg.dirs) {
            (0, Some(set)) => {
                spelling_read_alike(mv.atom.class(), set.intersection(mv.atom.all_dirs()))
            }
            (_, Some(set)) if k > 0 => spelling_read_alike(DirClass::Eightfold, set),
            _ => true,
        };
        if !dirs_ok {
            return Some("XBoard reads its direction letters differently".into());
        }
    }
    if kills > 2 {
        return Some("XBoard takes at most two pieces in one move".into());
    }
    if mv.legs.len() > 3 {
        return Some("XBoard plays at most three legs".into());
    }
    let leaper = mv.range == Range::Steps(1);
    let first = mv.legs[0].modes;
    match mv.atom {
        Atom::Universal => return Some("XBoard does not know U".into()),
        Atom::Imitator => return Some("XBoard does not know the imitator I".into()),
        Atom::Castling if !royal => return Some("XBoard castles with O only on the King".into()),
        Atom::Leap { minor, major, .. } => {
            if !XBOARD_LEAPS.contains(&(minor, major)) {
                return Some(format!("XBoard knows no ({minor},{major}) leap"));
            }
            if mv.legs.len() > 1 && minor != 0 && minor != major {
                return Some("XBoard reads oblique steps in later legs as D or A".into());
            }
            if leaper && first.intersects(Modes::HOP.union(Modes::GRASSHOP)) && mv.legs.len() == 1 {
                return Some("XBoard does not let leapers hop".into());
            }
            let stepper = major == 1;
            if stepper && leaper && first.intersects(Modes::NON_JUMPING.union(Modes::EP_RIGHTS)) {
                return Some("XBoard drops steps marked n".into());
            }
            if major == 3 && minor != 1 && first.contains(Modes::NON_JUMPING) {
                return Some("XBoard tests one square of lame three-square leaps".into());
            }
        }
        _ => {}
    }
    if mv.range == Range::EnemyHalf {
        return Some("XBoard does not know the * range".into());
    }
    if mv.legs.len() > 1 && !matches!(mv.range, Range::Steps(1) | Range::Unlimited) {
        return Some("XBoard copies a range into later legs".into());
    }
    None
}

/// Whether XBoard reads the writer's spelling of `set` as `set`.
fn spelling_read_alike(class: DirClass, set: DirSet) -> bool {
    let text = spell(class, set);
    let letters: Vec<DirLetter> = text.chars().filter_map(DirLetter::from_char).collect();
    letters.is_empty() || xboard_read(&letters, class) == Some(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn misread(betza: &str) -> Option<String> {
        xboard_misreading(&parse(betza).expect("valid"), false)
    }

    #[test]
    fn pieces_xboard_knows_pass() {
        for betza in [
            "N",
            "B",
            "R",
            "Q",
            "K",
            "fmWfceFifmnD",
            "NN",
            "BN",
            "WfF",
            "mRcpR",
            "gQ",
            "nN",
            "afsW",
            "caKmabK",
            "jB",
            "fRbW2",
            "KNADcaKmabK",
            "mafsW",
            "vN",
        ] {
            assert_eq!(misread(betza), None, "{betza}");
        }
    }

    #[test]
    fn pieces_xboard_misreads_are_found() {
        for betza in [
            "xK", "uK", "kQ", "I", "U", "ooR", "zB", "qN", "pN", "nW", "(1,4)", "AX", "mafN",
            "cacacaK", "O2", "ffrrK",
        ] {
            assert!(misread(betza).is_some(), "{betza}");
        }
        let king = parse("KO2").expect("valid");
        assert_eq!(xboard_misreading(&king, true), None);
    }
}
