//! Cross-crate test support for Kraken: readers for the reference data in `tests/data`.
//!
//! The tests themselves live in `tests/tests/`.

pub mod perft_case;
pub mod piece_board;
pub mod session;
pub mod setup;
pub mod verdicts;
pub mod xbetza_case;

/// How many cases a fuzz test runs: `default` in `cargo test`, or `PROPTEST_CASES` when it is
/// set (the long runs of `scripts/fuzz.py`; proptest itself lets a test's own count win).
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `text` with `edits` applied in turn, each (where, what, char): where counts from 0 modulo
/// the length plus one; what 0 inserts `char` there, 1 removes the character there, 2 replaces
/// it (both append `char` at the end). For the fuzz tests' mutated inputs.
pub fn mutated(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, kind, c) in edits {
        let at = at % (chars.len() + 1);
        match kind {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}
