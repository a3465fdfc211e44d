//! Tiles built in code, for the tests of this crate and of the crates that draw with it.

use tilewright_model::{Count, EdgeLayout, Feature, FeatureKind, Tile};

use crate::geometry::Point;

/// A tile `T` with these edges and features and nothing else set.
pub fn tile(edges: [&str; 4], features: Vec<(&str, Feature)>) -> Tile {
    Tile {
        id: "T".into(),
        name: String::new(),
        count: Count::All(1),
        supply: Default::default(),
        placement: Default::default(),
        group: None,
        edges: edges.map(|e| EdgeLayout(e.into())),
        features: features.into_iter().map(|(k, f)| (k.to_owned(), f)).collect(),
        markers: Vec::new(),
        image: None,
    }
}

/// A feature of `kind` with these outlines and nothing else set.
pub fn feature(kind: FeatureKind, polygons: Vec<Vec<Point>>) -> Feature {
    Feature {
        polygons,
        ..Feature::new(kind)
    }
}

/// A city cap over the north edge, down to y = 0.3.
pub fn cap() -> Vec<Point> {
    vec![[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3]]
}

/// The field below [`cap`].
pub fn field_below_cap() -> Vec<Point> {
    vec![[0.0, 0.0], [0.3, 0.3], [0.7, 0.3], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
}

/// The bundled tile sets, read from the repository's `tilesets/` folder (base game first), for
/// this crate's tests: the crate depends on the model alone, not on the engine that embeds them.
#[cfg(test)]
pub(crate) fn bundled_sets() -> Vec<tilewright_model::TileSet> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tilesets");
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&folder)
        .expect("the bundled tile sets")
        .map(|entry| entry.expect("a file of tilesets/").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort_by_key(|path| (path.file_stem().is_none_or(|s| s != "base"), path.clone()));
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a bundled tile set");
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

/// Every tile of the bundled tile sets.
#[cfg(test)]
pub(crate) fn bundled_tiles() -> Vec<Tile> {
    bundled_sets().into_iter().flat_map(|set| set.tiles).collect()
}
