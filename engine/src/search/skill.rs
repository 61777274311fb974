//! Skill levels: a weaker Kraken for people to play against. Below the top level the search
//! stops at a depth that grows with the level, compares several lines, and draws one of them
//! at random, each with a weight that falls off exponentially with how much worse it scores
//! than the best, faster the higher the level.

use rand::Rng;

/// The top level: the search plays its best move.
pub const MAX_SKILL: u8 = 20;
/// Lines a weakened search compares.
pub(crate) const SKILL_LINES: usize = 4;
/// The temperature, in centipawns, per level below the top: a line this much worse than the
/// best is drawn `1/e` times as often as the best.
const TEMPERATURE_PER_LEVEL: f64 = 12.0;
/// Largest deficit the draw looks at (so that mates weigh as a big material loss).
const DEFICIT_CAP: i32 = 1000;

/// The deepest iteration at `level` (below [`MAX_SKILL`]).
pub(crate) fn depth_limit(level: u8) -> u32 {
    u32::from(level) + 1
}

/// Draws the line to play at `level` among lines scored `scores` (best first).
pub(crate) fn pick(scores: &[i32], level: u8, rng: &mut impl Rng) -> usize {
    let Some(&top) = scores.first() else {
        return 0;
    };
    let temperature = TEMPERATURE_PER_LEVEL * f64::from(MAX_SKILL.saturating_sub(level).max(1));
    let weights: Vec<f64> = scores
        .iter()
        .map(|&score| {
            let deficit = top.saturating_sub(score).clamp(0, DEFICIT_CAP);
            (-f64::from(deficit) / temperature).exp()
        })
        .collect();
    let mut ticket = rng.gen::<f64>() * weights.iter().sum::<f64>();
    for (i, weight) in weights.iter().enumerate() {
        if ticket < *weight {
            return i;
        }
        ticket -= weight;
    }
    0
}

#[cfg(test)]
mod tests {
    use rand::{rngs::StdRng, SeedableRng};

    use super::*;

    /// How often each line is drawn in 2000 draws.
    fn counts(scores: &[i32], level: u8) -> Vec<usize> {
        let mut rng = StdRng::seed_from_u64(7);
        let mut counts = vec![0; scores.len()];
        for _ in 0..2000 {
            counts[pick(scores, level, &mut rng)] += 1;
        }
        counts
    }

    #[test]
    fn high_levels_play_the_best_line_low_levels_stray() {
        let scores = [40, 0, -30, -200];
        let strong = counts(&scores, 19);
        assert!(strong[0] > 1900, "{strong:?}");
        let weak = counts(&scores, 0);
        assert!(weak[0] < 1200 && weak[1] > 300 && weak[2] > 200, "{weak:?}");
        assert!(weak[3] < weak[2], "{weak:?}");
    }

    #[test]
    fn a_blunder_far_below_the_best_is_rare_even_at_level_0() {
        let weak = counts(&[0, -10, -2500, -30000], 0);
        assert!(weak[2] + weak[3] < 40, "{weak:?}");
        assert_eq!(pick(&[5], 0, &mut StdRng::seed_from_u64(1)), 0);
        assert_eq!(pick(&[], 0, &mut StdRng::seed_from_u64(1)), 0);
    }

    #[test]
    fn depth_grows_with_the_level() {
        assert_eq!(depth_limit(0), 1);
        assert!(depth_limit(10) > depth_limit(5));
    }
}
