//! `kraken variants` and `kraken check`: the catalog and variant files.

use variants::{check_text, Catalog, ALIASES};

use crate::cli::UsageError;

/// The text of `kraken variants --help`.
pub const VARIANTS_HELP: &str = "\
kraken variants: list the variants Kraken knows, with their board sizes

Usage: kraken variants [--variants-file FILE]...

  --variants-file FILE  also list the variants of FILE (Fairy-Stockfish variants.ini format)

Each line is 'NAME WxH', then the other names a variant answers to.
";

/// The text of `kraken check --help`.
pub const CHECK_HELP: &str = "\
kraken check: check a variant file and report each problem with its file, line and key

Usage: kraken check FILE...

FILE is in the variants.ini format of Fairy-Stockfish (sections [name:parent], key = value);
parents may be built-in variants. Reports malformed lines, unknown keys, unknown or cyclic
parents, bad XBetza, bad FENs and bad values. Exit status 0 when every file is clean, 2 when
some file has problems.
";

/// Runs `kraken variants`.
pub fn list(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|i| i == "-h" || i == "--help") {
        return Ok(VARIANTS_HELP.to_string());
    }
    let mut catalog = Catalog::builtin();
    let mut rest = items.iter();
    while let Some(item) = rest.next() {
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
        let text = std::fs::read_to_string(file)
            .map_err(|e| UsageError::new(format!("cannot read {file}: {e}")))?;
        let problems = check_text(&text, file);
        if problems.is_empty() {
            out.push_str(&format!("{file}: ok\n"));
        }
        for problem in problems {
            clean = false;
            out.push_str(&format!("{problem}\n"));
        }
    }
    Ok((out, clean))
}
