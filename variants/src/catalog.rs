//! The catalog: built-in variants plus any files the user loads, looked up by name.

use std::{fmt, sync::Arc};

use movegen::Rules;

use crate::{
    build::build_rules,
    definition::{resolve, Origin, SourcedSection, VariantError, BUILT_IN},
    ini::parse_ini,
};

/// The built-in variant definitions.
pub const BUILTIN: &str = include_str!("../catalog/builtin.ini");

/// XBoard's and Fairy-Max's own variants, loaded after [`BUILTIN`] as part of the built-in
/// catalog.
pub const XBOARD: &str = include_str!("../catalog/xboard.ini");

/// cutechess-cli's own variants, loaded after [`XBOARD`] as part of the built-in catalog.
pub const CUTECHESS: &str = include_str!("../catalog/cutechess.ini");

/// Other names of built-in variants, as XBoard, cutechess and UCI GUIs spell them.
pub const ALIASES: &[(&str, &str)] = &[
    ("normal", "chess"),
    ("standard", "chess"),
    ("chess960", "fischerandom"),
    ("fischerrandom", "fischerandom"),
    ("los-alamos", "losalamos"),
    ("mini", "minishogi"),
    ("king-of-the-hill", "kingofthehill"),
    // XBoard's and Fairy-Max's names written the cutechess way (no hyphens) and in full.
    ("grandeacedrex", "grande-acedrex"),
    ("lightbrigade", "light-brigade"),
    ("teammate", "team-mate"),
    ("almostwildebeest", "almost-wildebeest"),
    ("greatshatranj", "great"),
    ("superchess", "super"),
    ("lionchess", "lion"),
    ("falconchess", "falcon"),
    ("cylinderchess", "cylinder"),
    ("washogi", "wa-shogi"),
    ("daishogi", "dai"),
    ("cashewshogi", "cashew-shogi"),
    ("macadamiashogi", "macadamia-shogi"),
];

/// An unknown variant name, with the known names that look like it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant {
    /// The name asked for.
    pub name: String,
    /// Known names close to it.
    pub close: Vec<String>,
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}'", self.name)?;
        if !self.close.is_empty() {
            write!(f, " (did you mean {}?)", self.close.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownVariant {}

/// Every variant Kraken knows: the built-in ones and those of loaded files.
#[derive(Clone, Debug)]
pub struct Catalog {
    sections: Vec<SourcedSection>,
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog::builtin()
    }
}

impl Catalog {
    /// The built-in variants.
    pub fn builtin() -> Catalog {
        let mut sections = parse_ini(BUILTIN).expect("the built-in catalog is valid");
        sections.extend(parse_ini(XBOARD).expect("the built-in XBoard catalog is valid"));
        sections.extend(parse_ini(CUTECHESS).expect("the built-in cutechess catalog is valid"));
        Catalog {
            sections: sections
                .into_iter()
                .map(|section| SourcedSection {
                    section,
                    source: BUILT_IN.into(),
                })
                .collect(),
        }
    }

    /// Adds the variants of a file's text (`source` names it in messages).
    ///
    /// # Errors
    /// Returns the malformed lines; nothing is added then.
    pub fn add_text(&mut self, text: &str, source: &str) -> Result<Vec<String>, Vec<VariantError>> {
        let sections = parse_ini(text).map_err(|errors| VariantError::from_ini(errors, source))?;
        let names = sections.iter().map(|s| s.name.clone()).collect();
        self.sections
            .extend(sections.into_iter().map(|section| SourcedSection {
                section,
                source: source.to_string(),
            }));
        Ok(names)
    }

    /// Adds the variants of the file at `path`.
    ///
    /// # Errors
    /// Returns an error if the file cannot be read or has malformed lines.
    pub fn add_file(&mut self, path: &std::path::Path) -> Result<Vec<String>, Vec<VariantError>> {
        let text = read_variant_file(path).map_err(|e| vec![e])?;
        self.add_text(&text, &path.display().to_string())
    }

    /// The names of every variant, in definition order, without repeats.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for s in &self.sections {
            if !names
                .iter()
                .any(|n| n.eq_ignore_ascii_case(&s.section.name))
            {
                names.push(s.section.name.clone());
            }
        }
        names
    }

    /// The names of the variants defined by files rather than built in.
    pub fn user_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for s in self.sections.iter().filter(|s| s.source != BUILT_IN) {
            if !names
                .iter()
                .any(|n| n.eq_ignore_ascii_case(&s.section.name))
            {
                names.push(s.section.name.clone());
            }
        }
        names
    }

    /// The sections of every loaded text, built-in first.
    pub fn sections(&self) -> &[SourcedSection] {
        &self.sections
    }

    /// Finds the canonical name of `name`: case-insensitive, aliases resolved.
    ///
    /// # Errors
    /// Returns the close matches of an unknown name.
    pub fn lookup(&self, name: &str) -> Result<String, UnknownVariant> {
        let names = self.names();
        if let Some(n) = names.iter().find(|n| n.eq_ignore_ascii_case(name)) {
            return Ok(n.clone());
        }
        if let Some((_, target)) = ALIASES.iter().find(|(a, _)| a.eq_ignore_ascii_case(name)) {
            return Ok(target.to_string());
        }
        let lower = name.to_ascii_lowercase();
        let mut close: Vec<(usize, String)> = names
            .iter()
            .chain(
                ALIASES
                    .iter()
                    .map(|(a, _)| a)
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .iter(),
            )
            .map(|n| (edit_distance(&lower, &n.to_ascii_lowercase()), n.clone()))
            .filter(|(d, n)| *d <= 2 + name.len() / 4 || n.to_ascii_lowercase().contains(&lower))
            .collect();
        close.sort();
        close.dedup_by(|a, b| a.1 == b.1);
        Err(UnknownVariant {
            name: name.to_string(),
            close: close.into_iter().take(5).map(|(_, n)| n).collect(),
        })
    }

    /// The rules of the variant `name`.
    ///
    /// # Errors
    /// Returns an unknown name, or the problems of its definition.
    pub fn rules(&self, name: &str) -> Result<Arc<Rules>, Vec<VariantError>> {
        let canonical = self.lookup(name).map_err(|e| {
            vec![VariantError {
                origin: Origin {
                    source: "command line".into(),
                    line: 0,
                },
                key: None,
                message: e.to_string(),
            }]
        })?;
        let definition = resolve(&canonical, &self.sections).map_err(|e| vec![e])?;
        build_rules(&definition).map(Arc::new)
    }
}

/// The largest variant file Kraken reads (Fairy-Stockfish's own is about 100 KB).
pub const MAX_VARIANT_FILE_BYTES: u64 = 16 << 20;

/// The text of the variant file at `path`: an error for a file that cannot be read, one larger
/// than [`MAX_VARIANT_FILE_BYTES`] (such as `/dev/zero`) or one that is not UTF-8 (at the
/// line and column of the first bad byte).
///
/// # Errors
/// Returns the problem, with the file and line where there is one.
pub fn read_variant_file(path: &std::path::Path) -> Result<String, VariantError> {
    use std::io::Read;
    let source = path.display().to_string();
    let fail = |line: usize, message: String| VariantError {
        origin: Origin {
            source: source.clone(),
            line,
        },
        key: None,
        message,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| {
            file.take(MAX_VARIANT_FILE_BYTES + 1)
                .read_to_end(&mut bytes)
        })
        .map_err(|e| fail(0, e.to_string()))?;
    if bytes.len() as u64 > MAX_VARIANT_FILE_BYTES {
        let mib = MAX_VARIANT_FILE_BYTES >> 20;
        return Err(fail(
            0,
            format!("larger than {mib} MiB: not a variant file"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        fail(line, format!("column {column}: not UTF-8 text"))
    })
}

/// Levenshtein distance between two short strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
