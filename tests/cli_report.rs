//! The command line says what it did: what `simulate` and `replay` play (tile sets with their
//! editions and content hashes, the rule set and its `extends` chain, the run's numbers),
//! arguments of the wrong kind named with the right flag, `list`, `scenario`, and Ctrl-C
//! stopping a long simulation with the figures of the games finished.

#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use common::command as tilewright;

fn run(dir: &Path, args: &[&str]) -> Output {
    tilewright(dir, args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(output: &Output) -> Value {
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_slice(&output.stdout).unwrap()
}

/// What a run prints as text, then as `--json` (the same arguments with `--json` added).
fn text_and_json(dir: &Path, args: &[&str]) -> (String, Value) {
    let output = run(dir, args);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut with_json = args.to_vec();
    with_json.push("--json");
    (stdout(&output), json(&run(dir, &with_json)))
}

/// A folder with house rules: `my-rules` extends `new-edition`; `old-rules` extends
/// `first-edition`; `odd` declares an edition no bundled tile set has.
fn house_rules() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = |id: &str, extra: &str| format!("id = \"{id}\"\nname = \"Mine\"\n{extra}");
    let write = |file: &str, text: String| std::fs::write(dir.path().join(file), text).unwrap();
    write("my-rules.toml", rules("my-rules", "extends = \"new-edition\"\n"));
    write("old-rules.toml", rules("old-rules", "extends = \"first-edition\"\n"));
    write(
        "odd.toml",
        rules("odd", "extends = \"new-edition\"\nedition = \"third-edition\"\n"),
    );
    dir
}

#[test]
fn simulate_says_what_it_played_before_its_figures() {
    let dir = house_rules();
    let args = [
        "simulate",
        "--tilesets",
        "base",
        "abbey-and-mayor",
        "--rules",
        "my-rules.toml",
        "--games",
        "5",
        "--seed",
        "3",
        "--threads",
        "2",
    ];
    let (text, report) = text_and_json(dir.path(), &args);
    let lines: Vec<&str> = text.lines().collect();
    let hash = |line: &str| line.rsplit_once("content ").unwrap().1.to_owned();
    assert!(
        lines[0].starts_with("tile set base@new-edition (named like rule set new-edition), content "),
        "{text}"
    );
    assert!(lines[1].starts_with("tile set abbey-and-mayor@new-edition (named like rule set new-edition)"));
    assert_eq!(lines[2], "rules my-rules \"Mine\", extending new-edition");
    // The values of the mechanisms in play, as Abbey & Mayor declares them.
    assert_eq!(
        lines[3],
        "values: barn-final-per-city 4, barn-joined-per-city 1, barn-placed-per-city 3"
    );
    assert_eq!(lines[4], "2 players, seed 3, 5 games asked on 2 threads");
    assert!(lines[5].starts_with("games: 5 in "), "{text}");
    assert!(lines[6].starts_with("games/s: "), "{text}");

    let played = &report["played"];
    let base = &played["tilesets"][0];
    assert_eq!(base["id"], "base");
    assert_eq!(base["edition"], "new-edition");
    assert_eq!(base["edition_from"], "rule-set");
    assert_eq!(base["rule_set"], "new-edition");
    assert_eq!(base["hash"], hash(lines[0]).as_str());
    assert_eq!(played["tilesets"][1]["id"], "abbey-and-mayor");
    assert_eq!(played["expansions"], serde_json::json!([]));
    assert_eq!(played["rules"]["id"], "my-rules");
    assert_eq!(played["rules"]["extends"], serde_json::json!(["new-edition"]));
    assert_eq!(
        (
            &played["players"],
            &played["seed"],
            &played["games"],
            &played["threads"]
        ),
        (&2.into(), &3.into(), &5.into(), &2.into())
    );
    assert_eq!((&report["games"], &report["games_asked"]), (&5.into(), &5.into()));
    assert_eq!(report["stopped"], false);
}

#[test]
fn simulate_says_which_house_rules_it_plays_with() {
    let dir = tempfile::tempdir().unwrap();
    let rules = "id = \"small-box\"\nname = \"Small\"\nextends = \"new-edition\"\n\
                 [scoring]\nroad-per-tile = 2\n\
                 [switches]\nfarmers = false\nwagon = false\n[figures]\nfollower = 8\n\
                 [values]\nbarn-final-per-city = 5\n";
    std::fs::write(dir.path().join("small-box.toml"), rules).unwrap();
    let args = [
        "simulate",
        "--tilesets",
        "base",
        "abbey-and-mayor",
        "--rules",
        "small-box.toml",
        "--games",
        "3",
    ];
    let (text, report) = text_and_json(dir.path(), &args);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[2], "rules small-box \"Small\", extending new-edition", "{text}");
    // Every value that differs from the rule set extended, not only switches and counts.
    assert_eq!(
        lines[3],
        "rule values changed from new-edition: scoring.road-per-tile 2 (new-edition: 1), \
         switches.farmers false (new-edition: true), switches.wagon false (new-edition: true), \
         figures.follower 8 (new-edition: not set)",
        "{text}"
    );
    assert_eq!(lines[4], "house rules switch off: farmers, wagon", "{text}");
    assert_eq!(lines[5], "figures per player: follower 8", "{text}");
    assert_eq!(
        lines[6], "values: barn-final-per-city 5 (house rule), barn-joined-per-city 1, barn-placed-per-city 3",
        "{text}"
    );
    let rules = &report["played"]["rules"];
    assert_eq!(
        rules["changed"][0],
        serde_json::json!({ "key": "scoring.road-per-tile", "value": 2, "extended": 1 })
    );
    assert_eq!(rules["changed"].as_array().unwrap().len(), 4);
    // The other commands that play say it too, and the HTML report's header.
    let said = |args: &[&str]| {
        let output = run(dir.path(), args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        stdout(&output)
    };
    let balance = [
        "balance",
        "--rules",
        "small-box.toml",
        "--games",
        "2",
        "--html",
        "page.html",
    ];
    assert!(said(&balance).contains("\nrule values changed from new-edition: scoring.road-per-tile 2"));
    let page = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    assert!(
        page.contains("<dt>rule values changed</dt><dd>from new-edition: scoring.road-per-tile 2"),
        "{page}"
    );
    let tournament = [
        "tournament",
        "--bots",
        "random,greedy",
        "--games",
        "1",
        "--rules",
        "small-box.toml",
    ];
    assert!(said(&tournament).contains("\nrule values changed from new-edition: "));
    let record = [
        "simulate",
        "--games",
        "1",
        "--rules",
        "small-box.toml",
        "--record",
        "game.json",
    ];
    said(&record);
    let replay = said(&["replay", "game.json", "--data", "small-box.toml"]);
    assert!(replay.contains("\nrule values changed from new-edition: "), "{replay}");
    assert_eq!(rules["switched_off"], serde_json::json!(["farmers", "wagon"]));
    assert_eq!(rules["figures"], serde_json::json!({ "follower": 8 }));
    assert_eq!(
        rules["values"],
        serde_json::json!({ "barn-final-per-city": 5, "barn-joined-per-city": 1, "barn-placed-per-city": 3 })
    );

    // The bundled rules switch nothing off and leave the counts to the files: no lines.
    let (plain_text, plain) = text_and_json(dir.path(), &["simulate", "--games", "1"]);
    assert!(
        !plain_text.contains("house rules")
            && !plain_text.contains("figures per player")
            && !plain_text.contains("values:"),
        "{plain_text}"
    );
    assert_eq!(plain["played"]["rules"]["values"], serde_json::json!({}));
    assert_eq!(plain["played"]["rules"]["switched_off"], serde_json::json!([]));
    assert_eq!(plain["played"]["rules"]["changed"], serde_json::json!([]));
    assert!(!plain_text.contains("rule values changed"), "{plain_text}");
    assert_eq!(plain["played"]["rules"]["figures"], serde_json::json!({}));
}

#[test]
fn the_edition_played_is_said_with_why() {
    let dir = house_rules();
    let first_line = |args: &[&str]| {
        let output = run(dir.path(), args);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output).lines().next().unwrap().to_owned()
    };
    let simulate =
        |sets: &str, rules: &str| first_line(&["simulate", "--games", "1", "--tilesets", sets, "--rules", rules]);
    assert!(
        simulate("base", "old-rules.toml")
            .starts_with("tile set base@first-edition (named like rule set first-edition)")
    );
    assert!(simulate("base@first-edition", "my-rules.toml").starts_with("tile set base@first-edition (named)"));
    assert!(simulate("base", "odd.toml").starts_with(
        "tile set base@first-edition (its first edition: it has no edition third-edition, which the rules declare)"
    ));
    let report = json(&run(
        dir.path(),
        &["simulate", "--games", "1", "--rules", "odd.toml", "--json"],
    ));
    let base = &report["played"]["tilesets"][0];
    assert_eq!(
        (&base["edition_from"], &base["declared"]),
        (&"missing".into(), &"third-edition".into())
    );
    assert_eq!(report["played"]["rules"]["edition"], "third-edition");

    // A set without `editions` has one, and plays it under new-edition rules too, saying so.
    std::fs::write(
        dir.path().join("one.toml"),
        "id = \"one\"\nname = \"One\"\n\n[[tiles]]\nid = \"ONE\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n",
    )
    .unwrap();
    let args = ["simulate", "--games", "1", "--tilesets", "base", "one.toml"];
    let said = stdout(&run(dir.path(), &args));
    assert!(
        said.contains(
            "\ntile set one@first-edition (its only edition, played whatever edition the rules play), content "
        ),
        "{said}"
    );
    let report = json(&run(dir.path(), &[&args[..], &["--json"]].concat()));
    assert_eq!(report["played"]["tilesets"][1]["edition_from"], "only");
}

#[test]
fn the_figures_do_not_depend_on_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let figures = |threads: &str| {
        let report = json(&run(
            dir.path(),
            &[
                "simulate",
                "--games",
                "12",
                "--seed",
                "9",
                "--threads",
                threads,
                "--json",
            ],
        ));
        let threads = report["threads"].as_u64().unwrap();
        assert!((1..=16).contains(&threads), "{report}");
        (
            report["mean_scores"].clone(),
            report["placements_per_turn"].clone(),
            report["turns"].clone(),
        )
    };
    let one = figures("1");
    assert_eq!(figures("2"), one);
    assert_eq!(figures("0"), one);
}

#[test]
fn replay_says_what_it_replays() {
    let dir = house_rules();
    let simulated = run(
        dir.path(),
        &[
            "simulate",
            "--games",
            "1",
            "--rules",
            "my-rules.toml",
            "--record",
            "game.json",
        ],
    );
    assert!(simulated.status.success(), "{}", stderr(&simulated));
    let output = run(dir.path(), &["replay", "game.json", "--data", "my-rules.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("tile set base@new-edition (named), content "),
        "{text}"
    );
    assert_eq!(lines[1], "rules my-rules \"Mine\", extending new-edition");
    assert!(
        lines[2].starts_with("2 players, seed 1, ") && lines[2].ends_with(" actions"),
        "{text}"
    );
    assert!(
        lines[3].starts_with("red: ") && lines[4].starts_with("blue: "),
        "{text}"
    );

    let report = json(&run(
        dir.path(),
        &["replay", "game.json", "--data", "my-rules.toml", "--json"],
    ));
    assert_eq!(report["played"]["tilesets"][0]["edition"], "new-edition");
    assert_eq!(report["played"]["rules"]["extends"], serde_json::json!(["new-edition"]));
    assert!(report["played"]["actions"].as_u64().unwrap() > 0);
    assert_eq!(report["scores"].as_array().unwrap().len(), 2);
}

#[test]
fn an_argument_of_the_wrong_kind_names_the_right_flag() {
    let dir = house_rules();
    let error = |args: &[&str]| {
        let output = run(dir.path(), args);
        assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
        stderr(&output)
    };
    assert_eq!(
        error(&["simulate", "--tilesets", "my-rules.toml"]),
        "error: `my-rules.toml` is a rule set: pass it with `--rules`\n"
    );
    assert_eq!(
        error(&["simulate", "--tilesets", "base", "farms-2000"]),
        "error: `farms-2000` is a rule set: pass it with `--rules`\n"
    );
    assert_eq!(
        error(&["simulate", "--rules", "base"]),
        "error: `base` is a tile set: pass it with `--tilesets`\n"
    );
    std::fs::write(
        dir.path().join("tiles.toml"),
        common::bundled_copy(include_str!("../tilesets/hills-and-sheep.toml")),
    )
    .unwrap();
    assert_eq!(
        error(&["simulate", "--rules", "tiles.toml"]),
        "error: `tiles.toml` is a tile set: pass it with `--tilesets`\n"
    );
    // Unknown ids still list the known ones, the closest first.
    let unknown = error(&["simulate", "--tilesets", "bsae"]);
    assert!(
        unknown.contains("there is no tile set or expansion `bsae`; did you mean `base`? the ones known are: base, "),
        "{unknown}"
    );
}

#[test]
fn list_names_the_bundled_files() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(dir.path(), &["list"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let line = |id: &str| {
        text.lines()
            .find(|l| l.split_whitespace().nth(2) == Some(id))
            .unwrap_or_else(|| panic!("no line for {id}:\n{text}"))
            .to_owned()
    };
    assert!(line("base").starts_with("tile set"));
    assert!(line("base").ends_with("editions first-edition, new-edition)"), "{text}");
    assert!(
        line("abbey-and-mayor").contains("Abbey & Mayor (an expansion;"),
        "{text}"
    );
    assert!(line("hills-and-sheep").contains("Hills & Sheep"));
    assert!(
        line("hills-and-sheep").ends_with("; values vineyard 3, vineyard-garden 0)"),
        "{text}"
    );
    assert!(
        line("abbey-and-mayor")
            .ends_with("; values barn-final-per-city 4, barn-joined-per-city 1, barn-placed-per-city 3)"),
        "{text}"
    );
    assert!(
        line("inns-and-cathedrals").contains("Inns & Cathedrals (an expansion;"),
        "{text}"
    );
    assert!(
        line("traders-and-builders").contains("Traders & Builders (an expansion;"),
        "{text}"
    );
    for id in ["first-edition", "new-edition"] {
        assert!(line(id).starts_with("rule set"));
    }
    assert!(line("farms-2000").ends_with("(extends first-edition)"));
    assert!(
        line("2021").ends_with("(extends new-edition; plays with abbot)"),
        "{text}"
    );

    let listed = json(&run(dir.path(), &["list", "--json"]));
    let ids = |key: &str| -> Vec<String> {
        listed[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap().to_owned())
            .collect()
    };
    // Every bundled tile set, the base game first.
    let bundled: Vec<String> = tilewright_engine::bundled::catalog()
        .tilesets
        .iter()
        .map(|t| t.model.id.clone())
        .collect();
    assert_eq!(ids("tilesets"), bundled);
    assert_eq!(bundled[0], "base");
    for id in [
        "abbey-and-mayor",
        "abbot",
        "hills-and-sheep",
        "inns-and-cathedrals",
        "river",
    ] {
        assert!(bundled.iter().any(|b| b == id), "{bundled:?}");
    }
    assert_eq!(ids("rulesets"), ["first-edition", "new-edition", "2021", "farms-2000"]);
    assert_eq!(listed["rulesets"][2]["plays_with"], serde_json::json!(["abbot"]));
    assert_eq!(
        listed["tilesets"][3]["values"],
        serde_json::json!({ "vineyard": 3, "vineyard-garden": 0 })
    );
    assert_eq!(
        listed["tilesets"][0]["editions"],
        serde_json::json!(["first-edition", "new-edition"])
    );
    assert!(listed["expansions"].is_array());
}

#[test]
fn simulate_help_shows_expansions_with_an_example() {
    let dir = tempfile::tempdir().unwrap();
    let help = stdout(&run(dir.path(), &["simulate", "--help"]));
    assert!(help.contains("expansions"), "{help}");
    assert!(
        help.contains("simulate --tilesets base abbey-and-mayor hills-and-sheep --players 4"),
        "{help}"
    );
}

/// The bundled scenario `name`, wherever the scenarios are kept.
fn bundled_scenario(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["scenarios"]
        .iter()
        .map(|folder| root.join(folder).join(name))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("scenario {name} not found"))
}

#[test]
fn scenario_says_ok_or_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let passing = bundled_scenario("city-three-segments-one-pennant.toml");
    let output = run(dir.path(), &["scenario", passing.to_str().unwrap()]);
    assert_eq!(
        stdout(&output),
        "ok city-three-segments-one-pennant\n1 passed, 0 failed\n"
    );
    assert_eq!(output.status.code(), Some(0));

    let text = std::fs::read_to_string(&passing).unwrap();
    let altered = text.replace("scores = { red = 8 }", "scores = { red = 9 }");
    assert_ne!(altered, text);
    std::fs::write(dir.path().join("altered.toml"), altered).unwrap();
    let output = run(dir.path(), &["scenario", passing.to_str().unwrap(), "altered.toml"]);
    let shown = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(
        shown.starts_with("ok city-three-segments-one-pennant\nFAILED altered: A city of three segments"),
        "{shown}"
    );
    assert!(shown.contains("\n    score of red: expected 9, got 8\n"), "{shown}");
    // A description cannot start a line of its own, so it cannot pass for a workflow command.
    let injected = text.replace("scores = { red = 8 }", "scores = { red = 9 }").replacen(
        "description = \"",
        "description = \"x\\n::error::injected\\n",
        1,
    );
    std::fs::write(dir.path().join("injected.toml"), injected).unwrap();
    let said = stdout(&run(dir.path(), &["scenario", "injected.toml"]));
    assert!(said.contains("injected"), "{said}");
    assert!(said.lines().all(|line| !line.starts_with("::")), "{said}");
    assert!(
        shown.contains("RED scores 8 points: completed city: 3 segments + 1 pennant"),
        "{shown}"
    );
    assert!(shown.ends_with("1 passed, 1 failed\n"), "{shown}");

    // A folder plays every scenario in it.
    let output = run(dir.path(), &["scenario", passing.parent().unwrap().to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).contains("ok farm-tie\n"));

    // No file at all is a usage error; a file that is no scenario fails.
    assert_eq!(run(dir.path(), &["scenario"]).status.code(), Some(2));
    std::fs::write(dir.path().join("junk.toml"), "tiles = 3\n").unwrap();
    let output = run(dir.path(), &["scenario", "junk.toml", "missing.toml"]);
    let shown = stdout(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        shown.contains("FAILED junk: junk.toml:1:1: error: unknown field `tiles`, expected one of `description`, "),
        "{shown}"
    );
    assert!(
        shown.contains("FAILED missing: missing.toml:1:1: error: the file does not exist"),
        "{shown}"
    );
}

#[test]
fn scenario_plays_with_the_users_own_rules() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("house.toml"),
        "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n\n[scoring]\ncity-per-segment = 3\n",
    )
    .unwrap();
    let text = std::fs::read_to_string(bundled_scenario("city-three-segments-one-pennant.toml")).unwrap();
    let house = format!("rules = \"house\"\n{}", text.replace("red = 8", "red = 11"))
        .replace("RED scores 8 points", "RED scores 11 points");
    std::fs::write(dir.path().join("house-city.toml"), house).unwrap();
    let output = run(dir.path(), &["scenario", "house-city.toml", "--data", "house.toml"]);
    assert_eq!(
        stdout(&output),
        "ok house-city\n1 passed, 0 failed\n",
        "{}",
        stderr(&output)
    );
    let output = run(dir.path(), &["scenario", "house-city.toml"]);
    assert_eq!(output.status.code(), Some(1));
    let said = stdout(&output);
    assert!(
        said.contains("FAILED house-city: house-city.toml:1:9: error: there is no rule set `house` (help: the rule sets known are: `first-edition`, `new-edition`, `2021`, `farms-2000`; to play your own files, give the files or folders that hold them with `--data PATH`)"),
        "{said}"
    );
}

/// A scenario that cannot be played says where in its file, the closest name known, the
/// features of a tile when one is missing, and the edges that clash when a tile does not fit.
#[test]
fn scenario_errors_lead_to_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let layout = "[[layout]]\ntile = \"U\"\nat = [0, 0]\n";
    for (name, text) in [
        ("1-set", "tilesets = [\"bse\"]\n".to_owned()),
        ("2-rules", "rules = \"new-editon\"\n".to_owned()),
        ("3-tile", layout.replace("\"U\"", "\"u\"")),
        (
            "4-feature",
            format!("{layout}figures = [{{ player = \"red\", feature = \"road\" }}]\n"),
        ),
        (
            "5-clash",
            format!("{layout}[[turns]]\ntile = \"E\"\nat = [1, 0]\nrotation = 1\n"),
        ),
    ] {
        let text = format!("description = \"{name}\"\n{text}[expect]\n");
        std::fs::write(dir.path().join(format!("{name}.toml")), text).unwrap();
    }
    let output = run(dir.path(), &["scenario", "."]);
    assert_eq!(output.status.code(), Some(1));
    insta::assert_snapshot!(stdout(&output));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_run_with_the_figures_of_the_games_finished() {
    let dir = tempfile::tempdir().unwrap();
    let output = common::interrupted(dir.path(), &["simulate", "--games", "1000000000", "--threads", "2"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(130), "{text}{}", stderr(&output));
    let figures = text.lines().find(|l| l.starts_with("games: ")).unwrap();
    assert!(
        figures.contains(" of 1000000000 asked (stopped by Ctrl-C) in "),
        "{text}"
    );
    let played: u64 = figures["games: ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(played > 0, "{text}");
    assert!(text.contains("mean total score: "), "{text}");
}

#[test]
fn what_was_played_cannot_inject_lines_or_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let name = r"x\n::error ::injected\r\u001b[31m\u202e";
    std::fs::write(
        dir.path().join("rules.toml"),
        format!("id = \"sneaky\"\nname = \"{name}\"\nextends = \"new-edition\"\nedition = \"{name}\"\n"),
    )
    .unwrap();
    for json in [false, true] {
        let mut args = vec!["simulate", "--games", "1", "--rules", "rules.toml"];
        if json {
            args.push("--json");
        }
        let output = run(dir.path(), &args);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(!text.lines().any(|l| l.starts_with("::")), "{text}");
        let bad = text.chars().find(|&c| (c.is_control() && c != '\n') || c == '\u{202e}');
        assert_eq!(bad, None, "{text:?}");
    }
}

#[test]
fn renaming_tiles_keeps_records_replaying_and_a_changed_set_is_named_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mine = "id = \"mine\"\nname = \"Mine\"\n\n[[tiles]]\nid = \"cap\"\nname = \"A cap\"\ncount = 2\n\
                edges = [\"city\", \"field\", \"field\", \"field\"]\n\
                features.c = { kind = \"city\", on = [\"N\"], pennants = 1 }\n\
                features.f = { kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c\"] }\n";
    let write = |text: &str| std::fs::write(dir.path().join("mine.toml"), text).unwrap();
    write(mine);
    let record = [
        "simulate",
        "--games",
        "1",
        "--tilesets",
        "base",
        "./mine.toml",
        "--record",
        "game.json",
    ];
    let recorded = run(dir.path(), &record);
    assert!(recorded.status.success(), "{}", stderr(&recorded));
    let replay = || run(dir.path(), &["replay", "game.json", "--data", "mine.toml"]);
    // Names are for people: the set and its tile renamed, the record still replays.
    write(
        &mine
            .replace("name = \"Mine\"", "name = \"My set\"")
            .replace("A cap", "Cap, renamed"),
    );
    let renamed = replay();
    assert!(renamed.status.success(), "{}", stderr(&renamed));
    // A change in play is refused, naming only the set that changed, not the base game.
    write(&mine.replace("pennants = 1", "pennants = 2"));
    let changed = replay();
    assert_eq!(changed.status.code(), Some(1));
    let message = stderr(&changed);
    assert!(
        message.contains("the record was played with tile set mine@first-edition ("),
        "{message}"
    );
    assert!(!message.contains("base@"), "{message}");
}

/// `list` names a user's own files with where they live; the ids a run prints are taken
/// back by `--without` and `--compare-rules`; an id the files named do not define, but a file
/// under the current folder does, is answered with that file's path.
#[test]
fn a_users_own_ids_are_listed_where_they_live_and_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    assert!(run(dir.path(), &["init", "."]).status.success());
    let listed = stdout(&run(dir.path(), &["list", "tiles", "rules"]));
    let lines: Vec<&str> = listed.lines().collect();
    assert!(
        lines[0].starts_with("tile set   my-tiles ") && lines[0].ends_with(" in tiles/my-tiles.toml"),
        "{listed}"
    );
    assert!(
        lines[1].starts_with("rule set   my-house-rule ") && lines[1].ends_with(" in rules/my-house-rule.toml"),
        "{listed}"
    );
    assert!(
        lines[2].starts_with("tile set   base "),
        "then the bundled files: {listed}"
    );
    assert!(!lines[2].contains(" in "), "{listed}");
    let listed = json(&run(dir.path(), &["list", "tiles", "--json"]));
    assert_eq!(listed["tilesets"][0]["path"], "tiles/my-tiles.toml");
    assert_eq!(listed["tilesets"][1]["id"], "base");
    assert!(listed["tilesets"][1].get("path").is_none());

    // The run prints `my-tiles@new-edition`; either spelling of the id leaves it out of B.
    let sets = ["balance", "--games", "4", "--tilesets", "base", "tiles/my-tiles.toml"];
    for printed in ["my-tiles", "my-tiles@new-edition", "tiles/my-tiles.toml"] {
        let output = run(dir.path(), &[&sets[..], &["--without", printed]].concat());
        let said = stdout(&output);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(said.contains(&format!("\nB: without {printed}\n")), "{said}");
        assert!(!said.contains("B: tile set my-tiles"), "{said}");
    }
    let output = run(dir.path(), &[&sets[..], &["--without", "river"]].concat());
    assert!(
        stderr(&output).contains("`--without river`: it is not one of the tile sets played (base, my-tiles)"),
        "{}",
        stderr(&output)
    );
    // The house rule named by its path in `--rules`, compared with by its id.
    let args = [
        "balance",
        "--games",
        "4",
        "--rules",
        "rules/my-house-rule.toml",
        "--compare-rules",
        "new-edition",
    ];
    assert!(run(dir.path(), &args).status.success());
    let args = [
        "balance",
        "--games",
        "4",
        "--rules",
        "rules/my-house-rule.toml",
        "--compare-rules",
        "my-house-rule",
    ];
    let output = run(dir.path(), &args);
    assert!(
        stdout(&output).contains("\nB: rules my-house-rule \""),
        "{}",
        stderr(&output)
    );

    // Named by id without its file: the file that defines it is named.
    let output = run(
        dir.path(),
        &["simulate", "--games", "1", "--tilesets", "base", "my-tiles"],
    );
    assert_eq!(output.status.code(), Some(1));
    let known: Vec<String> = tilewright_engine::bundled::catalog()
        .tilesets
        .iter()
        .map(|t| t.model.id.clone())
        .collect();
    assert_eq!(
        stderr(&output),
        format!(
            "error: there is no tile set or expansion `my-tiles`; the ones known are: {} (`tiles/my-tiles.toml` here defines it: name it by that path)\n",
            known.join(", ")
        )
    );
    // Only an id a file defines is answered with its path.
    let output = run(dir.path(), &["simulate", "--games", "1", "--rules", "my-house-rul"]);
    assert!(!stderr(&output).contains("here defines it"), "{}", stderr(&output));
}

#[test]
fn a_record_saved_mid_game_replays_as_far_as_it_goes() {
    use std::sync::Arc;
    use tilewright_engine::FromCatalog;
    use tilewright_engine::game::{Game, GameDef, GameRecord};

    let dir = tempfile::tempdir().unwrap();
    let simulated = run(dir.path(), &["simulate", "--games", "1", "--record", "game.json"]);
    assert!(simulated.status.success(), "{}", stderr(&simulated));
    // The game after its first ten actions, saved as the editor saves a game left midway.
    let whole = GameRecord::from_json(&std::fs::read(dir.path().join("game.json")).unwrap()).unwrap();
    let def = GameDef::from_catalog(tilewright_engine::bundled::catalog(), &whole.files(), &whole.rules).unwrap();
    let mut game = Game::new(Arc::new(def), whole.players, whole.seed).unwrap();
    let mut events = Vec::new();
    for &action in &whole.actions[..10] {
        game.apply(action, &mut events).unwrap();
    }
    std::fs::write(
        dir.path().join("midway.json"),
        serde_json::to_string(&game.record()).unwrap(),
    )
    .unwrap();

    let output = run(dir.path(), &["replay", "midway.json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains(&format!(
            "the record stops before the game ends: after 10 actions, {} tiles left in the pile",
            game.pile_len()
        )),
        "{text}"
    );
    let scores = game.scores();
    assert!(
        text.contains(&format!("\nred: {}\nblue: {}", scores[0], scores[1])),
        "{text}"
    );

    let report = json(&run(dir.path(), &["replay", "midway.json", "--json"]));
    assert_eq!(report["complete"], false);
    assert_eq!(report["scores"], serde_json::json!(scores));
    let whole = json(&run(dir.path(), &["replay", "game.json", "--json"]));
    assert_eq!(whole["complete"], true);
}
