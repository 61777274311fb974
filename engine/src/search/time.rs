//! The time manager: how long to think about one move.
//!
//! A *soft* limit says when not to start another iteration, a *hard* limit when to abort the
//! running one. Both keep a margin for the time the GUI and the operating system take to pass
//! the move on, and never plan more than a fraction of the time left on the clock.

use std::time::{Duration, Instant};

use super::Limits;

/// Time kept back from every move for I/O, process switches and a busy machine.
const MOVE_OVERHEAD: Duration = Duration::from_millis(40);
/// Moves the remaining time is spread over when the control gives no count.
const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Largest `moves_to_go` taken at face value.
const MAX_MOVES_TO_GO: u32 = 50;
/// Share of the increment planned for this move.
const INCREMENT_SHARE: f64 = 0.75;
/// The soft limit as a share of the planned time (an iteration started later would rarely
/// finish in time).
const SOFT_SHARE: f64 = 0.8;
/// The hard limit as a multiple of the planned time.
const HARD_FACTOR: f64 = 3.0;
/// Most of the safe remaining time one move may use, with several moves to go and with one.
const MAX_SHARE: f64 = 0.25;
/// Below this many increments on the clock, a move plans at most [`LOW_CLOCK_SHARE`] of the
/// increment and never spends more than the increment, so that the clock builds up again (a
/// busy machine then has room to stall).
const LOW_CLOCK_INCREMENTS: u32 = 20;
/// See [`LOW_CLOCK_INCREMENTS`].
const LOW_CLOCK_SHARE: f64 = 0.5;
/// As [`MAX_SHARE`] for the last move before the time control.
const MAX_SHARE_LAST: f64 = 0.75;

/// The time limits of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// The factor the search puts on the soft limit (see [`TimeManager::set_effort`]).
    effort: f64,
    /// Whether the limits come from a clock (a fixed move time is kept as it is).
    from_clock: bool,
}

impl TimeManager {
    /// Limits for `limits`, counted from `start` (infinite searches have none).
    pub(crate) fn new(limits: &Limits, start: Instant) -> TimeManager {
        let (soft, hard) = if limits.infinite {
            (None, None)
        } else if let Some(movetime) = limits.movetime {
            let hard = movetime.saturating_sub(MOVE_OVERHEAD.min(movetime / 4));
            (Some(hard), Some(hard))
        } else if let Some(clock) = limits.clock {
            let overhead = MOVE_OVERHEAD.max(clock.overhead);
            let safe = if clock.remaining > overhead * 2 {
                clock.remaining - overhead
            } else {
                clock.remaining / 3
            };
            // What each move really adds to the clock, once its overhead is paid.
            let increment = clock.increment.saturating_sub(clock.overhead);
            let to_go = clock
                .moves_to_go
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, MAX_MOVES_TO_GO);
            let share = if to_go == 1 {
                MAX_SHARE_LAST
            } else {
                MAX_SHARE
            };
            let most = safe.mul_f64(share);
            let mut planned = (safe / to_go + increment.mul_f64(INCREMENT_SHARE)).min(most);
            let mut hard_cap = most;
            if clock.remaining < clock.increment * LOW_CLOCK_INCREMENTS {
                planned = planned.min(increment.mul_f64(LOW_CLOCK_SHARE));
                // Not even the hard limit spends more than a move adds: the clock grows back.
                hard_cap = hard_cap.min(increment);
            }
            let hard = planned.mul_f64(HARD_FACTOR).min(hard_cap);
            (Some(planned.mul_f64(SOFT_SHARE)), Some(hard))
        } else {
            (None, None)
        };
        TimeManager {
            start,
            soft,
            hard,
            effort: 1.0,
            from_clock: limits.clock.is_some() && limits.movetime.is_none() && !limits.infinite,
        }
    }

    /// Scales the soft limit by `effort` (the hard limit stays): the search asks for more
    /// time while its best move changes or its score falls, and less while both hold.
    pub(crate) fn set_effort(&mut self, effort: f64) {
        if self.from_clock {
            self.effort = effort;
        }
    }

    /// Starts the clock again from `now` (a ponder hit), keeping the budgets.
    pub(crate) fn restart(&mut self, now: Instant) {
        self.start = now;
    }

    /// Time since the clock started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether no new iteration should start.
    pub(crate) fn soft_exceeded(&self) -> bool {
        self.soft.is_some_and(|soft| {
            let scaled = soft.mul_f64(self.effort);
            self.elapsed() >= self.hard.map_or(scaled, |hard| scaled.min(hard))
        })
    }

    /// Whether the running iteration must be aborted.
    pub(crate) fn hard_exceeded(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// The hard limit, if any.
    #[cfg(test)]
    fn hard(&self) -> Option<Duration> {
        self.hard
    }

    /// The soft limit, if any.
    #[cfg(test)]
    fn soft(&self) -> Option<Duration> {
        self.soft
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    fn clock(remaining_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(remaining_ms),
                increment: Duration::from_millis(inc_ms),
                moves_to_go,
                overhead: Duration::ZERO,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn bullet_games_keep_most_of_the_clock() {
        for remaining in [5, 30, 80, 200, 1000, 5000] {
            let tm = TimeManager::new(&clock(remaining, 10, None), Instant::now());
            let hard = tm.hard().expect("a clock gives a hard limit");
            let soft = tm.soft().expect("a clock gives a soft limit");
            assert!(soft <= hard);
            assert!(
                hard.as_millis() as u64 * 3 <= remaining.max(1),
                "{remaining} ms left: hard limit {hard:?}"
            );
        }
    }

    #[test]
    fn a_low_clock_uses_less_than_the_increment() {
        let tm = TimeManager::new(&clock(600, 100, None), Instant::now());
        let hard = tm.hard().expect("a clock gives a hard limit");
        assert!(tm.soft().expect("limit") < Duration::from_millis(100));
        assert!(hard <= Duration::from_millis(100), "{hard:?}");
        // However long the planned move, the hard limit never exceeds the increment there.
        let tm = TimeManager::new(&clock(900, 100, Some(1)), Instant::now());
        assert!(tm.hard().expect("limit") <= Duration::from_millis(100));
    }

    #[test]
    fn a_learned_overhead_is_kept_back() {
        let plain = TimeManager::new(&clock(1000, 10, None), Instant::now());
        let mut slow = clock(1000, 10, None);
        if let Some(clock) = &mut slow.clock {
            clock.overhead = Duration::from_millis(80);
        }
        let slow = TimeManager::new(&slow, Instant::now());
        assert!(slow.hard() < plain.hard(), "{slow:?} against {plain:?}");
        // With 80 ms lost per move and a 10 ms increment, a low clock moves at once.
        let mut low = clock(90, 10, None);
        if let Some(clock) = &mut low.clock {
            clock.overhead = Duration::from_millis(80);
        }
        let low = TimeManager::new(&low, Instant::now());
        assert_eq!(low.hard(), Some(Duration::ZERO));
    }

    #[test]
    fn the_last_move_before_the_control_may_use_more() {
        let one = TimeManager::new(&clock(2000, 0, Some(1)), Instant::now());
        let many = TimeManager::new(&clock(2000, 0, Some(20)), Instant::now());
        assert!(one.hard() > many.hard());
        assert!(one.hard().expect("limit") < Duration::from_millis(2000 - 40));
    }

    #[test]
    fn effort_scales_the_soft_limit_within_the_hard_one() {
        let start = Instant::now() - Duration::from_millis(200);
        let mut tm = TimeManager::new(&clock(10_000, 100, None), start);
        // Planned (10000 - 40) / 30 + 75 = 407 ms, so the soft limit is 325 ms.
        assert!(!tm.soft_exceeded());
        tm.set_effort(0.5);
        assert!(tm.soft_exceeded());
        tm.set_effort(1000.0);
        assert!(!tm.soft_exceeded());
        let late = TimeManager {
            start: Instant::now() - tm.hard().expect("limit"),
            ..tm
        };
        assert!(late.soft_exceeded(), "never past the hard limit");
    }

    #[test]
    fn movetime_keeps_a_margin_and_infinite_has_no_limit() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&limits, Instant::now() - Duration::from_millis(500));
        assert_eq!(tm.hard(), Some(Duration::from_millis(960)));
        tm.set_effort(0.5);
        assert!(!tm.soft_exceeded(), "a fixed move time is used whole");
        let infinite = Limits {
            infinite: true,
            ..clock(1000, 0, None)
        };
        let tm = TimeManager::new(&infinite, Instant::now());
        assert!(tm.hard().is_none() && !tm.hard_exceeded() && !tm.soft_exceeded());
    }
}
