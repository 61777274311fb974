//! The search thread: one search at a time, stoppable, reporting on the event channel.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use movegen::Position;

use super::events::Event;
use crate::search::{Control, Info, Limits, Score, SearchResult, Searcher};

/// Default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 64;

/// Most principal variations a search reports.
pub const MAX_MULTIPV: usize = 256;

/// Sets the hash table to `asked` megabytes; returns what to tell the user when the machine
/// could not give that much.
pub fn resize_hash(searcher: &mut Searcher, asked: usize) -> Option<String> {
    let got = searcher.set_hash(asked);
    (got < asked).then(|| {
        format!("Hash {asked} MB is more than this machine can give; the table has {got} MB")
    })
}

/// Sets the number of search threads to `asked`; returns what to tell the user when that is
/// more than Kraken runs.
pub fn set_threads(searcher: &mut Searcher, asked: usize) -> Option<String> {
    let got = searcher.set_threads(asked);
    (got < asked).then(|| format!("{asked} threads are more than Kraken runs; it uses {got}"))
}

/// Runs searches on a thread of their own.
#[derive(Debug)]
pub struct Worker {
    searcher: Arc<Mutex<Searcher>>,
    control: Arc<Control>,
    thread: Option<JoinHandle<()>>,
    events: Sender<Event>,
    next_id: u64,
}

impl Worker {
    /// A worker that reports finished searches to `events`.
    pub fn new(events: Sender<Event>) -> Worker {
        Worker {
            searcher: Arc::new(Mutex::new(Searcher::new(DEFAULT_HASH_MB, 1))),
            control: Arc::new(Control::default()),
            thread: None,
            events,
            next_id: 0,
        }
    }

    /// Starts searching `pos`; the result arrives as [`Event::Done`] with the returned id.
    /// A search still running is stopped first.
    pub fn start(
        &mut self,
        pos: Position,
        limits: Limits,
        pondering: bool,
        mut report: Box<dyn FnMut(&Info) + Send>,
    ) -> u64 {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        let control = Arc::new(Control::default());
        control.pondering.store(pondering, Ordering::SeqCst);
        self.control = control.clone();
        let searcher = self.searcher.clone();
        let events = self.events.clone();
        self.thread = Some(std::thread::spawn(move || {
            let mut searcher = lock(&searcher);
            let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
                searcher.search(&pos, &limits, &control, &mut *report)
            }));
            let result = searched.unwrap_or_else(|_| {
                log::error!("the search panicked; playing the first legal move");
                first_legal_move(&pos)
            });
            let _ = events.send(Event::Done { id, result });
        }));
        id
    }

    /// Asks the running search to stop now; its result still arrives.
    pub fn move_now(&self) {
        self.control.stop.store(true, Ordering::SeqCst);
    }

    /// Turns a ponder search into a normal one (its clock starts now).
    pub fn ponder_hit(&self) {
        self.control.pondering.store(false, Ordering::SeqCst);
    }

    /// Stops the running search, if any, and waits for its thread.
    pub fn stop(&mut self) {
        self.control.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            if thread.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }

    /// The searcher, to change its settings (stops a running search first).
    pub fn searcher(&mut self) -> MutexGuard<'_, Searcher> {
        self.stop();
        lock(&self.searcher)
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What a failed search falls back to: any legal move, so the game goes on.
fn first_legal_move(pos: &Position) -> SearchResult {
    let mut pos = pos.clone();
    SearchResult {
        best: pos.legal_moves().first().copied(),
        ponder: None,
        score: Score::Cp(0),
        nodes: 0,
        elapsed: Duration::ZERO,
    }
}

fn lock(searcher: &Mutex<Searcher>) -> MutexGuard<'_, Searcher> {
    match searcher.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}
