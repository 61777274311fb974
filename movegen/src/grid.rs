//! Grid chess ([`MoveRules::grid`]): every move but castling must leave the cell of the grid
//! it starts in, and only such moves attack.
//!
//! [`MoveRules::grid`]: crate::MoveRules::grid

use notation::{Square, SquareBits};

use crate::{
    moves::{MoveKind, MoveList},
    position::Position,
};

impl Position {
    /// Drops from `list`, past its first `start` moves, the moves on the board that stay in
    /// the grid cell they start in.
    pub(crate) fn keep_moves_leaving_cells(&self, list: &mut MoveList, start: usize) {
        let Some(cells) = &self.rules.moves.grid else {
            return;
        };
        let mut index = 0;
        list.retain(|mv| {
            index += 1;
            index <= start || mv.kind != MoveKind::Normal || !cells[mv.from.index()].contains(mv.to)
        });
    }

    /// The squares from which a piece may attack `target`, in sets of type `S`: outside its
    /// grid cell, or all.
    #[inline]
    pub(crate) fn grid_reach<S: SquareBits>(&self, target: Square) -> S {
        match &self.rules.moves.grid {
            Some(cells) => !S::from_set_ref(&cells[target.index()]),
            None => !S::EMPTY,
        }
    }
}
