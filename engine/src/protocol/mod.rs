//! The GUI protocols: XBoard (CECP v2 with `setup`/`piece`), UCI and its dialects USI (shogi)
//! and UCCI (xiangqi), chosen by the first command.
//!
//! A reader thread turns stdin into [`Event`]s on a channel; the search runs on a worker
//! thread and reports its result on the same channel, so a protocol loop sees commands and
//! finished searches in the order they happened and can always answer `?`, `stop` or `ping`.

mod dialect;
mod events;
mod game;
mod go_command;
mod output;
mod setup;
mod thinking;
mod ucci;
mod uci;
mod usi;
mod worker;
mod xboard;

use std::io::BufRead;

pub use events::Event;
pub use output::Output;

use dialect::Dialect;
use events::spawn_reader;
use game::Game;

/// What the command line gives the protocols.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Variant files to load besides the built-in catalog.
    pub variant_files: Vec<String>,
}

/// Runs a protocol session on `input` and `output` until `quit` or the end of the input:
/// `xboard` starts CECP, `uci`, `usi` or `ucci` that dialect of UCI; other first lines get an
/// error and are skipped.
pub fn run<R: BufRead + Send + 'static>(input: R, output: Output, settings: &Settings) {
    let events = spawn_reader(input);
    let mut catalog = variants::Catalog::builtin();
    let mut problems = Vec::new();
    for file in &settings.variant_files {
        if let Err(errors) = catalog.add_file(std::path::Path::new(file)) {
            problems.extend(errors.iter().map(|e| e.to_string()));
        }
    }
    loop {
        let Ok(event) = events.receiver.recv() else {
            return;
        };
        let line = match event {
            Event::Line(line) => line,
            Event::Eof => return,
            Event::Done { .. } => continue,
        };
        match line.split_whitespace().next() {
            None => continue,
            Some("xboard") => {
                return xboard::run(events, output, Game::new(catalog), problems);
            }
            Some(word) if Dialect::from_handshake(word).is_some() => {
                let dialect = Dialect::from_handshake(word).expect("checked above");
                return uci::run(events, output, Game::new(catalog), problems, dialect);
            }
            Some("quit") => return,
            Some(_) => output.line(&format!("Error (unknown command): {line}")),
        }
    }
}
