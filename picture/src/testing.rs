//! Tiles built in code, for the tests of this crate and of the crates that draw with it.

use tilewright_engine::model::{Count, EdgeLayout, Feature, Tile};

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
