//! XBoard (CECP v2) transcripts: handshake, `setup`/`piece` for every variant, moves in every
//! notation, `ping` order, analysis, claims, bad input, and a GUI's misuse (a new game or
//! position while the engine thinks, `undo` past the start, the end of input in a search).

use std::sync::Arc;

use kraken_tests::session::Session;
use movegen::{MoveFormat, Position, Rules};
use notation::{compile, parse, Atom, Color, PieceDesc};
use variants::Catalog;

const HYDRA_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/protocol/hydra.ini");
const PASSER_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/protocol/passer.ini");

fn xboard(files: &[&str]) -> Session {
    let mut s = Session::start(files);
    s.send("xboard");
    s.send("protover 2");
    s.expect("feature done=1", |l| l.contains("done=1"));
    s
}

fn catalog() -> Catalog {
    let mut catalog = Catalog::builtin();
    catalog
        .add_file(std::path::Path::new(HYDRA_FILE))
        .expect("the lion file loads");
    catalog
}

/// Whether `lines` hold an error or an illegal-move reply.
fn complaints(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("Illegal") || l.starts_with("Error") || l.contains("error"))
        .collect()
}

/// `memory` beyond the machine is refused with a word to the user, `cores` beyond Kraken's
/// maximum is clamped, and the engine answers `ping` after both.
#[test]
fn resources_beyond_the_machine_are_bounded() {
    let mut s = xboard(&[]);
    s.send("memory 1000000");
    s.send("cores 100000");
    s.send("ping 3");
    let lines = s.expect("pong", |l| l == "pong 3");
    assert!(
        lines.iter().any(|l| l
            .starts_with("telluser Kraken: Hash 1000000 MB is more than this machine can give")),
        "{}",
        s.transcript()
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "telluser Kraken: 100000 threads are more than Kraken runs; it uses 256"),
        "{}",
        s.transcript()
    );
    s.quit();
}

#[test]
fn handshake_lists_features_and_every_variant() {
    let mut s = Session::start(&[HYDRA_FILE]);
    s.send("xboard");
    s.send("protover 2");
    let lines = s.expect("feature done=1", |l| l.contains("done=1"));
    let features = lines.join(" ");
    for wanted in [
        "myname=\"Kraken",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "memory=1",
        "smp=1",
        "highlight=1",
        "exclude=1",
        "debug=1",
        "sigint=0",
        "sigterm=0",
        "colors=0",
    ] {
        assert!(features.contains(wanted), "{wanted} missing: {features}");
    }
    assert_eq!(lines.first().map(String::as_str), Some("feature done=0"));
    let variants_line = lines
        .iter()
        .find(|l| l.starts_with("feature variants=\""))
        .expect("a variants feature");
    let listed: Vec<&str> = variants_line
        .trim_start_matches("feature variants=\"")
        .trim_end_matches('"')
        .split(',')
        .collect();
    assert_eq!(listed[0], "normal");
    for name in catalog().names() {
        if name != "chess" {
            assert!(listed.contains(&name.as_str()), "{name} not offered");
        }
    }
    for spelling in ["standard", "los-alamos", "losalamos", "hydra"] {
        assert!(listed.contains(&spelling), "{spelling} not offered");
    }
    s.quit();
}

/// The moves of a description without its castling moves, compiled for both colours.
fn tables(desc: &PieceDesc, rules: &Rules) -> Vec<notation::MoveTable> {
    let mut desc = desc.clone();
    desc.moves.retain(|m| m.atom != Atom::Castling);
    Color::ALL
        .iter()
        .map(|&c| compile(&desc, &rules.geometry, c))
        .collect()
}

#[test]
fn every_variant_gets_setup_and_pieces_that_parse_back() {
    let catalog = catalog();
    let mut s = xboard(&[HYDRA_FILE]);
    for (n, name) in catalog.names().iter().enumerate() {
        if name == "chess" {
            continue;
        }
        let rules = catalog.rules(name).expect("catalog variants build");
        s.send(&format!("variant {name}"));
        let lines = s.sync(n as u32 + 1);
        let setup = lines
            .first()
            .unwrap_or_else(|| panic!("{name}: nothing before pong"));
        let size = format!("{}x{}+", rules.geometry.width(), rules.geometry.height());
        assert!(setup.starts_with("setup ("), "{name}: {setup}");
        assert!(setup.contains(&size), "{name}: {setup} lacks {size}");
        let fen = setup.splitn(4, ' ').nth(3).expect("a FEN");
        Position::from_fen(rules.clone(), fen)
            .unwrap_or_else(|e| panic!("{name}: setup FEN {fen}: {e}"));
        let told = lines
            .iter()
            .find(|l| l.starts_with("telluser"))
            .cloned()
            .unwrap_or_default();
        for pt in &rules.pieces {
            let ids = [format!("{}&", pt.symbol), pt.symbol.clone()];
            let line = lines.iter().find(|l| {
                let mut words = l.split_whitespace();
                words.next() == Some("piece")
                    && words.next().is_some_and(|id| ids.contains(&id.to_string()))
            });
            match line {
                // A piece that never moves (reversi's discs) has an empty move text.
                Some(line) if line.split_whitespace().nth(2).is_none() => assert!(
                    pt.desc.moves.is_empty(),
                    "{name}: {line} gives no moves to {}",
                    pt.betza
                ),
                Some(line) => {
                    let betza = line.split_whitespace().nth(2).expect("a move text");
                    let desc = parse(betza).unwrap_or_else(|e| panic!("{name}: {line}: {e}"));
                    assert_eq!(
                        tables(&desc, &rules),
                        tables(&pt.desc, &rules),
                        "{name}: {line} does not read back as {}",
                        pt.betza
                    );
                }
                None => assert!(
                    told.contains(&format!("{} ({})", pt.symbol, pt.name))
                        || lines.iter().any(|l| l.starts_with("# moves of")
                            && l.contains(&format!("{} ({})", pt.symbol, pt.name))),
                    "{name}: no piece line for {} and no word to the user:\n{}",
                    pt.symbol,
                    lines.join("\n")
                ),
            }
        }
        assert!(
            complaints(&lines).is_empty(),
            "{name}: {:?}",
            complaints(&lines)
        );
    }
    s.quit();
}

#[test]
fn moves_in_every_notation_are_accepted() {
    let mut s = xboard(&[HYDRA_FILE]);
    s.send("new");
    s.send("force");
    s.send("e2e4");
    s.send("usermove e7e5");
    s.send("usermove g1f3");
    assert!(complaints(&s.sync(1)).is_empty(), "{}", s.transcript());
    // Castling: O-O, king takes rook, and the king's own move.
    for (castle, then_illegal) in [
        ("O-O", "e1f1"),
        ("e1h1", "e1f1"),
        ("e1g1", "e1f1"),
        ("O-O-O", "e1d1"),
    ] {
        s.send("setboard r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        s.send(&format!("usermove {castle}"));
        assert!(
            complaints(&s.sync(2)).is_empty(),
            "{castle}: {}",
            s.transcript()
        );
        s.send("e7e6");
        s.send(&format!("usermove {then_illegal}"));
        let lines = s.sync(3);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Illegal move") && l.ends_with(then_illegal)),
            "{castle} did not move the king: {lines:?}"
        );
    }
    // 10 ranks: XBoard counts them from 0.
    s.send("new");
    s.send("variant xiangqi");
    s.send("force");
    s.send("usermove h2e2");
    s.send("usermove h7e7");
    assert!(complaints(&s.sync(4)).is_empty(), "{}", s.transcript());
    s.send("usermove b3e3");
    assert!(s.sync(5).iter().any(|l| l.starts_with("Illegal move")));
    // Multi-leg moves with commas: the lion takes on d5 and goes on to d6.
    s.send("new");
    s.send("variant hydra");
    s.send("force");
    s.send("setboard 7k/8/8/3p4/3L4/8/8/4K3 w - - 0 1");
    s.send("usermove d4d5,d5d6");
    assert!(complaints(&s.sync(6)).is_empty(), "{}", s.transcript());
    s.send("usermove h8g8");
    s.send("usermove d6d5");
    assert!(
        complaints(&s.sync(7)).is_empty(),
        "the lion is on d6: {}",
        s.transcript()
    );
    // Drops.
    s.send("new");
    s.send("variant crazyhouse");
    s.send("force");
    s.send("setboard rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 3");
    s.send("usermove P@e4");
    assert!(complaints(&s.sync(8)).is_empty(), "{}", s.transcript());
    s.quit();
}

#[test]
fn engine_moves_are_legal_and_pong_comes_in_order() {
    let catalog = catalog();
    let mut s = xboard(&[]);
    s.send("new");
    s.send("variant capablanca");
    s.send("level 0 0:10 0.1");
    s.send("post");
    s.send("force");
    s.send("usermove e2e4");
    s.send("time 1000");
    s.send("otim 1000");
    s.send("go");
    s.send("ping 9");
    let lines = s.expect("move", |l| l.starts_with("move "));
    let mv = lines.last().expect("a move").trim_start_matches("move ");
    let rules: Arc<Rules> = catalog.rules("capablanca").expect("capablanca");
    let mut pos = Position::start(rules);
    let format = MoveFormat {
        zero_based_ranks: true,
        ..MoveFormat::default()
    };
    let e4 = pos.parse_move("e2e4", format).expect("legal");
    pos.make(e4);
    pos.parse_move(mv, format)
        .unwrap_or_else(|e| panic!("engine move {mv}: {e}"));
    // CECP: a ping that comes while the engine thinks is answered after its move.
    assert!(
        !lines.iter().any(|l| l == "pong 9"),
        "pong before the move:\n{}",
        s.transcript()
    );
    assert!(
        s.sync(10).iter().any(|l| l == "pong 9"),
        "{}",
        s.transcript()
    );
    s.quit();
}

#[test]
fn game_end_is_claimed_instead_of_a_move() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    s.send("go");
    s.expect("a mate claim", |l| l == "0-1 {Black wins by checkmate}");
    s.send("new");
    s.send("variant shatranj");
    s.send("force");
    s.send("setboard 7k/R7/5K2/7p/7P/8/8/6R1 b - - 0 1");
    s.send("go");
    s.expect("a stalemate claim", |l| {
        l == "1-0 {White wins by stalemate}"
    });
    s.quit();
}

/// A move-rule draw is offered with the move, not claimed: XBoard keeps its own count (in
/// xiangqi it leaves out checks and resets on soldier moves) and forfeits a claim it does
/// not see as due, while it takes an offer made before the move as a claim when it agrees.
#[test]
fn move_rule_draws_are_offered_with_a_move() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("st 1");
    // The fiftieth move without capture or pawn move is White's; then the count is over.
    s.send("setboard 8/8/8/4k3/8/8/8/R3K3 w - - 99 60");
    s.send("go");
    let lines = s.expect("a move", |l| l.starts_with("move "));
    assert!(
        lines.iter().any(|l| l == "offer draw"),
        "no draw offer before the move:\n{}",
        s.transcript()
    );
    // The game goes on when the GUI disagrees: the engine moves on instead of claiming.
    s.send("force");
    s.send("setboard 8/8/8/4k3/8/8/8/R3K3 b - - 100 60");
    s.send("go");
    let lines = s.expect("a second move", |l| l.starts_with("move "));
    assert!(
        !lines.iter().any(|l| l.starts_with("1/2-1/2")),
        "a move-rule claim:\n{}",
        s.transcript()
    );
    s.quit();
}

#[test]
fn analysis_reports_and_exits() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("post");
    s.send("analyze");
    s.expect("thinking output", |l| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())
    });
    s.send("exclude e2e4");
    s.send("e2e4");
    s.send("undo");
    s.send("exit");
    assert!(complaints(&s.sync(1)).is_empty(), "{}", s.transcript());
    s.quit();
}

/// `option MultiPV=3` shows three lines a depth in analysis, each with its own first move,
/// and in play the engine still moves.
#[test]
fn multipv_shows_several_lines() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("post");
    s.send("option MultiPV=3");
    s.send("analyze");
    // Thinking lines: depth, score, time, nodes and more, a tab, then the line.
    let lines = s.expect("a line at depth 5", |l| {
        l.split_whitespace().next() == Some("5")
    });
    let mut first_moves: Vec<&str> = lines
        .iter()
        .filter(|l| l.split_whitespace().next() == Some("4"))
        .filter_map(|l| l.split('\t').nth(1)?.split_whitespace().next())
        .collect();
    first_moves.sort_unstable();
    first_moves.dedup();
    assert!(first_moves.len() >= 3, "{}", s.transcript());
    s.send("exit");
    s.send("option MultiPV=0");
    let lines = s.sync(1);
    assert!(
        lines.contains(&"Error (bad MultiPV value): 0".to_string()),
        "{}",
        s.transcript()
    );
    s.send("st 1");
    s.send("go");
    s.expect("a move", |l| l.starts_with("move "));
    s.quit();
}

#[test]
fn bad_input_gets_errors_and_the_engine_stays_in_step() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("frobnicate 3");
    s.send("usermove e2e5");
    s.send("setboard this is no fen");
    s.send("level x y z");
    let lines = s.sync(1);
    assert!(
        lines.contains(&"Error (unknown command): frobnicate 3".to_string()),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Illegal move") && l.ends_with("e2e5")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("tellusererror Illegal position")));
    assert!(lines.iter().any(|l| l.starts_with("Error (bad level)")));
    // Still in step: a legal move is taken.
    s.send("e2e4");
    assert!(complaints(&s.sync(2)).is_empty());
    // cutechess's bare b2b3 before a setboard with black to move is not an illegal move.
    s.send("new");
    s.send("variant xiangqi");
    s.send("force");
    s.send("b2b3");
    s.send("setboard rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4C2/9/RNBAKABNR b - - 1 1");
    assert!(complaints(&s.sync(3)).is_empty(), "{}", s.transcript());
    s.quit();
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("e2e4");
    s.send("e7e5");
    s.send("remove");
    s.send("e2e4");
    s.send("e7e5");
    s.send("undo");
    s.send("e7e6");
    assert!(complaints(&s.sync(1)).is_empty(), "{}", s.transcript());
    s.quit();
}

#[test]
fn lift_highlights_targets_and_put_offers_promotions() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("lift e2");
    s.expect("highlight", |l| l == "highlight 8/8/8/8/4Y3/4Y3/8/8");
    s.send("setboard 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    s.send("lift a7");
    s.expect("highlight", |l| l == "highlight YR6/8/8/8/8/8/8/8");
    s.send("put b8");
    let lines = s.sync(1);
    let choice = lines
        .iter()
        .find(|l| l.starts_with("choice "))
        .expect("a choice");
    for letter in ['Q', 'R', 'B', 'N'] {
        assert!(choice.contains(letter), "{choice}");
    }
    s.quit();
}

#[test]
fn engine_sends_multi_leg_moves_with_commas() {
    let mut s = xboard(&[HYDRA_FILE]);
    s.send("new");
    s.send("variant hydra");
    s.send("force");
    // The lion takes the pawn on d5 and goes on to take the queen on d6.
    s.send("setboard 7k/8/3q4/3p4/3L4/8/8/4K3 w - - 0 1");
    s.send("sd 3");
    s.send("go");
    s.expect("the double capture", |l| l == "move d4d5,d5d6");
    s.quit();
}

/// Outside XBoard's chu and lion games a piece's pass goes out as its square twice: XBoard
/// mistakes `@@@@` there for a side passing and ends the game on time.
#[test]
fn a_piece_pass_is_its_square_twice_outside_chu() {
    let mut s = xboard(&[PASSER_FILE]);
    s.send("new");
    s.send("variant passer");
    s.send("force");
    // The king is walled in by three pieces whose only move is the pass.
    s.send("setboard 7k/8/8/8/8/8/YY6/KY6 w - - 0 1");
    s.send("sd 2");
    s.send("go");
    let lines = s.expect("a move", |l| l.starts_with("move "));
    let mv = lines.last().expect("a move");
    assert!(
        ["move a2a2", "move b2b2", "move b1b1"].contains(&mv.as_str()),
        "{mv}\n{}",
        s.transcript()
    );
    s.quit();
}

/// A repetition draw is offered with the move that repeats, not claimed: XBoard takes a
/// piece's pass for an irreversible move, counts no repetition across it and forfeits the
/// claim.
#[test]
fn repetition_draws_are_offered_with_a_move() {
    let mut s = xboard(&[PASSER_FILE]);
    s.send("new");
    s.send("variant passer");
    s.send("force");
    s.send("setboard 7k/8/8/8/8/8/YY6/KY6 w - - 0 1");
    // The start position, White (the engine) to move, comes back twice: three times in all.
    for mv in [
        "b1b1", "h8g8", "b1b1", "g8h8", "b1b1", "h8g8", "b1b1", "g8h8",
    ] {
        s.send(&format!("usermove {mv}"));
    }
    s.send("sd 2");
    s.send("go");
    let lines = s.expect("a move", |l| l.starts_with("move "));
    assert!(
        !lines.iter().any(|l| l.starts_with("1/2-1/2")),
        "a repetition claim:\n{}",
        s.transcript()
    );
    // Any pass repeats the position after White's first pass a third time.
    assert!(
        lines.iter().any(|l| l == "offer draw"),
        "no draw offer before the move:\n{}",
        s.transcript()
    );
    s.quit();
}

#[test]
fn under_cutechess_no_result_is_claimed() {
    let mut s = xboard(&[]);
    // cutechess refuses these features; it referees games itself.
    s.send("rejected highlight");
    s.send("rejected draw");
    s.send("new");
    s.send("force");
    s.send("setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    s.send("go");
    let lines = s.sync(1);
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("0-1") || l.starts_with("1-0") || l.starts_with("1/2")),
        "{}",
        s.transcript()
    );
    s.quit();
}

#[test]
fn sittuyin_drops_and_promotions_are_read_and_xboard_is_warned() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("variant sittuyin");
    s.send("force");
    s.send("usermove K@e2");
    let lines = s.sync(1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("telluser") && l.contains("sittuyin promotions")),
        "{}",
        s.transcript()
    );
    assert!(complaints(&lines).is_empty(), "{}", s.transcript());
    // Black's rooks go on its first rank only.
    s.send("usermove R@a7");
    assert!(s.sync(2).iter().any(|l| l.starts_with("Illegal move")));
    s.send("usermove R@a8");
    assert!(complaints(&s.sync(3)).is_empty(), "{}", s.transcript());
    // A promotion in place, then the new met moves.
    s.send("setboard 4k3/8/8/8/8/3P4/8/R3K3 w - - 0 1");
    s.send("usermove d3d3f");
    s.send("usermove e8d7");
    s.send("usermove d3e4");
    assert!(complaints(&s.sync(4)).is_empty(), "{}", s.transcript());
    s.quit();
}

#[test]
fn rules_xboard_cannot_follow_are_told() {
    let custom = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/perft/custom_variants.ini"
    );
    let mut s = xboard(&[custom]);
    let cases = [
        ("makpong", "makpong"),
        ("atomar", "may not take their own kind"),
        (
            "omicron",
            "castling with a partner away from the board's edge",
        ),
        ("wolf", "promote shogi-style"),
        ("koedem", "drops that must be of one type first"),
        ("shouse", "gating pieces from hand"),
        ("dropfour", "drops placed by the pieces around them"),
        ("supply", "drops that may not give check"),
    ];
    for (n, (variant, phrase)) in cases.iter().enumerate() {
        s.send(&format!("variant {variant}"));
        let lines = s.sync(n as u32 + 1);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("telluser") && l.contains(phrase)),
            "{variant}: {}",
            s.transcript()
        );
    }
    s.quit();
}

/// A variant file's `variantTemplate` and `pocketSize` are what XBoard's `setup` is told.
#[test]
fn variant_template_and_pocket_size_reach_setup() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/protocol/template.ini");
    let mut s = xboard(&[file]);
    s.send("variant templated");
    let lines = s.sync(1);
    let setup = lines.iter().find(|l| l.starts_with("setup ("));
    assert!(
        setup.is_some_and(|l| l.contains(" 8x8+8_shogi ")),
        "{}",
        s.transcript()
    );
    s.quit();
}

/// XBoard gives its Pawn, Lance and Lion slots rules of their own (e.p. rights and promotion
/// for the first two, Chu Shogi's Lion trading for the third), so a generated table puts no
/// other piece there: hydra's `L` (a Lion-like piece) once took the Lance slot and XBoard
/// refused a legal recapture of it.
#[test]
fn generated_tables_keep_other_pieces_out_of_special_slots() {
    let mut s = xboard(&[HYDRA_FILE]);
    s.send("variant hydra");
    let lines = s.sync(1);
    let setup = lines.first().expect("a setup line");
    let table = setup.split(['(', ')']).nth(1).expect("a table");
    let white: Vec<char> = table[..table.len() / 2].chars().collect();
    assert_eq!(white[0], 'P', "{setup}");
    assert_eq!(white.last(), Some(&'K'), "{setup}");
    for slot in [18, 21] {
        assert!(
            white.len() <= slot + 1 || white[slot] == '.',
            "slot {slot}: {setup}"
        );
    }
    assert!(white.contains(&'L'), "{setup}");
    s.quit();
}

/// `undo` and `remove` with no moves to take back are ignored: the game goes on from the start.
#[test]
fn undo_past_the_start_is_ignored() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("force");
    s.send("undo");
    s.send("remove");
    s.send("undo");
    s.send("e2e4");
    assert!(complaints(&s.sync(1)).is_empty(), "{}", s.transcript());
    s.send("e7e5");
    s.send("undo");
    s.send("undo");
    s.send("undo");
    s.send("d2d4");
    assert!(complaints(&s.sync(2)).is_empty(), "{}", s.transcript());
    s.quit();
}

/// `variant` and `setboard` while the engine thinks abandon the search: no move of the old
/// game comes, and the next search plays in the new one.
#[test]
fn a_new_variant_or_position_while_thinking_abandons_the_search() {
    let catalog = catalog();
    let mut s = xboard(&[]);
    s.send("new");
    s.send("st 30");
    s.send("post");
    s.send("go");
    s.expect("thinking output", |l| l.starts_with(char::is_numeric));
    s.send("new");
    s.send("variant capablanca");
    let lines = s.sync(1);
    assert!(
        !lines.iter().any(|l| l.starts_with("move ")),
        "{}",
        s.transcript()
    );
    s.send("st 30");
    s.send("go");
    s.expect("thinking output", |l| l.starts_with(char::is_numeric));
    let fen = "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1";
    s.send("force");
    s.send("new");
    s.send(&format!("setboard {fen}"));
    let lines = s.sync(2);
    assert!(complaints(&lines).is_empty(), "{}", s.transcript());
    // `force` may let the abandoned search's move out before it; none may come after.
    s.send("st 0.1");
    s.send("go");
    let lines = s.expect("a move", |l| l.starts_with("move "));
    let best = lines.last().expect("the move line")["move ".len()..].to_string();
    let rules = catalog.rules("chess").expect("chess");
    let mut pos = Position::from_fen(rules, fen).expect("a FEN");
    pos.parse_move(&best, MoveFormat::default())
        .unwrap_or_else(|e| panic!("move {best}: {e}\n{}", s.transcript()));
    s.quit();
}

/// The end of input in the middle of an analysis (a GUI that dies) ends the session.
#[test]
fn end_of_input_during_analysis_ends_the_session() {
    let mut s = xboard(&[]);
    s.send("new");
    s.send("post");
    s.send("analyze");
    s.expect("analysis output", |l| l.starts_with(char::is_numeric));
    s.hang_up();
}
