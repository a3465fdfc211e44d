//! The tile sets and rule sets that ship with Tilewright, embedded in the binary so that
//! `extends = "new-edition"` and the default game work from any folder: callers pass
//! [`catalog()`] as the base of validation and add it to what they load
//! ([`Catalog::with_base`]).

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::catalog::Catalog;
use crate::source::Source;

// Every file of `tilesets/` and `rulesets/`, listed by `engine/build.rs`: tile sets first (the
// base game before the others), then rule sets (those that extend none first), so that a new
// bundled file needs no code.
include!(concat!(env!("OUT_DIR"), "/bundled_files.rs"));

/// The bundled files as sources.
pub fn sources() -> Vec<Source> {
    FILES
        .iter()
        .map(|(path, text)| Source::new(PathBuf::from(path), *text))
        .collect()
}

/// The bundled files, validated once (against nothing else: they refer only to each other).
/// A test keeps them valid; this is how the engine reads them.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| crate::validate::validate_sources(sources(), &Catalog::default()).catalog)
}
