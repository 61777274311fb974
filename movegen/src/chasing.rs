//! Xiangqi's chasing rule as the Asian Xiangqi Federation (AXF) has it and Fairy-Stockfish
//! rules it (`chasingRule = axf`): in a repetition, a side that chased the same piece with every
//! one of its moves loses, and a repetition in which both sides did so is a draw. The move rule
//! also grows by two plies for every check beyond ten that one side gave.
//!
//! The rule speaks of xiangqi's pieces. Fairy-Stockfish knows them by their built-in types, and
//! a variant file names those types by their keys, so Kraken gives each piece type the
//! [`ChaseRole`] of the key that declared it ([`ChaseRole::of_key`]): `rook`, `cannon`, `horse`,
//! `elephant`, `fers` (the advisor), `soldier` and `king`; every other type (custom pieces,
//! promoted forms) plays no special part, as Fairy-Stockfish's other types do not. Attacks are
//! the pieces' own moves wherever their regions would let them go (Fairy-Stockfish's attacks
//! ignore mobility regions), and a soldier is promoted where it has its zone moves (across the
//! river; everywhere when the variant gives it no river).
//!
//! Games without the rule pay nothing: [`GameEnd::chasing`](crate::GameEnd::chasing) is `None`
//! and the end checks do not call this file. With it, the work is done only when a position
//! repeats, or the move rule runs out, by walking back over the history.

use std::mem;

use notation::{Color, Square, SquareSet};

use crate::{
    position::{Piece, Position},
    rules::{Outcome, PieceId},
};

/// Checks one side may give before each further one lengthens the move rule by two plies.
const FREE_CHECKS: i32 = 10;

/// Plies since the last null move (or the set-up position) below which the move rule is not
/// lengthened by checks.
const CHECK_WINDOW: usize = 20;

/// The part a piece type plays under the chasing rule: the Fairy-Stockfish type it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChaseRole {
    /// The chariot (`rook`).
    Rook,
    /// The cannon (`cannon`).
    Cannon,
    /// The horse (`horse`), which an occupied square beside it can block.
    Horse,
    /// The elephant (`elephant`).
    Elephant,
    /// The advisor (`fers`).
    Advisor,
    /// The soldier (`soldier`): it chases nothing, and it is not chased before it has crossed
    /// the river.
    Soldier,
    /// The general (`king`): it chases nothing and is not chased.
    King,
    /// Any other type: it chases and is chased like a piece of no special kind.
    Other,
}

impl ChaseRole {
    /// The role of a piece type declared by the variant-file key `key`.
    pub fn of_key(key: &str) -> ChaseRole {
        match key {
            "rook" => ChaseRole::Rook,
            "cannon" => ChaseRole::Cannon,
            "horse" => ChaseRole::Horse,
            "elephant" => ChaseRole::Elephant,
            "fers" => ChaseRole::Advisor,
            "soldier" => ChaseRole::Soldier,
            "king" => ChaseRole::King,
            _ => ChaseRole::Other,
        }
    }
}

/// The chasing rule of a variant: the role of each piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chasing {
    /// The role of each type, indexed by [`PieceId`].
    pub roles: Vec<ChaseRole>,
}

impl Chasing {
    /// The role of type `id` (`Other` for a type the list does not reach).
    fn role(&self, id: PieceId) -> ChaseRole {
        self.roles
            .get(id as usize)
            .copied()
            .unwrap_or(ChaseRole::Other)
    }
}

/// The board change of a move: where the moving piece came from and went to.
#[derive(Clone, Copy, Debug)]
struct BoardMove {
    from: Square,
    to: Square,
}

/// The squares of `b`, with a piece that stood on `mv.to` put back on `mv.from`
/// (Fairy-Stockfish's `undo_move_board`).
fn undo_move_board(mut b: SquareSet, mv: Option<BoardMove>) -> SquareSet {
    if let Some(mv) = mv {
        if b.contains(mv.to) {
            b.remove(mv.to);
            b.insert(mv.from);
        }
    }
    b
}

/// What the chasing rule found over a stretch of history: for each chasing side (by colour
/// index), the pieces it chased with every move so far (in the coordinates of the earliest
/// position looked at), or `None` before its first move was looked at.
type Chased = [Option<SquareSet>; 2];

impl Position {
    /// The chasing rule's verdict on the repetition since the position before move `start` of
    /// the history: `Some(Win)` or `Some(Loss)` for the side to move when only one side chased
    /// the same piece throughout, `Some(Draw)` when both did, `None` when neither did.
    pub(crate) fn perpetual_chase(&self, start: usize) -> Option<Outcome> {
        let chasing = self.rules.end.chasing.as_ref()?;
        let chased = self.chased_since(chasing, start);
        let by = |color: Color| chased[color.index()].is_some_and(|b| !b.is_empty());
        match (by(self.state.side), by(self.state.side.opponent())) {
            (true, true) => Some(Outcome::Draw),
            (true, false) => Some(Outcome::Loss),
            (false, true) => Some(Outcome::Win),
            (false, false) => None,
        }
    }

    /// The pieces each side chased with every move from the position before move `start` of
    /// the history to now, followed back through their own moves. The moves of the side to
    /// move count back to move `start` (the one that reached the first position of the
    /// repetition, unless a null move or the set-up position came before it), the other
    /// side's back to move `start + 1`, as Fairy-Stockfish counts them.
    fn chased_since(&self, chasing: &Chasing, start: usize) -> Chased {
        let mut chased: Chased = [None, None];
        let mut after = self.clone();
        let mut before = after.history.last().map(|_| {
            let mut pos = self.clone();
            pos.unmake();
            pos
        });
        // The blockers of `before` are those of the next `after`.
        let mut after_blockers = None;
        loop {
            let k = after.history.len();
            let real_move = after
                .history
                .last()
                .is_some_and(|undo| !undo.changes.is_empty() || after.state.passed);
            let Some(before_pos) = before.as_mut().filter(|_| real_move) else {
                break;
            };
            let mover = after.state.side.opponent();
            let mv = after.board_move();
            let blockers_after = after_blockers
                .unwrap_or_else(|| Color::ALL.map(|c| blockers(&mut after, chasing, c)));
            let blockers_before = Color::ALL.map(|c| blockers(before_pos, chasing, c));
            let now = match mv {
                Some(mv) => chased_by(
                    &mut after,
                    before_pos,
                    chasing,
                    mv,
                    blockers_after,
                    blockers_before,
                ),
                None => SquareSet::EMPTY,
            };
            let slot = &mut chased[mover.index()];
            *slot = Some(slot.map_or(now, |b| b & now));
            // The other side's chased pieces belong to the mover: follow them back.
            let other = &mut chased[mover.opponent().index()];
            *other = other.map(|b| undo_move_board(b, mv));
            if k <= start {
                break;
            }
            after_blockers = Some(blockers_before);
            after.unmake();
            before = before.and_then(|mut pos| {
                (!pos.history.is_empty()).then(|| {
                    pos.unmake();
                    pos
                })
            });
        }
        chased
    }

    /// Where the last move's piece came from and went to: the changed square a piece of the
    /// mover left empty, and the changed square a piece of the mover now holds; `None` for a
    /// drop, a pass or any move that is not one piece going from one square to another.
    fn board_move(&self) -> Option<BoardMove> {
        let undo = self.history.last()?;
        let mover = self.state.side.opponent();
        let of_mover = |code: u8| Piece::from_code(code).is_some_and(|p| p.color == mover);
        let from = undo
            .changes
            .iter()
            .find(|c| of_mover(c.code) && self.board[c.square.index()] == 0)?;
        let to = undo.changes.iter().find(|c| {
            of_mover(self.board[c.square.index()]) && c.code != self.board[c.square.index()]
        })?;
        Some(BoardMove {
            from: from.square,
            to: to.square,
        })
    }

    /// Whether the move rule is lengthened past the current count by the checks of the last
    /// plies: by two plies for each check beyond ten that the side with more checks gave,
    /// counted over the plies since the last irreversible move, once at least twenty plies
    /// were played since the last null move or the set-up position (Fairy-Stockfish's AXF
    /// adjustment of the n-move rule).
    pub(crate) fn move_rule_lengthened(&self) -> bool {
        if self.rules.end.chasing.is_none() {
            return false;
        }
        let since_null = self.plies_since_null();
        if since_null < CHECK_WINDOW {
            return false;
        }
        // Positions counted, back from this one: the window rounded up to whole moves.
        let window = (self.state.halfmove as usize).min(since_null);
        let count = window + window % 2;
        let mut pos = self.clone();
        // Checks given by the side that made the last move, and by the side to move.
        let mut checks = [0i32; 2];
        for j in 0..count {
            if pos.in_check() {
                checks[j % 2] += 1;
            }
            if j + 1 < count {
                pos.unmake();
            }
        }
        let most = checks[0].max(checks[1]);
        let offset = 2 * (most - FREE_CHECKS).max(0);
        (self.state.halfmove as i32) - offset < self.rules.end.move_rule as i32
    }

    /// Plies played since the last null move, or since the position was set up.
    fn plies_since_null(&self) -> usize {
        let history = &self.history;
        (0..history.len())
            .rev()
            .take_while(|&j| {
                let passed_after = history
                    .get(j + 1)
                    .map_or(self.state.passed, |undo| undo.state.passed);
                !history[j].changes.is_empty() || passed_after
            })
            .count()
    }
}

/// The squares of the pieces of `color` whose type has `role`.
fn with_role(pos: &Position, chasing: &Chasing, color: Color, role: ChaseRole) -> SquareSet {
    chasing
        .roles
        .iter()
        .enumerate()
        .filter(|&(_, &r)| r == role)
        .fold(SquareSet::EMPTY, |set, (id, _)| {
            set | pos.pieces(Piece {
                color,
                id: id as PieceId,
            })
        })
}

/// The square of the general of `color`, if it has one.
fn king_square(pos: &Position, chasing: &Chasing, color: Color) -> Option<Square> {
    with_role(pos, chasing, color, ChaseRole::King).first()
}

/// The soldiers of `color` that have not crossed the river (those without their zone moves).
fn unpromoted_soldiers(pos: &Position, chasing: &Chasing, color: Color) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    for (id, _) in chasing
        .roles
        .iter()
        .enumerate()
        .filter(|&(_, &r)| r == ChaseRole::Soldier)
    {
        let piece = Piece {
            color,
            id: id as PieceId,
        };
        let zone = match &pos.rules.pieces[id].zone_moves {
            Some(zone) => zone.zone[color.index()],
            None => !SquareSet::EMPTY,
        };
        set |= pos.pieces(piece) & !zone;
    }
    set
}

/// Whether the piece on `from` (as the board array holds it) could capture on `target`.
fn attacks(pos: &Position, from: Square, target: Square) -> bool {
    Piece::from_code(pos.board[from.index()]).is_some_and(|piece| {
        from != target
            && pos
                .attacker_among(target, piece, SquareSet::from_square(from))
                .is_some()
    })
}

/// The squares of `targets` the piece on `from` could capture on.
fn attacked_from(pos: &Position, from: Square, targets: SquareSet) -> SquareSet {
    targets
        .iter()
        .filter(|&target| attacks(pos, from, target))
        .collect()
}

/// The pieces of `color` (as the board array holds them) that could capture on `target`.
fn attackers_to(pos: &Position, target: Square, color: Color) -> SquareSet {
    pos.pieces_of(color)
        .iter()
        .filter(|&from| {
            Piece::from_code(pos.board[from.index()]).is_some_and(|p| p.color == color)
                && attacks(pos, from, target)
        })
        .collect()
}

/// Runs `f` with the board array's codes on `squares` replaced by `code` (0 lifts the pieces
/// there: lines through them open), then puts the pieces back.
fn with_codes<R>(
    pos: &mut Position,
    squares: SquareSet,
    code: u8,
    f: impl FnOnce(&mut Position) -> R,
) -> R {
    let saved: Vec<(Square, u8)> = squares
        .iter()
        .map(|sq| (sq, mem::replace(&mut pos.board[sq.index()], code)))
        .collect();
    let result = f(pos);
    for (sq, code) in saved {
        pos.board[sq.index()] = code;
    }
    result
}

/// Fairy-Stockfish's blockers for the general of `color`: the pieces of either side whose
/// removal would let an enemy piece that does not attack the general now attack it.
fn blockers(pos: &mut Position, chasing: &Chasing, color: Color) -> SquareSet {
    let Some(king) = king_square(pos, chasing, color) else {
        return SquareSet::EMPTY;
    };
    let them = color.opponent();
    let checkers = attackers_to(pos, king, them);
    // The pieces attacking the general now keep blocking but stop attacking.
    let stand_in = Piece { color, id: 0 }.code();
    with_codes(pos, checkers, stand_in, |pos| {
        let mut blockers = SquareSet::EMPTY;
        for sq in pos.occupied().iter().filter(|&sq| sq != king) {
            let code = mem::replace(&mut pos.board[sq.index()], 0);
            if !attackers_to(pos, king, them).is_empty() {
                blockers.insert(sq);
            }
            pos.board[sq.index()] = code;
        }
        blockers
    })
}

/// The squares a rook on `from` would reach, the first occupied one on each line included.
fn rook_reach(pos: &Position, from: Square) -> SquareSet {
    let g = pos.geometry();
    let mut reach = SquareSet::EMPTY;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut r) = (g.file(from) + df, g.rank(from) + dr);
        while let Some(sq) = g.square(f, r) {
            reach.insert(sq);
            if pos.board[sq.index()] != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    reach
}

/// The squares a step of offsets `steps` away from `sq`.
fn neighbours(pos: &Position, sq: Square, steps: &[(i32, i32)]) -> SquareSet {
    let g = pos.geometry();
    steps
        .iter()
        .filter_map(|&(df, dr)| g.square(g.file(sq) + df, g.rank(sq) + dr))
        .collect()
}

/// Steps to the orthogonal neighbours.
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Steps to the diagonal neighbours.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares of the rank and of the file of `sq`, `sq` excluded.
fn lines_through(pos: &Position, sq: Square) -> SquareSet {
    let g = pos.geometry();
    g.squares()
        .filter(|&s| s != sq && (g.file(s) == g.file(sq) || g.rank(s) == g.rank(sq)))
        .collect()
}

/// What the last move needs to know to judge what it chased.
struct ChaseView<'a> {
    chasing: &'a Chasing,
    /// The side whose pieces are chased (the side to move).
    us: Color,
    /// Pieces that may not count as protecting: pinned to their general, or alone with it on
    /// the enemy general's file.
    pins: SquareSet,
    /// The enemy general's square.
    their_king: Option<Square>,
}

impl ChaseView<'_> {
    /// Fairy-Stockfish's `addChased`: adds to `b` the pieces of `attacks` that the piece on
    /// `attacker` (of type `id`) chases: those worth more than it, and those it attacks
    /// one-sidedly that nothing protects.
    fn add_chased(
        &self,
        pos: &mut Position,
        b: &mut SquareSet,
        attacker: Square,
        id: PieceId,
        mut attacks_now: SquareSet,
    ) {
        if (attacks_now & !*b).is_empty() {
            return;
        }
        let (us, chasing) = (self.us, self.chasing);
        let kings = with_role(pos, chasing, us, ChaseRole::King);
        attacks_now &= !(kings | unpromoted_soldiers(pos, chasing, us));
        let of = |role| with_role(pos, chasing, us, role);
        let role = chasing.role(id);
        if matches!(role, ChaseRole::Horse | ChaseRole::Cannon) {
            *b |= attacks_now & of(ChaseRole::Rook);
        }
        if matches!(role, ChaseRole::Elephant | ChaseRole::Advisor) {
            *b |=
                attacks_now & (of(ChaseRole::Rook) | of(ChaseRole::Cannon) | of(ChaseRole::Horse));
        }
        // Mutual attacks do not chase, unless the attacked piece is pinned, or it is a horse
        // that a piece beside the attacker keeps from attacking back.
        let same_kind = attacks_now & pos.pieces(Piece { color: us, id });
        if role == ChaseRole::Horse
            && pos
                .occupied()
                .intersects(neighbours(pos, attacker, &DIAGONAL))
        {
            for sq in same_kind.iter() {
                if attacks(pos, sq, attacker) {
                    attacks_now.remove(sq);
                }
            }
        } else {
            attacks_now &= !same_kind | self.pins;
        }
        // Pieces nothing protects (with the attacker lifted), or only the general where it
        // would then face the enemy general.
        with_codes(pos, SquareSet::from_square(attacker), 0, |pos| {
            for sq in attacks_now.iter() {
                let roots = attackers_to(pos, sq, us) & !self.pins;
                let faces = |king: Square| rook_reach(pos, king).contains(sq);
                if roots.is_empty()
                    || (pos.rules.flying_general
                        && roots == kings
                        && self.their_king.is_some_and(faces))
                {
                    b.insert(sq);
                }
            }
        });
    }
}

/// Fairy-Stockfish's `Position::chased`: the pieces of the side to move in `after` that the
/// last move `mv` chased, with `before` the position before it and the blockers (by colour
/// index) of both positions.
fn chased_by(
    after: &mut Position,
    before: &mut Position,
    chasing: &Chasing,
    mv: BoardMove,
    blockers_after: [SquareSet; 2],
    blockers_before: [SquareSet; 2],
) -> SquareSet {
    let us = after.state.side;
    let them = us.opponent();
    let ours = after.pieces_of(us);
    let their_king = king_square(after, chasing, them);
    let mut pins = blockers_after[us.index()];
    if after.rules.flying_general {
        if let Some(king) = their_king {
            let g = after.geometry();
            let file: SquareSet = ours
                .iter()
                .filter(|&sq| g.file(sq) == g.file(king))
                .collect();
            let kings = with_role(after, chasing, us, ChaseRole::King);
            let others = file & !kings;
            if file.intersects(kings) && others.len() <= 1 {
                pins |= others;
            }
        }
    }
    let view = ChaseView {
        chasing,
        us,
        pins,
        their_king,
    };
    let mut b = SquareSet::EMPTY;

    // Direct attacks: only new ones count, so a chariot or cannon gains none along the line
    // it moved on.
    if let Some(moved) = after.piece_at(mv.to) {
        let role = chasing.role(moved.id);
        if !matches!(role, ChaseRole::King | ChaseRole::Soldier) {
            let mut direct = attacked_from(after, mv.to, ours);
            if matches!(role, ChaseRole::Rook | ChaseRole::Cannon) {
                let g = after.geometry();
                let line: SquareSet = g
                    .squares()
                    .filter(|&sq| {
                        (g.file(mv.from) == g.file(mv.to) && g.file(sq) == g.file(mv.to))
                            || (g.rank(mv.from) == g.rank(mv.to) && g.rank(sq) == g.rank(mv.to))
                    })
                    .collect();
                direct &= !line;
            }
            view.add_chased(after, &mut b, mv.to, moved.id, direct);
        }
    }

    // Discovered attacks: a horse whose leg the move freed, an elephant whose eye it freed, a
    // chariot or cannon on a line through the square left, a cannon on a line through the
    // square reached; each counts what it attacks now and did not before the move (the moved
    // piece itself too, judged on its new square against the board before the move).
    let of = |role| with_role(after, chasing, them, role);
    let candidates = (neighbours(after, mv.from, &ORTHOGONAL) & of(ChaseRole::Horse))
        | (neighbours(after, mv.from, &DIAGONAL) & of(ChaseRole::Elephant))
        | (lines_through(after, mv.from) & (of(ChaseRole::Rook) | of(ChaseRole::Cannon)))
        | (lines_through(after, mv.to) & of(ChaseRole::Cannon));
    for sq in candidates.iter() {
        let Some(piece) = after.piece_at(sq) else {
            continue;
        };
        let now = attacked_from(after, sq, ours);
        let earlier = if sq == mv.to {
            with_codes(before, SquareSet::from_square(sq), piece.code(), |pos| {
                attacked_from(pos, sq, ours)
            })
        } else {
            attacked_from(before, sq, ours)
        };
        view.add_chased(after, &mut b, sq, piece.id, now & !earlier);
    }

    // New pins: a piece pinned by the move protects nothing, so what it protected and an
    // unpinned enemy attacks is chased.
    let new_blockers = blockers_after[us.index()] & !blockers_before[us.index()];
    for sq in (new_blockers & ours).iter() {
        let protected = ours
            & !(with_role(after, chasing, us, ChaseRole::King)
                | unpromoted_soldiers(after, chasing, us));
        for target in attacked_from(after, sq, protected).iter() {
            if !(attackers_to(after, target, them) & !blockers_after[them.index()]).is_empty() {
                b.insert(target);
            }
        }
    }

    // Discovered checks: the piece that uncovered the check may take anything it attacks,
    // unless the general could take back on that square.
    if let Some(king) = king_square(after, chasing, us) {
        let board: SquareSet = after.geometry().squares().collect();
        let king_steps = attacked_from(after, king, board);
        for sq in (new_blockers & after.pieces_of(them)).iter() {
            let attacked = attacked_from(after, sq, ours);
            b |= attacked & !king_steps;
            let lifted = SquareSet::from_square(sq) | SquareSet::from_square(king);
            with_codes(after, lifted, 0, |pos| {
                for target in (attacked & king_steps).iter() {
                    if !attackers_to(pos, target, them).is_empty() {
                        b.insert(target);
                    }
                }
            });
        }
    }
    b
}
