//! The game ends of janggi (two passes, bikjang, material counting) and shatar (its mate
//! rule), each position and result taken from Fairy-Stockfish through pyffish
//! (`game_result` after the moves), and janggi's pass as move text.

use kraken_tests::setup::{over, play, read};
use movegen::{EndReason, MoveFormat, MoveKind, Outcome};
use variants::Catalog;

const JANGGI_START: &str =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

#[test]
fn janggi_two_passes_end_the_game_by_material_with_black_s_komi() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "janggi", JANGGI_START);
    play(&mut pos, "e2e2");
    assert!(pos.passed());
    assert_eq!(pos.game_over(), None, "one pass does not end the game");
    assert_eq!(
        pos.fen().split(' ').nth(4),
        Some("1"),
        "a pass counts as a move"
    );
    play(&mut pos, "e9e9");
    // Equal material: black's komi wins (pyffish: -32000 for white to move).
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Passes));
    assert!(pos.legal_moves().is_empty());
    pos.unmake();
    assert_eq!(pos.legal_moves().len(), 32);
}

#[test]
fn janggi_bikjang_allows_only_breaking_or_passing_and_a_pass_ends_the_game() {
    let catalog = Catalog::builtin();
    // Kings face each other: white may pass (even though no move may keep the facing) or
    // step aside; pyffish lists e1e1 e1f1 e1d1.
    let even = "r3k3r/9/9/9/9/9/9/9/9/R3K3R w - - 0 1";
    let mut pos = read(&catalog, "janggi", even);
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves.iter().filter(|m| m.kind == MoveKind::Pass).count(), 1);
    play(&mut pos, "e1e1");
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Passes));
    let white_ahead = "r3k4/9/9/9/9/9/9/9/9/R3K3R w - - 0 1";
    let mut pos = read(&catalog, "janggi", white_ahead);
    play(&mut pos, "e1e1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Passes));
}

#[test]
fn janggi_bikjang_in_check_leaves_only_the_pass() {
    let catalog = Catalog::builtin();
    // Black's elephant (h5) checks the white king (f2) while the kings face each other on the
    // f-file: pyffish lists the pass f2f2 alone (found by the random-game property test).
    let fen = "5kbn1/3a5/4a2c1/2Cpr1P2/4p2P1/2PP3b1/9/4r4/1R3KR2/1NB1AcB2 w - - 2 49";
    let mut pos = read(&catalog, "janggi", fen);
    assert!(pos.in_check());
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].kind, MoveKind::Pass);
}

#[test]
fn janggi_pass_reads_in_both_protocols_and_writes_as_each_expects() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "janggi", JANGGI_START);
    let uci = MoveFormat::default();
    let xboard = MoveFormat {
        zero_based_ranks: true,
        null_pass: true,
        ..MoveFormat::default()
    };
    let pass = pos.parse_move("@@@@", uci).expect("a pass");
    assert_eq!(pass.kind, MoveKind::Pass);
    assert_eq!(pos.parse_move("e2e2", uci), Ok(pass));
    assert_eq!(pos.parse_move("e1e1", xboard), Ok(pass));
    assert_eq!(pos.move_text(&pass, uci), "e2e2");
    assert_eq!(pos.move_text(&pass, xboard), "@@@@");
    // A side in check may not pass (unless the kings face each other).
    let mut check = read(&catalog, "janggi", "4k4/4a4/9/9/9/9/9/9/4K4/4r4 w - - 0 1");
    assert!(check.parse_move("e2e2", uci).is_err());
}

#[test]
fn shatar_mate_rule_decides_checkmates_as_fairy_stockfish() {
    let catalog = Catalog::builtin();
    let cases = [
        // A mate by a knight alone loses for the side that gave it.
        ("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", "g5f7", Outcome::Win),
        // A mate by a rook (a shak) wins.
        ("k7/2K5/8/8/7p/7P/6R1/2B5 w - - 0 1", "g2a2", Outcome::Loss),
        // A bishop's mate with no shak before it is a draw.
        ("k7/P7/1K6/8/7p/7P/8/3B3R w - - 0 1", "d1f3", Outcome::Draw),
        // A bishop's mate after a rook's check in the same series of checks wins.
        (
            "1B6/8/B7/2R5/6kp/7P/4K3/8 w - - 0 1",
            "c5g5 g4h3 a6c8",
            Outcome::Loss,
        ),
        // ... but not once the series was broken by a quiet move.
        (
            "1B6/8/B7/2R5/6kp/7P/4K3/8 w - - 0 1",
            "c5g5 g4h3 g5a5 h3g4 a6c8",
            Outcome::Draw,
        ),
    ];
    for (fen, moves, outcome) in cases {
        let mut pos = read(&catalog, "shatar", fen);
        play(&mut pos, moves);
        assert_eq!(
            pos.game_over(),
            over(outcome, EndReason::Checkmate),
            "{fen} {moves}"
        );
    }
    // A bare king is a draw (Robado).
    let mut bare = read(&catalog, "shatar", "k7/8/1K6/8/8/8/8/7R b - - 0 1");
    assert_eq!(bare.game_over(), over(Outcome::Draw, EndReason::Extinction));
}
