//! Janggi's move repetition rule (`moveRepetitionIllegal`, the built-in janggimodern) against
//! Fairy-Stockfish.
//!
//! `tests/data/game_end/move_repetition.jsonl` holds cases recorded by
//! `scripts/move_repetition_reference.py` with pyffish 0.0.90: after every move,
//! Fairy-Stockfish's `is_optional_game_end` verdict for the side to move. The named cases are
//! built by hand around the rule; the random ones let one side shuttle a piece (a pass
//! sometimes among the moves) while the other moves at random, checking when it can three
//! times in ten. Kraken's rule ends (with the repetition count of the game) must give the
//! same verdict after every move.

use kraken_tests::{
    setup::{over, play, read},
    verdicts::follow_verdicts,
};
use movegen::{EndReason, Outcome};
use variants::Catalog;

const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

#[test]
fn move_repetition_follows_fairy_stockfish() {
    let catalog = Catalog::builtin();
    let reached = follow_verdicts(
        &catalog,
        include_str!("../data/game_end/move_repetition.jsonl"),
    );
    assert!(
        reached[0] > 1000 && reached[2] > 50,
        "verdicts reached (-, draw, win, loss): {reached:?}"
    );
}

/// The shuttling side loses with the reason told, in janggimodern only.
#[test]
fn a_shuttle_is_told_as_a_repeated_move() {
    let catalog = Catalog::builtin();
    let shuttle = "a1a2 a7a6 a2a1 a6a5 a1a2 i7i6 a2a1 i6i5 a1a2";
    let mut pos = read(&catalog, "janggimodern", START);
    play(&mut pos, shuttle);
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::RepeatedMove));
    for other in ["janggi", "janggicasual"] {
        let mut pos = read(&catalog, other, START);
        play(&mut pos, shuttle);
        assert_eq!(pos.game_over(), None, "{other}");
    }
}
