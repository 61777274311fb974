//! Fairy-Stockfish's reading of the Betza in a user's variant file.
//!
//! A variant file is in Fairy-Stockfish's format, so a piece's Betza there means what
//! Fairy-Stockfish makes of it ([`notation::fsf_to_xbetza`]): a cannon's range (`pB2`) bounds
//! its landing square, `nC` moves nowhere, and so on. For nearly every piece the two readings
//! agree, and the text stays as written (it is what XBoard is sent); where they differ on the
//! variant's board, Fairy-Stockfish's reading is used, written in XBetza. Text with letters
//! Fairy-Stockfish does not read (`a`, `e`, `x`, ...) is XBetza; `xbetza:` and `fsf:` before a
//! piece's moves choose a reading outright. The built-in catalog is XBetza throughout.

use movegen::Probe;
use notation::{compile, fsf_to_xbetza, parse, Color, Geometry, MoveTable, PieceDesc, Square};

/// Fairy-Stockfish's reading of `text` as XBetza where it moves the piece otherwise than
/// XBetza's reading does on `geometry`; `None` where the two agree or `text` is not
/// Fairy-Stockfish's Betza.
pub(crate) fn fsf_reading(text: &str, geometry: &Geometry) -> Option<String> {
    let fsf = fsf_to_xbetza(text).ok()?;
    let fsf_desc = if fsf.is_empty() {
        PieceDesc::default()
    } else {
        parse(&fsf).ok()?
    };
    match parse(text) {
        Ok(desc) if same_on_board(&desc, &fsf_desc, geometry) => None,
        _ => Some(fsf),
    }
}

/// Whether two pieces make the same moves on sample boards of `geometry`: from every third
/// square, on an empty board and on three mixed ones, for both sides, never moved.
fn same_on_board(a: &PieceDesc, b: &PieceDesc, geometry: &Geometry) -> bool {
    let tables = |desc: &PieceDesc| -> [MoveTable; 2] {
        Color::ALL.map(|color| compile(desc, geometry, color))
    };
    let (a, b) = (tables(a), tables(b));
    let squares: Vec<Square> = geometry.squares().collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for fill in 0..4 {
        let mut probe = Probe::new(geometry.clone());
        if fill > 0 {
            for &sq in &squares {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                match seed % (fill + 2) {
                    0 => probe.place(sq, Color::White, None),
                    1 => probe.place(sq, Color::Black, None),
                    _ => {}
                }
            }
        }
        for (i, &from) in squares.iter().enumerate() {
            if i % 3 != fill as usize % 3 {
                continue;
            }
            probe.set_virgin(from);
            for (side, color) in Color::ALL.into_iter().enumerate() {
                let (x, y) = (
                    probe.moves_by_table(&a[side], from, color),
                    probe.moves_by_table(&b[side], from, color),
                );
                if x.len() != y.len() || x.iter().any(|mv| !y.contains(mv)) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_that_agree_keep_the_text() {
        let g = Geometry::new(9, 9).unwrap();
        for text in ["fsW", "mRcpR", "nN", "fmWfcFifmnD", "KNN", "gQ", "mBpBmWpR"] {
            assert_eq!(fsf_reading(text, &g), None, "{text}");
        }
    }

    #[test]
    fn readings_that_differ_take_fairy_stockfish_s() {
        let g = Geometry::new(9, 9).unwrap();
        assert_eq!(fsf_reading("nC", &g).as_deref(), Some(""));
        for text in ["mRpRmFpB2", "frK", "fpRbR", "D0"] {
            let reading = fsf_reading(text, &g).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(reading, fsf_to_xbetza(text).unwrap());
        }
        // Letters Fairy-Stockfish does not read: XBetza.
        assert_eq!(fsf_reading("mafsW", &g), None);
    }
}
