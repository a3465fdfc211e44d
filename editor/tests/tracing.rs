//! Tracing a tile on the canvas: the keys of the draw tool do what they say and add no vertex,
//! and dragging a vertex re-derives the edges as closing an outline does.

#![allow(clippy::unwrap_used)]

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tilewright_editor::EditorApp;
use tilewright_editor::view::Tool;
use tilewright_engine::model::Tile;

mod common;
use common::{base_editor, settle};

/// The screen position of a tile point (tile coordinates 0..1).
fn at(h: &Harness<'_, EditorApp>, point: [f32; 2]) -> Pos2 {
    let rect = h.state().panels.canvas.tile_rect.expect("the canvas is shown");
    Pos2::new(
        rect.min.x + point[0] * rect.width(),
        rect.min.y + point[1] * rect.height(),
    )
}

fn click_tile(h: &mut Harness<'_, EditorApp>, point: [f32; 2]) {
    let pos = at(h, point);
    common::click_at(h, pos);
}

fn tile_e(h: &Harness<'_, EditorApp>) -> Tile {
    let set = h.state().doc().unwrap().tileset().unwrap();
    set.tiles.iter().find(|t| t.id == "E").unwrap().clone()
}

fn key(h: &mut Harness<'_, EditorApp>, key: Key, pressed: bool) {
    h.event(Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
}

/// Presses the primary button at `from`, moves in steps to `to` and lets go there.
fn drag(h: &mut Harness<'_, EditorApp>, from: Pos2, to: Pos2) {
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    h.hover_at(from);
    h.step();
    h.event(button(from, true));
    h.step();
    // A few pixels first, as a hand starts a drag: it starts where the button went down.
    let start = from + (to - from).normalized() * 8.0;
    for k in 1..=4 {
        h.event(Event::PointerMoved(from + (start - from) * (k as f32 / 4.0)));
        h.step();
    }
    for k in 1..=8 {
        h.event(Event::PointerMoved(start + (to - start) * (k as f32 / 8.0)));
        h.step();
    }
    h.event(button(to, false));
    settle(h);
}

/// Tile E of the base game selected, its city `c` selected, the draw tool on.
fn drawing_on_tile_e(h: &mut Harness<'_, EditorApp>) {
    h.get_by_label("Tile E").click();
    settle(h);
    click_tile(h, [0.5, 0.08]);
    assert_eq!(h.state().view.selection.feature.as_deref(), Some("c"));
    h.key_press(Key::P);
    settle(h);
    assert_eq!(h.state().view.tool, Tool::Draw);
}

#[test]
fn enter_closes_the_outline_and_space_pans_without_adding_a_vertex() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    drawing_on_tile_e(&mut h);
    for p in [[0.0, 0.0], [1.0, 0.0], [0.5, 0.3]] {
        click_tile(&mut h, p);
    }
    // The pointer moves off the last point, then Space is pressed and let go: no vertex.
    let aside = at(&h, [0.3, 0.6]);
    h.hover_at(aside);
    h.step();
    h.key_press(Key::Space);
    settle(&mut h);
    assert_eq!(h.state().panels.canvas.draft.len(), 3, "Space adds no vertex");
    // Space held and a drag pans the view, adding nothing.
    let pan = h.state().view.camera.pan;
    key(&mut h, Key::Space, true);
    drag(&mut h, aside, aside + egui::vec2(40.0, 30.0));
    key(&mut h, Key::Space, false);
    settle(&mut h);
    assert_ne!(h.state().view.camera.pan, pan, "Space and a drag pan");
    assert_eq!(h.state().panels.canvas.draft.len(), 3, "panning adds no vertex");
    // Enter closes the outline as drawn.
    let elsewhere = at(&h, [0.7, 0.7]);
    h.hover_at(elsewhere);
    h.step();
    h.key_press(Key::Enter);
    settle(&mut h);
    let polygons = tile_e(&h).features["c"].polygons.clone();
    assert_eq!(
        polygons,
        [vec![[0.0, 0.0], [1.0, 0.0], [0.5, 0.3]]],
        "Enter closes, adding no vertex"
    );
    assert!(h.state().panels.canvas.draft.is_empty());
}

#[test]
fn dragging_a_vertex_re_derives_the_edges_in_the_drag_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _) = base_editor(dir.path());
    drawing_on_tile_e(&mut h);
    for p in [[0.0, 0.0], [1.0, 0.0], [0.7, 0.3], [0.3, 0.3], [0.0, 0.0]] {
        click_tile(&mut h, p);
    }
    assert_eq!(
        tile_e(&h).edges.clone().map(|e| e.0),
        ["city", "field", "field", "field"]
    );
    // The select tool; the wall's east vertex dragged onto the east side, halfway down.
    h.key_press(Key::V);
    settle(&mut h);
    let (from, to) = (at(&h, [0.7, 0.3]), at(&h, [1.0, 0.5]));
    drag(&mut h, from, to);
    let tile = tile_e(&h);
    assert_eq!(tile.features["c"].polygons[0][2], [1.0, 0.5], "the vertex moved");
    assert_eq!(
        tile.edges.clone().map(|e| e.0),
        ["city", "city 50 field", "field", "field"]
    );
    let on: Vec<&str> = tile.features["c"].on.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(on, ["N", "E"], "the city's `on` follows the outline");
    // One undo takes back the drag and what it derived.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    let undone = tile_e(&h);
    assert_eq!(undone.features["c"].polygons[0][2], [0.7, 0.3]);
    assert_eq!(undone.edges[1].0, "field");
}
