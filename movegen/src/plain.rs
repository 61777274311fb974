//! The plain moves of a piece: the leaps, slides and hops its move table lists from its
//! square. One generator serves the engine's position (perft, search) and the board
//! `kraken betza` draws its diagrams on; each sees the board through [`PlainBoard`].

use notation::{Initial, Modes, MoveTable, Square};

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
    for leap in table.leaps(from) {
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
    for slide in table.slides(from) {
        run_along(
            board,
            table.slide_squares(slide),
            slide.modes,
            |_| true,
            &mut sink,
        );
    }
    for hop in table.hops(from) {
        let squares = table.hop_squares(hop);
        let Some(mount) = first_occupied(squares, hop.mount_range, |sq| board.occupied(sq)) else {
            continue;
        };
        if !board.hop_allows(squares[mount]) {
            continue;
        }
        let landings = squares[mount + 1..].iter().take(hop.landing_range as usize);
        run_along(
            board,
            landings,
            hop.modes,
            |to| board.hop_allows(to),
            &mut sink,
        );
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
