//! A board of bare pieces for examining the moves of one piece.

use notation::{compile, parse, Color, Geometry, MoveTable, PieceDesc, Square, SquareSet};

use crate::walk::{generate, Occupant, PathMove, PieceBoard};

/// A board with pieces of known moves, for listing what one piece can do (`kraken betza`,
/// tests). Pieces placed without a description move as a King.
#[derive(Debug)]
pub struct Probe {
    geometry: Geometry,
    pieces: Vec<Option<(Color, usize)>>,
    kinds: Vec<(PieceDesc, [MoveTable; 2])>,
    virgin: SquareSet,
    ahead_of_start: SquareSet,
    royal: SquareSet,
    ep_squares: SquareSet,
    ep_victim: Option<Square>,
    imitated: Option<[MoveTable; 2]>,
}

impl Probe {
    /// An empty board.
    pub fn new(geometry: Geometry) -> Probe {
        let king = parse("K").expect("K is valid XBetza");
        let mut probe = Probe {
            pieces: vec![None; geometry.num_squares()],
            kinds: Vec::new(),
            virgin: SquareSet::EMPTY,
            ahead_of_start: SquareSet::EMPTY,
            royal: SquareSet::EMPTY,
            ep_squares: SquareSet::EMPTY,
            ep_victim: None,
            imitated: None,
            geometry,
        };
        probe.kind_of(&king);
        probe
    }

    /// Returns the kind id of `desc`, compiling it on first use.
    fn kind_of(&mut self, desc: &PieceDesc) -> usize {
        if let Some(i) = self.kinds.iter().position(|(d, _)| same_moves(d, desc)) {
            return i;
        }
        let tables = self.tables(desc);
        self.kinds.push((desc.clone(), tables));
        self.kinds.len() - 1
    }

    fn tables(&self, desc: &PieceDesc) -> [MoveTable; 2] {
        Color::ALL.map(|color| compile(desc, &self.geometry, color))
    }

    /// Places a piece of `color` on `sq`, moving as `desc` (a King when `None`).
    pub fn place(&mut self, sq: Square, color: Color, desc: Option<&PieceDesc>) {
        let kind = desc.map_or(0, |d| self.kind_of(d));
        self.pieces[sq.index()] = Some((color, kind));
    }

    /// Marks the piece on `sq` (or the mover's start square) as never moved.
    pub fn set_virgin(&mut self, sq: Square) {
        self.virgin.insert(sq);
    }

    /// Marks the piece on `sq` (or the mover's start square) as standing a rank ahead of where
    /// its type starts, so that its `ii` moves are allowed.
    pub fn set_ahead_of_start(&mut self, sq: Square) {
        self.ahead_of_start.insert(sq);
    }

    /// Marks the piece on `sq` (or the mover's start square) as royal.
    pub fn set_royal(&mut self, sq: Square) {
        self.royal.insert(sq);
    }

    /// Gives e.p. rights to `squares`, with the piece on `victim` captured by an e.p. capture.
    pub fn set_ep(&mut self, squares: &[Square], victim: Square) {
        self.ep_squares = squares.iter().copied().collect();
        self.ep_victim = Some(victim);
    }

    /// Sets the piece type the imitator copies.
    pub fn set_imitated(&mut self, desc: &PieceDesc) {
        self.imitated = Some(self.tables(desc));
    }

    /// Every pseudo-legal move of a piece of `color` moving as `desc` from `from`, without
    /// repeats.
    ///
    /// The piece is virgin or royal when `from` was marked so. A piece already placed on `from`
    /// is ignored.
    pub fn moves(&self, desc: &PieceDesc, from: Square, color: Color) -> Vec<PathMove> {
        let table = compile(desc, &self.geometry, color);
        let kind = self
            .kinds
            .iter()
            .position(|(d, _)| same_moves(d, desc))
            .map_or(u32::MAX, |k| k as u32);
        self.table_moves(&table, kind, from, color)
    }

    /// Every pseudo-legal move of a piece of `color` moving by `table` (compiled for `color`
    /// on this board) from `from`, without repeats: [`Probe::moves`] without compiling, for a
    /// piece of none of the placed kinds.
    pub fn moves_by_table(&self, table: &MoveTable, from: Square, color: Color) -> Vec<PathMove> {
        self.table_moves(table, u32::MAX, from, color)
    }

    fn table_moves(
        &self,
        table: &MoveTable,
        kind: u32,
        from: Square,
        color: Color,
    ) -> Vec<PathMove> {
        let mover = Occupant {
            color,
            royal: self.royal.contains(from),
            virgin: self.virgin.contains(from),
            ahead_of_start: self.ahead_of_start.contains(from),
            kind,
        };
        let view = ProbeView { probe: self, from };
        let mut moves: Vec<PathMove> = Vec::new();
        generate(table, &view, from, mover, &mut |mv| {
            if !moves.contains(mv) {
                moves.push(mv.clone());
            }
        });
        moves
    }
}

/// Whether two descriptions are the same moves (ignoring where they were written).
fn same_moves(a: &PieceDesc, b: &PieceDesc) -> bool {
    a.moves.len() == b.moves.len()
        && a.moves.iter().zip(&b.moves).all(|(x, y)| {
            x.legs == y.legs && x.atom == y.atom && x.range == y.range && x.initial == y.initial
        })
}

/// The probe seen from a mover on `from` (which hides whatever was placed there).
struct ProbeView<'a> {
    probe: &'a Probe,
    from: Square,
}

impl PieceBoard for ProbeView<'_> {
    fn geometry(&self) -> &Geometry {
        &self.probe.geometry
    }

    fn occupant(&self, sq: Square) -> Option<Occupant> {
        if sq == self.from {
            return None;
        }
        let (color, kind) = self.probe.pieces.get(sq.index()).copied().flatten()?;
        Some(Occupant {
            color,
            royal: self.probe.royal.contains(sq),
            virgin: self.probe.virgin.contains(sq),
            ahead_of_start: self.probe.ahead_of_start.contains(sq),
            kind: kind as u32,
        })
    }

    fn ep_squares(&self) -> SquareSet {
        self.probe.ep_squares
    }

    fn ep_victim(&self) -> Option<Square> {
        self.probe.ep_victim
    }

    fn table_at(&self, sq: Square) -> Option<&MoveTable> {
        let (color, kind) = self.probe.pieces.get(sq.index()).copied().flatten()?;
        Some(&self.probe.kinds[kind].1[color.index()])
    }

    fn imitated(&self, color: Color) -> Option<&MoveTable> {
        self.probe.imitated.as_ref().map(|t| &t[color.index()])
    }
}
