//! `list`: the bundled tile sets (with their editions and the values of their mechanisms),
//! expansion files and rule sets, one line each, by the ids `simulate` takes.

use std::collections::BTreeMap;

use serde_json::json;
use tilewright_engine::bundled;

use crate::{escape, say_json};

/// Prints the bundled files: `kind id name (details)` lines in columns, or one JSON object
/// with `tilesets`, `expansions` and `rulesets`.
pub fn list(as_json: bool) {
    let catalog = bundled::catalog();
    if as_json {
        let tilesets: Vec<_> = catalog
            .tilesets
            .iter()
            .map(|t| {
                let t = &t.model;
                json!({ "id": t.id, "name": t.name, "editions": t.editions, "start_tile": t.start_tile, "values": t.values })
            })
            .collect();
        let expansions: Vec<_> = catalog
            .expansions
            .iter()
            .map(|e| json!({ "id": e.model.id, "name": e.model.name, "values": e.model.values }))
            .collect();
        let rulesets: Vec<_> = catalog
            .rulesets
            .iter()
            .map(|r| {
                let r = &r.model;
                json!({ "id": r.id, "name": r.name, "extends": r.extends, "edition": r.edition })
            })
            .collect();
        say_json(&json!({ "tilesets": tilesets, "expansions": expansions, "rulesets": rulesets }));
        return;
    }
    let mut rows: Vec<(&str, &str, &str, String)> = Vec::new();
    for set in &catalog.tilesets {
        let set = &set.model;
        let role = if set.start_tile.is_some() {
            "a base game"
        } else {
            "an expansion"
        };
        let details = format!("{role}; editions {}{}", set.editions.join(", "), values(&set.values));
        rows.push(("tile set", &set.id, &set.name, details));
    }
    for expansion in &catalog.expansions {
        let expansion = &expansion.model;
        let details = values(&expansion.values).trim_start_matches("; ").to_owned();
        rows.push(("expansion", &expansion.id, &expansion.name, details));
    }
    for rules in &catalog.rulesets {
        let rules = &rules.model;
        let mut details = Vec::new();
        if let Some(parent) = &rules.extends {
            details.push(format!("extends {parent}"));
        }
        if let Some(edition) = &rules.edition {
            details.push(format!("edition {edition}"));
        }
        rows.push(("rule set", &rules.id, &rules.name, details.join("; ")));
    }
    let width = rows.iter().map(|row| row.1.chars().count()).max().unwrap_or(0);
    for (kind, id, name, details) in rows {
        let details = if details.is_empty() {
            String::new()
        } else {
            format!(" ({details})")
        };
        let line = format!("{id:<width$}  {name}{details}");
        say!("{kind:<9}  {}", escape::line(&line));
    }
}

/// The values a file declares with their defaults, as `; values key value, ...` (nothing
/// without any).
fn values(declared: &BTreeMap<String, u32>) -> String {
    if declared.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = declared.iter().map(|(key, value)| format!("{key} {value}")).collect();
    format!("; values {}", shown.join(", "))
}
