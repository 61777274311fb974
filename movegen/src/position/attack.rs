//! Attack detection: is a square attacked, is a side in check.

use notation::{Color, Modes, MoveTable, Square, SquareBits, SquareSet};

use crate::{
    plain::first_occupied,
    position::{sets::SetId, Piece, Position},
    walk::{generate_paths, Occupant, PieceBoard},
};

/// The position with a royal piece of `victim` on `target`, for probing attacks.
struct ProbeTarget<'a> {
    pos: &'a Position,
    target: Square,
    victim: Color,
}

impl PieceBoard for ProbeTarget<'_> {
    fn geometry(&self) -> &notation::Geometry {
        self.pos.geometry()
    }

    fn occupant(&self, sq: Square) -> Option<Occupant> {
        if sq == self.target {
            return Some(Occupant {
                color: self.victim,
                royal: true,
                virgin: false,
                ahead_of_start: false,
                kind: u32::MAX,
            });
        }
        self.pos.occupant_at(sq)
    }

    fn ep_squares(&self) -> SquareSet {
        self.pos.ep_squares()
    }

    fn ep_victim(&self) -> Option<Square> {
        self.pos.ep_victim()
    }

    fn table_at(&self, sq: Square) -> Option<&notation::MoveTable> {
        self.pos.table_at(sq)
    }

    fn imitated(&self, color: Color) -> Option<&notation::MoveTable> {
        self.pos.imitated(color)
    }
}

impl Position {
    /// Whether a piece of `by` could capture a royal piece standing on `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        match &self.rules.attack_lines[by.index()] {
            Some(lines) => lines.attacked(self, target),
            None => self.attacked_by_some_type(target, by),
        }
    }

    /// [`attacked`](Position::attacked) asked of each piece type of `by` in turn.
    pub(crate) fn attacked_by_some_type(&self, target: Square, by: Color) -> bool {
        (0..self.rules.pieces.len() as u8)
            .any(|id| self.attacked_by(target, Piece { color: by, id }))
    }

    /// Whether a piece `attacker` (any of them on the board) could capture a royal piece
    /// standing on `target`.
    #[inline]
    pub(crate) fn attacked_by(&self, target: Square, attacker: Piece) -> bool {
        self.attacker_of(target, attacker).is_some()
    }

    /// The square of a piece `attacker` that could capture a royal piece standing on
    /// `target`, if there is one; only pieces the board array holds count (see
    /// [`Exchange`](crate::Exchange), which lifts pieces off it).
    pub(crate) fn attacker_of(&self, target: Square, attacker: Piece) -> Option<Square> {
        match self.sets.words() {
            1 => self.attacker_of_in::<u64>(target, attacker),
            2 => self.attacker_of_in::<u128>(target, attacker),
            _ => self.attacker_of_in::<SquareSet>(target, attacker),
        }
    }

    /// [`attacker_of`](Position::attacker_of) in the board's width `S`.
    fn attacker_of_in<S: SquareBits>(&self, target: Square, attacker: Piece) -> Option<Square> {
        // Where moves must leave their grid cell, pieces in the target's cell do not attack it.
        let squares = self.sets.get_in::<S>(SetId::Code(attacker.code())) & self.grid_reach(target);
        if squares.is_empty() {
            return None;
        }
        let pt = &self.rules.pieces[attacker.id as usize];
        if pt.petrifies && pt.royal {
            // It would turn into a wall by capturing.
            return None;
        }
        if let Some(region) = &pt.region {
            if !region[attacker.color.index()].contains(target) {
                return None;
            }
        }
        self.attacker_among_in(target, attacker, squares)
    }

    /// The square, among `squares`, of a piece `attacker` that could capture a royal piece
    /// standing on `target` by its moves alone, wherever its region would let it go (as
    /// Fairy-Stockfish's attacks ignore mobility regions); `squares` must lie within the
    /// attacker's grid reach.
    pub(crate) fn attacker_among(
        &self,
        target: Square,
        attacker: Piece,
        squares: SquareSet,
    ) -> Option<Square> {
        match self.sets.words() {
            1 => self.attacker_among_in(target, attacker, u64::from_set(squares)),
            2 => self.attacker_among_in(target, attacker, u128::from_set(squares)),
            _ => self.attacker_among_in(target, attacker, squares),
        }
    }

    /// [`attacker_among`](Position::attacker_among) in the board's width `S`.
    fn attacker_among_in<S: SquareBits>(
        &self,
        target: Square,
        attacker: Piece,
        squares: S,
    ) -> Option<Square> {
        let by = attacker.color;
        let them = by.opponent();
        let pt = &self.rules.pieces[attacker.id as usize];
        // Plain leaps and slides, followed backwards: the attacker's moves as the other
        // side makes them lead from the target to the attacker.
        let code = attacker.code();
        let (zone, zone_reverse) = match &pt.zone_moves {
            Some(z) => (
                S::from_set_ref(&z.zone[by.index()]),
                Some(&z.attack_tables[them.index()]),
            ),
            None => (S::EMPTY, None),
        };
        let reverse = &pt.attack_tables[them.index()];
        let outside = squares & !zone;
        if S::from_set(reverse.reach(target)).intersects(outside) {
            if let Some(from) = self.reverse_attack(reverse, target, code, outside) {
                return Some(from);
            }
        }
        if let Some(reverse) = zone_reverse {
            if let Some(from) = self.reverse_attack(reverse, target, code, squares & zone) {
                return Some(from);
            }
        }
        if pt.line_moves.is_some() && self.rules.diagonal_lines.contains(target) {
            let lines = squares & S::from_set_ref(&self.rules.diagonal_lines);
            if let Some(from) = lines.iter().find(|&from| {
                self.board[from.index()] == code && self.line_attacks(attacker, from, target)
            }) {
                return Some(from);
            }
        }
        // Everything else: generate the capturing paths and look for the target.
        if pt.attacks_by_paths(by) {
            for from in squares.iter() {
                if self.captures_from(attacker, from, target) {
                    return Some(from);
                }
            }
        }
        None
    }

    /// The square of a piece with board code `code` standing on one of `allowed` that reaches
    /// `target` by a plain leap, hop or slide of `reverse` (its attack table for the other
    /// colour), if there is one.
    #[inline]
    fn reverse_attack<S: SquareBits>(
        &self,
        reverse: &MoveTable,
        target: Square,
        code: u8,
        allowed: S,
    ) -> Option<Square> {
        for leap in reverse.leaps(target) {
            if self.board[leap.to.index()] == code
                && leap.modes.intersects(Modes::TAKES_ROYAL)
                && allowed.contains(leap.to)
                && self.initial_ok(
                    leap.initial,
                    Piece::from_code(code).expect("a piece"),
                    leap.to,
                )
                && !leap
                    .block_reverse
                    .is_some_and(|b| self.board[b.index()] != 0)
            {
                return Some(leap.to);
            }
        }
        for hop in reverse.hops(target) {
            if !hop.modes.intersects(Modes::TAKES_ROYAL) {
                continue;
            }
            // Backwards: the landing stretch to the mount, then the approach to the hopper.
            let squares = reverse.hop_squares(hop);
            let occupied = |sq: Square| self.board[sq.index()] != 0;
            let Some(mount) = first_occupied(squares, hop.landing_range, occupied) else {
                continue;
            };
            let rest = &squares[mount + 1..];
            if let Some(k) = first_occupied(rest, hop.mount_range, occupied) {
                if self.board[rest[k].index()] == code
                    && allowed.contains(rest[k])
                    && self.hop_allows(
                        Piece::from_code(code).expect("a piece"),
                        self.board[squares[mount].index()],
                    )
                {
                    return Some(rest[k]);
                }
            }
        }
        for slide in reverse.slides(target) {
            if !slide.modes.intersects(Modes::TAKES_ROYAL) {
                continue;
            }
            for &sq in reverse.slide_squares(slide) {
                let here = self.board[sq.index()];
                if here != 0 {
                    if here == code && allowed.contains(sq) {
                        return Some(sq);
                    }
                    break;
                }
            }
        }
        None
    }

    /// Whether the piece `attacker` on `from` could capture a royal enemy standing on `target`
    /// (which may be empty now: the square is probed as if that piece stood there).
    fn captures_from(&self, attacker: Piece, from: Square, target: Square) -> bool {
        let table = self.table_for(attacker, from);
        let Some(mover) = self.occupant_at(from) else {
            return false;
        };
        let view = ProbeTarget {
            pos: self,
            target,
            victim: attacker.color.opponent(),
        };
        let mut found = false;
        generate_paths(table, &view, from, mover, &mut |mv| {
            if mv.captures.contains(&target) {
                found = true;
            }
        });
        found
    }

    /// Whether a royal piece of `color` is attacked (where captures explode, a royal piece
    /// next to an enemy royal piece cannot be taken).
    pub fn royal_attacked(&self, color: Color) -> bool {
        if self.rules.moves.duple_check {
            let royals = self.royals(color);
            return !royals.is_empty()
                && royals
                    .iter()
                    .all(|sq| self.royal_square_attacked(sq, color.opponent()));
        }
        self.royals(color)
            .iter()
            .any(|sq| self.royal_square_attacked(sq, color.opponent()))
    }

    /// Whether a royal piece on `sq` could be taken by `by`: [`attacked`](Position::attacked)
    /// or burned by a Fire Demon, unless captures explode and `sq` is next to a royal piece of
    /// `by`.
    #[inline]
    pub(crate) fn royal_square_attacked(&self, sq: Square, by: Color) -> bool {
        if self.rules.moves.blast && self.rules.neighbours[sq.index()].intersects(self.royals(by)) {
            return false;
        }
        self.attacked(sq, by) || (self.rules.moves.burning && self.burn_threat(sq, by))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.state.side)
    }

    /// Whether royal pieces of both sides face each other on a file with nothing between
    /// (forbidden when the rules say so).
    pub(crate) fn generals_face(&self) -> bool {
        self.royals(Color::White)
            .iter()
            .any(|sq| self.faces_royal_of(sq, Color::Black))
    }

    /// Whether a royal piece of `color` stands on the file of `sq` with nothing between the
    /// two on the board array (a probe may have moved pieces on the array alone; a royal
    /// piece on `sq` itself does not count).
    pub(crate) fn faces_royal_of(&self, sq: Square, color: Color) -> bool {
        let width = self.geometry().width() as usize;
        self.royals(color).iter().any(|other| {
            let (a, b) = (sq.index().min(other.index()), sq.index().max(other.index()));
            // The squares between, a rank apart on the board array (a hole holds nothing).
            a != b
                && (b - a) % width == 0
                && (a + width..b)
                    .step_by(width)
                    .all(|between| self.board[between] == 0)
        })
    }
}
