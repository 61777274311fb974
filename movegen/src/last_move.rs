//! What the last move changed: the squares whose occupant it changed and the hand counts,
//! for whoever keeps something in step with the position move by move (the engine's
//! network layers).

use notation::{Color, Square};

use crate::{
    position::{Piece, Position},
    rules::PieceId,
};

impl Position {
    /// Calls `changed` once per square whose occupant the last move changed, with the piece
    /// there before it (`None`: empty or a wall); the occupant now is
    /// [`piece_at`](Position::piece_at). Nothing after a null move or before any move.
    pub fn for_each_changed_square(&self, mut changed: impl FnMut(Square, Option<Piece>)) {
        let Some(undo) = self.history.last() else {
            return;
        };
        for (i, change) in undo.changes.iter().enumerate() {
            // A square recorded twice had, before the move, what its first record says.
            let seen = undo.changes[..i].iter().any(|c| c.square == change.square);
            let before = Piece::from_code(change.code);
            if !seen && before != self.piece_at(change.square) {
                changed(change.square, before);
            }
        }
        if self.rules.moves.flip.is_some() {
            // Null moves push an empty set, so the last set is the last move's.
            if let Some(flipped) = self.flipped.last() {
                for sq in flipped.iter() {
                    if let Some(now) = self.piece_at(sq) {
                        let before = Piece {
                            color: now.color.opponent(),
                            id: now.id,
                        };
                        changed(sq, Some(before));
                    }
                }
            }
        }
    }

    /// The hand counts the last move changed, as (owner, type, change); empty after a null
    /// move or before any move.
    pub fn last_hand_changes(&self) -> &[(Color, PieceId, i8)] {
        self.history
            .last()
            .map_or(&[], |undo| undo.hand_changes.as_slice())
    }
}
