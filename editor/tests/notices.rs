//! GUI tests of notices: drawn over the page, so the canvas does not move when one appears;
//! shown only on the tile (or page, or file) they concern; a report fades, and a notice closes
//! with its button.

#![allow(clippy::unwrap_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::app::notices::FADE_AFTER;
use tilewright_editor::files::ScriptedDialogs;

mod common;
use common::{editor, settle, write};

/// Two tiles with a city drawn on each, so *Derive edges* has something to say.
const DRAWN: &str = r#"id = "drawn"
name = "Drawn"

[[tiles]]
id = "A"
count = 1
edges = ["field", "field", "field", "field"]
features.c = { kind = "city", polygons = [[[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3]]] }
features.f = { kind = "field", on = ["N", "E", "S", "W"] }

[[tiles]]
id = "B"
count = 1
edges = ["field", "field", "field", "field"]
features.c = { kind = "city", polygons = [[[1.0, 0.0], [1.0, 1.0], [0.7, 0.5]]] }
features.f = { kind = "field", on = ["N", "E", "S", "W"] }
"#;

fn shown(h: &Harness<'_, EditorApp>) -> bool {
    h.query_by_label_contains("Derived edges").is_some()
}

fn kept(h: &Harness<'_, EditorApp>) -> bool {
    h.state().messages().iter().any(|m| m.text.starts_with("Derived edges"))
}

#[test]
fn a_notice_lies_over_the_canvas_belongs_to_its_tile_and_fades() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "drawn.toml", DRAWN);
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    h.state_mut().view.select_tile(0);
    settle(&mut h);
    let canvas = h.state().panels.canvas.tile_rect;
    assert!(canvas.is_some());

    h.get_by_label("Derive edges").click();
    settle(&mut h);
    assert!(shown(&h), "{:?}", h.state().messages());
    assert_eq!(
        h.state().panels.canvas.tile_rect,
        canvas,
        "the canvas stays where it was"
    );

    // Another tile, another page: the notice is not there; back on its tile it is.
    h.state_mut().view.select_tile(1);
    settle(&mut h);
    assert!(!shown(&h) && kept(&h));
    h.get_by_label("Source").click();
    settle(&mut h);
    assert!(!shown(&h));
    h.get_by_label("Tiles").click();
    settle(&mut h);
    h.state_mut().view.select_tile(0);
    settle(&mut h);
    assert!(shown(&h));

    // It fades once it has been shown a while (each step is a quarter of a second).
    let steps = ((FADE_AFTER + 2.0) * 4.0) as usize;
    h.run_steps(steps);
    assert!(!shown(&h) && !kept(&h), "{:?}", h.state().messages());

    // The close button takes one away at once.
    h.get_by_label("Derive edges").click();
    settle(&mut h);
    assert!(shown(&h));
    h.get_by_label("x").click();
    settle(&mut h);
    assert!(!kept(&h));
}

#[test]
fn without_file_dialogs_a_notice_says_so_and_a_typed_path_opens_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "drawn.toml", DRAWN);
    let mut dialogs = ScriptedDialogs::default();
    dialogs.unavailable = Some(tilewright_editor::dialog_support::MISSING.into());
    let mut h = editor(None, dialogs);
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    settle(&mut h);
    let said = |h: &Harness<'_, EditorApp>| h.state().messages().iter().any(|m| m.text.contains("zenity"));
    assert!(said(&h), "a notice names what is missing: {:?}", h.state().messages());
    // A path that is no file is refused in the field, which stays.
    let field = |h: &Harness<'_, EditorApp>| {
        h.get_by(|n| n.role() == egui::accesskit::Role::TextInput)
            .value()
            .unwrap_or_default()
    };
    h.get_by(|n| n.role() == egui::accesskit::Role::TextInput).focus();
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(dir.path().join("nothing.toml").display().to_string()));
    settle(&mut h);
    h.get_by_label("Open").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("There is no file").is_some());
    assert!(h.state().doc().is_none());
    // The right path opens the file.
    h.get_by(|n| n.role() == egui::accesskit::Role::TextInput).focus();
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(path.display().to_string()));
    settle(&mut h);
    assert_eq!(field(&h), path.display().to_string());
    h.get_by_label("Open").click();
    settle(&mut h);
    assert_eq!(h.state().doc().unwrap().path.as_deref(), Some(path.as_path()));
    assert!(h.query_by_label("Open a file").is_none(), "the field is gone");
}

#[test]
fn a_notice_does_not_cover_the_banner_it_is_about() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "bad.toml",
        "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = \n",
    );
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    let banner = h.get_by_label_contains("cannot be shown as a form yet").rect();
    // The notice's text, with the frame drawn round it.
    let notice = h.get_by_label_contains("is shown as text").rect().expand(8.0);
    assert!(
        !notice.intersects(banner),
        "the notice {notice:?} covers the banner {banner:?}"
    );
}
