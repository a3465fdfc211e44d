//! The project's bundled files read as plain model values, for the tests that play them
//! (reading and checking files, and embedding them, is the load side's).

use std::path::Path;
use std::sync::OnceLock;

use crate::game::Files;
use crate::model::TileSet;

/// The bundled tile set with this id.
pub(crate) fn set(id: &str) -> &'static TileSet {
    bundled()
        .tilesets
        .iter()
        .find(|s| s.id == id)
        .expect("a bundled tile set")
}

/// The bundled files, read once.
pub(crate) fn bundled() -> &'static Files {
    static BUNDLED: OnceLock<Files> = OnceLock::new();
    BUNDLED.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut bundled = Files::default();
        for folder in ["tilesets", "rulesets"] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(folder))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect();
            paths.sort();
            for path in paths {
                let text = std::fs::read_to_string(&path).unwrap();
                let value: toml::Table = toml::from_str(&text).unwrap();
                if folder == "rulesets" {
                    bundled.rulesets.push(toml::from_str(&text).unwrap());
                } else if value.contains_key("tiles") {
                    bundled.tilesets.push(toml::from_str(&text).unwrap());
                } else {
                    bundled.expansions.push(toml::from_str(&text).unwrap());
                }
            }
        }
        bundled
    })
}
