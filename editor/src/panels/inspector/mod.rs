//! The inspector: the selected tile's properties and its features, with help text from the
//! schema on every label.

use std::rc::Rc;

use egui::{Color32, RichText, Ui};
use tilewright_engine::FileKind;
use tilewright_engine::edge::{Layout, SegmentKind, SegmentRef, Side};
use tilewright_engine::model::{EdgeRef, Feature, FeatureKind, Tile, TileSet};

use super::schema_help;
use crate::actions::PanelCtx;
use crate::commands::Command;
use crate::derive::{Derivation, derive_edges, snap_to_standard, standard_layout, unusual_layouts};
use crate::document::{ContentKey, Edit};
use crate::memo::Memo;
use crate::theme::kind_colour;
use crate::vocabulary::{self, DeclaredBy, Vocabulary};
use feature_fields::{FeatureFields, outlines_ui};
use tile_fields::TileFields;

mod feature_fields;
mod tile_fields;

const KINDS: [FeatureKind; 5] = [
    FeatureKind::City,
    FeatureKind::Road,
    FeatureKind::Field,
    FeatureKind::Monastery,
    FeatureKind::Garden,
];

/// What the deal-group choice shows for a tile in no group.
const ORDINARY_PILE: &str = "(ordinary pile)";

/// The edge layouts offered as presets: the plain words, a city split in half, and the edge
/// kinds `set` declares (a declared kind's word reads like `road`).
fn edge_presets(set: &TileSet) -> impl Iterator<Item = String> {
    let split = Layout::custom(SegmentKind::City, [(50, SegmentKind::City)]).ok();
    SegmentKind::ALL
        .map(Layout::word)
        .into_iter()
        .chain(split)
        .map(|layout| layout.to_string())
        .chain(set.edge_kinds.keys().cloned())
}

/// The buttons that derive the tile's edges, `on` lists, adjacency or outlines.
fn derive_buttons(ui: &mut Ui, ctx: &mut PanelCtx<'_>, index: usize, tile: &Tile) {
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let has_outlines = tile.features.values().any(|f| !f.polygons.is_empty());
        if ui
            .add_enabled(has_outlines, egui::Button::new("Derive edges"))
            .on_hover_text("Set the edges and each feature's `on` list from where the outlines meet the border")
            .clicked()
        {
            ctx.actions.command(Command::DeriveEdges);
        }
        ui.weak(format!("corners ±{}%", crate::derive::outlines::CORNER_SLACK))
            .on_hover_text(format!(
                "A wall or road meeting a side within {}% of a corner counts as meeting the corner; \
                 contacts within {}% of 40, 50 or 60 snap there",
                crate::derive::outlines::CORNER_SLACK,
                crate::derive::outlines::POSITION_SNAP
            ));
        // Deriving again on the snapped edges waits for the click: a frame only asks
        // whether there is an edge to snap.
        let unusual = tile.edges.iter().any(|e| standard_layout(&e.0).is_some());
        if ui
            .add_enabled(unusual, egui::Button::new("Snap to standard"))
            .on_hover_text("Move the boundaries of each edge no bundled tile uses to the nearest layout one does")
            .clicked()
        {
            ctx.actions.edit(Edit::ReplaceTile {
                index,
                tile: Box::new(snap_to_standard(tile)),
            });
        }
        if ui
            .add_enabled(has_outlines, egui::Button::new("Derive adjacency"))
            .on_hover_text("Set each field's `cities` from the city outlines it shares a border with")
            .clicked()
        {
            ctx.actions.command(Command::DeriveAdjacency);
        }
        if ui
            .button("Outline from schematic")
            .on_hover_text("Give cities, roads, monasteries and gardens without outlines the schematic's shapes")
            .clicked()
        {
            ctx.actions.command(Command::GenerateOutlines);
        }
    });
}

/// A label with the schema's help as tooltip; its id names the widget next to it.
fn help_label(ui: &mut Ui, text: &str, def: &str, field: &str) -> egui::Id {
    let help = schema_help(FileKind::TileSet, def, field);
    let r = ui.label(text);
    let id = r.id;
    if !help.is_empty() {
        r.on_hover_text(help);
    }
    id
}

/// An `on` list as typed: segment references between spaces or commas.
fn parse_on(text: &str) -> Vec<EdgeRef> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| EdgeRef(s.to_owned()))
        .collect()
}

/// The inspector panel.
#[derive(Default)]
pub struct Inspector {
    rename: Option<(usize, String, String)>,
    /// The `on` list as the user is typing it (tile, feature, text): kept while the field has
    /// focus, so a separator just typed stays; written out normalised once focus leaves.
    on_text: Option<(usize, String, String)>,
    /// What *Derive edges* would make of the selected tile, made again after every edit so the
    /// hints follow the outlines as they are drawn.
    derivation: Memo<(ContentKey, usize), Rc<Derivation>>,
    /// The marks and tokens on offer, for one state of the document.
    vocabulary: Memo<ContentKey, Rc<Vocabulary>>,
}

impl Inspector {
    /// Draws the inspector for the selected tile.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Some(set) = ctx.tileset() else { return };
        let Some((index, tile)) = ctx.view.selected_tile(set) else {
            ui.weak("Select a tile.");
            return;
        };
        let (_, image_problem) = ctx.texture(tile, false);
        let derivation = Rc::clone(
            self.derivation
                .get((ctx.doc.content_key(), index), || Rc::new(derive_edges(tile))),
        );
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            egui::CollapsingHeader::new(RichText::new(format!("Tile {}", tile.id)).strong())
                .default_open(true)
                .show(ui, |ui| {
                    self.tile_ui(ui, ctx, set, index, image_problem.as_deref());
                    derivation_ui(ui, tile, &derivation);
                });
            ui.add_space(6.0);
            egui::CollapsingHeader::new(RichText::new("Features").strong())
                .default_open(true)
                .show(ui, |ui| self.features_ui(ui, ctx, (index, tile), &derivation));
        });
    }

    /// The tile's own properties, and the derivations from its outlines.
    fn tile_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &mut PanelCtx<'_>,
        set: &TileSet,
        index: usize,
        image_problem: Option<&str>,
    ) {
        let tile = &set.tiles[index];
        let mut fields = TileFields::new(set, index);
        egui::Grid::new("tile-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| fields.ui(ui, ctx));
        if let Some(problem) = image_problem {
            ui.colored_label(Color32::from_rgb(230, 90, 80), format!("! {problem}"));
        }
        fields.finish(ctx.actions);
        derive_buttons(ui, ctx, index, tile);
    }

    /// The tile's features, and the form of the selected one.
    fn features_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &mut PanelCtx<'_>,
        (index, tile): (usize, &Tile),
        derivation: &Derivation,
    ) {
        for (id, feature) in &tile.features {
            let selected = ctx.view.selection.feature.as_deref() == Some(id.as_str());
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, kind_colour(feature.kind));
                let mut text = format!("{id}  ·  {}", feature.kind.as_str());
                if !feature.on.is_empty() {
                    let on: Vec<&str> = feature.on.iter().map(|r| r.0.as_str()).collect();
                    text.push_str(&format!("  ·  {}", on.join(" ")));
                }
                // What the feature carries, so marks and tokens show without selecting it.
                for carried in [&feature.marks, &feature.tokens] {
                    if !carried.is_empty() {
                        text.push_str(&format!("  ·  {}", carried.join(" ")));
                    }
                }
                if ui.selectable_label(selected, text).clicked() {
                    ctx.view.selection.feature = Some(id.clone());
                    ctx.view.selection.vertex = None;
                }
            });
        }
        ui.horizontal(|ui| {
            ui.menu_button("+ Add feature", |ui| {
                for kind in KINDS {
                    if ui.button(kind.as_str()).clicked() {
                        ctx.actions.command(Command::AddFeature(kind));
                        ui.close();
                    }
                }
            });
        });
        let Some(id) = ctx.view.selection.feature.clone() else {
            return;
        };
        let Some(feature) = tile.features.get(&id) else { return };
        ui.separator();
        // Only an outline suggests an `on` list: a field without one gets its list from the
        // cut, which the derivation applies but is no suggestion of the feature's own.
        let derived_on = derivation
            .tile
            .features
            .get(&id)
            .filter(|_| !feature.polygons.is_empty())
            .map(|f| f.on.iter().map(|r| r.0.clone()).collect());
        self.feature_ui(ui, ctx, (index, tile), &id, feature, derived_on);
    }

    /// The form of feature `id` of the tile, with its outlines.
    fn feature_ui(
        &mut self,
        ui: &mut Ui,
        ctx: &mut PanelCtx<'_>,
        (index, tile): (usize, &Tile),
        id: &str,
        feature: &Feature,
        derived_on: Option<Vec<String>>,
    ) {
        let Some(set) = ctx.tileset() else { return };
        let vocabulary = Rc::clone(
            self.vocabulary
                .get(ctx.doc.content_key(), || Rc::new(Vocabulary::for_set(set))),
        );
        let mut fields = FeatureFields::new((index, tile), id, feature);
        egui::Grid::new("feature-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                fields.id(ui, ctx, &mut self.rename);
                fields.kind(ui);
                fields.on(ui, &mut self.on_text, derived_on);
                fields.pennants(ui);
                fields.road_end(ui);
                fields.cities(ui);
                fields.marks_and_tokens(ui, &vocabulary);
                fields.anchor(ui, ctx);
            });
        ui.add_space(4.0);
        let removed = outlines_ui(ui, ctx, index, id, feature);
        fields.finish(removed, ctx.actions);
    }
}

/// A feature's list of declared ids (`marks`, `tokens`): a chip per id, each with its badge
/// colour, that removes it when clicked, and a menu (`+ {noun}`) adding one of `offered`, each
/// beside the file that declares it; an id already listed is offered again only when the list
/// may `repeat` it.
fn id_list_ui(ui: &mut Ui, noun: &str, list: &mut Vec<String>, offered: &[(&str, &DeclaredBy)], repeat: bool) {
    ui.horizontal_wrapped(|ui| {
        let mut remove = None;
        for (i, id) in list.iter().enumerate() {
            let chip = egui::Button::new(RichText::new(format!("{id} x")).color(Color32::WHITE))
                .fill(vocabulary::colour(id))
                .small();
            if ui
                .add(chip)
                .on_hover_text(format!("Remove this {}", noun.to_lowercase()))
                .clicked()
            {
                remove = Some(i);
            }
        }
        if let Some(i) = remove {
            list.remove(i);
        }
        let addable: Vec<(&str, &DeclaredBy)> = offered
            .iter()
            .copied()
            .filter(|(id, _)| repeat || !list.iter().any(|l| l == id))
            .collect();
        if addable.is_empty() {
            return;
        }
        ui.menu_button(format!("+ {noun}"), |ui| {
            egui::Grid::new("offers").show(ui, |ui| {
                for (id, from) in addable {
                    if ui.button(id).on_hover_text(from.explain()).clicked() {
                        list.push(id.to_owned());
                        ui.close();
                    }
                    ui.weak(from.short()).on_hover_text(from.explain());
                    ui.end_row();
                }
            });
        });
    });
}

/// What *Derive edges* would change: the edges the outlines suggest where they differ from what
/// is written; and written layouts that no bundled tile uses.
fn derivation_ui(ui: &mut Ui, tile: &Tile, derivation: &Derivation) {
    if !tile
        .features
        .values()
        .any(|f| !f.polygons.is_empty() && f.kind != FeatureKind::Field)
    {
        return;
    }
    let after = derivation.after();
    let differs: Vec<String> = (0..4)
        .filter(|&k| after[k] != tile.edges[k].0)
        .map(|k| format!("{}: `{}`", SegmentRef::Side(Side::from_index(k)), after[k]))
        .collect();
    if !differs.is_empty() {
        ui.colored_label(
            Color32::from_rgb(220, 170, 60),
            format!("Outlines suggest {}", differs.join(", ")),
        );
    }
    // The edges as written: the warning goes once they are fixed, by hand or by a snap.
    for warning in unusual_layouts(&tile.edges.clone().map(|e| e.0)) {
        ui.colored_label(Color32::from_rgb(230, 120, 70), format!("! {warning}"))
            .on_hover_text(
                "Check where the outlines meet the border: tile art usually meets it at a corner, or at 40, 50 or 60",
            );
    }
}
