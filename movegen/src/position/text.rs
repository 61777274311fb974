//! Moves as coordinate text, the way XBoard and UCI write them.
//!
//! `e2e4`, `e7e8q` (promotion to the piece written, or the Werewolf a capture turns the taker
//! into: `c3d5w` or `c3d5`), `h7h8+` (shogi-style promotion), `h8h7-`
//! (a promoted piece flipping back), `P@e4` (drop; `+P@e4` dropped promoted), castling as a
//! king move (`e1g1`) or, in Chess960 mode, when the king move would read as a plain king
//! move or when the king stays put, king takes rook (`e1h1`), multi-leg locust moves leg by
//! leg (`f3f4,f4f5`), and a gated piece after the move (`b1c3h`, or `h1e1h` when it enters on
//! the castling partner's square), a pass as the royal piece moving to its own square
//! (`e2e2`) or, for XBoard, `@@@@`, a piece's pass (a Lion stepping out and back) as its
//! square twice (`d3d3`) or, in XBoard's chu and lion games, `@@@@`, and a wall a move
//! places (the duck's move in duck chess) as a last leg from the piece's destination
//! (`a2a3,a3b3`).

use std::fmt;

use notation::Square;

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::{Piece, Position},
};

/// How moves are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveFormat {
    /// Castling is written as king takes partner (UCI_Chess960).
    pub chess960: bool,
    /// Ranks are counted from 0 on boards of 10 ranks (XBoard).
    pub zero_based_ranks: bool,
    /// A side's pass is written `@@@@` (XBoard) rather than as the royal piece moving to its
    /// own square (`e2e2`, as Fairy-Stockfish's UCI writes it); both are read either way.
    pub null_pass: bool,
    /// A piece's pass (a Lion stepping out and back) is written `@@@@` too, as HaChu writes
    /// it, rather than as the piece's square twice (`d3d3`). XBoard takes `@@@@` for a piece's
    /// pass only in its chu and lion games; elsewhere its own move generator names the pass by
    /// the square twice. Both are read either way.
    pub piece_pass_null: bool,
    /// A promotion or gating letter is written after the duck's leg (`a7a8,a8b3q`, XBoard)
    /// rather than before it (`a7a8q,a8b3`, UCI); see [`Rules::duck`](crate::Rules::duck).
    pub promotion_after_duck: bool,
}

/// A move text that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTextError {
    /// The text.
    pub text: String,
    /// Why it was refused.
    pub reason: &'static str,
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveTextError {}

impl Position {
    /// Names a square in `format`.
    pub fn square_text(&self, sq: Square, format: MoveFormat) -> String {
        let g = self.geometry();
        let base = if format.zero_based_ranks && g.height() == 10 {
            0
        } else {
            1
        };
        format!("{}{}", (b'a' + g.file(sq) as u8) as char, g.rank(sq) + base)
    }

    /// Writes `mv` (a move of this position) as coordinate text.
    pub fn move_text(&self, mv: &Move, format: MoveFormat) -> String {
        if format.piece_pass_null && mv.is_piece_pass() {
            return PASS_TEXT.to_string();
        }
        let sq = |s: Square| self.square_text(s, format);
        // The text of the piece's move and the destination it names.
        let (text, dest) = match mv.kind {
            MoveKind::Pass if format.null_pass => (PASS_TEXT.to_string(), mv.from),
            MoveKind::Pass => (format!("{}{}", sq(mv.from), sq(mv.from)), mv.from),
            // A piece dropped promoted is written by its promoted form (`+B@a5`).
            MoveKind::Drop => {
                let id = mv.placed();
                let text = format!("{}@{}", self.rules.pieces[id as usize].symbol, sq(mv.to));
                return self.with_wall(text, mv, mv.to, "", format);
            }
            MoveKind::Castle => {
                let (partner, _) = mv.castle_partner().expect("castling has a partner");
                if mv.gate().is_some() && mv.has(MoveFlags::GATE_ON_PARTNER) {
                    (format!("{}{}", sq(partner), sq(mv.from)), mv.from)
                } else if (format.chess960 && !mv.has(MoveFlags::O_CASTLING))
                    || mv.from == mv.to // a king that stays put: `g1g1` would name no move
                    || self.king_move_ambiguous(mv)
                {
                    (format!("{}{}", sq(mv.from), sq(partner)), partner)
                } else {
                    (format!("{}{}", sq(mv.from), sq(mv.to)), mv.to)
                }
            }
            MoveKind::Normal => {
                let mut legs = vec![mv.from];
                if !mv.has(MoveFlags::EN_PASSANT) {
                    legs.extend(mv.victims());
                }
                legs.push(mv.to);
                let text = legs
                    .windows(2)
                    .map(|w| format!("{}{}", sq(w[0]), sq(w[1])))
                    .collect::<Vec<_>>()
                    .join(",");
                (text, mv.to)
            }
        };
        let mut suffix = String::new();
        if let Some(id) = mv.promotion() {
            let symbol = &self.rules.pieces[id as usize].symbol;
            let moved = &self.rules.pieces[mv.piece as usize];
            // A shogi-style promotion is `+`, also into a declared type (`promotedIntoType`);
            // a promoted form flipping back is `-` (Kyoto Shogi).
            if moved.unpromoted == Some(id) {
                suffix.push('-');
            } else if symbol.starts_with('+') || moved.promoted == Some(id) {
                suffix.push('+');
            } else {
                suffix.push_str(&symbol.to_lowercase());
            }
        }
        if let Some(id) = mv.gate() {
            suffix.push_str(&self.rules.pieces[id as usize].symbol.to_lowercase());
        }
        self.with_wall(text, mv, dest, &suffix, format)
    }

    /// Adds the leg of the wall the move places (the duck's) to the text of a piece's move
    /// that named `dest` last, and the promotion or gating `suffix`: before the leg as
    /// Fairy-Stockfish's UCI writes it (`a7a8q,a8b3`), after it for XBoard (`a7a8,a8b3q`).
    fn with_wall(
        &self,
        mut text: String,
        mv: &Move,
        dest: Square,
        suffix: &str,
        format: MoveFormat,
    ) -> String {
        let Some(wall) = mv.wall() else {
            text.push_str(suffix);
            return text;
        };
        let leg = format!(
            ",{}{}",
            self.square_text(dest, format),
            self.square_text(wall, format)
        );
        if format.promotion_after_duck {
            text + &leg + suffix
        } else {
            text + suffix + &leg
        }
    }

    /// Whether a castling move written as a king move would read as a plain king move.
    fn king_move_ambiguous(&self, castle: &Move) -> bool {
        let piece = Piece {
            color: self.state.side,
            id: castle.piece,
        };
        let table = self.table_for(piece, castle.from);
        table.leaps(castle.from).iter().any(|l| l.to == castle.to)
    }

    /// Reads a move of the side to move: any form [`Position::move_text`] writes (in either
    /// castling style), `O-O`/`O-O-O`, promotion letters in either case with an optional `=`,
    /// and a locust move by its end points alone when only one path fits.
    ///
    /// # Errors
    /// Returns an error for text that names no legal move, or more than one.
    pub fn parse_move(&mut self, text: &str, format: MoveFormat) -> Result<Move, MoveTextError> {
        let wanted = normalize(text);
        let error = |reason| MoveTextError {
            text: text.to_string(),
            reason,
        };
        if wanted.is_empty() {
            return Err(error("empty move"));
        }
        let moves = self.legal_moves();
        let mut exact = Vec::new();
        let mut loose = Vec::new();
        for mv in &moves {
            if self.move_forms(mv, format).contains(&wanted) {
                exact.push(*mv);
            } else if mv.kind == MoveKind::Normal && mv.has_victims() {
                let direct = mv.without_victims();
                if normalize(&self.move_text(&direct, format)) == wanted {
                    loose.push(*mv);
                }
            }
        }
        // `@@@@` names a piece's pass too (a Lion stepping out and back, as HaChu writes it);
        // where several pieces could pass, each leaves the same position.
        if exact.len() > 1 && wanted == PASS_TEXT && exact.iter().all(Move::is_piece_pass) {
            exact.truncate(1);
        }
        match (exact.as_slice(), loose.as_slice()) {
            ([mv], _) => Ok(*mv),
            ([], [mv]) => Ok(*mv),
            ([], []) => Err(error(self.refusal(&wanted, format))),
            _ => Err(error("ambiguous move")),
        }
    }

    /// Why the normalized text `wanted`, which names no legal move, is refused: a move the
    /// pieces can make that leaves the mover's royal piece attacked, one that another rule of
    /// the variant forbids here, or no move at all.
    fn refusal(&mut self, wanted: &str, format: MoveFormat) -> &'static str {
        let mut pseudo = MoveList::new();
        self.generate_pseudo_legal(&mut pseudo);
        let Some(&mv) = pseudo
            .iter()
            .find(|mv| self.move_forms(mv, format).iter().any(|f| f == wanted))
        else {
            return "not a legal move";
        };
        let mover = self.state.side;
        self.make(mv);
        let exposed = self.royal_attacked(mover);
        self.unmake();
        if exposed {
            "leaves the royal piece attacked"
        } else {
            "forbidden here by the variant's rules"
        }
    }

    /// Every text that names `mv`, normalized.
    fn move_forms(&self, mv: &Move, format: MoveFormat) -> Vec<String> {
        let mut forms = vec![normalize(&self.move_text(mv, format))];
        if mv.is_piece_pass() {
            forms.push(PASS_TEXT.to_string());
        }
        // Taking a Werewolf makes the taker one: the promotion letter may be left out (XBoard
        // does not know the rule).
        if self.rules.moves.contagion
            && mv.promotion().is_some()
            && self.contagion(mv, self.state.side) == mv.promotion()
        {
            forms.push(normalize(&self.move_text(&mv.without_promotion(), format)));
        }
        if mv.kind == MoveKind::Pass {
            let other = MoveFormat {
                null_pass: !format.null_pass,
                ..format
            };
            forms.push(normalize(&self.move_text(mv, other)));
        }
        if mv.kind == MoveKind::Castle {
            let other = MoveFormat {
                chess960: !format.chess960,
                ..format
            };
            forms.push(normalize(&self.move_text(mv, other)));
            let (partner, _) = mv.castle_partner().expect("castling has a partner");
            let g = self.geometry();
            let castle = if g.file(partner) > g.file(mv.from) {
                "o-o"
            } else {
                "o-o-o"
            };
            let gate = mv
                .gate()
                .map(|id| self.rules.pieces[id as usize].symbol.to_lowercase());
            forms.push(format!("{castle}{}", gate.unwrap_or_default()));
        }
        forms
    }
}

/// How XBoard writes a pass.
const PASS_TEXT: &str = "@@@@";

/// Lowercases a move text and drops what writers add freely (`=` before a promotion, `0` for
/// `O` in castling).
fn normalize(text: &str) -> String {
    let mut out: String = text
        .trim()
        .chars()
        .filter(|&c| c != '=')
        .collect::<String>()
        .to_lowercase();
    if out.starts_with("0-0") {
        out = out.replace('0', "o");
    }
    out
}
