//! A resolved [`Definition`] to [`Rules`].

use std::{cmp::Ordering, sync::Arc};

use movegen::{
    Castling, ChaseRole, Chasing, Checks, Connect, Counting, CountingRule, Drops, Enclosing,
    EnclosingRule, Extinction, Flag, FlipRule, GameEnd, Gating, LineMoves, LionTrading,
    MaterialCounting, MoveRules, OneRoyal, Outcome, PieceId, PiecePromotionMoves, PieceType,
    Position, Promotion, Rules, ShatarMate, SideChange, Walling, WallingRule, ZoneMoves,
    MAX_PIECE_TYPES,
};
use notation::{
    mbn_piece, mbn_promotions, oldbetza_to_xbetza, parse, quickref_to_xbetza, BoardRange, Color,
    Geometry, Initial, SquareSet, MAX_SIDE, MAX_SQUARES,
};

use crate::{
    definition::{Definition, VariantError},
    mbn_promotion::promotion_keys,
    palace::{janggi_weight, line_moves, JANGGI_KOMI},
    pieces::{
        is_custom_piece, named_piece, MAX_CUSTOM_PIECES, MBN_PREFIX, NAMED_PIECES, OLDBETZA_PREFIX,
        QUICKREF_PREFIX,
    },
    region::parse_region,
    start_position::{ahead_of_start, promotion_to_start_piece},
};

/// The pawn types, their promotion choices, and Black's choices where they differ.
type PromotionTypes = (Vec<PieceId>, Vec<PieceId>, Option<Vec<PieceId>>);

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

/// A piece declared by the definition.
struct Declared {
    key: String,
    /// Its id as the file writes it for black: a letter, maybe followed by `'` (`n`, `n'`).
    id: String,
    betza: String,
    /// From a piece given in MBN: where every move must end, and where its initial moves
    /// start (see [`notation::MbnPiece`]).
    ranges: Ranges,
    /// How late in the chain of parents the piece was declared ([`Definition::level_of`]).
    level: usize,
}

/// The board ranges of a piece given in MBN.
#[derive(Clone, Debug, Default)]
struct Ranges {
    mobility: Option<BoardRange>,
    initial: Option<BoardRange>,
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

    fn build(&mut self) -> Option<Rules> {
        for key in self.def.values.keys() {
            if !is_known_key(key) {
                self.errors.push(self.def.error(key, "unknown key"));
            }
        }
        let width = self.file("maxFile", 7) + 1;
        let height = self.number("maxRank", 8);
        let geometry = match Geometry::new(width, height.clamp(0, 255) as u8) {
            Ok(g) => g,
            Err(e) => {
                // Blame the key whose value is out of range, where the user wrote it.
                let key = if (1..=MAX_SIDE).contains(&width) {
                    "maxRank"
                } else {
                    "maxFile"
                };
                self.fail(key, e.to_string());
                return None;
            }
        };
        // Walls (`*`) in the start position are squares the board does not have, but where
        // moves place walls (the duck, petrified pieces).
        let walling_rule = self.walling_rule();
        let placed_walls =
            walling_rule.is_some() || self.def.get("petrifyOnCaptureTypes").is_some();
        if placed_walls
            && geometry.width() as usize * geometry.height() as usize > usize::from(u8::MAX)
        {
            // A move keeps its wall's square in a byte whose last value means "no wall".
            let key = if walling_rule.is_some() {
                "wallingRule"
            } else {
                "petrifyOnCaptureTypes"
            };
            self.fail(key, "walls need a board of fewer than 256 squares");
        }
        let start_text = self.def.get("startFen").unwrap_or("").to_string();
        let holes = if placed_walls {
            SquareSet::EMPTY
        } else {
            walls(&start_text, &geometry)
        };
        let geometry = geometry.clone().with_holes(holes);
        let double_step = self.bool("doubleStep", true);
        let declared = self.declared_pieces(double_step);
        if declared.is_empty() {
            self.fail("startFen", "the variant has no pieces");
            return None;
        }
        let white = |rank: i64| -> SquareSet {
            (0..width as i32)
                .filter_map(|f| geometry.square(f, rank as i32 - 1))
                .collect()
        };
        let black = |rank: i64| white(height + 1 - rank);
        let mut double_step_region = [
            self.region("doubleStepRegionWhite", &geometry, white(2)),
            self.region("doubleStepRegionBlack", &geometry, white(height - 1)),
        ];
        if !double_step {
            double_step_region = [SquareSet::EMPTY; 2];
        }
        // Fairy-Stockfish's pawn triple step: from these squares, over two empty ones.
        let triple_keys = ["tripleStepRegionWhite", "tripleStepRegionBlack"];
        let triple_step_region = triple_keys
            .iter()
            .any(|k| self.def.get(k).is_some())
            .then(|| triple_keys.map(|k| self.region(k, &geometry, SquareSet::EMPTY)));
        let soldier_rank = self.number("soldierPromotionRank", 1);
        let mut pieces = Vec::new();
        for d in &declared {
            let desc = match parse(&d.betza) {
                Ok(desc) => desc,
                Err(e) if d.betza.is_empty() => {
                    let _ = e;
                    notation::PieceDesc::default()
                }
                Err(e) => {
                    self.fail(&d.key, e.to_string());
                    notation::PieceDesc::default()
                }
            };
            let name = if is_custom_piece(&d.key) {
                format!("custom {}", d.id)
            } else {
                d.key.clone()
            };
            let symbol = d.id.to_ascii_uppercase();
            let mut pt = PieceType::new(&name, &symbol, &d.betza, desc, &geometry);
            if let Err(e) = notation::PathWorkError::check(&pt.tables) {
                self.fail(&d.key, e.to_string());
            }
            pt.royal = d.key == "king";
            pt.shuns_own_kind = d.key == "janggiCannon";
            if pt.desc.moves.iter().any(|m| m.initial == Initial::Virgin) {
                pt.initial_squares = match &d.ranges.initial {
                    Some(range) => Color::ALL.map(|c| range.squares(&geometry, c)),
                    None => double_step_region,
                };
            }
            if let Some(zone) = triple_step_region.filter(|_| d.key == "pawn") {
                match parse(&format!("{}ifmnH", d.betza)) {
                    Ok(desc) => pt.zone_moves = Some(ZoneMoves::new(zone, desc, &geometry)),
                    Err(e) => self.fail(triple_keys[0], e.to_string()),
                }
            }
            if d.key == "soldier" && soldier_rank > 1 {
                let zone = [
                    (soldier_rank..=height)
                        .map(&white)
                        .fold(SquareSet::EMPTY, |a, b| a | b),
                    (soldier_rank..=height)
                        .map(&black)
                        .fold(SquareSet::EMPTY, |a, b| a | b),
                ];
                let forward = parse("fW").expect("valid");
                let sideways = pt.desc.clone();
                pt = PieceType::new(&name, &symbol, "fW", forward, &geometry);
                pt.zone_moves = Some(ZoneMoves::new(zone, sideways, &geometry));
            }
            let capitalized = {
                let mut c = d.key.clone();
                c[..1].make_ascii_uppercase();
                c
            };
            let regions = [
                format!("mobilityRegionWhite{capitalized}"),
                format!("mobilityRegionBlack{capitalized}"),
            ];
            let keyed = regions.iter().find(|k| self.def.get(k).is_some());
            if let Some(range) = &d.ranges.mobility {
                if let Some(key) = keyed {
                    self.fail(
                        key,
                        format!("given also by the MBN range {range} of {}", d.key),
                    );
                }
                pt.region = Some(Color::ALL.map(|c| range.squares(&geometry, c)));
            } else if keyed.is_some() {
                let all: SquareSet = geometry.squares().collect();
                pt.region = Some([
                    self.region(&regions[0], &geometry, all),
                    self.region(&regions[1], &geometry, all),
                ]);
            }
            pieces.push(pt);
        }
        // Shogi-style promoted forms become types of their own, written `+X`: with a declared
        // piece's moves (and royalty), or with moves of their own (Kraken's
        // `promotedPieceBetza`). `models` pairs each form with the declared piece it moves as.
        let mut models: Vec<(PieceId, usize)> = Vec::new();
        for key in ["promotedPieceType", "promotedPieceBetza"] {
            let pairs = self.def.get(key).unwrap_or("").to_string();
            for pair in pairs.split_whitespace() {
                let Some((from, to)) = pair.split_once(':') else {
                    self.fail(key, format!("expected 'x:y', found '{pair}'"));
                    continue;
                };
                // A parent's pair for a piece (or into a piece) that a later section took
                // away or replaced went with that piece, as in Fairy-Stockfish, whose pairs
                // join piece types.
                let written = self.def.pair_level(key, from);
                let inherited = written > 0 && written < self.def.sections;
                let gone = |id: &str| match find_declared(&declared, id) {
                    Some(i) => declared[i].level > written,
                    None => inherited,
                };
                if written > 0 && (gone(from) || gone(to)) {
                    continue;
                }
                let Some(base) = find_declared(&declared, from) else {
                    self.fail(key, format!("no piece '{from}' in '{pair}'"));
                    continue;
                };
                if pieces[base].promoted.is_some() {
                    self.fail(key, format!("'{from}' already has a promoted form"));
                    continue;
                }
                let name = format!("promoted {}", declared[base].key);
                let symbol = format!("+{}", declared[base].id.to_ascii_uppercase());
                let promoted = if key == "promotedPieceType" {
                    let Some(target) = find_declared(&declared, to) else {
                        self.fail(key, format!("no piece '{to}' in '{pair}'"));
                        continue;
                    };
                    models.push((pieces.len() as PieceId, target));
                    let target = &pieces[target];
                    let mut promoted = PieceType::new(
                        &name,
                        &symbol,
                        &target.betza,
                        target.desc.clone(),
                        &geometry,
                    );
                    promoted.region = target.region;
                    promoted.royal = target.royal;
                    promoted
                } else {
                    match parse(to) {
                        Ok(desc) => {
                            let promoted = PieceType::new(&name, &symbol, to, desc, &geometry);
                            if let Err(e) = notation::PathWorkError::check(&promoted.tables) {
                                self.fail(key, format!("'{pair}': {e}"));
                            }
                            promoted
                        }
                        Err(e) => {
                            self.fail(key, format!("'{pair}': {e}"));
                            continue;
                        }
                    }
                };
                let mut promoted = promoted;
                promoted.unpromoted = Some(base as PieceId);
                let id = pieces.len() as PieceId;
                pieces.push(promoted);
                pieces[base].promoted = Some(id);
            }
        }
        // A shogi-style promotion into a declared type (`promotedIntoType`): the piece becomes
        // that type itself, with no `+X` form (XBoard's elven: a Knight becomes a Lion).
        let pairs = self.def.get("promotedIntoType").unwrap_or("").to_string();
        for pair in pairs.split_whitespace() {
            let ids = pair
                .split_once(':')
                .map(|(from, to)| (find_declared(&declared, from), find_declared(&declared, to)));
            match ids {
                Some((Some(base), Some(target)))
                    if base != target
                        && pieces[base].promoted.is_none()
                        && !pieces[target].royal =>
                {
                    pieces[base].promoted = Some(target as PieceId);
                }
                _ => self.fail(
                    "promotedIntoType",
                    format!(
                        "expected 'x:y', two declared pieces, x without a promoted form and y \
                         not royal; found '{pair}'"
                    ),
                ),
            }
        }
        if pieces.len() > MAX_PIECE_TYPES {
            let key = declared
                .last()
                .map_or("startFen", |d| d.key.as_str())
                .to_string();
            let message = format!(
                "{} piece types (promoted forms included), at most {MAX_PIECE_TYPES} fit",
                pieces.len()
            );
            self.fail(&key, message);
            return None;
        }
        self.piece_values(&declared, &mut pieces);
        let start_fen = self
            .def
            .get("startFen")
            .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .to_string();
        let mut rules = Rules::new(&self.def.name, geometry.clone(), pieces, &start_fen);
        rules.chess960 = self.bool("chess960", false);
        rules.piece_to_char = self.def.get("pieceToCharTable").map(str::to_string);

        // Castling.
        let castling_king = self.letters("castlingKingPiece", &declared, "k");
        let rook_key = if self.def.get("castlingRookPiece").is_some() {
            "castlingRookPiece"
        } else {
            "castlingRookPieces"
        };
        let partners = self.letters(rook_key, &declared, "r");
        rules.castling = Castling {
            enabled: self.bool("castling", true) && !castling_king.is_empty(),
            king: castling_king.first().copied(),
            partners,
            kingside_file: self.file("castlingKingsideFile", 6),
            queenside_file: self.file("castlingQueensideFile", 2),
            rank: (self.number("castlingRank", 1) - 1).clamp(0, 15) as u8,
            partner_files: {
                let keys = ["castlingRookKingsideFile", "castlingRookQueensideFile"];
                keys.iter().any(|k| self.def.get(k).is_some()).then(|| {
                    let kingside = self.file(keys[0], width - 1);
                    (kingside, self.file(keys[1], 0))
                })
            },
            lost_by_any_king: self.bool("castlingLostByAnyKing", false),
            opposite: self.bool("oppositeCastling", false),
        };

        // Promotion.
        let (pawn_types, choices, black_choices) = match self.mbn_promotion(&declared, &rules) {
            Some(promotion) => promotion,
            None => self.keyed_promotion(&declared),
        };
        for (id, d) in declared.iter().enumerate() {
            if let Some(range) = &d.ranges.initial {
                if !pawn_types.contains(&(id as PieceId)) {
                    let message = format!(
                        "the MBN range {range} before moves gives a pawn type's initial moves; \
                         '{}' is not one (promotionPawnTypes)",
                        d.id
                    );
                    self.fail(&d.key, message);
                }
            }
        }
        let mut zone = [
            self.region("promotionRegionWhite", &geometry, white(8)),
            self.region("promotionRegionBlack", &geometry, white(1)),
        ];
        if self.def.get("promotionRank").is_some() && self.def.get("promotionRegionWhite").is_none()
        {
            let rank = self.number("promotionRank", 8);
            zone = [
                (rank..=height)
                    .map(&white)
                    .fold(SquareSet::EMPTY, |a, b| a | b),
                (rank..=height)
                    .map(&black)
                    .fold(SquareSet::EMPTY, |a, b| a | b),
            ];
        }
        let mut limits = vec![None; rules.pieces.len()];
        let limit_text = self.def.get("promotionLimit").unwrap_or("").to_string();
        for pair in limit_text.split_whitespace() {
            let parsed = pair.split_once(':').and_then(|(l, n)| {
                let id = find_declared(&declared, l)?;
                Some((id, n.parse::<u8>().ok()?))
            });
            match parsed {
                Some((id, n)) => limits[id] = Some(n),
                None => self.fail(
                    "promotionLimit",
                    format!("expected 'x:count', found '{pair}'"),
                ),
            }
        }
        // Fairy-Stockfish gives a pawn its initial moves on its double-step region even after
        // it moved (torpedo, pawnsideways, pawnback).
        for &id in &pawn_types {
            rules.pieces[id as usize].initial_in_region = true;
        }
        // Only pawns count as never moved by where they stand; another piece with initial moves
        // (a King's leap or `O` castling) takes that from the FEN's castling field.
        for (id, pt) in rules.pieces.iter_mut().enumerate() {
            if !pawn_types.contains(&(id as PieceId)) {
                pt.initial_squares = [SquareSet::EMPTY; 2];
            }
        }
        let captures_to_hand = self.bool("capturesToHand", false);
        let piece_moves = self.piece_promotion_moves();
        rules.promotion = Promotion {
            zone,
            pawn_types,
            choices,
            black_choices,
            on_square: Vec::new(),
            mandatory: self.bool("mandatoryPawnPromotion", true),
            piece_mandatory: self.bool("mandatoryPiecePromotion", false),
            piece_moves,
            piece_demotion: self.bool("pieceDemotion", false),
            limits,
            immobility_illegal: self.bool("immobilityIllegal", false),
            demote_to_hand: (captures_to_hand || self.bool("twoBoards", false))
                && !self.bool("dropLoop", false),
            sittuyin: self.bool("sittuyinPromotion", false),
        };

        // Drops.
        let drop_region_white = ["dropRegionWhite", "whiteDropRegion"]
            .into_iter()
            .find(|k| self.def.get(k).is_some());
        let drop_region_black = ["dropRegionBlack", "blackDropRegion"]
            .into_iter()
            .find(|k| self.def.get(k).is_some());
        let all: SquareSet = geometry.squares().collect();
        let region = if drop_region_white.is_some() || drop_region_black.is_some() {
            Some([
                drop_region_white.map_or(all, |k| self.region(k, &geometry, all)),
                drop_region_black.map_or(all, |k| self.region(k, &geometry, all)),
            ])
        } else {
            None
        };
        let no_doubled_count = self.number("dropNoDoubledCount", 1);
        if !(0..=i64::from(u8::MAX)).contains(&no_doubled_count) {
            self.fail("dropNoDoubledCount", "expected a count from 0 to 255");
        }
        let no_doubled = self
            .letters("dropNoDoubled", &declared, "")
            .first()
            .map(|&id| (id, no_doubled_count.clamp(0, i64::from(u8::MAX)) as u8));
        let drop_mate_type = declared
            .iter()
            .position(|d| d.key == "shogiPawn")
            .or_else(|| declared.iter().position(|d| d.key == "pawn"))
            .map(|i| i as PieceId);
        rules.drops = Drops {
            enabled: self.bool("pieceDrops", false),
            captures_to_hand,
            region,
            no_doubled,
            no_drop_mate: if self.bool("shogiPawnDropMateIllegal", false) {
                drop_mate_type
            } else {
                None
            },
            no_checks: !self.bool("dropChecks", true),
            no_pawn_drops_in_zone: !self.bool("promotionZonePawnDrops", false),
            no_pawn_drops_on_first_rank: !self.bool("firstRankPawnDrops", false),
            must_drop: self.bool("mustDrop", false),
            promoted: self.bool("dropPromoted", false),
            must_drop_type: match self.def.get("mustDropType") {
                None | Some("*") => None,
                Some(_) => self.letters("mustDropType", &declared, "").first().copied(),
            },
            opposite_colored: if self.bool("dropOppositeColoredBishop", false) {
                declared
                    .iter()
                    .position(|d| d.key == "bishop")
                    .map(|i| i as PieceId)
            } else {
                None
            },
            castling_king_file: self
                .bool("castlingDroppedPiece", false)
                .then(|| self.file("castlingKingFile", 4)),
            first_rank_only: None,
            enclosing: self.enclosing(&geometry),
            free: self.bool("freeDrops", false),
        };
        if self.bool("sittuyinRookDrop", false) {
            match declared.iter().position(|d| d.key == "rook") {
                Some(rook) => rules.drops.first_rank_only = Some(rook as PieceId),
                None => self.fail("sittuyinRookDrop", "the variant has no rook"),
            }
        }
        rules.gating = Gating {
            enabled: self.bool("gating", false) || self.bool("seirawanGating", false),
            types: (0..rules.pieces.len() as PieceId)
                .filter(|&id| !rules.pieces[id as usize].royal)
                .collect(),
        };
        rules.flying_general = self.bool("flyingGeneral", false);
        rules.one_royal = match self.def.get("oneRoyal") {
            None | Some("none") => OneRoyal::All,
            Some("fileThenRank") => OneRoyal::FileThenRank,
            Some("fileThenRelativeRank") => OneRoyal::FileThenRelativeRank,
            Some("alone") => OneRoyal::Alone,
            Some(other) => {
                self.fail(
                    "oneRoyal",
                    format!(
                        "expected none, fileThenRank, fileThenRelativeRank or alone, found '{other}'"
                    ),
                );
                OneRoyal::All
            }
        };
        // Gating alone (cambodian's first-move rights) needs no hands unless the start has them.
        rules.holdings = rules.drops.enabled || captures_to_hand || start_fen.contains('[');
        let blast = self.bool("blastOnCapture", false);
        let pseudo_royal = self.bool("extinctionPseudoRoyal", false);
        let bare_king_loses = self.def.get("extinctionPieceTypes") == Some("*")
            && self.def.get("extinctionOpponentPieceCount") == Some("2");
        let mut extinction = self.extinction(&declared);
        // A promoted form counts as the type it moves as (Fairy-Stockfish gives it that type).
        if let Some(types) = extinction.as_mut().and_then(|e| e.types.as_mut()) {
            for &(form, model) in &models {
                if types.contains(&(model as PieceId)) && !types.contains(&form) {
                    types.push(form);
                }
            }
        }
        if pseudo_royal {
            // Fairy-Stockfish's pseudo-royal pieces may not be left attacked while a side has
            // at most `extinctionPieceCount + 1` of them: Kraken makes the types royal.
            for &id in extinction
                .as_ref()
                .and_then(|e| e.types.as_ref())
                .into_iter()
                .flatten()
            {
                rules.pieces[id as usize].royal = true;
            }
        }
        let duple_check = self.bool("dupleCheck", false);
        if pseudo_royal
            && !blast
            && !duple_check
            && extinction.as_ref().is_some_and(|e| e.count == 0)
        {
            // A side runs out only by captures: its pieces of these types are royal while it
            // has one of them, as that one was before each move (Sho Shogi's King and Prince).
            rules.one_royal = OneRoyal::AloneBeforeMove;
        }
        rules.moves = MoveRules {
            must_capture: self.bool("mustCapture", false),
            checks: match self.def.get("checking") {
                Some("mate") => Checks::MateOnly,
                _ if self.bool("checking", true) => Checks::Allowed,
                _ => Checks::Forbidden,
            },
            blast,
            ep_region: self.pair_of_regions(
                "enPassantRegion",
                &geometry,
                geometry.squares().collect(),
            ),
            royal_leap_lost_to: if self.bool("cambodianMoves", false) {
                find_declared(&declared, "r").map(|i| i as PieceId)
            } else {
                None
            },
            ..MoveRules::default()
        };
        rules.end = GameEnd {
            checkmate: self.outcome("checkmateValue", Outcome::Loss),
            stalemate: self.outcome("stalemateValue", Outcome::Draw),
            stalemate_piece_count: self.bool("stalematePieceCount", false),
            // Pseudo-royal pieces cannot be captured, so they run out only by explosions.
            extinction: extinction.filter(|_| !bare_king_loses && (!pseudo_royal || blast)),
            flag: self.flag(&declared, &geometry),
            connect: self.connect(&declared, &geometry),
            check_counting: self.bool("checkCounting", false),
            counting: self.counting(&declared),
            bare_king_loses,
            no_royal_loses: matches!(rules.one_royal, OneRoyal::Alone | OneRoyal::AloneBeforeMove),
            move_rule: (self.number("nMoveRule", 50) * 2).clamp(0, u16::MAX as i64) as u16,
            move_rule_types: [
                self.move_rule_types("nMoveRuleTypesWhite", &declared),
                self.move_rule_types("nMoveRuleTypesBlack", &declared),
            ],
            repetitions: self.number("nFoldRule", 3).clamp(0, 255) as u8,
            repetition_value: self.outcome("nFoldValue", Outcome::Draw),
            repetition_value_absolute: self.bool("nFoldValueAbsolute", false),
            perpetual_check_loses: self.bool("perpetualCheckIllegal", false),
            repeated_move_loses: self.bool("moveRepetitionIllegal", false),
            chasing: self.chasing(&declared, rules.pieces.len()),
            castling_wins: self.castling_rights("castlingWins"),
            ..GameEnd::default()
        };
        rules.moves.side_change = match self.def.get("sideChange") {
            None | Some("none") => None,
            Some("captures") => Some(SideChange::Captures),
            Some("quiet") => Some(SideChange::Quiet),
            Some("all") => Some(SideChange::All),
            Some(other) => {
                self.fail(
                    "sideChange",
                    format!("expected none, captures, quiet or all, found '{other}'"),
                );
                None
            }
        };
        rules.moves.capture_in_place = self.bool("captureInPlace", false);
        rules.moves.flip = self.flip_rule();
        rules.end.full_board_ends = self.bool("adjudicateFullBoard", false);
        rules.moves.royal_forward_until_capture = self.bool("royalForwardUntilCapture", false);
        rules.moves.duple_check = duple_check;
        rules.moves.makpong = self.bool("makpongRule", false);
        if let Some(relay) = self.def.get("relayPiece").map(str::to_string) {
            match find_declared(&declared, &relay) {
                Some(id) => rules.moves.relay = Some(id as PieceId),
                None => self.fail("relayPiece", format!("unknown piece '{relay}'")),
            }
        }
        rules.moves.blast_immune = self.letters("blastImmuneTypes", &declared, "");
        rules.moves.petrify_blast = rules.moves.blast && self.bool("petrifyBlastPieces", false);
        rules.moves.mutually_immune = self.letters("mutuallyImmuneTypes", &declared, "");
        if self.def.get("uncapturableTypes").is_some() {
            rules.moves.uncapturable = self.letters("uncapturableTypes", &declared, "");
        }
        rules.moves.grid = self.move_grid(&geometry);
        rules.moves.lion_trading = self.lion_trading(&declared);
        for (key, pair_id) in self.id_pairs("transformAfterMove", &declared) {
            match find_declared(&declared, &pair_id) {
                Some(next) => rules.pieces[key].after_move = Some(next as PieceId),
                None => self.fail("transformAfterMove", format!("unknown piece '{pair_id}'")),
            }
        }
        for (id, count) in self.id_pairs("pieceLimit", &declared) {
            match count.parse::<u8>() {
                Ok(n) => rules.pieces[id].max_count = Some(n),
                Err(_) => self.fail("pieceLimit", format!("expected a count, found '{count}'")),
            }
        }
        self.palace_rules(&mut rules, &geometry);
        rules.end.material_counting = self.material_counting(&declared, rules.pieces.len());
        for id in self.letters("petrifyOnCaptureTypes", &declared, "") {
            rules.pieces[id as usize].petrifies = true;
        }
        let board: SquareSet = geometry.squares().collect();
        rules.walling = walling_rule.map(|rule| Walling {
            rule,
            region: self
                .pair_of_regions("wallingRegion", &geometry, board)
                .unwrap_or([board; 2])
                .map(|region| region & board),
            wall_or_move: self.bool("wallOrMove", false),
        });
        if self.bool("shatarMateRule", false) {
            let of = |key: &str| declared.iter().position(|d| d.key == key);
            rules.end.shatar_mate = Some(ShatarMate {
                knight: of("knight").map(|i| i as PieceId),
                shak: ["knight", "rook", "bers"]
                    .iter()
                    .filter_map(|k| of(k))
                    .map(|i| i as PieceId)
                    .collect(),
            });
        }
        rules.finish();
        // The start position must read; some rules are taken from it.
        let to_start_piece = self.bool("promotionToStartPiece", false);
        let arc = Arc::new(rules);
        let start = match Position::from_fen(arc.clone(), &start_fen) {
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

    /// Which moves may make a shogi-style promotion (`promotionOnEntry`,
    /// `promotionOnEntryOrCapture`, `piecePromotionOnCapture`: at most one of them).
    fn piece_promotion_moves(&mut self) -> PiecePromotionMoves {
        let keys = [
            ("promotionOnEntry", PiecePromotionMoves::Entering),
            (
                "promotionOnEntryOrCapture",
                PiecePromotionMoves::EnteringOrCapturing,
            ),
            ("piecePromotionOnCapture", PiecePromotionMoves::Capturing),
        ];
        let set: Vec<(&str, PiecePromotionMoves)> = keys
            .into_iter()
            .filter(|(key, _)| self.bool(key, false))
            .collect();
        if let [(first, _), (second, _), ..] = set.as_slice() {
            let message = format!("set together with {second}: choose one");
            self.fail(first, message);
        }
        set.first()
            .map_or(PiecePromotionMoves::InZone, |&(_, moves)| moves)
    }

    /// Kraken's `lionTrading = n:pi`: the Lion type, then the types whose capture on the way
    /// does not let it take a protected Lion from afar.
    fn lion_trading(&mut self, declared: &[Declared]) -> Option<LionTrading> {
        let text = self.def.get("lionTrading")?.to_string();
        let (lion, worthless) = text.split_once(':').unwrap_or((text.as_str(), ""));
        let Some(lion) = find_declared(declared, lion.trim()) else {
            self.fail(
                "lionTrading",
                format!("expected 'lion:types', found '{text}'"),
            );
            return None;
        };
        let mut types = Vec::new();
        for id in piece_ids(worthless) {
            match find_declared(declared, &id) {
                Some(i) => types.push(i as PieceId),
                None => self.fail("lionTrading", format!("no piece '{id}' in this variant")),
            }
        }
        Some(LionTrading {
            lion: lion as PieceId,
            worthless: types,
        })
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

    /// Kraken's `moveGrid = W H [DX DY]`: the board is cut into cells of `W` files and `H`
    /// ranks, the first cell starting `DX` files left of and `DY` ranks below a1; every move
    /// must leave its cell. Returns each square's cell.
    fn move_grid(&mut self, geometry: &Geometry) -> Option<Vec<SquareSet>> {
        let text = self.def.get("moveGrid")?.to_string();
        let numbers: Vec<i32> = text
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        let (w, h, dx, dy) = match numbers[..] {
            [w, h] if text.split_whitespace().count() == 2 => (w, h, 0, 0),
            [w, h, dx, dy] if text.split_whitespace().count() == 4 => (w, h, dx, dy),
            _ => {
                self.fail(
                    "moveGrid",
                    format!("expected 'W H' or 'W H DX DY', found '{text}'"),
                );
                return None;
            }
        };
        if w < 1 || h < 1 || dx < 0 || dy < 0 {
            self.fail(
                "moveGrid",
                "cell sizes must be positive and offsets not negative",
            );
            return None;
        }
        let cell =
            |sq: notation::Square| ((geometry.file(sq) + dx) / w, (geometry.rank(sq) + dy) / h);
        let squares: Vec<_> = geometry.squares().collect();
        let size = squares.iter().map(|sq| sq.index() + 1).max().unwrap_or(0);
        let mut cells = vec![SquareSet::EMPTY; size];
        for &sq in &squares {
            cells[sq.index()] = squares
                .iter()
                .copied()
                .filter(|&other| cell(other) == cell(sq))
                .collect();
        }
        Some(cells)
    }

    /// Piece values in centipawns: Kraken's `pieceValue = q:950 a':500`, else Fairy-Stockfish's
    /// `pieceValueMg` / `pieceValueEg` in its own units (a pawn is 126 and 208), scaled so that a
    /// pawn is 100 and averaged over the phases given.
    fn piece_values(&mut self, declared: &[Declared], pieces: &mut [PieceType]) {
        const FSF_PAWN: [(&str, i64); 2] = [("pieceValueMg", 126), ("pieceValueEg", 208)];
        let mut sums: Vec<(i64, i64)> = vec![(0, 0); pieces.len()];
        let sources: Vec<(&str, i64, i64)> = if self.def.get("pieceValue").is_some() {
            vec![("pieceValue", 100, 100)]
        } else {
            FSF_PAWN.iter().map(|&(k, pawn)| (k, 100, pawn)).collect()
        };
        for (key, scale, pawn) in sources {
            let Some(text) = self.def.get(key).map(str::to_string) else {
                continue;
            };
            for pair in text.split_whitespace() {
                let parsed = pair.split_once(':').and_then(|(id, n)| {
                    Some((find_declared(declared, id)?, n.parse::<i64>().ok()?))
                });
                match parsed {
                    Some((i, n)) if (0..=1_000_000).contains(&n) => {
                        sums[i].0 += n * scale / pawn;
                        sums[i].1 += 1;
                    }
                    _ => self.fail(key, format!("expected 'x:value', found '{pair}'")),
                }
            }
        }
        for (pt, (sum, count)) in pieces.iter_mut().zip(sums) {
            if count > 0 {
                pt.value = Some((sum / count) as i32);
            }
        }
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

    /// Where moves place walls (`wallingRule`), if they do.
    fn walling_rule(&mut self) -> Option<WallingRule> {
        let rule = match self.def.get("wallingRule") {
            None | Some("none") => return None,
            Some("duck") => WallingRule::Duck,
            Some("arrow") => WallingRule::Arrow,
            Some("past") => WallingRule::Past,
            Some("edge") => WallingRule::Edge,
            Some("static") => WallingRule::Static,
            Some(other) => {
                let message =
                    format!("expected none, duck, arrow, past, edge or static, found '{other}'");
                self.fail("wallingRule", message);
                return None;
            }
        };
        Some(rule)
    }

    /// Janggi's rules: moves along the palace lines (`diagonalLines`), passing (`pass`) and
    /// bikjang (`bikjangRule`).
    fn palace_rules(&mut self, rules: &mut Rules, geometry: &Geometry) {
        rules.diagonal_lines = self.region("diagonalLines", geometry, SquareSet::EMPTY);
        if !rules.diagonal_lines.is_empty() {
            for pt in &mut rules.pieces {
                let mut desc = pt.desc.clone();
                if let Some(zone) = &pt.zone_moves {
                    desc.moves.extend(zone.desc.moves.iter().cloned());
                }
                pt.line_moves = line_moves(&desc).map(|d| LineMoves::new(d, geometry));
            }
        }
        rules.pass = self.bool("pass", false);
        let on_stalemate = self.bool("passOnStalemate", false);
        rules.pass_on_stalemate = [
            self.bool("passOnStalemateWhite", on_stalemate),
            self.bool("passOnStalemateBlack", on_stalemate),
        ];
        rules.bikjang = self.bool("bikjangRule", false);
        rules.end.passes_end = rules.pass || rules.pass_on_stalemate.contains(&true);
    }

    /// How games the rules would draw are decided instead (`materialCounting`), with the
    /// janggi weights of the `count` declared pieces.
    fn material_counting(
        &mut self,
        declared: &[Declared],
        count: usize,
    ) -> Option<MaterialCounting> {
        match self.def.get("materialCounting") {
            None | Some("none") | Some("false") => None,
            Some("janggi") => {
                let mut weights = vec![0; count];
                for (id, d) in declared.iter().enumerate() {
                    weights[id] = janggi_weight(&d.key);
                }
                Some(MaterialCounting::Weighted {
                    weights,
                    komi: JANGGI_KOMI,
                })
            }
            Some("unweighted") => Some(MaterialCounting::Unweighted),
            Some("whitedrawodds") => Some(MaterialCounting::WhiteDrawOdds),
            Some("blackdrawodds") => Some(MaterialCounting::BlackDrawOdds),
            Some(other) => {
                let message = format!(
                    "expected none, janggi, unweighted, whitedrawodds or blackdrawodds, \
                     found '{other}'"
                );
                self.fail("materialCounting", message);
                None
            }
        }
    }

    /// The extinction rule (`extinctionValue` and the keys that go with it).
    fn extinction(&mut self, declared: &[Declared]) -> Option<Extinction> {
        if matches!(self.def.get("extinctionValue"), None | Some("none")) {
            return None;
        }
        let value = self.outcome("extinctionValue", Outcome::Loss);
        let text = self.def.get("extinctionPieceTypes").unwrap_or("");
        let types = if text.contains('*') {
            None
        } else {
            Some(self.letters("extinctionPieceTypes", declared, ""))
        };
        let count = |b: &mut Self, key| b.number(key, 0).clamp(0, 255) as u8;
        Some(Extinction {
            value,
            types,
            count: count(self, "extinctionPieceCount"),
            opponent_count: count(self, "extinctionOpponentPieceCount"),
            claim: self.bool("extinctionClaim", false),
        })
    }

    /// The flag rule (`flagRegion...`, `flagPiece...`, `flagPieceCount`, `flagPieceBlockedWin`,
    /// `flagMove`, `flagPieceSafe`): as in Fairy-Stockfish, a region without a flag piece is
    /// reached by any piece, and a side without a region of its own never reaches one.
    fn flag(&mut self, declared: &[Declared], geometry: &Geometry) -> Option<Flag> {
        let Some(region) = self.pair_of_regions("flagRegion", geometry, SquareSet::EMPTY) else {
            for key in ["flagPiece", "flagPieceWhite", "flagPieceBlack"] {
                if self.def.get(key).is_some() {
                    self.fail(key, "a flag piece needs a flagRegion");
                }
            }
            return None;
        };
        let both = self.flag_piece("flagPiece", declared, None);
        let pieces = [
            self.flag_piece("flagPieceWhite", declared, both),
            self.flag_piece("flagPieceBlack", declared, both),
        ];
        let count = self
            .number("flagPieceCount", 1)
            .clamp(1, MAX_SQUARES as i64) as u32;
        Some(Flag {
            pieces,
            region,
            count,
            blocked_win: self.bool("flagPieceBlockedWin", false),
            extra_move: self.bool("flagMove", false),
            safe: self.bool("flagPieceSafe", false),
        })
    }

    /// The connection rule (`connectN`, `connectNxN`, `collinearN`, `connectRegion...`, with
    /// `connectPieceTypes`, the lines allowed and `connectValue`), if the variant has one.
    fn connect(&mut self, declared: &[Declared], geometry: &Geometry) -> Option<Connect> {
        let count = |b: &mut Self, key| b.number(key, 0).clamp(0, 255) as u32;
        let (in_row, square, collinear) = (
            count(self, "connectN"),
            count(self, "connectNxN"),
            count(self, "collinearN"),
        );
        let mut region = |key| self.region(key, geometry, SquareSet::EMPTY);
        let regions = [
            [region("connectRegion1White"), region("connectRegion2White")],
            [region("connectRegion1Black"), region("connectRegion2Black")],
        ];
        let joins = regions
            .iter()
            .any(|pair| pair.iter().all(|r| !r.is_empty()));
        if in_row == 0 && square == 0 && collinear == 0 && !joins {
            return None;
        }
        let types = match self.def.get("connectPieceTypes") {
            None => None,
            Some(text) if text.contains('*') => None,
            Some(_) => Some(self.letters("connectPieceTypes", declared, "")),
        };
        let mut lines = Vec::new();
        if self.bool("connectHorizontal", true) {
            lines.push((1, 0));
        }
        if self.bool("connectVertical", true) {
            lines.push((0, 1));
        }
        if self.bool("connectDiagonal", true) {
            lines.extend([(1, 1), (1, -1)]);
        }
        Some(Connect {
            types,
            lines,
            in_row,
            square,
            collinear,
            regions,
            value: self.outcome("connectValue", Outcome::Win),
        })
    }

    /// Where drops must go by the pieces around them (`enclosingDrop`, `enclosingDropStart`,
    /// and Fairy-Stockfish's older `dropOnTop`), if anywhere.
    fn enclosing(&mut self, geometry: &Geometry) -> Option<Enclosing> {
        let rule = match self.def.get("enclosingDrop") {
            None | Some("none") => self.bool("dropOnTop", false).then_some(EnclosingRule::Top),
            Some("top") => Some(EnclosingRule::Top),
            Some("snort") => Some(EnclosingRule::Snort),
            Some("anyside") => Some(EnclosingRule::AnySide),
            Some("reversi") => Some(EnclosingRule::Reversi),
            // Fairy-Stockfish places quadwrangle's drops as ataxx's.
            Some("ataxx" | "quadwrangle") => Some(EnclosingRule::Ataxx),
            Some(other) => {
                let message = format!(
                    "expected none, top, snort, anyside, reversi, ataxx or quadwrangle, found \
                     '{other}'"
                );
                self.fail("enclosingDrop", message);
                None
            }
        }?;
        Some(Enclosing {
            rule,
            start: self.region("enclosingDropStart", geometry, SquareSet::EMPTY),
        })
    }

    /// Which enemy pieces a move turns over (`flipEnclosedPieces`), if any.
    fn flip_rule(&mut self) -> Option<FlipRule> {
        match self.def.get("flipEnclosedPieces") {
            None | Some("none") => None,
            Some("reversi") => Some(FlipRule::Reversi),
            Some("ataxx") => Some(FlipRule::Ataxx),
            Some("quadwrangle") => Some(FlipRule::Quadwrangle),
            Some(other) => {
                let message =
                    format!("expected none, reversi, ataxx or quadwrangle, found '{other}'");
                self.fail("flipEnclosedPieces", message);
                None
            }
        }
    }

    /// The types whose moves restart the move rule's count for one colour: `key`
    /// (`nMoveRuleTypesWhite` or `...Black`), else `nMoveRuleTypes`; `None`: the pawn types.
    fn move_rule_types(&mut self, key: &str, declared: &[Declared]) -> Option<Vec<PieceId>> {
        let key = [key, "nMoveRuleTypes"]
            .into_iter()
            .find(|k| self.def.get(k).is_some())?;
        Some(self.letters(key, declared, ""))
    }

    /// The flag piece `key` names (`*`: any piece, `None`), or `default` when it is not set.
    fn flag_piece(
        &mut self,
        key: &str,
        declared: &[Declared],
        default: Option<PieceId>,
    ) -> Option<PieceId> {
        match self.def.get(key) {
            None => default,
            Some("*") => None,
            Some(_) => self.letters(key, declared, "").first().copied(),
        }
    }

    /// The chasing rule (`chasingRule`: `axf` or `none`), with each of the `count` piece types
    /// given the role of the key that declared it (promoted forms, declared after, play none).
    fn chasing(&mut self, declared: &[Declared], count: usize) -> Option<Chasing> {
        match self.def.get("chasingRule")? {
            "none" => None,
            "axf" => {
                let mut roles = vec![ChaseRole::Other; count];
                for (role, d) in roles.iter_mut().zip(declared) {
                    *role = ChaseRole::of_key(&d.key);
                }
                Some(Chasing { roles })
            }
            other => {
                let message = format!("expected axf or none, found '{other}'");
                self.fail("chasingRule", message);
                None
            }
        }
    }

    /// The counting rule (`countingRule`), with the types its limits name found by their keys.
    fn counting(&mut self, declared: &[Declared]) -> Option<Counting> {
        let rule = match self.def.get("countingRule")? {
            "none" => return None,
            "makruk" => CountingRule::Makruk,
            "cambodian" => CountingRule::Cambodian,
            "asean" => CountingRule::Asean,
            "bareking" => CountingRule::BareKing,
            other => {
                let message =
                    format!("expected none, makruk, cambodian, asean or bareking, found '{other}'");
                self.fail("countingRule", message);
                return None;
            }
        };
        let by_key = |key: &str| {
            declared
                .iter()
                .position(|d| d.key == key)
                .map(|i| i as PieceId)
        };
        Some(Counting {
            rule,
            pawn: by_key("pawn"),
            rook: by_key("rook"),
            khon: by_key("khon"),
            knight: by_key("knight"),
        })
    }

    /// The pawn types, their choices and Black's choices where they differ, from the
    /// promotion keys.
    fn keyed_promotion(&mut self, declared: &[Declared]) -> PromotionTypes {
        let pawn_key = ["promotionPawnTypes", "promotionPawnTypesWhite", "pawnTypes"]
            .into_iter()
            .find(|k| self.def.get(k).is_some())
            .unwrap_or("promotionPawnTypes");
        let pawn_default = if declared.iter().any(|d| d.key == "pawn") {
            "p"
        } else {
            ""
        };
        let pawn_types = self.letters(pawn_key, declared, pawn_default);
        let choice_key = if self.def.get("promotionPieceTypesWhite").is_some() {
            "promotionPieceTypesWhite"
        } else {
            "promotionPieceTypes"
        };
        let choices = self.letters(choice_key, declared, "qrbn");
        // Black's promotion choices may differ (chigorin); its pawn types may not yet.
        let black_choices = match self.def.get("promotionPieceTypesBlack") {
            Some(_) => {
                let black = self.letters("promotionPieceTypesBlack", declared, "");
                let sorted = |list: &[PieceId]| {
                    let mut list = list.to_vec();
                    list.sort_unstable();
                    list
                };
                (sorted(&black) != sorted(&choices)).then_some(black)
            }
            None => None,
        };
        // Pawn types that differ by colour (spartan's hoplites) are pawns of either colour.
        let mut pawn_types = pawn_types;
        if self.def.get("promotionPawnTypesBlack").is_some() {
            for id in self.letters("promotionPawnTypesBlack", declared, "") {
                if !pawn_types.contains(&id) {
                    pawn_types.push(id);
                }
            }
        }
        (pawn_types, choices, black_choices)
    }

    /// The same from MBN promotion rules (`promotionPieceTypes = mbn:+P==QRBN`), when the
    /// file gives them; the other promotion-type keys may not be set beside them.
    fn mbn_promotion(&mut self, declared: &[Declared], rules: &Rules) -> Option<PromotionTypes> {
        const KEY: &str = "promotionPieceTypes";
        let value = self.def.get(KEY)?.to_string();
        let text = value.strip_prefix(MBN_PREFIX)?;
        let keys = match mbn_promotions(text) {
            Ok(parsed) => promotion_keys(&parsed).map_err(|why| format!("\"{value}\": {why}")),
            Err(e) => Err(format!(
                "\"{value}\": column {}: {}",
                e.column + MBN_PREFIX.len(),
                e.kind
            )),
        };
        let keys = match keys {
            Ok(keys) => keys,
            Err(message) => {
                self.fail(KEY, message);
                return Some((Vec::new(), Vec::new(), None));
            }
        };
        for other in [
            "promotionPawnTypes",
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "pawnTypes",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
        ] {
            if self.def.get(other).is_some() {
                self.fail(other, format!("given also by the MBN rules of {KEY}"));
            }
        }
        let mut ids = |letters: &[char]| -> Vec<PieceId> {
            let mut ids = Vec::new();
            for letter in letters {
                match find_declared(declared, &letter.to_string()) {
                    Some(i) => ids.push(i as PieceId),
                    None => self.fail(KEY, format!("no piece '{letter}' in this variant")),
                }
            }
            ids
        };
        let white_pawns = ids(&keys.pawns[0]);
        let black_pawns = ids(&keys.pawns[1]);
        let mut pawn_types = white_pawns;
        for id in black_pawns {
            if !pawn_types.contains(&id) {
                pawn_types.push(id);
            }
        }
        // MBN's default rule: every other piece that is not royal.
        let every_other = |pawns: &[PieceId]| -> Vec<PieceId> {
            (0..declared.len() as PieceId)
                .filter(|id| !pawns.contains(id) && !rules.pieces[*id as usize].royal)
                .collect()
        };
        let mut side_choices = |c: usize| match &keys.choices[c] {
            Some(letters) => ids(letters),
            None => every_other(&pawn_types),
        };
        let choices = side_choices(0);
        let black = side_choices(1);
        let black_choices = (black != choices).then_some(black);
        Some((pawn_types, choices, black_choices))
    }

    /// The pieces the definition declares, in a fixed order: named keys, then custom pieces.
    fn declared_pieces(&mut self, double_step: bool) -> Vec<Declared> {
        let chess_default = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        let mut declared: Vec<Declared> = Vec::new();
        let mut keys: Vec<String> = NAMED_PIECES.iter().map(|(k, _)| k.to_string()).collect();
        keys.extend((1..=MAX_CUSTOM_PIECES).map(|n| format!("customPiece{n}")));
        for key in keys {
            let value = match self.def.get(&key) {
                Some(v) => v.to_string(),
                None if chess_default.contains(&key.as_str()) => {
                    key_default_letter(&key).to_string()
                }
                None => continue,
            };
            if value == "-" || value.is_empty() {
                continue;
            }
            let (letter_text, betza) = match value.split_once(':') {
                Some((l, b)) => (l.to_string(), Some(b.to_string())),
                None => (value.clone(), None),
            };
            let id = match piece_ids(&letter_text).as_slice() {
                [id] if id.len() == letter_text.len() => id.to_ascii_lowercase(),
                _ => {
                    self.fail(
                        &key,
                        format!("expected a piece letter (maybe with '), found '{letter_text}'"),
                    );
                    continue;
                }
            };
            let mut ranges = Ranges::default();
            let betza = match (betza, named_piece(&key)) {
                (Some(b), _) => match translate(&b) {
                    Some(Err((prefix, column, kind))) => {
                        // The column inside the whole value: the id, ':', the prefix.
                        let column = letter_text.chars().count() + 1 + prefix.len() + column;
                        self.fail(&key, format!("\"{value}\": column {column}: {kind}"));
                        // Declared without moves, so that the rest of the variant still
                        // reads (its letter in the start position, promotions).
                        let level = self.def.level_of(&key);
                        declared.push(Declared {
                            key,
                            id,
                            betza: String::new(),
                            ranges: Ranges::default(),
                            level,
                        });
                        continue;
                    }
                    Some(Ok(translated)) => {
                        ranges = translated.ranges;
                        translated.xbetza
                    }
                    None => b,
                },
                (None, Some(b)) => b.to_string(),
                (None, None) => {
                    self.fail(&key, "a custom piece needs its moves: 'x:XBetza'");
                    continue;
                }
            };
            let betza = if key == "pawn" && double_step && !betza.contains('i') {
                format!("{betza}ifmnD")
            } else {
                betza
            };
            // As in Fairy-Stockfish, a piece declared later in the chain of parents takes
            // the letter over from one declared earlier, which leaves the variant.
            let level = self.def.level_of(&key);
            if let Some(i) = declared.iter().position(|d| d.id == id) {
                match level.cmp(&declared[i].level) {
                    Ordering::Greater => {
                        declared.remove(i);
                    }
                    Ordering::Less => continue,
                    Ordering::Equal => {
                        let message =
                            format!("letter '{id}' is already used by {}", declared[i].key);
                        self.fail(&key, message);
                        continue;
                    }
                }
            }
            declared.push(Declared {
                key,
                id,
                betza,
                ranges,
                level,
            });
        }
        declared
    }
}

/// A piece's moves written after `quickref:`, `oldbetza:` or `mbn:`, translated into XBetza.
struct Translated {
    xbetza: String,
    /// MBN's board ranges.
    ranges: Ranges,
}

/// A piece's moves written after `quickref:`, `oldbetza:` or `mbn:`, translated, or the
/// prefix, the column inside the rest and the error; `None` for XBetza.
fn translate(value: &str) -> Option<Result<Translated, (&'static str, usize, String)>> {
    let plain = |xbetza| Translated {
        xbetza,
        ranges: Ranges::default(),
    };
    if let Some(text) = value.strip_prefix(QUICKREF_PREFIX) {
        return Some(
            quickref_to_xbetza(text)
                .map(plain)
                .map_err(|e| (QUICKREF_PREFIX, e.column, e.kind.to_string())),
        );
    }
    if let Some(text) = value.strip_prefix(OLDBETZA_PREFIX) {
        return Some(
            oldbetza_to_xbetza(text)
                .map(plain)
                .map_err(|e| (OLDBETZA_PREFIX, e.column, e.kind.to_string())),
        );
    }
    let text = value.strip_prefix(MBN_PREFIX)?;
    Some(
        mbn_piece(text)
            .map(|piece| Translated {
                xbetza: piece.xbetza,
                ranges: Ranges {
                    mobility: piece.mobility,
                    initial: piece.initial,
                },
            })
            .map_err(|e| (MBN_PREFIX, e.column, e.kind.to_string())),
    )
}

/// The ids in a list such as `qrbn` or `n'q`: each a letter, maybe followed by `'`; spaces
/// and `-` separate nothing and are skipped.
fn piece_ids(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for c in text.chars() {
        match c {
            '\'' => match ids.last_mut() {
                Some(last) if !last.ends_with('\'') => last.push('\''),
                _ => ids.push("'".to_string()),
            },
            c if c.is_whitespace() || c == '-' => {}
            c => ids.push(c.to_string()),
        }
    }
    ids
}

/// The index of the declared piece with id `id` (either case).
fn find_declared(declared: &[Declared], id: &str) -> Option<usize> {
    let id = id.to_ascii_lowercase();
    declared.iter().position(|d| d.id == id)
}

/// The squares marked `*` (walls) in the board part of `fen`.
fn walls(fen: &str, geometry: &Geometry) -> SquareSet {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let mut walls = SquareSet::EMPTY;
    let (width, height) = (geometry.width() as usize, geometry.height() as usize);
    for (r, rank_text) in board.split('/').take(height).enumerate() {
        let rank = height - 1 - r;
        let mut file = 0;
        let mut run = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            match c {
                '*' if file < width => {
                    walls.insert(notation::Square((rank * width + file) as u8));
                    file += 1;
                }
                c if c.is_ascii_alphabetic() => file += 1,
                _ => {}
            }
        }
    }
    walls
}

/// The letter of a chess piece key that a definition inherits by default.
fn key_default_letter(key: &str) -> &'static str {
    match key {
        "pawn" => "p",
        "knight" => "n",
        "bishop" => "b",
        "rook" => "r",
        "queen" => "q",
        _ => "k",
    }
}
