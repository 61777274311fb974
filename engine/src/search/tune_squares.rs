//! Fits the piece-square terms ([`SquareTerm`](super::params::SquareTerm)) by gradient
//! descent.
//!
//! A piece-square term enters the evaluation linearly: a piece of type `t` on square `s` adds
//! its middlegame part times the phase and its endgame part times the rest, divided by what a
//! drawish ending divides the score by. So each position's evaluation is its evaluation with
//! the current terms plus a sparse dot product of its pieces with the changes, and the
//! logistic error of Texel's method can be minimised over thousands of terms at once (Adam,
//! whole batch, a small L2 penalty that keeps terms of squares the data rarely sees near 0).
//! With held-out positions (other games than the training positions) the fit keeps the terms
//! of the epoch that predicted those best, so it stops before it learns the training set's
//! noise.

use movegen::{Piece, Position};
use notation::{Color, Square};
use rayon::prelude::*;

use super::{
    eval::{second_player_view, EvalTables},
    params::EvalParams,
    piece_values::derive,
    tune::TrainingSet,
};

/// Positions per chunk of the parallel sums (a fixed order: the same data always gives the
/// same result).
const CHUNK: usize = 4096;
/// Epochs between two looks at the held-out positions.
const HOLDOUT_INTERVAL: usize = 25;
/// Adam's decay rates and its guard against division by zero.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

/// How the piece-square terms are fitted.
#[derive(Clone, Debug)]
pub struct SquareFit {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weight of the penalty on the squared terms.
    pub l2: f64,
}

impl Default for SquareFit {
    fn default() -> SquareFit {
        SquareFit {
            epochs: 2000,
            rate: 1.0,
            l2: 1e-9,
        }
    }
}

/// Each position's evaluation, from White's view, as a fixed part plus the sparse sum of its
/// coefficients times the terms.
struct Linear {
    /// The evaluation with the terms the fit started from.
    base: Vec<f64>,
    /// Per position, where its coefficients start in `terms` and `coefficients`.
    starts: Vec<usize>,
    terms: Vec<u32>,
    coefficients: Vec<f32>,
}

impl Linear {
    /// The coefficients of `positions` under `tables`; a term is
    /// `(type * squares + square) * 2 + part` with the square seen from White.
    fn new(
        positions: &[&Position],
        tables: &EvalTables,
        squares: usize,
        view: &(dyn Fn(Square) -> Square + Sync),
    ) -> Linear {
        let rows: Vec<(f64, Vec<(u32, f32)>)> = positions
            .par_iter()
            .map(|pos| {
                let board = tables.board_score(pos, None);
                let mid = f64::from(board.phase) / 256.0 / f64::from(board.divisor);
                let end = (256.0 - f64::from(board.phase)) / 256.0 / f64::from(board.divisor);
                let mut row = Vec::with_capacity(2 * pos.occupied().len());
                for sq in pos.occupied().iter() {
                    let Some(Piece { color, id }) = pos.piece_at(sq) else {
                        continue;
                    };
                    let (seen, sign) = match color {
                        Color::White => (sq, 1.0),
                        Color::Black => (view(sq), -1.0),
                    };
                    let term = ((id as usize * squares + seen.index()) * 2) as u32;
                    row.push((term, (sign * mid) as f32));
                    row.push((term + 1, (sign * end) as f32));
                }
                let eval = f64::from(tables.evaluate(pos));
                let white = if pos.side_to_move() == Color::White {
                    eval
                } else {
                    -eval
                };
                (white, row)
            })
            .collect();
        let mut linear = Linear {
            base: Vec::with_capacity(rows.len()),
            starts: Vec::with_capacity(rows.len() + 1),
            terms: Vec::new(),
            coefficients: Vec::new(),
        };
        for (base, row) in rows {
            linear.base.push(base);
            linear.starts.push(linear.terms.len());
            for (term, coefficient) in row {
                linear.terms.push(term);
                linear.coefficients.push(coefficient);
            }
        }
        linear.starts.push(linear.terms.len());
        linear
    }

    /// The mean squared error of the predictions with the terms moved by `delta`, against
    /// `targets`, with `scale` turning centipawns into the logistic's argument.
    fn error(&self, delta: &[f64], targets: &[f64], scale: f64) -> f64 {
        let total: f64 = (0..self.base.len())
            .into_par_iter()
            .with_min_len(CHUNK)
            .map(|i| {
                let p = 1.0 / (1.0 + (-scale * self.eval(i, delta)).exp());
                (targets[i] - p).powi(2)
            })
            .sum();
        total / self.base.len().max(1) as f64
    }

    /// The evaluation of position `i` with the terms moved by `delta` from where they were.
    #[inline]
    fn eval(&self, i: usize, delta: &[f64]) -> f64 {
        let range = self.starts[i]..self.starts[i + 1];
        self.base[i]
            + self.terms[range.clone()]
                .iter()
                .zip(&self.coefficients[range])
                .map(|(&t, &c)| f64::from(c) * delta[t as usize])
                .sum::<f64>()
    }
}

/// Positions with their targets.
pub(crate) struct Targets<'a> {
    pub(crate) set: &'a TrainingSet,
    pub(crate) targets: &'a [f64],
}

/// `params` with its piece-square terms fitted to `training` (scale `k`), stopped where the
/// error on `holdout` was lowest if given, calling `report` with progress.
pub(crate) fn fit_squares(
    training: Targets,
    holdout: Option<Targets>,
    params: &EvalParams,
    k: f64,
    fit: &SquareFit,
    report: &mut dyn FnMut(&str),
) -> EvalParams {
    let (set, targets) = (training.set, training.targets);
    let rules = set.rules();
    let geometry = &rules.geometry;
    let squares = geometry.num_squares();
    let count = 2 * rules.pieces.len() * squares;
    let tables = EvalTables::with_params(rules, &derive(rules), params.clone());
    let positions = set.positions();
    let view = second_player_view(rules);
    let linear = Linear::new(&positions, &tables, squares, &view);
    let holdout = holdout.map(|h| {
        let linear = Linear::new(&h.set.positions(), &tables, squares, &view);
        (linear, h.targets)
    });
    report(&format!(
        "piece-square terms: {} positions, {} coefficients",
        positions.len(),
        linear.terms.len()
    ));

    // The terms the fit starts from, so that the penalty sees their whole size.
    let mut start = vec![0.0f64; count];
    for term in &params.squares {
        let id = rules
            .pieces
            .iter()
            .position(|pt| pt.symbol.eq_ignore_ascii_case(&term.letter));
        if let (Some(id), Ok(sq)) = (id, geometry.parse_square(&term.square)) {
            let at = (id * squares + sq.index()) * 2;
            start[at] = f64::from(term.pair[0]);
            start[at + 1] = f64::from(term.pair[1]);
        }
    }
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let n = positions.len().max(1) as f64;
    let mut delta = vec![0.0f64; count];
    // The held-out error and terms of the best epoch so far.
    let mut best = holdout
        .as_ref()
        .map(|(linear, targets)| (linear.error(&delta, targets, scale), 0, delta.clone()));
    let (mut m, mut v) = (vec![0.0f64; count], vec![0.0f64; count]);
    let ranges: Vec<std::ops::Range<usize>> = (0..positions.len())
        .step_by(CHUNK)
        .map(|from| from..(from + CHUNK).min(positions.len()))
        .collect();
    for epoch in 1..=fit.epochs {
        let chunks: Vec<(Vec<f64>, f64)> = ranges
            .par_iter()
            .map(|chunk| {
                let mut grad = vec![0.0f64; count];
                let mut error = 0.0;
                for i in chunk.clone() {
                    let p = 1.0 / (1.0 + (-scale * linear.eval(i, &delta)).exp());
                    let miss = targets[i] - p;
                    error += miss * miss;
                    let g = -2.0 * miss * p * (1.0 - p) * scale / n;
                    for j in linear.starts[i]..linear.starts[i + 1] {
                        grad[linear.terms[j] as usize] += g * f64::from(linear.coefficients[j]);
                    }
                }
                (grad, error)
            })
            .collect();
        let mut grad = vec![0.0f64; count];
        let mut error = 0.0;
        for (part, e) in &chunks {
            for (g, p) in grad.iter_mut().zip(part) {
                *g += p;
            }
            error += e;
        }
        for t in 0..count {
            let g = grad[t] + 2.0 * fit.l2 * (start[t] + delta[t]);
            m[t] = BETA1 * m[t] + (1.0 - BETA1) * g;
            v[t] = BETA2 * v[t] + (1.0 - BETA2) * g * g;
            let m_hat = m[t] / (1.0 - BETA1.powi(epoch as i32));
            let v_hat = v[t] / (1.0 - BETA2.powi(epoch as i32));
            delta[t] -= fit.rate * m_hat / (v_hat.sqrt() + EPSILON);
        }
        let mut held = String::new();
        if let (Some((linear, targets)), Some(best)) = (&holdout, &mut best) {
            if epoch % HOLDOUT_INTERVAL == 0 || epoch == fit.epochs {
                let error = linear.error(&delta, targets, scale);
                if error < best.0 {
                    *best = (error, epoch, delta.clone());
                }
                held = format!(", held out {error:.6}");
            }
        }
        if epoch == 1 || epoch % 200 == 0 || epoch == fit.epochs {
            report(&format!(
                "piece-square epoch {epoch}: error {:.6}{held} (linear model)",
                error / n
            ));
        }
    }
    if let Some((error, epoch, kept)) = best {
        report(&format!(
            "piece-square terms of epoch {epoch} kept: held-out error {error:.6}"
        ));
        delta = kept;
    }

    let mut fitted = params.clone();
    fitted.squares.clear();
    for (id, pt) in rules.pieces.iter().enumerate() {
        for sq in geometry.squares() {
            let at = (id * squares + sq.index()) * 2;
            let pair = [0, 1].map(|part| (start[at + part] + delta[at + part]).round() as i32);
            if pair != [0, 0] {
                fitted.set_square(&pt.symbol, &geometry.name(sq), pair);
            }
        }
    }
    fitted
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use variants::Catalog;

    use super::*;
    use crate::search::tune::{tests::random_positions, tune, TuneOptions};

    #[test]
    fn the_second_player_sees_the_board_by_the_start_position_symmetry() {
        let catalog = Catalog::builtin();
        for (variant, from, seen) in [("chess", "b1", "b8"), ("shogi", "b1", "h9")] {
            let rules = catalog.rules(variant).expect(variant);
            let g = &rules.geometry;
            let view = second_player_view(&rules);
            let sq = g.parse_square(from).expect("a square");
            assert_eq!(g.name(view(sq)), seen, "{variant}");
        }
    }

    #[test]
    fn the_fit_recovers_a_known_piece_square_term() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let mut truth = EvalParams::default();
        truth.set_square("P", "e2", [-60, -60]);
        truth.set_square("N", "b1", [-40, -40]);
        let tables = EvalTables::with_params(&rules, &derive(&rules), truth.clone());
        let k = 1.2;
        let mut set = TrainingSet::new(Arc::clone(&rules));
        for pos in random_positions(&rules, 4000) {
            let mut eval = f64::from(tables.evaluate(&pos));
            if pos.side_to_move() == Color::Black {
                eval = -eval;
            }
            let result = 1.0 / (1.0 + 10f64.powf(-k * eval / 400.0));
            set.push(pos, result, None);
        }
        let options = TuneOptions {
            weights: false,
            squares: Some(SquareFit {
                epochs: 400,
                rate: 2.0,
                l2: 0.0,
            }),
            ..TuneOptions::default()
        };
        let fitted = tune(&set, None, &EvalParams::default(), &options, &mut |_| {});
        let term = |letter: &str, square: &str| {
            fitted
                .squares
                .iter()
                .find(|t| t.letter == letter && t.square == square)
                .map_or([0, 0], |t| t.pair)
        };
        let [mg, eg] = term("P", "e2");
        assert!(
            (-75..=-45).contains(&((mg + eg) / 2)),
            "pawn on e2: {mg} {eg}"
        );
        let [mg, eg] = term("N", "b1");
        assert!(
            (-55..=-25).contains(&((mg + eg) / 2)),
            "knight on b1: {mg} {eg}"
        );
        // A term the truth does not have stays small.
        let [mg, eg] = term("P", "d2");
        assert!(((mg + eg) / 2).abs() <= 15, "pawn on d2: {mg} {eg}");
    }
}
