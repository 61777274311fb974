//! Castling by the rules: the king and a never-moved partner on the castling rank.

use notation::{Color, Square, SquareBits, SquareSet};

use crate::{
    moves::{Move, MoveList},
    position::{sets::SetId, Piece, Position},
    rules::Rules,
};

/// Where one colour castles, worked out once from the rules: the squares of its castling
/// rank and where the king and partner end up on either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CastlingSquares {
    /// The castling rank.
    rank: SquareSet,
    /// The king's and partner's targets when the partner stands on the king's h-side.
    kingside: Option<(Square, Square)>,
    /// Their targets when the partner stands on the king's a-side.
    queenside: Option<(Square, Square)>,
}

impl CastlingSquares {
    /// Each colour's castling squares under `rules`; `None` for a colour whose castling rank
    /// is off the board.
    pub(crate) fn of(rules: &Rules) -> [Option<CastlingSquares>; 2] {
        let g = &rules.geometry;
        let castling = &rules.castling;
        [Color::White, Color::Black].map(|color| {
            let rank = match color {
                Color::White => castling.rank as i32,
                Color::Black => g.height() as i32 - 1 - castling.rank as i32,
            };
            if !(0..g.height() as i32).contains(&rank) {
                return None;
            }
            let on_file = |king_file: u8, partner_file: i32| {
                g.square(king_file as i32, rank)
                    .zip(g.square(partner_file, rank))
            };
            Some(CastlingSquares {
                rank: (0..g.width() as i32)
                    .filter_map(|file| g.square(file, rank))
                    .collect(),
                kingside: on_file(castling.kingside_file, castling.kingside_file as i32 - 1),
                queenside: on_file(castling.queenside_file, castling.queenside_file as i32 + 1),
            })
        })
    }
}

impl Position {
    /// Castling by the rules: the king and a never-moved partner on the castling rank.
    pub(super) fn rule_castlings(&self, list: &mut MoveList) {
        match self.sets.words() {
            1 => self.rule_castlings_in::<u64>(list),
            2 => self.rule_castlings_in::<u128>(list),
            _ => self.rule_castlings_in::<SquareSet>(list),
        }
    }

    /// [`rule_castlings`](Position::rule_castlings) with the board's sets read as type `S`.
    fn rule_castlings_in<S: SquareBits>(&self, list: &mut MoveList) {
        let rules = &self.rules;
        let castling = &rules.castling;
        let Some(king_id) = castling.king else { return };
        let us = self.state.side;
        let squares = match &rules.castling_squares {
            Some(finished) => finished[us.index()],
            None => CastlingSquares::of(rules)[us.index()],
        };
        let Some(squares) = squares else { return };
        let never_moved_on_rank =
            self.sets.get_in::<S>(SetId::Virgin) & S::from_set_ref(&squares.rank);
        let king = Piece {
            color: us,
            id: king_id,
        };
        let kings = self.sets.get_in::<S>(SetId::Code(king.code())) & never_moved_on_rank;
        if kings.is_empty() {
            return;
        }
        // Pieces, walls, the duck and holes block castling.
        let mut blocked = self.sets.get_in::<S>(SetId::Color(Color::White))
            | self.sets.get_in(SetId::Color(Color::Black))
            | self.sets.get_in(SetId::Walls)
            | S::from_set(self.geometry().holes());
        if let Some(duck) = self.state.duck {
            blocked.insert(duck);
        }
        // Only a royal king may not castle out of, through or into check. Whether it stands
        // in check is asked once a castling finds its squares empty.
        let royal = rules.piece(king_id).royal;
        let them = us.opponent();
        for king in kings.iter() {
            let mut in_check = None;
            for &partner_id in &castling.partners {
                let partner = Piece {
                    color: us,
                    id: partner_id,
                };
                let partners =
                    self.sets.get_in::<S>(SetId::Code(partner.code())) & never_moved_on_rank;
                for partner in partners.iter() {
                    let targets = if partner > king {
                        squares.kingside
                    } else {
                        squares.queenside
                    };
                    let Some((king_to, partner_to)) = targets else {
                        continue;
                    };
                    if !castling_squares_empty(blocked, [king, partner, king_to, partner_to]) {
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

    /// Whether no square a royal king crosses or reaches when castling from `king` to
    /// `king_to` on its rank is attacked by `them` (its own square is tested apart).
    fn royal_crossing_safe(&self, king: Square, king_to: Square, them: Color) -> bool {
        let (lo, hi) = (king.min(king_to), king.max(king_to));
        (lo.index()..=hi.index())
            .map(|i| Square(i as u8))
            .all(|sq| sq == king || !self.royal_square_attacked(sq, them))
    }
}

/// Whether every square the king and partner cross or reach (`squares`: king, partner and
/// their targets, all on one rank, whose squares have consecutive indices) is free of what
/// `blocked` holds but for the king and partner themselves.
fn castling_squares_empty<S: SquareBits>(blocked: S, squares: [Square; 4]) -> bool {
    let [king, partner, ..] = squares;
    let lo = *squares.iter().min().expect("4 squares");
    let hi = *squares.iter().max().expect("4 squares");
    (lo.0..=hi.0)
        .map(Square)
        .all(|sq| sq == king || sq == partner || !blocked.contains(sq))
}
