//! Cambodian chess's first-move leaps of the king ([`MoveRules::royal_leap_lost_to`]): the
//! leap may not be made out of check, and an enemy piece of the named type (the rook) on
//! the king's rank or file takes it away.
//!
//! [`MoveRules::royal_leap_lost_to`]: crate::MoveRules::royal_leap_lost_to

use crate::{
    moves::{Move, MoveKind},
    position::{Position, Undo},
};

impl Position {
    /// Whether `mv` is a royal piece's initial leap made out of check.
    pub(crate) fn royal_leap_vetoes(&mut self, mv: &Move) -> bool {
        self.rules.moves.royal_leap_lost_to.is_some()
            && mv.kind == MoveKind::Normal
            && self.royals(self.state.side).contains(mv.from)
            && self.is_initial_leap(mv)
            && self.royal_attacked(self.state.side)
    }

    /// Whether `mv` is one of its piece's initial (`i`) leaps and no other move of it.
    fn is_initial_leap(&self, mv: &Move) -> bool {
        let Some(piece) = self.piece_at(mv.from) else {
            return false;
        };
        let leaps = self.table_for(piece, mv.from).leaps(mv.from);
        leaps.iter().any(|l| l.to == mv.to && l.initial.restricts())
            && !leaps
                .iter()
                .any(|l| l.to == mv.to && !l.initial.restricts())
    }

    /// After `mv` (made but for this): a piece of the named type now on `mv.to` on the rank
    /// or file of a never-moved enemy royal piece (pieces between or not) takes away its
    /// first-move leaps.
    pub(crate) fn take_royal_leaps(&mut self, undo: &mut Undo, mv: &Move) {
        if self.rules.moves.royal_leap_lost_to != Some(mv.piece) || mv.kind != MoveKind::Normal {
            return;
        }
        let g = self.geometry().clone();
        let them = self.state.side.opponent();
        for royal in (self.royals(them) & self.virgin_squares()).iter() {
            // Fairy-Stockfish looks along the lines of an empty board: blockers do not count.
            if g.file(royal) == g.file(mv.to) || g.rank(royal) == g.rank(mv.to) {
                self.record(undo, royal);
                self.set_virgin(royal, false);
            }
        }
    }
}
