//! How games end: checkmate, stalemate, bare king, the move rule and repetition, and the
//! variants' own ends (check counting, flags, extinction, explosions, mandatory captures,
//! sittuyin's promotion stalemate, a full board).

use kraken_tests::setup::{legal_texts, over, play, read, square};
use movegen::{EndReason, Outcome};
use notation::Color;
use variants::Catalog;

#[test]
fn checkmate_and_stalemate() {
    let catalog = Catalog::builtin();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = read(&catalog, "chess", start);
    assert_eq!(pos.game_over(), None);
    play(&mut pos, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Checkmate));
    let mut stalemate = read(&catalog, "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        stalemate.game_over(),
        over(Outcome::Draw, EndReason::Stalemate)
    );
    let mut shatranj = read(&catalog, "shatranj", "7k/R7/5K2/7p/7P/8/8/6R1 b - - 0 1");
    assert_eq!(
        shatranj.game_over(),
        over(Outcome::Loss, EndReason::Stalemate)
    );
}

#[test]
fn repetition_counts_earlier_occurrences() {
    let catalog = Catalog::builtin();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = read(&catalog, "chess", start);
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.repetitions(9), 1);
    assert!(pos.rule_end(1).is_some());
    assert_eq!(
        pos.game_over(),
        None,
        "a second occurrence does not end a game"
    );
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.repetitions(9), 2);
    assert_eq!(pos.game_over(), over(Outcome::Draw, EndReason::Repetition));
    // A pawn move starts a new count (the e.p. right it makes is part of the position).
    play(&mut pos, "e2e4 e7e5 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.repetitions(9), 0);
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.repetitions(9), 1);
}

/// Xiangqi (`perpetualCheckIllegal`): a repetition in which one side checked with every move
/// is lost by that side, whoever is to move (pyffish: +32000 for the checked side to move at
/// the third occurrence, -32000 for the checking side); without checks it is a draw, and in
/// chess the same checks are a draw.
#[test]
fn perpetual_check_loses_where_the_rules_say_so() {
    let catalog = Catalog::builtin();
    let fen = "4k4/9/9/9/9/9/9/9/9/R4K3 w - - 0 1";
    let checks = "a1a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a9 e9e10 a9a10";
    let mut pos = read(&catalog, "xiangqi", fen);
    play(&mut pos, checks);
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(
        pos.game_over(),
        over(Outcome::Win, EndReason::PerpetualCheck)
    );
    play(&mut pos, "e10e9");
    assert_eq!(
        pos.game_over(),
        over(Outcome::Loss, EndReason::PerpetualCheck)
    );
    // In the search, the second occurrence decides.
    let mut pos = read(&catalog, "xiangqi", fen);
    play(&mut pos, "a1a10 e10e9 a10a9 e9e10 a9a10");
    assert_eq!(pos.game_over(), None);
    assert_eq!(
        pos.rule_end(1),
        over(Outcome::Win, EndReason::PerpetualCheck)
    );
    // A rook that shuttles without checking draws.
    let mut quiet = read(&catalog, "xiangqi", fen);
    play(&mut quiet, "a1a2 e10e9 a2a1 e9e10 a1a2 e10e9 a2a1 e9e10");
    assert_eq!(
        quiet.game_over(),
        over(Outcome::Draw, EndReason::Repetition)
    );
    // Chess has no such rule.
    let mut chess = read(&catalog, "chess", "4k3/8/8/8/8/8/8/R4K2 w - - 0 1");
    play(&mut chess, "a1a8 e8e7 a8a7 e7e8 a7a8 e8e7 a8a7 e7e8 a7a8");
    assert_eq!(
        chess.game_over(),
        over(Outcome::Draw, EndReason::Repetition)
    );
}

#[test]
fn move_rule_draws_unless_mated() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    assert_eq!(pos.game_over(), None);
    play(&mut pos, "a1b1");
    assert_eq!(pos.game_over(), over(Outcome::Draw, EndReason::MoveRule));
    let mut mated = read(&catalog, "chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut mated, "a1a8");
    assert_eq!(mated.game_over(), over(Outcome::Loss, EndReason::Checkmate));
}

#[test]
fn bare_king_gets_one_move_to_bare_back() {
    let catalog = Catalog::builtin();
    // Black is bare with one move to take the last white rook: a draw when it does.
    let mut pos = read(&catalog, "shatranj", "8/8/8/3k4/3R4/8/8/K7 b - - 0 1");
    assert_eq!(pos.game_over(), None);
    play(&mut pos, "d5d4");
    assert_eq!(pos.game_over(), over(Outcome::Draw, EndReason::BareKing));
    // When it does not, white wins.
    let mut pos = read(&catalog, "shatranj", "8/8/8/3k4/8/8/6R1/K7 b - - 0 1");
    play(&mut pos, "d5d4");
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::BareKing));
    // Two pieces cannot both be taken: black loses at once.
    let mut pos = read(&catalog, "shatranj", "8/8/8/3k4/3R4/8/6R1/K7 b - - 0 1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::BareKing));
    // Chess has no such rule.
    let mut pos = read(&catalog, "chess", "8/8/8/3k4/8/8/6R1/K7 b - - 0 1");
    assert_eq!(pos.game_over(), None);
}

#[test]
fn the_last_check_wins() {
    let catalog = Catalog::builtin();
    let start = catalog.rules("3check").expect("3check").start_fen.clone();
    assert!(start.contains(" 3+3 "), "{start}");
    let fen = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 3";
    let mut pos = read(&catalog, "3check", fen);
    assert_eq!(pos.checks_remaining(Color::White), 2);
    play(&mut pos, "f1b5");
    assert_eq!(pos.checks_remaining(Color::White), 1);
    assert!(pos.fen().contains(" 1+3 "), "{}", pos.fen());
    assert_eq!(pos.game_over(), None);
    play(&mut pos, "c7c6 b5c6");
    assert_eq!(pos.checks_remaining(Color::White), 0);
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::CheckLimit));
    assert!(pos.legal_moves().is_empty(), "no move after the game ended");
    // 5check counts from five.
    let mut five = read(&catalog, "5check", fen.replace("2+3", "5+5").as_str());
    play(&mut five, "f1b5");
    assert_eq!(five.checks_remaining(Color::White), 4);
    assert_eq!(five.game_over(), None);
}

#[test]
fn a_king_on_the_hill_wins() {
    let catalog = Catalog::builtin();
    let mut pos = read(
        &catalog,
        "king-of-the-hill",
        "4k3/8/8/8/8/4K3/8/8 w - - 0 1",
    );
    play(&mut pos, "e3e4");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Flag));
    assert!(pos.legal_moves().is_empty());
    let mut chess = read(&catalog, "chess", "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    play(&mut chess, "e3e4");
    assert_eq!(chess.game_over(), None);
}

#[test]
fn racing_kings_black_may_follow_and_no_one_checks() {
    let catalog = Catalog::builtin();
    // White reaches the eighth rank; black can follow: a draw when it does.
    let mut pos = read(&catalog, "racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 1");
    play(&mut pos, "g7g8");
    assert_eq!(pos.game_over(), None);
    play(&mut pos, "b7b8");
    assert_eq!(pos.game_over(), over(Outcome::Draw, EndReason::Flag));
    // Black cannot follow: black loses at once.
    let mut pos = read(&catalog, "racingkings", "8/6K1/1k6/8/8/8/8/8 w - - 0 1");
    play(&mut pos, "g7g8");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Flag));
    // Black reaches first: white has no extra move.
    let mut pos = read(&catalog, "racingkings", "8/1k6/8/8/8/8/6K1/8 b - - 0 1");
    play(&mut pos, "b7b8");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Flag));
    // A move that gives check is illegal.
    let mut pos = read(&catalog, "racingkings", "8/8/8/8/8/8/k7/6RK w - - 0 1");
    let legal = legal_texts(&mut pos);
    assert!(!legal.contains(&"g1g2".to_string()), "{legal:?}");
    assert!(legal.contains(&"g1g3".to_string()), "{legal:?}");
}

#[test]
fn antichess_captures_are_forced_and_losing_everything_wins() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "antichess", "8/8/8/p7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(legal_texts(&mut pos), vec!["a1a5".to_string()]);
    play(&mut pos, "a1a5");
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Extinction));
    // The king is an ordinary piece: it may be left attacked and captured.
    let mut pos = read(&catalog, "giveaway", "4k3/8/8/8/8/8/8/4R3 b - - 0 1");
    assert!(legal_texts(&mut pos).contains(&"e8e7".to_string()));
    // Stalemate wins in antichess; in suicide it goes to the side with fewer pieces.
    let blocked = "8/8/8/8/8/p7/P7/8 w - - 0 1";
    let mut pos = read(&catalog, "antichess", blocked);
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Stalemate));
    let mut pos = read(&catalog, "suicide", blocked);
    assert_eq!(pos.game_over(), over(Outcome::Draw, EndReason::Stalemate));
    let mut pos = read(&catalog, "suicide", "8/8/8/8/p7/p7/P7/8 w - - 0 1");
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Stalemate));
    let mut pos = read(&catalog, "suicide", "8/8/8/8/8/p7/P6P/8 w - - 0 1");
    assert_eq!(pos.game_over(), None);
}

#[test]
fn losers_mated_side_wins() {
    let catalog = Catalog::builtin();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = read(&catalog, "losers", start);
    play(&mut pos, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Checkmate));
    // A bare king wins: white must take the queen, which leaves black bare.
    let mut pos = read(&catalog, "losers", "4k3/8/8/8/8/7P/4q3/4K3 w - - 0 1");
    assert_eq!(legal_texts(&mut pos), vec!["e1e2".to_string()]);
    play(&mut pos, "e1e2");
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Extinction));
}

#[test]
fn atomic_explosions_end_the_game() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "atomic", "4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1");
    play(&mut pos, "e2e7");
    assert!(pos.piece_at(square(&pos, "e8")).is_none(), "{}", pos.fen());
    assert!(pos.piece_at(square(&pos, "e7")).is_none(), "{}", pos.fen());
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Extinction));
    assert!(pos.legal_moves().is_empty());
    // Kings side by side cannot be taken: no check.
    let pos = read(&catalog, "atomic", "4r3/8/8/8/8/3kK3/8/8 w - - 0 1");
    assert!(!pos.in_check());
    // A king may not capture (it would explode itself), pawns survive the blast.
    let mut pos = read(&catalog, "atomic", "8/8/8/8/3k4/8/3pP3/4K3 w - - 0 1");
    let legal = legal_texts(&mut pos);
    assert!(!legal.contains(&"e1d2".to_string()), "{legal:?}");
}

/// Atomar: explosions spare the kings, a king may capture but not take a king, and only the
/// capture of a king ends the game (positions and results from pyffish).
#[test]
fn atomar_kings_survive_explosions() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "atomar", "8/8/8/8/8/4k3/3rK3/3R4 w - - 0 1");
    let legal = legal_texts(&mut pos);
    assert!(legal.contains(&"e2d2".to_string()), "{legal:?}");
    assert!(legal.contains(&"e2d3".to_string()), "{legal:?}");
    assert!(!legal.contains(&"e2e3".to_string()), "{legal:?}");
    play(&mut pos, "e2d2");
    assert_eq!(pos.fen(), "8/8/8/8/8/4k3/3K4/8 b - - 0 1");
    assert_eq!(pos.game_over(), None);
    for fen in [
        "8/8/7N/7P/8/8/5K2/8 b - - 0 46",
        "1r1k4/2p2p2/p2p4/7p/2P5/P2PP3/6PP/8 w - - 0 16",
    ] {
        let mut pos = read(&catalog, "atomar", fen);
        assert_eq!(
            pos.game_over(),
            over(Outcome::Loss, EndReason::Extinction),
            "{fen}"
        );
    }
}

/// Koedem: a king in hand must be dropped first (no other drop, no move), and a side loses when
/// the other owns both kings, on the board or in hand (results from pyffish).
#[test]
fn koedem_kings_are_dropped_first_and_owning_both_wins() {
    let catalog = Catalog::builtin();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1";
    let mut pos = read(&catalog, "koedem", fen);
    let legal = legal_texts(&mut pos);
    assert_eq!(legal.len(), 34, "{legal:?}");
    assert!(legal.iter().all(|m| m.starts_with("K@")), "{legal:?}");
    let both = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] b KQ - 0 1";
    let mut pos = read(&catalog, "koedem", both);
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Extinction));
    let mut pos = read(&catalog, "koedem", &both.replace(" b ", " w "));
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Extinction));
    // One king each, or none on one side and one in the other's hand: play goes on.
    let one = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[K] w - - 0 1";
    let mut pos = read(&catalog, "koedem", one);
    assert_eq!(pos.game_over(), None);
    assert_eq!(legal_texts(&mut pos).len(), 34);
}

#[test]
fn extinction_family() {
    let catalog = Catalog::builtin();
    // Horde: white loses when its last piece goes.
    let mut pos = read(&catalog, "horde", "4k3/8/8/8/8/8/8/r6P b - - 0 1");
    play(&mut pos, "a1h1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Extinction));
    // Three kings: losing a second king loses.
    let mut pos = read(
        &catalog,
        "threekings",
        "k1k1k3/8/8/8/8/8/8/K1K1K2r b - - 0 1",
    );
    assert_eq!(pos.game_over(), None);
    play(&mut pos, "h1e1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Extinction));
    // Kinglet: a side without pawns has lost.
    let mut pos = read(&catalog, "kinglet", "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Extinction));
    // Coregal: the queen may not be left attacked.
    let mut pos = read(&catalog, "coregal", "4k3/8/8/8/8/8/r7/Q3K3 w - - 0 1");
    let legal = legal_texts(&mut pos);
    assert!(legal.iter().all(|m| m.starts_with("a1")), "{legal:?}");
}

#[test]
fn dobutsu_lion_must_arrive_safely() {
    let catalog = Catalog::builtin();
    // The white lion reaches the far rank where nothing can take it: white wins at its next
    // turn, so black, to move, has lost.
    let mut pos = read(&catalog, "dobutsu", "1L1/3/2l/3[] b - - 0 1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Flag));
    // Attacked there, it has not arrived yet.
    let mut pos = read(&catalog, "dobutsu", "gL1/3/2l/3[] b - - 0 1");
    assert_eq!(pos.game_over(), None);
    // Taking the lion wins.
    let mut pos = read(&catalog, "dobutsu", "gL1/3/2l/3[] b - - 0 1");
    play(&mut pos, "a4b4");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::Extinction));
}

#[test]
fn sittuyin_king_and_pawn_that_could_only_promote_is_a_draw() {
    let catalog = Catalog::builtin();
    // As Fairy-Stockfish's optional game end: white's only moves are promotions.
    let mut pos = read(&catalog, "sittuyin", "1r6/8/8/8/8/k7/P7/K7 w - - 0 1");
    assert_eq!(pos.legal_moves().len(), 3);
    assert_eq!(
        pos.game_over(),
        over(Outcome::Draw, EndReason::PromotionStalemate)
    );
    // With a met besides, the game goes on.
    let mut pos = read(&catalog, "sittuyin", "1r6/8/8/8/8/k7/P7/K6F w - - 0 1");
    assert_eq!(pos.game_over(), None);
}

#[test]
fn tori_repetition_loses_for_the_side_that_repeats() {
    let catalog = Catalog::builtin();
    let start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w - - 0 1";
    let mut pos = read(&catalog, "torishogi", start);
    for _ in 0..2 {
        play(&mut pos, "d1c2 d7c6 c2d1 c6d7");
        assert_eq!(pos.game_over(), None);
    }
    // The fourth occurrence: black brought it about, so white, to move, wins.
    play(&mut pos, "d1c2 d7c6 c2d1 c6d7");
    assert_eq!(pos.repetitions(9), 3);
    assert_eq!(pos.game_over(), over(Outcome::Win, EndReason::Repetition));
}

#[test]
fn move_rule_types_restart_the_count_by_moves_that_cannot_be_undone() {
    // Fairy-Stockfish restarts the count for a type of `nMoveRuleTypes` only when the piece
    // could not move back (do_move: the reverse is not one of its moves on an empty board).
    let text = include_str!("../data/perft/custom_variants.ini");
    let catalog = kraken_tests::setup::catalog_with(text, "custom_variants.ini");
    let fen = "4k3/8/3s4/8/8/8/4P3/4K1n1 b - - 99 80";
    for (moves, ended) in [("d6d5", false), ("g1f3", true), ("e8d8", true)] {
        let mut pos = read(&catalog, "moveclock", fen);
        play(&mut pos, moves);
        let expected = ended.then(|| over(Outcome::Draw, EndReason::MoveRule).unwrap());
        assert_eq!(pos.game_over(), expected, "{moves}");
    }
    // White's pawn restarts it, a knight's move in chess does not.
    let mut pos = read(
        &catalog,
        "moveclock",
        "4k3/8/3s4/8/8/8/4P3/4K1n1 w - - 99 80",
    );
    play(&mut pos, "e2e3");
    assert_eq!(pos.game_over(), None);
    let mut chess = read(&catalog, "chess", "4k3/8/8/8/8/8/4P3/4K1n1 b - - 99 80");
    play(&mut chess, "g1f3");
    assert_eq!(chess.game_over(), over(Outcome::Draw, EndReason::MoveRule));
}

#[test]
fn reversi_and_ataxx_turn_pieces_over_and_end_on_a_full_board() {
    let catalog = Catalog::builtin();
    // Othello: the drop on f4 encloses e4 between f4 and d4.
    let start = "8/8/8/3pP3/3Pp3/8/8/8[PPPPpppp] w - - 0 1";
    let mut pos = read(&catalog, "flipello", start);
    let before = pos.fen();
    play(&mut pos, "P@f4");
    let turned = pos.piece_at(square(&pos, "e4")).expect("a disc");
    assert_eq!(turned.color, Color::White);
    pos.unmake();
    assert_eq!(pos.fen(), before);
    // Ataxx: a jump turns every enemy man around its target square; the hands never change.
    let mut pos = read(&catalog, "ataxx", "7/7/7/2ppp2/7/7/P6 w - - 0 1");
    play(&mut pos, "a1c3");
    assert_eq!(pos.pieces_of(Color::White).len(), 3);
    play(&mut pos, "P@d3");
    assert_eq!(pos.pieces_of(Color::Black).len(), 5);
    assert_eq!(pos.pieces_of(Color::White).len(), 0);
    // The last empty square filled: the side with more men wins.
    let full = "PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp/pppppp1 b - - 0 1";
    let mut pos = read(&catalog, "ataxx", full);
    play(&mut pos, "P@g1");
    assert_eq!(pos.game_over(), over(Outcome::Loss, EndReason::FullBoard));
}
