//! Rule sets: every switch and value with its description from the schema, inherited values
//! shown from the `extends` chain, and a comparison with another rule set.

use egui::{Color32, RichText, Ui};
use serde_json::Value as Json;
use tilewright_engine::FileKind;
use tilewright_engine::model::{RuleSet, Rules};
use tilewright_engine::validate::resolve_rules;

use super::{PanelCtx, form};
use crate::document::{Content, Edit};

/// The rule-set page.
#[derive(Default)]
pub struct RulesPage {
    compare_with: Option<String>,
}

fn resolved(set: &RuleSet) -> Result<Rules, String> {
    let bundled = tilewright_engine::bundled::rulesets();
    let mut known: Vec<&RuleSet> = vec![set];
    known.extend(bundled.iter().filter(|b| b.id != set.id));
    resolve_rules(&set.id, &known).map_err(|e| format!("{e:?}"))
}

fn parent_values(set: &RuleSet) -> Option<Json> {
    let parent = set.extends.as_ref()?;
    let bundled = tilewright_engine::bundled::rulesets();
    let known: Vec<&RuleSet> = bundled.iter().collect();
    resolve_rules(parent, &known)
        .ok()
        .and_then(|r| serde_json::to_value(r).ok())
}

/// Values of two resolved rule sets that differ: (key, mine, theirs).
pub fn differences(mine: &Rules, theirs: &Rules) -> Vec<(String, String, String)> {
    let (a, b) = (
        serde_json::to_value(mine).unwrap_or_default(),
        serde_json::to_value(theirs).unwrap_or_default(),
    );
    let mut out = Vec::new();
    for section in ["scoring", "switches"] {
        if let (Some(x), Some(y)) = (a[section].as_object(), b[section].as_object()) {
            for (key, value) in x {
                let other = y.get(key).cloned().unwrap_or(Json::Null);
                if *value != other {
                    out.push((format!("{section}.{key}"), value.to_string(), other.to_string()));
                }
            }
        }
    }
    out
}

impl RulesPage {
    /// Draws the page for the document's rule set.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Content::RuleSet(set) = ctx.doc.content() else {
            return;
        };
        if let Some(new) = self.form(ui, set) {
            ctx.actions
                .edit_grouped(Edit::Replace(Box::new(Content::RuleSet(new))), "rules-form");
        }
    }

    /// The form; returns the edited rule set when something changed.
    fn form(&mut self, ui: &mut Ui, set: &RuleSet) -> Option<RuleSet> {
        let root = FileKind::RuleSet.schema();
        let mut value = serde_json::to_value(set).ok()?;
        let mut changed = false;
        let parent = parent_values(set);
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.heading(&set.name);
            ui.weak("Every value of a rule set; a value left out is taken from the rule set it extends.");
            ui.add_space(6.0);
            egui::Grid::new("rules-head")
                .num_columns(2)
                .spacing([12.0, 6.0])
                .show(ui, |ui| {
                    for key in ["id", "name", "description", "extends"] {
                        let prop = &root["properties"][key];
                        ui.label(key).on_hover_text(form::description(root, prop));
                        let mut v = value.get(key).cloned().unwrap_or(Json::String(String::new()));
                        if form::edit(ui, root, prop, &mut v, &format!("rules/{key}")) {
                            if v.as_str() == Some("") && key != "id" && key != "name" {
                                value.as_object_mut().map(|m| m.remove(key));
                            } else {
                                value[key] = v;
                            }
                            changed = true;
                        }
                        ui.end_row();
                    }
                });
            for section in ["scoring", "switches"] {
                ui.add_space(10.0);
                let def = if section == "scoring" {
                    "ScoringValues"
                } else {
                    "SwitchValues"
                };
                ui.heading(section);
                let schema = &root["$defs"][def];
                let Some(props) = schema["properties"].as_object() else {
                    continue;
                };
                egui::Grid::new(section)
                    .num_columns(3)
                    .striped(true)
                    .spacing([12.0, 6.0])
                    .show(ui, |ui| {
                        for (key, prop) in props {
                            let help = form::description(root, prop);
                            ui.label(RichText::new(key).monospace()).on_hover_text(help);
                            let own = value[section].get(key).cloned();
                            match own {
                                Some(mut v) => {
                                    ui.horizontal(|ui| {
                                        if form::edit(ui, root, prop, &mut v, &format!("rules/{section}/{key}")) {
                                            value[section][key] = v;
                                            changed = true;
                                        }
                                        if parent.is_some()
                                            && ui
                                                .small_button("Inherit")
                                                .on_hover_text("Inherit the value instead")
                                                .clicked()
                                        {
                                            value[section].as_object_mut().map(|m| m.remove(key));
                                            changed = true;
                                        }
                                    });
                                }
                                None => {
                                    ui.horizontal(|ui| {
                                        let inherited = parent.as_ref().map(|p| p[section][key].to_string());
                                        ui.weak(match &inherited {
                                            Some(v) => format!("{v} (inherited)"),
                                            None => "not set".into(),
                                        });
                                        if ui.small_button("Override").clicked() {
                                            let start = parent
                                                .as_ref()
                                                .map(|p| p[section][key].clone())
                                                .filter(|v| !v.is_null())
                                                .unwrap_or_else(|| form::default_for(root, prop));
                                            if !value[section].is_object() {
                                                value[section] = Json::Object(Default::default());
                                            }
                                            value[section][key] = start;
                                            changed = true;
                                        }
                                    });
                                }
                            }
                            ui.add(egui::Label::new(RichText::new(help.replace('\n', " ")).small().weak()).wrap());
                            ui.end_row();
                        }
                    });
            }
            ui.add_space(12.0);
            self.compare_ui(ui, set);
        });
        if !changed {
            return None;
        }
        serde_json::from_value(value).ok()
    }

    fn compare_ui(&mut self, ui: &mut Ui, set: &RuleSet) {
        ui.heading("Compare");
        let bundled = tilewright_engine::bundled::rulesets();
        let others: Vec<&RuleSet> = bundled.iter().filter(|b| b.id != set.id).collect();
        if self.compare_with.is_none() {
            self.compare_with = set.extends.clone().or_else(|| others.first().map(|o| o.id.clone()));
        }
        ui.horizontal(|ui| {
            ui.label("with");
            egui::ComboBox::from_id_salt("compare")
                .selected_text(self.compare_with.clone().unwrap_or_default())
                .show_ui(ui, |ui| {
                    for other in &others {
                        ui.selectable_value(&mut self.compare_with, Some(other.id.clone()), &other.name);
                    }
                });
        });
        let Some(other_id) = &self.compare_with else { return };
        let known: Vec<&RuleSet> = bundled.iter().collect();
        match (
            resolved(set),
            resolve_rules(other_id, &known).map_err(|e| format!("{e:?}")),
        ) {
            (Ok(mine), Ok(theirs)) => {
                let diff = differences(&mine, &theirs);
                if diff.is_empty() {
                    ui.label("The two rule sets play the same.");
                }
                egui::Grid::new("diff")
                    .num_columns(3)
                    .striped(true)
                    .spacing([16.0, 4.0])
                    .show(ui, |ui| {
                        ui.strong("value");
                        ui.strong(&set.id);
                        ui.strong(other_id);
                        ui.end_row();
                        for (key, a, b) in diff {
                            ui.monospace(key);
                            ui.colored_label(Color32::from_rgb(120, 190, 255), a);
                            ui.colored_label(Color32::from_rgb(255, 180, 120), b);
                            ui.end_row();
                        }
                    });
            }
            (Err(e), _) | (_, Err(e)) => {
                ui.colored_label(Color32::from_rgb(230, 90, 80), format!("cannot resolve: {e}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editions_differ_where_the_files_say() {
        let sets = tilewright_engine::bundled::rulesets();
        let known: Vec<&RuleSet> = sets.iter().collect();
        let first = resolve_rules("first-edition", &known).unwrap();
        let new = resolve_rules("new-edition", &known).unwrap();
        let keys: Vec<String> = differences(&first, &new).into_iter().map(|d| d.0).collect();
        assert_eq!(keys, ["switches.abbey-endgame", "switches.wagon-move"]);
    }
}
