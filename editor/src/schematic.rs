//! A clean drawing of a tile from its definition alone (edges and features), for tiles without
//! an image such as the bundled ones: city caps and bands with curved walls, roads as curves
//! between their edges, monasteries, gardens, pennants and markers. Pure geometry in tile
//! coordinates; `render` paints it.

use std::collections::BTreeMap;

use tilewright_engine::edge::{Layout, SegmentKind, Side, resolve_ref};
use tilewright_engine::model::{FeatureKind, Marker, RoadEnd, Tile};

use crate::geometry::{self, Point, label_point, perimeter_point, sides_of};

/// A city area.
#[derive(Debug, Clone)]
pub struct CityShape {
    /// The feature id.
    pub id: String,
    /// Its outline, clockwise.
    pub outline: Vec<Point>,
    /// Pennants to draw.
    pub pennants: u32,
}

/// A road, drawn as thick centre lines.
#[derive(Debug, Clone)]
pub struct RoadShape {
    /// The feature id.
    pub id: String,
    /// Centre lines, each from an edge inwards or from edge to edge.
    pub paths: Vec<Vec<Point>>,
    /// Width in tile units.
    pub width: f64,
}

/// Everything to draw for a tile without an image.
#[derive(Debug, Clone, Default)]
pub struct Schematic {
    /// City areas.
    pub cities: Vec<CityShape>,
    /// Roads.
    pub roads: Vec<RoadShape>,
    /// Where roads meet at a crossing.
    pub crossings: Vec<Point>,
    /// Houses ending roads.
    pub houses: Vec<Point>,
    /// Monasteries by id.
    pub monasteries: Vec<(String, Point)>,
    /// Gardens by id.
    pub gardens: Vec<(String, Point)>,
    /// Where a follower on each feature would stand (the stated anchor, else a sensible point).
    pub anchors: BTreeMap<String, Point>,
    /// Markers and where to draw them.
    pub markers: Vec<(Marker, Point)>,
}

/// The unit vector pointing into the tile from `side`.
pub(crate) fn inward(side: Side) -> Point {
    match side {
        Side::N => [0.0, 1.0],
        Side::E => [-1.0, 0.0],
        Side::S => [0.0, -1.0],
        Side::W => [1.0, 0.0],
    }
}

fn add(a: Point, b: Point, k: f64) -> Point {
    [a[0] + b[0] * k, a[1] + b[1] * k]
}

fn quadratic(a: Point, c: Point, b: Point, t: f64) -> Point {
    let u = 1.0 - t;
    [
        u * u * a[0] + 2.0 * u * t * c[0] + t * t * b[0],
        u * u * a[1] + 2.0 * u * t * c[1] + t * t * b[1],
    ]
}

fn cubic(a: Point, c1: Point, c2: Point, b: Point, t: f64) -> Point {
    let u = 1.0 - t;
    let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    [
        w0 * a[0] + w1 * c1[0] + w2 * c2[0] + w3 * b[0],
        w0 * a[1] + w1 * c1[1] + w2 * c2[1] + w3 * b[1],
    ]
}

/// The segments a feature claims, as perimeter spans `(t0, t1)` with `t` in 0..4.
fn feature_spans(tile: &Tile, layouts: &Option<[Layout; 4]>, id: &str) -> Vec<(f64, f64, Side)> {
    let (Some(layouts), Some(feature)) = (layouts, tile.features.get(id)) else {
        return Vec::new();
    };
    let Some(kind) = SegmentKind::of_feature(feature.kind) else {
        return Vec::new();
    };
    let mut spans = Vec::new();
    for reference in &feature.on {
        if let Ok((side, indices)) = resolve_ref(&reference.0, layouts, kind) {
            for i in indices {
                let s = layouts[side as usize].segments[i];
                let k = side as usize as f64;
                spans.push((k + s.start as f64 / 100.0, k + s.end as f64 / 100.0, side));
            }
        }
    }
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    spans.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-9);
    spans
}

fn parse_layouts(tile: &Tile) -> Option<[Layout; 4]> {
    let layouts: Vec<Layout> = tile
        .edges
        .iter()
        .map(|e| Layout::parse(&e.0).ok())
        .collect::<Option<_>>()?;
    layouts.try_into().ok()
}

/// A city outline from its border spans: the spans along the border, joined by walls that
/// curve into the tile.
pub fn city_outline(spans: &[(f64, f64, Side)]) -> Vec<Point> {
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for &(t0, t1, _) in spans {
        match merged.last_mut() {
            Some(last) if t0 - last.1 < 1e-9 => last.1 = last.1.max(t1),
            _ => merged.push((t0, t1)),
        }
    }
    if merged.len() > 1 {
        let (first, last) = (merged[0], merged[merged.len() - 1]);
        if first.0 < 1e-9 && (last.1 - 4.0).abs() < 1e-9 {
            merged[0].0 = last.0 - 4.0;
            merged.pop();
        }
    }
    if merged.is_empty() {
        return Vec::new();
    }
    if merged.len() == 1 && merged[0].1 - merged[0].0 > 4.0 - 1e-9 {
        return vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    }
    let mut outline = Vec::new();
    for (i, &(t0, t1)) in merged.iter().enumerate() {
        outline.push(perimeter_point(t0));
        let mut corner = t0.floor() + 1.0;
        while corner < t1 - 1e-9 {
            outline.push(perimeter_point(corner));
            corner += 1.0;
        }
        let a = perimeter_point(t1);
        outline.push(a);
        let b = perimeter_point(merged[(i + 1) % merged.len()].0);
        let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        let shared = sides_of(a)
            .into_iter()
            .map(|(s, _)| s)
            .find(|s| sides_of(b).iter().any(|(o, _)| o == s));
        let control = match shared {
            Some(side) => add(mid, inward(side), 0.6 * geometry::distance(a, b)),
            None => add(mid, [0.5 - mid[0], 0.5 - mid[1]], 1.2),
        };
        for step in 1..16 {
            outline.push(quadratic(a, control, b, step as f64 / 16.0));
        }
    }
    outline
}

/// The drawing of `tile` from its definition.
pub fn schematic(tile: &Tile) -> Schematic {
    let layouts = parse_layouts(tile);
    let mut out = Schematic::default();
    let centre = [0.5, 0.5];
    let mut crossing = false;
    for (id, feature) in &tile.features {
        let spans = feature_spans(tile, &layouts, id);
        match feature.kind {
            FeatureKind::City => {
                let outline = city_outline(&spans);
                let anchor = if outline.is_empty() {
                    centre
                } else {
                    label_point(&outline)
                };
                out.anchors.insert(id.clone(), feature.anchor.unwrap_or(anchor));
                out.cities.push(CityShape {
                    id: id.clone(),
                    outline,
                    pennants: feature.pennants,
                });
            }
            FeatureKind::Road => {
                let ends: Vec<(Point, Point, f64)> = spans
                    .iter()
                    .map(|&(t0, t1, side)| (perimeter_point((t0 + t1) / 2.0), inward(side), (t1 - t0)))
                    .collect();
                let width = ends
                    .iter()
                    .map(|e| (e.2 * 0.6).clamp(0.05, 0.13))
                    .fold(0.12f64, f64::min);
                let target = match (feature.end, &feature.at) {
                    (Some(RoadEnd::Monastery), Some(at)) => {
                        tile.features.get(at).and_then(|m| m.anchor).unwrap_or(centre)
                    }
                    _ => centre,
                };
                let mut paths = Vec::new();
                match ends.as_slice() {
                    [] => {}
                    [(a, na, _), (b, nb, _)] if feature.end.is_none() => {
                        let (c1, c2) = (add(*a, *na, 0.4), add(*b, *nb, 0.4));
                        paths.push((0..=24).map(|s| cubic(*a, c1, c2, *b, s as f64 / 24.0)).collect());
                    }
                    [(a, n, _)] => {
                        let stop = match feature.end {
                            Some(RoadEnd::House) => {
                                let house = add(*a, *n, 0.34);
                                out.houses.push(house);
                                house
                            }
                            Some(RoadEnd::CityGate) => add(*a, *n, 0.45),
                            _ => target,
                        };
                        paths.push(vec![*a, stop]);
                    }
                    many => {
                        for (a, _, _) in many {
                            paths.push(vec![*a, target]);
                        }
                    }
                }
                if feature.end == Some(RoadEnd::Crossing) || ends.len() > 2 {
                    crossing = true;
                }
                let anchor = paths
                    .first()
                    .map(|p: &Vec<Point>| {
                        if p.len() == 2 {
                            [(p[0][0] * 0.55 + p[1][0] * 0.45), (p[0][1] * 0.55 + p[1][1] * 0.45)]
                        } else {
                            p[p.len() / 2]
                        }
                    })
                    .unwrap_or(centre);
                out.anchors.insert(id.clone(), feature.anchor.unwrap_or(anchor));
                out.roads.push(RoadShape {
                    id: id.clone(),
                    paths,
                    width,
                });
            }
            FeatureKind::Field => {
                let anchor = spans
                    .first()
                    .map(|&(t0, t1, side)| add(perimeter_point((t0 + t1) / 2.0), inward(side), 0.12))
                    .unwrap_or([0.5, 0.8]);
                out.anchors.insert(id.clone(), feature.anchor.unwrap_or(anchor));
            }
            FeatureKind::Monastery => {
                let at = feature.anchor.unwrap_or(centre);
                out.monasteries.push((id.clone(), at));
                out.anchors.insert(id.clone(), at);
            }
            FeatureKind::Garden => {
                let at = feature.anchor.unwrap_or([0.25, 0.75]);
                out.gardens.push((id.clone(), at));
                out.anchors.insert(id.clone(), at);
            }
        }
    }
    if crossing {
        out.crossings.push(centre);
    }
    // Fields: nudge anchors off roads and out of cities where the definition leaves them there.
    for (id, feature) in &tile.features {
        if feature.kind != FeatureKind::Field || feature.anchor.is_some() {
            continue;
        }
        if let Some(anchor) = out.anchors.get_mut(id)
            && out
                .cities
                .iter()
                .any(|c| geometry::point_in_polygon(*anchor, &c.outline))
        {
            *anchor = [0.5, 0.85];
        }
    }
    for (i, marker) in tile.markers.iter().enumerate() {
        let spot = [[0.16, 0.84], [0.84, 0.84], [0.84, 0.16], [0.16, 0.16]][i % 4];
        out.markers.push((*marker, spot));
    }
    out
}

/// Outlines generated from the schematic, for features that have none: cities, roads
/// (widened centre lines, one polygon per branch), monasteries and gardens. Fields are left to
/// the designer.
pub fn generated_outlines(tile: &Tile) -> BTreeMap<String, Vec<Vec<Point>>> {
    let drawing = schematic(tile);
    let mut out = BTreeMap::new();
    for city in &drawing.cities {
        if city.outline.len() >= 3 {
            out.insert(
                city.id.clone(),
                vec![city.outline.iter().map(|p| geometry::round(*p)).collect()],
            );
        }
    }
    for road in &drawing.roads {
        let polygons: Vec<Vec<Point>> = road
            .paths
            .iter()
            .map(|path| widen(path, road.width))
            .filter(|p| p.len() >= 3)
            .collect();
        if !polygons.is_empty() {
            out.insert(road.id.clone(), polygons);
        }
    }
    for (id, at) in drawing.monasteries.iter().chain(&drawing.gardens) {
        let r = 0.14;
        let square =
            [[-r, -r], [r, -r], [r, r], [-r, r]].map(|d: [f64; 2]| geometry::round([at[0] + d[0], at[1] + d[1]]));
        out.insert(id.clone(), vec![square.to_vec()]);
    }
    out
}

/// A polygon around a centre line, `width` wide.
fn widen(path: &[Point], width: f64) -> Vec<Point> {
    let n = path.len();
    if n < 2 {
        return Vec::new();
    }
    let normal = |i: usize| {
        let (a, b) = (path[i.saturating_sub(1)], path[(i + 1).min(n - 1)]);
        let d = [b[0] - a[0], b[1] - a[1]];
        let len = d[0].hypot(d[1]).max(1e-9);
        [-d[1] / len, d[0] / len]
    };
    let h = width / 2.0;
    let mut left: Vec<Point> = (0..n).map(|i| add(path[i], normal(i), h)).collect();
    let right: Vec<Point> = (0..n).rev().map(|i| add(path[i], normal(i), -h)).collect();
    left.extend(right);
    left.into_iter().map(geometry::round).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::TileSet;

    fn base() -> TileSet {
        let text = tilewright_engine::bundled::FILES[0].1;
        toml::from_str(text).expect("the bundled tile set reads")
    }

    /// Every bundled tile set: the base game and both expansions.
    fn bundled_tiles() -> Vec<tilewright_engine::model::Tile> {
        tilewright_engine::bundled::FILES
            .iter()
            .filter(|(path, _)| path.starts_with("tilesets/"))
            .flat_map(|(_, text)| {
                toml::from_str::<TileSet>(text)
                    .expect("the bundled tile set reads")
                    .tiles
            })
            .collect()
    }

    #[test]
    fn every_bundled_tile_draws() {
        for tile in &bundled_tiles() {
            let drawing = schematic(tile);
            for city in &drawing.cities {
                assert!(city.outline.len() >= 3, "tile {} city {}", tile.id, city.id);
                assert!(geometry::signed_area(&city.outline).abs() > 0.05, "tile {}", tile.id);
            }
            for id in tile.features.keys() {
                let anchor = drawing.anchors[id];
                assert!((0.0..=1.0).contains(&anchor[0]) && (0.0..=1.0).contains(&anchor[1]));
            }
        }
    }

    #[test]
    fn a_cap_curves_into_the_tile_and_a_band_crosses_it() {
        let set = base();
        let by_id = |id: &str| set.tiles.iter().find(|t| t.id == id).unwrap();
        let cap = &schematic(by_id("E")).cities[0].outline;
        let depth = cap.iter().map(|p| p[1]).fold(0.0, f64::max);
        assert!((depth - 0.3).abs() < 0.02, "cap depth {depth}");
        let band = &schematic(by_id("G")).cities[0].outline;
        assert!(geometry::point_in_polygon([0.5, 0.5], band));
        assert!(!geometry::point_in_polygon([0.5, 0.1], band));
    }

    #[test]
    fn generated_outlines_derive_back_to_the_same_edges() {
        // Wildcard (`any`) edges belong to no feature, so no outline can derive them.
        for tile in bundled_tiles().iter().filter(|t| t.edges.iter().all(|e| e.0 != "any")) {
            let mut with_outlines = tile.clone();
            for (id, polygons) in generated_outlines(tile) {
                with_outlines.features.get_mut(&id).unwrap().polygons = polygons;
            }
            let derived = geometry::derive_layouts(&with_outlines);
            for (k, edge) in tile.edges.iter().enumerate() {
                assert_eq!(derived[k], edge.0, "tile {} edge {k}", tile.id);
            }
        }
    }
}
