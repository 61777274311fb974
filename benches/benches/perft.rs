//! Perft benchmarks (single thread, last ply counted in bulk): the chess start position at
//! depth 5, Kiwipete at depth 4, and the start positions of capablanca, shogi, xiangqi and
//! betza10 at depths that take a fraction of a second.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use movegen::{perft, Position};
use variants::Catalog;

/// (name, variant, FEN or `startpos`, depth).
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    ("chess-start-d5", "chess", "startpos", 5),
    (
        "kiwipete-d4",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("capablanca-d3", "capablanca", "startpos", 3),
    ("shogi-d3", "shogi", "startpos", 3),
    ("xiangqi-d3", "xiangqi", "startpos", 3),
    ("betza10-d3", "betza10", "startpos", 3),
];

/// The custom test variants (`betza10` ...).
const CUSTOM: &str = include_str!("../../tests/data/perft/custom_variants.ini");

fn bench_perft(c: &mut Criterion) {
    let mut catalog = Catalog::builtin();
    catalog
        .add_text(CUSTOM, "custom_variants.ini")
        .expect("the custom variants parse");
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, variant, fen, depth) in POSITIONS {
        let rules = catalog.rules(variant).expect("benchmark variants load");
        let mut pos = if fen == "startpos" {
            Position::start(rules)
        } else {
            Position::from_fen(rules, fen).expect("benchmark FENs are valid")
        };
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut pos), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
