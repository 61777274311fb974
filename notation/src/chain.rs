//! Chains of legs whose directions are measured from the leg before, written as XBetza: the
//! part the older notations (the quick reference, XBoard's old Betza page, MBN) share.
//!
//! A reader turns its text into [`Plan`]s: legs with an atom, a range, direction letters and the
//! XBetza modes of the square each leg ends on. [`Walker`] fixes every direction of a plan
//! ([`Step`]s), and [`Moves`] groups the walks into XBetza moves, one per set of walks that
//! differ only in their directions, refusing what XBetza cannot write.

use std::collections::{BTreeMap, BTreeSet};

use crate::{
    ast::{Atom, Initial, Leg, MoveDesc, PieceDesc, Range},
    direction::{resolve_run, step_vector, DirClass, DirLetter},
    DirSet, Modes,
};

/// The most moves (chains with every direction fixed) one text may stand for.
pub(crate) const MAX_MOVES: usize = 20_000;
/// A leg after the first limited to this many steps or more is unlimited on every board Kraken
/// plays (at most 16 x 16), so it is written as a slide.
pub(crate) const UNLIMITED_FROM: u8 = 15;

/// Why a chain cannot be written as XBetza.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// A construct the notation leaves without a meaning.
    Undefined {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// A construct XBetza cannot express.
    Inexpressible {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// The text stands for more than [`MAX_MOVES`] moves.
    TooManyMoves,
}

/// A column and what is wrong there.
pub(crate) type Failure = (usize, Refusal);

/// A construct the notation leaves without a meaning, at `column`.
pub(crate) fn undefined(
    column: usize,
    construct: impl Into<String>,
    reason: impl Into<String>,
) -> Failure {
    (
        column,
        Refusal::Undefined {
            construct: construct.into(),
            reason: reason.into(),
        },
    )
}

/// A construct XBetza cannot express, at `column`.
pub(crate) fn inexpressible(
    column: usize,
    construct: impl Into<String>,
    reason: impl Into<String>,
) -> Failure {
    (
        column,
        Refusal::Inexpressible {
            construct: construct.into(),
            reason: reason.into(),
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------
/// An atom: a leap `(minor, major)` (orthogonal, diagonal or oblique), or the King's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Leap(u8, u8),
    King,
}

impl Shape {
    /// `(minor, major)`; the King steps as `(0, 1)`.
    pub(crate) fn form(self) -> (u8, u8) {
        match self {
            Shape::Leap(p, q) => (p, q),
            Shape::King => (0, 1),
        }
    }

    pub(crate) fn is_oblique(self) -> bool {
        matches!(self, Shape::Leap(p, q) if p != 0 && p != q)
    }

    /// One step of W, F or K: no square lies between its start and end.
    pub(crate) fn is_unit(self) -> bool {
        self.form().1 == 1
    }

    /// The K-system family the XBetza atom belongs to: `(0, q)` for orthogonal and diagonal
    /// leaps (which turn into each other by 45 degrees), the leap itself for oblique ones.
    pub(crate) fn family(self) -> (u8, u8) {
        match self {
            Shape::Leap(p, q) if p != 0 && p != q => (p, q),
            other => (0, other.form().1),
        }
    }

    /// How direction letters name the atom's moves on a first leg.
    pub(crate) fn class(self) -> DirClass {
        match self {
            Shape::King => DirClass::Eightfold,
            Shape::Leap(0, _) => DirClass::Orthogonal,
            Shape::Leap(p, q) if p == q => DirClass::Diagonal,
            Shape::Leap(..) => DirClass::Oblique,
        }
    }
}

/// A range as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// One step (no digits on a leaper or K).
    One,
    /// `W3`: up to that many steps.
    UpTo(u8),
    /// `W03`: exactly that many steps.
    Exactly(u8),
    /// `W0`, `WW`, `R`: as far as the board allows.
    Unlimited,
}

impl Reach {
    /// Whether the leg can make more than one step (a "sliding" leg).
    pub(crate) fn slides(self) -> bool {
        !matches!(self, Reach::One)
    }
}

/// Direction letters of a leg.
#[derive(Clone, Debug)]
pub(crate) enum Dirs {
    /// None written: every direction on a first leg, straight on (`f`) after `-`.
    Unwritten,
    /// `a`.
    All,
    /// Runs of adjacent letters, each with the column of its first letter.
    Runs(Vec<(Vec<DirLetter>, usize)>),
    /// Directions the reader resolved itself, measured from forward (not from the leg before).
    Absolute(DirSet),
    /// Directions the reader resolved itself, measured from the leg before: one result per
    /// class the leg may be read in ([`class_index`]), or why its letters name none there.
    Relative(Box<RelativeDirs>),
}

/// Relative directions resolved by a reader, per [`DirClass`].
#[derive(Clone, Debug)]
pub(crate) struct RelativeDirs {
    pub(crate) sets: [Result<DirSet, String>; 4],
    /// The letters as written and the column of the first, for errors.
    pub(crate) text: String,
    pub(crate) col: usize,
}

/// The index of a class in [`RelativeDirs::sets`].
pub(crate) fn class_index(class: DirClass) -> usize {
    match class {
        DirClass::Orthogonal => 0,
        DirClass::Diagonal => 1,
        DirClass::Eightfold => 2,
        DirClass::Oblique => 3,
    }
}

/// A leg with its modifiers read.
#[derive(Clone, Debug)]
pub(crate) struct PlanLeg {
    pub(crate) shape: Shape,
    pub(crate) atom_col: usize,
    pub(crate) atom_text: String,
    pub(crate) reach: Reach,
    pub(crate) dirs: Dirs,
    /// XBetza modes of the leg: what it may do where it ends (`m c d p`, `pt` for `t`).
    pub(crate) modes: Modes,
    /// `o` on the last leg: files wrap.
    pub(crate) cylinder: bool,
    /// Column of `n`.
    pub(crate) lame: Option<usize>,
    /// Column of `j`.
    pub(crate) jump: Option<usize>,
    /// Column of `e`.
    pub(crate) iso: Option<usize>,
}

/// One chain with its modifiers read: the legs, and whether only a virgin piece may move so.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(crate) legs: Vec<PlanLeg>,
    pub(crate) initial: bool,
    /// Whether a leap after an oblique leap may turn by 45 degrees (`rf`: the next leap
    /// clockwise, as old Betza's Rose does); otherwise it goes straight on, back, or turns by 90
    /// degrees, one letter at a time.
    pub(crate) oblique_turns: bool,
}

/// The number of ways to choose `k` of `n` things.
pub(crate) fn binomial(n: u8, k: u8) -> usize {
    (0..usize::from(k)).fold(1, |acc, i| acc * (usize::from(n) - i) / (i + 1))
}

// ---------------------------------------------------------------------------------------------
// Every chain as XBetza steps with fixed directions
// ---------------------------------------------------------------------------------------------

/// One XBetza leg with a fixed absolute direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// K-system direction (for oblique leaps: the leap's index in angular order).
    pub(crate) dir: u8,
    pub(crate) family: (u8, u8),
    /// How far it may go: `Steps(1)`, `Steps(n)` (first leg only) or `Unlimited`.
    pub(crate) range: Range,
    pub(crate) modes: Modes,
    pub(crate) iso: bool,
    /// The plan leg it comes from.
    pub(crate) leg: usize,
}

/// Walks a plan through every direction its legs allow.
pub(crate) struct Walker<'a> {
    plan: &'a Plan,
    /// Whether a lame or hopping straight leap is written as single steps.
    expand: Vec<bool>,
    out: Vec<Vec<Step>>,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(plan: &'a Plan) -> Walker<'a> {
        let legs = &plan.legs;
        // A lame (or hopping, with one gap) straight leap keeps its own atom (`nD`, `jD`)
        // unless other legs step differently: then it becomes single W/F steps.
        let flexible = |leg: &PlanLeg| {
            let (p, q) = leg.shape.form();
            let straight = p == 0 || p == q;
            straight && q >= 2 && (leg.lame.is_some() || (leg.jump.is_some() && q == 2))
        };
        let family = |leg: &PlanLeg| {
            let (p, q) = leg.shape.form();
            let straight = p == 0 || p == q;
            let stepped = (leg.lame.is_some() || leg.jump.is_some())
                && (!straight || (leg.jump.is_some() && q >= 3));
            if stepped {
                (0, 1)
            } else {
                leg.shape.family()
            }
        };
        let mixed = legs.windows(2).any(|w| family(&w[0]) != family(&w[1]));
        let expand = legs
            .iter()
            .enumerate()
            .map(|(k, leg)| {
                flexible(leg) && (mixed || (k == 0 && plan.initial && leg.lame.is_some()))
            })
            .collect();
        Walker {
            plan,
            expand,
            out: Vec::new(),
        }
    }

    pub(crate) fn run(mut self) -> Result<Vec<Vec<Step>>, Failure> {
        for (k, leg) in self.plan.legs.iter().enumerate() {
            if self.expand[k] && leg.reach != Reach::One {
                let col = leg.lame.or(leg.jump).unwrap_or(leg.atom_col);
                let reason = if k == 0 && self.plan.initial {
                    "XBetza writes a non-jumping rider of an initial move as inD0, which also \
                     gives e.p. rights"
                } else {
                    "a non-jumping rider in a chain with other atoms: XBetza can only write it \
                     with its own atom"
                };
                return Err(inexpressible(col, format!("n{}", leg.atom_text), reason));
            }
        }
        let mut steps = Vec::new();
        self.walk(0, None, &mut steps)?;
        Ok(self.out)
    }

    /// Walks leg `k`; `heading` is the direction of the previous leg and whether it was an
    /// oblique leap.
    fn walk(
        &mut self,
        k: usize,
        heading: Option<(u8, bool)>,
        steps: &mut Vec<Step>,
    ) -> Result<(), Failure> {
        let plan = self.plan;
        let Some(leg) = plan.legs.get(k) else {
            self.out.push(steps.clone());
            if self.out.len() > MAX_MOVES {
                return Err((1, Refusal::TooManyMoves));
            }
            return Ok(());
        };
        let dirs = directions(leg, heading, plan.oblique_turns)?;
        for d in dirs.iter() {
            for alternative in self.expansions(k, d, steps.is_empty()) {
                let mark = steps.len();
                for step in alternative {
                    if step.iso {
                        self.check_iso(k, steps)?;
                    }
                    steps.push(step);
                }
                self.walk(k + 1, Some((d, leg.shape.is_oblique())), steps)?;
                steps.truncate(mark);
            }
        }
        Ok(())
    }

    /// `e` measures the last sliding leg written before it; XBetza's iso measures the last
    /// sliding XBetza leg. They must be the same leg.
    fn check_iso(&self, k: usize, steps: &[Step]) -> Result<(), Failure> {
        let legs = &self.plan.legs;
        let col = legs[k].iso.unwrap_or(legs[k].atom_col);
        let Some(wanted) = (0..k).rev().find(|&i| legs[i].reach.slides()) else {
            return Err(undefined(
                col,
                "e",
                "no sliding leg before it to be as long as",
            ));
        };
        let measured = steps
            .iter()
            .rev()
            .find(|s| s.range != Range::Steps(1))
            .map(|s| s.leg);
        if measured != Some(wanted) {
            return Err(inexpressible(
                col,
                "e",
                format!(
                    "the slide it measures ({}) has an exact count or a limit after '-', which \
                     XBetza writes as single steps that its iso cannot measure",
                    legs[wanted].atom_text
                ),
            ));
        }
        Ok(())
    }

    /// The ways leg `k` can go in direction `d`, each as XBetza steps.
    fn expansions(&self, k: usize, d: u8, first: bool) -> Vec<Vec<Step>> {
        let leg = &self.plan.legs[k];
        let (p, q) = leg.shape.form();
        let straight = p == 0 || p == q;
        let travel = if leg.cylinder {
            Modes::CYLINDER
        } else {
            Modes::NONE
        };
        let unit = |dir: u8, modes: Modes| Step {
            dir,
            family: (0, 1),
            range: Range::Steps(1),
            modes: modes.union(travel),
            iso: false,
            leg: k,
        };
        // Paths of single K steps: each path is a list of directions; `hop` says which
        // intermediate square must be occupied (j), none for n.
        let along = |paths: Vec<Vec<u8>>| -> Vec<Vec<Step>> {
            let mut out = Vec::new();
            for path in paths {
                let n = path.len();
                let hops: Vec<Option<usize>> = if leg.jump.is_some() {
                    (0..n - 1).map(Some).collect()
                } else {
                    vec![None]
                };
                for hop in hops {
                    out.push(
                        path.iter()
                            .enumerate()
                            .map(|(i, &dir)| {
                                let modes = if i + 1 == n {
                                    leg.modes
                                } else if hop == Some(i) {
                                    Modes::HOP
                                } else {
                                    Modes::MOVE
                                };
                                unit(dir, modes)
                            })
                            .collect(),
                    );
                }
            }
            out
        };
        if leg.shape.is_oblique() && (leg.lame.is_some() || leg.jump.is_some()) {
            return along(king_paths(p, q, d));
        }
        if straight && ((leg.jump.is_some() && q >= 3) || self.expand[k]) {
            return along(vec![vec![d; q as usize]]);
        }
        let mut flags = travel;
        if leg.lame.is_some() {
            flags.insert(Modes::NON_JUMPING);
        }
        if leg.jump.is_some() {
            flags.insert(Modes::JUMPING);
        }
        let step = |range: Range, modes: Modes| Step {
            dir: d,
            family: leg.shape.family(),
            range,
            modes: modes.union(flags),
            iso: leg.iso.is_some(),
            leg: k,
        };
        let exactly = |n: u8| -> Vec<Step> {
            (1..=n)
                .map(|i| {
                    let modes = if i == n { leg.modes } else { Modes::MOVE };
                    Step {
                        iso: false,
                        ..step(Range::Steps(1), modes)
                    }
                })
                .collect()
        };
        match leg.reach {
            Reach::One => vec![vec![step(Range::Steps(1), leg.modes)]],
            Reach::Unlimited => vec![vec![step(Range::Unlimited, leg.modes)]],
            Reach::Exactly(n) => vec![exactly(n)],
            Reach::UpTo(n) if first => vec![vec![step(Range::Steps(n), leg.modes)]],
            Reach::UpTo(n) if n >= UNLIMITED_FROM => {
                vec![vec![step(Range::Unlimited, leg.modes)]]
            }
            Reach::UpTo(n) => (1..=n).map(exactly).collect(),
        }
    }
}

/// The absolute directions leg `leg` may take after a leg in direction `heading` (none for the
/// first leg); `oblique_turns` as in [`Plan`].
fn directions(
    leg: &PlanLeg,
    heading: Option<(u8, bool)>,
    oblique_turns: bool,
) -> Result<DirSet, Failure> {
    if let Dirs::Absolute(set) = &leg.dirs {
        return Ok(*set);
    }
    let Some((previous, after_oblique)) = heading else {
        let class = leg.shape.class();
        return match &leg.dirs {
            Dirs::Unwritten | Dirs::All | Dirs::Absolute(_) => Ok(class_dirs(class)),
            Dirs::Runs(runs) => resolve(runs, class),
            Dirs::Relative(relative) => relative_set(relative, class),
        };
    };
    let class = if after_oblique {
        if !leg.shape.is_oblique() {
            return Err(undefined(
                leg.atom_col,
                leg.atom_text.clone(),
                "directions are measured from the previous leg, and W, F and K steps have \
                 none relative to an oblique leap",
            ));
        }
        if oblique_turns {
            DirClass::Eightfold
        } else {
            if let Dirs::Runs(runs) = &leg.dirs {
                for (run, col) in runs {
                    if run.iter().any(|l| matches!(l, DirLetter::H)) {
                        return Err(undefined(
                            *col,
                            run_text(run),
                            "after an oblique leap only f, b, l, r, v and s (straight on, back, \
                         90-degree turns) name directions",
                        ));
                    }
                    if run.len() > 1 && !run.iter().all(|l| run[0] == *l) {
                        return Err(undefined(
                            *col,
                            run_text(run),
                            "after an oblique leap letters name single directions (straight on, \
                         back, 90-degree turns) and do not combine",
                        ));
                    }
                }
            }
            DirClass::Orthogonal
        }
    } else {
        let even = previous % 2 == 0;
        match leg.shape {
            Shape::King => DirClass::Eightfold,
            Shape::Leap(0, _) if even => DirClass::Orthogonal,
            Shape::Leap(0, _) => DirClass::Diagonal,
            Shape::Leap(p, q) if p == q && even => DirClass::Diagonal,
            Shape::Leap(p, q) if p == q => DirClass::Orthogonal,
            Shape::Leap(..) if even => DirClass::Oblique,
            Shape::Leap(..) => {
                return Err(undefined(
                    leg.atom_col,
                    leg.atom_text.clone(),
                    "oblique leaps have no directions relative to a diagonal step",
                ))
            }
        }
    };
    let relative = match &leg.dirs {
        Dirs::Unwritten => resolve_run(&[DirLetter::F], class),
        Dirs::All | Dirs::Absolute(_) => class_dirs(class),
        Dirs::Runs(runs) => resolve(runs, class)?,
        Dirs::Relative(relative) => relative_set(relative, class)?,
    };
    Ok(DirSet(relative.0.rotate_left(u32::from(previous))))
}

/// The set a reader resolved for `class`, or its refusal.
fn relative_set(relative: &RelativeDirs, class: DirClass) -> Result<DirSet, Failure> {
    relative.sets[class_index(class)]
        .clone()
        .map_err(|reason| undefined(relative.col, relative.text.clone(), reason))
}

/// Every direction a class can name: four for orthogonal and diagonal atoms, else eight.
fn class_dirs(class: DirClass) -> DirSet {
    match class {
        DirClass::Orthogonal => DirSet::ORTHOGONAL,
        DirClass::Diagonal => DirSet::DIAGONAL,
        DirClass::Eightfold | DirClass::Oblique => DirSet::ALL,
    }
}

/// Resolves runs of direction letters as XBetza does (the older notations agree), allowing `h`
/// only on oblique atoms.
pub(crate) fn resolve(
    runs: &[(Vec<DirLetter>, usize)],
    class: DirClass,
) -> Result<DirSet, Failure> {
    let mut set = DirSet::NONE;
    for (run, col) in runs {
        if class != DirClass::Oblique && run.contains(&DirLetter::H) {
            return Err(undefined(
                *col,
                run_text(run),
                "h only follows f, b, l or r on an oblique atom (fhN: the four forward Knight \
                 leaps)",
            ));
        }
        set = set.union(resolve_run(run, class));
    }
    Ok(set)
}

fn run_text(run: &[DirLetter]) -> String {
    run.iter().map(|l| l.to_char()).collect()
}

/// The K-system direction of a single W or F step `(dx, dy)`.
fn unit_dir(dx: i32, dy: i32) -> u8 {
    (0..8)
        .find(|&d| step_vector(0, 1, d) == (dx, dy))
        .expect("a unit step")
}

/// Every shortest path of single K steps (W and F) that makes the oblique leap `(p, q)` in
/// direction `d`, as lists of K-system directions.
fn king_paths(p: u8, q: u8, d: u8) -> Vec<Vec<u8>> {
    let (dx, dy) = step_vector(i32::from(p), i32::from(q), d);
    let orthogonal = if dy.abs() > dx.abs() {
        unit_dir(0, dy.signum())
    } else {
        unit_dir(dx.signum(), 0)
    };
    let diagonal = unit_dir(dx.signum(), dy.signum());
    (0u32..1 << q)
        .filter(|mask| mask.count_ones() == u32::from(p))
        .map(|mask| {
            (0..q)
                .map(|i| {
                    if mask >> i & 1 == 1 {
                        diagonal
                    } else {
                        orthogonal
                    }
                })
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Steps to XBetza moves
// ---------------------------------------------------------------------------------------------

/// What every move of one XBetza component shares: all but the directions.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Signature {
    initial: bool,
    family: (u8, u8),
    /// For D/A, H/G ...: whether the first leg is diagonal (those atoms have no "King").
    diagonal_start: Option<bool>,
    legs: Vec<(Range, Modes, bool)>,
}

/// Chains that become one XBetza component, but for their directions.
struct Group {
    signature: Signature,
    /// The first direction, then the turn of every later leg, of each chain.
    tuples: BTreeSet<Vec<u8>>,
    /// Column and text of the atom each leg comes from (for errors).
    sources: Vec<(usize, String)>,
}

/// Chains grouped by signature.
#[derive(Default)]
pub(crate) struct Moves {
    groups: Vec<Group>,
}

impl Moves {
    pub(crate) fn add(&mut self, plan: &Plan, walks: Vec<Vec<Step>>) -> Result<(), Failure> {
        for steps in walks {
            let family = steps[0].family;
            if let Some(odd) = steps.iter().find(|s| s.family != family) {
                let leg = &plan.legs[odd.leg];
                let first = &plan.legs[steps[0].leg];
                return Err(inexpressible(
                    leg.atom_col,
                    leg.atom_text.clone(),
                    format!(
                        "XBetza's legs all step like one atom (W/F/K, D/A, H/G or one oblique \
                         leap), and {} steps unlike {} before it",
                        leg.atom_text, first.atom_text
                    ),
                ));
            }
            let signature = Signature {
                initial: plan.initial,
                family,
                diagonal_start: (family.0 == 0 && family.1 > 1).then_some(steps[0].dir % 2 == 1),
                legs: steps.iter().map(|s| (s.range, s.modes, s.iso)).collect(),
            };
            let mut tuple = vec![steps[0].dir];
            tuple.extend(steps.windows(2).map(|w| (w[1].dir + 8 - w[0].dir) % 8));
            let sources = steps
                .iter()
                .map(|s| {
                    let leg = &plan.legs[s.leg];
                    (leg.atom_col, leg.atom_text.clone())
                })
                .collect();
            match self.groups.iter_mut().find(|g| g.signature == signature) {
                Some(group) => {
                    group.tuples.insert(tuple);
                }
                None => self.groups.push(Group {
                    signature,
                    tuples: BTreeSet::from([tuple]),
                    sources,
                }),
            }
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> Result<PieceDesc, Failure> {
        let mut moves = Vec::new();
        for Group {
            signature,
            tuples,
            sources,
        } in &self.groups
        {
            let layout = Layout::choose(signature, sources)?;
            for product in factor(tuples, signature.legs.len()) {
                moves.push(layout.write(signature, &product));
            }
        }
        Ok(PieceDesc { moves })
    }
}

/// Splits a set of equally long tuples into products of sets whose union is exactly the set.
fn factor(tuples: &BTreeSet<Vec<u8>>, len: usize) -> Vec<Vec<DirSet>> {
    if len == 1 {
        let set = tuples
            .iter()
            .fold(DirSet::NONE, |acc, t| acc.union(DirSet(1 << t[0])));
        return vec![vec![set]];
    }
    // The last elements of each prefix, then the prefixes sharing the same last elements.
    let mut by_prefix: BTreeMap<&[u8], u8> = BTreeMap::new();
    for tuple in tuples {
        let (prefix, last) = tuple.split_at(len - 1);
        *by_prefix.entry(prefix).or_default() |= 1 << last[0];
    }
    let mut by_last: BTreeMap<u8, BTreeSet<Vec<u8>>> = BTreeMap::new();
    for (prefix, last) in by_prefix {
        by_last.entry(last).or_default().insert(prefix.to_vec());
    }
    let mut out = Vec::new();
    for (last, prefixes) in by_last {
        for mut product in factor(&prefixes, len - 1) {
            product.push(DirSet(last));
            out.push(product);
        }
    }
    out
}

/// How one signature is written: a slider atom or not, and which legs toggle the range.
struct Layout {
    slider: bool,
    toggles: Vec<bool>,
}

impl Layout {
    /// Continuation legs of XBetza step once, or slide for a slider atom (R B Q); a `y` or `g`
    /// leg toggles that for the legs after it. Chooses the atom and toggles that give every
    /// leg its range: the fewest toggles and range digits, else a leaper atom.
    fn choose(signature: &Signature, sources: &[(usize, String)]) -> Result<Layout, Failure> {
        let legs = &signature.legs;
        let options: &[bool] = if signature.family == (0, 1) {
            &[false, true]
        } else {
            &[false]
        };
        let mut best: Option<(usize, Layout)> = None;
        let mut blocked = None;
        for &slider in options {
            let implicit = if slider {
                Range::Unlimited
            } else {
                Range::Steps(1)
            };
            // Whether leg k's range differs from the atom's (an odd number of toggles before).
            let flipped: Vec<bool> = legs
                .iter()
                .enumerate()
                .map(|(k, (range, ..))| k > 0 && *range != implicit)
                .collect();
            let toggles: Vec<bool> = (0..legs.len())
                .map(|k| k + 1 < legs.len() && flipped[k] != flipped[k + 1])
                .collect();
            let stuck = toggles.iter().enumerate().find(|&(k, &t)| {
                let modes = legs[k].1;
                t && (modes.intersects(Modes::CAPTURE.union(Modes::DESTROY))
                    || !modes.intersects(Modes::MOVE.union(Modes::HOP)))
            });
            if let Some((k, _)) = stuck {
                blocked.get_or_insert(k);
                continue;
            }
            let digits = usize::from(legs[0].0 != implicit);
            let cost = toggles.iter().filter(|&&t| t).count() + 2 * digits;
            if best.as_ref().map_or(true, |(c, _)| cost < *c) {
                best = Some((cost, Layout { slider, toggles }));
            }
        }
        match best {
            Some((_, layout)) => Ok(layout),
            None => {
                let k = blocked.unwrap_or(0);
                let (col, text) = sources[k].clone();
                Err(inexpressible(
                    col,
                    text,
                    "the leg after this capturing leg switches between one step and sliding; \
                     XBetza's range toggles (y, g) only follow empty or hopped squares",
                ))
            }
        }
    }

    fn write(&self, signature: &Signature, product: &[DirSet]) -> MoveDesc {
        let first = product[0];
        let slider = self.slider;
        let atom = match signature.family {
            (0, 1) if within(first, DirSet::ORTHOGONAL) => Atom::Leap {
                minor: 0,
                major: 1,
                slider,
            },
            (0, 1) if within(first, DirSet::DIAGONAL) => Atom::Leap {
                minor: 1,
                major: 1,
                slider,
            },
            (0, 1) => Atom::King { slider },
            (0, q) if signature.diagonal_start == Some(true) => Atom::Leap {
                minor: q,
                major: q,
                slider: false,
            },
            (p, q) => Atom::Leap {
                minor: p,
                major: q,
                slider: false,
            },
        };
        let last = signature.legs.len() - 1;
        let mut legs: Vec<Leg> = signature
            .legs
            .iter()
            .enumerate()
            .map(|(k, &(_, mut modes, iso))| {
                if self.toggles[k] {
                    if modes.contains(Modes::MOVE) {
                        modes.remove(Modes::MOVE);
                        modes.insert(Modes::FORK);
                    }
                    if modes.contains(Modes::HOP) {
                        modes.remove(Modes::HOP);
                        modes.insert(Modes::GRASSHOP);
                    }
                }
                if k == last && modes.intersection(Modes::FINAL_ENDINGS) == Modes::DEFAULT_FINAL {
                    modes.remove(Modes::DEFAULT_FINAL);
                }
                Leg {
                    dirs: Some(product[k]),
                    modes,
                    iso,
                }
            })
            .collect();
        let range = signature.legs[0].0;
        self.collapse_hop(signature, &mut legs, range);
        MoveDesc {
            legs,
            atom,
            range,
            initial: if signature.initial {
                Initial::Virgin
            } else {
                Initial::Any
            },
            span: (0, 0),
        }
    }

    /// Writes a hop followed by a straight landing leg as XBetza's final `p` or `g`, which
    /// implies that landing leg (`pafcR` as `cpR`, `gafQ` as `gQ`).
    fn collapse_hop(&self, signature: &Signature, legs: &mut Vec<Leg>, first_range: Range) {
        let n = legs.len();
        if n < 2 {
            return;
        }
        let (hop, landing) = (legs[n - 2], legs[n - 1]);
        let hop_kind = hop.modes.difference(Modes::TAME);
        let grasshop = hop_kind == Modes::GRASSHOP;
        if !(grasshop || hop_kind == Modes::HOP)
            || landing.dirs != Some(DirSet(1))
            || landing.iso
            || !Modes::DEFAULT_FINAL.contains(landing.modes)
        {
            return;
        }
        let hop_range = if n == 2 {
            first_range
        } else {
            signature.legs[n - 2].0
        };
        let implied = if grasshop {
            hop_range.toggled()
        } else {
            hop_range
        };
        if implied != signature.legs[n - 1].0 {
            return;
        }
        legs.pop();
        let hop = legs.last_mut().expect("two legs");
        hop.modes.insert(landing.modes);
    }
}

/// Whether every direction of `set` is in `mask`.
fn within(set: DirSet, mask: DirSet) -> bool {
    set.0 & !mask.0 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_paths_cover_every_order_of_steps() {
        // The Knight's (1,2): W then F, or F then W.
        assert_eq!(king_paths(1, 2, 0), vec![vec![1, 0], vec![0, 1]]);
        // The Camel's (1,3): the F step first, second or last.
        assert_eq!(king_paths(1, 3, 0).len(), 3);
        // The Zebra's (2,3): the W step first, second or last.
        assert_eq!(king_paths(2, 3, 0).len(), 3);
    }
}
