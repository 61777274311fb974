//! Makruk-style counting (Fairy-Stockfish's `countingRule`): once a side is weak enough, its
//! moves are counted and the game is drawn when the count passes a limit set by the pieces
//! left on the board.

use notation::Color;

use crate::{
    moves::Move,
    position::{Piece, Undo},
    rules::{Counting, CountingRule, PieceId},
    Position,
};

impl Position {
    /// The counting limit and the plies counted so far, both in plies (`(0, 0)` while
    /// nothing is counted).
    #[inline]
    pub fn counting(&self) -> (u16, u16) {
        (self.state.counting_limit, self.state.counting_ply)
    }

    /// Whether the count has passed its limit: the game is drawn unless the side to move is
    /// checkmated.
    #[inline]
    pub fn counting_expired(&self) -> bool {
        let reach = self
            .rules
            .end
            .counting
            .is_some_and(|c| c.rule == CountingRule::BareKing);
        self.state.counting_limit > 0
            && (self.state.counting_ply > self.state.counting_limit
                || (reach && self.state.counting_ply == self.state.counting_limit))
    }

    /// Advances the count after `mv` by `mover` (the turn has passed already; `undo` records
    /// the move), and starts a count when the move made one of the sides weak enough.
    pub(crate) fn update_counting(
        &mut self,
        counting: Counting,
        mover: Color,
        mv: &Move,
        undo: &Undo,
    ) {
        let captured_pawn = counting.pawn.is_some_and(|pawn| {
            undo.changes
                .iter()
                .any(|c| Piece::from_code(c.code).is_some_and(|p| p.color != mover && p.id == pawn))
        });
        let captured_or_promoted = mv.promotion().is_some() || undo.captured_by(mover);
        if self.state.counting_limit > 0 {
            self.state.counting_ply = self.state.counting_ply.saturating_add(1);
        }
        let total = self.occupied().len() as u16;
        let pawns = self.count_type(counting.pawn);
        if counting.rule == CountingRule::BareKing {
            let bare = Color::ALL.iter().any(|&c| self.pieces_of(c).len() < 2);
            if self.state.counting_limit == 0 && bare {
                let limit = if pawns > 0 {
                    64
                } else {
                    self.pieces_honour(&counting, mover)
                };
                self.state.counting_limit = 2 * limit;
                self.state.counting_ply = 2 * total;
            }
            return;
        }
        // A bare king took the last pawn: its own count starts, as if it had counted all along.
        if counting.rule != CountingRule::Asean
            && captured_pawn
            && self.pieces_of(mover).len() == 1
            && pawns == 0
        {
            let limit = self.count_limit(&counting, mover);
            if limit > 0 {
                self.state.counting_limit = 2 * limit;
                self.state.counting_ply = (2 * total).saturating_sub(1);
            }
        }
        let to_move = mover.opponent();
        let weakened = captured_or_promoted && self.pieces_of(to_move).len() == 1;
        if self.state.counting_limit == 0 || weakened {
            let limit = self.count_limit(&counting, to_move);
            if limit > 0 {
                self.state.counting_limit = 2 * limit;
                self.state.counting_ply =
                    if counting.rule == CountingRule::Asean || self.pieces_of(to_move).len() > 1 {
                        0
                    } else {
                        2 * total
                    };
            }
        }
    }

    /// The limit in full moves for counting `side`'s moves in this position (0: `side` does
    /// not count).
    fn count_limit(&self, counting: &Counting, side: Color) -> u16 {
        let ours = self.pieces_of(side).len();
        let theirs = self.pieces_of(side.opponent()).len();
        let pawns = self.count_type(counting.pawn);
        let strong = side.opponent();
        match counting.rule {
            CountingRule::Makruk => {
                if pawns > 0 || theirs == 1 {
                    0
                } else if ours > 1 {
                    64
                } else {
                    self.pieces_honour(counting, strong)
                }
            }
            CountingRule::Cambodian => {
                if ours > 3 || theirs == 1 {
                    0
                } else if ours > 1 {
                    63
                } else if pawns > 0 {
                    0
                } else {
                    self.pieces_honour(counting, strong) - 1
                }
            }
            CountingRule::Asean => {
                if pawns > 0 || ours > 1 {
                    0
                } else if self.count_of(counting.rook, strong) > 0 {
                    16
                } else if self.count_of(counting.khon, strong) > 0 {
                    44
                } else if self.count_of(counting.knight, strong) > 0 {
                    64
                } else {
                    0
                }
            }
            // Started once, in `update_counting`.
            CountingRule::BareKing => 0,
        }
    }

    /// The pieces' honour: the limit in full moves by `strong`'s best pieces.
    fn pieces_honour(&self, counting: &Counting, strong: Color) -> u16 {
        let rooks = self.count_of(counting.rook, strong);
        let khons = self.count_of(counting.khon, strong);
        if rooks > 1 {
            8
        } else if rooks == 1 {
            16
        } else if khons > 1 {
            22
        } else if self.count_of(counting.knight, strong) > 1 {
            32
        } else if khons == 1 {
            44
        } else {
            64
        }
    }

    /// How many pieces of type `id` `color` has on the board.
    fn count_of(&self, id: Option<PieceId>, color: Color) -> usize {
        id.map_or(0, |id| self.pieces(Piece { color, id }).len())
    }

    /// How many pieces of type `id` stand on the board, both sides together.
    fn count_type(&self, id: Option<PieceId>) -> usize {
        id.map_or(0, |id| {
            Color::ALL
                .iter()
                .map(|&color| self.pieces(Piece { color, id }).len())
                .sum()
        })
    }
}
