//! Try on table: a small window where the selected tile of the set being edited lies in the
//! middle of a table and neighbours from the set and the bundled sets are laid beside it, to
//! see roads, cities and fields line up.
//!
//! `table.rs` holds the table as an engine game built by hand, so only what fits can be laid
//! and what is lit under the pointer is what the rules join; this module draws it with the
//! [board](crate::board) and a list of the tiles that fit the chosen cell. Only fitting tiles
//! and turns are offered: the engine's table cannot hold a misfit, and what is lit must be
//! what the rules join.

mod table;

use std::path::PathBuf;

use egui::{Color32, Key, Rect, Role, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo, vec2};
use tilewright_engine::edge::Side;

pub use table::{Kind, REACH, TryTable};

pub use crate::actions::Beside;
use crate::actions::PanelCtx;
use crate::board::{BoardCamera, BoardWidget, Scene, view_of};
use crate::document::Document;
use crate::images::{ImageCache, tile_texture};
use crate::pages::Page;
use crate::render::{Overlay, TileView, paint_tile};
use crate::validation::Findings;

/// The frame of the tried tile.
const TRIED: Color32 = Color32::from_rgb(120, 200, 255);

/// The size of the table in the window, in points.
const BOARD: Vec2 = vec2(420.0, 420.0);

/// The Try on table window's state.
#[derive(Default)]
pub struct Sandbox {
    /// Whether the window is shown.
    pub open: bool,
    /// The id of the tile tried.
    pub tile: String,
    /// The table (none when the set has never read).
    pub table: Option<TryTable>,
    /// Why the table could not be made (again) from the set as it is now.
    pub errors: Vec<String>,
    /// Where the table looks (public for tests: cells' screen positions).
    pub camera: BoardCamera,
    wheel_rest: f32,
    /// The cell chosen: an empty one to lay a tile on, or a neighbour to turn or take off.
    pub selected: Option<(i16, i16)>,
    /// The tile types and turns that fit the chosen empty cell.
    pub choices: Vec<(u16, u8)>,
    /// The parts of the feature under the pointer, on every tile it runs across.
    pub lit: Vec<(i16, i16, u8)>,
    /// A short message about the last thing tried.
    pub notice: Option<String>,
    /// The window's rectangle in the last frame (bare keys are the table's under the pointer).
    area: Option<Rect>,
    /// The document revision the table was last made from (or failed to be).
    tried: Option<usize>,
    /// The path of the document the table was opened for: another file closes the window.
    path: Option<PathBuf>,
}

impl Sandbox {
    /// Opens the window on tile `tile` of `doc`'s set, alone on a new table.
    pub fn open_for(&mut self, doc: &Document, findings: &Findings, tile: &str) {
        *self = Sandbox {
            open: true,
            tile: tile.to_owned(),
            tried: Some(doc.revision()),
            path: doc.path.clone(),
            camera: whole_reach(),
            ..Sandbox::default()
        };
        match TryTable::new(doc, findings, tile) {
            Ok(table) => self.table = Some(table),
            Err(errors) => self.errors = errors,
        }
    }

    /// Lays `beside` next to the tried tile (as *Fits beside* lists it) and chooses it.
    pub fn lay_beside(&mut self, beside: &Beside) {
        let Some(table) = &mut self.table else { return };
        let (x, y) = match beside.side {
            Side::N => (0, -1),
            Side::E => (1, 0),
            Side::S => (0, 1),
            Side::W => (-1, 0),
        };
        let found = (0u16..)
            .zip(&table.kinds)
            .find(|(_, k)| k.source == beside.source && k.id == beside.tile)
            .map(|(i, _)| i);
        let laid = match found {
            Some(tile) => table.place(tile, x, y, beside.turn),
            None => Err(format!(
                "the table has no tile `{}` of `{}`",
                beside.tile, beside.source
            )),
        };
        match laid {
            Ok(()) => self.selected = Some((x, y)),
            Err(e) => self.notice = Some(e),
        }
    }

    /// Whether bare keys (R, Delete) are the table's this frame: the window is open and the
    /// pointer is over it.
    pub fn takes_keys(&self, ctx: &egui::Context) -> bool {
        self.open
            && self
                .area
                .zip(ctx.input(|i| i.pointer.hover_pos()))
                .is_some_and(|(area, p)| area.contains(p))
    }

    /// Makes the table again from `doc` when it has changed, keeping the neighbours that
    /// still fit; a set that does not read leaves the last table up, with its errors.
    fn follow(&mut self, doc: &Document, findings: &Findings) {
        let revision = doc.revision();
        if self.tried == Some(revision) {
            return;
        }
        self.tried = Some(revision);
        match TryTable::new(doc, findings, &self.tile) {
            Ok(mut table) => {
                let left_off = self.table.as_ref().map_or(0, |old| table.carry_over(old));
                self.table = Some(table);
                self.errors.clear();
                if let Some(cell) = self.selected {
                    self.choose(cell);
                }
                self.notice = (left_off > 0).then(|| {
                    format!("The set changed: {left_off} neighbour(s) could not be laid again and were taken off.")
                });
            }
            Err(errors) => self.errors = errors,
        }
    }

    /// Draws the window, if open and `visible` (it waits hidden on other pages).
    fn show(
        &mut self,
        ctx: &egui::Context,
        doc: &Document,
        findings: &Findings,
        images: &mut ImageCache,
        visible: bool,
    ) {
        if self.path != doc.path || doc.tileset().is_none() {
            self.open = false;
        }
        if !self.open || !visible {
            self.area = None;
            return;
        }
        self.follow(doc, findings);
        let mut open = true;
        let response = egui::Window::new("Try on table")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            // Over the canvas, clear of the strip under it.
            .default_pos(egui::pos2(ctx.content_rect().center().x - 340.0, 70.0))
            .show(ctx, |ui| self.contents(ui, images));
        self.area = response.map(|r| r.response.rect);
        self.open = open;
    }

    fn contents(&mut self, ui: &mut Ui, images: &mut ImageCache) {
        ui.label(format!(
            "Tile {} in the middle. Click a marked cell to lay a tile that fits; R turns the chosen tile, Delete takes it off; point at a feature to see what it joins.",
            self.tile
        ));
        for error in &self.errors {
            ui.colored_label(Color32::from_rgb(235, 120, 90), format!("• {error}"));
        }
        if self.table.is_none() {
            return;
        }
        if !self.errors.is_empty() {
            ui.weak("The table below is the set as it last read.");
        }
        ui.horizontal_top(|ui| {
            ui.allocate_ui(BOARD, |ui| {
                ui.set_min_size(BOARD);
                self.board(ui, images);
            });
            ui.vertical(|ui| {
                ui.set_width(240.0);
                self.side(ui, images);
            });
        });
    }

    fn board(&mut self, ui: &mut Ui, images: &mut ImageCache) {
        let Some(table) = &mut self.table else { return };
        let scene = Scene {
            tiles: table.laid.clone(),
            open: table.open_cells(),
            lit: self.lit.clone(),
            outlined: self.selected,
            ..Scene::default()
        };
        let response = BoardWidget {
            camera: &mut self.camera,
            art: &table.art,
            images,
            wheel_rest: &mut self.wheel_rest,
        }
        .show(ui, &scene);
        // The tried tile, framed like the set's own tiles among the fits.
        ui.painter_at(response.response.rect).rect_stroke(
            self.camera.cell_rect(0, 0),
            0.0,
            Stroke::new(2.0, TRIED),
            StrokeKind::Inside,
        );
        self.lit = response
            .response
            .hover_pos()
            .and_then(|pos| {
                let (x, y) = response.hovered_cell?;
                let laid = *table.laid.iter().find(|t| t.x == x && t.y == y)?;
                let art = table.art.get(laid.tile)?;
                let locals: Vec<u8> = (0..art.local_ids.len()).filter_map(|k| u8::try_from(k).ok()).collect();
                let local = art.feature_at(view_of(self.camera, laid).to_tile(pos), &locals)?;
                Some(table.joined(x, y, local))
            })
            .unwrap_or_default();
        if let Some(cell) = response.clicked_cell {
            self.choose(cell);
        }
        let mut steps = response.rotate;
        if response.response.hovered() {
            ui.input(|i| {
                if i.key_pressed(Key::R) {
                    steps += if i.modifiers.shift { -1 } else { 1 };
                }
            });
            if ui.input(|i| i.key_pressed(Key::Delete) || i.key_pressed(Key::Backspace)) {
                self.remove_selected();
            }
        }
        if steps != 0 {
            // The neighbour under the pointer, else the one chosen.
            let under = response
                .hovered_cell
                .filter(|&(x, y)| (x, y) != (0, 0) && self.kind_at(x, y).is_some());
            if let Some((x, y)) = under.or(self.selected) {
                self.rotate(x, y, steps);
            }
        }
    }

    fn kind_at(&self, x: i16, y: i16) -> Option<&Kind> {
        self.table.as_ref()?.kind_at(x, y)
    }

    /// Chooses a cell: an empty one lists what fits there; a laid one can be turned or taken
    /// off.
    pub fn choose(&mut self, (x, y): (i16, i16)) {
        let Some(table) = &self.table else { return };
        self.notice = None;
        self.selected = Some((x, y));
        self.choices = table.choices_at(x, y);
        if table.kind_at(x, y).is_none() && !table.open_cells().contains(&(x, y)) {
            self.selected = None;
            self.notice = Some(format!(
                "Choose a marked cell beside a tile, within {REACH} of the middle."
            ));
        }
    }

    /// Lays tile type `tile` turned `rotation` on the chosen empty cell.
    pub fn lay(&mut self, tile: u16, rotation: u8) {
        let (Some(table), Some((x, y))) = (&mut self.table, self.selected) else {
            return;
        };
        match table.place(tile, x, y, rotation) {
            Ok(()) => {
                self.choices.clear();
                self.notice = None;
            }
            Err(e) => self.notice = Some(e),
        }
    }

    /// Turns the neighbour at `(x, y)` `steps` quarter turns on to the next turn that fits.
    pub fn rotate(&mut self, x: i16, y: i16, steps: i32) {
        let Some(table) = &mut self.table else { return };
        match table.rotate(x, y, steps) {
            Ok(_) => self.notice = None,
            Err(e) => self.notice = Some(e),
        }
    }

    /// Takes the chosen neighbour off the table.
    pub fn remove_selected(&mut self) {
        let (Some(table), Some((x, y))) = (&mut self.table, self.selected) else {
            return;
        };
        match table.remove(x, y) {
            Ok(()) => {
                self.selected = None;
                self.notice = None;
            }
            Err(e) => self.notice = Some(e),
        }
    }

    /// The list beside the table: what fits the chosen empty cell, or the chosen neighbour.
    fn side(&mut self, ui: &mut Ui, images: &mut ImageCache) {
        if let Some(notice) = &self.notice {
            ui.colored_label(Color32::from_rgb(230, 180, 60), notice);
        }
        let (Some(table), Some((x, y))) = (&self.table, self.selected) else {
            ui.weak("Click a marked cell beside the tile.");
            return;
        };
        if let Some(kind) = table.kind_at(x, y) {
            ui.strong(format!("{} ({})", kind.id, whose(kind)));
            if (x, y) == (0, 0) {
                ui.weak("The tried tile stays in the middle.");
                return;
            }
            let mut turn = false;
            let mut remove = false;
            ui.horizontal(|ui| {
                turn = ui.button("Turn (R)").clicked();
                remove = ui.button("Take off (Delete)").clicked();
            });
            if turn {
                self.rotate(x, y, 1);
            }
            if remove {
                self.remove_selected();
            }
            return;
        }
        if self.choices.is_empty() {
            ui.colored_label(Color32::from_rgb(230, 180, 60), "No tile fits this cell.");
            return;
        }
        ui.strong(format!("{} tile turns fit at ({x}, {y})", self.choices.len()));
        ui.weak("Click one to lay it.");
        let mut chosen = None;
        egui::ScrollArea::vertical().max_height(BOARD.y - 50.0).show(ui, |ui| {
            let mut source = None;
            // One row per tile type (the choices come grouped by type, the set's own first).
            for group in self.choices.chunk_by(|a, b| a.0 == b.0) {
                let tile = group[0].0;
                let (Some(kind), Some(art)) = (table.kinds.get(usize::from(tile)), table.art.get(tile)) else {
                    continue;
                };
                if source != Some(&kind.source) {
                    source = Some(&kind.source);
                    ui.add_space(4.0);
                    ui.label(egui::RichText::new(whose(kind)).small().strong());
                }
                ui.horizontal(|ui| {
                    ui.add_sized(vec2(36.0, 20.0), egui::Label::new(&kind.id).truncate());
                    for &(_, rotation) in group {
                        let (rect, response) = ui.allocate_exact_size(vec2(40.0, 40.0), Sense::click());
                        let (image, _) = tile_texture(images, art.folder.as_deref(), &art.tile, true);
                        paint_tile(
                            ui.painter(),
                            TileView { rect, turns: rotation },
                            &art.tile,
                            image,
                            &Overlay::default(),
                        );
                        if response.hovered() {
                            ui.painter()
                                .rect_stroke(rect, 2.0, Stroke::new(2.0, Color32::WHITE), StrokeKind::Inside);
                        }
                        let text = format!("{} · {} · {}°", kind.id, whose(kind), u32::from(rotation) * 90);
                        response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &text));
                        if response.on_hover_text(&text).clicked() {
                            chosen = Some((tile, rotation));
                        }
                    }
                });
            }
        });
        if let Some((tile, rotation)) = chosen {
            self.lay(tile, rotation);
        }
    }
}

/// A camera that shows every cell within [`REACH`] of the middle.
fn whole_reach() -> BoardCamera {
    BoardCamera {
        centre: Vec2::ZERO,
        cell: BOARD.x.min(BOARD.y) / f32::from(2 * REACH + 1),
        // Known from the start, so the board does not fit it to the lone tile.
        area: Some(Rect::from_min_size(egui::Pos2::ZERO, BOARD)),
    }
}

/// Where a tile type comes from, as the list says it.
fn whose(kind: &Kind) -> &str {
    if kind.own { "this set" } else { &kind.source }
}

impl Page for Sandbox {
    /// The Try on table window, over the Tiles page while it is shown.
    fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let visible = ctx.view.page == crate::view::Page::Tiles;
        self.show(ui.ctx(), ctx.doc, ctx.findings, ctx.images, visible);
    }
}
