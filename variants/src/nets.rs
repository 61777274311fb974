//! Evaluation networks trained by `kraken train`, kept as data beside the built-in variants:
//! `variants/nets/VARIANT.nnue`. The engine reads them; this crate only holds the bytes.

/// (variant, network file) of every built-in variant with a trained network.
const NETS: &[(&str, &[u8])] = &[
    ("chess", include_bytes!("../nets/chess.nnue")),
    ("shogi", include_bytes!("../nets/shogi.nnue")),
    ("crazyhouse", include_bytes!("../nets/crazyhouse.nnue")),
    ("capablanca", include_bytes!("../nets/capablanca.nnue")),
    ("makruk", include_bytes!("../nets/makruk.nnue")),
];

/// The network file of the built-in variant `name`, if it has one.
pub fn eval_net(name: &str) -> Option<&'static [u8]> {
    NETS.iter()
        .find(|(variant, _)| *variant == name)
        .map(|&(_, bytes)| bytes)
}

/// The built-in variants with a trained network.
pub fn variants_with_nets() -> impl Iterator<Item = &'static str> {
    NETS.iter().map(|&(name, _)| name)
}
