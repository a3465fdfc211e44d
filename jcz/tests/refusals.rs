//! What JCZ cannot express is refused with a message per tile at its file, line and column;
//! what JCZ plays its own way exports with a warning saying so; and any tile set that
//! validates either exports and round-trips or is refused with a message.

use std::path::Path;

use proptest::prelude::*;
use tilewright_engine::model::RoadEnd;
use tilewright_engine::validate::validate_sources;
use tilewright_engine::{Catalog, Diagnostic, Source, bundled};
use tilewright_jcz::export::{self, ExportError};
use tilewright_jcz::{import, xml};

const HEAD: &str = "id = \"mine\"\nname = \"Mine\"\n";

/// The catalog of one tile-set file's text, which must validate without an error.
fn valid(text: &str) -> Catalog {
    let report = validate_sources(vec![Source::new("mine.toml", text)], bundled::catalog());
    assert!(
        !report.diagnostics.iter().any(Diagnostic::is_error),
        "{:#?}",
        report.diagnostics
    );
    report.catalog
}

fn refused(text: &str) -> Vec<Diagnostic> {
    let catalog = valid(text);
    match export::export(&[&catalog.tilesets[0]], "mine") {
        Err(ExportError::Refused(found)) => found,
        other => panic!("exported: {other:?}"),
    }
}

#[test]
fn a_custom_split_is_refused_at_the_edge() {
    let text = format!(
        "{HEAD}\n[[tiles]]\nid = \"T\"\ncount = 1\nedges = [\"field 30 road 70 field\", \"field\", \"field\", \"field\"]\nfeatures.r = {{ kind = \"road\", on = [\"N\"], end = \"house\" }}\nfeatures.f = {{ kind = \"field\", on = [\"N1\", \"N3\", \"E\", \"S\", \"W\"] }}\n"
    );
    let found = refused(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    let d = &found[0];
    assert_eq!((d.file.as_path(), d.line, d.column), (Path::new("mine.toml"), 7, 10));
    assert!(
        d.message
            .contains("tile `T`: JCZ has no edge split like `field 30 road 70 field`"),
        "{}",
        d.message
    );
}

#[test]
fn a_mark_jcz_lacks_is_refused_at_the_feature() {
    let text = format!(
        "{HEAD}\n[marks.well]\nkind = \"road\"\ncomplete = {{ per-tile = 1 }}\nincomplete = {{ per-tile = 0 }}\n\n[[tiles]]\nid = \"W\"\ncount = 1\nedges = [\"field\", \"road\", \"field\", \"road\"]\nfeatures.r = {{ kind = \"road\", on = [\"E\", \"W\"], marks = [\"well\"] }}\nfeatures.f1 = {{ kind = \"field\", on = [\"Wn\", \"N\", \"En\"] }}\nfeatures.f2 = {{ kind = \"field\", on = [\"Es\", \"S\", \"Ws\"] }}\n"
    );
    let found = refused(&text);
    let errors: Vec<&Diagnostic> = found.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{found:#?}");
    assert_eq!(errors[0].line, 13);
    assert!(
        errors[0].message.contains("JCZ has no mark `well` on a road"),
        "{}",
        errors[0].message
    );
    assert!(
        found.iter().any(|d| !d.is_error() && d.message.contains("`well`")),
        "the declaration is warned of"
    );
}

#[test]
fn a_side_split_in_the_middle_is_refused() {
    let text = format!(
        "{HEAD}\n[[tiles]]\nid = \"H\"\ncount = 1\nedges = [\"city 50 city\", \"city\", \"field\", \"city\"]\nfeatures.c1 = {{ kind = \"city\", on = [\"N1\", \"W\"] }}\nfeatures.c2 = {{ kind = \"city\", on = [\"N2\", \"E\"] }}\nfeatures.f = {{ kind = \"field\", on = [\"S\"], cities = [\"c1\", \"c2\"] }}\n"
    );
    let found = refused(&text);
    assert!(found[0].message.contains("`city 50 city`"), "{}", found[0].message);
}

#[test]
fn the_river_is_refused_tile_by_tile() {
    let river = bundled::catalog().tileset("river").unwrap();
    let Err(ExportError::Refused(found)) = export::export(&[river], "river") else {
        panic!("the river exported");
    };
    let with_river = river
        .model
        .tiles
        .iter()
        .filter(|t| t.edges.iter().any(|e| e.0.contains("river")))
        .count();
    let tiles: std::collections::BTreeSet<&str> = found
        .iter()
        .filter(|d| d.is_error())
        .filter_map(|d| d.message.split('`').nth(1))
        .collect();
    assert!(tiles.len() >= with_river, "a message per tile: {tiles:?}");
    assert!(found.iter().all(|d| d.line > 0 && d.file.ends_with("river.toml")));
}

#[test]
fn a_figure_jcz_plays_its_own_way_exports_with_a_warning() {
    let text = format!(
        "{HEAD}\n[figures.follower]\nrole = \"follower\"\ncount = 5\nstands-on = [\"city\", \"road\", \"field\", \"monastery\"]\n\n[[tiles]]\nid = \"B\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.m = {{ kind = \"monastery\" }}\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n"
    );
    let catalog = valid(&text);
    let exported = export::export(&[&catalog.tilesets[0]], "mine").unwrap();
    let warning = exported
        .warnings
        .iter()
        .find(|d| d.message.contains("JCZ plays its own figure `follower`"))
        .expect("a warning");
    assert_eq!(warning.line, 4);
}

#[test]
fn reserved_and_misshapen_ids_are_refused() {
    let base = bundled::catalog().tileset("base").unwrap();
    for id in ["jcz", "classic", "My Tiles", ""] {
        assert!(matches!(export::export(&[base], id), Err(ExportError::Id(_))), "{id}");
    }
}

/// A tile's edges and features from choices: each side a city, road or field (or a split the
/// export refuses), cities joined or apart, roads through or ending.
fn tile_text(i: usize, sides: [u8; 4], join_cities: bool, crossing: bool) -> String {
    let word = |s: u8| ["city", "road", "field", "field 30 road 70 field"][usize::from(s)];
    let edges: Vec<String> = sides.iter().map(|s| format!("\"{}\"", word(*s))).collect();
    let letters = ["N", "E", "S", "W"];
    let cities: Vec<&str> = (0..4).filter(|&k| sides[k] == 0).map(|k| letters[k]).collect();
    let roads: Vec<usize> = (0..4).filter(|&k| sides[k] == 1 || sides[k] == 3).collect();
    let mut out = format!(
        "\n[[tiles]]\nid = \"T{i}\"\ncount = 1\nedges = [{}]\n",
        edges.join(", ")
    );
    let mut city_ids = Vec::new();
    if join_cities && !cities.is_empty() {
        let on: Vec<String> = cities.iter().map(|c| format!("\"{c}\"")).collect();
        out += &format!("features.c = {{ kind = \"city\", on = [{}] }}\n", on.join(", "));
        city_ids.push("c".to_owned());
    } else {
        for c in &cities {
            out += &format!("features.c{c} = {{ kind = \"city\", on = [\"{c}\"] }}\n");
            city_ids.push(format!("c{c}"));
        }
    }
    if roads.len() == 2 && !crossing {
        out += &format!(
            "features.r = {{ kind = \"road\", on = [\"{}\", \"{}\"] }}\n",
            letters[roads[0]], letters[roads[1]]
        );
    } else {
        for &k in &roads {
            out += &format!(
                "features.r{} = {{ kind = \"road\", on = [\"{}\"], end = \"crossing\" }}\n",
                letters[k], letters[k]
            );
        }
    }
    // One field over every field half, touching every city: a field on both sides of a road
    // is a warning, not an error, so the set still validates.
    let halves: Vec<String> = (0..4)
        .filter(|&k| sides[k] != 0)
        .map(|k| {
            if sides[k] == 3 {
                format!("\"{0}1\", \"{0}3\"", letters[k])
            } else {
                format!("\"{}\"", letters[k])
            }
        })
        .collect();
    let cities: Vec<String> = city_ids.iter().map(|c| format!("\"{c}\"")).collect();
    if !halves.is_empty() {
        out += &format!(
            "features.f = {{ kind = \"field\", on = [{}], cities = [{}] }}\n",
            halves.join(", "),
            cities.join(", ")
        );
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_valid_set_exports_and_round_trips_or_is_refused(
        tiles in prop::collection::vec((prop::array::uniform4(0u8..3), any::<bool>(), any::<bool>()), 1..5),
        split in any::<bool>(),
    ) {
        let mut text = HEAD.to_owned();
        for (i, (sides, join, crossing)) in tiles.iter().enumerate() {
            let mut sides = *sides;
            if split && i == 0 {
                sides[0] = 3;
            }
            text += &tile_text(i, sides, *join, *crossing);
        }
        let report = validate_sources(vec![Source::new("mine.toml", text.clone())], bundled::catalog());
        prop_assume!(!report.diagnostics.iter().any(Diagnostic::is_error));
        let loaded = &report.catalog.tilesets[0];
        match export::export(&[loaded], "mine") {
            Ok(exported) => {
                let (defs, _) = xml::read(&xml::write(&exported.defs), "mine").unwrap();
                let back = import::import(&defs, "mine.xml", "jcz-");
                prop_assert!(back.notes.is_empty(), "{:?}", back.notes);
                let set = &back.sets[0];
                prop_assert_eq!(set.tiles.len(), loaded.model.tiles.len());
                for (a, b) in loaded.model.tiles.iter().zip(&set.tiles) {
                    prop_assert_eq!(&a.edges, &b.edges);
                    prop_assert_eq!(&a.count, &b.count);
                    // A crossing with one road is a house to JCZ, and plays as one.
                    let kinds = |t: &tilewright_engine::model::Tile| {
                        let crossings = t.features.values().filter(|f| f.end == Some(RoadEnd::Crossing)).count();
                        let end = |e: Option<RoadEnd>| if crossings == 1 && e == Some(RoadEnd::Crossing) { Some(RoadEnd::House) } else { e };
                        let mut k: Vec<_> = t.features.values().map(|f| (f.kind, end(f.end), f.cities.len(), f.on.len())).collect();
                        k.sort();
                        k
                    };
                    prop_assert_eq!(kinds(a), kinds(b), "{}\n{}", text, a.id);
                }
            }
            Err(ExportError::Refused(found)) => {
                prop_assert!(found.iter().any(|d| d.is_error() && d.line > 0 && !d.message.is_empty()));
            }
            Err(ExportError::Id(message)) => prop_assert!(false, "{}", message),
        }
    }
}
