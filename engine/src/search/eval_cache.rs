//! A small per-thread cache of evaluations by position key: the search evaluates the same
//! positions again and again (transpositions, re-searches, the quiescence search below each
//! of them), and the evaluation is a large part of its time.

use movegen::Position;

use super::eval::{BoardScore, EvalTables};

/// Entries in the cache (a power of two); 16 bytes each.
const ENTRIES: usize = 1 << 16;

/// The cache: the board part of the evaluation ([`BoardScore`]) by key, always replaced.
#[derive(Debug)]
pub(crate) struct EvalCache {
    entries: Vec<(u64, BoardScore)>,
}

impl EvalCache {
    /// An empty cache.
    pub(crate) fn new() -> EvalCache {
        EvalCache {
            // An empty entry holds a key that cannot index it, so no position matches it.
            entries: (0..ENTRIES)
                .map(|i| ((i ^ 1) as u64, BoardScore::default()))
                .collect(),
        }
    }

    /// The evaluation of `pos` for the side to move, from the cache when it is there.
    #[inline]
    pub(crate) fn evaluate(&mut self, tables: &EvalTables, pos: &Position) -> i32 {
        let key = pos.key();
        let entry = &mut self.entries[key as usize & (ENTRIES - 1)];
        if entry.0 != key {
            *entry = (key, tables.board_score(pos));
        }
        tables.finish(pos, entry.1)
    }
}
