//! Properties of the generator on random games: the incremental key equals a fresh one, unmake
//! restores everything, FEN round-trips, the quick legality test agrees with making every move,
//! counting the legal moves agrees with listing them, legal board moves filtered early are those filtered late, and every legal move leaves the mover's royal pieces safe (checked independently, by
//! letting the opponent try to capture them).

use kraken_tests::{
    perft_case::MOVEGEN_VARIANTS,
    setup::{catalog_with, rules},
};
use movegen::{Move, MoveList, Position};
use proptest::prelude::*;

/// Whether the side that just moved left a royal piece capturable: some pseudo-legal reply of
/// the opponent captures it (found without the attack code).
fn royal_capturable(pos: &Position) -> bool {
    let mover = pos.side_to_move().opponent();
    let royals = pos.royals(mover);
    let mut replies = MoveList::new();
    pos.generate_pseudo_legal(&mut replies);
    replies.iter().any(|mv| {
        (royals.contains(mv.to) && mv.kind != movegen::MoveKind::Drop)
            || mv.victims().any(|v| royals.contains(v))
    })
}

fn play(variant: &str, choices: &[u16]) {
    let mut catalog = catalog_with(include_str!("../data/variants/exotic.ini"), "exotic.ini");
    catalog
        .add_text(
            include_str!("../data/variants/kraken_keys.ini"),
            "kraken_keys.ini",
        )
        .expect("Kraken's own keys parse");
    let rules = rules(&catalog, variant);
    let mut pos = Position::start(rules.clone());
    let mut fens = vec![pos.fen()];
    let mut keys = vec![pos.key()];
    for &choice in choices {
        let moves = pos.legal_moves();
        let mut pseudo = MoveList::new();
        pos.generate_pseudo_legal(&mut pseudo);
        // A game the variant's rules ended has no legal move.
        let ended = pos.variant_end().is_some();
        let slow: Vec<_> = pseudo
            .iter()
            .copied()
            .filter(|&mv| !ended && pos.is_legal(mv))
            .collect();
        // Walls (the duck): each legal move comes once per wall square; the slow path has none.
        let mut base: Vec<_> = moves.iter().map(Move::without_wall).collect();
        if rules.walling.is_some() {
            base.dedup();
        }
        assert_eq!(
            base.as_slice(),
            slow.as_slice(),
            "{variant}: quick legality in {}",
            pos.fen()
        );
        // Counting the legal moves (perft's last ply) finds as many as listing them.
        assert_eq!(
            pos.count_legal(),
            moves.len(),
            "{variant}: legal moves counted in {}",
            pos.fen()
        );
        // The board moves filtered before the legality test are those filtered after it
        // (captures here, the quiescence search's case, and every third move).
        for filter in [
            (|pos: &Position, mv: &Move| pos.is_capture(mv)) as fn(&Position, &Move) -> bool,
            |_, mv| (mv.from.0 as usize + mv.to.0 as usize) % 3 == 0,
        ] {
            let mut board = MoveList::new();
            pos.generate_legal_board_moves(&mut board, filter);
            let wanted: Vec<_> = moves
                .iter()
                .filter(|mv| mv.kind == movegen::MoveKind::Normal && filter(&pos, mv))
                .copied()
                .collect();
            assert_eq!(
                board.as_slice(),
                wanted.as_slice(),
                "{variant}: board moves in {}",
                pos.fen()
            );
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice as usize % moves.len()];
        // Under Janggi's bikjang a side whose king faces the other may pass in check (the
        // pass ends the game), leaving its king attacked.
        let bikjang_pass = rules.bikjang && mv.kind == movegen::MoveKind::Pass && pos.in_check();
        pos.make(mv);
        assert_eq!(pos.key(), pos.compute_key(), "{variant}: key after {mv:?}");
        // Facing generals and exploding captures make "capturable" differ from "attacked"; under
        // duple check one of two royal pieces may be left to be taken.
        if !rules.flying_general && !rules.moves.blast && !rules.moves.duple_check && !bikjang_pass
        {
            assert!(
                !royal_capturable(&pos),
                "{variant}: {mv:?} leaves a royal piece en prise in {}",
                pos.fen()
            );
        }
        let fen = pos.fen();
        let reread =
            Position::from_fen(rules.clone(), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(reread.fen(), fen, "{variant}: FEN round trip");
        fens.push(fen);
        keys.push(pos.key());
    }
    while pos.ply() > 0 {
        pos.unmake();
        fens.pop();
        keys.pop();
        assert_eq!(pos.fen(), *fens.last().unwrap(), "{variant}: unmake");
        assert_eq!(
            pos.key(),
            *keys.last().unwrap(),
            "{variant}: key after unmake"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn random_games_keep_their_invariants(
        variant in 0..MOVEGEN_VARIANTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 1..150),
    ) {
        play(MOVEGEN_VARIANTS[variant], &choices);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn random_exotic_games_keep_their_invariants(choices in proptest::collection::vec(any::<u16>(), 1..200)) {
        play("exotic", &choices);
    }
}

/// cutechess-cli's own variants (`variants/catalog/cutechess.ini`): pieces that change sides,
/// turn into other types or capture without moving, moves that must leave a grid cell.
const CUTECHESS_VARIANTS: &[&str] = &[
    "andernach",
    "antiandernach",
    "superandernach",
    "grid",
    "slippedgrid",
    "displacedgrid",
    "gridolina",
    "rifle",
    "shoot",
    "gryphon",
    "circulargryphon",
    "simplifiedgryphon",
    "twokings",
    "twokingssymmetric",
    "knightrelay",
    "changeover",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn random_cutechess_games_keep_their_invariants(
        variant in 0..CUTECHESS_VARIANTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 1..150),
    ) {
        play(CUTECHESS_VARIANTS[variant], &choices);
    }
}

/// Variants with Kraken's own keys: primed ids, 30 piece types, a 16x16 board.
const KRAKEN_KEY_VARIANTS: &[&str] = &["primes", "twins-primed", "big16"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_games_with_krakens_own_keys_keep_their_invariants(
        variant in 0..KRAKEN_KEY_VARIANTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 1..120),
    ) {
        play(KRAKEN_KEY_VARIANTS[variant], &choices);
    }
}
