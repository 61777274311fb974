//! The opening suites in tests/data/openings (every record reads, its position is legal in its
//! variant, the game is not over there, no position repeats) and the tactical suites.

use std::collections::HashSet;

use engine::epd::EpdRecord;
use movegen::{MoveList, Position};
use variants::Catalog;

#[test]
fn every_opening_suite_loads_and_is_legal() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/openings");
    let catalog = Catalog::builtin();
    let mut suites = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/data/openings") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("epd") {
            continue;
        }
        let variant = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        let rules = catalog
            .rules(variant)
            .unwrap_or_else(|e| panic!("{variant}: {e:?}"));
        let text = std::fs::read_to_string(&path).expect("a suite");
        let mut seen = HashSet::new();
        for (n, line) in text.lines().enumerate() {
            let at = format!("{}:{}", path.display(), n + 1);
            let record = EpdRecord::parse(line).unwrap_or_else(|e| panic!("{at}: {e}"));
            let fen = record.fen();
            let mut pos =
                Position::from_fen(rules.clone(), &fen).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(pos.fen(), fen, "{at}: the FEN reads back");
            let mut moves = MoveList::new();
            pos.generate_legal(&mut moves);
            assert!(!moves.is_empty(), "{at}: no legal move");
            assert!(pos.legal_moves_end(&moves).is_none(), "{at}: game over");
            assert!(seen.insert(fen), "{at}: repeated");
        }
        assert!(
            seen.len() >= 100,
            "{variant}: only {} positions",
            seen.len()
        );
        suites += 1;
    }
    assert!(suites >= 9, "{suites} suites");
}

/// The tactical suites in tests/data/tactics: every record reads and its best moves are legal.
#[test]
fn every_tactical_suite_names_legal_best_moves() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/tactics");
    let catalog = Catalog::builtin();
    let mut records = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/data/tactics") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a suite");
        for (n, line) in text.lines().enumerate() {
            let at = format!("{}:{}", path.display(), n + 1);
            let record = EpdRecord::parse(line).unwrap_or_else(|e| panic!("{at}: {e}"));
            let variant = record
                .operation("variant")
                .and_then(|v| v.first().cloned())
                .unwrap_or_else(|| "chess".into());
            let rules = catalog.rules(&variant).expect("a variant");
            let mut pos =
                Position::from_fen(rules, &record.fen()).unwrap_or_else(|e| panic!("{at}: {e}"));
            let best = record.operation("bm").expect("a best move");
            for mv in best {
                pos.parse_move(mv, movegen::MoveFormat::default())
                    .unwrap_or_else(|e| panic!("{at}: {mv}: {}", e.reason));
            }
            records += 1;
        }
    }
    assert!(records > 0, "no tactical positions");
}

/// Shuffled Chess960 starts keep Fischer's rules: the back ranks mirror each other, the king
/// stands between its rooks, the bishops on both colours, all four castlings are allowed, and
/// the shuffles differ. Capablanca random keeps the same rules with its two more pieces.
#[test]
fn shuffled_starts_keep_fischers_rules() {
    let catalog = Catalog::builtin();
    for (variant, width) in [("fischerandom", 8), ("caparandom", 10)] {
        let rules = catalog.rules(variant).expect("a built-in variant");
        let start = Position::from_fen(rules.clone(), &rules.start_fen).expect("its start");
        let start_fen = start.fen();
        let start_ranks: Vec<&str> = start_fen.split(' ').next().unwrap().split('/').collect();
        let mut state = 7u64;
        let mut below = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % n as u64) as usize
        };
        let mut seen = HashSet::new();
        for _ in 0..200 {
            let pos = variants::shuffled_start(&start, &mut below).expect("a shuffle");
            let fen = pos.fen();
            let fields: Vec<&str> = fen.split(' ').collect();
            let ranks: Vec<&str> = fields[0].split('/').collect();
            let (black, white) = (ranks[0], ranks[ranks.len() - 1]);
            assert_eq!(white.len(), width, "{fen}");
            assert_eq!(black, white.to_lowercase(), "{fen}: mirrored");
            assert_eq!(
                &ranks[1..ranks.len() - 1],
                &start_ranks[1..start_ranks.len() - 1],
                "{fen}: the ranks between are the start's"
            );
            let file = |c: char| white.find(c).expect("a piece");
            let (king, first_rook, last_rook) = (file('K'), file('R'), white.rfind('R').unwrap());
            assert!(
                first_rook < king && king < last_rook,
                "{fen}: king between rooks"
            );
            let bishops: Vec<usize> = white.match_indices('B').map(|(i, _)| i).collect();
            assert_eq!(
                (bishops[0] + bishops[1]) % 2,
                1,
                "{fen}: bishops on both colours"
            );
            assert_eq!(fields[2].len(), 4, "{fen}: every castling allowed");
            let mut moves = MoveList::new();
            let mut pos = pos;
            pos.generate_legal(&mut moves);
            assert!(!moves.is_empty(), "{fen}");
            seen.insert(white.to_string());
        }
        assert!(
            seen.len() > 150,
            "{variant}: only {} different shuffles",
            seen.len()
        );
    }
}
