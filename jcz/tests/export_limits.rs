//! What an export makes of tile sets made to hurt it: one large image shown by many tiles
//! goes in once, scaled to what JCZ shows; tiles whose names would make one file name keep
//! their own pictures; an id XML cannot carry is refused.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

mod support;

use std::path::Path;

use support::{built, load, only_set, text};
use tilewright_jcz::addon;
use tilewright_jcz::export::ExportError;

/// A tile set file `pics.toml` in `dir` of monastery tiles with `ids` (TOML strings), each
/// showing `image` when there is one.
fn write_set(dir: &Path, ids: &[&str], image: Option<&str>) -> std::path::PathBuf {
    let mut text = String::from("id = \"pics\"\nname = \"Pics\"\n");
    for id in ids {
        text.push_str(&format!(
            "\n[[tiles]]\nid = {id}\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\n"
        ));
        if let Some(image) = image {
            text.push_str(&format!("image = \"{image}\"\n"));
        }
        text.push_str("features.m = { kind = \"monastery\" }\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n");
    }
    let path = dir.join("pics.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_image_shown_by_many_tiles_goes_in_once_at_the_size_jcz_shows() {
    let dir = tempfile::tempdir().unwrap();
    image::RgbaImage::from_pixel(2400, 2400, image::Rgba([40, 120, 60, 255]))
        .save(dir.path().join("big.png"))
        .unwrap();
    let ids: Vec<String> = (0..40).map(|i| format!("\"T{i}\"")).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let catalog = load(&write_set(dir.path(), &ids, Some("big.png")));
    let addon = built(&[only_set(&catalog)], "pics");
    let images: Vec<&String> = addon
        .files
        .keys()
        .filter(|k| k.starts_with("artwork/images/"))
        .collect();
    assert_eq!(images, ["artwork/images/T0.png"]);
    let picture = image::load_from_memory(&addon.files["artwork/images/T0.png"]).unwrap();
    assert_eq!((picture.width(), picture.height()), (1000, 1000));
    let records: serde_json::Value = serde_json::from_str(text(&addon, "artwork/tiles.json")).unwrap();
    let shown: Vec<&str> = records
        .as_object()
        .unwrap()
        .values()
        .map(|r| r["image"].as_str().unwrap())
        .collect();
    assert_eq!(shown.len(), 40);
    assert!(shown.iter().all(|s| *s == "images/T0.png"), "{shown:?}");
}

#[test]
fn tiles_whose_names_would_make_one_file_keep_their_own_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = load(&write_set(
        dir.path(),
        &["\"A+B\"", "\"A_B\"", "\"A B\"", "\"A:B\"", "\"a_b\""],
        None,
    ));
    let addon = built(&[only_set(&catalog)], "pics");
    let records: serde_json::Value = serde_json::from_str(text(&addon, "artwork/tiles.json")).unwrap();
    let mut shown: Vec<String> = records
        .as_object()
        .unwrap()
        .values()
        .map(|r| r["image"].as_str().unwrap().to_lowercase())
        .collect();
    shown.sort();
    shown.dedup();
    assert_eq!(shown.len(), 5, "{shown:?}");
    for file in &shown {
        assert!(
            addon
                .files
                .keys()
                .any(|k| k.to_lowercase() == format!("artwork/{file}")),
            "{file}"
        );
    }
}

#[test]
fn an_id_xml_cannot_carry_is_refused_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = load(&write_set(dir.path(), &["\"ok\"", "\"A\\tB\"", "\"C\\nD\""], None));
    let Err(ExportError::Refused(found)) = addon::build(&[only_set(&catalog)], "pics", 1) else {
        panic!("exported");
    };
    let errors: Vec<String> = found.iter().filter(|d| d.is_error()).map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors[0].contains("pics.toml:12:6:"), "{}", errors[0]);
    assert!(
        errors[0].contains("the tile id `A\\tB` holds a tab, line break or other control character"),
        "{}",
        errors[0]
    );
}

/// A set that validates, but whose import (each tile with its image and the outlines of its
/// artwork) would hold more values than a data file may, is refused with that said, as the
/// import would refuse it; a little fewer points export and import back.
#[test]
fn a_set_whose_import_would_hold_too_many_values_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let set = |points: usize| {
        // One monastery outline of `points` points: three values each.
        let outline: Vec<String> = (0..points)
            .map(|i| {
                let a = i as f64 / points as f64 * std::f64::consts::TAU;
                format!("[{:.4}, {:.4}]", 0.5 + 0.4 * a.cos(), 0.5 + 0.4 * a.sin())
            })
            .collect();
        let mut text = format!(
            "id = \"dense\"\nname = \"Dense\"\n\n[[tiles]]\nid = \"D\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.m = {{ kind = \"monastery\", polygons = [[{}]] }}\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n",
            outline.join(", ")
        );
        // Tiles without outlines, which the import gives the artwork's.
        for i in 0..3 {
            text.push_str(&format!("\n[[tiles]]\nid = \"P{i}\"\ncount = 1\nedges = [\"city\", \"road\", \"field\", \"road\"]\nfeatures.c = {{ kind = \"city\", on = [\"N\"] }}\nfeatures.r = {{ kind = \"road\", on = [\"E\", \"W\"] }}\nfeatures.f1 = {{ kind = \"field\", on = [\"Wn\", \"En\"], cities = [\"c\"] }}\nfeatures.f2 = {{ kind = \"field\", on = [\"Es\", \"S\", \"Ws\"] }}\n"));
        }
        let path = dir.path().join(format!("dense-{points}.toml"));
        std::fs::write(&path, text).unwrap();
        load(&path)
    };
    let catalog = set(133_290);
    match addon::build(&[only_set(&catalog)], "dense", 1) {
        Err(ExportError::Refused(found)) => {
            assert_eq!(found.len(), 1, "{found:#?}");
            assert!(
                found[0]
                    .message
                    .contains("`import jcz` would make tile set `jcz-dense` of more than 400000 values"),
                "{}",
                found[0].message
            );
            assert!(found[0].help.contains("fewer points"), "{}", found[0].help);
        }
        other => panic!("exported: {:?}", other.map(|a| a.tiles)),
    }
    let catalog = set(132_000);
    let addon = addon::build(&[only_set(&catalog)], "dense", 1).unwrap();
    let jca = dir.path().join("dense.jca");
    addon::save(&addon, &jca).unwrap();
    let outcome = tilewright_jcz::input::import_path(&jca, "jcz-").unwrap();
    let out = dir.path().join("back");
    let written = tilewright_jcz::input::write(&outcome, &out).unwrap();
    let report = tilewright_engine::validate::validate_paths(&written[..1], tilewright_engine::bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
}
