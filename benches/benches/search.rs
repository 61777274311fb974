//! Search benchmarks (one thread, fixed depth, hash emptied before each run): the chess start
//! position and a middlegame, and the start positions of capablanca, shatranj, makruk, shogi
//! and xiangqi.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::search::{Control, Limits, Searcher};
use movegen::Position;
use variants::Catalog;

/// (name, variant, FEN or `startpos`, depth).
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    ("chess-start-d9", "chess", "startpos", 9),
    (
        "chess-middlegame-d8",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        8,
    ),
    ("capablanca-d8", "capablanca", "startpos", 8),
    ("shatranj-d10", "shatranj", "startpos", 10),
    ("makruk-d9", "makruk", "startpos", 9),
    ("shogi-d7", "shogi", "startpos", 7),
    ("xiangqi-d8", "xiangqi", "startpos", 8),
];

fn bench_search(c: &mut Criterion) {
    let catalog = Catalog::builtin();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let limits_at = |depth| Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for &(name, variant, fen, depth) in POSITIONS {
        let rules = catalog.rules(variant).expect("benchmark variants load");
        let pos = if fen == "startpos" {
            Position::start(rules)
        } else {
            Position::from_fen(rules, fen).expect("benchmark FENs are valid")
        };
        let limits = limits_at(depth);
        let mut searcher = Searcher::new(16, 1);
        let control = Control::default();
        group.bench_function(name, |b| {
            b.iter(|| {
                searcher.clear();
                searcher.search(black_box(&pos), &limits, &control, &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
