//! The values of mechanisms as the expansion guide (docs/expansions.md) writes them: its expansion of nothing but the barn
//! validates cleanly and plays, its values replaced by a house rule.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_load::source::Source;
use tilewright_load::validate::validate_sources;
use tilewright_rules::game::{Game, GameDef};

/// The expansion guide's example expansion file with the barn, as written there.
fn barns() -> String {
    let readme = include_str!("../../docs/expansions.md");
    let start = readme
        .find("```toml\n#:schema ../schemas/expansion.schema.json\nid = \"barns\"")
        .expect("the barns example in docs/expansions.md");
    let text = &readme[start + "```toml\n".len()..];
    text[..text.find("```").unwrap()].to_owned()
}

#[test]
fn the_readme_barns_expansion_validates_and_plays_with_its_values() {
    let house =
        "id = \"rich-barns\"\nname = \"Rich barns\"\nextends = \"new-edition\"\n[values]\nbarn-final-per-city = 6\n";
    let sources = vec![
        Source::new("barns.toml", barns()),
        Source::new("rich-barns.toml", house.to_owned()),
    ];
    let report = validate_sources(sources, bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    let sets = ["base".to_owned(), "barns".to_owned()];
    for (rules, at_end) in [("new-edition", 4), ("rich-barns", 6)] {
        let def = Arc::new(GameDef::from_catalog(&catalog, &sets, rules).unwrap());
        assert_eq!(def.value("barn-final-per-city"), at_end);
        assert_eq!(def.value("barn-placed-per-city"), 3);
        let mut game = Game::new(Arc::clone(&def), 2, 7).unwrap();
        let mut events = Vec::new();
        while !game.is_over() {
            let action = game.legal_actions()[0];
            game.apply(action, &mut events).unwrap();
        }
    }
}

#[test]
fn a_records_rules_hash_covers_the_values_in_play() {
    let catalog = bundled::catalog();
    let sets = ["base".to_owned(), "abbey-and-mayor".to_owned()];
    let def = Arc::new(GameDef::from_catalog(catalog, &sets, "new-edition").unwrap());
    let mut game = Game::new(Arc::clone(&def), 2, 3).unwrap();
    let mut events = Vec::new();
    while !game.is_over() {
        let action = game.legal_actions()[0];
        game.apply(action, &mut events).unwrap();
    }
    let record = game.record();
    assert!(record.replay(Arc::clone(&def)).is_ok());
    // The same rule set with a value replaced does not play the record's game.
    let mut rules = def.rules().clone();
    rules.values.insert("barn-final-per-city".into(), 5);
    let other = Arc::new(GameDef::clone(&def).with_rules(rules).unwrap());
    assert_eq!(other.value("barn-final-per-city"), 5);
    assert!(matches!(
        record.replay(other),
        Err(tilewright_rules::game::ReplayError::Rules { .. })
    ));
}
