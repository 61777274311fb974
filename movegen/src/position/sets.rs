//! The position's square sets, stored in the board's width: one 64-bit word per set for
//! boards of up to 64 squares, two for up to 128, four above
//! ([`Geometry::set_words`](notation::Geometry::set_words)).

use std::fmt;

use notation::{Color, Square, SquareBits, SquareSet};

use crate::rules::MAX_PIECE_TYPES;

/// The room for each word of the sets: word `w` of set `i` is at `w * PLANE + i`. A power of
/// two with room for every set, so that an index needs no multiplication and, masked, no
/// bounds check.
const PLANE: usize = 256;
// The largest code is `2 * MAX_PIECE_TYPES`.
const _: () = assert!(SetId::FIXED + 2 * MAX_PIECE_TYPES < PLANE);
/// Room for the four words of the widest board's sets.
const CAPACITY: usize = 4 * PLANE;

/// One of a position's square sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetId {
    /// The pieces of a side.
    Color(Color),
    /// The royal pieces of a side, all of them (before a one-royal rule picks).
    Royals(Color),
    /// The pieces that have never moved.
    Virgin,
    /// The promoted pieces that demote when captured (`~`).
    Promoted,
    /// The walls moves have placed (not the duck).
    Walls,
    /// The pieces stored as one board code (a colour and a type).
    Code(u8),
}

impl SetId {
    /// The sets before the first [`SetId::Code`].
    const FIXED: usize = 7;

    /// Where the set lies among the position's sets.
    #[inline]
    const fn index(self) -> usize {
        match self {
            SetId::Color(color) => color as usize,
            SetId::Royals(color) => 2 + color as usize,
            SetId::Virgin => 4,
            SetId::Promoted => 5,
            SetId::Walls => 6,
            SetId::Code(code) => SetId::FIXED + code as usize,
        }
    }
}

/// The square sets of a position, each in as many words as the board needs. The sets' first
/// words lie together, then their second words, and so on: a board of up to 64 squares uses
/// only the first of these planes.
#[derive(Clone)]
pub(crate) struct BoardSets {
    /// Words per set: 1, 2 or 4.
    words: usize,
    /// The words of the sets, by plane; words a board does not use stay empty.
    data: Box<[u64; CAPACITY]>,
}

impl BoardSets {
    /// Empty sets on a board whose sets take `words` words (1, 2 or 4).
    pub(crate) fn new(words: usize) -> BoardSets {
        debug_assert!(matches!(words, 1 | 2 | 4));
        BoardSets {
            words,
            data: Box::new([0; CAPACITY]),
        }
    }

    /// The words per set (the board's [`set_words`](notation::Geometry::set_words)).
    #[inline]
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Where word `word` of set `id` lies.
    #[inline]
    fn place(id: SetId, word: usize) -> usize {
        (word * PLANE + id.index()) & (CAPACITY - 1)
    }

    /// The word of set `id` that holds `sq`, and `sq`'s bit in it.
    #[inline]
    fn word_of(id: SetId, sq: Square) -> (usize, u64) {
        (
            BoardSets::place(id, sq.index() >> 6),
            1 << (sq.index() & 63),
        )
    }

    /// Set `id` as a 256-bit set.
    #[inline]
    pub(crate) fn get(&self, id: SetId) -> SquareSet {
        // Built whole, not word by word: a set written a word at a time and then read whole
        // stalls the processor.
        let word = |w| self.data[BoardSets::place(id, w)];
        match self.words {
            1 => SquareSet([word(0), 0, 0, 0]),
            2 => SquareSet([word(0), word(1), 0, 0]),
            _ => SquareSet([word(0), word(1), word(2), word(3)]),
        }
    }

    /// Set `id` in the board's width `S`.
    #[inline]
    pub(crate) fn get_in<S: SquareBits>(&self, id: SetId) -> S {
        debug_assert_eq!(S::WORDS, self.words, "sets read in another width");
        S::from_words(|w| self.data[BoardSets::place(id, w)])
    }

    /// Whether set `id` holds `sq`.
    #[inline]
    pub(crate) fn contains(&self, id: SetId, sq: Square) -> bool {
        let (index, bit) = BoardSets::word_of(id, sq);
        self.data[index] & bit != 0
    }

    /// Adds `sq` to set `id`.
    #[inline]
    pub(crate) fn insert(&mut self, id: SetId, sq: Square) {
        let (index, bit) = BoardSets::word_of(id, sq);
        self.data[index] |= bit;
    }

    /// Takes `sq` out of set `id`.
    #[inline]
    pub(crate) fn remove(&mut self, id: SetId, sq: Square) {
        let (index, bit) = BoardSets::word_of(id, sq);
        self.data[index] &= !bit;
    }

    /// Puts `sq` in set `id` or takes it out; returns whether that changed the set.
    #[inline]
    pub(crate) fn set(&mut self, id: SetId, sq: Square, in_set: bool) -> bool {
        let (index, bit) = BoardSets::word_of(id, sq);
        let word = &mut self.data[index];
        let changed = (*word & bit != 0) != in_set;
        if changed {
            *word ^= bit;
        }
        changed
    }
}

impl fmt::Debug for BoardSets {
    /// The words per set and the sets that hold a square, by their place (not the 1024 words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        map.entry(&"words", &self.words);
        for i in 0..PLANE {
            let set = SquareSet(std::array::from_fn(|w| {
                if w < self.words {
                    self.data[w * PLANE + i]
                } else {
                    0
                }
            }));
            if !set.is_empty() {
                map.entry(&i, &set);
            }
        }
        map.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each set keeps its own squares in every width, and reads the same whole or in its width.
    #[test]
    fn sets_keep_apart_in_every_width() {
        for (words, squares) in [(1, 64), (2, 128), (4, 256)] {
            let mut sets = BoardSets::new(words);
            let ids = [
                SetId::Color(Color::White),
                SetId::Color(Color::Black),
                SetId::Royals(Color::White),
                SetId::Royals(Color::Black),
                SetId::Virgin,
                SetId::Promoted,
                SetId::Walls,
                SetId::Code(0),
                SetId::Code(4),
            ];
            let mut expected = vec![SquareSet::EMPTY; ids.len()];
            for i in 0..600usize {
                let k = i * 7 % ids.len();
                let sq = Square((i * 37 % squares) as u8);
                let in_set = i % 3 != 0;
                let changed = sets.set(ids[k], sq, in_set);
                assert_eq!(changed, expected[k].contains(sq) != in_set);
                if in_set {
                    expected[k].insert(sq);
                } else {
                    expected[k].remove(sq);
                }
                if i % 5 == 0 {
                    sets.insert(ids[k], sq);
                    expected[k].insert(sq);
                }
                if i % 11 == 0 {
                    sets.remove(ids[(k + 1) % ids.len()], sq);
                    expected[(k + 1) % ids.len()].remove(sq);
                }
            }
            let shown = format!("{sets:?}");
            assert!(
                shown.starts_with(&format!("{{\"words\": {words}")),
                "{shown}"
            );
            for (&id, want) in ids.iter().zip(&expected) {
                if !want.is_empty() {
                    assert!(
                        shown.contains(&format!("{want:?}")),
                        "{id:?} not in {shown}"
                    );
                }
                assert_eq!(sets.get(id), *want, "{id:?} in {words} words");
                for sq in (0..squares).map(|i| Square(i as u8)) {
                    assert_eq!(sets.contains(id, sq), want.contains(sq));
                }
                match words {
                    1 => assert_eq!(sets.get_in::<u64>(id).to_set(), *want),
                    2 => assert_eq!(sets.get_in::<u128>(id).to_set(), *want),
                    _ => assert_eq!(sets.get_in::<SquareSet>(id), *want),
                }
            }
        }
    }
}
