//! Directions: the eight-direction "K-system" and how direction letters select from it.
//!
//! Direction `d` (0..8) runs clockwise from forward: 0 f, 1 fr, 2 r, 3 br, 4 b, 5 bl, 6 l, 7 fl.
//! For oblique atoms the same eight indices name the eight leaps in angular order, starting with
//! the forward leap that leans right: for the Knight 0 = (1,2), 1 = (2,1), 2 = (2,-1), ...

/// One of the direction letters of XBetza.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirLetter {
    /// `f`: forward.
    F,
    /// `b`: backward.
    B,
    /// `l`: left.
    L,
    /// `r`: right.
    R,
    /// `v`: vertical, forward or backward.
    V,
    /// `s`: sideways, left or right.
    S,
    /// `h`: half, combines with another letter.
    H,
}

impl DirLetter {
    /// Reads a direction letter.
    pub fn from_char(c: char) -> Option<DirLetter> {
        Some(match c {
            'f' => DirLetter::F,
            'b' => DirLetter::B,
            'l' => DirLetter::L,
            'r' => DirLetter::R,
            'v' => DirLetter::V,
            's' => DirLetter::S,
            'h' => DirLetter::H,
            _ => return None,
        })
    }

    /// The letter as written.
    pub fn to_char(self) -> char {
        match self {
            DirLetter::F => 'f',
            DirLetter::B => 'b',
            DirLetter::L => 'l',
            DirLetter::R => 'r',
            DirLetter::V => 'v',
            DirLetter::S => 's',
            DirLetter::H => 'h',
        }
    }

    /// The K-system directions named by the letter alone (`f` = {0}, `v` = {0, 4}).
    pub fn k_narrow(self) -> DirSet {
        DirSet(match self {
            DirLetter::F => 0b0000_0001,
            DirLetter::R => 0b0000_0100,
            DirLetter::B => 0b0001_0000,
            DirLetter::L => 0b0100_0000,
            DirLetter::V => 0b0001_0001,
            DirLetter::S => 0b0100_0100,
            DirLetter::H => 0,
        })
    }

    /// The K-system directions with a component along the letter (`f` = {7, 0, 1}).
    pub fn k_wide(self) -> DirSet {
        DirSet(match self {
            DirLetter::F => 0b1000_0011,
            DirLetter::R => 0b0000_1110,
            DirLetter::B => 0b0011_1000,
            DirLetter::L => 0b1110_0000,
            DirLetter::V => 0b1011_1011,
            DirLetter::S => 0b1110_1110,
            DirLetter::H => 0,
        })
    }

    /// The two oblique leaps that go furthest along the letter (`f` = {7, 0}).
    pub fn oblique_narrow(self) -> DirSet {
        DirSet(match self {
            DirLetter::F => 0b1000_0001,
            DirLetter::R => 0b0000_0110,
            DirLetter::B => 0b0001_1000,
            DirLetter::L => 0b0110_0000,
            DirLetter::V => 0b1001_1001,
            DirLetter::S => 0b0110_0110,
            DirLetter::H => 0,
        })
    }

    /// The four oblique leaps with a component along the letter (`f` = {6, 7, 0, 1}).
    pub fn oblique_wide(self) -> DirSet {
        DirSet(match self {
            DirLetter::F => 0b1100_0011,
            DirLetter::R => 0b0000_1111,
            DirLetter::B => 0b0011_1100,
            DirLetter::L => 0b1111_0000,
            DirLetter::V | DirLetter::S => 0xFF,
            DirLetter::H => 0,
        })
    }
}

/// A set of K-system directions, bit `d` for direction `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DirSet(pub u8);

impl DirSet {
    /// No direction.
    pub const NONE: DirSet = DirSet(0);
    /// All eight directions.
    pub const ALL: DirSet = DirSet(0xFF);
    /// The four orthogonal directions.
    pub const ORTHOGONAL: DirSet = DirSet(0b0101_0101);
    /// The four diagonal directions.
    pub const DIAGONAL: DirSet = DirSet(0b1010_1010);

    /// Returns whether direction `d` is in the set.
    #[inline]
    pub const fn contains(self, d: u8) -> bool {
        self.0 >> (d & 7) & 1 != 0
    }

    /// Returns whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union of two sets.
    #[inline]
    pub const fn union(self, other: DirSet) -> DirSet {
        DirSet(self.0 | other.0)
    }

    /// Intersection of two sets.
    #[inline]
    pub const fn intersection(self, other: DirSet) -> DirSet {
        DirSet(self.0 & other.0)
    }

    /// Number of directions in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Iterates over the directions in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..8u8).filter(move |&d| self.contains(d))
    }

    /// Mirrors the set left to right (direction `d` becomes `8 - d`, oblique `d` becomes `7 - d`).
    pub fn mirrored(self, oblique: bool) -> DirSet {
        let mut out = 0u8;
        for d in self.iter() {
            let m = if oblique { 7 - d } else { (8 - d) & 7 };
            out |= 1 << m;
        }
        DirSet(out)
    }
}

/// How an atom reads direction letters on the first leg of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirClass {
    /// W, D, H, R, WX ...: four orthogonal directions; letters never combine.
    Orthogonal,
    /// F, A, G, B, FY ...: four diagonal directions; perpendicular letters combine.
    Diagonal,
    /// K, Q: all eight K-system directions.
    Eightfold,
    /// N, C, Z and other (minor, major) leaps with 0 < minor < major: eight leaps.
    Oblique,
}

/// Resolves the direction letters of one run (letters written next to each other) into a set.
///
/// Letters of different runs never combine; the caller unions the runs of a leg.
pub fn resolve_run(run: &[DirLetter], class: DirClass) -> DirSet {
    let mut set = DirSet::NONE;
    let mut i = 0;
    while i < run.len() {
        let c = run[i];
        let next = run.get(i + 1).copied();
        let (add, used) = match class {
            DirClass::Orthogonal => (c.k_narrow(), 1),
            DirClass::Diagonal => diagonal_pair(c, next),
            DirClass::Eightfold => eightfold_pair(c, next),
            DirClass::Oblique => oblique_pair(c, next),
        };
        set = set.union(add);
        i += used;
    }
    match class {
        DirClass::Orthogonal => set.intersection(DirSet::ORTHOGONAL),
        DirClass::Diagonal => set.intersection(DirSet::DIAGONAL),
        _ => set,
    }
}

fn diagonal_pair(c: DirLetter, next: Option<DirLetter>) -> (DirSet, usize) {
    if c == DirLetter::H {
        return (DirSet::NONE, 1);
    }
    match next {
        Some(DirLetter::H) => (c.k_wide(), 2),
        Some(c2) => {
            let both = c.k_wide().intersection(c2.k_wide());
            if both.is_empty() {
                (c.k_wide(), 1)
            } else {
                (both, 2)
            }
        }
        None => (c.k_wide(), 1),
    }
}

fn eightfold_pair(c: DirLetter, next: Option<DirLetter>) -> (DirSet, usize) {
    if c == DirLetter::H {
        return (DirSet::NONE, 1);
    }
    match next {
        Some(DirLetter::H) => (c.k_wide(), 2),
        Some(c2) if c2 == c => (c.k_narrow(), 2),
        Some(c2) => {
            let perpendicular = c.k_narrow().intersection(c2.k_wide()).is_empty();
            let both = c.k_wide().intersection(c2.k_wide());
            if perpendicular && !both.is_empty() {
                (both, 2)
            } else {
                (c.k_narrow(), 1)
            }
        }
        None => (c.k_narrow(), 1),
    }
}

fn oblique_pair(c: DirLetter, next: Option<DirLetter>) -> (DirSet, usize) {
    if c == DirLetter::H {
        return match next {
            Some(DirLetter::R) => (DirSet(0b0101_0101), 2),
            Some(DirLetter::L) => (DirSet(0b1010_1010), 2),
            _ => (DirSet::NONE, 1),
        };
    }
    match next {
        Some(DirLetter::H) => (c.oblique_wide(), 2),
        Some(c2) if c2 == c => (c.oblique_narrow(), 2),
        Some(c2) => {
            let both = c.oblique_wide().intersection(c2.oblique_narrow());
            if both.is_empty() {
                (c.oblique_narrow(), 1)
            } else {
                (both, 2)
            }
        }
        None => (c.oblique_narrow(), 1),
    }
}

/// Returns the step `(dx, dy)` of a leap written in orthogonal form `(minor, major)` turned to
/// K-system direction `d`, for white (forward is +y).
///
/// Diagonal atoms are written in orthogonal form too (F = (0,1), A = (0,2)): odd directions turn
/// `(0, q)` into `(q, q)` (atom rotation) and an oblique `(p, q)` into `(q, p)`.
pub fn step_vector(minor: i32, major: i32, d: u8) -> (i32, i32) {
    let (x, y) = match (d & 1, minor) {
        (0, _) => (minor, major),
        (_, 0) => (major, major),
        _ => (major, minor),
    };
    quarter_turns(x, y, d)
}

/// Turns `(x, y)` clockwise by 90 degrees if bit 1 of `d` is set, then by 180 degrees if bit 2
/// is set: the even part of K-system direction `d`.
pub fn quarter_turns(mut x: i32, mut y: i32, d: u8) -> (i32, i32) {
    if d & 2 != 0 {
        (x, y) = (y, -x);
    }
    if d & 4 != 0 {
        (x, y) = (-x, -y);
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use DirLetter::*;

    fn set(dirs: &[u8]) -> DirSet {
        DirSet(dirs.iter().fold(0, |acc, &d| acc | 1 << d))
    }

    #[test]
    fn knight_vectors_run_clockwise() {
        let got: Vec<_> = (0..8).map(|d| step_vector(1, 2, d)).collect();
        assert_eq!(
            got,
            vec![
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2)
            ]
        );
    }

    #[test]
    fn atoms_rotate_between_orthogonal_and_diagonal() {
        assert_eq!(step_vector(0, 1, 1), (1, 1));
        assert_eq!(step_vector(0, 2, 3), (2, -2));
        assert_eq!(step_vector(0, 3, 6), (-3, 0));
        assert_eq!(step_vector(0, 3, 5), (-3, -3));
    }

    #[test]
    fn diagonal_letters_combine() {
        assert_eq!(resolve_run(&[F], DirClass::Diagonal), set(&[7, 1]));
        assert_eq!(resolve_run(&[F, R], DirClass::Diagonal), set(&[1]));
        assert_eq!(resolve_run(&[V, R], DirClass::Diagonal), set(&[1, 3]));
        assert_eq!(resolve_run(&[S, V], DirClass::Diagonal), DirSet::DIAGONAL);
        assert_eq!(resolve_run(&[F, B], DirClass::Diagonal), DirSet::DIAGONAL);
    }

    #[test]
    fn eightfold_letters_combine_when_perpendicular() {
        assert_eq!(resolve_run(&[F, R], DirClass::Eightfold), set(&[1]));
        assert_eq!(resolve_run(&[F, S], DirClass::Eightfold), set(&[1, 7]));
        assert_eq!(resolve_run(&[V, S], DirClass::Eightfold), DirSet::DIAGONAL);
        assert_eq!(resolve_run(&[F, B], DirClass::Eightfold), set(&[0, 4]));
        assert_eq!(resolve_run(&[F, H], DirClass::Eightfold), set(&[7, 0, 1]));
        assert_eq!(
            resolve_run(&[F, F, R, R], DirClass::Eightfold),
            set(&[0, 2])
        );
    }

    #[test]
    fn oblique_letters_name_pairs_and_members() {
        assert_eq!(resolve_run(&[F, R], DirClass::Oblique), set(&[1]));
        assert_eq!(resolve_run(&[R, F], DirClass::Oblique), set(&[0]));
        assert_eq!(resolve_run(&[F, S], DirClass::Oblique), set(&[1, 6]));
        assert_eq!(resolve_run(&[V, R], DirClass::Oblique), set(&[1, 2]));
        assert_eq!(resolve_run(&[H, R], DirClass::Oblique), set(&[0, 2, 4, 6]));
        assert_eq!(resolve_run(&[F, H], DirClass::Oblique), set(&[6, 7, 0, 1]));
        assert_eq!(
            resolve_run(&[F, F, R, R], DirClass::Oblique),
            set(&[7, 0, 1, 2])
        );
    }

    #[test]
    fn orthogonal_letters_never_combine() {
        assert_eq!(resolve_run(&[F, S], DirClass::Orthogonal), set(&[0, 2, 6]));
        assert_eq!(resolve_run(&[F, R], DirClass::Orthogonal), set(&[0, 2]));
    }
}
