//! What a search thread learns and keeps from one search to the next: the move-ordering
//! histories, the correction history and the evaluation cache. The searcher keeps one per
//! thread for the variant it last searched and forgets them for a new game.

use movegen::{Move, Rules};
use notation::Color;

use super::{
    capture_history::CaptureHistory,
    continuation::{ContinuationHistory, PieceTo},
    correction::CorrectionHistory,
    eval_cache::EvalCache,
    ordering::History,
};

/// One search thread's tables.
#[derive(Debug)]
pub(crate) struct ThreadData {
    /// Success of quiet moves.
    pub(crate) history: History,
    /// Success of captures and promotions.
    pub(crate) capture: CaptureHistory,
    /// Success of quiet moves after the move one ply before, and two plies before.
    pub(crate) continuation: [ContinuationHistory; 2],
    /// What searches found the static evaluation to be off by.
    pub(crate) correction: CorrectionHistory,
    /// Evaluations of positions seen before.
    pub(crate) eval_cache: EvalCache,
}

impl ThreadData {
    /// Empty tables for a game of `rules`.
    pub(crate) fn new(rules: &Rules) -> ThreadData {
        let (types, squares) = (rules.pieces.len(), rules.geometry.num_squares());
        ThreadData {
            history: History::new(types, squares),
            capture: CaptureHistory::new(types, squares),
            continuation: [
                ContinuationHistory::new(types, squares),
                ContinuationHistory::new(types, squares),
            ],
            correction: CorrectionHistory::new(),
            eval_cache: EvalCache::new(),
        }
    }

    /// The history score of the quiet move `mv` by `us` after the moves `before` (one and
    /// two plies before): its own score and its continuations'.
    #[inline]
    pub(crate) fn quiet_score(&self, us: Color, mv: &Move, before: [PieceTo; 2]) -> i32 {
        let mut score = self.history.get(us, mv);
        for (table, before) in self.continuation.iter().zip(before) {
            score += table.get(before, table.piece_to(us, mv));
        }
        score
    }

    /// Moves the scores of the quiet move `mv` by `us` after the moves `before` toward
    /// `bonus`.
    #[inline]
    pub(crate) fn update_quiet(&mut self, us: Color, mv: &Move, before: [PieceTo; 2], bonus: i32) {
        self.history.update(us, mv, bonus);
        for (table, before) in self.continuation.iter_mut().zip(before) {
            let now = table.piece_to(us, mv);
            table.update(before, now, bonus);
        }
    }
}
