//! The notation of H.G. Muller's "Extended Betza notation quick reference guide", read into
//! XBetza.
//!
//! The quick reference is an older cousin of XBetza. It chains legs with `-` (XBetza: `a`),
//! measures the directions of every leg after the first from the leg before it, gives ranges
//! as `W3` (up to three steps), `W03` (exactly three) and `W0` (unlimited), and has modes XBetza
//! lacks. [`quickref_to_xbetza`] reads a piece's moves in it and writes the same moves in
//! XBetza, or refuses, naming the construct and its column.
//!
//! | quick reference | meaning | XBetza written |
//! |---|---|---|
//! | `W F D N A H G`, `L`=`C`, `J`=`Z`, `(4,1)` | atoms and step vectors | the same leap (`C`, `Z`, `FX` ...) |
//! | `K`, `R`, `B`, `Q` | `WF`, `W0`, `F0`, `RB` | `K`, `R`, `B`, `Q` |
//! | `W3`, `K2` | up to 3 (2) steps in a line | `W3`, `K2` |
//! | `W0`, `WW`, `NN` | unlimited | `R`, `R`, `N0` |
//! | `W03` | exactly 3 steps: `W-fW-fW` | `mafmafW` |
//! | `f b l r v s`, `fh` ... | directions (the guide's tables agree with XBetza's) | the same set |
//! | `a` | all directions | no letters on the first leg, every turn after `-` |
//! | `X-Y` | chain; `Y` is measured from `X`, `f` (straight on) by default | `XaY`, with `m` on `X` by default |
//! | `W-F` | W step, then both forward diagonals | `mafsW` |
//! | `F-W0` | F step, then slide outwards | `yafsF` (range toggle) |
//! | `m c` | move, capture | `m c` |
//! | `d p` before `-` | capture a friend, hop | `d p` |
//! | `t` before `-` | the square holds a friend | `tp` (Kraken: hop over a friend only) |
//! | `e` after `-` | as long as the previous slide | `i` (iso) |
//! | `pX` last | `pX-cX` | `cpX` |
//! | `gX` last | `gX` then one step of `X` (`gQ` = `gQ-K`) | `gQ`, `pN` ... |
//! | `oX` last | cylinder | `oX` |
//! | `nX` | non-jumping; oblique leaps may take any shortest path of K steps | `nD`, `mafsK` (`nN`) |
//! | `jX` | the path hops exactly one piece | `jD`, `pafsK` (`jN`), `pafmafW`+`mafpafW` (`jH`) |
//! | `i` on the first leg | virgin piece only | `i` |
//! | `(...)` | grouping; `X-(YZ)` = `(X-Y)(X-Z)` | one move per chain |
//!
//! Refused, each with the column of the construct:
//!
//! * what XBetza cannot say: `x` (eruption) and `xx` (explosion); `u` (unload onto the square a
//!   leg reaches); `o` before `-` (a test for the board edge); `i` next to `c` or `d` (capture
//!   only virgin pieces); atoms of different shapes in one chain (`W-N`, `W-D`: XBetza's legs
//!   share one atom up to 45-degree turns); an oblique rider with `n`; a switch between stepping
//!   and sliding right after a capturing leg; `e` on a leg with a range limit or after one;
//! * what the guide rules out or leaves open: `d`, `t` and `u` on the last leg; `e` on the first
//!   leg or on a leg that does not slide; `i` after `-`; `j` on W, F or K (nothing to hop) and on
//!   riders; a range after `R`, `B`, `Q` or a doubled atom; `KK`, `RR`, `BB`, `QQ`; `h` other
//!   than after `f b l r` on an oblique atom; directions of W, F, K steps after an oblique leap
//!   and of oblique leaps after a diagonal step; `o`, `n` or `j` beside `p` or `g` on the last
//!   leg; letters that are no atom of the guide (`O` marks the piece's own square in its
//!   diagram).
//!
//! ```
//! use notation::quickref_to_xbetza;
//! assert_eq!(quickref_to_xbetza("W-F").unwrap(), "mafsW");
//! assert_eq!(quickref_to_xbetza("mpR").unwrap(), "mRcpR");
//! let err = quickref_to_xbetza("Q-xacK").unwrap_err();
//! assert_eq!(err.column, 3);
//! ```

use std::fmt;

use crate::{
    chain::{binomial, Dirs, Moves, Plan, PlanLeg, Reach, Refusal, Shape, Walker, MAX_MOVES},
    direction::DirLetter,
    parse, write, Modes,
};

/// The longest exact repetition (`W015`): the most steps a leap can make on a 16 x 16 board.
const MAX_EXACT: u8 = 15;
/// The lower-case letters the guide uses as modifiers.
const MODIFIERS: &str = "fblrvshamcdptuognjiex";

/// What was wrong at the place a [`QuickrefError`] points to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuickrefErrorKind {
    /// The text is empty.
    Empty,
    /// A character that is neither a modifier, an atom, `-` nor a parenthesis.
    UnexpectedChar(char),
    /// An upper-case letter that is no atom of the guide.
    NotAnAtom(char),
    /// Modifiers or `-` are not followed by an atom.
    ExpectedAtom,
    /// A `(` without its `)`.
    UnclosedGroup,
    /// A `)` without its `(`.
    UnopenedGroup,
    /// `()`.
    EmptyGroup,
    /// Modifiers written before a group instead of an atom.
    ModifiersBeforeGroup,
    /// A range written after a group.
    RangeAfterGroup,
    /// A malformed `(x,y)` step vector.
    BadStep(&'static str),
    /// A step vector longer than a 16 x 16 board allows.
    StepTooLong,
    /// A range of more than two digits (after a leading `0` for exact ranges).
    RangeTooLong,
    /// An exact range of more steps than a 16 x 16 board allows.
    ExactTooLong,
    /// The text stands for more moves than Kraken translates.
    TooManyMoves,
    /// A construct the guide rules out or leaves without a meaning.
    Undefined {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// A construct the guide defines but XBetza cannot express.
    Inexpressible {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// The XBetza written for the text does not read back (a fault in this translator).
    Internal(String),
}

/// An error in a quick-reference text, with the 1-based column (in characters) of the
/// construct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickrefError {
    /// The text that was read.
    pub input: String,
    /// The 1-based column of the offending construct (one past the end for a missing part).
    pub column: usize,
    /// What was wrong.
    pub kind: QuickrefErrorKind,
}

impl fmt::Display for QuickrefErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use QuickrefErrorKind::*;
        match self {
            Empty => write!(f, "expected a piece description, found nothing"),
            UnexpectedChar(c) => write!(
                f,
                "unexpected character '{c}' (expected a modifier, an atom, '-' or a parenthesis)"
            ),
            NotAnAtom(c) => write!(
                f,
                "'{c}' is not an atom of the quick reference (W F D N A H L C J Z G K B R Q, \
                 or a step vector such as (4,1))"
            ),
            ExpectedAtom => write!(f, "expected an atom"),
            UnclosedGroup => write!(f, "'(' is not closed"),
            UnopenedGroup => write!(f, "')' closes no group"),
            EmptyGroup => write!(f, "'()' groups nothing"),
            ModifiersBeforeGroup => {
                write!(f, "modifiers go on an atom, not on a group")
            }
            RangeAfterGroup => write!(f, "a range goes on an atom, not on a group"),
            BadStep(what) => write!(f, "bad (x,y) step: expected {what}"),
            StepTooLong => write!(f, "a step may be at most 15 squares long"),
            RangeTooLong => write!(f, "a range has at most two digits"),
            ExactTooLong => write!(f, "an exact range counts at most {MAX_EXACT} steps"),
            TooManyMoves => write!(
                f,
                "the text stands for more than {MAX_MOVES} moves with fixed directions"
            ),
            Undefined { construct, reason } => {
                write!(
                    f,
                    "'{construct}' is not defined by the quick reference: {reason}"
                )
            }
            Inexpressible { construct, reason } => {
                write!(f, "'{construct}' has no XBetza equivalent: {reason}")
            }
            Internal(what) => write!(f, "internal error: {what}"),
        }
    }
}

impl fmt::Display for QuickrefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\": column {}: {}",
            self.input, self.column, self.kind
        )
    }
}

impl std::error::Error for QuickrefError {}

/// Translates a piece's moves written in the quick reference's notation into XBetza.
///
/// The moves are the union of the chains written; see the [module documentation](self) for the
/// mapping and what is refused.
///
/// # Errors
/// Returns a [`QuickrefError`] naming the construct and its column for text that is malformed,
/// that the guide leaves undefined, or that XBetza cannot express.
///
/// # Examples
/// ```
/// use notation::quickref_to_xbetza;
/// // The Xiangqi horse: a W step, then one of the two diagonals forward of it.
/// assert_eq!(quickref_to_xbetza("W-F").unwrap(), "mafsW");
/// // Exactly three W steps.
/// assert_eq!(quickref_to_xbetza("W03").unwrap(), "mafmafW");
/// // Eruption has no XBetza form.
/// let err = quickref_to_xbetza("Q-xacK").unwrap_err();
/// assert_eq!(err.column, 3);
/// ```
pub fn quickref_to_xbetza(text: &str) -> Result<String, QuickrefError> {
    let fail = |(column, kind)| QuickrefError {
        input: text.to_string(),
        column,
        kind,
    };
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(fail((1, QuickrefErrorKind::Empty)));
    }
    let chains = Reader {
        chars: &chars,
        pos: 0,
    }
    .read()
    .map_err(fail)?;
    let mut moves = Moves::default();
    for chain in &chains {
        for plan in plan(chain).map_err(fail)? {
            let walks = Walker::new(&plan).run().map_err(lift).map_err(fail)?;
            moves.add(&plan, walks).map_err(lift).map_err(fail)?;
        }
    }
    let desc = moves.finish().map_err(lift).map_err(fail)?;
    let xbetza = write(&desc);
    if let Err(e) = parse(&xbetza) {
        return Err(fail((1, QuickrefErrorKind::Internal(e.to_string()))));
    }
    Ok(xbetza)
}

/// A column and what is wrong there.
type Failure = (usize, QuickrefErrorKind);

/// A refusal of the shared chain writer, as a quick-reference error.
fn lift((column, refusal): crate::chain::Failure) -> Failure {
    let kind = match refusal {
        Refusal::Undefined { construct, reason } => {
            QuickrefErrorKind::Undefined { construct, reason }
        }
        Refusal::Inexpressible { construct, reason } => {
            QuickrefErrorKind::Inexpressible { construct, reason }
        }
        Refusal::TooManyMoves => QuickrefErrorKind::TooManyMoves,
    };
    (column, kind)
}

fn undefined(column: usize, construct: impl Into<String>, reason: impl Into<String>) -> Failure {
    (
        column,
        QuickrefErrorKind::Undefined {
            construct: construct.into(),
            reason: reason.into(),
        },
    )
}

fn inexpressible(
    column: usize,
    construct: impl Into<String>,
    reason: impl Into<String>,
) -> Failure {
    (
        column,
        QuickrefErrorKind::Inexpressible {
            construct: construct.into(),
            reason: reason.into(),
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Reading the text
// ---------------------------------------------------------------------------------------------

/// A leg as written.
#[derive(Clone, Debug)]
struct Written {
    /// The modifier letters with their columns, in order.
    mods: Vec<(char, usize)>,
    shape: Shape,
    atom_col: usize,
    /// The atom as written, for messages (`N`, `(4,1)`).
    atom_text: String,
    reach: Reach,
}

/// Reads the text into its chains (each a list of legs), distributing groups.
struct Reader<'a> {
    chars: &'a [char],
    pos: usize,
}

type Chains = Vec<Vec<Written>>;

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn col(&self) -> usize {
        self.pos + 1
    }

    fn read(mut self) -> Result<Chains, Failure> {
        self.sequence(0)
    }

    /// Chains written one after the other, up to the end or a `)`.
    fn sequence(&mut self, depth: usize) -> Result<Chains, Failure> {
        let mut chains = Vec::new();
        while let Some(c) = self.peek() {
            if c == ')' {
                if depth == 0 {
                    return Err((self.col(), QuickrefErrorKind::UnopenedGroup));
                }
                break;
            }
            chains.extend(self.chain(depth)?);
            if chains.len() > MAX_MOVES {
                return Err((self.col(), QuickrefErrorKind::TooManyMoves));
            }
        }
        Ok(chains)
    }

    /// Units joined by `-`: every chain of the left side continued by every one of the right.
    fn chain(&mut self, depth: usize) -> Result<Chains, Failure> {
        let mut chains = self.unit(depth)?;
        while self.peek() == Some('-') {
            self.pos += 1;
            let next = self.unit(depth)?;
            if chains.len().saturating_mul(next.len()) > MAX_MOVES {
                return Err((self.col(), QuickrefErrorKind::TooManyMoves));
            }
            let mut joined = Vec::with_capacity(chains.len() * next.len());
            for left in &chains {
                for right in &next {
                    joined.push(left.iter().chain(right).cloned().collect());
                }
            }
            chains = joined;
        }
        Ok(chains)
    }

    /// A step vector `(x,y)` starts here (rather than a group).
    fn step_vector_ahead(&self) -> bool {
        self.chars
            .get(self.pos + 1)
            .is_some_and(char::is_ascii_digit)
    }

    /// A group or a single leg.
    fn unit(&mut self, depth: usize) -> Result<Chains, Failure> {
        if self.peek() == Some('(') && !self.step_vector_ahead() {
            let open = self.col();
            self.pos += 1;
            let inner = self.sequence(depth + 1)?;
            if self.peek() != Some(')') {
                return Err((open, QuickrefErrorKind::UnclosedGroup));
            }
            self.pos += 1;
            if inner.is_empty() {
                return Err((open, QuickrefErrorKind::EmptyGroup));
            }
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err((self.col(), QuickrefErrorKind::RangeAfterGroup));
            }
            return Ok(inner);
        }
        Ok(vec![vec![self.leg()?]])
    }

    fn leg(&mut self) -> Result<Written, Failure> {
        let mut mods = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return Err((self.col(), QuickrefErrorKind::ExpectedAtom));
            };
            if MODIFIERS.contains(c) {
                mods.push((c, self.col()));
                self.pos += 1;
                continue;
            }
            if c.is_ascii_uppercase() || (c == '(' && self.step_vector_ahead()) {
                break;
            }
            return Err((
                self.col(),
                match c {
                    '(' => QuickrefErrorKind::ModifiersBeforeGroup,
                    '-' | ')' => QuickrefErrorKind::ExpectedAtom,
                    _ => QuickrefErrorKind::UnexpectedChar(c),
                },
            ));
        }
        let atom_col = self.col();
        let (shape, reach, atom_text) = self.atom()?;
        Ok(Written {
            mods,
            shape,
            atom_col,
            atom_text,
            reach,
        })
    }

    /// An atom with its range suffix.
    fn atom(&mut self) -> Result<(Shape, Reach, String), Failure> {
        let col = self.col();
        let letter = self.peek().expect("the caller saw an atom");
        if letter == '(' {
            let shape = self.step()?;
            let text: String = self.chars[col - 1..self.pos].iter().collect();
            let reach = self.range()?.unwrap_or(Reach::One);
            return Ok((shape, reach, text));
        }
        let leap = Shape::Leap;
        let (shape, reach) = match letter {
            'W' => (leap(0, 1), Reach::One),
            'F' => (leap(1, 1), Reach::One),
            'D' => (leap(0, 2), Reach::One),
            'N' => (leap(1, 2), Reach::One),
            'A' => (leap(2, 2), Reach::One),
            'H' => (leap(0, 3), Reach::One),
            'L' | 'C' => (leap(1, 3), Reach::One),
            'J' | 'Z' => (leap(2, 3), Reach::One),
            'G' => (leap(3, 3), Reach::One),
            'K' => (Shape::King, Reach::One),
            'R' => (leap(0, 1), Reach::Unlimited),
            'B' => (leap(1, 1), Reach::Unlimited),
            'Q' => (Shape::King, Reach::Unlimited),
            _ => return Err((col, QuickrefErrorKind::NotAnAtom(letter))),
        };
        self.pos += 1;
        let text = letter.to_string();
        if self.peek() == Some(letter) {
            let doubled = format!("{letter}{letter}");
            if "KRBQ".contains(letter) {
                return Err(undefined(
                    col,
                    doubled,
                    "only leapers are doubled (WW = W0); write K0, R, B or Q",
                ));
            }
            self.pos += 1;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(undefined(
                    self.col(),
                    doubled,
                    "a doubled atom already slides without limit and takes no range",
                ));
            }
            return Ok((shape, Reach::Unlimited, doubled));
        }
        let digits_col = self.col();
        match self.range()? {
            None => Ok((shape, reach, text)),
            Some(_) if "RBQ".contains(letter) => {
                let written: String = self.chars[col - 1..self.pos].iter().collect();
                Err(undefined(
                    digits_col,
                    written,
                    "R, B and Q stand for W0, F0 and RB and already have a range; write W3, F3 \
                     or K3",
                ))
            }
            Some(reach) => Ok((shape, reach, text)),
        }
    }

    /// A range: `n` (up to n), `0` (unlimited) or `0n` (exactly n).
    fn range(&mut self) -> Result<Option<Reach>, Failure> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        if digits.is_empty() {
            return Ok(None);
        }
        let (exact, count) = match digits.strip_prefix('0') {
            Some("") => return Ok(Some(Reach::Unlimited)),
            Some(rest) => (true, rest),
            None => (false, digits.as_str()),
        };
        if count.len() > 2 {
            return Err((start + 1, QuickrefErrorKind::RangeTooLong));
        }
        let n: u8 = count.parse().expect("one or two digits");
        Ok(Some(match (exact, n) {
            (true, 0) => {
                return Err(undefined(
                    start + 1,
                    digits,
                    "0 followed by a count means exactly that many steps, and 0 steps is no \
                     move",
                ))
            }
            (true, n) if n > MAX_EXACT => {
                return Err((start + 1, QuickrefErrorKind::ExactTooLong));
            }
            (true, 1) | (false, 1) => Reach::One,
            (true, n) => Reach::Exactly(n),
            (false, n) => Reach::UpTo(n),
        }))
    }

    /// A step vector `(x,y)`.
    fn step(&mut self) -> Result<Shape, Failure> {
        self.pos += 1;
        let x = self.number()?;
        self.expect(',', "','")?;
        let y = self.number()?;
        self.expect(')', "')'")?;
        let (minor, major) = (x.min(y), x.max(y));
        if major == 0 {
            return Err((
                self.pos,
                QuickrefErrorKind::BadStep("a step other than (0,0)"),
            ));
        }
        if major > 15 {
            return Err((self.pos, QuickrefErrorKind::StepTooLong));
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
            return Err((self.col(), QuickrefErrorKind::BadStep("a number")));
        }
        Ok(value)
    }

    fn expect(&mut self, c: char, what: &'static str) -> Result<(), Failure> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err((self.col(), QuickrefErrorKind::BadStep(what)))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Meaning of each leg
// ---------------------------------------------------------------------------------------------

/// Reads the modifiers of every leg of a chain. A last leg with `p` or `g` gives extra plans:
/// `pX` is `pX-cX`, `gX` is `gX-X` with a single step of `X`.
fn plan(chain: &[Written]) -> Result<Vec<Plan>, Failure> {
    let last = chain.len() - 1;
    let mut legs = Vec::with_capacity(chain.len() + 1);
    let mut initial = false;
    let mut tails = Vec::new();
    for (k, written) in chain.iter().enumerate() {
        let read = read_leg(written, k, k == last)?;
        initial |= read.initial;
        if k == last {
            tails = read.tails;
        } else {
            legs.push(read.leg);
        }
    }
    Ok(tails
        .into_iter()
        .map(|tail| {
            let mut legs = legs.clone();
            legs.extend(tail);
            Plan {
                legs,
                initial,
                oblique_turns: false,
            }
        })
        .collect())
}

/// What one leg's modifiers say.
struct ReadLeg {
    leg: PlanLeg,
    initial: bool,
    /// For the last leg: the ways it may end (plain, `pX-cX`, `gX-X`).
    tails: Vec<Vec<PlanLeg>>,
}

fn read_leg(written: &Written, k: usize, last: bool) -> Result<ReadLeg, Failure> {
    let mods = &written.mods;
    let mut modes = Modes::NONE;
    let mut runs: Vec<(Vec<DirLetter>, usize)> = Vec::new();
    let mut all = false;
    let mut in_run = false;
    let mut tame = false;
    let mut final_p = None;
    let mut final_g = None;
    let mut cylinder = None;
    let mut lame = None;
    let mut jump = None;
    let mut iso = None;
    let mut initial = None;
    for (j, &(c, col)) in mods.iter().enumerate() {
        if let Some(letter) = DirLetter::from_char(c) {
            if letter == DirLetter::H {
                let after = in_run
                    .then(|| runs.last().and_then(|(run, _)| run.last()))
                    .flatten();
                if !matches!(
                    after,
                    Some(DirLetter::F | DirLetter::B | DirLetter::L | DirLetter::R)
                ) {
                    return Err(undefined(
                        col,
                        "h",
                        "h only follows f, b, l or r, on an oblique atom (fhN: the four forward \
                         Knight leaps)",
                    ));
                }
            }
            if !in_run {
                runs.push((Vec::new(), col));
                in_run = true;
            }
            runs.last_mut().expect("run pushed").0.push(letter);
            continue;
        }
        in_run = false;
        let next = mods.get(j + 1).map(|&(c, _)| c);
        match c {
            'a' => all = true,
            'm' => modes.insert(Modes::MOVE),
            'c' => modes.insert(Modes::CAPTURE),
            'd' if last => {
                return Err(undefined(
                    col,
                    "d",
                    "d (destroy a friend) is possible only before '-', as the guide lists it \
                     among the modes that are no final part of a chain",
                ))
            }
            'd' => modes.insert(Modes::DESTROY),
            'p' if last => final_p = Some(col),
            'g' if last => final_g = Some(col),
            'p' | 'g' => modes.insert(Modes::HOP),
            't' if last => {
                return Err(undefined(
                    col,
                    "t",
                    "t (test for a friend) is possible only before '-'; on the last leg the \
                     guide leaves t its original Betza meaning without stating it",
                ))
            }
            't' => tame = true,
            'u' if last => {
                return Err(undefined(
                    col,
                    "u",
                    "u (unload) is possible only before '-'",
                ))
            }
            'u' => {
                return Err(inexpressible(
                    col,
                    "u",
                    "the guide's u puts a piece captured earlier on the square this leg \
                     reaches, swapping out its occupant; XBetza's u can only put a leg's own \
                     victim on the square that leg starts from",
                ))
            }
            'o' if cylinder.is_some() => {
                return Err(undefined(col, "oo", "the guide has a single o"));
            }
            'o' if last => cylinder = Some(col),
            'o' => {
                return Err(inexpressible(
                    col,
                    "o",
                    "before '-', o passes only where the leg leaves the board; XBetza's legs \
                     never leave the board",
                ))
            }
            'x' if next == Some('x') => {
                return Err(inexpressible(
                    col,
                    "xx",
                    "explosion removes the piece and sends fragments along the rest of the \
                     chain; XBetza has no fragments",
                ))
            }
            'x' => {
                return Err(inexpressible(
                    col,
                    "x",
                    "eruption ends the move and sends fragments along the rest of the chain; \
                     XBetza has no fragments (its x makes a friend move)",
                ))
            }
            'n' | 'j' if lame.is_some() || jump.is_some() => {
                return Err(undefined(
                    col,
                    c.to_string(),
                    "a leg is non-jumping (n) or hops one piece (j), once",
                ))
            }
            'n' => lame = Some(col),
            'j' => jump = Some(col),
            'i' => {
                let before = j.checked_sub(1).map(|b| mods[b].0);
                if let Some(other) = [before, next]
                    .into_iter()
                    .flatten()
                    .find(|o| matches!(o, 'c' | 'd'))
                {
                    let construct = if before == Some(other) {
                        format!("{other}i")
                    } else {
                        format!("i{other}")
                    };
                    let column = if before == Some(other) { col - 1 } else { col };
                    return Err(inexpressible(
                        column,
                        construct,
                        "i next to c or d captures only virgin pieces; XBetza has no such \
                         capture",
                    ));
                }
                if k > 0 {
                    return Err(undefined(
                        col,
                        "i",
                        "i (virgin piece only) stands on the first leg of a move",
                    ));
                }
                if initial.is_some() {
                    return Err(undefined(col, "ii", "the guide has a single i"));
                }
                initial = Some(col);
            }
            'e' if k == 0 => {
                return Err(undefined(
                    col,
                    "e",
                    "e (as long as an earlier slide) stands only after '-'",
                ))
            }
            'e' => iso = Some(col),
            _ => unreachable!("MODIFIERS lists exactly the letters handled"),
        }
    }
    if tame && !modes.contains(Modes::HOP) {
        modes.insert(Modes::HOP.union(Modes::TAME));
    }
    let shape = written.shape;
    let reach = written.reach;
    let atom = &written.atom_text;
    if shape.is_unit() && lame.is_some() {
        // No square lies between: n says nothing (and XBetza's n would give e.p. rights).
        lame = None;
    }
    if let Some(col) = jump {
        if shape.is_unit() {
            return Err(undefined(
                col,
                format!("j{atom}"),
                format!("j needs a leap that passes over squares, and {atom} passes none"),
            ));
        }
        if reach != Reach::One {
            return Err(undefined(
                col,
                "j",
                "on a rider the guide does not say whether exactly one piece is hopped on each \
                 leap or on the whole path",
            ));
        }
    }
    if let Some(col) = lame {
        if shape.is_oblique() && reach != Reach::One {
            return Err(inexpressible(
                col,
                "n",
                "a non-jumping oblique rider may take any shortest path on each leap; XBetza \
                 gives a lame leap a single path",
            ));
        }
    }
    if let Some(col) = lame.or(jump) {
        // Every order of its K steps, in eight directions, with j each square it passes.
        let (p, q) = shape.form();
        let hops = if jump.is_some() {
            usize::from(q) - 1
        } else {
            1
        };
        if shape.is_oblique() && 8 * binomial(q, p) * hops > MAX_MOVES {
            return Err((col, QuickrefErrorKind::TooManyMoves));
        }
        if shape.is_oblique() && !last {
            return Err(undefined(
                col,
                format!("{}{atom}", mods_letter(lame, jump)),
                "a leg after a non-jumping or hopping oblique leap: its path of K steps leaves \
                 no direction to measure the next leg from",
            ));
        }
    }
    if let Some(col) = iso {
        match reach {
            Reach::Unlimited => {}
            Reach::UpTo(_) => {
                return Err(inexpressible(
                    col,
                    "e",
                    "an equal-length leg with a range limit of its own: XBetza's iso legs have \
                     none",
                ))
            }
            Reach::One | Reach::Exactly(_) => {
                return Err(undefined(
                    col,
                    "e",
                    "e (as long as an earlier slide) goes on a sliding leg, such as W0",
                ))
            }
        }
    }
    if last {
        let hops = final_p.or(final_g);
        if let (Some(col), Some(_)) = (cylinder, hops.or(lame).or(jump)) {
            return Err(undefined(
                col,
                "o",
                "o beside p, g, n or j on the last leg: the guide does not say which part of \
                 the move wraps",
            ));
        }
        if let (Some(col), Some(_)) = (hops, lame.or(jump)) {
            return Err(undefined(
                col,
                if final_p == Some(col) { "p" } else { "g" },
                "p or g beside n or j: the guide does not say which leg of the hop is lame or \
                 jumps",
            ));
        }
    }
    let dirs = if all {
        Dirs::All
    } else if runs.is_empty() {
        Dirs::Unwritten
    } else {
        Dirs::Runs(runs)
    };
    let base = PlanLeg {
        shape,
        atom_col: written.atom_col,
        atom_text: atom.clone(),
        reach,
        dirs,
        modes,
        cylinder: cylinder.is_some(),
        lame,
        jump,
        iso,
    };
    let mut tails = Vec::new();
    if last {
        if !modes.is_empty() || (final_p.is_none() && final_g.is_none()) {
            let mut plain = base.clone();
            if plain.modes.is_empty() {
                plain.modes = Modes::DEFAULT_FINAL;
            }
            tails.push(vec![plain]);
        }
        let hop = PlanLeg {
            modes: Modes::HOP,
            ..base.clone()
        };
        if let Some(col) = final_p {
            // `pX` is `pX-cX`.
            let landing = PlanLeg {
                dirs: Dirs::Unwritten,
                modes: Modes::CAPTURE,
                iso: None,
                atom_col: col,
                ..base.clone()
            };
            tails.push(vec![hop.clone(), landing]);
        }
        if let Some(col) = final_g {
            // `gX` is `gX-X` with one step of X: `gQ` is `gQ-K`.
            let landing = PlanLeg {
                dirs: Dirs::Unwritten,
                modes: Modes::DEFAULT_FINAL,
                iso: None,
                reach: Reach::One,
                atom_col: col,
                ..base.clone()
            };
            tails.push(vec![hop, landing]);
        }
    } else if modes.is_empty() {
        // Before '-' a leg must end on an empty square unless its modes say otherwise.
        modes = Modes::MOVE;
    }
    Ok(ReadLeg {
        leg: PlanLeg { modes, ..base },
        initial: initial.is_some(),
        tails,
    })
}

fn mods_letter(lame: Option<usize>, jump: Option<usize>) -> &'static str {
    match (lame, jump) {
        (Some(_), _) => "n",
        (_, Some(_)) => "j",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xbetza(text: &str) -> String {
        quickref_to_xbetza(text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn err(text: &str) -> (usize, QuickrefErrorKind) {
        let e = quickref_to_xbetza(text).expect_err(text);
        (e.column, e.kind)
    }

    fn refused(text: &str) -> (usize, String, bool) {
        match err(text) {
            (col, QuickrefErrorKind::Undefined { construct, .. }) => (col, construct, false),
            (col, QuickrefErrorKind::Inexpressible { construct, .. }) => (col, construct, true),
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
        use QuickrefErrorKind::*;
        assert_eq!(err(""), (1, Empty));
        assert_eq!(err("fm"), (3, ExpectedAtom));
        assert_eq!(err("W-"), (3, ExpectedAtom));
        assert_eq!(err("-W"), (1, ExpectedAtom));
        assert_eq!(err("W--F"), (3, ExpectedAtom));
        assert_eq!(err("(W-F"), (1, UnclosedGroup));
        assert_eq!(err("W)"), (2, UnopenedGroup));
        assert_eq!(err("W()"), (2, EmptyGroup));
        assert_eq!(err("c(W)"), (2, ModifiersBeforeGroup));
        assert_eq!(err("(W-fW)3"), (7, RangeAfterGroup));
        assert_eq!(err("W O"), (2, UnexpectedChar(' ')));
        assert_eq!(err("kW"), (1, UnexpectedChar('k')));
        assert_eq!(err("O"), (1, NotAnAtom('O')));
        assert_eq!(err("fU"), (2, NotAnAtom('U')));
        assert_eq!(err("(4;1)"), (3, BadStep("','")));
        assert_eq!(err("(0,0)"), (5, BadStep("a step other than (0,0)")));
        assert_eq!(err("(1,16)"), (6, StepTooLong));
        assert_eq!(err("W123"), (2, RangeTooLong));
        assert_eq!(err("W016"), (2, ExactTooLong));
        assert_eq!(err("n(7,15)"), (1, TooManyMoves));
        assert_eq!(err("aQ-aQ-aQ-aQ-aQ"), (1, TooManyMoves));
    }

    #[test]
    fn refusals_name_the_construct_and_column() {
        let cases: &[(&str, usize, &str, bool)] = &[
            // XBetza cannot express these.
            ("Q-xacK", 3, "x", true),
            ("R-xxK", 3, "xx", true),
            ("cR-uW-W", 4, "u", true),
            ("oW-W", 1, "o", true),
            ("icK", 1, "ic", true),
            ("fmciW", 3, "ci", true),
            ("W-N", 3, "N", true),
            ("W-D", 3, "D", true),
            ("nN0", 1, "n", true),
            ("W-cW-W0", 4, "W", true),
            ("W0-W3-seW0", 8, "e", true),
            ("W0-seW3", 5, "e", true),
            // The guide rules these out or gives them no meaning.
            ("dW", 1, "d", false),
            ("W-tW", 3, "t", false),
            ("W-uW", 3, "u", false),
            ("eW0", 1, "e", false),
            ("W0-seW", 5, "e", false),
            ("W-seW0", 4, "e", false),
            ("W-iW", 3, "i", false),
            ("iiW", 2, "ii", false),
            ("jW", 1, "jW", false),
            ("jK", 1, "jK", false),
            ("jD0", 1, "j", false),
            ("R3", 2, "R3", false),
            ("Q2", 2, "Q2", false),
            ("KK", 1, "KK", false),
            ("BB", 1, "BB", false),
            ("NN2", 3, "NN", false),
            ("W00", 2, "00", false),
            ("hrN", 1, "h", false),
            ("fhK", 1, "fh", false),
            ("nN-W", 1, "nN", false),
            ("N-W", 3, "W", false),
            ("N-frN", 3, "fr", false),
            ("F-N", 3, "N", false),
            ("ooW", 2, "oo", false),
            ("opR", 1, "o", false),
            ("pnD", 1, "p", false),
            ("njD", 2, "j", false),
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
        let e = quickref_to_xbetza("Q-xacK").unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with("\"Q-xacK\": column 3: 'x' has no XBetza equivalent"));
        let e = quickref_to_xbetza("dW").unwrap_err();
        assert!(e
            .to_string()
            .contains("'d' is not defined by the quick reference"));
    }

    #[test]
    fn chains_read_as_their_xbetza_equivalents() {
        // Each pair is a quick-reference chain and XBetza written independently from the
        // guide's description of it.
        for (quickref, equivalent) in [
            ("W-F", "mafsW"),
            ("W-fW", "mafW"),
            ("W03", "mafmafW"),
            ("fcF-mF", "fcafmF"),
            ("F-W0", "yafsF"),
            ("R-sR", "masR"),
            ("pR", "cpR"),
            ("mpR", "mRcpR"),
            ("gQ", "gQ"),
            ("gQ-K", "gQ"),
            ("gN", "pN"),
            ("oR", "oR"),
            ("nD", "nD"),
            ("inD", "imafW"),
            ("jD", "jD"),
            ("nN", "mafsK"),
            ("jN", "pafsK"),
            ("iW", "iW"),
            ("W0-seW0", "maisR"),
            ("(4,1)", "FX"),
        ] {
            let got = xbetza(quickref);
            assert!(
                same(&got, equivalent),
                "{quickref} -> {got}, not {equivalent}"
            );
        }
    }

    #[test]
    fn groups_distribute_over_chains() {
        assert_eq!(xbetza("(W)"), xbetza("W"));
        assert_eq!(xbetza("W3"), "W3");
        // (W)(W-fW)(W-fW-fW) is the guide's own spelling of W3: the same squares, as three
        // exact moves.
        assert!(same(
            &xbetza("(W)(W-fW)(W-fW-fW)"),
            &xbetza("(W)(W02)(W03)")
        ));
        assert!(same(&xbetza("W-(FW)"), &xbetza("(W-F)(W-W)")));
    }

    #[test]
    fn shortcuts_are_their_expansions() {
        for (short, long) in [
            ("K", "WF"),
            ("B", "F0"),
            ("R", "W0"),
            ("C", "L"),
            ("Z", "J"),
        ] {
            let (a, b) = (
                parse(&xbetza(short)).unwrap(),
                parse(&xbetza(long)).unwrap(),
            );
            let g = crate::Geometry::new(9, 9).unwrap();
            let e5 = g.parse_square("e5").unwrap();
            let reach = |d: &crate::PieceDesc| crate::compile(d, &g, crate::Color::White).reach(e5);
            assert_eq!(reach(&a), reach(&b), "{short} = {long}");
        }
    }
}
