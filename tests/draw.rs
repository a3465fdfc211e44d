//! `tilewright draw` end to end: one SVG per tile, named after its id, from a bundled set or a
//! file; unknown sets and tiles refused with the closest name.

#![allow(clippy::unwrap_used)]

mod common;
use common::{listing, tilewright};

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `run` failed (exit 1) saying `message`.
fn refused(run: &std::process::Output, message: &str) {
    assert_eq!(run.status.code(), Some(1), "{}", stderr(run));
    assert!(stderr(run).contains(message), "{}", stderr(run));
}

#[test]
fn every_tile_of_a_bundled_set_gets_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pictures");
    let run = tilewright(dir.path(), &["draw", "base", "--out", "pictures"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let base = tilewright_engine::bundled::catalog()
        .tileset("base")
        .unwrap()
        .model
        .clone();
    let names = listing(&out);
    assert_eq!(names.len(), base.tiles.len());
    for tile in &base.tiles {
        let text = std::fs::read_to_string(out.join(format!("{}.svg", tile.id))).unwrap();
        assert!(
            text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{}",
            tile.id
        );
        assert!(text.contains(&format!("<title>{}", tile.id)));
    }
    assert!(stderr(&run).contains(&format!("wrote {} pictures", base.tiles.len())));
}

#[test]
fn tiles_named_are_drawn_alone_under_safe_names_and_replaced_when_drawn_again() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["draw", "abbey-and-mayor", "AM/C++", "--out", "out", "--size", "64"];
    let run = tilewright(dir.path(), &args);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(listing(&dir.path().join("out")), ["AM_C++.svg"]);
    let first = std::fs::read_to_string(dir.path().join("out/AM_C++.svg")).unwrap();
    assert!(first.contains("width=\"64\""));
    std::fs::write(dir.path().join("out/AM_C++.svg"), "old").unwrap();
    assert!(tilewright(dir.path(), &args).status.success());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out/AM_C++.svg")).unwrap(),
        first
    );
}

#[test]
fn a_tile_set_file_is_drawn_by_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let set = "id = \"mine\"\nname = \"Mine\"\n\n[[tiles]]\nid = \"X\"\ncount = 1\nedges = [\"city\", \"field\", \"road\", \"field\"]\n\
        features.c = { kind = \"city\", on = [\"N\"] }\nfeatures.r = { kind = \"road\", on = [\"S\"], end = \"house\" }\n\
        features.f = { kind = \"field\", on = [\"E\", \"W\", \"Sw\", \"Se\"], cities = [\"c\"] }\n";
    std::fs::write(dir.path().join("mine.toml"), set).unwrap();
    let run = tilewright(dir.path(), &["draw", "mine.toml", "--out", "out"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let svg = std::fs::read_to_string(dir.path().join("out/X.svg")).unwrap();
    assert!(svg.contains("<title>X</title>"), "{svg}");
    // A file with an error is refused, located.
    std::fs::write(dir.path().join("mine.toml"), set.replace("count = 1\n", "")).unwrap();
    let run = tilewright(dir.path(), &["draw", "mine.toml", "--out", "out"]);
    refused(&run, "mine.toml:4:1: error: missing key `count`");
}

#[test]
fn an_unknown_set_or_tile_is_refused_with_the_closest_name() {
    let dir = tempfile::tempdir().unwrap();
    let run = tilewright(dir.path(), &["draw", "bsae", "--out", "out"]);
    assert_eq!(run.status.code(), Some(1));
    let err = stderr(&run);
    assert!(
        err.contains("there is no bundled tile set `bsae`; did you mean `base`?"),
        "{err}"
    );
    let run = tilewright(dir.path(), &["draw", "abbey-and-mayor", "AM/C+", "--out", "out"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        stderr(&run).contains("the set has no tile `AM/C+`; did you mean `AM/C++`?"),
        "{}",
        stderr(&run)
    );
    assert!(!dir.path().join("out").exists(), "nothing is written on a refusal");
    let run = tilewright(dir.path(), &["draw", "./missing.toml", "--out", "out"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("missing.toml"), "{}", stderr(&run));
}

#[test]
fn a_tile_named_twice_is_drawn_once() {
    let dir = tempfile::tempdir().unwrap();
    let run = tilewright(dir.path(), &["draw", "base", "K", "D", "K", "--out", "pictures"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(listing(&dir.path().join("pictures")), ["D.svg", "K.svg"]);
    assert!(stderr(&run).contains("wrote 2 pictures"), "{}", stderr(&run));
}

#[test]
fn an_out_that_is_a_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pictures"), "mine").unwrap();
    let run = tilewright(dir.path(), &["draw", "base", "--out", "pictures"]);
    refused(&run, "--out pictures: it is a file, not a folder; choose another path");
    assert_eq!(std::fs::read_to_string(dir.path().join("pictures")).unwrap(), "mine");
}
