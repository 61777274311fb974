//! The squares a piece on the board moves to and attacks, read from its move tables, for the
//! evaluation's mobility, threat and king-attack terms.
//!
//! Leaps, slides and hops count; general move programs (multi-leg, crooked, imitating moves)
//! and moves allowed only on a first move do not, so a piece made only of those has no
//! mobility here.

use movegen::{Piece, PieceId, PieceType, Position, Rules};
use notation::{Color, Initial, Modes, MoveTable, Square, SquareBits};

/// Where a piece can go and what it attacks, as sets of type `B`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Reach<B> {
    /// Squares it may move to when they are empty (occupied ones included: the caller masks).
    pub(crate) moves: B,
    /// Squares it captures on when an enemy stands there (or defends, for an own piece).
    pub(crate) attacks: B,
}

impl<B: SquareBits> Reach<B> {
    /// Adds `to` to the sets `modes` allow.
    #[inline]
    fn add(&mut self, modes: Modes, to: Square) {
        if modes.contains(Modes::MOVE) {
            self.moves.insert(to);
        }
        if modes.contains(Modes::CAPTURE) {
            self.attacks.insert(to);
        }
    }

    /// Adds `squares` to the sets `modes` allow.
    #[inline]
    fn add_all(&mut self, modes: Modes, squares: B) {
        if modes.contains(Modes::MOVE) {
            self.moves |= squares;
        }
        if modes.contains(Modes::CAPTURE) {
            self.attacks |= squares;
        }
    }
}

/// The table `piece` moves by on `sq` (zone moves such as a soldier across the river).
#[inline]
fn table_of(pt: &PieceType, piece: Piece, sq: Square) -> &MoveTable {
    let c = piece.color.index();
    match &pt.zone_moves {
        Some(zone) if zone.zone[c].contains(sq) => &zone.tables[c],
        _ => &pt.tables[c],
    }
}

/// What every piece reaches by the leaps that do not depend on the board (no block square,
/// not only on a first move), and its plain slides as rays, per colour, type and square, in
/// sets of type `B`, so that [`reach`] only walks the rest.
#[derive(Debug)]
pub(crate) struct ReachTables<B> {
    types: usize,
    squares: usize,
    fixed: Vec<Reach<B>>,
    /// Per colour and type: whether some leap has a block square (a lame leap).
    lame: Vec<bool>,
    /// Per colour and type: whether it hops on some square.
    hops: Vec<bool>,
    /// Per colour, type and square (indexed as `fixed`): its range in `rays`.
    ray_index: Vec<(u32, u32)>,
    rays: Vec<Ray<B>>,
}

/// One plain slide from one square.
#[derive(Clone, Copy, Debug)]
struct Ray<B> {
    /// The squares it passes on an empty board.
    squares: B,
    /// Whether the square indices rise from the nearest square out, so that it stops at
    /// the lowest occupied square of `squares` (at the highest otherwise).
    rising: bool,
    modes: Modes,
}

impl<B: SquareBits> Ray<B> {
    /// The squares it passes and stops on when the pieces stand on `occupied`: those up to
    /// and including the first occupied one.
    #[inline]
    fn reached(self, occupied: B) -> B {
        self.squares.ray_until(occupied, self.rising)
    }
}

impl<B: SquareBits> ReachTables<B> {
    /// The tables of `rules`, whose board must fit in `B`.
    pub(crate) fn new(rules: &Rules) -> ReachTables<B> {
        let types = rules.pieces.len();
        let squares = rules.geometry.num_squares();
        let mut fixed = vec![Reach::default(); 2 * types * squares];
        let mut lame = vec![false; 2 * types];
        let mut hops = vec![false; 2 * types];
        let mut ray_index = vec![(0, 0); 2 * types * squares];
        let mut rays = Vec::new();
        for color in Color::ALL {
            for (id, pt) in rules.pieces.iter().enumerate() {
                let piece = Piece {
                    color,
                    id: id as PieceId,
                };
                let kind = color.index() * types + id;
                for sq in rules.geometry.squares() {
                    let index = kind * squares + sq.index();
                    let table = table_of(pt, piece, sq);
                    for leap in table.leaps(sq) {
                        if leap.initial != Initial::Any {
                            continue;
                        }
                        if leap.block.is_some() {
                            lame[kind] = true;
                        } else {
                            fixed[index].add(leap.modes, leap.to);
                        }
                    }
                    let start = rays.len() as u32;
                    for slide in table.slides(sq) {
                        let line = table.slide_squares(slide);
                        rays.push(Ray {
                            squares: B::from_set(line.iter().copied().collect()),
                            rising: slide.rising(),
                            modes: slide.modes,
                        });
                    }
                    ray_index[index] = (start, rays.len() as u32);
                    hops[kind] |= !table.hops(sq).is_empty();
                }
            }
        }
        ReachTables {
            types,
            squares,
            fixed,
            lame,
            hops,
            ray_index,
            rays,
        }
    }

    /// The index of `piece` on `sq` in `fixed` and `ray_index`.
    #[inline]
    fn index(&self, piece: Piece, sq: Square) -> usize {
        (piece.color.index() * self.types + piece.id as usize) * self.squares + sq.index()
    }

    /// The plain slides of `piece` on `sq`.
    #[inline]
    fn rays(&self, piece: Piece, sq: Square) -> &[Ray<B>] {
        let (start, end) = self.ray_index[self.index(piece, sq)];
        &self.rays[start as usize..end as usize]
    }
}

/// What `piece` on `sq` reaches with the board's pieces on `occupied`.
#[inline]
pub(crate) fn reach<B: SquareBits>(
    pos: &Position,
    tables: &ReachTables<B>,
    piece: Piece,
    sq: Square,
    occupied: B,
) -> Reach<B> {
    let kind = piece.color.index() * tables.types + piece.id as usize;
    let mut reach = tables.fixed[tables.index(piece, sq)];
    for ray in tables.rays(piece, sq) {
        reach.add_all(ray.modes, ray.reached(occupied));
    }
    if !tables.lame[kind] && !tables.hops[kind] {
        return reach;
    }
    let table = table_of(pos.rules().piece(piece.id), piece, sq);
    if tables.lame[kind] {
        for leap in table.leaps(sq) {
            let Some(block) = leap.block else {
                continue;
            };
            if leap.initial == Initial::Any && !occupied.contains(block) {
                reach.add(leap.modes, leap.to);
            }
        }
    }
    for hop in table.hops(sq) {
        let squares = table.hop_squares(hop);
        let Some(mount) = squares
            .iter()
            .take(usize::from(hop.mount_range))
            .position(|&s| occupied.contains(s))
        else {
            continue;
        };
        for &to in squares
            .iter()
            .skip(mount + 1)
            .take(usize::from(hop.landing_range))
        {
            reach.add(hop.modes, to);
            if occupied.contains(to) {
                break;
            }
        }
    }
    reach
}

/// How many squares `pt` reaches from an average square of an empty board (leaps and slides
/// that may move, for white).
pub(crate) fn empty_board_mobility(geometry: &notation::Geometry, pt: &PieceType) -> f64 {
    let table = &pt.tables[0];
    let total: usize = geometry
        .squares()
        .map(|sq| table.empty_board_moves(sq).count())
        .sum();
    total as f64 / geometry.squares().count().max(1) as f64
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use movegen::MoveList;
    use notation::SquareSet;
    use variants::Catalog;

    use super::*;

    /// The rays of `tables` stop where the move table's own walk stops (for the pieces of
    /// `pos`), and what the pieces reach in `B` is what they reach in four words (which says
    /// something only for the narrower widths); returns the number of slides compared.
    fn agree<B: SquareBits>(
        pos: &Position,
        tables: &ReachTables<B>,
        wide: &ReachTables<SquareSet>,
    ) -> usize {
        let occupied = pos.occupied();
        let mut slides = 0;
        for sq in occupied.iter() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let table = table_of(pos.rules().piece(piece.id), piece, sq);
            let rays = tables.rays(piece, sq);
            let walked: Vec<_> = table.slide_reaches(sq, occupied).collect();
            assert_eq!(rays.len(), walked.len());
            for (ray, (modes, squares)) in rays.iter().zip(walked) {
                assert_eq!(ray.modes, modes);
                assert_eq!(ray.reached(B::from_set(occupied)), B::from_set(squares));
            }
            slides += rays.len();
            let narrow = reach(pos, tables, piece, sq, B::from_set(occupied));
            let full = reach(pos, wide, piece, sq, occupied);
            assert_eq!(narrow.moves, B::from_set(full.moves), "{sq:?}");
            assert_eq!(narrow.attacks, B::from_set(full.attacks), "{sq:?}");
        }
        slides
    }

    #[test]
    fn every_width_reaches_what_the_move_tables_reach() {
        let catalog = Catalog::builtin();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut slides = [0usize; 3];
        for name in catalog.names() {
            let rules = catalog.rules(&name).expect("a variant");
            let squares = rules.geometry.num_squares();
            let wide = ReachTables::<SquareSet>::new(&rules);
            let word = (squares <= 64).then(|| ReachTables::<u64>::new(&rules));
            let two_words = (squares <= 128).then(|| ReachTables::<u128>::new(&rules));
            for _ in 0..3 {
                let mut pos = Position::start(Arc::clone(&rules));
                for _ in 0..40 {
                    slides[2] += agree(&pos, &wide, &wide);
                    if let Some(tables) = &two_words {
                        slides[1] += agree(&pos, tables, &wide);
                    }
                    if let Some(tables) = &word {
                        slides[0] += agree(&pos, tables, &wide);
                    }
                    let mut moves = MoveList::new();
                    pos.generate_legal(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[next() as usize % moves.len()];
                    pos.make(mv);
                }
            }
        }
        assert!(
            slides.iter().all(|&n| n > 10_000),
            "slides compared: {slides:?}"
        );
    }
}
