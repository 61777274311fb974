//! `kraken variants` and `kraken check`: the catalog and variant files.

use movegen::Rules;
use variants::{check_file, read_variant_file, Catalog, ALIASES};

use crate::cli::UsageError;

/// The text of `kraken variants --help`.
pub const VARIANTS_HELP: &str = "\
kraken variants: list the variants Kraken knows, with their board sizes

Usage: kraken variants [--table] [--variants-file FILE]...

  --variants-file FILE  also list the variants of FILE (Fairy-Stockfish variants.ini format)
  --table               print a Markdown table: name, board, pieces beyond chess, notable rules

Each line is 'NAME WxH', then the other names a variant answers to.
";

/// The text of `kraken check --help`.
pub const CHECK_HELP: &str = "\
kraken check: check a variant file and report each problem with its file, line and key

Usage: kraken check FILE...

FILE is in the variants.ini format of Fairy-Stockfish (sections [name:parent], key = value);
parents may be built-in variants. Reports malformed lines, unknown keys, unknown or cyclic
parents, bad XBetza, bad FENs and bad values. Exit status 0 when every file is clean, 2 when
some file has problems. Lines with 'note:' are no problem: they name each piece whose Betza
is played as Fairy-Stockfish reads it, because XBetza's reading would move it otherwise.
";

/// Runs `kraken variants`.
pub fn list(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|i| i == "-h" || i == "--help") {
        return Ok(VARIANTS_HELP.to_string());
    }
    let mut catalog = Catalog::builtin();
    let mut table = false;
    let mut rest = items.iter();
    while let Some(item) = rest.next() {
        if item == "--table" {
            table = true;
            continue;
        }
        let file = match item.strip_prefix("--variants-file=") {
            Some(file) => file.to_string(),
            None if item == "--variants-file" => rest
                .next()
                .cloned()
                .ok_or_else(|| UsageError::new("--variants-file needs a file"))?,
            None => return Err(UsageError::new(format!("unexpected argument '{item}'"))),
        };
        catalog
            .add_file(std::path::Path::new(&file))
            .map_err(|errors| {
                UsageError::new(
                    errors
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            })?;
    }
    if table {
        return Ok(markdown_table(&catalog));
    }
    let mut out = String::new();
    for name in catalog.names() {
        let size = match catalog.rules(&name) {
            Ok(rules) => format!("{}x{}", rules.geometry.width(), rules.geometry.height()),
            Err(_) => "(invalid: run kraken check)".to_string(),
        };
        let aliases: Vec<&str> = ALIASES
            .iter()
            .filter(|(_, t)| *t == name)
            .map(|(a, _)| *a)
            .collect();
        out.push_str(&format!("{name} {size}"));
        if !aliases.is_empty() {
            out.push_str(&format!(" (also {})", aliases.join(", ")));
        }
        out.push('\n');
    }
    Ok(out)
}

/// The catalog as a Markdown table (the README's variant list is generated from it).
fn markdown_table(catalog: &Catalog) -> String {
    let mut out = String::from(
        "| variant | board | pieces besides chess's | notable rules |\n|---|---|---|---|\n",
    );
    for name in catalog.names() {
        let Ok(rules) = catalog.rules(&name) else {
            continue;
        };
        let aliases: Vec<&str> = ALIASES
            .iter()
            .filter(|(_, t)| *t == name)
            .map(|(a, _)| *a)
            .collect();
        let shown = if aliases.is_empty() {
            name.clone()
        } else {
            format!("{name} ({})", aliases.join(", "))
        };
        out.push_str(&format!(
            "| {shown} | {}x{} | {} | {} |\n",
            rules.geometry.width(),
            rules.geometry.height(),
            extra_pieces(&rules),
            notable_rules(&rules)
        ));
    }
    out
}

/// The piece types that are not the FIDE ones, as `symbol: XBetza`.
fn extra_pieces(rules: &Rules) -> String {
    const FIDE: &[(&str, &str)] = &[
        ("P", "fmWfceFifmnD"),
        ("N", "N"),
        ("B", "B"),
        ("R", "R"),
        ("Q", "Q"),
        ("K", "K"),
    ];
    let extra: Vec<String> = rules
        .pieces
        .iter()
        .filter(|p| !FIDE.contains(&(p.symbol.as_str(), p.betza.as_str())))
        .map(|p| format!("{}: `{}`", p.symbol, p.betza))
        .collect();
    if extra.is_empty() {
        "-".into()
    } else {
        extra.join(", ")
    }
}

/// The rules worth knowing about a variant, in a few words each.
fn notable_rules(rules: &Rules) -> String {
    let notes: Vec<String> = rules.features().into_iter().map(|f| f.summary).collect();
    if notes.is_empty() {
        "-".into()
    } else {
        notes.join(", ")
    }
}

/// Runs `kraken check`; returns the report and whether every file was clean.
pub fn check(items: &[String]) -> Result<(String, bool), UsageError> {
    if items.iter().any(|i| i == "-h" || i == "--help") {
        return Ok((CHECK_HELP.to_string(), true));
    }
    if items.is_empty() {
        return Err(UsageError::new("FILE is missing"));
    }
    let mut out = String::new();
    let mut clean = true;
    for file in items {
        let text = read_variant_file(std::path::Path::new(file))
            .map_err(|problem| UsageError::new(format!("cannot read {problem}")))?;
        let report = check_file(&text, file);
        for note in &report.notes {
            out.push_str(&format!("{note}\n"));
        }
        if report.problems.is_empty() {
            out.push_str(&format!("{file}: ok\n"));
        }
        for problem in report.problems {
            clean = false;
            out.push_str(&format!("{problem}\n"));
        }
    }
    Ok((out, clean))
}
