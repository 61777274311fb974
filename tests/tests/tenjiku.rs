//! Tenjiku Shogi's two rules of its own, as HaChu means them: the Fire Demon's burning
//! (`burningPieceTypes`) and the generals' range captures (`jumpCaptureRanks`). The perft
//! cases in `tests/data/perft/chu_elven.jsonl` count the moves; these look at what a move
//! leaves on the board and at check.

use kraken_tests::setup::{legal_texts, play, read};
use variants::Catalog;

/// The board part of the FEN of `pos`.
fn board(pos: &movegen::Position) -> String {
    pos.fen().split(' ').next().unwrap_or_default().to_string()
}

/// The board part of the FEN after `mv` from the tenjiku position `fen`.
fn board_after(catalog: &Catalog, fen: &str, mv: &str) -> String {
    let mut pos = read(catalog, "tenjiku", fen);
    play(&mut pos, mv);
    board(&pos)
}

#[test]
fn a_fire_demon_burns_the_enemy_pieces_next_to_where_it_moves() {
    let catalog = Catalog::builtin();
    // White's Fire Demon on h4 moves to h5: Black's pawn, Gold and Silver on g6, h6 and i6
    // burn; White's own pawn on g4 stays.
    let fen = "k15/16/16/16/16/16/16/16/16/16/6pgs7/16/6PD!8/16/16/15K w - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    play(&mut pos, "h4h5");
    assert_eq!(
        board(&pos),
        "k15/16/16/16/16/16/16/16/16/16/16/7D!8/6P9/16/16/15K"
    );
    pos.unmake();
    assert_eq!(pos.fen(), fen, "unmaking puts the burned pieces back");
    // A promoted Water Buffalo is a Fire Demon and burns too.
    let fen = "k15/16/16/16/16/16/16/16/16/16/7g8/16/7+W!8/16/16/15K w - - 0 1";
    assert_eq!(
        board_after(&catalog, fen, "h4h5"),
        "k15/16/16/16/16/16/16/16/16/16/16/7+W!8/16/16/16/15K"
    );
}

#[test]
fn a_piece_moving_next_to_an_enemy_fire_demon_burns_itself() {
    let catalog = Catalog::builtin();
    // Black's Fire Demon stands on h10 (White's King on a1 is out of its reach). A Rook
    // moving to g9 burns; one taking the pawn on g11 takes it and burns too.
    let fen = "k15/16/16/16/16/R5p9/7d!8/R15/16/16/16/16/16/16/16/K15 w - - 0 1";
    assert_eq!(
        board_after(&catalog, fen, "a9g9"),
        "k15/16/16/16/16/R5p9/7d!8/16/16/16/16/16/16/16/16/K15"
    );
    assert_eq!(
        board_after(&catalog, fen, "a11g11"),
        "k15/16/16/16/16/16/7d!8/R15/16/16/16/16/16/16/16/K15"
    );
    // White's Fire Demon moving next to Black's burns before it burns anything: the pawn on
    // f11 next to its target square g10 stays.
    let fen = "k15/16/16/16/16/5p10/7d!8/16/16/3D!12/16/16/16/16/16/K15 w - - 0 1";
    assert_eq!(
        board_after(&catalog, fen, "d7g10"),
        "k15/16/16/16/16/5p10/7d!8/16/16/16/16/16/16/16/16/K15"
    );
}

#[test]
fn a_king_may_not_step_next_to_an_enemy_fire_demon() {
    let catalog = Catalog::builtin();
    // Black's Fire Demon on h10 cannot move (its own Knights block it), so it threatens
    // nothing, but the White King on f10 would burn on g9, g10 or g11; f9 is attacked by a
    // Knight.
    let fen = "k15/16/16/16/16/6nnn7/5K1d!8/6nnn7/16/16/16/16/16/16/16/16 w - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    let mut legal = legal_texts(&mut pos);
    legal.sort();
    assert_eq!(legal, ["f10e10", "f10e11", "f10e9", "f10f11"]);
}

#[test]
fn a_fire_demon_that_can_move_next_to_a_king_gives_check() {
    let catalog = Catalog::builtin();
    // White's Fire Demon on a1 can move to h8 and i9, next to Black's King on h9: check. The
    // King escapes only to g10, where the Demon cannot reach a square next to it.
    let fen = "16/16/16/16/16/16/16/7k8/16/16/16/16/16/16/16/D!14K b - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    assert!(pos.in_check());
    assert_eq!(legal_texts(&mut pos), ["h9g10"]);
    // With Black's own Fire Demon on i8, White's would burn itself on h8 or i9: no check.
    let fen = "16/16/16/16/16/16/16/7k8/8d!7/16/16/16/16/16/16/D!14K b - - 0 1";
    let pos = read(&catalog, "tenjiku", fen);
    assert!(!pos.in_check());
}

#[test]
fn generals_capture_past_lower_ranked_pieces_only() {
    let catalog = Catalog::builtin();
    // White's Rook General (rank 1) on a1 jumps its own pawn on a2 and takes the pawn on a4
    // and the Gold on a5, but not the Great General (rank 3) on a6 nor anything past it; it
    // moves to no empty square past a piece.
    let fen = "15k/16/16/16/16/16/16/16/16/p15/q!15/g15/p15/16/P15/R!14K w - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    let mut from_a1: Vec<String> = legal_texts(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("a1a"))
        .collect();
    from_a1.sort();
    assert_eq!(from_a1, ["a1a4", "a1a5"]);
    play(&mut pos, "a1a5");
    assert_eq!(
        board(&pos),
        "15k/16/16/16/16/16/16/16/16/p15/q!15/R!15/p15/16/P15/15K"
    );
    // No general jumps a King: the Great General on a1 cannot pass its own King on a3.
    let fen = "14k1/16/16/16/16/16/16/16/16/16/16/p15/16/K15/16/Q!15 w - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    assert!(!legal_texts(&mut pos).contains(&"a1a5".to_string()));
    // A promoted Bishop General is a Vice General (rank 2): it jumps the Rook General (rank 1)
    // on b2 to take the pawn on c3, which the Bishop General (rank 1) cannot.
    let fen = "15k/16/16/16/16/16/16/16/16/16/16/16/16/2p13/1R!14/+B!14K w - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    assert!(legal_texts(&mut pos).contains(&"a1c3".to_string()));
    let fen = "15k/16/16/16/16/16/16/16/16/16/16/16/16/2p13/1R!14/B!14K w - - 0 1";
    let mut pos = read(&catalog, "tenjiku", fen);
    assert!(!legal_texts(&mut pos).iter().any(|m| m.starts_with("a1")));
}
