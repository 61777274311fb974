//! Square sets as variant files write them: `*8` (a rank), `a*` (a file), `d4 e4` (squares).

use notation::{Geometry, SquareSet, MAX_SIDE};

/// Parses a region such as `*1 *2`, `a* h*` or `d1 e1 f1 d2`; `-` or empty is no square. A
/// rank, file or square beyond this board but on the largest one (16x16) adds no square, as in
/// Fairy-Stockfish, whose board is bigger than the variant's (its files write `*9` for "no
/// rank" on a board of six).
///
/// # Errors
/// Returns the token that is not a rank, file or square of the largest board.
pub fn parse_region(text: &str, geometry: &Geometry) -> Result<SquareSet, String> {
    let mut set = SquareSet::EMPTY;
    let largest = i32::from(MAX_SIDE);
    for token in text.split_whitespace() {
        if token == "-" {
            continue;
        }
        let bad = || format!("'{token}' is not a rank (*8), file (a*) or square (e4) of a board");
        let (file, rank) = if let Some(rank) = token.strip_prefix('*') {
            (None, Some(rank_index(rank).ok_or_else(bad)?))
        } else if let Some(file) = token.strip_suffix('*') {
            (Some(file_index(file).ok_or_else(bad)?), None)
        } else {
            let split = token.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?;
            let (file, rank) = token.split_at(split);
            (
                Some(file_index(file).ok_or_else(bad)?),
                Some(rank_index(rank).ok_or_else(bad)?),
            )
        };
        if file.is_some_and(|f| f >= largest) || rank.is_some_and(|r| r >= largest) {
            return Err(bad());
        }
        set |= geometry
            .squares()
            .filter(|&sq| {
                file.map_or(true, |f| geometry.file(sq) == f)
                    && rank.map_or(true, |r| geometry.rank(sq) == r)
            })
            .collect();
    }
    Ok(set)
}

/// The index of a file letter (`a` is 0), either case.
fn file_index(text: &str) -> Option<i32> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(letter), None) if letter.is_ascii_alphabetic() => {
            Some(letter.to_ascii_lowercase() as i32 - 'a' as i32)
        }
        _ => None,
    }
}

/// The index of a rank number (`1` is 0).
fn rank_index(text: &str) -> Option<i32> {
    let rank: i32 = text.parse().ok()?;
    (rank >= 1 && text.chars().all(|c| c.is_ascii_digit())).then_some(rank - 1)
}

/// A region in the form [`parse_region`] reads: whole ranks as `*N`, the other squares by
/// name, in board order (`-` for no square).
pub fn region_text(set: SquareSet, geometry: &Geometry) -> String {
    let mut words = Vec::new();
    let mut rest = set;
    for rank in 0..geometry.height() as i32 {
        let line: SquareSet = (0..geometry.width() as i32)
            .filter_map(|f| geometry.square(f, rank))
            .collect();
        if !line.is_empty() && (line & set) == line {
            words.push(format!("*{}", rank + 1));
            rest &= !line;
        }
    }
    words.extend(rest.iter().map(|sq| geometry.name(sq)));
    if words.is_empty() {
        "-".to_string()
    } else {
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_files_and_squares() {
        let g = Geometry::new(9, 10).unwrap();
        assert_eq!(parse_region("*10", &g).unwrap().len(), 9);
        assert_eq!(parse_region("a* i*", &g).unwrap().len(), 20);
        assert_eq!(parse_region("d1 e1 f1", &g).unwrap().len(), 3);
        // Beyond this board but on the largest: no square, as in Fairy-Stockfish.
        assert!(parse_region("*11 j* j1 p16", &g).unwrap().is_empty());
        assert_eq!(parse_region("*9 *11", &g).unwrap().len(), 9);
        for bad in ["*17", "q*", "q1", "a17", "*0", "e", "1", "*+1", "e4x"] {
            assert!(parse_region(bad, &g).is_err(), "{bad}");
        }
        assert!(parse_region("-", &g).unwrap().is_empty());
    }

    #[test]
    fn written_regions_read_back() {
        let g = Geometry::new(9, 10).unwrap();
        for text in ["*1 *2", "d1 e1 f1 d2 e2 f2 d3 e3 f3", "*10 a1 i9", "-"] {
            let set = parse_region(text, &g).unwrap();
            assert_eq!(region_text(set, &g), text);
        }
    }
}
