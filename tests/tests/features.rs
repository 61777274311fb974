//! `Rules::features`: each rule described once, for the variant table and for XBoard.

use variants::Catalog;

/// The features of `variant` as (summary, what XBoard under `parent` cannot follow).
fn features(variant: &str, parent: &str) -> Vec<(String, Option<&'static str>)> {
    let rules = Catalog::builtin()
        .rules(variant)
        .expect("a catalog variant");
    rules
        .features()
        .into_iter()
        .map(|f| (f.summary, f.xboard.fails_under(parent)))
        .collect()
}

/// What XBoard under `parent` cannot follow of `variant`'s rule `summary`; `None` when the
/// variant has no such rule.
fn fails(variant: &str, summary: &str, parent: &str) -> Option<Option<&'static str>> {
    features(variant, parent)
        .into_iter()
        .find(|(words, _)| words == summary)
        .map(|(_, fails)| fails)
}

/// A rule that is XBoard's own in one parent variant is told only under the others.
#[test]
fn a_parents_own_rule_is_followed_under_that_parent() {
    let explode = "captures explode";
    assert_eq!(fails("atomic", explode, "atomic"), Some(None));
    assert_eq!(
        fails("atomic", explode, "fairy"),
        Some(Some("exploding captures"))
    );
    let alone = "royal only when alone";
    assert_eq!(fails("chu", alone, "chu"), Some(None));
    assert!(fails("chu", alone, "fairy").is_some_and(|fails| fails.is_some()));
}

/// Plain chess has castling and nothing XBoard cannot follow.
#[test]
fn chess_has_castling_only() {
    assert_eq!(
        features("chess", "fairy"),
        vec![("castling".to_string(), None)]
    );
}
