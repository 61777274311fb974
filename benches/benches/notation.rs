//! Benchmarks of compiling XBetza and of walking the compiled tables.
//!
//! * `compile`: [`notation::compile`] for a set of hard pieces on 8x8 and 16x16 (white).
//! * `walk`: a pure walk over the compiled tables, without `movegen`: every square's leaps,
//!   slide squares, and for every path leg the rays (with gaps) of its family in all eight
//!   directions.
//! * `probe`: [`movegen::Probe::moves`] for the same pieces from d4 on an empty 8x8 board.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use movegen::Probe;
use notation::{compile, parse, Color, Geometry, MoveTable, PieceDesc};

/// Pieces with multi-leg, hopping, bending and unloading moves.
const PIECES: &[(&str, &str)] = &[
    ("Lion", "KNADcaKmcabK"),
    ("Falcon", "afafsKafsafKafraflKaflafrK"),
    ("Griffon", "FyafsF"),
    ("Collider", "gabyabsR"),
    ("Valkyrie", "QudQafudQ"),
];

/// Board sides to compile for.
const SIDES: &[u8] = &[8, 16];

fn pieces() -> Vec<(&'static str, PieceDesc)> {
    PIECES
        .iter()
        .map(|&(name, betza)| (name, parse(betza).expect("the benchmark pieces parse")))
        .collect()
}

fn square_board(side: u8) -> Geometry {
    Geometry::new(side, side).expect("8x8 and 16x16 are valid boards")
}

fn bench_compile(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for (name, desc) in pieces() {
        for &side in SIDES {
            let geometry = square_board(side);
            group.bench_with_input(
                BenchmarkId::new(name, format!("{side}x{side}")),
                &(&desc, &geometry),
                |b, &(desc, geometry)| {
                    b.iter(|| compile(black_box(desc), black_box(geometry), Color::White))
                },
            );
        }
    }
    group.finish();
}

/// Touches every entry of `table` the way a generator would reach it; returns a checksum.
fn walk_table(table: &MoveTable) -> usize {
    let mut sum = 0;
    for sq in table.geometry().squares() {
        sum += table.leaps(sq).len();
        for slide in table.slides(sq) {
            sum += table.slide_squares(slide).len();
        }
        for path in table.paths() {
            for leg in &path.legs {
                let family = table.family(leg);
                for d in 0..8 {
                    for step in family.ray(sq, d) {
                        sum += step.to.index() + family.gaps(step).len();
                    }
                }
            }
        }
    }
    sum
}

fn bench_walk(c: &mut Criterion) {
    let mut group = c.benchmark_group("walk");
    for (name, desc) in pieces() {
        for &side in SIDES {
            let table = compile(&desc, &square_board(side), Color::White);
            group.bench_with_input(
                BenchmarkId::new(name, format!("{side}x{side}")),
                &table,
                |b, table| b.iter(|| walk_table(black_box(table))),
            );
        }
    }
    group.finish();
}

fn bench_probe(c: &mut Criterion) {
    let geometry = square_board(8);
    let d4 = geometry.parse_square("d4").expect("d4 is on 8x8");
    let probe = Probe::new(geometry);
    let mut group = c.benchmark_group("probe");
    for (name, desc) in pieces() {
        group.bench_with_input(BenchmarkId::new(name, "8x8 d4"), &desc, |b, desc| {
            b.iter(|| probe.moves(black_box(desc), d4, Color::White))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_compile, bench_walk, bench_probe);
criterion_main!(benches);
