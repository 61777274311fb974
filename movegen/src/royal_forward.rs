//! Simplified gryphon chess's royal pieces ([`MoveRules::royal_forward_until_capture`]):
//! they move only forward until their side has captured something.
//!
//! [`MoveRules::royal_forward_until_capture`]: crate::MoveRules::royal_forward_until_capture

use notation::Color;

use crate::{
    moves::{Move, MoveKind},
    position::{Position, Undo},
};

impl Position {
    /// Whether `mv` moves a royal piece other than forward before its side has captured.
    pub(crate) fn royal_forward_vetoes(&self, mv: &Move) -> bool {
        let us = self.state.side;
        if !self.rules.moves.royal_forward_until_capture
            || self.state.captured[us.index()]
            || mv.kind == MoveKind::Drop
            || !self.royals(us).contains(mv.from)
        {
            return false;
        }
        let g = self.geometry();
        let ahead = g.rank(mv.to) - g.rank(mv.from);
        match us {
            Color::White => ahead <= 0,
            Color::Black => ahead >= 0,
        }
    }

    /// Remembers that `us` has captured, when the move it just made (recorded in `undo`)
    /// took a piece.
    pub(crate) fn note_first_capture(&mut self, us: Color, undo: &Undo) {
        if self.rules.moves.royal_forward_until_capture
            && !self.state.captured[us.index()]
            && undo.captured_by(us)
        {
            self.state.captured[us.index()] = true;
            self.state.key ^= self.zobrist.captured(us.index());
        }
    }
}
