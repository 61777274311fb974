//! Boards to try a piece's moves on, for the tests of the notations read into XBetza: the
//! squares a piece reaches from a square among other pieces, as names.

use std::collections::{BTreeMap, BTreeSet};

use movegen::{PathMove, Probe};
use notation::{Color, Geometry, PieceDesc, Square};

/// A board to try a piece on: size, the mover's square, other pieces (`d6=b,f4=w`), whether
/// the mover has never moved, and e.p. squares with their victim.
#[derive(Debug)]
pub struct Board {
    pub width: u8,
    pub height: u8,
    pub from: &'static str,
    pub occupy: &'static str,
    pub virgin: bool,
    pub ep: Option<(&'static str, &'static str)>,
}

/// A `width` x `height` board with the mover on `from` and the pieces `occupy`.
pub const fn board(width: u8, height: u8, from: &'static str, occupy: &'static str) -> Board {
    Board {
        width,
        height,
        from,
        occupy,
        virgin: false,
        ep: None,
    }
}

impl Board {
    /// The board's geometry.
    pub fn geometry(&self) -> Geometry {
        Geometry::new(self.width, self.height).expect("a board")
    }

    /// The other pieces: square name to colour.
    pub fn occupants(&self) -> BTreeMap<String, Color> {
        self.occupy
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|item| {
                let (name, side) = item.split_once('=').expect("SQ=w|b");
                let color = if side == "w" {
                    Color::White
                } else {
                    Color::Black
                };
                (name.to_string(), color)
            })
            .collect()
    }

    /// The names of `squares`.
    pub fn names(&self, squares: impl IntoIterator<Item = Square>) -> BTreeSet<String> {
        let g = self.geometry();
        squares.into_iter().map(|s| g.name(s)).collect()
    }

    /// The squares `from + offset` for each offset of `steps` that stays on the board.
    pub fn offsets(&self, steps: &[(i32, i32)]) -> String {
        offsets(self.width, self.height, self.from, steps)
    }
}

/// The moves of `desc`'s own piece on `board` (white).
pub fn moves(desc: &PieceDesc, board: &Board) -> Vec<PathMove> {
    let g = board.geometry();
    let sq = |name: &str| g.parse_square(name).expect("a square");
    let mut probe = Probe::new(g.clone());
    for (name, color) in board.occupants() {
        probe.place(sq(&name), color, None);
    }
    let from = sq(board.from);
    if board.virgin {
        probe.set_virgin(from);
    }
    if let Some((squares, victim)) = board.ep {
        let squares: Vec<_> = squares.split_whitespace().map(sq).collect();
        probe.set_ep(&squares, sq(victim));
    }
    probe
        .moves(desc, from, Color::White)
        .into_iter()
        .filter(|m| m.piece == from)
        .collect()
}

/// The squares `desc`'s piece on `board` can move to.
pub fn targets(desc: &PieceDesc, board: &Board) -> BTreeSet<String> {
    board.names(moves(desc, board).iter().map(|m| m.to))
}

/// The squares named in `squares` (separated by spaces).
pub fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(str::to_string).collect()
}

/// The squares `from + offset` on a `width` x `height` board, for each offset of `steps` that
/// stays on it.
pub fn offsets(width: u8, height: u8, from: &str, steps: &[(i32, i32)]) -> String {
    let g = Geometry::new(width, height).expect("a board");
    let from = g.parse_square(from).expect("a square");
    steps
        .iter()
        .filter_map(|&(dx, dy)| g.square(g.file(from) + dx, g.rank(from) + dy))
        .map(|s| g.name(s))
        .collect::<Vec<_>>()
        .join(" ")
}
