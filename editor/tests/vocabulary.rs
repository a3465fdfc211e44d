//! GUI tests of the rules vocabulary in the editor: a feature's marks and printed tokens picked
//! in the inspector from what the open set and the bundled files declare, undone like any edit
//! and saved through the engine's writer with the file's comments; marks and deal groups
//! declared on the set page and used by tiles; a set's edge kinds among the edge presets.

#![allow(clippy::unwrap_used)]

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::commands::Command;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::view::Page;
use tilewright_engine::model::FeatureKind;

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
    // Each offer names the file that declares it: the inn is played only with its expansion.
    let inns = tilewright_engine::bundled::catalog()
        .tilesets
        .iter()
        .find(|t| t.model.marks.contains_key("inn"))
        .map(|t| t.model.name.clone())
        .unwrap();
    assert!(h.query_by_label(&inns).is_some(), "the inn offered as {inns}'s");
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
    // The feature list shows what a feature carries.
    assert!(h.query_by_label_contains("wine wine cloth").is_some());
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

/// The widgets of role `role` (and label `label`, if given) on the set page between the
/// headings `from` and `to`, top first.
fn in_section<'t>(
    h: &'t Harness<'_, EditorApp>,
    (from, to): (&str, &str),
    role: Role,
    label: Option<&'t str>,
) -> Vec<egui_kittest::Node<'t>> {
    let (top, bottom) = (h.get_by_label(from).rect().min.y, h.get_by_label(to).rect().min.y);
    let mut nodes: Vec<_> = h
        .get_all_by(move |n| n.role() == role && label.is_none_or(|l| n.label().as_deref() == Some(l)))
        .filter(|n| n.rect().min.y > top && n.rect().min.y < bottom)
        .collect();
    nodes.sort_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y));
    nodes
}

/// Types `text` into the first text field of the set page's section `section`.
fn type_in(h: &mut Harness<'_, EditorApp>, section: (&str, &str), text: &str) {
    in_section(h, section, Role::TextInput, None)[0].focus();
    settle(h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(Event::Text(text.into()));
    settle(h);
}

/// Clicks the button `label` of the set page's section `section`.
fn click_in(h: &mut Harness<'_, EditorApp>, section: (&str, &str), label: &str) {
    in_section(h, section, Role::Button, Some(label))
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no `{label}` in {section:?}"))
        .click();
    settle(h);
}

/// The validator's messages for the document as it is now, with their lines.
fn problems(h: &mut Harness<'_, EditorApp>) -> Vec<(usize, String)> {
    h.state_mut().validator.wait();
    settle(h);
    let findings = &h.state().validator.latest;
    findings
        .diagnostics
        .iter()
        .map(|d| (d.line, d.message.clone()))
        .collect()
}

#[test]
fn the_set_page_declares_marks_and_deal_groups_that_tiles_then_use() {
    const MARKS: (&str, &str) = ("marks", "values");
    const DEAL: (&str, &str) = ("deal", "edge-kinds");
    let dir = tempfile::tempdir().unwrap();
    // Tall enough for the whole set page without scrolling.
    let path = common::write(dir.path(), "base.toml", common::BASE);
    let opened = path.clone();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 2000.0))
        .build_eframe(move |cc| common::app(&cc.egui_ctx, Some(opened), ScriptedDialogs::default()));
    h.state_mut().view.page = Page::Set;
    settle(&mut h);
    let set = |h: &Harness<'_, EditorApp>| h.state().doc().unwrap().tileset().unwrap().clone();

    // A mark declared by name: its kind and values come from the schema's defaults.
    type_in(&mut h, MARKS, "amber");
    click_in(&mut h, MARKS, "+ Add");
    let amber = &set(&h).marks["amber"];
    assert_eq!(amber.kind.feature_kind(), FeatureKind::Road);
    assert_eq!((amber.complete, amber.incomplete, amber.effect), (None, None, None));

    // A deal group: listed as `new`, then named; while no tile is in it, the validator says
    // so at the group's line.
    click_in(&mut h, DEAL, "+ Add");
    assert_eq!(set(&h).deal.len(), 1);
    type_in(&mut h, DEAL, "spring");
    assert_eq!(set(&h).deal[0].group, "spring");
    let found = problems(&mut h);
    let text = h.state().doc().unwrap().text().unwrap();
    let line = text.lines().position(|l| l.contains(r#"group = "spring""#)).unwrap() + 1;
    assert!(
        found
            .iter()
            .any(|(l, m)| *l == line && m == "group `spring` holds no tile"),
        "{found:?}"
    );

    // Tile D joins the group in the inspector, and the problem goes.
    h.state_mut().view.page = Page::Tiles;
    let d = select_on_d(&mut h, "r");
    h.get_by(|n| n.role() == Role::ComboBox && n.label().as_deref() == Some("Deal group"))
        .click();
    settle(&mut h);
    h.get_by_label("spring").click();
    settle(&mut h);
    assert_eq!(set(&h).tiles[d].group.as_deref(), Some("spring"));
    assert!(!problems(&mut h).iter().any(|(_, m)| m.contains("spring")));
    // ... and the new mark is offered on the road.
    pick(&mut h, "+ Mark", "amber");
    assert_eq!(carried(&h, d, "r").0, ["amber"]);

    // Removing the mark's declaration leaves the road naming an unknown mark: a located error.
    h.state_mut().view.page = Page::Set;
    settle(&mut h);
    click_in(&mut h, MARKS, "Remove `amber`");
    assert!(set(&h).marks.is_empty());
    assert!(problems(&mut h).iter().any(|(l, m)| *l > 0 && m.contains("amber")));
    h.state_mut().run_command(Command::Save);
    settle(&mut h);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("[[deal]]\ngroup = \"spring\""), "{saved}");
}

#[test]
fn a_new_deal_group_hides_no_other_problem() {
    const DEAL: (&str, &str) = ("deal", "edge-kinds");
    let dir = tempfile::tempdir().unwrap();
    // Tile A names a group no `[[deal]]` declares.
    let text = common::BASE.replacen(
        "[[tiles]]\nid = \"A\"\n",
        "[[tiles]]\nid = \"A\"\ngroup = \"nowhere\"\n",
        1,
    );
    assert_ne!(text, common::BASE);
    let path = common::write(dir.path(), "base.toml", &text);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 2000.0))
        .build_eframe(move |cc| common::app(&cc.egui_ctx, Some(path), ScriptedDialogs::default()));
    h.state_mut().view.page = Page::Set;
    settle(&mut h);
    let said = |found: &[(usize, String)], what: &str| found.iter().any(|(_, m)| m.contains(what));
    assert!(said(&problems(&mut h), "nowhere"), "{:?}", problems(&mut h));
    // The new group is named at once: the file still reads, and every problem stays in view.
    click_in(&mut h, DEAL, "+ Add");
    let set = h.state().doc().unwrap().tileset().unwrap().clone();
    assert_eq!(set.deal.len(), 1);
    assert_eq!(set.deal[0].group, "new");
    let found = problems(&mut h);
    assert!(
        said(&found, "nowhere"),
        "the tile's unknown group is still said: {found:?}"
    );
    assert!(said(&found, "group `new` holds no tile"), "{found:?}");
}

#[test]
fn the_edge_presets_offer_the_sets_own_edge_kinds() {
    let dir = tempfile::tempdir().unwrap();
    let text = tilewright_engine::bundled::FILES
        .iter()
        .find(|(path, _)| path.ends_with("river.toml"))
        .unwrap()
        .1;
    let path = common::write(dir.path(), "river.toml", text);
    let mut h = common::editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    let north = |h: &Harness<'_, EditorApp>| {
        let set = h.state().doc().unwrap().tileset().unwrap();
        set.tiles[h.state().view.selection.tile.unwrap()].edges[0].0.clone()
    };
    for word in ["field", "river"] {
        h.get_all_by_label("Presets").next().unwrap().click();
        settle(&mut h);
        h.get_by_label(word).click();
        settle(&mut h);
        assert_eq!(north(&h), word);
    }
}
