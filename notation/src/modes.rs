//! Mode letters: what a leg may do where it ends, and how it travels.

use std::fmt;

/// A set of XBetza mode flags for one leg.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modes(pub u32);

macro_rules! modes {
    ($($(#[$doc:meta])* $name:ident = $bit:expr, $letter:expr;)*) => {
        impl Modes {
            $($(#[$doc])* pub const $name: Modes = Modes(1 << $bit);)*

            /// Every flag with the letter that writes it, in canonical writing order.
            pub const LETTERS: &'static [(Modes, &'static str)] = &[$((Modes::$name, $letter)),*];
        }
    };
}

modes! {
    /// `m`: may end on an empty square.
    MOVE = 0, "m";
    /// `c`: may capture a foe.
    CAPTURE = 1, "c";
    /// `d`: may capture a friend.
    DESTROY = 2, "d";
    /// `e`: may capture en passant on an e.p. square.
    EN_PASSANT = 3, "e";
    /// `k`: may capture a royal foe only.
    ROYAL_CAPTURE = 4, "k";
    /// `t`: a `p`/`g` leg may hop over (non-final: end on) a friendly piece only (XBoard's
    /// "test"; Fairy-Max's bifurcators).
    TAME = 17, "t";
    /// `p`: hops over (non-final: ends on) an occupied square.
    HOP = 5, "p";
    /// `g`: as `p`, then toggles the range of the following legs.
    GRASSHOP = 6, "g";
    /// `y`: as `m`, then toggles the range of the following legs.
    FORK = 7, "y";
    /// `x`: induces the rest of the move in a friend, or borrows its moves.
    EXCITE = 8, "x";
    /// `u`: the start square of the leg receives the piece the move captures.
    UNLOAD = 9, "u";
    /// `n`: non-jumping leap; on steppers it creates e.p. rights.
    NON_JUMPING = 10, "n";
    /// `nn`: non-jumping, and creates e.p. rights where the leap could be blocked.
    EP_RIGHTS = 11, "nn";
    /// `j`: must jump an occupied square; on a unit slider, the first step is doubled.
    JUMPING = 12, "j";
    /// `o`: files wrap around (cylinder).
    CYLINDER = 13, "o";
    /// `oo`: files and ranks wrap around (torus).
    TORUS = 14, "oo";
    /// `z`: crooked: steps alternate 90-degree turns left and right.
    CROOKED = 15, "z";
    /// `q`: circular: every step turns 45 degrees the same way.
    CIRCULAR = 16, "q";
}

impl Modes {
    /// No flag.
    pub const NONE: Modes = Modes(0);
    /// The default modes of a final leg.
    pub const DEFAULT_FINAL: Modes = Modes(Modes::MOVE.0 | Modes::CAPTURE.0);
    /// The endings that give a final leg its own modes; a final leg with none of them gets
    /// [`Modes::DEFAULT_FINAL`].
    pub const FINAL_ENDINGS: Modes = Modes(
        Modes::MOVE.0
            | Modes::CAPTURE.0
            | Modes::DESTROY.0
            | Modes::EN_PASSANT.0
            | Modes::FORK.0
            | Modes::EXCITE.0
            | Modes::ROYAL_CAPTURE.0,
    );
    /// The endings that can take a royal foe (`c`, `k`).
    pub const TAKES_ROYAL: Modes = Modes(Modes::CAPTURE.0 | Modes::ROYAL_CAPTURE.0);
    /// The capturing endings of a final leg.
    pub const CAPTURES: Modes =
        Modes(Modes::CAPTURE.0 | Modes::DESTROY.0 | Modes::EN_PASSANT.0 | Modes::ROYAL_CAPTURE.0);

    /// Returns whether every flag of `other` is set.
    #[inline]
    pub const fn contains(self, other: Modes) -> bool {
        self.0 & other.0 == other.0
    }

    /// Returns whether any flag of `other` is set.
    #[inline]
    pub const fn intersects(self, other: Modes) -> bool {
        self.0 & other.0 != 0
    }

    /// Union of two sets.
    #[inline]
    pub const fn union(self, other: Modes) -> Modes {
        Modes(self.0 | other.0)
    }

    /// Intersection of two sets.
    #[inline]
    pub const fn intersection(self, other: Modes) -> Modes {
        Modes(self.0 & other.0)
    }

    /// The flags of `self` that are not in `other`.
    #[inline]
    pub const fn difference(self, other: Modes) -> Modes {
        Modes(self.0 & !other.0)
    }

    /// Returns whether no flag is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Sets the flags of `other`.
    #[inline]
    pub fn insert(&mut self, other: Modes) {
        self.0 |= other.0;
    }

    /// Clears the flags of `other`.
    #[inline]
    pub fn remove(&mut self, other: Modes) {
        self.0 &= !other.0;
    }
}

impl fmt::Debug for Modes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Modes(")?;
        for (flag, letter) in Modes::LETTERS {
            if self.contains(*flag) {
                write!(f, "{letter}")?;
            }
        }
        write!(f, ")")
    }
}
