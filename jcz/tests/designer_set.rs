//! A designer's set with its own images, outlines and anchors exports them: the tile's image
//! as its picture, each feature's outline as its clip and its anchor as its meeple point.

use std::path::Path;

use image::{Rgba, RgbaImage};
use serde_json::Value;
use tilewright_engine::bundled;
use tilewright_engine::validate::validate_paths;
use tilewright_jcz::{addon, archive};

const SET: &str = r#"id = "drawn"
name = "Drawn"

[[tiles]]
id = "CR"
count = 4
image = "images/cr.png"
edges = ["city", "field", "road", "field"]

[tiles.features.c]
kind = "city"
on = ["N"]
polygons = [[[0.0, 0.0], [1.0, 0.0], [0.76, 0.28], [0.24, 0.28]]]
anchor = [0.5, 0.13]

[tiles.features.r]
kind = "road"
on = ["S"]
end = "city-gate"
at = "c"
polygons = [[[0.45, 0.28], [0.55, 0.28], [0.55, 1.0], [0.45, 1.0]]]
anchor = [0.5, 0.7]

[tiles.features.f1]
kind = "field"
on = ["Sw", "W"]
cities = ["c"]
polygons = [[[0.0, 0.0], [0.24, 0.28], [0.45, 0.28], [0.45, 1.0], [0.0, 1.0]]]
anchor = [0.2, 0.64]

[tiles.features.f2]
kind = "field"
on = ["E", "Se"]
cities = ["c"]
polygons = [[[1.0, 0.0], [0.76, 0.28], [0.55, 0.28], [0.55, 1.0], [1.0, 1.0]]]
anchor = [0.8, 0.64]
"#;

#[test]
fn outlines_anchors_and_the_image_become_the_artwork() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("images")).unwrap();
    let picture = RgbaImage::from_fn(64, 64, |x, y| Rgba([x as u8 * 4, y as u8 * 4, 90, 255]));
    picture.save(dir.path().join("images/cr.png")).unwrap();
    let file = dir.path().join("drawn.toml");
    std::fs::write(&file, SET).unwrap();
    let report = validate_paths(std::slice::from_ref(&file), bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let built = addon::build(&[&report.catalog.tilesets[0]], "drawn", 1).unwrap();
    assert!(built.warnings.is_empty(), "{:#?}", built.warnings);
    let addon = archive::unpack(&built.bytes).unwrap();
    let tiles: Value = serde_json::from_slice(&addon.files["artwork/tiles.json"]).unwrap();
    let record = &tiles["drawn/CR"];
    let features = record["features"].as_object().unwrap();
    let keys: Vec<&str> = features.keys().map(String::as_str).collect();
    assert_eq!(keys, ["City/N", "Field/EL.ER.SL", "Field/SR.WL.WR", "Road/S"]);
    assert_eq!(features["City/N"]["clip"], "M0 0 L1000 0 L760 280 L240 280 Z");
    assert_eq!(features["City/N"]["point"], serde_json::json!([500, 130]));
    assert_eq!(features["Road/S"]["clip"], "M450 280 L550 280 L550 1000 L450 1000 Z");
    assert_eq!(features["Field/SR.WL.WR"]["point"], serde_json::json!([200, 640]));
    let image = record["image"].as_str().unwrap();
    let exported = image::load_from_memory(&addon.files[&format!("artwork/{image}")])
        .unwrap()
        .to_rgba8();
    assert_eq!(exported, picture, "the tile's own image, pixel for pixel");
    assert!(Path::new(image).extension().is_some_and(|e| e == "png"));
}
