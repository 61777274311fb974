//! `kraken data`: what data files hold, their positions as text, and several of them mixed
//! into one (shuffled, each position once).

use std::{collections::HashSet, path::PathBuf, sync::Arc};

use engine::data::{data_files, read_data_file, write_data_file, DataHeader, Game, GameResult};
use movegen::Rules;

use super::openings::SplitMix;
use crate::cli::{catalog_rules, number_in, Arg, Args, UsageError};

/// The text of `kraken data --help`.
pub const HELP: &str = "\
kraken data: look into, print and mix the data files of kraken datagen and kraken label

Usage: kraken data stats IN... [--variants-file FILE]
       kraken data export IN... [--variants-file FILE]
       kraken data mix IN... --out FILE [--seed N] [--variants-file FILE]

  IN                    data files, or folders of them
  stats                 games, results, positions, scored and distinct positions, bytes a
                        position, and where the scores come from
  export                every scored position as a line 'FEN | RESULT | SCORE' (White's view)
  mix                   the games of every IN (one variant) in one file, in an order shuffled
                        by --seed (default 1), each position scored once: a position met
                        again (in any game) keeps its move but loses its score
  --out FILE            the file mix writes
  --variants-file FILE  load variants from FILE first (to replay the games)

A data file holds games of one variant: each game its start (FEN) and its moves, five bytes a
move (the move's squares, its rank among the legal moves with those squares, and the score of
the position it was played from, in centipawns from White's view, or none), and the result.
Positions are rebuilt by replaying the moves.
";

/// Runs `kraken data` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.is_empty() || items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let mut args = Args::new(&items[1..]);
    let mut paths = Vec::new();
    let mut files = Vec::new();
    let mut out = None;
    let mut seed = 1;
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => match name.as_str() {
                "--variants-file" => files.push(args.value(&name, inline, "a file")?),
                "--out" => out = Some(args.value(&name, inline, "a file")?),
                "--seed" => {
                    seed = number_in(&name, &args.value(&name, inline, "a seed")?, 0, u64::MAX)?
                }
                other => return Err(UsageError::new(format!("unknown option '{other}'"))),
            },
            Arg::Positional(text) => paths.push(text),
        }
    }
    if paths.is_empty() {
        return Err(UsageError::new("give data files or folders"));
    }
    let (header, games) = read_all(&paths)?;
    let rules = catalog_rules(&header.variant, &files)?;
    match items[0].as_str() {
        "stats" => stats(&header, &games, &rules),
        "export" => export(&games, &rules),
        "mix" => {
            let out = out.ok_or_else(|| UsageError::new("mix: --out is missing"))?;
            mix(header, games, &rules, seed, PathBuf::from(out))
        }
        other => Err(UsageError::new(format!(
            "unknown data command '{other}' (stats, export or mix)"
        ))),
    }
}

/// The games of every data file of `paths`, with the first file's header (its source
/// standing for all when they differ); the files must be of one variant.
fn read_all(paths: &[String]) -> Result<(DataHeader, Vec<Game>), UsageError> {
    let mut header: Option<DataHeader> = None;
    let mut games = Vec::new();
    for file in data_files(paths).map_err(|e| UsageError::new(e.to_string()))? {
        let (theirs, more) = read_data_file(&file).map_err(|e| UsageError::new(e.to_string()))?;
        match &mut header {
            None => header = Some(theirs),
            Some(first) if first.variant != theirs.variant => {
                return Err(UsageError::new(format!(
                    "{}: games of {}, not {}",
                    file.display(),
                    theirs.variant,
                    first.variant
                )))
            }
            Some(first) if first.source != theirs.source && !first.source.ends_with(" (mixed)") => {
                first.source.push_str(" (mixed)")
            }
            Some(_) => {}
        }
        games.extend(more);
    }
    let header = header.ok_or_else(|| UsageError::new("no data file found"))?;
    Ok((header, games))
}

/// `kraken data stats`.
fn stats(header: &DataHeader, games: &[Game], rules: &Arc<Rules>) -> Result<String, UsageError> {
    let mut keys = HashSet::new();
    let (mut scored, mut plies) = (0usize, 0usize);
    let mut results = [0usize; 3];
    for game in games {
        plies += game.plies.len();
        results[game.result as usize] += 1;
        game.replay(rules, |pos, _| {
            scored += 1;
            keys.insert(pos.key());
        })
        .map_err(|e| UsageError::new(e.to_string()))?;
    }
    let bytes = games
        .iter()
        .map(|g| 5 + g.start.len() + 5 * g.plies.len())
        .sum::<usize>();
    Ok(format!(
        "variant: {}\nsource: {}\ngames: {} (first player {} won, {} drawn, {} lost)\n\
         moves: {plies}\nscored positions: {scored} ({} distinct)\nbytes a scored position: {:.1}\n",
        header.variant,
        header.source,
        games.len(),
        results[GameResult::Win as usize],
        results[GameResult::Draw as usize],
        results[GameResult::Loss as usize],
        keys.len(),
        bytes as f64 / scored.max(1) as f64,
    ))
}

/// `kraken data export`.
fn export(games: &[Game], rules: &Arc<Rules>) -> Result<String, UsageError> {
    let mut text = String::new();
    for game in games {
        let result = game.result.points();
        game.replay(rules, |pos, score| {
            text.push_str(&format!("{} | {result} | {score}\n", pos.fen()));
        })
        .map_err(|e| UsageError::new(e.to_string()))?;
    }
    Ok(text)
}

/// `kraken data mix`.
fn mix(
    header: DataHeader,
    mut games: Vec<Game>,
    rules: &Arc<Rules>,
    seed: u64,
    out: PathBuf,
) -> Result<String, UsageError> {
    let mut rng = SplitMix(seed);
    for i in (1..games.len()).rev() {
        games.swap(i, rng.below(i + 1));
    }
    let mut keys = HashSet::new();
    let mut dropped = 0;
    for game in &mut games {
        let mut seen = Vec::new();
        game.replay(rules, |pos, _| seen.push(keys.insert(pos.key())))
            .map_err(|e| UsageError::new(e.to_string()))?;
        let mut seen = seen.into_iter();
        for ply in game.plies.iter_mut().filter(|p| p.score.is_some()) {
            if !seen.next().unwrap_or(true) {
                ply.score = None;
                dropped += 1;
            }
        }
    }
    write_data_file(&out, &header, &games)
        .map_err(|e| UsageError::new(format!("{}: {e}", out.display())))?;
    Ok(format!(
        "{} games, {} distinct scored positions ({dropped} repeated ones unscored), written to {}\n",
        games.len(),
        keys.len(),
        out.display()
    ))
}
