//! `kraken variants` and `kraken check`: the catalog and variant files.

use movegen::{
    Checks, CountingRule, EnclosingRule, FlipRule, OneRoyal, Outcome, PieceId, PiecePromotionMoves,
    Rules,
};
use variants::{check_text, read_variant_file, Catalog, ALIASES};

use crate::cli::UsageError;

/// The text of `kraken variants --help`.
pub const VARIANTS_HELP: &str = "\
kraken variants: list the variants Kraken knows, with their board sizes

Usage: kraken variants [--table] [--variants-file FILE]...

  --variants-file FILE  also list the variants of FILE (Fairy-Stockfish variants.ini format)
  --table               print a Markdown table: name, board, pieces beyond chess, notable rules

Each line is 'NAME WxH', then the other names a variant answers to.
";

/// The text of `kraken check --help`.
pub const CHECK_HELP: &str = "\
kraken check: check a variant file and report each problem with its file, line and key

Usage: kraken check FILE...

FILE is in the variants.ini format of Fairy-Stockfish (sections [name:parent], key = value);
parents may be built-in variants. Reports malformed lines, unknown keys, unknown or cyclic
parents, bad XBetza, bad FENs and bad values. Exit status 0 when every file is clean, 2 when
some file has problems.
";

/// Runs `kraken variants`.
pub fn list(items: &[String]) -> Result<String, UsageError> {
    if items.iter().any(|i| i == "-h" || i == "--help") {
        return Ok(VARIANTS_HELP.to_string());
    }
    let mut catalog = Catalog::builtin();
    let mut table = false;
    let mut rest = items.iter();
    while let Some(item) = rest.next() {
        if item == "--table" {
            table = true;
            continue;
        }
        let file = match item.strip_prefix("--variants-file=") {
            Some(file) => file.to_string(),
            None if item == "--variants-file" => rest
                .next()
                .cloned()
                .ok_or_else(|| UsageError::new("--variants-file needs a file"))?,
            None => return Err(UsageError::new(format!("unexpected argument '{item}'"))),
        };
        catalog
            .add_file(std::path::Path::new(&file))
            .map_err(|errors| {
                UsageError::new(
                    errors
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            })?;
    }
    if table {
        return Ok(markdown_table(&catalog));
    }
    let mut out = String::new();
    for name in catalog.names() {
        let size = match catalog.rules(&name) {
            Ok(rules) => format!("{}x{}", rules.geometry.width(), rules.geometry.height()),
            Err(_) => "(invalid: run kraken check)".to_string(),
        };
        let aliases: Vec<&str> = ALIASES
            .iter()
            .filter(|(_, t)| *t == name)
            .map(|(a, _)| *a)
            .collect();
        out.push_str(&format!("{name} {size}"));
        if !aliases.is_empty() {
            out.push_str(&format!(" (also {})", aliases.join(", ")));
        }
        out.push('\n');
    }
    Ok(out)
}

/// The catalog as a Markdown table (the README's variant list is generated from it).
fn markdown_table(catalog: &Catalog) -> String {
    let mut out = String::from(
        "| variant | board | pieces besides chess's | notable rules |\n|---|---|---|---|\n",
    );
    for name in catalog.names() {
        let Ok(rules) = catalog.rules(&name) else {
            continue;
        };
        let aliases: Vec<&str> = ALIASES
            .iter()
            .filter(|(_, t)| *t == name)
            .map(|(a, _)| *a)
            .collect();
        let shown = if aliases.is_empty() {
            name.clone()
        } else {
            format!("{name} ({})", aliases.join(", "))
        };
        out.push_str(&format!(
            "| {shown} | {}x{} | {} | {} |\n",
            rules.geometry.width(),
            rules.geometry.height(),
            extra_pieces(&rules),
            notable_rules(&rules)
        ));
    }
    out
}

/// The piece types that are not the FIDE ones, as `symbol: XBetza`.
fn extra_pieces(rules: &Rules) -> String {
    const FIDE: &[(&str, &str)] = &[
        ("P", "fmWfceFifmnD"),
        ("N", "N"),
        ("B", "B"),
        ("R", "R"),
        ("Q", "Q"),
        ("K", "K"),
    ];
    let extra: Vec<String> = rules
        .pieces
        .iter()
        .filter(|p| !FIDE.contains(&(p.symbol.as_str(), p.betza.as_str())))
        .map(|p| format!("{}: `{}`", p.symbol, p.betza))
        .collect();
    if extra.is_empty() {
        "-".into()
    } else {
        extra.join(", ")
    }
}

/// The rules worth knowing about a variant, in a few words each.
fn notable_rules(rules: &Rules) -> String {
    let mut notes = Vec::new();
    if rules.castling.enabled {
        notes.push(
            if rules.chess960 {
                "Chess960 castling"
            } else {
                "castling"
            }
            .to_string(),
        );
    }
    if rules.drops.enabled {
        notes.push("drops".into());
    }
    if rules.drops.captures_to_hand {
        notes.push("captures go to hand".into());
    }
    if rules.drops.must_drop {
        notes.push(match rules.drops.must_drop_type {
            Some(id) => format!("{} in hand must be dropped first", rules.piece(id).name),
            None => "pieces in hand must be dropped first".into(),
        });
    }
    if rules.drops.first_rank_only.is_some() {
        notes.push("rooks dropped on the first rank".into());
    }
    if !rules.geometry.holes().is_empty() {
        notes.push("walls".into());
    }
    if rules.gating.enabled && rules.holdings {
        notes.push("gating".into());
    }
    if rules.moves.royal_leap_lost_to.is_some() {
        notes.push("king's first-move leap, not out of check, lost to a rook on its line".into());
    }
    match rules.moves.side_change {
        Some(movegen::SideChange::Captures) => notes.push("capturing pieces change sides".into()),
        Some(movegen::SideChange::Quiet) => {
            notes.push("pieces change sides when they capture nothing".into())
        }
        Some(movegen::SideChange::All) => notes.push("moving pieces change sides".into()),
        None => {}
    }
    if rules.moves.capture_in_place {
        notes.push("captures without moving".into());
    }
    if rules.moves.grid.is_some() {
        notes.push("moves must leave their grid cell".into());
    }
    if rules.pieces.iter().any(|p| p.after_move.is_some()) {
        notes.push("pieces change type after moving".into());
    }
    if rules.pieces.iter().any(|p| p.max_count.is_some()) {
        notes.push("pieces per type limited".into());
    }
    if !rules.promotion.on_square.is_empty() {
        notes.push("pawns promote to the piece that started on the promotion square".into());
    }
    if rules.pieces.iter().any(|p| p.promoted.is_some()) {
        notes.push("shogi-style promotion".into());
    } else if !rules.promotion.pawn_types.is_empty() && !rules.promotion.mandatory {
        notes.push("optional promotion".into());
    }
    if rules.promotion.sittuyin {
        notes.push("pawns promote by a move of their own, in place or a step away".into());
    }
    if rules.promotion.piece_mandatory {
        notes.push("pieces must promote".into());
    }
    if rules.promotion.black_choices.is_some() {
        notes.push("promotion choices differ per side".into());
    }
    if rules.promotion.limits.iter().any(|l| l.is_some()) {
        notes.push("promotion to captured pieces only".into());
    }
    if rules.pieces.iter().any(|p| p.region.is_some()) {
        notes.push("confined pieces (palace)".into());
    }
    if rules.pieces.iter().any(|p| p.zone_moves.is_some()) {
        notes.push("moves change across the river".into());
    }
    if rules.flying_general {
        notes.push("generals may not face".into());
    }
    if !rules.diagonal_lines.is_empty() {
        notes.push("moves along the palace diagonals".into());
    }
    if rules.pieces.iter().any(|p| p.shuns_own_kind) {
        notes.push("cannons shun cannons".into());
    }
    if rules.pass {
        notes.push("passing".into());
    }
    if let Some(walling) = &rules.walling {
        notes.push(walling.description().into());
    }
    if rules.bikjang {
        notes.push("bikjang".into());
    }
    if rules.end.material_counting.is_some() {
        notes.push("material counting".into());
    }
    if rules.end.repeated_move_loses {
        notes.push("move repetition loses".into());
    }
    if rules.end.shatar_mate.is_some() {
        notes.push("shatar mate rule".into());
    }
    match rules.drops.no_doubled {
        Some((_, 1)) => notes.push("no two pawns on a file".into()),
        Some((_, n)) => notes.push(format!("at most {n} pawns on a file by drops")),
        None => {}
    }
    if rules.drops.promoted {
        notes.push("pieces may be dropped promoted".into());
    }
    if rules.promotion.piece_demotion {
        notes.push("promoted pieces flip back".into());
    }
    if rules.drops.no_drop_mate.is_some() {
        notes.push("no pawn-drop mate".into());
    }
    if rules.drops.no_checks {
        notes.push("no checks by drops".into());
    }
    if rules.moves.must_capture {
        notes.push("captures are mandatory".into());
    }
    match rules.moves.checks {
        Checks::Allowed => {}
        Checks::Forbidden => notes.push("no checks".into()),
        Checks::MateOnly => notes.push("no checks but mate".into()),
    }
    match rules.promotion.piece_moves {
        PiecePromotionMoves::InZone => {}
        PiecePromotionMoves::Entering => notes.push("promotion on entry".into()),
        PiecePromotionMoves::EnteringOrCapturing => {
            notes.push("promotion on entry or capture".into())
        }
        PiecePromotionMoves::Capturing => notes.push("promotion by captures".into()),
    }
    if (0..rules.pieces.len()).any(|id| rules.promotes_into_other_type(id as PieceId)) {
        notes.push("promotion into a piece type of the game".into());
    }
    if rules.moves.lion_trading.is_some() {
        notes.push("Lion trading".into());
    }
    if rules.moves.blast {
        notes.push("captures explode".into());
    }
    if rules.moves.petrify {
        notes.push("some pieces turn into walls where they capture".into());
    }
    if !rules.moves.blast_immune.is_empty() {
        notes.push("some pieces survive explosions".into());
    }
    if !rules.moves.mutually_immune.is_empty() {
        notes.push("some pieces may not take their own kind".into());
    }
    if rules.moves.makpong {
        notes.push("a king in check may only take the checking piece".into());
    }
    if rules.pieces.iter().filter(|p| p.royal).count() > 1 {
        notes.push("several royal types".into());
        if matches!(rules.one_royal, OneRoyal::Alone | OneRoyal::AloneBeforeMove) {
            notes.push("royal only when alone".into());
        }
    } else if !rules.pieces.iter().any(|p| p.royal) {
        notes.push("no royal piece".into());
    }
    if rules.end.checkmate == Outcome::Win {
        notes.push("checkmate wins".into());
    }
    match (rules.end.stalemate, rules.end.stalemate_piece_count) {
        (Outcome::Loss, _) => notes.push("stalemate loses".into()),
        (Outcome::Win, false) => notes.push("stalemate wins".into()),
        (Outcome::Win, true) => notes.push("stalemate wins for fewer pieces".into()),
        (Outcome::Draw, _) => {}
    }
    if rules.end.bare_king_loses {
        notes.push("bare king loses".into());
    }
    match (
        rules.end.repetition_value,
        rules.end.repetition_value_absolute,
    ) {
        (Outcome::Draw, _) => {}
        (Outcome::Win, false) => notes.push("repeating a position loses".into()),
        (Outcome::Loss, false) => notes.push("repeating a position wins".into()),
        (_, true) => notes.push("repetition decides for one colour".into()),
    }
    if let Some(extinction) = &rules.end.extinction {
        let what = match &extinction.types {
            None if extinction.count == 0 => "losing all pieces".to_string(),
            None => format!("keeping {} piece(s) or fewer", extinction.count),
            Some(types) => {
                let names: Vec<&str> = types
                    .iter()
                    .map(|&id| rules.piece(id).name.as_str())
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
        let verb = match extinction.value {
            Outcome::Win => "wins",
            Outcome::Loss => "loses",
            Outcome::Draw => "draws",
        };
        notes.push(format!("{what} {verb}"));
    }
    if let Some(flag) = &rules.end.flag {
        notes.push(flag_note(rules, flag));
    }
    if let Some(connect) = &rules.end.connect {
        notes.push(connect_note(connect));
    }
    if let Some(enclosing) = &rules.drops.enclosing {
        notes.push(
            match enclosing.rule {
                EnclosingRule::Top => "drops stack from the first rank",
                EnclosingRule::Snort => "no drop beside an enemy piece",
                EnclosingRule::AnySide => "drops pushed in from an edge",
                EnclosingRule::Reversi => "drops enclose enemy pieces",
                EnclosingRule::Ataxx => "drops next to an own piece",
            }
            .into(),
        );
    }
    if rules.drops.free {
        notes.push("drops need no piece in hand".into());
    }
    if let Some(flip) = rules.moves.flip {
        notes.push(
            match flip {
                FlipRule::Reversi => "enclosed enemy pieces change sides",
                FlipRule::Ataxx => "enemy pieces next to a move's target change sides",
                FlipRule::Quadwrangle => {
                    "enemy pieces next to a move's target change sides (a drop's only beside an own piece)"
                }
            }
            .into(),
        );
    }
    if rules.end.full_board_ends {
        notes.push("a full board ends the game".into());
    }
    if rules.end.check_counting {
        notes.push("check counting".into());
    }
    if let Some(counting) = rules.end.counting {
        notes.push(
            match counting.rule {
                CountingRule::Makruk => "makruk counting",
                CountingRule::Cambodian => "cambodian counting",
                CountingRule::Asean => "ASEAN counting",
                CountingRule::BareKing => "bare-king counting",
            }
            .into(),
        );
    }
    if notes.is_empty() {
        "-".into()
    } else {
        notes.join(", ")
    }
}

/// Runs `kraken check`; returns the report and whether every file was clean.
pub fn check(items: &[String]) -> Result<(String, bool), UsageError> {
    if items.iter().any(|i| i == "-h" || i == "--help") {
        return Ok((CHECK_HELP.to_string(), true));
    }
    if items.is_empty() {
        return Err(UsageError::new("FILE is missing"));
    }
    let mut out = String::new();
    let mut clean = true;
    for file in items {
        let text = read_variant_file(std::path::Path::new(file))
            .map_err(|problem| UsageError::new(format!("cannot read {problem}")))?;
        let problems = check_text(&text, file);
        if problems.is_empty() {
            out.push_str(&format!("{file}: ok\n"));
        }
        for problem in problems {
            clean = false;
            out.push_str(&format!("{problem}\n"));
        }
    }
    Ok((out, clean))
}

/// What wins by the flag rule, in words.
fn flag_note(rules: &Rules, flag: &movegen::Flag) -> String {
    let name =
        |piece: Option<PieceId>| piece.map_or("any piece", |id| rules.piece(id).name.as_str());
    let [white, black] = flag.pieces.map(name);
    let who = match flag.region.map(|region| !region.is_empty()) {
        [true, false] => format!("{white} (white)"),
        [false, true] => format!("{black} (black)"),
        _ if white == black => white.to_string(),
        _ => format!("{white} (white) or {black} (black)"),
    };
    let squares = flag.region[0].len().max(flag.region[1].len());
    let plural = if squares == 1 { "" } else { "s" };
    let mut note = if flag.count > 1 {
        format!(
            "{} of {who} reaching {squares} goal square{plural} win",
            flag.count
        )
    } else {
        format!("{who} reaching {squares} goal square{plural} wins")
    };
    if flag.blocked_win {
        note.push_str(" (one is enough once they are all filled)");
    }
    if flag.safe {
        note.push_str(" if it cannot be taken there");
    }
    if flag.extra_move {
        note.push_str(" unless the opponent answers");
    }
    note
}

/// What wins by lining up pieces, in words.
fn connect_note(connect: &movegen::Connect) -> String {
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
    let verb = match connect.value {
        Outcome::Win => "wins",
        Outcome::Loss => "loses",
        Outcome::Draw => "draws",
    };
    format!("{} {verb}", ways.join(" or "))
}
