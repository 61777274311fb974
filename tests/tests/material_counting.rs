//! Games the rules would draw, decided by the material instead (Fairy-Stockfish's
//! `materialCounting`): armageddon's black draw odds and janggi's weighted count, on the move
//! rule, repetition and stalemate. Each position and result is Fairy-Stockfish's through
//! pyffish (`game_result` or `is_optional_game_end` after the moves; +32000 is a win for the
//! side to move).

use kraken_tests::setup::{over, play, read};
use movegen::{EndReason, Outcome};
use variants::Catalog;

/// White and black kings walking back and forth twice: the third occurrence of the start.
const KING_WALK: &str = "e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8";

#[test]
fn armageddon_gives_black_every_drawn_game() {
    let catalog = Catalog::builtin();
    // Stalemates: black stalemated wins (pyffish 32000), white stalemated loses (-32000).
    let black_stalemated = read(&catalog, "armageddon", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        black_stalemated.no_move_end(),
        over(Outcome::Win, EndReason::Stalemate).unwrap()
    );
    let white_stalemated = read(&catalog, "armageddon", "7K/5q2/6k1/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        white_stalemated.no_move_end(),
        over(Outcome::Loss, EndReason::Stalemate).unwrap()
    );
    // The move rule, with black to move after the hundredth ply (pyffish 32000); chess draws.
    for (variant, outcome) in [("armageddon", Outcome::Win), ("chess", Outcome::Draw)] {
        let mut pos = read(&catalog, variant, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
        play(&mut pos, "a1a2");
        assert_eq!(
            pos.game_over(),
            over(outcome, EndReason::MoveRule),
            "{variant}"
        );
    }
    // Threefold repetition with white to move (pyffish -32000).
    let mut pos = read(&catalog, "armageddon", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut pos, KING_WALK);
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Repetition));
}

#[test]
fn janggi_decides_the_move_rule_and_repetition_by_material() {
    let catalog = Catalog::builtin();
    // White's chariot against nothing: white wins the move rule (pyffish -32000 for black to
    // move); without counting (janggitraditional) it is a draw.
    for (variant, outcome) in [
        ("janggi", Outcome::Loss),
        ("janggitraditional", Outcome::Draw),
    ] {
        let mut pos = read(&catalog, variant, "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 99 80");
        play(&mut pos, "a1a2");
        assert_eq!(
            pos.game_over(),
            over(outcome, EndReason::MoveRule),
            "{variant}"
        );
    }
    // Repetition: bare kings lose for white by black's komi (-32000 with white to move), a
    // chariot ahead wins (32000); janggitraditional draws.
    let walk = "e2f2 d10d9 f2e2 d9d10 e2f2 d10d9 f2e2 d9d10";
    for (variant, fen, outcome) in [
        ("janggi", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", Outcome::Loss),
        ("janggi", "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", Outcome::Win),
        (
            "janggitraditional",
            "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1",
            Outcome::Draw,
        ),
    ] {
        let mut pos = read(&catalog, variant, fen);
        play(&mut pos, walk);
        assert_eq!(
            pos.game_over(),
            over(outcome, EndReason::Repetition),
            "{variant} {fen}"
        );
    }
}
