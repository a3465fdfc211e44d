//! Ids for new tiles and features: the one asked for when it is free, else the first free
//! numbered variant of it.

use tilewright_engine::model::{FeatureKind, Tile, TileSet};

/// `wanted` if `taken` says it is free, else the first free of `{wanted}{separator}2`,
/// `{wanted}{separator}3`...
pub fn unique_id(wanted: &str, separator: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(wanted) {
        return wanted.to_owned();
    }
    (2..)
        .map(|n| format!("{wanted}{separator}{n}"))
        .find(|id| !taken(id))
        .expect("some id is free")
}

/// An id no tile of `set` has: `wanted`, else `wanted-2`, `wanted-3`...
pub fn unique_tile_id(set: &TileSet, wanted: &str) -> String {
    unique_id(wanted, "-", |id| set.tiles.iter().any(|t| t.id == id))
}

/// A new feature id for `kind` on `tile`: `c`, `c2`, `c3`...
pub fn fresh_feature_id(tile: &Tile, kind: FeatureKind) -> String {
    let stem = match kind {
        FeatureKind::City => "c",
        FeatureKind::Road => "r",
        FeatureKind::Field => "f",
        FeatureKind::Monastery => "m",
        FeatureKind::Garden => "g",
    };
    unique_id(stem, "", |id| tile.features.contains_key(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_numbered_past_the_taken_ones() {
        let set: TileSet = toml::from_str(tilewright_engine::bundled::FILES[0].1).unwrap();
        assert_eq!(unique_tile_id(&set, "new"), "new");
        let mut with_copies = set.clone();
        for id in ["A-2", "A-3"] {
            let mut copy = set.tiles[0].clone();
            copy.id = id.into();
            with_copies.tiles.push(copy);
        }
        assert_eq!(unique_tile_id(&with_copies, "A"), "A-4");
        // Tile D has a city `c`, a road `r` and fields `f1`, `f2`.
        let d = set.tiles.iter().find(|t| t.id == "D").unwrap();
        assert_eq!(fresh_feature_id(d, FeatureKind::City), "c2");
        assert_eq!(fresh_feature_id(d, FeatureKind::Garden), "g");
    }
}
