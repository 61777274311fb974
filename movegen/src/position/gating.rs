//! Gating (S-chess, seirawan): a piece from hand enters on the square a never-moved
//! back-rank piece leaves.

use notation::{Color, Square};

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::Position,
};

impl Position {
    /// Pushes `mv`, and its gating versions when a never-moved back-rank piece leaves.
    pub(super) fn push_with_gating(&self, mv: Move, list: &mut MoveList) {
        list.push(mv);
        if !self.rules.gating.enabled || mv.kind == MoveKind::Drop || mv.has(MoveFlags::INDUCED) {
            return;
        }
        let us = self.state.side;
        let g = self.geometry();
        let back_rank = match us {
            Color::White => self.rules.castling.rank as i32,
            Color::Black => g.height() as i32 - 1 - self.rules.castling.rank as i32,
        };
        // A square castling fills again (king and partner swapping squares, in Chess960) is
        // no gate.
        let partner = mv.castle_partner();
        let refilled = |sq: Square| partner.is_some_and(|(_, to)| mv.to == sq || to == sq);
        for &gate in &self.rules.gating.types {
            if self.in_hand(us, gate) == 0 {
                continue;
            }
            // A piece from hand enters only where it could be dropped (no pawn on the first
            // rank), as in Fairy-Stockfish.
            let region = self.drop_region(gate, us);
            if self.is_virgin(mv.from)
                && g.rank(mv.from) == back_rank
                && region.contains(mv.from)
                && !refilled(mv.from)
            {
                list.push(mv.with_gate(gate, false));
            }
            if let Some((partner_from, _)) = partner {
                if self.is_virgin(partner_from)
                    && region.contains(partner_from)
                    && !refilled(partner_from)
                {
                    list.push(mv.with_gate(gate, true));
                }
            }
        }
    }
}
