//! The tile list: a grid of thumbnails with id and count, and the buttons to add, duplicate,
//! delete and reorder tiles.

use std::path::Path;

use egui::{Color32, RichText, Sense, Ui, vec2};
use tilewright_engine::model::TileSet;

use super::Actions;
use crate::commands::Command;
use crate::images::{ImageCache, tile_texture};
use crate::render::{Overlay, TileView, paint_tile};
use crate::view::ViewState;

/// Side of a thumbnail, in points.
const THUMB: f32 = 76.0;

/// The tile grid.
#[derive(Default)]
pub struct TileGrid;

impl TileGrid {
    /// Draws the grid. `faulty_tiles` are tile indices with errors.
    #[allow(clippy::too_many_arguments)]
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        set: &TileSet,
        view: &mut ViewState,
        images: &mut ImageCache,
        folder: Option<&Path>,
        faulty_tiles: &[usize],
        actions: &mut Actions,
    ) {
        ui.horizontal(|ui| {
            ui.heading(&set.name);
        });
        ui.horizontal(|ui| {
            ui.weak(format!(
                "{} · {} tile types · {} tiles",
                set.id,
                set.tiles.len(),
                total(set, &view.edition)
            ));
        });
        if set.editions.len() > 1 {
            ui.horizontal(|ui| {
                let label = ui.label("Edition").id;
                egui::ComboBox::from_id_salt("edition")
                    .selected_text(&view.edition)
                    .show_ui(ui, |ui| {
                        for edition in &set.editions {
                            ui.selectable_value(&mut view.edition, edition.clone(), edition);
                        }
                    })
                    .response
                    .labelled_by(label);
            });
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            let selected = view.selection.tile;
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
            button(ui, "+ Add", Command::AddTile, true, actions);
            button(ui, "Duplicate", Command::DuplicateTile, selected.is_some(), actions);
            button(ui, "Delete", Command::DeleteTile, selected.is_some(), actions);
            button(ui, "Up", Command::MoveTileUp, selected.is_some_and(|i| i > 0), actions);
            button(
                ui,
                "Down",
                Command::MoveTileDown,
                selected.is_some_and(|i| i + 1 < set.tiles.len()),
                actions,
            );
        });
        ui.separator();
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = vec2(6.0, 6.0);
                for (i, tile) in set.tiles.iter().enumerate() {
                    let (rect, response) = ui.allocate_exact_size(vec2(THUMB, THUMB + 30.0), Sense::click());
                    let selected = view.selection.tile == Some(i);
                    let painter = ui.painter_at(rect.expand(2.0));
                    if selected {
                        painter.rect_filled(rect.expand(2.0), 4.0, ui.visuals().selection.bg_fill);
                    } else if response.hovered() {
                        painter.rect_filled(rect.expand(2.0), 4.0, ui.visuals().widgets.hovered.weak_bg_fill);
                    }
                    let square = egui::Rect::from_min_size(rect.min + vec2(4.0, 4.0), vec2(THUMB - 8.0, THUMB - 8.0));
                    let (texture, _) = tile_texture(images, folder, tile, true);
                    paint_tile(&painter, TileView::new(square), tile, texture, &Overlay::default());
                    let count = tile.count.in_edition(&view.edition);
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
                    if faulty_tiles.contains(&i) {
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
                        view.select_tile(i);
                    }
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Tile {}", tile.id))
                    });
                }
            });
            if set.tiles.is_empty() {
                ui.label(RichText::new("No tiles yet: add one, or drop an image here.").weak());
            }
        });
    }
}

fn total(set: &TileSet, edition: &str) -> u32 {
    set.tiles.iter().map(|t| t.count.in_edition(edition)).sum()
}
