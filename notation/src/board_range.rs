//! MBN's board ranges (`[d-f1-3]`, `[1-2]`, `[a1,h8]`, `[^#]`): sets of squares named from
//! the mover's side, which a variant file gives as regions (`mobilityRegion...`,
//! `doubleStepRegion...`).

use std::fmt;

use crate::{Color, Geometry, SquareSet};

/// One comma-separated part of a board range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangePart {
    /// Files and ranks, each an inclusive range or every one: files from 0 (`a`), ranks
    /// from 1 as written (`[d-f1-3]`, `[1-2]`, `[a-b]`, `[c4]`).
    Area {
        /// First and last file, from 0; `None`: every file.
        files: Option<(u8, u8)>,
        /// First and last rank, from 1; `None`: every rank.
        ranks: Option<(u8, u8)>,
    },
    /// `#`: the squares with fewer than four orthogonal neighbours on the board.
    Edge,
    /// `.`: the squares with four orthogonal neighbours on the board.
    Inner,
}

/// A board range of MBN: the union of its parts, or what they leave when it starts with `^`.
/// Ranks count from the mover's side, so that one range serves both colours (the pawn's
/// `[1-2]mefW02` double step is from Black's seventh and eighth ranks for Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRange {
    /// `[^...]`: every square the parts do not name.
    pub complement: bool,
    /// The parts.
    pub parts: Vec<RangePart>,
}

impl BoardRange {
    /// The squares of the range on `geometry` for a piece of `color` (Black's ranks counted
    /// from the top); files and ranks beyond the board name no square.
    pub fn squares(&self, geometry: &Geometry, color: Color) -> SquareSet {
        let height = geometry.height() as i32;
        let on_board = |file: i32, rank: i32| geometry.square(file, rank).is_some();
        let mut set = SquareSet::EMPTY;
        for sq in geometry.squares() {
            let (file, rank) = (geometry.file(sq), geometry.rank(sq));
            let own_rank = match color {
                Color::White => rank + 1,
                Color::Black => height - rank,
            };
            let neighbours = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .filter(|(df, dr)| on_board(file + df, rank + dr))
                .count();
            let named = self.parts.iter().any(|part| match *part {
                RangePart::Area { files, ranks } => {
                    let within = |span: Option<(u8, u8)>, x: i32| {
                        span.map_or(true, |(lo, hi)| (lo as i32..=hi as i32).contains(&x))
                    };
                    within(files, file) && within(ranks, own_rank)
                }
                RangePart::Edge => neighbours < 4,
                RangePart::Inner => neighbours == 4,
            });
            if named != self.complement {
                set.insert(sq);
            }
        }
        set
    }
}

impl fmt::Display for BoardRange {
    /// The range in MBN (`[d-f1-3]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = |x: u8| char::from(b'a' + x);
        let span = |f: &mut fmt::Formatter<'_>, lo: u8, hi: u8, show: &dyn Fn(u8) -> String| {
            if lo == hi {
                write!(f, "{}", show(lo))
            } else {
                write!(f, "{}-{}", show(lo), show(hi))
            }
        };
        f.write_str("[")?;
        if self.complement {
            f.write_str("^")?;
        }
        for (k, part) in self.parts.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            match *part {
                RangePart::Area { files, ranks } => {
                    if let Some((lo, hi)) = files {
                        span(f, lo, hi, &|x| file(x).to_string())?;
                    }
                    if let Some((lo, hi)) = ranks {
                        span(f, lo, hi, &|x| x.to_string())?;
                    }
                }
                RangePart::Edge => f.write_str("#")?,
                RangePart::Inner => f.write_str(".")?,
            }
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(range: &BoardRange, color: Color) -> Vec<String> {
        let g = Geometry::new(8, 8).unwrap();
        range
            .squares(&g, color)
            .iter()
            .map(|sq| g.name(sq))
            .collect()
    }

    #[test]
    fn areas_count_ranks_from_the_movers_side() {
        let palace = BoardRange {
            complement: false,
            parts: vec![RangePart::Area {
                files: Some((3, 5)),
                ranks: Some((1, 2)),
            }],
        };
        assert_eq!(
            names(&palace, Color::White),
            ["d1", "e1", "f1", "d2", "e2", "f2"]
        );
        assert_eq!(
            names(&palace, Color::Black),
            ["d7", "e7", "f7", "d8", "e8", "f8"]
        );
        assert_eq!(palace.to_string(), "[d-f1-2]");
    }

    #[test]
    fn edge_inner_and_complement() {
        let edge = BoardRange {
            complement: false,
            parts: vec![RangePart::Edge],
        };
        let inner = BoardRange {
            complement: false,
            parts: vec![RangePart::Inner],
        };
        let not_edge = BoardRange {
            complement: true,
            parts: vec![RangePart::Edge],
        };
        assert_eq!(names(&edge, Color::White).len(), 28);
        assert_eq!(names(&inner, Color::White).len(), 36);
        assert_eq!(names(&not_edge, Color::White), names(&inner, Color::White));
        assert_eq!(not_edge.to_string(), "[^#]");
    }
}
