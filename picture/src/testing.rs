//! Tiles built in code, for the tests of this crate and of the crates that draw with it.

use tilewright_engine::model::{Count, EdgeLayout, Feature, FeatureKind, Tile};

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
