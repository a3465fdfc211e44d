//! The tile sets and rule sets that ship with Tilewright, embedded in the binary so that
//! `extends = "new-edition"` and the default game work from any folder: callers pass
//! [`catalog()`] as the base of validation and add it to what they load
//! ([`Catalog::with_base`]).

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::catalog::Catalog;
use crate::source::Source;

/// Bundled files: path (relative to the project root) and text.
pub const FILES: &[(&str, &str)] = &[
    ("tilesets/base.toml", include_str!("../../tilesets/base.toml")),
    (
        "tilesets/abbey-and-mayor.toml",
        include_str!("../../tilesets/abbey-and-mayor.toml"),
    ),
    (
        "tilesets/hills-and-sheep.toml",
        include_str!("../../tilesets/hills-and-sheep.toml"),
    ),
    (
        "rulesets/first-edition.toml",
        include_str!("../../rulesets/first-edition.toml"),
    ),
    (
        "rulesets/new-edition.toml",
        include_str!("../../rulesets/new-edition.toml"),
    ),
    (
        "rulesets/farms-2000.toml",
        include_str!("../../rulesets/farms-2000.toml"),
    ),
];

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
