//! `kraken label`: scores the positions of data files with another engine (a teacher).

use std::{
    path::PathBuf,
    sync::{
        atomic::{AtomicUsize, Ordering},
        Arc, Mutex,
    },
};

use engine::data::{data_files, read_data_file, write_data_file, DataHeader, Game};
use movegen::Rules;
use notation::Color;

use super::{progress::Progress, uci_client::UciClient};
use crate::cli::{catalog_rules, number_in, Arg, Args, UsageError};

/// The text of `kraken label --help`.
pub const HELP: &str = "\
kraken label: score the positions of data files with another engine (a teacher)

Usage: kraken label --engine CMD [--option NAME=VALUE]... [--depth N | --nodes N]
                    [--threads N] [--uci-variant NAME] [--variants-file FILE] IN... OUT

  IN                    data files or folders of them (as kraken datagen --out writes)
  OUT                   the folder the labelled files go to, under the same names
  --engine CMD          the teacher: a UCI engine (required)
  --option NAME=VALUE   a UCI option for it, repeatable (Threads=1 and Hash=16 are set first)
  --depth N             search each position to depth N (default 7)
  --nodes N             search each position N nodes instead
  --threads N           engines running at once, each on its own games (default 1)
  --uci-variant NAME    the teacher's UCI_Variant (default: the data's variant)
  --variants-file FILE  load variants from FILE first (to replay the games)

Every position that has a score gets the teacher's, in centipawns from White's view, in
place of the old one; positions the teacher scores as mate keep none (they are not trained
on). A file already in OUT is skipped, so an interrupted run goes on where it stopped when
started again; a file is written whole when its games are done. A progress line goes to
stderr every few seconds.

Example:
  kraken label --engine fairy-stockfish --option 'Use NNUE=false' --depth 7 --threads 2 \\
      data/xiangqi/raw data/xiangqi/fsf7
";

/// What the command line asks for.
#[derive(Debug)]
struct Request {
    engine: String,
    options: Vec<(String, String)>,
    limit: String,
    threads: usize,
    uci_variant: Option<String>,
    files: Vec<String>,
    paths: Vec<String>,
}

/// Runs `kraken label` with the arguments after the command name.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let mut request = read(items)?;
    let out = request
        .paths
        .pop()
        .filter(|_| !request.paths.is_empty())
        .ok_or_else(|| UsageError::new("give the data to label and the folder to write to"))?;
    let out = PathBuf::from(out);
    std::fs::create_dir_all(&out)
        .map_err(|e| UsageError::new(format!("{}: {e}", out.display())))?;
    let inputs = data_files(&request.paths).map_err(|e| UsageError::new(e.to_string()))?;
    let mut todo = Vec::new();
    for input in inputs {
        let name = input
            .file_name()
            .ok_or_else(|| UsageError::new(format!("{}: not a file", input.display())))?;
        let target = out.join(name);
        if !target.exists() {
            todo.push((input, target));
        }
    }
    if todo.is_empty() {
        return Ok(format!(
            "every file is labelled in {} already\n",
            out.display()
        ));
    }
    let mut labelled = 0;
    let mut left_out = 0;
    let mut teacher = None;
    // Positions to label, for the progress line (files are read again one at a time).
    let mut total = 0;
    for (input, _) in &todo {
        let (_, games) = read_data_file(input).map_err(|e| UsageError::new(e.to_string()))?;
        total += games.iter().map(Game::scored).sum::<usize>();
    }
    let progress = Progress::new("label", "positions", total as u64);
    let mut engines: Vec<UciClient> = Vec::new();
    for (input, target) in &todo {
        let (header, games) = read_data_file(input).map_err(|e| UsageError::new(e.to_string()))?;
        let rules = catalog_rules(&header.variant, &request.files)?;
        if engines.is_empty() {
            let variant = request
                .uci_variant
                .clone()
                .unwrap_or(header.variant.clone());
            let mut options = vec![
                ("Threads".to_string(), "1".to_string()),
                ("Hash".to_string(), "16".to_string()),
            ];
            options.extend(request.options.iter().cloned());
            options.push(("UCI_Variant".to_string(), variant));
            for _ in 0..request.threads {
                engines.push(UciClient::start(&request.engine, &options).map_err(UsageError::new)?);
            }
        }
        let name = engines[0].name.clone();
        let (games, counts) = label_games(&rules, games, &mut engines, &request.limit, &progress)
            .map_err(|e| UsageError::new(format!("{}: {e}", input.display())))?;
        labelled += counts.0;
        left_out += counts.1;
        let source = format!("{name} {} (labels of: {})", request.limit, header.source);
        teacher = Some(source.clone());
        let header = DataHeader {
            variant: header.variant,
            source,
        };
        write_data_file(target, &header, &games)
            .map_err(|e| UsageError::new(format!("{}: {e}", target.display())))?;
        progress.note(&format!("wrote {}", target.display()));
    }
    progress.finish();
    Ok(format!(
        "{} files labelled into {}: {labelled} positions scored, {left_out} scored as mate and \
         left out ({})\n",
        todo.len(),
        out.display(),
        teacher.unwrap_or_default()
    ))
}

/// `games` with the scores of their scored positions replaced by the engines' (each engine
/// takes games in turn), and how many positions were labelled and left out (mates).
fn label_games(
    rules: &Arc<Rules>,
    games: Vec<Game>,
    engines: &mut [UciClient],
    limit: &str,
    progress: &Progress,
) -> Result<(Vec<Game>, (usize, usize)), String> {
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Game>>> = games.into_iter().map(|g| Mutex::new(Some(g))).collect();
    let counts = Mutex::new((0, 0));
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for engine in engines.iter_mut() {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(slot) = slots.get(index) else {
                    break;
                };
                let Some(mut game) = slot.lock().expect("no thread panicked").take() else {
                    continue;
                };
                match label_game(rules, &mut game, engine, limit) {
                    Ok((done, mates)) => {
                        let mut counts = counts.lock().expect("no thread panicked");
                        counts.0 += done;
                        counts.1 += mates;
                        progress.add((done + mates) as u64, (done + mates) as u64);
                        *slot.lock().expect("no thread panicked") = Some(game);
                    }
                    Err(e) => {
                        *failed.lock().expect("no thread panicked") = Some(e);
                        next.store(slots.len(), Ordering::Relaxed);
                        break;
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().expect("no thread panicked") {
        return Err(e);
    }
    let games = slots
        .into_iter()
        .filter_map(|slot| slot.into_inner().expect("no thread panicked"))
        .collect();
    Ok((games, counts.into_inner().expect("no thread panicked")))
}

/// Replaces the scores of `game`'s scored positions by `engine`'s; returns how many it
/// scored and how many it scored as mate (left without a score).
fn label_game(
    rules: &Arc<Rules>,
    game: &mut Game,
    engine: &mut UciClient,
    limit: &str,
) -> Result<(usize, usize), String> {
    let mut positions = Vec::new();
    game.replay(rules, |pos, _| {
        positions.push((pos.fen(), pos.side_to_move()));
    })
    .map_err(|e| e.to_string())?;
    let mut scores = Vec::with_capacity(positions.len());
    for (fen, side) in positions {
        let score = engine.score(&fen, limit)?;
        scores.push(score.map(|cp| if side == Color::White { cp } else { -cp }));
    }
    let mates = scores.iter().filter(|s| s.is_none()).count();
    let labelled = scores.len() - mates;
    let mut scores = scores.into_iter();
    for ply in game.plies.iter_mut().filter(|p| p.score.is_some()) {
        ply.score = scores
            .next()
            .flatten()
            .map(|cp| cp.clamp(-i16::MAX as i32, i16::MAX as i32) as i16);
    }
    Ok((labelled, mates))
}

/// Reads the command line.
fn read(items: &[String]) -> Result<Request, UsageError> {
    let mut args = Args::new(items);
    let mut request = Request {
        engine: String::new(),
        options: Vec::new(),
        limit: "depth 7".to_string(),
        threads: 1,
        uci_variant: None,
        files: Vec::new(),
        paths: Vec::new(),
    };
    while let Some(arg) = args.next_arg() {
        match arg {
            Arg::Option { name, inline } => match name.as_str() {
                "--engine" => request.engine = args.value(&name, inline, "a command")?,
                "--option" => {
                    let text = args.value(&name, inline, "NAME=VALUE")?;
                    let (key, value) = text.split_once('=').ok_or_else(|| {
                        UsageError::new(format!("--option: '{text}' is not NAME=VALUE"))
                    })?;
                    request
                        .options
                        .push((key.trim().to_string(), value.trim().to_string()));
                }
                "--depth" => {
                    let depth: u32 =
                        number_in(&name, &args.value(&name, inline, "a depth")?, 1, 99)?;
                    request.limit = format!("depth {depth}");
                }
                "--nodes" => {
                    let nodes: u64 = number_in(
                        &name,
                        &args.value(&name, inline, "nodes")?,
                        1,
                        1_000_000_000,
                    )?;
                    request.limit = format!("nodes {nodes}");
                }
                "--threads" => {
                    request.threads =
                        number_in(&name, &args.value(&name, inline, "a count")?, 1, 256)?
                }
                "--uci-variant" => {
                    request.uci_variant = Some(args.value(&name, inline, "a variant")?)
                }
                "--variants-file" => request.files.push(args.value(&name, inline, "a file")?),
                other => return Err(UsageError::new(format!("unknown option '{other}'"))),
            },
            Arg::Positional(text) => request.paths.push(text),
        }
    }
    if request.engine.is_empty() {
        return Err(UsageError::new("--engine is missing"));
    }
    Ok(request)
}
