//! Board geometry: squares, colours, square sets and the shape of the board.

use std::fmt;

/// Largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;

/// Largest number of squares on a board (16 x 16).
pub const MAX_SQUARES: usize = 256;

/// A square, numbered `rank * width + file` for the board it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(pub u8);

impl Square {
    /// Returns the index of the square as a `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The side a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves up the board (towards higher ranks).
    White,
    /// The side that moves down the board.
    Black,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Returns the other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Returns 0 for white and 1 for black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A set of squares of a board of up to 16 x 16 squares, stored as 256 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Returns a set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> SquareSet {
        let mut words = [0u64; 4];
        words[sq.index() >> 6] = 1 << (sq.index() & 63);
        SquareSet(words)
    }

    /// Returns whether `sq` is in the set.
    #[inline]
    pub const fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() >> 6] >> (sq.index() & 63) & 1 != 0
    }

    /// Adds `sq` to the set.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1 << (sq.index() & 63);
    }

    /// Removes `sq` from the set.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1 << (sq.index() & 63));
    }

    /// Returns whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// Returns the number of squares in the set.
    #[inline]
    pub const fn len(self) -> usize {
        (self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()) as usize
    }

    /// Iterates over the squares of the set in increasing order.
    #[inline]
    pub fn iter(self) -> Squares {
        Squares {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a [`SquareSet`] in increasing order, from [`SquareSet::iter`].
#[derive(Clone, Debug)]
pub struct Squares {
    /// The words not yet visited, with the squares already returned cleared.
    words: [u64; 4],
    /// The word the next square is looked for in.
    word: usize,
}

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(Square(
                    (self.word as u32 * 64 + bits.trailing_zeros()) as u8,
                ));
            }
            self.word += 1;
        }
        None
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl std::ops::$trait for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $method(self, rhs: SquareSet) -> SquareSet {
                SquareSet([
                    self.0[0] $op rhs.0[0],
                    self.0[1] $op rhs.0[1],
                    self.0[2] $op rhs.0[2],
                    self.0[3] $op rhs.0[3],
                ])
            }
        }

        impl std::ops::$assign_trait for SquareSet {
            #[inline]
            fn $assign_method(&mut self, rhs: SquareSet) {
                *self = *self $op rhs;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl std::ops::Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl SquareSet {
    /// Returns the lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        for (w, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return Some(Square((w as u32 * 64 + word.trailing_zeros()) as u8));
            }
        }
        None
    }

    /// Returns the highest square of the set, if any.
    #[inline]
    pub fn last(self) -> Option<Square> {
        for (w, &word) in self.0.iter().enumerate().rev() {
            if word != 0 {
                return Some(Square((w as u32 * 64 + 63 - word.leading_zeros()) as u8));
            }
        }
        None
    }

    /// The squares whose index is at most `sq`'s.
    #[inline]
    pub fn at_or_below(sq: Square) -> SquareSet {
        let (word, bit) = (sq.index() >> 6, sq.index() & 63);
        let mut words = [0u64; 4];
        for (w, out) in words.iter_mut().enumerate() {
            *out = match w.cmp(&word) {
                std::cmp::Ordering::Less => u64::MAX,
                std::cmp::Ordering::Equal => u64::MAX >> (63 - bit),
                std::cmp::Ordering::Greater => 0,
            };
        }
        SquareSet(words)
    }

    /// The squares whose index is at least `sq`'s.
    #[inline]
    pub fn at_or_above(sq: Square) -> SquareSet {
        let (word, bit) = (sq.index() >> 6, sq.index() & 63);
        let mut words = [0u64; 4];
        for (w, out) in words.iter_mut().enumerate() {
            *out = match w.cmp(&word) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => u64::MAX << bit,
                std::cmp::Ordering::Greater => u64::MAX,
            };
        }
        SquareSet(words)
    }

    /// Returns whether the two sets share a square.
    #[inline]
    pub fn intersects(self, other: SquareSet) -> bool {
        !(self & other).is_empty()
    }

    /// The set with every square index raised by `by` (lowered for a negative `by`);
    /// squares that leave the 256 indices are dropped.
    pub fn shifted(self, by: i32) -> SquareSet {
        let mut words = [0u64; 4];
        if by.unsigned_abs() >= 256 {
            return SquareSet(words);
        }
        let (word_shift, bit) = ((by.unsigned_abs() / 64) as usize, by.unsigned_abs() % 64);
        for (i, out) in words.iter_mut().enumerate() {
            // The source words that land on word `i`: `whole`, and `carry` for its low bits.
            let (whole, carry) = if by >= 0 {
                (i.checked_sub(word_shift), i.checked_sub(word_shift + 1))
            } else {
                (Some(i + word_shift), Some(i + word_shift + 1))
            };
            let word = |w: Option<usize>| w.and_then(|w| self.0.get(w)).copied().unwrap_or(0);
            *out = match (by >= 0, bit) {
                (_, 0) => word(whole),
                (true, _) => word(whole) << bit | word(carry) >> (64 - bit),
                (false, _) => word(whole) >> bit | word(carry) << (64 - bit),
            };
        }
        SquareSet(words)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

/// Why a board geometry could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// Width or height is 0 or larger than 16.
    BadSize {
        /// The requested number of files.
        width: u8,
        /// The requested number of ranks.
        height: u8,
    },
    /// A square name does not name a square of this board.
    BadSquare(String),
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::BadSize { width, height } => write!(
                f,
                "board size {width}x{height} is not supported (1 to {MAX_SIDE} files and ranks)"
            ),
            GeometryError::BadSquare(name) => write!(f, "'{name}' is not a square of this board"),
        }
    }
}

impl std::error::Error for GeometryError {}

/// The shape of a board: files, ranks and squares that are not part of it (holes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    holes: SquareSet,
}

impl Geometry {
    /// Makes a rectangular board of `width` files and `height` ranks.
    ///
    /// # Errors
    /// Returns [`GeometryError::BadSize`] unless both sides are between 1 and 16.
    pub fn new(width: u8, height: u8) -> Result<Geometry, GeometryError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(GeometryError::BadSize { width, height });
        }
        Ok(Geometry {
            width,
            height,
            holes: SquareSet::EMPTY,
        })
    }

    /// Returns the same board with `holes` removed from it.
    pub fn with_holes(mut self, holes: SquareSet) -> Geometry {
        self.holes = holes;
        self
    }

    /// Number of files.
    #[inline]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Number of ranks.
    #[inline]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Squares that are not part of the board.
    #[inline]
    pub const fn holes(&self) -> SquareSet {
        self.holes
    }

    /// Number of square indices (`width * height`), holes included.
    #[inline]
    pub const fn num_squares(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The 64-bit words a set of this board's squares is stored in: one for boards of up to 64
    /// squares, two for up to 128, four above ([`SquareBits`](crate::SquareBits) has a type
    /// for each).
    #[inline]
    pub const fn set_words(&self) -> usize {
        match self.num_squares() {
            0..=64 => 1,
            65..=128 => 2,
            _ => 4,
        }
    }

    /// Returns the square at `file`, `rank` (both from 0), or `None` off the board or on a hole.
    #[inline]
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.width as i32 || rank >= self.height as i32 {
            return None;
        }
        let sq = Square((rank * self.width as i32 + file) as u8);
        (!self.holes.contains(sq)).then_some(sq)
    }

    /// Returns the file of `sq`, from 0.
    #[inline]
    pub const fn file(&self, sq: Square) -> i32 {
        (sq.0 % self.width) as i32
    }

    /// Returns the rank of `sq`, from 0.
    #[inline]
    pub const fn rank(&self, sq: Square) -> i32 {
        (sq.0 / self.width) as i32
    }

    /// The number of king steps from `a` to `b` on an empty board without holes.
    #[inline]
    pub fn king_distance(&self, a: Square, b: Square) -> i32 {
        (self.file(a) - self.file(b))
            .abs()
            .max((self.rank(a) - self.rank(b)).abs())
    }

    /// Iterates over every square of the board that is not a hole.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.num_squares())
            .map(|i| Square(i as u8))
            .filter(|&sq| !self.holes.contains(sq))
    }

    /// Names a square the usual way: file letter then rank number from 1 (`a1`, `p16`).
    pub fn name(&self, sq: Square) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(sq) as u8) as char,
            self.rank(sq) + 1
        )
    }

    /// Parses a square name such as `e4` or `j10`.
    ///
    /// # Errors
    /// Returns [`GeometryError::BadSquare`] if the name is malformed or off the board.
    pub fn parse_square(&self, name: &str) -> Result<Square, GeometryError> {
        let bad = || GeometryError::BadSquare(name.to_string());
        let mut chars = name.chars();
        let file = chars.next().ok_or_else(bad)?;
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: i32 = chars.as_str().parse().map_err(|_| bad())?;
        if chars.as_str().starts_with('+') || chars.as_str().starts_with('0') {
            return Err(bad());
        }
        self.square(file as i32 - 'a' as i32, rank - 1)
            .ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = Geometry::new(16, 16).unwrap();
        for sq in g.squares() {
            assert_eq!(g.parse_square(&g.name(sq)), Ok(sq));
        }
        assert!(g.parse_square("q1").is_err());
        assert!(g.parse_square("a17").is_err());
        assert!(g.parse_square("a0").is_err());
        assert!(g.parse_square("a01").is_err());
        assert!(g.parse_square("").is_err());
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Geometry::new(0, 8).is_err());
        assert!(Geometry::new(17, 8).is_err());
        assert!(Geometry::new(16, 16).is_ok());
    }

    #[test]
    fn square_set_iterates_in_order() {
        let set: SquareSet = [Square(200), Square(3), Square(64)].into_iter().collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![Square(3), Square(64), Square(200)]
        );
        assert_eq!(set.len(), 3);
        // Every word's first and last square, and words left empty between others.
        let edges = [0u8, 63, 64, 127, 128, 191, 192, 255].map(Square);
        let set: SquareSet = edges.into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), edges);
        let sparse: SquareSet = [Square(1), Square(254)].into_iter().collect();
        assert_eq!(sparse.iter().collect::<Vec<_>>(), [Square(1), Square(254)]);
        assert_eq!(SquareSet::EMPTY.iter().next(), None);
    }

    #[test]
    fn square_set_ends_and_halves() {
        let set: SquareSet = [Square(200), Square(3), Square(64)].into_iter().collect();
        assert_eq!(set.first(), Some(Square(3)));
        assert_eq!(set.last(), Some(Square(200)));
        assert_eq!(SquareSet::EMPTY.last(), None);
        for i in [0u8, 1, 63, 64, 127, 128, 200, 255] {
            let below = SquareSet::at_or_below(Square(i));
            let above = SquareSet::at_or_above(Square(i));
            assert_eq!(below.len(), usize::from(i) + 1);
            assert_eq!(above.len(), 256 - usize::from(i));
            assert_eq!(below & above, SquareSet::from_square(Square(i)));
            assert_eq!(below.last(), Some(Square(i)));
            assert_eq!(above.first(), Some(Square(i)));
        }
    }
}
