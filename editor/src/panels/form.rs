//! Forms generated from a JSON Schema: every field, choice and help text comes from the schema,
//! so new model fields appear without editor changes. Used for set-level values (figures, token
//! bags, mechanisms), expansions and rule sets.

use egui::{RichText, Ui};
use serde_json::{Map, Value as Json};

use crate::field_order;

/// Follows `$ref`s within `root`.
pub fn resolve<'a>(root: &'a Json, schema: &'a Json) -> &'a Json {
    let mut current = schema;
    for _ in 0..16 {
        match current.get("$ref").and_then(Json::as_str) {
            Some(r) => {
                let name = r.trim_start_matches("#/$defs/");
                match root["$defs"].get(name) {
                    Some(next) => current = next,
                    None => break,
                }
            }
            None => break,
        }
    }
    current
}

/// The description of a schema (the outer one wins over the referenced definition's).
pub fn description<'a>(root: &'a Json, schema: &'a Json) -> &'a str {
    schema
        .get("description")
        .and_then(Json::as_str)
        .or_else(|| resolve(root, schema).get("description").and_then(Json::as_str))
        .unwrap_or("")
}

/// The choices of an enumeration schema: (value, description).
pub fn choices<'a>(root: &'a Json, schema: &'a Json) -> Option<Vec<(&'a str, &'a str)>> {
    let schema = resolve(root, schema);
    if let Some(variants) = schema.get("oneOf").and_then(Json::as_array) {
        let mut out = Vec::new();
        for v in variants {
            let value = v.get("const").and_then(Json::as_str)?;
            out.push((value, v.get("description").and_then(Json::as_str).unwrap_or("")));
        }
        return Some(out);
    }
    if let Some(values) = schema.get("enum").and_then(Json::as_array) {
        return Some(values.iter().filter_map(Json::as_str).map(|v| (v, "")).collect());
    }
    // One word alone (a word beside a table in a `oneOf`).
    if let Some(value) = schema.get("const").and_then(Json::as_str) {
        return Some(vec![(
            value,
            schema.get("description").and_then(Json::as_str).unwrap_or(""),
        )]);
    }
    None
}

/// The alternatives of a schema that is one of several kinds of value (`anyOf`, or a `oneOf`
/// that is not an enumeration: a word or a table, as a figure's `effect`).
fn variants(schema: &Json) -> Option<&Vec<Json>> {
    schema
        .get("anyOf")
        .or_else(|| schema.get("oneOf"))
        .and_then(Json::as_array)
}

/// A sensible new value for a schema.
pub fn default_for(root: &Json, schema: &Json) -> Json {
    if let Some(d) = schema.get("default") {
        return d.clone();
    }
    let schema = resolve(root, schema);
    if let Some(choices) = choices(root, schema) {
        return Json::from(choices.first().map(|c| c.0).unwrap_or(""));
    }
    if let Some(first) = variants(schema).and_then(|a| a.first()) {
        return default_for(root, first);
    }
    match schema.get("type").and_then(Json::as_str) {
        Some("integer") | Some("number") => {
            Json::from(schema.get("minimum").and_then(Json::as_i64).unwrap_or(0).max(0))
        }
        Some("boolean") => Json::Bool(false),
        Some("array") => Json::Array(Vec::new()),
        Some("object") => {
            let mut map = Map::new();
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Json::as_array)
                .map(|r| r.iter().filter_map(Json::as_str).collect())
                .unwrap_or_default();
            if let Some(props) = schema.get("properties").and_then(Json::as_object) {
                for (k, v) in props {
                    if required.contains(&k.as_str()) {
                        map.insert(k.clone(), default_for(root, v));
                    }
                }
            }
            Json::Object(map)
        }
        _ => Json::String(String::new()),
    }
}

/// Names a new item of `array` whose id the schema restricts to a pattern (a deal group's
/// `group`), where its default is empty: `new`, `new-2`... (the first free among `array`'s).
/// An empty id fails the schema, and a file the schema refuses is checked no further, so an
/// unnamed new item would hide every other problem of the file.
fn name_new_item(root: &Json, items: &Json, item: &mut Json, array: &[Json]) {
    let patterned = |schema: &Json| {
        let schema = resolve(root, schema);
        schema.get("type").and_then(Json::as_str) == Some("string") && schema.get("pattern").is_some()
    };
    let free = |taken: &dyn Fn(&str) -> bool| {
        (1..)
            .map(|n| if n == 1 { "new".to_owned() } else { format!("new-{n}") })
            .find(|name| !taken(name))
            .unwrap_or_default()
    };
    if item.as_str() == Some("") && patterned(items) {
        *item = Json::from(free(&|name| array.iter().any(|v| v.as_str() == Some(name))));
        return;
    }
    let props = resolve(root, items).get("properties").and_then(Json::as_object);
    let (Some(props), Json::Object(map)) = (props, item) else {
        return;
    };
    for (key, schema) in props {
        if map.get(key).and_then(Json::as_str) == Some("") && patterned(schema) {
            let name = free(&|name| array.iter().any(|v| v.get(key).and_then(Json::as_str) == Some(name)));
            map.insert(key.clone(), Json::from(name));
        }
    }
}

fn label(ui: &mut Ui, text: &str, help: &str, required: bool) -> egui::Id {
    let text = if required {
        RichText::new(text).strong()
    } else {
        RichText::new(text)
    };
    let response = ui.label(text);
    let id = response.id;
    if !help.is_empty() {
        response.on_hover_text(help);
    }
    ui.data_mut(|d| d.insert_temp(egui::Id::unique("form-label"), id));
    id
}

/// The label most recently drawn by a form, naming the next input for screen readers.
fn last_label(ui: &Ui) -> Option<egui::Id> {
    ui.data(|d| d.get_temp(egui::Id::unique("form-label")))
}

fn named(ui: &Ui, response: egui::Response) -> egui::Response {
    match last_label(ui) {
        Some(id) => response.labelled_by(id),
        None => response,
    }
}

/// Edits `value` against `schema`; returns whether it changed. `path` keeps widget ids apart.
pub fn edit(ui: &mut Ui, root: &Json, schema: &Json, value: &mut Json, path: &str) -> bool {
    let resolved = resolve(root, schema);
    let definition = schema
        .get("$ref")
        .and_then(Json::as_str)
        .map(|r| r.trim_start_matches("#/$defs/"));
    if let Some(choices) = choices(root, resolved) {
        return edit_choice(ui, &choices, value, path);
    }
    if let Some(variants) = variants(resolved) {
        return edit_any_of(ui, root, variants, value, path);
    }
    match resolved.get("type").and_then(Json::as_str) {
        Some("integer") => {
            let mut n = value.as_i64().unwrap_or(0);
            let min = resolved.get("minimum").and_then(Json::as_i64).unwrap_or(i64::MIN);
            let r = ui.add(egui::DragValue::new(&mut n).range(min..=1_000_000));
            let changed = named(ui, r).changed();
            if changed || !value.is_i64() && !value.is_u64() {
                *value = Json::from(n);
            }
            changed
        }
        Some("number") => {
            let mut n = value.as_f64().unwrap_or(0.0);
            let r = ui.add(egui::DragValue::new(&mut n).speed(0.01));
            let changed = named(ui, r).changed();
            if changed {
                *value = Json::from(n);
            }
            changed
        }
        Some("boolean") => {
            let mut b = value.as_bool().unwrap_or(false);
            let text = if b { "on" } else { "off" };
            let changed = ui.checkbox(&mut b, text).changed();
            if changed {
                *value = Json::Bool(b);
            }
            changed
        }
        Some("array") => edit_array(ui, root, resolved, value, path),
        Some("object") => {
            if resolved.get("properties").is_some() {
                let declared = definition.and_then(field_order::of_definition).unwrap_or(&[]);
                edit_object(ui, root, resolved, value, path, declared)
            } else {
                edit_map(ui, root, resolved, value, path)
            }
        }
        _ => {
            let mut text = value.as_str().unwrap_or("").to_owned();
            let width = ui.available_width().clamp(220.0, 480.0);
            let r = ui.add(egui::TextEdit::singleline(&mut text).id_salt(path).desired_width(width));
            let changed = named(ui, r).changed();
            if changed {
                *value = Json::String(text);
            }
            changed
        }
    }
}

fn edit_choice(ui: &mut Ui, choices: &[(&str, &str)], value: &mut Json, path: &str) -> bool {
    let current = value.as_str().unwrap_or("").to_owned();
    let mut changed = false;
    let response = egui::ComboBox::from_id_salt(path)
        .selected_text(&current)
        .width(200.0)
        .show_ui(ui, |ui| {
            for (choice, help) in choices {
                let r = ui.selectable_label(current == *choice, *choice);
                let r = if help.is_empty() { r } else { r.on_hover_text(*help) };
                if r.clicked() && current != *choice {
                    *value = Json::from(*choice);
                    changed = true;
                }
            }
        });
    if let Some((_, help)) = choices.iter().find(|c| c.0 == current)
        && !help.is_empty()
    {
        response.response.on_hover_text(*help);
    }
    changed
}

fn variant_matches(root: &Json, variant: &Json, value: &Json) -> bool {
    let v = resolve(root, variant);
    if let Some(choices) = choices(root, v) {
        return value.as_str().is_some_and(|s| choices.iter().any(|c| c.0 == s));
    }
    match v.get("type").and_then(Json::as_str) {
        Some("integer") => value.is_i64() || value.is_u64(),
        Some("number") => value.is_number(),
        Some("string") => value.is_string(),
        Some("boolean") => value.is_boolean(),
        Some("array") => value.is_array(),
        Some("object") => value.is_object(),
        _ => false,
    }
}

/// A value of one of several kinds (a number or `pennants`): one combo lists each kind's
/// values (an enumeration's own values, a type's name otherwise) and shows the current value;
/// a kind that is not an enumeration gets its own input beside it.
fn edit_any_of(ui: &mut Ui, root: &Json, variants: &[Json], value: &mut Json, path: &str) -> bool {
    let index = variants
        .iter()
        .position(|v| variant_matches(root, v, value))
        .unwrap_or(0);
    // Every entry of the combo: its label, its help, and the value choosing it gives.
    let mut entries: Vec<(String, &str, Json)> = Vec::new();
    for variant in variants {
        match choices(root, variant) {
            Some(values) => entries.extend(values.into_iter().map(|(v, help)| {
                let help = if help.is_empty() {
                    description(root, variant)
                } else {
                    help
                };
                (v.to_owned(), help, Json::from(v))
            })),
            None => entries.push((
                type_name(resolve(root, variant)).to_owned(),
                description(root, variant),
                default_for(root, variant),
            )),
        }
    }
    let enumerated = choices(root, &variants[index]).is_some();
    let current = if enumerated {
        value.as_str().unwrap_or("").to_owned()
    } else {
        type_name(resolve(root, &variants[index])).to_owned()
    };
    let mut changed = false;
    ui.horizontal(|ui| {
        let response = egui::ComboBox::from_id_salt(format!("{path}#variant"))
            .selected_text(&current)
            .width(120.0)
            .show_ui(ui, |ui| {
                for (label, help, start) in &entries {
                    let r = ui
                        .selectable_label(*label == current, label.as_str())
                        .on_hover_text(*help);
                    if r.clicked() && *label != current {
                        *value = start.clone();
                        changed = true;
                    }
                }
            });
        if let Some((_, help, _)) = entries.iter().find(|e| e.0 == current) {
            response.response.on_hover_text(*help);
        }
        if !enumerated && edit(ui, root, &variants[index], value, &format!("{path}#{index}")) {
            changed = true;
        }
    });
    changed
}

/// What a kind of value is called in a choice between kinds.
fn type_name(schema: &Json) -> &'static str {
    match schema.get("type").and_then(Json::as_str) {
        Some("integer" | "number") => "number",
        Some("boolean") => "on / off",
        Some("array") => "list",
        Some("object") => "table",
        _ => "text",
    }
}

fn edit_array(ui: &mut Ui, root: &Json, schema: &Json, value: &mut Json, path: &str) -> bool {
    if !value.is_array() {
        *value = Json::Array(Vec::new());
    }
    let items = schema.get("items").cloned().unwrap_or(Json::Null);
    let Json::Array(array) = value else { return false };
    let mut changed = false;
    if let Some(choices) = choices(root, &items) {
        // A set of choices: one checkbox each.
        ui.horizontal_wrapped(|ui| {
            for (choice, help) in &choices {
                let mut on = array.iter().any(|v| v.as_str() == Some(choice));
                let r = ui.checkbox(&mut on, *choice);
                let r = if help.is_empty() { r } else { r.on_hover_text(*help) };
                if r.changed() {
                    if on {
                        array.push(Json::from(*choice));
                    } else {
                        array.retain(|v| v.as_str() != Some(choice));
                    }
                    changed = true;
                }
            }
        });
        return changed;
    }
    ui.vertical(|ui| {
        let mut remove = None;
        let tables = resolve(root, &items).get("properties").is_some();
        for (i, item) in array.iter_mut().enumerate() {
            if tables && i > 0 {
                ui.separator();
            }
            ui.horizontal(|ui| {
                if edit(ui, root, &items, item, &format!("{path}/{i}")) {
                    changed = true;
                }
                if ui.small_button("x").on_hover_text("Remove").clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            array.remove(i);
            changed = true;
        }
        if ui.small_button("+ Add").clicked() {
            let mut item = default_for(root, &items);
            name_new_item(root, &items, &mut item, array);
            array.push(item);
            changed = true;
        }
    });
    changed
}

/// Edits an object's properties in a grid, in the model's `declared` order (the required
/// ones first, then alphabetically, for what it does not name).
fn edit_object(ui: &mut Ui, root: &Json, schema: &Json, value: &mut Json, path: &str, declared: &[&str]) -> bool {
    if !value.is_object() {
        *value = Json::Object(Map::new());
    }
    let Json::Object(map) = value else { return false };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Json::as_array)
        .map(|r| r.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default();
    let Some(props) = schema.get("properties").and_then(Json::as_object) else {
        return false;
    };
    let mut keys: Vec<&String> = props.keys().collect();
    keys.sort_by_key(|k| (!required.contains(&k.as_str()), k.as_str()));
    field_order::sort(&mut keys, declared);
    let mut changed = false;
    egui::Grid::new(path)
        .num_columns(2)
        .spacing([12.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            for key in keys {
                let prop = &props[key];
                let is_required = required.contains(&key.as_str());
                label(ui, key, description(root, prop), is_required);
                // Top-aligned: a list or table in the cell grows downwards from its label.
                let top = egui::Layout::left_to_right(egui::Align::Min);
                ui.with_layout(top, |ui| match map.get_mut(key.as_str()) {
                    Some(v) => {
                        if edit(ui, root, prop, v, &format!("{path}/{key}")) {
                            changed = true;
                        }
                        if !is_required
                            && ui
                                .small_button("x")
                                .on_hover_text("Leave out (use the default)")
                                .clicked()
                        {
                            map.remove(key.as_str());
                            changed = true;
                        }
                    }
                    None => {
                        ui.weak("not set");
                        if ui.small_button("Set").clicked() {
                            map.insert(key.clone(), default_for(root, prop));
                            changed = true;
                        }
                    }
                });
                ui.end_row();
            }
        });
    changed
}

fn edit_map(ui: &mut Ui, root: &Json, schema: &Json, value: &mut Json, path: &str) -> bool {
    edit_map_beside(ui, root, schema, value, path, None)
}

/// Something drawn beside each entry's form in a map: given the entry's id and value.
pub type Aside<'a> = &'a dyn Fn(&mut Ui, &str, &Json);

/// Edits a map (an object schema with `additionalProperties`), drawing `aside` (a picture)
/// beside each entry's form; returns whether it changed.
pub fn edit_map_beside(
    ui: &mut Ui,
    root: &Json,
    schema: &Json,
    value: &mut Json,
    path: &str,
    aside: Option<Aside<'_>>,
) -> bool {
    let schema = resolve(root, schema);
    if !value.is_object() {
        *value = Json::Object(Map::new());
    }
    let Json::Object(map) = value else { return false };
    let items = schema.get("additionalProperties").cloned().unwrap_or(Json::Null);
    let mut changed = false;
    let mut remove = None;
    for (key, item) in map.iter_mut() {
        egui::CollapsingHeader::new(RichText::new(key).strong())
            .id_salt(format!("{path}/{key}#header"))
            .default_open(true)
            .show(ui, |ui| {
                let mut entry = |ui: &mut Ui, item: &mut Json| {
                    if edit(ui, root, &items, item, &format!("{path}/{key}")) {
                        changed = true;
                    }
                    if ui.small_button(format!("Remove `{key}`")).clicked() {
                        remove = Some(key.clone());
                    }
                };
                match aside {
                    Some(aside) => {
                        ui.horizontal_top(|ui| {
                            aside(ui, key, item);
                            ui.vertical(|ui| entry(ui, item));
                        });
                    }
                    None => entry(ui, item),
                }
            });
    }
    if let Some(key) = remove {
        map.remove(&key);
        changed = true;
    }
    let new_key_id = ui.make_persistent_id(format!("{path}#newkey"));
    let mut new_key: String = ui.data_mut(|d| d.get_temp(new_key_id)).unwrap_or_default();
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut new_key)
                .hint_text("new id")
                .desired_width(120.0),
        );
        let valid = !new_key.trim().is_empty() && !map.contains_key(new_key.trim());
        if ui.add_enabled(valid, egui::Button::new("+ Add")).clicked() {
            map.insert(new_key.trim().to_owned(), default_for(root, &items));
            new_key.clear();
            changed = true;
        }
    });
    ui.data_mut(|d| d.insert_temp(new_key_id, new_key));
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::FileKind;

    #[test]
    fn defaults_follow_the_schema() {
        let root = FileKind::TileSet.schema();
        let figure = default_for(root, &root["$defs"]["Figure"]);
        assert_eq!(figure["role"], "follower");
        assert_eq!(figure["count"], 1);
        assert_eq!(figure["stands-on"], Json::Array(vec![]));
        let choices = choices(root, &root["$defs"]["Mechanism"]).unwrap();
        assert!(choices.iter().any(|c| c.0 == "abbey" && !c.1.is_empty()));
        assert!(!description(root, &root["properties"]["figures"]).is_empty());
    }

    #[test]
    fn a_word_or_a_table_is_edited_as_one_of_several_kinds() {
        // A figure's effect: `"extra-turn"`, or `{ field-bonus-per-city = n }`.
        let root = FileKind::TileSet.schema();
        let effect = &root["$defs"]["FigureEffect"];
        assert!(choices(root, effect).is_none(), "not an enumeration");
        let kinds = variants(effect).unwrap();
        assert_eq!(choices(root, &kinds[0]).unwrap()[0].0, "extra-turn");
        assert!(variant_matches(root, &kinds[0], &Json::from("extra-turn")));
        let bonus = serde_json::json!({ "field-bonus-per-city": 1 });
        assert!(variant_matches(root, &kinds[1], &bonus));
        assert_eq!(default_for(root, effect), "extra-turn");
        assert_eq!(default_for(root, &kinds[1]), bonus);
    }
}
