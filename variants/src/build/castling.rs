//! Castling: which pieces castle, where to, and when the right is lost.

use movegen::Castling;

use super::{piece_types::Declared, Builder};

impl Builder<'_> {
    /// Castling (`castling`, `castlingKingPiece`, `castlingRookPiece(s)`, the files and rank,
    /// `castlingLostByAnyKing`, `oppositeCastling`) on a board `width` files wide.
    pub(super) fn castling(&mut self, declared: &[Declared], width: u8) -> Castling {
        let castling_king = self.letters("castlingKingPiece", declared, "k");
        let castling_king = self.same_for_both("castlingKingPiece", castling_king, |b, key| {
            b.letters(key, declared, "")
        });
        let rook_key = self
            .first_set(&["castlingRookPiece", "castlingRookPieces"])
            .unwrap_or("castlingRookPieces");
        let partners = self.letters(rook_key, declared, "r");
        let partners = self.same_for_both("castlingRookPieces", partners, |b, key| {
            b.letters(key, declared, "")
        });
        Castling {
            enabled: self.bool("castling", true) && !castling_king.is_empty(),
            king: castling_king.first().copied(),
            partners,
            kingside_file: self.file("castlingKingsideFile", 6),
            queenside_file: self.file("castlingQueensideFile", 2),
            rank: (self.number("castlingRank", 1) - 1).clamp(0, 15) as u8,
            partner_files: {
                let keys = ["castlingRookKingsideFile", "castlingRookQueensideFile"];
                keys.iter().any(|k| self.get(k).is_some()).then(|| {
                    let kingside = self.file(keys[0], width - 1);
                    (kingside, self.file(keys[1], 0))
                })
            },
            lost_by_any_king: self.bool("castlingLostByAnyKing", false),
            opposite: self.bool("oppositeCastling", false),
        }
    }
}
