//! Betza as Fairy-Stockfish reads it, written as XBetza with the same moves.
//!
//! Fairy-Stockfish (`piece.cpp`, `bitboard.cpp`) reads a piece's Betza into three tables per
//! mode (quiet, capture, initial quiet): steps, slides and hops, each a direction with a
//! distance. It then moves the piece with a few fixed move families (rook lines, bishop lines,
//! nightrider lines, cannons and grasshoppers on those lines, and the lame Dabbaba, Horse,
//! Elephant and Janggi Elephant), each used whole, and clips what they reach to the union of
//! the squares the tables name on an empty board. Where that differs from XBetza, this module
//! follows Fairy-Stockfish:
//!
//! | text | Fairy-Stockfish | XBetza |
//! |---|---|---|
//! | `pB2` | a cannon whose landing square is at most 2 from the start | a hop, then up to 2 |
//! | `nC`, `nW`, `nH` | nothing (only `nD nN nA nZ` are lame leaps) | lame leaps |
//! | `frK`, `fsK` | `r` + `fr`, `l r fl fr` (letters per atom of `K`) | `fr`, `fl fr` |
//! | `vrN` | nothing (`rv` is read, `vr` is not) | `frN brN` |
//! | `fpRbR` | `fpR`, `bR`, and `fR`, `bpR` too (the rook and cannon lines are used whole) | a forward cannon, a backward rook |
//! | `icW` | nothing (no initial captures) | a virgin piece's capture |
//! | `R10` | `R1` (one digit) | range 10 |
//!
//! Letters Fairy-Stockfish does not read are refused ([`FsfErrorKind::NotRead`]) rather than
//! skipped as it skips them: a text that needs them is XBetza. The moves are written one
//! direction at a time (a bent or counted path as an `a` chain of single steps), so the XBetza is
//! exact but not short.
//!
//! ```
//! use notation::fsf_to_xbetza;
//! assert_eq!(fsf_to_xbetza("nC").unwrap(), "");
//! assert!(fsf_to_xbetza("aW").is_err());
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::direction::{step_vector, DirClass};
use crate::write::spell;
use crate::DirSet;

/// What was wrong at the place an [`FsfError`] points to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FsfErrorKind {
    /// A letter Fairy-Stockfish's Betza reader does not know (XBetza's `a`, `e`, `x`, ...).
    NotRead(char),
}

/// A Betza text Fairy-Stockfish's reading cannot take, with the 1-based column of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsfError {
    /// The text that was read.
    pub input: String,
    /// The 1-based column of the offending character.
    pub column: usize,
    /// What was wrong.
    pub kind: FsfErrorKind,
}

impl fmt::Display for FsfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsfErrorKind::NotRead(c) => {
                write!(
                    f,
                    "'{c}' is not a letter Fairy-Stockfish's Betza reader knows"
                )
            }
        }
    }
}

impl fmt::Display for FsfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.kind)
    }
}

impl std::error::Error for FsfError {}

/// A direction with its length, `(ranks forward, files right)`, as Fairy-Stockfish keys it.
type Vector = (i32, i32);

/// How far the reach of riders and hoppers is followed: the widest board is 16 squares.
const REACH: i32 = 15;

/// One of the three tables of a mode: direction to distance (0 = unlimited, -1 = lame; for hops
/// 1 = a grasshopper).
type Table = BTreeMap<Vector, i32>;

/// The tables of one mode: steps, slides and hops.
#[derive(Default)]
struct Mode {
    steps: Table,
    slides: Table,
    hops: Table,
}

/// Reads `text` as Fairy-Stockfish's Betza reader does and writes XBetza with the same moves
/// (the empty text for a piece that cannot move).
pub fn fsf_to_xbetza(text: &str) -> Result<String, FsfError> {
    let modes = read(text)?;
    let mut out = String::new();
    for (mode, letter, initial) in [
        (&modes[0], 'm', false),
        (&modes[1], 'c', false),
        (&modes[2], 'm', true),
    ] {
        write_mode(mode, letter, initial, &mut out);
    }
    Ok(out)
}

/// Fairy-Stockfish's `from_betza`: the quiet, capture and initial quiet tables. (It builds an
/// initial capture table too but never uses it.)
fn read(text: &str) -> Result<[Mode; 3], FsfError> {
    let mut modes: [Mode; 3] = Default::default();
    let chars: Vec<char> = text.chars().collect();
    let mut quiet_capture: Vec<bool> = Vec::new();
    let (mut hopper, mut lame, mut initial) = (false, false, false);
    let mut distance = 0;
    let mut dirs: Vec<[char; 2]> = Vec::new();
    let vertical = |c: char| "fbvh".contains(c);
    let horizontal = |c: char| "rlsh".contains(c);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' | 'c' => quiet_capture.push(c == 'c'),
            'p' | 'g' => {
                hopper = true;
                if c == 'g' {
                    distance = 1;
                }
            }
            'n' => lame = true,
            'i' => initial = true,
            c if vertical(c) || horizontal(c) => {
                let pair = chars.get(i + 1).copied().filter(|&c2| {
                    c2 == c || (vertical(c) && horizontal(c2)) || (horizontal(c) && vertical(c2))
                });
                match pair {
                    Some(c2) => {
                        dirs.push([c, c2]);
                        i += 1;
                    }
                    None => dirs.push([c, c]),
                }
            }
            c if atom_vectors(c).is_some() => {
                let atoms = atom_vectors(c).unwrap_or_default();
                let mut rider = matches!(c, 'R' | 'B' | 'Q');
                if let Some(&next) = chars.get(i + 1) {
                    if next.is_ascii_digit() || next == c {
                        rider = true;
                        if let Some(d) = next.to_digit(10) {
                            distance = d as i32;
                        }
                        i += 1;
                    }
                }
                if !rider && lame {
                    distance = -1;
                }
                if quiet_capture.is_empty() {
                    quiet_capture = vec![false, true];
                }
                for &atom in atoms {
                    let split = atoms.len() == 1 && atom.1 == 0;
                    let mut atom_dirs: Vec<[char; 2]> = Vec::new();
                    for &d in &dirs {
                        if split && d[0] != d[1] {
                            atom_dirs.push([d[0], d[0]]);
                            atom_dirs.push([d[1], d[1]]);
                        } else {
                            atom_dirs.push(d);
                        }
                    }
                    for &capture in &quiet_capture {
                        // Fairy-Stockfish keeps no initial captures.
                        let index = match (capture, initial) {
                            (false, false) => 0,
                            (true, false) => 1,
                            (false, true) => 2,
                            (true, true) => continue,
                        };
                        let mode = &mut modes[index];
                        let table = if hopper {
                            &mut mode.hops
                        } else if rider {
                            &mut mode.slides
                        } else {
                            &mut mode.steps
                        };
                        for v in directed(atom, &atom_dirs) {
                            table.insert(v, distance);
                        }
                    }
                }
                quiet_capture.clear();
                dirs.clear();
                (hopper, lame, initial) = (false, false, false);
                distance = 0;
            }
            c if c.is_ascii_digit() => {}
            c => {
                return Err(FsfError {
                    input: text.to_string(),
                    column: i + 1,
                    kind: FsfErrorKind::NotRead(c),
                })
            }
        }
        i += 1;
    }
    Ok(modes)
}

/// The atoms of a letter, `(ranks, files)`: `K` and `Q` have two.
fn atom_vectors(c: char) -> Option<&'static [Vector]> {
    Some(match c {
        'W' | 'R' => &[(1, 0)],
        'F' | 'B' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' | 'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// The directions of atom `(a, b)` that the direction pairs select (all eight without any),
/// each written in the pairs Fairy-Stockfish tests for it.
fn directed((a, b): Vector, dirs: &[[char; 2]]) -> Vec<Vector> {
    let turns: [(Vector, &[&str]); 8] = [
        ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    turns
        .iter()
        .filter(|(_, names)| {
            dirs.is_empty()
                || dirs
                    .iter()
                    .any(|d| names.iter().any(|n| n.chars().eq(d.iter().copied())))
        })
        .map(|&(v, _)| v)
        .collect()
}

// The lines of each move family of Fairy-Stockfish: it follows all of them once any one of its
// directions is in a table.
const ROOK_H: &[Vector] = &[(0, 1), (0, -1)];
const ROOK_V: &[Vector] = &[(1, 0), (-1, 0)];
const BISHOP: &[Vector] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const HORSE: &[Vector] = &[
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
];
const DABBABA: &[Vector] = &[(2, 0), (-2, 0), (0, 2), (0, -2)];
const ELEPHANT: &[Vector] = &[(2, 2), (2, -2), (-2, 2), (-2, -2)];
const JANGGI_ELEPHANT: &[Vector] = &[
    (3, 2),
    (3, -2),
    (-3, 2),
    (-3, -2),
    (2, 3),
    (2, -3),
    (-2, 3),
    (-2, -3),
];

/// How a family moves along one of its lines.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Slide,
    Cannon,
    Grasshopper,
    Lame,
}

/// Writes the moves of one mode: its plain leaps, then each family's moves, line by line,
/// clipped to the squares the mode's tables name.
fn write_mode(mode: &Mode, final_letter: char, initial: bool, out: &mut String) {
    let mask = reach(mode);
    let prefix = if initial { "i" } else { "" };
    for (&v, &distance) in &mode.steps {
        if distance == 0 {
            out.push_str(&format!(
                "{prefix}{}{final_letter}{}",
                dirs_of(v),
                atom_letter(v)
            ));
        }
    }
    let mut lines: BTreeSet<(Kind, Vector)> = BTreeSet::new();
    let mut add = |kind: Kind, family: &[Vector]| lines.extend(family.iter().map(|&v| (kind, v)));
    for (&v, &distance) in &mode.steps {
        if distance != 0 {
            for family in [DABBABA, HORSE, ELEPHANT, JANGGI_ELEPHANT] {
                if family.contains(&v) {
                    add(Kind::Lame, family);
                }
            }
        }
    }
    for &v in mode.slides.keys() {
        for family in [BISHOP, ROOK_H, ROOK_V, HORSE] {
            if family.contains(&v) {
                add(Kind::Slide, family);
            }
        }
    }
    for (&v, &distance) in &mode.hops {
        let kind = if distance == 1 {
            Kind::Grasshopper
        } else {
            Kind::Cannon
        };
        for family in [BISHOP, ROOK_H, ROOK_V] {
            if family.contains(&v) {
                add(kind, family);
            }
        }
    }
    for (kind, v) in lines {
        let lengths: Vec<i32> = (1..=REACH)
            .filter(|&k| mask.contains(&(v.0 * k, v.1 * k)))
            .collect();
        let line = Line {
            prefix,
            dirs: dirs_of(v),
            unit: atom_letter(v),
            final_letter,
        };
        match kind {
            Kind::Lame if lengths.first() == Some(&1) => line.lame(out),
            Kind::Lame => {}
            Kind::Slide => line.slides(&lengths, out),
            Kind::Cannon => line.cannon(&lengths, out),
            Kind::Grasshopper => line.grasshopper(&lengths, out),
        }
    }
}

/// The squares, as vectors from the piece, that Fairy-Stockfish's clipping mask holds for a mode:
/// every step, and every square a slide or hop line passes on an empty board, up to its distance.
fn reach(mode: &Mode) -> BTreeSet<Vector> {
    let mut mask: BTreeSet<Vector> = mode.steps.keys().copied().collect();
    for (table, hops) in [(&mode.slides, false), (&mode.hops, true)] {
        // Fairy-Stockfish follows a line only by steps of at most two squares each way.
        for (&v, &distance) in table.iter().filter(|(v, _)| v.0.abs().max(v.1.abs()) <= 2) {
            let limit = if distance == 0 || (hops && distance == 1) {
                REACH
            } else {
                distance
            };
            mask.extend((1..=limit.min(REACH)).map(|k| (v.0 * k, v.1 * k)));
        }
    }
    mask
}

/// One line of a family: its direction letters and unit atom, with the mode's letters.
struct Line<'a> {
    prefix: &'a str,
    dirs: String,
    unit: char,
    final_letter: char,
}

impl Line<'_> {
    /// The longest run of lengths `1..=n` in `lengths`, and the lengths after it.
    fn split(lengths: &[i32]) -> (i32, &[i32]) {
        let run = lengths
            .iter()
            .zip(1..)
            .take_while(|(&k, n)| k == *n)
            .count();
        (run as i32, &lengths[run..])
    }

    /// A range suffix: `0` for the whole line.
    fn range(n: i32) -> String {
        if n >= REACH {
            "0".to_string()
        } else {
            n.to_string()
        }
    }

    /// An `a` chain along the line with the leg letters given, the last leg getting the mode's
    /// letter: single steps, or a first leg of up to `first` steps.
    fn chain(&self, legs: &[char], first: Option<i32>, out: &mut String) {
        out.push_str(self.prefix);
        out.push_str(&self.dirs);
        for (i, leg) in legs.iter().enumerate() {
            if i > 0 {
                out.push('f');
            }
            out.push(*leg);
            out.push('a');
        }
        if !legs.is_empty() {
            out.push('f');
        }
        out.push(self.final_letter);
        out.push(self.unit);
        if let Some(range) = first {
            out.push_str(&range.to_string());
        }
    }

    /// The lame leap of the line's vector, when its path is empty.
    fn lame(&self, out: &mut String) {
        let (prefix, dirs, letter, unit) = (self.prefix, &self.dirs, self.final_letter, self.unit);
        out.push_str(&format!("{prefix}{dirs}{letter}n{unit}"));
    }

    /// Slides to each of `lengths` over empty squares.
    fn slides(&self, lengths: &[i32], out: &mut String) {
        let (run, rest) = Self::split(lengths);
        if run > 0 {
            let range = Self::range(run);
            out.push_str(&format!(
                "{}{}{}{}{range}",
                self.prefix, self.dirs, self.final_letter, self.unit
            ));
        }
        for &k in rest {
            self.chain(&vec!['m'; k as usize - 1], None, out);
        }
    }

    /// Cannon moves landing at each of `lengths`: exactly one piece passed over.
    fn cannon(&self, lengths: &[i32], out: &mut String) {
        let (run, rest) = Self::split(lengths);
        if run >= REACH {
            out.push_str(&format!(
                "{}{}p{}{}0",
                self.prefix, self.dirs, self.final_letter, self.unit
            ));
        } else {
            // The screen at most `run - beyond` away, then `beyond` steps.
            for beyond in 1..run {
                let mut legs = vec!['m'; beyond as usize];
                legs[0] = 'p';
                self.chain(&legs, Some(run - beyond), out);
            }
        }
        for &k in rest {
            for screen in 1..k {
                let legs: Vec<char> = (1..k)
                    .map(|s| if s == screen { 'p' } else { 'm' })
                    .collect();
                self.chain(&legs, None, out);
            }
        }
    }

    /// Grasshopper moves landing at each of `lengths`: on the square just past the first piece.
    fn grasshopper(&self, lengths: &[i32], out: &mut String) {
        let (run, rest) = Self::split(lengths);
        if run >= REACH {
            out.push_str(&format!(
                "{}{}g{}{}0",
                self.prefix, self.dirs, self.final_letter, self.unit
            ));
        } else if run >= 2 {
            // The first piece at most `run - 1` away, then one step.
            self.chain(&['p'], Some(run - 1), out);
        }
        for &k in rest {
            let legs: Vec<char> = (1..k).map(|s| if s == k - 1 { 'p' } else { 'm' }).collect();
            self.chain(&legs, None, out);
        }
    }
}

/// The XBetza atom of a vector's length: `(1, 0)` W, `(2, 1)` N, and so on.
fn atom_letter((r, f): Vector) -> char {
    let (minor, major) = (r.abs().min(f.abs()), r.abs().max(f.abs()));
    match (minor, major) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        _ => 'G',
    }
}

/// XBetza direction letters that select exactly the vector's direction of its atom.
fn dirs_of((r, f): Vector) -> String {
    let (minor, major) = (r.abs().min(f.abs()), r.abs().max(f.abs()));
    let (class, form) = if minor == major {
        (DirClass::Diagonal, (0, major))
    } else if minor == 0 {
        (DirClass::Orthogonal, (0, major))
    } else {
        (DirClass::Oblique, (minor, major))
    };
    let d = (0..8u8)
        .find(|&d| step_vector(form.0, form.1, d) == (f, r))
        .expect("every vector of an atom has a K-system direction");
    spell(class, DirSet(1 << d))
}
