//! Golden files: the add-on of a small hand-made set with every feature kind and location form.

mod support;

use support::{built, every_form_path, load, only_set, text};

#[test]
fn every_form_exports_as_the_golden_files() {
    let catalog = load(&every_form_path());
    let addon = built(&[only_set(&catalog)], "every-form");
    assert_eq!(addon.id, "every-form");
    let listing: Vec<&str> = addon.files.keys().map(String::as_str).collect();
    insta::assert_snapshot!("listing", listing.join("\n"));
    insta::assert_snapshot!("expansion_xml", text(&addon, "expansion.xml"));
    insta::assert_snapshot!("jcz_addon_json", text(&addon, "jcz-addon.json"));
    insta::assert_snapshot!("artwork_json", text(&addon, "artwork/artwork.json"));
    insta::assert_snapshot!("tiles_json", text(&addon, "artwork/tiles.json"));
}
