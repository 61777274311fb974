//! Static evaluation for any variant, from tables computed once per set of rules.
//!
//! Terms: material and piece-square values (from [`piece_values`](super::piece_values)), pawn
//! advancement and passed pawns valued by what the pawn promotes to, pieces in hand, the
//! safety of royal pieces and a tempo bonus; middlegame and endgame values are blended by the
//! material left on the board.

use std::fmt;

use arrayvec::ArrayVec;
use movegen::{Piece, PieceId, Position, Rules};
use notation::{Color, Geometry, Square, SquareBits, SquareSet, MAX_SQUARES};

use super::{
    attacks::{empty_board_mobility, reach},
    eval_sets::{relative_rank, BoardSets, SetTables},
    goals::Goals,
    net::Network,
    net_eval::{Layers, NetEval},
    params::EvalParams,
    piece_values::{derive, PieceProfile, PAWN_VALUE},
};

/// Full weight of the middlegame values.
const PHASE_MAX: i32 = 256;
/// As [`EvalParams::square_share`] for pieces whose moves change with the square (a soldier across the
/// river).
const ZONE_SQUARE_SHARE: [i32; 2] = [256, 256];
/// The promotion gain of the chess pawn, which the pawn terms below are written for.
const CHESS_PROMOTION_GAIN: i32 = 850;
/// Endgame bonus of a pawn 1, 2, ... ranks from its promotion zone (for a chess pawn).
const ADVANCE_EG: [i32; 6] = [0, 60, 35, 20, 10, 4];
/// Endgame bonus of a passed pawn 1, 2, ... ranks from its promotion zone (for a chess pawn).
const PASSED_EG: [i32; 7] = [0, 130, 85, 50, 30, 15, 8];
/// Largest king-danger penalty.
const MAX_DANGER: i32 = 600;
/// Most safe checks counted against one royal piece.
const MAX_SAFE_CHECKS: i32 = 6;
/// Value per unit of attack weight.
const ATTACK_UNIT_VALUE: i32 = 150;
/// Most attack weight one piece adds.
const MAX_ATTACK_UNITS: i32 = 6;
/// See [`EvalParams::mobility`].
const MOBILITY_DAMPING: f64 = 4.0;
const THREAT_MARGIN: i32 = 50;
/// A side ahead by less than this without pawns can rarely win (unless capturing everything
/// wins, or pieces come back by drops).
const DRAWISH_MARGIN: i32 = 400;
/// Divisor of the score of such endings.
const DRAWISH_DIVISOR: i32 = 4;
/// Divisor of the score when the side ahead has no pawns and only pieces bound to squares of
/// one colour, all on the same colour (three mets on light squares cannot mate).
const SAME_COLOUR_DIVISOR: i32 = 16;
/// Plies before a counting rule's draw from which the score shrinks towards it.
const COUNTING_HORIZON: i32 = 16;
/// Against a bare royal piece: bonus for driving it to an edge (twice in a corner).
const MOP_UP_EDGE: f64 = 60.0;
/// Against a bare royal piece: bonus for bringing the own royal piece close to it.
const MOP_UP_CLOSE: f64 = 40.0;

/// The evaluation of a position's pieces before the side to move and the counting rule are
/// taken into account (see [`EvalTables::board_score`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BoardScore {
    /// The score from White's (the first player's) view.
    pub(crate) white: i32,
    /// The game phase, [`PHASE_MAX`] with all pieces on the board, 0 with none.
    pub(crate) phase: i32,
    /// What the blend of middlegame and endgame terms was divided by (a drawish ending), at
    /// least 1.
    pub(crate) divisor: i32,
}

/// Everything the evaluation needs about one variant, computed once.
pub(crate) struct EvalTables {
    types: usize,
    squares: usize,
    /// Value of each type for move ordering (royal pieces included).
    pub(crate) values: Vec<i32>,
    /// `[mg, eg]` per (colour, type, square): material plus square terms.
    psq: Vec<[i32; 2]>,
    /// `[mg, eg]` of one piece in hand, per type.
    hand: Vec<[i32; 2]>,
    /// Phase weight per type (non-pawn, non-royal material).
    phase_weight: Vec<i32>,
    /// Phase weight of the start position.
    phase_total: i32,
    royal: Vec<bool>,
    /// Per type: whether it is a pawn (one of `pawn_types`).
    is_pawn: Vec<bool>,
    pawn_types: Vec<PieceId>,
    /// Types that are neither pawns nor royal.
    piece_types: Vec<PieceId>,
    /// Per (colour, square): `[mg, eg]` bonus of a passed pawn.
    passed: Vec<[i32; 2]>,
    /// Attack weight per type, for king safety.
    attack_units: Vec<i32>,
    /// Whether pieces in hand can be dropped.
    drops: bool,
    /// Per type: `[mg, eg]` mobility bonus by the number of squares reached (empty: none).
    mobility: Vec<Vec<[i32; 2]>>,
    /// Per type: whether it only ever reaches squares of the colour it stands on (a bishop, a
    /// met, a ferz).
    colour_bound: Vec<bool>,
    /// Whether endings without pawns and a small edge are scaled toward a draw.
    scale_drawish: bool,
    /// The weights used directly while evaluating.
    params: EvalParams,
    /// Terms for ways to win other than mate (checks left, a flag region).
    goals: Goals,
    /// The square sets of the board's pieces, pawn structure and royal zones, in the width
    /// the board needs.
    sets: BoardSets,
    /// Per type: whether it slides along whole files (a rook).
    file_slider: Vec<bool>,
    /// The learned correction of the terms above, if the variant has one.
    pub(crate) net: Option<NetEval>,
}

/// What the evaluation's pass over every piece's moves finds for the terms after it.
struct Activity<B> {
    /// Per colour: how often enemy pieces (not pawns) attack a square next to its royal piece.
    zone_hits: [i32; 2],
    /// Per colour: the safe checks the enemy has against its royal piece (squares from which
    /// an enemy piece, moved or dropped there, would attack it and that no piece of its side
    /// attacks), at most [`MAX_SAFE_CHECKS`].
    safe_checks: [i32; 2],
    /// Per colour: the squares its pawns attack.
    pawn_attacks: [B; 2],
}

/// The squares from which a piece of one colour and type would attack the enemy royal piece,
/// found when first asked for during one evaluation.
#[derive(Default)]
struct CheckSquares<B> {
    found: ArrayVec<(usize, PieceId, B), 32>,
}

impl<B: SquareBits> CheckSquares<B> {
    /// The squares from which a piece of colour index `c` and type `id` would attack the
    /// royal piece on `king`: those a piece of the same type and the other colour attacks
    /// from `king` (exact for pieces whose moves are symmetric left to right, and for every
    /// piece where the second player's moves are the first's turned half round).
    fn get(
        &mut self,
        sets: &SetTables<B>,
        pos: &Position,
        c: usize,
        id: PieceId,
        king: Square,
        occupied: B,
    ) -> B {
        if let Some(&(_, _, set)) = self.found.iter().find(|f| f.0 == c && f.1 == id) {
            return set;
        }
        let mirror = Piece {
            color: Color::ALL[1 - c],
            id,
        };
        let set = reach(pos, &sets.reach, mirror, king, occupied).attacks;
        let _ = self.found.try_push((c, id, set));
        set
    }
}

impl fmt::Debug for EvalTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EvalTables")
            .field("values", &self.values)
            .field("phase_total", &self.phase_total)
            .finish()
    }
}

impl EvalTables {
    /// Computes the tables of `rules` with the network the variant has (see
    /// [`variants::eval_net`]) and the weights it has (see [`variants::eval_weights`]), else
    /// the defaults.
    pub(crate) fn new(rules: &Rules) -> EvalTables {
        let mut tables = EvalTables::handwritten(rules);
        tables.net = variants::eval_net(&rules.name).and_then(|bytes| {
            match Network::from_bytes(bytes).and_then(|net| NetEval::new(&net, rules)) {
                Ok(net) => Some(net),
                Err(err) => {
                    log::warn!("the network of {}: {err}", rules.name);
                    None
                }
            }
        });
        tables
    }

    /// Computes the tables of `rules` with the weights the variant has (see
    /// [`variants::eval_weights`]), else the defaults, and no network.
    pub(crate) fn handwritten(rules: &Rules) -> EvalTables {
        let params = variants::eval_weights(&rules.name)
            .and_then(|text| match EvalParams::parse(text) {
                Ok(params) => Some(params),
                Err(err) => {
                    log::warn!("the weights of {}: {err}", rules.name);
                    None
                }
            })
            .unwrap_or_default();
        EvalTables::with_params(rules, &derive(rules), params)
    }

    /// Computes the tables of `rules` with the weights `params`; `profiles` are the piece
    /// profiles [`derive`] gives for `rules`.
    pub(crate) fn with_params(
        rules: &Rules,
        profiles: &[PieceProfile],
        params: EvalParams,
    ) -> EvalTables {
        let geometry = &rules.geometry;
        let types = rules.pieces.len();
        let squares = geometry.num_squares();
        let pair_values: Vec<[i32; 2]> = rules
            .pieces
            .iter()
            .zip(profiles)
            .map(|(pt, p)| params.value(&pt.symbol).unwrap_or([p.value; 2]))
            .collect();
        let values: Vec<i32> = pair_values.iter().map(|[m, e]| (m + e) / 2).collect();
        let royal: Vec<bool> = rules.pieces.iter().map(|p| p.royal).collect();
        let pawn_types = rules.promotion.pawn_types.clone();
        let piece_types: Vec<PieceId> = (0..types as PieceId)
            .filter(|&id| !royal[id as usize] && !rules.is_pawn(id))
            .collect();
        let best_choice = rules
            .promotion
            .choices
            .iter()
            .map(|&id| values[id as usize])
            .max()
            .unwrap_or(PAWN_VALUE);
        let gain = (best_choice - PAWN_VALUE).max(0);
        let prospect = |bonus: i32| bonus * gain / CHESS_PROMOTION_GAIN;

        let mut psq = vec![[0; 2]; 2 * types * squares];
        let mut passed = vec![[0; 2]; 2 * squares];
        for color in Color::ALL {
            let c = color.index();
            for sq in geometry.squares() {
                let rank = relative_rank(geometry, color, sq);
                for (id, pt) in rules.pieces.iter().enumerate() {
                    let entry = &mut psq[(c * types + id) * squares + sq.index()];
                    *entry = if pt.royal {
                        royal_terms(geometry, color, sq, &params)
                    } else if rules.is_pawn(id as PieceId) {
                        let zone = pt.promotion_zone.unwrap_or(rules.promotion.zone)[c];
                        let advance = promotion_distance(geometry, color, sq, zone)
                            .and_then(|d| ADVANCE_EG.get(d))
                            .map_or(0, |&b| prospect(b));
                        let middle = geometry.height() as i32 / 2;
                        let centre = if (middle - 1..=middle).contains(&rank) {
                            (params.pawn_centre[0] as f64 * file_centrality(geometry, sq)) as i32
                        } else {
                            0
                        };
                        let [pmg, peg] = params.pawn_advance.map(|a| advance * a / 100);
                        let [vmg, veg] = pair_values[id];
                        [vmg + centre + pmg, veg + peg]
                    } else {
                        let share = if pt.zone_moves.is_some() {
                            ZONE_SQUARE_SHARE
                        } else {
                            params.square_share
                        };
                        let on_square = profiles[id].square_value[c][sq.index()];
                        let delta = if on_square > 0.0 {
                            on_square.round() as i32 - values[id]
                        } else {
                            0
                        };
                        let [vmg, veg] = pair_values[id];
                        [
                            vmg + delta * share[0] / PHASE_MAX,
                            veg + delta * share[1] / PHASE_MAX,
                        ]
                    };
                }
                if let Some(&pawn) = pawn_types.first() {
                    let pt = &rules.pieces[pawn as usize];
                    let zone = pt.promotion_zone.unwrap_or(rules.promotion.zone)[c];
                    let bonus = promotion_distance(geometry, color, sq, zone)
                        .and_then(|d| PASSED_EG.get(d))
                        .map_or(0, |&b| prospect(b));
                    passed[c * squares + sq.index()] = params.passed.map(|p| bonus * p / 100);
                }
            }
        }
        add_square_terms(rules, &params, &mut psq);
        let phase_weight: Vec<i32> = (0..types)
            .map(|id| {
                if royal[id] || rules.is_pawn(id as PieceId) {
                    0
                } else {
                    values[id]
                }
            })
            .collect();
        let hand = values
            .iter()
            .map(|&v| params.hand_share.map(|share| v * share / 16))
            .collect();
        let attack_units = values
            .iter()
            .map(|&v| (v / ATTACK_UNIT_VALUE).clamp(1, MAX_ATTACK_UNITS))
            .collect();
        let mut tables = EvalTables {
            types,
            squares,
            values,
            psq,
            hand,
            phase_weight,
            phase_total: 0,
            is_pawn: (0..types).map(|id| rules.is_pawn(id as PieceId)).collect(),
            royal,
            pawn_types,
            piece_types,
            passed,
            attack_units,
            drops: rules.drops.enabled,
            mobility: rules
                .pieces
                .iter()
                .enumerate()
                .map(|(id, pt)| {
                    if pt.royal || rules.is_pawn(id as PieceId) {
                        Vec::new()
                    } else {
                        mobility_table(geometry, pt, params.mobility)
                    }
                })
                .collect(),
            colour_bound: rules
                .pieces
                .iter()
                .map(|pt| pt.is_colour_bound(geometry))
                .collect(),
            scale_drawish: !rules.drops.enabled && !rules.end.bare_king_loses,
            goals: Goals::new(rules, &params),
            params,
            sets: BoardSets::new(rules),
            file_slider: rules
                .pieces
                .iter()
                .map(|pt| file_slider(geometry, pt))
                .collect(),
            net: None,
        };
        tables.phase_total =
            Position::from_fen(std::sync::Arc::new(rules.clone()), &rules.start_fen)
                .map_or(0, |start| tables.phase_material(&start));
        tables
    }

    /// Index of (colour, type, square) in the piece-square table.
    #[inline]
    fn index(&self, piece: Piece, sq: Square) -> usize {
        (piece.color.index() * self.types + piece.id as usize) * self.squares + sq.index()
    }

    /// Non-pawn, non-royal material on the board and in hand.
    fn phase_material(&self, pos: &Position) -> i32 {
        let mut total = 0;
        for sq in pos.occupied().iter() {
            if let Some(piece) = pos.piece_at(sq) {
                total += self.phase_weight[piece.id as usize];
            }
        }
        for color in Color::ALL {
            for &id in &self.piece_types {
                total += pos.in_hand(color, id) as i32 * self.phase_weight[id as usize];
            }
        }
        total
    }

    /// Whether type `id` is a pawn (promotes, has pawn terms).
    #[inline]
    pub(crate) fn is_pawn(&self, id: PieceId) -> bool {
        self.is_pawn[id as usize]
    }

    /// Whether `color` has a piece that is neither a pawn nor royal (on the board or in hand):
    /// null-move pruning is unsafe without one (zugzwang).
    pub(crate) fn has_pieces(&self, pos: &Position, color: Color) -> bool {
        self.piece_types
            .iter()
            .any(|&id| !pos.pieces(Piece { color, id }).is_empty() || pos.in_hand(color, id) > 0)
    }

    /// The score of `pos` for the side to move, in centipawns.
    pub(crate) fn evaluate(&self, pos: &Position) -> i32 {
        self.finish(pos, self.board_score(pos, None))
    }

    /// The part of the evaluation that depends only on what the key of `pos` covers (the
    /// pieces, their places and the hands), so that it can be cached by that key; `layers`
    /// are the network's layers of `pos` when the caller keeps them (else they are summed
    /// afresh).
    pub(crate) fn board_score(&self, pos: &Position, layers: Option<Layers>) -> BoardScore {
        match &self.sets {
            BoardSets::Word(sets) => self.board_score_in(sets, pos, layers),
            BoardSets::TwoWords(sets) => self.board_score_in(sets, pos, layers),
            BoardSets::FourWords(sets) => self.board_score_in(sets, pos, layers),
        }
    }

    /// [`board_score`](EvalTables::board_score) with the board's square sets `sets`.
    fn board_score_in<B: SquareBits>(
        &self,
        sets: &SetTables<B>,
        pos: &Position,
        layers: Option<Layers>,
    ) -> BoardScore {
        let mut mg = [0i32; 2];
        let mut eg = [0i32; 2];
        let mut phase_material = 0;
        let mut pieces = [0i32; 2];
        for sq in B::from_set(pos.occupied()).iter() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let [m, e] = self.psq[self.index(piece, sq)];
            let c = piece.color.index();
            let id = piece.id as usize;
            mg[c] += m;
            eg[c] += e;
            phase_material += self.phase_weight[id];
            pieces[c] += self.phase_weight[id];
        }
        let activity = self.activity(sets, pos, &mut mg, &mut eg);
        for color in Color::ALL {
            let c = color.index();
            for id in 0..self.types {
                let count = pos.in_hand(color, id as PieceId) as i32;
                if count > 0 {
                    mg[c] += count * self.hand[id][0];
                    eg[c] += count * self.hand[id][1];
                    phase_material += count * self.phase_weight[id];
                }
            }
        }
        self.pawn_terms(sets, pos, &activity.pawn_attacks, &mut mg, &mut eg);
        self.pair_terms(sets, pos, &mut mg, &mut eg);
        for color in Color::ALL {
            let c = color.index();
            let (zone_hits, safe_checks) = (activity.zone_hits[c], activity.safe_checks[c]);
            mg[c] -= self.king_danger(sets, pos, color, zone_hits, safe_checks);
        }
        let phase = if self.phase_total > 0 {
            (phase_material.min(self.phase_total) * PHASE_MAX) / self.phase_total
        } else {
            0
        };
        let mut white =
            ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (PHASE_MAX - phase)) / PHASE_MAX;
        let mut divisor = 1;
        if self.scale_drawish {
            let ahead = if white > 0 {
                Color::White
            } else {
                Color::Black
            };
            let edge = pieces[ahead.index()] - pieces[ahead.opponent().index()];
            let pawnless = !self.has_pawns(pos, ahead);
            if pawnless && self.one_colour_only(pos, ahead) {
                divisor = SAME_COLOUR_DIVISOR;
            } else if edge < DRAWISH_MARGIN && pawnless {
                divisor = DRAWISH_DIVISOR;
            } else if edge >= DRAWISH_MARGIN {
                let bonus = mop_up(pos, ahead);
                white += if ahead == Color::White { bonus } else { -bonus };
            }
        }
        let mut white = white / divisor;
        if let Some(net) = &self.net {
            let correction = match layers {
                Some(layers) => net.score(layers, pos.side_to_move()),
                None => net.evaluate(pos),
            };
            white += if pos.side_to_move() == Color::White {
                correction
            } else {
                -correction
            };
        }
        BoardScore {
            white,
            phase,
            divisor,
        }
    }

    /// The score for the side to move from the cached part `board`: the goal terms (checks
    /// left, a flag region), the counting rule's fading advantage and the tempo bonus.
    pub(crate) fn finish(&self, pos: &Position, board: BoardScore) -> i32 {
        let BoardScore {
            mut white, phase, ..
        } = board;
        let [goal_mg, goal_eg] = self.goals.score(pos);
        white += (goal_mg * phase + goal_eg * (PHASE_MAX - phase)) / PHASE_MAX;
        let (limit, counted) = pos.counting();
        if limit > 0 {
            // A counting rule draws soon: the advantage fades with the plies left.
            let left = i32::from(limit.saturating_sub(counted));
            if left < COUNTING_HORIZON {
                white = white * left / COUNTING_HORIZON;
            }
        }
        let score = if pos.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        let tempo =
            (self.params.tempo[0] * phase + self.params.tempo[1] * (PHASE_MAX - phase)) / PHASE_MAX;
        score + tempo
    }

    /// Mobility, threats, outposts and open files: what every piece reaches and attacks, and
    /// where it stands among the pawns.
    fn activity<B: SquareBits>(
        &self,
        sets: &SetTables<B>,
        pos: &Position,
        mg: &mut [i32; 2],
        eg: &mut [i32; 2],
    ) -> Activity<B> {
        let occupied = B::from_set(pos.occupied());
        let kings = Color::ALL.map(|color| {
            let royals = pos.royals(color);
            royals.first().filter(|_| royals.len() == 1)
        });
        let zones = kings.map(|king| king.map_or(B::EMPTY, |k| sets.near[k.index()][0]));
        let mut zone_hits = [0i32; 2];
        // The squares from which a piece could check, per attacking colour and type (found
        // when first needed), and the checks each piece can give from them.
        let mut check_from = CheckSquares::default();
        let count_checks = self.params.safe_check != [0, 0];
        let mut checks: ArrayVec<(usize, B), { MAX_SQUARES }> = ArrayVec::new();
        let own = Color::ALL.map(|color| B::from_set(pos.pieces_of(color)));
        let mut attacked = [B::EMPTY; 2];
        // Per colour: what its pieces but the royal ones attack, and what two pieces attack.
        let mut guarded = [B::EMPTY; 2];
        let mut twice = [B::EMPTY; 2];
        let mut pawn_attacks = [B::EMPTY; 2];
        let mut pawns = [B::EMPTY; 2];
        // Enemy pieces each piece attacks, with the attacker's value (kept only when there
        // are some: most pieces attack none).
        let mut threats: ArrayVec<(usize, i32, B), { MAX_SQUARES }> = ArrayVec::new();
        let mut note_threats = |c: usize, id: usize, attacks: B| {
            let targets = attacks & own[1 - c];
            if !targets.is_empty() {
                threats.push((c, self.values[id], targets));
            }
        };
        // Pawns first: the squares they attack are left out of the other side's mobility.
        for &id in &self.pawn_types {
            for color in Color::ALL {
                let piece = Piece { color, id };
                let c = color.index();
                let placed = B::from_set(pos.pieces(piece));
                pawns[c] |= placed;
                for sq in placed.iter() {
                    let r = reach(pos, &sets.reach, piece, sq, occupied);
                    twice[c] |= pawn_attacks[c] & r.attacks;
                    pawn_attacks[c] |= r.attacks;
                    note_threats(c, id as usize, r.attacks);
                }
                attacked[c] |= pawn_attacks[c];
                guarded[c] |= pawn_attacks[c];
            }
        }
        for sq in occupied.iter() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let id = piece.id as usize;
            if self.is_pawn[id] {
                continue;
            }
            let r = reach(pos, &sets.reach, piece, sq, occupied);
            let c = piece.color.index();
            let them = 1 - c;
            if !self.royal[id]
                && sets.enemy_half[c].contains(sq)
                && pawn_attacks[c].contains(sq)
                && !pawn_attacks[them].contains(sq)
            {
                mg[c] += self.params.outpost[0];
                eg[c] += self.params.outpost[1];
            }
            if self.file_slider[id] {
                let file = sets.file_of[sq.index()];
                if !file.intersects(pawns[c]) {
                    let open = 1 + i32::from(!file.intersects(pawns[them]));
                    mg[c] += open * self.params.open_file[0];
                    eg[c] += open * self.params.open_file[1];
                }
            }
            twice[c] |= attacked[c] & r.attacks;
            attacked[c] |= r.attacks;
            if !self.royal[id] {
                guarded[c] |= r.attacks;
            }
            let table = &self.mobility[id];
            if !table.is_empty() {
                zone_hits[them] += (r.attacks & zones[them]).len() as i32;
                let targets = (r.moves & !occupied) | (r.attacks & own[them]);
                let area = targets & !pawn_attacks[them];
                let [m, e] = table[area.len().min(table.len() - 1)];
                mg[c] += m;
                eg[c] += e;
                if let Some(king) = kings[them].filter(|_| count_checks) {
                    let from = check_from.get(sets, pos, c, piece.id, king, occupied);
                    if targets.intersects(from) {
                        checks.push((c, targets & from));
                    }
                }
            }
            note_threats(c, id, r.attacks);
        }
        // A check square is safe when no defender covers it, or only the royal piece does
        // and another attacker backs the checking piece up (a second attacker for a piece
        // moved there, which attacks the square itself; any attacker for a drop).
        let safe = |c: usize, backing: &[B; 2]| {
            let d = 1 - c;
            !(guarded[d] | (attacked[d] & !backing[c]))
        };
        let mut safe_checks = [0i32; 2];
        for &(c, squares) in &checks {
            safe_checks[1 - c] += (squares & safe(c, &twice)).len() as i32;
        }
        if self.drops && count_checks {
            for color in Color::ALL {
                let c = color.index();
                let Some(king) = kings[1 - c] else {
                    continue;
                };
                for &id in &self.piece_types {
                    if pos.in_hand(color, id) > 0 {
                        let from = check_from.get(sets, pos, c, id, king, occupied);
                        let squares = from & !occupied & safe(c, &attacked);
                        safe_checks[1 - c] += squares.len() as i32;
                    }
                }
            }
        }
        for &(c, value, targets) in &threats {
            let them = 1 - c;
            for target in targets.iter() {
                let Some(victim) = pos.piece_at(target) else {
                    continue;
                };
                let v = victim.id as usize;
                if self.royal[v] || self.is_pawn[v] {
                    continue;
                }
                if self.values[v] > value + THREAT_MARGIN {
                    mg[c] += self.params.threat_by_lesser[0];
                    eg[c] += self.params.threat_by_lesser[1];
                } else if !attacked[them].contains(target) {
                    mg[c] += self.params.hanging[0];
                    eg[c] += self.params.hanging[1];
                }
            }
        }
        Activity {
            zone_hits,
            safe_checks: safe_checks.map(|n| n.min(MAX_SAFE_CHECKS)),
            pawn_attacks,
        }
    }

    /// Pairs of colour-bound pieces of one type on squares of both colours.
    fn pair_terms<B: SquareBits>(
        &self,
        sets: &SetTables<B>,
        pos: &Position,
        mg: &mut [i32; 2],
        eg: &mut [i32; 2],
    ) {
        for (id, &bound) in self.colour_bound.iter().enumerate() {
            if !bound || self.royal[id] || self.is_pawn[id] {
                continue;
            }
            for color in Color::ALL {
                let set = B::from_set(pos.pieces(Piece {
                    color,
                    id: id as PieceId,
                }));
                if set.intersects(sets.dark) && set.intersects(!sets.dark) {
                    mg[color.index()] += self.params.pair[0];
                    eg[color.index()] += self.params.pair[1];
                }
            }
        }
    }

    /// Whether every piece of `color` but its royal ones is colour-bound and stands on squares
    /// of one colour.
    fn one_colour_only(&self, pos: &Position, color: Color) -> bool {
        let g = pos.geometry();
        let mut shade = None;
        for sq in pos.pieces_of(color).iter() {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let id = piece.id as usize;
            if self.royal[id] {
                continue;
            }
            let here = (g.file(sq) + g.rank(sq)) & 1;
            if !self.colour_bound[id] || shade.is_some_and(|s| s != here) {
                return false;
            }
            shade = Some(here);
        }
        true
    }

    /// Whether `color` has a pawn on the board.
    fn has_pawns(&self, pos: &Position, color: Color) -> bool {
        self.pawn_types
            .iter()
            .any(|&id| !pos.pieces(Piece { color, id }).is_empty())
    }

    /// Pawn structure (passed, doubled, isolated, supported pawns and phalanxes; the squares
    /// each side's pawns attack are `pawn_attacks`) and the pawn shield of a royal piece.
    fn pawn_terms<B: SquareBits>(
        &self,
        sets: &SetTables<B>,
        pos: &Position,
        pawn_attacks: &[B; 2],
        mg: &mut [i32; 2],
        eg: &mut [i32; 2],
    ) {
        if self.pawn_types.is_empty() {
            return;
        }
        let pawns = |color: Color| {
            self.pawn_types.iter().fold(B::EMPTY, |set, &id| {
                set | B::from_set(pos.pieces(Piece { color, id }))
            })
        };
        let all = [pawns(Color::White), pawns(Color::Black)];
        for color in Color::ALL {
            let c = color.index();
            let theirs = all[color.opponent().index()];
            for sq in all[c].iter() {
                let i = c * self.squares + sq.index();
                if !sets.front_span[i].intersects(theirs) {
                    mg[c] += self.passed[i][0];
                    eg[c] += self.passed[i][1];
                }
                if sets.file_front[i].intersects(all[c]) {
                    mg[c] -= self.params.doubled[0];
                    eg[c] -= self.params.doubled[1];
                }
                if !sets.neighbour_files[sq.index()].intersects(all[c]) {
                    mg[c] -= self.params.isolated[0];
                    eg[c] -= self.params.isolated[1];
                }
                if sets.beside[sq.index()].intersects(all[c]) {
                    mg[c] += self.params.phalanx[0];
                    eg[c] += self.params.phalanx[1];
                }
            }
            let supported = (all[c] & pawn_attacks[c]).len() as i32;
            mg[c] += supported * self.params.supported_pawn[0];
            eg[c] += supported * self.params.supported_pawn[1];
            let royals = pos.royals(color);
            if let (Some(king), 1) = (royals.first(), royals.len()) {
                let shield = (sets.shield[c * self.squares + king.index()] & all[c]).len() as i32;
                mg[c] += shield * self.params.pawn_shield[0];
                eg[c] += shield * self.params.pawn_shield[1];
            }
        }
    }

    /// The middlegame penalty for enemy pieces near `color`'s royal piece, `zone_hits` of
    /// them attacking the squares next to it, and `safe_checks` checks the enemy has.
    fn king_danger<B: SquareBits>(
        &self,
        sets: &SetTables<B>,
        pos: &Position,
        color: Color,
        zone_hits: i32,
        safe_checks: i32,
    ) -> i32 {
        let royals = pos.royals(color);
        if royals.len() != 1 {
            return 0;
        }
        let Some(king) = royals.first() else {
            return 0;
        };
        let them = color.opponent();
        let [near1, near2] = sets.near[king.index()];
        let mut units = 0;
        for sq in (B::from_set(pos.pieces_of(them)) & near2).iter() {
            if let Some(piece) = pos.piece_at(sq) {
                let id = piece.id as usize;
                if !self.royal[id] && !self.is_pawn[id] {
                    units += self.attack_units[id];
                }
            }
        }
        if self.drops {
            for &id in &self.piece_types {
                units += pos.in_hand(them, id) as i32 * self.attack_units[id as usize];
            }
        }
        if units == 0 && zone_hits == 0 && safe_checks == 0 {
            return 0;
        }
        let shelter = (B::from_set(pos.pieces_of(color)) & near1).len() as i32;
        let danger = (units * self.params.king_danger[0]
            + zone_hits * self.params.king_zone_attack[0]
            + safe_checks * self.params.safe_check[0]
            - shelter)
            .max(0);
        (danger * danger / 2).min(MAX_DANGER)
    }
}

/// Adds the weights' piece-square terms ([`params::SquareTerm`]) to `psq`, indexed as
/// [`EvalTables::psq`]; terms naming a piece or square the variant lacks are skipped with a
/// warning.
///
/// [`params::SquareTerm`]: super::params::SquareTerm
fn add_square_terms(rules: &Rules, params: &EvalParams, psq: &mut [[i32; 2]]) {
    if params.squares.is_empty() {
        return;
    }
    let geometry = &rules.geometry;
    let (types, squares) = (rules.pieces.len(), geometry.num_squares());
    let second_view = second_player_view(rules);
    for term in &params.squares {
        let id = rules
            .pieces
            .iter()
            .position(|pt| pt.symbol.eq_ignore_ascii_case(&term.letter));
        let (Some(id), Ok(sq)) = (id, geometry.parse_square(&term.square)) else {
            log::warn!(
                "{}: no piece {} or square {} for a piece-square term",
                rules.name,
                term.letter,
                term.square
            );
            continue;
        };
        for (c, on) in [(0, sq), (1, second_view(sq))] {
            let entry = &mut psq[(c * types + id) * squares + on.index()];
            entry[0] += term.pair[0];
            entry[1] += term.pair[1];
        }
    }
}

/// The square from which the second player sees what the first sees on a square: the start
/// position's symmetry, a half turn of the board where the start position has it and no
/// mirror symmetry (shogi, xiangqi), else the mirror across the middle rank (chess).
pub(crate) fn second_player_view(rules: &Rules) -> impl Fn(Square) -> Square + '_ {
    let g = &rules.geometry;
    let (w, h) = (g.width() as i32, g.height() as i32);
    let mirror = move |sq: Square| g.square(g.file(sq), h - 1 - g.rank(sq));
    let turn = move |sq: Square| g.square(w - 1 - g.file(sq), h - 1 - g.rank(sq));
    let symmetric = |map: &dyn Fn(Square) -> Option<Square>| {
        Position::from_fen(std::sync::Arc::new(rules.clone()), &rules.start_fen).is_ok_and(
            |start| {
                g.squares().all(|sq| {
                    let here = start.piece_at(sq);
                    let there = map(sq).and_then(|m| start.piece_at(m));
                    match (here, there) {
                        (None, None) => true,
                        (Some(a), Some(b)) => a.id == b.id && a.color != b.color,
                        _ => false,
                    }
                })
            },
        )
    };
    let rotated = !symmetric(&mirror) && symmetric(&turn);
    move |sq| {
        let seen = if rotated { turn(sq) } else { mirror(sq) };
        seen.unwrap_or(sq)
    }
}

/// Whether `pt` (as White) slides along a whole file from the corner square of file a.
fn file_slider(geometry: &Geometry, pt: &movegen::PieceType) -> bool {
    let Some(corner) = geometry.square(0, 0) else {
        return false;
    };
    let table = &pt.tables[0];
    table.slides(corner).iter().any(|slide| {
        let line = table.slide_squares(slide);
        slide.modes.contains(notation::Modes::MOVE)
            && line.len() + 1 == usize::from(geometry.height())
            && line.iter().all(|&s| geometry.file(s) == 0)
    })
}

/// The mobility bonus of `pt` by the number of squares it reaches (none for a piece whose
/// moves the evaluation does not follow).
fn mobility_table(geometry: &Geometry, pt: &movegen::PieceType, weight: [i32; 2]) -> Vec<[i32; 2]> {
    let average = empty_board_mobility(geometry, pt);
    if average < 1.0 {
        return Vec::new();
    }
    let most = geometry.num_squares();
    (0..=most)
        .map(|count| {
            weight.map(|scale| {
                (f64::from(scale) / (average + MOBILITY_DAMPING) * (count as f64 - average / 2.0))
                    .round() as i32
            })
        })
        .collect()
}

/// How central the file of `sq` is: 1 in the middle, 0 on the edge files.
fn file_centrality(geometry: &Geometry, sq: Square) -> f64 {
    let half = (geometry.width() as f64 - 1.0) / 2.0;
    if half <= 0.0 {
        return 1.0;
    }
    1.0 - (geometry.file(sq) as f64 - half).abs() / half
}

/// How central the rank of `sq` is: 1 in the middle, 0 on the edge ranks.
fn rank_centrality(geometry: &Geometry, sq: Square) -> f64 {
    let half = (geometry.height() as f64 - 1.0) / 2.0;
    if half <= 0.0 {
        return 1.0;
    }
    1.0 - (geometry.rank(sq) as f64 - half).abs() / half
}

/// How central `sq` is: 1 in the middle, 0 on the edges.
fn centrality(geometry: &Geometry, sq: Square) -> f64 {
    file_centrality(geometry, sq).min(rank_centrality(geometry, sq))
}

/// The bonus for `strong` when the other side has nothing but its royal pieces: its royal
/// piece driven to the edge, and `strong`'s royal piece close to it (mating takes both).
fn mop_up(pos: &Position, strong: Color) -> i32 {
    let weak = strong.opponent();
    let bare = pos.royals(weak);
    if bare.is_empty() || pos.pieces_of(weak) != bare {
        return 0;
    }
    let g = pos.geometry();
    let Some(target) = bare.first() else {
        return 0;
    };
    let edge = 2.0 - file_centrality(g, target) - rank_centrality(g, target);
    let mut bonus = MOP_UP_EDGE * edge;
    if let Some(own) = pos.royals(strong).first() {
        let distance = g.king_distance(own, target);
        let span = (g.width().max(g.height()) as i32 - 2).max(1);
        bonus += MOP_UP_CLOSE * f64::from(span + 1 - distance).max(0.0) / f64::from(span);
    }
    bonus as i32
}

/// `[mg, eg]` of a royal piece on `sq`: at home and off the centre files in the middlegame,
/// central in the endgame.
fn royal_terms(geometry: &Geometry, color: Color, sq: Square, params: &EvalParams) -> [i32; 2] {
    let advance = relative_rank(geometry, color, sq).min(3);
    let file = file_centrality(geometry, sq);
    let centre = centrality(geometry, sq);
    [0, 1].map(|phase| {
        -params.royal_advance[phase] * advance
            - (f64::from(params.royal_centre_file[phase]) * file) as i32
            + (f64::from(params.royal_centre[phase]) * centre) as i32
    })
}

/// Ranks from `sq` forward to the nearest rank of `zone` (0 inside it), for `color`.
fn promotion_distance(
    geometry: &Geometry,
    color: Color,
    sq: Square,
    zone: SquareSet,
) -> Option<usize> {
    let rank = relative_rank(geometry, color, sq);
    zone.iter()
        .map(|z| relative_rank(geometry, color, z) - rank)
        .filter(|&d| d >= 0)
        .min()
        .map(|d| d as usize)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use variants::Catalog;

    use super::*;
    use crate::search::net::NetInputs;

    #[test]
    fn built_in_networks_load_and_fit_their_variants() {
        let mut count = 0;
        for name in variants::variants_with_nets() {
            let rules = Catalog::builtin().rules(name).expect("variant");
            assert!(EvalTables::new(&rules).net.is_some(), "{name}");
            count += 1;
        }
        assert!(count > 0);
    }

    #[test]
    fn a_network_corrects_the_hand_written_evaluation() {
        let rules = Catalog::builtin().rules("chess").expect("variant");
        let inputs = NetInputs::new(&rules);
        let mut net = Network::zeros(inputs.count(), 4);
        for (i, w) in net.input_weights.iter_mut().enumerate() {
            *w = ((i * 37) % 11) as f32 / 20.0 - 0.2;
        }
        net.output_weights = vec![0.5, -0.25, 1.0, 0.75, -0.5, 0.25, -1.0, 0.3];
        let handwritten = EvalTables::handwritten(&rules);
        let mut tables = EvalTables::handwritten(&rules);
        let engine_net = NetEval::new(&net, &rules).expect("fits");
        tables.net = Some(engine_net.clone());
        let mut corrections = Vec::new();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
        ] {
            let pos = Position::from_fen(rules.clone(), fen).expect("fen");
            let correction = engine_net.evaluate(&pos);
            assert!((correction - net.evaluate(&inputs, &pos)).abs() <= 3);
            corrections.push(correction);
            assert_eq!(
                tables.evaluate(&pos),
                handwritten.evaluate(&pos) + correction
            );
        }
        assert!(corrections.iter().any(|&c| c != 0), "{corrections:?}");
    }

    /// The hand-written evaluation of `fen`.
    fn eval(variant: &str, fen: &str) -> i32 {
        let rules = Catalog::builtin().rules(variant).expect("variant");
        let tables = EvalTables::handwritten(&rules);
        let pos = Position::from_fen(rules, fen).expect("fen");
        tables.evaluate(&pos)
    }

    /// The FEN with colours swapped and the board turned upside down (no castling or e.p.).
    fn mirror(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let board = fields.next().expect("board");
        let (board, hand) = match board.split_once('[') {
            Some((b, h)) => (b, format!("[{}", swap_case(h))),
            None => (board, String::new()),
        };
        let ranks: Vec<&str> = board.split('/').rev().collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        let rest: Vec<&str> = fields.collect();
        format!(
            "{}{hand} {side} {}",
            swap_case(&ranks.join("/")),
            rest.join(" ")
        )
    }

    fn swap_case(text: &str) -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        for (variant, fen) in [
            (
                "chess",
                "r1bqk2r/pp3ppp/2n1pn2/2pp4/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w - - 0 1",
            ),
            ("chess", "8/5k2/8/3P4/8/8/1K6/8 b - - 0 1"),
            (
                "capablanca",
                "r1abqkbcnr/pppp1ppppp/2n7/4p5/4P5/5N4/PPPP1PPPPP/RNABQKBC1R w - - 0 1",
            ),
            (
                "shatranj",
                "r1bk1bnr/pppqpppp/2n5/8/4P3/5N2/PPPPQPPP/RNBK1B1R w - - 0 1",
            ),
            (
                "crazyhouse",
                "r1bqkbnr/pppp1ppp/2n5/8/4p3/5N2/PPPP1PPP/RNBQKB1R[Pn] w - - 0 1",
            ),
        ] {
            assert_eq!(
                eval(variant, fen),
                eval(variant, &mirror(fen)),
                "{variant}: {fen}"
            );
        }
    }

    /// How a position is turned into its colour-flipped twin.
    #[derive(Clone, Copy, Debug)]
    enum Flip {
        /// Ranks reversed (chess, xiangqi).
        Mirror,
        /// Ranks and files reversed (shogi).
        Rotate,
    }

    /// The tokens of one FEN rank: a run of digits, `*`, or a piece letter with any `+`.
    fn rank_tokens(rank: &str) -> Vec<String> {
        let mut tokens: Vec<String> = Vec::new();
        let mut pending = String::new();
        for c in rank.chars() {
            let joins_number = c.is_ascii_digit()
                && pending.is_empty()
                && tokens
                    .last()
                    .is_some_and(|t| t.chars().all(|d| d.is_ascii_digit()));
            if joins_number {
                tokens.last_mut().expect("a token").push(c);
            } else if c == '+' {
                pending.push(c);
            } else {
                pending.push(c);
                tokens.push(std::mem::take(&mut pending));
            }
        }
        tokens
    }

    /// The board and hand fields with colours swapped and the board flipped.
    fn flip_board(board: &str, flip: Flip) -> String {
        let (board, hand) = match board.split_once('[') {
            Some((b, h)) => (b, format!("[{}", swap_case(h))),
            None => (board, String::new()),
        };
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|rank| match flip {
                Flip::Mirror => rank.to_string(),
                Flip::Rotate => rank_tokens(rank).into_iter().rev().collect(),
            })
            .collect();
        format!("{}{hand}", swap_case(&ranks.join("/")))
    }

    #[test]
    fn every_symmetric_variant_scores_flipped_positions_the_same() {
        let catalog = Catalog::builtin();
        let mut tested = 0;
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for name in catalog.names() {
            let rules = catalog.rules(&name).expect("a variant");
            let start_board = rules.start_fen.split(' ').next().expect("a board");
            let Some(flip) = [Flip::Mirror, Flip::Rotate]
                .into_iter()
                .find(|&f| flip_board(start_board, f) == start_board)
            else {
                continue;
            };
            let tables = EvalTables::new(&rules);
            // Every weight at work, those the variant's weights leave at 0 included.
            let mut busy = EvalParams::default();
            for i in 0..busy.len() {
                let w = busy.weight_mut(i);
                if *w == 0 {
                    *w = 7 + i as i32;
                }
            }
            // Piece-square terms on every fifth square, which the second player must see
            // from the squares the start position's symmetry gives.
            for (id, pt) in rules.pieces.iter().enumerate() {
                for sq in rules.geometry.squares().step_by(5) {
                    let pair = [id as i32 + sq.index() as i32, 11 - sq.index() as i32];
                    busy.set_square(&pt.symbol, &rules.geometry.name(sq), pair);
                }
            }
            let busy = EvalTables::with_params(&rules, &derive(&rules), busy);
            let mut checked = 0;
            for plies in [3, 6, 9, 12, 15, 20] {
                let mut pos = Position::start(Arc::clone(&rules));
                for _ in 0..plies {
                    let mut moves = movegen::MoveList::new();
                    pos.generate_legal(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make(moves[(seed % moves.len() as u64) as usize]);
                }
                let fen = pos.fen();
                let fields: Vec<&str> = fen.split(' ').collect();
                let side = if fields[1] == "w" { "b" } else { "w" };
                let rest = fields[4..].join(" ");
                // The checks each side has left (`3+2`) change sides with the colours.
                let swapped_rest = match fields[4].split_once('+') {
                    Some((white, black)) => {
                        format!("{black}+{white} {}", fields[5..].join(" "))
                    }
                    None => rest.clone(),
                };
                let plain = format!("{} {} - - {rest}", fields[0], fields[1]);
                let flipped = format!("{} {side} - - {swapped_rest}", flip_board(fields[0], flip));
                let (Ok(a), Ok(b)) = (
                    Position::from_fen(Arc::clone(&rules), &plain),
                    Position::from_fen(Arc::clone(&rules), &flipped),
                ) else {
                    continue;
                };
                // Which of several kings is royal can depend on the colour (two-kings chess
                // breaks ties on a file by the board's rank), so the royal terms may differ.
                let kings = |pos: &Position| {
                    Color::ALL.into_iter().any(|color| {
                        let royal = (0..rules.pieces.len()).filter(|&id| rules.pieces[id].royal);
                        royal
                            .map(|id| {
                                pos.pieces(Piece {
                                    color,
                                    id: id as PieceId,
                                })
                                .len()
                            })
                            .sum::<usize>()
                            > 1
                    })
                };
                let checks: &[&EvalTables] = if kings(&a) {
                    &[&tables]
                } else {
                    &[&tables, &busy]
                };
                for tables in checks {
                    assert_eq!(
                        tables.evaluate(&a),
                        tables.evaluate(&b),
                        "{name}: {plain} and {flipped}"
                    );
                }
                checked += 1;
            }
            tested += usize::from(checked > 0);
        }
        assert!(tested >= 80, "only {tested} variants tested");
    }

    /// What setting the weight `name` to 100 (middlegame and endgame) adds to the chess
    /// score of `fen` for the side to move.
    fn weight_effect(name: &str, fen: &str) -> i32 {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let profiles = derive(&rules);
        let mut params = EvalParams::default();
        let i = EvalParams::NAMES
            .iter()
            .position(|n| *n == name)
            .expect("a weight");
        *params.weight_mut(2 * i) = 100;
        *params.weight_mut(2 * i + 1) = 100;
        let on = EvalTables::with_params(&rules, &profiles, params);
        let off = EvalTables::with_params(&rules, &profiles, EvalParams::default());
        let pos = Position::from_fen(rules, fen).expect("fen");
        on.evaluate(&pos) - off.evaluate(&pos)
    }

    #[test]
    fn structure_terms_count_what_they_name() {
        // White's bishops stand on both colours, Black's on one.
        let pair = "2b1kb2/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1";
        assert_eq!(weight_effect("pair", pair), 0);
        let pair = "2b1k1b1/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1";
        assert_eq!(weight_effect("pair", pair), 100);
        // A rook on a file without pawns (twice: no pawn at all), one behind its own pawn.
        let files = "3rk3/pp3ppp/8/8/8/8/PP4PP/3RK3 w - - 0 1";
        assert_eq!(weight_effect("open_file", files), 200 - 200);
        let files = "3rk3/pp1p1ppp/8/8/8/8/PP4PP/3RK3 w - - 0 1";
        assert_eq!(weight_effect("open_file", files), 100);
        // A knight on e5 held by the d4 pawn and out of reach of Black's pawns; a knight
        // at home is none.
        let outpost = "1n2k3/pp4pp/8/4N3/3P4/8/PP4PP/4K3 w - - 0 1";
        assert_eq!(weight_effect("outpost", outpost), 100);
        let chased = "1n2k3/pp4pp/5p2/4N3/3P4/8/PP4PP/4K3 w - - 0 1";
        assert_eq!(weight_effect("outpost", chased), 0);
        // The e3 pawn defends d4; Black's a7 and b7 defend nothing.
        let supported = "4k3/pp6/8/8/3P4/4P3/8/4K3 w - - 0 1";
        assert_eq!(weight_effect("supported_pawn", supported), 100);
        // d4 and e4 stand side by side; a7 and c7 do not.
        let phalanx = "4k3/p1p5/8/8/3PP3/8/8/4K3 w - - 0 1";
        assert_eq!(weight_effect("phalanx", phalanx), 200);
        // Three pawns before White's king, two before Black's.
        let shield = "6k1/5pp1/8/8/8/8/5PPP/6K1 w - - 0 1";
        assert_eq!(weight_effect("pawn_shield", shield), 100);
    }

    #[test]
    fn safe_checks_count_squares_the_defence_does_not_cover() {
        let safe_checks = |variant: &str, fen: &str| {
            let rules = Catalog::builtin().rules(variant).expect(variant);
            let params = EvalParams {
                safe_check: [1, 0],
                ..EvalParams::default()
            };
            let tables = EvalTables::with_params(&rules, &derive(&rules), params);
            let pos = Position::from_fen(rules, fen).expect("fen");
            let BoardSets::Word(sets) = &tables.sets else {
                panic!("{variant} has more than 64 squares");
            };
            tables
                .activity(sets, &pos, &mut [0; 2], &mut [0; 2])
                .safe_checks
        };
        // The queen checks from e2, a4 and h5; d8 and d7 are covered by the king.
        assert_eq!(
            safe_checks("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
            [0, 3]
        );
        // The e6 pawn backs a check on d7 up.
        assert_eq!(
            safe_checks("chess", "4k3/8/4P3/8/8/8/8/3QK3 w - - 0 1"),
            [0, 3]
        );
        // A knight in hand drops with check on d6, f6, c7 or g7.
        assert_eq!(
            safe_checks("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"),
            [0, 4]
        );
    }

    #[test]
    fn material_and_position_count() {
        // Material and position cancel in the start position: the tempo bonus is left.
        let rules = Catalog::builtin().rules("chess").expect("variant");
        let start = eval(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        );
        assert_eq!(
            start,
            EvalTables::handwritten(&rules).params.tempo[0],
            "start position"
        );
        let queen_up = eval(
            "chess",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        );
        assert!(queen_up > 800, "a queen up: {queen_up}");
        // A pawn on the seventh is worth more than one at home, in an endgame.
        let far = eval("chess", "8/4P3/8/8/8/2k5/8/4K3 w - - 0 1");
        let home = eval("chess", "8/8/8/8/8/2k5/4P3/4K3 w - - 0 1");
        assert!(far > home + 100, "advanced {far}, at home {home}");
        // A knight in the centre beats a knight in the corner.
        let centre = eval("chess", "4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1");
        let corner = eval("chess", "4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1");
        assert!(centre > corner + 30, "centre {centre}, corner {corner}");
    }

    #[test]
    fn small_edges_without_pawns_are_drawish() {
        let rook_v_bishop = eval("chess", "4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1");
        assert!(rook_v_bishop.abs() < 100, "{rook_v_bishop}");
        let rook_v_pawn = eval("chess", "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(rook_v_pawn > 300, "{rook_v_pawn}");
        // In shatranj, taking the last piece wins: no scaling.
        let knight = eval("shatranj", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(knight > 200, "{knight}");
    }

    #[test]
    fn an_expiring_count_fades_the_advantage() {
        // Makruk: a rook against a bare king, 32 plies to mate; with 6 left it is nearly a draw.
        let early = eval("makruk", "4k3/8/8/8/8/8/R7/4K3 w - 32 7 2");
        let late = eval("makruk", "4k3/8/8/8/8/8/R7/4K3 w - 32 26 12");
        assert!(early > 300, "{early}");
        assert!(late < early / 2, "early {early}, late {late}");
    }

    #[test]
    fn a_bare_king_is_driven_to_the_edge() {
        let centre = eval("chess", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
        let edge = eval("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let corner = eval("chess", "7k/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(edge > centre + 40, "edge {edge}, centre {centre}");
        assert!(corner > edge + 20, "corner {corner}, edge {edge}");
        let far = eval("makruk", "7k/8/8/8/8/8/8/R1K5 w - - 0 1");
        let near = eval("makruk", "7k/8/5K2/8/8/8/8/R7 w - - 0 1");
        assert!(near > far + 20, "near {near}, far {far}");
    }

    #[test]
    fn pieces_in_hand_count() {
        let with = eval("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
        assert!(with > 250, "a knight in hand: {with}");
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let tables = EvalTables::new(&rules);
        let pos = Position::from_fen(Arc::clone(&rules), "4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1")
            .expect("fen");
        assert!(!tables.has_pieces(&pos, Color::Black));
        assert!(!tables.has_pieces(&pos, Color::White));
        let pos = Position::start(rules);
        assert!(tables.has_pieces(&pos, Color::White));
    }
}
