//! GUI tests that drive the real editor through egui_kittest: open a tile set, select a tile,
//! draw a city outline, undo and redo, save, reopen and compare; the unsaved-changes prompt;
//! a click on a diagnostic; a rendered snapshot of the canvas; and the pictures of figures and
//! bags on the set page.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use egui::{Event, Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::document::Document;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::view::Tool;

mod common;
use common::{BASE, app, editor, settle, write};

/// Clicks at a point of the tile on the canvas (tile coordinates 0..1).
fn click_tile(h: &mut Harness<'_, EditorApp>, point: [f32; 2]) {
    let rect = h.state().panels.canvas.tile_rect.expect("the canvas is shown");
    let pos = Pos2::new(
        rect.min.x + point[0] * rect.width(),
        rect.min.y + point[1] * rect.height(),
    );
    common::click_at(h, pos);
}

fn polygons_of_e(h: &Harness<'_, EditorApp>) -> Vec<Vec<[f64; 2]>> {
    let set = h.state().doc().unwrap().tileset().unwrap();
    set.tiles.iter().find(|t| t.id == "E").unwrap().features["c"]
        .polygons
        .clone()
}

#[test]
fn draw_a_city_outline_undo_redo_save_and_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", BASE);
    let mut h = editor(Some(path.clone()), ScriptedDialogs::default());
    settle(&mut h);
    assert!(!h.state().title().starts_with('*'), "{}", h.state().title());

    // Select tile E (a city cap) in the grid, then its city on the canvas.
    h.get_by_label("Tile E").click();
    settle(&mut h);
    assert_eq!(h.state().view.selection.tile, Some(4));
    click_tile(&mut h, [0.5, 0.08]);
    assert_eq!(h.state().view.selection.feature.as_deref(), Some("c"));

    // Draw the cap's outline: the points snap to the corners and vertices.
    h.key_press(Key::P);
    settle(&mut h);
    assert_eq!(h.state().view.tool, Tool::Draw);
    for p in [[0.005, 0.004], [0.996, 0.003], [0.7, 0.3], [0.3, 0.3], [0.004, 0.003]] {
        click_tile(&mut h, p);
    }
    let drawn = polygons_of_e(&h);
    assert_eq!(drawn.len(), 1, "one outline");
    assert_eq!(drawn[0][0], [0.0, 0.0]);
    assert_eq!(drawn[0][1], [1.0, 0.0]);
    assert_eq!(drawn[0].len(), 4);
    assert!(
        h.state().title().starts_with('*'),
        "dirty after an edit: {}",
        h.state().title()
    );

    // Undo and redo with the keyboard.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(polygons_of_e(&h).is_empty());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(polygons_of_e(&h), drawn);

    // Save, and the title loses its star.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(!h.state().title().starts_with('*'), "{}", h.state().title());

    // Reopen: the same model; only tile E's city line changed, comments and header kept.
    let saved = std::fs::read_to_string(&path).unwrap();
    let reopened = Document::open(&path).unwrap();
    assert_eq!(reopened.tileset(), h.state().doc().unwrap().tileset());
    let changed: Vec<(&str, &str)> = BASE.lines().zip(saved.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].1.starts_with(
        "features.c = { kind = \"city\", on = [\"N\"], polygons = [[[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3]]]"
    ));
    assert_eq!(BASE.lines().count(), saved.lines().count());
}

#[test]
fn unsaved_changes_are_asked_about_before_opening_another_file() {
    let dir = tempfile::tempdir().unwrap();
    let first = write(dir.path(), "base.toml", BASE);
    let second = write(
        dir.path(),
        "other.toml",
        &BASE.replace("id = \"base\"", "id = \"other\""),
    );
    let dialogs = ScriptedDialogs::picking(vec![second.clone(), second.clone()]);
    let mut h = editor(Some(first.clone()), dialogs);
    settle(&mut h);
    // An edit: add a tile.
    h.get_by_label("+ Add").click();
    settle(&mut h);
    assert!(h.state().doc().unwrap().is_dirty());

    // Open: the prompt appears; Cancel keeps the work.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    h.get_by_label("Save changes?");
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert!(h.query_by_label("Save changes?").is_none());
    assert_eq!(h.state().doc().unwrap().path.as_deref(), Some(first.as_path()));
    assert!(h.state().doc().unwrap().is_dirty());

    // Open again, Don't save: the other file opens and the first is untouched on disk.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    h.get_by_label("Don't save").click();
    settle(&mut h);
    assert_eq!(h.state().doc().unwrap().path.as_deref(), Some(second.as_path()));
    assert_eq!(std::fs::read_to_string(&first).unwrap(), BASE);

    // Closing the window with unsaved changes asks too.
    h.get_by_label("+ Add").click();
    settle(&mut h);
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    settle(&mut h);
    h.get_by_label("Save changes?");
    h.get_by_label("Save").click();
    settle(&mut h);
    assert!(!h.state().doc().unwrap().is_dirty());
    assert_ne!(
        std::fs::read_to_string(&second).unwrap(),
        BASE.replace("id = \"base\"", "id = \"other\"")
    );
}

#[test]
fn clicking_a_diagnostic_selects_its_tile_and_feature() {
    let dir = tempfile::tempdir().unwrap();
    // Tile D's city claims the south edge, which is a field.
    let broken = BASE.replacen(
        "features.c = { kind = \"city\", on = [\"N\"] }\nfeatures.r = { kind = \"road\", on = [\"E\", \"W\"] }",
        "features.c = { kind = \"city\", on = [\"S\"] }\nfeatures.r = { kind = \"road\", on = [\"E\", \"W\"] }",
        1,
    );
    assert_ne!(broken, BASE);
    let path = write(dir.path(), "broken.toml", &broken);
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    h.state_mut().validator.wait();
    settle(&mut h);
    assert!(h.state().validator.latest.errors() > 0);
    assert_eq!(h.state().view.selection.tile, Some(0));
    h.get_by_label_contains("feature `c`: edge S has no city segment")
        .click();
    settle(&mut h);
    assert_eq!(h.state().view.selection.tile, Some(3));
    assert_eq!(h.state().view.selection.feature.as_deref(), Some("c"));
}

#[test]
fn a_malformed_file_opens_as_text_and_keeps_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = \n";
    let path = write(dir.path(), "bad.toml", text);
    let mut h = editor(Some(path.clone()), ScriptedDialogs::default());
    settle(&mut h);
    let doc = h.state().doc().expect("the file is open");
    assert_eq!(doc.text().unwrap(), text);
    h.get_by_label_contains("cannot be shown as a form yet");
    // An unreadable image is a message, not a crash.
    let image = write(dir.path(), "tile.png", "not a png");
    assert!(tilewright_editor::images::decode(&image).is_err());
}

#[test]
fn canvas_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", BASE);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1100.0, 720.0))
        .wgpu()
        .build_eframe(move |cc| app(&cc.egui_ctx, Some(path), ScriptedDialogs::default()));
    settle(&mut h);
    // The status bar shows the path as it was given: show it as given from the file's own
    // folder, so the picture does not depend on the temporary folder's random name.
    h.state_mut().workspace.doc.as_mut().expect("the file is open").path = Some(PathBuf::from("base.toml"));
    h.get_by_label("Tile D").click();
    settle(&mut h);
    h.state_mut().validator.wait();
    settle(&mut h);
    h.remove_cursor();
    settle(&mut h);
    h.snapshot("canvas_tile_d");
}

#[test]
fn forms_and_the_source_view_follow_edits_undo_and_redo() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", BASE);
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    let name = |h: &Harness<'_, EditorApp>| h.state().doc().unwrap().tileset().unwrap().name.clone();

    // The set page's form edits the document.
    let field = |h: &Harness<'_, EditorApp>, value: &str| {
        h.query_by(|node| node.role() == egui::accesskit::Role::TextInput && node.value().as_deref() == Some(value))
            .is_some()
    };
    let source = |h: &Harness<'_, EditorApp>, text: &str| {
        h.query_by(|node| {
            node.role() == egui::accesskit::Role::MultilineTextInput && node.value().is_some_and(|v| v.contains(text))
        })
        .is_some()
    };
    h.get_by_label("Set & figures").click();
    settle(&mut h);
    assert!(field(&h, "Carcassonne: base game"));
    h.get_by(|node| {
        node.role() == egui::accesskit::Role::TextInput && node.value().as_deref() == Some("Carcassonne: base game")
    })
    .focus();
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(Event::Text("Renamed".into()));
    settle(&mut h);
    assert_eq!(name(&h), "Renamed");
    assert!(field(&h, "Renamed"));

    // Undo and redo show in the form and in the source view.
    h.key_press(Key::Escape);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(name(&h), "Carcassonne: base game");
    assert!(field(&h, "Carcassonne: base game"));
    h.get_by_label("Source").click();
    settle(&mut h);
    assert!(source(&h, "name = \"Carcassonne: base game\""));
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(name(&h), "Renamed");
    assert!(source(&h, "name = \"Renamed\""));

    // A rule set: its values, and what differs from the rule set it is compared with.
    let rules = tilewright_engine::bundled::FILES
        .iter()
        .find(|(p, _)| *p == "rulesets/new-edition.toml")
        .unwrap()
        .1;
    let path = write(dir.path(), "rules.toml", rules);
    // The rule-set form does not name its inputs for screen readers yet.
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .with_accessibility_check(false)
        .build_eframe(move |cc| app(&cc.egui_ctx, Some(path), ScriptedDialogs::default()));
    settle(&mut h);
    h.get_by_label("switches.abbey-endgame");
}

#[test]
fn the_set_page_pictures_each_figure_and_bag() {
    let dir = tempfile::tempdir().unwrap();
    let tilesets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tilesets");
    for (file, pictures) in [
        (
            "abbey-and-mayor.toml",
            &["mayor picture", "wagon picture", "barn picture"][..],
        ),
        ("hills-and-sheep.toml", &["shepherd picture", "bag picture"][..]),
    ] {
        let text = std::fs::read_to_string(tilesets.join(file)).unwrap();
        let mut h = editor(Some(write(dir.path(), file, &text)), ScriptedDialogs::default());
        settle(&mut h);
        h.get_by_label("Set & figures").click();
        settle(&mut h);
        for picture in pictures {
            h.get_by_role_and_label(egui::accesskit::Role::Image, picture);
        }
    }
}
