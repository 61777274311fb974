//! Reference XBetza cases (`data/xbetza/cases.jsonl`) and how to run them on a [`Probe`].

use std::collections::BTreeSet;

use movegen::{PathMove, Probe};
use notation::{fsf_to_xbetza, parse, Color, Geometry, PieceDesc, Square};
use serde_json::Value;

/// One expected move of a case (the optional `moves` list).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExpectedMove {
    /// Destination.
    pub to: String,
    /// Square of the piece that moves when it is not the mover.
    pub from: Option<String>,
    /// Locust victims, in leg order.
    pub locust_captures: Vec<String>,
    /// Squares receiving unloaded pieces.
    pub unload: Vec<String>,
    /// Squares given e.p. rights.
    pub ep_rights: Vec<String>,
    /// Castling partner and its destination.
    pub castle: Option<(String, String)>,
    /// Square of the piece taken en passant.
    pub ep_capture_of: Option<String>,
}

/// A reference case: a piece, a board, and the moves it must have.
#[derive(Clone, Debug)]
pub struct Case {
    /// The case's id.
    pub id: String,
    /// The piece's XBetza, or its moves in `notation`.
    pub betza: String,
    /// The notation of `betza` when it is not XBetza: `fsf`, Fairy-Stockfish's reading
    /// ([`notation::fsf_to_xbetza`]).
    pub notation: Option<String>,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// The mover's square.
    pub from: String,
    /// The mover's colour, "w" or "b".
    pub color: String,
    /// Other pieces: square and colour.
    pub board: Vec<(String, String)>,
    /// Never-moved pieces.
    pub virgin: Vec<String>,
    /// Royal pieces.
    pub royal: Vec<String>,
    /// E.p. squares and victim.
    pub ep: Option<(Vec<String>, String)>,
    /// Betza of the imitated type.
    pub imitate: Option<String>,
    /// Betza of other pieces by square.
    pub piece_moves: Vec<(String, String)>,
    /// Expected destinations of the mover's own moves.
    pub targets: BTreeSet<String>,
    /// Expected moves in detail, when given.
    pub moves: Option<Vec<ExpectedMove>>,
    /// Expected induced moves ("from-to"), when given.
    pub induced: Option<BTreeSet<String>>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn pairs(v: &Value) -> Vec<(String, String)> {
    v.as_object()
        .map(|o| {
            o.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string()))
                .collect()
        })
        .unwrap_or_default()
}

impl Case {
    /// Reads one JSON line.
    pub fn from_json(line: &str) -> Case {
        let v: Value = serde_json::from_str(line).expect("case is valid JSON");
        let s = |key: &str| v[key].as_str().unwrap_or_default().to_string();
        let moves = v.get("moves").map(|m| {
            let mut list: Vec<ExpectedMove> = m
                .as_array()
                .expect("moves is a list")
                .iter()
                .map(|mv| ExpectedMove {
                    to: mv["to"]
                        .as_str()
                        .expect("move has a destination")
                        .to_string(),
                    from: mv.get("from").and_then(|f| f.as_str()).map(str::to_string),
                    locust_captures: strings(&mv["locust_captures"]),
                    unload: strings(&mv["unload"]),
                    ep_rights: strings(&mv["ep_rights"]),
                    castle: mv.get("castle_partner").map(|p| {
                        (
                            p.as_str().unwrap_or("").to_string(),
                            mv["partner_to"].as_str().unwrap_or("").to_string(),
                        )
                    }),
                    ep_capture_of: mv
                        .get("ep_capture_of")
                        .and_then(|f| f.as_str())
                        .map(str::to_string),
                })
                .collect();
            list.sort();
            list
        });
        Case {
            id: s("id"),
            betza: s("betza"),
            notation: v
                .get("notation")
                .and_then(|s| s.as_str())
                .map(str::to_string),
            width: v["width"].as_u64().expect("width") as u8,
            height: v["height"].as_u64().expect("height") as u8,
            from: s("from"),
            color: s("color"),
            board: pairs(&v["board"]),
            virgin: strings(&v["virgin"]),
            royal: strings(&v["royal"]),
            ep: v.get("ep").map(|ep| {
                (
                    strings(&ep["squares"]),
                    ep["victim"].as_str().unwrap_or("").to_string(),
                )
            }),
            imitate: v
                .get("imitate")
                .and_then(|s| s.as_str())
                .map(str::to_string),
            piece_moves: pairs(&v["piece_moves"]),
            targets: strings(&v["targets"]).into_iter().collect(),
            moves,
            induced: v.get("induced").map(|i| strings(i).into_iter().collect()),
        }
    }

    /// Reads every case of a JSON-lines text.
    pub fn read_all(text: &str) -> Vec<Case> {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(Case::from_json)
            .collect()
    }

    /// The mover's colour.
    pub fn mover_color(&self) -> Color {
        if self.color == "b" {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The mover's moves, read in the case's notation.
    pub fn desc(&self) -> PieceDesc {
        let xbetza = match self.notation.as_deref() {
            None => self.betza.clone(),
            Some("fsf") => fsf_to_xbetza(&self.betza).expect("Fairy-Stockfish's Betza"),
            Some(other) => panic!("unknown notation {other}"),
        };
        if xbetza.is_empty() {
            // Fairy-Stockfish's reading can leave a piece no move (`nC`).
            return PieceDesc::default();
        }
        parse(&xbetza).expect("case betza parses")
    }

    /// Sets the case up on a probe and generates the mover's moves.
    pub fn run(&self) -> (Geometry, Vec<PathMove>) {
        let geometry = Geometry::new(self.width, self.height).expect("case board size");
        let sq = |name: &str| -> Square { geometry.parse_square(name).expect("case square") };
        let mut probe = Probe::new(geometry.clone());
        let color = |c: &str| if c == "b" { Color::Black } else { Color::White };
        for (name, c) in &self.board {
            let desc = self
                .piece_moves
                .iter()
                .find(|(s, _)| s == name)
                .map(|(_, b)| parse(b).expect("piece_moves betza"));
            probe.place(sq(name), color(c), desc.as_ref());
        }
        for name in &self.virgin {
            probe.set_virgin(sq(name));
        }
        for name in &self.royal {
            probe.set_royal(sq(name));
        }
        if let Some((squares, victim)) = &self.ep {
            let squares: Vec<Square> = squares.iter().map(|s| sq(s)).collect();
            probe.set_ep(&squares, sq(victim));
        }
        if let Some(imitate) = &self.imitate {
            probe.set_imitated(&parse(imitate).expect("imitate betza"));
        }
        let desc = self.desc();
        let moves = probe.moves(&desc, sq(&self.from), self.mover_color());
        (geometry, moves)
    }

    /// Checks the generated moves against the case; returns a description of each mismatch.
    pub fn check(&self) -> Vec<String> {
        let (geometry, moves) = self.run();
        let from = geometry.parse_square(&self.from).expect("case square");
        let name = |s: Square| geometry.name(s);
        let mut problems = Vec::new();
        let own: Vec<&PathMove> = moves.iter().filter(|m| m.piece == from).collect();
        let targets: BTreeSet<String> = own.iter().map(|m| name(m.to)).collect();
        if targets != self.targets {
            let missing: Vec<_> = self.targets.difference(&targets).collect();
            let extra: Vec<_> = targets.difference(&self.targets).collect();
            problems.push(format!("targets: missing {missing:?}, extra {extra:?}"));
        }
        if let Some(expected) = &self.moves {
            let mut got: Vec<ExpectedMove> = own
                .iter()
                .map(|m| ExpectedMove {
                    to: name(m.to),
                    from: None,
                    locust_captures: m
                        .captures
                        .iter()
                        .filter(|&&c| c != m.to)
                        .map(|&c| name(c))
                        .collect(),
                    unload: m.unloads.iter().map(|&(s, _)| name(s)).collect(),
                    ep_rights: m.ep_rights.iter().map(|&s| name(s)).collect(),
                    castle: m.castle.map(|(p, t)| (name(p), name(t))),
                    ep_capture_of: m.ep_capture.map(name),
                })
                .collect();
            got.sort();
            got.dedup();
            let mut expected = expected.clone();
            expected.dedup();
            if got != expected {
                problems.push(format!(
                    "moves: expected {expected:?}\n          got {got:?}"
                ));
            }
        }
        if let Some(expected) = &self.induced {
            let got: BTreeSet<String> = moves
                .iter()
                .filter(|m| m.piece != from)
                .map(|m| format!("{}-{}", name(m.piece), name(m.to)))
                .collect();
            if &got != expected {
                problems.push(format!("induced: expected {expected:?}, got {got:?}"));
            }
        }
        problems
    }
}
