//! Plane geometry in tile coordinates (0..1, origin north-west, y south): point-in-polygon,
//! polygon validity, triangulation for drawing, snapping, and where outlines meet the border.
//! What a designer derives from outlines (edges, `on` lists, adjacency) is the editor's.
//!
//! Nothing here draws or knows about egui; everything is unit-tested.

use tilewright_model::Tile;
use tilewright_model::edge::{Layout, Side};

/// A point in tile coordinates.
pub type Point = [f64; 2];

/// Distance below which a point counts as lying on the tile border or on another line.
pub const EPSILON: f64 = 1e-3;

fn sub(a: Point, b: Point) -> Point {
    [a[0] - b[0], a[1] - b[1]]
}

fn cross(a: Point, b: Point) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

/// Euclidean distance.
pub fn distance(a: Point, b: Point) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Rounds a coordinate to four decimals, so files stay readable.
pub fn round(p: Point) -> Point {
    let r = |v: f64| (v.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0;
    [r(p[0]), r(p[1])]
}

/// Whether `p` lies inside `polygon` (even-odd rule; points on the outline may go either way).
pub fn point_in_polygon(p: Point, polygon: &[Point]) -> bool {
    let mut inside = false;
    let n = polygon.len();
    if n < 3 {
        return false;
    }
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[j]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
        j = i;
    }
    inside
}

/// Signed area (positive when the points run clockwise on screen, y growing south).
pub fn signed_area(polygon: &[Point]) -> f64 {
    let n = polygon.len();
    (0..n).map(|i| cross(polygon[i], polygon[(i + 1) % n])).sum::<f64>() / 2.0
}

/// The centroid of a polygon's area (the mean of its points when it has no area).
pub fn centroid(polygon: &[Point]) -> Point {
    let area = signed_area(polygon);
    let n = polygon.len();
    if n == 0 {
        return [0.5, 0.5];
    }
    if area.abs() < 1e-9 {
        let sum = polygon.iter().fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
        return [sum[0] / n as f64, sum[1] / n as f64];
    }
    let (mut cx, mut cy) = (0.0, 0.0);
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        let c = cross(a, b);
        cx += (a[0] + b[0]) * c;
        cy += (a[1] + b[1]) * c;
    }
    [cx / (6.0 * area), cy / (6.0 * area)]
}

/// A point well inside the polygon, for labels and default anchors: the centroid when it is
/// inside, else the centre of the widest horizontal run through the middle height.
pub fn label_point(polygon: &[Point]) -> Point {
    let c = centroid(polygon);
    if point_in_polygon(c, polygon) {
        return c;
    }
    let (min_y, max_y) = polygon
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), p| (lo.min(p[1]), hi.max(p[1])));
    let mut best = (0.0, c);
    for step in 1..10 {
        let y = min_y + (max_y - min_y) * step as f64 / 10.0;
        let mut xs: Vec<f64> = Vec::new();
        let n = polygon.len();
        for i in 0..n {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            if (a[1] > y) != (b[1] > y) {
                xs.push(a[0] + (y - a[1]) / (b[1] - a[1]) * (b[0] - a[0]));
            }
        }
        xs.sort_by(f64::total_cmp);
        for pair in xs.chunks(2) {
            if let [x0, x1] = pair
                && x1 - x0 > best.0
            {
                best = (x1 - x0, [(x0 + x1) / 2.0, y]);
            }
        }
    }
    best.1
}

/// Whether segments `a-b` and `c-d` cross at a point inside both (touching ends do not count).
pub fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = cross(sub(b, a), sub(c, a));
    let d2 = cross(sub(b, a), sub(d, a));
    let d3 = cross(sub(d, c), sub(a, c));
    let d4 = cross(sub(d, c), sub(b, c));
    let eps = 1e-12;
    ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))
}

/// Distance from `p` to the segment `a-b`, and the nearest point on it.
pub fn closest_on_segment(p: Point, a: Point, b: Point) -> (f64, Point) {
    let ab = sub(b, a);
    let len2 = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if len2 < 1e-18 {
        0.0
    } else {
        (((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / len2).clamp(0.0, 1.0)
    };
    let q = [a[0] + ab[0] * t, a[1] + ab[1] * t];
    (distance(p, q), q)
}

/// Distance from `p` to the outline of `polygon`.
pub fn distance_to_outline(p: Point, polygon: &[Point]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| closest_on_segment(p, polygon[i], polygon[(i + 1) % n]).0)
        .fold(f64::MAX, f64::min)
}

/// What is wrong with a polygon.
#[derive(Debug, Clone, PartialEq)]
pub enum PolygonProblem {
    /// Fewer than three points.
    TooFewPoints,
    /// Two consecutive points coincide.
    RepeatedPoint(usize),
    /// The points enclose no area.
    NoArea,
    /// Two sides cross each other (indices of the sides' first points).
    SelfIntersecting(usize, usize),
    /// A point lies outside the tile.
    OutsideTile(usize),
}

impl PolygonProblem {
    /// A sentence for the user.
    pub fn describe(&self) -> String {
        match self {
            PolygonProblem::TooFewPoints => "needs at least 3 points".into(),
            PolygonProblem::RepeatedPoint(i) => format!("point {} repeats the point before it", i + 1),
            PolygonProblem::NoArea => "encloses no area".into(),
            PolygonProblem::SelfIntersecting(i, j) => format!("sides {} and {} cross", i + 1, j + 1),
            PolygonProblem::OutsideTile(i) => format!("point {} lies outside the tile", i + 1),
        }
    }
}

/// Every problem of a polygon; empty when it is a simple polygon inside the tile.
pub fn polygon_problems(polygon: &[Point]) -> Vec<PolygonProblem> {
    let mut problems = Vec::new();
    let n = polygon.len();
    if n < 3 {
        problems.push(PolygonProblem::TooFewPoints);
        return problems;
    }
    for (i, p) in polygon.iter().enumerate() {
        if p.iter().any(|c| !(-1e-9..=1.0 + 1e-9).contains(c)) {
            problems.push(PolygonProblem::OutsideTile(i));
        }
        if distance(*p, polygon[(i + n - 1) % n]) < 1e-9 {
            problems.push(PolygonProblem::RepeatedPoint(i));
        }
    }
    if signed_area(polygon).abs() < 1e-6 {
        problems.push(PolygonProblem::NoArea);
    }
    for i in 0..n {
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            if segments_cross(polygon[i], polygon[(i + 1) % n], polygon[j], polygon[(j + 1) % n]) {
                problems.push(PolygonProblem::SelfIntersecting(i, j));
            }
        }
    }
    problems
}

/// Triangles covering a simple polygon (ear clipping), as indices into it. Polygons that are not
/// simple still get a best-effort fan so that they show up.
pub fn triangulate(polygon: &[Point]) -> Vec<[usize; 3]> {
    let n = polygon.len();
    if n < 3 {
        return Vec::new();
    }
    let clockwise = signed_area(polygon) > 0.0;
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut triangles = Vec::with_capacity(n - 2);
    let convex = |a: Point, b: Point, c: Point| {
        let z = cross(sub(b, a), sub(c, b));
        if clockwise { z > 1e-12 } else { z < -1e-12 }
    };
    let mut guard = 0;
    while remaining.len() > 3 && guard < n * n {
        guard += 1;
        let m = remaining.len();
        let mut clipped = false;
        for k in 0..m {
            let (ia, ib, ic) = (remaining[(k + m - 1) % m], remaining[k], remaining[(k + 1) % m]);
            let (a, b, c) = (polygon[ia], polygon[ib], polygon[ic]);
            if !convex(a, b, c) {
                continue;
            }
            let tri = [a, b, c];
            let blocked = remaining
                .iter()
                .filter(|&&i| i != ia && i != ib && i != ic)
                .any(|&i| point_in_triangle(polygon[i], tri));
            if !blocked {
                triangles.push([ia, ib, ic]);
                remaining.remove(k);
                clipped = true;
                break;
            }
        }
        if !clipped {
            // Not simple (or degenerate): fan the rest.
            for k in 1..remaining.len() - 1 {
                triangles.push([remaining[0], remaining[k], remaining[k + 1]]);
            }
            return triangles;
        }
    }
    if remaining.len() == 3 {
        triangles.push([remaining[0], remaining[1], remaining[2]]);
    }
    triangles
}

fn point_in_triangle(p: Point, [a, b, c]: [Point; 3]) -> bool {
    let d1 = cross(sub(b, a), sub(p, a));
    let d2 = cross(sub(c, b), sub(p, b));
    let d3 = cross(sub(a, c), sub(p, c));
    let neg = d1 < -1e-12 || d2 < -1e-12 || d3 < -1e-12;
    let pos = d1 > 1e-12 || d2 > 1e-12 || d3 > 1e-12;
    !(neg && pos)
}

/// A point turned clockwise about the tile's centre by `turns` quarter turns.
pub fn rotate(p: Point, turns: u8) -> Point {
    let mut q = p;
    for _ in 0..turns % 4 {
        q = [1.0 - q[1], q[0]];
    }
    q
}

/// The point at `position` (0..100, clockwise) along `side`.
pub fn border_point(side: Side, position: f64) -> Point {
    let t = position / 100.0;
    match side {
        Side::N => [t, 0.0],
        Side::E => [1.0, t],
        Side::S => [1.0 - t, 1.0],
        Side::W => [0.0, 1.0 - t],
    }
}

/// The point at perimeter parameter `t` (0..4: north, east, south, west, each 0..1 clockwise).
pub fn perimeter_point(t: f64) -> Point {
    let t = t.rem_euclid(4.0);
    let side = Side::from_index((t.floor() as usize).min(3));
    border_point(side, (t - t.floor()) * 100.0)
}

/// The sides `p` lies on, with its position along each (a corner lies on two).
pub fn sides_of(p: Point) -> Vec<(Side, f64)> {
    let mut out = Vec::new();
    if p[1].abs() < EPSILON {
        out.push((Side::N, p[0] * 100.0));
    }
    if (p[0] - 1.0).abs() < EPSILON {
        out.push((Side::E, p[1] * 100.0));
    }
    if (p[1] - 1.0).abs() < EPSILON {
        out.push((Side::S, (1.0 - p[0]) * 100.0));
    }
    if p[0].abs() < EPSILON {
        out.push((Side::W, (1.0 - p[1]) * 100.0));
    }
    out
}

/// Where a polygon runs along the tile border: `(side, start, end)` spans in positions 0..100.
pub fn border_spans(polygon: &[Point]) -> Vec<(Side, f64, f64)> {
    let n = polygon.len();
    let mut spans = Vec::new();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        for (side, pa) in sides_of(a) {
            if let Some((_, pb)) = sides_of(b).into_iter().find(|(s, _)| *s == side) {
                let (lo, hi) = if pa < pb { (pa, pb) } else { (pb, pa) };
                if hi - lo > 0.5 {
                    spans.push((side, lo, hi));
                }
            }
        }
    }
    spans
}

/// What snapping found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SnapTarget {
    /// A vertex of a polygon.
    Vertex,
    /// A tile corner or a boundary between two edge segments.
    SegmentBoundary,
    /// A point on the tile border.
    Border,
}

/// Candidates to snap to, in tile coordinates.
#[derive(Debug, Clone, Default)]
pub struct SnapTargets {
    /// Vertices of the tile's polygons.
    pub vertices: Vec<Point>,
    /// Tile corners and edge-segment boundaries on the border.
    pub boundaries: Vec<Point>,
}

impl SnapTargets {
    /// Targets for a tile: its corners, its segment boundaries and every polygon vertex except
    /// the one being moved (`skip`: feature, polygon, vertex).
    pub fn for_tile(tile: &Tile, skip: Option<(&str, usize, usize)>) -> SnapTargets {
        let mut targets = SnapTargets {
            boundaries: vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
            ..SnapTargets::default()
        };
        for (k, edge) in tile.edges.iter().enumerate() {
            if let Ok(layout) = Layout::parse(&edge.0) {
                for segment in layout.segments.iter().skip(1) {
                    targets
                        .boundaries
                        .push(border_point(Side::from_index(k), segment.start as f64));
                }
            }
        }
        for (id, feature) in &tile.features {
            for (p, polygon) in feature.polygons.iter().enumerate() {
                for (v, point) in polygon.iter().enumerate() {
                    if skip != Some((id.as_str(), p, v)) {
                        targets.vertices.push(*point);
                    }
                }
            }
        }
        targets
    }

    /// `p` snapped to the nearest target within `radius` (vertices first, then segment
    /// boundaries, then the border), clamped to the tile.
    pub fn snap(&self, p: Point, radius: f64) -> (Point, Option<SnapTarget>) {
        let nearest = |points: &[Point]| {
            points
                .iter()
                .map(|q| (distance(p, *q), *q))
                .filter(|(d, _)| *d <= radius)
                .min_by(|a, b| a.0.total_cmp(&b.0))
        };
        if let Some((_, q)) = nearest(&self.vertices) {
            return (q, Some(SnapTarget::Vertex));
        }
        if let Some((_, q)) = nearest(&self.boundaries) {
            return (q, Some(SnapTarget::SegmentBoundary));
        }
        let clamped = [p[0].clamp(0.0, 1.0), p[1].clamp(0.0, 1.0)];
        let north = (clamped[1], [clamped[0], 0.0]);
        let others = [
            (1.0 - clamped[0], [1.0, clamped[1]]),
            (1.0 - clamped[1], [clamped[0], 1.0]),
            (clamped[0], [0.0, clamped[1]]),
        ];
        let (d, q) = others.into_iter().fold(north, |a, b| if b.0 < a.0 { b } else { a });
        if d <= radius {
            return (q, Some(SnapTarget::Border));
        }
        (clamped, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_model::FeatureKind;

    const SQUARE: [Point; 4] = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];

    use crate::testing::{cap, feature, field_below_cap, tile};

    #[test]
    fn point_in_polygon_handles_concave_shapes() {
        assert!(point_in_polygon([0.5, 0.5], &SQUARE));
        assert!(!point_in_polygon([1.5, 0.5], &SQUARE));
        // An L shape: the notch is outside.
        let l = [[0.0, 0.0], [1.0, 0.0], [1.0, 0.4], [0.4, 0.4], [0.4, 1.0], [0.0, 1.0]];
        assert!(point_in_polygon([0.2, 0.8], &l));
        assert!(point_in_polygon([0.8, 0.2], &l));
        assert!(!point_in_polygon([0.8, 0.8], &l));
        assert!(!point_in_polygon([0.5, 0.5], &[[0.0, 0.0], [1.0, 1.0]]));
    }

    #[test]
    fn polygon_validity() {
        assert!(polygon_problems(&SQUARE).is_empty());
        assert_eq!(polygon_problems(&SQUARE[..2]), vec![PolygonProblem::TooFewPoints]);
        let bow_tie = [[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0]];
        assert!(
            polygon_problems(&bow_tie)
                .iter()
                .any(|p| matches!(p, PolygonProblem::SelfIntersecting(..)))
        );
        let flat = [[0.0, 0.0], [0.5, 0.0], [1.0, 0.0]];
        assert!(polygon_problems(&flat).contains(&PolygonProblem::NoArea));
        let outside = [[0.0, 0.0], [1.2, 0.0], [0.0, 1.0]];
        assert!(polygon_problems(&outside).contains(&PolygonProblem::OutsideTile(1)));
        let repeated = [[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
        assert!(polygon_problems(&repeated).contains(&PolygonProblem::RepeatedPoint(1)));
    }

    #[test]
    fn triangulation_covers_the_area_of_a_concave_polygon() {
        let l = [[0.0, 0.0], [1.0, 0.0], [1.0, 0.4], [0.4, 0.4], [0.4, 1.0], [0.0, 1.0]];
        for polygon in [l.to_vec(), l.iter().rev().copied().collect()] {
            let triangles = triangulate(&polygon);
            assert_eq!(triangles.len(), polygon.len() - 2);
            let area: f64 = triangles
                .iter()
                .map(|t| signed_area(&[polygon[t[0]], polygon[t[1]], polygon[t[2]]]).abs())
                .sum();
            assert!((area - signed_area(&polygon).abs()).abs() < 1e-9);
        }
    }

    #[test]
    fn rotation_moves_north_to_east() {
        assert_eq!(rotate([0.5, 0.0], 1), [1.0, 0.5]);
        assert_eq!(rotate([0.5, 0.0], 2), [0.5, 1.0]);
        assert_eq!(rotate([0.2, 0.1], 4), [0.2, 0.1]);
        assert_eq!(perimeter_point(1.5), [1.0, 0.5]);
        assert_eq!(perimeter_point(3.25), [0.0, 0.75]);
    }

    #[test]
    fn snapping_prefers_vertices_then_boundaries_then_the_border() {
        let t = tile(
            ["road", "field", "field", "field"],
            vec![("c", feature(FeatureKind::City, vec![cap()]))],
        );
        let targets = SnapTargets::for_tile(&t, None);
        // The road's boundary at 40% along the north edge.
        assert_eq!(
            targets.snap([0.41, 0.01], 0.03),
            ([0.4, 0.0], Some(SnapTarget::SegmentBoundary))
        );
        assert_eq!(targets.snap([0.69, 0.31], 0.03), ([0.7, 0.3], Some(SnapTarget::Vertex)));
        assert_eq!(targets.snap([0.98, 0.3], 0.03), ([1.0, 0.3], Some(SnapTarget::Border)));
        assert_eq!(targets.snap([0.5, 0.5], 0.03), ([0.5, 0.5], None));
        assert_eq!(targets.snap([1.3, -0.2], 0.03).0, [1.0, 0.0]);
        // The vertex being dragged is not a target.
        let targets = SnapTargets::for_tile(&t, Some(("c", 0, 2)));
        assert_eq!(targets.snap([0.69, 0.31], 0.03).1, None);
    }

    #[test]
    fn border_spans_follow_sides_including_corners() {
        let spans = border_spans(&cap());
        assert_eq!(spans, vec![(Side::N, 0.0, 100.0)]);
        let spans = border_spans(&field_below_cap());
        assert!(spans.contains(&(Side::E, 0.0, 100.0)));
        assert!(spans.contains(&(Side::S, 0.0, 100.0)));
        assert!(spans.contains(&(Side::W, 0.0, 100.0)));
        assert!(!spans.iter().any(|s| s.0 == Side::N));
    }

    #[test]
    fn label_points_fall_inside() {
        let u = [
            [0.0, 0.0],
            [0.2, 0.0],
            [0.2, 0.8],
            [0.8, 0.8],
            [0.8, 0.0],
            [1.0, 0.0],
            [1.0, 1.0],
            [0.0, 1.0],
        ];
        assert!(point_in_polygon(label_point(&u), &u));
        assert!((centroid(&SQUARE)[0] - 0.5).abs() < 1e-12);
    }
}
