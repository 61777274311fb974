//! Drops: where a piece from hand may be put (regions, pawn files, ranks it could never
//! leave).

use notation::{Color, Square, SquareSet};

use crate::{
    moves::{Move, MoveList},
    position::{Piece, Position},
    rules::PieceId,
};

impl Position {
    /// Drops of pieces in hand.
    pub(super) fn drops(&self, list: &mut MoveList) {
        let rules = &self.rules;
        let us = self.state.side;
        let empty = self
            .geometry()
            .squares()
            .filter(|&sq| self.board[sq.index()] == 0);
        let empty: SquareSet = empty.collect();
        for id in 0..rules.pieces.len() as PieceId {
            if self.in_hand(us, id) == 0 && !rules.drops.free {
                continue;
            }
            let mut targets = empty & self.drop_region(id, us);
            if let Some(enclosing) = &rules.drops.enclosing {
                targets = self.enclosed_drops(enclosing, us, targets);
            }
            if let Some(bishop) = rules.drops.opposite_colored {
                targets = self.leave_room_for_bishops(bishop, id, targets, empty);
            }
            for sq in targets.iter() {
                list.push(Move::drop(id, sq));
            }
            // The same drops promoted (Kyoto Shogi), under the unpromoted type's restrictions.
            if let Some(promoted) = rules.pieces[id as usize]
                .promoted
                .filter(|_| rules.drops.promoted)
            {
                for sq in targets.iter() {
                    list.push(Move::drop(id, sq).with_promotion(promoted));
                }
            }
        }
    }

    /// The squares where `us` may put a piece of type `id` from hand, by dropping or gating
    /// it, when they are empty: the drop regions, no pawns on the first rank or in the
    /// promotion zone, no piece where it could never move, no doubled pawns, rooks on the
    /// first rank only, as the rules say.
    pub(super) fn drop_region(&self, id: PieceId, us: Color) -> SquareSet {
        let rules = &self.rules;
        let mut targets = !SquareSet::EMPTY;
        if let Some(region) = &rules.drops.region {
            targets &= region[us.index()];
        }
        if let Some(region) = &rules.pieces[id as usize].region {
            targets &= region[us.index()];
        }
        if rules.is_pawn(id) {
            if rules.drops.no_pawn_drops_in_zone {
                targets &= !rules.promotion.zone[us.index()];
            }
            if rules.drops.no_pawn_drops_on_first_rank {
                targets &= !self.rank_set(us, 0);
            }
        }
        if rules.promotion.immobility_illegal {
            targets &= !rules.pieces[id as usize].immobile[us.index()];
        }
        if let Some((_, limit)) = rules.drops.no_doubled.filter(|&(t, _)| t == id) {
            if limit == 0 {
                // Every file holds at least none: the type is never dropped.
                targets = SquareSet::EMPTY;
            }
            let g = self.geometry();
            let own = self.pieces(Piece { color: us, id });
            for sq in own.iter() {
                let file = self.file_set(g.file(sq));
                if (own & file).len() >= limit as usize {
                    targets &= !file;
                }
            }
        }
        if rules.drops.first_rank_only == Some(id) {
            targets &= self.rank_set(us, 0);
        }
        targets
    }

    /// The drop squares of `targets` for type `id` that leave room to drop the side's
    /// `bishop`s on both square colours, as Fairy-Stockfish's `dropOppositeColoredBishop`
    /// counts: half of the bishops (on the board and in hand) on each colour.
    fn leave_room_for_bishops(
        &self,
        bishop: PieceId,
        id: PieceId,
        targets: SquareSet,
        empty: SquareSet,
    ) -> SquareSet {
        let us = self.state.side;
        let g = self.geometry();
        let dark = |sq: Square| (g.file(sq) + g.rank(sq)) % 2 == 0;
        let own = self.pieces(Piece {
            color: us,
            id: bishop,
        });
        let total = own.len() + self.in_hand(us, bishop) as usize;
        if id == bishop {
            return targets
                .iter()
                .filter(|&to| {
                    let same = own.iter().filter(|&b| dark(b) == dark(to)).count();
                    same < total.div_ceil(2)
                })
                .collect();
        }
        let mut room = empty;
        if let Some(region) = &self.rules.drops.region {
            room &= region[us.index()];
        }
        targets
            .iter()
            .filter(|&to| {
                let squares = (own | room) & !SquareSet::from_square(to);
                let on_dark = squares.iter().filter(|&sq| dark(sq)).count();
                let on_light = squares.len() - on_dark;
                on_dark >= total / 2 && on_light >= total / 2
            })
            .collect()
    }

    /// The squares of relative rank `rank` (0 = the first rank of `color`).
    fn rank_set(&self, color: Color, rank: i32) -> SquareSet {
        let g = self.geometry();
        let rank = if color == Color::White {
            rank
        } else {
            g.height() as i32 - 1 - rank
        };
        (0..g.width() as i32)
            .filter_map(|f| g.square(f, rank))
            .collect()
    }

    /// The squares of file `file`.
    fn file_set(&self, file: i32) -> SquareSet {
        let g = self.geometry();
        (0..g.height() as i32)
            .filter_map(|r| g.square(file, r))
            .collect()
    }
}
