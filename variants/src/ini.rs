//! The INI dialect of variant files: `[name:parent]` sections of `key = value` lines.

use std::fmt;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key, as written.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// 1-based line number.
    pub line: usize,
}

/// One `[name]` or `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The variant it inherits from.
    pub parent: Option<String>,
    /// The section's lines, in order.
    pub entries: Vec<Entry>,
    /// 1-based line number of the header.
    pub line: usize,
}

/// A line of an INI text that is neither a section header, a `key = value` line, a comment
/// nor blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Reads the sections of an INI text. Lines starting with `#` or `;` are comments; keys before
/// the first section are errors.
///
/// # Errors
/// Returns every malformed line.
pub fn parse_ini(text: &str) -> Result<Vec<Section>, Vec<IniError>> {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(header) = trimmed.strip_prefix('[') {
            let Some(header) = header.strip_suffix(']') else {
                errors.push(IniError {
                    line,
                    message: "a section header must end with ']'".into(),
                });
                continue;
            };
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim().to_string())),
                None => (header.trim(), None),
            };
            if name.is_empty() || parent.as_deref() == Some("") {
                errors.push(IniError {
                    line,
                    message: "empty variant or parent name".into(),
                });
                continue;
            }
            sections.push(Section {
                name: name.to_string(),
                parent,
                entries: Vec::new(),
                line,
            });
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            errors.push(IniError {
                line,
                message: format!("expected 'key = value', found '{trimmed}'"),
            });
            continue;
        };
        let value = value.split(" #").next().unwrap_or("").trim();
        match sections.last_mut() {
            Some(section) => section.entries.push(Entry {
                key: key.trim().to_string(),
                value: value.to_string(),
                line,
            }),
            None => errors.push(IniError {
                line,
                message: "a key outside any [variant] section".into(),
            }),
        }
    }
    if errors.is_empty() {
        Ok(sections)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_entries_and_lines() {
        let text = "# comment\n[a]\nx = 1\n\n[b:a]\n y = two words # note\n";
        let sections = parse_ini(text).unwrap();
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[1].parent.as_deref(), Some("a"));
        assert_eq!(
            sections[1].entries[0],
            Entry {
                key: "y".into(),
                value: "two words".into(),
                line: 6
            }
        );
    }

    #[test]
    fn bad_lines_are_reported() {
        let errors = parse_ini("x = 1\n[a\n[b]\nnonsense\n").unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 2, 4]);
    }
}
