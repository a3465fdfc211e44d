//! `tilewright tournament` end to end: the same figures on any number of threads, every bot in
//! every seat, and clear errors for bad bots.

#![allow(clippy::unwrap_used)]

use std::path::Path;

use serde_json::Value;

mod common;
use common::tilewright;

fn run(args: &[&str]) -> std::process::Output {
    tilewright(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// The JSON report of a tournament on `threads` threads, without what varies from run to run:
/// the timings and the thread count.
fn report(threads: &str) -> Value {
    let out = run(&[
        "tournament",
        "--bots",
        "mcts:8,greedy,random",
        "--games",
        "4",
        "--seed",
        "3",
        "--threads",
        threads,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let object = json.as_object_mut().unwrap();
    assert!(object.remove("elapsed_seconds").unwrap().is_f64());
    assert_eq!(object["played"]["threads"], threads.parse::<u64>().unwrap());
    object["played"].as_object_mut().unwrap().remove("threads");
    for table in object["tables"].as_array_mut().unwrap() {
        for result in table["results"].as_array_mut().unwrap() {
            assert!(result.as_object_mut().unwrap().remove("ms_per_choice").is_some());
        }
    }
    json
}

#[test]
fn a_tournament_is_the_same_on_one_thread_and_two() {
    let one = report("1");
    assert_eq!(one, report("2"));
    assert_eq!(one["games"], 12);
    assert_eq!(one["games_asked"], 12);
    assert_eq!(one["stopped"], false);
    let tables = one["tables"].as_array().unwrap();
    let pairings: Vec<&Value> = tables.iter().map(|t| &t["bots"]).collect();
    assert_eq!(
        pairings,
        [
            &serde_json::json!(["mcts:8", "greedy"]),
            &serde_json::json!(["mcts:8", "random"]),
            &serde_json::json!(["greedy", "random"])
        ]
    );
    for table in tables {
        let results = table["results"].as_array().unwrap();
        let wins: f64 = results.iter().map(|r| r["wins"].as_f64().unwrap()).sum();
        assert_eq!(wins, 4.0, "one win per game, ties shared: {table}");
        let differences: f64 = results
            .iter()
            .map(|r| r["mean_score_difference"].as_f64().unwrap())
            .sum();
        assert!(differences.abs() < 1e-9, "two players' differences cancel: {table}");
        for r in results {
            assert_eq!(r["games"], 4);
            let (low, high) = (
                r["win_interval"][0].as_f64().unwrap(),
                r["win_interval"][1].as_f64().unwrap(),
            );
            let rate = r["win_rate"].as_f64().unwrap();
            assert!(low <= rate && rate <= high, "{r}");
        }
    }
}

#[test]
fn the_text_report_names_each_table_and_bot() {
    let out = run(&["tournament", "--bots", "greedy,random", "--games", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2 players, seed 1, 2 games asked on 1 thread"), "{text}");
    assert!(text.contains("greedy vs random: 2 games\n"), "{text}");
    assert!(text.contains("\n  greedy: wins "), "{text}");
    assert!(text.contains("\n  random: wins "), "{text}");
    assert!(text.contains("score difference "), "{text}");
}

#[test]
fn bots_may_be_listed_with_spaces() {
    let out = run(&["tournament", "--bots", "greedy, random", "--games", "2", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["tables"][0]["bots"], serde_json::json!(["greedy", "random"]));
}

#[test]
fn bad_bots_and_counts_are_refused_clearly() {
    let error = |args: &[&str]| {
        let out = run(args);
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    // Every argument that cannot work is a usage error: exit status 2.
    let (code, text) = error(&["tournament", "--bots", "mcts:fast,greedy"]);
    assert_eq!(code, Some(2));
    assert!(text.contains("`fast` in `mcts:fast` is not an mcts option"), "{text}");
    let (code, text) = error(&["tournament", "--bots", "smart\u{1b}[31m,greedy"]);
    assert_eq!(code, Some(2));
    assert!(!text.contains('\u{1b}'), "untrusted text is escaped: {text}");
    assert!(text.contains("no bot `smart"), "{text}");
    let (code, text) = error(&["tournament", "--bots", "greedy,random", "--players", "3"]);
    assert_eq!(code, Some(2));
    assert!(text.contains("3 players need at least 3 bots"), "{text}");
    for players in ["7", "9", "1", "256"] {
        let (code, text) = error(&["tournament", "--bots", "greedy,random", "--players", players]);
        assert_eq!(code, Some(2), "--players {players}");
        assert!(
            text.contains(&format!("a game has 2 to 6 players, not {players}")),
            "{text}"
        );
    }
    let (code, text) = error(&["tournament", "--bots", "greedy,,random"]);
    assert_eq!(code, Some(2), "an empty bot in the list: {text}");
    let (code, _) = error(&["tournament", "--games", "2"]);
    assert_eq!(code, Some(2), "--bots is required");
    for (bots, games, tables) in [
        ("greedy,random", "1000001", "1 table"),
        ("greedy,random,mcts", "18446744073709551615", "3 tables"),
    ] {
        let (code, text) = error(&["tournament", "--bots", bots, "--games", games]);
        assert_eq!(code, Some(2), "--games {games}: {text}");
        assert!(
            text.contains(&format!(
                "{tables} of {games} games is more than the 1000000 games a tournament plays; ask for fewer with --games"
            )),
            "{text}"
        );
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_search_at_once_with_the_games_finished() {
    // A choice of this bot would take hours; the first Ctrl-C ends it within moments (a debug
    // build, on a machine shared with other tests: a few seconds at most).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = [
        "tournament",
        "--bots",
        "mcts:100000000,random",
        "--games",
        "2",
        "--json",
    ];
    let output = common::interrupted_within(dir, &args, std::time::Duration::from_secs(5));
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (&json["stopped"], &json["games"], &json["games_asked"]),
        (&Value::Bool(true), &0.into(), &2.into())
    );
    assert_eq!(json["tables"][0]["results"][0]["games"], 0);
}
