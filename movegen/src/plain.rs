//! The plain moves of a piece: the leaps, slides and hops its move table lists from its
//! square. One generator serves the engine's position (perft, search) and the board
//! `kraken betza` draws its diagrams on; each sees the board through [`PlainBoard`].

use notation::{simple_ending, Initial, Modes, MoveTable, Square, SquareBits};

use crate::walk::Ending;

/// What the plain moves of one piece need to know of the board it stands on.
pub(crate) trait PlainBoard {
    /// Whether `sq` holds something that blocks (a piece or a wall); the mover's own square
    /// counts as empty.
    fn occupied(&self, sq: Square) -> bool;
    /// How a plain move with `modes` may end on `sq`: `None` where it may not.
    fn ending(&self, sq: Square, modes: Modes) -> Option<Ending>;
    /// Whether the mover may make a move restricted by `initial` (`i`, `ii`).
    fn may_make(&self, initial: Initial) -> bool;
    /// Whether a hop may pass over, or land on, `sq` (a Janggi cannon neither jumps nor
    /// takes a cannon).
    fn hop_allows(&self, _sq: Square) -> bool {
        true
    }
}

/// One plain move: where it ends, how, and the e.p. right a lame leap leaves on the square
/// it passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlainMove {
    /// The target square.
    pub(crate) to: Square,
    /// How it ends there.
    pub(crate) ending: Ending,
    /// The square passed over that gets an e.p. right (a lame leap with `e` on its block).
    pub(crate) ep_square: Option<Square>,
}

/// Hands every plain move of the piece on `from`, whose moves are `table`, to `sink`, in
/// table order: leaps, then slides, then hops. A move may repeat when two components of the
/// piece reach the same square.
#[inline]
pub(crate) fn plain_moves<B: PlainBoard>(
    table: &MoveTable,
    board: &B,
    from: Square,
    mut sink: impl FnMut(PlainMove),
) {
    leap_moves(table.leaps(from), board, &mut sink);
    for slide in table.slides(from) {
        slide_moves(table, slide, board, &mut sink);
    }
    hop_moves(table, board, from, &mut sink);
}

/// [`plain_moves`] on a board whose pieces are `occupancy`, in sets of type `S` (one that
/// holds the board's squares): the targets of the leaps that test nothing but their target
/// and of the slides that only move and capture are returned as a set, found by set
/// operations; the other plain moves go to `sink` (in table order).
#[inline]
pub(crate) fn plain_moves_by_sets<S: SquareBits, B: PlainBoard>(
    table: &MoveTable,
    board: &B,
    from: Square,
    sets: OccupancySets<S>,
    mut sink: impl FnMut(PlainMove),
) -> S {
    let mut targets = table.leap_sets(from).targets(sets.empty, sets.foes);
    leap_moves(table.other_leaps(from), board, &mut sink);
    targets |= slide_targets(table, from, sets, |slide| {
        slide_moves(table, slide, board, &mut sink)
    });
    hop_moves(table, board, from, &mut sink);
    targets
}

/// The targets of the set moves from `from`, a square where no plain move needs a walk
/// ([`MoveTable::walk_free`]; its [`other_leaps`](MoveTable::other_leaps) are apart), on a
/// board whose pieces are `occupancy`: what [`plain_moves_by_sets`] returns there, without a
/// board to walk.
#[inline]
pub(crate) fn set_targets<S: SquareBits>(
    table: &MoveTable,
    from: Square,
    occupancy: OccupancySets<S>,
) -> S {
    debug_assert!(table.walk_free(from));
    let leaps = table
        .leap_sets(from)
        .targets(occupancy.empty, occupancy.foes);
    leaps | slide_targets(table, from, occupancy, |_| {})
}

/// The board's pieces as sets of type `S`, from the mover's side: what lets a generator find
/// the simple leaps and slides (see [`notation::LeapSets`]) with set operations instead of
/// square by square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OccupancySets<S> {
    occupied: S,
    empty: S,
    foes: S,
}

impl<S: SquareBits> OccupancySets<S> {
    /// The occupied squares.
    #[inline]
    pub(crate) fn occupied(&self) -> S {
        self.occupied
    }

    /// The empty squares.
    #[inline]
    pub(crate) fn empty(&self) -> S {
        self.empty
    }

    /// The squares of the mover's foes.
    #[inline]
    pub(crate) fn foes(&self) -> S {
        self.foes
    }

    /// The sets of a board where the mover's side has the pieces `own` (the mover's own
    /// square among them or not) and the other side `foes`.
    #[inline]
    pub(crate) fn new(own: S, foes: S) -> Self {
        let occupied = own | foes;
        OccupancySets {
            occupied,
            empty: !occupied,
            foes,
        }
    }
}

/// The targets of the slides from `from` that only move and capture, found by set
/// operations; `walk` is given each other slide.
#[inline]
fn slide_targets<S: SquareBits>(
    table: &MoveTable,
    from: Square,
    sets: OccupancySets<S>,
    mut walk: impl FnMut(&notation::Slide),
) -> S {
    let mut targets = S::default();
    for (slide, ray) in table.slides(from).iter().zip(table.slide_rays(from)) {
        let Some((moves, captures)) = simple_ending(slide.modes) else {
            walk(slide);
            continue;
        };
        let reach = S::from_set_ref(ray).ray_until(sets.occupied, slide.rising());
        if moves {
            targets |= reach & sets.empty;
        }
        if captures {
            targets |= reach & sets.foes;
        }
    }
    targets
}

/// Hands `sink` the moves of `leaps` the board allows, in their order.
#[inline]
fn leap_moves<B: PlainBoard>(
    leaps: &[notation::Leap],
    board: &B,
    sink: &mut impl FnMut(PlainMove),
) {
    for leap in leaps {
        if !board.may_make(leap.initial) || leap.block.is_some_and(|b| board.occupied(b)) {
            continue;
        }
        if let Some(ending) = board.ending(leap.to, leap.modes) {
            let ep_square = if leap.ep_on_block { leap.block } else { None };
            sink(PlainMove {
                to: leap.to,
                ending,
                ep_square,
            });
        }
    }
}

/// Hands `sink` the moves of `slide` the board allows, nearest first.
#[inline]
fn slide_moves<B: PlainBoard>(
    table: &MoveTable,
    slide: &notation::Slide,
    board: &B,
    sink: &mut impl FnMut(PlainMove),
) {
    run_along(
        board,
        table.slide_squares(slide),
        slide.modes,
        |_| true,
        sink,
    );
}

/// Hands `sink` the hops from `from`, line by line.
#[inline]
fn hop_moves<B: PlainBoard>(
    table: &MoveTable,
    board: &B,
    from: Square,
    sink: &mut impl FnMut(PlainMove),
) {
    for hop in table.hops(from) {
        let squares = table.hop_squares(hop);
        let Some(mount) = first_occupied(squares, hop.mount_range, |sq| board.occupied(sq)) else {
            continue;
        };
        if !board.hop_allows(squares[mount]) {
            continue;
        }
        let landings = squares[mount + 1..].iter().take(hop.landing_range as usize);
        run_along(board, landings, hop.modes, |to| board.hop_allows(to), sink);
    }
}

/// Hands `sink` each square of `squares` a move with `modes` may end on (and `allows`
/// admits), up to and including the first occupied one.
#[inline]
fn run_along<'a, B: PlainBoard>(
    board: &B,
    squares: impl IntoIterator<Item = &'a Square>,
    modes: Modes,
    allows: impl Fn(Square) -> bool,
    sink: &mut impl FnMut(PlainMove),
) {
    for &to in squares {
        if let Some(ending) = board.ending(to, modes).filter(|_| allows(to)) {
            sink(PlainMove {
                to,
                ending,
                ep_square: None,
            });
        }
        if board.occupied(to) {
            break;
        }
    }
}

/// The index of the first square of `squares` within `range` steps that `occupied` says holds a
/// piece.
#[inline]
pub(crate) fn first_occupied(
    squares: &[Square],
    range: u16,
    occupied: impl Fn(Square) -> bool,
) -> Option<usize> {
    squares
        .iter()
        .take(range as usize)
        .position(|&sq| occupied(sq))
}
