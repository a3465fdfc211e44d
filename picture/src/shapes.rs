//! The area and follower point of every feature of a tile, fields included, in the tile frame
//! (0..1, origin north-west, y south, unturned): what an exporter needs to clip a feature out
//! of the tile's picture and to stand a figure on it.
//!
//! A feature's own `polygons` and `anchor` win where the tile states them; otherwise they come
//! from the schematic: cities, roads, monasteries and gardens from its outlines
//! ([`crate::schematic::outlines_of`]), fields from the cells of [`crate::regions`] traced into
//! outlines.

use std::collections::BTreeMap;

use tilewright_model::{FeatureKind, Tile};

use crate::geometry::{self, Point};
use crate::regions::{self, GRID};
use crate::schematic::{Schematic, schematic};

/// How far apart, in tile widths, the points of two features stand at least, so that figures
/// on them are told apart.
pub const MIN_APART: f64 = 0.1;

/// One feature's area and the point a figure on it stands on.
#[derive(Debug, Clone, PartialEq)]
pub struct FeatureShape {
    /// The feature's kind.
    pub kind: FeatureKind,
    /// The area, as polygons combined under the non-zero winding rule (SVG's default fill
    /// rule): outer boundaries run clockwise on screen (y south), holes the other way. Empty
    /// only for a feature the drawing has no area for (a road whose edges do not parse).
    pub polygons: Vec<Vec<Point>>,
    /// Where a figure on the feature stands.
    pub point: Point,
}

/// Every feature of `tile` by id, with its area and follower point.
pub fn feature_shapes(tile: &Tile) -> BTreeMap<String, FeatureShape> {
    let drawing = schematic(tile);
    shapes_of(tile, &drawing)
}

/// [`feature_shapes`] from a drawing of `tile` already made.
pub fn shapes_of(tile: &Tile, drawing: &Schematic) -> BTreeMap<String, FeatureShape> {
    let mut generated = crate::schematic::outlines_of(drawing);
    let needs_fields = tile
        .features
        .values()
        .any(|f| f.kind == FeatureKind::Field && f.polygons.is_empty());
    let mut fields = if needs_fields {
        regions::field_regions(tile, drawing).fields
    } else {
        BTreeMap::new()
    };
    let mut shapes: BTreeMap<String, FeatureShape> = tile
        .features
        .iter()
        .map(|(id, feature)| {
            let polygons = if !feature.polygons.is_empty() {
                feature.polygons.clone()
            } else if feature.kind == FeatureKind::Field {
                fields.remove(id).map(|cells| trace_cells(&cells)).unwrap_or_default()
            } else {
                generated.remove(id).unwrap_or_default()
            };
            let point = feature
                .anchor
                .or_else(|| drawing.anchors.get(id).copied())
                .or_else(|| polygons.first().map(|p| geometry::label_point(p)))
                .unwrap_or([0.5, 0.5]);
            let shape = FeatureShape {
                kind: feature.kind,
                polygons,
                point,
            };
            (id.clone(), shape)
        })
        .collect();
    set_apart(tile, &mut shapes);
    shapes
}

/// Moves the points the tile does not state that stand outside their own area, or nearer than
/// [`MIN_APART`] to another feature's (two cities crossing on a bridge share the schematic's
/// centre), to the point of their area nearest the first choice that stands well inside it and
/// apart from the others. Points the tile states stay where they are.
fn set_apart(tile: &Tile, shapes: &mut BTreeMap<String, FeatureShape>) {
    let stated = |id: &str| tile.features.get(id).is_some_and(|f| f.anchor.is_some());
    let mut placed: Vec<Point> = shapes
        .iter()
        .filter(|(id, _)| stated(id))
        .map(|(_, s)| s.point)
        .collect();
    for (_, shape) in shapes.iter_mut().filter(|(id, _)| !stated(id)) {
        let apart = |p: Point, placed: &[Point]| placed.iter().all(|q| distance(p, *q) >= MIN_APART);
        let fits = |p: Point| well_inside(&shape.polygons, p);
        if !(fits(shape.point) && apart(shape.point, &placed)) {
            let first = shape.point;
            let nearest = |candidates: Vec<Point>| {
                candidates
                    .into_iter()
                    .min_by(|a, b| distance(*a, first).total_cmp(&distance(*b, first)))
            };
            let inside: Vec<Point> = sample_points().filter(|p| fits(*p)).collect();
            let spread = |p: &Point| placed.iter().map(|q| distance(*p, *q)).fold(f64::INFINITY, f64::min);
            if let Some(p) = nearest(inside.iter().copied().filter(|p| apart(*p, &placed)).collect()) {
                shape.point = p;
            } else if let Some(p) = inside.iter().copied().max_by(|a, b| spread(a).total_cmp(&spread(b))) {
                shape.point = p;
            }
        }
        placed.push(shape.point);
    }
}

/// How many points a side the search for a feature's point tries.
const SAMPLES: usize = 48;

fn sample_points() -> impl Iterator<Item = Point> {
    let at = |i: usize| (i as f64 + 0.5) / SAMPLES as f64;
    (0..SAMPLES).flat_map(move |y| (0..SAMPLES).map(move |x| [at(x), at(y)]))
}

/// Whether `p` and the points a little way from it on every side lie in the area.
fn well_inside(polygons: &[Vec<Point>], p: Point) -> bool {
    const MARGIN: f64 = 0.03;
    [[0.0, 0.0], [MARGIN, 0.0], [-MARGIN, 0.0], [0.0, MARGIN], [0.0, -MARGIN]]
        .iter()
        .all(|d| covers(polygons, [p[0] + d[0], p[1] + d[1]]))
}

fn distance(a: Point, b: Point) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Whether `p` lies in the area of `polygons` under the non-zero winding rule.
pub fn covers(polygons: &[Vec<Point>], p: Point) -> bool {
    polygons.iter().map(|poly| winding(p, poly)).sum::<i32>() != 0
}

/// How many times `polygon` winds round `p` (clockwise on screen counts positive).
fn winding(p: Point, polygon: &[Point]) -> i32 {
    let n = polygon.len();
    let mut w = 0;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        let cross = (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1]);
        if a[1] <= p[1] {
            if b[1] > p[1] && cross > 0.0 {
                w += 1;
            }
        } else if b[1] <= p[1] && cross < 0.0 {
            w -= 1;
        }
    }
    w
}

/// How far a traced outline may stray from the cells' staircase, in cells: under one cell, so
/// the steps become slopes and no cell centre changes sides by much.
const SMOOTHING: f64 = 0.7;

/// The outlines of a set of grid cells (`y * GRID + x`, rising): one loop per boundary, with
/// the cells to the right of the direction of travel on screen, so outer loops run clockwise
/// and holes the other way; staircases smoothed within `SMOOTHING`.
pub fn trace_cells(cells: &[usize]) -> Vec<Vec<Point>> {
    let inside = |x: i64, y: i64| {
        (0..GRID as i64).contains(&x)
            && (0..GRID as i64).contains(&y)
            && cells.binary_search(&(y as usize * GRID + x as usize)).is_ok()
    };
    // Directed boundary edges between grid vertices, the cell on their right.
    let mut edges: BTreeMap<(i64, i64), Vec<(i64, i64)>> = BTreeMap::new();
    for &cell in cells {
        let (x, y) = ((cell % GRID) as i64, (cell / GRID) as i64);
        let sides = [
            ((x, y - 1), (x, y), (x + 1, y)),
            ((x + 1, y), (x + 1, y), (x + 1, y + 1)),
            ((x, y + 1), (x + 1, y + 1), (x, y + 1)),
            ((x - 1, y), (x, y + 1), (x, y)),
        ];
        for ((nx, ny), from, to) in sides {
            if !inside(nx, ny) {
                edges.entry(from).or_default().push(to);
            }
        }
    }
    let mut loops = Vec::new();
    while let Some(&start) = edges.keys().next() {
        let mut vertices = vec![start];
        let mut at = start;
        let mut heading = (0, 0);
        while let Some(next) = take_next(&mut edges, at, heading) {
            heading = (next.0 - at.0, next.1 - at.1);
            at = next;
            if at == start {
                break;
            }
            vertices.push(at);
        }
        let points: Vec<Point> = corners(&vertices)
            .into_iter()
            .map(|(x, y)| [x as f64 / GRID as f64, y as f64 / GRID as f64])
            .collect();
        loops.push(smooth(&points, SMOOTHING / GRID as f64));
    }
    loops
}

/// The next edge out of `at`, removed: where two leave one vertex (cells meeting at a corner
/// only), the one turning right, which keeps the two cells' outlines apart.
fn take_next(
    edges: &mut BTreeMap<(i64, i64), Vec<(i64, i64)>>,
    at: (i64, i64),
    heading: (i64, i64),
) -> Option<(i64, i64)> {
    let out = edges.get_mut(&at)?;
    // Turning right on screen (y south): (dx, dy) becomes (-dy, dx).
    let right = (at.0 - heading.1, at.1 + heading.0);
    let k = out.iter().position(|&to| to == right).unwrap_or(0);
    let next = (k < out.len()).then(|| out.swap_remove(k));
    if out.is_empty() {
        edges.remove(&at);
    }
    next
}

/// The vertices of a loop where it turns (straight runs' inner vertices left out).
fn corners(vertices: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let n = vertices.len();
    (0..n)
        .filter(|&i| {
            let (a, b, c) = (vertices[(i + n - 1) % n], vertices[i], vertices[(i + 1) % n]);
            (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
        })
        .map(|i| vertices[i])
        .collect()
}

/// A closed loop with the vertices within `tolerance` of the line through their neighbours
/// left out (Douglas–Peucker on the loop cut at its first vertex and the one farthest from it).
fn smooth(points: &[Point], tolerance: f64) -> Vec<Point> {
    if points.len() <= 4 {
        return points.to_vec();
    }
    let far = (1..points.len())
        .max_by(|&a, &b| {
            let (da, db) = (
                geometry::distance(points[0], points[a]),
                geometry::distance(points[0], points[b]),
            );
            da.total_cmp(&db)
        })
        .unwrap_or(1);
    let mut out = simplify(&points[..=far], tolerance);
    let mut back: Vec<Point> = points[far..].to_vec();
    back.push(points[0]);
    let back = simplify(&back, tolerance);
    out.pop();
    out.extend(&back[..back.len() - 1]);
    if out.len() < 3 { points.to_vec() } else { out }
}

/// Douglas–Peucker on an open path, keeping both ends.
fn simplify(path: &[Point], tolerance: f64) -> Vec<Point> {
    let (first, last) = (path[0], path[path.len() - 1]);
    let farthest = (1..path.len().saturating_sub(1))
        .map(|i| (i, geometry::closest_on_segment(path[i], first, last).0))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    match farthest {
        Some((i, d)) if d > tolerance => {
            let mut out = simplify(&path[..=i], tolerance);
            out.pop();
            out.extend(simplify(&path[i..], tolerance));
            out
        }
        _ => vec![first, last],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regions::{cell_centre, neighbours};
    use crate::testing::tile;
    use tilewright_model::{EdgeRef, Feature};

    use crate::testing::bundled_tiles;

    #[test]
    fn a_square_of_cells_traces_to_one_clockwise_square() {
        let cells: Vec<usize> = (2..5).flat_map(|y| (2..5).map(move |x| y * GRID + x)).collect();
        let loops = trace_cells(&cells);
        assert_eq!(loops.len(), 1);
        let g = GRID as f64;
        let expected: Vec<Point> = vec![
            [2.0 / g, 2.0 / g],
            [5.0 / g, 2.0 / g],
            [5.0 / g, 5.0 / g],
            [2.0 / g, 5.0 / g],
        ];
        assert_eq!(loops[0], expected);
        // Clockwise on screen winds the same way as the unit square read north-west first.
        assert!(
            geometry::signed_area(&loops[0]) * geometry::signed_area(&[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
                > 0.0
        );
    }

    #[test]
    fn a_ring_of_cells_keeps_its_hole_under_the_non_zero_rule() {
        let cells: Vec<usize> = (10..20)
            .flat_map(|y| (10..20).map(move |x| (x, y)))
            .filter(|&(x, y)| !(13..17).contains(&x) || !(13..17).contains(&y))
            .map(|(x, y)| y * GRID + x)
            .collect();
        let loops = trace_cells(&cells);
        assert_eq!(loops.len(), 2);
        assert!(covers(&loops, cell_centre(11 * GRID + 11)));
        assert!(!covers(&loops, cell_centre(15 * GRID + 15)), "the hole is left out");
        assert!(!covers(&loops, cell_centre(5 * GRID + 5)));
    }

    #[test]
    fn cells_meeting_at_a_corner_trace_apart() {
        let cells = vec![3 * GRID + 3, 4 * GRID + 4];
        let loops = trace_cells(&cells);
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 4));
    }

    #[test]
    fn stated_polygons_and_anchors_win() {
        let stated = vec![vec![[0.0, 0.0], [1.0, 0.0], [0.5, 0.4]]];
        let city = Feature {
            on: vec![EdgeRef("N".into())],
            polygons: stated.clone(),
            anchor: Some([0.5, 0.1]),
            ..Feature::new(FeatureKind::City)
        };
        let field = Feature {
            on: vec![EdgeRef("E".into()), EdgeRef("S".into()), EdgeRef("W".into())],
            cities: vec!["c".into()],
            ..Feature::new(FeatureKind::Field)
        };
        let t = tile(["city", "field", "field", "field"], vec![("c", city), ("f", field)]);
        let shapes = feature_shapes(&t);
        assert_eq!(shapes["c"].polygons, stated);
        assert_eq!(shapes["c"].point, [0.5, 0.1]);
        // The field's area comes from the schematic: the south of the tile, not the city.
        assert!(covers(&shapes["f"].polygons, [0.5, 0.9]));
        assert!(!covers(&shapes["f"].polygons, [0.5, 0.02]));
        assert_eq!(shapes["f"].point, schematic(&t).anchors["f"]);
    }

    #[test]
    fn every_feature_of_every_bundled_tile_has_an_area_holding_its_cells_and_a_point_inside() {
        for t in bundled_tiles() {
            let drawing = schematic(&t);
            let shapes = shapes_of(&t, &drawing);
            let fields = regions::field_regions(&t, &drawing).fields;
            assert_eq!(shapes.len(), t.features.len(), "tile {}", t.id);
            for (id, shape) in &shapes {
                assert!(!shape.polygons.is_empty(), "tile {} feature {id} has no area", t.id);
                assert!(
                    shape.point.iter().all(|v| (0.0..=1.0).contains(v)),
                    "tile {} feature {id}",
                    t.id
                );
                let Some(cells) = fields.get(id) else { continue };
                // Cells well inside the field are inside its outline; those of other fields
                // (whose areas the schematic keeps apart) are not.
                let interior =
                    |c: &usize, cells: &[usize]| neighbours(*c).filter(|n| cells.binary_search(n).is_ok()).count() == 4;
                for c in cells.iter().filter(|c| interior(c, cells)) {
                    assert!(
                        covers(&shape.polygons, cell_centre(*c)),
                        "tile {} field {id} cell {c}",
                        t.id
                    );
                }
                for (other, their) in fields.iter().filter(|(o, _)| *o != id) {
                    for c in their
                        .iter()
                        .filter(|c| interior(c, their) && cells.binary_search(c).is_err())
                    {
                        assert!(
                            !covers(&shape.polygons, cell_centre(*c)),
                            "tile {} field {id} covers {other}'s cell {c}",
                            t.id
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_point_stands_on_its_own_feature_apart_from_the_others() {
        let mut problems = Vec::new();
        for t in bundled_tiles() {
            let shapes = feature_shapes(&t);
            for (id, shape) in &shapes {
                if !covers(&shape.polygons, shape.point) {
                    problems.push(format!("{} {id}: point {:?} outside its area", t.id, shape.point));
                }
                for (other, theirs) in
                    shapes.range::<String, _>((std::ops::Bound::Excluded(id), std::ops::Bound::Unbounded))
                {
                    let d = (shape.point[0] - theirs.point[0]).hypot(shape.point[1] - theirs.point[1]);
                    if d < MIN_APART {
                        problems.push(format!("{} {id} and {other}: points {d:.3} apart", t.id));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
