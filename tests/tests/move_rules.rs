//! Rules about which moves are legal beyond chess: mandatory drops, bishops on both colours,
//! castling rights from drops, promotion choices per colour, sittuyin's setup drops and
//! promotions, the shogi family's flipping pieces, promoted drops, two-swallow files and
//! royal-while-alone kings, knight relays near kings, Werewolves that whoever takes them
//! becomes, castling into a line the partner opens.

use kraken_tests::setup::{legal_texts, play, read};
use movegen::Position;
use variants::Catalog;

#[test]
fn placement_drops_come_first_and_bishops_take_both_colours() {
    let catalog = Catalog::builtin();
    let start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let mut pos = read(&catalog, "placement", start);
    let legal = legal_texts(&mut pos);
    assert!(legal.iter().all(|m| m.contains('@')), "{legal:?}");
    assert_eq!(legal.len(), 5 * 8, "five kinds on eight squares");
    // A second bishop must go on the other colour (a1 is dark, so c1 is too).
    let mut pos = read(
        &catalog,
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/B7[KQRRBNNkqrrbbnn] w - - 0 1",
    );
    let legal = legal_texts(&mut pos);
    assert!(legal.contains(&"B@b1".to_string()), "{legal:?}");
    assert!(!legal.contains(&"B@c1".to_string()), "{legal:?}");
    // Once the hand is empty, pieces move.
    let mut pos = read(
        &catalog,
        "placement",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
    );
    assert!(legal_texts(&mut pos).contains(&"e2e4".to_string()));
}

#[test]
fn castling_into_a_line_the_rook_opens_is_illegal() {
    // Chess960: king e1 and rook b1 castle long to c1 and d1. With a black rook on a1 the
    // king's new square is attacked only once the white rook has left b1.
    let catalog = Catalog::builtin();
    let mut open = read(&catalog, "chess960", "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    let legal = legal_texts(&mut open);
    assert!(legal.contains(&"e1c1".to_string()), "{legal:?}");
    let mut exposed = read(&catalog, "chess960", "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1");
    let legal = legal_texts(&mut exposed);
    assert!(!legal.contains(&"e1c1".to_string()), "{legal:?}");
    // The king's five steps and the pinned rook's three moves along the first rank.
    assert_eq!(legal.len(), 8, "{legal:?}");
}

#[test]
fn placement_king_dropped_on_e1_may_castle() {
    let catalog = Catalog::builtin();
    let mut pos = read(
        &catalog,
        "placement",
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1",
    );
    play(&mut pos, "K@e1");
    assert!(pos.fen().contains(" KQq "), "{}", pos.fen());
    // A king dropped elsewhere does not.
    let mut pos = read(
        &catalog,
        "placement",
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1",
    );
    play(&mut pos, "K@d1");
    assert!(pos.fen().contains(" q "), "{}", pos.fen());
}

#[test]
fn chigorin_promotions_differ_per_colour() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "chigorin", "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1");
    let mut white: Vec<String> = legal_texts(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("h7h8"))
        .collect();
    white.sort();
    assert_eq!(white, ["h7h8c", "h7h8n", "h7h8r"]);
    let mut pos = read(&catalog, "chigorin", "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1");
    let mut black: Vec<String> = legal_texts(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("a2a1"))
        .collect();
    black.sort();
    assert_eq!(black, ["a2a1b", "a2a1q", "a2a1r"]);
}

#[test]
fn euroshogi_pieces_must_promote() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "euroshogi", "4k3/8/8/P7/8/8/8/4K3[] w 0 1");
    assert_eq!(
        legal_texts(&mut pos)
            .into_iter()
            .filter(|m| m.starts_with("a5"))
            .collect::<Vec<_>>(),
        ["a5a6+"]
    );
    // Minishogi leaves the choice.
    let mut pos = read(&catalog, "minishogi", "4k/S4/5/5/4K[] w 0 1");
    let mut choices: Vec<String> = legal_texts(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("a4a5"))
        .collect();
    choices.sort();
    assert_eq!(choices, ["a4a5", "a4a5+"]);
}

#[test]
fn cambodian_king_leap_is_lost_to_a_rook_that_aims_at_it() {
    // Reference moves from Fairy-Stockfish (pyffish).
    let catalog = Catalog::builtin();
    let fen = "r3k3/8/8/8/8/8/R7/3K4 b D - 0 1";
    let mut pos = read(&catalog, "cambodian", fen);
    play(&mut pos, "a8d8 a2d2 e8e7");
    assert!(
        pos.fen().starts_with("3r4/4k3/8/8/8/8/3R4/3K4 w - "),
        "the rook's check took the leap away: {}",
        pos.fen()
    );
    let mut legal = legal_texts(&mut pos);
    legal.sort();
    assert_eq!(
        legal,
        ["d1c1", "d1c2", "d1e1", "d1e2", "d2d3", "d2d4", "d2d5", "d2d6", "d2d7", "d2d8"]
    );
    let mut pos = read(&catalog, "cambodian", fen);
    play(&mut pos, "a8b8 a2b2 e8e7");
    assert!(legal_texts(&mut pos).contains(&"d1f2".to_string()));
    // Not out of check.
    let mut pos = read(&catalog, "cambodian", "3rk3/8/8/8/8/8/8/R2K3R w D - 0 1");
    let mut legal = legal_texts(&mut pos);
    legal.sort();
    assert_eq!(legal, ["d1c1", "d1c2", "d1e1", "d1e2"]);
    // FSF's counting limit before the counters is read; the clock field is the plies counted.
    let pos = read(&catalog, "cambodian", "3r4/4k3/8/8/8/8/3R4/3K4 w - 126 2 3");
    assert_eq!(pos.counting(), (126, 2));
    assert_eq!(pos.halfmove_clock(), 0);
}

#[test]
fn checkless_checks_must_mate() {
    let catalog = Catalog::builtin();
    let mut pos = read(
        &catalog,
        "checkless",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    );
    assert!(
        legal_texts(&mut pos).contains(&"a1a8".to_string()),
        "mate is allowed"
    );
    let mut pos = read(&catalog, "checkless", "6k1/8/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let legal = legal_texts(&mut pos);
    assert!(
        !legal.contains(&"a1a8".to_string()),
        "a check that does not mate"
    );
    assert!(legal.contains(&"a1a7".to_string()));
}

/// The sorted legal moves of `pos` that `keep` selects.
fn sorted(pos: &mut Position, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let mut list: Vec<String> = legal_texts(pos).into_iter().filter(|m| keep(m)).collect();
    list.sort();
    list
}

#[test]
fn sittuyin_setup_drops_go_on_the_own_three_ranks_rooks_on_the_first() {
    let catalog = Catalog::builtin();
    let start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    let mut pos = read(&catalog, "sittuyin", start);
    let legal = legal_texts(&mut pos);
    assert!(legal.iter().all(|m| m.contains('@')), "{legal:?}");
    // Rooks on the 8 squares of the first rank; king, met, silver and knight on the 20 empty
    // squares of ranks 1 to 3.
    assert_eq!(legal.len(), 8 + 4 * 20, "{legal:?}");
    let rooks = sorted(&mut pos, |m| m.starts_with("R@"));
    assert!(rooks.iter().all(|m| m.ends_with('1')), "{rooks:?}");
    assert!(legal.contains(&"N@h3".to_string()) && !legal.contains(&"N@a4".to_string()));
    // Black drops on ranks 6 to 8, and pawns wait until the hands are empty.
    play(&mut pos, "K@e2");
    let legal = legal_texts(&mut pos);
    assert!(legal.contains(&"R@h8".to_string()) && !legal.contains(&"R@h7".to_string()));
    assert!(legal.contains(&"S@a6".to_string()) && !legal.contains(&"S@a5".to_string()));
    assert!(legal.iter().all(|m| m.contains('@')), "{legal:?}");
}

#[test]
fn sittuyin_pawns_promote_on_their_diagonal_in_place_or_a_step_away() {
    let catalog = Catalog::builtin();
    // As Fairy-Stockfish (pyffish) lists them: b7, c6 and d5 are on white's diagonal. The b7
    // pawn may not promote in place (its met would attack the rook on a8) nor take on a8, the
    // c6 pawn may not promote to d7 (check).
    let mut pos = read(
        &catalog,
        "sittuyin",
        "r3k3/1P4s1/2P5/3P4/8/8/5K2/8 w - - 0 1",
    );
    assert_eq!(
        sorted(&mut pos, |m| m.ends_with('f')),
        ["b7a6f", "b7c8f", "c6b5f", "c6c6f", "d5c4f", "d5d5f", "d5e4f", "d5e6f"]
    );
    // Pawns that reach the zone by moving stay pawns.
    let mut pos = read(&catalog, "sittuyin", "4k3/8/8/2P5/8/8/P7/4K3 w - - 0 1");
    assert_eq!(sorted(&mut pos, |m| m.starts_with("c5")), ["c5c6"]);
    // A side's last pawn promotes wherever it stands.
    let mut pos = read(&catalog, "sittuyin", "4k3/8/8/8/8/3P4/8/R3K3 w - - 0 1");
    assert_eq!(
        sorted(&mut pos, |m| m.ends_with('f')),
        ["d3c2f", "d3c4f", "d3d3f", "d3e2f", "d3e4f"]
    );
    // No promotion that uncovers a check.
    let mut pos = read(&catalog, "sittuyin", "4k3/8/8/4P3/8/8/P7/4RK2 w - - 0 1");
    assert_eq!(sorted(&mut pos, |m| m.ends_with('f')), ["e5e5f"]);
    // Black's diagonal; none while the side still has its met.
    let mut pos = read(&catalog, "sittuyin", "4k3/8/8/8/3p4/2p5/8/4K3 b - - 0 1");
    assert_eq!(sorted(&mut pos, |m| m.ends_with('f')).len(), 7);
    let mut pos = read(&catalog, "sittuyin", "4k3/5f2/8/8/3p4/2p5/8/4K3 b - - 0 1");
    assert!(sorted(&mut pos, |m| m.ends_with('f')).is_empty());
    // The promotion is a move of its own, after which the met moves on.
    let mut pos = read(&catalog, "sittuyin", "4k3/8/8/8/8/3P4/8/R3K3 w - - 0 1");
    play(&mut pos, "d3d3f e8d7");
    assert!(legal_texts(&mut pos).contains(&"d3e4".to_string()));
}

#[test]
fn elven_knights_become_lions_on_entry_while_their_side_has_none() {
    let catalog = Catalog::builtin();
    let promotions = |m: &str| m.ends_with('+') || m.starts_with("b7");
    // Entering the far three ranks: the Knight may promote, the Pawn must.
    let mut pos = read(
        &catalog,
        "elven",
        "9k/10/10/1P8/2N7/10/10/10/10/5K4 w - - 0 1",
    );
    assert_eq!(
        sorted(&mut pos, promotions),
        ["b7b8b", "b7b8l", "b7b8m", "b7b8n", "b7b8q", "b7b8r", "c6b8+", "c6d8+"]
    );
    // The promoted Knight is a Lion, and a second Lion is not allowed.
    play(&mut pos, "c6d8+ j10j9");
    assert!(pos.fen().starts_with("10/9k/3L6/"), "{}", pos.fen());
    assert_eq!(
        sorted(&mut pos, promotions),
        ["b7b8b", "b7b8m", "b7b8n", "b7b8q", "b7b8r"]
    );
    // No promotion on a move inside the zone; Bishops and Rooks become Cardinal and Dragon.
    let mut pos = read(
        &catalog,
        "elven",
        "4k5/10/2N7/10/2B7/10/10/10/10/5K4 w - - 0 1",
    );
    assert_eq!(
        sorted(&mut pos, |m| m.ends_with('+')),
        ["c6a8+", "c6e8+", "c6f9+", "c6g10+"]
    );
    play(&mut pos, "c6e8+");
    assert!(pos.fen().starts_with("4k5/10/2N1+B5/"), "{}", pos.fen());
}

#[test]
fn kyoto_pieces_flip_on_every_move_and_drop_either_side_up() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "kyotoshogi", "4k/5/5/5/S3K[LPlp] w - - 0 1");
    // The silver must turn into a bishop; the king moves as it is.
    assert_eq!(
        sorted(&mut pos, |m| !m.contains('@')),
        ["a1a2+", "a1b2+", "e1d1", "e1d2", "e1e2"]
    );
    // Lances and pawns in hand drop either side up (Fairy-Stockfish's count: 22 squares each).
    let drops = legal_texts(&mut pos);
    for prefix in ["L@", "+L@", "P@", "+P@"] {
        assert_eq!(
            drops.iter().filter(|m| m.starts_with(prefix)).count(),
            22,
            "{prefix}"
        );
    }
    // A piece dropped promoted goes back to hand unpromoted; the bishop flips back to a
    // silver when it moves.
    play(&mut pos, "a1b2+ +P@c3 b2c3-");
    let fairy_stockfish = read(&catalog, "kyotoshogi", "4k/5/2S2/5/4K[LPPl] b - - 0 2");
    assert_eq!(pos.fen(), fairy_stockfish.fen());
}

#[test]
fn micro_pieces_flip_only_when_they_capture() {
    let catalog = Catalog::builtin();
    let mut pos = read(&catalog, "micro", "k3/4/4/p3/R2K[] w - - 0 1");
    assert_eq!(
        sorted(&mut pos, |_| true),
        ["a1a2+", "a1b1", "a1c1", "d1c1", "d1c2", "d1d2"]
    );
}

#[test]
fn tori_swallows_are_dropped_on_files_with_at_most_one_of_them() {
    let catalog = Catalog::builtin();
    let file_a_drops = |fen: &str| {
        let mut pos = read(&catalog, "torishogi", fen);
        legal_texts(&mut pos)
            .into_iter()
            .filter(|m| m.starts_with("S@a"))
            .count()
    };
    // a1 and a3 to a6: not a7, where a swallow could never move.
    assert_eq!(file_a_drops("3k3/7/7/7/7/S6/3K3[S] w - - 0 1"), 5);
    assert_eq!(file_a_drops("3k3/7/7/7/S6/S6/3K3[S] w - - 0 1"), 0);
}

#[test]
fn sho_king_is_royal_while_alone_judged_before_the_move() {
    let catalog = Catalog::builtin();
    // Alone and in check, the King must move: promoting the Elephant to a Prince does not help.
    let mut pos = read(&catalog, "shoshogi", "4k4/9/9/3E5/9/9/9/9/r3K4 w - - 0 1");
    assert_eq!(sorted(&mut pos, |_| true), ["e1d2", "e1e2", "e1f2"]);
    // With a Prince beside it, the King may stay attacked.
    let mut pos = read(&catalog, "shoshogi", "8k/9/9/9/4+E4/9/9/9/r3K4 w - - 0 1");
    assert_eq!(legal_texts(&mut pos).len(), 13);
}

/// Knight-relay chess as cutechess-cli referees it: a relayed knight move gives no check, so a
/// king may step where one reaches; Kraken never takes a king with one (see cutechess.ini).
#[test]
fn knight_relays_neither_check_nor_take_kings() {
    let catalog = Catalog::builtin();
    // The Knight on b3 defends the Rook on d4, which then also leaps like a Knight.
    let mut pos = read(&catalog, "knightrelay", "8/4k3/8/8/3R4/1N6/8/4K3 b - - 0 1");
    assert!(!pos.in_check());
    let king = sorted(&mut pos, |m| m.starts_with("e7"));
    assert!(king.contains(&"e7e6".to_string()), "{king:?}");
    play(&mut pos, "e7e6");
    let rook = sorted(&mut pos, |m| m.starts_with("d4"));
    assert!(rook.contains(&"d4f5".to_string()), "{rook:?}");
    assert!(!rook.contains(&"d4e6".to_string()), "{rook:?}");
}

#[test]
fn a_piece_that_takes_a_werewolf_becomes_one() {
    let catalog = Catalog::builtin();
    let fen = "4k3/8/8/3w4/8/2N5/8/4K3 w - - 0 1";
    let mut pos = read(&catalog, "werewolf", fen);
    // Written as the promotion it is (HaChu's form), read without the letter too (XBoard's).
    assert!(legal_texts(&mut pos).contains(&"c3d5w".to_string()));
    play(&mut pos, "c3d5");
    assert!(
        pos.fen().starts_with("4k3/8/8/3W4/8/8/8/4K3 b"),
        "{}",
        pos.fen()
    );
    pos.unmake();
    assert_eq!(pos.fen(), fen);
    // A pawn taking one on the last rank becomes a Werewolf, not a Rook.
    let mut pos = read(&catalog, "werewolf", "2w1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!legal_texts(&mut pos).contains(&"b7c8r".to_string()));
    play(&mut pos, "b7c8w");
    assert!(pos.fen().starts_with("2W1k3/8/"), "{}", pos.fen());
    // The King stays a King.
    let mut pos = read(&catalog, "werewolf", "4k3/8/8/8/8/8/3w4/4K3 w - - 0 1");
    play(&mut pos, "e1d2");
    assert!(
        pos.fen().starts_with("4k3/8/8/8/8/8/3K4/8 b"),
        "{}",
        pos.fen()
    );
}
