//! The notation of XBoard's old "Extended Betza notation" page (`Betza.html`), read into
//! XBetza.
//!
//! The page writes a piece's moves as atoms with prefixes, like XBetza, but chains the steps of
//! a bent or hopping move with binary operators between atoms (`W-F`, `Q+K`, `RxebR`) instead of
//! XBetza's `a`, measures the directions of every step after the first from the step before it,
//! lets a prefix stand before a whole path (`frm(WxlW)`: the directions select where the path
//! ends, seen from the start), and repeats atoms and groups by exponents (`W3` = `WtfWtfW`,
//! `W-3`, `Nrf8`, `(FtlF)r0`). [`oldbetza_to_xbetza`] reads a piece's moves in it and writes the
//! same moves in XBetza, or refuses, naming the construct and its column.
//!
//! | old Betza page | meaning | XBetza written |
//! |---|---|---|
//! | `W F D N A G`, `H`=`I` (3,0), `L`=`C`, `J`=`Z`, `(4,1)` | the atoms of the page's table and diagram, step vectors | `W F D N A G H C Z FX` |
//! | `K`, `R`, `B`, `Q` | `WF`, `W0`, `F0`, `RB` | `K R B Q` |
//! | `W3`, `W0`, `K2` | `WtfWtfW` (up to 3 steps in a line), any number | `W3`, `R`, `K2` |
//! | `f b l r v s`, `ff fh fs` ..., `a` | directions (the page's rules agree with XBetza's); `a` = all | the same set |
//! | `m c`, `i`, `o` | move only, capture only, virgin piece only, cylinder | `m c i o` |
//! | `n`, `j`, `jj` on a leap with squares in between | non-jumping, hops exactly one piece, jumps any | `nD`, `jD`, `D` |
//! | `pR`, `gQ` | Pao (moves as `R`, captures by hopping one piece), Grasshopper | `mRcpR`, `gQ` |
//! | `XtY` | `X`, or `X` to an empty square and then `Y` | `X` and `mafY`: `FtR` = `FyafsF` |
//! | `X-Y`, `X+Y`, `X?Y`, `XxY`, `XdY` | `X` ends on an empty square / any piece / a friend / a foe it captures / a piece it captures, then `Y` | `ma`, `pa`, `tpa`, `ca`, `cda` |
//! | `Y` after an operator | measured from the step before; straight on (`f`) by default | `W-F` = `mafsW`, `W-rW-lW` = `marmalW` |
//! | `e` after an operator | as long as the step before | `i` (iso): `RxebR` = `caibR` |
//! | `frm(WxlW)` | prefixes on a chained path: directions of where it ends, seen from the start (of its first step if it comes back) | `rcalmW` |
//! | `AmN` | `A m A m ... A`, `N` factors, `t` and `f` by default: `W-3`, `Wx3`, `Nrf8`, `(FtlF)r0` | `mafmafW`, `cafcafW`, one move per length |
//! | `(...)`, `m(AB)` | grouping; prefixes distribute (`m(AB)` = `mAmB`) | |
//!
//! Refused, each with the column of the construct:
//!
//! * what XBetza cannot say: the atom `O` and `(0,0)` (an unconditional null move; XBetza's `O`
//!   is castling); the operator `!` (a foe that stays where it is: XBetza hops any piece or a
//!   friend only) and `y` (stops one step short of the first obstacle); `k` (royalty is no part
//!   of a piece's moves); `jj` on a rider (passes through pieces); an endless repetition of a
//!   sliding path;
//! * what the page marks obsolete, ambiguous or leaves open: `WW`, `FF` and other doubled atoms
//!   (the page's old notation for `W0`, "troublesome" in the extended notation); `q` and `z`
//!   (obsolete: no angles given; the page writes them as exponents instead); `m`, `c` and the
//!   other prefixes on a step inside a path (the page allows them only in front of a complete
//!   path); `n`, `j`, `p`, `g`, `o` on a chained path, `n` and `j` on oblique leaps (which squares
//!   they pass is not said), `j` on W, F, K (nothing to hop) and on riders; `p`, `g` on anything
//!   but a slider, or beside `m`, `c`; a range after `R`, `B`, `Q`; `e` before an atom that starts
//!   a path; a path that goes on after an exponent that may stop after any factor (`Nrf8-W`: on
//!   from every stop, or only the last?); an endless exponent with an operator other than `t`
//!   (it never ends) or that can go round in a circle on the board (`Nrf0`).
//!
//! ```
//! use notation::oldbetza_to_xbetza;
//! assert_eq!(oldbetza_to_xbetza("W-F").unwrap(), "mafsW");
//! assert_eq!(oldbetza_to_xbetza("mRcR+R").unwrap(), "mRcpR");
//! let err = oldbetza_to_xbetza("W!W").unwrap_err();
//! assert_eq!(err.column, 2);
//! ```

use std::fmt;

use crate::{
    chain::{
        self, inexpressible, resolve, undefined, Dirs, Moves, Plan, PlanLeg, Reach, Refusal, Shape,
        Step, Walker, MAX_MOVES,
    },
    direction::{step_vector, DirClass, DirLetter},
    parse, write, Modes, Range,
};

/// The chaining operators.
const OPERATORS: &str = "t-+?!xdy";
/// The lower-case letters the page uses as prefixes (and, after an operator, as directions).
const MODIFIERS: &str = "fblrvshacmnjpgqzoiek";
/// The most factors an exponent may have, and the factors an endless one (`0`) is written
/// out to: no leap repeated more often stays on a 16 x 16 board.
const MAX_FACTORS: u8 = 16;
/// The farthest two squares of a 16 x 16 board lie apart, in files or ranks.
const MAX_OFFSET: i32 = 15;

/// What was wrong at the place an [`OldBetzaError`] points to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OldBetzaErrorKind {
    /// The text is empty.
    Empty,
    /// A character that is neither a modifier, an atom, an operator, a digit nor a parenthesis.
    UnexpectedChar(char),
    /// A chaining operator with no atom before it.
    OperatorWithoutAtom(char),
    /// An upper-case letter that is no atom of the page.
    NotAnAtom(char),
    /// Modifiers or an operator are not followed by an atom.
    ExpectedAtom,
    /// A `(` without its `)`.
    UnclosedGroup,
    /// A `)` without its `(`.
    UnopenedGroup,
    /// `()`.
    EmptyGroup,
    /// A malformed `(x,y)` step vector.
    BadStep(&'static str),
    /// A step vector longer than a 16 x 16 board allows.
    StepTooLong,
    /// An exponent of more than two digits.
    ExponentTooLong,
    /// An exponent of more factors than a 16 x 16 board allows.
    TooManyFactors,
    /// The text stands for more moves than Kraken translates.
    TooManyMoves,
    /// The text leaves no move on any board Kraken plays.
    NoMoves,
    /// A construct the page marks obsolete or ambiguous, or leaves without a meaning.
    Undefined {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// A construct the page defines but XBetza cannot express.
    Inexpressible {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// The XBetza written for the text does not read back (a fault in this translator).
    Internal(String),
}

/// An error in a text of XBoard's old Betza page, with the 1-based column (in characters) of
/// the construct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OldBetzaError {
    /// The text that was read.
    pub input: String,
    /// The 1-based column of the offending construct (one past the end for a missing part).
    pub column: usize,
    /// What was wrong.
    pub kind: OldBetzaErrorKind,
}

impl fmt::Display for OldBetzaErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use OldBetzaErrorKind::*;
        match self {
            Empty => write!(f, "expected a piece description, found nothing"),
            UnexpectedChar(c) => write!(
                f,
                "unexpected character '{c}' (expected a modifier, an atom, an operator, a digit \
                 or a parenthesis)"
            ),
            OperatorWithoutAtom(c) => {
                write!(f, "the chaining operator '{c}' needs an atom before it")
            }
            NotAnAtom(c) => write!(
                f,
                "'{c}' is not an atom of the old Betza page (W F D N A H I L C J Z G K B R Q, or \
                 a step vector such as (4,1))"
            ),
            ExpectedAtom => write!(f, "expected an atom"),
            UnclosedGroup => write!(f, "'(' is not closed"),
            UnopenedGroup => write!(f, "')' closes no group"),
            EmptyGroup => write!(f, "'()' groups nothing"),
            BadStep(what) => write!(f, "bad (x,y) step: expected {what}"),
            StepTooLong => write!(f, "a step may be at most 15 squares long"),
            ExponentTooLong => write!(f, "an exponent has at most two digits"),
            TooManyFactors => write!(
                f,
                "an exponent has at most {MAX_FACTORS} factors (more leave a 16 x 16 board)"
            ),
            TooManyMoves => write!(
                f,
                "the text stands for more than {MAX_MOVES} moves with fixed directions"
            ),
            NoMoves => write!(f, "no move of the text fits on a board of 16 x 16 or less"),
            Undefined { construct, reason } => {
                write!(
                    f,
                    "'{construct}' is not defined by the old Betza page: {reason}"
                )
            }
            Inexpressible { construct, reason } => {
                write!(f, "'{construct}' has no XBetza equivalent: {reason}")
            }
            Internal(what) => write!(f, "internal error: {what}"),
        }
    }
}

impl fmt::Display for OldBetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\": column {}: {}",
            self.input, self.column, self.kind
        )
    }
}

impl std::error::Error for OldBetzaError {}

/// Translates a piece's moves written in the notation of XBoard's old Betza page into XBetza.
///
/// The moves are the union of the paths written; see the [module documentation](self) for the
/// mapping and what is refused.
///
/// # Errors
/// Returns an [`OldBetzaError`] naming the construct and its column for text that is malformed,
/// that the page marks obsolete or ambiguous or leaves undefined, or that XBetza cannot
/// express.
///
/// # Examples
/// ```
/// use notation::oldbetza_to_xbetza;
/// // The Griffon: one diagonal step, then (if that square is empty) on outward as a Rook.
/// assert_eq!(oldbetza_to_xbetza("FtR").unwrap(), "FyafsF");
/// // Exactly three W steps.
/// assert_eq!(oldbetza_to_xbetza("W-3").unwrap(), "mafmafW");
/// // A step onto a foe that stays there has no XBetza form.
/// assert_eq!(oldbetza_to_xbetza("Q!K").unwrap_err().column, 2);
/// ```
pub fn oldbetza_to_xbetza(text: &str) -> Result<String, OldBetzaError> {
    let fail = |(column, kind)| OldBetzaError {
        input: text.to_string(),
        column,
        kind,
    };
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(fail((1, OldBetzaErrorKind::Empty)));
    }
    let terms = Reader {
        chars: &chars,
        pos: 0,
    }
    .terms(0)
    .map_err(fail)?;
    let mut moves = Moves::default();
    for term in &terms {
        for planned in plans(term).map_err(fail)? {
            let walks = Walker::new(&planned.plan)
                .run()
                .map_err(lift)
                .map_err(fail)?;
            let walks = planned.keep(walks).map_err(fail)?;
            moves
                .add(&planned.plan, walks)
                .map_err(lift)
                .map_err(fail)?;
        }
    }
    let desc = moves.finish().map_err(lift).map_err(fail)?;
    if desc.moves.is_empty() {
        return Err(fail((1, OldBetzaErrorKind::NoMoves)));
    }
    let xbetza = write(&desc);
    if let Err(e) = parse(&xbetza) {
        return Err(fail((1, OldBetzaErrorKind::Internal(e.to_string()))));
    }
    Ok(xbetza)
}

/// A column and what is wrong there.
type Failure = (usize, OldBetzaErrorKind);

/// A refusal of the shared chain writer, as an old-Betza error.
fn lift((column, refusal): chain::Failure) -> Failure {
    let kind = match refusal {
        Refusal::Undefined { construct, reason } => {
            OldBetzaErrorKind::Undefined { construct, reason }
        }
        Refusal::Inexpressible { construct, reason } => {
            OldBetzaErrorKind::Inexpressible { construct, reason }
        }
        Refusal::TooManyMoves => OldBetzaErrorKind::TooManyMoves,
    };
    (column, kind)
}

fn refuse(column: usize, construct: impl Into<String>, reason: impl Into<String>) -> Failure {
    lift(undefined(column, construct, reason))
}

fn cannot(column: usize, construct: impl Into<String>, reason: impl Into<String>) -> Failure {
    lift(inexpressible(column, construct, reason))
}

// ---------------------------------------------------------------------------------------------
// Reading the text
// ---------------------------------------------------------------------------------------------

/// One atom of a path, with the operator and letters before it.
#[derive(Clone, Debug)]
struct Elem {
    /// The operator joining it to the atom before, and its column (none on a path's first atom).
    op: Option<(char, usize)>,
    /// The letters between that operator and the atom, with their columns.
    letters: Vec<(char, usize)>,
    shape: Shape,
    reach: Reach,
    atom_col: usize,
    /// The atom as written, for messages (`N`, `(4,1)`).
    atom_text: String,
}

/// Atoms joined by operators.
#[derive(Clone, Debug)]
struct Path {
    elems: Vec<Elem>,
    /// The column of an exponent after which the path may not go on: one that may stop after
    /// any factor (`Nrf8`), or has no last factor (`(FtlF)r0`).
    open: Option<usize>,
    /// The column of an endless exponent (`0`), written out to [`MAX_FACTORS`] factors.
    endless: Option<usize>,
}

/// Prefixes and the paths they stand in front of.
#[derive(Clone, Debug)]
struct Term {
    prefix: Vec<(char, usize)>,
    paths: Vec<Path>,
}

/// Reads the text into terms, distributing prefixes over groups and writing out exponents.
struct Reader<'a> {
    chars: &'a [char],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn col(&self) -> usize {
        self.pos + 1
    }

    /// A step vector `(x,y)` starts here (rather than a group).
    fn vector_ahead(&self) -> bool {
        self.chars
            .get(self.pos + 1)
            .is_some_and(char::is_ascii_digit)
    }

    fn group_ahead(&self) -> bool {
        self.peek() == Some('(') && !self.vector_ahead()
    }

    /// An exponent starts here: letters and operators, then a digit.
    fn exponent_ahead(&self) -> bool {
        let mut j = self.pos;
        while self
            .chars
            .get(j)
            .is_some_and(|&c| c.is_ascii_lowercase() || "-+?!".contains(c))
        {
            j += 1;
        }
        self.chars.get(j).is_some_and(char::is_ascii_digit)
    }

    /// Terms written one after the other, up to the end or a `)`.
    fn terms(&mut self, depth: usize) -> Result<Vec<Term>, Failure> {
        let mut terms = Vec::new();
        while let Some(c) = self.peek() {
            if c == ')' {
                if depth == 0 {
                    return Err((self.col(), OldBetzaErrorKind::UnopenedGroup));
                }
                break;
            }
            terms.extend(self.term(depth)?);
            if terms.len() > MAX_MOVES {
                return Err((self.col(), OldBetzaErrorKind::TooManyMoves));
            }
        }
        Ok(terms)
    }

    /// Prefixes and a path, or prefixes distributed over a group (`m(AB)` = `mAmB`).
    fn term(&mut self, depth: usize) -> Result<Vec<Term>, Failure> {
        let mut prefix = Vec::new();
        while let Some(c) = self.peek() {
            if OPERATORS.contains(c) {
                return Err((self.col(), OldBetzaErrorKind::OperatorWithoutAtom(c)));
            }
            if !c.is_ascii_lowercase() {
                break;
            }
            if !MODIFIERS.contains(c) {
                return Err((self.col(), OldBetzaErrorKind::UnexpectedChar(c)));
            }
            prefix.push((c, self.col()));
            self.pos += 1;
        }
        if self.group_ahead() {
            let start = self.pos;
            let inner = self.group(depth)?;
            if !(self.exponent_ahead() || self.peek().is_some_and(|c| OPERATORS.contains(c))) {
                return Ok(inner
                    .into_iter()
                    .map(|t| Term {
                        prefix: prefix.iter().chain(&t.prefix).copied().collect(),
                        paths: t.paths,
                    })
                    .collect());
            }
            // The group is chained or repeated: read it again as a unit of a path.
            self.pos = start;
        }
        let paths = self.path(depth)?;
        Ok(vec![Term { prefix, paths }])
    }

    /// `( terms )`.
    fn group(&mut self, depth: usize) -> Result<Vec<Term>, Failure> {
        let open = self.col();
        self.pos += 1;
        let inner = self.terms(depth + 1)?;
        if self.peek() != Some(')') {
            return Err((open, OldBetzaErrorKind::UnclosedGroup));
        }
        self.pos += 1;
        if inner.is_empty() {
            return Err((open, OldBetzaErrorKind::EmptyGroup));
        }
        Ok(inner)
    }

    /// Units joined by operators: every path of the left side continued by every one of the
    /// right.
    fn path(&mut self, depth: usize) -> Result<Vec<Path>, Failure> {
        let mut paths = self.unit(depth)?;
        while let Some(op) = self.peek().filter(|&c| OPERATORS.contains(c)) {
            let op_col = self.col();
            if let Some(col) = paths.iter().find_map(|p| p.open) {
                return Err(refuse(
                    op_col,
                    op.to_string(),
                    format!(
                        "the path goes on after the exponent at column {col}, which may stop \
                         after any factor: the page does not say whether it goes on from every \
                         stop or from the last factor only"
                    ),
                ));
            }
            self.pos += 1;
            let mut letters = Vec::new();
            while let Some(c) = self
                .peek()
                .filter(|&c| c.is_ascii_lowercase() && !OPERATORS.contains(c))
            {
                if !MODIFIERS.contains(c) {
                    return Err((self.col(), OldBetzaErrorKind::UnexpectedChar(c)));
                }
                letters.push((c, self.col()));
                self.pos += 1;
            }
            let mut next = self.unit(depth)?;
            for path in &mut next {
                path.elems[0].op = Some((op, op_col));
                path.elems[0].letters.clone_from(&letters);
            }
            if paths.len().saturating_mul(next.len()) > MAX_MOVES {
                return Err((self.col(), OldBetzaErrorKind::TooManyMoves));
            }
            let mut joined = Vec::with_capacity(paths.len() * next.len());
            for left in &paths {
                for right in &next {
                    joined.push(Path {
                        elems: left.elems.iter().chain(&right.elems).cloned().collect(),
                        open: right.open,
                        endless: right.endless,
                    });
                }
            }
            paths = joined;
        }
        Ok(paths)
    }

    /// An atom or a group, with its exponent.
    fn unit(&mut self, depth: usize) -> Result<Vec<Path>, Failure> {
        let paths = if self.group_ahead() {
            let inner = self.group(depth)?;
            if let Some(term) = inner.iter().find(|t| !t.prefix.is_empty()) {
                let text: String = term.prefix.iter().map(|&(c, _)| c).collect();
                return Err(refuse(
                    term.prefix[0].1,
                    text,
                    "prefixes stand in front of a complete path, not inside a group that is \
                     chained or repeated",
                ));
            }
            inner.into_iter().flat_map(|t| t.paths).collect()
        } else {
            vec![Path {
                elems: vec![self.atom()?],
                open: None,
                endless: None,
            }]
        };
        if self.exponent_ahead() {
            return self.exponent(paths);
        }
        Ok(paths)
    }

    fn atom(&mut self) -> Result<Elem, Failure> {
        let col = self.col();
        let Some(letter) = self.peek() else {
            return Err((col, OldBetzaErrorKind::ExpectedAtom));
        };
        if letter == '(' {
            let shape = self.step()?;
            return Ok(Elem {
                op: None,
                letters: Vec::new(),
                shape,
                reach: Reach::One,
                atom_col: col,
                atom_text: self.chars[col - 1..self.pos].iter().collect(),
            });
        }
        let leap = Shape::Leap;
        let (shape, reach) =
            match letter {
                'W' => (leap(0, 1), Reach::One),
                'F' => (leap(1, 1), Reach::One),
                'D' => (leap(0, 2), Reach::One),
                'N' => (leap(1, 2), Reach::One),
                'A' => (leap(2, 2), Reach::One),
                'H' | 'I' => (leap(0, 3), Reach::One),
                'L' | 'C' => (leap(1, 3), Reach::One),
                'J' | 'Z' => (leap(2, 3), Reach::One),
                'G' => (leap(3, 3), Reach::One),
                'K' => (Shape::King, Reach::One),
                'R' => (leap(0, 1), Reach::Unlimited),
                'B' => (leap(1, 1), Reach::Unlimited),
                'Q' => (Shape::King, Reach::Unlimited),
                'O' => return Err(cannot(
                    col,
                    "O",
                    "the null move passes the turn unconditionally; XBetza's O is castling, and \
                     its passes (K-bK, mabK) need an empty neighbour",
                )),
                c if c.is_ascii_uppercase() => return Err((col, OldBetzaErrorKind::NotAnAtom(c))),
                ')' => return Err((col, OldBetzaErrorKind::ExpectedAtom)),
                c if c.is_ascii_digit() => return Err((col, OldBetzaErrorKind::ExpectedAtom)),
                c => return Err((col, OldBetzaErrorKind::UnexpectedChar(c))),
            };
        self.pos += 1;
        if self.peek() == Some(letter) {
            return Err(refuse(
                col,
                format!("{letter}{letter}"),
                "the page calls doubled atoms (WW, FF) the old notation for W0 and F0, \
                 troublesome in the extended notation, where atoms side by side are a union: \
                 write W0 or F0",
            ));
        }
        Ok(Elem {
            op: None,
            letters: Vec::new(),
            shape,
            reach,
            atom_col: col,
            atom_text: letter.to_string(),
        })
    }

    /// A step vector `(x,y)`.
    fn step(&mut self) -> Result<Shape, Failure> {
        let col = self.col();
        self.pos += 1;
        let x = self.number()?;
        self.expect(',', "','")?;
        let y = self.number()?;
        self.expect(')', "')'")?;
        let (minor, major) = (x.min(y), x.max(y));
        if major == 0 {
            return Err(cannot(
                col,
                "(0,0)",
                "the null move passes the turn unconditionally; XBetza has no such move",
            ));
        }
        if major > 15 {
            return Err((self.pos, OldBetzaErrorKind::StepTooLong));
        }
        Ok(Shape::Leap(minor as u8, major as u8))
    }

    fn number(&mut self) -> Result<u32, Failure> {
        let start = self.pos;
        let mut value = 0u32;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.pos += 1;
        }
        if self.pos == start {
            return Err((self.col(), OldBetzaErrorKind::BadStep("a number")));
        }
        Ok(value)
    }

    fn expect(&mut self, c: char, what: &'static str) -> Result<(), Failure> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err((self.col(), OldBetzaErrorKind::BadStep(what)))
        }
    }

    /// `AmN`: `N` factors `A` joined by the operator and letters `m` (`t` and `f` unless
    /// written); `0` factors is any number.
    fn exponent(&mut self, paths: Vec<Path>) -> Result<Vec<Path>, Failure> {
        let start = self.col();
        let mut mods = Vec::new();
        while let Some(c) = self
            .peek()
            .filter(|&c| c.is_ascii_lowercase() || "-+?!".contains(c))
        {
            if !MODIFIERS.contains(c) && !OPERATORS.contains(c) {
                return Err((self.col(), OldBetzaErrorKind::UnexpectedChar(c)));
            }
            mods.push((c, self.col()));
            self.pos += 1;
        }
        let digits_col = self.col();
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let written: String = self.chars[start - 1..self.pos].iter().collect();
        if self.pos - digits_col + 1 > 2 {
            return Err((digits_col, OldBetzaErrorKind::ExponentTooLong));
        }
        let count: u8 = self.chars[digits_col - 1..self.pos]
            .iter()
            .collect::<String>()
            .parse()
            .expect("one or two digits");
        if count > MAX_FACTORS {
            return Err((digits_col, OldBetzaErrorKind::TooManyFactors));
        }
        let ops: Vec<(char, usize)> = mods
            .iter()
            .copied()
            .filter(|(c, _)| OPERATORS.contains(*c))
            .collect();
        if ops.len() > 1 {
            return Err(refuse(
                ops[1].1,
                written,
                "an exponent repeats its factors with one chaining operator",
            ));
        }
        let (op, op_col) = ops.first().copied().unwrap_or(('t', start));
        let mut letters: Vec<(char, usize)> = mods
            .iter()
            .copied()
            .filter(|(c, _)| !OPERATORS.contains(*c))
            .collect();
        if !letters
            .iter()
            .any(|&(c, _)| c == 'a' || DirLetter::from_char(c).is_some())
        {
            letters.push(('f', start));
        }
        let [path] = paths.as_slice() else {
            return Err(refuse(
                start,
                written,
                "a repeated group holds a single path",
            ));
        };
        let straight = op == 't'
            && matches!(letters.as_slice(), [('f', _)])
            && path.elems.len() == 1
            && path.open.is_none();
        if straight {
            // `WtfWtfW` is `W3`: the steps of a slide.
            let elem = &path.elems[0];
            if elem.reach != Reach::One {
                return Err(refuse(
                    start,
                    format!("{}{written}", elem.atom_text),
                    "R, B and Q already slide without limit; write W, F or K with the exponent",
                ));
            }
            let reach = match count {
                0 => Reach::Unlimited,
                1 => Reach::One,
                n => Reach::UpTo(n),
            };
            return Ok(vec![Path {
                elems: vec![Elem {
                    reach,
                    ..elem.clone()
                }],
                open: None,
                endless: None,
            }]);
        }
        if count == 1 {
            return Ok(paths);
        }
        let endless = count == 0;
        if endless && op != 't' {
            return Err(refuse(
                digits_col,
                written,
                "an endless repetition joined by an operator other than t must go on forever, \
                 so it never ends",
            ));
        }
        if endless && path.elems.iter().any(|e| e.reach != Reach::One) {
            return Err(cannot(
                digits_col,
                written,
                "an endless repetition of a sliding path: XBetza writes a fixed number of legs",
            ));
        }
        let factors = if endless { MAX_FACTORS } else { count };
        let mut elems = path.elems.clone();
        for _ in 1..factors {
            let mut next = path.elems.clone();
            next[0].op = Some((op, op_col));
            next[0].letters.clone_from(&letters);
            elems.extend(next);
        }
        Ok(vec![Path {
            elems,
            open: (op == 't').then_some(start),
            endless: endless.then_some(digits_col),
        }])
    }
}

// ---------------------------------------------------------------------------------------------
// Meaning of the prefixes and operators
// ---------------------------------------------------------------------------------------------

/// Direction runs: letters written next to each other, with the column of the first.
type Runs = Vec<(Vec<DirLetter>, usize)>;

/// The prefixes of a term.
#[derive(Default)]
struct Prefix {
    runs: Runs,
    all: bool,
    modes: Modes,
    initial: Option<usize>,
    lame: Option<usize>,
    jump: Option<usize>,
    jump_many: Option<usize>,
    /// `p` or `g`, with its column.
    hop: Option<(char, usize)>,
    cylinder: Option<usize>,
}

impl Prefix {
    fn read(prefix: &[(char, usize)]) -> Result<Prefix, Failure> {
        let mut out = Prefix::default();
        let mut in_run = false;
        let mut i = 0;
        while i < prefix.len() {
            let (c, col) = prefix[i];
            i += 1;
            if let Some(letter) = DirLetter::from_char(c) {
                check_h(&out.runs, in_run, letter, col)?;
                if !in_run {
                    out.runs.push((Vec::new(), col));
                    in_run = true;
                }
                out.runs.last_mut().expect("run pushed").0.push(letter);
                continue;
            }
            in_run = false;
            let twice = |what: &str| refuse(col, what, "written twice");
            match c {
                'a' => out.all = true,
                'm' => out.modes.insert(Modes::MOVE),
                'c' => out.modes.insert(Modes::CAPTURE),
                'i' if out.initial.is_some() => return Err(twice("ii")),
                'i' => out.initial = Some(col),
                'n' | 'j' if out.lame.or(out.jump).or(out.jump_many).is_some() => {
                    return Err(refuse(
                        col,
                        c.to_string(),
                        "a move is non-jumping (n), jumps one (j) or jumps many (jj), once",
                    ))
                }
                'n' => out.lame = Some(col),
                'j' if prefix.get(i).is_some_and(|&(next, _)| next == 'j') => {
                    i += 1;
                    out.jump_many = Some(col);
                }
                'j' => out.jump = Some(col),
                'p' | 'g' if out.hop.is_some() => return Err(twice("p, g")),
                'p' | 'g' => out.hop = Some((c, col)),
                'o' if out.cylinder.is_some() => return Err(twice("oo")),
                'o' => out.cylinder = Some(col),
                'q' => {
                    return Err(refuse(
                        col,
                        "q",
                        "the page marks q (circular) obsolete and gives no angle to turn by; it \
                         writes circular riders as exponents, such as Nrf8 (the Rose)",
                    ))
                }
                'z' => {
                    return Err(refuse(
                        col,
                        "z",
                        "the page marks z (zig-zag) obsolete and gives no angles to alternate \
                         between; it writes crooked pieces as exponents, such as (FtlF)r0 (the \
                         Crooked Bishop)",
                    ))
                }
                'k' => {
                    return Err(cannot(
                        col,
                        "k",
                        "k marks a royal piece, which is no part of its moves (a variant file \
                         says which pieces are royal); XBetza's k captures royal pieces only",
                    ))
                }
                'e' => {
                    return Err(refuse(
                        col,
                        "e",
                        "e (as long as the previous step) stands after a chaining operator, \
                         not before the first atom of a path",
                    ))
                }
                _ => unreachable!("MODIFIERS lists exactly the letters handled"),
            }
        }
        Ok(out)
    }

    /// Directions on the first leg, when the path has a single atom.
    fn dirs(&self) -> Dirs {
        if self.all {
            Dirs::All
        } else if self.runs.is_empty() {
            Dirs::Unwritten
        } else {
            Dirs::Runs(self.runs.clone())
        }
    }
}

/// `h` stands right after `f`, `b`, `l` or `r`.
fn check_h(runs: &Runs, in_run: bool, letter: DirLetter, col: usize) -> Result<(), Failure> {
    if letter != DirLetter::H {
        return Ok(());
    }
    let after = in_run
        .then(|| runs.last().and_then(|(run, _)| run.last()))
        .flatten();
    if matches!(
        after,
        Some(DirLetter::F | DirLetter::B | DirLetter::L | DirLetter::R)
    ) {
        Ok(())
    } else {
        Err(refuse(
            col,
            "h",
            "h (half) only follows f, b, l or r (fh: the forward-most four of eight moves)",
        ))
    }
}

/// The letters before an atom after an operator: its directions and `e`.
fn leg_letters(letters: &[(char, usize)]) -> Result<(Dirs, Option<usize>), Failure> {
    let mut runs: Runs = Vec::new();
    let mut all = false;
    let mut iso = None;
    let mut in_run = false;
    for &(c, col) in letters {
        if let Some(letter) = DirLetter::from_char(c) {
            check_h(&runs, in_run, letter, col)?;
            if !in_run {
                runs.push((Vec::new(), col));
                in_run = true;
            }
            runs.last_mut().expect("run pushed").0.push(letter);
            continue;
        }
        in_run = false;
        match c {
            'a' => all = true,
            'e' if iso.is_some() => return Err(refuse(col, "ee", "written twice")),
            'e' => iso = Some(col),
            'm' | 'c' => {
                return Err(refuse(
                    col,
                    c.to_string(),
                    "the page allows m and c only in front of a complete path, not on a step \
                     of it, where the chaining operators say what may stand on the square",
                ))
            }
            _ => {
                return Err(refuse(
                    col,
                    c.to_string(),
                    "after a chaining operator only directions (f b l r v s h a) and e stand; \
                     other prefixes go in front of a complete path",
                ))
            }
        }
    }
    let dirs = if all {
        Dirs::All
    } else if runs.is_empty() {
        Dirs::Unwritten
    } else {
        Dirs::Runs(runs)
    };
    Ok((dirs, iso))
}

/// What an operator asks of the square where the step before it ends.
fn operator_modes(op: char, col: usize) -> Result<Modes, Failure> {
    Ok(match op {
        't' | '-' => Modes::MOVE,
        '+' => Modes::HOP,
        '?' => Modes::HOP.union(Modes::TAME),
        'x' => Modes::CAPTURE,
        'd' => Modes::CAPTURE.union(Modes::DESTROY),
        '!' => {
            return Err(cannot(
                col,
                "!",
                "the path goes on from a foe it leaves where it is; XBetza's legs hop over any \
                 piece (p) or over a friend only (tp), not over a foe only",
            ))
        }
        'y' => {
            return Err(cannot(
                col,
                "y",
                "the step ends one square short of the first obstacle; an XBetza leg cannot \
                 make where it ends depend on the square beyond (and the page does not say \
                 whether the board edge is an obstacle)",
            ))
        }
        _ => unreachable!("OPERATORS lists exactly the operators handled"),
    })
}

/// A plan, with what decides which of its walks are kept.
struct Planned {
    plan: Plan,
    /// The prefix's directions, when they select where a chained path ends.
    ends: Option<Runs>,
    /// For the written-out factors of an endless exponent: its column.
    endless: Option<usize>,
}

impl Planned {
    /// The walks that stay on a 16 x 16 board and end in the prefix's directions.
    fn keep(&self, walks: Vec<Vec<Step>>) -> Result<Vec<Vec<Step>>, Failure> {
        let mut kept = Vec::with_capacity(walks.len());
        for walk in walks {
            if !fits(&walk) {
                continue;
            }
            if let Some(runs) = &self.ends {
                if !self.ends_within(&walk, runs)? {
                    continue;
                }
            }
            kept.push(walk);
        }
        if let (Some(col), false) = (self.endless, kept.is_empty()) {
            return Err(refuse(
                col,
                "0",
                format!(
                    "an endless repetition that is still on the board after {MAX_FACTORS} \
                     factors (it goes round in a circle, say) has no last factor: write the \
                     number of factors, such as Nrf8"
                ),
            ));
        }
        Ok(kept)
    }

    /// Whether `walk` ends in one of the directions `runs` name, seen from its start: the
    /// direction of its displacement read as a leap, or of its first step if it comes back.
    /// Every length of its slides must agree.
    fn ends_within(&self, walk: &[Step], runs: &Runs) -> Result<bool, Failure> {
        let col = runs[0].1;
        let mut verdict = None;
        for end in displacements(walk).map_err(|kind| (col, kind))? {
            let (class, dir) = if end == (0, 0) {
                (self.plan.legs[walk[0].leg].shape.class(), walk[0].dir)
            } else {
                displacement_dir(end)
            };
            let inside = resolve(runs, class).map_err(lift)?.contains(dir);
            match verdict {
                None => verdict = Some(inside),
                Some(v) if v != inside => {
                    return Err(cannot(
                        col,
                        run_text(runs),
                        "these directions take some lengths of a slide in the path and not \
                         others; XBetza's directions go on its first leg",
                    ))
                }
                Some(_) => {}
            }
        }
        Ok(verdict.unwrap_or(false))
    }
}

fn run_text(runs: &Runs) -> String {
    runs.iter()
        .map(|(run, _)| run.iter().map(|l| l.to_char()).collect::<String>())
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether a walk of single steps stays within 15 files and ranks of its start (a longer one
/// fits on no board Kraken plays). Walks with slides are kept.
fn fits(walk: &[Step]) -> bool {
    let (mut x, mut y) = (0, 0);
    for step in walk {
        if step.range != Range::Steps(1) {
            return true;
        }
        let (dx, dy) = step_vector(i32::from(step.family.0), i32::from(step.family.1), step.dir);
        (x, y) = (x + dx, y + dy);
        if x.abs() > MAX_OFFSET || y.abs() > MAX_OFFSET {
            return false;
        }
    }
    true
}

/// Every displacement of a walk, over the lengths its slides may have (up to 15 steps); an iso
/// step is as long as the last slide before it.
fn displacements(walk: &[Step]) -> Result<Vec<(i32, i32)>, OldBetzaErrorKind> {
    let limits: Vec<u8> = walk
        .iter()
        .filter(|s| !s.iso)
        .filter_map(|s| match s.range {
            Range::Steps(1) => None,
            Range::Steps(n) => Some(n.min(MAX_OFFSET as u8)),
            _ => Some(MAX_OFFSET as u8),
        })
        .collect();
    let combos = limits
        .iter()
        .try_fold(1usize, |acc, &n| acc.checked_mul(usize::from(n)))
        .filter(|&n| n <= MAX_MOVES)
        .ok_or(OldBetzaErrorKind::TooManyMoves)?;
    let mut out = Vec::with_capacity(combos);
    for index in 0..combos {
        let mut rest = index;
        let mut lengths = limits.iter().map(|&n| {
            let len = rest % usize::from(n) + 1;
            rest /= usize::from(n);
            len as i32
        });
        let (mut x, mut y, mut last_slide) = (0, 0, 1);
        for step in walk {
            let len = if step.iso {
                last_slide
            } else if step.range == Range::Steps(1) {
                1
            } else {
                let len = lengths.next().expect("one length per slide");
                last_slide = len;
                len
            };
            let (dx, dy) =
                step_vector(i32::from(step.family.0), i32::from(step.family.1), step.dir);
            (x, y) = (x + dx * len, y + dy * len);
        }
        out.push((x, y));
    }
    Ok(out)
}

/// The class and direction of a displacement read as a leap: orthogonal, diagonal or oblique.
fn displacement_dir((x, y): (i32, i32)) -> (DirClass, u8) {
    let (p, q) = (x.abs().min(y.abs()), x.abs().max(y.abs()));
    let (class, minor) = if p == 0 {
        (DirClass::Orthogonal, 0)
    } else if p == q {
        (DirClass::Diagonal, 0)
    } else {
        (DirClass::Oblique, p)
    };
    let dir = (0..8)
        .find(|&d| {
            let parity_ok = match class {
                DirClass::Orthogonal => d % 2 == 0,
                DirClass::Diagonal => d % 2 == 1,
                _ => true,
            };
            parity_ok && step_vector(minor, q, d) == (x, y)
        })
        .expect("every displacement has a direction");
    (class, dir)
}

/// The plans of a term: one per path and place where it may end (`t`), and per way a `p` or
/// `g` move ends.
fn plans(term: &Term) -> Result<Vec<Planned>, Failure> {
    let prefix = Prefix::read(&term.prefix)?;
    let mut out = Vec::new();
    for path in &term.paths {
        let elems = &path.elems;
        if elems.len() > 1 {
            let single_only = [
                (prefix.lame, "n"),
                (prefix.jump, "j"),
                (prefix.jump_many, "jj"),
                (prefix.hop.map(|(_, col)| col), "p, g"),
                (prefix.cylinder, "o"),
            ];
            if let Some((Some(col), _)) = single_only.iter().find(|(col, _)| col.is_some()) {
                let letter = term
                    .prefix
                    .iter()
                    .find(|&&(_, c)| c == *col)
                    .map_or('?', |&(c, _)| c);
                return Err(refuse(
                    *col,
                    letter.to_string(),
                    "the page defines n, j, jj, p, g and o on a single atom, not on a chained \
                     path",
                ));
            }
        }
        let mut stops: Vec<usize> = (1..elems.len())
            .filter(|&k| matches!(elems[k].op, Some(('t', _))))
            .collect();
        stops.push(elems.len());
        for &end in &stops {
            let legs = &elems[..end];
            let endless = (end == elems.len()).then_some(path.endless).flatten();
            if legs.len() == 1 {
                for plan in single(&legs[0], &prefix)? {
                    out.push(Planned {
                        plan,
                        ends: None,
                        endless,
                    });
                }
                continue;
            }
            let mut plan_legs = Vec::with_capacity(legs.len());
            for (k, elem) in legs.iter().enumerate() {
                let (dirs, iso) = if k == 0 {
                    (Dirs::Unwritten, None)
                } else {
                    leg_letters(&elem.letters)?
                };
                let modes = match legs.get(k + 1).and_then(|e| e.op) {
                    Some((op, col)) => operator_modes(op, col)?,
                    None if prefix.modes.is_empty() => Modes::DEFAULT_FINAL,
                    None => prefix.modes,
                };
                plan_legs.push(PlanLeg {
                    shape: elem.shape,
                    atom_col: elem.atom_col,
                    atom_text: elem.atom_text.clone(),
                    reach: elem.reach,
                    dirs,
                    modes,
                    cylinder: false,
                    lame: None,
                    jump: None,
                    iso,
                });
            }
            let ends = (!prefix.all && !prefix.runs.is_empty()).then(|| prefix.runs.clone());
            out.push(Planned {
                plan: Plan {
                    legs: plan_legs,
                    initial: prefix.initial.is_some(),
                    oblique_turns: true,
                },
                ends,
                endless,
            });
        }
    }
    Ok(out)
}

/// The plans of a path of one atom: the prefix's directions and `n j jj o p g` go on it.
fn single(elem: &Elem, prefix: &Prefix) -> Result<Vec<Plan>, Failure> {
    let atom = &elem.atom_text;
    let (shape, reach) = (elem.shape, elem.reach);
    let mut lame = prefix.lame;
    let jump = prefix.jump;
    if let Some(col) = lame.or(jump) {
        let letter = if lame.is_some() { "n" } else { "j" };
        if shape.is_oblique() {
            return Err(refuse(
                col,
                format!("{letter}{atom}"),
                "the page does not say which squares an oblique leap passes over",
            ));
        }
        if jump.is_some() && reach != Reach::One {
            return Err(refuse(
                col,
                "j",
                "on a rider the page does not say whether exactly one piece is jumped on each \
                 leap or on the whole path",
            ));
        }
        if shape.is_unit() && jump.is_some() {
            return Err(refuse(
                col,
                format!("j{atom}"),
                format!("j needs a leap that passes over squares, and {atom} passes none"),
            ));
        }
        if shape.is_unit() {
            // No square lies between: n says nothing (and XBetza's n would give e.p. rights).
            lame = None;
        }
    }
    if let (Some(col), false) = (prefix.jump_many, reach == Reach::One) {
        return Err(cannot(
            col,
            format!("jj{atom}"),
            "a rider that passes through any number of pieces; XBetza's riders stop at the \
             first",
        ));
    }
    let beside = prefix.hop.is_some() || lame.is_some() || jump.is_some();
    if let (Some(col), true) = (prefix.cylinder, beside) {
        return Err(refuse(
            col,
            "o",
            "o beside p, g, n or j: the page does not say which part of the move wraps",
        ));
    }
    let base = PlanLeg {
        shape,
        atom_col: elem.atom_col,
        atom_text: atom.clone(),
        reach,
        dirs: prefix.dirs(),
        modes: if prefix.modes.is_empty() {
            Modes::DEFAULT_FINAL
        } else {
            prefix.modes
        },
        cylinder: prefix.cylinder.is_some(),
        lame,
        jump,
        iso: None,
    };
    let plan = |legs: Vec<PlanLeg>| Plan {
        legs,
        initial: prefix.initial.is_some(),
        oblique_turns: true,
    };
    let Some((letter, col)) = prefix.hop else {
        return Ok(vec![plan(vec![base])]);
    };
    if !prefix.modes.is_empty() {
        return Err(refuse(
            col,
            letter.to_string(),
            format!(
                "{letter} says what the move does where it ends, and the page gives it no \
                 combination with m or c"
            ),
        ));
    }
    if !(shape.is_unit() && reach == Reach::Unlimited) {
        return Err(refuse(
            col,
            format!("{letter}{atom}"),
            "the page defines p (the Pao) and g (the Grasshopper) by sliding to an obstacle: on \
             R, B, Q, W0, F0 or K0",
        ));
    }
    let hop = PlanLeg {
        modes: Modes::HOP,
        ..base.clone()
    };
    let landing = PlanLeg {
        dirs: Dirs::Unwritten,
        atom_col: col,
        ..base.clone()
    };
    Ok(if letter == 'p' {
        // The Pao: moves without jumping, captures by jumping one piece.
        vec![
            plan(vec![PlanLeg {
                modes: Modes::MOVE,
                ..base
            }]),
            plan(vec![
                hop,
                PlanLeg {
                    modes: Modes::CAPTURE,
                    ..landing
                },
            ]),
        ]
    } else {
        // The Grasshopper: lands right behind the first obstacle.
        vec![plan(vec![
            hop,
            PlanLeg {
                reach: Reach::One,
                ..landing
            },
        ])]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xbetza(text: &str) -> String {
        oldbetza_to_xbetza(text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn err(text: &str) -> (usize, OldBetzaErrorKind) {
        let e = oldbetza_to_xbetza(text).expect_err(text);
        (e.column, e.kind)
    }

    fn refused(text: &str) -> (usize, String, bool) {
        match err(text) {
            (col, OldBetzaErrorKind::Undefined { construct, .. }) => (col, construct, false),
            (col, OldBetzaErrorKind::Inexpressible { construct, .. }) => (col, construct, true),
            other => panic!("{text}: {other:?}"),
        }
    }

    /// The same moves: equal descriptions up to where they were written.
    fn same(a: &str, b: &str) -> bool {
        let (a, b) = (parse(a).unwrap(), parse(b).unwrap());
        a.moves.len() == b.moves.len()
            && a.moves.iter().zip(&b.moves).all(|(x, y)| {
                x.legs == y.legs && x.atom == y.atom && x.range == y.range && x.initial == y.initial
            })
    }

    #[test]
    fn syntax_errors_name_the_column() {
        use OldBetzaErrorKind::*;
        assert_eq!(err(""), (1, Empty));
        assert_eq!(err("fm"), (3, ExpectedAtom));
        assert_eq!(err("W-"), (3, ExpectedAtom));
        assert_eq!(err("-W"), (1, OperatorWithoutAtom('-')));
        assert_eq!(err("xW"), (1, OperatorWithoutAtom('x')));
        assert_eq!(err("(W-F"), (1, UnclosedGroup));
        assert_eq!(err("W)"), (2, UnopenedGroup));
        assert_eq!(err("W()"), (2, EmptyGroup));
        assert_eq!(err("W O"), (2, UnexpectedChar(' ')));
        assert_eq!(err("uW"), (1, UnexpectedChar('u')));
        assert_eq!(err("E"), (1, NotAnAtom('E')));
        assert_eq!(err("(4;1)"), (3, BadStep("','")));
        assert_eq!(err("(1,16)"), (6, StepTooLong));
        assert_eq!(err("W-123"), (3, ExponentTooLong));
        assert_eq!(err("W-17"), (3, TooManyFactors));
        assert_eq!(err("(KtK)asas8"), (1, TooManyMoves));
    }

    #[test]
    fn refusals_name_the_construct_and_column() {
        let cases: &[(&str, usize, &str, bool)] = &[
            // XBetza cannot express these.
            ("O", 1, "O", true),
            ("(0,0)", 1, "(0,0)", true),
            ("Q!K", 2, "!", true),
            ("RyK", 2, "y", true),
            ("kK", 1, "k", true),
            ("jjR", 1, "jjR", true),
            ("(FtR)r0", 7, "r0", true),
            // The page marks these obsolete or ambiguous, or leaves them open.
            ("WW", 1, "WW", false),
            ("mFF", 2, "FF", false),
            ("qN", 1, "q", false),
            ("zB", 1, "z", false),
            ("W-cF", 3, "c", false),
            ("W-iF", 3, "i", false),
            ("eW", 1, "e", false),
            ("nN", 1, "nN", false),
            ("jN", 1, "jN", false),
            ("jW", 1, "jW", false),
            ("jR", 1, "j", false),
            ("pN", 1, "pN", false),
            ("mpR", 2, "p", false),
            ("nW-F", 1, "n", false),
            ("oW-W", 1, "o", false),
            ("R3", 2, "R3", false),
            ("Nrf8-W", 5, "-", false),
            ("W-0", 3, "-0", false),
            ("Nrf0", 4, "0", false),
            ("W-x3", 3, "-x3", false),
            ("(WF)3", 5, "3", false),
            ("(fW)-F", 2, "f", false),
            ("hN", 1, "h", false),
            ("ooR", 2, "oo", false),
        ];
        for &(text, col, construct, xbetza_limit) in cases {
            assert_eq!(
                refused(text),
                (col, construct.to_string(), xbetza_limit),
                "{text}"
            );
        }
    }

    #[test]
    fn messages_show_the_text_and_column() {
        let e = oldbetza_to_xbetza("Q!K").unwrap_err();
        assert!(e
            .to_string()
            .starts_with("\"Q!K\": column 2: '!' has no XBetza equivalent"));
        let e = oldbetza_to_xbetza("WW").unwrap_err();
        assert!(e
            .to_string()
            .contains("'WW' is not defined by the old Betza page"));
    }

    #[test]
    fn paths_read_as_their_xbetza_equivalents() {
        // Each pair is an old-Betza path and XBetza written independently from the page's
        // description of it.
        for (old, equivalent) in [
            ("W-F", "mafsW"),
            ("FtR", "FyafsF"),
            ("W-rW-lW", "marmalW"),
            ("Q+K", "gQ"),
            ("mRcR+R", "mRcpR"),
            ("pR", "mRcpR"),
            ("gR", "gR"),
            ("RxebR", "caibR"),
            ("K-bK", "mabK"),
            ("W-3", "mafmafW"),
            ("Wx3", "cafcafW"),
            ("W3", "W3"),
            ("W0", "R"),
            ("fmFfmFxF", "fmFfcafmF"),
            ("W?W", "tpW"),
            ("KdK", "cdafK"),
            ("I", "H"),
            ("f(4,1)", "fFX"),
            ("jjD", "D"),
            // XBetza's inD would also give e.p. rights, which the page's n does not.
            ("inD", "imafW"),
        ] {
            let got = xbetza(old);
            assert!(same(&got, equivalent), "{old} -> {got}, not {equivalent}");
        }
    }

    #[test]
    fn prefixes_distribute_over_groups() {
        assert_eq!(xbetza("m(WF)"), xbetza("mWmF"));
        assert_eq!(xbetza("(fmW)(fcF)"), xbetza("fmWfcF"));
        assert_eq!(xbetza("m(KxbK-Q)"), xbetza("mKxbK-Q"));
    }

    #[test]
    fn prefix_directions_select_where_a_path_ends() {
        // frm(WxlW): the W step to the right, then left (forward): the path ends forward right.
        assert!(same(&xbetza("frmWxlW"), "rcalmW"));
        // Measured from the start, not from the first step: fW-F ends on the forward-most two
        // Knight squares (fN), which only the forward W step reaches; sW-F on the four sideways
        // ones (sN), from the sideways W steps.
        assert!(same(&xbetza("fW-F"), "fmafsW"));
        assert!(same(&xbetza("sW-F"), "smafsW"));
        // A path back to the start is measured by its first step.
        assert!(same(&xbetza("fK-bK"), "fmabW"));
    }
}
