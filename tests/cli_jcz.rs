//! `tilewright export jcz` and `import jcz`: an add-on written atomically and the same bytes
//! each time, what JCZ cannot express refused with located messages and nothing written, and
//! an add-on read back into tile sets that validate and play.

#![allow(clippy::unwrap_used)]

mod common;

use std::process::Output;

use common::command as tilewright;
use common::listing;

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn ok(output: Output) -> String {
    assert!(output.status.success(), "{}", stderr(&output));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn an_exported_addon_imports_back_and_plays() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let said = ok(tilewright(
        d,
        &["export", "jcz", "--tilesets", "hills-and-sheep", "--out", "hs.jca"],
    )
    .output()
    .unwrap());
    assert!(said.contains("wrote hs.jca (17 tiles, 0 warning(s))"), "{said}");
    let first = std::fs::read(d.join("hs.jca")).unwrap();
    ok(tilewright(
        d,
        &["export", "jcz", "--tilesets", "hills-and-sheep", "--out", "hs.jca"],
    )
    .output()
    .unwrap());
    assert_eq!(first, std::fs::read(d.join("hs.jca")).unwrap(), "the same bytes");
    let said = ok(tilewright(d, &["import", "jcz", "hs.jca", "--out", "mine"])
        .output()
        .unwrap());
    // The add-on's tile set is not named as JCZ's own Hills & Sheep, which JCZ would play
    // beside it.
    assert!(said.contains("wrote mine/jcz-tw-hills-and-sheep.toml"), "{said}");
    assert!(
        said.contains("imported 17 tile(s) into 1 tile set(s); 0 note(s), 0 problem(s)"),
        "{said}"
    );
    let text = std::fs::read_to_string(d.join("mine/jcz-tw-hills-and-sheep.toml")).unwrap();
    assert!(
        text.contains("image = \"images/hills-and-sheep_HS.CC_.v.png\""),
        "{text}"
    );
    ok(tilewright(d, &["validate", "--deny-warnings", "mine"])
        .output()
        .unwrap());
    let played = ok(
        tilewright(d, &["simulate", "--tilesets", "base", "mine/", "--games", "5"])
            .output()
            .unwrap(),
    );
    assert!(played.contains("mean score"), "{played}");
    // Importing again does not write over what is there.
    let again = tilewright(d, &["import", "jcz", "hs.jca", "--out", "mine"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("jcz-tw-hills-and-sheep.toml"),
        "{}",
        stderr(&again)
    );
}

#[test]
fn what_jcz_cannot_express_is_refused_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = tilewright(d, &["export", "jcz", "--tilesets", "river", "--out", "river.jca"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("river.toml:"), "{err}");
    assert!(
        err.contains("JCZ add-ons cannot declare the edge kind `river`"),
        "{err}"
    );
    assert!(err.contains("nothing written"), "{err}");
    assert!(!d.join("river.jca").exists());
}

#[test]
fn a_bad_id_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = tilewright(dir.path(), &["export", "jcz", "--id", "classic", "--out", "x.jca"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`classic` is JCZ's own"), "{}", stderr(&out));
}

#[test]
fn a_file_that_is_not_jcz_xml_says_where() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.xml"),
        "<defs>\n<tiles>\n<tile id=\"a\"><road>N X</road></tile>\n</tiles></defs>",
    )
    .unwrap();
    let out = tilewright(dir.path(), &["import", "jcz", "bad.xml", "--out", "o"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("bad.xml:3:14: <road> `N X`: `X` is not a location JCZ knows"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_prefix_that_is_no_id_is_a_usage_error_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(tilewright(d, &["export", "jcz", "--out", "base.jca"]).output().unwrap());
    std::fs::create_dir(d.join("inside")).unwrap();
    let outside = d.join("outside");
    for prefix in [
        "../",
        "../outside/",
        outside.to_str().unwrap(),
        "A B",
        "-x",
        "a\n::error::x",
    ] {
        let flag = format!("--prefix={prefix}");
        let out = tilewright(d, &["import", "jcz", "base.jca", "--out", "inside/out", &flag])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{prefix:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("lowercase letters, digits and `-`"),
            "{prefix:?}: {}",
            stderr(&out)
        );
    }
    let long = "a".repeat(65);
    let out = tilewright(
        d,
        &["import", "jcz", "base.jca", "--out", "inside/out", "--prefix", &long],
    )
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("at most 64"), "{}", stderr(&out));
    assert_eq!(listing(d), ["base.jca", "inside"], "nothing written");
    assert!(std::fs::read_dir(d.join("inside")).unwrap().next().is_none());
    ok(
        tilewright(d, &["import", "jcz", "base.jca", "--out", "inside", "--prefix", "my-"])
            .output()
            .unwrap(),
    );
    assert!(d.join("inside/my-base.toml").exists());
}

#[test]
fn an_id_too_long_for_a_folder_name_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let long = "a".repeat(65);
    let out = tilewright(dir.path(), &["export", "jcz", "--id", &long, "--out", "x.jca"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("at most 64"), "{}", stderr(&out));
    assert!(!dir.path().join("x.jca").exists());
    let most = "a".repeat(64);
    ok(
        tilewright(dir.path(), &["export", "jcz", "--id", &most, "--out", "x.jca"])
            .output()
            .unwrap(),
    );
    ok(tilewright(dir.path(), &["import", "jcz", "x.jca", "--out", "back"])
        .output()
        .unwrap());
}

#[test]
fn a_set_named_in_two_editions_is_exported_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        tilewright(d, &["export", "jcz", "--tilesets", "base", "--out", "one.jca"])
            .output()
            .unwrap(),
    );
    let said = ok(tilewright(
        d,
        &[
            "export",
            "jcz",
            "--tilesets",
            "base",
            "base@first-edition",
            "--out",
            "two.jca",
        ],
    )
    .output()
    .unwrap());
    assert!(said.contains("wrote two.jca (32 tiles, 0 warning(s))"), "{said}");
    assert_eq!(
        std::fs::read(d.join("one.jca")).unwrap(),
        std::fs::read(d.join("two.jca")).unwrap()
    );
}

#[test]
fn an_out_that_cannot_be_written_fails_as_html_and_record_do() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("mine.toml"),
        include_str!("../tilesets/base.toml").replace("\"base\"", "\"mine\""),
    )
    .unwrap();
    std::fs::create_dir(d.join("folder.jca")).unwrap();
    for (out, words) in [
        (
            "missing/x.jca",
            "--out missing/x.jca: the folder missing does not exist; create it first",
        ),
        (
            "folder.jca",
            "--out folder.jca: it is a folder, not a regular file; choose another path",
        ),
        (
            "mine.toml",
            "--out mine.toml: it is the file ./mine.toml, which this run reads",
        ),
    ] {
        let refused = tilewright(d, &["export", "jcz", "--tilesets", "./mine.toml", "--out", out])
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
        assert!(stderr(&refused).contains(words), "{}", stderr(&refused));
    }
    assert_eq!(listing(d), ["folder.jca", "mine.toml"]);
}

#[cfg(unix)]
#[test]
fn an_import_writes_through_no_link_and_leaves_nothing_when_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(tilewright(
        d,
        &["export", "jcz", "--tilesets", "hills-and-sheep", "--out", "hs.jca"],
    )
    .output()
    .unwrap());
    std::fs::create_dir_all(d.join("out")).unwrap();
    std::fs::create_dir_all(d.join("elsewhere")).unwrap();
    std::os::unix::fs::symlink("../elsewhere", d.join("out/images")).unwrap();
    let out = tilewright(d, &["import", "jcz", "hs.jca", "--out", "out"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("out/images is a symbolic link; it is not written through"),
        "{}",
        stderr(&out)
    );
    assert!(listing(&d.join("elsewhere")).is_empty());
    assert_eq!(listing(&d.join("out")), ["images"]);

    // Sets that fail validation (a tile counted past what a game holds) are not left behind.
    std::fs::write(
        d.join("many.xml"),
        r#"<defs><tiles><tile id="M/m"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile></tiles>
<sets><tile-set id="many"><ref tile="M/m" count="200"/><ref tile="M/m" count="100"/></tile-set></sets></defs>"#,
    )
    .unwrap();
    let out = tilewright(d, &["import", "jcz", "many.xml", "--out", "new/deep"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("do not validate"), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing written"), "{}", stderr(&out));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("wrote"));
    assert!(!d.join("new").exists(), "the folders made are removed too");
}

#[test]
fn skip_unsupported_exports_the_other_tiles_and_lists_those_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("mine.toml"),
        "id = \"mine\"\nname = \"Mine\"\n\n\
         [[tiles]]\nid = \"T\"\ncount = 1\nedges = [\"field 30 road 70 field\", \"field\", \"field\", \"field\"]\n\
         features.r = { kind = \"road\", on = [\"N\"], end = \"house\" }\n\
         features.f = { kind = \"field\", on = [\"N1\", \"N3\", \"E\", \"S\", \"W\"] }\n\n\
         [[tiles]]\nid = \"M\"\nname = \"Monastery\"\ncount = 2\nedges = [\"field\", \"field\", \"field\", \"field\"]\n\
         features.m = { kind = \"monastery\" }\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n",
    )
    .unwrap();
    let args = ["export", "jcz", "--tilesets", "./mine.toml", "--out", "mine.jca"];
    let refused = tilewright(d, &args).output().unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("`--skip-unsupported` exports the other tiles"),
        "{}",
        stderr(&refused)
    );
    assert!(!d.join("mine.jca").exists());

    let out = tilewright(d, &[&args[..], &["--skip-unsupported"]].concat())
        .output()
        .unwrap();
    let err = stderr(&out);
    let said = ok(out);
    assert!(said.contains("(1 tiles, 1 tile(s) left out, 0 warning(s))"), "{said}");
    assert!(
        err.contains("mine.toml:7:10") && err.contains("left out: tile `T`: JCZ has no edge split"),
        "{err}"
    );
    let said = ok(tilewright(d, &["import", "jcz", "mine.jca", "--out", "back"])
        .output()
        .unwrap());
    assert!(said.contains("imported 1 tile(s)"), "{said}");
    let text = std::fs::read_to_string(d.join("back/jcz-mine.toml")).unwrap();
    assert!(text.contains("id = \"M\"\nname = \"Monastery\""), "{text}");
}
