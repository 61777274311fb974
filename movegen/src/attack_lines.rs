//! Attack detection by lines: per target square, the squares from which a piece of one colour
//! could take a royal piece standing there, merged over all its piece types, so that asking
//! whether a square is attacked looks at each leap square once and walks each line once to
//! its first piece (its second, where hoppers may stand), instead of once per type.
//!
//! Only for a colour whose pieces all capture by plain leaps (lame ones included), slides and
//! hops over one piece at any distance, within regions and zones: no first-move-only
//! captures, multi-leg paths, line moves, imitation or hoppers that shun their own kind.
//! Other colours keep the general test ([`Position::attacked`](crate::Position::attacked)).

use notation::{Color, Initial, Modes, MoveTable, Square, SquareBits, SquareSet};

use crate::{
    position::{sets::SetId, Piece, Position},
    rules::{PieceId, Rules},
};

/// A set of piece types (bit `id` for the type `id`).
type TypeMask = u64;

/// One square along a line from a target, and the types that take a royal piece on the
/// target from it.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    square: Square,
    /// Types that take by sliding from here when nothing stands between.
    slides: TypeMask,
    /// Types that take by hopping from here over the only piece between.
    hops: TypeMask,
}

/// A line from a target: its squares, its range in `steps`, and whether a hopper may stand
/// on it.
#[derive(Clone, Copy, Debug)]
struct Line {
    squares: SquareSet,
    start: u32,
    end: u32,
    hops: bool,
}

/// Where a colour's pieces take a royal piece from, per target square.
#[derive(Clone, Debug)]
pub(crate) struct AttackLines {
    /// The attacking colour.
    by: Color,
    /// Per square index: its ranges in `leaps`, `lame` and `lines`.
    index: Vec<[(u32, u32); 3]>,
    /// A piece type and the squares from which it takes a royal piece on the target by a
    /// leap that tests nothing on the way (only types that have such squares).
    leaps: Vec<(PieceId, SquareSet)>,
    /// A piece type, a square from which it takes a royal piece on the target by a lame
    /// leap, and the square that leap needs empty.
    lame: Vec<(PieceId, Square, Square)>,
    /// The lines from the target along which pieces slide or hop to it.
    lines: Vec<Line>,
    /// Along each line, from the target outwards: its squares and who takes from there.
    steps: Vec<Step>,
    /// The types that slide or hop along some line.
    line_types: TypeMask,
}

/// What one target's lines are being built from: per line, its steps.
type LinesOfTarget = Vec<Vec<Step>>;

impl AttackLines {
    /// The lines of the pieces of `by` under `rules`, or `None` when some piece type of `by`
    /// captures in a way they cannot express.
    pub(crate) fn new(rules: &Rules, by: Color) -> Option<AttackLines> {
        let g = &rules.geometry;
        if rules.pieces.len() > TypeMask::BITS as usize
            || rules.moves.grid.is_some()
            || rules.walling.is_some()
        {
            return None;
        }
        let victim = by.opponent();
        let tricky = rules.pieces.iter().any(|pt| {
            pt.line_moves.is_some()
                || pt.imitator
                || pt.shuns_own_kind
                || (pt.petrifies && pt.royal)
                || pt.attacks_by_paths(by)
        });
        if tricky {
            return None;
        }
        let mut lines = AttackLines {
            by,
            index: vec![[(0, 0); 3]; g.num_squares()],
            leaps: Vec::new(),
            lame: Vec::new(),
            lines: Vec::new(),
            steps: Vec::new(),
            line_types: 0,
        };
        for target in g.squares() {
            let leap_start = lines.leaps.len() as u32;
            let lame_start = lines.lame.len() as u32;
            let mut of_target: LinesOfTarget = Vec::new();
            for (id, pt) in rules.pieces.iter().enumerate() {
                // A type confined to a region takes nothing outside it.
                if pt.region.is_some_and(|r| !r[by.index()].contains(target)) {
                    continue;
                }
                // Each table with the squares it moves from.
                let tables: Vec<(&MoveTable, SquareSet)> = match &pt.zone_moves {
                    Some(z) => vec![
                        (&pt.attack_tables[victim.index()], !z.zone[by.index()]),
                        (&z.attack_tables[victim.index()], z.zone[by.index()]),
                    ],
                    None => vec![(&pt.attack_tables[victim.index()], !SquareSet::EMPTY)],
                };
                let mut from = SquareSet::EMPTY;
                for (reverse, allowed) in tables {
                    let id = id as PieceId;
                    for leap in reverse.leaps(target) {
                        if !leap.modes.intersects(Modes::TAKES_ROYAL) || !allowed.contains(leap.to)
                        {
                            continue;
                        }
                        if leap.initial != Initial::Any {
                            return None;
                        }
                        match leap.block_reverse {
                            Some(block) => lines.lame.push((id, leap.to, block)),
                            None => from.insert(leap.to),
                        }
                    }
                    for slide in reverse.slides(target) {
                        if slide.modes.intersects(Modes::TAKES_ROYAL) {
                            let squares = reverse.slide_squares(slide);
                            add_to_line(&mut of_target, squares, allowed, id, false)?;
                        }
                    }
                    for hop in reverse.hops(target) {
                        if !hop.modes.intersects(Modes::TAKES_ROYAL) {
                            continue;
                        }
                        let squares = reverse.hop_squares(hop);
                        // Only hops over one piece at any distance, landing anywhere beyond.
                        let any_distance = squares.len() as u16;
                        if hop.landing_range < any_distance || hop.mount_range < any_distance {
                            return None;
                        }
                        add_to_line(&mut of_target, squares, allowed, id, true)?;
                    }
                }
                if !from.is_empty() {
                    lines.leaps.push((id as PieceId, from));
                }
            }
            let line_start = lines.lines.len() as u32;
            for steps in of_target {
                let start = lines.steps.len() as u32;
                lines.lines.push(Line {
                    squares: steps.iter().map(|step| step.square).collect(),
                    start,
                    end: start + steps.len() as u32,
                    hops: steps.iter().any(|step| step.hops != 0),
                });
                lines.line_types |= steps.iter().fold(0, |t, step| t | step.slides | step.hops);
                lines.steps.extend(steps);
            }
            lines.index[target.index()] = [
                (leap_start, lines.leaps.len() as u32),
                (lame_start, lines.lame.len() as u32),
                (line_start, lines.lines.len() as u32),
            ];
        }
        Some(lines)
    }

    /// Whether a piece of `pos` takes a royal piece on `target` by a leap that tests nothing
    /// on the way.
    #[inline]
    fn taken_by_a_leap<S: SquareBits>(&self, pos: &Position, target: Square) -> bool {
        let (start, end) = self.index[target.index()][0];
        self.leaps[start as usize..end as usize]
            .iter()
            .any(|(id, from)| {
                let code = Piece {
                    color: self.by,
                    id: *id,
                }
                .code();
                let pieces = pos.sets.get_in::<S>(SetId::Code(code));
                (S::from_set_ref(from) & pieces)
                    .iter()
                    .any(|sq| pos.board[sq.index()] == code)
            })
    }

    /// The lame leaps to `target`: the type, the square it leaps from and the square the
    /// leap needs empty.
    #[inline]
    fn lame_to(&self, target: Square) -> &[(PieceId, Square, Square)] {
        let (start, end) = self.index[target.index()][1];
        &self.lame[start as usize..end as usize]
    }

    /// The lines from `target`.
    #[inline]
    fn lines_from(&self, target: Square) -> &[Line] {
        let (start, end) = self.index[target.index()][2];
        &self.lines[start as usize..end as usize]
    }

    /// The steps of `line`, from the target outwards.
    #[inline]
    fn steps(&self, line: &Line) -> &[Step] {
        &self.steps[line.start as usize..line.end as usize]
    }

    /// The lines from `target` on which a piece of a type that slides or hops along some
    /// line stands (in `pos`'s piece sets, read as type `S`), with nothing known of what
    /// stands between.
    #[inline]
    fn manned_lines<'a, S: SquareBits>(
        &'a self,
        pos: &'a Position,
        target: Square,
    ) -> impl Iterator<Item = &'a Line> + 'a {
        let riders = self.pieces_of_types::<S>(pos, self.line_types);
        self.lines_from(target)
            .iter()
            .filter(move |line| S::from_set_ref(&line.squares).intersects(riders))
    }

    /// The squares of the attacking colour's pieces of the types in `types`.
    #[inline]
    fn pieces_of_types<S: SquareBits>(&self, pos: &Position, mut types: TypeMask) -> S {
        let mut pieces = S::EMPTY;
        while types != 0 {
            let id = types.trailing_zeros() as PieceId;
            types &= types - 1;
            let code = Piece { color: self.by, id }.code();
            pieces |= pos.sets.get_in::<S>(SetId::Code(code));
        }
        pieces
    }

    /// Whether the piece with board code `code` is of the attacking colour and of a type in
    /// `mask`.
    #[inline]
    fn takes(&self, code: u8, mask: TypeMask) -> bool {
        Piece::from_code(code).is_some_and(|p| p.color == self.by && (mask >> p.id) & 1 != 0)
    }

    /// Whether a piece of `pos` could take a royal piece standing on `target`. Pieces count
    /// where the board array holds them, as in the general test; probes may lift or replace
    /// pieces on the array alone (a royal piece stepping, a checker looked at as a friend),
    /// since the piece sets, which only narrow the search, hold every piece the array does.
    #[inline]
    pub(crate) fn attacked(&self, pos: &Position, target: Square) -> bool {
        match pos.sets.words() {
            1 => self.attacked_in::<u64>(pos, target),
            2 => self.attacked_in::<u128>(pos, target),
            _ => self.attacked_in::<SquareSet>(pos, target),
        }
    }

    /// [`attacked`](AttackLines::attacked) with the board's sets read as type `S`.
    #[inline]
    fn attacked_in<S: SquareBits>(&self, pos: &Position, target: Square) -> bool {
        let by = self.by;
        if self.taken_by_a_leap::<S>(pos, target) {
            return true;
        }
        for &(id, from, block) in self.lame_to(target) {
            let code = Piece { color: by, id }.code();
            if pos.board[from.index()] == code && pos.board[block.index()] == 0 {
                return true;
            }
        }
        for line in self.manned_lines::<S>(pos, target) {
            let mut screened = false;
            for step in self.steps(line) {
                let code = pos.board[step.square.index()];
                if code == 0 {
                    continue;
                }
                let mask = if screened { step.hops } else { step.slides };
                if self.takes(code, mask) {
                    return true;
                }
                if screened || !line.hops {
                    break;
                }
                screened = true;
            }
        }
        false
    }

    /// The squares whose change of occupancy could open an attack on a royal piece on
    /// `target` by `pos`'s attacking colour, or `None` when it is attacked now (the same as
    /// [`attacked`](AttackLines::attacked), found on the same walk): the piece that alone
    /// shields it from a slider along a line; on a line with a hopper among its first three
    /// pieces, the squares up to the third; the square a lame leaper needs empty. (Other
    /// leaps test nothing on the way.)
    pub(crate) fn exposure_unless_attacked<S: SquareBits>(
        &self,
        pos: &Position,
        target: Square,
    ) -> Option<S> {
        let by = self.by;
        if self.taken_by_a_leap::<S>(pos, target) {
            return None;
        }
        let mut exposure = S::EMPTY;
        for &(id, from, block) in self.lame_to(target) {
            if pos.board[from.index()] == (Piece { color: by, id }).code() {
                if pos.board[block.index()] == 0 {
                    return None;
                }
                exposure.insert(block);
            }
        }
        for line in self.manned_lines::<S>(pos, target) {
            let mut shield = None;
            let mut stretch = S::EMPTY;
            let mut seen = 0;
            let mut hopper_near = false;
            for step in self.steps(line) {
                if line.hops {
                    stretch.insert(step.square);
                }
                let code = pos.board[step.square.index()];
                if code == 0 {
                    continue;
                }
                seen += 1;
                match shield {
                    None if self.takes(code, step.slides) => return None,
                    None => shield = Some(step.square),
                    Some(_) if seen == 2 && self.takes(code, step.hops) => return None,
                    Some(first) if seen == 2 && self.takes(code, step.slides) => {
                        exposure.insert(first);
                    }
                    Some(_) => {}
                }
                hopper_near |= self.takes(code, step.hops);
                if seen == 3 || (seen == 2 && !line.hops) {
                    break;
                }
            }
            if hopper_near {
                exposure |= stretch;
            }
        }
        Some(exposure)
    }
}

/// Adds the slide (or hop, `hops`) of the type `id` along `squares` from a target to the
/// target's lines: the line whose first square is the same (a straight line's first square
/// gives its step), or a new one. The type takes from the squares `allowed` holds. `None`
/// when the squares stray from that line.
fn add_to_line(
    lines: &mut LinesOfTarget,
    squares: &[Square],
    allowed: SquareSet,
    id: PieceId,
    hops: bool,
) -> Option<()> {
    let Some(&first) = squares.first() else {
        return Some(());
    };
    let line = match lines.iter().position(|l| l[0].square == first) {
        Some(i) => &mut lines[i],
        None => {
            lines.push(Vec::new());
            lines.last_mut().expect("just pushed")
        }
    };
    let bit: TypeMask = if hops { 0 } else { 1 << id };
    let hop_bit: TypeMask = if hops { 1 << id } else { 0 };
    for (k, &sq) in squares.iter().enumerate() {
        let (slides, hops) = if allowed.contains(sq) {
            (bit, hop_bit)
        } else {
            (0, 0)
        };
        match line.get_mut(k) {
            Some(step) if step.square == sq => {
                step.slides |= slides;
                step.hops |= hops;
            }
            Some(_) => return None,
            None => line.push(Step {
                square: sq,
                slides,
                hops,
            }),
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use notation::{parse, Geometry};

    use super::*;
    use crate::{PieceType, ZoneMoves};

    /// Rules with the pieces `betzas` (symbols A, B, C, ...) and a royal king K on 8x8.
    fn rules(betzas: &[&str]) -> Rules {
        rules_with(betzas, |_, _| {})
    }

    /// [`rules`], with `change` applied to the piece types (the king last) before the rules
    /// are finished.
    fn rules_with(betzas: &[&str], change: impl Fn(&mut [PieceType], &Geometry)) -> Rules {
        let g = Geometry::new(8, 8).expect("8x8");
        let mut pieces: Vec<PieceType> = betzas
            .iter()
            .enumerate()
            .map(|(i, betza)| {
                let symbol = ((b'A' + i as u8) as char).to_string();
                PieceType::new(betza, &symbol, betza, parse(betza).expect("betza"), &g)
            })
            .collect();
        let mut king = PieceType::new("king", "K", "K", parse("K").expect("K"), &g);
        king.royal = true;
        pieces.push(king);
        change(&mut pieces, &g);
        let mut rules = Rules::new("t", g, pieces, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        rules.finish();
        rules
    }

    /// Pseudo-random placements of the pieces A.. (as many types as `types`) and both kings.
    fn placements(types: usize, count: usize) -> Vec<String> {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        (0..count)
            .map(|_| {
                let mut board = [None::<char>; 64];
                board[next(64)] = Some('K');
                let free: Vec<usize> = (0..64).filter(|&i| board[i].is_none()).collect();
                board[free[next(free.len() as u64)]] = Some('k');
                for _ in 0..next(20) {
                    let i = next(64);
                    if board[i].is_none() {
                        let symbol = (b'A' + next(types as u64) as u8) as char;
                        let white = next(2) == 0;
                        board[i] = Some(if white {
                            symbol
                        } else {
                            symbol.to_ascii_lowercase()
                        });
                    }
                }
                let ranks: Vec<String> = board
                    .chunks(8)
                    .map(|rank| {
                        let mut text = String::new();
                        let mut empty = 0;
                        for cell in rank {
                            match cell {
                                Some(c) => {
                                    if empty > 0 {
                                        text.push_str(&empty.to_string());
                                        empty = 0;
                                    }
                                    text.push(*c);
                                }
                                None => empty += 1,
                            }
                        }
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                        }
                        text
                    })
                    .collect();
                format!("{} w - - 0 1", ranks.join("/"))
            })
            .collect()
    }

    /// Pieces of every kind lines hold: pawn, leapers, sliders, a limited slider, a rider,
    /// lame leapers (the xiangqi horse and elephant) and hoppers (the cannon).
    const BETZAS: [&str; 14] = [
        "fmWfcF", "N", "B", "R", "Q", "R2", "NN", "D", "fsW", "cbN", "nN", "nA", "mRcpR", "pB",
    ];

    /// Checks, on 300 placements of the pieces of `rules` (`types` kinds) and every
    /// target, that the lines find the attacks the types find one by one, with one piece
    /// lifted off the board array and with none.
    fn check_attacks(rules: &Arc<Rules>, types: usize) {
        assert!(rules.attack_lines.iter().all(Option::is_some));
        let mut attacks = 0;
        for fen in placements(types, 300) {
            let mut pos = Position::from_fen(rules.clone(), &fen).expect("a legal FEN");
            let occupied: Vec<Square> = pos.occupied().iter().collect();
            // Probes lift pieces off the board array alone: one piece, then none.
            for lifted in [occupied.get(fen.len() % occupied.len()).copied(), None] {
                let code = lifted.map(|sq| std::mem::replace(&mut pos.board[sq.index()], 0));
                for target in pos.geometry().squares() {
                    for by in Color::ALL {
                        let lines = rules.attack_lines[by.index()].as_ref().expect("lines");
                        let attacked = lines.attacked(&pos, target);
                        attacks += usize::from(attacked);
                        assert_eq!(
                            attacked,
                            pos.attacked_by_some_type(target, by),
                            "{fen} lifting {lifted:?}: {target:?} attacked by {by:?}"
                        );
                    }
                }
                if let (Some(sq), Some(code)) = (lifted, code) {
                    pos.board[sq.index()] = code;
                }
            }
        }
        assert!(attacks > 0, "no placement attacks a square");
    }

    #[test]
    fn lines_find_the_attacks_the_types_find_one_by_one() {
        check_attacks(&Arc::new(rules(&BETZAS)), BETZAS.len());
    }

    #[test]
    fn lines_find_the_attacks_of_pieces_with_regions_and_zones() {
        let betzas = ["fW", "nN", "mRcpR", "nA", "F"];
        let rules = rules_with(&betzas, |pieces, g| {
            let half = |ranks: std::ops::Range<i32>| -> SquareSet {
                g.squares()
                    .filter(|&sq| ranks.contains(&g.rank(sq)))
                    .collect()
            };
            let (low, high) = (half(0..4), half(4..8));
            // A soldier that also steps sideways across the river, an elephant and an
            // advisor that stay on their side.
            pieces[0].zone_moves =
                Some(ZoneMoves::new([high, low], parse("fsW").expect("betza"), g));
            pieces[3].region = Some([low, high]);
            pieces[4].region = Some([half(0..2), half(6..8)]);
        });
        check_attacks(&Arc::new(rules), betzas.len());
    }

    #[test]
    fn lines_find_the_attacks_and_exposure_squares_the_types_find_one_by_one() {
        let rules = Arc::new(rules(&BETZAS));
        let mut exposed = 0;
        for fen in placements(BETZAS.len(), 300) {
            let pos = Position::from_fen(rules.clone(), &fen).expect("a legal FEN");
            for king in pos.geometry().squares() {
                for by in Color::ALL {
                    let lines = rules.attack_lines[by.index()].as_ref().expect("lines");
                    // The board's width: one word for 8x8.
                    let exposure = lines
                        .exposure_unless_attacked::<u64>(&pos, king)
                        .map(u64::to_set);
                    exposed += exposure.map_or(0, SquareSet::len);
                    let by_types = (!pos.attacked_by_some_type(king, by))
                        .then(|| pos.exposure_by_types(king, by.opponent()));
                    assert_eq!(exposure, by_types, "{fen}: exposure of {king:?} to {by:?}");
                }
            }
        }
        assert!(exposed > 0, "no placement shields a square");
    }

    #[test]
    fn first_move_captures_paths_and_near_hops_keep_the_general_test() {
        // A first-move-only leap, a two-leg path, a grasshopper (it lands next to its
        // screen) and a cannon shunning its own kind.
        for betza in ["iN", "mafsW", "gQ"] {
            let rules = rules(&["R", betza]);
            assert!(
                rules.attack_lines.iter().all(Option::is_none),
                "{betza} has lines"
            );
        }
        let rules = rules_with(&["mRcpR"], |pieces, _| pieces[0].shuns_own_kind = true);
        assert!(rules.attack_lines.iter().all(Option::is_none));
    }
}
