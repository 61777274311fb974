//! Perft counts of the movegen variants against the reference data.
//!
//! Debug builds run only the cases up to `DEBUG_NODE_LIMIT` nodes (none of the large ones, so
//! `large_cases_match` is ignored there); release builds run all.

use kraken_tests::perft_case::{PerftCase, MOVEGEN_VARIANTS};

/// Largest case run by a debug build.
const DEBUG_NODE_LIMIT: u64 = 200_000;

fn run_variants(filter: impl Fn(&PerftCase) -> bool) {
    let catalog = PerftCase::catalog();
    let cases = PerftCase::read_all(include_str!("../data/perft/cases.jsonl"));
    let limit = if cfg!(debug_assertions) {
        DEBUG_NODE_LIMIT
    } else {
        u64::MAX
    };
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases
        .iter()
        .filter(|c| MOVEGEN_VARIANTS.contains(&c.variant.as_str()))
    {
        if case.nodes > limit || !filter(case) {
            continue;
        }
        ran += 1;
        let got = case.run(&catalog);
        if got != case.nodes {
            failures.push(format!(
                "{} {} depth {}: expected {}, got {got}",
                case.variant, case.fen, case.depth, case.nodes
            ));
        }
    }
    assert!(ran > 0, "no case ran");
    assert!(
        failures.is_empty(),
        "{} of {ran} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn small_cases_match() {
    run_variants(|c| c.nodes <= 2_000_000);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "every large case is above DEBUG_NODE_LIMIT; run with --release"
)]
fn large_cases_match() {
    run_variants(|c| c.nodes > 2_000_000);
}

/// Cases computed with Fairy-Stockfish through pyffish for what the shared data lacks: Chess960
/// castling, pawns that may make their initial move again on their start rank, and the game-end
/// and capture rules (check counting, flags, extinction, mandatory captures, explosions), and
/// the drop and promotion rules of further catalog variants (sittuyin's setup drops and
/// promotions among them, janggi's palace lines, cannons, passes and bikjang); checkless
/// chess, which
/// Fairy-Stockfish does not play, from its chess moves with the rule applied by
/// `scripts/checkless_reference.py`.
#[test]
fn computed_cases_match() {
    let catalog = PerftCase::catalog();
    // Fairy-Stockfish's counts (pyffish) where it plays the game; Kraken's own for
    // cutechess-only games after self-play under cutechess-cli (which referees every move)
    // ended without a forfeit, and for XBoard's chu and elven; each case's `source` says
    // which.
    let files = [
        include_str!("../data/perft/chess960.jsonl"),
        include_str!("../data/perft/region_pawns.jsonl"),
        include_str!("../data/perft/game_end_rules.jsonl"),
        include_str!("../data/perft/variant_rules.jsonl"),
        include_str!("../data/perft/checkless.jsonl"),
        include_str!("../data/perft/cutechess_variants.jsonl"),
        include_str!("../data/perft/last_variants.jsonl"),
        include_str!("../data/perft/sittuyin.jsonl"),
        include_str!("../data/perft/chu_elven.jsonl"),
        include_str!("../data/perft/janggi_shatar.jsonl"),
        include_str!("../data/perft/shogi_family.jsonl"),
        include_str!("../data/perft/misc_variants.jsonl"),
        include_str!("../data/perft/duck.jsonl"),
        include_str!("../data/perft/walls.jsonl"),
        include_str!("../data/perft/flipping.jsonl"),
        include_str!("../data/perft/fsf_reading.jsonl"),
    ];
    let cases: Vec<PerftCase> = files.iter().flat_map(|f| PerftCase::read_all(f)).collect();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let got = case.run(&catalog);
            (got != case.nodes).then(|| {
                format!(
                    "{} {} depth {}: expected {}, got {got}",
                    case.variant, case.fen, case.depth, case.nodes
                )
            })
        })
        .collect();
    assert!(cases.len() > 20);
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
