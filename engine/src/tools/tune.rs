//! `kraken tune`: fits the evaluation's weights of a variant to game results (Texel's
//! method) and writes them in the form `variants/weights/VARIANT.txt` keeps.

use std::{collections::HashSet, sync::Arc};

use engine::data::{data_files, read_data_file, MAGIC};
use engine::search::{tune, EvalParams, SquareFit, TrainingSet, TuneOptions};
use movegen::{Position, Rules};

use crate::cli::{catalog_rules, number_in, Arg, Args, UsageError};

/// The text of `kraken tune --help`.
pub const HELP: &str = "\
kraken tune: fit the evaluation's weights to game results (Texel's method)

Usage: kraken tune --variant NAME --data FILE [--holdout FILE] [--weights FILE]
                   [--only NAMES] [--passes N] [--steps LIST] [--lambda L]
                   [--squares | --squares-only] [--epochs N] [--rate R] [--l2 X]
                   [--variants-file FILE]

  --variant NAME        the variant (required)
  --data PATH           positions with results, 'FEN | RESULT | SCORE' per line as kraken
                        datagen writes them (RESULT 1, 0.5 or 0 and the search's SCORE in
                        centipawns, both from White's view; SCORE may be left out), or
                        data files (kraken datagen --out) or folders of them; repeatable
  --holdout FILE        positions of other games, in the same form, not fitted to: their
                        error is reported, and the piece-square fit stops where it is
                        lowest; repeatable
  --weights FILE        the weights to start from (default: the variant's own, else the
                        defaults)
  --only NAMES          tune only weights whose names start with one of these, comma
                        separated (such as value,mobility)
  --passes N            most passes over the weights per step size (default 8)
  --steps LIST          step sizes, comma separated (default 16,4,1)
  --lambda L            the share of the game result in each position's target, 0 to 1
                        (default 1); the rest is the win probability of its SCORE. Below 1
                        where most games are drawn and the results alone say little
  --squares             then fit piece-square terms (square.LETTER.SQUARE MG EG, from
                        White's view) by gradient descent
  --squares-only        fit only the piece-square terms
  --epochs N            passes of the piece-square fit (default 2000)
  --rate R              its step size in centipawns (default 1)
  --l2 X                its penalty on squared terms (default 1e-9): larger keeps the
                        terms of squares the data rarely sees smaller
  --variants-file FILE  load variants from FILE first

The fitted weights go to stdout as 'NAME MG EG' lines (piece values as value.LETTER);
progress goes to stderr. To make them the variant's own, save them as
variants/weights/VARIANT.txt, list that file in variants/src/weights.rs and rebuild; keep
them only when an SPRT (scripts/sprt.py) says they gain.

Example:
  kraken datagen --variant chess --games 2000 --threads 2 > chess.data
  kraken tune --variant chess --data chess.data > variants/weights/chess.txt
";

/// Runs `kraken tune` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let mut args = Args::new(items);
    let mut variant = None;
    let mut data = Vec::new();
    let mut holdout = Vec::new();
    let mut weights = None;
    let mut files = Vec::new();
    let mut options = TuneOptions::default();
    let mut square_fit = SquareFit::default();
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => match name.as_str() {
                "--variant" => variant = Some(args.value(&name, inline, "a variant")?),
                "--data" => data.push(args.value(&name, inline, "a file")?),
                "--holdout" => holdout.push(args.value(&name, inline, "a file")?),
                "--weights" => weights = Some(args.value(&name, inline, "a file")?),
                "--variants-file" => files.push(args.value(&name, inline, "a file")?),
                "--only" => {
                    options.only = args
                        .value(&name, inline, "weight names")?
                        .split(',')
                        .map(str::to_string)
                        .collect()
                }
                "--lambda" => {
                    options.lambda =
                        number_in(&name, &args.value(&name, inline, "a number")?, 0.0, 1.0)?;
                }
                "--squares" => {
                    options.squares.get_or_insert_with(SquareFit::default);
                }
                "--squares-only" => {
                    options.squares.get_or_insert_with(SquareFit::default);
                    options.weights = false;
                }
                "--epochs" => {
                    square_fit.epochs =
                        number_in(&name, &args.value(&name, inline, "a number")?, 1, 1_000_000)?;
                }
                "--rate" | "--l2" => {
                    let text = args.value(&name, inline, "a number")?;
                    let number = number_in(&name, &text, 0.0, 1e6)?;
                    if name == "--rate" {
                        square_fit.rate = number;
                    } else {
                        square_fit.l2 = number;
                    }
                }
                "--passes" => {
                    options.passes =
                        number_in(&name, &args.value(&name, inline, "a number")?, 1, 1000)?;
                }
                "--steps" => {
                    let text = args.value(&name, inline, "step sizes")?;
                    options.steps = text
                        .split(',')
                        .map(|s| s.parse::<i32>().ok().filter(|n| (1..=1000).contains(n)))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| {
                            UsageError::new(format!(
                                "--steps needs numbers from 1 to 1000, found '{text}'"
                            ))
                        })?;
                }
                other => return Err(UsageError::new(format!("unknown option '{other}'"))),
            },
            Arg::Positional(text) => {
                return Err(UsageError::new(format!("unexpected argument '{text}'")))
            }
        }
    }
    match &mut options.squares {
        Some(fit) => *fit = square_fit,
        None if items.iter().any(|item| {
            ["--epochs", "--rate", "--l2"].contains(&item.split('=').next().unwrap_or(""))
        }) =>
        {
            return Err(UsageError::new(
                "--epochs, --rate and --l2 set the piece-square fit: add --squares",
            ))
        }
        None => {}
    }
    let variant = variant.ok_or_else(|| UsageError::new("--variant is missing"))?;
    if data.is_empty() {
        return Err(UsageError::new("--data is missing"));
    }
    let rules = catalog_rules(&variant, &files)?;
    let start = match &weights {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| UsageError::new(format!("{file}: {e}")))?;
            EvalParams::parse(&text).map_err(|e| UsageError::new(format!("{file}: {e}")))?
        }
        None => match variants::eval_weights(&rules.name) {
            Some(text) => EvalParams::parse(text)
                .map_err(|e| UsageError::new(format!("the weights of {variant}: {e}")))?,
            None => EvalParams::default(),
        },
    };
    let set = read_data(&rules, &data)?;
    let holdout = if holdout.is_empty() {
        None
    } else {
        Some(read_data(&rules, &holdout)?)
    };
    if set.is_empty() {
        return Err(UsageError::new("the data holds no position"));
    }
    let tuned = tune(&set, holdout.as_ref(), &start, &options, &mut |line| {
        eprintln!("{line}")
    });
    Ok(format!(
        "# {variant}: fitted by kraken tune to {} positions\n{tuned}",
        set.len()
    ))
}

/// The positions of the data `files` ('FEN | RESULT | SCORE' lines) of a game of `rules`.
fn read_data(rules: &Arc<Rules>, files: &[String]) -> Result<TrainingSet, UsageError> {
    let mut set = TrainingSet::new(rules.clone());
    read_data_lines(rules, files, |pos, result, score| {
        set.push(pos, result, score)
    })?;
    Ok(set)
}

/// Calls `take` with the position, result and score (both from White's view) of every line
/// of the data `files` ('FEN | RESULT | SCORE', SCORE may be left out) of a game of `rules`,
/// and of every scored position of data files (`kraken datagen --out`; folders stand for
/// the data files in them), each position of those once.
pub(crate) fn read_data_lines(
    rules: &Arc<Rules>,
    files: &[String],
    mut take: impl FnMut(Position, f64, Option<f64>),
) -> Result<(), UsageError> {
    // Positions of data files already taken (each is taken once).
    let mut seen = HashSet::new();
    for path in data_files(files).map_err(|e| UsageError::new(e.to_string()))? {
        let file = path.display().to_string();
        let bytes = std::fs::read(&path).map_err(|e| UsageError::new(format!("{file}: {e}")))?;
        if bytes.starts_with(MAGIC) {
            read_games(rules, &path, &mut seen, &mut take)?;
            continue;
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| UsageError::new(format!("{file}: neither text nor a data file")))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let fail = |message: String| UsageError::new(format!("{file}:{}: {message}", n + 1));
            let (fen, result, score) = parse_data_line(line).map_err(fail)?;
            let pos = Position::from_fen(rules.clone(), fen).map_err(|e| fail(e.to_string()))?;
            take(pos, result, score);
        }
    }
    Ok(())
}

/// Takes the scored positions of the data file `path` that are not in `seen` (adding them).
fn read_games(
    rules: &Arc<Rules>,
    path: &std::path::Path,
    seen: &mut HashSet<u64>,
    take: &mut impl FnMut(Position, f64, Option<f64>),
) -> Result<(), UsageError> {
    let (header, games) = read_data_file(path).map_err(|e| UsageError::new(e.to_string()))?;
    if header.variant != rules.name {
        return Err(UsageError::new(format!(
            "{}: games of {}, not {}",
            path.display(),
            header.variant,
            rules.name
        )));
    }
    for (n, game) in games.iter().enumerate() {
        let result = game.result.points();
        let mut failed = None;
        game.replay(rules, |pos, score| {
            if failed.is_none() && seen.insert(pos.key()) {
                match Position::from_fen(rules.clone(), &pos.fen()) {
                    Ok(fresh) => take(fresh, result, Some(f64::from(score))),
                    Err(e) => failed = Some(e.to_string()),
                }
            }
        })
        .map_err(|e| e.to_string())
        .and(failed.map_or(Ok(()), Err))
        .map_err(|e| UsageError::new(format!("{}: game {}: {e}", path.display(), n + 1)))?;
    }
    Ok(())
}

/// A line of tuning data, 'FEN | RESULT | SCORE' (SCORE may be left out): the FEN, the
/// result and the score, both from White's view, or what is wrong with it.
fn parse_data_line(line: &str) -> Result<(&str, f64, Option<f64>), String> {
    let mut fields = line.split('|');
    let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
        return Err("expected 'FEN | RESULT | SCORE'".into());
    };
    let score = match fields.next().map(str::trim) {
        None => None,
        Some(text) => Some(
            text.parse::<f64>()
                .ok()
                .filter(|cp| cp.is_finite())
                .ok_or_else(|| format!("'{text}' is not a score in centipawns"))?,
        ),
    };
    if fields.next().is_some() {
        return Err("expected 'FEN | RESULT | SCORE'".into());
    }
    let result = match result.trim() {
        "1" | "1.0" | "1-0" => 1.0,
        "0" | "0.0" | "0-1" => 0.0,
        "0.5" | "1/2-1/2" => 0.5,
        other => return Err(format!("'{other}' is not a result (1, 0.5 or 0)")),
    };
    Ok((fen.trim(), result, score))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_args(args: &[&str]) -> Result<String, UsageError> {
        run(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    fn file(name: &str, text: &str) -> String {
        let path = std::env::temp_dir().join(format!("kraken-tune-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("a temporary file");
        path.display().to_string()
    }

    #[test]
    fn weights_come_out_in_the_form_they_are_read() {
        let data = file(
            "data",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1 | 120\n\
             4k3/4p3/8/8/8/8/8/4K3 w - - 0 1 | 0\n\
             4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5 | -3\n",
        );
        let out = run_args(&[
            "--variant",
            "chess",
            "--data",
            &data,
            "--only",
            "tempo",
            "--steps",
            "2",
            "--lambda",
            "0.5",
        ])
        .expect("tuned");
        let params = EvalParams::parse(&out).expect("weights");
        assert!(params.value("P").is_some(), "{out}");
    }

    #[test]
    fn piece_square_terms_are_fitted_with_held_out_games() {
        let data = file(
            "squares",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1 | 120\n\
             4k3/8/8/8/4P3/8/8/4K3 w - - 0 1 | 1 | 150\n\
             4k3/4p3/8/8/8/8/8/4K3 w - - 0 1 | 0\n",
        );
        let holdout = file("holdout", "3k4/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1 | 130\n");
        let out = run_args(&[
            "--variant",
            "chess",
            "--data",
            &data,
            "--holdout",
            &holdout,
            "--squares-only",
            "--epochs",
            "50",
        ])
        .expect("tuned");
        let params = EvalParams::parse(&out).expect("weights");
        assert!(
            params
                .squares
                .iter()
                .any(|t| t.letter == "P" && t.square == "e2"),
            "{out}"
        );
        // The piece-square fit's own settings need it.
        assert!(run_args(&["--variant", "chess", "--data", &data, "--epochs", "5"]).is_err());
        assert!(run_args(&[
            "--variant",
            "chess",
            "--data",
            &data,
            "--squares",
            "--l2",
            "-1"
        ])
        .is_err());
    }

    #[test]
    fn bad_data_is_refused_with_its_line() {
        let data = file(
            "bad",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1\n4k3/8/8 w | 2\n",
        );
        let err = run_args(&["--variant", "chess", "--data", &data]).expect_err("bad result");
        assert!(
            err.0.ends_with(":2: '2' is not a result (1, 0.5 or 0)"),
            "{err}"
        );
        assert!(run_args(&["--variant", "chess"]).is_err());
        assert!(run_args(&["--data", &data]).is_err());
        assert!(run_args(&["--variant", "chess", "--data", &data, "--steps", "0"]).is_err());
        assert!(run_args(&["--variant", "chess", "--data", &data, "--lambda", "2"]).is_err());
        let score = file("score", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1 | big\n");
        let err = run_args(&["--variant", "chess", "--data", &score]).expect_err("bad score");
        assert!(
            err.0.ends_with(":1: 'big' is not a score in centipawns"),
            "{err}"
        );
    }
}
