//! Pseudo-legal move generation: each piece's moves from its tables (leaps, slides and
//! the paths of multi-leg moves) and the moves of the board as a whole.

use notation::{Initial, Modes, MoveTable, Square, SquareBits, SquareSet};

use crate::{
    moves::{Move, MoveFlags, MoveList},
    plain::{plain_moves, plain_moves_by_sets, PlainBoard, PlainMove},
    position::{count::QuickCount, Piece, Position},
    rules::PieceId,
    walk::{generate_paths, Ending, PathMove},
    walling::touches,
};

impl Position {
    /// Appends every pseudo-legal move of the side to move to `list` (moves that may leave a
    /// royal piece attacked included).
    pub fn generate_pseudo_legal(&self, list: &mut MoveList) {
        self.board_moves(list);
        self.rule_moves(list);
        if self.rules.walling.as_ref().is_some_and(|w| w.wall_or_move) {
            list.extend(self.wall_pass_move());
        }
        if self.rules.has_walls() {
            // The duck and walls: the tables' moves may end on them.
            let mut blocked = self.walls();
            if let Some(duck) = self.duck() {
                blocked.insert(duck);
            }
            if !blocked.is_empty() {
                list.retain(|mv| !touches(mv, blocked));
            }
        }
    }

    /// Appends the pseudo-legal castlings, drops and passes the rules give to `list`.
    pub(super) fn rule_moves(&self, list: &mut MoveList) {
        if self.rules.castling.enabled {
            self.rule_castlings(list);
        }
        if self.rules.drops.enabled {
            self.drops(list);
        }
        if self.rules.pass {
            list.extend(self.pass_move());
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
        self.keep_moves_leaving_cells(list, start);
        if self.rules.promotion.sittuyin {
            self.sittuyin_promotions(list);
        }
    }

    /// The moves of `piece` on `from`.
    #[inline]
    pub(crate) fn piece_moves(&self, piece: Piece, from: Square, list: &mut MoveList) {
        self.counted_piece_moves(piece, from, list, None);
    }

    /// [`piece_moves`](Position::piece_moves), but with `count` the moves it may count are
    /// counted there instead of listed.
    pub(super) fn counted_piece_moves(
        &self,
        piece: Piece,
        from: Square,
        list: &mut MoveList,
        mut count: Option<&mut QuickCount>,
    ) {
        let start = list.len();
        let table = self.table_for(piece, from);
        let id = piece.id;
        let view = PlainView {
            pos: self,
            piece,
            from,
        };
        // Plain moves are the mover's own (never induced): those to the targets its type
        // never promotes or gates on go straight into the list.
        let plain_targets = self.plain_targets(id, self.state.side);
        let push = |plain: PlainMove, list: &mut MoveList| {
            self.push_plain(id, from, plain.to, plain.ep_square, plain_targets, list);
        };
        // A piece's moves may repeat (the Lion's), and only the listed ones are compared.
        let paths_may_move = self.paths_may_move(table, from);
        if table.may_repeat(from) || paths_may_move {
            count = None;
        }
        if self.rules.has_walls() {
            // A wall or the duck is in neither side's set.
            plain_moves(table, &view, from, |plain| push(plain, list));
        } else {
            match self.sets.words() {
                1 => self.set_moves::<u64>(table, &view, &push, list, count),
                2 => self.set_moves::<u128>(table, &view, &push, list, count),
                _ => self.set_moves::<SquareSet>(table, &view, &push, list, count),
            }
        }
        if self.rules.pieces[id as usize].jump_rank > 0 {
            self.jump_captures(piece, from, table, list);
        }
        if table.may_repeat(from) {
            remove_repeats(list, start);
        }
        if !self.rules.diagonal_lines.is_empty() {
            self.line_moves(piece, from, list);
        }
        // A pawn's e.p. capture is walked only when it may find an e.p. square.
        if paths_may_move {
            let paths_start = list.len();
            self.path_moves(table, piece, from, list);
            if list.len() > paths_start {
                remove_repeats(list, start);
            }
        }
    }

    /// Lists the plain move of the side to move's piece of type `id` from `from` to `to`,
    /// which gives an e.p. right on `ep_square`: straight into `list` when `to` is among
    /// `plain_targets` (where the piece neither promotes nor gates), through
    /// [`add_special`](Position::add_special) otherwise.
    #[inline]
    pub(super) fn push_plain(
        &self,
        id: PieceId,
        from: Square,
        to: Square,
        ep_square: Option<Square>,
        plain_targets: &SquareSet,
        list: &mut MoveList,
    ) {
        // Built in its slot: in a profile, copying a move whole from where it had been
        // built field by field stalled on store-to-load forwarding.
        if plain_targets.contains(to) {
            list.push(Move::normal(id, from, to));
            if let Some(ep) = ep_square {
                list.last_mut().expect("just pushed").add_ep_square(ep);
            }
        } else {
            let mut mv = Move::normal(id, from, to);
            if let Some(ep) = ep_square {
                mv.add_ep_square(ep);
            }
            self.add_special(mv, list);
        }
    }

    /// Whether the paths of a piece on `from` whose moves are `table` may find a move: it has
    /// some, and when they only capture e.p. (a pawn's), one may land on an e.p. square.
    #[inline]
    pub(super) fn paths_may_move(&self, table: &MoveTable, from: Square) -> bool {
        !table.paths().is_empty()
            && (!table.only_ep_paths() || self.state.ep_squares.intersects(table.ep_reach(from)))
    }

    /// The plain moves of the piece `view` shows, with the simple leaps and slides found in
    /// sets of type `S` (see [`plain_moves_by_sets`]): those to targets where the piece
    /// neither promotes nor gates go straight into `list` (or are counted in `count` where
    /// it may count them); `push` adds the others.
    #[inline]
    fn set_moves<S: SquareBits>(
        &self,
        table: &MoveTable,
        view: &PlainView<'_>,
        push: &impl Fn(PlainMove, &mut MoveList),
        list: &mut MoveList,
        count: Option<&mut QuickCount>,
    ) {
        let (id, from) = (view.piece.id, view.from);
        let occupancy = self.occupancy(view.piece.color);
        let targets: S = plain_moves_by_sets(table, view, from, occupancy, |p| push(p, list));
        self.list_set_moves(id, from, targets, list, count);
    }

    /// Lists the moves of the side to move's piece of type `id` from `from` to `targets`,
    /// found as sets: those where it neither promotes nor gates go straight into `list`, or
    /// are counted in `count` where it may count them; [`add_special`](Position::add_special)
    /// adds the others.
    #[inline]
    pub(super) fn list_set_moves<S: SquareBits>(
        &self,
        id: PieceId,
        from: Square,
        targets: S,
        list: &mut MoveList,
        count: Option<&mut QuickCount>,
    ) {
        let plain = S::from_set_ref(self.plain_targets(id, self.state.side));
        let targets = match count {
            Some(count) => count.count_safe(targets, plain),
            None => targets,
        };
        for to in (targets & plain).iter() {
            list.push(Move::normal(id, from, to));
        }
        for to in (targets & !plain).iter() {
            self.add_special(Move::normal(id, from, to), list);
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

/// The position as the plain moves of `piece` on `from` see it.
struct PlainView<'a> {
    pos: &'a Position,
    piece: Piece,
    from: Square,
}

impl PlainBoard for PlainView<'_> {
    #[inline]
    fn occupied(&self, sq: Square) -> bool {
        self.pos.board[sq.index()] != 0
    }

    /// The duck and walls count as empty here: moves onto them are removed after generation.
    #[inline]
    fn ending(&self, sq: Square, modes: Modes) -> Option<Ending> {
        match Piece::from_code(self.pos.board[sq.index()]) {
            None => modes.contains(Modes::MOVE).then_some(Ending::Quiet),
            Some(p) if p.color != self.piece.color => {
                let royal = self.pos.rules.pieces[p.id as usize].royal;
                (modes.contains(Modes::CAPTURE) || (royal && modes.contains(Modes::ROYAL_CAPTURE)))
                    .then_some(Ending::Capture { royal })
            }
            Some(_) => modes.contains(Modes::DESTROY).then_some(Ending::Destroy),
        }
    }

    #[inline]
    fn may_make(&self, initial: Initial) -> bool {
        self.pos.initial_ok(initial, self.piece, self.from)
    }

    #[inline]
    fn hop_allows(&self, sq: Square) -> bool {
        self.pos.hop_allows(self.piece, self.pos.board[sq.index()])
    }
}
