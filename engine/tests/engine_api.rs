//! The engine's API as a bot or UI uses it: determinism, records and replays, cheap clones,
//! refused actions, and the invariants that must hold after every action of random games.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use proptest::prelude::*;
use tilewright_engine::FromCatalog;
use tilewright_engine::bundled;
use tilewright_engine::game::{
    Action, ActionError, Event, FeatureAt, FigureIndex, Game, GameDef, GameRecord, MAX_FIGURE_TYPES, Phase,
    ReplayError, Rng, Seat, SetupError, Step,
};
use tilewright_engine::model::{AbbeyEndgame, HillTiebreak, Switches, WagonMove};
use tilewright_engine::simulate::{Scratch, play_out, policy_seed, random_action};
use tilewright_engine::validate::validate_paths;

fn def(rules: &str) -> Arc<GameDef> {
    Arc::new(GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], rules).unwrap())
}

/// Places the drawn tile unturned at `(x, y)`.
fn place(game: &mut Game, x: i16, y: i16, events: &mut Vec<Event>) {
    game.apply(Action::Place { x, y, rotation: 0 }, events).unwrap();
}

fn random_game(def: &Arc<GameDef>, players: u8, seed: u64) -> Game {
    let mut game = Game::new(Arc::clone(def), players, seed).unwrap();
    play_out(&mut game, &mut Rng::new(policy_seed(seed)), &mut Scratch::default());
    game
}

#[test]
fn same_seed_and_actions_give_the_same_game() {
    let def = def("new-edition");
    let (a, b) = (random_game(&def, 3, 42), random_game(&def, 3, 42));
    assert_eq!(a.record(), b.record());
    assert_ne!(a.record().actions, random_game(&def, 3, 43).record().actions);
}

#[test]
fn a_restarted_game_is_a_new_game() {
    let sets = ["base", "abbey-and-mayor", "hills-and-sheep"].map(str::to_owned);
    let def = Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, "new-edition").unwrap());
    let mut game = random_game(&def, 3, 1);
    for seed in [2, 3] {
        game.restart(seed);
        let fresh = Game::new(Arc::clone(&def), 3, seed).unwrap();
        assert_eq!(game.record(), fresh.record());
        assert_eq!((game.phase(), game.pile_len()), (fresh.phase(), fresh.pile_len()));
        let (mut rng, mut scratch) = (Rng::new(policy_seed(seed)), Scratch::default());
        play_out(&mut game, &mut rng, &mut scratch);
        let played = random_game(&def, 3, seed);
        assert_eq!(game.record(), played.record());
        assert_eq!(game.scores(), played.scores());
        assert_eq!(game.board().placed, played.board().placed);
    }
}

#[test]
fn records_save_and_replay_to_the_same_scores() {
    let def = def("first-edition");
    let game = random_game(&def, 4, 7);
    let text = serde_json::to_string(&game.record()).unwrap();
    let record: GameRecord = serde_json::from_str(&text).unwrap();
    let replayed = record.replay(Arc::clone(&def)).unwrap();
    assert_eq!(replayed.scores(), game.scores());
    assert_eq!(replayed.board().placed, game.board().placed);
}

#[test]
fn replay_refuses_a_rule_set_of_the_same_id_with_other_values() {
    let def = def("new-edition");
    let record = random_game(&def, 2, 9).record();
    // Another file takes the bundled id and plays other values.
    let own = tilewright_engine::Source::new(
        "new-edition.toml",
        "id = \"new-edition\"\nname = \"Same id\"\nextends = \"first-edition\"\n[scoring]\nroad-per-tile = 5\n",
    );
    let report = tilewright_engine::validate::validate_sources(vec![own], bundled::catalog());
    assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    let other = GameDef::from_catalog(&catalog, &["base@new-edition".to_owned()], "new-edition").unwrap();
    assert_eq!(other.rules().id, "new-edition");
    let refused = record.replay(Arc::new(other));
    assert!(matches!(refused, Err(ReplayError::Rules { .. })), "{refused:?}");
}

#[test]
fn records_say_their_format_know_every_key_and_carry_the_rules_hash() {
    let record = random_game(&def("new-edition"), 2, 9).record();
    let text = serde_json::to_string_pretty(&record).unwrap();
    assert!(text.starts_with("{\n  \"format_version\": 1,\n"), "{text}");
    assert_eq!(GameRecord::from_json(text.as_bytes()), Ok(record.clone()));
    let refused = |text: &str| GameRecord::from_json(text.as_bytes()).unwrap_err().to_string();
    let unnumbered = text.replacen("  \"format_version\": 1,\n", "", 1);
    assert!(
        refused(&unnumbered).starts_with("not a game record of format 1: it has no `format_version`"),
        "{}",
        refused(&unnumbered)
    );
    let later = text.replacen("\"format_version\": 1", "\"format_version\": 2", 1);
    assert!(
        refused(&later).starts_with(
            "2:21: not a game record: this record is of format 2, and this version of Tilewright reads format 1 only"
        ),
        "{}",
        refused(&later)
    );
    // A later format is said as such even where it has keys this one does not know.
    let later = later.replacen("\"rules\":", "\"variant\": \"x\",\n  \"rules\":", 1);
    assert!(refused(&later).contains("of format 2"), "{}", refused(&later));
    let unknown = text.replacen("\"rules\":", "\"rule\": \"x\",\n  \"rules\":", 1);
    assert!(
        refused(&unknown).contains("unknown field `rule`"),
        "{}",
        refused(&unknown)
    );
    let unknown = text.replacen("\"action\": \"place\",", "\"action\": \"place\", \"turn\": 1,", 1);
    assert!(
        refused(&unknown).contains("unknown field `turn`"),
        "{}",
        refused(&unknown)
    );
    let unknown = text.replacen("\"edition\":", "\"note\": 1, \"edition\":", 1);
    assert!(
        refused(&unknown).contains("unknown field `note`"),
        "{}",
        refused(&unknown)
    );
    let unhashed = text.replacen(&format!("\"rules_hash\": \"{}\",", record.rules_hash), "", 1);
    assert!(
        refused(&unhashed).contains("missing field `rules_hash`"),
        "{}",
        refused(&unhashed)
    );
    let twice = text.replacen(
        "\"tilesets\": [",
        "\"tilesets\": [{\"id\": \"base\", \"edition\": \"x\", \"hash\": \"x\"},",
        1,
    );
    assert!(
        refused(&twice).contains("not a game record: the tile set or expansion `base` is named twice"),
        "{}",
        refused(&twice)
    );
}

/// Replays record `text` (named `name` in messages), checks that its actions are written
/// back exactly as they were, and returns its definition.
fn replays_as_written(name: &str, text: &str) -> Arc<GameDef> {
    let record: GameRecord = serde_json::from_str(text).unwrap();
    let def = GameDef::from_catalog(bundled::catalog(), &record.files(), &record.rules).unwrap();
    let def = Arc::new(def);
    let replayed = record.replay(Arc::clone(&def));
    assert!(replayed.is_ok(), "{name}: {replayed:?}");
    let written: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        serde_json::to_value(&record.actions).unwrap(),
        written["actions"],
        "{name}: actions are written as they were"
    );
    def
}

/// Every mechanism's actions (a barn on a corner, a flock grown and guided home, a wagon moved)
/// in a record of format 1 replay, and are written back as they were read.
#[test]
fn records_with_every_mechanism_action_replay() {
    let text = include_str!("fixtures/records/every-mechanism-action.json");
    for name in ["deploy-barn", "grow", "guide", "move-wagon"] {
        assert!(text.contains(&format!("\"action\": \"{name}\"")), "{name}");
    }
    replays_as_written("every mechanism action", text);
}

#[test]
fn records_written_before_house_rule_switches_still_replay() {
    for (name, text) in [
        ("base", include_str!("fixtures/records/before-house-rules-base.json")),
        (
            "expansions",
            include_str!("fixtures/records/before-house-rules-expansions.json"),
        ),
    ] {
        let def = replays_as_written(name, text);
        // The same rules with a mechanism switched off were not playable then: refused.
        let mut rules = def.rules().clone();
        rules.switches.barn = false;
        let other = Arc::new(GameDef::clone(&def).with_rules(rules).unwrap());
        let record: GameRecord = serde_json::from_str(text).unwrap();
        let refused = record.replay(other);
        assert!(matches!(refused, Err(ReplayError::Rules { .. })), "{name}: {refused:?}");
    }
}

#[test]
fn replay_refuses_other_tile_sets_rules_and_scores() {
    let def = def("new-edition");
    let record = random_game(&def, 2, 9).record();
    let mut changed = record.clone();
    changed.tilesets[0].hash = "0000000000000000".into();
    assert!(matches!(
        changed.replay(Arc::clone(&def)),
        Err(ReplayError::TileSets { .. })
    ));
    let same_tiles_other_rules =
        GameDef::from_catalog(bundled::catalog(), &["base@new-edition".to_owned()], "first-edition").unwrap();
    assert!(matches!(
        record.replay(Arc::new(same_tiles_other_rules)),
        Err(ReplayError::Rules { .. })
    ));
    assert!(matches!(
        record.replay(self::def("first-edition")),
        Err(ReplayError::TileSets { .. })
    ));
    let mut scores = record.clone();
    scores.scores[0] += 1;
    assert!(matches!(
        scores.replay(Arc::clone(&def)),
        Err(ReplayError::Scores { .. })
    ));
    let mut short = record.clone();
    short.actions.truncate(10);
    assert!(matches!(short.replay(Arc::clone(&def)), Err(ReplayError::Unfinished)));
    // A record saved mid-game (its scores those of that point) replays as far as it goes.
    let mut midway = Game::new(Arc::clone(&def), record.players, record.seed).unwrap();
    let mut events = Vec::new();
    for &action in &record.actions[..10] {
        midway.apply(action, &mut events).unwrap();
    }
    let saved = midway.record();
    let replayed = saved.replay_so_far(Arc::clone(&def)).unwrap();
    assert!(!replayed.is_over());
    assert_eq!(replayed.record(), saved);
    assert!(matches!(
        short.replay_so_far(Arc::clone(&def)),
        Err(ReplayError::Scores { .. })
    ));
    // Seats are kept when known, and a record without them reads as before.
    let text = serde_json::to_string(&saved).unwrap();
    assert!(!text.contains("seats"), "{text}");
    let mut seated = saved.clone();
    seated.seats = vec!["human".into(), "mcts:1000".into()];
    let text = serde_json::to_string(&seated).unwrap();
    assert_eq!(GameRecord::from_json(text.as_bytes()).unwrap(), seated);
    let mut bad = record;
    bad.actions[0] = Action::Pass;
    assert!(matches!(bad.replay(def), Err(ReplayError::Action { index: 0, .. })));
}

/// A new-edition base game with seed `seed`, `actions` random actions (drawn from `rng`) in.
fn base_game_after(seed: u64, actions: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(def("new-edition"), 2, seed).unwrap();
    let mut scratch = Scratch::default();
    for _ in 0..actions {
        random_action(&mut game, rng, &mut scratch);
    }
    game
}

#[test]
fn a_clone_plays_on_without_touching_the_original() {
    let mut rng = Rng::new(1);
    let game = base_game_after(5, 40, &mut rng);
    let before = game.record();
    let mut copy = game.clone();
    play_out(&mut copy, &mut rng, &mut Scratch::default());
    assert!(copy.is_over());
    assert_eq!(game.record(), before);
    assert!(!game.is_over());
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let def = def("new-edition");
    let mut game = Game::new(Arc::clone(&def), 2, 11).unwrap();
    let mut events = Vec::new();
    let before = game.record();
    assert!(matches!(
        game.apply(Action::Pass, &mut events),
        Err(ActionError::WrongStep(_))
    ));
    for (x, y, rotation) in [(0, 0, 0), (5, 5, 0), (1, 0, 9)] {
        let refused = game.apply(Action::Place { x, y, rotation }, &mut events);
        assert!(
            matches!(refused, Err(ActionError::IllegalPlacement { .. })),
            "({x}, {y}) turned {rotation}"
        );
    }
    assert_eq!(game.record(), before);
    assert!(events.is_empty());
    // `fits_at` agrees with the listed placements.
    let Phase::Place { tile } = game.phase() else {
        panic!("a drawn tile")
    };
    let legal = game.legal_placements(tile);
    for p in &legal {
        assert!(game.fits_at(tile, p.x, p.y, p.rotation));
    }
    assert!(!game.fits_at(tile, 0, 0, 0), "the start tile's cell is taken");
    let mut hand_built = Game::empty(Arc::clone(&def), 2).unwrap();
    assert!(
        hand_built.lay(u16::MAX, 0, 0, 0).is_err(),
        "a tile index out of range is refused"
    );
    assert!(hand_built.lay(0, 0, 0, 7).is_err(), "so is a rotation out of range");
    // Place legally, then try deployments that break the rules.
    let place = game.legal_actions()[0];
    game.apply(place, &mut events).unwrap();
    assert!(matches!(game.apply(place, &mut events), Err(ActionError::WrongStep(_))));
    let Phase::Deploy { .. } = game.phase() else {
        panic!("deploy step expected")
    };
    assert!(matches!(
        game.apply(Action::Deploy { figure: 0, feature: 99 }, &mut events),
        Err(ActionError::IllegalDeployment { .. })
    ));
    assert!(matches!(
        game.apply(Action::Deploy { figure: 7, feature: 0 }, &mut events),
        Err(ActionError::IllegalDeployment { .. })
    ));
    assert_eq!(game.history().len(), 1);
}

#[test]
fn a_feature_occupied_anywhere_is_closed_to_deployment() {
    let def = def("new-edition");
    // Seed search: find a turn where the placed tile extends an occupied feature.
    for seed in 0..50 {
        let mut game = Game::new(Arc::clone(&def), 2, seed).unwrap();
        let (mut rng, mut scratch) = (Rng::new(seed), Scratch::default());
        while !game.is_over() {
            if let Phase::Deploy { placed } = game.phase() {
                let offered: Vec<u8> = game
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        Action::Deploy { feature, .. } => Some(*feature),
                        _ => None,
                    })
                    .collect();
                let features = def.tables().tiles[game.board().placed[placed as usize].tile as usize]
                    .features
                    .len() as u8;
                for feature in 0..features {
                    let node = game.node(placed as usize, feature).unwrap();
                    let occupied = game
                        .figures()
                        .iter()
                        .any(|f| game_root(&game, f.node) == game_root(&game, node));
                    if occupied {
                        assert!(!offered.contains(&feature));
                        let mut copy = game.clone();
                        let refused = copy.apply(Action::Deploy { figure: 0, feature }, &mut Vec::new());
                        assert!(matches!(
                            refused,
                            Err(ActionError::IllegalDeployment {
                                why: "the feature is already occupied",
                                ..
                            })
                        ));
                        return;
                    }
                }
            }
            random_action(&mut game, &mut rng, &mut scratch);
        }
    }
    panic!("no occupied feature was ever extended");
}

/// Root of a node, through the public API: two nodes are one feature when a clone joins them.
fn game_root(game: &Game, node: u32) -> u32 {
    game.feature_root(node).unwrap()
}

#[test]
fn events_tell_the_story_of_a_turn() {
    let def = def("new-edition");
    let mut game = Game::new(Arc::clone(&def), 2, 3).unwrap();
    let mut events = Vec::new();
    let place = game.legal_actions()[0];
    game.apply(place, &mut events).unwrap();
    assert!(matches!(events[0], Event::TilePlaced { player: 0, .. }));
    game.apply(Action::Pass, &mut events).unwrap();
    assert_eq!(game.current_player(), 1);
}

fn check_invariants(game: &Game, def: &GameDef, total_tiles: usize, previous: &[u64]) {
    for p in 0..game.players().len() as u8 {
        let accounted = game.figures_accounted(p);
        for (f, figure) in def.figures().iter().enumerate() {
            assert_eq!(
                accounted[f], figure.count,
                "player {p}'s {} are all in supply or on the table",
                figure.id
            );
        }
    }
    let drawn = usize::from(matches!(game.phase(), Phase::Place { .. }));
    let abbey = game.mechanisms().abbey();
    let seats = 0..game.players().len() as u8;
    let in_hands: usize = seats.flat_map(|seat| abbey.held(seat)).map(|&n| usize::from(n)).sum();
    let held = drawn + in_hands;
    let gone = game.discarded() as usize + game.mechanisms().hills().under() as usize;
    assert_eq!(
        game.board().placed.len() + gone + game.pile_len() + held,
        total_tiles,
        "tiles placed, out and left"
    );
    assert_eq!(
        game.mechanisms().shepherd().tokens(),
        def.bag().len(),
        "every token is in the bag or in a flock"
    );
    for (now, before) in game.scores().iter().zip(previous) {
        assert!(now >= before, "scores never decrease");
    }
    check_placement_caches(game, def);
}

/// What the board and the drawn tile keep up to date agrees with working it out afresh.
fn check_placement_caches(game: &Game, def: &GameDef) {
    let board = game.board();
    let holes = board.frontier.iter().filter(|c| c.neighbours == 4).count();
    assert_eq!(board.holes() as usize, holes, "holes counted");
    for (tile, _) in def.held() {
        let legal = game.legal_placements(*tile);
        assert_eq!(
            game.count_placements(*tile),
            legal.len(),
            "held tile placements counted"
        );
        assert_eq!(game.fits_anywhere(*tile), !legal.is_empty());
    }
    if let Phase::Place { tile } = game.phase() {
        let legal = game.legal_placements(tile);
        assert_eq!(
            game.placements_of_drawn_tile(),
            legal.len(),
            "drawn tile placements counted"
        );
        for (n, p) in legal.iter().enumerate() {
            assert!(game.fits_at(tile, p.x, p.y, p.rotation));
            assert_eq!(game.nth_placement(tile, n), Some(*p), "placement {n} in order");
        }
    }
}

/// Draws `expected ×` (legal placements) random placements of the drawn tile and checks that
/// each is legal and that each legal one comes up about `expected` times.
fn assert_random_placements_uniform(game: &Game, rng: &mut Rng, expected: usize) {
    let Phase::Place { tile } = game.phase() else {
        panic!("a tile is drawn")
    };
    let legal = game.legal_placements(tile);
    let mut seen = vec![0usize; legal.len()];
    for _ in 0..expected * legal.len() {
        let p = game.random_placement(rng).unwrap();
        seen[legal.iter().position(|l| *l == p).expect("a legal placement")] += 1;
    }
    // Six standard deviations (at most √expected) either side: beyond that, a biased choice.
    let spread = 6 * expected.isqrt();
    assert!(
        seen.iter().all(|&n| n.abs_diff(expected) <= spread),
        "{seen:?}, {expected} ± {spread} expected"
    );
}

#[test]
fn random_placements_are_legal_and_uniform() {
    let mut rng = Rng::new(4);
    let game = base_game_after(11, 50, &mut rng);
    assert!(game.placements_of_drawn_tile() > 10);
    assert_random_placements_uniform(&game, &mut rng, 400);
}

/// A base game `actions` random actions in (trying seeds in turn) and a tile then placed at
/// random, on which at least two features are open to a follower.
fn placed_with_two_deployments(actions: usize, rng: &mut Rng) -> Game {
    (0..)
        .map(|seed| {
            let mut game = base_game_after(seed, actions, rng);
            game.place_at_random(rng, &mut Vec::new()).unwrap();
            game
        })
        .find(|game| game.legal_actions().len() > 2)
        .unwrap()
}

#[test]
fn placing_at_random_is_applying_the_random_placement() {
    let mut rng = Rng::new(9);
    let game = base_game_after(5, 30, &mut rng);
    let (mut fused, mut applied) = (game.clone(), game.clone());
    let (mut fused_events, mut applied_events) = (Vec::new(), Vec::new());
    let at = fused.place_at_random(&mut rng.clone(), &mut fused_events).unwrap();
    assert_eq!(Some(at), applied.random_placement(&mut rng));
    let action = Action::Place {
        x: at.x,
        y: at.y,
        rotation: at.rotation,
    };
    applied.apply(action, &mut applied_events).unwrap();
    assert_eq!(fused_events, applied_events);
    assert_eq!((fused.phase(), fused.history()), (applied.phase(), applied.history()));
    assert!(matches!(fused.phase(), Phase::Deploy { .. }));
    // Only a drawn tile is placed.
    assert_eq!(fused.place_at_random(&mut rng, &mut fused_events), None);
}

#[test]
fn deploying_at_random_is_applying_a_listed_choice() {
    let mut rng = Rng::new(12);
    let mut events = Vec::new();
    let game = placed_with_two_deployments(20, &mut rng);
    let mut options = Vec::new();
    // Over many draws, every listed choice is taken and each equals applying it.
    let legal = game.legal_actions();
    let mut taken = std::collections::HashSet::new();
    for seed in 0..200 {
        let (mut fused, mut applied) = (game.clone(), game.clone());
        let (mut fused_events, mut applied_events) = (Vec::new(), Vec::new());
        let mut rng = Rng::new(seed);
        let choice = fused
            .deploy_at_random(&mut rng, &mut options, &mut fused_events)
            .unwrap();
        assert!(legal.contains(&choice), "{choice:?} is not among {legal:?}");
        applied.apply(choice, &mut applied_events).unwrap();
        assert_eq!(fused_events, applied_events);
        assert_eq!(fused.record(), applied.record());
        assert_eq!((fused.phase(), fused.players()), (applied.phase(), applied.players()));
        taken.insert(choice);
    }
    assert_eq!(taken.len(), legal.len(), "every choice comes up");
    // Only after a placement.
    let mut after = game.clone();
    after.apply(Action::Pass, &mut events).unwrap();
    assert_eq!(after.deploy_at_random(&mut rng, &mut options, &mut events), None);
}

#[test]
fn a_turn_that_gives_the_same_tile_is_the_same_placement() {
    let mut rng = Rng::new(21);
    let mut events = Vec::new();
    // A drawn tile that looks the same after a half turn (a straight road, a city across).
    let game = (0..)
        .map(|seed| base_game_after(seed, 10, &mut rng))
        .find(|game| match game.phase() {
            Phase::Place { tile } => game.def().tables().tiles[tile as usize].rotation_bits == 1,
            _ => false,
        })
        .unwrap();
    let Phase::Place { tile } = game.phase() else {
        unreachable!()
    };
    for p in game.legal_placements(tile) {
        assert!(p.rotation < 2, "only distinct turns are listed");
        let (mut listed, mut turned) = (game.clone(), game.clone());
        listed
            .apply(
                Action::Place {
                    x: p.x,
                    y: p.y,
                    rotation: p.rotation,
                },
                &mut events,
            )
            .unwrap();
        let half_turn = Action::Place {
            x: p.x,
            y: p.y,
            rotation: p.rotation + 2,
        };
        turned.apply(half_turn, &mut events).unwrap();
        assert_eq!(turned.history().last(), Some(&half_turn));
        // The same tile, its features named the other way round.
        assert_eq!(listed.legal_actions().len(), turned.legal_actions().len());
        assert_eq!(listed.board().frontier.len(), turned.board().frontier.len());
    }
    // A turn that fits nowhere is still refused.
    let taken: Vec<_> = game.legal_placements(tile).iter().map(|p| (p.x, p.y)).collect();
    let open = game.board().frontier.iter().find(|c| !taken.contains(&(c.x, c.y)));
    if let Some(c) = open {
        let refused = game.clone().apply(
            Action::Place {
                x: c.x,
                y: c.y,
                rotation: 2,
            },
            &mut events,
        );
        assert!(matches!(refused, Err(ActionError::IllegalPlacement { .. })));
    }
}

#[test]
fn queries_about_what_is_not_there_answer_none() {
    let game = Game::new(def("new-edition"), 2, 3).unwrap();
    let no_tile = game.def().tables().tiles.len() as u16;
    assert!(game.legal_placements(no_tile).is_empty());
    assert_eq!(
        (game.count_placements(no_tile), game.fits_anywhere(no_tile)),
        (0, false)
    );
    assert_eq!(game.nth_placement(no_tile, 0), None);
    assert!(!game.fits_at(no_tile, 0, 1, 0));
    assert_eq!((game.node(1, 0), game.node(0, 200)), (None, None));
    let far = 1_000_000;
    assert_eq!(game.feature_root(far), None);
    assert!(!game.is_complete(far));
    let start = game.node(0, 0).unwrap();
    assert_eq!(game.feature_root(start), Some(start));
    let mut empty = Game::empty(def("new-edition"), 2).unwrap();
    let refused = empty.start(vec![no_tile], Seat(0), false, &mut Vec::new());
    assert!(matches!(refused, Err(ActionError::WrongStep(_))));
}

#[test]
fn a_shepherd_without_a_bag_is_refused_at_setup() {
    let shepherd = tilewright_engine::Source::new(
        "shepherd.toml",
        "id = \"shepherd\"\nname = \"Shepherd\"\n[figures.shepherd]\nrole = \"special\"\ncount = 1\nstands-on = [\"field\"]\nmechanism = \"shepherd\"\n",
    );
    let report = tilewright_engine::validate::validate_sources(vec![shepherd], bundled::catalog());
    assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    let files = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    let refused = GameDef::from_catalog(&catalog, &files(&["base", "shepherd"]), "new-edition");
    let Err(error) = refused else {
        panic!("a shepherd with nothing to draw played");
    };
    assert!(matches!(error, SetupError::Mechanism(_)), "{error:?}");
    assert!(
        error.to_string().starts_with("figure `shepherd` is a shepherd"),
        "{error}"
    );
    assert!(error.to_string().contains("hills-and-sheep"), "{error}");
    // With a bag in play it plays.
    assert!(GameDef::from_catalog(&catalog, &files(&["base", "hills-and-sheep"]), "new-edition").is_ok());
}

#[test]
fn records_name_expansion_files_and_replay_with_them() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = validate_paths(&[root.join("tests/fixtures/expansions/barns.toml")], bundled::catalog())
        .catalog
        .with_base(bundled::catalog());
    let with_barns = |files: &[String]| Arc::new(GameDef::from_catalog(&catalog, files, "new-edition").unwrap());
    let def = with_barns(&["base".to_owned(), "barns".to_owned()]);
    let game = random_game(&def, 2, 8);
    let record = game.record();
    assert_eq!(record.expansions.len(), 1);
    assert_eq!(record.files(), vec!["base@new-edition".to_owned(), "barns".to_owned()]);
    // Saved and read back, the record names what to load to replay it.
    let saved: GameRecord = serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
    let replayed = saved.replay(with_barns(&saved.files())).unwrap();
    assert_eq!(replayed.scores(), game.scores());
    // Without the expansion file, the replay says what is missing.
    let refused = record.replay(with_barns(&["base".to_owned()]));
    assert!(
        matches!(&refused, Err(ReplayError::TileSets { expected, .. }) if expected.contains("expansion barns")),
        "{refused:?}"
    );
}

#[test]
fn one_follower_a_turn() {
    let mut rng = Rng::new(31);
    let mut events = Vec::new();
    let mut game = placed_with_two_deployments(10, &mut rng);
    let [_, first, second, ..] = game.legal_actions()[..] else {
        unreachable!()
    };
    let player = game.current_player();
    game.apply(first, &mut events).unwrap();
    // The turn has moved on: the next player holds a drawn tile.
    assert_ne!(game.current_player(), player);
    assert!(matches!(game.phase(), Phase::Place { .. }));
    assert!(matches!(
        game.apply(second, &mut events),
        Err(ActionError::WrongStep(_))
    ));
}

#[test]
fn a_completed_feature_says_where_it_lies() {
    let def = def("new-edition");
    let mut rng = Rng::new(2);
    let mut game = Game::new(Arc::clone(&def), 2, 5).unwrap();
    let (mut scratch, mut completed) = (Scratch::default(), 0);
    while random_action(&mut game, &mut rng, &mut scratch) {
        for event in &scratch.events {
            if let Event::FeatureCompleted { kind, tiles, node } = *event {
                completed += 1;
                let places = game.feature_places(node);
                let mut tiles_of: Vec<(i16, i16)> = places.iter().map(|&(x, y, _)| (x, y)).collect();
                tiles_of.sort_unstable();
                tiles_of.dedup();
                if kind == tilewright_engine::model::FeatureKind::Monastery {
                    // A monastery is one part; its tiles are those around it.
                    assert_eq!((places.len(), tiles), (1, 9));
                } else {
                    assert_eq!(tiles_of.len(), usize::from(tiles), "{places:?}");
                }
                for &(x, y, feature) in &places {
                    let placed = game.board().at(i32::from(x), i32::from(y)).unwrap();
                    let part = game.node(placed, feature).unwrap();
                    assert_eq!(game.feature_root(part), game.feature_root(node));
                }
            }
        }
    }
    assert!(completed > 5, "{completed} features completed");
}

/// The base game, optionally with abbeys (the abbey fixture) and barns (an expansion file with
/// nothing else), under `rules` with the abbey end-game rule `endgame`.
fn def_with(rules: &str, abbeys: bool, barns: bool, endgame: AbbeyEndgame) -> Arc<GameDef> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        root.join("../rules/tests/fixtures/special/abbey.toml"),
        root.join("tests/fixtures/expansions/barns.toml"),
    ];
    let catalog = validate_paths(&files, bundled::catalog())
        .catalog
        .with_base(bundled::catalog());
    let mut sets = vec!["base".to_owned()];
    sets.extend(abbeys.then(|| "abbey".to_owned()));
    sets.extend(barns.then(|| "barns".to_owned()));
    let def = GameDef::from_catalog(&catalog, &sets, rules).unwrap();
    Arc::new(switched(def, |s| s.abbey_endgame = endgame))
}

/// `def` with its rule switches changed by `change`.
fn switched(def: GameDef, change: impl FnOnce(&mut Switches)) -> GameDef {
    let mut rules = def.rules().clone();
    change(&mut rules.switches);
    def.with_rules(rules).unwrap()
}

fn def_with_abbeys(rules: &str, endgame: AbbeyEndgame) -> Arc<GameDef> {
    def_with(rules, true, false, endgame)
}

fn play_checked(rules: &str, players: u8, seed: u64, abbeys: Option<AbbeyEndgame>, barns: bool, tiny_city: bool) {
    let def = Arc::unwrap_or_clone(def_with(
        rules,
        abbeys.is_some(),
        barns,
        abbeys.unwrap_or(AbbeyEndgame::None),
    ));
    play_def_checked(Arc::new(switched(def, |s| s.tiny_city = tiny_city)), players, seed);
}

fn play_def_checked(def: Arc<GameDef>, players: u8, seed: u64) {
    let held: usize = def.held().iter().map(|&(_, n)| usize::from(n)).sum();
    let total_tiles = def.pile().len() + 1 + held * usize::from(players);
    let mut game = Game::new(Arc::clone(&def), players, seed).unwrap();
    let (mut rng, mut scratch) = (Rng::new(policy_seed(seed)), Scratch::default());
    // The roots of the features completed so far: each is completed (and scored) once.
    let mut completed = std::collections::HashSet::new();
    let mut scores = game.scores();
    // The record replayed as it grows, through `apply`, must give the same state after every
    // action (random play takes its moves through the one-step calls).
    let mut replayed = Game::new(Arc::clone(&def), players, seed).unwrap();
    while random_action(&mut game, &mut rng, &mut scratch) {
        for event in &scratch.events {
            if let Event::FeatureCompleted { node, .. } = *event {
                let root = game.feature_root(node).unwrap();
                assert!(completed.insert(root), "feature {root} completed twice");
            }
        }
        check_invariants(&game, &def, total_tiles, &scores);
        scores = game.scores();
        for &action in &game.history()[replayed.history().len()..] {
            replayed.apply(action, &mut Vec::new()).unwrap();
        }
        assert_eq!(
            (replayed.phase(), replayed.players(), replayed.figures()),
            (game.phase(), game.players(), game.figures())
        );
        assert_eq!(
            (replayed.board().placed.len(), replayed.pile_len(), replayed.discarded()),
            (game.board().placed.len(), game.pile_len(), game.discarded())
        );
    }
    assert_eq!(
        completed.len(),
        game.completed_features(),
        "every completed feature is scored exactly once"
    );
    let replayed = game.record().replay(Arc::clone(&def)).unwrap();
    assert_eq!(replayed.board().placed, game.board().placed);
    assert_eq!(replayed.figures(), game.figures());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_action(seed in any::<u64>(), players in 2u8..=6, rules in prop::sample::select(vec!["first-edition", "new-edition", "farms-2000"]),
        abbeys in prop::option::of(prop::sample::select(vec![AbbeyEndgame::None, AbbeyEndgame::FinalRound, AbbeyEndgame::UntilNoneCan])),
        barns in any::<bool>(), tiny_city in any::<bool>()) {
        play_checked(rules, players, seed, abbeys, barns, tiny_city);
    }

    #[test]
    fn invariants_hold_with_every_expansion(seed in any::<u64>(), players in 2u8..=6, rules in prop::sample::select(vec!["first-edition", "new-edition"]),
        hill_tiebreak in prop::sample::select(vec![HillTiebreak::AnyOnHill, HillTiebreak::CountOnHill]),
        wagon_move in prop::sample::select(vec![WagonMove::Connected, WagonMove::Range]),
        endgame in prop::sample::select(vec![AbbeyEndgame::None, AbbeyEndgame::FinalRound, AbbeyEndgame::UntilNoneCan])) {
        let sets = ["base", "abbey-and-mayor", "hills-and-sheep"].map(str::to_owned);
        let def = GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap();
        let def = switched(def, |s| {
            s.hill_tiebreak = hill_tiebreak;
            s.wagon_move = wagon_move;
            s.abbey_endgame = endgame;
        });
        play_def_checked(Arc::new(def), players, seed);
    }

    #[test]
    fn invariants_hold_with_the_whole_abbey_and_mayor(seed in any::<u64>(), players in 2u8..=6, rules in prop::sample::select(vec!["first-edition", "new-edition"]),
        endgame in prop::sample::select(vec![AbbeyEndgame::None, AbbeyEndgame::FinalRound, AbbeyEndgame::UntilNoneCan]),
        barn_on_barn_field in any::<bool>()) {
        let def = GameDef::from_catalog(bundled::catalog(), &["base".to_owned(), "abbey-and-mayor".to_owned()], rules).unwrap();
        let def = switched(def, |s| {
            s.abbey_endgame = endgame;
            s.barn_on_barn_field = barn_on_barn_field;
        });
        play_def_checked(Arc::new(def), players, seed);
    }
}

/// A hand-built table with a hole at (0, 0) and one land tile left in the pile.
fn table_with_a_hole(endgame: AbbeyEndgame) -> Game {
    let def = def_with_abbeys("new-edition", endgame);
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    let monastery = def.tile_index("B").unwrap();
    for (x, y) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
        game.lay(monastery, x, y, 0).unwrap();
    }
    game.start(vec![monastery], Seat(0), true, &mut Vec::new()).unwrap();
    game
}

fn holds_abbey_placements(game: &Game) -> bool {
    game.legal_actions()
        .iter()
        .any(|a| matches!(a, Action::PlaceHeld { x: 0, y: 0, .. }))
}

#[test]
fn an_abbey_may_be_placed_instead_of_drawing() {
    let mut game = table_with_a_hole(AbbeyEndgame::UntilNoneCan);
    assert_eq!(
        game.phase(),
        Phase::Choose {
            may_draw: true,
            may_pass: false
        }
    );
    assert!(game.legal_actions().contains(&Action::Draw));
    assert!(holds_abbey_placements(&game));
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::PlaceHeld { x: 2, .. })),
        "only into holes"
    );
    let mut events = Vec::new();
    game.apply(Action::Draw, &mut events).unwrap();
    assert!(matches!(game.phase(), Phase::Place { .. }));
}

#[test]
fn abbey_end_game_rules_differ_after_the_last_land_tile() {
    let mut events = Vec::new();
    for (endgame, expected) in [
        (AbbeyEndgame::None, Phase::Over),
        (
            AbbeyEndgame::FinalRound,
            Phase::Choose {
                may_draw: false,
                may_pass: true,
            },
        ),
        (
            AbbeyEndgame::UntilNoneCan,
            Phase::Choose {
                may_draw: false,
                may_pass: false,
            },
        ),
    ] {
        let mut game = table_with_a_hole(endgame);
        game.apply(Action::Draw, &mut events).unwrap();
        place(&mut game, 2, 0, &mut events);
        game.apply(Action::Pass, &mut events).unwrap();
        assert_eq!(game.phase(), expected, "{endgame:?}");
        assert_eq!(
            game.current_player(),
            1,
            "the player after the one who placed the last tile"
        );
        if expected != Phase::Over {
            assert!(holds_abbey_placements(&game));
            assert_eq!(
                game.legal_actions().contains(&Action::Pass),
                endgame == AbbeyEndgame::FinalRound,
                "{endgame:?}"
            );
        }
        if endgame == AbbeyEndgame::FinalRound {
            // BLUE declines; RED, who placed the last tile, gets the last chance, then the game ends.
            game.apply(Action::Pass, &mut events).unwrap();
            assert_eq!((game.phase(), game.current_player()), (expected, 0));
            game.apply(Action::Pass, &mut events).unwrap();
            assert_eq!(game.phase(), Phase::Over);
        }
        if endgame == AbbeyEndgame::UntilNoneCan {
            assert!(
                matches!(game.apply(Action::Pass, &mut events), Err(ActionError::WrongStep(_))),
                "placing is forced"
            );
            let place = game.legal_actions()[0];
            game.apply(place, &mut events).unwrap();
            game.apply(Action::Pass, &mut events).unwrap();
            assert_eq!(game.phase(), Phase::Over, "no hole left: nobody can place");
        }
    }
}

/// Four monastery tiles around the point south-east of (0, 0), the last one just placed.
fn four_fields_meeting(barn_on_barn_field: bool, barn_already: bool) -> Game {
    let def = (*def_with("new-edition", false, true, AbbeyEndgame::None)).clone();
    let def = Arc::new(switched(def, |s| s.barn_on_barn_field = barn_on_barn_field));
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    let (monastery, cap) = (def.tile_index("B").unwrap(), def.tile_index("E").unwrap());
    game.lay(monastery, 0, 0, 0).unwrap();
    game.lay(monastery, 1, 0, 0).unwrap();
    game.lay(cap, 0, 1, 2).unwrap(); // city cap facing south: its north corners are field
    if barn_already {
        let barn = def.figure_index("barn").unwrap();
        let field = def.tables().tiles[monastery as usize].feature_index("f").unwrap();
        game.put_figure(
            Seat(1),
            FigureIndex(barn),
            FeatureAt {
                x: 0,
                y: 0,
                feature: field,
            },
        )
        .unwrap();
    }
    game.start(vec![monastery], Seat(0), false, &mut Vec::new()).unwrap();
    place(&mut game, 1, 1, &mut Vec::new());
    game
}

/// A barn of figure type `figure` deployed on corner `corner` of the tile just placed.
fn barn_on(figure: u8, corner: u8) -> Action {
    Action::Mechanism(Step::named("deploy-barn").unwrap().with_figure(figure).on(corner))
}

fn barn_corners(game: &Game) -> Vec<u8> {
    game.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Mechanism(step) if step.words().name == "deploy-barn" => Some(step.spot),
            _ => None,
        })
        .collect()
}

#[test]
fn a_barn_goes_only_where_four_field_corners_meet() {
    let game = four_fields_meeting(false, false);
    // Only the north-west corner of (1, 1) has four tiles around it, all field there.
    assert_eq!(barn_corners(&game), vec![0]);
    let mut refused = game.clone();
    let barn = game.def().figure_index("barn").unwrap();
    let outcome = refused.apply(barn_on(barn, 1), &mut Vec::new());
    assert!(matches!(outcome, Err(ActionError::IllegalDeployment { .. })));
    assert!(
        matches!(
            refused.apply(barn_on(0, 0), &mut Vec::new()),
            Err(ActionError::IllegalDeployment { .. })
        ),
        "a follower is no barn"
    );
    assert!(
        matches!(
            refused.apply(barn_on(barn, 4), &mut Vec::new()),
            Err(ActionError::IllegalDeployment { .. })
        ),
        "corner 4 is not corner 0 again"
    );
}

#[test]
fn a_second_barn_on_a_field_follows_the_switch() {
    assert_eq!(barn_corners(&four_fields_meeting(false, true)), Vec::<u8>::new());
    assert_eq!(barn_corners(&four_fields_meeting(true, true)), vec![0]);
    // Farmers never go onto a field with a barn.
    let game = four_fields_meeting(false, true);
    let field = game.def().tables().tiles[game.def().tile_index("B").unwrap() as usize]
        .feature_index("f")
        .unwrap();
    let actions = game.legal_actions();
    assert!(
        !actions
            .iter()
            .any(|a| matches!(a, Action::Deploy { feature, .. } if *feature == field)),
        "{actions:?}"
    );
    assert!(
        actions
            .iter()
            .any(|a| matches!(a, Action::Deploy { feature, .. } if *feature != field)),
        "the monk may go"
    );
}

/// A road about to be completed by W at (2, 0), RED's wagon on it at (1, 0), an unconnected
/// incomplete city beside it at (1, -1), and a crossing two tiles away at (-1, 0).
fn wagon_targets(rules: &str) -> Vec<(i16, i16, String)> {
    let def = Arc::new(
        GameDef::from_catalog(
            bundled::catalog(),
            &["base".to_owned(), "abbey-and-mayor".to_owned()],
            rules,
        )
        .unwrap(),
    );
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    let tile = |id: &str| def.tile_index(id).unwrap();
    game.lay(tile("X"), -1, 0, 0).unwrap();
    game.lay(tile("U"), 0, 0, 0).unwrap();
    game.lay(tile("U"), 1, 0, 0).unwrap();
    game.lay(tile("E"), 1, -1, 0).unwrap();
    let road = def.tables().tiles[tile("U") as usize].feature_index("r").unwrap();
    let wagon = FigureIndex(def.figure_index("wagon").unwrap());
    game.put_figure(
        Seat(0),
        wagon,
        FeatureAt {
            x: 1,
            y: 0,
            feature: road,
        },
    )
    .unwrap();
    let mut events = Vec::new();
    game.start(vec![tile("W")], Seat(0), false, &mut events).unwrap();
    place(&mut game, 2, 0, &mut events);
    game.apply(Action::Pass, &mut events).unwrap();
    assert_eq!(game.phase().mechanism(), Some("wagon"));
    assert_eq!(game.phase().decider(), Some(0));
    let mut targets: Vec<(i16, i16, String)> = game
        .legal_actions()
        .iter()
        .filter_map(|a| match *a {
            Action::Mechanism(Step {
                x, y, spot: feature, ..
            }) => {
                let placed = game.board().at(i32::from(x), i32::from(y)).unwrap();
                let tile = &def.tables().tiles[game.board().placed[placed].tile as usize];
                Some((x, y, tile.features[feature as usize].id.clone()))
            }
            _ => None,
        })
        .collect();
    targets.sort();
    assert!(
        game.legal_actions().contains(&Action::Pass),
        "the wagon may always go home"
    );
    targets
}

#[test]
fn where_a_wagon_may_go_follows_the_switch() {
    let t = |x: i16, y: i16, f: &str| (x, y, f.to_owned());
    // Range: features on the wagon's tile and the eight around it, incomplete and unoccupied.
    assert_eq!(
        wagon_targets("new-edition"),
        vec![t(0, 0, "r"), t(1, -1, "c"), t(2, 0, "r1"), t(2, 0, "r2")]
            .into_iter()
            .filter(|x| x.2 != "r")
            .collect::<Vec<_>>()
    );
    // Connected: roads leaving the crossings at both ends of the scored road, however far.
    assert_eq!(
        wagon_targets("first-edition"),
        vec![
            t(-1, 0, "r1"),
            t(-1, 0, "r3"),
            t(-1, 0, "r4"),
            t(2, 0, "r1"),
            t(2, 0, "r2")
        ]
    );
}

/// Sets up the base game with one more file (`schema` names its kind, `body` its contents),
/// which must validate with no error.
fn base_game_with(schema: &str, id: &str, body: &str) -> Result<GameDef, SetupError> {
    base_game_with_files(&[(schema, id, body)])
}

/// Sets up the base game with more files, each `(schema, id, body)` as for [`base_game_with`]:
/// each must validate with no error on its own (a tile that fits nowhere, which some tests
/// want, is only warned of).
fn base_game_with_files(files: &[(&str, &str, &str)]) -> Result<GameDef, SetupError> {
    let sources = files
        .iter()
        .map(|(schema, id, body)| {
            let text = format!("#:schema ../schemas/{schema}.schema.json\nid = \"{id}\"\nname = \"{id}\"\n\n{body}");
            tilewright_engine::Source::new(format!("{id}.toml"), text)
        })
        .collect();
    let report = tilewright_engine::validate::validate_sources(sources, bundled::catalog());
    assert_eq!(report.errors(), 0, "{:#?}", report.diagnostics);
    let catalog = report.catalog.with_base(bundled::catalog());
    let mut sets = vec!["base".to_owned()];
    sets.extend(files.iter().map(|(_, id, _)| id.to_string()));
    GameDef::from_catalog(&catalog, &sets, "new-edition")
}

#[test]
fn a_game_with_too_many_figure_types_is_refused_not_truncated() {
    // As many as a file may declare, and the base game's follower beside them.
    let figures: String = (0..MAX_FIGURE_TYPES)
        .map(|i| format!("[figures.extra{i:02}]\nrole = \"follower\"\ncount = 1\nstands-on = [\"road\"]\n\n"))
        .collect();
    let refused = base_game_with("expansion", "crowd", &figures);
    assert!(
        matches!(refused, Err(SetupError::TooMany("figure types", n, MAX_FIGURE_TYPES)) if n == MAX_FIGURE_TYPES + 1),
        "{refused:?}"
    );
}

/// `tiles` tile types of meadows, `count` copies each, with ids starting with `prefix`.
fn meadows(prefix: &str, tiles: usize, count: u32) -> String {
    (0..tiles)
        .map(|i| {
            format!(
                "[[tiles]]\nid = \"{prefix}{i}\"\ncount = {count}\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n\n"
            )
        })
        .collect()
}

#[test]
fn a_game_with_more_tiles_than_the_board_counts_is_refused() {
    // Each file is within the limit (5,100 tiles); together with the base game they are not.
    let (east, west) = (meadows("east", 20, 255), meadows("west", 20, 255));
    let refused = base_game_with_files(&[("tileset", "east", &east), ("tileset", "west", &west)]);
    assert!(
        matches!(refused, Err(SetupError::TooMany("tiles in play", 10_272, 10_000))),
        "{refused:?}"
    );
}

#[test]
fn a_hand_built_table_refuses_far_flung_tiles() {
    let def = def("new-edition");
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    let tile = def.tile_index("B").unwrap();
    assert!(matches!(
        game.lay(tile, 30_000, -30_000, 0),
        Err(ActionError::WrongStep(_))
    ));
    assert!(game.board().placed.is_empty());
    assert!(game.lay(tile, 1000, -1000, 0).is_ok());
}

#[test]
fn a_drawn_tile_that_fits_nowhere_is_discarded_and_another_drawn() {
    let def = def("new-edition");
    let tile = |id: &str| def.tile_index(id).unwrap();
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    game.lay(tile("C"), 0, 0, 0).unwrap(); // city on every side: a field-only tile fits nowhere
    let mut events = Vec::new();
    game.start(vec![tile("B"), tile("E")], Seat(0), false, &mut events)
        .unwrap();
    assert_eq!(events, vec![Event::TileDiscarded { tile: tile("B") }]);
    assert_eq!((game.phase(), game.discarded()), (Phase::Place { tile: tile("E") }, 1));
}

/// The kind of the feature node `node` of `game`, found through the public queries.
fn kind_of(game: &Game, node: u32) -> Option<tilewright_engine::model::FeatureKind> {
    let &(x, y, local) = game.feature_places(node).first()?;
    let placed = game.board().at(i32::from(x), i32::from(y))?;
    let tile = game.board().placed[placed].tile;
    Some(game.def().tables().tiles[tile as usize].features[usize::from(local)].kind)
}

#[test]
fn every_point_is_traceable_to_a_scored_event_that_names_its_feature() {
    use tilewright_engine::game::Reason;
    use tilewright_engine::model::FeatureKind;
    let sets = ["base", "abbey-and-mayor", "hills-and-sheep"].map(str::to_owned);
    let mut reasons_seen = [false; 5];
    for rules in ["first-edition", "new-edition", "farms-2000"] {
        let def = Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap());
        for seed in 0..12 {
            let players = 2 + (seed % 4) as u8;
            let mut events = Vec::new();
            let mut game = Game::new_with_events(Arc::clone(&def), players, seed, &mut events).unwrap();
            let (mut rng, mut scratch) = (Rng::new(policy_seed(seed)), Scratch::default());
            while random_action(&mut game, &mut rng, &mut scratch) {
                events.extend_from_slice(&scratch.events);
            }
            let mut summed = vec![0u64; usize::from(players)];
            for event in &events {
                let Event::Scored {
                    players: winners,
                    points,
                    reason,
                    node,
                } = *event
                else {
                    continue;
                };
                for p in winners.iter() {
                    summed[usize::from(p)] += u64::from(points);
                }
                // Tokens held at the end score no feature.
                if let Reason::MostTokens { .. } = reason {
                    assert_eq!(node, tilewright_engine::game::NO_NODE, "{}", def.describe(event));
                    continue;
                }
                let kind = kind_of(&game, node);
                let expected: &[FeatureKind] = match reason {
                    Reason::Feature(score) => &[score.kind],
                    // Per city, each completed city scores once, naming the city.
                    Reason::Farm { .. } | Reason::FieldBonus { at_end: true, .. } if rules == "farms-2000" => {
                        &[FeatureKind::City]
                    }
                    Reason::Farm { .. } | Reason::FieldBonus { .. } => &[FeatureKind::Field],
                    Reason::Mechanism(award) => &[award.words().feature],
                    Reason::MostTokens { .. } => unreachable!("left out above"),
                };
                assert!(
                    kind.is_some_and(|k| expected.contains(&k)),
                    "{rules}, seed {seed}: {} names node {node} of kind {kind:?}",
                    def.describe(event)
                );
                reasons_seen[match reason {
                    Reason::Feature(_) => 0,
                    Reason::Farm { .. } => 1,
                    Reason::Mechanism(award) if award.words().name == "barn-meeting" => 2,
                    Reason::Mechanism(award) if award.words().name == "barn" => 3,
                    Reason::Mechanism(_) | Reason::FieldBonus { .. } => 4,
                    Reason::MostTokens { .. } => unreachable!("left out above"),
                }] = true;
            }
            assert_eq!(
                summed,
                game.scores(),
                "{rules}, seed {seed}: the Scored events add up to the scores"
            );
        }
    }
    // Features, farms, barns (meetings or the end) and flocks all scored in these games.
    let seen = reasons_seen.iter().filter(|&&s| s).count();
    assert!(seen >= 4, "{reasons_seen:?}");
}

/// The base game with a tile of which 200 copies fit nowhere, ever: each edge runs road then
/// field, which meets no edge of the base game nor itself.
fn def_with_misfits() -> Arc<GameDef> {
    let body = "[[tiles]]\nid = \"misfit\"\ncount = 200\nedges = [\"road 50 field\", \"road 50 field\", \"road 50 field\", \"road 50 field\"]\nfeatures.r = { kind = \"road\", on = [\"N\", \"E\", \"S\", \"W\"] }\nfeatures.f1 = { kind = \"field\", on = [\"N2\"] }\nfeatures.f2 = { kind = \"field\", on = [\"E2\"] }\nfeatures.f3 = { kind = \"field\", on = [\"S2\"] }\nfeatures.f4 = { kind = \"field\", on = [\"W2\"] }\n";
    Arc::new(base_game_with("tileset", "misfits", body).unwrap())
}

#[test]
fn tiles_discarded_by_the_deal_are_reported() {
    let def = def_with_misfits();
    let discards = |events: &[Event]| {
        events
            .iter()
            .filter(|e| matches!(e, Event::TileDiscarded { .. }))
            .count() as u32
    };
    let mut any = 0;
    let mut restarted = Game::new(Arc::clone(&def), 2, 99).unwrap();
    for seed in 0..8 {
        let mut events = Vec::new();
        let game = Game::new_with_events(Arc::clone(&def), 2, seed, &mut events).unwrap();
        assert_eq!(discards(&events), game.discarded(), "seed {seed}");
        any += game.discarded();
        let mut again = Vec::new();
        restarted.restart_with_events(seed, &mut again);
        assert_eq!(again, events, "seed {seed}: a restart deals as a new game does");
    }
    assert!(any > 0, "the misfits were drawn first in some game");
}

#[test]
fn simulate_shows_its_observer_the_deals_discards() {
    use tilewright_engine::bots::Policy;
    use tilewright_engine::simulate::{Observer, Plan, Progress, run_observed};
    /// Counts the discards it sees and the discards the games report.
    #[derive(Default)]
    struct Discards {
        seen: u32,
        reported: u32,
        first_draw: u32,
        before_any_action: bool,
    }
    impl Observer for Discards {
        fn before_action(&mut self, _game: &Game) {
            self.before_any_action = false;
        }
        fn event(&mut self, _game: &Game, event: &Event) {
            if matches!(event, Event::TileDiscarded { .. }) {
                self.seen += 1;
                self.first_draw += u32::from(self.before_any_action);
            }
        }
        fn game_over(&mut self, game: &Game) {
            self.reported += game.discarded();
            self.before_any_action = true;
        }
    }
    let observe = || Discards {
        before_any_action: true,
        ..Discards::default()
    };
    let played = run_observed(
        def_with_misfits(),
        &Plan {
            players: 2,
            games: 6,
            seed: 1,
            threads: 1,
            policy: Policy::Random,
        },
        observe,
        &Progress::default(),
    )
    .unwrap();
    let observers = played.workers;
    let seen: u32 = observers.iter().map(|o| o.seen).sum();
    let reported: u32 = observers.iter().map(|o| o.reported).sum();
    assert_eq!(seen, reported);
    assert!(observers.iter().any(|o| o.first_draw > 0), "a deal discarded tiles");
}

#[test]
fn a_hand_built_figure_stands_only_where_its_type_may() {
    let def = def_with("new-edition", false, true, AbbeyEndgame::None);
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    let straight = def.tile_index("U").unwrap();
    game.lay(straight, 0, 0, 0).unwrap();
    let road = def.tables().tiles[straight as usize].feature_index("r").unwrap();
    let barn = def.figure_index("barn").unwrap();
    let at = FeatureAt {
        x: 0,
        y: 0,
        feature: road,
    };
    let refused = game.put_figure(Seat(0), FigureIndex(barn), at);
    assert!(
        matches!(refused, Err(ActionError::IllegalDeployment { why, .. }) if why.contains("may not stand")),
        "{refused:?}"
    );
    // A figure index past the game's figure types is refused, not a panic.
    assert!(game.put_figure_carrying(Seat(0), FigureIndex(200), at, 1).is_err());
}

#[test]
fn a_sets_content_hash_leaves_out_display_names() {
    let base = &bundled::catalog().tileset("base").unwrap().model;
    let mut renamed = base.clone();
    renamed.name = "Another name".into();
    renamed.tiles[0].name = "Another tile name".into();
    assert_eq!(
        tilewright_engine::game::played_hash(base),
        tilewright_engine::game::played_hash(&renamed)
    );
    let mut other = base.clone();
    other.tiles[0].id = "ZZ".into();
    assert_ne!(
        tilewright_engine::game::played_hash(base),
        tilewright_engine::game::played_hash(&other)
    );
}
