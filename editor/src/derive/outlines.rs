//! What outlines give a tile: edge layouts from where city and road outlines meet the border,
//! each outlined feature's `on` references, and the cities each field's outline borders. Pure
//! and tested; what deriving does to a tile as one step is [`super::derive_edges`].

use std::collections::BTreeMap;

use tilewright_engine::edge::{Layout, SegmentKind, SegmentRef, Side};
use tilewright_engine::model::{FeatureKind, Tile};

use crate::geometry::{Point, border_spans, distance, distance_to_outline, sides_of};

/// How near a corner (in edge positions, 0..100) a segment of any kind may end and still be
/// absorbed into its neighbour: tile art draws a wall meeting a side a little below the corner
/// (20 px of 512 is 4%), which means the corner, not a sliver of city on the next side.
pub const CORNER_SLACK: u8 = 6;

/// The positions of the edge grammar (the corners, and the boundaries of `road` and `field`)
/// that wall and road contacts snap to.
pub const STANDARD_POSITIONS: [u8; 5] = [0, 40, 50, 60, 100];

/// How far (in edge positions) a contact may lie from a standard position inside the edge and
/// still snap to it.
pub const POSITION_SNAP: u8 = 5;

/// Field slivers narrower than this are absorbed wherever they lie.
const FIELD_SLIVER: u8 = 3;

/// A run of one edge while deriving: positions, kind, and the feature that drew it (`None`
/// for the field that fills the gaps).
type Run<'a> = (u8, u8, SegmentKind, Option<&'a str>);

/// Edge layouts derived from where city and road outlines meet the border; the rest of each
/// edge is field. Positions are rounded to whole percent, contacts near a standard position
/// snap to it, segments of any kind within [`CORNER_SLACK`] of a corner are absorbed by their
/// neighbour, and a road near the middle of a field edge becomes the plain `road`.
pub fn derive_layouts(tile: &Tile) -> [String; 4] {
    Side::ALL.map(|side| derive_layout(tile, side).to_string())
}

fn derive_layout(tile: &Tile, side: Side) -> Layout {
    let mut spans: Vec<Run<'_>> = Vec::new();
    for (id, feature) in &tile.features {
        let Some(kind @ (SegmentKind::City | SegmentKind::Road)) = SegmentKind::of_feature(feature.kind) else {
            continue;
        };
        for polygon in &feature.polygons {
            for (s, lo, hi) in border_spans(polygon) {
                if s == side
                    && let Some((lo, hi)) = whole_positions(lo, hi)
                {
                    spans.push((lo, hi, kind, Some(id)));
                }
            }
        }
    }
    spans.sort_by(|a, b| (a.0, a.1, a.3).cmp(&(b.0, b.1, b.3)));
    // Merge touching spans of one feature; drop overlaps (first wins).
    let mut merged: Vec<Run<'_>> = Vec::new();
    for span in spans {
        match merged.last_mut() {
            Some(last) if last.3 == span.3 && span.0 <= last.1 => last.1 = last.1.max(span.1),
            Some(last) if span.0 < last.1 => {
                let end = last.1;
                if span.1 > end {
                    merged.push((end, span.1, span.2, span.3));
                }
            }
            _ => merged.push(span),
        }
    }
    // Fill gaps with field.
    let mut runs: Vec<Run<'_>> = Vec::new();
    let mut at = 0u8;
    for (lo, hi, kind, id) in merged {
        if lo > at {
            runs.push((at, lo, SegmentKind::Field, None));
        }
        runs.push((lo.max(at), hi, kind, id));
        at = hi;
    }
    if at < 100 {
        runs.push((at, 100, SegmentKind::Field, None));
    }
    // Snap each boundary between runs to the grammar's positions, keeping every city and road.
    let raw: Vec<u8> = runs.iter().skip(1).map(|r| r.0).collect();
    for (i, boundary) in snap_boundaries(&runs, &raw).into_iter().enumerate() {
        runs[i].1 = boundary;
        runs[i + 1].0 = boundary;
    }
    // Absorb corner slivers of any kind and field slivers anywhere into their neighbours.
    let sliver = |r: &Run<'_>, first: bool, last: bool| {
        (first && r.1 <= CORNER_SLACK)
            || (last && r.0 >= 100 - CORNER_SLACK)
            || (r.2 == SegmentKind::Field && r.1 - r.0 < FIELD_SLIVER)
    };
    let count = runs.len();
    let mut kept: Vec<Run<'_>> = Vec::new();
    for (i, run) in runs.into_iter().enumerate() {
        if run.1 <= run.0 || (count > 1 && sliver(&run, i == 0, i + 1 == count)) {
            continue;
        }
        match kept.last_mut() {
            Some(last) if last.2 == run.2 && last.3 == run.3 => last.1 = run.1,
            _ => kept.push(run),
        }
    }
    // Each kept run now starts where the one before it ended, or later when a sliver was
    // dropped; either way its start is the boundary before it.
    match kept.as_slice() {
        [] => Layout::word(SegmentKind::Field),
        [
            (_, _, SegmentKind::Field, _),
            road @ (_, _, SegmentKind::Road, _),
            (_, _, SegmentKind::Field, _),
        ] if near_the_middle(road.0, road.1) => Layout::word(SegmentKind::Road),
        // The starts rise strictly within 1..99, so the layout reads; were an outline ever to
        // give one that does not, the edge stays field rather than stopping the editor.
        _ => Layout::custom(kept[0].2, kept[1..].iter().map(|r| (r.0, r.2)))
            .unwrap_or_else(|_| Layout::word(SegmentKind::Field)),
    }
}

/// Whether a road from `start` to `end` on a field edge is the plain `road`: about 40..60, or
/// traced narrow and a little off centre (35..45, 46..54).
fn near_the_middle(start: u8, end: u8) -> bool {
    let about_standard = start.abs_diff(40) <= 12 && end.abs_diff(60) <= 12;
    let centre = (u16::from(start) + u16::from(end)) / 2;
    about_standard || (end - start <= 20 && centre.abs_diff(50) <= 10)
}

/// A border contact `lo..hi` (positions, 0..100) rounded to whole positions, at least one
/// wide: a road traced a hair wide still reaches its edge. `None` for a contact that is not
/// a number.
fn whole_positions(lo: f64, hi: f64) -> Option<(u8, u8)> {
    if !(lo.is_finite() && hi.is_finite() && hi > lo) {
        return None;
    }
    let (lo, hi) = (lo.round().clamp(0.0, 100.0) as u8, hi.round().clamp(0.0, 100.0) as u8);
    match (lo, hi) {
        (lo, hi) if hi > lo => Some((lo, hi)),
        (100, _) => Some((99, 100)),
        (lo, _) => Some((lo, lo + 1)),
    }
}

/// The boundaries `raw` between `runs` (boundary `i` ends run `i`), each snapped with
/// [`snap_position`] unless snapping would close up a city or road run: a road 8% wide about
/// the middle has both its contacts within [`POSITION_SNAP`] of 50, and snapped both would
/// leave no road. Such a run keeps the contacts as drawn, and so does any boundary that
/// would then come before the one ahead of it.
fn snap_boundaries(runs: &[Run<'_>], raw: &[u8]) -> Vec<u8> {
    let mut drawn = vec![false; raw.len()];
    loop {
        let at: Vec<u8> = (0..raw.len())
            .map(|i| if drawn[i] { raw[i] } else { snap_position(raw[i]) })
            .collect();
        let mut keep = Vec::new();
        for i in 0..raw.len() {
            // Run `i + 1` lies between boundaries `i` and `i + 1`; one closed up at a corner is
            // absorbed there, as the corner slack means.
            let closed_up = runs[i + 1].2 != SegmentKind::Field
                && at.get(i + 1).is_some_and(|&end| end <= at[i])
                && !matches!(at[i], 0 | 100);
            if closed_up {
                keep.extend([i, i + 1]);
            }
            if i > 0 && at[i] < at[i - 1] {
                keep.extend([i - 1, i]);
            }
        }
        let mut changed = false;
        for k in keep {
            changed |= !std::mem::replace(&mut drawn[k], true);
        }
        if !changed {
            return at;
        }
    }
}

/// A contact position snapped to the nearest of [`STANDARD_POSITIONS`]: the corners within
/// [`CORNER_SLACK`], the inner positions within [`POSITION_SNAP`].
pub fn snap_position(position: u8) -> u8 {
    STANDARD_POSITIONS
        .into_iter()
        .filter(|&s| {
            let reach = if s == 0 || s == 100 {
                CORNER_SLACK
            } else {
                POSITION_SNAP
            };
            position.abs_diff(s) <= reach
        })
        .min_by_key(|&s| position.abs_diff(s))
        .unwrap_or(position)
}

/// For each feature with outlines, the edge references (`N`, `Nw`, `N2`...) of the segments of
/// the tile's current edges that its outlines run along (by most overlap).
pub fn derive_on(tile: &Tile) -> BTreeMap<String, Vec<String>> {
    let layouts: Vec<Option<Layout>> = tile.edges.iter().map(|e| Layout::parse(&e.0).ok()).collect();
    let mut owners: BTreeMap<String, Vec<(Side, usize)>> = BTreeMap::new();
    for (k, side) in Side::ALL.into_iter().enumerate() {
        let Some(layout) = &layouts[k] else { continue };
        for (i, segment) in layout.segments.iter().enumerate() {
            let mut best: Option<(f64, &str)> = None;
            for (id, feature) in &tile.features {
                if SegmentKind::of_feature(feature.kind) != Some(segment.kind) {
                    continue;
                }
                let contacts: Vec<(f64, f64)> = feature
                    .polygons
                    .iter()
                    .flat_map(|p| border_spans(p))
                    .filter(|(s, _, _)| *s == side)
                    .map(|(_, lo, hi)| (lo, hi))
                    .collect();
                let overlap: f64 = contacts
                    .iter()
                    .map(|(lo, hi)| (hi.min(segment.end as f64) - lo.max(segment.start as f64)).max(0.0))
                    .sum();
                // Most of the segment, or for a city or road most of its contact with the
                // side: a road traced narrower than the `road` segment it meets owns it.
                let mut length = f64::from(segment.end - segment.start);
                if segment.kind != SegmentKind::Field {
                    length = length.min(contacts.iter().map(|(lo, hi)| hi - lo).sum());
                }
                if overlap > 0.3 * length && best.is_none_or(|(b, _)| overlap > b) {
                    best = Some((overlap, id));
                }
            }
            if let Some((_, id)) = best {
                owners.entry(id.to_owned()).or_default().push((side, i));
            }
        }
    }
    let mut out = BTreeMap::new();
    for (id, feature) in &tile.features {
        if !feature.polygons.is_empty() && SegmentKind::of_feature(feature.kind).is_some() {
            let claimed = owners.remove(id).unwrap_or_default();
            out.insert(id.clone(), references(&claimed, &layouts, feature.kind));
        }
    }
    out
}

/// The shortest references naming exactly `claimed` segments.
pub fn references(claimed: &[(Side, usize)], layouts: &[Option<Layout>], kind: FeatureKind) -> Vec<String> {
    let mut refs = Vec::new();
    let Some(kind) = SegmentKind::of_feature(kind) else {
        return refs;
    };
    for side in Side::ALL {
        let Some(layout) = &layouts[side as usize] else {
            continue;
        };
        let mine: Vec<usize> = claimed.iter().filter(|(s, _)| *s == side).map(|(_, i)| *i).collect();
        if mine.is_empty() {
            continue;
        }
        let all: Vec<usize> = (0..layout.segments.len())
            .filter(|&i| layout.segments[i].kind == kind)
            .collect();
        if mine == all {
            refs.push(SegmentRef::Side(side).to_string());
            continue;
        }
        for i in mine {
            let reference = match layout.halves {
                Some(halves) if halves.contains(&i) => SegmentRef::Half {
                    side,
                    second: halves[1] == i,
                },
                _ => SegmentRef::Number { side, number: i + 1 },
            };
            refs.push(reference.to_string());
        }
    }
    refs
}

/// Length of `a`'s outline that runs within `tolerance` of `b`'s outline, away from the tile
/// border (sampled every 0.005 units).
pub fn shared_border_length(a: &[Point], b: &[Point], tolerance: f64) -> f64 {
    const STEP: f64 = 0.005;
    let n = a.len();
    let mut shared = 0.0;
    for i in 0..n {
        let (p, q) = (a[i], a[(i + 1) % n]);
        let length = distance(p, q);
        if !length.is_finite() {
            // A point off at infinity (TOML reads `inf`) borders nothing.
            continue;
        }
        let steps = (length / STEP).ceil().max(1.0) as usize;
        for s in 0..steps {
            let t = (s as f64 + 0.5) / steps as f64;
            let x = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
            if !sides_of(x).is_empty() {
                continue;
            }
            if distance_to_outline(x, b) <= tolerance {
                shared += length / steps as f64;
            }
        }
    }
    shared
}

/// For each field with outlines, the cities whose outlines share a border with it (at least
/// 0.02 tile units long).
pub fn derive_adjacency(tile: &Tile) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for (fid, field) in &tile.features {
        if field.kind != FeatureKind::Field || field.polygons.is_empty() {
            continue;
        }
        let mut cities = Vec::new();
        for (cid, city) in &tile.features {
            if city.kind != FeatureKind::City {
                continue;
            }
            let touches = field
                .polygons
                .iter()
                .any(|f| city.polygons.iter().any(|c| shared_border_length(f, c, 0.01) >= 0.02));
            if touches {
                cities.push(cid.clone());
            }
        }
        out.insert(fid.clone(), cities);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::{EdgeLayout, Feature};
    use tilewright_picture::testing::{cap, feature, field_below_cap, tile};

    #[test]
    fn layouts_and_references_derive_from_outlines() {
        let road = vec![[0.0, 0.4], [1.0, 0.42], [1.0, 0.58], [0.0, 0.6]];
        let t = tile(
            ["city", "city", "city", "city"],
            vec![
                ("c", feature(FeatureKind::City, vec![cap()])),
                ("r", feature(FeatureKind::Road, vec![road])),
                ("f", feature(FeatureKind::Field, vec![field_below_cap()])),
            ],
        );
        assert_eq!(derive_layouts(&t), ["city", "road", "field", "road"].map(String::from));
        let mut t = t;
        for (k, e) in ["city", "road", "field", "road"].into_iter().enumerate() {
            t.edges[k] = EdgeLayout(e.into());
        }
        let on = derive_on(&t);
        assert_eq!(on["c"], vec!["N"]);
        assert_eq!(on["r"], vec!["E", "W"]);
        assert_eq!(on["f"], vec!["E", "S", "W"]);
    }

    /// A road from the south side up to the middle of the tile, between `x0` and `x1`.
    fn road_up(x0: f64, x1: f64) -> Vec<Point> {
        vec![[x0, 1.0], [x0, 0.5], [x1, 0.5], [x1, 1.0]]
    }

    #[test]
    fn a_thin_road_about_the_middle_derives_a_road_edge() {
        // 46..54 on the side: both contacts lie within snapping reach of 50.
        for (x0, x1) in [(0.46, 0.54), (0.48, 0.52), (0.497, 0.503)] {
            let t = tile(
                ["field"; 4],
                vec![("r", feature(FeatureKind::Road, vec![road_up(x0, x1)]))],
            );
            let layouts = derive_layouts(&t);
            assert_eq!(layouts[2], "road", "a road {x0}..{x1}");
            let mut t = t;
            t.edges[2] = EdgeLayout(layouts[2].clone());
            assert_eq!(derive_on(&t)["r"], vec!["S"], "a road {x0}..{x1} owns its edge");
        }
    }

    #[test]
    fn an_off_centre_road_derives_where_it_touches() {
        // The south side runs east to west: x 0.7..0.78 is 22..30 along it.
        let t = tile(
            ["field"; 4],
            vec![("r", feature(FeatureKind::Road, vec![road_up(0.7, 0.78)]))],
        );
        assert_eq!(derive_layouts(&t)[2], "field 22 road 30 field");
        // Both contacts near 40: the road stays, and a little off centre it is the plain road.
        let t = tile(
            ["field"; 4],
            vec![("r", feature(FeatureKind::Road, vec![road_up(0.55, 0.65)]))],
        );
        assert_eq!(derive_layouts(&t)[2], "road");
        let t = tile(
            ["field"; 4],
            vec![("r", feature(FeatureKind::Road, vec![road_up(0.62, 0.67)]))],
        );
        assert_eq!(derive_layouts(&t)[2], "field 33 road 40 field");
        // A contact near 40 and one clear of it: the near one snaps.
        let t = tile(
            ["field"; 4],
            vec![("r", feature(FeatureKind::Road, vec![road_up(0.6, 0.72)]))],
        );
        assert_eq!(derive_layouts(&t)[2], "field 28 road 40 field");
    }

    #[test]
    fn a_narrow_city_tongue_keeps_its_wall_contacts() {
        // A tongue of city reaching the east side between 47 and 53.
        let tongue = vec![[0.3, 0.3], [1.0, 0.47], [1.0, 0.53], [0.3, 0.4]];
        let t = tile(["field"; 4], vec![("c", feature(FeatureKind::City, vec![tongue]))]);
        assert_eq!(derive_layouts(&t)[1], "field 47 city 53 field");
    }

    #[test]
    fn a_road_within_the_corner_slack_still_means_the_corner() {
        let t = tile(
            ["field"; 4],
            vec![("r", feature(FeatureKind::Road, vec![road_up(0.96, 0.99)]))],
        );
        assert_eq!(derive_layouts(&t)[2], "field");
    }

    #[test]
    fn split_city_edges_get_positions() {
        let left = vec![[0.0, 0.0], [0.6, 0.0], [0.3, 0.2]];
        let right = vec![[0.6, 0.0], [1.0, 0.0], [0.8, 0.2]];
        let t = tile(
            ["field"; 4],
            vec![
                ("c1", feature(FeatureKind::City, vec![left])),
                ("c2", feature(FeatureKind::City, vec![right])),
            ],
        );
        assert_eq!(derive_layouts(&t)[0], "city 60 city");
        let mut t = t;
        t.edges[0] = EdgeLayout("city 60 city".into());
        let on = derive_on(&t);
        assert_eq!(on["c1"], vec!["N1"]);
        assert_eq!(on["c2"], vec!["N2"]);
    }

    #[test]
    fn derived_layouts_always_read_back() {
        // Overlapping outlines of cities and roads along the border, from a fixed sequence.
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let v = (seed >> 11) as f64 / (1u64 << 53) as f64;
            if v < 0.15 {
                0.0
            } else if v > 0.85 {
                1.0
            } else {
                v
            }
        };
        for _ in 0..2000 {
            let features: Vec<(String, Feature)> = (0..4)
                .map(|f| {
                    let kind = [FeatureKind::City, FeatureKind::Road][f % 2];
                    let polygon = (0..4).map(|_| [next(), next()]).collect();
                    (format!("f{f}"), feature(kind, vec![polygon]))
                })
                .collect();
            let t = tile(
                ["field"; 4],
                features.iter().map(|(id, f)| (id.as_str(), f.clone())).collect(),
            );
            for text in derive_layouts(&t) {
                let layout = Layout::parse(&text).unwrap();
                assert_eq!(layout.to_string(), text);
            }
        }
    }

    #[test]
    fn adjacency_comes_from_shared_borders() {
        let far_city = vec![[0.0, 1.0], [0.1, 0.9], [0.0, 0.8]];
        let t = tile(
            ["city", "field", "field", "field"],
            vec![
                ("c", feature(FeatureKind::City, vec![cap()])),
                ("c2", feature(FeatureKind::City, vec![far_city])),
                (
                    "f",
                    feature(
                        FeatureKind::Field,
                        vec![vec![[0.3, 0.3], [0.7, 0.3], [0.7, 0.6], [0.3, 0.6]]],
                    ),
                ),
                (
                    "g",
                    feature(
                        FeatureKind::Field,
                        vec![vec![[0.5, 0.7], [0.9, 0.7], [0.9, 0.9], [0.5, 0.9]]],
                    ),
                ),
            ],
        );
        let adjacency = derive_adjacency(&t);
        assert_eq!(adjacency["f"], vec!["c"]);
        assert!(adjacency["g"].is_empty());
        // Touching only at the tile border does not count.
        assert!(shared_border_length(&[[0.0, 0.0], [0.0, 0.4], [0.05, 0.4]], &cap(), 0.01) < 0.02);
    }

    #[test]
    fn generated_outlines_derive_back_to_the_same_edges() {
        // Wildcard (`any`) edges and declared kinds (a river) belong to no feature, so no
        // outline can derive them.
        let plain = |t: &&Tile| {
            t.edges
                .iter()
                .all(|e| Layout::parse(&e.0).is_ok_and(|l| !l.has_any() && l.declared().next().is_none()))
        };
        let catalog = tilewright_engine::bundled::catalog();
        let tiles = catalog.tilesets.iter().flat_map(|set| &set.model.tiles);
        for tile in tiles.filter(plain) {
            let mut with_outlines = tile.clone();
            for (id, polygons) in tilewright_picture::schematic::generated_outlines(tile) {
                with_outlines.features.get_mut(&id).unwrap().polygons = polygons;
            }
            let derived = derive_layouts(&with_outlines);
            for (k, edge) in tile.edges.iter().enumerate() {
                assert_eq!(derived[k], edge.0, "tile {} edge {k}", tile.id);
            }
        }
    }

    mod drawn_by_hand {
        //! Whatever a designer draws, deriving reads back and never stops the editor.

        use super::*;
        use proptest::prelude::*;

        /// A coordinate as drawn: often on the border or a corner, sometimes outside the tile,
        /// sometimes not a number at all (a broken file).
        fn coordinate() -> impl Strategy<Value = f64> {
            prop_oneof![
                3 => Just(0.0),
                3 => Just(1.0),
                6 => 0.0..=1.0f64,
                1 => -0.5..1.5f64,
                1 => prop::sample::select(vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e-12, 1.0 - 1e-12]),
            ]
        }

        fn outline() -> impl Strategy<Value = Vec<Point>> {
            prop::collection::vec([coordinate(), coordinate()], 0..8)
        }

        fn drawn_tile() -> impl Strategy<Value = Tile> {
            let kind = prop::sample::select(vec![FeatureKind::City, FeatureKind::Road, FeatureKind::Field]);
            let features = prop::collection::vec((kind, prop::collection::vec(outline(), 0..3)), 0..5);
            let edges = prop::sample::select(vec!["field", "road", "city", "city 60 city", "field 30 road 70 field"]);
            (features, [edges.clone(), edges.clone(), edges.clone(), edges]).prop_map(|(features, edges)| {
                let features: Vec<(String, Feature)> = features
                    .into_iter()
                    .enumerate()
                    .map(|(i, (kind, polygons))| (format!("f{i}"), feature(kind, polygons)))
                    .collect();
                tile(edges, features.iter().map(|(id, f)| (id.as_str(), f.clone())).collect())
            })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            #[test]
            fn derived_layouts_read_back(t in drawn_tile()) {
                for text in derive_layouts(&t) {
                    let layout = Layout::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e:?}")))?;
                    prop_assert_eq!(layout.to_string(), text);
                }
            }

            #[test]
            fn on_lists_and_adjacency_name_features_of_the_tile(t in drawn_tile()) {
                for (id, refs) in derive_on(&t) {
                    prop_assert!(t.features.contains_key(&id));
                    for reference in refs {
                        prop_assert!(reference.parse::<SegmentRef>().is_ok(), "{}", reference);
                    }
                }
                for (field, cities) in derive_adjacency(&t) {
                    prop_assert_eq!(t.features[&field].kind, FeatureKind::Field);
                    prop_assert!(cities.iter().all(|c| t.features[c].kind == FeatureKind::City));
                }
            }

            #[test]
            fn snapping_stays_on_the_tile(t in drawn_tile(), x in coordinate(), y in coordinate()) {
                use crate::geometry::{SnapTarget, SnapTargets};
                // Only a vertex already drawn may lie off the tile (the outline's own problem).
                let (p, target) = SnapTargets::for_tile(&t, None).snap([x, y], 0.03);
                if target != Some(SnapTarget::Vertex) {
                    prop_assert!(p.iter().all(|v| v.is_nan() || (0.0..=1.0).contains(v)), "{:?}", p);
                }
            }

            #[test]
            fn drawing_helpers_take_any_outline(polygon in outline(), x in coordinate(), y in coordinate()) {
                use crate::geometry::{label_point, point_in_polygon, polygon_problems, triangulate};
                // Each runs on what is drawn before the outline is known to be valid.
                let problems = polygon_problems(&polygon);
                prop_assert_eq!(problems.is_empty(), polygon.len() >= 3 && problems.is_empty());
                for triangle in triangulate(&polygon) {
                    prop_assert!(triangle.iter().all(|&i| i < polygon.len()));
                }
                for (_, lo, hi) in border_spans(&polygon) {
                    prop_assert!(lo <= hi);
                }
                let inside = point_in_polygon([x, y], &polygon);
                prop_assert!(!inside || polygon.len() >= 3);
                let _ = (label_point(&polygon), distance_to_outline([x, y], &polygon));
            }
        }
    }
}
