//! How a game ends: the variant's rules applied to a position.

use notation::Color;

use crate::{rules::Outcome, Position};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move has no legal move and a royal piece is attacked.
    Checkmate,
    /// The side to move has no legal move and no royal piece is attacked.
    Stalemate,
    /// A side was reduced to its royal pieces (shatranj's bare king).
    BareKing,
    /// The move rule (fifty moves in chess) ran out.
    MoveRule,
    /// The same position occurred as often as the rules allow.
    Repetition,
}

impl EndReason {
    /// The words XBoard and PGN use for this reason.
    pub fn text(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::BareKing => "bare king",
            EndReason::MoveRule => "move rule",
            EndReason::Repetition => "repetition",
        }
    }
}

/// A finished game: its outcome for the side to move, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The outcome for the side to move.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Position {
    /// How often the current position occurred before, looking back no further than the
    /// last irreversible move (and at most `limit` occurrences are counted).
    pub fn repetitions(&self, limit: usize) -> usize {
        let back = (self.halfmove as usize).min(self.history.len());
        let first = self.history.len() - back;
        let mut count = 0;
        // The key before move i is history[i].key; positions with the same side to move
        // are two plies apart.
        let mut i = self.history.len();
        while i >= first + 2 && count < limit {
            i -= 2;
            if self.history[i].key == self.key {
                count += 1;
            }
        }
        count
    }

    /// The end the rules declare without looking at the moves: bare king, the move rule
    /// and repetition. `repetitions` is the number of earlier occurrences that end the game
    /// (a search passes 1 inside its tree, a referee `rules.end.repetitions - 1`).
    pub fn rule_end(&self, repetitions: usize) -> Option<GameOver> {
        let end = &self.rules.end;
        if end.bare_king_loses {
            if let Some(over) = self.bare_king_end() {
                return Some(over);
            }
        }
        if end.move_rule > 0 && self.halfmove >= end.move_rule {
            return Some(GameOver {
                outcome: Outcome::Draw,
                reason: EndReason::MoveRule,
            });
        }
        if end.repetitions > 0 && repetitions > 0 && self.repetitions(repetitions) >= repetitions {
            return Some(GameOver {
                outcome: Outcome::Draw,
                reason: EndReason::Repetition,
            });
        }
        None
    }

    /// The end of the game in this position, if it is over: no legal move first
    /// (checkmate before the move rule), then [`rule_end`](Position::rule_end) with the
    /// repetition count of the rules.
    pub fn game_over(&mut self) -> Option<GameOver> {
        let bare = self.rules.end.bare_king_loses.then(|| self.bare_king_end());
        if let Some(Some(over)) = bare {
            return Some(over);
        }
        if !self.has_legal_move() {
            return Some(self.no_move_end());
        }
        let repetitions = usize::from(self.rules.end.repetitions).saturating_sub(1);
        self.rule_end(repetitions)
    }

    /// The end of the game when the side to move has no legal move: checkmate or stalemate.
    pub fn no_move_end(&self) -> GameOver {
        if self.in_check() {
            GameOver {
                outcome: Outcome::Loss,
                reason: EndReason::Checkmate,
            }
        } else {
            GameOver {
                outcome: self.rules.end.stalemate,
                reason: EndReason::Stalemate,
            }
        }
    }

    /// Bare king: a side left with only royal pieces loses, but it has one move to bare
    /// the other side in return (a draw).
    fn bare_king_end(&self) -> Option<GameOver> {
        let us = self.side;
        let others = |color: Color| (self.pieces_of(color) & !self.royals(color)).len();
        let (ours, theirs) = (others(us), others(us.opponent()));
        let over = |outcome| {
            Some(GameOver {
                outcome,
                reason: EndReason::BareKing,
            })
        };
        match (ours, theirs) {
            (0, 0) => over(Outcome::Draw),
            // We had our move after being bared and did not bare them.
            (_, 0) => over(Outcome::Win),
            // We cannot take two pieces in one move.
            (0, n) if n >= 2 => over(Outcome::Loss),
            _ => None,
        }
    }
}
