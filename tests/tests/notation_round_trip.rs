//! Round trips between XBetza and the older notations: a piece written from XBetza into the
//! quick reference, the old Betza page or MBN (`notation::write_other`) and read back with that
//! notation's reader must make the same moves as the XBetza it came from, for both colours, on
//! several boards and from several squares. Pieces a notation cannot say exactly are refused
//! with the construct named, never approximated.

use std::collections::BTreeSet;

use movegen::Probe;
use notation::{
    mbn_to_xbetza, oldbetza_to_xbetza, parse, quickref_to_xbetza, write_other, Color, Geometry,
    OtherNotation, PieceDesc,
};

/// A board to compare moves on: size, other pieces (`d6=b,f4=w`), the mover's squares, and
/// whether the mover has never moved.
struct Board {
    width: u8,
    height: u8,
    occupy: &'static str,
    from: &'static [&'static str],
    virgin: bool,
}

const BOARDS: [Board; 4] = [
    Board {
        width: 8,
        height: 8,
        occupy: "",
        from: &["d4", "a1", "h8", "b7"],
        virgin: false,
    },
    Board {
        width: 8,
        height: 8,
        occupy: "d6=b,f4=w,b2=b,e5=b,c3=w,d2=b,g7=b,a4=w,e4=b,d5=w",
        from: &["d4", "c4", "e3", "b5"],
        virgin: false,
    },
    Board {
        width: 10,
        height: 10,
        occupy: "e8=b,h5=w,b5=b,e2=w,g7=b,c3=b",
        from: &["e5", "a1", "j10", "e3"],
        virgin: true,
    },
    Board {
        width: 12,
        height: 12,
        occupy: "f9=w,f3=b,b6=b,k6=w,c10=b,i2=w",
        from: &["f6", "c3"],
        virgin: false,
    },
];

/// Every move of `desc` from each square of `board` for `color`, as comparable text: mover,
/// destination, how it ends and what it captures.
fn moves(desc: &PieceDesc, board: &Board, color: Color) -> BTreeSet<String> {
    let g = Geometry::new(board.width, board.height).expect("a board");
    let sq = |name: &str| g.parse_square(name).expect("a square");
    let mut out = BTreeSet::new();
    for &from in board.from {
        let from = sq(from);
        let mut probe = Probe::new(g.clone());
        for item in board.occupy.split(',').filter(|s| !s.is_empty()) {
            let (name, side) = item.split_once('=').expect("SQ=w|b");
            if sq(name) == from {
                continue;
            }
            let side = if side == "w" {
                Color::White
            } else {
                Color::Black
            };
            probe.place(sq(name), side, None);
        }
        if board.virgin {
            probe.set_virgin(from);
        }
        for m in probe.moves(desc, from, color) {
            let captures: Vec<String> = m.captures.iter().map(|&s| g.name(s)).collect();
            out.insert(format!(
                "{}-{} {:?} {}",
                g.name(from),
                g.name(m.to),
                m.ending,
                captures.join(",")
            ));
        }
    }
    out
}

/// Reads `text` in `notation` back into XBetza.
fn read_back(notation: OtherNotation, text: &str) -> String {
    match notation {
        OtherNotation::Quickref => quickref_to_xbetza(text).map_err(|e| e.to_string()),
        OtherNotation::OldBetza => oldbetza_to_xbetza(text).map_err(|e| e.to_string()),
        OtherNotation::Mbn => mbn_to_xbetza(text).map_err(|e| e.to_string()),
    }
    .unwrap_or_else(|e| panic!("{} {text}: {e}", notation.name()))
}

/// Whether two pieces make the same moves on every board, for both colours.
fn same_moves(a: &PieceDesc, b: &PieceDesc) -> bool {
    BOARDS.iter().all(|board| {
        [Color::White, Color::Black]
            .into_iter()
            .all(|color| moves(a, board, color) == moves(b, board, color))
    })
}

/// XBetza pieces and what each notation writes for them (`None`: refused). The catalog's
/// common pieces and the examples of the source texts.
const PIECES: &[(&str, [Option<&str>; 3])] = &[
    ("W", [Some("W"), Some("W"), Some("W")]),
    ("F", [Some("F"), Some("F"), Some("F")]),
    ("N", [Some("N"), Some("N"), Some("N")]),
    ("R", [Some("R"), Some("R"), Some("R")]),
    ("B", [Some("B"), Some("B"), Some("B")]),
    ("Q", [Some("Q"), Some("Q"), Some("Q")]),
    ("K", [Some("K"), Some("K"), Some("K")]),
    ("A", [Some("A"), Some("A"), Some("A")]),
    ("D", [Some("D"), Some("D"), Some("D")]),
    ("H", [Some("H"), Some("H"), Some("H")]),
    ("C", [Some("C"), Some("C"), Some("C")]),
    ("Z", [Some("Z"), Some("Z"), Some("Z")]),
    ("G", [Some("G"), Some("G"), Some("G")]),
    ("R4", [Some("W4"), Some("W4"), Some("W4")]),
    ("W3", [Some("W3"), Some("W3"), Some("W3")]),
    ("B2", [Some("F2"), Some("F2"), Some("F2")]),
    ("K2", [Some("K2"), Some("K2"), Some("W2+F2")]),
    ("Q4", [Some("K4"), Some("K4"), Some("W4+F4")]),
    ("N0", [Some("N0"), Some("N0"), Some("N0")]),
    ("FX", [Some("(1,4)"), Some("(1,4)"), Some(":1,4:")]),
    ("DX", [Some("(0,5)"), Some("(0,5)"), Some(":0,5:")]),
    ("fW", [Some("fW"), Some("fW"), Some("fW")]),
    ("fR", [Some("fR"), Some("fR"), Some("fR")]),
    ("fN", [Some("fN"), Some("fN"), Some("fN")]),
    ("fsW", [Some("fsW"), Some("fsW"), Some("fsW")]),
    ("vR", [Some("vR"), Some("vR"), Some("vR")]),
    ("sR", [Some("sR"), Some("sR"), Some("sR")]),
    ("bB", [Some("bB"), Some("bB"), Some("bB")]),
    ("fF", [Some("fF"), Some("fF"), Some("fF")]),
    ("fF2", [Some("fF2"), Some("fF2"), Some("fF2")]),
    ("sW2", [Some("sW2"), Some("sW2"), Some("sW2")]),
    (
        "fhN",
        [Some("fhN"), Some("fhN"), Some("(rf)N+(fr)N+(fl)N+(lf)N")],
    ),
    ("ffN", [Some("fN"), Some("fN"), Some("fN")]),
    ("frN", [Some("frN"), Some("frN"), Some("(fr)N")]),
    ("lfN", [Some("lfN"), Some("lfN"), Some("(lf)N")]),
    ("fK", [Some("fK"), Some("fK"), Some("fW")]),
    ("fhK", [Some("fsfK"), Some("fsfK"), Some("fW+fF")]),
    ("fsK3", [Some("fsK3"), Some("fsK3"), Some("fF3")]),
    ("FfW", [Some("FfW"), Some("FfW"), Some("F+fW")]),
    ("WfF", [Some("WfF"), Some("WfF"), Some("W+fF")]),
    ("FA", [Some("FA"), Some("FA"), Some("F+A")]),
    ("RF", [Some("RF"), Some("RF"), Some("R+F")]),
    ("BN", [Some("BN"), Some("BN"), Some("B+N")]),
    ("RN", [Some("RN"), Some("RN"), Some("R+N")]),
    ("QN", [Some("QN"), Some("QN"), Some("Q+N")]),
    ("KN", [Some("KN"), Some("KN"), Some("K+N")]),
    ("W4fR", [Some("W4fR"), Some("W4fR"), Some("W4+fR")]),
    ("mNcB", [Some("mNcB"), Some("mNcB"), Some("mN+cB")]),
    ("mBcN", [Some("mBcN"), Some("mBcN"), Some("mB+cN")]),
    ("mRcN", [Some("mRcN"), Some("mRcN"), Some("mR+cN")]),
    ("mRcR", [Some("R"), Some("R"), Some("R")]),
    ("fmWfF", [Some("fmWfF"), Some("fmWfF"), Some("fmW+fF")]),
    ("cW", [Some("cW"), Some("cW"), Some("cW")]),
    ("iW", [Some("iW"), Some("iW"), Some("iW")]),
    ("ifmW", [Some("ifmW"), Some("ifmW"), Some("ifmW")]),
    ("nA", [Some("nA"), Some("nA"), Some("nA")]),
    ("nD", [Some("nD"), Some("nD"), Some("nD")]),
    ("jD", [Some("jD"), Some("jD"), Some("pD")]),
    ("mRcpR", [Some("mpR"), Some("pR"), Some("mR+cpR")]),
    ("pR", [None, None, Some("pR")]),
    ("cpR", [Some("pR"), None, Some("cpR")]),
    ("gQ", [Some("gQ"), Some("gQ"), None]),
    ("gR", [Some("gR"), Some("gR"), None]),
    ("mafsW", [Some("W-fF"), Some("W-fF"), Some("W-fF")]),
    ("mafsF", [Some("F-fW"), Some("F-fW"), Some("F-fW")]),
    ("cafsW", [Some("cW-fF"), Some("WxfF"), Some("cW-fF")]),
    ("mafK", [Some("K-fK"), Some("K-fK"), None]),
    ("mafsK", [Some("K-fsK"), Some("K-fsK"), None]),
    ("nN", [None, None, None]),
    ("fmWfceF", [None, None, None]),
];

#[test]
fn pieces_written_in_another_notation_read_back_to_the_same_moves() {
    let mut round_trips = 0;
    for &(xbetza, expected) in PIECES {
        let desc = parse(xbetza).unwrap_or_else(|e| panic!("{xbetza}: {e}"));
        for (notation, want) in OtherNotation::ALL.into_iter().zip(expected) {
            let name = notation.name();
            let written = write_other(&desc, notation);
            let Some(want) = want else {
                assert!(
                    written.is_err(),
                    "{xbetza} in {name}: expected a refusal, got {written:?}"
                );
                continue;
            };
            assert_eq!(written.as_deref(), Ok(want), "{xbetza} in {name}");
            let back = read_back(notation, want);
            let back_desc = parse(&back).unwrap_or_else(|e| panic!("{back}: {e}"));
            assert!(
                same_moves(&desc, &back_desc),
                "{xbetza} -> {name} {want} -> {back}: the moves differ"
            );
            round_trips += 1;
        }
    }
    assert!(round_trips >= 60, "{round_trips} round trips");
}

#[test]
fn the_comparison_tells_apart_pieces_that_differ_in_a_detail() {
    // Each pair differs on some board: a round trip that lost the detail would fail.
    let pairs = [
        ("mRcpR", "pR"),
        ("mRcpR", "R"),
        ("nD", "D"),
        ("jD", "D"),
        ("gQ", "Q"),
        ("mafsW", "N"),
        ("cafsW", "mafsW"),
        ("fF", "fW"),
        ("iW", "W"),
        ("fN", "frN"),
        ("W4", "R"),
        ("mafK", "K2"),
    ];
    for (a, b) in pairs {
        let (a_desc, b_desc) = (parse(a).unwrap(), parse(b).unwrap());
        assert!(!same_moves(&a_desc, &b_desc), "{a} and {b} look the same");
    }
    let knight = parse("N").unwrap();
    let count: usize = BOARDS
        .iter()
        .map(|board| moves(&knight, board, Color::White).len())
        .sum();
    assert!(count > 40, "the boards give the Knight only {count} moves");
}

#[test]
fn what_a_notation_cannot_say_is_refused_naming_the_construct() {
    let cases = [
        ("KisO2", OtherNotation::Quickref, "isO2"),
        ("NU", OtherNotation::OldBetza, "U"),
        ("I", OtherNotation::Mbn, "I"),
        ("iifmW", OtherNotation::Quickref, "ii"),
        ("fmWfceF", OtherNotation::Mbn, "e"),
        ("ifmnD", OtherNotation::OldBetza, "nn"),
        ("mafsmafW", OtherNotation::Quickref, "mafsmafW"),
        ("caibR", OtherNotation::Mbn, "i"),
        ("mNxaN", OtherNotation::Quickref, "x"),
        ("oR", OtherNotation::OldBetza, "o"),
        ("zB", OtherNotation::Mbn, "z"),
        ("RcpRnN", OtherNotation::Quickref, "nN"),
        ("RcpRnN", OtherNotation::OldBetza, "cpR"),
        ("pR", OtherNotation::Quickref, "pR"),
        ("gQ", OtherNotation::Mbn, "gQ"),
        ("WmafK", OtherNotation::Mbn, "mafK"),
    ];
    for (xbetza, notation, construct) in cases {
        let desc = parse(xbetza).unwrap();
        let refusal =
            write_other(&desc, notation).expect_err(&format!("{xbetza} in {}", notation.name()));
        assert_eq!(refusal.construct, construct, "{xbetza}: {refusal}");
        assert!(
            refusal.to_string().contains(notation.name()),
            "{xbetza}: {refusal}"
        );
    }
}
