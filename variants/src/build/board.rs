//! The board: its size, the squares the start position leaves out, and the walls moves
//! place.

use movegen::WallingRule;
use notation::{Geometry, SquareSet, MAX_SIDE};

use super::Builder;

/// The board a definition describes.
pub(super) struct Board {
    /// The squares, without the holes (`*`) of the start position.
    pub(super) geometry: Geometry,
    pub(super) width: u8,
    pub(super) height: i64,
    /// Where moves place walls (`wallingRule`), if they do.
    pub(super) walling_rule: Option<WallingRule>,
}

impl Board {
    /// The squares of `rank` (from 1), counted from White's side.
    pub(super) fn rank(&self, rank: i64) -> SquareSet {
        (0..self.width as i32)
            .filter_map(|f| self.geometry.square(f, rank as i32 - 1))
            .collect()
    }

    /// The squares of `rank` (from 1), counted from Black's side.
    pub(super) fn black_rank(&self, rank: i64) -> SquareSet {
        self.rank(self.height + 1 - rank)
    }

    /// The ranks from `rank` to the far edge, each side counting from its own: White's and
    /// Black's.
    pub(super) fn ranks_from(&self, rank: i64) -> [SquareSet; 2] {
        let mut ranks = [SquareSet::EMPTY; 2];
        for r in rank..=self.height {
            ranks[0] |= self.rank(r);
            ranks[1] |= self.black_rank(r);
        }
        ranks
    }
}

impl Builder<'_> {
    /// The board (`maxFile`, `maxRank`, the start position's holes, `wallingRule`).
    pub(super) fn board(&mut self) -> Option<Board> {
        let width = self.file("maxFile", 7) + 1;
        let height = self.number("maxRank", 8);
        let geometry = match Geometry::new(width, height.clamp(0, 255) as u8) {
            Ok(g) => g,
            Err(e) => {
                // Blame the key whose value is out of range, where the user wrote it.
                let key = if (1..=MAX_SIDE).contains(&width) {
                    "maxRank"
                } else {
                    "maxFile"
                };
                self.fail(key, e.to_string());
                return None;
            }
        };
        // Walls (`*`) in the start position are squares the board does not have, but where
        // moves place walls (the duck, petrified pieces).
        let walling_rule = self.walling_rule();
        let placed_walls = walling_rule.is_some() || self.get("petrifyOnCaptureTypes").is_some();
        let start_text = self.get("startFen").unwrap_or("").to_string();
        let holes = if placed_walls {
            SquareSet::EMPTY
        } else {
            walls(&start_text, &geometry)
        };
        let geometry = geometry.clone().with_holes(holes);
        Some(Board {
            geometry,
            width,
            height,
            walling_rule,
        })
    }

    /// Where moves place walls (`wallingRule`), if they do.
    fn walling_rule(&mut self) -> Option<WallingRule> {
        let rule = match self.get("wallingRule") {
            None | Some("none") => return None,
            Some("duck") => WallingRule::Duck,
            Some("arrow") => WallingRule::Arrow,
            Some("past") => WallingRule::Past,
            Some("edge") => WallingRule::Edge,
            Some("static") => WallingRule::Static,
            Some(other) => {
                let message =
                    format!("expected none, duck, arrow, past, edge or static, found '{other}'");
                self.fail("wallingRule", message);
                return None;
            }
        };
        Some(rule)
    }
}

/// The squares marked `*` (walls) in the board part of `fen`.
fn walls(fen: &str, geometry: &Geometry) -> SquareSet {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let mut walls = SquareSet::EMPTY;
    let (width, height) = (geometry.width() as usize, geometry.height() as usize);
    for (r, rank_text) in board.split('/').take(height).enumerate() {
        let rank = height - 1 - r;
        let mut file = 0;
        let mut run = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            match c {
                '*' if file < width => {
                    walls.insert(notation::Square((rank * width + file) as u8));
                    file += 1;
                }
                c if c.is_ascii_alphabetic() => file += 1,
                _ => {}
            }
        }
    }
    walls
}
