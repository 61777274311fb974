//! Walls that moves place, as Fairy-Stockfish's `wallingRule` has them: after its move a side
//! puts a wall (a blocker of neither side that nothing may take, enter or pass, `*` in FEN) on
//! an empty square the rule allows: anywhere (`static`, isolation), on the square the piece
//! left (`past`, snail trail), where the moved piece could go next (`arrow`, the amazons), on
//! an edge or beside a wall (`edge`, atlantis). Duck chess's duck is the wall that moves.
//! With `wallOrMove` a side either moves or passes and places a wall. A piece that petrifies
//! (`petrifyOnCaptureTypes`) turns into a wall where it captures.
//!
//! Games without walls pay nothing: [`Rules::walling`](crate::Rules::walling) is `None`.

use notation::{Square, SquareSet};

use crate::moves::{Move, MoveKind, MoveList};
use crate::position::{sets::SetId, Position, Undo, WALL_CODE};

/// Where a move may place its wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallingRule {
    /// The duck: one blocker that every move also moves, to any empty square (duck chess).
    Duck,
    /// On a square the moved piece could move to, without capturing, from where it went.
    Arrow,
    /// On the square the piece left.
    Past,
    /// On an edge square or orthogonally beside a wall.
    Edge,
    /// On any empty square.
    Static,
}

/// The walling rule of a variant.
#[derive(Clone, Debug)]
pub struct Walling {
    /// The rule.
    pub rule: WallingRule,
    /// Per colour, the squares of the board where that side may place walls
    /// (`wallingRegionWhite/Black`).
    pub region: [SquareSet; 2],
    /// A side either moves or passes and places a wall, never both (`wallOrMove`).
    pub wall_or_move: bool,
}

impl Walling {
    /// The rule in a few words.
    pub fn description(&self) -> &'static str {
        match (self.rule, self.wall_or_move) {
            (WallingRule::Duck, _) => "the duck (a blocker every move also moves)",
            (WallingRule::Arrow, _) => "a wall shot like the moved piece after every move",
            (WallingRule::Past, _) => "a wall on the square every move leaves",
            (WallingRule::Edge, false) => "a wall on the edge or beside a wall after every move",
            (WallingRule::Edge, true) => "a wall on the edge or beside a wall instead of a move",
            (WallingRule::Static, false) => "a wall anywhere after every move",
            (WallingRule::Static, true) => "a wall anywhere instead of a move",
        }
    }
}

impl Position {
    /// The walls moves have placed (not the duck).
    #[inline]
    pub fn walls(&self) -> SquareSet {
        self.sets.get(SetId::Walls)
    }

    /// Puts a wall on the empty square `sq`: board, set and key.
    pub(crate) fn place_wall(&mut self, sq: Square) {
        debug_assert_eq!(self.board[sq.index()], 0);
        self.board[sq.index()] = WALL_CODE;
        self.sets.insert(SetId::Walls, sq);
        self.state.key ^= self.zobrist.wall(sq);
    }

    /// Whether `mv` is a capture by a royal piece of a type that petrifies (it would turn
    /// into a wall).
    pub(crate) fn petrify_vetoes(&self, mv: &Move) -> bool {
        self.rules.moves.petrify
            && self.rules.pieces[mv.piece as usize].petrifies
            && self.royals(self.state.side).contains(mv.from)
            && self.is_capture(mv)
    }

    /// Turns the piece on `sq`, which just captured, into a wall ([`PieceType::petrifies`]).
    ///
    /// [`PieceType::petrifies`]: crate::PieceType::petrifies
    pub(crate) fn petrify(&mut self, undo: &mut Undo, sq: Square) {
        self.record(undo, sq);
        self.take(sq);
        self.set_virgin(sq, false);
        self.set_promoted(sq, false);
        self.place_wall(sq);
        undo.petrified = Some(sq);
    }

    /// Takes the wall off `sq`.
    pub(crate) fn remove_wall(&mut self, sq: Square) {
        debug_assert_eq!(self.board[sq.index()], WALL_CODE);
        self.board[sq.index()] = 0;
        self.sets.remove(SetId::Walls, sq);
        self.state.key ^= self.zobrist.wall(sq);
    }

    /// The pass by which a side that may move or place a wall places one: a "move" of its
    /// piece on the lowest square, as Fairy-Stockfish writes it.
    pub(crate) fn wall_pass_move(&self) -> Option<Move> {
        let sq = self.pieces_of(self.state.side).first()?;
        Some(Move::pass(self.piece_at(sq)?.id, sq))
    }

    /// Replaces each legal move of `list` by its versions with a wall on each square `walling`
    /// allows after it (a move with none disappears); under `wallOrMove` only the passes
    /// place walls.
    pub(crate) fn add_walls(&mut self, walling: &Walling, list: &mut MoveList) {
        let count = list.len();
        let us = self.state.side;
        let edge_or_beside =
            (walling.rule == WallingRule::Edge).then(|| self.edge_or_beside_walls());
        let empty_before = !self.occupied();
        for i in 0..count {
            let mv = list[i];
            if walling.wall_or_move && mv.kind != MoveKind::Pass {
                list.push(mv);
                continue;
            }
            // As Fairy-Stockfish has it, the wall goes on a square that was empty before the
            // move or that the move itself left (its start, its victims', the castling
            // partner's), never on one an explosion cleared.
            let mut left = empty_before;
            left.insert(mv.from);
            let partner = mv.castle_partner().map(|(from, _)| from);
            for sq in mv.victims().chain(partner) {
                left.insert(sq);
            }
            self.make(mv);
            // The squares of the region left empty by the move.
            let mut squares = walling.region[us.index()] & !self.occupied() & !self.walls() & left;
            if let Some(duck) = self.duck() {
                squares.remove(duck);
            }
            if walling.rule == WallingRule::Arrow {
                squares &= self.quiet_targets(mv.to);
            }
            self.unmake();
            match walling.rule {
                WallingRule::Past => squares &= SquareSet::from_square(mv.from),
                WallingRule::Edge => squares &= edge_or_beside.unwrap_or(SquareSet::EMPTY),
                WallingRule::Duck | WallingRule::Arrow | WallingRule::Static => {}
            }
            for sq in squares.iter() {
                list.push(mv.with_wall(sq));
            }
        }
        list.drain(..count);
    }

    /// Where the piece on `from` could move without capturing.
    fn quiet_targets(&self, from: Square) -> SquareSet {
        let Some(piece) = self.piece_at(from) else {
            return SquareSet::EMPTY;
        };
        let mut moves = MoveList::new();
        self.piece_moves(piece, from, &mut moves);
        moves
            .iter()
            .filter(|mv| mv.kind == MoveKind::Normal && !self.is_capture(mv))
            .map(|mv| mv.to)
            .collect()
    }

    /// The edge squares and the squares orthogonally beside a wall.
    fn edge_or_beside_walls(&self) -> SquareSet {
        let g = self.geometry();
        let (last_file, last_rank) = (g.width() as i32 - 1, g.height() as i32 - 1);
        let mut squares: SquareSet = g
            .squares()
            .filter(|&sq| {
                let (f, r) = (g.file(sq), g.rank(sq));
                f == 0 || r == 0 || f == last_file || r == last_rank
            })
            .collect();
        for wall in self.walls().iter() {
            let (f, r) = (g.file(wall), g.rank(wall));
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let Some(sq) = g.square(f + df, r + dr) {
                    squares.insert(sq);
                }
            }
        }
        squares
    }
}

/// Whether `mv` would take, move or land on a square of `blocked` (the duck's or a wall's).
pub(crate) fn touches(mv: &Move, blocked: SquareSet) -> bool {
    blocked.contains(mv.to)
        || mv.victims().any(|sq| blocked.contains(sq))
        || mv
            .companion_squares()
            .is_some_and(|squares| squares.iter().any(|&sq| blocked.contains(sq)))
}
