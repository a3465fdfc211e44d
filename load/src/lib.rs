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
//! A file that names an edge kind no tile set declares, validated against the bundled files,
//! then the bundled base game played under the new-edition rules:
//!
//! ```
//! use tilewright_load::validate::validate_sources;
//! use tilewright_load::{FromCatalog, Source, bundled};
//! use tilewright_rules::GameDef;
//!
//! let text = "id = \"tiny\"\nname = \"Tiny\"\n\n[[tiles]]\nid = \"A\"\ncount = 1\n\
//!             edges = [\"lava\", \"field\", \"field\", \"field\"]\n";
//! let report = validate_sources(vec![Source::new("tiny.toml", text)], bundled::catalog());
//! assert_eq!(report.errors(), 1);
//! let problem = &report.diagnostics[0];
//! assert_eq!((problem.line, problem.column), (7, 10));
//! println!("{}:{}:{}: {}", problem.file.display(), problem.line, problem.column, problem.message);
//!
//! let def = GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], "new-edition");
//! assert!(def.is_ok());
//! ```
//!
//! Shared by the command line and the editor: [`selection`] (what a game is played with, named
//! by id or path), [`template`] (the text of a new file) and [`writer`] (saving a model into its
//! file without losing comments).

#![forbid(unsafe_code)]

pub use tilewright_model as model;
use tilewright_model::edge;
pub use tilewright_rules as rules;
use tilewright_rules::{game, limits};

pub mod balance;
pub mod bundled;
pub mod catalog;
pub mod diagnostic;
pub mod files;
mod game_files;
pub mod partial;
pub mod record_file;
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
