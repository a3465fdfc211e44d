//! The add-ons as JCZ checks them when it installs and loads one: one root folder named by the
//! id, an integer `version`, `artworks` present with an `artwork.json` in each, every listed
//! expansion present, cities before the fields that name them, every tile of every set with
//! artwork for every feature; and the same input gives the same bytes.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

mod support;

use serde_json::Value;
use support::{every_form_path, load, only_set, text};
use tilewright_engine::bundled;
use tilewright_engine::catalog::LoadedTileSet;
use tilewright_jcz::defs::Kind;
use tilewright_jcz::{addon, archive, xml};

fn check_layout(set: &LoadedTileSet, id: &str) -> Vec<u8> {
    let built = addon::build(&[set], id, 3).expect("exports");
    let addon = archive::unpack(&built.bytes).expect("one root folder");
    assert_eq!(addon.id, id);
    let manifest: Value = serde_json::from_str(text(&addon, "jcz-addon.json")).unwrap();
    assert_eq!(manifest["version"].as_u64(), Some(3), "{id}: an integer version");
    let minimum = manifest["minimumJczVersion"].as_str().expect("a version string");
    assert!(minimum.split('.').all(|n| n.parse::<u32>().is_ok()) && minimum.split('.').count() == 3);
    let artworks = manifest["artworks"].as_array().expect("`artworks` present");
    assert!(!artworks.is_empty());
    let mut records = serde_json::Map::new();
    for folder in artworks {
        let folder = folder.as_str().unwrap();
        let art: Value = serde_json::from_str(text(&addon, &format!("{folder}/artwork.json"))).unwrap();
        assert!(
            addon
                .files
                .contains_key(&format!("{folder}/{}", art["icon"].as_str().unwrap()))
        );
        for include in art["tilesInclude"].as_array().unwrap() {
            let tiles: Value =
                serde_json::from_str(text(&addon, &format!("{folder}/{}", include.as_str().unwrap()))).unwrap();
            for (tile, record) in tiles.as_object().unwrap() {
                let image = record["image"].as_str().unwrap();
                assert!(
                    addon.files.contains_key(&format!("{folder}/{image}")),
                    "{tile}: {image}"
                );
                records.insert(tile.clone(), record.clone());
            }
        }
    }
    for file in manifest["expansions"].as_array().unwrap() {
        let (defs, dialect) = xml::read(text(&addon, file.as_str().unwrap()), id).unwrap();
        assert_eq!(dialect, xml::Dialect::V5);
        let expansion = defs.expansion.as_ref().expect("an <expansion>");
        assert!(
            expansion
                .id
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        );
        assert!(!["BASIC", "RIVER", "ABBEY_AND_MAYOR", "HILLS_AND_SHEEP"].contains(&expansion.id.as_str()));
        for base in &expansion.sets {
            let ids: Vec<&str> = defs.sets.iter().map(|s| s.id.as_str()).collect();
            let unsuffixed = ids.contains(&base.as_str());
            let both = ids.contains(&format!("{base}:1").as_str()) && ids.contains(&format!("{base}:2").as_str());
            assert!(
                unsuffixed || both,
                "{id}: set {base} is one set or both editions: {ids:?}"
            );
        }
        for tile in &defs.tiles {
            assert!(tile.id.starts_with(&format!("{id}/")), "{}", tile.id);
            let record = records
                .get(&tile.id)
                .unwrap_or_else(|| panic!("{}: no artwork", tile.id));
            for (i, feature) in tile.features.iter().enumerate() {
                for city in &feature.cities {
                    let before = tile.features[..i]
                        .iter()
                        .any(|f| f.kind == Kind::City && f.location.is_some_and(|l| l.contains(*city)));
                    assert!(before, "{}: field names city {city} before it is written", tile.id);
                }
                if let Some(key) = feature.artwork_key() {
                    let art = &record["features"][&key];
                    assert!(
                        art["clip"].as_str().is_some_and(|c| c.starts_with('M')),
                        "{}: {key}",
                        tile.id
                    );
                    assert_eq!(art["point"].as_array().map(Vec::len), Some(2), "{}: {key}", tile.id);
                }
            }
        }
        for set in &defs.sets {
            for (tile, count) in &set.refs {
                assert!(*count > 0 && defs.tiles.iter().any(|t| t.id == *tile), "{tile}");
            }
        }
    }
    built.bytes
}

#[test]
fn bundled_sets_export_as_jcz_installs_them() {
    for set in &bundled::catalog().tilesets {
        // JCZ add-ons cannot deal tiles first (the rivers): the export refuses those sets.
        if !set.model.deal.is_empty() {
            continue;
        }
        check_layout(set, &set.model.id);
    }
}

#[test]
fn the_hand_made_set_exports_as_jcz_installs_it() {
    let catalog = load(&every_form_path());
    let bytes = check_layout(only_set(&catalog), "my-tiles");
    assert_eq!(
        bytes,
        check_layout(only_set(&catalog), "my-tiles"),
        "the same input gives the same bytes"
    );
}

#[test]
fn an_archive_with_two_root_entries_is_refused() {
    let mut files = std::collections::BTreeMap::new();
    files.insert("a.txt".to_owned(), b"x".to_vec());
    let one = archive::pack("one", &files);
    assert!(archive::unpack(&one).is_ok());
    // A second root folder beside the first, as a stray `__MACOSX/` would be.
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file("one/a.txt", options).unwrap();
    zip.start_file("__MACOSX/a.txt", options).unwrap();
    let two = zip.finish().unwrap().into_inner();
    let error = archive::unpack(&two).unwrap_err();
    assert!(error.contains("exactly one folder"), "{error}");
}
