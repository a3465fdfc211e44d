//! Tilewright's load side: Carcassonne tile sets, expansions and rule sets read from TOML
//! files, checked, and located.
//!
//! Data flows one way: TOML text ([`source`]) → validated model ([`validate`], [`catalog`]) →
//! a game definition ([`FromCatalog`], compiled by `tilewright-rules`). The project's own
//! files are embedded ([`bundled`]); [`scenario`] reads and plays rules scenarios.
//!
//! Layers: [`validate`] reads files through one path (also [`validate::read_model`], which
//! skips the checks) and is given the catalog they may refer to, such as
//! [`bundled::catalog()`], so it does not depend on [`bundled`]; [`catalog`] does not depend
//! on [`validate`].
//!
//! Shared by the command line and the editor: [`selection`] (what a game is played with, named
//! by id or path), [`template`] (the text of a new file) and [`writer`] (saving a model into its
//! file without losing comments).

#![forbid(unsafe_code)]

use tilewright_model as model;
use tilewright_model::edge;
use tilewright_rules::{game, limits};

pub mod balance;
pub mod bundled;
pub mod catalog;
pub mod diagnostic;
pub mod files;
mod game_files;
pub(crate) mod report;
pub mod scenario;
pub mod schema;
pub mod selection;
pub mod source;
pub mod template;
pub mod text;
pub mod tile_image;
pub mod validate;
pub mod writer;

pub use catalog::{Catalog, Document, Loaded, Model};
pub use diagnostic::{Diagnostic, Severity};
pub use game_files::FromCatalog;
pub use schema::FileKind;
pub use source::Source;
