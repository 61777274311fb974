//! Legal moves: each pseudo-legal move tested by making it, a quick test for the common case
//! (a single royal piece, no rule that looks further), forced captures and forced drops.

use notation::{Color, Modes, Square, SquareBits, SquareSet};

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::{sets::SetId, Piece, Position},
    rules::{Checks, OneRoyal, PieceId},
};

impl Position {
    /// Whether `mv` (pseudo-legal) is legal: it leaves the mover's royal pieces safe, gives
    /// no check where checks are forbidden, and is a capture (a drop) when one is possible and
    /// captures (drops) are mandatory.
    ///
    /// A royal piece may not castle out of or through an attacked square (the rules' castling
    /// checks that when it generates the move; `O` castling is checked here).
    pub fn is_legal(&mut self, mv: Move) -> bool {
        if !self.is_legal_alone(mv) {
            return false;
        }
        if self.rules.moves.must_capture && !self.is_capture(&mv) {
            return !self.has_legal_capture();
        }
        if self.must_drop() && !self.is_forced_drop(&mv) {
            // Other drops are never allowed then; other moves only without a forced drop.
            return mv.kind != MoveKind::Drop && !self.has_legal_drop();
        }
        true
    }

    /// Whether the side to move must drop a piece if it can: the rules say so and it holds
    /// one (of the type that must be dropped, when the rules name one).
    #[inline]
    fn must_drop(&self) -> bool {
        let drops = &self.rules.drops;
        drops.must_drop
            && match drops.must_drop_type {
                Some(id) => self.in_hand(self.state.side, id) > 0,
                None => self.hands[self.state.side.index()][..self.rules.pieces.len()]
                    .iter()
                    .any(|&n| n > 0),
            }
    }

    /// Whether `mv` is a drop that meets the duty to drop: any drop, or one of the type the
    /// rules name.
    #[inline]
    fn is_forced_drop(&self, mv: &Move) -> bool {
        mv.kind == MoveKind::Drop
            && self
                .rules
                .drops
                .must_drop_type
                .map_or(true, |id| id == mv.piece)
    }

    /// Whether the side to move has a legal drop that meets the duty to drop.
    fn has_legal_drop(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_pseudo_legal(&mut list);
        list.into_iter()
            .any(|mv| self.is_forced_drop(&mv) && self.is_legal_alone(mv))
    }

    /// Whether `mv` takes an enemy piece.
    #[inline]
    pub fn is_capture(&self, mv: &Move) -> bool {
        if mv.kind != MoveKind::Normal {
            return false;
        }
        mv.has_victims()
            || self
                .piece_at(mv.to)
                .is_some_and(|p| p.color != self.state.side)
    }

    /// Whether the side to move has a legal capture.
    fn has_legal_capture(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_pseudo_legal(&mut list);
        list.into_iter()
            .any(|mv| self.is_capture(&mv) && self.is_legal_alone(mv))
    }

    /// [`is_legal`](Position::is_legal) but for mandatory captures.
    fn is_legal_alone(&mut self, mv: Move) -> bool {
        // S-chess: the move must be legal without the piece it gates in, which may neither
        // block a check nor stand in for a pinned piece (the game's rules; Fairy-Stockfish).
        if mv.gate().is_some() && !self.is_legal_alone(mv.without_gate()) {
            return false;
        }
        let us = self.state.side;
        let them = us.opponent();
        // The rules' castlings were checked for attacked squares when they were generated.
        if mv.has(MoveFlags::O_CASTLING) && self.royals(us).contains(mv.from) {
            let passed = self.squares_between(mv.from, mv.to);
            if self.royal_square_attacked(mv.from, them)
                || passed.iter().any(|sq| self.royal_square_attacked(sq, them))
            {
                return false;
            }
        }
        if self.rules.hooks.vetoes && self.vetoed(&mv) {
            return false;
        }
        let lion_from_afar = self.takes_lion_from_afar(&mv);
        let (our_royals, their_royals) = (self.royals(us).len(), self.royals(them).len());
        let sittuyin_promotion = self.is_sittuyin_promotion(&mv);
        let guarded = self.royal_before_move(&mv);
        // Under bikjang a side whose king faces the other may pass even in check, and must
        // break the facing by any other move.
        let facing = self.bikjang();
        if facing && mv.kind == MoveKind::Pass {
            return true;
        }
        self.make(mv);
        if lion_from_afar && self.attacked(mv.to, them) {
            self.unmake();
            return false;
        }
        let mut legal = if self.rules.moves.blast {
            self.legal_after_blast(us, our_royals, their_royals)
        } else if self.burned_own_royal(us, our_royals) {
            false
        } else if let Some(guarded) = guarded {
            !guarded
                .iter()
                .any(|sq| self.royal_square_attacked(sq, them))
        } else {
            !(self.royal_attacked(us)
                || ((self.rules.flying_general || facing) && self.generals_face()))
        };
        if legal && self.rules.moves.after_move_rules {
            legal = self.within_limits(us);
        }
        if legal && sittuyin_promotion {
            legal = self.sittuyin_promotion_quiet(mv.to);
        }
        match self.rules.moves.checks {
            Checks::Allowed => {}
            Checks::Forbidden => legal = legal && !self.in_check(),
            // The opponent must have no answer (its answers obey the same rule).
            Checks::MateOnly => legal = legal && (!self.in_check() || !self.has_legal_move()),
        }
        if legal && mv.kind == MoveKind::Drop && self.rules.drops.no_drop_mate == Some(mv.piece) {
            legal = !self.in_check() || self.has_legal_move();
        }
        if legal && mv.kind == MoveKind::Drop && self.rules.drops.no_checks {
            legal = !self.in_check();
        }
        self.unmake();
        legal
    }

    /// Under [`OneRoyal::AloneBeforeMove`], the squares that must not be attacked after `mv`:
    /// the side's only royal piece where the move leaves it, and a royal piece it drops;
    /// `None` under the other rules.
    fn royal_before_move(&self, mv: &Move) -> Option<SquareSet> {
        if self.rules.one_royal != OneRoyal::AloneBeforeMove {
            return None;
        }
        let mut guarded = self.royals(self.state.side);
        if mv.kind != MoveKind::Drop && guarded.contains(mv.from) {
            guarded.remove(mv.from);
            guarded.insert(mv.to);
        }
        let placed = mv.placed();
        if mv.kind == MoveKind::Drop && self.rules.piece(placed).royal {
            guarded.insert(mv.to);
        }
        Some(guarded)
    }

    /// Whether the side to move has any legal move (the variant's own game ends aside).
    pub fn has_legal_move(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_pseudo_legal(&mut list);
        list.into_iter().any(|mv| self.is_legal_alone(mv))
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&mut self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move of the side to move to `list` (which should be empty); none
    /// when the variant's rules ended the game ([`variant_end`](Position::variant_end)), as
    /// Fairy-Stockfish counts; a pass alone where a side with no move passes
    /// ([`Rules::pass_on_stalemate`](crate::Rules::pass_on_stalemate)).
    pub fn generate_legal(&mut self, list: &mut MoveList) {
        if self.rules.end.has_variant_end() && self.variant_end().is_some() {
            return;
        }
        self.generate_pseudo_legal(list);
        self.retain_legal(list);
        if self.rules.moves.must_capture && list.iter().any(|mv| self.is_capture(mv)) {
            list.retain(|mv| self.is_capture(mv));
        }
        if self.must_drop() {
            let forced = list.iter().any(|mv| self.is_forced_drop(mv));
            list.retain(|mv| self.is_forced_drop(mv) || (!forced && mv.kind != MoveKind::Drop));
        }
        if let Some(walling) = &self.rules.walling {
            let walling = walling.clone();
            self.add_walls(&walling, list);
        }
        if list.is_empty()
            && self.rules.pass_on_stalemate[self.state.side.index()]
            && !self.in_check()
        {
            list.extend(self.pass_move());
        }
    }

    /// Appends to `list` (which should be empty) the legal moves of pieces on the board
    /// ([`MoveKind::Normal`]: no drops, castling or passes) for which `keep` holds: the moves
    /// [`generate_legal`](Position::generate_legal) gives that `keep` accepts, found faster
    /// (such as the captures a quiescence search looks at) since `keep` runs before the
    /// legality test.
    pub fn generate_legal_board_moves(
        &mut self,
        list: &mut MoveList,
        mut keep: impl FnMut(&Position, &Move) -> bool,
    ) {
        let rules = &self.rules;
        if rules.moves.must_capture || rules.drops.must_drop || rules.has_walls() {
            // Whether a move is legal here depends on the other moves, or on walls.
            self.generate_legal(list);
            list.retain(|mv| mv.kind == MoveKind::Normal && keep(self, mv));
            return;
        }
        if rules.end.has_variant_end() && self.variant_end().is_some() {
            return;
        }
        self.board_moves(list);
        list.retain(|mv| mv.kind == MoveKind::Normal && keep(self, mv));
        self.retain_legal(list);
    }

    /// Keeps the moves of `list` that are legal but for mandatory captures.
    fn retain_legal(&mut self, list: &mut MoveList) {
        match self.sets.words() {
            1 => self.retain_legal_in::<u64>(list),
            2 => self.retain_legal_in::<u128>(list),
            _ => self.retain_legal_in::<SquareSet>(list),
        }
    }

    /// [`retain_legal`](Position::retain_legal) with the exposure squares in sets of type `S`.
    fn retain_legal_in<S: SquareBits>(&mut self, list: &mut MoveList) {
        let quick = self.quick_legality::<S>();
        self.retain_legal_by(quick, list);
    }

    /// [`retain_legal`](Position::retain_legal) given what
    /// [`quick_legality`](Position::quick_legality) found.
    pub(super) fn retain_legal_by<S: SquareBits>(
        &mut self,
        quick: Option<(Square, S)>,
        list: &mut MoveList,
    ) {
        match quick {
            Some((king, exposure)) => {
                // Moves that may open an attack are tried on the board array alone where
                // nothing but the mover changes.
                let probe = !self.rules.hooks.piece_effects && !self.rules.hooks.turn_effects;
                list.retain(|mv| {
                    let untouched = !exposure.contains(mv.to)
                        && (mv.kind == MoveKind::Drop || !exposure.contains(mv.from));
                    let plain =
                        !mv.has_victims() && !mv.has(MoveFlags::INDUCED) && mv.unload().is_none();
                    match mv.kind {
                        MoveKind::Normal if mv.from == king && plain => {
                            return self.royal_safe_after(king, mv.placed(), Some(mv.from), mv.to);
                        }
                        MoveKind::Normal if plain && !self.is_sittuyin_promotion(mv) => {
                            if untouched {
                                return true;
                            }
                            if probe && mv.gate().is_none() {
                                return self.royal_safe_after(
                                    king,
                                    mv.placed(),
                                    Some(mv.from),
                                    mv.to,
                                );
                            }
                        }
                        MoveKind::Drop
                            if self.rules.drops.no_drop_mate != Some(mv.piece)
                                && !self.rules.drops.no_checks =>
                        {
                            if untouched {
                                return true;
                            }
                            if probe {
                                return self.royal_safe_after(king, mv.placed(), None, mv.to);
                            }
                        }
                        MoveKind::Castle
                            if mv.from == king
                                && !mv.has(MoveFlags::O_CASTLING)
                                && mv.gate().is_none()
                                && !self.rules.flying_general =>
                        {
                            return self.royal_safe_after_castling(mv);
                        }
                        _ => {}
                    }
                    self.is_legal_alone(*mv)
                })
            }
            None => list.retain(|mv| self.is_legal_alone(*mv)),
        }
    }

    /// Whether the royal piece on `king` is safe after a piece of the side to move goes from
    /// `from` (`None`: from hand) to `to` as the type `placed`, taking at most what stands
    /// there (a plain move or a drop, when every enemy attacks by plain leaps, slides and
    /// hops), and under the flying general does not face the enemy's. The board array alone
    /// is changed: the mover is lifted off its square, so that it does not shield a square
    /// behind it, and the attack tests count the pieces the array holds.
    pub(super) fn royal_safe_after(
        &mut self,
        king: Square,
        placed: PieceId,
        from: Option<Square>,
        to: Square,
    ) -> bool {
        let code = match from {
            Some(from) => std::mem::replace(&mut self.board[from.index()], 0),
            None => 0,
        };
        let placed = Piece {
            color: self.state.side,
            id: placed,
        };
        let captured = std::mem::replace(&mut self.board[to.index()], placed.code());
        let king_now = if from == Some(king) { to } else { king };
        let them = self.state.side.opponent();
        let exposed = self.attacked(king_now, them)
            || (self.rules.flying_general && self.faces_royal_of(king_now, them));
        self.board[to.index()] = captured;
        if let Some(from) = from {
            self.board[from.index()] = code;
        }
        !exposed
    }

    /// Whether the royal king is safe after `mv`, one of the rules' castlings (its squares
    /// were found empty and not attacked when it was generated): king and partner are moved
    /// on the board array alone, as in [`royal_safe_after`](Position::royal_safe_after).
    fn royal_safe_after_castling(&mut self, mv: &Move) -> bool {
        let Some((partner, partner_to)) = mv.castle_partner() else {
            return self.is_legal_alone(*mv);
        };
        let (king, king_to) = (mv.from, mv.to);
        let king_code = self.board[king.index()];
        let partner_code = self.board[partner.index()];
        self.board[king.index()] = 0;
        self.board[partner.index()] = 0;
        self.board[king_to.index()] = king_code;
        self.board[partner_to.index()] = partner_code;
        let safe = !self.attacked(king_to, self.state.side.opponent());
        self.board[king_to.index()] = 0;
        self.board[partner_to.index()] = 0;
        self.board[king.index()] = king_code;
        self.board[partner.index()] = partner_code;
        safe
    }

    /// When moves can be judged without making them: the royal piece and its exposure squares.
    ///
    /// That is when the side to move has exactly one royal piece, is not in check, and every
    /// enemy piece on the board attacks by plain leaps, slides and hops. A move that does not
    /// move the royal piece, takes nothing off other squares, and neither leaves nor enters an
    /// exposure square cannot expose the royal piece.
    pub(super) fn quick_legality<S: SquareBits>(&self) -> Option<(Square, S)> {
        if !self.rules.quick_legality {
            return None;
        }
        let us = self.state.side;
        let them = us.opponent();
        let royals = self.sets.get_in::<S>(SetId::Royals(us));
        if royals.len() != 1 {
            return None;
        }
        let king = royals.first()?;
        let mut exposure = match &self.rules.attack_lines[them.index()] {
            Some(lines) => lines.exposure_unless_attacked::<S>(self, king)?,
            None => {
                for id in 0..self.rules.pieces.len() as PieceId {
                    if self.pieces(Piece { color: them, id }).is_empty() {
                        continue;
                    }
                    if self.rules.pieces[id as usize].attacks_by_paths(them) {
                        return None;
                    }
                }
                if self.attacked(king, them) {
                    return None;
                }
                S::from_set(self.exposure_by_types(king, us))
            }
        };
        // The file between facing generals.
        if self.rules.flying_general {
            for other in self.royals(them).iter() {
                if self.geometry().file(other) == self.geometry().file(king) {
                    exposure |= S::from_set(self.squares_between(king, other));
                }
            }
        }
        Some((king, exposure))
    }

    /// The squares whose change of occupancy could open an attack on `king`, found piece
    /// type by piece type: the only piece between it and an enemy slider, the first three
    /// pieces (and the squares between) on a line with an enemy hopper among them, and the
    /// block squares of enemy lame leapers (the facing generals aside).
    pub(crate) fn exposure_by_types(&self, king: Square, us: Color) -> SquareSet {
        let them = us.opponent();
        let mut exposure = SquareSet::EMPTY;
        let royal = Modes::TAKES_ROYAL;
        for id in 0..self.rules.pieces.len() as PieceId {
            let attacker = Piece { color: them, id };
            if self.pieces(attacker).is_empty() {
                continue;
            }
            let code = attacker.code();
            let pt = &self.rules.pieces[id as usize];
            let zone = pt.zone_moves.as_ref().map(|z| &z.attack_tables[us.index()]);
            for reverse in std::iter::once(&pt.attack_tables[us.index()]).chain(zone) {
                for slide in reverse
                    .slides(king)
                    .iter()
                    .filter(|s| s.modes.intersects(royal))
                {
                    let mut pieces = reverse
                        .slide_squares(slide)
                        .iter()
                        .copied()
                        .filter(|sq| self.board[sq.index()] != 0);
                    if let (Some(first), Some(second)) = (pieces.next(), pieces.next()) {
                        if self.board[second.index()] == code {
                            exposure.insert(first);
                        }
                    }
                }
                for hop in reverse
                    .hops(king)
                    .iter()
                    .filter(|h| h.modes.intersects(royal))
                {
                    let squares = reverse.hop_squares(hop);
                    let mut seen = 0;
                    let mut stretch = SquareSet::EMPTY;
                    let mut found = false;
                    for &sq in squares {
                        stretch.insert(sq);
                        let here = self.board[sq.index()];
                        if here != 0 {
                            found |= here == code;
                            seen += 1;
                            if seen == 3 {
                                break;
                            }
                        }
                    }
                    if found {
                        exposure |= stretch;
                    }
                }
                for leap in reverse.leaps(king) {
                    if let Some(block) = leap.block_reverse {
                        if self.board[leap.to.index()] == code && leap.modes.intersects(royal) {
                            exposure.insert(block);
                        }
                    }
                }
            }
        }
        exposure
    }
}
