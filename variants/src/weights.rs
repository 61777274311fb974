//! Evaluation weights fitted to game results (by `kraken tune`), kept as data beside the
//! built-in variants: `variants/weights/VARIANT.txt`, one `NAME MG EG` weight per line. The
//! engine reads them; this crate only holds the text.

/// (variant, weights text) of every built-in variant with fitted weights.
const WEIGHTS: &[(&str, &str)] = &[
    ("capablanca", include_str!("../weights/capablanca.txt")),
    ("chess", include_str!("../weights/chess.txt")),
    ("crazyhouse", include_str!("../weights/crazyhouse.txt")),
    ("janggi", include_str!("../weights/janggi.txt")),
    ("makruk", include_str!("../weights/makruk.txt")),
    ("shatranj", include_str!("../weights/shatranj.txt")),
    ("shogi", include_str!("../weights/shogi.txt")),
    ("xiangqi", include_str!("../weights/xiangqi.txt")),
];

/// (variant, variant whose weights it plays with) of built-in variants that differ from a
/// fitted one only in rules that leave the weights' meaning intact (each kept by games).
const BORROWED: &[(&str, &str)] = &[
    ("fischerandom", "chess"),
    ("caparandom", "capablanca"),
    ("3check", "chess"),
    ("kingofthehill", "chess"),
    ("5check", "chess"),
    ("atomic", "chess"),
    ("seirawan", "chess"),
    ("gothic", "capablanca"),
    ("embassy", "capablanca"),
    ("janus", "capablanca"),
    ("loop", "crazyhouse"),
    ("chessgi", "crazyhouse"),
    ("pocketknight", "chess"),
    ("knightmate", "chess"),
    ("asean", "makruk"),
    ("cambodian", "makruk"),
    ("sittuyin", "makruk"),
];

/// The fitted weights of the built-in variant `name`, if it has any (its own or borrowed).
pub fn eval_weights(name: &str) -> Option<&'static str> {
    let name = BORROWED
        .iter()
        .find(|(variant, _)| *variant == name)
        .map_or(name, |&(_, lender)| lender);
    WEIGHTS
        .iter()
        .find(|(variant, _)| *variant == name)
        .map(|&(_, text)| text)
}
