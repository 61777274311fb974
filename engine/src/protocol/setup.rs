//! XBoard's `setup` and `piece` commands: how the engine tells XBoard the board, the start
//! position and the moves of every piece of a variant (protocol.md sections 4 and 5).

use movegen::{is_id_dress, PieceId, PieceType, Position, Rules};
use notation::{write, xboard_misreading, Color, SquareSet};

/// XBoard's built-in variants (`common.h`): a variant of these names keeps its own rules
/// as the `setup` parent.
const XBOARD_VARIANTS: &[&str] = &[
    "normal",
    "nocastle",
    "fischerandom",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "atomic",
    "3check",
    "shatranj",
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
];

/// XBoard's variants whose own Pawn promotes on entering the last three ranks (`promoRank` in
/// moves.c) and must promote there, as Kraken's does; a Pawn defined by `piece` promotes on
/// the last rank only. (XBoard's grand and makruk Pawns promote there too, but have not been
/// checked against Kraken's in XBoard games.)
const THREE_RANK_PROMOTION_PARENTS: &[&str] = &["elven"];

/// Kraken names whose game XBoard knows under another name.
const XBOARD_SPELLINGS: &[(&str, &str)] =
    &[("antichess", "giveaway"), ("chess960", "fischerandom")];

/// XBoard's default piece letters of its first slots (the `fairy` table): a piece whose
/// letter is here takes that slot, and with it XBoard's picture for the letter.
const SLOT_LETTERS: &str = "PNBRQFEACWMOHIJGDVLSU";

/// Slots XBoard has for pieces other than the King (0..=64; 45 is unused: `/` continues at 46).
const SLOTS: usize = 65;

/// Slots whose pieces XBoard gives rules of their own whatever their moves: the Pawn (e.p.
/// rights, promotion), the Lance (pawn-like in most variants: e.p. rights after a two-square
/// step, promotion) and the Lion (Chu Shogi's Lion-trading rules). Only a pawn type takes the
/// Pawn slot, and no piece takes the other two.
const PAWN_SLOT: usize = 0;
const LANCE_SLOT: usize = 18;
const LION_SLOT: usize = 21;

/// Promoted forms take the slot 11 places after their base piece (XBoard's default pairs).
const PARTNER_OFFSET: usize = 11;

/// What to tell XBoard about a variant.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct XboardSetup {
    /// `setup (...) WxH+S_PARENT FEN`, then a `piece` line per piece XBoard reads right.
    pub lines: Vec<String>,
    /// Pieces left out, each with the reason XBoard would misread it.
    pub misread: Vec<String>,
    /// Pieces left to the parent variant, whose own moves for them are right (the
    /// xiangqi soldier, the Pawn of a parent that promotes on the last three ranks), as
    /// `SYMBOL (name)`.
    pub left_to_parent: Vec<String>,
}

/// The `setup` and `piece` lines of `rules`, named `name` (the name the GUI used); the
/// parent is the variant file's `variantTemplate`, else XBoard's variant of that name (not
/// for `user_defined` variants), else one chosen by the rules.
pub fn xboard_setup(name: &str, rules: &Rules, user_defined: bool) -> XboardSetup {
    let start = Position::start(std::sync::Arc::new(rules.clone()));
    let g = &rules.geometry;
    let holdings = holdings_size(rules);
    let parent = parent(name, rules, user_defined);
    let table = rules
        .piece_to_char
        .as_deref()
        .filter(|table| names_every_piece(table, rules))
        .map_or_else(|| piece_to_char(rules), str::to_string);
    let mut lines = vec![format!(
        "setup ({table}) {}x{}+{holdings}_{parent} {}",
        g.width(),
        g.height(),
        start.fen()
    )];
    let mut misread = Vec::new();
    let mut left_to_parent = Vec::new();
    for (id, pt) in rules.pieces.iter().enumerate() {
        let parents_pawn = pt.symbol == "P"
            && (pt.zone_moves.is_some() && parent == "xiangqi"
                || rules.is_pawn(id as PieceId)
                    && THREE_RANK_PROMOTION_PARENTS.contains(&parent)
                    && promotes_on_last_three_ranks(rules, pt));
        if parents_pawn {
            left_to_parent.push(format!("{} ({})", pt.symbol, pt.name));
            continue;
        }
        let unreadable = xboard_misreading(&pt.desc, pt.royal).or_else(|| {
            pt.zone_moves
                .is_some()
                .then(|| "XBoard cannot give it other moves in part of the board".to_string())
        });
        if let Some(reason) = unreadable {
            misread.push(format!("{} ({}): {reason}", pt.symbol, pt.name));
            continue;
        }
        let betza = write(&pt.desc);
        match castling_moves(rules, &start, pt.royal) {
            Some((white, black)) if white != black => {
                lines.push(format!("piece {} {betza}{white}", pt.symbol));
                lines.push(format!("piece {} {betza}{black}", pt.symbol.to_lowercase()));
            }
            Some((both, _)) => lines.push(format!("piece {}& {betza}{both}", pt.symbol)),
            None => lines.push(format!("piece {}& {betza}", pt.symbol)),
        }
    }
    misread.extend(rules_xboard_cannot_follow(rules, &start, parent));
    XboardSetup {
        lines,
        misread,
        left_to_parent,
    }
}

/// The line Fairy-Stockfish sends after `UCI_Variant` for GUIs that set up the board from it:
/// `info string variant NAME files W ranks H pocket N template PARENT startpos FEN`.
pub fn uci_variant_info(name: &str, rules: &Rules, user_defined: bool) -> String {
    let g = &rules.geometry;
    format!(
        "info string variant {name} files {} ranks {} pocket {} template {} startpos {}",
        g.width(),
        g.height(),
        holdings_size(rules),
        parent(name, rules, user_defined),
        rules.start_fen
    )
}

/// How many piece types a side's holdings show: the variant file's `pocketSize`, else those
/// that can be in hand (none without holdings).
fn holdings_size(rules: &Rules) -> usize {
    if !rules.holdings {
        return 0;
    }
    rules.pocket_size.unwrap_or_else(|| {
        rules
            .pieces
            .iter()
            .filter(|p| !p.royal && p.unpromoted.is_none())
            .count()
    })
}

/// Rules that change the board after a move in ways XBoard's `parent` does not (its board
/// would then differ from Kraken's), or that XBoard's moves cannot express from the start
/// position `start`.
fn rules_xboard_cannot_follow(rules: &Rules, start: &Position, parent: &str) -> Vec<String> {
    let off_edge = castling_partner_off_edge(rules, start)
        .then_some("castling with a partner away from the board's edge");
    off_edge
        .into_iter()
        .chain(
            rules
                .features()
                .iter()
                .filter_map(|feature| feature.xboard.fails_under(parent)),
        )
        .map(|rule| format!("the rule of {rule}"))
        .collect()
}

/// Whether a castling partner starts away from the first or last file of its rank: XBoard's
/// `O` castling takes the piece on the board's edge as the partner.
fn castling_partner_off_edge(rules: &Rules, start: &Position) -> bool {
    let castling = &rules.castling;
    if !castling.enabled || rules.chess960 {
        return false;
    }
    let g = &rules.geometry;
    let last = i32::from(g.width()) - 1;
    let rank = i32::from(castling.rank);
    (0..=last)
        .filter_map(|file| g.square(file, rank))
        .filter(|&sq| start.is_virgin(sq))
        .filter_map(|sq| start.piece_at(sq).map(|p| (sq, p)))
        .any(|(sq, p)| {
            p.color == Color::White
                && castling.partners.contains(&p.id)
                && g.file(sq) != 0
                && g.file(sq) != last
        })
}

/// The parent variant whose rules XBoard applies besides the pieces' moves.
fn parent<'a>(name: &str, rules: &'a Rules, user_defined: bool) -> &'a str {
    if let Some(template) = &rules.xboard_template {
        return template;
    }
    let lower = name.to_ascii_lowercase();
    if !user_defined {
        let spelled = XBOARD_SPELLINGS
            .iter()
            .find(|(ours, _)| *ours == lower)
            .map_or(lower.as_str(), |(_, theirs)| theirs);
        if let Some(known) = XBOARD_VARIANTS.iter().find(|v| **v == spelled) {
            return known;
        }
    }
    if rules.flying_general {
        "xiangqi"
    } else if rules.drops.enabled && rules.pieces.iter().any(|p| p.unpromoted.is_some()) {
        "shogi"
    } else if rules.drops.enabled {
        "crazyhouse"
    } else {
        "fairy"
    }
}

/// Whether pawn type `pt` promotes on the last three ranks of each side, as XBoard's own Pawn
/// does in [`THREE_RANK_PROMOTION_PARENTS`].
fn promotes_on_last_three_ranks(rules: &Rules, pt: &PieceType) -> bool {
    let g = &rules.geometry;
    let height = i32::from(g.height());
    let zone = pt.promotion_zone.unwrap_or(rules.promotion.zone);
    let white: SquareSet = g.squares().filter(|&sq| g.rank(sq) >= height - 3).collect();
    let black: SquareSet = g.squares().filter(|&sq| g.rank(sq) < 3).collect();
    zone == [white, black]
}

/// Castling as XBetza `O` moves for the royal castling piece, white's and black's (XBoard
/// castles a piece defined by `piece` only through `O`); `None` for other pieces or when
/// castling follows Chess960 rules (XBoard's own).
fn castling_moves(rules: &Rules, start: &Position, royal: bool) -> Option<(String, String)> {
    if !royal || !rules.castling.enabled || rules.chess960 {
        return None;
    }
    let king = start.royals(Color::White).first()?;
    let file = rules.geometry.file(king);
    let kingside = (i32::from(rules.castling.kingside_file) - file).abs();
    let queenside = (file - i32::from(rules.castling.queenside_file)).abs();
    if kingside == queenside {
        let both = format!("iO{kingside}");
        return Some((both.clone(), both));
    }
    // Directions are the piece's own: black's right is the a-side.
    Some((
        format!("ilO{queenside}irO{kingside}"),
        format!("ilO{kingside}irO{queenside}"),
    ))
}

/// The `PIECETOCHAR` table: white's slots then black's, the King last in each half.
fn piece_to_char(rules: &Rules) -> String {
    let mut slots: Vec<Option<String>> = vec![None; SLOTS];
    let king = rules
        .pieces
        .iter()
        .position(|p| p.royal)
        .or_else(|| rules.pieces.iter().position(|p| p.symbol == "K"));
    let base_of_promoted = |id: usize| rules.pieces[id].unpromoted.map(usize::from);
    let allowed = |slot: usize, id: usize| match slot {
        PAWN_SLOT => rules.is_pawn(id as PieceId),
        LANCE_SLOT | LION_SLOT | 45 => false,
        _ => true,
    };
    let mut placed = vec![None; rules.pieces.len()];
    // Pieces with a promoted form first, in slots whose partner slot is free.
    let promotable: Vec<usize> = (0..rules.pieces.len())
        .filter(|&id| Some(id) != king && rules.pieces[id].promoted.is_some())
        .collect();
    for &id in &promotable {
        let symbol = &rules.pieces[id].symbol;
        let free = |s: usize| slots[s].is_none() && allowed(s, id);
        let wanted = preferred_slot(symbol).filter(|&s| s < PARTNER_OFFSET && free(s));
        let slot = wanted.or_else(|| (0..PARTNER_OFFSET).find(|&s| free(s)));
        if let Some(slot) = slot {
            slots[slot] = Some(symbol.clone());
            placed[id] = Some(slot);
            if let Some(promoted) = rules.pieces[id].promoted {
                if rules.promotes_into_other_type(id as PieceId) {
                    continue;
                }
                slots[slot + PARTNER_OFFSET] = Some("+".into());
                placed[promoted as usize] = Some(slot + PARTNER_OFFSET);
            }
        }
    }
    for (id, pt) in rules.pieces.iter().enumerate() {
        if Some(id) == king || placed[id].is_some() {
            continue;
        }
        let entry = match base_of_promoted(id) {
            // A promoted form whose base sits beyond the default pairs: `^X` pairs it.
            Some(base) => format!("^{}", rules.pieces[base].symbol.trim_start_matches('+')),
            None => pt.symbol.clone(),
        };
        let free = |s: usize| slots[s].is_none() && allowed(s, id);
        let wanted = preferred_slot(&pt.symbol).filter(|&s| free(s));
        let slot = wanted.or_else(|| (0..SLOTS).find(|&s| free(s)));
        if let Some(slot) = slot {
            slots[slot] = Some(entry);
            placed[id] = Some(slot);
        }
    }
    let used = slots
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |s| s + 1)
        .max(5);
    let king_symbol = king.map_or(".".to_string(), |k| rules.pieces[k].symbol.clone());
    let half = |lower: bool| {
        let mut text = String::new();
        for slot in &slots[..used] {
            let entry = slot.as_deref().unwrap_or(".");
            text.push_str(&if lower {
                entry.to_lowercase()
            } else {
                entry.to_string()
            });
        }
        text.push_str(&if lower {
            king_symbol.to_lowercase()
        } else {
            king_symbol.clone()
        });
        text
    };
    format!("{}{}", half(false), half(true))
}

/// Whether the variant file's `table` gives XBoard a slot for every piece of `rules`: both
/// halves of the same length, the royal piece last in each, every letter in its colour's half
/// (a promoted `+X` needs a `+` or `^` slot).
fn names_every_piece(table: &str, rules: &Rules) -> bool {
    if !table.is_ascii() || table.len() % 2 != 0 {
        return false;
    }
    let (white, black) = table.split_at(table.len() / 2);
    let king = rules.pieces.iter().find(|p| p.royal);
    king.map_or(true, |k| {
        white.ends_with(&k.symbol) && black.ends_with(&k.symbol.to_lowercase())
    }) && rules.pieces.iter().all(|p| {
        let letter = p.symbol.trim_start_matches('+');
        let dressed = letter.len() == 2 && letter.ends_with(is_id_dress);
        (letter.len() == 1 || dressed)
            && white.contains(letter)
            && black.contains(&letter.to_lowercase())
            && (p.unpromoted.is_none() || white.contains(['+', '^']))
    })
}

/// The slot XBoard's `fairy` table gives the letter of `symbol`, if any.
fn preferred_slot(symbol: &str) -> Option<usize> {
    if symbol.len() != 1 {
        return None;
    }
    SLOT_LETTERS.find(symbol)
}
