//! The rules a variant has beyond plain moves, each described once: in a few words for the
//! variant table, and for XBoard, which follows some of them and not others.

use crate::{
    Checks, Connect, CountingRule, EnclosingRule, Extinction, Flag, FlipRule, OneRoyal, Outcome,
    PieceId, PiecePromotionMoves, Rules, SideChange,
};

/// One rule of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// The rule in a few words (`kraken variants --table`).
    pub summary: String,
    /// Whether XBoard, which knows only its own variants' rules, follows it.
    pub xboard: XboardFollows,
}

/// Whether XBoard follows a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardFollows {
    /// It does (it plays by the moves the engine sends, or the rule is its own).
    Yes,
    /// It does not; the text names the rule for the user.
    No(&'static str),
    /// Only when the `setup` parent is one of these variants, whose rule it is.
    Under(&'static [&'static str], &'static str),
}

impl XboardFollows {
    /// What XBoard, with `parent` as the `setup` parent, cannot follow: the rule's name.
    pub fn fails_under(&self, parent: &str) -> Option<&'static str> {
        match self {
            XboardFollows::Yes => None,
            XboardFollows::No(text) => Some(text),
            XboardFollows::Under(parents, text) => (!parents.contains(&parent)).then_some(text),
        }
    }
}

/// A list being filled.
struct Features(Vec<Feature>);

impl Features {
    fn add(&mut self, summary: impl Into<String>, xboard: XboardFollows) {
        self.0.push(Feature {
            summary: summary.into(),
            xboard,
        });
    }

    /// A rule XBoard follows.
    fn shown(&mut self, summary: impl Into<String>) {
        self.add(summary, XboardFollows::Yes);
    }
}

impl Rules {
    /// The variant's rules beyond plain moves, in the order the variant table lists them.
    pub fn features(&self) -> Vec<Feature> {
        use XboardFollows::{No, Under};
        let mut f = Features(Vec::new());
        if self.castling.enabled {
            f.shown(if self.chess960 {
                "Chess960 castling"
            } else {
                "castling"
            });
        }
        if self.drops.enabled {
            f.shown("drops");
        }
        if self.drops.captures_to_hand {
            f.shown("captures go to hand");
        }
        if self.drops.must_drop {
            match self.drops.must_drop_type {
                Some(id) => f.add(
                    format!("{} in hand must be dropped first", self.piece(id).name),
                    No("drops that must be of one type first"),
                ),
                None => f.shown("pieces in hand must be dropped first"),
            }
        }
        if self.drops.first_rank_only.is_some() {
            f.shown("rooks dropped on the first rank");
        }
        if !self.geometry.holes().is_empty() {
            f.shown("walls");
        }
        if self.gating.enabled && self.holdings {
            let text = "gating pieces from hand (S-chess) outside XBoard's seirawan";
            f.add("gating", Under(&["seirawan"], text));
        }
        if self.moves.royal_leap_lost_to.is_some() {
            f.shown("king's first-move leap, not out of check, lost to a rook on its line");
        }
        if let Some(change) = self.moves.side_change {
            let summary = match change {
                SideChange::Captures => "capturing pieces change sides",
                SideChange::Quiet => "pieces change sides when they capture nothing",
                SideChange::All => "moving pieces change sides",
            };
            f.add(summary, No("pieces changing sides"));
        }
        if self.moves.capture_in_place {
            f.add("captures without moving", No("captures that stay in place"));
        }
        if self.moves.grid.is_some() {
            f.shown("moves must leave their grid cell");
        }
        if self.pieces.iter().any(|p| p.after_move.is_some()) {
            let text = "pieces changing type after moving";
            f.add("pieces change type after moving", No(text));
        }
        if self.pieces.iter().any(|p| p.max_count.is_some()) {
            f.shown("pieces per type limited");
        }
        if !self.promotion.on_square.is_empty() {
            f.add(
                "pawns promote to the piece that started on the promotion square",
                No("promotion to the piece that started on the promotion square"),
            );
        }
        self.promotion_features(&mut f);
        if self.pieces.iter().any(|p| p.region.is_some()) {
            f.shown("confined pieces (palace)");
        }
        if self.pieces.iter().any(|p| p.zone_moves.is_some()) {
            f.shown("moves change across the river");
        }
        if self.flying_general {
            f.shown("generals may not face");
        }
        if !self.diagonal_lines.is_empty() {
            let text = "moves along the palace diagonals";
            f.add(text, No(text));
        }
        if self.pieces.iter().any(|p| p.shuns_own_kind) {
            let text = "cannons that neither hop over nor capture cannons";
            f.add("cannons shun cannons", No(text));
        }
        if self.pass {
            f.add("passing", No("passing"));
        }
        if let Some(walling) = &self.walling {
            f.add(walling.description(), No(walling.description()));
        }
        if self.bikjang {
            f.add("bikjang", No("bikjang (kings facing each other)"));
        }
        if self.end.material_counting.is_some() {
            f.shown("material counting");
        }
        if self.end.repeated_move_loses {
            f.shown("move repetition loses");
        }
        if self.end.shatar_mate.is_some() {
            f.shown("shatar mate rule");
        }
        self.drop_features(&mut f);
        self.capture_features(&mut f);
        match self.moves.checks {
            Checks::Allowed => {}
            Checks::Forbidden => f.shown("no checks"),
            Checks::MateOnly => f.shown("no checks but mate"),
        }
        self.royal_features(&mut f);
        self.end_features(&mut f);
        f.0
    }

    fn promotion_features(&self, f: &mut Features) {
        use XboardFollows::{No, Under, Yes};
        if self.pieces.iter().any(|p| p.promoted.is_some()) {
            let pawns_too = self
                .promotion
                .pawn_types
                .iter()
                .any(|&id| self.piece(id).promoted.is_some());
            let xboard = if pawns_too {
                No("pawns that may also promote shogi-style (`+`)")
            } else {
                Yes
            };
            f.add("shogi-style promotion", xboard);
        } else if !self.promotion.pawn_types.is_empty() && !self.promotion.mandatory {
            f.shown("optional promotion");
        }
        if self.promotion.sittuyin {
            f.add(
                "pawns promote by a move of their own, in place or a step away",
                No("sittuyin promotions (a pawn turning into a piece in place or a step away)"),
            );
        }
        if self.promotion.piece_mandatory {
            f.shown("pieces must promote");
        }
        if self.promotion.black_choices.is_some() {
            f.shown("promotion choices differ per side");
        }
        if self.promotion.limits.iter().any(|l| l.is_some()) {
            f.shown("promotion to captured pieces only");
        }
        if self.promotion.piece_demotion {
            f.add(
                "promoted pieces flip back",
                No("promoted pieces flipping back to their unpromoted side"),
            );
        }
        match self.promotion.piece_moves {
            PiecePromotionMoves::InZone => {}
            PiecePromotionMoves::Entering => f.shown("promotion on entry"),
            PiecePromotionMoves::EnteringOrCapturing => f.shown("promotion on entry or capture"),
            PiecePromotionMoves::Capturing => {
                f.add("promotion by captures", No("promotions by captures only"))
            }
        }
        if (0..self.pieces.len()).any(|id| self.promotes_into_other_type(id as PieceId)) {
            f.add(
                "promotion into a piece type of the game",
                Under(&["elven"], "promotions into another piece type of the game"),
            );
        }
    }

    fn drop_features(&self, f: &mut Features) {
        use XboardFollows::No;
        match self.drops.no_doubled {
            Some((_, 0)) => f.add(
                "pawns may not be dropped",
                No("pawns that may not be dropped"),
            ),
            Some((_, 1)) => f.shown("no two pawns on a file"),
            Some((_, n)) => f.add(
                format!("at most {n} pawns on a file by drops"),
                No("several pawns of a side on a file by drops"),
            ),
            None => {}
        }
        if self.drops.promoted {
            f.add(
                "pieces may be dropped promoted",
                No("pieces dropped promoted"),
            );
        }
        if self.drops.no_drop_mate.is_some() {
            f.shown("no pawn-drop mate");
        }
        if self.drops.no_checks {
            f.add("no checks by drops", No("drops that may not give check"));
        }
        if let Some(enclosing) = &self.drops.enclosing {
            let summary = match enclosing.rule {
                EnclosingRule::Top => "drops stack from the first rank",
                EnclosingRule::Snort => "no drop beside an enemy piece",
                EnclosingRule::AnySide => "drops pushed in from an edge",
                EnclosingRule::Reversi => "drops enclose enemy pieces",
                EnclosingRule::Ataxx => "drops next to an own piece",
            };
            f.add(summary, No("drops placed by the pieces around them"));
        }
        if self.drops.free {
            let text = "drops that need no piece in hand";
            f.add("drops need no piece in hand", No(text));
        }
    }

    fn capture_features(&self, f: &mut Features) {
        use XboardFollows::{No, Under};
        if self.moves.must_capture {
            f.shown("captures are mandatory");
        }
        if self.moves.lion_trading.is_some() {
            f.shown("Lion trading");
        }
        if self.moves.blast {
            f.add("captures explode", Under(&["atomic"], "exploding captures"));
        }
        if self.moves.petrify {
            f.add(
                "some pieces turn into walls where they capture",
                No("pieces turning into walls where they capture"),
            );
        }
        if !self.moves.blast_immune.is_empty() {
            f.shown("some pieces survive explosions");
        }
        if self.moves.burning {
            f.add(
                "Fire Demons burn the enemy pieces next to them",
                No("burning (Tenjiku Shogi's Fire Demon)"),
            );
        }
        if self.pieces.iter().any(|p| p.contagious) {
            f.add(
                "a piece that takes a Werewolf becomes one",
                No("contagion (a piece that takes a Werewolf becomes one)"),
            );
        }
        if self.pieces.iter().any(|p| p.jump_rank > 0) {
            f.add(
                "generals capture by jumping over lower-ranked pieces",
                No("range capturing (Tenjiku Shogi's generals)"),
            );
        }
        if !self.moves.mutually_immune.is_empty() {
            let text = "pieces that may not take their own kind";
            f.add("some pieces may not take their own kind", No(text));
        }
        if self.moves.makpong {
            f.add(
                "a king in check may only take the checking piece",
                No("makpong (a king in check may only take the checking piece)"),
            );
        }
        if let Some(flip) = self.moves.flip {
            let summary = match flip {
                FlipRule::Reversi => "enclosed enemy pieces change sides",
                FlipRule::Ataxx => "enemy pieces next to a move's target change sides",
                FlipRule::Quadwrangle => {
                    "enemy pieces next to a move's target change sides (a drop's only beside an \
                     own piece)"
                }
            };
            let text = "enclosed pieces changing sides (its board will not show them turn)";
            f.add(summary, No(text));
        }
    }

    fn royal_features(&self, f: &mut Features) {
        use XboardFollows::{No, Under};
        let royal_types = self.pieces.iter().filter(|p| p.royal).count();
        if royal_types > 1 {
            f.shown("several royal types");
        } else if royal_types == 0 {
            f.shown("no royal piece");
        }
        let text = "royal pieces that are royal only while alone";
        match self.one_royal {
            OneRoyal::Alone => f.add("royal only when alone", Under(&["chu"], text)),
            OneRoyal::AloneBeforeMove => f.add("royal only when alone", No(text)),
            _ => {}
        }
    }

    fn end_features(&self, f: &mut Features) {
        if self.end.checkmate == Outcome::Win {
            f.shown("checkmate wins");
        }
        match (self.end.stalemate, self.end.stalemate_piece_count) {
            (Outcome::Loss, _) => f.shown("stalemate loses"),
            (Outcome::Win, false) => f.shown("stalemate wins"),
            (Outcome::Win, true) => f.shown("stalemate wins for fewer pieces"),
            (Outcome::Draw, _) => {}
        }
        if self.end.bare_king_loses {
            f.shown("bare king loses");
        }
        match (
            self.end.repetition_value,
            self.end.repetition_value_absolute,
        ) {
            (Outcome::Draw, _) => {}
            (Outcome::Win, false) => f.shown("repeating a position loses"),
            (Outcome::Loss, false) => f.shown("repeating a position wins"),
            (_, true) => f.shown("repetition decides for one colour"),
        }
        if let Some(extinction) = &self.end.extinction {
            f.shown(self.extinction_summary(extinction));
        }
        if let Some(flag) = &self.end.flag {
            f.shown(self.flag_summary(flag));
        }
        if let Some(connect) = &self.end.connect {
            f.shown(connect_summary(connect));
        }
        if self.end.full_board_ends {
            f.shown("a full board ends the game");
        }
        if self.end.check_counting {
            f.shown("check counting");
        }
        if let Some(counting) = self.end.counting {
            f.shown(match counting.rule {
                CountingRule::Makruk => "makruk counting",
                CountingRule::Cambodian => "cambodian counting",
                CountingRule::Asean => "ASEAN counting",
                CountingRule::BareKing => "bare-king counting",
            });
        }
    }

    /// What losing (or keeping) pieces does, in words.
    fn extinction_summary(&self, extinction: &Extinction) -> String {
        let what = match &extinction.types {
            None if extinction.count == 0 => "losing all pieces".to_string(),
            None => format!("keeping {} piece(s) or fewer", extinction.count),
            Some(types) => {
                let names: Vec<&str> = types
                    .iter()
                    .map(|&id| self.piece(id).name.as_str())
                    .collect();
                let names = names.join("/");
                if extinction.count == 0 && types.len() > 1 {
                    "losing every piece of one type".to_string()
                } else if extinction.count == 0 {
                    format!("losing every {names}")
                } else {
                    format!("keeping {} {names} or fewer", extinction.count)
                }
            }
        };
        format!("{what} {}", verb(extinction.value))
    }

    /// What wins by reaching squares, in words.
    fn flag_summary(&self, flag: &Flag) -> String {
        let name =
            |piece: Option<PieceId>| piece.map_or("any piece", |id| self.piece(id).name.as_str());
        let [white, black] = flag.pieces.map(name);
        let who = match flag.region.map(|region| !region.is_empty()) {
            [true, false] => format!("{white} (white)"),
            [false, true] => format!("{black} (black)"),
            _ if white == black => white.to_string(),
            _ => format!("{white} (white) or {black} (black)"),
        };
        let squares = flag.region[0].len().max(flag.region[1].len());
        let plural = if squares == 1 { "" } else { "s" };
        let mut summary = if flag.count > 1 {
            format!(
                "{} of {who} reaching {squares} goal square{plural} win",
                flag.count
            )
        } else {
            format!("{who} reaching {squares} goal square{plural} wins")
        };
        if flag.blocked_win {
            summary.push_str(" (one is enough once they are all filled)");
        }
        if flag.safe {
            summary.push_str(" if it cannot be taken there");
        }
        if flag.extra_move {
            summary.push_str(" unless the opponent answers");
        }
        summary
    }
}

/// What wins by lining up pieces, in words.
fn connect_summary(connect: &Connect) -> String {
    let mut ways = Vec::new();
    if connect.in_row > 0 {
        ways.push(format!("{} in a row", connect.in_row));
    }
    if connect.square > 0 {
        ways.push(format!("a {0}x{0} square", connect.square));
    }
    if connect.collinear > 0 {
        ways.push(format!("{} on a line", connect.collinear));
    }
    if connect.regions.iter().any(|pair| !pair[0].is_empty()) {
        ways.push("a chain joining two regions".into());
    }
    format!("{} {}", ways.join(" or "), verb(connect.value))
}

/// The verb of an outcome for the side it befalls.
fn verb(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "wins",
        Outcome::Loss => "loses",
        Outcome::Draw => "draws",
    }
}
