//! Janggi's move repetition rule (Fairy-Stockfish's `moveRepetitionIllegal`, the modern
//! rules): a player who moves one piece to and fro, five moves in a row (a pass may stand in
//! for one of them), never in check meanwhile, loses. Pieces that cannot leave their own
//! palace (the king, the advisors) may shuttle freely. The rule reads the moves back as
//! Fairy-Stockfish does, looking no further than the last capture.

use arrayvec::ArrayVec;
use notation::Square;

use crate::{
    position::game_end::{EndReason, GameOver},
    position::{Piece, Position},
    rules::Outcome,
};

/// A past move as the rule compares them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// A piece moved from `from` to `to`, capturing there when `takes`.
    Plain {
        from: Square,
        to: Square,
        takes: bool,
    },
    /// A pass.
    Pass,
    /// Anything else (a drop, a castling, a move that changed more squares), or no move.
    Other,
}

impl Step {
    /// Whether `self` is `other` played backwards.
    fn reverses(self, other: Step) -> bool {
        match (self, other) {
            (Step::Plain { from, to, .. }, Step::Plain { from: f, to: t, .. }) => {
                from == t && to == f
            }
            _ => false,
        }
    }
}

impl Position {
    /// The end of the game by the move repetition rule: the side to move wins when the
    /// opponent's last moves shuttled one piece as the rule forbids.
    pub(crate) fn repeated_move_end(&self) -> Option<GameOver> {
        let n = self.history.len();
        // Plies back to the last capture or null move (Fairy-Stockfish's window).
        let window = usize::from(self.state.halfmove).min(n);
        if window < 4 {
            return None;
        }
        // The opponent's k-th move back (1: the move just played).
        let theirs = |k: usize| {
            (n + 1)
                .checked_sub(2 * k)
                .map_or(Step::Other, |index| self.step(index))
        };
        let last = theirs(1);
        let Step::Plain { to, .. } = last else {
            return None;
        };
        if !self.reaches_enemy_palace(to) {
            return None;
        }
        // How many of the opponent's moves form the shuttle so far (a pass among them: 1).
        let mut run = match theirs(2) {
            step if step.reverses(last) => 2,
            Step::Pass => 1,
            _ => return None,
        };
        // The opponent may not have been in check before any move of the shuttle.
        let mut unchecked_to = 3;
        let mut back = 4;
        loop {
            if back > window {
                return None;
            }
            if back < window {
                unchecked_to = back + 1;
            }
            let older = theirs(back / 2 + 1);
            if run < 4 {
                let returned = if run == 1 { last } else { theirs(back / 2) };
                if !older.reverses(returned) {
                    return None;
                }
                run += 1;
            } else {
                // The piece came to the shuttle's first square by a move that took nothing.
                let (
                    Step::Plain {
                        to, takes: false, ..
                    },
                    Step::Plain { from, .. },
                ) = (older, theirs(back / 2))
                else {
                    return None;
                };
                if to != from {
                    return None;
                }
                break;
            }
            back += 2;
        }
        let mut pos = self.clone();
        for plies in 1..=unchecked_to {
            pos.unmake();
            if plies % 2 == 1 && pos.in_check() {
                return None;
            }
        }
        Some(GameOver {
            outcome: Outcome::Win,
            reason: EndReason::RepeatedMove,
        })
    }

    /// Move `index` of the history as a [`Step`].
    fn step(&self, index: usize) -> Step {
        let undo = &self.history[index];
        let passed = self
            .history
            .get(index + 1)
            .map_or(self.state.passed, |next| next.state.passed);
        if passed {
            return Step::Pass;
        }
        if !undo.hand_changes.is_empty() || undo.castled.is_some() {
            return Step::Other;
        }
        // The squares the move changed, with what stood there before (a square recorded
        // twice had what its first record says).
        let mut squares: ArrayVec<(Square, Option<Piece>), 2> = ArrayVec::new();
        for change in &undo.changes {
            if squares.iter().any(|&(sq, _)| sq == change.square) {
                continue;
            }
            if squares
                .try_push((change.square, Piece::from_code(change.code)))
                .is_err()
            {
                return Step::Other;
            }
        }
        let mover = if (self.history.len() - index) % 2 == 1 {
            self.state.side.opponent()
        } else {
            self.state.side
        };
        let own = |piece: Option<Piece>| piece.is_some_and(|p| p.color == mover);
        match squares[..] {
            [(a, pa), (b, pb)] if own(pa) && !own(pb) => Step::Plain {
                from: a,
                to: b,
                takes: pb.is_some(),
            },
            [(a, pa), (b, pb)] if own(pb) && !own(pa) => Step::Plain {
                from: b,
                to: a,
                takes: pa.is_some(),
            },
            _ => Step::Other,
        }
    }

    /// Whether the piece on `sq` may go where the side to move's royal pieces may stand (it is
    /// not shut in its own palace).
    fn reaches_enemy_palace(&self, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else {
            return false;
        };
        let Some(region) = self.rules.pieces[piece.id as usize].region else {
            return true;
        };
        let region = region[piece.color.index()];
        let us = piece.color.opponent().index();
        self.rules
            .pieces
            .iter()
            .filter(|t| t.royal)
            .any(|t| t.region.map_or(true, |r| !(r[us] & region).is_empty()))
    }
}
