//! Special figures declared by data (`joins`, `effect`): a builder-like figure that earns its
//! owner another turn and a pig-like figure that adds to its owner's field, played from the
//! fixture expansion `fixtures/special-figures/expansion.toml` beside the bundled catalog.
//!
//! Each scenario below is a complete scenario text (its `description` says the rule), ready to
//! move into `tests/scenarios/` once a bundled set declares these figures (with `tilesets`
//! naming that set instead of `special-figures`).

use std::path::Path;
use std::sync::Arc;

use tilewright_engine::bots::Policy;
use tilewright_engine::bundled;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{Event, Game, GameDef, Mechanisms, Reason};
use tilewright_engine::scenario::run_text;
use tilewright_engine::simulate::{Observer, Progress, run, run_observed};
use tilewright_engine::validate::validate_paths;

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

/// A scenario the runner must refuse, with words of the refusal.
fn fails(scenario: &str, words: &str) {
    match run_text(scenario, &catalog()) {
        Ok(_) => panic!("the scenario should fail with {words:?}"),
        Err(e) => assert!(e.contains(words), "{e}"),
    }
}

const BUILDER_BESIDE_OWN_FOLLOWER: &str = r#"
description = """Builder: it joins only a road or city that already holds one of its owner's followers, \
deployed on the tile just placed instead of a follower. RED extends the road of its own follower and puts \
its builder there; it counts for no majority, so the follower left in supply stays at 6"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "U"            # a straight road, east to west
at = [0, 0]
figures = [{ player = "red", feature = "r" }]

[[turns]]
player = "red"
tile = "U"
at = [1, 0]
deploy = { figure = "builder", feature = "r" }

[expect]
events = ["RED deploys a builder on r of U at (1, 0)"]
supply = { red = { follower = 6, builder = 0 } }
"#;

#[test]
fn a_builder_joins_its_owners_follower() {
    play(BUILDER_BESIDE_OWN_FOLLOWER);
}

const BUILDER_REFUSED_WITHOUT_OWN_FOLLOWER: &str = r#"
description = """Builder: a road holding only another player's follower, or no follower at all, takes no \
builder: RED's builder is refused beside BLUE's follower, then on an empty road"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "B"            # a monastery in a field, away from the rest: turns that matter nowhere go beside it
at = [10, 10]

[[layout]]
tile = "U"
at = [0, 0]
figures = [{ player = "blue", feature = "r" }]

[[turns]]
player = "red"
tile = "U"
at = [1, 0]
deploy = { figure = "builder", feature = "r" }
refused = "holding one of its owner's followers"

[[turns]]
player = "blue"
tile = "B"
at = [11, 10]

[[turns]]
player = "red"
tile = "U"            # a road of its own, beside the monastery
at = [10, 11]
deploy = { figure = "builder", feature = "r" }
refused = "holding one of its owner's followers"

[expect]
supply = { red = { follower = 7, builder = 1 } }
"#;

#[test]
fn a_builder_is_refused_where_its_owner_has_no_follower() {
    play(BUILDER_REFUSED_WITHOUT_OWN_FOLLOWER);
}

const BUILDER_REFUSED_ON_A_COMPLETED_ROAD: &str = r#"
description = """Builder: it joins only a road or city still open: the tile that completes RED's road takes \
no builder, though RED's follower is on the road"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "A"            # monastery whose road leaves south
at = [0, 0]

[[layout]]
tile = "U"
at = [0, 1]
rotation = 1          # north to south
figures = [{ player = "red", feature = "r" }]

[[turns]]
player = "red"
tile = "S"            # a city gate ends the road
at = [0, 2]
rotation = 2
deploy = { figure = "builder", feature = "r" }
refused = "still open"

[expect]
scores = { red = 3 }
"#;

#[test]
fn a_builder_is_refused_on_a_road_the_tile_completes() {
    play(BUILDER_REFUSED_ON_A_COMPLETED_ROAD);
}

const EXTRA_TURN: &str = r#"
description = """Builder: when its owner places a tile that extends the road where the builder stands, they \
take a second whole turn right after; the second turn never grants a third, and extending another player's \
builder road earns nothing. RED extends its builder's road (another turn), extends it again in that turn \
(no third), then BLUE plays"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "B"            # a monastery in a field, away from the rest: turns that matter nowhere go beside it
at = [10, 10]

[[layout]]
tile = "U"
at = [0, 0]
figures = [{ player = "red", feature = "r" }]

[[layout]]
tile = "U"
at = [1, 0]
figures = [{ player = "red", figure = "builder", feature = "r" }]

[[turns]]
player = "red"
tile = "U"
at = [2, 0]

[[turns]]
player = "red"
tile = "U"
at = [3, 0]

[[turns]]
player = "blue"
tile = "U"
at = [-1, 0]

[[turns]]
player = "red"
tile = "U"
at = [4, 0]

[[turns]]
player = "red"
tile = "B"
at = [11, 10]

[[turns]]
player = "blue"
tile = "B"
at = [12, 10]

[expect]
events = ["RED takes another turn", "RED takes another turn"]
"#;

#[test]
fn extending_the_builders_road_earns_one_more_turn_never_two() {
    let events = play(EXTRA_TURN);
    assert_eq!(events.iter().filter(|e| *e == "RED takes another turn").count(), 2);
}

const NO_EXTRA_TURN_ELSEWHERE: &str = r#"
description = """Builder: a tile that does not extend the builder's road earns nothing, even when it lies \
beside it: RED's tile joins only the field along the road, and BLUE plays next"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "B"            # a monastery in a field, away from the rest: turns that matter nowhere go beside it
at = [10, 10]

[[layout]]
tile = "U"
at = [0, 0]
figures = [{ player = "red", feature = "r" }, { player = "red", figure = "builder", feature = "r" }]

[[turns]]
player = "red"
tile = "B"            # a monastery in a field, laid north of the road
at = [0, -1]

[[turns]]
player = "blue"
tile = "B"
at = [11, 10]

[expect]
absent-events = ["RED takes another turn"]
"#;

#[test]
fn a_tile_that_does_not_extend_the_builders_feature_earns_nothing() {
    play(NO_EXTRA_TURN_ELSEWHERE);
}

const BUILDER_IN_A_CITY: &str = r#"
description = """Builder: in a city too: RED's builder stands in a city of RED's knight; the tile that \
extends the city earns RED another turn"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "B"            # a monastery in a field, away from the rest: turns that matter nowhere go beside it
at = [10, 10]

[[layout]]
tile = "F"            # a city running east to west
at = [0, 0]
figures = [{ player = "red", feature = "c" }, { player = "red", figure = "builder", feature = "c" }]

[[turns]]
player = "red"
tile = "F"
at = [1, 0]

[[turns]]
player = "red"
tile = "B"
at = [11, 10]

[[turns]]
player = "blue"
tile = "B"
at = [12, 10]

[expect]
events = ["RED takes another turn"]
"#;

#[test]
fn extending_the_builders_city_earns_another_turn() {
    play(BUILDER_IN_A_CITY);
}

const BUILDER_RETURNS_WITH_ITS_ROAD: &str = r#"
description = """Builder: it goes home when its feature is scored, and scores nothing itself; the tile that \
completes the road extends it too, so RED still takes another turn. RED scores the road of 3 alone"""
tilesets = ["base", "special-figures"]

[[layout]]
tile = "B"            # a monastery in a field, away from the rest: turns that matter nowhere go beside it
at = [10, 10]

[[layout]]
tile = "A"
at = [0, 0]

[[layout]]
tile = "U"
at = [0, 1]
rotation = 1
figures = [{ player = "red", feature = "r" }, { player = "red", figure = "builder", feature = "r" }]

[[turns]]
player = "red"
tile = "S"
at = [0, 2]
rotation = 2

[[turns]]
player = "red"
tile = "B"
at = [11, 10]

[expect]
scores = { red = 3 }
events = [
    "RED scores 3 points: completed road: 3 tiles",
    "RED's follower at (0, 1) returns",
    "RED's builder at (0, 1) returns",
    "RED takes another turn",
]
supply = { red = { follower = 7, builder = 1 } }
"#;

#[test]
fn the_builder_goes_home_with_its_scored_road() {
    play(BUILDER_RETURNS_WITH_ITS_ROAD);
}

const NO_EXTRA_TURN_FROM_AN_EMPTY_PILE: &str = r#"
description = """Builder: with the pile empty there is no second turn: RED's last tile extends the builder's \
road, and the game ends (the road then scores 3 tiles as incomplete)"""
tilesets = ["base", "special-figures"]
final-scoring = true

[[layout]]
tile = "U"
at = [0, 0]
figures = [{ player = "red", feature = "r" }]

[[layout]]
tile = "U"
at = [1, 0]
figures = [{ player = "red", figure = "builder", feature = "r" }]

[[turns]]
player = "red"
tile = "U"
at = [2, 0]

[expect]
scores = { red = 3 }
events = ["RED scores 3 points: incomplete road: 3 tiles", "the game is over"]
absent-events = ["RED takes another turn"]
"#;

#[test]
fn no_extra_turn_once_the_pile_is_empty() {
    play(NO_EXTRA_TURN_FROM_AN_EMPTY_PILE);
}

/// A completed city of three segments (east, middle, west), a field north and a field south
/// of its middle tile, with `figures` on the middle tile; final scoring only.
fn city_fields(description: &str, rules: &str, players: u8, figures: &str, counts: &str, expect: &str) -> String {
    format!(
        r#"description = "{description}"
tilesets = ["base", "special-figures"]
rules = "{rules}"
players = {players}
final-scoring = true
{counts}
[[layout]]
tile = "E"
at = [-1, 0]
rotation = 1

[[layout]]
tile = "G"
at = [0, 0]
figures = [{figures}]

[[layout]]
tile = "E"
at = [1, 0]
rotation = 3

[expect]
{expect}
"#
    )
}

#[test]
fn a_pig_adds_a_point_per_completed_city_to_its_owners_field() {
    let scenario = city_fields(
        "Pig: a player who scores a field with their pig in it scores 4 per completed city instead of 3",
        "new-edition",
        2,
        r#"{ player = "red", feature = "f1" }, { player = "red", figure = "pig", feature = "f1" }"#,
        "",
        r#"scores = { red = 4 }
events = ["RED scores 3 points: field: 1 completed city", "RED scores 1 point: field bonus of the pig: 1 completed city"]"#,
    );
    play(&scenario);
}

#[test]
fn two_pigs_of_one_player_in_a_field_add_once() {
    let scenario = city_fields(
        "Pig: several pigs of one player in one field add the bonus once: 3 + 1",
        "new-edition",
        2,
        r#"{ player = "red", feature = "f1" }, { player = "red", figure = "pig", feature = "f1" }, { player = "red", figure = "pig", feature = "f1" }"#,
        "figures = { pig = 2 }",
        "scores = { red = 4 }",
    );
    play(&scenario);
}

#[test]
fn a_pig_without_the_majority_gets_nothing() {
    let scenario = city_fields(
        "Pig: without the field's majority its owner scores nothing, pig or not: BLUE's two farmers win",
        "new-edition",
        2,
        r#"{ player = "red", feature = "f2" }, { player = "red", figure = "pig", feature = "f2" }, { player = "blue", feature = "f2" }, { player = "blue", feature = "f2" }"#,
        "",
        r#"scores = { blue = 3 }
absent-events = ["RED scores 1 point: field bonus of the pig: 1 completed city"]"#,
    );
    play(&scenario);
}

#[test]
fn tied_farmers_only_the_one_with_a_pig_adds() {
    let scenario = city_fields(
        "Pig: tied for a field both players score 3 per city; only the one with a pig there adds 1",
        "new-edition",
        2,
        r#"{ player = "red", feature = "f2" }, { player = "blue", feature = "f2" }, { player = "blue", figure = "pig", feature = "f2" }"#,
        "",
        r#"scores = { red = 3, blue = 4 }
events = ["RED and BLUE score 3 points: field: 1 completed city", "BLUE scores 1 point: field bonus of the pig: 1 completed city"]"#,
    );
    play(&scenario);
}

#[test]
fn a_pig_under_per_city_farm_scoring() {
    // The reading under the 2000 rules: each completed city pays once, to the majority of the
    // farmers of all the fields around it; a winner with a pig in any of those fields scores
    // the bonus for that city (4 + 1).
    let scenario = city_fields(
        "Pig under per-city farm scoring: the city's majority (RED and BLUE tied, on two fields) score 4; RED, with a pig in one of the city's fields, 1 more",
        "farms-2000",
        2,
        r#"{ player = "red", feature = "f1" }, { player = "red", figure = "pig", feature = "f1" }, { player = "blue", feature = "f2" }"#,
        "",
        r#"scores = { red = 5, blue = 4 }
events = ["RED and BLUE score 4 points: field: 1 completed city", "RED scores 1 point: field bonus of the pig: 1 completed city"]"#,
    );
    play(&scenario);
    let beaten = city_fields(
        "Pig under per-city farm scoring: BLUE's two farmers around the city win it; RED's pig adds nothing",
        "farms-2000",
        2,
        r#"{ player = "red", feature = "f1" }, { player = "red", figure = "pig", feature = "f1" }, { player = "blue", feature = "f2" }, { player = "blue", feature = "f2" }"#,
        "",
        "scores = { blue = 4 }",
    );
    play(&beaten);
}

const PIG_AT_A_BARN_MEETING: &str = r#"
description = """Pig with a barn: the tile joins the field of RED's farmer and pig to BLUE's barn field; \
the farmers' 1 point per completed city becomes 2 for RED, who has a pig there (2 cities: 2 + 2). The \
farmer goes home, and the pig, left without its owner's follower, goes home too. At the end the barn \
scores its own 4 per city with no bonus"""
tilesets = ["base", "abbey-and-mayor", "special-figures"]
final-scoring = true

[[layout]]
tile = "E"
at = [0, 0]
figures = [{ player = "red", feature = "f" }, { player = "red", figure = "pig", feature = "f" }]

[[layout]]
tile = "E"
at = [0, -1]
rotation = 2

[[layout]]
tile = "E"
at = [2, 0]
figures = [{ player = "blue", figure = "barn", feature = "f" }]

[[layout]]
tile = "E"
at = [2, -1]
rotation = 2

[[turns]]
player = "red"
tile = "B"            # all field: joins the two fields
at = [1, 0]

[expect]
scores = { red = 4, blue = 8 }
events = [
    "RED scores 2 points: field: 2 completed cities",
    "RED scores 2 points: field bonus of the pig: 2 completed cities",
    "RED's follower at (0, 0) returns",
    "RED's pig at (0, 0) returns",
    "BLUE scores 8 points: field: 2 completed cities",
]
supply = { red = { follower = 7, pig = 1 } }
"#;

#[test]
fn a_pig_at_a_barn_meeting_doubles_the_farmers_points_then_goes_home() {
    play(PIG_AT_A_BARN_MEETING);
}

const BUILDER_SWITCHED_OFF: &str = r#"
description = """House rule: builders switched off (a count of 0): extending the road earns no turn, and no \
builder can be deployed"""
tilesets = ["base", "special-figures"]
figures = { builder = 0 }

[[layout]]
tile = "U"
at = [0, 0]
figures = [{ player = "red", feature = "r" }]

[[turns]]
player = "red"
tile = "U"
at = [1, 0]
deploy = { figure = "builder", feature = "r" }
refused = "leave this figure out"

[[turns]]
player = "blue"
tile = "U"
at = [2, 0]

[expect]
absent-events = ["RED takes another turn"]
"#;

#[test]
fn a_figure_switched_off_leaves_the_game_as_without_it() {
    play(BUILDER_SWITCHED_OFF);
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
            3,
            games,
            seed,
            2,
            policy,
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
    let once = run(Arc::clone(&def), 3, 300, 9, 1, Policy::Random).unwrap();
    let again = run(Arc::clone(&def), 3, 300, 9, 2, Policy::Random).unwrap();
    assert_eq!(once.mean_scores, again.mean_scores);
}

#[test]
fn a_search_plays_both_figures_and_a_player_moving_twice() {
    use tilewright_engine::bots::{Bot, Budget, MctsBot, MctsConfig, RandomBot, play_to_end};
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
    use tilewright_engine::balance;
    let sets = ["base".to_owned(), "special-figures".to_owned()];
    let def = Arc::new(GameDef::from_catalog(&catalog(), &sets, "new-edition").unwrap());
    let report = balance::run(Arc::clone(&def), 2, 200, 4, 2, Policy::Random, &Progress::default()).unwrap();
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
    let plain = balance::run(base, 2, 20, 4, 1, Policy::Random, &Progress::default()).unwrap();
    assert!(plain.mechanisms.extra_turns.is_none() && plain.mechanisms.field_bonuses.is_none());
}
