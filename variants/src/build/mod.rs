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

use std::sync::Arc;

use movegen::{Outcome, PieceId, Position, Rules};
use notation::{Color, Geometry, SquareSet};

use crate::{
    definition::{Definition, VariantError},
    pieces::{is_custom_piece, named_piece, MAX_CUSTOM_PIECES, NAMED_PIECES},
    region::parse_region,
    start_position::{ahead_of_start, promotion_to_start_piece},
};
use piece_types::{find_declared, piece_ids, Declared};

/// Keys this loader reads (besides the piece keys and `mobilityRegion...`).
pub const KNOWN_KEYS: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "chess960",
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "nnueAlias",
    "pieceValueMg",
    "pieceValueEg",
    "pieceValue",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionRank",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "pawnTypes",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "mandatoryPawnPromotion",
    "promotedPieceType",
    "promotionLimit",
    "immobilityIllegal",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "doubleStepRank",
    "doubleStepRankMin",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingPiece",
    "castlingRookPieces",
    "castlingRookPiece",
    "castlingKingFile",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropRegionWhite",
    "dropRegionBlack",
    "whiteDropRegion",
    "blackDropRegion",
    "dropNoDoubled",
    "shogiPawnDropMateIllegal",
    "dropChecks",
    "twoBoards",
    "gating",
    "seirawanGating",
    "flyingGeneral",
    "soldierPromotionRank",
    "stalemateValue",
    "checkmateValue",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "moveRepetitionIllegal",
    "chasingRule",
    "extinctionValue",
    "extinctionClaim",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "countingRule",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "checking",
    "mustCapture",
    "blastOnCapture",
    "extinctionPseudoRoyal",
    "flagPiece",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "checkCounting",
    "stalematePieceCount",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "mustDrop",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "mandatoryPiecePromotion",
    "sittuyinPromotion",
    "sittuyinRookDrop",
    "flagPieceSafe",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "connectN",
    "connectNxN",
    "collinearN",
    "connectPieceTypes",
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
    "connectValue",
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "freeDrops",
    "adjudicateFullBoard",
    "dropOnTop",
    "cambodianMoves",
    "piecePromotionOnCapture",
    "pieceDemotion",
    "dropPromoted",
    "dropNoDoubledCount",
    "makpongRule",
    "blastImmuneTypes",
    "petrifyBlastPieces",
    "mutuallyImmuneTypes",
    "mustDropType",
    // Kraken's own keys for cutechess's variants.
    "sideChange",
    "captureInPlace",
    "royalForwardUntilCapture",
    "oneRoyal",
    "castlingLostByAnyKing",
    "oppositeCastling",
    "castlingWins",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "relayPiece",
    "dupleCheck",
    "uncapturableTypes",
    "moveGrid",
    "transformAfterMove",
    "pieceLimit",
    "promotedPieceBetza",
    "promotionOnEntryOrCapture",
    "promotionOnEntry",
    "promotedIntoType",
    "lionTrading",
    // Kraken's key for Fairy-Max's Grande Acedrex.
    "promotionToStartPiece",
    // Fairy-Stockfish's keys for janggi and shatar.
    "diagonalLines",
    "pass",
    "bikjangRule",
    "materialCounting",
    "shatarMateRule",
    // Fairy-Stockfish's walls (duck chess, the amazons, isolation, atlantis, ...).
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
    "petrifyOnCaptureTypes",
];

/// Whether `key` is a key a variant file may use.
pub fn is_known_key(key: &str) -> bool {
    KNOWN_KEYS.contains(&key)
        || named_piece(key).is_some()
        || is_custom_piece(key)
        || key.starts_with("mobilityRegion")
}

/// Builds the rules of a resolved definition.
///
/// # Errors
/// Returns every problem found, each with its file, line and key.
pub fn build_rules(def: &Definition) -> Result<Rules, Vec<VariantError>> {
    let mut builder = Builder {
        def,
        errors: Vec::new(),
    };
    let rules = builder.build();
    if builder.errors.is_empty() {
        if let Some(rules) = rules {
            return Ok(rules);
        }
    }
    Err(builder.errors)
}

struct Builder<'a> {
    def: &'a Definition,
    errors: Vec<VariantError>,
}

impl Builder<'_> {
    fn fail(&mut self, key: &str, message: impl Into<String>) {
        self.errors.push(self.def.error(key, message));
    }

    fn bool(&mut self, key: &str, default: bool) -> bool {
        match self.def.get(key) {
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
        match self.def.get(key) {
            None => default,
            Some(text) => text.parse().unwrap_or_else(|_| {
                self.fail(key, format!("expected a number, found '{text}'"));
                default
            }),
        }
    }

    /// A file given as a letter (`h`) or a number from 1.
    fn file(&mut self, key: &str, default: u8) -> u8 {
        match self.def.get(key) {
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
        match self.def.get(key) {
            None => default,
            Some(text) => parse_region(text, geometry).unwrap_or_else(|message| {
                self.fail(key, message);
                default
            }),
        }
    }

    fn outcome(&mut self, key: &str, default: Outcome) -> Outcome {
        match self.def.get(key) {
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
        let text = self.def.get(key).unwrap_or("-").to_string();
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
        let text = self.def.get(key).unwrap_or(default).to_string();
        let mut ids = Vec::new();
        for id in piece_ids(&text) {
            match find_declared(declared, &id) {
                Some(i) => ids.push(i as PieceId),
                None if self.def.get(key).is_some() => match self.inherited_piece(key, &id) {
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
        if [key, &white, &black]
            .iter()
            .all(|k| self.def.get(k).is_none())
        {
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
        let text = self.def.get(key).unwrap_or("").to_string();
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
        for key in self.def.values.keys() {
            if !is_known_key(key) {
                self.errors.push(self.def.error(key, "unknown key"));
            }
        }
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
        rules.piece_to_char = self.def.get("pieceToCharTable").map(str::to_string);
        rules.castling = self.castling(&declared, board.width);
        let captures_to_hand = self.bool("capturesToHand", false);
        rules.promotion = self.promotion(&mut rules, &declared, &board, captures_to_hand);
        self.drops(&mut rules, &declared, &board, captures_to_hand, &start_fen);
        self.moves(&mut rules, &declared, &board);
        self.game_end(&mut rules, &declared, &board, &models);
        rules.finish();
        self.with_start_position(rules, &start_fen)
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
