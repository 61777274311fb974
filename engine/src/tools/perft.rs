//! `kraken perft`: counts the leaf nodes of the legal move tree of a position.

use std::{sync::Arc, time::Instant};

use movegen::{perft, Move, MoveFormat, Position, Rules};
use rayon::prelude::*;
use variants::Catalog;

use crate::cli::{variant_errors, Arg, Args, UsageError};

/// The text of `kraken perft --help`.
pub const HELP: &str = "\
kraken perft: count the leaf nodes of the legal move tree (to check move generation)

Usage: kraken perft DEPTH [--variant NAME] [--fen FEN] [--variants-file FILE] [--chess960]
                          [--divide] [--threads N]

  DEPTH                 plies to search (the last ply is counted in bulk)
  --variant NAME        the variant (default chess; 'normal' and 'chess' both work)
  --fen FEN             the position (default: the variant's start position); quote it
  --variants-file FILE  load variants from FILE (Fairy-Stockfish variants.ini format) first
  --chess960            castling by Chess960 rules (as UCI_Chess960)
  --divide              print 'move: count' for every root move
  --threads N           split the root moves over N threads (default 1)

The last line is 'Nodes searched: N'; the line before gives the time and nodes per second.

Example:
  kraken perft 4 --variant capablanca
  kraken perft 3 --variant xiangqi --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' --divide
";

/// What the command line asks for.
#[derive(Debug)]
struct Request {
    depth: u32,
    variant: String,
    fen: Option<String>,
    files: Vec<String>,
    chess960: bool,
    divide: bool,
    threads: usize,
}

impl Request {
    fn read(items: &[String]) -> Result<Request, UsageError> {
        let mut args = Args::new(items);
        let mut depth = None;
        let mut request = Request {
            depth: 0,
            variant: "chess".into(),
            fen: None,
            files: Vec::new(),
            chess960: false,
            divide: false,
            threads: 1,
        };
        while let Some(arg) = args.next_arg() {
            match arg {
                Arg::Positional(text) if depth.is_none() => {
                    depth = Some(text.parse::<u32>().map_err(|_| {
                        UsageError::new(format!("DEPTH must be a number, found '{text}'"))
                    })?);
                }
                Arg::Positional(text) => {
                    return Err(UsageError::new(format!("unexpected argument '{text}'")))
                }
                Arg::Option { name, inline } => match name.as_str() {
                    "--variant" => request.variant = args.value(&name, inline, "a variant name")?,
                    "--fen" => request.fen = Some(args.value(&name, inline, "a FEN")?),
                    "--variants-file" => request.files.push(args.value(&name, inline, "a file")?),
                    "--chess960" => request.chess960 = true,
                    "--divide" => request.divide = true,
                    "--threads" => {
                        let text = args.value(&name, inline, "a number of threads")?;
                        request.threads = text
                            .parse::<usize>()
                            .ok()
                            .filter(|&n| (1..=1024).contains(&n))
                            .ok_or_else(|| {
                                UsageError::new(format!(
                                    "--threads needs 1 to 1024, found '{text}'"
                                ))
                            })?;
                    }
                    other => return Err(UsageError::new(format!("unknown option '{other}'"))),
                },
            }
        }
        request.depth = depth.ok_or_else(|| UsageError::new("DEPTH is missing"))?;
        Ok(request)
    }

    /// The position to count from.
    fn position(&self) -> Result<Position, UsageError> {
        let mut catalog = Catalog::builtin();
        for file in &self.files {
            catalog
                .add_file(std::path::Path::new(file))
                .map_err(variant_errors)?;
        }
        let mut rules = catalog.rules(&self.variant).map_err(variant_errors)?;
        if self.chess960 && !rules.chess960 {
            let mut changed: Rules = (*rules).clone();
            changed.chess960 = true;
            rules = Arc::new(changed);
        }
        match &self.fen {
            None => Position::from_fen(rules.clone(), &rules.start_fen)
                .map_err(|e| UsageError::new(format!("the variant's start position: {e}"))),
            Some(fen) => Position::from_fen(rules, fen).map_err(|e| UsageError::new(e.to_string())),
        }
    }
}

/// Runs `kraken perft` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let request = Request::read(items)?;
    let mut pos = request.position()?;
    let format = MoveFormat {
        chess960: pos.rules().chess960,
        ..MoveFormat::default()
    };
    let start = Instant::now();
    let mut out = String::new();
    let total = if request.depth == 0 {
        1
    } else {
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        let counts = count_below(&pos, &moves, request.depth, request.threads);
        if request.divide {
            for (mv, count) in moves.iter().zip(&counts) {
                out.push_str(&format!("{}: {count}\n", pos.move_text(mv, format)));
            }
        }
        counts.iter().sum()
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (total as f64 / seconds) as u64
    } else {
        0
    };
    out.push_str(&format!("Time: {:.3} s, {nps} nodes per second\n", seconds));
    out.push_str(&format!("Nodes searched: {total}\n"));
    Ok(out)
}

/// The count below each root move, split over `threads` threads.
fn count_below(pos: &Position, moves: &[Move], depth: u32, threads: usize) -> Vec<u64> {
    let one = |mv: &Move| {
        let mut p = pos.clone();
        p.make(*mv);
        perft(&mut p, depth - 1)
    };
    if threads <= 1 {
        return moves.iter().map(one).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(one).collect()),
        Err(err) => {
            log::warn!("cannot start {threads} threads ({err}); counting on one");
            moves.iter().map(one).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_args(args: &[&str]) -> Result<String, UsageError> {
        run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn counts_and_divides() {
        let out = run_args(&["3", "--divide", "--threads", "2"]).unwrap();
        assert!(out.ends_with("Nodes searched: 8902\n"), "{out}");
        assert!(out.contains("e2e4: 600\n"));
        assert_eq!(out.lines().count(), 22);
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(run_args(&[]).is_err());
        assert!(run_args(&["x"]).is_err());
        assert!(run_args(&["2", "--variant", "chesss"])
            .unwrap_err()
            .0
            .contains("did you mean chess"));
        assert!(run_args(&["2", "--fen", "8/8 w"]).is_err());
        assert!(run_args(&["2", "--threads", "0"]).is_err());
    }
}
