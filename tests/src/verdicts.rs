//! Cases of `tests/data/game_end/*.jsonl` that record, after every move of a line,
//! Fairy-Stockfish's (pyffish's) `is_optional_game_end` verdict for the side to move: "-"
//! when the game goes on, else "draw", "win" or "loss".

use movegen::{GameOver, MoveFormat, Outcome, Position};
use serde_json::Value;
use variants::Catalog;

use crate::setup::read;

/// The verdicts in the order [`follow_verdicts`] counts them.
pub const VERDICTS: [&str; 4] = ["-", "draw", "win", "loss"];

/// Fairy-Stockfish's verdict written as the reference files write it.
pub fn verdict(end: Option<GameOver>) -> &'static str {
    match end.map(|over| over.outcome) {
        None => "-",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Win) => "win",
        Some(Outcome::Loss) => "loss",
    }
}

/// The end the rules declare in `pos` for the game (not the search).
pub fn game_rule_end(pos: &Position) -> Option<GameOver> {
    let repetitions = usize::from(pos.rules().end.repetitions).saturating_sub(1);
    pos.rule_end(repetitions)
}

/// Plays every case of `text` (a line each: name, variant, fen, moves, verdicts) and asserts
/// that Kraken's rule end after every move gives Fairy-Stockfish's verdict. Returns how many
/// verdicts of each kind ([`VERDICTS`]) the cases reached, counting every move.
pub fn follow_verdicts(catalog: &Catalog, text: &str) -> [usize; 4] {
    let mut reached = [0; 4];
    for (line_number, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).expect("valid JSON");
        let name = case["name"].as_str().expect("name");
        let variant = case["variant"].as_str().expect("variant");
        let fen = case["fen"].as_str().expect("fen");
        let context = format!("line {}: {name}: {fen}", line_number + 1);
        let mut pos = read(catalog, variant, fen);
        let moves = case["moves"].as_array().expect("moves");
        let verdicts = case["verdicts"].as_array().expect("verdicts");
        let mut played = Vec::new();
        for (mv, expected) in moves.iter().zip(verdicts) {
            let text = mv.as_str().expect("move");
            played.push(text);
            let parsed = pos
                .parse_move(text, MoveFormat::default())
                .unwrap_or_else(|e| panic!("{context}: {text}: {e:?}"));
            pos.make(parsed);
            let expected = expected.as_str().expect("verdict");
            let end = game_rule_end(&pos);
            assert_eq!(
                verdict(end),
                expected,
                "{context}: after {} ({end:?})",
                played.join(" ")
            );
            let slot = VERDICTS
                .iter()
                .position(|&v| v == expected)
                .expect("a known verdict");
            reached[slot] += 1;
        }
    }
    reached
}
