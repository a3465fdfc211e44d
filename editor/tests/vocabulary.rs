//! GUI tests of the rules vocabulary in the editor: a feature's marks and printed tokens picked
//! in the inspector from what the open set and the bundled files declare, undone like any edit
//! and saved through the engine's writer with the file's comments.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::commands::Command;

mod common;
use common::{base_editor, settle};

/// Selects feature `feature` of the base game's tile D; returns the tile's index.
fn select_on_d(h: &mut Harness<'_, EditorApp>, feature: &str) -> usize {
    h.get_by_label("Tile D").click();
    settle(h);
    h.state_mut().view.selection.feature = Some(feature.into());
    settle(h);
    h.state().view.selection.tile.unwrap()
}

/// Feature `feature` of tile `tile` in the document: (marks, tokens).
fn carried(h: &Harness<'_, EditorApp>, tile: usize, feature: &str) -> (Vec<String>, Vec<String>) {
    let set = h.state().doc().unwrap().tileset().unwrap();
    let f = &set.tiles[tile].features[feature];
    (f.marks.clone(), f.tokens.clone())
}

/// Opens the menu `menu` and clicks its entry `entry`.
fn pick(h: &mut Harness<'_, EditorApp>, menu: &str, entry: &str) {
    h.get_by_label(menu).click();
    settle(h);
    h.get_by_label(entry).click();
    settle(h);
}

#[test]
fn a_road_takes_a_declared_road_mark_once_and_undo_takes_it_off() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, path) = base_editor(dir.path());
    let d = select_on_d(&mut h, "r");
    // The road mark of the bundled Inns & Cathedrals is offered; its city mark is not.
    h.get_by_label("+ Mark").click();
    settle(&mut h);
    assert!(
        h.query_by_label("cathedral").is_none(),
        "a city mark offered for a road"
    );
    h.get_by_label("inn").click();
    settle(&mut h);
    assert_eq!(carried(&h, d, "r").0, ["inn"]);
    // A mark is carried once: the menu has nothing more to offer.
    assert!(h.query_by_label("+ Mark").is_none());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(carried(&h, d, "r").0.is_empty());
    h.state_mut().run_command(Command::Redo);
    settle(&mut h);
    assert_eq!(carried(&h, d, "r").0, ["inn"]);
    h.state_mut().run_command(Command::Save);
    settle(&mut h);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# The base game: 72 land tiles"), "comments kept");
    assert!(saved.contains(r#"marks = ["inn"]"#), "{saved}");
    assert_eq!(saved.matches("marks =").count(), 1);
}

#[test]
fn a_city_takes_tokens_repeated_and_a_chip_removes_one() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    let d = select_on_d(&mut h, "c");
    pick(&mut h, "+ Token", "wine");
    pick(&mut h, "+ Token", "wine");
    pick(&mut h, "+ Token", "cloth");
    assert_eq!(carried(&h, d, "c").1, ["wine", "wine", "cloth"]);
    // Clicking a chip removes that one token.
    h.get_all_by_label("wine x").next().unwrap().click();
    settle(&mut h);
    assert_eq!(carried(&h, d, "c").1, ["wine", "cloth"]);
    // No mark or token is declared for fields: a field shows neither row.
    h.state_mut().view.selection.feature = Some("f1".into());
    settle(&mut h);
    assert!(h.query_by_label("+ Token").is_none());
    assert!(h.query_by_label("+ Mark").is_none());
}
