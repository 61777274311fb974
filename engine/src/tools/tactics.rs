//! `kraken tactics`: searches every position of an EPD test suite for a fixed time and counts
//! those where Kraken's move is a best move (`bm`) and no avoided move (`am`).

use std::time::{Duration, Instant};

use engine::{
    epd::EpdRecord,
    search::{Control, Limits, Searcher},
};
use movegen::{Move, MoveFormat, Position};
use variants::Catalog;

use super::bench::score_text;
use crate::cli::{number_in, variant_errors, Arg, Args, UsageError};

/// The text of `kraken tactics --help`.
pub const HELP: &str = "\
kraken tactics: how many positions of a test suite Kraken solves in a fixed time

Usage: kraken tactics FILE [--variant NAME] [--movetime MS] [--hash MB] [--threads N]
                           [--variants-file FILE]

  FILE                  an EPD file: per line a position and 'bm MOVE...;' (solved when
                        Kraken plays one of them) or 'am MOVE...;' (solved when it plays none)
  --variant NAME        the variant of records without a 'variant NAME;' operation
                        (default chess)
  --movetime MS         search time per position in milliseconds (default 1000)
  --hash MB             hash table size (default 64), emptied before every position
  --threads N           search threads (default 1)
  --variants-file FILE  load variants from FILE first

Moves are written as Kraken writes them (e2e4, e7e8q, P@e4; SAN is not read). A line per
position gives its id (the 'id' operation, else its line number), the move played, the
score and whether it was solved; the last line is 'Solved: N of M'.

Example:
  kraken tactics tests/data/tactics/suite.epd --movetime 500
";

/// What the command line asks for.
#[derive(Debug)]
struct Request {
    file: String,
    variant: String,
    movetime: u64,
    hash: usize,
    threads: usize,
    files: Vec<String>,
}

/// One position of the suite, ready to search.
struct Problem {
    id: String,
    pos: Position,
    best: Vec<Move>,
    avoid: Vec<Move>,
}

/// Runs `kraken tactics` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let request = read(items)?;
    let mut catalog = Catalog::builtin();
    for file in &request.files {
        catalog
            .add_file(std::path::Path::new(file))
            .map_err(variant_errors)?;
    }
    let text = std::fs::read_to_string(&request.file)
        .map_err(|e| UsageError::new(format!("{}: {e}", request.file)))?;
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", request.file, n + 1);
        problems.push(problem(&catalog, &request.variant, line, &at)?);
    }
    let mut searcher = Searcher::new(request.hash, request.threads);
    let control = Control::default();
    let limits = Limits {
        movetime: Some(Duration::from_millis(request.movetime)),
        ..Limits::default()
    };
    let mut out = String::new();
    let mut solved = 0;
    let start = Instant::now();
    for problem in &problems {
        searcher.clear();
        let result = searcher.search(&problem.pos, &limits, &control, &mut |_| {});
        let played = result.best;
        let ok = played.is_some_and(|mv| {
            (problem.best.is_empty() || problem.best.contains(&mv)) && !problem.avoid.contains(&mv)
        });
        solved += usize::from(ok);
        let text = played.map_or_else(
            || "(none)".to_string(),
            |mv| problem.pos.move_text(&mv, MoveFormat::default()),
        );
        let expected: Vec<String> = problem
            .best
            .iter()
            .map(|mv| problem.pos.move_text(mv, MoveFormat::default()))
            .chain(
                problem
                    .avoid
                    .iter()
                    .map(|mv| format!("not {}", problem.pos.move_text(mv, MoveFormat::default()))),
            )
            .collect();
        out.push_str(&format!(
            "{} {:<16} {:<8} {:>7}  expected {}\n",
            if ok { "ok" } else { "--" },
            problem.id,
            text,
            score_text(result.score),
            expected.join(" ")
        ));
    }
    out.push_str(&format!(
        "Time: {:.1} s at {} ms per position\n",
        start.elapsed().as_secs_f64(),
        request.movetime
    ));
    out.push_str(&format!("Solved: {solved} of {}\n", problems.len()));
    Ok(out)
}

/// Reads one record of the suite.
fn problem(catalog: &Catalog, variant: &str, line: &str, at: &str) -> Result<Problem, UsageError> {
    let fail = |message: String| UsageError::new(format!("{at}: {message}"));
    let record = EpdRecord::parse(line).map_err(|e| fail(e.0))?;
    let variant = record
        .operation("variant")
        .and_then(|v| v.first())
        .map_or(variant, String::as_str);
    let rules = catalog
        .rules(variant)
        .map_err(|_| fail(format!("unknown variant '{variant}'")))?;
    let mut pos = Position::from_fen(rules, &record.fen()).map_err(|e| fail(e.to_string()))?;
    let mut moves = |opcode: &str| -> Result<Vec<Move>, UsageError> {
        record
            .operation(opcode)
            .unwrap_or_default()
            .iter()
            .map(|text| {
                pos.parse_move(text, MoveFormat::default())
                    .map_err(|e| fail(format!("{opcode} {text}: {}", e.reason)))
            })
            .collect()
    };
    let best = moves("bm")?;
    let avoid = moves("am")?;
    if best.is_empty() && avoid.is_empty() {
        return Err(fail("no 'bm' or 'am' operation".to_string()));
    }
    let id = record
        .operation("id")
        .and_then(|v| v.first().cloned())
        .unwrap_or_else(|| at.rsplit(':').next().unwrap_or(at).to_string());
    Ok(Problem {
        id,
        pos,
        best,
        avoid,
    })
}

/// Reads the command line.
fn read(items: &[String]) -> Result<Request, UsageError> {
    let mut args = Args::new(items);
    let mut request = Request {
        file: String::new(),
        variant: "chess".into(),
        movetime: 1000,
        hash: 64,
        threads: 1,
        files: Vec::new(),
    };
    let mut file = None;
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Positional(text) if file.is_none() => file = Some(text),
            Arg::Positional(text) => {
                return Err(UsageError::new(format!("unexpected argument '{text}'")))
            }
            Arg::Option { name, inline } => match name.as_str() {
                "--variant" => request.variant = args.value(&name, inline, "a variant")?,
                "--variants-file" => request.files.push(args.value(&name, inline, "a file")?),
                "--movetime" => {
                    request.movetime =
                        number_in(&name, &args.value(&name, inline, "ms")?, 1, 3_600_000)?
                }
                "--hash" => {
                    request.hash = number_in(&name, &args.value(&name, inline, "MB")?, 1, 4096)?
                }
                "--threads" => {
                    request.threads =
                        number_in(&name, &args.value(&name, inline, "threads")?, 1, 256)?
                }
                other => return Err(UsageError::new(format!("unknown option '{other}'"))),
            },
        }
    }
    request.file = file.ok_or_else(|| UsageError::new("FILE is missing"))?;
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_args(args: &[&str]) -> Result<String, UsageError> {
        run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    fn suite(name: &str, text: &str) -> String {
        let path =
            std::env::temp_dir().join(format!("kraken-tactics-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("a temporary file");
        path.display().to_string()
    }

    #[test]
    fn mates_in_one_are_solved_and_wrong_answers_are_not() {
        let file = suite(
            "mates",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm a1a8; id \"back rank\";\n\
             6k1/5ppp/8/8/8/8/8/R5K1 w - - bm a1a7; id wrong;\n\
             r3k3/8/8/8/8/8/5PPP/6K1 b - - am a8a7; id avoid;\n\
             # a comment\n\
             6k1/5ppp/8/8/8/8/8/6K1[R] w - - bm R@a8 R@b8 R@c8 R@d8 R@e8 R@f8; \
             variant crazyhouse; id house;\n",
        );
        let out = run_args(&[&file, "--movetime", "200"]).expect("runs");
        assert!(out.contains("ok back rank"), "{out}");
        assert!(out.contains("-- wrong"), "{out}");
        assert!(out.contains("ok avoid"), "{out}");
        assert!(out.contains("ok house"), "{out}");
        assert!(out.lines().last() == Some("Solved: 3 of 4"), "{out}");
    }

    #[test]
    fn bad_suites_are_refused_with_their_line() {
        let illegal = suite("illegal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm a1h8;\n");
        let err = run_args(&[&illegal]).expect_err("an illegal move");
        assert!(err.0.ends_with(":1: bm a1h8: not a legal move"), "{err}");
        let empty = suite("empty", "\n6k1/5ppp/8/8/8/8/8/R5K1 w - - c0 x;\n");
        let err = run_args(&[&empty]).expect_err("no bm");
        assert!(err.0.contains(":2: no 'bm'"), "{err}");
        assert!(run_args(&[]).is_err());
        assert!(run_args(&["/no/such/file"]).is_err());
        assert!(run_args(&[&illegal, "--movetime", "0"]).is_err());
    }
}
