//! Texel's method: fits the evaluation's weights to game results by minimising the mean
//! squared difference between each position's result and the win probability its static
//! evaluation predicts, `1 / (1 + 10^(-k * eval / 400))`, with `k` fitted first. Where the data
//! holds the search's score of a position, the target may blend the result with the win
//! probability of that score ([`TuneOptions::lambda`]): in a variant whose games are mostly
//! drawn the results alone say little.
//!
//! The search over the weights is a coordinate descent: each weight in turn moves by a step
//! up or down while that lowers the error, with the steps shrinking from pass to pass. The
//! piece-square terms, thousands of them, are fitted afterwards by gradient descent (see
//! [`tune_squares`](super::tune_squares)).

use std::sync::Arc;

use movegen::{Position, Rules};
use notation::Color;
use rayon::prelude::*;

use super::{
    eval::EvalTables,
    params::EvalParams,
    piece_values::derive,
    tune_squares::{fit_squares, SquareFit, Targets},
};

/// Positions with their results, for one variant.
#[derive(Debug)]
pub struct TrainingSet {
    rules: Arc<Rules>,
    /// Positions with their results from White's view.
    positions: Vec<(Position, f64)>,
    /// Per position: the search's score from White's view, in centipawns, where known.
    scores: Vec<Option<f64>>,
}

/// How [`tune`] searches.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// The step sizes, tried in this order (each until a pass changes nothing).
    pub steps: Vec<i32>,
    /// Most passes over the weights per step size.
    pub passes: usize,
    /// Tune only the weights whose names start with one of these (all when empty).
    pub only: Vec<String>,
    /// The share of the game result in each position's target (0 to 1); the rest is the win
    /// probability of the position's search score, where the data has one.
    pub lambda: f64,
    /// Whether the named weights and piece values are fitted (by coordinate descent).
    pub weights: bool,
    /// How the piece-square terms are fitted afterwards, if they are.
    pub squares: Option<SquareFit>,
}

impl Default for TuneOptions {
    fn default() -> TuneOptions {
        TuneOptions {
            steps: vec![16, 4, 1],
            passes: 8,
            only: Vec::new(),
            lambda: 1.0,
            weights: true,
            squares: None,
        }
    }
}

impl TrainingSet {
    /// An empty set for `rules`.
    pub fn new(rules: Arc<Rules>) -> TrainingSet {
        TrainingSet {
            rules,
            positions: Vec::new(),
            scores: Vec::new(),
        }
    }

    /// Adds a position, its result from White's view (1, 0.5 or 0) and, if known, the
    /// search's score of it from White's view in centipawns.
    pub fn push(&mut self, pos: Position, result: f64, score: Option<f64>) {
        self.positions.push((pos, result));
        self.scores.push(score);
    }

    /// The rules the positions are played by.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The positions.
    pub(crate) fn positions(&self) -> Vec<&Position> {
        self.positions.iter().map(|(pos, _)| pos).collect()
    }

    /// How many positions the set holds.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The mean squared error of `params` with scale `k`.
    pub fn error(&self, params: &EvalParams, k: f64) -> f64 {
        let tables = EvalTables::with_params(&self.rules, &derive(&self.rules), params.clone());
        self.error_of(&tables, k)
    }

    fn error_of(&self, tables: &EvalTables, k: f64) -> f64 {
        self.error_against(tables, k, &self.results())
    }

    fn error_against(&self, tables: &EvalTables, k: f64, targets: &[f64]) -> f64 {
        error_with(&self.white_evals(tables), targets, k)
    }

    /// The game results, from White's view.
    fn results(&self) -> Vec<f64> {
        self.positions.iter().map(|&(_, result)| result).collect()
    }

    /// Each position's target: `lambda` of its result plus the rest of its score's win
    /// probability with scale `k` (the result alone where no score is known).
    fn targets(&self, k: f64, lambda: f64) -> Vec<f64> {
        self.positions
            .iter()
            .zip(&self.scores)
            .map(|(&(_, result), score)| match score {
                Some(cp) => lambda * result + (1.0 - lambda) * win_probability(*cp, k),
                None => result,
            })
            .collect()
    }

    /// Each position's evaluation from White's view.
    fn white_evals(&self, tables: &EvalTables) -> Vec<f64> {
        self.positions
            .par_iter()
            .map(|(pos, _)| {
                let score = f64::from(tables.evaluate(pos));
                if pos.side_to_move() == Color::White {
                    score
                } else {
                    -score
                }
            })
            .collect()
    }

    /// The scale `k` that makes `params` fit best.
    pub fn fit_scale(&self, params: &EvalParams) -> f64 {
        let tables = EvalTables::with_params(&self.rules, &derive(&self.rules), params.clone());
        let evals = self.white_evals(&tables);
        let results = self.results();
        let (mut low, mut high) = (0.05f64, 5.0f64);
        for _ in 0..60 {
            let a = low + (high - low) / 3.0;
            let b = high - (high - low) / 3.0;
            if error_with(&evals, &results, a) < error_with(&evals, &results, b) {
                high = b;
            } else {
                low = a;
            }
        }
        (low + high) / 2.0
    }

    /// `params` with a value for every piece type of the variant that is not royal (the
    /// derived one where `params` has none), so that the tuner can move them.
    pub fn with_piece_values(&self, params: &EvalParams) -> EvalParams {
        let mut params = params.clone();
        for (pt, profile) in self.rules.pieces.iter().zip(derive(&self.rules)) {
            if !pt.royal && params.value(&pt.symbol).is_none() {
                params.set_value(&pt.symbol, [profile.value; 2]);
            }
        }
        params
    }
}

/// The hand-written evaluation of each of `positions` (with the variant's weights, without
/// its network), for its side to move.
pub fn handwritten_scores(rules: &Rules, positions: &[Position]) -> Vec<i32> {
    let tables = EvalTables::handwritten(rules);
    positions
        .par_iter()
        .map(|pos| tables.evaluate(pos))
        .collect()
}

/// The win probability of a score `cp` with scale `k`.
fn win_probability(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The mean squared error of predictions from `evals` with scale `k` against `targets`.
fn error_with(evals: &[f64], targets: &[f64], k: f64) -> f64 {
    if evals.is_empty() {
        return 0.0;
    }
    // Chunks summed in parallel, then in order: the same inputs always give the same error, so
    // rounding cannot pass for an improvement.
    let chunks: Vec<f64> = evals
        .par_chunks(4096)
        .zip(targets.par_chunks(4096))
        .map(|(evals, targets)| {
            evals
                .iter()
                .zip(targets)
                .map(|(&eval, target)| (target - win_probability(eval, k)).powi(2))
                .sum::<f64>()
        })
        .collect();
    chunks.iter().sum::<f64>() / evals.len() as f64
}

/// Fits `start` to `set` (see the module documentation), calling `report` with a line of
/// progress now and then; returns the fitted weights. Positions of `holdout` (from other
/// games) are not fitted to: their error is reported before and after, and the piece-square
/// fit stops where it was lowest.
pub fn tune(
    set: &TrainingSet,
    holdout: Option<&TrainingSet>,
    start: &EvalParams,
    options: &TuneOptions,
    report: &mut dyn FnMut(&str),
) -> EvalParams {
    let mut params = set.with_piece_values(start);
    let k = set.fit_scale(&params);
    let targets = set.targets(k, options.lambda);
    let profiles = derive(&set.rules);
    let error = |params: &EvalParams| {
        set.error_against(
            &EvalTables::with_params(&set.rules, &profiles, params.clone()),
            k,
            &targets,
        )
    };
    let held_targets = holdout.map(|h| h.targets(k, options.lambda));
    let held_error = |params: &EvalParams| {
        holdout.zip(held_targets.as_ref()).map(|(h, targets)| {
            h.error_against(
                &EvalTables::with_params(&h.rules, &profiles, params.clone()),
                k,
                targets,
            )
        })
    };
    let mut best = error(&params);
    report(&format!(
        "{} positions, k = {k:.3}, error {best:.6}",
        set.len()
    ));
    if let Some(e) = held_error(&params) {
        report(&format!(
            "held out: {} positions, error {e:.6}",
            holdout.map_or(0, |h| h.len())
        ));
    }
    // The piece-square terms are left to the gradient descent.
    let named = params.len() - 2 * params.squares.len();
    let chosen: Vec<usize> = (0..named)
        .filter(|&i| {
            let name = params.weight_name(i);
            options.weights
                && (options.only.is_empty()
                    || options.only.iter().any(|p| name.starts_with(p.as_str())))
        })
        .collect();
    let steps = if chosen.is_empty() {
        &[][..]
    } else {
        &options.steps[..]
    };
    for &step in steps {
        for pass in 0..options.passes {
            let mut changed = 0;
            for &i in &chosen {
                let original = *params.weight_mut(i);
                let mut improved = false;
                for delta in [step, -step] {
                    *params.weight_mut(i) = original + delta;
                    let e = error(&params);
                    if e < best {
                        best = e;
                        improved = true;
                        break;
                    }
                }
                if improved {
                    changed += 1;
                } else {
                    *params.weight_mut(i) = original;
                }
            }
            report(&format!(
                "step {step} pass {}: error {best:.6}, {changed} weights moved",
                pass + 1
            ));
            if changed == 0 {
                break;
            }
        }
    }
    if let Some(e) = held_error(&params).filter(|_| !chosen.is_empty()) {
        report(&format!("held out after the weights' fit: error {e:.6}"));
    }
    if let Some(fit) = &options.squares {
        let training = Targets {
            set,
            targets: &targets,
        };
        let held = holdout
            .zip(held_targets.as_deref())
            .map(|(set, targets)| Targets { set, targets });
        params = fit_squares(training, held, &params, k, fit, report);
        report(&format!(
            "after the piece-square fit: error {:.6}",
            error(&params)
        ));
        if let Some(e) = held_error(&params) {
            report(&format!(
                "held out after the piece-square fit: error {e:.6}"
            ));
        }
    }
    params
}

#[cfg(test)]
pub(crate) mod tests {
    use variants::Catalog;

    use super::*;

    /// Positions from random games of `rules`, of many lengths.
    pub(crate) fn random_positions(rules: &Arc<Rules>, count: usize) -> Vec<Position> {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::start(Arc::clone(rules));
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let plies = 4 + (seed % 80) as usize;
            for _ in 0..plies {
                let mut moves = movegen::MoveList::new();
                pos.generate_legal(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make(moves[(seed % moves.len() as u64) as usize]);
            }
            out.push(pos);
        }
        out
    }

    #[test]
    fn the_tuner_recovers_known_weights_from_synthetic_results() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let mut truth = EvalParams::default();
        truth.set_value("N", [380, 380]);
        truth.tempo = [40, 40];
        let tables = EvalTables::with_params(&rules, &derive(&rules), truth.clone());
        let k = 1.2;
        let mut set = TrainingSet::new(Arc::clone(&rules));
        for pos in random_positions(&rules, 3000) {
            let mut eval = f64::from(tables.evaluate(&pos));
            if pos.side_to_move() == Color::Black {
                eval = -eval;
            }
            let result = 1.0 / (1.0 + 10f64.powf(-k * eval / 400.0));
            set.push(pos, result, None);
        }
        let fitted_k = set.fit_scale(&truth);
        assert!((fitted_k - k).abs() < 0.01, "k {fitted_k}");
        let options = TuneOptions {
            only: vec!["value.N".into(), "tempo".into()],
            ..TuneOptions::default()
        };
        let tuned = tune(&set, None, &EvalParams::default(), &options, &mut |_| {});
        let [nm, ne] = tuned.value("N").expect("a knight value");
        assert!(
            (nm + ne) / 2 > 360 && (nm + ne) / 2 < 400,
            "knight {nm} {ne}"
        );
        let [tm, te] = tuned.tempo;
        assert!((tm + te) / 2 > 30 && (tm + te) / 2 < 50, "tempo {tm} {te}");
        assert!(set.error(&tuned, fitted_k) < set.error(&EvalParams::default(), fitted_k));
    }

    /// Drawn games say nothing; the search scores in the data carry the knight's value.
    #[test]
    fn scores_teach_what_drawn_results_cannot() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let mut truth = EvalParams::default();
        truth.set_value("N", [380, 380]);
        let tables = EvalTables::with_params(&rules, &derive(&rules), truth.clone());
        let mut set = TrainingSet::new(Arc::clone(&rules));
        for pos in random_positions(&rules, 3000) {
            let mut eval = f64::from(tables.evaluate(&pos));
            if pos.side_to_move() == Color::Black {
                eval = -eval;
            }
            set.push(pos, 0.5, Some(eval));
        }
        let tune_knight = |lambda: f64| {
            let options = TuneOptions {
                only: vec!["value.N".into()],
                lambda,
                ..TuneOptions::default()
            };
            let tuned = tune(&set, None, &EvalParams::default(), &options, &mut |_| {});
            let [mg, eg] = tuned.value("N").expect("a knight value");
            (mg + eg) / 2
        };
        let knight = tune_knight(0.0);
        assert!(knight > 360 && knight < 400, "knight {knight}");
        assert!(
            (tune_knight(1.0) - 380).abs() > 30,
            "the results alone should not find the knight"
        );
    }
}
