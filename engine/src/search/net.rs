//! A learned correction of the evaluation: a network with one hidden layer over the pieces as
//! each player sees them, trained by `kraken train` and kept as data beside the variant
//! (`variants/nets/VARIANT.nnue`); its output is added to the hand-written evaluation.
//!
//! Each player's view of a position is the set of its inputs: one per piece on the board
//! (its owner, mine or the opponent's, its type and its square, seen from the second player's
//! side of the board for the second player) and one per piece in hand. Each view sums the
//! weight rows of its inputs into a hidden layer; the layers of the side to move and of the
//! other side go through a squared clipped ReLU into one output, for the side to move.

use std::fmt;

use movegen::{Piece, PieceId, Position, Rules};
use notation::{Color, Square};

use super::eval::second_player_view;

/// What a network file begins with.
const MAGIC: &[u8; 8] = b"KRAKNET1";
/// Most hidden units a network may have (the evaluation keeps its layers on the stack).
pub const MAX_HIDDEN: usize = 512;
/// Centipawns per unit of the network's output: an output `x` is the win probability
/// `1 / (1 + e^-x)`, the same as `x * CP_PER_UNIT` centipawns on the usual scale
/// `1 / (1 + 10^(-cp / 400))`.
pub const CP_PER_UNIT: f32 = 400.0 / std::f32::consts::LN_10;

/// How a variant's positions become the network's inputs.
#[derive(Clone, Debug)]
pub struct NetInputs {
    types: usize,
    squares: usize,
    /// Per square index: the square the second player sees it as.
    view: Vec<u16>,
}

impl NetInputs {
    /// The inputs of the variant `rules`.
    pub fn new(rules: &Rules) -> NetInputs {
        let seen_as = second_player_view(rules);
        let squares = rules.geometry.num_squares();
        // Indices of holes (which hold no piece) stay as they are.
        let mut view: Vec<u16> = (0..squares as u16).collect();
        for sq in rules.geometry.squares() {
            view[sq.index()] = seen_as(sq).index() as u16;
        }
        NetInputs {
            types: rules.pieces.len(),
            squares,
            view,
        }
    }

    /// How many inputs there are.
    pub fn count(&self) -> usize {
        2 * self.types * (self.squares + 1)
    }

    /// Calls `add` with every input of `pos` as `viewer` sees it (an input per piece on the
    /// board, the input of a type in hand once per piece held).
    #[inline]
    pub fn collect(&self, pos: &Position, viewer: Color, mut add: impl FnMut(usize)) {
        for sq in pos.occupied().iter() {
            if let Some(piece) = pos.piece_at(sq) {
                add(self.board_input(piece, sq, viewer));
            }
        }
        for color in Color::ALL {
            for id in 0..self.types as PieceId {
                for _ in 0..pos.in_hand(color, id) {
                    add(self.hand_input(color, id, viewer));
                }
            }
        }
    }

    /// The input of `piece` on `sq` as `viewer` sees it.
    #[inline]
    pub(crate) fn board_input(&self, piece: Piece, sq: Square, viewer: Color) -> usize {
        let square = if viewer == Color::White {
            sq.index()
        } else {
            self.view[sq.index()] as usize
        };
        let theirs = usize::from(piece.color != viewer);
        (theirs * self.types + piece.id as usize) * self.squares + square
    }

    /// The input of a piece of type `id` in `owner`'s hand as `viewer` sees it.
    #[inline]
    pub(crate) fn hand_input(&self, owner: Color, id: PieceId, viewer: Color) -> usize {
        let theirs = usize::from(owner != viewer);
        2 * self.types * self.squares + theirs * self.types + id as usize
    }
}

/// A network's weights.
#[derive(Clone, PartialEq)]
pub struct Network {
    inputs: usize,
    hidden: usize,
    /// Per input, its row of `hidden` weights.
    pub(crate) input_weights: Vec<f32>,
    pub(crate) hidden_bias: Vec<f32>,
    /// The side to move's `hidden` weights, then the other side's.
    pub(crate) output_weights: Vec<f32>,
    pub(crate) output_bias: f32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("inputs", &self.inputs)
            .field("hidden", &self.hidden)
            .finish()
    }
}

/// The activation of a hidden unit: clipped to [0, 1], then squared.
#[inline]
pub(crate) fn activation(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Network {
    /// A network of zeros with `inputs` inputs and `hidden` hidden units.
    pub fn zeros(inputs: usize, hidden: usize) -> Network {
        Network {
            inputs,
            hidden,
            input_weights: vec![0.0; inputs * hidden],
            hidden_bias: vec![0.0; hidden],
            output_weights: vec![0.0; 2 * hidden],
            output_bias: 0.0,
        }
    }

    /// How many inputs it reads.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// How many hidden units it has.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The file form: the magic, the input and hidden counts (u32), then the weights (f32),
    /// all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend((self.inputs as u32).to_le_bytes());
        bytes.extend((self.hidden as u32).to_le_bytes());
        for w in self
            .input_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights)
            .chain([&self.output_bias])
        {
            bytes.extend(w.to_le_bytes());
        }
        bytes
    }

    /// Reads the file form.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a Kraken network (it does not begin with KRAKNET1)")?;
        let word = |at: usize| -> Result<[u8; 4], String> {
            rest.get(at..at + 4)
                .and_then(|w| w.try_into().ok())
                .ok_or_else(|| "the network file is cut short".to_string())
        };
        let inputs = u32::from_le_bytes(word(0)?) as usize;
        let hidden = u32::from_le_bytes(word(4)?) as usize;
        if !(1..=MAX_HIDDEN).contains(&hidden) || inputs == 0 || inputs > 1 << 20 {
            return Err(format!(
                "a network of {inputs} inputs and {hidden} hidden units (at most {MAX_HIDDEN})"
            ));
        }
        let floats = (inputs + 3) * hidden + 1;
        if rest.len() != 8 + 4 * floats {
            return Err(format!(
                "the network file has {} bytes, its shape needs {}",
                bytes.len(),
                MAGIC.len() + 8 + 4 * floats
            ));
        }
        let mut values = rest[8..]
            .chunks_exact(4)
            .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<f32>>();
        let input_weights = take(inputs * hidden);
        let hidden_bias = take(hidden);
        let output_weights = take(2 * hidden);
        let output_bias = take(1)[0];
        if input_weights
            .iter()
            .chain(&hidden_bias)
            .chain(&output_weights)
            .any(|w| !w.is_finite())
            || !output_bias.is_finite()
        {
            return Err("the network has weights that are not finite".into());
        }
        Ok(Network {
            inputs,
            hidden,
            input_weights,
            hidden_bias,
            output_weights,
            output_bias,
        })
    }

    /// The score of `pos` for the side to move, in centipawns, computed in f32 as training
    /// computes it: the reference the search's integer form
    /// ([`NetEval`](super::net_eval::NetEval)) is tested against.
    #[cfg(test)]
    pub fn evaluate(&self, inputs: &NetInputs, pos: &Position) -> i32 {
        let mut data = super::net_train::NetData::new();
        data.push(inputs, pos, 0, 0.5);
        (data.output(self, 0) * CP_PER_UNIT).round() as i32
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn rules(name: &str) -> Arc<Rules> {
        variants::Catalog::builtin().rules(name).expect("variant")
    }

    #[test]
    fn networks_read_back_what_they_write() {
        let mut net = Network::zeros(10, 3);
        for (i, w) in net.input_weights.iter_mut().enumerate() {
            *w = i as f32 * 0.25 - 2.0;
        }
        net.output_bias = -1.5;
        net.output_weights[4] = 0.5;
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Network::from_bytes(b"KRAKNET2").is_err());
        let mut huge = bytes.clone();
        huge[12..16].copy_from_slice(&(MAX_HIDDEN as u32 + 1).to_le_bytes());
        assert!(Network::from_bytes(&huge).is_err());
    }

    #[test]
    fn each_side_sees_its_own_pieces_the_same_way() {
        // The start position is symmetric: both players see the same inputs.
        for name in ["chess", "shogi", "xiangqi", "crazyhouse"] {
            let rules = rules(name);
            let inputs = NetInputs::new(&rules);
            let pos = Position::from_fen(rules.clone(), &rules.start_fen).expect("start");
            let mut seen = [Vec::new(), Vec::new()];
            for color in Color::ALL {
                inputs.collect(&pos, color, |i| seen[color.index()].push(i));
                seen[color.index()].sort_unstable();
                assert!(seen[color.index()].iter().all(|&i| i < inputs.count()));
            }
            assert_eq!(seen[0], seen[1], "{name}");
            assert!(!seen[0].is_empty());
        }
    }

    #[test]
    fn pieces_in_hand_count_once_each() {
        let rules = rules("crazyhouse");
        let inputs = NetInputs::new(&rules);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPn] w KQkq - 0 1";
        let pos = Position::from_fen(rules.clone(), fen).expect("fen");
        let mut white = Vec::new();
        inputs.collect(&pos, Color::White, |i| white.push(i));
        assert_eq!(white.len(), 32 + 3);
        let board_inputs = 2 * inputs.types * inputs.squares;
        let hand: Vec<usize> = white
            .iter()
            .copied()
            .filter(|&i| i >= board_inputs)
            .collect();
        assert_eq!(hand.len(), 3);
        assert_eq!(hand[0], hand[1]);
    }
}
