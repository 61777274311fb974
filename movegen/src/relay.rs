//! Knight-relay chess ([`MoveRules::relay`]): a piece a knight's move away from a friendly
//! knight also moves like a knight.
//!
//! [`MoveRules::relay`]: crate::MoveRules::relay

use notation::Square;

use crate::{
    moves::{Move, MoveList},
    position::{Piece, Position},
    rules::PieceId,
};

impl Position {
    /// Knight-relay moves of `piece` on `from`: the moves of the `relay` type where a friendly
    /// piece of that type defends it (see [`MoveRules::relay`](crate::MoveRules::relay)).
    pub(crate) fn relay_moves(
        &self,
        piece: Piece,
        from: Square,
        relay: PieceId,
        list: &mut MoveList,
    ) {
        let rules = &self.rules;
        if piece.id == relay || rules.pieces[piece.id as usize].royal {
            return;
        }
        let us = piece.color;
        let leaps = rules.pieces[relay as usize].tables[us.index()].leaps(from);
        let own_relay = Piece {
            color: us,
            id: relay,
        };
        if !leaps.iter().any(|l| self.piece_at(l.to) == Some(own_relay)) {
            return;
        }
        let g = self.geometry();
        let last = g.height() as i32 - 1;
        let pawn = rules.is_pawn(piece.id);
        for leap in leaps {
            let target = self.piece_at(leap.to);
            // Relay moves give no check, so they may not take a royal piece either.
            if target.is_some_and(|t| {
                t.color == us
                    || rules.moves.uncapturable.contains(&t.id)
                    || rules.pieces[t.id as usize].royal
            }) || (pawn && (g.rank(leap.to) == 0 || g.rank(leap.to) == last))
            {
                continue;
            }
            list.push(Move::normal(piece.id, from, leap.to));
        }
    }
}
