//! The Monte Carlo tree search bot: a legal answer at every kind of choice, the best answer
//! where it can be worked out exactly, budgets kept, and the same choice for the same seed.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use tilewright_engine::FromCatalog;
use tilewright_engine::bots::mcts::{RewardKind, Rollout};
use tilewright_engine::bots::{Bot, Budget, MctsBot, MctsConfig, RandomBot, StopFlag, play_to_end};
use tilewright_engine::bundled;
use tilewright_engine::game::{Action, Game, GameDef, Phase};

fn def(tilesets: &[&str]) -> Arc<GameDef> {
    def_under(tilesets, "new-edition")
}

fn def_under(tilesets: &[&str], rules: &str) -> Arc<GameDef> {
    let sets: Vec<String> = tilesets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap())
}

fn config(playouts: u32) -> MctsConfig {
    MctsConfig {
        budget: Budget::Playouts(playouts),
        ..MctsConfig::default()
    }
}

/// The first position of random games (seeds 0, 1, ...) where `wanted` holds, if one of the
/// first `seeds` games reaches one.
fn find(def: &Arc<GameDef>, players: u8, seeds: u64, wanted: impl Fn(&Game) -> bool) -> Option<Game> {
    for seed in 0..seeds {
        let mut game = Game::new(Arc::clone(def), players, seed).unwrap();
        let mut bot = RandomBot::new(seed);
        while !game.is_over() {
            if wanted(&game) {
                return Some(game);
            }
            bot.play(&mut game, &mut Vec::new());
        }
    }
    None
}

/// Whether `action` is the mechanism's action declared as `name`.
fn named(action: &Action, name: &str) -> bool {
    matches!(action, Action::Mechanism(step) if step.words().name == name)
}

fn has(game: &Game, kind: impl Fn(&Action) -> bool) -> bool {
    game.legal_actions().iter().any(kind)
}

#[test]
fn every_kind_of_choice_gets_a_legal_answer() {
    let new_edition = def(&["base", "abbey-and-mayor", "hills-and-sheep"]);
    // The first edition's rules give abbeys a final round, where placing one is optional.
    let first_edition = def_under(&["base", "abbey-and-mayor"], "first-edition");
    type Wanted = Box<dyn Fn(&Game) -> bool>;
    let kinds: Vec<(&str, Wanted)> = vec![
        ("placement", Box::new(|g| matches!(g.phase(), Phase::Place { .. }))),
        (
            "deploying a follower",
            Box::new(|g| has(g, |a| matches!(a, Action::Deploy { .. }))),
        ),
        ("deploying a barn", Box::new(|g| has(g, |a| named(a, "deploy-barn")))),
        (
            "drawing or placing an abbey",
            Box::new(|g| {
                g.phase()
                    == Phase::Choose {
                        may_draw: true,
                        may_pass: false,
                    }
            }),
        ),
        (
            "placing an abbey in the final round, or passing",
            Box::new(|g| matches!(g.phase(), Phase::Choose { may_pass: true, .. })),
        ),
        ("moving a wagon", Box::new(|g| has(g, |a| named(a, "move-wagon")))),
        (
            "growing or guiding a flock",
            Box::new(|g| g.phase().mechanism() == Some("shepherd")),
        ),
    ];
    for (what, wanted) in kinds {
        let def = if what.contains("final round") {
            &first_edition
        } else {
            &new_edition
        };
        let game = find(def, 3, 60, wanted).unwrap_or_else(|| panic!("no random game reached {what}"));
        let legal = game.legal_actions();
        assert!(legal.len() > 1, "{what}: a choice of one");
        // Greedy rollouts are slow in a debug build: a few show they reach every kind.
        for (rollout, playouts) in [(Rollout::Random, 20), (Rollout::Greedy, 3)] {
            let mut bot = MctsBot::new(
                MctsConfig {
                    rollout,
                    ..config(playouts)
                },
                1,
            );
            let action = bot.choose(&game);
            assert!(legal.contains(&action), "{what}: {action:?} is not legal");
            let visits: u64 = bot.root_stats().iter().map(|s| s.visits).sum();
            assert_eq!(
                visits,
                u64::from(playouts),
                "{what}: every playout goes through one root choice"
            );
        }
    }
}

#[test]
fn a_wagon_is_moved_by_its_owner_even_out_of_turn() {
    let def = def(&["base", "abbey-and-mayor"]);
    let game = find(&def, 3, 200, |g| {
        g.phase().mechanism() == Some("wagon")
            && g.phase().decider() != Some(g.current_player())
            && has(g, |a| named(a, "move-wagon"))
    })
    .expect("a random game where a wagon moves out of its owner's turn");
    let mut bot = MctsBot::new(config(40), 2);
    let action = bot.choose(&game);
    assert!(game.legal_actions().contains(&action));
    // The rewards at the root are the wagon owner's: a mean in 0..=1 for every choice.
    assert!(bot.root_stats().iter().all(|s| (0.0..=1.0).contains(&s.mean)));
}

/// The final margin of the mover (their score minus the best other's) after `actions`,
/// played from `game` to the end; `None` if the game is not over then.
fn final_margin(game: &Game, actions: &[Action]) -> Option<i64> {
    let mover = game.to_move()?;
    let mut end = game.clone();
    for &action in actions {
        end.apply(action, &mut Vec::new()).ok()?;
    }
    end.is_over().then(|| {
        let scores = end.scores();
        let best_other = (0..scores.len())
            .filter(|&p| p != usize::from(mover))
            .map(|p| scores[p])
            .max();
        scores[usize::from(mover)] as i64 - best_other.unwrap_or(0) as i64
    })
}

/// The best final margin the mover can reach from a last-tile position, and the worst, over
/// every placement followed by its best deployment: (best, worst, best margin by placement).
fn last_tile_values(game: &Game) -> (i64, i64, Vec<(Action, i64)>) {
    let mut by_placement = Vec::new();
    for place in game.legal_actions() {
        let mut placed = game.clone();
        placed.apply(place, &mut Vec::new()).unwrap();
        let best = placed
            .legal_actions()
            .into_iter()
            .map(|deploy| final_margin(game, &[place, deploy]).expect("the last tile ends the game"))
            .max()
            .unwrap();
        by_placement.push((place, best));
    }
    let best = by_placement.iter().map(|p| p.1).max().unwrap();
    let worst = by_placement.iter().map(|p| p.1).min().unwrap();
    (best, worst, by_placement)
}

#[test]
fn the_best_last_placement_and_deployment_are_found() {
    let def = def(&["base"]);
    let mut checked = 0;
    for seed in 0..40 {
        let Some(game) = find(&def, 2, 1, |g| {
            g.pile_len() == 0 && matches!(g.phase(), Phase::Place { .. })
        })
        .filter(|_| seed == 0)
        .or_else(|| {
            let mut game = Game::new(Arc::clone(&def), 2, seed).unwrap();
            let mut bot = RandomBot::new(seed);
            while !(game.pile_len() == 0 && matches!(game.phase(), Phase::Place { .. })) {
                if !bot.play(&mut game, &mut Vec::new()) {
                    return None;
                }
            }
            Some(game)
        }) else {
            continue;
        };
        let (best, worst, by_placement) = last_tile_values(&game);
        // Only positions where the choice matters by a few points test anything.
        if best - worst < 3 {
            continue;
        }
        for reward in [RewardKind::Margin, RewardKind::Win] {
            let mut bot = MctsBot::new(MctsConfig { reward, ..config(1500) }, seed);
            let place = bot.choose(&game);
            let value = by_placement.iter().find(|p| p.0 == place).map(|p| p.1);
            let wins = |m: i64| m.cmp(&0);
            match reward {
                RewardKind::Margin => assert_eq!(value, Some(best), "seed {seed}: {place:?} of {by_placement:?}"),
                // Win/loss rewards tell only the outcome apart.
                RewardKind::Win => assert_eq!(value.map(wins), Some(wins(best)), "seed {seed}: {place:?}"),
            }
            let mut placed = game.clone();
            placed.apply(place, &mut Vec::new()).unwrap();
            let deploy = bot.choose(&placed);
            let margin = final_margin(&game, &[place, deploy]);
            match reward {
                RewardKind::Margin => assert_eq!(margin, value, "seed {seed}: {deploy:?}"),
                RewardKind::Win => assert_eq!(margin.map(wins), value.map(wins), "seed {seed}: {deploy:?}"),
            }
        }
        checked += 1;
        if checked == 3 {
            return;
        }
    }
    panic!("only {checked} random games ended on a last tile whose placement matters");
}

#[test]
fn a_single_legal_action_is_played_at_once() {
    let def = def(&["base"]);
    let game = find(&def, 2, 50, |g| g.legal_actions().len() == 1).expect("a position with one legal action");
    let mut bot = MctsBot::new(
        MctsConfig {
            budget: Budget::Millis(60_000),
            ..MctsConfig::default()
        },
        3,
    );
    let started = Instant::now();
    assert_eq!(bot.choose(&game), game.legal_actions()[0]);
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(bot.root_stats().is_empty(), "no search was run");
}

#[test]
fn a_time_budget_is_kept() {
    let def = def(&["base"]);
    let game = Game::new(def, 2, 5).unwrap();
    let mut bot = MctsBot::new(
        MctsConfig {
            budget: Budget::Millis(150),
            threads: 2,
            ..MctsConfig::default()
        },
        3,
    );
    let started = Instant::now();
    let action = bot.choose(&game);
    let took = started.elapsed();
    assert!(game.legal_actions().contains(&action));
    assert!(took >= Duration::from_millis(150), "{took:?}");
    // A playout of a debug build takes milliseconds; the clock is read every eight.
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(bot.root_stats().iter().map(|s| s.visits).sum::<u64>() >= 2);
}

#[test]
fn a_stop_flag_ends_a_long_search_with_a_legal_choice() {
    let def = def(&["base"]);
    let game = Game::new(def, 2, 5).unwrap();
    let stop = StopFlag::default();
    let mut bot = MctsBot::new(
        MctsConfig {
            budget: Budget::Playouts(100_000_000),
            threads: 2,
            ..MctsConfig::default()
        },
        3,
    );
    bot.stop_with(stop.clone());
    let started = Instant::now();
    let action = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            stop.set();
        });
        bot.choose(&game)
    });
    let took = started.elapsed();
    assert!(game.legal_actions().contains(&action));
    // Hours of playouts otherwise; the flag is read every eight.
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(bot.root_stats().iter().map(|s| s.visits).sum::<u64>() >= 2);
}

#[test]
fn a_playout_budget_gives_the_same_search_for_the_same_seed_and_threads() {
    let def = def(&["base"]);
    let game = Game::new(def, 2, 8).unwrap();
    for threads in [1, 3] {
        let search = |seed| {
            let mut bot = MctsBot::new(MctsConfig { threads, ..config(90) }, seed);
            let action = bot.choose(&game);
            (action, bot.root_stats())
        };
        let first = search(11);
        assert_eq!(first, search(11), "{threads} thread(s)");
        assert_ne!(
            first.1,
            search(12).1,
            "{threads} thread(s): another seed searches otherwise"
        );
        assert_eq!(
            first.1.iter().map(|s| s.visits).sum::<u64>(),
            90,
            "the threads share the playouts"
        );
        let visits: Vec<u64> = first.1.iter().map(|s| s.visits).collect();
        assert!(
            visits.windows(2).all(|w| w[0] >= w[1]),
            "most visited first: {visits:?}"
        );
        assert_eq!(first.0, first.1[0].action, "the most visited choice is played");
    }
}

#[test]
fn the_bot_can_search_on_another_thread() {
    fn send_and_clone<T: Send + Clone + 'static>() {}
    send_and_clone::<MctsBot>();
    let def = def(&["base"]);
    let game = Game::new(def, 2, 4).unwrap();
    let mut bot = MctsBot::new(config(20), 5);
    let mut copy = bot.clone();
    let position = game.clone();
    let action = std::thread::spawn(move || bot.choose(&position)).join().unwrap();
    assert_eq!(copy.choose(&game), action, "a clone searches as the original");
}

#[test]
fn a_short_search_beats_random_play() {
    let def = def(&["base"]);
    for seed in 0..2u64 {
        let seat = (seed % 2) as usize;
        let mut mcts = MctsBot::new(config(40), seed);
        let mut random = RandomBot::new(seed);
        let mut game = Game::new(Arc::clone(&def), 2, seed).unwrap();
        let mut seats: [&mut dyn Bot; 2] = if seat == 0 {
            [&mut mcts, &mut random]
        } else {
            [&mut random, &mut mcts]
        };
        play_to_end(&mut game, &mut seats, |_, _| {});
        let scores = game.scores();
        assert!(scores[seat] > scores[1 - seat], "seed {seed}: {scores:?}");
    }
}

#[test]
fn a_position_copied_into_a_used_game_plays_on_as_the_original() {
    use tilewright_engine::game::Rng;
    let def = def(&["base", "abbey-and-mayor", "hills-and-sheep"]);
    let mut source = Game::new(Arc::clone(&def), 3, 21).unwrap();
    let mut bot = RandomBot::new(4);
    for _ in 0..40 {
        bot.play(&mut source, &mut Vec::new());
    }
    // A target further on in another game, with more tiles, figures and flocks than the source.
    let mut target = Game::new(Arc::clone(&def), 3, 99).unwrap();
    let mut other = RandomBot::new(5);
    for _ in 0..120 {
        other.play(&mut target, &mut Vec::new());
    }
    target.clone_from(&source);
    let fresh = source.clone();
    for mut copy in [target, fresh] {
        let mut original = source.clone();
        let (mut a, mut b) = (Rng::new(8), Rng::new(8));
        let (mut events_a, mut events_b) = (Vec::new(), Vec::new());
        while !original.is_over() {
            assert_eq!(copy.legal_actions(), original.legal_actions());
            let (mut x, mut y) = (Vec::new(), Vec::new());
            tilewright_engine::bots::random_step(&mut original, &mut a, &mut x, &mut events_a);
            tilewright_engine::bots::random_step(&mut copy, &mut b, &mut y, &mut events_b);
        }
        assert!(copy.is_over());
        assert_eq!(events_a, events_b);
        assert_eq!(copy.scores(), original.scores());
        assert_eq!(copy.history(), original.history());
    }
}

/// The choices of a search for one seed and playout budget, pinned, with playouts to the end
/// and with the default horizon: a change that makes the search choose otherwise (its draws,
/// its order of children, its arithmetic) shows here, and must say why it changes them.
#[test]
fn a_seed_and_a_playout_budget_pin_the_choices() {
    let def = def(&["base"]);
    let pinned: [(Option<u32>, &str, [u64; 4]); 2] = [
        (
            None,
            "[Place { x: 0, y: -1, rotation: 3 }, Deploy { figure: 0, feature: 0 }, \
             Place { x: 1, y: -1, rotation: 1 }, Deploy { figure: 0, feature: 0 }, \
             Place { x: 0, y: -2, rotation: 3 }, Deploy { figure: 0, feature: 1 }, \
             Place { x: 0, y: 1, rotation: 2 }, Pass]",
            [21, 14, 13, 12],
        ),
        (
            MctsConfig::default().horizon,
            "[Place { x: 0, y: -1, rotation: 1 }, Deploy { figure: 0, feature: 0 }, \
             Place { x: 0, y: 1, rotation: 2 }, Deploy { figure: 0, feature: 0 }, \
             Place { x: 1, y: -1, rotation: 2 }, Deploy { figure: 0, feature: 3 }, \
             Place { x: 1, y: 1, rotation: 3 }, Deploy { figure: 0, feature: 1 }]",
            [18, 15, 14, 13],
        ),
    ];
    for (horizon, choices, visits) in pinned {
        let mut game = Game::new(Arc::clone(&def), 2, 8).unwrap();
        let mut bot = MctsBot::new(MctsConfig { horizon, ..config(60) }, 13);
        let mut chosen = Vec::new();
        let mut first_visits = Vec::new();
        while chosen.len() < 8 {
            let action = bot.choose(&game);
            if first_visits.is_empty() {
                first_visits = bot.root_stats().iter().map(|s| s.visits).collect();
            }
            chosen.push(action);
            game.apply(action, &mut Vec::new()).unwrap();
        }
        assert_eq!(
            format!("{chosen:?}"),
            choices.replace("             ", ""),
            "{horizon:?}"
        );
        assert_eq!(first_visits, visits, "{horizon:?}");
    }
}
