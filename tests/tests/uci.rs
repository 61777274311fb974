//! UCI transcripts: handshake and options, positions with moves, searches and their
//! limits, perft, bad input, and a GUI's misuse (floods, the end of input in a search).

use kraken_tests::session::Session;
use movegen::{MoveFormat, Position};
use variants::Catalog;

fn uci() -> Session {
    let mut s = Session::start(&[]);
    s.send("uci");
    s.expect("uciok", |l| l == "uciok");
    s
}

/// Waits for `bestmove` and checks it is legal in `fen` of `variant` (UCI coordinates).
fn legal_best_move(s: &mut Session, variant: &str, fen: &str, chess960: bool) -> String {
    let best = s.best_move();
    let rules = Catalog::builtin().rules(variant).expect("a variant");
    let mut pos = Position::from_fen(rules, fen).expect("a FEN");
    let format = MoveFormat {
        chess960,
        ..MoveFormat::default()
    };
    pos.parse_move(&best, format)
        .unwrap_or_else(|e| panic!("bestmove {best}: {e}\n{}", s.transcript()));
    best
}

#[test]
fn handshake_offers_variants_and_options() {
    let mut s = Session::start(&[]);
    s.send("uci");
    let lines = s.expect("uciok", |l| l == "uciok");
    assert!(lines[0].starts_with("id name Kraken"));
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("a UCI_Variant option");
    for name in Catalog::builtin().names() {
        assert!(
            combo.contains(&format!(" var {name}")),
            "{name} missing: {combo}"
        );
    }
    assert!(combo.contains(" var chess960"));
    for option in [
        "UCI_Chess960",
        "VariantPath",
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option} missing"
        );
    }
    s.send("isready");
    s.expect("readyok", |l| l == "readyok");
    s.quit();
}

/// Hash sizes no machine has are refused with a word and the engine goes on; thread and
/// MultiPV counts beyond the advertised maximum are clamped.
#[test]
fn resources_beyond_the_machine_are_bounded() {
    let mut s = uci();
    for asked in ["1000000", "18446744073709551615"] {
        s.send(&format!("setoption name Hash value {asked}"));
        s.send("isready");
        let lines = s.expect("readyok", |l| l == "readyok");
        assert!(
            lines.iter().any(|l| l.starts_with(&format!(
                "info string Hash {asked} MB is more than this machine can give"
            ))),
            "{}",
            s.transcript()
        );
    }
    s.send("setoption name Hash value 99999999999999999999");
    s.expect("a bad value", |l| {
        l.starts_with("info string bad Hash value")
    });
    s.send("setoption name Threads value 100000");
    s.expect("threads clamped", |l| {
        l == "info string 100000 threads are more than Kraken runs; it uses 256"
    });
    s.send("setoption name Threads value 1");
    s.send("setoption name MultiPV value 100000");
    s.expect("MultiPV clamped", |l| {
        l == "info string MultiPV 100000 is more than 256; using 256"
    });
    s.send("position startpos");
    s.send("go depth 1");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    legal_best_move(&mut s, "chess", start, false);
    s.quit();
}

#[test]
fn searches_return_legal_moves_within_their_limits() {
    let mut s = uci();
    s.send("setoption name UCI_Variant value capablanca");
    s.send("ucinewgame");
    s.send("position startpos moves e2e4 e7e5");
    s.send("go depth 2");
    let fen = "rnabqkbcnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNABQKBCNR w KQkq - 0 2";
    legal_best_move(&mut s, "capablanca", fen, false);
    s.send("position startpos");
    s.send("go wtime 1000 btime 1000 winc 10 binc 10");
    let start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    legal_best_move(&mut s, "capablanca", start, false);
    s.send("go infinite");
    s.send("isready");
    s.expect("readyok while searching", |l| l == "readyok");
    s.send("stop");
    legal_best_move(&mut s, "capablanca", start, false);
    s.quit();
}

#[test]
fn chess960_castles_king_takes_rook() {
    let mut s = uci();
    s.send("setoption name UCI_Variant value chess960");
    let fen = "nnrqkbbr/pppppppp/8/8/8/8/PPPPPPPP/NNRQK2R w HChc - 0 1";
    s.send(&format!("position fen {fen} moves e1h1"));
    s.send("go perft 1");
    let lines = s.expect("perft total", |l| l.starts_with("Nodes searched"));
    assert!(
        !lines.iter().any(|l| l.contains("Illegal")),
        "{}",
        s.transcript()
    );
    s.quit();
}

#[test]
fn perft_counts_from_the_position() {
    let mut s = uci();
    s.send("position startpos moves e2e4");
    s.send("go perft 2");
    let lines = s.expect("perft total", |l| l.starts_with("Nodes searched"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 600")
    );
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 21);
    s.quit();
}

/// lichess-bot sets `Move Overhead` and GUIs offer `Clear Hash`: both are advertised and
/// accepted without a word, bad and huge values are answered.
#[test]
fn move_overhead_and_clear_hash() {
    let mut s = Session::start(&[]);
    s.send("uci");
    let lines = s.expect("uciok", |l| l == "uciok");
    assert!(lines
        .iter()
        .any(|l| l == "option name Move Overhead type spin default 0 min 0 max 5000"));
    assert!(lines
        .iter()
        .any(|l| l == "option name Clear Hash type button"));
    s.send("setoption name Move Overhead value 100");
    s.send("setoption name Clear Hash");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(lines.len() == 1, "{}", s.transcript());
    s.send("setoption name Move Overhead value lots");
    s.send("setoption name Move Overhead value 100000");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("bad Move Overhead value 'lots'"))
            && lines.iter().any(|l| l.contains("more than 5000")),
        "{}",
        s.transcript()
    );
    s.send("position startpos");
    s.send("go wtime 2000 btime 2000");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    legal_best_move(&mut s, "chess", start, false);
    s.quit();
}

/// `go searchmoves` searches only the moves it lists; words after them are read as usual.
#[test]
fn searchmoves_limits_the_root_moves() {
    let mut s = uci();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    s.send("position startpos");
    s.send("go searchmoves h2h3 depth 5");
    assert_eq!(legal_best_move(&mut s, "chess", start, false), "h2h3");
    s.send("go depth 5 searchmoves a2a3 h2h4");
    let best = legal_best_move(&mut s, "chess", start, false);
    assert!(best == "a2a3" || best == "h2h4", "{best}");
    s.send("go depth 3 searchmoves e2e5");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("searchmoves lists no legal move")),
        "{}",
        s.transcript()
    );
    s.quit();
}

/// After `UCI_Variant` the engine names the board and start position as Fairy-Stockfish does.
#[test]
fn variant_change_names_board_and_start() {
    let mut s = uci();
    s.send("setoption name UCI_Variant value xiangqi");
    s.send("setoption name UCI_AnalyseMode value true");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert_eq!(
        lines,
        [
            "info string variant xiangqi files 9 ranks 10 pocket 0 template xiangqi startpos \
             rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "readyok"
        ]
    );
    s.send("setoption name UCI_Variant value crazyhouse");
    let line = s.expect("the variant line", |l| l.starts_with("info string variant"));
    assert!(
        line[0].starts_with(
            "info string variant crazyhouse files 8 ranks 8 pocket 5 template crazyhouse startpos "
        ),
        "{}",
        s.transcript()
    );
    s.quit();
}

/// A perft too deep to finish ends at `stop` (without a total) and `isready` is answered
/// while it runs; `quit` after it ends the session.
#[test]
fn perft_stops_at_stop() {
    let mut s = uci();
    s.send("position startpos");
    s.send("go perft 12");
    s.send("isready");
    s.expect("readyok while counting", |l| l == "readyok");
    s.send("stop");
    s.send("isready");
    let lines = s.expect("readyok after stop", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{}",
        s.transcript()
    );
    s.send("go perft 12");
    s.quit();
}

/// A low skill level searches shallow, compares several lines, and still plays legal moves.
#[test]
fn skill_level_weakens_the_search() {
    let mut s = uci();
    s.send("setoption name Skill Level value 0");
    s.send("position startpos");
    s.send("go depth 12");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty());
    assert!(
        infos.iter().all(|l| l.starts_with("info depth 1 ")),
        "{infos:?}"
    );
    assert!(infos.iter().any(|l| l.contains(" multipv 4 ")), "{infos:?}");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    s.send("go depth 3");
    legal_best_move(&mut s, "chess", start, false);
    s.send("setoption name Skill Level value 99");
    s.expect("a clamped level", |l| {
        l.contains("Skill Level 99 is outside 0 to 20")
    });
    s.send("setoption name Skill Level value 20");
    s.send("go depth 3");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    s.quit();
}

/// `UCI_LimitStrength` plays at a level below the top (a shallow search), `UCI_Elo` out of
/// range is clamped with a word, and turning the limit off restores full strength.
#[test]
fn an_elo_limit_weakens_the_search() {
    let mut s = Session::start(&[]);
    s.send("uci");
    let lines = s.expect("uciok", |l| l == "uciok");
    let spin = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Elo type spin"))
        .expect("UCI_Elo advertised");
    let bound = |word: &str| -> i64 {
        let at = spin.split_whitespace().position(|w| w == word).unwrap();
        spin.split_whitespace()
            .nth(at + 1)
            .unwrap()
            .parse()
            .unwrap()
    };
    let (min, max) = (bound("min"), bound("max"));
    assert!(min < max, "{spin}");
    s.send("setoption name UCI_LimitStrength value true");
    s.send(&format!("setoption name UCI_Elo value {}", min - 1000));
    s.expect("a clamped Elo", |l| {
        l == format!(
            "info string UCI_Elo {} is outside {min} to {max}; using {min}",
            min - 1000
        )
    });
    s.send("position startpos");
    s.send("go depth 12");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    let depths: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!depths.is_empty());
    assert!(
        depths.iter().all(|l| l.starts_with("info depth 1 ")),
        "{depths:?}"
    );
    s.send("setoption name UCI_LimitStrength value false");
    s.send("go depth 3");
    let lines = s.expect("bestmove", |l| l.starts_with("bestmove "));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    s.send("setoption name UCI_Elo value strong");
    s.expect("a bad value", |l| {
        l == "info string bad UCI_Elo value 'strong'"
    });
    s.quit();
}

#[test]
fn bad_input_is_reported_and_ignored() {
    let mut s = uci();
    s.send("frobnicate");
    s.expect("an unknown-command error", |l| {
        l == "info string Error (unknown command): frobnicate"
    });
    s.send("position startpos moves e2e4 e7e4");
    s.expect("an illegal-move report", |l| {
        l.contains("Illegal move: e7e4")
    });
    s.send("setoption name UCI_Variant value nosuchchess");
    s.expect("an unknown-variant report", |l| {
        l.contains("unknown variant")
    });
    s.send("position fen not a fen");
    s.expect("an illegal-position report", |l| {
        l.contains("Illegal position")
    });
    s.send("position startpos");
    s.send("go depth 1");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    legal_best_move(&mut s, "chess", start, false);
    s.quit();
}

#[test]
fn mated_side_answers_a_null_move() {
    let mut s = uci();
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    s.send("go depth 3");
    s.expect("bestmove 0000", |l| l == "bestmove 0000");
    s.quit();
}

#[test]
fn pondering_waits_for_ponderhit_or_stop() {
    let mut s = uci();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    s.send("position startpos");
    s.send("go ponder wtime 2000 btime 2000");
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering: {}",
        s.transcript()
    );
    s.send("ponderhit");
    legal_best_move(&mut s, "chess", start, false);
    s.send("go ponder wtime 2000 btime 2000");
    s.send("stop");
    legal_best_move(&mut s, "chess", start, false);
    s.quit();
}

/// A flood of `stop` ends the search once (one `bestmove`) and the engine stays in step; a
/// flood of `quit` ends the session.
#[test]
fn stop_and_quit_floods() {
    let mut s = uci();
    s.send("position startpos");
    s.send("go infinite");
    s.expect("a search under way", |l| l.starts_with("info depth"));
    s.send(&["stop"; 200].join("\n"));
    s.best_move();
    s.send("isready");
    let lines = s.expect("readyok", |l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{}",
        s.transcript()
    );
    s.send("go depth 2");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    legal_best_move(&mut s, "chess", start, false);
    s.send(&["quit"; 50].join("\n"));
    s.hang_up();
}

/// The end of input in the middle of an infinite search (a GUI that dies) ends the session.
#[test]
fn end_of_input_during_a_search_ends_the_session() {
    let mut s = uci();
    s.send("position startpos moves e2e4");
    s.send("go infinite");
    s.expect("a search under way", |l| l.starts_with("info depth"));
    s.hang_up();
}
