//! USI's notation, translated to and from Kraken's: squares are a file number counted from
//! the right (from the first player's side) and a rank letter counted from the top (`7g`,
//! Kraken's `c3` on a 9x9 board), drops are `P*5e` (Kraken's `P@e5`), and positions come as
//! SFEN (`BOARD SIDE HAND MOVENUMBER`, `b` for the first player, hands as counts and letters).

use movegen::Rules;

/// The board's files and ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    files: u32,
    ranks: u32,
}

impl Board {
    /// The board of `rules`.
    pub fn of(rules: &Rules) -> Board {
        let g = &rules.geometry;
        Board {
            files: u32::from(g.width()),
            ranks: u32::from(g.height()),
        }
    }

    /// Kraken's move text (`c3c4+`, `P@e5`) in USI's notation (`7g7f+`, `P*5e`).
    pub fn move_to_usi(self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let digits = chars[i + 1..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .count();
            if c.is_ascii_lowercase() && digits > 0 {
                let number: String = chars[i + 1..i + 1 + digits].iter().collect();
                let file = c as u32 - 'a' as u32;
                let rank = number.parse::<u32>().unwrap_or(0);
                match (self.files.checked_sub(file), self.ranks.checked_sub(rank)) {
                    (Some(f), Some(r)) if rank >= 1 && r < 26 => {
                        out.push_str(&f.to_string());
                        out.push(char::from(b'a' + r as u8));
                    }
                    _ => out.extend(&chars[i..i + 1 + digits]),
                }
                i += 1 + digits;
            } else {
                out.push(if c == '@' { '*' } else { c });
                i += 1;
            }
        }
        out
    }

    /// A USI move (`7g7f+`, `P*5e`) in Kraken's notation (`c3c4+`, `P@e5`); text that is not
    /// USI is passed on for the move reader to refuse.
    pub fn move_from_usi(self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            let digits = chars[i..].iter().take_while(|d| d.is_ascii_digit()).count();
            let letter = chars.get(i + digits).filter(|c| c.is_ascii_lowercase());
            match (digits, letter) {
                (1.., Some(&letter)) => {
                    let number: String = chars[i..i + digits].iter().collect();
                    let file_number = number.parse::<u32>().unwrap_or(0);
                    let row = letter as u32 - 'a' as u32;
                    match (
                        self.files.checked_sub(file_number),
                        self.ranks.checked_sub(row),
                    ) {
                        (Some(file), Some(rank)) if file_number >= 1 && file < 26 => {
                            out.push(char::from(b'a' + file as u8));
                            out.push_str(&rank.to_string());
                        }
                        _ => out.extend(&chars[i..=i + digits]),
                    }
                    i += digits + 1;
                }
                _ => {
                    out.push(if chars[i] == '*' { '@' } else { chars[i] });
                    i += 1;
                }
            }
        }
        out
    }
}

/// An SFEN (`BOARD SIDE HAND [MOVENUMBER]`) as Kraken's FEN of `rules`: the board as it is,
/// the hand as Fairy-Stockfish's holdings (`[GPPs]`) where the rules drop pieces, `b` (the
/// first player, sente) as `w`.
///
/// # Errors
/// Returns what is wrong with the SFEN's fields (the board itself is checked by the FEN
/// reader).
pub fn sfen_to_fen(words: &[&str], rules: &Rules) -> Result<String, String> {
    let [board, side, hand, rest @ ..] = words else {
        return Err(format!(
            "an SFEN has a board, a side and a hand: '{}'",
            words.join(" ")
        ));
    };
    let side = match *side {
        "b" => "w",
        "w" => "b",
        other => return Err(format!("side '{other}' is neither b nor w")),
    };
    let move_number = match rest.first() {
        Some(n) => n
            .parse::<u32>()
            .map_err(|_| format!("move number '{n}' is not a number"))?,
        None => 1,
    };
    let mut holdings = String::new();
    if *hand != "-" {
        let mut count = String::new();
        for (column, c) in hand.chars().enumerate() {
            if c.is_ascii_digit() {
                count.push(c);
            } else if c.is_ascii_alphabetic() {
                let n = if count.is_empty() {
                    1
                } else {
                    count.parse::<usize>().unwrap_or(usize::MAX)
                };
                if n > 64 {
                    return Err(format!("hand '{hand}': {count} pieces of one kind"));
                }
                holdings.extend(std::iter::repeat(c).take(n));
                count.clear();
            } else {
                return Err(format!(
                    "hand '{hand}': '{c}' at column {} is not a piece or a count",
                    column + 1
                ));
            }
        }
        if !count.is_empty() {
            return Err(format!("hand '{hand}' ends with a count"));
        }
    }
    let pocket = if rules.drops.enabled {
        format!("[{holdings}]")
    } else if holdings.is_empty() {
        String::new()
    } else {
        return Err(format!("hand '{hand}' in a variant without drops"));
    };
    // Fairy-Stockfish's USI counts plies from 1; the FEN counts moves.
    let full_moves = move_number.div_ceil(2).max(1);
    Ok(format!("{board}{pocket} {side} 0 {full_moves}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shogi() -> std::sync::Arc<Rules> {
        variants::Catalog::builtin().rules("shogi").unwrap()
    }

    #[test]
    fn squares_count_files_from_the_right_and_ranks_from_the_top() {
        let board = Board::of(&shogi());
        assert_eq!(board.move_to_usi("c3c4"), "7g7f");
        assert_eq!(board.move_to_usi("h2b8+"), "2h8b+");
        assert_eq!(board.move_to_usi("P@e5"), "P*5e");
        assert_eq!(board.move_to_usi("a1i9"), "9i1a");
        assert_eq!(board.move_from_usi("7g7f"), "c3c4");
        assert_eq!(board.move_from_usi("8h2b+"), "b2h8+");
        assert_eq!(board.move_from_usi("P*5e"), "P@e5");
        for text in ["c3c4", "b2h8+", "G@a9", "i9a1"] {
            assert_eq!(board.move_from_usi(&board.move_to_usi(text)), text);
        }
    }

    #[test]
    fn text_off_the_board_is_passed_on() {
        let board = Board::of(&shogi());
        assert_eq!(board.move_from_usi("0a7f"), "0ac4");
        assert_eq!(board.move_from_usi("7z7f"), "7zc4");
    }

    #[test]
    fn sfens_become_fens() {
        let rules = shogi();
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
        assert_eq!(
            sfen_to_fen(&[start, "b", "-", "1"], &rules).unwrap(),
            format!("{start}[] w 0 1")
        );
        assert_eq!(
            sfen_to_fen(&[start, "w", "S2Pb10p", "6"], &rules).unwrap(),
            format!("{start}[SPPbpppppppppp] b 0 3")
        );
        assert!(sfen_to_fen(&[start, "x", "-"], &rules)
            .unwrap_err()
            .contains("side"));
        assert!(sfen_to_fen(&[start, "b", "2"], &rules)
            .unwrap_err()
            .contains("count"));
        assert!(sfen_to_fen(&[start, "b", "P?"], &rules)
            .unwrap_err()
            .contains("column 2"));
        assert!(sfen_to_fen(&[start, "b"], &rules).is_err());
    }
}
