//! `tilewright balance --html`: the page is written whole, holds everything it shows (nothing
//! fetched), and escapes every name a file gave it.

mod common;

use common::{HANDLER, HOSTILE, balance_html as page, hostile_tileset, tilewright};

/// What every page must be: whole, self-contained, one script of its own.
fn assert_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>") && page.trim_end().ends_with("</html>"));
    assert!(page.contains("<meta charset=\"utf-8\">") && page.contains("<title>"));
    for outside in ["http://", "https://", "@import", "url("] {
        assert!(!page.contains(outside), "`{outside}` in the page");
    }
    // Inside tags (text may say `src=` once escaped): nothing loaded from elsewhere.
    for tag in page.split('<').skip(1).map(|t| &t[..t.find('>').unwrap_or(t.len())]) {
        for attribute in [" src=", " href=", " srcset="] {
            assert!(!tag.contains(attribute), "`{attribute}` in <{tag}>");
        }
        for element in ["link", "iframe", "img", "object", "embed"] {
            assert!(!tag.starts_with(element), "<{tag}>");
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
