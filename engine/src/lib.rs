//! The Kraken engine: search and evaluation, and the XBoard and UCI front ends.
//!
//! The `kraken` binary (`main.rs`) runs the protocols and the command-line tools.

pub mod data;
pub mod epd;
pub mod protocol;
pub mod search;
