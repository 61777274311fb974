//! Castling by the rules: the king and a never-moved partner on the castling rank.

use notation::{Color, Square};

use crate::{
    moves::{Move, MoveList},
    position::{Piece, Position},
};

impl Position {
    /// Castling by the rules: the king and a never-moved partner on the castling rank.
    pub(super) fn rule_castlings(&self, list: &mut MoveList) {
        let rules = &self.rules;
        let castling = &rules.castling;
        let Some(king_id) = castling.king else { return };
        let us = self.state.side;
        let them = us.opponent();
        let g = self.geometry();
        let rank = match us {
            Color::White => castling.rank as i32,
            Color::Black => g.height() as i32 - 1 - castling.rank as i32,
        };
        if !(0..g.height() as i32).contains(&rank) {
            return;
        }
        // A rank's squares have consecutive indices, in the order of their files.
        let first = Square((rank * g.width() as i32) as u8);
        let last = Square(first.0 + (g.width() - 1));
        let on_rank = |sq: &Square| (first..=last).contains(sq);
        let kings = self.pieces(Piece {
            color: us,
            id: king_id,
        }) & self.virgin;
        if !kings.iter().any(|king| on_rank(&king)) {
            return;
        }
        let on_file = |king_file: u8, partner_file: i32| {
            g.square(king_file as i32, rank)
                .zip(g.square(partner_file, rank))
        };
        let kingside = on_file(castling.kingside_file, castling.kingside_file as i32 - 1);
        let queenside = on_file(castling.queenside_file, castling.queenside_file as i32 + 1);
        // Only a royal king may not castle out of, through or into check. Whether it stands
        // in check is asked once a castling finds its squares empty.
        let royal = rules.piece(king_id).royal;
        for king in kings.iter().filter(on_rank) {
            let mut in_check = None;
            for &partner_id in &castling.partners {
                let partners = self.pieces(Piece {
                    color: us,
                    id: partner_id,
                }) & self.virgin;
                for partner in partners.iter().filter(on_rank) {
                    let targets = if partner > king { kingside } else { queenside };
                    let Some((king_to, partner_to)) = targets else {
                        continue;
                    };
                    if !self.castling_squares_empty(king, partner, king_to, partner_to) {
                        continue;
                    }
                    if royal
                        && (*in_check.get_or_insert_with(|| self.royal_square_attacked(king, them))
                            || !self.royal_crossing_safe(king, king_to, them))
                    {
                        continue;
                    }
                    let mv = Move::castle(king_id, king, king_to, partner, partner_to);
                    self.push_with_gating(mv, list);
                }
            }
        }
    }

    /// Whether every square the king and partner cross or reach, all on one rank, is empty
    /// but for themselves (no piece, wall or duck) and no hole.
    fn castling_squares_empty(
        &self,
        king: Square,
        partner: Square,
        king_to: Square,
        partner_to: Square,
    ) -> bool {
        let squares = [king, partner, king_to, partner_to];
        let lo = *squares.iter().min().expect("4 squares");
        let hi = *squares.iter().max().expect("4 squares");
        let holes = self.geometry().holes();
        (lo.index()..=hi.index()).all(|i| {
            let sq = Square(i as u8);
            !holes.contains(sq) && (sq == king || sq == partner || self.board[i] == 0)
        })
    }

    /// Whether no square a royal king crosses or reaches when castling from `king` to
    /// `king_to` on its rank is attacked by `them` (its own square is tested apart).
    fn royal_crossing_safe(&self, king: Square, king_to: Square, them: Color) -> bool {
        let (lo, hi) = (king.min(king_to), king.max(king_to));
        (lo.index()..=hi.index())
            .map(|i| Square(i as u8))
            .all(|sq| sq == king || !self.royal_square_attacked(sq, them))
    }
}
