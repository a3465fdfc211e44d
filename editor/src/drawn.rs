//! What closing an outline does to a tile: the outline is added to its feature, and the
//! feature's `on` list is filled from where the outline meets the border.
//!
//! When the outlines already describe every city and road that reaches an edge, the edges
//! themselves follow the drawing, as *Derive edges* would make them (a city drawn over a
//! field side turns that side to city, and the fields are cut at it). Otherwise some edge
//! holds a city or road that only the written edges know, so the edges are kept and only
//! the drawn feature's `on` is filled from the segments they have. A side the new outline
//! does not reach keeps an edge written as the standard layout nearest what the outlines give
//! there (snapped with [`derive::snap_to_standard`]), so drawing on does not undo a snap.
//! Reshaping an outline (a vertex dragged) does the same as closing it.

use tilewright_engine::edge::Side;
use tilewright_engine::model::{EdgeRef, Feature, FeatureKind, Tile};

use crate::{derive, geometry};

/// `tile` with `points` closed as an outline of feature `id` (which `new` makes when the tile
/// has no such feature), its `on` list filled as the module says.
pub fn close_outline(tile: &Tile, id: &str, new: FeatureKind, points: Vec<[f64; 2]>) -> Tile {
    let mut t = tile.clone();
    let feature = t.features.entry(id.to_owned()).or_insert_with(|| Feature::new(new));
    feature.polygons.push(points);
    let polygon = feature.polygons.len() - 1;
    follow_outline(t, id, polygon)
}

/// `tile` after outline `polygon` of feature `id` was drawn or reshaped (a vertex dragged):
/// its edges and `on` lists follow the outlines as the module says, the sides that outline
/// does not reach keeping an edge snapped to the standard layout.
pub fn follow_outline(tile: Tile, id: &str, polygon: usize) -> Tile {
    if outlines_describe_edges(&tile) {
        let reached: Vec<Side> = tile
            .features
            .get(id)
            .and_then(|f| f.polygons.get(polygon))
            .map(|p| geometry::border_spans(p).into_iter().map(|(side, _, _)| side).collect())
            .unwrap_or_default();
        let kept = |k: usize, derived: &str| {
            !reached.contains(&Side::from_index(k))
                && derive::standard_layout(derived).as_deref() == Some(tile.edges[k].0.as_str())
        };
        return derive::derive_edges_keeping(&tile, kept).tile;
    }
    let mut t = tile;
    if let Some(on) = derive::derive_on(&t).remove(id)
        && let Some(feature) = t.features.get_mut(id)
    {
        feature.on = on.into_iter().map(EdgeRef).collect();
    }
    t
}

/// Whether every city and road that reaches an edge has an outline, so that deriving the
/// edges from the outlines loses nothing written.
fn outlines_describe_edges(tile: &Tile) -> bool {
    tile.features
        .values()
        .filter(|f| matches!(f.kind, FeatureKind::City | FeatureKind::Road))
        .all(|f| f.on.is_empty() || !f.polygons.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_picture::testing::tile;

    fn on(t: &Tile, id: &str) -> Vec<String> {
        t.features[id].on.iter().map(|r| r.0.clone()).collect()
    }

    fn field(on: &[&str]) -> Feature {
        Feature {
            on: on.iter().map(|s| EdgeRef((*s).into())).collect(),
            ..Feature::new(FeatureKind::Field)
        }
    }

    const CAP: [[f64; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3]];

    #[test]
    fn a_city_drawn_on_a_new_tile_turns_its_side_to_city_and_fills_on() {
        let t = tile(["field"; 4], vec![("f", field(&["N", "E", "S", "W"]))]);
        let drawn = close_outline(&t, "c", FeatureKind::City, CAP.to_vec());
        assert_eq!(drawn.edges[0].0, "city");
        assert_eq!(on(&drawn, "c"), ["N"]);
        assert_eq!(on(&drawn, "f"), ["E", "S", "W"]);
    }

    #[test]
    fn an_outline_added_to_a_feature_extends_its_on() {
        let t = tile(["field"; 4], vec![("f", field(&["N", "E", "S", "W"]))]);
        let first = close_outline(&t, "c", FeatureKind::City, CAP.to_vec());
        let south = CAP.map(|[x, y]| [x, 1.0 - y]).to_vec();
        let both = close_outline(&first, "c", FeatureKind::City, south);
        assert_eq!(both.edges.clone().map(|e| e.0), ["city", "field", "city", "field"]);
        assert_eq!(on(&both, "c"), ["N", "S"]);
    }

    #[test]
    fn written_edges_with_a_city_no_outline_shows_are_kept() {
        // A city on the east that only the edges know: the edges stay, the new road's `on`
        // comes from the segments they have.
        let mut east = Feature::new(FeatureKind::City);
        east.on = vec![EdgeRef("E".into())];
        let t = tile(
            ["field", "city", "road", "field"],
            vec![("c", east), ("f", field(&["N", "W"]))],
        );
        let road = vec![[0.45, 1.0], [0.45, 0.5], [0.55, 0.5], [0.55, 1.0]];
        let drawn = close_outline(&t, "r", FeatureKind::Road, road);
        assert_eq!(drawn.edges.clone().map(|e| e.0), t.edges.clone().map(|e| e.0));
        assert_eq!(on(&drawn, "r"), ["S"]);
        assert_eq!(on(&drawn, "c"), ["E"]);
    }

    #[test]
    fn a_snapped_side_stays_snapped_when_another_outline_is_drawn() {
        let t = tile(["field"; 4], vec![("f", field(&["N", "E", "S", "W"]))]);
        // A cap whose wall meets the east side a third of the way down.
        let cap = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 0.3], [0.3, 0.3]];
        let drawn = close_outline(&t, "c", FeatureKind::City, cap);
        assert_eq!(drawn.edges[1].0, "city 30 field");
        let snapped = derive::snap_to_standard(&drawn);
        let road = vec![[0.45, 1.0], [0.45, 0.5], [0.55, 0.5], [0.55, 1.0]];
        let more = close_outline(&snapped, "r", FeatureKind::Road, road);
        assert_eq!(more.edges.clone().map(|e| e.0), ["city", "field", "road", "field"]);
        assert_eq!(on(&more, "r"), ["S"]);
    }
}
