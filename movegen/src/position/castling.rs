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
        let kings = self.pieces(Piece {
            color: us,
            id: king_id,
        }) & self.virgin;
        for king in kings.iter() {
            if g.rank(king) != rank {
                continue;
            }
            // Only a royal king may not castle out of, through or into check. Whether it
            // stands in check is asked once a castling finds its squares empty.
            let royal = rules.piece(king_id).royal;
            let mut in_check = None;
            for &partner_id in &castling.partners {
                let partners = self.pieces(Piece {
                    color: us,
                    id: partner_id,
                }) & self.virgin;
                for partner in partners.iter().filter(|&p| g.rank(p) == rank) {
                    let kingside = g.file(partner) > g.file(king);
                    let (king_file, partner_file) = if kingside {
                        (
                            castling.kingside_file as i32,
                            castling.kingside_file as i32 - 1,
                        )
                    } else {
                        (
                            castling.queenside_file as i32,
                            castling.queenside_file as i32 + 1,
                        )
                    };
                    let (Some(king_to), Some(partner_to)) =
                        (g.square(king_file, rank), g.square(partner_file, rank))
                    else {
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

    /// Whether every square the king and partner cross or reach is empty but for themselves.
    fn castling_squares_empty(
        &self,
        king: Square,
        partner: Square,
        king_to: Square,
        partner_to: Square,
    ) -> bool {
        let g = self.geometry();
        let rank = g.rank(king);
        let files = [
            g.file(king),
            g.file(partner),
            g.file(king_to),
            g.file(partner_to),
        ];
        let (lo, hi) = (
            *files.iter().min().expect("4 files"),
            *files.iter().max().expect("4"),
        );
        for file in lo..=hi {
            let Some(sq) = g.square(file, rank) else {
                return false;
            };
            if sq != king && sq != partner && self.board[sq.index()] != 0 {
                return false;
            }
        }
        true
    }

    /// Whether no square a royal king crosses or reaches when castling from `king` to
    /// `king_to` is attacked by `them` (its own square is tested apart).
    fn royal_crossing_safe(&self, king: Square, king_to: Square, them: Color) -> bool {
        let g = self.geometry();
        let rank = g.rank(king);
        let (a, b) = (
            g.file(king).min(g.file(king_to)),
            g.file(king).max(g.file(king_to)),
        );
        (a..=b)
            .filter_map(|f| g.square(f, rank))
            .all(|sq| sq == king || !self.royal_square_attacked(sq, them))
    }
}
