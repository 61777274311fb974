//! Subcommands that help people work with pieces and variants.

pub mod bench;
pub mod betza;
pub mod datagen;
pub mod openings;
pub mod perft;
pub mod tactics;
pub mod train;
pub mod tune;
pub mod variants;
