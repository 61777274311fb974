//! The three members of the UCI family Kraken speaks, and what differs between them: the
//! handshake, option names, move and score notation, and the word for "no move".

use movegen::{MoveFormat, Rules};

use super::usi;
use crate::search::Score;

/// UCI, USI (shogi GUIs) or UCCI (xiangqi GUIs), chosen by the first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `uci`: chess GUIs, cutechess-cli, python-chess, lichess-bot.
    Uci,
    /// `usi`: shogi square names (`7g7f`, `P*5e`), SFEN, `btime` for the first player.
    Usi,
    /// `ucci`: ranks from 0, `setoption NAME VALUE`, times in seconds by default.
    Ucci,
}

impl Dialect {
    /// The dialect whose first line is `word`.
    pub fn from_handshake(word: &str) -> Option<Dialect> {
        match word {
            "uci" => Some(Dialect::Uci),
            "usi" => Some(Dialect::Usi),
            "ucci" => Some(Dialect::Ucci),
            _ => None,
        }
    }

    /// The handshake word (`uci`), whose `ok` ends the identification.
    pub fn handshake(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
            Dialect::Ucci => "ucci",
        }
    }

    /// The variant a session starts with.
    pub fn default_variant(self) -> &'static str {
        match self {
            Dialect::Uci => "chess",
            Dialect::Usi => "shogi",
            Dialect::Ucci => "xiangqi",
        }
    }

    /// An option as this dialect names it: USI prefixes `USI_` to the hash, ponder and
    /// variant options and joins words with `_`, UCCI writes `hashsize` and lower case.
    pub fn option_name(self, uci_name: &str) -> String {
        match self {
            Dialect::Uci => uci_name.to_string(),
            Dialect::Usi => match uci_name {
                "Hash" | "Ponder" => format!("USI_{uci_name}"),
                _ => uci_name.replace("UCI_", "USI_").replace(' ', "_"),
            },
            Dialect::Ucci => match uci_name {
                "Hash" => "hashsize".to_string(),
                _ => uci_name.to_lowercase().replace(' ', "_"),
            },
        }
    }

    /// An `option` line: `option name NAME TYPE...` (UCCI leaves out `name`).
    pub fn option_line(self, uci_name: &str, spec: &str) -> String {
        let name = self.option_name(uci_name);
        match self {
            Dialect::Ucci => format!("option {name} {spec}"),
            _ => format!("option name {name} {spec}"),
        }
    }

    /// The option a `setoption` name means, in UCI's spelling in lower case with spaces
    /// (`usi_hash`, `hashsize` and `Hash` all mean `hash`).
    pub fn canonical_option(self, name: &str) -> String {
        let name = name.to_ascii_lowercase().replace('_', " ");
        match name.as_str() {
            "usi hash" | "hashsize" => "hash".into(),
            "usi ponder" => "ponder".into(),
            "usi multipv" => "multipv".into(),
            _ => match name.strip_prefix("usi ") {
                Some(rest) => format!("uci {rest}"),
                None => name,
            },
        }
    }

    /// The move format of `rules` for this dialect (before USI's square names).
    pub fn format(self, rules: &Rules) -> MoveFormat {
        MoveFormat {
            chess960: rules.chess960,
            zero_based_ranks: self == Dialect::Ucci,
            null_pass: false,
            piece_pass_null: false,
            promotion_after_duck: false,
        }
    }

    /// Kraken's move text in this dialect's notation.
    pub fn move_out(self, text: String, rules: &Rules) -> String {
        match self {
            Dialect::Usi => usi::Board::of(rules).move_to_usi(&text),
            _ => text,
        }
    }

    /// A move in this dialect's notation as Kraken's move text.
    pub fn move_in(self, text: &str, rules: &Rules) -> String {
        match self {
            Dialect::Usi => usi::Board::of(rules).move_from_usi(text),
            _ => text.to_string(),
        }
    }

    /// What `bestmove` says when there is no move.
    pub fn no_move(self) -> &'static str {
        match self {
            Dialect::Uci => "bestmove 0000",
            Dialect::Usi => "bestmove resign",
            Dialect::Ucci => "nobestmove",
        }
    }

    /// A score for an `info` line: `cp N`/`mate N` (UCI), mates in plies (USI), centipawns
    /// without `cp` (UCCI, as Fairy-Stockfish writes them).
    pub fn score(self, score: Score) -> String {
        match (self, score) {
            (Dialect::Ucci, Score::Cp(cp)) => cp.to_string(),
            (_, Score::Cp(cp)) => format!("cp {cp}"),
            (Dialect::Usi, Score::Mate(n)) if n > 0 => format!("mate {}", 2 * n - 1),
            (Dialect::Usi, Score::Mate(n)) => format!("mate {}", 2 * n),
            (_, Score::Mate(n)) => format!("mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_follow_the_dialect() {
        assert_eq!(Dialect::Usi.option_name("Hash"), "USI_Hash");
        assert_eq!(Dialect::Usi.option_name("UCI_Variant"), "USI_Variant");
        assert_eq!(Dialect::Usi.option_name("Move Overhead"), "Move_Overhead");
        assert_eq!(Dialect::Ucci.option_name("Hash"), "hashsize");
        assert_eq!(
            Dialect::Ucci.option_line("Threads", "type spin"),
            "option threads type spin"
        );
        for (dialect, name) in [
            (Dialect::Uci, "Hash"),
            (Dialect::Usi, "USI_Hash"),
            (Dialect::Ucci, "hashsize"),
        ] {
            assert_eq!(dialect.canonical_option(name), "hash");
        }
        assert_eq!(Dialect::Usi.canonical_option("USI_Variant"), "uci variant");
        assert_eq!(
            Dialect::Usi.canonical_option("Move_Overhead"),
            "move overhead"
        );
    }

    #[test]
    fn scores_follow_the_dialect() {
        assert_eq!(Dialect::Uci.score(Score::Mate(3)), "mate 3");
        assert_eq!(Dialect::Usi.score(Score::Mate(3)), "mate 5");
        assert_eq!(Dialect::Usi.score(Score::Mate(-2)), "mate -4");
        assert_eq!(Dialect::Ucci.score(Score::Cp(-40)), "-40");
        assert_eq!(Dialect::Usi.score(Score::Cp(12)), "cp 12");
    }
}
