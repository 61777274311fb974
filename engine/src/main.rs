//! `kraken`: the command-line front end of the Kraken engine.
//!
//! The first argument names a command; everything after it belongs to that command. Results go
//! to stdout, errors and logging (env_logger, `RUST_LOG`) to stderr. Bad command lines exit
//! with status 2.

mod cli;
mod tools;

use std::io::{self, Write};
use std::process::ExitCode;

use cli::UsageError;

/// The text of `kraken --help`.
const HELP: &str = "\
kraken: a variant chess engine whose pieces are defined in XBetza

Usage: kraken COMMAND [ARGS...]
       kraken [--variants-file FILE]...   (play through XBoard or UCI on stdin/stdout)

Without a command Kraken waits for 'xboard' or 'uci' on stdin and speaks that protocol.
--variants-file FILE adds the variants of FILE (offered to the GUI with the built-in ones).

Commands:
  betza    show where a piece written in XBetza can move
  perft    count the leaf nodes of the move tree of a position
  variants list the variants Kraken knows, with their board sizes
  check    check a variant file (file, line and key of every problem)
  bench    search fixed positions to a fixed depth (node count and speed)
  datagen  play fast self-play games and write quiet positions with their scores
  label    score the positions of data files with another engine (a teacher)
  data     look into, print and mix data files (shuffled, each position once)
  openings make an opening suite: random lines a shallow search calls balanced
  tactics  count the positions of an EPD test suite solved in a fixed time
  tune     fit the evaluation's weights to game results (Texel's method)
  train    train a variant's evaluation network on scored positions
  help     show this help, or a command's help (kraken help betza)

Options:
  -h, --help       show this help
  -V, --version    show the version

Run 'kraken COMMAND --help' for the options of a command.
Logging goes to stderr; set RUST_LOG (such as RUST_LOG=debug) to see more.
";

/// Exit status for a command line that cannot be run.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .format_timestamp_millis()
        .init();
    let args: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect()
    {
        Ok(args) => args,
        Err(arg) => {
            eprintln!("kraken: argument {arg:?} is not valid UTF-8");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    log::debug!("arguments: {args:?}");
    let Some(command) = args.first() else {
        return play(&args);
    };
    if command == "--variants-file" || command.starts_with("--variants-file=") {
        return play(&args);
    }
    let rest = &args[1..];
    match command.as_str() {
        "-h" | "--help" | "help" => match rest.first().map(String::as_str) {
            None => emit(HELP),
            Some("betza") => emit(tools::betza::HELP),
            Some("perft") => emit(tools::perft::HELP),
            Some("variants") => emit(tools::variants::VARIANTS_HELP),
            Some("check") => emit(tools::variants::CHECK_HELP),
            Some("bench") => emit(tools::bench::HELP),
            Some("datagen") => emit(tools::datagen::HELP),
            Some("label") => emit(tools::label::HELP),
            Some("data") => emit(tools::data::HELP),
            Some("openings") => emit(tools::openings::HELP),
            Some("tactics") => emit(tools::tactics::HELP),
            Some("tune") => emit(tools::tune::HELP),
            Some("train") => emit(tools::train::HELP),
            Some(other) => unknown_command(other),
        },
        "-V" | "--version" | "version" => emit(&format!("kraken {}\n", env!("CARGO_PKG_VERSION"))),
        "betza" => match tools::betza::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("betza", &err),
        },
        "perft" => match tools::perft::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("perft", &err),
        },
        "variants" => match tools::variants::list(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("variants", &err),
        },
        "check" => match tools::variants::check(rest) {
            Ok((text, true)) => emit(&text),
            Ok((text, false)) => {
                emit(&text);
                ExitCode::from(USAGE_ERROR)
            }
            Err(err) => usage_error("check", &err),
        },
        "bench" => match tools::bench::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("bench", &err),
        },
        "openings" => match tools::openings::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("openings", &err),
        },
        "datagen" => match tools::datagen::run(rest, &mut io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => usage_error("datagen", &err),
        },
        "data" => match tools::data::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("data", &err),
        },
        "label" => match tools::label::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("label", &err),
        },
        "tactics" => match tools::tactics::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("tactics", &err),
        },
        "tune" => match tools::tune::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("tune", &err),
        },
        "train" => match tools::train::run(rest) {
            Ok(text) => emit(&text),
            Err(err) => usage_error("train", &err),
        },
        other => unknown_command(other),
    }
}

/// Runs a protocol session (XBoard or UCI, chosen by the first line) on stdin and stdout.
fn play(args: &[String]) -> ExitCode {
    let mut settings = engine::protocol::Settings::default();
    let mut items = cli::Args::new(args);
    while let Some(arg) = items.next_arg() {
        match arg {
            cli::Arg::Option { name, inline } if name == "--variants-file" => {
                match items.value(&name, inline, "a variants file") {
                    Ok(file) => settings.variant_files.push(file),
                    Err(err) => return play_usage_error(&err),
                }
            }
            cli::Arg::Option { name, .. } | cli::Arg::Positional(name) => {
                return play_usage_error(&UsageError::new(format!("unexpected '{name}'")))
            }
        }
    }
    let output = engine::protocol::Output::new(Box::new(io::stdout()));
    engine::protocol::run(io::BufReader::new(io::stdin()), output, &settings);
    ExitCode::SUCCESS
}

fn play_usage_error(err: &UsageError) -> ExitCode {
    eprintln!("kraken: {err}");
    eprintln!("Run 'kraken --help' for the commands and options.");
    ExitCode::from(USAGE_ERROR)
}

/// Writes `text` to stdout. A closed pipe (`kraken betza Q | head`) is not an error.
fn emit(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("kraken: cannot write to stdout: {err}");
            ExitCode::FAILURE
        }
    }
}

fn unknown_command(name: &str) -> ExitCode {
    eprintln!("kraken: unknown command '{name}'");
    eprintln!("Run 'kraken --help' for the list of commands.");
    ExitCode::from(USAGE_ERROR)
}

fn usage_error(command: &str, err: &UsageError) -> ExitCode {
    eprintln!("kraken {command}: {err}");
    eprintln!("Run 'kraken {command} --help' for the options.");
    ExitCode::from(USAGE_ERROR)
}
