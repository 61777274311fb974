//! [`PieceDesc`] + board + colour to [`MoveTable`].

use crate::{
    ast::{Atom, MoveDesc, PieceDesc, Range},
    direction::DirClass,
    leap_shifts::{leap_shifts, other_leap_shifts},
    rays::{RayFamily, Wrap},
    table::{Curve, EpRule, GapRule, Leap, MoveTable, Path, PathKind, PathLeg},
    Color, DirSet, Geometry, LeapSets, Modes, Square, SquareSet,
};

/// Endings that make a leg other than the last end where it stops.
const NON_FINAL_ENDINGS: Modes = Modes(
    Modes::MOVE.0
        | Modes::CAPTURE.0
        | Modes::DESTROY.0
        | Modes::EN_PASSANT.0
        | Modes::HOP.0
        | Modes::GRASSHOP.0
        | Modes::FORK.0
        | Modes::EXCITE.0,
);
/// What the implied hop-off leg of a final `p`/`g` takes over from the hop-on leg.
const LANDING: Modes = Modes(
    Modes::MOVE.0
        | Modes::CAPTURE.0
        | Modes::DESTROY.0
        | Modes::EN_PASSANT.0
        | Modes::ROYAL_CAPTURE.0
        | Modes::EXCITE.0
        | Modes::FORK.0,
);
/// How a leg travels (shared by a hop-on leg and its implied hop-off leg).
const TRAVEL: Modes = Modes(
    Modes::NON_JUMPING.0
        | Modes::JUMPING.0
        | Modes::CYLINDER.0
        | Modes::TORUS.0
        | Modes::CROOKED.0
        | Modes::CIRCULAR.0,
);
/// The modes a plain leap or slide may carry.
const SIMPLE: Modes =
    Modes(Modes::MOVE.0 | Modes::CAPTURE.0 | Modes::DESTROY.0 | Modes::ROYAL_CAPTURE.0);
/// Relative directions of a continuation leg without letters, for four-direction atoms.
const DEFAULT_FOURFOLD: DirSet = DirSet(0b0100_0101);
/// Relative directions of a continuation leg without letters, for eight-direction atoms.
const DEFAULT_EIGHTFOLD: DirSet = DirSet(0b1110_1111);
/// The imitator's modes that filter the imitated moves.
const IMITATOR_FILTER: Modes = Modes(
    Modes::MOVE.0
        | Modes::CAPTURE.0
        | Modes::DESTROY.0
        | Modes::EN_PASSANT.0
        | Modes::ROYAL_CAPTURE.0,
);

/// Compiles a piece description into move tables for `geometry` and `color`.
///
/// # Examples
/// ```
/// use notation::{compile, parse, Color, Geometry};
/// let geometry = Geometry::new(8, 8).unwrap();
/// let knight = compile(&parse("N").unwrap(), &geometry, Color::White);
/// let b1 = geometry.parse_square("b1").unwrap();
/// assert_eq!(knight.leaps(b1).len(), 3);
/// ```
pub fn compile(desc: &PieceDesc, geometry: &Geometry, color: Color) -> MoveTable {
    let mut compiler = Compiler::new(geometry, color);
    for (index, mv) in desc.moves.iter().enumerate() {
        compiler.add_move(mv, index as u16);
    }
    compiler.finish()
}

/// Splits a single-leg move whose modes include `e` and something else into the move without
/// `e` and the `e` capture alone.
fn split_en_passant(mv: &MoveDesc) -> Option<(MoveDesc, MoveDesc)> {
    let [leg] = mv.legs.as_slice() else {
        return None;
    };
    let rest = leg.modes.difference(Modes::EN_PASSANT);
    if !leg.modes.contains(Modes::EN_PASSANT) || !rest.intersects(Modes::FINAL_ENDINGS) {
        return None;
    }
    let mut plain = mv.clone();
    plain.legs[0].modes = rest;
    let mut en_passant = mv.clone();
    en_passant.legs[0].modes = leg
        .modes
        .difference(Modes::FINAL_ENDINGS)
        .union(Modes::EN_PASSANT);
    Some((plain, en_passant))
}

struct Compiler {
    table: MoveTable,
    leaps_by_square: Vec<Vec<Leap>>,
    slides_by_square: Vec<Vec<(Vec<Square>, Modes)>>,
    hops_by_square: Vec<Vec<PendingHop>>,
}

/// A hop line of one square before the table is laid out: squares, mount range, landing
/// range, modes.
type PendingHop = (Vec<Square>, u16, u16, Modes);

impl Compiler {
    fn new(geometry: &Geometry, color: Color) -> Compiler {
        let n = geometry.num_squares();
        Compiler {
            table: MoveTable {
                geometry: geometry.clone(),
                color,
                leap_index: Vec::new(),
                leaps: Vec::new(),
                leap_sets: Vec::new(),
                leap_shifts: Vec::new(),
                other_leap_shifts: Vec::new(),
                other_leap_index: Vec::new(),
                other_leaps: Vec::new(),
                slide_index: Vec::new(),
                slides: Vec::new(),
                slide_squares: Vec::new(),
                slide_rays: Vec::new(),
                hop_index: Vec::new(),
                hops: Vec::new(),
                reach: Vec::new(),
                ep_reach: Vec::new(),
                only_ep_paths: true,
                may_repeat: SquareSet::EMPTY,
                walk_free: SquareSet::EMPTY,
                leaps_alone: SquareSet::EMPTY,
                paths: Vec::new(),
                families: Vec::new(),
            },
            leaps_by_square: vec![Vec::new(); n],
            slides_by_square: vec![Vec::new(); n],
            hops_by_square: vec![Vec::new(); n],
        }
    }

    /// Returns the index of the ray family for `shape` and `wrap`, building it if needed.
    fn family(&mut self, shape: (u8, u8), wrap: Wrap) -> u16 {
        if let Some(i) = self
            .table
            .families
            .iter()
            .position(|f| f.shape == shape && f.wrap == wrap)
        {
            return i as u16;
        }
        let family = RayFamily::new(&self.table.geometry, self.table.color, shape, wrap);
        self.table.families.push(family);
        (self.table.families.len() - 1) as u16
    }

    fn add_move(&mut self, mv: &MoveDesc, component: u16) {
        if self.add_simple(mv) || self.add_hop(mv) {
            return;
        }
        // A plain move that may also capture en passant: the plain part stays a leap or slide,
        // the e.p. capture becomes a path of its own.
        if let Some((plain, en_passant)) = split_en_passant(mv) {
            if self.add_simple(&plain) {
                if let Some(mut path) = self.compile_path(&en_passant, component) {
                    path.ep_only = true;
                    self.table.paths.push(path);
                }
                return;
            }
        }
        if let Some(path) = self.compile_path(mv, component) {
            self.table.paths.push(path);
        }
    }

    /// Adds a move as plain leaps or slides if it is one; returns whether it was.
    ///
    /// Plain: one leg of a leaper or rider atom, ending by `m c d k` only; a leap may also be
    /// initial-only and lame (`n`, when it passes exactly one square), and give e.p. rights
    /// there.
    fn add_simple(&mut self, mv: &MoveDesc) -> bool {
        let [leg] = mv.legs.as_slice() else {
            return false;
        };
        let plain_atom = matches!(mv.atom, Atom::Leap { .. } | Atom::King { .. });
        let mut modes = if leg.modes.intersects(Modes::FINAL_ENDINGS) {
            leg.modes
        } else {
            leg.modes.union(Modes::DEFAULT_FINAL)
        };
        let shape = mv.atom.orthogonal_form();
        let single_gap = shape.1 == 2;
        let leap = mv.range == Range::Steps(1);
        let lame = leap && single_gap && modes.contains(Modes::NON_JUMPING);
        let ep_on_block = lame && modes.contains(Modes::EP_RIGHTS);
        if lame {
            modes.remove(Modes(Modes::NON_JUMPING.0 | Modes::EP_RIGHTS.0));
        }
        let conditional = lame || (mv.initial.restricts() && leap);
        if !plain_atom
            || (mv.initial.restricts() && !leap)
            || !SIMPLE.contains(modes)
            || mv.range == Range::EnemyHalf
        {
            return false;
        }
        let dirs = leg.dirs.unwrap_or(mv.atom.all_dirs());
        let family = self.family(shape, Wrap::None);
        let max = match mv.range {
            Range::Steps(n) => n as usize,
            _ => usize::MAX,
        };
        let geometry = self.table.geometry.clone();
        for sq in geometry.squares() {
            for d in dirs.iter() {
                let rays = &self.table.families[family as usize];
                let ray = rays.ray(sq, d);
                if max == 1 {
                    let Some(step) = ray.first() else { continue };
                    let block = lame.then(|| rays.gaps(step)[0]);
                    let block_reverse = lame
                        .then(|| {
                            rays.ray(step.to, d ^ 4)
                                .first()
                                .map(|back| rays.gaps(back)[0])
                        })
                        .flatten();
                    let new = Leap {
                        to: step.to,
                        modes,
                        block,
                        block_reverse,
                        initial: mv.initial,
                        ep_on_block,
                    };
                    let leaps = &mut self.leaps_by_square[sq.index()];
                    match leaps.iter_mut().find(|l| {
                        l.to == step.to
                            && !conditional
                            && l.block.is_none()
                            && !l.initial.restricts()
                    }) {
                        Some(l) => l.modes.insert(modes),
                        None => leaps.push(new),
                    }
                } else if !ray.is_empty() {
                    let squares: Vec<Square> = ray.iter().take(max).map(|s| s.to).collect();
                    self.slides_by_square[sq.index()].push((squares, modes));
                }
            }
        }
        true
    }

    /// Adds a move as plain hops if it is one (`pR`, `cpR`, `gQ`: one final `p` or `g` leg of a
    /// W-, F- or K-system atom with no other condition); returns whether it was.
    fn add_hop(&mut self, mv: &MoveDesc) -> bool {
        let [leg] = mv.legs.as_slice() else {
            return false;
        };
        let hop_modes = Modes::HOP.union(Modes::GRASSHOP);
        let plain_atom = matches!(mv.atom, Atom::Leap { .. } | Atom::King { .. });
        let shape = mv.atom.orthogonal_form();
        if !plain_atom || mv.initial.restricts() || shape.1 != 1 || !leg.modes.intersects(hop_modes)
        {
            return false;
        }
        let grasshop = leg.modes.contains(Modes::GRASSHOP);
        if grasshop && leg.modes.contains(Modes::HOP) {
            return false;
        }
        let mut landing = leg.modes.difference(hop_modes);
        if !landing.intersects(Modes::FINAL_ENDINGS) {
            landing.insert(Modes::DEFAULT_FINAL);
        }
        if !SIMPLE.contains(landing) {
            return false;
        }
        let steps = |r: Range| match r {
            Range::Steps(n) => Some(n as u16),
            Range::Unlimited => Some(u16::MAX),
            Range::EnemyHalf => None,
        };
        let (Some(mount_range), Some(landing_range)) = (
            steps(mv.range),
            steps(if grasshop {
                mv.range.toggled()
            } else {
                mv.range
            }),
        ) else {
            return false;
        };
        let dirs = leg.dirs.unwrap_or(mv.atom.all_dirs());
        let family = self.family(shape, Wrap::None);
        let geometry = self.table.geometry.clone();
        for sq in geometry.squares() {
            for d in dirs.iter() {
                let ray = self.table.families[family as usize].ray(sq, d);
                if ray.len() >= 2 {
                    let squares: Vec<Square> = ray.iter().map(|s| s.to).collect();
                    self.hops_by_square[sq.index()].push((
                        squares,
                        mount_range,
                        landing_range,
                        landing,
                    ));
                }
            }
        }
        true
    }

    fn compile_path(&mut self, mv: &MoveDesc, component: u16) -> Option<Path> {
        let first = mv.legs[0];
        let kind = match mv.atom {
            Atom::Castling => {
                let Range::Steps(steps) = mv.range else {
                    return None;
                };
                PathKind::Castling { steps }
            }
            Atom::Imitator => {
                let dirs = first.dirs.unwrap_or(DirSet(1));
                return Some(Path {
                    legs: Vec::new(),
                    ep_only: false,
                    saturates: false,
                    initial: mv.initial,
                    kind: PathKind::Imitate {
                        forward: dirs.contains(0),
                        backward: dirs.contains(4),
                        filter: first.modes.intersection(IMITATOR_FILTER),
                    },
                    component,
                });
            }
            Atom::Universal => PathKind::Universal,
            _ => PathKind::Legs,
        };
        let legs = self.compile_legs(mv);
        Some(Path {
            legs,
            initial: mv.initial,
            kind,
            component,
            ep_only: false,
            saturates: false,
        })
    }

    /// Applies the defaults of every leg, splits a final hop, and chooses ray families.
    fn compile_legs(&mut self, mv: &MoveDesc) -> Vec<PathLeg> {
        let shape = mv.atom.orthogonal_form();
        let intrinsic = if mv.atom.slides() {
            Range::Unlimited
        } else {
            Range::Steps(1)
        };
        let default_continuation = match mv.atom.class() {
            DirClass::Orthogonal | DirClass::Diagonal => DEFAULT_FOURFOLD,
            DirClass::Eightfold | DirClass::Oblique => DEFAULT_EIGHTFOLD,
        };
        let last = mv.legs.len() - 1;
        let mut out = Vec::with_capacity(mv.legs.len() + 1);
        for (k, leg) in mv.legs.iter().enumerate() {
            let (dirs, no_revisit) = match (k, leg.dirs) {
                (0, dirs) => (dirs.unwrap_or(mv.atom.all_dirs()), false),
                (_, Some(dirs)) => (dirs, false),
                (_, None) => (default_continuation, true),
            };
            let range = if k == 0 { mv.range } else { intrinsic };
            let mut modes = leg.modes;
            if k == last && modes.intersects(Modes::HOP.union(Modes::GRASSHOP)) {
                let mut landing = modes.intersection(LANDING);
                if !landing.intersects(Modes::FINAL_ENDINGS) {
                    landing.insert(Modes::DEFAULT_FINAL);
                }
                if landing.contains(Modes::FORK) {
                    landing.insert(Modes::MOVE);
                }
                landing.insert(modes.intersection(TRAVEL));
                modes = modes.difference(LANDING);
                out.push(self.leg(shape, dirs, no_revisit, modes, range, leg.iso));
                out.push(self.leg(shape, DirSet(1), false, landing, range, false));
                continue;
            }
            if k < last && !modes.intersects(NON_FINAL_ENDINGS) {
                modes.insert(Modes::MOVE);
            }
            if k == last {
                if !modes.intersects(Modes::FINAL_ENDINGS) {
                    modes.insert(Modes::DEFAULT_FINAL);
                }
                if modes.contains(Modes::FORK) {
                    modes.insert(Modes::MOVE);
                }
            }
            out.push(self.leg(shape, dirs, no_revisit, modes, range, leg.iso));
        }
        out
    }

    fn leg(
        &mut self,
        shape: (u8, u8),
        dirs: DirSet,
        no_revisit: bool,
        modes: Modes,
        range: Range,
        iso: bool,
    ) -> PathLeg {
        let wrap = if modes.contains(Modes::TORUS) {
            Wrap::Both
        } else if modes.contains(Modes::CYLINDER) {
            Wrap::Files
        } else {
            Wrap::None
        };
        let unit = shape.1 == 1;
        let curve = if modes.contains(Modes::CROOKED) {
            Curve::Crooked
        } else if modes.contains(Modes::CIRCULAR) {
            Curve::Circular
        } else {
            Curve::Straight
        };
        let range = match (curve, range) {
            (Curve::Straight, r) => r,
            (_, Range::Steps(1)) => Range::Unlimited,
            (_, r) => r,
        };
        let gaps = match (
            unit,
            modes.contains(Modes::NON_JUMPING),
            modes.contains(Modes::JUMPING),
        ) {
            (false, true, _) => GapRule::NonJumping,
            (false, false, true) => GapRule::Jumping,
            _ => GapRule::Free,
        };
        let ep = if range == Range::EnemyHalf || (unit && modes.contains(Modes::NON_JUMPING)) {
            EpRule::Passed
        } else if !unit && modes.contains(Modes::EP_RIGHTS) {
            EpRule::Gaps
        } else {
            EpRule::None
        };
        PathLeg {
            family: self.family(shape, wrap),
            dirs,
            no_revisit,
            modes,
            range,
            iso,
            ski: unit && modes.contains(Modes::JUMPING) && range == Range::Unlimited,
            gaps,
            ep,
            curve,
        }
    }

    /// Removes what two atoms of one piece both reach, so that each move is made once: the
    /// modes of a plain step that a slide starting with the same square also has there
    /// (`K` beside `bR` or `fB`), and a slide along the start of another slide with all its
    /// modes (`R2` beside `R`).
    fn drop_overlaps(&mut self) {
        for (leaps, slides) in self
            .leaps_by_square
            .iter_mut()
            .zip(&mut self.slides_by_square)
        {
            for leap in leaps.iter_mut() {
                if leap.block.is_some() || leap.initial.restricts() || leap.ep_on_block {
                    continue;
                }
                for (squares, modes) in slides.iter() {
                    if squares.first() == Some(&leap.to) {
                        leap.modes.remove(*modes);
                    }
                }
            }
            leaps.retain(|leap| leap.modes.intersects(Modes::FINAL_ENDINGS));
            let covered = |i: usize| {
                let (squares, modes) = &slides[i];
                slides.iter().enumerate().any(|(j, (longer, more))| {
                    j != i
                        && longer.starts_with(squares)
                        && more.contains(*modes)
                        && (longer.len() > squares.len() || j < i)
                })
            };
            let keep: Vec<bool> = (0..slides.len()).map(|i| !covered(i)).collect();
            let mut index = 0;
            slides.retain(|_| {
                index += 1;
                keep[index - 1]
            });
        }
    }

    fn finish(mut self) -> MoveTable {
        self.drop_overlaps();
        for leaps in &self.leaps_by_square {
            let start = self.table.leaps.len() as u32;
            self.table.leaps.extend_from_slice(leaps);
            self.table
                .leap_index
                .push((start, self.table.leaps.len() as u32));
            let mut sets = LeapSets::default();
            let start = self.table.other_leaps.len() as u32;
            for leap in leaps {
                if !sets.add(leap) {
                    self.table.other_leaps.push(*leap);
                }
            }
            self.table.leap_sets.push(sets);
            self.table
                .other_leap_index
                .push((start, self.table.other_leaps.len() as u32));
        }
        let slides = std::mem::take(&mut self.slides_by_square);
        for slides in slides {
            let start = self.table.slides.len() as u32;
            for (squares, modes) in slides {
                self.table.push_slide(&squares, modes);
            }
            self.table
                .slide_index
                .push((start, self.table.slides.len() as u32));
        }
        let hops = std::mem::take(&mut self.hops_by_square);
        for hops in hops {
            let start = self.table.hops.len() as u32;
            for (squares, mount, landing, modes) in hops {
                self.table.push_hop(&squares, mount, landing, modes);
            }
            self.table
                .hop_index
                .push((start, self.table.hops.len() as u32));
        }
        let table = &self.table;
        let reach = (0..table.geometry.num_squares())
            .map(|i| {
                let sq = Square(i as u8);
                let mut set: SquareSet = table.leaps(sq).iter().map(|l| l.to).collect();
                for slide in table.slides(sq) {
                    set |= table.slide_squares(slide).iter().copied().collect();
                }
                for hop in table.hops(sq) {
                    set |= table.hop_squares(hop).iter().copied().collect();
                }
                set
            })
            .collect();
        self.table.reach = reach;
        self.table.ep_reach = (0..self.table.geometry.num_squares())
            .map(|i| self.table.ep_path_reach(Square(i as u8)))
            .collect();
        self.table.only_ep_paths = self.table.paths.iter().all(|p| p.ep_only);
        self.table.may_repeat = (0..self.table.geometry.num_squares())
            .map(|i| Square(i as u8))
            .filter(|&sq| self.table.moves_may_repeat(sq))
            .collect();
        self.table.walk_free = (0..self.table.geometry.num_squares())
            .map(|i| Square(i as u8))
            .filter(|&sq| self.table.moves_walk_free(sq))
            .collect();
        self.table.leap_shifts = leap_shifts(&self.table.leap_sets);
        self.table.leaps_alone = (self.table.walk_free.iter())
            .filter(|&sq| self.table.slides(sq).is_empty())
            .collect();
        self.table.other_leap_shifts = other_leap_shifts(
            (0..self.table.geometry.num_squares())
                .map(|i| Square(i as u8))
                .map(|sq| (sq, self.table.other_leaps(sq))),
        );
        let saturates: Vec<bool> = (0..self.table.paths.len())
            .map(|i| self.table.should_saturate(i))
            .collect();
        for (path, saturates) in self.table.paths.iter_mut().zip(saturates) {
            path.saturates = saturates;
        }
        self.table
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, Initial};

    fn table(text: &str) -> MoveTable {
        compile(
            &parse(text).unwrap(),
            &Geometry::new(8, 8).unwrap(),
            Color::White,
        )
    }

    #[test]
    fn plain_moves_become_leaps_and_slides() {
        let t = table("NR");
        assert!(t.paths().is_empty());
        assert_eq!(t.leaps(Square(0)).len(), 2);
        assert_eq!(t.slides(Square(0)).len(), 2);
        assert_eq!(
            t.slides(Square(0))
                .iter()
                .map(|s| t.slide_squares(s).len())
                .sum::<usize>(),
            14
        );
    }

    #[test]
    fn overlapping_atoms_reach_each_square_once() {
        // Tori Shogi's eagle: `K` shares steps with `bR`, `fB` and `bF2`.
        for text in ["KbRfBbF2", "WR", "R2R", "RR"] {
            let t = table(text);
            for sq in t.geometry().squares() {
                let reached = t.leaps(sq).len()
                    + t.slides(sq)
                        .iter()
                        .map(|s| t.slide_squares(s).len())
                        .sum::<usize>();
                assert_eq!(reached, t.reach(sq).len(), "{text} from {sq:?}");
            }
        }
        // A step the slide does not capture with keeps its capture.
        let t = table("mRcW");
        assert!(t
            .leaps(Square(0))
            .iter()
            .all(|l| l.modes.contains(Modes::CAPTURE) && !l.modes.contains(Modes::MOVE)));
    }

    #[test]
    fn final_hop_is_split() {
        let t = table("cpN");
        let legs = &t.paths()[0].legs;
        assert_eq!(legs.len(), 2);
        assert_eq!(legs[0].modes, Modes::HOP);
        assert_eq!(legs[1].modes, Modes::CAPTURE);
        assert_eq!(legs[1].dirs, DirSet(1));
        assert_eq!(legs[1].range, Range::Steps(1));
    }

    #[test]
    fn straight_hops_are_plain() {
        let t = table("cpRgQ");
        assert!(t.paths().is_empty());
        let a1 = t.hops(Square(0));
        assert_eq!(a1.len(), 5);
        assert_eq!(
            (a1[0].mount_range, a1[0].landing_range),
            (u16::MAX, u16::MAX)
        );
        assert_eq!(a1[0].modes, Modes::CAPTURE);
        let grasshopper = a1.iter().find(|h| h.landing_range == 1).unwrap();
        assert_eq!(grasshopper.modes, Modes::DEFAULT_FINAL);
    }

    #[test]
    fn defaults_of_legs() {
        let t = table("afsW");
        let legs = &t.paths()[0].legs;
        assert_eq!(legs[0].modes, Modes::MOVE);
        assert_eq!(legs[1].modes, Modes::DEFAULT_FINAL);
        let t = table("aK");
        assert!(t.paths()[0].legs[1].no_revisit);
        assert_eq!(t.paths()[0].legs[1].dirs, DEFAULT_EIGHTFOLD);
    }

    #[test]
    fn e_p_rules() {
        let e2 = Square(12);
        let double = table("ifmnD").leaps(e2)[0];
        assert!(double.initial == Initial::Virgin && double.ep_on_block);
        assert_eq!(double.block, Some(Square(20)));
        let lame = table("fmnD").leaps(e2)[0];
        assert!(lame.initial == Initial::Any && !lame.ep_on_block && lame.block.is_some());
        assert_eq!(table("ifmnH").paths()[0].legs[0].ep, EpRule::Gaps);
        assert_eq!(table("ifnmW6").paths()[0].legs[0].ep, EpRule::Passed);
    }

    #[test]
    fn lame_knight_blocks_differ_backwards() {
        let g = Geometry::new(8, 8).unwrap();
        let t = compile(&parse("nN").unwrap(), &g, Color::White);
        let d4 = g.parse_square("d4").unwrap();
        let to_e6 = t.leaps(d4).iter().find(|l| g.name(l.to) == "e6").unwrap();
        assert_eq!(to_e6.block.map(|s| g.name(s)).as_deref(), Some("d5"));
        assert_eq!(
            to_e6.block_reverse.map(|s| g.name(s)).as_deref(),
            Some("e5")
        );
    }
}
