//! XBoard's old "Extended Betza notation" page (`Betza.html`): every example move the page
//! gives, read by `notation::oldbetza_to_xbetza`, must reach the squares the page describes,
//! and so must XBetza written independently for it. The constructs the page marks obsolete or
//! ambiguous, or that XBetza cannot express, are refused with their column.
//!
//! Expected squares are worked out by hand (or by a few lines of arithmetic written here from
//! the page's words) and never taken from the translator.

use std::collections::BTreeSet;

use kraken_tests::{
    piece_board::{board, moves, offsets, set, targets, Board},
    setup::{catalog_with, legal_texts, read, rules},
};
use notation::{oldbetza_to_xbetza, parse, Geometry, OldBetzaErrorKind, PieceDesc};

/// Reads `old`, or fails the test with the error.
fn translate(old: &str) -> PieceDesc {
    let xbetza = oldbetza_to_xbetza(old).unwrap_or_else(|e| panic!("{e}"));
    parse(&xbetza).unwrap_or_else(|e| panic!("{old} -> {xbetza}: {e}"))
}

/// The old-Betza text and the XBetza written for it both reach exactly `expected`.
fn check(old: &str, xbetza: &str, board: &Board, expected: &str) {
    let want = set(expected);
    let translated = oldbetza_to_xbetza(old).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        targets(&translate(old), board),
        want,
        "old Betza {old} (read as {translated}) from {} with {}",
        board.from,
        board.occupy
    );
    let equivalent = parse(xbetza).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        targets(&equivalent, board),
        want,
        "XBetza {xbetza} from {} with {}",
        board.from,
        board.occupy
    );
}

/// The squares of the moves that capture exactly `victims`.
fn landing_with_victims(desc: &PieceDesc, board: &Board, victims: &str) -> BTreeSet<String> {
    moves(desc, board)
        .iter()
        .filter(|m| board.names(m.captures.iter().copied()) == set(victims))
        .map(|m| board.names([m.to]).into_iter().next().expect("a square"))
        .collect()
}

/// "Laid out on the board, (standing at O), the move encoding is as follows".
const ATOM_DIAGRAM: [&str; 9] = [
    ". . . . . . . . .",
    ". G J L H L J G .",
    ". J A N D N A J .",
    ". L N F W F N L .",
    ". H D W O W D H .",
    ". L N F W F N L .",
    ". J A N D N A J .",
    ". G J L H L J G .",
    ". . . . . . . . .",
];

#[test]
fn atoms_reach_the_squares_of_the_pages_table_and_diagram() {
    let b = board(9, 9, "e5", "");
    let marked = |letter: char| -> String {
        let mut squares = Vec::new();
        for (row, line) in ATOM_DIAGRAM.iter().enumerate() {
            for (file, cell) in line.split(' ').enumerate() {
                if cell.starts_with(letter) {
                    squares.push(format!("{}{}", (b'a' + file as u8) as char, 9 - row));
                }
            }
        }
        squares.join(" ")
    };
    // The table: W (1,0), F (1,1), D (2,0), A (2,2), I (3,0) "Tripper", L (3,1), J (3,2),
    // G (3,3); the diagram draws (3,0) as H and shows N; C = L and Z = J are shortcuts.
    for (atom, drawn, xbetza) in [
        ("W", 'W', "W"),
        ("F", 'F', "F"),
        ("D", 'D', "D"),
        ("N", 'N', "N"),
        ("A", 'A', "A"),
        ("I", 'H', "H"),
        ("H", 'H', "H"),
        ("L", 'L', "C"),
        ("C", 'L', "C"),
        ("J", 'J', "Z"),
        ("Z", 'J', "Z"),
        ("G", 'G', "G"),
    ] {
        let expected = marked(drawn);
        let straight = "WFDAHG".contains(drawn);
        assert_eq!(expected.split(' ').count(), if straight { 4 } else { 8 });
        check(atom, xbetza, &b, &expected);
    }
}

#[test]
fn the_giraffe_leap_and_its_forward_part() {
    // "(4,1) for the Giraffe leap ... still implies the move goes in all directions ... A
    // piece that only leaps 4 forward and 1 left or right would be an f(4,1)."
    let b = board(9, 9, "e5", "");
    let all = [
        (1, 4),
        (-1, 4),
        (1, -4),
        (-1, -4),
        (4, 1),
        (-4, 1),
        (4, -1),
        (-4, -1),
    ];
    check("(4,1)", "FX", &b, &offsets(9, 9, "e5", &all));
    check(
        "f(4,1)",
        "fFX",
        &b,
        &offsets(9, 9, "e5", &[(1, 4), (-1, 4)]),
    );
}

#[test]
fn modality_and_blocking_prefixes() {
    let b = board(8, 8, "d4", "d5=w,e4=b");
    // "c: Captures only", "m: Move but not capture"; "mc would mean both".
    check("W", "W", &b, "c4 d3 e4");
    check("cW", "cW", &b, "e4");
    check("mW", "mW", &b, "c4 d3");
    check("mcW", "W", &b, "c4 d3 e4");
    // "n: Cannot jump over occupied square", "j: Must jump exactly one", "jj: Can jump over
    // any number of pieces" (as a leaper always does).
    let b = board(8, 8, "d4", "d5=b,e4=w");
    check("D", "D", &b, "b4 d2 d6 f4");
    check("nD", "nD", &b, "b4 d2");
    check("jD", "jD", &b, "d6 f4");
    check("jjD", "D", &b, "b4 d2 d6 f4");
    // "o: wraps around on cylinder board".
    check("oW", "oW", &board(8, 8, "a4", ""), "a3 a5 b4 h4");
    // "i: Initial move only (for pieces that have not moved yet)".
    let mut b = board(8, 8, "d4", "");
    check("iW", "iW", &b, "");
    b.virgin = true;
    check("iW", "iW", &b, "c4 d3 d5 e4");
}

#[test]
fn the_pao_and_the_grasshopper_prefixes() {
    // p: "Capture if move jumps over one obstacle, non-capture if it does not jump".
    let b = board(8, 8, "d1", "d3=w,d6=b,b1=b,a1=b");
    check("pR", "mRcpR", &b, "a1 c1 d2 d6 e1 f1 g1 h1");
    // g: "Must land directly behind first obstacle".
    let b = board(8, 8, "d4", "d6=b,f6=w,b4=b");
    check("gQ", "gQ", &b, "a4 d7 g7");
}

/// The page's directions on the eight Knight leaps: "most-forward single or pair of moves",
/// ff the "forward-most two of 8", fh "forward-most four of 8", fs "fh but not f", "similar
/// for b (bb, bh, bs), l and r"; s = lr, v = fb. "fs = fl + fr" makes fl and fr the sideways
/// forward leaps, and rf, which "is not the same" as fr, the other forward-right one.
const KNIGHT_DIRECTIONS: &[(&str, &[(i32, i32)])] = &[
    ("f", &[(-1, 2), (1, 2)]),
    ("ff", &[(-1, 2), (1, 2)]),
    ("fh", &[(-1, 2), (1, 2), (-2, 1), (2, 1)]),
    ("fs", &[(-2, 1), (2, 1)]),
    ("fl", &[(-2, 1)]),
    ("fr", &[(2, 1)]),
    ("rf", &[(1, 2)]),
    ("b", &[(-1, -2), (1, -2)]),
    ("bb", &[(-1, -2), (1, -2)]),
    ("bh", &[(-1, -2), (1, -2), (-2, -1), (2, -1)]),
    ("bs", &[(-2, -1), (2, -1)]),
    ("l", &[(-2, 1), (-2, -1)]),
    ("ll", &[(-2, 1), (-2, -1)]),
    ("lh", &[(-2, 1), (-2, -1), (-1, 2), (-1, -2)]),
    ("r", &[(2, 1), (2, -1)]),
    ("rr", &[(2, 1), (2, -1)]),
    ("rh", &[(2, 1), (2, -1), (1, 2), (1, -2)]),
    ("s", &[(-2, 1), (-2, -1), (2, 1), (2, -1)]),
    ("v", &[(-1, 2), (1, 2), (-1, -2), (1, -2)]),
    (
        "a",
        &[
            (-1, 2),
            (1, 2),
            (-2, 1),
            (2, 1),
            (-1, -2),
            (1, -2),
            (-2, -1),
            (2, -1),
        ],
    ),
];

#[test]
fn direction_prefixes_select_the_moves_the_page_names() {
    for &(letters, steps) in KNIGHT_DIRECTIONS {
        let expected = offsets(9, 9, "e5", steps);
        let xbetza = if letters == "a" {
            "N".to_string()
        } else {
            format!("{letters}N")
        };
        check(
            &format!("{letters}N"),
            &xbetza,
            &board(9, 9, "e5", ""),
            &expected,
        );
    }
    // "fR decribes a 'Rook' that only moves in the forward direction (i.e., the Shogi Lance)";
    // "fb means forward and backward moves (but not sideways)".
    check("fR", "fR", &board(8, 8, "d4", "d7=b"), "d5 d6 d7");
    check("fbR", "vR", &board(8, 8, "d4", "d7=b"), "d1 d2 d3 d5 d6 d7");
}

#[test]
fn the_pawn_and_grouping() {
    // "fmWfcF is a Pawn: non-captures forward to a W square, captures to the two forward F
    // squares"; "(fmW)(fcF) might read more easily than fmWfcF".
    let b = board(8, 8, "e4", "d5=b,f5=w");
    check("fmWfcF", "fmWfcF", &b, "d5 e5");
    check("(fmW)(fcF)", "fmWfcF", &b, "d5 e5");
    check("fmWfcF", "fmWfcF", &board(8, 8, "e4", "e5=b"), "");
    // "m(AB) where m is a string of modifiers and A and B are atoms ... is defined to mean
    // mAmB" (here with the Alfil and the Bishop).
    let b = board(8, 8, "d4", "f6=b,b2=w");
    check("m(AB)", "mAmB", &b, "a7 b6 c3 c5 e3 e5 f2 g1");
}

#[test]
fn shortcuts_are_the_moves_they_stand_for() {
    // "K = WF (King), B = F0, R = W0, Q = RB, C = L, Z = J"; FR is the Dragon Horse, "a piece
    // that steps one diagonally or moves like Rook".
    let b = board(5, 5, "c3", "c5=b,e5=w,a3=w");
    let king = "b2 b3 b4 c2 c4 d2 d3 d4";
    let bishop = "a1 a5 b2 b4 d2 d4 e1";
    let rook = "b3 c1 c2 c4 c5 d3 e3";
    let queen = format!("{bishop} {rook}");
    let horse = "b2 b3 b4 c1 c2 c4 c5 d2 d3 d4 e3";
    for (texts, xbetza, expected) in [
        (&["K", "WF"][..], "K", king),
        (&["B", "F0"], "B", bishop),
        (&["R", "W0"], "R", rook),
        (&["Q", "RB"], "Q", queen.as_str()),
        (&["FR"], "FR", horse),
    ] {
        for text in texts {
            check(text, xbetza, &b, expected);
        }
    }
}

#[test]
fn exponents_repeat_steps() {
    // "F3 would be a piece that slides diagonally ... upto a maximum of 3 steps".
    check(
        "F3",
        "F3",
        &board(8, 8, "d4", ""),
        "a1 a7 b2 b6 c3 c5 e3 e5 f2 f6 g1 g7",
    );
    // "W3 means WtfWtfW, 1 to 3 orthogonal steps in the same direction".
    let b = board(8, 8, "a1", "a3=b,e1=w");
    check("W3", "W3", &b, "a2 a3 b1 c1 d1");
    check("WtfWtfW", "W3", &b, "a2 a3 b1 c1 d1");
    // "W-3 would mean W-fW-fW, which is exactly 3 such steps": a3 blocks the way to a4.
    check("W-3", "mafmafW", &b, "d1");
    check("W-fW-fW", "mafmafW", &b, "d1");
    // "Wx3 would be exactly 3 steps where the first 2 mandatorily capture."
    let b = board(8, 8, "a1", "a2=b,a3=b,b1=b");
    check("Wx3", "cafcafW", &b, "a4");
    assert_eq!(
        landing_with_victims(&translate("Wx3"), &b, "a2 a3"),
        set("a4")
    );
}

#[test]
fn the_griffon_and_the_dragon_horse() {
    // FtR: "first moves one step diagonally, and then continues outward as a Rook. It does not
    // have to go beyond the corner ... if it encounters something on that first step, it is
    // blocked". A foe on e5 is taken but not passed; a friend on c3 stops that way.
    let b = board(8, 8, "d4", "e5=b,c3=w");
    check(
        "FtR",
        "FyafsF",
        &b,
        "a5 b5 c5 c6 c7 c8 e1 e2 e3 e5 f3 g3 h3",
    );
    // FR: "a piece that steps one diagonally or moves like Rook".
    check(
        "FR",
        "FR",
        &b,
        "a4 b4 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 e5 f4 g4 h4",
    );
}

#[test]
fn the_xiangqi_horse_and_the_lamer_knight() {
    // W-F: "one orthogonal step, and then (without stopping) one step diagonally outward".
    check(
        "W-F",
        "mafsW",
        &board(9, 10, "e5", "e6=w"),
        "c4 c6 d3 f3 g4 g6",
    );
    // W-rW-lW: North, then East, then North again: "you arrive at (1,2), over (0,1) and
    // (1,1)" (and turned alike from the other three first steps); e5 blocks the way north.
    let all = offsets(8, 8, "d4", &[(1, 2), (2, -1), (-1, -2), (-2, 1)]);
    check("W-rW-lW", "marmalW", &board(8, 8, "d4", ""), &all);
    check("W-rW-lW", "marmalW", &board(8, 8, "d4", "e5=b"), "b5 c2 f3");
    check("W-rW-lW", "marmalW", &board(8, 8, "d4", "d5=w"), "b5 c2 f3");
}

#[test]
fn the_grasshopper_and_the_cannon() {
    // Q+K: "move as Queen to an occupied square ... then continue with a single K step in the
    // same direction ... to land on the square directly behind the support".
    let b = board(8, 8, "d4", "d6=b,f6=w,b4=b,d7=b");
    check("Q+K", "gQ", &b, "a4 d7 g7");
    // mRcR+R: "the Xiangqi Cannon".
    let b = board(8, 8, "d1", "d3=w,d6=b,b1=b,a1=b");
    check("mRcR+R", "mRcpR", &b, "a1 c1 d2 d6 e1 f1 g1 h1");
}

#[test]
fn en_passant_and_the_checker() {
    // frmWxlW: "capture through a W step, and then turning left for a second W step ... to
    // your forward right ... the continuation square you pass over to remove the Pawn is to
    // your right".
    let b = board(8, 8, "e5", "f5=b,d5=b");
    check("frmWxlW", "rcalmW", &b, "f6");
    assert_eq!(
        landing_with_victims(&translate("frmWxlW"), &b, "f5"),
        set("f6")
    );
    check("frmWxlW", "rcalmW", &board(8, 8, "e5", "f5=b,f6=b"), "");
    check("frmWxlW", "rcalmW", &board(8, 8, "e5", ""), "");
    // A Checker, fmFfmFxF: the non-capture fmF, and a capture over a forward diagonal neighbour
    // "for an overall A step ... in one of the forward diagonal directions".
    let b = board(8, 8, "d4", "e5=b,c5=w");
    check("fmFfmFxF", "fmFfcafmF", &b, "f6");
    assert_eq!(
        landing_with_victims(&translate("fmFfmFxF"), &b, "e5"),
        set("f6")
    );
    check("fmFfmFxF", "fmFfcafmF", &board(8, 8, "d4", ""), "c5 e5");
}

#[test]
fn rifle_capture_withdrawer_and_lion() {
    // RxebR: "first capture something in the normal way, and then manditorily withdraw in the
    // direction from which you came (b) by an R move of the same length".
    let b = board(8, 8, "d4", "d7=b,g4=w,b4=b");
    check("RxebR", "caibR", &b, "d4");
    let victims: BTreeSet<String> = moves(&translate("RxebR"), &b)
        .iter()
        .flat_map(|m| b.names(m.captures.iter().copied()))
        .collect();
    assert_eq!(victims, set("b4 d7"));
    // mQmKxbK-Q, the Ultima Withdrawer: Queen non-captures, and capturing the adjacent e5 by
    // moving away from it: back over d4 and on as a Queen without capturing.
    let b = board(8, 8, "d4", "e5=b,b2=w");
    let queen = "a4 a7 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 f2 f4 g1 g4 h4";
    check("mQmKxbK-Q", "mQcabyafmK", &b, queen);
    assert_eq!(
        landing_with_victims(&translate("mQmKxbK-Q"), &b, "e5"),
        set("c3")
    );
    // KxaK, the Lion's double capture: e5 taken, then a King step in any direction, the
    // start square (igui) included; d5 is a friend.
    let b = board(8, 8, "d4", "e5=b,f6=b,d5=w");
    check("KxaK", "caKcabK", &b, "d4 d6 e4 e6 f4 f5 f6");
    // K-bK, the turn pass: "it can only be done if the Lion is adjacent to an empty square".
    check("K-bK", "mabK", &board(3, 3, "b2", ""), "b2");
    check(
        "K-bK",
        "mabK",
        &board(3, 3, "b2", "a1=w,a2=w,a3=w,b1=w,b3=b,c1=b,c2=b,c3=b"),
        "",
    );
}

/// The squares a path reaches from `from` when it may stop after every leap, the `k`-th leap
/// of the path numbered `start` being `leap(start, k)`; it takes a foe on `foe` (an offset) and
/// goes no farther, and ends at the board's edge.
fn path_squares(
    (width, height, from): (u8, u8, &str),
    starts: u8,
    legs: usize,
    foe: Option<(i32, i32)>,
    leap: impl Fn(u8, usize) -> (i32, i32),
) -> String {
    let g = Geometry::new(width, height).expect("a board");
    let origin = g.parse_square(from).expect("a square");
    let on_board = |(x, y): (i32, i32)| g.square(g.file(origin) + x, g.rank(origin) + y).is_some();
    let mut squares = Vec::new();
    for start in 0..starts {
        let (mut x, mut y) = (0, 0);
        for k in 0..legs {
            let (dx, dy) = leap(start, k);
            (x, y) = (x + dx, y + dy);
            if !on_board((x, y)) {
                break;
            }
            squares.push((x, y));
            if foe == Some((x, y)) {
                break;
            }
        }
    }
    offsets(width, height, from, &squares)
}

#[test]
fn the_rose_and_the_crooked_bishop() {
    // Nrf8: "NtrfNtrfN..., upto 8 Knight moves, each consecutive move bending ~45 degrees right
    // from the previous one". The Knight leaps clockwise from (1,2); the eighth leap closes
    // the circle on the start square.
    const CLOCKWISE: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let leap = |start: u8, k: usize| CLOCKWISE[(usize::from(start) + k) % 8];
    let rose = path_squares((16, 16, "h8"), 8, 8, None, leap);
    let xbetza: String = (0..8).map(|k| format!("{}N", "mafr".repeat(k))).collect();
    let b = board(16, 16, "h8", "");
    check("Nrf8", &xbetza, &b, &rose);
    assert!(set(&rose).contains("h8"));
    // A foe on i10 ends the circles through it there.
    let blocked = path_squares((16, 16, "h8"), 8, 8, Some((1, 2)), leap);
    assert_ne!(set(&blocked), set(&rose));
    check("Nrf8", &xbetza, &board(16, 16, "h8", "i10=b"), &blocked);
    // (FtlF)r0: "FtlFtrFtlFtrFtl..., an arbitrary number of diagonal steps, that alternately
    // turn 90 degrees left or right": the Crooked Bishop, first turning left.
    const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    let left = |(x, y): (i32, i32)| (-y, x);
    let crooked = path_squares((8, 8, "d1"), 4, 15, None, |start, k| {
        let v = DIAGONALS[usize::from(start)];
        if k % 2 == 0 {
            v
        } else {
            left(v)
        }
    });
    let xbetza: String = (0..15)
        .map(|k| {
            let turns: String = (0..k)
                .map(|t| if t % 2 == 0 { "mal" } else { "mar" })
                .collect();
            format!("{turns}F")
        })
        .collect();
    check("(FtlF)r0", &xbetza, &board(8, 8, "d1", ""), &crooked);
    // North-east e2, left to d3, right to e4 ... e8; north-west c2, left to b1, right to a2.
    assert_eq!(set(&crooked), set("a2 b1 c2 d3 d5 d7 e2 e4 e6 e8"));
    // A foe on d5 is taken, and ends the zigzag north there.
    check(
        "(FtlF)r0",
        &xbetza,
        &board(8, 8, "d1", "d5=b"),
        "a2 b1 c2 d3 d5 e2 e4",
    );
}

/// A refused construct: the column, what is named, and whether XBetza is the limit (rather
/// than the page).
fn refusal(text: &str) -> (usize, String, bool) {
    let e = oldbetza_to_xbetza(text).expect_err(text);
    let shown = e.to_string();
    assert!(shown.contains(&format!("column {}", e.column)), "{shown}");
    match e.kind {
        OldBetzaErrorKind::Undefined { construct, .. } => {
            assert!(shown.contains(&format!("'{construct}'")), "{shown}");
            (e.column, construct, false)
        }
        OldBetzaErrorKind::Inexpressible { construct, .. } => {
            assert!(shown.contains(&format!("'{construct}'")), "{shown}");
            (e.column, construct, true)
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn what_the_page_marks_obsolete_or_leaves_open_is_refused() {
    for (text, column, construct) in [
        // "Old notation for this would be WW and FF, but in the extended context these would
        // be troublesome."
        ("WW", 1, "WW"),
        ("FF", 1, "FF"),
        // q "(Obsolete?) Basic step repeated at an angle" and z "(Obsolete?) Repeat step
        // alternates angle between two values": which angles is not said.
        ("qN", 1, "q"),
        ("zB", 1, "z"),
        // "The latter (mc) are only allowed in front of a complete path ... and not on
        // individual steps of the path".
        ("W-cF", 3, "c"),
        ("mR+cR", 4, "c"),
        // e is "equal in length to previous step": no step before the first.
        ("eR", 1, "e"),
        // n and j on a Knight leap: which squares it passes is not said.
        ("nN", 1, "nN"),
        ("jN", 1, "jN"),
        // A path that goes on after an exponent that may stop after any factor.
        ("Nrf8-W", 5, "-"),
        // An endless repetition that goes round in a circle has no last factor.
        ("Nrf0", 4, "0"),
    ] {
        assert_eq!(
            refusal(text),
            (column, construct.to_string(), false),
            "{text}"
        );
    }
}

#[test]
fn what_xbetza_cannot_say_is_refused() {
    for (text, column, construct) in [
        // O: "Null move (Taikyoku-Shogi Lion can do this)", "a piece that has an O atom can
        // pass uncondiionally".
        ("KO", 2, "O"),
        // "!: connection square must contain enemy and remains untouched".
        ("Q!K", 2, "!"),
        // "y: connection square is one step before first obstacle".
        ("RyK", 2, "y"),
        // "a 'k' prefix could be used to indicate royalty".
        ("kK", 1, "k"),
        // jj on a rider: "Can jump over any number of pieces".
        ("jjR", 1, "jjR"),
    ] {
        assert_eq!(
            refusal(text),
            (column, construct.to_string(), true),
            "{text}"
        );
    }
}

#[test]
fn the_hop_over_a_friend_and_destroy_operators() {
    // "?: connection square must contain own piece and remains untouched".
    check("fW?fW", "ftpafW", &board(8, 8, "d4", "d5=w"), "d6");
    check("fW?fW", "ftpafW", &board(8, 8, "d4", "d5=b"), "");
    // "d: connection square must be occupied, friend or foe there is destroyed".
    for occupant in ["d5=w", "d5=b"] {
        let b = board(8, 8, "d4", occupant);
        check("fWdfW", "fcdafW", &b, "d6");
        assert_eq!(
            landing_with_victims(&translate("fWdfW"), &b, "d5"),
            set("d6")
        );
    }
    check("fWdfW", "fcdafW", &board(8, 8, "d4", ""), "");
    // "+: connection square must be occupied and remains untouched".
    check("fW+fW", "fpafW", &board(8, 8, "d4", "d5=b"), "d6");
    check("fW+fW", "fpafW", &board(8, 8, "d4", ""), "");
}

#[test]
fn variant_files_take_pieces_in_the_old_betza_notation() {
    let text = "[oldhorse:chess]\nknight = n:oldbetza:W-F\ncustomPiece1 = a:oldbetza:FtR\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w Qkq - 0 1\n\
                [xbhorse:chess]\nknight = n:mafsW\ncustomPiece1 = a:FyafsF\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w Qkq - 0 1\n";
    let catalog = catalog_with(text, "oldbetza.ini");
    let old = rules(&catalog, "oldhorse");
    let knight = old.piece_by_symbol("N").expect("a knight");
    assert_eq!(old.piece(knight).betza, "mafsW");
    let fen = "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKB1A w Qkq - 0 1";
    let mut a = read(&catalog, "oldhorse", fen);
    let mut b = read(&catalog, "xbhorse", fen);
    let (mut a, mut b) = (legal_texts(&mut a), legal_texts(&mut b));
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(a.contains(&"d4c6".to_string()), "{a:?}");
}
