//! Atomic chess's explosions ([`MoveRules::blast`]): a capture removes the capturing piece
//! and every piece but pawns next to its square; a move may not explode its own royal piece,
//! and exploding the enemy royal piece wins whatever else.
//!
//! [`MoveRules::blast`]: crate::MoveRules::blast

use notation::{Color, Square};

use crate::position::{Position, Undo};

impl Position {
    /// Explodes a capture on `to`: the capturing piece and every piece but pawns next to `to`
    /// leave the board (the latter turning into walls under
    /// [`MoveRules::petrify_blast`](crate::MoveRules::petrify_blast)).
    pub(crate) fn explode(&mut self, undo: &mut Undo, to: Square) {
        let blast = self.rules.neighbours[to.index()] & self.occupied();
        for sq in blast.iter() {
            let id = self.piece_at(sq).expect("occupied").id;
            if !self.rules.is_pawn(id) && !self.rules.moves.blast_immune.contains(&id) {
                self.record(undo, sq);
                self.clear(sq);
                if self.rules.moves.petrify_blast {
                    self.place_wall(sq);
                    undo.blast_petrified = true;
                }
            }
        }
        let capturer = self.piece_at(to).map(|p| p.id);
        if !capturer.is_some_and(|id| self.rules.moves.blast_immune.contains(&id)) {
            self.record(undo, to);
            self.clear(to);
        }
    }

    /// Whether the move `us` just made, with `ours` and `theirs` royal pieces on the board
    /// before it, is legal where captures explode: it exploded none of its own royal pieces,
    /// and it exploded an enemy one or left its own unattacked.
    pub(crate) fn legal_after_blast(&self, us: Color, ours: usize, theirs: usize) -> bool {
        self.royals(us).len() == ours
            && (self.royals(us.opponent()).len() < theirs || !self.royal_attacked(us))
    }
}
