//! One-line English readings of moves.

use crate::{
    ast::{Atom, Initial, MoveDesc, Range},
    direction::{step_vector, DirClass},
    DirSet, Modes,
};

/// Describes one move of a piece in plain English, on one line.
///
/// Directions are named from the mover's side (forward is towards the enemy); continuation legs
/// are named relative to the leg before (straight on, turning 45 or 90 degrees, back). Oblique
/// leaps in a partial set of directions are listed as "1 right 2 forward" and so on.
///
/// # Examples
/// ```
/// use notation::{describe, parse};
/// let pawn = parse("fmWfceF").unwrap();
/// assert_eq!(describe(&pawn.moves[0]), "moves (never captures) one square forward");
/// assert_eq!(
///     describe(&pawn.moves[1]),
///     "captures (also en passant) one square diagonally forward"
/// );
/// assert_eq!(describe(&parse("N").unwrap().moves[0]), "leaps (1,2) in all 8 directions");
/// ```
pub fn describe(mv: &MoveDesc) -> String {
    let mut text = match mv.atom {
        Atom::Castling => castling(mv),
        Atom::Imitator => imitator(mv),
        _ => legs(mv),
    };
    match mv.initial {
        Initial::Any => {}
        Initial::Virgin => text.push_str(", on its first move only"),
        Initial::AheadOfStart => {
            text.push_str(", only from a square a rank ahead of where its type starts")
        }
    }
    text
}

/// How far a leg goes, in units of the atom.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Motion {
    /// One square (W, F, K steps).
    Step,
    /// Several unit steps in a line.
    Slide(Range),
    /// One leap of `(minor, major)`.
    Leap(u8, u8),
    /// Several leaps in a line.
    Ride(u8, u8, Range),
}

impl Motion {
    fn new(atom: Atom, range: Range) -> Motion {
        let (minor, major) = match atom {
            Atom::Leap { minor, major, .. } => (minor, major),
            _ => (0, 1),
        };
        let unit = major <= 1;
        match (unit, range) {
            (true, Range::Steps(1)) => Motion::Step,
            (true, r) => Motion::Slide(r),
            (false, Range::Steps(1)) => Motion::Leap(minor, major),
            (false, r) => Motion::Ride(minor, major, r),
        }
    }

    /// Whether a single step of the motion passes over squares (D, N, but not W, F).
    fn has_gaps(self) -> bool {
        matches!(self, Motion::Leap(..) | Motion::Ride(..))
    }

    fn unlimited(self) -> bool {
        matches!(
            self,
            Motion::Slide(Range::Unlimited) | Motion::Ride(_, _, Range::Unlimited)
        )
    }

    /// The verb and object of a leg that may end as it likes: "slides any distance".
    fn verb(self) -> String {
        match self {
            Motion::Step => "steps one square".to_string(),
            Motion::Slide(r) => format!("slides {}", distance(r, "square")),
            Motion::Leap(p, q) => format!("leaps ({p},{q})"),
            Motion::Ride(p, q, r) => format!("rides {}", distance(r, &leap(p, q))),
        }
    }

    /// The object after a verb that says what the leg does: "(moves) one square".
    fn object(self) -> String {
        match self {
            Motion::Step => "one square".to_string(),
            Motion::Slide(r) => distance(r, "square"),
            Motion::Leap(p, q) => format!("by a {}", leap(p, q)),
            Motion::Ride(p, q, r) => format!("by {}", distance(r, &leap(p, q))),
        }
    }

    /// The object of a continuation leg, whose leap may be turned: "one square", "one leap".
    fn turned_object(self) -> String {
        match self {
            Motion::Step => "one square".to_string(),
            Motion::Slide(r) => distance(r, "square"),
            Motion::Leap(..) => "one leap".to_string(),
            Motion::Ride(_, _, r) => distance(r, "leap"),
        }
    }

    /// How far a leg must go to reach something: "one square away", "a (1,2) leap away".
    fn away(self) -> String {
        match self {
            Motion::Step => "one square away".to_string(),
            Motion::Slide(r) => format!("{} away", distance(r, "square")),
            Motion::Leap(p, q) => format!("a {} away", leap(p, q)),
            Motion::Ride(p, q, r) => format!("{} away", distance(r, &leap(p, q))),
        }
    }

    /// Where a hopper lands behind its mount: "directly behind it", "anywhere beyond it".
    fn beyond(self) -> String {
        match self {
            Motion::Step => "directly behind it".to_string(),
            Motion::Slide(Range::Unlimited) => "anywhere beyond it".to_string(),
            Motion::Slide(r) => format!("{} beyond it", distance(r, "square")),
            Motion::Leap(p, q) => format!("one {} beyond it", leap(p, q)),
            Motion::Ride(p, q, r) => format!("{} beyond it", distance(r, &leap(p, q))),
        }
    }
}

fn leap(p: u8, q: u8) -> String {
    format!("({p},{q}) leap")
}

/// "any distance", "up to 3 squares", "any number of (1,2) leaps".
fn distance(range: Range, unit: &str) -> String {
    match range {
        Range::Steps(1) => format!("one {unit}"),
        Range::Steps(n) => format!("up to {n} {unit}s"),
        Range::Unlimited if unit == "square" => "any distance".to_string(),
        Range::Unlimited => format!("any number of {unit}s"),
        Range::EnemyHalf if unit == "square" => "any distance".to_string(),
        Range::EnemyHalf => format!("any number of {unit}s"),
    }
}

/// The whole move as a sequence of legs.
fn legs(mv: &MoveDesc) -> String {
    let atom = mv.atom;
    let intrinsic = if atom.slides() {
        Range::Unlimited
    } else {
        Range::Steps(1)
    };
    let count = mv.legs.len();
    let mut parts: Vec<String> = Vec::new();
    let mut toggled = false;
    for (k, leg) in mv.legs.iter().enumerate() {
        let last = k + 1 == count;
        let range = if k == 0 {
            mv.range
        } else if toggled {
            intrinsic.toggled()
        } else {
            intrinsic
        };
        let curved = leg.modes.intersects(Modes::CROOKED.union(Modes::CIRCULAR));
        let range = if curved && range == Range::Steps(1) {
            Range::Unlimited
        } else {
            range
        };
        let motion = Motion::new(atom, range);
        let dirs = if k == 0 {
            first_dirs(atom, leg.dirs)
        } else {
            relative_dirs(atom, leg.dirs)
        };
        let hop = last && leg.modes.intersects(Modes::HOP.union(Modes::GRASSHOP));
        let mut text = if hop {
            let landing_range = if leg.modes.contains(Modes::GRASSHOP) {
                range.toggled()
            } else {
                range
            };
            hopper(motion, Motion::new(atom, landing_range), leg.modes, &dirs)
        } else if atom == Atom::Universal && k == 0 {
            let verb = final_verb(leg.modes, last).unwrap_or_else(|| "teleports".to_string());
            let ending = if last {
                String::new()
            } else {
                ending(leg.modes)
            };
            format!("{verb} anywhere on the board{ending}")
        } else if leg.iso {
            let verb = final_verb(leg.modes, last).map_or(String::new(), |v| format!("{v} "));
            let ending = if last {
                String::new()
            } else {
                ending(leg.modes)
            };
            format!("{verb}the same distance as the last slide {dirs}{ending}")
        } else if last {
            let object = if k == 0 {
                motion.object()
            } else {
                motion.turned_object()
            };
            match final_verb(leg.modes, last) {
                Some(verb) if leg.modes.contains(Modes::EXCITE) && is_only_borrowing(leg.modes) => {
                    let away = if k == 0 {
                        motion.away()
                    } else {
                        format!("{} away", motion.turned_object())
                    };
                    format!("{verb} {away} {dirs}")
                }
                Some(verb) => format!("{verb} {object} {dirs}"),
                None if k == 0 => format!("{} {dirs}", motion.verb()),
                None => format!("{object} {dirs}"),
            }
        } else {
            let head = if k == 0 {
                motion.verb()
            } else {
                motion.turned_object()
            };
            format!("{head} {dirs}{}", ending(leg.modes))
        };
        text.push_str(&qualifiers(leg.modes, motion));
        if range == Range::EnemyHalf {
            text.push_str(
                ", stopping short of the enemy half of the board (at least one step), creating \
                 e.p. rights on every square it passes",
            );
        }
        if last && !hop && leg.modes.contains(Modes::EXCITE) && !is_only_borrowing(leg.modes) {
            text.push_str(", or borrows the moves of a friendly piece it reaches");
        }
        if leg.modes.intersects(Modes::GRASSHOP.union(Modes::FORK)) && !last {
            toggled = !toggled;
        }
        parts.push(text);
    }
    let mut text = parts.join(", then ");
    if count >= 3 && mv.legs[1..].iter().any(|l| l.dirs.is_none()) {
        text.push_str(", never visiting a square twice");
    }
    if count == 2
        && mv.legs[1].iso
        && mv.legs[1].dirs == Some(DirSet(0b0001_0000))
        && mv.legs[0].modes.contains(Modes::CAPTURE)
    {
        text.push_str(" (rifle capture: it returns to its start)");
    }
    text
}

/// Whether `x` is the only thing a final leg may do.
fn is_only_borrowing(modes: Modes) -> bool {
    !modes.intersects(
        Modes::MOVE
            .union(Modes::FORK)
            .union(Modes::CAPTURES)
            .union(Modes::DESTROY),
    )
}

/// The verb of a final leg with its own modes; `None` for the default (move or capture).
fn final_verb(modes: Modes, last: bool) -> Option<String> {
    if !last {
        return None;
    }
    let moves = modes.intersects(Modes::MOVE.union(Modes::FORK));
    let (c, d, e, k) = (
        modes.contains(Modes::CAPTURE),
        modes.contains(Modes::DESTROY),
        modes.contains(Modes::EN_PASSANT),
        modes.contains(Modes::ROYAL_CAPTURE),
    );
    let x = modes.contains(Modes::EXCITE);
    if !(moves || c || d || e || k || x) || (moves && c && !d && !e) {
        return None;
    }
    let mut capture = match (c, d, k) {
        (true, true, _) => "captures any piece".to_string(),
        (true, false, _) => "captures".to_string(),
        (false, true, true) => "captures a friendly piece or a royal enemy".to_string(),
        (false, true, false) => "captures a friendly piece".to_string(),
        (false, false, true) => "captures only a royal piece".to_string(),
        (false, false, false) => String::new(),
    };
    if e {
        if capture.is_empty() {
            capture = "captures en passant".to_string();
        } else {
            capture.push_str(" (also en passant)");
        }
    }
    Some(match (moves, capture.is_empty()) {
        (true, true) => "moves (never captures)".to_string(),
        (true, false) => format!("moves or {capture}"),
        (false, false) => capture,
        (false, true) => "borrows the moves of a friendly piece".to_string(),
    })
}

/// Where a non-final leg may end: " to an empty square or an enemy piece (capturing it)".
fn ending(modes: Modes) -> String {
    let mut alternatives = Vec::new();
    let any_ending = Modes::MOVE
        .union(Modes::CAPTURE)
        .union(Modes::DESTROY)
        .union(Modes::EN_PASSANT)
        .union(Modes::HOP)
        .union(Modes::GRASSHOP)
        .union(Modes::FORK)
        .union(Modes::EXCITE);
    let m = !modes.intersects(any_ending) || modes.intersects(Modes::MOVE.union(Modes::FORK));
    if m {
        alternatives.push("an empty square");
    }
    if modes.contains(Modes::CAPTURE) {
        alternatives.push("an enemy piece (capturing it)");
    }
    if modes.contains(Modes::DESTROY) {
        alternatives.push("a friendly piece (capturing it)");
    }
    if modes.contains(Modes::EN_PASSANT) {
        alternatives.push("an e.p. square (capturing en passant)");
    }
    if modes.intersects(Modes::HOP.union(Modes::GRASSHOP)) && modes.contains(Modes::TAME) {
        alternatives.push("a friendly piece (without disturbing it)");
    } else if modes.intersects(Modes::HOP.union(Modes::GRASSHOP)) {
        alternatives.push("any piece (without disturbing it)");
    }
    if modes.contains(Modes::EXCITE) {
        alternatives.push("a friendly piece (which then makes the rest of the move)");
    }
    format!(" to {}", join_or(&alternatives))
}

/// A final hopping leg: hop-on leg plus the implied landing leg.
fn hopper(hop_on: Motion, landing: Motion, modes: Modes, dirs: &str) -> String {
    let mount = match hop_on {
        Motion::Slide(Range::Unlimited) => "a piece".to_string(),
        Motion::Step => "an adjacent piece".to_string(),
        other => format!("a piece {}", other.away()),
    };
    let verb = final_verb(modes, true);
    let landing_text = match &verb {
        None => format!("landing {}", landing.beyond()),
        Some(v) => format!("then {v} {}", landing.beyond()),
    };
    let mut text = format!("hops over {mount} {dirs}, {landing_text}");
    let plain_slider = hop_on == Motion::Slide(Range::Unlimited);
    if plain_slider && modes.contains(Modes::GRASSHOP) && landing == Motion::Step && verb.is_none()
    {
        text.push_str(" (grasshopper)");
    }
    if plain_slider
        && modes.contains(Modes::HOP)
        && landing.unlimited()
        && verb.as_deref() == Some("captures")
    {
        text.push_str(" (cannon)");
    }
    text
}

/// Travel modifiers of a leg, each as ", ...".
fn qualifiers(modes: Modes, motion: Motion) -> String {
    let mut out = String::new();
    let gaps = motion.has_gaps();
    let non_jumping = modes.contains(Modes::NON_JUMPING);
    let ep_rights = modes.contains(Modes::EP_RIGHTS);
    if gaps && non_jumping {
        out.push_str(", not jumping (blocked by a piece on a square it passes over)");
    }
    if gaps && ep_rights {
        out.push_str(", creating e.p. rights on the squares it passes over");
    }
    if !gaps && non_jumping {
        out.push_str(", creating e.p. rights on the squares it passes");
    }
    if modes.contains(Modes::JUMPING) {
        if gaps {
            out.push_str(", only by jumping over an occupied square");
        } else if motion.unlimited() {
            out.push_str(", skipping the first square untested (ski-slide)");
        }
    }
    if modes.contains(Modes::TORUS) {
        out.push_str(", wrapping around all board edges (torus)");
    } else if modes.contains(Modes::CYLINDER) {
        out.push_str(", wrapping around the left and right board edges (cylinder)");
    }
    if modes.contains(Modes::CROOKED) {
        out.push_str(", zig-zagging with alternating 90-degree turns (crooked)");
    } else if modes.contains(Modes::CIRCULAR) {
        out.push_str(", turning 45 degrees the same way at every step, at most 7 steps (circular)");
    }
    if modes.contains(Modes::UNLOAD) {
        out.push_str(", putting the piece it captures on the square this leg started from");
    }
    out
}

/// `O`: castling.
fn castling(mv: &MoveDesc) -> String {
    let Range::Steps(n) = mv.range else {
        return "has no move (castling without a number of steps)".to_string();
    };
    let dirs = k_words(
        mv.legs
            .first()
            .and_then(|l| l.dirs)
            .unwrap_or(DirSet::ORTHOGONAL)
            .intersection(DirSet::ORTHOGONAL),
    );
    let squares = if n == 1 { "square" } else { "squares" };
    format!("castles {n} {squares} {dirs} with the piece on the board edge")
}

/// `I`: the imitator.
fn imitator(mv: &MoveDesc) -> String {
    let first = mv.legs.first().copied().unwrap_or_default();
    let dirs = first.dirs.unwrap_or(DirSet(1));
    let how = match (dirs.contains(0), dirs.contains(4)) {
        (true, false) => "",
        (false, true) => " as the opponent would move it",
        (true, true) => " both as it moves and as the opponent would move it",
        (false, false) => return "imitates nothing (no direction)".to_string(),
    };
    let mut filter = Vec::new();
    for (flag, what) in [
        (Modes::MOVE, "move to an empty square"),
        (Modes::CAPTURE, "capture"),
        (Modes::DESTROY, "capture a friendly piece"),
        (Modes::EN_PASSANT, "capture en passant"),
        (Modes::ROYAL_CAPTURE, "capture a royal piece"),
    ] {
        if first.modes.contains(flag) {
            filter.push(what);
        }
    }
    let mut text = format!("imitates the last-moved piece{how}");
    if !filter.is_empty() {
        text.push_str(", using only its moves that ");
        text.push_str(&join_or(&filter));
    }
    text
}

/// Absolute directions of a first leg.
fn first_dirs(atom: Atom, dirs: Option<DirSet>) -> String {
    if atom == Atom::Universal {
        return String::new();
    }
    let set = dirs
        .unwrap_or(atom.all_dirs())
        .intersection(atom.all_dirs());
    match (atom.class(), atom) {
        (DirClass::Oblique, Atom::Leap { minor, major, .. }) => oblique_words(set, minor, major),
        _ => k_words(set),
    }
}

const ABSOLUTE: [&str; 8] = [
    "forward",
    "forward-right",
    "right",
    "backward-right",
    "backward",
    "backward-left",
    "left",
    "forward-left",
];

/// Names a set of K-system directions: "orthogonally", "forward or sideways".
fn k_words(set: DirSet) -> String {
    if set == DirSet::ALL {
        return "in all 8 directions".to_string();
    }
    if set.is_empty() {
        return "in no direction".to_string();
    }
    let orthogonal = set.intersection(DirSet::ORTHOGONAL);
    let diagonal = set.intersection(DirSet::DIAGONAL);
    let list = |s: DirSet| -> String {
        let names: Vec<&str> = s.iter().map(|d| ABSOLUTE[d as usize]).collect();
        join_or(&names)
    };
    let mut parts = Vec::new();
    if !orthogonal.is_empty() {
        parts.push(match orthogonal.0 {
            0b0101_0101 => "orthogonally".to_string(),
            0b0001_0001 => "forward or backward".to_string(),
            0b0100_0100 => "sideways".to_string(),
            0b0100_0101 => "forward or sideways".to_string(),
            0b0101_0100 => "backward or sideways".to_string(),
            _ => list(orthogonal),
        });
    }
    if !diagonal.is_empty() {
        parts.push(match diagonal.0 {
            0b1010_1010 => "diagonally".to_string(),
            0b1000_0010 => "diagonally forward".to_string(),
            0b0010_1000 => "diagonally backward".to_string(),
            0b0000_1010 => "diagonally right".to_string(),
            0b1010_0000 => "diagonally left".to_string(),
            _ => format!("diagonally {}", list(diagonal)),
        });
    }
    parts.join(" or ")
}

/// Names a set of oblique leaps: "in all 8 directions", or the leaps as "1 right 2 forward".
fn oblique_words(set: DirSet, minor: u8, major: u8) -> String {
    if set == DirSet::ALL {
        return "in all 8 directions".to_string();
    }
    if set.is_empty() {
        return "in no direction".to_string();
    }
    let leaps: Vec<String> = set
        .iter()
        .map(|d| {
            let (x, y) = step_vector(minor as i32, major as i32, d);
            let side = if x > 0 { "right" } else { "left" };
            let ahead = if y > 0 { "forward" } else { "backward" };
            format!("{} {side} {} {ahead}", x.abs(), y.abs())
        })
        .collect();
    let leaps: Vec<&str> = leaps.iter().map(String::as_str).collect();
    format!("to {}", join_or(&leaps))
}

/// Directions of a continuation leg, relative to the leg before.
fn relative_dirs(atom: Atom, dirs: Option<DirSet>) -> String {
    let oblique = atom.class() == DirClass::Oblique;
    let Some(set) = dirs else {
        return match atom.class() {
            DirClass::Orthogonal | DirClass::Diagonal => {
                "straight on or turning 90 degrees left or right".to_string()
            }
            _ => "in any direction but straight back".to_string(),
        };
    };
    if set == DirSet::ALL {
        return "in any direction".to_string();
    }
    if set.is_empty() {
        return "in no direction".to_string();
    }
    let mut parts = Vec::new();
    if set.contains(0) {
        parts.push("straight on".to_string());
    }
    // Turns grouped by side and listed by size: "turning 45 or 135 degrees left or right".
    let amount = |turn: u8| -> String {
        if oblique {
            ["", "one place", "two places", "three places"][turn as usize].to_string()
        } else {
            (45 * turn as u32).to_string()
        }
    };
    let both: Vec<u8> = (1..=3)
        .filter(|&t| set.contains(t) && set.contains(8 - t))
        .collect();
    let right: Vec<u8> = (1..=3)
        .filter(|&t| set.contains(t) && !set.contains(8 - t))
        .collect();
    let left: Vec<u8> = (1..=3)
        .filter(|&t| set.contains(8 - t) && !set.contains(t))
        .collect();
    for (turns, side) in [(both, "left or right"), (right, "right"), (left, "left")] {
        if turns.is_empty() {
            continue;
        }
        let amounts: Vec<String> = turns.iter().map(|&t| amount(t)).collect();
        let amounts: Vec<&str> = amounts.iter().map(String::as_str).collect();
        let amounts = join_or(&amounts);
        parts.push(if oblique {
            let side = match side {
                "right" => "clockwise",
                "left" => "counter-clockwise",
                _ => "either way",
            };
            format!("turning {amounts} {side} among its 8 leaps")
        } else {
            format!("turning {amounts} degrees {side}")
        });
    }
    if set.contains(4) {
        parts.push("straight back".to_string());
    }
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    join_or(&parts)
}

/// "a", "a or b", "a, b or c".
fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn all(text: &str) -> Vec<String> {
        parse(text).unwrap().moves.iter().map(describe).collect()
    }

    fn one(text: &str) -> String {
        let moves = all(text);
        assert_eq!(moves.len(), 1, "{text}");
        moves.into_iter().next().unwrap()
    }

    #[test]
    fn simple_pieces() {
        assert_eq!(one("N"), "leaps (1,2) in all 8 directions");
        assert_eq!(one("R"), "slides any distance orthogonally");
        assert_eq!(one("K"), "steps one square in all 8 directions");
        assert_eq!(one("B4"), "slides up to 4 squares diagonally");
        assert_eq!(
            one("NN"),
            "rides any number of (1,2) leaps in all 8 directions"
        );
        assert_eq!(one("fsW"), "steps one square forward or sideways");
        assert_eq!(one("FX"), "leaps (1,4) in all 8 directions");
        assert_eq!(one("frN"), "leaps (1,2) to 2 right 1 forward");
        assert_eq!(one("fhK"), "steps one square forward or diagonally forward");
    }

    #[test]
    fn pawn() {
        assert_eq!(
            all("fmWfceFifmnD"),
            [
                "moves (never captures) one square forward",
                "captures (also en passant) one square diagonally forward",
                "moves (never captures) by a (0,2) leap forward, not jumping (blocked by a \
                 piece on a square it passes over), creating e.p. rights on the squares it \
                 passes over, on its first move only",
            ]
        );
    }

    #[test]
    fn multi_leg_moves() {
        assert_eq!(
            one("mafsW"),
            "steps one square orthogonally to an empty square, then one square turning 45 \
             degrees left or right"
        );
        assert_eq!(
            one("gabyabsR"),
            "slides any distance orthogonally to any piece (without disturbing it), then one \
             square straight back to an empty square, then any distance turning 135 degrees \
             left or right"
        );
        assert_eq!(
            one("caibR"),
            "slides any distance orthogonally to an enemy piece (capturing it), then the same \
             distance as the last slide straight back (rifle capture: it returns to its start)"
        );
        assert_eq!(
            all("mNxaN")[0],
            "moves (never captures) by a (1,2) leap in all 8 directions"
        );
        assert_eq!(
            all("xaN")[0],
            "leaps (1,2) in all 8 directions to a friendly piece (which then makes the rest of \
             the move), then one leap in any direction but straight back"
        );
        assert_eq!(
            one("aaK"),
            "steps one square in all 8 directions to an empty square, then one square in any \
             direction but straight back to an empty square, then one square in any direction \
             but straight back, never visiting a square twice"
        );
    }

    #[test]
    fn turns_and_alternatives() {
        assert_eq!(
            one("mpcaK"),
            "steps one square in all 8 directions to an empty square, an enemy piece (capturing \
             it) or any piece (without disturbing it), then one square in any direction but \
             straight back"
        );
        assert_eq!(
            one("aivsQ"),
            "slides any distance in all 8 directions to an empty square, then the same distance \
             as the last slide turning 45 or 135 degrees left or right"
        );
        assert_eq!(
            one("afraflN"),
            "leaps (1,2) in all 8 directions to an empty square, then one leap turning one place \
             clockwise among its 8 leaps to an empty square, then one leap turning one place \
             counter-clockwise among its 8 leaps"
        );
        assert_eq!(
            all("FyafsF")[1],
            "steps one square diagonally to an empty square, then any distance turning 45 \
             degrees left or right"
        );
    }

    #[test]
    fn hoppers() {
        assert_eq!(
            one("pR"),
            "hops over a piece orthogonally, landing anywhere beyond it"
        );
        assert_eq!(
            one("cpR"),
            "hops over a piece orthogonally, then captures anywhere beyond it (cannon)"
        );
        assert_eq!(
            one("gQ"),
            "hops over a piece in all 8 directions, landing directly behind it (grasshopper)"
        );
        assert_eq!(
            one("gK"),
            "hops over an adjacent piece in all 8 directions, landing anywhere beyond it"
        );
    }

    #[test]
    fn special_atoms_and_modes() {
        assert_eq!(
            all("KisO2")[1],
            "castles 2 squares sideways with the piece on the board edge, on its first move only"
        );
        assert_eq!(one("I"), "imitates the last-moved piece");
        assert_eq!(
            one("bmI"),
            "imitates the last-moved piece as the opponent would move it, using only its \
             moves that move to an empty square"
        );
        assert_eq!(one("U"), "teleports anywhere on the board");
        assert_eq!(one("mU"), "moves (never captures) anywhere on the board");
        assert_eq!(one("cdU"), "captures any piece anywhere on the board");
        assert_eq!(
            one("xK"),
            "borrows the moves of a friendly piece one square away in all 8 directions"
        );
        assert_eq!(
            one("udQ"),
            "captures a friendly piece any distance in all 8 directions, putting the piece \
             it captures on the square this leg started from"
        );
        assert_eq!(
            one("fkR"),
            "captures only a royal piece any distance forward"
        );
        assert_eq!(
            one("jB"),
            "slides any distance diagonally, skipping the first square untested (ski-slide)"
        );
        assert_eq!(
            one("oR"),
            "slides any distance orthogonally, wrapping around the left and right board edges \
             (cylinder)"
        );
        assert_eq!(
            one("qN"),
            "rides any number of (1,2) leaps in all 8 directions, turning 45 degrees \
             the same way at every step, at most 7 steps (circular)"
        );
        assert_eq!(
            one("fmW*"),
            "moves (never captures) any distance forward, stopping short of the enemy half of \
             the board (at least one step), creating e.p. rights on every square it passes"
        );
        assert_eq!(
            one("ifnmW6"),
            "moves (never captures) up to 6 squares forward, creating e.p. rights on the \
             squares it passes, on its first move only"
        );
    }
}
