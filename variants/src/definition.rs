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
}

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

    /// Where `key` was set (or the section header when it was not).
    pub fn origin_of(&self, key: &str) -> Origin {
        self.values
            .get(key)
            .map(|(_, o)| o.clone())
            .or_else(|| self.origin.clone())
            .unwrap_or(Origin {
                source: "built-in".into(),
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
                source: "built-in".into(),
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
    };
    for (level, sourced) in chain.iter().rev().enumerate() {
        for entry in &sourced.section.entries {
            definition.levels.insert(entry.key.clone(), level);
            let origin = Origin {
                source: sourced.source.clone(),
                line: entry.line,
            };
            definition
                .values
                .insert(entry.key.clone(), (entry.value.clone(), origin));
        }
    }
    Ok(definition)
}
