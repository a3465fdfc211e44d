//! Watching games (observers and the events they see), the deciding player, and games
//! determinized for a search.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_rules::bots::Policy;
use tilewright_rules::game::{Action, Event, Game, GameDef, Phase, Reason, Rng, Seat};
use tilewright_rules::model::{FeatureKind, Mechanism};
use tilewright_rules::simulate::{
    Observer, Plan, Progress, Scratch, play_out, play_out_observed, policy_seed, random_action, run, run_observed,
};

fn def(sets: &[&str], rules: &str) -> Arc<GameDef> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap())
}

fn every_expansion() -> Arc<GameDef> {
    def(&["base", "abbey-and-mayor", "hills-and-sheep"], "new-edition")
}

/// The kind of the feature of `node`, found through where it lies.
fn kind_of(game: &Game, node: u32) -> FeatureKind {
    let places = game.feature_places(node);
    let &(x, y, local) = places.first().expect("a scored node names a feature on the table");
    let placed = game.board().at(i32::from(x), i32::from(y)).unwrap();
    let tile = game.board().placed[placed].tile;
    game.def().tables().tiles[tile as usize].features[usize::from(local)].kind
}

/// Adds up every player's points from the `Scored` events, and checks that each names a
/// feature of the kind it scored for.
#[derive(Default)]
struct PointsSeen {
    points: Vec<u64>,
    barn_points: u64,
    farm_points: u64,
    games: u64,
}

/// Checks that a scored node is of the kind its reason scores.
fn check_kind(kind: FeatureKind, reason: Reason, event: &Event) {
    match reason {
        Reason::Feature(score) => assert_eq!(kind, score.kind, "{event}"),
        // Farmers who each city pays once (first edition) name the city.
        Reason::Farm { .. } | Reason::FieldBonus { at_end: true, .. } => {
            assert!(matches!(kind, FeatureKind::Field | FeatureKind::City), "{event}")
        }
        Reason::FieldBonus { .. } => assert_eq!(kind, FeatureKind::Field, "{event}"),
        Reason::Mechanism(award) => assert_eq!(kind, award.words().feature, "{event}"),
        Reason::MostTokens { .. } => {}
    }
}

impl Observer for PointsSeen {
    fn event(&mut self, game: &Game, event: &Event) {
        let Event::Scored {
            players,
            points,
            reason,
            node,
        } = *event
        else {
            return;
        };
        if let Reason::MostTokens { .. } = reason {
            // Tokens held at the end score no feature.
            assert_eq!(node, tilewright_rules::game::NO_NODE, "{event}");
        } else {
            let kind = kind_of(game, node);
            check_kind(kind, reason, event);
        }
        match reason {
            Reason::Mechanism(award) if award.words().name == "barn" => self.barn_points += u64::from(points),
            Reason::Farm { .. } => self.farm_points += u64::from(points),
            _ => {}
        }
        self.points.resize(game.players().len(), 0);
        for p in players.iter() {
            self.points[usize::from(p)] += u64::from(points);
        }
    }

    fn game_over(&mut self, game: &Game) {
        self.games += 1;
        self.points.resize(game.players().len(), 0);
        let scores = game.scores();
        assert_eq!(self.points, scores, "every point is reported as scored");
        self.points.clear();
    }
}

#[test]
fn every_point_scored_is_seen_and_names_its_feature() {
    for (rules, seeds) in [("new-edition", 0..40), ("first-edition", 40..80)] {
        let def = def(&["base", "abbey-and-mayor", "hills-and-sheep"], rules);
        let mut seen = PointsSeen::default();
        for seed in seeds {
            let mut game = Game::new(Arc::clone(&def), 3, seed).unwrap();
            let mut rng = Rng::new(policy_seed(seed));
            play_out_observed(&mut game, &mut rng, &mut Scratch::default(), &mut seen);
        }
        assert_eq!(seen.games, 40);
        // Forty games with barns and farmers score both, and tell them apart.
        assert!(seen.barn_points > 0 && seen.farm_points > 0, "{rules}");
    }
}

#[test]
fn observing_a_game_does_not_change_it() {
    let def = every_expansion();
    for seed in 0..20 {
        let mut watched = Game::new(Arc::clone(&def), 4, seed).unwrap();
        let mut alone = watched.clone();
        play_out_observed(
            &mut watched,
            &mut Rng::new(policy_seed(seed)),
            &mut Scratch::default(),
            &mut PointsSeen::default(),
        );
        play_out(&mut alone, &mut Rng::new(policy_seed(seed)), &mut Scratch::default());
        assert_eq!(watched.history(), alone.history());
        assert_eq!(watched.scores(), alone.scores());
    }
}

/// Counts games and turns, to compare with the summary.
#[derive(Default)]
struct Turns {
    games: u64,
    turns: u64,
}

impl Observer for Turns {
    fn event(&mut self, _game: &Game, event: &Event) {
        if matches!(event, Event::TilePlaced { .. }) {
            self.turns += 1;
        }
    }

    fn game_over(&mut self, _game: &Game) {
        self.games += 1;
    }
}

#[test]
fn each_thread_watches_the_games_it_plays() {
    let def = def(&["base"], "new-edition");
    let progress = Progress::default();
    let played = run_observed(
        Arc::clone(&def),
        &Plan {
            players: 2,
            games: 30,
            seed: 7,
            threads: 3,
            policy: Policy::Random,
        },
        Turns::default,
        &progress,
    )
    .unwrap();
    let observers = played.workers;
    assert_eq!((observers.len(), played.threads), (3, 3));
    // Games go to whichever thread is free: between them the threads watch every game once.
    assert_eq!(observers.iter().map(|o| o.games).sum::<u64>(), 30);
    let summary = run(
        def,
        &Plan {
            players: 2,
            games: 30,
            seed: 7,
            threads: 1,
            policy: Policy::Random,
        },
    )
    .unwrap();
    assert_eq!(observers.iter().map(|o| o.turns).sum::<u64>(), summary.turns);
}

#[test]
fn the_wagon_owner_decides_when_a_wagon_waits() {
    let def = every_expansion();
    let mut seen_other = 0;
    for seed in 0..200 {
        let mut game = Game::new(Arc::clone(&def), 5, seed).unwrap();
        let (mut rng, mut scratch) = (Rng::new(policy_seed(seed)), Scratch::default());
        loop {
            match game.phase() {
                Phase::Decide { player, .. } if game.phase().mechanism() == Some("wagon") => {
                    assert_eq!(game.to_move(), Some(player));
                    seen_other += usize::from(player != game.current_player());
                }
                Phase::Over => assert_eq!(game.to_move(), None),
                _ => assert_eq!(game.to_move(), Some(game.current_player())),
            }
            if !random_action(&mut game, &mut rng, &mut scratch) {
                break;
            }
        }
        if seen_other >= 3 {
            return;
        }
    }
    panic!("in 200 five-player games, a wagon of another player than the current one waits only {seen_other} times");
}

/// The tiles a game draws from now on (placed or discarded), in order.
fn tiles_drawn(mut game: Game, policy: u64) -> Vec<u16> {
    let (mut rng, mut scratch) = (Rng::new(policy), Scratch::default());
    let mut drawn = Vec::new();
    while random_action(&mut game, &mut rng, &mut scratch) {
        for event in &scratch.events {
            match *event {
                Event::TilePlaced { tile, .. } | Event::TileDiscarded { tile } | Event::TileUnderHill { tile } => {
                    drawn.push(tile)
                }
                _ => {}
            }
        }
    }
    drawn
}

#[test]
fn a_determinized_game_keeps_what_players_know_and_reshuffles_the_rest() {
    let def = def(&["base", "hills-and-sheep"], "new-edition");
    let mut game = Game::new(Arc::clone(&def), 3, 11).unwrap();
    let (mut rng, mut scratch) = (Rng::new(12), Scratch::default());
    for _ in 0..30 {
        random_action(&mut game, &mut rng, &mut scratch);
    }
    let same_future = tiles_drawn(game.clone(), 5);
    assert_eq!(
        tiles_drawn(game.clone(), 5),
        same_future,
        "a clone sees the game's future"
    );
    let mut futures = Vec::new();
    for seed in 0..4 {
        let mut guess = game.clone();
        guess.determinize(&mut Rng::new(seed));
        assert_eq!(guess.phase(), game.phase(), "the drawn tile stays");
        assert_eq!(guess.pile_len(), game.pile_len());
        assert_eq!(guess.legal_actions(), game.legal_actions());
        assert_eq!(
            guess.mechanisms().shepherd().tokens(),
            game.mechanisms().shepherd().tokens()
        );
        assert_eq!(
            sorted(guess.mechanisms().shepherd().bag()),
            sorted(game.mechanisms().shepherd().bag()),
            "the bag holds the same tokens"
        );
        futures.push(tiles_drawn(guess, 5));
    }
    assert!(
        futures.iter().all(|f| *f != same_future),
        "a determinized clone cannot see the future"
    );
    // The tiles still to come are the same ones, in another order.
    for future in &futures {
        assert_eq!(sorted(future), sorted(&same_future));
    }
}

fn sorted<T: Ord + Clone>(items: &[T]) -> Vec<T> {
    let mut items = items.to_vec();
    items.sort_unstable();
    items
}

#[test]
fn determinized_games_do_not_replay_the_original_tile_order() {
    let def = every_expansion();
    let mut same = 0;
    for seed in 0..20 {
        let game = Game::new(Arc::clone(&def), 2, seed).unwrap();
        let future = tiles_drawn(game.clone(), policy_seed(seed));
        let mut guess = game.clone();
        guess.determinize(&mut Rng::new(seed + 1000));
        let guessed = tiles_drawn(guess, policy_seed(seed));
        assert_eq!(
            sorted(&guessed),
            sorted(&future),
            "seed {seed}: the same tiles are still to come"
        );
        same += usize::from(guessed == future);
    }
    assert!(
        same <= 1,
        "{same} of 20 determinized games drew the tiles in the original order"
    );
}

/// A hand-built table where deploying a shepherd (the action returned) is legal: a shepherd
/// draws from the bag as it arrives.
fn shepherd_about_to_draw() -> (Game, Action) {
    let def = def(&["base", "hills-and-sheep"], "new-edition");
    let monastery = def.tile_index("B").unwrap();
    let shepherd = def.figure_index("shepherd").unwrap();
    let mut game = Game::empty(Arc::clone(&def), 2).unwrap();
    game.lay(monastery, 0, 0, 0).unwrap();
    game.start(vec![monastery], Seat(0), false, &mut Vec::new()).unwrap();
    let place = Action::Place {
        x: 1,
        y: 0,
        rotation: 0,
    };
    game.apply(place, &mut Vec::new()).unwrap();
    let deploy = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(*a, Action::Deploy { figure, .. } if figure == shepherd))
        .expect("a shepherd may go onto the field of a monastery tile");
    (game, deploy)
}

/// The token the shepherd of `deploy` draws (sheep on it; 0 for a wolf).
fn token_drawn(mut game: Game, deploy: Action) -> u8 {
    let mut events = Vec::new();
    game.apply(deploy, &mut events).unwrap();
    let drawn = events.iter().find_map(|e| match *e {
        Event::Mechanism(drawn) if drawn.words().name == "sheep-drawn" => Some(drawn.amount as u8),
        _ => None,
    });
    drawn.expect("a shepherd draws as it arrives")
}

#[test]
fn a_determinized_game_draws_other_tokens_from_the_same_bag() {
    let (game, deploy) = shepherd_about_to_draw();
    let original = token_drawn(game.clone(), deploy);
    assert_eq!(
        token_drawn(game.clone(), deploy),
        original,
        "a clone draws what the game will"
    );
    let mut other = 0;
    for seed in 0..20 {
        let mut guess = game.clone();
        guess.determinize(&mut Rng::new(seed));
        assert_eq!(
            guess.mechanisms().shepherd().bag(),
            game.mechanisms().shepherd().bag(),
            "the bag holds the same tokens"
        );
        assert_eq!(guess.phase(), game.phase());
        other += usize::from(token_drawn(guess, deploy) != original);
    }
    // 5 of the 18 tokens are worth what the original draws, at most: about 1 draw in 4 matches.
    assert!(other >= 10, "only {other} of 20 determinized games drew another token");
}

#[test]
fn tiles_held_back_stay_out_without_the_abbey_mechanism() {
    let catalog = bundled::catalog();
    let base = &catalog.tileset("base").unwrap().model;
    let abbeys = &catalog.tileset("abbey-and-mayor").unwrap().model;
    let rules = def(&["base"], "new-edition").rules().clone();
    let with = GameDef::new(&[(base, None), (abbeys, None)], &[], rules.clone()).unwrap();
    assert!(with.mechanisms().contains(Mechanism::Abbey));
    assert!(!with.held().is_empty(), "abbeys are held with the mechanism on");
    let mut off = abbeys.clone();
    off.mechanisms.retain(|&m| m != Mechanism::Abbey);
    let without = GameDef::new(&[(base, None), (&off, None)], &[], rules).unwrap();
    assert!(!without.mechanisms().contains(Mechanism::Abbey));
    assert!(without.held().is_empty(), "no tile is held without the abbey mechanism");
    assert_eq!(without.pile(), with.pile(), "and none joins the pile");
    let game = Game::new(Arc::new(without), 2, 3).unwrap();
    let abbey = game.mechanisms().abbey();
    assert!(!game.mechanisms().plays("abbey"));
    assert!((0..2).all(|seat| abbey.held(seat).iter().all(|&n| n == 0)));
}
