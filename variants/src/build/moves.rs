//! The rules of moves: which moves are allowed and what moves do besides moving a piece
//! (explosions, side changes, walls, Lion trading, Janggi's palace lines, ...).

use movegen::{
    Checks, FlipRule, LineMoves, LionTrading, MoveRules, OneRoyal, PieceId, Rules, SideChange,
    Walling,
};
use notation::{Geometry, Modes, SquareSet};

use crate::definition::BUILT_IN;

use super::{
    board::Board,
    piece_types::{find_declared, piece_ids, Declared},
    Builder,
};
use crate::palace::line_moves;

impl Builder<'_> {
    /// The rules of moves (`flyingGeneral`, `oneRoyal`, `mustCapture`, `checking`,
    /// `blastOnCapture`, `sideChange`, walls, petrification, Lion trading, passing, ...).
    /// `models` pairs each shogi-style promoted form with the declared piece it moves as (a
    /// promoted form burns and captures by range as its model does).
    pub(super) fn moves(
        &mut self,
        rules: &mut Rules,
        declared: &[Declared],
        board: &Board,
        models: &[(PieceId, usize)],
    ) {
        let geometry = &board.geometry;
        let walling_rule = board.walling_rule;
        rules.flying_general = self.bool("flyingGeneral", false);
        rules.one_royal = match self.get("oneRoyal") {
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
        self.en_passant_types(rules, declared);
        let blast = self.bool("blastOnCapture", false);
        let duple_check = self.bool("dupleCheck", false);
        rules.moves = MoveRules {
            must_capture: self.bool("mustCapture", false),
            checks: match self.get("checking") {
                Some("mate") => Checks::MateOnly,
                _ if self.bool("checking", true) => Checks::Allowed,
                _ => Checks::Forbidden,
            },
            blast,
            ep_region: self.pair_of_regions(
                "enPassantRegion",
                geometry,
                geometry.squares().collect(),
            ),
            royal_leap_lost_to: if self.bool("cambodianMoves", false) {
                find_declared(declared, "r").map(|i| i as PieceId)
            } else {
                None
            },
            ..MoveRules::default()
        };
        rules.moves.side_change = match self.get("sideChange") {
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
        rules.moves.royal_forward_until_capture = self.bool("royalForwardUntilCapture", false);
        rules.moves.duple_check = duple_check;
        rules.moves.makpong = self.bool("makpongRule", false);
        if let Some(relay) = self.get("relayPiece").map(str::to_string) {
            match find_declared(declared, &relay) {
                Some(id) => rules.moves.relay = Some(id as PieceId),
                None => self.fail("relayPiece", format!("unknown piece '{relay}'")),
            }
        }
        rules.moves.blast_immune = self.letters("blastImmuneTypes", declared, "");
        rules.moves.petrify_blast = self.bool("petrifyBlastPieces", false) && rules.moves.blast;
        rules.moves.mutually_immune = self.letters("mutuallyImmuneTypes", declared, "");
        if self.get("uncapturableTypes").is_some() {
            rules.moves.uncapturable = self.letters("uncapturableTypes", declared, "");
        }
        rules.moves.grid = self.move_grid(geometry);
        rules.moves.lion_trading = self.lion_trading(declared);
        for (key, pair_id) in self.id_pairs("transformAfterMove", declared) {
            match find_declared(declared, &pair_id) {
                Some(next) => rules.pieces[key].after_move = Some(next as PieceId),
                None => self.fail("transformAfterMove", format!("unknown piece '{pair_id}'")),
            }
        }
        for (id, count) in self.id_pairs("pieceLimit", declared) {
            match count.parse::<u8>() {
                Ok(n) => rules.pieces[id].max_count = Some(n),
                Err(_) => self.fail("pieceLimit", format!("expected a count, found '{count}'")),
            }
        }
        self.palace_rules(rules, geometry);
        for id in self.letters("petrifyOnCaptureTypes", declared, "") {
            rules.pieces[id as usize].petrifies = true;
        }
        for id in self.letters("burningPieceTypes", declared, "") {
            rules.pieces[id as usize].burns = true;
        }
        for id in self.letters("contagiousPieceTypes", declared, "") {
            rules.pieces[id as usize].contagious = true;
        }
        for (id, rank) in self.id_pairs("jumpCaptureRanks", declared) {
            match rank.parse::<u8>() {
                Ok(n @ 1..=254) => rules.pieces[id].jump_rank = n,
                _ => self.fail(
                    "jumpCaptureRanks",
                    format!("expected a rank from 1 to 254, found '{rank}'"),
                ),
            }
        }
        for &(form, model) in models {
            let (burns, jump_rank) = (rules.pieces[model].burns, rules.pieces[model].jump_rank);
            let form = &mut rules.pieces[form as usize];
            form.burns = burns;
            form.jump_rank = jump_rank;
        }
        let board: SquareSet = geometry.squares().collect();
        let region = self
            .pair_of_regions("wallingRegion", geometry, board)
            .unwrap_or([board; 2])
            .map(|region| region & board);
        let wall_or_move = self.bool("wallOrMove", false);
        rules.walling = walling_rule.map(|rule| Walling {
            rule,
            region,
            wall_or_move,
        });
    }

    /// Fairy-Stockfish's `enPassantTypes` (and `...White`, `...Black`), the pieces that
    /// capture en passant: Kraken reads it from the moves (a piece captures en passant with
    /// its XBetza `e` moves), so a file may only name those pieces.
    fn en_passant_types(&mut self, rules: &Rules, declared: &[Declared]) {
        let mut by_moves: Vec<PieceId> = (0..rules.pieces.len() as PieceId)
            .filter(|&id| {
                let moves = &rules.pieces[id as usize].desc.moves;
                moves
                    .iter()
                    .flat_map(|m| &m.legs)
                    .any(|leg| leg.modes.contains(Modes::EN_PASSANT))
            })
            .collect();
        by_moves.sort_unstable();
        for key in [
            "enPassantTypes",
            "enPassantTypesWhite",
            "enPassantTypesBlack",
        ] {
            let mut named = self.letters(key, declared, "");
            named.sort_unstable();
            named.dedup();
            if self.get(key).is_some() && named != by_moves {
                let letters: String = by_moves
                    .iter()
                    .map(|&id| rules.pieces[id as usize].symbol.to_ascii_lowercase())
                    .collect();
                let message = format!(
                    "other pieces than those with en passant (e) moves ('{letters}') are not \
                     supported by Kraken yet"
                );
                self.fail(key, message);
            }
        }
    }

    /// Kraken's `lionTrading = n:pi`: the Lion type, then the types whose capture on the way
    /// does not let it take a protected Lion from afar.
    pub(super) fn lion_trading(&mut self, declared: &[Declared]) -> Option<LionTrading> {
        let text = self.get("lionTrading")?.to_string();
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

    /// Kraken's `moveGrid = W H [DX DY]`: the board is cut into cells of `W` files and `H`
    /// ranks, the first cell starting `DX` files left of and `DY` ranks below a1; every move
    /// must leave its cell. Returns each square's cell.
    pub(super) fn move_grid(&mut self, geometry: &Geometry) -> Option<Vec<SquareSet>> {
        let text = self.get("moveGrid")?.to_string();
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

    /// Janggi's rules: moves along the palace lines (`diagonalLines`), passing (`pass`) and
    /// bikjang (`bikjangRule`).
    pub(super) fn palace_rules(&mut self, rules: &mut Rules, geometry: &Geometry) {
        rules.diagonal_lines = self.region("diagonalLines", geometry, SquareSet::EMPTY);
        if !rules.diagonal_lines.is_empty() {
            // As in Fairy-Stockfish: the chariot, the advisor, the soldier, the cannon and a
            // king that moves as an advisor; a user's `king = k:W` is a custom royal piece
            // there, and custom pieces have no line moves.
            let king_lines = self.def.origin_of("king").source == BUILT_IN;
            for pt in &mut rules.pieces {
                let on_lines = match pt.name.as_str() {
                    "rook" | "wazir" | "soldier" | "janggiCannon" => true,
                    "king" => king_lines,
                    _ => false,
                };
                if !on_lines {
                    continue;
                }
                let mut desc = pt.desc.clone();
                if let Some(zone) = &pt.zone_moves {
                    desc.moves.extend(zone.desc.moves.iter().cloned());
                }
                pt.line_moves = line_moves(&desc).map(|d| LineMoves::new(d, geometry));
            }
        }
        let pass = self.bool("pass", false);
        rules.pass = self.same_for_both("pass", pass, |b, key| b.bool(key, pass));
        let on_stalemate = self.bool("passOnStalemate", false);
        rules.pass_on_stalemate = [
            self.bool("passOnStalemateWhite", on_stalemate),
            self.bool("passOnStalemateBlack", on_stalemate),
        ];
        rules.bikjang = self.bool("bikjangRule", false);
    }

    /// Which enemy pieces a move turns over (`flipEnclosedPieces`), if any.
    pub(super) fn flip_rule(&mut self) -> Option<FlipRule> {
        match self.get("flipEnclosedPieces") {
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
}
