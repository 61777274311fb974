//! `kraken betza`: where a piece written in XBetza can move, for people who design pieces.
//!
//! The tool reads the command line into a [`Request`] (plain text), checks it against the
//! board into a [`Setup`] (squares, colours, parsed descriptions), asks a [`Probe`] for every
//! move and renders a report whose last line lists the targets; after the readings of the
//! moves it writes the piece in the other notations where they can say it
//! (`notation::write_other`). A
//! piece written in the extended-Betza quick reference (`--notation quickref`), in the notation
//! of XBoard's old Betza page (`--notation oldbetza`) or in MBN (`--notation mbn`) is
//! translated into XBetza first.

use movegen::{Ending, PathMove, Probe};
use notation::{
    compile, fsf_to_xbetza, mbn_piece, mbn_promotions, oldbetza_to_xbetza, parse,
    quickref_to_xbetza, write_other, BoardRange, Color, FsfError, Geometry, MbnError, MoveDesc,
    OldBetzaError, OtherNotation, ParseError, PathWorkError, PieceDesc, QuickrefError, Square,
    SquareSet,
};
use variants::{promotion_keys, region_text};

use crate::cli::{Arg, Args, UsageError};

/// The text of `kraken betza --help`.
pub const HELP: &str = "\
Usage: kraken betza XBETZA [OPTIONS]
       kraken betza --notation quickref TEXT [OPTIONS]
       kraken betza --notation oldbetza TEXT [OPTIONS]
       kraken betza --notation mbn TEXT [OPTIONS]
       kraken betza --notation fsf TEXT [OPTIONS]

Shows where a piece written in XBetza can move: a diagram of the board with every
target marked, a reading of each move component, the piece in the other notations
(\"quickref: ...\", \"oldbetza: ...\", \"mbn: ...\", each the exact equivalent or
\"none (...)\" naming the first construct the notation cannot say), a line per move,
and as the last line \"targets:\" followed by the squares the piece itself can reach,
sorted by file, then by rank number.

Options:
  --notation NAME      the notation of the piece's moves: xbetza (default),
                       quickref, the extended-Betza quick reference (W-F chains,
                       W03 exact ranges, pR for pR-cR, ...), oldbetza, XBoard's
                       old Betza page (FtR, Q+K, RxebR chains, W-3 and Nrf8
                       exponents, ...), or mbn, the Modified Betza Notation
                       (mR+pR, W-fF and aK--[K] chains, (aW)3, :1,4:, ...),
                       or fsf, Betza as Fairy-Stockfish reads it (pB2: a cannon
                       landing at most 2 away; nC: no move; frK: r and fr);
                       such text is translated into XBetza, shown first as
                       \"xbetza: ...\"; --piece and --imitate stay XBetza.
                       MBN's board ranges follow as the regions a variant file
                       gives (\"mobilityRegionWhite: d1 e1 f1 ...\" for W[d-f1-3],
                       \"doubleStepRegionWhite: *1 *2\" for [1-2]mefW02, whose
                       moves become initial moves), and the diagram obeys them;
                       an MBN promotion rule (+P==QRBN, +P, +P==Q +p==I) prints
                       the promotion keys it stands for instead of a diagram
                         --notation quickref
  --size WxH           board of W files and H ranks, 1 to 16 each (default 8x8)
                         --size 9x10
  --from SQ            the mover's square (default: the middle, file (W-1)/2 and
                       rank (H-1)/2 counted from 0, so d4 on 8x8)
                         --from e2
  --color w|b          the mover's side (default w); black moves down the board
                         --color b
  --occupy SQ=w|b,...  other pieces, white (w) or black (b); repeatable
                         --occupy e5=b,c3=w
  --piece SQ=XBETZA    the moves of the piece on SQ, for x moves (induction and
                       borrowing); other pieces move as a King (K); a square not
                       in --occupy holds a friend of the mover; repeatable
                         --piece c4=B
  --virgin SQ,...      pieces that have never moved (for i moves and castling),
                       the mover's square included
                         --virgin e1,h1
  --ahead SQ,...       pieces standing a rank ahead of where their type starts
                       (for ii moves), the mover's square included
                         --ahead e3
  --royal SQ,...       royal pieces (for k captures)
                         --royal e8
  --ep SQ,...:VICTIM   squares with e.p. rights, and the square of the piece an
                       e.p. capture removes
                         --ep f6:f5
  --imitate XBETZA     the moves of the piece type that moved last (for I)
                         --imitate Q
  -h, --help           show this help

Options take their value as the next argument or after '=' (--size=9x10).

Diagram: M (white) or m (black) is the mover, P and p the other pieces.
Marks: + move (quiet destination), x capture (destination of capturing moves),
* both (reached by a quiet and by a capturing move), ! locust victim (captured,
not the destination), ~ e.p. right created, # castling destination.
Moves that x induces in friends are listed as \"induced: FROM-TO\" lines.

Examples:
  kraken betza N
  kraken betza mafsW --size 9x10 --from b1
  kraken betza fmWfceFifmnD --from e5 --occupy e6=b,f5=b --ep f6:f5
  kraken betza KisO2 --from e1 --occupy a1=w,h1=w --virgin e1,h1
  kraken betza mNxaN --occupy c3=w --piece c3=N
  kraken betza --notation quickref 'F(F-W0)'
  kraken betza --notation oldbetza 'mRcR+R'
  kraken betza --notation mbn 'L=ADN(aK--[K])'
  kraken betza --notation fsf mRpRmFpB2
  kraken betza --notation mbn 'G=W[d-f1-3]' --size 9x10 --from e1
  kraken betza --notation mbn '+P==QRBN'

Exit status: 0 on success, 2 on bad input.
";

/// Runs `kraken betza` on the arguments after `betza`; returns the text for stdout.
///
/// # Errors
/// Returns a [`UsageError`] for anything wrong with the command line; nothing has been
/// printed then.
pub fn run(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|item| item == "-h" || item == "--help") {
        return Ok(HELP.to_string());
    }
    let request = Request::read(items)?;
    if request.notation.as_deref() == Some("mbn") {
        if let Some(text) = request.betza.as_deref().filter(|t| is_promotion_rule(t)) {
            return promotion_report(text);
        }
    }
    let setup = Setup::resolve(request)?;
    log::debug!("betza setup: {setup:?}");
    let mut moves = setup.probe().moves(&setup.desc, setup.from, setup.color);
    if let Some(region) = setup.region(&setup.mobility) {
        moves.retain(|m| m.piece != setup.from || region.contains(m.to));
    }
    log::debug!("{} moves generated", moves.len());
    Ok(report(&setup, &moves))
}

/// Refuses moves `desc` whose multi-leg paths would take too long to walk on `geometry`
/// (`what`: the argument that gave them).
fn check_work(desc: &PieceDesc, geometry: &Geometry, what: &str) -> Result<(), UsageError> {
    let tables = Color::ALL.map(|c| compile(desc, geometry, c));
    PathWorkError::check(&tables).map_err(|e| UsageError(format!("{what}: {e}")))
}

/// Whether MBN text is a promotion rule (`+P==QRBN`, `+P`, `#K==Q`) rather than a piece.
fn is_promotion_rule(text: &str) -> bool {
    let text = text.trim();
    text.contains("==") || (text.starts_with('+') && !text.contains('='))
}

/// The promotion keys MBN promotion rules stand for, one `KEY = VALUE` line each.
fn promotion_report(text: &str) -> Result<String, UsageError> {
    let rules = mbn_promotions(text).map_err(|err| mbn_error("bad MBN promotion rule", &err))?;
    let keys = promotion_keys(&rules)
        .map_err(|why| UsageError(format!("bad MBN promotion rule: \"{text}\": {why}")))?;
    Ok(keys.lines().into_iter().map(|l| l + "\n").collect())
}

/// The command line as written, before anything is checked against the board.
#[derive(Debug, Default)]
struct Request {
    betza: Option<String>,
    notation: Option<String>,
    size: Option<String>,
    from: Option<String>,
    color: Option<String>,
    occupy: Vec<String>,
    pieces: Vec<String>,
    virgin: Vec<String>,
    ahead: Vec<String>,
    royal: Vec<String>,
    ep: Option<String>,
    imitate: Option<String>,
}

impl Request {
    fn read(items: &[String]) -> Result<Request, UsageError> {
        let mut args = Args::new(items);
        let mut request = Request::default();
        while let Some(arg) = args.next_arg() {
            let (name, inline) = match arg {
                Arg::Positional(text) => {
                    if let Some(first) = &request.betza {
                        return Err(UsageError(format!(
                            "unexpected argument '{text}': the piece is already given as \
                             '{first}' (one XBETZA only)"
                        )));
                    }
                    request.betza = Some(text);
                    continue;
                }
                Arg::Option { name, inline } => (name, inline),
            };
            let n = name.as_str();
            match n {
                "--notation" => {
                    let value = args.value(n, inline, "xbetza, quickref, oldbetza, mbn or fsf")?;
                    once(&mut request.notation, n, value)?;
                }
                "--size" => {
                    let value = args.value(n, inline, "WxH, such as 8x8")?;
                    once(&mut request.size, n, value)?;
                }
                "--from" => {
                    let value = args.value(n, inline, "a square, such as d4")?;
                    once(&mut request.from, n, value)?;
                }
                "--color" => {
                    let value = args.value(n, inline, "w or b")?;
                    once(&mut request.color, n, value)?;
                }
                "--occupy" => {
                    let value = args.value(n, inline, "SQ=w|b,..., such as e5=b,c3=w")?;
                    request.occupy.extend(list(n, &value)?);
                }
                "--piece" => {
                    let value = args.value(n, inline, "SQ=XBETZA, such as c4=B")?;
                    request.pieces.push(value);
                }
                "--virgin" => {
                    let value = args.value(n, inline, "squares, such as e1,h1")?;
                    request.virgin.extend(list(n, &value)?);
                }
                "--ahead" => {
                    let value = args.value(n, inline, "squares, such as e3")?;
                    request.ahead.extend(list(n, &value)?);
                }
                "--royal" => {
                    let value = args.value(n, inline, "squares, such as e8")?;
                    request.royal.extend(list(n, &value)?);
                }
                "--ep" => {
                    let value = args.value(n, inline, "SQ,...:VICTIM, such as f6:f5")?;
                    once(&mut request.ep, n, value)?;
                }
                "--imitate" => {
                    let value = args.value(n, inline, "an XBetza text, such as Q")?;
                    once(&mut request.imitate, n, value)?;
                }
                _ => return Err(UsageError(format!("unknown option '{name}'"))),
            }
        }
        Ok(request)
    }
}

/// Stores the value of an option that may be given once.
fn once(slot: &mut Option<String>, name: &str, value: String) -> Result<(), UsageError> {
    if slot.is_some() {
        return Err(UsageError(format!("{name} is given more than once")));
    }
    *slot = Some(value);
    Ok(())
}

/// Splits a comma-separated option value.
fn list(name: &str, value: &str) -> Result<Vec<String>, UsageError> {
    value
        .split(',')
        .map(|item| {
            let item = item.trim();
            if item.is_empty() {
                Err(UsageError(format!(
                    "{name} {value}: empty item in the list"
                )))
            } else {
                Ok(item.to_string())
            }
        })
        .collect()
}

/// A piece other than the mover.
#[derive(Debug)]
struct Other {
    square: Square,
    color: Color,
    /// Its moves when given with `--piece` (a King otherwise).
    desc: Option<PieceDesc>,
}

/// Everything the probe needs, checked against the board.
#[derive(Debug)]
struct Setup {
    /// The piece's XBetza (translated when written in another notation).
    text: String,
    /// The XBetza translation of a piece written in another notation.
    translation: Option<String>,
    desc: PieceDesc,
    geometry: Geometry,
    from: Square,
    color: Color,
    others: Vec<Other>,
    virgin: Vec<Square>,
    ahead: Vec<Square>,
    royal: Vec<Square>,
    ep: Option<(Vec<Square>, Square)>,
    imitated: Option<PieceDesc>,
    /// MBN's board ranges: every move ends in `mobility`; the moves written after a range
    /// are initial moves, made from `initial` (a pawn's double-step region).
    mobility: Option<BoardRange>,
    initial: Option<BoardRange>,
}

impl Setup {
    /// The squares of `range` for the mover.
    fn region(&self, range: &Option<BoardRange>) -> Option<SquareSet> {
        range
            .as_ref()
            .map(|r| r.squares(&self.geometry, self.color))
    }

    /// MBN's board ranges as a variant file's regions, for both sides
    /// (`mobilityRegionWhite: d1 e1 ...`).
    fn region_lines(&self) -> String {
        let mut out = String::new();
        for (key, range) in [
            ("mobilityRegion", &self.mobility),
            ("doubleStepRegion", &self.initial),
        ] {
            let Some(range) = range else { continue };
            for (side, color) in [("White", Color::White), ("Black", Color::Black)] {
                let squares = region_text(range.squares(&self.geometry, color), &self.geometry);
                out.push_str(&format!("{key}{side}: {squares}\n"));
            }
        }
        out
    }

    fn resolve(request: Request) -> Result<Setup, UsageError> {
        let text = request.betza.ok_or_else(|| {
            UsageError::new("missing the piece's XBetza (for example: kraken betza N)")
        })?;
        let geometry = match &request.size {
            Some(size) => board_size(size)?,
            None => Geometry::new(8, 8).expect("8x8 is a valid board"),
        };
        let (mut mobility, mut initial) = (None, None);
        let translation = match request.notation.as_deref() {
            None | Some("xbetza") => None,
            Some("quickref") => Some(
                quickref_to_xbetza(&text)
                    .map_err(|err| quickref_error("bad quick-reference notation", &err))?,
            ),
            Some("oldbetza") => Some(
                oldbetza_to_xbetza(&text)
                    .map_err(|err| oldbetza_error("bad old-Betza notation", &err))?,
            ),
            Some("fsf") => Some(
                fsf_to_xbetza(&text).map_err(|err| fsf_error("bad Fairy-Stockfish Betza", &err))?,
            ),
            Some("mbn") => {
                let piece = mbn_piece(&text).map_err(|err| mbn_error("bad MBN notation", &err))?;
                (mobility, initial) = (piece.mobility, piece.initial);
                Some(piece.xbetza)
            }
            Some(other) => {
                return Err(UsageError(format!(
                    "--notation {other}: expected xbetza, quickref, oldbetza, mbn or fsf"
                )))
            }
        };
        let text = translation.clone().unwrap_or(text);
        // Fairy-Stockfish's reading may leave a piece no move at all (`nC`).
        let desc = if text.is_empty() && translation.is_some() {
            PieceDesc::default()
        } else {
            parse(&text).map_err(|err| xbetza_error("bad XBetza", &err))?
        };
        check_work(&desc, &geometry, &text)?;
        let from = match &request.from {
            Some(name) => square(&geometry, "--from", name)?,
            None => geometry
                .square(
                    (geometry.width() as i32 - 1) / 2,
                    (geometry.height() as i32 - 1) / 2,
                )
                .expect("the middle square is on the board"),
        };
        let color = match request.color.as_deref() {
            None | Some("w" | "white") => Color::White,
            Some("b" | "black") => Color::Black,
            Some(other) => {
                return Err(UsageError(format!(
                    "--color {other}: expected w (white) or b (black)"
                )))
            }
        };
        let mut setup = Setup {
            text,
            translation,
            desc,
            geometry,
            from,
            color,
            others: Vec::new(),
            virgin: Vec::new(),
            ahead: Vec::new(),
            royal: Vec::new(),
            ep: None,
            imitated: None,
            mobility,
            initial,
        };
        setup.add_occupants(&request.occupy)?;
        setup.add_pieces(&request.pieces)?;
        setup.virgin = setup.piece_squares("--virgin", &request.virgin)?;
        // A pawn's initial moves are made from its double-step region, moved or not.
        let in_initial = setup
            .region(&setup.initial)
            .is_some_and(|r| r.contains(from));
        if in_initial && !setup.virgin.contains(&from) {
            setup.virgin.push(from);
        }
        setup.ahead = setup.piece_squares("--ahead", &request.ahead)?;
        setup.royal = setup.piece_squares("--royal", &request.royal)?;
        if let Some(ep) = &request.ep {
            setup.ep = Some(setup.ep_rights(ep)?);
        }
        if let Some(imitate) = &request.imitate {
            let desc =
                parse(imitate).map_err(|err| xbetza_error("bad XBetza in --imitate", &err))?;
            check_work(&desc, &setup.geometry, &format!("--imitate {imitate}"))?;
            setup.imitated = Some(desc);
        }
        Ok(setup)
    }

    fn add_occupants(&mut self, items: &[String]) -> Result<(), UsageError> {
        for item in items {
            let bad = || {
                UsageError(format!(
                    "--occupy {item}: expected SQ=w or SQ=b, such as e5=b"
                ))
            };
            let (name, side) = item.split_once('=').ok_or_else(bad)?;
            let color = match side {
                "w" | "white" => Color::White,
                "b" | "black" => Color::Black,
                _ => return Err(bad()),
            };
            let sq = square(&self.geometry, "--occupy", name)?;
            if sq == self.from {
                return Err(UsageError(format!(
                    "--occupy {item}: {name} is the mover's own square (--from)"
                )));
            }
            if self.other(sq).is_some() {
                return Err(UsageError(format!(
                    "--occupy {item}: {name} is occupied twice"
                )));
            }
            self.others.push(Other {
                square: sq,
                color,
                desc: None,
            });
        }
        Ok(())
    }

    fn add_pieces(&mut self, items: &[String]) -> Result<(), UsageError> {
        let mut seen = Vec::new();
        for item in items {
            let (name, text) = item.split_once('=').ok_or_else(|| {
                UsageError(format!("--piece {item}: expected SQ=XBETZA, such as c4=B"))
            })?;
            let sq = square(&self.geometry, "--piece", name)?;
            if sq == self.from {
                return Err(UsageError(format!(
                    "--piece {item}: {name} is the mover's square; its moves are the XBETZA \
                     argument"
                )));
            }
            if seen.contains(&sq) {
                return Err(UsageError(format!(
                    "--piece {item}: {name} is given more than once"
                )));
            }
            seen.push(sq);
            let desc = parse(text)
                .map_err(|err| xbetza_error(&format!("bad XBetza in --piece {name}="), &err))?;
            check_work(&desc, &self.geometry, &format!("--piece {item}"))?;
            match self.others.iter_mut().find(|o| o.square == sq) {
                Some(other) => other.desc = Some(desc),
                None => self.others.push(Other {
                    square: sq,
                    color: self.color,
                    desc: Some(desc),
                }),
            }
        }
        Ok(())
    }

    /// Squares of `option` that must each hold a piece (the mover's square included).
    fn piece_squares(&self, option: &str, names: &[String]) -> Result<Vec<Square>, UsageError> {
        names
            .iter()
            .map(|name| {
                let sq = square(&self.geometry, option, name)?;
                if sq != self.from && self.other(sq).is_none() {
                    return Err(UsageError(format!(
                        "{option} {name}: no piece there (place one with --occupy)"
                    )));
                }
                Ok(sq)
            })
            .collect()
    }

    fn ep_rights(&self, value: &str) -> Result<(Vec<Square>, Square), UsageError> {
        let (squares, victim) = value.split_once(':').ok_or_else(|| {
            UsageError(format!(
                "--ep {value}: expected SQ,...:VICTIM, such as f6:f5"
            ))
        })?;
        let squares = list("--ep", squares)?
            .iter()
            .map(|name| square(&self.geometry, "--ep", name))
            .collect::<Result<Vec<_>, _>>()?;
        let victim_sq = square(&self.geometry, "--ep", victim)?;
        if self.other(victim_sq).is_none() {
            return Err(UsageError(format!(
                "--ep {value}: no piece on the victim square {victim} (place one with --occupy)"
            )));
        }
        Ok((squares, victim_sq))
    }

    fn other(&self, sq: Square) -> Option<&Other> {
        self.others.iter().find(|o| o.square == sq)
    }

    fn probe(&self) -> Probe {
        let mut probe = Probe::new(self.geometry.clone());
        for other in &self.others {
            probe.place(other.square, other.color, other.desc.as_ref());
        }
        for &sq in &self.virgin {
            probe.set_virgin(sq);
        }
        for &sq in &self.ahead {
            probe.set_ahead_of_start(sq);
        }
        for &sq in &self.royal {
            probe.set_royal(sq);
        }
        if let Some((squares, victim)) = &self.ep {
            probe.set_ep(squares, *victim);
        }
        if let Some(desc) = &self.imitated {
            probe.set_imitated(desc);
        }
        probe
    }

    fn name(&self, sq: Square) -> String {
        self.geometry.name(sq)
    }
}

/// Reads `--size WxH`.
fn board_size(size: &str) -> Result<Geometry, UsageError> {
    let bad = || {
        UsageError(format!(
            "--size {size}: expected WxH with 1 to 16 files and ranks, such as 8x8 or 9x10"
        ))
    };
    let (w, h) = size.split_once('x').ok_or_else(bad)?;
    let side = |s: &str| -> Result<u8, UsageError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u8>().map_err(|_| bad())
    };
    Geometry::new(side(w)?, side(h)?).map_err(|_| bad())
}

/// Reads a square name for `option`.
fn square(geometry: &Geometry, option: &str, name: &str) -> Result<Square, UsageError> {
    geometry.parse_square(name).map_err(|_| {
        UsageError(format!(
            "{option} {name}: not a square of the {w}x{h} board (files a to {last}, ranks 1 \
             to {h})",
            w = geometry.width(),
            h = geometry.height(),
            last = (b'a' + geometry.width() - 1) as char,
        ))
    })
}

/// The message for bad XBetza: the error (which names the column) and a caret under it.
fn xbetza_error(context: &str, err: &ParseError) -> UsageError {
    caret_error(context, err, &err.input, err.column)
}

/// The message for bad quick-reference text: the error (which names the construct and its
/// column) and a caret under it.
fn quickref_error(context: &str, err: &QuickrefError) -> UsageError {
    caret_error(context, err, &err.input, err.column)
}

/// The message for bad text of XBoard's old Betza page: the error (which names the construct
/// and its column) and a caret under it.
fn oldbetza_error(context: &str, err: &OldBetzaError) -> UsageError {
    caret_error(context, err, &err.input, err.column)
}

/// The message for Betza that Fairy-Stockfish's reader does not take: the error (which names
/// the letter and its column) and a caret under it.
fn fsf_error(context: &str, err: &FsfError) -> UsageError {
    caret_error(context, err, &err.input, err.column)
}

/// The message for bad MBN text: the error (which names the construct and its column) and a
/// caret under it.
fn mbn_error(context: &str, err: &MbnError) -> UsageError {
    caret_error(context, err, &err.input, err.column)
}

fn caret_error(
    context: &str,
    err: &dyn std::fmt::Display,
    input: &str,
    column: usize,
) -> UsageError {
    let pad = " ".repeat(column.saturating_sub(1));
    UsageError(format!("{context}: {err}\n  {input}\n  {pad}^"))
}

/// What the mover's moves do to one square, for the diagram.
#[derive(Clone, Copy, Debug, Default)]
struct Marks {
    quiet: bool,
    capture: bool,
    castling: bool,
    victim: bool,
    ep_right: bool,
}

/// Whether a move captures anything, on its destination or elsewhere.
fn captures_something(m: &PathMove) -> bool {
    !m.captures.is_empty()
        || m.ep_capture.is_some()
        || matches!(
            m.ending,
            Ending::Capture { .. } | Ending::Destroy | Ending::EnPassant
        )
}

/// The whole report; its last line is `targets:` and the sorted destinations.
fn report(setup: &Setup, moves: &[PathMove]) -> String {
    let g = &setup.geometry;
    let by_square =
        |a: &Square, b: &Square| (g.file(*a), g.rank(*a)).cmp(&(g.file(*b), g.rank(*b)));

    let mut own: Vec<&PathMove> = Vec::new();
    let mut induced: Vec<&PathMove> = Vec::new();
    for m in moves {
        let group = if m.piece == setup.from {
            &mut own
        } else {
            &mut induced
        };
        if !group.contains(&m) {
            group.push(m);
        }
    }
    own.sort_by(|a, b| by_square(&a.to, &b.to));
    induced.sort_by(|a, b| by_square(&a.piece, &b.piece).then(by_square(&a.to, &b.to)));

    let mut out = String::new();
    if let Some(xbetza) = &setup.translation {
        out.push_str(&format!("xbetza: {xbetza}\n"));
    }
    out.push_str(&setup.region_lines());
    for line in diagram(setup, &own) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    for mv in &setup.desc.moves {
        out.push_str(&reading(&setup.text, mv));
        out.push('\n');
    }
    out.push('\n');
    for notation in OtherNotation::ALL {
        let text = match write_other(&setup.desc, notation) {
            Ok(text) => text,
            Err(refusal) => format!("none ({refusal})"),
        };
        out.push_str(&format!("{}: {text}\n", notation.name()));
    }
    out.push('\n');
    out.push_str(&format!("moves ({}):\n", own.len()));
    for m in &own {
        out.push_str(&format!("  {}\n", move_line(setup, m)));
    }
    for m in &induced {
        out.push_str(&format!("induced: {}\n", move_line(setup, m)));
    }
    let mut targets: Vec<Square> = own.iter().map(|m| m.to).collect();
    targets.sort_by(by_square);
    targets.dedup();
    out.push_str("targets:");
    for sq in targets {
        out.push(' ');
        out.push_str(&setup.name(sq));
    }
    out.push('\n');
    out
}

/// `TEXT: reading` for one move component; the reading is `notation::describe`.
fn reading(text: &str, mv: &MoveDesc) -> String {
    let part = text.get(mv.span.0..mv.span.1).unwrap_or(text);
    format!("{part}: {}", notation::describe(mv))
}

/// The board, top rank first, with the marks of the mover's moves, then the legend.
fn diagram(setup: &Setup, own: &[&PathMove]) -> Vec<String> {
    let g = &setup.geometry;
    let mut marks = vec![Marks::default(); g.num_squares()];
    for m in own {
        let cell = &mut marks[m.to.index()];
        if m.ending == Ending::Castling {
            cell.castling = true;
        } else if captures_something(m) {
            cell.capture = true;
        } else {
            cell.quiet = true;
        }
        for &victim in m.captures.iter().chain(m.ep_capture.iter()) {
            if victim != m.to {
                marks[victim.index()].victim = true;
            }
        }
        for &sq in &m.ep_rights {
            marks[sq.index()].ep_right = true;
        }
    }
    let label = g.height().to_string().len();
    let mut lines = Vec::new();
    for rank in (0..g.height() as i32).rev() {
        let cells: Vec<String> = (0..g.width() as i32)
            .map(|file| match g.square(file, rank) {
                None => " ".to_string(),
                Some(sq) => cell(setup, sq, marks[sq.index()]).to_string(),
            })
            .collect();
        lines.push(format!("{:>label$} {}", rank + 1, cells.join(" ")));
    }
    let files: Vec<String> = (0..g.width())
        .map(|f| ((b'a' + f) as char).to_string())
        .collect();
    lines.push(format!("{:label$} {}", "", files.join(" ")));
    let (mover, side) = match setup.color {
        Color::White => ('M', "white"),
        Color::Black => ('m', "black"),
    };
    lines.push(format!(
        "legend: {mover} mover ({side}, {}), P/p white/black piece, + move, x capture, \
         * both, ! locust victim, ~ e.p. right, # castling",
        setup.name(setup.from)
    ));
    lines
}

/// The character of one square: the mover, else the strongest mark, else its piece.
fn cell(setup: &Setup, sq: Square, marks: Marks) -> char {
    if sq == setup.from {
        return match setup.color {
            Color::White => 'M',
            Color::Black => 'm',
        };
    }
    match marks {
        Marks {
            quiet: true,
            capture: true,
            ..
        } => '*',
        Marks { capture: true, .. } => 'x',
        Marks { quiet: true, .. } => '+',
        Marks { castling: true, .. } => '#',
        Marks { victim: true, .. } => '!',
        Marks { ep_right: true, .. } => '~',
        _ => match setup.other(sq).map(|o| o.color) {
            Some(Color::White) => 'P',
            Some(Color::Black) => 'p',
            None => '.',
        },
    }
}

/// `FROM-TO` and what else the move does, for example `d4-f6: captures e5 on the way;
/// captures f6`.
fn move_line(setup: &Setup, m: &PathMove) -> String {
    let name = |sq: Square| setup.name(sq);
    let names = |squares: &[Square]| {
        squares
            .iter()
            .map(|&sq| setup.name(sq))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let on_destination = matches!(m.ending, Ending::Capture { .. } | Ending::Destroy);
    let locust: Vec<Square> = m
        .captures
        .iter()
        .copied()
        .filter(|&sq| !(on_destination && sq == m.to) && Some(sq) != m.ep_capture)
        .collect();
    let mut parts = Vec::new();
    if !locust.is_empty() {
        parts.push(format!("captures {} on the way", names(&locust)));
    }
    match m.ending {
        Ending::Quiet | Ending::EnPassant => {}
        Ending::Capture { royal: false } => parts.push(format!("captures {}", name(m.to))),
        Ending::Capture { royal: true } => {
            parts.push(format!("captures the royal piece on {}", name(m.to)))
        }
        Ending::Destroy => parts.push(format!("captures the friend on {}", name(m.to))),
        Ending::Castling => match m.castle {
            Some((partner, partner_to)) => parts.push(format!(
                "castles with {} to {}",
                name(partner),
                name(partner_to)
            )),
            None => parts.push("castles".to_string()),
        },
    }
    if let Some(victim) = m.ep_capture {
        parts.push(format!("captures {} e.p.", name(victim)));
    }
    for &(square, victim) in &m.unloads {
        parts.push(format!(
            "puts the piece from {} on {}",
            name(victim),
            name(square)
        ));
    }
    if !m.ep_rights.is_empty() {
        parts.push(format!("e.p. rights on {}", names(&m.ep_rights)));
    }
    let mut line = format!("{}-{}", name(m.piece), name(m.to));
    if !parts.is_empty() {
        line.push_str(": ");
        line.push_str(&parts.join("; "));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn setup(items: &[&str]) -> Result<Setup, UsageError> {
        Setup::resolve(Request::read(&strings(items))?)
    }

    fn error(items: &[&str]) -> String {
        setup(items).expect_err("the command line is bad").0
    }

    fn quiet(piece: Square, to: Square) -> PathMove {
        PathMove {
            piece,
            to,
            captures: Default::default(),
            unloads: Default::default(),
            ep_rights: Default::default(),
            castle: None,
            ep_capture: None,
            ending: Ending::Quiet,
        }
    }

    #[test]
    fn ii_moves_need_the_mover_marked_ahead_of_its_start() {
        let targets = |items: &[&str]| {
            let out = run(&strings(items)).expect("runs");
            out.lines().last().expect("a last line").to_string()
        };
        let pawn = ["fmWfceFifmnW3iifmnD", "--from", "e3"];
        assert_eq!(targets(&pawn), "targets: e4");
        assert_eq!(
            targets(&[&pawn[..], &["--ahead", "e3"]].concat()),
            "targets: e4 e5"
        );
        assert!(error(&["N", "--ahead", "e5"]).contains("no piece there"));
    }

    #[test]
    fn defaults_are_the_middle_of_an_8x8_board_for_white() {
        let s = setup(&["N"]).unwrap();
        assert_eq!(s.name(s.from), "d4");
        assert_eq!(s.color, Color::White);
        let s = setup(&["N", "--size", "9x10"]).unwrap();
        assert_eq!(s.name(s.from), "e5");
        let s = setup(&["N", "--size=16x16", "--color=b"]).unwrap();
        assert_eq!(s.name(s.from), "h8");
        assert_eq!(s.color, Color::Black);
        let s = setup(&["N", "--size", "1x1"]).unwrap();
        assert_eq!(s.name(s.from), "a1");
    }

    #[test]
    fn pieces_default_to_friends_and_keep_occupy_colours() {
        let s = setup(&[
            "mNxaN", "--occupy", "c3=b", "--piece", "c3=N", "--piece", "e3=B", "--color", "b",
        ])
        .unwrap();
        assert_eq!(s.others.len(), 2);
        assert_eq!(s.others[0].color, Color::Black);
        assert!(s.others[0].desc.is_some());
        assert_eq!(s.name(s.others[1].square), "e3");
        assert_eq!(s.others[1].color, Color::Black);
    }

    #[test]
    fn bad_input_is_reported() {
        assert!(error(&[]).contains("missing the piece's XBetza"));
        assert!(error(&["N", "B"]).contains("unexpected argument 'B'"));
        assert!(error(&["fmWfce"]).contains("column 7"));
        assert!(error(&["N", "--size", "17x8"]).contains("--size 17x8"));
        assert!(error(&["N", "--size", "0x8"]).contains("--size 0x8"));
        assert!(error(&["N", "--size", "8"]).contains("--size 8"));
        assert!(error(&["N", "--size", "+8x8"]).contains("--size +8x8"));
        assert!(error(&["N", "--from", "i1"]).contains("--from i1: not a square"));
        assert!(error(&["N", "--from"]).contains("--from needs a value"));
        assert!(error(&["N", "--color", "red"]).contains("--color red"));
        assert!(error(&["N", "--occupy", "d4=b"]).contains("mover's own square"));
        assert!(error(&["N", "--occupy", "e5=b,e5=w"]).contains("occupied twice"));
        assert!(error(&["N", "--occupy", "e5"]).contains("expected SQ=w or SQ=b"));
        assert!(error(&["N", "--occupy", "e5=b,"]).contains("empty item"));
        assert!(error(&["N", "--piece", "e5=Nq!"]).contains("--piece e5="));
        assert!(error(&["N", "--piece", "d4=N"]).contains("mover's square"));
        assert!(error(&["N", "--virgin", "e5"]).contains("no piece there"));
        assert!(error(&["N", "--ep", "f6"]).contains("SQ,...:VICTIM"));
        assert!(error(&["N", "--ep", "f6:f5"]).contains("no piece on the victim"));
        assert!(error(&["N", "--imitate", "Z!"]).contains("--imitate"));
        assert!(error(&["N", "--from", "a1", "--from", "b1"]).contains("more than once"));
        assert!(error(&["N", "--frm", "a1"]).contains("unknown option '--frm'"));
    }

    #[test]
    fn quickref_text_is_shown_with_its_translation() {
        let quickref = run(&strings(&["--notation", "quickref", "W-F", "--from", "b1"])).unwrap();
        let xbetza = run(&strings(&["mafsW", "--from", "b1"])).unwrap();
        let (first, rest) = quickref.split_once('\n').unwrap();
        assert_eq!(first, "xbetza: mafsW");
        assert_eq!(rest, xbetza, "otherwise the report of the XBetza");
        // The default notation is XBetza: no translation line.
        let plain = run(&strings(&["--notation=xbetza", "mafsW", "--from", "b1"])).unwrap();
        assert_eq!(plain, xbetza);
    }

    #[test]
    fn the_piece_is_written_in_the_other_notations_after_the_readings() {
        let report = run(&strings(&["Q4", "--from", "a1"])).unwrap();
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines[0], "8 . . . . . . . .");
        assert_eq!(
            lines[11..17],
            [
                "Q4: slides up to 4 squares in all 8 directions",
                "",
                "quickref: K4",
                "oldbetza: K4",
                "mbn: W4+F4",
                ""
            ]
        );
        assert_eq!(lines[17], "moves (12):");
        assert_eq!(
            lines.last(),
            Some(&"targets: a2 a3 a4 a5 b1 b2 c1 c3 d1 d4 e1 e5")
        );
        let report = run(&strings(&["fmWfceFifmnD"])).unwrap();
        assert!(
            report.contains(
                "\nquickref: none ('e' has no quickref equivalent: of the mode letters only m, \
                 c, p, g, n and j are written)\n"
            ),
            "{report}"
        );
        assert!(report.contains("\nmbn: none ('e'"), "{report}");
        let report = run(&strings(&["--notation", "oldbetza", "mRcR+R"])).unwrap();
        assert!(report.starts_with("xbetza: mRcpR\n8 "), "{report}");
        assert!(
            report.contains("\nquickref: mpR\noldbetza: pR\nmbn: mR+cpR\n\nmoves"),
            "{report}"
        );
    }

    #[test]
    fn quickref_errors_point_at_the_construct() {
        let message = error(&["--notation", "quickref", "Q-xacK"]);
        let lines: Vec<&str> = message.lines().collect();
        assert!(
            lines[0].starts_with("bad quick-reference notation: \"Q-xacK\": column 3: 'x'"),
            "{message}"
        );
        assert_eq!(lines[1], "  Q-xacK");
        assert_eq!(lines[2], "    ^");
        assert!(error(&["--notation", "ancp", "N"]).contains("--notation ancp: expected xbetza"));
        assert!(
            error(&["N", "--notation", "quickref", "--notation", "xbetza"])
                .contains("more than once")
        );
    }

    #[test]
    fn oldbetza_text_is_shown_with_its_translation() {
        let old = run(&strings(&[
            "--notation",
            "oldbetza",
            "mRcR+R",
            "--from",
            "b1",
        ]))
        .unwrap();
        let xbetza = run(&strings(&["mRcpR", "--from", "b1"])).unwrap();
        let (first, rest) = old.split_once('\n').unwrap();
        assert_eq!(first, "xbetza: mRcpR");
        assert_eq!(rest, xbetza, "otherwise the report of the XBetza");
    }

    #[test]
    fn fsf_text_is_read_as_fairy_stockfish_reads_it() {
        // A cannon hopping the neighbour on c5 lands on b6, two away; XBetza's pB2 would go on.
        let fsf = run(&strings(&[
            "--notation",
            "fsf",
            "pB2",
            "--occupy",
            "c5=b,a7=b",
        ]))
        .unwrap();
        assert!(fsf.trim_end().ends_with("targets: b6"), "{fsf}");
        let none = run(&strings(&["--notation", "fsf", "nC"])).unwrap();
        assert!(none.starts_with("xbetza: \n"), "{none}");
        assert!(none.trim_end().ends_with("targets:"), "{none}");
        let message = error(&["--notation", "fsf", "mafsW"]);
        assert!(message.contains("column 2"), "{message}");
    }

    #[test]
    fn oldbetza_errors_point_at_the_construct() {
        let message = error(&["--notation", "oldbetza", "mQ!K"]);
        let lines: Vec<&str> = message.lines().collect();
        assert!(
            lines[0].starts_with("bad old-Betza notation: \"mQ!K\": column 3: '!'"),
            "{message}"
        );
        assert_eq!(lines[1], "  mQ!K");
        assert_eq!(lines[2], "    ^");
        assert!(error(&["--notation", "ancp", "N"])
            .contains("--notation ancp: expected xbetza, quickref, oldbetza, mbn or fsf"));
    }

    #[test]
    fn mbn_text_is_shown_with_its_translation() {
        // The Checker: a forward diagonal step, or a capture over a forward diagonal neighbour.
        let mbn = run(&strings(&[
            "--notation",
            "mbn",
            "fmF+(fcF-mF)",
            "--from",
            "d4",
            "--occupy",
            "e5=b",
        ]))
        .unwrap();
        let xbetza = run(&strings(&["fmFfcafmF", "--from", "d4", "--occupy", "e5=b"])).unwrap();
        let (first, rest) = mbn.split_once('\n').unwrap();
        assert_eq!(first, "xbetza: fmFfcafmF");
        assert_eq!(rest, xbetza, "otherwise the report of the XBetza");
        assert!(rest.ends_with("targets: c5 f6\n"), "{rest}");
    }

    #[test]
    fn mbn_errors_point_at_the_construct() {
        let message = error(&["--notation", "mbn", "G=W[d-f1-3]+F"]);
        let lines: Vec<&str> = message.lines().collect();
        assert!(
            lines[0].starts_with("bad MBN notation: \"G=W[d-f1-3]+F\": column 4: '[d-f1-3]'"),
            "{message}"
        );
        assert_eq!(lines[1], "  G=W[d-f1-3]+F");
        assert_eq!(lines[2], "     ^");
        let message = error(&["--notation", "mbn", "R4"]);
        assert!(
            message.contains("column 2: 'R4' is not defined by MBN"),
            "{message}"
        );
    }

    #[test]
    fn mbn_board_ranges_are_shown_as_regions_and_obeyed() {
        let general = |from: &str| {
            let items = [
                "--notation",
                "mbn",
                "G=W[d-f1-3]",
                "--size",
                "9x10",
                "--from",
                from,
            ];
            run(&strings(&items)).unwrap()
        };
        let from_e1 = general("e1");
        let mut lines = from_e1.lines();
        assert_eq!(lines.next(), Some("xbetza: W"));
        assert_eq!(
            lines.next(),
            Some("mobilityRegionWhite: d1 e1 f1 d2 e2 f2 d3 e3 f3")
        );
        assert_eq!(
            lines.next(),
            Some("mobilityRegionBlack: d8 e8 f8 d9 e9 f9 d10 e10 f10")
        );
        assert!(from_e1.ends_with("targets: d1 e2 f1\n"), "{from_e1}");
        let from_d3 = general("d3");
        assert!(from_d3.ends_with("targets: d2 e3\n"), "{from_d3}");
        // The pawn's double step, made from the first two ranks, moved or not.
        let pawn = |from: &str| {
            let text = run(&strings(&[
                "--notation",
                "mbn",
                "mfW+cefF+[1-2]mefW02",
                "--from",
                from,
            ]))
            .unwrap();
            assert!(text.contains("\ndoubleStepRegionWhite: *1 *2\n"), "{text}");
            text.lines().last().unwrap().to_string()
        };
        assert_eq!(pawn("e2"), "targets: e3 e4");
        assert_eq!(pawn("e1"), "targets: e2 e3");
        assert_eq!(pawn("e3"), "targets: e4");
    }

    #[test]
    fn mbn_promotion_rules_print_their_keys() {
        let keys = |rule: &str| run(&strings(&["--notation", "mbn", rule])).unwrap();
        assert_eq!(
            keys("+P==QRBN"),
            "promotionPawnTypes = p\npromotionPieceTypes = qrbn\n"
        );
        assert_eq!(
            keys("+P==Q +p==I"),
            "promotionPawnTypes = p\npromotionPieceTypesWhite = q\npromotionPieceTypesBlack = i\n"
        );
        let message = run(&strings(&["--notation", "mbn", "+Q==q"]))
            .expect_err("no variant key flips colour")
            .0;
        assert!(
            message.starts_with("bad MBN promotion rule: \"+Q==q\": column 5:"),
            "{message}"
        );
    }

    #[test]
    fn xbetza_errors_point_at_the_column() {
        let message = error(&["fmWfce"]);
        let lines: Vec<&str> = message.lines().collect();
        assert_eq!(lines[1], "  fmWfce");
        assert_eq!(lines[2], "        ^");
    }

    #[test]
    fn lines_describe_what_a_move_does() {
        let s = setup(&["N"]).unwrap();
        let sq = |n: &str| s.geometry.parse_square(n).unwrap();
        let mut m = quiet(sq("d4"), sq("f6"));
        m.captures.push(sq("e5"));
        m.captures.push(sq("f6"));
        m.ending = Ending::Capture { royal: false };
        assert_eq!(
            move_line(&s, &m),
            "d4-f6: captures e5 on the way; captures f6"
        );
        let mut m = quiet(sq("e2"), sq("e4"));
        m.ep_rights.push(sq("e3"));
        assert_eq!(move_line(&s, &m), "e2-e4: e.p. rights on e3");
        let mut m = quiet(sq("e5"), sq("f6"));
        m.captures.push(sq("f5"));
        m.ep_capture = Some(sq("f5"));
        m.ending = Ending::EnPassant;
        assert_eq!(move_line(&s, &m), "e5-f6: captures f5 e.p.");
        let mut m = quiet(sq("e1"), sq("g1"));
        m.castle = Some((sq("h1"), sq("f1")));
        m.ending = Ending::Castling;
        assert_eq!(move_line(&s, &m), "e1-g1: castles with h1 to f1");
    }

    #[test]
    fn diagram_marks_each_kind() {
        let s = setup(&["N", "--occupy", "e5=b,c3=w,h8=b"]).unwrap();
        let sq = |n: &str| s.geometry.parse_square(n).unwrap();
        let d4 = sq("d4");
        let mut capture = quiet(d4, sq("e5"));
        capture.captures.push(sq("e5"));
        capture.ending = Ending::Capture { royal: false };
        let mut locust = quiet(d4, sq("f6"));
        locust.captures.push(sq("e5"));
        let mut both = quiet(d4, sq("a1"));
        both.captures.push(sq("c3"));
        let mut ep = quiet(d4, sq("d6"));
        ep.ep_rights.push(sq("d5"));
        let mut castle = quiet(d4, sq("b4"));
        castle.ending = Ending::Castling;
        let moves = [capture, locust, quiet(d4, sq("a1")), both, ep, castle];
        let own: Vec<&PathMove> = moves.iter().collect();
        let lines = diagram(&s, &own);
        assert_eq!(
            &lines[..9],
            [
                "8 . . . . . . . p",
                "7 . . . . . . . .",
                "6 . . . + . x . .",
                "5 . . . ~ x . . .",
                "4 . # . M . . . .",
                "3 . . ! . . . . .",
                "2 . . . . . . . .",
                "1 * . . . . . . .",
                "  a b c d e f g h",
            ]
        );
        assert!(lines[9].starts_with("legend: M mover (white, d4)"));
    }
}
