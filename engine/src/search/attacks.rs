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
}

impl ReachTables {
    /// The tables of `rules`.
    pub(crate) fn new(rules: &Rules) -> ReachTables {
        let types = rules.pieces.len();
        let squares = rules.geometry.num_squares();
        let mut fixed = vec![Reach::default(); 2 * types * squares];
        let mut lame = vec![false; 2 * types];
        for color in Color::ALL {
            for (id, pt) in rules.pieces.iter().enumerate() {
                let piece = Piece {
                    color,
                    id: id as PieceId,
                };
                let kind = color.index() * types + id;
                for sq in rules.geometry.squares() {
                    let table = table_of(pt, piece, sq);
                    let reach = &mut fixed[kind * squares + sq.index()];
                    for leap in table.leaps(sq) {
                        if leap.initial != Initial::Any {
                            continue;
                        }
                        if leap.block.is_some() {
                            lame[kind] = true;
                        } else {
                            add(reach, leap.modes, leap.to);
                        }
                    }
                }
            }
        }
        ReachTables {
            types,
            squares,
            fixed,
            lame,
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
    for (modes, squares) in table.slide_reaches(sq, occupied) {
        add_all(&mut reach, modes, squares);
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
