//! The time a move costs beyond the search itself, learned from the clock the GUI reports.
//!
//! Between the GUI sending `go` and reading the move, time passes that the search never sees:
//! thread switches, pipes, the GUI's own work. On a busy machine that can be several times
//! the fixed margin of the time manager. The meter compares what the clock lost over each
//! move with what the search measured, and keeps the larger differences in mind.

use std::time::Duration;

use super::Clock;

/// The most one move's overhead is taken to be (a larger gap is a changed clock, not lag).
const MAX_OVERHEAD: Duration = Duration::from_secs(1);
/// Each move forgets this share of the estimate (so that one slow move is not kept forever).
const DECAY_DIVISOR: u32 = 8;

/// Learns the per-move overhead from successive clock readings.
#[derive(Clone, Debug, Default)]
pub struct OverheadMeter {
    pending: Option<PendingMove>,
    estimate: Duration,
}

/// The engine's last move, until the clock after it is known.
#[derive(Clone, Copy, Debug)]
struct PendingMove {
    remaining: Duration,
    increment: Duration,
    elapsed: Option<Duration>,
}

impl OverheadMeter {
    /// The overhead to keep back from each move.
    pub fn estimate(&self) -> Duration {
        self.estimate
    }

    /// A search for the engine's move starts with `clock`: learns from the previous move, if
    /// its clock is known, how much the clock lost beyond the search time.
    pub fn start(&mut self, clock: &Clock) {
        if let Some(PendingMove {
            remaining,
            increment,
            elapsed: Some(elapsed),
        }) = self.pending
        {
            let lost = (remaining + increment).saturating_sub(clock.remaining);
            let overhead = lost.saturating_sub(elapsed);
            if overhead <= MAX_OVERHEAD {
                let decayed = self.estimate - self.estimate / DECAY_DIVISOR;
                self.estimate = overhead.max(decayed);
            }
        }
        self.pending = Some(PendingMove {
            remaining: clock.remaining,
            increment: clock.increment,
            elapsed: None,
        });
    }

    /// The search started by [`start`](OverheadMeter::start) took `elapsed` by its own clock.
    pub fn finish(&mut self, elapsed: Duration) {
        if let Some(pending) = &mut self.pending {
            pending.elapsed = Some(elapsed);
        }
    }

    /// The next clock reading does not follow from the last move (a new game, a take-back,
    /// pondering, a changed time control).
    pub fn forget_move(&mut self) {
        self.pending = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64) -> Clock {
        Clock {
            remaining: Duration::from_millis(remaining_ms),
            increment: Duration::from_millis(10),
            moves_to_go: None,
            overhead: Duration::ZERO,
        }
    }

    #[test]
    fn learns_the_time_the_search_did_not_see() {
        let mut meter = OverheadMeter::default();
        meter.start(&clock(1000));
        meter.finish(Duration::from_millis(50));
        // The clock lost 120 ms (1000 + 10 - 890) for a 50 ms search: 70 ms of overhead.
        meter.start(&clock(890));
        assert_eq!(meter.estimate(), Duration::from_millis(70));
        // A quick move afterwards: the estimate fades slowly.
        meter.finish(Duration::from_millis(20));
        meter.start(&clock(875));
        let faded = meter.estimate();
        assert!(faded < Duration::from_millis(70) && faded > Duration::from_millis(50));
    }

    #[test]
    fn ignores_moves_it_did_not_see_end_and_changed_clocks() {
        let mut meter = OverheadMeter::default();
        meter.start(&clock(1000));
        meter.start(&clock(500));
        assert_eq!(meter.estimate(), Duration::ZERO, "no finished search");
        meter.finish(Duration::from_millis(10));
        meter.forget_move();
        meter.start(&clock(100));
        assert_eq!(meter.estimate(), Duration::ZERO, "forgotten");
        meter.finish(Duration::from_millis(10));
        meter.start(&clock(60_000));
        assert_eq!(meter.estimate(), Duration::ZERO, "the clock went up");
        meter.finish(Duration::from_millis(10));
        meter.start(&clock(10));
        assert_eq!(meter.estimate(), Duration::ZERO, "a new, shorter control");
    }
}
