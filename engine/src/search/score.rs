//! Internal scores: centipawns and mate distances in one `i32`, and their conversions.

use movegen::Outcome;

use super::Score;

/// Deepest ply a search reaches (main search and quiescence together).
pub(crate) const MAX_PLY: usize = 128;
/// Larger than any score.
pub(crate) const INFINITE: i32 = 32_000;
/// The score of mating on the current ply; mate in `n` plies scores `MATE - n`.
pub(crate) const MATE: i32 = 31_000;
/// Scores at least this far from zero are mate scores.
pub(crate) const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

/// The score of winning `ply` plies from the root.
#[inline]
pub(crate) fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of losing `ply` plies from the root.
#[inline]
pub(crate) fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of a finished game for the side to move, `ply` plies from the root.
#[inline]
pub(crate) fn outcome_score(outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Win => mate_in(ply),
        Outcome::Loss => mated_in(ply),
        Outcome::Draw => 0,
    }
}

/// Whether `score` is a mate score.
#[inline]
pub(crate) fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Converts a score relative to the root into one relative to the node `ply` plies deep, for
/// the transposition table (mates count from the node).
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a score read from the transposition table at `ply` back to root-relative.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The reported form of an internal score.
pub(crate) fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(to_score(mate_in(1)), Score::Mate(1));
        assert_eq!(to_score(mate_in(3)), Score::Mate(2));
        assert_eq!(to_score(mated_in(2)), Score::Mate(-1));
        assert_eq!(to_score(mated_in(4)), Score::Mate(-2));
        assert_eq!(to_score(-35), Score::Cp(-35));
    }

    #[test]
    fn table_scores_count_mates_from_the_node() {
        // Mate found 5 plies from the root, stored at ply 3: mate in 2 plies from there.
        let stored = to_tt(mate_in(5), 3);
        assert_eq!(stored, mate_in(2));
        // Read back at ply 7 of another line: mate 9 plies from that root.
        assert_eq!(from_tt(stored, 7), mate_in(9));
        assert_eq!(from_tt(to_tt(mated_in(6), 2), 2), mated_in(6));
        assert_eq!(from_tt(to_tt(120, 9), 4), 120);
    }
}
