//! USI transcripts: handshake and options, SFEN positions and moves in shogi's square names,
//! a short game of the engine's own moves, clocks, `gameover`, and bad input.

use kraken_tests::session::Session;
use movegen::{MoveFormat, Position};
use variants::Catalog;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

fn usi() -> Session {
    let mut s = Session::start(&[]);
    s.send("usi");
    s.expect("usiok", |l| l == "usiok");
    s
}

/// A 9x9 USI move (`7g7f+`, `P*5e`) in Kraken's (Fairy-Stockfish's) coordinates, by table.
fn to_kraken(usi: &str) -> String {
    const FILES: &str = "987654321";
    const FILE_LETTERS: &str = "abcdefghi";
    const ROWS: &str = "abcdefghi";
    const RANKS: &str = "987654321";
    let mut out = String::new();
    let chars: Vec<char> = usi.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match FILES.find(chars[i]) {
            Some(f) if i + 1 < chars.len() && ROWS.contains(chars[i + 1]) => {
                out.push(FILE_LETTERS.as_bytes()[f] as char);
                out.push(RANKS.as_bytes()[ROWS.find(chars[i + 1]).unwrap()] as char);
                i += 2;
            }
            _ => {
                out.push(if chars[i] == '*' { '@' } else { chars[i] });
                i += 1;
            }
        }
    }
    out
}

/// Waits for `bestmove` and returns its move, checked legal in `pos`.
fn legal_best_move(s: &mut Session, pos: &mut Position) -> String {
    let best = s.best_move();
    pos.parse_move(&to_kraken(&best), MoveFormat::default())
        .unwrap_or_else(|e| panic!("bestmove {best}: {e}\n{}", s.transcript()));
    best
}

fn shogi(fen: &str) -> Position {
    Position::from_fen(Catalog::builtin().rules("shogi").unwrap(), fen).unwrap()
}

#[test]
fn handshake_names_options_the_usi_way() {
    let mut s = Session::start(&[]);
    s.send("usi");
    let lines = s.expect("usiok", |l| l == "usiok");
    assert!(lines[0].starts_with("id name Kraken"));
    for option in [
        "USI_Hash",
        "USI_Ponder",
        "Threads",
        "MultiPV",
        "Move_Overhead",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option} missing:\n{}",
            lines.join("\n")
        );
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name USI_Variant type combo default shogi")));
    s.send("setoption name USI_Hash value 32");
    s.send("setoption name USI_Ponder value true");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(!lines.iter().any(|l| l.contains("Error")), "{lines:?}");
    s.quit();
}

#[test]
fn a_short_game_of_its_own_moves_stays_legal() {
    let mut s = usi();
    s.send("usinewgame");
    let mut moves: Vec<String> = Vec::new();
    let mut pos = shogi(&format!("{START}[] w 0 1"));
    for _ in 0..16 {
        s.send(&format!("position startpos moves {}", moves.join(" ")));
        s.send("go nodes 3000");
        let best = legal_best_move(&mut s, &mut pos);
        let mv = pos
            .parse_move(&to_kraken(&best), MoveFormat::default())
            .unwrap();
        pos.make(mv);
        moves.push(best);
    }
    // Drops and promotions in USI's notation are read back.
    s.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    s.send("go depth 2");
    let mut pos = shogi(&format!("{START}[] w 0 1"));
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        let mv = pos
            .parse_move(&to_kraken(usi), MoveFormat::default())
            .unwrap();
        pos.make(mv);
    }
    legal_best_move(&mut s, &mut pos);
    s.quit();
}

#[test]
fn sfen_gives_the_side_and_the_hands() {
    let mut s = usi();
    // Gote to move with a knight in hand mates at 8g (b3): sente's king is walled in.
    s.send("position sfen 7k1/9/9/9/9/9/9/PB7/KN7 w n 1");
    s.send("go depth 3");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert_eq!(lines.last().unwrap(), "bestmove N*8g", "{}", s.transcript());
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "USI gives mates in plies:\n{}",
        lines.join("\n")
    );
    // Sente has a gold in hand and is in check from a rook it can take.
    s.send("position sfen 4k4/9/9/9/9/9/9/4r4/4K4 b G 1");
    s.send("go depth 2");
    let mut pos = shogi("4k4/9/9/9/9/9/9/4r4/4K4[G] w 0 1");
    assert_eq!(legal_best_move(&mut s, &mut pos), "5i5h");
    // Checkmated: resign.
    s.send("position sfen 4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1");
    s.send("go depth 2");
    s.expect("resign", |l| l == "bestmove resign");
    s.quit();
}

#[test]
fn clocks_byoyomi_gameover_and_bad_input() {
    let mut s = usi();
    s.send("position startpos");
    s.send("go btime 0 wtime 0 byoyomi 300");
    let mut pos = shogi(&format!("{START}[] w 0 1"));
    legal_best_move(&mut s, &mut pos);
    s.send("go infinite");
    s.send("gameover lose");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "gameover drops the search:\n{}",
        lines.join("\n")
    );
    s.send("position startpos moves 7g7f 7g7f");
    s.expect("an illegal-move report", |l| {
        l.contains("Illegal move: 7g7f")
    });
    s.send("position sfen lnsgkgsnl x - 1");
    s.expect("an illegal-position report", |l| {
        l.contains("Illegal position")
    });
    s.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b 2 1");
    s.expect("a bad hand", |l| {
        l.contains("Illegal position") && l.contains("count")
    });
    s.send("setoption name USI_Nothing value 1");
    s.expect("an unknown option", |l| l.contains("unknown option"));
    s.send("position startpos");
    s.send("go depth 1");
    legal_best_move(&mut s, &mut pos);
    s.quit();
}
