//! Square sets in as few machine words as a board needs: one word (`u64`) for boards of up to
//! 64 squares, two (`u128`) for up to 128, the four of a [`SquareSet`] for up to 256. Code
//! written once over [`SquareBits`] is compiled for each, so that a chess board pays for one
//! word where a 16x16 board needs four.

use std::{
    fmt,
    ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not},
};

use crate::{Square, SquareSet};

/// A set of squares stored in one of the widths above; square `i` is bit `i`.
pub trait SquareBits:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The most squares a set of this type holds (square indices below it).
    const CAPACITY: usize;
    /// The number of 64-bit words a set of this type takes.
    const WORDS: usize = Self::CAPACITY / 64;
    /// The empty set.
    const EMPTY: Self;
    /// The squares of a set in increasing order.
    type Iter: Iterator<Item = Square>;

    /// The squares of `set`, which must all lie below [`CAPACITY`](SquareBits::CAPACITY).
    #[inline]
    fn from_set(set: SquareSet) -> Self {
        Self::from_set_ref(&set)
    }
    /// [`from_set`](SquareBits::from_set) reading only the words of `set` this type holds.
    #[inline]
    fn from_set_ref(set: &SquareSet) -> Self {
        debug_assert!(
            set.0[Self::WORDS..].iter().all(|&w| w == 0),
            "a square beyond {} in {set:?}",
            Self::CAPACITY
        );
        Self::from_words(|i| set.0[i])
    }
    /// The set whose [`WORDS`](SquareBits::WORDS) 64-bit words, lowest squares first, are
    /// `word(0)`, `word(1)` and so on.
    fn from_words(word: impl Fn(usize) -> u64) -> Self;
    /// The same squares as a [`SquareSet`].
    fn to_set(self) -> SquareSet;
    /// Whether `sq` is in the set.
    fn contains(self, sq: Square) -> bool;
    /// Adds `sq` to the set.
    fn insert(&mut self, sq: Square);
    /// Takes `sq` out of the set.
    fn remove(&mut self, sq: Square);
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The number of squares in the set.
    fn len(self) -> usize;
    /// The lowest square of the set, if any.
    fn first(self) -> Option<Square>;
    /// The highest square of the set, if any.
    fn last(self) -> Option<Square>;
    /// The squares whose index is at most `sq`'s.
    fn at_or_below(sq: Square) -> Self;
    /// The squares whose index is at least `sq`'s.
    fn at_or_above(sq: Square) -> Self;
    /// The squares of the set in increasing order.
    fn iter(self) -> Self::Iter;
    /// The set with every square index raised by `by` (lowered for a negative `by`), which
    /// must be less than [`CAPACITY`](SquareBits::CAPACITY) in size; squares that leave the
    /// set's indices are dropped.
    fn shifted(self, by: i32) -> Self;

    /// Whether the two sets share a square.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }

    /// Where a slide along the ray `self` stops when the pieces stand on `occupied`: the
    /// squares of the ray up to and including the first occupied one. `rising` says whether
    /// the square indices rise from the nearest square out (they fall otherwise).
    #[inline]
    fn ray_until(self, occupied: Self, rising: bool) -> Self {
        let blockers = self & occupied;
        if rising {
            blockers
                .first()
                .map_or(self, |stop| self & Self::at_or_below(stop))
        } else {
            blockers
                .last()
                .map_or(self, |stop| self & Self::at_or_above(stop))
        }
    }
}

/// The squares of a one- or two-word set in increasing order.
#[derive(Clone, Copy, Debug)]
pub struct WordSquares<T>(T);

macro_rules! word_bits {
    ($word:ty, $bits:expr, |$w:ident| $from:expr, |$x:ident| $to:expr) => {
        impl SquareBits for $word {
            const CAPACITY: usize = $bits;
            const EMPTY: $word = 0;
            type Iter = WordSquares<$word>;

            #[inline]
            fn from_words($w: impl Fn(usize) -> u64) -> $word {
                $from
            }

            #[inline]
            fn to_set(self) -> SquareSet {
                let $x = self;
                SquareSet($to)
            }

            #[inline]
            fn contains(self, sq: Square) -> bool {
                self >> sq.index() & 1 != 0
            }

            #[inline]
            fn insert(&mut self, sq: Square) {
                *self |= 1 << sq.index();
            }

            #[inline]
            fn remove(&mut self, sq: Square) {
                *self &= !(1 << sq.index());
            }

            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline]
            fn len(self) -> usize {
                self.count_ones() as usize
            }

            #[inline]
            fn first(self) -> Option<Square> {
                (self != 0).then(|| Square(self.trailing_zeros() as u8))
            }

            #[inline]
            fn last(self) -> Option<Square> {
                (self != 0).then(|| Square(($bits - 1 - self.leading_zeros()) as u8))
            }

            #[inline]
            fn at_or_below(sq: Square) -> $word {
                <$word>::MAX >> ($bits - 1 - sq.index())
            }

            #[inline]
            fn at_or_above(sq: Square) -> $word {
                <$word>::MAX << sq.index()
            }

            /// As the trait's, without branches on the blockers: the mask up to the lowest
            /// blocker is `b ^ (b - 1)`, the mask from the highest one a shift by its index
            /// (both the whole word when there is none).
            #[inline]
            fn ray_until(self, occupied: $word, rising: bool) -> $word {
                let blockers = self & occupied;
                if rising {
                    self & (blockers ^ blockers.wrapping_sub(1))
                } else {
                    let stop = ($bits - 1) - blockers.leading_zeros().min($bits - 1);
                    self & (<$word>::MAX << stop)
                }
            }

            #[inline]
            fn iter(self) -> WordSquares<$word> {
                WordSquares(self)
            }

            #[inline]
            fn shifted(self, by: i32) -> $word {
                debug_assert!(by.unsigned_abs() < $bits);
                if by >= 0 {
                    self << by
                } else {
                    self >> -by
                }
            }
        }

        impl Iterator for WordSquares<$word> {
            type Item = Square;

            #[inline]
            fn next(&mut self) -> Option<Square> {
                let bits = self.0;
                if bits == 0 {
                    return None;
                }
                self.0 = bits & (bits - 1);
                Some(Square(bits.trailing_zeros() as u8))
            }
        }
    };
}

word_bits!(u64, 64, |word| word(0), |word| [word, 0, 0, 0]);
word_bits!(
    u128,
    128,
    |word| u128::from(word(1)) << 64 | u128::from(word(0)),
    |word| [word as u64, (word >> 64) as u64, 0, 0]
);

impl SquareBits for SquareSet {
    const CAPACITY: usize = 256;
    const EMPTY: SquareSet = SquareSet::EMPTY;
    type Iter = crate::Squares;

    #[inline]
    fn from_set_ref(set: &SquareSet) -> SquareSet {
        *set
    }

    #[inline]
    fn from_words(word: impl Fn(usize) -> u64) -> SquareSet {
        SquareSet([word(0), word(1), word(2), word(3)])
    }

    #[inline]
    fn to_set(self) -> SquareSet {
        self
    }

    #[inline]
    fn contains(self, sq: Square) -> bool {
        SquareSet::contains(&self, sq)
    }

    #[inline]
    fn insert(&mut self, sq: Square) {
        SquareSet::insert(self, sq);
    }

    #[inline]
    fn remove(&mut self, sq: Square) {
        SquareSet::remove(self, sq);
    }

    #[inline]
    fn is_empty(self) -> bool {
        SquareSet::is_empty(self)
    }

    #[inline]
    fn len(self) -> usize {
        SquareSet::len(self)
    }

    #[inline]
    fn first(self) -> Option<Square> {
        SquareSet::first(self)
    }

    #[inline]
    fn last(self) -> Option<Square> {
        SquareSet::last(self)
    }

    #[inline]
    fn at_or_below(sq: Square) -> SquareSet {
        SquareSet::at_or_below(sq)
    }

    #[inline]
    fn at_or_above(sq: Square) -> SquareSet {
        SquareSet::at_or_above(sq)
    }

    #[inline]
    fn iter(self) -> crate::Squares {
        SquareSet::iter(self)
    }

    #[inline]
    fn shifted(self, by: i32) -> SquareSet {
        SquareSet::shifted(self, by)
    }

    #[inline]
    fn intersects(self, other: SquareSet) -> bool {
        SquareSet::intersects(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of squares below `capacity` drawn from `seed`, as a [`SquareSet`].
    fn random_set(seed: &mut u64, capacity: usize) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for i in 0..capacity {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            if *seed % 5 == 0 {
                set.insert(Square(i as u8));
            }
        }
        set
    }

    /// Every operation of `B` agrees with the same operation on [`SquareSet`].
    fn agrees_with_square_set<B: SquareBits>() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let all: SquareSet = (0..B::CAPACITY).map(|i| Square(i as u8)).collect();
        for _ in 0..200 {
            let a = random_set(&mut seed, B::CAPACITY);
            let b = random_set(&mut seed, B::CAPACITY);
            let (x, y) = (B::from_set(a), B::from_set(b));
            assert_eq!(B::from_set(a & b), x & y);
            assert_eq!(B::from_set(a | b), x | y);
            assert_eq!(B::from_set(a ^ b), x ^ y);
            assert_eq!(x.len(), a.len());
            assert_eq!(x.is_empty(), a.is_empty());
            assert_eq!(x.first(), a.first());
            assert_eq!(x.last(), a.last());
            assert_eq!(x.intersects(y), a.intersects(b));
            assert!(x.iter().eq(a.iter()));
            assert_eq!(x.to_set(), a);
            for by in -(B::CAPACITY as i32 - 1)..B::CAPACITY as i32 {
                assert_eq!(
                    x.shifted(by),
                    B::from_set(a.shifted(by) & all),
                    "shift {by}"
                );
            }
            for rising in [false, true] {
                assert_eq!(x.ray_until(y, rising), B::from_set(a.ray_until(b, rising)));
            }
            for i in 0..B::CAPACITY {
                let sq = Square(i as u8);
                assert_eq!(x.contains(sq), a.contains(sq));
                let (below, above) = (SquareSet::at_or_below(sq), SquareSet::at_or_above(sq));
                assert_eq!(B::at_or_below(sq), B::from_set(below & all));
                assert_eq!(B::at_or_above(sq), B::from_set(above & all));
                let mut z = x;
                z.insert(sq);
                let mut c = a;
                c.insert(sq);
                assert_eq!(z, B::from_set(c));
                z.remove(sq);
                c.remove(sq);
                assert_eq!(z, B::from_set(c));
            }
        }
    }

    #[test]
    fn a_shifted_set_moves_each_square_by_the_shift() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20 {
            let set = random_set(&mut seed, 256);
            for by in -300..300 {
                let moved: SquareSet = set
                    .iter()
                    .filter_map(|sq| u8::try_from(sq.index() as i32 + by).ok())
                    .map(Square)
                    .collect();
                assert_eq!(set.shifted(by), moved, "shift {by}");
            }
        }
    }

    #[test]
    fn one_and_two_words_agree_with_four() {
        agrees_with_square_set::<u64>();
        agrees_with_square_set::<u128>();
    }
}
