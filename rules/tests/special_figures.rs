//! Special figures declared by data (`joins`, `effect`): a builder-like figure that earns its
//! owner another turn and a pig-like figure that adds to its owner's field, played from the
//! fixture expansion `fixtures/special-figures/expansion.toml` beside the bundled catalog.
//!
//! The rules themselves are scenarios of the top-level `scenarios/` (`builder-*`, `pig-*`), played with
//! Traders & Builders; here the constructs are played from the fixture: whole games, searches,
//! the balance lab, switches and layouts.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_load::catalog::Catalog;
use tilewright_load::scenario::run_text;
use tilewright_load::validate::validate_paths;
use tilewright_rules::bots::Policy;
use tilewright_rules::game::{Action, Event, Game, GameDef, Mechanisms, Phase, Reason, Rng, Step};
use tilewright_rules::simulate::{Observer, Plan, Progress, run, run_observed};

fn catalog() -> Catalog {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = validate_paths(
        &[root.join("tests/fixtures/special-figures/expansion.toml")],
        bundled::catalog(),
    );
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    report.catalog.with_base(bundled::catalog())
}

/// Plays a scenario text (its `[expect]` checked by the runner); returns its event sentences.
fn play(scenario: &str) -> Vec<String> {
    match run_text(scenario, &catalog()) {
        Ok((_, outcome)) => outcome.events,
        Err(e) => panic!("{e}"),
    }
}

/// A scenario of the top-level `scenarios/`, its tile sets played with the fixture expansion in place of
/// Traders & Builders, so the constructs are checked apart from the bundled file.
fn bundled_scenario(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../scenarios/{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.replace("\"traders-and-builders\"", "\"special-figures\"")
}

/// A scenario the runner must refuse, with words of the refusal.
fn fails(scenario: &str, words: &str) {
    match run_text(scenario, &catalog()) {
        Ok(_) => panic!("the scenario should fail with {words:?}"),
        Err(e) => assert!(e.contains(words), "{e}"),
    }
}

#[test]
fn extending_the_builders_road_earns_one_more_turn_never_two() {
    let events = play(&bundled_scenario(
        "builder-extending-its-road-earns-one-more-turn-never-two",
    ));
    assert_eq!(events.iter().filter(|e| *e == "RED takes another turn").count(), 2);
}

#[test]
fn a_figure_switched_off_leaves_the_game_as_without_it() {
    play(&bundled_scenario("house-builder-switched-off"));
    // Switched off, its mechanisms are out of play: the game is a base game.
    let sets = ["base".to_owned(), "special-figures".to_owned()];
    let def = GameDef::from_catalog(&catalog(), &sets, "new-edition").unwrap();
    for name in ["companions", "extra-turn", "field-bonus"] {
        assert!(Mechanisms::plays_in(&def, name), "{name}");
    }
    let mut rules = def.rules().clone();
    rules.figures.extend([("builder".to_owned(), 0), ("pig".to_owned(), 0)]);
    let off = def.with_rules(rules).unwrap();
    for name in ["companions", "extra-turn", "field-bonus"] {
        assert!(!Mechanisms::plays_in(&off, name), "{name}");
    }
}

#[test]
fn a_layout_figure_needs_its_owners_follower_too() {
    fails(
        r#"
description = "a builder laid alone"
tilesets = ["base", "special-figures"]
[[layout]]
tile = "U"
at = [0, 0]
figures = [{ player = "red", figure = "builder", feature = "r" }]
[expect]
"#,
        "holding one of its owner's followers",
    );
}

/// Counts extra turns and bonus points, and checks that every point is reported and that no
/// figure is lost.
#[derive(Default)]
struct Watch {
    points: Vec<u64>,
    extra_turns: u64,
    bonus_points: u64,
    games: u64,
}

impl Observer for Watch {
    fn event(&mut self, game: &Game, event: &Event) {
        match *event {
            Event::ExtraTurn { player } => {
                assert_eq!(player, game.current_player());
                self.extra_turns += 1;
            }
            Event::Scored {
                players,
                points,
                reason,
                ..
            } => {
                if let Reason::FieldBonus { .. } = reason {
                    self.bonus_points += u64::from(points);
                }
                self.points.resize(game.players().len(), 0);
                for p in players.iter() {
                    self.points[usize::from(p)] += u64::from(points);
                }
            }
            _ => {}
        }
    }

    fn game_over(&mut self, game: &Game) {
        self.games += 1;
        self.points.resize(game.players().len(), 0);
        assert_eq!(self.points, game.scores(), "every point is reported as scored");
        self.points.clear();
        for p in 0..game.players().len() as u8 {
            let counts: Vec<u8> = game.def().figures().iter().map(|f| f.count).collect();
            assert_eq!(&game.figures_accounted(p)[..counts.len()], &counts[..], "figures kept");
        }
    }
}

#[test]
fn thousands_of_games_with_both_figures_play_to_the_end_the_same_every_time() {
    let sets = [
        "base".to_owned(),
        "abbey-and-mayor".to_owned(),
        "special-figures".to_owned(),
    ];
    let def = Arc::new(GameDef::from_catalog(&catalog(), &sets, "new-edition").unwrap());
    let played = |policy, games, seed| {
        run_observed(
            Arc::clone(&def),
            &Plan {
                players: 3,
                games,
                seed,
                threads: 2,
                policy,
            },
            Watch::default,
            &Progress::default(),
        )
        .unwrap()
    };
    let random = played(Policy::Random, 2000, 17);
    let total = |f: fn(&Watch) -> u64| random.workers.iter().map(f).sum::<u64>();
    assert_eq!(total(|w| w.games), 2000);
    assert!(total(|w| w.extra_turns) > 0, "random builders earn extra turns");
    assert!(total(|w| w.bonus_points) > 0, "random pigs earn bonuses");
    let greedy = played(Policy::Greedy, 100, 3);
    assert_eq!(greedy.workers.iter().map(|w| w.games).sum::<u64>(), 100);
    // The same seeds give the same games, whatever the thread count.
    let once = run(
        Arc::clone(&def),
        &Plan {
            players: 3,
            games: 300,
            seed: 9,
            threads: 1,
            policy: Policy::Random,
        },
    )
    .unwrap();
    let again = run(
        Arc::clone(&def),
        &Plan {
            players: 3,
            games: 300,
            seed: 9,
            threads: 2,
            policy: Policy::Random,
        },
    )
    .unwrap();
    assert_eq!(once.mean_scores, again.mean_scores);
}

#[test]
fn a_search_plays_both_figures_and_a_player_moving_twice() {
    use tilewright_rules::bots::{Bot, Budget, MctsBot, MctsConfig, RandomBot, play_to_end};
    let sets = ["base".to_owned(), "special-figures".to_owned()];
    let def = Arc::new(GameDef::from_catalog(&catalog(), &sets, "new-edition").unwrap());
    let config = MctsConfig {
        budget: Budget::Playouts(30),
        ..MctsConfig::default()
    };
    let (mut search, mut random) = (MctsBot::new(config, 5), RandomBot::new(6));
    let mut game = Game::new(Arc::clone(&def), 2, 21).unwrap();
    let mut extra_turns = 0;
    let mut seats: [&mut dyn Bot; 2] = [&mut search, &mut random];
    play_to_end(&mut game, &mut seats, |_, events| {
        extra_turns += events.iter().filter(|e| matches!(e, Event::ExtraTurn { .. })).count();
    });
    assert!(game.is_over());
    let replayed = game.record().replay(Arc::clone(&def)).unwrap();
    assert_eq!(
        replayed.scores(),
        game.scores(),
        "the record replays the extra turns ({extra_turns})"
    );
}

#[test]
fn the_balance_lab_counts_extra_turns_and_bonuses_per_figure() {
    use tilewright_load::balance;
    let sets = ["base".to_owned(), "special-figures".to_owned()];
    let def = Arc::new(GameDef::from_catalog(&catalog(), &sets, "new-edition").unwrap());
    let report = balance::run(
        Arc::clone(&def),
        &Plan {
            players: 2,
            games: 200,
            seed: 4,
            threads: 2,
            policy: Policy::Random,
        },
        &Progress::default(),
    )
    .unwrap();
    let extra = report.mechanisms.extra_turns.as_ref().expect("extra turns in play");
    let bonuses = report.mechanisms.field_bonuses.as_ref().expect("field bonuses in play");
    assert!(extra.taken > 0 && bonuses.paid > 0 && bonuses.points >= bonuses.paid);
    let pig = report.figures.iter().find(|f| f.id == "pig").unwrap();
    assert!(
        pig.deployed > 0 && pig.points == bonuses.points,
        "the bonuses are the pig's points: {pig:?}"
    );
    assert!(
        report
            .mechanisms
            .lines()
            .iter()
            .any(|l| l.starts_with("extra turns taken: ")),
        "the HTML report's list names them"
    );
    // A base game reports neither.
    let base = Arc::new(GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], "new-edition").unwrap());
    let plain = balance::run(
        base,
        &Plan {
            players: 2,
            games: 20,
            seed: 4,
            threads: 1,
            policy: Policy::Random,
        },
        &Progress::default(),
    )
    .unwrap();
    assert!(plain.mechanisms.extra_turns.is_none() && plain.mechanisms.field_bonuses.is_none());
}

/// Tiles among the eight around `(x, y)`.
fn tiles_around(game: &Game, x: i16, y: i16) -> u32 {
    let (x, y) = (i32::from(x), i32::from(y));
    let around = (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)));
    around
        .filter(|&(dx, dy)| (dx, dy) != (0, 0) && game.board().at(x + dx, y + dy).is_some())
        .count() as u32
}

/// The take-back action for each abbot (figure type `abbot`) of `player` on the table.
fn abbots(game: &Game, abbot: u8, take_back: Step, player: u8) -> Vec<Step> {
    game.figures()
        .iter()
        .filter(|f| f.player == player && f.figure == abbot)
        .map(|f| game.part(f.node).unwrap())
        .map(|p| take_back.at(p.x, p.y).on(p.local))
        .collect()
}

/// The abbot (`effect = "take-back-for-points"`, bundled as `abbot`) in whole random games:
/// taking it back is offered in the deployment step only, for the current player's own abbots
/// only, and scores its monastery or garden as at the end (its tile and each tile around it);
/// an opponent's abbot is refused with the game unchanged.
#[test]
fn an_abbot_is_taken_back_by_its_owner_alone_for_its_features_points() {
    let sets = ["base".to_owned(), "abbot".to_owned()];
    let def = Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, "new-edition").unwrap());
    let abbot = def.figures().iter().position(|f| f.id == "abbot").unwrap() as u8;
    let take_back = Step::named("take-back").unwrap();
    let (mut taken, mut refused) = (0, 0);
    for seed in 0..100 {
        let mut game = Game::new(Arc::clone(&def), 2, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut events = Vec::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            let current = game.current_player();
            let offered: Vec<Step> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Mechanism(step) if step.kind == take_back.kind => Some(*step),
                    _ => None,
                })
                .collect();
            if matches!(game.phase(), Phase::Deploy { .. }) {
                assert_eq!(offered, abbots(&game, abbot, take_back, current));
                for step in abbots(&game, abbot, take_back, 1 - current) {
                    let before = (game.scores(), game.figures().len());
                    assert!(game.apply(Action::Mechanism(step), &mut events).is_err());
                    assert_eq!(before, (game.scores(), game.figures().len()));
                    refused += 1;
                }
            } else {
                assert!(offered.is_empty(), "{:?}", game.phase());
            }
            let action = match offered.first() {
                Some(&step) if rng.below(2) == 0 => {
                    // Its points come first; the turn's scoring step follows.
                    let points = 1 + tiles_around(&game, step.x, step.y);
                    let from = events.len();
                    game.apply(Action::Mechanism(step), &mut events).unwrap();
                    match events[from] {
                        Event::Scored {
                            players, points: got, ..
                        } => {
                            assert_eq!((players.0, got), (1 << current, points));
                        }
                        ref other => panic!("{other:?}"),
                    }
                    assert!(!abbots(&game, abbot, take_back, current).contains(&step));
                    taken += 1;
                    continue;
                }
                _ => legal[rng.below(legal.len())],
            };
            game.apply(action, &mut events).unwrap();
        }
    }
    assert!(taken > 100 && refused > 100, "{taken} taken back, {refused} refused");
}
