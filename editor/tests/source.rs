//! GUI tests of the Source page: typed text that reads replaces the document at once, comments
//! kept, all of it one undo step; text that does not read is kept as a draft with where it
//! stops reading, across pages, while the document keeps its last good state.

#![allow(clippy::unwrap_used)]

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::files::ScriptedDialogs;

mod common;
use common::{BASE, editor, settle, write};

fn name(h: &Harness<'_, EditorApp>) -> String {
    h.state().doc().unwrap().tileset().unwrap().name.clone()
}

/// The Source page's text, as shown.
fn shown(h: &Harness<'_, EditorApp>) -> String {
    h.get_by_role(Role::MultilineTextInput).value().unwrap_or_default()
}

/// Replaces the Source page's whole text by typing `text` over it.
fn type_over(h: &mut Harness<'_, EditorApp>, text: &str) {
    h.get_by_role(Role::MultilineTextInput).focus();
    settle(h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(Event::Text(text.into()));
    settle(h);
}

#[test]
fn typed_source_replaces_the_document_as_one_undo_step_and_text_that_does_not_read_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", BASE);
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    h.get_by_label("Source").click();
    settle(&mut h);
    assert!(shown(&h).contains("name = \"Carcassonne: base game\""));

    // Text that reads is the document at once, with the comment typed into it.
    let renamed = BASE.replace(
        "name = \"Carcassonne: base game\"",
        "# Renamed by hand.\nname = \"Typed\"",
    );
    type_over(&mut h, &renamed);
    assert_eq!(name(&h), "Typed");
    let text = h.state().doc().unwrap().text().unwrap();
    assert!(
        text.contains("# Renamed by hand.\nname = \"Typed\""),
        "the comment is kept"
    );
    assert!(h.state().title().starts_with('*'));

    // More typing in the same field merges into the same step: one undo takes all of it back,
    // comment included.
    let retyped = renamed.replace("name = \"Typed\"", "name = \"Typed again\"");
    type_over(&mut h, &retyped);
    assert_eq!(name(&h), "Typed again");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(name(&h), "Carcassonne: base game");
    let text = h.state().doc().unwrap().text().unwrap();
    assert!(!text.contains("# Renamed by hand."), "undo takes the comment back too");
    assert!(
        shown(&h).contains("name = \"Carcassonne: base game\""),
        "the page follows undo"
    );
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(name(&h), "Typed again");
    h.key_press(Key::Escape);
    settle(&mut h);

    // Text that does not read: located, not applied, and kept as typed; the text does not
    // move when the reason appears above it.
    let top = h.get_by_role_and_label(Role::Label, "base.toml").rect().top();
    let broken = retyped.replace("name = \"Typed again\"", "name = \"Half typed");
    type_over(&mut h, &broken);
    assert_eq!(h.get_by_role_and_label(Role::Label, "base.toml").rect().top(), top);
    assert_eq!(name(&h), "Typed again", "the document keeps its last good state");
    let line = broken.lines().position(|l| l.starts_with("name = \"Half")).unwrap() + 1;
    h.get_by_label_contains(&format!("Not applied: line {line}, column"));
    assert_eq!(shown(&h), broken);

    // Another page and back: the draft is still there.
    h.get_by_label("Tiles").click();
    settle(&mut h);
    h.get_by_label("Source").click();
    settle(&mut h);
    assert_eq!(shown(&h), broken, "the typed text is not lost");

    // Finished, it applies.
    let finished = broken.replace("name = \"Half typed", "name = \"Half typed\"");
    type_over(&mut h, &finished);
    assert_eq!(name(&h), "Half typed");
    assert!(h.query_by_label_contains("Not applied").is_none());

    // Discarding a draft shows the document's text again.
    type_over(&mut h, "id = ");
    h.get_by_label("Discard my text").click();
    settle(&mut h);
    assert!(shown(&h).contains("name = \"Half typed\""));
    assert_eq!(name(&h), "Half typed");
}
