//! Every reference XBetza case through the command line: `kraken betza` must print exactly the
//! case's targets on its last line.

use std::process::Command;

use serde_json::Value;

/// Turns a case into `kraken betza` arguments.
fn arguments(case: &Value) -> Vec<String> {
    let mut args = vec![
        "betza".to_string(),
        case["betza"].as_str().unwrap().to_string(),
    ];
    args.push(format!("--size={}x{}", case["width"], case["height"]));
    args.push(format!("--from={}", case["from"].as_str().unwrap()));
    args.push(format!("--color={}", case["color"].as_str().unwrap()));
    let pairs = |key: &str| -> Vec<(String, String)> {
        case.get(key)
            .and_then(|v| v.as_object())
            .map(|o| {
                o.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                    .collect()
            })
            .unwrap_or_default()
    };
    let list = |key: &str| -> Vec<String> {
        case.get(key)
            .and_then(|v| v.as_array())
            .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    let board = pairs("board");
    if !board.is_empty() {
        let items: Vec<String> = board.iter().map(|(sq, c)| format!("{sq}={c}")).collect();
        args.push(format!("--occupy={}", items.join(",")));
    }
    for (sq, betza) in pairs("piece_moves") {
        args.push(format!("--piece={sq}={betza}"));
    }
    for key in ["virgin", "royal"] {
        let squares = list(key);
        if !squares.is_empty() {
            args.push(format!("--{key}={}", squares.join(",")));
        }
    }
    if let Some(ep) = case.get("ep") {
        let squares: Vec<&str> = ep["squares"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        args.push(format!(
            "--ep={}:{}",
            squares.join(","),
            ep["victim"].as_str().unwrap()
        ));
    }
    if let Some(imitate) = case.get("imitate").and_then(|v| v.as_str()) {
        args.push(format!("--imitate={imitate}"));
    }
    args
}

#[test]
fn every_reference_case_prints_its_targets() {
    let text = include_str!("../../tests/data/xbetza/cases.jsonl");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        count += 1;
        let args = arguments(&case);
        let output = Command::new(env!("CARGO_BIN_EXE_kraken"))
            .args(&args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let last = stdout.lines().last().unwrap_or("");
        let targets: Vec<&str> = case["targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let mut expected = String::from("targets:");
        for t in &targets {
            expected.push(' ');
            expected.push_str(t);
        }
        if !output.status.success() || last != expected {
            failures.push(format!(
                "{}: kraken {}\n  expected '{expected}'\n  got      '{last}' ({})",
                case["id"],
                args.join(" "),
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
    }
    assert!(count > 150);
    assert!(
        failures.is_empty(),
        "{} of {count} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
