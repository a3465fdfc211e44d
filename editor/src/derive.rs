//! *Derive edges* as one step: the four layouts from the outlines (see
//! [`geometry::derive_layouts`] for how it forgives the artist), every outlined feature's `on`,
//! and the features without outlines made to fit what the outlines give. Also what the
//! inspector says about a derivation: the edges before and after, and layouts that no bundled
//! tile uses (a tile with one fits beside almost nothing).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use tilewright_engine::edge::{Layout, SegmentKind, SegmentRef, Side, resolve_ref};
use tilewright_engine::model::{EdgeLayout, EdgeRef, FeatureKind, Tile};

use crate::geometry;

/// A tile with its edges derived, and the edges it had.
#[derive(Debug, Clone, PartialEq)]
pub struct Derivation {
    /// The tile after deriving.
    pub tile: Tile,
    /// The four edges before.
    pub before: [String; 4],
}

impl Derivation {
    /// The four edges after.
    pub fn after(&self) -> [String; 4] {
        self.tile.edges.clone().map(|e| e.0)
    }

    /// The edges before and after, one side each: `N: field -> city · E: city 4 field -> field …`.
    pub fn summary(&self) -> String {
        let after = self.after();
        let sides: Vec<String> = (0..4)
            .map(|k| {
                let side = SegmentRef::Side(Side::from_index(k));
                if self.before[k] == after[k] {
                    format!("{side}: {} (kept)", after[k])
                } else {
                    format!("{side}: {} -> {}", self.before[k], after[k])
                }
            })
            .collect();
        sides.join(" · ")
    }
}

/// `tile` with its edges and `on` lists derived from its outlines.
///
/// Features with outlines get the segments their outlines run along. Features without outlines
/// keep what they name while it still fits; for fields that means: a field without outlines
/// keeps the field segments it names that no outlined field took, and the field segments no
/// field owns go to the first field without outlines whose `on` no longer fitted. A field left
/// with nothing (the default `f` of a new tile, once outlines cover its sides with other
/// features) is dropped. Inner fields (no `on` at all) and cities and roads without outlines
/// are left as they are, and so are edges showing a declared edge kind.
pub fn derive_edges(tile: &Tile) -> Derivation {
    let before = tile.edges.clone().map(|e| e.0);
    let mut t = tile.clone();
    for (k, layout) in geometry::derive_layouts(tile).into_iter().enumerate() {
        // A declared kind's segments (a river) belong to no feature, so no outline shows
        // them: an edge with one is kept as written.
        if Layout::parse(&tile.edges[k].0).is_ok_and(|l| l.declared().next().is_some()) {
            continue;
        }
        t.edges[k] = EdgeLayout(layout);
    }
    for (id, on) in geometry::derive_on(&t) {
        if let Some(f) = t.features.get_mut(&id) {
            f.on = on.into_iter().map(EdgeRef).collect();
        }
    }
    fit_fields_without_outlines(&mut t);
    Derivation { tile: t, before }
}

/// The field rule of [`derive_edges`], on a tile whose edges are already derived.
fn fit_fields_without_outlines(t: &mut Tile) {
    let parsed: Option<Vec<Layout>> = t.edges.iter().map(|e| Layout::parse(&e.0).ok()).collect();
    let Some(Ok(layouts)) = parsed.map(<[Layout; 4]>::try_from) else {
        return;
    };
    let resolve = |r: &EdgeRef| resolve_ref(&r.0, &layouts, SegmentKind::Field).ok();
    let is_field = |f: &tilewright_engine::model::Feature| f.kind == FeatureKind::Field;
    let mut taken: BTreeSet<(Side, usize)> = BTreeSet::new();
    for f in t.features.values().filter(|f| is_field(f) && !f.polygons.is_empty()) {
        for (side, indices) in f.on.iter().filter_map(resolve) {
            taken.extend(indices.into_iter().map(|i| (side, i)));
        }
    }
    // What each field without outlines keeps, in id order; misfits are those that lost a
    // reference.
    let mut kept: BTreeMap<String, (Vec<(Side, usize)>, bool)> = BTreeMap::new();
    for (id, f) in t
        .features
        .iter()
        .filter(|(_, f)| is_field(f) && f.polygons.is_empty() && !f.on.is_empty())
    {
        let mut mine = Vec::new();
        let mut fits = true;
        for reference in &f.on {
            match resolve(reference) {
                Some((side, indices)) => {
                    for i in indices {
                        if taken.insert((side, i)) {
                            mine.push((side, i));
                        } else {
                            fits = false;
                        }
                    }
                }
                None => fits = false,
            }
        }
        kept.insert(id.clone(), (mine, fits));
    }
    let leftover: Vec<(Side, usize)> = Side::ALL
        .into_iter()
        .flat_map(|side| {
            let layout = &layouts[side as usize];
            (0..layout.segments.len())
                .filter(|&i| layout.segments[i].kind == SegmentKind::Field)
                .map(move |i| (side, i))
        })
        .filter(|s| !taken.contains(s))
        .collect();
    if let Some((mine, _)) = kept.values_mut().find(|(_, fits)| !fits) {
        mine.extend(leftover);
    }
    let options: Vec<Option<Layout>> = layouts.into_iter().map(Some).collect();
    for (id, (mut mine, fits)) in kept {
        if fits {
            continue;
        }
        if mine.is_empty() {
            t.features.remove(&id);
        } else if let Some(f) = t.features.get_mut(&id) {
            mine.sort();
            f.on = geometry::references(&mine, &options, FeatureKind::Field)
                .into_iter()
                .map(EdgeRef)
                .collect();
        }
    }
}

/// Every edge layout of the bundled tiles, as written.
fn bundled_layouts() -> &'static BTreeSet<String> {
    static LAYOUTS: OnceLock<BTreeSet<String>> = OnceLock::new();
    LAYOUTS.get_or_init(|| {
        tilewright_engine::bundled::catalog()
            .tilesets
            .iter()
            .flat_map(|set| &set.model.tiles)
            .flat_map(|tile| &tile.edges)
            .filter_map(|edge| Layout::parse(&edge.0).ok())
            .map(|layout| layout.to_string())
            .collect()
    })
}

/// The sides whose layout no bundled tile uses, with a sentence each.
pub fn unusual_layouts(edges: &[String; 4]) -> Vec<String> {
    let known = bundled_layouts();
    (0..4)
        .filter(|&k| Layout::parse(&edges[k]).is_ok_and(|layout| !known.contains(&layout.to_string())))
        .map(|k| {
            format!(
                "{}: `{}` is used by no bundled tile, so few tiles fit beside it",
                SegmentRef::Side(Side::from_index(k)),
                edges[k]
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::Feature;

    fn tile(features: Vec<(&str, Feature)>) -> Tile {
        crate::geometry::tests::tile(["field"; 4], features)
    }

    fn outlined(kind: FeatureKind, polygon: Vec<[f64; 2]>) -> Feature {
        Feature {
            polygons: vec![polygon],
            ..Feature::new(kind)
        }
    }

    fn default_field() -> Feature {
        Feature {
            on: ["N", "E", "S", "W"].map(|s| EdgeRef(s.into())).into(),
            ..Feature::new(FeatureKind::Field)
        }
    }

    fn on(t: &Tile, id: &str) -> Vec<String> {
        t.features[id].on.iter().map(|r| r.0.clone()).collect()
    }

    /// A cap drawn as tile art draws it: the wall meets the east and west sides 4% below the
    /// north corners.
    fn near_corner_cap() -> Vec<[f64; 2]> {
        vec![[0.0, 0.0], [1.0, 0.0], [1.0, 0.04], [0.7, 0.3], [0.3, 0.3], [0.0, 0.04]]
    }

    #[test]
    fn a_wall_meeting_a_side_near_the_corner_derives_a_plain_cap() {
        let d = derive_edges(&tile(vec![
            ("c", outlined(FeatureKind::City, near_corner_cap())),
            ("f", default_field()),
        ]));
        assert_eq!(d.after(), ["city", "field", "field", "field"].map(String::from));
        assert_eq!(on(&d.tile, "c"), ["N"]);
        assert!(unusual_layouts(&d.after()).is_empty());
        assert!(
            d.summary().starts_with("N: field -> city · E: field (kept)"),
            "{}",
            d.summary()
        );
    }

    #[test]
    fn the_default_field_takes_what_the_outlines_leave() {
        let d = derive_edges(&tile(vec![
            ("c", outlined(FeatureKind::City, near_corner_cap())),
            ("f", default_field()),
        ]));
        assert_eq!(on(&d.tile, "f"), ["E", "S", "W"]);
        // A road across, with one field outlined north of it: the default field keeps the south.
        let road = vec![[0.0, 0.42], [1.0, 0.42], [1.0, 0.58], [0.0, 0.58]];
        let north = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 0.42], [0.0, 0.42]];
        let d = derive_edges(&tile(vec![
            ("r", outlined(FeatureKind::Road, road)),
            ("f1", outlined(FeatureKind::Field, north)),
            ("f", default_field()),
        ]));
        assert_eq!(d.after(), ["field", "road", "field", "road"].map(String::from));
        assert_eq!(on(&d.tile, "f1"), ["N", "En", "Wn"]);
        assert_eq!(on(&d.tile, "f"), ["Es", "S", "Ws"]);
    }

    #[test]
    fn the_default_field_is_dropped_when_other_features_cover_the_sides() {
        let whole = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let d = derive_edges(&tile(vec![
            ("c", outlined(FeatureKind::City, whole)),
            ("f", default_field()),
            ("inner", Feature::new(FeatureKind::Field)),
        ]));
        assert_eq!(d.after(), ["city"; 4].map(String::from));
        assert!(!d.tile.features.contains_key("f"));
        assert!(d.tile.features.contains_key("inner"), "inner fields stay");
    }

    #[test]
    fn layouts_no_bundled_tile_uses_are_named() {
        let edges = ["city", "city 30 field", "field", "road"].map(String::from);
        let unusual = unusual_layouts(&edges);
        assert_eq!(unusual.len(), 1);
        assert!(unusual[0].starts_with("E: `city 30 field`"), "{unusual:?}");
    }
}
