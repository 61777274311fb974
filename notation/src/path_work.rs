//! How much work a generator may do walking a piece's multi-leg paths: an upper bound, over
//! every board, on the squares a walk visits from one square, so that a piece whose chains
//! of legs (`aaaaaQ`) would stall every move generation can be refused when it is defined.
//!
//! The bound walks the path programs as a generator does ([`crate::MoveTable`]'s rays, ranges,
//! range toggles, `i` legs, bends) but lets every square be empty and occupied at once: each
//! ray runs to its end, and a square continues the move by the larger of what an empty and
//! an occupied square would allow. What a leg can do from a square depends only on the leg,
//! the square, the previous direction, the toggle parity and (for a later `i` leg) the last
//! slider's steps, so each such state is counted once and the bound takes time polynomial in
//! the legs, not exponential.

use std::{cell::Cell, collections::HashMap, fmt};

use crate::{
    ast::Range, geometry::Color, table::PathKind, Curve, Modes, MoveTable, PathLeg, Square,
};

/// The most squares a walk of a piece's paths may visit from one square (see
/// [`MoveTable::path_work`]): a few milliseconds of generation. Pieces beyond it are
/// refused.
pub const PATH_WORK_LIMIT: u64 = 100_000;

/// The most steps the bound itself takes before it calls a piece too complex (pieces with
/// dozens of legs on a large board): a fraction of a second.
const EFFORT_LIMIT: u64 = 4_000_000;

/// A piece refused because walking its paths could take too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathWorkError {
    /// The bound [`MoveTable::path_work`] found (`u64::MAX`: too complex to bound).
    pub work: u64,
}

impl PathWorkError {
    /// The error for `tables` (a piece's moves for each colour), if one is over the limit.
    pub fn check(tables: &[MoveTable]) -> Result<(), PathWorkError> {
        match tables.iter().map(MoveTable::path_work).max() {
            Some(work) if work > PATH_WORK_LIMIT => Err(PathWorkError { work }),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for PathWorkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.work == u64::MAX {
            write!(f, "its multi-leg moves are too many to walk")?;
        } else {
            write!(f, "its multi-leg moves may visit {} squares", self.work)?;
        }
        write!(
            f,
            " from one square, more than the {PATH_WORK_LIMIT} Kraken walks per piece and move \
             (fewer or shorter legs, or a smaller board)"
        )
    }
}

/// How a leg goes on from a square it reaches: how many next legs start there with the range
/// toggle parity kept, and how many with it flipped.
#[derive(Clone, Copy, Default)]
struct Branches {
    same: u64,
    flipped: u64,
}

impl Branches {
    /// What leg `leg` starts where it ends, on an empty square and on an occupied one.
    fn of(leg: &PathLeg) -> [Branches; 2] {
        let m = leg.modes;
        let count = |flags: &[Modes]| flags.iter().filter(|&&f| m.contains(f)).count() as u64;
        let captures = u64::from(m.intersects(Modes::CAPTURE.union(Modes::ROYAL_CAPTURE)));
        let empty = Branches {
            same: count(&[Modes::MOVE, Modes::EN_PASSANT]),
            flipped: count(&[Modes::FORK]),
        };
        let occupied = Branches {
            same: captures + count(&[Modes::DESTROY, Modes::EXCITE, Modes::HOP]),
            flipped: count(&[Modes::GRASSHOP]),
        };
        [empty, occupied]
    }
}

/// A point of a walk where a leg starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct LegStart {
    leg: u8,
    from: Square,
    prev_dir: u8,
    toggled: bool,
    slid: u8,
}

/// The bound for one path program, with the states already counted.
struct Bound<'a> {
    table: &'a MoveTable,
    legs: &'a [PathLeg],
    /// Per leg: whether it or a later one is an `i` leg (only then do the last slider's steps
    /// matter).
    iso_ahead: Vec<bool>,
    memo: HashMap<LegStart, u64>,
    /// Steps taken by the bound so far, for every program of the table.
    effort: &'a Cell<u64>,
}

impl<'a> Bound<'a> {
    fn new(table: &'a MoveTable, legs: &'a [PathLeg], effort: &'a Cell<u64>) -> Bound<'a> {
        let mut iso_ahead = vec![false; legs.len() + 1];
        for k in (0..legs.len()).rev() {
            iso_ahead[k] = legs[k].iso || iso_ahead[k + 1];
        }
        Bound {
            table,
            legs,
            iso_ahead,
            memo: HashMap::new(),
            effort,
        }
    }

    /// The most steps leg `k` takes from `from` (as the walker counts them).
    fn max_steps(&self, k: usize, from: Square, toggled: bool) -> usize {
        let leg = &self.legs[k];
        let range = if k > 0 && toggled {
            leg.range.toggled()
        } else {
            leg.range
        };
        let g = self.table.geometry();
        let steps = match range {
            Range::Steps(n) => n as usize,
            Range::Unlimited => g.num_squares(),
            Range::EnemyHalf => {
                let rank = match self.table.color() {
                    Color::White => g.rank(from),
                    Color::Black => g.height() as i32 - 1 - g.rank(from),
                };
                (g.height() as i32 / 2 - 1 - rank).max(1) as usize
            }
        };
        match leg.curve {
            Curve::Circular => steps.min(7),
            _ => steps.min(g.num_squares()),
        }
    }

    /// Squares visited by the walk from `start` on (leg `start.leg` and every later one).
    fn work(&mut self, start: LegStart) -> u64 {
        let k = start.leg as usize;
        if k >= self.legs.len() {
            return 0;
        }
        let key = LegStart {
            slid: if self.iso_ahead[k] { start.slid } else { 0 },
            ..start
        };
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        if self.effort.get() > EFFORT_LIMIT {
            return u64::MAX;
        }
        let leg = self.legs[k];
        let max = self.max_steps(k, key.from, key.toggled);
        let branches = Branches::of(&leg);
        let family = self.table.family(&leg);
        let mut total = 0u64;
        for rel in leg.dirs.iter() {
            let d0 = if k == 0 {
                rel
            } else {
                (key.prev_dir + rel) & 7
            };
            // Each step: the square reached, the direction walked, and the steps so far.
            let mut steps: Vec<(Square, u8, usize)> = Vec::new();
            match leg.curve {
                Curve::Straight => {
                    for (i, step) in family.ray(key.from, d0).iter().take(max).enumerate() {
                        steps.push((step.to, d0, i + 1));
                    }
                }
                Curve::Crooked | Curve::Circular => {
                    for sense in [1u8, 7u8] {
                        let (mut at, mut d) = (key.from, d0);
                        for t in 1..=max {
                            let Some(step) = family.ray(at, d).first() else {
                                break;
                            };
                            if step.to == key.from {
                                break;
                            }
                            steps.push((step.to, d, t));
                            at = step.to;
                            d = match leg.curve {
                                Curve::Crooked if t % 2 == 1 => (d0 + 2 * sense) & 7,
                                Curve::Crooked => d0,
                                _ => (d + sense) & 7,
                            };
                        }
                    }
                }
            }
            let slider = max > 1;
            self.effort.set(self.effort.get() + steps.len() as u64);
            for (to, d, t) in steps {
                if leg.iso && t != usize::from(key.slid) {
                    total = total.saturating_add(1);
                    continue;
                }
                let next = |toggled: bool| LegStart {
                    leg: key.leg + 1,
                    from: to,
                    prev_dir: d,
                    toggled,
                    slid: PathLeg::iso_length_after(usize::from(key.slid), t, slider).min(255)
                        as u8,
                };
                let same = self.work(next(key.toggled));
                let flipped = self.work(next(!key.toggled));
                let goes_on = branches
                    .iter()
                    .map(|b| {
                        b.same
                            .saturating_mul(same)
                            .saturating_add(b.flipped.saturating_mul(flipped))
                    })
                    .max()
                    .unwrap_or(0);
                total = total.saturating_add(1).saturating_add(goes_on);
            }
        }
        self.memo.insert(key, total);
        total
    }
}

impl MoveTable {
    /// An upper bound, over every board, on the squares a generator visits walking this
    /// table's multi-leg paths from its worst square (plain leaps, slides and hops, castling
    /// and `U` are not walked and not counted). Compare with [`PATH_WORK_LIMIT`].
    pub fn path_work(&self) -> u64 {
        let effort = Cell::new(0);
        let mut bounds: Vec<Bound> = self
            .paths()
            .iter()
            .filter(|p| p.kind == PathKind::Legs)
            .map(|p| Bound::new(self, &p.legs, &effort))
            .collect();
        let mut worst = 0u64;
        for from in self.geometry().squares() {
            let start = LegStart {
                leg: 0,
                from,
                prev_dir: 0,
                toggled: false,
                slid: 0,
            };
            let here = bounds
                .iter_mut()
                .fold(0u64, |sum, b| sum.saturating_add(b.work(start)));
            worst = worst.max(here);
            if effort.get() > EFFORT_LIMIT {
                return u64::MAX;
            }
        }
        worst
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, parse, Geometry};

    fn work(betza: &str, width: u8, height: u8) -> u64 {
        let geometry = Geometry::new(width, height).expect("board");
        let desc = parse(betza).expect("XBetza");
        compile(&desc, &geometry, Color::White).path_work()
    }

    #[test]
    fn plain_pieces_walk_no_path() {
        for betza in ["K", "Q", "N", "pR", "fmWfcF"] {
            assert_eq!(work(betza, 8, 8), 0, "{betza}");
        }
    }

    #[test]
    fn a_step_and_a_turn_are_counted_exactly() {
        // From a centre square: four W steps, each followed by the two diagonal turns.
        assert_eq!(work("mafsW", 8, 8), 4 * 3);
    }

    #[test]
    fn longer_chains_count_more_and_long_ones_pass_the_limit() {
        let four = work("aaaQ", 16, 16);
        let five = work("aaaaQ", 16, 16);
        let six = work("aaaaaQ", 16, 16);
        assert!(four < five && five < six, "{four} {five} {six}");
        assert!(six > PATH_WORK_LIMIT);
        assert!(work("aK", 16, 16) < PATH_WORK_LIMIT);
    }

    #[test]
    fn a_piece_too_complex_to_bound_is_over_the_limit() {
        let chain = format!("{}Q", "a".repeat(40));
        assert_eq!(work(&chain, 16, 16), u64::MAX);
        let error = PathWorkError { work: u64::MAX }.to_string();
        assert!(
            error.starts_with("its multi-leg moves are too many to walk"),
            "{error}"
        );
    }
}
