//! Move generation: pseudo-legal moves from the tables, promotions, castling, drops, gating;
//! legal moves by making each one.

use notation::{Color, Modes, MoveTable, Square, SquareSet};

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::{Piece, Position},
    rules::{Checks, OneRoyal, PieceId, PiecePromotionMoves},
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
    fn board_moves(&self, list: &mut MoveList) {
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

    /// Adds `mv` with every promotion it may or must make; drops moves a piece could never
    /// move on from when the rules forbid them.
    #[inline]
    pub(crate) fn add_with_promotions(&self, mv: Move, list: &mut MoveList) {
        if self.rules.pieces[mv.piece as usize].plain && !self.rules.gating.enabled {
            list.push(mv);
            return;
        }
        self.add_special(mv, list);
    }

    /// [`Position::add_with_promotions`] for pieces with a region, a promotion or a rule about
    /// immobile pieces, and for variants with gating.
    fn add_special(&self, mv: Move, list: &mut MoveList) {
        let rules = &self.rules;
        let color = self.piece_color_of_move(&mv);
        if let Some(region) = &rules.pieces[mv.piece as usize].region {
            if !region[color.index()].contains(mv.to) {
                return;
            }
        }
        if rules.moves.contagion {
            if let Some(id) = self.contagion(&mv, color) {
                self.push_with_gating(mv.with_promotion(id), list);
                return;
            }
        }
        let zone = match &rules.pieces[mv.piece as usize].promotion_zone {
            Some(zone) => zone[color.index()],
            None => rules.promotion.zone[color.index()],
        };
        if rules.moves.capture_in_place && self.board[mv.to.index()] != 0 {
            // A rifle capture leaves the pawn where it stands: no promotion.
            self.push_with_gating(mv, list);
            return;
        }
        let immobile = rules.promotion.immobility_illegal && self.immobile(mv.piece, color, mv.to);
        // Sittuyin's pawns promote by a move of their own, not by reaching the zone.
        if mv.kind == MoveKind::Normal
            && rules.is_pawn(mv.piece)
            && zone.contains(mv.to)
            && !rules.promotion.sittuyin
        {
            for &choice in rules.promotion.choices_on(color, mv.to) {
                if self.promotion_allowed(choice, color) {
                    self.push_with_gating(mv.with_promotion(choice), list);
                }
            }
            // A pawn with a shogi-style promoted form may also take that (wolf chess's
            // elephant, as Fairy-Stockfish's `promotedPieceType` for a pawn).
            if let Some(promoted_id) = rules.pieces[mv.piece as usize].promoted {
                if self.may_promote(&mv, zone, color) && self.promotion_allowed(promoted_id, color)
                {
                    self.push_with_gating(mv.with_promotion(promoted_id), list);
                }
            }
            if !rules.promotion.mandatory && !immobile {
                self.push_with_gating(mv, list);
            }
            return;
        }
        // A shogi-style promotion, or a promoted form's demotion (no promotion limit counts).
        if let Some(flipped) = rules.flipped_type(mv.piece) {
            let demotion = rules.pieces[mv.piece as usize].unpromoted == Some(flipped);
            if mv.kind == MoveKind::Normal
                && self.may_promote(&mv, zone, color)
                && (demotion || self.promotion_allowed(flipped, color))
            {
                list.push(mv.with_promotion(flipped));
                if rules.promotion.piece_mandatory {
                    return;
                }
            }
        }
        if !immobile {
            self.push_with_gating(mv, list);
        }
    }

    /// Whether `mv`, a normal move of a piece with a shogi-style promoted form, may promote
    /// by the rules' zone `zone`.
    fn may_promote(&self, mv: &Move, zone: SquareSet, color: Color) -> bool {
        let (from, to) = (zone.contains(mv.from), zone.contains(mv.to));
        match self.rules.promotion.piece_moves {
            PiecePromotionMoves::InZone => return from || to,
            PiecePromotionMoves::Entering => return to && !from,
            PiecePromotionMoves::EnteringOrCapturing | PiecePromotionMoves::Capturing => {}
        }
        let captures = (mv.to != mv.from && self.board[mv.to.index()] != 0) || mv.has_victims();
        if self.rules.promotion.piece_moves == PiecePromotionMoves::Capturing {
            return (from || to) && captures;
        }
        // Entering the zone, or capturing with the start square in it (or the target: then
        // the start is in it, or the move enters).
        (to && !from) || (from && captures) || self.immobile(mv.piece, color, mv.to)
    }

    /// The colour of the piece that makes `mv` (the side to move, for all but odd cases).
    #[inline]
    fn piece_color_of_move(&self, mv: &Move) -> Color {
        if mv.kind == MoveKind::Drop {
            return self.state.side;
        }
        self.piece_at(mv.from).map_or(self.state.side, |p| p.color)
    }

    /// Whether a pawn of `color` may promote to `choice`, or a piece make a shogi-style
    /// promotion into it (promotion limits).
    pub(crate) fn promotion_allowed(&self, choice: PieceId, color: Color) -> bool {
        match self
            .rules
            .promotion
            .limits
            .get(choice as usize)
            .copied()
            .flatten()
        {
            Some(limit) => self.pieces(Piece { color, id: choice }).len() < limit as usize,
            None => true,
        }
    }

    /// Whether a piece of type `id` and `color` on `sq` could never move again.
    pub(crate) fn immobile(&self, id: PieceId, color: Color, sq: Square) -> bool {
        self.rules.pieces[id as usize].immobile[color.index()].contains(sq)
    }

    /// Pushes `mv`, and its gating versions when a never-moved back-rank piece leaves.
    fn push_with_gating(&self, mv: Move, list: &mut MoveList) {
        list.push(mv);
        if !self.rules.gating.enabled || mv.kind == MoveKind::Drop || mv.has(MoveFlags::INDUCED) {
            return;
        }
        let us = self.state.side;
        let g = self.geometry();
        let back_rank = match us {
            Color::White => self.rules.castling.rank as i32,
            Color::Black => g.height() as i32 - 1 - self.rules.castling.rank as i32,
        };
        // A square castling fills again (king and partner swapping squares, in Chess960) is
        // no gate.
        let partner = mv.castle_partner();
        let refilled = |sq: Square| partner.is_some_and(|(_, to)| mv.to == sq || to == sq);
        for &gate in &self.rules.gating.types {
            if self.in_hand(us, gate) == 0 {
                continue;
            }
            // A piece from hand enters only where it could be dropped (no pawn on the first
            // rank), as in Fairy-Stockfish.
            let region = self.drop_region(gate, us);
            if self.virgin.contains(mv.from)
                && g.rank(mv.from) == back_rank
                && region.contains(mv.from)
                && !refilled(mv.from)
            {
                list.push(mv.with_gate(gate, false));
            }
            if let Some((partner_from, _)) = partner {
                if self.virgin.contains(partner_from)
                    && region.contains(partner_from)
                    && !refilled(partner_from)
                {
                    list.push(mv.with_gate(gate, true));
                }
            }
        }
    }

    /// Castling by the rules: the king and a never-moved partner on the castling rank.
    fn rule_castlings(&self, list: &mut MoveList) {
        let rules = &self.rules;
        let castling = &rules.castling;
        let Some(king_id) = castling.king else { return };
        let us = self.state.side;
        let them = us.opponent();
        let g = self.geometry();
        let rank = match us {
            Color::White => castling.rank as i32,
            Color::Black => g.height() as i32 - 1 - castling.rank as i32,
        };
        let kings = self.pieces(Piece {
            color: us,
            id: king_id,
        }) & self.virgin;
        for king in kings.iter() {
            // Only a royal king may not castle out of, through or into check.
            let royal = rules.piece(king_id).royal;
            if g.rank(king) != rank || (royal && self.royal_square_attacked(king, them)) {
                continue;
            }
            for &partner_id in &castling.partners {
                let partners = self.pieces(Piece {
                    color: us,
                    id: partner_id,
                }) & self.virgin;
                for partner in partners.iter().filter(|&p| g.rank(p) == rank) {
                    let kingside = g.file(partner) > g.file(king);
                    let (king_file, partner_file) = if kingside {
                        (
                            castling.kingside_file as i32,
                            castling.kingside_file as i32 - 1,
                        )
                    } else {
                        (
                            castling.queenside_file as i32,
                            castling.queenside_file as i32 + 1,
                        )
                    };
                    let (Some(king_to), Some(partner_to)) =
                        (g.square(king_file, rank), g.square(partner_file, rank))
                    else {
                        continue;
                    };
                    if self.castling_path_clear(king, partner, king_to, partner_to, them, royal) {
                        let mv = Move::castle(king_id, king, king_to, partner, partner_to);
                        self.push_with_gating(mv, list);
                    }
                }
            }
        }
    }

    /// Whether the king and partner can castle: every square they cross or reach is empty but
    /// for themselves, and no square a `royal` king crosses or reaches is attacked.
    fn castling_path_clear(
        &self,
        king: Square,
        partner: Square,
        king_to: Square,
        partner_to: Square,
        them: Color,
        royal: bool,
    ) -> bool {
        let g = self.geometry();
        let rank = g.rank(king);
        let files = [
            g.file(king),
            g.file(partner),
            g.file(king_to),
            g.file(partner_to),
        ];
        let (lo, hi) = (
            *files.iter().min().expect("4 files"),
            *files.iter().max().expect("4"),
        );
        for file in lo..=hi {
            let Some(sq) = g.square(file, rank) else {
                return false;
            };
            if sq != king && sq != partner && self.board[sq.index()] != 0 {
                return false;
            }
        }
        let (a, b) = (
            g.file(king).min(g.file(king_to)),
            g.file(king).max(g.file(king_to)),
        );
        (a..=b)
            .filter_map(|f| g.square(f, rank))
            .all(|sq| sq == king || !royal || !self.royal_square_attacked(sq, them))
    }

    /// Drops of pieces in hand.
    fn drops(&self, list: &mut MoveList) {
        let rules = &self.rules;
        let us = self.state.side;
        let empty = self
            .geometry()
            .squares()
            .filter(|&sq| self.board[sq.index()] == 0);
        let empty: SquareSet = empty.collect();
        for id in 0..rules.pieces.len() as PieceId {
            if self.in_hand(us, id) == 0 && !rules.drops.free {
                continue;
            }
            let mut targets = empty & self.drop_region(id, us);
            if let Some(enclosing) = &rules.drops.enclosing {
                targets = self.enclosed_drops(enclosing, us, targets);
            }
            if let Some(bishop) = rules.drops.opposite_colored {
                targets = self.leave_room_for_bishops(bishop, id, targets, empty);
            }
            for sq in targets.iter() {
                list.push(Move::drop(id, sq));
            }
            // The same drops promoted (Kyoto Shogi), under the unpromoted type's restrictions.
            if let Some(promoted) = rules.pieces[id as usize]
                .promoted
                .filter(|_| rules.drops.promoted)
            {
                for sq in targets.iter() {
                    list.push(Move::drop(id, sq).with_promotion(promoted));
                }
            }
        }
    }

    /// The squares where `us` may put a piece of type `id` from hand, by dropping or gating
    /// it, when they are empty: the drop regions, no pawns on the first rank or in the
    /// promotion zone, no piece where it could never move, no doubled pawns, rooks on the
    /// first rank only, as the rules say.
    fn drop_region(&self, id: PieceId, us: Color) -> SquareSet {
        let rules = &self.rules;
        let mut targets = !SquareSet::EMPTY;
        if let Some(region) = &rules.drops.region {
            targets &= region[us.index()];
        }
        if let Some(region) = &rules.pieces[id as usize].region {
            targets &= region[us.index()];
        }
        if rules.is_pawn(id) {
            if rules.drops.no_pawn_drops_in_zone {
                targets &= !rules.promotion.zone[us.index()];
            }
            if rules.drops.no_pawn_drops_on_first_rank {
                targets &= !self.rank_set(us, 0);
            }
        }
        if rules.promotion.immobility_illegal {
            targets &= !rules.pieces[id as usize].immobile[us.index()];
        }
        if let Some((_, limit)) = rules.drops.no_doubled.filter(|&(t, _)| t == id) {
            if limit == 0 {
                // Every file holds at least none: the type is never dropped.
                targets = SquareSet::EMPTY;
            }
            let g = self.geometry();
            let own = self.pieces(Piece { color: us, id });
            for sq in own.iter() {
                let file = self.file_set(g.file(sq));
                if (own & file).len() >= limit as usize {
                    targets &= !file;
                }
            }
        }
        if rules.drops.first_rank_only == Some(id) {
            targets &= self.rank_set(us, 0);
        }
        targets
    }

    /// The drop squares of `targets` for type `id` that leave room to drop the side's
    /// `bishop`s on both square colours, as Fairy-Stockfish's `dropOppositeColoredBishop`
    /// counts: half of the bishops (on the board and in hand) on each colour.
    fn leave_room_for_bishops(
        &self,
        bishop: PieceId,
        id: PieceId,
        targets: SquareSet,
        empty: SquareSet,
    ) -> SquareSet {
        let us = self.state.side;
        let g = self.geometry();
        let dark = |sq: Square| (g.file(sq) + g.rank(sq)) % 2 == 0;
        let own = self.pieces(Piece {
            color: us,
            id: bishop,
        });
        let total = own.len() + self.in_hand(us, bishop) as usize;
        if id == bishop {
            return targets
                .iter()
                .filter(|&to| {
                    let same = own.iter().filter(|&b| dark(b) == dark(to)).count();
                    same < total.div_ceil(2)
                })
                .collect();
        }
        let mut room = empty;
        if let Some(region) = &self.rules.drops.region {
            room &= region[us.index()];
        }
        targets
            .iter()
            .filter(|&to| {
                let squares = (own | room) & !SquareSet::from_square(to);
                let on_dark = squares.iter().filter(|&sq| dark(sq)).count();
                let on_light = squares.len() - on_dark;
                on_dark >= total / 2 && on_light >= total / 2
            })
            .collect()
    }

    /// The squares of relative rank `rank` (0 = the first rank of `color`).
    fn rank_set(&self, color: Color, rank: i32) -> SquareSet {
        let g = self.geometry();
        let rank = if color == Color::White {
            rank
        } else {
            g.height() as i32 - 1 - rank
        };
        (0..g.width() as i32)
            .filter_map(|f| g.square(f, rank))
            .collect()
    }

    /// The squares of file `file`.
    fn file_set(&self, file: i32) -> SquareSet {
        let g = self.geometry();
        (0..g.height() as i32)
            .filter_map(|r| g.square(file, r))
            .collect()
    }

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

    /// Whether `mv` is one of its piece's initial (`i`) leaps and no other move of it.
    fn is_initial_leap(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from) else {
            return false;
        };
        let leaps = self.table_for(piece, mv.from).leaps(mv.from);
        leaps.iter().any(|l| l.to == mv.to && l.initial.restricts())
            && !leaps
                .iter()
                .any(|l| l.to == mv.to && !l.initial.restricts())
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
        if mv.kind == MoveKind::Castle && self.royals(us).contains(mv.from) {
            let passed = self.squares_between(mv.from, mv.to);
            if self.royal_square_attacked(mv.from, them)
                || passed.iter().any(|sq| self.royal_square_attacked(sq, them))
            {
                return false;
            }
        }
        if self.rules.moves.royal_leap_lost_to.is_some()
            && self.royals(us).contains(mv.from)
            && mv.kind == MoveKind::Normal
            && self.is_initial_leap(mv)
            && self.royal_attacked(us)
        {
            return false;
        }
        if self.rules.moves.makpong
            && mv.kind == MoveKind::Normal
            && self.royals(us).contains(mv.from)
            && self.royal_attacked(us)
            && !(self.piece_at(mv.to).is_some_and(|p| p.color == them)
                && self.attacked_only_from(mv.from, them, mv.to))
        {
            return false;
        }
        if !self.rules.moves.uncapturable.is_empty()
            && mv.kind == MoveKind::Normal
            && self
                .piece_at(mv.to)
                .is_some_and(|p| p.color != us && self.rules.moves.uncapturable.contains(&p.id))
        {
            return false;
        }
        if self.rules.moves.petrify
            && self.rules.pieces[mv.piece as usize].petrifies
            && self.royals(us).contains(mv.from)
            && self.is_capture(&mv)
        {
            // A royal piece that would turn into a wall.
            return false;
        }
        if self.rules.moves.mutually_immune.contains(&mv.piece)
            && mv.kind == MoveKind::Normal
            && mv.to != mv.from
            && self.piece_at(mv.to)
                == Some(Piece {
                    color: them,
                    id: mv.piece,
                })
        {
            return false;
        }
        if self.rules.moves.royal_forward_until_capture
            && !self.state.captured[us.index()]
            && mv.kind != MoveKind::Drop
            && self.royals(us).contains(mv.from)
        {
            let g = self.geometry();
            let ahead = g.rank(mv.to) - g.rank(mv.from);
            if (us == Color::White && ahead <= 0) || (us == Color::Black && ahead >= 0) {
                return false;
            }
        }
        let lion_from_afar = match &self.rules.moves.lion_trading {
            Some(rule) => {
                let takes_lion = mv.kind == MoveKind::Normal
                    && mv.to != mv.from
                    && self.piece_at(mv.to).is_some_and(|p| p.id == rule.lion);
                if takes_lion && self.state.lion_taken {
                    return false;
                }
                let g = self.geometry();
                let afar = (g.file(mv.to) - g.file(mv.from)).abs() > 1
                    || (g.rank(mv.to) - g.rank(mv.from)).abs() > 1;
                let bridge = mv.victims().next().and_then(|sq| self.piece_at(sq));
                takes_lion
                    && afar
                    && mv.piece == rule.lion
                    && bridge.map_or(true, |p| rule.worthless.contains(&p.id))
            }
            None => false,
        };
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
            // No self-explosion; exploding the enemy royal piece wins whatever else.
            self.royals(us).len() == our_royals
                && (self.royals(them).len() < their_royals || !self.royal_attacked(us))
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
        let placed = mv.promotion().unwrap_or(mv.piece);
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
        match self.quick_legality() {
            Some((king, exposure)) => list.retain(|mv| {
                let untouched = !exposure.contains(mv.to)
                    && (mv.kind == MoveKind::Drop || !exposure.contains(mv.from));
                let plain =
                    !mv.has_victims() && !mv.has(MoveFlags::INDUCED) && mv.unload().is_none();
                let quick = match mv.kind {
                    MoveKind::Normal if mv.from == king && plain && !self.rules.flying_general => {
                        return self.royal_safe_after_step(king, mv.to);
                    }
                    MoveKind::Normal => {
                        untouched && mv.from != king && plain && !self.is_sittuyin_promotion(mv)
                    }
                    MoveKind::Drop => {
                        untouched
                            && self.rules.drops.no_drop_mate != Some(mv.piece)
                            && !self.rules.drops.no_checks
                    }
                    MoveKind::Castle | MoveKind::Pass => false,
                };
                quick || self.is_legal_alone(*mv)
            }),
            None => list.retain(|mv| self.is_legal_alone(*mv)),
        }
    }

    /// Whether the royal piece on `king` is safe after stepping to `to` (a plain move, when
    /// every enemy attacks by plain leaps, slides and hops): it is lifted off its square, so
    /// that it does not shield `to` from a slider behind it.
    fn royal_safe_after_step(&mut self, king: Square, to: Square) -> bool {
        let code = self.board[king.index()];
        let captured = self.board[to.index()];
        self.board[king.index()] = 0;
        self.board[to.index()] = code;
        let safe = !self.attacked(to, self.state.side.opponent());
        self.board[to.index()] = captured;
        self.board[king.index()] = code;
        safe
    }

    /// When moves can be judged without making them: the royal piece and its exposure squares.
    ///
    /// That is when the side to move has exactly one royal piece, is not in check, and every
    /// enemy piece on the board attacks by plain leaps, slides and hops. A move that does not
    /// move the royal piece, takes nothing off other squares, and neither leaves nor enters an
    /// exposure square cannot expose the royal piece.
    fn quick_legality(&self) -> Option<(Square, SquareSet)> {
        if !self.rules.quick_legality_allowed() {
            return None;
        }
        let us = self.state.side;
        let them = us.opponent();
        let royals = self.royals(us);
        if royals.len() != 1 {
            return None;
        }
        let king = royals.first()?;
        for id in 0..self.rules.pieces.len() as PieceId {
            if self.pieces(Piece { color: them, id }).is_empty() {
                continue;
            }
            let pt = &self.rules.pieces[id as usize];
            if pt.attacks_by_paths(them) {
                return None;
            }
        }
        if self.attacked(king, them) {
            return None;
        }
        Some((king, self.exposure(king, us)))
    }

    /// The squares whose change of occupancy could open an attack on `king`: the only piece
    /// between it and an enemy slider, the first three pieces (and the squares between) on a
    /// line with an enemy hopper among them, the block squares of enemy lame leapers, and the
    /// file between facing generals.
    fn exposure(&self, king: Square, us: Color) -> SquareSet {
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
        if self.rules.flying_general {
            for other in self.royals(them).iter() {
                if self.geometry().file(other) == self.geometry().file(king) {
                    exposure |= self.squares_between(king, other);
                }
            }
        }
        exposure
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
