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
//! the legs, not exponential. Paths that saturate ([`crate::Path::saturates`]) are not walked
//! branch by branch; their bound is the squares working out where branches end may look at.

use std::{cell::Cell, collections::HashMap, fmt};

use crate::{
    ast::Range, geometry::Color, table::PathKind, Curve, Modes, MoveTable, Path, PathLeg, Square,
};

/// The most squares a walk of a piece's paths may visit from one square going down every
/// branch (see [`MoveTable::path_work`]): a few milliseconds of generation. Pieces beyond it
/// are refused.
pub const PATH_WORK_LIMIT: u64 = 100_000;

/// The most squares a saturating walk ([`crate::Path::saturates`]) may look at working out
/// where its branches end. The bound counts every leg start of every board, far more than one
/// walk looks at (`aaaaQ` on 16x16, bounded at 366,560, answers in milliseconds).
pub const SATURATED_WORK_LIMIT: u64 = 1_000_000;

/// Paths whose walk might visit more squares than this from one square saturate (when only
/// their ends matter): below it, walking every branch costs less than working out where
/// branches can end.
const SATURATE_ABOVE: u64 = 10_000;

/// The most steps the bound itself takes before it calls a piece too complex (pieces with
/// dozens of legs on a large board): a fraction of a second.
const EFFORT_LIMIT: u64 = 4_000_000;

/// How much work walking a table's multi-leg paths may take (see [`MoveTable::path_work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathWork {
    /// The most squares the paths walked branch by branch visit from one square
    /// (`u64::MAX`: too complex to bound). Compare with [`PATH_WORK_LIMIT`].
    pub walked: u64,
    /// The most squares the saturating paths look at working out where branches end.
    /// Compare with [`SATURATED_WORK_LIMIT`].
    pub saturated: u64,
}

/// A piece refused because walking its paths could take too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathWorkError {
    /// The bound found (`u64::MAX`: too complex to bound).
    pub work: u64,
    /// The limit it passed.
    pub limit: u64,
}

impl PathWorkError {
    /// The error for `tables` (a piece's moves for each colour), if one is over a limit.
    pub fn check(tables: &[MoveTable]) -> Result<(), PathWorkError> {
        for table in tables {
            let work = table.path_work();
            for (work, limit) in [
                (work.walked, PATH_WORK_LIMIT),
                (work.saturated, SATURATED_WORK_LIMIT),
            ] {
                if work > limit {
                    return Err(PathWorkError { work, limit });
                }
            }
        }
        Ok(())
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
            " from one square, more than the {} Kraken walks per piece and move \
             (fewer or shorter legs, or a smaller board)",
            self.limit
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

impl LegStart {
    /// Where a walk from `from` starts.
    fn first(from: Square) -> LegStart {
        LegStart {
            leg: 0,
            from,
            prev_dir: 0,
            toggled: false,
            slid: 0,
        }
    }
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
    /// Upper bounds, over every board, on the work of walking this table's multi-leg paths
    /// (plain leaps, slides and hops, castling and `U` are not walked and not counted): the
    /// squares visited from the worst square by the paths walked branch by branch, and the
    /// squares the saturating ones ([`crate::Path::saturates`]) may look at.
    pub fn path_work(&self) -> PathWork {
        let programs = self.paths().iter().filter(|p| p.kind == PathKind::Legs);
        let (saturating, walked): (Vec<&Path>, Vec<&Path>) = programs.partition(|p| p.saturates);
        let reach_work = saturating
            .iter()
            .fold(0u64, |sum, p| sum.saturating_add(self.reach_work(&p.legs)));
        let effort = Cell::new(0);
        let mut bounds: Vec<Bound> = walked
            .iter()
            .map(|p| Bound::new(self, &p.legs, &effort))
            .collect();
        let mut worst = 0u64;
        for from in self.geometry().squares() {
            let here = bounds.iter_mut().fold(0u64, |sum, b| {
                sum.saturating_add(b.work(LegStart::first(from)))
            });
            worst = worst.max(here);
            if effort.get() > EFFORT_LIMIT {
                worst = u64::MAX;
                break;
            }
        }
        PathWork {
            walked: worst,
            saturated: reach_work,
        }
    }

    /// The most steps a saturating walk of `legs` takes working out where branches end: each
    /// leg from every square, after every direction and range toggle, along every ray.
    fn reach_work(&self, legs: &[PathLeg]) -> u64 {
        let toggles = legs
            .iter()
            .any(|leg| leg.modes.intersects(Modes::FORK.union(Modes::GRASSHOP)));
        let toggles: u64 = if toggles { 2 } else { 1 };
        let mut work = 0u64;
        for (k, leg) in legs.iter().enumerate() {
            let family = self.family(leg);
            let cap = match leg.range {
                Range::Steps(n) if k == 0 || toggles == 1 => usize::from(n),
                _ => usize::MAX,
            };
            let rays = |dirs: &[u8]| -> u64 {
                let along = |from: Square, d: u8| family.ray(from, d).len().min(cap) as u64;
                let squares = self.geometry().squares();
                squares
                    .map(|from| dirs.iter().map(|&d| along(from, d)).sum::<u64>())
                    .sum()
            };
            work += if k == 0 {
                rays(&leg.dirs.iter().collect::<Vec<u8>>())
            } else {
                // Later legs turn from every direction, so each ray is walked once per
                // direction of the leg (and range toggle).
                toggles * leg.dirs.iter().count() as u64 * rays(&[0, 1, 2, 3, 4, 5, 6, 7])
            };
        }
        work
    }

    /// Whether path `index` should saturate: only its ends matter and walking it branch by
    /// branch might visit more than [`SATURATE_ABOVE`] squares from some square (by a quick
    /// bound: each leg's directions times its longest ray times its ways to go on, multiplied).
    pub(crate) fn should_saturate(&self, index: usize) -> bool {
        let path = &self.paths[index];
        if path.kind != PathKind::Legs || !PathLeg::ends_only(&path.legs) {
            return false;
        }
        let g = self.geometry();
        let longest = u64::from(g.width().max(g.height())) - 1;
        let tree = path.legs.iter().enumerate().fold(1u64, |tree, (k, leg)| {
            let ray = match leg.range {
                Range::Steps(n) if k == 0 => u64::from(n).min(longest),
                _ => longest,
            };
            let ways = Branches::of(leg)
                .iter()
                .map(|b| b.same + b.flipped)
                .max()
                .unwrap_or(1)
                .max(1);
            tree.saturating_mul(leg.dirs.iter().count() as u64 * ray * ways)
        });
        tree > SATURATE_ABOVE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, parse, Geometry};

    fn table(betza: &str, width: u8, height: u8) -> MoveTable {
        let geometry = Geometry::new(width, height).expect("board");
        let desc = parse(betza).expect("XBetza");
        compile(&desc, &geometry, Color::White)
    }

    fn work(betza: &str, width: u8, height: u8) -> u64 {
        table(betza, width, height).path_work().walked
    }

    #[test]
    fn plain_pieces_walk_no_path() {
        for betza in ["K", "Q", "N", "pR", "fmWfcF"] {
            let work = table(betza, 8, 8).path_work();
            assert_eq!((work.walked, work.saturated), (0, 0), "{betza}");
        }
    }

    #[test]
    fn a_step_and_a_turn_are_counted_exactly() {
        // From a centre square: four W steps, each followed by the two diagonal turns.
        assert_eq!(work("mafsW", 8, 8), 4 * 3);
    }

    #[test]
    fn longer_chains_count_more_and_long_ones_pass_the_limit() {
        let two = work("caQ", 16, 16);
        let three = work("caaQ", 16, 16);
        let four = work("caaaQ", 16, 16);
        assert!(two < three && three < four, "{two} {three} {four}");
        assert!(four > PATH_WORK_LIMIT);
        assert!(work("aK", 16, 16) < PATH_WORK_LIMIT);
    }

    #[test]
    fn chains_that_only_end_somewhere_saturate_and_count_their_leg_starts() {
        for (betza, saturates) in [("aaaaQ", true), ("caaaQ", false), ("aK", false)] {
            let t = table(betza, 16, 16);
            assert_eq!(t.paths()[0].saturates, saturates, "{betza}");
        }
        let four = table("aaaaQ", 16, 16).path_work();
        let five = table("aaaaaQ", 16, 16).path_work();
        assert_eq!(four.walked, 0);
        assert!(four.saturated < five.saturated, "{four:?} {five:?}");
        assert!(five.saturated < SATURATED_WORK_LIMIT);
        let twelve = format!("{}Q", "a".repeat(12));
        assert!(table(&twelve, 16, 16).path_work().saturated > SATURATED_WORK_LIMIT);
    }

    #[test]
    fn a_piece_too_complex_to_bound_is_over_the_limit() {
        let chain = format!("c{}Q", "a".repeat(40));
        assert_eq!(work(&chain, 16, 16), u64::MAX);
        let error = PathWorkError {
            work: u64::MAX,
            limit: PATH_WORK_LIMIT,
        }
        .to_string();
        assert!(
            error.starts_with("its multi-leg moves are too many to walk"),
            "{error}"
        );
    }
}
