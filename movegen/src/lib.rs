//! Move generation for variants whose pieces are compiled from XBetza.
//!
//! * [`Rules`] hold a variant as data (board, piece types, castling, promotion, drops,
//!   gating, game end); `variants` fills them.
//! * [`Position`] holds the board, hands, rights and counters with an incremental Zobrist key;
//!   it reads and writes FEN, makes and unmakes [`Move`]s and generates legal moves.
//! * One generator of plain moves (leaps, slides, hops) serves the position and the
//!   [`walk`](generate), which adds the general paths of a move table (multi-leg moves, e.p.,
//!   castling by `O`, the imitator, induction, unloads); [`Probe`] uses it to show the moves
//!   of one piece.
//! * The special rules of variant families (explosions, Lion trading, makpong, immune pieces,
//!   pieces that change after moving, ...) each live in a file of their own, reached from
//!   `make` and the legality test through a few hooks that a chess-like game passes with one
//!   test each.
//! * [`perft`] counts leaf nodes to check the generator.
#![deny(missing_docs)]

mod attack_lines;
mod burning;
mod castling_rules;
mod chasing;
mod connect;
mod contagion;
mod counting;
mod enclosing;
mod exchange;
mod explosion;
mod features;
mod flipping;
mod grid;
mod hooks;
mod immunity;
mod last_move;
mod lion_trading;
mod makpong;
mod move_repetition;
mod moves;
mod palace;
mod perft;
mod piece_changes;
mod plain;
mod position;
mod probe;
mod range_capture;
mod relay;
mod royal_forward;
mod royal_leaps;
mod rules;
mod shatar;
mod sittuyin;
mod walk;
mod walling;

pub use chasing::{ChaseRole, Chasing};
pub use connect::Connect;
pub use enclosing::{Enclosing, EnclosingRule};
pub use exchange::{Exchange, MAX_LIFTED};
pub use features::{Feature, XboardFollows};
pub use flipping::FlipRule;
pub use moves::{
    Move, MoveFlags, MoveKind, MoveList, INLINE_MOVES, MAX_MOVE_EP_SQUARES, MAX_MOVE_VICTIMS,
};
pub use perft::{perft, perft_until};
pub use position::fen::{FenError, FenField};
pub use position::game_end::{EndReason, GameOver};
pub use position::text::{MoveFormat, MoveTextError};
pub use position::{Piece, Position};
pub use probe::Probe;
pub use rules::{
    is_id_dress, Castling, Checks, Counting, CountingRule, Drops, Extinction, Flag, GameEnd,
    Gating, LineMoves, LionTrading, MaterialCounting, MoveRules, OneRoyal, Outcome, PieceId,
    PiecePromotionMoves, PieceType, Promotion, Rules, ShatarMate, SideChange, ZoneMoves,
    MAX_PIECE_TYPES,
};
pub use walk::{
    generate, generate_paths, Ending, Occupant, PathMove, PieceBoard, MAX_EP_RIGHTS, MAX_VICTIMS,
};
pub use walling::{Walling, WallingRule};
