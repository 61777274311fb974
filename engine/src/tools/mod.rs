//! Subcommands that help people work with pieces and variants.

pub mod bench;
pub mod betza;
pub mod openings;
pub mod perft;
pub mod variants;
