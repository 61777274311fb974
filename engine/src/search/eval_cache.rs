//! A small per-thread cache of evaluations by position key: the search evaluates the same
//! positions again and again (transpositions, re-searches, the quiescence search below each
//! of them), and the evaluation is a large part of its time.

use movegen::Position;

use super::{
    correction::CorrectionKeys,
    eval::{BoardScore, EvalTables},
    net_eval::Layers,
};

/// Entries in the cache (a power of two); 48 bytes each.
const ENTRIES: usize = 1 << 16;

/// The cache: the board part of the evaluation ([`BoardScore`]) and the correction-history
/// keys by position key, always replaced.
#[derive(Debug)]
pub(crate) struct EvalCache {
    entries: Vec<(u64, BoardScore, CorrectionKeys)>,
}

impl EvalCache {
    /// An empty cache.
    pub(crate) fn new() -> EvalCache {
        EvalCache {
            // An empty entry holds a key that cannot index it, so no position matches it.
            entries: (0..ENTRIES)
                .map(|i| {
                    (
                        (i ^ 1) as u64,
                        BoardScore::default(),
                        CorrectionKeys::default(),
                    )
                })
                .collect(),
        }
    }

    /// The evaluation of `pos` for the side to move and its correction-history keys, from
    /// the cache when they are there; `layers` are the network's layers of `pos`, if the
    /// caller keeps them.
    #[inline]
    pub(crate) fn evaluate(
        &mut self,
        tables: &EvalTables,
        pos: &Position,
        layers: Option<Layers>,
    ) -> (i32, CorrectionKeys) {
        let key = pos.key();
        let entry = &mut self.entries[key as usize & (ENTRIES - 1)];
        if entry.0 != key {
            *entry = (
                key,
                tables.board_score(pos, layers),
                CorrectionKeys::of(pos, tables),
            );
        }
        (tables.finish(pos, entry.1), entry.2)
    }
}
