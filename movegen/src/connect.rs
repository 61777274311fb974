//! Winning by lining up pieces, as Fairy-Stockfish's `connectN` family has it (tic-tac-toe,
//! connect four, gomoku, ...): after a move, the side that made it has connected when its
//! counting pieces stand `n` in a row along one of the allowed lines, fill an `n` x `n` square,
//! stand `n` on one line with gaps allowed, or join its two regions through neighbours along
//! the allowed lines.
//!
//! Games without the rule pay nothing: [`GameEnd::connect`](crate::GameEnd::connect) is `None`.
//! With it, each check walks the mover's counting pieces (these games have small boards),
//! without allocating.

use notation::{Color, Geometry, Square, SquareSet};

use crate::{
    position::{Piece, Position},
    rules::{Outcome, PieceId},
};

/// The connection rule of a variant.
#[derive(Clone, Debug)]
pub struct Connect {
    /// The piece types that count (`None`: all, Fairy-Stockfish's default).
    pub types: Option<Vec<PieceId>>,
    /// The lines pieces connect along, as (file, rank) steps: horizontal `(1, 0)`, vertical
    /// `(0, 1)`, the diagonals `(1, 1)` and `(1, -1)` (`connectHorizontal`, `connectVertical`,
    /// `connectDiagonal`).
    pub lines: Vec<(i32, i32)>,
    /// So many in an unbroken row win (`connectN`; 0: no such rule).
    pub in_row: u32,
    /// A filled square of this side wins (`connectNxN`; 0: no such rule).
    pub square: u32,
    /// So many on one line, gaps allowed, win (`collinearN`; 0: no such rule).
    pub collinear: u32,
    /// Per colour, two regions that a chain of neighbouring pieces joining them wins
    /// (`connectRegion1White` ...; empty: no such rule).
    pub regions: [[SquareSet; 2]; 2],
    /// What connecting is worth to the side that connected (`connectValue`, a win by default).
    pub value: Outcome,
}

impl Position {
    /// The result for the side to move when the side that just moved has connected.
    pub(crate) fn connect_end(&self, connect: &Connect) -> Option<Outcome> {
        let mover = self.side_to_move().opponent();
        let pieces = self.connect_pieces(connect, mover);
        let g = self.geometry();
        let connected = (connect.in_row > 0 && in_row(g, pieces, &connect.lines, connect.in_row))
            || (connect.square > 0 && filled_square(g, pieces, connect.square))
            || (connect.collinear > 0 && collinear(g, pieces, &connect.lines, connect.collinear))
            || joined(g, pieces, &connect.lines, connect.regions[mover.index()]);
        connected.then(|| connect.value.reversed())
    }

    /// The squares of `color`'s pieces that count for connecting.
    fn connect_pieces(&self, connect: &Connect, color: Color) -> SquareSet {
        match &connect.types {
            None => self.pieces_of(color),
            Some(types) => types
                .iter()
                .map(|&id| self.pieces(Piece { color, id }))
                .fold(SquareSet::EMPTY, |all, set| all | set),
        }
    }
}

/// The square `steps` lines of `step` away from `sq`, if on the board.
fn offset(g: &Geometry, sq: Square, step: (i32, i32), steps: i32) -> Option<Square> {
    g.square(g.file(sq) + step.0 * steps, g.rank(sq) + step.1 * steps)
}

/// Whether `n` of `pieces` stand in an unbroken row along one of `lines`.
fn in_row(g: &Geometry, pieces: SquareSet, lines: &[(i32, i32)], n: u32) -> bool {
    let n = n as i32;
    pieces.iter().any(|sq| {
        lines.iter().any(|&step| {
            (1..n).all(|k| offset(g, sq, step, k).is_some_and(|to| pieces.contains(to)))
        })
    })
}

/// Whether `pieces` fill an `n` x `n` square.
fn filled_square(g: &Geometry, pieces: SquareSet, n: u32) -> bool {
    let n = n as i32;
    pieces.iter().any(|sq| {
        (0..n).all(|file| {
            (0..n).all(|rank| {
                g.square(g.file(sq) + file, g.rank(sq) + rank)
                    .is_some_and(|to| pieces.contains(to))
            })
        })
    })
}

/// Whether `n` of `pieces` stand on one line along one of `lines`, gaps allowed.
fn collinear(g: &Geometry, pieces: SquareSet, lines: &[(i32, i32)], n: u32) -> bool {
    pieces.iter().any(|sq| {
        lines.iter().any(|&step| {
            let count_towards = |sign: i32| {
                (1..)
                    .map_while(|k| offset(g, sq, (step.0 * sign, step.1 * sign), k))
                    .filter(|to| pieces.contains(*to))
                    .count()
            };
            1 + count_towards(1) + count_towards(-1) >= n as usize
        })
    })
}

/// Whether a chain of `pieces`, neighbours along `lines` (either way), joins the two
/// `regions`.
fn joined(g: &Geometry, pieces: SquareSet, lines: &[(i32, i32)], regions: [SquareSet; 2]) -> bool {
    if !pieces.intersects(regions[0]) || !pieces.intersects(regions[1]) {
        return false;
    }
    let mut reached = pieces & regions[0];
    let mut frontier = reached;
    while let Some(sq) = frontier.first() {
        frontier.remove(sq);
        if regions[1].contains(sq) {
            return true;
        }
        for &step in lines {
            for sign in [1, -1] {
                let next = offset(g, sq, (step.0 * sign, step.1 * sign), 1);
                if let Some(to) = next.filter(|to| pieces.contains(*to) && !reached.contains(*to)) {
                    reached.insert(to);
                    frontier.insert(to);
                }
            }
        }
    }
    false
}
