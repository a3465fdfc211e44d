//! Add-ons made to hurt: an image named by many tiles, names that collide, images the add-on
//! lacks, a tile size that is no size; each is written once, kept apart, noted or refused.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use serde_json::json;
use tilewright_jcz::{archive, input};

/// A tile of one road, `W E`, with the fields beside it.
fn tile(id: &str) -> String {
    format!("<tile id=\"{id}\"><road>W E</road><field>NL NR EL WR</field><field>ER SL SR WL</field></tile>\n")
}

/// The bytes of an add-on `evil` of `ids` (one set, one copy each), whose artwork shows each
/// tile with `images[tile]` (paths in the artwork folder), holding the files `held`.
fn addon(ids: &[&str], images: &BTreeMap<&str, &str>, held: &[(&str, &[u8])], tile_size: serde_json::Value) -> Vec<u8> {
    let tiles: String = ids.iter().map(|id| tile(id)).collect();
    let refs: String = ids
        .iter()
        .map(|id| format!("<ref tile=\"{id}\" count=\"1\"/>\n"))
        .collect();
    let xml = format!("<defs><tiles>\n{tiles}</tiles><sets><tile-set id=\"evil\">\n{refs}</tile-set></sets></defs>\n");
    let records: serde_json::Map<String, serde_json::Value> = images
        .iter()
        .map(|(id, image)| ((*id).to_owned(), json!({ "image": image })))
        .collect();
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    files.insert(
        "jcz-addon.json".into(),
        json!({ "expansions": ["x.xml"], "artworks": ["art"] })
            .to_string()
            .into_bytes(),
    );
    files.insert("x.xml".into(), xml.into_bytes());
    files.insert(
        "art/artwork.json".into(),
        json!({ "tileSize": tile_size, "tilesInclude": ["tiles.json"] })
            .to_string()
            .into_bytes(),
    );
    files.insert(
        "art/tiles.json".into(),
        serde_json::Value::Object(records).to_string().into_bytes(),
    );
    for (path, bytes) in held {
        files.insert((*path).to_owned(), bytes.to_vec());
    }
    archive::pack("evil", &files)
}

fn import(bytes: &[u8]) -> Result<input::Outcome, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("evil.jca");
    std::fs::write(&path, bytes).unwrap();
    input::import_path(&path, "jcz-")
}

#[test]
fn an_image_shown_by_many_tiles_is_written_once() {
    let ids: Vec<String> = (0..60).map(|i| format!("evil/T{i}")).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let images: BTreeMap<&str, &str> = ids.iter().map(|id| (*id, "big.png")).collect();
    let big = vec![7u8; 100_000];
    let outcome = import(&addon(&ids, &images, &[("art/big.png", &big)], json!(1000))).unwrap();
    assert_eq!(outcome.images.len(), 1, "{:?}", outcome.images.keys());
    let tiles = &outcome.imported.sets[0].tiles;
    assert_eq!(tiles.len(), 60);
    let first = tiles[0].image.clone().unwrap();
    assert!(tiles.iter().all(|t| t.image.as_ref() == Some(&first)));
    assert_eq!(outcome.images[&first].len(), big.len());
}

#[test]
fn tiles_whose_names_collide_keep_their_own_images() {
    let ids = ["evil/A", "evil_A", "Evil_a"];
    let images: BTreeMap<&str, &str> = [("evil/A", "a.png"), ("evil_A", "b.png"), ("Evil_a", "c.png")].into();
    let held: [(&str, &[u8]); 3] = [("art/a.png", b"a"), ("art/b.png", b"b"), ("art/c.png", b"c")];
    let outcome = import(&addon(&ids, &images, &held, json!(1000))).unwrap();
    let tiles = &outcome.imported.sets[0].tiles;
    let mut shown: Vec<Vec<u8>> = tiles
        .iter()
        .map(|t| outcome.images[t.image.as_ref().unwrap()].clone())
        .collect();
    shown.sort();
    assert_eq!(shown, [b"a".to_vec(), b"b".to_vec(), b"c".to_vec()]);
    let mut names: Vec<String> = outcome.images.keys().map(|k| k.to_lowercase()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 3, "distinct even where case is not told apart");
}

#[test]
fn an_image_the_addon_lacks_is_noted() {
    let ids = ["evil/A", "evil/B", "evil/C"];
    let images: BTreeMap<&str, &str> = [("evil/A", "gone.png"), ("evil/B", "gone.png"), ("evil/C", "c.png")].into();
    let held: [(&str, &[u8]); 1] = [("art/c.png", b"c")];
    let outcome = import(&addon(&ids, &images, &held, json!(1000))).unwrap();
    let notes = outcome.imported.notes.join("\n");
    assert!(
        notes.contains(
            "the artwork shows tile `evil/A` (and 1 more) with `art/gone.png`, which the add-on does not hold"
        ),
        "{notes}"
    );
    assert_eq!(outcome.images.len(), 1);
}

#[test]
fn a_tile_size_that_is_no_size_is_refused() {
    let ids = ["evil/A"];
    let images = BTreeMap::new();
    for size in [json!(0), json!(-3), json!("big")] {
        let e = import(&addon(&ids, &images, &[], size.clone())).unwrap_err();
        assert!(
            e.contains("evil.jca: `art/artwork.json`: `\"tileSize\": "),
            "{size}: {e}"
        );
        assert!(e.contains("is not a positive number"), "{size}: {e}");
    }
    import(&addon(&ids, &images, &[], json!(900))).unwrap();
}

/// `bytes` with every `from` written `to` (of the same length).
fn replaced(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut out = bytes.to_vec();
    let mut at = 0;
    while let Some(i) = out[at..].windows(from.len()).position(|w| w == from) {
        out[at + i..at + i + from.len()].copy_from_slice(to);
        at += i + from.len();
    }
    out
}

#[test]
fn an_entry_held_twice_is_refused() {
    let ids = ["evil/A"];
    let images: BTreeMap<&str, &str> = [("evil/A", "a.png")].into();
    let held: [(&str, &[u8]); 2] = [("art/a.png", b"the picture"), ("art/b.png", b"another one")];
    let bytes = replaced(&addon(&ids, &images, &held, json!(1000)), b"art/b.png", b"art/a.png");
    let e = import(&bytes).unwrap_err();
    assert!(
        e.contains("evil.jca: the archive lists 8 entries under 7 names: a name is held twice"),
        "{e}"
    );
}

#[test]
fn an_entry_whose_size_is_false_is_refused() {
    let ids = ["evil/A"];
    let images: BTreeMap<&str, &str> = [("evil/A", "a.png")].into();
    let picture = vec![9u8; 5000];
    let held: [(&str, &[u8]); 1] = [("art/a.png", &picture)];
    // The stated size, in the local header and the central directory, made 10.
    let mut bytes = addon(&ids, &images, &held, json!(1000));
    let name = b"evil/art/a.png";
    let mut at = 0;
    while let Some(i) = bytes[at..].windows(name.len()).position(|w| w == name) {
        let start = at + i;
        let header = if bytes[start - 46..start - 42] == *b"PK\x01\x02" {
            start - 46 + 24
        } else {
            assert_eq!(bytes[start - 30..start - 26], *b"PK\x03\x04");
            start - 30 + 22
        };
        bytes[header..header + 4].copy_from_slice(&10u32.to_le_bytes());
        at = start + name.len();
    }
    let e = import(&bytes).unwrap_err();
    assert!(
        e.contains("the entry `evil/art/a.png` says it holds 10 bytes and holds 5000; the archive is damaged"),
        "{e}"
    );
}
