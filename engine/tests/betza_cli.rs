//! `kraken betza` and the command dispatch, run as a program.

use std::process::{Command, Output};

fn kraken(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kraken"))
        .args(args)
        .env_remove("RUST_LOG")
        .output()
        .expect("kraken runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs a command line that must succeed and returns its stdout.
fn ok(args: &[&str]) -> String {
    let output = kraken(args);
    assert!(
        output.status.success(),
        "kraken {args:?} failed: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// Runs a command line that must be refused: exit status 2, nothing on stdout. Returns stderr.
fn refused(args: &[&str]) -> String {
    let output = kraken(args);
    assert_eq!(output.status.code(), Some(2), "kraken {args:?}");
    assert_eq!(stdout(&output), "", "kraken {args:?} printed to stdout");
    let message = stderr(&output);
    assert!(!message.is_empty(), "kraken {args:?} gave no message");
    message
}

/// The last line of a report.
fn last_line(report: &str) -> &str {
    assert!(report.ends_with('\n'), "the report ends with a newline");
    report.lines().last().expect("the report is not empty")
}

#[test]
fn help_lists_the_commands() {
    for flag in ["--help", "-h", "help"] {
        let text = ok(&[flag]);
        assert!(text.contains("Usage: kraken COMMAND"), "{text}");
        assert!(text.contains("betza"), "{text}");
    }
    assert!(ok(&["--version"]).starts_with("kraken "));
}

#[test]
fn without_a_command_kraken_speaks_the_protocol_on_stdin() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kraken"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("kraken starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(b"uci\nisready\nquit\n")
        .expect("kraken reads");
    let output = child.wait_with_output().expect("kraken ends");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("uciok\nreadyok\n"), "{text}");
}

#[test]
fn betza_help_explains_every_option() {
    for args in [
        &["betza", "--help"][..],
        &["betza", "-h"],
        &["help", "betza"],
    ] {
        let text = ok(args);
        for option in [
            "--size",
            "--from",
            "--color",
            "--occupy",
            "--piece",
            "--virgin",
            "--royal",
            "--ep",
            "--imitate",
            "--notation",
            "Examples:",
        ] {
            assert!(text.contains(option), "{args:?}: help lacks {option}");
        }
    }
}

#[test]
fn unknown_commands_are_refused() {
    let message = refused(&["frobnicate"]);
    assert!(
        message.contains("unknown command 'frobnicate'"),
        "{message}"
    );
    assert!(message.contains("--help"), "{message}");
    refused(&["help", "frobnicate"]);
    refused(&["--variants-file"]);
}

#[test]
fn bad_xbetza_names_the_column() {
    let message = refused(&["betza", "fmWfce"]);
    assert!(
        message.contains("\"fmWfce\": column 7: expected an atom after modifiers"),
        "{message}"
    );
    let message = refused(&["betza", "N", "--piece", "c3=Kq!"]);
    assert!(message.contains("--piece c3"), "{message}");
    assert!(message.contains("column"), "{message}");
    let message = refused(&["betza", "I", "--imitate", "fX"]);
    assert!(message.contains("--imitate"), "{message}");
}

#[test]
fn bad_options_are_refused() {
    let cases: &[(&[&str], &str)] = &[
        (&["betza"], "missing the piece's XBetza"),
        (&["betza", "N", "B"], "unexpected argument 'B'"),
        (&["betza", "N", "--size", "17x8"], "--size 17x8"),
        (&["betza", "N", "--size", "0x8"], "--size 0x8"),
        (&["betza", "N", "--size", "8by8"], "--size 8by8"),
        (&["betza", "N", "--from", "i1"], "--from i1: not a square"),
        (&["betza", "N", "--from", "a9"], "--from a9: not a square"),
        (
            &["betza", "N", "--size", "5x5", "--from", "f1"],
            "--from f1",
        ),
        (&["betza", "N", "--color", "green"], "--color green"),
        (&["betza", "N", "--occupy", "e5=x"], "--occupy e5=x"),
        (&["betza", "N", "--occupy", "d4=b"], "mover's own square"),
        (
            &["betza", "N", "--from", "e2", "--occupy", "e2=w"],
            "mover's own square",
        ),
        (&["betza", "N", "--piece", "c3"], "expected SQ=XBETZA"),
        (
            &["betza", "N", "--virgin", "a1"],
            "--virgin a1: no piece there",
        ),
        (&["betza", "N", "--royal", "z1"], "--royal z1: not a square"),
        (&["betza", "N", "--ep", "f6"], "--ep f6"),
        (
            &["betza", "N", "--ep", "f6:f5"],
            "no piece on the victim square f5",
        ),
        (&["betza", "N", "--bogus"], "unknown option '--bogus'"),
        (&["betza", "N", "--from"], "--from needs a value"),
        (
            &["betza", "N", "--from", "--color", "b"],
            "--from needs a value",
        ),
        (
            &["betza", "N", "--size", "8x8", "--size", "9x9"],
            "more than once",
        ),
    ];
    for (args, expected) in cases {
        let message = refused(args);
        assert!(message.contains(expected), "kraken {args:?}: {message}");
    }
}

#[test]
fn knight_on_an_empty_board() {
    let report = ok(&["betza", "N"]);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "8 . . . . . . . .");
    assert_eq!(lines[2], "6 . . + . + . . .");
    assert_eq!(lines[4], "4 . . . M . . . .");
    assert_eq!(lines[8], "  a b c d e f g h");
    assert!(lines[9].starts_with("legend: M mover (white, d4)"));
    assert!(report.contains("\nN: "), "no reading of N:\n{report}");
    assert!(report.contains("\nmoves (8):\n  d4-b3\n"), "{report}");
    assert_eq!(last_line(&report), "targets: b3 b5 c2 c6 e2 e6 f3 f5");
}

#[test]
fn options_may_be_written_with_equals() {
    let report = ok(&["betza", "N", "--from=a1", "--color=b"]);
    assert_eq!(last_line(&report), "targets: b3 c2");
}

#[test]
fn no_targets_is_a_bare_targets_line() {
    let report = ok(&["betza", "fmW", "--from", "d8"]);
    assert_eq!(last_line(&report), "targets:");
    assert!(report.contains("moves (0):"), "{report}");
}

#[test]
fn targets_sort_by_file_then_rank_number() {
    let report = ok(&["betza", "R", "--size", "3x12", "--from", "a1"]);
    assert_eq!(
        last_line(&report),
        "targets: a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 b1 c1"
    );
    // The default square is the middle one: file (3-1)/2 = b, rank (12-1)/2 + 1 = 6.
    let report = ok(&["betza", "W", "--size", "3x12"]);
    assert_eq!(last_line(&report), "targets: a6 b5 b7 c6");
}

#[test]
fn xiangqi_horse_on_a_9x10_board() {
    let report = ok(&["betza", "mafsW", "--size", "9x10", "--from", "b1"]);
    assert!(report.starts_with("10 . . . . . . . . .\n"), "{report}");
    assert!(report.contains("\n   a b c d e f g h i\n"), "{report}");
    assert_eq!(last_line(&report), "targets: a3 c3 d2");
}

#[test]
fn en_passant_capture_and_rights() {
    let report = ok(&[
        "betza",
        "fmWfceFifmnD",
        "--from",
        "e5",
        "--occupy",
        "e6=b,f5=b",
        "--ep",
        "f6:f5",
    ]);
    assert!(report.contains("\n5 . . . . M ! . .\n"), "{report}");
    assert!(report.contains("  e5-f6: captures f5 e.p.\n"), "{report}");
    assert_eq!(last_line(&report), "targets: f6");

    let report = ok(&["betza", "fmWfceFifmnD", "--from", "e2", "--virgin", "e2"]);
    assert!(report.contains("  e2-e4: e.p. rights on e3\n"), "{report}");
    assert_eq!(last_line(&report), "targets: e3 e4");
}

#[test]
fn castling_names_the_partner() {
    let report = ok(&[
        "betza",
        "KisO2",
        "--from",
        "e1",
        "--occupy",
        "a1=w,h1=w",
        "--virgin",
        "e1,h1",
    ]);
    assert!(report.contains("\n1 P . . + M + # P\n"), "{report}");
    assert!(
        report.contains("  e1-g1: castles with h1 to f1\n"),
        "{report}"
    );
    assert_eq!(last_line(&report), "targets: d1 d2 e2 f1 f2 g1");
}

#[test]
fn induced_moves_are_not_targets() {
    let report = ok(&["betza", "mNxaN", "--occupy", "c2=w"]);
    assert!(report.contains("\ninduced: c2-a1\n"), "{report}");
    assert!(report.contains("\ninduced: c2-e3\n"), "{report}");
    assert_eq!(last_line(&report), "targets: b3 b5 c6 e2 e6 f3 f5");
}

#[test]
fn borrowing_uses_the_given_piece_moves() {
    let report = ok(&["betza", "KxK", "--occupy", "c4=w,d3=b", "--piece", "c4=B"]);
    assert_eq!(
        last_line(&report),
        "targets: a1 a7 b2 b6 c3 c5 d3 d5 e3 e4 e5 f2 f6 g1 g7 h8"
    );
}

#[test]
fn quickref_pieces_show_their_xbetza_first() {
    // The guide's Xiangqi horse: a W step, then f (both diagonals ahead of it) by default.
    let quickref = ok(&[
        "betza",
        "--notation",
        "quickref",
        "W-F",
        "--size",
        "9x10",
        "--from",
        "b1",
    ]);
    let xbetza = ok(&["betza", "mafsW", "--size", "9x10", "--from", "b1"]);
    assert_eq!(quickref, format!("xbetza: mafsW\n{xbetza}"));
    assert_eq!(last_line(&quickref), "targets: a3 c3 d2");
}

#[test]
fn quickref_refusals_name_the_construct_and_column() {
    let message = refused(&["betza", "--notation", "quickref", "Q-xacK"]);
    assert!(
        message.contains("\"Q-xacK\": column 3: 'x' has no XBetza equivalent"),
        "{message}"
    );
    assert!(message.contains("\n  Q-xacK\n    ^"), "{message}");
    let message = refused(&["betza", "--notation", "quickref", "dW"]);
    assert!(
        message.contains("column 1: 'd' is not defined by the quick reference"),
        "{message}"
    );
    let message = refused(&["betza", "--notation", "smith", "N"]);
    assert!(message.contains("--notation smith"), "{message}");
}

/// Chains of legs whose walk would stall the engine are refused at once with the bound,
/// for the piece and for the pieces beside it; shorter chains still answer, and chains that
/// only end somewhere answer however long they are walked branch by branch.
#[test]
fn pieces_too_long_to_walk_are_refused() {
    let message = refused(&["betza", "caaaQ", "--size", "16x16"]);
    assert!(
        message.contains("caaaQ: its multi-leg moves may visit")
            && message.contains("more than the 100000"),
        "{message}"
    );
    let message = refused(&["betza", "K", "--piece", "c4=caaaQ"]);
    assert!(
        message.contains("--piece c4=caaaQ: its multi-leg"),
        "{message}"
    );
    let message = refused(&["betza", "I", "--imitate", "caaaQ"]);
    assert!(
        message.contains("--imitate caaaQ: its multi-leg"),
        "{message}"
    );
    let twelve = format!("{}Q", "a".repeat(12));
    let message = refused(&["betza", &twelve, "--size", "16x16"]);
    assert!(message.contains("more than the 1000000"), "{message}");
    assert!(ok(&["betza", "caQ", "--size", "16x16"]).contains("targets:"));
    let all: Vec<String> = (b'a'..=b'p')
        .flat_map(|file| (1..=16).map(move |rank| format!("{}{rank}", file as char)))
        .filter(|sq| sq != "h8")
        .collect();
    assert!(
        ok(&["betza", "aaaaQ", "--size", "16x16"])
            .ends_with(&format!("targets: {}\n", all.join(" "))),
        "aaaaQ reaches every square but its own"
    );
}
