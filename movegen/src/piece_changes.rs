//! Rules that change the piece that moved ([`MoveRules::after_move_rules`]): it goes back
//! to its square after a capture (rifle chess), becomes another type (gryphon chess) up to
//! a limit per type, or changes sides (Andernach chess).
//!
//! [`MoveRules::after_move_rules`]: crate::MoveRules::after_move_rules

use notation::Color;

use crate::{
    moves::Move,
    position::{Piece, Position, Undo},
    rules::{PieceId, SideChange},
};

impl Position {
    /// What happens to the piece that made `mv` after it moved (`captured`: it took a
    /// piece). Returns whether it changed sides.
    pub(crate) fn change_moved_piece(&mut self, undo: &mut Undo, mv: Move, captured: bool) -> bool {
        let mut at = mv.to;
        if captured && self.rules.moves.capture_in_place && self.board[mv.to.index()] != 0 {
            self.record(undo, mv.to);
            let code = self.clear(mv.to);
            if let Some(piece) = Piece::from_code(code) {
                self.record(undo, mv.from);
                self.clear(mv.from);
                self.put(mv.from, piece);
                at = mv.from;
            }
        }
        let Some(piece) = self.piece_at(at) else {
            return false;
        };
        let mut changed = piece;
        if mv.promotion().is_none() {
            if let Some(next) = self.rules.pieces[piece.id as usize].after_move {
                changed.id = next;
            }
        }
        if let Some(change) = self.rules.moves.side_change {
            let switches = match change {
                SideChange::Captures => captured,
                SideChange::Quiet => !captured,
                SideChange::All => true,
            };
            if switches && !self.rules.pieces[mv.piece as usize].royal {
                changed.color = piece.color.opponent();
            }
        }
        if changed != piece {
            self.record(undo, at);
            self.take(at);
            self.put(at, changed);
        }
        changed.color != piece.color
    }

    /// Whether `color` has no more pieces of any type than the rules allow (gryphon chess).
    pub(crate) fn within_limits(&self, color: Color) -> bool {
        self.rules.pieces.iter().enumerate().all(|(id, pt)| {
            !pt.max_count.is_some_and(|max| {
                self.pieces(Piece {
                    color,
                    id: id as PieceId,
                })
                .len()
                    > max as usize
            })
        })
    }

    /// Whether `piece` may not move because the type it becomes after moving is at its limit
    /// (gryphon chess).
    pub(crate) fn transform_blocked(&self, piece: Piece) -> bool {
        let Some(next) = self.rules.pieces[piece.id as usize].after_move else {
            return false;
        };
        self.rules.pieces[next as usize]
            .max_count
            .is_some_and(|max| {
                self.pieces(Piece {
                    color: piece.color,
                    id: next,
                })
                .len()
                    >= max as usize
            })
    }
}
