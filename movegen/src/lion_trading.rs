//! Chu Shogi's Lion trading ([`MoveRules::lion_trading`]): a piece other than a Lion that
//! takes a Lion (not by igui) forbids the reply to take a Lion, and a Lion may not take a
//! protected Lion from afar unless it passes over a piece worth something on the way.
//!
//! [`MoveRules::lion_trading`]: crate::MoveRules::lion_trading

use crate::{
    moves::{Move, MoveKind},
    position::Position,
};

impl Position {
    /// Whether `mv` takes a Lion on its target square.
    fn takes_lion(&self, mv: &Move) -> bool {
        self.rules.moves.lion_trading.as_ref().is_some_and(|rule| {
            mv.kind == MoveKind::Normal
                && mv.to != mv.from
                && self.piece_at(mv.to).is_some_and(|p| p.id == rule.lion)
        })
    }

    /// Whether `mv` takes a Lion on its target square with a piece other than a Lion, not by
    /// igui (the reply may not take a Lion).
    pub(crate) fn takes_lion_as_non_lion(&self, mv: &Move) -> bool {
        self.takes_lion(mv)
            && self
                .rules
                .moves
                .lion_trading
                .as_ref()
                .is_some_and(|rule| mv.piece != rule.lion)
    }

    /// Whether `mv` takes a Lion right after a piece other than a Lion took one.
    pub(crate) fn lion_trading_vetoes(&self, mv: &Move) -> bool {
        self.state.lion_taken && self.takes_lion(mv)
    }

    /// Whether `mv` is a Lion taking a Lion from afar without taking a piece worth something
    /// on the way: legal only when the target Lion is not protected, which the caller tests
    /// once the move is made.
    pub(crate) fn takes_lion_from_afar(&self, mv: &Move) -> bool {
        let Some(rule) = &self.rules.moves.lion_trading else {
            return false;
        };
        if mv.piece != rule.lion || !self.takes_lion(mv) {
            return false;
        }
        let g = self.geometry();
        let afar = (g.file(mv.to) - g.file(mv.from)).abs() > 1
            || (g.rank(mv.to) - g.rank(mv.from)).abs() > 1;
        let bridge = mv.victims().next().and_then(|sq| self.piece_at(sq));
        afar && bridge.map_or(true, |p| rule.worthless.contains(&p.id))
    }

    /// Sets [`Position::lion_taken`], keeping the key.
    pub(crate) fn set_lion_taken(&mut self, taken: bool) {
        if self.state.lion_taken != taken {
            self.state.lion_taken = taken;
            self.state.key ^= self.zobrist.lion_taken();
        }
    }
}
