//! HaChu's Werewolf ([`PieceType::contagious`]): a piece that is not royal and takes one on
//! its target square becomes one. The generator makes such a capture the promotion it must be
//! (written `c3d5w`, as HaChu writes it), and the move reader also takes it without the
//! letter, as XBoard, which does not know the rule, sends it.
//!
//! [`PieceType::contagious`]: crate::PieceType::contagious

use notation::Color;

use crate::{
    moves::{Move, MoveKind},
    position::Position,
    rules::PieceId,
};

impl Position {
    /// The type the piece making `mv` (of `color`) turns into by taking a contagious piece
    /// on its target square, unless it is royal.
    #[inline]
    pub(crate) fn contagion(&self, mv: &Move, color: Color) -> Option<PieceId> {
        if mv.kind != MoveKind::Normal || self.rules.pieces[mv.piece as usize].royal {
            return None;
        }
        self.piece_at(mv.to)
            .filter(|p| p.color != color && self.rules.pieces[p.id as usize].contagious)
            .map(|p| p.id)
    }
}
