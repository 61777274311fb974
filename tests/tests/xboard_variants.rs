//! XBoard's and Fairy-Max's own variants (`variants/catalog/xboard.ini`).
//!
//! No program that plays these games counts perft, so the counts in
//! `data/perft/xboard_variants.jsonl` were computed by Kraken after its moves were checked against
//! the reference engines:
//!
//! - Fairy-Max's games (and `falcon`, `cylinder`, `great`, which Fairy-Max plays too): along random
//!   games of 40-60 plies, every move Kraken finds legal was offered to Fairy-Max in force mode, and
//!   so was every other from-to pair of the side to move; Fairy-Max accepted exactly Kraken's moves
//!   (apart from the differences noted in `xboard.ini`);
//! - here, every `piece` line Fairy-Max sends to XBoard for these games, compiled by Kraken, must
//!   give the same move tree as the catalog's own definition of the piece
//!   ([`reference_piece_lines_give_the_catalog_moves`]);
//! - `fairy`, `super` and `lion` use XBoard's built-in pieces (backend.c, moves.c of XBoard 4.9.1),
//!   read from the source; no engine prints them.

use kraken_tests::{
    perft_case::PerftCase,
    setup::{legal_texts, play},
};
use movegen::perft;
use variants::Catalog;

/// Largest case run by a debug build.
const DEBUG_NODE_LIMIT: u64 = 150_000;

/// The variants of `xboard.ini`.
const XBOARD_VARIANTS: &[&str] = &[
    "fairy",
    "falcon",
    "cylinder",
    "super",
    "great",
    "lion",
    "ciccolini",
    "mexican",
    "grande-acedrex",
    "roman",
    "bifurcator",
    "light-brigade",
    "team-mate",
    "almost-wildebeest",
];

fn cases() -> Vec<PerftCase> {
    PerftCase::read_all(include_str!("../data/perft/xboard_variants.jsonl"))
}

#[test]
fn every_xboard_variant_has_perft_cases_from_start_and_later_positions() {
    let cases = cases();
    let catalog = Catalog::builtin();
    for &name in XBOARD_VARIANTS {
        let start = movegen::Position::start(catalog.rules(name).expect("variant builds")).fen();
        let mine: Vec<&PerftCase> = cases.iter().filter(|c| c.variant == name).collect();
        for depth in 1..=3 {
            assert!(
                mine.iter().any(|c| c.depth == depth && c.fen == start),
                "{name}: no depth-{depth} case from the start position"
            );
        }
        assert!(
            mine.iter().filter(|c| c.fen != start).count() >= 3,
            "{name}: too few cases from later positions"
        );
    }
}

#[test]
fn perft_cases_match() {
    let catalog = PerftCase::catalog();
    let limit = if cfg!(debug_assertions) {
        DEBUG_NODE_LIMIT
    } else {
        u64::MAX
    };
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases().iter().filter(|c| c.nodes <= limit) {
        ran += 1;
        let got = case.run(&catalog);
        if got != case.nodes {
            failures.push(format!(
                "{} {} depth {}: expected {}, got {got}",
                case.variant, case.fen, case.depth, case.nodes
            ));
        }
    }
    assert!(ran > 50, "only {ran} cases ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `piece` lines Fairy-Max 5.0b sends after `variant NAME` (by hand:
/// `printf 'xboard\nprotover 2\nnew\nvariant NAME\nping 1\n' | fairymax`), as a section that
/// overrides the catalog's pieces with them. Fairy-Max's Pawns leave e.p. rights to XBoard, which
/// grants them after any Pawn move of two or more squares: Kraken writes that `n`, added here.
const REFERENCE_PIECES: &[(&str, &str)] = &[
    ("falcon", "customPiece1 = f:aflafrKafraflKafafsKafsafK"),
    (
        "cylinder",
        "pawn = p:fmWfceoFifmnD\nknight = n:oN\nbishop = b:oB\nrook = r:oR\nqueen = q:oQ\n\
         king = k:oK",
    ),
    (
        "great",
        "pawn = p:fmWfcF\ncustomPiece1 = e:FA\ncustomPiece2 = w:WD\ncustomPiece3 = g:KAD\n\
         customPiece4 = h:NAF\ncustomPiece5 = m:NWD",
    ),
    ("ciccolini", "customPiece1 = e:Z\ncustomPiece2 = g:BD0"),
    ("mexican", "pawn = p:fmWfceFifmnW3\ncustomPiece1 = c:C"),
    (
        "grande-acedrex",
        "king = k:KimAimD\ncustomPiece1 = g:Z\ncustomPiece3 = l:HC\n\
         customPiece4 = u:NmpafsyafW\ncustomPiece5 = a:FyafsF",
    ),
    ("bifurcator", "bishop = b:BtgabyabsB\nrook = r:RtgabyabsR"),
    (
        "team-mate",
        "customPiece1 = e:FA\ncustomPiece2 = f:WA\ncustomPiece3 = m:AG\ncustomPiece4 = u:WN\n\
         customPiece5 = c:NmpafsafF\ncustomPiece6 = a:WyafsW\ncustomPiece7 = j:BD0",
    ),
    (
        "almost-wildebeest",
        "pawn = p:fmWfceFifmnW3iifmnD\nking = k:KisO2isO3isO4\ncustomPiece1 = c:C\n\
         customPiece2 = g:NC",
    ),
];

#[test]
fn reference_piece_lines_give_the_catalog_moves() {
    let mut catalog = PerftCase::catalog();
    // XBoard's lines are XBetza, which a variant file gets with `xbetza:` wherever
    // Fairy-Stockfish reads the text otherwise (team-mate's `BD0`).
    let text: String = REFERENCE_PIECES
        .iter()
        .map(|(name, pieces)| {
            let pieces = pieces.replace(":", ":xbetza:");
            format!("[reference-{name}:{name}]\n{pieces}\n\n")
        })
        .collect();
    catalog
        .add_text(&text, "reference pieces")
        .expect("reference sections parse");
    let cases = cases();
    let mut compared = 0;
    for (name, _) in REFERENCE_PIECES {
        let reference = format!("reference-{name}");
        for case in cases.iter().filter(|c| c.variant == *name && c.depth == 2) {
            let mut ours = case.position(&catalog);
            let theirs = PerftCase {
                variant: reference.clone(),
                ..case.clone()
            };
            let mut theirs = theirs.position(&catalog);
            assert_eq!(
                perft(&mut theirs, 2),
                perft(&mut ours, 2),
                "{name}: the reference pieces move differently in {}",
                case.fen
            );
            compared += 1;
        }
    }
    assert!(compared >= 2 * REFERENCE_PIECES.len());
}

#[test]
fn aliases_name_the_xboard_variants() {
    let catalog = Catalog::builtin();
    for (alias, name) in [
        ("grandeacedrex", "grande-acedrex"),
        ("lightbrigade", "light-brigade"),
        ("teammate", "team-mate"),
        ("almostwildebeest", "almost-wildebeest"),
        ("greatshatranj", "great"),
        ("Team-Mate", "team-mate"),
    ] {
        assert_eq!(catalog.lookup(alias).as_deref(), Ok(name));
    }
}

/// `t` (hop a friend only): a Bifurcator Bishop turns 45 degrees on the square before a friend,
/// not before an enemy.
#[test]
fn bifurcators_turn_at_friends_only() {
    let catalog = Catalog::builtin();
    let rules = catalog.rules("bifurcator").expect("builds");
    let count = |fen: &str| {
        let mut pos = movegen::Position::from_fen(rules.clone(), fen).expect("fen");
        perft(&mut pos, 1)
    };
    // Bishop c1 facing a friend on e3: from d2 it slides on up the d-file or right along the 2nd
    // rank. King 3 + Pawn 1 + Bishop b2 a3 d2, d3..d8, e2..h2 (13) = 17.
    assert_eq!(count("4k3/8/8/8/8/4P3/8/K1B5 w - - 0 1"), 17);
    // An enemy on e3: King 3 + Bishop b2 a3 d2 and the capture on e3 = 7.
    assert_eq!(count("4k3/8/8/8/8/4p3/8/K1B5 w - - 0 1"), 7);
}

#[test]
fn the_xboard_catalog_file_checks_clean() {
    assert_eq!(variants::check_text(variants::XBOARD, "xboard.ini"), vec![]);
}

/// Fairy-Max and XBoard promote Pawns on the last rank, whatever the board's height.
#[test]
fn pawns_promote_on_the_last_rank_only() {
    let catalog = Catalog::builtin();
    for name in XBOARD_VARIANTS {
        let rules = catalog.rules(name).expect("builds");
        if rules.promotion.pawn_types.is_empty() {
            continue;
        }
        let g = &rules.geometry;
        let rank = |r: i32| -> notation::SquareSet {
            (0..g.width() as i32)
                .filter_map(|f| g.square(f, r))
                .collect()
        };
        assert_eq!(
            rules.promotion.zone[0],
            rank(g.height() as i32 - 1),
            "{name}: white"
        );
        assert_eq!(rules.promotion.zone[1], rank(0), "{name}: black");
    }
}

/// Grande Acedrex: a Pawn becomes the piece that started on its promotion square, and on the
/// King's file the Aanca beside it (Fairy-Max's rule).
#[test]
fn grande_acedrex_pawns_promote_to_the_piece_that_started_there() {
    let rules = Catalog::builtin().rules("grande-acedrex").expect("builds");
    let fen = "rlugc3gulr/5PPP4/12/12/12/k11/12/12/12/12/12/RLUGCAKCGULR w - - 0 1";
    let mut pos = movegen::Position::from_fen(rules, fen).expect("fen");
    let mut pawn_moves: Vec<String> = legal_texts(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("f11") || m.starts_with("g11") || m.starts_with("h11"))
        .collect();
    pawn_moves.sort();
    // f12 started with the Aanca, e12 with a Crocodile, g12 with the King (so the Aanca on
    // f12), h12 with a Crocodile and i12 with a Giraffe.
    assert_eq!(
        pawn_moves,
        ["f11e12c", "f11f12a", "g11g12a", "h11h12c", "h11i12g"]
    );
}

/// Almost-Wildebeest: a Pawn steps up to three squares from its first rank and two from the
/// rank ahead of it (XBetza `ii`), moved or not, and gives e.p. rights on the squares it passes.
#[test]
fn wildebeest_pawns_double_step_from_the_third_rank() {
    let rules = Catalog::builtin()
        .rules("almost-wildebeest")
        .expect("builds");
    let mut pos = movegen::Position::from_fen(rules.clone(), &rules.start_fen).expect("fen");
    let from = |pos: &mut movegen::Position, sq: &str| -> Vec<String> {
        let mut moves: Vec<String> = legal_texts(pos)
            .into_iter()
            .filter(|m| m.starts_with(sq))
            .collect();
        moves.sort();
        moves
    };
    assert_eq!(from(&mut pos, "e2"), ["e2e3", "e2e4", "e2e5"]);
    // A black Pawn comes to d5 by a triple step and a single step; white's e-Pawn steps to e3,
    // then passes d5's capture square e4 with a double step, which d5 may take e.p.
    play(&mut pos, "e2e3 d9d6 a2a3 d6d5");
    assert_eq!(from(&mut pos, "e3"), ["e3e4", "e3e5"]);
    play(&mut pos, "e3e5");
    assert!(from(&mut pos, "d5").contains(&"d5e4".to_string()));
    play(&mut pos, "a9a8");
    assert_eq!(from(&mut pos, "a3"), ["a3a4", "a3a5"]);
    // A Pawn on the fourth rank has single steps only.
    play(&mut pos, "a3a4 b9b8");
    assert_eq!(from(&mut pos, "a4"), ["a4a5"]);
}
