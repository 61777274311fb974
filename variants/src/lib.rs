//! Variants as data: a loader for variant files in the `variants.ini` format of
//! Fairy-Stockfish (sections, inheritance, line-numbered errors) and Kraken's built-in catalog,
//! which is written in the same format and shipped inside the binary.
//!
//! ```
//! let catalog = variants::Catalog::builtin();
//! let rules = catalog.rules("Capablanca").unwrap();
//! assert_eq!(rules.geometry.width(), 10);
//! assert!(catalog.lookup("capablnca").unwrap_err().close.contains(&"capablanca".to_string()));
//! ```
#![deny(missing_docs)]

mod build;
mod catalog;
mod check;
mod definition;
mod fsf_reading;
mod ini;
mod mbn_promotion;
mod nets;
mod palace;
mod pieces;
mod region;
mod start_position;
mod weights;

pub use build::{build_rules, is_known_key, known_keys};
pub use catalog::{
    read_variant_file, Catalog, UnknownVariant, ALIASES, BUILTIN, CUTECHESS,
    MAX_VARIANT_FILE_BYTES, XBOARD,
};
pub use check::{check_file, check_text, CheckReport};
pub use definition::{resolve, Definition, Origin, SourcedSection, VariantError};
pub use ini::{parse_ini, Entry, IniError, Section};
pub use mbn_promotion::{promotion_keys, PromotionKeys};
pub use nets::{eval_net, variants_with_nets};
pub use pieces::{
    is_custom_piece, named_piece, FSF_PREFIX, MBN_PREFIX, NAMED_PIECES, OLDBETZA_PREFIX,
    QUICKREF_PREFIX, XBETZA_PREFIX,
};
pub use region::{parse_region, region_text};
pub use start_position::shuffled_start;
pub use weights::eval_weights;
