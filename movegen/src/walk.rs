//! The general walker: every pseudo-legal move of one piece, from its move table.

mod saturation;

use arrayvec::ArrayVec;
use notation::{
    Color, Curve, EpRule, GapRule, Geometry, Initial, Modes, MoveTable, PathKind, PathLeg, Range,
    Square, SquareSet,
};
use saturation::Saturation;

use crate::plain::{plain_moves, PlainBoard};

/// Most pieces one move can capture besides its destination.
pub const MAX_VICTIMS: usize = 8;
/// Most squares one move can mark with e.p. rights.
pub const MAX_EP_RIGHTS: usize = 16;

/// What stands on an occupied square, as far as move generation cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupant {
    /// The side it belongs to.
    pub color: Color,
    /// Whether it is royal (for `k` captures).
    pub royal: bool,
    /// Whether it has never moved (for `i` moves and castling partners).
    pub virgin: bool,
    /// Whether it stands a rank ahead of where its type starts (for `ii` moves).
    pub ahead_of_start: bool,
    /// An id of its type: borrowing (`x`) skips friends of the mover's own type.
    pub kind: u32,
}

impl Occupant {
    /// Whether this piece may make a move restricted by `initial` (`i`, `ii`).
    #[inline]
    pub fn may_make(&self, initial: Initial) -> bool {
        match initial {
            Initial::Any => true,
            Initial::Virgin => self.virgin,
            Initial::AheadOfStart => self.ahead_of_start,
        }
    }
}

/// The board a piece moves on, seen through what its moves need to know.
pub trait PieceBoard {
    /// The board's geometry.
    fn geometry(&self) -> &Geometry;
    /// What stands on `sq`, if anything.
    fn occupant(&self, sq: Square) -> Option<Occupant>;
    /// The squares that carry e.p. rights.
    fn ep_squares(&self) -> SquareSet;
    /// The square of the piece an e.p. capture removes.
    fn ep_victim(&self) -> Option<Square>;
    /// The move table of the piece on `sq` (for induction and borrowing), for its own colour.
    fn table_at(&self, sq: Square) -> Option<&MoveTable>;
    /// The table of the piece type the imitator copies, compiled for `color`.
    fn imitated(&self, color: Color) -> Option<&MoveTable>;
}

/// How the final leg of a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// On an empty square.
    Quiet,
    /// Capturing a foe (`royal` when the foe was royal).
    Capture {
        /// Whether the captured foe was royal.
        royal: bool,
    },
    /// Capturing a friend (`d`).
    Destroy,
    /// Capturing en passant (`e`).
    EnPassant,
    /// Castling (`O`).
    Castling,
}

/// One generated move with everything it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathMove {
    /// The square of the piece that moves: the mover's own square, or the friend's square for
    /// a move induced by `x`.
    pub piece: Square,
    /// Where that piece ends.
    pub to: Square,
    /// Squares whose occupants are captured, in leg order; includes `to` when the final leg
    /// captures there, and the e.p. victim.
    pub captures: ArrayVec<Square, MAX_VICTIMS>,
    /// `(square, victim)`: the piece captured on `victim` reappears on `square` (`u`).
    pub unloads: ArrayVec<(Square, Square), 4>,
    /// Squares that get e.p. rights after the move.
    pub ep_rights: ArrayVec<Square, MAX_EP_RIGHTS>,
    /// For castling: the partner's square and where it goes.
    pub castle: Option<(Square, Square)>,
    /// For an e.p. capture: the square of the captured piece.
    pub ep_capture: Option<Square>,
    /// How the final leg ended.
    pub ending: Ending,
}

/// Generates every pseudo-legal move of the piece `mover` standing on `origin`, whose moves
/// are `table`, and hands each to `sink`.
///
/// The origin counts as empty for the piece's own legs (it has left it). Moves may repeat when
/// two components of the piece reach the same result.
pub fn generate<B: PieceBoard>(
    table: &MoveTable,
    board: &B,
    origin: Square,
    mover: Occupant,
    sink: &mut dyn FnMut(&PathMove),
) {
    generate_with(table, board, origin, mover, Nesting::default(), sink);
}

/// What the current generation is nested in, to stop borrowing and imitation from recursing.
#[derive(Clone, Copy, Default)]
struct Nesting {
    borrowing: bool,
    imitating: bool,
}

fn generate_with<B: PieceBoard>(
    table: &MoveTable,
    board: &B,
    origin: Square,
    mover: Occupant,
    nesting: Nesting,
    sink: &mut dyn FnMut(&PathMove),
) {
    let view = MoverView {
        board,
        origin,
        mover,
    };
    let mut plain = PathMove::plain(origin, origin);
    plain_moves(table, &view, origin, |pm| {
        plain.to = pm.to;
        plain.set_ending(pm.ending);
        plain.ep_rights.extend(pm.ep_square);
        sink(&plain);
        plain.ep_rights.clear();
    });
    generate_paths_with(table, board, origin, mover, nesting, sink);
}

/// Generates only the moves of the table's paths (not its plain leaps and slides), for a
/// generator that handles those itself.
pub fn generate_paths<B: PieceBoard>(
    table: &MoveTable,
    board: &B,
    origin: Square,
    mover: Occupant,
    sink: &mut dyn FnMut(&PathMove),
) {
    generate_paths_with(table, board, origin, mover, Nesting::default(), sink);
}

fn generate_paths_with<B: PieceBoard>(
    table: &MoveTable,
    board: &B,
    origin: Square,
    mover: Occupant,
    nesting: Nesting,
    sink: &mut dyn FnMut(&PathMove),
) {
    let no_ep =
        board.ep_victim().is_none() || !board.ep_squares().intersects(table.ep_reach(origin));
    for path in table.paths() {
        if !mover.may_make(path.initial) || (path.ep_only && no_ep) {
            continue;
        }
        match path.kind {
            PathKind::Legs => {
                let mut walk = Walk::new(table, board, origin, mover, path, nesting, sink);
                walk.leg(0, origin, 0, false, 0);
            }
            PathKind::Castling { steps } => castle(table, board, origin, mover, path, steps, sink),
            PathKind::Universal => universal(board, origin, mover, path, sink),
            PathKind::Imitate {
                forward,
                backward,
                filter,
            } if !nesting.imitating => {
                let nested = Nesting {
                    imitating: true,
                    ..nesting
                };
                for (wanted, color) in [(forward, mover.color), (backward, mover.color.opponent())]
                {
                    let Some(imitated) = board.imitated(color).filter(|_| wanted) else {
                        continue;
                    };
                    let mut filtered = |mv: &PathMove| {
                        if imitation_allowed(mv.ending, filter) {
                            sink(mv);
                        }
                    };
                    generate_with(imitated, board, origin, mover, nested, &mut filtered);
                }
            }
            PathKind::Imitate { .. } => {}
        }
    }
}

/// Whether the imitator's modes let it copy a move with this ending.
fn imitation_allowed(ending: Ending, filter: Modes) -> bool {
    if filter.is_empty() {
        return true;
    }
    match ending {
        Ending::Quiet | Ending::Castling => filter.contains(Modes::MOVE),
        Ending::Capture { royal } => {
            filter.contains(Modes::CAPTURE) || (royal && filter.contains(Modes::ROYAL_CAPTURE))
        }
        Ending::Destroy => filter.contains(Modes::DESTROY),
        Ending::EnPassant => filter.contains(Modes::EN_PASSANT),
    }
}

/// How a plain leap or slide with `modes` may end on a square holding `occupant`.
#[inline]
fn plain_ending(occupant: Option<Occupant>, modes: Modes, mover: Occupant) -> Option<Ending> {
    match occupant {
        None => modes.contains(Modes::MOVE).then_some(Ending::Quiet),
        Some(o) if o.color != mover.color => (modes.contains(Modes::CAPTURE)
            || (o.royal && modes.contains(Modes::ROYAL_CAPTURE)))
        .then_some(Ending::Capture { royal: o.royal }),
        Some(_) => modes.contains(Modes::DESTROY).then_some(Ending::Destroy),
    }
}

/// A board as the plain moves of `mover` on `origin` see it (the origin counts as empty).
struct MoverView<'a, B> {
    board: &'a B,
    origin: Square,
    mover: Occupant,
}

impl<B: PieceBoard> PlainBoard for MoverView<'_, B> {
    #[inline]
    fn occupied(&self, sq: Square) -> bool {
        sq != self.origin && self.board.occupant(sq).is_some()
    }

    #[inline]
    fn ending(&self, sq: Square, modes: Modes) -> Option<Ending> {
        let occupant = self.board.occupant(sq).filter(|_| sq != self.origin);
        plain_ending(occupant, modes, self.mover)
    }

    #[inline]
    fn may_make(&self, initial: Initial) -> bool {
        self.mover.may_make(initial)
    }
}

impl PathMove {
    fn plain(piece: Square, to: Square) -> PathMove {
        PathMove {
            piece,
            to,
            captures: ArrayVec::new(),
            unloads: ArrayVec::new(),
            ep_rights: ArrayVec::new(),
            castle: None,
            ep_capture: None,
            ending: Ending::Quiet,
        }
    }

    fn set_ending(&mut self, ending: Ending) {
        self.ending = ending;
        self.captures.clear();
        if matches!(ending, Ending::Capture { .. } | Ending::Destroy) {
            self.captures.push(self.to);
        }
    }
}

/// `O`: slide to a friendly, virgin piece on the board edge and castle with it.
fn castle<B: PieceBoard>(
    table: &MoveTable,
    board: &B,
    origin: Square,
    mover: Occupant,
    path: &notation::Path,
    steps: u8,
    sink: &mut dyn FnMut(&PathMove),
) {
    let Some(leg) = path.legs.first() else { return };
    let steps = steps as usize;
    for d in leg.dirs.iter() {
        let ray = table.family(leg).ray(origin, d);
        if steps == 0 {
            break;
        }
        let Some(partner_at) = ray.iter().position(|s| board.occupant(s.to).is_some()) else {
            continue;
        };
        let partner = board.occupant(ray[partner_at].to).expect("found occupied");
        let on_edge = partner_at + 1 == ray.len();
        if partner.color != mover.color || !partner.virgin || !on_edge || partner_at < steps {
            continue;
        }
        let partner_to = if steps >= 2 {
            ray[steps - 2].to
        } else {
            origin
        };
        let mut mv = PathMove::plain(origin, ray[steps - 1].to);
        mv.castle = Some((ray[partner_at].to, partner_to));
        mv.ending = Ending::Castling;
        sink(&mv);
    }
}

/// `U`: every square but the origin.
fn universal<B: PieceBoard>(
    board: &B,
    origin: Square,
    mover: Occupant,
    path: &notation::Path,
    sink: &mut dyn FnMut(&PathMove),
) {
    let modes = path
        .legs
        .first()
        .map_or(Modes::DEFAULT_FINAL, |leg| leg.modes);
    let mut mv = PathMove::plain(origin, origin);
    for to in board.geometry().squares().filter(|&sq| sq != origin) {
        if let Some(ending) = plain_ending(board.occupant(to), modes, mover) {
            mv.to = to;
            mv.set_ending(ending);
            sink(&mv);
        }
    }
}

/// The state of one walk along a path: what the move has done so far.
struct Walk<'a, B> {
    table: &'a MoveTable,
    board: &'a B,
    legs: &'a [PathLeg],
    /// Where the generating piece stands (it stays there when it induces a move).
    origin: Square,
    mover: Occupant,
    /// The square of the piece that actually moves (the origin, or an induced friend's square);
    /// it counts as empty.
    piece: Square,
    captures: ArrayVec<Square, MAX_VICTIMS>,
    unloads: ArrayVec<(Square, Square), 4>,
    ep_rights: ArrayVec<Square, MAX_EP_RIGHTS>,
    ep_capture: Option<Square>,
    /// The squares the move has stood on or passed over so far, which a continuation leg in
    /// its default directions may not enter again.
    visited: SquareSet,
    nesting: Nesting,
    /// For a path that saturates, where moves have ended and where branches can end.
    saturation: Option<Saturation>,
    sink: &'a mut dyn FnMut(&PathMove),
}

/// Whether a walk along a ray goes on past the current square.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

impl<'a, B: PieceBoard> Walk<'a, B> {
    fn new(
        table: &'a MoveTable,
        board: &'a B,
        origin: Square,
        mover: Occupant,
        path: &'a notation::Path,
        nesting: Nesting,
        sink: &'a mut dyn FnMut(&PathMove),
    ) -> Self {
        Walk {
            table,
            board,
            legs: &path.legs,
            origin,
            mover,
            piece: origin,
            captures: ArrayVec::new(),
            unloads: ArrayVec::new(),
            ep_rights: ArrayVec::new(),
            ep_capture: None,
            visited: SquareSet::from_square(origin),
            nesting,
            saturation: path.saturates.then(Saturation::default),
            sink,
        }
    }

    /// What stands on `sq` at this point of the move.
    #[inline]
    fn occupant(&self, sq: Square) -> Option<Occupant> {
        if sq == self.piece || self.captures.contains(&sq) {
            None
        } else if sq == self.origin {
            Some(self.mover)
        } else {
            self.board.occupant(sq)
        }
    }

    /// The most steps leg `k` may take from `from`.
    fn max_steps(&self, leg: &PathLeg, k: usize, from: Square, toggled: bool) -> usize {
        let range = if k > 0 && toggled {
            leg.range.toggled()
        } else {
            leg.range
        };
        let steps = match range {
            Range::Steps(n) => n as usize,
            Range::Unlimited => usize::MAX,
            Range::EnemyHalf => {
                let g = self.board.geometry();
                let rank = match self.mover.color {
                    Color::White => g.rank(from),
                    Color::Black => g.height() as i32 - 1 - g.rank(from),
                };
                (g.height() as i32 / 2 - 1 - rank).max(1) as usize
            }
        };
        if leg.curve == Curve::Circular {
            steps.min(7)
        } else {
            steps
        }
    }

    /// Walks leg `k` from `from`; `prev_dir` is the absolute direction of the previous leg,
    /// `toggled` the parity of range toggles so far, `slid` the length an iso leg must match
    /// ([`PathLeg::iso_length_after`]).
    fn leg(&mut self, k: usize, from: Square, prev_dir: u8, toggled: bool, slid: usize) {
        if k > 0 && self.saturated(k, from, prev_dir, toggled) {
            return;
        }
        let leg = self.legs[k];
        let max = self.max_steps(&leg, k, from, toggled);
        for rel in leg.dirs.iter() {
            let d = if k == 0 { rel } else { (prev_dir + rel) & 7 };
            match leg.curve {
                Curve::Straight => self.straight(k, &leg, from, d, max, toggled, slid),
                Curve::Crooked | Curve::Circular => {
                    for sense in [1u8, 7u8] {
                        self.curved(k, &leg, from, d, sense, max, toggled);
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn straight(
        &mut self,
        k: usize,
        leg: &PathLeg,
        from: Square,
        d: u8,
        max: usize,
        toggled: bool,
        slid: usize,
    ) {
        let family = self.table.family(leg);
        let ray = family.ray(from, d);
        let rights_mark = self.ep_rights.len();
        let visited = self.visited;
        let slider = max > 1;
        for (i, step) in ray.iter().enumerate() {
            let t = i + 1;
            if t > max || (leg.iso && t > slid) {
                break;
            }
            if !self.gaps_allow(leg, family.gaps(step)) {
                break;
            }
            if leg.ski && t == 1 {
                continue;
            }
            let to = step.to;
            if leg.no_revisit && self.visited.contains(to) {
                break;
            }
            if leg.iso && t < slid {
                if self.occupant(to).is_some() {
                    break;
                }
                self.pass(leg, to);
                self.visited.insert(to);
                continue;
            }
            let gap_mark = self.ep_rights.len();
            if leg.ep == EpRule::Gaps {
                for &gap in family.gaps(step) {
                    let _ = self.ep_rights.try_push(gap);
                }
            }
            let next_slid = PathLeg::iso_length_after(slid, t, slider);
            let flow = self.visit(k, leg, from, to, d, toggled, next_slid);
            self.ep_rights.truncate(gap_mark);
            if flow == Flow::Stop || (leg.iso && t == slid) {
                break;
            }
            self.pass(leg, to);
            self.visited.insert(to);
        }
        self.visited = visited;
        self.ep_rights.truncate(rights_mark);
    }

    #[allow(clippy::too_many_arguments)]
    fn curved(
        &mut self,
        k: usize,
        leg: &PathLeg,
        from: Square,
        d0: u8,
        sense: u8,
        max: usize,
        toggled: bool,
    ) {
        let family = self.table.family(leg);
        let rights_mark = self.ep_rights.len();
        let mut at = from;
        let mut d = d0;
        for t in 1..=max {
            let Some(step) = family.ray(at, d).first() else {
                break;
            };
            if step.to == from || !self.gaps_allow(leg, family.gaps(step)) {
                break;
            }
            let to = step.to;
            // The first step is the same in both senses: report it once.
            if t > 1 || sense == 1 {
                if self.visit(k, leg, from, to, d, toggled, t) == Flow::Stop {
                    break;
                }
            } else if self.occupant(to).is_some() {
                break;
            }
            self.pass(leg, to);
            at = to;
            d = match leg.curve {
                Curve::Crooked if t % 2 == 1 => (d0 + 2 * sense) & 7,
                Curve::Crooked => d0,
                _ => (d + sense) & 7,
            };
        }
        self.ep_rights.truncate(rights_mark);
    }

    /// Notes that the leg passed over the empty square `to`.
    #[inline]
    fn pass(&mut self, leg: &PathLeg, to: Square) {
        if leg.ep == EpRule::Passed {
            let _ = self.ep_rights.try_push(to);
        }
    }

    /// Whether the squares a leap passes over allow it (`n`: all empty, `j`: all occupied).
    #[inline]
    fn gaps_allow(&self, leg: &PathLeg, gaps: &[Square]) -> bool {
        match leg.gaps {
            GapRule::Free => true,
            GapRule::NonJumping => gaps.iter().all(|&g| self.occupant(g).is_none()),
            GapRule::Jumping => gaps.iter().all(|&g| self.occupant(g).is_some()),
        }
    }

    /// Tries every way leg `k` can end on `to`; returns whether the leg may go on beyond it.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        k: usize,
        leg: &PathLeg,
        from: Square,
        to: Square,
        d: u8,
        toggled: bool,
        slid: usize,
    ) -> Flow {
        let last = k + 1 == self.legs.len();
        let modes = leg.modes;
        let wraps = self.table.family(leg).wrap != notation::Wrap::None;
        match self.occupant(to) {
            None if wraps && to == self.piece && k > 0 => Flow::Stop,
            None => {
                if modes.contains(Modes::EN_PASSANT) && self.board.ep_squares().contains(to) {
                    self.en_passant(k, leg, from, to, d, toggled, slid);
                }
                if modes.contains(Modes::MOVE) {
                    self.end_or_continue(k, to, d, toggled, slid, Ending::Quiet);
                }
                if modes.contains(Modes::FORK) && !last {
                    self.continue_from(k, to, d, !toggled, slid);
                }
                Flow::Continue
            }
            Some(o) => {
                if o.color != self.mover.color {
                    if modes.contains(Modes::CAPTURE)
                        || (o.royal && modes.contains(Modes::ROYAL_CAPTURE))
                    {
                        self.capture(
                            k,
                            leg,
                            from,
                            to,
                            d,
                            toggled,
                            slid,
                            Ending::Capture { royal: o.royal },
                        );
                    }
                } else {
                    if modes.contains(Modes::DESTROY) {
                        self.capture(k, leg, from, to, d, toggled, slid, Ending::Destroy);
                    }
                    if modes.contains(Modes::EXCITE) {
                        if last {
                            self.borrow(to, o);
                        } else {
                            self.induce(k, to, d, toggled, slid);
                        }
                    }
                }
                // `t`: only a friend may serve as the platform.
                let platform = !modes.contains(Modes::TAME) || o.color == self.mover.color;
                if !last && platform && modes.contains(Modes::HOP) {
                    self.continue_from(k, to, d, toggled, slid);
                }
                if !last && platform && modes.contains(Modes::GRASSHOP) {
                    self.continue_from(k, to, d, !toggled, slid);
                }
                Flow::Stop
            }
        }
    }

    /// Captures on `to` (which the leg ends on), then ends the move or goes on.
    #[allow(clippy::too_many_arguments)]
    fn capture(
        &mut self,
        k: usize,
        leg: &PathLeg,
        from: Square,
        to: Square,
        d: u8,
        toggled: bool,
        slid: usize,
        ending: Ending,
    ) {
        self.take(k, leg, from, to, to, d, toggled, slid, ending);
    }

    /// `e` on an e.p. square: captures the e.p. victim, then ends the move or goes on.
    #[allow(clippy::too_many_arguments)]
    fn en_passant(
        &mut self,
        k: usize,
        leg: &PathLeg,
        from: Square,
        to: Square,
        d: u8,
        toggled: bool,
        slid: usize,
    ) {
        let Some(victim) = self.board.ep_victim() else {
            return;
        };
        match self.occupant(victim) {
            Some(o) if o.color != self.mover.color => {}
            _ => return,
        }
        let saved = self.ep_capture.replace(victim);
        self.take(
            k,
            leg,
            from,
            victim,
            to,
            d,
            toggled,
            slid,
            Ending::EnPassant,
        );
        self.ep_capture = saved;
    }

    /// Removes the piece on `victim` (putting it on the leg's start square for `u`), then ends
    /// the move on `to` or goes on from there.
    #[allow(clippy::too_many_arguments)]
    fn take(
        &mut self,
        k: usize,
        leg: &PathLeg,
        from: Square,
        victim: Square,
        to: Square,
        d: u8,
        toggled: bool,
        slid: usize,
        ending: Ending,
    ) {
        if self.captures.try_push(victim).is_err() {
            return;
        }
        let unloaded =
            leg.modes.contains(Modes::UNLOAD) && self.unloads.try_push((from, victim)).is_ok();
        self.end_or_continue(k, to, d, toggled, slid, ending);
        if unloaded {
            self.unloads.pop();
        }
        self.captures.pop();
    }

    /// Ends the move on `to` if leg `k` is the last, or starts the next leg there.
    fn end_or_continue(
        &mut self,
        k: usize,
        to: Square,
        d: u8,
        toggled: bool,
        slid: usize,
        ending: Ending,
    ) {
        if k + 1 == self.legs.len() {
            self.emit(to, ending);
        } else {
            self.continue_from(k, to, d, toggled, slid);
        }
    }

    /// Starts leg `k + 1` on `to`.
    fn continue_from(&mut self, k: usize, to: Square, d: u8, toggled: bool, slid: usize) {
        if k + 1 >= self.legs.len() {
            return;
        }
        let visited = self.visited;
        self.visited.insert(to);
        let mark = self.ep_rights.len();
        if self.legs[k].ep == EpRule::Passed {
            let _ = self.ep_rights.try_push(to);
        }
        self.leg(k + 1, to, d, toggled, slid);
        self.ep_rights.truncate(mark);
        self.visited = visited;
    }

    /// `x` on a non-final leg: the friend on `at` makes the rest of the move.
    fn induce(&mut self, k: usize, at: Square, d: u8, toggled: bool, slid: usize) {
        let saved = std::mem::replace(&mut self.piece, at);
        self.continue_from(k, at, d, toggled, slid);
        self.piece = saved;
    }

    /// `x` on the final leg: the mover borrows the moves of the friend on `at`.
    fn borrow(&mut self, at: Square, friend: Occupant) {
        if self.nesting.borrowing || friend.kind == self.mover.kind || self.piece != self.origin {
            return;
        }
        let Some(table) = self.board.table_at(at) else {
            return;
        };
        let nesting = Nesting {
            borrowing: true,
            ..self.nesting
        };
        generate_with(
            table,
            self.board,
            self.origin,
            self.mover,
            nesting,
            &mut *self.sink,
        );
    }

    fn emit(&mut self, to: Square, ending: Ending) {
        // What the move captured reappears on its unload squares: the mover cannot end there.
        if self.unloads.iter().any(|&(square, _)| square == to) {
            return;
        }
        // A saturating path's moves are told apart by where they end alone.
        if self.saturation.as_mut().is_some_and(|s| !s.end(to)) {
            return;
        }
        let mut mv = PathMove::plain(self.piece, to);
        mv.captures = self.captures.clone();
        mv.unloads = self.unloads.clone();
        mv.ep_capture = self.ep_capture;
        mv.ending = ending;
        mv.ep_rights = self
            .ep_rights
            .iter()
            .copied()
            .filter(|&sq| sq != to)
            .collect();
        (self.sink)(&mv);
    }
}
