//! `kraken variants` and `kraken check` from the command line.

use std::process::Command;

fn kraken(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kraken"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn variants_lists_names_and_sizes() {
    let (code, out, _) = kraken(&["variants"]);
    assert_eq!(code, 0);
    for line in [
        "chess 8x8 (also normal, standard)",
        "xiangqi 9x10",
        "shogi 9x9",
        "grand 10x10",
    ] {
        assert!(out.lines().any(|l| l == line), "{line} missing in\n{out}");
    }
}

#[test]
fn check_accepts_good_files() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let custom = format!("{dir}/../tests/data/perft/custom_variants.ini");
    let (code, out, _) = kraken(&["check", &custom]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with(": ok\n"));
}

#[test]
fn check_reports_each_problem_with_its_line() {
    let path = std::env::temp_dir().join(format!("kraken-check-{}.ini", std::process::id()));
    std::fs::write(
        &path,
        "[bad:chess]\nfoo = 1\ncustomPiece1 = x:fmWfce\nstartFen = 9/8 w - - 0 1\n[c:c]\n",
    )
    .unwrap();
    let (code, out, _) = kraken(&["check", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].ends_with(":2: foo: unknown key"), "{out}");
    assert!(
        lines[1].contains(":3: customPiece1: \"fmWfce\": column 7: expected an atom"),
        "{out}"
    );
    assert!(lines[2].contains(":4: startFen: bad FEN board"), "{out}");
    assert!(lines[3].contains(":5: a cycle of parents"), "{out}");
}

#[test]
fn check_needs_a_readable_file() {
    let (code, _, err) = kraken(&["check", "/nonexistent/file.ini"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"));
    // Not text: the line and column of the first bad byte.
    let file = std::env::temp_dir().join(format!("kraken-check-{}.ini", std::process::id()));
    std::fs::write(&file, b"[x:chess]\nmaxFile = \xff\n").expect("written");
    let (code, _, err) = kraken(&["check", &file.display().to_string()]);
    std::fs::remove_file(&file).expect("removed");
    assert_eq!(code, 2);
    assert!(err.contains(":2: column 11: not UTF-8 text"), "{err}");
}

#[test]
fn the_readme_lists_the_catalog() {
    let readme = include_str!("../../README.md");
    let (_, table, _) = kraken(&["variants", "--table"]);
    let start = "<!-- variants:start -->\n";
    let section = readme
        .split_once(start)
        .and_then(|(_, rest)| rest.split_once("<!-- variants:end -->"))
        .map(|(section, _)| section)
        .expect("README.md has the variants markers");
    assert_eq!(
        section, table,
        "README.md is out of date: run scripts/update_readme_variants.py"
    );
}

/// A piece whose multi-leg moves would take too long to walk is refused at its line; one
/// with long but bounded walks loads.
#[test]
fn check_refuses_pieces_too_long_to_walk() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let file = format!("{dir}/../tests/data/variants/long_walks.ini");
    let (code, out, _) = kraken(&["check", &file]);
    assert_eq!(code, 2, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].contains(":12: customPiece1: its multi-leg moves may visit")
            && lines[0].contains("more than the 100000"),
        "{out}"
    );
}
