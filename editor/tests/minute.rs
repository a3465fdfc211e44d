//! "A tile from an image in a minute": from a new, empty tile set and an image, by clicks and
//! keys only (no segment name typed anywhere), to a saved tile that the engine validates with
//! no error and no warning. Every interaction a person would make is counted, and the count
//! is held under a bound: at about two and a half seconds an interaction, a minute. Beside the
//! drawing made for the test, pictures as artists trace them: a thin road, a road off the
//! middle, a city whose wall wanders, an outline closed with Enter.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use egui::{Event, Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::{EditorApp, Options};
use tilewright_engine::model::{Count, FeatureKind, RoadEnd, Tile};

mod common;

/// At most this many interactions: a minute at two and a half seconds each.
const MINUTE: usize = 24;

/// The editor with every interaction counted.
struct Script {
    h: Harness<'static, EditorApp>,
    interactions: usize,
}

impl Script {
    fn settle(&mut self) {
        self.h.run_steps(4);
    }

    fn key(&mut self, modifiers: Modifiers, key: Key) {
        self.interactions += 1;
        self.h.key_press_modifiers(modifiers, key);
        self.settle();
    }

    fn click(&mut self, label: &str) {
        self.interactions += 1;
        self.h.get_by_label(label).click();
        self.settle();
    }

    /// Clicks a point of the tile on the canvas (tile coordinates 0..1).
    fn click_tile(&mut self, point: [f32; 2]) {
        self.interactions += 1;
        let rect = self.h.state().panels.canvas.tile_rect.expect("the canvas is shown");
        let pos = Pos2::new(
            rect.min.x + point[0] * rect.width(),
            rect.min.y + point[1] * rect.height(),
        );
        common::click_at(&mut self.h, pos);
    }

    /// Types `text` into the text field showing `now`, over what it holds.
    fn type_over(&mut self, now: &str, text: &str) {
        self.interactions += 3; // a click into the field, select all, the typing
        self.h
            .get_by(|n| n.role() == egui::accesskit::Role::TextInput && n.value().as_deref() == Some(now))
            .focus();
        self.settle();
        self.h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        self.h.event(Event::Text(text.into()));
        self.settle();
        self.h.key_press(Key::Enter);
        self.settle();
    }

    /// Clicks each point of an outline on the canvas.
    fn trace(&mut self, points: &[[f32; 2]]) {
        for &p in points {
            self.click_tile(p);
        }
    }

    fn tile(&self) -> Tile {
        self.h.state().doc().unwrap().tileset().unwrap().tiles[0].clone()
    }
}

/// A 200×200 tile picture: a city cap over the north side and a road `road` (a range of x in
/// pixels) up from the south side.
fn write_picture(path: &Path, road: std::ops::Range<u32>) {
    let image = image::RgbImage::from_fn(200, 200, |x, y| {
        let cap = y < 60 && (y as i32) < 60 - ((x as i32 - 100).abs() - 40).max(0) * 2;
        if cap {
            image::Rgb([190, 120, 70])
        } else if road.contains(&x) && y >= 60 {
            image::Rgb([235, 225, 200])
        } else {
            image::Rgb([90, 150, 70])
        }
    });
    image.save(path).unwrap();
}

/// The picture the minute was first timed on: a road 24 pixels wide about the middle.
fn write_image(path: &Path) {
    write_picture(path, 88..112);
}

/// The editor on a new tile set saved as `mine.toml` in `dir`, with a tile over `image` and
/// the draw tool on; three interactions and the saves counted.
fn new_tile_over(dir: &Path, image: PathBuf) -> (Script, PathBuf) {
    let set: PathBuf = dir.join("mine.toml");
    let mut dialogs = ScriptedDialogs::picking(vec![image]);
    dialogs.saves = vec![set.clone()];
    let h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |cc| {
            EditorApp::new(
                &cc.egui_ctx,
                Options {
                    dialogs: Box::new(dialogs),
                    ..Options::default()
                },
            )
        });
    let mut s = Script { h, interactions: 0 };
    s.settle();

    // A new tile set, saved where its images will go.
    s.key(Modifiers::COMMAND, Key::N);
    s.key(Modifiers::COMMAND, Key::S);
    assert_eq!(s.h.state().doc().unwrap().path.as_deref(), Some(set.as_path()));

    // A tile over the image: the draw tool is on.
    s.click("Tile");
    s.click("New tile from image…");
    (s, set)
}

/// Names the tile, saves, and checks that the saved file validates with no error and no
/// warning, as `tilewright validate` reads it, within a minute of interactions.
fn name_save_and_validate(mut s: Script, set: &Path, name: &str) {
    let now = s.tile().name.clone();
    s.type_over(&now, name);
    assert_eq!(s.tile().name, name);
    assert_eq!(s.tile().count, Count::All(1));
    s.key(Modifiers::COMMAND, Key::S);
    assert!(!s.h.state().title().starts_with('*'), "saved: {}", s.h.state().title());
    let report =
        tilewright_engine::validate::validate_paths(&[set.to_path_buf()], tilewright_engine::bundled::catalog());
    let found: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.message, d.help))
        .collect();
    assert!(
        found.is_empty(),
        "{found:#?}\n{}",
        std::fs::read_to_string(set).unwrap()
    );
    assert!(
        s.interactions <= MINUTE,
        "{} interactions, more than a minute's {MINUTE}",
        s.interactions
    );
    println!("{name}: a tile from an image in {} interactions", s.interactions);
}

/// The cap as the test's picture draws it, clockwise from the north-west corner.
const CAP: [[f32; 2]; 4] = [[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3]];

/// The edges, the road's end and the fields of a tile traced as a city cap and a road from
/// the south side to its wall.
fn assert_cap_and_gate_road(tile: &Tile) {
    let edges: Vec<&str> = tile.edges.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(edges, ["city", "field", "road", "field"], "{:#?}", tile.features);
    let road = tile.features.values().find(|f| f.kind == FeatureKind::Road).unwrap();
    let on: Vec<&str> = road.on.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(on, ["S"], "the road reaches its edge: {:#?}", tile.features);
    assert_eq!(road.end, Some(RoadEnd::CityGate));
    let fields = tile.features.values().filter(|f| f.kind == FeatureKind::Field).count();
    assert_eq!(fields, 2, "one field each side of the road: {:#?}", tile.features);
}

/// A picture whose road is traced from `x0` to `x1` (tile coordinates), up to the cap's wall,
/// the road closed with Enter.
fn trace_a_road(name: &str, road: std::ops::Range<u32>, x0: f32, x1: f32) {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join(format!("{name}.png"));
    write_picture(&image, road);
    let (mut s, set) = new_tile_over(dir.path(), image);
    s.trace(&CAP);
    s.click_tile(CAP[0]);
    s.key(Modifiers::NONE, Key::Escape);
    s.key(Modifiers::NONE, Key::Num2);
    s.trace(&[[x0, 1.0], [x0, 0.32], [x1, 0.32], [x1, 1.0]]);
    s.key(Modifiers::NONE, Key::Enter);
    assert_cap_and_gate_road(&s.tile());
    name_save_and_validate(s, &set, name);
}

#[test]
fn a_thin_road_traced_from_a_picture_reaches_its_edge() {
    // 16 pixels of 200: 46..54 along the south side.
    trace_a_road("thin-road", 92..108, 0.46, 0.54);
}

#[test]
fn a_road_off_the_middle_traced_from_a_picture_reaches_its_edge() {
    // 35..45 along the south side (which runs east to west).
    trace_a_road("off-centre", 110..130, 0.55, 0.65);
}

#[test]
fn a_city_with_a_wandering_wall_closed_by_enter_validates_clean() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("wall.png");
    write_picture(&image, 0..0);
    let (mut s, set) = new_tile_over(dir.path(), image);
    // The wall dips and rises as drawn walls do, meeting the sides a little below the corners.
    s.trace(&[
        [0.0, 0.0],
        [1.0, 0.0],
        [1.0, 0.04],
        [0.82, 0.2],
        [0.66, 0.3],
        [0.5, 0.26],
        [0.34, 0.33],
        [0.16, 0.18],
        [0.0, 0.05],
    ]);
    s.key(Modifiers::NONE, Key::Enter);
    let tile = s.tile();
    let edges: Vec<&str> = tile.edges.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(edges, ["city", "field", "field", "field"], "{:#?}", tile.features);
    let city = tile.features.values().find(|f| f.kind == FeatureKind::City).unwrap();
    assert_eq!(city.polygons[0].len(), 9, "Enter closes the outline as traced");
    name_save_and_validate(s, &set, "Wandering wall");
}

#[test]
fn a_tile_from_an_image_in_a_minute_of_clicks() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("gate.png");
    write_image(&image);
    let (mut s, set) = new_tile_over(dir.path(), image);
    assert_eq!(s.tile().image.as_deref(), Some("gate.png"));

    // The city: four points and a click on the first closes it.
    for p in [[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3], [0.0, 0.0]] {
        s.click_tile(p);
    }
    let city = s
        .tile()
        .features
        .iter()
        .find(|(_, f)| f.kind == FeatureKind::City)
        .map(|(id, _)| id.clone());
    let city = city.expect("a city drawn");
    // The closed outline fills `on`, and the edges follow the drawing.
    assert_eq!(s.tile().edges[0].0, "city");
    let on: Vec<String> = s.tile().features[&city].on.iter().map(|r| r.0.clone()).collect();
    assert_eq!(on, ["N"]);

    // The road: Esc lets go of the city, 2 picks roads, then its outline up to the wall.
    s.key(Modifiers::NONE, Key::Escape);
    s.key(Modifiers::NONE, Key::Num2);
    for p in [[0.44, 1.0], [0.44, 0.32], [0.56, 0.32], [0.56, 1.0], [0.44, 1.0]] {
        s.click_tile(p);
    }
    assert!(
        s.tile().features.values().any(|f| f.kind == FeatureKind::Road),
        "{:?}",
        s.tile().features
    );

    // Closing the road derived the edges, every `on` list, the fields cut at the road, their
    // cities and the gate: no *Derive edges* needed.
    let tile = s.tile();
    let edges: Vec<&str> = tile.edges.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(edges, ["city", "field", "road", "field"], "{:#?}", tile.features);
    let road = tile.features.values().find(|f| f.kind == FeatureKind::Road).unwrap();
    assert_eq!(road.end, Some(RoadEnd::CityGate));
    let fields = tile.features.values().filter(|f| f.kind == FeatureKind::Field).count();
    assert_eq!(fields, 2, "one field each side of the road: {:#?}", tile.features);
    // A field the cut made, without an outline, gets no "outlines:" suggestion.
    s.h.state_mut().view.selection.feature = tile
        .features
        .iter()
        .find(|(_, f)| f.kind == FeatureKind::Field)
        .map(|(id, _)| id.clone());
    s.settle();
    assert!(s.h.query_by_label_contains("outlines:").is_none());

    // A name (the image's name is the start), the count as it is, and save: the saved file
    // validates clean.
    name_save_and_validate(s, &set, "City gate");
}
