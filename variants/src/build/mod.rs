//! A resolved [`Definition`] to [`Rules`].
//!
//! The work is split by rule family: the board ([`board`]), the pieces ([`piece_types`]),
//! castling, promotion, drops and gating, the rules of moves, and the game's end, each a
//! part of [`Builder`] in a file of its own. This file holds the keys, the readers of values
//! every family shares, and the order in which the families are read.

mod board;
mod castling;
mod drops;
mod game_end;
mod moves;
mod piece_types;
mod promotion;

use std::{
    cell::RefCell,
    collections::BTreeSet,
    sync::{Arc, OnceLock},
};

use movegen::{Outcome, PieceId, Position, Rules};
use notation::{Color, Geometry, SquareSet};

use crate::{
    definition::{Definition, VariantError},
    pieces::{MAX_CUSTOM_PIECES, NAMED_PIECES},
    region::parse_region,
    start_position::{ahead_of_start, promotion_to_start_piece},
};
use piece_types::{find_declared, piece_ids, Declared};

/// Every key a variant file may use: the keys the builder reads. Each build reads every key
/// it knows whatever the values, as Fairy-Stockfish's parser does, so these are the keys
/// read when building the default (chess) definition.
pub fn known_keys() -> &'static BTreeSet<String> {
    static KEYS: OnceLock<BTreeSet<String>> = OnceLock::new();
    KEYS.get_or_init(|| build_recording(&Definition::default()).1)
}

/// Whether `key` is a key a variant file may use.
pub fn is_known_key(key: &str) -> bool {
    known_keys().contains(key)
}

/// Builds the rules of a resolved definition.
///
/// # Errors
/// Returns every problem found, each with its file, line and key.
pub fn build_rules(def: &Definition) -> Result<Rules, Vec<VariantError>> {
    let (rules, read) = build_recording(def);
    // A build that stopped early (a bad board, no pieces) read only some keys.
    let unknown: Vec<VariantError> = def
        .values
        .keys()
        .filter(|key| !read.contains(*key) && !is_known_key(key))
        .map(|key| def.error(key, "unknown key"))
        .collect();
    match rules {
        Ok(rules) if unknown.is_empty() => Ok(rules),
        Ok(_) => Err(unknown),
        Err(mut errors) => {
            errors.extend(unknown);
            Err(errors)
        }
    }
}

/// Builds the rules of `def` and records the keys the build read.
fn build_recording(def: &Definition) -> (Result<Rules, Vec<VariantError>>, BTreeSet<String>) {
    let mut builder = Builder {
        def,
        errors: Vec::new(),
        read: RefCell::default(),
    };
    let rules = builder.build();
    let rules = match rules {
        Some(rules) if builder.errors.is_empty() => Ok(rules),
        _ => Err(builder.errors),
    };
    (rules, builder.read.into_inner())
}

struct Builder<'a> {
    def: &'a Definition,
    errors: Vec<VariantError>,
    /// Every key looked up, set or not: the keys this loader reads.
    read: RefCell<BTreeSet<String>>,
}

impl<'a> Builder<'a> {
    /// The value of `key`, if set; every key is read through here, which records it.
    fn get(&self, key: &str) -> Option<&'a str> {
        self.read.borrow_mut().insert(key.to_string());
        self.def.get(key)
    }

    /// A rule Kraken holds for both colours at once: `KEYWhite` and `KEYBlack` (read by
    /// `read`) may each replace `both`, the value for both, if they agree.
    fn same_for_both<T: PartialEq + Clone>(
        &mut self,
        key: &str,
        both: T,
        mut read: impl FnMut(&mut Self, &str) -> T,
    ) -> T {
        let keys = ["White", "Black"].map(|side| format!("{key}{side}"));
        let given = keys.each_ref().map(|k| self.get(k).is_some());
        let [white, black] = [0, 1].map(|c| {
            let value = read(self, &keys[c]);
            if given[c] {
                value
            } else {
                both.clone()
            }
        });
        if white != black {
            let culprit = if given[1] { &keys[1] } else { &keys[0] };
            let message = "a rule that differs between the colours is not supported by Kraken yet";
            self.fail(culprit, message);
        }
        white
    }

    /// The first of `keys` that is set, reading them all.
    fn first_set(&self, keys: &[&'static str]) -> Option<&'static str> {
        let set: Vec<_> = keys.iter().filter(|k| self.get(k).is_some()).collect();
        set.first().map(|k| **k)
    }

    fn fail(&mut self, key: &str, message: impl Into<String>) {
        self.errors.push(self.def.error(key, message));
    }

    fn bool(&mut self, key: &str, default: bool) -> bool {
        match self.get(key) {
            None => default,
            Some("true") | Some("1") | Some("yes") => true,
            Some("false") | Some("0") | Some("no") => false,
            Some(other) => {
                let message = format!("expected true or false, found '{other}'");
                self.fail(key, message);
                default
            }
        }
    }

    fn number(&mut self, key: &str, default: i64) -> i64 {
        match self.get(key) {
            None => default,
            Some(text) => text.parse().unwrap_or_else(|_| {
                self.fail(key, format!("expected a number, found '{text}'"));
                default
            }),
        }
    }

    /// A file given as a letter (`h`) or a number from 1.
    fn file(&mut self, key: &str, default: u8) -> u8 {
        match self.get(key) {
            None => default,
            Some(text) => {
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_lowercase() => c as u8 - b'a',
                    _ => match text.parse::<u8>() {
                        Ok(n) if n >= 1 => n - 1,
                        _ => {
                            self.fail(key, format!("expected a file letter, found '{text}'"));
                            default
                        }
                    },
                }
            }
        }
    }

    fn region(&mut self, key: &str, geometry: &Geometry, default: SquareSet) -> SquareSet {
        match self.get(key) {
            None => default,
            Some(text) => parse_region(text, geometry).unwrap_or_else(|message| {
                self.fail(key, message);
                default
            }),
        }
    }

    fn outcome(&mut self, key: &str, default: Outcome) -> Outcome {
        match self.get(key) {
            None => default,
            Some("win") => Outcome::Win,
            Some("loss") => Outcome::Loss,
            Some("draw") => Outcome::Draw,
            Some(other) => {
                let message = format!("expected win, loss or draw, found '{other}'");
                self.fail(key, message);
                default
            }
        }
    }

    /// Castling rights as Fairy-Stockfish writes them in `key` (`KQkq`, `q`, `-`): per colour,
    /// kingside and queenside.
    fn castling_rights(&mut self, key: &str) -> [[bool; 2]; 2] {
        let mut rights = [[false; 2]; 2];
        let text = self.get(key).unwrap_or("-").to_string();
        for c in text.chars().filter(|&c| c != '-' && !c.is_whitespace()) {
            match c {
                'K' => rights[0][0] = true,
                'Q' => rights[0][1] = true,
                'k' => rights[1][0] = true,
                'q' => rights[1][1] = true,
                _ => self.fail(key, format!("expected castling rights (KQkq), found '{c}'")),
            }
        }
        rights
    }

    /// The piece types named by ids in `key`'s value (`qrbn`, `n'q`).
    fn letters(&mut self, key: &str, declared: &[Declared], default: &str) -> Vec<PieceId> {
        let text = self.get(key).unwrap_or(default).to_string();
        let mut ids = Vec::new();
        for id in piece_ids(&text) {
            match find_declared(declared, &id) {
                Some(i) => ids.push(i as PieceId),
                None if self.get(key).is_some() => match self.inherited_piece(key, &id) {
                    // As Fairy-Stockfish keeps piece types, not letters: a parent's letter
                    // names the piece it was given to there, under its letter here, and
                    // nothing once that piece is removed.
                    Some(piece) => ids.extend(
                        declared
                            .iter()
                            .position(|d| d.key == piece)
                            .map(|i| i as PieceId),
                    ),
                    None => self.fail(key, format!("no piece '{id}' in this variant")),
                },
                None => {}
            }
        }
        ids
    }

    /// The piece key that had the letter `id` in the section that wrote the inherited `key`
    /// (`archbishop` for janus's `promotionPieceTypes = jqrbn`), if `key` is inherited and
    /// one did.
    fn inherited_piece(&self, key: &str, id: &str) -> Option<String> {
        let level = self.def.level_of(key);
        if level >= self.def.sections {
            return None;
        }
        let mut keys: Vec<String> = NAMED_PIECES.iter().map(|(k, _)| k.to_string()).collect();
        keys.extend((1..=MAX_CUSTOM_PIECES).map(|n| format!("customPiece{n}")));
        keys.into_iter().find(|piece| {
            self.def.value_at(piece, level).is_some_and(|value| {
                let letter = value.split_once(':').map_or(value, |(l, _)| l);
                letter.eq_ignore_ascii_case(id)
            })
        })
    }

    /// `KEY` for both colours, or `KEYWhite` and `KEYBlack` (each defaulting to `KEY`, and that
    /// to `default`); `None` when none is given.
    fn pair_of_regions(
        &mut self,
        key: &str,
        geometry: &Geometry,
        default: SquareSet,
    ) -> Option<[SquareSet; 2]> {
        let (white, black) = (format!("{key}White"), format!("{key}Black"));
        if [key, &white, &black].iter().all(|k| self.get(k).is_none()) {
            return None;
        }
        let both = self.region(key, geometry, default);
        Some([
            self.region(&white, geometry, both),
            self.region(&black, geometry, both),
        ])
    }

    /// The pairs `x:value` of `key`, each with the index of the declared piece `x`.
    fn id_pairs(&mut self, key: &str, declared: &[Declared]) -> Vec<(usize, String)> {
        let text = self.get(key).unwrap_or("").to_string();
        let mut pairs = Vec::new();
        for pair in text.split_whitespace() {
            match pair
                .split_once(':')
                .and_then(|(l, v)| Some((find_declared(declared, l)?, v.to_string())))
            {
                Some(found) => pairs.push(found),
                None => self.fail(
                    key,
                    format!("expected 'x:value' for a declared piece x, found '{pair}'"),
                ),
            }
        }
        pairs
    }

    fn build(&mut self) -> Option<Rules> {
        let board = self.board()?;
        let double_step = self.bool("doubleStep", true);
        let declared = self.declared_pieces(double_step);
        if declared.is_empty() {
            self.fail("startFen", "the variant has no pieces");
            return None;
        }
        let (pieces, models) = self.piece_types(&board, &declared, double_step)?;
        let start_fen = self
            .def
            .get("startFen")
            .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .to_string();
        let mut rules = Rules::new(&self.def.name, board.geometry.clone(), pieces, &start_fen);
        rules.chess960 = self.bool("chess960", false);
        self.gui_hints(&mut rules);
        rules.castling = self.castling(&declared, board.width);
        let captures_to_hand = self.bool("capturesToHand", false);
        rules.promotion = self.promotion(&mut rules, &declared, &board, captures_to_hand);
        self.drops(&mut rules, &declared, &board, captures_to_hand, &start_fen);
        self.moves(&mut rules, &declared, &board, &models);
        self.game_end(&mut rules, &declared, &board, &models);
        rules.finish();
        self.with_start_position(rules, &start_fen)
    }

    /// What the GUI is told of the board: XBoard's piece slots (`pieceToCharTable`), its
    /// variant to take the look from (`variantTemplate`) and the holdings' size (`pocketSize`).
    fn gui_hints(&mut self, rules: &mut Rules) {
        rules.piece_to_char = self.get("pieceToCharTable").map(str::to_string);
        rules.xboard_template = match self.get("variantTemplate") {
            Some(name) if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()) => {
                Some(name.to_string())
            }
            Some(other) => {
                let message = format!("expected an XBoard variant name, found '{other}'");
                self.fail("variantTemplate", message);
                None
            }
            None => None,
        };
        let pocket_size = self.number("pocketSize", 0);
        rules.pocket_size = match usize::try_from(pocket_size) {
            Ok(0) => None,
            Ok(n) if n <= 64 => Some(n),
            _ => {
                self.fail(
                    "pocketSize",
                    format!("expected 0 to 64, found {pocket_size}"),
                );
                None
            }
        };
    }

    /// Reads the start position, which must be valid, and takes from it the rules that
    /// depend on it.
    fn with_start_position(&mut self, rules: Rules, start_fen: &str) -> Option<Rules> {
        let to_start_piece = self.bool("promotionToStartPiece", false);
        let arc = Arc::new(rules);
        let start = match Position::from_fen(arc.clone(), start_fen) {
            Ok(start) => start,
            Err(e) => {
                self.fail("startFen", e.to_string());
                return None;
            }
        };
        let waiting = start.side_to_move().opponent();
        if !start.rules().royals_can_be_taken() && start.royal_attacked(waiting) {
            let message = format!(
                "{waiting:?}, not to move, is in check: the first move would take its royal piece"
            );
            self.fail("startFen", message);
            return None;
        }
        let ahead = ahead_of_start(&start);
        let start_royals = [Color::White, Color::Black].map(|c| !start.royals(c).is_empty());
        let on_square = if to_start_piece {
            promotion_to_start_piece(&start, start.rules().promotion.zone)
        } else {
            Vec::new()
        };
        drop(start);
        let mut rules = Arc::try_unwrap(arc).ok()?;
        for (pt, ahead) in rules.pieces.iter_mut().zip(ahead) {
            pt.ahead_of_start = ahead;
        }
        rules.promotion.on_square = on_square;
        rules.start_royals = start_royals;
        Some(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{catalog::Catalog, definition::resolve};

    /// Every build reads the same keys, whatever the values: a key read only when another is
    /// set would be called unknown where that other key is not.
    #[test]
    fn every_build_reads_every_key() {
        let catalog = Catalog::builtin();
        let known = known_keys();
        assert!(known.contains("castlingKingsideFile") && known.contains("customPiece99"));
        let mut differences = Vec::new();
        for name in catalog.names() {
            let def = resolve(&name, catalog.sections()).unwrap();
            let (rules, read) = build_recording(&def);
            assert!(rules.is_ok(), "{name}");
            let missing: Vec<_> = known.difference(&read).collect();
            let extra: Vec<_> = read.difference(known).collect();
            if !missing.is_empty() || !extra.is_empty() {
                differences.push(format!("{name}: not read {missing:?}, only here {extra:?}"));
            }
        }
        assert!(differences.is_empty(), "{}", differences.join("\n"));
    }
}
