//! How `import jcz`'s reading grows with a file's size: JCZ tile XML of N tiles that belong to
//! no set, and of N sets of one tile each, read and imported, timed; then add-ons of 60 and
//! 140 tiles that all show one 30 MB image, imported and written, timed (run it under
//! `/usr/bin/time -v` for the peak memory). Run with
//! `cargo run --release -p tilewright-jcz --example import_scale`; the figures are in
//! docs/performance.md.

use std::time::Instant;

use std::collections::BTreeMap;

use tilewright_jcz::{archive, import, input, xml};

fn tile(id: &str) -> String {
    format!("<tile id=\"{id}\"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>\n")
}

fn time(what: &str, n: usize, text: &str) {
    let start = Instant::now();
    let (defs, _) = xml::read(text, "scale").expect("reads");
    let out = import::import(&defs, "scale.xml", "jcz-");
    println!(
        "{what:>28} {n:>6}: {:>8.1} ms ({} KiB, {} notes)",
        start.elapsed().as_secs_f64() * 1000.0,
        text.len() / 1024,
        out.notes.len()
    );
}

fn main() {
    for n in [2_500, 5_000, 10_000] {
        let tiles: String = (0..n).map(|i| tile(&format!("Z/{i}"))).collect();
        let text = format!(
            "<defs><tiles>\n{tiles}</tiles><sets><tile-set id=\"z\"><ref tile=\"Z/0\"/></tile-set></sets></defs>\n"
        );
        time("tiles in no set", n, &text);
        // All on one line: columns are counted once, not from the line's start each time.
        time("tiles in no set, one line", n, &text.replace('\n', " "));
    }
    for n in [250, 500, 1_000] {
        let tiles: String = (0..n).map(|i| tile(&format!("S/{i}"))).collect();
        let sets: String = (0..n)
            .map(|i| format!("<tile-set id=\"s{i}\"><ref tile=\"S/{i}\"/></tile-set>\n"))
            .collect();
        let text = format!("<defs><tiles>\n{tiles}</tiles><sets>\n{sets}</sets></defs>\n");
        time("sets of one tile", n, &text);
    }
    for n in [60, 140] {
        addon_sharing_one_image(n);
    }
}

/// Imports and writes an add-on of `n` tiles in one set, each shown by the same 30 MB image.
fn addon_sharing_one_image(n: usize) {
    let tiles: String = (0..n).map(|i| tile(&format!("big/{i}"))).collect();
    let refs: String = (0..n).map(|i| format!("<ref tile=\"big/{i}\" count=\"1\"/>")).collect();
    let records: serde_json::Map<String, serde_json::Value> = (0..n)
        .map(|i| {
            (
                format!("big/{i}"),
                serde_json::json!({ "image": "big.png", "features": {} }),
            )
        })
        .collect();
    // Noise, as an image that does not compress would be.
    let mut seed = 7u32;
    let image: Vec<u8> = (0..30 << 20)
        .map(|_| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            seed.to_le_bytes()[3]
        })
        .collect();
    let mut files = BTreeMap::new();
    files.insert(
        "jcz-addon.json".to_owned(),
        br#"{"title": "Big", "version": 1, "expansions": ["expansion.xml"], "artworks": ["artwork"]}"#.to_vec(),
    );
    files.insert(
        "expansion.xml".to_owned(),
        format!("<defs><tiles>{tiles}</tiles><sets><tile-set id=\"big\">{refs}</tile-set></sets></defs>").into_bytes(),
    );
    files.insert(
        "artwork/artwork.json".to_owned(),
        br#"{"tileSize": 1000, "tilesInclude": ["tiles.json"]}"#.to_vec(),
    );
    files.insert(
        "artwork/tiles.json".to_owned(),
        serde_json::to_vec(&records).expect("JSON"),
    );
    files.insert("artwork/big.png".to_owned(), image);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let jca = dir.path().join("big.jca");
    std::fs::write(&jca, archive::pack("big", &files)).expect("the add-on written");
    drop(files);
    let start = Instant::now();
    let outcome = input::import_path(&jca, "jcz-").expect("imports");
    let written = input::write(&outcome, &dir.path().join("out")).expect("writes");
    let bytes: u64 = written
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum();
    println!(
        "{:>28} {n:>6}: {:>8.1} ms ({} files, {} MiB written)",
        "tiles sharing a 30 MB image",
        start.elapsed().as_secs_f64() * 1000.0,
        written.len(),
        bytes >> 20
    );
}
