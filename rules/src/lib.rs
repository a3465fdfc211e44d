//! Tilewright's rules: Carcassonne played from data. Tile sets, expansions and rule sets
//! ([`model`]) are compiled into tables ([`compile`]); a [`game::GameDef`] holds what is fixed
//! for a game and a [`game::Game`] its state, events and scores. Bots ([`bots`]) play games,
//! [`simulate`] plays many on several threads, and [`balance`] counts what tiles, features,
//! figures and mechanisms do over them. [`scenario`] plays a rules scenario (a table laid out
//! by hand, turns, the expected outcome) and compares what happened with what it expects.
//!
//! This crate reads no file: the load side (`tilewright-load`) reads, checks and embeds
//! them, and gives their models to [`GameDef::from_files`]. Here the project's files are
//! read as plain model values ([`Files`]), which is all the rules need:
//!
//! ```
//! use std::sync::Arc;
//!
//! use tilewright_rules::bots::{Bot, Budget, MctsBot, MctsConfig, RandomBot};
//! use tilewright_rules::{Files, Game, GameDef};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let read = |path: &str| std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR")));
//! let files = Files {
//!     tilesets: vec![toml::from_str(&read("tilesets/base.toml")?)?],
//!     rulesets: vec![toml::from_str(&read("rulesets/new-edition.toml")?)?],
//!     ..Files::default()
//! };
//! let def = Arc::new(GameDef::from_files(&files, &["base".to_owned()], "new-edition")?);
//!
//! // A random game: two players, seed 7.
//! let mut game = Game::new(Arc::clone(&def), 2, 7)?;
//! let mut bot = RandomBot::new(7);
//! let mut events = Vec::new();
//! while bot.play(&mut game, &mut events) {}
//! assert!(game.is_over());
//! println!("scores: {:?}", game.scores());
//!
//! // A search bot's choice, after 200 playouts, for the first player of a new game.
//! let game = Game::new(def, 2, 8)?;
//! let config = MctsConfig { budget: Budget::Playouts(200), ..MctsConfig::default() };
//! let mut search = MctsBot::new(config, 8);
//! let action = search.choose(&game);
//! assert!(game.legal_actions().contains(&action));
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]

pub use tilewright_model as model;
use tilewright_model::edge;

pub mod balance;
pub mod bots;
pub mod compile;
pub mod game;
pub mod limits;
pub mod pointer;
pub mod quote;
pub mod scenario;
pub mod simulate;
pub mod suggest;

pub use bots::{Bot, BotSpec, Policy};
pub use game::{Action, Event, Files, Game, GameDef, GameFiles, SetupError};

#[cfg(test)]
mod testing;
