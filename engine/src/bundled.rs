//! The tile sets and rule sets that ship with Tilewright, embedded in the binary so that
//! `extends = "new-edition"` and the default game work from any folder.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::catalog::Catalog;
use crate::model::RuleSet;
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

/// The bundled rule sets (read without validation: a test keeps them valid).
pub fn rulesets() -> &'static [RuleSet] {
    static SETS: OnceLock<Vec<RuleSet>> = OnceLock::new();
    SETS.get_or_init(|| {
        FILES
            .iter()
            .filter(|(path, _)| path.starts_with("rulesets/"))
            .filter_map(|(_, text)| toml::from_str(text).ok())
            .collect()
    })
}

/// The bundled files, validated once.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| crate::validate::validate_sources(sources()).catalog)
}

impl Catalog {
    /// Adds every bundled tile set, expansion and rule set whose id is not loaded already, so
    /// a user's file of the same id takes precedence.
    pub fn with_bundled(mut self) -> Catalog {
        let bundled = catalog();
        for set in &bundled.tilesets {
            if self.tileset(&set.model.id).is_none() {
                self.tilesets.push(set.clone());
            }
        }
        for expansion in &bundled.expansions {
            if !self.expansions.iter().any(|e| e.model.id == expansion.model.id) {
                self.expansions.push(expansion.clone());
            }
        }
        for rules in &bundled.rulesets {
            if !self.rulesets.iter().any(|r| r.model.id == rules.model.id) {
                self.rulesets.push(rules.clone());
            }
        }
        self
    }
}
