//! Making and unmaking moves.

use arrayvec::ArrayVec;
use notation::{Color, Square, SquareSet};

use crate::{
    moves::{Move, MoveFlags, MoveKind},
    position::{sets::SetId, Piece, Position, SquareChange, Undo},
    rules::PieceId,
};

impl Position {
    /// Remembers the state of `sq` before the move changes it.
    #[inline]
    pub(crate) fn record(&self, undo: &mut Undo, sq: Square) {
        let change = SquareChange {
            square: sq,
            code: self.board[sq.index()],
            virgin: self.is_virgin(sq),
            promoted: self.is_promoted(sq),
        };
        undo.changes.push(change);
    }

    /// Empties `sq`, clearing its flags.
    #[inline]
    pub(crate) fn clear(&mut self, sq: Square) -> u8 {
        self.set_virgin(sq, false);
        self.set_promoted(sq, false);
        self.take(sq)
    }

    /// Changes a hand count by `delta`, remembering it.
    #[inline]
    fn add_to_hand(&mut self, undo: &mut Undo, color: Color, id: PieceId, delta: i8) {
        if self.rules.drops.free {
            return;
        }
        let count = self.in_hand(color, id) as i16 + delta as i16;
        self.set_hand(color, id, count.clamp(0, u8::MAX as i16) as u8);
        undo.hand_changes.push((color, id, delta));
    }

    /// Captures the piece on `sq` for the side to move (to hand if the rules say so).
    pub(crate) fn capture(&mut self, undo: &mut Undo, sq: Square, keep_for_unload: bool) -> u8 {
        let promoted = self.is_promoted(sq);
        self.record(undo, sq);
        let code = self.clear(sq);
        if let (Some(piece), false) = (Piece::from_code(code), keep_for_unload) {
            if self.rules.drops.captures_to_hand && !self.rules.pieces[piece.id as usize].royal {
                let mut id = piece.id;
                if promoted && self.rules.promotion.demote_to_hand {
                    id = self
                        .rules
                        .promotion
                        .pawn_types
                        .first()
                        .copied()
                        .unwrap_or(id);
                }
                if let Some(base) = self.rules.pieces[id as usize].unpromoted {
                    id = base;
                }
                self.add_to_hand(undo, self.state.side, id, 1);
            }
        }
        code
    }

    /// What unmaking needs of the position as it is now, with no square changed yet.
    pub(crate) fn undo_record(&self) -> Undo {
        Undo {
            changes: ArrayVec::new(),
            hand_changes: ArrayVec::new(),
            state: self.state,
            wall: None,
            petrified: None,
            blast_petrified: false,
            castled: None,
        }
    }

    /// Makes `mv`, which must be pseudo-legal in this position.
    pub fn make(&mut self, mv: Move) {
        let mut undo = self.undo_record();
        let us = self.state.side;
        let lion_taken = self.takes_lion_as_non_lion(&mv);
        let mut reset_clock = self.rules.resets_move_rule(&mv, us);
        // The mover changed sides (Andernach chess): its double step gives no e.p. right.
        let mut switched = false;
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Drop => {
                self.record(&mut undo, mv.to);
                // A piece dropped promoted (Kyoto Shogi) leaves the hand as its unpromoted type.
                self.put(
                    mv.to,
                    Piece {
                        color: us,
                        id: mv.placed(),
                    },
                );
                let initial = self.rules.pieces[mv.piece as usize].initial_squares[us.index()];
                self.set_virgin(mv.to, initial.contains(mv.to));
                if let Some(file) = self.rules.drops.castling_king_file {
                    self.castling_rights_on_drop(&mut undo, mv, file);
                }
                self.add_to_hand(&mut undo, us, mv.piece, -1);
            }
            MoveKind::Normal | MoveKind::Castle => {
                let unload = mv.unload();
                let mut unloaded = 0u8;
                for victim in mv.victims() {
                    let keep = unload.is_some_and(|(_, v)| v == victim);
                    let code = self.capture(&mut undo, victim, keep);
                    if keep {
                        unloaded = code;
                    }
                    reset_clock = true;
                }
                let mover_promoted = self.is_promoted(mv.from);
                self.record(&mut undo, mv.from);
                let code = self.clear(mv.from);
                if let Some((partner_from, partner_to)) = mv.castle_partner() {
                    self.record(&mut undo, partner_from);
                    let partner = self.clear(partner_from);
                    self.record(&mut undo, partner_to);
                    self.clear(partner_to);
                    if let Some(p) = Piece::from_code(partner) {
                        self.put(partner_to, p);
                    }
                    let g = self.geometry();
                    let kingside = g.file(partner_from) > g.file(mv.from);
                    undo.castled = Some(kingside);
                    if self.rules.castling.opposite {
                        self.take_same_side_right(&mut undo, kingside);
                    }
                }
                if self.board[mv.to.index()] != 0 {
                    let keep = unload.is_some_and(|(_, v)| v == mv.to);
                    let captured = self.capture(&mut undo, mv.to, keep);
                    if keep {
                        unloaded = captured;
                    }
                    reset_clock = true;
                } else {
                    self.record(&mut undo, mv.to);
                    self.set_virgin(mv.to, false);
                    self.set_promoted(mv.to, false);
                }
                if let Some(moved) = Piece::from_code(code) {
                    let id = mv.promotion().unwrap_or(moved.id);
                    self.put(
                        mv.to,
                        Piece {
                            color: moved.color,
                            id,
                        },
                    );
                    let chess_promotion = mv.promotion().is_some() && self.rules.is_pawn(mv.piece);
                    let demotes =
                        self.rules.promotion.demote_to_hand && (mover_promoted || chess_promotion);
                    self.set_promoted(mv.to, demotes);
                }
                if let (Some((square, _)), Some(piece)) = (unload, Piece::from_code(unloaded)) {
                    if self.board[square.index()] == 0 {
                        self.record(&mut undo, square);
                        self.put(square, piece);
                    }
                }
                if self.rules.hooks.piece_effects {
                    let effects = self.apply_piece_effects(&mut undo, mv);
                    reset_clock |= effects.burned;
                    switched = effects.switched_sides;
                }
                if let Some(gate) = mv.gate() {
                    let square = match mv.castle_partner() {
                        Some((partner_from, _)) if mv.has(MoveFlags::GATE_ON_PARTNER) => {
                            partner_from
                        }
                        _ => mv.from,
                    };
                    self.record(&mut undo, square);
                    self.put(
                        square,
                        Piece {
                            color: us,
                            id: gate,
                        },
                    );
                    self.add_to_hand(&mut undo, us, gate, -1);
                }
            }
        }
        if self.rules.hooks.turn_effects {
            self.apply_turn_effects(&mut undo, &mv, lion_taken);
        }
        if let Some(wall) = mv.wall() {
            if self.rules.duck() {
                self.set_duck(Some(wall));
            } else {
                self.place_wall(wall);
                undo.wall = Some(wall);
            }
        }
        // Most moves give no e.p. right: the set is then not built (reading a set written a
        // word at a time stalls).
        if switched || (mv.ep_squares().is_empty() && !mv.has(MoveFlags::EP_LINE)) {
            self.set_ep(SquareSet::EMPTY, None);
        } else {
            self.set_ep_rights(&mv);
        }
        if !self.rules.pieces[mv.piece as usize].imitator {
            self.state.last_moved = Some(mv.piece);
        }
        self.state.halfmove = if reset_clock {
            0
        } else {
            self.state.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        if self.state.passed != (mv.kind == MoveKind::Pass) {
            self.state.passed = !self.state.passed;
            self.state.key ^= self.zobrist.passed();
        }
        self.state.side = us.opponent();
        self.state.key ^= self.zobrist.side;
        if self.rules.end.check_counting && self.in_check() {
            let left = self.state.checks[us.index()].saturating_sub(1);
            self.set_checks(us, left);
        }
        if let Some(counting) = self.rules.end.counting {
            self.update_counting(counting, us, &mv, &undo);
        }
        self.history.push(undo);
    }

    /// The e.p. rights `mv`, which gives some, leaves: on its e.p. squares (and the squares
    /// it passes for `EP_LINE`) but a wall it placed, within the rules' e.p. region.
    fn set_ep_rights(&mut self, mv: &Move) {
        let mut ep = SquareSet::EMPTY;
        for &sq in mv.ep_squares() {
            ep.insert(sq);
        }
        if mv.has(MoveFlags::EP_LINE) {
            ep |= self.squares_between(mv.from, mv.to);
        }
        if let Some(wall) = mv.wall() {
            // The duck or a wall on a square passed over leaves no e.p. right there.
            ep.remove(wall);
        }
        if let Some(region) = &self.rules.moves.ep_region {
            ep &= region[self.state.side.opponent().index()];
        }
        let victim = (!ep.is_empty()).then_some(mv.to);
        self.set_ep(ep, victim);
    }

    /// Takes back the last move made.
    ///
    /// # Panics
    /// Panics if no move was made.
    pub fn unmake(&mut self) {
        // Read in place: the record is large, and moving it off the stack cost more than
        // the rest of a plain move's unmake.
        let last = self.history.len().checked_sub(1).expect("a move to unmake");
        if self.rules.moves.flip.is_some() {
            let flipped = self.flipped.pop().expect("the pieces the move flipped");
            self.flip_pieces(flipped);
        }
        let undo = &self.history[last];
        let (wall, petrified, blast_petrified) = (undo.wall, undo.petrified, undo.blast_petrified);
        if let Some(wall) = wall {
            self.remove_wall(wall);
        }
        if let Some(petrified) = petrified {
            self.remove_wall(petrified);
        }
        if blast_petrified {
            for i in 0..self.history[last].changes.len() {
                let square = self.history[last].changes[i].square;
                if self.sets.contains(SetId::Walls, square) {
                    self.remove_wall(square);
                }
            }
        }
        let duck = self.history[last].state.duck;
        if duck != self.state.duck {
            self.set_duck(duck);
        }
        for i in (0..self.history[last].changes.len()).rev() {
            let change = self.history[last].changes[i];
            self.take(change.square);
            if let Some(piece) = Piece::from_code(change.code) {
                self.put(change.square, piece);
            }
            self.set_virgin(change.square, change.virgin);
            self.set_promoted(change.square, change.promoted);
        }
        for i in (0..self.history[last].hand_changes.len()).rev() {
            let (color, id, delta) = self.history[last].hand_changes[i];
            let count = self.in_hand(color, id) as i16 - delta as i16;
            self.set_hand(color, id, count.clamp(0, u8::MAX as i16) as u8);
        }
        self.state = self.history[last].state;
        self.history.truncate(last);
    }

    /// The squares strictly between `a` and `b` when they share a rank, file or diagonal.
    pub(crate) fn squares_between(&self, a: Square, b: Square) -> SquareSet {
        let g = self.geometry();
        let (dx, dy) = (g.file(b) - g.file(a), g.rank(b) - g.rank(a));
        let mut set = SquareSet::EMPTY;
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return set;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut x, mut y) = (g.file(a) + sx, g.rank(a) + sy);
        while (x, y) != (g.file(b), g.rank(b)) {
            if let Some(sq) = g.square(x, y) {
                set.insert(sq);
            }
            x += sx;
            y += sy;
        }
        set
    }
}
