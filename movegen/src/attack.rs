//! Attack detection: is a square attacked, is a side in check.

use notation::{Color, Modes, Square};

use crate::{
    position::{Piece, Position},
    walk::{generate, Occupant, PieceBoard},
};

/// The position with a royal piece of `victim` on `target`, for probing attacks.
struct ProbeTarget<'a> {
    pos: &'a Position,
    target: Square,
    victim: Color,
}

impl PieceBoard for ProbeTarget<'_> {
    fn geometry(&self) -> &notation::Geometry {
        self.pos.geometry()
    }

    fn occupant(&self, sq: Square) -> Option<Occupant> {
        if sq == self.target {
            return Some(Occupant {
                color: self.victim,
                royal: true,
                virgin: false,
                kind: u32::MAX,
            });
        }
        self.pos.occupant_at(sq)
    }

    fn is_ep_square(&self, sq: Square) -> bool {
        self.pos.is_ep_square(sq)
    }

    fn ep_victim(&self) -> Option<Square> {
        self.pos.ep_victim()
    }

    fn table_at(&self, sq: Square) -> Option<&notation::MoveTable> {
        self.pos.table_at(sq)
    }

    fn imitated(&self, color: Color) -> Option<&notation::MoveTable> {
        self.pos.imitated(color)
    }
}

/// The endings that capture a royal piece.
const ROYAL_CAPTURES: Modes = Modes(Modes::CAPTURE.0 | Modes::ROYAL_CAPTURE.0);

impl Position {
    /// Whether a piece of `by` could capture a royal piece standing on `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        let them = by.opponent();
        for id in 0..self.rules.pieces.len() as u8 {
            let attacker = Piece { color: by, id };
            let squares = self.pieces(attacker);
            if squares.is_empty() {
                continue;
            }
            let pt = &self.rules.pieces[id as usize];
            if let Some(region) = &pt.region {
                if !region[by.index()].contains(target) {
                    continue;
                }
            }
            let code = attacker.code();
            if pt.zone_moves.is_none() {
                // Plain leaps and slides reversed: the attacker's moves as the other side makes
                // them lead from the target to the attacker.
                let reverse = &pt.tables[them.index()];
                for leap in reverse.leaps(target) {
                    if self.board[leap.to.index()] == code && leap.modes.intersects(ROYAL_CAPTURES)
                    {
                        return true;
                    }
                }
                for slide in reverse.slides(target) {
                    if !slide.modes.intersects(ROYAL_CAPTURES) {
                        continue;
                    }
                    for &sq in reverse.slide_squares(slide) {
                        let here = self.board[sq.index()];
                        if here != 0 {
                            if here == code {
                                return true;
                            }
                            break;
                        }
                    }
                }
                if reverse.paths().is_empty() {
                    continue;
                }
            }
            // Everything else: generate the attacker's moves and look for a capture on target.
            for from in squares.iter() {
                if self.captures_from(attacker, from, target) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the piece `attacker` on `from` could capture a royal enemy standing on `target`
    /// (which may be empty now: the square is probed as if that piece stood there).
    fn captures_from(&self, attacker: Piece, from: Square, target: Square) -> bool {
        let table = self.table_for(attacker, from);
        let Some(mover) = self.occupant_at(from) else {
            return false;
        };
        let view = ProbeTarget {
            pos: self,
            target,
            victim: attacker.color.opponent(),
        };
        let mut found = false;
        generate(table, &view, from, mover, &mut |mv| {
            if mv.captures.contains(&target) {
                found = true;
            }
        });
        found
    }

    /// Whether a royal piece of `color` is attacked.
    pub fn royal_attacked(&self, color: Color) -> bool {
        self.royals(color)
            .iter()
            .any(|sq| self.attacked(sq, color.opponent()))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Whether royal pieces of both sides face each other on a file with nothing between
    /// (forbidden when the rules say so).
    pub(crate) fn generals_face(&self) -> bool {
        let g = self.geometry();
        let occupied = self.occupied();
        for a in self.royals(Color::White).iter() {
            for b in self.royals(Color::Black).iter() {
                if g.file(a) != g.file(b) {
                    continue;
                }
                let (lo, hi) = (g.rank(a).min(g.rank(b)), g.rank(a).max(g.rank(b)));
                let blocked = (lo + 1..hi)
                    .filter_map(|r| g.square(g.file(a), r))
                    .any(|sq| occupied.contains(sq));
                if !blocked {
                    return true;
                }
            }
        }
        false
    }
}
