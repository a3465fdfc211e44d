//! The names a scenario gives checked against the files loaded: an id no file defines is
//! refused with the closest one known, and how to give more files.

use tilewright_rules::scenario::{PlayError, Scenario, one_of};

use crate::catalog::Catalog;
use crate::diagnostic::quote;

/// What `--data` or its like should add for an id no file defines.
const MORE_DATA: &str = "to play your own files, give the files or folders that hold them with `--data PATH`";

/// Checks that the scenario's tile sets and rule set are loaded, suggesting the closest ids.
pub(super) fn check_named(scenario: &Scenario, catalog: &Catalog) -> Result<(), PlayError> {
    let sets: Vec<String> = catalog
        .tilesets
        .iter()
        .map(|t| t.model.id.clone())
        .chain(catalog.expansions.iter().map(|e| e.model.id.clone()))
        .collect();
    let rules: Vec<String> = catalog.rulesets.iter().map(|r| r.model.id.clone()).collect();
    for (i, spec) in scenario.tilesets.iter().enumerate() {
        let id = spec.split_once('@').map_or(spec.as_str(), |(id, _)| id);
        if !sets.iter().any(|s| s == id) && rules.iter().any(|r| r == id) {
            return Err(PlayError::at(
                format!("/tilesets/{i}"),
                format!("{} is a rule set, not a tile set or expansion", quote(id)),
                format!("name it with `rules = \"{id}\"`"),
            ));
        }
        if !sets.iter().any(|s| s == id) {
            return Err(PlayError::at(
                format!("/tilesets/{i}"),
                format!("there is no tile set or expansion {}", quote(id)),
                unknown_help(id, &sets, "tile sets and expansions"),
            ));
        }
    }
    if !rules.contains(&scenario.rules) && sets.contains(&scenario.rules) {
        return Err(PlayError::at(
            "/rules",
            format!("{} is a tile set or expansion, not a rule set", quote(&scenario.rules)),
            "list it in `tilesets`",
        ));
    }
    if !rules.contains(&scenario.rules) {
        return Err(PlayError::at(
            "/rules",
            format!("there is no rule set {}", quote(&scenario.rules)),
            unknown_help(&scenario.rules, &rules, "rule sets"),
        ));
    }
    Ok(())
}

/// Help for an id not among `known`: the closest, those known, and how to add files.
fn unknown_help(id: &str, known: &[String], what: &str) -> String {
    format!("{}; {MORE_DATA}", one_of(id, known, &format!("the {what} known are")))
}
