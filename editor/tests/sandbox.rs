//! The Tiles view's fit check and Try on table, driven through egui_kittest: the set being
//! edited is listed among the fits (unsaved edits included); a tile tried on the table gets a
//! neighbour chosen from what fits, drawn beside it; a misfit is refused; pointing at a feature
//! lights it on both tiles as the engine joins them.

#![allow(clippy::unwrap_used)]

use egui::{Key, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::actions::{Action, Actions};
use tilewright_editor::board::{Spot, spot_on_screen};
use tilewright_editor::document::Edit;
use tilewright_editor::files::ScriptedDialogs;
use tilewright_editor::pages::sandbox::{Beside, Sandbox};
use tilewright_editor::panels::strip::fits_beside;
use tilewright_engine::model::EdgeRef;

mod common;
use common::{base_editor, click_at, editor, settle, write};

/// A set whose tile `X` has a city at one end of every edge (`city 30 field` on north and
/// east, `field 70 city` on south and west): only `X` itself (turned 0 or 90 degrees) of the set
/// fits beside its east edge; `Y`, all field, fits nowhere beside it.
const ODD: &str = r#"id = "odd"
name = "Odd corners"

[figures.follower]
role = "follower"
count = 7
stands-on = ["city", "road", "field", "monastery"]

[[tiles]]
id = "X"
count = 2
edges = ["city 30 field", "city 30 field", "field 70 city", "field 70 city"]
features.c1 = { kind = "city", on = ["N1", "W2"] }
features.c2 = { kind = "city", on = ["E1"] }
features.c3 = { kind = "city", on = ["S2"] }
features.f = { kind = "field", on = ["N2", "E2", "S1", "W1"], cities = ["c1", "c2", "c3"] }

[[tiles]]
id = "Y"
count = 1
edges = ["field", "field", "field", "field"]
features.f = { kind = "field", on = ["N", "E", "S", "W"] }
"#;

fn sandbox<'h>(h: &'h Harness<'_, EditorApp>) -> &'h Sandbox {
    &h.state().panels.sandbox
}

fn laid(h: &Harness<'_, EditorApp>) -> usize {
    sandbox(h).table.as_ref().expect("the table is made").laid.len()
}

/// The editor on the odd set, tile X selected, the fit check on the east side.
fn odd_editor(dir: &std::path::Path) -> Harness<'static, EditorApp> {
    let path = write(dir, "odd.toml", ODD);
    let mut h = editor(Some(path), ScriptedDialogs::default());
    settle(&mut h);
    h.get_all_by_label("Tile X").next().unwrap().click();
    settle(&mut h);
    h.get_by_label("E (2)").click();
    settle(&mut h);
    h
}

#[test]
fn fits_beside_lists_the_set_being_edited_with_unsaved_edits() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = odd_editor(dir.path());
    // X fits beside itself, first and marked as the set's own; Y does not fit; the bundled
    // abbey (all wildcard) is the other fit.
    let own = h.get_by_label("X (this set) fits turned 0°, 90°");
    let abbey = h
        .get_all_by_label_contains("(abbey-and-mayor) fits")
        .next()
        .expect("the abbey fits");
    assert!(
        own.rect().left() < abbey.rect().left(),
        "the set's own tiles come first"
    );
    assert!(h.query_by_label_contains("Y (this set)").is_none());

    // An unsaved edit: X's south and west edges become plain field. X no longer fits beside
    // its own east edge (every turn of X faces it with a city corner or plain field).
    let set = h.state().doc().unwrap().tileset().unwrap();
    let mut x = set.tiles[0].clone();
    x.edges[2].0 = "field".into();
    x.edges[3].0 = "field".into();
    x.features.get_mut("c1").unwrap().on = vec![EdgeRef("N1".into())];
    x.features.remove("c3");
    x.features.get_mut("f").unwrap().on = ["N2", "E2", "S", "W"].map(|s| EdgeRef(s.into())).to_vec();
    x.features.get_mut("f").unwrap().cities = vec!["c1".into(), "c2".into()];
    let mut actions = Actions::default();
    actions.edit(Edit::ReplaceTile {
        index: 0,
        tile: Box::new(x),
    });
    h.state_mut().apply(actions);
    settle(&mut h);
    assert!(h.state().doc().unwrap().is_dirty(), "the edit is not saved");
    assert!(
        h.query_by_label_contains("X (this set)").is_none(),
        "X no longer fits its own east edge"
    );
    assert!(h.query_by_label_contains("(abbey-and-mayor) fits").is_some());
}

#[test]
fn a_tile_fits_beside_itself_on_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = odd_editor(dir.path());
    h.get_by_label("Try on table").click();
    settle(&mut h);
    assert!(
        sandbox(&h).open && sandbox(&h).errors.is_empty(),
        "{:?}",
        sandbox(&h).errors
    );
    let east = sandbox(&h).camera.cell_centre(1, 0);
    click_at(&mut h, east);
    // X's own copies lead the list, in the turns that fit; Y is not offered.
    assert!(h.query_by_label("X · this set · 0°").is_some());
    assert!(h.query_by_label("X · this set · 90°").is_some());
    assert!(h.query_by_label("X · this set · 180°").is_none());
    assert!(h.query_by_label_contains("Y · this set").is_none());
    h.get_by_label("X · this set · 0°").click();
    settle(&mut h);
    assert_eq!(laid(&h), 2);
}

#[test]
fn try_on_table_lays_a_neighbour_refuses_a_misfit_and_lights_joined_features() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    h.get_by_label("Try on table").click();
    settle(&mut h);
    assert!(sandbox(&h).open);
    assert_eq!(laid(&h), 1, "{:?}", sandbox(&h).errors);

    // Choose the cell east of D (a road end): the straight road fits turned 0, the city
    // on all sides does not.
    let east = sandbox(&h).camera.cell_centre(1, 0);
    click_at(&mut h, east);
    assert_eq!(sandbox(&h).selected, Some((1, 0)));
    assert!(
        h.query_by_label_contains("C · this set").is_none(),
        "a misfit is not offered"
    );
    // The list is long: scroll to the straight road, then click it.
    h.get_by_label("U · this set · 0°").scroll_to_me();
    settle(&mut h);
    h.get_by_label("U · this set · 0°").click();
    settle(&mut h);
    assert_eq!(laid(&h), 2, "{:?}", sandbox(&h).notice);
    let table = sandbox(&h).table.as_ref().unwrap();
    assert_eq!(table.kind_at(1, 0).map(|k| k.id.as_str()), Some("U"));
    assert_eq!(table.game().board().placed.len(), 2, "the engine's table holds both");

    // A misfit laid by hand is refused and the table is unchanged.
    let c = table.kinds.iter().position(|k| k.id == "C" && k.own).unwrap() as u16;
    h.state_mut().panels.sandbox.choose((0, 1));
    h.state_mut().panels.sandbox.lay(c, 0);
    assert_eq!(laid(&h), 2);
    assert!(
        sandbox(&h)
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("does not fit"))
    );

    // Point at D's road: it lights on D and on the straight road it runs into.
    let table = sandbox(&h).table.as_ref().unwrap();
    let d = table.laid[0];
    let art = table.art.get(d.tile).unwrap();
    let road = art.local_ids.iter().position(|id| id == "r").unwrap() as u8;
    let at = spot_on_screen(sandbox(&h).camera, &table.art, d, Spot::Feature(road)).unwrap();
    h.hover_at(at);
    h.step();
    h.step();
    let lit = &sandbox(&h).lit;
    assert!(lit.contains(&(0, 0, road)), "{lit:?}");
    assert!(
        lit.iter().any(|&(x, y, _)| (x, y) == (1, 0)),
        "the road runs on: {lit:?}"
    );
    assert_eq!(lit.len(), 2);

    // R over the neighbour turns it to the next turn that fits (the straight road has two
    // distinct turns; 90 degrees puts a field against D's road, so it stays).
    let east = sandbox(&h).camera.cell_centre(1, 0);
    h.hover_at(east);
    h.step();
    h.key_press(Key::R);
    settle(&mut h);
    let table = sandbox(&h).table.as_ref().unwrap();
    assert_eq!(table.laid[1].rotation, 0);
    assert!(sandbox(&h).notice.is_some(), "the refusal is said");
    assert_eq!(
        h.state().view.camera.turns,
        0,
        "R over the table is the table's, not the canvas's"
    );

    // Delete over the table takes the chosen neighbour off, and not the feature selected on
    // the canvas.
    h.state_mut().view.selection.feature = Some("r".into());
    click_at(&mut h, east);
    assert_eq!(sandbox(&h).selected, Some((1, 0)));
    assert!(h.query_by_label("Take off (Delete)").is_some());
    h.key_press(Key::Delete);
    settle(&mut h);
    assert_eq!(laid(&h), 1);
    assert!(!h.state().doc().unwrap().is_dirty(), "the tile's road is still there");
    assert_eq!(sandbox(&h).selected, None);
}

#[test]
fn an_open_table_follows_unsaved_edits() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    let mut actions = Actions::default();
    actions.push(Action::TryOnTable(None));
    h.state_mut().apply(actions);
    settle(&mut h);
    let u = sandbox(&h)
        .table
        .as_ref()
        .unwrap()
        .kinds
        .iter()
        .position(|k| k.id == "U")
        .unwrap() as u16;
    h.state_mut().panels.sandbox.choose((1, 0));
    h.state_mut().panels.sandbox.lay(u, 0);
    assert_eq!(laid(&h), 2);
    // Take the straight road out of the set (unsaved): the table is made again without it.
    let set = h.state().doc().unwrap().tileset().unwrap();
    let index = set.tiles.iter().position(|t| t.id == "U").unwrap();
    let mut actions = Actions::default();
    actions.edit(Edit::RemoveTile { index });
    h.state_mut().apply(actions);
    settle(&mut h);
    assert!(sandbox(&h).errors.is_empty(), "{:?}", sandbox(&h).errors);
    assert_eq!(laid(&h), 1, "{:?}", sandbox(&h).notice);
    assert!(sandbox(&h).open);
    assert!(sandbox(&h).notice.as_deref().is_some_and(|n| n.contains("1 neighbour")));
    let kinds = &sandbox(&h).table.as_ref().unwrap().kinds;
    assert!(
        !kinds.iter().any(|k| k.own && k.id == "U"),
        "the table is the set as edited"
    );
}

#[test]
fn opening_another_file_closes_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    h.get_by_label("Try on table").click();
    settle(&mut h);
    assert!(sandbox(&h).open);
    let other = write(dir.path(), "odd.toml", ODD);
    let mut actions = Actions::default();
    actions.push(Action::Open(other.clone()));
    h.state_mut().apply(actions);
    settle(&mut h);
    assert_eq!(h.state().doc().unwrap().path.as_deref(), Some(other.as_path()));
    assert!(!sandbox(&h).open, "the table was for the other file's tile D");
    assert!(
        h.query_by_label("Try on table").is_some(),
        "the button is back for this file's tiles"
    );
}

#[test]
fn try_on_table_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "base.toml", common::BASE);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1400.0, 900.0))
        .wgpu()
        .build_eframe(move |cc| common::app(&cc.egui_ctx, Some(path), ScriptedDialogs::default()));
    settle(&mut h);
    h.state_mut().workspace.doc.as_mut().expect("the file is open").path = Some("base.toml".into());
    h.get_by_label("Tile D").click();
    settle(&mut h);
    h.get_by_label("Try on table").click();
    settle(&mut h);
    let kinds = &sandbox(&h).table.as_ref().unwrap().kinds;
    let find = |id: &str| kinds.iter().position(|k| k.own && k.id == id).unwrap() as u16;
    let (u, k) = (find("U"), find("K"));
    let table = &mut h.state_mut().panels.sandbox;
    table.choose((1, 0));
    table.lay(u, 0);
    table.choose((-1, 0));
    table.lay(k, 3);
    table.choose((0, 1));
    settle(&mut h);
    assert_eq!(laid(&h), 3, "{:?}", sandbox(&h).notice);
    h.state_mut().validator.wait();
    let table = sandbox_table_point(&h);
    h.hover_at(table);
    settle(&mut h);
    assert!(!h.state().panels.sandbox.lit.is_empty());
    h.snapshot("try_on_table");
}

/// A point on D's road, where the snapshot's pointer rests.
fn sandbox_table_point(h: &Harness<'_, EditorApp>) -> Pos2 {
    let table = sandbox(h).table.as_ref().unwrap();
    let d = table.laid[0];
    let art = table.art.get(d.tile).unwrap();
    let road = art.local_ids.iter().position(|id| id == "r").unwrap() as u8;
    spot_on_screen(sandbox(h).camera, &table.art, d, Spot::Feature(road)).unwrap()
}

#[test]
fn a_fit_clicked_in_fits_beside_opens_the_table_with_it_laid() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = odd_editor(dir.path());
    // A click on X among the fits of X's east edge lays a copy there in its first fitting turn.
    h.get_by_label("X (this set) fits turned 0°, 90°").click();
    settle(&mut h);
    assert!(sandbox(&h).open);
    assert_eq!(laid(&h), 2, "{:?} {:?}", sandbox(&h).notice, sandbox(&h).errors);
    let table = sandbox(&h).table.as_ref().unwrap();
    assert_eq!(table.kind_at(1, 0).map(|k| (k.id.as_str(), k.own)), Some(("X", true)));
    assert_eq!(table.laid[1].rotation, 0);
    assert_eq!(sandbox(&h).selected, Some((1, 0)));
    // Every fit the strip lists for every side of a few base tiles lies on the engine's table
    // in the turn the strip gives: the strip and the rules agree.
    let bundled: Vec<(String, tilewright_engine::model::Tile)> = tilewright_engine::bundled::catalog()
        .tilesets
        .iter()
        .flat_map(|s| s.model.tiles.iter().map(|t| (s.model.id.clone(), t.clone())))
        .collect();
    let base = tilewright_engine::bundled::catalog()
        .tileset("base")
        .unwrap()
        .model
        .clone();
    let doc_dir = tempfile::tempdir().unwrap();
    let (mut b, _) = base_editor(doc_dir.path());
    for tile in base.tiles.iter().filter(|t| ["D", "K", "W"].contains(&t.id.as_str())) {
        let index = base.tiles.iter().position(|t| t.id == tile.id).unwrap();
        b.state_mut().view.select_tile(index);
        for side in tilewright_engine::edge::Side::ALL {
            let fits = fits_beside(tile, side, Some(&base), &bundled);
            for fit in &fits {
                let beside = Beside {
                    side,
                    source: fit.source.to_owned(),
                    tile: fit.tile.id.clone(),
                    turn: fit.turns[0],
                };
                let mut actions = Actions::default();
                actions.push(Action::TryOnTable(Some(beside.clone())));
                b.state_mut().apply(actions);
                assert_eq!(laid(&b), 2, "{beside:?}: {:?}", sandbox(&b).notice);
            }
        }
    }
}
