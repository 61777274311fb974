//! How games end: checkmate, stalemate, bare king, the move rule and repetition.

use kraken_tests::setup::read;
use movegen::{EndReason, GameOver, MoveFormat, Outcome, Position};
use variants::Catalog;

/// Plays `moves` (in XBoard coordinates) on `pos`.
fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = pos
            .parse_move(text, MoveFormat::default())
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        pos.make(mv);
    }
}

fn over(outcome: Outcome, reason: EndReason) -> Option<GameOver> {
    Some(GameOver { outcome, reason })
}

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
