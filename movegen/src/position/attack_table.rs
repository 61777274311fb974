//! Attack descriptions: the part of a piece's moves that can capture a royal piece.
//!
//! Check detection looks for attackers of a square. Most capturing moves are plain leaps and
//! slides, which can be followed backwards from the square; keeping only the capturing part of
//! each move (no `m`, `d`, `e`, `x`, `u` endings) lets a pawn's `fmWfceFifmnD` attack as the
//! plain `fcF`.

use notation::{Atom, Modes, MoveDesc, PieceDesc};

/// Endings a final leg loses in the attack description.
const NOT_ATTACKS: Modes = Modes(
    Modes::MOVE.0
        | Modes::DESTROY.0
        | Modes::EN_PASSANT.0
        | Modes::FORK.0
        | Modes::EXCITE.0
        | Modes::UNLOAD.0,
);

/// The moves of `desc` that can capture a royal piece, reduced to their capturing part.
pub(crate) fn attack_desc(desc: &PieceDesc) -> PieceDesc {
    let moves = desc.moves.iter().filter_map(attack_move).collect();
    PieceDesc { moves }
}

fn attack_move(mv: &MoveDesc) -> Option<MoveDesc> {
    match mv.atom {
        Atom::Castling => return None,
        Atom::Imitator => return Some(mv.clone()),
        _ => {}
    }
    let last = mv.legs.len() - 1;
    let final_modes = mv.legs[last].modes;
    // A final leg (or a hop's landing) without ending letters may move and capture.
    let endings = if final_modes.intersects(Modes::FINAL_ENDINGS) {
        final_modes
    } else {
        final_modes.union(Modes::DEFAULT_FINAL)
    };
    let final_captures = endings.intersects(Modes::TAKES_ROYAL);
    let locust = mv.legs[..last]
        .iter()
        .any(|leg| leg.modes.contains(Modes::CAPTURE));
    if !final_captures && !locust {
        return None;
    }
    let mut out = mv.clone();
    if final_captures {
        out.legs[last].modes = endings.difference(NOT_ATTACKS);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use notation::parse;

    use super::*;

    fn attack(text: &str) -> String {
        notation::write(&attack_desc(&parse(text).unwrap()))
    }

    #[test]
    fn keeps_only_what_captures() {
        assert_eq!(attack("fmWfceFifmnD"), "fcF");
        assert_eq!(attack("N"), "cN");
        assert_eq!(attack("mRcpR"), "cpR");
        assert_eq!(attack("KisO2"), "cK");
        assert_eq!(attack("gQ"), "cgQ");
        assert_eq!(attack("mNcB"), "cB");
    }
}
