//! Random text must never make the parser or the compiler panic.

use notation::{compile, describe, parse, write, Color, Geometry, Square, SquareSet};
use proptest::prelude::*;

/// One piece of text: mostly XBetza modifiers and atoms, sometimes digits, punctuation or
/// arbitrary Unicode.
fn token() -> impl Strategy<Value = String> {
    let modifiers: Vec<String> = "fblrvshmcdepgyxunjozqiaa"
        .chars()
        .map(String::from)
        .collect();
    let atoms: Vec<String> = "WFDNAHLCJZGKBRQUOI".chars().map(String::from).collect();
    let suffixes: Vec<String> = [
        "0", "1", "2", "7", "15", "99", "*", "X", "Y", "(1,4)", "(0,7)",
    ]
    .map(String::from)
    .to_vec();
    prop_oneof![
        24 => prop::sample::select(modifiers),
        8 => prop::sample::select(atoms),
        3 => prop::sample::select(suffixes),
        1 => any::<char>().prop_map(String::from),
        1 => prop::sample::select(vec!['(', ')', ',', ' ', '*', '9']).prop_map(String::from),
    ]
}

/// Random text: either loose tokens, or moves (modifiers, atom, suffix) with an occasional
/// stray character, so that a good share of it parses.
fn text() -> impl Strategy<Value = String> {
    let modifier = prop::sample::select("fblrvshmcdepgyxunjozqiaa".chars().collect::<Vec<_>>());
    let atom = prop::sample::select(
        [
            "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "B", "R", "Q", "U", "O", "I", "L",
        ]
        .to_vec(),
    );
    let suffix = prop::sample::select(
        [
            "", "", "", "0", "1", "3", "15", "99", "*", "X", "YY", "NN", "(2,5)",
        ]
        .to_vec(),
    );
    let one_move = (prop::collection::vec(modifier, 0..10), atom, suffix)
        .prop_map(|(mods, atom, suffix)| format!("{}{atom}{suffix}", String::from_iter(mods)));
    let moves = (
        prop::collection::vec(one_move, 1..4),
        prop::option::weighted(0.1, (any::<prop::sample::Index>(), token())),
    )
        .prop_map(|(moves, noise)| {
            let mut text = moves.concat();
            if let Some((at, token)) = noise {
                let chars: Vec<char> = text.chars().collect();
                let at = at.index(chars.len() + 1);
                text = chars[..at]
                    .iter()
                    .chain(token.chars().collect::<Vec<_>>().iter())
                    .chain(&chars[at..])
                    .collect();
            }
            text
        });
    let loose = prop::collection::vec(token(), 0..24).prop_map(|tokens| tokens.concat());
    prop_oneof![3 => moves, 1 => loose]
}

/// A random board from 1x1 to 16x16, sometimes with holes.
fn geometry() -> impl Strategy<Value = Geometry> {
    (1u8..=16, 1u8..=16, prop::collection::vec(any::<u8>(), 0..6)).prop_map(|(w, h, holes)| {
        let geometry = Geometry::new(w, h).unwrap();
        let n = geometry.num_squares();
        let holes: SquareSet = holes
            .iter()
            .map(|&i| Square((i as usize % n) as u8))
            .collect();
        geometry.with_holes(holes)
    })
}

fn exercise(text: &str, geometry: &Geometry) {
    let Ok(desc) = parse(text) else {
        return;
    };
    for mv in &desc.moves {
        assert!(!describe(mv).is_empty());
    }
    let written = write(&desc);
    let again = parse(&written).unwrap_or_else(|e| panic!("{text} -> {written}: {e}"));
    for color in Color::ALL {
        let table = compile(&desc, geometry, color);
        assert_eq!(
            table,
            compile(&again, geometry, color),
            "{text} -> {written}"
        );
    }
}

/// `default` cases in `cargo test`, or `PROPTEST_CASES` when it is set (the long runs of
/// `scripts/fuzz.py`; proptest itself lets a test's own count win).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2000)))]

    #[test]
    fn parse_and_compile_never_panic(
        text in text(),
        geometry in geometry(),
    ) {
        exercise(&text, &geometry);
    }
}

#[test]
fn edge_cases_never_panic() {
    let texts = [
        "",
        "a",
        "aaaa",
        "K",
        "(",
        "(1",
        "(1,",
        "(1,2",
        "(1,2)",
        "(0,0)",
        "(99999999999,1)",
        "(15,15)",
        "(16,1)",
        "(1,15)99",
        "WXXXX",
        "WXXXXX",
        "GYYYY",
        "GYYYYY",
        "NN99",
        "N100",
        "O",
        "O0",
        "O99",
        "O*",
        "U",
        "I",
        "bI",
        "hI",
        "U*",
        "oooooR",
        "nnnnnD",
        "zqR",
        "zqN99",
        "ooqN",
        "oozGG",
        "jjjjB",
        "aaaaaaaaaK",
        "iiiiK",
        "ooiaoiaoiQ",
        "hhhhW",
        "W*",
        "(7,7)*",
        "ooQ*",
        "KisO15",
        "éK",
        "K\u{0}",
        "Kfff",
        "fff",
        "ŁN",
        "xaxaxK",
        "udaudaudQ",
        "gagagaK",
        "yayayaN",
        "pppR",
        "gpR",
        "ooNN",
        "ojNN0",
        "onDD",
    ];
    for (w, h) in [(1, 1), (1, 16), (16, 1), (2, 3), (16, 16)] {
        let geometry = Geometry::new(w, h).unwrap();
        for text in texts {
            exercise(text, &geometry);
        }
    }
}
