//! The GUI's end of the conversation: whole lines, flushed at once, from any thread.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared line writer (stdout in the binary, a buffer in tests).
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Output")
    }
}

impl Output {
    /// Writes to `sink`.
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes one line and flushes it. A GUI that went away is not an error here: the
    /// reader sees the end of the input and the session ends.
    pub fn line(&self, text: &str) {
        log::debug!("< {text}");
        let mut sink = match self.sink.lock() {
            Ok(sink) => sink,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(sink, "{text}").and_then(|()| sink.flush());
    }
}
