//! Drops from hand and gating.

use movegen::{Drops, Enclosing, EnclosingRule, Gating, PieceId, Rules};
use notation::{Geometry, SquareSet};

use super::{board::Board, piece_types::Declared, Builder};

impl Builder<'_> {
    /// Drops (`pieceDrops`, `capturesToHand`, the regions and the restrictions on them),
    /// gating (`gating`, `seirawanGating`), and whether the variant has hands at all.
    pub(super) fn drops(
        &mut self,
        rules: &mut Rules,
        declared: &[Declared],
        board: &Board,
        captures_to_hand: bool,
        start_fen: &str,
    ) {
        let geometry = &board.geometry;
        let drop_region_white = self.first_set(&["dropRegionWhite", "whiteDropRegion"]);
        let drop_region_black = self.first_set(&["dropRegionBlack", "blackDropRegion"]);
        let all: SquareSet = geometry.squares().collect();
        let region = if drop_region_white.is_some() || drop_region_black.is_some() {
            Some([
                drop_region_white.map_or(all, |k| self.region(k, geometry, all)),
                drop_region_black.map_or(all, |k| self.region(k, geometry, all)),
            ])
        } else {
            None
        };
        let no_doubled_count = self.number("dropNoDoubledCount", 1);
        if !(0..=i64::from(u8::MAX)).contains(&no_doubled_count) {
            self.fail("dropNoDoubledCount", "expected a count from 0 to 255");
        }
        let no_doubled = self
            .letters("dropNoDoubled", declared, "")
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
            must_drop_type: match self.get("mustDropType") {
                None | Some("*") => None,
                Some(_) => self.letters("mustDropType", declared, "").first().copied(),
            },
            opposite_colored: if self.bool("dropOppositeColoredBishop", false) {
                declared
                    .iter()
                    .position(|d| d.key == "bishop")
                    .map(|i| i as PieceId)
            } else {
                None
            },
            castling_king_file: {
                let king_file = self.file("castlingKingFile", 4);
                self.bool("castlingDroppedPiece", false)
                    .then_some(king_file)
            },
            first_rank_only: None,
            enclosing: self.enclosing(geometry),
            free: self.bool("freeDrops", false),
        };
        if self.bool("sittuyinRookDrop", false) {
            match declared.iter().position(|d| d.key == "rook") {
                Some(rook) => rules.drops.first_rank_only = Some(rook as PieceId),
                None => self.fail("sittuyinRookDrop", "the variant has no rook"),
            }
        }
        rules.gating = Gating {
            enabled: {
                // Both keys are read whatever the first says (every build reads every key).
                let (gating, seirawan) = (
                    self.bool("gating", false),
                    self.bool("seirawanGating", false),
                );
                gating || seirawan
            },
            types: (0..rules.pieces.len() as PieceId)
                .filter(|&id| !rules.pieces[id as usize].royal)
                .collect(),
        };
        // Gating alone (cambodian's first-move rights) needs no hands unless the start has them.
        rules.holdings = rules.drops.enabled || captures_to_hand || start_fen.contains('[');
    }

    /// Where drops must go by the pieces around them (`enclosingDrop`, `enclosingDropStart`,
    /// and Fairy-Stockfish's older `dropOnTop`), if anywhere.
    pub(super) fn enclosing(&mut self, geometry: &Geometry) -> Option<Enclosing> {
        let on_top = self.bool("dropOnTop", false);
        let start = self.region("enclosingDropStart", geometry, SquareSet::EMPTY);
        let rule = match self.get("enclosingDrop") {
            None | Some("none") => on_top.then_some(EnclosingRule::Top),
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
        Some(Enclosing { rule, start })
    }
}
