//! Variant definitions: sections with their parents' keys resolved.

use std::{collections::BTreeMap, fmt};

use crate::ini::{IniError, Section};

/// Where a value was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The file (or `built-in`).
    pub source: String,
    /// 1-based line number; 0 when the problem is with the whole file (not shown).
    pub line: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}", self.source),
            line => write!(f, "{}:{line}", self.source),
        }
    }
}

/// A problem in a variant file: where, which key, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// Where the problem is.
    pub origin: Origin,
    /// The key involved, if any.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.key {
            Some(key) => write!(f, "{}: {}: {}", self.origin, key, self.message),
            None => write!(f, "{}: {}", self.origin, self.message),
        }
    }
}

impl std::error::Error for VariantError {}

impl VariantError {
    /// The malformed lines of the INI text `source`, as variant errors.
    pub fn from_ini(errors: Vec<IniError>, source: &str) -> Vec<VariantError> {
        errors
            .into_iter()
            .map(|e| VariantError {
                origin: Origin {
                    source: source.to_string(),
                    line: e.line,
                },
                key: None,
                message: e.message,
            })
            .collect()
    }
}

/// The source named for the built-in catalog's sections, whose Betza is read as XBetza.
pub(crate) const BUILT_IN: &str = "built-in";

/// A section from a file, remembered with the file's name.
#[derive(Clone, Debug)]
pub struct SourcedSection {
    /// The section.
    pub section: Section,
    /// The file it came from.
    pub source: String,
}

/// One variant's keys after inheritance: each key's value and where it was written.
#[derive(Clone, Debug, Default)]
pub struct Definition {
    /// The variant's name.
    pub name: String,
    /// Where the variant's own section starts.
    pub origin: Option<Origin>,
    /// Key to (value, origin); a child's keys replace its parent's.
    pub values: BTreeMap<String, (String, Origin)>,
    /// Key to the section that set it last, counted from the root of the chain of parents
    /// (the root is 0, the variant's own section the highest).
    pub levels: BTreeMap<String, usize>,
    /// For the [`AMENDED_KEYS`]: (key, the piece letter a pair `x:y` starts with) to the
    /// section that wrote the pair, counted as in `levels`.
    pub pair_levels: BTreeMap<(String, String), usize>,
    /// How many sections the chain of parents holds: the level ([`Definition::level_of`]) of
    /// the variant's own section.
    pub sections: usize,
    /// Every value every section wrote, in order: (level as in `levels`, key, value). An
    /// inherited key may name pieces by the letters they had where it was written.
    pub written: Vec<(usize, String, String)>,
}

/// Keys whose pairs `x:y` a section adds to its parent's instead of replacing them, as
/// Fairy-Stockfish reads them: a section's `x:y` replaces only the parent's pair for `x`, and
/// `x:-` takes it away.
pub const AMENDED_KEYS: &[&str] = &["promotedPieceType"];

impl Definition {
    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|(v, _)| v.as_str())
    }

    /// How late in the chain of parents `key` was set: 0 when it was not set at all, 1 for
    /// the root section, the most for the variant's own section.
    pub fn level_of(&self, key: &str) -> usize {
        self.levels.get(key).map_or(0, |level| level + 1)
    }

    /// How late in the chain of parents the pair of the amended `key` for the piece letter
    /// `from` was written (counted as in [`Definition::level_of`]).
    pub fn pair_level(&self, key: &str, from: &str) -> usize {
        self.pair_levels
            .get(&(key.to_string(), from.to_ascii_lowercase()))
            .map_or(0, |level| level + 1)
    }

    /// The value `key` had once the sections up to `level` (counted as in
    /// [`Definition::level_of`]) were read.
    pub fn value_at(&self, key: &str, level: usize) -> Option<&str> {
        self.written
            .iter()
            .rev()
            .find(|(at, k, _)| *at < level && k == key)
            .map(|(_, _, v)| v.as_str())
    }

    /// Where `key` was set (or the section header when it was not).
    pub fn origin_of(&self, key: &str) -> Origin {
        self.values
            .get(key)
            .map(|(_, o)| o.clone())
            .or_else(|| self.origin.clone())
            .unwrap_or(Origin {
                source: BUILT_IN.into(),
                line: 0,
            })
    }

    /// An error about `key`.
    pub fn error(&self, key: &str, message: impl Into<String>) -> VariantError {
        VariantError {
            origin: self.origin_of(key),
            key: Some(key.to_string()),
            message: message.into(),
        }
    }
}

/// Resolves the variant `name` among `sections` (later sections override earlier ones of the
/// same name), following parents to the root.
///
/// # Errors
/// Returns an error for an unknown variant or parent, or a cycle of parents.
pub fn resolve(name: &str, sections: &[SourcedSection]) -> Result<Definition, VariantError> {
    let find = |n: &str| {
        sections
            .iter()
            .rev()
            .find(|s| s.section.name.eq_ignore_ascii_case(n))
    };
    let mut chain: Vec<&SourcedSection> = Vec::new();
    let Some(mut current) = find(name) else {
        return Err(VariantError {
            origin: Origin {
                source: BUILT_IN.into(),
                line: 0,
            },
            key: None,
            message: format!("unknown variant '{name}'"),
        });
    };
    loop {
        if chain.iter().any(|s| std::ptr::eq(*s, current)) {
            let names: Vec<&str> = chain.iter().map(|s| s.section.name.as_str()).collect();
            return Err(VariantError {
                origin: Origin {
                    source: current.source.clone(),
                    line: current.section.line,
                },
                key: None,
                message: format!(
                    "a cycle of parents: {} -> {}",
                    names.join(" -> "),
                    current.section.name
                ),
            });
        }
        chain.push(current);
        let Some(parent) = &current.section.parent else {
            break;
        };
        let Some(next) = sections
            .iter()
            .rev()
            .find(|s| s.section.name.eq_ignore_ascii_case(parent) && !std::ptr::eq(*s, current))
        else {
            return Err(VariantError {
                origin: Origin {
                    source: current.source.clone(),
                    line: current.section.line,
                },
                key: None,
                message: if parent.eq_ignore_ascii_case(&current.section.name) {
                    format!("a cycle of parents: {parent} -> {parent}")
                } else {
                    format!("unknown parent variant '{parent}'")
                },
            });
        };
        current = next;
    }
    let mut definition = Definition {
        name: chain[0].section.name.clone(),
        origin: Some(Origin {
            source: chain[0].source.clone(),
            line: chain[0].section.line,
        }),
        values: BTreeMap::new(),
        levels: BTreeMap::new(),
        pair_levels: BTreeMap::new(),
        sections: chain.len(),
        written: Vec::new(),
    };
    for (level, sourced) in chain.iter().rev().enumerate() {
        for entry in &sourced.section.entries {
            definition.levels.insert(entry.key.clone(), level);
            let origin = Origin {
                source: sourced.source.clone(),
                line: entry.line,
            };
            let value = if AMENDED_KEYS.contains(&entry.key.as_str()) {
                definition.amend(&entry.key, &entry.value, level)
            } else {
                entry.value.clone()
            };
            definition
                .written
                .push((level, entry.key.clone(), entry.value.clone()));
            definition.values.insert(entry.key.clone(), (value, origin));
        }
    }
    Ok(definition)
}

impl Definition {
    /// The value of the amended `key` once the pairs of `value`, written at `level`, are laid
    /// over the pairs it has so far. A word that is no pair is kept for the builder to report.
    fn amend(&mut self, key: &str, value: &str, level: usize) -> String {
        let mut words: Vec<String> = self
            .get(key)
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        for word in value.split_whitespace() {
            let Some((from, to)) = word.split_once(':') else {
                words.push(word.to_string());
                continue;
            };
            let from = from.to_ascii_lowercase();
            words.retain(|w| {
                w.split_once(':')
                    .map_or(true, |(f, _)| !f.eq_ignore_ascii_case(&from))
            });
            let pair_key = (key.to_string(), from);
            if to == "-" {
                self.pair_levels.remove(&pair_key);
            } else {
                words.push(word.to_string());
                self.pair_levels.insert(pair_key, level);
            }
        }
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ini::parse_ini;

    fn definition(text: &str, name: &str) -> Definition {
        let sections: Vec<SourcedSection> = parse_ini(text)
            .unwrap()
            .into_iter()
            .map(|section| SourcedSection {
                section,
                source: "test".into(),
            })
            .collect();
        resolve(name, &sections).unwrap()
    }

    #[test]
    fn promoted_piece_types_amend_the_parents_pairs() {
        let text = "[a]\npromotedPieceType = p:g s:g b:h\n\
                    [b:a]\npromotedPieceType = S:- l:g b:d\n\
                    [c:b]\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n";
        let def = definition(text, "c");
        assert_eq!(def.get("promotedPieceType"), Some("p:g l:g b:d"));
        // Levels count from 1 at the root; the pair taken away has none.
        assert_eq!(def.pair_level("promotedPieceType", "p"), 1);
        assert_eq!(def.pair_level("promotedPieceType", "B"), 2);
        assert_eq!(def.pair_level("promotedPieceType", "s"), 0);
        assert_eq!(def.sections, 3);
        // Other keys still replace the parent's value.
        let text = "[a]\npieceDrops = true\n[b:a]\npieceDrops = false\n";
        assert_eq!(definition(text, "b").get("pieceDrops"), Some("false"));
    }
}
