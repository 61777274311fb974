//! Janggi's palace lines and cannon: moves along the palace diagonals
//! ([`Rules::diagonal_lines`](crate::Rules::diagonal_lines)), hops that shun the hopper's own
//! type ([`PieceType::shuns_own_kind`](crate::PieceType::shuns_own_kind)), passing and bikjang.

use notation::{Color, Modes, MoveTable, Square};

use crate::{
    moves::{Move, MoveList},
    plain::first_occupied,
    position::{Piece, Position},
};

impl Position {
    /// Whether a hop of the piece `hopper` may pass over, or capture on, a square holding
    /// board code `code`: not when it holds a piece of the hopper's own type and the hopper
    /// shuns its kind.
    #[inline]
    pub(crate) fn hop_allows(&self, hopper: Piece, code: u8) -> bool {
        !self.rules.pieces[hopper.id as usize].shuns_own_kind
            || Piece::from_code(code).map_or(true, |p| p.id != hopper.id)
    }

    /// Appends the moves of `piece` on `from` along the palace lines (only on a line square).
    pub(crate) fn line_moves(&self, piece: Piece, from: Square, list: &mut MoveList) {
        let lines = self.rules.diagonal_lines;
        let Some(line) = self.rules.pieces[piece.id as usize].line_moves.as_ref() else {
            return;
        };
        if !lines.contains(from) {
            return;
        }
        let table = &line.tables[piece.color.index()];
        let board = |sq: Square| self.board[sq.index()];
        line_targets(self, table, piece, from, board, &mut |to, _| {
            if lines.contains(to) {
                list.push(Move::normal(piece.id, from, to));
            }
        });
    }

    /// Whether the piece `attacker` on `from` could take a royal piece on `target` by a move
    /// along the palace lines.
    pub(crate) fn line_attacks(&self, attacker: Piece, from: Square, target: Square) -> bool {
        let lines = self.rules.diagonal_lines;
        let Some(line) = self.rules.pieces[attacker.id as usize].line_moves.as_ref() else {
            return false;
        };
        if !lines.contains(from) || !lines.contains(target) {
            return false;
        }
        let table = &line.tables[attacker.color.index()];
        // The target holds an enemy royal piece, whatever stands there now.
        let victim = Piece {
            color: attacker.color.opponent(),
            id: self.rules.pieces.iter().position(|p| p.royal).unwrap_or(0) as u8,
        }
        .code();
        let board = |sq: Square| {
            if sq == target {
                victim
            } else {
                self.board[sq.index()]
            }
        };
        let mut found = false;
        line_targets(self, table, attacker, from, board, &mut |to, capture| {
            found |= capture && to == target;
        });
        found
    }

    /// The pass of the side to move, if the rules allow passing: by its royal piece, or by
    /// its first piece when it has none.
    pub(crate) fn pass_move(&self) -> Option<Move> {
        let us = self.state.side;
        let sq = self
            .royals(us)
            .first()
            .or_else(|| self.pieces_of(us).first())?;
        let piece = self.piece_at(sq)?;
        Some(Move::pass(piece.id, sq))
    }

    /// Whether the kings face each other under Janggi's bikjang rule.
    #[inline]
    pub(crate) fn bikjang(&self) -> bool {
        self.rules.bikjang && self.generals_face()
    }
}

/// Hands `sink` every square the piece `mover` on `from` reaches by the plain leaps, slides
/// and hops of `table` on the board `board` (board codes by square), with whether it captures
/// there.
fn line_targets(
    pos: &Position,
    table: &MoveTable,
    mover: Piece,
    from: Square,
    board: impl Fn(Square) -> u8,
    sink: &mut dyn FnMut(Square, bool),
) {
    let us: Color = mover.color;
    let mut visit = |to: Square, modes: Modes, hop: bool| {
        let code = board(to);
        match Piece::from_code(code) {
            None if modes.contains(Modes::MOVE) => sink(to, false),
            Some(p)
                if p.color != us
                    && modes.contains(Modes::CAPTURE)
                    && (!hop || pos.hop_allows(mover, code)) =>
            {
                sink(to, true)
            }
            _ => {}
        }
    };
    for leap in table.leaps(from) {
        if leap.block.is_some_and(|b| board(b) != 0) {
            continue;
        }
        visit(leap.to, leap.modes, false);
    }
    for slide in table.slides(from) {
        for &to in table.slide_squares(slide) {
            visit(to, slide.modes, false);
            if board(to) != 0 {
                break;
            }
        }
    }
    for hop in table.hops(from) {
        let squares = table.hop_squares(hop);
        let Some(mount) = first_occupied(squares, hop.mount_range, |sq| board(sq) != 0) else {
            continue;
        };
        if !pos.hop_allows(mover, board(squares[mount])) {
            continue;
        }
        for (k, &to) in squares[mount + 1..].iter().enumerate() {
            if k >= hop.landing_range as usize {
                break;
            }
            visit(to, hop.modes, true);
            if board(to) != 0 {
                break;
            }
        }
    }
}
