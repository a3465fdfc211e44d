//! `tilewright validate` and `schema --check` end to end: exit codes and the three output
//! formats, on the engine's bad fixtures and on inputs whose diagnostics the engine's
//! `hostile_validate` tests check.

#![allow(clippy::unwrap_used)]

use std::path::Path;

use tilewright_engine::validate::MAX_DIAGNOSTICS_PER_FILE;

mod common;
use common::tilewright;

const TILE: &str = "edges = [\"city\", \"city\", \"city\", \"city\"]\nfeatures.c = { kind = \"city\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";

/// A tile set of one tile, with `extra` lines after the tile's id.
fn tileset(id: &str, extra: &str) -> String {
    format!("id = \"{id}\"\nname = \"Set {id}\"\n\n[[tiles]]\nid = \"{id}-A\"\n{extra}{TILE}")
}

/// A temporary folder holding `files`, each a name and its text.
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

#[test]
fn cli_exit_codes_and_formats() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| tilewright(root, args);
    let clean = run(&["validate", "tilesets", "rulesets"]);
    assert_eq!(
        clean.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&clean.stdout)
    );
    let bad = run(&[
        "validate",
        "--format",
        "github",
        "engine/tests/fixtures/bad/syntax.toml",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&bad.stdout),
        "::error file=engine/tests/fixtures/bad/syntax.toml,line=3,col=24::TOML syntax: invalid basic string, expected `\"` (help: fix the syntax at this point)\n"
    );
    let json = run(&[
        "validate",
        "--format",
        "json",
        "engine/tests/fixtures/bad/dangling.toml",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value.as_array().unwrap().len(), 3);
    assert_eq!(run(&["validate", "--format", "yaml"]).status.code(), Some(2));
    assert_eq!(run(&["schema", "--check"]).status.code(), Some(0));
    let missing = run(&["schema", "--check", "--dir", "engine/tests/fixtures"]);
    assert_eq!(missing.status.code(), Some(1));
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(said.contains("tileset.schema.json does not exist"), "{said}");
}

#[test]
fn human_output_snapshot() {
    let output = tilewright(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &[
            "validate",
            "engine/tests/fixtures/bad/dangling.toml",
            "engine/tests/fixtures/bad/wrong-types.toml",
        ],
    );
    insta::assert_snapshot!(String::from_utf8_lossy(&output.stdout));
}

/// A file with thousands of mistakes gets the first ones and a summary, in every format.
#[test]
fn diagnostics_are_capped_per_file_with_a_summary() {
    let zeros: String = (0..2_000)
        .map(|i| format!("\n[[tiles]]\nid = \"T{i}\"\ncount = 0\n{TILE}"))
        .collect();
    let dir = folder(&[("zeros.toml", &format!("id = \"zeros\"\nname = \"Zeros\"\n{zeros}"))]);
    let json = tilewright(dir.path(), &["validate", "--format", "json", "zeros.toml"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let list = value.as_array().unwrap();
    assert_eq!(list.len(), MAX_DIAGNOSTICS_PER_FILE + 1);
    assert_eq!(list[0]["message"], "`0` must be at least 1");
    assert_eq!(
        (list[0]["line"].as_u64(), list[0]["column"].as_u64()),
        (Some(6), Some(9))
    );
    let github = tilewright(dir.path(), &["validate", "--format", "github", "zeros.toml"]);
    assert_eq!(
        String::from_utf8_lossy(&github.stdout).lines().count(),
        MAX_DIAGNOSTICS_PER_FILE + 1
    );
    assert_eq!(github.status.code(), Some(1));
    let human = tilewright(dir.path(), &["validate", "zeros.toml"]);
    let said = String::from_utf8_lossy(&human.stderr);
    assert!(
        said.contains("more problem(s) counted in the files' summaries"),
        "{said}"
    );
}

/// A byte-order mark before the `#:schema` line: the file is still found to be a tile set.
#[test]
fn a_byte_order_mark_changes_nothing() {
    let dir = folder(&[(
        "set.toml",
        "\u{feff}#:schema ../schemas/tileset.schema.json\nname = \"No id\"\n",
    )]);
    let human = tilewright(dir.path(), &["validate", "set.toml"]);
    assert_eq!(
        human.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&human.stderr)
    );
    assert!(String::from_utf8_lossy(&human.stdout).contains("missing key `id`"));
}

/// Near misses and no data file at all fail the run; so does a folder with nothing in it.
#[test]
fn near_misses_in_a_folder_are_reported_not_skipped() {
    let dir = folder(&[
        (
            "tiles.toml",
            &tileset("t", "count = 1\n").replace("[[tiles]]", "[[tile]]"),
        ),
        (
            "rules.toml",
            "id = \"r\"\nname = \"R\"\nextend = \"new-edition\"\n\n[scorring]\nroad-per-tile = 2\n",
        ),
        ("Cargo.toml", "[package]\nname = \"x\"\n"),
        ("other.toml", "[tool.black]\nline-length = 80\n"),
        ("scenario.toml", "layout = []\nturns = []\n"),
    ]);
    let out = tilewright(dir.path(), &["validate", "."]);
    assert_eq!(out.status.code(), Some(1));

    let empty = folder(&[]);
    let out = tilewright(empty.path(), &["validate", "."]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stdout).contains("nothing was checked"));
}

/// A near miss is a warning, which `--deny-warnings` turns into a failure.
#[test]
fn scorring_alone_is_a_near_miss_too() {
    let dir = folder(&[
        (
            "rules.toml",
            "id = \"r\"\nname = \"R\"\n\n[scorring]\nroad-per-tile = 2\n",
        ),
        ("set.toml", &tileset("s", "count = 1\n")),
    ]);
    let out = tilewright(dir.path(), &["validate", "--deny-warnings", "."]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_file_taking_a_bundled_id_is_warned_of() {
    let base = &common::bundled_copy(include_str!("../tilesets/base.toml"));
    let changed = base.replacen("count = 4", "count = 5", 1);
    assert_ne!(&changed, base);
    let dir = folder(&[("mine.toml", &changed), ("copy.toml", base)]);
    let warned = "tile set id `base` is also the id of a bundled tile set";
    let out = tilewright(dir.path(), &["validate", "mine.toml"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "a warning, not an error: {text}");
    assert!(text.contains(warned), "{text}");
    assert_eq!(
        tilewright(dir.path(), &["validate", "mine.toml", "--deny-warnings"])
            .status
            .code(),
        Some(1)
    );
    // Played, with the warning said rather than a silent replacement.
    let out = tilewright(dir.path(), &["simulate", "--tilesets", "./mine.toml", "--games", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&format!(":5:6: warning: {warned}")), "{said}");
    // An unchanged copy replaces nothing.
    let out = tilewright(dir.path(), &["validate", "copy.toml", "--deny-warnings"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn a_pile_where_nothing_fits_is_not_called_empty() {
    let set = format!(
        "id = \"walled\"\nname = \"Walled\"\nstart-tile = \"walled-A\"\nfigures.follower = {{ role = \"follower\", count = 7, stands-on = [\"city\", \"field\"] }}\n\n[[tiles]]\nid = \"walled-A\"\ncount = 1\n{TILE}\n[[tiles]]\nid = \"walled-B\"\ncount = 3\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n"
    );
    let dir = folder(&[("walled.toml", &set)]);
    let out = tilewright(dir.path(), &["simulate", "--tilesets", "./walled.toml", "--games", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("no turn was played (no tile of the pile fits the table)"),
        "{text}"
    );
    assert!(!text.contains("pile is empty"), "{text}");
}

#[test]
fn github_annotations_name_files_without_a_leading_dot() {
    let dir = folder(&[("bad.toml", &tileset("bad", "count = 0\n"))]);
    let out = tilewright(dir.path(), &["validate", "--format", "github", "."]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("::error file=bad.toml,line="), "{text}");
    let out = tilewright(dir.path(), &["validate", "--format", "github", "./bad.toml"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("::error file=bad.toml,"));
    // In a folder, named any way: the path from the top, as the pull request names it.
    std::fs::create_dir(dir.path().join("tiles")).unwrap();
    std::fs::rename(dir.path().join("bad.toml"), dir.path().join("tiles/bad.toml")).unwrap();
    let absolute = dir.path().join("tiles/bad.toml").display().to_string();
    for named in [".", "./tiles/", "tiles/../tiles/bad.toml", absolute.as_str()] {
        let out = tilewright(dir.path(), &["validate", "--format", "github", named]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("::error file=tiles/bad.toml,line="), "{named}: {text}");
    }
}
