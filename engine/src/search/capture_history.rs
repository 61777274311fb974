//! Capture history: how well a capture (or promotion) did, by the capturing piece (colour and
//! type), its destination and the type it takes, so that among captures of equal victims the
//! ones that cut off before come first.

use movegen::{Move, Position};

use super::ordering::HISTORY_MAX;

/// Success of captures and promotions by (colour, piece type, destination, captured type).
#[derive(Debug)]
pub(crate) struct CaptureHistory {
    types: usize,
    squares: usize,
    table: Vec<i16>,
}

impl CaptureHistory {
    /// An empty history for `types` piece types on `squares` squares.
    pub(crate) fn new(types: usize, squares: usize) -> CaptureHistory {
        // One more captured "type" for moves that take nothing on their square (a promotion,
        // a capture elsewhere such as e.p.).
        CaptureHistory {
            types,
            squares,
            table: vec![0; 2 * types * squares * (types + 1)],
        }
    }

    /// The entry of `mv` in `pos` (before it is made).
    #[inline]
    fn index(&self, pos: &Position, mv: &Move) -> usize {
        let us = pos.side_to_move().index();
        let captured = pos
            .piece_at(mv.to)
            .filter(|p| p.color != pos.side_to_move())
            .map_or(self.types, |p| p.id as usize);
        ((us * self.types + mv.piece as usize) * self.squares + mv.to.index()) * (self.types + 1)
            + captured
    }

    /// The score of the capture or promotion `mv` in `pos`.
    #[inline]
    pub(crate) fn get(&self, pos: &Position, mv: &Move) -> i32 {
        i32::from(self.table[self.index(pos, mv)])
    }

    /// Moves the score of `mv` in `pos` toward `bonus` (positive: it cut off), keeping it
    /// bounded.
    #[inline]
    pub(crate) fn update(&mut self, pos: &Position, mv: &Move, bonus: i32) {
        let i = self.index(pos, mv);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = i32::from(self.table[i]);
        self.table[i] = (entry + bonus - entry * bonus.abs() / HISTORY_MAX) as i16;
    }
}

#[cfg(test)]
mod tests {
    use variants::Catalog;

    use super::*;

    #[test]
    fn scores_by_captured_type_and_stays_bounded() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        // The queen on b1 can take a rook (b7) or a pawn (b2 is empty: a2 holds one).
        let mut pos =
            Position::from_fen(rules.clone(), "4k3/1r6/8/8/8/8/p7/1Q2K3 w - - 0 1").expect("fen");
        let moves = pos.legal_moves();
        let find = |to: &str| {
            *moves
                .iter()
                .find(|m| pos.move_text(m, movegen::MoveFormat::default()) == to)
                .expect("move")
        };
        let (takes_rook, takes_pawn) = (find("b1b7"), find("b1a2"));
        let mut history = CaptureHistory::new(rules.pieces.len(), rules.geometry.num_squares());
        for _ in 0..1000 {
            history.update(&pos, &takes_rook, 5000);
        }
        history.update(&pos, &takes_pawn, -300);
        assert!(history.get(&pos, &takes_rook) <= HISTORY_MAX);
        assert!(history.get(&pos, &takes_rook) > HISTORY_MAX / 2);
        assert!(history.get(&pos, &takes_pawn) < 0);
    }
}
