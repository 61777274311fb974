//! Static exchange evaluation: what a capture wins once both sides have recaptured on its
//! square with their least valuable pieces, each side free to stop when going on loses.

use movegen::{Exchange, Move, MoveKind, PieceId, Position, Rules};

/// SEE value of a royal piece: taking it ends every exchange.
const ROYAL_VALUE: i32 = 1 << 16;

/// The piece values and the order in which exchanges bring in attackers.
#[derive(Debug)]
pub(crate) struct ExchangeTables {
    /// Value per type (royal pieces: [`ROYAL_VALUE`]).
    values: Vec<i32>,
    /// Types, least valuable first.
    order: Vec<PieceId>,
    /// Whether exchanges follow the plain rules (no exploding captures).
    plain: bool,
}

impl ExchangeTables {
    /// The tables of `rules`, with `values` the ordering value of each type.
    pub(crate) fn new(rules: &Rules, values: &[i32]) -> ExchangeTables {
        let values: Vec<i32> = rules
            .pieces
            .iter()
            .zip(values)
            .map(|(pt, &v)| if pt.royal { ROYAL_VALUE } else { v })
            .collect();
        let mut order: Vec<PieceId> = (0..values.len() as PieceId).collect();
        order.sort_by_key(|&id| values[id as usize]);
        ExchangeTables {
            values,
            order,
            plain: !rules.moves.blast,
        }
    }

    /// The value of the piece a `mv` leaves on its destination (the promoted type if it
    /// promotes).
    #[inline]
    fn lands(&self, mv: &Move) -> i32 {
        self.values[mv.placed() as usize]
    }

    /// Whether `mv`, winning `gain` by itself, can lose material in the exchange (only if
    /// the piece it leaves on its square is worth more than `gain`).
    #[inline]
    pub(crate) fn may_lose(&self, mv: &Move, gain: i32) -> bool {
        self.lands(mv) > gain
    }

    /// What `mv` (a capture or a promotion) wins after the exchange on its destination, in
    /// centipawns; `gain` is what the move itself wins (victims plus promotion). Moves other
    /// than plain board moves, and captures in variants with exploding captures, count
    /// `gain`.
    pub(crate) fn see(&self, pos: &mut Position, mv: &Move, gain: i32) -> i32 {
        if mv.kind != MoveKind::Normal || !self.plain {
            return gain;
        }
        let target = mv.to;
        let mut side = pos.side_to_move().opponent();
        let mut ex = Exchange::new(pos);
        ex.lift(mv.from);
        for sq in mv.victims() {
            if ex.can_lift() {
                ex.lift(sq);
            }
        }
        let mut gains = [0i32; movegen::MAX_LIFTED + 1];
        gains[0] = gain;
        let mut on_square = self.lands(mv);
        let mut depth = 0;
        while ex.can_lift() && depth + 1 < gains.len() {
            let Some((from, id)) = ex.least_attacker(target, side, &self.order) else {
                break;
            };
            depth += 1;
            gains[depth] = on_square - gains[depth - 1];
            on_square = self.values[id as usize];
            ex.lift(from);
            side = side.opponent();
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }
}

#[cfg(test)]
mod tests {
    use variants::Catalog;

    use super::*;
    use crate::search::{eval::EvalTables, ordering::capture_value};

    /// SEE of the move `text` in `fen` of `variant`.
    fn see_of(variant: &str, fen: &str, text: &str) -> i32 {
        let rules = Catalog::builtin().rules(variant).expect("variant");
        let tables = EvalTables::new(&rules);
        let exchange = ExchangeTables::new(&rules, &tables.values);
        let mut pos = Position::from_fen(rules.clone(), fen).expect("fen");
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.move_text(m, movegen::MoveFormat::default()) == text)
            .expect("move");
        let before = (pos.fen(), pos.key());
        let gain = capture_value(&pos, &tables, &mv);
        let value = exchange.see(&mut pos, &mv, gain);
        assert_eq!((pos.fen(), pos.key()), before, "the position is restored");
        value
    }

    fn value_of(variant: &str, symbol: char) -> i32 {
        let rules = Catalog::builtin().rules(variant).expect("variant");
        let tables = EvalTables::new(&rules);
        let id = rules
            .pieces
            .iter()
            .position(|p| p.symbol.eq_ignore_ascii_case(&symbol.to_string()))
            .expect("piece");
        tables.values[id]
    }

    #[test]
    fn undefended_pawn_wins_a_pawn() {
        let see = see_of("chess", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5");
        assert_eq!(see, value_of("chess", 'p'));
    }

    #[test]
    fn defended_pawn_taken_by_a_rook_loses_the_exchange() {
        let see = see_of("chess", "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5");
        assert_eq!(see, value_of("chess", 'p') - value_of("chess", 'r'));
    }

    #[test]
    fn a_rook_behind_the_rook_supports_it() {
        let p = value_of("chess", 'p');
        let r = value_of("chess", 'r');
        // Rxd5 exd5 Rxd5 Rxd5 would cost two rooks for two pawns and a rook: white does
        // better to stop after exd5.
        let see = see_of("chess", "3rk3/8/4p3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(see, p - r);
        let see = see_of("chess", "4k3/8/4p3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        // Rxd5 exd5 Rxd5: two pawns for a rook; stopping after exd5 is worse.
        assert_eq!(see, 2 * p - r);
    }

    #[test]
    fn the_king_does_not_recapture_into_an_attack() {
        let p = value_of("chess", 'p');
        let n = value_of("chess", 'n');
        // Nxe5 Kxe5?? would meet Rxe5, so the knight wins the pawn.
        let see = see_of("chess", "8/8/3k4/4p3/8/5N2/8/4RK2 w - - 0 1", "f3e5");
        assert_eq!(see, p);
        // Without the rook the king takes back.
        let see = see_of("chess", "8/8/3k4/4p3/8/5N2/8/5K2 w - - 0 1", "f3e5");
        assert_eq!(see, p - n);
    }

    #[test]
    fn makruk_pawn_takes_a_defended_horse() {
        let p = value_of("makruk", 'p');
        let n = value_of("makruk", 'n');
        // The pawn on d4 takes the horse on e5, which the pawn on f6 defends.
        let see = see_of("makruk", "4k3/8/5p2/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5");
        assert_eq!(see, n - p);
    }
}
