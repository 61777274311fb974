//! Zobrist keys: one random number per (piece, square), per flag and per hand count.

use notation::Square;

use crate::rules::Rules;

/// Largest number of one piece type in one hand that gets its own key.
pub const MAX_HAND_COUNT: usize = 64;

/// The random numbers of one variant's positions.
#[derive(Clone, Debug)]
pub struct Zobrist {
    squares: usize,
    piece_square: Vec<u64>,
    virgin: Vec<u64>,
    promoted: Vec<u64>,
    ep: Vec<u64>,
    hand: Vec<u64>,
    checks: Vec<u64>,
    captured: [u64; 2],
    lion_taken: u64,
    passed: u64,
    wall: Vec<u64>,
    /// Key of black to move.
    pub side: u64,
}

/// A small, fast, deterministic generator (SplitMix64).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Draws the keys for a variant.
    pub fn new(rules: &Rules) -> Zobrist {
        let squares = rules.geometry.num_squares();
        let codes = 2 * rules.pieces.len() + 1;
        let mut state = 0x4B52_414B_454E_u64;
        let mut draw = |n: usize| (0..n).map(|_| next(&mut state)).collect::<Vec<u64>>();
        Zobrist {
            squares,
            piece_square: draw(codes * squares),
            virgin: draw(squares),
            promoted: draw(squares),
            ep: draw(squares),
            hand: draw(2 * rules.pieces.len() * MAX_HAND_COUNT),
            side: draw(1)[0],
            checks: draw(2 * 256),
            captured: [draw(1)[0], draw(1)[0]],
            lion_taken: draw(1)[0],
            passed: draw(1)[0],
            wall: draw(squares),
        }
    }

    /// Key of the piece with board code `code` on `sq`.
    #[inline]
    pub fn piece(&self, code: u8, sq: Square) -> u64 {
        self.piece_square[code as usize * self.squares + sq.index()]
    }

    /// Key of a never-moved piece on `sq`.
    #[inline]
    pub fn virgin(&self, sq: Square) -> u64 {
        self.virgin[sq.index()]
    }

    /// Key of a promoted (`~`) piece on `sq`.
    #[inline]
    pub fn promoted(&self, sq: Square) -> u64 {
        self.promoted[sq.index()]
    }

    /// Key of e.p. rights on `sq`.
    #[inline]
    pub fn ep(&self, sq: Square) -> u64 {
        self.ep[sq.index()]
    }

    /// Key of colour index `color` having captured since the setup (simplified gryphon chess).
    #[inline]
    pub fn captured(&self, color: usize) -> u64 {
        self.captured[color]
    }

    /// Key of the last move having taken a Lion with a non-Lion (Chu Shogi's Lion trading).
    #[inline]
    pub fn lion_taken(&self) -> u64 {
        self.lion_taken
    }

    /// Key of the last move having been a pass (two in a row end the game).
    #[inline]
    pub fn passed(&self) -> u64 {
        self.passed
    }

    /// Key of the duck or a wall standing on `sq`.
    #[inline]
    pub fn wall(&self, sq: Square) -> u64 {
        self.wall[sq.index()]
    }

    /// Key of colour index `color` having `count` checks left to give.
    #[inline]
    pub fn checks(&self, color: usize, count: u8) -> u64 {
        self.checks[color * 256 + count as usize]
    }

    /// Key of holding `count` pieces of type `id` in hand for colour index `color`.
    #[inline]
    pub fn hand(&self, color: usize, id: u8, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let count = (count as usize).min(MAX_HAND_COUNT) - 1;
        self.hand[(color * (self.hand.len() / MAX_HAND_COUNT / 2) + id as usize) * MAX_HAND_COUNT
            + count]
    }
}
