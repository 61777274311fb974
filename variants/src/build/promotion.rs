//! Promotion: pawns' promotions in their zone and shogi-style promotions of pieces.

use movegen::{PieceId, PiecePromotionMoves, Promotion, Rules};
use notation::{mbn_promotions, SquareSet};

use super::{
    board::Board,
    piece_types::{find_declared, Declared},
    Builder,
};
use crate::{mbn_promotion::promotion_keys, pieces::MBN_PREFIX};

/// The pawn types, their promotion choices, and Black's choices where they differ.
type PromotionTypes = (Vec<PieceId>, Vec<PieceId>, Option<Vec<PieceId>>);

impl Builder<'_> {
    /// Promotion (`promotionPawnTypes`, `promotionPieceTypes`, the zone, `promotionLimit`,
    /// the mandatory and shogi-style keys); marks the pawn types' initial moves in `rules`.
    pub(super) fn promotion(
        &mut self,
        rules: &mut Rules,
        declared: &[Declared],
        board: &Board,
        captures_to_hand: bool,
    ) -> Promotion {
        let geometry = &board.geometry;
        let (pawn_types, choices, black_choices) = match self.mbn_promotion(declared, rules) {
            Some(promotion) => promotion,
            None => self.keyed_promotion(declared),
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
            self.region("promotionRegionWhite", geometry, board.rank(8)),
            self.region("promotionRegionBlack", geometry, board.rank(1)),
        ];
        if self.get("promotionRank").is_some() && self.get("promotionRegionWhite").is_none() {
            let rank = self.number("promotionRank", 8);
            zone = board.ranks_from(rank);
        }
        let mut limits = vec![None; rules.pieces.len()];
        let limit_text = self.get("promotionLimit").unwrap_or("").to_string();
        for pair in limit_text.split_whitespace() {
            let parsed = pair.split_once(':').and_then(|(l, n)| {
                let id = find_declared(declared, l)?;
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
        let piece_moves = self.piece_promotion_moves();
        Promotion {
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
            demote_to_hand: {
                let (two_boards, drop_loop) =
                    (self.bool("twoBoards", false), self.bool("dropLoop", false));
                (captures_to_hand || two_boards) && !drop_loop
            },
            sittuyin: self.bool("sittuyinPromotion", false),
        }
    }

    /// Which moves may make a shogi-style promotion (`promotionOnEntry`,
    /// `promotionOnEntryOrCapture`, `piecePromotionOnCapture`: at most one of them).
    pub(super) fn piece_promotion_moves(&mut self) -> PiecePromotionMoves {
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

    /// The pawn types, their choices and Black's choices where they differ, from the
    /// promotion keys.
    pub(super) fn keyed_promotion(&mut self, declared: &[Declared]) -> PromotionTypes {
        let pawn_key = self
            .first_set(&["promotionPawnTypes", "promotionPawnTypesWhite", "pawnTypes"])
            .unwrap_or("promotionPawnTypes");
        let pawn_default = if declared.iter().any(|d| d.key == "pawn") {
            "p"
        } else {
            ""
        };
        let pawn_types = self.letters(pawn_key, declared, pawn_default);
        let choice_key = self
            .first_set(&["promotionPieceTypesWhite", "promotionPieceTypes"])
            .unwrap_or("promotionPieceTypes");
        let choices = self.letters(choice_key, declared, "qrbn");
        // Black's promotion choices may differ (chigorin); its pawn types may not yet.
        let black_choices = match self.get("promotionPieceTypesBlack") {
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
        if self.get("promotionPawnTypesBlack").is_some() {
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
    pub(super) fn mbn_promotion(
        &mut self,
        declared: &[Declared],
        rules: &Rules,
    ) -> Option<PromotionTypes> {
        const KEY: &str = "promotionPieceTypes";
        let value = self.get(KEY)?.to_string();
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
            if self.get(other).is_some() {
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
}
