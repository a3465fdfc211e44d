//! The selected feature's fields in the inspector, one small widget each. They change a copy
//! of the feature; [`FeatureFields::finish`] asks for one edit with what changed.

use std::collections::BTreeMap;

use egui::{Color32, Ui};
use tilewright_engine::model::{EdgeRef, Feature, FeatureKind, RoadEnd, Tile};

use super::{KINDS, help_label, id_list_ui, parse_on};
use crate::actions::{Action, Actions, PanelCtx};
use crate::document::Edit;
use crate::geometry;
use crate::view::Tool;
use crate::vocabulary::Vocabulary;

/// A feature id being typed: the tile, the id it renames and the text so far.
pub(super) type Typing = Option<(usize, String, String)>;

/// The feature being edited this frame: the copy the fields change, the undo group the change
/// merges into (typing and dragging), and whether a text field lost focus.
pub(super) struct FeatureFields<'t> {
    index: usize,
    tile: &'t Tile,
    id: &'t str,
    feature: &'t Feature,
    edited: Feature,
    group: Option<String>,
    ended: bool,
}

impl<'t> FeatureFields<'t> {
    /// The fields of feature `id` of tile `index`, unchanged.
    pub(super) fn new((index, tile): (usize, &'t Tile), id: &'t str, feature: &'t Feature) -> FeatureFields<'t> {
        FeatureFields {
            index,
            tile,
            id,
            feature,
            edited: feature.clone(),
            group: None,
            ended: false,
        }
    }

    /// Names the undo group of a change to `what`.
    fn changed(&mut self, what: &str) {
        self.group = Some(format!("tile{}.{}.{what}", self.index, self.id));
    }

    /// The feature's id, renamed (with the references to it) once the field loses focus.
    pub(super) fn id(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>, rename: &mut Typing) {
        let (index, id) = (self.index, self.id);
        let l = ui
            .label("Feature id")
            .on_hover_text("Feature ids are local to the tile: `c`, `r1`, `f2`…")
            .id;
        let mut text = match rename {
            Some((t, from, text)) if *t == index && from == id => text.clone(),
            _ => id.to_owned(),
        };
        let r = ui
            .add(egui::TextEdit::singleline(&mut text).desired_width(100.0))
            .labelled_by(l);
        if r.changed() {
            *rename = Some((index, id.to_owned(), text.clone()));
        }
        if r.lost_focus()
            && let Some((_, from, to)) = rename.take()
            && !to.trim().is_empty()
            && to.trim() != from
        {
            ctx.actions.edit(Edit::RenameFeature {
                tile: index,
                from,
                to: to.trim().to_owned(),
            });
            ctx.view.selection.feature = Some(to.trim().to_owned());
        }
        ui.end_row();
    }

    /// The feature's kind.
    pub(super) fn kind(&mut self, ui: &mut Ui) {
        let l = help_label(ui, "Kind", "Feature", "kind");
        let kind = &mut self.edited.kind;
        egui::ComboBox::from_id_salt("kind")
            .selected_text(kind.as_str())
            .show_ui(ui, |ui| {
                for k in KINDS {
                    ui.selectable_value(kind, k, k.as_str());
                }
            })
            .response
            .labelled_by(l);
        ui.end_row();
    }

    /// The `on` list of a city, road or field as typed, with what its outlines give.
    pub(super) fn on(&mut self, ui: &mut Ui, on_text: &mut Typing, derived_on: Option<Vec<String>>) {
        if !matches!(
            self.edited.kind,
            FeatureKind::City | FeatureKind::Road | FeatureKind::Field
        ) {
            return;
        }
        let (index, id) = (self.index, self.id);
        let l = help_label(ui, "On", "Feature", "on");
        let normal = self
            .edited
            .on
            .iter()
            .map(|r| r.0.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        // The text being typed, unless the list changed elsewhere meanwhile (undo, a click on
        // the canvas's edge bars).
        let mut text = match &*on_text {
            Some((t, f, typed)) if *t == index && f == id && parse_on(typed) == self.edited.on => typed.clone(),
            _ => normal,
        };
        let derived = derived_on.filter(|d| !d.is_empty());
        let hint = derived.as_ref().map_or_else(|| "N Es W2".to_owned(), |d| d.join(" "));
        let r = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .desired_width(150.0)
                    .hint_text(hint),
            )
            .labelled_by(l);
        if r.changed() {
            self.edited.on = parse_on(&text);
            self.changed("on");
            *on_text = Some((index, id.to_owned(), text));
        }
        if !r.has_focus() {
            *on_text = None;
        }
        self.ended |= r.lost_focus();
        ui.end_row();
        if let Some(derived) = derived {
            let current: Vec<&str> = self.feature.on.iter().map(|r| r.0.as_str()).collect();
            if derived != current {
                ui.label("");
                ui.horizontal(|ui| {
                    ui.weak(format!("outlines: {}", derived.join(" ")));
                    if ui.small_button("Use").clicked() {
                        self.edited.on = derived.iter().map(|s| EdgeRef(s.clone())).collect();
                    }
                });
                ui.end_row();
            }
        }
    }

    /// A city's pennants.
    pub(super) fn pennants(&mut self, ui: &mut Ui) {
        if self.edited.kind != FeatureKind::City {
            return;
        }
        help_label(ui, "Pennants", "Feature", "pennants");
        if ui
            .add(egui::DragValue::new(&mut self.edited.pennants).range(0..=9))
            .changed()
        {
            self.changed("pennants");
        }
        ui.end_row();
    }

    /// Where a road ends, and the city or monastery it runs into.
    pub(super) fn road_end(&mut self, ui: &mut Ui) {
        if self.edited.kind != FeatureKind::Road {
            return;
        }
        let l = help_label(ui, "Ends at", "Feature", "end");
        let name = |e: Option<RoadEnd>| match e {
            None => "(runs on)",
            Some(RoadEnd::Crossing) => "crossing",
            Some(RoadEnd::House) => "house",
            Some(RoadEnd::CityGate) => "city-gate",
            Some(RoadEnd::Monastery) => "monastery",
        };
        let end = &mut self.edited.end;
        egui::ComboBox::from_id_salt("end")
            .selected_text(name(*end))
            .show_ui(ui, |ui| {
                for e in [
                    None,
                    Some(RoadEnd::Crossing),
                    Some(RoadEnd::House),
                    Some(RoadEnd::CityGate),
                    Some(RoadEnd::Monastery),
                ] {
                    ui.selectable_value(end, e, name(e));
                }
            })
            .response
            .labelled_by(l);
        ui.end_row();
        let want = match self.edited.end {
            Some(RoadEnd::CityGate) => FeatureKind::City,
            Some(RoadEnd::Monastery) => FeatureKind::Monastery,
            _ => {
                self.edited.at = None;
                return;
            }
        };
        let l = help_label(ui, "Into", "Feature", "at");
        let at = &mut self.edited.at;
        egui::ComboBox::from_id_salt("at")
            .selected_text(at.clone().unwrap_or_else(|| "choose…".into()))
            .show_ui(ui, |ui| {
                for (other, f) in &self.tile.features {
                    if f.kind == want {
                        ui.selectable_value(at, Some(other.clone()), other);
                    }
                }
            })
            .response
            .labelled_by(l);
        ui.end_row();
    }

    /// The cities a field borders, with what its outlines give.
    pub(super) fn cities(&mut self, ui: &mut Ui) {
        if self.edited.kind != FeatureKind::Field {
            return;
        }
        help_label(ui, "Cities", "Feature", "cities");
        ui.vertical(|ui| {
            let cities: Vec<&String> = self
                .tile
                .features
                .iter()
                .filter(|(_, f)| f.kind == FeatureKind::City)
                .map(|(c, _)| c)
                .collect();
            if cities.is_empty() {
                ui.weak("no cities on this tile");
            }
            ui.horizontal_wrapped(|ui| {
                for city in cities {
                    let mut on = self.edited.cities.contains(city);
                    if ui.checkbox(&mut on, city.as_str()).changed() {
                        if on {
                            self.edited.cities.push(city.clone());
                        } else {
                            self.edited.cities.retain(|c| c != city);
                        }
                    }
                }
            });
            self.derived_cities(ui);
        });
        ui.end_row();
    }

    /// The cities the field's outline borders, when they are not the field's own list.
    fn derived_cities(&mut self, ui: &mut Ui) {
        let derived: BTreeMap<String, Vec<String>> = crate::derive::derive_adjacency(self.tile);
        let Some(cities) = derived.get(self.id) else { return };
        let mut mine = self.feature.cities.clone();
        mine.sort();
        if *cities == mine {
            return;
        }
        ui.horizontal(|ui| {
            let shown = if cities.is_empty() {
                "none".into()
            } else {
                cities.join(" ")
            };
            ui.weak(format!("outlines: {shown}"));
            if ui.small_button("Use").clicked() {
                self.edited.cities = cities.clone();
            }
        });
    }

    /// The marks and tokens on offer for the feature's kind, or already on it.
    pub(super) fn marks_and_tokens(&mut self, ui: &mut Ui, vocabulary: &Vocabulary) {
        let marks: Vec<_> = vocabulary.marks_for(self.edited.kind).collect();
        if !marks.is_empty() || !self.edited.marks.is_empty() {
            help_label(ui, "Marks", "Feature", "marks");
            id_list_ui(ui, "Mark", &mut self.edited.marks, &marks, false);
            ui.end_row();
        }
        let tokens: Vec<_> = vocabulary.tokens_for(self.edited.kind).collect();
        if !tokens.is_empty() || !self.edited.tokens.is_empty() {
            help_label(ui, "Tokens", "Feature", "tokens");
            id_list_ui(ui, "Token", &mut self.edited.tokens, &tokens, true);
            ui.end_row();
        }
    }

    /// Where a follower stands: two coordinates, or a button that places it on the canvas.
    pub(super) fn anchor(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let l = help_label(ui, "Anchor", "Feature", "anchor");
        ui.horizontal(|ui| match self.edited.anchor {
            Some(mut a) => {
                let coordinate = |ui: &mut Ui, v: &mut f64| {
                    ui.add(egui::DragValue::new(v).range(0.0..=1.0).speed(0.005).max_decimals(3))
                        .labelled_by(l)
                        .changed()
                };
                let mut changed = coordinate(ui, &mut a[0]);
                changed |= coordinate(ui, &mut a[1]);
                if changed {
                    self.edited.anchor = Some(geometry::round(a));
                    self.changed("anchor");
                }
                if ui.small_button("x").on_hover_text("Clear the anchor").clicked() {
                    self.edited.anchor = None;
                }
            }
            None => {
                if ui
                    .button("Place…")
                    .on_hover_text("Click on the canvas to place it (A)")
                    .clicked()
                {
                    ctx.view.tool = Tool::Anchor;
                }
            }
        });
        ui.end_row();
    }

    /// Asks for the outline removed, else the edit the fields made, if any; and ends the
    /// typing when a field lost focus.
    pub(super) fn finish(self, removed: Option<usize>, actions: &mut Actions) {
        if let Some(p) = removed {
            actions.edit(Edit::RemovePolygon {
                tile: self.index,
                feature: self.id.to_owned(),
                polygon: p,
            });
        } else if self.edited != *self.feature {
            let edit = Edit::SetFeature {
                tile: self.index,
                id: self.id.to_owned(),
                feature: Some(Box::new(self.edited)),
            };
            match self.group {
                Some(g) => actions.edit_grouped(edit, g),
                None => actions.edit(edit),
            }
        }
        if self.ended {
            actions.push(Action::EndGroup);
        }
    }
}

/// The feature's outlines with their first problem each, and the buttons that draw one or
/// delete the feature; returns the outline whose *Delete* was clicked.
pub(super) fn outlines_ui(
    ui: &mut Ui,
    ctx: &mut PanelCtx<'_>,
    index: usize,
    id: &str,
    feature: &Feature,
) -> Option<usize> {
    help_label(ui, "Outlines", "Feature", "polygons");
    let mut remove = None;
    for (p, polygon) in feature.polygons.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {} points", p + 1, polygon.len()));
            let problems = geometry::polygon_problems(polygon);
            if let Some(problem) = problems.first() {
                ui.colored_label(Color32::from_rgb(230, 90, 80), format!("! {}", problem.describe()));
            }
            if ui.small_button("Delete").on_hover_text("Delete this outline").clicked() {
                remove = Some(p);
            }
        });
    }
    if feature.polygons.is_empty() {
        ui.weak("No outline: press P and click on the canvas to draw one.");
    }
    ui.horizontal(|ui| {
        if ui.button("Draw outline").clicked() {
            ctx.view.tool = Tool::Draw;
        }
        if ui.button("Delete feature").clicked() {
            ctx.actions.edit(Edit::SetFeature {
                tile: index,
                id: id.to_owned(),
                feature: None,
            });
        }
    });
    remove
}
