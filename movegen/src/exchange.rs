//! A position with pieces lifted off its board, for following an exchange on one square
//! (static exchange evaluation): who attacks the square next once the pieces that already
//! captured there are gone.

use arrayvec::ArrayVec;
use notation::{Color, Square};

use crate::{
    position::{Piece, Position},
    rules::PieceId,
};

/// Most pieces an exchange lifts off the board.
pub const MAX_LIFTED: usize = 32;

/// A position whose board array lacks some pieces (lines through their squares open up);
/// the pieces are put back when it is dropped. Only attack queries look at it.
#[derive(Debug)]
pub struct Exchange<'a> {
    pos: &'a mut Position,
    lifted: ArrayVec<(Square, u8), MAX_LIFTED>,
}

impl<'a> Exchange<'a> {
    /// Starts an exchange on `pos`, nothing lifted yet.
    pub fn new(pos: &'a mut Position) -> Exchange<'a> {
        Exchange {
            pos,
            lifted: ArrayVec::new(),
        }
    }

    /// Whether another piece can still be lifted.
    #[inline]
    pub fn can_lift(&self) -> bool {
        !self.lifted.is_full()
    }

    /// Lifts the piece on `sq` off the board (for attack queries only).
    ///
    /// # Panics
    /// If [`can_lift`](Exchange::can_lift) is false.
    pub fn lift(&mut self, sq: Square) {
        let code = std::mem::replace(&mut self.pos.board[sq.index()], 0);
        self.lifted.push((sq, code));
    }

    /// The first type of `order` with a piece of `by` that could capture a royal piece on
    /// `target`, with that piece's square; lifted pieces do not count and do not block.
    pub fn least_attacker(
        &self,
        target: Square,
        by: Color,
        order: &[PieceId],
    ) -> Option<(Square, PieceId)> {
        order.iter().find_map(|&id| {
            self.pos
                .attacker_of(target, Piece { color: by, id })
                .map(|sq| (sq, id))
        })
    }
}

impl Drop for Exchange<'_> {
    fn drop(&mut self) {
        for &(sq, code) in self.lifted.iter().rev() {
            self.pos.board[sq.index()] = code;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use notation::{parse, Geometry};

    use super::*;
    use crate::{PieceType, Rules};

    /// Kings, rooks and pawns on 8x8.
    fn rules() -> Arc<Rules> {
        let g = Geometry::new(8, 8).expect("8x8");
        let pawn = PieceType::new("pawn", "P", "fmWfcF", parse("fmWfcF").expect("P"), &g);
        let rook = PieceType::new("rook", "R", "R", parse("R").expect("R"), &g);
        let king = PieceType::new("king", "K", "K", parse("K").expect("K"), &g);
        let mut pieces = vec![pawn, rook, king];
        pieces[2].royal = true;
        let mut rules = Rules::new("t", g, pieces, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        rules.promotion.pawn_types = vec![0];
        rules.finish();
        Arc::new(rules)
    }

    #[test]
    fn lifting_a_rook_uncovers_the_one_behind() {
        let mut pos = Position::from_fen(rules(), "4k3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1").unwrap();
        let sq = |name: &str| pos_square(name);
        let (d5, d2, d1) = (sq("d5"), sq("d2"), sq("d1"));
        let order = [0, 1, 2];
        let before = (pos.fen(), pos.key());
        {
            let mut ex = Exchange::new(&mut pos);
            assert_eq!(ex.least_attacker(d5, Color::White, &order), Some((d2, 1)));
            assert_eq!(ex.least_attacker(d5, Color::Black, &order), None);
            ex.lift(d2);
            assert_eq!(ex.least_attacker(d5, Color::White, &order), Some((d1, 1)));
            ex.lift(d1);
            assert_eq!(ex.least_attacker(d5, Color::White, &order), None);
        }
        assert_eq!((pos.fen(), pos.key()), before);
    }

    /// A piece found by generating its paths (the Xiangqi horse) stops attacking once lifted.
    #[test]
    fn a_lifted_path_piece_no_longer_attacks() {
        let g = Geometry::new(8, 8).expect("8x8");
        let horse = PieceType::new("horse", "H", "mafsW", parse("mafsW").expect("H"), &g);
        let king = PieceType::new("king", "K", "K", parse("K").expect("K"), &g);
        let mut rules = Rules::new("t", g, vec![horse, king], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        rules.pieces[1].royal = true;
        rules.finish();
        assert!(rules.pieces[0].attacks_by_paths(Color::White));
        let mut pos =
            Position::from_fen(Arc::new(rules), "4k3/8/8/8/8/8/8/H3K3 w - - 0 1").unwrap();
        let (a1, b3) = (pos_square("a1"), pos_square("b3"));
        let mut ex = Exchange::new(&mut pos);
        assert_eq!(ex.least_attacker(b3, Color::White, &[0]), Some((a1, 0)));
        ex.lift(a1);
        assert_eq!(ex.least_attacker(b3, Color::White, &[0]), None);
    }

    /// A square of an 8x8 board by name.
    fn pos_square(name: &str) -> Square {
        Geometry::new(8, 8)
            .expect("8x8")
            .parse_square(name)
            .expect("square")
    }
}
