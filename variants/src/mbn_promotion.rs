//! Promotions given as MBN promotion rules (`promotionPieceTypes = mbn:+P==QRBN`): what the
//! rules say in the variant file's own keys, `promotionPawnTypes` and `promotionPieceTypes`.

use notation::MbnPromotion;

/// What a set of MBN promotion rules says, per side (White, Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionKeys {
    /// The letters of the pieces that promote, lower case.
    pub pawns: [Vec<char>; 2],
    /// The letters they may promote to, lower case; `None`: every other piece that is not
    /// royal (MBN's default rule `+P`).
    pub choices: [Option<Vec<char>>; 2],
}

/// One side's promoting pieces and their choices.
type SideRules = (Vec<char>, Option<Vec<char>>);

/// The keys `rules` stand for: upper-case rules hold for both sides unless Black has rules
/// of its own (`+p==I`).
///
/// # Errors
/// Returns why when one side's rules give different choices to different pieces (a variant
/// file has one list of choices per side) or name a piece twice.
pub fn promotion_keys(rules: &[MbnPromotion]) -> Result<PromotionKeys, String> {
    let side = |black: bool| -> Result<Option<SideRules>, String> {
        let mine: Vec<&MbnPromotion> = rules.iter().filter(|r| r.black == black).collect();
        let Some(first) = mine.first() else {
            return Ok(None);
        };
        let mut pawns: Vec<char> = Vec::new();
        for rule in &mine {
            let letter = rule.piece.to_ascii_lowercase();
            if pawns.contains(&letter) {
                return Err(format!("two rules for '{}'", rule.piece));
            }
            if rule.choices != first.choices {
                return Err(format!(
                    "'{}' and '{}' promote to different pieces; a variant file gives one list \
                     of choices per side",
                    first.piece, rule.piece
                ));
            }
            pawns.push(letter);
        }
        let choices = first
            .choices
            .as_ref()
            .map(|c| c.iter().map(char::to_ascii_lowercase).collect());
        Ok(Some((pawns, choices)))
    };
    let both = side(false)?;
    let black = side(true)?;
    let Some(white) = both.clone().or_else(|| black.clone()) else {
        return Err("no promotion rule".to_string());
    };
    let black = black.unwrap_or_else(|| white.clone());
    Ok(PromotionKeys {
        pawns: [white.0, black.0],
        choices: [white.1, black.1],
    })
}

impl PromotionKeys {
    /// The keys as a variant file writes them (`promotionPawnTypes = p`), one line each.
    pub fn lines(&self) -> Vec<String> {
        let letters = |list: &[char]| list.iter().collect::<String>();
        let choice = |c: &Option<Vec<char>>| {
            c.as_ref().map_or_else(
                || "(every other piece that is not royal)".to_string(),
                |list| letters(list),
            )
        };
        let mut lines = Vec::new();
        if self.pawns[0] == self.pawns[1] {
            lines.push(format!("promotionPawnTypes = {}", letters(&self.pawns[0])));
        } else {
            lines.push(format!(
                "promotionPawnTypesWhite = {}",
                letters(&self.pawns[0])
            ));
            lines.push(format!(
                "promotionPawnTypesBlack = {}",
                letters(&self.pawns[1])
            ));
        }
        if self.choices[0] == self.choices[1] {
            lines.push(format!(
                "promotionPieceTypes = {}",
                choice(&self.choices[0])
            ));
        } else {
            lines.push(format!(
                "promotionPieceTypesWhite = {}",
                choice(&self.choices[0])
            ));
            lines.push(format!(
                "promotionPieceTypesBlack = {}",
                choice(&self.choices[1])
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::mbn_promotions;

    fn keys(text: &str) -> Result<PromotionKeys, String> {
        promotion_keys(&mbn_promotions(text).unwrap())
    }

    #[test]
    fn one_rule_holds_for_both_sides() {
        let k = keys("+P==QRBN").unwrap();
        assert_eq!(k.pawns, [vec!['p'], vec!['p']]);
        assert_eq!(
            k.lines(),
            ["promotionPawnTypes = p", "promotionPieceTypes = qrbn"]
        );
    }

    #[test]
    fn black_rules_replace_the_shared_ones_for_black() {
        let k = keys("+P==Q +p==I").unwrap();
        assert_eq!(
            k.lines(),
            [
                "promotionPawnTypes = p",
                "promotionPieceTypesWhite = q",
                "promotionPieceTypesBlack = i"
            ]
        );
    }

    #[test]
    fn one_list_of_choices_per_side() {
        assert!(keys("+P==Q +S==N")
            .unwrap_err()
            .contains("different pieces"));
        assert_eq!(keys("+P==QR +S==QR").unwrap().pawns[0], ['p', 's']);
        assert!(keys("+P==Q +P==R").unwrap_err().contains("two rules"));
        assert_eq!(keys("+P").unwrap().choices, [None, None]);
    }
}
