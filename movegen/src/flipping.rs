//! Pieces that change sides when enclosed, as Fairy-Stockfish's `flipEnclosedPieces` has it:
//! the enemy pieces in a line between the square a piece comes to and another piece of its
//! side (reversi, Othello), or every enemy piece next to that square (ataxx).
//!
//! Games without the rule pay nothing: [`MoveRules::flip`](crate::MoveRules::flip) is `None`.

use notation::{Color, Square, SquareSet};

use crate::{
    moves::{Move, MoveKind},
    position::{Piece, Position},
};

/// Which enemy pieces a move flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipRule {
    /// Those in an unbroken line (any of the eight directions) between the square reached
    /// and the nearest piece of the mover's side beyond them (`reversi`).
    Reversi,
    /// Those on the eight squares around the square reached (`ataxx`).
    Ataxx,
    /// As [`FlipRule::Ataxx`], but a drop flips only when a piece of the mover's side stands
    /// next to its square (`quadwrangle`).
    Quadwrangle,
}

/// The eight directions of a king's step.
const AROUND: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Position {
    /// The enemy pieces `rule` flips when `mv` of `us` has been made (its piece stands on
    /// its target square).
    pub(crate) fn enclosed_by(&self, rule: FlipRule, us: Color, mv: &Move) -> SquareSet {
        if mv.kind == MoveKind::Pass {
            return SquareSet::EMPTY;
        }
        match rule {
            FlipRule::Reversi => self.enclosed_lines(us, mv.to),
            FlipRule::Ataxx | FlipRule::Quadwrangle => {
                let around = self.rules.neighbours[mv.to.index()];
                if rule == FlipRule::Quadwrangle
                    && mv.kind == MoveKind::Drop
                    && (around & self.pieces_of(us)).is_empty()
                {
                    return SquareSet::EMPTY;
                }
                around & self.pieces_of(us.opponent())
            }
        }
    }

    /// The enemy pieces in unbroken lines from `to` (not included) up to a piece of `us`'s
    /// side, in any of the eight directions: what a piece of `us` on `to` encloses as in
    /// reversi.
    pub(crate) fn enclosed_lines(&self, us: Color, to: Square) -> SquareSet {
        let g = self.geometry();
        let (ours, theirs) = (self.pieces_of(us), self.pieces_of(us.opponent()));
        let step = |sq, (df, dr): (i32, i32)| g.square(g.file(sq) + df, g.rank(sq) + dr);
        let mut enclosed = SquareSet::EMPTY;
        for d in AROUND {
            let mut line = SquareSet::EMPTY;
            let mut at = step(to, d);
            while let Some(sq) = at.filter(|&sq| theirs.contains(sq)) {
                line.insert(sq);
                at = step(sq, d);
            }
            if at.is_some_and(|sq| ours.contains(sq)) {
                enclosed |= line;
            }
        }
        enclosed
    }

    /// Turns the pieces on `squares` over to the other side (key included).
    pub(crate) fn flip_pieces(&mut self, squares: SquareSet) {
        for sq in squares.iter() {
            if let Some(piece) = Piece::from_code(self.take(sq)) {
                self.put(
                    sq,
                    Piece {
                        color: piece.color.opponent(),
                        id: piece.id,
                    },
                );
            }
        }
    }
}
