//! Continuation history: how well a quiet move did right after a given move one or two plies
//! before (the opponent's last move, and our own move before it).
//!
//! Moves are told apart by their piece (colour and type) and destination. Small games index a
//! table of every pair; games with more kinds of move pairs than [`MAX_ENTRIES`] hash the pair
//! into that many entries.

use movegen::Move;
use notation::Color;

use super::ordering::HISTORY_MAX;

/// Most entries a table has.
const MAX_ENTRIES: usize = 1 << 21;

/// A move's piece and destination, as the tables index it; [`PieceTo::NONE`] for no move
/// (the root's parent, a null move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PieceTo(u32);

impl PieceTo {
    /// No move.
    pub(crate) const NONE: PieceTo = PieceTo(u32::MAX);
}

/// One table: the score of a move by the move one (or two) plies before it.
#[derive(Debug)]
pub(crate) struct ContinuationHistory {
    types: usize,
    squares: usize,
    /// Keys of single moves (colours, types and squares).
    keys: usize,
    /// Whether every pair has an entry of its own.
    exact: bool,
    table: Vec<i16>,
}

impl ContinuationHistory {
    /// An empty table for `types` piece types on `squares` squares.
    pub(crate) fn new(types: usize, squares: usize) -> ContinuationHistory {
        let keys = 2 * types * squares;
        let exact = keys.checked_mul(keys).is_some_and(|n| n <= MAX_ENTRIES);
        let len = if exact { keys * keys } else { MAX_ENTRIES };
        ContinuationHistory {
            types,
            squares,
            keys,
            exact,
            table: vec![0; len],
        }
    }

    /// The key of `mv` made by `color`.
    #[inline]
    pub(crate) fn piece_to(&self, color: Color, mv: &Move) -> PieceTo {
        PieceTo(
            ((color.index() * self.types + mv.piece as usize) * self.squares + mv.to.index())
                as u32,
        )
    }

    #[inline]
    fn index(&self, before: PieceTo, now: PieceTo) -> usize {
        let pair = before.0 as usize * self.keys + now.0 as usize;
        if self.exact {
            pair
        } else {
            (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as usize >> 11 & (MAX_ENTRIES - 1)
        }
    }

    /// The score of `now` after `before` (0 when there was no move before).
    #[inline]
    pub(crate) fn get(&self, before: PieceTo, now: PieceTo) -> i32 {
        if before == PieceTo::NONE {
            return 0;
        }
        i32::from(self.table[self.index(before, now)])
    }

    /// Moves the score of `now` after `before` toward `bonus`, as [`History::update`] does.
    ///
    /// [`History::update`]: super::ordering::History::update
    #[inline]
    pub(crate) fn update(&mut self, before: PieceTo, now: PieceTo, bonus: i32) {
        if before == PieceTo::NONE {
            return;
        }
        let i = self.index(before, now);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = i32::from(self.table[i]);
        self.table[i] = (entry + bonus - entry * bonus.abs() / HISTORY_MAX) as i16;
    }
}

#[cfg(test)]
mod tests {
    use notation::Square;

    use super::*;

    #[test]
    fn scores_belong_to_the_pair_and_stay_bounded() {
        for (types, squares) in [(6, 64), (46, 144)] {
            let mut table = ContinuationHistory::new(types, squares);
            let knight = Move::normal(1, Square(6), Square(21));
            let reply = Move::normal(2, Square(50), Square(36));
            let before = table.piece_to(Color::White, &knight);
            let now = table.piece_to(Color::Black, &reply);
            for _ in 0..1000 {
                table.update(before, now, 3000);
            }
            let score = table.get(before, now);
            assert!((HISTORY_MAX / 2..=HISTORY_MAX).contains(&score), "{score}");
            // The same reply after another move, or with no move before, knows nothing.
            let other = table.piece_to(Color::White, &Move::normal(1, Square(1), Square(18)));
            assert_eq!(table.get(other, now), 0);
            assert_eq!(table.get(PieceTo::NONE, now), 0);
        }
    }
}
