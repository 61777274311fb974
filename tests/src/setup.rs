//! Small helpers the integration tests share: catalogs with test variants, rules, positions.

use std::sync::Arc;

use movegen::{EndReason, GameOver, MoveFormat, Outcome, Position, Rules};
use notation::Square;
use variants::Catalog;

use crate::perft_case::PerftCase;

/// The perft catalog (built-ins and the `betza*` variants) plus the variants of `text`.
pub fn catalog_with(text: &str, source: &str) -> Catalog {
    let mut catalog = PerftCase::catalog();
    catalog.add_text(text, source).expect("test variants parse");
    catalog
}

/// The rules of `variant`, or a panic naming it.
pub fn rules(catalog: &Catalog, variant: &str) -> Arc<Rules> {
    catalog
        .rules(variant)
        .unwrap_or_else(|e| panic!("{variant}: {e:?}"))
}

/// The position `fen` of `variant`, or a panic naming both.
pub fn read(catalog: &Catalog, variant: &str, fen: &str) -> Position {
    Position::from_fen(rules(catalog, variant), fen)
        .unwrap_or_else(|e| panic!("{variant}: {fen}: {e}"))
}

/// The square called `name` on the position's board.
pub fn square(pos: &Position, name: &str) -> Square {
    pos.geometry().parse_square(name).expect("a square")
}

/// Plays `moves` (coordinate text, space-separated) on `pos`, or panics naming the move.
pub fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = pos
            .parse_move(text, MoveFormat::default())
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        pos.make(mv);
    }
}

/// The game end `outcome` by `reason`, as the end checks report it.
pub fn over(outcome: Outcome, reason: EndReason) -> Option<GameOver> {
    Some(GameOver { outcome, reason })
}

/// The legal moves of `pos` as coordinate text (XBoard's, the default format).
pub fn legal_texts(pos: &mut Position) -> Vec<String> {
    let list = pos.legal_moves();
    list.iter()
        .map(|mv| pos.move_text(mv, MoveFormat::default()))
        .collect()
}
