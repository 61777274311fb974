//! FEN in and out, in the dialect XBoard, cutechess and Fairy-Stockfish write.

use std::{fmt, sync::Arc};

use notation::{Color, Initial, Square, SquareSet};

use crate::{
    position::{sets::SetId, Piece, Position, WALL_CODE},
    rules::{is_id_dress, PieceId, Rules},
};

/// The part of a FEN an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// `[...]` pieces in hand.
    Holdings,
    /// `w` or `b`.
    SideToMove,
    /// Castling (and gating) rights.
    Castling,
    /// The e.p. square.
    EnPassant,
    /// The checks each side must still give (`3+3`).
    Checks,
    /// Half-move clock or move number.
    Counters,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Holdings => "holdings",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en passant square",
            FenField::Checks => "check counter",
            FenField::Counters => "move counters",
        })
    }
}

/// A FEN that could not be read: the field, the 1-based column in the FEN, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The field the problem is in.
    pub field: FenField,
    /// 1-based column (in characters) of the problem.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad FEN {} at column {}: {}",
            self.field, self.column, self.message
        )
    }
}

impl std::error::Error for FenError {}

/// Reads a FEN field by field, keeping track of columns.
struct Reader<'a> {
    text: &'a str,
    fields: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    fields.push((s, &text[s..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            fields.push((s, &text[s..]));
        }
        Reader {
            text,
            fields,
            next: 0,
        }
    }

    fn peek(&self) -> Option<(usize, &'a str)> {
        self.fields.get(self.next).copied()
    }

    fn column(&self, byte: usize) -> usize {
        self.text[..byte].chars().count() + 1
    }
}

/// How many checks win in lichess's three-check FENs, whose `+W+B` counts the checks given.
const LICHESS_CHECKS: u8 = 3;

/// The square names of an e.p. field with their offsets: `e3`, `d3,e3` or `f3g4`.
fn square_names(text: &str) -> Vec<(usize, &str)> {
    let mut names = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in 1..=bytes.len() {
        let boundary = i == bytes.len()
            || bytes[i] == b','
            || (bytes[i].is_ascii_alphabetic() && bytes[i - 1].is_ascii_digit());
        if boundary {
            if start < i {
                names.push((start, &text[start..i]));
            }
            start = if i < bytes.len() && bytes[i] == b',' {
                i + 1
            } else {
                i
            };
        }
    }
    names
}

fn error(field: FenField, column: usize, message: impl Into<String>) -> FenError {
    FenError {
        field,
        column,
        message: message.into(),
    }
}

impl Position {
    /// The start position of `rules`.
    ///
    /// # Panics
    /// Panics if the rules' start FEN is invalid (variants check it when they are loaded).
    pub fn start(rules: Arc<Rules>) -> Position {
        let fen = rules.start_fen.clone();
        Position::from_fen(rules, &fen).expect("the variant's start FEN is valid")
    }

    /// Reads a position from FEN.
    ///
    /// Accepts two-digit empty runs, `[holdings]` after the board (`[-]` or `[]` when empty),
    /// promoted pieces as `+X` (shogi types) or `X~` (crazyhouse), castling as `KQkq`, X-FEN
    /// or Shredder file letters (also gating rights), a `-` or missing e.p. field, the checks
    /// left (`3+3`) where the rules count checks, Fairy-Stockfish's counting limit in place of
    /// the e.p. field where the rules have its counting rule, and missing counters.
    ///
    /// # Errors
    /// Returns a [`FenError`] naming the field and column.
    pub fn from_fen(rules: Arc<Rules>, fen: &str) -> Result<Position, FenError> {
        let mut pos = Position::empty(rules);
        let mut reader = Reader::new(fen);
        let Some((start, board)) = reader.peek() else {
            return Err(error(FenField::Board, 1, "the FEN is empty"));
        };
        reader.next += 1;
        let (board, holdings) = match board.find('[') {
            Some(i) => (&board[..i], Some((start + i, &board[i..]))),
            None => (board, None),
        };
        pos.read_board(board, reader.column(start))?;
        if let Some((at, holdings)) = holdings {
            pos.read_holdings(holdings, reader.column(at))?;
        }
        pos.check_royals(reader.column(start))?;
        match reader.peek() {
            Some((_, "w")) => {
                pos.state.side = Color::White;
                reader.next += 1;
            }
            Some((_, "b")) => {
                pos.state.side = Color::Black;
                reader.next += 1;
            }
            Some((at, other)) => {
                return Err(error(
                    FenField::SideToMove,
                    reader.column(at),
                    format!("expected 'w' or 'b', found '{other}'"),
                ))
            }
            None => {}
        }
        // Castling and e.p. are optional (shogi FENs go straight to the counters).
        let is_counter = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        // A check count may come where the castling field would (`w 7+7 0 1`).
        let is_checks = |s: &str| s.contains('+');
        if let Some((at, castling)) = reader
            .peek()
            .filter(|(_, s)| !is_counter(s) && !is_checks(s))
        {
            pos.read_castling(castling, reader.column(at))?;
            reader.next += 1;
        }
        pos.infer_initial_pieces();
        if pos.rules.end.counting.is_some()
            && reader.fields.len() == reader.next + 3
            && reader.fields[reader.next..]
                .iter()
                .all(|(_, s)| is_counter(s))
        {
            // Fairy-Stockfish's counting limit, in plies.
            let (at, text) = reader.fields[reader.next];
            pos.state.counting_limit = text.parse().map_err(|_| {
                error(
                    FenField::Counters,
                    reader.column(at),
                    format!("'{text}' is not a counting limit"),
                )
            })?;
            reader.next += 1;
        }
        if let Some((at, ep)) = reader
            .peek()
            .filter(|(_, s)| !is_counter(s) && !is_checks(s))
        {
            pos.read_ep(ep, reader.column(at))?;
            reader.next += 1;
        }
        let mut checks_read = false;
        if pos.rules.end.check_counting {
            // Fairy-Stockfish: without the field, the next check wins.
            pos.state.checks = [1, 1];
            if let Some((at, checks)) = reader
                .peek()
                .filter(|(_, s)| is_checks(s) && !s.starts_with('+'))
            {
                pos.read_checks(checks, reader.column(at))?;
                reader.next += 1;
                checks_read = true;
            }
        }
        for target in 0..2 {
            if let Some((at, text)) = reader.peek().filter(|(_, s)| !s.starts_with('+')) {
                let value: u16 = text.parse().map_err(|_| {
                    let message = if is_counter(text) {
                        format!("'{text}' is out of range (0 to {})", u16::MAX)
                    } else {
                        format!("'{text}' is not a number")
                    };
                    error(FenField::Counters, reader.column(at), message)
                })?;
                if target == 0 {
                    pos.state.halfmove = value;
                } else {
                    pos.state.fullmove = value.max(1);
                }
                reader.next += 1;
            }
        }
        // Lichess's three-check form after the counters: the checks each side has given.
        if let Some((at, given)) = reader.peek().filter(|(_, s)| s.starts_with('+')) {
            if !pos.rules.end.check_counting || checks_read {
                return Err(error(
                    FenField::Checks,
                    reader.column(at),
                    format!("unexpected '{given}'"),
                ));
            }
            pos.read_checks(given, reader.column(at))?;
            reader.next += 1;
        }
        if let Some((at, extra)) = reader.peek() {
            return Err(error(
                FenField::Counters,
                reader.column(at),
                format!("unexpected '{extra}'"),
            ));
        }
        if pos.state.counting_limit > 0 {
            // While counting, the clock field holds the plies counted.
            pos.state.counting_ply = std::mem::take(&mut pos.state.halfmove);
        }
        pos.state.key = pos.compute_key();
        Ok(pos)
    }

    /// Refuses a board without a royal piece of a side whose start position has one
    /// ([`Rules::start_royals`]), unless the rules can take royal pieces off the board
    /// (explosions, extinction, the loss of the last royal piece).
    fn check_royals(&self, column: usize) -> Result<(), FenError> {
        if self.rules.royals_can_be_taken() {
            return Ok(());
        }
        for color in [Color::White, Color::Black] {
            let i = color.index();
            if self.rules.start_royals[i] && self.sets.get(SetId::Royals(color)).is_empty() {
                return Err(error(
                    FenField::Board,
                    column,
                    format!("{color:?} has no royal piece"),
                ));
            }
        }
        Ok(())
    }

    fn read_board(&mut self, board: &str, column: usize) -> Result<(), FenError> {
        let g = self.geometry().clone();
        let (width, height) = (g.width() as i32, g.height() as i32);
        let ranks: Vec<&str> = board.split('/').collect();
        // Some writers put the holdings in an extra rank after the board. Only variants with
        // holdings have them, and a rank with an empty run is a rank too many, not holdings.
        let extra_is_holdings = |text: &str| {
            let royal = |c: char| {
                let symbol = c.to_ascii_uppercase().to_string();
                self.rules
                    .piece_by_symbol(&symbol)
                    .is_some_and(|id| self.rules.piece(id).royal)
            };
            self.rules.holdings && !text.chars().any(|c| c.is_ascii_digit() || royal(c))
        };
        let (ranks, extra) =
            if ranks.len() as i32 == height + 1 && extra_is_holdings(ranks[height as usize]) {
                (&ranks[..height as usize], Some(ranks[height as usize]))
            } else {
                (&ranks[..], None)
            };
        if ranks.len() as i32 != height {
            return Err(error(
                FenField::Board,
                column,
                format!("expected {height} ranks, found {}", ranks.len()),
            ));
        }
        let mut offset = column;
        for (r, rank_text) in ranks.iter().enumerate() {
            let rank = height - 1 - r as i32;
            let chars: Vec<char> = rank_text.chars().collect();
            let mut file = 0i32;
            let mut i = 0;
            while i < chars.len() {
                let col = offset + i;
                let c = chars[i];
                if c.is_ascii_digit() {
                    let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                    let run: String = chars[i..i + digits].iter().collect();
                    match run.parse::<i32>() {
                        _ if run.starts_with('0') => {
                            return Err(error(FenField::Board, col, "a run starting with 0"))
                        }
                        Ok(run) if run <= width - file => file += run,
                        _ => {
                            return Err(error(
                                FenField::Board,
                                col,
                                format!("rank {} is too long", rank + 1),
                            ))
                        }
                    }
                    i += digits;
                    continue;
                }
                if c == '*' && self.rules.has_walls() {
                    let Some(sq) = g.square(file, rank) else {
                        return Err(error(FenField::Board, col, "a wall off the board"));
                    };
                    if !self.rules.duck() {
                        self.place_wall(sq);
                    } else if self.duck().is_some() {
                        return Err(error(FenField::Board, col, "more than one duck"));
                    } else {
                        self.set_duck(Some(sq));
                    }
                    file += 1;
                    i += 1;
                    continue;
                }
                if c == '*' {
                    // A wall: a square that is not part of the board.
                    let index = rank * width + file;
                    let hole = (0..width * height).contains(&index)
                        && g.holes().contains(Square(index as u8));
                    if !hole {
                        return Err(error(FenField::Board, col, "no wall on this square"));
                    }
                    file += 1;
                    i += 1;
                    continue;
                }
                let mut symbol = String::new();
                if c == '+' {
                    symbol.push('+');
                    i += 1;
                }
                let Some(&letter) = chars.get(i) else {
                    return Err(error(
                        FenField::Board,
                        col,
                        "'+' must be followed by a piece",
                    ));
                };
                if !letter.is_ascii_alphabetic() {
                    return Err(error(
                        FenField::Board,
                        offset + i,
                        format!("unexpected '{letter}'"),
                    ));
                }
                symbol.push(letter.to_ascii_uppercase());
                i += 1;
                if let Some(&dress) = chars.get(i).filter(|&&c| is_id_dress(c)) {
                    symbol.push(dress);
                    i += 1;
                }
                let promoted = chars.get(i) == Some(&'~');
                if promoted {
                    i += 1;
                }
                let color = if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let Some(id) = self.rules.piece_by_symbol(&symbol) else {
                    return Err(error(
                        FenField::Board,
                        col,
                        format!("no piece '{symbol}' in this variant"),
                    ));
                };
                let Some(sq) = g.square(file, rank) else {
                    let message = if file < width {
                        "a piece on a wall".to_string()
                    } else {
                        format!("rank {} is too long", rank + 1)
                    };
                    return Err(error(FenField::Board, col, message));
                };
                if self.board[sq.index()] != 0 {
                    return Err(error(FenField::Board, col, "two pieces on one square"));
                }
                self.put(sq, Piece { color, id });
                if promoted {
                    self.sets.insert(SetId::Promoted, sq);
                }
                file += 1;
            }
            if file != width {
                return Err(error(
                    FenField::Board,
                    offset,
                    format!("rank {} has {file} squares, expected {width}", rank + 1),
                ));
            }
            offset += chars.len() + 1;
        }
        if let Some(extra) = extra {
            self.read_hand_letters(extra, offset)?;
        }
        Ok(())
    }

    fn read_holdings(&mut self, text: &str, column: usize) -> Result<(), FenError> {
        let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
            return Err(error(
                FenField::Holdings,
                column,
                "holdings must be written as [...]",
            ));
        };
        if inner == "-" {
            return Ok(());
        }
        self.read_hand_letters(inner, column + 1)
    }

    fn read_hand_letters(&mut self, text: &str, column: usize) -> Result<(), FenError> {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let at = column + i;
            i += 1;
            if c == '-' {
                continue;
            }
            if !self.rules.holdings {
                return Err(error(
                    FenField::Holdings,
                    at,
                    "this variant has no pieces in hand",
                ));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let mut symbol = c.to_ascii_uppercase().to_string();
            if let Some(&dress) = chars.get(i).filter(|&&c| is_id_dress(c)) {
                symbol.push(dress);
                i += 1;
            }
            let Some(id) = self.rules.piece_by_symbol(&symbol) else {
                return Err(error(
                    FenField::Holdings,
                    at,
                    format!("no piece '{c}' in this variant"),
                ));
            };
            let count = self.in_hand(color, id).saturating_add(1);
            self.set_hand(color, id, count);
        }
        Ok(())
    }

    fn read_castling(&mut self, text: &str, column: usize) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let g = self.geometry().clone();
        for (i, c) in text.chars().enumerate() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back_rank = self.castling_rank(color);
            let bad = || {
                error(
                    FenField::Castling,
                    column + i,
                    format!("no castling right '{c}' here"),
                )
            };
            let king = self.castling_king(color, back_rank);
            let lower = c.to_ascii_lowercase();
            match lower {
                'k' | 'q' => {
                    let kingside = lower == 'k';
                    let partners = self.castling_partners(color, back_rank);
                    let found = king.and_then(|king| {
                        let partner = self.standard_partner(king, &partners, kingside)?;
                        Some((king, partner))
                    });
                    match found {
                        Some((king, partner)) => {
                            self.sets.insert(SetId::Virgin, partner);
                            self.sets.insert(SetId::Virgin, king);
                        }
                        // Fairy-Stockfish skips them where the rules have no castling (its
                        // own files write `KQkq` there).
                        None if !self.rules.castling.enabled => {}
                        None => return Err(bad()),
                    }
                }
                'a'..='p' => {
                    let file = lower as i32 - 'a' as i32;
                    let sq = g.square(file, back_rank).ok_or_else(bad)?;
                    if !self.piece_at(sq).is_some_and(|p| p.color == color) {
                        return Err(bad());
                    }
                    // X-FEN and Shredder-FEN: a partner's file letter is a castling right, which
                    // needs the king. With gating, a file letter is the gating right of that
                    // piece alone, as Fairy-Stockfish reads it (castling needs K or Q, or the
                    // letters of both the king and the partner), except in Chess960 once the
                    // side has nothing left to gate: Fairy-Stockfish then writes castling
                    // rights as the partners' letters.
                    let gates = self.rules.gating.enabled
                        && (!self.rules.chess960
                            || self
                                .rules
                                .gating
                                .types
                                .iter()
                                .any(|&id| self.in_hand(color, id) > 0));
                    if !gates && self.is_castling_partner(color, sq) {
                        self.sets.insert(SetId::Virgin, king.ok_or_else(bad)?);
                    }
                    self.sets.insert(SetId::Virgin, sq);
                }
                _ => return Err(bad()),
            }
        }
        Ok(())
    }

    /// The rank (from 0) `color` castles on.
    pub(crate) fn castling_rank(&self, color: Color) -> i32 {
        let rank = i32::from(self.rules.castling.rank);
        match color {
            Color::White => rank,
            Color::Black => i32::from(self.geometry().height()) - 1 - rank,
        }
    }

    /// The king that castles for `color` on its back rank.
    pub(crate) fn castling_king(&self, color: Color, back_rank: i32) -> Option<Square> {
        let g = self.geometry();
        let ids: Vec<PieceId> = match self.rules.castling.king {
            Some(id) => vec![id],
            None => (0..self.rules.pieces.len() as PieceId)
                .filter(|&id| self.rules.pieces[id as usize].royal)
                .collect(),
        };
        ids.iter()
            .flat_map(|&id| self.pieces(Piece { color, id }).iter())
            .find(|&sq| g.rank(sq) == back_rank)
    }

    /// Pieces of `color` on its back rank that castle with the king.
    pub(crate) fn castling_partners(&self, color: Color, back_rank: i32) -> Vec<Square> {
        let g = self.geometry();
        let partners = &self.rules.castling.partners;
        self.pieces_of(color)
            .iter()
            .filter(|&sq| g.rank(sq) == back_rank)
            .filter(|&sq| {
                let id = self.piece_at(sq).expect("occupied").id;
                partners.contains(&id)
                    || (partners.is_empty() && !self.rules.pieces[id as usize].royal)
            })
            .collect()
    }

    /// Whether the piece of `color` on `sq` is of a type the king castles with.
    fn is_castling_partner(&self, color: Color, sq: Square) -> bool {
        let back_rank = self.castling_rank(color);
        self.castling_partners(color, back_rank).contains(&sq)
    }

    /// Marks pieces standing where their type starts (pawns on their first rank) as never
    /// moved.
    fn infer_initial_pieces(&mut self) {
        for sq in self.occupied().iter() {
            let piece = self.piece_at(sq).expect("occupied");
            if self.rules.pieces[piece.id as usize].initial_squares[piece.color.index()]
                .contains(sq)
            {
                self.sets.insert(SetId::Virgin, sq);
            }
        }
    }

    /// Reads the checks each side must still give, `W+B`, or lichess's `+W+B`, the checks each
    /// side has given, which Fairy-Stockfish reads as given of three.
    fn read_checks(&mut self, text: &str, column: usize) -> Result<(), FenError> {
        let (given, pair) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let parsed = pair
            .split_once('+')
            .and_then(|(w, b)| Some([w.parse::<u8>().ok()?, b.parse::<u8>().ok()?]));
        match parsed {
            Some(counts) if given => {
                self.state.checks = counts.map(|n| LICHESS_CHECKS.saturating_sub(n));
                Ok(())
            }
            Some(counts) => {
                self.state.checks = counts;
                Ok(())
            }
            None => Err(error(
                FenField::Checks,
                column,
                if given {
                    format!("expected the checks given as '+white+black', found '{text}'")
                } else {
                    format!("expected the checks left as 'white+black', found '{text}'")
                },
            )),
        }
    }

    /// Reads the e.p. field: squares separated by commas (Kraken's form) or written one after
    /// the other (Fairy-Stockfish's `f3g4`, which may name the piece that just passed, `g4`,
    /// beside the square it passed, `f3`).
    fn read_ep(&mut self, text: &str, column: usize) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let g = self.geometry().clone();
        let them = self.state.side.opponent();
        let mut squares = SquareSet::EMPTY;
        let mut named_victim = None;
        for (offset, name) in square_names(text) {
            let sq = g.parse_square(name).map_err(|_| {
                error(
                    FenField::EnPassant,
                    column + offset,
                    format!("'{name}' is not a square of this board"),
                )
            })?;
            match self.piece_at(sq) {
                Some(piece) if piece.color == them && named_victim.is_none() => {
                    named_victim = Some(sq);
                }
                Some(_) => {
                    return Err(error(
                        FenField::EnPassant,
                        column + offset,
                        format!("'{name}' is occupied"),
                    ))
                }
                None => squares.insert(sq),
            }
        }
        // A piece the field names must have passed over the squares, in a line of equal
        // leaps; else it must be the one found to have passed.
        let victim = match named_victim {
            Some(named) if self.leapt_over(named, squares) => Some(named),
            _ => self
                .ep_victim_of(squares)
                .filter(|&found| named_victim.map_or(true, |named| named == found)),
        };
        match victim {
            Some(victim) => {
                self.state.ep_squares = squares;
                self.state.ep_victim = Some(victim);
            }
            None => {
                return Err(error(
                    FenField::EnPassant,
                    column,
                    format!("no piece of the side that just moved passed over '{text}'"),
                ))
            }
        }
        Ok(())
    }

    /// Whether `squares` are the squares a piece now on `victim` passed in a line of equal
    /// leaps (or steps), from a square on the board one leap beyond the last of them.
    fn leapt_over(&self, victim: Square, squares: SquareSet) -> bool {
        let g = self.geometry();
        let (vf, vr) = (g.file(victim), g.rank(victim));
        let Some(nearest) = squares.iter().min_by_key(|&sq| g.king_distance(sq, victim)) else {
            return false;
        };
        let (df, dr) = (g.file(nearest) - vf, g.rank(nearest) - vr);
        let n = squares.len() as i32;
        let on_line = (1..=n).all(|k| {
            g.square(vf + k * df, vr + k * dr)
                .is_some_and(|sq| squares.contains(sq))
        });
        on_line && g.square(vf + (n + 1) * df, vr + (n + 1) * dr).is_some()
    }

    /// The piece an e.p. capture on `squares` takes: the opponent's piece that just passed
    /// over them.
    ///
    /// Seen from the square the opponent passed last (the one farthest in its direction of
    /// play): the next leap or step on the line of the e.p. squares when there are several; else the
    /// piece just beyond it, straight ahead or diagonally, preferring one whose move table has
    /// a leap that passes over the square with e.p. rights (a Berolina pawn beside a pawn).
    fn ep_victim_of(&self, squares: SquareSet) -> Option<Square> {
        let g = self.geometry();
        let them = self.state.side.opponent();
        let theirs = |f: i32, r: i32| {
            g.square(f, r)
                .filter(|&sq| self.piece_at(sq).is_some_and(|p| p.color == them))
        };
        let dy = if self.state.side == Color::White {
            -1
        } else {
            1
        };
        let tip = squares.iter().max_by_key(|&sq| g.rank(sq) * dy)?;
        let (f, r) = (g.file(tip), g.rank(tip));
        let previous = squares
            .iter()
            .filter(|&sq| sq != tip)
            .min_by_key(|&sq| g.king_distance(sq, tip));
        if let Some(previous) = previous {
            // One more leap of the line (a rider's: the knightrider of `ffN*` passes c3 and
            // d5 to e7), else one more step in its direction (a straight or diagonal line).
            let (dx, dr) = (f - g.file(previous), r - g.rank(previous));
            if let Some(victim) = theirs(f + dx, r + dr) {
                return Some(victim);
            }
            if dx == 0 || dr == 0 || dx.abs() == dr.abs() {
                if let Some(victim) = theirs(f + dx.signum(), r + dr.signum()) {
                    return Some(victim);
                }
            }
        }
        let candidates: Vec<Square> = [(0, dy), (1, dy), (-1, dy)]
            .iter()
            .filter_map(|&(dx, dr)| theirs(f + dx, r + dr))
            .collect();
        let passed_over = |&victim: &Square| {
            let origin = g.square(2 * f - g.file(victim), 2 * r - g.rank(victim));
            let piece = self.piece_at(victim);
            match (origin, piece) {
                (Some(origin), Some(piece)) => self
                    .table_for(piece, origin)
                    .leaps(origin)
                    .iter()
                    .any(|l| l.to == victim && l.block == Some(tip) && l.ep_on_block),
                _ => false,
            }
        };
        candidates
            .iter()
            .copied()
            .find(passed_over)
            .or_else(|| candidates.first().copied())
    }

    /// Writes the position as FEN.
    pub fn fen(&self) -> String {
        let g = self.geometry();
        let mut out = String::new();
        for rank in (0..g.height() as i32).rev() {
            let mut empty = 0;
            for file in 0..g.width() as i32 {
                let Some(square) = g.square(file, rank) else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('*');
                    continue;
                };
                let piece = self.piece_at(square).map(|p| (square, p));
                match piece {
                    None if self.board[square.index()] == WALL_CODE => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push('*');
                    }
                    None => empty += 1,
                    Some((sq, p)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&self.symbol(p));
                        if self.is_promoted(sq) {
                            out.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if self.rules.holdings {
            out.push('[');
            for color in Color::ALL {
                for id in 0..self.rules.pieces.len() as PieceId {
                    for _ in 0..self.in_hand(color, id) {
                        out.push_str(&self.symbol(Piece { color, id }));
                    }
                }
            }
            out.push(']');
        }
        out.push_str(if self.state.side == Color::White {
            " w "
        } else {
            " b "
        });
        out.push_str(&self.castling_text());
        out.push(' ');
        match self.state.ep_squares.first() {
            _ if self.state.counting_limit > 0 => {
                out.push_str(&self.state.counting_limit.to_string())
            }
            Some(_) => {
                let mut names: Vec<String> =
                    self.state.ep_squares.iter().map(|sq| g.name(sq)).collect();
                // The piece that passed is named too when the squares alone do not say which
                // it is (a rider's leaps, seen from one square).
                if let Some(victim) = self.state.ep_victim {
                    if self.ep_victim_of(self.state.ep_squares) != Some(victim) {
                        names.push(g.name(victim));
                    }
                }
                out.push_str(&names.join(","));
            }
            None => out.push('-'),
        }
        if self.rules.end.check_counting {
            out.push_str(&format!(
                " {}+{}",
                self.state.checks[0], self.state.checks[1]
            ));
        }
        let clock = if self.state.counting_limit > 0 {
            self.state.counting_ply
        } else {
            self.state.halfmove
        };
        out.push_str(&format!(" {} {}", clock, self.state.fullmove));
        out
    }

    /// The FEN symbol of `piece`.
    pub fn symbol(&self, piece: Piece) -> String {
        let symbol = &self.rules.pieces[piece.id as usize].symbol;
        match piece.color {
            Color::White => symbol.clone(),
            Color::Black => symbol.to_lowercase(),
        }
    }

    /// The partner `K` or `Q` means on the given side of `king`: the one on the rules'
    /// partner file when they name one, else the outermost.
    pub(crate) fn standard_partner(
        &self,
        king: Square,
        partners: &[Square],
        kingside: bool,
    ) -> Option<Square> {
        let g = self.geometry();
        let mut side = partners
            .iter()
            .copied()
            .filter(|&p| (g.file(p) > g.file(king)) == kingside);
        match self.rules.castling.partner_files {
            Some((k, q)) => {
                let file = if kingside { k } else { q };
                side.find(|&p| g.file(p) == file as i32)
            }
            None if kingside => side.max_by_key(|&p| g.file(p)),
            None => side.min_by_key(|&p| g.file(p)),
        }
    }

    /// The castling field: `KQkq` where the standard partner is meant ([`standard_partner`]),
    /// file letters otherwise.
    ///
    /// [`standard_partner`]: Position::standard_partner
    fn castling_text(&self) -> String {
        let g = self.geometry();
        let mut out = String::new();
        for color in Color::ALL {
            let back_rank = self.castling_rank(color);
            // Castling rights need a never-moved king; gating rights do not.
            let king = self
                .castling_king(color, back_rank)
                .filter(|&k| self.is_virgin(k));
            let partners = match king {
                Some(_) => self.castling_partners(color, back_rank),
                None => Vec::new(),
            };
            let outermost = |kingside: bool| self.standard_partner(king?, &partners, kingside);
            let mut letters: Vec<char> = Vec::new();
            for (kingside, letter) in [(true, 'k'), (false, 'q')] {
                if let Some(p) = outermost(kingside).filter(|&p| self.is_virgin(p)) {
                    if !self.rules.chess960 {
                        letters.push(letter);
                        continue;
                    }
                    letters.push((b'a' + g.file(p) as u8) as char);
                }
            }
            // A never-moved king's own file letter: for gating, unless K or Q says it already
            // (Chess960 letters name partners only); for a king with initial moves, when no
            // castling right says it.
            let king_letter = king.is_some_and(|king| {
                let id = self.piece_at(king).expect("occupied").id as usize;
                let initial_moves = self.rules.pieces[id]
                    .desc
                    .moves
                    .iter()
                    .any(|m| m.initial == Initial::Virgin);
                (self.rules.gating.enabled && (self.rules.chess960 || letters.is_empty()))
                    || (initial_moves && letters.is_empty())
            });
            // Other never-moved pieces on the back rank (gating rights, inner rooks).
            for sq in self
                .pieces_of(color)
                .iter()
                .filter(|&sq| g.rank(sq) == back_rank)
            {
                if Some(sq) == king {
                    if king_letter {
                        letters.push((b'a' + g.file(sq) as u8) as char);
                    }
                    continue;
                }
                if !self.is_virgin(sq) {
                    continue;
                }
                if Some(sq) == outermost(true) || Some(sq) == outermost(false) {
                    continue;
                }
                let id = self.piece_at(sq).expect("occupied").id;
                // Without gating, a partner's letter reads as a castling right, which a moved
                // king no longer has; its own never-moved flag matters to nothing then.
                if king.is_none()
                    && !self.rules.gating.enabled
                    && self.is_castling_partner(color, sq)
                {
                    continue;
                }
                if self.rules.pieces[id as usize].initial_squares[color.index()].contains(sq) {
                    continue;
                }
                letters.push((b'a' + g.file(sq) as u8) as char);
            }
            for letter in letters {
                out.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}
