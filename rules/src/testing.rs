//! The project's bundled files read as plain model values, for the tests that play them
//! (reading and checking files, and embedding them, is the load side's).

use std::path::Path;
use std::sync::OnceLock;

use crate::edge::TileEdges;
use crate::game::GameFiles;
use crate::model::{ExpansionFile, RuleSet, TileSet};

/// Every bundled tile set, expansion file and rule set.
#[derive(Default)]
pub(crate) struct Bundled {
    pub tilesets: Vec<TileSet>,
    pub expansions: Vec<ExpansionFile>,
    pub rulesets: Vec<RuleSet>,
}

impl GameFiles for Bundled {
    fn tileset(&self, id: &str) -> Option<(&TileSet, Option<&[TileEdges]>)> {
        self.tilesets.iter().find(|s| s.id == id).map(|s| (s, None))
    }

    fn expansion(&self, id: &str) -> Option<&ExpansionFile> {
        self.expansions.iter().find(|e| e.id == id)
    }

    fn rulesets(&self) -> Vec<&RuleSet> {
        self.rulesets.iter().collect()
    }
}

impl Bundled {
    /// The bundled tile set with this id.
    pub fn set(&self, id: &str) -> &TileSet {
        self.tilesets.iter().find(|s| s.id == id).expect("a bundled tile set")
    }
}

/// The bundled files, read once.
pub(crate) fn bundled() -> &'static Bundled {
    static BUNDLED: OnceLock<Bundled> = OnceLock::new();
    BUNDLED.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut bundled = Bundled::default();
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
