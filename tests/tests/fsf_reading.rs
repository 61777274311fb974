//! A variant file's Betza is read as Fairy-Stockfish reads it where the two readings differ
//! (`variants::fsf_reading`); `xbetza:` and `fsf:` choose a reading; the built-in catalog is
//! XBetza.

use kraken_tests::setup::{catalog_with, rules};
use notation::fsf_to_xbetza;

const FILE: &str = "\
[lame:chess]
customPiece1 = a:nC
[lamexbetza:chess]
customPiece1 = a:xbetza:nC
[cannon:chess]
customPiece1 = a:pB2
[agree:chess]
customPiece1 = a:mRcpR
[forced:chess]
customPiece1 = a:fsf:mafsW
";

/// The Betza Kraken plays the custom piece `a` of `variant` by.
fn betza_of(variant: &str) -> String {
    let catalog = catalog_with(FILE, "mine.ini");
    let rules = rules(&catalog, variant);
    let id = rules.piece_by_symbol("A").expect("a is declared");
    rules.piece(id).betza.clone()
}

#[test]
fn a_user_file_reads_betza_as_fairy_stockfish() {
    // Fairy-Stockfish makes only nD, nN, nA and nZ lame leaps: nC moves nowhere.
    assert_eq!(betza_of("lame"), "");
    // A cannon's range bounds where it lands.
    assert_eq!(betza_of("cannon"), fsf_to_xbetza("pB2").unwrap());
    assert_ne!(betza_of("cannon"), "pB2");
    // Where the readings agree the text stays as written (it is what XBoard is sent).
    assert_eq!(betza_of("agree"), "mRcpR");
}

#[test]
fn prefixes_choose_the_reading() {
    assert_eq!(betza_of("lamexbetza"), "nC");
    let catalog = catalog_with(FILE, "mine.ini");
    let errors = catalog
        .rules("forced")
        .expect_err("fsf: refuses XBetza's a");
    let text = format!("{errors:?}");
    assert!(text.contains("not a letter Fairy-Stockfish"), "{text}");
}

#[test]
fn the_built_in_catalog_is_xbetza() {
    // Ciccolini's g is BD0, a bishop and a Dabbaba rider; Fairy-Stockfish has no D rider.
    let catalog = catalog_with("", "none.ini");
    let rules = rules(&catalog, "ciccolini");
    let id = rules.piece_by_symbol("G").expect("g is declared");
    assert_eq!(rules.piece(id).betza, "BD0");
}
