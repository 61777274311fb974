//! The search through its public interface: mates, game-end rules, limits, MultiPV, excluded
//! moves, stopping, pondering and threads.

use std::{
    collections::HashSet,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    thread,
    time::Duration,
};

use engine::search::{Control, Info, Limits, Score, SearchResult, Searcher};
use movegen::{Move, MoveFormat, Position};
use variants::Catalog;

fn position(variant: &str, fen: &str) -> Position {
    let rules = Catalog::builtin().rules(variant).expect("variant");
    Position::from_fen(rules, fen).expect("valid FEN")
}

fn text(pos: &Position, mv: Move) -> String {
    pos.move_text(&mv, MoveFormat::default())
}

/// Searches with one thread and returns the result and every report.
fn search(pos: &Position, limits: &Limits) -> (SearchResult, Vec<Info>) {
    let mut searcher = Searcher::new(16, 1);
    let mut infos = Vec::new();
    let result = searcher.search(pos, limits, &Control::default(), &mut |i| {
        infos.push(i.clone())
    });
    (result, infos)
}

fn depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn is_legal(pos: &Position, mv: Move) -> bool {
    pos.clone().legal_moves().contains(&mv)
}

#[test]
fn finds_mate_in_one() {
    let pos = position("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let (result, infos) = search(&pos, &depth(4));
    assert_eq!(text(&pos, result.best.expect("a move")), "a1a8");
    assert_eq!(result.score, Score::Mate(1));
    assert_eq!(infos.last().map(|i| i.score), Some(Score::Mate(1)));
}

#[test]
fn finds_mate_in_two() {
    // 1. Rb7 (or Ra7) Kg8 2. Ra8# (Rb8#); no mate in one.
    let pos = position("chess", "7k/8/8/8/8/8/R7/1R5K w - - 0 1");
    let (result, _) = search(&pos, &depth(5));
    assert_eq!(result.score, Score::Mate(2));
    let mut after = pos.clone();
    after.make(result.best.expect("a move"));
    assert!(!after.legal_moves().is_empty(), "not mate in one");
}

#[test]
fn the_mated_side_sees_its_mate() {
    // Black's only move Kb8 runs into Rh8#.
    let pos = position("chess", "k7/8/1K6/8/8/8/8/7R b - - 0 1");
    let (result, _) = search(&pos, &depth(4));
    assert_eq!(result.score, Score::Mate(-1));
}

#[test]
fn finds_fairy_mates() {
    // Capablanca: the chancellor mates along the back rank.
    let pos = position("capablanca", "k9/10/1K8/10/10/10/10/9C w - - 0 1");
    let (result, _) = search(&pos, &depth(3));
    assert_eq!(text(&pos, result.best.expect("a move")), "j1j8");
    assert_eq!(result.score, Score::Mate(1));
    // Shatranj: the rook mates; black keeps a pawn, so the bare-king rule plays no part.
    let pos = position("shatranj", "k7/p1K5/8/8/8/8/8/7R w - - 0 1");
    let (result, _) = search(&pos, &depth(3));
    assert_eq!(text(&pos, result.best.expect("a move")), "h1h8");
    assert_eq!(result.score, Score::Mate(1));
}

#[test]
fn stalemating_wins_in_shatranj_but_not_in_chess() {
    // Kc7 leaves black without a move: a win in shatranj, a draw in chess.
    let fen = "k7/p7/P1K5/8/8/8/8/8 w - - 0 1";
    let pos = position("shatranj", fen);
    let (result, _) = search(&pos, &depth(4));
    assert_eq!(text(&pos, result.best.expect("a move")), "c6c7");
    assert_eq!(result.score, Score::Mate(1));
    let pos = position("chess", fen);
    let (result, _) = search(&pos, &depth(4));
    assert!(matches!(result.score, Score::Cp(_)), "{:?}", result.score);
}

#[test]
fn a_lost_side_takes_the_perpetual_check() {
    // White is two rooks down but checks forever: Qh5+ Kg8 Qe8+ Kh7 Qh5+ ...
    let pos = position("chess", "7k/6p1/8/8/8/4K3/rr6/3Q4 w - - 0 1");
    let (result, _) = search(&pos, &depth(9));
    match result.score {
        Score::Cp(cp) => assert!(cp.abs() <= 30, "a draw, found {cp}"),
        other => panic!("a draw, found {other:?}"),
    }
    let mut after = pos.clone();
    after.make(result.best.expect("a move"));
    assert!(after.in_check(), "the drawing move checks");
}

#[test]
fn a_repetition_in_the_game_history_counts() {
    // The knights went out and back: the start position with white to move again. Playing
    // Nf3 again repeats a position of the game, so the draw is seen at once; white is not
    // worse, so it does not matter for the move, but the score of repeating must be 0.
    let rules = Catalog::builtin().rules("chess").expect("chess");
    let mut pos = Position::start(rules);
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let parsed = pos.parse_move(mv, MoveFormat::default()).expect("legal");
        pos.make(parsed);
    }
    let nf3 = pos
        .parse_move("g1f3", MoveFormat::default())
        .expect("legal");
    let others: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| m != nf3)
        .collect();
    // With only Nf3 allowed, black answers Nf6 and the position after it repeats: a draw.
    let limits = Limits {
        depth: Some(3),
        excluded: others,
        ..Limits::default()
    };
    let (result, _) = search(&pos, &limits);
    assert_eq!(result.best, Some(nf3));
    assert_eq!(result.score, Score::Cp(0));
}

#[test]
fn multipv_reports_distinct_first_moves() {
    let rules = Catalog::builtin().rules("chess").expect("chess");
    let pos = Position::start(rules);
    let limits = Limits {
        depth: Some(4),
        multipv: 3,
        ..Limits::default()
    };
    let (result, infos) = search(&pos, &limits);
    let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 4).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let firsts: HashSet<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
    assert_eq!(Some(last[0].pv[0]), result.best);
    for info in &last {
        assert!(is_legal(&pos, info.pv[0]));
    }
}

#[test]
fn excluded_moves_are_not_played() {
    let rules = Catalog::builtin().rules("chess").expect("chess");
    let mut pos = Position::start(rules);
    let keep = pos
        .parse_move("a2a3", MoveFormat::default())
        .expect("legal");
    let excluded: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| m != keep)
        .collect();
    let limits = Limits {
        depth: Some(3),
        excluded,
        ..Limits::default()
    };
    let (result, infos) = search(&pos, &limits);
    assert_eq!(result.best, Some(keep));
    assert!(infos.iter().all(|i| i.pv[0] == keep));
}

#[test]
fn depth_and_node_limits_hold() {
    let pos = position(
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9",
    );
    let (result, infos) = search(&pos, &depth(3));
    assert!(infos.iter().all(|i| i.depth <= 3));
    assert!(infos.iter().any(|i| i.depth == 3));
    assert!(is_legal(&pos, result.best.expect("a move")));

    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let (result, _) = search(&pos, &limits);
    assert!(
        result.nodes >= 3000 && result.nodes <= 3000 + 200,
        "{} nodes",
        result.nodes
    );
    assert!(is_legal(&pos, result.best.expect("a move")));
}

#[test]
fn stopped_at_once_still_returns_a_legal_move() {
    let pos = position(
        "capablanca",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    );
    let control = Control::default();
    control.stop.store(true, Ordering::Relaxed);
    let result = Searcher::new(1, 1).search(&pos, &Limits::default(), &control, &mut |_| {});
    assert!(is_legal(&pos, result.best.expect("a move")));
}

#[test]
fn no_legal_move_gives_no_move() {
    // Checkmated, and stalemated.
    for fen in [
        "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1",
        "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
    ] {
        let pos = position("chess", fen);
        let (result, infos) = search(&pos, &depth(3));
        assert_eq!(result.best, None, "{fen}");
        assert_eq!(result.ponder, None);
        assert!(infos.is_empty());
    }
}

#[test]
fn two_threads_find_a_legal_move_and_the_mate() {
    let pos = position("chess", "7k/8/8/8/8/8/R7/1R5K w - - 0 1");
    let mut searcher = Searcher::new(8, 2);
    let result = searcher.search(&pos, &depth(6), &Control::default(), &mut |_| {});
    assert!(is_legal(&pos, result.best.expect("a move")));
    assert_eq!(result.score, Score::Mate(2));
    let pos = position(
        "shogi",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
    );
    let result = searcher.search(&pos, &depth(4), &Control::default(), &mut |_| {});
    assert!(is_legal(&pos, result.best.expect("a move")));
}

#[test]
fn the_ponder_move_is_the_expected_reply() {
    let pos = position(
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9",
    );
    let (result, infos) = search(&pos, &depth(5));
    let best = result.best.expect("a move");
    let reply = result.ponder.expect("a reply");
    let mut after = pos.clone();
    after.make(best);
    assert!(is_legal(&after, reply));
    assert_eq!(
        infos.last().map(|i| i.pv[..2].to_vec()),
        Some(vec![best, reply])
    );
}

/// Runs a search that must not end on its own, releases it from another thread with
/// `release`, and checks that it returned only after that.
fn returns_only_when_released(limits: Limits, pondering: bool, release: fn(&Control)) {
    let pos = position(
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9",
    );
    let control = Arc::new(Control::default());
    control.pondering.store(pondering, Ordering::Relaxed);
    let released = Arc::new(AtomicBool::new(false));
    let releaser = {
        let (control, released) = (Arc::clone(&control), Arc::clone(&released));
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(300));
            released.store(true, Ordering::SeqCst);
            release(&control);
        })
    };
    let result = Searcher::new(4, 1).search(&pos, &limits, &control, &mut |_| {});
    assert!(
        released.load(Ordering::SeqCst),
        "the search ended before it was released"
    );
    assert!(is_legal(&pos, result.best.expect("a move")));
    releaser.join().expect("releaser");
}

#[test]
fn pondering_ignores_the_clock_until_the_ponder_hit() {
    let limits = Limits {
        movetime: Some(Duration::from_millis(20)),
        depth: Some(3),
        ..Limits::default()
    };
    returns_only_when_released(limits, true, |c| {
        c.pondering.store(false, Ordering::Relaxed)
    });
}

#[test]
fn infinite_searches_run_until_stopped() {
    let limits = Limits {
        infinite: true,
        depth: Some(2),
        ..Limits::default()
    };
    returns_only_when_released(limits, false, |c| c.stop.store(true, Ordering::Relaxed));
}
