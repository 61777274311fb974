//! The piece types: the pieces a definition declares, in XBetza or another notation, their
//! regions and special moves, and their shogi-style promoted forms.

use std::cmp::Ordering;

use movegen::{is_id_dress, PieceId, PieceType, ZoneMoves, MAX_PIECE_TYPES};
use notation::{
    fsf_to_xbetza, mbn_piece, oldbetza_to_xbetza, parse, quickref_to_xbetza, BoardRange, Color,
    Initial, SquareSet,
};

use super::{board::Board, Builder};
use crate::definition::BUILT_IN;
use crate::fsf_reading::fsf_reading;
use crate::pieces::{
    is_custom_piece, named_piece, FSF_PREFIX, MAX_CUSTOM_PIECES, MBN_PREFIX, NAMED_PIECES,
    OLDBETZA_PREFIX, QUICKREF_PREFIX, XBETZA_PREFIX,
};

/// A piece declared by the definition.
pub(super) struct Declared {
    pub(super) key: String,
    /// Its id as the file writes it for black: a letter, maybe followed by `'` or `!` (`n`,
    /// `n'`, `n!`).
    pub(super) id: String,
    pub(super) betza: String,
    /// From a piece given in MBN: where every move must end, and where its initial moves
    /// start (see [`notation::MbnPiece`]).
    pub(super) ranges: Ranges,
    /// How late in the chain of parents the piece was declared ([`Definition::level_of`]).
    pub(super) level: usize,
    /// Written in a user's file without a notation prefix: read as Fairy-Stockfish reads it
    /// where that differs ([`crate::fsf_reading`]).
    pub(super) fsf_reading: bool,
}

/// The board ranges of a piece given in MBN.
#[derive(Clone, Debug, Default)]
pub(super) struct Ranges {
    pub(super) mobility: Option<BoardRange>,
    pub(super) initial: Option<BoardRange>,
}

/// The piece types of a variant, and for each shogi-style promoted form that moves as a
/// declared piece, the pair (form, declared piece).
type PieceTypes = (Vec<PieceType>, Vec<(PieceId, usize)>);

impl Builder<'_> {
    /// The piece types: the declared pieces with their regions (`mobilityRegion...`, MBN
    /// ranges), initial moves (`doubleStepRegion...`), pawns' triple steps and soldiers'
    /// moves across the river, then the promoted forms (`promotedPieceType`,
    /// `promotedPieceBetza`, `promotedIntoType`) and the values (`pieceValue...`).
    pub(super) fn piece_types(
        &mut self,
        board: &Board,
        declared: &[Declared],
        double_step: bool,
    ) -> Option<PieceTypes> {
        let geometry = &board.geometry;
        // Fairy-Stockfish's older keys: the ranks from `doubleStepRankMin` to `doubleStepRank`.
        let ranks = ["doubleStepRank", "doubleStepRankMin"];
        let old_keys = ranks.map(|k| self.get(k).is_some());
        let [last, first] = ranks.map(|k| self.number(k, 2));
        let default = if old_keys.contains(&true) {
            let [from_first, from_after] = [first, last + 1].map(|r| board.ranks_from(r));
            [0, 1].map(|c| from_first[c] & !from_after[c])
        } else {
            [board.rank(2), board.rank(board.height - 1)]
        };
        let mut double_step_region = [
            self.region("doubleStepRegionWhite", geometry, default[0]),
            self.region("doubleStepRegionBlack", geometry, default[1]),
        ];
        if !double_step {
            double_step_region = [SquareSet::EMPTY; 2];
        }
        // Fairy-Stockfish's pawn triple step: from these squares, over two empty ones.
        let triple_keys = ["tripleStepRegionWhite", "tripleStepRegionBlack"];
        let triple_step_region = triple_keys
            .iter()
            .any(|k| self.get(k).is_some())
            .then(|| triple_keys.map(|k| self.region(k, geometry, SquareSet::EMPTY)));
        let soldier_rank = self.number("soldierPromotionRank", 1);
        let mut pieces = Vec::new();
        for d in declared {
            let fsf = d
                .fsf_reading
                .then(|| fsf_reading(&d.betza, geometry))
                .flatten();
            let betza = fsf.unwrap_or_else(|| d.betza.clone());
            let desc = match parse(&betza) {
                Ok(desc) => desc,
                Err(e) if betza.is_empty() => {
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
            let mut pt = PieceType::new(&name, &symbol, &betza, desc, geometry);
            if let Err(e) = notation::PathWorkError::check(&pt.tables) {
                self.fail(&d.key, e.to_string());
            }
            pt.royal = d.key == "king";
            pt.shuns_own_kind = d.key == "janggiCannon";
            if pt.desc.moves.iter().any(|m| m.initial == Initial::Virgin) {
                pt.initial_squares = match &d.ranges.initial {
                    Some(range) => Color::ALL.map(|c| range.squares(geometry, c)),
                    None => double_step_region,
                };
            }
            if let Some(zone) = triple_step_region.filter(|_| d.key == "pawn") {
                match parse(&format!("{betza}ifmnH")) {
                    Ok(desc) => pt.zone_moves = Some(ZoneMoves::new(zone, desc, geometry)),
                    Err(e) => self.fail(triple_keys[0], e.to_string()),
                }
            }
            if d.key == "soldier" && soldier_rank > 1 {
                let zone = board.ranks_from(soldier_rank);
                let forward = parse("fW").expect("valid");
                let sideways = pt.desc.clone();
                pt = PieceType::new(&name, &symbol, "fW", forward, geometry);
                pt.zone_moves = Some(ZoneMoves::new(zone, sideways, geometry));
            }
            let regions = mobility_region_keys(&d.key);
            let keyed = regions.iter().find(|k| self.get(k).is_some());
            if let Some(range) = &d.ranges.mobility {
                if let Some(key) = keyed {
                    self.fail(
                        key,
                        format!("given also by the MBN range {range} of {}", d.key),
                    );
                }
                pt.region = Some(Color::ALL.map(|c| range.squares(geometry, c)));
            } else if keyed.is_some() {
                let all: SquareSet = geometry.squares().collect();
                pt.region = Some([
                    self.region(&regions[0], geometry, all),
                    self.region(&regions[1], geometry, all),
                ]);
            }
            pieces.push(pt);
        }
        // Shogi-style promoted forms become types of their own, written `+X`: with a declared
        // piece's moves (and royalty), or with moves of their own (Kraken's
        // `promotedPieceBetza`). `models` pairs each form with the declared piece it moves as.
        let mut models: Vec<(PieceId, usize)> = Vec::new();
        for key in ["promotedPieceType", "promotedPieceBetza"] {
            let pairs = self.get(key).unwrap_or("").to_string();
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
                let gone = |id: &str| match find_declared(declared, id) {
                    Some(i) => declared[i].level > written,
                    None => inherited,
                };
                if written > 0 && (gone(from) || gone(to)) {
                    continue;
                }
                let Some(base) = find_declared(declared, from) else {
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
                    let Some(target) = find_declared(declared, to) else {
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
                        geometry,
                    );
                    promoted.region = target.region;
                    promoted.royal = target.royal;
                    promoted
                } else {
                    match parse(to) {
                        Ok(desc) => {
                            let promoted = PieceType::new(&name, &symbol, to, desc, geometry);
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
        let pairs = self.get("promotedIntoType").unwrap_or("").to_string();
        for pair in pairs.split_whitespace() {
            let ids = pair
                .split_once(':')
                .map(|(from, to)| (find_declared(declared, from), find_declared(declared, to)));
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
        self.piece_values(declared, &mut pieces);
        Some((pieces, models))
    }

    /// Piece values in centipawns: Kraken's `pieceValue = q:950 a':500`, else Fairy-Stockfish's
    /// `pieceValueMg` / `pieceValueEg` in its own units (a pawn is 126 and 208), scaled so that a
    /// pawn is 100 and averaged over the phases given.
    pub(super) fn piece_values(&mut self, declared: &[Declared], pieces: &mut [PieceType]) {
        const FSF_PAWN: [(&str, i64); 2] = [("pieceValueMg", 126), ("pieceValueEg", 208)];
        let mut sums: Vec<(i64, i64)> = vec![(0, 0); pieces.len()];
        let fsf: Vec<(&str, i64, i64)> = FSF_PAWN
            .iter()
            .filter(|(k, _)| self.get(k).is_some())
            .map(|&(k, pawn)| (k, 100, pawn))
            .collect();
        let sources = match self.get("pieceValue") {
            Some(_) => vec![("pieceValue", 100, 100)],
            None => fsf,
        };
        for (key, scale, pawn) in sources {
            let Some(text) = self.get(key).map(str::to_string) else {
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

    /// The pieces the definition declares, in a fixed order: named keys, then custom pieces.
    pub(super) fn declared_pieces(&mut self, double_step: bool) -> Vec<Declared> {
        let chess_default = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        let mut declared: Vec<Declared> = Vec::new();
        let mut keys: Vec<String> = NAMED_PIECES.iter().map(|(k, _)| k.to_string()).collect();
        keys.extend((1..=MAX_CUSTOM_PIECES).map(|n| format!("customPiece{n}")));
        for key in keys {
            // Read for every piece, declared or not, as Fairy-Stockfish reads them.
            for region in mobility_region_keys(&key) {
                self.get(&region);
            }
            let value = match self.get(&key) {
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
                // A letter (FENs could not tell a digit or a sign from the board's other marks).
                [id] if id.len() == letter_text.len()
                    && id.starts_with(|c: char| c.is_ascii_alphabetic()) =>
                {
                    id.to_ascii_lowercase()
                }
                _ => {
                    self.fail(
                        &key,
                        format!(
                            "expected a piece letter (maybe with ' or !), found '{letter_text}'"
                        ),
                    );
                    continue;
                }
            };
            let mut ranges = Ranges::default();
            let mut fsf_reading = false;
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
                            fsf_reading,
                        });
                        continue;
                    }
                    Some(Ok(translated)) => {
                        ranges = translated.ranges;
                        translated.xbetza
                    }
                    None => {
                        fsf_reading = self.def.origin_of(&key).source != BUILT_IN;
                        b
                    }
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
                fsf_reading,
            });
        }
        declared
    }
}

/// A piece's moves written after `quickref:`, `oldbetza:`, `mbn:`, `fsf:` or `xbetza:`,
/// translated into XBetza.
struct Translated {
    xbetza: String,
    /// MBN's board ranges.
    ranges: Ranges,
}

/// A piece's moves written after `quickref:`, `oldbetza:`, `mbn:`, `fsf:` or `xbetza:`,
/// translated, or the prefix, the column inside the rest and the error; `None` for text
/// without a prefix.
fn translate(value: &str) -> Option<Result<Translated, (&'static str, usize, String)>> {
    let plain = |xbetza| Translated {
        xbetza,
        ranges: Ranges::default(),
    };
    if let Some(text) = value.strip_prefix(XBETZA_PREFIX) {
        return Some(Ok(plain(text.to_string())));
    }
    if let Some(text) = value.strip_prefix(FSF_PREFIX) {
        return Some(
            fsf_to_xbetza(text)
                .map(plain)
                .map_err(|e| (FSF_PREFIX, e.column, e.kind.to_string())),
        );
    }
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

/// The ids in a list such as `qrbn`, `n'q` or `l!g`: each a letter, maybe dressed with `'` or
/// `!` (as XBoard and HaChu dress letters); spaces and `-` separate nothing and are skipped.
pub(super) fn piece_ids(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for c in text.chars() {
        match c {
            c if is_id_dress(c) => match ids.last_mut() {
                Some(last) if !last.ends_with(is_id_dress) => last.push(c),
                _ => ids.push(c.to_string()),
            },
            c if c.is_whitespace() || c == '-' => {}
            c => ids.push(c.to_string()),
        }
    }
    ids
}

/// The index of the declared piece with id `id` (either case).
pub(super) fn find_declared(declared: &[Declared], id: &str) -> Option<usize> {
    let id = id.to_ascii_lowercase();
    declared.iter().position(|d| d.id == id)
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

/// The keys of the regions a piece (`key`, `customPiece1`) may move in, White's and Black's.
fn mobility_region_keys(key: &str) -> [String; 2] {
    let mut capitalized = key.to_string();
    capitalized[..1].make_ascii_uppercase();
    ["White", "Black"].map(|side| format!("mobilityRegion{side}{capitalized}"))
}
