//! Drops placed by the pieces around them, as Fairy-Stockfish's `enclosingDrop` has it: on top
//! of a column (connect four), never beside an enemy piece (snort), pushed in from an edge
//! (`anyside`), enclosing enemy pieces (reversi) or next to a piece of one's side (ataxx);
//! and, while any of the `enclosingDropStart` squares is empty, only there.
//!
//! Games without the rule pay nothing: [`Drops::enclosing`](crate::Drops::enclosing) is `None`.

use notation::{Color, Geometry, SquareSet};

use crate::position::Position;

/// How the pieces around a square decide whether a piece may be dropped there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnclosingRule {
    /// On the first rank or right above a piece (`top`).
    Top,
    /// Not orthogonally beside an enemy piece (`snort`).
    Snort,
    /// Pushed in from an edge (`anyside`): per rank or file whose edge square is empty, the
    /// first empty square, counted from the first file or rank, whose neighbour away from that
    /// edge is taken or off the board. Fairy-Stockfish counts from the first file and rank for
    /// the right and top edges too, and so does Kraken.
    AnySide,
    /// Enclosing enemy pieces in a line up to a piece of its side (`reversi`).
    Reversi,
    /// Next to a piece of its side (`ataxx`).
    Ataxx,
}

/// The placement rule of drops.
#[derive(Clone, Debug)]
pub struct Enclosing {
    /// The rule.
    pub rule: EnclosingRule,
    /// While any of these squares is empty, drops go there only (`enclosingDropStart`).
    pub start: SquareSet,
}

impl Position {
    /// The squares of `targets` where `us` may drop under `enclosing`.
    pub(crate) fn enclosed_drops(
        &self,
        enclosing: &Enclosing,
        us: Color,
        targets: SquareSet,
    ) -> SquareSet {
        let occupied = self.occupied();
        if !(enclosing.start & !occupied).is_empty() {
            return targets & enclosing.start;
        }
        let g = self.geometry();
        let taken =
            |file: i32, rank: i32| g.square(file, rank).is_some_and(|sq| occupied.contains(sq));
        match enclosing.rule {
            EnclosingRule::Top => targets
                .iter()
                .filter(|&sq| g.rank(sq) == 0 || taken(g.file(sq), g.rank(sq) - 1))
                .collect(),
            EnclosingRule::Snort => {
                let theirs = self.pieces_of(us.opponent());
                targets
                    .iter()
                    .filter(|&sq| {
                        [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().all(|&(df, dr)| {
                            g.square(g.file(sq) + df, g.rank(sq) + dr)
                                .map_or(true, |next| !theirs.contains(next))
                        })
                    })
                    .collect()
            }
            EnclosingRule::AnySide => targets & pushed_in(g, occupied),
            EnclosingRule::Reversi => targets
                .iter()
                .filter(|&sq| !self.enclosed_lines(us, sq).is_empty())
                .collect(),
            EnclosingRule::Ataxx => {
                let ours = self.pieces_of(us);
                targets
                    .iter()
                    .filter(|&sq| self.rules.neighbours[sq.index()].intersects(ours))
                    .collect()
            }
        }
    }
}

/// The squares a piece pushed in from some edge comes to rest on (see
/// [`EnclosingRule::AnySide`]).
fn pushed_in(g: &Geometry, occupied: SquareSet) -> SquareSet {
    let (width, height) = (i32::from(g.width()), i32::from(g.height()));
    let empty = |file, rank| {
        g.square(file, rank)
            .is_some_and(|sq| !occupied.contains(sq))
    };
    let mut rest = SquareSet::EMPTY;
    for rank in 0..height {
        // From the first file, resting against a piece (or the last file) to the right; from
        // the last file, Fairy-Stockfish's way: the first empty square with a piece (or the
        // first file) to its left.
        for (edge, stop) in [(0, 1), (width - 1, -1)] {
            if empty(edge, rank) {
                let line = (0..width).map(|file| (file, rank));
                rest |= first_stop(g, occupied, line, (stop, 0));
            }
        }
    }
    for file in 0..width {
        for (edge, stop) in [(0, 1), (height - 1, -1)] {
            if empty(file, edge) {
                let line = (0..height).map(|rank| (file, rank));
                rest |= first_stop(g, occupied, line, (0, stop));
            }
        }
    }
    rest
}

/// The first empty square of `line` whose neighbour one `stop` away is taken or off the
/// board, as a set (empty if none).
fn first_stop(
    g: &Geometry,
    occupied: SquareSet,
    mut line: impl Iterator<Item = (i32, i32)>,
    stop: (i32, i32),
) -> SquareSet {
    let taken = |file, rank| {
        g.square(file, rank)
            .map_or(true, |sq| occupied.contains(sq))
    };
    line.find(|&(file, rank)| !taken(file, rank) && taken(file + stop.0, rank + stop.1))
        .and_then(|(file, rank)| g.square(file, rank))
        .map_or(SquareSet::EMPTY, SquareSet::from_square)
}
