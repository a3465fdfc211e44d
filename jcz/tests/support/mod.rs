//! What the JCZ tests share: loading a tile set file, and an add-on's files read back.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]
// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use tilewright_engine::catalog::LoadedTileSet;
use tilewright_engine::model::TileSet;
use tilewright_engine::validate::{validate_paths, validate_sources};
use tilewright_engine::{Catalog, Source, bundled};
use tilewright_jcz::archive::{self, Unpacked};
use tilewright_jcz::toml_out;

/// The hand-made set with every feature kind and location form.
pub fn every_form_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/every-form.toml")
}

/// The catalog of the files at `path`, which must validate without a warning.
pub fn load(path: &Path) -> Catalog {
    let report = validate_paths(&[path.to_owned()], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    report.catalog
}

/// The one tile set of `catalog`.
pub fn only_set(catalog: &Catalog) -> &LoadedTileSet {
    assert_eq!(catalog.tilesets.len(), 1);
    &catalog.tilesets[0]
}

/// An add-on built from `sets` and read back as JCZ installs it.
pub fn built(sets: &[&LoadedTileSet], id: &str) -> Unpacked {
    let addon = tilewright_jcz::addon::build(sets, id, 1).expect("exports");
    archive::unpack(&addon.bytes).expect("one root folder")
}

/// A file of an add-on as text.
pub fn text<'a>(addon: &'a Unpacked, path: &str) -> &'a str {
    std::str::from_utf8(addon.files.get(path).unwrap_or_else(|| panic!("no {path}"))).expect("UTF-8")
}

/// Imported `sets` written as files of a folder `imported/` and validated in memory against the
/// bundled files, which must give no diagnostic: the catalog of them.
pub fn validated(sets: &[TileSet]) -> Catalog {
    let sources = sets
        .iter()
        .map(|set| {
            let path = Path::new("imported").join(format!("{}.toml", set.id));
            Source::new(path.clone(), toml_out::tileset_text(set, &path).unwrap())
        })
        .collect();
    let report = validate_sources(sources, bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    report.catalog
}
