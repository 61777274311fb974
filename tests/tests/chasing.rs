//! Xiangqi's chasing rule (`chasingRule = axf`) against Fairy-Stockfish.
//!
//! `tests/data/game_end/chasing.jsonl` holds cases recorded by `scripts/chasing_reference.py`
//! with pyffish 0.0.90: after every move, Fairy-Stockfish's `is_optional_game_end` verdict for
//! the side to move ("-" when the game goes on, else "draw", "win" or "loss"). The named cases
//! are built by hand around the rule; the random ones shuttle a piece of each side to and fro
//! in positions reached by random moves. Kraken's rule ends (with the repetition count of the
//! game) must give the same verdict after every move.

use kraken_tests::{
    setup::{over, play, read},
    verdicts::follow_verdicts,
};
use movegen::{EndReason, Outcome};
use variants::Catalog;

#[test]
fn chasing_follows_fairy_stockfish() {
    let catalog = Catalog::builtin();
    let reached = follow_verdicts(&catalog, include_str!("../data/game_end/chasing.jsonl"));
    // The cases must reach every verdict, chases won and lost among them.
    assert!(
        reached[1] > 0 && reached[2] > 0 && reached[3] > 0,
        "verdicts reached (-, draw, win, loss): {reached:?}"
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
