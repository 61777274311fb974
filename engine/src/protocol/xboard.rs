//! The XBoard front end (CECP v2 with XBoard's `setup`, `piece` and `highlight` extensions).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use movegen::{EndReason, GameOver, Move, MoveFormat, Outcome};
use notation::{Color, Square};

use super::events::{Event, Events};
use super::game::Game;
use super::output::Output;
use super::setup::xboard_setup;
use super::thinking::{pv_text, xboard_line};
use super::uci::ENGINE_NAME;
use super::worker::{resize_hash, set_threads, Worker, MAX_MULTIPV};
use crate::search::{Clock, Info, Limits, OverheadMeter, SearchResult};

/// Features cutechess-cli refuses and XBoard accepts: their refusal says who the GUI is.
const REFUSED_BY_CUTECHESS: &[&str] = &["highlight", "colors", "draw", "playother"];

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// Thinking on its own move.
    Move,
    /// Pondering on the expected reply `expected` (already played on the board copy).
    Ponder { expected: Move },
    /// Analysis mode.
    Analyze,
}

/// The time control set by `level` or `st`.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    /// Moves per session (0: the whole game).
    moves: u32,
    /// Increment per move.
    increment: Duration,
    /// Fixed time per move (`st`).
    per_move: Option<Duration>,
}

/// A CECP session.
struct XBoard {
    out: Output,
    game: Game,
    worker: Worker,
    /// The running search and why it runs.
    task: Option<(u64, Task)>,
    /// Play neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    time_control: TimeControl,
    /// The engine's clock (`time`).
    clock: Duration,
    depth: Option<u32>,
    nps: Option<u64>,
    post: bool,
    ponder: bool,
    analyzing: bool,
    excluded: Vec<Move>,
    /// Right after `new`/`variant`: a bare move that does not fit is cutechess's `b2b3`.
    fresh: bool,
    /// The last thinking line, for `.` in analysis.
    last_info: Arc<Mutex<Option<Info>>>,
    /// The square a user lifted a piece from (`lift`).
    lifted: Option<Square>,
    /// Whether to claim results (not under cutechess, which adjudicates by its own rules).
    claims: bool,
    /// Variants whose misread pieces the user was told about.
    told: HashSet<String>,
    problems: Vec<String>,
    /// The time each move costs beyond the search, learned from `time`.
    overhead: OverheadMeter,
    /// `ping`s that came while the engine thought about its move: CECP answers them after it.
    pongs: Vec<String>,
    /// Lines to search and show (`option MultiPV=N`), in analysis and in play.
    multipv: usize,
}

/// Runs CECP after the `xboard` line until `quit` or the end of the input.
pub fn run(events: Events, out: Output, game: Game, problems: Vec<String>) {
    let mut xb = XBoard {
        worker: Worker::new(events.sender.clone()),
        out,
        game,
        task: None,
        force: false,
        engine_side: Color::Black,
        time_control: TimeControl::default(),
        clock: Duration::from_secs(300),
        depth: None,
        nps: None,
        post: true,
        ponder: false,
        analyzing: false,
        excluded: Vec::new(),
        fresh: true,
        last_info: Arc::new(Mutex::new(None)),
        lifted: None,
        claims: true,
        told: HashSet::new(),
        problems,
        overhead: OverheadMeter::default(),
        pongs: Vec::new(),
        multipv: 1,
    };
    while let Ok(event) = events.receiver.recv() {
        match event {
            Event::Line(line) => {
                if !xb.command(line.trim()) {
                    break;
                }
            }
            Event::Eof => break,
            Event::Done { id, result } => xb.search_done(id, result),
        }
    }
    xb.worker.stop();
}

impl XBoard {
    fn format(&self) -> MoveFormat {
        self.game.xboard_format()
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (command, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match command {
            "rejected" if REFUSED_BY_CUTECHESS.contains(&arg) => {
                // cutechess refuses these features (XBoard accepts them); it referees
                // every game itself and forfeits an engine whose claim it disputes.
                self.claims = false;
            }
            "" | "xboard" | "random" | "computer" | "name" | "rating" | "ics" | "accepted"
            | "rejected" | "bk" | "pause" | "resume" | "hover" | "egtpath" | "draw" => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.variant(arg),
            "force" => {
                self.cancel();
                self.force = true;
            }
            "go" => {
                self.fresh = false;
                self.force = false;
                self.engine_side = self.game.pos.side_to_move();
                self.think();
            }
            "playother" => {
                self.cancel();
                self.force = false;
                self.engine_side = self.game.pos.side_to_move().opponent();
                self.start_pondering(None);
            }
            "white" | "black" => {
                self.cancel();
                // Obsolete: the engine plays the other side, the named side moves.
                self.engine_side = if command == "white" {
                    Color::Black
                } else {
                    Color::White
                };
                self.force = false;
            }
            "level" => self.level(arg),
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 => {
                    self.time_control.per_move = Some(Duration::from_secs_f64(s.min(1e6)))
                }
                _ => self.error("bad st", line),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) => self.depth = Some(d.max(1)),
                Err(_) => self.error("bad sd", line),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(n) => self.nps = (n > 0).then_some(n),
                Err(_) => self.error("bad nps", line),
            },
            "time" => match arg.parse::<u64>() {
                Ok(cs) => self.clock = Duration::from_millis(cs * 10),
                Err(_) => self.error("bad time", line),
            },
            "otim" => {}
            "?" => {
                if matches!(self.task, Some((_, Task::Move))) {
                    self.worker.move_now();
                }
            }
            "ping" if matches!(self.task, Some((_, Task::Move))) => self.pongs.push(arg.into()),
            "ping" => self.out.line(&format!("pong {arg}")),
            "setboard" => self.setboard(arg),
            "usermove" => self.user_move(arg, true),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "result" => {
                self.cancel();
                self.force = true;
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if matches!(self.task, Some((_, Task::Ponder { .. }))) {
                    self.cancel();
                }
            }
            "analyze" => {
                self.cancel();
                self.analyzing = true;
                self.analyze();
            }
            "exit" => {
                self.cancel();
                self.analyzing = false;
            }
            "." => self.analysis_status(),
            "hint" => {}
            "exclude" | "include" => self.exclude(command == "exclude", arg),
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb > 0 => {
                    self.cancel();
                    if let Some(note) = resize_hash(&mut self.worker.searcher(), mb) {
                        self.out.line(&format!("telluser Kraken: {note}"));
                    }
                }
                _ => self.error("bad memory", line),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n > 0 => {
                    self.cancel();
                    if let Some(note) = set_threads(&mut self.worker.searcher(), n) {
                        self.out.line(&format!("telluser Kraken: {note}"));
                    }
                }
                _ => self.error("bad cores", line),
            },
            "option" => self.option(arg),
            "lift" => self.lift(arg),
            "put" => self.put(arg),
            "quit" => return false,
            _ if looks_like_move(command) && arg.is_empty() => self.user_move(command, false),
            _ => self.error("unknown command", line),
        }
        true
    }

    fn error(&self, kind: &str, line: &str) {
        self.out.line(&format!("Error ({kind}): {line}"));
    }

    fn features(&self) {
        let variants = variant_list(&self.game);
        self.out.line("feature done=0");
        self.out.line(&format!(
            "feature myname=\"{ENGINE_NAME}\" setboard=1 usermove=1 ping=1 memory=1 smp=1 \
             highlight=1 exclude=1 debug=1 playother=1 colors=0 sigint=0 sigterm=0 time=1 \
             draw=1 reuse=1 analyze=1 san=0 nps=1"
        ));
        self.out
            .line(&format!("feature variants=\"{}\"", variants.join(",")));
        self.out.line(&format!(
            "feature option=\"VariantPath -file \" option=\"MultiPV -spin 1 1 {MAX_MULTIPV}\""
        ));
        for problem in &self.problems {
            self.out.line(&format!("# {problem}"));
        }
        self.out.line("feature done=1");
    }

    /// Stops whatever search runs; its result is dropped.
    fn cancel(&mut self) {
        self.worker.stop();
        self.task = None;
        self.answer_pings();
    }

    /// Answers the `ping`s held back while the engine thought.
    fn answer_pings(&mut self) {
        for n in std::mem::take(&mut self.pongs) {
            self.out.line(&format!("pong {n}"));
        }
    }

    fn new_game(&mut self) {
        self.cancel();
        self.overhead.forget_move();
        if let Err(e) = self.game.set_variant("chess") {
            log::error!("{e}");
        }
        self.force = false;
        self.engine_side = Color::Black;
        self.depth = None;
        self.excluded.clear();
        self.fresh = true;
        self.analyzing = false;
        self.worker.searcher().clear();
    }

    /// `variant NAME`, possibly with XBoard's `WxH+S_` prefix: switch and describe it.
    fn variant(&mut self, arg: &str) {
        self.cancel();
        let name = strip_size_prefix(arg);
        if let Err(e) = self.game.set_variant(name) {
            self.out
                .line(&format!("Error (unknown variant): {arg}: {e}"));
            return;
        }
        self.fresh = true;
        if self.game.variant == "chess" && !self.game.rules.chess960 {
            return;
        }
        let user_defined = self.game.is_user_defined();
        let setup = xboard_setup(name, &self.game.rules, user_defined);
        for line in &setup.lines {
            self.out.line(line);
        }
        if !setup.left_to_parent.is_empty() {
            self.out.line(&format!(
                "# moves of {} left to XBoard's own rules",
                setup.left_to_parent.join(", ")
            ));
        }
        if !setup.misread.is_empty() && self.told.insert(self.game.variant.clone()) {
            self.out.line(&format!(
                "telluser Kraken: XBoard 4.9.1 cannot follow {} in {}; switch off legality \
                 testing for this variant",
                setup.misread.join("; "),
                self.game.variant
            ));
        }
    }

    fn level(&mut self, arg: &str) {
        let parts: Vec<&str> = arg.split_whitespace().collect();
        let parsed = (|| {
            let moves = parts.first()?.parse::<u32>().ok()?;
            let _base = parse_minutes(parts.get(1)?)?;
            let increment = parts.get(2)?.parse::<f64>().ok().filter(|i| *i >= 0.0)?;
            Some((moves, increment))
        })();
        match parsed {
            Some((moves, increment)) => {
                self.overhead.forget_move();
                self.time_control = TimeControl {
                    moves,
                    increment: Duration::from_secs_f64(increment.min(1e6)),
                    per_move: None,
                };
            }
            None => self.error("bad level", &format!("level {arg}")),
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.cancel();
        self.overhead.forget_move();
        self.fresh = false;
        match self.game.set_fen(fen) {
            Ok(()) => {
                if self.analyzing {
                    self.analyze();
                }
            }
            Err(e) => self
                .out
                .line(&format!("tellusererror Illegal position: {e}")),
        }
    }

    /// A move of the opponent (or of either side in force mode).
    fn user_move(&mut self, text: &str, announced: bool) {
        let ponder_expected = match self.task {
            Some((_, Task::Ponder { expected })) => Some(expected),
            _ => None,
        };
        let format = self.format();
        let parsed = self.game.pos.parse_move(text, format).or_else(|e| {
            // XBoard sends a castling entered as two legs king first: `e1g1,h1f1`.
            match text.split_once(',') {
                Some((king, _)) => self
                    .game
                    .pos
                    .parse_move(king, format)
                    .ok()
                    .filter(|mv| mv.kind == movegen::MoveKind::Castle)
                    .ok_or(e),
                None => Err(e),
            }
        });
        let mv = match parsed {
            Ok(mv) => mv,
            Err(e) => {
                if self.fresh && !announced {
                    // cutechess's bare `b2b3` before a setboard with black to move.
                    log::debug!("ignored bare move {text} before the position");
                } else {
                    self.out
                        .line(&format!("Illegal move ({}): {text}", e.reason));
                }
                return;
            }
        };
        self.fresh = false;
        if ponder_expected == Some(mv) {
            // Ponder hit: the search goes on as a normal one.
            self.game.pos.make(mv);
            if let Some((id, _)) = self.task {
                self.task = Some((id, Task::Move));
                self.worker.ponder_hit();
            }
            return;
        }
        self.cancel();
        self.game.pos.make(mv);
        if self.analyzing {
            self.analyze();
        } else if !self.force && self.game.pos.side_to_move() == self.engine_side {
            self.think();
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.cancel();
        self.overhead.forget_move();
        for _ in 0..plies {
            if !self.game.undo() {
                break;
            }
        }
        if self.analyzing {
            self.analyze();
        }
    }

    /// Starts thinking on the engine's move, or claims the result when the game is over.
    fn think(&mut self) {
        self.cancel();
        if self.claim_result() {
            return;
        }
        let mut limits = self.move_limits();
        match &mut limits.clock {
            Some(clock) => {
                self.overhead.start(clock);
                clock.overhead = self.overhead.estimate();
            }
            None => self.overhead.forget_move(),
        }
        let id = self
            .worker
            .start(self.game.pos.clone(), limits, false, self.reporter());
        self.task = Some((id, Task::Move));
    }

    /// The limits for the engine's own move.
    fn move_limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            multipv: self.multipv,
            ..Limits::default()
        };
        let tc = self.time_control;
        let budget = match tc.per_move {
            Some(per_move) => {
                limits.movetime = Some(per_move);
                per_move
            }
            None => {
                let moves_to_go = (tc.moves > 0).then(|| {
                    let done = u32::from(self.game.pos.fullmove_number().saturating_sub(1));
                    tc.moves - done % tc.moves
                });
                limits.clock = Some(Clock {
                    remaining: self.clock,
                    increment: tc.increment,
                    moves_to_go,
                    overhead: self.overhead.estimate(),
                });
                self.clock / moves_to_go.unwrap_or(30).max(1) + tc.increment
            }
        };
        if let Some(nps) = self.nps {
            limits.nodes = Some((nps as f64 * budget.as_secs_f64()).max(1.0) as u64);
            limits.clock = None;
            limits.movetime = None;
        }
        limits
    }

    fn analyze(&mut self) {
        self.cancel();
        let limits = Limits {
            infinite: true,
            excluded: self.excluded.clone(),
            multipv: self.multipv,
            ..Limits::default()
        };
        let id = self
            .worker
            .start(self.game.pos.clone(), limits, false, self.reporter());
        self.task = Some((id, Task::Analyze));
    }

    /// Ponders on the opponent's expected reply after the engine's move.
    fn start_pondering(&mut self, expected: Option<Move>) {
        let Some(expected) = expected.filter(|_| self.ponder && !self.force) else {
            return;
        };
        let mut pos = self.game.pos.clone();
        if !pos.legal_moves().contains(&expected) {
            return;
        }
        pos.make(expected);
        if pos.game_over().is_some() {
            return;
        }
        let limits = self.move_limits();
        let id = self.worker.start(pos, limits, true, self.reporter());
        self.task = Some((id, Task::Ponder { expected }));
    }

    /// The thinking-output callback for a search of the current position.
    fn reporter(&self) -> Box<dyn FnMut(&Info) + Send> {
        let out = self.out.clone();
        let post = self.post || self.analyzing;
        let root = self.game.pos.clone();
        let format = self.format();
        let last_info = self.last_info.clone();
        Box::new(move |info: &Info| {
            if let Ok(mut last) = last_info.lock() {
                *last = Some(info.clone());
            }
            if !post {
                return;
            }
            out.line(&xboard_line(info, &pv_text(&root, &info.pv, format)));
        })
    }

    /// A search finished: play its move if it was thinking on its move.
    fn search_done(&mut self, id: u64, result: SearchResult) {
        let Some((running, task)) = self.task else {
            return;
        };
        if running != id {
            return;
        }
        self.task = None;
        match task {
            Task::Move => {
                self.overhead.finish(result.elapsed);
                let Some(best) = result.best else {
                    self.claim_result();
                    self.answer_pings();
                    return;
                };
                let text = self.game.pos.move_text(&best, self.format());
                self.game.pos.make(best);
                let drawn = |o: &GameOver| offered(o) && o.outcome == Outcome::Draw;
                if self.claims && self.game.pos.game_over().is_some_and(|o| drawn(&o)) {
                    // XBoard takes an offer made before the move as a claim when its own
                    // count agrees, and as a mere offer when it does not (a move rule that
                    // material counting decides is neither offered nor claimed).
                    self.out.line("offer draw");
                }
                self.out.line(&format!("move {text}"));
                let over = self.claim_result();
                self.answer_pings();
                if !over {
                    self.start_pondering(result.ponder);
                }
            }
            // A ponder search that ended by itself (mate found) waits for the reply.
            Task::Ponder { .. } | Task::Analyze => {}
        }
    }

    /// Sends the result when the game is over in the current position; true if it was
    /// (never under cutechess, which ends its games by its own rules, and never for the
    /// draws Kraken only offers: see [`offered`]).
    fn claim_result(&mut self) -> bool {
        if !self.claims {
            return false;
        }
        let Some(over) = self.game.pos.game_over().filter(|over| !offered(over)) else {
            return false;
        };
        let mover = self.game.pos.side_to_move();
        let winner = match over.outcome {
            Outcome::Draw => None,
            Outcome::Win => Some(mover),
            Outcome::Loss => Some(mover.opponent()),
        };
        let reason = over.reason.text();
        let line = match winner {
            None => format!("1/2-1/2 {{Draw by {reason}}}"),
            Some(Color::White) => format!("1-0 {{White wins by {reason}}}"),
            Some(Color::Black) => format!("0-1 {{Black wins by {reason}}}"),
        };
        self.out.line(&line);
        self.force = true;
        true
    }

    fn analysis_status(&self) {
        let last = self.last_info.lock().ok().and_then(|last| last.clone());
        if let (Some((_, Task::Analyze)), Some(info)) = (self.task, last) {
            self.out.line(&format!(
                "stat01: {} {} {} 0 0",
                info.elapsed.as_millis() / 10,
                info.nodes,
                info.depth
            ));
        }
    }

    fn exclude(&mut self, exclude: bool, arg: &str) {
        if arg == "all" {
            self.excluded = if exclude {
                self.game.pos.legal_moves().into_iter().collect()
            } else {
                Vec::new()
            };
        } else {
            match self.game.pos.parse_move(arg, self.format()) {
                Ok(mv) if exclude => {
                    if !self.excluded.contains(&mv) {
                        self.excluded.push(mv);
                    }
                }
                Ok(mv) => self.excluded.retain(|m| *m != mv),
                Err(e) => {
                    self.out
                        .line(&format!("Illegal move ({}): {arg}", e.reason));
                    return;
                }
            }
        }
        if self.analyzing {
            self.analyze();
        }
    }

    fn option(&mut self, arg: &str) {
        let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
        match name.trim() {
            "VariantPath" => {
                let path = value.trim();
                match self.game.catalog.add_file(std::path::Path::new(path)) {
                    Ok(names) => self
                        .out
                        .line(&format!("# loaded variants {}", names.join(", "))),
                    Err(errors) => {
                        for e in errors {
                            self.out.line(&format!("tellusererror {e}"));
                        }
                    }
                }
            }
            "MultiPV" => match value.trim().parse::<usize>() {
                Ok(n) if n >= 1 => self.multipv = n.min(MAX_MULTIPV),
                _ => self.error("bad MultiPV value", value.trim()),
            },
            other => self.error("unknown option", other),
        }
    }

    /// `lift SQ`: highlight where the lifted piece may go.
    fn lift(&mut self, arg: &str) {
        let Some(from) = self.square(arg) else {
            return self.error("bad square", arg);
        };
        self.lifted = Some(from);
        let g = self.game.rules.geometry.clone();
        let mut marks = vec![None; g.num_squares()];
        for mv in self.game.pos.legal_moves() {
            if mv.from == from && mv.kind != movegen::MoveKind::Drop {
                let capture = self.game.pos.piece_at(mv.to).is_some() || mv.has_victims();
                marks[mv.to.index()] = Some(if capture { 'R' } else { 'Y' });
            }
        }
        self.out
            .line(&format!("highlight {}", marks_fen(&g, &marks)));
    }

    /// `put SQ`: offer the promotion choices of the move from the lifted square.
    fn put(&mut self, arg: &str) {
        let (Some(from), Some(to)) = (self.lifted.take(), self.square(arg.trim_end_matches(',')))
        else {
            return;
        };
        let choices: Vec<String> = self
            .game
            .pos
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.from == from && mv.to == to)
            .filter_map(|mv| mv.promotion())
            .map(|id| self.game.rules.pieces[id as usize].symbol.clone())
            .collect();
        if choices.len() > 1 {
            let letters: String = choices
                .iter()
                .map(|s| match self.game.pos.side_to_move() {
                    Color::White => s.clone(),
                    Color::Black => s.to_lowercase(),
                })
                .collect();
            self.out.line(&format!("choice {letters}"));
        }
    }

    fn square(&self, text: &str) -> Option<Square> {
        let g = &self.game.rules.geometry;
        let text = text.trim();
        let file = text.chars().next()?;
        let rank: i32 = text.get(1..)?.parse().ok()?;
        let base = if g.height() == 10 { 0 } else { 1 };
        g.square(i32::from(file as u8) - i32::from(b'a'), rank - base)
    }
}

/// Whether the end of the game `over` is left to XBoard, offered as a draw when it is one,
/// rather than claimed: XBoard keeps its own count of the move rule (in xiangqi it leaves
/// out checks and resets on a soldier's move) and of repetitions (a piece's pass, a move to
/// an occupied square, is irreversible to it), accepts no counting-rule draw in makruk, and
/// forfeits a claim it does not see as due.
fn offered(over: &GameOver) -> bool {
    match over.reason {
        EndReason::MoveRule | EndReason::Counting => true,
        EndReason::Repetition => over.outcome == Outcome::Draw,
        _ => false,
    }
}

/// The board as a FEN-like string of marks for `highlight`: a letter per marked square,
/// digits for runs of unmarked ones.
fn marks_fen(g: &notation::Geometry, marks: &[Option<char>]) -> String {
    let mut ranks = Vec::new();
    for rank in (0..g.height() as i32).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..g.width() as i32 {
            let mark = g.square(file, rank).and_then(|sq| marks[sq.index()]);
            match mark {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// Reads `level`'s base time: minutes (`5`) or `minutes:seconds` (`0:30`).
fn parse_minutes(text: &str) -> Option<Duration> {
    let seconds = match text.split_once(':') {
        Some((m, s)) => m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()? * 60.0,
    };
    (seconds >= 0.0).then(|| Duration::from_secs_f64(seconds.min(1e9)))
}

/// `8x8+0_fairy` -> `fairy`; other names unchanged.
fn strip_size_prefix(name: &str) -> &str {
    match name.split_once('_') {
        Some((size, rest))
            if size.contains('x') && size.chars().next().is_some_and(|c| c.is_ascii_digit()) =>
        {
            rest
        }
        _ => name,
    }
}

/// Whether a bare word is a move rather than an unknown command: coordinates, a drop,
/// castling or a null move.
fn looks_like_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    let coordinates =
        bytes.len() >= 4 && bytes[0].is_ascii_lowercase() && bytes[1].is_ascii_digit();
    let drop = bytes.len() >= 4 && bytes[1] == b'@';
    let shogi_drop = bytes.len() >= 4 && bytes[1] == b'*';
    coordinates
        || drop
        || shogi_drop
        || word.starts_with("O-O")
        || word.starts_with("0-0")
        || word == "@@@@"
}

/// The names for `feature variants`: XBoard's `normal` first, then every catalog name and
/// alias (both spellings where XBoard and cutechess differ).
fn variant_list(game: &Game) -> Vec<String> {
    let mut names = vec!["normal".to_string()];
    for name in game.catalog.names() {
        if name != "chess" && !names.contains(&name) {
            names.push(name);
        }
    }
    for alias in variants::ALIASES.iter().map(|(alias, _)| alias.to_string()) {
        if !names.contains(&alias) && alias != "chess960" && alias != "fischerrandom" {
            names.push(alias);
        }
    }
    names
}
