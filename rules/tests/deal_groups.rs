//! Deal groups: tiles a set deals before the ordinary pile, group by group, each group shuffled
//! among itself, with a group's start tile in place of the base game's; base games are dealt
//! as before.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_load::catalog::Catalog;
use tilewright_load::source::Source;
use tilewright_load::validate::validate_sources;
use tilewright_rules::bots::{Policy, random_step};
use tilewright_rules::game::{Event, Game, GameDef, Phase, Rng};
use tilewright_rules::simulate::{Plan, run};

/// An invented set of three groups: a source (its one tile starts the game), a middle of five
/// tiles of three types, and a mouth of one tile dealt last. Every edge is a field but the
/// walled tile's, which fits nowhere while only the groups' tiles are on the table.
const STREAMS: &str = r#"
id = "streams"
name = "Streams"

[[deal]]
group = "source"
start = "source"

[[deal]]
group = "middle"

[[deal]]
group = "mouth"

[[tiles]]
id = "source"
count = 1
group = "source"
edges = ["field", "field", "field", "field"]
features.f = { kind = "field", on = ["N", "E", "S", "W"] }

[[tiles]]
id = "reach-a"
count = 2
group = "middle"
edges = ["field", "field", "field", "field"]
features.f = { kind = "field", on = ["N", "E", "S", "W"] }

[[tiles]]
id = "reach-b"
count = 2
group = "middle"
edges = ["field", "field", "field", "field"]
features.f = { kind = "field", on = ["N", "E", "S", "W"] }

# City on every side: beside the fields the groups lay, it fits nowhere.
[[tiles]]
id = "walled"
count = 1
group = "middle"
edges = ["city", "city", "city", "city"]
features.c = { kind = "city", on = ["N", "E", "S", "W"] }

[[tiles]]
id = "mouth"
count = 1
group = "mouth"
edges = ["field", "field", "field", "field"]
features.f = { kind = "field", on = ["N", "E", "S", "W"] }
"#;

fn catalog() -> Catalog {
    let report = validate_sources(vec![Source::new("streams.toml", STREAMS)], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    report.catalog.with_base(bundled::catalog())
}

fn def(sets: &[&str]) -> Arc<GameDef> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(&catalog(), &sets, "new-edition").unwrap())
}

/// The tiles drawn in one random game, in order (placed or discarded), and those discarded.
fn draws(def: &Arc<GameDef>, seed: u64) -> (Vec<u16>, Vec<u16>) {
    let mut events = Vec::new();
    let mut game = Game::new_with_events(def.clone(), 2, seed, &mut events).unwrap();
    let (mut rng, mut actions) = (Rng::new(seed ^ 0x5eed), Vec::new());
    while random_step(&mut game, &mut rng, &mut actions, &mut events) {}
    let drawn = events
        .iter()
        .filter_map(|event| match *event {
            Event::TilePlaced { tile, .. } | Event::TileDiscarded { tile } => Some(tile),
            _ => None,
        })
        .collect();
    let discarded = events
        .iter()
        .filter_map(|event| match *event {
            Event::TileDiscarded { tile } => Some(tile),
            _ => None,
        })
        .collect();
    (drawn, discarded)
}

#[test]
fn groups_are_dealt_in_order_before_the_pile_with_their_start_tile() {
    let def = def(&["base", "streams"]);
    let id = |id: &str| def.tile_index(id).unwrap();
    assert_eq!(
        def.start(),
        id("source"),
        "the group's start tile replaces the base game's"
    );
    let middle = [id("reach-a"), id("reach-b"), id("walled")];
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (drawn, discarded) = draws(&def, seed);
        assert!(drawn[..5].iter().all(|t| middle.contains(t)), "seed {seed}: {drawn:?}");
        assert_eq!(
            drawn[5],
            id("mouth"),
            "seed {seed}: the last group comes after the middle"
        );
        assert!(drawn[6..].iter().all(|t| !middle.contains(t) && *t != id("mouth")));
        assert!(
            drawn.contains(&id("D")),
            "the base game's start tile is dealt into the pile"
        );
        // The group's tile that fits nowhere is discarded, and the next tile is drawn.
        assert_eq!(discarded.first(), Some(&id("walled")), "seed {seed}: {discarded:?}");
        orders.insert(drawn[..5].to_vec());
    }
    assert!(orders.len() > 1, "the middle group is shuffled");
}

#[test]
fn a_game_without_groups_is_one_shuffled_run() {
    // One run is shuffled exactly as the whole pile was before groups existed.
    let def = def(&["base"]);
    assert_eq!(def.pile_runs(), [def.pile().len()]);
    let mut pile = def.pile().to_vec();
    Rng::new(7).shuffle(&mut pile);
    let game = Game::new(def.clone(), 2, 7).unwrap();
    let Phase::Place { tile } = game.phase() else {
        panic!("{:?}", game.phase())
    };
    assert_eq!(
        Some(&tile),
        pile.last(),
        "the first draw is the shuffled pile's last tile"
    );
}

#[test]
fn games_with_groups_finish() {
    for policy in [Policy::Random, Policy::Greedy] {
        let summary = run(
            def(&["base", "streams"]),
            &Plan {
                players: 3,
                games: 20,
                seed: 1,
                threads: 1,
                policy,
            },
        )
        .unwrap();
        assert_eq!(summary.games, 20);
    }
}

#[test]
fn two_sets_dealing_their_own_start_tile_are_refused() {
    let other = STREAMS
        .replace("id = \"streams\"", "id = \"brooks\"")
        .replace("\"source\"", "\"spring\"");
    let other = other
        .replace("\"reach-a\"", "\"run-a\"")
        .replace("\"reach-b\"", "\"run-b\"")
        .replace("id = \"walled\"", "id = \"fort\"")
        .replace("id = \"mouth\"", "id = \"pool\"");
    let report = validate_sources(
        vec![
            Source::new("streams.toml", STREAMS),
            Source::new("brooks.toml", other.as_str()),
        ],
        bundled::catalog(),
    );
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    let sets = ["base".to_owned(), "streams".to_owned(), "brooks".to_owned()];
    let Err(error) = GameDef::from_catalog(&catalog, &sets, "new-edition") else {
        panic!("two start tiles of their own are refused");
    };
    assert!(
        error
            .to_string()
            .contains("several tile sets deal a start tile of their own (streams, brooks)"),
        "the sets are named: {error}"
    );
}
