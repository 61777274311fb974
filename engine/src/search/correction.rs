//! Correction history: what the search has learnt about the static evaluation's errors in
//! positions that share a pawn structure, or one side's placement of pieces and hand.
//!
//! After a search whose result says more than its bound, the difference between the result
//! and the static evaluation is averaged into three tables, by the key of the pawns of both
//! sides and by the key of each side's other pieces (with what it holds in hand). The
//! evaluation the search prunes with is the static one plus the mean of the three entries.
//! The evaluation itself is generic; this learns, per game, where it is systematically off.

use movegen::{Piece, Position};
use notation::Color;

use super::eval::EvalTables;

/// Entries per table and side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold corrections in 1/GRAIN centipawns.
const GRAIN: i32 = 256;
/// The weights of an update are out of this.
const WEIGHT_SCALE: i32 = 1024;
/// Most weight one update has.
const MAX_WEIGHT: i32 = 128;
/// Largest correction an entry holds, in centipawns.
const MAX_CORRECTION: i32 = 256;

/// The keys a position's corrections are found under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CorrectionKeys {
    /// The pawns of both sides.
    pawns: u64,
    /// Per side: its pieces other than pawns, and its hand.
    pieces: [u64; 2],
}

/// A well-mixed hash of `x` (splitmix64's finaliser).
#[inline]
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl CorrectionKeys {
    /// The keys of `pos`.
    pub(crate) fn of(pos: &Position, tables: &EvalTables) -> CorrectionKeys {
        let mut keys = CorrectionKeys::default();
        for sq in pos.occupied().iter() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let h = mix(u64::from(piece.code()) << 16 | sq.index() as u64);
            if tables.is_pawn(piece.id) {
                keys.pawns ^= h;
            } else {
                keys.pieces[piece.color.index()] ^= h;
            }
        }
        for color in Color::ALL {
            for id in 0..pos.rules().pieces.len() {
                let count = pos.in_hand(color, id as movegen::PieceId);
                if count > 0 {
                    let code = Piece {
                        color,
                        id: id as movegen::PieceId,
                    }
                    .code();
                    keys.pieces[color.index()] ^=
                        mix(1 << 40 | u64::from(code) << 8 | u64::from(count));
                }
            }
        }
        keys
    }
}

/// The three tables of one search thread.
#[derive(Debug)]
pub(crate) struct CorrectionHistory {
    /// Per side to move, by the pawn key.
    pawns: Vec<i32>,
    /// Per side to move and per owner, by that owner's piece key.
    pieces: [Vec<i32>; 2],
}

impl CorrectionHistory {
    /// Tables that correct nothing yet.
    pub(crate) fn new() -> CorrectionHistory {
        CorrectionHistory {
            pawns: vec![0; 2 * ENTRIES],
            pieces: [vec![0; 2 * ENTRIES], vec![0; 2 * ENTRIES]],
        }
    }

    #[inline]
    fn index(side: Color, key: u64) -> usize {
        side.index() * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// The correction of a static evaluation for `side` to move, in centipawns.
    #[inline]
    pub(crate) fn correction(&self, side: Color, keys: &CorrectionKeys) -> i32 {
        let sum = self.pawns[Self::index(side, keys.pawns)]
            + self.pieces[0][Self::index(side, keys.pieces[0])]
            + self.pieces[1][Self::index(side, keys.pieces[1])];
        sum / (3 * GRAIN)
    }

    /// Learns that a search to `depth` found `score` where the static evaluation said `raw`.
    pub(crate) fn update(
        &mut self,
        side: Color,
        keys: &CorrectionKeys,
        depth: i32,
        score: i32,
        raw: i32,
    ) {
        let target = (score - raw).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth * depth + 2 * depth + 1).min(MAX_WEIGHT);
        let learn = |entry: &mut i32| {
            *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        };
        learn(&mut self.pawns[Self::index(side, keys.pawns)]);
        learn(&mut self.pieces[0][Self::index(side, keys.pieces[0])]);
        learn(&mut self.pieces[1][Self::index(side, keys.pieces[1])]);
    }
}

#[cfg(test)]
mod tests {
    use variants::Catalog;

    use super::*;

    fn keys(fen: &str) -> CorrectionKeys {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let tables = EvalTables::new(&rules);
        let pos = Position::from_fen(rules, fen).expect("fen");
        CorrectionKeys::of(&pos, &tables)
    }

    #[test]
    fn keys_follow_the_parts_they_name() {
        let start = keys("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // A knight move changes only White's piece key.
        let knight = keys("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
        assert_eq!(knight.pawns, start.pawns);
        assert_ne!(knight.pieces[0], start.pieces[0]);
        assert_eq!(knight.pieces[1], start.pieces[1]);
        // A pawn move changes only the pawn key.
        let pawn = keys("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_ne!(pawn.pawns, start.pawns);
        assert_eq!(pawn.pieces, start.pieces);
    }

    #[test]
    fn corrections_move_toward_the_search_and_stay_bounded() {
        let k = keys("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let mut history = CorrectionHistory::new();
        assert_eq!(history.correction(Color::White, &k), 0);
        for _ in 0..200 {
            history.update(Color::White, &k, 10, 150, 50);
        }
        let learnt = history.correction(Color::White, &k);
        assert!((95..=100).contains(&learnt), "{learnt}");
        // The other side to move has learnt nothing.
        assert_eq!(history.correction(Color::Black, &k), 0);
        for _ in 0..200 {
            history.update(Color::White, &k, 10, -5000, 0);
        }
        assert!(history.correction(Color::White, &k) >= -MAX_CORRECTION);
    }
}
