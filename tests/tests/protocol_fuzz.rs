//! Random command sequences never crash either protocol, and the engine stays in step: a
//! `ping`/`isready` after them is still answered.

use kraken_tests::{fuzz_cases, session::Session};
use proptest::prelude::*;

/// XBoard commands, well-formed and not, with short searches only.
const XBOARD: &[&str] = &[
    "new",
    "force",
    "go",
    "playother",
    "variant capablanca",
    "variant shogi",
    "variant xiangqi",
    "variant nosuch",
    "variant 10x8+0_fairy",
    "e2e4",
    "usermove e7e5",
    "usermove z9z9",
    "b2b3",
    "O-O",
    "P@e4",
    "e2e4,e4e5",
    "undo",
    "remove",
    "setboard 8/8/8/8/8/8/8/8 w - - 0 1",
    "setboard k7/8/8/8/8/8/8/K7 w - - 0 1",
    "setboard",
    "level 40 0:05 0",
    "level x",
    "st 0.05",
    "st -1",
    "sd 2",
    "sd",
    "time 500",
    "time abc",
    "otim 500",
    "?",
    "result 1-0 {x}",
    "draw",
    "post",
    "nopost",
    "hard",
    "easy",
    "analyze",
    "exit",
    ".",
    "exclude e2e4",
    "include all",
    "exclude all",
    "memory 8",
    "memory -3",
    "cores 2",
    "cores x",
    "option VariantPath=/nonexistent",
    "option Foo=1",
    "lift e2",
    "lift zz",
    "put e4",
    "put",
    "hover e4",
    "hint",
    "bk",
    "random",
    "computer",
    "name X",
    "accepted ping",
    "rejected draw",
    "nps 1000",
    "nps 0",
    "white",
    "black",
    "",
    "   ",
    "garbage with words",
    "ping",
    "protover 2",
];

/// UCI commands, well-formed and not, with short searches only.
const UCI: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5",
    "position startpos moves e2e5",
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    "position fen k7/8/8/8/8/8/8/K7 w - - 0 1",
    "position",
    "position fen",
    "go depth 1",
    "go movetime 20",
    "go nodes 500",
    "go wtime 300 btime 300",
    "go infinite",
    "go ponder movetime 30",
    "ponderhit",
    "stop",
    "go perft 1",
    "go perft x",
    "setoption name UCI_Variant value shatranj",
    "setoption name UCI_Variant value makruk",
    "setoption name UCI_Variant value nosuch",
    "setoption name Hash value 4",
    "setoption name Hash value -1",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name UCI_Chess960 value true",
    "setoption name VariantPath value /nonexistent",
    "setoption",
    "setoption name",
    "debug on",
    "register later",
    "",
    "bogus command",
    "go searchmoves e2e4 depth 1",
    "setoption name Skill Level value 0",
    "setoption name Skill Level value 7",
    "setoption name Skill Level value -3",
];

/// USI commands, well-formed and not.
const USI: &[&str] = &[
    "usi",
    "isready",
    "usinewgame",
    "position startpos",
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
    "position startpos moves 7g7f 7g7f",
    "position sfen 7k1/9/9/9/9/9/9/PB7/KN7 w n 1",
    "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 99999999999999999999P 1",
    "position sfen 4k4/9 b - x",
    "position sfen",
    "go depth 1",
    "go btime 300 wtime 300 byoyomi 100",
    "go btime 0 wtime 0 byoyomi 18446744073709551615",
    "go infinite",
    "go ponder byoyomi 50",
    "ponderhit",
    "stop",
    "gameover win",
    "gameover",
    "go perft 1",
    "setoption name USI_Variant value minishogi",
    "setoption name USI_Variant value kyotoshogi",
    "setoption name USI_Hash value 4",
    "setoption name USI_Ponder value true",
    "setoption name USI_MultiPV value 2",
    "",
    "bogus command",
];

/// UCCI commands, well-formed and not.
const UCCI: &[&str] = &[
    "ucci",
    "isready",
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position fen rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1",
    "position fen 3k5/9/9/9/9/9/9/9/3r1r3/4K4 w - - 0 1",
    "position fen",
    "banmoves h2e2 b2e2",
    "banmoves x",
    "banmoves",
    "probe",
    "go depth 1",
    "go time 1 increment 0 opptime 1",
    "go draw time 0 increment 0",
    "go time 18446744073709551615",
    "go infinite",
    "stop",
    "setoption usemillisec true",
    "setoption usemillisec false",
    "setoption hashsize 4",
    "setoption hashsize 99999999999",
    "setoption uci_variant manchu",
    "setoption",
    "",
    "bogus command",
];

fn run(commands: &[&str], start: &str, sync: &str, answer: &str) {
    let mut s = Session::start(&[]);
    s.send(start);
    for command in commands {
        s.send(command);
    }
    // Searches still running are stopped so the answer comes at once.
    s.send(if start == "xboard" { "force" } else { "stop" });
    s.send(sync);
    s.expect(answer, |l| l == answer);
    s.quit();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases(48)))]

    #[test]
    fn xboard_survives_any_commands(picks in prop::collection::vec(0..XBOARD.len(), 0..40)) {
        let commands: Vec<&str> = picks.iter().map(|&i| XBOARD[i]).collect();
        run(&commands, "xboard", "ping 77", "pong 77");
    }

    #[test]
    fn uci_survives_any_commands(picks in prop::collection::vec(0..UCI.len(), 0..40)) {
        let commands: Vec<&str> = picks.iter().map(|&i| UCI[i]).collect();
        run(&commands, "uci", "isready", "readyok");
    }

    #[test]
    fn usi_survives_any_commands(picks in prop::collection::vec(0..USI.len(), 0..40)) {
        let commands: Vec<&str> = picks.iter().map(|&i| USI[i]).collect();
        run(&commands, "usi", "isready", "readyok");
    }

    #[test]
    fn ucci_survives_any_commands(picks in prop::collection::vec(0..UCCI.len(), 0..40)) {
        let commands: Vec<&str> = picks.iter().map(|&i| UCCI[i]).collect();
        run(&commands, "ucci", "isready", "readyok");
    }
}
