//! Check detection for attackers beyond plain leaps and slides: locusts, bent multi-leg
//! riders, royal-only (`k`) captures, the imitator, and hoppers.

use std::sync::Arc;

use movegen::{MoveFormat, Position, Rules};
use variants::Catalog;

fn exotic() -> Arc<Rules> {
    let mut catalog = Catalog::builtin();
    catalog
        .add_text(include_str!("../data/variants/exotic.ini"), "exotic.ini")
        .unwrap();
    catalog.rules("exotic").unwrap()
}

fn in_check(rules: &Arc<Rules>, fen: &str) -> bool {
    Position::from_fen(rules.clone(), fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .in_check()
}

#[test]
fn a_locust_checks_through_the_square_it_captures_on() {
    let rules = exotic();
    // The black checker on d6 takes c5 and lands on b4.
    assert!(in_check(
        &rules,
        "k9/10/10/10/3c6/2K7/10/10/10/10 w - - 0 1"
    ));
    // With b4 taken the capture has nowhere to land.
    assert!(!in_check(
        &rules,
        "k9/10/10/10/3c6/2K7/1P8/10/10/10 w - - 0 1"
    ));
}

#[test]
fn a_collider_checks_after_bouncing_off_a_piece() {
    let rules = exotic();
    // The collider on a1 slides to the pawn on a5, steps back to a4, then slides to c6.
    assert!(in_check(
        &rules,
        "10/10/10/10/2k7/P9/10/10/10/H8K b - - 0 1"
    ));
    assert!(!in_check(
        &rules,
        "10/10/10/10/2k7/10/10/10/10/H8K b - - 0 1"
    ));
}

#[test]
fn a_royal_only_capture_checks_royal_pieces_alone() {
    let rules = exotic();
    assert!(in_check(
        &rules,
        "4k5/10/10/10/10/10/10/10/4Y5/K9 b - - 0 1"
    ));
    // The same piece cannot take a rook standing there.
    let mut pos = Position::from_fen(rules, "4r4k/10/10/10/10/10/10/10/4Y5/K9 w - - 0 1").unwrap();
    let format = MoveFormat::default();
    let texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| pos.move_text(mv, format))
        .collect();
    assert!(!texts.contains(&"e2e10".to_string()), "{texts:?}");
}

#[test]
fn the_imitator_checks_as_the_last_moved_piece() {
    let rules = exotic();
    let mut pos = Position::from_fen(rules, "10/10/10/10/5k4/10/4I5/10/1N8/K9 w - - 0 1").unwrap();
    assert!(!pos.in_check());
    let mv = pos.parse_move("b2c4", MoveFormat::default()).unwrap();
    pos.make(mv);
    // Now the imitator on e4 moves (and attacks) as a knight: f6 is in check.
    assert!(pos.in_check());
}

#[test]
fn a_cannon_checks_over_one_screen() {
    let rules = Catalog::builtin().rules("xiangqi").unwrap();
    assert!(in_check(&rules, "4k4/9/9/9/4p4/9/9/4C4/9/3K5 b - - 0 1"));
    assert!(!in_check(&rules, "4k4/9/9/9/9/9/9/4C4/9/3K5 b - - 0 1"));
    assert!(!in_check(&rules, "4k4/9/4p4/9/4p4/9/9/4C4/9/3K5 b - - 0 1"));
}
