//! Marks played: games with Inns & Cathedrals finish and report every point, base games are
//! unchanged, and the expansion guide's invented expansion (wells) plays as it says, with a rule set's
//! house rules on marks.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_load::FromCatalog;
use tilewright_load::bundled;
use tilewright_load::catalog::Catalog;
use tilewright_load::scenario::run_text;
use tilewright_load::source::Source;
use tilewright_load::validate::validate_sources;
use tilewright_rules::bots::Policy;
use tilewright_rules::game::{Event, Game, GameDef, Reason};
use tilewright_rules::simulate::{Observer, Plan, Progress, run, run_observed};

fn def(sets: &[&str], rules: &str) -> Arc<GameDef> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap())
}

/// Adds up the points of the `Scored` events and checks them against the scores at the end;
/// counts the points scored for marked features.
#[derive(Default)]
struct Points {
    points: Vec<u64>,
    marked: u64,
    games: u64,
}

impl Observer for Points {
    fn event(&mut self, game: &Game, event: &Event) {
        let Event::Scored {
            players,
            points,
            reason,
            ..
        } = *event
        else {
            return;
        };
        if let Reason::Feature(score) = reason
            && score.marks != 0
        {
            self.marked += u64::from(points);
        }
        self.points.resize(game.players().len(), 0);
        for p in players.iter() {
            self.points[usize::from(p)] += u64::from(points);
        }
    }

    fn game_over(&mut self, game: &Game) {
        self.games += 1;
        self.points.resize(game.players().len(), 0);
        assert_eq!(self.points, game.scores(), "every point is reported as scored");
        self.points.clear();
    }
}

#[test]
fn random_and_greedy_games_with_inns_and_cathedrals_finish_and_add_up() {
    for rules in ["new-edition", "first-edition"] {
        let def = def(&["base", "inns-and-cathedrals"], rules);
        assert_eq!(def.marks().len(), 2);
        assert_eq!(def.marks_in_play(), 0b11);
        for policy in Policy::ALL {
            let played = run_observed(
                Arc::clone(&def),
                &Plan {
                    players: 3,
                    games: 30,
                    seed: 11,
                    threads: 2,
                    policy,
                },
                Points::default,
                &Progress::default(),
            )
            .unwrap();
            let games: u64 = played.workers.iter().map(|w| w.games).sum();
            let marked: u64 = played.workers.iter().map(|w| w.marked).sum();
            assert_eq!(games, 30, "{rules} {policy:?}");
            assert!(
                marked > 0,
                "thirty games score some inn road or cathedral city: {rules} {policy:?}"
            );
        }
    }
}

#[test]
fn base_games_play_as_before_marks() {
    // Mean scores of `simulate --games 3000 --seed 5` (base, two players, new edition) from
    // before marks were added: a game without marks plays exactly as it did.
    let summary = run(
        def(&["base"], "new-edition"),
        &Plan {
            players: 2,
            games: 3000,
            seed: 5,
            threads: 1,
            policy: Policy::Random,
        },
    )
    .unwrap();
    let totals: Vec<u64> = summary
        .mean_scores
        .iter()
        .map(|m| (m * 3000.0).round() as u64)
        .collect();
    assert_eq!(totals, [59636, 58007]);
}

/// The expansion guide's example expansion, as written there.
fn wells() -> String {
    let readme = include_str!("../../docs/expansions.md");
    let start = readme
        .find("```toml\n#:schema ../schemas/tileset.schema.json\nid = \"wells\"")
        .expect("the wells example in docs/expansions.md");
    let text = &readme[start + "```toml\n".len()..];
    text[..text.find("```").unwrap()].to_owned()
}

/// A city mark on a city cap, and a house rule on marks, to play beside the wells.
const KEEPS: &str = r#"
id = "keeps"
name = "Keeps"

[marks.keep]
kind = "city"
complete = { per-tile = 3 }
incomplete = { per-tile = 1 }

[[tiles]]
id = "KEEP/C"
count = 1
edges = ["city", "field", "field", "field"]
features.c = { kind = "city", on = ["N"], marks = ["keep"] }
features.f = { kind = "field", on = ["E", "S", "W"], cities = ["c"] }
"#;

const WELLS_COUNT_DOUBLE: &str = r#"
id = "wells-count-double"
name = "Wells count double"
extends = "new-edition"

[marks.well]
complete = { per-tile = 4 }
"#;

fn catalog() -> Catalog {
    let report = validate_sources(
        vec![
            Source::new("wells.toml", wells()),
            Source::new("keeps.toml", KEEPS),
            Source::new("wells-count-double.toml", WELLS_COUNT_DOUBLE),
        ],
        bundled::catalog(),
    );
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    report.catalog.with_base(bundled::catalog())
}

/// Plays a scenario on the catalog with the wells; returns its scores by seat.
fn scores(scenario: &str) -> Vec<u64> {
    let (_, outcome) = run_text(scenario, &catalog()).unwrap_or_else(|e| panic!("{e}"));
    outcome.scores
}

/// A road of three tiles: a monastery's road, a well road turned north-south, a city gate.
const ROAD: &str = r#"
[[layout]]
tile = "A"
at = [0, 0]

[[layout]]
tile = "WELL/RFr"
at = [0, 1]
rotation = 1
figures = [{ player = "red", feature = "r" }]

[[turns]]
tile = "S"
at = [0, 2]
rotation = 2
"#;

#[test]
fn the_readme_wells_add_a_point_per_tile_to_a_completed_road() {
    let head = "description = \"wells\"\ntilesets = [\"base\", \"wells\"]\n";
    let plain = "description = \"plain\"\n[[layout]]\ntile = \"A\"\nat = [0, 0]\n[[layout]]\ntile = \"U\"\nat = [0, 1]\nrotation = 1\nfigures = [{ player = \"red\", feature = \"r\" }]\n[[turns]]\ntile = \"S\"\nat = [0, 2]\nrotation = 2\n[expect]\nscores = { red = 3 }\n";
    assert_eq!(scores(plain)[0], 3, "a plain road of 3");
    assert_eq!(scores(&format!("{head}{ROAD}[expect]\nscores = {{ red = 6 }}\n"))[0], 6);
    // The rule set's value replaces the mark's: 4 per tile.
    let doubled = format!("{head}rules = \"wells-count-double\"\n{ROAD}[expect]\nscores = {{ red = 12 }}\n");
    assert_eq!(scores(&doubled)[0], 12);
    // Left out by the rule set, the well road is a plain road.
    let off = format!("{head}{ROAD}[marks.well]\nplay = false\n[expect]\nscores = {{ red = 3 }}\n");
    assert_eq!(scores(&off)[0], 3);
}

#[test]
fn an_inn_and_a_well_on_one_road_add_both_differences() {
    // Inn (2 per tile) and well (2 per tile) on one road of 3: 1 + 1 + 1 = 3 per tile.
    let scenario = r#"
description = "inn and well"
tilesets = ["base", "inns-and-cathedrals", "wells"]

[[layout]]
tile = "A"
at = [0, 0]

[[layout]]
tile = "WELL/RFr"
at = [0, 1]
rotation = 1
figures = [{ player = "red", feature = "r" }]

[[turns]]
tile = "IC/RCc.i"     # a road with an inn into a city gate, turned to come from the north
at = [0, 2]
rotation = 2

[expect]
scores = { red = 9 }
"#;
    assert_eq!(scores(scenario)[0], 9);
}

#[test]
fn a_marked_city_of_two_segments_under_the_small_city_rule() {
    // A keep (3 per segment) closed by a city cap: 2 segments. Plainly 6 points; under the
    // small-city rule (1 per segment) the keep adds its difference of 1 per segment: 4.
    let city = |tiny: bool, points: u32| {
        format!(
            "description = \"keep\"\ntilesets = [\"base\", \"keeps\"]\nrules = \"first-edition\"\nswitches = {{ tiny-city = {tiny} }}\n[[layout]]\ntile = \"KEEP/C\"\nat = [0, 0]\nfigures = [{{ player = \"red\", feature = \"c\" }}]\n[[turns]]\ntile = \"E\"\nat = [0, -1]\nrotation = 2\n[expect]\nscores = {{ red = {points} }}\n"
        )
    };
    assert_eq!(scores(&city(false, 6))[0], 6);
    assert_eq!(scores(&city(true, 4))[0], 4);
}
