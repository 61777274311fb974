//! Rules that depend on the start position: where XBetza `ii` moves are allowed, and
//! promotion to the piece that started on the promotion square (`promotionToStartPiece`).

use movegen::{PieceId, Position};
use notation::{Color, SquareSet};

/// For each piece type, per colour, the squares one rank ahead (for that colour) of where a
/// piece of the type stands in `start`: where its `ii` moves are allowed, as XBoard reads them.
pub(crate) fn ahead_of_start(start: &Position) -> Vec<[SquareSet; 2]> {
    let g = start.geometry();
    let mut ahead = vec![[SquareSet::EMPTY; 2]; start.rules().pieces.len()];
    for sq in g.squares() {
        let Some(piece) = start.piece_at(sq) else {
            continue;
        };
        let forward = if piece.color == Color::White { 1 } else { -1 };
        if let Some(to) = g.square(g.file(sq), g.rank(sq) + forward) {
            ahead[piece.id as usize][piece.color.index()].insert(to);
        }
    }
    ahead
}

/// For each square of either side's promotion zone, the type a pawn promoting there becomes:
/// the type that stands there in `start`, or, where that is a royal piece, the type next to it
/// towards file a (Fairy-Max's Grande Acedrex). Squares empty in `start` have no entry, so a
/// pawn promoting there chooses as usual.
pub(crate) fn promotion_to_start_piece(
    start: &Position,
    zone: [SquareSet; 2],
) -> Vec<Option<PieceId>> {
    let g = start.geometry();
    let rules = start.rules();
    let mut by_square = vec![None; g.num_squares()];
    for sq in (zone[0] | zone[1]).iter() {
        let mut at = Some(sq);
        while let Some(piece) = at.and_then(|s| start.piece_at(s)) {
            if !rules.pieces[piece.id as usize].royal {
                by_square[sq.index()] = Some(piece.id);
                break;
            }
            at = at.and_then(|s| g.square(g.file(s) - 1, g.rank(s)));
        }
    }
    by_square
}
