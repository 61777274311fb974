//! What Kraken's variant files offer beyond Fairy-Stockfish's: more than 26 piece types with
//! ids such as `a'`, piece values (`pieceValue`), boards up to 16x16.

use kraken_tests::setup::{catalog_with, read, rules};
use movegen::{perft, Position};

fn catalog() -> variants::Catalog {
    catalog_with(
        include_str!("../data/variants/kraken_keys.ini"),
        "kraken_keys.ini",
    )
}

#[test]
fn thirty_piece_types_with_primed_ids() {
    let catalog = catalog();
    let rules = rules(&catalog, "primes");
    assert_eq!(rules.pieces.len(), 30);
    let primed = rules.piece_by_symbol("A'").expect("a' is declared");
    assert_eq!(rules.piece(primed).betza, "pR");
    let start = Position::start(rules.clone());
    assert_eq!(start.fen(), rules.start_fen);
    // Primed ids in promotion lists.
    let mut pos = read(
        &catalog,
        "primes",
        "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1",
    );
    let texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| pos.move_text(mv, movegen::MoveFormat::default()))
        .filter(|t| t.starts_with("a9a10"))
        .collect();
    assert_eq!(texts, ["a9a10q", "a9a10a'", "a9a10d'"]);
}

#[test]
fn primed_ids_play_like_letters() {
    let catalog = catalog();
    // 308324: Fairy-Stockfish (pyffish) on twins-letters, which uses plain letters.
    for variant in ["twins-primed", "twins-letters"] {
        let mut pos = Position::start(rules(&catalog, variant));
        assert_eq!(perft(&mut pos, 3), 308_324, "{variant}");
    }
    let mut primed = read(
        &catalog,
        "twins-primed",
        "rnbqkbnr/pppppppp/8/8/4A'3/8/PPPPPPPP/RNBQKBNR[C'a'c'] b KQkq - 0 1",
    );
    let mut letters = read(
        &catalog,
        "twins-letters",
        "rnbqkbnr/pppppppp/8/8/4A3/8/PPPPPPPP/RNBQKBNR[Cac] b KQkq - 0 1",
    );
    assert_eq!(perft(&mut primed, 3), perft(&mut letters, 3));
    assert!(primed.fen().contains("[C'a'c']"), "{}", primed.fen());
}

#[test]
fn piece_values_come_from_the_file() {
    let catalog = catalog();
    let rules = rules(&catalog, "primes");
    let value = |symbol: &str| {
        rules
            .piece(rules.piece_by_symbol(symbol).expect(symbol))
            .value
    };
    assert_eq!(value("Q"), Some(950));
    assert_eq!(value("A'"), Some(420));
    assert_eq!(value("N"), None, "not given: the engine derives one");
    // Fairy-Stockfish's keys, in its units, are scaled to centipawns.
    let mut fsf = variants::Catalog::builtin();
    fsf.add_text(
        "[fsfvalues:chess]\npieceValueMg = n:630\npieceValueEg = n:1040\n",
        "fsf.ini",
    )
    .expect("parses");
    let rules = fsf.rules("fsfvalues").expect("builds");
    let knight = rules.piece_by_symbol("N").expect("knight");
    assert_eq!(rules.piece(knight).value, Some(500));
}

#[test]
fn boards_up_to_16x16() {
    let catalog = catalog();
    let rules = rules(&catalog, "big16");
    assert_eq!((rules.geometry.width(), rules.geometry.height()), (16, 16));
    let mut pos = Position::start(rules.clone());
    assert_eq!(pos.fen(), rules.start_fen);
    // 32 pawn moves and 8 knight moves a side, and the sides cannot meet in two plies.
    assert_eq!(perft(&mut pos, 2), 40 * 40);
    // Two-digit ranks: a pawn promotes on p16.
    let mut pos = read(
        &catalog,
        "big16",
        "7k8/15P/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8 w - - 0 1",
    );
    assert!(pos
        .legal_moves()
        .iter()
        .any(|mv| pos.geometry().name(mv.to) == "p16" && mv.promotion().is_some()));
}

#[test]
fn the_last_square_of_a_16x16_board_is_a_square_like_any_other() {
    let catalog = catalog();
    // The piece on p15 takes the rook on p16 and steps back (cabW): black keeps only its king,
    // which has three moves; the white king's three moves leave black 18 (rook and king).
    let mut pos = Position::start(rules(&catalog, "igui16"));
    let p16 = pos.geometry().parse_square("p16").expect("p16");
    let igui = pos
        .legal_moves()
        .into_iter()
        .find(|mv| mv.from == mv.to)
        .expect("the igui");
    assert_eq!(igui.victims().collect::<Vec<_>>(), vec![p16]);
    assert!(!igui.is_piece_pass());
    assert_eq!(perft(&mut pos, 2), 3 * 18 + 3);
    // The duck goes to p16 and stays there.
    let mut pos = Position::start(rules(&catalog, "duck16"));
    let to_p16 = pos
        .legal_moves()
        .into_iter()
        .find(|mv| mv.wall() == Some(p16))
        .expect("a move that puts the duck on p16");
    pos.make(to_p16);
    assert_eq!(pos.duck(), Some(p16));
    assert!(pos.fen().starts_with("k14*/"), "{}", pos.fen());
    pos.unmake();
    assert_eq!(pos.duck(), None);
}

#[test]
fn unknown_keys_keep_a_variant_from_loading() {
    let mut catalog = variants::Catalog::builtin();
    catalog
        .add_text(
            "[typo:chess]\ncastlingg = false\n\n[many:chess]\ncustomPiece121 = a:W\n",
            "user.ini",
        )
        .expect("parses");
    for (name, key, line) in [("typo", "castlingg", 2), ("many", "customPiece121", 5)] {
        let errors = catalog.rules(name).expect_err("an unknown key");
        assert!(
            errors.iter().any(|e| e.key.as_deref() == Some(key)
                && e.origin.line == line
                && e.origin.source == "user.ini"
                && e.message == "unknown key"),
            "{name}: {errors:?}"
        );
    }
}

/// A piece may take over a letter from a piece its parents declared (as in Fairy-Stockfish,
/// the parent's piece leaves the variant), but two pieces of one section may not share one.
#[test]
fn a_later_section_takes_a_letter_over_but_one_section_cannot_use_it_twice() {
    let mut catalog = variants::Catalog::builtin();
    catalog
        .add_text(
            "[over:chess]\ncustomPiece1 = n:NW\n\n[twice:chess]\ncustomPiece1 = a:W\ncustomPiece2 = a:F\n",
            "user.ini",
        )
        .expect("parses");
    let rules = catalog
        .rules("over")
        .expect("the knight's letter is taken over");
    let knights: Vec<&str> = rules
        .pieces
        .iter()
        .filter(|p| p.symbol == "N")
        .map(|p| p.betza.as_str())
        .collect();
    assert_eq!(knights, ["NW"]);
    let errors = catalog.rules("twice").expect_err("one letter twice");
    assert!(
        errors
            .iter()
            .any(|e| e.key.as_deref() == Some("customPiece2")
                && e.origin.line == 6
                && e.message == "letter 'a' is already used by customPiece1"),
        "{errors:?}"
    );
}

/// Sections the variant-file fuzzing found loading with letters their own FENs could not
/// read back (a sign, a digit): such a piece id is refused at its key's line.
#[test]
fn piece_ids_must_be_letters() {
    let mut catalog = variants::Catalog::builtin();
    catalog
        .add_text(
            "[sign:ataxx]\nimmobile = =\n\n[digit:giveaway]\ncommoner = 2\n\n[dressed:chess]\ncustomPiece1 = a':W\n",
            "user.ini",
        )
        .expect("parses");
    for (variant, key, line, id) in [("sign", "immobile", 2, "="), ("digit", "commoner", 5, "2")] {
        let errors = catalog.rules(variant).expect_err("not a letter");
        assert!(
            errors.iter().any(|e| e.key.as_deref() == Some(key)
                && e.origin.line == line
                && e.message.contains(&format!("found '{id}'"))),
            "{variant}: {errors:?}"
        );
    }
    assert!(
        catalog.rules("dressed").is_ok(),
        "a dressed letter stays a letter"
    );
}

/// A start position whose side not to move is in check would begin with the capture of a
/// royal piece, and the position after it has none (no FEN of it reads back).
#[test]
fn a_start_position_with_the_waiting_side_in_check_is_refused() {
    let mut catalog = variants::Catalog::builtin();
    let text = "[pawncannon:chess]\ncannon = p\n\n\
                [blocked:pawncannon]\n\
                startFen = rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1\n";
    catalog.add_text(text, "user.ini").expect("parses");
    let errors = catalog.rules("pawncannon").expect_err("Black is in check");
    assert!(
        errors.iter().any(|e| e.key.as_deref() == Some("startFen")
            && e.message.contains("Black, not to move, is in check")),
        "{errors:?}"
    );
    assert!(
        catalog.rules("blocked").is_ok(),
        "with the e-file cannons gone no king is attacked"
    );
}

#[test]
fn variant_files_that_are_not_text_are_refused_with_their_place() {
    let dir = std::env::temp_dir().join(format!("kraken-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    // A bad byte on line 2, after ten characters.
    let binary = dir.join("binary.ini");
    std::fs::write(&binary, b"[x:chess]\nmaxFile = \xff\n").expect("written");
    let error = variants::read_variant_file(&binary).expect_err("not UTF-8");
    assert_eq!(error.origin.line, 2, "{error}");
    assert!(error.message.contains("column 11"), "{error}");
    // More than the limit is refused without reading it all.
    let big = dir.join("big.ini");
    let file = std::fs::File::create(&big).expect("created");
    file.set_len(variants::MAX_VARIANT_FILE_BYTES + 1)
        .expect("a sparse file");
    let error = variants::read_variant_file(&big).expect_err("too large");
    assert!(error.message.contains("larger than"), "{error}");
    assert_eq!(
        error.to_string(),
        format!("{}: {}", big.display(), error.message)
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_board_too_large_is_blamed_on_the_key_that_says_so() {
    let mut catalog = variants::Catalog::builtin();
    catalog
        .add_text("[wide:chess]\nmaxFile = 40\n\n[child:wide]\n", "user.ini")
        .expect("parses");
    for name in ["wide", "child"] {
        let errors = catalog.rules(name).expect_err("too wide");
        assert!(
            errors
                .iter()
                .any(|e| e.key.as_deref() == Some("maxFile") && e.origin.line == 2),
            "{name}: {errors:?}"
        );
    }
}
