//! Progress lines on stderr for long runs: how much is done, how fast, how long is left.

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex,
    },
    time::{Duration, Instant},
};

/// Shortest time between two progress lines.
const EVERY: Duration = Duration::from_secs(10);

/// A run of `total` units (games, positions, epochs) that also counts positions.
#[derive(Debug)]
pub(crate) struct Progress {
    what: &'static str,
    unit: &'static str,
    total: u64,
    done: AtomicU64,
    positions: AtomicU64,
    start: Instant,
    last: Mutex<Instant>,
}

impl Progress {
    /// A run called `what` (the line's first word) of `total` `unit`s.
    pub(crate) fn new(what: &'static str, unit: &'static str, total: u64) -> Progress {
        let now = Instant::now();
        Progress {
            what,
            unit,
            total,
            done: AtomicU64::new(0),
            positions: AtomicU64::new(0),
            start: now,
            last: Mutex::new(now),
        }
    }

    /// Counts `units` more done, with `positions` positions, and prints a line when the last
    /// one is old enough.
    pub(crate) fn add(&self, units: u64, positions: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
        self.positions.fetch_add(positions, Ordering::Relaxed);
        let now = Instant::now();
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if now.duration_since(*last) >= EVERY {
            *last = now;
            eprintln!("{}", self.line(now));
        }
    }

    /// Prints `text` as a line of this run.
    pub(crate) fn note(&self, text: &str) {
        eprintln!("{}: {text}", self.what);
    }

    /// Prints the last line.
    pub(crate) fn finish(&self) {
        eprintln!("{} (done)", self.line(Instant::now()));
    }

    /// The progress line at `now`.
    fn line(&self, now: Instant) -> String {
        let done = self.done.load(Ordering::Relaxed);
        let positions = self.positions.load(Ordering::Relaxed);
        let seconds = now.duration_since(self.start).as_secs_f64().max(1e-3);
        let left = if done == 0 {
            "?".to_string()
        } else {
            clock(seconds * (self.total.saturating_sub(done)) as f64 / done as f64)
        };
        format!(
            "{}: {done} of {} {}, {positions} positions ({:.0}/s), {} spent, {left} left",
            self.what,
            self.total,
            self.unit,
            positions as f64 / seconds,
            clock(seconds),
        )
    }
}

/// `seconds` as hours, minutes and seconds (`1h02m03s`, `2m03s`, `3s`).
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, s) => format!("{h}h{m:02}m{s:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_hours_minutes_and_seconds() {
        assert_eq!(clock(3.2), "3s");
        assert_eq!(clock(123.0), "2m03s");
        assert_eq!(clock(3723.0), "1h02m03s");
    }

    #[test]
    fn the_line_says_what_is_done_and_what_is_left() {
        let progress = Progress::new("label", "positions", 100);
        progress.add(25, 25);
        let line = progress.line(progress.start + Duration::from_secs(10));
        assert!(
            line.starts_with("label: 25 of 100 positions, 25 positions"),
            "{line}"
        );
        assert!(line.ends_with("10s spent, 30s left"), "{line}");
    }
}
