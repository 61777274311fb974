//! Xiangqi's chasing rule (`chasingRule = axf`) against Fairy-Stockfish.
//!
//! `tests/data/game_end/chasing.jsonl` holds cases recorded by `scripts/chasing_reference.py`
//! with pyffish 0.0.90: after every move, Fairy-Stockfish's `is_optional_game_end` verdict for
//! the side to move ("-" when the game goes on, else "draw", "win" or "loss"). The named cases
//! are built by hand around the rule; the random ones shuttle a piece of each side to and fro
//! in positions reached by random moves. Kraken's rule ends (with the repetition count of the
//! game) must give the same verdict after every move.

use kraken_tests::setup::{over, play, read};
use movegen::{EndReason, GameOver, MoveFormat, Outcome, Position};
use serde_json::Value;
use variants::Catalog;

/// Fairy-Stockfish's verdict written as the reference file writes it.
fn verdict(end: Option<GameOver>) -> &'static str {
    match end.map(|over| over.outcome) {
        None => "-",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Win) => "win",
        Some(Outcome::Loss) => "loss",
    }
}

/// The end the rules declare in `pos` for the game (not the search).
fn game_rule_end(pos: &Position) -> Option<GameOver> {
    let repetitions = usize::from(pos.rules().end.repetitions).saturating_sub(1);
    pos.rule_end(repetitions)
}

#[test]
fn chasing_follows_fairy_stockfish() {
    let catalog = Catalog::builtin();
    let text = include_str!("../data/game_end/chasing.jsonl");
    let mut ends = [0; 4];
    for (line_number, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).expect("valid JSON");
        let name = case["name"].as_str().expect("name");
        let variant = case["variant"].as_str().expect("variant");
        let fen = case["fen"].as_str().expect("fen");
        let context = format!("line {}: {name}: {fen}", line_number + 1);
        let mut pos = read(&catalog, variant, fen);
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
        }
        let last = verdicts.last().and_then(Value::as_str).unwrap_or("-");
        let slot = ["-", "draw", "win", "loss"]
            .iter()
            .position(|&v| v == last)
            .expect("a known verdict");
        ends[slot] += 1;
    }
    // The cases must reach every verdict, chases won and lost among them.
    assert!(
        ends[1] > 0 && ends[2] > 0 && ends[3] > 0,
        "verdicts reached (-, draw, win, loss): {ends:?}"
    );
}

/// The chaser loses with the reason told; a chase is not a perpetual check.
#[test]
fn a_perpetual_chase_is_told_as_such() {
    let catalog = Catalog::builtin();
    let fen = "n4k3/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let mut pos = read(&catalog, "xiangqi", fen);
    play(&mut pos, "b1a1 a10b8 a1b1 b8a10 b1a1 a10b8 a1b1 b8a10");
    assert_eq!(
        pos.game_over(),
        over(Outcome::Loss, EndReason::PerpetualChase)
    );
    // Manchu, as in Fairy-Stockfish, has no chasing rule.
    let mut manchu = read(&catalog, "manchu", fen);
    play(&mut manchu, "b1a1 a10b8 a1b1 b8a10 b1a1 a10b8 a1b1 b8a10");
    assert_eq!(
        manchu.game_over(),
        over(Outcome::Draw, EndReason::Repetition)
    );
}

/// In a search line the first repetition decides, as for perpetual check: the chaser scores
/// the loss at the second occurrence already.
#[test]
fn the_search_sees_a_chase_at_the_first_repetition() {
    let catalog = Catalog::builtin();
    let fen = "n4k3/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let mut pos = read(&catalog, "xiangqi", fen);
    play(&mut pos, "b1a1 a10b8 a1b1 b8a10");
    assert_eq!(pos.game_over(), None);
    assert_eq!(
        pos.rule_end(1),
        over(Outcome::Loss, EndReason::PerpetualChase)
    );
}
