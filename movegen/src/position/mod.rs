//! A position: board, hands, side to move, rights and counters, with an incremental key.
//!
//! The core of the generator lives here, a file per part: making and unmaking moves
//! (`make.rs`, `null_move.rs`), pseudo-legal generation, promotions, gating,
//! castling, drops, legality, attacks, FEN, move text, hashing and the end of the game. The
//! special rules of single variant families live beside this module, in files of their own.

mod attack;
pub(crate) mod attack_table;
mod castling;
pub(crate) use castling::CastlingSquares;
pub(crate) mod count;
mod drops;
pub(crate) mod fen;
pub(crate) mod game_end;
mod gating;
pub(crate) mod generate;
mod legality;
mod make;
mod null_move;
mod promotion;
pub(crate) mod sets;
pub(crate) mod text;
pub(crate) mod zobrist;

use std::sync::Arc;

use arrayvec::ArrayVec;
use notation::{Color, Geometry, Initial, MoveTable, Square, SquareBits, SquareSet};

use crate::{
    plain::OccupancySets,
    position::{
        sets::{BoardSets, SetId},
        zobrist::Zobrist,
    },
    rules::{OneRoyal, PieceId, Rules, MAX_PIECE_TYPES},
    walk::{Occupant, PieceBoard},
};

/// Moves the undo stack holds before it has to grow (make/unmake then never allocate in
/// searches and perft below this depth).
const HISTORY_CAPACITY: usize = 512;

/// The byte the board stores for the duck or a wall ([`Rules::walling`](crate::Rules::walling)):
/// a square that holds no piece but is not empty.
pub(crate) const WALL_CODE: u8 = u8::MAX;

/// A piece on the board: a colour and a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its type.
    pub id: PieceId,
}

impl Piece {
    /// The byte the board stores for this piece (never 0).
    #[inline]
    pub const fn code(self) -> u8 {
        1 + (self.id << 1) + self.color as u8
    }

    /// The piece stored as `code`, or `None` for 0 (empty) and for the duck or a wall.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code == WALL_CODE {
            return None;
        }
        let color = if (code - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece {
            color,
            id: (code - 1) >> 1,
        })
    }
}

/// What a move changed on one square, for unmaking it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SquareChange {
    pub(crate) square: Square,
    pub(crate) code: u8,
    pub(crate) virgin: bool,
    pub(crate) promoted: bool,
}

/// Everything about a position but its board and hands: the side to move, rights, counters
/// and the key. A move saves it whole and unmake puts it back whole.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub(crate) side: Color,
    pub(crate) ep_squares: SquareSet,
    /// The piece an e.p. capture on `ep_squares` takes.
    pub(crate) ep_victim: Option<Square>,
    /// The type of the last piece moved, but an imitator (what an imitator copies).
    pub(crate) last_moved: Option<PieceId>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    /// Checks each side may still give before losing (n-check games); 1 otherwise.
    pub(crate) checks: [u8; 2],
    /// Whether each side has captured since the position was set up (simplified gryphon
    /// chess's royal pieces move only forward until then); not part of the FEN, as in
    /// cutechess-cli.
    pub(crate) captured: [bool; 2],
    /// The counting limit in plies (0: no count running), under the variant's counting rule.
    pub(crate) counting_limit: u16,
    /// The plies counted towards `counting_limit`.
    pub(crate) counting_ply: u16,
    /// The last move took a Lion with a piece other than a Lion (Chu Shogi's Lion trading:
    /// the reply may not take a Lion); not part of the FEN, as in XBoard.
    pub(crate) lion_taken: bool,
    /// The last move was a pass ([`Rules::pass`](crate::Rules::pass)); not part of the FEN, as
    /// in Fairy-Stockfish.
    pub(crate) passed: bool,
    /// The duck's square ([`Rules::duck`](crate::Rules::duck)); the board holds
    /// [`WALL_CODE`] there.
    pub(crate) duck: Option<Square>,
    /// The incremental Zobrist key.
    pub(crate) key: u64,
}

impl State {
    /// The state of an empty board: white to move, move 1, no rights.
    const START: State = State {
        side: Color::White,
        ep_squares: SquareSet::EMPTY,
        ep_victim: None,
        last_moved: None,
        halfmove: 0,
        fullmove: 1,
        checks: [1, 1],
        captured: [false; 2],
        counting_limit: 0,
        counting_ply: 0,
        lion_taken: false,
        passed: false,
        duck: None,
        key: 0,
    };
}

/// Everything needed to take a move back.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    pub(crate) changes: ArrayVec<SquareChange, 20>,
    pub(crate) hand_changes: ArrayVec<(Color, PieceId, i8), 4>,
    /// The state before the move.
    pub(crate) state: State,
    /// The wall the move placed (not the duck).
    pub(crate) wall: Option<Square>,
    /// The square where the moved piece turned into a wall.
    pub(crate) petrified: Option<Square>,
    /// Whether pieces the move's explosion removed turned into walls
    /// ([`MoveRules::petrify_blast`](crate::MoveRules::petrify_blast)): the walls on the
    /// squares in `changes`.
    pub(crate) blast_petrified: bool,
    /// Whether the move castled, and toward which side (`Some(true)`: kingside), for the
    /// rules that look at the last move (`castlingWins`); unmake restores nothing from it.
    pub(crate) castled: Option<bool>,
}

impl Undo {
    /// Whether the move `mover` made (recorded here) took an enemy piece.
    pub(crate) fn captured_by(&self, mover: Color) -> bool {
        self.changes
            .iter()
            .any(|c| Piece::from_code(c.code).is_some_and(|p| p.color != mover))
    }
}

/// A position of a variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) zobrist: Arc<Zobrist>,
    pub(crate) board: Vec<u8>,
    /// The pieces by colour and by code, the royal, never-moved and promoted pieces and the
    /// walls, in the board's width.
    pub(crate) sets: BoardSets,
    pub(crate) hands: [[u8; MAX_PIECE_TYPES]; 2],
    /// The side to move, rights, counters and key: what unmake restores as a whole.
    pub(crate) state: State,
    pub(crate) history: Vec<Undo>,
    /// Per move made, the pieces it turned over ([`MoveRules::flip`](crate::MoveRules::flip);
    /// an empty set for a null move; no entries without that rule).
    pub(crate) flipped: Vec<SquareSet>,
}

impl Position {
    /// An empty board of `rules`, white to move.
    pub fn empty(rules: Arc<Rules>) -> Position {
        let zobrist = Arc::new(Zobrist::new(&rules));
        Position::empty_with(rules, zobrist)
    }

    pub(crate) fn empty_with(rules: Arc<Rules>, zobrist: Arc<Zobrist>) -> Position {
        let squares = rules.geometry.num_squares();
        Position {
            board: vec![0; squares],
            sets: BoardSets::new(rules.geometry.set_words()),
            hands: [[0; MAX_PIECE_TYPES]; 2],
            state: State::START,
            history: Vec::with_capacity(HISTORY_CAPACITY),
            flipped: Vec::new(),
            rules,
            zobrist,
        }
    }

    /// The rules of the variant.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A shared handle to the rules.
    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The board geometry.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.rules.geometry
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.state.side
    }

    /// Squares of the pieces of `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        self.sets.get(SetId::Color(color))
    }

    /// Squares of pieces of `piece`'s colour and type.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> SquareSet {
        self.sets.get(SetId::Code(piece.code()))
    }

    /// The board's pieces from `us`'s side, in the board's width `S`.
    #[inline]
    pub(crate) fn occupancy<S: SquareBits>(&self, us: Color) -> OccupancySets<S> {
        OccupancySets::new(
            self.sets.get_in(SetId::Color(us)),
            self.sets.get_in(SetId::Color(us.opponent())),
        )
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.pieces_of(Color::White) | self.pieces_of(Color::Black)
    }

    /// Squares of the royal pieces of `color`.
    #[inline]
    pub fn royals(&self, color: Color) -> SquareSet {
        let all = self.sets.get(SetId::Royals(color));
        match self.rules.one_royal {
            OneRoyal::All => all,
            OneRoyal::Alone | OneRoyal::AloneBeforeMove if all.len() > 1 => SquareSet::EMPTY,
            OneRoyal::Alone | OneRoyal::AloneBeforeMove => all,
            choice if all.len() > 1 => {
                // Only the first in file order is royal (two-kings chess).
                let g = self.geometry();
                let mirrored = choice == OneRoyal::FileThenRelativeRank && color == Color::Black;
                let order = |sq: Square| {
                    let rank = if mirrored { -g.rank(sq) } else { g.rank(sq) };
                    (g.file(sq), rank)
                };
                let first = all.iter().min_by_key(|&sq| order(sq));
                first.map_or(all, SquareSet::from_square)
            }
            _ => all,
        }
    }

    /// The squares of the pieces that have never moved.
    #[inline]
    pub(crate) fn virgin_squares(&self) -> SquareSet {
        self.sets.get(SetId::Virgin)
    }

    /// Whether the piece on `sq` has never moved.
    #[inline]
    pub fn is_virgin(&self, sq: Square) -> bool {
        self.sets.contains(SetId::Virgin, sq)
    }

    /// Whether the piece on `sq` is a promoted piece that demotes when captured (`~`).
    #[inline]
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.sets.contains(SetId::Promoted, sq)
    }

    /// How many pieces of type `id` `color` holds in hand.
    #[inline]
    pub fn in_hand(&self, color: Color, id: PieceId) -> u8 {
        self.hands[color.index()][id as usize]
    }

    /// Squares with e.p. rights.
    #[inline]
    pub fn ep_squares(&self) -> SquareSet {
        self.state.ep_squares
    }

    /// The piece an e.p. capture takes.
    #[inline]
    pub fn ep_victim(&self) -> Option<Square> {
        self.state.ep_victim
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    /// The move number, starting at 1 and counting up after black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.state.fullmove
    }

    /// How many more checks `color` must give to win (check counting variants).
    #[inline]
    pub fn checks_remaining(&self, color: Color) -> u8 {
        self.state.checks[color.index()]
    }

    /// The type of the last-moved piece (what an imitator copies).
    #[inline]
    pub fn last_moved(&self) -> Option<PieceId> {
        self.state.last_moved
    }

    /// Whether the last move took a Lion with a piece other than a Lion, so that this move may
    /// not take a Lion (Chu Shogi's Lion trading); no FEN holds it.
    #[inline]
    pub fn lion_taken(&self) -> bool {
        self.state.lion_taken
    }

    /// Whether the last move was a pass; no FEN holds it.
    #[inline]
    pub fn passed(&self) -> bool {
        self.state.passed
    }

    /// The duck's square ([`Rules::duck`](crate::Rules::duck)).
    #[inline]
    pub fn duck(&self) -> Option<Square> {
        self.state.duck
    }

    /// The incremental Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.state.key
    }

    /// Number of moves made since the position was set up.
    #[inline]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Computes the key from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let z = &self.zobrist;
        let mut key = 0;
        for sq in self.occupied().iter() {
            key ^= z.piece(self.board[sq.index()], sq);
        }
        for sq in self.virgin_squares().iter() {
            key ^= z.virgin(sq);
        }
        for sq in self.sets.get(SetId::Promoted).iter() {
            key ^= z.promoted(sq);
        }
        for sq in self.state.ep_squares.iter() {
            key ^= z.ep(sq);
        }
        for color in Color::ALL {
            for id in 0..self.rules.pieces.len() {
                key ^= z.hand(color.index(), id as u8, self.hands[color.index()][id]);
            }
        }
        if self.state.side == Color::Black {
            key ^= z.side;
        }
        if self.rules.end.check_counting {
            key ^= z.checks(0, self.state.checks[0]) ^ z.checks(1, self.state.checks[1]);
        }
        for color in Color::ALL {
            if self.state.captured[color.index()] {
                key ^= z.captured(color.index());
            }
        }
        if self.state.lion_taken {
            key ^= z.lion_taken();
        }
        if self.state.passed {
            key ^= z.passed();
        }
        if let Some(duck) = self.duck() {
            key ^= z.wall(duck);
        }
        for wall in self.walls().iter() {
            key ^= z.wall(wall);
        }
        key
    }

    /// Moves the duck to `to` (off the board for `None`): board and key.
    #[inline]
    pub(crate) fn set_duck(&mut self, to: Option<Square>) {
        if let Some(old) = self.duck() {
            self.board[old.index()] = 0;
            self.state.key ^= self.zobrist.wall(old);
        }
        self.state.duck = to;
        if let Some(new) = to {
            debug_assert_eq!(self.board[new.index()], 0);
            self.board[new.index()] = WALL_CODE;
            self.state.key ^= self.zobrist.wall(new);
        }
    }

    /// Puts `piece` on the empty square `sq` (board, bitboards and key).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let code = piece.code();
        debug_assert_eq!(self.board[sq.index()], 0);
        self.board[sq.index()] = code;
        self.sets.insert(SetId::Color(piece.color), sq);
        self.sets.insert(SetId::Code(code), sq);
        if self.rules.pieces[piece.id as usize].royal {
            self.sets.insert(SetId::Royals(piece.color), sq);
        }
        self.state.key ^= self.zobrist.piece(code, sq);
    }

    /// Removes the piece on `sq` (board, bitboards and key); returns its code.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> u8 {
        let code = self.board[sq.index()];
        if let Some(piece) = Piece::from_code(code) {
            self.board[sq.index()] = 0;
            self.sets.remove(SetId::Color(piece.color), sq);
            self.sets.remove(SetId::Code(code), sq);
            self.sets.remove(SetId::Royals(piece.color), sq);
            self.state.key ^= self.zobrist.piece(code, sq);
        }
        code
    }

    /// Sets or clears the never-moved flag of `sq`.
    #[inline]
    pub(crate) fn set_virgin(&mut self, sq: Square, virgin: bool) {
        if self.sets.set(SetId::Virgin, sq, virgin) {
            self.state.key ^= self.zobrist.virgin(sq);
        }
    }

    /// Sets or clears the promoted flag of `sq`.
    #[inline]
    pub(crate) fn set_promoted(&mut self, sq: Square, promoted: bool) {
        if self.sets.set(SetId::Promoted, sq, promoted) {
            self.state.key ^= self.zobrist.promoted(sq);
        }
    }

    /// Sets the hand count of `id` for `color`.
    #[inline]
    pub(crate) fn set_hand(&mut self, color: Color, id: PieceId, count: u8) {
        let old = &mut self.hands[color.index()][id as usize];
        self.state.key ^= self.zobrist.hand(color.index(), id, *old)
            ^ self.zobrist.hand(color.index(), id, count);
        *old = count;
    }

    /// Sets the number of checks `color` must still give.
    #[inline]
    pub(crate) fn set_checks(&mut self, color: Color, count: u8) {
        let old = &mut self.state.checks[color.index()];
        self.state.key ^=
            self.zobrist.checks(color.index(), *old) ^ self.zobrist.checks(color.index(), count);
        *old = count;
    }

    /// Replaces the e.p. rights.
    #[inline]
    pub(crate) fn set_ep(&mut self, squares: SquareSet, victim: Option<Square>) {
        self.state.ep_victim = victim;
        if squares.is_empty() && self.state.ep_squares.is_empty() {
            return;
        }
        for sq in (self.state.ep_squares ^ squares).iter() {
            self.state.key ^= self.zobrist.ep(sq);
        }
        self.state.ep_squares = squares;
    }

    /// The table for the piece on `sq` moving from there (zone moves included).
    #[inline]
    pub(crate) fn table_for(&self, piece: Piece, sq: Square) -> &MoveTable {
        let pt = &self.rules.pieces[piece.id as usize];
        if let Some(zone) = &pt.zone_moves {
            if zone.zone[piece.color.index()].contains(sq) {
                return &zone.tables[piece.color.index()];
            }
        }
        &pt.tables[piece.color.index()]
    }

    /// Whether the piece on `sq` may make its initial (`i`) moves: it has never moved, or its
    /// type allows them anywhere on its initial squares
    /// ([`PieceType::initial_in_region`](crate::PieceType::initial_in_region)).
    #[inline]
    pub(crate) fn initial_allowed(&self, piece: Piece, sq: Square) -> bool {
        if self.is_virgin(sq) {
            return true;
        }
        let pt = &self.rules.pieces[piece.id as usize];
        pt.initial_in_region && pt.initial_squares[piece.color.index()].contains(sq)
    }

    /// Whether the piece on `sq` may make a move restricted by `initial`: its initial (`i`)
    /// moves, or its moves from a rank ahead of its start (`ii`).
    #[inline]
    pub(crate) fn initial_ok(&self, initial: Initial, piece: Piece, sq: Square) -> bool {
        match initial {
            Initial::Any => true,
            Initial::Virgin => self.initial_allowed(piece, sq),
            Initial::AheadOfStart => self.rules.pieces[piece.id as usize].ahead_of_start
                [piece.color.index()]
            .contains(sq),
        }
    }

    /// The squares from which a piece `piece` may make a move restricted by `initial`: the
    /// squares [`initial_ok`](Position::initial_ok) admits, as a set.
    #[inline]
    pub(crate) fn initial_squares<S: SquareBits>(&self, initial: Initial, piece: Piece) -> S {
        let pt = &self.rules.pieces[piece.id as usize];
        let color = piece.color.index();
        match initial {
            Initial::Any => !S::EMPTY,
            Initial::Virgin if pt.initial_in_region => {
                self.sets.get_in::<S>(SetId::Virgin) | S::from_set_ref(&pt.initial_squares[color])
            }
            Initial::Virgin => self.sets.get_in(SetId::Virgin),
            Initial::AheadOfStart => S::from_set_ref(&pt.ahead_of_start[color]),
        }
    }

    /// What the walker sees on `sq`.
    #[inline]
    pub(crate) fn occupant_at(&self, sq: Square) -> Option<Occupant> {
        if self.board[sq.index()] == WALL_CODE {
            // The duck or a wall blocks like a friend of the mover; moves that would take it
            // or move it are removed after generation.
            return Some(Occupant {
                color: self.state.side,
                royal: false,
                virgin: false,
                ahead_of_start: false,
                kind: u32::MAX,
            });
        }
        let piece = self.piece_at(sq)?;
        Some(Occupant {
            color: piece.color,
            royal: self.rules.pieces[piece.id as usize].royal,
            virgin: self.initial_allowed(piece, sq),
            ahead_of_start: self.initial_ok(Initial::AheadOfStart, piece, sq),
            kind: piece.id as u32,
        })
    }
}

impl PieceBoard for Position {
    fn geometry(&self) -> &Geometry {
        &self.rules.geometry
    }

    fn occupant(&self, sq: Square) -> Option<Occupant> {
        self.occupant_at(sq)
    }

    fn ep_squares(&self) -> SquareSet {
        self.state.ep_squares
    }

    fn ep_victim(&self) -> Option<Square> {
        Position::ep_victim(self)
    }

    fn table_at(&self, sq: Square) -> Option<&MoveTable> {
        let piece = self.piece_at(sq)?;
        Some(self.table_for(piece, sq))
    }

    fn imitated(&self, color: Color) -> Option<&MoveTable> {
        let id = self.last_moved()?;
        Some(&self.rules.pieces[id as usize].tables[color.index()])
    }
}
