//! `kraken openings`: makes an opening suite for a variant, reproducibly: short random lines
//! from the start position, kept only when a shallow search calls the result balanced.

use std::collections::HashSet;

use engine::{
    epd::EpdRecord,
    search::{Control, Limits, Score, Searcher},
};
use movegen::{MoveList, Position};
use variants::Catalog;

use crate::cli::{number_in, variant_errors, Arg, Args, UsageError};

/// The text of `kraken openings --help`.
pub const HELP: &str = "\
kraken openings: make an opening suite (EPD, one position per line) for self-play and gauntlets

Usage: kraken openings --variant NAME [--count N] [--plies N] [--depth N] [--max-score CP]
                       [--seed N] [--variants-file FILE]

  --variant NAME        the variant (required)
  --count N             positions to make (default 100)
  --plies N             random plies played from the start position (default 8)
  --depth N             depth of the search that judges a position (default 6)
  --max-score CP        keep a position only when that search scores it within plus or minus
                        CP centipawns for the side to move (default 60)
  --seed N              seed of the random moves (default 1); the same seed, options and
                        binary give the same suite
  --variants-file FILE  load variants from FILE first

Each line is an EPD record: the first four fields of Kraken's (Fairy-Stockfish's) FEN, then
'hmvc N; fmvn N; c0 \"score CP depth N\";' with the judging search's score. cutechess-cli
reads the files as they are (-openings file=F format=epd) except in shogi, where
scripts/suites.py writes its FENs the way cutechess wants them. The moves are drawn uniformly
from the legal moves by a generator of Kraken's own (splitmix64), so the suite does not change
with a library's version.
In a Chess960-style variant (fischerandom, ...) each line starts from a shuffled start position:
the back rank arranged at random as in Fischer random chess (king between its rooks, bishops on
both colours), black's mirroring white's.
Positions where the game is over, or that were made already, are skipped. Gives up with what
it has after 50 tries per position asked for.

Example:
  kraken openings --variant shogi --count 200 --seed 7 > tests/data/openings/shogi.epd
";

/// Tries per position asked for before giving up.
const TRIES_PER_POSITION: usize = 50;
/// Hash table of the judging search, in megabytes.
const HASH_MB: usize = 16;

/// What the command line asks for.
#[derive(Debug)]
struct Request {
    variant: Option<String>,
    count: usize,
    plies: usize,
    depth: u32,
    max_score: i32,
    seed: u64,
    files: Vec<String>,
}

/// A small deterministic random generator (splitmix64).
#[derive(Debug)]
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Runs `kraken openings` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
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
    let mut rng = SplitMix(request.seed);
    let mut searcher = Searcher::new(HASH_MB, 1);
    let control = Control::default();
    let limits = Limits {
        depth: Some(request.depth),
        ..Limits::default()
    };
    let mut seen = HashSet::new();
    let mut out = String::new();
    let mut made = 0;
    for _ in 0..request.count.saturating_mul(TRIES_PER_POSITION) {
        if made == request.count {
            break;
        }
        let line_start = if rules.chess960 {
            variants::shuffled_start(&start, &mut |n| rng.below(n)).ok_or_else(|| {
                UsageError::new(format!(
                    "{variant}: the start position's back ranks cannot be shuffled"
                ))
            })?
        } else {
            start.clone()
        };
        let Some(pos) = random_line(&line_start, request.plies, &mut rng) else {
            continue;
        };
        let fen = pos.fen();
        if !seen.insert(fen.clone()) {
            continue;
        }
        searcher.clear();
        let result = searcher.search(&pos, &limits, &control, &mut |_| {});
        let Score::Cp(score) = result.score else {
            continue;
        };
        if score.abs() <= request.max_score {
            let mut record = EpdRecord::from_fen(&fen).map_err(|e| UsageError::new(e.0))?;
            record.push("c0", &format!("score {score} depth {}", request.depth));
            out.push_str(&format!("{record}\n"));
            made += 1;
        }
    }
    if made < request.count {
        log::warn!(
            "kraken openings: made {made} of {} positions (too few balanced ones)",
            request.count
        );
    }
    Ok(out)
}

/// The position after `plies` random legal moves from `start`, unless the game ends first.
pub(crate) fn random_line(start: &Position, plies: usize, rng: &mut SplitMix) -> Option<Position> {
    let mut pos = start.clone();
    let mut moves = MoveList::new();
    for _ in 0..plies {
        moves.clear();
        pos.generate_legal(&mut moves);
        if moves.is_empty() || pos.legal_moves_end(&moves).is_some() {
            return None;
        }
        let mv = moves[rng.below(moves.len())];
        pos.make(mv);
        if pos.rule_end(1).is_some() {
            return None;
        }
    }
    moves.clear();
    pos.generate_legal(&mut moves);
    (!moves.is_empty() && pos.legal_moves_end(&moves).is_none()).then_some(pos)
}

/// Reads the command line.
fn read(items: &[String]) -> Result<Request, UsageError> {
    let mut args = Args::new(items);
    let mut request = Request {
        variant: None,
        count: 100,
        plies: 8,
        depth: 6,
        max_score: 60,
        seed: 1,
        files: Vec::new(),
    };
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => match name.as_str() {
                "--variant" => request.variant = Some(args.value(&name, inline, "a variant")?),
                "--variants-file" => request.files.push(args.value(&name, inline, "a file")?),
                "--count" => {
                    request.count =
                        number_in(&name, &args.value(&name, inline, "a count")?, 1, 100_000)?
                }
                "--plies" => {
                    request.plies = number_in(&name, &args.value(&name, inline, "plies")?, 0, 200)?
                }
                "--depth" => {
                    request.depth = number_in(&name, &args.value(&name, inline, "a depth")?, 1, 30)?
                }
                "--max-score" => {
                    request.max_score =
                        number_in(&name, &args.value(&name, inline, "centipawns")?, 0, 10_000)?
                }
                "--seed" => {
                    let text = args.value(&name, inline, "a seed")?;
                    request.seed = text.parse().map_err(|_| {
                        UsageError::new(format!("--seed needs a whole number, found '{text}'"))
                    })?;
                }
                other => return Err(UsageError::new(format!("unknown option '{other}'"))),
            },
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
        run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_suite_is_reproducible_balanced_and_legal() {
        let args = [
            "--variant",
            "makruk",
            "--count",
            "5",
            "--depth",
            "2",
            "--seed",
            "3",
        ];
        let first = run_args(&args).expect("a suite");
        assert_eq!(first, run_args(&args).expect("a suite"));
        let rules = Catalog::builtin().rules("makruk").expect("makruk");
        let lines: Vec<&str> = first.lines().collect();
        assert_eq!(lines.len(), 5);
        for line in lines {
            let record = EpdRecord::parse(line).expect("an EPD line");
            Position::from_fen(rules.clone(), &record.fen()).expect("a legal FEN");
            let score: i32 = record
                .operation("c0")
                .and_then(|c| c.first())
                .and_then(|c| c.split(' ').nth(1))
                .and_then(|s| s.parse().ok())
                .expect("a score");
            assert!(score.abs() <= 60, "{line}");
        }
        let other = run_args(&["--variant", "makruk", "--count", "5", "--depth", "2"]);
        assert_ne!(
            first,
            other.expect("a suite"),
            "another seed, another suite"
        );
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(run_args(&[]).is_err());
        assert!(run_args(&["--variant", "nosuch"]).is_err());
        assert!(run_args(&["--variant", "chess", "--count", "0"]).is_err());
        assert!(run_args(&["--variant", "chess", "--depth", "x"]).is_err());
        assert!(run_args(&["--variant", "chess", "--seed", "-1"]).is_err());
        assert!(run_args(&["chess"]).is_err());
    }
}
