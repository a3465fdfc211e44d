//! A game definition from a catalog of checked files: the catalog gives the rules its models,
//! with the tiles' edges as validation read them, so they are not read again.

use crate::catalog::Catalog;
use crate::edge::TileEdges;
use crate::game::{GameDef, GameFiles, SetupError};
use crate::model::{ExpansionFile, RuleSet, TileSet};

impl GameFiles for Catalog {
    fn tileset(&self, id: &str) -> Option<(&TileSet, Option<&[TileEdges]>)> {
        Catalog::tileset(self, id).map(|set| (&set.model, Some(set.parsed.as_slice())))
    }

    fn expansion(&self, id: &str) -> Option<&ExpansionFile> {
        self.expansions.iter().find(|e| e.model.id == id).map(|e| &e.model)
    }

    fn rulesets(&self) -> Vec<&RuleSet> {
        self.rulesets.iter().map(|r| &r.model).collect()
    }
}

/// [`GameDef::from_files`] for a [`Catalog`].
pub trait FromCatalog: Sized {
    /// Builds a game definition from the files of `catalog` (add the bundled files with
    /// [`Catalog::with_base`] to play with them): tile sets and expansion files by id (`id` or
    /// `id@edition` for tile sets), and a rule set by id, as [`GameDef::from_files`] says.
    fn from_catalog(catalog: &Catalog, tilesets: &[String], rules: &str) -> Result<Self, SetupError>;
}

impl FromCatalog for GameDef {
    fn from_catalog(catalog: &Catalog, tilesets: &[String], rules: &str) -> Result<GameDef, SetupError> {
        GameDef::from_files(catalog, tilesets, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validated_tiles_compile_from_the_edges_validation_read() {
        use crate::game::GameDef;
        use crate::model::{EdgeLayout, EdgeRef};
        use tilewright_rules::compile::TileTables;
        let mut catalog = crate::bundled::catalog().clone();
        let sets = ["base".to_owned(), "abbey-and-mayor".to_owned()];
        let read = GameDef::from_catalog(&catalog, &sets, "new-edition").unwrap();
        // Text that does not read: compiling the catalog must not look at it.
        for set in &mut catalog.tilesets {
            for tile in &mut set.model.tiles {
                tile.edges = ["?", "?", "?", "?"].map(|e| EdgeLayout(e.into()));
                for feature in tile.features.values_mut() {
                    feature.on.iter_mut().for_each(|r| *r = EdgeRef("?".into()));
                }
            }
        }
        let compiled = GameDef::from_catalog(&catalog, &sets, "new-edition").unwrap();
        assert_eq!(compiled.tables().tiles, read.tables().tiles);
        assert_eq!(compiled.tables().layouts, read.tables().layouts);
        let tile = &catalog.tilesets[0].model.tiles[0];
        assert!(
            TileTables::build([tile]).is_err(),
            "without its edges, a tile's text is read"
        );
    }

    #[test]
    fn a_rule_set_brings_the_sets_it_plays_with_once() {
        use crate::game::{GameDef, SetupError};
        use crate::schema::FileKind;
        let catalog = crate::bundled::catalog();
        let ids = |def: &GameDef| def.sets().iter().map(|s| s.id.clone()).collect::<Vec<_>>();
        let figures = |def: &GameDef| def.figures().iter().map(|f| f.id.clone()).collect::<Vec<_>>();
        let brought = GameDef::from_catalog(catalog, &["base".to_owned()], "2021").unwrap();
        assert_eq!(ids(&brought), ["base", "abbot"]);
        assert!(figures(&brought).contains(&"abbot".to_owned()));
        let named = ["base".to_owned(), "abbot".to_owned()];
        assert_eq!(
            ids(&GameDef::from_catalog(catalog, &named, "2021").unwrap()),
            ids(&brought)
        );
        // Listed twice (a warning from validate), played once.
        let mut twice = catalog.rulesets.iter().find(|r| r.model.id == "2021").unwrap().clone();
        twice.model.id = "twice".into();
        twice.model.plays_with = Some(vec!["abbot".into(), "abbot".into()]);
        let mut with_twice = catalog.clone();
        with_twice.rulesets.push(twice);
        let played = GameDef::from_catalog(&with_twice, &["base".to_owned()], "twice").unwrap();
        assert_eq!(ids(&played), ["base", "abbot"]);
        let plain = GameDef::from_catalog(catalog, &["base".to_owned()], "new-edition").unwrap();
        assert_eq!(ids(&plain), ["base"]);
        let without = catalog.without("abbot", FileKind::TileSet);
        let refused = GameDef::from_catalog(&without, &["base".to_owned()], "2021").unwrap_err();
        assert_eq!(refused, SetupError::RulesPlayWith("2021".into(), "abbot".into()));
        assert!(
            refused.to_string().contains("load the file that defines `abbot`"),
            "{refused}"
        );
    }
}
