//! MBN's promotion rules (`+P==QRBN`, `+P`, `+P==Q +p==I`), read as what a variant file's
//! `promotionPawnTypes` and `promotionPieceTypes` keys say.

use crate::{
    mbn::{no_key, refuse, Failure},
    MbnError, MbnErrorKind,
};

/// One promotion rule: which pieces promote and what they may become.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MbnPromotion {
    /// Whether the rule is Black's own (`+p==I`, a lower-case piece); an upper-case rule holds
    /// for both sides unless Black has rules of its own.
    pub black: bool,
    /// The promoting piece's letter, upper case.
    pub piece: char,
    /// The letters it may promote to, upper case; `None` for the default rule (`+P`): any
    /// other piece that is not royal.
    pub choices: Option<Vec<char>>,
}

/// Reads MBN promotion rules separated by spaces: `+P==QRBN`, `+P=={QRBN}` (the pieces `P`
/// promotes to), `+P` (the default: any other non-royal piece), `+p==I` (Black's own rule).
///
/// # Errors
/// Returns an [`MbnError`] with the column of what no variant-file key can give: a prefix other
/// than `+` (its rules live in the FBR board rules), a promotion that flips colour (`+Q==q`),
/// piece sets with `!` or `^`, promoted or dropped targets (`+D`, `@k`), conditions, and a
/// rule that defines moves (`+Q=QN`) rather than choices.
///
/// # Examples
/// ```
/// use notation::mbn_promotions;
/// let rules = mbn_promotions("+P==QRBN").unwrap();
/// assert_eq!(rules[0].piece, 'P');
/// assert_eq!(rules[0].choices, Some(vec!['Q', 'R', 'B', 'N']));
/// assert!(mbn_promotions("+Q==q").is_err());
/// ```
pub fn mbn_promotions(text: &str) -> Result<Vec<MbnPromotion>, MbnError> {
    read_rules(text).map_err(|(column, kind)| MbnError {
        input: text.to_string(),
        column,
        kind,
    })
}

/// The rules of `text`, or the column and what is wrong there.
fn read_rules(text: &str) -> Result<Vec<MbnPromotion>, Failure> {
    let chars: Vec<char> = text.chars().collect();
    let mut rules = Vec::new();
    let mut pos = 0;
    loop {
        while chars.get(pos).is_some_and(|c| c.is_whitespace()) {
            pos += 1;
        }
        let Some(&prefix) = chars.get(pos) else { break };
        let start = pos;
        let end = (pos..chars.len())
            .find(|&k| chars[k].is_whitespace())
            .unwrap_or(chars.len());
        let rule: String = chars[start..end].iter().collect();
        let col = |k: usize| k + 1;
        match prefix {
            '+' => {}
            '#' | '*' | '$' | '%' | '&' | '-' => {
                return Err(no_key(
                    col(start),
                    &rule,
                    "a prefix other than '+' promotes by the board rules of FBR, which no \
                     variant-file key gives",
                ))
            }
            c => return Err((col(start), MbnErrorKind::UnexpectedChar(c))),
        }
        pos += 1;
        let piece = match chars.get(pos) {
            Some(&c) if c.is_ascii_alphabetic() => c,
            Some(':') => {
                return Err(no_key(
                    col(pos),
                    &rule,
                    "a compound piece letter; a variant file names pieces by one letter",
                ))
            }
            Some(&c) => return Err((col(pos), MbnErrorKind::UnexpectedChar(c))),
            None => return Err((col(pos), MbnErrorKind::ExpectedMove)),
        };
        pos += 1;
        let choices =
            match (chars.get(pos), chars.get(pos + 1)) {
                (None, _) => None,
                (Some(c), _) if c.is_whitespace() => None,
                (Some('='), Some('=')) => {
                    pos += 2;
                    Some(read_choices(&chars, &mut pos, end, &rule)?)
                }
                (Some('='), _) => return Err(refuse(
                    col(start),
                    &rule,
                    "'=' gives the moves of the promoted piece, not what the piece promotes to \
                     ('==')",
                )),
                (Some('/'), _) => {
                    return Err(no_key(
                        col(pos),
                        &rule,
                        "a promotion under an announcement; no variant-file key gives one",
                    ))
                }
                (Some(&c), _) => return Err((col(pos), MbnErrorKind::UnexpectedChar(c))),
            };
        if pos < end {
            return Err((col(pos), MbnErrorKind::UnexpectedChar(chars[pos])));
        }
        rules.push(MbnPromotion {
            black: piece.is_ascii_lowercase(),
            piece: piece.to_ascii_uppercase(),
            choices,
        });
        pos = end;
    }
    if rules.is_empty() {
        return Err((1, MbnErrorKind::Empty));
    }
    Ok(rules)
}

/// The letters after `==`, up to `end`: `QRBN` or `{QRBN}`.
fn read_choices(
    chars: &[char],
    pos: &mut usize,
    end: usize,
    rule: &str,
) -> Result<Vec<char>, Failure> {
    let braced = chars.get(*pos) == Some(&'{');
    if braced {
        *pos += 1;
        if let Some(&c @ ('!' | '^')) = chars.get(*pos) {
            return Err(no_key(
                *pos + 1,
                rule,
                format!("'{c}' in a piece set names pieces by what they are not; list them"),
            ));
        }
    }
    let mut letters = Vec::new();
    while *pos < end {
        let c = chars[*pos];
        match c {
            '}' if braced => {
                *pos += 1;
                break;
            }
            c if c.is_ascii_uppercase() => letters.push(c),
            c if c.is_ascii_lowercase() => {
                return Err(no_key(
                    *pos + 1,
                    rule,
                    "a lower-case piece after '==' promotes into the other side's piece; a \
                     variant file's promotions keep the colour",
                ))
            }
            '+' | '#' | '*' | '$' | '%' | '&' | '@' => {
                return Err(no_key(
                    *pos + 1,
                    rule,
                    "a promoted or dropped piece as a choice; promotionPieceTypes lists pieces",
                ))
            }
            c => return Err((*pos + 1, MbnErrorKind::UnexpectedChar(c))),
        }
        *pos += 1;
    }
    if braced && chars.get(*pos - 1) != Some(&'}') {
        return Err((*pos + 1, MbnErrorKind::Unclosed('{')));
    }
    if letters.is_empty() {
        return Err(refuse(
            *pos + 1,
            rule,
            "'==' with no piece after it leaves nothing to promote to",
        ));
    }
    Ok(letters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_for_both_sides_and_for_black() {
        let rules = mbn_promotions("+P==Q +p=={I}").unwrap();
        assert_eq!(
            rules,
            [
                MbnPromotion {
                    black: false,
                    piece: 'P',
                    choices: Some(vec!['Q']),
                },
                MbnPromotion {
                    black: true,
                    piece: 'P',
                    choices: Some(vec!['I']),
                },
            ]
        );
        assert_eq!(mbn_promotions("+P").unwrap()[0].choices, None);
    }

    #[test]
    fn refusals_name_their_column() {
        for (text, column) in [
            ("+Q==q", 5),
            ("#K==Q", 1),
            ("+P=={!K}", 6),
            ("+P==+D", 5),
            ("+Q=QN", 1),
            ("+P==", 5),
            ("+P=={QR", 8),
            ("P==Q", 1),
        ] {
            let err = mbn_promotions(text).unwrap_err();
            assert_eq!(err.column, column, "{text}: {err}");
        }
    }
}
