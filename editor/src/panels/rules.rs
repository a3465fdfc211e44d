//! Rule sets: every switch and value with its description from the schema, the figure counts
//! of `[figures]` and the values of mechanisms of `[values]`, inherited values shown from the `extends` chain, and a comparison with
//! another rule set: a bundled one or any rule-set file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use egui::{Color32, RichText, Ui};
use serde_json::Value as Json;
use tilewright_engine::model::{RuleSet, Rules, resolve};
use tilewright_engine::validate::{read_model, read_source};
use tilewright_engine::{FileKind, Model};

use super::form;
use crate::actions::{Action, Actions, PanelCtx};
use crate::document::{Content, ContentKey, Edit};
use crate::memo::Memo;

/// The rule-set page.
#[derive(Default)]
pub struct RulesPage {
    /// The rule set as JSON, which the form edits in place, and the values it inherits from
    /// `extends`, for one state of the document.
    values: Memo<ContentKey, (Option<Json>, Option<Json>)>,
    compare: Comparison,
}

/// What differs from another rule set, when both are resolved.
type Differences = Result<Vec<(String, String, String)>, String>;

/// The rule set compared with.
#[derive(Debug, Clone, PartialEq)]
enum Other {
    /// A bundled rule set, by id.
    Bundled(String),
    /// The rule set in a file.
    File(PathBuf),
}

impl Other {
    fn label(&self) -> String {
        match self {
            Other::Bundled(id) => id.clone(),
            Other::File(path) => path
                .file_name()
                .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
        }
    }
}

/// The comparison with another rule set.
#[derive(Default)]
struct Comparison {
    /// The other rule set.
    with: Option<Other>,
    /// The differences, for one state of the document and one other rule set.
    differences: Memo<(ContentKey, Other), Differences>,
}

/// The bundled rule sets.
fn bundled<'a>() -> impl Iterator<Item = &'a RuleSet> {
    tilewright_engine::bundled::catalog().rulesets.iter().map(|r| &r.model)
}

fn resolved(set: &RuleSet) -> Result<Rules, String> {
    let mut known: Vec<&RuleSet> = vec![set];
    known.extend(bundled().filter(|b| b.id != set.id));
    resolve(&set.id, &known).map_err(|e| format!("{e:?}"))
}

fn parent_values(set: &RuleSet) -> Option<Json> {
    let parent = set.extends.as_ref()?;
    let known: Vec<&RuleSet> = bundled().collect();
    resolve(parent, &known).ok().and_then(|r| serde_json::to_value(r).ok())
}

/// What differs between `set` and the other rule set, both resolved (a file's rule set may
/// extend the bundled ones).
fn compared(set: &RuleSet, other: &Other) -> Differences {
    let mut known: Vec<&RuleSet> = bundled().collect();
    let from_file;
    let other_id = match other {
        Other::Bundled(id) => id.as_str(),
        Other::File(path) => {
            from_file = read_rule_set(path)?;
            known.retain(|b| b.id != from_file.id);
            known.push(&from_file);
            from_file.id.as_str()
        }
    };
    let mine = resolved(set)?;
    let theirs = resolve(other_id, &known).map_err(|e| format!("{e:?}"))?;
    Ok(differences(&mine, &theirs))
}

/// The rule set in the file at `path`, read as the validator reads it.
fn read_rule_set(path: &Path) -> Result<RuleSet, String> {
    let source = read_source(path).map_err(|d| d.message.clone())?;
    match read_model(&source) {
        Ok(Model::RuleSet(set)) => Ok(set),
        Ok(_) => Err(format!("{} is not a rule set", path.display())),
        Err(d) => Err(format!("{} line {}: {}", path.display(), d.line, d.message)),
    }
}

/// A value as a rule-set file writes it, without JSON's quotes around words.
fn plain(value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
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
                    out.push((format!("{section}.{key}"), plain(value), plain(&other)));
                }
            }
        }
    }
    let count = |count: Option<&u32>| count.map_or_else(|| FILES_COUNT.to_owned(), u32::to_string);
    for (section, a, b) in [
        ("figures", &mine.figures, &theirs.figures),
        ("values", &mine.values, &theirs.values),
    ] {
        let ids: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
        for id in ids {
            let (a, b) = (a.get(id), b.get(id));
            if a != b {
                out.push((format!("{section}.{id}"), count(a), count(b)));
            }
        }
    }
    out
}

/// What a figure count no rule set gives shows: the files' count plays.
const FILES_COUNT: &str = "as the files";

/// A table of numbers by id that a rule set may replace: figure counts (`[figures]`) or the
/// values of mechanisms (`[values]`).
struct Overrides {
    /// The table's key in the rule set.
    section: &'static str,
    /// What one number is, for the buttons' hover texts.
    noun: &'static str,
    /// Ids listed even when no rule set gives them (every value a mechanism reads).
    known: Vec<&'static str>,
    /// Whether ids not listed may be added by hand (figure ids are the files').
    free_ids: bool,
    /// The largest number offered.
    max: u64,
}

impl Overrides {
    fn figures() -> Overrides {
        Overrides {
            section: "figures",
            noun: "count",
            known: Vec::new(),
            free_ids: true,
            max: 1_000_000,
        }
    }

    fn values() -> Overrides {
        Overrides {
            section: "values",
            noun: "value",
            known: tilewright_engine::model::value_keys().map(|v| v.key).collect(),
            free_ids: false,
            max: u64::from(tilewright_engine::validate::MAX_POINTS),
        }
    }
}

/// The rows of a table of [`Overrides`]: (id, the rule set's own number, the number it
/// inherits), for every id either gives or `known` lists, by id.
fn override_rows(own: &Json, inherited: Option<&Json>, known: &[&str]) -> Vec<(String, Option<u64>, Option<u64>)> {
    let own = own.as_object();
    let inherited = inherited.and_then(Json::as_object);
    let ids: BTreeSet<&str> = own
        .iter()
        .flat_map(|m| m.keys())
        .chain(inherited.iter().flat_map(|m| m.keys()))
        .map(String::as_str)
        .chain(known.iter().copied())
        .collect();
    ids.into_iter()
        .map(|id| {
            let count = |m: Option<&serde_json::Map<String, Json>>| m.and_then(|m| m.get(id)).and_then(Json::as_u64);
            (id.to_owned(), count(own), count(inherited))
        })
        .collect()
}

/// The default a bundled tile set or expansion declares for value `key`, to start an override
/// from.
fn bundled_default(key: &str) -> Option<u64> {
    tilewright_engine::bundled::catalog()
        .declaring()
        .find_map(|file| file.model.declarations().values.get(key))
        .map(|&v| u64::from(v))
}

/// Draws a table of [`Overrides`]: a row per id, its own number editable, an inherited one
/// shown as inherited, one neither gives as the files'; returns whether `value` (the rule set
/// as JSON) changed.
fn overrides_ui(ui: &mut Ui, value: &mut Json, parent: Option<&Json>, table: &Overrides) -> bool {
    let root = FileKind::RuleSet.schema();
    let section = table.section;
    let help = form::description(root, &root["properties"][section]);
    let mut changed = false;
    ui.heading(section).on_hover_text(help);
    ui.add(egui::Label::new(RichText::new(help.replace('\n', " ")).small().weak()).wrap());
    if !value[section].is_object() {
        value[section] = Json::Object(Default::default());
    }
    let rows = override_rows(&value[section], parent.map(|p| &p[section]), &table.known);
    let Some(numbers) = value[section].as_object_mut() else {
        return false;
    };
    egui::Grid::new(("rules-overrides", section))
        .num_columns(2)
        .striped(true)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for (id, own, inherited) in rows {
                let label = ui.label(RichText::new(&id).monospace()).id;
                ui.horizontal(|ui| match own {
                    Some(mut n) => {
                        let r = ui
                            .add(egui::DragValue::new(&mut n).range(0..=table.max))
                            .labelled_by(label);
                        if r.changed() {
                            numbers.insert(id.clone(), Json::from(n));
                            changed = true;
                        }
                        let (text, hover) = match inherited {
                            Some(_) => ("Inherit", format!("Inherit the {} instead", table.noun)),
                            None => ("Remove", format!("Leave the {} to the files", table.noun)),
                        };
                        if ui.small_button(text).on_hover_text(hover).clicked() {
                            numbers.remove(&id);
                            changed = true;
                        }
                    }
                    None => {
                        ui.weak(match inherited {
                            Some(n) => format!("{n} (inherited)"),
                            None => FILES_COUNT.to_owned(),
                        });
                        if ui.small_button("Override").clicked() {
                            let start = inherited.or_else(|| bundled_default(&id)).unwrap_or_default();
                            numbers.insert(id.clone(), Json::from(start));
                            changed = true;
                        }
                    }
                });
                ui.end_row();
            }
        });
    if !table.free_ids {
        return changed;
    }
    let new_id = ui.make_persistent_id(("rules-overrides#new", section));
    let mut new: String = ui.data_mut(|d| d.get_temp(new_id)).unwrap_or_default();
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut new)
                .hint_text("figure id")
                .desired_width(120.0),
        );
        let id = new.trim().to_owned();
        let valid = !id.is_empty() && !numbers.contains_key(&id);
        if ui.add_enabled(valid, egui::Button::new("+ Add count")).clicked() {
            numbers.insert(id, Json::from(1));
            new.clear();
            changed = true;
        }
    });
    ui.data_mut(|d| d.insert_temp(new_id, new));
    changed
}

impl RulesPage {
    /// Draws the page for the document's rule set.
    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        let Content::RuleSet(set) = ctx.doc.content() else {
            return;
        };
        if let Some(new) = self.form(ui, set, ctx.doc.content_key(), ctx.actions) {
            ctx.actions
                .edit_grouped(Edit::Replace(Box::new(Content::RuleSet(new))), "rules-form");
        }
    }

    /// The form; returns the edited rule set when something changed.
    fn form(&mut self, ui: &mut Ui, set: &RuleSet, key: ContentKey, actions: &mut Actions) -> Option<RuleSet> {
        let root = FileKind::RuleSet.schema();
        let (value, parent) = self
            .values
            .get(key, || (serde_json::to_value(set).ok(), parent_values(set)));
        let value = value.as_mut()?;
        let mut changed = false;
        let compare = &mut self.compare;
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
                                        let inherited = parent.as_ref().map(|p| plain(&p[section][key]));
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
            ui.add_space(10.0);
            for table in [Overrides::figures(), Overrides::values()] {
                if overrides_ui(ui, value, parent.as_ref(), &table) {
                    changed = true;
                }
                ui.add_space(10.0);
            }
            ui.add_space(12.0);
            compare.ui(ui, set, key, actions);
        });
        if !changed {
            return None;
        }
        // The edited value goes to the document; the next frame reads the form afresh.
        let (value, _) = self.values.take()?;
        serde_json::from_value(value?).ok()
    }
}

impl RulesPage {
    /// Compares the rule set with the one in the file at `path`.
    pub fn compare_with_file(&mut self, path: &Path) {
        self.compare.with = Some(Other::File(path.to_owned()));
    }
}

impl Comparison {
    fn ui(&mut self, ui: &mut Ui, set: &RuleSet, key: ContentKey, actions: &mut Actions) {
        ui.heading("Compare");
        let others: Vec<&RuleSet> = bundled().filter(|b| b.id != set.id).collect();
        if self.with.is_none() {
            self.with = set
                .extends
                .clone()
                .or_else(|| others.first().map(|o| o.id.clone()))
                .map(Other::Bundled);
        }
        ui.horizontal(|ui| {
            ui.label("with");
            egui::ComboBox::from_id_salt("compare")
                .selected_text(self.with.as_ref().map(Other::label).unwrap_or_default())
                .show_ui(ui, |ui| {
                    for other in &others {
                        ui.selectable_value(&mut self.with, Some(Other::Bundled(other.id.clone())), &other.name);
                    }
                    if let Some(Other::File(path)) = self.with.clone() {
                        let label = path.display().to_string();
                        ui.selectable_value(&mut self.with, Some(Other::File(path)), label);
                    }
                    if ui.selectable_label(false, "Rule-set file…").clicked() {
                        actions.push(Action::CompareRulesWithFile);
                    }
                });
        });
        let Some(other) = &self.with else { return };
        let other_id = other.label();
        let differences = self.differences.get((key, other.clone()), || compared(set, other));
        match differences {
            Ok(diff) => {
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
                        ui.strong(&other_id);
                        ui.end_row();
                        for (key, a, b) in diff.iter() {
                            ui.monospace(key.as_str());
                            ui.colored_label(Color32::from_rgb(120, 190, 255), a.as_str());
                            ui.colored_label(Color32::from_rgb(255, 180, 120), b.as_str());
                            ui.end_row();
                        }
                    });
            }
            Err(e) => {
                ui.colored_label(Color32::from_rgb(230, 90, 80), format!("cannot resolve: {e}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_rule_set_file_compares() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("house.toml");
        let text = "#:schema ../schemas/ruleset.schema.json\nid = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n[switches]\nwagon-move = \"connected\"\n";
        std::fs::write(&path, text).unwrap();
        let new = bundled().find(|s| s.id == "new-edition").unwrap();
        let diff = compared(new, &Other::File(path.clone())).unwrap();
        assert_eq!(diff.len(), 1, "{diff:?}");
        assert_eq!(diff[0].0, "switches.wagon-move");
        std::fs::write(&path, "not toml").unwrap();
        assert!(compared(new, &Other::File(path)).is_err());
    }

    #[test]
    fn the_editions_differ_where_the_files_say() {
        let known: Vec<&RuleSet> = bundled().collect();
        let first = resolve("first-edition", &known).unwrap();
        let new = resolve("new-edition", &known).unwrap();
        let keys: Vec<String> = differences(&first, &new).into_iter().map(|d| d.0).collect();
        assert_eq!(keys, ["switches.abbey-endgame", "switches.wagon-move"]);
        let values: Vec<String> = differences(&first, &new).into_iter().map(|d| d.2).collect();
        assert!(values.iter().all(|v| !v.contains('"')), "{values:?}");
    }

    #[test]
    fn figure_counts_show_inherited_and_compare() {
        let rows = override_rows(
            &serde_json::json!({"follower": 6, "wagon": 0}),
            Some(&serde_json::json!({"follower": 8, "abbot": 1})),
            &[],
        );
        assert_eq!(
            rows,
            [
                ("abbot".to_owned(), None, Some(1)),
                ("follower".to_owned(), Some(6), Some(8)),
                ("wagon".to_owned(), Some(0), None),
            ]
        );
        assert!(override_rows(&Json::Null, None, &[]).is_empty());

        // A file's counts, inherited through `extends`, differ from the bundled rule set's.
        let dir = tempfile::tempdir().unwrap();
        let parent = dir.path().join("house.toml");
        let text = "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n[figures]\nfollower = 5\nwagon = 0\n";
        std::fs::write(&parent, text).unwrap();
        let house = read_rule_set(&parent).unwrap();
        let child: RuleSet =
            toml::from_str("id = \"child\"\nname = \"Child\"\nextends = \"house\"\n[figures]\nwagon = 2\n").unwrap();
        let known: Vec<&RuleSet> = bundled().chain([&house, &child]).collect();
        let child = resolve("child", &known).unwrap();
        let new = resolve("new-edition", &known).unwrap();
        assert_eq!(
            differences(&child, &new),
            [
                ("figures.follower".to_owned(), "5".to_owned(), FILES_COUNT.to_owned()),
                ("figures.wagon".to_owned(), "2".to_owned(), FILES_COUNT.to_owned()),
            ]
        );
        let new_edition = bundled().find(|s| s.id == "new-edition").unwrap();
        let diff = compared(new_edition, &Other::File(parent)).unwrap();
        let keys: Vec<&str> = diff.iter().map(|d| d.0.as_str()).collect();
        assert_eq!(keys, ["figures.follower", "figures.wagon"]);
    }

    #[test]
    fn values_of_mechanisms_are_listed_and_compare() {
        // Every value a mechanism reads has a row, replaced or not.
        let table = Overrides::values();
        let rows = override_rows(&serde_json::json!({"vineyard": 1}), None, &table.known);
        assert!(rows.contains(&("vineyard".to_owned(), Some(1), None)), "{rows:?}");
        assert!(
            rows.contains(&("barn-final-per-city".to_owned(), None, None)),
            "{rows:?}"
        );
        assert_eq!(bundled_default("barn-final-per-city"), Some(4));
        let child: RuleSet =
            toml::from_str("id = \"child\"\nname = \"Child\"\nextends = \"new-edition\"\n[values]\nvineyard = 1\n")
                .unwrap();
        let known: Vec<&RuleSet> = bundled().chain([&child]).collect();
        let (child, new) = (
            resolve("child", &known).unwrap(),
            resolve("new-edition", &known).unwrap(),
        );
        assert_eq!(
            differences(&child, &new),
            [("values.vineyard".to_owned(), "1".to_owned(), FILES_COUNT.to_owned())]
        );
    }
}
