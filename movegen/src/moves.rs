//! Moves: a compact record of everything one move does.

use std::ops::BitOr;

use notation::Square;
use smallvec::SmallVec;

use crate::rules::PieceId;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves from `from` to `to`, maybe capturing on `to` and on its victims' squares.
    Normal,
    /// A piece from hand is put on `to`.
    Drop,
    /// Castling: the king moves from `from` to `to`, the partner as
    /// [`Move::castle_partner`] says.
    Castle,
    /// A pass ([`Rules::pass`](crate::Rules::pass)): nothing moves; `from` and `to` are the
    /// square of the piece said to pass (the royal piece).
    Pass,
}

/// What a move does beyond its squares and pieces: a set of flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveFlags(u8);

impl MoveFlags {
    /// No flag.
    pub const NONE: MoveFlags = MoveFlags(0);
    /// The piece on `from` was made to move by another piece (`x` induction).
    pub const INDUCED: MoveFlags = MoveFlags(1);
    /// E.p. rights on every square strictly between `from` and `to` on their line.
    pub const EP_LINE: MoveFlags = MoveFlags(2);
    /// The gated piece enters on the castling partner's square instead of `from`.
    pub const GATE_ON_PARTNER: MoveFlags = MoveFlags(8);
    /// The first victim is taken en passant.
    pub const EN_PASSANT: MoveFlags = MoveFlags(16);
    /// A castling by an XBetza `O` move (several may share a partner, so it is written by
    /// the king's destination even in Chess960 notation).
    pub const O_CASTLING: MoveFlags = MoveFlags(32);

    /// Whether every flag of `flags` is set.
    #[inline]
    pub const fn contains(self, flags: MoveFlags) -> bool {
        self.0 & flags.0 == flags.0
    }

    /// The flags as bits (for hashing).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl BitOr for MoveFlags {
    type Output = MoveFlags;

    #[inline]
    fn bitor(self, other: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 | other.0)
    }
}

/// Up to `N` squares held in the move itself (its extra victims, its e.p. squares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareSlots<const N: usize> {
    len: u8,
    /// The squares; those past `len` stay `Square(0)`, so that equal lists compare equal.
    squares: [Square; N],
}

impl<const N: usize> SquareSlots<N> {
    /// No square.
    pub const EMPTY: SquareSlots<N> = SquareSlots {
        len: 0,
        squares: [Square(0); N],
    };

    /// Adds `sq`; `false` (and nothing added) when the slots are full.
    #[inline]
    pub fn push(&mut self, sq: Square) -> bool {
        let Some(slot) = self.squares.get_mut(self.len as usize) else {
            return false;
        };
        *slot = sq;
        self.len += 1;
        true
    }

    /// The squares, in the order they were added.
    #[inline]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// Whether there is no square.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A piece besides the mover that the move places: the castling partner, or a victim that
/// reappears elsewhere (`u` unload).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Companion {
    None,
    /// The castling partner goes from `from` to `to`.
    Partner {
        from: Square,
        to: Square,
    },
    /// The piece captured on `victim` reappears on `to`.
    Unload {
        to: Square,
        victim: Square,
    },
}

/// Most squares a move captures on besides `to`.
pub const MAX_MOVE_VICTIMS: usize = 3;

/// Most single squares a move gives e.p. rights on (a line of them is
/// [`MoveFlags::EP_LINE`]).
pub const MAX_MOVE_EP_SQUARES: usize = 2;

/// One move, `Copy`: squares and piece types are typed values, an absent one is `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square the moving piece leaves (the drop square for drops).
    pub from: Square,
    /// Square the moving piece ends on.
    pub to: Square,
    /// The kind of move.
    pub kind: MoveKind,
    /// The type of the moving (or dropped) piece.
    pub piece: PieceId,
    promotion: Option<PieceId>,
    gate: Option<PieceId>,
    victims: SquareSlots<MAX_MOVE_VICTIMS>,
    ep: SquareSlots<MAX_MOVE_EP_SQUARES>,
    companion: Companion,
    wall: Option<Square>,
    flags: MoveFlags,
}

impl Move {
    /// A plain move of `piece` from `from` to `to`.
    #[inline]
    pub const fn normal(piece: PieceId, from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            piece,
            promotion: None,
            gate: None,
            victims: SquareSlots::EMPTY,
            ep: SquareSlots::EMPTY,
            companion: Companion::None,
            wall: None,
            flags: MoveFlags::NONE,
        }
    }

    /// A drop of `piece` on `to`.
    #[inline]
    pub const fn drop(piece: PieceId, to: Square) -> Move {
        let mut mv = Move::normal(piece, to, to);
        mv.kind = MoveKind::Drop;
        mv
    }

    /// A pass by the piece `piece` on `sq`.
    #[inline]
    pub const fn pass(piece: PieceId, sq: Square) -> Move {
        let mut mv = Move::normal(piece, sq, sq);
        mv.kind = MoveKind::Pass;
        mv
    }

    /// A castling: the king `piece` goes from `from` to `to`, its partner from
    /// `partner_from` to `partner_to`.
    #[inline]
    pub const fn castle(
        piece: PieceId,
        from: Square,
        to: Square,
        partner_from: Square,
        partner_to: Square,
    ) -> Move {
        let mut mv = Move::normal(piece, from, to);
        mv.kind = MoveKind::Castle;
        mv.companion = Companion::Partner {
            from: partner_from,
            to: partner_to,
        };
        mv
    }

    /// The type the piece promotes to.
    #[inline]
    pub fn promotion(&self) -> Option<PieceId> {
        self.promotion
    }

    /// The type of the piece where the move leaves it: its promotion, or its own type.
    #[inline]
    pub fn placed(&self) -> PieceId {
        self.promotion.unwrap_or(self.piece)
    }

    /// The same move promoting to `id`.
    #[inline]
    pub fn with_promotion(&self, id: PieceId) -> Move {
        Move {
            promotion: Some(id),
            ..*self
        }
    }

    /// The same move without its promotion.
    #[inline]
    pub fn without_promotion(&self) -> Move {
        Move {
            promotion: None,
            ..*self
        }
    }

    /// The gated piece type.
    #[inline]
    pub fn gate(&self) -> Option<PieceId> {
        self.gate
    }

    /// The same move gating `id` on the square the mover left, or on the castling partner's
    /// when `on_partner`.
    #[inline]
    pub fn with_gate(&self, id: PieceId, on_partner: bool) -> Move {
        let mut gated = Move {
            gate: Some(id),
            ..*self
        };
        if on_partner {
            gated.set_flag(MoveFlags::GATE_ON_PARTNER);
        }
        gated
    }

    /// The same move without its gated piece.
    #[inline]
    pub fn without_gate(&self) -> Move {
        let mut plain = Move {
            gate: None,
            ..*self
        };
        plain.clear_flag(MoveFlags::GATE_ON_PARTNER);
        plain
    }

    /// Where the move places a wall (the duck's new square in duck chess,
    /// [`Rules::walling`](crate::Rules::walling)).
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        self.wall
    }

    /// The same move placing a wall (or the duck) on `sq`.
    #[inline]
    pub fn with_wall(&self, sq: Square) -> Move {
        Move {
            wall: Some(sq),
            ..*self
        }
    }

    /// The same move without its wall.
    #[inline]
    pub fn without_wall(&self) -> Move {
        Move {
            wall: None,
            ..*self
        }
    }

    /// Whether this is a piece's pass: a move back to its own square that takes nothing and
    /// promotes nothing (a Lion stepping out to an empty square and back).
    #[inline]
    pub fn is_piece_pass(&self) -> bool {
        self.kind == MoveKind::Normal
            && self.from == self.to
            && !self.has_victims()
            && self.promotion.is_none()
    }

    /// The squares captured on besides `to` (locust victims, the e.p. victim).
    #[inline]
    pub fn victims(&self) -> impl Iterator<Item = Square> + '_ {
        self.victims.as_slice().iter().copied()
    }

    /// Whether the move captures on a square besides `to`.
    #[inline]
    pub const fn has_victims(&self) -> bool {
        !self.victims.is_empty()
    }

    /// Adds a victim's square; `false` (and nothing added) when the move holds
    /// [`MAX_MOVE_VICTIMS`] already.
    #[inline]
    pub fn add_victim(&mut self, sq: Square) -> bool {
        self.victims.push(sq)
    }

    /// The same move without its victims besides `to` (nor its e.p. flag).
    #[inline]
    pub fn without_victims(&self) -> Move {
        let mut direct = Move {
            victims: SquareSlots::EMPTY,
            ..*self
        };
        direct.clear_flag(MoveFlags::EN_PASSANT);
        direct
    }

    /// The single squares that get e.p. rights (besides a line, [`MoveFlags::EP_LINE`]).
    #[inline]
    pub fn ep_squares(&self) -> &[Square] {
        self.ep.as_slice()
    }

    /// Gives `sq` e.p. rights; `false` (and nothing added) when the move holds
    /// [`MAX_MOVE_EP_SQUARES`] already.
    #[inline]
    pub fn add_ep_square(&mut self, sq: Square) -> bool {
        self.ep.push(sq)
    }

    /// The castling partner's squares (from, to).
    #[inline]
    pub fn castle_partner(&self) -> Option<(Square, Square)> {
        match self.companion {
            Companion::Partner { from, to } => Some((from, to)),
            _ => None,
        }
    }

    /// Makes the move a castling whose partner goes from `from` to `to`.
    #[inline]
    pub fn set_castle_partner(&mut self, from: Square, to: Square) {
        self.kind = MoveKind::Castle;
        self.companion = Companion::Partner { from, to };
    }

    /// The unload (`u`): the square the victim on the second square reappears on.
    #[inline]
    pub fn unload(&self) -> Option<(Square, Square)> {
        match self.companion {
            Companion::Unload { to, victim } => Some((to, victim)),
            _ => None,
        }
    }

    /// Makes the piece captured on `victim` reappear on `to`.
    #[inline]
    pub fn set_unload(&mut self, to: Square, victim: Square) {
        self.companion = Companion::Unload { to, victim };
    }

    /// The squares the castling partner or an unloaded piece leaves and enters.
    #[inline]
    pub fn companion_squares(&self) -> Option<[Square; 2]> {
        match self.companion {
            Companion::None => None,
            Companion::Partner { from, to } => Some([from, to]),
            Companion::Unload { to, victim } => Some([to, victim]),
        }
    }

    /// Whether every flag of `flags` is set.
    #[inline]
    pub const fn has(&self, flags: MoveFlags) -> bool {
        self.flags.contains(flags)
    }

    /// The move's flags.
    #[inline]
    pub const fn flags(&self) -> MoveFlags {
        self.flags
    }

    /// Sets the flags of `flags`.
    #[inline]
    pub fn set_flag(&mut self, flags: MoveFlags) {
        self.flags.0 |= flags.0;
    }

    /// Clears the flags of `flags`.
    #[inline]
    pub fn clear_flag(&mut self, flags: MoveFlags) {
        self.flags.0 &= !flags.0;
    }
}

/// Moves a [`MoveList`] holds without going to the heap: every position of the usual
/// variants; Chu Shogi's largest and duck chess's lists (piece moves times duck squares, over
/// 3000 in open positions) grow on the heap.
pub const INLINE_MOVES: usize = 512;

/// The moves of one position.
pub type MoveList = SmallVec<[Move; INLINE_MOVES]>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_of_a_16x16_board_can_be_a_victim_or_a_wall() {
        let last = Square(255);
        let mut mv = Move::normal(1, Square(254), Square(254));
        assert!(mv.add_victim(last));
        assert_eq!(mv.victims().collect::<Vec<_>>(), vec![last]);
        assert!(!mv.is_piece_pass());
        assert_eq!(mv.with_wall(last).wall(), Some(last));
        assert!(mv.add_ep_square(last));
        assert_eq!(mv.ep_squares(), &[last]);
    }

    #[test]
    fn slots_refuse_a_square_past_their_size() {
        let mut mv = Move::normal(1, Square(0), Square(1));
        for sq in 2..2 + MAX_MOVE_VICTIMS as u8 {
            assert!(mv.add_victim(Square(sq)));
        }
        assert!(!mv.add_victim(Square(9)));
        assert_eq!(mv.victims().count(), MAX_MOVE_VICTIMS);
        assert_eq!(mv.without_victims(), Move::normal(1, Square(0), Square(1)));
    }

    #[test]
    fn gates_and_promotions_come_and_go() {
        let mv = Move::normal(3, Square(4), Square(6));
        let gated = mv.with_gate(0, true);
        assert_eq!(
            (gated.gate(), gated.has(MoveFlags::GATE_ON_PARTNER)),
            (Some(0), true)
        );
        assert_eq!(gated.without_gate(), mv);
        let promoted = mv.with_promotion(0);
        assert_eq!(promoted.promotion(), Some(0));
        assert_eq!(promoted.without_promotion(), mv);
    }
}
