//! Fairy-Stockfish's rules about castling rights: `oppositeCastling` (castling takes the
//! opponent's right on the same side), `castlingWins` (castling on a listed side wins; a
//! side that lost every listed right loses), `castlingDroppedPiece` (a dropped king or rook
//! may castle) and castling rights lost when any of several kings moves.

use notation::{Color, Square};

use crate::moves::{Move, MoveKind};
use crate::position::{Piece, Position, Undo};
use crate::rules::Outcome;

impl Position {
    /// Whether `color` still has its castling right toward `kingside`: its king and the
    /// partner `K` or `Q` names have never moved.
    pub(crate) fn has_castling_right(&self, color: Color, kingside: bool) -> bool {
        let rank = self.castling_rank(color);
        let Some(king) = self
            .castling_king(color, rank)
            .filter(|&k| self.is_virgin(k))
        else {
            return false;
        };
        let partners = self.castling_partners(color, rank);
        self.standard_partner(king, &partners, kingside)
            .is_some_and(|p| self.is_virgin(p))
    }

    /// After the side to move castled toward `kingside`: the opponent loses its right on that
    /// side (its partner there counts as moved).
    pub(crate) fn take_same_side_right(&mut self, undo: &mut Undo, kingside: bool) {
        let them = self.state.side.opponent();
        let rank = self.castling_rank(them);
        let Some(king) = self.castling_king(them, rank) else {
            return;
        };
        let partners = self.castling_partners(them, rank);
        if let Some(partner) = self
            .standard_partner(king, &partners, kingside)
            .filter(|&p| self.is_virgin(p))
        {
            self.record(undo, partner);
            self.set_virgin(partner, false);
        }
    }

    /// Castling rights from a drop (Fairy-Stockfish's `castlingDroppedPiece`): the castling
    /// king dropped on `king_file` of its castling rank may castle with the partners in the
    /// corners of that rank, and a partner dropped in a corner may castle with such a king.
    pub(crate) fn castling_rights_on_drop(&mut self, undo: &mut Undo, mv: Move, king_file: u8) {
        let us = self.state.side;
        let g = self.geometry().clone();
        let castling = &self.rules.castling;
        let rank = match us {
            Color::White => castling.rank as i32,
            Color::Black => g.height() as i32 - 1 - castling.rank as i32,
        };
        if g.rank(mv.to) != rank {
            return;
        }
        let corners = [0, g.width() as i32 - 1].map(|file| g.square(file, rank));
        let is_partner = |pos: &Position, sq: Square| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color == us && pos.rules.castling.partners.contains(&p.id))
        };
        if castling.king == Some(mv.piece) && g.file(mv.to) == king_file as i32 {
            self.set_virgin(mv.to, true);
            for sq in corners.into_iter().flatten() {
                if is_partner(self, sq) && !self.is_virgin(sq) {
                    self.record(undo, sq);
                    self.set_virgin(sq, true);
                }
            }
        } else if castling.partners.contains(&mv.piece) && corners.contains(&Some(mv.to)) {
            let king = g
                .square(king_file as i32, rank)
                .and_then(|sq| self.piece_at(sq));
            if king.is_some_and(|k| k.color == us && Some(k.id) == self.rules.castling.king) {
                self.set_virgin(mv.to, true);
            }
        }
    }

    /// Under [`Castling::lost_by_any_king`](crate::Castling::lost_by_any_king): after `mv` by
    /// a castling king, every king of its side counts as moved.
    pub(crate) fn lose_castling_by_any_king(&mut self, undo: &mut Undo, mv: &Move) {
        if self.rules.castling.king != Some(mv.piece) || mv.kind == MoveKind::Drop {
            return;
        }
        let kings = self.pieces(Piece {
            color: self.state.side,
            id: mv.piece,
        }) & self.virgin_squares();
        for sq in kings.iter() {
            self.record(undo, sq);
            self.set_virgin(sq, false);
        }
    }

    /// The end `castlingWins` declares, for the side to move: a loss when the opponent just
    /// castled on a winning side; else, checking the opponent first, a loss for a side
    /// whose winning rights are all gone (a win when it is the opponent's).
    pub(crate) fn castling_end(&self) -> Option<Outcome> {
        let wins = self.rules.end.castling_wins;
        if wins == [[false; 2]; 2] {
            return None;
        }
        let mover = self.state.side.opponent();
        let castled = self.history.last().and_then(|undo| undo.castled);
        if castled.is_some_and(|kingside| wins[mover.index()][usize::from(!kingside)]) {
            return Some(Outcome::Loss);
        }
        for color in [mover, self.state.side] {
            let sides = wins[color.index()];
            let kept = [true, false]
                .into_iter()
                .zip(sides)
                .any(|(kingside, wins)| wins && self.has_castling_right(color, kingside));
            if sides.contains(&true) && !kept {
                return Some(if color == self.state.side {
                    Outcome::Loss
                } else {
                    Outcome::Win
                });
            }
        }
        None
    }
}
