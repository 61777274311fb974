//! Criterion benchmarks for Kraken; the benchmarks live in `benches/` (run
//! `cargo bench -p kraken-benches`). `notation` compiles the pieces of the reference set and
//! walks their move tables; `probe` generates their moves with `movegen`; `perft` counts move
//! trees; `search` runs the engine's search to fixed depths. This library is empty.
