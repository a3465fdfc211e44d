//! Writing a model back into its TOML file without losing what the designer wrote by hand:
//! the editor saves through here, and so can any command that changes a data file.
//!
//! The model is turned into a JSON tree and merged into the file's `toml_edit` document: values
//! that did not change keep their exact text, comments and layout (the `#:schema` header
//! included); changed values keep their surrounding comments; tiles are matched by id, so a
//! reordered tile takes its comments along; new entries follow the layout of the bundled files
//! (`[[tiles]]` tables with `features.x = { ... }` lines). A key the file never had is not added
//! just because the model fills it with a default.

use serde::Serialize;
use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

/// A model as a TOML value tree, keys in the model's field order.
pub fn tree<T: Serialize>(model: &T) -> Result<Value, String> {
    model
        .serialize(toml_edit::ser::ValueSerializer::new())
        .map_err(|e| e.to_string())
}

/// Merges `model` into `document`. `loaded` is the model's tree as it was when the document
/// was last read or written, so defaults the file leaves out stay out.
pub fn merge<T: Serialize>(document: &mut DocumentMut, model: &T, loaded: Option<&Value>) -> Result<(), String> {
    let new = tree(model)?;
    let Value::InlineTable(map) = &new else {
        return Err("the model is not a table".into());
    };
    merge_table(document.as_table_mut(), map, loaded, Depth::Root);
    renumber(document.as_table_mut(), &mut 0);
    Ok(())
}

/// The model written as a TOML text, merged into `document` (which is left untouched).
pub fn render<T: Serialize>(document: &DocumentMut, model: &T, loaded: Option<&Value>) -> Result<String, String> {
    let mut copy = document.clone();
    merge(&mut copy, model, loaded)?;
    Ok(copy.to_string())
}

#[derive(Clone, Copy, PartialEq)]
enum Depth {
    /// The document's top level.
    Root,
    /// A `[section]` table under the root.
    Section,
    /// One `[[tiles]]` entry or deeper.
    Nested,
}

fn child<'a>(loaded: Option<&'a Value>, key: &str) -> Option<&'a Value> {
    loaded.and_then(Value::as_inline_table).and_then(|t| t.get(key))
}

fn has_key(loaded: Option<&Value>, key: &str) -> bool {
    loaded
        .and_then(Value::as_inline_table)
        .is_none_or(|t| t.contains_key(key))
}

/// Whether two values mean the same (formatting aside).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q)),
        (Value::InlineTable(x), Value::InlineTable(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => scalar_eq(a, b),
    }
}

fn stale_keys<'a>(keys: impl Iterator<Item = &'a str>, new: &InlineTable, loaded: Option<&Value>) -> Vec<String> {
    keys.filter(|k| !new.contains_key(k) && has_key(loaded, k))
        .map(str::to_owned)
        .collect()
}

fn merge_table(table: &mut Table, new: &InlineTable, loaded: Option<&Value>, depth: Depth) {
    for key in stale_keys(table.iter().map(|(k, _)| k), new, loaded) {
        table.remove(&key);
    }
    for (key, value) in new.iter() {
        let before = child(loaded, key);
        // `tiles = []` (a new set) getting its first tiles: written anew as `[[tiles]]` tables.
        let was_empty = table.get(key).and_then(Item::as_array).is_some_and(Array::is_empty);
        if was_empty && matches!(value, Value::Array(items) if !items.is_empty() && all_tables(items)) {
            table.remove(key);
        }
        match table.get_mut(key) {
            Some(item) => merge_item(item, value, before, depth),
            None => {
                if before.is_some_and(|b| same(b, value)) || is_empty(value) {
                    // A default the file never wrote.
                    continue;
                }
                table.insert(key, fresh_item(value, depth));
            }
        }
    }
}

fn merge_inline(table: &mut InlineTable, new: &InlineTable, loaded: Option<&Value>) {
    for key in stale_keys(table.iter().map(|(k, _)| k), new, loaded) {
        table.remove(&key);
    }
    let mut inserted = false;
    for (key, value) in new.iter() {
        let before = child(loaded, key);
        match table.get_mut(key) {
            Some(existing) => merge_value(existing, value, before),
            None => {
                if before.is_some_and(|b| same(b, value)) || is_empty(value) {
                    continue;
                }
                table.insert(key, fresh_value(value));
                inserted = true;
            }
        }
    }
    if inserted {
        // The space before `}` belongs after the last value, not before a comma.
        let n = table.len();
        for (i, (_, value)) in table.iter_mut().enumerate() {
            let blank = value
                .decor()
                .suffix()
                .and_then(|s| s.as_str())
                .is_none_or(|s| s.trim().is_empty());
            if blank {
                value.decor_mut().set_suffix(if i + 1 == n { " " } else { "" });
            }
        }
    }
}

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Array(a) => a.is_empty(),
        Value::InlineTable(t) => t.is_empty(),
        _ => false,
    }
}

fn all_tables(array: &Array) -> bool {
    array.iter().all(Value::is_inline_table)
}

fn merge_item(item: &mut Item, new: &Value, loaded: Option<&Value>, depth: Depth) {
    let deeper = match depth {
        Depth::Root => Depth::Section,
        _ => Depth::Nested,
    };
    match (item, new) {
        (Item::Table(table), Value::InlineTable(map)) => merge_table(table, map, loaded, deeper),
        (Item::ArrayOfTables(array), Value::Array(items)) if all_tables(items) => {
            merge_array_of_tables(array, items, loaded)
        }
        (Item::Value(value), new) => merge_value(value, new, loaded),
        (item, new) => *item = fresh_item(new, depth),
    }
}

/// The id of a tile-like value, to match entries across reorderings.
fn id_of(value: &Value) -> Option<&str> {
    value.as_inline_table()?.get("id")?.as_str()
}

fn merge_array_of_tables(array: &mut ArrayOfTables, items: &Array, loaded: Option<&Value>) {
    let mut old: Vec<Option<Table>> = array.iter().cloned().map(Some).collect();
    let old_loaded: Vec<&Value> = loaded
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let mut rebuilt = ArrayOfTables::new();
    for (i, item) in items.iter().enumerate() {
        let Value::InlineTable(map) = item else { continue };
        let found = match id_of(item) {
            Some(id) => old.iter().position(|t| {
                t.as_ref()
                    .and_then(|t| t.get("id"))
                    .and_then(Item::as_str)
                    .is_some_and(|tid| tid == id)
            }),
            None => (i < old.len() && old[i].is_some()).then_some(i),
        };
        let before = match id_of(item) {
            Some(id) => old_loaded.iter().copied().find(|l| id_of(l) == Some(id)),
            None => old_loaded.get(i).copied(),
        };
        let mut table = match found.and_then(|k| old[k].take()) {
            Some(table) => table,
            None => {
                let mut table = Table::new();
                table.decor_mut().set_prefix("\n");
                table
            }
        };
        merge_table(&mut table, map, before, Depth::Nested);
        rebuilt.push(table);
    }
    *array = rebuilt;
}

fn merge_value(value: &mut Value, new: &Value, loaded: Option<&Value>) {
    match (&mut *value, new) {
        (Value::InlineTable(table), Value::InlineTable(map)) => merge_inline(table, map, loaded),
        (Value::Array(array), Value::Array(items)) => merge_array(array, items, loaded),
        (existing, new) if scalar_eq(existing, new) => {}
        (existing, new) => {
            let decor = existing.decor().clone();
            *existing = fresh_value(new);
            *existing.decor_mut() = decor;
        }
    }
}

fn merge_array(array: &mut Array, items: &Array, loaded: Option<&Value>) {
    let old_loaded = loaded.and_then(Value::as_array);
    while array.len() > items.len() {
        array.remove(array.len() - 1);
    }
    for (i, item) in items.iter().enumerate() {
        let before = old_loaded.and_then(|l| l.get(i));
        match array.get_mut(i) {
            Some(existing) => merge_value(existing, item, before),
            None => array.push(fresh_value(item)),
        }
    }
}

fn scalar_eq(existing: &Value, new: &Value) -> bool {
    match (existing, new) {
        (Value::String(s), Value::String(n)) => s.value() == n.value(),
        (Value::Boolean(b), Value::Boolean(n)) => b.value() == n.value(),
        (Value::Integer(i), Value::Integer(n)) => i.value() == n.value(),
        (Value::Integer(i), Value::Float(n)) | (Value::Float(n), Value::Integer(i)) => *i.value() as f64 == *n.value(),
        (Value::Float(f), Value::Float(n)) => f.value() == n.value(),
        _ => false,
    }
}

fn fresh_value(new: &Value) -> Value {
    let mut value = new.clone();
    value.decor_mut().clear();
    value
}

fn fresh_item(new: &Value, depth: Depth) -> Item {
    match (new, depth) {
        (Value::Array(items), Depth::Root) if !items.is_empty() && all_tables(items) => {
            let mut array = ArrayOfTables::new();
            for item in items.iter() {
                if let Value::InlineTable(map) = item {
                    let mut table = Table::new();
                    table.decor_mut().set_prefix("\n");
                    merge_table(&mut table, map, None, Depth::Nested);
                    array.push(table);
                }
            }
            Item::ArrayOfTables(array)
        }
        (Value::InlineTable(map), Depth::Root | Depth::Section) => {
            let mut table = Table::new();
            table.decor_mut().set_prefix("\n");
            let deeper = if depth == Depth::Root {
                Depth::Section
            } else {
                Depth::Nested
            };
            for (k, v) in map.iter() {
                table.insert(k, fresh_item(v, deeper));
            }
            // A map of tables only (`[tokens.amber]`, `[edge-kinds.river]`) is written without a
            // header of its own, which would stand empty above them.
            if depth == Depth::Root && !table.is_empty() && table.iter().all(|(_, item)| item.is_table()) {
                table.set_implicit(true);
            }
            Item::Table(table)
        }
        (Value::InlineTable(map), Depth::Nested) if !map.is_empty() && map.iter().all(|(_, v)| v.is_inline_table()) => {
            // A map of tables inside a tile (the features): `features.c = { ... }` lines.
            let mut table = Table::new();
            table.set_dotted(true);
            for (k, v) in map.iter() {
                table.insert(k, Item::Value(fresh_value(v)));
            }
            Item::Table(table)
        }
        (new, _) => Item::Value(fresh_value(new)),
    }
}

/// Numbers every table in visiting order, so reordered `[[tiles]]` print in their new order.
fn renumber(table: &mut Table, next: &mut isize) {
    if !table.is_dotted() {
        table.set_position(Some(*next));
        *next += 1;
    }
    for (_, item) in table.iter_mut() {
        match item {
            Item::Table(inner) => renumber(inner, next),
            Item::ArrayOfTables(array) => {
                for inner in array.iter_mut() {
                    renumber(inner, next);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Count, Feature, FeatureKind, TileSet};

    const BASE: &str = crate::bundled::FILES[0].1;

    fn load(text: &str) -> (DocumentMut, TileSet, Value) {
        let doc: DocumentMut = text.parse().unwrap();
        let set: TileSet = toml::from_str(text).unwrap();
        let tree = tree(&set).unwrap();
        (doc, set, tree)
    }

    #[test]
    fn an_unchanged_model_writes_the_file_back_byte_for_byte() {
        let (doc, set, json) = load(BASE);
        assert_eq!(render(&doc, &set, Some(&json)).unwrap(), BASE);
    }

    #[test]
    fn an_edit_changes_only_its_line_and_keeps_comments() {
        let (doc, mut set, json) = load(BASE);
        set.tiles[3].count = Count::All(7);
        let out = render(&doc, &set, Some(&json)).unwrap();
        assert!(out.starts_with("#:schema ../schemas/tileset.schema.json\n# The base game"));
        let changed: Vec<(&str, &str)> = BASE.lines().zip(out.lines()).filter(|(a, b)| a != b).collect();
        assert_eq!(changed, vec![("count = 4", "count = 7")]);
    }

    #[test]
    fn polygons_go_into_the_inline_feature_table() {
        let (doc, mut set, json) = load(BASE);
        let city = set.tiles[4].features.get_mut("c").unwrap();
        city.polygons = vec![vec![[0.0, 0.0], [1.0, 0.0], [0.5, 0.3]]];
        city.anchor = Some([0.5, 0.12]);
        let out = render(&doc, &set, Some(&json)).unwrap();
        assert!(out.contains(
            "features.c = { kind = \"city\", on = [\"N\"], polygons = [[[0.0, 0.0], [1.0, 0.0], [0.5, 0.3]]], anchor = [0.5, 0.12] }"
        ), "{}", out.lines().filter(|l| l.contains("polygons")).collect::<Vec<_>>().join("\n"));
        let back: TileSet = toml::from_str(&out).unwrap();
        assert_eq!(back, set);
    }

    #[test]
    fn reordered_tiles_keep_their_text_and_new_tiles_follow_the_house_style() {
        let (doc, mut set, json) = load(BASE);
        let first = set.tiles.remove(0);
        set.tiles.push(first);
        let mut new = set.tiles[0].clone();
        new.id = "NEW".into();
        new.name = String::new();
        new.features.insert(
            "g".into(),
            Feature {
                kind: FeatureKind::Garden,
                on: vec![],
                pennants: 0,
                end: None,
                at: None,
                cities: vec![],
                marks: vec![],
                tokens: vec![],
                polygons: vec![],
                anchor: Some([0.2, 0.8]),
            },
        );
        set.tiles.push(new);
        let out = render(&doc, &set, Some(&json)).unwrap();
        let back: TileSet = toml::from_str(&out).unwrap();
        assert_eq!(back, set);
        assert!(out.contains("[[tiles]]\nid = \"NEW\"\ncount = 4\n"), "{out}");
        assert!(out.contains("features.g = { kind = \"garden\", anchor = [0.2, 0.8] }"));
        // Tile A moved after tile X with its lines intact.
        let a = out
            .find("[[tiles]]\nid = \"A\"\nname = \"Monastery with road (no. 20)\"")
            .unwrap();
        assert!(a > out.find("id = \"X\"").unwrap());
    }

    #[test]
    fn marks_and_their_declarations_survive_an_edit() {
        let text = "id = \"wells\"\nname = \"Wells\"\n\n# A well beside a road.\n[marks.well]\nkind = \"road\"\ncomplete = { per-tile = 2 }\nincomplete = { per-tile = 1 }\n\n[[tiles]]\nid = \"WELL\"\ncount = 1\nedges = [\"field\", \"road\", \"field\", \"road\"]\nfeatures.r = { kind = \"road\", on = [\"E\", \"W\"], marks = [\"well\"] }\nfeatures.f1 = { kind = \"field\", on = [\"Wn\", \"N\", \"En\"] }\nfeatures.f2 = { kind = \"field\", on = [\"Es\", \"S\", \"Ws\"] }\n";
        let (doc, mut set, json) = load(text);
        assert_eq!(render(&doc, &set, Some(&json)).unwrap(), text);
        set.tiles[0].count = Count::All(3);
        let out = render(&doc, &set, Some(&json)).unwrap();
        assert_eq!(out, text.replace("count = 1", "count = 3"));
        // A mark added to another feature, and a mark declared anew, are written too.
        set.tiles[0].features.get_mut("f1").unwrap().marks = vec!["well".into()];
        let mut spring = set.marks["well"].clone();
        spring.complete.as_mut().unwrap().per_tile = 4;
        set.marks.insert("spring".into(), spring);
        let out = render(&doc, &set, Some(&json)).unwrap();
        let back: TileSet = toml::from_str(&out).unwrap();
        assert_eq!(back, set);
        assert!(out.contains("# A well beside a road."), "{out}");
    }

    #[test]
    fn new_declarations_are_written_under_their_own_headers_only() {
        let text = "id = \"plain\"\nname = \"Plain\"\n\n[[tiles]]\nid = \"P\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";
        let (doc, mut set, json) = load(text);
        let declared: TileSet = toml::from_str(
            "id = \"x\"\nname = \"X\"\ntiles = []\n[tokens.amber]\nkind = \"road\"\nmajority = 3\n[edge-kinds.river]\n",
        )
        .unwrap();
        set.tokens = declared.tokens;
        set.edge_kinds = declared.edge_kinds;
        let out = render(&doc, &set, Some(&json)).unwrap();
        for empty in ["[tokens]", "[edge-kinds]"] {
            assert!(!out.contains(empty), "an empty {empty} table:\n{out}");
        }
        assert!(
            out.contains("[tokens.amber]") && out.contains("[edge-kinds.river]"),
            "{out}"
        );
        let back: TileSet = toml::from_str(&out).unwrap();
        assert_eq!(back, set);
    }

    #[test]
    fn deal_groups_survive_an_edit() {
        let text = "id = \"streams\"\nname = \"Streams\"\n\n# Dealt first.\n[[deal]]\ngroup = \"source\"\nstart = \"S\"\n\n[[deal]]\ngroup = \"mouth\"\n\n[[tiles]]\nid = \"S\"\ncount = 1\ngroup = \"source\"\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n\n[[tiles]]\nid = \"M\"\ncount = 1\ngroup = \"mouth\"\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";
        let (doc, mut set, json) = load(text);
        assert_eq!(render(&doc, &set, Some(&json)).unwrap(), text);
        set.tiles[1].group = None;
        set.deal.pop();
        let out = render(&doc, &set, Some(&json)).unwrap();
        let back: TileSet = toml::from_str(&out).unwrap();
        assert_eq!(back, set);
        assert!(out.contains("# Dealt first."), "{out}");
        assert!(!out.contains("mouth"), "{out}");
    }

    #[test]
    fn defaults_the_file_leaves_out_stay_out() {
        let text = "#:schema ../schemas/tileset.schema.json\nid = \"x\" # mine\nname = \"X\"\n\n[[tiles]]\nid = \"A\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";
        let (doc, mut set, json) = load(text);
        assert_eq!(render(&doc, &set, Some(&json)).unwrap(), text);
        set.name = "Y".into();
        let out = render(&doc, &set, Some(&json)).unwrap();
        assert_eq!(out, text.replace("\"X\"", "\"Y\""));
        assert!(!out.contains("editions"));
    }

    #[test]
    fn a_new_sets_empty_tiles_become_tables_with_its_first_tile() {
        let text = crate::template::template(crate::FileKind::TileSet, "new", false);
        assert!(text.contains("tiles = []"), "{text}");
        let (doc, mut set, json) = load(&text);
        assert_eq!(
            render(&doc, &set, Some(&json)).unwrap(),
            text,
            "unchanged, byte for byte"
        );
        let base: TileSet = toml::from_str(BASE).unwrap();
        set.tiles.push(base.tiles[0].clone());
        let out = render(&doc, &set, Some(&json)).unwrap();
        assert!(out.contains("\n[[tiles]]\nid = \"A\"\n"), "{out}");
        assert!(!out.contains("tiles = ["), "{out}");
        let back: TileSet = toml::from_str(&out).unwrap();
        assert_eq!(back, set);
    }
}
