//! Random and mutated variant files never make the loader, the rules builder or the first moves
//! of the variant panic: each either loads, and then a short random game is played in it, or
//! is refused with errors.

use kraken_tests::{fuzz_cases, mutated};
use movegen::Position;
use proptest::prelude::*;
use std::sync::OnceLock;
use variants::{known_keys, Catalog};

/// Parents a generated section may name (one unknown).
const PARENTS: &[&str] = &[
    "chess",
    "shogi",
    "xiangqi",
    "janggi",
    "capablanca",
    "crazyhouse",
    "makruk",
    "seirawan",
    "atomic",
    "chu",
    "fairy",
    "nosuchparent",
];

/// Values a generated key may get: plausible ones for most keys and garbage.
const VALUES: &[&str] = &[
    "true",
    "false",
    "0",
    "1",
    "3",
    "8",
    "10",
    "16",
    "17",
    "-1",
    "99999999999",
    "",
    "p",
    "k",
    "K",
    "q",
    "-",
    "*",
    "*8",
    "a1",
    "a1 h8 c3",
    "p:q",
    "p:-",
    "n:fN",
    "a:aaQ",
    "m:mWcF",
    "c:ooQ",
    "x:pR",
    "u:DyaW",
    "z:",
    "pnbrqk",
    "q:r n:b",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "k9/10/10/K9 w - - 0 1",
    "rnbqkbnr/8/8/8 w",
    "PNBRQK.........pnbrqk",
    "win",
    "loss",
    "draw",
    "blackdrawodds",
    "all",
    "axf",
    "edge",
    "duck",
    "\u{e9}",
];

/// A section with `lines` (key and value indices) under `parent`.
fn section(parent: usize, lines: &[(usize, usize)]) -> String {
    // The rule keys, without the hundreds of custom pieces and their regions.
    let keys: Vec<&String> = known_keys()
        .iter()
        .filter(|k| !k.starts_with("customPiece") && !k.starts_with("mobilityRegion"))
        .collect();
    let mut text = format!("[fz:{}]\n", PARENTS[parent % PARENTS.len()]);
    for &(key, value) in lines {
        let key = keys[key % keys.len()];
        let value = VALUES[value % VALUES.len()];
        text.push_str(&format!("{key} = {value}\n"));
    }
    text
}

/// Loads `text` into the built-in catalog; for each variant it defines whose rules build, plays
/// up to `moves` random legal moves from its start (`choices` picks them) and reads back the
/// FEN of each position reached.
fn exercise(text: &str, choices: &[u16]) {
    // The built-in catalog is read once; each case loads its file into a copy.
    static BUILTIN: OnceLock<Catalog> = OnceLock::new();
    let mut catalog = BUILTIN.get_or_init(Catalog::builtin).clone();
    let Ok(names) = catalog.add_text(text, "fuzz.ini") else {
        return;
    };
    for name in names {
        let Ok(rules) = catalog.rules(&name) else {
            continue;
        };
        let mut pos = Position::start(rules.clone());
        for &choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.variant_end().is_some() {
                break;
            }
            pos.make(moves[usize::from(choice) % moves.len()]);
            let fen = pos.fen();
            let reread = Position::from_fen(rules.clone(), &fen)
                .unwrap_or_else(|e| panic!("{name}: {fen} does not read back: {e}\n{text}"));
            assert_eq!(reread.fen(), fen, "{name}\n{text}");
        }
    }
}

/// The sections of the perft tests' own variant file, one of which is mutated.
fn seed_sections() -> Vec<String> {
    let text = include_str!("../data/perft/custom_variants.ini");
    let mut sections: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with('[') || sections.is_empty() {
            sections.push(String::new());
        }
        let current = sections.last_mut().expect("a section");
        current.push_str(line);
        current.push('\n');
    }
    sections.retain(|s| s.starts_with('['));
    sections
}

/// Characters a mutation inserts: those that shape a variant file, and any other.
fn mutation_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(vec!['=', '\n', '[', ']', ':', ' ', '#', ';', '/', '*', '-']),
        3 => prop::sample::select("0123456789".chars().collect::<Vec<_>>()),
        3 => prop::sample::select("abcdefghijklmnopqrstuvwxyzKQRBNP".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases(60)))]

    #[test]
    fn generated_variant_files_never_panic(
        parent in any::<usize>(),
        lines in prop::collection::vec((any::<usize>(), any::<usize>()), 0..8),
        choices in prop::collection::vec(any::<u16>(), 0..12),
    ) {
        exercise(&section(parent, &lines), &choices);
    }

    #[test]
    fn mutated_variant_files_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<usize>(), 0..3u8, mutation_char()), 1..5),
        choices in prop::collection::vec(any::<u16>(), 0..12),
    ) {
        let sections = seed_sections();
        let section: &String = which.get(&sections);
        exercise(&mutated(section, &edits), &choices);
    }
}

#[test]
fn the_seed_sections_load() {
    let sections = seed_sections();
    assert!(sections.len() > 10, "{} sections", sections.len());
    let mut loaded = 0;
    for text in &sections {
        let mut catalog = Catalog::builtin();
        if let Ok(names) = catalog.add_text(text, "seed.ini") {
            loaded += names.iter().filter(|n| catalog.rules(n).is_ok()).count();
        }
    }
    // Most seeds stand alone; a few name a parent of their own file.
    assert!(
        loaded * 2 > sections.len(),
        "{loaded} of {}",
        sections.len()
    );
}
