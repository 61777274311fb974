//! `kraken datagen`: plays fast self-play games and writes their quiet positions with their
//! scores and the game's result: as text lines for `kraken tune`, or as compact data files
//! written a chunk at a time (`--out`), the data `kraken label` and `kraken train` read.

use std::{
    collections::BTreeMap,
    io::Write,
    path::Path,
    sync::{
        atomic::{AtomicUsize, Ordering},
        Arc, Mutex,
    },
};

use engine::{
    data::{read_data_file, write_data_file, ChunkDir, DataHeader, Game, GameResult},
    search::{Control, Limits, Score, Searcher},
};
use movegen::{Move, MoveKind, MoveList, Outcome, Position, Rules};
use notation::Color;

use super::{
    openings::{random_line, SplitMix},
    progress::Progress,
};
use crate::cli::{catalog_rules, number_in, Arg, Args, UsageError};

/// The text of `kraken datagen --help`.
pub const HELP: &str = "\
kraken datagen: play fast self-play games and write quiet positions with their scores

Usage: kraken datagen --variant NAME [--games N] [--nodes N] [--plies N] [--threads N]
                      [--seed N] [--out DIR [--chunk N]] [--variants-file FILE]

  --variant NAME        the variant (required)
  --games N             games to play (default 100)
  --nodes N             nodes searched per move (default 5000)
  --plies N             random plies from the start position that open each game (default 8)
  --threads N           games played at once, one search thread each (default 1)
  --seed N              seed of the random openings (default 1)
  --out DIR             write the games as data files into DIR, a chunk of games a file
                        (chunk-000000.kdata, ...); without it, text lines go to stdout
  --chunk N             games a chunk (default 1000)
  --variants-file FILE  load variants from FILE first

A position is kept when the side to move is not in check and the searched move (a drop or
a castling included) neither captures nor promotes, past the random plies, without a mate
score; its score is the search's, in centipawns from White's (the first player's) view. A
game ends by the variant's rules, as a win once the score stays beyond 15 pawns for 8 plies,
or as a draw after 400 plies. Game N's opening depends only on the seed and N, so the same
command plays the same games.

Text output: a line 'FEN | RESULT | SCORE' a position, RESULT being 1, 0.5 or 0 from White's
view, and a line per finished game on stderr.

Data files (--out): each game is its start and its moves with the scores, five bytes a
position (see kraken data --help). A chunk is written whole when its games are done: run the
same command again after an interruption and it plays only the chunks that are missing (the
folder must hold games of the same settings); raise --games to add chunks. A progress line
goes to stderr every few seconds.

Examples:
  kraken datagen --variant chess --games 2000 --threads 2 > chess.data
  kraken datagen --variant xiangqi --games 20000 --nodes 800 --plies 10 --threads 2 \\
      --seed 1 --out data/xiangqi/raw
";

/// Plies after which a game is a draw.
const MAX_PLIES: usize = 400;
/// A score beyond this for [`WIN_PLIES`] plies in a row wins.
const WIN_SCORE: i32 = 1500;
const WIN_PLIES: usize = 8;
/// Hash table of each game's search, in megabytes.
const HASH_MB: usize = 16;

/// What the command line asks for.
#[derive(Debug)]
struct Request {
    variant: Option<String>,
    games: usize,
    nodes: u64,
    plies: usize,
    threads: usize,
    seed: u64,
    out: Option<String>,
    chunk: usize,
    files: Vec<String>,
}

impl Request {
    /// The settings that decide which games are played (a data file's source).
    fn source(&self, variant: &str) -> String {
        format!(
            "kraken datagen --variant {variant} --nodes {} --plies {} --seed {} --chunk {}",
            self.nodes, self.plies, self.seed, self.chunk
        )
    }
}

/// Runs `kraken datagen` with the arguments after the command name, writing text lines to
/// `out` as each game ends (or data files, with `--out`).
pub fn run(items: &[String], out: &mut (dyn Write + Send)) -> Result<(), UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return out
            .write_all(HELP.as_bytes())
            .map_err(|e| UsageError::new(e.to_string()));
    }
    let request = read(items)?;
    let variant = request
        .variant
        .clone()
        .ok_or_else(|| UsageError::new("--variant is missing"))?;
    let rules = catalog_rules(&variant, &request.files)?;
    let start = Position::from_fen(rules.clone(), &rules.start_fen)
        .map_err(|e| UsageError::new(format!("the variant's start position: {e}")))?;
    match &request.out {
        Some(dir) => write_chunks(&request, &rules.name, &start, Path::new(dir)),
        None => write_lines(&request, &rules, &start, out),
    }
}

/// Plays the games, writing each one's positions to `out` as text lines when it ends.
fn write_lines(
    request: &Request,
    rules: &Arc<Rules>,
    start: &Position,
    out: &mut (dyn Write + Send),
) -> Result<(), UsageError> {
    let next_game = AtomicUsize::new(0);
    let out = Mutex::new(out);
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..request.threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB, 1);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= request.games {
                        break;
                    }
                    let Some(game) = play_game(&mut searcher, start, request, index) else {
                        continue;
                    };
                    let result = match game.result {
                        GameResult::Win => "1",
                        GameResult::Draw => "0.5",
                        GameResult::Loss => "0",
                    };
                    let mut text = String::new();
                    let replayed = game.replay(rules, |pos, score| {
                        text.push_str(&format!("{} | {result} | {score}\n", pos.fen()));
                    });
                    let mut out = out.lock().expect("no thread panicked");
                    let written = replayed.map_err(|e| e.to_string()).and_then(|()| {
                        out.write_all(text.as_bytes())
                            .and_then(|()| out.flush())
                            .map_err(|e| e.to_string())
                    });
                    if let Err(err) = written {
                        *failed.lock().expect("no thread panicked") = Some(err);
                        next_game.store(request.games, Ordering::Relaxed);
                        break;
                    }
                    eprintln!(
                        "game {} of {}: {result}, {} positions",
                        index + 1,
                        request.games,
                        game.scored()
                    );
                }
            });
        }
    });
    match failed.into_inner().expect("no thread panicked") {
        Some(err) => Err(UsageError::new(format!(
            "cannot write the positions: {err}"
        ))),
        None => Ok(()),
    }
}

/// Plays the games of the chunks `dir` lacks, writing each chunk when its games are done.
fn write_chunks(
    request: &Request,
    variant: &str,
    start: &Position,
    dir: &Path,
) -> Result<(), UsageError> {
    let fail = |e: std::io::Error| UsageError::new(format!("{}: {e}", dir.display()));
    let chunks = ChunkDir::create(dir).map_err(fail)?;
    let header = DataHeader {
        variant: variant.to_string(),
        source: request.source(variant),
    };
    let written = chunks.written().map_err(fail)?;
    if let Some(&first) = written.iter().next() {
        let (theirs, _) = read_data_file(&chunks.chunk_path(first))
            .map_err(|e| UsageError::new(e.to_string()))?;
        if theirs != header {
            return Err(UsageError::new(format!(
                "{} holds games of other settings ('{}' in {}): give the same settings to \
                 go on with that run, or another folder",
                dir.display(),
                theirs.source,
                theirs.variant
            )));
        }
    }
    let chunk_count = request.games.div_ceil(request.chunk);
    let todo: Vec<usize> = (0..chunk_count)
        .filter(|c| !written.contains(c))
        .flat_map(|c| c * request.chunk..((c + 1) * request.chunk).min(request.games))
        .collect();
    if todo.is_empty() {
        eprintln!("datagen: all {chunk_count} chunks are in {}", dir.display());
        return Ok(());
    }
    let progress = Progress::new("datagen", "games", todo.len() as u64);
    let next = AtomicUsize::new(0);
    // The games of each chunk being played, by chunk: a slot a game.
    let open: Mutex<BTreeMap<usize, Vec<Option<Option<Game>>>>> = Mutex::new(BTreeMap::new());
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..request.threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB, 1);
                while let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let game = play_game(&mut searcher, start, request, index);
                    let positions = game.as_ref().map_or(0, Game::scored);
                    let chunk = index / request.chunk;
                    let first = chunk * request.chunk;
                    let size = ((chunk + 1) * request.chunk).min(request.games) - first;
                    let done = {
                        let mut open = open.lock().expect("no thread panicked");
                        let slots = open.entry(chunk).or_insert_with(|| vec![None; size]);
                        slots[index - first] = Some(game);
                        if slots.iter().all(Option::is_some) {
                            open.remove(&chunk)
                        } else {
                            None
                        }
                    };
                    progress.add(1, positions as u64);
                    if let Some(slots) = done {
                        let games: Vec<Game> = slots.into_iter().flatten().flatten().collect();
                        let path = chunks.chunk_path(chunk);
                        if let Err(e) = write_data_file(&path, &header, &games) {
                            *failed.lock().expect("no thread panicked") =
                                Some(format!("{}: {e}", path.display()));
                            next.store(todo.len(), Ordering::Relaxed);
                            break;
                        }
                        progress.note(&format!("wrote {}", path.display()));
                    }
                }
            });
        }
    });
    progress.finish();
    match failed.into_inner().expect("no thread panicked") {
        Some(err) => Err(UsageError::new(format!("cannot write the games: {err}"))),
        None => Ok(()),
    }
}

/// Plays game `index` of the run: a random opening decided by the seed and the index, then
/// the search's moves. `None` when no opening could be found.
fn play_game(
    searcher: &mut Searcher,
    start: &Position,
    request: &Request,
    index: usize,
) -> Option<Game> {
    let mut rng = SplitMix(request.seed.wrapping_add(index as u64 * 7919));
    let opening = (0..100).find_map(|_| random_line(start, request.plies, &mut rng))?;
    Some(play(searcher, opening, request.nodes))
}

/// Plays one game from `pos`: every move is recorded, with the search's score (centipawns,
/// from White's view) where the position is quiet.
fn play(searcher: &mut Searcher, mut pos: Position, nodes: u64) -> Game {
    searcher.clear();
    let control = Control::default();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut game = Game::new(pos.fen());
    let mut winning = (Color::White, 0usize);
    let mut legal = MoveList::new();
    for _ in 0..MAX_PLIES {
        if let Some(over) = pos.game_over() {
            let mover_wins = match over.outcome {
                Outcome::Win => Some(true),
                Outcome::Loss => Some(false),
                Outcome::Draw => None,
            };
            game.result = result(mover_wins, pos.side_to_move());
            return game;
        }
        let found = searcher.search(&pos, &limits, &control, &mut |_| {});
        let Some(best) = found.best else {
            break;
        };
        let us = pos.side_to_move();
        let mut score = None;
        if let Score::Cp(cp) = found.score {
            if is_quiet(&pos, &best) {
                score = Some(if us == Color::White { cp } else { -cp });
            }
            let leader = if cp > 0 { us } else { us.opponent() };
            winning = match (cp.abs() >= WIN_SCORE, winning) {
                (true, (side, n)) if side == leader => (leader, n + 1),
                (true, _) => (leader, 1),
                (false, _) => (leader, 0),
            };
        }
        legal.clear();
        pos.generate_legal(&mut legal);
        if !game.push(&pos, &legal, &best, score) {
            break;
        }
        if winning.1 >= WIN_PLIES {
            game.result = result(Some(true), winning.0);
            return game;
        }
        pos.make(best);
    }
    game
}

/// Whether `pos`, whose searched move is `best`, is quiet enough to learn from: the side to
/// move is not in check and `best` neither captures nor promotes. Drops, castlings and passes
/// are quiet moves (a drop is often the best move in a drop game).
fn is_quiet(pos: &Position, best: &Move) -> bool {
    let takes = match best.kind {
        MoveKind::Normal => pos.piece_at(best.to).is_some(),
        MoveKind::Drop | MoveKind::Castle | MoveKind::Pass => false,
    };
    !takes && !best.has_victims() && best.promotion().is_none() && !pos.in_check()
}

/// The result from White's view when `side` wins (`Some(true)`), loses or draws (`None`).
fn result(side_wins: Option<bool>, side: Color) -> GameResult {
    match (side_wins, side) {
        (None, _) => GameResult::Draw,
        (Some(true), Color::White) | (Some(false), Color::Black) => GameResult::Win,
        _ => GameResult::Loss,
    }
}

/// Reads the command line.
fn read(items: &[String]) -> Result<Request, UsageError> {
    let mut args = Args::new(items);
    let mut request = Request {
        variant: None,
        games: 100,
        nodes: 5000,
        plies: 8,
        threads: 1,
        seed: 1,
        out: None,
        chunk: 1000,
        files: Vec::new(),
    };
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => {
                let value = |args: &mut Args, what| args.value(&name, inline.clone(), what);
                match name.as_str() {
                    "--variant" => request.variant = Some(value(&mut args, "a variant")?),
                    "--variants-file" => request.files.push(value(&mut args, "a file")?),
                    "--out" => request.out = Some(value(&mut args, "a folder")?),
                    "--games" => {
                        request.games =
                            number_in(&name, &value(&mut args, "a count")?, 1, 100_000_000)?
                    }
                    "--chunk" => {
                        request.chunk =
                            number_in(&name, &value(&mut args, "a count")?, 1, 1_000_000)?
                    }
                    "--nodes" => {
                        request.nodes =
                            number_in(&name, &value(&mut args, "nodes")?, 1, 1_000_000_000)?
                    }
                    "--plies" => {
                        request.plies = number_in(&name, &value(&mut args, "plies")?, 0, 200)?
                    }
                    "--threads" => {
                        request.threads = number_in(&name, &value(&mut args, "threads")?, 1, 256)?
                    }
                    "--seed" => {
                        request.seed = number_in(&name, &value(&mut args, "a seed")?, 0, u64::MAX)?
                    }
                    other => return Err(UsageError::new(format!("unknown option '{other}'"))),
                }
            }
            Arg::Positional(text) => {
                return Err(UsageError::new(format!("unexpected argument '{text}'")))
            }
        }
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use variants::Catalog;

    use super::*;

    fn run_args(args: &[&str]) -> Result<String, UsageError> {
        let mut out = Vec::new();
        run(
            &args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            &mut out,
        )?;
        Ok(String::from_utf8(out).expect("UTF-8"))
    }

    #[test]
    fn games_give_quiet_positions_with_results() {
        let out =
            run_args(&["--variant", "makruk", "--games", "2", "--nodes", "300"]).expect("data");
        let rules = Catalog::builtin().rules("makruk").expect("makruk");
        let mut lines = 0;
        for line in out.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            let [fen, result, score] = fields[..] else {
                panic!("not 'FEN | RESULT | SCORE': {line}");
            };
            assert!(["1", "0", "0.5"].contains(&result), "{line}");
            assert!(
                score.parse::<i32>().is_ok_and(|cp| cp.abs() < 20_000),
                "{line}"
            );
            let pos = Position::from_fen(rules.clone(), fen).expect("a FEN");
            assert!(!pos.in_check(), "{line}");
            lines += 1;
        }
        assert!(lines > 10, "{lines} positions");
    }

    #[test]
    fn drops_and_castlings_are_quiet_captures_and_promotions_are_not() {
        let catalog = Catalog::builtin();
        let mut quiet_kinds = Vec::new();
        for (variant, fen) in [
            (
                "crazyhouse",
                "r3k2r/pppq1ppp/2n5/3pp3/4n3/2N2N2/PPPP1PPP/R3K2R[Bb] w KQkq - 0 8",
            ),
            ("chess", "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1"),
        ] {
            let rules = catalog.rules(variant).expect("built in");
            let mut pos = Position::from_fen(rules, fen).expect("a FEN");
            for mv in pos.legal_moves() {
                let quiet = is_quiet(&pos, &mv);
                let loud = pos.is_capture(&mv) || mv.promotion().is_some();
                assert_eq!(quiet, !loud, "{variant}: {mv:?}");
                if quiet {
                    quiet_kinds.push(mv.kind);
                }
            }
        }
        for kind in [MoveKind::Normal, MoveKind::Drop, MoveKind::Castle] {
            assert!(quiet_kinds.contains(&kind), "no quiet {kind:?}");
        }
    }

    #[test]
    fn chunks_are_written_whole_and_a_second_run_plays_only_the_missing_ones() {
        let dir = std::env::temp_dir().join(format!("kraken-datagen-{}", std::process::id()));
        let dir_text = dir.display().to_string();
        let args = [
            "--variant",
            "crazyhouse",
            "--games",
            "3",
            "--chunk",
            "2",
            "--nodes",
            "200",
            "--plies",
            "4",
            "--threads",
            "2",
            "--out",
            &dir_text,
        ];
        run_args(&args).expect("played");
        let chunks = ChunkDir::create(&dir).expect("folder");
        assert_eq!(chunks.written().expect("listed").len(), 2);
        let first = std::fs::read(chunks.chunk_path(0)).expect("chunk 0");
        let second = std::fs::read(chunks.chunk_path(1)).expect("chunk 1");
        let (header, games) = read_data_file(&chunks.chunk_path(0)).expect("read");
        assert_eq!(header.variant, "crazyhouse");
        assert_eq!(games.len(), 2);
        let rules = Catalog::builtin().rules("crazyhouse").expect("crazyhouse");
        let mut positions = 0;
        for game in &games {
            game.replay(&rules, |pos, score| {
                assert!(!pos.in_check());
                assert!(i32::from(score).abs() < 20_000);
                positions += 1;
            })
            .expect("replays");
        }
        assert!(positions > 10, "{positions} positions");
        // The second chunk lost: the same command plays it again, and only it, the same.
        std::fs::remove_file(chunks.chunk_path(1)).expect("removed");
        let touched = std::fs::metadata(chunks.chunk_path(0)).and_then(|m| m.modified());
        run_args(&args).expect("played again");
        assert_eq!(
            std::fs::read(chunks.chunk_path(1)).expect("chunk 1"),
            second
        );
        assert_eq!(std::fs::read(chunks.chunk_path(0)).expect("chunk 0"), first);
        assert_eq!(
            std::fs::metadata(chunks.chunk_path(0))
                .and_then(|m| m.modified())
                .ok(),
            touched.ok()
        );
        // Other settings in the same folder are refused.
        let mut other = args.to_vec();
        other[7] = "300";
        let err = run_args(&other).expect_err("other settings");
        assert!(err.to_string().contains("other settings"), "{err}");
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(run_args(&[]).is_err());
        assert!(run_args(&["--variant", "chess", "--games", "0"]).is_err());
        assert!(run_args(&["--variant", "chess", "--threads", "100000"]).is_err());
        assert!(run_args(&["--variant", "nosuch"]).is_err());
    }
}
