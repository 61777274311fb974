//! `kraken bench`: searches a fixed set of positions to a fixed depth and prints the node
//! count (the bench signature: the same binary always gives the same count) and the speed.

use std::time::{Duration, Instant};

use engine::search::{Control, Limits, Score, Searcher};
use movegen::{MoveFormat, Position};
use variants::Catalog;

use crate::cli::{Arg, Args, UsageError};

/// The text of `kraken bench --help`.
pub const HELP: &str = "\
kraken bench: search a fixed set of positions from several variants to a fixed depth

Usage: kraken bench [--depth N]

  --depth N   the depth of every search (default 13)

Each search uses one thread and a 16 MB hash table, emptied before every position. The node
count depends only on the binary, so it is the bench signature of a commit; the last two
lines are 'Nodes searched: N' and 'Nodes/second: N'.
";

/// Depth searched when `--depth` is not given.
const DEFAULT_DEPTH: u32 = 13;
/// Hash table size of the bench, in megabytes.
const HASH_MB: usize = 16;

/// (variant, FEN or `startpos`) of every bench position.
const POSITIONS: &[(&str, &str)] = &[
    ("chess", "startpos"),
    (
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9",
    ),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("chess", "8/8/1p2k1p1/3p4/1P1P1PK1/8/8/8 w - - 0 1"),
    ("capablanca", "startpos"),
    (
        "capablanca",
        "r1abqkb1nr/ppp1pcpppp/2n7/3p1p4/3P1P4/2N7/PPP1PCPPPP/R1ABQKBN1R w KQkq - 2 5",
    ),
    ("shatranj", "startpos"),
    ("makruk", "startpos"),
    ("shogi", "startpos"),
    ("xiangqi", "startpos"),
    (
        "crazyhouse",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4",
    ),
    ("opulent", "startpos"),
    ("hoppelpoppel", "startpos"),
];

/// Runs `kraken bench` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let depth = read_depth(items)?;
    let catalog = Catalog::builtin();
    let mut searcher = Searcher::new(HASH_MB, 1);
    let control = Control::default();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut out = String::new();
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for (i, &(variant, fen)) in POSITIONS.iter().enumerate() {
        let rules = catalog
            .rules(variant)
            .map_err(|_| UsageError::new(format!("bench variant {variant} is missing")))?;
        let fen = if fen == "startpos" {
            rules.start_fen.as_str()
        } else {
            fen
        };
        let pos = Position::from_fen(rules.clone(), fen)
            .map_err(|e| UsageError::new(format!("bench position {fen}: {e}")))?;
        searcher.clear();
        let start = Instant::now();
        let result = searcher.search(&pos, &limits, &control, &mut |_| {});
        let elapsed = start.elapsed();
        total_nodes += result.nodes;
        total_time += elapsed;
        let best = result.best.map_or_else(
            || "(none)".to_string(),
            |mv| pos.move_text(&mv, MoveFormat::default()),
        );
        out.push_str(&format!(
            "{:>2} {:<12} {:<8} {:>7} {:>10} nodes {:>6} ms  {fen}\n",
            i + 1,
            variant,
            best,
            score_text(result.score),
            result.nodes,
            elapsed.as_millis()
        ));
    }
    let seconds = total_time.as_secs_f64();
    let nps = if seconds > 0.0 {
        (total_nodes as f64 / seconds) as u64
    } else {
        0
    };
    out.push_str(&format!("Nodes searched: {total_nodes}\n"));
    out.push_str(&format!("Nodes/second: {nps}\n"));
    Ok(out)
}

/// The depth asked for with `--depth`.
fn read_depth(items: &[String]) -> Result<u32, UsageError> {
    let mut args = Args::new(items);
    let mut depth = DEFAULT_DEPTH;
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } if name == "--depth" => {
                let text = args.value(&name, inline, "a depth")?;
                depth = text
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| {
                        UsageError::new(format!("--depth needs 1 to 64, found '{text}'"))
                    })?;
            }
            Arg::Option { name, .. } => {
                return Err(UsageError::new(format!("unknown option '{name}'")))
            }
            Arg::Positional(text) => {
                return Err(UsageError::new(format!("unexpected argument '{text}'")))
            }
        }
    }
    Ok(depth)
}

/// A score as `+0.35` or `#3` / `#-2`.
pub(crate) fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_args(args: &[&str]) -> Result<String, UsageError> {
        run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    fn nodes(out: &str) -> u64 {
        out.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .and_then(|n| n.parse().ok())
            .expect("a node count")
    }

    #[test]
    fn the_signature_is_deterministic() {
        let first = run_args(&["--depth", "2"]).expect("bench runs");
        let second = run_args(&["--depth=2"]).expect("bench runs");
        assert_eq!(first.lines().count(), POSITIONS.len() + 2);
        assert!(first
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("Nodes/second: ")));
        assert!(nodes(&first) > POSITIONS.len() as u64);
        assert_eq!(nodes(&first), nodes(&second));
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(run_args(&["--depth", "0"]).is_err());
        assert!(run_args(&["--depth"]).is_err());
        assert!(run_args(&["7"]).is_err());
        assert!(run_args(&["--fast"]).is_err());
    }
}
