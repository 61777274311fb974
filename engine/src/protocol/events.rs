//! What a protocol loop waits for: input lines and finished searches.

use std::io::BufRead;
use std::sync::mpsc::{channel, Receiver, Sender};

use crate::search::SearchResult;

/// Something that happened.
#[derive(Debug)]
pub enum Event {
    /// A line from the GUI, without its line ending.
    Line(String),
    /// The input ended.
    Eof,
    /// The search with this id finished.
    Done {
        /// The id the worker gave the search.
        id: u64,
        /// Its result.
        result: SearchResult,
    },
}

/// Both ends of the event channel.
#[derive(Debug)]
pub struct Events {
    /// Where the protocol loop reads.
    pub receiver: Receiver<Event>,
    /// Where the worker reports finished searches.
    pub sender: Sender<Event>,
}

/// Starts a thread that sends every line of `input` as an event, then [`Event::Eof`].
pub fn spawn_reader<R: BufRead + Send + 'static>(input: R) -> Events {
    let (sender, receiver) = channel();
    let lines = sender.clone();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            log::debug!("> {line}");
            if lines.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = lines.send(Event::Eof);
    });
    Events { receiver, sender }
}
