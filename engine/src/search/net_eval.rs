//! The network as the search evaluates with it: the hidden layers' weights as 16-bit
//! integers, so that layers kept in step with the position move by move ([`NetStack`]) are
//! exactly the layers summed afresh, and each move costs a few weight rows instead of a row
//! per piece.

use movegen::{Position, Rules};
use notation::Color;

use super::{
    net::{NetInputs, Network, CP_PER_UNIT, MAX_HIDDEN},
    score::MAX_PLY,
};

/// Integer units per unit of a hidden layer: a weight `w` is kept as `round(w * SCALE)`.
/// Sums wrap beyond +-64 units, far past the activation's clip at 1.
const SCALE: f32 = 512.0;
/// Hidden layers are padded with idle units to a multiple of this, for whole vector lanes.
const LANES: usize = 16;

/// A network's weights in the engine's form.
#[derive(Clone, Debug)]
pub(crate) struct NetEval {
    inputs: NetInputs,
    /// Hidden units, padded to a multiple of [`LANES`].
    hidden: usize,
    /// Per input, its row of `hidden` weights.
    input_weights: Vec<i16>,
    hidden_bias: Vec<i16>,
    /// The side to move's `hidden` weights, then the other side's, divided by `SCALE^2`
    /// (the activation's square).
    output_weights: Vec<f32>,
    output_bias: f32,
}

/// One layer per player (White's view, then Black's).
pub(crate) type Layers<'a> = [&'a [i16]; 2];

impl NetEval {
    /// The engine's form of `net` for the variant `rules`, or why it cannot be used.
    pub(crate) fn new(net: &Network, rules: &Rules) -> Result<NetEval, String> {
        let inputs = NetInputs::new(rules);
        if net.inputs() != inputs.count() {
            return Err(format!(
                "the network has {} inputs, {}'s pieces need {}",
                net.inputs(),
                rules.name,
                inputs.count()
            ));
        }
        let limit = f32::from(i16::MAX) / SCALE;
        let quantise = |w: f32| -> Result<i16, String> {
            if w.abs() < limit {
                Ok((w * SCALE).round() as i16)
            } else {
                Err(format!("a weight of {w} is too large (at most {limit})"))
            }
        };
        let h = net.hidden();
        let hidden = h.div_ceil(LANES) * LANES;
        let mut input_weights = vec![0; net.inputs() * hidden];
        for (row, weights) in input_weights
            .chunks_exact_mut(hidden)
            .zip(net.input_weights.chunks_exact(h))
        {
            for (q, &w) in row.iter_mut().zip(weights) {
                *q = quantise(w)?;
            }
        }
        let mut hidden_bias = vec![0; hidden];
        for (q, &w) in hidden_bias.iter_mut().zip(&net.hidden_bias) {
            *q = quantise(w)?;
        }
        let mut output_weights = vec![0.0; 2 * hidden];
        let (ours, theirs) = net.output_weights.split_at(h);
        for (side, weights) in [ours, theirs].into_iter().enumerate() {
            for (k, &w) in weights.iter().enumerate() {
                output_weights[side * hidden + k] = w / (SCALE * SCALE);
            }
        }
        Ok(NetEval {
            inputs,
            hidden,
            input_weights,
            hidden_bias,
            output_weights,
            output_bias: net.output_bias,
        })
    }

    fn row(&self, input: usize) -> &[i16] {
        &self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// Sums `viewer`'s layer of `pos` afresh into `layer`.
    fn refresh(&self, pos: &Position, viewer: Color, layer: &mut [i16]) {
        layer.copy_from_slice(&self.hidden_bias);
        self.inputs
            .collect(pos, viewer, |input| add(layer, self.row(input)));
    }

    /// The score for `us`, in centipawns, of the position whose layers are `layers`.
    #[inline]
    pub(crate) fn score(&self, layers: Layers, us: Color) -> i32 {
        let (w_ours, w_theirs) = self.output_weights.split_at(self.hidden);
        let mut lanes = [0.0f32; LANES];
        for (layer, weights) in [
            (layers[us.index()], w_ours),
            (layers[1 - us.index()], w_theirs),
        ] {
            for (a, w) in layer.chunks_exact(LANES).zip(weights.chunks_exact(LANES)) {
                for k in 0..LANES {
                    let c = f32::from(a[k].clamp(0, SCALE as i16));
                    lanes[k] += c * c * w[k];
                }
            }
        }
        ((self.output_bias + lanes.iter().sum::<f32>()) * CP_PER_UNIT).round() as i32
    }

    /// The score of `pos` for the side to move, in centipawns, from layers summed afresh.
    pub(crate) fn evaluate(&self, pos: &Position) -> i32 {
        let mut white = [0; MAX_HIDDEN];
        let mut black = [0; MAX_HIDDEN];
        let (white, black) = (&mut white[..self.hidden], &mut black[..self.hidden]);
        self.refresh(pos, Color::White, white);
        self.refresh(pos, Color::Black, black);
        self.score([white, black], pos.side_to_move())
    }
}

/// Adds a weight row to a layer.
#[inline]
fn add(layer: &mut [i16], row: &[i16]) {
    for (a, w) in layer.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

/// Subtracts a weight row from a layer.
#[inline]
fn subtract(layer: &mut [i16], row: &[i16]) {
    for (a, w) in layer.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// The layers of every position on the search's current line, kept in step with the moves
/// made and taken back.
#[derive(Debug)]
pub(crate) struct NetStack {
    hidden: usize,
    /// Per position on the line, White's layer then Black's.
    layers: Vec<i16>,
    /// How many moves deep the line is.
    ply: usize,
}

impl NetStack {
    /// The layers of `pos`, summed afresh, as the line's start.
    pub(crate) fn new(net: &NetEval, pos: &Position) -> NetStack {
        let hidden = net.hidden;
        // Room for the deepest line the search makes, so that pushes do not allocate.
        let mut layers = Vec::with_capacity(2 * hidden * (MAX_PLY + 2));
        layers.resize(2 * hidden, 0);
        let (white, black) = layers.split_at_mut(hidden);
        net.refresh(pos, Color::White, white);
        net.refresh(pos, Color::Black, black);
        NetStack {
            hidden,
            layers,
            ply: 0,
        }
    }

    /// The layers of the position the line has reached.
    #[inline]
    pub(crate) fn top(&self) -> Layers<'_> {
        let start = 2 * self.hidden * self.ply;
        let (white, black) = self.layers[start..start + 2 * self.hidden].split_at(self.hidden);
        [white, black]
    }

    /// Follows the move (or null move) `pos` has just made.
    pub(crate) fn push(&mut self, net: &NetEval, pos: &Position) {
        let size = 2 * self.hidden;
        let start = size * self.ply;
        if self.layers.len() < start + 2 * size {
            self.layers.resize(start + 2 * size, 0);
        }
        self.layers.copy_within(start..start + size, start + size);
        self.ply += 1;
        let (white, black) = self.layers[start + size..start + 2 * size].split_at_mut(self.hidden);
        let mut layers = [white, black];
        let inputs = &net.inputs;
        pos.for_each_changed_square(|sq, before| {
            for viewer in Color::ALL {
                let layer = &mut *layers[viewer.index()];
                if let Some(piece) = before {
                    subtract(layer, net.row(inputs.board_input(piece, sq, viewer)));
                }
                if let Some(piece) = pos.piece_at(sq) {
                    add(layer, net.row(inputs.board_input(piece, sq, viewer)));
                }
            }
        });
        for &(color, id, delta) in pos.last_hand_changes() {
            for viewer in Color::ALL {
                let row = net.row(inputs.hand_input(color, id, viewer));
                let layer = &mut *layers[viewer.index()];
                for _ in 0..delta.unsigned_abs() {
                    if delta > 0 {
                        add(layer, row);
                    } else {
                        subtract(layer, row);
                    }
                }
            }
        }
    }

    /// Takes back the last [`push`](NetStack::push).
    pub(crate) fn pop(&mut self) {
        self.ply -= 1;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn rules(name: &str) -> Arc<Rules> {
        variants::Catalog::builtin().rules(name).expect("variant")
    }

    /// A network with weights of every sign and size on `rules`' inputs.
    fn network(rules: &Rules, hidden: usize) -> Network {
        let mut net = Network::zeros(NetInputs::new(rules).count(), hidden);
        for (i, w) in net.input_weights.iter_mut().enumerate() {
            *w = ((i * 37) % 23) as f32 / 40.0 - 0.27;
        }
        for (i, w) in net.hidden_bias.iter_mut().enumerate() {
            *w = (i % 5) as f32 / 10.0;
        }
        for (i, w) in net.output_weights.iter_mut().enumerate() {
            *w = ((i * 13) % 7) as f32 / 4.0 - 0.8;
        }
        net.output_bias = 0.05;
        net
    }

    #[test]
    fn integer_layers_score_as_the_network_does() {
        let rules = rules("crazyhouse");
        let net = network(&rules, 20);
        let engine = NetEval::new(&net, &rules).expect("fits");
        let inputs = NetInputs::new(&rules);
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R[Pn] w KQkq - 0 5",
        ] {
            let pos = Position::from_fen(rules.clone(), fen).expect("fen");
            let exact = net.evaluate(&inputs, &pos);
            let integer = engine.evaluate(&pos);
            assert!((exact - integer).abs() <= 3, "{exact} {integer}");
            assert_ne!(exact, 0);
        }
    }

    #[test]
    fn weights_beyond_the_integer_range_are_refused() {
        let rules = rules("chess");
        let mut net = network(&rules, 8);
        net.input_weights[3] = 70.0;
        assert!(NetEval::new(&net, &rules).is_err());
        // A network made for another variant's pieces.
        assert!(NetEval::new(&network(&rules, 8), &self::rules("shogi")).is_err());
    }

    /// Plays random games in every built-in variant with a network on its inputs and checks
    /// that the layers kept in step equal the layers summed afresh, after each move, null
    /// move and take-back.
    #[test]
    fn layers_kept_in_step_equal_layers_summed_afresh() {
        let catalog = variants::Catalog::builtin();
        for name in catalog.names() {
            let rules = catalog.rules(&name).expect("variant");
            let engine = NetEval::new(&network(&rules, 16), &rules).expect("fits");
            let mut pos = Position::from_fen(rules.clone(), &rules.start_fen).expect("start");
            let mut stack = NetStack::new(&engine, &pos);
            let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ name.len() as u64;
            let check = |stack: &NetStack, pos: &Position, when: &str| {
                let fresh = NetStack::new(&engine, pos);
                assert_eq!(stack.top(), fresh.top(), "{name} {when}: {}", pos.fen());
            };
            for ply in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = moves[(seed >> 33) as usize % moves.len()];
                if ply % 7 == 3 {
                    pos.make_null();
                    stack.push(&engine, &pos);
                    check(&stack, &pos, "null move");
                    pos.unmake_null();
                    stack.pop();
                }
                pos.make(mv);
                stack.push(&engine, &pos);
                check(&stack, &pos, "move");
                if ply % 5 == 4 {
                    pos.unmake();
                    stack.pop();
                    check(&stack, &pos, "take-back");
                    pos.make(mv);
                    stack.push(&engine, &pos);
                }
            }
        }
    }
}
