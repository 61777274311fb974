//! XBetza text to [`PieceDesc`].

use crate::{
    ast::{Atom, Initial, Leg, MoveDesc, PieceDesc, Range},
    direction::{resolve_run, DirClass, DirLetter},
    error::{ParseError, ParseErrorKind},
    DirSet, Modes,
};

/// Parses an XBetza piece description.
///
/// Besides XBetza proper this accepts the legacy `(x,y)` leap (`(4,1)`) and the doubled `WW` and
/// `FF` for Rook and Bishop.
///
/// # Errors
/// Returns a [`ParseError`] naming the column and what was expected.
///
/// # Examples
/// ```
/// let pawn = notation::parse("fmWfceFifmnD").unwrap();
/// assert_eq!(pawn.moves.len(), 3);
/// let err = notation::parse("fmWfce").unwrap_err();
/// assert_eq!(err.to_string(), "\"fmWfce\": column 7: expected an atom after modifiers");
/// ```
pub fn parse(text: &str) -> Result<PieceDesc, ParseError> {
    Parser::new(text).parse()
}

/// The modifiers of one `a`-separated group, as written.
#[derive(Default)]
struct Group {
    runs: Vec<Vec<DirLetter>>,
    modes: Modes,
    n_count: u8,
    o_count: u8,
    i_count: u8,
    in_run: bool,
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            chars: text.char_indices().collect(),
            pos: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    fn byte_offset(&self) -> usize {
        self.chars
            .get(self.pos)
            .map_or(self.text.len(), |&(i, _)| i)
    }

    fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError {
            input: self.text.to_string(),
            column: self.pos + 1,
            kind,
        }
    }

    fn parse(mut self) -> Result<PieceDesc, ParseError> {
        if self.chars.is_empty() {
            return Err(self.error(ParseErrorKind::Empty));
        }
        let mut moves = Vec::new();
        while self.pos < self.chars.len() {
            moves.push(self.parse_move()?);
        }
        Ok(PieceDesc { moves })
    }

    fn parse_move(&mut self) -> Result<MoveDesc, ParseError> {
        let start = self.byte_offset();
        let mut groups = vec![Group::default()];
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error(ParseErrorKind::ExpectedAtom));
            };
            let group = groups.last_mut().expect("at least one group");
            if let Some(letter) = DirLetter::from_char(c) {
                if !group.in_run {
                    group.runs.push(Vec::new());
                    group.in_run = true;
                }
                group.runs.last_mut().expect("run just pushed").push(letter);
            } else if c.is_ascii_lowercase() {
                group.in_run = false;
                match c {
                    'a' => groups.push(Group::default()),
                    'i' => group.i_count = group.i_count.saturating_add(1),
                    'n' => group.n_count = group.n_count.saturating_add(1),
                    'o' => group.o_count = group.o_count.saturating_add(1),
                    _ => match mode_letter(c) {
                        Some(mode) => group.modes.insert(mode),
                        None => return Err(self.error(ParseErrorKind::UnexpectedChar(c))),
                    },
                }
            } else if c.is_ascii_uppercase() || c == '(' {
                break;
            } else if c == 'X' || c == 'Y' {
                return Err(self.error(ParseErrorKind::MisplacedExtension(c)));
            } else {
                return Err(self.error(ParseErrorKind::UnexpectedChar(c)));
            }
            self.pos += 1;
        }
        let (atom, range) = self.parse_atom()?;
        let end = self.byte_offset();
        Ok(build_move(groups, atom, range, (start, end)))
    }

    /// Parses an atom with its suffixes: doubling, `X`/`Y` extensions and range.
    fn parse_atom(&mut self) -> Result<(Atom, Range), ParseError> {
        let letter = self.peek().expect("caller checked");
        if letter == '(' {
            let (atom, range) = self.parse_leap()?;
            return Ok((atom, self.parse_range(letter)?.unwrap_or(range)));
        }
        let leap = |minor, major| Atom::Leap {
            minor,
            major,
            slider: false,
        };
        let (mut atom, mut range) = match letter {
            'W' => (leap(0, 1), Range::Steps(1)),
            'F' => (leap(1, 1), Range::Steps(1)),
            'D' => (leap(0, 2), Range::Steps(1)),
            'N' => (leap(1, 2), Range::Steps(1)),
            'A' => (leap(2, 2), Range::Steps(1)),
            'H' => (leap(0, 3), Range::Steps(1)),
            'L' | 'C' => (leap(1, 3), Range::Steps(1)),
            'J' | 'Z' => (leap(2, 3), Range::Steps(1)),
            'G' => (leap(3, 3), Range::Steps(1)),
            'K' => (Atom::King { slider: false }, Range::Steps(1)),
            'Q' => (Atom::King { slider: true }, Range::Unlimited),
            'R' => (
                Atom::Leap {
                    minor: 0,
                    major: 1,
                    slider: true,
                },
                Range::Unlimited,
            ),
            'B' => (
                Atom::Leap {
                    minor: 1,
                    major: 1,
                    slider: true,
                },
                Range::Unlimited,
            ),
            'U' => (Atom::Universal, Range::Unlimited),
            'O' => (Atom::Castling, Range::Steps(1)),
            'I' => (Atom::Imitator, Range::Steps(1)),
            'X' | 'Y' => return Err(self.error(ParseErrorKind::MisplacedExtension(letter))),
            _ => return Err(self.error(ParseErrorKind::UnexpectedChar(letter))),
        };
        self.pos += 1;
        if let Atom::Leap {
            minor,
            major,
            slider: false,
        } = atom
        {
            if self.peek() == Some(letter) {
                // A doubled leaper letter is its rider; WW and FF are the Rook and Bishop.
                self.pos += 1;
                let slider = matches!(letter, 'W' | 'F');
                atom = Atom::Leap {
                    minor,
                    major,
                    slider,
                };
                range = Range::Unlimited;
            } else {
                atom = self.parse_extensions(atom)?;
            }
        }
        if let Some(r) = self.parse_range(letter)? {
            range = r;
        }
        Ok((atom, range))
    }

    /// Parses `X` and `Y` extensions after a leaper letter.
    fn parse_extensions(&mut self, atom: Atom) -> Result<Atom, ParseError> {
        let Atom::Leap {
            mut minor,
            mut major,
            slider,
        } = atom
        else {
            return Ok(atom);
        };
        while let Some(c @ ('X' | 'Y')) = self.peek() {
            if c == 'X' {
                major += 3;
            } else {
                minor += 2;
                major += 2;
            }
            if major > 15 {
                return Err(self.error(ParseErrorKind::LeapTooLong));
            }
            self.pos += 1;
        }
        if minor > major {
            std::mem::swap(&mut minor, &mut major);
        }
        Ok(Atom::Leap {
            minor,
            major,
            slider,
        })
    }

    /// Parses an optional range: one or two digits, or `*`.
    fn parse_range(&mut self, atom_letter: char) -> Result<Option<Range>, ParseError> {
        let start = self.pos;
        let range = match self.peek() {
            Some('*') => {
                self.pos += 1;
                Range::EnemyHalf
            }
            Some(c) if c.is_ascii_digit() => {
                let mut value = 0u32;
                while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                    if self.pos - start == 2 {
                        return Err(self.error(ParseErrorKind::RangeTooLong));
                    }
                    value = value * 10 + d;
                    self.pos += 1;
                }
                if value == 0 {
                    Range::Unlimited
                } else {
                    Range::Steps(value as u8)
                }
            }
            _ => return Ok(None),
        };
        if matches!(atom_letter, 'U' | 'I') {
            self.pos = start;
            return Err(self.error(ParseErrorKind::RangeNotAllowed(atom_letter)));
        }
        Ok(Some(range))
    }

    /// Parses a legacy `(x,y)` leap.
    fn parse_leap(&mut self) -> Result<(Atom, Range), ParseError> {
        self.pos += 1;
        let x = self.parse_number("a number")?;
        self.expect(',', "','")?;
        let y = self.parse_number("a number")?;
        self.expect(')', "')'")?;
        let (minor, major) = (x.min(y), x.max(y));
        if major == 0 {
            self.pos -= 1;
            return Err(self.error(ParseErrorKind::BadLeap("a leap other than (0,0)")));
        }
        if major > 15 {
            self.pos -= 1;
            return Err(self.error(ParseErrorKind::LeapTooLong));
        }
        Ok((
            Atom::Leap {
                minor: minor as u8,
                major: major as u8,
                slider: false,
            },
            Range::Steps(1),
        ))
    }

    fn parse_number(&mut self, what: &'static str) -> Result<u32, ParseError> {
        let start = self.pos;
        let mut value = 0u32;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error(ParseErrorKind::BadLeap(what)));
        }
        Ok(value)
    }

    fn expect(&mut self, c: char, what: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(ParseErrorKind::BadLeap(what)))
        }
    }
}

/// Maps a mode letter other than `n`, `o`, `i` and `a` to its flag.
fn mode_letter(c: char) -> Option<Modes> {
    Some(match c {
        'm' => Modes::MOVE,
        'c' => Modes::CAPTURE,
        'd' => Modes::DESTROY,
        'e' => Modes::EN_PASSANT,
        'k' => Modes::ROYAL_CAPTURE,
        't' => Modes::TAME,
        'p' => Modes::HOP,
        'g' => Modes::GRASSHOP,
        'y' => Modes::FORK,
        'x' => Modes::EXCITE,
        'u' => Modes::UNLOAD,
        'j' => Modes::JUMPING,
        'z' => Modes::CROOKED,
        'q' => Modes::CIRCULAR,
        _ => return None,
    })
}

/// Turns the written groups into legs, resolving direction letters for the atom.
fn build_move(groups: Vec<Group>, atom: Atom, range: Range, span: (usize, usize)) -> MoveDesc {
    let initial = match groups[0].i_count {
        0 => Initial::Any,
        1 => Initial::Virgin,
        _ => Initial::AheadOfStart,
    };
    let legs = groups
        .iter()
        .enumerate()
        .map(|(k, group)| {
            let class = if k == 0 {
                atom.class()
            } else {
                DirClass::Eightfold
            };
            let dirs = (!group.runs.is_empty()).then(|| {
                let set = group
                    .runs
                    .iter()
                    .fold(DirSet::NONE, |acc, run| acc.union(resolve_run(run, class)));
                if k == 0 && atom == Atom::Imitator {
                    set.intersection(DirSet(0b0001_0001))
                } else {
                    set
                }
            });
            let mut modes = group.modes;
            if group.n_count >= 1 {
                modes.insert(Modes::NON_JUMPING);
            }
            if group.n_count >= 2 || (k == 0 && initial.restricts() && group.n_count >= 1) {
                modes.insert(Modes::EP_RIGHTS);
            }
            if group.o_count == 1 {
                modes.insert(Modes::CYLINDER);
            } else if group.o_count >= 2 {
                modes.insert(Modes::TORUS);
            }
            Leg {
                dirs,
                modes,
                iso: k > 0 && group.i_count > 0,
            }
        })
        .collect();
    MoveDesc {
        legs,
        atom,
        range,
        initial,
        span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, ParseErrorKind) {
        let e = parse(text).unwrap_err();
        (e.column, e.kind)
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(err("fmWfce"), (7, ParseErrorKind::ExpectedAtom));
        assert_eq!(err(""), (1, ParseErrorKind::Empty));
        assert_eq!(err("wK"), (1, ParseErrorKind::UnexpectedChar('w')));
        assert_eq!(err("KX"), (2, ParseErrorKind::MisplacedExtension('X')));
        assert_eq!(err("N123"), (4, ParseErrorKind::RangeTooLong));
        assert_eq!(err("U3"), (2, ParseErrorKind::RangeNotAllowed('U')));
        assert_eq!(err("(1;2)"), (3, ParseErrorKind::BadLeap("','")));
        assert_eq!(
            err("(0,0)"),
            (5, ParseErrorKind::BadLeap("a leap other than (0,0)"))
        );
        assert_eq!(err("K N"), (2, ParseErrorKind::UnexpectedChar(' ')));
        assert_eq!(err("WXXXXX"), (6, ParseErrorKind::LeapTooLong));
    }

    #[test]
    fn atoms_and_suffixes() {
        let one = |t: &str| {
            let p = parse(t).unwrap();
            assert_eq!(p.moves.len(), 1, "{t}");
            (p.moves[0].atom, p.moves[0].range)
        };
        let leap = |minor, major, slider| Atom::Leap {
            minor,
            major,
            slider,
        };
        assert_eq!(one("NN"), (leap(1, 2, false), Range::Unlimited));
        assert_eq!(one("WW"), (leap(0, 1, true), Range::Unlimited));
        assert_eq!(one("R4"), (leap(0, 1, true), Range::Steps(4)));
        assert_eq!(one("N0"), (leap(1, 2, false), Range::Unlimited));
        assert_eq!(one("FX"), (leap(1, 4, false), Range::Steps(1)));
        assert_eq!(one("DY"), (leap(2, 4, false), Range::Steps(1)));
        assert_eq!(one("FY"), (leap(3, 3, false), Range::Steps(1)));
        assert_eq!(one("(4,1)"), (leap(1, 4, false), Range::Steps(1)));
        assert_eq!(one("(1,4)3"), (leap(1, 4, false), Range::Steps(3)));
        assert_eq!(one("L"), one("C"));
        assert_eq!(one("J"), one("Z"));
        assert_eq!(one("K2"), (Atom::King { slider: false }, Range::Steps(2)));
        assert_eq!(one("fmW*").1, Range::EnemyHalf);
        assert_eq!(parse("BB").unwrap().moves.len(), 2);
    }

    #[test]
    fn legs_and_groups() {
        let m = &parse("mafsW").unwrap().moves[0];
        assert_eq!(m.legs.len(), 2);
        assert_eq!(m.legs[0].modes, Modes::MOVE);
        assert_eq!(m.legs[1].dirs, Some(DirSet(0b1000_0010)));
        let m = &parse("caibR").unwrap().moves[0];
        assert!(m.legs[1].iso && m.initial == Initial::Any);
        let m = &parse("ifmnD").unwrap().moves[0];
        assert!(m.initial == Initial::Virgin && m.legs[0].modes.contains(Modes::EP_RIGHTS));
        let m = &parse("iifmnD").unwrap().moves[0];
        assert!(m.initial == Initial::AheadOfStart && m.legs[0].modes.contains(Modes::EP_RIGHTS));
        let m = &parse("fmnD").unwrap().moves[0];
        assert!(!m.legs[0].modes.contains(Modes::EP_RIGHTS));
    }

    #[test]
    fn direction_letters_combine_only_when_adjacent() {
        let dirs = |t: &str| parse(t).unwrap().moves[0].legs[0].dirs;
        assert_eq!(dirs("frF"), Some(DirSet(0b0000_0010)));
        assert_eq!(dirs("fmrF"), Some(DirSet(0b1000_1010)));
        assert_eq!(dirs("K"), None);
    }
}
