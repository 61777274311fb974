//! Skill levels: a weaker Kraken for people to play against. Below the top level the search
//! stops at a depth that grows with the level, compares several lines, and draws one of them
//! at random, each with a weight that falls off exponentially with how much worse it scores
//! than the best, faster the higher the level. `UCI_Elo` picks levels by their measured Elo.

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

/// The Elo of each level below the top, on the scale of Fairy-Stockfish's (Stockfish's)
/// `UCI_Elo`: `scripts/calibrate_skill.py` played chess at 5 s + 0.05 s against
/// Fairy-Stockfish limited to a nearby `UCI_Elo`, 20 games at each of levels 0-6, 8, 10, 12, 14,
/// 16 and 19 (260 games), and fitted 1006.6 + 336.7 ln(level + 1) to the 13 figures (each
/// uncertain by 165-240 Elo on its own).
const LEVEL_ELO: [i32; MAX_SKILL as usize] = [
    1007, 1240, 1376, 1473, 1548, 1610, 1662, 1707, 1746, 1782, 1814, 1843, 1870, 1895, 1918, 1940,
    1961, 1980, 1998, 2015,
];

/// The weakest and the strongest `UCI_Elo` Kraken can play at.
pub const MIN_ELO: i32 = LEVEL_ELO[0];
pub const MAX_ELO: i32 = LEVEL_ELO[MAX_SKILL as usize - 1];

/// A level to play a search at for a strength of `elo`: between two levels, the stronger one
/// with the probability that makes the expected Elo `elo` (the two are close, so the average
/// of their ratings is about the rating of the mixture).
pub(crate) fn level_for_elo(elo: i32, rng: &mut impl Rng) -> u8 {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let upper = LEVEL_ELO
        .iter()
        .position(|&e| e >= elo)
        .unwrap_or(LEVEL_ELO.len() - 1);
    if upper == 0 || LEVEL_ELO[upper] == elo {
        return upper as u8;
    }
    let (low, high) = (LEVEL_ELO[upper - 1], LEVEL_ELO[upper]);
    let stronger = f64::from(elo - low) / f64::from(high - low);
    if rng.gen::<f64>() < stronger {
        upper as u8
    } else {
        upper as u8 - 1
    }
}

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
    fn levels_grow_stronger() {
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] < w[1]), "{LEVEL_ELO:?}");
    }

    #[test]
    fn an_elo_between_two_levels_mixes_them_to_that_average() {
        let mut rng = StdRng::seed_from_u64(3);
        let target = (LEVEL_ELO[6] * 3 + LEVEL_ELO[7]) / 4;
        let draws: Vec<u8> = (0..4000).map(|_| level_for_elo(target, &mut rng)).collect();
        assert!(draws.iter().all(|&level| level == 6 || level == 7));
        let mean = draws
            .iter()
            .map(|&l| f64::from(LEVEL_ELO[l as usize]))
            .sum::<f64>()
            / 4000.0;
        assert!(
            (mean - f64::from(target)).abs() < 10.0,
            "{mean} against {target}"
        );
        assert_eq!(level_for_elo(LEVEL_ELO[4], &mut rng), 4);
        assert_eq!(level_for_elo(MIN_ELO - 500, &mut rng), 0);
        assert_eq!(level_for_elo(MAX_ELO + 500, &mut rng), MAX_SKILL - 1);
    }

    #[test]
    fn depth_grows_with_the_level() {
        assert_eq!(depth_limit(0), 1);
        assert!(depth_limit(10) > depth_limit(5));
    }
}
