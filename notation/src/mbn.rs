//! MBN, the "Modified Betza Notation" of the chess-variant formalisation pages (with FBR and
//! ANCP), read into XBetza: the move part of a piece definition.
//!
//! MBN keeps Betza's atoms and direction letters but combines moves with `+` (or by writing
//! them side by side, `pRD` = `p(R+D)`: modifiers go on every move after them), chains legs
//! with `-` (directions measured from the leg before, straight on by default) and `--`
//! (directions measured from forward again), writes optional legs in brackets (`gfF3-[B]`),
//! repeats groups as complex riders (`(aW)3`, `(pmD)03`), and names any leap `:m,n:`. Direction
//! letters written side by side are a union (`fsW` = `fW+sW`, `fK` = `fW+fF`); two letters read
//! together ("amalgamated") are parenthesized or doubled: `(lf)N`, `ffN`. [`mbn_to_xbetza`]
//! reads the moves and writes the same moves in XBetza, or refuses, naming the construct and
//! its column.
//!
//! | MBN | meaning | XBetza written |
//! |---|---|---|
//! | `W F D N A H C Z T`, `G`=`T`, `J`=`Z`, `L`=`C` | the leapers of the text's table | `W F D N A H C Z G` |
//! | `:1,4:`, `:0,5:` | any leap `(m,n)`, `m <= n` | `FX`, `DX`, `(m,n)` |
//! | `K`, `R`, `B`, `Q`, `E`, `I`=`V` | `WF`, `W0`, `F0`, `RB`, `RN`, `BN` | `K R B Q`, `RN`, `BN` |
//! | `W3`, `W0`, `N0`, `W03` | up to 3 steps, unlimited, exactly 3 (`W-W-W`) | `W3`, `R`, `N0`, `mafmafW` |
//! | `A+B`, `AB`, `mAB`, `mAcB` | either move; modifiers go on every move after them, up to the next modifier | `AB`, `mAmB`, `mAcB` |
//! | `f b l r v s` | one letter: the moves of the text's tables (`fF` = both forward diagonals, `fN` = the two forward-most leaps, `fK` = `fW+fF`) | the same set |
//! | `fsW`, `frF` | letters side by side: a union (`fW+sW`, `fF+rF`) | `fsW`, `frbrflF` |
//! | `(lf)N`, `ffN`, `(fr)F`, `(vl)N`, `(sf)N` | two letters read together as the tables give them | `lfN`, `ffN`, `frF`, `vlN`, `fN` |
//! | `m`, `c`, `a`, `cc`, `cy` | move only, capture only, either, capture a friend, capture anything | `m`, `c`, `mc`, `d`, `cd` |
//! | `ce`, `ee` | capture also / only en passant | `ce`, `e` |
//! | `me` on a W, F or K slide | the squares passed may be taken en passant | `n` on each step (`mefW02` = `mnafmnW`) |
//! | `i`, `n`, `o` | initial move only, non-jumping (any shortest path for oblique leaps), cylinder | `i`, `nD` / `mafsK`, `o` |
//! | `pD`, `pH` | the leap hops exactly one piece on its path | `jD`, `pafmafW`+`mafpafW` |
//! | `pR`, `mpB` | a slide that hops exactly one piece somewhere on its way | `pR`, `mpB` |
//! | `gF3`, `gW02`, `gR` | a slider that leaps instead: one leap per length | `FAG`, `D`, `WDH(0,4)`... |
//! | `jjX-`, `jyX-` | a leg that ends on a friend / any piece, untouched | `tp`, `p` |
//! | `X-Y` | `Y` from where `X` ends, measured from `X`: `f` (straight on) by default | `XaY`, `m` on `X` by default |
//! | `t` after `-` | turn back | `b` |
//! | `X--Y`, `dY` | `Y` from where `X` ends, in any direction (or the letters' ones, seen from forward) | one move per set of turns |
//! | `[X]` in a chain | the leg may be left out: `gfF3-[B]` = `gfF3+gfF3-B` | one chain each |
//! | `(X)3`, `(X)03`, `(X)0` | `X`, `X-X`, `X-X-X`; exactly `X-X-X`; any number (`X` going straight on) | one chain per length |
//! | `\|comment\|`, `N=`, `:Ra:=`, `+Q=` | comments; the piece's identifier before `=` is skipped | |
//!
//! Board ranges (`[d-f1-3]`, `[1-2]`, `[a-h1-2,a8,h8]`, `[#]`, `[.]`, `[^...]`; ranks counted
//! from the mover's side) are refused by [`mbn_to_xbetza`] and read by [`mbn_piece`] as the
//! regions a variant file gives: one range after every move (`G=W[d-f1-3]`) is the piece's
//! mobility region; one range before some moves (`[1-2]mefW02`) makes them initial moves,
//! made from that range (a pawn type's double-step region). [`mbn_promotions`] reads
//! promotion rules (`+P==QRBN`, `+P`, `+P==Q +p==I`) as the promotion keys.
//!
//! Refused, each with the column of the construct:
//!
//! * what XBetza cannot say: board ranges (`[1-2]W`, `W[d-f1-3]`; by [`mbn_piece`] only
//!   where no region can give them: inside groups, on inner legs of chains, on some moves
//!   only, two different ones, dynamic ranges `[+]`, `[*]`, `[:]`, iterators), piece sets (`c{L}R`,
//!   `{C}W2`), conditions (`/Ta1/W`), board transitions (`<+1>`), the setup `!` and decision `#`
//!   operators; compulsory legs `{X}` and the circular riders defined by them (`(N)(rf)8`);
//!   maximal (`0*`), edge (`*`) and null (`O`, `:0,0:`, `W00`) moves; `j` (visits a foe only),
//!   `k` (no check), `u` (unblocked), `w` (swap), `x` (flip), `h` (halfling), `pp` (several
//!   hurdles), `gg` and `oo`; `ii` (decays with check); `g` on a complex rider and `p` on a
//!   limited slider or before `-`; atoms of different shapes in one chain (`gfF3-[B]`: an `A`
//!   leap and then a Bishop); complex riders `(X)0` that may turn (`(dcK-mK)0`: no bound);
//! * what the text marks wrong, ambiguous or leaves open: a step count after a letter that
//!   stands for other moves (`R4` "is wrong": it is `(W0)4`, a plain Rook; `K2`, `Q3` ...); `M`
//!   (the table says `WF`, the notes say Marshall = Empress = `RN`); the letters whose
//!   definitions use what is refused (`P`, `S`: board ranges; `U`: may a complex rider come back
//!   to its start?; `X`: explosion; `Y`: `z`); `z` (for a diagonal step "sidewards" and
//!   "vertical" are both true); `tt`; `q` ("still unused"); a single direction letter on `K` or `Q`
//!   after `-` (straight on, as the Monkey's `dcK-mK` needs, or `fW+fF`, as `mPQ = mP+mQ`
//!   gives?); amalgamated letters the tables give no move for (`(fs)F`, `(fr)W`); `?` (optional
//!   modifiers come only with piece sets); modifiers before a complex rider or before a group
//!   holding a chain; `e` without `c` or `m`; `p` and `n`
//!   on oblique leaps (no path is given for a hop); lower-case identifiers (Black's own moves),
//!   macros, castling, promotion and drop rules (not moves).
//!
//! ```
//! use notation::mbn_to_xbetza;
//! assert_eq!(mbn_to_xbetza("W-fF").unwrap(), "mafsW");
//! assert_eq!(mbn_to_xbetza("S=W4").unwrap(), "W4");
//! let err = mbn_to_xbetza("G=W[d-f1-3]").unwrap_err();
//! assert_eq!(err.column, 4);
//! ```

use std::fmt;

use crate::{
    board_range::{BoardRange, RangePart},
    chain::{
        inexpressible, undefined, Dirs, Moves, Plan, PlanLeg, Reach, Refusal, RelativeDirs, Shape,
        Walker, MAX_MOVES,
    },
    direction::{DirClass, DirLetter},
    parse, write, DirSet, Modes,
};

/// The longest leap, exact count or leaping slide Kraken writes: a 16 x 16 board has no
/// longer one.
const MAX_LEAP: u8 = 15;
/// Why [`mbn_to_xbetza`] refuses a board range.
const NO_XBETZA_RANGE: &str = "a board range limits where a move starts or ends; XBetza's moves \
                               are the same on every square (a variant file's piece given as \
                               'mbn:' takes it as a region)";
/// The direction modifiers.
const DIRECTIONS: &str = "bdflrstvz";
/// The other modifier letters.
const MODIFIERS: &str = "aceghijkmnopquwxy";

/// What was wrong at the place an [`MbnError`] points to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MbnErrorKind {
    /// The text is empty.
    Empty,
    /// A character that does not fit where it stands.
    UnexpectedChar(char),
    /// Modifiers, an operator or a bracket not followed by a move.
    ExpectedMove,
    /// An opening `(`, `[`, `|` or `:` without its closing one.
    Unclosed(char),
    /// A closing `)` or `]` without its opening one.
    Unopened(char),
    /// A malformed `:m,n:` leaper.
    BadLeaper(&'static str),
    /// A leap, exact count or step number longer than a 16 x 16 board allows.
    TooLong,
    /// The text stands for more moves than Kraken translates.
    TooManyMoves,
    /// A construct the text marks wrong or ambiguous, or leaves without a meaning.
    Undefined {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// A construct the text defines but XBetza cannot express.
    Inexpressible {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// A promotion rule no variant-file key can give.
    NoVariantKey {
        /// The construct as written.
        construct: String,
        /// Why.
        reason: String,
    },
    /// The XBetza written for the text does not read back (a fault in this translator).
    Internal(String),
}

/// An error in an MBN text, with the 1-based column (in characters) of the construct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MbnError {
    /// The text that was read.
    pub input: String,
    /// The 1-based column of the offending construct (one past the end for a missing part).
    pub column: usize,
    /// What was wrong.
    pub kind: MbnErrorKind,
}

impl fmt::Display for MbnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MbnErrorKind::*;
        match self {
            Empty => write!(f, "expected a move definition, found nothing"),
            UnexpectedChar(c) => write!(f, "unexpected character '{c}'"),
            ExpectedMove => write!(f, "expected a move (an atom such as N, :1,4: or a group)"),
            Unclosed(c) => write!(f, "'{c}' is not closed"),
            Unopened(c) => write!(f, "'{c}' closes nothing"),
            BadLeaper(what) => write!(f, "bad :m,n: leaper: expected {what}"),
            TooLong => write!(
                f,
                "longer than a 16 x 16 board allows (at most {MAX_LEAP} squares)"
            ),
            TooManyMoves => write!(
                f,
                "the text stands for more than {MAX_MOVES} moves with fixed directions"
            ),
            Undefined { construct, reason } => {
                write!(f, "'{construct}' is not defined by MBN: {reason}")
            }
            Inexpressible { construct, reason } => {
                write!(f, "'{construct}' has no XBetza equivalent: {reason}")
            }
            NoVariantKey { construct, reason } => {
                write!(f, "'{construct}' has no variant-file equivalent: {reason}")
            }
            Internal(what) => write!(f, "internal error: {what}"),
        }
    }
}

impl fmt::Display for MbnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\": column {}: {}",
            self.input, self.column, self.kind
        )
    }
}

impl std::error::Error for MbnError {}

/// Translates the move part of an MBN piece definition into XBetza.
///
/// The text is a move definition (`W-fF`), maybe after the piece's identifier (`S=W4`,
/// `:Ra:=(aW)3`), which is skipped; comments (`|Knight|`) are skipped too. See the [module
/// documentation](self) for the mapping and what is refused. Board ranges are refused here;
/// [`mbn_piece`] reads them as the regions a variant file gives.
///
/// # Errors
/// Returns an [`MbnError`] naming the construct and its column for text that is malformed,
/// that MBN marks wrong or leaves ambiguous, or that XBetza cannot express.
///
/// # Examples
/// ```
/// use notation::mbn_to_xbetza;
/// // The Checker: capture a diagonal neighbour and land behind it, or step forward.
/// assert_eq!(mbn_to_xbetza("fmF+(fcF-mF)").unwrap(), "fmFfcafmF");
/// // The Rampager: up to three orthogonal steps, taking whatever stands on them.
/// assert_eq!(mbn_to_xbetza(":Ra:=(aW)3").unwrap(), "WmcafWmcafmcafW");
/// // Board ranges have no XBetza form.
/// assert_eq!(mbn_to_xbetza("D=[1-5]fW+[6]bB").unwrap_err().column, 3);
/// ```
pub fn mbn_to_xbetza(text: &str) -> Result<String, MbnError> {
    read_piece(text, false).map(|piece| piece.xbetza)
}

/// An MBN piece definition read for a variant file: its moves in XBetza and the board ranges
/// that limit them, which a variant file gives as regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MbnPiece {
    /// The moves in XBetza; the moves written after an origin range are initial (`i`) moves.
    pub xbetza: String,
    /// Where every move must end, when a range follows every move (`W[d-f1-3]`):
    /// Fairy-Stockfish's mobility region of the piece.
    pub mobility: Option<BoardRange>,
    /// Where the moves written after a range (`[1-2]mefW02`) may start: the double-step region
    /// of a pawn type, whose initial moves are made from there, moved or not.
    pub initial: Option<BoardRange>,
}

/// Reads an MBN piece definition as [`mbn_to_xbetza`] does, and its board ranges: one range
/// after every move becomes the mobility region, one range before some moves makes them
/// initial moves from that region (`[1-2]mefW02` = `imefW02` from the first two ranks).
///
/// # Errors
/// As [`mbn_to_xbetza`], and for ranges a region cannot give: a range inside a group, on a
/// leg inside a chain, after some moves only, two different ranges, a range before moves
/// beside other initial moves, dynamic ranges (`[+]`), iterators and 3D ranges.
///
/// # Examples
/// ```
/// use notation::{mbn_piece, Color, Geometry};
/// let general = mbn_piece("G=W[d-f1-3]").unwrap();
/// assert_eq!(general.xbetza, "W");
/// let g = Geometry::new(9, 10).unwrap();
/// let palace = general.mobility.unwrap().squares(&g, Color::Black);
/// assert!(palace.contains(g.parse_square("e10").unwrap()));
/// let pawn = mbn_piece("mfW+cefF+[1-2]mefW02").unwrap();
/// assert_eq!(pawn.xbetza, "fmWfceFifmnafmnW");
/// ```
pub fn mbn_piece(text: &str) -> Result<MbnPiece, MbnError> {
    read_piece(text, true)
}

/// The piece, with its board ranges if `ranges` (refusing them otherwise).
fn read_piece(text: &str, ranges: bool) -> Result<MbnPiece, MbnError> {
    let fail = |(column, kind)| MbnError {
        input: text.to_string(),
        column,
        kind,
    };
    let chars = strip_comments(text).map_err(fail)?;
    let mut reader = Reader {
        chars: &chars,
        pos: 0,
        start: 0,
        end: text.chars().count() + 1,
        depth: 0,
        ranges,
    };
    reader.identifier().map_err(fail)?;
    if reader.peek().is_none() {
        return Err(fail((reader.col(), MbnErrorKind::Empty)));
    }
    let mut chains: Vec<Chain> = reader
        .read()
        .map_err(fail)?
        .into_iter()
        .filter(|c| !c.is_empty())
        .collect();
    let (mobility, initial) = take_ranges(&reader, &mut chains).map_err(fail)?;
    let mut moves = Moves::default();
    for chain in &chains {
        for plan in plans(chain).map_err(fail)? {
            let walks = Walker::new(&plan).run().map_err(lift).map_err(fail)?;
            moves.add(&plan, walks).map_err(lift).map_err(fail)?;
        }
    }
    let desc = moves.finish().map_err(lift).map_err(fail)?;
    if desc.moves.is_empty() {
        return Err(fail((1, MbnErrorKind::ExpectedMove)));
    }
    let xbetza = write(&desc);
    if let Err(e) = parse(&xbetza) {
        return Err(fail((1, MbnErrorKind::Internal(e.to_string()))));
    }
    Ok(MbnPiece {
        xbetza,
        mobility,
        initial,
    })
}

/// The ranges of `chains` as a mobility region and an initial region (the chains with an
/// origin range become initial moves); refuses ranges a region cannot give.
fn take_ranges(
    reader: &Reader,
    chains: &mut [Chain],
) -> Result<(Option<BoardRange>, Option<BoardRange>), Failure> {
    let refuse_at = |col: usize, why: &str| no_key(col, reader.until(col, ']'), why.to_string());
    for chain in chains.iter() {
        for (k, leg) in chain.iter().enumerate() {
            if let Some((_, col)) = &leg.origin {
                if k > 0 {
                    return Err(refuse_at(
                        *col,
                        "a range on a later leg of a chain; a region limits where a whole move \
                         starts",
                    ));
                }
            }
            if let Some((_, col)) = &leg.destination {
                if k + 1 < chain.len() {
                    return Err(refuse_at(
                        *col,
                        "a range on a leg that a chain goes on from; a region limits where a \
                         whole move ends",
                    ));
                }
            }
        }
    }
    // An initial region: the moves with a range before them become initial moves.
    let is_initial = |m: &Mod| matches!(m, Mod::Mode('i', _) | Mod::Double('i', _));
    let starts = chains.iter().find_map(|c| c[0].origin.clone());
    let initial = match starts {
        None => None,
        Some((range, _)) => {
            for chain in chains.iter_mut() {
                let first = &mut chain[0];
                match &first.origin {
                    Some((other, col)) if *other != range => {
                        return Err(refuse_at(
                            *col,
                            "moves starting in different ranges; a variant file gives a pawn \
                             one double-step region",
                        ))
                    }
                    Some((_, col)) => {
                        if let Some(m) = first.mods.iter().find(|m| is_initial(m)) {
                            return Err(no_key(
                                mod_col(*m),
                                "i",
                                "an initial move that also starts in a range; a pawn's initial \
                                 moves are made from its double-step region, moved or not"
                                    .to_string(),
                            ));
                        }
                        first.mods.insert(0, Mod::Mode('i', *col));
                    }
                    None => {
                        if let Some(m) = first.mods.iter().find(|m| is_initial(m)) {
                            return Err(no_key(
                                mod_col(*m),
                                "i",
                                "an initial move beside moves that start in a range; a pawn's \
                                 initial moves all start in its double-step region"
                                    .to_string(),
                            ));
                        }
                    }
                }
            }
            Some(range)
        }
    };
    // A mobility region: the same range after every move.
    let ends: Vec<&Option<(BoardRange, usize)>> = chains
        .iter()
        .filter_map(|c| c.last())
        .map(|leg| &leg.destination)
        .collect();
    let mobility = match ends.iter().find_map(|d| d.as_ref()) {
        None => None,
        Some((range, col)) => {
            for end in &ends {
                match end {
                    None => {
                        return Err(refuse_at(
                            *col,
                            "a range after some moves only; a variant file's mobility region \
                             limits every move of the piece",
                        ))
                    }
                    Some((other, other_col)) if other != range => {
                        return Err(refuse_at(
                            *other_col,
                            "moves ending in different ranges; a variant file gives a piece \
                             one mobility region",
                        ))
                    }
                    Some(_) => {}
                }
            }
            Some(range.clone())
        }
    };
    Ok((mobility, initial))
}

/// A column and what is wrong there.
pub(crate) type Failure = (usize, MbnErrorKind);

/// A refusal of the shared chain writer, as an MBN error.
fn lift((column, refusal): crate::chain::Failure) -> Failure {
    let kind = match refusal {
        Refusal::Undefined { construct, reason } => MbnErrorKind::Undefined { construct, reason },
        Refusal::Inexpressible { construct, reason } => {
            MbnErrorKind::Inexpressible { construct, reason }
        }
        Refusal::TooManyMoves => MbnErrorKind::TooManyMoves,
    };
    (column, kind)
}

/// A construct MBN marks wrong or leaves open, at `column`.
pub(crate) fn refuse(
    column: usize,
    construct: impl Into<String>,
    reason: impl Into<String>,
) -> Failure {
    lift(undefined(column, construct, reason))
}

/// A construct XBetza cannot express, at `column`.
fn cannot(column: usize, construct: impl Into<String>, reason: impl Into<String>) -> Failure {
    lift(inexpressible(column, construct, reason))
}

/// A board range or promotion rule no variant-file key can give, at `column`.
pub(crate) fn no_key(
    column: usize,
    construct: impl Into<String>,
    reason: impl Into<String>,
) -> Failure {
    (
        column,
        MbnErrorKind::NoVariantKey {
            construct: construct.into(),
            reason: reason.into(),
        },
    )
}

/// The characters of the text outside `|comments|`, each with its column.
fn strip_comments(text: &str) -> Result<Vec<(char, usize)>, Failure> {
    let mut out = Vec::new();
    let mut open = None;
    for (i, c) in text.chars().enumerate() {
        match (c, open) {
            ('|', None) => open = Some(i + 1),
            ('|', Some(_)) => open = None,
            (_, Some(_)) => {}
            (c, None) => out.push((c, i + 1)),
        }
    }
    match open {
        Some(col) => Err((col, MbnErrorKind::Unclosed('|'))),
        None => Ok(out),
    }
}

// ---------------------------------------------------------------------------------------------
// Reading the text
// ---------------------------------------------------------------------------------------------

/// How a leg joins the leg before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    /// The first leg of a move.
    First,
    /// `-`: directions measured from the leg before.
    Chain,
    /// `--`: directions measured from forward.
    Sequence,
}

/// A modifier as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mod {
    /// A direction letter alone.
    Dir(char, usize),
    /// Two direction letters read together: `(lf)`, `ff`.
    Pair(char, char, usize),
    /// Another modifier letter, alone.
    Mode(char, usize),
    /// A doubled modifier letter: `cc`, `jj`.
    Double(char, usize),
    /// A modifier letter with the suffix `y` ("any"): `cy`, `jy`.
    Any(char, usize),
}

/// A leg as written.
#[derive(Clone, Debug)]
struct Written {
    link: Link,
    mods: Vec<Mod>,
    shape: Shape,
    reach: Reach,
    atom_col: usize,
    /// The atom as written, for messages (`N`, `:1,4:`).
    atom_text: String,
    /// A board range the leg must start in (written before its move), with its column.
    origin: Option<(BoardRange, usize)>,
    /// A board range the leg must end in (written after its move), with its column.
    destination: Option<(BoardRange, usize)>,
}

/// A move with every alternative spelled out: a list of legs (empty for a left-out optional
/// leg).
type Chain = Vec<Written>;

/// Reads the text into chains, spelling out combinations, optional legs and complex riders.
struct Reader<'a> {
    chars: &'a [(char, usize)],
    pos: usize,
    /// Where the move definition starts (after the identifier).
    start: usize,
    /// The column one past the end of the text.
    end: usize,
    /// How many groups `(...)` and optional legs `[...]` the reader is inside.
    depth: usize,
    /// Whether board ranges are read (for [`mbn_piece`]) or refused (for [`mbn_to_xbetza`]).
    ranges: bool,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.peek_at(self.pos)
    }

    fn peek_at(&self, pos: usize) -> Option<char> {
        self.chars.get(pos).map(|&(c, _)| c)
    }

    fn col(&self) -> usize {
        self.col_at(self.pos)
    }

    fn col_at(&self, pos: usize) -> usize {
        self.chars.get(pos).map_or(self.end, |&(_, col)| col)
    }

    /// The text from `from` to the reader's position.
    fn text_from(&self, from: usize) -> String {
        self.chars[from..self.pos].iter().map(|&(c, _)| c).collect()
    }

    /// Skips the piece's identifier and `=`, refusing identifiers that make the text something
    /// other than moves for both sides.
    fn identifier(&mut self) -> Result<(), Failure> {
        let Some(eq) = self.chars.iter().position(|&(c, _)| c == '=') else {
            return Ok(());
        };
        let ident: String = self.chars[..eq].iter().map(|&(c, _)| c).collect();
        let col = self.col_at(0);
        let not_moves = |what: &str| refuse(col, ident.clone(), what.to_string());
        if ident.starts_with("O-O") {
            return Err(not_moves(
                "a castling rule moves two pieces at once; a variant file gives castling with \
                 its own keys (castling, castlingKingsideFile ...)",
            ));
        }
        let mut rest = ident.as_str();
        match rest.chars().next() {
            Some('@') => return Err(not_moves("a macro defines no piece; write its moves")),
            Some('!') => return Err(not_moves("'!' cancels a definition")),
            Some('?') => return Err(not_moves("'?' declares a precondition rule")),
            Some('\'') => {
                return Err(cannot(
                    col,
                    ident.clone(),
                    "a side-mover's moves are turned by 90 degrees; XBetza's forward is always \
                     towards the opponent",
                ))
            }
            Some(c) if "+-#*$%&".contains(c) => rest = &rest[1..],
            _ => {}
        }
        let letters_end = if let Some(compound) = rest.strip_prefix(':') {
            compound.find(':').map(|i| i + 2)
        } else {
            Some(
                rest.find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(rest.len()),
            )
        };
        let letters = letters_end.map(|n| &rest[..n]).filter(|l| !l.is_empty());
        let suffix = letters.map(|l| &rest[l.len()..]);
        let suffix_ok = suffix.is_some_and(|s| {
            s.is_empty()
                || (s.starts_with('<')
                    && s.ends_with('>')
                    && s[1..s.len() - 1].chars().all(|c| c.is_ascii_alphanumeric())
                    && s.chars().any(|c| c.is_ascii_alphabetic()))
        });
        match letters {
            Some(l) if suffix_ok && l.chars().all(|c| c.is_ascii_lowercase()) => {
                return Err(not_moves(
                    "a lower-case identifier gives Black's moves only; a variant file's \
                     pieces move alike for both sides",
                ))
            }
            Some(_) if suffix_ok => {}
            Some(_) if suffix.is_some_and(|s| s.starts_with('<')) => {
                return Err(cannot(
                    col,
                    ident.clone(),
                    "moves for particular boards of a 3D or 4D game",
                ))
            }
            _ => return Err((col, MbnErrorKind::UnexpectedChar('='))),
        }
        self.pos = eq + 1;
        if self.peek() == Some('=') {
            return Err(not_moves(
                "'==' starts a promotion or drop rule, not moves; a variant file gives \
                 promotions with promotionPieceTypes (promotionPieceTypes = mbn:+P==QRBN)",
            ));
        }
        self.start = self.pos;
        Ok(())
    }

    fn read(&mut self) -> Result<Vec<Chain>, Failure> {
        let chains = self.sequence()?;
        match self.peek() {
            None => Ok(chains),
            Some(c @ (')' | ']' | '}')) => Err((self.col(), MbnErrorKind::Unopened(c))),
            Some(c) => Err((self.col(), MbnErrorKind::UnexpectedChar(c))),
        }
    }

    /// Optional moves joined by `-` or `--`: every chain of the left side continued by every
    /// one of the right.
    fn sequence(&mut self) -> Result<Vec<Chain>, Failure> {
        let mut chains = self.optional()?;
        while self.peek() == Some('-') {
            self.pos += 1;
            let link = if self.peek() == Some('-') {
                self.pos += 1;
                Link::Sequence
            } else {
                Link::Chain
            };
            let next = self.optional()?;
            if chains.len().saturating_mul(next.len()) > MAX_MOVES {
                return Err((self.col(), MbnErrorKind::TooManyMoves));
            }
            let mut joined = Vec::with_capacity(chains.len() * next.len());
            for left in &chains {
                for right in &next {
                    joined.push(join(left, right, link));
                }
            }
            chains = joined;
        }
        Ok(chains)
    }

    /// Whether the bracket at the reader's position encloses an optional leg (rather than a
    /// board range or piece set): the text's rule, by what stands before and after it.
    fn optional_ahead(&self) -> Option<usize> {
        let open = self.peek()?;
        let close = match open {
            '[' => ']',
            '{' => '}',
            _ => return None,
        };
        let before_ok =
            self.pos == self.start || matches!(self.peek_at(self.pos - 1), Some('(' | '-'));
        let mut depth = 0;
        let mut j = self.pos;
        while let Some(c) = self.peek_at(j) {
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    let after_ok = matches!(self.peek_at(j + 1), None | Some(')' | '-'));
                    return (before_ok && after_ok).then_some(j);
                }
            }
            j += 1;
        }
        None
    }

    /// `[X]` (X or nothing), `{X}` (refused), or a combined move.
    fn optional(&mut self) -> Result<Vec<Chain>, Failure> {
        let Some(close) = self.optional_ahead() else {
            return self.combined();
        };
        let open = self.col();
        let bracket = self.peek();
        if bracket == Some('{') {
            return Err(cannot(
                open,
                self.chars[self.pos..=close]
                    .iter()
                    .map(|&(c, _)| c)
                    .collect::<String>(),
                "a leg in braces belongs to the move whenever it is not blocked, so the move \
                 may not stop before it; XBetza's moves may always stop where a leg ends",
            ));
        }
        self.pos += 1;
        self.depth += 1;
        let mut inner = self.sequence()?;
        self.depth -= 1;
        if self.peek() != Some(']') {
            return Err((open, MbnErrorKind::Unclosed('[')));
        }
        self.pos += 1;
        inner.push(Vec::new());
        Ok(inner)
    }

    /// Partial moves joined by `+`, or written one after the other (`mfWcfF`, as the text's
    /// `PS=mfWcfF` does; its grammar asks for `+`, which it writes elsewhere: `P=mfW+cfF`).
    fn combined(&mut self) -> Result<Vec<Chain>, Failure> {
        let mut chains = self.partial()?;
        loop {
            match self.peek() {
                Some('+') => self.pos += 1,
                Some(c) if c.is_ascii_lowercase() => {}
                _ => break,
            }
            chains.extend(self.partial()?);
            if chains.len() > MAX_MOVES {
                return Err((self.col(), MbnErrorKind::TooManyMoves));
            }
        }
        Ok(chains)
    }

    /// Modifiers and the moves written side by side after them, which they all go on.
    fn partial(&mut self) -> Result<Vec<Chain>, Failure> {
        let origin = match self.peek() {
            Some('[') => Some(self.board_range()?),
            _ => None,
        };
        let mods = self.modifiers()?;
        let mut chains = Vec::new();
        loop {
            let col = self.col();
            match self.peek() {
                Some(c) if c.is_ascii_uppercase() => {
                    for (shape, reach, text) in self.letter()? {
                        chains.push(vec![Written {
                            link: Link::First,
                            mods: mods.clone(),
                            shape,
                            reach,
                            atom_col: col,
                            atom_text: text,
                            origin: None,
                            destination: None,
                        }]);
                    }
                }
                Some(':')
                    if self
                        .peek_at(self.pos + 1)
                        .is_some_and(|c| c.is_ascii_digit()) =>
                {
                    let shape = self.leaper()?;
                    let text = self.text_from(col_index(self.chars, col));
                    let reach = self.steps(false)?.unwrap_or(Reach::One);
                    chains.push(vec![Written {
                        link: Link::First,
                        mods: mods.clone(),
                        shape,
                        reach,
                        atom_col: col,
                        atom_text: text,
                        origin: None,
                        destination: None,
                    }]);
                }
                Some('(') => chains.extend(self.group(&mods)?),
                _ => break,
            }
            if chains.len() > MAX_MOVES {
                return Err((self.col(), MbnErrorKind::TooManyMoves));
            }
        }
        if chains.is_empty() {
            return Err((self.col(), MbnErrorKind::ExpectedMove));
        }
        let destination = match self.peek() {
            Some('[') => Some(self.board_range()?),
            _ => None,
        };
        for chain in &mut chains {
            if let Some(first) = chain.first_mut() {
                first.origin = origin.clone();
            }
            if let Some(last) = chain.last_mut() {
                last.destination = destination.clone();
            }
        }
        match self.peek() {
            None | Some('+' | '-' | ')' | ']') => Ok(chains),
            Some('[') => Err(range(self, "a second range after a move")),
            Some('{') => Err(set(self)),
            Some(c) if c.is_ascii_lowercase() => Ok(chains),
            Some('}') => Err((self.col(), MbnErrorKind::Unopened('}'))),
            Some(c) => Err((self.col(), MbnErrorKind::UnexpectedChar(c))),
        }
    }

    /// The modifiers before a move.
    fn modifiers(&mut self) -> Result<Vec<Mod>, Failure> {
        let mut mods = Vec::new();
        loop {
            let col = self.col();
            let Some(c) = self.peek() else { break };
            let next = self.peek_at(self.pos + 1);
            if c == 'z' || (c == '(' && self.amalgamated_ahead() && next == Some('z')) {
                return Err(refuse(
                    col,
                    "z",
                    "z reflects the leg before by whether it was sidewards or vertical, which \
                     the text does not say for a diagonal step (it is both)",
                ));
            }
            if DIRECTIONS.contains(c) {
                if next == Some(c) {
                    mods.push(Mod::Pair(c, c, col));
                    self.pos += 2;
                } else {
                    mods.push(Mod::Dir(c, col));
                    self.pos += 1;
                }
            } else if c == '(' && self.amalgamated_ahead() {
                let (a, b) = (
                    next.unwrap_or(' '),
                    self.peek_at(self.pos + 2).unwrap_or(' '),
                );
                mods.push(Mod::Pair(a, b, col));
                self.pos += 4;
            } else if MODIFIERS.contains(c) {
                self.pos += 1;
                if next == Some(c) {
                    mods.push(Mod::Double(c, col));
                    self.pos += 1;
                } else if next == Some('y') && "cjwx".contains(c) {
                    mods.push(Mod::Any(c, col));
                    self.pos += 1;
                } else {
                    mods.push(Mod::Mode(c, col));
                }
                match self.peek() {
                    Some('?') => {
                        return Err(refuse(
                            self.col(),
                            "?",
                            "an optional modifier is only useful with a piece set, which \
                             XBetza has no form for",
                        ))
                    }
                    Some('{') => return Err(set(self)),
                    _ => {}
                }
            } else {
                match c {
                    '{' => return Err(set(self)),
                    '[' => return Err(range(self, "a range between modifiers and their move")),
                    '!' => {
                        return Err(cannot(
                            col,
                            "!",
                            "the setup operator puts the piece back or removes pieces without \
                             moving; XBetza has no such move",
                        ))
                    }
                    '#' => {
                        return Err(cannot(
                            col,
                            "#",
                            "a decisive move ends the game; XBetza describes moves, not results",
                        ))
                    }
                    '/' => {
                        return Err(cannot(
                            col,
                            self.until(col, '/'),
                            "a condition on other squares of the board; XBetza's moves depend \
                             only on the squares they pass",
                        ))
                    }
                    '<' => {
                        return Err(cannot(
                            col,
                            self.until(col, '>'),
                            "a board transition of 3D or 4D chess; XBetza has one board",
                        ))
                    }
                    _ => break,
                }
            }
        }
        Ok(mods)
    }

    /// A board range at the reader's `[`: where a move starts (before it) or ends (after
    /// it). Dynamic ranges (`[+]`, `[*]`, `[:]`), iterators, piece sets, 3D and 4D ranges and
    /// ranges inside groups or optional legs are refused.
    fn board_range(&mut self) -> Result<(BoardRange, usize), Failure> {
        let open = self.col();
        let text = self.until(open, ']');
        if !text.ends_with(']') {
            return Err((open, MbnErrorKind::Unclosed('[')));
        }
        if !self.ranges {
            return Err(cannot(open, text, NO_XBETZA_RANGE));
        }
        if self.depth > 0 {
            return Err(no_key(
                open,
                text,
                "a board range inside a group or an optional leg; a variant file's regions \
                 limit where a whole move starts or ends",
            ));
        }
        self.pos += 1;
        let complement = self.peek() == Some('^');
        if complement {
            self.pos += 1;
        }
        let mut parts = Vec::new();
        while self.peek() != Some(']') {
            if !parts.is_empty() {
                match self.peek() {
                    Some(',') => self.pos += 1,
                    Some(c) => return Err((self.col(), MbnErrorKind::UnexpectedChar(c))),
                    None => return Err((open, MbnErrorKind::Unclosed('['))),
                }
            }
            parts.push(self.range_part(&text)?);
        }
        self.pos += 1;
        Ok((BoardRange { complement, parts }, open))
    }

    /// One part of a board range: `#`, `.`, files, ranks, or files and ranks.
    fn range_part(&mut self, text: &str) -> Result<RangePart, Failure> {
        let col = self.col();
        let dynamic = |what: &str| {
            Err(no_key(
                col,
                text.to_string(),
                format!(
                    "{what} change as the game goes on; a variant file's regions are fixed squares"
                ),
            ))
        };
        match self.peek() {
            Some('#') | Some('.') => {
                let part = if self.peek() == Some('#') {
                    RangePart::Edge
                } else {
                    RangePart::Inner
                };
                self.pos += 1;
                return Ok(part);
            }
            Some('+') => return dynamic("the squares an enemy threatens"),
            Some('*') => return dynamic("the squares no piece threatens"),
            Some(':') => return dynamic("the squares of unmoved pieces"),
            Some('{') => return Err(set(self)),
            _ => {}
        }
        let files = self.span(
            |c| c.is_ascii_lowercase(),
            |reader| {
                let c = reader.peek().unwrap_or(' ');
                reader.pos += 1;
                Ok(c as u32 - 'a' as u32 + 1)
            },
        )?;
        let ranks = self.span(|c| c.is_ascii_digit(), |reader| reader.number())?;
        if files.is_none() && ranks.is_none() {
            return Err(match self.peek() {
                Some(c) => (self.col(), MbnErrorKind::UnexpectedChar(c)),
                None => (self.col(), MbnErrorKind::Unclosed('[')),
            });
        }
        match self.peek() {
            Some('(') => {
                return Err(no_key(
                    self.col(),
                    text.to_string(),
                    "an iterator over squares; write the squares out (a variant file's \
                     regions list them)",
                ))
            }
            Some(c) if c.is_ascii_uppercase() => {
                return Err(no_key(
                    self.col(),
                    text.to_string(),
                    "a level of 3D or 4D chess; XBetza has one board",
                ))
            }
            _ => {}
        }
        let side = crate::MAX_SIDE as u32;
        for (span, what) in [(files, "file"), (ranks, "rank")] {
            if let Some((lo, hi)) = span {
                if lo == 0 || hi > side || lo > hi {
                    return Err(refuse(
                        col,
                        text.to_string(),
                        format!("a {what} range must go up, within a board of {side} {what}s"),
                    ));
                }
            }
        }
        Ok(RangePart::Area {
            files: files.map(|(lo, hi)| (lo as u8 - 1, hi as u8 - 1)),
            ranks: ranks.map(|(lo, hi)| (lo as u8, hi as u8)),
        })
    }

    /// `x` or `x-y`, where `starts` says whether a character begins an `x` and `read` reads
    /// one; `None` when none begins here.
    fn span(
        &mut self,
        starts: impl Fn(char) -> bool,
        read: impl Fn(&mut Self) -> Result<u32, Failure>,
    ) -> Result<Option<(u32, u32)>, Failure> {
        if !self.peek().is_some_and(&starts) {
            return Ok(None);
        }
        let lo = read(self)?;
        if self.peek() == Some('-') && self.peek_at(self.pos + 1).is_some_and(&starts) {
            self.pos += 1;
            let hi = read(self)?;
            return Ok(Some((lo, hi)));
        }
        Ok(Some((lo, lo)))
    }

    /// `(xy)` with two direction letters.
    fn amalgamated_ahead(&self) -> bool {
        let dir = |k: usize| {
            self.peek_at(self.pos + k)
                .is_some_and(|c| DIRECTIONS.contains(c))
        };
        dir(1) && dir(2) && self.peek_at(self.pos + 3) == Some(')')
    }

    /// The text from column `col` up to and including the `close` that matches its first
    /// character, for messages.
    fn until(&self, col: usize, close: char) -> String {
        let from = col_index(self.chars, col);
        let open = self.peek_at(from);
        let mut depth = 0;
        let mut text = String::new();
        for (k, &(c, _)) in self.chars[from..].iter().enumerate() {
            text.push(c);
            if c == close && (k > 0 || open != Some(close)) {
                depth -= 1;
                if depth <= 0 {
                    break;
                }
            } else if Some(c) == open {
                depth += 1;
            }
        }
        text
    }

    /// An upper-case letter with its steps: the alternatives it stands for.
    fn letter(&mut self) -> Result<Vec<(Shape, Reach, String)>, Failure> {
        let col = self.col();
        let letter = self.peek().expect("the caller saw a letter");
        self.pos += 1;
        let leap = |p, q| vec![Shape::Leap(p, q)];
        let (shapes, rider): (Vec<Shape>, bool) = match letter {
            'W' => (leap(0, 1), false),
            'F' => (leap(1, 1), false),
            'D' => (leap(0, 2), false),
            'N' => (leap(1, 2), false),
            'A' => (leap(2, 2), false),
            'H' => (leap(0, 3), false),
            'C' | 'L' => (leap(1, 3), false),
            'Z' | 'J' => (leap(2, 3), false),
            'T' | 'G' => (leap(3, 3), false),
            'K' => (vec![Shape::King], false),
            'R' => (leap(0, 1), true),
            'B' => (leap(1, 1), true),
            'Q' => (vec![Shape::King], true),
            'E' => (vec![Shape::Leap(0, 1), Shape::Leap(1, 2)], true),
            'I' | 'V' => (vec![Shape::Leap(1, 1), Shape::Leap(1, 2)], true),
            _ => return Err(self.refused_letter(letter, col)),
        };
        let compound = rider || shapes.len() > 1 || letter == 'K';
        let steps_col = self.col();
        let mut steps = self.steps(false)?;
        if steps == Some(Reach::Unlimited) && matches!(letter, 'R' | 'B' | 'Q') {
            // `B0` = `(F0)0` = `F0`, as the text writes it (`B0*`, `B0[a,h,1,8]`).
            steps = None;
        }
        if let (Some(_), true) = (steps, compound) {
            let written = self.text_from(col_index(self.chars, col));
            return Err(refuse(
                steps_col,
                written,
                format!(
                    "{letter} stands for other moves, so a count after it repeats them as a \
                     complex rider, not a range (the text: R4 \"is wrong\", being (W0)4, a \
                     plain Rook); write the range on the leapers, such as W4 or W3F3"
                ),
            ));
        }
        let text = letter.to_string();
        Ok(shapes
            .into_iter()
            .map(|shape| {
                let unlimited = rider && shape != Shape::Leap(1, 2);
                let reach = match steps {
                    Some(reach) => reach,
                    None if unlimited => Reach::Unlimited,
                    None => Reach::One,
                };
                (shape, reach, text.clone())
            })
            .collect())
    }

    /// Why a letter that is no move Kraken translates is refused.
    fn refused_letter(&self, letter: char, col: usize) -> Failure {
        let l = letter.to_string();
        match letter {
            'O' => cannot(
                col,
                l,
                "the zero leaper reaches the start square: a null move, which XBetza has only \
                 as the return of a two-leg move",
            ),
            'M' => refuse(
                col,
                l,
                "the table gives the Marshall as WF, and its notes make it the Empress, RN",
            ),
            'P' | 'S' => cannot(
                col,
                l,
                "the Pawn (mfW+cefF+[1-2]mefW02) and the Berolina Pawn make their double step \
                 from a board range, [1-2]; write their moves without it (mfW+cefF+imefW02)",
            ),
            'U' => refuse(
                col,
                l,
                "the Universal Leaper is g(WF)0, a complex rider, which the text lets come back \
                 to its start square: whether U may stay where it is is left open",
            ),
            'X' => cannot(
                col,
                l,
                "the explosion (!dcy{^P}OK)0* removes pieces around the mover without moving",
            ),
            'Y' => refuse(
                col,
                l,
                "the Boyscout is F-[(zF)0], and the text does not say how z reflects a diagonal \
                 step (it is both sidewards and vertical)",
            ),
            _ => refuse(col, l, "no piece of the text's table of basic pieces"),
        }
    }

    /// `:m,n:`.
    fn leaper(&mut self) -> Result<Shape, Failure> {
        let col = self.col();
        self.pos += 1;
        let m = self.number()?;
        self.expect(',', "','")?;
        let n = self.number()?;
        if self.peek() != Some(':') {
            return Err((col, MbnErrorKind::Unclosed(':')));
        }
        self.pos += 1;
        let text = self.text_from(col_index(self.chars, col));
        if m > n {
            return Err(refuse(
                col,
                text,
                "the first ordinate must not be greater than the second: write :2,4:, not :4,2:",
            ));
        }
        if n == 0 {
            return Err(cannot(
                col,
                text,
                "the zero leaper reaches the start square: a null move",
            ));
        }
        if n > u32::from(MAX_LEAP) {
            return Err((col, MbnErrorKind::TooLong));
        }
        Ok(Shape::Leap(m as u8, n as u8))
    }

    fn number(&mut self) -> Result<u32, Failure> {
        let start = self.pos;
        let mut value = 0u32;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.pos += 1;
        }
        if self.pos == start {
            return Err((self.col(), MbnErrorKind::BadLeaper("a number")));
        }
        Ok(value)
    }

    fn expect(&mut self, c: char, what: &'static str) -> Result<(), Failure> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err((self.col(), MbnErrorKind::BadLeaper(what)))
        }
    }

    /// Steps after an atom or group: `3`, `0`, `03`; refuses `0*`, `*`, `**`, `#`, `00` and a
    /// circular rider's direction.
    fn steps(&mut self, group: bool) -> Result<Option<Reach>, Failure> {
        let col = self.col();
        let digit_at = |k: usize| {
            self.peek_at(self.pos + k)
                .is_some_and(|c| c.is_ascii_digit())
        };
        let circular = if self.amalgamated_ahead() && digit_at(4) {
            Some(4)
        } else if group && self.peek().is_some_and(|c| DIRECTIONS.contains(c)) && digit_at(1) {
            Some(1)
        } else {
            None
        };
        if let Some(len) = circular {
            let text: String = self.chars[self.pos..self.pos + len]
                .iter()
                .map(|&(c, _)| c)
                .collect();
            return Err(cannot(
                col,
                text,
                "a circular rider, (P)m0 = P-{(mP)0}, must go on while it is not blocked (a \
                 leg in braces); XBetza's moves may always stop where a leg ends",
            ));
        }
        match self.peek() {
            Some('*') => {
                self.pos += 1;
                if self.peek() == Some('*') {
                    return Err(refuse(col, "**", "the text does not say what '**' means"));
                }
                return Err(cannot(
                    col,
                    "*",
                    "an edge rider must go on to the board's edge; XBetza's moves may stop on \
                     any square they pass",
                ));
            }
            Some('#') => {
                return Err(refuse(
                    col,
                    "#",
                    "the syntax allows '#' as a step count, but the text does not say what it \
                     means",
                ))
            }
            _ => {}
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = self.text_from(start);
        if digits.is_empty() {
            return Ok(None);
        }
        if digits == "0" && self.peek() == Some('*') {
            self.pos += 1;
            return Err(cannot(
                col,
                "0*",
                "a maximal rider must go as far as it can; XBetza's moves may stop on any \
                 square they pass",
            ));
        }
        let (exact, count) = match digits.strip_prefix('0') {
            Some("") => return Ok(Some(Reach::Unlimited)),
            Some(rest) => (true, rest),
            None => (false, digits.as_str()),
        };
        if count.len() > 2 {
            return Err((col, MbnErrorKind::TooLong));
        }
        let n: u8 = count.parse().map_err(|_| (col, MbnErrorKind::TooLong))?;
        Ok(Some(match (exact, n) {
            (true, 0) => {
                return Err(cannot(
                    col,
                    digits,
                    "a null slider (equal to O) stays on its square: a null move",
                ))
            }
            (true, n) if n > MAX_LEAP => return Err((col, MbnErrorKind::TooLong)),
            (_, 1) => Reach::One,
            (true, n) => Reach::Exactly(n),
            (false, n) => Reach::UpTo(n),
        }))
    }

    /// `(X)` with its steps: a group, or a complex rider repeating it.
    fn group(&mut self, mods: &[Mod]) -> Result<Vec<Chain>, Failure> {
        let open = self.col();
        self.pos += 1;
        let start = self.start;
        self.start = self.pos;
        self.depth += 1;
        let inner = self.sequence()?;
        self.depth -= 1;
        self.start = start;
        if self.peek() != Some(')') {
            return Err((open, MbnErrorKind::Unclosed('(')));
        }
        self.pos += 1;
        let inner: Vec<Chain> = inner.into_iter().filter(|c| !c.is_empty()).collect();
        let steps_col = self.col();
        let steps = self.steps(true)?;
        if let (Some(first), Some(_)) = (mods.first(), steps) {
            let col = mod_col(*first);
            let g = mods.iter().any(|m| matches!(m, Mod::Mode('g', _)));
            return Err(refuse(
                col,
                mods_text(mods),
                if g {
                    "g makes a slider leap; on a complex rider the text uses it only for U = \
                     g(WF)0, which is refused itself"
                } else {
                    "modifiers before a complex rider: the text does not say whether they go on \
                     every repetition or on the first"
                },
            ));
        }
        if let (Some(first), Some(_)) = (mods.first(), inner.iter().find(|c| c.len() > 1)) {
            return Err(refuse(
                mod_col(*first),
                mods_text(mods),
                "modifiers before a group holding a chain: the text does not say which leg they \
                 go on",
            ));
        }
        let with_mods = |mut chain: Chain| {
            if let Some(leg) = chain.first_mut() {
                leg.mods.splice(0..0, mods.iter().copied());
            }
            chain
        };
        let inner: Vec<Chain> = inner.into_iter().map(with_mods).collect();
        if let (Some(reach), [leg]) = (steps, plain_leg(&inner)) {
            // `(W)3` is `W3`, `(fN)0` is `fN0`: the repetitions go straight on.
            let mut leg = leg.clone();
            leg.reach = reach;
            return Ok(vec![vec![leg]]);
        }
        match steps {
            None | Some(Reach::One) => Ok(inner),
            Some(Reach::UpTo(n)) => repeat(&inner, 1..=n, steps_col),
            Some(Reach::Exactly(n)) => repeat(&inner, n..=n, steps_col),
            Some(Reach::Unlimited) => {
                straight(&inner, steps_col)?;
                let advance = inner.iter().map(advance).min().unwrap_or(1).max(1);
                repeat(&inner, 1..=(MAX_LEAP / advance).max(1), steps_col)
            }
        }
    }
}

/// The single leg of a group whose repetitions are a plain range of it: one step, going
/// straight on (no letter but `f`), ending where the next starts (no mode but `m`); `n`, `i` and
/// `o` say the same of every repetition.
fn plain_leg(inner: &[Chain]) -> &[Written] {
    match inner {
        [chain] if chain.len() == 1 && chain[0].reach == Reach::One => {
            let plain = chain[0]
                .mods
                .iter()
                .all(|m| matches!(m, Mod::Dir('f', _) | Mod::Mode('m' | 'n' | 'i' | 'o', _)));
            if plain {
                chain
            } else {
                &[]
            }
        }
        _ => &[],
    }
}

/// The index in `chars` of the character at column `col`.
fn col_index(chars: &[(char, usize)], col: usize) -> usize {
    chars
        .iter()
        .position(|&(_, c)| c == col)
        .unwrap_or(chars.len())
}

/// A board range where MBN's grammar has none, refused (or any range, when ranges are not
/// read).
fn range(reader: &Reader, why: &str) -> Failure {
    let col = reader.col();
    let text = reader.until(col, ']');
    if !reader.ranges {
        return cannot(col, text, NO_XBETZA_RANGE);
    }
    refuse(
        col,
        text,
        format!(
            "{why}: a range stands before a move (where it starts) or after it (where it ends)"
        ),
    )
}

/// A piece set, refused.
fn set(reader: &Reader) -> Failure {
    let col = reader.col();
    cannot(
        col,
        reader.until(col, '}'),
        "a piece set makes a move depend on the types of the pieces it meets or that attack \
         the mover; XBetza knows only friend and foe",
    )
}

fn mod_col(m: Mod) -> usize {
    match m {
        Mod::Dir(_, col)
        | Mod::Pair(_, _, col)
        | Mod::Mode(_, col)
        | Mod::Double(_, col)
        | Mod::Any(_, col) => col,
    }
}

fn mods_text(mods: &[Mod]) -> String {
    mods.iter()
        .map(|m| match *m {
            Mod::Dir(c, _) | Mod::Mode(c, _) => c.to_string(),
            Mod::Pair(a, b, _) if a == b => format!("{a}{b}"),
            Mod::Pair(a, b, _) => format!("({a}{b})"),
            Mod::Double(c, _) => format!("{c}{c}"),
            Mod::Any(c, _) => format!("{c}y"),
        })
        .collect()
}

/// `left` continued by `right` (either may be a left-out optional leg).
fn join(left: &Chain, right: &Chain, link: Link) -> Chain {
    let mut out = left.clone();
    for (k, leg) in right.iter().enumerate() {
        let mut leg = leg.clone();
        if k == 0 && !left.is_empty() {
            leg.link = link;
        }
        out.push(leg);
    }
    out
}

/// A complex rider: `counts` repetitions of any of `inner`, each going on from the last with
/// `-`.
fn repeat(
    inner: &[Chain],
    counts: std::ops::RangeInclusive<u8>,
    col: usize,
) -> Result<Vec<Chain>, Failure> {
    let mut out = Vec::new();
    let mut level: Vec<Chain> = vec![Vec::new()];
    for count in 1..=*counts.end() {
        if level.len().saturating_mul(inner.len()) > MAX_MOVES {
            return Err((col, MbnErrorKind::TooManyMoves));
        }
        level = level
            .iter()
            .flat_map(|left| inner.iter().map(|right| join(left, right, Link::Chain)))
            .collect();
        if counts.contains(&count) {
            out.extend(level.iter().cloned());
        }
        if out.len() > MAX_MOVES {
            return Err((col, MbnErrorKind::TooManyMoves));
        }
    }
    Ok(out)
}

/// An unlimited complex rider must go straight on, or its length has no bound.
fn straight(inner: &[Chain], col: usize) -> Result<(), Failure> {
    let turns = inner.iter().flatten().enumerate().any(|(k, leg)| {
        (k > 0 && leg.link == Link::Sequence)
            || leg
                .mods
                .iter()
                .any(|m| matches!(*m, Mod::Dir(c, _) if c != 'f') || matches!(m, Mod::Pair(..)))
    });
    if turns {
        return Err(cannot(
            col,
            "0",
            "an unlimited complex rider whose repetitions may turn can go on for ever; XBetza \
             writes a fixed number of legs",
        ));
    }
    Ok(())
}

/// The fewest squares a chain going straight on moves away from its start.
fn advance(chain: &Chain) -> u8 {
    chain
        .iter()
        .map(|leg| {
            let q = leg.shape.form().1;
            match leg.reach {
                Reach::Exactly(n) => q.saturating_mul(n),
                _ => q,
            }
        })
        .fold(0u8, u8::saturating_add)
}

// ---------------------------------------------------------------------------------------------
// Meaning of each leg
// ---------------------------------------------------------------------------------------------

/// A direction modifier read.
#[derive(Clone, Copy, Debug)]
enum Spec {
    One(DirLetter),
    Two(DirLetter, DirLetter),
    /// `t`: back the way the leg before came.
    Back,
}

/// The plans of a chain: one per choice of alternatives its legs offer.
fn plans(chain: &Chain) -> Result<Vec<Plan>, Failure> {
    let last = chain.len() - 1;
    let mut initial = false;
    let mut choices: Vec<Vec<Vec<PlanLeg>>> = Vec::with_capacity(chain.len());
    for (k, written) in chain.iter().enumerate() {
        let read = read_leg(written, k, k == last)?;
        initial |= read.initial;
        choices.push(read.alternatives);
    }
    let mut plans: Vec<Vec<PlanLeg>> = vec![Vec::new()];
    for alternatives in choices {
        if plans.len().saturating_mul(alternatives.len()) > MAX_MOVES {
            return Err((1, MbnErrorKind::TooManyMoves));
        }
        plans = plans
            .iter()
            .flat_map(|legs| {
                alternatives.iter().map(move |alt| {
                    let mut legs = legs.clone();
                    legs.extend(alt.iter().cloned());
                    legs
                })
            })
            .collect();
    }
    Ok(plans
        .into_iter()
        .map(|legs| Plan {
            legs,
            initial,
            oblique_turns: false,
        })
        .collect())
}

/// What one leg's modifiers say: the ways it may be made (one or more legs each).
struct ReadLeg {
    alternatives: Vec<Vec<PlanLeg>>,
    initial: bool,
}

/// The modifiers of a leg, sorted out.
#[derive(Default)]
struct LegMods {
    specs: Vec<(Spec, usize)>,
    /// `d`: directions measured from forward.
    independent: bool,
    modes: Modes,
    initial: bool,
    ep: Option<usize>,
    lame: Option<usize>,
    hop: Option<usize>,
    leaping: Option<usize>,
    cylinder: Option<usize>,
    /// `jj`, `jy`: the leg ends on a friend, or on any piece.
    visit: Option<(Modes, usize)>,
}

fn dir_letter(c: char) -> DirLetter {
    DirLetter::from_char(c).expect("one of f b l r v s")
}

fn sort_mods(mods: &[Mod], independent_leg: bool) -> Result<LegMods, Failure> {
    let mut out = LegMods::default();
    for &m in mods {
        match m {
            Mod::Dir('d', _) => out.independent = true,
            Mod::Dir('t', col) if independent_leg => {
                return Err(refuse(
                    col,
                    "t",
                    "t turns back the way the leg before came, and this leg's directions are \
                     measured from forward",
                ))
            }
            Mod::Dir('t', col) => out.specs.push((Spec::Back, col)),
            Mod::Pair('t', 't', col) => {
                return Err(refuse(
                    col,
                    "tt",
                    "tt \"excludes a turn\": straight on only, or any direction but back, is \
                     not said",
                ))
            }
            Mod::Dir(c, col) => out.specs.push((Spec::One(dir_letter(c)), col)),
            Mod::Pair(a, b, col) if "fblrvs".contains(a) && "fblrvs".contains(b) => {
                out.specs
                    .push((Spec::Two(dir_letter(a), dir_letter(b)), col));
            }
            Mod::Pair(a, b, col) => {
                return Err(refuse(
                    col,
                    format!("({a}{b})"),
                    "d and t are not read together with another letter",
                ))
            }
            Mod::Mode(c, col) => mode(&mut out, c, col)?,
            Mod::Double(c, col) => double(&mut out, c, col)?,
            Mod::Any(c, col) => match c {
                'c' => out.modes.insert(Modes::CAPTURE.union(Modes::DESTROY)),
                'j' => out.visit = Some((Modes::HOP, col)),
                _ => return Err(unsupported(c, col, format!("{c}y"))),
            },
        }
    }
    Ok(out)
}

/// A single modifier letter.
fn mode(out: &mut LegMods, c: char, col: usize) -> Result<(), Failure> {
    match c {
        'a' => out.modes.insert(Modes::DEFAULT_FINAL),
        'm' => out.modes.insert(Modes::MOVE),
        'c' => out.modes.insert(Modes::CAPTURE),
        'e' => out.ep = Some(col),
        'i' => out.initial = true,
        'n' => out.lame = Some(col),
        'p' => out.hop = Some(col),
        'g' => out.leaping = Some(col),
        'o' => out.cylinder = Some(col),
        'j' => {
            return Err(cannot(
                col,
                "j",
                "the leg ends on a foe it leaves where it is; XBetza's legs end on any piece \
                 (p) or on a friend (tp), not on a foe only",
            ))
        }
        _ => return Err(unsupported(c, col, c.to_string())),
    }
    Ok(())
}

/// A doubled modifier letter.
fn double(out: &mut LegMods, c: char, col: usize) -> Result<(), Failure> {
    let text = format!("{c}{c}");
    match c {
        'c' => out.modes.insert(Modes::DESTROY),
        'e' => out.modes.insert(Modes::EN_PASSANT),
        'j' => out.visit = Some((Modes::HOP.union(Modes::TAME), col)),
        'i' => {
            return Err(cannot(
                col,
                text,
                "the initial move is lost when the royal piece is checked; XBetza's i only asks \
                 whether the piece has moved",
            ))
        }
        'p' => {
            return Err(cannot(
                col,
                text,
                "the move hops over any number of pieces; XBetza's hops take exactly one",
            ))
        }
        'g' => {
            return Err(cannot(
                col,
                text,
                "the slider leaps over friends but not over foes; XBetza's leaps ignore what \
                 they pass",
            ))
        }
        'o' => {
            return Err(cannot(
                col,
                text,
                "Kraken's chain writer has no torus (files and ranks both wrapping)",
            ))
        }
        _ => return Err(unsupported(c, col, text)),
    }
    Ok(())
}

/// Letters with no XBetza equivalent, or that the text leaves open.
fn unsupported(c: char, col: usize, text: String) -> Failure {
    match c {
        'h' => cannot(
            col,
            text,
            "a halfling moves half the way to the board's edge; XBetza's ranges are fixed",
        ),
        'k' => cannot(
            col,
            text,
            "a move that may not give check; XBetza's moves do not look at check",
        ),
        'u' => cannot(
            col,
            text,
            "the move needs every direction free of blocking foes; XBetza's moves look only at \
             the squares they pass",
        ),
        'w' => cannot(
            col,
            text,
            "swapping with the piece on the arrival square; XBetza's u puts a captured piece \
             on the square a leg starts from, which is the mover's own square only on a \
             one-leg move, and that Kraken does not translate",
        ),
        'x' => cannot(
            col,
            text,
            "flipping a piece to the other side; XBetza's moves capture, never convert",
        ),
        'q' => refuse(col, text, "the text lists q as \"still unused\""),
        'y' => refuse(col, text, "y is only a suffix meaning \"any\" (cy, jy, wy)"),
        _ => refuse(col, text, "the text gives this doubled letter no meaning"),
    }
}

fn read_leg(written: &Written, k: usize, last: bool) -> Result<ReadLeg, Failure> {
    let independent_link = k == 0 || written.link == Link::Sequence;
    let m = sort_mods(&written.mods, independent_link)?;
    let independent = independent_link || m.independent;
    if let (true, Some(&(Spec::Back, col))) = (
        independent,
        m.specs.iter().find(|(s, _)| matches!(s, Spec::Back)),
    ) {
        return Err(refuse(
            col,
            "t",
            "t turns back the way the leg before came, and with d a leg's directions are \
             measured from forward",
        ));
    }
    let shape = written.shape;
    let reach = written.reach;
    let atom = &written.atom_text;
    let mut modes = m.modes;
    let mut lame = m.lame;
    if let Some(col) = m.ep {
        if modes.contains(Modes::CAPTURE) && !modes.contains(Modes::MOVE) {
            modes.insert(Modes::EN_PASSANT);
        } else if modes == Modes::MOVE {
            // The squares passed may be taken en passant: XBetza's n on W, F or K steps.
            if !shape.is_unit() {
                return Err(cannot(
                    col,
                    format!("e{atom}"),
                    "e.p. rights on the squares a leap jumps over; XBetza gives them only to \
                     non-jumping leaps (n)",
                ));
            }
            lame = Some(col);
        } else {
            return Err(refuse(
                col,
                "e",
                "e means en passant capture beside c and e.p. rights beside m; the text gives \
                 it no meaning alone or beside both",
            ));
        }
    } else if shape.is_unit() {
        // No square lies between: n says nothing (and XBetza's n would give e.p. rights).
        lame = None;
    }
    if let Some(col) = m.lame {
        if shape.is_oblique() && reach != Reach::One {
            return Err(cannot(
                col,
                "n",
                "a non-jumping oblique rider may take any shortest path on each leap; XBetza \
                 gives a lame leap a single path",
            ));
        }
        if m.leaping.is_some() || m.hop.is_some() {
            return Err(refuse(
                col,
                "n",
                "n (non-jumping) beside g (leaping) or p (hopping) contradicts them",
            ));
        }
    }
    if let (Some((_, col)), true) = (m.visit, last) {
        return Err(refuse(
            col,
            "j",
            "j visits a piece without taking it, so a leg must follow it",
        ));
    }
    if let Some((visit, _)) = m.visit {
        modes.insert(visit);
    }
    let dirs = |shape: Shape| -> Result<Dirs, Failure> {
        if independent {
            let set = if m.specs.is_empty() {
                all_of(shape.class())
            } else {
                resolve(&m.specs, shape.class(), false)
                    .map_err(|reason| refuse(m.specs[0].1, specs_text(&written.mods), reason))?
            };
            return Ok(Dirs::Absolute(set));
        }
        Ok(Dirs::Relative(Box::new(relative(&m.specs, &written.mods))))
    };
    let ending = if modes.intersects(Modes::FINAL_ENDINGS.union(Modes::HOP)) {
        modes
    } else if last {
        modes.union(Modes::DEFAULT_FINAL)
    } else {
        modes.union(Modes::MOVE)
    };
    let base = PlanLeg {
        shape,
        atom_col: written.atom_col,
        atom_text: atom.clone(),
        reach,
        dirs: dirs(shape)?,
        modes: ending,
        cylinder: m.cylinder.is_some(),
        lame,
        jump: None,
        iso: None,
    };
    let alternatives = if let Some(col) = m.leaping {
        if m.hop.is_some() {
            return Err(refuse(
                col,
                "g",
                "g (leap over everything) beside p (hop one piece)",
            ));
        }
        leaps(&base, col)?
            .into_iter()
            .map(|shape| {
                Ok(vec![PlanLeg {
                    shape,
                    reach: Reach::One,
                    dirs: dirs(shape)?,
                    ..base.clone()
                }])
            })
            .collect::<Result<_, Failure>>()?
    } else if let Some(col) = m.hop {
        hop(base, col, last)?
    } else {
        vec![vec![base]]
    };
    Ok(ReadLeg {
        alternatives,
        initial: m.initial,
    })
}

/// `g`: the leaps a slider makes when it leaps instead, one per length.
fn leaps(leg: &PlanLeg, col: usize) -> Result<Vec<Shape>, Failure> {
    let forms: Vec<(u8, u8)> = match leg.shape {
        Shape::King => vec![(0, 1), (1, 1)],
        shape => vec![shape.form()],
    };
    let counts: Vec<u8> = match leg.reach {
        Reach::One => vec![1],
        Reach::UpTo(n) => (1..=n).collect(),
        Reach::Exactly(n) => vec![n],
        Reach::Unlimited => (1..=MAX_LEAP).collect(),
    };
    let mut shapes = Vec::new();
    for (p, q) in forms {
        for &n in &counts {
            if u16::from(q) * u16::from(n) <= u16::from(MAX_LEAP) {
                shapes.push(Shape::Leap(p * n, q * n));
            }
        }
    }
    if shapes.is_empty() {
        return Err((col, MbnErrorKind::TooLong));
    }
    Ok(shapes)
}

/// `p`: the leg hops exactly one piece on its way.
fn hop(base: PlanLeg, col: usize, last: bool) -> Result<Vec<Vec<PlanLeg>>, Failure> {
    let atom = base.atom_text.clone();
    let q = base.shape.form().1;
    if base.shape.is_oblique() {
        return Err(refuse(
            col,
            format!("p{atom}"),
            "the text does not say which squares an oblique leap passes, so where its hurdle \
             may stand is open",
        ));
    }
    if base.reach == Reach::One {
        if q == 1 {
            return Err(refuse(
                col,
                format!("p{atom}"),
                format!("{atom} passes no square that could hold a hurdle"),
            ));
        }
        return Ok(vec![vec![PlanLeg {
            jump: Some(col),
            ..base
        }]]);
    }
    if !(base.shape.is_unit() && base.reach == Reach::Unlimited) {
        return Err(cannot(
            col,
            format!("p{atom}"),
            "a hop over one piece anywhere on a limited or leaping slide: XBetza's hop starts a \
             new leg whose length does not count the first",
        ));
    }
    if !last {
        return Err(cannot(
            col,
            "p",
            "a slide that hops one piece and then ends where another leg starts: XBetza's \
             hopping leg and the slide after it would each need their own leg",
        ));
    }
    let hop = PlanLeg {
        modes: Modes::HOP,
        ..base.clone()
    };
    let straight = Ok(DirSet(1));
    let landing = PlanLeg {
        dirs: Dirs::Relative(Box::new(RelativeDirs {
            sets: [
                straight.clone(),
                straight.clone(),
                straight.clone(),
                straight,
            ],
            text: String::new(),
            col,
        })),
        atom_col: col,
        ..base
    };
    Ok(vec![vec![hop, landing]])
}

/// Every direction of a class.
fn all_of(class: DirClass) -> DirSet {
    match class {
        DirClass::Orthogonal => DirSet::ORTHOGONAL,
        DirClass::Diagonal => DirSet::DIAGONAL,
        DirClass::Eightfold | DirClass::Oblique => DirSet::ALL,
    }
}

fn specs_text(mods: &[Mod]) -> String {
    let dirs: Vec<Mod> = mods
        .iter()
        .copied()
        .filter(|m| matches!(m, Mod::Dir(..) | Mod::Pair(..)))
        .collect();
    mods_text(&dirs)
}

/// The directions of a leg measured from the leg before, for every class it may be read in.
fn relative(specs: &[(Spec, usize)], mods: &[Mod]) -> RelativeDirs {
    let classes = [
        DirClass::Orthogonal,
        DirClass::Diagonal,
        DirClass::Eightfold,
        DirClass::Oblique,
    ];
    let col = specs.first().map_or(1, |&(_, col)| col);
    let sets = classes.map(|class| {
        if specs.is_empty() {
            // Straight on; an F step after a W step: the two diagonals forward of it.
            Ok(match class {
                DirClass::Diagonal => DirSet(0b1000_0010),
                DirClass::Oblique => DirLetter::F.oblique_narrow(),
                _ => DirSet(1),
            })
        } else {
            resolve(specs, class, true)
        }
    });
    RelativeDirs {
        sets,
        text: specs_text(mods),
        col,
    }
}

/// The directions `specs` name for an atom read in `class`, as the text's tables give them:
/// letters side by side are a union, a pair reads together.
fn resolve(specs: &[(Spec, usize)], class: DirClass, relative: bool) -> Result<DirSet, String> {
    let mut set = DirSet::NONE;
    for &(spec, _) in specs {
        let add = match (spec, class) {
            (Spec::One(c), DirClass::Orthogonal) => c.k_narrow().intersection(DirSet::ORTHOGONAL),
            (Spec::One(c), DirClass::Diagonal) => c.k_wide().intersection(DirSet::DIAGONAL),
            (Spec::One(c), DirClass::Oblique) => c.oblique_narrow(),
            (Spec::One(c), DirClass::Eightfold) if relative => {
                let c = c.to_char();
                return Err(format!(
                    "after '-' the text goes straight on by default (its Monkey, dcK-mK, lands \
                     right behind its victim), yet {c}K is {c}W+{c}F by its rule mPQ = mP+mQ: \
                     whether a letter on K or Q after '-' takes the 45-degree turns is left open"
                ));
            }
            (Spec::One(c), DirClass::Eightfold) => c.k_wide(),
            (Spec::Two(a, b), DirClass::Orthogonal) => {
                return Err(format!(
                    "the text's tables read ({}{}) together on diagonal and oblique moves \
                     only, and give it no orthogonal one",
                    a.to_char(),
                    b.to_char()
                ))
            }
            (Spec::Two(a, b), DirClass::Diagonal | DirClass::Eightfold) => diagonal_pair(a, b)
                .ok_or_else(|| {
                    format!(
                        "the text's tables give ({}{}) no diagonal move (they read f or b with \
                         l or r, and v with l or r)",
                        a.to_char(),
                        b.to_char()
                    )
                })?,
            (Spec::Two(a, b), DirClass::Oblique) => oblique_pair(a, b).ok_or_else(|| {
                format!(
                    "the text's tables give ({}{}) no oblique move",
                    a.to_char(),
                    b.to_char()
                )
            })?,
            (Spec::Back, DirClass::Orthogonal | DirClass::Eightfold) => DirSet(1 << 4),
            (Spec::Back, _) => {
                return Err(
                    "t turns back along the leg before, and this leg's atom cannot step that way"
                        .to_string(),
                )
            }
        };
        set = set.union(add);
    }
    Ok(set)
}

/// `(fr)F`, `(lv)F`: the diagonal both letters lean to.
fn diagonal_pair(a: DirLetter, b: DirLetter) -> Option<DirSet> {
    use DirLetter::*;
    let side = |c| matches!(c, L | R);
    let ok = (matches!(a, F | B | V) && side(b)) || (side(a) && matches!(b, F | B | V));
    ok.then(|| {
        a.k_wide()
            .intersection(b.k_wide())
            .intersection(DirSet::DIAGONAL)
    })
}

/// `(lf)N`, `ffN`, `(sf)N`, `(vl)N`: the first letter picks from the pair the second names.
fn oblique_pair(a: DirLetter, b: DirLetter) -> Option<DirSet> {
    use DirLetter::*;
    let vertical = |c| matches!(c, F | B);
    let side = |c| matches!(c, L | R);
    let ok = (a == b && (vertical(a) || side(a)))
        || (vertical(a) && side(b))
        || (side(a) && vertical(b))
        || (a == S && vertical(b))
        || (vertical(a) && b == S)
        || (a == V && side(b))
        || (side(a) && b == V)
        || (a == V && b == S)
        || (a == S && b == V);
    ok.then(|| {
        if a == b {
            a.oblique_narrow()
        } else {
            a.oblique_wide().intersection(b.oblique_narrow())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xbetza(text: &str) -> String {
        mbn_to_xbetza(text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn err(text: &str) -> (usize, MbnErrorKind) {
        let e = mbn_to_xbetza(text).expect_err(text);
        (e.column, e.kind)
    }

    fn refused(text: &str) -> (usize, String, bool) {
        match err(text) {
            (col, MbnErrorKind::Undefined { construct, .. }) => (col, construct, false),
            (col, MbnErrorKind::Inexpressible { construct, .. }) => (col, construct, true),
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
        use MbnErrorKind::*;
        assert_eq!(err(""), (1, Empty));
        assert_eq!(err("N="), (3, Empty));
        assert_eq!(err("fm"), (3, ExpectedMove));
        assert_eq!(err("W-"), (3, ExpectedMove));
        assert_eq!(err("(W-F"), (1, Unclosed('(')));
        assert_eq!(err("W)"), (2, Unopened(')')));
        assert_eq!(err("W()"), (3, ExpectedMove));
        assert_eq!(err("[]"), (2, ExpectedMove));
        assert_eq!(err("W F"), (2, UnexpectedChar(' ')));
        assert_eq!(err("Nw"), (3, ExpectedMove));
        assert_eq!(err("N|Knight"), (2, Unclosed('|')));
        assert_eq!(err(":1,4"), (1, Unclosed(':')));
        assert_eq!(err(":1;4:"), (3, BadLeaper("','")));
        assert_eq!(err(":1,16:"), (1, TooLong));
        assert_eq!(err("W016"), (2, TooLong));
    }

    #[test]
    fn refusals_name_the_construct_and_column() {
        let cases: &[(&str, usize, &str, bool)] = &[
            ("W[d-f1-3]", 2, "[d-f1-3]", true),
            ("[1-5]fW", 1, "[1-5]", true),
            ("c{L}RB", 2, "{L}", true),
            ("{C}W2F2", 1, "{C}", true),
            ("!cK", 1, "!", true),
            ("#cK", 1, "#", true),
            ("/Ta1/W", 1, "/Ta1/", true),
            ("<+1>W", 1, "<+1>", true),
            ("K-{K}", 3, "{K}", true),
            ("(N)(rf)8", 4, "(rf)", true),
            ("(N)r0", 4, "r", true),
            ("B0*", 2, "0*", true),
            ("B*", 2, "*", true),
            ("W00", 2, "00", true),
            ("O", 1, "O", true),
            (":0,0:", 1, ":0,0:", true),
            ("jR-W", 1, "j", true),
            ("kK", 1, "k", true),
            ("uQ", 1, "u", true),
            ("wK", 1, "w", true),
            ("xK", 1, "x", true),
            ("hR", 1, "h", true),
            ("ppR", 1, "pp", true),
            ("iiN", 1, "ii", true),
            ("(dcK-mK)0", 9, "0", true),
            ("gfF3-[B]", 7, "B", true),
            ("R4", 2, "R4", false),
            ("K2", 2, "K2", false),
            ("M", 1, "M", false),
            ("P", 1, "P", true),
            ("U", 1, "U", false),
            ("Y", 1, "Y", false),
            ("F-zF", 3, "z", false),
            ("qN", 1, "q", false),
            ("W-ttW", 3, "tt", false),
            ("W-fK", 3, "f", false),
            ("(fs)F", 1, "(fs)", false),
            ("(fr)W", 1, "(fr)", false),
            ("p?R", 2, "?", false),
            ("eW", 1, "e", false),
            ("pN", 1, "pN", false),
            ("pW", 1, "pW", false),
            ("m(W-F)", 1, "m", false),
            ("m(W)3", 1, "m", false),
            (":4,2:", 1, ":4,2:", false),
            ("tW", 1, "t", false),
            ("K--tK", 4, "t", false),
            ("jjW", 1, "j", false),
            ("n:1,2:0", 1, "n", true),
            ("W#", 2, "#", false),
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
    fn identifiers_that_are_not_moves_are_refused() {
        for (text, construct) in [
            ("+P==QRBN", "+P"),
            ("@:NR:=N0", "@:NR:"),
            ("q=W", "q"),
            ("O-O=isR", "O-O"),
            ("'P=mfW", "'P"),
        ] {
            assert_eq!(refused(text).1, construct, "{text}");
        }
        assert_eq!(refused("C<2>=K").1, "C<2>");
    }

    #[test]
    fn messages_show_the_text_and_column() {
        let e = mbn_to_xbetza("G=W[d-f1-3]").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("\"G=W[d-f1-3]\": column 4: '[d-f1-3]' has no XBetza equivalent"),
            "{e}"
        );
        let e = mbn_to_xbetza("R4").unwrap_err();
        assert!(e.to_string().contains("'R4' is not defined by MBN"), "{e}");
    }

    #[test]
    fn moves_read_as_their_xbetza_equivalents() {
        // Each pair is an MBN text and XBetza written independently from the text's
        // description of it.
        for (mbn, equivalent) in [
            ("W", "W"),
            ("S=W4", "W4"),
            ("B=F0", "B"),
            ("B0", "B"),
            ("N0", "N0"),
            ("W03", "mafmafW"),
            (":1,4:", "FX"),
            ("Q=R+B", "Q"),
            ("E", "RN"),
            ("mfW", "fmW"),
            ("PS=mfWcfF", "fmWfcF"),
            ("mRcR", "mRcR"),
            ("cefF", "fceF"),
            ("W-fF", "mafsW"),
            ("W-F", "mafsW"),
            ("fmF+(fcF-mF)", "fmFfcafmF"),
            // Side by side, letters are a union: fF+rF, fW+fF, vW+vF.
            ("fsW", "fsW"),
            ("frF", "frflbrF"),
            ("fK", "fsfK"),
            ("vK", "vfsbsK"),
            // Read together: one diagonal, one oblique leap or pair.
            ("(fr)F", "frF"),
            ("(lv)K", "flblF"),
            ("(lf)N", "lfN"),
            ("ffN", "ffN"),
            ("(sf)N", "ffN"),
            ("(fs)N", "fsN"),
            ("(vl)N", "lN"),
            ("(lv)N", "lvN"),
            ("(aW)3", "WmcafWmcafmcafW"),
            ("(pmD)03", "mjafmjafmjD"),
            ("(fW)0", "fR"),
            ("(D)0", "D0"),
            ("(W+F)2", "KmafsfK"),
            ("K-K", "mafK"),
            ("W-tW", "mabW"),
            ("N--N", "mavhsN"),
            ("aK--[K]", "mcavhsKK"),
            ("pR", "pR"),
            ("mR+pRD+F", "mRpRjDF"),
            ("pH", "pafmafWmafpW"),
            ("imefW02", "ifmnafmnW"),
            ("gW02", "D"),
            ("gF3", "FAG"),
            ("nN", "mafsK"),
            ("ccR", "dR"),
            ("cyR", "cdR"),
            ("jyR-cW", "cgR"),
            ("jjW-fW", "tpW"),
            ("N|Knight|", "N"),
            (":GC+:=mR+pRD+F", "mRpRjDF"),
        ] {
            let got = xbetza(mbn);
            assert!(same(&got, equivalent), "{mbn} -> {got}, not {equivalent}");
        }
    }
}
