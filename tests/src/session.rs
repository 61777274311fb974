//! A protocol session with the engine in this process: lines in, lines out, with time-outs,
//! for the XBoard and UCI transcript tests.

use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use engine::protocol::{run, Output, Settings};

/// How long a test waits for an expected line.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running session.
#[derive(Debug)]
pub struct Session {
    input: Sender<Vec<u8>>,
    output: Receiver<String>,
    thread: Option<JoinHandle<()>>,
    /// Every line received so far, for failure messages.
    transcript: Vec<String>,
}

/// Reads what the test sends.
struct ChannelReader {
    chunks: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.chunks.recv() {
                Ok(chunk) => self.pending = chunk,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Collects what the engine writes, line by line.
struct ChannelWriter {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                let _ = self.lines.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Session {
    /// Starts a session that also knows the variants of `files`.
    pub fn start(files: &[&str]) -> Session {
        let (input, chunks) = channel();
        let (lines, output) = channel();
        let settings = Settings {
            variant_files: files.iter().map(|f| f.to_string()).collect(),
        };
        let reader = BufReader::new(ChannelReader {
            chunks,
            pending: Vec::new(),
        });
        let writer = Output::new(Box::new(ChannelWriter {
            lines,
            partial: Vec::new(),
        }));
        let thread = std::thread::spawn(move || run(reader, writer, &settings));
        Session {
            input,
            output,
            thread: Some(thread),
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        self.input
            .send(format!("{line}\n").into_bytes())
            .expect("the session is running");
    }

    /// Reads lines up to and including the first that satisfies `wanted`; panics with the
    /// transcript when none comes in time.
    pub fn expect(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let done = wanted(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    panic!("no {what}; transcript:\n{}", self.transcript.join("\n"))
                }
            }
        }
    }

    /// Waits for a `bestmove` line (UCI and its dialects) and returns its move.
    pub fn best_move(&mut self) -> String {
        let lines = self.expect("bestmove", |l| l.starts_with("bestmove "));
        let line = lines.last().expect("the bestmove line");
        match line.split_whitespace().nth(1) {
            Some(mv) => mv.to_string(),
            None => panic!(
                "bestmove without a move; transcript:\n{}",
                self.transcript()
            ),
        }
    }

    /// Sends `ping N` and returns the lines that came before `pong N`.
    pub fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        let mut lines = self.expect(&pong, |l| l == pong);
        lines.pop();
        lines
    }

    /// Sends `quit` and waits for the session to end.
    pub fn quit(mut self) {
        self.send("quit");
        if let Some(thread) = self.thread.take() {
            thread.join().expect("the session ends cleanly");
        }
    }

    /// Closes the engine's input, as a GUI that dies does, and waits (at most a minute) for
    /// the session to end; panics with the transcript when it does not.
    pub fn hang_up(mut self) {
        let (closed, _) = channel();
        // Dropping the last sender ends the engine's input.
        self.input = closed;
        let thread = self.thread.take().expect("a running session");
        let deadline = Instant::now() + PATIENCE;
        while !thread.is_finished() {
            if Instant::now() > deadline {
                panic!(
                    "the session did not end at the end of its input; transcript:\n{}",
                    self.transcript()
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        thread.join().expect("the session ends cleanly");
    }

    /// Every line sent and received so far.
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }
}
