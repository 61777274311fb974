//! Saturation: walking a path where only the end matters ([`notation::Path::saturates`])
//! without going down every branch. Many branches of a long chain of legs (`aaaaQ`) end on
//! the same squares; once every square a branch could still end on has been reached, the
//! branch is skipped. What a branch can reach is worked out once per leg start (leg, square,
//! direction, range toggle) on the board as it stands, ignoring the rule that legs in their
//! default directions do not revisit squares, so it is an upper bound and nothing reachable is
//! ever skipped.

use std::collections::HashMap;

use notation::{Modes, Square, SquareSet};

use super::{PieceBoard, Walk};

/// What a saturating walk has reached and what its leg starts can reach.
#[derive(Default)]
pub(super) struct Saturation {
    /// The squares moves have ended on so far.
    ended: SquareSet,
    /// Per leg start, the squares the rest of the path can end on.
    reach: HashMap<LegStart, SquareSet>,
}

/// Where a leg starts, as far as what it can reach goes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct LegStart {
    leg: u8,
    from: Square,
    prev_dir: u8,
    toggled: bool,
}

impl Saturation {
    /// Records a move ending on `to`; returns whether no move ended there before.
    pub(super) fn end(&mut self, to: Square) -> bool {
        let new = !self.ended.contains(to);
        self.ended.insert(to);
        new
    }
}

impl<B: PieceBoard> Walk<'_, B> {
    /// Whether leg `k` from `from` can end the move nowhere new: every square it could still
    /// reach has been reached (squares already visited are out of reach when the last leg may
    /// not revisit them).
    pub(super) fn saturated(
        &mut self,
        k: usize,
        from: Square,
        prev_dir: u8,
        toggled: bool,
    ) -> bool {
        let Some(mut saturation) = self.saturation.take() else {
            return false;
        };
        let start = LegStart {
            leg: k as u8,
            from,
            prev_dir,
            toggled,
        };
        let mut open = self.reach(&mut saturation.reach, start) & !saturation.ended;
        if self.legs.last().is_some_and(|leg| leg.no_revisit) {
            open &= !self.visited;
        }
        self.saturation = Some(saturation);
        open.is_empty()
    }

    /// The squares the path can end on from `start`: the walk of [`Walk::leg`] and
    /// [`Walk::visit`] for a path with no effects on the way, without its no-revisit rule.
    fn reach(&self, memo: &mut HashMap<LegStart, SquareSet>, start: LegStart) -> SquareSet {
        if let Some(&set) = memo.get(&start) {
            return set;
        }
        let k = start.leg as usize;
        let leg = self.legs[k];
        let last = k + 1 == self.legs.len();
        let max = self.max_steps(&leg, k, start.from, start.toggled);
        let family = self.table.family(&leg);
        let wraps = family.wrap != notation::Wrap::None;
        let next = |to: Square, d: u8, toggled: bool| LegStart {
            leg: start.leg + 1,
            from: to,
            prev_dir: d,
            toggled,
        };
        let mut set = SquareSet::EMPTY;
        for rel in leg.dirs.iter() {
            let d = if k == 0 {
                rel
            } else {
                (start.prev_dir + rel) & 7
            };
            for (i, step) in family.ray(start.from, d).iter().enumerate() {
                if i >= max || !self.gaps_allow(&leg, family.gaps(step)) {
                    break;
                }
                if leg.ski && i == 0 {
                    continue;
                }
                let to = step.to;
                let modes = leg.modes;
                match self.occupant(to) {
                    None if wraps && to == self.piece && k > 0 => break,
                    None => {
                        if modes.contains(Modes::MOVE) {
                            if last {
                                set.insert(to);
                            } else {
                                set |= self.reach(memo, next(to, d, start.toggled));
                            }
                        }
                        if modes.contains(Modes::FORK) && !last {
                            set |= self.reach(memo, next(to, d, !start.toggled));
                        }
                    }
                    Some(o) => {
                        let friend = o.color == self.mover.color;
                        let takes = if friend {
                            modes.contains(Modes::DESTROY)
                        } else {
                            modes.contains(Modes::CAPTURE)
                                || (o.royal && modes.contains(Modes::ROYAL_CAPTURE))
                        };
                        if last && takes {
                            set.insert(to);
                        }
                        let platform = !modes.contains(Modes::TAME) || friend;
                        if !last && platform && modes.contains(Modes::HOP) {
                            set |= self.reach(memo, next(to, d, start.toggled));
                        }
                        if !last && platform && modes.contains(Modes::GRASSHOP) {
                            set |= self.reach(memo, next(to, d, !start.toggled));
                        }
                        break;
                    }
                }
            }
        }
        memo.insert(start, set);
        set
    }
}

#[cfg(test)]
mod tests {
    use notation::{compile, parse, Color, Geometry, MoveTable, Path, PathKind, SquareSet};

    use crate::walk::{Nesting, Occupant, PathMove, PieceBoard, Walk};

    /// A board of anonymous pieces.
    struct Board {
        geometry: Geometry,
        pieces: Vec<Option<Occupant>>,
    }

    impl PieceBoard for Board {
        fn geometry(&self) -> &Geometry {
            &self.geometry
        }
        fn occupant(&self, sq: notation::Square) -> Option<Occupant> {
            self.pieces[sq.index()]
        }
        fn ep_squares(&self) -> notation::SquareSet {
            notation::SquareSet::EMPTY
        }
        fn ep_victim(&self) -> Option<notation::Square> {
            None
        }
        fn table_at(&self, _: notation::Square) -> Option<&MoveTable> {
            None
        }
        fn imitated(&self, _: Color) -> Option<&MoveTable> {
            None
        }
    }

    fn occupant(color: Color, royal: bool) -> Occupant {
        Occupant {
            color,
            royal,
            virgin: false,
            ahead_of_start: false,
            kind: 0,
        }
    }

    /// The distinct moves of walking `path`, with or without saturation.
    fn walk(
        table: &MoveTable,
        board: &Board,
        from: notation::Square,
        path: &Path,
    ) -> Vec<PathMove> {
        let mover = occupant(table.color(), false);
        let mut moves: Vec<PathMove> = Vec::new();
        let mut sink = |mv: &PathMove| {
            if !moves.contains(mv) {
                moves.push(mv.clone());
            }
        };
        let mut walk = Walk::new(
            table,
            board,
            from,
            mover,
            path,
            Nesting::default(),
            &mut sink,
        );
        walk.leg(0, from, 0, false, 0);
        moves.sort_by_key(|mv| mv.to);
        moves
    }

    #[test]
    fn saturating_walks_find_every_move_a_full_walk_finds() {
        let pieces = [
            "aaQ", "aaaaK", "aaaR", "gaaQ", "mpaaaR", "jaaQ", "oaaaR", "aadQ", "aakQ", "aaaaaN",
            "yafsaaaB", "tpaaQ", "apaaQ", "aagaaR", "ayaaaR",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for (width, height) in [(11, 11), (16, 16)] {
            let geometry = Geometry::new(width, height).expect("board");
            for text in pieces {
                for color in Color::ALL {
                    let table = compile(&parse(text).expect(text), &geometry, color);
                    let path = table
                        .paths()
                        .iter()
                        .find(|p| p.kind == PathKind::Legs)
                        .expect(text);
                    assert!(path.saturates, "{text} {width}x{height} saturates");
                    let full = Path {
                        saturates: false,
                        ..path.clone()
                    };
                    for density in [0, 10, 25, 45] {
                        let squares = geometry.num_squares() as u64;
                        let mut board = Board {
                            pieces: (0..squares)
                                .map(|_| {
                                    (random(100) < density).then(|| {
                                        let side = Color::ALL[random(2) as usize];
                                        occupant(side, random(8) == 0)
                                    })
                                })
                                .collect(),
                            geometry: geometry.clone(),
                        };
                        let from = notation::Square(random(squares) as u8);
                        board.pieces[from.index()] = None;
                        let saturated = walk(&table, &board, from, path);
                        let walked = walk(&table, &board, from, &full);
                        let ends: SquareSet = walked.iter().map(|mv| mv.to).collect();
                        assert_eq!(
                            saturated,
                            walked,
                            "{text} {width}x{height} {color:?} density {density}: {} ends",
                            ends.len()
                        );
                    }
                }
            }
        }
    }
}
