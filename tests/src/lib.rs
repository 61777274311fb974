//! Cross-crate test support for Kraken: readers for the reference data in `tests/data`.
//!
//! The tests themselves live in `tests/tests/`.

pub mod perft_case;
pub mod piece_board;
pub mod session;
pub mod setup;
pub mod xbetza_case;
