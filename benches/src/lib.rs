//! Criterion benchmarks for Kraken; the benchmarks live in `benches/` (run
//! `cargo bench -p kraken-benches`). `notation` compiles the pieces of the reference set and
//! walks their move tables; `probe` generates their moves with `movegen`. This library is
//! empty.
