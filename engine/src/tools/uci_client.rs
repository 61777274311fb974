//! Another engine driven over UCI, one position at a time (the teacher of `kraken label`).

use std::{
    io::{BufRead, BufReader, BufWriter, Write},
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
};

/// A UCI engine process.
#[derive(Debug)]
pub(crate) struct UciClient {
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
    /// What it calls itself (`id name`).
    pub(crate) name: String,
}

impl UciClient {
    /// Starts `command` (a path, or a path with arguments separated by spaces), sets
    /// `options` (name, value) and waits until it is ready.
    pub(crate) fn start(command: &str, options: &[(String, String)]) -> Result<UciClient, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("the engine command is empty")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("'{command}' has no standard input or output"));
        };
        let mut engine = UciClient {
            child,
            input: BufWriter::new(input),
            output: BufReader::new(output),
            name: program.to_string(),
        };
        engine.send("uci")?;
        for line in engine.until("uciok")? {
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.until("readyok")?;
        Ok(engine)
    }

    /// Sends one line.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// The lines up to and including the first that starts with `word`.
    pub(crate) fn until(&mut self, word: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.name))?;
            if read == 0 {
                return Err(format!("{} stopped before '{word}'", self.name));
            }
            let done = line.split_whitespace().next() == Some(word);
            lines.push(line.trim_end().to_string());
            if done {
                return Ok(lines);
            }
        }
    }

    /// The engine's score of the position `fen` for its side to move after searching it with
    /// `go` followed by `limit` (such as `depth 7`), in centipawns; `None` for a mate score.
    pub(crate) fn score(&mut self, fen: &str, limit: &str) -> Result<Option<i32>, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go {limit}"))?;
        let mut score = None;
        for line in self.until("bestmove")? {
            if let Some(found) = exact_score(&line) {
                score = found;
            }
        }
        Ok(score)
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        if self.child.try_wait().ok().flatten().is_none() {
            std::thread::sleep(std::time::Duration::from_millis(20));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The score of an `info` line that reports an exact one: `Some(Some(cp))`, or `Some(None)`
/// for a mate; `None` for other lines and for bounds.
fn exact_score(line: &str) -> Option<Option<i32>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    if matches!(words.get(at + 3), Some(&"lowerbound") | Some(&"upperbound")) {
        return None;
    }
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(Some(value)),
        "mate" => Some(None),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_scores_are_read_and_bounds_and_mates_are_not_scores() {
        let line = "info depth 7 seldepth 9 multipv 1 score cp -35 nodes 4000 pv e2e4";
        assert_eq!(exact_score(line), Some(Some(-35)));
        assert_eq!(
            exact_score("info depth 7 score cp 40 lowerbound nodes 9"),
            None
        );
        assert_eq!(
            exact_score("info depth 9 score mate -3 nodes 9 pv a1a2"),
            Some(None)
        );
        assert_eq!(exact_score("info string score cp 12"), None);
        assert_eq!(exact_score("bestmove e2e4"), None);
    }
}
