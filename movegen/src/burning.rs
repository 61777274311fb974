//! Tenjiku Shogi's Fire Demon as HaChu plays it ([`PieceType::burns`]): after each of its
//! moves every enemy piece next to its target square burns (leaves the board), and a piece
//! that moves next to an enemy burning piece burns itself first (and then burns nothing). A
//! royal piece counts as attacked where an enemy burning piece could move next to it and
//! survive there.
//!
//! [`PieceType::burns`]: crate::PieceType::burns

use notation::{Color, Square, SquareSet};

use crate::{
    moves::MoveList,
    position::{Piece, Position, Undo},
    rules::{OneRoyal, PieceId},
};

impl Position {
    /// The squares next to a burning piece of `color`.
    fn burn_zone(&self, color: Color) -> SquareSet {
        let mut zone = SquareSet::EMPTY;
        for sq in self.burners(color).iter() {
            zone |= self.rules.neighbours[sq.index()];
        }
        zone
    }

    /// The squares of the burning pieces of `color`.
    fn burners(&self, color: Color) -> SquareSet {
        let mut squares = SquareSet::EMPTY;
        for (id, pt) in self.rules.pieces.iter().enumerate() {
            if pt.burns {
                squares |= self.pieces(Piece {
                    color,
                    id: id as PieceId,
                });
            }
        }
        squares
    }

    /// Burns after a piece moved to `to` (its move made but for the burning): the mover
    /// itself when `to` is next to an enemy burning piece, else, when it burns, the enemy
    /// pieces next to `to`. Returns whether a piece burned.
    pub(crate) fn burn(&mut self, undo: &mut Undo, to: Square) -> bool {
        let Some(mover) = self.piece_at(to) else {
            return false;
        };
        let them = mover.color.opponent();
        if self.burn_zone(them).contains(to) {
            self.record(undo, to);
            self.clear(to);
            return true;
        }
        if !self.rules.pieces[mover.id as usize].burns {
            return false;
        }
        let victims = self.rules.neighbours[to.index()] & self.pieces_of(them);
        for sq in victims.iter() {
            self.capture(undo, sq, false);
        }
        !victims.is_empty()
    }

    /// Whether the move `us` just made, with `before` royal pieces, burned one of them that it
    /// may not lose: any where every royal piece is royal, else its last one.
    pub(crate) fn burned_own_royal(&self, us: Color, before: usize) -> bool {
        if !self.rules.moves.burning {
            return false;
        }
        let now = self.royals(us).len();
        now < before && (now == 0 || self.rules.one_royal == OneRoyal::All)
    }

    /// Whether a burning piece of `by` could move next to `target` without burning itself
    /// there, and so burn the piece on `target`.
    pub(crate) fn burn_threat(&self, target: Square, by: Color) -> bool {
        let around = self.rules.neighbours[target.index()] & !self.burn_zone(by.opponent());
        if around.is_empty() {
            return false;
        }
        for from in self.burners(by).iter() {
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            let mut moves = MoveList::new();
            self.piece_moves(piece, from, &mut moves);
            if moves.iter().any(|mv| around.contains(mv.to)) {
                return true;
            }
        }
        false
    }
}
