//! The tile list: a grid of thumbnails with id and count, and the buttons to add, duplicate,
//! delete and reorder tiles.

use egui::{Color32, RichText, Sense, Ui, vec2};
use tilewright_engine::model::{Tile, TileSet};

use crate::actions::{Actions, PanelCtx};
use crate::commands::Command;
use crate::render::{Overlay, TileView, paint_tile};

/// Side of a thumbnail, in points.
const THUMB: f32 = 76.0;

/// The tile grid.
#[derive(Default)]
pub struct TileGrid;

impl TileGrid {
    /// Draws the grid of the tile set's tiles; tiles with errors get a red dot.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some(set) = ctx.tileset() else { return };
        let faulty_tiles = ctx.findings.faulty_tiles();
        ui.horizontal(|ui| {
            ui.heading(&set.name);
        });
        ui.horizontal(|ui| {
            ui.weak(format!(
                "{} · {} tile types · {} tiles",
                set.id,
                set.tiles.len(),
                total(set, &ctx.view.edition)
            ));
        });
        if set.editions.len() > 1 {
            ui.horizontal(|ui| {
                let label = ui.label("Edition").id;
                egui::ComboBox::from_id_salt("edition")
                    .selected_text(&ctx.view.edition)
                    .show_ui(ui, |ui| {
                        for edition in &set.editions {
                            ui.selectable_value(&mut ctx.view.edition, edition.clone(), edition);
                        }
                    })
                    .response
                    .labelled_by(label);
            });
        }
        ui.add_space(4.0);
        tile_buttons(ui, ctx, set.tiles.len());
        ui.separator();
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = vec2(6.0, 6.0);
                for (i, tile) in set.tiles.iter().enumerate() {
                    thumbnail(ui, ctx, (i, tile), faulty_tiles.contains(&i));
                }
            });
            if set.tiles.is_empty() {
                ui.label(RichText::new("No tiles yet: add one, or drop an image here.").weak());
            }
        });
    }
}

/// The buttons that add, duplicate, delete and move tiles (in a set of `tiles` tiles).
fn tile_buttons(ui: &mut Ui, ctx: &mut PanelCtx<'_>, tiles: usize) {
    ui.horizontal(|ui| {
        let selected = ctx.view.selection.tile;
        let button = |ui: &mut Ui, icon: &str, command: Command, enabled: bool, actions: &mut Actions| {
            let mut tip = command.label().to_owned();
            if let Some(s) = command.shortcut() {
                tip = format!("{tip} ({})", ui.ctx().format_shortcut(&s));
            }
            if ui
                .add_enabled(enabled, egui::Button::new(icon))
                .on_hover_text(tip)
                .clicked()
            {
                actions.command(command);
            }
        };
        button(ui, "+ Add", Command::AddTile, true, ctx.actions);
        button(ui, "Duplicate", Command::DuplicateTile, selected.is_some(), ctx.actions);
        button(ui, "Delete", Command::DeleteTile, selected.is_some(), ctx.actions);
        button(
            ui,
            "Up",
            Command::MoveTileUp,
            selected.is_some_and(|i| i > 0),
            ctx.actions,
        );
        button(
            ui,
            "Down",
            Command::MoveTileDown,
            selected.is_some_and(|i| i + 1 < tiles),
            ctx.actions,
        );
    });
}

/// One tile's thumbnail in the grid, with its id and count, a red dot if it has errors; a
/// click selects it.
fn thumbnail(ui: &mut Ui, ctx: &mut PanelCtx<'_>, (i, tile): (usize, &Tile), faulty: bool) {
    let (rect, response) = ui.allocate_exact_size(vec2(THUMB, THUMB + 30.0), Sense::click());
    let selected = ctx.view.selection.tile == Some(i);
    let painter = ui.painter_at(rect.expand(2.0));
    if selected {
        painter.rect_filled(rect.expand(2.0), 4.0, ui.visuals().selection.bg_fill);
    } else if response.hovered() {
        painter.rect_filled(rect.expand(2.0), 4.0, ui.visuals().widgets.hovered.weak_bg_fill);
    }
    let square = egui::Rect::from_min_size(rect.min + vec2(4.0, 4.0), vec2(THUMB - 8.0, THUMB - 8.0));
    let (texture, _) = ctx.texture(tile, true);
    paint_tile(&painter, TileView::new(square), tile, texture, &Overlay::default());
    let count = tile.count.in_edition(&ctx.view.edition);
    let text_colour = if selected {
        ui.visuals().selection.stroke.color
    } else {
        ui.visuals().text_color()
    };
    painter.text(
        egui::pos2(rect.center().x, square.bottom() + 4.0),
        egui::Align2::CENTER_TOP,
        &tile.id,
        egui::FontId::proportional(13.0),
        text_colour,
    );
    painter.text(
        egui::pos2(rect.center().x, square.bottom() + 18.0),
        egui::Align2::CENTER_TOP,
        format!("× {count}"),
        egui::FontId::proportional(11.0),
        text_colour.gamma_multiply(0.7),
    );
    if faulty {
        painter.circle_filled(
            square.right_top() + vec2(-6.0, 6.0),
            5.0,
            Color32::from_rgb(220, 50, 50),
        );
    }
    let response = response.on_hover_text(if tile.name.is_empty() {
        tile.id.clone()
    } else {
        tile.name.clone()
    });
    if response.clicked() {
        ctx.view.select_tile(i);
    }
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Tile {}", tile.id)));
}

fn total(set: &TileSet, edition: &str) -> u32 {
    set.tiles.iter().map(|t| t.count.in_edition(edition)).sum()
}
