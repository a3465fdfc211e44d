//! The rotation strip (the tile in its four rotations) and the fit check: which bundled tiles
//! (and tiles of the open set) can sit beside each edge, in some rotation.

use egui::{Color32, Rect, Sense, Ui, vec2};
use tilewright_engine::edge::{Layout, SegmentRef, Side};
use tilewright_engine::model::Tile;

use super::PanelCtx;
use crate::render::{Overlay, TileView, paint_tile};

/// The turns (clockwise quarter turns) of `other` in which it can sit on side `side` of
/// `tile`: the facing edges' segments fit (city to city, road to road, field to field).
pub fn fitting_turns(tile: &Tile, side: Side, other: &Tile) -> Vec<u8> {
    let Ok(mine) = Layout::parse(&tile.edges[side as usize].0) else {
        return Vec::new();
    };
    (0..4u8)
        .filter(|turns| {
            // After `turns` clockwise, the edge facing us (our side's opposite) was edge
            // (opposite - turns) of the unturned tile.
            let facing = (side.opposite() as usize + 4 - *turns as usize) % 4;
            Layout::parse(&other.edges[facing].0).is_ok_and(|theirs| mine.joins(&theirs).is_ok())
        })
        .collect()
}

/// The strip under the canvas.
pub struct Strip {
    /// The side whose fits are listed (N, E, S, W).
    side: usize,
    /// The bundled tiles checked against the edges, as (tile set id, tile).
    candidates: Vec<(String, Tile)>,
}

impl Default for Strip {
    /// A strip that checks fits against every bundled tile.
    fn default() -> Strip {
        let candidates = tilewright_engine::bundled::catalog()
            .tilesets
            .iter()
            .flat_map(|set| set.model.tiles.iter().map(|t| (set.model.id.clone(), t.clone())))
            .collect();
        Strip { side: 0, candidates }
    }
}

impl Strip {
    /// Draws the rotations and the fit check for the selected tile.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some((_, tile)) = ctx.selected_tile() else { return };
        let (image, _) = ctx.texture(tile, false);
        let candidates = &self.candidates;
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.strong("Rotations");
                ui.horizontal(|ui| {
                    for turns in 0..4u8 {
                        let (rect, response) = ui.allocate_exact_size(vec2(64.0, 64.0), Sense::hover());
                        let view = TileView { rect, turns };
                        paint_tile(
                            ui.painter(),
                            view,
                            tile,
                            image,
                            &Overlay {
                                regions: true,
                                ..Overlay::default()
                            },
                        );
                        response.on_hover_text(format!("{}°", turns as u32 * 90));
                    }
                });
            });
            ui.separator();
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.strong("Fits beside");
                    for (k, side) in Side::ALL.into_iter().enumerate() {
                        let count = candidates
                            .iter()
                            .filter(|(_, t)| !fitting_turns(tile, side, t).is_empty())
                            .count();
                        ui.selectable_value(&mut self.side, k, format!("{} ({count})", SegmentRef::Side(side)));
                    }
                });
                let side = Side::from_index(self.side);
                egui::ScrollArea::horizontal().id_salt("fits").show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let mut any = false;
                        for (source, other) in candidates {
                            let turns = fitting_turns(tile, side, other);
                            let Some(&first) = turns.first() else { continue };
                            any = true;
                            let (rect, response) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::hover());
                            paint_tile(
                                ui.painter(),
                                TileView { rect, turns: first },
                                other,
                                None,
                                &Overlay::default(),
                            );
                            let degrees: Vec<String> = turns.iter().map(|t| format!("{}°", *t as u32 * 90)).collect();
                            response.on_hover_text(format!(
                                "{} ({source}) fits turned {}",
                                other.id,
                                degrees.join(", ")
                            ));
                        }
                        if !any {
                            ui.colored_label(Color32::from_rgb(230, 180, 60), "No tile fits this edge.");
                        }
                    });
                });
            });
        });
        let _ = Rect::NOTHING;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_follow_the_edges() {
        let set = &tilewright_engine::bundled::catalog().tileset("base").unwrap().model;
        let find = |id: &str| set.tiles.iter().find(|t| t.id == id).unwrap();
        // City on all four sides: only a city edge can face it.
        let c = find("C");
        let e = find("E"); // city cap on N: its N edge faces C's S edge when unturned.
        assert_eq!(fitting_turns(c, Side::S, e), vec![0]);
        // The monastery (all field) never fits beside a city.
        assert!(fitting_turns(c, Side::N, find("B")).is_empty());
        // A straight road fits beside a straight road's east end in two turns.
        let u = find("U");
        assert_eq!(fitting_turns(u, Side::E, u), vec![0, 2]);
    }
}
