//! Where the special rules of variant families join the common path of `make` and of the
//! legality test. Each family's code lives in a file of its own; the hooks here call it, and
//! [`Rules::finish`](crate::Rules::finish) works out which hooks a variant needs, so that a
//! chess-like game passes each hook with one test.

use crate::{
    moves::{Move, MoveKind},
    position::{Position, Undo},
    rules::Rules,
};

/// The hooks a variant's rules need.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hooks {
    /// Some rule may forbid a move before it is made ([`Position::vetoed`]).
    pub(crate) vetoes: bool,
    /// Some rule changes the board once the piece has moved
    /// ([`Position::apply_piece_effects`]).
    pub(crate) piece_effects: bool,
    /// Some rule changes pieces, rights or flags once the move is on the board
    /// ([`Position::apply_turn_effects`]).
    pub(crate) turn_effects: bool,
}

impl Hooks {
    /// Every hook consulted: correct for any rules (each family tests its own rule).
    pub(crate) const ALL: Hooks = Hooks {
        vetoes: true,
        piece_effects: true,
        turn_effects: true,
    };

    /// The hooks `rules` need.
    pub(crate) fn of(rules: &Rules) -> Hooks {
        let m = &rules.moves;
        Hooks {
            vetoes: m.royal_leap_lost_to.is_some()
                || m.makpong
                || !m.uncapturable.is_empty()
                || !m.mutually_immune.is_empty()
                || m.petrify
                || m.royal_forward_until_capture
                || m.lion_trading.is_some(),
            piece_effects: m.burning || m.blast || m.petrify || m.after_move_rules,
            turn_effects: m.flip.is_some()
                || rules.castling.lost_by_any_king
                || m.royal_leap_lost_to.is_some()
                || m.royal_forward_until_capture
                || m.lion_trading.is_some(),
        }
    }
}

/// What the special rules' effects of a move mean for the rest of `make`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MoveEffects {
    /// A piece burned: the move rule's count starts again.
    pub(crate) burned: bool,
    /// The piece that moved changed sides: its move gives no e.p. right.
    pub(crate) switched_sides: bool,
}

impl Position {
    /// Whether a special rule forbids `mv` (pseudo-legal) before it is made: a royal piece's
    /// first leap out of check, makpong, immune pieces, a royal piece that would petrify, a
    /// royal piece's move back before its side captured, a Lion taken right after a Lion.
    pub(crate) fn vetoed(&mut self, mv: &Move) -> bool {
        self.immunity_vetoes(mv)
            || self.petrify_vetoes(mv)
            || self.royal_forward_vetoes(mv)
            || self.lion_trading_vetoes(mv)
            || self.royal_leap_vetoes(mv)
            || self.makpong_vetoes(mv)
    }

    /// The special rules' effects once the piece of `mv` (a move on the board) has moved
    /// and taken what it takes, before a gated piece comes in: burning, explosions,
    /// petrification and the rules that change the moved piece.
    pub(crate) fn apply_piece_effects(&mut self, undo: &mut Undo, mv: Move) -> MoveEffects {
        let us = self.state.side;
        let mut effects = MoveEffects::default();
        if self.rules.moves.burning && mv.kind == MoveKind::Normal {
            effects.burned = self.burn(undo, mv.to);
        }
        if self.rules.moves.blast && undo.captured_by(us) {
            self.explode(undo, mv.to);
        }
        // A capturing piece the blast spared (immune) does not petrify.
        if self.rules.moves.petrify
            && self.rules.pieces[mv.piece as usize].petrifies
            && undo.captured_by(us)
            && !(self.rules.moves.blast && self.board[mv.to.index()] != 0)
        {
            self.petrify(undo, mv.to);
        }
        if self.rules.moves.after_move_rules && mv.kind == MoveKind::Normal {
            let captured = undo.captured_by(us);
            effects.switched_sides = self.change_moved_piece(undo, mv, captured);
        }
        effects
    }

    /// The special rules' effects once `mv` is on the board, before the turn passes:
    /// enclosed pieces flip, kings lose castling rights or first leaps, a side's first
    /// capture is noted, and a Lion taken by another piece (`lion_taken`, found before the
    /// move) is remembered.
    pub(crate) fn apply_turn_effects(&mut self, undo: &mut Undo, mv: &Move, lion_taken: bool) {
        let us = self.state.side;
        if let Some(rule) = self.rules.moves.flip {
            let flipped = self.enclosed_by(rule, us, mv);
            self.flip_pieces(flipped);
            self.flipped.push(flipped);
        }
        if self.rules.castling.lost_by_any_king {
            self.lose_castling_by_any_king(undo, mv);
        }
        self.take_royal_leaps(undo, mv);
        self.note_first_capture(us, undo);
        self.set_lion_taken(lion_taken);
    }
}

#[cfg(test)]
mod tests {
    use notation::{parse, Geometry};

    use crate::{PieceType, Rules};

    /// Kings and rooks on 8x8, the rules finished after `change`.
    fn rules(change: impl FnOnce(&mut Rules)) -> Rules {
        let g = Geometry::new(8, 8).expect("8x8");
        let mut pieces = vec![
            PieceType::new("king", "K", "K", parse("K").expect("K"), &g),
            PieceType::new("rook", "R", "R", parse("R").expect("R"), &g),
        ];
        pieces[0].royal = true;
        let mut rules = Rules::new("t", g, pieces, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        change(&mut rules);
        rules.finish();
        rules
    }

    #[test]
    fn a_game_without_special_rules_needs_no_hook() {
        let hooks = rules(|_| {}).hooks;
        assert!(!hooks.vetoes && !hooks.piece_effects && !hooks.turn_effects);
    }

    #[test]
    fn unfinished_rules_consult_every_hook() {
        let g = Geometry::new(8, 8).expect("8x8");
        let king = PieceType::new("king", "K", "K", parse("K").expect("K"), &g);
        let hooks = Rules::new("t", g, vec![king], "4k3/8/8/8/8/8/8/4K3 w - - 0 1").hooks;
        assert!(hooks.vetoes && hooks.piece_effects && hooks.turn_effects);
    }

    #[test]
    fn each_special_rule_turns_its_hooks_on() {
        let makpong = rules(|r| r.moves.makpong = true).hooks;
        assert!(makpong.vetoes && !makpong.piece_effects && !makpong.turn_effects);
        let atomic = rules(|r| r.moves.blast = true).hooks;
        assert!(!atomic.vetoes && atomic.piece_effects && !atomic.turn_effects);
        let immune = rules(|r| r.moves.uncapturable = vec![1]).hooks;
        assert!(immune.vetoes && !immune.piece_effects);
        let gryphon = rules(|r| r.moves.royal_forward_until_capture = true).hooks;
        assert!(gryphon.vetoes && gryphon.turn_effects);
        let cambodian = rules(|r| r.moves.royal_leap_lost_to = Some(1)).hooks;
        assert!(cambodian.vetoes && cambodian.turn_effects);
        let petrify = rules(|r| r.pieces[1].petrifies = true).hooks;
        assert!(petrify.vetoes && petrify.piece_effects);
        let andernach = rules(|r| r.moves.side_change = Some(crate::SideChange::All)).hooks;
        assert!(!andernach.vetoes && andernach.piece_effects);
        let two_kings = rules(|r| r.castling.lost_by_any_king = true).hooks;
        assert!(!two_kings.vetoes && two_kings.turn_effects);
    }
}
