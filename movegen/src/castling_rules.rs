//! Fairy-Stockfish's rules about castling rights: `oppositeCastling` (castling takes the
//! opponent's right on the same side) and `castlingWins` (castling on a listed side wins; a
//! side that lost every listed right loses).

use notation::Color;

use crate::position::{Position, Undo};
use crate::rules::Outcome;

impl Position {
    /// Whether `color` still has its castling right toward `kingside`: its king and the
    /// partner `K` or `Q` names have never moved.
    pub(crate) fn has_castling_right(&self, color: Color, kingside: bool) -> bool {
        let rank = self.castling_rank(color);
        let Some(king) = self
            .castling_king(color, rank)
            .filter(|&k| self.virgin.contains(k))
        else {
            return false;
        };
        let partners = self.castling_partners(color, rank);
        self.standard_partner(king, &partners, kingside)
            .is_some_and(|p| self.virgin.contains(p))
    }

    /// After the side to move castled toward `kingside`: the opponent loses its right on that
    /// side (its partner there counts as moved).
    pub(crate) fn take_same_side_right(&mut self, undo: &mut Undo, kingside: bool) {
        let them = self.state.side.opponent();
        let rank = self.castling_rank(them);
        let Some(king) = self.castling_king(them, rank) else {
            return;
        };
        let partners = self.castling_partners(them, rank);
        if let Some(partner) = self
            .standard_partner(king, &partners, kingside)
            .filter(|&p| self.virgin.contains(p))
        {
            self.record(undo, partner);
            self.set_virgin(partner, false);
        }
    }

    /// The end `castlingWins` declares, for the side to move: a loss when the opponent just
    /// castled on a winning side; else, checking the opponent first, a loss for a side
    /// whose winning rights are all gone (a win when it is the opponent's).
    pub(crate) fn castling_end(&self) -> Option<Outcome> {
        let wins = self.rules.end.castling_wins;
        if wins == [[false; 2]; 2] {
            return None;
        }
        let mover = self.state.side.opponent();
        let castled = self.history.last().and_then(|undo| undo.castled);
        if castled.is_some_and(|kingside| wins[mover.index()][usize::from(!kingside)]) {
            return Some(Outcome::Loss);
        }
        for color in [mover, self.state.side] {
            let sides = wins[color.index()];
            let kept = [true, false]
                .into_iter()
                .zip(sides)
                .any(|(kingside, wins)| wins && self.has_castling_right(color, kingside));
            if sides.contains(&true) && !kept {
                return Some(if color == self.state.side {
                    Outcome::Loss
                } else {
                    Outcome::Win
                });
            }
        }
        None
    }
}
