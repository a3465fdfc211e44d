//! An add-on read back: its tile sets, each tile's image, and every feature's outline and
//! anchor from the artwork's plain clip paths and points.

mod support;

use std::sync::Arc;

use support::{every_form_path, load, only_set};
use tilewright_engine::FromCatalog;
use tilewright_engine::game::GameDef;
use tilewright_engine::validate::validate_paths;
use tilewright_engine::{bundled, simulate};
use tilewright_jcz::{addon, input};
use tilewright_picture::feature_shapes;

#[test]
fn an_addon_imports_with_images_and_outlines_and_plays_the_same() {
    let catalog = load(&every_form_path());
    let original = only_set(&catalog);
    let built = addon::build(&[original], "every-form", 1).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let jca = dir.path().join("every-form.jca");
    addon::save(&built, &jca).unwrap();
    let outcome = input::import_path(&jca, "jcz-").unwrap();
    assert!(outcome.imported.notes.is_empty(), "{:?}", outcome.imported.notes);
    let out = dir.path().join("imported");
    let written = input::write(&outcome, &out).unwrap();
    assert_eq!(
        written.len(),
        1 + original.model.tiles.len(),
        "the set and an image per tile"
    );
    let report = validate_paths(std::slice::from_ref(&out), bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let imported = &report.catalog.tilesets[0].model;
    for (before, after) in original.model.tiles.iter().zip(&imported.tiles) {
        // The tile's own id and name come back, not JCZ's `every-form/<code>`.
        assert_eq!((&after.id, &after.name), (&before.id, &before.name));
        assert!(
            after.image.as_deref().is_some_and(|i| out.join(i).is_file()),
            "{}",
            after.id
        );
        let shapes = feature_shapes(before);
        for (id, feature) in &after.features {
            let shape = &shapes[id];
            let close = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 1e-3 && (a[1] - b[1]).abs() < 1e-3;
            assert_eq!(feature.polygons.len(), shape.polygons.len(), "{} {id}", after.id);
            for (p, q) in feature.polygons.iter().zip(&shape.polygons) {
                assert!(p.iter().zip(q).all(|(a, b)| close(*a, *b)), "{} {id}", after.id);
            }
            assert!(close(feature.anchor.unwrap(), shape.point), "{} {id}", after.id);
        }
    }
    let both = report.catalog.with_base(&catalog.with_base(bundled::catalog()));
    let scores = |set: &str| {
        let sets = vec!["base".to_owned(), set.to_owned()];
        let def = GameDef::from_catalog(&both, &sets, "new-edition").unwrap();
        simulate::run(
            Arc::new(def),
            &simulate::Plan {
                players: 3,
                games: 30,
                seed: 11,
                threads: 1,
                policy: Default::default(),
            },
        )
        .unwrap()
        .mean_scores
    };
    assert_eq!(scores("every-form"), scores("jcz-every-form"));
}
