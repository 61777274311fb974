//! The null move: the side to move passes (for null-move pruning in a search).

use notation::{Color, SquareSet};

use crate::position::Position;

impl Position {
    /// Passes the move to the other side: e.p. rights lapse, the key changes side, and the
    /// move-rule count restarts so that repetition checks do not look back past the pass.
    /// Undo it with [`unmake_null`](Position::unmake_null).
    pub fn make_null(&mut self) {
        let undo = self.undo_record();
        self.set_ep(SquareSet::EMPTY, None);
        self.set_lion_taken(false);
        if self.state.passed {
            self.state.passed = false;
            self.state.key ^= self.zobrist.passed();
        }
        self.state.halfmove = 0;
        if self.state.side == Color::Black {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.state.side = self.state.side.opponent();
        self.state.key ^= self.zobrist.side;
        self.history.push(undo);
        if self.rules.moves.flip.is_some() {
            self.flipped.push(SquareSet::EMPTY);
        }
    }

    /// Takes back a [`make_null`](Position::make_null).
    ///
    /// # Panics
    /// Panics if no move was made.
    pub fn unmake_null(&mut self) {
        let undo = self.history.pop().expect("a null move to unmake");
        debug_assert!(undo.changes.is_empty() && undo.hand_changes.is_empty());
        if self.rules.moves.flip.is_some() {
            self.flipped.pop();
        }
        self.state = undo.state;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use notation::{parse, Geometry, Square};

    use crate::{PieceType, Position, Rules};

    /// A chess-like board with kings and pawns, enough for e.p. rights.
    fn rules() -> Arc<Rules> {
        let g = Geometry::new(8, 8).expect("8x8");
        let king = PieceType::new("king", "K", "K", parse("K").expect("K"), &g);
        let pawn = PieceType::new(
            "pawn",
            "P",
            "fmWfceFifmnD",
            parse("fmWfceFifmnD").expect("P"),
            &g,
        );
        let mut pieces = vec![pawn, king];
        pieces[1].royal = true;
        pieces[0].initial_squares = [
            (8..16).map(Square).collect(),
            (48..56).map(Square).collect(),
        ];
        let mut rules = Rules::new("t", g, pieces, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        rules.promotion.pawn_types = vec![0];
        rules.finish();
        Arc::new(rules)
    }

    #[test]
    fn null_move_keeps_the_key_consistent_and_unmakes() {
        let mut pos =
            Position::from_fen(rules(), "4k3/8/8/8/3p4/8/4P3/4K3 w - - 3 9").expect("fen");
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from == Square(12) && m.to == Square(28))
            .expect("e2e4");
        pos.make(mv);
        assert!(
            !pos.ep_squares().is_empty(),
            "the double step gives e.p. rights"
        );
        let (fen, key) = (pos.fen(), pos.key());
        pos.make_null();
        assert_eq!(pos.key(), pos.compute_key());
        assert!(pos.ep_squares().is_empty());
        assert_eq!(pos.side_to_move(), notation::Color::White);
        assert_eq!(pos.halfmove_clock(), 0);
        assert_ne!(pos.key(), key);
        pos.make_null();
        assert_eq!(pos.key(), pos.compute_key());
        pos.unmake_null();
        pos.unmake_null();
        assert_eq!((pos.fen(), pos.key()), (fen, key));
    }
}
