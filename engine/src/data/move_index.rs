//! A move as three bytes that name it among the legal moves of its position.

use movegen::{Move, MoveFormat, Position};

/// A legal move named by its squares and, among the legal moves with the same squares (the
/// promotions of one pawn, the drops on one square), its rank by move text. The name does
/// not depend on the order in which moves are generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveIndex {
    /// The square the piece leaves (the drop square of a drop).
    pub from: u8,
    /// The square the piece ends on.
    pub to: u8,
    /// The rank of the move's text among the legal moves with the same squares.
    pub rank: u8,
}

impl MoveIndex {
    /// The name of `mv`, one of `legal`, the legal moves of `pos`; `None` when `mv` is not
    /// among them or shares its squares with more than 256 of them.
    pub fn of(pos: &Position, legal: &[Move], mv: &Move) -> Option<MoveIndex> {
        let same = same_squares(legal, mv.from.0, mv.to.0);
        let rank = match same.as_slice() {
            [only] if *only == *mv => 0,
            _ => {
                let text = pos.move_text(mv, MoveFormat::default());
                let texts = sorted_texts(pos, &same);
                texts.iter().position(|t| *t == text)?
            }
        };
        Some(MoveIndex {
            from: mv.from.0,
            to: mv.to.0,
            rank: u8::try_from(rank).ok()?,
        })
    }

    /// The move this names among `legal`, the legal moves of `pos`.
    pub fn find(self, pos: &Position, legal: &[Move]) -> Option<Move> {
        let same = same_squares(legal, self.from, self.to);
        match same.as_slice() {
            [] => None,
            [only] => (self.rank == 0).then_some(*only),
            _ => {
                let text = sorted_texts(pos, &same)
                    .into_iter()
                    .nth(self.rank as usize)?;
                same.into_iter()
                    .find(|m| pos.move_text(m, MoveFormat::default()) == text)
            }
        }
    }
}

/// The moves of `legal` from `from` to `to`.
fn same_squares(legal: &[Move], from: u8, to: u8) -> Vec<Move> {
    legal
        .iter()
        .filter(|m| m.from.0 == from && m.to.0 == to)
        .copied()
        .collect()
}

/// The texts of `moves` in `pos`, sorted.
fn sorted_texts(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves
        .iter()
        .map(|m| pos.move_text(m, MoveFormat::default()))
        .collect();
    texts.sort();
    texts
}
