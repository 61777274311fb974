//! Square sets as variant files write them: `*8` (a rank), `a*` (a file), `d4 e4` (squares).

use notation::{Geometry, SquareSet};

/// Parses a region such as `*1 *2`, `a* h*` or `d1 e1 f1 d2`; `-` or empty is no square.
///
/// # Errors
/// Returns the token that is not a rank, file or square of the board.
pub fn parse_region(text: &str, geometry: &Geometry) -> Result<SquareSet, String> {
    let mut set = SquareSet::EMPTY;
    for token in text.split_whitespace() {
        if token == "-" {
            continue;
        }
        let bad =
            || format!("'{token}' is not a rank (*8), file (a*) or square (e4) of this board");
        if let Some(rank) = token.strip_prefix('*') {
            let rank: i32 = rank.parse().map_err(|_| bad())?;
            if rank < 1 || rank > geometry.height() as i32 {
                return Err(bad());
            }
            set |= (0..geometry.width() as i32)
                .filter_map(|f| geometry.square(f, rank - 1))
                .collect();
        } else if let Some(file) = token.strip_suffix('*') {
            let mut chars = file.chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let file = letter.to_ascii_lowercase() as i32 - 'a' as i32;
            if !(0..geometry.width() as i32).contains(&file) {
                return Err(bad());
            }
            set |= (0..geometry.height() as i32)
                .filter_map(|r| geometry.square(file, r))
                .collect();
        } else {
            set.insert(
                geometry
                    .parse_square(&token.to_ascii_lowercase())
                    .map_err(|_| bad())?,
            );
        }
    }
    Ok(set)
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
        assert!(parse_region("*11", &g).is_err());
        assert!(parse_region("j1", &g).is_err());
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
