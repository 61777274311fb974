//! Pieces and promotions given in MBN in a variant file (`g:mbn:W[d-f1-3]`,
//! `promotionPieceTypes = mbn:+P==QN`) play as the same rules written with the variant-file
//! keys they stand for, and differently from the same pieces without them.

use kraken_tests::setup::{catalog_with, read};
use movegen::perft;

fn catalog() -> variants::Catalog {
    catalog_with(
        include_str!("../data/variants/mbn_keys.ini"),
        "mbn_keys.ini",
    )
}

/// Perft of `fen` to `depth` in each of `variants`.
fn counts(variants: &[&str], fen: &str, depth: u32) -> Vec<u64> {
    let catalog = catalog();
    variants
        .iter()
        .map(|v| perft(&mut read(&catalog, v, fen), depth))
        .collect()
}

#[test]
fn a_destination_range_is_the_mobility_region() {
    for fen in [
        "r3k2r/8/4g3/8/8/8/3G4/R3K2R w KQkq - 0 1",
        "4k3/3g4/8/8/8/8/5G2/4K3 b - - 0 1",
    ] {
        let [mbn, keys, free] = counts(&["guard-mbn", "guard-keys", "guard-free"], fen, 3)[..]
        else {
            unreachable!()
        };
        assert_eq!(mbn, keys, "{fen}");
        assert_ne!(mbn, free, "{fen}: the control should differ");
    }
}

#[test]
fn an_origin_range_is_the_double_step_region_of_a_pawn_type() {
    let fen = "4k3/s6s/8/8/8/8/3P4/S3K2S w - - 0 1";
    let [mbn, keys, rank2] = counts(&["stepper-mbn", "stepper-keys", "stepper-rank2"], fen, 3)[..]
    else {
        unreachable!()
    };
    assert_eq!(mbn, keys);
    assert_ne!(mbn, rank2, "the control should differ");
}

#[test]
fn promotion_rules_are_the_promotion_keys() {
    let fen = "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1";
    for (mbn, keys) in [
        ("promote-mbn", "promote-keys"),
        ("promote-default-mbn", "promote-default-keys"),
        ("promote-black-mbn", "promote-black-keys"),
    ] {
        let c = counts(&[mbn, keys, "promote-keys"], fen, 3);
        assert_eq!(c[0], c[1], "{mbn}");
        if mbn != "promote-mbn" {
            assert_ne!(c[0], c[2], "{mbn}: should differ from promoting to q and n");
        }
    }
}
