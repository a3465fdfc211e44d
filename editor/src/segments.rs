//! Picking edge segments for a feature: a segment given to or taken from a feature's `on`
//! list, the list written in the engine's edge grammar ([`SegmentRef`]).

use std::collections::{BTreeMap, BTreeSet};

use tilewright_engine::edge::{Layout, SegmentKind, SegmentRef, Side};
use tilewright_engine::model::{EdgeLayout, EdgeRef, Feature, FeatureKind, Tile};

use crate::ids::fresh_feature_id;

/// The tile's edge layouts, if every edge reads.
fn layouts(tile: &Tile) -> Option<[Layout; 4]> {
    let [n, e, s, w] = tile.edges.each_ref().map(|edge| Layout::parse(&edge.0).ok());
    Some([n?, e?, s?, w?])
}

/// The segments of edge `side` that `feature`'s `on` list names (references that do not
/// resolve name none).
fn owned(feature: &Feature, layouts: &[Layout; 4], side: Side) -> BTreeSet<usize> {
    let Some(kind) = SegmentKind::of_feature(feature.kind) else {
        return BTreeSet::new();
    };
    feature
        .on
        .iter()
        .filter_map(|r| r.0.parse::<SegmentRef>().ok())
        .filter(|r| r.side() == side)
        .filter_map(|r| r.resolve(layouts, kind).ok())
        .flatten()
        .collect()
}

/// The shortest references naming exactly `owned` of edge `side`: the side letter when they
/// are all its segments of `kind`, else halves where the edge has them, else numbers.
fn references(layout: &Layout, side: Side, kind: SegmentKind, owned: &BTreeSet<usize>) -> Vec<SegmentRef> {
    let all: BTreeSet<usize> = (0..layout.segments.len())
        .filter(|&i| layout.segments[i].kind == kind)
        .collect();
    if !owned.is_empty() && *owned == all {
        return vec![SegmentRef::Side(side)];
    }
    owned
        .iter()
        .map(|&i| match layout.halves {
            Some(halves) if halves.contains(&i) => SegmentRef::Half {
                side,
                second: halves[1] == i,
            },
            _ => SegmentRef::Number { side, number: i + 1 },
        })
        .collect()
}

/// `feature`'s `on` list with the references to edge `side` that resolve replaced by ones
/// naming `owned`, where the first of them stood (at the end if there was none). References to
/// other edges, and ones that do not read or resolve, stay as they are.
fn rewrite(feature: &Feature, layouts: &[Layout; 4], side: Side, owned: &BTreeSet<usize>) -> Vec<EdgeRef> {
    let Some(kind) = SegmentKind::of_feature(feature.kind) else {
        return feature.on.clone();
    };
    let replaced = |r: &EdgeRef| {
        r.0.parse::<SegmentRef>()
            .is_ok_and(|r| r.side() == side && r.resolve(layouts, kind).is_ok())
    };
    let new = references(&layouts[side as usize], side, kind, owned);
    splice(&feature.on, replaced, new)
}

/// `on` with the references `replaced` picks replaced by `new`, where the first of them stood
/// (at the end if there was none).
fn splice(on: &[EdgeRef], replaced: impl Fn(&EdgeRef) -> bool, new: Vec<SegmentRef>) -> Vec<EdgeRef> {
    let at = on.iter().position(&replaced).unwrap_or(on.len());
    let mut out: Vec<EdgeRef> = on[..at].to_vec();
    out.extend(new.into_iter().map(|r| EdgeRef(r.to_string())));
    out.extend(on[at..].iter().filter(|r| !replaced(r)).cloned());
    out
}

/// The feature whose `on` list names segment `index` of edge `side`, if one does.
pub fn owner(tile: &Tile, side: Side, index: usize) -> Option<String> {
    let layouts = layouts(tile)?;
    tile.features
        .iter()
        .find(|(_, f)| owned(f, &layouts, side).contains(&index))
        .map(|(id, _)| id.clone())
}

/// What picking a segment for a feature does.
#[derive(Debug, Clone, PartialEq)]
pub enum Pick {
    /// The tile after the change: the segment taken from the feature if it owned it, else
    /// given to it (and taken from any other feature that owned it).
    Changed(Box<Tile>),
    /// Why nothing changes.
    Refused(String),
}

/// Segment `index` of edge `side` given to feature `id` of `tile`, or taken from it.
pub fn toggle(tile: &Tile, id: &str, side: Side, index: usize) -> Pick {
    let Some(layouts) = layouts(tile) else {
        return Pick::Refused("the tile's edges do not read; fix them first".into());
    };
    let Some(feature) = tile.features.get(id) else {
        return Pick::Refused(format!("the tile has no feature `{id}`"));
    };
    let Some(segment) = layouts[side as usize].segments.get(index) else {
        return Pick::Refused(format!("edge {side} has no segment {}", index + 1));
    };
    let name = SegmentRef::Number {
        side,
        number: index + 1,
    };
    let Some(kind) = SegmentKind::of_feature(feature.kind).filter(|k| *k == segment.kind) else {
        return Pick::Refused(format!(
            "`{name}` is a {} segment; the {} `{id}` cannot own it",
            segment.kind,
            feature.kind.as_str()
        ));
    };
    let mut changed = tile.clone();
    let mut mine = owned(feature, &layouts, side);
    if !mine.remove(&index) {
        mine.insert(index);
        for (other, f) in changed.features.iter_mut() {
            if other != id && SegmentKind::of_feature(f.kind) == Some(kind) {
                let mut theirs = owned(f, &layouts, side);
                if theirs.remove(&index) {
                    f.on = rewrite(f, &layouts, side, &theirs);
                }
            }
        }
    }
    if let Some(f) = changed.features.get_mut(id) {
        f.on = rewrite(feature, &layouts, side, &mine);
    }
    Pick::Changed(Box::new(changed))
}

/// `tile` with edge `side` laid out as `layout` (a preset), each feature's `on` list following:
/// each new segment goes to the feature of its kind whose old segments on that side it
/// overlaps most, else to a new feature of its kind; references to that side are written
/// again for the new layout, the others stay. `None` when an edge does not read.
pub fn relayout(tile: &Tile, side: Side, layout: &str) -> Option<Tile> {
    let old = layouts(tile)?;
    let mut t = tile.clone();
    t.edges[side as usize] = EdgeLayout(layout.to_owned());
    let new = layouts(&t)?;
    let span = |l: &Layout, i: usize| (l.segments[i].start, l.segments[i].end);
    let overlap = |(a, b): (u8, u8), (c, d): (u8, u8)| b.min(d).saturating_sub(a.max(c));
    let before: Vec<(String, BTreeSet<usize>)> = tile
        .features
        .iter()
        .map(|(id, f)| (id.clone(), owned(f, &old, side)))
        .collect();
    let mut after: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (j, segment) in new[side as usize].segments.iter().enumerate() {
        let Some(kind) = FEATURE_KINDS
            .into_iter()
            .find(|k| SegmentKind::of_feature(*k) == Some(segment.kind))
        else {
            continue; // a declared kind or `any`: no feature owns it
        };
        let here = span(&new[side as usize], j);
        let best = before
            .iter()
            .filter(|(id, _)| t.features[id].kind == kind)
            .map(|(id, mine)| {
                (
                    mine.iter()
                        .map(|&i| overlap(span(&old[side as usize], i), here))
                        .sum::<u8>(),
                    id,
                )
            })
            .filter(|(o, _)| *o > 0)
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(a.1)))
            .map(|(_, id)| id.clone());
        let id = match best.or_else(|| drawn_reaching(tile, side, here, kind)).or_else(|| {
            after
                .keys()
                .find(|id| !tile.features.contains_key(*id) && t.features[*id].kind == kind)
                .cloned()
        }) {
            Some(id) => id,
            None => {
                let id = fresh_feature_id(&t, kind);
                t.features.insert(id.clone(), Feature::new(kind));
                id
            }
        };
        after.entry(id).or_default().insert(j);
    }
    for (id, f) in t.features.iter_mut() {
        let Some(kind) = SegmentKind::of_feature(f.kind) else {
            continue;
        };
        let on_side = |r: &EdgeRef| r.0.parse::<SegmentRef>().is_ok_and(|r| r.side() == side);
        let mine = after.remove(id).unwrap_or_default();
        f.on = splice(&f.on, on_side, references(&new[side as usize], side, kind, &mine));
    }
    Some(t)
}

/// The feature of `kind` whose outlines meet edge `side` most along `span` (positions), if
/// any does: a preset on an edge that a drawn road already reaches gives the road its segment.
fn drawn_reaching(tile: &Tile, side: Side, span: (u8, u8), kind: FeatureKind) -> Option<String> {
    let (start, end) = (f64::from(span.0), f64::from(span.1));
    tile.features
        .iter()
        .filter(|(_, f)| f.kind == kind)
        .map(|(id, f)| {
            let along: f64 = f
                .polygons
                .iter()
                .flat_map(|p| crate::geometry::border_spans(p))
                .filter(|(s, _, _)| *s == side)
                .map(|(_, lo, hi)| (hi.min(end) - lo.max(start)).max(0.0))
                .sum();
            (along, id)
        })
        .filter(|(along, _)| *along > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(a.1)))
        .map(|(_, id)| id.clone())
}

/// The feature kinds that own edge segments.
const FEATURE_KINDS: [FeatureKind; 3] = [FeatureKind::City, FeatureKind::Road, FeatureKind::Field];

#[cfg(test)]
mod tests {
    use super::*;

    fn base_tile(id: &str) -> Tile {
        let set: tilewright_engine::model::TileSet = toml::from_str(tilewright_engine::bundled::FILES[0].1).unwrap();
        set.tiles.into_iter().find(|t| t.id == id).unwrap()
    }

    fn on(tile: &Tile, feature: &str) -> Vec<String> {
        tile.features[feature].on.iter().map(|r| r.0.clone()).collect()
    }

    fn changed(pick: Pick) -> Tile {
        match pick {
            Pick::Changed(tile) => *tile,
            Pick::Refused(why) => panic!("refused: {why}"),
        }
    }

    #[test]
    fn a_segment_comes_off_and_back_on_in_the_grammar() {
        // Tile D: a city on the north, a road from east to west, fields f1 (Wn, En) and
        // f2 (Es, S, Ws).
        let d = base_tile("D");
        let without = changed(toggle(&d, "f2", Side::S, 0));
        assert_eq!(on(&without, "f2"), ["Es", "Sw", "Ws"]);
        let back = changed(toggle(&without, "f2", Side::S, 0));
        assert_eq!(on(&back, "f2"), ["Es", "S", "Ws"]);
        let road = changed(toggle(&d, "r", Side::E, 1));
        assert_eq!(on(&road, "r"), ["W"]);
        assert_eq!(on(&changed(toggle(&road, "r", Side::E, 1)), "r"), ["W", "E"]);
    }

    #[test]
    fn a_segment_given_is_taken_from_its_owner() {
        let d = base_tile("D");
        let moved = changed(toggle(&d, "f2", Side::E, 0));
        assert_eq!(on(&moved, "f2"), ["E", "S", "Ws"]);
        assert_eq!(on(&moved, "f1"), ["Wn"]);
        assert_eq!(owner(&moved, Side::E, 0).as_deref(), Some("f2"));
    }

    #[test]
    fn a_segment_of_another_kind_is_refused() {
        let d = base_tile("D");
        assert!(matches!(toggle(&d, "r", Side::N, 0), Pick::Refused(why) if why.contains("`N1` is a city segment")));
    }

    #[test]
    fn a_preset_moves_the_on_lists_with_the_edge() {
        // Tile D: city N, road E-W, fields f1 (Wn, En) and f2 (Es, S, Ws).
        let d = base_tile("D");
        // The south side becomes a road: the new road is a feature, f2 keeps both halves.
        let road = relayout(&d, Side::S, "road").unwrap();
        assert_eq!(road.edges[2].0, "road");
        assert_eq!(on(&road, "f2"), ["Es", "S", "Ws"], "both halves of the road side");
        let new: Vec<&String> = road
            .features
            .keys()
            .filter(|id| !d.features.contains_key(*id))
            .collect();
        assert_eq!(new.len(), 1);
        assert_eq!(on(&road, new[0]), ["S"]);
        // The east side becomes field: the road loses E, the fields share it by position.
        let field = relayout(&d, Side::E, "field").unwrap();
        assert_eq!(on(&field, "r"), ["W"]);
        assert_eq!(on(&field, "f1"), ["Wn", "En"]);
        assert_eq!(on(&field, "f2"), ["Es", "S", "Ws"]);
        // The north side becomes field: the city has no segment left, a new field takes it.
        let open = relayout(&d, Side::N, "field").unwrap();
        assert!(on(&open, "c").is_empty(), "{:?}", on(&open, "c"));
    }

    #[test]
    fn a_preset_joins_the_drawn_feature_that_reaches_the_edge() {
        // A road drawn up from the south side while the edges were all field.
        let mut road = Feature::new(FeatureKind::Road);
        road.polygons = vec![vec![[0.46, 1.0], [0.46, 0.5], [0.54, 0.5], [0.54, 1.0]]];
        let mut field = Feature::new(FeatureKind::Field);
        field.on = ["N", "E", "S", "W"].map(|s| EdgeRef(s.into())).into();
        let t = tilewright_picture::testing::tile(["field"; 4], vec![("r", road), ("f", field)]);
        let preset = relayout(&t, Side::S, "road").unwrap();
        assert_eq!(on(&preset, "r"), ["S"], "the drawn road takes its edge");
        assert_eq!(
            preset.features.keys().collect::<Vec<_>>(),
            ["f", "r"],
            "no second road is added"
        );
        // A preset on an edge no road reaches still adds one.
        let west = relayout(&t, Side::W, "road").unwrap();
        assert_eq!(west.features.len(), 3);
        assert!(on(&west, "r").is_empty());
    }
}
