//! The squares a piece on the board moves to and attacks, read from its move tables, for the
//! evaluation's mobility, threat and king-attack terms.
//!
//! Leaps, slides and hops count; general move programs (multi-leg, crooked, imitating moves)
//! and moves allowed only on a first move do not, so a piece made only of those has no
//! mobility here.

use movegen::{Piece, PieceId, PieceType, Position, Rules};
use notation::{Color, Initial, Modes, MoveTable, Square, SquareSet};

/// Where a piece can go and what it attacks.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Reach {
    /// Squares it may move to when they are empty (occupied ones included: the caller masks).
    pub(crate) moves: SquareSet,
    /// Squares it captures on when an enemy stands there (or defends, for an own piece).
    pub(crate) attacks: SquareSet,
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

/// Adds `to` to the sets `modes` allow.
#[inline]
fn add(reach: &mut Reach, modes: Modes, to: Square) {
    if modes.contains(Modes::MOVE) {
        reach.moves.insert(to);
    }
    if modes.contains(Modes::CAPTURE) {
        reach.attacks.insert(to);
    }
}

/// Adds `squares` to the sets `modes` allow.
#[inline]
fn add_all(reach: &mut Reach, modes: Modes, squares: SquareSet) {
    if modes.contains(Modes::MOVE) {
        reach.moves |= squares;
    }
    if modes.contains(Modes::CAPTURE) {
        reach.attacks |= squares;
    }
}

/// What every piece reaches by the leaps that do not depend on the board (no block square,
/// not only on a first move), per colour, type and square, so that [`reach`] only walks the
/// rest.
#[derive(Debug)]
pub(crate) struct ReachTables {
    types: usize,
    squares: usize,
    fixed: Vec<Reach>,
    /// Per colour and type: whether some leap has a block square (a lame leap).
    lame: Vec<bool>,
    /// On boards of up to 64 squares, the plain slides as 64-bit rays.
    small: Option<SmallSlides>,
}

/// The plain slides of every piece on every square of a board of up to 64 squares, whose
/// squares all lie in the first word of a [`SquareSet`]: where a slide stops is then a few
/// operations on one word instead of four.
#[derive(Debug)]
struct SmallSlides {
    /// Per colour, type and square (indexed as [`ReachTables::fixed`]): its range in `slides`.
    index: Vec<(u32, u32)>,
    slides: Vec<SmallSlide>,
}

/// One plain slide on a board of up to 64 squares.
#[derive(Clone, Copy, Debug)]
struct SmallSlide {
    /// The squares it passes on an empty board, as bits of the first word.
    ray: u64,
    /// Whether the square indices rise from the nearest square out, so that it stops at
    /// the lowest occupied square of `ray` (at the highest otherwise).
    rising: bool,
    modes: Modes,
}

impl SmallSlide {
    /// The squares it passes and stops on when the pieces stand on `occupied`: those up to
    /// and including the first occupied one.
    #[inline]
    fn reached(self, occupied: u64) -> u64 {
        let blockers = self.ray & occupied;
        if blockers == 0 {
            self.ray
        } else if self.rising {
            // Every bit up to the lowest blocker's.
            self.ray & (blockers ^ (blockers - 1))
        } else {
            self.ray & (u64::MAX << (63 - blockers.leading_zeros()))
        }
    }
}

impl ReachTables {
    /// The tables of `rules`.
    pub(crate) fn new(rules: &Rules) -> ReachTables {
        let types = rules.pieces.len();
        let squares = rules.geometry.num_squares();
        let mut fixed = vec![Reach::default(); 2 * types * squares];
        let mut lame = vec![false; 2 * types];
        for_each_table(rules, |index, sq, table| {
            for leap in table.leaps(sq) {
                if leap.initial != Initial::Any {
                    continue;
                }
                if leap.block.is_some() {
                    lame[index / squares] = true;
                } else {
                    add(&mut fixed[index], leap.modes, leap.to);
                }
            }
        });
        ReachTables {
            types,
            squares,
            fixed,
            lame,
            small: (squares <= 64).then(|| SmallSlides::new(rules)),
        }
    }
}

impl SmallSlides {
    /// The slides of `rules`, whose board has at most 64 squares.
    fn new(rules: &Rules) -> SmallSlides {
        let mut index = vec![(0, 0); 2 * rules.pieces.len() * rules.geometry.num_squares()];
        let mut slides = Vec::new();
        for_each_table(rules, |at, sq, table| {
            let start = slides.len() as u32;
            for slide in table.slides(sq) {
                let squares = table.slide_squares(slide);
                slides.push(SmallSlide {
                    ray: squares.iter().fold(0, |ray, s| ray | 1 << s.index()),
                    rising: squares.first().is_some_and(|&s| s > sq),
                    modes: slide.modes,
                });
            }
            index[at] = (start, slides.len() as u32);
        });
        SmallSlides { index, slides }
    }
}

/// Calls `visit` with the table every colour and type moves by on every square of the board
/// (holes left out), and the index of that colour, type and square in tables laid out as
/// [`ReachTables::fixed`] (colour, then type, then square).
fn for_each_table(rules: &Rules, mut visit: impl FnMut(usize, Square, &MoveTable)) {
    let types = rules.pieces.len();
    let squares = rules.geometry.num_squares();
    for color in Color::ALL {
        for (id, pt) in rules.pieces.iter().enumerate() {
            let piece = Piece {
                color,
                id: id as PieceId,
            };
            let kind = color.index() * types + id;
            for sq in rules.geometry.squares() {
                visit(kind * squares + sq.index(), sq, table_of(pt, piece, sq));
            }
        }
    }
}

/// What `piece` on `sq` reaches with the board's pieces on `occupied`.
#[inline]
pub(crate) fn reach(
    pos: &Position,
    tables: &ReachTables,
    piece: Piece,
    sq: Square,
    occupied: SquareSet,
) -> Reach {
    let pt = pos.rules().piece(piece.id);
    let table = table_of(pt, piece, sq);
    let kind = piece.color.index() * tables.types + piece.id as usize;
    let mut reach = tables.fixed[kind * tables.squares + sq.index()];
    if tables.lame[kind] {
        for leap in table.leaps(sq) {
            let Some(block) = leap.block else {
                continue;
            };
            if leap.initial == Initial::Any && !occupied.contains(block) {
                add(&mut reach, leap.modes, leap.to);
            }
        }
    }
    match &tables.small {
        Some(small) => {
            let (start, end) = small.index[kind * tables.squares + sq.index()];
            let (mut moves, mut attacks) = (0, 0);
            for slide in &small.slides[start as usize..end as usize] {
                let reached = slide.reached(occupied.0[0]);
                if slide.modes.contains(Modes::MOVE) {
                    moves |= reached;
                }
                if slide.modes.contains(Modes::CAPTURE) {
                    attacks |= reached;
                }
            }
            reach.moves.0[0] |= moves;
            reach.attacks.0[0] |= attacks;
        }
        None => {
            for (modes, squares) in table.slide_reaches(sq, occupied) {
                add_all(&mut reach, modes, squares);
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
            add(&mut reach, hop.modes, to);
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
    use variants::Catalog;

    use super::*;

    #[test]
    fn small_board_slides_reach_what_the_general_walk_reaches() {
        let catalog = Catalog::builtin();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut variants = 0;
        let mut slides = 0;
        for name in catalog.names() {
            let rules = catalog.rules(&name).expect("a variant");
            if rules.geometry.num_squares() > 64 {
                continue;
            }
            let small = ReachTables::new(&rules);
            let general = ReachTables {
                small: None,
                ..ReachTables::new(&rules)
            };
            assert!(small.small.is_some(), "{name}");
            variants += 1;
            for _ in 0..3 {
                let mut pos = Position::start(Arc::clone(&rules));
                for _ in 0..40 {
                    let occupied = pos.occupied();
                    for sq in occupied.iter() {
                        let Some(piece) = pos.piece_at(sq) else {
                            continue;
                        };
                        let a = reach(&pos, &small, piece, sq, occupied);
                        let b = reach(&pos, &general, piece, sq, occupied);
                        assert_eq!((a.moves, a.attacks), (b.moves, b.attacks), "{name} {sq:?}");
                        let table = table_of(rules.piece(piece.id), piece, sq);
                        slides += table.slides(sq).len();
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
            variants > 20 && slides > 10_000,
            "{variants} variants, {slides} slides"
        );
    }
}
