//! `tilewright balance --html`: the page is written whole, holds everything it shows (nothing
//! fetched), and escapes every name a file gave it.

#![allow(clippy::unwrap_used)]

mod common;

use common::{HANDLER, HOSTILE, balance_html as page, hostile_tileset, tilewright};

/// What every page must be: whole, self-contained, one script of its own.
fn assert_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>") && page.trim_end().ends_with("</html>"));
    assert!(page.contains("<meta charset=\"utf-8\">") && page.contains("<title>"));
    for outside in ["http://", "https://", "@import", "url("] {
        assert!(!page.contains(outside), "`{outside}` in the page");
    }
    // Inside tags (text may say `src=` once escaped): nothing loaded from elsewhere; the only
    // image is a tile's own, embedded.
    for tag in page.split('<').skip(1).map(|t| &t[..t.find('>').unwrap_or(t.len())]) {
        let embedded = tag.starts_with("img class=\"thumbnail\" src=\"data:image/png;base64,");
        for attribute in [" src=", " href=", " srcset="] {
            assert!(embedded || !tag.contains(attribute), "`{attribute}` in <{tag}>");
        }
        for element in ["link", "iframe", "img", "object", "embed"] {
            assert!(embedded || !tag.starts_with(element), "<{tag}>");
        }
    }
    assert_eq!(page.matches("<script").count(), 1, "only the page's own script");
    assert!(page.matches("<svg").count() >= 5);
}

#[test]
fn a_run_page_is_self_contained_and_escapes_names() {
    let dir = tempfile::tempdir().unwrap();
    hostile_tileset(dir.path());
    let page = page(dir.path(), &["--tilesets", "./hostile.toml", "--games", "20"]);
    assert_self_contained(&page);
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;'"));
    assert!(page.contains("&lt;img src=x onerror=&quot;document.title='pwned'&quot;&gt;"));
    assert!(!page.contains(HOSTILE) && !page.contains(HANDLER) && !page.contains("<img"));
    for section in ["scores", "seats", "features", "tiles", "figures"] {
        assert!(page.contains(&format!("<h2 id=\"{section}\">")), "{section}");
    }
    assert!(page.contains("<code>hostile@"), "the tile set played is named");
    assert!(page.contains("<dt>games</dt><dd>20</dd>"));
    // A picture of every tile in the tile table, and again among the tiles under study.
    let tiles = &page[page.find("<h2 id=\"tiles\">").unwrap()..page.find("<h2 id=\"figures\">").unwrap()];
    let rows = tiles.matches("<tr").count() - 1;
    assert_eq!(rows, 32, "the hostile set's tile types");
    assert_eq!(tiles.matches("<span class=\"pictures\"><svg").count(), rows);
    let yours = &page[page.find("<h2 id=\"your-tiles\">").unwrap()..page.find("<h2 id=\"scores\">").unwrap()];
    assert_eq!(yours.matches("<span class=\"pictures\"><svg").count(), rows);
    // A tile's name reaches its picture escaped too.
    assert!(!page.contains(HOSTILE) && page.contains("<title>A (&lt;script&gt;"));
}

#[test]
fn a_tile_image_is_embedded_small() {
    let dir = tempfile::tempdir().unwrap();
    hostile_tileset(dir.path());
    let text = std::fs::read_to_string(dir.path().join("hostile.toml")).unwrap();
    // Noise, which no compression shrinks: a large file.
    let png = dir.path().join("a.png");
    let noise = |x: u32, y: u32, k: u32| (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503) ^ k).to_le_bytes()[1];
    image::RgbImage::from_fn(1200, 1200, |x, y| {
        image::Rgb([noise(x, y, 1), noise(y, x, 7), noise(x, x ^ y, 3)])
    })
    .save(&png)
    .unwrap();
    let text = text.replacen("[[tiles]]\nid = \"A\"", "[[tiles]]\nid = \"A\"\nimage = \"a.png\"", 1);
    std::fs::write(dir.path().join("hostile.toml"), text).unwrap();
    let page = page(dir.path(), &["--tilesets", "./hostile.toml", "--games", "4"]);
    assert_self_contained(&page);
    let thumbnails = page
        .matches("<img class=\"thumbnail\" src=\"data:image/png;base64,")
        .count();
    assert_eq!(thumbnails, 2, "in the tile table and among the tiles under study");
    assert!(
        page.len() < std::fs::metadata(&png).unwrap().len() as usize,
        "the page holds a small copy"
    );
}

#[test]
fn a_comparison_page_has_its_differences() {
    let dir = tempfile::tempdir().unwrap();
    let page = page(dir.path(), &["--games", "20", "--compare-rules", "farms-2000"]);
    assert_self_contained(&page);
    assert!(page.contains("<h2 id=\"differences\">"));
    assert!(page.contains("<title>Win rates, B − A</title>"));
    assert!(page.contains("farms-2000"));
}

/// A v2 of one's own tiles: the page answers "did v2 fix it?" in one table, each of the tiles'
/// figures in A, in B and B − A.
#[test]
fn a_comparison_of_versions_shows_your_tiles_in_both() {
    let dir = tempfile::tempdir().unwrap();
    hostile_tileset(dir.path());
    let v2 = std::fs::read_to_string(dir.path().join("hostile.toml"))
        .unwrap()
        .replacen("count = 2", "count = 1", 1);
    std::fs::create_dir(dir.path().join("v2")).unwrap();
    std::fs::write(dir.path().join("v2/hostile.toml"), v2).unwrap();
    let page = page(
        dir.path(),
        &[
            "--games",
            "20",
            "--tilesets",
            "./hostile.toml",
            "--compare-tilesets",
            "v2/hostile.toml",
        ],
    );
    assert_self_contained(&page);
    let section = page
        .split("<h2 id=\"your-tiles-a-b\">Your tiles, A and B</h2>")
        .nth(1)
        .unwrap();
    let table = section.split("</table>").next().unwrap();
    assert!(table.contains("points per placement of tile hostile/A"), "{table}");
    assert!(table.contains("<code>tile.hostile/A.discard_rate</code>"), "{table}");
    // Three figures per tile of the set, one row each, and no tile of another set.
    let rows = table.matches("<tr").count() - 1;
    assert!(
        rows >= 3 * 30 && rows.is_multiple_of(3),
        "a heading row, then {rows} rows"
    );
    assert!(!table.contains("tile.base/"), "{table}");
}

#[test]
fn an_unwritable_path_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = tilewright(
        dir.path(),
        &["balance", "--games", "2", "--html", "no/such/folder/page.html"],
    );
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains(
            "error: --html no/such/folder/page.html: the folder no/such/folder does not exist; create it first"
        ),
        "{err}"
    );
    assert!(output.stdout.is_empty(), "refused before playing");
    assert!(!dir.path().join("no").exists(), "no folder made");
}
