//! Lazy SMP: every thread searches the same root with its own position, sharing the
//! transposition table and the node count; the main thread reports and decides when to stop.

use std::{
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        mpsc,
    },
    thread,
    time::{Duration, Instant},
};

use movegen::{MoveList, Position};

use super::{
    alphabeta::{Shared, Worker},
    continuation::PieceTo,
    eval::EvalTables,
    ordering::{Hints, MovePicker, OrderContext},
    root::{Plan, RootMove, MAX_DEPTH},
    score::{outcome_score, to_score},
    see::ExchangeTables,
    skill::{self, MAX_SKILL, SKILL_LINES},
    thread_data::ThreadData,
    time::TimeManager,
    tt::{MoveCode, TranspositionTable},
    Control, Info, Limits, SearchResult,
};

/// Stack of each search thread: move lists live on the stack, one per ply.
const STACK_BYTES: usize = 64 << 20;
/// How often a finished search looks whether pondering or analysis has ended.
const WAIT_STEP: Duration = Duration::from_millis(1);

/// Searches `pos` with a thread per entry of `thread_data` (the tables each keeps between
/// searches) and returns the main thread's result; the clock started at `start`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search(
    start: Instant,
    pos: &Position,
    limits: &Limits,
    control: &Control,
    tt: &TranspositionTable,
    tables: &EvalTables,
    thread_data: &mut [ThreadData],
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    let mut pos = pos.clone();
    let legal = pos.legal_moves();
    if legal.is_empty() {
        wait_for_release(limits, control);
        return SearchResult {
            best: None,
            ponder: None,
            score: to_score(outcome_score(pos.no_move_end().outcome, 0)),
            nodes: 0,
            elapsed: start.elapsed(),
        };
    }
    let Some((main_data, helper_data)) = thread_data.split_first_mut() else {
        unreachable!("the searcher has at least one thread");
    };
    let mut root = root_moves(&pos, &legal, limits, tables, tt, main_data);
    tt.new_search();
    let shared = Shared {
        tt,
        control,
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        node_limit: limits.nodes,
    };
    let pondering = control.pondering.load(Ordering::Relaxed);
    let mut plan = Plan {
        first_depth: 1,
        max_depth: limits.depth.map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH)),
        multipv: limits.multipv.max(1),
        start,
        may_stop_early: !limits.infinite && !pondering && limits.depth.is_none(),
    };
    let skill = limits.skill.filter(|&level| level < MAX_SKILL);
    if let Some(level) = skill {
        plan.max_depth = plan.max_depth.min(skill::depth_limit(level));
        plan.multipv = plan.multipv.max(SKILL_LINES);
    }
    let time = TimeManager::new(limits, start);

    let main_root = thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<Info>();
        let main = {
            let (shared, mut root, pos) = (&shared, root.clone(), pos.clone());
            thread::Builder::new()
                .name("search-main".into())
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut worker = Worker::new(pos, shared, tables, Some(time), main_data);
                    worker.iterate(&mut root, &plan, Some(&sender));
                    drop(sender);
                    shared.abort.store(true, Ordering::Relaxed);
                    worker.poll();
                    root
                })
        };
        let Ok(main) = main else {
            log::warn!("cannot start a search thread; searching on the caller's thread");
            drop(receiver);
            let mut data = ThreadData::new(pos.rules());
            let mut worker = Worker::new(pos.clone(), &shared, tables, Some(time), &mut data);
            worker.iterate(&mut root, &plan, None);
            worker.poll();
            return root;
        };
        for (id, data) in (1..).zip(helper_data) {
            let (shared, mut root, pos) = (&shared, root.clone(), pos.clone());
            let helper_plan = Plan {
                first_depth: 1 + (id % 2) as u32,
                multipv: 1,
                ..plan
            };
            let spawned = thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut worker = Worker::new(pos, shared, tables, None, data);
                    worker.iterate(&mut root, &helper_plan, None);
                    worker.poll();
                });
            if let Err(err) = spawned {
                log::warn!("cannot start search thread {id}: {err}");
                break;
            }
        }
        for info in receiver {
            report(&info);
        }
        match main.join() {
            Ok(root) => root,
            Err(_) => {
                log::error!("the main search thread panicked");
                root.clone()
            }
        }
    });
    wait_for_release(limits, control);
    let chosen = skill.map_or(0, |level| {
        let lines = plan.multipv.min(main_root.len());
        let scores: Vec<i32> = main_root[..lines].iter().map(|m| m.known_score()).collect();
        skill::pick(&scores, level, &mut rand::thread_rng())
    });
    let best = &main_root[chosen];
    SearchResult {
        best: Some(best.mv),
        ponder: best.pv.get(1).copied(),
        score: to_score(best.known_score()),
        nodes: shared.nodes.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
    }
}

/// Waits while the front end still wants the search to run (analysis, pondering) though it
/// has finished.
fn wait_for_release(limits: &Limits, control: &Control) {
    while (limits.infinite || control.pondering.load(Ordering::Relaxed))
        && !control.stop.load(Ordering::Relaxed)
    {
        thread::sleep(WAIT_STEP);
    }
}

/// The root moves to search (legal and not excluded; all legal moves if every one is
/// excluded), hash move and captures first.
fn root_moves(
    pos: &Position,
    legal: &MoveList,
    limits: &Limits,
    tables: &EvalTables,
    tt: &TranspositionTable,
    data: &ThreadData,
) -> Vec<RootMove> {
    let mut moves: MoveList = legal
        .iter()
        .filter(|mv| !limits.excluded.contains(mv))
        .copied()
        .collect();
    if moves.is_empty() {
        log::warn!("every root move is excluded; searching them all");
        moves = legal.clone();
    }
    let hints = Hints {
        tt_move: tt.probe(pos.key()).map_or(MoveCode::NONE, |e| e.mv),
        killers: [None; 2],
        before: [PieceTo::NONE; 2],
        demote_losing: false,
    };
    let exchange = ExchangeTables::new(pos.rules(), &tables.values);
    let ctx = OrderContext {
        tables,
        data,
        exchange: &exchange,
    };
    let mut picker = MovePicker::new(pos, &moves, &ctx, &hints);
    let mut pos = pos.clone();
    std::iter::from_fn(|| {
        picker
            .next(&mut moves, &mut pos, &ctx)
            .map(|(mv, _)| RootMove::new(mv))
    })
    .collect()
}
