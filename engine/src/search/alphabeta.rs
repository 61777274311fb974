//! The principal variation search below the root, and quiescence search.

use std::{
    sync::atomic::{AtomicBool, AtomicU64, Ordering},
    time::{Duration, Instant},
};

use super::{
    continuation::PieceTo,
    correction::CorrectionKeys,
    eval::EvalTables,
    net_eval::NetStack,
    ordering::{
        capture_value, is_killer_score, is_tactical, losing_capture_see, promotion_gain, Hints,
        Killers, MovePicker, OrderContext,
    },
    score::{
        from_tt, is_mate, mate_in, mated_in, outcome_score, to_tt, INFINITE, MATE_BOUND, MAX_PLY,
    },
    see::ExchangeTables,
    thread_data::ThreadData,
    time::TimeManager,
    tt::{Entry, MoveCode, TranspositionTable},
    Bound, Control,
};
use arrayvec::ArrayVec;
use movegen::{Move, MoveList, Position};

/// Nodes between two looks at the clock and the stop flags.
const POLL_INTERVAL: u64 = 1024;
/// Nodes between two looks when a node limit is set (so that it is met closely).
const POLL_INTERVAL_NODE_LIMIT: u64 = 64;
/// Longest wait between two looks: when nodes are slow (pieces with long multi-leg walks),
/// the search looks after fewer nodes, so that `stop` and the clock are obeyed promptly.
const POLL_GAP: Duration = Duration::from_millis(5);
/// Deepest reverse-futility pruning, and its margin per ply.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 80;
/// Shallowest null-move search.
const NULL_MOVE_DEPTH: i32 = 3;
/// Deepest futility pruning of quiet moves, and its margins.
const FUTILITY_DEPTH: i32 = 6;
const FUTILITY_BASE: i32 = 100;
const FUTILITY_MARGIN: i32 = 90;
/// Deepest late-move pruning.
const LMP_DEPTH: i32 = 6;
/// Deepest pruning of moves that lose material by static exchange evaluation, and the loss
/// per ply (captures) or per ply squared (quiet moves) beyond which they are pruned.
const SEE_PRUNE_DEPTH: i32 = 6;
const SEE_CAPTURE_MARGIN: i32 = 90;
const SEE_QUIET_MARGIN: i32 = 20;
/// Shallowest depth where a missing hash move costs one ply (internal iterative reduction).
const IIR_DEPTH: i32 = 6;
/// Shallowest depth where the hash move is tested for being singular, how much shallower its
/// hash entry may be, and the margin below the hash score per ply of depth.
const SINGULAR_DEPTH: i32 = 7;
const SINGULAR_ENTRY_SLACK: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;
/// Quiescence plies after which only captures of check-free positions are searched.
const QS_CHECK_PLIES: usize = 4;
/// Deepest quiescence search, in plies below its start.
const QS_MAX_PLIES: usize = 16;
/// Margin of delta pruning in quiescence search.
const DELTA_MARGIN: i32 = 150;
/// Most quiet moves remembered per node for history penalties.
const MAX_QUIETS: usize = 64;
/// Most captures and promotions remembered per node for capture-history penalties.
const MAX_CAPTURES: usize = 32;

/// What all search threads share.
#[derive(Debug)]
pub(crate) struct Shared<'a> {
    /// The transposition table.
    pub(crate) tt: &'a TranspositionTable,
    /// The front end's stop and ponder flags.
    pub(crate) control: &'a Control,
    /// Set when the search is over (by a limit or by `control.stop`).
    pub(crate) abort: AtomicBool,
    /// Nodes searched by all threads (each adds its count now and then).
    pub(crate) nodes: AtomicU64,
    /// The node limit.
    pub(crate) node_limit: Option<u64>,
}

/// One search thread: its own position, ordering tables and principal variation.
#[derive(Debug)]
pub(crate) struct Worker<'a> {
    pub(crate) pos: Position,
    pub(crate) shared: &'a Shared<'a>,
    pub(crate) tables: &'a EvalTables,
    /// The main thread's clock (helpers have none and follow `shared.abort`).
    pub(crate) time: Option<TimeManager>,
    /// Whether the last poll saw pondering.
    was_pondering: bool,
    /// Nodes searched by this thread.
    pub(crate) nodes: u64,
    unflushed: u64,
    /// Nodes between two looks at the clock and the flags (fewer while nodes are slow), at
    /// most `max_poll_interval`.
    poll_interval: u64,
    max_poll_interval: u64,
    last_poll: Instant,
    /// Deepest ply reached in this iteration.
    pub(crate) seldepth: usize,
    /// Set once the search must end; every search function then returns at once.
    pub(crate) stopped: bool,
    killers: Killers,
    /// The tables this thread keeps from search to search.
    data: &'a mut ThreadData,
    /// Per ply, the move made there (for the continuation histories).
    moved: [PieceTo; MAX_PLY + 2],
    /// Per ply, the move a singular-extension search leaves out there.
    excluded: [MoveCode; MAX_PLY + 2],
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply` on.
    pub(crate) pv: Vec<ArrayVec<Move, MAX_PLY>>,
    /// Static evaluation per ply (for the "improving" test).
    evals: [i32; MAX_PLY + 2],
    /// LMR reductions by depth and move number.
    reductions: [[u8; 64]; 64],
    /// Values for static exchange evaluation.
    exchange: ExchangeTables,
    /// The network's layers along the current line, when the variant has a network.
    net_layers: Option<NetStack>,
}

impl<'a> Worker<'a> {
    /// A thread searching `pos` with the tables `data` (made for `pos`'s rules).
    pub(crate) fn new(
        pos: Position,
        shared: &'a Shared<'a>,
        tables: &'a EvalTables,
        time: Option<TimeManager>,
        data: &'a mut ThreadData,
    ) -> Worker<'a> {
        let poll_interval = if shared.node_limit.is_some() {
            POLL_INTERVAL_NODE_LIMIT
        } else {
            POLL_INTERVAL
        };
        let mut reductions = [[0u8; 64]; 64];
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (depth as f64).ln() * (count as f64).ln() / 2.25) as u8;
            }
        }
        Worker {
            shared,
            tables,
            time,
            was_pondering: shared.control.pondering.load(Ordering::Relaxed),
            nodes: 0,
            unflushed: 0,
            poll_interval,
            max_poll_interval: poll_interval,
            last_poll: Instant::now(),
            seldepth: 0,
            stopped: false,
            killers: Killers::new(),
            data,
            moved: [PieceTo::NONE; MAX_PLY + 2],
            excluded: [MoveCode::NONE; MAX_PLY + 2],
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            evals: [0; MAX_PLY + 2],
            reductions,
            exchange: ExchangeTables::new(pos.rules(), &tables.values),
            net_layers: tables.net.as_ref().map(|net| NetStack::new(net, &pos)),
            pos,
        }
    }

    /// Makes `mv` on the thread's position (and its network layers).
    #[inline]
    pub(crate) fn make(&mut self, mv: Move) {
        self.pos.make(mv);
        if let (Some(layers), Some(net)) = (&mut self.net_layers, &self.tables.net) {
            layers.push(net, &self.pos);
        }
    }

    /// Takes back the last [`make`](Worker::make).
    #[inline]
    pub(crate) fn unmake(&mut self) {
        self.pos.unmake();
        if let Some(layers) = &mut self.net_layers {
            layers.pop();
        }
    }

    /// Passes the turn (null-move pruning).
    fn make_null(&mut self) {
        self.pos.make_null();
        if let (Some(layers), Some(net)) = (&mut self.net_layers, &self.tables.net) {
            layers.push(net, &self.pos);
        }
    }

    /// Takes back the last [`make_null`](Worker::make_null).
    fn unmake_null(&mut self) {
        self.pos.unmake_null();
        if let Some(layers) = &mut self.net_layers {
            layers.pop();
        }
    }

    /// Nodes of all threads, as far as this one knows.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.unflushed
    }

    /// Counts a node and now and then adds the count to the shared one and checks the limits.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.poll_interval {
            self.poll();
        }
    }

    /// Adds this thread's nodes to the shared count and decides whether to stop.
    pub(crate) fn poll(&mut self) {
        let total = self
            .shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed)
            + self.unflushed;
        self.unflushed = 0;
        let now = Instant::now();
        let gap = now.duration_since(self.last_poll);
        self.last_poll = now;
        if gap > POLL_GAP {
            self.poll_interval = (self.poll_interval / 4).max(1);
        } else if gap < POLL_GAP / 4 {
            self.poll_interval = (self.poll_interval * 2).min(self.max_poll_interval);
        }
        let control = self.shared.control;
        let mut stop = self.shared.abort.load(Ordering::Relaxed)
            || control.stop.load(Ordering::Relaxed)
            || self.shared.node_limit.is_some_and(|limit| total >= limit);
        if let Some(time) = &mut self.time {
            let pondering = control.pondering.load(Ordering::Relaxed);
            if self.was_pondering && !pondering {
                time.restart(now);
            }
            self.was_pondering = pondering;
            stop |= !pondering && time.hard_exceeded();
        }
        if stop {
            self.stopped = true;
            self.shared.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the time manager allows no new iteration (never while pondering).
    pub(crate) fn soft_limit_reached(&mut self) -> bool {
        self.poll();
        let pondering = self.shared.control.pondering.load(Ordering::Relaxed);
        !pondering && self.time.as_ref().is_some_and(|t| t.soft_exceeded())
    }

    /// Sets `pv[ply]` to `mv` followed by `pv[ply + 1]`.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        for &m in tail[0].iter().take(MAX_PLY - 1) {
            line.push(m);
        }
    }

    /// The hash move and entry of the current position.
    fn probe(&self) -> (Option<Entry>, MoveCode) {
        let entry = self.shared.tt.probe(self.pos.key());
        (entry, entry.map_or(MoveCode::NONE, |e| e.mv))
    }

    /// Stores the result of a search of the current position within (`alpha`, `beta`).
    fn store(
        &self,
        best: i32,
        best_move: Option<Move>,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            self.pos.key(),
            Entry {
                mv: best_move.map_or(MoveCode::NONE, |m| MoveCode::of(&m)),
                score: to_tt(best, ply),
                depth,
                bound,
            },
        );
    }

    /// Searches the position `ply` plies below the root to `depth` within (`alpha`, `beta`).
    /// `in_check` says whether the side to move is in check.
    pub(crate) fn negamax(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        in_check: bool,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0, in_check);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(over) = self.pos.rule_end(1) {
            return outcome_score(over.outcome, ply);
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.static_eval().0 };
        }
        // Mate distance pruning.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // A search without the hash move (is it singular?) shares the node's key, so it
        // neither takes nor leaves hash results.
        let excluded = self.excluded[ply];
        let singular_search = excluded.is_some();
        let (entry, tt_move) = self.probe();
        if let Some(score) = entry
            .filter(|e| !pv_node && !singular_search && e.depth >= depth)
            .and_then(|e| tt_cutoff(&e, alpha, beta, ply))
        {
            return score;
        }

        let us = self.pos.side_to_move();
        let (static_eval, raw_eval, keys) = if in_check {
            (-INFINITE, -INFINITE, CorrectionKeys::default())
        } else {
            self.static_eval()
        };
        // A hash score bounding the static evaluation from the right side is the better guess.
        let eval = match entry {
            Some(e) if !in_check => {
                let score = from_tt(e.score, ply);
                let better = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score > static_eval,
                    Bound::Upper => score < static_eval,
                };
                if better && !is_mate(score) {
                    score
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];
        self.killers.clear(ply + 1);

        if !pv_node && !in_check && !singular_search && !is_mate(beta) {
            // Reverse futility pruning: far above beta at low depth.
            if depth <= RFP_DEPTH && eval - RFP_MARGIN * (depth - improving as i32) >= beta {
                return eval;
            }
            // Null-move pruning, when not in a pawn (zugzwang-prone) ending.
            if allow_null
                && depth >= NULL_MOVE_DEPTH
                && eval >= beta
                && self.tables.has_pieces(&self.pos, us)
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                self.moved[ply] = PieceTo::NONE;
                self.make_null();
                let score = -self.negamax(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
                self.unmake_null();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        let mut moves = MoveList::new();
        self.pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return outcome_score(self.pos.no_move_end().outcome, ply);
        }
        if let Some(over) = self.pos.legal_moves_end(&moves) {
            return outcome_score(over.outcome, ply);
        }
        if !tt_move.is_some() && depth >= IIR_DEPTH {
            depth -= 1;
        }

        let before = self.before(ply);
        let hints = Hints {
            tt_move,
            killers: self.killers.get(ply),
            before,
            demote_losing: true,
        };
        let mut picker = MovePicker::new(&self.pos, &moves, &self.order_context(), &hints);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets: ArrayVec<Move, MAX_QUIETS> = ArrayVec::new();
        let mut captures: ArrayVec<Move, MAX_CAPTURES> = ArrayVec::new();
        let lmp_limit = (3 + depth * depth) / if improving { 1 } else { 2 };

        while let Some((mv, order)) = self.next_move(&mut picker, &mut moves) {
            let code = MoveCode::of(&mv);
            if singular_search && code == excluded {
                continue;
            }
            let tactical = is_tactical(&self.pos, &mv);
            if !pv_node && !in_check && !tactical && best > -MATE_BOUND {
                if depth <= LMP_DEPTH && searched as i32 >= lmp_limit {
                    continue;
                }
                if depth <= FUTILITY_DEPTH
                    && eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha
                {
                    continue;
                }
            }
            // Moves that lose material on their square, at low depth.
            if !pv_node && !in_check && best > -MATE_BOUND && depth <= SEE_PRUNE_DEPTH {
                let loses = if tactical {
                    losing_capture_see(order).is_some_and(|see| see < -SEE_CAPTURE_MARGIN * depth)
                } else {
                    self.exchange.may_lose(&mv, 0)
                        && self.exchange.see(&mut self.pos, &mv, 0)
                            < -SEE_QUIET_MARGIN * depth * depth
                };
                if loses {
                    continue;
                }
            }
            // Singular extension: the hash move is searched a ply deeper when every other
            // move falls well short of its hash score; when one reaches beta as well, the
            // node is cut at once (multi-cut).
            let mut singular = 0;
            if code == tt_move && !singular_search && depth >= SINGULAR_DEPTH {
                if let Some((tt_score, singular_beta)) = entry
                    .filter(|e| e.depth >= depth - SINGULAR_ENTRY_SLACK && e.bound != Bound::Upper)
                    .map(|e| from_tt(e.score, ply))
                    .filter(|&score| !is_mate(score))
                    .map(|score| (score, score - SINGULAR_MARGIN * depth))
                {
                    self.excluded[ply] = code;
                    let score = self.negamax(
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        in_check,
                        false,
                    );
                    self.excluded[ply] = MoveCode::NONE;
                    // The search above wrote its own line here.
                    self.pv[ply].clear();
                    if self.stopped {
                        return 0;
                    }
                    if score < singular_beta {
                        singular = 1;
                    } else if singular_beta >= beta {
                        return singular_beta;
                    } else if tt_score >= beta {
                        singular = -1;
                    }
                }
            }
            self.note_move(ply, &mv);
            self.make(mv);
            let gives_check = self.pos.in_check();
            let extension = if ply < MAX_PLY / 2 {
                (singular + i32::from(gives_check)).min(1)
            } else {
                singular.min(0)
            };
            let new_depth = depth - 1 + extension;
            let mut score;
            if searched == 0 {
                score = -self.negamax(-beta, -alpha, new_depth, ply + 1, gives_check, true);
            } else {
                let mut reduction = 0;
                if depth >= 3 && !tactical && !gives_check && !in_check {
                    reduction = self.late_move_reduction(depth, searched, pv_node, &mv, before);
                    reduction -= i32::from(is_killer_score(order));
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                score = -self.negamax(
                    -alpha - 1,
                    -alpha,
                    new_depth - reduction,
                    ply + 1,
                    gives_check,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score =
                        -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, gives_check, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(-beta, -alpha, new_depth, ply + 1, gives_check, true);
                }
            }
            self.unmake();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        self.reward_cutoff(ply, depth, mv, tactical, &quiets, &captures);
                        break;
                    }
                }
            }
            if tactical {
                let _ = captures.try_push(mv);
            } else {
                let _ = quiets.try_push(mv);
            }
        }

        if singular_search {
            return best;
        }
        self.store(best, best_move, original_alpha, beta, depth, ply);
        // A bound says something about the evaluation's error only on its own side of it.
        let bound_informs = if best >= beta {
            best > static_eval
        } else if best <= original_alpha {
            best < static_eval
        } else {
            true
        };
        let quiet_best = best_move.map_or(true, |m| !is_tactical(&self.pos, &m));
        if !in_check && !is_mate(best) && quiet_best && bound_informs {
            self.data
                .correction
                .update(us, &keys, depth, best, raw_eval);
        }
        best
    }

    /// How many plies less than its full depth the quiet move `mv`, the move number
    /// `searched` (from 0) of a node searched to `depth` after the moves `before`, is searched
    /// first (a late-move reduction before the bounds of the depth left): more for late moves
    /// and at depth, one more off the principal variation, less for moves with good history.
    pub(crate) fn late_move_reduction(
        &self,
        depth: i32,
        searched: usize,
        pv_node: bool,
        mv: &Move,
        before: [PieceTo; 2],
    ) -> i32 {
        let us = self.pos.side_to_move();
        let mut reduction = self.reductions[(depth as usize).min(63)][searched.min(63)] as i32;
        reduction += i32::from(!pv_node);
        reduction - (self.data.quiet_score(us, mv, before) / 8192).clamp(-2, 2)
    }

    /// The static evaluation of the current position corrected by the correction history,
    /// the evaluation before the correction, and the keys it was corrected by.
    fn static_eval(&mut self) -> (i32, i32, CorrectionKeys) {
        let layers = self.net_layers.as_ref().map(NetStack::top);
        let (raw, keys) = self
            .data
            .eval_cache
            .evaluate(self.tables, &self.pos, layers);
        let correction = self
            .data
            .correction
            .correction(self.pos.side_to_move(), &keys);
        let corrected = (raw + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        (corrected, raw, keys)
    }

    /// Rewards the move `mv` that cut off at `ply` (`tactical`: a capture or promotion) and
    /// punishes the moves of its kind tried before it, and the captures tried before a quiet
    /// move.
    fn reward_cutoff(
        &mut self,
        ply: usize,
        depth: i32,
        mv: Move,
        tactical: bool,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let us = self.pos.side_to_move();
        let bonus = (depth * depth * 16).min(super::ordering::HISTORY_MAX / 2);
        if tactical {
            self.data.capture.update(&self.pos, &mv, bonus);
        } else {
            let before = self.before(ply);
            self.killers.add(ply, mv);
            self.data.update_quiet(us, &mv, before, bonus);
            for other in quiets {
                self.data.update_quiet(us, other, before, -bonus);
            }
        }
        for other in captures {
            self.data.capture.update(&self.pos, other, -bonus);
        }
    }

    /// What the move picker reads.
    #[inline]
    fn order_context(&self) -> OrderContext<'_> {
        OrderContext {
            tables: self.tables,
            data: self.data,
            exchange: &self.exchange,
        }
    }

    /// The next move of `picker` from `moves`, the moves of the current position.
    #[inline]
    fn next_move(&mut self, picker: &mut MovePicker, moves: &mut MoveList) -> Option<(Move, i32)> {
        let ctx = OrderContext {
            tables: self.tables,
            data: self.data,
            exchange: &self.exchange,
        };
        picker.next(moves, &mut self.pos, &ctx)
    }

    /// Remembers that `mv` is made at `ply` (before it is made).
    #[inline]
    pub(crate) fn note_move(&mut self, ply: usize, mv: &Move) {
        self.moved[ply] = self.data.continuation[0].piece_to(self.pos.side_to_move(), mv);
    }

    /// The moves made one and two plies before `ply`.
    #[inline]
    fn before(&self, ply: usize) -> [PieceTo; 2] {
        let at = |back: usize| {
            ply.checked_sub(back)
                .map_or(PieceTo::NONE, |p| self.moved[p])
        };
        [at(1), at(2)]
    }

    /// Quiescence search: captures and promotions until the position is quiet, with the
    /// static evaluation as a floor (stand pat) unless in check.
    fn quiesce(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        in_check: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(over) = self.pos.rule_end(0) {
            return outcome_score(over.outcome, ply);
        }
        let in_check = in_check && qply < QS_CHECK_PLIES;
        if ply >= MAX_PLY - 1 || (qply >= QS_MAX_PLIES && !in_check) {
            return self.static_eval().0;
        }
        let pv_node = beta - alpha > 1;
        let (entry, tt_move) = self.probe();
        if let Some(score) = entry
            .filter(|_| !pv_node)
            .and_then(|e| tt_cutoff(&e, alpha, beta, ply))
        {
            return score;
        }
        let stand_pat = if in_check {
            -INFINITE
        } else {
            self.static_eval().0
        };
        if stand_pat >= beta {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;

        let mut moves = MoveList::new();
        if in_check {
            self.pos.generate_legal(&mut moves);
            if moves.is_empty() {
                return outcome_score(self.pos.no_move_end().outcome, ply);
            }
        } else {
            self.pos.generate_legal_board_moves(&mut moves, is_tactical);
        }
        let hints = Hints {
            tt_move,
            killers: [None; 2],
            before: [PieceTo::NONE; 2],
            demote_losing: false,
        };
        let mut picker = MovePicker::new(&self.pos, &moves, &self.order_context(), &hints);
        let mut best_move = None;
        while let Some((mv, _)) = self.next_move(&mut picker, &mut moves) {
            if !in_check {
                let gain =
                    capture_value(&self.pos, self.tables, &mv) + promotion_gain(self.tables, &mv);
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // Captures that lose material in the exchange on their square.
                if self.exchange.may_lose(&mv, gain)
                    && self.exchange.see(&mut self.pos, &mv, gain) < 0
                {
                    continue;
                }
            }
            self.make(mv);
            let gives_check = qply + 1 < QS_CHECK_PLIES && self.pos.in_check();
            let score = -self.quiesce(-beta, -alpha, ply + 1, qply + 1, gives_check);
            self.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.store(best, best_move, original_alpha, beta, 0, ply);
        best
    }
}

/// The score of a table entry whose bound settles the node within (`alpha`, `beta`), if it
/// does.
fn tt_cutoff(entry: &Entry, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let score = from_tt(entry.score, ply);
    let settles = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    settles.then_some(score)
}
