//! `tilewright balance`: the text summary, `--json` with the keys docs/balance.md documents, A/B
//! comparisons, clear errors for bad arguments, Ctrl-C stopping a run, and tile names from
//! files that cannot inject lines or escapes.

#![allow(clippy::unwrap_used)]

mod common;

use std::process::Output;

use serde_json::Value;

use common::command as tilewright;

/// The base game, to be written into a temporary folder ([`common::bundled_copy`]).
fn base() -> String {
    common::bundled_copy(include_str!("../tilesets/base.toml"))
}

fn run(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    tilewright(dir.path(), args).output().unwrap()
}

fn text(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    serde_json::from_str(&text(&run(&args))).unwrap()
}

/// The keys of a JSON object, sorted.
fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

#[test]
fn the_text_says_scores_win_rates_and_the_tiles_that_stand_out() {
    let out = text(&run(&["balance", "--games", "200", "--threads", "2", "--seed", "4"]));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("tile set base@new-edition"), "{out}");
    assert_eq!(lines[2], "2 players, seed 4, 200 games asked on 2 threads");
    assert!(lines[3].starts_with("games: 200 in ") && lines[3].ends_with("every seat played random"));
    let red = lines.iter().find(|l| l.starts_with("red ")).unwrap();
    // A mean and its interval, twice: `19.33 [18.44, 20.22]`.
    assert_eq!(red.matches('[').count(), 2, "{red}");
    assert!(out.contains("\nfirst player advantage: "), "{out}");
    assert!(out.contains("\nmost points per placement (95%):\n  base/"), "{out}");
    // Each with its interval: `base/X: 2.31 [2.10, 2.52] points, ...`.
    let strongest = out
        .split("most points per placement (95%):\n")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert_eq!(strongest.matches('[').count(), 1, "{strongest}");
    assert!(out.contains("\nmost linked with winning"), "{out}");
}

/// Every tile's intervals hold its figure, and a tile placed in most games has one of some width.
fn every_tile_has_its_intervals(report: &Value) {
    let f = |v: &Value| v.as_f64().unwrap();
    for tile in report["tiles"].as_array().unwrap() {
        for (figure, interval) in [
            ("points_per_placement", "points_per_placement_interval"),
            ("win_effect", "win_effect_interval"),
        ] {
            let (value, e) = (&tile[figure], &tile[interval]);
            if value.is_null() {
                assert!(e.is_null(), "{tile}");
                continue;
            }
            assert!((f(&e["mean"]) - f(value)).abs() < 1e-9, "{tile}");
            assert!(f(&e["low"]) <= f(value) && f(value) <= f(&e["high"]), "{tile}");
            if tile["placed"].as_u64().unwrap() > 60 {
                assert!(f(&e["low"]) < f(&e["high"]), "{tile}");
            }
        }
    }
}

#[test]
fn json_has_the_documented_keys() {
    let report = json(&[
        "balance",
        "--games",
        "30",
        "--tilesets",
        "base",
        "hills-and-sheep",
        "--players",
        "3",
    ]);
    assert_eq!(
        keys(&report),
        [
            "expansions",
            "features",
            "figures",
            "first_player_advantage",
            "focus",
            "games",
            "games_asked",
            "mechanisms",
            "placements_sample_every",
            "played",
            "players",
            "policy",
            "rules",
            "seats",
            "seed",
            "stopped",
            "tiles",
            "tilesets",
            "timing",
            "total_score",
            "turns"
        ]
    );
    assert_eq!(
        (&report["games"], &report["players"], &report["policy"]),
        (&30.into(), &3.into(), &"random".into())
    );
    assert_eq!(
        keys(&report["seats"][0]),
        ["colour", "histogram", "score", "seat", "win_rate", "wins"]
    );
    assert_eq!(keys(&report["seats"][0]["score"]), ["high", "low", "mean"]);
    assert_eq!(
        keys(&report["seats"][0]["histogram"]),
        ["bin_width", "counts", "overflow"]
    );
    assert_eq!(
        keys(&report["tiles"][0]),
        [
            "completed_features",
            "deployments",
            "discard_rate_interval",
            "discarded",
            "drawn",
            "id",
            "index",
            "name",
            "placed",
            "placed_by",
            "placements_mean",
            "placements_min",
            "placements_sampled",
            "points",
            "points_per_placement",
            "points_per_placement_interval",
            "set",
            "start",
            "under_hill",
            "win_effect",
            "win_effect_interval",
            "win_rate_not_placed",
            "win_rate_placed"
        ]
    );
    assert_eq!(
        keys(&report["features"][0]),
        [
            "completions",
            "features",
            "incomplete_share",
            "kind",
            "mean_size",
            "points_at_end",
            "points_in_play"
        ]
    );
    assert_eq!(
        keys(&report["figures"][0]),
        [
            "deployed",
            "id",
            "mean_turns_on_table",
            "points",
            "returned",
            "turns_on_table"
        ]
    );
    assert_eq!(
        keys(&report["mechanisms"]),
        [
            "abbeys",
            "barns",
            "dragon",
            "fairy",
            "hills",
            "sent_home",
            "shepherds",
            "wagons"
        ]
    );
    assert_eq!(report["mechanisms"]["abbeys"], Value::Null);
    assert_eq!(keys(&report["mechanisms"]["hills"]), ["tie_breaks", "tiles_under"]);
    assert_eq!(
        keys(&report["mechanisms"]["shepherds"]),
        ["flock_points", "flocks_lost", "flocks_scored"]
    );
    assert_eq!(keys(&report["timing"]), ["games_per_second", "seconds", "threads"]);
    assert_eq!(report["played"]["rules"]["id"], "new-edition");
    every_tile_has_its_intervals(&report);
    // The same figures from the same seed, whatever the threads.
    let mut again = json(&[
        "balance",
        "--games",
        "30",
        "--tilesets",
        "base",
        "hills-and-sheep",
        "--players",
        "3",
        "--threads",
        "3",
    ]);
    let mut first = report.clone();
    for report in [&mut first, &mut again] {
        let object = report.as_object_mut().unwrap();
        object.remove("timing");
        object.remove("played");
    }
    assert_eq!(first, again);
}

#[test]
fn a_comparison_marks_what_differs() {
    let args = [
        "balance",
        "--games",
        "300",
        "--threads",
        "2",
        "--compare-rules",
        "farms-2000",
    ];
    let out = text(&run(&args));
    assert!(out.contains("\nB: rules farms-2000\n"), "{out}");
    assert!(out.contains("\nB: rules farms-2000 \""), "{out}");
    assert!(out.contains("\ndifferences B − A per game"), "{out}");
    let field = out.lines().find(|l| l.contains("field points")).unwrap();
    assert!(field.starts_with("* "), "{field}");
    // A clear change is flagged whatever the least change asked for below it; not above it.
    let mut high = args.to_vec();
    high.extend_from_slice(&["--min-change", "90"]);
    let out = text(&run(&high));
    let field = out.lines().find(|l| l.contains("field points")).unwrap();
    assert!(field.starts_with("  "), "{field}");
    assert!(out.contains("and at least 90% of A"), "{out}");

    let report = json(&args);
    assert_eq!(
        keys(&report),
        ["a", "b", "change", "differences", "min_change", "played"]
    );
    assert_eq!(report["min_change"], 0.02);
    assert_eq!(report["change"], "rules farms-2000");
    assert_eq!(report["b"]["rules"], "farms-2000");
    assert_eq!(report["played"]["b"]["rules"]["id"], "farms-2000");
    let first = &report["differences"][0];
    assert_eq!(
        keys(first),
        ["a", "b", "difference", "flagged", "key", "label", "p_value"]
    );
    assert_eq!(first["key"], "seat.0.score");

    let same = json(&[
        "balance",
        "--games",
        "40",
        "--tilesets",
        "base",
        "abbey-and-mayor",
        "--without",
        "abbey-and-mayor",
    ]);
    assert_eq!(same["change"], "without abbey-and-mayor");
    let sets: Vec<&str> = same["b"]["tilesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(sets, ["base"]);
    // Tiles of both runs compare per copy, never per game (which more tiles would dilute).
    let keys: Vec<&str> = same["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["key"].as_str().unwrap())
        .collect();
    for what in ["points_per_placement", "points_against_average", "discard_rate"] {
        assert!(
            keys.contains(&format!("tile.base/D.{what}").as_str()),
            "{what}: {keys:?}"
        );
    }
    assert!(
        !keys.iter().any(|k| k.starts_with("tile.") && k.ends_with(".points")),
        "{keys:?}"
    );
    assert!(
        !keys.iter().any(|k| k.starts_with("tile.abbey-and-mayor/")),
        "only tiles of both runs"
    );
}

#[test]
fn bad_arguments_get_clear_errors() {
    let error = |args: &[&str], code: i32| {
        let output = run(args);
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let without = error(&["balance", "--without", "hills-and-sheep"], 1);
    assert!(
        without.contains("`--without hills-and-sheep`: it is not one of the tile sets played (base)"),
        "{without}"
    );
    let nothing = error(&["balance", "--without", "base"], 1);
    assert!(nothing.contains("leaves no tile set to play"), "{nothing}");
    let both = error(&["balance", "--compare-rules", "farms-2000", "--without", "base"], 2);
    assert!(both.contains("cannot be used with"), "{both}");
    let policy = error(&["balance", "--policy", "smart"], 2);
    assert!(
        policy.contains("no bot `smart`: expected random, greedy or mcts (as in mcts:2000, mcts:500ms"),
        "{policy}"
    );
    let rules = error(&["balance", "--compare-rules", "farms-2001", "--games", "1"], 1);
    assert!(rules.contains("B (rules farms-2001): "), "{rules}");
    let players = error(&["balance", "--players", "9", "--games", "1"], 2);
    assert!(players.contains("a game has 2 to 6 players, not 9"), "{players}");
}

#[test]
fn greedy_play_is_said_and_played() {
    let random = json(&["balance", "--games", "4"]);
    let greedy = json(&["balance", "--games", "4", "--policy", "greedy"]);
    assert_eq!(greedy["policy"], "greedy");
    assert_ne!(random["seats"], greedy["seats"]);
    let simulate = json(&["simulate", "--games", "4", "--policy", "greedy"]);
    assert_eq!(simulate["played"]["policy"], "greedy");
}

#[test]
fn a_search_plays_the_games_as_good_players_would() {
    let args = ["balance", "--games", "1", "--policy", "mcts:4"];
    let search = json(&args);
    assert_eq!((&search["policy"], &search["games"]), (&"mcts:4".into(), &1.into()));
    let random = json(&["balance", "--games", "1"]);
    assert_ne!(search["seats"], random["seats"], "the search chose otherwise");
    let out = text(&run(&args));
    assert!(out.lines().any(|l| l.ends_with("every seat played mcts:4")), "{out}");
    let simulate = json(&["simulate", "--games", "1", "--policy", "mcts:4:win"]);
    assert_eq!(simulate["played"]["policy"], "mcts:4:win");
}

#[test]
fn ctrl_c_cuts_a_search_short_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    // A minute a choice: only a stop that reaches the searches ends this within the limit.
    let output = common::interrupted_within(
        dir.path(),
        &["balance", "--games", "4", "--policy", "mcts:60000ms", "--json"],
        std::time::Duration::from_secs(20),
    );
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (&report["stopped"], &report["policy"]),
        (&true.into(), &"mcts:60000ms".into())
    );
}

#[test]
fn tile_names_cannot_inject_lines_or_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let evil = base()
        .replace("id = \"base\"", "id = \"evil\"")
        .replace("\nname = \"", "\nname = \"\\u001b[31m\\n::error ::injected\\r\\u202e ");
    std::fs::write(dir.path().join("evil.toml"), evil).unwrap();
    let output = tilewright(dir.path(), &["balance", "--tilesets", "./evil.toml", "--games", "50"])
        .output()
        .unwrap();
    let out = text(&output);
    assert!(out.contains("\"␛[31m␊::error ::injected␍� "), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("::")), "{out}");
    assert_eq!(out.chars().find(|&c| c.is_control() && c != '\n'), None, "{out:?}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_run_with_the_figures_of_the_games_finished() {
    let dir = tempfile::tempdir().unwrap();
    let output = common::interrupted(
        dir.path(),
        &["balance", "--games", "1000000000", "--threads", "2", "--json"],
    );
    assert_eq!(output.status.code(), Some(130));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (&report["stopped"], &report["games_asked"]),
        (&true.into(), &1_000_000_000u64.into())
    );
    assert!(report["games"].as_u64().unwrap() > 0);
}

/// A designer's set of two tiles played with the base game: a city cap with two pennants,
/// stronger than any base tile, and a plain straight road, among the weakest.
const MINI: &str = r#"
id = "mini"
name = "Two tiles of mine"

[[tiles]]
id = "cap2"
name = "Cap with two pennants"
count = 3
edges = ["city", "field", "field", "field"]
features.c = { kind = "city", on = ["N"], pennants = 2 }
features.f = { kind = "field", on = ["E", "S", "W"], cities = ["c"] }

[[tiles]]
id = "plain"
name = "Plain road"
count = 3
edges = ["field", "road", "field", "road"]
features.r = { kind = "road", on = ["E", "W"] }
features.f1 = { kind = "field", on = ["Wn", "N", "En"] }
features.f2 = { kind = "field", on = ["Es", "S", "Ws"] }
"#;

/// Runs `balance` in a folder holding `mini.toml`.
fn with_mini(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mini.toml"), MINI).unwrap();
    tilewright(dir.path(), args).output().unwrap()
}

#[test]
fn the_sets_under_study_come_first_ranked_among_all_tiles() {
    let args = [
        "balance",
        "--tilesets",
        "base",
        "./mini.toml",
        "--games",
        "300",
        "--seed",
        "3",
    ];
    let out = text(&with_mini(&args));
    let lines: Vec<&str> = out.lines().collect();
    let games = lines.iter().position(|l| l.starts_with("games: ")).unwrap();
    assert_eq!(
        lines[games + 1],
        "your tiles (mini): 2 tile type(s), each ranked among the 34 in play (#1: the highest)",
        "{out}"
    );
    let cap = lines[games + 2];
    assert!(
        cap.starts_with("  mini/cap2 \"Cap with two pennants\": points per placement "),
        "{out}"
    );
    assert!(cap.ends_with("<- strongest"), "{cap}");
    // `0.63 [0.54, 0.71] #11`: each figure with its interval and rank.
    assert_eq!(cap.matches('[').count(), 3, "{cap}");
    assert_eq!(cap.matches(" #").count(), 3, "{cap}");
    assert!(
        lines[games + 3].starts_with("  mini/plain ") && lines[games + 3].ends_with("<- weakest"),
        "{out}"
    );
    assert!(lines[games + 4].starts_with("strongest of yours: mini/cap2 "), "{out}");
    assert!(lines[games + 5].starts_with("weakest of yours: mini/plain "), "{out}");
    assert!(lines[games + 4].ends_with("% of the other tiles in play)"), "{out}");

    let mut json_args = args.to_vec();
    json_args.push("--json");
    let report: Value = serde_json::from_str(&text(&with_mini(&json_args))).unwrap();
    let focus = &report["focus"];
    let in_play = report["tiles"].as_array().unwrap().len();
    assert_eq!(
        (&focus["sets"][0], &focus["tiles_in_play"]),
        (&"mini".into(), &in_play.into())
    );
    let cap = &focus["tiles"][0];
    assert_eq!((&cap["id"], &cap["standout"]), (&"cap2".into(), &"strongest".into()));
    // Its rank is where its points per placement stand among every tile's.
    let mine = cap["points_per_placement"]["value"]["mean"].as_f64().unwrap();
    let higher = report["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["points_per_placement"].as_f64().is_some_and(|p| p > mine))
        .count();
    assert_eq!(cap["points_per_placement"]["rank"], higher + 1);
    assert_eq!(cap["points_per_placement"]["of"], in_play);
    for figure in ["points_per_placement", "win_effect", "discard_rate"] {
        assert_eq!(keys(&cap[figure]), ["of", "percentile", "rank", "value"], "{figure}");
        assert_eq!(keys(&cap[figure]["value"]), ["high", "low", "mean"], "{figure}");
    }
    assert_eq!(focus["tiles"][1]["standout"], "weakest");

    // `--focus` names a bundled set instead; a set not played is refused, saying which are.
    let mut base = json_args.clone();
    base.extend(["--focus", "base"]);
    let report: Value = serde_json::from_str(&text(&with_mini(&base))).unwrap();
    assert_eq!(report["focus"]["tiles"].as_array().unwrap().len(), in_play - 2);
    let refused = with_mini(&["balance", "--focus", "mine", "--games", "1"]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("`--focus mine`: it is not one of the tile sets played (base); name one of those"),
        "{message}"
    );
    // Bundled sets alone: nothing under study.
    assert_eq!(json(&["balance", "--games", "2"])["focus"], Value::Null);
}

/// A folder with `mini.toml` and, for each `(file, pennants)`, a version of it whose cap has
/// that many pennants.
fn with_versions(versions: &[(&str, u8)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mini.toml"), MINI).unwrap();
    for (file, pennants) in versions {
        let version = MINI.replace("pennants = 2", &format!("pennants = {pennants}"));
        std::fs::write(dir.path().join(file), version).unwrap();
    }
    dir
}

#[test]
fn two_versions_of_a_set_compare_tile_by_tile_on_the_same_seeds() {
    // Version 2: the cap loses its pennants; the road is as it was.
    let dir = with_versions(&[("mini-v2.toml", 0)]);
    let args = [
        "balance",
        "--tilesets",
        "base",
        "./mini.toml",
        "--compare-tilesets",
        "mini-v2.toml",
        "--games",
        "200",
        "--json",
    ];
    let report: Value = serde_json::from_str(&text(&tilewright(dir.path(), &args).output().unwrap())).unwrap();
    assert_eq!(report["change"], "tile sets mini from mini-v2.toml");
    let hashes: Vec<&Value> = ["a", "b"]
        .iter()
        .map(|run| &report[run]["tilesets"][1]["hash"])
        .collect();
    assert_ne!(hashes[0], hashes[1], "B played the other version");
    let find = |key: &str| {
        report["differences"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["key"] == key)
            .unwrap_or_else(|| panic!("{key}"))
            .clone()
    };
    let cap = find("tile.mini/cap2.points_per_placement");
    assert_eq!(cap["flagged"], true, "{cap}");
    assert!(cap["difference"]["high"].as_f64().unwrap() < 0.0, "fewer points: {cap}");
    // The road scores as it did in every game: exactly no difference, not flagged.
    let road = find("tile.mini/plain.points_per_placement");
    assert_eq!(
        (&road["difference"]["mean"], &road["flagged"]),
        (&0.0.into(), &false.into())
    );
    // The text lists every tile of the set under study, flagged or not.
    let mut text_args = args.to_vec();
    text_args.pop();
    let out = text(&tilewright(dir.path(), &text_args).output().unwrap());
    assert!(out.contains("\nB: tile sets mini from mini-v2.toml\n"), "{out}");
    assert!(out.contains("\n  points per placement of tile mini/plain "), "{out}");
    assert!(out.contains("\n* points per placement of tile mini/cap2 "), "{out}");

    let refused = tilewright(
        dir.path(),
        &["balance", "--compare-tilesets", "mini-v2.toml", "--games", "1"],
    )
    .output()
    .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains(
            "`--compare-tilesets mini-v2.toml`: it holds the set `mini`, which is not played (the sets played: base)"
        ),
        "{message}"
    );
}

/// Standard error of a run.
fn text_err(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `output` is a failure (exit 1) saying `message`, with nothing played.
fn refused_before_playing(output: &Output, message: &str) {
    assert_eq!(output.status.code(), Some(1), "{}", text_err(output));
    assert!(text_err(output).contains(message), "{}", text_err(output));
    assert!(output.stdout.is_empty(), "nothing played");
}

#[test]
fn two_versions_of_one_set_in_one_comparison_are_refused() {
    let dir = with_versions(&[("mini-v2.toml", 0), ("mini-v3.toml", 1)]);
    for (files, message) in [
        (
            ["mini-v2.toml", "mini-v3.toml"],
            "`--compare-tilesets mini-v3.toml`: the set `mini` is replaced already, by mini-v2.toml; give one version of each set",
        ),
        (
            ["mini-v2.toml", "./mini-v2.toml"],
            "`--compare-tilesets ./mini-v2.toml`: the set `mini` is replaced already, by mini-v2.toml; give one version of each set",
        ),
    ] {
        let mut args = vec![
            "balance",
            "--tilesets",
            "base",
            "./mini.toml",
            "--games",
            "1",
            "--compare-tilesets",
        ];
        args.extend(files);
        refused_before_playing(&tilewright(dir.path(), &args).output().unwrap(), message);
    }
}

#[test]
fn focus_names_each_set_once_in_the_edition_played() {
    let twice = text(&run(&[
        "balance",
        "--games",
        "2",
        "--focus",
        "base",
        "base@new-edition",
    ]));
    assert!(twice.contains("\nyour tiles (base): "), "{twice}");
    let refused = run(&["balance", "--games", "2", "--focus", "base@first-edition"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text_err(&refused).contains(
        "`--focus base@first-edition`: base is played in its new-edition edition; name it `base` or `base@new-edition`"
    ));
}

#[test]
fn without_refuses_an_edition_not_played() {
    let args = [
        "balance",
        "--games",
        "2",
        "--tilesets",
        "base",
        "abbey-and-mayor",
        "--without",
    ];
    refused_before_playing(
        &run(&[&args[..], &["abbey-and-mayor@first-edition"]].concat()),
        "`--without abbey-and-mayor@first-edition`: abbey-and-mayor is played in its new-edition edition; name it `abbey-and-mayor` or `abbey-and-mayor@new-edition`",
    );
    let played = text(&run(&[&args[..], &["abbey-and-mayor@new-edition"]].concat()));
    assert!(
        played.contains("\nB (without abbey-and-mayor@new-edition):\n"),
        "{played}"
    );
}

/// An A/B that moves the total score says where the points went, feature kinds and printed
/// tokens (a kind only A has among them), and the parts add up to the total.
#[test]
fn a_comparison_says_where_the_points_went() {
    let out = text(&run(&[
        "balance",
        "--games",
        "60",
        "--tilesets",
        "base",
        "traders-and-builders",
        "--without",
        "traders-and-builders",
    ]));
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("where the points went: total score per game B − A "))
        .unwrap_or_else(|| panic!("{out}"));
    let number = |text: &str| text.trim().replace('−', "-").replace('+', "").parse::<f64>().unwrap();
    let (total, parts) = line.split_once(" = ").unwrap();
    let parts: Vec<(&str, f64)> = parts
        .split(", ")
        .map(|p| {
            let (name, value) = p.rsplit_once(' ').unwrap();
            (name, number(value))
        })
        .collect();
    assert!(parts.iter().any(|(name, _)| *name == "most wine"), "{line}");
    assert!(parts.iter().any(|(name, _)| *name == "city"), "{line}");
    let sum: f64 = parts.iter().map(|p| p.1).sum();
    assert!((sum - number(total)).abs() < 0.01 * parts.len() as f64, "{line}");
    // A run compared with itself moves nothing: no such line.
    let same = text(&run(&["balance", "--games", "20", "--compare-rules", "new-edition"]));
    assert!(!same.contains("where the points went"), "{same}");
}
