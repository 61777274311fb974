//! Data files: a header naming the variant and where the scores come from, then games.

use std::{
    fmt,
    fs::File,
    io::{self, Read, Write},
    path::{Path, PathBuf},
};

use super::game::Game;

/// The first bytes of every data file (the last one is the format's version).
pub const MAGIC: &[u8; 8] = b"KRAKDAT1";

/// What a data file says about its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataHeader {
    /// The variant the games were played in.
    pub variant: String,
    /// Where the scores come from (the command that played or labelled the games).
    pub source: String,
}

/// A data file that cannot be read, with the byte where reading stopped.
#[derive(Debug)]
pub struct DataError {
    /// The file.
    pub path: PathBuf,
    /// The byte offset of the problem.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: byte {}: {}",
            self.path.display(),
            self.offset,
            self.message
        )
    }
}

impl std::error::Error for DataError {}

/// Writes `games` with `header` to `path`, through a temporary file renamed at the end, so
/// that `path` is either whole or absent.
pub fn write_data_file(path: &Path, header: &DataHeader, games: &[Game]) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(64 + games.len() * 1024);
    bytes.extend_from_slice(MAGIC);
    for text in [&header.variant, &header.source] {
        let text = text.as_bytes();
        let len = text.len().min(u16::MAX as usize);
        bytes.extend_from_slice(&(len as u16).to_le_bytes());
        bytes.extend_from_slice(&text[..len]);
    }
    for game in games {
        game.encode(&mut bytes);
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = PathBuf::from(temporary);
    let mut file = File::create(&temporary)?;
    file.write_all(&bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary, path)
}

/// Reads the header and games of the data file `path`.
pub fn read_data_file(path: &Path) -> Result<(DataHeader, Vec<Game>), DataError> {
    let fail = |offset, message: String| DataError {
        path: path.to_path_buf(),
        offset,
        message,
    };
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(|e| fail(0, e.to_string()))?;
    if !bytes.starts_with(MAGIC) {
        return Err(fail(0, "not a Kraken data file".into()));
    }
    let mut at = MAGIC.len();
    let mut texts = Vec::new();
    for what in ["variant", "source"] {
        let len = bytes
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
            .ok_or_else(|| fail(at, format!("the header ends before the {what}")))?;
        let text = bytes
            .get(at + 2..at + 2 + len)
            .and_then(|b| std::str::from_utf8(b).ok())
            .ok_or_else(|| fail(at, format!("the {what} is cut off or not UTF-8")))?;
        texts.push(text.to_string());
        at += 2 + len;
    }
    let source = texts.pop().unwrap_or_default();
    let variant = texts.pop().unwrap_or_default();
    let mut games = Vec::new();
    while at < bytes.len() {
        let (game, used) = Game::decode(&bytes[at..]).map_err(|message| fail(at, message))?;
        games.push(game);
        at += used;
    }
    Ok((DataHeader { variant, source }, games))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use movegen::{MoveList, Position, Rules};
    use rand::{rngs::StdRng, Rng, SeedableRng};
    use variants::Catalog;

    use super::*;
    use crate::data::GameResult;

    /// A game of `plies` random legal moves from `start` (empty: the variant's start), every
    /// third position scored; returns it with the FEN of every scored position.
    fn random_game(
        rules: &Arc<Rules>,
        start: &str,
        plies: usize,
        seed: u64,
    ) -> (Game, Vec<String>) {
        let mut rng = StdRng::seed_from_u64(seed);
        let fen = if start.is_empty() {
            &rules.start_fen
        } else {
            start
        };
        let mut pos = Position::from_fen(rules.clone(), fen).expect("start");
        let mut game = Game::new(start.to_string());
        let mut fens = Vec::new();
        for ply in 0..plies {
            if pos.game_over().is_some() {
                break;
            }
            let mut legal = MoveList::new();
            pos.generate_legal(&mut legal);
            let mv = legal[rng.gen_range(0..legal.len())];
            let score = (ply % 3 == 0).then(|| rng.gen_range(-3000..3000));
            if score.is_some() {
                fens.push(pos.fen());
            }
            assert!(game.push(&pos, &legal, &mv, score), "the move is named");
            pos.make(mv);
        }
        game.result = GameResult::Win;
        (game, fens)
    }

    fn temporary(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("kraken-data-{}-{name}", std::process::id()))
    }

    /// Every variant with a network, and the rules the data must carry: drops and promoted
    /// pieces (crazyhouse, shogi), gating (seirawan), castling, counters (makruk), e.p.
    #[test]
    fn games_round_trip_through_a_file_in_every_variant_with_a_network() {
        let catalog = Catalog::builtin();
        for variant in [
            "chess",
            "shogi",
            "crazyhouse",
            "capablanca",
            "makruk",
            "xiangqi",
            "janggi",
            "seirawan",
            "shatranj",
        ] {
            let rules = catalog.rules(variant).expect("built in");
            let mut games = Vec::new();
            let mut fens = Vec::new();
            for seed in 0..12 {
                let (game, scored) = random_game(&rules, "", 160, seed);
                games.push(game);
                fens.extend(scored);
            }
            // A game from a position of its own.
            let mid = Position::from_fen(rules.clone(), &fens[fens.len() / 2]).expect("mid");
            let (game, scored) = random_game(&rules, &mid.fen(), 40, 99);
            games.push(game);
            fens.extend(scored);
            let header = DataHeader {
                variant: variant.to_string(),
                source: "test".to_string(),
            };
            let path = temporary(variant);
            write_data_file(&path, &header, &games).expect("written");
            let (read_header, read_games) = read_data_file(&path).expect("read");
            std::fs::remove_file(&path).expect("removed");
            assert_eq!(read_header, header);
            assert_eq!(read_games, games, "{variant}");
            let mut replayed = Vec::new();
            for game in &read_games {
                game.replay(&rules, |pos, _| replayed.push(pos.fen()))
                    .expect("replays");
            }
            assert_eq!(replayed, fens, "{variant}");
            let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
            assert_eq!(bytes, 0, "the temporary file is gone");
        }
    }

    #[test]
    fn a_position_costs_five_bytes() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let (game, _) = random_game(&rules, "", 100, 7);
        let mut bytes = Vec::new();
        game.encode(&mut bytes);
        assert_eq!(bytes.len(), 2 + 1 + 2 + 5 * game.plies.len());
    }

    #[test]
    fn cut_or_foreign_files_are_errors_with_their_offset() {
        let rules = Catalog::builtin().rules("crazyhouse").expect("crazyhouse");
        let (game, _) = random_game(&rules, "", 60, 3);
        let header = DataHeader {
            variant: "crazyhouse".into(),
            source: "test".into(),
        };
        let path = temporary("cut");
        write_data_file(&path, &header, &[game.clone(), game]).expect("written");
        let bytes = std::fs::read(&path).expect("read");
        for cut in [3, 10, bytes.len() / 2, bytes.len() - 1] {
            std::fs::write(&path, &bytes[..cut]).expect("written");
            let err = read_data_file(&path).expect_err("cut");
            assert!(err.offset <= cut, "{err}");
        }
        std::fs::write(&path, b"FEN | 1 | 20\n").expect("written");
        let err = read_data_file(&path).expect_err("text");
        assert!(err.to_string().contains("not a Kraken data file"), "{err}");
        std::fs::remove_file(&path).expect("removed");
    }

    #[test]
    fn a_move_that_is_not_legal_stops_the_replay_at_its_ply() {
        let rules = Catalog::builtin().rules("chess").expect("chess");
        let (mut game, _) = random_game(&rules, "", 10, 5);
        game.plies[4].mv.to = game.plies[4].mv.from;
        let err = game.replay(&rules, |_, _| {}).expect_err("illegal");
        assert_eq!(err, crate::data::ReplayError::Move { ply: 4 });
    }
}
