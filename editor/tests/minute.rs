//! "A tile from an image in a minute": from a new, empty tile set and an image, by clicks and
//! keys only (no segment name typed anywhere), to a saved tile that the engine validates with
//! no error and no warning. Every interaction a person would make is counted, and the count
//! is held under a bound: at about two and a half seconds an interaction, a minute.

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

    fn tile(&self) -> Tile {
        self.h.state().doc().unwrap().tileset().unwrap().tiles[0].clone()
    }
}

/// A 200×200 tile picture: a city cap over the north side and a road up from the south side.
fn write_image(path: &Path) {
    let image = image::RgbImage::from_fn(200, 200, |x, y| {
        let cap = y < 60 && (y as i32) < 60 - ((x as i32 - 100).abs() - 40).max(0) * 2;
        if cap {
            image::Rgb([190, 120, 70])
        } else if (88..112).contains(&x) && y >= 60 {
            image::Rgb([235, 225, 200])
        } else {
            image::Rgb([90, 150, 70])
        }
    });
    image.save(path).unwrap();
}

#[test]
fn a_tile_from_an_image_in_a_minute_of_clicks() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("gate.png");
    write_image(&image);
    let set: PathBuf = dir.path().join("mine.toml");
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

    // A name (the image's name is the start), the count as it is, and save.
    s.type_over("gate", "City gate");
    assert_eq!(s.tile().name, "City gate");
    assert_eq!(s.tile().count, Count::All(1));
    s.key(Modifiers::COMMAND, Key::S);
    assert!(!s.h.state().title().starts_with('*'), "saved: {}", s.h.state().title());

    // The saved file validates clean, as `tilewright validate` reads it.
    let report =
        tilewright_engine::validate::validate_paths(std::slice::from_ref(&set), tilewright_engine::bundled::catalog());
    let found: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.message, d.help))
        .collect();
    assert!(
        found.is_empty(),
        "{found:#?}\n{}",
        std::fs::read_to_string(&set).unwrap()
    );
    assert!(
        s.interactions <= MINUTE,
        "{} interactions, more than a minute's {MINUTE}",
        s.interactions
    );
    println!("a tile from an image in {} interactions", s.interactions);
}
