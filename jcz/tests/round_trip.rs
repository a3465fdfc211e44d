//! import(export(set)) plays the same games as the set, for every bundled set that exports.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

mod support;

use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::game::GameDef;
use tilewright_engine::{Catalog, bundled, simulate};
use tilewright_jcz::{export, import, xml};

/// The imported text of bundled set `id`, validated against the bundled files: the catalog
/// holding it and its id.
fn round_trip(id: &str) -> Result<(Catalog, String), String> {
    let loaded = bundled::catalog().tileset(id).expect("bundled set");
    let exported = export::export(&[loaded], id).map_err(|e| format!("{e}: {:?}", e))?;
    let text = xml::write(&exported.defs);
    let (defs, _) = xml::read(&text, id).map_err(|e| e.message)?;
    let imported = import::import(&defs, "export.xml", "jcz-");
    assert!(imported.notes.is_empty(), "{id}: {:?}", imported.notes);
    assert_eq!(imported.sets.len(), 1);
    let catalog = support::validated(&imported.sets);
    Ok((catalog.with_base(bundled::catalog()), imported.sets[0].id.clone()))
}

fn mean_scores(catalog: &Catalog, sets: &[&str], edition: &str) -> Vec<f64> {
    let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
    let def = GameDef::from_catalog(catalog, &sets, edition).expect("game");
    let summary = simulate::run(
        Arc::new(def),
        &simulate::Plan {
            players: 2,
            games: 40,
            seed: 7,
            threads: 1,
            policy: Default::default(),
        },
    )
    .expect("run");
    summary.mean_scores
}

fn plays_the_same(id: &str, with_base: bool) {
    let (catalog, new_id) = round_trip(id).unwrap();
    for (edition, rules) in [("first-edition", "first-edition"), ("new-edition", "new-edition")] {
        let sets = |own: String| {
            let mut v = Vec::new();
            if with_base {
                v.push(format!("base@{edition}"));
                v.push(own);
            } else {
                v.push(format!("{own}@{edition}"));
            }
            v
        };
        let before = sets(id.to_owned());
        let after = sets(new_id.clone());
        let before: Vec<&str> = before.iter().map(String::as_str).collect();
        let after: Vec<&str> = after.iter().map(String::as_str).collect();
        assert_eq!(
            mean_scores(bundled::catalog(), &before, rules),
            mean_scores(&catalog, &after, rules),
            "{id} in the {edition}"
        );
    }
}

#[test]
fn base_game_round_trips() {
    plays_the_same("base", false);
}

#[test]
fn abbey_and_mayor_round_trips() {
    plays_the_same("abbey-and-mayor", true);
}

#[test]
fn hills_and_sheep_round_trips() {
    plays_the_same("hills-and-sheep", true);
}

#[test]
fn inns_and_cathedrals_round_trips() {
    plays_the_same("inns-and-cathedrals", true);
}

#[test]
fn traders_and_builders_round_trips() {
    plays_the_same("traders-and-builders", true);
}

#[test]
fn sets_exported_together_import_as_sets_that_play_together() {
    let ids = ["base", "hills-and-sheep", "inns-and-cathedrals", "abbey-and-mayor"];
    let sets: Vec<_> = ids.iter().map(|id| bundled::catalog().tileset(id).unwrap()).collect();
    let exported = export::export(&sets, "mix").unwrap();
    let (defs, _) = xml::read(&xml::write(&exported.defs), "mix").unwrap();
    let imported = import::import(&defs, "mix.xml", "jcz-");
    assert!(imported.notes.is_empty(), "{:?}", imported.notes);
    let catalog = support::validated(&imported.sets);
    let new_ids: Vec<&str> = imported.sets.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        new_ids,
        [
            "jcz-mix-base",
            "jcz-mix-hills-and-sheep",
            "jcz-mix-inns-and-cathedrals",
            "jcz-mix-abbey-and-mayor"
        ]
    );
    let catalog = catalog.with_base(bundled::catalog());
    let scores = mean_scores(&catalog, &new_ids, "new-edition");
    assert!(scores.iter().all(|s| *s > 0.0), "{scores:?}");
}
