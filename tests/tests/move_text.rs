//! Moves as coordinate text, in and out, the way XBoard and UCI write them.
//!
//! * Plain moves, promotions (`e7e8q`, also `e7e8Q` and `e7e8=q`), shogi-style promotions
//!   (`c6c7+` against `c6c7`), drops (`P@e4`), castling in every accepted form (king move,
//!   king takes rook, `O-O`, `0-0`) in chess, Chess960 and Capablanca, locust moves leg by leg
//!   (`d3d4,d4d5`), zero-based ranks on 10-rank boards, Seirawan gating (`b1c3h`, `h1e1h`).
//! * Errors for illegal, ambiguous and garbage text, without panics.
//! * Every legal move of the positions of random games (300 spread over the moves where there
//!   are more) reads back from its own text, in every [`MoveFormat`].
//!
//! Drops are written with the uppercase piece letter for both sides (`P@e4`, `N@e5` for
//! black), as XBoard and UCI engines write them; the letter is read in either case.

use kraken_tests::{
    fuzz_cases,
    setup::{catalog_with, read, rules, square},
};
use movegen::{Move, MoveFlags, MoveFormat, MoveKind, Position};
use proptest::prelude::*;
use std::sync::OnceLock;
use variants::Catalog;

/// Test variants: a Chu Shogi lion (`l`, with locust captures and igui), a piece that only
/// captures as a locust (`y`) and a checkers-like jumper (`x`).
const LOCUST: &str = "[locust:chess]
customPiece1 = l:KNADcaKmcabK
customPiece2 = y:caK
customPiece3 = x:mWcafW
startFen = 4k3/8/8/8/3p4/3L4/8/4K3 w - - 0 1
";

const PLAIN: MoveFormat = MoveFormat {
    chess960: false,
    zero_based_ranks: false,
    null_pass: false,
    piece_pass_null: false,
    promotion_after_duck: false,
};
const CHESS960: MoveFormat = MoveFormat {
    chess960: true,
    zero_based_ranks: false,
    null_pass: false,
    piece_pass_null: false,
    promotion_after_duck: false,
};
const ZERO_BASED: MoveFormat = MoveFormat {
    chess960: false,
    zero_based_ranks: true,
    null_pass: false,
    piece_pass_null: false,
    promotion_after_duck: false,
};
const FORMATS: [MoveFormat; 4] = [
    PLAIN,
    CHESS960,
    ZERO_BASED,
    MoveFormat {
        chess960: true,
        zero_based_ranks: true,
        null_pass: false,
        piece_pass_null: false,
        promotion_after_duck: false,
    },
];

fn catalog() -> Catalog {
    catalog_with(LOCUST, "move_text.rs")
}

fn parse(pos: &mut Position, text: &str, format: MoveFormat) -> Move {
    pos.parse_move(text, format)
        .unwrap_or_else(|e| panic!("{} in {}: {e}", text, pos.fen()))
}

/// The reason `text` is refused.
fn refused(pos: &mut Position, text: &str, format: MoveFormat) -> &'static str {
    match pos.parse_move(text, format) {
        Ok(mv) => panic!(
            "{text:?} was read as {} in {}",
            pos.move_text(&mv, format),
            pos.fen()
        ),
        Err(e) => {
            assert_eq!(e.text, text);
            e.reason
        }
    }
}

fn texts(pos: &mut Position, format: MoveFormat) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|mv| pos.move_text(mv, format))
        .collect()
}

#[test]
fn plain_moves() {
    let catalog = catalog();
    let mut pos = Position::start(rules(&catalog, "chess"));
    for format in FORMATS {
        let mv = parse(&mut pos, "e2e4", format);
        assert_eq!(
            (mv.from, mv.to, mv.kind),
            (square(&pos, "e2"), square(&pos, "e4"), MoveKind::Normal)
        );
        assert_eq!(pos.move_text(&mv, format), "e2e4");
        // Upper case and surrounding space are read too.
        assert_eq!(parse(&mut pos, " E2E4 ", format), mv);
        assert_eq!(parse(&mut pos, "g1f3", format).to, square(&pos, "f3"));
    }
}

#[test]
fn promotions() {
    let catalog = catalog();
    let mut pos = read(&catalog, "chess", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let queen = pos.rules().piece_by_symbol("Q").expect("a queen");
    let knight = pos.rules().piece_by_symbol("N").expect("a knight");
    let promote = parse(&mut pos, "a7a8q", PLAIN);
    assert_eq!(promote.promotion(), Some(queen));
    assert_eq!(pos.move_text(&promote, PLAIN), "a7a8q");
    for text in ["a7a8Q", "a7a8=q", "a7a8=Q", "A7A8Q"] {
        assert_eq!(parse(&mut pos, text, PLAIN), promote, "{text}");
    }
    let capture = parse(&mut pos, "a7b8n", CHESS960);
    assert_eq!(capture.promotion(), Some(knight));
    assert_eq!(capture.to, square(&pos, "b8"));
    assert_eq!(pos.move_text(&capture, CHESS960), "a7b8n");
    // Promotion is compulsory; a king is no choice; a queen is no shogi promotion.
    assert_eq!(refused(&mut pos, "a7a8", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "a7a8k", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "a7a8+", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "a7a8qq", PLAIN), "not a legal move");

    // Capablanca promotes to its own pieces too.
    let mut pos = read(
        &catalog,
        "capablanca",
        "4k5/P9/10/10/10/10/10/4K5 w - - 0 1",
    );
    let archbishop = pos.rules().piece_by_symbol("A").expect("an archbishop");
    let mv = parse(&mut pos, "a7a8A", PLAIN);
    assert_eq!(mv.promotion(), Some(archbishop));
    assert_eq!(pos.move_text(&mv, PLAIN), "a7a8a");
}

#[test]
fn shogi_promotion_is_a_plus() {
    let catalog = catalog();
    let mut pos = read(
        &catalog,
        "shogi",
        "lnsgkgsnl/1r5b1/pp1pppppp/2P6/9/9/PP1PPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
    );
    let tokin = pos.rules().piece_by_symbol("+P").expect("a tokin");
    let horse = pos.rules().piece_by_symbol("+B").expect("a horse");
    let promotes = parse(&mut pos, "c6c7+", PLAIN);
    let stays = parse(&mut pos, "c6c7", PLAIN);
    assert_ne!(promotes, stays);
    assert_eq!(promotes.promotion(), Some(tokin));
    assert_eq!(stays.promotion(), None);
    assert_eq!(pos.move_text(&promotes, PLAIN), "c6c7+");
    assert_eq!(pos.move_text(&stays, PLAIN), "c6c7");
    // XBoard declines a promotion with '='.
    assert_eq!(parse(&mut pos, "c6c7=", PLAIN), stays);
    let bishop = parse(&mut pos, "b2g7+", PLAIN);
    assert_eq!(bishop.promotion(), Some(horse));
    assert_ne!(parse(&mut pos, "b2g7", PLAIN), bishop);
    // Chess letters name no shogi promotion.
    assert_eq!(refused(&mut pos, "c6c7q", PLAIN), "not a legal move");

    // On the last rank a pawn must promote.
    let mut pos = read(&catalog, "shogi", "4k4/2P6/9/9/9/9/9/9/4K4[-] w 0 1");
    assert_eq!(parse(&mut pos, "c8c9+", PLAIN).promotion(), Some(tokin));
    assert_eq!(refused(&mut pos, "c8c9", PLAIN), "not a legal move");

    // Black promotes the same way.
    let mut pos = read(&catalog, "minishogi", "rbsgk/4p/5/1p3/K1SBR[-] b 0 1");
    let black = parse(&mut pos, "b2b1+", PLAIN);
    assert!(black.promotion().is_some());
    assert_eq!(pos.move_text(&black, PLAIN), "b2b1+");
    assert_eq!(refused(&mut pos, "b2b1", PLAIN), "not a legal move");
}

#[test]
fn drops() {
    let catalog = catalog();
    let mut pos = read(
        &catalog,
        "crazyhouse",
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1",
    );
    let pawn = pos.rules().piece_by_symbol("P").expect("a pawn");
    let knight = pos.rules().piece_by_symbol("N").expect("a knight");
    let drop = parse(&mut pos, "P@e4", PLAIN);
    assert_eq!(
        (drop.kind, drop.piece, drop.to),
        (MoveKind::Drop, pawn, square(&pos, "e4"))
    );
    assert_eq!(pos.move_text(&drop, PLAIN), "P@e4");
    assert_eq!(parse(&mut pos, "p@e4", PLAIN), drop);
    // Not on the first or last rank, not a piece the side does not hold, not on a piece.
    assert_eq!(refused(&mut pos, "P@e1", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "P@e8", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "N@e4", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "P@e2", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "@e4", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "P@", PLAIN), "not a legal move");

    // Black's drops are written with the uppercase letter too, and read in either case.
    let mut pos = read(
        &catalog,
        "crazyhouse",
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] b KQkq - 0 1",
    );
    let drop = parse(&mut pos, "N@e5", PLAIN);
    assert_eq!((drop.kind, drop.piece), (MoveKind::Drop, knight));
    assert_eq!(parse(&mut pos, "n@e5", PLAIN), drop);
    assert_eq!(pos.move_text(&drop, PLAIN), "N@e5");
    assert_eq!(refused(&mut pos, "P@e5", PLAIN), "not a legal move");

    // Shogi drops.
    let mut pos = read(
        &catalog,
        "shogi",
        "lnsgkgsnl/1r5b1/p1ppppppp/9/9/9/P1PPPPPPP/1B5R1/LNSGKGSNL[Pp] w 0 1",
    );
    let drop = parse(&mut pos, "P@b5", PLAIN);
    assert_eq!(drop.kind, MoveKind::Drop);
    assert_eq!(pos.move_text(&drop, PLAIN), "P@b5");
    // Not on a file with a pawn of one's own (nifu).
    assert_eq!(refused(&mut pos, "P@c5", PLAIN), "not a legal move");
}

#[test]
fn castling() {
    let catalog = catalog();
    let mut pos = read(&catalog, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let (e1, g1, h1, c1, a1) = (
        square(&pos, "e1"),
        square(&pos, "g1"),
        square(&pos, "h1"),
        square(&pos, "c1"),
        square(&pos, "a1"),
    );
    let short = parse(&mut pos, "e1g1", PLAIN);
    assert_eq!(
        (short.kind, short.from, short.to),
        (MoveKind::Castle, e1, g1)
    );
    assert_eq!(short.castle_partner().map(|(p, _)| p), Some(h1));
    let long = parse(&mut pos, "e1c1", PLAIN);
    assert_eq!((long.kind, long.to), (MoveKind::Castle, c1));
    assert_eq!(long.castle_partner().map(|(p, _)| p), Some(a1));
    for format in [PLAIN, CHESS960] {
        for text in ["e1g1", "e1h1", "O-O", "0-0", "o-o"] {
            assert_eq!(parse(&mut pos, text, format), short, "{text}");
        }
        for text in ["e1c1", "e1a1", "O-O-O", "0-0-0"] {
            assert_eq!(parse(&mut pos, text, format), long, "{text}");
        }
        // A one-square king step is no castling.
        assert_eq!(parse(&mut pos, "e1f1", format).kind, MoveKind::Normal);
    }
    assert_eq!(pos.move_text(&short, PLAIN), "e1g1");
    assert_eq!(pos.move_text(&long, PLAIN), "e1c1");
    assert_eq!(pos.move_text(&short, CHESS960), "e1h1");
    assert_eq!(pos.move_text(&long, CHESS960), "e1a1");

    // No castling through check, nor without the right.
    let mut pos = read(&catalog, "chess", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_eq!(refused(&mut pos, "O-O", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "e1g1", PLAIN), "not a legal move");
    assert_eq!(parse(&mut pos, "O-O-O", PLAIN).kind, MoveKind::Castle);
}

#[test]
fn chess960_castling() {
    let catalog = catalog();
    // King e1, rooks b1 and g1: the king ends on g1 (the rook's square) or c1.
    let mut pos = read(
        &catalog,
        "fischerandom",
        "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1",
    );
    let (short, long) = (
        parse(&mut pos, "O-O", PLAIN),
        parse(&mut pos, "O-O-O", PLAIN),
    );
    assert_eq!(short.kind, MoveKind::Castle);
    assert_eq!(short.to, square(&pos, "g1"));
    assert_eq!(long.to, square(&pos, "c1"));
    assert_eq!(
        long.castle_partner().map(|(p, _)| p),
        Some(square(&pos, "b1"))
    );
    assert_eq!(pos.move_text(&short, PLAIN), "e1g1");
    assert_eq!(pos.move_text(&short, CHESS960), "e1g1");
    assert_eq!(pos.move_text(&long, PLAIN), "e1c1");
    assert_eq!(pos.move_text(&long, CHESS960), "e1b1");
    for format in [PLAIN, CHESS960] {
        assert_eq!(parse(&mut pos, "e1g1", format), short);
        assert_eq!(parse(&mut pos, "e1c1", format), long);
        assert_eq!(parse(&mut pos, "e1b1", format), long);
    }

    // King b1 beside its rook on a1: the king's move to c1 is a plain step, so castling is
    // written king takes rook in both formats.
    let mut pos = read(&catalog, "fischerandom", "4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let castle = parse(&mut pos, "O-O-O", PLAIN);
    assert_eq!(castle.kind, MoveKind::Castle);
    assert_eq!(castle.to, square(&pos, "c1"));
    assert_eq!(pos.move_text(&castle, PLAIN), "b1a1");
    assert_eq!(pos.move_text(&castle, CHESS960), "b1a1");
    assert_eq!(parse(&mut pos, "b1a1", PLAIN), castle);
    assert_eq!(parse(&mut pos, "b1c1", PLAIN).kind, MoveKind::Normal);

    // King g1, rook h1: the king stays where it is; written king takes rook in both formats.
    let mut pos = read(&catalog, "fischerandom", "4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let castle = parse(&mut pos, "O-O", PLAIN);
    assert_eq!(
        (castle.from, castle.to),
        (square(&pos, "g1"), square(&pos, "g1"))
    );
    assert_eq!(pos.move_text(&castle, PLAIN), "g1h1");
    assert_eq!(pos.move_text(&castle, CHESS960), "g1h1");
    assert_eq!(parse(&mut pos, "g1h1", PLAIN), castle);
    pos.make(castle);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

    // King f1, rook g1: they swap squares.
    let mut pos = read(&catalog, "fischerandom", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    let castle = parse(&mut pos, "O-O", CHESS960);
    assert_eq!(pos.move_text(&castle, PLAIN), "f1g1");
    assert_eq!(pos.move_text(&castle, CHESS960), "f1g1");
    pos.make(castle);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

    // A Chess960 start position.
    let mut pos = read(
        &catalog,
        "fischerandom",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    );
    assert!(pos.parse_move("O-O", CHESS960).is_err());
    assert_eq!(parse(&mut pos, "e1f3", CHESS960).kind, MoveKind::Normal);
}

#[test]
fn capablanca_castling() {
    let catalog = catalog();
    let mut pos = read(
        &catalog,
        "capablanca",
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
    );
    let short = parse(&mut pos, "f1i1", PLAIN);
    assert_eq!(short.kind, MoveKind::Castle);
    assert_eq!(
        short.castle_partner(),
        Some((square(&pos, "j1"), square(&pos, "h1")))
    );
    let long = parse(&mut pos, "f1c1", PLAIN);
    assert_eq!(
        long.castle_partner(),
        Some((square(&pos, "a1"), square(&pos, "d1")))
    );
    for format in [PLAIN, CHESS960] {
        assert_eq!(parse(&mut pos, "O-O", format), short);
        assert_eq!(parse(&mut pos, "f1j1", format), short);
        assert_eq!(parse(&mut pos, "O-O-O", format), long);
        assert_eq!(parse(&mut pos, "f1a1", format), long);
    }
    assert_eq!(pos.move_text(&short, PLAIN), "f1i1");
    assert_eq!(pos.move_text(&short, CHESS960), "f1j1");
    assert_eq!(pos.move_text(&long, PLAIN), "f1c1");
    assert_eq!(pos.move_text(&long, CHESS960), "f1a1");
}

#[test]
fn en_passant() {
    let catalog = catalog();
    let mut pos = read(
        &catalog,
        "chess",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    );
    for format in FORMATS {
        let mv = parse(&mut pos, "d4e3", format);
        assert!(mv.has(MoveFlags::EN_PASSANT));
        assert_eq!(mv.victims().collect::<Vec<_>>(), vec![square(&pos, "e4")]);
        assert_eq!(pos.move_text(&mv, format), "d4e3");
    }
}

#[test]
fn locust_moves_leg_by_leg() {
    let catalog = catalog();
    // The lion on d3 beside a black pawn on d4.
    let mut pos = read(&catalog, "locust", "4k3/8/8/8/3p4/3L4/8/4K3 w - - 0 1");
    let (d3, d4, d5, e5) = (
        square(&pos, "d3"),
        square(&pos, "d4"),
        square(&pos, "d5"),
        square(&pos, "e5"),
    );
    // Capture on d4, go on to d5.
    let through = parse(&mut pos, "d3d4,d4d5", PLAIN);
    assert_eq!((through.from, through.to), (d3, d5));
    assert_eq!(through.victims().collect::<Vec<_>>(), vec![d4]);
    assert_eq!(pos.move_text(&through, PLAIN), "d3d4,d4d5");
    // Capture on d4 and return (igui).
    let igui = parse(&mut pos, "d3d4,d4d3", PLAIN);
    assert_eq!((igui.from, igui.to), (d3, d3));
    assert_eq!(igui.victims().collect::<Vec<_>>(), vec![d4]);
    assert_eq!(pos.move_text(&igui, PLAIN), "d3d4,d4d3");
    // A plain capture on d4, and the leap to d5 over the pawn, capturing nothing.
    let capture = parse(&mut pos, "d3d4", PLAIN);
    assert_eq!((capture.to, capture.victims().count()), (d4, 0));
    let leap = parse(&mut pos, "d3d5", PLAIN);
    assert_eq!((leap.to, leap.victims().count()), (d5, 0));
    let knight_leap = parse(&mut pos, "d3e5", PLAIN);
    assert_eq!(knight_leap.victims().count(), 0);
    let locust = parse(&mut pos, "d3d4,d4e5", PLAIN);
    assert_eq!(
        (locust.to, locust.victims().collect::<Vec<_>>()),
        (e5, vec![d4])
    );
    // Legs that do not join, or a victim that is not there.
    assert_eq!(refused(&mut pos, "d3d4,d5d6", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "d3e4,e4e5", PLAIN), "not a legal move");

    // A piece that only captures as a locust: its end points alone name the move when one
    // path fits, and are ambiguous when two do.
    let mut pos = read(&catalog, "locust", "4k3/8/8/8/3pp3/3Y4/8/4K3 w - - 0 1");
    let (d4, e4) = (square(&pos, "d4"), square(&pos, "e4"));
    let jump = parse(&mut pos, "d3d4,d4d5", PLAIN);
    assert_eq!(jump.victims().collect::<Vec<_>>(), vec![d4]);
    let other = parse(&mut pos, "d3e4,e4d5", PLAIN);
    assert_eq!(other.victims().collect::<Vec<_>>(), vec![e4]);
    assert_eq!(refused(&mut pos, "d3d5", PLAIN), "ambiguous move");
    let only = parse(&mut pos, "d3f5", PLAIN);
    assert_eq!(pos.move_text(&only, PLAIN), "d3e4,e4f5");

    // The checkers-like jumper: "d4d6" names its jump over d5.
    let mut pos = read(&catalog, "locust", "4k3/8/8/3p4/3X4/8/8/4K3 w - - 0 1");
    let jump = parse(&mut pos, "d4d6", PLAIN);
    assert_eq!(jump.victims().collect::<Vec<_>>(), vec![square(&pos, "d5")]);
    assert_eq!(pos.move_text(&jump, PLAIN), "d4d5,d5d6");
    assert_eq!(parse(&mut pos, "d4d5,d5d6", PLAIN), jump);
}

#[test]
fn zero_based_ranks_on_ten_rank_boards() {
    let catalog = catalog();
    let mut pos = Position::start(rules(&catalog, "xiangqi"));
    // The cannon from h3 to e3 (h2e2 in XBoard's numbering from 0).
    let cannon = parse(&mut pos, "h3e3", PLAIN);
    assert_eq!(
        (cannon.from, cannon.to),
        (square(&pos, "h3"), square(&pos, "e3"))
    );
    assert_eq!(pos.move_text(&cannon, ZERO_BASED), "h2e2");
    assert_eq!(parse(&mut pos, "h2e2", ZERO_BASED), cannon);
    // The advisor d1e2 is d0e1; the cannon's capture on b10 is b2b9.
    let advisor = parse(&mut pos, "d0e1", ZERO_BASED);
    assert_eq!(pos.move_text(&advisor, PLAIN), "d1e2");
    let capture = parse(&mut pos, "b3b10", PLAIN);
    assert_eq!(pos.move_text(&capture, ZERO_BASED), "b2b9");
    assert_eq!(parse(&mut pos, "b2b9", ZERO_BASED), capture);
    // Squares of the other numbering are refused: rank 0 does not exist from 1, h2 is empty.
    assert_eq!(refused(&mut pos, "d0e1", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "h2e2", PLAIN), "not a legal move");

    // A rook on h2 (counted from 1) going to e2: h1e1 counted from 0.
    let mut pos = read(
        &catalog,
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/7R1/RNBAKABN1 w - - 0 1",
    );
    let rook = parse(&mut pos, "h2e2", PLAIN);
    assert_eq!(pos.move_text(&rook, ZERO_BASED), "h1e1");
    assert_eq!(parse(&mut pos, "h1e1", ZERO_BASED), rook);
    assert_eq!(refused(&mut pos, "h1e1", PLAIN), "not a legal move");

    // Grand chess (10x10) too; 8-rank and 9-rank boards keep counting from 1.
    let mut pos = Position::start(rules(&catalog, "grand"));
    let pawn = parse(&mut pos, "e3e5", PLAIN);
    assert_eq!(pos.move_text(&pawn, ZERO_BASED), "e2e4");
    assert_eq!(parse(&mut pos, "e2e4", ZERO_BASED), pawn);
    for (variant, text) in [("chess", "e2e4"), ("shogi", "e3e4"), ("capablanca", "e2e4")] {
        let mut pos = Position::start(rules(&catalog, variant));
        let mv = parse(&mut pos, text, ZERO_BASED);
        assert_eq!(pos.move_text(&mv, ZERO_BASED), text, "{variant}");
    }
}

#[test]
fn seirawan_gating() {
    let catalog = catalog();
    let mut pos = Position::start(rules(&catalog, "seirawan"));
    let hawk = pos.rules().piece_by_symbol("H").expect("a hawk");
    let elephant = pos.rules().piece_by_symbol("E").expect("an elephant");
    let plain = parse(&mut pos, "b1c3", PLAIN);
    assert_eq!(plain.gate(), None);
    let gated = parse(&mut pos, "b1c3h", PLAIN);
    assert_eq!(gated.gate(), Some(hawk));
    assert_eq!((gated.from, gated.to), (plain.from, plain.to));
    assert_eq!(parse(&mut pos, "b1c3E", PLAIN).gate(), Some(elephant));
    assert_eq!(pos.move_text(&gated, PLAIN), "b1c3h");
    // Only pieces in hand, and only where a never-moved back-rank piece leaves.
    assert_eq!(refused(&mut pos, "b1c3q", PLAIN), "not a legal move");
    assert_eq!(refused(&mut pos, "e2e4h", PLAIN), "not a legal move");
    pos.make(gated);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Ehe] b KQCDFGkqbcdfg - 1 1"
    );

    // Castling with a gate on the king's square or on the rook's.
    let mut pos = read(
        &catalog,
        "seirawan",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1",
    );
    let (e1, h1, a1) = (square(&pos, "e1"), square(&pos, "h1"), square(&pos, "a1"));
    let on_king = parse(&mut pos, "e1g1h", PLAIN);
    assert_eq!(
        (on_king.kind, on_king.gate()),
        (MoveKind::Castle, Some(hawk))
    );
    assert!(!on_king.has(MoveFlags::GATE_ON_PARTNER));
    let on_rook = parse(&mut pos, "h1e1h", PLAIN);
    assert_eq!(
        (on_rook.kind, on_rook.gate()),
        (MoveKind::Castle, Some(hawk))
    );
    assert!(on_rook.has(MoveFlags::GATE_ON_PARTNER));
    assert_eq!(on_rook.castle_partner().map(|(p, _)| p), Some(h1));
    assert_eq!(pos.move_text(&on_king, PLAIN), "e1g1h");
    assert_eq!(pos.move_text(&on_king, CHESS960), "e1h1h");
    assert_eq!(pos.move_text(&on_rook, PLAIN), "h1e1h");
    assert_eq!(pos.move_text(&on_rook, CHESS960), "h1e1h");
    for format in [PLAIN, CHESS960] {
        assert_eq!(parse(&mut pos, "e1h1h", format), on_king);
        assert_eq!(parse(&mut pos, "e1g1h", format), on_king);
        assert_eq!(parse(&mut pos, "h1e1h", format), on_rook);
        assert_eq!(parse(&mut pos, "a1e1e", format).gate(), Some(elephant));
        // O-O without a gate is plain castling; with a gate it does not say where.
        let castle = parse(&mut pos, "O-O", format);
        assert_eq!((castle.kind, castle.gate()), (MoveKind::Castle, None));
        assert_eq!(refused(&mut pos, "O-Oh", format), "ambiguous move");
    }
    let mut after = pos.clone();
    after.make(on_rook);
    assert_eq!(after.piece_at(h1).map(|p| p.id), Some(hawk));
    assert_eq!(after.piece_at(e1), None);
    let mut after = pos.clone();
    after.make(on_king);
    assert_eq!(after.piece_at(e1).map(|p| p.id), Some(hawk));
    assert_eq!(after.piece_at(h1), None);
    let queenside = parse(&mut pos, "a1e1e", PLAIN);
    assert_eq!(queenside.castle_partner().map(|(p, _)| p), Some(a1));
}

#[test]
fn bad_text_is_refused() {
    let catalog = catalog();
    let mut pos = Position::start(rules(&catalog, "chess"));
    assert_eq!(refused(&mut pos, "", PLAIN), "empty move");
    assert_eq!(refused(&mut pos, "   ", PLAIN), "empty move");
    for text in [
        "e2e5",
        "e7e5",
        "e2e4q",
        "e2e4,e4e5",
        "e2",
        "e2e",
        "e2-e4",
        "e2e4 e7e5",
        "P@e4",
        "O-O",
        "O-O-O",
        "zz",
        "z9z9",
        "e0e1",
        "a1a1",
        "e2e4+",
        "@",
        "0000",
        "e2e4\u{0}",
        "é2é4",
    ] {
        assert_eq!(
            refused(&mut pos, text, PLAIN),
            "not a legal move",
            "{text:?}"
        );
    }
    let error = pos.parse_move("e2e5", PLAIN).expect_err("illegal");
    assert_eq!(error.to_string(), "e2e5: not a legal move");
}

/// A move the pieces can make but the position forbids says why: it exposes the royal piece
/// (a pinned piece, a king stepping into an attack, a move ignoring check), or another rule of
/// the variant forbids it (a quiet move where antichess makes capturing compulsory).
#[test]
fn refusals_say_why() {
    let catalog = catalog();
    let mut pos = read(&catalog, "chess", "3rk3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    for text in ["e2c3", "e1d1", "e1d2"] {
        assert_eq!(
            refused(&mut pos, text, PLAIN),
            "leaves the royal piece attacked",
            "{text}"
        );
    }
    assert_eq!(refused(&mut pos, "e2e4", PLAIN), "not a legal move");
    let mut pos = read(&catalog, "chess", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1");
    assert_eq!(
        refused(&mut pos, "h1h2", PLAIN),
        "leaves the royal piece attacked"
    );
    let mut pos = read(&catalog, "antichess", "8/8/8/1p6/8/8/8/1R6 w - - 0 1");
    assert_eq!(
        refused(&mut pos, "b1c1", PLAIN),
        "forbidden here by the variant's rules"
    );
    parse(&mut pos, "b1b5", PLAIN);
}

/// The lion's pass (`mcabK` out to any empty neighbour and back) is one move, however many
/// empty neighbours it could go through, written as its square twice or as `@@@@`.
#[test]
fn lion_pass_is_one_move() {
    let catalog = catalog();
    let mut pos = read(&catalog, "locust", "4k3/8/8/8/3p4/3L4/8/4K3 w - - 0 1");
    let moves = pos.legal_moves();
    let d3 = square(&pos, "d3");
    let passes = moves
        .iter()
        .filter(|mv| mv.from == d3 && mv.to == d3 && mv.victims().count() == 0)
        .count();
    assert_eq!(passes, 1, "{:?}", texts(&mut pos, PLAIN));
    let pass = parse(&mut pos, "d3d3", PLAIN);
    // XBoard's null move, as HaChu writes a piece's pass (in XBoard's chu and lion games
    // only); with two Lions either will do.
    let chu = MoveFormat {
        null_pass: true,
        piece_pass_null: true,
        ..PLAIN
    };
    assert_eq!(pos.move_text(&pass, chu), "@@@@");
    assert_eq!(pos.parse_move("@@@@", chu), Ok(pass));
    let xboard = MoveFormat {
        null_pass: true,
        ..PLAIN
    };
    assert_eq!(pos.move_text(&pass, xboard), "d3d3");
    assert_eq!(pos.parse_move("@@@@", xboard), Ok(pass));
    assert_eq!(pos.move_text(&pass, PLAIN), "d3d3");
    assert_eq!(parse(&mut pos, "@@@@", PLAIN), pass);
    let mut two = read(&catalog, "locust", "4k3/8/8/8/3p4/3L4/8/L3K3 w - - 0 1");
    let pass = parse(&mut two, "@@@@", PLAIN);
    assert!(pass.from == pass.to && pass.victims().count() == 0);
    let mut none = read(&catalog, "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(refused(&mut none, "@@@@", PLAIN), "not a legal move");
}

/// A small deterministic random number generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Moves of one position [`check_round_trips`] reads back at most: each reading generates
/// the legal moves again, and a game with walls has thousands (the amazons' first move, 2176).
const MAX_CHECKED_PER_POSITION: usize = 300;

/// Checks the legal moves of `pos` (every one, or evenly spread [`MAX_CHECKED_PER_POSITION`]
/// of them) read back from their text in every format; returns how many were checked.
fn check_round_trips(pos: &mut Position, context: &str) -> usize {
    let moves = pos.legal_moves();
    let ten_ranks = pos.geometry().height() == 10;
    let stride = moves.len().div_ceil(MAX_CHECKED_PER_POSITION).max(1);
    let mut checked = 0;
    for (i, mv) in moves.iter().enumerate().step_by(stride) {
        // Identical duplicates (see `lion_pass_is_one_move`) cannot be told apart.
        if moves.iter().filter(|other| *other == mv).count() > 1 {
            continue;
        }
        for format in FORMATS {
            if format.zero_based_ranks && !ten_ranks {
                continue;
            }
            let text = pos.move_text(mv, format);
            match pos.parse_move(&text, format) {
                // XBoard's `@@@@` names any piece's pass: each leaves the same position.
                Ok(read) if text == "@@@@" && read.is_piece_pass() && mv.is_piece_pass() => {}
                Ok(read) => assert_eq!(
                    read,
                    *mv,
                    "{context}: {text:?} ({format:?}) reads as another move in {}",
                    pos.fen()
                ),
                Err(e) => panic!(
                    "{context}: move {i} {mv:?} written {text:?} ({format:?}) does not read \
                     back in {}: {e}",
                    pos.fen()
                ),
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_legal_move_reads_back() {
    let catalog = catalog();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    // Positions with castling, promotions, drops, gating, e.p. and locust moves to hand.
    let fixed = [
        ("chess", "r3k2r/pP6/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1"),
        ("fischerandom", "4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1"),
        ("fischerandom", "4k3/8/8/8/8/8/8/6KR w H - 0 1"),
        ("fischerandom", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1"),
        ("capablanca", "r4k3r/1P8/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        (
            "crazyhouse",
            "r1bqk2r/pppp1Q~pp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNB1K1NR[PNpb] b KQkq - 0 5",
        ),
        (
            "shogi",
            "lnsgkgsnl/1r7/p1ppppp1p/7+P1/9/1p7/P1PPPPP1P/1+b5R1/LNSGKGSNL[Pp] w - - 0 9",
        ),
        (
            "seirawan",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1",
        ),
        ("locust", "4k3/8/8/8/3p4/3L4/8/4K3 w - - 0 1"),
        ("locust", "4k3/8/8/8/3pp3/3Y4/8/4K3 w - - 0 1"),
        ("locust", "4k3/8/8/3p4/3X4/8/8/4K3 w - - 0 1"),
        ("xiangqi", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"),
        // Sittuyin promotions in place (`d5d5f`) and a step away (`c6b5f`).
        ("sittuyin", "r3k3/1P4s1/2P5/3P4/8/8/5K2/8 w - - 0 1"),
    ];
    for (variant, fen) in fixed {
        let mut pos = read(&catalog, variant, fen);
        checked += check_round_trips(&mut pos, variant);
    }
    // Positions of random games in every variant.
    for variant in catalog.names() {
        let rules = rules(&catalog, &variant);
        for game in 0..2 {
            let mut pos = Position::start(rules.clone());
            for ply in 0..40 {
                checked += check_round_trips(&mut pos, &format!("{variant} game {game} ply {ply}"));
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

/// Positions the garbage test parses in.
const POSITIONS: &[(&str, &str)] = &[
    ("chess", "r3k2r/pP6/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1"),
    (
        "crazyhouse",
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1",
    ),
    (
        "shogi",
        "lnsgkgsnl/1r5b1/pp1pppppp/2P6/9/9/PP1PPPPPP/1B5R1/LNSGKGSNL[Pp] w 0 1",
    ),
    (
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "seirawan",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1",
    ),
    ("locust", "4k3/8/8/8/3pp3/3Y4/8/4K3 w - - 0 1"),
];

/// Each of [`POSITIONS`], read once for every fuzz case (building the catalog and a
/// variant's move tables costs far more than reading a move).
fn fuzz_position(index: usize) -> Position {
    static READ: OnceLock<Vec<Position>> = OnceLock::new();
    let all = READ.get_or_init(|| {
        let catalog = catalog();
        POSITIONS
            .iter()
            .map(|(variant, fen)| read(&catalog, variant, fen))
            .collect()
    });
    all[index].clone()
}

/// Parses `text` in position `index`: no panic, and a move it reads is legal and reads back
/// from its own text.
fn parse_garbage(index: usize, text: &str, format: MoveFormat) {
    let mut pos = fuzz_position(index);
    if let Ok(mv) = pos.parse_move(text, format) {
        assert!(pos.legal_moves().contains(&mv), "{text:?} read as {mv:?}");
        let written = pos.move_text(&mv, format);
        assert_eq!(pos.parse_move(&written, format), Ok(mv), "{text:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases(300)))]

    #[test]
    fn random_strings_never_panic(
        text in ".{0,24}",
        index in 0..POSITIONS.len(),
        format in 0..FORMATS.len(),
    ) {
        parse_garbage(index, &text, FORMATS[format]);
    }

    #[test]
    fn move_like_strings_never_panic(
        text in "[a-j0-9@,=+\\-oOPNBRQKHEphqe ]{0,12}",
        index in 0..POSITIONS.len(),
        format in 0..FORMATS.len(),
    ) {
        parse_garbage(index, &text, FORMATS[format]);
    }
}
