//! Alpha-beta search for any variant the movegen crate plays.
//!
//! The front ends fill [`Limits`], share a [`Control`] with the search thread (to stop it or
//! end pondering) and receive an [`Info`] per finished iteration through a callback.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use movegen::{Move, Position};

/// The clock of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
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
}

/// The search with its transposition table and thread settings; one per engine.
#[derive(Debug)]
pub struct Searcher {
    hash_mb: usize,
    threads: usize,
}

impl Searcher {
    /// A searcher with a `hash_mb` megabyte transposition table and `threads` threads.
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher {
            hash_mb: hash_mb.max(1),
            threads: threads.max(1),
        }
    }

    /// Resizes the transposition table (emptying it).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb.max(1);
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {}

    /// Searches `pos` (whose move history is used for repetitions) within `limits`, calling
    /// `report` after every iteration, until a limit is reached or `control.stop` is set.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        // Placeholder until the real search lands: the first legal move not excluded.
        let start = Instant::now();
        let mut pos = pos.clone();
        let moves = pos.legal_moves();
        let best = moves
            .iter()
            .copied()
            .find(|mv| !limits.excluded.contains(mv));
        if let Some(mv) = best {
            report(&Info {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score: Score::Cp(0),
                bound: Bound::Exact,
                nodes: moves.len() as u64,
                elapsed: start.elapsed(),
                pv: vec![mv],
            });
        }
        while limits.infinite && !control.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(5));
        }
        SearchResult {
            best,
            ponder: None,
            score: Score::Cp(0),
            nodes: moves.len() as u64,
        }
    }
}
