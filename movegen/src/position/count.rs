//! Counting the legal moves without listing them all, for perft's last ply.

use notation::{simple_ending, MoveTable, Square, SquareBits, SquareSet};

use crate::{
    moves::MoveList,
    plain::{set_targets, OccupancySets},
    position::{sets::SetId, Piece, Position},
    rules::PieceId,
};

/// What lets the generator count a piece's plain moves instead of listing them: with one
/// royal piece, not in check, a plain move by another piece that neither leaves nor enters
/// an exposure square is legal (see [`Position::quick_legality`]).
pub(crate) struct QuickCount<'a> {
    /// The side to move's royal piece.
    king: Square,
    /// The squares whose change of occupancy could open an attack on it.
    exposure: &'a SquareSet,
    /// The moves counted so far.
    count: usize,
}

impl QuickCount<'_> {
    /// Counts the set moves to `targets` that need no test, those to squares where the piece
    /// neither promotes nor gates (`plain`) off the exposure squares, and returns the other
    /// targets. Only for a piece [`may_count_from`](QuickCount::may_count_from) its square.
    #[inline]
    pub(super) fn count_safe<S: SquareBits>(&mut self, targets: S, plain: S) -> S {
        let safe = targets & plain & !S::from_set_ref(self.exposure);
        self.count += safe.len();
        targets & !safe
    }

    /// The squares from which `table`'s moves are leaps alone
    /// ([`MoveTable::leaps_alone`]) and may be counted: not the royal piece's or an exposure
    /// square (see [`may_count_from`](QuickCount::may_count_from)).
    #[inline]
    fn bulk_squares<S: SquareBits>(&self, table: &MoveTable) -> S {
        let mut excluded = S::from_set_ref(self.exposure);
        excluded.insert(self.king);
        S::from_set_ref(table.leaps_alone()) & !excluded
    }

    /// Whether the moves of the piece on `from` may be counted: it is not the royal piece and
    /// does not stand on an exposure square.
    #[inline]
    pub(super) fn may_count_from(&self, from: Square) -> bool {
        from != self.king && !self.exposure.contains(from)
    }
}

impl Position {
    /// The number of legal moves of the side to move: the length of the list
    /// [`generate_legal`](Position::generate_legal) gives, found faster where the quick
    /// legality test holds, by counting plain moves as sets instead of listing them.
    pub fn count_legal(&mut self) -> usize {
        if !self.rules.bulk_count {
            return self.count_listed();
        }
        match self.sets.words() {
            1 => self.count_quick::<u64>(),
            2 => self.count_quick::<u128>(),
            _ => self.count_quick::<SquareSet>(),
        }
    }

    /// The length of the list of legal moves.
    fn count_listed(&mut self) -> usize {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.len()
    }

    /// [`count_legal`](Position::count_legal) in sets of type `S`, by counting where the
    /// quick legality test holds.
    fn count_quick<S: SquareBits>(&mut self) -> usize {
        let Some((king, exposure)) = self.quick_legality::<S>() else {
            return self.count_listed();
        };
        if self.rules.end.has_variant_end() && self.variant_end().is_some() {
            return 0;
        }
        let exposure_set = exposure.to_set();
        let mut list = MoveList::new();
        let mut count = QuickCount {
            king,
            exposure: &exposure_set,
            count: 0,
        };
        let king_targets: S = self.count_board_moves(&mut list, &mut count);
        let mut total = count.count;
        let king_piece = self.piece_at(king).expect("the royal piece");
        for to in king_targets.iter() {
            total += usize::from(self.royal_safe_after(king, king_piece.id, Some(king), to));
        }
        self.rule_moves(&mut list);
        self.retain_legal_by(Some((king, exposure)), &mut list);
        total += list.len();
        if total == 0 && self.rules.pass_on_stalemate[self.state.side.index()] {
            // A pass where a side with no move passes, as generate_legal gives it.
            return usize::from(self.pass_move().is_some());
        }
        total
    }

    /// [`board_moves`](Position::board_moves), piece type by piece type, counting in `count`
    /// the moves it may count. Where no plain move of a piece needs a walk
    /// ([`MoveTable::walk_free`](notation::MoveTable::walk_free)), its type has no zone or
    /// jump and its paths find nothing, its moves are its set targets (sets of type `S`, see
    /// [`set_targets`]) and its other leaps; other pieces' moves are found as `board_moves`
    /// finds them. The royal piece's plain set moves are returned, as targets, for the
    /// caller to test.
    fn count_board_moves<S: SquareBits>(&self, list: &mut MoveList, count: &mut QuickCount) -> S {
        let us = self.state.side;
        let occupancy = self.occupancy::<S>(us);
        let mut king_targets = S::default();
        for id in 0..self.rules.pieces.len() as PieceId {
            let piece = Piece { color: us, id };
            let squares: S = self.sets.get_in(SetId::Code(piece.code()));
            if squares.is_empty() {
                continue;
            }
            let pt = &self.rules.pieces[id as usize];
            let table = &pt.tables[us.index()];
            let sets_alone = pt.zone_moves.is_none() && pt.jump_rank == 0;
            let plain = S::from_set_ref(self.plain_targets(id, us));
            // Paths that only capture e.p. find nothing without an e.p. square.
            let paths = !table.paths().is_empty()
                && (!table.only_ep_paths() || !self.state.ep_squares.is_empty());
            // Leaps found by shifts, where they pay: a shift costs about what one piece's
            // leap sets or one other leap cost.
            let shifts = table.leap_shifts().len() + table.other_leap_shifts().len();
            let mut squares = squares;
            if sets_alone && shifts > 0 && 2 * squares.len() > shifts {
                let mut bulk = squares & count.bulk_squares(table);
                if paths {
                    for from in bulk.iter() {
                        if self.paths_may_move(table, from) {
                            bulk.remove(from);
                        }
                    }
                }
                if 2 * bulk.len() > shifts {
                    self.count_leaps_in_bulk(piece, bulk, table, occupancy, list, count);
                    squares &= !bulk;
                }
            }
            for from in squares.iter() {
                let sets = sets_alone
                    && table.walk_free(from)
                    && !(paths && self.paths_may_move(table, from));
                if !sets {
                    let count = count.may_count_from(from).then_some(&mut *count);
                    self.counted_piece_moves(piece, from, list, count);
                    continue;
                }
                let mut targets = set_targets::<S>(table, from, occupancy);
                if from == count.king {
                    king_targets = targets & plain;
                    targets &= !plain;
                } else if count.may_count_from(from) {
                    targets = count.count_safe(targets, plain);
                }
                if !targets.is_empty() {
                    self.list_set_moves(id, from, targets, list, None);
                }
                if !table.other_leaps(from).is_empty() {
                    self.count_other_leaps(piece, from, table, occupancy, list, count);
                }
            }
        }
        king_targets
    }

    /// The moves of the pieces `piece` on `bulk` (squares where their moves are leaps
    /// alone and may be counted), found by shifts: those of the leap sets
    /// ([`LeapShift`](notation::LeapShift)), then the lame and first-move-only leaps that
    /// only move and capture ([`OtherLeapShift`](notation::OtherLeapShift), as
    /// [`count_other_leaps`](Position::count_other_leaps) finds them square by square).
    /// Counted in `count` where they need no test, listed otherwise.
    fn count_leaps_in_bulk<S: SquareBits>(
        &self,
        piece: Piece,
        bulk: S,
        table: &MoveTable,
        occupancy: OccupancySets<S>,
        list: &mut MoveList,
        count: &mut QuickCount,
    ) {
        let plain_targets = self.plain_targets(piece.id, self.state.side);
        let plain = S::from_set_ref(plain_targets);
        for shift in table.leap_shifts() {
            let targets = shift.targets(bulk, occupancy.empty(), occupancy.foes());
            for to in count.count_safe(targets, plain).iter() {
                let from = Square((to.index() as i32 - shift.delta as i32) as u8);
                let mut target = S::EMPTY;
                target.insert(to);
                self.list_set_moves(piece.id, from, target, list, None);
            }
        }
        for shift in table.other_leap_shifts() {
            let unblocked = shift.unblocked(bulk, occupancy.empty());
            if unblocked.is_empty() {
                continue;
            }
            let (moves, captures) =
                simple_ending(shift.modes).expect("walk-free squares' leaps end simply");
            let from = unblocked & self.initial_squares(shift.initial, piece);
            let to = from.shifted(shift.delta as i32);
            let ends = |may: bool, squares: S| if may { to & squares } else { S::EMPTY };
            let targets = ends(moves, occupancy.empty()) | ends(captures, occupancy.foes());
            for to in count.count_safe(targets, plain).iter() {
                let from = to.index() as i32 - shift.delta as i32;
                let ep_square = shift.block.filter(|_| shift.ep_on_block);
                let ep_square = ep_square.map(|b| Square((from + b as i32) as u8));
                self.push_plain(
                    piece.id,
                    Square(from as u8),
                    to,
                    ep_square,
                    plain_targets,
                    list,
                );
            }
        }
    }

    /// The moves of the [`other_leaps`](notation::MoveTable::other_leaps) of `piece` on
    /// `from` (lame or first-move-only leaps that only move and capture): counted in `count`
    /// where it may count them, listed otherwise.
    fn count_other_leaps<S: SquareBits>(
        &self,
        piece: Piece,
        from: Square,
        table: &MoveTable,
        occupancy: OccupancySets<S>,
        list: &mut MoveList,
        count: &mut QuickCount,
    ) {
        let counted = count.may_count_from(from);
        let plain_targets = self.plain_targets(piece.id, self.state.side);
        for leap in table.other_leaps(from) {
            let to = leap.to;
            let (moves, captures) =
                simple_ending(leap.modes).expect("walk-free squares' leaps end simply");
            let ends = (moves && occupancy.empty().contains(to))
                || (captures && occupancy.foes().contains(to));
            if !ends
                || leap.block.is_some_and(|b| occupancy.occupied().contains(b))
                || !self.initial_ok(leap.initial, piece, from)
            {
                continue;
            }
            if counted && plain_targets.contains(to) && !count.exposure.contains(to) {
                count.count += 1;
            } else {
                let ep_square = if leap.ep_on_block { leap.block } else { None };
                self.push_plain(piece.id, from, to, ep_square, plain_targets, list);
            }
        }
    }
}
