//! Checking a variant file: every problem, each with its file, line and key.

use notation::Geometry;

use crate::{
    build::{build_rules, is_known_key},
    catalog::Catalog,
    definition::{resolve, Origin, VariantError},
    fsf_reading::fsf_reading,
    ini::{parse_ini, Section},
    pieces::{is_custom_piece, named_piece},
};

/// Checks the variants of a file's text against the built-in catalog (their parents may be
/// built in): malformed lines, unknown keys, unknown or cyclic parents, and anything that keeps
/// a variant from being built (bad XBetza, bad FEN, bad values).
///
/// An empty result means the file is good.
pub fn check_text(text: &str, source: &str) -> Vec<VariantError> {
    check_file(text, source).problems
}

/// What `kraken check` reports on a file.
#[derive(Debug, Default)]
pub struct CheckReport {
    /// What is wrong ([`check_text`]); the file is good when there is nothing.
    pub problems: Vec<VariantError>,
    /// What is right but worth knowing: each piece whose Betza is played by Fairy-Stockfish's
    /// reading because XBetza's would move it otherwise ([`crate::fsf_reading`]).
    pub notes: Vec<VariantError>,
}

/// Checks the variants of a file's text as [`check_text`] does, and notes the pieces read as
/// Fairy-Stockfish reads them.
pub fn check_file(text: &str, source: &str) -> CheckReport {
    let sections = match parse_ini(text) {
        Ok(sections) => sections,
        Err(errors) => {
            return CheckReport {
                problems: VariantError::from_ini(errors, source),
                notes: Vec::new(),
            }
        }
    };
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    for section in &sections {
        for entry in &section.entries {
            if !is_known_key(&entry.key) {
                problems.push(VariantError {
                    origin: Origin {
                        source: source.to_string(),
                        line: entry.line,
                    },
                    key: Some(entry.key.clone()),
                    message: "unknown key".into(),
                });
            }
        }
    }
    let mut catalog = Catalog::builtin();
    catalog
        .add_text(text, source)
        .expect("the text parsed above");
    for section in &sections {
        let definition = match resolve(&section.name, catalog.sections()) {
            Ok(definition) => definition,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        match build_rules(&definition) {
            Ok(rules) => notes.extend(fsf_read_pieces(section, &rules.geometry, source)),
            Err(errors) => problems.extend(errors),
        }
    }
    problems.sort_by(|a, b| (a.origin.line, &a.key).cmp(&(b.origin.line, &b.key)));
    problems.dedup();
    CheckReport { problems, notes }
}

/// The pieces `section` itself declares whose Betza, written without a notation prefix, is
/// played by Fairy-Stockfish's reading on `geometry`.
fn fsf_read_pieces(section: &Section, geometry: &Geometry, source: &str) -> Vec<VariantError> {
    let mut notes = Vec::new();
    for entry in &section.entries {
        if !is_custom_piece(&entry.key) && named_piece(&entry.key).is_none() {
            continue;
        }
        let Some((_, betza)) = entry.value.split_once(':') else {
            continue;
        };
        if betza.contains(':') {
            continue;
        }
        if let Some(reading) = fsf_reading(betza, geometry) {
            let reading = if reading.is_empty() {
                "no move"
            } else {
                &reading
            };
            notes.push(VariantError {
                origin: Origin {
                    source: source.to_string(),
                    line: entry.line,
                },
                key: Some(entry.key.clone()),
                message: format!(
                    "note: '{betza}' is played as Fairy-Stockfish reads it ({reading}); \
                     write 'xbetza:{betza}' for XBetza's reading"
                ),
            });
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_as_fairy_stockfish_reads_them_are_noted() {
        let text = "[a:chess]\ncustomPiece1 = a:nC\ncustomPiece2 = c:mRcpR\n\
                    customPiece3 = d:xbetza:nC\n";
        let report = check_file(text, "test.ini");
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let notes: Vec<(usize, String)> = report
            .notes
            .iter()
            .map(|n| (n.origin.line, n.to_string()))
            .collect();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(notes[0].0, 2);
        assert!(notes[0]
            .1
            .contains("'nC' is played as Fairy-Stockfish reads it (no move)"));
    }

    fn lines(text: &str) -> Vec<(usize, Option<String>)> {
        check_text(text, "test.ini")
            .into_iter()
            .map(|e| (e.origin.line, e.key))
            .collect()
    }

    /// The XBetza each piece of variant `a` in `text` (a file that checks clean) ends up with,
    /// by its symbol.
    fn betza_of(text: &str) -> impl Fn(&str) -> String {
        assert_eq!(lines(text), vec![]);
        let mut catalog = Catalog::builtin();
        catalog.add_text(text, "test.ini").unwrap();
        let rules = catalog.rules("a").unwrap();
        move |symbol| {
            let id = rules.piece_by_symbol(symbol).unwrap();
            rules.piece(id).betza.clone()
        }
    }

    /// Asserts that the one problem in `text` is its `key`, not supported by Kraken yet.
    fn assert_not_supported(text: &str, key: &str) {
        let problem = only_problem(text);
        assert!(
            problem.contains(key) && problem.contains("not supported by Kraken yet"),
            "{problem}"
        );
    }

    /// The one problem `kraken check` finds in `text`.
    fn only_problem(text: &str) -> String {
        let problems = check_text(text, "test.ini");
        assert_eq!(problems.len(), 1, "{problems:?}");
        problems[0].to_string()
    }

    #[test]
    fn the_builtin_catalog_is_clean() {
        assert_eq!(check_text(crate::BUILTIN, "built-in"), vec![]);
    }

    #[test]
    fn the_cutechess_catalog_is_clean() {
        let text = format!("{}\n{}", crate::BUILTIN, crate::CUTECHESS);
        assert_eq!(check_text(&text, "built-in"), vec![]);
    }

    /// Keys a build reads only beside others (the extinction rule's, the flag rule's) are
    /// keys all the same: Fairy-Stockfish accepts them alone.
    #[test]
    fn keys_of_a_rule_not_in_force_are_known() {
        let text = "[a:chess]\nextinctionClaim = true\nflagMove = true\nwallOrMove = true\n\
                    castlingKingFile = e\npetrifyBlastPieces = true\ndropOnTop = false\n";
        assert_eq!(lines(text), vec![]);
    }

    /// A build that stops at a bad board still has its misspelt keys reported.
    #[test]
    fn unknown_keys_are_reported_beside_a_bad_board() {
        let text = "[a:chess]\nmaxFile = 99\ncastlingg = false\n";
        assert_eq!(
            lines(text),
            vec![
                (2, Some("maxFile".to_string())),
                (3, Some("castlingg".to_string()))
            ]
        );
    }

    /// Kraken takes en passant from the moves' `e`: `enPassantTypes` may name those pieces,
    /// and is refused when it names others.
    #[test]
    fn en_passant_types_must_agree_with_the_moves() {
        assert_eq!(lines("[a:chess]\nenPassantTypes = p\n"), vec![]);
        assert_not_supported(
            "[a:chess]\nenPassantTypesWhite = pn\n",
            "enPassantTypesWhite",
        );
        let berolina = "[a:chess]\npawn = -\ncustomPiece1 = p:mfFcfeWimfnA\nenPassantTypes = p\n";
        assert_eq!(lines(berolina), vec![]);
    }

    /// Fairy-Stockfish's per-colour keys of rules Kraken holds for both colours at once are
    /// read when they agree, and refused when they make the colours differ.
    #[test]
    fn per_colour_keys_must_agree() {
        let agreeing = "[a:chess]\ncastlingKingPieceWhite = k\ncastlingKingPieceBlack = k\n\
                        passWhite = false\n";
        assert_eq!(lines(agreeing), vec![]);
        for (text, key) in [
            ("[a:chess]\npassWhite = true\n", "passWhite"),
            (
                "[a:chess]\ncastlingRookPiecesWhite = r\ncastlingRookPiecesBlack = q\n",
                "castlingRookPiecesBlack",
            ),
        ] {
            assert_not_supported(text, key);
        }
    }

    #[test]
    fn problems_point_at_their_line_and_key() {
        let text = "[a:chess]\nbogusKey = 1\ncustomPiece1 = x:fmWfce\nstartFen = 8/8 w - - 0 1\n\n[b:nowhere]\n\n[c:d]\n[d:c]\n";
        assert_eq!(
            lines(text),
            vec![
                (2, Some("bogusKey".to_string())),
                (3, Some("customPiece1".to_string())),
                (4, Some("startFen".to_string())),
                (6, None),
                (8, None),
                (9, None),
            ]
        );
    }

    #[test]
    fn pieces_may_be_written_in_the_quick_reference() {
        let good = "[a:chess]\ncustomPiece1 = a:quickref:F(F-W0)\nknight = n:quickref:W-F\n";
        let betza = betza_of(good);
        assert_eq!(betza("A"), "FyafsF");
        assert_eq!(betza("N"), "mafsW");
        // The line of the key, and the column inside the value: 'x' is the 14th character
        // of "a:quickref:Q-xacK".
        let bad = "[a:chess]\n\ncustomPiece1 = a:quickref:Q-xacK\nstartFen = rnbqkbnr/8/8/8/8/8/8/RNBQKBNA w - - 0 1\n";
        assert_eq!(
            only_problem(bad),
            "test.ini:3: customPiece1: \"a:quickref:Q-xacK\": column 14: 'x' has no XBetza \
             equivalent: eruption ends the move and sends fragments along the rest of the \
             chain; XBetza has no fragments (its x makes a friend move)"
        );
    }

    #[test]
    fn pieces_may_be_written_in_the_old_betza_notation() {
        let good = "[a:chess]\ncustomPiece1 = a:oldbetza:FtR\nknight = n:oldbetza:W-F\n";
        let betza = betza_of(good);
        assert_eq!(betza("A"), "FyafsF");
        assert_eq!(betza("N"), "mafsW");
        // The line of the key, and the column inside the value: '!' is the 13th character
        // of "a:oldbetza:Q!K".
        let bad = "[a:chess]\n\ncustomPiece1 = a:oldbetza:Q!K\nstartFen = rnbqkbnr/8/8/8/8/8/8/RNBQKBNA w - - 0 1\n";
        assert_eq!(
            only_problem(bad),
            "test.ini:3: customPiece1: \"a:oldbetza:Q!K\": column 13: '!' has no XBetza \
             equivalent: the path goes on from a foe it leaves where it is; XBetza's legs hop \
             over any piece (p) or over a friend only (tp), not over a foe only"
        );
    }

    #[test]
    fn pieces_may_be_written_in_mbn() {
        // MBN's ':' (leapers, compound letters) and '=' (after the identifier) stay inside the
        // value: only the first ':' ends the piece letter.
        let good = "[a:chess]\ncustomPiece1 = a:mbn::Ra:=(aW)3\nknight = n:mbn:W-fF\n\
                    customPiece2 = g:mbn::1,4:\n";
        let betza = betza_of(good);
        assert_eq!(betza("A"), "WmcafWmcafmcafW");
        assert_eq!(betza("N"), "mafsW");
        assert_eq!(betza("G"), "FX");
        // The line of the key, and the column inside the value: '[' is the 8th character of
        // "a:mbn:W[d-f1-3]+F".
        let bad = "[a:chess]\n\ncustomPiece1 = a:mbn:W[d-f1-3]+F\nstartFen = rnbqkbnr/8/8/8/8/8/8/RNBQKBNA w - - 0 1\n";
        assert_eq!(
            only_problem(bad),
            "test.ini:3: customPiece1: \"a:mbn:W[d-f1-3]+F\": column 8: '[d-f1-3]' has no \
             variant-file equivalent: a range after some moves only; a variant file's mobility \
             region limits every move of the piece"
        );
    }

    #[test]
    fn mbn_board_ranges_are_regions() {
        let good = "[a:chess]\ncustomPiece1 = a:mbn:W[d-f1-3]\n\
                    customPiece2 = s:mbn:mfW+cefF+[1-2]mefW02\npromotionPawnTypes = ps\n";
        assert_eq!(lines(good), vec![]);
        assert_eq!(betza_of(good)("S"), "fmWfceFifmnafmnW");
        // An origin range gives a pawn type's double-step region; a Rook is none.
        let not_pawn = "[a:chess]\ncustomPiece1 = a:mbn:[1]R\n";
        assert_eq!(
            only_problem(not_pawn),
            "test.ini:2: customPiece1: the MBN range [1] before moves gives a pawn type's \
             initial moves; 'a' is not one (promotionPawnTypes)"
        );
        // A region given twice.
        let twice =
            "[a:chess]\ncustomPiece1 = a:mbn:W[d-f1-3]\nmobilityRegionWhiteCustomPiece1 = d1\n";
        assert_eq!(
            only_problem(twice),
            "test.ini:3: mobilityRegionWhiteCustomPiece1: given also by the MBN range [d-f1-3] \
             of customPiece1"
        );
    }

    #[test]
    fn promotions_may_be_mbn_rules() {
        assert_eq!(
            lines("[a:chess]\npromotionPieceTypes = mbn:+P==Q +p==N\n"),
            vec![]
        );
        let flip = "[a:chess]\npromotionPieceTypes = mbn:+P==q\n";
        assert_eq!(
            only_problem(flip),
            "test.ini:2: promotionPieceTypes: \"mbn:+P==q\": column 9: '+P==q' has no \
             variant-file equivalent: a lower-case piece after '==' promotes into the other \
             side's piece; a variant file's promotions keep the colour"
        );
        let unknown = "[a:chess]\npromotionPieceTypes = mbn:+P==X\n";
        assert_eq!(
            only_problem(unknown),
            "test.ini:2: promotionPieceTypes: no piece 'x' in this variant"
        );
        let twice = "[a:chess]\npromotionPawnTypes = p\npromotionPieceTypes = mbn:+P==Q\n";
        assert_eq!(
            only_problem(twice),
            "test.ini:2: promotionPawnTypes: given also by the MBN rules of promotionPieceTypes"
        );
    }

    #[test]
    fn per_colour_promotion_lists_and_pawn_types_may_differ() {
        let different = "[a:chess]\npromotionPieceTypesWhite = q\npromotionPieceTypesBlack = n\n";
        assert_eq!(lines(different), vec![]);
        // Spartan chess: black's hoplites promote, white's pawns do.
        let pawns = "[a:chess]\ncustomPiece1 = o:fW\npromotionPawnTypesBlack = o\n";
        assert_eq!(lines(pawns), vec![]);
        let unknown = "[a:chess]\npromotionPawnTypesBlack = o\n";
        assert_eq!(
            lines(unknown),
            vec![(2, Some("promotionPawnTypesBlack".to_string()))]
        );
    }

    #[test]
    fn sittuyin_keys_are_read_and_a_rook_drop_rule_needs_a_rook() {
        let keys =
            "[a:chess]\npieceDrops = true\nsittuyinRookDrop = true\nsittuyinPromotion = true\n";
        assert_eq!(lines(keys), vec![]);
        let rookless = "[a:chess]\nrook = -\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nsittuyinRookDrop = true\n";
        assert_eq!(
            lines(rookless),
            vec![(4, Some("sittuyinRookDrop".to_string()))]
        );
    }

    #[test]
    fn shogi_flip_keys_are_read_and_checked() {
        let keys = "[a:kyotoshogi]\ndropNoDoubled = p\ndropNoDoubledCount = 2\nnFoldValue = win\n";
        assert_eq!(lines(keys), vec![]);
        let both = "[a:micro]\npromotionOnEntry = true\n";
        assert_eq!(lines(both), vec![(2, Some("promotionOnEntry".to_string()))]);
        let count = "[a:torishogi]\ndropNoDoubledCount = 256\n";
        assert_eq!(
            lines(count),
            vec![(2, Some("dropNoDoubledCount".to_string()))]
        );
    }

    #[test]
    fn immunity_makpong_and_drop_type_keys_are_read() {
        let keys = "[a:chess]\nmakpongRule = true\nblastOnCapture = true\nblastImmuneTypes = k\n\
                    mutuallyImmuneTypes = kq\npieceDrops = true\nmustDrop = true\nmustDropType = q\n";
        assert_eq!(lines(keys), vec![]);
        let unknown = "[a:chess]\nblastImmuneTypes = x\nmustDropType = y\n";
        assert_eq!(
            lines(unknown),
            vec![
                (2, Some("blastImmuneTypes".to_string())),
                (3, Some("mustDropType".to_string()))
            ]
        );
    }

    #[test]
    fn walling_rule_takes_fairy_stockfish_values() {
        for rule in ["duck", "none", "arrow", "past", "edge", "static"] {
            assert_eq!(lines(&format!("[a:chess]\nwallingRule = {rule}\n")), vec![]);
        }
        assert_eq!(
            lines("[a:chess]\nwallingRule = arrows\n"),
            vec![(2, Some("wallingRule".to_string()))]
        );
        assert_eq!(
            lines("[a:chess]\nwallingRule = edge\nwallOrMove = true\nwallingRegion = *1 *8\n"),
            vec![]
        );
    }

    #[test]
    fn malformed_lines_are_reported() {
        assert_eq!(lines("[a\nkey"), vec![(1, None), (2, None)]);
    }
}
