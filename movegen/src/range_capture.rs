//! Tenjiku Shogi's range-capturing generals as HaChu plays them ([`PieceType::jump_rank`]):
//! a capturing slide of a piece with a rank goes on past pieces of a lower rank, friend or
//! foe, and takes any enemy piece of a lower rank there; the first piece of a rank as high
//! as its own (a royal piece, the board's edge) ends it. Moves that take nothing do not
//! jump, and as no royal piece can be jumped or taken beyond the first piece, these captures
//! never give check.
//!
//! [`PieceType::jump_rank`]: crate::PieceType::jump_rank

use notation::{Modes, MoveTable, Square};

use crate::{
    moves::{Move, MoveList},
    position::{Piece, Position},
};

impl Position {
    /// The rank a range-capturing piece must exceed to pass over or take what stands on a
    /// square holding `code`: a royal piece's or a wall's is the highest.
    #[inline]
    fn jump_barrier(&self, code: u8) -> u8 {
        match Piece::from_code(code) {
            Some(p) if !self.rules.pieces[p.id as usize].royal => {
                self.rules.pieces[p.id as usize].jump_rank
            }
            _ => u8::MAX,
        }
    }

    /// Adds the captures `piece` on `from`, which moves by `table` and has a rank, makes past
    /// the first piece on its capturing slides.
    pub(crate) fn jump_captures(
        &self,
        piece: Piece,
        from: Square,
        table: &MoveTable,
        list: &mut MoveList,
    ) {
        let rank = self.rules.pieces[piece.id as usize].jump_rank;
        for slide in table.slides(from) {
            if !slide.modes.contains(Modes::CAPTURE) {
                continue;
            }
            let squares = table.slide_squares(slide);
            let Some(first) = squares.iter().position(|sq| self.board[sq.index()] != 0) else {
                continue;
            };
            // The first piece, which the slide itself takes, only has to be passable.
            if self.jump_barrier(self.board[squares[first].index()]) >= rank {
                continue;
            }
            for &to in &squares[first + 1..] {
                let code = self.board[to.index()];
                if code == 0 {
                    continue;
                }
                if self.jump_barrier(code) >= rank {
                    break;
                }
                if Piece::from_code(code).is_some_and(|p| p.color != piece.color) {
                    self.add_with_promotions(Move::normal(piece.id, from, to), list);
                }
            }
        }
    }
}
