//! Attack detection by lines: per target square, the squares from which a piece of one colour
//! could take a royal piece standing there, merged over all its piece types, so that asking
//! whether a square is attacked looks at each leap square once and walks each line once to
//! its first piece, instead of once per type.
//!
//! Only for a colour whose pieces all capture by plain leaps and slides: no lame leaps, hops,
//! first-move-only captures, multi-leg paths, zone moves, regions, line moves or imitation.
//! Other colours keep the general test ([`Position::attacked`](crate::Position::attacked)).

use notation::{Color, Initial, Modes, Square, SquareSet};

use crate::{
    position::{Piece, Position},
    rules::{PieceId, Rules},
};

/// A set of piece types (bit `id` for the type `id`).
type TypeMask = u64;

/// Where a colour's pieces take a royal piece from, per target square.
#[derive(Clone, Debug)]
pub(crate) struct AttackLines {
    /// The attacking colour.
    by: Color,
    /// Per square index: its range in `leaps`, then its range in `rays`.
    index: Vec<[(u32, u32); 2]>,
    /// A piece type and the squares from which it takes a royal piece on the target by a
    /// leap (only types that have such squares).
    leaps: Vec<(PieceId, SquareSet)>,
    /// Per ray: its squares, and its range in `steps`.
    rays: Vec<(SquareSet, u32, u32)>,
    /// Along each ray, from the target outwards: a square and the types that take a royal
    /// piece on the target by sliding from it when nothing stands between.
    steps: Vec<(Square, TypeMask)>,
}

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
            pt.zone_moves.is_some()
                || pt.region.is_some()
                || pt.line_moves.is_some()
                || pt.imitator
                || (pt.petrifies && pt.royal)
                || pt.attacks_by_paths(by)
        });
        if tricky {
            return None;
        }
        let mut lines = AttackLines {
            by,
            index: vec![[(0, 0); 2]; g.num_squares()],
            leaps: Vec::new(),
            rays: Vec::new(),
            steps: Vec::new(),
        };
        for target in g.squares() {
            let leap_start = lines.leaps.len() as u32;
            // Per ray: its steps, the first of which tells its direction.
            let mut rays: Vec<Vec<(Square, TypeMask)>> = Vec::new();
            for (id, pt) in rules.pieces.iter().enumerate() {
                let bit: TypeMask = 1 << id;
                let reverse = &pt.attack_tables[victim.index()];
                if reverse
                    .hops(target)
                    .iter()
                    .any(|h| h.modes.intersects(Modes::TAKES_ROYAL))
                {
                    return None;
                }
                let mut from = SquareSet::EMPTY;
                for leap in reverse.leaps(target) {
                    if !leap.modes.intersects(Modes::TAKES_ROYAL) {
                        continue;
                    }
                    if leap.initial != Initial::Any || leap.block_reverse.is_some() {
                        return None;
                    }
                    from.insert(leap.to);
                }
                if !from.is_empty() {
                    lines.leaps.push((id as PieceId, from));
                }
                for slide in reverse.slides(target) {
                    if !slide.modes.intersects(Modes::TAKES_ROYAL) {
                        continue;
                    }
                    let squares = reverse.slide_squares(slide);
                    let Some(&first) = squares.first() else {
                        continue;
                    };
                    // A straight slide's first square gives its step, so slides of other
                    // types with the same first square run along the same line.
                    let ray = match rays.iter().position(|r| r[0].0 == first) {
                        Some(i) => &mut rays[i],
                        None => {
                            rays.push(Vec::new());
                            rays.last_mut().expect("just pushed")
                        }
                    };
                    for (k, &sq) in squares.iter().enumerate() {
                        match ray.get_mut(k) {
                            Some((on, mask)) if *on == sq => *mask |= bit,
                            Some(_) => return None,
                            None => ray.push((sq, bit)),
                        }
                    }
                }
            }
            let ray_start = lines.rays.len() as u32;
            for ray in rays {
                let start = lines.steps.len() as u32;
                let squares = ray.iter().map(|&(sq, _)| sq).collect();
                lines.steps.extend(ray);
                lines.rays.push((squares, start, lines.steps.len() as u32));
            }
            lines.index[target.index()] = [
                (leap_start, lines.leaps.len() as u32),
                (ray_start, lines.rays.len() as u32),
            ];
        }
        Some(lines)
    }

    /// Whether a piece of `pos` could take a royal piece standing on `target`. Pieces count
    /// where the board array holds them, as in the general test; probes may lift or replace
    /// pieces on the array alone (a royal piece stepping, a checker looked at as a friend),
    /// since the piece sets, which only narrow the search, hold every piece the array does.
    #[inline]
    pub(crate) fn attacked(&self, pos: &Position, target: Square) -> bool {
        let by = self.by;
        let [(leap_start, leap_end), (ray_start, ray_end)] = self.index[target.index()];
        for &(id, from) in &self.leaps[leap_start as usize..leap_end as usize] {
            let piece = Piece { color: by, id };
            let code = piece.code();
            if (from & pos.pieces(piece))
                .iter()
                .any(|sq| pos.board[sq.index()] == code)
            {
                return true;
            }
        }
        let attackers = pos.pieces_of(by);
        for &(squares, start, end) in &self.rays[ray_start as usize..ray_end as usize] {
            if !squares.intersects(attackers) {
                continue;
            }
            for &(sq, mask) in &self.steps[start as usize..end as usize] {
                let code = pos.board[sq.index()];
                if code != 0 {
                    let takes = Piece::from_code(code)
                        .is_some_and(|p| p.color == by && (mask >> p.id) & 1 != 0);
                    if takes {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// The squares whose piece alone shields `target` from a slider of `pos`'s attacking
    /// colour along a line: where it leaves, a royal piece on `target` would be attacked.
    /// (Leaps of these pieces test nothing on the way, so no other square matters.)
    pub(crate) fn exposure(&self, pos: &Position, target: Square) -> SquareSet {
        let by = self.by;
        let [_, (ray_start, ray_end)] = self.index[target.index()];
        let attackers = pos.pieces_of(by);
        let mut exposure = SquareSet::EMPTY;
        for &(squares, start, end) in &self.rays[ray_start as usize..ray_end as usize] {
            if !squares.intersects(attackers) {
                continue;
            }
            let mut shield = None;
            for &(sq, mask) in &self.steps[start as usize..end as usize] {
                let code = pos.board[sq.index()];
                if code == 0 {
                    continue;
                }
                let Some(first) = shield else {
                    shield = Some(sq);
                    continue;
                };
                let takes = Piece::from_code(code)
                    .is_some_and(|p| p.color == by && (mask >> p.id) & 1 != 0);
                if takes {
                    exposure.insert(first);
                }
                break;
            }
        }
        exposure
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use notation::{parse, Geometry};

    use super::*;
    use crate::PieceType;

    /// Rules with the pieces `betzas` (symbols A, B, C, ...) and a royal king K on 8x8.
    fn rules(betzas: &[&str]) -> Rules {
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

    #[test]
    fn lines_find_the_attacks_the_types_find_one_by_one() {
        let betzas = ["fmWfcF", "N", "B", "R", "Q", "R2", "NN", "D", "fsW", "cbN"];
        let rules = Arc::new(rules(&betzas));
        assert!(rules.attack_lines.iter().all(Option::is_some));
        for fen in placements(betzas.len(), 300) {
            let mut pos = Position::from_fen(rules.clone(), &fen).expect("a legal FEN");
            let occupied: Vec<Square> = pos.occupied().iter().collect();
            // Probes lift pieces off the board array alone: one piece, then none.
            for lifted in [occupied.get(fen.len() % occupied.len()).copied(), None] {
                let code = lifted.map(|sq| std::mem::replace(&mut pos.board[sq.index()], 0));
                for target in pos.geometry().squares() {
                    for by in Color::ALL {
                        let lines = rules.attack_lines[by.index()].as_ref().expect("lines");
                        assert_eq!(
                            lines.attacked(&pos, target),
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
    }

    #[test]
    fn lines_find_the_exposure_squares_the_types_find_one_by_one() {
        let betzas = ["fmWfcF", "N", "B", "R", "Q", "R2", "NN", "D", "fsW", "cbN"];
        let rules = Arc::new(rules(&betzas));
        let mut exposed = 0;
        for fen in placements(betzas.len(), 300) {
            let pos = Position::from_fen(rules.clone(), &fen).expect("a legal FEN");
            for king in pos.geometry().squares() {
                for by in Color::ALL {
                    let lines = rules.attack_lines[by.index()].as_ref().expect("lines");
                    let exposure = lines.exposure(&pos, king);
                    exposed += exposure.len();
                    assert_eq!(
                        exposure,
                        pos.exposure_by_types(king, by.opponent()),
                        "{fen}: exposure of {king:?} to {by:?}"
                    );
                }
            }
        }
        assert!(exposed > 0, "no placement shields a square");
    }

    #[test]
    fn hoppers_and_lame_leapers_keep_the_general_test() {
        for betza in ["mRcpR", "nN", "iN", "mafsW"] {
            let rules = rules(&["R", betza]);
            assert!(
                rules.attack_lines.iter().all(Option::is_none),
                "{betza} has lines"
            );
        }
    }
}
