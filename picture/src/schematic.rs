//! A clean drawing of a tile from its definition alone (edges and features), for tiles without
//! an image such as the bundled ones: city caps and bands with curved walls, roads as curves
//! between their edges, monasteries, gardens, pennants and markers, and a badge per declared
//! mark or printed token a feature carries. Pure geometry in tile coordinates; [`crate::svg`]
//! and the editor paint it.

use std::collections::BTreeMap;

use tilewright_model::edge::{Layout, SegmentKind, Side, resolve_on};
use tilewright_model::{FeatureKind, Marker, Placement, RoadEnd, Tile};

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

/// The segments of one declared edge kind on a tile (a river), drawn as a band through the
/// tile: from end to end, or from its one end to the middle.
#[derive(Debug, Clone)]
pub struct CourseShape {
    /// The kind's name.
    pub kind: String,
    /// Centre lines.
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
    /// Declared edge kinds' courses (no feature owns them).
    pub courses: Vec<CourseShape>,
    /// Where roads meet at a crossing.
    pub crossings: Vec<Point>,
    /// Houses ending roads.
    pub houses: Vec<Point>,
    /// Monasteries by id.
    pub monasteries: Vec<(String, Point)>,
    /// The monasteries of abbeys (hole-placed tiles with wildcard edges), drawn as cloisters
    /// whose walls reach every side.
    pub abbeys: Vec<(String, Point)>,
    /// Gardens by id.
    pub gardens: Vec<(String, Point)>,
    /// Where a follower on each feature would stand (the stated anchor, else a sensible point).
    pub anchors: BTreeMap<String, Point>,
    /// Markers and where to draw them.
    pub markers: Vec<(Marker, Point)>,
    /// The declared marks and printed tokens features carry, one badge each, beside the
    /// feature's anchor.
    pub badges: Vec<Badge>,
    /// The border's segments in clockwise order, with their owners.
    pub border: Vec<BorderSegment>,
}

/// What a badge stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadgeKind {
    /// A mark the feature carries (drawn as a disc).
    Mark,
    /// A token printed on the feature (drawn as a small square).
    Token,
}

/// A small sign for one mark or token on a feature: what it is is data, so the drawing shows
/// the id's initial in a colour derived from the id ([`crate::badge`]), never a picture
/// of what the id might mean.
#[derive(Debug, Clone, PartialEq)]
pub struct Badge {
    /// The feature carrying it.
    pub feature: String,
    /// The mark's or token's id.
    pub id: String,
    /// Mark or token.
    pub kind: BadgeKind,
    /// Its centre.
    pub at: Point,
}

/// Distance between the centres of neighbouring badges, in tile units.
pub const BADGE_STEP: f64 = 0.085;

/// Where the badges of a feature go: its marks in a row from `marks_at` leftwards, its tokens
/// in a row centred below its `anchor`; each kept inside the tile.
fn badges_at(feature_id: &str, (anchor, marks_at): (Point, Point), marks: &[String], tokens: &[String]) -> Vec<Badge> {
    let inside = |p: Point| p.map(|v| v.clamp(0.06, 0.94));
    let marks = marks.iter().enumerate().map(|(k, id)| Badge {
        feature: feature_id.to_owned(),
        id: id.clone(),
        kind: BadgeKind::Mark,
        at: inside([marks_at[0] - k as f64 * BADGE_STEP, marks_at[1]]),
    });
    let first = -(tokens.len().saturating_sub(1) as f64) * BADGE_STEP / 2.0;
    let tokens = tokens.iter().enumerate().map(|(k, id)| Badge {
        feature: feature_id.to_owned(),
        id: id.clone(),
        kind: BadgeKind::Token,
        at: inside([anchor[0] + first + k as f64 * BADGE_STEP, anchor[1] + 0.1]),
    });
    marks.chain(tokens).collect()
}

/// Where a feature's first mark goes: on a road, on the road itself a quarter of the way
/// along its first stretch (so it is not taken for a sign of the city or field beside it,
/// and the follower's spot stays clear); elsewhere up and to the left of the anchor (a
/// city's pennants go to the right).
fn first_mark_at(drawing: &Schematic, id: &str, anchor: Point) -> Point {
    let on_road = drawing
        .roads
        .iter()
        .find(|r| r.id == id)
        .and_then(|r| r.paths.first())
        .and_then(|path| {
            let end = *path.last()?;
            Some(if path.len() > 3 {
                path[path.len() / 4]
            } else {
                [path[0][0] * 0.75 + end[0] * 0.25, path[0][1] * 0.75 + end[1] * 0.25]
            })
        });
    on_road.unwrap_or([anchor[0] - 0.1, anchor[1] - 0.07])
}

/// The unit vector pointing into the tile from `side`.
pub fn inward(side: Side) -> Point {
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

/// One segment of the tile's border, in clockwise order around the tile, with the feature
/// that owns it.
#[derive(Debug, Clone, PartialEq)]
pub struct BorderSegment {
    /// Where it starts and ends on the perimeter (0..4: north, east, south, west).
    pub t0: f64,
    /// See `t0`.
    pub t1: f64,
    /// The side it lies on.
    pub side: Side,
    /// Its kind.
    pub kind: SegmentKind,
    /// The feature whose `on` names it.
    pub owner: Option<String>,
}

/// Every segment of the border in clockwise order, with its owner.
fn border_segments(tile: &Tile, layouts: &[Layout; 4]) -> Vec<BorderSegment> {
    let mut owners: BTreeMap<(Side, usize), &str> = BTreeMap::new();
    for (id, feature) in &tile.features {
        for (side, indices) in resolve_on(feature, layouts).flatten() {
            for i in indices {
                owners.insert((side, i), id);
            }
        }
    }
    let mut out = Vec::new();
    for side in Side::ALL {
        let k = side as usize as f64;
        for (i, s) in layouts[side as usize].segments.iter().enumerate() {
            out.push(BorderSegment {
                t0: k + s.start as f64 / 100.0,
                t1: k + s.end as f64 / 100.0,
                side,
                kind: s.kind,
                owner: owners.get(&(side, i)).map(|id| (*id).to_owned()),
            });
        }
    }
    out
}

/// The segments a feature owns, as perimeter spans `(t0, t1, side)`.
fn feature_spans(border: &[BorderSegment], id: &str) -> Vec<(f64, f64, Side)> {
    border
        .iter()
        .filter(|s| s.owner.as_deref() == Some(id))
        .map(|s| (s.t0, s.t1, s.side))
        .collect()
}

fn parse_layouts(tile: &Tile) -> Option<[Layout; 4]> {
    let layouts: Vec<Layout> = tile
        .edges
        .iter()
        .map(|e| Layout::parse(&e.0).ok())
        .collect::<Option<_>>()?;
    layouts.try_into().ok()
}

/// How far a wall between two points of one side bows into the tile, as a share of their
/// distance: a cap's wall, and the deeper wall of a city that crosses a side another city
/// holds, which leaves a field between the two.
const WALL_BOW: f64 = 0.6;
const CROWDED_WALL_BOW: f64 = 0.9;
/// How far a wall from corner to opposite corner bows back towards its city's corner, beside
/// an inner field.
const POCKET_WALL_BOW: f64 = 0.3;

/// A city outline from its border spans: the spans along the border, joined by walls that
/// curve into the tile; a wall along a side in `crowded` (held by another city) bows deeper.
/// With `pocket` (an inner field lies beside the city), a wall from corner to opposite corner
/// bows back towards the city instead of running straight through the centre, so that two
/// city corners back to back leave the field between them room.
pub fn city_outline(spans: &[(f64, f64, Side)], crowded: [bool; 4], pocket: bool) -> Vec<Point> {
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
            Some(side) => {
                let bow = if crowded[side as usize] {
                    CROWDED_WALL_BOW
                } else {
                    WALL_BOW
                };
                add(mid, inward(side), bow * geometry::distance(a, b))
            }
            // Opposite corners: the wall would cross the centre.
            None if pocket && geometry::distance(mid, [0.5, 0.5]) < 1e-9 => {
                let covered = perimeter_point(t0.floor() + 1.0);
                add(mid, [covered[0] - mid[0], covered[1] - mid[1]], POCKET_WALL_BOW)
            }
            None => add(mid, [0.5 - mid[0], 0.5 - mid[1]], 1.2),
        };
        for step in 1..16 {
            outline.push(quadratic(a, control, b, step as f64 / 16.0));
        }
    }
    outline
}

/// Pulls the wall vertex of `outline` nearest `tip` out to it, making a tongue of the city
/// that reaches `tip` (on the border, or on a road).
fn add_tongue(outline: &mut [Point], tip: Point) {
    let nearest = outline
        .iter()
        .enumerate()
        .filter(|(_, p)| sides_of(**p).is_empty())
        .min_by(|a, b| geometry::distance(*a.1, tip).total_cmp(&geometry::distance(*b.1, tip)))
        .map(|(i, _)| i);
    if let Some(i) = nearest {
        outline[i] = tip;
    }
}

/// Whether two drawn features touch, so that no field passes between them.
fn touching(drawing: &Schematic, a: &str, b: &str) -> bool {
    let city = |id: &str| drawing.cities.iter().find(|c| c.id == id && c.outline.len() >= 3);
    let road = |id: &str| drawing.roads.iter().find(|r| r.id == id);
    let road_meets = |r: &RoadShape, reach: f64, hit: &dyn Fn(Point, f64) -> bool| {
        r.paths.iter().flatten().any(|p| hit(*p, reach + r.width / 2.0))
    };
    match (city(a), city(b), road(a), road(b)) {
        (Some(x), Some(y), _, _) => x
            .outline
            .iter()
            .any(|p| geometry::distance_to_outline(*p, &y.outline) < 0.02),
        (Some(c), None, _, Some(r)) | (None, Some(c), Some(r), _) => road_meets(r, 0.01, &|p, reach| {
            geometry::point_in_polygon(p, &c.outline) || geometry::distance_to_outline(p, &c.outline) < reach
        }),
        (None, None, Some(x), Some(y)) => road_meets(x, y.width / 2.0, &|p, reach| {
            y.paths.iter().any(|path| {
                path.windows(2)
                    .any(|w| geometry::closest_on_segment(p, w[0], w[1]).0 < reach)
            })
        }),
        _ => false,
    }
}

/// The city that should reach between fields `a` and `b`: one both border, else one either
/// borders, else the one nearest `t` along the border.
fn dividing_city(tile: &Tile, drawing: &Schematic, (a, b): (&str, &str), t: f64) -> Option<usize> {
    let borders = |field: &str, city: &str| {
        tile.features
            .get(field)
            .is_some_and(|f| f.cities.iter().any(|c| c == city))
    };
    let usable = |c: &&CityShape| c.outline.len() >= 3 && c.outline.len() != 4;
    let rank = |c: &CityShape| {
        let shared = usize::from(borders(a, &c.id)) + usize::from(borders(b, &c.id));
        let near = c
            .outline
            .iter()
            .map(|p| geometry::distance(*p, perimeter_point(t)))
            .fold(f64::MAX, f64::min);
        (std::cmp::Reverse(shared), (near * 1000.0) as i64)
    };
    drawing
        .cities
        .iter()
        .enumerate()
        .filter(|(_, c)| usable(c))
        .min_by_key(|(_, c)| rank(c))
        .map(|(i, _)| i)
}

/// Whether a tile is an abbey: placed into holes, with wildcard edges all round.
pub fn is_abbey(tile: &Tile, layouts: Option<&[Layout; 4]>) -> bool {
    tile.placement == Placement::Hole && layouts.is_some_and(|l| l.iter().all(Layout::has_any))
}

/// The drawing of `tile` from its definition.
///
/// Every feature of the data is drawn, and fields the data keep apart are kept apart: two
/// fields meeting on the border with nothing between them are split by a tongue of a city
/// reaching the point where they meet; a field whose border run lies between two features that
/// do not meet (a city and a road passing it, two roads ending at houses) gets them joined (a
/// tongue of the city reaching the road, one house both roads end at); a gate road runs to its
/// city's wall; and a road leg between two halves of one field stops short, so the field
/// passes round it.
pub fn schematic(tile: &Tile) -> Schematic {
    let layouts = parse_layouts(tile);
    let mut out = Schematic {
        border: layouts.as_ref().map(|l| border_segments(tile, l)).unwrap_or_default(),
        ..Schematic::default()
    };
    let centre = [0.5, 0.5];
    // Cities first: roads and dividers reach them.
    for (id, feature) in tile.features.iter().filter(|(_, f)| f.kind == FeatureKind::City) {
        let crowded = Side::ALL.map(|side| {
            out.border
                .iter()
                .any(|s| s.side == side && s.kind == SegmentKind::City && s.owner.as_deref().is_some_and(|o| o != id))
        });
        let pocket = tile
            .features
            .values()
            .any(|f| f.kind == FeatureKind::Field && f.on.is_empty() && f.cities.contains(id));
        let outline = city_outline(&feature_spans(&out.border, id), crowded, pocket);
        out.cities.push(CityShape {
            id: id.clone(),
            outline,
            pennants: feature.pennants,
        });
    }
    // Tongues where two fields meet on the border.
    let n = out.border.len();
    for i in 0..n {
        let (s, next) = (&out.border[i], &out.border[(i + 1) % n]);
        if let (SegmentKind::Field, SegmentKind::Field, Some(a), Some(b)) = (s.kind, next.kind, &s.owner, &next.owner)
            && a != b
            && let Some(c) = dividing_city(tile, &out, (a, b), s.t1)
        {
            let tip = perimeter_point(s.t1);
            add_tongue(&mut out.cities[c].outline, tip);
        }
    }
    let mut crossing = false;
    for (id, feature) in tile.features.iter().filter(|(_, f)| f.kind == FeatureKind::Road) {
        let spans = feature_spans(&out.border, id);
        let road = road_shape(tile, &out, id, feature, &spans);
        if feature.end == Some(RoadEnd::Crossing) || spans.len() > 2 {
            crossing = true;
        }
        out.houses.extend(road.1);
        out.roads.push(road.0);
    }
    out.courses = course_shapes(&out.border);
    join_separators(tile, &mut out);
    for city in &out.cities {
        let anchor = if city.outline.is_empty() {
            centre
        } else {
            label_point(&city.outline)
        };
        let stated = tile.features.get(&city.id).and_then(|f| f.anchor);
        out.anchors.insert(city.id.clone(), stated.unwrap_or(anchor));
    }
    for road in &out.roads {
        let anchor = road
            .paths
            .first()
            .map(|p: &Vec<Point>| {
                if p.len() <= 3 {
                    let end = p[p.len() - 1];
                    [(p[0][0] * 0.55 + end[0] * 0.45), (p[0][1] * 0.55 + end[1] * 0.45)]
                } else {
                    p[p.len() / 2]
                }
            })
            .unwrap_or(centre);
        let stated = tile.features.get(&road.id).and_then(|f| f.anchor);
        out.anchors.insert(road.id.clone(), stated.unwrap_or(anchor));
    }
    let abbey = is_abbey(tile, layouts.as_ref());
    for (id, feature) in &tile.features {
        match feature.kind {
            FeatureKind::City | FeatureKind::Road => {}
            FeatureKind::Field => {
                let anchor = feature_spans(&out.border, id)
                    .first()
                    .map(|&(t0, t1, side)| add(perimeter_point((t0 + t1) / 2.0), inward(side), 0.12))
                    .unwrap_or([0.5, 0.8]);
                out.anchors.insert(id.clone(), feature.anchor.unwrap_or(anchor));
            }
            FeatureKind::Monastery => {
                let at = feature.anchor.unwrap_or(centre);
                if abbey {
                    out.abbeys.push((id.clone(), at));
                } else {
                    out.monasteries.push((id.clone(), at));
                }
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
    for (id, feature) in &tile.features {
        if let Some(&anchor) = out.anchors.get(id) {
            let marks_at = first_mark_at(&out, id, anchor);
            out.badges
                .extend(badges_at(id, (anchor, marks_at), &feature.marks, &feature.tokens));
        }
    }
    for (i, marker) in tile.markers.iter().enumerate() {
        let spot = [[0.16, 0.84], [0.84, 0.84], [0.84, 0.16], [0.16, 0.16]][i % 4];
        out.markers.push((*marker, spot));
    }
    out
}

/// The courses of the declared edge kinds on the border: each kind's ends joined through the
/// tile (two ends by a curve, one or more than two each to the middle).
fn course_shapes(border: &[BorderSegment]) -> Vec<CourseShape> {
    let mut kinds: Vec<SegmentKind> = Vec::new();
    for segment in border {
        if matches!(segment.kind, SegmentKind::Declared(_)) && !kinds.contains(&segment.kind) {
            kinds.push(segment.kind);
        }
    }
    let centre = [0.5, 0.5];
    kinds
        .into_iter()
        .map(|kind| {
            let ends: Vec<(Point, Point)> = border
                .iter()
                .filter(|s| s.kind == kind)
                .map(|s| (perimeter_point((s.t0 + s.t1) / 2.0), inward(s.side)))
                .collect();
            let paths = match ends.as_slice() {
                [(a, na), (b, nb)] => {
                    let (c1, c2) = (add(*a, *na, 0.4), add(*b, *nb, 0.4));
                    vec![(0..=24).map(|s| cubic(*a, c1, c2, *b, s as f64 / 24.0)).collect()]
                }
                many => many.iter().map(|(a, _)| vec![*a, centre]).collect(),
            };
            CourseShape {
                kind: kind.as_str().to_owned(),
                paths,
                width: 0.14,
            }
        })
        .collect()
}

/// The road `id`'s centre lines, and the house it ends at, if any.
fn road_shape(
    tile: &Tile,
    drawing: &Schematic,
    id: &str,
    feature: &tilewright_model::Feature,
    spans: &[(f64, f64, Side)],
) -> (RoadShape, Option<Point>) {
    let centre = [0.5, 0.5];
    let ends: Vec<(Point, Point, f64)> = spans
        .iter()
        .map(|&(t0, t1, side)| (perimeter_point((t0 + t1) / 2.0), inward(side), (t1 - t0)))
        .collect();
    let width = ends
        .iter()
        .map(|e| (e.2 * 0.6).clamp(0.05, 0.13))
        .fold(0.12f64, f64::min);
    // An end with one field on both sides of it is a dead end: the field passes round it.
    let dead_end = |(t0, t1, _): (f64, f64, Side)| {
        let at = |t: f64| (t.rem_euclid(4.0) * 1e6).round();
        let before = drawing.border.iter().find(|s| at(s.t1) == at(t0));
        let after = drawing.border.iter().find(|s| at(s.t0) == at(t1));
        matches!((before, after), (Some(b), Some(a)) if b.kind == SegmentKind::Field && b.owner.is_some() && b.owner == a.owner && a.kind == SegmentKind::Field)
    };
    let target = match (feature.end, &feature.at) {
        (Some(RoadEnd::Monastery), Some(at)) => tile.features.get(at).and_then(|m| m.anchor).unwrap_or(centre),
        _ => centre,
    };
    let mut paths = Vec::new();
    let mut house = None;
    match (ends.as_slice(), spans) {
        ([], _) => {}
        ([(a, na, _), (b, nb, _)], [s, t]) if feature.end.is_none() => {
            let (stub_a, stub_b) = (dead_end(*s), dead_end(*t));
            if stub_a || stub_b {
                for (stub, p, n) in [(stub_a, a, na), (stub_b, b, nb)] {
                    paths.push(vec![*p, if stub { add(*p, *n, 0.15) } else { centre }]);
                }
            } else {
                let (c1, c2) = (add(*a, *na, 0.4), add(*b, *nb, 0.4));
                paths.push((0..=24).map(|s| cubic(*a, c1, c2, *b, s as f64 / 24.0)).collect());
            }
        }
        ([(a, n, _)], _) => {
            let stop = match (feature.end, &feature.at) {
                (Some(RoadEnd::House), _) => {
                    let at = add(*a, *n, 0.34);
                    house = Some(at);
                    at
                }
                (Some(RoadEnd::CityGate), Some(city)) => {
                    wall_hit(drawing, city, *a).unwrap_or_else(|| add(*a, *n, 0.45))
                }
                (Some(RoadEnd::CityGate), None) => add(*a, *n, 0.45),
                _ => target,
            };
            // Leave the edge square before turning towards the stop.
            let square = add(*a, *n, 0.08);
            if geometry::distance(*a, stop) > 0.12 {
                paths.push(vec![*a, square, stop]);
            } else {
                paths.push(vec![*a, stop]);
            }
        }
        (many, _) => {
            for (a, _, _) in many {
                paths.push(vec![*a, target]);
            }
        }
    }
    (
        RoadShape {
            id: id.to_owned(),
            paths,
            width,
        },
        house,
    )
}

/// Where a road from `from` towards city `id` meets its wall, a little inside (the wall is
/// drawn over the road's end).
fn wall_hit(drawing: &Schematic, id: &str, from: Point) -> Option<Point> {
    let city = drawing.cities.iter().find(|c| c.id == id && c.outline.len() >= 3)?;
    let towards = label_point(&city.outline);
    let n = city.outline.len();
    let steps = 200;
    (1..=steps).map(|s| s as f64 / steps as f64).find_map(|t| {
        let p = [
            from[0] + (towards[0] - from[0]) * t,
            from[1] + (towards[1] - from[1]) * t,
        ];
        let inside = geometry::point_in_polygon(p, &city.outline)
            || (0..n).any(|i| geometry::closest_on_segment(p, city.outline[i], city.outline[(i + 1) % n]).0 < 0.005);
        inside.then(|| {
            let u = (t + 0.03).min(1.0);
            [
                from[0] + (towards[0] - from[0]) * u,
                from[1] + (towards[1] - from[1]) * u,
            ]
        })
    })
}

/// Joins the features on either side of each field's runs along the border where they do not
/// meet yet, so each field is closed off as the data say.
fn join_separators(tile: &Tile, out: &mut Schematic) {
    let n = out.border.len();
    if n == 0 {
        return;
    }
    // For each run of field segments of one owner: the owners of the segments either side.
    let mut runs: Vec<(String, Option<String>, Option<String>)> = Vec::new();
    for i in 0..n {
        let s = &out.border[i];
        let prev = &out.border[(i + n - 1) % n];
        let (SegmentKind::Field, Some(field)) = (s.kind, &s.owner) else {
            continue;
        };
        if prev.kind == SegmentKind::Field && prev.owner == s.owner {
            continue;
        }
        let mut j = i;
        while out.border[(j + 1) % n].kind == SegmentKind::Field
            && out.border[(j + 1) % n].owner == s.owner
            && (j + 1) % n != i
        {
            j += 1;
        }
        let after = &out.border[(j + 1) % n];
        let separator = |seg: &BorderSegment| match seg.kind {
            SegmentKind::Field => None,
            SegmentKind::Declared(_) => Some(course_id(seg.kind)),
            _ => seg.owner.clone(),
        };
        runs.push((field.clone(), separator(prev), separator(after)));
    }
    // Each field's runs in order: after one run, before the next.
    let mut pairs: Vec<(String, String)> = Vec::new();
    let fields: Vec<&String> = runs
        .iter()
        .map(|r| &r.0)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    for field in fields {
        let mine: Vec<&(String, Option<String>, Option<String>)> = runs.iter().filter(|r| &r.0 == field).collect();
        for k in 0..mine.len() {
            if let (Some(a), Some(b)) = (&mine[k].2, &mine[(k + 1) % mine.len()].1)
                && a != b
            {
                pairs.push((a.clone(), b.clone()));
            }
        }
    }
    // Features joined so far, as groups.
    let mut group: BTreeMap<String, usize> = BTreeMap::new();
    let ids: Vec<String> = out
        .cities
        .iter()
        .map(|c| c.id.clone())
        .chain(out.roads.iter().map(|r| r.id.clone()))
        .collect();
    for (k, id) in ids.iter().enumerate() {
        group.insert(id.clone(), k);
    }
    let merge = |group: &mut BTreeMap<String, usize>, a: &str, b: &str| {
        if let (Some(&ga), Some(&gb)) = (group.get(a), group.get(b)) {
            for g in group.values_mut() {
                if *g == gb {
                    *g = ga;
                }
            }
        }
    };
    for a in &ids {
        for b in &ids {
            if a < b && touching(out, a, b) {
                merge(&mut group, a, b);
            }
        }
    }
    let mut reached = std::collections::BTreeSet::new();
    for (a, b) in pairs {
        if group.get(&a) == group.get(&b) || reached.contains(&(a.clone(), b.clone())) {
            continue;
        }
        if join(tile, out, &a, &b) || join(tile, out, &b, &a) {
            merge(&mut group, &a, &b);
            reached.insert((a.clone(), b.clone()));
            reached.insert((b, a));
        }
    }
}

/// The separator standing for a declared kind's course, which no feature owns: the kind's name
/// after a NUL, which no feature id written in a file starts with.
fn course_id(kind: SegmentKind) -> String {
    format!("\u{0}{}", kind.as_str())
}

/// Draws feature `a` reaching the course of separator `course` (a river): a city's tongue, or
/// a road ending at a house carried on to the bank. Whether it could.
fn reach_course(tile: &Tile, out: &mut Schematic, a: &str, course: &str) -> bool {
    let targets: Vec<Point> = out
        .courses
        .iter()
        .filter(|c| c.kind == course)
        .flat_map(|c| c.paths.iter().flatten().copied())
        .filter(|p| sides_of(*p).is_empty())
        .collect();
    match tile.features.get(a).map(|f| (f.kind, f.end)) {
        Some((FeatureKind::City, _)) => {
            let Some(c) = out.cities.iter().position(|c| c.id == a && c.outline.len() > 4) else {
                return false;
            };
            let outline = &out.cities[c].outline;
            let Some(tip) = targets.into_iter().min_by(|p, q| {
                geometry::distance_to_outline(*p, outline).total_cmp(&geometry::distance_to_outline(*q, outline))
            }) else {
                return false;
            };
            add_tongue(&mut out.cities[c].outline, tip);
            true
        }
        Some((FeatureKind::Road, Some(RoadEnd::House))) => {
            let Some(road) = out.roads.iter_mut().find(|r| r.id == a) else {
                return false;
            };
            let Some(last) = road.paths.first_mut().and_then(|p| p.last_mut()) else {
                return false;
            };
            let from = *last;
            let Some(bank) = targets
                .into_iter()
                .min_by(|p, q| geometry::distance(*p, from).total_cmp(&geometry::distance(*q, from)))
            else {
                return false;
            };
            *last = bank;
            out.houses.retain(|h| *h != from);
            out.houses.push(bank);
            true
        }
        _ => false,
    }
}

/// Draws `a` reaching `b`: a city's tongue to a road or another city, or two roads ending at
/// houses ending at one house. Whether it could.
fn join(tile: &Tile, out: &mut Schematic, a: &str, b: &str) -> bool {
    if let Some(course) = b.strip_prefix('\u{0}') {
        return reach_course(tile, out, a, course);
    }
    let kind = |id: &str| tile.features.get(id).map(|f| (f.kind, f.end));
    match (kind(a), kind(b)) {
        (Some((FeatureKind::City, _)), Some((FeatureKind::Road | FeatureKind::City, _))) => {
            let Some(c) = out.cities.iter().position(|c| c.id == a && c.outline.len() > 4) else {
                return false;
            };
            let targets: Vec<Point> = out
                .roads
                .iter()
                .filter(|r| r.id == b)
                .flat_map(|r| r.paths.iter().flatten().copied())
                .chain(
                    out.cities
                        .iter()
                        .filter(|o| o.id == b)
                        .flat_map(|o| o.outline.iter().copied()),
                )
                .collect();
            let outline = &out.cities[c].outline;
            let Some(tip) = targets.into_iter().filter(|p| sides_of(*p).is_empty()).min_by(|p, q| {
                geometry::distance_to_outline(*p, outline).total_cmp(&geometry::distance_to_outline(*q, outline))
            }) else {
                return false;
            };
            add_tongue(&mut out.cities[c].outline, tip);
            true
        }
        (Some((FeatureKind::Road, Some(RoadEnd::House))), Some((FeatureKind::Road, Some(RoadEnd::House)))) => {
            let end = |id: &str| {
                out.roads
                    .iter()
                    .find(|r| r.id == id)
                    .and_then(|r| r.paths.first()?.last().copied())
            };
            let (Some(x), Some(y)) = (end(a), end(b)) else {
                return false;
            };
            let meet = [(x[0] + y[0]) / 2.0, (x[1] + y[1]) / 2.0];
            out.houses.retain(|h| *h != x && *h != y);
            out.houses.push(meet);
            for road in out.roads.iter_mut().filter(|r| r.id == a || r.id == b) {
                if let Some(last) = road.paths.first_mut().and_then(|p| p.last_mut()) {
                    *last = meet;
                }
            }
            true
        }
        _ => false,
    }
}

/// Outlines generated from the schematic, for features that have none: cities, roads
/// (widened centre lines, one polygon per branch), monasteries and gardens. Fields are left to
/// the designer.
pub fn generated_outlines(tile: &Tile) -> BTreeMap<String, Vec<Vec<Point>>> {
    outlines_of(&schematic(tile))
}

/// The outlines [`generated_outlines`] gives, from a drawing already made.
pub fn outlines_of(drawing: &Schematic) -> BTreeMap<String, Vec<Vec<Point>>> {
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
    for (id, at) in drawing
        .monasteries
        .iter()
        .chain(&drawing.abbeys)
        .chain(&drawing.gardens)
    {
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
    use tilewright_model::TileSet;

    fn base() -> TileSet {
        crate::testing::bundled_sets().swap_remove(0)
    }

    use crate::testing::bundled_tiles;

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
    fn every_mark_and_token_of_the_bundled_tiles_gets_a_badge_inside_the_tile() {
        let mut seen = (0, 0);
        for tile in &bundled_tiles() {
            let drawing = schematic(tile);
            for (id, feature) in &tile.features {
                let on = |kind| {
                    drawing
                        .badges
                        .iter()
                        .filter(|b| b.feature == *id && b.kind == kind)
                        .map(|b| b.id.clone())
                        .collect::<Vec<_>>()
                };
                assert_eq!(on(BadgeKind::Mark), feature.marks, "tile {} {id}", tile.id);
                assert_eq!(on(BadgeKind::Token), feature.tokens, "tile {} {id}", tile.id);
                seen.0 += feature.marks.len();
                seen.1 += feature.tokens.len();
            }
            for badge in &drawing.badges {
                assert!(badge.at.iter().all(|v| (0.05..=0.95).contains(v)), "tile {}", tile.id);
            }
        }
        assert!(
            seen.0 > 0 && seen.1 > 0,
            "the bundled sets carry marks and tokens: {seen:?}"
        );
    }

    #[test]
    fn repeated_tokens_get_a_badge_each_side_by_side() {
        let mut tile = base().tiles.into_iter().find(|t| t.id == "D").unwrap();
        let city = tile.features.get_mut("c").unwrap();
        city.tokens = vec!["spice".into(), "spice".into(), "salt".into()];
        city.marks = vec!["keep".into()];
        let drawing = schematic(&tile);
        let anchor = drawing.anchors["c"];
        let tokens: Vec<&Badge> = drawing.badges.iter().filter(|b| b.kind == BadgeKind::Token).collect();
        assert_eq!(tokens.len(), 3);
        for pair in tokens.windows(2) {
            assert!(
                (pair[1].at[0] - pair[0].at[0] - BADGE_STEP).abs() < 1e-9,
                "one step apart"
            );
            assert_eq!(pair[0].at[1], pair[1].at[1]);
        }
        // The row is centred under the anchor; the mark sits up to the left of it.
        assert!((tokens[1].at[0] - anchor[0]).abs() < 1e-9);
        assert!(tokens[0].at[1] > anchor[1]);
        let mark = drawing.badges.iter().find(|b| b.kind == BadgeKind::Mark).unwrap();
        assert_eq!(mark.id, "keep");
        assert!(mark.at[0] < anchor[0] && mark.at[1] < anchor[1]);
    }

    #[test]
    fn a_road_mark_sits_on_the_road_away_from_the_follower() {
        let mut tile = base().tiles.into_iter().find(|t| t.id == "D").unwrap();
        tile.features.get_mut("r").unwrap().marks = vec!["toll".into()];
        let drawing = schematic(&tile);
        let mark = &drawing.badges[0];
        let road = drawing.roads.iter().find(|r| r.id == "r").unwrap();
        let off_road = road
            .paths
            .iter()
            .flat_map(|path| path.windows(2))
            .map(|w| geometry::closest_on_segment(mark.at, w[0], w[1]).0)
            .fold(f64::INFINITY, f64::min);
        assert!(off_road < road.width / 2.0, "{off_road}");
        assert!(geometry::distance(mark.at, drawing.anchors["r"]) > BADGE_STEP);
    }

    /// Whether field `id` of `tile` reaches two opposite sides that a city or road of the tile
    /// also joins, across it: no plane drawing keeps such a field whole (River II's city
    /// bridging the river, a bank field running under the bridge), so it is drawn in pieces.
    fn crossed(tile: &Tile, id: &str) -> bool {
        let sides = |feature: &tilewright_model::Feature| {
            ["N", "E", "S", "W"].map(|side| feature.on.iter().any(|on| on.0.starts_with(side)))
        };
        let field = sides(&tile.features[id]);
        tile.features
            .values()
            .filter(|other| matches!(other.kind, FeatureKind::City | FeatureKind::Road))
            .map(sides)
            .any(|other| {
                (field[0] && field[2] && other[1] && other[3]) || (field[1] && field[3] && other[0] && other[2])
            })
    }

    /// Every feature of every bundled tile is drawn, and the drawing keeps apart exactly the
    /// fields the data keep apart: each field covers some area, one connected area when it
    /// owns border segments, and no two fields share any of it (areas are maximal connected
    /// open parts of the tile, so fields that do not share one are walled off from each other).
    #[test]
    fn every_feature_of_every_bundled_tile_is_drawn_and_fields_stay_apart() {
        use crate::regions::{GRID, cell_centre, connected, field_regions};
        let mut problems = Vec::new();
        for tile in &bundled_tiles() {
            let drawing = schematic(tile);
            let regions = field_regions(tile, &drawing);
            for (id, feature) in &tile.features {
                let drawn = match feature.kind {
                    FeatureKind::City => drawing.cities.iter().enumerate().any(|(k, c)| {
                        c.id == *id
                            && (0..GRID * GRID).map(cell_centre).any(|p| {
                                geometry::point_in_polygon(p, &c.outline)
                                    && !drawing.cities[k + 1..]
                                        .iter()
                                        .any(|later| geometry::point_in_polygon(p, &later.outline))
                            })
                    }),
                    FeatureKind::Road => drawing.roads.iter().any(|r| {
                        r.id == *id
                            && r.paths
                                .iter()
                                .flat_map(|p| p.windows(2))
                                .map(|w| geometry::distance(w[0], w[1]))
                                .sum::<f64>()
                                > 0.05
                    }),
                    FeatureKind::Monastery => drawing.monasteries.iter().chain(&drawing.abbeys).any(|m| m.0 == *id),
                    FeatureKind::Garden => drawing.gardens.iter().any(|g| g.0 == *id),
                    FeatureKind::Field => {
                        let cells = &regions.fields[id];
                        if !feature.on.is_empty() && !connected(cells) && !crossed(tile, id) {
                            problems.push(format!("{} {id}: drawn in pieces", tile.id));
                        }
                        !cells.is_empty()
                    }
                };
                if !drawn {
                    problems.push(format!("{} {id}: not drawn", tile.id));
                }
            }
            let fields: Vec<(&String, &Vec<usize>)> = regions.fields.iter().collect();
            for (i, (a, cells_a)) in fields.iter().enumerate() {
                for (b, cells_b) in &fields[i + 1..] {
                    if cells_a.iter().any(|c| cells_b.binary_search(c).is_ok()) {
                        problems.push(format!("{} {a} and {b}: not kept apart", tile.id));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn an_abbey_is_drawn_as_an_abbey() {
        let abbey = bundled_tiles().into_iter().find(|t| t.id == "AM/A").unwrap();
        let drawing = schematic(&abbey);
        assert_eq!(drawing.abbeys.len(), 1);
        assert!(drawing.monasteries.is_empty());
        assert!(schematic(&bundled_tiles()[0]).abbeys.is_empty());
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
}
