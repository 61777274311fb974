//! The plain leaps from one square that test nothing but their target, as sets of targets by
//! what the leap may do there, so that a generator finds them with a few set operations.

use crate::{Initial, Leap, Modes, SquareSet};

/// The targets of one square's plain leaps that have no block, no `i` and no e.p. right, and
/// that only move and capture foes (`m`, `c`, `mc`; `k` beside `c` adds nothing). Every other
/// leap stays in [`MoveTable::other_leaps`](crate::MoveTable::other_leaps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeapSets {
    /// Targets a leap may move to or capture on (`mc`).
    pub moves_or_captures: SquareSet,
    /// Targets a leap may only move to (`m`).
    pub moves: SquareSet,
    /// Targets a leap may only capture on (`c`).
    pub captures: SquareSet,
}

impl LeapSets {
    /// Adds `leap` if it is one these sets hold; `false` (nothing added) otherwise.
    pub(crate) fn add(&mut self, leap: &Leap) -> bool {
        if leap.block.is_some() || leap.initial != Initial::Any || leap.ep_on_block {
            return false;
        }
        let set = match simple_ending(leap.modes) {
            Some((true, true)) => &mut self.moves_or_captures,
            Some((true, false)) => &mut self.moves,
            Some((false, true)) => &mut self.captures,
            _ => return false,
        };
        set.insert(leap.to);
        true
    }

    /// The targets among these where a move may end: empty squares for `moves`, foes for
    /// `captures`, both for `moves_or_captures`.
    #[inline]
    pub fn targets<B: crate::SquareBits>(&self, empty: B, foes: B) -> B {
        let both = B::from_set_ref(&self.moves_or_captures) & (empty | foes);
        both | (B::from_set_ref(&self.moves) & empty) | (B::from_set_ref(&self.captures) & foes)
    }
}

/// Whether a plain move with `modes` may move to an empty square and capture a foe, when it does
/// nothing else (no `d`, no `k` without `c`, no other letter): `None` otherwise.
pub fn simple_ending(modes: Modes) -> Option<(bool, bool)> {
    let known = Modes::MOVE
        .union(Modes::CAPTURE)
        .union(Modes::ROYAL_CAPTURE);
    if !known.contains(modes) {
        return None;
    }
    let moves = modes.contains(Modes::MOVE);
    let captures = modes.contains(Modes::CAPTURE);
    if modes.contains(Modes::ROYAL_CAPTURE) && !captures {
        return None;
    }
    (moves || captures).then_some((moves, captures))
}
