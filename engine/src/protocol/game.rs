//! The game a front end plays: the catalog, the variant's rules and the current position
//! with the moves that led to it.

use std::sync::Arc;

use movegen::{MoveFormat, Position, Rules};
use variants::Catalog;

/// The variants in which XBoard takes `@@@@` for a piece's pass and passes it on as such
/// (its chu, lion and chuchess games); in any other game, XBoard mistakes `@@@@` for a side
/// passing, sends the opponent a position instead and ends the game on time.
const XBOARD_PIECE_PASS_VARIANTS: [&str; 3] = ["chu", "lion", "chuchess"];

/// The variant and position shared by both protocols.
#[derive(Debug)]
pub struct Game {
    /// Built-in variants and those of loaded files.
    pub catalog: Catalog,
    /// The canonical name of the variant.
    pub variant: String,
    /// Castling by Chess960 rules even where the variant does not say so (UCI_Chess960).
    pub chess960: bool,
    /// The rules in play.
    pub rules: Arc<Rules>,
    /// The current position; its history holds the moves of the game.
    pub pos: Position,
}

impl Game {
    /// Chess from its start position.
    pub fn new(catalog: Catalog) -> Game {
        let rules = catalog
            .rules("chess")
            .expect("the built-in catalog has chess");
        let pos = Position::start(rules.clone());
        Game {
            catalog,
            variant: "chess".into(),
            chess960: false,
            rules,
            pos,
        }
    }

    /// Switches to the variant `name` (any spelling the catalog knows) at its start
    /// position.
    ///
    /// # Errors
    /// Returns a message for an unknown name or a broken definition.
    pub fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let canonical = self.catalog.lookup(name).map_err(|e| e.to_string())?;
        let mut rules = self.catalog.rules(&canonical).map_err(|errors| {
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        })?;
        if self.chess960 && !rules.chess960 {
            let mut changed = (*rules).clone();
            changed.chess960 = true;
            rules = Arc::new(changed);
        }
        self.variant = canonical;
        self.pos = Position::start(rules.clone());
        self.rules = rules;
        Ok(())
    }

    /// Whether the current variant comes from a file the user loaded rather than the built-in
    /// catalog.
    pub fn is_user_defined(&self) -> bool {
        self.catalog.user_names().contains(&self.variant)
    }

    /// Back to the start position of the variant.
    pub fn reset(&mut self) {
        self.pos = Position::start(self.rules.clone());
    }

    /// Sets up `fen`.
    ///
    /// # Errors
    /// Returns the FEN's problem; the position is unchanged then.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        self.pos = Position::from_fen(self.rules.clone(), fen).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.pos.ply() == 0 {
            return false;
        }
        self.pos.unmake();
        true
    }

    /// XBoard's move format for the rules in play: ranks counted from 0 on 10-rank boards,
    /// passes written `@@@@` (a piece's pass only in the games XBoard passes it on in), a
    /// promotion after the duck's leg (the UCI family's is
    /// [`Dialect::format`](super::dialect::Dialect::format)).
    pub fn xboard_format(&self) -> MoveFormat {
        MoveFormat {
            chess960: self.rules.chess960,
            zero_based_ranks: true,
            null_pass: true,
            piece_pass_null: XBOARD_PIECE_PASS_VARIANTS.contains(&self.variant.as_str()),
            promotion_after_duck: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_pass_is_a_null_move_only_where_xboard_takes_it() {
        let mut game = Game::new(Catalog::builtin());
        for (variant, null) in [
            ("chu", true),
            ("lion", true),
            ("lionchess", true),
            ("tenjiku", false),
        ] {
            game.set_variant(variant).expect("a built-in variant");
            let format = game.xboard_format();
            assert_eq!(format.piece_pass_null, null, "{variant}");
            assert!(format.null_pass, "{variant}: a side's pass is always @@@@");
        }
    }
}
