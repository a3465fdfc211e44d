//! `balance --shard K/N --partial FILE` and `balance merge`: the partials of a run's shards
//! merge into the report of the run played at once, byte for byte but for the time it took
//! (text, JSON and HTML), for every policy and every kind of comparison; and what cannot be
//! merged is refused at its place in the partial, with what would fix it.

#![allow(clippy::unwrap_used)]

mod common;

use std::path::Path;

use common::tilewright;

/// A tile set of the designer's own, in two versions (the second as `v2/mine.toml`).
fn write_mine(dir: &Path) {
    let set = |count: u32| {
        format!(
            "id = \"mine\"\nname = \"Mine\"\n\n[[tiles]]\nid = \"XR\"\nname = \"City cap over a crossing\"\n\
             count = {count}\nedges = [\"city\", \"road\", \"road\", \"road\"]\n\
             features.c = {{ kind = \"city\", on = [\"N\"], pennants = 1 }}\n\
             features.e = {{ kind = \"road\", on = [\"E\"], end = \"crossing\" }}\n\
             features.s = {{ kind = \"road\", on = [\"S\"], end = \"crossing\" }}\n\
             features.w = {{ kind = \"road\", on = [\"W\"], end = \"crossing\" }}\n\
             features.f1 = {{ kind = \"field\", on = [\"Wn\", \"En\"], cities = [\"c\"] }}\n\
             features.f2 = {{ kind = \"field\", on = [\"Es\", \"Se\"] }}\n\
             features.f3 = {{ kind = \"field\", on = [\"Sw\", \"Ws\"] }}\n"
        )
    };
    std::fs::write(dir.join("mine.toml"), set(3)).unwrap();
    std::fs::create_dir_all(dir.join("v2")).unwrap();
    std::fs::write(dir.join("v2/mine.toml"), set(1)).unwrap();
}

/// Runs `tilewright ARGS` in `dir`; it must succeed. Its standard output.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = tilewright(dir, args);
    assert!(
        out.status.success(),
        "{args:?}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `tilewright ARGS` in `dir`; it must fail with exit status 1. Its standard error.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = tilewright(dir, args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{args:?}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// `text` with every number written just before `suffix` replaced by `#`.
fn mask_before(text: &str, suffix: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(suffix) {
        let head = &rest[..at];
        let number = head.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        out.push_str(number);
        if number.len() < head.len() {
            out.push('#');
        }
        out.push_str(suffix);
        rest = &rest[at + suffix.len()..];
    }
    out + rest
}

/// `text` with every number written just after `prefix` replaced by `#`.
fn mask_after(text: &str, prefix: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        out.push_str(&rest[..at + prefix.len()]);
        rest = &rest[at + prefix.len()..];
        let tail = rest.trim_start_matches(|c: char| c.is_ascii_digit() || ".eE+-".contains(c));
        if tail.len() < rest.len() {
            out.push('#');
        }
        rest = tail;
    }
    out + rest
}

/// A report without the time its games took: what differs between any two runs of a plan.
fn timeless(report: &str) -> String {
    let text = mask_before(&mask_before(report, " s on "), " games/s");
    mask_after(&mask_after(&text, "\"seconds\":"), "\"games_per_second\":")
}

/// Plays `args` at once and in `shards` shards merged, and asserts that the text, the JSON
/// and the HTML reports are the same, byte for byte, but for the time taken.
fn merged_is_the_run(dir: &Path, args: &[&str], shards: u64) {
    let with = |more: &[&str]| -> Vec<String> {
        let mut all: Vec<String> = ["balance"].iter().chain(args).map(|s| (*s).to_owned()).collect();
        all.extend(more.iter().map(|s| (*s).to_owned()));
        all
    };
    let run = |more: &[&str]| ok(dir, &with(more).iter().map(String::as_str).collect::<Vec<_>>());
    let text = run(&[]);
    let json = run(&["--json", "--html", "one.html"]);
    let mut partials = Vec::new();
    for k in (1..=shards).rev() {
        let name = format!("shard-{k}.json");
        let said = run(&["--shard", &format!("{k}/{shards}"), "--partial", &name]);
        assert!(said.contains(&format!("shard {k}/{shards}: ")), "{said}");
        partials.push(name);
    }
    let merge = |more: &[&str]| {
        let mut all = vec!["balance", "merge"];
        all.extend(partials.iter().map(String::as_str));
        all.extend_from_slice(more);
        ok(dir, &all)
    };
    assert_eq!(timeless(&merge(&[])), timeless(&text), "{args:?}: text");
    assert_eq!(
        timeless(&merge(&["--json", "--html", "merged.html"])),
        timeless(&json),
        "{args:?}: JSON"
    );
    let page = |name: &str| timeless(&std::fs::read_to_string(dir.join(name)).unwrap());
    assert!(page("one.html") == page("merged.html"), "{args:?}: HTML pages differ");
    // The time is left out because it differs: it is there all the same.
    assert!(json.contains("\"seconds\":"), "{json}");
}

#[test]
fn merged_shards_are_the_run_for_each_policy_and_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    write_mine(dir);
    let common = ["--seed", "9", "--threads", "2"];
    let cases: [(&[&str], u64); 6] = [
        (
            &["--players", "3", "--games", "60", "--tilesets", "base", "./mine.toml"],
            4,
        ),
        (
            &["--players", "4", "--games", "40", "--compare-rules", "first-edition"],
            3,
        ),
        (
            &[
                "--games",
                "12",
                "--policy",
                "greedy",
                "--tilesets",
                "base",
                "abbey-and-mayor",
            ],
            5,
        ),
        (
            &[
                "--games",
                "8",
                "--policy",
                "greedy",
                "--tilesets",
                "base",
                "hills-and-sheep",
                "--without",
                "hills-and-sheep",
            ],
            3,
        ),
        (&["--games", "3", "--policy", "mcts:6", "--players", "2"], 3),
        (
            &[
                "--games",
                "4",
                "--policy",
                "mcts:4",
                "--tilesets",
                "base",
                "./mine.toml",
                "--compare-tilesets",
                "v2/mine.toml",
            ],
            2,
        ),
    ];
    for (args, shards) in cases {
        let mut all: Vec<&str> = common.to_vec();
        all.extend_from_slice(args);
        merged_is_the_run(dir, &all, shards);
    }
}

/// Writes the partials of a small run of the base game in 3 shards into `dir`:
/// `p1.json`..`p3.json`.
fn three_partials(dir: &Path, more: &[&str]) {
    for k in 1..=3 {
        let mut args = vec!["balance", "--games", "9", "--seed", "2"];
        args.extend_from_slice(more);
        let shard = format!("{k}/3");
        let file = format!("p{k}.json");
        args.extend_from_slice(&["--shard", &shard, "--partial", &file]);
        ok(dir, &args);
    }
}

/// The text of partial `k` in `dir`, changed by `change`.
fn tamper(dir: &Path, k: u32, change: impl Fn(&str) -> String) {
    let path = dir.join(format!("p{k}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    let changed = change(&text);
    assert_ne!(changed, text, "the change changes something");
    std::fs::write(path, changed).unwrap();
}

#[test]
fn missing_and_repeated_shards_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    three_partials(dir, &[]);
    let err = refused(dir, &["balance", "merge", "p1.json", "p3.json"]);
    assert!(
        err.contains("shard 2 of the run's 3 is missing") && err.contains("--allow-missing"),
        "{err}"
    );
    let err = refused(dir, &["balance", "merge", "p1.json", "p2.json", "p1.json"]);
    assert!(
        err.contains("p1.json:1:") && err.contains("shard 1 of 3 is given twice"),
        "{err}"
    );
    // With --allow-missing, the report is of the games of the shards given, and says so.
    let out = tilewright(
        dir,
        &["balance", "merge", "p1.json", "p3.json", "--allow-missing", "--json"],
    );
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (report["games"].as_u64(), report["stopped"].as_bool()),
        (Some(6), Some(false))
    );
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(
        note.contains("shard(s) 2 of 3 missing") && note.contains("6 games"),
        "{note}"
    );
}

#[test]
fn a_partial_that_cannot_be_is_refused_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    three_partials(dir, &[]);
    let all = ["balance", "merge", "p1.json", "p2.json", "p3.json"];
    ok(dir, &all);

    // Sums that no games give: a win share too many, at `sums.a.seat_wins`.
    tamper(dir, 2, |t| {
        t.replacen(
            "\"seat_wins\":[{\"n\":3,\"sum\":",
            "\"seat_wins\":[{\"n\":3,\"sum\":6",
            1,
        )
    });
    let err = refused(dir, &all);
    assert!(
        err.contains("p2.json:1:") && err.contains("`sums.a.seat_wins") && err.contains("play its shard again"),
        "{err}"
    );
    three_partials(dir, &[]);

    // Sums that could be, but that merged with others would not fit the numbers they are
    // kept in: each number is capped.
    tamper(dir, 2, |t| t.replacen("\"placed\":", "\"placed\":18446744073709551", 1));
    let err = refused(dir, &all);
    assert!(
        err.contains("p2.json:1:")
            && err.contains("placed` is larger than 92233720368547,")
            && err.contains("play its shard again"),
        "{err}"
    );
    three_partials(dir, &[]);
    tamper(dir, 1, |t| t.replacen("\"threads\":", "\"threads\":99999999", 1));
    assert!(refused(dir, &all).contains("a shard plays on 1 to 65536 threads"));
    three_partials(dir, &[]);

    // Cut short, as a copy that did not finish.
    tamper(dir, 3, |t| t[..t.len() / 2].to_owned());
    let err = refused(dir, &all);
    assert!(err.contains("p3.json:1:") && err.contains("cut short"), "{err}");
    three_partials(dir, &[]);

    // Of another format version, or not a partial at all.
    tamper(dir, 1, |t| t.replacen("\"version\":2", "\"version\":3", 1));
    let err = refused(dir, &all);
    assert!(
        err.contains("p1.json:1:") && err.contains("another version of the format"),
        "{err}"
    );
    std::fs::write(dir.join("p1.json"), "{\"format\": \"something else\"}").unwrap();
    let err = refused(dir, &all);
    assert!(err.contains("not a partial of a balance run"), "{err}");
    std::fs::write(dir.join("p1.json"), "").unwrap();
    assert!(refused(dir, &all).contains("p1.json:1:1:"));
    three_partials(dir, &[]);

    // Played by another version of the program.
    tamper(dir, 2, |t| t.replacen("\"tilewright\":\"", "\"tilewright\":\"9.", 1));
    let err = refused(dir, &all);
    assert!(
        err.contains("p2.json:1:") && err.contains("played by tilewright 9."),
        "{err}"
    );
    three_partials(dir, &[]);

    // A field this version does not know is not read past.
    tamper(dir, 1, |t| t.replacen("\"shard\":1", "\"shard\":1,\"extra\":0", 1));
    assert!(refused(dir, &all).contains("unknown field `extra`"));
}

#[test]
fn partials_of_another_run_or_other_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    write_mine(dir);
    three_partials(dir, &["--tilesets", "base", "./mine.toml"]);
    // A shard of another run: other players.
    ok(
        dir,
        &[
            "balance",
            "--games",
            "9",
            "--seed",
            "2",
            "--players",
            "3",
            "--tilesets",
            "base",
            "./mine.toml",
            "--shard",
            "2/3",
            "--partial",
            "p2.json",
        ],
    );
    let all = ["balance", "merge", "p1.json", "p2.json", "p3.json"];
    let err = refused(dir, &all);
    assert!(
        err.contains("p2.json:1:") && err.contains("another run than") && err.contains("plan.arguments"),
        "{err}"
    );
    three_partials(dir, &["--tilesets", "base", "./mine.toml"]);
    ok(dir, &all);
    // The tile set changed since the shards were played: its content hash is not theirs.
    std::fs::copy(dir.join("v2/mine.toml"), dir.join("mine.toml")).unwrap();
    let err = refused(dir, &all);
    assert!(
        err.contains("p1.json:1:") && err.contains("not those the shards played") && err.contains("hash"),
        "{err}"
    );
    // A file the run read that is not here.
    std::fs::remove_file(dir.join("mine.toml")).unwrap();
    let err = refused(dir, &all);
    assert!(err.contains("where the shards were played"), "{err}");
}

#[test]
fn shard_arguments_are_checked_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    for bad in ["0/3", "4/3", "3", "1/0", "a/b", "1/100001"] {
        let out = tilewright(dir, &["balance", "--shard", bad, "--partial", "p.json"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("a shard is K/N"), "{bad}");
    }
    // A shard writes a partial, not a report.
    let out = tilewright(dir, &["balance", "--shard", "1/2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = tilewright(dir, &["balance", "--partial", "p.json", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    // The whole run as one shard merges alone.
    ok(dir, &["balance", "--games", "5", "--partial", "p.json"]);
    let merged = ok(dir, &["balance", "merge", "p.json", "--json"]);
    assert!(merged.contains("\"games\":5,"), "{merged}");
    assert_eq!(refused(dir, &["balance", "merge", "."]).lines().count(), 1);
}

/// A shard stopped by Ctrl-C writes no partial (a partial holds every game of its shard), says
/// so, and exits 130.
#[cfg(unix)]
#[test]
fn a_shard_stopped_by_ctrl_c_writes_no_partial() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::interrupted(
        dir.path(),
        &[
            "balance",
            "--games",
            "100000",
            "--policy",
            "mcts:50",
            "--shard",
            "1/2",
            "--partial",
            "p.json",
        ],
    );
    assert_eq!(out.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no partial is written"));
    assert!(!dir.path().join("p.json").exists());
}
