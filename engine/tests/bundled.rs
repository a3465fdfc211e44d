//! The bundled data: every file validates, carries its `#:schema` line, and the base game has
//! exactly the published composition.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::Path;

use tilewright_engine::edge::{Layout, SegmentKind, Side};
use tilewright_engine::model::{AbbeyEndgame, FarmScoring, HillTiebreak, WagonMove};
use tilewright_engine::model::{FeatureKind, TileSet, resolve};
use tilewright_engine::validate::validate_paths;
use tilewright_engine::{FileKind, bundled};

/// The workspace, where the bundled files live.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

#[test]
fn bundled_files_validate_cleanly_and_are_embedded_unchanged() {
    let report = validate_paths(&[root().join("tilesets"), root().join("rulesets")], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    assert_eq!(report.files, bundled::FILES.len());
    for (path, text) in bundled::FILES {
        assert_eq!(std::fs::read_to_string(root().join(path)).unwrap(), *text, "{path}");
    }
}

#[test]
fn every_bundled_file_points_at_its_schema() {
    for (path, text) in bundled::FILES {
        let first = text.lines().next().unwrap();
        let target = first
            .strip_prefix("#:schema ")
            .unwrap_or_else(|| panic!("{path} starts with {first:?}"));
        let schema = root().join(path).parent().unwrap().join(target);
        assert!(schema.is_file(), "{path}: {target} does not exist");
        let kind = FileKind::ALL
            .into_iter()
            .find(|k| target.ends_with(k.schema_file_name()))
            .unwrap();
        let expected = if path.starts_with("rulesets/") {
            FileKind::RuleSet
        } else {
            FileKind::TileSet
        };
        assert_eq!(kind, expected, "{path}");
    }
}

fn base() -> TileSet {
    let text = std::fs::read_to_string(root().join("tilesets/base.toml")).unwrap();
    toml::from_str(&text).unwrap()
}

/// What the base game's first edition holds, tile type by tile type: count, edges (N E S W),
/// pennants, and the number of cities, roads, fields and monasteries, and field-city borders.
type Expected = (&'static str, u32, &'static str, u32, [usize; 4], usize);

const BASE: &[Expected] = &[
    ("A", 2, "FFRF", 0, [0, 1, 1, 1], 0),
    ("B", 4, "FFFF", 0, [0, 0, 1, 1], 0),
    ("C", 1, "CCCC", 1, [1, 0, 0, 0], 0),
    ("D", 4, "CRFR", 0, [1, 1, 2, 0], 1),
    ("E", 5, "CFFF", 0, [1, 0, 1, 0], 1),
    ("F", 2, "FCFC", 1, [1, 0, 2, 0], 2),
    ("G", 1, "FCFC", 0, [1, 0, 2, 0], 2),
    ("H", 3, "CFCF", 0, [2, 0, 1, 0], 2),
    ("I", 2, "CFFC", 0, [2, 0, 1, 0], 2),
    ("J", 3, "CRRF", 0, [1, 1, 2, 0], 1),
    ("K", 3, "CFRR", 0, [1, 1, 2, 0], 1),
    ("L", 3, "CRRR", 0, [1, 3, 3, 0], 1),
    ("M", 2, "CFFC", 1, [1, 0, 1, 0], 1),
    ("N", 3, "CFFC", 0, [1, 0, 1, 0], 1),
    ("O", 2, "CRRC", 1, [1, 1, 2, 0], 1),
    ("P", 3, "CRRC", 0, [1, 1, 2, 0], 1),
    ("Q", 1, "CCFC", 1, [1, 0, 1, 0], 1),
    ("R", 3, "CCFC", 0, [1, 0, 1, 0], 1),
    ("S", 2, "CCRC", 1, [1, 1, 2, 0], 2),
    ("T", 1, "CCRC", 0, [1, 1, 2, 0], 2),
    ("U", 8, "FRFR", 0, [0, 1, 2, 0], 0),
    ("V", 9, "FFRR", 0, [0, 1, 2, 0], 0),
    ("W", 4, "FRRR", 0, [0, 3, 3, 0], 0),
    ("X", 1, "RRRR", 0, [0, 4, 4, 0], 0),
];

/// Copies of a tile type in an edition.
fn copies(set: &TileSet, id: &str, edition: &str) -> u32 {
    set.tiles
        .iter()
        .find(|t| t.id == id)
        .map_or(0, |t| t.count.in_edition(edition))
}

/// Copies, in an edition, of the tiles matching `pick`.
fn total(set: &TileSet, edition: &str, pick: impl Fn(&tilewright_engine::model::Tile) -> bool) -> u32 {
    set.tiles
        .iter()
        .filter(|t| pick(t))
        .map(|t| t.count.in_edition(edition))
        .sum()
}

fn has(tile: &tilewright_engine::model::Tile, kind: FeatureKind) -> bool {
    tile.features.values().any(|f| f.kind == kind)
}

/// The garden variants of the new edition: one copy of each of these letters.
const GARDENS: [&str; 8] = ["E", "H", "I", "M", "N", "R", "U", "V"];

#[test]
fn base_game_composition_matches_the_published_tile_list() {
    let set = base();
    assert_eq!(set.start_tile.as_deref(), Some("D"));
    assert_eq!(set.editions, ["first-edition", "new-edition"]);
    let by_id: BTreeMap<&str, _> = set.tiles.iter().map(|t| (t.id.as_str(), t)).collect();
    for &(id, count, edges, pennants, kinds, borders) in BASE {
        let tile = by_id[id];
        assert_eq!(copies(&set, id, "first-edition"), count, "{id} count");
        let garden = GARDENS.contains(&id);
        assert_eq!(
            copies(&set, id, "new-edition"),
            count - u32::from(garden),
            "{id} new-edition count"
        );
        for variant in std::iter::once(tile).chain(by_id.get(format!("{id}G").as_str()).copied()) {
            let letters: String = variant
                .edges
                .iter()
                .map(|e| {
                    match Layout::parse(&e.0)
                        .unwrap()
                        .segments
                        .iter()
                        .find(|s| s.kind != SegmentKind::Field)
                    {
                        Some(s) if s.kind == SegmentKind::City => 'C',
                        Some(_) => 'R',
                        None => 'F',
                    }
                })
                .collect();
            assert_eq!(letters, edges, "{} edges", variant.id);
            let features = variant.features.values();
            assert_eq!(
                features.clone().map(|f| f.pennants).sum::<u32>(),
                pennants,
                "{} pennants",
                variant.id
            );
            let count_kind = |k| variant.features.values().filter(|f| f.kind == k).count();
            let found = [
                FeatureKind::City,
                FeatureKind::Road,
                FeatureKind::Field,
                FeatureKind::Monastery,
            ]
            .map(count_kind);
            assert_eq!(found, kinds, "{} cities, roads, fields, monasteries", variant.id);
            assert_eq!(
                features.map(|f| f.cities.len()).sum::<usize>(),
                borders,
                "{} field-city borders",
                variant.id
            );
        }
    }
    for id in GARDENS {
        let variant = format!("{id}G");
        assert_eq!(
            (
                copies(&set, &variant, "first-edition"),
                copies(&set, &variant, "new-edition")
            ),
            (0, 1),
            "{variant}"
        );
        assert!(
            has(by_id[variant.as_str()], FeatureKind::Garden),
            "{variant} has a garden"
        );
    }
    assert_eq!(set.tiles.len(), 32);
    for edition in ["first-edition", "new-edition"] {
        assert_eq!(total(&set, edition, |_| true), 72, "{edition}");
        assert_eq!(
            total(&set, edition, |t| t.features.values().any(|f| f.pennants > 0)),
            10,
            "{edition} pennant tiles"
        );
        assert_eq!(
            total(&set, edition, |t| has(t, FeatureKind::Monastery)),
            6,
            "{edition} monasteries"
        );
    }
    assert_eq!(total(&set, "first-edition", |t| has(t, FeatureKind::Garden)), 0);
    assert_eq!(total(&set, "new-edition", |t| has(t, FeatureKind::Garden)), 8);
    assert_eq!(set.figures["follower"].count, 7, "8 meeples, one on the score track");
}

fn load(file: &str) -> TileSet {
    toml::from_str(&std::fs::read_to_string(root().join("tilesets").join(file)).unwrap()).unwrap()
}

#[test]
fn abbey_and_mayor_composition() {
    use tilewright_engine::model::{FigureMechanism, Mechanism, NamedStrength, Placement, Strength, Supply};
    let set = load("abbey-and-mayor.toml");
    let land = |t: &tilewright_engine::model::Tile| t.supply == Supply::Pile;
    for edition in ["first-edition", "new-edition"] {
        assert_eq!(total(&set, edition, land), 12, "{edition} land tiles");
        assert_eq!(
            set.tiles
                .iter()
                .filter(|t| land(t) && t.count.in_edition(edition) == 1)
                .count(),
            12,
            "one of each"
        );
        let pennants: u32 = set
            .tiles
            .iter()
            .filter(|t| t.count.in_edition(edition) > 0)
            .flat_map(|t| t.features.values())
            .map(|f| f.pennants)
            .sum();
        assert_eq!(pennants, 6, "{edition}: 6 pennants on 5 tiles");
        assert_eq!(total(&set, edition, |t| land(t) && has(t, FeatureKind::Monastery)), 1);
    }
    assert_eq!(total(&set, "first-edition", |t| has(t, FeatureKind::Garden)), 0);
    assert_eq!(total(&set, "new-edition", |t| has(t, FeatureKind::Garden)), 1);
    let abbey = set.tiles.iter().find(|t| t.supply == Supply::Player).unwrap();
    assert_eq!(
        (abbey.placement, abbey.count.in_edition("new-edition")),
        (Placement::Hole, 1)
    );
    assert!(abbey.edges.iter().all(|e| e.0 == "any") && has(abbey, FeatureKind::Monastery));
    assert_eq!(set.mechanisms, [Mechanism::Abbey]);
    assert_eq!(set.figures["mayor"].strength, Strength::Named(NamedStrength::Pennants));
    assert_eq!(set.figures["wagon"].mechanism, Some(FigureMechanism::MovesAfterScoring));
    assert_eq!(set.figures["barn"].mechanism, Some(FigureMechanism::Barn));
    assert!(set.figures.values().all(|f| f.count == 1));
}

#[test]
fn traders_and_builders_composition() {
    let set = load("traders-and-builders.toml");
    for edition in ["first-edition", "new-edition"] {
        assert_eq!(total(&set, edition, |_| true), 24, "{edition}: 24 land tiles");
        assert_eq!(
            set.tiles.iter().filter(|t| t.count.in_edition(edition) == 1).count(),
            24,
            "{edition}: one of each"
        );
        let printed = |token: &str| -> u32 {
            let on_tile = |t: &tilewright_engine::model::Tile| {
                let on_features = t.features.values().flat_map(|f| &f.tokens);
                on_features.filter(|id| *id == token).count() as u32
            };
            set.tiles.iter().map(|t| t.count.in_edition(edition) * on_tile(t)).sum()
        };
        assert_eq!(
            [printed("wine"), printed("grain"), printed("cloth")],
            [9, 6, 5],
            "{edition}: 9 wine, 6 grain, 5 cloth"
        );
        // Every token is printed on a city, one per tile.
        for tile in set.tiles.iter().filter(|t| t.count.in_edition(edition) > 0) {
            let carriers: Vec<_> = tile.features.values().filter(|f| !f.tokens.is_empty()).collect();
            assert!(
                carriers.len() <= 1
                    && carriers
                        .iter()
                        .all(|f| f.kind == FeatureKind::City && f.tokens.len() == 1)
            );
        }
    }
    assert_eq!(total(&set, "first-edition", |t| has(t, FeatureKind::Garden)), 0);
    assert_eq!(total(&set, "new-edition", |t| has(t, FeatureKind::Garden)), 2);
    assert_eq!(total(&set, "new-edition", |t| has(t, FeatureKind::Monastery)), 1);
    let kinds: Vec<(&str, FeatureKind, u32)> = set
        .tokens
        .iter()
        .map(|(id, t)| (id.as_str(), t.kind, t.majority))
        .collect();
    assert_eq!(
        kinds,
        [
            ("cloth", FeatureKind::City, 10),
            ("grain", FeatureKind::City, 10),
            ("wine", FeatureKind::City, 10)
        ]
    );
    // Each player's builder and pig: special figures whose behaviour is data.
    let figures: Vec<(&str, bool, bool)> = set
        .figures
        .iter()
        .map(|(id, f)| (id.as_str(), f.joins.is_some(), f.effect.is_some()))
        .collect();
    assert_eq!(figures, [("builder", true, true), ("pig", true, true)]);
}

#[test]
fn hills_and_sheep_composition() {
    use tilewright_engine::model::{Marker, Mechanism, TokenKind};
    let set = load("hills-and-sheep.toml");
    for edition in ["first-edition", "new-edition"] {
        assert_eq!(total(&set, edition, |_| true), 18, "{edition} tiles");
        assert_eq!(
            total(&set, edition, |t| t.markers.contains(&Marker::Hill)),
            8,
            "{edition} hills"
        );
        assert_eq!(
            total(&set, edition, |t| t.markers.contains(&Marker::Vineyard)),
            8,
            "{edition} vineyards"
        );
        assert_eq!(
            total(&set, edition, |t| has(t, FeatureKind::Monastery)),
            2,
            "{edition} monasteries"
        );
        assert_eq!(total(&set, edition, |t| t.markers.len() == 2), 0, "no tile has both");
        let pennants: u32 = set
            .tiles
            .iter()
            .flat_map(|t| t.features.values())
            .map(|f| f.pennants)
            .sum();
        assert_eq!(pennants, 0);
    }
    assert_eq!(total(&set, "new-edition", |t| has(t, FeatureKind::Garden)), 1);
    assert_eq!(copies(&set, "HS/C!.v", "first-edition"), 2);
    assert_eq!(copies(&set, "HS/CC!.v", "first-edition"), 2);
    let bag = &set.bags["sheep"].tokens;
    let sheep: Vec<(u32, u32)> = bag
        .iter()
        .filter(|t| t.kind == TokenKind::Sheep)
        .map(|t| (t.value.unwrap(), t.count))
        .collect();
    assert_eq!(sheep, [(1, 4), (2, 5), (3, 5), (4, 2)]);
    assert_eq!(
        bag.iter()
            .filter(|t| t.kind == TokenKind::Wolf)
            .map(|t| t.count)
            .sum::<u32>(),
        2
    );
    assert_eq!(bag.iter().map(|t| t.count).sum::<u32>(), 18);
    assert_eq!(set.mechanisms, [Mechanism::Hills, Mechanism::Vineyards]);
    assert_eq!(set.figures["shepherd"].count, 1);
}

#[test]
fn base_tiles_that_share_edges_differ_in_connectivity() {
    // N (one diagonal city) and I (two separate caps) have the same edges.
    let set = base();
    let tile = |id: &str| set.tiles.iter().find(|t| t.id == id).unwrap();
    assert_eq!(tile("N").edges, tile("I").edges);
    let city_edges = |id: &str| -> Vec<usize> {
        tile(id)
            .features
            .values()
            .filter(|f| f.kind == FeatureKind::City)
            .map(|f| f.on.len())
            .collect()
    };
    assert_eq!(city_edges("N"), vec![2]);
    assert_eq!(city_edges("I"), vec![1, 1]);
    // The start tile's road runs west to east below the city.
    let d = tile("D");
    assert_eq!(
        d.features["r"].on.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
        ["E", "W"]
    );
    assert_eq!(Side::N.half_names(), ["Nw", "Ne"]);
}

#[test]
fn rule_sets_resolve_with_their_edition_switches() {
    let sets: Vec<_> = bundled::catalog().rulesets.iter().map(|r| &r.model).collect();
    let first = resolve("first-edition", &sets).unwrap();
    let new = resolve("new-edition", &sets).unwrap();
    let house = resolve("farms-2000", &sets).unwrap();
    assert_eq!(first.switches.farm_scoring, FarmScoring::PerField);
    assert_eq!(first.switches.abbey_endgame, AbbeyEndgame::FinalRound);
    assert_eq!(first.switches.wagon_move, WagonMove::Connected);
    assert_eq!(new.switches.abbey_endgame, AbbeyEndgame::UntilNoneCan);
    assert_eq!(new.switches.wagon_move, WagonMove::Range);
    for rules in [&first, &new] {
        assert!(!rules.switches.tiny_city && !rules.switches.barn_on_barn_field);
        assert_eq!(rules.switches.hill_tiebreak, HillTiebreak::AnyOnHill);
        let s = &rules.scoring;
        assert_eq!(
            (
                s.road_per_tile,
                s.city_per_segment,
                s.city_per_pennant,
                s.monastery_per_tile
            ),
            (1, 2, 2, 1)
        );
        assert_eq!(
            (
                s.road_per_tile_final,
                s.city_per_segment_final,
                s.city_per_pennant_final
            ),
            (1, 1, 1)
        );
        assert_eq!((s.farm_per_city, s.farm_per_city_majority), (3, 4));
        // The expansions' values belong to the expansions: no bundled rule set replaces them.
        assert!(rules.values.is_empty());
    }
    // Each expansion declares the values of the mechanisms it brings.
    let declared = |id: &str| {
        let set = bundled::catalog().tileset(id).unwrap();
        set.model.values.clone().into_iter().collect::<Vec<_>>()
    };
    let pair = |k: &str, v: u32| (k.to_owned(), v);
    assert_eq!(
        declared("abbey-and-mayor"),
        [
            pair("barn-final-per-city", 4),
            pair("barn-joined-per-city", 1),
            pair("barn-placed-per-city", 3)
        ]
    );
    assert_eq!(
        declared("hills-and-sheep"),
        [pair("vineyard", 3), pair("vineyard-garden", 0)]
    );
    assert!(declared("base").is_empty());
    // The house rule changes one switch and inherits everything else.
    assert_eq!(house.switches.farm_scoring, FarmScoring::PerCity);
    assert_eq!(house.scoring, first.scoring);
    assert_eq!(house.switches.wagon_move, first.switches.wagon_move);
    let text = std::fs::read_to_string(root().join("rulesets/farms-2000.toml")).unwrap();
    let settings = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count();
    assert!(settings <= 5, "a house rule is a few lines: {settings}");
}
