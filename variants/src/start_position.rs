//! Rules that depend on the start position: where XBetza `ii` moves are allowed, promotion to
//! the piece that started on the promotion square (`promotionToStartPiece`), and the shuffled
//! start positions of Chess960-style variants.

use movegen::{Piece, PieceId, Position};
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

/// Most tries of [`shuffled_start`] at an arrangement that keeps the rules.
const SHUFFLE_TRIES: usize = 10_000;

/// A shuffled start position of a Chess960-style variant, as in Fischer random chess: the back
/// rank of `start` rearranged at random, black's mirroring white's, with the castling king
/// between its two outermost castling partners and the pieces of each colour-bound type on
/// squares of both colours. `below(n)` draws a number below `n`. `None` when the two back
/// ranks are not full mirror images of each other or no arrangement keeps the rules.
pub fn shuffled_start(start: &Position, below: &mut dyn FnMut(usize) -> usize) -> Option<Position> {
    let g = start.geometry();
    let rules = start.rules();
    let top = g.height() - 1;
    let mut rank: Vec<PieceId> = Vec::new();
    for file in 0..g.width() {
        let white = start.piece_at(g.square(file as i32, 0)?)?;
        let black = start.piece_at(g.square(file as i32, top as i32)?)?;
        if white.color != Color::White
            || black
                != (Piece {
                    color: Color::Black,
                    id: white.id,
                })
        {
            return None;
        }
        rank.push(white.id);
    }
    let keeps_rules = |rank: &[PieceId]| {
        let files_of = |wanted: &dyn Fn(PieceId) -> bool| -> Vec<usize> {
            (0..rank.len()).filter(|&f| wanted(rank[f])).collect()
        };
        let castling = &rules.castling;
        let king_between = match castling.king {
            Some(king) if castling.enabled => {
                let partners = files_of(&|id| castling.partners.contains(&id));
                files_of(&|id| id == king).iter().all(|&k| {
                    partners.first().is_some_and(|&p| p < k)
                        && partners.last().is_some_and(|&p| p > k)
                })
            }
            _ => true,
        };
        let both_colours = (0..rules.pieces.len() as PieceId).all(|id| {
            let files = files_of(&|other| other == id);
            files.len() < 2
                || !rules.pieces[id as usize].is_colour_bound(g)
                || (files.iter().any(|f| f % 2 == 0) && files.iter().any(|f| f % 2 == 1))
        });
        king_between && both_colours
    };
    let mut shuffled = rank.clone();
    for _ in 0..SHUFFLE_TRIES {
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, below(i + 1));
        }
        if keeps_rules(&shuffled) {
            return with_back_ranks(start, &shuffled);
        }
    }
    None
}

/// `start` with both back ranks holding `rank` (white's) and its mirror image (black's).
fn with_back_ranks(start: &Position, rank: &[PieceId]) -> Option<Position> {
    let text = |color: Color| -> String {
        rank.iter()
            .map(|&id| start.symbol(Piece { color, id }))
            .collect()
    };
    let fen = start.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let (_, board) = fields.first()?.split_once('/')?;
    let (middle, white_rank) = board.rsplit_once('/')?;
    let holdings = white_rank.find('[').map_or("", |at| &white_rank[at..]);
    let board = format!(
        "{}/{middle}/{}{holdings}",
        text(Color::Black),
        text(Color::White)
    );
    fields[0] = &board;
    // The castling rights as the variant's start FEN gives them (`KQkq`: the outermost
    // partners, wherever they now stand); Kraken writes a Chess960 position's rights as files,
    // which the shuffle moves.
    let rules = start.rules();
    if let (Some(field), Some(rights)) = (fields.get_mut(2), rules.start_fen.split(' ').nth(2)) {
        *field = rights;
    }
    let fen = fields.join(" ");
    Position::from_fen(start.rules_arc().clone(), &fen).ok()
}
