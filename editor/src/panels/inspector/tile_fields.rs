//! The tile's own fields in the inspector, one small widget each. They change a copy of the
//! tile; [`TileFields::finish`] asks for one edit with what changed.

use egui::{Color32, Ui};
use tilewright_engine::edge::{Layout, Side};
use tilewright_engine::model::{Count, EdgeLayout, Marker, Placement, Supply, Tile, TileSet};

use super::{ORDINARY_PILE, edge_presets, help_label};
use crate::actions::{Action, Actions, PanelCtx};
use crate::document::Edit;
use crate::segments;

/// The tile being edited this frame: the copy the fields change, the undo group the change
/// merges into (typing and dragging), and whether a text field lost focus.
pub(super) struct TileFields<'s> {
    set: &'s TileSet,
    index: usize,
    edited: Tile,
    group: Option<String>,
    ended: bool,
}

impl<'s> TileFields<'s> {
    /// The fields of tile `index` of `set`, unchanged.
    pub(super) fn new(set: &'s TileSet, index: usize) -> TileFields<'s> {
        TileFields {
            set,
            index,
            edited: set.tiles[index].clone(),
            group: None,
            ended: false,
        }
    }

    /// Every field, one grid row each.
    pub(super) fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        self.text(ui, "Id", "id", Some(150.0), |t| &mut t.id);
        self.text(ui, "Name", "name", None, |t| &mut t.name);
        self.count(ui, &ctx.view.edition);
        self.supply(ui);
        self.placement(ui);
        if !self.set.deal.is_empty() || self.edited.group.is_some() {
            self.deal_group(ui);
        }
        for (k, side) in ["North", "East", "South", "West"].into_iter().enumerate() {
            self.edge(ui, k, side);
        }
        self.markers(ui);
        self.image(ui, ctx.actions);
    }

    /// Asks for the edit the fields made, if any, and ends the typing when a field lost focus.
    pub(super) fn finish(self, actions: &mut Actions) {
        if self.edited != self.set.tiles[self.index] {
            let edit = Edit::ReplaceTile {
                index: self.index,
                tile: Box::new(self.edited),
            };
            match self.group {
                Some(group) => actions.edit_grouped(edit, group),
                None => actions.edit(edit),
            }
        }
        if self.ended {
            actions.push(Action::EndGroup);
        }
    }

    /// Names the undo group of a change to `what`.
    fn changed(&mut self, what: &str) {
        self.group = Some(format!("tile{}.{what}", self.index));
    }

    /// A one-line text field, `width` wide or as wide as the row allows.
    fn text(&mut self, ui: &mut Ui, label: &str, field: &str, width: Option<f32>, value: fn(&mut Tile) -> &mut String) {
        let l = help_label(ui, label, "Tile", field);
        let width = width.unwrap_or_else(|| ui.available_width());
        let r = ui
            .add(egui::TextEdit::singleline(value(&mut self.edited)).desired_width(width))
            .labelled_by(l);
        if r.changed() {
            self.changed(field);
        }
        self.ended |= r.lost_focus();
        ui.end_row();
    }

    /// The count: one number, or one per edition.
    fn count(&mut self, ui: &mut Ui, edition: &str) {
        let l = help_label(ui, "Count", "Tile", "count");
        ui.vertical(|ui| {
            let mut per_edition = matches!(self.edited.count, Count::PerEdition(_));
            if (self.set.editions.len() > 1 || per_edition) && ui.checkbox(&mut per_edition, "per edition").changed() {
                let n = self.edited.count.in_edition(edition).max(1);
                self.edited.count = if per_edition {
                    Count::PerEdition(self.set.editions.iter().map(|e| (e.clone(), n)).collect())
                } else {
                    Count::All(n)
                };
                self.changed("count-mode");
            }
            let mut changed = None;
            match &mut self.edited.count {
                Count::All(n) => {
                    if ui.add(egui::DragValue::new(n).range(1..=999)).labelled_by(l).changed() {
                        changed = Some("count".to_owned());
                    }
                }
                Count::PerEdition(map) => {
                    for edition in &self.set.editions {
                        ui.horizontal(|ui| {
                            let mut n = map.get(edition).copied().unwrap_or(0);
                            if ui
                                .add(egui::DragValue::new(&mut n).range(0..=999))
                                .labelled_by(l)
                                .changed()
                            {
                                if n == 0 {
                                    map.remove(edition);
                                } else {
                                    map.insert(edition.clone(), n);
                                }
                                changed = Some(format!("count.{edition}"));
                            }
                            ui.label(edition);
                        });
                    }
                }
            }
            if let Some(what) = changed {
                self.changed(&what);
            }
        });
        ui.end_row();
    }

    /// Where the tile is drawn from.
    fn supply(&mut self, ui: &mut Ui) {
        let options = [(Supply::Pile, "pile"), (Supply::Player, "player")];
        choice(ui, "Supply", "supply", &mut self.edited.supply, &options);
    }

    /// Where the tile may be laid.
    fn placement(&mut self, ui: &mut Ui) {
        let options = [(Placement::Adjacent, "adjacent"), (Placement::Hole, "hole")];
        choice(ui, "Placement", "placement", &mut self.edited.placement, &options);
    }

    /// The deal group the tile is dealt from.
    fn deal_group(&mut self, ui: &mut Ui) {
        let l = help_label(ui, "Deal group", "Tile", "group");
        let group = &mut self.edited.group;
        egui::ComboBox::from_id_salt("group")
            .selected_text(group.as_deref().unwrap_or(ORDINARY_PILE))
            .show_ui(ui, |ui| {
                ui.selectable_value(group, None, ORDINARY_PILE);
                for deal in &self.set.deal {
                    ui.selectable_value(group, Some(deal.group.clone()), &deal.group);
                }
            })
            .response
            .labelled_by(l);
        ui.end_row();
    }

    /// Edge `k` as text (red with the reason when it does not read), with its presets.
    fn edge(&mut self, ui: &mut Ui, k: usize, side: &str) {
        let l = help_label(ui, side, "Tile", "edges");
        ui.horizontal(|ui| {
            let valid = Layout::parse(&self.edited.edges[k].0);
            let mut text = self.edited.edges[k].0.clone();
            let mut edit = egui::TextEdit::singleline(&mut text).desired_width(110.0);
            if valid.is_err() {
                edit = edit.text_color(Color32::from_rgb(230, 80, 80));
            }
            let r = ui.add(edit).labelled_by(l);
            let r = match &valid {
                Err(e) => r.on_hover_text(format!("{}: {}", e.message, e.help)),
                Ok(_) => r,
            };
            if r.changed() {
                self.edited.edges[k] = EdgeLayout(text);
                self.changed(&format!("edge{k}"));
            }
            self.ended |= r.lost_focus();
            ui.menu_button("Presets", |ui| {
                for preset in edge_presets(self.set) {
                    if ui.button(&preset).clicked() {
                        // The `on` lists follow the edge, unless an edge does not read.
                        match segments::relayout(&self.edited, Side::from_index(k), &preset) {
                            Some(relaid) => self.edited = relaid,
                            None => self.edited.edges[k] = EdgeLayout(preset),
                        }
                        ui.close();
                    }
                }
            });
        });
        ui.end_row();
    }

    /// The markers: hill, vineyard, volcano, dragon, portal.
    fn markers(&mut self, ui: &mut Ui) {
        help_label(ui, "Markers", "Tile", "markers");
        ui.horizontal(|ui| {
            for (marker, name) in [
                (Marker::Hill, "hill"),
                (Marker::Vineyard, "vineyard"),
                (Marker::Volcano, "volcano"),
                (Marker::Dragon, "dragon"),
                (Marker::Portal, "portal"),
            ] {
                let mut on = self.edited.markers.contains(&marker);
                if ui.checkbox(&mut on, name).changed() {
                    if on {
                        self.edited.markers.push(marker);
                    } else {
                        self.edited.markers.retain(|m| *m != marker);
                    }
                }
            }
        });
        ui.end_row();
    }

    /// The image path, and a button that picks the file.
    fn image(&mut self, ui: &mut Ui, actions: &mut Actions) {
        let l = help_label(ui, "Image", "Tile", "image");
        ui.horizontal(|ui| {
            let mut text = self.edited.image.clone().unwrap_or_default();
            let r = ui
                .add(
                    egui::TextEdit::singleline(&mut text)
                        .desired_width(110.0)
                        .hint_text("none"),
                )
                .labelled_by(l);
            if r.changed() {
                self.edited.image = (!text.is_empty()).then_some(text);
                self.changed("image");
            }
            self.ended |= r.lost_focus();
            if ui.button("…").on_hover_text("Choose an image file").clicked() {
                actions.push(Action::ChooseImage(self.index));
            }
        });
        ui.end_row();
    }
}

/// A row choosing `value` among `options` (each with its word), labelled with the schema's
/// help for the tile's `field`.
fn choice<T: PartialEq + Copy>(ui: &mut Ui, label: &str, field: &str, value: &mut T, options: &[(T, &str)]) {
    let l = help_label(ui, label, "Tile", field);
    let shown = options.iter().find(|(v, _)| v == value).map_or("", |(_, word)| word);
    egui::ComboBox::from_id_salt(field)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (option, word) in options {
                ui.selectable_value(value, *option, *word);
            }
        })
        .response
        .labelled_by(l);
    ui.end_row();
}
