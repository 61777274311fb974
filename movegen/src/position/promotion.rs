//! Promotions: the forms a move takes when its piece promotes (a pawn's choices, shogi-style
//! promotion and demotion, contagion), and when a promotion is allowed.

use notation::{Color, Square, SquareSet};

use crate::{
    moves::{Move, MoveFlags, MoveKind, MoveList},
    position::{Piece, Position},
    rules::{PieceId, PiecePromotionMoves},
};

impl Position {
    /// Adds `mv` with every promotion it may or must make; drops moves a piece could never
    /// move on from when the rules forbid them.
    #[inline]
    pub(crate) fn add_with_promotions(&self, mv: Move, list: &mut MoveList) {
        // The side to move makes the move, unless it is induced (it may move a foe).
        let color = if mv.has(MoveFlags::INDUCED) {
            self.piece_color_of_move(&mv)
        } else {
            self.state.side
        };
        if self.plain_targets(mv.piece, color).contains(mv.to) {
            list.push(mv);
        } else {
            self.add_special(mv, list);
        }
    }

    /// The squares where a move of a `color` piece of type `id` takes no other form than
    /// itself (no promotion, no gating, no region or immobility to check): none with gating.
    #[inline]
    pub(crate) fn plain_targets(&self, id: PieceId, color: Color) -> &SquareSet {
        if self.rules.gating.enabled {
            &SquareSet::EMPTY
        } else {
            &self.rules.pieces[id as usize].plain_targets[color.index()]
        }
    }

    /// [`Position::add_with_promotions`] for pieces with a region, a promotion or a rule about
    /// immobile pieces, and for variants with gating.
    #[inline(never)]
    pub(crate) fn add_special(&self, mv: Move, list: &mut MoveList) {
        let rules = &self.rules;
        let color = self.piece_color_of_move(&mv);
        if let Some(region) = &rules.pieces[mv.piece as usize].region {
            if !region[color.index()].contains(mv.to) {
                return;
            }
        }
        if rules.moves.contagion {
            if let Some(id) = self.contagion(&mv, color) {
                self.push_with_gating(mv.with_promotion(id), list);
                return;
            }
        }
        let zone = match &rules.pieces[mv.piece as usize].promotion_zone {
            Some(zone) => zone[color.index()],
            None => rules.promotion.zone[color.index()],
        };
        if rules.moves.capture_in_place && self.board[mv.to.index()] != 0 {
            // A rifle capture leaves the pawn where it stands: no promotion.
            self.push_with_gating(mv, list);
            return;
        }
        let immobile = rules.promotion.immobility_illegal && self.immobile(mv.piece, color, mv.to);
        // Sittuyin's pawns promote by a move of their own, not by reaching the zone.
        if mv.kind == MoveKind::Normal
            && rules.is_pawn(mv.piece)
            && zone.contains(mv.to)
            && !rules.promotion.sittuyin
        {
            for &choice in rules.promotion.choices_on(color, mv.to) {
                if self.promotion_allowed(choice, color) {
                    self.push_with_gating(mv.with_promotion(choice), list);
                }
            }
            // A pawn with a shogi-style promoted form may also take that (wolf chess's
            // elephant, as Fairy-Stockfish's `promotedPieceType` for a pawn).
            if let Some(promoted_id) = rules.pieces[mv.piece as usize].promoted {
                if self.may_promote(&mv, zone, color) && self.promotion_allowed(promoted_id, color)
                {
                    self.push_with_gating(mv.with_promotion(promoted_id), list);
                }
            }
            if !rules.promotion.mandatory && !immobile {
                self.push_with_gating(mv, list);
            }
            return;
        }
        // A shogi-style promotion, or a promoted form's demotion (no promotion limit counts).
        if let Some(flipped) = rules.flipped_type(mv.piece) {
            let demotion = rules.pieces[mv.piece as usize].unpromoted == Some(flipped);
            if mv.kind == MoveKind::Normal
                && self.may_promote(&mv, zone, color)
                && (demotion || self.promotion_allowed(flipped, color))
            {
                list.push(mv.with_promotion(flipped));
                if rules.promotion.piece_mandatory {
                    return;
                }
            }
        }
        if !immobile {
            self.push_with_gating(mv, list);
        }
    }

    /// Whether `mv`, a normal move of a piece with a shogi-style promoted form, may promote
    /// by the rules' zone `zone`.
    fn may_promote(&self, mv: &Move, zone: SquareSet, color: Color) -> bool {
        let (from, to) = (zone.contains(mv.from), zone.contains(mv.to));
        match self.rules.promotion.piece_moves {
            PiecePromotionMoves::InZone => return from || to,
            PiecePromotionMoves::Entering => return to && !from,
            PiecePromotionMoves::EnteringOrCapturing | PiecePromotionMoves::Capturing => {}
        }
        let captures = (mv.to != mv.from && self.board[mv.to.index()] != 0) || mv.has_victims();
        if self.rules.promotion.piece_moves == PiecePromotionMoves::Capturing {
            return (from || to) && captures;
        }
        // Entering the zone, or capturing with the start square in it (or the target: then
        // the start is in it, or the move enters).
        (to && !from) || (from && captures) || self.immobile(mv.piece, color, mv.to)
    }

    /// The colour of the piece that makes `mv` (the side to move, for all but odd cases).
    #[inline]
    fn piece_color_of_move(&self, mv: &Move) -> Color {
        if mv.kind == MoveKind::Drop {
            return self.state.side;
        }
        self.piece_at(mv.from).map_or(self.state.side, |p| p.color)
    }

    /// Whether a pawn of `color` may promote to `choice`, or a piece make a shogi-style
    /// promotion into it (promotion limits).
    pub(crate) fn promotion_allowed(&self, choice: PieceId, color: Color) -> bool {
        match self
            .rules
            .promotion
            .limits
            .get(choice as usize)
            .copied()
            .flatten()
        {
            Some(limit) => self.pieces(Piece { color, id: choice }).len() < limit as usize,
            None => true,
        }
    }

    /// Whether a piece of type `id` and `color` on `sq` could never move again.
    pub(crate) fn immobile(&self, id: PieceId, color: Color, sq: Square) -> bool {
        self.rules.pieces[id as usize].immobile[color.index()].contains(sq)
    }
}
