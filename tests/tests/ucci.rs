//! UCCI transcripts: handshake and options, FENs with UCCI's letters, moves with ranks from 0,
//! times in seconds, `banmoves`, `probe`, `bye`, and bad input.

use kraken_tests::session::Session;
use movegen::{MoveFormat, Position};
use variants::Catalog;

/// Ranks from 0, as UCCI (and XBoard on 10-rank boards) writes them.
const UCCI: MoveFormat = MoveFormat {
    chess960: false,
    zero_based_ranks: true,
    null_pass: false,
    piece_pass_null: false,
    promotion_after_duck: false,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn ucci() -> Session {
    let mut s = Session::start(&[]);
    s.send("ucci");
    s.expect("ucciok", |l| l == "ucciok");
    s
}

fn xiangqi(fen: &str) -> Position {
    Position::from_fen(Catalog::builtin().rules("xiangqi").unwrap(), fen).unwrap()
}

/// Waits for `bestmove` and returns its move, checked legal in `pos`.
fn legal_best_move(s: &mut Session, pos: &mut Position) -> String {
    let best = s.best_move();
    pos.parse_move(&best, UCCI)
        .unwrap_or_else(|e| panic!("bestmove {best}: {e}\n{}", s.transcript()));
    best
}

#[test]
fn handshake_names_options_the_ucci_way() {
    let mut s = Session::start(&[]);
    s.send("ucci");
    let lines = s.expect("ucciok", |l| l == "ucciok");
    assert!(lines[0].starts_with("id name Kraken"));
    for option in ["hashsize", "threads", "usemillisec", "uci_variant"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option {option} type"))),
            "{option} missing:\n{}",
            lines.join("\n")
        );
    }
    s.send("setoption hashsize 16");
    s.send("setoption usemillisec true");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(!lines.iter().any(|l| l.contains("Error")), "{lines:?}");
    s.send("setoption nosuchoption 3");
    s.expect("an unknown option", |l| l.contains("unknown option"));
    s.send("bye");
    s.expect("bye", |l| l == "bye");
    s.quit();
}

#[test]
fn a_short_game_of_its_own_moves_stays_legal() {
    let mut s = ucci();
    let mut moves: Vec<String> = Vec::new();
    let mut pos = xiangqi(START);
    for _ in 0..16 {
        s.send(&format!("position startpos moves {}", moves.join(" ")));
        s.send("go nodes 3000");
        let best = legal_best_move(&mut s, &mut pos);
        let mv = pos.parse_move(&best, UCCI).unwrap();
        pos.make(mv);
        moves.push(best);
    }
    // UCCI's letters for horse and elephant, red as `r`, and seconds on the clock.
    s.send("position fen rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1 moves h2e2 h9g7");
    s.send("go time 2 increment 0 opptime 2");
    let mut pos = xiangqi(START);
    for text in ["h2e2", "h9g7"] {
        let mv = pos.parse_move(text, UCCI).unwrap();
        pos.make(mv);
    }
    legal_best_move(&mut s, &mut pos);
    s.quit();
}

#[test]
fn banmoves_leave_moves_out_until_the_next_position() {
    let mut s = ucci();
    let mut pos = xiangqi(START);
    let legal = pos.legal_moves();
    let moves: Vec<String> = legal.iter().map(|m| pos.move_text(m, UCCI)).collect();
    let (kept, banned) = moves.split_last().unwrap();
    s.send("position startpos");
    s.send(&format!("banmoves {}", banned.join(" ")));
    s.send("go depth 3");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert!(lines
        .last()
        .unwrap()
        .starts_with(&format!("bestmove {kept}")));
    // A banned move stays out even when searchmoves lists it: ban the move a search prefers.
    s.send("position startpos");
    s.send("go depth 2");
    let preferred = s.best_move();
    let other = moves.iter().find(|m| **m != preferred).unwrap();
    s.send(&format!("banmoves {preferred}"));
    s.send(&format!("go depth 2 searchmoves {preferred} {other}"));
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert!(lines
        .last()
        .unwrap()
        .starts_with(&format!("bestmove {other}")));
    // The position after the move was searched: the hash table knows its bounds.
    s.send(&format!("position startpos moves {kept}"));
    s.send("probe");
    let lines = s.expect("pophash", |l| l.starts_with("pophash"));
    assert!(lines.last().unwrap().contains("bound "), "{lines:?}");
    assert!(lines.last().unwrap().contains(" depth "), "{lines:?}");
    s.send("position startpos");
    s.send("go depth 3");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert!(
        !lines
            .last()
            .unwrap()
            .starts_with(&format!("bestmove {kept} ")),
        "the ban is over"
    );
    s.quit();
}

#[test]
fn no_move_and_bad_input() {
    let mut s = ucci();
    // Red is checkmated: no best move.
    s.send("position fen 3k5/9/9/9/9/9/9/9/3r1r3/4K4 w - - 0 1");
    s.send("go depth 2");
    s.expect("nobestmove", |l| l == "nobestmove");
    s.send("position startpos moves h2e2 h2e2");
    s.expect("an illegal-move report", |l| {
        l.contains("Illegal move: h2e2")
    });
    s.send("position fen not a fen");
    s.expect("an illegal-position report", |l| {
        l.contains("Illegal position")
    });
    s.send("banmoves z9z9");
    s.expect("an illegal banned move", |l| {
        l.contains("Illegal move: z9z9")
    });
    s.send("position startpos");
    s.send("go depth 1");
    legal_best_move(&mut s, &mut xiangqi(START));
    s.quit();
}
