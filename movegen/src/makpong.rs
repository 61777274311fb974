//! Makpong's rule ([`MoveRules::makpong`]): a royal piece in check may move only to take
//! the one piece giving check.
//!
//! [`MoveRules::makpong`]: crate::MoveRules::makpong

use notation::{Color, Square};

use crate::{
    moves::{Move, MoveKind},
    position::{Piece, Position},
};

impl Position {
    /// Whether `mv` moves the side's royal piece out of check other than by taking the only
    /// piece giving check.
    pub(crate) fn makpong_vetoes(&mut self, mv: &Move) -> bool {
        let us = self.state.side;
        let them = us.opponent();
        self.rules.moves.makpong
            && mv.kind == MoveKind::Normal
            && self.royals(us).contains(mv.from)
            && self.royal_attacked(us)
            && !(self.piece_at(mv.to).is_some_and(|p| p.color == them)
                && self.attacked_only_from(mv.from, them, mv.to))
    }

    /// Whether the only pieces of `by` attacking `target` stand on `square` (none at all
    /// counts too): the piece there is looked at as a friendly piece of the target's side,
    /// so that it still blocks lines but attacks nothing.
    fn attacked_only_from(&mut self, target: Square, by: Color, square: Square) -> bool {
        let stand_in = Piece {
            color: by.opponent(),
            id: 0,
        };
        let code = std::mem::replace(&mut self.board[square.index()], stand_in.code());
        let attacked = self.attacked(target, by);
        self.board[square.index()] = code;
        !attacked
    }
}
