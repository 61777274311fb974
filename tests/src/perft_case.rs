//! Reference perft counts (`data/perft/cases.jsonl`) and how to run them.

use std::sync::Arc;

use movegen::{perft, Position, Rules};
use serde_json::Value;
use variants::Catalog;

/// The variants whose reference cases (shared and computed) must all pass.
pub const MOVEGEN_VARIANTS: &[&str] = &[
    "chess",
    "duck",
    "capablanca",
    "gothic",
    "janus",
    "embassy",
    "chancellor",
    "grand",
    "shatranj",
    "courier",
    "makruk",
    "berolina",
    "knightmate",
    "crazyhouse",
    "shogi",
    "minishogi",
    "xiangqi",
    "seirawan",
    "betza10",
    "betza8",
    "betza12",
    "betzahouse",
    "amazon",
    "almost",
    "perfect",
    "nightrider",
    "grasshopper",
    "hoppelpoppel",
    "legan",
    "losalamos",
    "asean",
    "ai-wok",
    "modern",
    "centaur",
    "tencubed",
    "opulent",
    "manchu",
    "torpedo",
    "pawnsideways",
    "pawnback",
    "3check",
    "5check",
    "kingofthehill",
    "racingkings",
    "losers",
    "giveaway",
    "antichess",
    "suicide",
    "codrus",
    "extinction",
    "kinglet",
    "threekings",
    "horde",
    "atomic",
    "coregal",
    "loop",
    "chessgi",
    "pocketknight",
    "newzealand",
    "placement",
    "chigorin",
    "sortofalmost",
    "jesonmor",
    "gustav3",
    "shako",
    "euroshogi",
    "dobutsu",
    "cambodian",
    "karouk",
    "checkless",
    "spartan",
    "nocheckatomic",
    "troitzky",
    "janggi",
    "shatar",
    "kyotoshogi",
    "micro",
    "torishogi",
    "shoshogi",
    "makpong",
    "atomar",
    "omicron",
    "wolf",
    "koedem",
    "shouse",
];

/// One reference count.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// Variant name.
    pub variant: String,
    /// FEN, or `startpos`.
    pub fen: String,
    /// Depth in plies.
    pub depth: u32,
    /// Expected leaf count.
    pub nodes: u64,
    /// Whether castling follows Chess960 rules.
    pub chess960: bool,
}

impl PerftCase {
    /// Reads every case of a JSON-lines text.
    pub fn read_all(text: &str) -> Vec<PerftCase> {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let v: Value = serde_json::from_str(line).expect("valid JSON");
                PerftCase {
                    variant: v["variant"].as_str().expect("variant").to_string(),
                    fen: v["fen"].as_str().expect("fen").to_string(),
                    depth: v["depth"].as_u64().expect("depth") as u32,
                    nodes: v["nodes"].as_u64().expect("nodes"),
                    chess960: v["chess960"].as_bool().unwrap_or(false),
                }
            })
            .collect()
    }

    /// The catalog the cases run against: built-ins plus the custom test variants.
    pub fn catalog() -> Catalog {
        let mut catalog = Catalog::builtin();
        catalog
            .add_text(
                include_str!("../data/perft/custom_variants.ini"),
                "custom_variants.ini",
            )
            .expect("custom variants parse");
        catalog
    }

    /// The rules of the case's variant.
    pub fn rules(&self, catalog: &Catalog) -> Arc<Rules> {
        let rules = catalog.rules(&self.variant).unwrap_or_else(|e| {
            panic!(
                "{}: {}",
                self.variant,
                e.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        });
        if self.chess960 && !rules.chess960 {
            let mut changed = (*rules).clone();
            changed.chess960 = true;
            return Arc::new(changed);
        }
        rules
    }

    /// The case's position.
    pub fn position(&self, catalog: &Catalog) -> Position {
        let rules = self.rules(catalog);
        if self.fen == "startpos" {
            Position::start(rules)
        } else {
            Position::from_fen(rules, &self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.fen))
        }
    }

    /// Runs the case; returns the count found.
    pub fn run(&self, catalog: &Catalog) -> u64 {
        perft(&mut self.position(catalog), self.depth)
    }
}
