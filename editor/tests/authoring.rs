//! GUI tests of authoring habits and batch authoring, driving the real editor through
//! egui_kittest: the set form's order, the parse banner, shortcuts in the order pressed,
//! copying features, importing a tile sheet, duplicating a tile mirrored.

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use tilewright_editor::document::{Content, Edit};
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::view::Page;

mod common;
use common::{BASE, editor, settle, write};

#[test]
fn the_set_form_lists_id_and_name_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(Some(write(dir.path(), "base.toml", BASE)), ScriptedDialogs::default());
    settle(&mut h);
    h.state_mut().view.page = Page::Set;
    settle(&mut h);
    let top =
        |h: &egui_kittest::Harness<'_, tilewright_editor::EditorApp>, label: &str| h.get_by_label(label).rect().min.y;
    let (id, name, editions) = (top(&h, "id"), top(&h, "name"), top(&h, "editions"));
    assert!(
        id < name && name < editions,
        "id {id}, name {name}, editions {editions}"
    );
}

#[test]
fn the_parse_banner_goes_once_the_text_reads() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = \n";
    let mut h = editor(Some(write(dir.path(), "bad.toml", text)), ScriptedDialogs::default());
    settle(&mut h);
    let banner = |h: &egui_kittest::Harness<'_, tilewright_editor::EditorApp>| {
        h.state().messages().iter().any(|m| m.text.contains("is shown as text"))
    };
    assert!(banner(&h));
    let fixed = "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = \"X\"\n";
    let doc = h.state_mut().workspace.doc.as_mut().unwrap();
    doc.apply(Edit::Replace(Box::new(Content::Text {
        text: fixed.into(),
        problem: String::new(),
    })))
    .unwrap();
    settle(&mut h);
    assert!(matches!(h.state().doc().unwrap().content(), Content::TileSet(_)));
    assert!(!banner(&h), "{:?}", h.state().messages());
}

#[test]
fn two_shortcuts_in_one_frame_run_in_the_order_pressed() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", BASE);
    let mut h = editor(Some(path.clone()), ScriptedDialogs::default());
    settle(&mut h);
    h.get_by_label("+ Add").click();
    settle(&mut h);
    assert!(h.state().doc().unwrap().is_dirty());
    // Undo, then Save, in one frame: the file saved is the one without the new tile. In menu
    // order (Save before Undo) the new tile would be saved and then undone.
    for key in [Key::Z, Key::S] {
        for pressed in [true, false] {
            h.event(Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: Modifiers::COMMAND,
            });
        }
    }
    settle(&mut h);
    assert!(!h.state().doc().unwrap().is_dirty());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), BASE);
}
