//! Cross-crate test support for Kraken: readers for the reference data in `tests/data`.
//!
//! The tests themselves live in `tests/tests/`.

pub mod perft_case;
pub mod piece_board;
pub mod session;
pub mod setup;
pub mod xbetza_case;

/// How many cases a fuzz test runs: `default` in `cargo test`, or `PROPTEST_CASES` when it is
/// set (the long runs of `scripts/fuzz.py`; proptest itself lets a test's own count win).
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
