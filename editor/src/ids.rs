//! Ids for new tiles (`SET/N`) and features (`c`, `c2`...).

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

/// Ids for `n` new tiles of `set`, one rule for every way a tile is made (new, duplicated,
/// imported): `SET/N`, numbered on from the highest `N` the set uses, so the ids of deleted
/// tiles are not handed out again.
pub fn next_tile_ids(set: &TileSet, n: usize) -> Vec<String> {
    let prefix = format!("{}/", set.id);
    let highest = set
        .tiles
        .iter()
        .filter_map(|t| t.id.strip_prefix(&prefix)?.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    // Counted in 128 bits: a tile numbered `u64::MAX` must not overflow the next number.
    (1u128..)
        .map(|k| format!("{prefix}{}", u128::from(highest) + k))
        .filter(|id| set.tiles.iter().all(|t| t.id != *id))
        .take(n)
        .collect()
}

/// The id for one new tile of `set` ([`next_tile_ids`]).
pub fn next_tile_id(set: &TileSet) -> String {
    next_tile_ids(set, 1).remove(0)
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
        assert_eq!(next_tile_id(&set), "base/1");
        let mut with_copies = set.clone();
        for id in ["base/1", "base/3", "base/x"] {
            let mut copy = set.tiles[0].clone();
            copy.id = id.into();
            with_copies.tiles.push(copy);
        }
        assert_eq!(next_tile_ids(&with_copies, 2), ["base/4", "base/5"]);
        with_copies.tiles[0].id = format!("base/{}", u64::MAX);
        assert_eq!(next_tile_id(&with_copies), format!("base/{}", u128::from(u64::MAX) + 1));
        // Tile D has a city `c`, a road `r` and fields `f1`, `f2`.
        let d = set.tiles.iter().find(|t| t.id == "D").unwrap();
        assert_eq!(fresh_feature_id(d, FeatureKind::City), "c2");
        assert_eq!(fresh_feature_id(d, FeatureKind::Garden), "g");
    }
}
