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

/// The fitted weights of the built-in variant `name`, if it has any.
pub fn eval_weights(name: &str) -> Option<&'static str> {
    WEIGHTS
        .iter()
        .find(|(variant, _)| *variant == name)
        .map(|&(_, text)| text)
}
