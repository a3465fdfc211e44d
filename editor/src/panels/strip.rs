//! The rotation strip (the tile in its four rotations) and the fit check: which tiles of the
//! set being edited (first, outlined) and of the bundled sets can sit beside each edge, in some
//! rotation; and the button that lays the tile on a small table to try it.

use egui::{Color32, Role, Sense, Stroke, StrokeKind, Ui, WidgetInfo, vec2};
use tilewright_engine::edge::{Layout, SegmentRef, Side};
use tilewright_engine::model::{Tile, TileSet};

use crate::actions::Beside;
use crate::actions::{Action, PanelCtx};
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

/// A tile that fits beside an edge: where it comes from and the turns it fits in.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit<'a> {
    /// The tile.
    pub tile: &'a Tile,
    /// The id of its tile set.
    pub source: &'a str,
    /// Whether it is a tile of the set being edited.
    pub own: bool,
    /// The clockwise quarter turns it fits in (at least one).
    pub turns: Vec<u8>,
}

/// Every tile that fits beside `tile`'s side `side`: the tiles of `own` (the set being edited,
/// as it is in memory; `tile` itself among them, as another copy) first, then the `bundled`
/// tiles of every other set (a bundled set with the edited set's id is the edited set).
pub fn fits_beside<'a>(
    tile: &Tile,
    side: Side,
    own: Option<&'a TileSet>,
    bundled: &'a [(String, Tile)],
) -> Vec<Fit<'a>> {
    let own_tiles = own
        .into_iter()
        .flat_map(|set| set.tiles.iter().map(move |t| (set.id.as_str(), t, true)));
    let others = bundled
        .iter()
        .filter(|(source, _)| own.is_none_or(|set| set.id != *source))
        .map(|(source, t)| (source.as_str(), t, false));
    own_tiles
        .chain(others)
        .filter_map(|(source, other, own)| {
            let turns = fitting_turns(tile, side, other);
            (!turns.is_empty()).then_some(Fit {
                tile: other,
                source,
                own,
                turns,
            })
        })
        .collect()
}

/// How a fit is named (its hover text and its label for assistive technology).
fn describe(fit: &Fit<'_>) -> String {
    let degrees: Vec<String> = fit.turns.iter().map(|t| format!("{}°", u32::from(*t) * 90)).collect();
    let whose = if fit.own { "this set" } else { fit.source };
    format!("{} ({whose}) fits turned {}", fit.tile.id, degrees.join(", "))
}

/// The strip under the canvas.
pub struct Strip {
    /// The side whose fits are listed (N, E, S, W).
    side: usize,
    /// The bundled tiles checked against the edges, as (tile set id, tile).
    bundled: Vec<(String, Tile)>,
}

impl Default for Strip {
    /// A strip that checks fits against every bundled tile.
    fn default() -> Strip {
        let bundled = tilewright_engine::bundled::catalog()
            .tilesets
            .iter()
            .flat_map(|set| set.model.tiles.iter().map(|t| (set.model.id.clone(), t.clone())))
            .collect();
        Strip { side: 0, bundled }
    }
}

/// The colour that marks the set's own tiles among the fits.
const OWN: Color32 = Color32::from_rgb(120, 200, 255);

impl Strip {
    /// Draws the rotations and the fit check for the selected tile.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some((_, tile)) = ctx.selected_tile() else { return };
        let own = ctx.tileset();
        let (image, _) = ctx.texture(tile, false);
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.strong("Rotations");
                    let button = ui
                        .small_button("Try on table")
                        .on_hover_text("Lay this tile beside others on a small table and see what joins");
                    if button.clicked() {
                        ctx.actions.push(Action::TryOnTable(None));
                    }
                });
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
                // Each side once a frame: the counts and the chosen side's list.
                let mut by_side = Side::ALL.map(|side| fits_beside(tile, side, own, &self.bundled));
                ui.horizontal(|ui| {
                    ui.strong("Fits beside");
                    for (k, side) in Side::ALL.into_iter().enumerate() {
                        let count = by_side[k].len();
                        ui.selectable_value(&mut self.side, k, format!("{} ({count})", SegmentRef::Side(side)));
                    }
                });
                let side = Side::from_index(self.side);
                let fits = std::mem::take(&mut by_side[side as usize]);
                egui::ScrollArea::horizontal().id_salt("fits").show(ui, |ui| {
                    ui.horizontal(|ui| {
                        for fit in &fits {
                            let (rect, response) = ui.allocate_exact_size(vec2(44.0, 44.0), Sense::click());
                            let image = if fit.own { ctx.texture(fit.tile, true).0 } else { None };
                            paint_tile(
                                ui.painter(),
                                TileView {
                                    rect,
                                    turns: fit.turns[0],
                                },
                                fit.tile,
                                image,
                                &Overlay::default(),
                            );
                            if fit.own {
                                ui.painter()
                                    .rect_stroke(rect, 2.0, Stroke::new(2.0, OWN), StrokeKind::Inside);
                            }
                            let text = describe(fit);
                            response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &text));
                            if response
                                .on_hover_text(format!("{text}\nClick to try them side by side"))
                                .clicked()
                            {
                                ctx.actions.push(Action::TryOnTable(Some(Beside {
                                    side,
                                    source: fit.source.to_owned(),
                                    tile: fit.tile.id.clone(),
                                    turn: fit.turns[0],
                                })));
                            }
                        }
                        if fits.is_empty() {
                            ui.colored_label(Color32::from_rgb(230, 180, 60), "No tile fits this edge.");
                        }
                    });
                });
            });
        });
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
