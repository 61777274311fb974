//! One game of training data: its start, its moves and the scores of its positions.

use std::{fmt, sync::Arc};

use movegen::{Move, MoveList, Position, Rules};

use super::move_index::MoveIndex;

/// Bytes of a ply in a data file: the move's three bytes and the score's two.
pub(super) const PLY_BYTES: usize = 5;
/// The stored score of a position that has none.
const NO_SCORE: i16 = i16::MIN;

/// How a game ended, from the first player's (White's) view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The first player lost.
    Loss,
    /// A draw.
    Draw,
    /// The first player won.
    Win,
}

impl GameResult {
    /// The first player's points: 0, 0.5 or 1.
    pub fn points(self) -> f64 {
        match self {
            GameResult::Loss => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Win => 1.0,
        }
    }

    /// The byte that stores it.
    pub(super) fn byte(self) -> u8 {
        self as u8
    }

    /// The result a byte stores, if any.
    pub(super) fn from_byte(byte: u8) -> Option<GameResult> {
        match byte {
            0 => Some(GameResult::Loss),
            1 => Some(GameResult::Draw),
            2 => Some(GameResult::Win),
            _ => None,
        }
    }
}

/// A move of a game and the score of the position it was played from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub mv: MoveIndex,
    /// The score of the position before the move in centipawns from White's view, when the
    /// position is one to train on.
    pub score: Option<i16>,
}

/// A game: where it started, its moves and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The start position's FEN; empty for the variant's own start position.
    pub start: String,
    /// The moves, in order.
    pub plies: Vec<Ply>,
    /// How it ended.
    pub result: GameResult,
}

/// Why a game could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The start position does not load.
    Start(String),
    /// The move of ply `ply` (from 0) is not legal.
    Move {
        /// The ply, from 0.
        ply: usize,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Start(message) => write!(f, "the start position: {message}"),
            ReplayError::Move { ply } => write!(f, "the move of ply {} is not legal", ply + 1),
        }
    }
}

impl std::error::Error for ReplayError {}

impl Game {
    /// A game without moves yet from `start` (empty: the variant's start position), a draw
    /// until [`result`](Game::result) says otherwise.
    pub fn new(start: String) -> Game {
        Game {
            start,
            plies: Vec::new(),
            result: GameResult::Draw,
        }
    }

    /// Adds `mv`, a legal move of `pos` (whose legal moves are `legal`), played from a
    /// position with `score` (centipawns from White's view, clamped to what is stored).
    /// Returns false, adding nothing, when the move cannot be named (not among `legal`).
    pub fn push(&mut self, pos: &Position, legal: &[Move], mv: &Move, score: Option<i32>) -> bool {
        let Some(index) = MoveIndex::of(pos, legal, mv) else {
            return false;
        };
        let score = score.map(|cp| cp.clamp(NO_SCORE as i32 + 1, i16::MAX as i32) as i16);
        self.plies.push(Ply { mv: index, score });
        true
    }

    /// Positions with a score.
    pub fn scored(&self) -> usize {
        self.plies.iter().filter(|p| p.score.is_some()).count()
    }

    /// Replays the game from its start under `rules`, calling `visit` with each position that
    /// has a score (before its move is made) and that score.
    pub fn replay(
        &self,
        rules: &Arc<Rules>,
        mut visit: impl FnMut(&mut Position, i16),
    ) -> Result<(), ReplayError> {
        let start = if self.start.is_empty() {
            &rules.start_fen
        } else {
            &self.start
        };
        let mut pos = Position::from_fen(rules.clone(), start)
            .map_err(|e| ReplayError::Start(e.to_string()))?;
        let mut legal = MoveList::new();
        for (ply, step) in self.plies.iter().enumerate() {
            if let Some(score) = step.score {
                visit(&mut pos, score);
            }
            legal.clear();
            pos.generate_legal(&mut legal);
            let mv: Move = step
                .mv
                .find(&pos, &legal)
                .ok_or(ReplayError::Move { ply })?;
            pos.make(mv);
        }
        Ok(())
    }

    /// Appends the game's bytes to `out`: the start's length (two bytes, little-endian) and
    /// text, the result, the number of plies (two bytes) and five bytes a ply (from, to,
    /// rank, score as a little-endian `i16`, `i16::MIN` for none).
    pub(super) fn encode(&self, out: &mut Vec<u8>) {
        let start = self.start.as_bytes();
        let start_len = start.len().min(u16::MAX as usize);
        out.extend_from_slice(&(start_len as u16).to_le_bytes());
        out.extend_from_slice(&start[..start_len]);
        out.push(self.result.byte());
        let plies = &self.plies[..self.plies.len().min(u16::MAX as usize)];
        out.extend_from_slice(&(plies.len() as u16).to_le_bytes());
        for ply in plies {
            out.extend_from_slice(&[ply.mv.from, ply.mv.to, ply.mv.rank]);
            out.extend_from_slice(&ply.score.unwrap_or(NO_SCORE).to_le_bytes());
        }
    }

    /// Reads a game from the front of `bytes`; returns it and the bytes it took, or what is
    /// wrong with it.
    pub(super) fn decode(bytes: &[u8]) -> Result<(Game, usize), String> {
        let mut reader = Reader { bytes, at: 0 };
        let start_len = reader.u16("the start's length")? as usize;
        let start = std::str::from_utf8(reader.take(start_len, "the start position")?)
            .map_err(|_| "the start position is not UTF-8".to_string())?
            .to_string();
        let result_byte = reader.take(1, "the result")?[0];
        let result = GameResult::from_byte(result_byte)
            .ok_or_else(|| format!("{result_byte} is not a result (0, 1 or 2)"))?;
        let count = reader.u16("the number of plies")? as usize;
        let plies = reader
            .take(count * PLY_BYTES, "the moves")?
            .chunks_exact(PLY_BYTES)
            .map(|p| {
                let score = i16::from_le_bytes([p[3], p[4]]);
                Ply {
                    mv: MoveIndex {
                        from: p[0],
                        to: p[1],
                        rank: p[2],
                    },
                    score: (score != NO_SCORE).then_some(score),
                }
            })
            .collect();
        let game = Game {
            start,
            plies,
            result,
        };
        Ok((game, reader.at))
    }
}

/// Reads a game's bytes from the front.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next `n` bytes, or an error naming `what` was cut off.
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let part = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or_else(|| format!("the data ends inside a game ({what})"))?;
        self.at += n;
        Ok(part)
    }

    /// The next two bytes as a little-endian number.
    fn u16(&mut self, what: &str) -> Result<u16, String> {
        let bytes = self.take(2, what)?;
        Ok(u16::from_le_bytes([bytes[0], bytes[1]]))
    }
}
