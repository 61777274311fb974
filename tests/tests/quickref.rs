//! The extended-Betza quick reference ("Extended Betza notation quick reference guide"): every
//! example the guide gives, read by `notation::quickref_to_xbetza`, must reach the squares the
//! guide describes, and so must XBetza written independently for it. The constructs the guide
//! rules out, leaves open, or that XBetza cannot express are refused with their column.
//!
//! Expected squares are worked out by hand from the guide's words and diagrams (the atom
//! diagram and the direction tables are copied below as offsets), never from the translator.

use kraken_tests::{
    piece_board::{board, moves, offsets, set, targets, Board},
    setup::{catalog_with, legal_texts, read, rules},
};
use notation::{parse, quickref_to_xbetza, PieceDesc, QuickrefErrorKind};

/// Reads `quickref`, or fails the test with the error.
fn translate(quickref: &str) -> PieceDesc {
    let xbetza = quickref_to_xbetza(quickref).unwrap_or_else(|e| panic!("{e}"));
    parse(&xbetza).unwrap_or_else(|e| panic!("{quickref} -> {xbetza}: {e}"))
}

/// The quick-reference text and the XBetza written for it both reach exactly `expected`.
fn check(quickref: &str, xbetza: &str, board: &Board, expected: &str) {
    let want = set(expected);
    let translated = quickref_to_xbetza(quickref).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        targets(&translate(quickref), board),
        want,
        "quick reference {quickref} (read as {translated}) from {} with {}",
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

/// "Move steps of the basic atoms layed out on a board (start at O)", as the guide draws it.
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
fn atoms_reach_the_squares_of_the_guides_diagram() {
    let b = board(9, 9, "e5", "");
    let marked = |letter: char| -> String {
        let mut squares = Vec::new();
        for (row, line) in ATOM_DIAGRAM.iter().enumerate() {
            for (file, cell) in line.split(' ').enumerate() {
                if cell.starts_with(letter) {
                    let rank = 9 - row;
                    squares.push(format!("{}{rank}", (b'a' + file as u8) as char));
                }
            }
        }
        squares.join(" ")
    };
    // C and Z are the guide's synonyms of L and J.
    for (atom, drawn) in [
        ('W', 'W'),
        ('F', 'F'),
        ('D', 'D'),
        ('N', 'N'),
        ('A', 'A'),
        ('H', 'H'),
        ('L', 'L'),
        ('C', 'L'),
        ('J', 'J'),
        ('Z', 'J'),
        ('G', 'G'),
    ] {
        let expected = marked(drawn);
        let straight = "WFDAHG".contains(drawn);
        assert_eq!(expected.split(' ').count(), if straight { 4 } else { 8 });
        // XBetza reads the letters alike, but for L and J, which XBoard swaps: write them as C
        // and Z.
        let xbetza = match atom {
            'L' => 'C',
            'J' => 'Z',
            other => other,
        }
        .to_string();
        check(&atom.to_string(), &xbetza, &b, &expected);
    }
}

#[test]
fn a_step_vector_is_a_leap_in_all_eight_directions() {
    // "Larger steps are encoded by their step vector, like (4,1) for the step of a Giraffe."
    let expected = offsets(
        9,
        9,
        "e5",
        &[
            (1, 4),
            (-1, 4),
            (1, -4),
            (-1, -4),
            (4, 1),
            (-4, 1),
            (4, -1),
            (-4, -1),
        ],
    );
    check("(4,1)", "FX", &board(9, 9, "e5", ""), &expected);
    check("(1,4)", "FX", &board(9, 9, "e5", ""), &expected);
}

#[test]
fn ranges_up_to_exactly_and_unlimited() {
    // From a1, a black piece on a6 and a white one on e1.
    let b = board(8, 8, "a1", "a6=b,e1=w");
    // "W3": up to three steps, stopped by pieces.
    check("W3", "W3", &b, "a2 a3 a4 b1 c1 d1");
    // The guide: "W3 means (W)(W-fW)(W-fW-fW)".
    check("(W)(W-fW)(W-fW-fW)", "W3", &b, "a2 a3 a4 b1 c1 d1");
    // "Repeating it exactly 3 times would be written W03": the squares between must be
    // empty.
    check("W03", "mafmafW", &b, "a4 d1");
    check("W03", "mafmafW", &board(8, 8, "a1", "a3=b"), "d1");
    // "An arbitrary number of steps is indicated by the number 0 ... W0 (or, obsoletely,
    // WW)", and R = W0.
    for text in ["W0", "WW", "R"] {
        check(text, "R", &b, "a2 a3 a4 a5 a6 b1 c1 d1");
    }
    // The Nightrider: N0 = NN.
    let b = board(8, 8, "a1", "c5=b");
    for text in ["N0", "NN"] {
        check(text, "N0", &b, "b3 c2 c5 e3 g4");
    }
}

#[test]
fn shortcuts_are_the_moves_they_stand_for() {
    // "K = WF, B = F0 (FF), R = W0 (WW), Q = RB".
    let b = board(5, 5, "c3", "c5=b,e5=w,a3=w");
    let king = "b2 b3 b4 c2 c4 d2 d3 d4";
    let bishop = "a1 a5 b2 b4 d2 d4 e1";
    let rook = "b3 c1 c2 c4 c5 d3 e3";
    let queen = format!("{bishop} {rook}");
    for (texts, xbetza, expected) in [
        (&["K", "WF"][..], "K", king),
        (&["B", "F0", "FF"], "B", bishop),
        (&["R", "W0", "WW"], "R", rook),
        (&["Q", "RB"], "Q", &queen),
    ] {
        for text in texts {
            check(text, xbetza, &b, expected);
        }
    }
}

/// The guide's direction tables: letters and the moves they select, as drawn.
const KNIGHT_DIRECTIONS: &[(&str, &[(i32, i32)])] = &[
    // Single moves.
    ("lf", &[(-1, 2)]),
    ("rf", &[(1, 2)]),
    ("fl", &[(-2, 1)]),
    ("fr", &[(2, 1)]),
    ("bl", &[(-2, -1)]),
    ("br", &[(2, -1)]),
    ("lb", &[(-1, -2)]),
    ("rb", &[(1, -2)]),
    // Pairs of moves.
    ("f", &[(-1, 2), (1, 2)]),
    ("fs", &[(-2, 1), (2, 1)]),
    ("bs", &[(-2, -1), (2, -1)]),
    ("b", &[(-1, -2), (1, -2)]),
    ("lv", &[(-1, 2), (-1, -2)]),
    ("rv", &[(1, 2), (1, -2)]),
    ("l", &[(-2, 1), (-2, -1)]),
    ("r", &[(2, 1), (2, -1)]),
    // Sets of four moves.
    ("fh", &[(-1, 2), (1, 2), (-2, 1), (2, 1)]),
    ("bh", &[(-1, -2), (1, -2), (-2, -1), (2, -1)]),
    ("lh", &[(-1, 2), (-2, 1), (-2, -1), (-1, -2)]),
    ("rh", &[(1, 2), (2, 1), (2, -1), (1, -2)]),
];

const WAZIR_DIRECTIONS: &[(&str, &[(i32, i32)])] = &[
    ("f", &[(0, 1)]),
    ("l", &[(-1, 0)]),
    ("r", &[(1, 0)]),
    ("b", &[(0, -1)]),
    ("v", &[(0, 1), (0, -1)]),
    ("s", &[(-1, 0), (1, 0)]),
    // "On non-diagonal 4-movers ... fl means f or l there."
    ("fl", &[(0, 1), (-1, 0)]),
    // "a stands for all, which is default".
    ("a", &[(0, 1), (-1, 0), (1, 0), (0, -1)]),
];

const FERZ_DIRECTIONS: &[(&str, &[(i32, i32)])] = &[
    ("fl", &[(-1, 1)]),
    ("fr", &[(1, 1)]),
    ("bl", &[(-1, -1)]),
    ("br", &[(1, -1)]),
    ("f", &[(-1, 1), (1, 1)]),
    ("b", &[(-1, -1), (1, -1)]),
    ("l", &[(-1, 1), (-1, -1)]),
    ("r", &[(1, 1), (1, -1)]),
    // "Concatenating conflicting directions, such as fb specifies their joined move sets".
    ("fb", &[(-1, 1), (1, 1), (-1, -1), (1, -1)]),
];

const KING_DIRECTIONS: &[(&str, &[(i32, i32)])] = &[
    ("f", &[(0, 1)]),
    ("fl", &[(-1, 1)]),
    ("fr", &[(1, 1)]),
    ("l", &[(-1, 0)]),
    ("r", &[(1, 0)]),
    ("bl", &[(-1, -1)]),
    ("br", &[(1, -1)]),
    ("b", &[(0, -1)]),
    ("v", &[(0, 1), (0, -1)]),
    ("fs", &[(-1, 1), (1, 1)]),
    ("s", &[(-1, 0), (1, 0)]),
    ("bs", &[(-1, -1), (1, -1)]),
    ("lv", &[(-1, 1), (-1, -1)]),
    ("rv", &[(1, 1), (1, -1)]),
];

#[test]
fn direction_letters_select_the_moves_of_the_guides_tables() {
    for (atom, table) in [
        ("N", KNIGHT_DIRECTIONS),
        ("W", WAZIR_DIRECTIONS),
        ("F", FERZ_DIRECTIONS),
        ("K", KING_DIRECTIONS),
    ] {
        for &(letters, steps) in table {
            let expected = offsets(9, 9, "e5", steps);
            let text = format!("{letters}{atom}");
            // XBetza reads these letters the same way, but `a` (its leg separator): no letters.
            let xbetza = if letters == "a" {
                atom.to_string()
            } else {
                text.clone()
            };
            check(&text, &xbetza, &board(9, 9, "e5", ""), &expected);
        }
    }
    // "aN" is the whole Knight.
    check("aN", "N", &board(9, 9, "e5", ""), "c4 c6 d3 d7 f3 f7 g4 g6");
}

#[test]
fn final_legs_move_and_capture_by_default() {
    // "default modality on final-leg atoms is mc, which means the move can both capture and
    // non-capture, but fails when it hits a friendly piece or strays off board".
    let b = board(8, 8, "d4", "d5=w,e4=b");
    check("W", "W", &b, "c4 d3 e4");
    check("mW", "mW", &b, "c4 d3");
    check("cW", "cW", &b, "e4");
    // "(W) is exactly the same as W."
    check("(W)", "W", &b, "c4 d3 e4");
}

#[test]
fn modes_before_a_chaining_operator_follow_the_guides_table() {
    // Square content of the transit square d5: empty, friend, foe. The move goes on to d6.
    //     prefix Empty Friend Foe
    //     m      pass  block  block
    //     p      block pass   pass
    //     t      block pass   block
    //     c      block block  capt
    //     d      block capt   block
    let table: [(&str, &str, [&str; 3]); 5] = [
        ("m", "fmafW", ["pass", "block", "block"]),
        ("p", "fpafW", ["block", "pass", "pass"]),
        ("t", "fptafW", ["block", "pass", "block"]),
        ("c", "fcafW", ["block", "block", "capt"]),
        ("d", "fdafW", ["block", "capt", "block"]),
    ];
    for (prefix, xbetza, outcomes) in table {
        for (content, outcome) in ["", "d5=w", "d5=b"].into_iter().zip(outcomes) {
            let b = board(8, 8, "d4", content);
            let quickref = format!("f{prefix}W-W");
            let expected = if outcome == "block" { "" } else { "d6" };
            check(&quickref, xbetza, &b, expected);
            // A capture on the way removes the piece on d5.
            for mv in moves(&translate(&quickref), &b) {
                let victims = b.names(mv.captures.iter().copied());
                assert_eq!(
                    victims.contains("d5"),
                    outcome == "capt",
                    "{quickref} with {content}"
                );
            }
        }
    }
}

#[test]
fn chains_continue_straight_on_unless_told() {
    // "In the right-hand part of a chaining operator f is implied by default."
    let b = board(8, 8, "d4", "d5=b");
    check("W-W", "mafW", &b, "b4 d2 f4");
    check("W-fW", "mafW", &b, "b4 d2 f4");
    // "To specify a bent trajectory, explicit directional prefixes are needed. Note that a
    // bent chain can fork": W then F forward is the Xiangqi horse.
    check(
        "W-F",
        "mafsW",
        &board(9, 10, "e5", "e6=w"),
        "c4 c6 d3 f3 g4 g6",
    );
    // s after a W step: the two 90-degree turns, onto the diagonal neighbours.
    check("W-sW", "masW", &board(9, 10, "e5", "e6=w"), "d4 d6 f4 f6");
}

#[test]
fn the_checkers_capture() {
    // "a Checkers capture is specified by not jumping two squares, but capturing Chess-like a
    // Pawn in the first leg, continuing with one more non-capturing leg to the next square."
    let b = board(8, 8, "d4", "e5=b,c5=w");
    check("fcF-mF", "fcafmF", &b, "f6");
    let jumps = moves(&translate("fcF-mF"), &b);
    assert_eq!(jumps.len(), 1);
    assert_eq!(b.names(jumps[0].captures.iter().copied()), set("e5"));
}

#[test]
fn non_jumping_leaps_may_take_any_shortest_path() {
    // "An n modifier on an atom that otherwise would be a direct leap to a distant square
    // indicates the move is non-jumping, but visits all intermediate squares".
    check("nD", "nD", &board(8, 8, "d4", "d5=b"), "b4 d2 f4");
    // "Oblique moves can use any shortest path made out of K steps, and are only blocked if
    // these paths are all blocked": e6 is reached over e5 when d5 is taken, not when both
    // are.
    let all = "b3 b5 c2 c6 e2 e6 f3 f5";
    check("nN", "mafsK", &board(8, 8, "d4", "d5=b"), all);
    check(
        "nN",
        "mafsK",
        &board(8, 8, "d4", "d5=b,e5=w"),
        "b3 b5 c2 c6 e2 f3 f5",
    );
    // XBetza's own nN takes the orthogonal path only: it differs.
    let xbetza_nn = targets(&parse("nN").unwrap(), &board(8, 8, "d4", "d5=b"));
    assert_ne!(xbetza_nn, set(all));
}

#[test]
fn jumping_leaps_hop_exactly_one_piece() {
    // "A j prefix similarly means the taken path must hop over exactly one piece."
    check("jD", "jD", &board(8, 8, "d4", "d5=b,e4=w"), "d6 f4");
    check("jN", "pafsK", &board(8, 8, "d4", "d5=w"), "c6 e6");
    // The Threeleaper passes two squares: one piece, not two.
    check("jH", "pafmafWmafpafW", &board(8, 8, "d4", "d5=b"), "d7");
    check(
        "jH",
        "pafmafWmafpafW",
        &board(8, 8, "d4", "d5=b,d6=w,e4=w"),
        "g4",
    );
}

#[test]
fn a_leading_i_needs_a_virgin_piece() {
    // "A leading modifier i on the first leg of move specifies the move can only be done with
    // a virgin piece."
    let mut b = board(8, 8, "d4", "");
    check("iW", "iW", &b, "");
    b.virgin = true;
    check("iW", "iW", &b, "c4 d3 d5 e4");
}

#[test]
fn the_old_meanings_of_o_and_p_on_the_last_leg() {
    // "Originally o meant cylinder piece (wrapping across the side edge of the board)".
    check("oW", "oW", &board(8, 8, "a4", ""), "a3 a5 b4 h4");
    // "pX meant what pX-cX means now": a Cannon's capture only.
    let b = board(8, 8, "d1", "d3=w,d6=b,b1=b,a1=b");
    check("pR", "cpR", &b, "a1 d6");
    check("pR-cR", "cpR", &b, "a1 d6");
    // With m beside it, the Xiangqi Cannon.
    check("mpR", "mRcpR", &b, "a1 c1 d2 d6 e1 f1 g1 h1");
}

#[test]
fn a_grasshopper_lands_one_step_behind() {
    // "a g ('Grasshopper') modifier on an atom means a hop with the single-step version of
    // that atom as second step, i.e. gQ implies gQ-K."
    let b = board(8, 8, "d4", "d6=b,f6=w,b4=b");
    check("gQ", "gQ", &b, "a4 d7 g7");
    check("gQ-K", "gQ", &b, "a4 d7 g7");
}

#[test]
fn e_makes_a_leg_as_long_as_the_slide_before_it() {
    // "e ... indicates that leg of the move should be equally long as a previous sliding leg".
    // Out along a line and as far sideways: on an empty board, the Bishop's squares.
    check(
        "W0-seW0",
        "maisR",
        &board(8, 8, "d4", ""),
        "a1 a7 b2 b6 c3 c5 e3 e5 f2 f6 g1 g7 h8",
    );
    // Friends on d5 and e4 close the ways north and east.
    check(
        "W0-seW0",
        "maisR",
        &board(8, 8, "d4", "d5=w,e4=w"),
        "a1 a7 b2 b6 c3 c5 e3 f2 g1",
    );
}

/// A refused construct: the column, what is named, and whether XBetza is the limit (rather
/// than the guide).
fn refusal(text: &str) -> (usize, String, bool) {
    let e = quickref_to_xbetza(text).expect_err(text);
    let shown = e.to_string();
    assert!(shown.contains(&format!("column {}", e.column)), "{shown}");
    match e.kind {
        QuickrefErrorKind::Undefined { construct, .. } => {
            assert!(shown.contains(&format!("'{construct}'")), "{shown}");
            (e.column, construct, false)
        }
        QuickrefErrorKind::Inexpressible { construct, .. } => {
            assert!(shown.contains(&format!("'{construct}'")), "{shown}");
            (e.column, construct, true)
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn what_the_guide_rules_out_is_refused() {
    for (text, column, construct) in [
        // "c, m, d, p, t, o ... The latter four are possible only as non-final part of a
        // chained move" (p and o keep their original meanings there; d and t have none).
        ("dK", 1, "d"),
        ("R-tK", 3, "t"),
        // u is one of the modes "used on the left-hand side of a chaining operation".
        ("cR-uK", 4, "u"),
        // e "can be used only in the right-hand side of a chaining operation that specifies a
        // sliding move".
        ("eR", 1, "e"),
        ("R-seW", 4, "e"),
        ("W-seR", 4, "e"),
        // "A leading modifier i on the first leg".
        ("W-iW", 3, "i"),
        // j: "the taken path must hop over exactly one piece": a W step has no path.
        ("jW", 1, "jW"),
        // The guide's F and N are "degenerate": after an oblique leap it names no directions
        // for W, F and K steps, and none for oblique leaps after a diagonal step.
        ("N-W", 3, "W"),
        ("F-N", 3, "N"),
        // R, B and Q stand for W0, F0 and RB: a range after them reads two ways.
        ("R3", 2, "R3"),
    ] {
        assert_eq!(
            refusal(text),
            (column, construct.to_string(), false),
            "{text}"
        );
    }
    // O marks the piece's square in the guide's atom diagram; it is no atom.
    let e = quickref_to_xbetza("O").unwrap_err();
    assert_eq!((e.column, e.kind), (1, QuickrefErrorKind::NotAnAtom('O')));
}

#[test]
fn what_xbetza_cannot_say_is_refused() {
    for (text, column, construct) in [
        // "an -xacK suffix on a move would create 8 fragments" (eruption); xx explodes.
        ("Q-xacK", 3, "x"),
        ("Q-xxacK", 3, "xx"),
        // u swaps a captured piece onto the square the leg reaches.
        ("cR-uW-W", 4, "u"),
        // Before '-', o passes only off the board ("Cross edge").
        ("oW-W", 1, "o"),
        // "When used directly with a c or d, it indicates that leg can only capture virgin
        // pieces."
        ("icK", 1, "ic"),
        ("mdiW-W", 2, "di"),
        // XBetza's legs share one atom.
        ("W-N", 3, "N"),
        // The Xiangqi Elephant kept from crossing the river by "jumping an extra 5 squares
        // forward and backward with mp modality": A steps and (0,5) jumps in one chain.
        ("nA-mpf(0,5)-b(0,5)", 7, "(0,5)"),
        // A non-jumping Nightrider: any shortest path on every leap.
        ("nN0", 1, "n"),
    ] {
        assert_eq!(
            refusal(text),
            (column, construct.to_string(), true),
            "{text}"
        );
    }
}

#[test]
fn variant_files_take_pieces_in_the_quick_reference() {
    let text = "[qrhorse:chess]\nknight = n:quickref:W-F\ncustomPiece1 = a:quickref:F(F-W0)\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w Qkq - 0 1\n\
                [xbhorse:chess]\nknight = n:mafsW\ncustomPiece1 = a:FyafsF\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w Qkq - 0 1\n";
    let catalog = catalog_with(text, "quickref.ini");
    let quickref = rules(&catalog, "qrhorse");
    let knight = quickref.piece_by_symbol("N").expect("a knight");
    assert_eq!(quickref.piece(knight).betza, "mafsW");
    // The same game as with the pieces written in XBetza.
    let fen = "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKB1A w Qkq - 0 1";
    let mut a = read(&catalog, "qrhorse", fen);
    let mut b = read(&catalog, "xbhorse", fen);
    let (mut a, mut b) = (legal_texts(&mut a), legal_texts(&mut b));
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(a.contains(&"d4c6".to_string()), "{a:?}");
}
