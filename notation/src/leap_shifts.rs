//! A table's leap sets read by shifts: a leap from `from` to `from + delta` is the same index
//! difference wherever it starts, so the targets of many pieces' leaps are found at once by
//! shifting the set of their squares, one shift per difference, instead of square by square.

use std::collections::BTreeMap;

use crate::{table::Leap, Initial, LeapSets, Modes, Square, SquareBits, SquareSet};

/// The leaps in the [leap sets](crate::MoveTable::leap_sets) whose target lies `delta`
/// square indices above their square (below, for a negative `delta`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeapShift {
    /// The difference between target and square indices.
    pub delta: i16,
    /// The squares from which such a leap exists, by what it may do on its target (each set
    /// holds squares, not targets).
    pub from: LeapSets,
}

impl LeapShift {
    /// The targets of the leaps of this difference from `pieces`: empty squares where a leap
    /// may move, foes where it may capture. As from one square no two leaps of a difference
    /// exist, each target stands for one move.
    #[inline]
    pub fn targets<B: SquareBits>(&self, pieces: B, empty: B, foes: B) -> B {
        let shifted = |from| (pieces & B::from_set_ref(from)).shifted(self.delta as i32);
        let both = shifted(&self.from.moves_or_captures) & (empty | foes);
        both | (shifted(&self.from.moves) & empty) | (shifted(&self.from.captures) & foes)
    }
}

/// The [other leaps](crate::MoveTable::other_leaps) of one kind: the same difference of
/// target and square indices, the same block square relative to the square, the same modes,
/// the same restriction to initial moves and e.p. right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherLeapShift {
    /// The difference between target and square indices.
    pub delta: i16,
    /// The difference between the indices of the square that must be empty and the square.
    pub block: Option<i16>,
    /// What the leap may do on its target.
    pub modes: Modes,
    /// Which pieces may make it.
    pub initial: Initial,
    /// Whether it gives e.p. rights on its block square.
    pub ep_on_block: bool,
    /// The squares from which such a leap exists.
    pub from: SquareSet,
}

impl OtherLeapShift {
    /// The squares from which such a leap of one of `pieces` is not blocked (its block
    /// square, if any, is in `empty`), before its target is looked at.
    #[inline]
    pub fn unblocked<B: SquareBits>(&self, pieces: B, empty: B) -> B {
        let from = pieces & B::from_set_ref(&self.from);
        match self.block {
            Some(block) => from & empty.shifted(-(block as i32)),
            None => from,
        }
    }
}

/// The other leaps of each square (by index) grouped by kind, in table order of first
/// appearance.
pub(crate) fn other_leap_shifts<'a>(
    squares: impl Iterator<Item = (Square, &'a [Leap])>,
) -> Vec<OtherLeapShift> {
    let mut shifts: Vec<OtherLeapShift> = Vec::new();
    for (from, leaps) in squares {
        for leap in leaps {
            let delta = leap.to.index() as i16 - from.index() as i16;
            let block = leap.block.map(|b| b.index() as i16 - from.index() as i16);
            let same = |s: &&mut OtherLeapShift| {
                (s.delta, s.block, s.modes, s.initial, s.ep_on_block)
                    == (delta, block, leap.modes, leap.initial, leap.ep_on_block)
            };
            match shifts.iter_mut().find(same) {
                Some(shift) => shift.from.insert(from),
                None => shifts.push(OtherLeapShift {
                    delta,
                    block,
                    modes: leap.modes,
                    initial: leap.initial,
                    ep_on_block: leap.ep_on_block,
                    from: SquareSet::from_square(from),
                }),
            }
        }
    }
    shifts
}

/// The shifts of `leap_sets` (one per square, by index), in increasing order of difference.
pub(crate) fn leap_shifts(leap_sets: &[LeapSets]) -> Vec<LeapShift> {
    let mut by_delta: BTreeMap<i16, LeapSets> = BTreeMap::new();
    for (index, sets) in leap_sets.iter().enumerate() {
        let from = Square(index as u8);
        let mut add = |targets: &SquareSet, pick: fn(&mut LeapSets) -> &mut _| {
            for to in targets.iter() {
                let delta = to.index() as i16 - index as i16;
                let squares: &mut SquareSet = pick(by_delta.entry(delta).or_default());
                squares.insert(from);
            }
        };
        add(&sets.moves_or_captures, |s| &mut s.moves_or_captures);
        add(&sets.moves, |s| &mut s.moves);
        add(&sets.captures, |s| &mut s.captures);
    }
    by_delta
        .into_iter()
        .map(|(delta, from)| LeapShift { delta, from })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::{compile, parse, Color, Geometry, SquareSet};

    /// A set of the board's squares drawn from `seed`, about one in `one_in`.
    fn random_set(seed: &mut u64, squares: usize, one_in: u64) -> SquareSet {
        (0..squares)
            .filter(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                *seed % one_in == 0
            })
            .map(|i| crate::Square(i as u8))
            .collect()
    }

    #[test]
    fn shifts_find_the_targets_the_leap_sets_hold_square_by_square() {
        let holes: SquareSet = [3, 40, 41].map(crate::Square).into_iter().collect();
        let boards = [
            Geometry::new(8, 8).unwrap(),
            Geometry::new(10, 10).unwrap(),
            Geometry::new(16, 16).unwrap(),
            Geometry::new(8, 8).unwrap().with_holes(holes),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for geometry in &boards {
            let n = geometry.num_squares();
            for betza in ["fmWfcF", "N", "KAD", "mNcK", "fmWfcFifmnD", "HC", "mRcW"] {
                for color in Color::ALL {
                    let table = compile(&parse(betza).unwrap(), geometry, color);
                    assert!(!table.leap_shifts().is_empty(), "{betza}");
                    for _ in 0..20 {
                        let pieces = random_set(&mut seed, n, 4);
                        let foes = random_set(&mut seed, n, 3) & !pieces;
                        let empty =
                            !(pieces | foes) & (0..n).map(|i| crate::Square(i as u8)).collect();
                        let by_squares = pieces.iter().fold(0usize, |sum, from| {
                            sum + table.leap_sets(from).targets(empty, foes).len()
                        });
                        let by_shifts: usize = table
                            .leap_shifts()
                            .iter()
                            .map(|shift| shift.targets(pieces, empty, foes).len())
                            .sum();
                        assert_eq!(by_shifts, by_squares, "{betza} {color:?}");
                        let reached = pieces.iter().fold(SquareSet::EMPTY, |set, from| {
                            set | table.leap_sets(from).targets(empty, foes)
                        });
                        let shifted =
                            table.leap_shifts().iter().fold(SquareSet::EMPTY, |set, s| {
                                set | s.targets(pieces, empty, foes)
                            });
                        assert_eq!(shifted, reached, "{betza} {color:?}");
                    }
                }
            }
        }
    }
}
