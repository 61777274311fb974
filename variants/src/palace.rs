//! What the loader derives for Janggi's rules: the moves pieces make along the palace lines
//! (`diagonalLines`) and the weights of `materialCounting = janggi`.

use notation::{Atom, DirSet, PieceDesc};

/// The diagonal counterparts of the one-leg orthogonal steps and slides of `desc` (W, R, and
/// hops such as `pR`), which a piece makes along the palace lines: a vertical direction gives
/// both diagonals that lead the same way (`W` gives `F`, `fsW` gives `fF`, `pR` gives `pB`).
/// `None` when it has no such moves.
pub fn line_moves(desc: &PieceDesc) -> Option<PieceDesc> {
    // K-system directions: 0 forward, 4 backward; 1 and 7 the forward diagonals, 3 and 5
    // the backward ones.
    let mut moves = Vec::new();
    for m in &desc.moves {
        let Atom::Leap {
            minor: 0,
            major: 1,
            slider,
        } = m.atom
        else {
            continue;
        };
        if m.legs.len() != 1 {
            continue;
        }
        let dirs = m.legs[0].dirs.unwrap_or(DirSet::ORTHOGONAL);
        let mut diagonal = DirSet::NONE;
        if dirs.contains(0) {
            diagonal = diagonal.union(DirSet(1 << 1 | 1 << 7));
        }
        if dirs.contains(4) {
            diagonal = diagonal.union(DirSet(1 << 3 | 1 << 5));
        }
        if diagonal.is_empty() {
            continue;
        }
        let mut line = m.clone();
        line.atom = Atom::Leap {
            minor: 1,
            major: 1,
            slider,
        };
        line.legs[0].dirs = Some(diagonal);
        moves.push(line);
    }
    (!moves.is_empty()).then_some(PieceDesc { moves })
}

/// The weight of a piece key under `materialCounting = janggi` (Fairy-Stockfish's points:
/// chariot 13, cannon 7, horse 5, elephant and advisor 3, soldier 2); 0 for other keys.
pub fn janggi_weight(key: &str) -> i32 {
    match key {
        "rook" => 13,
        "janggiCannon" => 7,
        "horse" => 5,
        "janggiElephant" | "wazir" => 3,
        "soldier" => 2,
        _ => 0,
    }
}

/// What black's material counts extra under `materialCounting = janggi`: white wins only
/// with more than this many points ahead (the official 1.5 points, on integer weights).
pub const JANGGI_KOMI: i32 = 1;

#[cfg(test)]
mod tests {
    use notation::{parse, write};

    use super::line_moves;

    fn lines(betza: &str) -> Option<String> {
        line_moves(&parse(betza).expect("valid")).map(|d| write(&d))
    }

    #[test]
    fn orthogonal_moves_give_their_diagonal_counterparts() {
        assert_eq!(lines("W").as_deref(), Some("F"));
        assert_eq!(lines("R").as_deref(), Some("B"));
        assert_eq!(lines("fsW").as_deref(), Some("fF"));
        assert_eq!(lines("pR").as_deref(), Some("pB"));
        assert_eq!(lines("nN"), None);
        assert_eq!(lines("mafsmafW"), None);
    }
}
