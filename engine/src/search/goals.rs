//! Evaluation terms for ways to win other than mate: the checks a side has left to give
//! (check counting: 3check, 5check) and the way its flag piece has to go to its region (king of
//! the hill, racing kings).

use std::collections::VecDeque;

use movegen::{Piece, PieceId, Position, Rules};
use notation::{Color, Square};

use super::params::EvalParams;

/// Flag distances beyond which the bonus table stops (and gives nothing).
const MAX_FLAG_DISTANCE: usize = 8;

/// The goal terms of one variant's rules.
#[derive(Clone, Debug)]
pub(crate) struct Goals {
    /// The `checks_left` weight, where the rules count checks.
    checks_left: Option<[i32; 2]>,
    /// The flag piece's way to its region, where there is one.
    flag: Option<FlagWay>,
}

/// How far the flag pieces of each side have to go.
#[derive(Clone, Debug)]
struct FlagWay {
    /// Per colour, the flag piece (`None`: any piece).
    pieces: [Option<PieceId>; 2],
    /// Per colour, piece type (the flag piece's alone when there is one) and square: moves on
    /// an empty board to the region (`u8::MAX` where it cannot get there).
    distance: [Vec<Vec<u8>>; 2],
    /// Bonus by distance (index 0: on the region).
    bonus: Vec<[i32; 2]>,
}

impl Goals {
    /// The goal terms of `rules` with the weights of `params`.
    pub(crate) fn new(rules: &Rules, params: &EvalParams) -> Goals {
        let checks_left = rules.end.check_counting.then_some(params.checks_left);
        let flag = rules.end.flag.as_ref().map(|flag| {
            let distance = Color::ALL.map(|color| {
                let region = flag.region[color.index()];
                rules
                    .pieces
                    .iter()
                    .enumerate()
                    .map(|(id, pt)| {
                        let counts = flag.pieces[color.index()].map_or(true, |p| p as usize == id);
                        if counts {
                            distances_to(rules, pt, color, |sq| region.contains(sq))
                        } else {
                            Vec::new()
                        }
                    })
                    .collect()
            });
            let bonus = (0..=MAX_FLAG_DISTANCE as i32)
                .map(|d| params.flag_distance.map(|w| w / (1 + d * d)))
                .collect();
            FlagWay {
                pieces: flag.pieces,
                distance,
                bonus,
            }
        });
        Goals { checks_left, flag }
    }

    /// White's goal bonus minus Black's, as middlegame and endgame parts.
    pub(crate) fn score(&self, pos: &Position) -> [i32; 2] {
        let mut score = [0; 2];
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let mut add = |bonus: [i32; 2]| {
                score[0] += sign * bonus[0];
                score[1] += sign * bonus[1];
            };
            if let Some(weight) = self.checks_left {
                let left = i32::from(pos.checks_remaining(color)).max(1);
                add(weight.map(|w| w / (left * left)));
            }
            if let Some(flag) = &self.flag {
                if let Some(bonus) = flag.nearest(pos, color).and_then(|d| flag.bonus.get(d)) {
                    add(*bonus);
                }
            }
        }
        score
    }
}

impl FlagWay {
    /// The fewest moves `color` needs, on an empty board, to bring a flag piece to its region.
    fn nearest(&self, pos: &Position, color: Color) -> Option<usize> {
        let distance = &self.distance[color.index()];
        let on = |id: PieceId, sq: Square| distance[id as usize][sq.index()];
        let nearest = match self.pieces[color.index()] {
            Some(id) => pos
                .pieces(Piece { color, id })
                .iter()
                .map(|sq| on(id, sq))
                .min(),
            None => pos
                .pieces_of(color)
                .iter()
                .filter_map(|sq| pos.piece_at(sq).map(|piece| on(piece.id, sq)))
                .min(),
        };
        nearest.map(usize::from)
    }
}

/// Per square, the fewest moves a piece of type `pt` and colour `color` needs on an empty board
/// to reach a square where `goal` holds (by [`notation::MoveTable::empty_board_moves`];
/// `u8::MAX` where it cannot).
fn distances_to(
    rules: &Rules,
    pt: &movegen::PieceType,
    color: Color,
    goal: impl Fn(Square) -> bool,
) -> Vec<u8> {
    let geometry = &rules.geometry;
    let table = &pt.tables[color.index()];
    // Breadth first from the goal, backwards along the moves.
    let mut reached_from: Vec<Vec<Square>> = vec![Vec::new(); geometry.num_squares()];
    for from in geometry.squares() {
        for to in table.empty_board_moves(from) {
            reached_from[to.index()].push(from);
        }
    }
    let mut distance = vec![u8::MAX; geometry.num_squares()];
    let mut queue: VecDeque<Square> = geometry.squares().filter(|&sq| goal(sq)).collect();
    for sq in &queue {
        distance[sq.index()] = 0;
    }
    while let Some(at) = queue.pop_front() {
        let next = distance[at.index()].saturating_add(1);
        for &from in &reached_from[at.index()] {
            if distance[from.index()] == u8::MAX {
                distance[from.index()] = next;
                queue.push_back(from);
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use variants::Catalog;

    fn goal_score(variant: &str, fen: &str) -> [i32; 2] {
        let rules = Catalog::builtin().rules(variant).expect("a variant");
        let pos = Position::from_fen(rules.clone(), fen).expect("a FEN");
        Goals::new(&rules, &EvalParams::default()).score(&pos)
    }

    #[test]
    fn checks_given_count_more_the_fewer_are_left() {
        let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(goal_score("3check", &format!("{board} 3+3 0 1")), [0, 0]);
        let one = goal_score("3check", &format!("{board} 2+3 0 1"));
        let two = goal_score("3check", &format!("{board} 1+3 0 1"));
        assert!(one[0] > 0 && two[0] > one[0], "{one:?} {two:?}");
        assert_eq!(
            goal_score("3check", &format!("{board} 3+1 0 1")),
            two.map(|v| -v)
        );
        assert_eq!(goal_score("chess", &format!("{board} 0 1")), [0, 0]);
    }

    #[test]
    fn a_king_nearer_the_hill_scores_more() {
        let far = goal_score("kingofthehill", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(far, [0, 0], "both kings three steps away");
        let near = goal_score("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
        let nearer = goal_score("kingofthehill", "8/8/4k3/8/8/4K3/8/8 w - - 0 1");
        assert!(near[0] > 0, "{near:?}");
        assert_eq!(nearer, [0, 0], "both one step away");
        let racing = goal_score("racingkings", "8/8/8/8/8/8/kr4RK/8 w - - 0 1");
        assert_eq!(racing, [0, 0], "both six ranks from the goal");
        let ahead = goal_score("racingkings", "8/8/8/8/8/6K1/kr4R1/8 w - - 0 1");
        assert!(ahead[0] > 0, "{ahead:?}");
    }
}
