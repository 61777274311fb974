//! The evaluation's square sets (pawn spans, files, squares near a royal piece, what pieces
//! reach), kept in the narrowest set type the board fits in: one machine word on boards of up
//! to 64 squares, two up to 128, four above. The evaluation's pass over the pieces is compiled
//! once per width (see [`BoardSets`]).

use movegen::Rules;
use notation::{Color, Geometry, Square, SquareBits, SquareSet};

use super::attacks::ReachTables;

/// The evaluation's square sets in the set type `B`.
#[derive(Debug)]
pub(crate) struct SetTables<B> {
    /// Per (colour, square): squares ahead on this and the next files (for passed pawns).
    pub(crate) front_span: Vec<B>,
    /// Per square: squares at most one and at most two steps away.
    pub(crate) near: Vec<[B; 2]>,
    /// Per (colour, square): squares ahead on the same file (for doubled pawns).
    pub(crate) file_front: Vec<B>,
    /// Per square: the squares of the neighbouring files (for isolated pawns).
    pub(crate) neighbour_files: Vec<B>,
    /// Per square: the squares beside it on the same rank.
    pub(crate) beside: Vec<B>,
    /// Per (colour, square): the squares one and two ranks ahead on its and the next files.
    pub(crate) shield: Vec<B>,
    /// Per colour: the squares of the enemy half.
    pub(crate) enemy_half: [B; 2],
    /// The squares of one colour (the shade of a1).
    pub(crate) dark: B,
    /// Per square: the squares of its file.
    pub(crate) file_of: Vec<B>,
    /// What pieces reach.
    pub(crate) reach: ReachTables<B>,
}

/// The evaluation's square sets in the width the variant's board needs.
#[derive(Debug)]
pub(crate) enum BoardSets {
    /// Boards of up to 64 squares.
    Word(SetTables<u64>),
    /// Boards of up to 128 squares.
    TwoWords(SetTables<u128>),
    /// Larger boards.
    FourWords(SetTables<SquareSet>),
}

impl BoardSets {
    /// The tables of `rules`, in the narrowest width its board fits in.
    pub(crate) fn new(rules: &Rules) -> BoardSets {
        match rules.geometry.num_squares() {
            n if n <= u64::CAPACITY => BoardSets::Word(SetTables::new(rules)),
            n if n <= u128::CAPACITY => BoardSets::TwoWords(SetTables::new(rules)),
            _ => BoardSets::FourWords(SetTables::new(rules)),
        }
    }
}

impl<B: SquareBits> SetTables<B> {
    /// The tables of `rules`, whose board must fit in `B`.
    pub(crate) fn new(rules: &Rules) -> SetTables<B> {
        let geometry = &rules.geometry;
        let squares = geometry.num_squares();
        // The squares of the board for which `keep` holds.
        let board = |keep: &dyn Fn(Square) -> bool| -> B {
            B::from_set(geometry.squares().filter(|&s| keep(s)).collect())
        };
        let mut front_span = vec![B::EMPTY; 2 * squares];
        let mut file_front = vec![B::EMPTY; 2 * squares];
        let mut shield = vec![B::EMPTY; 2 * squares];
        let mut near = vec![[B::EMPTY; 2]; squares];
        let mut neighbour_files = vec![B::EMPTY; squares];
        let mut beside = vec![B::EMPTY; squares];
        let mut file_of = vec![B::EMPTY; squares];
        for sq in geometry.squares() {
            let (file, rank) = (geometry.file(sq), geometry.rank(sq));
            let i = sq.index();
            near[i] = [1, 2].map(|d| board(&|s| geometry.king_distance(s, sq) <= d));
            neighbour_files[i] = board(&|s| (geometry.file(s) - file).abs() == 1);
            beside[i] = B::from_set(
                [-1, 1]
                    .into_iter()
                    .filter_map(|df| geometry.square(file + df, rank))
                    .collect(),
            );
            file_of[i] = board(&|s| geometry.file(s) == file);
            for color in Color::ALL {
                let at = color.index() * squares + i;
                let ahead = relative_rank(geometry, color, sq);
                let rank_of = |s| relative_rank(geometry, color, s);
                front_span[at] =
                    board(&|s| rank_of(s) > ahead && (geometry.file(s) - file).abs() <= 1);
                file_front[at] = board(&|s| geometry.file(s) == file && rank_of(s) > ahead);
                shield[at] = board(&|s| {
                    (1..=2).contains(&(rank_of(s) - ahead)) && (geometry.file(s) - file).abs() <= 1
                });
            }
        }
        SetTables {
            front_span,
            near,
            file_front,
            neighbour_files,
            beside,
            shield,
            enemy_half: Color::ALL.map(|color| {
                board(&|s| 2 * relative_rank(geometry, color, s) >= geometry.height() as i32)
            }),
            dark: board(&|s| (geometry.file(s) + geometry.rank(s)) % 2 == 0),
            file_of,
            reach: ReachTables::new(rules),
        }
    }
}

/// The rank of `sq` counted from `color`'s own edge.
pub(crate) fn relative_rank(geometry: &Geometry, color: Color, sq: Square) -> i32 {
    match color {
        Color::White => geometry.rank(sq),
        Color::Black => geometry.height() as i32 - 1 - geometry.rank(sq),
    }
}
