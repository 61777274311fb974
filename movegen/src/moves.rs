//! Moves: a compact record of everything one move does.

use notation::Square;
use smallvec::SmallVec;

use crate::rules::PieceId;

/// Marks an unused square slot in a [`Move`].
pub const NO_SQUARE: u8 = u8::MAX;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves from `from` to `to`, maybe capturing on `to` and on `victims`.
    Normal,
    /// A piece from hand is put on `to`.
    Drop,
    /// Castling: the king moves from `from` to `to`, the partner from `aux[0]` to `aux[1]`.
    Castle,
    /// A pass ([`Rules::pass`](crate::Rules::pass)): nothing moves; `from` and `to` are the
    /// square of the piece said to pass (the royal piece).
    Pass,
}

/// Flag: the piece on `from` was made to move by another piece (`x` induction).
pub const FLAG_INDUCED: u8 = 1;
/// Flag: e.p. rights on every square strictly between `from` and `to` on their line.
pub const FLAG_EP_LINE: u8 = 2;
/// Flag: the piece captured on `aux[1]` reappears on `aux[0]` (`u` unload).
pub const FLAG_UNLOAD: u8 = 4;
/// Flag: the gated piece enters on the castling partner's square instead of `from`.
pub const FLAG_GATE_ON_PARTNER: u8 = 8;
/// Flag: the victim in `victims[0]` is taken en passant.
pub const FLAG_EN_PASSANT: u8 = 16;
/// Flag: a castling by an XBetza `O` move (several may share a partner, so it is written by
/// the king's destination even in Chess960 notation).
pub const FLAG_O_CASTLING: u8 = 32;

/// One move. 15 bytes, `Copy`; unused square slots hold [`NO_SQUARE`].
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
    /// The type the piece becomes, plus one (0: no promotion).
    pub promotion: u8,
    /// Squares captured besides `to` (locust victims, the e.p. victim).
    pub victims: [u8; 3],
    /// Castling partner from/to; unload square and victim square.
    pub aux: [u8; 2],
    /// Squares that get e.p. rights (besides [`FLAG_EP_LINE`]).
    pub ep: [u8; 2],
    /// Gated piece type plus one (0: none).
    pub gate: u8,
    /// `FLAG_*` bits.
    pub flags: u8,
    /// Where the move places a wall, the duck's new square in duck chess
    /// ([`Rules::walling`](crate::Rules::walling)), or [`NO_SQUARE`].
    pub wall: u8,
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
            promotion: 0,
            victims: [NO_SQUARE; 3],
            aux: [NO_SQUARE; 2],
            ep: [NO_SQUARE; 2],
            gate: 0,
            flags: 0,
            wall: NO_SQUARE,
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

    /// The type the piece promotes to.
    #[inline]
    pub fn promotion(&self) -> Option<PieceId> {
        self.promotion.checked_sub(1)
    }

    /// The gated piece type.
    #[inline]
    pub fn gate(&self) -> Option<PieceId> {
        self.gate.checked_sub(1)
    }

    /// The same move without its gated piece.
    #[inline]
    pub fn without_gate(&self) -> Move {
        Move {
            gate: 0,
            flags: self.flags & !FLAG_GATE_ON_PARTNER,
            ..*self
        }
    }

    /// Where the move places a wall (the duck's new square in duck chess).
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        (self.wall != NO_SQUARE).then_some(Square(self.wall))
    }

    /// Whether this is a piece's pass: a move back to its own square that takes nothing and
    /// promotes nothing (a Lion stepping out to an empty square and back).
    #[inline]
    pub fn is_piece_pass(&self) -> bool {
        self.kind == MoveKind::Normal
            && self.from == self.to
            && self.victims().next().is_none()
            && self.promotion().is_none()
    }

    /// The extra capture squares.
    #[inline]
    pub fn victims(&self) -> impl Iterator<Item = Square> + '_ {
        self.victims
            .iter()
            .take_while(|&&v| v != NO_SQUARE)
            .map(|&v| Square(v))
    }

    /// The castling partner's squares (from, to).
    #[inline]
    pub fn castle_partner(&self) -> Option<(Square, Square)> {
        (self.kind == MoveKind::Castle).then(|| (Square(self.aux[0]), Square(self.aux[1])))
    }

    /// Whether `flag` is set.
    #[inline]
    pub const fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// Moves a [`MoveList`] holds without going to the heap: every position of the usual
/// variants; Chu Shogi's largest and duck chess's lists (piece moves times duck squares, over
/// 3000 in open positions) grow on the heap.
pub const INLINE_MOVES: usize = 512;

/// The moves of one position.
pub type MoveList = SmallVec<[Move; INLINE_MOVES]>;
