//! MBN, the Modified Betza Notation: every example move the text gives, read by
//! `notation::mbn_to_xbetza`, must reach the squares the text describes, and so must XBetza
//! written independently for it. What the text marks wrong or leaves open, and what XBetza
//! cannot express, is refused with its column.
//!
//! Expected squares are worked out by hand, read off the text's diagrams and direction tables,
//! or computed here by a few lines written from the text's words; never taken from the
//! translator.

use std::collections::{BTreeMap, BTreeSet};

use kraken_tests::{
    piece_board::{board, moves, set, targets, Board},
    setup::{catalog_with, legal_texts, read, rules},
};
use notation::{mbn_to_xbetza, parse, Color, MbnErrorKind, PieceDesc};

/// Reads `mbn`, or fails the test with the error.
fn translate(mbn: &str) -> PieceDesc {
    let xbetza = mbn_to_xbetza(mbn).unwrap_or_else(|e| panic!("{e}"));
    parse(&xbetza).unwrap_or_else(|e| panic!("{mbn} -> {xbetza}: {e}"))
}

/// The MBN text and the XBetza written for it both reach exactly `expected`.
fn check(mbn: &str, xbetza: &str, b: &Board, expected: &str) {
    let want = set(expected);
    let translated = mbn_to_xbetza(mbn).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        targets(&translate(mbn), b),
        want,
        "MBN {mbn} (read as {translated}) from {} with {}",
        b.from,
        b.occupy
    );
    let equivalent = parse(xbetza).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        targets(&equivalent, b),
        want,
        "XBetza {xbetza} from {} with {}",
        b.from,
        b.occupy
    );
}

/// The MBN text reaches the same squares as the XBetza written for it.
fn same_targets(mbn: &str, xbetza: &str, b: &Board) {
    let equivalent = parse(xbetza).unwrap_or_else(|e| panic!("{e}"));
    let want = targets(&equivalent, b);
    assert!(!want.is_empty(), "{xbetza} reaches nothing from {}", b.from);
    let translated = mbn_to_xbetza(mbn).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        targets(&translate(mbn), b),
        want,
        "MBN {mbn} (read as {translated}) against {xbetza} from {} with {}",
        b.from,
        b.occupy
    );
}

/// The squares of the moves that capture exactly `victims`.
fn landing_with_victims(desc: &PieceDesc, b: &Board, victims: &str) -> BTreeSet<String> {
    moves(desc, b)
        .iter()
        .filter(|m| b.names(m.captures.iter().copied()) == set(victims))
        .map(|m| b.names([m.to]).into_iter().next().expect("a square"))
        .collect()
}

/// The eight single steps of the King.
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Where a chain of single steps ends: leg `k` may step by any of `legs[k]` (fixed directions,
/// as after `--`); every leg but the last ends on an empty square, or, with `locust`, on a foe
/// it takes before going on; the last ends on an empty square or a foe. With `stops`, the
/// chain may also end after any leg. The mover's own square counts as empty once it has left.
fn step_chain(b: &Board, legs: &[&[(i32, i32)]], locust: bool, stops: bool) -> BTreeSet<String> {
    let g = b.geometry();
    let from = g.parse_square(b.from).expect("a square");
    let occupied = b.occupants();
    let mut out = BTreeSet::new();
    // (square, foes taken so far)
    let mut frontier = vec![(from, Vec::<String>::new())];
    for (k, steps) in legs.iter().enumerate() {
        let last = k + 1 == legs.len();
        let mut next = Vec::new();
        for (sq, taken) in &frontier {
            for &(dx, dy) in *steps {
                let Some(to) = g.square(g.file(*sq) + dx, g.rank(*sq) + dy) else {
                    continue;
                };
                let name = g.name(to);
                let here = if taken.contains(&name) || to == from {
                    None
                } else {
                    occupied.get(&name).copied()
                };
                match here {
                    None => {
                        if last || stops {
                            out.insert(name.clone());
                        }
                        next.push((to, taken.clone()));
                    }
                    Some(Color::Black) => {
                        if last || stops {
                            out.insert(name.clone());
                        }
                        if locust {
                            let mut taken = taken.clone();
                            taken.push(name);
                            next.push((to, taken));
                        }
                    }
                    Some(Color::White) => {}
                }
            }
        }
        frontier = next;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// 6. Base moves and 14. Additional pieces
// ---------------------------------------------------------------------------------------------

/// "The table above corresponds to the following table of movements (jumps). The position of
/// the leaper is designated with the Zero leaper."
const MOVEMENTS: [&str; 7] = [
    "T Z C H C Z T",
    "Z A N D N A Z",
    "C N F W F N C",
    "H D W O W D H",
    "C N F W F N C",
    "Z A N D N A Z",
    "T Z C H C Z T",
];

/// The offsets from the centre of the 7 x 7 cells of a grid whose cell matches `keep`.
fn grid_offsets(
    rows: &[Vec<String>; 7],
    keep: impl Fn(&str, (i32, i32)) -> bool,
) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let offset = (c as i32 - 3, 3 - r as i32);
            if keep(cell, offset) {
                out.push(offset);
            }
        }
    }
    out
}

fn grid(rows: &[&str; 7]) -> [Vec<String>; 7] {
    rows.map(|row| {
        let mut cells: Vec<String> = row.split(' ').map(str::to_string).collect();
        // The text's tables leave the centre (the piece's square) out of the middle row.
        if cells.len() == 6 {
            cells.insert(3, "O".to_string());
        }
        assert_eq!(cells.len(), 7, "{row}");
        cells
    })
}

/// The atom standing on `offset` in the movement table.
fn atom_at(offset: (i32, i32)) -> String {
    let cells = grid(&MOVEMENTS);
    cells[(3 - offset.1) as usize][(offset.0 + 3) as usize].clone()
}

#[test]
fn leapers_reach_the_squares_of_the_movement_table() {
    let b = board(7, 7, "d4", "");
    let cells = grid(&MOVEMENTS);
    // The shorthands, their :m,n: forms, the old letters G, J, L, and the XBetza atom.
    for (letter, form, old, xbetza) in [
        ("W", ":0,1:", None, "W"),
        ("F", ":1,1:", None, "F"),
        ("D", ":0,2:", None, "D"),
        ("N", ":1,2:", None, "N"),
        ("A", ":2,2:", None, "A"),
        ("H", ":0,3:", None, "H"),
        ("C", ":1,3:", Some("L"), "C"),
        ("Z", ":2,3:", Some("J"), "Z"),
        ("T", ":3,3:", Some("G"), "G"),
    ] {
        let expected = b.offsets(&grid_offsets(&cells, |cell, _| cell == letter));
        let straight = "WFDAHT".contains(letter);
        assert_eq!(expected.split(' ').count(), if straight { 4 } else { 8 });
        check(letter, xbetza, &b, &expected);
        check(form, xbetza, &b, &expected);
        if let Some(old) = old {
            check(old, xbetza, &b, &expected);
        }
    }
}

#[test]
fn extended_leapers_and_riders() {
    // ":1,4: is a leaper that moves by a vector (1 4)"; the Giraffe.
    let b = board(9, 9, "e5", "");
    let giraffe = [
        (1, 4),
        (-1, 4),
        (1, -4),
        (-1, -4),
        (4, 1),
        (-4, 1),
        (4, -1),
        (-4, -1),
    ];
    check(":1,4:", "FX", &b, &b.offsets(&giraffe));
    check(":0,5:", "DX", &board(11, 11, "f6", ""), "a6 f1 f11 k6");
    // "the bishop is F0"; "W3 is a slider restricted to maximal three steps"; "W03 specifies a
    // slider which moves exact three steps".
    let b = board(8, 8, "d4", "d6=b,f4=w");
    check("F0", "B", &b, "a1 a7 b2 b6 c3 c5 e3 e5 f2 f6 g1 g7 h8");
    check("W3", "W3", &b, "a4 b4 c4 d1 d2 d3 d5 d6 e4");
    check("W03", "mafmafW", &b, "a4 d1");
    // N0: "a rider is a piece that can move an unlimited distance in one direction".
    check("N0", "NN", &board(8, 8, "a1", "e3=b"), "b3 c2 c5 d7 e3");
}

#[test]
fn the_basic_pieces_are_the_moves_the_table_gives() {
    let b = board(8, 8, "d4", "d6=b,f4=w,b2=b,f6=w");
    // "A Alfil :2,2:, B Bishop F0, E Empress RN, I Janus BN, K King WF, Q Queen RB, R Rook W0,
    // V Vizir BN".
    for (letter, definition, xbetza) in [
        ("A", ":2,2:", "A"),
        ("B", "F0", "B"),
        ("E", "W0+:1,2:", "RN"),
        ("I", "F0+:1,2:", "BN"),
        ("V", "F0+:1,2:", "BN"),
        ("K", "W+F", "K"),
        ("Q", "W0+F0", "Q"),
        ("R", "W0", "R"),
    ] {
        same_targets(letter, xbetza, &b);
        same_targets(definition, xbetza, &b);
    }
    check("K", "K", &b, "c3 c4 c5 d3 d5 e3 e4 e5");
    check("R", "R", &b, "a4 b4 c4 d1 d2 d3 d5 d6 e4");
    // 12. Pieces in Orthodox Chess, with their comments.
    for (text, xbetza) in [
        ("N|Knight|=N", "N"),
        ("B|Bishop|=F0", "B"),
        ("R|Rook|=W0", "R"),
        ("Q|Queen|=R+B", "Q"),
        ("K|King|=W+F", "K"),
    ] {
        same_targets(text, xbetza, &b);
    }
}

#[test]
fn combinations_and_modifiers_going_on_every_move_after_them() {
    let b = board(8, 8, "d4", "d5=b,e5=b,c5=w,c3=b");
    // "PQ := (P+Q)", "mPQ = m(P+Q) = mP+mQ", "This is not equivalent to mP+Q".
    check("WF", "K", &b, "c3 c4 d3 d5 e3 e4 e5");
    check("mWF", "mK", &b, "c4 d3 e3 e4");
    check("mW+F", "mWF", &b, "c3 c4 d3 e3 e4 e5");
    // "PS=mfWcfF ... Both pieces P and S have the same movement", the Pawn without double
    // step "P=mfW+cfF": one step forward to an empty square, capture forward diagonally.
    check("PS=mfWcfF", "fmWfcF", &b, "e5");
    check("P=mfW+cfF", "fmWfcF", &b, "e5");
    check("P=mfW+cfF", "fmWfcF", &board(8, 8, "d4", ""), "d5");
}

// ---------------------------------------------------------------------------------------------
// Direction modifiers: the text's tables
// ---------------------------------------------------------------------------------------------

/// The tables of two letters read together ("LF means: lf or fl").
const PAIR_TABLES: [[&str; 7]; 5] = [
    [
        "LF lf lf f rf rf RF",
        "fl LF lf f rf RF fr",
        "fl fl LF f RF fr fr",
        "l l l r r r",
        "bl bl LB b RB br br",
        "bl LB lb b rb RB br",
        "LB lb lb b rb rb RB",
    ],
    [
        "LF ff ff f ff ff RF",
        "ll LF ff f ff RF rr",
        "ll ll LF f RF rr rr",
        "l l l r r r",
        "ll ll LB b RB rr rr",
        "ll LB bb b bb RB rr",
        "LB bb bb b bb bb RB",
    ],
    [
        "f sf sf f sf sf f",
        "fs f sf f sf f fs",
        "fs fs f f f fs fs",
        "s s s s s s",
        "bs bs b b b bs bs",
        "bs b sb b sb b bs",
        "b sb sb b sb sb b",
    ],
    [
        "LV lv lv v rv rv RV",
        "vl LV lv v rv RV vr",
        "vl vl LV v RV vr vr",
        "l l l r r r",
        "vl vl LV v RV vr vr",
        "vl LV lv v rv RV vr",
        "LV lv lv v rv rv RV",
    ],
    [
        "v sv sv v sv sv v",
        "vs v sv v sv v vs",
        "vs vs v v v vs vs",
        "s s s s s s",
        "vs vs v v v vs vs",
        "vs v sv v sv v vs",
        "v sv sv v sv sv v",
    ],
];

/// The pairs a table cell stands for.
fn pairs_of(cell: &str) -> Vec<String> {
    let upper = |a: char, b: char| vec![format!("{a}{b}"), format!("{b}{a}")];
    match cell {
        "LF" => upper('l', 'f'),
        "RF" => upper('r', 'f'),
        "LB" => upper('l', 'b'),
        "RB" => upper('r', 'b'),
        "LV" => upper('l', 'v'),
        "RV" => upper('r', 'v'),
        c if c.len() == 2 => vec![c.to_string()],
        _ => Vec::new(),
    }
}

#[test]
fn letters_read_together_select_the_cells_of_the_tables() {
    let b = board(7, 7, "d4", "");
    let mut all_pairs = BTreeSet::new();
    let mut cells_of: BTreeMap<(String, String), Vec<(i32, i32)>> = BTreeMap::new();
    for table in &PAIR_TABLES {
        let rows = grid(table);
        for offset in grid_offsets(&rows, |_, _| true) {
            let cell = &rows[(3 - offset.1) as usize][(offset.0 + 3) as usize];
            for pair in pairs_of(cell) {
                all_pairs.insert(pair.clone());
                cells_of
                    .entry((pair, atom_at(offset)))
                    .or_default()
                    .push(offset);
            }
        }
    }
    assert_eq!(all_pairs.len(), 22, "{all_pairs:?}");
    let mut translated = 0;
    for pair in &all_pairs {
        for atom in ["W", "F", "D", "N", "A", "H", "C", "Z", "T"] {
            let texts = if pair.as_bytes()[0] == pair.as_bytes()[1] {
                vec![format!("{pair}{atom}"), format!("({pair}){atom}")]
            } else {
                vec![format!("({pair}){atom}")]
            };
            for text in texts {
                match cells_of.get(&(pair.clone(), atom.to_string())) {
                    Some(cells) => {
                        let want = set(&b.offsets(cells));
                        assert_eq!(targets(&translate(&text), &b), want, "{text}");
                        translated += 1;
                    }
                    // The tables name no such move: refused, at the letters.
                    None => match mbn_to_xbetza(&text) {
                        Err(e) => {
                            assert_eq!(e.column, 1, "{text}: {e}");
                            assert!(
                                matches!(e.kind, MbnErrorKind::Undefined { .. }),
                                "{text}: {e}"
                            );
                        }
                        Ok(x) => panic!("{text} read as {x}, but the tables give it no move"),
                    },
                }
            }
        }
    }
    assert!(translated > 100, "{translated}");
}

/// The tables of single letters (the sixth table's middle row is not used: as extracted it
/// reads "s s s/v s/v s s", which would make the Wazir's sideways steps vertical).
const SINGLE_TABLES: [[&str; 7]; 2] = [
    [
        "s/v v v v v v s/v",
        "s s/v v v v s/v s",
        "s s s/v v s/v s s",
        "- - - - - -",
        "s s s/v v s/v s s",
        "s s/v v v v s/v s",
        "s/v v v v v v s/v",
    ],
    [
        "l/f f f f f f r/f",
        "l l/f f f f r/f r",
        "l l l/f f r/f r r",
        "l l l r r r",
        "l l l/b b r/b r r",
        "l l/b b b b r/b r",
        "l/b b b b b b r/b",
    ],
];

#[test]
fn single_letters_select_the_cells_of_the_tables() {
    let b = board(7, 7, "d4", "");
    for (t, table) in SINGLE_TABLES.iter().enumerate() {
        let rows = grid(table);
        let letters = if t == 0 { "sv" } else { "fblr" };
        for letter in letters.chars() {
            for atom in ["W", "F", "D", "N", "A", "H", "C", "Z", "T"] {
                if t == 0 && "WDH".contains(atom) && letter == 's' {
                    continue; // their sideways cells are in the middle row
                }
                let cells = grid_offsets(&rows, |cell, offset| {
                    atom_at(offset) == atom && cell.split('/').any(|l| l == letter.to_string())
                });
                let text = format!("{letter}{atom}");
                assert!(!cells.is_empty(), "{text}");
                let want = set(&b.offsets(&cells));
                assert_eq!(targets(&translate(&text), &b), want, "{text}");
            }
        }
    }
    // "fsW is combining the modifiers and can also be expressed as fW+sW. So the expression
    // lfW is a Wazir moving left or forward."
    check("fsW", "fsW", &b, "c4 d5 e4");
    check("lfW", "flW", &b, "c4 d5");
    // Side by side on a diagonal atom, still a union: frF = fF+rF.
    check("frF", "frflbrF", &b, "c5 e3 e5");
}

#[test]
fn letters_on_the_king_and_queen_go_on_both_of_their_parts() {
    // "K King WF", "mPQ = mP+mQ": fK = fW+fF; "-Q=fQ ... Before promotion piece -Q can only
    // move forward".
    let b = board(8, 8, "d4", "");
    check("fK", "fWfF", &b, "c5 d5 e5");
    check("vK", "vWF", &b, "c3 c5 d3 d5 e3 e5");
    check("(fr)K", "frF", &b, "e5");
    check("-Q=fQ", "fRfB", &b, "a7 b6 c5 d5 d6 d7 d8 e5 f6 g7 h8");
    // "R<l>=lR": a Rook moving left.
    check("R<l>=lR", "lR", &b, "a4 b4 c4");
    // "B|Blue Whale|=vW+fF".
    check("B|Blue Whale|=vW+fF", "vWfF", &b, "c5 d3 d5 e5");
    // "+Q=QN", "#Q=Q" (the moves of promoted pieces), "G=K+F02" (exactly two diagonal
    // steps, the first onto an empty square).
    same_targets("+Q=QN", "QN", &b);
    same_targets("#Q=Q", "Q", &b);
    let b = board(8, 8, "d4", "e5=w,c5=b");
    check("G=K+F02", "KmafF", &b, "b2 c3 c4 c5 d3 d5 e3 e4 f2");
}

// ---------------------------------------------------------------------------------------------
// The modifier examples
// ---------------------------------------------------------------------------------------------

#[test]
fn the_modifier_examples() {
    // "mfW: Move one step forward, but do not capture".
    check("mfW", "fmW", &board(8, 8, "d4", ""), "d5");
    check("mfW", "fmW", &board(8, 8, "d4", "d5=b"), "");
    // "W-fF This is the Horse in Xiangqi, it's a non-jumping knight".
    let b = board(9, 10, "e5", "e6=w");
    check("W-fF", "mafsW", &b, "c4 c6 d3 f3 g4 g6");
    // "imefW02: Move 2 steps forward, but only if this piece did not yet move ... and allow the
    // opponent to capture en passant".
    let mut b = board(8, 8, "e2", "");
    b.virgin = true;
    check("imefW02", "ifmnD", &b, "e4");
    let double = translate("imefW02");
    let step = moves(&double, &b);
    assert_eq!(step.len(), 1);
    assert_eq!(b.names(step[0].ep_rights.iter().copied()), set("e3"));
    check("imefW02", "ifmnD", &board(8, 8, "e2", ""), "");
    let mut blocked = board(8, 8, "e2", "e3=b");
    blocked.virgin = true;
    check("imefW02", "ifmnD", &blocked, "");
    // "cefF: Move one step diagonal and capture, this also allows en passant capture".
    let mut b = board(8, 8, "e5", "d6=b,f5=b");
    b.ep = Some(("f6", "f5"));
    check("cefF", "fceF", &b, "d6 f6");
    assert_eq!(
        landing_with_victims(&translate("cefF"), &b, "f5"),
        set("f6")
    );
    // "ffN Move one square forward followed by one square diagonally forward ... jumping
    // over any intervening piece".
    check("ffN", "ffN", &board(8, 8, "d4", "d5=w"), "c6 e6");
    // "nCZ Moves like a Camel or a Zebra, but as a slider ... if all the three paths are
    // blocked, this piece cannot move to that destination."
    let b = board(8, 8, "d1", "");
    let camel_zebra = [
        (1, 3),
        (-1, 3),
        (3, 1),
        (-3, 1),
        (2, 3),
        (-2, 3),
        (3, 2),
        (-3, 2),
    ];
    let all = b.offsets(&camel_zebra);
    same_set("nCZ", &b, &set(&all));
    // To e4 (1,3) the three paths pass e2 e3, d2 e3, d2 d3.
    for (blockers, reaches) in [
        ("e3=w,d3=w", false),
        ("e3=w,d2=w", false),
        ("e2=w,d3=w", true),
        ("e2=w,e3=w", true),
    ] {
        let b = board(8, 8, "d1", blockers);
        assert_eq!(
            targets(&translate("nCZ"), &b).contains("e4"),
            reaches,
            "nCZ to e4 with {blockers}"
        );
    }
}

#[test]
fn chains_and_sequences() {
    // "A Checker can be described as fcF-mF"; "fmF+(fcF-mF)".
    let b = board(8, 8, "d4", "e5=b,c5=w");
    check("fmF+(fcF-mF)", "fmFfcafmF", &b, "f6");
    assert_eq!(
        landing_with_victims(&translate("fmF+(fcF-mF)"), &b, "e5"),
        set("f6")
    );
    check("fmF+(fcF-mF)", "fmFfcafmF", &board(8, 8, "d4", ""), "c5 e5");
    // "fF+fcF-mF is equal to (fF+fcF)-(mF)": a forward diagonal step onto an empty square or
    // a capture, and on one more step to an empty square.
    check("fF+fcF-mF", "fmafmFfcafmF", &b, "f6");
    check("fF+fcF-mF", "fmafmFfcafmF", &board(8, 8, "d4", ""), "b6 f6");
    // "W+(W-fW)+(W-fW-fW) ... the f means 'continuing forward'".
    let b = board(8, 8, "d4", "d6=b,f4=w");
    check("W+(W-fW)+(W-fW-fW)", "W3", &b, "a4 b4 c4 d1 d2 d3 d5 d6 e4");
    // "the Double Knight (which makes a non-capturing knight move, followed by another knight
    // move) would be represented as N--N".
    let b = board(8, 8, "d4", "f5=w,e6=b");
    let knight: Vec<(i32, i32)> = vec![
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let double = step_chain(&b, &[&knight, &knight], false, false);
    assert!(
        double.contains("d4"),
        "back to the start through an empty square"
    );
    assert!(
        !double.contains("g7"),
        "not through the foe on e6 (f8 via e6)"
    );
    check("N--N", "maNmabN", &b, &join(&double));
    // "K--fK The first leg moves one square in any direction, but the second leg moves only
    // forward" (forward is fK = fW+fF).
    let b = board(8, 8, "d4", "d5=w,e5=b");
    let forward = [(-1, 1), (0, 1), (1, 1)];
    let expected = step_chain(&b, &[&KING, &forward], false, false);
    assert_eq!(expected, set("b4 b5 b6 c4 c5 c6 d4 d6 e4 e5 f4 f5"));
    same_set("K--fK", &b, &expected);
    // "[K]--[K]--K is defining a piece which can step in any direction up to three times per
    // turn ... However it must stop when it captures ... (dK)3".
    let b = board(8, 8, "d4", "d5=b,e5=w,c3=b");
    let expected = step_chain(&b, &[&KING, &KING, &KING], false, true);
    assert!(expected.contains("d5") && !expected.contains("e5"));
    same_set("[K]--[K]--K", &b, &expected);
    same_set("(dK)3", &b, &expected);
    // "gfF3-[B] ... moves forward ... up to three squares, and this move is unblockable (jumps
    // over any piece), and then it has the option to move like a bishop": a two- or
    // three-square diagonal leap followed by a slide is no XBetza move.
    let e = mbn_to_xbetza("gfF3-[B]").unwrap_err();
    assert_eq!(e.column, 7, "{e}");
    assert!(matches!(e.kind, MbnErrorKind::Inexpressible { .. }), "{e}");
}

fn join(squares: &BTreeSet<String>) -> String {
    squares.iter().cloned().collect::<Vec<_>>().join(" ")
}

/// The MBN text reaches exactly `expected`.
fn same_set(mbn: &str, b: &Board, expected: &BTreeSet<String>) {
    assert_eq!(
        &targets(&translate(mbn), b),
        expected,
        "{mbn} from {}",
        b.from
    );
}

#[test]
fn complex_riders() {
    // "The Rampager moves up to three squares orthogonally, and may capture up to three
    // pieces. :Ra:=(aW)3".
    let b = board(8, 8, "d1", "d2=b,d3=b,d5=b,e1=w");
    check(":Ra:=(aW)3", "WmcafWmcafmcafW", &b, "a1 b1 c1 d2 d3 d4");
    assert_eq!(
        // Taking d2 and d3: ending on d3, or going on to d4.
        landing_with_victims(&translate(":Ra:=(aW)3"), &b, "d2 d3"),
        set("d3 d4")
    );
    // A plain W3 captures only at its destination.
    check("W3", "W3", &b, "a1 b1 c1 d2");
    // "(pD)3 is limited to maximal 3 jumps", "(pmD)03 specifies a rider which jumps exact three
    // times. This rider is not capturing pieces, but it would capture up to 3 pieces if
    // defined with the a modifier: (paD)03".
    let b = board(8, 8, "a1", "a2=w,a4=b,a6=b,b1=w,c1=b");
    check("(pD)3", "jDmjafjDmjafmjafjD", &b, "a3 a5 a7 c1");
    check("(pmD)03", "mjafmjafmjD", &b, "a7");
    // Taking a3 on the way, landing on the empty a5, and on to a7.
    let b = board(8, 8, "a1", "a2=w,a3=b,a4=b,a6=w");
    check("(paD)03", "mcjafmcjafmcjD", &b, "a7");
    assert_eq!(
        landing_with_victims(&translate("(paD)03"), &b, "a3"),
        set("a7")
    );
    // Nothing on a6 to jump: no third leap.
    let b = board(8, 8, "a1", "a2=w,a3=b,a4=b,a5=b,a7=b");
    check("(paD)03", "mcjafmcjafmcjD", &b, "");
    // Unlimited complex riders that go straight on: (W)0 is W0.
    same_targets("(fW)0", "fR", &board(8, 8, "d4", "d7=b"));
}

#[test]
fn the_lion_the_short_rook_and_the_flying_gold_cannon() {
    // "S=W4: The Short Rook moves up to four squares in orthogonal direction."
    check(
        "S=W4",
        "W4",
        &board(8, 8, "a1", "a4=b"),
        "a2 a3 a4 b1 c1 d1 e1",
    );
    // The Lion: "jumping anywhere that it could step to ... within a distance of two squares:
    // ADN", "a step in any direction up to twice per turn. It can continue after a capture
    // on the first step ... By returning to its starting square with the second step, it can
    // effectively capture a piece on an adjacent square without moving ... passing a turn".
    let lion = "L=ADN(aK--[K])";
    let b = board(8, 8, "d4", "e5=b,c3=w");
    let mut expected = step_chain(&b, &[&KING, &KING], true, true);
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            if dx.abs() == 2 || dy.abs() == 2 {
                expected.extend(set(&b.offsets(&[(dx, dy)])));
            }
        }
    }
    assert!(expected.contains("d4"), "the pass or the igui");
    assert!(!expected.contains("c3"), "a friend");
    same_set(lion, &b, &expected);
    same_targets(lion, "ADNKmcaKmcabK", &b);
    assert!(landing_with_victims(&translate(lion), &b, "e5").contains("d4"));
    // With friends all around, it cannot pass.
    let b = board(3, 3, "b2", "a1=w,a2=w,a3=w,b1=w,b3=w,c1=w,c2=w,c3=w");
    same_set(lion, &b, &BTreeSet::new());
    // ":GC+:=mR+pRD+F: move any number of squares along any of the four orthogonal directions
    // without capturing (mR), jump one piece while moving on any row or column (pR), and move
    // one (F) or two squares ... jumping the adjacent square to reach the second (pD)". The
    // text's words say "diagonally" for the two-square jump, but D is the orthogonal (0,2)
    // leap; the notation is what is read.
    let b = board(8, 8, "d4", "d6=b,d7=b,b4=w,f4=b");
    check(
        ":GC+:=mR+pRD+F",
        "mRpRjDF",
        &b,
        "a4 c3 c4 c5 d1 d2 d3 d5 d7 e3 e4 e5 g4 h4",
    );
}

// ---------------------------------------------------------------------------------------------
// What is refused
// ---------------------------------------------------------------------------------------------

/// A refused construct: the column, what is named, and whether XBetza is the limit (rather
/// than the text).
fn refusal(text: &str) -> (usize, String, bool) {
    let e = mbn_to_xbetza(text).expect_err(text);
    let shown = e.to_string();
    assert!(shown.contains(&format!("column {}", e.column)), "{shown}");
    match e.kind {
        MbnErrorKind::Undefined { construct, .. } => {
            assert!(shown.contains(&format!("'{construct}'")), "{shown}");
            (e.column, construct, false)
        }
        MbnErrorKind::Inexpressible { construct, .. } => {
            assert!(shown.contains(&format!("'{construct}'")), "{shown}");
            (e.column, construct, true)
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn what_the_text_marks_wrong_or_leaves_open_is_refused() {
    for (text, column, construct) in [
        // "in some sources here the definition R4 is used. In MBN this notation is wrong".
        ("R4", 2, "R4"),
        // "M Marshall WF" beside "Empress is an alternative name for Marshall" (E = RN).
        ("M", 1, "M"),
        // "U Universal Leaper g(WF)0" and "a complex rider ... may reach the start square".
        ("U", 1, "U"),
        // "Y Boyscout F-[(zF)0]": z reflects "if last move was a sidewards move, or ... a
        // vertical move"; a diagonal step is both.
        ("Y", 1, "Y"),
        ("B=F-[(zF)0]", 7, "z"),
        // "q (still unused)".
        ("qN", 1, "q"),
        // "when doubled (tt) then it means: the piece don't makes a turn".
        ("W-ttW", 3, "tt"),
        // "Declaring a modifier as optional is only allowed if this is explicitly specified":
        // ?, which comes with piece sets.
        ("B=pp?{QRNP}B", 5, "?"),
        // The tables give no (fs) diagonal move.
        ("(fs)F", 1, "(fs)"),
        // f on K after '-': straight on (the Monkey, dcK-mK) or fW+fF?
        ("W-fK", 3, "f"),
        // Identifiers that are no moves: promotion and drop rules, macros, Black's moves,
        // castling.
        ("+P==QRBN", 1, "+P"),
        ("+P=={QRBN}", 1, "+P"),
        ("*KLWNCP==X", 1, "*KLWNCP"),
        ("$K==@k@K@w@S", 1, "$K"),
        ("@:NR:=N0", 1, "@:NR:"),
        ("@X|Explosion|=(!dcy{^P}OK)**", 1, "@X"),
        ("O-O=[*]isR[g]=isR[f]", 1, "O-O"),
        ("O-O-O=[*]ilR=ip{k}rD", 1, "O-O-O"),
        ("q=mfW", 1, "q"),
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
        // Board ranges: "G=W[d-f1-3]", the Crocodile, the Dolphin, the Janggi cannon, the
        // pawn's "[1-2]mefW02", the suffixed rooks.
        ("G=W[d-f1-3]", 4, "[d-f1-3]"),
        ("C=K+fR[1-4]+bR[4]", 7, "[1-4]"),
        ("D=[1-5]fW+[6]bB", 3, "[1-5]"),
        ("[d-f1-3]pB[d-f1-3]+[d-f8-10]pB[d-f8-10]", 1, "[d-f1-3]"),
        ("P|Pawn|=mfW+cefF+[1-2]mefW02", 18, "[1-2]"),
        ("R<s>=[1-2](rW+(lR--[[a1]fR]))", 6, "[1-2]"),
        ("K[1-5]+!cj{K}Q", 2, "[1-5]"),
        ("o[b,g]B", 2, "[b,g]"),
        ("B0[a,h,1,8]", 3, "[a,h,1,8]"),
        // The basic Pawn and Berolina Pawn use a board range.
        ("P", 1, "P"),
        ("S", 1, "S"),
        // Piece sets.
        ("c{L}RB", 2, "{L}"),
        ("C=a{^C}p{^C}R+[d-f1-3]a{^C}p{^C}B[d-f1-3]", 4, "{^C}"),
        ("ac{^C}p{^C}R", 3, "{^C}"),
        ("ce{PS}fF", 3, "{PS}"),
        ("K=K+{C}W2F2", 5, "{C}"),
        ("Q=mQ+c{QRBNP}Q", 7, "{QRBNP}"),
        ("F={jy{X}F}0-F", 3, "{jy{X}F}"),
        // Other modifiers.
        ("wK", 1, "w"),
        ("WF+iiN", 4, "ii"),
        ("!c{R}R", 1, "!"),
        ("kK", 1, "k"),
        ("jR-W", 1, "j"),
        ("hR", 1, "h"),
        ("xK", 1, "x"),
        ("uQ", 1, "u"),
        // Compulsory legs and the circular riders built from them.
        (":CK:=K-{((fr)K)0*}", 8, "{((fr)K)0*}"),
        ("Q=mQ-{!cK}", 6, "{!cK}"),
        ("mQ-{cK-tK}", 4, "{cK-tK}"),
        (":Ro:=(N)(rf)8", 9, "(rf)"),
        // Maximal, edge and null moves.
        ("B0*", 2, "0*"),
        ("B--(dcK)0*", 9, "0*"),
        ("B*", 2, "*"),
        ("W*", 2, "*"),
        ("W00", 2, "00"),
        ("O", 1, "O"),
        (":0,0:", 1, ":0,0:"),
        // The Monkey's multi-capture: its repetitions turn, so it has no bound.
        ("(dcK-mK)0", 9, "0"),
        // The setup and decision operators, conditions, board transitions.
        ("Q=cQ--(!dcyOK)0*", 8, "!"),
        ("C=(dWF)03+#c{C}C", 11, "#"),
        ("H=(/Ta1/W)+(/Ta2/D)", 4, "/Ta1/"),
        ("H=/T/W", 3, "/T/"),
        ("R=R+<3o>R+<3d>B", 5, "<3o>"),
        ("C<2>=K+<1,3>O", 1, "C<2>"),
        ("'P=mfW+cfF", 1, "'P"),
        // The explosion, and a letter standing for it.
        ("Q=mQ+(cQ--X)", 11, "X"),
    ] {
        assert_eq!(
            refusal(text),
            (column, construct.to_string(), true),
            "{text}"
        );
    }
}

#[test]
fn the_hexagonal_pieces_on_their_surrogate_board() {
    // "In hexagonal chess variants the board will be mapped to a rectangular board": their
    // definitions are moves on that board. The horizontal Knight vC+s:1,5:+s:2,4:, Bishop
    // sC0+vD0, Rook F0+sD0 and King D+F+sC.
    let b = board(16, 16, "h8", "");
    same_targets("vC+s:1,5:+s:2,4:", "vCsNXsDY", &b);
    same_targets("sC0+vD0", "sCCvDD", &b);
    same_targets("F0+sD0", "BsDD", &b);
    same_targets("D+F+sC", "DFsC", &b);
    check(
        "D+F+sC",
        "DFsC",
        &board(8, 8, "d4", ""),
        "a3 a5 b4 c3 c5 d2 d6 e3 e5 f4 g3 g5",
    );
    // The vertical Pawn's double step mefD02 would give e.p. rights on the square a D leap
    // jumps over.
    assert_eq!(
        refusal("mfD+imefD02+cefF"),
        (7, "eD".to_string(), true),
        "e.p. rights of a leap"
    );
}

#[test]
fn variant_files_take_pieces_in_mbn() {
    let text = "[mbnlion:chess]\ncustomPiece1 = l:mbn:L=ADN(aK--[K])\nknight = n:mbn:W-fF\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w Qkq - 0 1\n\
                [xblion:chess]\ncustomPiece1 = l:ADNKmcaKmcabK\nknight = n:mafsW\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNL w Qkq - 0 1\n";
    let catalog = catalog_with(text, "mbn.ini");
    let lion = rules(&catalog, "mbnlion");
    let knight = lion.piece_by_symbol("N").expect("a knight");
    assert_eq!(lion.piece(knight).betza, "mafsW");
    let fen = "rnbqkbnr/pppppppp/8/8/3N1L2/8/PPPPPPPP/RNBQKB2 w Qkq - 0 1";
    let mut a = read(&catalog, "mbnlion", fen);
    let mut b = read(&catalog, "xblion", fen);
    let (mut a, mut b) = (legal_texts(&mut a), legal_texts(&mut b));
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(a.contains(&"d4c6".to_string()), "{a:?}");
    assert!(a.contains(&"f4f6".to_string()), "{a:?}");
}

/// The squares, for `color` on a board `w` x `h`, of the range that ends every move of `mbn`.
fn mobility(mbn: &str, color: Color, w: u8, h: u8) -> BTreeSet<String> {
    let piece = notation::mbn_piece(mbn).unwrap_or_else(|e| panic!("{e}"));
    let range = piece.mobility.unwrap_or_else(|| panic!("{mbn}: no range"));
    let g = notation::Geometry::new(w, h).unwrap();
    range
        .squares(&g, color)
        .iter()
        .map(|sq| g.name(sq))
        .collect()
}

#[test]
fn the_texts_board_ranges_name_their_squares() {
    // "Examples of compound square designators", each after a Wazir's move.
    let all = |files: &str, ranks: std::ops::RangeInclusive<u8>| -> Vec<String> {
        files
            .chars()
            .flat_map(|f| ranks.clone().map(move |r| format!("{f}{r}")))
            .collect()
    };
    let edge: Vec<String> = all("abcdefgh", 1..=8)
        .into_iter()
        .filter(|s| s.starts_with(['a', 'h']) || s.ends_with(['1', '8']))
        .collect();
    let inner: Vec<String> = all("bcdefg", 2..=7);
    for (range, expected) in [
        ("[a-c1]", all("abc", 1..=1)),
        ("[b3-5]", all("b", 3..=5)),
        ("[f-h6-8]", all("fgh", 6..=8)),
        ("[a1,c4]", vec!["a1".into(), "c4".into()]),
        (
            "[a-h1-2,a8,h8]",
            [all("abcdefgh", 1..=2), all("ah", 8..=8)].concat(),
        ),
        ("[1-4]", all("abcdefgh", 1..=4)),
        (
            "[1,8]",
            [all("abcdefgh", 1..=1), all("abcdefgh", 8..=8)].concat(),
        ),
        ("[#]", edge.clone()),
        ("[.]", inner.clone()),
        ("[^#]", inner),
        ("[a,h,1,8]", edge),
        ("[]", Vec::new()),
    ] {
        let expected: BTreeSet<String> = expected.into_iter().collect();
        assert_eq!(
            mobility(&format!("W{range}"), Color::White, 8, 8),
            expected,
            "{range}"
        );
    }
}

#[test]
fn board_ranges_become_regions() {
    // "The General in Xiangqi can move like a Wazir, but he cannot leave the palace:
    // G=W[d-f1-3]"; ranks count from the mover's side, so Black's palace is ranks 8-10.
    let piece = notation::mbn_piece("G=W[d-f1-3]").unwrap();
    assert_eq!(piece.xbetza, "W");
    assert!(piece.initial.is_none());
    let palace = |ranks: &[u8]| -> BTreeSet<String> {
        "def"
            .chars()
            .flat_map(|f| ranks.iter().map(move |r| format!("{f}{r}")))
            .collect()
    };
    assert_eq!(
        mobility("G=W[d-f1-3]", Color::White, 9, 10),
        palace(&[1, 2, 3])
    );
    assert_eq!(
        mobility("G=W[d-f1-3]", Color::Black, 9, 10),
        palace(&[8, 9, 10])
    );
    // The pawn: "[1-2]mefW02 instead of imefW02": the moves after the range are initial
    // moves, made from the first two ranks.
    let pawn = notation::mbn_piece("P|Pawn|=mfW+cefF+[1-2]mefW02").unwrap();
    assert_eq!(pawn.xbetza, mbn_to_xbetza("mfW+cefF+imefW02").unwrap());
    assert!(pawn.mobility.is_none());
    let g = notation::Geometry::new(8, 8).unwrap();
    let ranks = |color| -> BTreeSet<i32> {
        let set = pawn.initial.as_ref().unwrap().squares(&g, color);
        set.iter().map(|sq| g.rank(sq) + 1).collect()
    };
    assert_eq!(ranks(Color::White), BTreeSet::from([1, 2]));
    assert_eq!(ranks(Color::Black), BTreeSet::from([7, 8]));
    let berolina = notation::mbn_piece("mfsF+cefW+[1-2]mefF02").unwrap();
    assert_eq!(berolina.xbetza, mbn_to_xbetza("mfsF+cefW+imefF02").unwrap());
}

#[test]
fn ranges_no_region_can_give_are_refused() {
    for (text, column, construct) in [
        // The Crocodile: the King's moves have no range, the Rook's have.
        ("C=K+fR[1-4]+bR[4]", 7, "[1-4]"),
        // The Dolphin: two different origin ranges.
        ("D=[1-5]fW+[6]bB", 11, "[6]"),
        // The Janggi cannon: the palaces as two origin ranges.
        ("[d-f1-3]pB[d-f1-3]+[d-f8-10]pB[d-f8-10]", 20, "[d-f8-10]"),
        // A range inside a group, on a leg a chain goes on from, beside an initial move.
        ("R<s>=[1-2](rW+(lR--[[a1]fR]))", 21, "[a1]"),
        ("(W[1-2])3", 3, "[1-2]"),
        ("W[1-2]-F", 2, "[1-2]"),
        ("[1-2]fW2+iF", 10, "i"),
        // Ranges that change during the game, iterators, 3D levels.
        ("[+]W", 2, "[+]"),
        ("[a2(+-2,+-2)]W", 4, "[a2(+-2,+-2)]"),
        ("[1A]W", 3, "[1A]"),
    ] {
        let e = notation::mbn_piece(text).expect_err(text);
        match &e.kind {
            MbnErrorKind::NoVariantKey { construct: c, .. } => {
                assert_eq!((e.column, c.as_str()), (column, construct), "{text}: {e}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // Where MBN's grammar puts no range: between modifiers and their move.
    let e = notation::mbn_piece("o[b,g]B").unwrap_err();
    assert!(
        matches!(e.kind, MbnErrorKind::Undefined { .. }) && e.column == 2,
        "{e}"
    );
}

#[test]
fn promotion_rules_are_read() {
    let rules = notation::mbn_promotions("+P==QRBN").unwrap();
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].choices, Some(vec!['Q', 'R', 'B', 'N']));
    // "+P=={QRBN} ... In orthodox chess this is equivalent to the default promotion rule".
    assert_eq!(notation::mbn_promotions("+P=={QRBN}").unwrap(), rules);
    assert_eq!(notation::mbn_promotions("+P").unwrap()[0].choices, None);
    // "+P==Q +p==I": Black's own rule.
    let both = notation::mbn_promotions("+P==Q +p==I").unwrap();
    assert_eq!((both[0].black, both[1].black), (false, true));
    // "+Q==q": the queen changes colour; "$K==@k@K@w@S": drops; "*KLWNCP==X": a prefix whose
    // rules live in FBR.
    for (text, column) in [("+Q==q", 5), ("$K==@k@K@w@S", 1), ("*KLWNCP==X", 1)] {
        let e = notation::mbn_promotions(text).expect_err(text);
        assert!(matches!(e.kind, MbnErrorKind::NoVariantKey { .. }), "{e}");
        assert_eq!(e.column, column, "{text}: {e}");
    }
}
