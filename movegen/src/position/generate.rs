//! Pseudo-legal move generation: each piece's moves from its tables (leaps, slides and
//! the paths of multi-leg moves) and the moves of the board as a whole.

use notation::{Color, Modes, MoveTable, Square};

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::{Piece, Position},
    rules::PieceId,
    walk::{generate_paths, PathMove},
    walling::touches,
};

impl Position {
    /// Appends every pseudo-legal move of the side to move to `list` (moves that may leave a
    /// royal piece attacked included).
    pub fn generate_pseudo_legal(&self, list: &mut MoveList) {
        self.board_moves(list);
        if self.rules.castling.enabled {
            self.rule_castlings(list);
        }
        if self.rules.drops.enabled {
            self.drops(list);
        }
        if self.rules.pass {
            list.extend(self.pass_move());
        }
        if self.rules.walling.as_ref().is_some_and(|w| w.wall_or_move) {
            list.extend(self.wall_pass_move());
        }
        if self.rules.has_walls() {
            // The duck and walls: the tables' moves may end on them.
            let mut blocked = self.walls;
            if let Some(duck) = self.duck() {
                blocked.insert(duck);
            }
            if !blocked.is_empty() {
                list.retain(|mv| !touches(mv, blocked));
            }
        }
    }

    /// Appends the pseudo-legal moves of the pieces on the board but castling (no drops, no
    /// passes) to `list`, the duck's and the walls' squares not yet excluded.
    pub(super) fn board_moves(&self, list: &mut MoveList) {
        let us = self.state.side;
        let start = list.len();
        for from in self.pieces_of(us).iter() {
            let piece = self.piece_at(from).expect("own piece");
            if self.rules.moves.after_move_rules && self.transform_blocked(piece) {
                continue;
            }
            self.piece_moves(piece, from, list);
            if let Some(relay) = self.rules.moves.relay {
                self.relay_moves(piece, from, relay, list);
            }
        }
        if let Some(cells) = &self.rules.moves.grid {
            let mut index = 0;
            list.retain(|mv| {
                index += 1;
                index <= start
                    || mv.kind != MoveKind::Normal
                    || !cells[mv.from.index()].contains(mv.to)
            });
        }
        if self.rules.promotion.sittuyin {
            self.sittuyin_promotions(list);
        }
    }

    /// Knight-relay moves of `piece` on `from`: the moves of the `relay` type where a friendly
    /// piece of that type defends it (see [`MoveRules::relay`](crate::MoveRules::relay)).
    fn relay_moves(&self, piece: Piece, from: Square, relay: PieceId, list: &mut MoveList) {
        let rules = &self.rules;
        if piece.id == relay || rules.pieces[piece.id as usize].royal {
            return;
        }
        let us = piece.color;
        let leaps = rules.pieces[relay as usize].tables[us.index()].leaps(from);
        let own_relay = Piece {
            color: us,
            id: relay,
        };
        if !leaps.iter().any(|l| self.piece_at(l.to) == Some(own_relay)) {
            return;
        }
        let g = self.geometry();
        let last = g.height() as i32 - 1;
        let pawn = rules.is_pawn(piece.id);
        for leap in leaps {
            let target = self.piece_at(leap.to);
            // Relay moves give no check, so they may not take a royal piece either.
            if target.is_some_and(|t| {
                t.color == us
                    || rules.moves.uncapturable.contains(&t.id)
                    || rules.pieces[t.id as usize].royal
            }) || (pawn && (g.rank(leap.to) == 0 || g.rank(leap.to) == last))
            {
                continue;
            }
            list.push(Move::normal(piece.id, from, leap.to));
        }
    }

    /// Whether `piece` may not move because the type it becomes after moving is at its limit
    /// (gryphon chess).
    fn transform_blocked(&self, piece: Piece) -> bool {
        let Some(next) = self.rules.pieces[piece.id as usize].after_move else {
            return false;
        };
        self.rules.pieces[next as usize]
            .max_count
            .is_some_and(|max| {
                self.pieces(Piece {
                    color: piece.color,
                    id: next,
                })
                .len()
                    >= max as usize
            })
    }

    /// The moves of `piece` on `from`.
    pub(crate) fn piece_moves(&self, piece: Piece, from: Square, list: &mut MoveList) {
        let start = list.len();
        let table = self.table_for(piece, from);
        let us = piece.color;
        let id = piece.id;
        for leap in table.leaps(from) {
            let code = self.board[leap.to.index()];
            if !self.plain_allows(code, leap.modes, us)
                || !self.initial_ok(leap.initial, piece, from)
                || leap.block.is_some_and(|b| self.board[b.index()] != 0)
            {
                continue;
            }
            let mut mv = Move::normal(id, from, leap.to);
            if leap.ep_on_block {
                if let Some(block) = leap.block {
                    mv.add_ep_square(block);
                }
            }
            self.add_with_promotions(mv, list);
        }
        for slide in table.slides(from) {
            for &to in table.slide_squares(slide) {
                let code = self.board[to.index()];
                if self.plain_allows(code, slide.modes, us) {
                    self.add_with_promotions(Move::normal(id, from, to), list);
                }
                if code != 0 {
                    break;
                }
            }
        }
        if self.rules.pieces[id as usize].jump_rank > 0 {
            self.jump_captures(piece, from, table, list);
        }
        for hop in table.hops(from) {
            let squares = table.hop_squares(hop);
            let Some(mount) =
                first_occupied(squares, hop.mount_range, |sq| self.board[sq.index()] != 0)
            else {
                continue;
            };
            if !self.hop_allows(piece, self.board[squares[mount].index()]) {
                continue;
            }
            for (k, &to) in squares[mount + 1..].iter().enumerate() {
                if k >= hop.landing_range as usize {
                    break;
                }
                let code = self.board[to.index()];
                if self.plain_allows(code, hop.modes, us) && self.hop_allows(piece, code) {
                    self.add_with_promotions(Move::normal(id, from, to), list);
                }
                if code != 0 {
                    break;
                }
            }
        }
        if table.may_repeat(from) {
            remove_repeats(list, start);
        }
        if !self.rules.diagonal_lines.is_empty() {
            self.line_moves(piece, from, list);
        }
        if !table.paths().is_empty() {
            let paths_start = list.len();
            self.path_moves(table, piece, from, list);
            if list.len() > paths_start {
                remove_repeats(list, start);
            }
        }
    }

    /// Whether a plain leap or slide with `modes` may end on a square holding `code`.
    #[inline]
    fn plain_allows(&self, code: u8, modes: Modes, us: Color) -> bool {
        match Piece::from_code(code) {
            None => modes.contains(Modes::MOVE),
            Some(p) if p.color != us => {
                modes.contains(Modes::CAPTURE)
                    || (modes.contains(Modes::ROYAL_CAPTURE)
                        && self.rules.pieces[p.id as usize].royal)
            }
            Some(_) => modes.contains(Modes::DESTROY),
        }
    }

    /// The general moves of `piece` on `from`: only its paths (its leaps and slides are done).
    fn path_moves(&self, table: &MoveTable, piece: Piece, from: Square, list: &mut MoveList) {
        let Some(mover) = self.occupant_at(from) else {
            return;
        };
        generate_paths(table, self, from, mover, &mut |pm| {
            if let Some(mv) = self.convert(piece, from, pm) {
                self.add_with_promotions(mv, list);
            }
        });
    }

    /// Turns a walker move into a [`Move`], or `None` if it does not fit.
    fn convert(&self, piece: Piece, from: Square, pm: &PathMove) -> Option<Move> {
        let moving = if pm.piece == from {
            piece
        } else {
            self.piece_at(pm.piece)?
        };
        let mut mv = Move::normal(moving.id, pm.piece, pm.to);
        if pm.piece != from {
            mv.set_flag(MoveFlags::INDUCED);
        }
        for &sq in pm.captures.iter().filter(|&&sq| sq != pm.to) {
            if !mv.add_victim(sq) {
                log::warn!("a move captures more pieces than a move can record; left out");
                return None;
            }
        }
        if let Some(&(square, victim)) = pm.unloads.first() {
            mv.set_unload(square, victim);
        }
        if let Some((partner, partner_to)) = pm.castle {
            mv.set_castle_partner(partner, partner_to);
            mv.set_flag(MoveFlags::O_CASTLING);
        }
        if let Some(victim) = pm.ep_capture {
            mv.set_flag(MoveFlags::EN_PASSANT);
            debug_assert!(mv.victims().any(|sq| sq == victim));
        }
        if !pm.ep_rights.is_empty() {
            let line = self.squares_between(pm.piece, pm.to);
            if pm.ep_rights.len() > 2 && pm.ep_rights.iter().all(|&sq| line.contains(sq)) {
                mv.set_flag(MoveFlags::EP_LINE);
            } else {
                for &sq in &pm.ep_rights {
                    if !mv.add_ep_square(sq) {
                        break;
                    }
                }
            }
        }
        Some(mv)
    }
}

/// The index of the first square of `squares` within `range` steps that `occupied` says holds a
/// piece.
#[inline]
pub(crate) fn first_occupied(
    squares: &[Square],
    range: u16,
    occupied: impl Fn(Square) -> bool,
) -> Option<usize> {
    squares
        .iter()
        .take(range as usize)
        .position(|&sq| occupied(sq))
}

/// Removes later copies of moves already in `list` since `start` (a path can reach the same
/// move as another path or a plain leap of the same piece: the Lion's pass through any empty
/// neighbour is one move).
fn remove_repeats(list: &mut MoveList, start: usize) {
    let mut i = start;
    while i < list.len() {
        if list[start..i].contains(&list[i]) {
            list.remove(i);
        } else {
            i += 1;
        }
    }
}
