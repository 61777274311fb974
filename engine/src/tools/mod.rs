//! Subcommands that help people work with pieces and variants.

pub mod bench;
pub mod betza;
pub mod data;
pub mod datagen;
pub mod label;
pub mod openings;
pub mod perft;
mod progress;
pub mod tactics;
pub mod train;
pub mod tune;
mod uci_client;
pub mod variants;
