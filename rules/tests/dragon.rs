//! The Princess & the Dragon's dragon in whole games: a dragon tile drawn before the dragon
//! came waits aside until a volcano brings it, and in random games every flight keeps the
//! rules (steps to a tile beside it, never twice onto one tile nor onto the fairy's, the
//! players in turn from the tile's placer, at most `dragon-moves` steps), no figure is
//! deployed where the dragon stands, and what it eats stood on the tile it entered.
//!
//! The rules themselves, with worked positions, are scenarios of the top-level `scenarios/`
//! (`dragon-*`).

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_rules::bots::random_step;
use tilewright_rules::game::{Action, Event, Game, GameDef, Happening, Mechanisms, Phase, Rng, Seat};

fn def(edition: &str) -> Arc<GameDef> {
    let sets = ["base", "princess-and-dragon"].map(str::to_owned);
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, edition).unwrap())
}

/// The name of a mechanism's event.
fn named(happening: &Happening) -> &'static str {
    Mechanisms::event_words(happening.kind).unwrap().name
}

#[test]
fn a_dragon_tile_drawn_before_the_dragon_waits_aside_until_a_volcano_brings_it() {
    let def = def("new-edition");
    let tile = |id| def.tile_index(id).unwrap();
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    game.lay(tile("D"), 0, 0, 0).unwrap();
    let mut events = Vec::new();
    // Drawn first, the dragon tile goes aside; the volcano is drawn in its place.
    game.start(vec![tile("DG/RFr.d"), tile("DG/F.v")], Seat(0), true, &mut events)
        .unwrap();
    assert_eq!(game.phase(), Phase::Place { tile: tile("DG/F.v") });
    assert_eq!(game.mechanisms().dragon().aside(), [tile("DG/RFr.d")]);
    let said: Vec<String> = events.iter().map(|e| def.describe(e)).collect();
    assert_eq!(said, ["DG/RFr.d is set aside until the dragon comes"]);

    // The volcano north of the start tile brings the dragon, and nothing may stand on it.
    events.clear();
    game.apply(
        Action::Place {
            x: 0,
            y: 1,
            rotation: 0,
        },
        &mut events,
    )
    .unwrap();
    assert_eq!(game.mechanisms().dragon().at(), Some(1));
    assert_eq!(game.legal_actions(), [Action::Pass], "no figure goes onto the volcano");
    assert!(game.mechanisms().dragon().aside().is_empty());
    // The tile set aside is back in the pile, and drawn next.
    game.apply(Action::Pass, &mut events).unwrap();
    assert_eq!(game.phase(), Phase::Place { tile: tile("DG/RFr.d") });
    let said: Vec<String> = events.iter().map(|e| def.describe(e)).collect();
    assert!(said.contains(&"the dragon flies to (0, 1)".to_owned()), "{said:?}");
}

/// What one random game says of the dragon, checked as it goes.
#[derive(Default)]
struct Seen {
    flights: usize,
    steps: usize,
    full_flights: usize,
    eaten: usize,
    set_aside: usize,
    fairy_moves: usize,
}

/// Plays a random game of `players` and checks every flight and deployment against the rules.
fn check_game(def: &Arc<GameDef>, players: u8, seed: u64, seen: &mut Seen) {
    let mut events = Vec::new();
    let mut game = Game::new_with_events(Arc::clone(def), players, seed, &mut events).unwrap();
    let (mut rng, mut actions) = (Rng::new(seed ^ 0xd7a6), Vec::new());
    let moves = def.value("dragon-moves") as usize;
    // The dragon's tile, and the flight under way: its tiles and who placed the tile.
    let mut dragon: Option<(i16, i16)> = None;
    let mut flight: Vec<(i16, i16)> = Vec::new();
    let mut placer = 0u8;
    // The fairy's tile, once moved.
    let mut fairy: Option<(i16, i16)> = None;
    loop {
        events.clear();
        let going = random_step(&mut game, &mut rng, &mut actions, &mut events);
        for event in &events {
            match event {
                Event::TilePlaced { player, tile, .. } => {
                    if flight.len() > 1 {
                        seen.full_flights += usize::from(flight.len() - 1 == moves);
                    }
                    flight.clear();
                    placer = *player;
                    let compiled = &def.tables().tiles[usize::from(*tile)];
                    if let Some(at) = dragon.filter(|_| compiled.dragon) {
                        flight.push(at);
                        seen.flights += 1;
                    }
                }
                Event::Mechanism(h) if named(h) == "wagon-moved" => {
                    assert_ne!(
                        Some((h.x, h.y)),
                        dragon,
                        "seed {seed}: a wagon moved where the dragon stands"
                    );
                }
                Event::FigureDeployed { x, y, .. } => {
                    assert_ne!(
                        Some((*x, *y)),
                        dragon,
                        "seed {seed}: a figure deployed where the dragon stands"
                    );
                }
                Event::Mechanism(h) if named(h) == "dragon-appears" => {
                    dragon = Some((h.x, h.y));
                }
                Event::Mechanism(h) if named(h) == "fairy-moved" => {
                    fairy = Some((h.x, h.y));
                    seen.fairy_moves += 1;
                }
                Event::Mechanism(h) if named(h) == "dragon-moves" => {
                    assert_ne!(
                        Some((h.x, h.y)),
                        fairy,
                        "seed {seed}: the dragon entered the fairy's tile"
                    );
                    let (x, y) = dragon.unwrap();
                    assert_eq!(
                        (h.x - x).abs() + (h.y - y).abs(),
                        1,
                        "seed {seed}: a step to a tile beside it"
                    );
                    assert!(
                        !flight.contains(&(h.x, h.y)),
                        "seed {seed}: a tile entered twice in a flight"
                    );
                    let step = flight.len() - 1;
                    assert_eq!(
                        usize::from(h.player),
                        (usize::from(placer) + step) % usize::from(players)
                    );
                    flight.push((h.x, h.y));
                    assert!(flight.len() - 1 <= moves, "seed {seed}: more steps than dragon-moves");
                    dragon = Some((h.x, h.y));
                    seen.steps += 1;
                }
                Event::Mechanism(h) if named(h) == "dragon-eats" => {
                    assert_eq!(Some((h.x, h.y)), dragon, "seed {seed}: it eats where it stands");
                    seen.eaten += 1;
                }
                Event::Mechanism(h) if named(h) == "tile-set-aside" => {
                    assert!(dragon.is_none(), "seed {seed}: set aside with the dragon on the table");
                    assert!(def.tables().tiles[usize::from(h.tile)].dragon);
                    seen.set_aside += 1;
                }
                _ => {}
            }
        }
        // A step waits for the player whose step it is; the figures add up.
        if let Phase::Decide { player, .. } = game.phase()
            && game.phase().mechanism() == Some("dragon")
        {
            let step = flight.len() - 1;
            assert_eq!(usize::from(player), (usize::from(placer) + step) % usize::from(players));
        }
        for p in 0..players {
            let accounted = game.figures_accounted(p);
            let expected: Vec<u8> = def.figures().iter().map(|f| f.count).collect();
            assert_eq!(
                accounted[..expected.len()],
                expected[..],
                "seed {seed}: player {p}'s figures"
            );
        }
        if !going {
            break;
        }
    }
    // Every tile of the pile was placed, discarded, or is still aside (the start tile and the
    // tiles the players hold, abbeys, come from no pile).
    let from_pile = |p: &&tilewright_rules::game::PlacedTile| {
        def.tables().tiles[usize::from(p.tile)].supply == tilewright_rules::model::Supply::Pile
    };
    let placed = game.board().placed[1..].iter().filter(from_pile).count();
    let aside = game.mechanisms().dragon().aside().len();
    assert_eq!(
        placed + game.discarded() as usize + aside,
        def.pile().len(),
        "seed {seed}"
    );
}

#[test]
fn every_flight_in_random_games_keeps_the_rules() {
    for edition in ["first-edition", "new-edition"] {
        let def = def(edition);
        let mut seen = Seen::default();
        for seed in 0..120 {
            check_game(&def, 2 + (seed % 4) as u8, seed, &mut seen);
        }
        // Not vacuous: the dragon flew, ate, flew its full length and waited aside.
        assert!(seen.flights > 100, "{edition}: {} flights", seen.flights);
        assert!(seen.steps > 3 * seen.flights, "{edition}: {} steps", seen.steps);
        assert!(seen.full_flights > 50, "{edition}: {} full flights", seen.full_flights);
        assert!(seen.eaten > 20, "{edition}: {} figures eaten", seen.eaten);
        assert!(seen.set_aside > 10, "{edition}: {} tiles set aside", seen.set_aside);
        assert!(seen.fairy_moves > 100, "{edition}: {} fairy moves", seen.fairy_moves);
    }
}

/// `def` under the rules' values with `key` set to `value`.
fn with_value(def: &Arc<GameDef>, key: &str, value: u32) -> Arc<GameDef> {
    let mut rules = def.rules().clone();
    rules.values.insert(key.into(), value);
    Arc::new((**def).clone().with_rules(rules).unwrap())
}

/// Sixty random games of 2 to 4 players checked as [`check_game`] does, with flights and
/// figures eaten in them (the check is not vacuous).
fn sixty_checked_games(def: &Arc<GameDef>) {
    let mut seen = Seen::default();
    for seed in 0..60 {
        check_game(def, 2 + (seed % 3) as u8, seed, &mut seen);
    }
    assert!(
        seen.flights > 50 && seen.eaten > 5,
        "{} flights, {} eaten",
        seen.flights,
        seen.eaten
    );
}

/// With wagons, builders, pigs and barns as well: every figure stays off the dragon's tile.
#[test]
fn flights_among_the_other_expansions_figures_keep_the_rules() {
    let sets = ["base", "abbey-and-mayor", "traders-and-builders", "princess-and-dragon"].map(str::to_owned);
    sixty_checked_games(&Arc::new(
        GameDef::from_catalog(bundled::catalog(), &sets, "new-edition").unwrap(),
    ));
}

#[test]
fn flights_after_the_scoring_step_keep_the_rules_too() {
    sixty_checked_games(&with_value(&def("new-edition"), "dragon-after-scoring", 1));
}

#[test]
fn dragon_moves_is_the_rules_value() {
    let mut lengths: HashMap<usize, usize> = HashMap::new();
    let short = with_value(&def("new-edition"), "dragon-moves", 2);
    for seed in 0..40 {
        let mut events = Vec::new();
        let mut game = Game::new_with_events(Arc::clone(&short), 3, seed, &mut events).unwrap();
        let (mut rng, mut actions) = (Rng::new(seed), Vec::new());
        while random_step(&mut game, &mut rng, &mut actions, &mut events) {}
        let mut run = 0;
        for event in &events {
            match event {
                Event::Mechanism(h) if named(h) == "dragon-moves" => run += 1,
                Event::TilePlaced { .. } if run > 0 => {
                    *lengths.entry(run).or_default() += 1;
                    run = 0;
                }
                _ => {}
            }
        }
    }
    assert!(lengths.keys().all(|&n| n <= 2), "{lengths:?}");
    assert!(lengths.get(&2).is_some_and(|&n| n > 20), "{lengths:?}");
}
