//! The game's end: checkmate and stalemate, extinction, flags, connections, counting rules,
//! repetitions, perpetual checks and chases, and how drawn games are decided.

use movegen::{
    ChaseRole, Chasing, Connect, Counting, CountingRule, Extinction, Flag, GameEnd,
    MaterialCounting, OneRoyal, Outcome, PieceId, Rules, ShatarMate,
};
use notation::{Geometry, SquareSet, MAX_SQUARES};

use super::{board::Board, piece_types::Declared, Builder};
use crate::palace::{janggi_weight, JANGGI_KOMI};

impl Builder<'_> {
    /// How the game ends (`checkmateValue`, `stalemateValue`, the extinction keys, flags,
    /// `connect...`, `nMoveRule`, `nFoldRule`, `perpetualCheckIllegal`, `chasingRule`,
    /// `materialCounting`, ...); `models` pairs each promoted form with the declared piece
    /// it moves as. Pseudo-royal extinction types become royal in `rules`.
    pub(super) fn game_end(
        &mut self,
        rules: &mut Rules,
        declared: &[Declared],
        board: &Board,
        models: &[(PieceId, usize)],
    ) {
        let geometry = &board.geometry;
        let pseudo_royal = self.bool("extinctionPseudoRoyal", false);
        let bare_king_loses = (
            self.get("extinctionPieceTypes"),
            self.get("extinctionOpponentPieceCount"),
        ) == (Some("*"), Some("2"));
        let mut extinction = self.extinction(declared);
        // A promoted form counts as the type it moves as (Fairy-Stockfish gives it that type).
        if let Some(types) = extinction.as_mut().and_then(|e| e.types.as_mut()) {
            for &(form, model) in models {
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
        if pseudo_royal
            && !rules.moves.blast
            && !rules.moves.duple_check
            && extinction.as_ref().is_some_and(|e| e.count == 0)
        {
            // A side runs out only by captures: its pieces of these types are royal while it
            // has one of them, as that one was before each move (Sho Shogi's King and Prince).
            rules.one_royal = OneRoyal::AloneBeforeMove;
        }
        rules.end = GameEnd {
            checkmate: self.outcome("checkmateValue", Outcome::Loss),
            stalemate: self.outcome("stalemateValue", Outcome::Draw),
            stalemate_piece_count: self.bool("stalematePieceCount", false),
            // Pseudo-royal pieces cannot be captured, so they run out only by explosions.
            extinction: extinction
                .filter(|_| !bare_king_loses && (!pseudo_royal || rules.moves.blast)),
            flag: self.flag(declared, geometry),
            connect: self.connect(declared, geometry),
            check_counting: self.bool("checkCounting", false),
            counting: self.counting(declared),
            bare_king_loses,
            no_royal_loses: matches!(rules.one_royal, OneRoyal::Alone | OneRoyal::AloneBeforeMove),
            move_rule: (self.number("nMoveRule", 50) * 2).clamp(0, u16::MAX as i64) as u16,
            move_rule_types: [
                self.move_rule_types("nMoveRuleTypesWhite", declared),
                self.move_rule_types("nMoveRuleTypesBlack", declared),
            ],
            repetitions: self.number("nFoldRule", 3).clamp(0, 255) as u8,
            repetition_value: self.outcome("nFoldValue", Outcome::Draw),
            repetition_value_absolute: self.bool("nFoldValueAbsolute", false),
            perpetual_check_loses: self.bool("perpetualCheckIllegal", false),
            repeated_move_loses: self.bool("moveRepetitionIllegal", false),
            chasing: self.chasing(declared, rules.pieces.len()),
            castling_wins: self.castling_rights("castlingWins"),
            ..GameEnd::default()
        };
        rules.end.full_board_ends = self.bool("adjudicateFullBoard", false);
        rules.end.material_counting = self.material_counting(declared, rules.pieces.len());
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
        rules.end.passes_end = rules.pass || rules.pass_on_stalemate.contains(&true);
    }

    /// How games the rules would draw are decided instead (`materialCounting`), with the
    /// janggi weights of the `count` declared pieces.
    pub(super) fn material_counting(
        &mut self,
        declared: &[Declared],
        count: usize,
    ) -> Option<MaterialCounting> {
        match self.get("materialCounting") {
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
    pub(super) fn extinction(&mut self, declared: &[Declared]) -> Option<Extinction> {
        let text = self.get("extinctionPieceTypes").unwrap_or("");
        let types = if text.contains('*') {
            None
        } else {
            Some(self.letters("extinctionPieceTypes", declared, ""))
        };
        let count = |b: &mut Self, key| b.number(key, 0).clamp(0, 255) as u8;
        let (count, opponent_count) = (
            count(self, "extinctionPieceCount"),
            count(self, "extinctionOpponentPieceCount"),
        );
        let claim = self.bool("extinctionClaim", false);
        if matches!(self.get("extinctionValue"), None | Some("none")) {
            return None;
        }
        Some(Extinction {
            value: self.outcome("extinctionValue", Outcome::Loss),
            types,
            count,
            opponent_count,
            claim,
        })
    }

    /// The flag rule (`flagRegion...`, `flagPiece...`, `flagPieceCount`, `flagPieceBlockedWin`,
    /// `flagMove`, `flagPieceSafe`): as in Fairy-Stockfish, a region without a flag piece is
    /// reached by any piece, and a side without a region of its own never reaches one.
    pub(super) fn flag(&mut self, declared: &[Declared], geometry: &Geometry) -> Option<Flag> {
        let count = self
            .number("flagPieceCount", 1)
            .clamp(1, MAX_SQUARES as i64) as u32;
        let blocked_win = self.bool("flagPieceBlockedWin", false);
        let extra_move = self.bool("flagMove", false);
        let safe = self.bool("flagPieceSafe", false);
        // `flagRegion`, then `flagRegionWhite` and `...Black`, replace Fairy-Stockfish's older
        // `whiteFlag` and `blackFlag`.
        let keys = [
            "whiteFlag",
            "blackFlag",
            "flagRegion",
            "flagRegionWhite",
            "flagRegionBlack",
        ];
        let given = keys.map(|k| self.get(k).is_some());
        let [white, black, both, ..] = keys.map(|k| self.region(k, geometry, SquareSet::EMPTY));
        let defaults = if given[2] {
            [both, both]
        } else {
            [white, black]
        };
        let region = given.contains(&true).then(|| {
            [(keys[3], defaults[0]), (keys[4], defaults[1])]
                .map(|(key, default)| self.region(key, geometry, default))
        });
        let Some(region) = region else {
            for key in ["flagPiece", "flagPieceWhite", "flagPieceBlack"] {
                if self.get(key).is_some() {
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
        Some(Flag {
            pieces,
            region,
            count,
            blocked_win,
            extra_move,
            safe,
        })
    }

    /// The connection rule (`connectN`, `connectNxN`, `collinearN`, `connectRegion...`, with
    /// `connectPieceTypes`, the lines allowed and `connectValue`), if the variant has one.
    pub(super) fn connect(
        &mut self,
        declared: &[Declared],
        geometry: &Geometry,
    ) -> Option<Connect> {
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
        let types = match self.get("connectPieceTypes") {
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
        let value = self.outcome("connectValue", Outcome::Win);
        if in_row == 0 && square == 0 && collinear == 0 && !joins {
            return None;
        }
        Some(Connect {
            types,
            lines,
            in_row,
            square,
            collinear,
            regions,
            value,
        })
    }

    /// The types whose moves restart the move rule's count for one colour: `key`
    /// (`nMoveRuleTypesWhite` or `...Black`), else `nMoveRuleTypes`; `None`: the pawn types.
    pub(super) fn move_rule_types(
        &mut self,
        key: &str,
        declared: &[Declared],
    ) -> Option<Vec<PieceId>> {
        let both = self.get("nMoveRuleTypes").is_some();
        let key = if self.get(key).is_some() {
            key
        } else if both {
            "nMoveRuleTypes"
        } else {
            return None;
        };
        Some(self.letters(key, declared, ""))
    }

    /// The flag piece `key` names (`*`: any piece, `None`), or `default` when it is not set.
    pub(super) fn flag_piece(
        &mut self,
        key: &str,
        declared: &[Declared],
        default: Option<PieceId>,
    ) -> Option<PieceId> {
        match self.get(key) {
            None => default,
            Some("*") => None,
            Some(_) => self.letters(key, declared, "").first().copied(),
        }
    }

    /// The chasing rule (`chasingRule`: `axf` or `none`), with each of the `count` piece types
    /// given the role of the key that declared it (promoted forms, declared after, play none).
    pub(super) fn chasing(&mut self, declared: &[Declared], count: usize) -> Option<Chasing> {
        match self.get("chasingRule")? {
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
    pub(super) fn counting(&mut self, declared: &[Declared]) -> Option<Counting> {
        let rule = match self.get("countingRule")? {
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
}
