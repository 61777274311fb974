//! Move ordering: the transposition-table move, then captures and promotions by MVV-LVA and
//! their capture history, then killer moves, then quiet moves by their history, then captures
//! that lose material by static exchange evaluation.
//!
//! The work is done in stages, as late as it can be: a capture's exchange is evaluated when
//! it is about to be handed out, and the quiet moves' histories are read once the captures
//! and killers are used up, so a node cut off by its first moves pays for neither.

use movegen::{Move, MoveKind, MoveList, Position, INLINE_MOVES};
use notation::Color;
use smallvec::SmallVec;

use super::{
    continuation::PieceTo, eval::EvalTables, score::MAX_PLY, see::ExchangeTables,
    thread_data::ThreadData, tt::MoveCode,
};

/// Order score of the transposition-table move.
const TT_MOVE: i32 = 1 << 30;
/// Base order score of captures and promotions whose exchange was found not to lose.
const GOOD_TACTICAL: i32 = 1 << 29;
/// Base order score of captures and promotions whose exchange was not evaluated yet.
const TACTICAL: i32 = 1 << 28;
/// Order score of the first killer (the second gets one less).
const KILLER: i32 = 1 << 27;
/// Order score of a quiet move whose history was not read yet (above every history score).
const UNSCORED_QUIET: i32 = 1 << 26;
/// History scores stay within plus or minus this.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;
/// Order score of a capture that loses nothing by static exchange evaluation; losing
/// captures score this plus their (negative) exchange value, below every quiet move.
const LOSING_CAPTURE: i32 = -(1 << 24);
/// Lowest exchange value a losing capture's order score keeps.
const LOSING_FLOOR: i32 = -(1 << 20);

/// The value of the enemy pieces `mv` captures.
#[inline]
pub(crate) fn capture_value(pos: &Position, tables: &EvalTables, mv: &Move) -> i32 {
    if mv.kind != MoveKind::Normal {
        return 0;
    }
    let them = pos.side_to_move().opponent();
    let mut value = 0;
    for sq in std::iter::once(mv.to).chain(mv.victims()) {
        if let Some(piece) = pos.piece_at(sq) {
            if piece.color == them {
                value += tables.values[piece.id as usize];
            }
        }
    }
    value
}

/// What promoting adds to the moving piece's value.
#[inline]
pub(crate) fn promotion_gain(tables: &EvalTables, mv: &Move) -> i32 {
    mv.promotion().map_or(0, |to| {
        (tables.values[to as usize] - tables.values[mv.piece as usize]).max(0)
    })
}

/// Whether `mv` captures or promotes (the moves quiescence search looks at); a piece dropped
/// promoted or a promoted piece flipping back (Kyoto Shogi) does not count as a promotion.
#[inline]
pub(crate) fn is_tactical(pos: &Position, mv: &Move) -> bool {
    let promotes = mv.promotion().is_some_and(|to| {
        mv.kind == MoveKind::Normal && pos.rules().piece(mv.piece).unpromoted != Some(to)
    });
    promotes || (mv.kind == MoveKind::Normal && (mv.has_victims() || pos.piece_at(mv.to).is_some()))
}

/// Success of quiet moves by (colour, piece type, destination).
#[derive(Debug)]
pub(crate) struct History {
    types: usize,
    squares: usize,
    table: Vec<i32>,
}

impl History {
    /// An empty history for `types` piece types on `squares` squares.
    pub(crate) fn new(types: usize, squares: usize) -> History {
        History {
            types,
            squares,
            table: vec![0; 2 * types * squares],
        }
    }

    #[inline]
    fn index(&self, color: Color, mv: &Move) -> usize {
        (color.index() * self.types + mv.piece as usize) * self.squares + mv.to.index()
    }

    /// The history score of `mv` for `color`.
    #[inline]
    pub(crate) fn get(&self, color: Color, mv: &Move) -> i32 {
        self.table[self.index(color, mv)]
    }

    /// Moves the score of `mv` toward `bonus` (positive: it was good), keeping it bounded.
    #[inline]
    pub(crate) fn update(&mut self, color: Color, mv: &Move, bonus: i32) {
        let i = self.index(color, mv);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.table[i];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}

/// Two quiet moves per ply that caused a cut-off.
#[derive(Debug)]
pub(crate) struct Killers {
    moves: Vec<[Option<Move>; 2]>,
}

impl Killers {
    /// No killers yet.
    pub(crate) fn new() -> Killers {
        Killers {
            moves: vec![[None; 2]; MAX_PLY + 2],
        }
    }

    /// The killers of `ply`.
    #[inline]
    pub(crate) fn get(&self, ply: usize) -> [Option<Move>; 2] {
        self.moves[ply]
    }

    /// Remembers `mv` as the newest killer of `ply`.
    #[inline]
    pub(crate) fn add(&mut self, ply: usize, mv: Move) {
        let slot = &mut self.moves[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// Forgets the killers of `ply` (the children of a new node).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.moves[ply] = [None; 2];
    }
}

/// Hands out the moves of a list best first (selection sort, so a cut-off early saves the
/// rest of the sorting).
#[derive(Debug)]
pub(crate) struct MovePicker {
    scores: SmallVec<[i32; INLINE_MOVES]>,
    next: usize,
    /// The moves one and two plies before (for the continuation histories).
    before: [PieceTo; 2],
    /// Whether captures and promotions that lose material by static exchange evaluation go
    /// behind the quiet moves (the hash move stays first).
    demote_losing: bool,
}

/// What a node knows about its moves before it looks at them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hints {
    pub(crate) tt_move: MoveCode,
    pub(crate) killers: [Option<Move>; 2],
    /// The moves one and two plies before.
    pub(crate) before: [PieceTo; 2],
    /// See [`MovePicker::demote_losing`].
    pub(crate) demote_losing: bool,
}

/// The tables the picker reads while handing out moves.
pub(crate) struct OrderContext<'a> {
    pub(crate) tables: &'a EvalTables,
    /// The histories.
    pub(crate) data: &'a ThreadData,
    pub(crate) exchange: &'a ExchangeTables,
}

impl MovePicker {
    /// Sorts the moves of `moves` into their stages (the hash move, captures by victim,
    /// killers, quiet moves).
    pub(crate) fn new(
        pos: &Position,
        moves: &MoveList,
        ctx: &OrderContext,
        hints: &Hints,
    ) -> MovePicker {
        let tables = ctx.tables;
        let scores = moves
            .iter()
            .map(|mv| {
                if hints.tt_move.matches(mv) {
                    TT_MOVE
                } else if is_tactical(pos, mv) {
                    let victim = capture_value(pos, tables, mv) + promotion_gain(tables, mv);
                    let history = ctx.data.capture.get(pos, mv) / 8;
                    TACTICAL + (victim * 16 - tables.values[mv.piece as usize] / 8 + history).max(0)
                } else if hints.killers[0] == Some(*mv) {
                    KILLER
                } else if hints.killers[1] == Some(*mv) {
                    KILLER - 1
                } else {
                    UNSCORED_QUIET
                }
            })
            .collect();
        MovePicker {
            scores,
            next: 0,
            before: hints.before,
            demote_losing: hints.demote_losing,
        }
    }

    /// The best move not handed out yet, with its order score; `pos` is the position the
    /// moves belong to (it is restored after an exchange is evaluated).
    #[inline]
    pub(crate) fn next(
        &mut self,
        moves: &mut MoveList,
        pos: &mut Position,
        ctx: &OrderContext,
    ) -> Option<(Move, i32)> {
        let start = self.next;
        loop {
            if start >= moves.len() {
                return None;
            }
            let best = start + first_best(&self.scores[start..moves.len()]);
            let score = self.scores[best];
            if (TACTICAL..GOOD_TACTICAL).contains(&score) && self.demote_losing {
                let mv = moves[best];
                let gain = capture_value(pos, ctx.tables, &mv) + promotion_gain(ctx.tables, &mv);
                let see = if ctx.exchange.may_lose(&mv, gain) {
                    ctx.exchange.see(pos, &mv, gain)
                } else {
                    0
                };
                if see < 0 {
                    self.scores[best] = LOSING_CAPTURE + see.max(LOSING_FLOOR);
                    continue;
                }
                // Still the best: good captures of higher victims went out already.
                self.scores[best] = score - TACTICAL + GOOD_TACTICAL;
            } else if score == UNSCORED_QUIET {
                let us = pos.side_to_move();
                for i in start..moves.len() {
                    if self.scores[i] == UNSCORED_QUIET {
                        self.scores[i] = ctx.data.quiet_score(us, &moves[i], self.before);
                    }
                }
                continue;
            }
            moves.swap(start, best);
            self.scores.swap(start, best);
            self.next += 1;
            return Some((moves[start], self.scores[start]));
        }
    }
}

/// The index of the first highest score of `scores` (not empty): the maximum is found in one
/// pass and its place in another, which vectorise, unlike a single pass keeping the index.
#[inline]
fn first_best(scores: &[i32]) -> usize {
    let max = scores.iter().copied().fold(i32::MIN, i32::max);
    scores.iter().position(|&s| s == max).unwrap_or(0)
}

/// The exchange value of a move whose order score is `score`, if it is a losing capture.
#[inline]
pub(crate) fn losing_capture_see(score: i32) -> Option<i32> {
    (LOSING_CAPTURE + LOSING_FLOOR..LOSING_CAPTURE)
        .contains(&score)
        .then_some(score - LOSING_CAPTURE)
}

/// Whether an order score belongs to a killer move.
#[inline]
pub(crate) fn is_killer_score(score: i32) -> bool {
    score == KILLER || score == KILLER - 1
}

#[cfg(test)]
mod tests {
    use variants::Catalog;

    use super::*;

    #[test]
    fn the_first_of_equal_best_scores_is_picked() {
        assert_eq!(first_best(&[i32::MIN]), 0);
        assert_eq!(first_best(&[-5, -3, -3, -9]), 1);
        assert_eq!(first_best(&[1, 7, 2, 7, 7]), 1);
        assert_eq!(first_best(&[0, 0, 0, 4]), 3);
    }

    #[test]
    fn captures_come_first_biggest_victim_first() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let tables = EvalTables::new(&rules);
        // White can take a rook (b7), a knight (a1) or a pawn (a2) with the queen, or a pawn
        // (d5) with a pawn.
        let mut pos = Position::from_fen(rules.clone(), "4k3/1r6/8/3p4/4P3/8/p7/nQ2K3 w - - 0 1")
            .expect("fen");
        let mut moves = pos.legal_moves();
        let data = ThreadData::new(&rules);
        let hints = Hints {
            tt_move: MoveCode::NONE,
            killers: [None; 2],
            before: [PieceTo::NONE; 2],
            demote_losing: true,
        };
        let exchange = ExchangeTables::new(&rules, &tables.values);
        let ctx = OrderContext {
            tables: &tables,
            data: &data,
            exchange: &exchange,
        };
        let mut picker = MovePicker::new(&pos, &moves, &ctx, &hints);
        let order: Vec<Move> =
            std::iter::from_fn(|| picker.next(&mut moves, &mut pos, &ctx).map(|(m, _)| m))
                .take(4)
                .collect();
        let text: Vec<String> = order
            .iter()
            .map(|m| pos.move_text(m, movegen::MoveFormat::default()))
            .collect();
        assert_eq!(text, ["b1b7", "b1a1", "e4d5", "b1a2"]);
    }

    #[test]
    fn history_stays_bounded() {
        let mut history = History::new(6, 64);
        let mv = Move::normal(1, notation::Square(1), notation::Square(18));
        for _ in 0..1000 {
            history.update(Color::White, &mv, 5000);
        }
        assert!(history.get(Color::White, &mv) <= HISTORY_MAX);
        assert!(history.get(Color::White, &mv) > HISTORY_MAX / 2);
        assert_eq!(history.get(Color::Black, &mv), 0);
    }
}
