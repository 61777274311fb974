//! UCCI's notation, translated to Kraken's: moves count ranks from 0 (`h2e2`, as XBoard writes
//! them on 10-rank boards), FENs may name the horse `h` and the elephant `e` (Kraken's, like
//! Fairy-Stockfish's, are `n` and `b`) and red to move `r`, and times are seconds unless the
//! GUI sets `usemillisec`.

use movegen::Rules;

/// A UCCI FEN as Kraken's FEN of `rules`: `h`/`e` become the horse and elephant letters
/// where the rules have no piece of their own called so, and side `r` (red) becomes `w`.
pub fn fen_to_kraken(fen: &str, rules: &Rules) -> String {
    let free = |letter: &str| {
        !rules
            .pieces
            .iter()
            .any(|p| p.symbol.eq_ignore_ascii_case(letter))
    };
    let (rename_h, rename_e) = (free("h"), free("e"));
    let rename = |c: char| match c.to_ascii_lowercase() {
        'h' if rename_h => Some('n'),
        'e' if rename_e => Some('b'),
        _ => None,
    };
    let mut fields = fen.split_whitespace();
    let board: String = fields
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| match rename(c) {
            Some(new) if c.is_ascii_uppercase() => new.to_ascii_uppercase(),
            Some(new) => new,
            None => c,
        })
        .collect();
    let mut out = vec![board];
    for (i, field) in fields.enumerate() {
        out.push(if i == 0 && field == "r" {
            "w".to_string()
        } else {
            field.to_string()
        });
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horses_elephants_and_red_are_renamed() {
        let rules = variants::Catalog::builtin().rules("xiangqi").unwrap();
        assert_eq!(
            fen_to_kraken(
                "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1",
                &rules
            ),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        );
        let fsf = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(fen_to_kraken(fsf, &rules), fsf);
    }
}
