//! Tilewright's engine, the convenience crate: the three layers under one name, each module
//! at the path it has always had.
//!
//! - [`model`] and [`edge`] are `tilewright-model`: the data types, serde and schemars only.
//! - [`compile`], [`game`], [`bots`], [`simulate`] and [`limits`] are `tilewright-rules`: the
//!   rules, which read no file (a bot author needs only that crate).
//! - Everything else is `tilewright-load`: source maps, schemas, validation, the catalog and
//!   the bundled files, file and image reading, selections, templates, the writer, scenario
//!   files (read and located there, played by the rules' `scenario`), and [`balance`] with the
//!   tiles under study first.
//!
//! A random game of the bundled base game:
//!
//! ```
//! use std::sync::Arc;
//!
//! use tilewright_engine::bots::{Bot, RandomBot};
//! use tilewright_engine::game::{Game, GameDef};
//! use tilewright_engine::{FromCatalog, bundled};
//!
//! let def = GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], "new-edition")?;
//! let mut game = Game::new(Arc::new(def), 2, 1)?;
//! let mut bot = RandomBot::new(1);
//! while bot.play(&mut game, &mut Vec::new()) {}
//! assert!(game.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Cargo keeps the layers: the rules crate cannot name the load crate. A program that wants
//! one layer depends on its crate; the command line and the editor use this one.

#![forbid(unsafe_code)]

pub use tilewright_load::{
    Catalog, Diagnostic, Document, FileKind, FromCatalog, Loaded, Model, Severity, Source, balance, bundled, catalog,
    diagnostic, files, partial, record_file, scenario, schema, selection, source, template, text, tile_image, validate,
    writer,
};
pub use tilewright_model::{self as model, edge};
pub use tilewright_rules::{bots, compile, game, limits, simulate};
