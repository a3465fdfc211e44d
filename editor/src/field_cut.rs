//! Fields as the outlines cut them: the tile is laid on the grid of [`regions`](crate::regions), the cells
//! under (or within [`GAP`] of) a city or road outline are taken out, and the open cells fall
//! into connected areas. Each area that some field segment of the edges reaches is one field:
//! the segments reaching it are its `on`, the cities whose outlines it touches its `cities`.
//! A road drawn from an edge to a city wall thus parts the fields on either side of it, as a
//! road across the tile does. A declared kind's course (a river), which no outline shows,
//! parts them where the schematic draws it. The grouping of edge segments by the area they
//! reach ([`reached_areas`]) also reads a sheet's pictures ([`crate::sheet_features`]).

use std::collections::BTreeSet;

use tilewright_engine::edge::{Layout, SegmentKind, Side};
use tilewright_engine::model::{FeatureKind, Tile};

use crate::geometry::{self, border_point};
use crate::regions::{GRID, cell_centre, cell_of, label_areas};
use crate::schematic::inward;

/// How near an outline a cell counts as under it: an artist's road that stops a hair short
/// of a city wall still parts the fields beside it. Roads are drawn about 0.1 wide, so no
/// field is lost under this margin.
pub const GAP: f64 = 0.02;

/// How near a city outline a field's cell must come for the field to border the city.
const TOUCH: f64 = GAP + 1.5 / GRID as f64;

/// One field the outlines imply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldArea {
    /// The field segments reaching it, `(side, index)` in clockwise order.
    pub segments: Vec<(Side, usize)>,
    /// The outlined cities it borders, by id.
    pub cities: Vec<String>,
}

/// The fields the city and road outlines of `tile` cut, on edges `layouts`, in clockwise order
/// of their first segment. Cities and roads without outlines cut nothing.
pub fn field_areas(tile: &Tile, layouts: &[Layout; 4]) -> Vec<FieldArea> {
    let outlined = |kind: FeatureKind| {
        tile.features
            .iter()
            .filter(move |(_, f)| f.kind == kind)
            .flat_map(|(id, f)| f.polygons.iter().filter(|p| p.len() >= 3).map(move |p| (id, p)))
    };
    let near = |p, polygon: &[[f64; 2]], margin| {
        geometry::point_in_polygon(p, polygon) || geometry::distance_to_outline(p, polygon) < margin
    };
    // A declared kind's course (a river) has no outline; it runs as the schematic draws it.
    let courses = crate::schematic::schematic(tile).courses;
    let on_course = |p| {
        courses.iter().any(|c| {
            c.paths.iter().any(|path| {
                path.windows(2)
                    .any(|w| geometry::closest_on_segment(p, w[0], w[1]).0 < c.width / 2.0)
            })
        })
    };
    let open: Vec<bool> = (0..GRID * GRID)
        .map(|c| {
            let p = cell_centre(c);
            !on_course(p)
                && !outlined(FeatureKind::City)
                    .chain(outlined(FeatureKind::Road))
                    .any(|(_, polygon)| near(p, polygon, GAP))
        })
        .collect();
    reached_areas(&open, layouts, SegmentKind::Field, EDGE_DEPTH)
        .into_iter()
        .map(|reached| {
            let cities: BTreeSet<&String> = outlined(FeatureKind::City)
                .filter(|(_, polygon)| reached.cells.iter().any(|&c| near(cell_centre(c), polygon, TOUCH)))
                .map(|(id, _)| id)
                .collect();
            FieldArea {
                segments: reached.segments,
                cities: cities.into_iter().cloned().collect(),
            }
        })
        .collect()
}

/// How many cells in from the border an outline's field segment looks for its area (an
/// outline may run along the border there).
const EDGE_DEPTH: usize = 4;

/// A connected area of open cells and the edge segments that reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReachedArea {
    /// The segments reaching it, `(side, index)` in clockwise order.
    pub segments: Vec<(Side, usize)>,
    /// Its cells, in rising order.
    pub cells: Vec<usize>,
}

/// The segments of `kind` of `layouts` grouped by the connected area of `open` cells (on the
/// grid of [`regions`](crate::regions)) each reaches, in clockwise order of their first
/// segment. A segment reaches the area of the first open cell met going in from twelve points
/// along it, up to `depth` cells deep; areas one segment reaches are merged. Segments that
/// reach no open cell are in no group.
pub fn reached_areas(open: &[bool], layouts: &[Layout; 4], kind: SegmentKind, depth: usize) -> Vec<ReachedArea> {
    let (area, areas) = label_areas(open);
    let mut group: Vec<usize> = (0..areas).collect();
    fn root(group: &mut [usize], mut a: usize) -> usize {
        while group[a] != a {
            group[a] = group[group[a]];
            a = group[a];
        }
        a
    }
    let mut reached: Vec<((Side, usize), usize)> = Vec::new();
    for side in Side::ALL {
        for (i, segment) in layouts[side as usize].segments.iter().enumerate() {
            if segment.kind != kind {
                continue;
            }
            let mut mine: Vec<usize> = (0..12)
                .filter_map(|k| {
                    let position =
                        segment.start as f64 + (segment.end - segment.start) as f64 * (k as f64 + 0.5) / 12.0;
                    first_open_inward(open, &area, side, position, depth)
                })
                .collect();
            mine.sort_unstable();
            mine.dedup();
            for pair in mine.windows(2) {
                let (a, b) = (root(&mut group, pair[0]), root(&mut group, pair[1]));
                group[a] = b;
            }
            if let Some(&a) = mine.first() {
                reached.push(((side, i), a));
            }
        }
    }
    let mut out: Vec<(usize, ReachedArea)> = Vec::new();
    for (segment, a) in reached {
        let a = root(&mut group, a);
        match out.iter_mut().find(|(r, _)| *r == a) {
            Some((_, found)) => found.segments.push(segment),
            None => out.push((
                a,
                ReachedArea {
                    segments: vec![segment],
                    cells: Vec::new(),
                },
            )),
        }
    }
    for (a, found) in &mut out {
        found.cells = (0..GRID * GRID)
            .filter(|&c| area[c] != usize::MAX && root(&mut group, area[c]) == *a)
            .collect();
    }
    out.into_iter().map(|(_, found)| found).collect()
}

/// The area of the first open cell met going into the tile from a border point, looking up to
/// `depth` cells deep, and no deeper than the point lies from the nearer corner: deeper in, the
/// walk would run along the next side's border, past a wall between the two sides' features.
fn first_open_inward(open: &[bool], area: &[usize], side: Side, position: f64, depth: usize) -> Option<usize> {
    let (p, n) = (border_point(side, position), inward(side));
    let from_corner = (position.min(100.0 - position) / 100.0 * GRID as f64).ceil() as usize;
    (0..depth.min(from_corner.max(1)))
        .map(|d| {
            let depth = (d as f64 + 0.5) / GRID as f64;
            cell_of([p[0] + n[0] * depth, p[1] + n[1] * depth])
        })
        .find(|&c| open[c])
        .map(|c| area[c])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::Feature;

    fn outlined(kind: FeatureKind, polygon: Vec<[f64; 2]>) -> Feature {
        Feature {
            polygons: vec![polygon],
            ..Feature::new(kind)
        }
    }

    fn layouts(edges: [&str; 4]) -> [Layout; 4] {
        edges.map(|e| Layout::parse(e).unwrap())
    }

    /// Each area as its `on` references and cities.
    fn areas(edges: [&str; 4], features: Vec<(&str, Feature)>) -> Vec<(Vec<String>, Vec<String>)> {
        let layouts = layouts(edges);
        let options = layouts.clone().map(Some);
        field_areas(&tilewright_picture::testing::tile(edges, features), &layouts)
            .into_iter()
            .map(|a| {
                (
                    crate::derive::references(&a.segments, &options, FeatureKind::Field),
                    a.cities,
                )
            })
            .collect()
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    const CAP: [[f64; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3]];

    #[test]
    fn a_road_from_the_south_edge_to_a_city_wall_parts_the_fields_beside_it() {
        // The road stops 0.01 short of the wall, as a hand-drawn one may.
        let road = vec![[0.45, 1.0], [0.45, 0.31], [0.55, 0.31], [0.55, 1.0]];
        let found = areas(
            ["city", "field", "road", "field"],
            vec![
                ("c", outlined(FeatureKind::City, CAP.to_vec())),
                ("r", outlined(FeatureKind::Road, road)),
            ],
        );
        assert_eq!(
            found,
            [
                (strings(&["E", "Se"]), strings(&["c"])),
                (strings(&["Sw", "W"]), strings(&["c"])),
            ]
        );
    }

    #[test]
    fn a_road_across_parts_the_fields_and_only_the_north_one_borders_the_city() {
        let road = vec![[0.0, 0.45], [1.0, 0.45], [1.0, 0.55], [0.0, 0.55]];
        let found = areas(
            ["city", "road", "field", "road"],
            vec![
                ("c", outlined(FeatureKind::City, CAP.to_vec())),
                ("r", outlined(FeatureKind::Road, road)),
            ],
        );
        assert_eq!(
            found,
            [
                (strings(&["En", "Wn"]), strings(&["c"])),
                // The road lies between the south field and the city.
                (strings(&["Es", "S", "Ws"]), vec![]),
            ]
        );
    }

    #[test]
    fn a_road_ending_in_the_field_parts_nothing() {
        let road = vec![[0.45, 1.0], [0.45, 0.5], [0.55, 0.5], [0.55, 1.0]];
        let found = areas(
            ["field", "field", "road", "field"],
            vec![("r", outlined(FeatureKind::Road, road))],
        );
        assert_eq!(found, [(strings(&["N", "E", "S", "W"]), vec![])]);
    }
}
