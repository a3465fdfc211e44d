//! The balance lab's figures: consistent with the games they watched (checked against what
//! the games themselves say), the same on any number of threads, and A/B comparisons that
//! find a known effect and nothing in a run compared with itself.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::balance::{self, BalanceReport, FigureKey, Plan};
use tilewright_engine::bots::Policy;
use tilewright_engine::bundled;
use tilewright_engine::game::{Game, GameDef};
use tilewright_engine::model::FeatureKind;
use tilewright_engine::simulate::{self, Observer, Progress};

fn def(sets: &[&str], rules: &str) -> Arc<GameDef> {
    let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
    Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, rules).unwrap())
}

const ALL: [&str; 3] = ["base", "abbey-and-mayor", "hills-and-sheep"];

/// What the games say of themselves at their end, summed.
#[derive(Default)]
struct Truth {
    games: u64,
    scores: u64,
    completed: u64,
    on_table: u64,
    discarded: u64,
    under_hills: u64,
    /// Printed tokens the players hold at the end, of every kind.
    tokens_held: u64,
}

impl Observer for Truth {
    fn game_over(&mut self, game: &Game) {
        self.games += 1;
        self.scores += game.players().iter().map(|p| p.score).sum::<u64>();
        self.completed += game.completed_features() as u64;
        self.on_table += game.figures().len() as u64;
        self.discarded += u64::from(game.discarded());
        self.under_hills += u64::from(game.mechanisms().hills().under());
        let kinds = game.def().printed_tokens().len() as u8;
        for player in 0..game.players().len() as u8 {
            for token in 0..kinds {
                self.tokens_held += u64::from(game.mechanisms().printed_tokens().held(player, token));
            }
        }
    }
}

fn truth(def: &Arc<GameDef>, players: u8, games: u64, seed: u64) -> Truth {
    let played = simulate::run_observed(
        Arc::clone(def),
        &Plan {
            players,
            games,
            seed,
            threads: 1,
            policy: Policy::Random,
        },
        Truth::default,
        &Progress::default(),
    )
    .unwrap();
    played.workers.into_iter().next().unwrap()
}

fn run(def: &Arc<GameDef>, players: u8, games: u64, seed: u64, threads: usize) -> BalanceReport {
    balance::run(
        Arc::clone(def),
        &Plan {
            players,
            games,
            seed,
            threads,
            policy: Policy::Random,
        },
        &Progress::default(),
    )
    .unwrap()
}

/// `mean × n`, a sum of integers given back exactly.
fn total(mean: f64, n: u64) -> u64 {
    (mean * n as f64).round() as u64
}

#[test]
fn the_figures_add_up_to_what_the_games_say() {
    let def = def(&ALL, "new-edition");
    let (players, games, seed) = (4, 300, 11);
    let report = run(&def, players, games, seed, 2);
    let truth = truth(&def, players, games, seed);
    assert_eq!((report.games, truth.games, report.stopped), (games, games, false));

    // Every point lands on a tile: the tiles' shares add up to the final scores.
    let tile_points: u64 = report.tiles.iter().map(|t| t.points).sum();
    assert_eq!(tile_points, truth.scores);
    let kind_points: u64 = report.features.iter().map(|k| k.points_in_play + k.points_at_end).sum();
    assert_eq!(kind_points, truth.scores);
    assert_eq!(total(report.total_score.unwrap().mean, games), truth.scores);
    let seat_points: u64 = report.seats.iter().map(|s| total(s.score.unwrap().mean, games)).sum();
    assert_eq!(seat_points, truth.scores);

    // Every tile of the pile is drawn or goes under a hill; abbeys come from the players.
    let abbeys = report.mechanisms.abbeys.as_ref().unwrap().placed;
    assert!(abbeys > 0, "abbeys were placed");
    let drawn: u64 = report.tiles.iter().map(|t| t.drawn).sum();
    let under: u64 = report.tiles.iter().map(|t| t.under_hill).sum();
    assert_eq!(drawn + under, games * def.pile().len() as u64 + abbeys);
    assert_eq!(under, truth.under_hills);
    assert_eq!(under, report.mechanisms.hills.as_ref().unwrap().tiles_under);
    for tile in &report.tiles {
        assert_eq!(tile.drawn, tile.placed + tile.discarded, "{}", tile.id);
    }
    let discarded: u64 = report.tiles.iter().map(|t| t.discarded).sum();
    assert_eq!(discarded, truth.discarded);
    let placed: u64 = report.tiles.iter().map(|t| t.placed).sum();
    assert_eq!(total(report.turns.unwrap().mean, games), placed);
    let start = &report.tiles[usize::from(def.start())];
    assert!(start.start && report.tiles.iter().filter(|t| t.start).count() == 1);

    // Wins (ties split) add up to the games; histograms hold every game.
    let wins: f64 = report.seats.iter().map(|s| s.wins).sum();
    assert!((wins - games as f64).abs() < 1e-9, "{wins}");
    for seat in &report.seats {
        assert_eq!(
            seat.histogram.counts.iter().sum::<u64>() + seat.histogram.overflow,
            games
        );
    }

    // Completed roads, cities and monasteries are those on the table at the end.
    let completions = |kind| report.features.iter().find(|k| k.kind == kind).unwrap().completions;
    let completed = [FeatureKind::City, FeatureKind::Road, FeatureKind::Monastery].map(completions);
    assert_eq!(completed.iter().sum::<u64>(), truth.completed);
    for kind in &report.features {
        assert!(kind.completions <= kind.features, "{:?}", kind.kind);
        assert_eq!(
            kind.incomplete_share.is_none(),
            kind.kind == FeatureKind::Field || kind.features == 0
        );
    }

    // Figures deployed and not returned are those left on the table.
    let deployed: u64 = report.figures.iter().map(|f| f.deployed).sum();
    let returned: u64 = report.figures.iter().map(|f| f.returned).sum();
    assert_eq!(deployed - returned, truth.on_table);
    let deployments: u64 = report.tiles.iter().flat_map(|t| &t.deployments).map(|d| d.count).sum();
    assert_eq!(deployments, deployed);
    let follower = &report.figures[def.figure_index("follower").unwrap() as usize];
    assert!(follower.points > 0 && follower.mean_turns_on_table.unwrap() > 1.0);

    // The mechanisms of both expansions did something.
    let count = |key, counter| report.mechanisms.tallies.count(key, counter).unwrap();
    assert!(count("barns", "placed") > 0);
    assert!(count("wagons", "moves") > 0);
    assert!(count("shepherds", "flocks_scored") > 0 && count("shepherds", "flocks_lost") > 0);
    // Each way of scoring pays its own figure: flocks the shepherd, barns at the end the barn,
    // and nothing else either of them.
    let points_of = |id: &str| report.figures[def.figure_index(id).unwrap() as usize].points;
    assert_eq!(points_of("shepherd"), count("shepherds", "flock_points"));
    assert_eq!(points_of("barn"), count("barns", "end_points"));
    for tile in report.tiles.iter().filter(|t| t.placements_sampled > 0) {
        assert!(tile.placements_min.unwrap() as f64 <= tile.placements_mean.unwrap());
    }
    assert!(report.tiles.iter().all(|t| !t.set.is_empty()));
}

#[test]
fn printed_tokens_and_marks_are_counted_by_their_names() {
    let def = def(&["base", "traders-and-builders", "inns-and-cathedrals"], "new-edition");
    let (players, games, seed) = (3, 200, 5);
    let report = run(&def, players, games, seed, 2);
    let truth = truth(&def, players, games, seed);
    let tokens = &report.mechanisms.tokens;
    let ids: Vec<&str> = tokens.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["cloth", "grain", "wine"]);
    // Every token taken is held at the end; at most the 20 printed are taken per game.
    let taken: u64 = tokens.iter().map(|t| t.taken).sum();
    assert_eq!(taken, truth.tokens_held);
    assert!(taken > 0 && taken <= 20 * games, "{taken}");
    for t in tokens {
        assert_eq!(t.points, 10 * t.awards, "{}: 10 points per award", t.id);
        // Whoever took some of a kind in a game scores it: at least one award a game with some.
        assert!(t.awards > 0 && t.awards <= games * u64::from(players), "{}", t.id);
    }
    // The points of the most tokens land on the tiles the tokens came from, and on no feature
    // kind; every other point lands on both.
    let token_points: u64 = tokens.iter().map(|t| t.points).sum();
    let tile_points: u64 = report.tiles.iter().map(|t| t.points).sum();
    assert_eq!(tile_points, truth.scores);
    let kind_points: u64 = report.features.iter().map(|k| k.points_in_play + k.points_at_end).sum();
    assert_eq!(kind_points + token_points, truth.scores);
    // Marks: the points of the features carrying each, within their kinds' points.
    let marks: Vec<(&str, u64)> = report
        .mechanisms
        .marks
        .iter()
        .map(|m| (m.id.as_str(), m.points))
        .collect();
    assert_eq!(marks.iter().map(|m| m.0).collect::<Vec<_>>(), ["cathedral", "inn"]);
    let points_of = |kind: FeatureKind| {
        let k = report.features.iter().find(|k| k.kind == kind).unwrap();
        k.points_in_play + k.points_at_end
    };
    assert!(marks[0].1 <= points_of(FeatureKind::City));
    assert!(marks[1].1 > 0 && marks[1].1 <= points_of(FeatureKind::Road));
    let lines = report.mechanisms.lines();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("wine: ") && l.contains("most wine at the end")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("features marked inn: ")),
        "{lines:?}"
    );
}

#[test]
fn with_two_wagons_each_the_wagon_that_moves_is_the_one_that_waited() {
    // Wagons told apart wrongly leave one standing where it no longer is: its return is then
    // missed and the figures on the table no longer add up.
    let all = def(&ALL, "new-edition");
    let mut rules = all.rules().clone();
    rules.figures.insert("wagon".to_owned(), 2);
    let def = Arc::new(GameDef::clone(&all).with_rules(rules).unwrap());
    let (players, games, seed) = (3, 300, 5);
    let report = run(&def, players, games, seed, 1);
    let truth = truth(&def, players, games, seed);
    assert!(report.mechanisms.tallies.count("wagons", "moves").unwrap() > 0);
    let deployed: u64 = report.figures.iter().map(|f| f.deployed).sum();
    let returned: u64 = report.figures.iter().map(|f| f.returned).sum();
    assert_eq!(deployed - returned, truth.on_table);
}

#[test]
fn in_the_base_game_every_point_is_a_followers() {
    // Only followers score there, so every point scored is credited to them, farmers paid
    // per field or (farms-2000) per city alike.
    for rules in ["new-edition", "farms-2000"] {
        let def = def(&["base"], rules);
        let report = run(&def, 3, 60, 8, 2);
        let truth = truth(&def, 3, 60, 8);
        assert_eq!(report.figures.len(), 1, "{rules}");
        assert_eq!(report.figures[0].points, truth.scores, "{rules}");
        let field = report.features.iter().find(|k| k.kind == FeatureKind::Field).unwrap();
        assert!(field.points_at_end > 0, "{rules}");
    }
}

#[test]
fn the_base_game_alone_has_no_mechanism_figures() {
    let report = run(&def(&["base"], "new-edition"), 2, 20, 3, 1);
    assert_eq!(report.mechanisms, balance::MechanismStats::default());
    assert_eq!(report.placements_sample_every, simulate::PLACEMENTS_SAMPLE_EVERY);
    let advantage = report.first_player_advantage.unwrap();
    let first = report.seats[0].win_rate.unwrap();
    assert!((advantage.mean - (first.mean - 0.5)).abs() < 1e-12);
}

/// The report as JSON, its timing left out (the only part that may differ).
fn figures(report: &BalanceReport) -> serde_json::Value {
    let mut json = serde_json::to_value(report).unwrap();
    json.as_object_mut().unwrap().remove("timing");
    json
}

#[test]
fn the_report_is_the_same_on_any_number_of_threads() {
    let def = def(&ALL, "new-edition");
    let one = run(&def, 3, 40, 5, 1);
    let three = run(&def, 3, 40, 5, 3);
    assert_eq!((one.timing.threads, three.timing.threads), (1, 3));
    assert_eq!(figures(&one), figures(&three));
    // And it reads back.
    let text = serde_json::to_string(&one).unwrap();
    assert_eq!(serde_json::from_str::<BalanceReport>(&text).unwrap(), one);

    let greedy = |threads| {
        balance::run(
            Arc::clone(&def),
            &Plan {
                players: 2,
                games: 6,
                seed: 9,
                threads,
                policy: Policy::Greedy,
            },
            &Progress::default(),
        )
        .unwrap()
    };
    let (g1, g2) = (greedy(1), greedy(2));
    assert_eq!(g1.policy, Policy::Greedy);
    assert_eq!(figures(&g1), figures(&g2));
    assert_ne!(figures(&g1)["seats"], figures(&run(&def, 2, 6, 9, 1))["seats"]);
}

#[test]
fn a_stopped_run_reports_the_games_finished() {
    let progress = Progress::default();
    progress.stop();
    let def = def(&["base"], "new-edition");
    let report = balance::run(
        def,
        &Plan {
            players: 2,
            games: 100,
            seed: 1,
            threads: 2,
            policy: Policy::Random,
        },
        &progress,
    )
    .unwrap();
    assert_eq!((report.games, report.games_asked, report.stopped), (0, 100, true));
    assert_eq!((report.turns, report.seats[0].score), (None, None));
}

#[test]
fn a_rule_set_compared_with_itself_differs_in_nothing() {
    let def = def(&ALL, "new-edition");
    let progress = Progress::default();
    let same = balance::compare(
        Arc::clone(&def),
        Arc::clone(&def),
        "same",
        &Plan {
            players: 3,
            games: 60,
            seed: 2,
            threads: 2,
            policy: Policy::Random,
        },
        &progress,
    )
    .unwrap();
    assert_eq!(figures(&same.a), figures(&same.b));
    assert!(same.differences.len() > 20);
    for d in &same.differences {
        // A tile's ratio with no copy to divide by (a tile never drawn) has no difference.
        let Some(diff) = d.difference else {
            assert!(d.key.tile_set().is_some() && d.a == 0.0 && d.b == 0.0, "{}", d.key);
            continue;
        };
        assert_eq!(
            (diff.low, diff.mean, diff.high, d.flagged),
            (0.0, 0.0, 0.0, false),
            "{}",
            d.key
        );
        assert_eq!(d.a, d.b);
    }
    assert!(
        same.differences
            .iter()
            .any(|d| d.key.to_string() == "tile.base/D.points_per_placement")
    );
}

#[test]
fn switching_farmers_off_is_flagged_in_the_farm_points() {
    let a = def(&["base"], "new-edition");
    let mut rules = a.rules().clone();
    rules.switches.farmers = false;
    let b = Arc::new((*a).clone().with_rules(rules).unwrap());
    let progress = Progress::default();
    let one = balance::compare(
        Arc::clone(&a),
        Arc::clone(&b),
        "farmers off",
        &Plan {
            players: 2,
            games: 200,
            seed: 1,
            threads: 1,
            policy: Policy::Random,
        },
        &progress,
    )
    .unwrap();
    let field = one
        .differences
        .iter()
        .find(|d| d.key == FigureKey::KindPoints(FeatureKind::Field))
        .unwrap();
    assert!(field.flagged && field.difference.unwrap().high < 0.0, "{field:?}");
    assert_eq!(field.b, 0.0);
    // Same games, same order: the same on two threads.
    let two = balance::compare(
        a,
        b,
        "farmers off",
        &Plan {
            players: 2,
            games: 200,
            seed: 1,
            threads: 2,
            policy: Policy::Random,
        },
        &progress,
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&one.differences).unwrap(),
        serde_json::to_value(&two.differences).unwrap()
    );

    // A tile set left out: its tiles are not compared, the others are.
    let without = def(&["base"], "new-edition");
    let with = def(&["base", "abbey-and-mayor"], "new-edition");
    let c = balance::compare(
        with,
        without,
        "without abbey-and-mayor",
        &Plan {
            players: 2,
            games: 30,
            seed: 1,
            threads: 1,
            policy: Policy::Random,
        },
        &progress,
    )
    .unwrap();
    assert!(c.differences.iter().any(|d| d.key.tile_set() == Some("base")));
    assert!(
        !c.differences
            .iter()
            .any(|d| d.key.tile_set() == Some("abbey-and-mayor"))
    );
}

#[test]
fn switching_printed_tokens_off_is_flagged_in_their_points() {
    let on = def(&["base", "traders-and-builders"], "new-edition");
    let mut rules = on.rules().clone();
    rules.switches.tokens = false;
    let off = Arc::new((*on).clone().with_rules(rules).unwrap());
    let progress = Progress::default();
    let compared = balance::compare(
        on,
        off,
        "tokens off",
        &Plan {
            players: 2,
            games: 200,
            seed: 3,
            threads: 2,
            policy: Policy::Random,
        },
        &progress,
    )
    .unwrap();
    assert!(compared.b.mechanisms.tokens.is_empty(), "no token plays in B");
    for id in ["cloth", "grain", "wine"] {
        let d = compared
            .differences
            .iter()
            .find(|d| d.key == FigureKey::TokenPoints(id.to_string()))
            .unwrap();
        assert_eq!(d.label, format!("points for the most {id}"));
        assert!(d.a > 0.0 && d.b == 0.0 && d.flagged, "{d:?}");
    }
}

/// The delta method's 95% interval of `Σy / Σx` over per-game pairs, written out (a ratio of
/// counts: its low end cut at 0).
fn ratio_interval(pairs: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n = pairs.len() as f64;
    let (x, y): (f64, f64) = pairs.iter().fold((0.0, 0.0), |(a, b), p| (a + p.0, b + p.1));
    if x == 0.0 {
        return None;
    }
    let ratio = y / x;
    let residuals: f64 = pairs.iter().map(|(px, py)| (py - ratio * px).powi(2)).sum();
    let half = 1.959_963_984_540_054 * (residuals / (n - 1.0) / (n * (x / n).powi(2))).sqrt();
    Some(((ratio - half).max(0.0), ratio + half))
}

#[test]
fn each_tiles_intervals_are_those_of_its_per_game_figures() {
    let def = def(&ALL, "new-edition");
    let (games, seed) = (30, 17);
    let all = run(&def, 2, games, seed, 2);
    // Each game alone gives that game's figures of every tile.
    let each: Vec<BalanceReport> = (0..games).map(|i| run(&def, 2, 1, seed + i, 1)).collect();
    for (t, tile) in all.tiles.iter().enumerate() {
        let start = u64::from(tile.start);
        let per_game = |x: &dyn Fn(&balance::TileStats) -> u64, y: &dyn Fn(&balance::TileStats) -> u64| {
            each.iter()
                .map(|r| (x(&r.tiles[t]) as f64, y(&r.tiles[t]) as f64))
                .collect::<Vec<_>>()
        };
        let placements = per_game(&|s| s.placed + start, &|s| s.points);
        let draws = per_game(&|s| s.drawn, &|s| s.discarded);
        for (got, want, what) in [
            (
                tile.points_per_placement_interval,
                ratio_interval(&placements),
                "points per placement",
            ),
            (tile.discard_rate_interval, ratio_interval(&draws), "discard rate"),
        ] {
            match (got, want) {
                (Some(e), Some((low, high))) => assert!(
                    (e.low - low).abs() < 1e-9 && (e.high - high).abs() < 1e-9,
                    "{} {what}: {e:?} against [{low}, {high}]",
                    tile.id
                ),
                (None, None) => {}
                other => panic!("{} {what}: {other:?}", tile.id),
            }
        }
    }
}

#[test]
fn a_tile_with_no_copy_in_the_edition_played_is_named_apart_from_the_tiles_in_play() {
    let focus_under = |rules: &str| {
        let report = run(&def(&["base", "abbey-and-mayor"], rules), 2, 4, 1, 1);
        let focus = balance::Focus::of(&report, &["abbey-and-mayor".to_owned()]);
        (report, focus)
    };
    // `AM/R` is dealt in the first edition only, `AM/RG` (with a garden) in the new one.
    let (report, focus) = focus_under("new-edition");
    assert_eq!(focus.not_dealt, ["AM/R"]);
    assert!(focus.tiles.iter().all(|t| t.id != "AM/R"));
    assert_eq!(focus.tiles_in_play, report.tiles.len() - 1);
    let (_, focus) = focus_under("first-edition");
    assert_eq!(focus.not_dealt, ["AM/RG"]);
    assert!(focus.tiles.iter().any(|t| t.id == "AM/R"));
}

#[test]
fn win_rates_and_their_intervals_stay_within_none_and_all() {
    let base = def(&["base"], "new-edition");
    let mut cut = 0;
    for seed in 0..40 {
        let report = run(&base, 2, 5, seed * 5, 1);
        for seat in &report.seats {
            let rate = seat.win_rate.unwrap();
            assert!(
                0.0 <= rate.low && rate.low <= rate.mean && rate.mean <= rate.high && rate.high <= 1.0,
                "seed {seed}: {rate:?}"
            );
            cut += usize::from(rate.low == 0.0 || rate.high == 1.0);
        }
    }
    // With 5 games the normal approximation reaches past 0 or 1 often: the cut is exercised.
    assert!(cut > 0);
}

/// The sums of `plan` played in `shards` shards, merged in reverse order.
fn sharded(a: &Arc<GameDef>, b: Option<&Arc<GameDef>>, plan: &Plan, shards: u64) -> balance::Sums {
    let play = |plan: &Plan| match b {
        Some(b) => balance::play_pair(a, b, plan, &Progress::default()).unwrap().0,
        None => balance::play(a, plan, &Progress::default()).unwrap().0,
    };
    let mut parts: Vec<balance::Sums> = (1..=shards).map(|k| play(&plan.shard(k, shards))).collect();
    for (k, part) in parts.iter().enumerate() {
        let games = simulate::shard_games(plan.games, k as u64 + 1, shards);
        part.check(a, b.map(|b| &**b), plan.players, games.end - games.start)
            .unwrap();
    }
    let mut merged = parts.pop().unwrap();
    while let Some(part) = parts.pop() {
        merged.merge(&part);
    }
    merged
}

#[test]
fn shards_merged_are_the_sums_of_one_run_for_every_policy() {
    let a = def(&ALL, "new-edition");
    let b = def(&["base", "abbey-and-mayor"], "new-edition");
    for (policy, games) in [("random", 40), ("greedy", 12), ("mcts:8", 4)] {
        let plan = Plan {
            players: 3,
            games,
            seed: 77,
            threads: 2,
            policy: policy.parse::<Policy>().unwrap(),
        };
        let whole = balance::play(&a, &plan, &Progress::default()).unwrap().0;
        whole.check(&a, None, 3, games).unwrap();
        assert_eq!(sharded(&a, None, &plan, 3), whole, "{policy}");
        let pair = balance::play_pair(&a, &b, &plan, &Progress::default()).unwrap().0;
        pair.check(&a, Some(&b), 3, games).unwrap();
        assert_eq!(sharded(&a, Some(&b), &plan, 4), pair, "{policy}, A/B");
        // The report of the merged sums is the run's, figure for figure.
        let timing = balance::Timing {
            threads: 2,
            seconds: 1.0,
            games_per_second: 1.0,
        };
        let merged = sharded(&a, None, &plan, 2);
        assert_eq!(
            serde_json::to_string(&balance::report_of(&a, &merged, &plan, timing)).unwrap(),
            serde_json::to_string(&balance::report_of(&a, &whole, &plan, timing)).unwrap()
        );
    }
}

#[test]
fn sums_no_games_could_give_are_refused_where_they_are_wrong() {
    let a = def(&["base"], "new-edition");
    let b = def(&["base"], "first-edition");
    let plan = Plan {
        players: 2,
        games: 6,
        seed: 3,
        threads: 1,
        policy: Policy::Random,
    };
    let good = balance::play_pair(&a, &b, &plan, &Progress::default()).unwrap().0;
    let refused = |change: &dyn Fn(&mut balance::Sums)| {
        let mut sums = good.clone();
        change(&mut sums);
        sums.check(&a, Some(&b), 2, 6).unwrap_err().pointer
    };
    assert_eq!(refused(&|s| s.a.games = 7), "/a/games");
    assert_eq!(refused(&|s| s.a.seat_wins[0].sum += 60), "/a/seat_wins");
    assert_eq!(refused(&|s| s.a.seat_scores[1].squares = 0), "/a/seat_scores/1");
    assert_eq!(refused(&|s| s.a.seat_scores[1].sum += 1), "/a/total_score/sum");
    assert_eq!(refused(&|s| s.a.tiles[3].placed += 1), "/a/turns/sum");
    assert_eq!(refused(&|s| s.a.turns.n = 5), "/a/turns/n");
    assert_eq!(refused(&|s| s.a.histograms[0][2] += 1), "/a/histograms/0");
    assert_eq!(refused(&|s| s.a.tiles.pop().map(drop).unwrap()), "/a/tiles");
    assert_eq!(
        refused(&|s| s.b.as_mut().unwrap().total_score.sum = -1),
        "/b/total_score"
    );
    assert_eq!(refused(&|s| s.paired.truncate(3)), "/paired");
    assert_eq!(refused(&|s| s.b = None), "");
    // Of another size of game: as many seats as the sums, or refused.
    assert_eq!(good.check(&a, Some(&b), 3, 6).unwrap_err().pointer, "/a/seat_scores");
    let mut swapped = good.clone();
    swapped.paired.swap(0, 4);
    // The total score (figure 4 with two seats) and the first seat's score swapped.
    assert_eq!(swapped.check(&a, Some(&b), 2, 6).unwrap_err().pointer, "/paired/4");
}

#[test]
fn the_tiles_points_add_up_to_the_scores_with_every_bundled_set() {
    let catalog = bundled::catalog();
    let mut played: Vec<Vec<&str>> = catalog
        .tilesets
        .iter()
        .map(|t| t.model.id.as_str())
        .chain(catalog.expansions.iter().map(|e| e.model.id.as_str()))
        .filter(|id| *id != "base")
        .map(|id| vec!["base", id])
        .collect();
    assert!(played.len() >= 5, "{played:?}");
    // All of them together, but one set dealing a start tile of its own (the rivers).
    let starts = |id: &str| {
        catalog
            .tileset(id)
            .is_some_and(|t| t.model.deal.iter().any(|d| d.start.is_some()))
    };
    played.push(
        played
            .iter()
            .flat_map(|p| p.iter().copied())
            .fold(Vec::new(), |mut all, id| {
                let second_start = starts(id) && all.iter().any(|other| starts(other));
                if !all.contains(&id) && !second_start {
                    all.push(id);
                }
                all
            }),
    );
    for rules in ["new-edition", "first-edition"] {
        for sets in &played {
            let def = def(sets, rules);
            let (players, games, seed) = (3, 30, 8);
            let report = run(&def, players, games, seed, 2);
            let truth = truth(&def, players, games, seed);
            let tile_points: u64 = report.tiles.iter().map(|t| t.points).sum();
            assert_eq!(tile_points, truth.scores, "{sets:?} under {rules}");
        }
    }
}
