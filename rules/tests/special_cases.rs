//! Each special case of the tile model has a fixture under `tests/fixtures/special/`; these
//! tests check that it validates and connects to its neighbours as the real tile does.

use std::path::Path;

use tilewright_load::bundled;
use tilewright_load::validate::validate_paths;
use tilewright_rules::compile::TileTables;
use tilewright_rules::model::edge::Side;
use tilewright_rules::model::{FeatureKind, Placement, RoadEnd, Supply};

/// Loads a fixture together with the base game and compiles every tile.
fn tables(fixture: &str) -> TileTables {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = validate_paths(
        &[
            root.join("tests/fixtures/special").join(fixture),
            root.join("../tilesets/base.toml"),
        ],
        bundled::catalog(),
    );
    assert!(report.diagnostics.is_empty(), "{fixture}: {:#?}", report.diagnostics);
    let tiles = report.catalog.tilesets.iter().flat_map(|s| s.model.tiles.iter());
    TileTables::build(tiles).expect("validated tiles compile")
}

fn tile(tables: &TileTables, id: &str) -> usize {
    tables
        .tiles
        .iter()
        .position(|t| t.id == id)
        .unwrap_or_else(|| panic!("no tile {id}"))
}

fn feature(tables: &TileTables, tile_index: usize, id: &str) -> u8 {
    tables.tiles[tile_index]
        .feature_index(id)
        .unwrap_or_else(|| panic!("no feature {id}"))
}

/// Number of groups the features `0..a_len` (tile a) and `a_len..` (tile b) form once `pairs` join.
fn groups(a_len: usize, b_len: usize, pairs: &[(u8, u8)], among: &[usize]) -> usize {
    let mut parent: Vec<usize> = (0..a_len + b_len).collect();
    fn find(parent: &mut [usize], x: usize) -> usize {
        if parent[x] != x {
            let root = find(parent, parent[x]);
            parent[x] = root;
        }
        parent[x]
    }
    for &(i, j) in pairs {
        let (ri, rj) = (find(&mut parent, i as usize), find(&mut parent, a_len + j as usize));
        parent[ri] = rj;
    }
    let mut roots: Vec<usize> = among.iter().map(|&x| find(&mut parent, x)).collect();
    roots.sort_unstable();
    roots.dedup();
    roots.len()
}

#[test]
fn two_cities_on_one_edge_join_through_a_single_city_segment() {
    let t = tables("two-cities-one-edge.toml");
    let split = tile(&t, "HS/CC!.v");
    let cap = tile(&t, "E"); // base city cap, turned half round so its city faces south
    let (c1, c2) = (feature(&t, split, "c1"), feature(&t, split, "c2"));
    let pairs = t.connections(split, 0, Side::N, cap, 2).expect("city fits city");
    let c = feature(&t, cap, "c");
    assert_eq!(pairs, vec![(c1, c), (c2, c)]);
}

#[test]
fn two_split_city_edges_facing_each_other_join_all_four_cities() {
    let t = tables("two-cities-one-edge.toml");
    let split = tile(&t, "HS/CC!.v");
    let (c1, c2) = (feature(&t, split, "c1") as usize, feature(&t, split, "c2") as usize);
    let n = t.tiles[split].features.len();
    let pairs = t.connections(split, 0, Side::N, split, 2).expect("city fits city");
    assert_eq!(groups(n, n, &pairs, &[c1, c2, n + c1, n + c2]), 1, "{pairs:?}");
}

#[test]
fn split_field_edge_merges_through_one_field_and_stays_split_against_itself() {
    let t = tables("split-field-edge.toml");
    let split = tile(&t, "HS/C!.v");
    let (f1, f2) = (feature(&t, split, "f1"), feature(&t, split, "f2"));
    let monastery = tile(&t, "B"); // all field
    let pairs = t
        .connections(split, 0, Side::S, monastery, 0)
        .expect("field fits field");
    let f = feature(&t, monastery, "f");
    assert_eq!(pairs, vec![(f2, f), (f1, f)]);
    // Two tongues meeting: each field meets the other tile's opposite field, two groups remain.
    let n = t.tiles[split].features.len();
    let pairs = t.connections(split, 0, Side::S, split, 2).expect("field fits field");
    let (f1, f2) = (f1 as usize, f2 as usize);
    assert_eq!(groups(n, n, &pairs, &[f1, f2, n + f1, n + f2]), 2, "{pairs:?}");
}

#[test]
fn inner_fields_touch_no_edge_but_border_both_cities() {
    let t = tables("inner-fields.toml");
    for id in ["AM/CCcc+", "AM/CCc+"] {
        let bridge = tile(&t, id);
        let compiled = &t.tiles[bridge];
        let f1 = &compiled.features[feature(&t, bridge, "f1") as usize];
        assert_eq!(f1.segments, 0, "{id}: an inner field reaches no edge");
        assert_eq!(f1.cities.len(), 2, "{id}: it borders both cities");
        // The two cities stay separate features: the north one never joins the east-west one.
        let (c1, c2) = (feature(&t, bridge, "c1"), feature(&t, bridge, "c2"));
        assert_ne!(c1, c2);
        let cap = tile(&t, "E");
        let north = t.connections(bridge, 0, Side::N, cap, 2).unwrap();
        assert!(north.iter().all(|&(mine, _)| mine == c1), "{id}: {north:?}");
    }
}

#[test]
fn road_under_a_city_is_one_road_and_does_not_split_the_south_field() {
    let t = tables("road-under-city.toml");
    let tunnel = tile(&t, "AM/CRcr+");
    let r = feature(&t, tunnel, "r");
    assert_eq!(
        t.tiles[tunnel].features[r as usize].segments, 2,
        "one road reaching north and south"
    );
    let straight = tile(&t, "U"); // straight road, turned to run north-south
    let n = t.tiles[tunnel].features.len();
    let m = t.tiles[straight].features.len();
    let (u1, u2) = (
        n + feature(&t, straight, "f1") as usize,
        n + feature(&t, straight, "f2") as usize,
    );
    // South: both fields of the straight road join the one south field.
    let south = t.connections(tunnel, 0, Side::S, straight, 1).expect("road fits road");
    assert!(south.contains(&(r, feature(&t, straight, "r"))));
    assert_eq!(groups(n, m, &south, &[u1, u2]), 1, "{south:?}");
    // North: the road keeps the two north fields apart.
    let north = t.connections(tunnel, 0, Side::N, straight, 1).expect("road fits road");
    assert_eq!(groups(n, m, &north, &[u1, u2]), 2, "{north:?}");
}

#[test]
fn road_can_end_in_a_field_at_a_house() {
    let t = tables("road-ends-at-house.toml");
    let house = tile(&t, "AM/R");
    let road = &t.tiles[house].features[feature(&t, house, "r") as usize];
    assert_eq!((road.segments, road.end), (1, Some(RoadEnd::House)));
    // The field wraps round the house: one field reaches all eight half edges.
    let field = &t.tiles[house].features[feature(&t, house, "f") as usize];
    assert_eq!(field.segments, 8);
}

#[test]
fn three_way_road_is_one_road_with_three_ends() {
    let t = tables("three-way-road.toml");
    let fork = tile(&t, "AM/Rrr");
    let road = &t.tiles[fork].features[feature(&t, fork, "r") as usize];
    assert_eq!((road.kind, road.segments, road.end), (FeatureKind::Road, 3, None));
}

#[test]
fn abbey_edges_fit_everything_and_join_nothing() {
    let t = tables("abbey.toml");
    let abbey = tile(&t, "AM/A");
    assert_eq!(
        (t.tiles[abbey].supply, t.tiles[abbey].placement),
        (Supply::Player, Placement::Hole)
    );
    for other in 0..t.tiles.len() {
        for rotation in 0..4 {
            for side in Side::ALL {
                let pairs = t.connections(abbey, 0, side, other, rotation);
                assert_eq!(pairs, Some(vec![]), "abbey vs {} turned {rotation}", t.tiles[other].id);
            }
        }
    }
}

#[test]
fn barn_corners_are_read_from_both_edges_and_turn_with_the_tile() {
    let tables = tables("split-field-edge.toml");
    // City cap: the two corners beside the city are not field, the other two are its field.
    let cap = &tables.tiles[tile(&tables, "E")];
    let f = feature(&tables, tile(&tables, "E"), "f");
    let corners = |rotation| [0, 1, 2, 3].map(|corner| cap.corner_field(corner, rotation));
    assert_eq!(corners(0), [None, None, Some(f), Some(f)]);
    // Turned a quarter clockwise, the city faces east: north-east and south-east lose the field.
    assert_eq!(corners(1), [Some(f), None, None, Some(f)]);
    // Straight road east to west: each corner is the field on its side of the road.
    let road = tile(&tables, "U");
    let (f1, f2) = (feature(&tables, road, "f1"), feature(&tables, road, "f2"));
    let straight = &tables.tiles[road];
    assert_eq!(
        [0, 1, 2, 3].map(|corner| straight.corner_field(corner, 0)),
        [Some(f1), Some(f1), Some(f2), Some(f2)]
    );
}
