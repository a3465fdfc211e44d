//! The files this crate embeds (`data/`) are the project's own `tilesets/`, `rulesets/` and
//! `schemas/`, copied into the crate so that it packages on its own.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every file of `folder` by name, with its bytes.
fn files(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect()
}

#[test]
fn the_embedded_copies_are_the_projects_files() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = BTreeSet::new();
    for folder in ["tilesets", "rulesets", "schemas"] {
        let project = files(&crate_dir.join("..").join(folder));
        let copy = files(&crate_dir.join("data").join(folder));
        assert!(!project.is_empty(), "no files in {folder}/");
        for name in project.keys().chain(copy.keys()) {
            if project.get(name) != copy.get(name) {
                stale.insert(format!("{folder}/{name}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "load/data/ differs from the project's files {stale:?}: run scripts/sync-bundled.sh"
    );
}
