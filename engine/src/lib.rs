//! Tilewright's engine: Carcassonne tile sets, expansions and rule sets as data.
//!
//! Data flows one way: TOML text ([`source`]) → validated model ([`validate`], [`model`],
//! [`catalog`]) → compiled tables ([`compile`]) → game state, events and scores ([`game`]).
//! Nothing here names a specific tile.
//!
//! Layers (kept by `tests/layers.rs`): [`model`] (with [`edge`]) depends on nothing else;
//! [`validate`] reads files through one path (also [`validate::read_model`], which skips the
//! checks) and is given the catalog they may refer to, such as [`bundled::catalog()`], so it
//! does not depend on [`bundled`] or [`game`]; [`game`] plays what its [`Catalog`] holds and
//! does not depend on [`validate`] or [`bundled`]; [`catalog`] does not depend on
//! [`validate`].
//!
//! Shared by the command line and the editor: [`selection`] (what a game is played with, named
//! by id or path), [`template`] (the text of a new file) and [`writer`] (saving a model into its
//! file without losing comments).

pub mod balance;
pub mod bots;
pub mod bundled;
pub mod catalog;
pub mod compile;
pub mod diagnostic;
pub mod edge;
pub mod files;
pub mod game;
pub mod limits;
pub mod model;
pub(crate) mod report;
pub mod scenario;
pub mod schema;
pub mod selection;
pub mod simulate;
pub mod source;
pub mod template;
pub mod text;
pub mod tile_image;
pub mod validate;
pub mod writer;

pub use catalog::{Catalog, Document, Loaded, Model};
pub use diagnostic::{Diagnostic, Severity};
pub use schema::FileKind;
pub use source::Source;
