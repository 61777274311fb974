//! Training data: self-play games stored compactly, a few bytes a position.
//!
//! A data file holds games of one variant. Each game is its start position and its moves,
//! each move with the score of the position it was played from (or none, for positions that
//! are not trained on: the random opening, checks, captures). Positions are rebuilt by
//! replaying the moves, so every rule's state (holdings, promoted pieces, gating rights,
//! counters) comes back exactly, and a position costs five bytes. Runs write their games in
//! chunks ([`ChunkDir`]), so that an interrupted run loses at most its last chunk.

mod chunks;
mod file;
mod game;
mod move_index;

pub use chunks::{data_files, ChunkDir};
pub use file::{read_data_file, write_data_file, DataError, DataHeader, MAGIC};
pub use game::{Game, GameResult, Ply, ReplayError};
pub use move_index::MoveIndex;
