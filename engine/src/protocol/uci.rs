//! The UCI front end, and its dialects USI and UCCI (see [`Dialect`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use movegen::{perft_until, Move, MoveFormat, Position};

use super::dialect::Dialect;
use super::events::{Event, Events};
use super::game::Game;
use super::go_command::GoCommand;
use super::output::Output;
use super::setup::uci_variant_info;
use super::thinking::{pv_text, uci_line};
use super::worker::{resize_hash, set_threads, Worker, DEFAULT_HASH_MB, MAX_MULTIPV};
use super::{ucci, usi};
use crate::search::{
    level_for_elo, Bound, Limits, OverheadMeter, Score, MAX_ELO, MAX_SKILL, MAX_THREADS, MIN_ELO,
};

/// The engine's name and version, as both protocols announce it.
pub const ENGINE_NAME: &str = concat!("Kraken ", env!("CARGO_PKG_VERSION"));

/// A UCI, USI or UCCI session.
struct Uci {
    dialect: Dialect,
    out: Output,
    game: Game,
    worker: Worker,
    /// The id of the running search whose result becomes `bestmove`.
    searching: Option<u64>,
    multipv: usize,
    ponder: bool,
    /// `Skill Level`: [`MAX_SKILL`] plays full strength.
    skill: u8,
    /// `UCI_LimitStrength`: play at `elo` (it overrides `skill`).
    limit_strength: bool,
    /// `UCI_Elo`, within [`MIN_ELO`] and [`MAX_ELO`].
    elo: i32,
    /// The time each move costs beyond the search, learned from the clocks.
    overhead: OverheadMeter,
    /// A running `go perft`.
    perft: Option<PerftJob>,
    /// `Move Overhead`: the least time kept back from each move for the GUI and the line
    /// (the meter's learned estimate when that is larger).
    move_overhead: Duration,
    /// UCCI's `banmoves`: moves the next searches of this position leave out.
    banned: Vec<Move>,
    /// UCCI's `usemillisec`: times are in milliseconds rather than seconds.
    millis: bool,
}

/// `UCI_Elo` until a GUI sets it.
const DEFAULT_ELO: i32 = 1500;

/// The largest `Move Overhead`, in milliseconds as UCI gives it.
const MAX_MOVE_OVERHEAD: Duration = Duration::from_secs(5);

/// `go perft` counting on a thread of its own, so that `stop`, `quit` and `isready` are
/// answered while it runs.
struct PerftJob {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// Runs `dialect` after its first line until `quit` (or UCCI's `bye`) or the end of the input.
pub fn run(events: Events, out: Output, mut game: Game, problems: Vec<String>, dialect: Dialect) {
    if let Err(e) = game.set_variant(dialect.default_variant()) {
        out.line(&format!("info string {e}"));
    }
    let mut uci = Uci {
        dialect,
        worker: Worker::new(events.sender.clone()),
        out,
        game,
        searching: None,
        multipv: 1,
        ponder: false,
        skill: MAX_SKILL,
        limit_strength: false,
        elo: DEFAULT_ELO,
        overhead: OverheadMeter::default(),
        perft: None,
        move_overhead: Duration::ZERO,
        banned: Vec::new(),
        millis: false,
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
                    let Some(best) = result.best else {
                        uci.out.line(uci.dialect.no_move());
                        continue;
                    };
                    let mut line = format!("bestmove {}", uci.move_text(&uci.game.pos, &best));
                    if let Some(ponder) = result.ponder {
                        let mut after = uci.game.pos.clone();
                        after.make(best);
                        line.push_str(&format!(" ponder {}", uci.move_text(&after, &ponder)));
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
        let option = |name: &str, spec: String| self.dialect.option_line(name, &spec);
        let mut lines = vec![
            format!("id name {ENGINE_NAME}"),
            "id author the Kraken developers".to_string(),
            option(
                "UCI_Variant",
                format!(
                    "type combo default {} var {}",
                    self.dialect.default_variant(),
                    names.join(" var ")
                ),
            ),
            option("UCI_Chess960", "type check default false".into()),
            option("VariantPath", "type string default <empty>".into()),
            option(
                "Hash",
                format!("type spin default {DEFAULT_HASH_MB} min 1 max 65536"),
            ),
            option(
                "Threads",
                format!("type spin default 1 min 1 max {MAX_THREADS}"),
            ),
            option(
                "MultiPV",
                format!("type spin default 1 min 1 max {MAX_MULTIPV}"),
            ),
            option("Ponder", "type check default false".into()),
            option(
                "Move Overhead",
                format!(
                    "type spin default 0 min 0 max {}",
                    MAX_MOVE_OVERHEAD.as_millis()
                ),
            ),
            option("Clear Hash", "type button".into()),
            option(
                "Skill Level",
                format!("type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"),
            ),
            option("UCI_LimitStrength", "type check default false".into()),
            option(
                "UCI_Elo",
                format!("type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}"),
            ),
            option("UCI_AnalyseMode", "type check default false".into()),
        ];
        if self.dialect == Dialect::Ucci {
            lines.push(option("usemillisec", "type check default false".into()));
        }
        lines.push(format!("{}ok", self.dialect.handshake()));
        for line in lines {
            self.out.line(&line);
        }
    }

    fn format(&self) -> MoveFormat {
        self.dialect.format(&self.game.rules)
    }

    /// `mv`, a move of `pos`, in the dialect's notation.
    fn move_text(&self, pos: &Position, mv: &Move) -> String {
        self.dialect
            .move_out(pos.move_text(mv, self.format()), &self.game.rules)
    }

    /// Reads a move of the current position written in the dialect's notation.
    fn parse_move(&mut self, text: &str) -> Result<Move, movegen::MoveTextError> {
        let kraken = self.dialect.move_in(text, &self.game.rules);
        let format = self.format();
        self.game
            .pos
            .parse_move(&kraken, format)
            .map_err(|e| movegen::MoveTextError {
                text: text.to_string(),
                reason: e.reason,
            })
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" | "usi" | "ucci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "debug" | "register" => {}
            "setoption" => self.set_option(&rest),
            "ucinewgame" | "usinewgame" | "uccinewgame" => {
                self.stop();
                self.overhead.forget_move();
                self.worker.searcher().clear();
            }
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "stop" => self.worker.move_now(),
            "ponderhit" => self.worker.ponder_hit(),
            // USI: the game is over; a search still running is dropped.
            "gameover" => self.stop(),
            "banmoves" => self.ban(&rest),
            "probe" => self.probe(),
            "eval" => self.eval(),
            "quit" => return false,
            "bye" => {
                self.out.line("bye");
                return false;
            }
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
        // setoption name NAME [value VALUE]; NAME may have spaces. UCCI: setoption NAME VALUE.
        let text = words.join(" ");
        let (name, value) = match text.strip_prefix("name ") {
            Some(text) => match text.split_once(" value ") {
                Some((name, value)) => (name.trim(), value.trim()),
                None => (text.trim(), ""),
            },
            None => match text.split_once(' ') {
                Some((name, value)) if self.dialect == Dialect::Ucci => (name, value.trim()),
                _ => (text.trim(), ""),
            },
        };
        self.stop();
        let number = |value: &str| value.parse::<usize>().ok().filter(|&n| n >= 1);
        let on = |value: &str| value.eq_ignore_ascii_case("true") || value == "on";
        match self.dialect.canonical_option(name).as_str() {
            "uci variant" => match self.game.set_variant(value) {
                Ok(()) => {
                    let user_defined = self.game.is_user_defined();
                    self.out
                        .line(&uci_variant_info(value, &self.game.rules, user_defined));
                }
                Err(e) => self.out.line(&format!("info string {e}")),
            },
            "uci analysemode" => {}
            "usemillisec" => self.millis = on(value),
            "uci chess960" => {
                self.game.chess960 = on(value);
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
            "ponder" => self.ponder = on(value),
            "skill level" => match value.parse::<i64>() {
                Ok(level) => {
                    let max = i64::from(MAX_SKILL);
                    self.skill = level.clamp(0, max) as u8;
                    if !(0..=max).contains(&level) {
                        self.out.line(&format!(
                            "info string Skill Level {level} is outside 0 to {max}; using {}",
                            self.skill
                        ));
                    }
                }
                Err(_) => self
                    .out
                    .line(&format!("info string bad Skill Level value '{value}'")),
            },
            "uci limitstrength" => self.limit_strength = on(value),
            "uci elo" => match value.parse::<i64>() {
                Ok(elo) => {
                    let (min, max) = (i64::from(MIN_ELO), i64::from(MAX_ELO));
                    self.elo = elo.clamp(min, max) as i32;
                    if !(min..=max).contains(&elo) {
                        self.out.line(&format!(
                            "info string UCI_Elo {elo} is outside {min} to {max}; using {}",
                            self.elo
                        ));
                    }
                }
                Err(_) => self
                    .out
                    .line(&format!("info string bad UCI_Elo value '{value}'")),
            },
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

    /// `position startpos|fen FEN|sfen SFEN [moves M...]`.
    fn position(&mut self, words: &[&str]) {
        self.stop();
        self.banned.clear();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        match setup.first() {
            Some(&"startpos") => self.game.reset(),
            Some(&"fen") => {
                let fen = setup[1..].join(" ");
                let fen = match self.dialect {
                    Dialect::Ucci => ucci::fen_to_kraken(&fen, &self.game.rules),
                    _ => fen,
                };
                if let Err(e) = self.game.set_fen(&fen) {
                    self.out.line(&format!("info string Illegal position: {e}"));
                    return;
                }
            }
            Some(&"sfen") => {
                let fen = usi::sfen_to_fen(&setup[1..], &self.game.rules);
                if let Err(e) = fen.and_then(|fen| self.game.set_fen(&fen)) {
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
        for text in moves {
            match self.parse_move(text) {
                Ok(mv) => self.game.pos.make(mv),
                Err(e) => {
                    self.out
                        .line(&format!("info string Illegal move: {text} ({})", e.reason));
                    return;
                }
            }
        }
    }

    /// UCCI's `banmoves M...`: moves of the current position the next searches leave out.
    fn ban(&mut self, words: &[&str]) {
        self.stop();
        self.banned.clear();
        for text in words {
            match self.parse_move(text) {
                Ok(mv) => self.banned.push(mv),
                Err(e) => self
                    .out
                    .line(&format!("info string Illegal move: {text} ({})", e.reason)),
            }
        }
    }

    /// UCCI's `probe`: what the hash table holds for the current position, as `pophash
    /// [bestmove M] [lowerbound V depth D] [upperbound V depth D]`.
    fn probe(&mut self) {
        self.stop();
        let pos = self.game.pos.clone();
        let entry = self.worker.searcher().hash_entry(&pos);
        let mut line = "pophash".to_string();
        if let Some(entry) = entry {
            if let Some(mv) = entry.mv {
                line.push_str(&format!(" bestmove {}", self.move_text(&pos, &mv)));
            }
            let score = self.dialect.score(entry.score);
            let depth = entry.depth;
            if entry.bound != Bound::Upper {
                line.push_str(&format!(" lowerbound {score} depth {depth}"));
            }
            if entry.bound != Bound::Lower {
                line.push_str(&format!(" upperbound {score} depth {depth}"));
            }
        }
        self.out.line(&line);
    }

    /// `go [wtime W btime B winc I binc J movestogo N depth D nodes N movetime T infinite
    /// ponder perft D searchmoves MOVE...]`; USI adds `byoyomi B` and gives `btime` to the
    /// first player (sente), UCCI writes `time T increment I opptime T oppincrement I` for
    /// the side to move and the other, and `draw` for a draw offer (declined by playing on).
    fn go(&mut self, words: &[&str]) {
        self.stop();
        let side = self.game.pos.side_to_move().index();
        let go = GoCommand::parse(words, self.dialect, side, self.millis);
        if let Some(depth) = go.perft {
            return self.perft(depth);
        }
        let mut limits = Limits {
            multipv: self.multipv,
            excluded: self.banned.clone(),
            skill: if self.limit_strength {
                Some(level_for_elo(self.elo, &mut rand::thread_rng()))
            } else {
                (self.skill < MAX_SKILL).then_some(self.skill)
            },
            clock: go.clock,
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            infinite: go.infinite,
        };
        let pondering = go.ponder;
        if !go.searchmoves.is_empty() {
            let listed = go
                .searchmoves
                .iter()
                .filter_map(|text| self.parse_move(text).ok())
                .collect::<Vec<_>>();
            if listed.is_empty() {
                self.out
                    .line("info string searchmoves lists no legal move; searching all");
            } else {
                // Banned moves (UCCI) stay out even when listed.
                let unlisted = self.game.pos.legal_moves();
                limits
                    .excluded
                    .extend(unlisted.iter().filter(|mv| !listed.contains(mv)));
            }
        }
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
        let (dialect, rules) = (self.dialect, self.game.rules.clone());
        let report = Box::new(move |info: &crate::search::Info| {
            let pv = pv_text(&root, &info.pv, format)
                .into_iter()
                .map(|text| dialect.move_out(text, &rules))
                .collect::<Vec<_>>();
            out.line(&uci_line(info, &pv, dialect));
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
        let (dialect, rules) = (self.dialect, self.game.rules.clone());
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
                let text = dialect.move_out(pos.move_text(&mv, format), &rules);
                out.line(&format!("{text}: {count}"));
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
