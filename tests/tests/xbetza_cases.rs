//! Every reference XBetza case must produce exactly its targets (and moves, where listed), and
//! so must the cases judged against the seed text alone.

use kraken_tests::xbetza_case::Case;

#[test]
fn reference_cases_match() {
    let cases = Case::read_all(include_str!("../data/xbetza/cases.jsonl"));
    assert!(cases.len() > 150, "the corpus is there");
    check_all(&cases);
}

#[test]
fn seed_cases_match() {
    let cases = Case::read_all(include_str!("../data/xbetza/seed_cases.jsonl"));
    assert!(cases.len() >= 6, "the seed cases are there");
    check_all(&cases);
}

/// Fairy-Stockfish's reading of Betza (`notation::fsf_to_xbetza`) against Fairy-Stockfish's
/// own moves (`scripts/fsf_betza_cases.py`).
#[test]
fn fsf_cases_match() {
    let cases = Case::read_all(include_str!("../data/xbetza/fsf_cases.jsonl"));
    assert!(cases.len() >= 400, "the Fairy-Stockfish cases are there");
    check_all(&cases);
}

fn check_all(cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        let problems = case.check();
        if !problems.is_empty() {
            failures.push(format!(
                "{} ({}): {}",
                case.id,
                case.betza,
                problems.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
