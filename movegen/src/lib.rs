//! Move generation for pieces compiled from XBetza.
//!
//! This crate runs the tables of the `notation` crate against a board. For now it holds the
//! general path walker ([`walk`]) that produces every pseudo-legal move of one piece, and a
//! small board of bare pieces ([`Probe`]) for examining one piece's moves; positions,
//! make/unmake, legality and perft will follow.
#![deny(missing_docs)]

mod probe;
mod walk;

pub use probe::Probe;
pub use walk::{generate, Ending, Occupant, PathMove, PieceBoard, MAX_EP_RIGHTS, MAX_VICTIMS};
