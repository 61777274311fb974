//! Shatar's mate rule (Fairy-Stockfish's `shatarMateRule`): which checkmates win.

use notation::Color;

use crate::{
    position::{Piece, Position},
    rules::{Outcome, PieceId, ShatarMate},
};

impl Position {
    /// The outcome for the side to move, checkmated, under Shatar's mate rule: a win if only
    /// knights give the mate (a mate by knight is not allowed), a loss if a shak (a check by
    /// one of the rule's types) came in the unbroken series of checks that led to the mate, a
    /// draw otherwise. The series is followed back through the moves made since the position
    /// was set up, and stops at a null move.
    pub(crate) fn shatar_mate_outcome(&self, rule: &ShatarMate) -> Outcome {
        let us = self.state.side;
        let only_knights = rule.knight.is_some_and(|knight| {
            self.checked_by(us, |id| id == knight) && !self.checked_by(us, |id| id != knight)
        });
        if only_knights {
            return Outcome::Win;
        }
        let mut pos = self.clone();
        loop {
            if !pos.checked_by(us, |_| true) {
                return Outcome::Draw;
            }
            if pos.checked_by(us, |id| rule.shak.contains(&id)) {
                return self.rules.end.checkmate;
            }
            let before = pos.history.len();
            let null = |p: &Position, back: usize| p.history[before - back].changes.is_empty();
            if before < 2 || null(&pos, 1) || null(&pos, 2) {
                return Outcome::Draw;
            }
            pos.unmake();
            pos.unmake();
        }
    }

    /// Whether a royal piece of `color` is attacked by a piece of a type `types` accepts.
    fn checked_by(&self, color: Color, types: impl Fn(PieceId) -> bool) -> bool {
        let them = color.opponent();
        self.royals(color).iter().any(|sq| {
            (0..self.rules.pieces.len() as PieceId)
                .filter(|&id| types(id))
                .any(|id| self.attacked_by(sq, Piece { color: them, id }))
        })
    }
}
