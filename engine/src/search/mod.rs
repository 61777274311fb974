//! Alpha-beta search for any variant the movegen crate plays.
//!
//! The front ends fill [`Limits`], share a [`Control`] with the search thread (to stop it or
//! end pondering) and receive an [`Info`] per finished iteration through a callback.

mod alphabeta;
mod attacks;
mod capture_history;
mod continuation;
mod correction;
mod eval;
mod eval_cache;
mod eval_sets;
mod goals;
mod memory;
mod net;
mod net_eval;
mod net_train;
mod ordering;
mod overhead;
mod params;
mod piece_values;
mod root;
mod score;
mod see;
mod skill;
mod smp;
mod thread_data;
mod time;
mod tt;
mod tune;
mod tune_squares;

pub use net::{NetInputs, Network, CP_PER_UNIT, MAX_HIDDEN};
pub use net_train::{net_loss, train_net, NetData, NetTrainOptions};
pub use overhead::OverheadMeter;
pub use params::{EvalParams, ParamsError};
pub(crate) use skill::level_for_elo;
pub use skill::{MAX_ELO, MAX_SKILL, MIN_ELO};
pub use tune::{handwritten_scores, tune, TrainingSet, TuneOptions};
pub use tune_squares::SquareFit;

use std::{
    fmt,
    sync::{atomic::AtomicBool, Arc},
    time::{Duration, Instant},
};

use movegen::{Move, Position, Rules};

use self::{eval::EvalTables, thread_data::ThreadData, tt::TranspositionTable};

/// Most search threads a searcher runs.
pub const MAX_THREADS: usize = 256;
/// Percent of the memory the system has free that the transposition table may take.
pub const HASH_SHARE_OF_FREE: usize = 75;

/// The clock of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
    /// Time each move costs beyond the search, as learned by an [`OverheadMeter`]; the time
    /// manager keeps back at least this much.
    pub overhead: Duration,
}

/// When a search must stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Nodes to search.
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// The game clock, from which the time manager picks a time for this move.
    pub clock: Option<Clock>,
    /// Search until stopped (analysis, `go infinite`).
    pub infinite: bool,
    /// Number of best lines to report (0 and 1: one).
    pub multipv: usize,
    /// Root moves not to search (XBoard `exclude`).
    pub excluded: Vec<Move>,
    /// A skill level below [`MAX_SKILL`] weakens the play (see `skill.rs`).
    pub skill: Option<u8>,
}

/// What the front end and a running search share.
#[derive(Debug, Default)]
pub struct Control {
    /// Set to stop the search as soon as possible.
    pub stop: AtomicBool,
    /// While set, the search ignores its time limits (pondering); clearing it (ponder hit)
    /// starts the clock.
    pub pondering: AtomicBool,
}

/// A score from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// How a reported score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// One line of thinking output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which best line this is (1 = the best).
    pub multipv: usize,
    /// The score.
    pub score: Score,
    /// The kind of bound the score is.
    pub bound: Bound,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when the side to move has no legal move).
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// The score of the best move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Time from the start of the search to its result, by the search's own clock.
    pub elapsed: Duration,
}

/// A transposition table entry as a front end reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashEntry {
    /// The best or refuting move, when the entry has one that is legal here.
    pub mv: Option<Move>,
    /// The score, from the side to move's view.
    pub score: Score,
    /// The depth it was searched to.
    pub depth: i32,
    /// How the score bounds the position's value.
    pub bound: Bound,
}

/// The search with its transposition table and thread settings; one per engine.
pub struct Searcher {
    hash_mb: usize,
    threads: usize,
    tt: TranspositionTable,
    /// Evaluation tables of the last variant searched.
    tables: Option<(Arc<Rules>, Arc<EvalTables>)>,
    /// Per thread, what it learnt in the searches of this game (for that variant).
    thread_data: Vec<ThreadData>,
}

impl fmt::Debug for Searcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("hash_mb", &self.hash_mb)
            .field("threads", &self.threads)
            .field(
                "variant",
                &self.tables.as_ref().map(|(r, _)| r.name.as_str()),
            )
            .finish()
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes (less when the machine
    /// cannot give that much: see [`Searcher::set_hash`]) and `threads` threads.
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        let mut searcher = Searcher {
            hash_mb: 1,
            threads: 1,
            tt: TranspositionTable::try_new(1).expect("a megabyte for the hash table"),
            tables: None,
            thread_data: Vec::new(),
        };
        searcher.set_hash(hash_mb);
        searcher.set_threads(threads);
        searcher
    }

    /// The size of the transposition table in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Resizes the transposition table to `hash_mb` megabytes and empties it. A size beyond
    /// the memory the system says it has free (more than [`HASH_SHARE_OF_FREE`] of it) is
    /// refused and the table stays as it was; when the allocation fails the size is halved
    /// until it succeeds. Returns the size now in use, which the caller reports when it is
    /// not the one asked for.
    pub fn set_hash(&mut self, hash_mb: usize) -> usize {
        let hash_mb = hash_mb.max(1);
        if hash_mb == self.hash_mb {
            self.tt.clear();
            return hash_mb;
        }
        let free = memory::available_mb().map(|mb| mb + self.hash_mb);
        if free.is_some_and(|free| hash_mb > free / 100 * HASH_SHARE_OF_FREE) {
            self.tt.clear();
            return self.hash_mb;
        }
        // Free the old table first: the new one may need its memory.
        self.tt = TranspositionTable::try_new(1).expect("a megabyte for the hash table");
        self.hash_mb = 1;
        let mut mb = hash_mb;
        while mb > 1 {
            if let Some(tt) = TranspositionTable::try_new(mb) {
                self.tt = tt;
                self.hash_mb = mb;
                break;
            }
            mb /= 2;
        }
        self.hash_mb
    }

    /// Sets the number of search threads, at most [`MAX_THREADS`]; returns the number set.
    pub fn set_threads(&mut self, threads: usize) -> usize {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.threads
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.thread_data.clear();
    }

    /// The evaluation tables of `pos`'s variant, computed on first use.
    fn tables_for(&mut self, pos: &Position) -> Arc<EvalTables> {
        match &self.tables {
            Some((rules, tables)) if Arc::ptr_eq(rules, pos.rules_arc()) => Arc::clone(tables),
            _ => {
                let tables = Arc::new(EvalTables::new(pos.rules()));
                self.tables = Some((Arc::clone(pos.rules_arc()), Arc::clone(&tables)));
                self.thread_data.clear();
                tables
            }
        }
    }

    /// What the transposition table holds for `pos` (for UCCI's `probe`).
    pub fn hash_entry(&self, pos: &Position) -> Option<HashEntry> {
        let entry = self.tt.probe(pos.key())?;
        let mv = entry.mv.is_some().then(|| {
            pos.clone()
                .legal_moves()
                .into_iter()
                .find(|mv| entry.mv.matches(mv))
        });
        Some(HashEntry {
            mv: mv.flatten(),
            score: score::to_score(score::from_tt(entry.score, 0)),
            depth: entry.depth,
            bound: entry.bound,
        })
    }

    /// The static evaluation of `pos` for the side to move (for an `eval` command).
    pub fn evaluate(&mut self, pos: &Position) -> Score {
        Score::Cp(self.tables_for(pos).evaluate(pos))
    }

    /// Searches `pos` (whose move history is used for repetitions) within `limits`, calling
    /// `report` after every iteration, until a limit is reached or `control.stop` is set.
    ///
    /// The search runs on its own threads; `report` is called on the caller's thread. It
    /// returns a legal move whenever one exists, even when stopped at once. While
    /// `control.pondering` is set, or for an infinite search, it does not return before
    /// `control.stop` is set (or pondering ends).
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let tables = self.tables_for(pos);
        while self.thread_data.len() < self.threads {
            self.thread_data.push(ThreadData::new(pos.rules()));
        }
        smp::search(
            start,
            pos,
            limits,
            control,
            &self.tt,
            &tables,
            &mut self.thread_data[..self.threads],
            report,
        )
    }
}
