//! `kraken train`: trains a variant's evaluation network on scored positions and writes
//! it in the form `variants/nets/VARIANT.nnue` keeps.

use std::sync::Arc;

use engine::search::{
    handwritten_scores, net_loss, train_net, NetData, NetInputs, NetTrainOptions, Network,
    MAX_HIDDEN,
};
use movegen::{Position, Rules};
use notation::Color;

use super::tune::read_data_lines;
use crate::cli::{catalog_rules, number_in, Arg, Args, UsageError};

/// The text of `kraken train --help`.
pub const HELP: &str = "\
kraken train: train a variant's evaluation network on scored positions

Usage: kraken train --variant NAME --data FILE --out FILE [--holdout FILE]
                    [--hidden N] [--epochs N] [--batch N] [--rate R] [--decay D]
                    [--lambda L] [--seed N] [--variants-file FILE]

  --variant NAME        the variant (required)
  --data PATH           data files (kraken datagen --out, kraken label), folders of them,
                        or text with a line 'FEN | RESULT | SCORE' a position (RESULT 1,
                        0.5 or 0 and SCORE in centipawns, both from White's view);
                        repeatable; a position met again in data files is taken once
  --out FILE            where the network goes (required)
  --holdout FILE        positions of other games, not trained on: the network of the epoch
                        with the lowest loss on them is kept (default: the last twentieth
                        of the data)
  --hidden N            hidden units (default 128, at most 512)
  --epochs N            passes over the data (default 30)
  --batch N             positions per step (default 4096)
  --rate R              Adam's step size at the start, falling to a tenth of it by the
                        last epoch (default 0.001)
  --decay D             weight decay: each step also shrinks every weight by D times the
                        step size (default 0); more keeps a network trained on few games
                        from learning them by heart
  --lambda L            the share of the game result in each position's target, 0 to 1
                        (default 0); the rest is the win probability of its SCORE
  --seed N              seed of the first weights and of the order (default 1)
  --variants-file FILE  load variants from FILE first

The network corrects the hand-written evaluation (with the variant's weights): its input is
every piece as each player sees it (owner, type, square) and the pieces in hand, it has one
hidden layer per player, and its output is added to the side to move's score. Retrain it
when the weights change. The last line compares the holdout loss with and without it. To make it
the variant's own, save it as variants/nets/VARIANT.nnue, list it in variants/src/nets.rs
and rebuild; keep it only when an SPRT (scripts/sprt.py) says it gains.

Example:
  kraken datagen --variant chess --games 20000 --nodes 800 --threads 2 --out data/chess/raw
  kraken label --engine fairy-stockfish --option 'Use NNUE=false' --threads 2 \\
      data/chess/raw data/chess/fsf7
  kraken train --variant chess --data data/chess/fsf7 --out chess.nnue
";

/// Runs `kraken train` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let mut args = Args::new(items);
    let mut variant = None;
    let mut data = Vec::new();
    let mut holdout = Vec::new();
    let mut out = None;
    let mut files = Vec::new();
    let mut lambda = 0.0;
    let mut options = NetTrainOptions::default();
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => {
                let value = |args: &mut Args, inline| args.value(&name, inline, "a number");
                match name.as_str() {
                    "--hidden" => {
                        options.hidden =
                            number_in(&name, &value(&mut args, inline)?, 1, MAX_HIDDEN)?
                    }
                    "--epochs" => {
                        options.epochs = number_in(&name, &value(&mut args, inline)?, 1, 100_000)?
                    }
                    "--batch" => {
                        options.batch = number_in(&name, &value(&mut args, inline)?, 1, 10_000_000)?
                    }
                    "--rate" => {
                        options.rate = number_in(&name, &value(&mut args, inline)?, 1e-9, 10.0)?
                    }
                    "--decay" => {
                        options.decay = number_in(&name, &value(&mut args, inline)?, 0.0, 100.0)?
                    }
                    "--lambda" => lambda = number_in(&name, &value(&mut args, inline)?, 0.0, 1.0)?,
                    "--seed" => {
                        options.seed = number_in(&name, &value(&mut args, inline)?, 0, u64::MAX)?
                    }
                    "--variant" => variant = Some(args.value(&name, inline, "a variant")?),
                    "--data" => data.push(args.value(&name, inline, "a file")?),
                    "--holdout" => holdout.push(args.value(&name, inline, "a file")?),
                    "--out" => out = Some(args.value(&name, inline, "a file")?),
                    "--variants-file" => files.push(args.value(&name, inline, "a file")?),
                    other => return Err(UsageError::new(format!("unknown option '{other}'"))),
                }
            }
            Arg::Positional(text) => {
                return Err(UsageError::new(format!("unexpected argument '{text}'")))
            }
        }
    }
    let variant = variant.ok_or_else(|| UsageError::new("--variant is missing"))?;
    let out = out.ok_or_else(|| UsageError::new("--out is missing"))?;
    if data.is_empty() {
        return Err(UsageError::new("--data is missing"));
    }
    let rules = catalog_rules(&variant, &files)?;
    let inputs = NetInputs::new(&rules);
    let mut train = read_net_data(&rules, &inputs, &data, lambda)?;
    let holdout = if holdout.is_empty() {
        train.split_off(train.len() - train.len() / 20)
    } else {
        read_net_data(&rules, &inputs, &holdout, lambda)?
    };
    if train.is_empty() {
        return Err(UsageError::new("the data holds no position to train on"));
    }
    let net = train_net(inputs.count(), &train, &holdout, &options, &mut |line| {
        eprintln!("{line}")
    });
    std::fs::write(&out, net.to_bytes()).map_err(|e| UsageError::new(format!("{out}: {e}")))?;
    Ok(format!(
        "{variant}: a network of {} hidden units trained on {} positions, written to {out}\n\
         holdout loss over {} positions: the hand-written evaluation {:.6}, corrected by \
         the network {:.6}\n",
        options.hidden,
        train.len(),
        holdout.len(),
        net_loss(&Network::zeros(inputs.count(), 1), &holdout),
        net_loss(&net, &holdout),
    ))
}

/// Positions read before they are turned into the network's inputs together (a position
/// holds room for a game's history: kept all at once, a few hundred thousand of them would
/// take gigabytes).
const READ_CHUNK: usize = 16_384;

/// The positions of the data `files` as the network's inputs, each with the hand-written
/// evaluation's score and its target: the side to move's win probability, `lambda` of it
/// from the game's result and the rest from the score.
fn read_net_data(
    rules: &Arc<Rules>,
    inputs: &NetInputs,
    files: &[String],
    lambda: f64,
) -> Result<NetData, UsageError> {
    let mut set = NetData::new();
    let mut positions = Vec::with_capacity(READ_CHUNK);
    let mut targets = Vec::with_capacity(READ_CHUNK);
    let mut add = |positions: &mut Vec<Position>, targets: &mut Vec<f32>| {
        let bases = handwritten_scores(rules, positions);
        for ((pos, &target), base) in positions.iter().zip(targets.iter()).zip(bases) {
            set.push(inputs, pos, base, target);
        }
        positions.clear();
        targets.clear();
    };
    read_data_lines(rules, files, |pos, result, score| {
        let white = match score {
            Some(cp) => lambda * result + (1.0 - lambda) / (1.0 + 10f64.powf(-cp / 400.0)),
            None => result,
        };
        let target = if pos.side_to_move() == Color::White {
            white
        } else {
            1.0 - white
        };
        positions.push(pos);
        targets.push(target as f32);
        if positions.len() == READ_CHUNK {
            add(&mut positions, &mut targets);
        }
    })?;
    add(&mut positions, &mut targets);
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_args(args: &[&str]) -> Result<String, UsageError> {
        run(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn a_network_is_written_and_reads_back() {
        let dir = std::env::temp_dir().join(format!("kraken-train-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let data = dir.join("data");
        let lines = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 0.5 | 30",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 | 0 | -900",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 | 1 | 900",
        ];
        std::fs::write(&data, lines.repeat(20).join("\n")).expect("write");
        let out = dir.join("net");
        let text = run_args(&[
            "--variant",
            "chess",
            "--data",
            data.to_str().expect("path"),
            "--out",
            out.to_str().expect("path"),
            "--hidden",
            "4",
            "--epochs",
            "3",
        ])
        .expect("trained");
        assert!(text.contains("57 positions"), "{text}");
        let net = engine::search::Network::from_bytes(&std::fs::read(&out).expect("read"))
            .expect("a network");
        assert_eq!(net.hidden(), 4);
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn bad_lines_and_options_are_refused() {
        let err = run_args(&["--variant", "chess", "--out", "x"]).expect_err("no data");
        assert!(err.to_string().contains("--data"), "{err}");
        let err = run_args(&[
            "--variant",
            "chess",
            "--data",
            "x",
            "--out",
            "y",
            "--hidden",
            "0",
        ])
        .expect_err("no hidden units");
        assert!(err.to_string().contains("--hidden"), "{err}");
    }
}
