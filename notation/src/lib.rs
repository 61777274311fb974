//! XBetza, H.G. Muller's extended Betza notation: parser, compiler and writer.
//!
//! Text goes through three stages:
//!
//! 1. [`parse`] reads XBetza into a [`PieceDesc`]: moves, each a sequence of [`Leg`]s with
//!    resolved direction sets, mode flags and one [`Atom`].
//! 2. [`compile`] turns a description into a [`MoveTable`] for one [`Geometry`] (up to 16 x 16,
//!    with optional holes) and one [`Color`]: per-square leaps and slides, and general paths
//!    over precomputed [`RayFamily`] rays (see [`MoveTable`] for the layout).
//! 3. [`write()`] turns a description back into canonical XBetza.
//!
//! [`quickref_to_xbetza`] reads the older notation of the "Extended Betza notation quick
//! reference guide" (`W-F` chains, `W03` exact ranges) into XBetza, refusing what XBetza cannot
//! express. [`oldbetza_to_xbetza`] does the same for the notation of XBoard's old "Extended
//! Betza notation" page (`W-F`, `Q+K`, `RxebR` chains, `Nrf8` exponents), and
//! [`mbn_to_xbetza`] for the move part of MBN, the Modified Betza Notation (`W-fF`, `aK--[K]`,
//! `(aW)3`, `:1,4:`). [`write_other`] goes the other way, writing a piece in any of the three
//! where the notation can say it exactly.
//!
//! The crate knows nothing of positions; `movegen` runs the tables against a board.
//!
//! ```
//! use notation::{compile, parse, Color, Geometry};
//! let geometry = Geometry::new(8, 8).unwrap();
//! let pawn = parse("fmWfceFifmnD").unwrap();
//! let white = compile(&pawn, &geometry, Color::White);
//! let e2 = geometry.parse_square("e2").unwrap();
//! // The single step, the two diagonal captures and the initial double step (lame, giving
//! // e.p. rights) are plain leaps; only the e.p. capture is a general path.
//! assert_eq!(white.leaps(e2).len(), 4);
//! assert_eq!(white.paths().len(), 1);
//! assert!(white.paths()[0].ep_only);
//! ```
#![deny(missing_docs)]

mod ast;
mod bits;
mod board_range;
mod chain;
mod compile;
mod describe;
pub mod direction;
mod error;
mod fsf;
mod geometry;
mod leap_sets;
mod leap_shifts;
mod mbn;
mod mbn_promotion;
mod modes;
mod oldbetza;
mod parse;
mod path_work;
mod quickref;
mod rays;
mod table;
mod write;
mod write_other;
mod xboard;

pub use ast::{Atom, Initial, Leg, MoveDesc, PieceDesc, Range};
pub use bits::{SquareBits, WordSquares};
pub use board_range::{BoardRange, RangePart};
pub use compile::compile;
pub use describe::describe;
pub use direction::{DirClass, DirLetter, DirSet};
pub use error::{ParseError, ParseErrorKind};
pub use fsf::{fsf_to_xbetza, FsfError, FsfErrorKind};
pub use geometry::{
    Color, Geometry, GeometryError, Square, SquareSet, Squares, MAX_SIDE, MAX_SQUARES,
};
pub use leap_sets::{simple_ending, LeapSets};
pub use leap_shifts::{LeapShift, OtherLeapShift};
pub use mbn::{mbn_piece, mbn_to_xbetza, MbnError, MbnErrorKind, MbnPiece};
pub use mbn_promotion::{mbn_promotions, MbnPromotion};
pub use modes::Modes;
pub use oldbetza::{oldbetza_to_xbetza, OldBetzaError, OldBetzaErrorKind};
pub use parse::parse;
pub use path_work::{PathWork, PathWorkError, PATH_WORK_LIMIT, SATURATED_WORK_LIMIT};
pub use quickref::{quickref_to_xbetza, QuickrefError, QuickrefErrorKind};
pub use rays::{RayFamily, RayStep, Wrap};
pub use table::{Curve, EpRule, GapRule, Hop, Leap, MoveTable, Path, PathKind, PathLeg, Slide};
pub use write::{write, write_move};
pub use write_other::{write_other, NoEquivalent, OtherNotation};
pub use xboard::xboard_misreading;
