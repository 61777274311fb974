//! Random command sequences never crash either protocol, and the engine stays in step: a
//! `ping`/`isready` after them is still answered.

use kraken_tests::session::Session;
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
];

fn run(commands: &[&str], start: &str, sync: &str, answer: &str) {
    let mut s = Session::start(&[]);
    s.send(start);
    for command in commands {
        s.send(command);
    }
    // Searches still running are stopped so the answer comes at once.
    s.send(if start == "uci" { "stop" } else { "force" });
    s.send(sync);
    s.expect(answer, |l| l == answer);
    s.quit();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

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
}
