//! GUI tests of deriving a tile's edges from its outlines: the *Derive edges* button on a city
//! drawn as tile art draws it, the default field refitted, one undo step, and the inspector's
//! `on` hint following the outlines as they change.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::actions::Actions;
use tilewright_editor::document::Edit;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::{EditorApp, Options};
use tilewright_engine::model::Tile;

/// One tile as a new tile starts (all field, the default field `f`), with a city cap drawn
/// over it whose wall meets the east and west sides 4% below the north corners.
const DRAWN: &str = r#"id = "drawn"
name = "Drawn"

[[tiles]]
id = "T"
count = 1
edges = ["field", "field", "field", "field"]
features.c = { kind = "city", polygons = [[[0.0, 0.0], [1.0, 0.0], [1.0, 0.04], [0.7, 0.3], [0.3, 0.3], [0.0, 0.04]]] }
features.f = { kind = "field", on = ["N", "E", "S", "W"] }
"#;

/// The editor opened on a copy of [`DRAWN`], with its tile selected.
fn drawn_tile_open(dir: &tempfile::TempDir) -> Harness<'static, EditorApp> {
    let path: PathBuf = dir.path().join("drawn.toml");
    std::fs::write(&path, DRAWN).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |cc| {
            EditorApp::new(
                &cc.egui_ctx,
                Options {
                    path: Some(path),
                    dialogs: Box::new(ScriptedDialogs::default()),
                    ..Options::default()
                },
            )
        });
    h.run_steps(4);
    h.state_mut().view.select_tile(0);
    h.run_steps(4);
    h
}

fn the_tile(h: &Harness<'_, EditorApp>) -> Tile {
    h.state().doc().unwrap().tileset().unwrap().tiles[0].clone()
}

/// Replaces the city's outline, as one edit.
fn redraw_city(h: &mut Harness<'_, EditorApp>, outline: Vec<[f64; 2]>) {
    let mut tile = the_tile(h);
    tile.features.get_mut("c").unwrap().polygons = vec![outline];
    let mut actions = Actions::default();
    actions.edit(Edit::ReplaceTile {
        index: 0,
        tile: Box::new(tile),
    });
    h.state_mut().apply(actions);
    h.run_steps(4);
}

fn on(tile: &Tile, id: &str) -> Vec<String> {
    tile.features[id].on.iter().map(|r| r.0.clone()).collect()
}

#[test]
fn derive_gives_a_plain_city_for_a_wall_near_the_corner_and_refits_the_default_field() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = drawn_tile_open(&dir);
    h.get_by_label("Derive edges").click();
    h.run_steps(4);
    let tile = the_tile(&h);
    let edges: Vec<&str> = tile.edges.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(edges, ["city", "field", "field", "field"], "not `city 4 field`");
    assert_eq!(on(&tile, "c"), ["N"]);
    assert_eq!(on(&tile, "f"), ["E", "S", "W"], "the default field gives up N");
    let told = h
        .state()
        .messages()
        .iter()
        .map(|m| m.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(told.contains("N: field -> city"), "{told}");
    assert!(told.contains("E: field (kept)"), "{told}");

    // One undo brings every edge and `on` list back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(4);
    let tile = the_tile(&h);
    assert!(tile.edges.iter().all(|e| e.0 == "field"));
    assert_eq!(on(&tile, "f"), ["N", "E", "S", "W"]);
}

#[test]
fn derive_cuts_the_default_field_at_a_road_into_the_city_and_the_result_validates_clean() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = drawn_tile_open(&dir);
    // A road drawn from the south edge up to the city's wall.
    let mut tile = the_tile(&h);
    let mut road = tilewright_engine::model::Feature::new(tilewright_engine::model::FeatureKind::Road);
    road.polygons = vec![vec![[0.44, 1.0], [0.44, 0.3], [0.56, 0.3], [0.56, 1.0]]];
    tile.features.insert("r".into(), road);
    let mut actions = Actions::default();
    actions.edit(Edit::ReplaceTile {
        index: 0,
        tile: Box::new(tile),
    });
    h.state_mut().apply(actions);
    h.run_steps(4);
    h.get_by_label("Derive edges").click();
    h.run_steps(4);
    let tile = the_tile(&h);
    let edges: Vec<&str> = tile.edges.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(edges, ["city", "field", "road", "field"]);
    assert_eq!(on(&tile, "f"), ["E", "Se"]);
    assert_eq!(on(&tile, "f2"), ["Sw", "W"], "the field west of the road is its own");
    assert_eq!(tile.features["f2"].cities, ["c"]);
    assert_eq!(tile.features["r"].at.as_deref(), Some("c"));
    h.state_mut().validator.wait();
    h.run_steps(4);
    let found = &h.state().validator.latest;
    assert_eq!(found.revision, h.state().doc().unwrap().revision());
    assert!(found.diagnostics.is_empty(), "{:#?}", found.diagnostics);
}

#[test]
fn the_on_hint_follows_the_outlines_as_they_change() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = drawn_tile_open(&dir);
    h.state_mut().view.selection.feature = Some("c".into());
    h.run_steps(4);
    assert!(
        h.query_by_label("outlines: N").is_some(),
        "the cap reaches the north edge"
    );

    // Redraw the city so that it also runs down the west side: the hint follows.
    redraw_city(&mut h, vec![[0.0, 0.0], [1.0, 0.0], [0.4, 0.4], [0.0, 1.0]]);
    assert!(h.query_by_label("outlines: N").is_none(), "no stale hint");
    assert!(h.query_by_label("outlines: N W").is_some());
}

#[test]
fn a_layout_no_bundled_tile_uses_is_warned_of_until_snapped_to_the_standard() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = drawn_tile_open(&dir);
    // A cap whose wall meets the east side a third of the way down, derived.
    redraw_city(&mut h, vec![[0.0, 0.0], [1.0, 0.0], [1.0, 0.3], [0.3, 0.3]]);
    h.get_by_label("Derive edges").click();
    h.run_steps(4);
    assert_eq!(the_tile(&h).edges[1].0, "city 30 field");
    let warning = "`city 30 field` is used by no bundled tile";
    assert!(h.query_by_label_contains(warning).is_some());

    // One click snaps it (the wall a third of the way down is the plain field side); the
    // warning goes, and the tile validates.
    h.get_by_label("Snap to standard").click();
    h.run_steps(4);
    let tile = the_tile(&h);
    assert_eq!(tile.edges.clone().map(|e| e.0), ["city", "field", "field", "field"]);
    assert_eq!(on(&tile, "c"), ["N"]);
    assert!(h.query_by_label_contains(warning).is_none(), "no stale warning");
    assert!(h.query_by_label_contains("is used by no bundled tile").is_none());
    h.state_mut().validator.wait();
    h.run_steps(4);
    let found = &h.state().validator.latest;
    assert!(found.diagnostics.is_empty(), "{:#?}", found.diagnostics);
}
