//! One drawn test per XBetza feature: the piece `@` on a diagram moves to the marked squares.
//!
//! Cells: `.` empty, `+` empty target, `W`/`B` a white/black piece, `w`/`b` a white/black piece
//! that is a target, `@` the mover, `&` the mover when its own square is a target. The top row
//! is the highest rank.

use std::collections::BTreeSet;

use movegen::{PathMove, Probe};
use notation::{parse, Color, Geometry, Square};

/// A diagram read into a probe, the mover's square, and the expected targets.
struct Diagram {
    probe: Probe,
    geometry: Geometry,
    from: Square,
    expected: BTreeSet<Square>,
}

fn diagram(rows: &[&str]) -> Diagram {
    let height = rows.len() as u8;
    let width = rows[0].split_whitespace().count() as u8;
    let geometry = Geometry::new(width, height).unwrap();
    let mut probe = Probe::new(geometry.clone());
    let mut from = None;
    let mut expected = BTreeSet::new();
    for (r, row) in rows.iter().enumerate() {
        let rank = height as i32 - 1 - r as i32;
        for (file, cell) in row.split_whitespace().enumerate() {
            let sq = geometry.square(file as i32, rank).unwrap();
            match cell {
                "." => {}
                "+" => {
                    expected.insert(sq);
                }
                "W" | "w" => probe.place(sq, Color::White, None),
                "B" | "b" => probe.place(sq, Color::Black, None),
                "@" | "&" => from = Some(sq),
                other => panic!("unknown cell {other}"),
            }
            if matches!(cell, "w" | "b" | "&") {
                expected.insert(sq);
            }
        }
    }
    Diagram {
        probe,
        geometry,
        from: from.expect("diagram has a mover"),
        expected,
    }
}

impl Diagram {
    fn moves(&self, betza: &str, color: Color) -> Vec<PathMove> {
        self.probe.moves(&parse(betza).unwrap(), self.from, color)
    }

    fn assert(&self, betza: &str, color: Color) {
        let got: BTreeSet<Square> = self
            .moves(betza, color)
            .iter()
            .filter(|m| m.piece == self.from)
            .map(|m| m.to)
            .collect();
        let names = |set: &BTreeSet<Square>| {
            set.iter()
                .map(|&s| self.geometry.name(s))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(&got), names(&self.expected), "{betza}");
    }
}

/// Asserts that a piece of the given colour moving as the XBetza text reaches exactly the
/// squares marked on the drawn board.
macro_rules! assert_moves {
    ($color:ident, $betza:expr, [$($row:expr),* $(,)?] $(,)?) => {
        diagram(&[$($row),*]).assert($betza, Color::$color)
    };
}

#[test]
fn leaper_atoms() {
    assert_moves!(
        White,
        "N",
        [
            ". . . . . . .",
            ". . + . + . .",
            ". + . . . b .",
            ". . . @ . . .",
            ". W . . . + .",
            ". . + . + . .",
            ". . . . . . .",
        ],
    );
    assert_moves!(
        White,
        "HG",
        [
            "+ . . + . . +",
            ". . . . . . .",
            ". . . . . . .",
            "+ . . @ . . +",
            ". . . . . . .",
            ". . . . . . .",
            "+ . . + . . +",
        ],
    );
}

#[test]
fn extended_and_legacy_leaps() {
    // FX = (1,4) giraffe; (4,1) is the same leap written the old way.
    let rows = [
        ". . . . . . . . . . .",
        ". . . . + . + . . . .",
        ". . . . . . . . . . .",
        ". . . . . . . . . . .",
        ". + . . . . . . . + .",
        ". . . . . @ . . . . .",
        ". + . . . . . . . + .",
        ". . . . . . . . . . .",
        ". . . . . . . . . . .",
        ". . . . + . + . . . .",
        ". . . . . . . . . . .",
    ];
    diagram(&rows).assert("FX", Color::White);
    diagram(&rows).assert("(4,1)", Color::White);
}

#[test]
fn riders_and_ranges() {
    assert_moves!(
        White,
        "R2",
        [
            ". . . . . .",
            ". . + . . .",
            ". . + . . .",
            "W + @ + b B",
            ". . + . . .",
            ". . b . . .",
        ],
    );
    assert_moves!(
        White,
        "NN",
        [
            "+ . . . + . . .",
            ". . . . . . . .",
            ". + . + . . + .",
            "+ . . . + . . .",
            ". . @ . . . . .",
        ],
    );
}

#[test]
fn direction_sets() {
    assert_moves!(White, "fsW", [". + .", "+ @ +", ". . ."]);
    assert_moves!(
        White,
        "frN",
        [
            ". . . . .",
            ". . . . +",
            ". . @ . .",
            ". . . . .",
            ". . . . .",
        ],
    );
    assert_moves!(
        White,
        "rfN",
        [
            ". . . + .",
            ". . . . .",
            ". . @ . .",
            ". . . . .",
            ". . . . .",
        ],
    );
    assert_moves!(
        White,
        "hlN",
        [
            ". + . . .",
            ". . . . +",
            ". . @ . .",
            "+ . . . .",
            ". . . + .",
        ],
    );
    assert_moves!(White, "vsK", ["+ . +", ". @ .", "+ . +"]);
    assert_moves!(White, "fhK", ["+ + +", ". @ .", ". . ."]);
    assert_moves!(Black, "fF", [". . .", ". @ .", "+ . +"]);
}

#[test]
fn modes_of_a_single_leg() {
    assert_moves!(
        White,
        "mKcN",
        [
            ". . . . .",
            ". W . b .",
            ". + W B b",
            ". + @ + .",
            ". B + + .",
        ],
    );
    assert_moves!(White, "cdK", [". . .", "w . b", ". @ ."]);
}

#[test]
fn royal_capture_only_on_royals() {
    let mut d = diagram(&[". B .", ". + .", "B @ +"]);
    let a8 = d.geometry.parse_square("b3").unwrap();
    d.probe.set_royal(a8);
    d.expected.insert(a8);
    d.assert("mWkR", Color::White);
}

#[test]
fn hoppers() {
    assert_moves!(
        White,
        "pR",
        [
            ". . . . .",
            ". . . . .",
            "+ W @ . .",
            ". . . . .",
            ". . B . .",
        ],
    );
    assert_moves!(
        White,
        "mRcpR",
        [
            ". . b . .",
            ". . W . .",
            "+ + @ + +",
            ". . + . .",
            ". . + . .",
        ],
    );
    assert_moves!(
        White,
        "gQ",
        [
            ". . . . +",
            ". . . W .",
            ". . @ . .",
            ". . . . .",
            ". . . . .",
        ],
    );
    // gK: a King step onto a mount, then slide on beyond it.
    assert_moves!(
        White,
        "gK",
        [
            ". . + . .",
            ". . + . .",
            ". . B . .",
            ". . @ . .",
            ". . . . .",
        ],
    );
}

#[test]
fn lame_and_jumping_leaps() {
    assert_moves!(
        White,
        "nN",
        [
            ". . . . .",
            "+ . W . +",
            ". . @ . .",
            "+ . . B +",
            ". + . + .",
        ],
    );
    assert_moves!(
        White,
        "jD",
        [
            ". . + . .",
            ". . W . .",
            ". . @ . .",
            ". . . . .",
            ". . . . .",
        ],
    );
    // Ski-bishop: the first diagonal square is skipped untested.
    assert_moves!(
        White,
        "jB",
        [
            ". . . . . +",
            "+ . . . + .",
            ". W . . . .",
            ". . @ . . .",
            ". . . . . .",
            "+ . . . + .",
        ],
    );
}

#[test]
fn multi_leg_paths() {
    // Xiangqi horse: blocked on the orthogonal square.
    assert_moves!(
        White,
        "mafsW",
        [
            ". . . . .",
            ". . . . .",
            "+ . W . +",
            ". . @ . .",
            "+ . . . +",
        ],
    );
    // Griffon: F, or F then rook slides outward.
    assert_moves!(
        White,
        "FyafsF",
        [
            ". + . + .",
            ". + . + .",
            "+ + . + +",
            ". . @ . .",
            "+ + . + +",
        ],
    );
    // Rifle rook: captures without moving.
    assert_moves!(
        White,
        "caibR",
        [
            ". . B . .",
            ". . . . .",
            "B . & . W",
            ". . . . .",
            ". . . . .",
        ],
    );
}

#[test]
fn locusts_and_multi_captures() {
    assert_moves!(
        White,
        "fcafmF",
        ["+ . . . .", ". B . . .", ". . @ . .", ". . . . ."],
    );
    // Two captures in a row, then a step on.
    assert_moves!(
        White,
        "cacaW",
        [". . .", ". + .", "+ B +", ". B .", ". @ ."]
    );
}

#[test]
fn unload_swaps() {
    let d = diagram(&[". . . w", ". . . .", ". . . .", "@ W . ."]);
    let moves = d.moves("udQ", Color::White);
    assert_eq!(moves.len(), 2);
    for m in &moves {
        assert_eq!(m.unloads.as_slice(), &[(d.from, m.to)]);
    }
}

#[test]
fn induction_moves_a_friend() {
    let d = diagram(&[
        ". . . . .",
        ". . . . .",
        ". . . W .",
        ". . . . .",
        ". . @ . .",
    ]);
    let moves = d.moves("xaN", Color::White);
    let d3 = d.geometry.parse_square("d3").unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.piece == d3), "only the friend moves");
    let targets: BTreeSet<String> = moves.iter().map(|m| d.geometry.name(m.to)).collect();
    assert_eq!(
        targets,
        ["b2", "b4", "c5", "e1", "e5"].map(String::from).into()
    );
}

#[test]
fn borrowing_moves_of_a_neighbour() {
    let mut d = diagram(&[". . . .", ". . . .", ". @ W .", ". . . ."]);
    let c2 = d.geometry.parse_square("c2").unwrap();
    d.probe.place(c2, Color::White, Some(&parse("N").unwrap()));
    let moves = d.moves("xW", Color::White);
    let targets: BTreeSet<String> = moves.iter().map(|m| d.geometry.name(m.to)).collect();
    assert_eq!(targets, ["a4", "c4", "d1", "d3"].map(String::from).into());
}

#[test]
fn wrapping() {
    assert_moves!(White, "oW", [". . . .", "+ . . .", "@ + . +", "+ . . ."]);
    assert_moves!(White, "ooW", ["+ . . .", ". . . .", "+ . . .", "@ + . +"]);
}

#[test]
fn crooked_and_circular() {
    // Crooked rook from b1: up, then turning right and left alternately (or the reverse).
    assert_moves!(White, "zR", [". . . +", "+ . + +", "+ + + +", "+ @ + ."]);
    assert_moves!(White, "qW", [". + + .", "+ . + +", "+ + . +", "+ @ + ."]);
}

#[test]
fn initial_moves_need_a_virgin_piece() {
    let mut d = diagram(&[". . .", ". . .", ". + .", ". + .", ". @ ."]);
    d.probe.set_virgin(d.from);
    d.assert("fmWifmnD", Color::White);
    let d = diagram(&[". . .", ". . .", ". . .", ". + .", ". @ ."]);
    d.assert("fmWifmnD", Color::White);
}

#[test]
fn en_passant_capture_and_rights() {
    let mut d = diagram(&[". . .", ". . +", ". @ B", ". . ."]);
    let c3 = d.geometry.parse_square("c3").unwrap();
    let c2 = d.geometry.parse_square("c2").unwrap();
    d.probe.set_ep(&[c3], c2);
    d.assert("fceF", Color::White);
    let m = &d.moves("fceF", Color::White)[0];
    assert_eq!(m.ep_capture, Some(c2));
    // n on a stepper marks every square passed, but not the destination.
    let d = diagram(&[". . . . @"]);
    let moves = d.moves("lnW3", Color::White);
    let far = moves
        .iter()
        .find(|m| d.geometry.name(m.to) == "b1")
        .unwrap();
    let names: Vec<_> = far.ep_rights.iter().map(|&s| d.geometry.name(s)).collect();
    assert_eq!(names, ["d1", "c1"]);
}

#[test]
fn castling_with_an_edge_piece() {
    let mut d = diagram(&[". . . . . . . .", "W . . . @ . . W"]);
    for sq in ["a1", "e1", "h1"] {
        d.probe.set_virgin(d.geometry.parse_square(sq).unwrap());
    }
    let moves = d.moves("isO2", Color::White);
    let got: Vec<_> = moves
        .iter()
        .map(|m| {
            let (p, t) = m.castle.unwrap();
            format!(
                "{} {}{}",
                d.geometry.name(m.to),
                d.geometry.name(p),
                d.geometry.name(t)
            )
        })
        .collect();
    assert_eq!(got, ["g1 h1f1", "c1 a1d1"]);
}

#[test]
fn imitator_copies_the_last_mover() {
    let mut d = diagram(&[". . . .", ". . . .", ". + b .", ". @ . ."]);
    d.probe.set_imitated(&parse("fmWfcF").unwrap());
    d.assert("I", Color::White);
    let mut d = diagram(&[". . . .", ". . . .", ". . . .", ". @ . ."]);
    d.probe.set_imitated(&parse("fmWfcF").unwrap());
    // bI: as the opponent would move it, so backward: nowhere from the first rank.
    d.assert("bI", Color::White);
}

#[test]
fn universal_leaper() {
    assert_moves!(White, "mU", ["+ B +", "+ @ +", "+ W +"]);
}

#[test]
fn enemy_half_range_marks_passed_squares() {
    let d = diagram(&[
        ". . .", ". . .", ". . .", ". . .", ". + .", ". + .", ". + .", ". @ .",
    ]);
    d.assert("fmW*", Color::White);
    let moves = d.moves("fmW*", Color::White);
    let far = moves
        .iter()
        .find(|m| d.geometry.name(m.to) == "b4")
        .unwrap();
    assert_eq!(far.ep_rights.len(), 2);
}

#[test]
fn area_move_never_returns_to_its_start() {
    assert_moves!(
        White,
        "aaK",
        [
            "+ + + + + + +",
            "+ + + + + + +",
            "+ + + + + + +",
            "+ + + @ + + +",
            "+ + + + + + +",
            "+ + + + + + +",
            "+ + + + + + +",
        ],
    );
}
