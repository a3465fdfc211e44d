//! Declared edge kinds in whole games, with the bundled River: the deal (the spring starts,
//! the river tiles come before the pile, the lake last of them), every river tile continuing
//! the river without turning back, the `edge-kind-rules` switch, and a kind two sets declare
//! differently.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_rules::bots::random_step;
use tilewright_rules::game::{Event, Game, GameDef, Mechanisms, Rng, SetupError};
use tilewright_rules::model::TileSet;
use tilewright_rules::model::edge::Side;

fn def(sets: &[&str]) -> Arc<GameDef> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, "new-edition").unwrap())
}

/// The events of one random game.
fn play(def: &Arc<GameDef>, seed: u64) -> Vec<Event> {
    let mut events = Vec::new();
    let mut game = Game::new_with_events(def.clone(), 2, seed, &mut events).unwrap();
    let (mut rng, mut actions) = (Rng::new(seed ^ 0x5eed), Vec::new());
    while random_step(&mut game, &mut rng, &mut actions, &mut events) {}
    events
}

/// The tiles drawn in a game, in order, from its events: placed or discarded.
fn drawn(events: &[Event]) -> Vec<u16> {
    events
        .iter()
        .filter_map(|event| match *event {
            Event::TilePlaced { tile, .. } | Event::TileDiscarded { tile } => Some(tile),
            _ => None,
        })
        .collect()
}

/// The tiles placed in one random game, in order: where, which, turned how.
fn placements(def: &Arc<GameDef>, seed: u64) -> Vec<(i32, i32, u16, u8)> {
    play(def, seed)
        .into_iter()
        .filter_map(|event| match event {
            Event::TilePlaced {
                tile, x, y, rotation, ..
            } => Some((i32::from(x), i32::from(y), tile, rotation)),
            _ => None,
        })
        .collect()
}

/// The sides of `tile` turned `rotation` that show a declared kind.
fn river_sides(def: &GameDef, tile: u16, rotation: u8) -> Vec<Side> {
    let tables = def.tables();
    Side::ALL
        .into_iter()
        .filter(|&side| {
            let code = tables.tiles[tile as usize].edge(side, rotation).code;
            tables.layouts[code as usize].declared().next().is_some()
        })
        .collect()
}

#[test]
fn the_spring_starts_and_the_river_comes_before_the_pile_with_the_lake_last() {
    let def = def(&["base", "river"]);
    let id = |id: &str| def.tile_index(id).unwrap();
    assert_eq!(
        def.start(),
        id("RI/s"),
        "the spring replaces the base game's start tile"
    );
    let river: Vec<u16> = (0..def.tables().tiles.len() as u16)
        .filter(|&t| def.tables().tiles[t as usize].id.starts_with("RI.1/") && t != id("RI.1/I.e"))
        .collect();
    let mut lakes_placed = 0;
    for seed in 0..40 {
        let drawn = drawn(&play(&def, seed));
        assert!(drawn[..10].iter().all(|t| river.contains(t)), "seed {seed}: {drawn:?}");
        assert_eq!(
            drawn[10],
            id("RI.1/I.e"),
            "seed {seed}: the lake comes last of the river"
        );
        assert!(drawn[11..].iter().all(|t| !river.contains(t)));
        assert!(
            drawn.contains(&id("D")),
            "the base game's start tile is dealt into the pile"
        );
        lakes_placed += usize::from(!play(&def, seed).contains(&Event::TileDiscarded { tile: id("RI.1/I.e") }));
    }
    assert!(
        lakes_placed > 20,
        "the river usually reaches its lake: {lakes_placed} of 40"
    );
}

#[test]
fn river_ii_deals_its_spring_first_then_the_fork_the_river_and_the_lake_last() {
    let def = def(&["base", "river-ii"]);
    let id = |id: &str| def.tile_index(id).unwrap();
    assert_eq!(def.start(), id("RI.2/s"));
    let (fork, lake) = (id("RI.2/III"), id("RI.2/I.v"));
    // New edition: the bend with the garden, not the plain one.
    let river: Vec<u16> = (0..def.tables().tiles.len() as u16)
        .filter(|&t| def.tables().tiles[t as usize].id.starts_with("RI.2/"))
        .filter(|&t| ![def.start(), fork, lake, id("RI.2/II")].contains(&t))
        .collect();
    assert_eq!(river.len(), 9);
    let mut forks_placed = 0;
    for seed in 0..40 {
        let events = play(&def, seed);
        let drawn = drawn(&events);
        assert_eq!(drawn[0], fork, "seed {seed}: the fork comes first");
        assert!(drawn[1..10].iter().all(|t| river.contains(t)), "seed {seed}: {drawn:?}");
        assert_eq!(drawn[10], lake, "seed {seed}: the lake comes last of the river");
        assert!(drawn[11..].iter().all(|t| !river.contains(t) && *t != fork));
        forks_placed += usize::from(!events.contains(&Event::TileDiscarded { tile: fork }));
    }
    assert_eq!(forks_placed, 40, "the fork always fits beside the spring");
}

/// Both rivers together, as the publisher answered: one spring and one lake are set aside.
/// River II's spring starts, its fork comes first, then the river tiles of both shuffled
/// together, River II's lake last; the River's spring and lake are not dealt.
#[test]
fn both_rivers_deal_one_spring_the_fork_both_rivers_and_one_lake() {
    let def = def(&["base", "river", "river-ii"]);
    let id = |id: &str| def.tile_index(id).unwrap();
    assert_eq!(def.start(), id("RI.2/s"));
    let (fork, lake) = (id("RI.2/III"), id("RI.2/I.v"));
    let set_aside = [id("RI/s"), id("RI.1/I.e")];
    assert!(
        set_aside.iter().all(|t| !def.pile().contains(t)),
        "the River's spring and lake"
    );
    let river: Vec<u16> = def
        .pile()
        .iter()
        .copied()
        .filter(|&t| def.tables().tiles[usize::from(t)].id.starts_with("RI"))
        .filter(|&t| t != fork && t != lake)
        .collect();
    assert_eq!(river.len(), 10 + 9, "the River's ten and River II's nine");
    let (mut first_rivers, mut placed) = (0, 0);
    for seed in 0..40 {
        let events = play(&def, seed);
        let drawn = drawn(&events);
        assert_eq!(drawn[0], fork, "seed {seed}: the fork comes first");
        assert!(drawn[1..20].iter().all(|t| river.contains(t)), "seed {seed}: {drawn:?}");
        assert_eq!(drawn[20], lake, "seed {seed}: the lake comes last of the river");
        assert!(
            drawn[21..]
                .iter()
                .all(|t| !river.contains(t) && *t != fork && !set_aside.contains(t))
        );
        first_rivers += usize::from(def.tables().tiles[usize::from(drawn[1])].id.starts_with("RI.1/"));
        placed += events.iter().filter(|e| matches!(e, Event::TilePlaced { .. })).count();
    }
    // Both rivers' tiles come first in some games: one group, shuffled together.
    assert!((1..40).contains(&first_rivers), "{first_rivers}");
    assert!(placed > 40 * 60);
}

/// Checked again from the events, independently of the mechanism: each river tile's river meets
/// the river on the table, and in front of each river end it leaves open the squares a further
/// river tile would need (beside the next square, two ahead and beside that) are empty.
#[test]
fn every_river_tile_continues_the_river_and_never_turns_back() {
    let def = def(&["base", "river"]);
    for seed in 0..60 {
        let mut table: HashMap<(i32, i32), (u16, u8)> = HashMap::new();
        table.insert((0, 0), (def.start(), 0));
        for (x, y, tile, rotation) in placements(&def, seed) {
            let sides = river_sides(&def, tile, rotation);
            if !sides.is_empty() {
                let empty = |p: (i32, i32)| !table.contains_key(&p);
                let mut continues = false;
                for side in sides {
                    let (dx, dy) = side.offset();
                    let next = (x + dx, y + dy);
                    match table.get(&next) {
                        Some(&(theirs, turned)) => {
                            assert!(river_sides(&def, theirs, turned).contains(&side.opposite()));
                            continues = true;
                        }
                        None => {
                            let (px, py) = (-dy, dx);
                            let ahead = (next.0 + dx, next.1 + dy);
                            for p in [
                                (next.0 + px, next.1 + py),
                                (next.0 - px, next.1 - py),
                                ahead,
                                (ahead.0 + px, ahead.1 + py),
                                (ahead.0 - px, ahead.1 - py),
                            ] {
                                assert!(empty(p), "seed {seed}: the river at ({x}, {y}) turns back to {p:?}");
                            }
                        }
                    }
                }
                assert!(continues, "seed {seed}: the river tile at ({x}, {y}) continues nothing");
            }
            table.insert((x, y), (tile, rotation));
        }
    }
}

#[test]
fn the_rules_play_only_with_a_kind_that_has_them_and_the_switch_on() {
    let river = def(&["base", "river"]);
    assert!(Mechanisms::plays_in(&river, "edge-kind-rules"));
    assert!(!Mechanisms::plays_in(&def(&["base"]), "edge-kind-rules"));
    let mut rules = river.rules().clone();
    rules.switches.edge_kind_rules = false;
    let off = Arc::new((*river).clone().with_rules(rules).unwrap());
    assert!(!Mechanisms::plays_in(&off, "edge-kind-rules"));
    // Without the rules, a river tile may go wherever it fits: somewhere in every game a river
    // tile leaves the river (here: the first is placed beside the spring, not continuing it).
    let mut strayed = false;
    for seed in 0..40 {
        let events = play(&off, seed);
        let first = events.iter().find_map(|event| match *event {
            Event::TilePlaced {
                tile, x, y, rotation, ..
            } => Some((tile, x, y, rotation)),
            _ => None,
        });
        let (tile, x, y, rotation) = first.expect("a tile placed");
        let east = (x, y) == (1, 0) && river_sides(&off, tile, rotation).contains(&Side::W);
        strayed |= !east;
    }
    assert!(
        strayed,
        "without the rules some first river tile does not continue the spring's river"
    );
}

#[test]
fn a_kind_declared_twice_plays_the_fuller_declaration_and_refuses_two_that_each_lack_a_rule() {
    let set = |id: &str, rules: &str| -> TileSet {
        toml::from_str(&format!(
            "id = \"{id}\"\nname = \"{id}\"\n[edge-kinds.river]\n{rules}\n\
             [[tiles]]\nid = \"{id}-t\"\ncount = 1\nedges = [\"field\", \"river\", \"field\", \"river\"]\n\
             features.n = {{ kind = \"field\", on = [\"Wn\", \"N\", \"En\"] }}\n\
             features.s = {{ kind = \"field\", on = [\"Es\", \"S\", \"Ws\"] }}\n"
        ))
        .unwrap()
    };
    let base = &bundled::catalog().tileset("base").unwrap().model;
    let rules = bundled::catalog()
        .rulesets
        .iter()
        .find(|r| r.model.id == "new-edition")
        .unwrap();
    let rules = tilewright_rules::model::resolve(
        &rules.model.id,
        &bundled::catalog().rulesets.iter().map(|r| &r.model).collect::<Vec<_>>(),
    )
    .unwrap();
    let (a, b, same) = (
        set("a", "must-continue = true"),
        set("b", "no-u-turn = true"),
        set("c", "must-continue = true"),
    );
    let fuller = set("d", "must-continue = true\nno-u-turn = true");
    let error = GameDef::new(&[(base, None), (&a, None), (&b, None)], &[], rules.clone()).unwrap_err();
    assert_eq!(error, SetupError::EdgeKindTwice("river".into()));
    assert!(GameDef::new(&[(base, None), (&a, None), (&same, None)], &[], rules.clone()).is_ok());
    // Whichever comes first, the declaration with more rules is the one played.
    for sets in [[&a, &fuller], [&fuller, &a]] {
        let sets = [(base, None), (sets[0], None), (sets[1], None)];
        let def = GameDef::new(&sets, &[], rules.clone()).unwrap();
        let (_, played) = def.edge_kinds().kinds().next().unwrap();
        assert_eq!(played, fuller.edge_kinds["river"]);
    }
}

/// The expansion guide's invented edge kind, as written there, in a set of its own.
fn lava() -> String {
    let readme = include_str!("../../docs/expansions.md");
    let start = readme
        .find("```toml\n[edge-kinds.lava]")
        .expect("the lava example in docs/expansions.md");
    let text = &readme[start + "```toml\n".len()..];
    format!("id = \"lava\"\nname = \"Lava\"\n{}", &text[..text.find("```").unwrap()])
}

#[test]
fn the_readme_lava_flows_on_from_its_vent_in_a_line() {
    use tilewright_load::source::Source;
    use tilewright_load::validate::validate_sources;
    let report = validate_sources(vec![Source::new("lava.toml", lava())], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    let sets = ["base".to_owned(), "lava".to_owned()];
    let def = Arc::new(GameDef::from_catalog(&catalog, &sets, "new-edition").unwrap());
    assert_eq!(def.start(), def.tile_index("LAVA/vent").unwrap());
    let flow = def.tile_index("LAVA/flow").unwrap();
    for seed in 0..20 {
        let placed: Vec<(i16, i16)> = play(&def, seed)
            .iter()
            .filter_map(|event| match *event {
                Event::TilePlaced { tile, x, y, .. } if tile == flow => Some((x, y)),
                Event::TileDiscarded { tile } if tile == flow => panic!("seed {seed}: a flow is discarded"),
                _ => None,
            })
            .collect();
        // Each flow continues the one before: the only open lava end is east of the last.
        assert_eq!(placed, [(1, 0), (2, 0), (3, 0), (4, 0)], "seed {seed}");
    }
}

/// A forked course: a spring, a fork leaving the stream three ways, a bend with a road.
const DELTA: &str = r#"id = "delta"
name = "Delta"
[edge-kinds.stream]
must-continue = true
no-u-turn = true
branches-apart = true

[[deal]]
group = "spring"
start = "D/spring"

[[deal]]
group = "stream"

[[tiles]]
id = "D/spring"
count = 1
group = "spring"
edges = ["field", "stream", "field", "field"]
features.f = { kind = "field", on = ["N", "E", "S", "W"] }

[[tiles]]
id = "D/fork"
count = 1
group = "stream"
edges = ["stream", "stream", "field", "stream"]
features.f1 = { kind = "field", on = ["Wn", "Nw"] }
features.f2 = { kind = "field", on = ["Ne", "En"] }
features.f3 = { kind = "field", on = ["Es", "S", "Ws"] }

[[tiles]]
id = "D/bend"
count = 1
group = "stream"
edges = ["road", "road", "stream", "stream"]
features.r = { kind = "road", on = ["N", "E"] }
features.f1 = { kind = "field", on = ["Wn", "Nw", "Es", "Se"] }
features.f2 = { kind = "field", on = ["Ne", "En"] }
features.f3 = { kind = "field", on = ["Ws", "Sw"] }
"#;

#[test]
fn branches_of_a_forked_course_keep_apart() {
    use tilewright_load::scenario::run_text;
    use tilewright_load::source::Source;
    use tilewright_load::validate::validate_sources;
    let report = validate_sources(vec![Source::new("delta.toml", DELTA)], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    // A tile in the line of an open end, however far ahead, refuses it: with a monastery at
    // (4, -1), the fork may not leave the stream east; turned to leave it north and south, it may.
    let far = "description = \"d\"\ntilesets = [\"base\", \"delta\"]\n\
               [[layout]]\ntile = \"D/spring\"\nat = [0, 0]\n[[layout]]\ntile = \"B\"\nat = [4, -1]\n\
               [[turns]]\ntile = \"D/fork\"\nat = [1, 0]\nrotation = 2\nillegal = true\n\
               [[turns]]\ntile = \"D/fork\"\nat = [1, 0]\nrotation = 3\n[expect]\n";
    run_text(far, &catalog).unwrap();
    // The fork turned twice leaves the stream east, to (2, 0), and south, to (1, 1).
    let turns = |bend: &str| {
        format!(
            "description = \"d\"\ntilesets = [\"base\", \"delta\"]\n\
             [[layout]]\ntile = \"D/spring\"\nat = [0, 0]\n\
             [[turns]]\ntile = \"D/fork\"\nat = [1, 0]\nrotation = 2\n{bend}\n[expect]\n"
        )
    };
    let bend = |at: &str, rotation: u8, illegal: bool| {
        let refused = if illegal { "illegal = true\n" } else { "" };
        format!("[[turns]]\ntile = \"D/bend\"\nat = {at}\nrotation = {rotation}\n{refused}")
    };
    // Bent north, away from the other branch: the one place it may go.
    run_text(&turns(&bend("[2, 0]", 1, false)), &catalog).unwrap();
    // Bent south from (2, 0), or east from (1, 1): two open ends side by side heading one way.
    for (at, rotation) in [("[2, 0]", 0), ("[1, 1]", 2)] {
        let refused = format!("{}{}", bend(at, rotation, true), bend("[2, 0]", 1, false));
        run_text(&turns(&refused), &catalog).unwrap_or_else(|e| panic!("{at} turned {rotation}: {e}"));
        let placed = run_text(&turns(&bend(at, rotation, false)), &catalog);
        assert!(placed.is_err(), "{at} turned {rotation} is allowed");
    }
}

/// Checked again from the events, independently of the mechanism: after each River II tile,
/// no open river end heads for a tile in its three-wide line within the table's bounds, and
/// no two open ends heading one way lead to squares one apart across it.
#[test]
fn river_ii_branches_keep_apart_in_random_games() {
    let def = def(&["base", "river-ii"]);
    for seed in 0..60 {
        let mut table: HashMap<(i32, i32), (u16, u8)> = HashMap::new();
        table.insert((0, 0), (def.start(), 0));
        for (x, y, tile, rotation) in placements(&def, seed) {
            table.insert((x, y), (tile, rotation));
            let new_ends = river_sides(&def, tile, rotation);
            if new_ends.is_empty() {
                continue;
            }
            // Every open end on the table: where it leads, and which way.
            let open: Vec<((i32, i32), Side)> = table
                .iter()
                .flat_map(|(&(tx, ty), &(t, r))| {
                    river_sides(&def, t, r).into_iter().map(move |side| {
                        let (dx, dy) = side.offset();
                        ((tx + dx, ty + dy), side)
                    })
                })
                .filter(|(next, _)| !table.contains_key(next))
                .collect();
            let (low_x, high_x) = (
                table.keys().map(|p| p.0).min().unwrap(),
                table.keys().map(|p| p.0).max().unwrap(),
            );
            let (low_y, high_y) = (
                table.keys().map(|p| p.1).min().unwrap(),
                table.keys().map(|p| p.1).max().unwrap(),
            );
            for side in new_ends {
                let (dx, dy) = side.offset();
                let next = (x + dx, y + dy);
                if table.contains_key(&next) {
                    continue;
                }
                let (px, py) = (-dy, dx);
                let mut ahead = next;
                while (low_x..=high_x).contains(&ahead.0) && (low_y..=high_y).contains(&ahead.1) {
                    for p in [ahead, (ahead.0 + px, ahead.1 + py), (ahead.0 - px, ahead.1 - py)] {
                        assert!(
                            !table.contains_key(&p),
                            "seed {seed}: the river at ({x}, {y}) heads for {p:?}"
                        );
                    }
                    ahead = (ahead.0 + dx, ahead.1 + dy);
                }
                let across = |p: (i32, i32)| if dx == 0 { p.0 } else { p.1 };
                let same_way: Vec<i32> = open
                    .iter()
                    .filter(|(_, s)| *s == side)
                    .map(|(p, _)| across(*p))
                    .collect();
                for (i, a) in same_way.iter().enumerate() {
                    for b in &same_way[i + 1..] {
                        assert!(
                            (a - b).abs() != 1,
                            "seed {seed}: open ends side by side after ({x}, {y})"
                        );
                    }
                }
            }
        }
    }
}
