//! The UCI front end.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use movegen::{perft_until, Move, MoveFormat};

use super::events::{Event, Events};
use super::game::Game;
use super::output::Output;
use super::setup::uci_variant_info;
use super::thinking::{pv_text, uci_line};
use super::worker::{resize_hash, set_threads, Worker, DEFAULT_HASH_MB, MAX_MULTIPV};
use crate::search::{Clock, Limits, OverheadMeter, Score, MAX_THREADS};

/// The engine's name and version, as both protocols announce it.
pub const ENGINE_NAME: &str = concat!("Kraken ", env!("CARGO_PKG_VERSION"));

/// A UCI session.
struct Uci {
    out: Output,
    game: Game,
    worker: Worker,
    /// The id of the running search whose result becomes `bestmove`.
    searching: Option<u64>,
    multipv: usize,
    ponder: bool,
    /// The time each move costs beyond the search, learned from the clocks.
    overhead: OverheadMeter,
    /// A running `go perft`.
    perft: Option<PerftJob>,
    /// `Move Overhead`: the least time kept back from each move for the GUI and the line
    /// (the meter's learned estimate when that is larger).
    move_overhead: Duration,
}

/// The largest `Move Overhead`, in milliseconds as UCI gives it.
const MAX_MOVE_OVERHEAD: Duration = Duration::from_secs(5);

/// `go perft` counting on a thread of its own, so that `stop`, `quit` and `isready` are
/// answered while it runs.
struct PerftJob {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// Runs UCI after the `uci` line until `quit` or the end of the input.
pub fn run(events: Events, out: Output, game: Game, problems: Vec<String>) {
    let mut uci = Uci {
        worker: Worker::new(events.sender.clone()),
        out,
        game,
        searching: None,
        multipv: 1,
        ponder: false,
        overhead: OverheadMeter::default(),
        perft: None,
        move_overhead: Duration::ZERO,
    };
    uci.identify();
    for problem in problems {
        uci.out.line(&format!("info string {problem}"));
    }
    while let Ok(event) = events.receiver.recv() {
        match event {
            Event::Line(line) => {
                if !uci.command(line.trim()) {
                    break;
                }
            }
            Event::Eof => break,
            Event::Done { id, result } => {
                if uci.searching == Some(id) {
                    uci.searching = None;
                    uci.overhead.finish(result.elapsed);
                    let format = uci.format();
                    let text = |mv: Option<Move>, pos: &movegen::Position| {
                        mv.map(|mv| pos.move_text(&mv, format))
                    };
                    let best = text(result.best, &uci.game.pos);
                    let mut line = format!("bestmove {}", best.unwrap_or_else(|| "0000".into()));
                    if let (Some(best), Some(ponder)) = (result.best, result.ponder) {
                        let mut after = uci.game.pos.clone();
                        after.make(best);
                        line.push_str(&format!(" ponder {}", after.move_text(&ponder, format)));
                    }
                    uci.out.line(&line);
                }
            }
        }
    }
    uci.stop();
}

impl Uci {
    fn identify(&self) {
        let names = variant_names(&self.game);
        let mut lines = vec![
            format!("id name {ENGINE_NAME}"),
            "id author the Kraken developers".to_string(),
            format!(
                "option name UCI_Variant type combo default chess var {}",
                names.join(" var ")
            ),
            "option name UCI_Chess960 type check default false".into(),
            "option name VariantPath type string default <empty>".into(),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 65536"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Ponder type check default false".into(),
            format!(
                "option name Move Overhead type spin default 0 min 0 max {}",
                MAX_MOVE_OVERHEAD.as_millis()
            ),
            "option name Clear Hash type button".into(),
            "option name UCI_AnalyseMode type check default false".into(),
        ];
        lines.push("uciok".into());
        for line in lines {
            self.out.line(&line);
        }
    }

    fn format(&self) -> MoveFormat {
        self.game.format(false)
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "debug" | "register" => {}
            "setoption" => self.set_option(&rest),
            "ucinewgame" => {
                self.stop();
                self.overhead.forget_move();
                self.worker.searcher().clear();
            }
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "stop" => self.worker.move_now(),
            "ponderhit" => self.worker.ponder_hit(),
            "eval" => self.eval(),
            "quit" => return false,
            _ => self
                .out
                .line(&format!("info string Error (unknown command): {line}")),
        }
        true
    }

    /// Stops a running search without reporting its move.
    fn stop(&mut self) {
        self.worker.stop();
        self.searching = None;
        if let Some(job) = self.perft.take() {
            job.stop.store(true, Ordering::Relaxed);
            let _ = job.thread.join();
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name NAME [value VALUE]; NAME may have spaces.
        let text = words.join(" ");
        let text = text.strip_prefix("name ").unwrap_or(&text);
        let (name, value) = match text.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (text.trim(), ""),
        };
        self.stop();
        let number = |value: &str| value.parse::<usize>().ok().filter(|&n| n >= 1);
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.game.set_variant(value) {
                Ok(()) => {
                    let user_defined = self.game.is_user_defined();
                    self.out
                        .line(&uci_variant_info(value, &self.game.rules, user_defined));
                }
                Err(e) => self.out.line(&format!("info string {e}")),
            },
            "uci_analysemode" => {}
            "uci_chess960" => {
                self.game.chess960 = value.eq_ignore_ascii_case("true");
                let variant = self.game.variant.clone();
                if let Err(e) = self.game.set_variant(&variant) {
                    self.out.line(&format!("info string {e}"));
                }
            }
            "variantpath" => {
                if !value.is_empty() && value != "<empty>" {
                    match self.game.catalog.add_file(std::path::Path::new(value)) {
                        Ok(names) => self
                            .out
                            .line(&format!("info string loaded {}", names.join(", "))),
                        Err(errors) => {
                            for e in errors {
                                self.out.line(&format!("info string {e}"));
                            }
                        }
                    }
                }
            }
            "hash" => match number(value) {
                Some(mb) => {
                    if let Some(note) = resize_hash(&mut self.worker.searcher(), mb) {
                        self.out.line(&format!("info string {note}"));
                    }
                }
                None => self
                    .out
                    .line(&format!("info string bad Hash value '{value}'")),
            },
            "threads" => match number(value) {
                Some(n) => {
                    if let Some(note) = set_threads(&mut self.worker.searcher(), n) {
                        self.out.line(&format!("info string {note}"));
                    }
                }
                None => self
                    .out
                    .line(&format!("info string bad Threads value '{value}'")),
            },
            "multipv" => match number(value) {
                Some(n) => {
                    self.multipv = n.min(MAX_MULTIPV);
                    if n > MAX_MULTIPV {
                        self.out.line(&format!(
                            "info string MultiPV {n} is more than {MAX_MULTIPV}; using {MAX_MULTIPV}"
                        ));
                    }
                }
                None => self
                    .out
                    .line(&format!("info string bad MultiPV value '{value}'")),
            },
            "ponder" => self.ponder = value.eq_ignore_ascii_case("true"),
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) => {
                    let asked = Duration::from_millis(ms);
                    self.move_overhead = asked.min(MAX_MOVE_OVERHEAD);
                    if asked > MAX_MOVE_OVERHEAD {
                        self.out.line(&format!(
                            "info string Move Overhead {ms} is more than {max}; using {max}",
                            max = MAX_MOVE_OVERHEAD.as_millis()
                        ));
                    }
                }
                Err(_) => self
                    .out
                    .line(&format!("info string bad Move Overhead value '{value}'")),
            },
            "clear hash" => self.worker.searcher().clear(),
            _ => self
                .out
                .line(&format!("info string Error (unknown option): {name}")),
        }
    }

    /// `position startpos|fen FEN [moves M...]`.
    fn position(&mut self, words: &[&str]) {
        self.stop();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        match setup.first() {
            Some(&"startpos") => self.game.reset(),
            Some(&"fen") => {
                if let Err(e) = self.game.set_fen(&setup[1..].join(" ")) {
                    self.out.line(&format!("info string Illegal position: {e}"));
                    return;
                }
            }
            _ => {
                self.out.line(&format!(
                    "info string Error (bad position): {}",
                    words.join(" ")
                ));
                return;
            }
        }
        let format = self.format();
        for text in moves {
            if let Err(e) = self.game.play(text, format) {
                self.out
                    .line(&format!("info string Illegal move: {text} ({})", e.reason));
                return;
            }
        }
    }

    /// `go [wtime W btime B winc I binc J movestogo N depth D nodes N movetime T infinite
    /// ponder perft D searchmoves MOVE...]`.
    fn go(&mut self, words: &[&str]) {
        self.stop();
        let mut limits = Limits {
            multipv: self.multipv,
            ..Limits::default()
        };
        let mut times = [None, None];
        let mut increments = [Duration::ZERO; 2];
        let mut moves_to_go = None;
        let mut pondering = false;
        let mut i = 0;
        let value = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
        while i < words.len() {
            let n = value(i);
            let millis = n.map(Duration::from_millis);
            match words[i] {
                "wtime" => times[0] = millis,
                "btime" => times[1] = millis,
                "winc" => increments[0] = millis.unwrap_or_default(),
                "binc" => increments[1] = millis.unwrap_or_default(),
                "movestogo" => moves_to_go = n.map(|n| n as u32),
                "depth" => limits.depth = n.map(|n| n as u32),
                "nodes" => limits.nodes = n,
                "movetime" => limits.movetime = millis,
                "infinite" => limits.infinite = true,
                "ponder" => pondering = true,
                "perft" => return self.perft(n.unwrap_or(1) as u32),
                "searchmoves" => {
                    let listed = words[i + 1..]
                        .iter()
                        .map_while(|text| self.game.pos.parse_move(text, self.format()).ok())
                        .collect::<Vec<_>>();
                    i += listed.len();
                    if listed.is_empty() {
                        self.out
                            .line("info string searchmoves lists no legal move; searching all");
                    } else {
                        limits.excluded = self.game.pos.legal_moves().to_vec();
                        limits.excluded.retain(|mv| !listed.contains(mv));
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let side = self.game.pos.side_to_move().index();
        limits.clock = times[side].map(|remaining| Clock {
            remaining,
            increment: increments[side],
            moves_to_go: moves_to_go.filter(|&n| n > 0),
            overhead: Duration::ZERO,
        });
        match &mut limits.clock {
            // A ponder search's clock starts at the ponder hit: its move is not measured.
            Some(clock) if !pondering => self.overhead.start(clock),
            _ => self.overhead.forget_move(),
        }
        if let Some(clock) = &mut limits.clock {
            clock.overhead = self.overhead.estimate().max(self.move_overhead);
        }
        let out = self.out.clone();
        let root = self.game.pos.clone();
        let format = self.format();
        let report = Box::new(move |info: &crate::search::Info| {
            out.line(&uci_line(info, &pv_text(&root, &info.pv, format)));
        });
        let id = self
            .worker
            .start(self.game.pos.clone(), limits, pondering, report);
        self.searching = Some(id);
    }

    /// `eval`: the static evaluation of the current position, for the side to move (as
    /// Stockfish's `eval` prints its own, so that the two can be compared).
    fn eval(&mut self) {
        self.stop();
        let pos = self.game.pos.clone();
        let text = match self.worker.searcher().evaluate(&pos) {
            Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) => format!("#{n}"),
        };
        self.out
            .line(&format!("Final evaluation {text} (side to move)"));
    }

    /// `go perft D`: the count below every root move, then the total.
    /// Stopped, it prints the counts it finished and no total.
    fn perft(&mut self, depth: u32) {
        let format = self.format();
        let mut pos = self.game.pos.clone();
        let out = self.out.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut total = 0;
            for mv in pos.legal_moves() {
                pos.make(mv);
                let count = perft_until(&mut pos, depth.max(1) - 1, &stopped);
                pos.unmake();
                let Some(count) = count else {
                    return;
                };
                out.line(&format!("{}: {count}", pos.move_text(&mv, format)));
                total += count;
            }
            out.line("");
            out.line(&format!("Nodes searched: {total}"));
        });
        self.perft = Some(PerftJob { stop, thread });
    }
}

/// Every name the catalog answers to, for `UCI_Variant` (lower case, built-in first).
fn variant_names(game: &Game) -> Vec<String> {
    let mut names = game.catalog.names();
    names.push("chess960".into());
    names.dedup();
    names
}
