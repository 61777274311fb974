//! How a game ends: the variant's rules applied to a position.

use notation::{Color, SquareSet};

use crate::{
    moves::{Move, MoveList},
    position::{sets::SetId, Piece},
    rules::{Extinction, Flag, MaterialCounting, Outcome, PieceId},
    Position,
};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The side to move has no legal move and a royal piece is attacked.
    Checkmate,
    /// The side to move has no legal move and no royal piece is attacked.
    Stalemate,
    /// A side was reduced to its royal pieces (shatranj's bare king).
    BareKing,
    /// The move rule (fifty moves in chess) ran out.
    MoveRule,
    /// The same position occurred as often as the rules allow.
    Repetition,
    /// A repetition in which one side checked with every move (`perpetualCheckIllegal`): that
    /// side loses.
    PerpetualCheck,
    /// A repetition in which one side chased the same piece with every move
    /// (`chasingRule = axf`): that side loses.
    PerpetualChase,
    /// A side moved one piece to and fro as often as the move repetition rule allows
    /// (`moveRepetitionIllegal`): that side loses.
    RepeatedMove,
    /// A side ran out of the pieces the rules count (extinction, antichess, horde, atomic).
    Extinction,
    /// A piece reached its goal region (king of the hill, racing kings).
    Flag,
    /// A side gave the last of its checks (three-check).
    CheckLimit,
    /// The count of a counting rule (makruk) passed its limit.
    Counting,
    /// The side to move has a royal piece and one pawn that could only promote (sittuyin).
    PromotionStalemate,
    /// Both sides passed in a row, or a side passed while the kings faced each other
    /// (Janggi's bikjang).
    Passes,
    /// The side that moved lined up its pieces ([`Connect`](crate::Connect)).
    Connection,
    /// A side castled where castling wins, or lost every such castling right
    /// (`castlingWins`).
    Castling,
    /// No square of the board is empty (`adjudicateFullBoard`).
    FullBoard,
}

impl EndReason {
    /// The words XBoard and PGN use for this reason.
    pub fn text(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::BareKing => "bare king",
            EndReason::MoveRule => "move rule",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::PerpetualChase => "perpetual chase",
            EndReason::RepeatedMove => "repeated move",
            EndReason::Extinction => "extinction",
            EndReason::Flag => "goal reached",
            EndReason::CheckLimit => "check limit",
            EndReason::Counting => "counting rule",
            EndReason::PromotionStalemate => "promotion stalemate",
            EndReason::Passes => "passes",
            EndReason::Connection => "connection",
            EndReason::Castling => "castling",
            EndReason::FullBoard => "full board",
        }
    }
}

/// A finished game: its outcome for the side to move, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The outcome for the side to move.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Position {
    /// How often the current position occurred before, looking back no further than the
    /// last irreversible move (and at most `limit` occurrences are counted).
    pub fn repetitions(&self, limit: usize) -> usize {
        self.repetition_start(limit).0
    }

    /// How often the current position occurred before (at most `limit` times), and the
    /// index in the history of the earliest of those occurrences (the position before that
    /// move).
    fn repetition_start(&self, limit: usize) -> (usize, usize) {
        let back = (self.state.halfmove as usize).min(self.history.len());
        let first = self.history.len() - back;
        let mut count = 0;
        let mut start = self.history.len();
        // The key before move i is history[i].key; positions with the same side to move
        // are two plies apart.
        let mut i = self.history.len();
        while i >= first + 2 && count < limit {
            i -= 2;
            if self.history[i].state.key == self.state.key {
                count += 1;
                start = i;
            }
        }
        (count, start)
    }

    /// Whether each side (by colour index) gave check with each of its moves since the
    /// position before move `start` of the history.
    fn perpetual_checkers(&self, start: usize) -> [bool; 2] {
        let mut pos = self.clone();
        // By the checking side: every position since `start` with its opponent to move was
        // check.
        let mut checked_always = [true; 2];
        while pos.history.len() > start {
            if !pos.in_check() {
                checked_always[pos.state.side.opponent().index()] = false;
            }
            pos.unmake();
        }
        checked_always
    }

    /// The end the rules declare before looking for a legal move: the variant's own ends
    /// ([`variant_end`](Position::variant_end)), bare king, the move rule and repetition
    /// (with perpetual check and chasing where the rules have them). `repetitions` is the
    /// number of earlier occurrences that end the game
    /// (a search passes 1 inside its tree, a referee `rules.end.repetitions - 1`).
    pub fn rule_end(&self, repetitions: usize) -> Option<GameOver> {
        let end = &self.rules.end;
        if end.has_variant_end() {
            if let Some(over) = self.variant_end() {
                return Some(over);
            }
        }
        if end.bare_king_loses {
            if let Some(over) = self.bare_king_end() {
                return Some(over);
            }
        }
        if end.move_rule > 0 && self.state.halfmove >= end.move_rule && !self.move_rule_lengthened()
        {
            return Some(GameOver {
                outcome: self.drawn_outcome(),
                reason: EndReason::MoveRule,
            });
        }
        // A checkmate on the last counted move still wins: in check, the caller looks for
        // a legal move first.
        if self.counting_expired() && !self.in_check() {
            return Some(GameOver {
                outcome: Outcome::Draw,
                reason: EndReason::Counting,
            });
        }
        if end.repeated_move_loses && end.repetitions > 0 {
            if let Some(over) = self.repeated_move_end() {
                return Some(over);
            }
        }
        let (count, start) = match (end.repetitions, repetitions) {
            (0, _) | (_, 0) => (0, 0),
            _ => self.repetition_start(repetitions),
        };
        if count > 0 && count >= repetitions {
            let mut both_checked = false;
            if end.perpetual_check_loses {
                let checked = self.perpetual_checkers(start);
                if checked[0] != checked[1] {
                    let checker = if checked[0] {
                        Color::White
                    } else {
                        Color::Black
                    };
                    return Some(GameOver {
                        outcome: if checker == self.state.side {
                            Outcome::Loss
                        } else {
                            Outcome::Win
                        },
                        reason: EndReason::PerpetualCheck,
                    });
                }
                both_checked = checked[0];
            }
            // Chases count only where no side checked throughout (Fairy-Stockfish); both
            // sides chasing is a draw whatever the repetition would be worth.
            if let Some(outcome) = self.perpetual_chase(start).filter(|_| !both_checked) {
                let reason = if outcome == Outcome::Draw {
                    EndReason::Repetition
                } else {
                    EndReason::PerpetualChase
                };
                let outcome = self.counted(outcome);
                return Some(GameOver { outcome, reason });
            }
            let white_view = end.repetition_value_absolute && self.state.side == Color::Black;
            let outcome = if white_view {
                end.repetition_value.reversed()
            } else {
                end.repetition_value
            };
            return Some(GameOver {
                outcome: self.counted(outcome),
                reason: EndReason::Repetition,
            });
        }
        None
    }

    /// The end of the game in this position, if it is over: no legal move first
    /// (checkmate before the move rule), then an expired count, then
    /// [`legal_moves_end`](Position::legal_moves_end), then [`rule_end`](Position::rule_end)
    /// with the repetition count of the rules.
    pub fn game_over(&mut self) -> Option<GameOver> {
        if let Some(over) = self.variant_end() {
            return Some(over);
        }
        let bare = self.rules.end.bare_king_loses.then(|| self.bare_king_end());
        if let Some(Some(over)) = bare {
            return Some(over);
        }
        if !self.has_legal_move() {
            return Some(self.no_move_end());
        }
        if self.counting_expired() {
            return Some(GameOver {
                outcome: Outcome::Draw,
                reason: EndReason::Counting,
            });
        }
        if self.rules.promotion.sittuyin {
            let legal = self.legal_moves();
            if let Some(over) = self.legal_moves_end(&legal) {
                return Some(over);
            }
        }
        let repetitions = usize::from(self.rules.end.repetitions).saturating_sub(1);
        self.rule_end(repetitions)
    }

    /// The end the rules declare from the legal moves `legal` (not none) of the side to move:
    /// sittuyin's promotion stalemate. A search calls it at every node that has moves.
    #[inline]
    pub fn legal_moves_end(&self, legal: &[Move]) -> Option<GameOver> {
        self.promotion_stalemate(legal).then_some(GameOver {
            outcome: Outcome::Draw,
            reason: EndReason::PromotionStalemate,
        })
    }

    /// The end of the game when the side to move has no legal move: checkmate or stalemate,
    /// valued as the rules say.
    pub fn no_move_end(&self) -> GameOver {
        let end = &self.rules.end;
        if self.in_check() {
            let outcome = match &end.shatar_mate {
                Some(rule) => self.shatar_mate_outcome(rule),
                None => end.checkmate,
            };
            return GameOver {
                outcome,
                reason: EndReason::Checkmate,
            };
        }
        let mut outcome = end.stalemate;
        if end.stalemate_piece_count {
            let ours = self.pieces_of(self.state.side).len();
            let theirs = self.pieces_of(self.state.side.opponent()).len();
            outcome = match ours.cmp(&theirs) {
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Less => outcome,
                std::cmp::Ordering::Greater => outcome.reversed(),
            };
        }
        GameOver {
            outcome: self.counted(outcome),
            reason: EndReason::Stalemate,
        }
    }

    /// The end declared by the variant's own rules, checked in this order as Fairy-Stockfish
    /// does: extinction, a flag reached, castling, the last check given, a connection,
    /// passes, a full board. When it is `Some`, the side to move has no legal move
    /// ([`generate_legal`](Position::generate_legal) lists none).
    pub fn variant_end(&self) -> Option<GameOver> {
        let end = &self.rules.end;
        if let Some(extinction) = &end.extinction {
            if let Some(over) = self.extinction_end(extinction) {
                return Some(over);
            }
        }
        if let Some(flag) = &end.flag {
            if let Some(over) = self.flag_end(flag) {
                return Some(over);
            }
        }
        if end.no_royal_loses && self.sets.get(SetId::Royals(self.state.side)).is_empty() {
            return Some(GameOver {
                outcome: Outcome::Loss,
                reason: EndReason::Extinction,
            });
        }
        let them = self.state.side.opponent();
        if let Some(outcome) = self.castling_end() {
            return Some(GameOver {
                outcome,
                reason: EndReason::Castling,
            });
        }
        if end.check_counting && self.state.checks[them.index()] == 0 {
            return Some(GameOver {
                outcome: Outcome::Loss,
                reason: EndReason::CheckLimit,
            });
        }
        if let Some(connect) = &end.connect {
            if let Some(outcome) = self.connect_end(connect) {
                return Some(GameOver {
                    outcome,
                    reason: EndReason::Connection,
                });
            }
        }
        if end.passes_end && self.state.passed {
            // A pass keeps the board: the kings faced each other before it too.
            let passed_before = self.history.last().is_some_and(|undo| undo.state.passed);
            if passed_before || self.bikjang() {
                return Some(GameOver {
                    outcome: self.drawn_outcome(),
                    reason: EndReason::Passes,
                });
            }
        }
        if end.full_board_ends && self.occupied().len() == self.geometry().num_squares() {
            return Some(GameOver {
                outcome: self.drawn_outcome(),
                reason: EndReason::FullBoard,
            });
        }
        None
    }

    /// The result of a game the rules would draw here: decided by the material when the rules
    /// count it ([`MaterialCounting`]), a draw otherwise.
    fn drawn_outcome(&self) -> Outcome {
        let material = |color: Color, weights: &[i32]| -> i32 {
            weights
                .iter()
                .enumerate()
                .map(|(id, &w)| {
                    w * self
                        .pieces(Piece {
                            color,
                            id: id as PieceId,
                        })
                        .len() as i32
                })
                .sum()
        };
        let white_wins = match &self.rules.end.material_counting {
            None => return Outcome::Draw,
            Some(MaterialCounting::Weighted { weights, komi }) => {
                material(Color::White, weights) - material(Color::Black, weights) > *komi
            }
            Some(MaterialCounting::Unweighted) => {
                let white = self.pieces_of(Color::White).len();
                let black = self.pieces_of(Color::Black).len();
                if white == black {
                    return Outcome::Draw;
                }
                white > black
            }
            Some(MaterialCounting::WhiteDrawOdds) => true,
            Some(MaterialCounting::BlackDrawOdds) => false,
        };
        if white_wins == (self.state.side == Color::White) {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }

    /// `outcome`, or when it is a draw, what the material makes of it ([`Self::drawn_outcome`]).
    fn counted(&self, outcome: Outcome) -> Outcome {
        if outcome == Outcome::Draw {
            self.drawn_outcome()
        } else {
            outcome
        }
    }

    /// How many pieces of `color` count for extinction: of type `id`, or all of them (`None`),
    /// on the board and in hand.
    fn count_with_hand(&self, color: Color, id: Option<PieceId>) -> usize {
        match id {
            Some(id) => self.pieces(Piece { color, id }).len() + self.in_hand(color, id) as usize,
            None => {
                let hand: usize = (0..self.rules.pieces.len())
                    .map(|id| self.in_hand(color, id as PieceId) as usize)
                    .sum();
                self.pieces_of(color).len() + hand
            }
        }
    }

    /// Extinction: the opponent is looked at first, then the side to move.
    fn extinction_end(&self, rule: &Extinction) -> Option<GameOver> {
        let us = self.state.side;
        for color in [us.opponent(), us] {
            let claim = usize::from(rule.claim && color == us);
            let ran_out = |id: Option<PieceId>| {
                self.count_with_hand(color, id) <= rule.count as usize
                    && self.count_with_hand(color.opponent(), id)
                        >= rule.opponent_count as usize + claim
            };
            let out = match &rule.types {
                Some(types) => types.iter().any(|&id| ran_out(Some(id))),
                None => ran_out(None),
            };
            if out {
                let outcome = if color == us {
                    rule.value
                } else {
                    rule.value.reversed()
                };
                return Some(GameOver {
                    outcome,
                    reason: EndReason::Extinction,
                });
            }
        }
        None
    }

    /// The squares of `color`'s pieces that count for the flag.
    fn flag_pieces(&self, flag: &Flag, color: Color) -> SquareSet {
        match flag.pieces[color.index()] {
            Some(id) => self.pieces(Piece { color, id }),
            None => self.pieces_of(color),
        }
    }

    /// Whether `color`'s flag piece is royal (Fairy-Stockfish's tests for a king).
    fn royal_flag(&self, flag: &Flag, color: Color) -> bool {
        flag.pieces[color.index()].is_some_and(|id| self.rules.piece(id).royal)
    }

    /// Whether `color` has enough flag pieces in its region, or one in a region left without an
    /// empty square when that wins too (and, when the rules want them safe and the side to
    /// move may not answer with a flag move of its own, none of just enough can be taken).
    fn flag_reached(&self, flag: &Flag, color: Color) -> bool {
        let region = flag.region[color.index()];
        let there = self.flag_pieces(flag, color) & region;
        if there.is_empty() {
            return false;
        }
        let count = there.len() as u32;
        let blocked = flag.blocked_win && (region & !self.occupied()).is_empty();
        if count < flag.count && !blocked {
            return false;
        }
        if flag.safe && (!flag.extra_move || color != self.state.side) && count == flag.count {
            return !there.iter().any(|sq| self.attacked(sq, color.opponent()));
        }
        true
    }

    /// Flag wins, as Fairy-Stockfish decides them: with an extra move or a safe flag piece, a
    /// side that reached its region a move ago wins (a draw if black followed it there, or if
    /// both stand safe); a side whose opponent just reached loses, unless it gets the extra
    /// move and may still reach its own region (judged at once only for a royal flag piece).
    fn flag_end(&self, flag: &Flag) -> Option<GameOver> {
        let us = self.state.side;
        let them = us.opponent();
        let over = |outcome| {
            Some(GameOver {
                outcome,
                reason: EndReason::Flag,
            })
        };
        if (flag.extra_move || flag.safe) && self.flag_reached(flag, us) {
            let follows = (flag.extra_move && us == Color::White && self.royal_flag(flag, them))
                || (flag.safe && !flag.extra_move);
            let both = follows && self.flag_reached(flag, them);
            return over(if both { Outcome::Draw } else { Outcome::Win });
        }
        let royal = self.royal_flag(flag, us);
        if (!flag.extra_move || flag.safe || royal) && self.flag_reached(flag, them) {
            if flag.extra_move && royal && us == Color::Black && self.can_reach_flag(flag) {
                return None;
            }
            return over(Outcome::Loss);
        }
        None
    }

    /// Whether black, not in check, can move its (royal) flag piece into its region with a
    /// legal move.
    fn can_reach_flag(&self, flag: &Flag) -> bool {
        if self.in_check() {
            return false;
        }
        let mut pos = self.clone();
        let mut list = MoveList::new();
        pos.generate_pseudo_legal(&mut list);
        let region = flag.region[self.state.side.index()];
        let piece = flag.pieces[self.state.side.index()];
        list.into_iter().any(|mv| {
            piece == Some(mv.piece)
                && mv.kind != crate::MoveKind::Drop
                && region.contains(mv.to)
                && pos.is_legal(mv)
        })
    }

    /// Bare king: a side left with only royal pieces loses, but it has one move to bare
    /// the other side in return (a draw).
    fn bare_king_end(&self) -> Option<GameOver> {
        let us = self.state.side;
        let others = |color: Color| (self.pieces_of(color) & !self.royals(color)).len();
        let (ours, theirs) = (others(us), others(us.opponent()));
        let over = |outcome| {
            Some(GameOver {
                outcome,
                reason: EndReason::BareKing,
            })
        };
        match (ours, theirs) {
            (0, 0) => over(Outcome::Draw),
            // We had our move after being bared and did not bare them.
            (_, 0) => over(Outcome::Win),
            // We cannot take two pieces in one move.
            (0, n) if n >= 2 => over(Outcome::Loss),
            _ => None,
        }
    }
}
