//! Sittuyin's promotion (Fairy-Stockfish's `sittuyinPromotion`): a pawn in its zone spends a
//! move turning into a new piece where it stands or on an empty square that piece could move
//! to; the new piece may attack no enemy piece and the move may give no check. A side left with
//! its king and one pawn that could only promote may instead call the game drawn.

use notation::{Square, SquareSet};

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::{Piece, Position},
};

impl Position {
    /// Appends the sittuyin promotions of the side to move (see
    /// [`Promotion::sittuyin`](crate::Promotion::sittuyin)): from a pawn in its zone, or from
    /// the side's only pawn wherever it stands. Whether the new piece attacks an enemy piece or
    /// the move gives check is left to legality ([`Position::sittuyin_promotion_quiet`]).
    pub(crate) fn sittuyin_promotions(&self, list: &mut MoveList) {
        let rules = &self.rules;
        let us = self.state.side;
        let pawns = rules
            .promotion
            .pawn_types
            .iter()
            .map(|&id| self.pieces(Piece { color: us, id }))
            .fold(SquareSet::EMPTY, |all, set| all | set);
        let last_pawn = pawns.len() == 1;
        let mut reach = MoveList::new();
        for from in pawns.iter() {
            let pawn = self.piece_at(from).expect("own pawn");
            let zone = match &rules.pieces[pawn.id as usize].promotion_zone {
                Some(zone) => zone[us.index()],
                None => rules.promotion.zone[us.index()],
            };
            if !last_pawn && !zone.contains(from) {
                continue;
            }
            for &choice in rules.promotion.choices_for(us) {
                if !self.promotion_allowed(choice, us) {
                    continue;
                }
                let mut targets = SquareSet::from_square(from);
                reach.clear();
                self.piece_moves(
                    Piece {
                        color: us,
                        id: choice,
                    },
                    from,
                    &mut reach,
                );
                for mv in &reach {
                    let quiet = mv.kind == MoveKind::Normal
                        && mv.promotion().is_none()
                        && !mv.has_victims()
                        && !mv.has(MoveFlags::INDUCED)
                        && mv.unload().is_none()
                        && self.board[mv.to.index()] == 0;
                    if quiet {
                        targets.insert(mv.to);
                    }
                }
                for to in targets.iter() {
                    list.push(Move::normal(pawn.id, from, to).with_promotion(choice));
                }
            }
        }
    }

    /// Whether `mv` is a sittuyin promotion (a pawn's promotion under
    /// [`Promotion::sittuyin`](crate::Promotion::sittuyin)).
    #[inline]
    pub(crate) fn is_sittuyin_promotion(&self, mv: &Move) -> bool {
        self.rules.promotion.sittuyin
            && mv.kind == MoveKind::Normal
            && mv.promotion().is_some()
            && self.rules.is_pawn(mv.piece)
    }

    /// After a sittuyin promotion to `to` was made: whether it gives no check and the new
    /// piece on `to` attacks no enemy piece.
    pub(crate) fn sittuyin_promotion_quiet(&self, to: Square) -> bool {
        if self.in_check() {
            return false;
        }
        let Some(piece) = self.piece_at(to) else {
            return true;
        };
        let mut moves = MoveList::new();
        self.piece_moves(piece, to, &mut moves);
        !moves.iter().any(|mv| {
            mv.has_victims() || self.piece_at(mv.to).is_some_and(|p| p.color != piece.color)
        })
    }

    /// Sittuyin's promotion stalemate (its rule 3.9 c.7, as Fairy-Stockfish applies it): the
    /// side to move, not in check, has one pawn and one other piece on the board, and its legal
    /// moves `legal` (not none) are all sittuyin promotions. The game is then drawn, since a
    /// promotion cannot be forced.
    pub(crate) fn promotion_stalemate(&self, legal: &[Move]) -> bool {
        let us = self.state.side;
        self.rules.promotion.sittuyin
            && !legal.is_empty()
            && self.pieces_of(us).len() == 2
            && self
                .rules
                .promotion
                .pawn_types
                .iter()
                .map(|&id| self.pieces(Piece { color: us, id }).len())
                .sum::<usize>()
                == 1
            && legal.iter().all(|mv| self.is_sittuyin_promotion(mv))
            && !self.in_check()
    }
}
