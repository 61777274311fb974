//! Makruk-style counting (`countingRule` makruk, cambodian, asean) against Fairy-Stockfish.
//!
//! `tests/data/game_end/counting.jsonl` holds random games recorded by
//! `scripts/counting_reference.py` with pyffish: after every move the FEN Fairy-Stockfish
//! writes (counting limit in the e.p. field, counted plies in the clock field), and whether
//! its rules let the game end at the last position. Kraken must write the same FENs, end the
//! game where Fairy-Stockfish does, and not end it by counting earlier.

use kraken_tests::setup::read;
use movegen::{EndReason, MoveFormat, Outcome};
use serde_json::Value;
use variants::Catalog;

#[test]
fn counting_follows_fairy_stockfish() {
    let catalog = Catalog::builtin();
    let text = include_str!("../data/game_end/counting.jsonl");
    let mut counted = 0;
    for (line_number, line) in text.lines().enumerate() {
        let game: Value = serde_json::from_str(line).expect("valid JSON");
        let variant = game["variant"].as_str().expect("variant");
        let start = game["fen"].as_str().expect("fen");
        let context = format!("line {}: {variant} {start}", line_number + 1);
        let mut pos = read(&catalog, variant, start);
        let moves = game["moves"].as_array().expect("moves");
        let fens = game["fens"].as_array().expect("fens");
        for (ply, (mv, fen)) in moves.iter().zip(fens).enumerate() {
            let text = mv.as_str().expect("move");
            assert_eq!(
                pos.rule_end(0).map(|over| over.reason),
                None,
                "{context}: game over before ply {ply} ({text})"
            );
            let parsed = pos
                .parse_move(text, MoveFormat::default())
                .unwrap_or_else(|e| panic!("{context}: ply {ply}: {text}: {e:?}"));
            pos.make(parsed);
            assert_eq!(
                pos.fen(),
                fen.as_str().expect("fen"),
                "{context}: after ply {ply} ({text})"
            );
            if pos.counting().0 > 0 {
                counted += 1;
            }
        }
        if game["ends"].as_bool().expect("ends") {
            let over = pos
                .game_over()
                .unwrap_or_else(|| panic!("{context}: Fairy-Stockfish ends the game"));
            assert_eq!(over.outcome, Outcome::Draw, "{context}");
            assert!(
                matches!(
                    over.reason,
                    EndReason::Counting | EndReason::MoveRule | EndReason::Repetition
                ),
                "{context}: {over:?}"
            );
        } else if let Some(over) = pos.game_over() {
            assert!(
                !matches!(over.reason, EndReason::Counting),
                "{context}: Kraken ends by counting, Fairy-Stockfish plays on"
            );
        }
    }
    assert!(
        counted > 1000,
        "the games should reach counted positions ({counted})"
    );
}
