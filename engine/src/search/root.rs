//! The root: iterative deepening with aspiration windows, MultiPV and reports.

use std::{
    sync::mpsc::Sender,
    time::{Duration, Instant},
};

use movegen::Move;

use super::{
    alphabeta::Worker,
    continuation::PieceTo,
    ordering::is_tactical,
    score::{is_mate, to_score, INFINITE, MATE, MAX_PLY},
    Bound, Info,
};

/// Deepest iteration.
pub(crate) const MAX_DEPTH: u32 = (MAX_PLY / 2) as u32;
/// Half-width of the first aspiration window.
const ASPIRATION: i32 = 20;
/// Shallowest iteration with an aspiration window.
const ASPIRATION_DEPTH: u32 = 4;
/// Fail-high and fail-low lines are reported only after this long (to keep the output short).
const BOUND_REPORT_AFTER: Duration = Duration::from_secs(1);
/// Root moves searched to the full depth at once, before late quiet moves are reduced.
const ROOT_FULL_DEPTH_MOVES: usize = 3;
/// Shallowest iteration whose result changes the time the search takes.
const EFFORT_DEPTH: u32 = 5;
/// Score drop (centipawns, against the last iteration) at which the time grows most, and
/// by how much then.
const EFFORT_DROP: i32 = 120;
const EFFORT_DROP_GAIN: f64 = 0.8;
/// Time factor when the best move has held for several iterations, and what each recent
/// change of best move adds (recent changes count half as much per iteration back).
const EFFORT_STABLE: f64 = 0.75;
const EFFORT_PER_CHANGE: f64 = 0.5;
/// Bounds of the time factor.
const EFFORT_RANGE: (f64, f64) = (0.5, 2.5);

/// A root move with its latest and previous scores and its line.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    /// Score in the running iteration (`-INFINITE` until searched and found best-so-far).
    pub(crate) score: i32,
    /// Score in the last iteration that searched it fully.
    pub(crate) previous: i32,
    /// The principal variation starting with `mv`.
    pub(crate) pv: Vec<Move>,
    /// Deepest ply reached when `score` was found.
    pub(crate) seldepth: usize,
}

impl RootMove {
    /// A root move not searched yet.
    pub(crate) fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            previous: -INFINITE,
            pv: vec![mv],
            seldepth: 0,
        }
    }

    /// The best score known for this move.
    pub(crate) fn known_score(&self) -> i32 {
        if self.score != -INFINITE {
            self.score
        } else {
            self.previous
        }
    }
}

/// How one thread iterates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// First iteration depth (helpers start deeper to spread the threads out).
    pub(crate) first_depth: u32,
    /// Last iteration depth.
    pub(crate) max_depth: u32,
    /// Lines to find (only the main thread looks for more than one).
    pub(crate) multipv: usize,
    /// When the search started (for reports).
    pub(crate) start: Instant,
    /// Stop early when a mate is found or only one move exists (off for analysis and
    /// pondering).
    pub(crate) may_stop_early: bool,
}

/// What the iterations so far say about how hard the move is.
#[derive(Debug, Default)]
struct Effort {
    /// The best move and score of the last iteration.
    last: Option<(Move, i32)>,
    /// Recent changes of the best move, older ones counting less.
    changes: f64,
}

impl Effort {
    /// The factor on the time to spend after an iteration found `best` best.
    fn after_iteration(&mut self, best: &RootMove) -> f64 {
        let score = best.known_score();
        let mut factor = 1.0;
        if let Some((mv, last_score)) = self.last {
            self.changes /= 2.0;
            if mv != best.mv {
                self.changes += 1.0;
            }
            if !is_mate(score) && !is_mate(last_score) {
                let drop = (last_score - score).clamp(0, EFFORT_DROP);
                factor += EFFORT_DROP_GAIN * f64::from(drop) / f64::from(EFFORT_DROP);
            }
        }
        self.last = Some((best.mv, score));
        factor *= EFFORT_STABLE + EFFORT_PER_CHANGE * self.changes;
        factor.clamp(EFFORT_RANGE.0, EFFORT_RANGE.1)
    }
}

/// Sorts `moves` best first by this iteration's score, then the previous one (stable).
fn sort(moves: &mut [RootMove]) {
    moves.sort_by_key(|m| std::cmp::Reverse((m.score, m.previous)));
}

impl Worker<'_> {
    /// Iterative deepening over `root` (sorted best first on return), reporting each finished
    /// iteration through `reports` (main thread only).
    pub(crate) fn iterate(
        &mut self,
        root: &mut [RootMove],
        plan: &Plan,
        reports: Option<&Sender<Info>>,
    ) {
        let lines = plan.multipv.clamp(1, root.len());
        let mut depth = plan.first_depth;
        let mut effort = Effort::default();
        while depth <= plan.max_depth {
            for rm in root.iter_mut() {
                if rm.score != -INFINITE {
                    rm.previous = rm.score;
                }
                rm.score = -INFINITE;
            }
            self.seldepth = 0;
            for line in 0..lines {
                self.aspiration(root, line, depth, plan, reports);
                sort(&mut root[..=line]);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            if let Some(sender) = reports {
                for (i, rm) in root.iter().take(lines).enumerate() {
                    let info = self.info(rm, depth, i + 1, Bound::Exact, plan.start);
                    // The receiver only goes away once the search is over.
                    let _ = sender.send(info);
                }
            }
            if reports.is_some() {
                if depth >= EFFORT_DEPTH {
                    let factor = effort.after_iteration(&root[0]);
                    if let Some(time) = &mut self.time {
                        time.set_effort(factor);
                    }
                }
                let best = root[0].known_score();
                let mate_found = is_mate(best) && MATE - best.abs() <= depth as i32;
                if (plan.may_stop_early && (mate_found || root.len() == 1))
                    || self.soft_limit_reached()
                {
                    break;
                }
            }
            depth += 1;
        }
    }

    /// Searches line `line` of `root` at `depth` with a window around its previous score,
    /// widening it until the score falls inside.
    fn aspiration(
        &mut self,
        root: &mut [RootMove],
        line: usize,
        depth: u32,
        plan: &Plan,
        reports: Option<&Sender<Info>>,
    ) {
        let previous = root[line].previous;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) =
            if depth >= ASPIRATION_DEPTH && previous != -INFINITE && !is_mate(previous) {
                (
                    (previous - delta).max(-INFINITE),
                    (previous + delta).min(INFINITE),
                )
            } else {
                (-INFINITE, INFINITE)
            };
        loop {
            let score = self.search_root(root, line, alpha, beta, depth as i32);
            sort(&mut root[line..]);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            if let Some(sender) = reports {
                if plan.start.elapsed() >= BOUND_REPORT_AFTER {
                    let mut info = self.info(&root[line], depth, line + 1, bound, plan.start);
                    info.score = to_score(score);
                    let _ = sender.send(info);
                }
            }
            delta += delta / 2;
        }
    }

    /// Searches the root moves from `line` on within (`alpha`, `beta`); returns the best score.
    fn search_root(
        &mut self,
        root: &mut [RootMove],
        line: usize,
        mut alpha: i32,
        beta: i32,
        depth: i32,
    ) -> i32 {
        let mut best = -INFINITE;
        let in_check = self.pos.in_check();
        for (i, rm) in root.iter_mut().enumerate().skip(line) {
            let mv = rm.mv;
            let searched = i - line;
            // Late quiet moves are searched shallower first, as below the root.
            let reducible = depth >= 3
                && searched >= ROOT_FULL_DEPTH_MOVES
                && !in_check
                && !is_tactical(&self.pos, &mv);
            let reduction = if reducible {
                self.late_move_reduction(depth, searched, true, &mv, [PieceTo::NONE; 2])
            } else {
                0
            };
            self.note_move(0, &mv);
            self.make(mv);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + i32::from(gives_check);
            let reduction = if gives_check {
                0
            } else {
                reduction.min(new_depth - 1).max(0)
            };
            let mut score;
            if i == line {
                score = -self.negamax(-beta, -alpha, new_depth, 1, gives_check, true);
            } else {
                score = -self.negamax(
                    -alpha - 1,
                    -alpha,
                    new_depth - reduction,
                    1,
                    gives_check,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score = -self.negamax(-alpha - 1, -alpha, new_depth, 1, gives_check, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(-beta, -alpha, new_depth, 1, gives_check, true);
                }
            }
            self.unmake();
            if self.stopped {
                break;
            }
            if i == line || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITE;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The report of `rm` as line `multipv` of an iteration at `depth`.
    fn info(
        &self,
        rm: &RootMove,
        depth: u32,
        multipv: usize,
        bound: Bound,
        start: Instant,
    ) -> Info {
        Info {
            depth,
            seldepth: rm.seldepth.max(1) as u32,
            multipv,
            score: to_score(rm.known_score()),
            bound,
            nodes: self.total_nodes(),
            elapsed: start.elapsed(),
            pv: rm.pv.clone(),
        }
    }
}
