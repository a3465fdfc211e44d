//! *Derive edges* as one step: the four layouts from the outlines (see
//! [`outlines::derive_layouts`] for how it forgives the artist), every outlined feature's `on`,
//! and the features without outlines made to fit what the outlines give. Also what the
//! inspector says about a derivation: the edges before and after, and layouts that no bundled
//! tile uses (a tile with one fits beside almost nothing).

use std::collections::BTreeSet;
use std::sync::OnceLock;

use tilewright_engine::edge::{Layout, SegmentKind, SegmentRef, Side, resolve_on};
use tilewright_engine::model::{EdgeLayout, EdgeRef, Feature, FeatureKind, RoadEnd, Tile};

use crate::{field_cut, geometry, ids};

pub mod outlines;

pub use outlines::{derive_adjacency, derive_layouts, derive_on, references};

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
/// Features with outlines get the segments their outlines run along. Fields are then cut as
/// the city and road outlines cut the tile ([`field_cut`]): each area is one field, with the
/// field segments reaching it as its `on` and the cities it touches as its `cities`. An area
/// holding segments of one outlined field goes to that field, whole. The other areas go to the
/// fields without outlines that reach the border, each to the field whose old segments it
/// overlaps most (a new `f2`, `f3`... when none is left); such a field left with no area (the
/// default `f` of a new tile, once a city covers every side) is dropped. Inner fields (no `on`)
/// are left as they are. A road with outlines that reaches one edge, ends nowhere yet and
/// meets a city's outline is given that city's gate as its end. Edges showing a declared
/// edge kind are left as they are.
pub fn derive_edges(tile: &Tile) -> Derivation {
    derive_edges_keeping(tile, |_, _| false)
}

/// [`derive_edges`], keeping the written edge of each side `k` for which `keep(k, derived)`
/// holds (`derived` being the layout the outlines give there); the `on` lists and fields are
/// derived on the edges kept.
pub fn derive_edges_keeping(tile: &Tile, keep: impl Fn(usize, &str) -> bool) -> Derivation {
    let before = tile.edges.clone().map(|e| e.0);
    let mut t = tile.clone();
    for (k, layout) in derive_layouts(tile).into_iter().enumerate() {
        if keep(k, &layout) {
            continue;
        }
        // A declared kind's segments (a river) belong to no feature, so no outline shows
        // them: an edge with one is kept as written.
        if Layout::parse(&tile.edges[k].0).is_ok_and(|l| l.declared().next().is_some()) {
            continue;
        }
        t.edges[k] = EdgeLayout(layout);
    }
    for (id, on) in derive_on(&t) {
        if let Some(f) = t.features.get_mut(&id) {
            f.on = on.into_iter().map(EdgeRef).collect();
        }
    }
    if let Some(layouts) = layouts_of(&t) {
        cut_fields(&mut t, tile, &layouts);
    }
    end_roads_at_gates(&mut t);
    Derivation { tile: t, before }
}

fn layouts_of(tile: &Tile) -> Option<[Layout; 4]> {
    let parsed: Option<Vec<Layout>> = tile.edges.iter().map(|e| Layout::parse(&e.0).ok()).collect();
    parsed?.try_into().ok()
}

/// The perimeter spans (0..4, as [`geometry::perimeter_point`]) of field segments.
fn spans(segments: &[(Side, usize)], layouts: &[Layout; 4]) -> Vec<(f64, f64)> {
    segments
        .iter()
        .map(|&(side, i)| {
            let s = &layouts[side as usize].segments[i];
            let k = side as usize as f64;
            (k + s.start as f64 / 100.0, k + s.end as f64 / 100.0)
        })
        .collect()
}

fn overlap(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    a.iter()
        .flat_map(|x| b.iter().map(move |y| (x.1.min(y.1) - x.0.max(y.0)).max(0.0)))
        .sum()
}

/// The field rule of [`derive_edges`], on `t` whose edges are derived from `old`'s outlines.
fn cut_fields(t: &mut Tile, old: &Tile, layouts: &[Layout; 4]) {
    let is_field = |f: &Feature| f.kind == FeatureKind::Field;
    let resolve = |f: &Feature| -> Vec<(Side, usize)> {
        resolve_on(f, layouts)
            .flatten()
            .flat_map(|(side, indices)| indices.into_iter().map(move |i| (side, i)))
            .collect()
    };
    let outlined: Vec<(String, Vec<(Side, usize)>)> = t
        .features
        .iter()
        .filter(|(_, f)| is_field(f) && !f.polygons.is_empty())
        .map(|(id, f)| (id.clone(), resolve(f)))
        .collect();
    // The fields without outlines that reach the border, with where they reached it before.
    let old_layouts = layouts_of(old);
    let mut open: Vec<(String, Vec<(f64, f64)>)> = old
        .features
        .iter()
        .filter(|(_, f)| is_field(f) && f.polygons.is_empty() && !f.on.is_empty())
        .map(|(id, f)| {
            let reached = old_layouts.as_ref().map(|l| {
                let segments: Vec<(Side, usize)> = resolve_on(f, l)
                    .flatten()
                    .flat_map(|(side, indices)| indices.into_iter().map(move |i| (side, i)))
                    .collect();
                spans(&segments, l)
            });
            (id.clone(), reached.unwrap_or_default())
        })
        .collect();
    let dropped: Vec<String> = open.iter().map(|(id, _)| id.clone()).collect();
    for id in &dropped {
        t.features.remove(id);
    }
    let options: Vec<Option<Layout>> = layouts.clone().map(Some).into();
    for area in field_cut::field_areas(t, layouts) {
        let mut owners = outlined
            .iter()
            .filter(|(_, mine)| mine.iter().any(|s| area.segments.contains(s)));
        let id = match (owners.next(), owners.next()) {
            (Some((id, _)), None) => id.clone(),
            // Outlined fields sharing an area keep what their outlines gave them.
            (Some(_), Some(_)) => continue,
            (None, _) => {
                let here = spans(&area.segments, layouts);
                let best = (0..open.len()).max_by(|&a, &b| {
                    overlap(&open[a].1, &here)
                        .total_cmp(&overlap(&open[b].1, &here))
                        .then(b.cmp(&a))
                });
                match best {
                    Some(k) => open.remove(k).0,
                    None => ids::unique_id("f", "", |id| t.features.contains_key(id)),
                }
            }
        };
        let field = t.features.entry(id).or_insert_with(|| Feature::new(FeatureKind::Field));
        field.on = references(&area.segments, &options, FeatureKind::Field)
            .into_iter()
            .map(EdgeRef)
            .collect();
        field.cities = area.cities;
    }
    // Fields kept keep their other keys (anchor, marks) from before.
    for id in dropped {
        if let (Some(now), Some(before)) = (t.features.get_mut(&id), old.features.get(&id)) {
            let (on, cities) = (std::mem::take(&mut now.on), std::mem::take(&mut now.cities));
            *now = Feature {
                on,
                cities,
                ..before.clone()
            };
        }
    }
}

/// The gate rule of [`derive_edges`]: the road meets the city where the field cut sees them
/// meet, both outlines grown by [`field_cut::GAP`].
fn end_roads_at_gates(t: &mut Tile) {
    let cities: Vec<(String, Vec<Vec<[f64; 2]>>)> = t
        .features
        .iter()
        .filter(|(_, f)| f.kind == FeatureKind::City && !f.polygons.is_empty())
        .map(|(id, f)| (id.clone(), f.polygons.clone()))
        .collect();
    for road in t.features.values_mut() {
        if road.kind != FeatureKind::Road || road.on.len() != 1 || road.end.is_some() {
            continue;
        }
        let meets = |city: &[Vec<[f64; 2]>]| {
            road.polygons.iter().flatten().any(|&p| {
                city.iter().any(|c| {
                    geometry::point_in_polygon(p, c) || geometry::distance_to_outline(p, c) < 2.0 * field_cut::GAP
                })
            })
        };
        if let Some((id, _)) = cities.iter().find(|(_, c)| meets(c)) {
            road.end = Some(RoadEnd::CityGate);
            road.at = Some(id.clone());
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

/// The layout a bundled tile uses that is nearest `edge`: with as many roads, and of the
/// kinds city, road and field only, the one whose kinds differ from `edge`'s along the least
/// of the edge (`city 30 field` is `field`, a road off the middle is `road`). `None` when
/// `edge` is already one a bundled tile uses, does not read, or shows another kind.
pub fn standard_layout(edge: &str) -> Option<String> {
    let layout = Layout::parse(edge).ok()?;
    if bundled_layouts().contains(&layout.to_string()) {
        return None;
    }
    let plain = |l: &Layout| {
        l.segments
            .iter()
            .all(|s| matches!(s.kind, SegmentKind::City | SegmentKind::Road | SegmentKind::Field))
    };
    let roads = |l: &Layout| l.segments.iter().filter(|s| s.kind == SegmentKind::Road).count();
    let kind_at = |l: &Layout, p: u8| l.segments.iter().find(|s| s.start <= p && p < s.end).map(|s| s.kind);
    if !plain(&layout) {
        return None;
    }
    bundled_layouts()
        .iter()
        .filter_map(|text| Layout::parse(text).ok().map(|l| (text, l)))
        .filter(|(_, l)| plain(l) && roads(l) == roads(&layout))
        .min_by_key(|(text, l)| {
            let differ = (0..100u8).filter(|&p| kind_at(l, p) != kind_at(&layout, p)).count();
            (differ, (*text).clone())
        })
        .map(|(text, _)| text.clone())
}

/// `tile` with every edge that no bundled tile uses replaced by its [`standard_layout`], and
/// the `on` lists, fields and gates derived again on the edges so snapped.
pub fn snap_to_standard(tile: &Tile) -> Tile {
    let mut t = tile.clone();
    let snapped = t.edges.each_mut().map(|edge| match standard_layout(&edge.0) {
        Some(standard) => {
            edge.0 = standard;
            true
        }
        None => false,
    });
    if !snapped.contains(&true) {
        return t;
    }
    derive_edges_keeping(&t, |k, _| snapped[k]).tile
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(features: Vec<(&str, Feature)>) -> Tile {
        tilewright_picture::testing::tile(["field"; 4], features)
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
    fn a_road_from_an_edge_to_a_city_wall_cuts_the_default_field_in_two() {
        // Drawn by hand, it stops 0.03 short of the wall.
        let road = vec![[0.44, 1.0], [0.44, 0.33], [0.56, 0.33], [0.56, 1.0]];
        let mut named = default_field();
        named.anchor = Some([0.2, 0.8]);
        let d = derive_edges(&tile(vec![
            ("c", outlined(FeatureKind::City, near_corner_cap())),
            ("r", outlined(FeatureKind::Road, road)),
            ("f", named),
        ]));
        assert_eq!(d.after(), ["city", "field", "road", "field"].map(String::from));
        assert_eq!(on(&d.tile, "r"), ["S"]);
        let r = &d.tile.features["r"];
        assert_eq!(
            (r.end, r.at.as_deref()),
            (Some(RoadEnd::CityGate), Some("c")),
            "the road ends at the wall"
        );
        // `f` keeps the larger part it covered before (both halves are alike, so the first),
        // and the other side of the road becomes a field of its own.
        assert_eq!(on(&d.tile, "f"), ["E", "Se"]);
        assert_eq!(on(&d.tile, "f2"), ["Sw", "W"]);
        assert_eq!(d.tile.features["f"].anchor, Some([0.2, 0.8]), "other keys are kept");
        for id in ["f", "f2"] {
            assert_eq!(d.tile.features[id].cities, ["c"], "{id} borders the city");
        }
    }

    #[test]
    fn a_thin_road_to_a_city_wall_reaches_its_edge_and_parts_the_fields() {
        // 8% wide about the middle: both contacts lie within snapping reach of 50.
        let road = vec![[0.46, 1.0], [0.46, 0.33], [0.54, 0.33], [0.54, 1.0]];
        let d = derive_edges(&tile(vec![
            ("c", outlined(FeatureKind::City, near_corner_cap())),
            ("r", outlined(FeatureKind::Road, road)),
            ("f", default_field()),
        ]));
        assert_eq!(d.after(), ["city", "field", "road", "field"].map(String::from));
        assert_eq!(on(&d.tile, "r"), ["S"]);
        assert_eq!(d.tile.features["r"].end, Some(RoadEnd::CityGate));
        assert_eq!(on(&d.tile, "f"), ["E", "Se"]);
        assert_eq!(on(&d.tile, "f2"), ["Sw", "W"]);
    }

    #[test]
    fn a_thin_road_on_a_river_tile_derives_its_edge_and_keeps_the_river() {
        // The river runs north to south (a declared kind no outline shows); a thin road comes
        // in from the west to a house by the river.
        let road = vec![[0.0, 0.47], [0.35, 0.47], [0.35, 0.53], [0.0, 0.53]];
        let mut t = tile(vec![("r", outlined(FeatureKind::Road, road)), ("f", default_field())]);
        for k in [0, 2] {
            t.edges[k] = EdgeLayout("river".into());
        }
        let d = derive_edges(&t);
        assert_eq!(d.after(), ["river", "field", "river", "road"].map(String::from));
        assert_eq!(on(&d.tile, "r"), ["W"]);
        // The river parts the fields: one each side of it.
        let mut fields: Vec<Vec<String>> = d
            .tile
            .features
            .iter()
            .filter(|(_, f)| f.kind == FeatureKind::Field)
            .map(|(id, _)| on(&d.tile, id))
            .collect();
        fields.sort();
        assert_eq!(fields, [vec!["Ne", "E", "Se"], vec!["Nw", "Sw", "W"]], "{fields:?}");
    }

    #[test]
    fn a_road_across_under_a_city_leaves_the_far_field_without_the_city() {
        let road = vec![[0.0, 0.44], [1.0, 0.44], [1.0, 0.56], [0.0, 0.56]];
        let d = derive_edges(&tile(vec![
            ("c", outlined(FeatureKind::City, near_corner_cap())),
            ("r", outlined(FeatureKind::Road, road)),
            ("f", default_field()),
        ]));
        assert_eq!(d.after(), ["city", "road", "field", "road"].map(String::from));
        assert_eq!(on(&d.tile, "f"), ["En", "Wn"]);
        assert_eq!(d.tile.features["f"].cities, ["c"]);
        assert_eq!(on(&d.tile, "f2"), ["Es", "S", "Ws"]);
        assert!(d.tile.features["f2"].cities.is_empty());
        assert_eq!(d.tile.features["r"].end, None, "a road across ends nowhere");
    }

    #[test]
    fn layouts_no_bundled_tile_uses_are_named() {
        let edges = ["city", "city 30 field", "field", "road"].map(String::from);
        let unusual = unusual_layouts(&edges);
        assert_eq!(unusual.len(), 1);
        assert!(unusual[0].starts_with("E: `city 30 field`"), "{unusual:?}");
    }

    #[test]
    fn an_unusual_layout_snaps_to_the_nearest_standard_one() {
        assert_eq!(standard_layout("city 30 field").as_deref(), Some("field"));
        assert_eq!(standard_layout("field 30 city").as_deref(), Some("city"));
        assert_eq!(standard_layout("field 20 road 35 field").as_deref(), Some("road"));
        assert_eq!(standard_layout("city").as_deref(), None, "a standard layout stays");
        assert_eq!(standard_layout("river"), None, "a declared kind is not snapped");
    }

    #[test]
    fn snapping_derives_the_on_lists_on_the_snapped_edges() {
        let cap = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 0.3], [0.3, 0.3]];
        let drawn = tile(vec![("c", outlined(FeatureKind::City, cap)), ("f", default_field())]);
        let derived = derive_edges(&drawn).tile;
        assert_eq!(derived.edges[1].0, "city 30 field");
        assert_eq!(on(&derived, "c"), ["N", "E"]);
        let snapped = snap_to_standard(&derived);
        assert_eq!(snapped.edges.clone().map(|e| e.0), ["city", "field", "field", "field"]);
        assert_eq!(on(&snapped, "c"), ["N"]);
        assert_eq!(on(&snapped, "f"), ["E", "S", "W"]);
        assert_eq!(snap_to_standard(&snapped), snapped, "nothing more to snap");
    }
}
