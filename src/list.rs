//! `list`: the tile sets (with their editions and the values of their mechanisms), expansion
//! files and rule sets, one line each, by the ids `simulate` takes: those of the files and
//! folders named, each with the file it lives in, then the bundled ones.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};
use tilewright_engine::selection::Data;
use tilewright_engine::{Catalog, bundled};

use crate::play::selection_message;
use crate::{escape, fail, say_json};

/// Prints the files `paths` hold (each validated; an error fails the run), then the bundled
/// files: `kind id name (details)` lines in columns, a user's file followed by `in PATH`; or
/// one JSON object with `tilesets`, `expansions` and `rulesets`, a user's entries with `path`.
pub fn list(as_json: bool, paths: &[PathBuf]) -> ExitCode {
    let own = if paths.is_empty() {
        Catalog::default()
    } else {
        match Data::load(paths.iter().map(PathBuf::as_path)) {
            Ok(data) => data.into_catalog(),
            Err(e) => return fail(selection_message(e)),
        }
    };
    let entries: Vec<Entry> = entries(&own, true)
        .into_iter()
        .chain(entries(bundled::catalog(), false))
        .collect();
    if as_json {
        let of = |kind: Kind| -> Vec<Value> {
            entries
                .iter()
                .filter(|e| e.kind == kind)
                .map(|e| e.json.clone())
                .collect()
        };
        say_json(&json!({
            "tilesets": of(Kind::TileSet),
            "expansions": of(Kind::Expansion),
            "rulesets": of(Kind::RuleSet),
        }));
        return ExitCode::SUCCESS;
    }
    let width = entries.iter().map(|e| e.id.chars().count()).max().unwrap_or(0);
    for Entry {
        kind,
        id,
        name,
        details,
        path,
        ..
    } in &entries
    {
        let details = if details.is_empty() {
            String::new()
        } else {
            format!(" ({details})")
        };
        let place = path
            .as_deref()
            .map(|path| format!(" in {}", path.display()))
            .unwrap_or_default();
        let line = format!("{id:<width$}  {name}{details}{place}");
        say!("{:<9}  {}", kind.word(), escape::line(&line));
    }
    ExitCode::SUCCESS
}

/// The kinds of file, in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    TileSet,
    Expansion,
    RuleSet,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::TileSet => "tile set",
            Kind::Expansion => "expansion",
            Kind::RuleSet => "rule set",
        }
    }
}

/// One line of the list, and its JSON.
struct Entry {
    kind: Kind,
    id: String,
    name: String,
    details: String,
    /// The file it was read from, for a user's file.
    path: Option<PathBuf>,
    json: Value,
}

/// The entries of `catalog`, tile sets, then expansions, then rule sets; with `own`, each
/// names its file.
fn entries(catalog: &Catalog, own: bool) -> Vec<Entry> {
    let place = |path: &Path, mut json: Value| {
        if own && let Some(object) = json.as_object_mut() {
            object.insert("path".into(), json!(path));
        }
        (own.then(|| path.to_path_buf()), json)
    };
    let mut out = Vec::new();
    for loaded in &catalog.tilesets {
        let set = &loaded.model;
        let role = if set.start_tile.is_some() {
            "a base game"
        } else {
            "an expansion"
        };
        let json = json!({ "id": set.id, "name": set.name, "editions": set.editions, "start_tile": set.start_tile, "values": set.values });
        let (path, json) = place(&loaded.source.path, json);
        out.push(Entry {
            kind: Kind::TileSet,
            id: set.id.clone(),
            name: set.name.clone(),
            details: format!("{role}; editions {}{}", set.editions.join(", "), values(&set.values)),
            path,
            json,
        });
    }
    for loaded in &catalog.expansions {
        let expansion = &loaded.model;
        let json = json!({ "id": expansion.id, "name": expansion.name, "values": expansion.values });
        let (path, json) = place(&loaded.source.path, json);
        out.push(Entry {
            kind: Kind::Expansion,
            id: expansion.id.clone(),
            name: expansion.name.clone(),
            details: values(&expansion.values).trim_start_matches("; ").to_owned(),
            path,
            json,
        });
    }
    for loaded in &catalog.rulesets {
        let rules = &loaded.model;
        let mut details = Vec::new();
        if let Some(parent) = &rules.extends {
            details.push(format!("extends {parent}"));
        }
        if let Some(edition) = &rules.edition {
            details.push(format!("edition {edition}"));
        }
        if let Some(sets) = rules.plays_with.as_ref().filter(|sets| !sets.is_empty()) {
            details.push(format!("plays with {}", sets.join(", ")));
        }
        let json = json!({
            "id": rules.id,
            "name": rules.name,
            "extends": rules.extends,
            "edition": rules.edition,
            "plays_with": rules.plays_with,
        });
        let (path, json) = place(&loaded.source.path, json);
        out.push(Entry {
            kind: Kind::RuleSet,
            id: rules.id.clone(),
            name: rules.name.clone(),
            details: details.join("; "),
            path,
            json,
        });
    }
    out
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
