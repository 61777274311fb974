//! Hand-written argument reading shared by the subcommands.

use std::fmt;

/// A command line that cannot be run. The message says what is wrong; it may span lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

impl UsageError {
    /// Makes an error from anything printable.
    pub fn new(message: impl Into<String>) -> UsageError {
        UsageError(message.into())
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// One item of a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// `-h`, `--name` or `--name=value` (the part after `=` is kept as `inline`).
    Option {
        /// The option as written, without any `=value` (`--size`).
        name: String,
        /// The value written after `=`, if any.
        inline: Option<String>,
    },
    /// Anything that does not start with `-`.
    Positional(String),
}

/// The arguments of one subcommand, read from left to right.
#[derive(Debug)]
pub struct Args {
    items: Vec<String>,
    pos: usize,
}

impl Args {
    /// Wraps the arguments that follow the subcommand name.
    pub fn new(items: &[String]) -> Args {
        Args {
            items: items.to_vec(),
            pos: 0,
        }
    }

    /// The next item, or `None` at the end.
    pub fn next_arg(&mut self) -> Option<Arg> {
        let item = self.items.get(self.pos)?.clone();
        self.pos += 1;
        if item.starts_with('-') && item.len() > 1 {
            Some(match item.split_once('=') {
                Some((name, value)) if name.starts_with("--") => Arg::Option {
                    name: name.to_string(),
                    inline: Some(value.to_string()),
                },
                _ => Arg::Option {
                    name: item,
                    inline: None,
                },
            })
        } else {
            Some(Arg::Positional(item))
        }
    }

    /// The value of option `name`: its `=value`, or else the next item, which may not look
    /// like an option itself. `what` describes the expected value for the error message.
    pub fn value(
        &mut self,
        name: &str,
        inline: Option<String>,
        what: &str,
    ) -> Result<String, UsageError> {
        if let Some(value) = inline {
            if value.is_empty() {
                return Err(UsageError(format!("{name} needs a value ({what})")));
            }
            return Ok(value);
        }
        match self.items.get(self.pos) {
            Some(value) if !value.starts_with('-') && !value.is_empty() => {
                self.pos += 1;
                Ok(value.clone())
            }
            _ => Err(UsageError(format!("{name} needs a value ({what})"))),
        }
    }
}

/// `text` as a number from `low` to `high`: the value of `option`.
pub fn number_in<T>(option: &str, text: &str, low: T, high: T) -> Result<T, UsageError>
where
    T: std::str::FromStr + PartialOrd + fmt::Display + Copy,
{
    text.parse::<T>()
        .ok()
        .filter(|n| *n >= low && *n <= high)
        .ok_or_else(|| UsageError::new(format!("{option} needs {low} to {high}, found '{text}'")))
}

/// Variant-file problems joined into one message.
pub fn variant_errors(list: Vec<variants::VariantError>) -> UsageError {
    UsageError::new(
        list.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The rules of `variant` from the built-in catalog with the variant `files` loaded first.
pub fn catalog_rules(
    variant: &str,
    files: &[String],
) -> Result<std::sync::Arc<movegen::Rules>, UsageError> {
    let mut catalog = variants::Catalog::builtin();
    for file in files {
        catalog
            .add_file(std::path::Path::new(file))
            .map_err(variant_errors)?;
    }
    catalog.rules(variant).map_err(variant_errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(items: &[&str]) -> Args {
        Args::new(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn options_take_separate_or_inline_values() {
        let mut a = args(&["N", "--size", "9x10", "--from=b1", "--from", "--x"]);
        assert_eq!(a.next_arg(), Some(Arg::Positional("N".into())));
        let Some(Arg::Option { name, inline }) = a.next_arg() else {
            panic!("expected an option")
        };
        assert_eq!(a.value(&name, inline, "WxH"), Ok("9x10".into()));
        let Some(Arg::Option { name, inline }) = a.next_arg() else {
            panic!("expected an option")
        };
        assert_eq!(a.value(&name, inline, "a square"), Ok("b1".into()));
        let Some(Arg::Option { name, inline }) = a.next_arg() else {
            panic!("expected an option")
        };
        assert_eq!(
            a.value(&name, inline, "a square"),
            Err(UsageError("--from needs a value (a square)".into()))
        );
        assert!(matches!(a.next_arg(), Some(Arg::Option { name, .. }) if name == "--x"));
        assert_eq!(a.next_arg(), None);
    }
}
