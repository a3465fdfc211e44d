//! The part of a schematic each field covers: the tile is cut into a grid of cells, the cells
//! under city walls and roads are taken out, and each field gets the connected areas that touch
//! its border segments; areas no segment reaches go to the inner fields (fields with no `on`).
//! Fields the drawing fails to keep apart end up sharing an area, which the tests catch; the
//! editor's canvas uses the areas to pick a field under the pointer, and [`crate::shapes`]
//! traces them into the fields' outlines.

use std::collections::BTreeMap;

use tilewright_model::edge::SegmentKind;
use tilewright_model::{FeatureKind, Tile};

use crate::geometry::{self, Point, perimeter_point};
use crate::schematic::{Schematic, inward};

/// Cells per side of the grid.
pub const GRID: usize = 64;

/// Distance from a wall's centre line within which a cell counts as under the wall (the wall
/// is drawn 0.018 wide).
const WALL: f64 = 0.012;

/// The cells (`y * GRID + x`) of each field of a schematic.
#[derive(Debug, Clone, Default)]
pub struct FieldRegions {
    /// Each field's cells, in rising order.
    pub fields: BTreeMap<String, Vec<usize>>,
}

/// The centre of a cell.
pub fn cell_centre(cell: usize) -> Point {
    let (x, y) = (cell % GRID, cell / GRID);
    [(x as f64 + 0.5) / GRID as f64, (y as f64 + 0.5) / GRID as f64]
}

/// The cell under a tile point (points outside the tile go to the nearest cell).
pub fn cell_of(p: Point) -> usize {
    let c = |v: f64| ((v * GRID as f64).floor().max(0.0) as usize).min(GRID - 1);
    c(p[1]) * GRID + c(p[0])
}

/// The 4-connected neighbours of a cell.
pub fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (cell % GRID, cell / GRID);
    [
        (x > 0).then(|| cell - 1),
        (x + 1 < GRID).then(|| cell + 1),
        (y > 0).then(|| cell - GRID),
        (y + 1 < GRID).then(|| cell + GRID),
    ]
    .into_iter()
    .flatten()
}

/// Whether `cells` form one 4-connected area.
pub fn connected(cells: &[usize]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut stack = vec![first];
    while let Some(c) = stack.pop() {
        for n in neighbours(c) {
            if cells.binary_search(&n).is_ok() && !seen.contains(&n) {
                seen.push(n);
                stack.push(n);
            }
        }
    }
    seen.len() == cells.len()
}

impl FieldRegions {
    /// The field under a tile point.
    pub fn field_at(&self, p: Point) -> Option<&str> {
        let cell = cell_of(p);
        self.fields
            .iter()
            .find(|(_, cells)| cells.binary_search(&cell).is_ok())
            .map(|(id, _)| id.as_str())
    }
}

/// Whether a point is under a city or a road of the drawing.
fn covered(drawing: &Schematic, p: Point) -> bool {
    let city = drawing.cities.iter().any(|c| {
        c.outline.len() >= 3
            && (geometry::point_in_polygon(p, &c.outline) || geometry::distance_to_outline(p, &c.outline) < WALL)
    });
    let on = |paths: &[Vec<Point>], width: f64| {
        paths.iter().any(|path| {
            path.windows(2)
                .any(|w| geometry::closest_on_segment(p, w[0], w[1]).0 < width / 2.0)
        })
    };
    city || drawing.roads.iter().any(|r| on(&r.paths, r.width)) || drawing.courses.iter().any(|c| on(&c.paths, c.width))
}

/// The connected areas of the open cells: each cell's area (`usize::MAX` for a covered cell),
/// and how many areas there are.
pub fn label_areas(open: &[bool]) -> (Vec<usize>, usize) {
    let mut area = vec![usize::MAX; GRID * GRID];
    let mut areas = 0;
    for start in 0..GRID * GRID {
        if !open[start] || area[start] != usize::MAX {
            continue;
        }
        area[start] = areas;
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            for n in neighbours(c) {
                if open[n] && area[n] == usize::MAX {
                    area[n] = areas;
                    stack.push(n);
                }
            }
        }
        areas += 1;
    }
    (area, areas)
}

/// The field regions of `drawing`, the schematic of `tile`.
pub fn field_regions(tile: &Tile, drawing: &Schematic) -> FieldRegions {
    // A field drawn by hand keeps its area: the other fields' regions go round it (an inner
    // field that no edge reaches, between two cities).
    let drawn: Vec<&Vec<Point>> = tile
        .features
        .values()
        .filter(|f| f.kind == FeatureKind::Field)
        .flat_map(|f| &f.polygons)
        .collect();
    let open: Vec<bool> = (0..GRID * GRID)
        .map(|c| {
            let p = cell_centre(c);
            !covered(drawing, p) && !drawn.iter().any(|polygon| geometry::point_in_polygon(p, polygon))
        })
        .collect();
    let (area, areas) = label_areas(&open);
    // Each field claims the areas of the open border cells along its segments.
    let mut claims: Vec<Vec<&str>> = vec![Vec::new(); areas];
    for segment in &drawing.border {
        let (SegmentKind::Field, Some(owner)) = (segment.kind, &segment.owner) else {
            continue;
        };
        let samples = 24;
        for k in 0..samples {
            let t = segment.t0 + (segment.t1 - segment.t0) * (k as f64 + 0.5) / samples as f64;
            let (p, n) = (perimeter_point(t), inward(segment.side));
            let cell = cell_of([p[0] + n[0] * 0.5 / GRID as f64, p[1] + n[1] * 0.5 / GRID as f64]);
            if open[cell]
                && let a = area[cell]
                && !claims[a].contains(&owner.as_str())
            {
                claims[a].push(owner);
            }
        }
    }
    // Areas no segment reaches go to the inner fields in turn.
    let inner: Vec<&str> = tile
        .features
        .iter()
        .filter(|(_, f)| f.kind == FeatureKind::Field && f.on.is_empty())
        .map(|(id, _)| id.as_str())
        .collect();
    let mut next = 0;
    for claim in claims.iter_mut().filter(|c| c.is_empty()) {
        if !inner.is_empty() {
            claim.push(inner[next % inner.len()]);
            next += 1;
        }
    }
    let mut fields: BTreeMap<String, Vec<usize>> = tile
        .features
        .iter()
        .filter(|(_, f)| f.kind == FeatureKind::Field)
        .map(|(id, _)| (id.clone(), Vec::new()))
        .collect();
    for (cell, &a) in area.iter().enumerate() {
        if a == usize::MAX {
            continue;
        }
        for owner in &claims[a] {
            if let Some(cells) = fields.get_mut(*owner) {
                cells.push(cell);
            }
        }
    }
    FieldRegions { fields }
}
