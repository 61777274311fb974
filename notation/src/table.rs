//! Compiled move tables: what a piece can do from every square of one board, for one colour.

use crate::{
    simple_ending, Color, DirSet, Geometry, Initial, LeapSets, LeapShift, Modes, OtherLeapShift,
    Range, RayFamily, Square, SquareBits, SquareSet,
};

/// A single-step move that tests at most one square on the way: a leap to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// The square reached.
    pub to: Square,
    /// What the move may do there: any of `m c d k`.
    pub modes: Modes,
    /// A square that must be empty (a lame leap, `n`, with one square in between).
    pub block: Option<Square>,
    /// The square that must be empty when the same leap is made backwards from `to` (for
    /// finding attackers of a square: for `nN` it is next to `to`, not next to the start).
    pub block_reverse: Option<Square>,
    /// Which pieces may make it (`i`, `ii`).
    pub initial: Initial,
    /// The move gives e.p. rights on `block` (`in`, `nn`).
    pub ep_on_block: bool,
}

/// A straight slide with nothing to test on the way but the squares it passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    start: u32,
    len: u16,
    /// What the move may do where it stops: any of `m c d k`.
    pub modes: Modes,
    /// Whether the square indices rise from the nearest square out (they fall otherwise:
    /// a plain slide never wraps), so that its first occupied square is the lowest of them.
    rising: bool,
}

impl Slide {
    /// Whether the square indices rise from the nearest square out (they fall otherwise), so
    /// that the slide stops at the lowest occupied square of its ray.
    #[inline]
    pub fn rising(&self) -> bool {
        self.rising
    }
}

/// A straight hop with nothing to test but the squares it passes: slide to the first piece
/// (the mount) within `mount_range` steps, then go on in the same direction for at most
/// `landing_range` steps (`pR`, `cpR`, `gQ`, `pB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    start: u32,
    len: u16,
    /// Most steps to the mount.
    pub mount_range: u16,
    /// Most steps beyond the mount.
    pub landing_range: u16,
    /// What the move may do where it lands: any of `m c d k`.
    pub modes: Modes,
}

/// The kind of a general move program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathKind {
    /// A sequence of legs (the common case).
    Legs,
    /// `O` castling: the first leg's directions and `steps` (the piece's step count).
    Castling {
        /// How many squares the castling piece moves.
        steps: u8,
    },
    /// `I`: the moves of the last-moved piece type.
    Imitate {
        /// Imitate as the piece moves for its own side (`f`, the default).
        forward: bool,
        /// Imitate as the opponent would move it (`b`).
        backward: bool,
        /// Keep only moves whose final leg has one of these endings (empty: all).
        filter: Modes,
    },
    /// `U`: every square of the board but the start square.
    Universal,
}

/// Which squares a leg marks with e.p. rights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpRule {
    /// None.
    None,
    /// The squares the leap passes (`in`, `nn` on a leaper with gaps).
    Gaps,
    /// The squares stepped to or slid through, except the move's destination (`n` on a stepper,
    /// and `*` ranges).
    Passed,
}

/// How a leg's leaps treat the squares they pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GapRule {
    /// Leaps pass over anything.
    Free,
    /// `n`: every passed square must be empty.
    NonJumping,
    /// `j`: every passed square must be occupied.
    Jumping,
}

/// A leg that bends on every step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Curve {
    /// A straight leg.
    Straight,
    /// `z`: steps alternate 90-degree turns left and right (both orders).
    Crooked,
    /// `q`: every step turns 45 degrees the same way (both senses), at most 7 steps.
    Circular,
}

/// One leg of a [`Path`], with every default applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathLeg {
    /// Index of the leg's ray family in [`MoveTable::families`].
    pub family: u16,
    /// Directions: absolute on the first leg, relative to the previous leg's direction after.
    pub dirs: DirSet,
    /// No direction was written on this continuation leg: it may not visit a square the move
    /// visited before.
    pub no_revisit: bool,
    /// What the leg may do where it ends (`m c d e k p g y x`), plus `u`.
    pub modes: Modes,
    /// The range before any `g`/`y` toggle.
    pub range: Range,
    /// `i` on a continuation leg: exactly as many steps as the last slider leg.
    pub iso: bool,
    /// `j` on a unit slider: the first square is skipped untested.
    pub ski: bool,
    /// `n`/`j` on a leap with gaps.
    pub gaps: GapRule,
    /// Which squares get e.p. rights.
    pub ep: EpRule,
    /// Whether the leg bends (`z`, `q`).
    pub curve: Curve,
}

impl PathLeg {
    /// Whether a path of these legs does nothing but end somewhere: no leg before the last
    /// captures, unloads, induces or marks e.p. rights, the last only moves or captures
    /// (no `e`, `x`, `u`), and no leg is iso or bent. Two walks of such a path that end on
    /// the same square make the same move.
    pub fn ends_only(legs: &[PathLeg]) -> bool {
        let Some((last, before)) = legs.split_last() else {
            return false;
        };
        let plain = |leg: &PathLeg, banned: Modes| {
            leg.ep == EpRule::None
                && leg.curve == Curve::Straight
                && !leg.iso
                && !leg.modes.intersects(banned)
        };
        let side_effects = Modes::EN_PASSANT.union(Modes::EXCITE).union(Modes::UNLOAD);
        plain(last, side_effects)
            && before
                .iter()
                .all(|leg| plain(leg, side_effects.union(Modes::CAPTURES)))
    }

    /// The length a later iso leg must match once this leg has made `steps` steps, given the
    /// length measured before it (`0` while no leg has been measured): a slider leg sets it, a
    /// leaper leg only where no leg set it before (`caibK`: the iso leg repeats the King step).
    pub fn iso_length_after(measured: usize, steps: usize, slider: bool) -> usize {
        if slider || measured == 0 {
            steps
        } else {
            measured
        }
    }
}

/// A general move program: everything that is not a plain [`Leap`] or [`Slide`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The legs, first to last (a final `p`/`g` leg is already split into hop-on and hop-off).
    pub legs: Vec<PathLeg>,
    /// Which pieces may make it (`i`, `ii`).
    pub initial: Initial,
    /// What kind of program it is.
    pub kind: PathKind,
    /// Index of the move in the [`crate::PieceDesc`] it was compiled from.
    pub component: u16,
    /// The path only captures en passant: a generator may skip it when no square has e.p.
    /// rights.
    pub ep_only: bool,
    /// Only where the path ends matters (see [`PathLeg::ends_only`]) and walking it branch by
    /// branch would take long: a generator should stop walking a branch once every square
    /// the branch could still end on has been reached.
    pub saturates: bool,
}

/// Everything one piece can do from every square of one board, for one colour.
///
/// # Layout
/// Moves are sorted into four kinds, from cheapest to most general:
///
/// * **leaps**: single-leg moves of one step that test only the destination (`N`, `fmW`,
///   `K`). For square `sq`, `leaps(sq)` is a slice of `(to, modes)` clipped to the board.
/// * **slides**: single-leg riders that test only the squares they pass (`R`, `fB`, `NN`, `W4`).
///   For square `sq`, `slides(sq)` lists each ray once, its squares in order of distance and cut
///   to the move's range, with the modes allowed where it stops.
/// * **hops**: a slide to the first piece in the way, then straight on beyond it (`pR`,
///   `cpR`, `gQ`). For square `sq`, `hops(sq)` lists each line once with its two ranges.
/// * **paths**: everything else (multi-leg moves, hoppers, lame leaps, e.p., initial moves,
///   castling, the imitator, `U`). A path is a short program of [`PathLeg`]s shared by all
///   squares; each leg names a [`RayFamily`] that holds, for every square and each of the 8
///   K-system directions, the squares that leg can reach, clipped to the board (and wrapped for
///   `o`/`oo`), with the squares every leap passes over. A generator runs a path by walking
///   those precomputed rays; it never looks at the text again.
///
/// Black tables hold black's moves: every vector is negated, so "forward" is down the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTable {
    pub(crate) geometry: Geometry,
    pub(crate) color: Color,
    pub(crate) leap_index: Vec<(u32, u32)>,
    pub(crate) leaps: Vec<Leap>,
    /// Per square, the targets of its leaps that test nothing but the target.
    pub(crate) leap_sets: Vec<LeapSets>,
    /// The leaps of `leap_sets` by the difference of target and square indices.
    pub(crate) leap_shifts: Vec<LeapShift>,
    /// The leaps of `other_leaps` grouped by kind.
    pub(crate) other_leap_shifts: Vec<OtherLeapShift>,
    /// Per square, where its leaps not in `leap_sets` lie in `other_leaps`.
    pub(crate) other_leap_index: Vec<(u32, u32)>,
    pub(crate) other_leaps: Vec<Leap>,
    pub(crate) slide_index: Vec<(u32, u32)>,
    pub(crate) slides: Vec<Slide>,
    pub(crate) slide_squares: Vec<Square>,
    /// The squares of each slide as a set, in the order of `slides`.
    pub(crate) slide_rays: Vec<SquareSet>,
    pub(crate) hop_index: Vec<(u32, u32)>,
    pub(crate) hops: Vec<Hop>,
    pub(crate) reach: Vec<SquareSet>,
    /// For each square, the squares an e.p.-only path from it may end on (see
    /// [`MoveTable::ep_reach`]).
    pub(crate) ep_reach: Vec<SquareSet>,
    /// Whether every path only captures e.p. (see [`MoveTable::only_ep_paths`]).
    pub(crate) only_ep_paths: bool,
    /// The squares from which two plain leaps, slides or hops may make the same move.
    pub(crate) may_repeat: SquareSet,
    /// The squares from which no plain move needs a walk (see [`MoveTable::walk_free`]).
    pub(crate) walk_free: SquareSet,
    /// The squares whose plain moves are leaps alone (see [`MoveTable::leaps_alone`]).
    pub(crate) leaps_alone: SquareSet,
    pub(crate) paths: Vec<Path>,
    pub(crate) families: Vec<RayFamily>,
}

impl MoveTable {
    /// The board the table was compiled for.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The colour the table was compiled for.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The plain leaps from `sq`.
    #[inline]
    pub fn leaps(&self, sq: Square) -> &[Leap] {
        let (start, end) = self.leap_index[sq.index()];
        &self.leaps[start as usize..end as usize]
    }

    /// The targets of the plain leaps from `sq` that test nothing but the target, by what they
    /// may do there: with [`other_leaps`](MoveTable::other_leaps), the same moves as
    /// [`leaps`](MoveTable::leaps).
    #[inline]
    pub fn leap_sets(&self, sq: Square) -> &LeapSets {
        &self.leap_sets[sq.index()]
    }

    /// The leaps of the [`leap_sets`](MoveTable::leap_sets) of every square, by the
    /// difference of target and square indices.
    #[inline]
    pub fn leap_shifts(&self) -> &[LeapShift] {
        &self.leap_shifts
    }

    /// The squares whose plain moves are leaps alone, with no walk
    /// ([`walk_free`](MoveTable::walk_free)) and no slide: what a piece there may do but
    /// for its paths is its [`leap_sets`](MoveTable::leap_sets) and
    /// [`other_leaps`](MoveTable::other_leaps).
    #[inline]
    pub fn leaps_alone(&self) -> &SquareSet {
        &self.leaps_alone
    }

    /// The [`other_leaps`](MoveTable::other_leaps) of every square grouped by kind.
    #[inline]
    pub fn other_leap_shifts(&self) -> &[OtherLeapShift] {
        &self.other_leap_shifts
    }

    /// The plain leaps from `sq` that are not in [`leap_sets`](MoveTable::leap_sets) (lame,
    /// `i`, e.p., `d` or `k` alone), in table order.
    #[inline]
    pub fn other_leaps(&self, sq: Square) -> &[Leap] {
        let (start, end) = self.other_leap_index[sq.index()];
        &self.other_leaps[start as usize..end as usize]
    }

    /// The plain slides from `sq`.
    #[inline]
    pub fn slides(&self, sq: Square) -> &[Slide] {
        let (start, end) = self.slide_index[sq.index()];
        &self.slides[start as usize..end as usize]
    }

    /// The squares of each plain slide from `sq` as a set, in the order of
    /// [`slides`](MoveTable::slides).
    #[inline]
    pub fn slide_rays(&self, sq: Square) -> &[SquareSet] {
        let (start, end) = self.slide_index[sq.index()];
        &self.slide_rays[start as usize..end as usize]
    }

    /// The squares of `slide`, nearest first.
    #[inline]
    pub fn slide_squares(&self, slide: &Slide) -> &[Square] {
        &self.slide_squares[slide.start as usize..slide.start as usize + slide.len as usize]
    }

    /// Each plain slide from `sq` with the squares it passes and stops on when the pieces stand
    /// on `occupied`: those up to and including the first occupied one.
    #[inline]
    pub fn slide_reaches(
        &self,
        sq: Square,
        occupied: SquareSet,
    ) -> impl Iterator<Item = (Modes, SquareSet)> + '_ {
        let (start, end) = self.slide_index[sq.index()];
        (start as usize..end as usize).map(move |i| {
            let slide = &self.slides[i];
            (
                slide.modes,
                self.slide_rays[i].ray_until(occupied, slide.rising),
            )
        })
    }

    /// The squares a piece moving by this table reaches from `sq` on an empty board in one
    /// move (leaps and slides that may move, not first moves only).
    pub fn empty_board_moves(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let leaps = self
            .leaps(sq)
            .iter()
            .filter(|l| l.initial == Initial::Any && l.modes.contains(Modes::MOVE))
            .map(|l| l.to);
        let slides = self
            .slides(sq)
            .iter()
            .filter(|s| s.modes.contains(Modes::MOVE))
            .flat_map(|s| self.slide_squares(s).iter().copied());
        leaps.chain(slides)
    }

    /// Every square a plain leap, slide or hop from `sq` passes or reaches on an empty board
    /// (for skipping lookups quickly: a piece elsewhere cannot be reached by them).
    #[inline]
    pub fn reach(&self, sq: Square) -> SquareSet {
        self.reach[sq.index()]
    }

    /// The squares on which an e.p.-only path (see [`Path::ep_only`]) from `sq` may capture,
    /// or more: a generator may skip those paths when none of them has e.p. rights.
    #[inline]
    pub fn ep_reach(&self, sq: Square) -> SquareSet {
        self.ep_reach[sq.index()]
    }

    /// Whether every path of the piece only captures e.p. (a pawn's `fceF`): none needs
    /// walking from a square whose [`MoveTable::ep_reach`] holds no e.p. square.
    #[inline]
    pub fn only_ep_paths(&self) -> bool {
        self.only_ep_paths
    }

    /// Works out [`MoveTable::ep_reach`] for `sq`: the squares of a straight single-leg path
    /// within its range, and every square for any other e.p.-only path.
    pub(crate) fn ep_path_reach(&self, sq: Square) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for path in self.paths.iter().filter(|p| p.ep_only) {
            let [leg] = path.legs.as_slice() else {
                return !SquareSet::EMPTY;
            };
            if leg.curve != Curve::Straight {
                return !SquareSet::EMPTY;
            }
            let steps = match leg.range {
                Range::Steps(n) => n as usize,
                Range::Unlimited | Range::EnemyHalf => usize::MAX,
            };
            for d in leg.dirs.iter() {
                let ray = self.family(leg).ray(sq, d);
                set |= ray.iter().take(steps).map(|s| s.to).collect();
            }
        }
        set
    }

    /// Whether two of the plain leaps, slides and hops from `sq` may make the same move on
    /// some board (QNAD's A and D leaps where its Q slides reach too): a generator must then
    /// drop the repeats.
    #[inline]
    pub fn may_repeat(&self, sq: Square) -> bool {
        self.may_repeat.contains(sq)
    }

    /// Whether no plain move from `sq` needs a walk along a line or a look at a piece: it
    /// has no hop, its slides only move and capture (so that sets find them, as they find
    /// the leaps in [`leap_sets`](MoveTable::leap_sets)), so do its
    /// [`other_leaps`](MoveTable::other_leaps) (lame or first-move-only as they may be), and
    /// no two of its moves can repeat. Its [`paths`](MoveTable::paths) are apart.
    #[inline]
    pub fn walk_free(&self, sq: Square) -> bool {
        self.walk_free.contains(sq)
    }

    /// Works out [`MoveTable::walk_free`] for `sq`.
    pub(crate) fn moves_walk_free(&self, sq: Square) -> bool {
        self.hops(sq).is_empty()
            && self
                .other_leaps(sq)
                .iter()
                .all(|leap| simple_ending(leap.modes).is_some())
            && self
                .slides(sq)
                .iter()
                .all(|slide| simple_ending(slide.modes).is_some())
            && !self.may_repeat(sq)
    }

    /// The plain hops from `sq`.
    #[inline]
    pub fn hops(&self, sq: Square) -> &[Hop] {
        let (start, end) = self.hop_index[sq.index()];
        &self.hops[start as usize..end as usize]
    }

    /// The squares of the line of `hop`, nearest first (to the board's edge).
    #[inline]
    pub fn hop_squares(&self, hop: &Hop) -> &[Square] {
        &self.slide_squares[hop.start as usize..hop.start as usize + hop.len as usize]
    }

    /// The general move programs of the piece.
    #[inline]
    pub fn paths(&self) -> &[Path] {
        &self.paths
    }

    /// The ray families the paths walk.
    #[inline]
    pub fn families(&self) -> &[RayFamily] {
        &self.families
    }

    /// The ray family of `leg`.
    #[inline]
    pub fn family(&self, leg: &PathLeg) -> &RayFamily {
        &self.families[leg.family as usize]
    }

    /// Whether two of the plain moves from `sq` can reach one square with a mode in common
    /// (see [`MoveTable::may_repeat`]). A slide and a hop along the same line never can: the
    /// slide needs the squares before its target empty, the hop a piece among them.
    pub(crate) fn moves_may_repeat(&self, sq: Square) -> bool {
        /// What a plain move reaches and may do there, and for a slide or a hop its line (the
        /// first square) and whether it hops.
        struct Reach {
            squares: SquareSet,
            modes: Modes,
            line: Option<(Square, bool)>,
        }
        let mut moves = Vec::new();
        for leap in self.leaps(sq) {
            let squares = std::iter::once(leap.to).collect();
            moves.push(Reach {
                squares,
                modes: leap.modes,
                line: None,
            });
        }
        let lines = self
            .slides(sq)
            .iter()
            .map(|slide| (self.slide_squares(slide), slide.modes, false))
            .chain(
                self.hops(sq)
                    .iter()
                    .map(|hop| (self.hop_squares(hop), hop.modes, true)),
            );
        for (squares, modes, hops) in lines {
            moves.push(Reach {
                squares: squares.iter().copied().collect(),
                modes,
                line: squares.first().map(|&first| (first, hops)),
            });
        }
        moves.iter().enumerate().any(|(i, a)| {
            moves[i + 1..].iter().any(|b| {
                let slide_and_hop_on_a_line = match (a.line, b.line) {
                    (Some((first, a_hops)), Some((other, b_hops))) => {
                        first == other && a_hops != b_hops
                    }
                    _ => false,
                };
                !slide_and_hop_on_a_line
                    && a.squares.intersects(b.squares)
                    && a.modes.intersects(b.modes)
            })
        })
    }

    pub(crate) fn push_hop(
        &mut self,
        squares: &[Square],
        mount_range: u16,
        landing_range: u16,
        modes: Modes,
    ) {
        let start = self.slide_squares.len() as u32;
        self.slide_squares.extend_from_slice(squares);
        self.hops.push(Hop {
            start,
            len: squares.len() as u16,
            mount_range,
            landing_range,
            modes,
        });
    }

    pub(crate) fn push_slide(&mut self, squares: &[Square], modes: Modes) {
        let rising = squares.windows(2).all(|w| w[0] < w[1]);
        debug_assert!(rising || squares.windows(2).all(|w| w[0] > w[1]));
        let start = self.slide_squares.len() as u32;
        self.slide_squares.extend_from_slice(squares);
        self.slides.push(Slide {
            start,
            len: squares.len() as u16,
            modes,
            rising,
        });
        self.slide_rays.push(squares.iter().copied().collect());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, parse};

    /// The squares `slide` reaches, walked one by one.
    fn walked(table: &MoveTable, slide: &Slide, occupied: SquareSet) -> SquareSet {
        let mut reached = SquareSet::EMPTY;
        for &to in table.slide_squares(slide) {
            reached.insert(to);
            if occupied.contains(to) {
                break;
            }
        }
        reached
    }

    #[test]
    fn slide_reaches_stop_at_the_first_occupied_square() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rising = Vec::new();
        for (text, width, height) in [
            ("Q", 8, 8),
            ("NN", 16, 16),
            ("R3B", 10, 9),
            ("fbWzR", 12, 7),
        ] {
            let geometry = Geometry::new(width, height).unwrap();
            let table = compile(&parse(text).unwrap(), &geometry, Color::Black);
            for _ in 0..50 {
                let mut occupied = SquareSet::EMPTY;
                for sq in geometry.squares() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 4 == 0 {
                        occupied.insert(sq);
                    }
                }
                for sq in geometry.squares() {
                    let slides = table.slides(sq);
                    let reaches: Vec<_> = table.slide_reaches(sq, occupied).collect();
                    assert_eq!(reaches.len(), slides.len(), "{text} {sq:?}");
                    for (slide, (modes, reached)) in slides.iter().zip(reaches) {
                        assert_eq!(modes, slide.modes);
                        assert_eq!(reached, walked(&table, slide, occupied), "{text} {sq:?}");
                        rising.push(slide.rising);
                    }
                }
            }
        }
        assert!(rising.contains(&true) && rising.contains(&false));
    }

    #[test]
    fn ep_reach_covers_where_ep_only_paths_land() {
        let geometry = Geometry::new(8, 8).unwrap();
        let sq = |name: &str| geometry.parse_square(name).unwrap();
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
        let white_pawn = compile(&parse("fmWfceF").unwrap(), &geometry, Color::White);
        assert_eq!(white_pawn.ep_reach(sq("e5")), set(&["d6", "f6"]));
        assert_eq!(white_pawn.ep_reach(sq("a5")), set(&["b6"]));
        assert!(white_pawn.only_ep_paths());
        let castling_king = compile(&parse("KisO2").unwrap(), &geometry, Color::White);
        assert!(!castling_king.only_ep_paths());
        let black_pawn = compile(&parse("fmWfceF").unwrap(), &geometry, Color::Black);
        assert_eq!(black_pawn.ep_reach(sq("d4")), set(&["c3", "e3"]));
        // A rider's e.p. capture reaches along its whole line, within its range.
        let rider = compile(&parse("fceF2").unwrap(), &geometry, Color::White);
        assert_eq!(rider.ep_reach(sq("a1")), set(&["b2", "c3"]));
        // No e.p.-only path: nothing.
        let knight = compile(&parse("N").unwrap(), &geometry, Color::White);
        assert_eq!(knight.ep_reach(sq("e4")), SquareSet::EMPTY);
    }
}
