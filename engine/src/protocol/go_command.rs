//! The words of a `go` command in UCI, USI or UCCI, read into limits.

use std::time::Duration;

use super::dialect::Dialect;
use crate::search::Clock;

/// What a `go` command asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand<'a> {
    /// The clock of the side to move (its overhead still zero), when the command gives one.
    pub clock: Option<Clock>,
    /// `depth D`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime T`.
    pub movetime: Option<Duration>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// `perft D` (depth 1 when none is given).
    pub perft: Option<u32>,
    /// The move texts after `searchmoves`.
    pub searchmoves: Vec<&'a str>,
}

/// The words that start a part of a `go` command.
const KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "byoyomi",
    "time",
    "opptime",
    "increment",
    "oppincrement",
    "movestogo",
    "oppmovestogo",
    "depth",
    "nodes",
    "movetime",
    "infinite",
    "ponder",
    "perft",
    "searchmoves",
    "draw",
    "mate",
];

impl<'a> GoCommand<'a> {
    /// Reads `words` (after `go`) in `dialect` for the side to move `side` (0 moves first):
    /// USI gives `btime` to the first player (sente) and adds `byoyomi`; UCCI gives `time`,
    /// `increment` to the side to move and `opptime`, `oppincrement` to the other, in
    /// seconds unless `millis` (`usemillisec`). Unknown words and `draw` are passed over.
    pub fn parse(words: &[&'a str], dialect: Dialect, side: usize, millis: bool) -> Self {
        let mut go = GoCommand::default();
        let mut times: [Option<Duration>; 2] = [None, None];
        let mut increments = [Duration::ZERO; 2];
        let mut byoyomi = Duration::ZERO;
        let mut moves_to_go = None;
        // The players `wtime` and `btime` belong to: USI's black moves first.
        let (w, b) = match dialect {
            Dialect::Usi => (1, 0),
            _ => (0, 1),
        };
        let unit = if dialect == Dialect::Ucci && !millis {
            1000
        } else {
            1
        };
        let mut i = 0;
        while i < words.len() {
            let n = words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
            let millis = n.map(Duration::from_millis);
            let timed = n.map(|n| Duration::from_millis(n.saturating_mul(unit)));
            match words[i] {
                "wtime" => times[w] = millis,
                "btime" => times[b] = millis,
                "winc" => increments[w] = millis.unwrap_or_default(),
                "binc" => increments[b] = millis.unwrap_or_default(),
                "byoyomi" => byoyomi = millis.unwrap_or_default(),
                "time" => times[side] = timed,
                "opptime" => times[1 - side] = timed,
                "increment" => increments[side] = timed.unwrap_or_default(),
                "oppincrement" => increments[1 - side] = timed.unwrap_or_default(),
                "movestogo" => moves_to_go = n.and_then(|n| u32::try_from(n).ok()),
                "depth" => go.depth = n.map(|n| n.min(u64::from(u32::MAX)) as u32),
                "nodes" => go.nodes = n,
                "movetime" => go.movetime = millis,
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "perft" => go.perft = Some(n.map_or(1, |n| n.min(u64::from(u32::MAX)) as u32)),
                "searchmoves" => {
                    let listed = words[i + 1..]
                        .iter()
                        .take_while(|w| !KEYWORDS.contains(w))
                        .copied()
                        .collect::<Vec<_>>();
                    i += listed.len();
                    go.searchmoves = listed;
                }
                _ => {}
            }
            i += 1;
        }
        // Byoyomi: each move may use it on top of the main time, and none of it is kept
        // (Fairy-Stockfish reads it so, too).
        if !byoyomi.is_zero() {
            for (time, increment) in times.iter_mut().zip(&mut increments) {
                *time = Some(time.unwrap_or_default() + byoyomi);
                *increment = byoyomi;
            }
        }
        go.clock = times[side].map(|remaining| Clock {
            remaining,
            increment: increments[side],
            moves_to_go: moves_to_go.filter(|&n| n > 0),
            overhead: Duration::ZERO,
        });
        go
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(words: &str, dialect: Dialect, side: usize, millis: bool) -> (u64, u64) {
        let words: Vec<&str> = words.split_whitespace().collect();
        let clock = GoCommand::parse(&words, dialect, side, millis)
            .clock
            .expect("a clock");
        (
            clock.remaining.as_millis() as u64,
            clock.increment.as_millis() as u64,
        )
    }

    #[test]
    fn usi_gives_btime_to_the_first_player() {
        let words = "btime 60000 wtime 1000 binc 500 winc 7";
        assert_eq!(clock(words, Dialect::Usi, 0, false), (60000, 500));
        assert_eq!(clock(words, Dialect::Usi, 1, false), (1000, 7));
        assert_eq!(clock(words, Dialect::Uci, 0, false), (1000, 7));
        assert_eq!(clock(words, Dialect::Uci, 1, false), (60000, 500));
    }

    #[test]
    fn byoyomi_comes_on_top_of_the_main_time_every_move() {
        let words = "btime 0 wtime 30000 byoyomi 5000";
        assert_eq!(clock(words, Dialect::Usi, 0, false), (5000, 5000));
        assert_eq!(clock(words, Dialect::Usi, 1, false), (35000, 5000));
    }

    #[test]
    fn ucci_times_are_the_movers_and_in_seconds_by_default() {
        let words = "time 300 increment 2 opptime 10 oppincrement 0";
        assert_eq!(clock(words, Dialect::Ucci, 1, false), (300_000, 2000));
        assert_eq!(clock(words, Dialect::Ucci, 1, true), (300, 2));
        let words: Vec<&str> = "draw depth 4".split_whitespace().collect();
        let go = GoCommand::parse(&words, Dialect::Ucci, 0, false);
        assert_eq!((go.clock, go.depth), (None, Some(4)));
    }

    #[test]
    fn searchmoves_end_at_the_next_keyword() {
        let words: Vec<&str> = "searchmoves e2e4 d2d4 depth 3".split_whitespace().collect();
        let go = GoCommand::parse(&words, Dialect::Uci, 0, false);
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(go.depth, Some(3));
    }
}
