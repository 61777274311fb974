//! The transposition table: a lock-free hash table shared by all search threads.
//!
//! Each slot is two `AtomicU64`s, the data and the key xor the data, so that a slot torn by two
//! threads writing at once fails the key check instead of giving a wrong entry.

use std::{
    fmt,
    sync::atomic::{AtomicU64, AtomicU8, Ordering},
};

use movegen::Move;
use notation::Square;

use super::Bound;

/// Bytes in one slot.
const SLOT_BYTES: usize = 16;
/// Slots sharing one index (the replacement scheme picks among them).
const BUCKET: usize = 2;
/// Generations are kept modulo this.
const GENERATIONS: u8 = 64;

/// A compact, lossy code of a move: from, to and a hash of the rest. The search matches it
/// against the legal moves of the position, so a collision can only reorder moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveCode(u32);

impl MoveCode {
    /// No move.
    pub(crate) const NONE: MoveCode = MoveCode(0);

    /// The code of `mv`.
    pub(crate) fn of(mv: &Move) -> MoveCode {
        // Each part counts one more than its value, so that an absent one (0) differs from
        // every present one.
        let id = |id: Option<u8>| id.map_or(0, |id| id as u32 + 1);
        let square = |sq: Square| sq.0 as u32 + 1;
        let mut h: u32 = mv.kind as u32;
        for part in [
            mv.piece as u32,
            id(mv.promotion()),
            id(mv.gate()),
            mv.flags().bits() as u32,
            mv.wall().map_or(0, square),
        ]
        .into_iter()
        .chain(mv.victims().map(square))
        .chain(mv.companion_squares().into_iter().flatten().map(square))
        {
            h = h.wrapping_mul(31).wrapping_add(part);
        }
        MoveCode(
            1 << 24
                | (h.wrapping_mul(0x9E37_79B9) >> 24) << 16
                | (mv.to.0 as u32) << 8
                | mv.from.0 as u32,
        )
    }

    /// Whether this is the code of `mv`: its squares are compared first, which most moves
    /// fail, so that the rest of the code is computed for few of them.
    #[inline]
    pub(crate) fn matches(self, mv: &Move) -> bool {
        self.0 & 0xFFFF == (mv.to.0 as u32) << 8 | mv.from.0 as u32 && self == MoveCode::of(mv)
    }

    /// Whether this is the code of a move (not [`MoveCode::NONE`]).
    pub(crate) fn is_some(self) -> bool {
        self.0 != 0
    }
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The best or refuting move found, if any.
    pub(crate) mv: MoveCode,
    /// The score, mate scores relative to the stored node (see `score::to_tt`).
    pub(crate) score: i32,
    /// The depth searched.
    pub(crate) depth: i32,
    /// How `score` bounds the true score.
    pub(crate) bound: Bound,
}

impl Entry {
    fn pack(self, generation: u8) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        (self.mv.0 as u64 & 0x1FF_FFFF)
            | (generation as u64 & 0x3F) << 25
            | (self.score as i16 as u16 as u64) << 32
            | (self.depth.clamp(-128, 127) as i8 as u8 as u64) << 48
            | bound << 56
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match data >> 56 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            mv: MoveCode(data as u32 & 0x1FF_FFFF),
            score: (data >> 32) as u16 as i16 as i32,
            depth: (data >> 48) as u8 as i8 as i32,
            bound,
        })
    }
}

fn generation_of(data: u64) -> u8 {
    (data >> 25 & 0x3F) as u8
}

/// One slot.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table.
pub(crate) struct TranspositionTable {
    slots: Vec<Slot>,
    generation: AtomicU8,
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("slots", &self.slots.len())
            .finish()
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket).
    ///
    /// # Panics
    /// When the memory cannot be had; [`TranspositionTable::try_new`] does not.
    #[cfg(test)]
    pub(crate) fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).expect("memory for the table")
    }

    /// A table of about `mb` megabytes (at least one bucket), or `None` when the system
    /// cannot give that much memory.
    pub(crate) fn try_new(mb: usize) -> Option<TranspositionTable> {
        let buckets = (mb.saturating_mul(1 << 20) / (SLOT_BYTES * BUCKET)).max(1);
        let mut slots = Vec::new();
        slots.try_reserve_exact(buckets.checked_mul(BUCKET)?).ok()?;
        slots.resize_with(buckets * BUCKET, Slot::default);
        Some(TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties the table.
    pub(crate) fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// Index of the first slot of `key`'s bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        let buckets = (self.slots.len() / BUCKET) as u128;
        ((key as u128 * buckets) >> 64) as usize * BUCKET
    }

    /// The entry stored for `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let first = self.bucket(key);
        self.slots[first..first + BUCKET].iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (check ^ data == key).then(|| Entry::unpack(data)).flatten()
        })
    }

    /// Stores `entry` for `key`, keeping an older move when the new entry has none.
    pub(crate) fn store(&self, key: u64, mut entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let first = self.bucket(key);
        let bucket = &self.slots[first..first + BUCKET];
        // The slot already holding this key, else the least valuable one.
        let mut target = 0;
        let mut worst = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key {
                if let Some(old) = Entry::unpack(data) {
                    if !entry.mv.is_some() {
                        entry.mv = old.mv;
                    }
                    if entry.bound != Bound::Exact
                        && generation_of(data) == generation
                        && old.depth > entry.depth + 2
                    {
                        return;
                    }
                }
                target = i;
                break;
            }
            let age = (generation + GENERATIONS - generation_of(data)) % GENERATIONS;
            let worth = match Entry::unpack(data) {
                Some(old) => old.depth - 8 * age as i32,
                None => i32::MIN,
            };
            if worth < worst {
                worst = worth;
                target = i;
            }
        }
        let data = entry.pack(generation);
        bucket[target].data.store(data, Ordering::Relaxed);
        bucket[target].check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{from_tt, mate_in, to_tt};

    fn entry(score: i32, depth: i32, bound: Bound) -> Entry {
        Entry {
            mv: MoveCode::of(&Move::normal(1, Square(12), Square(28))),
            score,
            depth,
            bound,
        }
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9ABC_DEF0;
        assert_eq!(tt.probe(key), None);
        tt.store(key, entry(-73, 7, Bound::Lower));
        assert_eq!(tt.probe(key), Some(entry(-73, 7, Bound::Lower)));
        assert_eq!(tt.probe(key ^ 1), None);
        tt.store(key, entry(12, -1, Bound::Exact));
        assert_eq!(tt.probe(key), Some(entry(12, -1, Bound::Exact)));
        tt.clear();
        assert_eq!(tt.probe(key), None);
    }

    #[test]
    fn mate_scores_survive_with_ply_adjustment() {
        let tt = TranspositionTable::new(1);
        // Mate in 3 plies from a node at ply 4 of one search...
        tt.store(99, entry(to_tt(mate_in(7), 4), 5, Bound::Exact));
        let found = tt.probe(99).expect("stored");
        // ...is mate 3 plies after the same node reached at ply 2 of another.
        assert_eq!(from_tt(found.score, 2), mate_in(5));
    }

    #[test]
    fn an_entry_without_move_keeps_the_old_move() {
        let tt = TranspositionTable::new(1);
        tt.store(5, entry(10, 3, Bound::Exact));
        let mut second = entry(20, 4, Bound::Upper);
        second.mv = MoveCode::NONE;
        tt.store(5, second);
        let found = tt.probe(5).expect("stored");
        assert_eq!(found.mv, entry(0, 0, Bound::Exact).mv);
        assert_eq!(found.score, 20);
    }

    #[test]
    fn move_codes_tell_moves_apart() {
        let a = Move::normal(1, Square(12), Square(28));
        let b = a.with_promotion(4);
        assert_ne!(MoveCode::of(&a), MoveCode::of(&b));
        assert!(MoveCode::of(&a).is_some());
        assert!(!MoveCode::NONE.is_some());
        // A code matches its own move only: not one that differs beyond its squares, nor
        // one on other squares, and no code matches a move from a1 to a1.
        assert!(MoveCode::of(&a).matches(&a));
        assert!(!MoveCode::of(&a).matches(&b));
        assert!(!MoveCode::of(&a).matches(&Move::normal(1, Square(12), Square(29))));
        assert!(!MoveCode::NONE.matches(&Move::normal(0, Square(0), Square(0))));
    }
}
