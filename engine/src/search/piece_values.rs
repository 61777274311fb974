//! Piece values derived from the moves of each piece type on the variant's board.
//!
//! A piece's *effective mobility* on a square counts the squares it can move to and capture on
//! when the board is empty: a slide's later squares count less (they are often blocked),
//! backward moves count less than forward ones, hops and lame leaps less than free moves, and
//! moving and capturing count half each. Its value grows with the mobility averaged over the
//! squares it can stand on, scaled so that the chess knight is worth [`KNIGHT_VALUE`], with a
//! penalty for pieces bound to part of the board (bishops, ferzes, alfils) and a bonus for
//! compounds whose leaps free a bound slider (the archbishop). Values given by the variant file
//! replace the derived ones.

use movegen::{generate_paths, Ending, Occupant, PieceBoard, PieceType, Rules};
use notation::{compile, parse, Color, Geometry, Modes, MoveTable, PathKind, Square, SquareSet};

/// The value of the chess knight, which fixes the scale.
const KNIGHT_VALUE: f64 = 300.0;
/// Value grows with effective mobility to this power.
const EXPONENT: f64 = 1.15;
/// Weight of each further square of a slide relative to the one before.
const SLIDE_DECAY: f64 = 0.7;
/// Weight of a backward move.
const BACKWARD_WEIGHT: f64 = 0.8;
/// Weight of a lame leap (it can be blocked).
const LAME_WEIGHT: f64 = 0.85;
/// Weight of a hop's landing square (it needs a mount).
const HOP_WEIGHT: f64 = 0.3;
/// Value lost by a piece that reaches none of the other squares (scaled by the share of the
/// board it cannot reach).
const BINDING_PENALTY: f64 = 0.16;
/// Share of the smaller part's value a compound gains when its leaps free its bound slides.
const SYNERGY: f64 = 0.5;
/// A slider part reaching at most this share of the board counts as bound.
const BOUND_SHARE: f64 = 0.6;
/// A compound reaching at least this share of the board counts as free.
const FREE_SHARE: f64 = 0.9;
/// The value of a pawn (a type that promotes by choice).
pub(crate) const PAWN_VALUE: i32 = 100;
/// Share of the gain of its promotion a shogi-style piece is worth before promoting.
const PROMOTION_SHARE: i32 = 8;
/// Share of [`PAWN_VALUE`] a pawn keeps when it can promote only to a weak piece (shatranj's
/// and makruk's ferz); the rest grows with its best promotion up to [`STRONG_PROMOTION`].
const WEAK_PAWN_SHARE: f64 = 0.7;
/// A promotion worth this much (a queen) gives a pawn its full value.
const STRONG_PROMOTION: f64 = 900.0;

/// What the evaluation learns about one piece type from its moves.
#[derive(Clone, Debug)]
pub(crate) struct PieceProfile {
    /// Value in centipawns (for a royal piece: what it would be worth, for move ordering).
    pub(crate) value: i32,
    /// Value of the piece on each square, per colour (centipawns, 0 where it cannot stand).
    pub(crate) square_value: [Vec<f64>; 2],
}

/// Derives a profile for every piece type of `rules`.
pub(crate) fn derive(rules: &Rules) -> Vec<PieceProfile> {
    let reference = knight_mobility();
    let mut profiles: Vec<PieceProfile> = rules
        .pieces
        .iter()
        .enumerate()
        .map(|(id, pt)| profile(rules, id, pt, reference))
        .collect();
    // Shogi-style promotable pieces are worth a share of what promoting would add.
    let base: Vec<i32> = profiles.iter().map(|p| p.value).collect();
    // A pawn is worth less when its best promotion is a weak piece.
    let best_promotion = rules
        .promotion
        .choices
        .iter()
        .chain(rules.promotion.black_choices.iter().flatten())
        .map(|&id| base[id as usize])
        .max();
    for (id, pt) in rules.pieces.iter().enumerate() {
        if let (true, None, Some(best)) = (rules.is_pawn(id as u8), pt.value, best_promotion) {
            let share = WEAK_PAWN_SHARE
                + (1.0 - WEAK_PAWN_SHARE) * (f64::from(best) / STRONG_PROMOTION).min(1.0);
            rescale(
                &mut profiles[id],
                (f64::from(PAWN_VALUE) * share).round() as i32,
            );
        }
    }
    for (id, pt) in rules.pieces.iter().enumerate() {
        if let (Some(promoted), None) = (pt.promoted, pt.value) {
            let gain = (base[promoted as usize] - base[id]).max(0) / PROMOTION_SHARE;
            profiles[id].value += gain;
            for side in &mut profiles[id].square_value {
                for v in side.iter_mut().filter(|v| **v > 0.0) {
                    *v += gain as f64;
                }
            }
        }
    }
    profiles
}

/// The profile of piece type `id`.
fn profile(rules: &Rules, id: usize, pt: &PieceType, reference: f64) -> PieceProfile {
    let geometry = &rules.geometry;
    let squares = geometry.num_squares();
    let mut square_value = [vec![0.0; squares], vec![0.0; squares]];
    let mut summary = [Summary::default(), Summary::default()];
    for color in Color::ALL {
        let c = color.index();
        let allowed = standable(geometry, pt, color);
        let mut dests = vec![SquareSet::EMPTY; squares];
        let mut slide_dests = vec![SquareSet::EMPTY; squares];
        for sq in allowed.iter() {
            let table = match &pt.zone_moves {
                Some(zone) if zone.zone[c].contains(sq) => &zone.tables[c],
                _ => &pt.tables[c],
            };
            let region = pt.region.map(|r| r[c]);
            let m = square_mobility(table, geometry, color, sq, region);
            square_value[c][sq.index()] = value_of(m.effective(), reference);
            summary[c].add(&m);
            dests[sq.index()] = m.dests;
            slide_dests[sq.index()] = m.slide_dests;
        }
        summary[c].whole_share = reach_share(&dests, allowed);
        summary[c].slide_share = reach_share(&slide_dests, allowed);
    }
    let white = &summary[0];
    let binding = |share: f64| 1.0 - BINDING_PENALTY * (1.0 - share);
    let mut derived = value_of(white.mean(), reference) * binding(white.whole_share);
    if white.slide_share <= BOUND_SHARE && white.whole_share >= FREE_SHARE && white.leap > 0.0 {
        let leaper = value_of(white.mean_part(white.leap), reference);
        let slider = value_of(white.mean_part(white.slide), reference) * binding(white.slide_share);
        derived += SYNERGY * leaper.min(slider);
    }
    let pawn = rules.is_pawn(id as u8);
    let value = match pt.value {
        Some(v) => v,
        None if pawn => PAWN_VALUE,
        None => derived.round() as i32,
    };
    // Square values keep the piece's value on average; the binding factor and bonuses are
    // spread evenly.
    for c in 0..2 {
        let mean = value_of(summary[c].mean(), reference).max(1.0);
        let scale = value as f64 / mean;
        for v in square_value[c].iter_mut() {
            *v *= scale;
        }
    }
    PieceProfile {
        value,
        square_value,
    }
}

/// Gives `profile` the value `value`, its square values scaled alike.
fn rescale(profile: &mut PieceProfile, value: i32) {
    let scale = f64::from(value) / f64::from(profile.value.max(1));
    for side in &mut profile.square_value {
        for v in side.iter_mut() {
            *v *= scale;
        }
    }
    profile.value = value;
}

/// Squares a piece of `pt` can stand on and move from.
fn standable(geometry: &Geometry, pt: &PieceType, color: Color) -> SquareSet {
    let mut set: SquareSet = geometry.squares().collect();
    if let Some(region) = pt.region {
        set &= region[color.index()];
    }
    let movable = set & !pt.immobile[color.index()];
    if movable.is_empty() {
        set
    } else {
        movable
    }
}

/// Mobility sums over the squares of one colour.
#[derive(Default)]
struct Summary {
    squares: usize,
    total: f64,
    leap: f64,
    slide: f64,
    whole_share: f64,
    slide_share: f64,
}

impl Summary {
    fn add(&mut self, m: &Mobility) {
        self.squares += 1;
        self.total += m.effective();
        self.leap += 0.5 * (m.leap_moves + m.leap_captures);
        self.slide += 0.5 * (m.slide_moves + m.slide_captures);
    }

    fn mean(&self) -> f64 {
        self.mean_part(self.total)
    }

    fn mean_part(&self, part: f64) -> f64 {
        if self.squares == 0 {
            0.0
        } else {
            part / self.squares as f64
        }
    }
}

/// The mobility of a piece on one square of an empty board.
#[derive(Default)]
struct Mobility {
    leap_moves: f64,
    leap_captures: f64,
    slide_moves: f64,
    slide_captures: f64,
    other_moves: f64,
    other_captures: f64,
    dests: SquareSet,
    slide_dests: SquareSet,
}

impl Mobility {
    fn effective(&self) -> f64 {
        0.5 * (self.leap_moves
            + self.leap_captures
            + self.slide_moves
            + self.slide_captures
            + self.other_moves
            + self.other_captures)
    }
}

/// How much a move from `from` to `to` counts for a piece of `color`.
fn direction_weight(geometry: &Geometry, color: Color, from: Square, to: Square) -> f64 {
    let forward = geometry.rank(to) - geometry.rank(from);
    let forward = if color == Color::White {
        forward
    } else {
        -forward
    };
    if forward < 0 {
        BACKWARD_WEIGHT
    } else {
        1.0
    }
}

/// (moves, captures) weights for a move whose final modes are `modes`.
fn mode_weights(modes: Modes, weight: f64) -> (f64, f64) {
    let moves = if modes.contains(Modes::MOVE) {
        weight
    } else {
        0.0
    };
    let captures = if modes.intersects(Modes::CAPTURE) {
        weight
    } else {
        0.0
    };
    (moves, captures)
}

/// The mobility of a piece moving by `table` from `sq` on an empty board, kept inside `region`.
fn square_mobility(
    table: &MoveTable,
    geometry: &Geometry,
    color: Color,
    sq: Square,
    region: Option<SquareSet>,
) -> Mobility {
    let inside = |to: Square| region.map_or(true, |r| r.contains(to));
    let mut m = Mobility::default();
    for leap in table
        .leaps(sq)
        .iter()
        .filter(|l| !l.initial.restricts() && inside(l.to))
    {
        let lame = if leap.block.is_some() {
            LAME_WEIGHT
        } else {
            1.0
        };
        let (mv, cap) = mode_weights(
            leap.modes,
            lame * direction_weight(geometry, color, sq, leap.to),
        );
        m.leap_moves += mv;
        m.leap_captures += cap;
        m.dests.insert(leap.to);
    }
    for slide in table.slides(sq) {
        let mut weight = 1.0;
        for &to in table.slide_squares(slide) {
            if !inside(to) {
                break;
            }
            let (mv, cap) = mode_weights(
                slide.modes,
                weight * direction_weight(geometry, color, sq, to),
            );
            m.slide_moves += mv;
            m.slide_captures += cap;
            m.dests.insert(to);
            m.slide_dests.insert(to);
            weight *= SLIDE_DECAY;
        }
    }
    for hop in table.hops(sq) {
        let line = table.hop_squares(hop);
        let last = (hop.mount_range as usize + hop.landing_range as usize).min(line.len());
        let mut weight = HOP_WEIGHT;
        for &to in line.iter().take(last).skip(1) {
            if !inside(to) {
                break;
            }
            let (mv, cap) = mode_weights(
                hop.modes,
                weight * direction_weight(geometry, color, sq, to),
            );
            m.other_moves += mv;
            m.other_captures += cap;
            m.dests.insert(to);
            weight *= SLIDE_DECAY;
        }
    }
    path_mobility(table, geometry, color, sq, &inside, &mut m);
    m
}

/// Adds the destinations of the table's general paths (multi-leg moves and the like) reached
/// on an empty board; they count as moves and as captures by the share of paths whose final
/// leg may do either.
fn path_mobility(
    table: &MoveTable,
    geometry: &Geometry,
    color: Color,
    sq: Square,
    inside: &dyn Fn(Square) -> bool,
    m: &mut Mobility,
) {
    let legs: Vec<Modes> = table
        .paths()
        .iter()
        .filter(|p| p.kind == PathKind::Legs && !p.initial.restricts())
        .filter_map(|p| p.legs.last().map(|leg| leg.modes))
        .collect();
    if legs.is_empty() {
        return;
    }
    let share = |modes: Modes| {
        legs.iter().filter(|m| m.intersects(modes)).count() as f64 / legs.len() as f64
    };
    let (move_share, capture_share) = (share(Modes::MOVE), share(Modes::CAPTURE));
    let board = EmptyBoard { geometry };
    let mover = Occupant {
        color,
        royal: false,
        virgin: false,
        ahead_of_start: false,
        kind: u32::MAX,
    };
    let mut reached = SquareSet::EMPTY;
    generate_paths(table, &board, sq, mover, &mut |mv| {
        if mv.ending == Ending::Quiet && mv.to != sq && inside(mv.to) {
            reached.insert(mv.to);
        }
    });
    for to in (reached & !m.dests).iter() {
        let weight = direction_weight(geometry, color, sq, to);
        m.other_moves += weight * move_share;
        m.other_captures += weight * capture_share;
    }
    m.dests |= reached;
}

/// An empty board for walking general paths.
struct EmptyBoard<'a> {
    geometry: &'a Geometry,
}

impl PieceBoard for EmptyBoard<'_> {
    fn geometry(&self) -> &Geometry {
        self.geometry
    }

    fn occupant(&self, _: Square) -> Option<Occupant> {
        None
    }

    fn ep_squares(&self) -> SquareSet {
        SquareSet::EMPTY
    }

    fn ep_victim(&self) -> Option<Square> {
        None
    }

    fn table_at(&self, _: Square) -> Option<&MoveTable> {
        None
    }

    fn imitated(&self, _: Color) -> Option<&MoveTable> {
        None
    }
}

/// The share of `allowed` a piece reaches from a square of it, averaged over its squares,
/// moving either way along its moves (two colour-bound halves give 0.5).
fn reach_share(dests: &[SquareSet], allowed: SquareSet) -> f64 {
    let total = allowed.len();
    if total == 0 {
        return 1.0;
    }
    let mut reverse = vec![SquareSet::EMPTY; dests.len()];
    for from in allowed.iter() {
        for to in (dests[from.index()] & allowed).iter() {
            reverse[to.index()].insert(from);
        }
    }
    let mut seen = SquareSet::EMPTY;
    let mut sum = 0.0;
    for start in allowed.iter() {
        if seen.contains(start) {
            continue;
        }
        let mut component = SquareSet::from_square(start);
        let mut frontier = component;
        while let Some(sq) = frontier.first() {
            frontier.remove(sq);
            let next = (dests[sq.index()] | reverse[sq.index()]) & allowed & !component;
            component |= next;
            frontier |= next;
        }
        seen |= component;
        let size = component.len() as f64;
        sum += size * size;
    }
    sum / (total * total) as f64
}

/// The effective mobility of the chess knight on the chess board, which scales every value.
fn knight_mobility() -> f64 {
    let geometry = Geometry::new(8, 8).expect("8x8 is a valid board");
    let knight = parse("N").expect("N is valid XBetza");
    let table = compile(&knight, &geometry, Color::White);
    let total: f64 = geometry
        .squares()
        .map(|sq| square_mobility(&table, &geometry, Color::White, sq, None).effective())
        .sum();
    total / geometry.num_squares() as f64
}

/// The value of a piece of effective mobility `mobility`.
fn value_of(mobility: f64, reference: f64) -> f64 {
    KNIGHT_VALUE * (mobility / reference).powf(EXPONENT)
}

#[cfg(test)]
mod tests {
    use variants::Catalog;

    use super::*;

    fn values(variant: &str) -> Vec<(String, i32)> {
        let rules = Catalog::builtin().rules(variant).expect("variant");
        derive(&rules)
            .iter()
            .zip(&rules.pieces)
            .map(|(p, pt)| (pt.name.clone(), p.value))
            .collect()
    }

    fn value(list: &[(String, i32)], name: &str) -> i32 {
        list.iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} in {list:?}"))
            .1
    }

    #[test]
    fn chess_values_are_ordered() {
        let v = values("chess");
        let (p, n, b, r, q) = (
            value(&v, "pawn"),
            value(&v, "knight"),
            value(&v, "bishop"),
            value(&v, "rook"),
            value(&v, "queen"),
        );
        assert_eq!(p, PAWN_VALUE);
        assert!((280..=320).contains(&n), "knight {n}");
        assert!((n - 40..=n + 60).contains(&b), "bishop {b}, knight {n}");
        assert!((450..=560).contains(&r), "rook {r}");
        assert!((880..=1020).contains(&q), "queen {q}");
        assert!(q > r && r > b && b > p);
    }

    #[test]
    fn fairy_values_land_sensibly() {
        let v = values("capablanca");
        let (r, a, c, q) = (
            value(&v, "rook"),
            value(&v, "archbishop"),
            value(&v, "chancellor"),
            value(&v, "queen"),
        );
        assert!(r < a && a <= c && c <= q + 50, "R {r} A {a} C {c} Q {q}");
        assert!(a >= 750, "archbishop {a}");
        let queen = value(&values("chess"), "queen");
        assert!(value(&values("amazon"), "amazon") > queen + 150);
        let v = values("shatranj");
        let (fers, alfil, knight) = (value(&v, "fers"), value(&v, "alfil"), value(&v, "knight"));
        assert!((100..=220).contains(&fers), "fers {fers}");
        assert!(alfil < fers && fers < knight, "alfil {alfil}");
        let v = values("shogi");
        let (gold, silver, pawn, rook) = (
            value(&v, "gold"),
            value(&v, "silver"),
            value(&v, "shogiPawn"),
            value(&v, "rook"),
        );
        assert!(pawn < silver && silver < gold && gold < rook, "{v:?}");
    }

    #[test]
    fn pawns_that_promote_to_a_ferz_are_worth_less() {
        let v = values("makruk");
        let (pawn, met, khon) = (value(&v, "pawn"), value(&v, "met"), value(&v, "khon"));
        assert!((70..=80).contains(&pawn), "pawn {pawn}");
        assert!(met > 2 * pawn - 20 && khon > 3 * pawn - 20, "{v:?}");
        assert_eq!(value(&values("capablanca"), "pawn"), PAWN_VALUE);
    }
}
