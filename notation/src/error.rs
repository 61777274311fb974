//! Errors in XBetza text.

use std::fmt;

/// What was wrong at the place a [`ParseError`] points to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text is empty.
    Empty,
    /// Modifiers are not followed by an atom.
    ExpectedAtom,
    /// A character that is neither a modifier, an atom nor a suffix.
    UnexpectedChar(char),
    /// `X` or `Y` after something other than a leaper atom.
    MisplacedExtension(char),
    /// A range of more than two digits.
    RangeTooLong,
    /// A range on an atom that takes none (U, I).
    RangeNotAllowed(char),
    /// A malformed `(x,y)` leap.
    BadLeap(&'static str),
    /// A leap longer than a 16x16 board allows.
    LeapTooLong,
}

/// An error in an XBetza text, with the 1-based column (in characters) where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The text that was parsed.
    pub input: String,
    /// The 1-based column of the offending character (one past the end for a missing part).
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Empty => write!(f, "expected a piece description, found nothing"),
            ParseErrorKind::ExpectedAtom => write!(f, "expected an atom after modifiers"),
            ParseErrorKind::UnexpectedChar(c) => {
                write!(
                    f,
                    "unexpected character '{c}' (expected a modifier or an atom)"
                )
            }
            ParseErrorKind::MisplacedExtension(c) => {
                write!(
                    f,
                    "'{c}' extends a leaper atom (W F D N A H C Z G) and must follow it"
                )
            }
            ParseErrorKind::RangeTooLong => write!(f, "a range has at most two digits"),
            ParseErrorKind::RangeNotAllowed(c) => write!(f, "atom '{c}' takes no range"),
            ParseErrorKind::BadLeap(what) => write!(f, "bad (x,y) leap: expected {what}"),
            ParseErrorKind::LeapTooLong => write!(f, "a leap may be at most 15 squares long"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\": column {}: {}",
            self.input, self.column, self.kind
        )
    }
}

impl std::error::Error for ParseError {}
