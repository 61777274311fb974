//! The meaning of an XBetza text: moves, legs, atoms and ranges.

use crate::{direction::DirClass, DirSet, Modes};

/// The whole move set of a piece: the union of its moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceDesc {
    /// The moves, in the order written.
    pub moves: Vec<MoveDesc>,
}

/// One move of a piece: an atom with a sequence of legs (one leg per `a`-separated group).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveDesc {
    /// The legs; the last one is the final leg. Never empty.
    pub legs: Vec<Leg>,
    /// The atom, which fixes the step of every leg and the range of the first.
    pub atom: Atom,
    /// The range of the first leg.
    pub range: Range,
    /// Which pieces may make the move: any, a piece that has never moved (`i` on the first
    /// leg), or one a rank ahead of its start (`ii`).
    pub initial: Initial,
    /// Byte offsets of the move in the source text (start, end).
    pub span: (usize, usize),
}

/// Which pieces may make a move, by their history or where they stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Initial {
    /// Any piece (no `i`).
    #[default]
    Any,
    /// Only a piece that has never moved (`i`).
    Virgin,
    /// Only a piece standing one rank ahead, for its side, of a square where a piece of its
    /// type stands in the start position (`ii`, as XBoard reads it: the double step of a
    /// Wildebeest pawn from its third rank). Whether it has moved does not matter.
    AheadOfStart,
}

impl Initial {
    /// Whether the move is restricted at all (`i` or `ii`).
    pub fn restricts(self) -> bool {
        self != Initial::Any
    }
}

/// One leg of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Leg {
    /// Directions: absolute (K-system) on the first leg, relative to the previous leg on the
    /// others. `None` when no direction letter was written: every direction of the atom on the
    /// first leg, "any but back, never revisiting a square" on the others.
    pub dirs: Option<DirSet>,
    /// The mode letters written on the leg (defaults are applied by the compiler).
    pub modes: Modes,
    /// `i` on a continuation leg: as many steps as the last slider leg (iso).
    pub iso: bool,
}

/// The atom of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// A leap of `(minor, major)` squares, `0 <= minor <= major`, `major >= 1`.
    Leap {
        /// The shorter coordinate of the leap.
        minor: u8,
        /// The longer coordinate of the leap.
        major: u8,
        /// Written as a slider letter (`R`, `B`, `WW`, `FF`): continuation legs slide too.
        slider: bool,
    },
    /// The King step system (W and F together): `K`, or `Q` when `slider`.
    King {
        /// Written as `Q`: continuation legs slide too.
        slider: bool,
    },
    /// `U`: every square of the board but the piece's own.
    Universal,
    /// `O`: castling with the piece on the board edge.
    Castling,
    /// `I`: the moves of the piece type that moved last.
    Imitator,
}

impl Atom {
    /// How the atom reads direction letters on its first leg.
    pub fn class(self) -> DirClass {
        match self {
            Atom::Leap { minor, major, .. } if minor == major => DirClass::Diagonal,
            Atom::Leap { minor: 0, .. } | Atom::Castling | Atom::Imitator | Atom::Universal => {
                DirClass::Orthogonal
            }
            Atom::Leap { .. } => DirClass::Oblique,
            Atom::King { .. } => DirClass::Eightfold,
        }
    }

    /// The directions the atom has on a first leg without direction letters.
    pub fn all_dirs(self) -> DirSet {
        match self.class() {
            DirClass::Orthogonal => DirSet::ORTHOGONAL,
            DirClass::Diagonal => DirSet::DIAGONAL,
            DirClass::Eightfold | DirClass::Oblique => DirSet::ALL,
        }
    }

    /// The leap in orthogonal form `(minor, major)` used by [`crate::direction::step_vector`]:
    /// diagonal atoms are written as their orthogonal partner (F = (0,1)).
    pub fn orthogonal_form(self) -> (u8, u8) {
        match self {
            Atom::Leap { minor, major, .. } if minor == major => (0, major),
            Atom::Leap { minor, major, .. } => (minor, major),
            _ => (0, 1),
        }
    }

    /// Whether continuation legs slide by default (R, B, Q, WW, FF).
    pub fn slides(self) -> bool {
        matches!(
            self,
            Atom::Leap { slider: true, .. } | Atom::King { slider: true }
        )
    }
}

/// How far the first leg of a move may go, in steps of its atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Range {
    /// At most this many steps (1 to 99).
    Steps(u8),
    /// As far as the board allows.
    Unlimited,
    /// `*`: the number of ranks between the square and the enemy half, at least 1; such moves
    /// create e.p. rights on every square they pass.
    EnemyHalf,
}

impl Range {
    /// The range after a `g`/`y` toggle: leapers become riders and riders leapers.
    pub fn toggled(self) -> Range {
        match self {
            Range::Steps(1) => Range::Unlimited,
            _ => Range::Steps(1),
        }
    }
}
