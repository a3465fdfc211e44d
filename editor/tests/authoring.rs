//! GUI tests of authoring habits and batch authoring, driving the real editor through
//! egui_kittest: the set form's order, the parse banner, shortcuts in the order pressed,
//! copying features, importing a tile sheet, duplicating a tile mirrored.

#![allow(clippy::unwrap_used)]

use egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use tilewright_editor::commands::Command;
use tilewright_editor::document::{Content, Edit};
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::import::Grid;
use tilewright_editor::transform::Transform;
use tilewright_editor::view::Page;

mod common;
use common::{BASE, base_editor, editor, settle, write};

#[test]
fn the_set_form_lists_id_and_name_first() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
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
    let (mut h, path) = base_editor(dir.path());
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

#[test]
fn a_three_by_three_sheet_imports_as_nine_tiles_with_nine_images() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", BASE);
    // A 3×3 sheet of 20-pixel cells, each a different grey, with 2 pixels between them.
    let mut sheet = image::RgbImage::new(64, 64);
    for (x, y, pixel) in sheet.enumerate_pixels_mut() {
        let cell = (y / 22) * 3 + x / 22;
        *pixel = image::Rgb([(cell * 25) as u8, 0, 0]);
    }
    let sheet_path = dir.path().join("sheet.png");
    sheet.save(&sheet_path).unwrap();
    let mut h = editor(Some(path), ScriptedDialogs::picking(vec![sheet_path]));
    settle(&mut h);
    let before = h.state().doc().unwrap().tileset().unwrap().tiles.len();
    h.state_mut().run_command(Command::ImportTileSheet);
    settle(&mut h);
    h.get_by_label("Import a tile sheet");
    h.state_mut().workspace.sheet.as_mut().expect("the dialog is open").grid = Grid {
        rows: 3,
        columns: 3,
        margin: 0,
        spacing: 2,
    };
    settle(&mut h);
    h.get_by_label_contains("9 tiles of 20 × 20 pixels");
    h.get_by_label("Import 9 tiles").click();
    settle(&mut h);

    let set = h.state().doc().unwrap().tileset().unwrap().clone();
    let new = &set.tiles[before..];
    assert_eq!(new.len(), 9);
    assert_eq!(new[0].id, "base/1");
    assert_eq!(new[8].id, "base/9");
    let images = std::fs::read_dir(dir.path().join("images")).unwrap().count();
    assert_eq!(images, 9);
    let last = image::open(dir.path().join(new[8].image.as_ref().unwrap()))
        .unwrap()
        .to_rgb8();
    assert_eq!((last.width(), last.height()), (20, 20));
    assert_eq!(last.get_pixel(10, 10)[0], 200, "the last cell, cut where the grid says");
    // One undo takes the whole import back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().doc().unwrap().tileset().unwrap().tiles.len(), before);
}

#[test]
fn duplicate_mirrored_moves_the_image_outlines_and_edges() {
    let dir = tempfile::tempdir().unwrap();
    // Tile E with an image and a city drawn over the north-west corner.
    let mut cap = image::RgbImage::new(8, 8);
    cap.put_pixel(0, 0, image::Rgb([255, 0, 0]));
    std::fs::create_dir_all(dir.path().join("images")).unwrap();
    cap.save(dir.path().join("images/e.png")).unwrap();
    let text = BASE.replacen(
        "features.c = { kind = \"city\", on = [\"N\"] }\nfeatures.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c\"] }",
        "image = \"images/e.png\"\nfeatures.c = { kind = \"city\", on = [\"N\"], polygons = [[[0.0, 0.0], [0.6, 0.0], [0.0, 0.6]]] }\nfeatures.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c\"] }",
        1,
    );
    assert_ne!(text, BASE);
    let mut h = editor(Some(write(dir.path(), "base.toml", &text)), ScriptedDialogs::default());
    settle(&mut h);
    h.get_by_label("Tile E").click();
    settle(&mut h);
    let e = h.state().view.selection.tile.unwrap();
    h.state_mut()
        .run_command(Command::DuplicateTransformed(Transform::Mirror));
    settle(&mut h);

    let set = h.state().doc().unwrap().tileset().unwrap();
    let copy = &set.tiles[e + 1];
    assert_eq!(copy.id, "base/1");
    assert_eq!(h.state().view.selection.tile, Some(e + 1));
    let city = &copy.features["c"];
    assert_eq!(city.polygons, [vec![[1.0, 0.6], [0.4, 0.0], [1.0, 0.0]]]);
    // The city now meets the north edge from 40 to 100 and the east edge from 0 to 60.
    let edges: Vec<&str> = copy.edges.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(edges, ["field 40 city", "city 60 field", "field", "field"]);
    assert_eq!(
        city.on.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
        ["N", "E"],
        "the only city segment of each edge"
    );
    let image = copy.image.as_deref().unwrap();
    assert_eq!(image, "images/e-mirrored.png");
    let mirrored = image::open(dir.path().join(image)).unwrap().to_rgb8();
    assert_eq!(mirrored.get_pixel(7, 0)[0], 255, "the red corner is now north-east");
}

#[test]
fn a_copied_feature_pastes_into_another_tile_under_a_free_key() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    // Tile D's city, with an outline over the north side.
    h.get_by_label("Tile D").click();
    settle(&mut h);
    let d = h.state().view.selection.tile.unwrap();
    let outline = vec![[0.0, 0.0], [1.0, 0.0], [0.5, 0.3]];
    h.state_mut()
        .workspace
        .doc
        .as_mut()
        .unwrap()
        .apply(Edit::AddPolygon {
            tile: d,
            feature: "c".into(),
            points: outline.clone(),
        })
        .unwrap();
    h.state_mut().view.selection.feature = Some("c".into());
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    settle(&mut h);

    // Paste into tile E, which has a city `c` already.
    h.get_by_label("Tile E").click();
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    settle(&mut h);
    let e = h.state().view.selection.tile.unwrap();
    let tile = &h.state().doc().unwrap().tileset().unwrap().tiles[e];
    let pasted = &tile.features["c2"];
    assert_eq!(pasted.polygons, [outline]);
    assert_eq!(pasted.on.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(), ["N"]);
    assert_eq!(h.state().view.selection.feature.as_deref(), Some("c2"));
    // One undo step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(
        !h.state().doc().unwrap().tileset().unwrap().tiles[e]
            .features
            .contains_key("c2")
    );
}

#[test]
fn a_folder_of_images_imports_as_a_tile_each() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    for name in ["b.png", "a.png"] {
        image::RgbImage::new(4, 4).save(outside.path().join(name)).unwrap();
    }
    std::fs::write(outside.path().join("notes.txt"), "not an image").unwrap();
    // An image of that name is there already: the import must not overwrite it.
    std::fs::create_dir_all(dir.path().join("images")).unwrap();
    std::fs::write(dir.path().join("images/a.png"), "keep me").unwrap();
    let dialogs = ScriptedDialogs::picking(vec![outside.path().to_owned()]);
    let mut h = editor(Some(write(dir.path(), "base.toml", BASE)), dialogs);
    settle(&mut h);
    h.state_mut().run_command(Command::ImportImageFolder);
    settle(&mut h);
    let set = h.state().doc().unwrap().tileset().unwrap();
    let new: Vec<(&str, &str)> = set.tiles[set.tiles.len() - 2..]
        .iter()
        .map(|t| (t.name.as_str(), t.image.as_deref().unwrap()))
        .collect();
    assert_eq!(new, [("a", "images/a-2.png"), ("b", "images/b.png")]);
    assert_eq!(std::fs::read(dir.path().join("images/a.png")).unwrap(), b"keep me");
}

#[test]
fn a_new_tile_set_points_at_the_schemas_of_the_folder_it_is_saved_in() {
    let repo = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(repo.path().join("schemas")).unwrap();
    std::fs::create_dir_all(repo.path().join("tiles")).unwrap();
    write(&repo.path().join("schemas"), "tileset.schema.json", "{}");
    let elsewhere = tempfile::tempdir().unwrap();
    let (inside, outside) = (repo.path().join("tiles/new.toml"), elsewhere.path().join("new.toml"));
    let mut dialogs = ScriptedDialogs::default();
    dialogs.saves = vec![inside.clone(), outside.clone()];
    let mut h = editor(None, dialogs);
    for _ in [&inside, &outside] {
        h.state_mut().run_command(Command::NewTileSet);
        settle(&mut h);
        // A tile set with no tiles yet.
        let doc = h.state().doc().unwrap();
        assert_eq!(doc.tileset().expect("a tile set").tiles.len(), 0);
        h.state_mut().run_command(Command::Save);
        settle(&mut h);
    }
    let first_line = |path: &std::path::Path| std::fs::read_to_string(path).unwrap().lines().next().map(str::to_owned);
    assert_eq!(
        first_line(&inside).as_deref(),
        Some("#:schema ../schemas/tileset.schema.json")
    );
    // No schemas around it: no line that would point at nothing; `tiles = []` still says
    // that the file is a tile set.
    assert_eq!(first_line(&outside).as_deref(), Some("id = \"my-tiles\""));
    let reopened = tilewright_editor::document::Document::from_text(None, &std::fs::read_to_string(&outside).unwrap());
    assert!(reopened.tileset().is_some(), "{:?}", reopened.content());
}

/// The value of the inspector's On field.
fn on_field(h: &egui_kittest::Harness<'_, tilewright_editor::EditorApp>) -> String {
    let field =
        h.get_by(|node| node.role() == egui::accesskit::Role::TextInput && node.label().as_deref() == Some("On"));
    field.value().unwrap_or_default()
}

/// The `on` list of feature `feature` of tile `tile` in the document.
fn on_list(h: &egui_kittest::Harness<'_, tilewright_editor::EditorApp>, tile: usize, feature: &str) -> Vec<String> {
    let set = h.state().doc().unwrap().tileset().unwrap();
    set.tiles[tile].features[feature]
        .on
        .iter()
        .map(|r| r.0.clone())
        .collect()
}

#[test]
fn the_on_field_keeps_separators_while_typing_and_tidies_them_when_left() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    let d = h.state().view.selection.tile.unwrap();
    h.state_mut().view.selection.feature = Some("r".into());
    settle(&mut h);
    assert_eq!(on_field(&h), "E W");
    h.get_by(|node| node.role() == egui::accesskit::Role::TextInput && node.label().as_deref() == Some("On"))
        .focus();
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    for typed in ["N", "3", " ", "E"] {
        h.event(Event::Text(typed.into()));
        settle(&mut h);
    }
    assert_eq!(on_field(&h), "N3 E");
    assert_eq!(on_list(&h, d, "r"), ["N3", "E"], "parsed as it is typed");
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    for typed in ["N3", ",", " ", "E", ",", " ", "S1"] {
        h.event(Event::Text(typed.into()));
        settle(&mut h);
    }
    assert_eq!(on_field(&h), "N3, E, S1");
    assert_eq!(on_list(&h, d, "r"), ["N3", "E", "S1"]);
    // Leaving the field writes the list out tidily.
    h.key_press(Key::Tab);
    settle(&mut h);
    assert_eq!(on_field(&h), "N3 E S1");
    // Undo while the text is shown brings back the list before.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(on_list(&h, d, "r"), ["E", "W"]);
    assert_eq!(on_field(&h), "E W");
}

/// Clicks the middle of the bar drawn outside the tile for the segment of edge `side` around
/// `position` (0..100 clockwise along the edge).
fn click_edge_bar(h: &mut egui_kittest::Harness<'_, tilewright_editor::EditorApp>, side: char, position: f32) {
    let rect = h.state().panels.canvas.tile_rect.expect("the canvas is shown");
    let t = position / 100.0;
    let pos = match side {
        'N' => egui::pos2(rect.left() + t * rect.width(), rect.top() - 7.0),
        'E' => egui::pos2(rect.right() + 7.0, rect.top() + t * rect.height()),
        'S' => egui::pos2(rect.right() - t * rect.width(), rect.bottom() + 7.0),
        _ => egui::pos2(rect.left() - 7.0, rect.bottom() - t * rect.height()),
    };
    common::click_at(h, pos);
    settle(h);
}

#[test]
fn clicking_edge_bars_gives_and_takes_segments_through_undo() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    // Tile D: road r on E and W; fields f1 (Wn, En) and f2 (Es, S, Ws); city c on N.
    h.get_by_label("Tile D").click();
    settle(&mut h);
    let d = h.state().view.selection.tile.unwrap();
    // With nothing selected, a bar selects the feature that owns its segment.
    h.state_mut().view.selection.feature = None;
    settle(&mut h);
    click_edge_bar(&mut h, 'E', 50.0);
    assert_eq!(h.state().view.selection.feature.as_deref(), Some("r"));
    // The road's east segment comes off, and back on.
    click_edge_bar(&mut h, 'E', 50.0);
    assert_eq!(on_list(&h, d, "r"), ["W"]);
    assert_eq!(on_field(&h), "W");
    click_edge_bar(&mut h, 'E', 50.0);
    assert_eq!(on_list(&h, d, "r"), ["W", "E"]);
    // A city segment is not the road's: nothing changes, and the editor says why.
    click_edge_bar(&mut h, 'N', 50.0);
    assert_eq!(on_list(&h, d, "r"), ["W", "E"]);
    assert!(
        h.state()
            .messages()
            .iter()
            .any(|m| m.text.contains("`N1` is a city segment")),
        "{:?}",
        h.state().messages()
    );
    // Field f2 takes the north-east half from f1: one step, undone at once.
    h.state_mut().view.selection.feature = Some("f2".into());
    settle(&mut h);
    click_edge_bar(&mut h, 'E', 20.0);
    assert_eq!(on_list(&h, d, "f2"), ["E", "S", "Ws"]);
    assert_eq!(on_list(&h, d, "f1"), ["Wn"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(on_list(&h, d, "f2"), ["Es", "S", "Ws"]);
    assert_eq!(on_list(&h, d, "f1"), ["Wn", "En"]);
}

/// Presses a key with no modifiers, as typed: the key, and its text.
fn type_key(h: &mut egui_kittest::Harness<'_, tilewright_editor::EditorApp>, key: Key, text: &str) {
    h.event(Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    h.event(Event::Text(text.into()));
    h.event(Event::Key {
        key,
        physical_key: None,
        pressed: false,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    settle(h);
}

#[test]
fn single_keys_act_only_while_the_canvas_has_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    let d = h.state().view.selection.tile.unwrap();
    let features = |h: &egui_kittest::Harness<'_, tilewright_editor::EditorApp>| {
        h.state().doc().unwrap().tileset().unwrap().tiles[d].features.len()
    };
    let (before, snapping) = (features(&h), h.state().view.snapping);
    // Typing into the name field, Enter, and typing on: the keys go nowhere.
    h.get_by(|node| {
        node.role() == egui::accesskit::Role::TextInput
            && node.value().as_deref() == Some("City cap over straight road (no. 16)")
    })
    .focus();
    settle(&mut h);
    type_key(&mut h, Key::X, "x");
    h.key_press(Key::Enter);
    settle(&mut h);
    for (key, text) in [(Key::Num1, "1"), (Key::Num3, "3"), (Key::S, "s"), (Key::P, "p")] {
        type_key(&mut h, key, text);
    }
    assert_eq!(features(&h), before, "no feature made");
    assert_eq!(h.state().view.snapping, snapping, "snapping as it was");
    assert_eq!(h.state().view.tool, tilewright_editor::view::Tool::Select);
    // Once the canvas is clicked, they are its shortcuts, Escape included.
    let rect = h.state().panels.canvas.tile_rect.unwrap();
    common::click_at(&mut h, rect.center());
    type_key(&mut h, Key::S, "s");
    assert_eq!(h.state().view.snapping, !snapping);
    h.key_press(Key::Escape);
    settle(&mut h);
    type_key(&mut h, Key::S, "s");
    assert_eq!(
        h.state().view.snapping,
        snapping,
        "the canvas keeps the keyboard after Escape"
    );
}

#[test]
fn duplicates_are_named_as_copies_count_one_and_keep_rounded_points() {
    let dir = tempfile::tempdir().unwrap();
    // Tile E (five copies in the first edition) with a city outline whose mirror is not a
    // short decimal in floating point (1 - 0.9576).
    let text = BASE.replacen(
        "features.c = { kind = \"city\", on = [\"N\"] }\nfeatures.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c\"] }",
        "features.c = { kind = \"city\", on = [\"N\"], polygons = [[[0.0, 0.0], [0.9576, 0.0], [0.0, 0.6]]], anchor = [0.3333, 0.1] }\nfeatures.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c\"] }",
        1,
    );
    assert_ne!(text, BASE);
    let path = write(dir.path(), "base.toml", &text);
    let mut h = editor(Some(path.clone()), ScriptedDialogs::default());
    settle(&mut h);
    h.get_by_label("Tile E").click();
    settle(&mut h);
    let e = h.state().view.selection.tile.unwrap();
    h.state_mut().run_command(Command::DuplicateTile);
    settle(&mut h);
    h.state_mut().view.select_tile(e);
    h.state_mut()
        .run_command(Command::DuplicateTransformed(Transform::Mirror));
    settle(&mut h);
    let set = h.state().doc().unwrap().tileset().unwrap().clone();
    let (mirrored, copy) = (&set.tiles[e + 1], &set.tiles[e + 2]);
    assert_eq!(copy.name, "City cap (no. 14) (copy)");
    assert_eq!(mirrored.name, "City cap (no. 14) (mirrored)");
    for tile in [copy, mirrored] {
        assert_eq!(tile.count, tilewright_engine::model::Count::All(1), "{}", tile.name);
    }
    let city = &mirrored.features["c"];
    assert!(city.polygons[0].contains(&[0.0424, 0.0]), "{:?}", city.polygons);
    assert_eq!(city.anchor, Some([0.6667, 0.1]));
    h.state_mut().run_command(Command::Save);
    settle(&mut h);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("0.0424"), "{saved}");
    assert!(!saved.contains("99999"), "{saved}");
}

#[test]
fn an_edge_preset_moves_the_features_on_lists_in_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    // Tile D: road r on E and W; fields f1 (Wn, En) and f2 (Es, S, Ws); city c on N.
    h.get_by_label("Tile D").click();
    settle(&mut h);
    let d = h.state().view.selection.tile.unwrap();
    // The east side's presets (North, East, South, West in order): plain field.
    h.get_all_by_label("Presets").nth(1).unwrap().click();
    settle(&mut h);
    h.get_all_by_label("field").last().unwrap().click();
    settle(&mut h);
    let tile = &h.state().doc().unwrap().tileset().unwrap().tiles[d];
    assert_eq!(tile.edges[1].0, "field");
    assert_eq!(on_list(&h, d, "r"), ["W"], "the road gives up the east side");
    assert_eq!(on_list(&h, d, "f1"), ["Wn", "En"]);
    assert_eq!(on_list(&h, d, "f2"), ["Es", "S", "Ws"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(on_list(&h, d, "r"), ["E", "W"]);
    assert_eq!(h.state().doc().unwrap().tileset().unwrap().tiles[d].edges[1].0, "road");
}

/// A set of two tiles over images of `images/`, with a third image no tile uses.
fn set_with_images(dir: &std::path::Path) -> std::path::PathBuf {
    let images = dir.join("images");
    std::fs::create_dir(&images).unwrap();
    for name in ["a.png", "b.png", "stray.png"] {
        image::RgbImage::from_pixel(8, 8, image::Rgb([90, 150, 70]))
            .save(images.join(name))
            .unwrap();
    }
    let tile = |id: &str, image: &str| {
        format!(
            "[[tiles]]\nid = \"{id}\"\ncount = 1\nimage = \"{image}\"\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n\n"
        )
    };
    let text = format!(
        "id = \"pics\"\nname = \"Pictures\"\n\n{}{}",
        tile("a", "images/a.png"),
        tile("b", "images/b.png")
    );
    write(dir, "pics.toml", &text)
}

#[test]
fn the_image_of_a_deleted_tile_is_offered_for_clean_up_and_removed_only_when_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let path = set_with_images(dir.path());
    let images = dir.path().join("images");
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    h.state_mut().view.select_tile(0);
    settle(&mut h);
    h.state_mut().run_command(Command::DeleteTile);
    settle(&mut h);
    // Offered, with the image no tile used before: nothing removed yet.
    h.get_by_label("images/a.png");
    h.get_by_label("images/stray.png").click(); // untick the stray one
    settle(&mut h);
    assert!(images.join("a.png").exists() && images.join("stray.png").exists());
    h.get_by_label("Remove 1 image").click();
    settle(&mut h);
    assert!(!images.join("a.png").exists(), "the confirmed image is removed");
    assert!(images.join("stray.png").exists() && images.join("b.png").exists());
    assert!(h.query_by_label("images/stray.png").is_none(), "the dialog closes");

    // Deleting the other tile and keeping its image removes nothing.
    h.state_mut().view.select_tile(0);
    h.state_mut().run_command(Command::DeleteTile);
    settle(&mut h);
    h.get_by_label("Keep them").click();
    settle(&mut h);
    assert!(images.join("b.png").exists());
    // The menu offers what no tile uses, whenever asked.
    h.state_mut().run_command(Command::CleanUpImages);
    settle(&mut h);
    h.get_by_label("images/b.png");
    h.get_by_label("Remove 2 images");
}

#[test]
fn a_sheet_with_gaps_imports_with_its_grid_read_and_edges_prefilled_from_colours() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "pics.toml",
        "id = \"pics\"\nname = \"Pictures\"\ntiles = []\n",
    );
    // Two rows of three 50-pixel tiles on white, 6 pixels round the sheet and 3 between: each a
    // city cap over the north side and a road from the south side to the middle, on grass.
    let (cell, margin, gap) = (50u32, 6u32, 3u32);
    let sheet = image::RgbImage::from_fn(2 * margin + 3 * cell + 2 * gap, 2 * margin + 2 * cell + gap, |x, y| {
        let inside = |v: u32| {
            let v = v.checked_sub(margin)?;
            (v % (cell + gap) < cell).then_some(v % (cell + gap))
        };
        match (inside(x), inside(y)) {
            (Some(cx), Some(cy))
                if x < 2 * margin + 3 * cell + 2 * gap - margin && y < 2 * margin + 2 * cell + gap - margin =>
            {
                let cap = 15 - ((cx as i32 - 25).abs() - 13).max(0) * 2;
                if (cy as i32) < cap {
                    image::Rgb([190, 120, 70])
                } else if (21..29).contains(&cx) && cy >= 25 {
                    image::Rgb([235, 225, 200])
                } else {
                    image::Rgb([90, 150, 70])
                }
            }
            _ => image::Rgb([255, 255, 255]),
        }
    });
    let sheet_path = dir.path().join("sheet.png");
    sheet.save(&sheet_path).unwrap();
    let mut h = editor(Some(path), ScriptedDialogs::picking(vec![sheet_path]));
    settle(&mut h);
    h.state_mut().run_command(Command::ImportTileSheet);
    settle(&mut h);
    let grid = h.state().workspace.sheet.as_ref().expect("the dialog is open").grid;
    assert_eq!(
        grid,
        Grid {
            rows: 2,
            columns: 3,
            margin: 6,
            spacing: 3
        }
    );
    h.get_by_label_contains("Grid read from the gaps between the tiles");
    h.get_by_label_contains("6 tiles of 50 × 50 pixels");
    h.get_by_label("Import 6 tiles").click();
    settle(&mut h);
    let set = h.state().doc().unwrap().tileset().unwrap().clone();
    assert_eq!(set.tiles.len(), 6);
    for tile in &set.tiles {
        let edges: Vec<&str> = tile.edges.iter().map(|e| e.0.as_str()).collect();
        assert_eq!(edges, ["city", "field", "road", "field"], "{}", tile.id);
        let kinds: Vec<_> = tile.features.values().map(|f| f.kind.as_str()).collect();
        assert_eq!(kinds, ["city", "field", "road"], "{}", tile.id);
        assert_eq!(
            tile.features["r"].end.map(|e| format!("{e:?}")).as_deref(),
            Some("House")
        );
    }
    // Each road ends in open field, which the import says in one notice.
    let notice = h
        .state()
        .messages()
        .iter()
        .find(|m| m.text.contains("unsettled"))
        .expect("a notice");
    assert!(
        notice.text.contains("pics/1: the road on S ends in the field"),
        "{}",
        notice.text
    );
}

/// A plain tile's colours at a point of the tile (0..1, y south), one picture for each of the
/// nine tiles of [`plain_sheet`].
fn plain_tile(tile: usize, x: f64, y: f64) -> image::Rgb<u8> {
    const FIELD: image::Rgb<u8> = image::Rgb([90, 150, 70]);
    const ROAD: image::Rgb<u8> = image::Rgb([235, 225, 200]);
    const GREY_ROAD: image::Rgb<u8> = image::Rgb([200, 200, 195]);
    const CITY: image::Rgb<u8> = image::Rgb([190, 120, 70]);
    const WALL: image::Rgb<u8> = image::Rgb([60, 50, 40]);
    const VILLAGE: image::Rgb<u8> = image::Rgb([80, 70, 60]);
    const CHURCH: image::Rgb<u8> = image::Rgb([110, 110, 130]);
    const ROOF: image::Rgb<u8> = image::Rgb([170, 60, 50]);
    let band = |v: f64| (0.42..0.58).contains(&v);
    // A city over the north side, its walls running to the corners, down to 0.25.
    let north_cap = y < 0.25 && x > y && x < 1.0 - y;
    let shapes: Vec<(bool, image::Rgb<u8>)> = match tile {
        // A straight road, west to east.
        0 => vec![(band(y), ROAD)],
        // A road curving from the south side to the east side.
        1 => vec![((band(x) && y > 0.42) || (band(y) && x > 0.42), ROAD)],
        // Roads from the east, south and west sides ending at a village in the middle.
        2 => vec![
            ((0.38..0.62).contains(&x) && (0.38..0.62).contains(&y), VILLAGE),
            (band(y) || (band(x) && y > 0.5), ROAD),
        ],
        // A monastery (a church with a red roof) and a road from the south side to its door.
        3 => vec![
            ((0.35..0.65).contains(&x) && (0.33..0.45).contains(&y), ROOF),
            ((0.35..0.65).contains(&x) && (0.33..0.65).contains(&y), CHURCH),
            (band(x) && y > 0.65, ROAD),
        ],
        // A city over the north side.
        4 => vec![(north_cap, CITY)],
        // A city over the north and west sides, cut by a diagonal wall.
        5 => vec![(x + y < 0.97, CITY), (x + y < 1.0, WALL)],
        // Two cities, over the north and east sides, kept apart by a wall at the corner.
        6 => vec![
            ((x + y - 1.0).abs() < 0.03 && y < 0.3, WALL),
            (north_cap || (1.0 - x < 0.25 && y > 1.0 - x && y < x), CITY),
        ],
        // A city over the north side and a road from the south side that stops just short of
        // its gate.
        7 => vec![(north_cap, CITY), (band(x) && y > 0.27, ROAD)],
        // A city over the north side over a straight road, west to east, in grey.
        8 => vec![(north_cap, CITY), (band(y), GREY_ROAD)],
        _ => vec![],
    };
    shapes
        .into_iter()
        .find(|(inside, _)| *inside)
        .map_or(FIELD, |(_, colour)| colour)
}

/// Three rows of three 128-pixel tiles on white, 8 pixels round the sheet and 6 between.
fn plain_sheet() -> image::RgbImage {
    let (cell, margin, gap) = (128u32, 8u32, 6u32);
    let side = 2 * margin + 3 * cell + 2 * gap;
    image::RgbImage::from_fn(side, side, |x, y| {
        let at = |v: u32| {
            let v = v.checked_sub(margin)?;
            let (index, within) = (v / (cell + gap), v % (cell + gap));
            (index < 3 && within < cell).then_some((index, (within as f64 + 0.5) / cell as f64))
        };
        match (at(x), at(y)) {
            (Some((column, tx)), Some((row, ty))) => plain_tile((row * 3 + column) as usize, tx, ty),
            _ => image::Rgb([255, 255, 255]),
        }
    })
}

#[test]
fn a_plain_sheet_imports_with_features_joined_as_the_pictures_join_them_and_no_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "pics.toml",
        "id = \"pics\"\nname = \"Pictures\"\ntiles = []\n",
    );
    let sheet_path = dir.path().join("sheet.png");
    plain_sheet().save(&sheet_path).unwrap();
    let mut h = editor(Some(path), ScriptedDialogs::picking(vec![sheet_path]));
    settle(&mut h);
    h.state_mut().run_command(Command::ImportTileSheet);
    settle(&mut h);
    h.get_by_label_contains("Grid read from the gaps between the tiles");
    h.get_by_label("Import 9 tiles").click();
    settle(&mut h);

    let set = h.state().doc().unwrap().tileset().unwrap().clone();
    // Each tile's features as `kind id on… [end at] {cities}`, one string each.
    let described: Vec<(Vec<&str>, Vec<String>)> = set
        .tiles
        .iter()
        .map(|tile| {
            let edges = tile.edges.iter().map(|e| e.0.as_str()).collect();
            let features = tile
                .features
                .iter()
                .map(|(id, f)| {
                    let mut text = format!("{} {id}", f.kind.as_str());
                    for r in &f.on {
                        text.push_str(&format!(" {}", r.0));
                    }
                    if let Some(end) = f.end {
                        text.push_str(&format!(" [{}]", serde_json::to_value(end).unwrap().as_str().unwrap()));
                    }
                    if let Some(at) = &f.at {
                        text.push_str(&format!(" at {at}"));
                    }
                    if !f.cities.is_empty() {
                        text.push_str(&format!(" {{{}}}", f.cities.join(" ")));
                    }
                    text
                })
                .collect();
            (edges, features)
        })
        .collect();
    let expected: [(&[&str], &[&str]); 9] = [
        (
            &["field", "road", "field", "road"],
            &["field f N En Wn", "field f2 Es S Ws", "road r E W"],
        ),
        (
            &["field", "road", "road", "field"],
            &["field f N En Sw W", "field f2 Es Se", "road r E S"],
        ),
        (
            &["field", "road", "road", "road"],
            &[
                "field f N En Wn",
                "field f2 Es Se",
                "field f3 Sw Ws",
                "road r E [crossing]",
                "road r2 S [crossing]",
                "road r3 W [crossing]",
            ],
        ),
        (
            &["field", "field", "road", "field"],
            &["field f N E S W", "monastery m", "road r S [monastery] at m"],
        ),
        (&["city", "field", "field", "field"], &["city c N", "field f E S W {c}"]),
        (&["city", "field", "field", "city"], &["city c N W", "field f E S {c}"]),
        (
            &["city", "city", "field", "field"],
            &["city c N", "city c2 E", "field f S W {c c2}"],
        ),
        (
            &["city", "field", "road", "field"],
            &[
                "city c N",
                "field f E Se {c}",
                "field f2 Sw W {c}",
                "road r S [city-gate] at c",
            ],
        ),
        (
            &["city", "road", "field", "road"],
            &["city c N", "field f En Wn {c}", "field f2 Es S Ws", "road r E W"],
        ),
    ];
    assert_eq!(described.len(), 9);
    for (i, ((edges, features), (want_edges, want_features))) in described.iter().zip(expected).enumerate() {
        assert_eq!(edges, want_edges, "tile {}", i + 1);
        assert_eq!(features, want_features, "tile {}", i + 1);
    }
    // Nothing was left unsettled, and the set validates as the editor validates it.
    assert!(
        !h.state().messages().iter().any(|m| m.text.contains("unsettled")),
        "{:?}",
        h.state().messages()
    );
    h.state_mut().validator.wait();
    settle(&mut h);
    let findings = &h.state().validator.latest;
    let shown: Vec<&str> = findings.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(findings.errors(), 0, "{shown:?}");
    assert_eq!(findings.warnings(), 0, "{shown:?}");
}
