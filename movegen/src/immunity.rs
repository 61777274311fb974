//! Pieces that may not be taken: types no piece can capture
//! ([`MoveRules::uncapturable`]) and types that may not capture their own kind
//! ([`MoveRules::mutually_immune`], atomar's kings).
//!
//! [`MoveRules::uncapturable`]: crate::MoveRules::uncapturable
//! [`MoveRules::mutually_immune`]: crate::MoveRules::mutually_immune

use crate::{
    moves::{Move, MoveKind},
    position::{Piece, Position},
};

impl Position {
    /// Whether `mv` takes an uncapturable piece, or a piece of its own type that it may not
    /// capture.
    pub(crate) fn immunity_vetoes(&self, mv: &Move) -> bool {
        let rules = &self.rules.moves;
        if mv.kind != MoveKind::Normal || mv.to == mv.from {
            return false;
        }
        let them = self.state.side.opponent();
        let Some(target) = self.piece_at(mv.to).filter(|p| p.color == them) else {
            return false;
        };
        rules.uncapturable.contains(&target.id)
            || (rules.mutually_immune.contains(&mv.piece)
                && target
                    == Piece {
                        color: them,
                        id: mv.piece,
                    })
    }
}
