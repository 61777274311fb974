//! The engine's move generator against the reference XBetza cases and the seed cases: the
//! piece of each case, made a variant's piece and set on its board, must reach the case's
//! targets through `Position::generate_pseudo_legal` (the generator perft and the search use),
//! not only through the path walker `kraken betza` draws its diagrams with.

use std::collections::BTreeSet;

use kraken_tests::xbetza_case::Case;
use movegen::{MoveKind, MoveList, Position};
use notation::{Color, Geometry};
use variants::Catalog;

/// The variant of `case`: its board size, its piece as `m`, every other piece a King-moving
/// `o` (as the path walker moves them; the piece read as XBetza, not as Fairy-Stockfish reads a
/// variant file), no royal piece, no castling and no promotion; its
/// start position is the case's board (`fen`).
fn variant(case: &Case, fen: &str) -> String {
    format!(
        "[probe:chess]\nmaxFile = {}\nmaxRank = {}\npawn = -\nknight = -\nbishop = -\n\
         rook = -\nqueen = -\nking = -\ncastling = false\ncustomPiece1 = m:xbetza:{}\n\
         customPiece2 = o:K\nextinctionValue = loss\nextinctionPieceTypes = *\n\
         startFen = {fen}\n",
        case.width, case.height, case.betza
    )
}

/// The FEN of `case`'s board with the mover to move.
fn fen(case: &Case, geometry: &Geometry) -> String {
    let from = geometry.parse_square(&case.from).expect("case square");
    let mut ranks = Vec::new();
    for rank in (0..case.height).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..case.width {
            let sq = geometry
                .square(i32::from(file), i32::from(rank))
                .expect("on the board");
            let name = geometry.name(sq);
            let piece = if sq == from {
                Some(if case.mover_color() == Color::White {
                    'M'
                } else {
                    'm'
                })
            } else {
                case.board
                    .iter()
                    .find(|(s, _)| *s == name)
                    .map(|(_, c)| if c == "w" { 'O' } else { 'o' })
            };
            match piece {
                Some(letter) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let side = if case.mover_color() == Color::White {
        "w"
    } else {
        "b"
    };
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// Whether the case needs more than a board and a piece: first-move rights, royal or e.p.
/// squares, an imitated move, pieces with moves of their own or moves they are induced to
/// make, castling, or initial moves (in the engine every piece of a start position has not
/// moved yet, which a case without first-move rights does not say).
fn needs_more_than_a_board(case: &Case) -> bool {
    !case.virgin.is_empty()
        || !case.royal.is_empty()
        || case.ep.is_some()
        || case.imitate.is_some()
        || !case.piece_moves.is_empty()
        || case.induced.is_some()
        || case.betza.contains(['i', 'O', 'I', 'x'])
}

#[test]
fn the_engine_generator_reaches_every_case_target() {
    let mut cases = Case::read_all(include_str!("../data/xbetza/cases.jsonl"));
    cases.extend(Case::read_all(include_str!(
        "../data/xbetza/seed_cases.jsonl"
    )));
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases.iter().filter(|c| !needs_more_than_a_board(c)) {
        let geometry = Geometry::new(case.width, case.height).expect("case board size");
        let text = fen(case, &geometry);
        let mut catalog = Catalog::builtin();
        if let Err(errors) = catalog.add_text(&variant(case, &text), "probe.ini") {
            failures.push(format!(
                "{} ({}): variant refused: {errors:?}",
                case.id, case.betza
            ));
            continue;
        }
        let rules = match catalog.rules("probe") {
            Ok(rules) => rules,
            Err(errors) => {
                failures.push(format!("{} ({}): rules: {errors:?}", case.id, case.betza));
                continue;
            }
        };
        let pos = match Position::from_fen(rules, &text) {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{} ({}): {text}: {e}", case.id, case.betza));
                continue;
            }
        };
        let from = geometry.parse_square(&case.from).expect("case square");
        let mut moves = MoveList::new();
        pos.generate_pseudo_legal(&mut moves);
        let targets: BTreeSet<String> = moves
            .iter()
            .filter(|m| m.kind == MoveKind::Normal && m.from == from)
            .map(|m| geometry.name(m.to))
            .collect();
        if targets != case.targets {
            let missing: Vec<_> = case.targets.difference(&targets).collect();
            let extra: Vec<_> = targets.difference(&case.targets).collect();
            failures.push(format!(
                "{} ({}): missing {missing:?}, extra {extra:?}",
                case.id, case.betza
            ));
        }
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 100, "only {checked} cases checked");
}
