//! Makruk-style counting (`countingRule` makruk, cambodian, asean) against Fairy-Stockfish,
//! and cutechess-cli's bare-king counting (the built-in cambodian).
//!
//! `tests/data/game_end/counting.jsonl` holds random games recorded by
//! `scripts/counting_reference.py` with pyffish: after every move the FEN Fairy-Stockfish
//! writes (counting limit in the e.p. field, counted plies in the clock field), and whether
//! its rules let the game end at the last position. Kraken must write the same FENs, end the
//! game where Fairy-Stockfish does, and not end it by counting earlier.

use kraken_tests::setup::{catalog_with, play, read};
use movegen::{EndReason, MoveFormat, Outcome};
use serde_json::Value;
use variants::Catalog;

/// Cambodian with Fairy-Stockfish's counting (the built-in one counts as cutechess does).
const FSF_CAMBODIAN: &str = "[fsfcambodian:cambodian]\ncountingRule = cambodian\n";

#[test]
fn counting_follows_fairy_stockfish() {
    let catalog = catalog_with(FSF_CAMBODIAN, "counting.rs");
    let text = include_str!("../data/game_end/counting.jsonl");
    let mut counted = 0;
    for (line_number, line) in text.lines().enumerate() {
        let game: Value = serde_json::from_str(line).expect("valid JSON");
        let variant = match game["variant"].as_str().expect("variant") {
            "cambodian" => "fsfcambodian",
            other => other,
        };
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

/// cutechess-cli's cambodian: the count starts when a side is left bare and the game is drawn
/// when it reaches the limit (16 moves for a rook, counted from twice the pieces left).
#[test]
fn bare_king_counting_draws_when_the_count_reaches_the_limit() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "cambodian", "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1");
    play(&mut pos, "a1a2");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1");
    let shuffle = ["e8d8", "a2b2", "d8e8", "b2a2"];
    for ply in 6..32 {
        assert!(pos.rule_end(0).is_none(), "drawn too early at ply {ply}");
        play(&mut pos, shuffle[(ply - 6) % 4]);
    }
    assert_eq!(pos.counting(), (32, 32));
    let over = pos.game_over().expect("the count reached its limit");
    assert_eq!(over.reason, EndReason::Counting);
}
