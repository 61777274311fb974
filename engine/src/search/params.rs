//! The evaluation's weights: named middlegame and endgame pairs with defaults for any variant,
//! piece values by piece letter, and their text form (`NAME MG EG` per line), in which
//! `kraken tune` writes what it fits and `variants/weights/VARIANT.txt` keeps it.

use std::fmt;

/// Declares the named weights, their defaults and their documentation.
macro_rules! weights {
    ($($(#[$doc:meta])* $name:ident = [$mg:expr, $eg:expr];)*) => {
        /// Every weight of the evaluation but the piece values.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct EvalParams {
            $($(#[$doc])* pub $name: [i32; 2],)*
            /// Piece values by piece letter (upper case); a piece not listed keeps the value
            /// derived from its moves.
            pub values: Vec<(String, [i32; 2])>,
            /// Piece-square terms added to the derived ones (see [`SquareTerm`]).
            pub squares: Vec<SquareTerm>,
        }

        impl Default for EvalParams {
            fn default() -> EvalParams {
                EvalParams { $($name: [$mg, $eg],)* values: Vec::new(), squares: Vec::new() }
            }
        }

        impl EvalParams {
            /// The names of the weights, in their order in [`EvalParams::weight_mut`].
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The weight called `name`.
            fn named_mut(&mut self, name: &str) -> Option<&mut [i32; 2]> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }
        }
    };
}

weights! {
    /// Bonus for the side to move.
    tempo = [15, 15];
    /// Share, in 1/256, of the difference between a piece's value on a square and its mean
    /// value kept as a piece-square term.
    square_share = [64, 40];
    /// Penalty per rank a royal piece stands away from its own edge (at most 3 ranks).
    royal_advance = [25, 0];
    /// Penalty for a royal piece on the centre files, at most.
    royal_centre_file = [20, 0];
    /// Bonus for a royal piece in the centre, at most.
    royal_centre = [0, 30];
    /// Bonus for a pawn on a centre file in the middle ranks, at most.
    pawn_centre = [20, 0];
    /// Pawn advancement, in percent of a table written for the chess pawn.
    pawn_advance = [50, 100];
    /// Passed pawns, in percent of a table written for the chess pawn.
    passed = [50, 100];
    /// Penalty for each pawn behind another of its side on the same file.
    doubled = [10, 20];
    /// Penalty for a pawn with no pawn of its side on the neighbouring files.
    isolated = [10, 10];
    /// Value of a piece in hand, in 1/16 of its value on the board.
    hand_share = [18, 18];
    /// King danger per unit of attack weight near the royal piece (before squaring).
    king_danger = [2, 0];
    /// King danger per square next to the royal piece an enemy piece attacks.
    king_zone_attack = [0, 0];
    /// King danger per safe check the enemy has (a square from which one of its pieces,
    /// moved or dropped there, would attack the royal piece, and that no defender attacks).
    safe_check = [0, 0];
    /// Mobility: a piece gains `mobility / (m + 4)` per square it reaches beyond half `m`, its
    /// mobility on an empty board.
    mobility = [80, 90];
    /// Bonus for attacking an enemy piece worth clearly more than the attacker.
    threat_by_lesser = [45, 30];
    /// Bonus for attacking an enemy piece (not a pawn) that nothing defends.
    hanging = [25, 15];
    /// Bonus for a pawn defended by a pawn of its side.
    supported_pawn = [0, 0];
    /// Bonus for a pawn with a pawn of its side beside it on the same rank.
    phalanx = [0, 0];
    /// Bonus for a piece (not a pawn, not royal) in the enemy half on a square that a pawn of
    /// its side defends and no enemy pawn attacks.
    outpost = [0, 0];
    /// Bonus for pieces of one colour-bound type on squares of both colours (the bishop pair).
    pair = [0, 0];
    /// Bonus for a piece sliding along the files on a file without pawns of its side (twice
    /// on a file without any pawn).
    open_file = [0, 0];
    /// Bonus per pawn of its side on the three files around a single royal piece, one or two
    /// ranks ahead of it.
    pawn_shield = [0, 0];
    /// Where the rules count checks: bonus for a side with one check left to give; with `n`
    /// left it gets `1/n²` of it.
    checks_left = [2850, 480];
    /// Where a piece wins by reaching a region: bonus for that piece `d` moves (on an empty
    /// board) from it, divided by `1 + d²`.
    flag_distance = [600, 600];
}

/// A piece-square term: what a piece of one type gains on one square, written from White's
/// (the first player's) view; the second player's piece gets it on the square that the start
/// position's symmetry maps there. Text form: `square.LETTER.SQUARE MG EG`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareTerm {
    /// The piece letter (upper case, `+` for promoted pieces).
    pub letter: String,
    /// The square's name (`e4`).
    pub square: String,
    /// Middlegame and endgame parts.
    pub pair: [i32; 2],
}

/// A line of a weights text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamsError(pub String);

impl fmt::Display for ParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParamsError {}

impl EvalParams {
    /// The defaults changed by the lines of `text`: `NAME MG EG` or `value.LETTER MG EG`;
    /// blank lines and `#` comments are skipped.
    pub fn parse(text: &str) -> Result<EvalParams, ParamsError> {
        let mut params = EvalParams::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let fail = |message: String| ParamsError(format!("line {}: {message}", n + 1));
            let words: Vec<&str> = line.split_whitespace().collect();
            let [name, mg, eg] = words[..] else {
                return Err(fail(format!("expected 'NAME MG EG', found '{line}'")));
            };
            let number = |text: &str| {
                text.parse::<i32>()
                    .ok()
                    .filter(|v| v.abs() <= 100_000)
                    .ok_or_else(|| fail(format!("'{text}' is not a weight")))
            };
            let pair = [number(mg)?, number(eg)?];
            if let Some(letter) = name.strip_prefix("value.") {
                if letter.is_empty() {
                    return Err(fail("value. needs a piece letter".into()));
                }
                params.set_value(letter, pair);
            } else if let Some(rest) = name.strip_prefix("square.") {
                match rest.rsplit_once('.') {
                    Some((letter, square)) if !letter.is_empty() && !square.is_empty() => {
                        params.set_square(letter, square, pair)
                    }
                    _ => return Err(fail("expected square.LETTER.SQUARE".into())),
                }
            } else {
                *params
                    .named_mut(name)
                    .ok_or_else(|| fail(format!("unknown weight '{name}'")))? = pair;
            }
        }
        Ok(params)
    }

    /// The value of the piece written `letter` (any case), if set.
    pub fn value(&self, letter: &str) -> Option<[i32; 2]> {
        let letter = letter.to_ascii_uppercase();
        self.values
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|&(_, v)| v)
    }

    /// Sets the value of the piece written `letter` (any case).
    pub fn set_value(&mut self, letter: &str, pair: [i32; 2]) {
        let letter = letter.to_ascii_uppercase();
        match self.values.iter_mut().find(|(l, _)| *l == letter) {
            Some(entry) => entry.1 = pair,
            None => self.values.push((letter, pair)),
        }
    }

    /// Sets the piece-square term of the piece written `letter` (any case) on `square`.
    pub fn set_square(&mut self, letter: &str, square: &str, pair: [i32; 2]) {
        let letter = letter.to_ascii_uppercase();
        match self
            .squares
            .iter_mut()
            .find(|t| t.letter == letter && t.square == square)
        {
            Some(term) => term.pair = pair,
            None => self.squares.push(SquareTerm {
                letter,
                square: square.to_string(),
                pair,
            }),
        }
    }

    /// How many numbers [`EvalParams::weight_mut`] reaches.
    pub fn len(&self) -> usize {
        2 * (Self::NAMES.len() + self.values.len() + self.squares.len())
    }

    /// Whether there are no weights (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th number: the middlegame and endgame parts of the named weights, then of the
    /// piece values, then of the piece-square terms.
    pub fn weight_mut(&mut self, i: usize) -> &mut i32 {
        let pair = i / 2;
        let named = Self::NAMES.len();
        let values = named + self.values.len();
        let slot = if pair < named {
            self.named_mut(Self::NAMES[pair]).expect("a named weight")
        } else if pair < values {
            &mut self.values[pair - named].1
        } else {
            &mut self.squares[pair - values].pair
        };
        &mut slot[i % 2]
    }

    /// The name of the `i`-th number (`tempo.mg`, `value.N.eg`, `square.N.c3.mg`).
    pub fn weight_name(&self, i: usize) -> String {
        let pair = i / 2;
        let phase = if i % 2 == 0 { "mg" } else { "eg" };
        let named = Self::NAMES.len();
        let values = named + self.values.len();
        if pair < named {
            format!("{}.{phase}", Self::NAMES[pair])
        } else if pair < values {
            format!("value.{}.{phase}", self.values[pair - named].0)
        } else {
            let term = &self.squares[pair - values];
            format!("square.{}.{}.{phase}", term.letter, term.square)
        }
    }
}

impl fmt::Display for EvalParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut copy = self.clone();
        for (i, name) in Self::NAMES.iter().enumerate() {
            let [mg, eg] = [*copy.weight_mut(2 * i), *copy.weight_mut(2 * i + 1)];
            writeln!(f, "{name} {mg} {eg}")?;
        }
        for (letter, [mg, eg]) in &self.values {
            writeln!(f, "value.{letter} {mg} {eg}")?;
        }
        for SquareTerm {
            letter,
            square,
            pair: [mg, eg],
        } in &self.squares
        {
            if [*mg, *eg] != [0, 0] {
                writeln!(f, "square.{letter}.{square} {mg} {eg}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_read_back_what_they_write() {
        let mut params =
            EvalParams::parse("tempo 20 5\n# comment\nvalue.n 310 330\nsquare.+p.c3 -4 7\n")
                .expect("weights");
        assert_eq!(params.tempo, [20, 5]);
        assert_eq!(params.value("N"), Some([310, 330]));
        assert_eq!(params.squares[0].letter, "+P");
        assert_eq!(params.squares[0].pair, [-4, 7]);
        assert_eq!(params.len(), 2 * EvalParams::NAMES.len() + 4);
        *params.weight_mut(params.len() - 3) = 340;
        assert_eq!(params.weight_name(params.len() - 3), "value.N.eg");
        assert_eq!(params.weight_name(params.len() - 2), "square.+P.c3.mg");
        assert_eq!(params.weight_name(1), "tempo.eg");
        let back = EvalParams::parse(&params.to_string()).expect("weights");
        assert_eq!(back, params);
    }

    #[test]
    fn bad_weights_are_refused_with_their_line() {
        let err = EvalParams::parse("tempo 1 2\nspeed 1 2").expect_err("unknown");
        assert_eq!(err.0, "line 2: unknown weight 'speed'");
        assert!(EvalParams::parse("tempo 1").is_err());
        assert!(EvalParams::parse("tempo x 1").is_err());
        assert!(EvalParams::parse("value. 1 1").is_err());
        assert!(EvalParams::parse("square.N 1 1").is_err());
        assert!(EvalParams::parse("square..e4 1 1").is_err());
        assert!(EvalParams::parse("tempo 1 999999999").is_err());
    }
}
