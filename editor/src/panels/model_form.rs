//! A form generated from the schema over a whole file: a tile set's set-level values (name,
//! editions, figures, bags, mechanisms; its tiles have their own page), or an expansion file.
//! Each figure and bag is drawn beside its form ([`figure_art`]).

use egui::Ui;
use serde_json::Value as Json;
use tilewright_engine::FileKind;

use super::form;
use crate::actions::{Action, PanelCtx};
use crate::document::{Content, ContentKey, Edit};
use crate::memo::Memo;
use crate::{field_order, figure_art};

/// The form page.
#[derive(Default)]
pub struct ModelForm {
    /// The model as JSON, which the form edits in place, for one state of the document.
    value: Memo<ContentKey, Json>,
}

impl ModelForm {
    /// Draws the form for the document's tile set or expansion.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let doc = ctx.doc;
        let (kind, skip): (_, &[&str]) = match doc.content() {
            Content::TileSet(_) => (FileKind::TileSet, &["tiles"]),
            Content::Expansion(_) => (FileKind::Expansion, &[]),
            _ => return,
        };
        let value = self.value.get(doc.content_key(), || {
            match doc.content() {
                Content::TileSet(set) => serde_json::to_value(set),
                Content::Expansion(expansion) => serde_json::to_value(expansion),
                _ => Ok(Json::Null),
            }
            .unwrap_or_default()
        });
        if !form_over(ui, kind, value, skip) {
            return;
        }
        // The edited value goes to the document; the next frame reads the form afresh from
        // it, whether or not the edit applies.
        let Some(value) = self.value.take() else { return };
        let read = match kind {
            FileKind::TileSet => serde_json::from_value(value).map(Content::TileSet),
            _ => serde_json::from_value(value).map(Content::Expansion),
        };
        match read {
            Ok(new) => ctx.actions.edit(Edit::Replace(Box::new(new))),
            Err(e) => ctx.actions.push(Action::Message(format!("not applied: {e}"))),
        }
    }
}

/// A form over the whole model of `kind` except `skip` keys, from the schema; returns whether
/// `value` changed.
fn form_over(ui: &mut Ui, kind: FileKind, value: &mut Json, skip: &[&str]) -> bool {
    let root = kind.schema();
    let mut changed = false;
    let Some(props) = root["properties"].as_object() else {
        return false;
    };
    let mut keys: Vec<&String> = props.keys().filter(|k| !skip.contains(&k.as_str())).collect();
    field_order::sort(&mut keys, field_order::top_level(kind));
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        for key in keys {
            let prop = &props[key];
            ui.add_space(6.0);
            ui.heading(key).on_hover_text(form::description(root, prop));
            ui.weak(form::description(root, prop).replace('\n', " "));
            if !value.is_object() {
                *value = Json::Object(Default::default());
            }
            let mut v = value.get(key).cloned().unwrap_or_else(|| form::default_for(root, prop));
            let path = format!("model/{key}");
            let aside: Option<form::Aside<'_>> = match key.as_str() {
                "figures" => Some(&|ui, _, figure| {
                    figure_art::figure(ui, figure);
                }),
                "bags" => Some(&|ui, _, bag| {
                    figure_art::bag(ui, bag);
                }),
                _ => None,
            };
            let edited = match aside {
                Some(aside) => form::edit_map_beside(ui, root, prop, &mut v, &path, Some(aside)),
                None => form::edit(ui, root, prop, &mut v, &path),
            };
            if edited {
                value[key] = v;
                changed = true;
            }
        }
    });
    changed
}
