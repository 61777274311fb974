//! Training of the evaluation network ([`Network`]) as a correction of the hand-written
//! evaluation: positions with that evaluation's score and a target (a win probability for
//! the side to move), a loss of the squared difference between the win probability of the
//! score plus the network's output and the target, and Adam over shuffled mini-batches. The
//! network starts with zero output weights, as good as the hand-written evaluation, and the
//! one kept is that of the epoch with the lowest loss on held-out positions.

use movegen::Position;
use rand::{rngs::StdRng, seq::SliceRandom, Rng, SeedableRng};
use rayon::prelude::*;

use super::net::{activation, NetInputs, Network, CP_PER_UNIT};

/// Positions as the network's inputs, each with its target.
#[derive(Clone, Debug, Default)]
pub struct NetData {
    /// Every position's inputs: the side to move's view, then the other side's.
    inputs: Vec<u32>,
    /// Per position: where its views start in `inputs`, and where the second one starts.
    starts: Vec<(usize, usize)>,
    /// Per position: the hand-written evaluation's score for the side to move, in units of
    /// the network's output.
    bases: Vec<f32>,
    /// Per position: the side to move's win probability to learn.
    targets: Vec<f32>,
}

impl NetData {
    /// No positions.
    pub fn new() -> NetData {
        NetData::default()
    }

    /// Adds `pos`, which the hand-written evaluation scores `base` centipawns for the side to
    /// move and whose side to move should win with probability `target`.
    pub fn push(&mut self, inputs: &NetInputs, pos: &Position, base: i32, target: f32) {
        let start = self.inputs.len();
        let us = pos.side_to_move();
        inputs.collect(pos, us, |i| self.inputs.push(i as u32));
        let split = self.inputs.len();
        inputs.collect(pos, us.opponent(), |i| self.inputs.push(i as u32));
        self.starts.push((start, split));
        self.bases.push(base as f32 / CP_PER_UNIT);
        self.targets.push(target);
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Splits off the positions from `at` on (all of them when `at` is 0, none past the
    /// end) and returns them.
    pub fn split_off(&mut self, at: usize) -> NetData {
        let at = at.min(self.len());
        let cut = self
            .starts
            .get(at)
            .map_or(self.inputs.len(), |&(start, _)| start);
        NetData {
            inputs: self.inputs.split_off(cut),
            starts: self
                .starts
                .split_off(at)
                .into_iter()
                .map(|(start, split)| (start - cut, split - cut))
                .collect(),
            bases: self.bases.split_off(at),
            targets: self.targets.split_off(at),
        }
    }

    /// The network's output for position `i` (without its base score).
    #[cfg(test)]
    pub(crate) fn output(&self, net: &Network, i: usize) -> f32 {
        Layers::new(net.hidden()).forward(net, self.views(i))
    }

    /// The two views of position `i`.
    fn views(&self, i: usize) -> [&[u32]; 2] {
        let (start, split) = self.starts[i];
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.inputs.len(), |&(next, _)| next);
        [&self.inputs[start..split], &self.inputs[split..end]]
    }
}

/// How a network is trained.
#[derive(Clone, Debug)]
pub struct NetTrainOptions {
    /// Hidden units.
    pub hidden: usize,
    /// Passes over the data.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the start; it falls to a tenth of this by the last epoch.
    pub rate: f32,
    /// Seed of the first weights and of the order of the positions.
    pub seed: u64,
    /// Weight decay: each step also shrinks every weight by this share of the step size
    /// (AdamW), which keeps a network trained on few games from learning them by heart.
    pub decay: f32,
}

impl Default for NetTrainOptions {
    fn default() -> NetTrainOptions {
        NetTrainOptions {
            hidden: 128,
            epochs: 30,
            batch: 4096,
            rate: 0.001,
            seed: 1,
            decay: 0.0,
        }
    }
}

/// The logistic function.
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of the win probabilities of the hand-written evaluation corrected
/// by `net` against the targets of `data`.
pub fn net_loss(net: &Network, data: &NetData) -> f64 {
    let chunks: Vec<f64> = (0..data.len())
        .collect::<Vec<_>>()
        .par_chunks(4096)
        .map(|chunk| {
            let mut layers = Layers::new(net.hidden());
            chunk
                .iter()
                .map(|&i| {
                    let out = data.bases[i] + layers.forward(net, data.views(i));
                    f64::from(sigmoid(out) - data.targets[i]).powi(2)
                })
                .sum::<f64>()
        })
        .collect();
    chunks.iter().sum::<f64>() / data.len().max(1) as f64
}

/// The hidden layers of one position (scratch space).
struct Layers {
    views: [Vec<f32>; 2],
}

impl Layers {
    fn new(hidden: usize) -> Layers {
        Layers {
            views: [vec![0.0; hidden], vec![0.0; hidden]],
        }
    }

    /// Fills the layers from `views` and returns the output.
    fn forward(&mut self, net: &Network, views: [&[u32]; 2]) -> f32 {
        let h = net.hidden();
        let mut out = net.output_bias;
        for (side, (layer, inputs)) in self.views.iter_mut().zip(views).enumerate() {
            layer.copy_from_slice(&net.hidden_bias);
            for &input in inputs {
                let row = &net.input_weights[input as usize * h..(input as usize + 1) * h];
                for (a, w) in layer.iter_mut().zip(row) {
                    *a += w;
                }
            }
            let weights = &net.output_weights[side * h..(side + 1) * h];
            out += layer
                .iter()
                .zip(weights)
                .map(|(&a, &w)| activation(a) * w)
                .sum::<f32>();
        }
        out
    }
}

/// Gradients laid out as [`flat_params`] lists the weights.
struct Gradient {
    values: Vec<f32>,
    loss: f64,
}

/// The network's weights as slices in one order: the input rows, the hidden biases, the
/// output weights and the output bias.
fn flat_params(net: &mut Network) -> [&mut [f32]; 4] {
    [
        &mut net.input_weights,
        &mut net.hidden_bias,
        &mut net.output_weights,
        std::slice::from_mut(&mut net.output_bias),
    ]
}

/// The gradient of the loss over the positions `batch` of `data`.
fn gradient(net: &Network, data: &NetData, batch: &[usize]) -> Gradient {
    let h = net.hidden();
    let inputs_len = net.inputs() * h;
    let mut values = vec![0.0f32; inputs_len + 3 * h + 1];
    let mut loss = 0.0;
    let mut layers = Layers::new(h);
    let mut deltas = [vec![0.0f32; h], vec![0.0f32; h]];
    for &i in batch {
        let views = data.views(i);
        let out = data.bases[i] + layers.forward(net, views);
        let p = sigmoid(out);
        let error = p - data.targets[i];
        loss += f64::from(error).powi(2);
        let g = 2.0 * error * p * (1.0 - p);
        let (input_grad, rest) = values.split_at_mut(inputs_len);
        let (bias_grad, rest) = rest.split_at_mut(h);
        let (output_grad, output_bias_grad) = rest.split_at_mut(2 * h);
        output_bias_grad[0] += g;
        for side in 0..2 {
            let layer = &layers.views[side];
            let weights = &net.output_weights[side * h..(side + 1) * h];
            let grads = &mut output_grad[side * h..(side + 1) * h];
            let delta = &mut deltas[side];
            for k in 0..h {
                let a = layer[k];
                grads[k] += g * activation(a);
                let slope = if a > 0.0 && a < 1.0 { 2.0 * a } else { 0.0 };
                delta[k] = g * weights[k] * slope;
                bias_grad[k] += delta[k];
            }
            for &input in views[side] {
                let row = &mut input_grad[input as usize * h..(input as usize + 1) * h];
                for (r, d) in row.iter_mut().zip(delta.iter()) {
                    *r += d;
                }
            }
        }
    }
    Gradient { values, loss }
}

/// Adam's moments, laid out as the gradient.
struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn new(len: usize) -> Adam {
        Adam {
            first: vec![0.0; len],
            second: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step of `rate` down the mean gradient `sum / count`, shrinking the weights by
    /// `decay` times `rate`.
    fn step(&mut self, net: &mut Network, sum: &[f32], count: usize, rate: f32, decay: f32) {
        self.steps += 1;
        let correction1 = 1.0 - Self::BETA1.powi(self.steps);
        let correction2 = 1.0 - Self::BETA2.powi(self.steps);
        let scale = 1.0 / count as f32;
        let mut at = 0;
        for params in flat_params(net) {
            for w in params.iter_mut() {
                let g = sum[at] * scale;
                let m = &mut self.first[at];
                let v = &mut self.second[at];
                *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
                *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
                *w -= rate * (*m / correction1) / ((*v / correction2).sqrt() + Self::EPSILON)
                    + rate * decay * *w;
                at += 1;
            }
        }
    }
}

/// A network of `inputs` inputs trained on `train` (its output weights start at zero: no
/// correction); `report` gets a line per epoch with the losses on `train` and `holdout`. Returns the network of the epoch with the lowest holdout
/// loss (the last one when `holdout` is empty).
pub fn train_net(
    inputs: usize,
    train: &NetData,
    holdout: &NetData,
    options: &NetTrainOptions,
    report: &mut dyn FnMut(String),
) -> Network {
    let h = options.hidden;
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut net = Network::zeros(inputs, h);
    for w in net.input_weights.iter_mut() {
        *w = rng.gen_range(-0.1..0.1);
    }
    let mut adam = Adam::new(inputs * h + 3 * h + 1);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let threads = rayon::current_num_threads().max(1);
    let mut best = (f64::INFINITY, net.clone());
    let start = std::time::Instant::now();
    for epoch in 0..options.epochs {
        let progress = epoch as f32 / options.epochs.max(2).saturating_sub(1) as f32;
        let rate = options.rate * 0.1f32.powf(progress);
        order.shuffle(&mut rng);
        let mut loss = 0.0;
        for batch in order.chunks(options.batch.max(1)) {
            let part = batch.len().div_ceil(threads);
            let parts: Vec<Gradient> = batch
                .par_chunks(part)
                .map(|chunk| gradient(&net, train, chunk))
                .collect();
            let mut parts = parts.into_iter();
            let Some(mut sum) = parts.next() else {
                continue;
            };
            for other in parts {
                for (s, o) in sum.values.iter_mut().zip(&other.values) {
                    *s += o;
                }
                sum.loss += other.loss;
            }
            loss += sum.loss;
            adam.step(&mut net, &sum.values, batch.len(), rate, options.decay);
        }
        let train_loss = loss / train.len().max(1) as f64;
        let held = if holdout.is_empty() {
            train_loss
        } else {
            net_loss(&net, holdout)
        };
        let spent = start.elapsed().as_secs_f64();
        let left = spent / (epoch + 1) as f64 * (options.epochs - epoch - 1) as f64;
        report(format!(
            "epoch {} of {}: rate {rate:.6}, training loss {train_loss:.6}, holdout loss \
             {held:.6}, {:.0} positions/s, {spent:.0} s spent, {left:.0} s left",
            epoch + 1,
            options.epochs,
            train.len() as f64 * (epoch + 1) as f64 / spent.max(1e-3),
        ));
        if held < best.0 {
            best = (held, net.clone());
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use movegen::Rules;
    use notation::Color;

    use super::*;

    /// Positions of random games in `rules`.
    fn random_positions(rules: &Arc<Rules>, count: usize, seed: u64) -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut pos = Position::from_fen(rules.clone(), &rules.start_fen).expect("start");
            for _ in 0..rng.gen_range(4..60) {
                let mut moves = movegen::MoveList::new();
                pos.generate_legal(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                pos.make(mv);
            }
            positions.push(pos);
        }
        positions
    }

    #[test]
    fn split_off_keeps_every_position_whole() {
        let rules = variants::Catalog::builtin().rules("shogi").expect("shogi");
        let inputs = NetInputs::new(&rules);
        let positions = random_positions(&rules, 40, 9);
        let mut whole = NetData::new();
        for (n, pos) in positions.iter().enumerate() {
            whole.push(&inputs, pos, n as i32, n as f32 / 40.0);
        }
        let mut first = whole.clone();
        let second = first.split_off(25);
        assert_eq!((first.len(), second.len()), (25, 15));
        for i in 0..40 {
            let (part, j) = if i < 25 {
                (&first, i)
            } else {
                (&second, i - 25)
            };
            assert_eq!(part.views(j), whole.views(i), "position {i}");
            assert_eq!(part.bases[j], whole.bases[i]);
            assert_eq!(part.targets[j], whole.targets[i]);
        }
        let mut all = NetData::new();
        all.push(&inputs, &positions[0], 0, 0.5);
        assert_eq!(all.split_off(5).len(), 0);
        assert_eq!(all.split_off(0).len(), 1);
        assert!(all.is_empty());
    }

    #[test]
    fn the_network_learns_material_from_synthetic_targets() {
        // Targets from a known rule (a knight is worth 3 pawns, a queen 9, ...): the
        // trained network must predict positions it never saw better than a constant.
        let rules = variants::Catalog::builtin().rules("chess").expect("chess");
        let inputs = NetInputs::new(&rules);
        let values = [1.0f32, 3.0, 3.0, 5.0, 9.0, 0.0];
        let target = |pos: &Position| {
            let mut score = 0.0;
            for sq in pos.occupied().iter() {
                let piece = pos.piece_at(sq).expect("a piece");
                let value = values[piece.id as usize] * 100.0;
                score += if piece.color == pos.side_to_move() {
                    value
                } else {
                    -value
                };
            }
            1.0 / (1.0 + (-score / CP_PER_UNIT).exp())
        };
        let mut train = NetData::new();
        let mut holdout = NetData::new();
        for (n, pos) in random_positions(&rules, 3000, 5).iter().enumerate() {
            let data = if n % 5 == 0 { &mut holdout } else { &mut train };
            data.push(&inputs, pos, 0, target(pos));
        }
        let constant = Network::zeros(inputs.count(), 8);
        let options = NetTrainOptions {
            hidden: 8,
            epochs: 40,
            batch: 64,
            rate: 0.01,
            seed: 3,
            decay: 0.0,
        };
        let net = train_net(inputs.count(), &train, &holdout, &options, &mut |_| {});
        let before = net_loss(&constant, &holdout);
        let after = net_loss(&net, &holdout);
        assert!(after < before / 4.0, "{before} -> {after}");
        // It reads material the right way round for either side to move.
        let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        let pos = Position::from_fen(rules.clone(), fen).expect("fen");
        assert_eq!(pos.side_to_move(), Color::White);
        assert!(net.evaluate(&inputs, &pos) > 200);
        let fen = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
        let pos = Position::from_fen(rules, fen).expect("fen");
        assert!(net.evaluate(&inputs, &pos) < -200);
    }
}
