//! `kraken datagen`: plays fast self-play games and writes their quiet positions with the
//! game's result, the data `kraken tune` fits the evaluation to.

use std::{
    io::Write,
    sync::{
        atomic::{AtomicUsize, Ordering},
        Mutex,
    },
};

use engine::search::{Control, Limits, Score, Searcher};
use movegen::{Move, MoveKind, Outcome, Position};
use notation::Color;
use variants::Catalog;

use super::openings::{random_line, SplitMix};
use crate::cli::{number_in, variant_errors, Arg, Args, UsageError};

/// The text of `kraken datagen --help`.
pub const HELP: &str = "\
kraken datagen: play fast self-play games and write quiet positions with the game's result

Usage: kraken datagen --variant NAME [--games N] [--nodes N] [--plies N] [--threads N]
                      [--seed N] [--variants-file FILE]

  --variant NAME        the variant (required)
  --games N             games to play (default 100)
  --nodes N             nodes searched per move (default 5000)
  --plies N             random plies from the start position that open each game (default 8)
  --threads N           games played at once, one search thread each (default 1)
  --seed N              seed of the random openings (default 1)
  --variants-file FILE  load variants from FILE first

Each line is 'FEN | RESULT | SCORE', RESULT being 1, 0.5 or 0 and SCORE the search's score
of the position in centipawns, both from White's (the first player's) view. A position is
written when the side to move is not in check and the searched move (a drop or a castling
included) neither captures nor promotes, past the random plies, without a mate score. A game ends by
the variant's rules, as a win once the score stays beyond 15 pawns for 8 plies, or as a draw
after 400 plies. Positions go to stdout, a line per finished game to stderr.

Example:
  kraken datagen --variant chess --games 2000 --threads 2 > chess.data
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
    files: Vec<String>,
}

/// Runs `kraken datagen` with the arguments after the command name, writing the positions to
/// `out` as each game ends.
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
    let mut catalog = Catalog::builtin();
    for file in &request.files {
        catalog
            .add_file(std::path::Path::new(file))
            .map_err(variant_errors)?;
    }
    let rules = catalog.rules(&variant).map_err(variant_errors)?;
    let start = Position::from_fen(rules.clone(), &rules.start_fen)
        .map_err(|e| UsageError::new(format!("the variant's start position: {e}")))?;
    let next_game = AtomicUsize::new(0);
    let out = Mutex::new(out);
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..request.threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB, 1);
                loop {
                    let game = next_game.fetch_add(1, Ordering::Relaxed);
                    if game >= request.games {
                        break;
                    }
                    let mut rng = SplitMix(request.seed.wrapping_add(game as u64 * 7919));
                    let Some(opening) =
                        (0..100).find_map(|_| random_line(&start, request.plies, &mut rng))
                    else {
                        continue;
                    };
                    let (lines, result) = play(&mut searcher, opening, request.nodes);
                    let count = lines.len();
                    let mut text = String::new();
                    for (fen, score) in lines {
                        text.push_str(&format!("{fen} | {result} | {score}\n"));
                    }
                    let mut out = out.lock().expect("no thread panicked");
                    if let Err(err) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                        *failed.lock().expect("no thread panicked") = Some(err.to_string());
                        next_game.store(request.games, Ordering::Relaxed);
                        break;
                    }
                    eprintln!(
                        "game {} of {}: {result}, {count} positions",
                        game + 1,
                        request.games
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

/// Plays one game from `pos`; returns the FENs of its quiet positions with the search's
/// scores of them (centipawns, from White's view) and the result from White's view.
fn play(
    searcher: &mut Searcher,
    mut pos: Position,
    nodes: u64,
) -> (Vec<(String, i32)>, &'static str) {
    searcher.clear();
    let control = Control::default();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut fens = Vec::new();
    let mut winning = (Color::White, 0usize);
    for _ in 0..MAX_PLIES {
        if let Some(over) = pos.game_over() {
            let mover_wins = match over.outcome {
                Outcome::Win => Some(true),
                Outcome::Loss => Some(false),
                Outcome::Draw => None,
            };
            return (fens, result(mover_wins, pos.side_to_move()));
        }
        let found = searcher.search(&pos, &limits, &control, &mut |_| {});
        let Some(best) = found.best else {
            break;
        };
        let us = pos.side_to_move();
        if let Score::Cp(cp) = found.score {
            if is_quiet(&pos, &best) {
                let white = if us == Color::White { cp } else { -cp };
                fens.push((pos.fen(), white));
            }
            let leader = if cp > 0 { us } else { us.opponent() };
            winning = match (cp.abs() >= WIN_SCORE, winning) {
                (true, (side, n)) if side == leader => (leader, n + 1),
                (true, _) => (leader, 1),
                (false, _) => (leader, 0),
            };
            if winning.1 >= WIN_PLIES {
                return (fens, result(Some(true), winning.0));
            }
        }
        pos.make(best);
    }
    (fens, "0.5")
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
fn result(side_wins: Option<bool>, side: Color) -> &'static str {
    match (side_wins, side) {
        (None, _) => "0.5",
        (Some(true), Color::White) | (Some(false), Color::Black) => "1",
        _ => "0",
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
        files: Vec::new(),
    };
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => {
                let value = |args: &mut Args, what| args.value(&name, inline.clone(), what);
                match name.as_str() {
                    "--variant" => request.variant = Some(value(&mut args, "a variant")?),
                    "--variants-file" => request.files.push(value(&mut args, "a file")?),
                    "--games" => {
                        request.games =
                            number_in(&name, &value(&mut args, "a count")?, 1, 10_000_000)?
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
    fn bad_input_is_refused() {
        assert!(run_args(&[]).is_err());
        assert!(run_args(&["--variant", "chess", "--games", "0"]).is_err());
        assert!(run_args(&["--variant", "chess", "--threads", "100000"]).is_err());
        assert!(run_args(&["--variant", "nosuch"]).is_err());
    }
}
