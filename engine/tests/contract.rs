//! A file that validates is one the engine plays correctly: generated tile sets that validate
//! build a game that plays to the end, counts never wrap, and every limit of the engine
//! ([`tilewright_engine::limits`]) is a located validator error for one file and a setup error
//! for several files together, never a panic or an abort.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tilewright_engine::FromCatalog;
use tilewright_engine::bundled;
use tilewright_engine::compile::TileTables;
use tilewright_engine::edge::Layout;
use tilewright_engine::game::{Action, Event, Game, GameDef, Phase, Rng, SetupError};
use tilewright_engine::limits::{
    MAX_BAG_TOKENS, MAX_EDGE_LAYOUTS, MAX_FIGURE_TYPES, MAX_HELD_TYPES, MAX_PENNANTS_IN_PLAY, MAX_TILE_TYPES, MAX_TILES,
};
use tilewright_engine::simulate::{Scratch, play_out, policy_seed};
use tilewright_engine::validate::{Report, validate_sources};
use tilewright_engine::{Diagnostic, Source};

/// One follower type for the generated sets, so that they make a game on their own.
const FOLLOWERS: &str = "[figures.follower]\nrole = \"follower\"\ncount = 7\nstands-on = [\"city\", \"road\", \"field\", \"monastery\"]\n\n";

/// A tile-set file with this id, the given top-level lines and tiles.
fn tileset(id: &str, head: &str, tiles: &str) -> Source {
    let text = format!("#:schema ../schemas/tileset.schema.json\nid = \"{id}\"\nname = \"{id}\"\n{head}\n{tiles}");
    Source::new(format!("{id}.toml"), text)
}

fn validate(sources: Vec<Source>) -> Report {
    validate_sources(sources, bundled::catalog())
}

fn errors(report: &Report) -> Vec<&Diagnostic> {
    report.diagnostics.iter().filter(|d| d.is_error()).collect()
}

/// The line and column (1-based) where `needle` first occurs in `text` after line `after`.
fn position(text: &str, after: usize, needle: &str) -> (usize, usize) {
    for (i, line) in text.lines().enumerate().skip(after) {
        if let Some(col) = line.find(needle) {
            return (i + 1, col + 1);
        }
    }
    panic!("`{needle}` not in the text after line {after}")
}

/// Asserts the report has exactly one error, at `(line, column)`, whose message contains
/// `words` and whose help names `limit`.
fn expect_one_error(report: &Report, (line, column): (usize, usize), words: &str, limit: usize) {
    let found = errors(report);
    let shown: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{}: {} ({})", d.line, d.column, d.message, d.help))
        .collect();
    assert_eq!(found.len(), 1, "{shown:#?}");
    let d = found[0];
    assert_eq!((d.line, d.column), (line, column), "{shown:#?}");
    assert!(d.message.contains(words), "{shown:#?}");
    assert!(
        d.help.contains(&limit.to_string()),
        "the help names the limit: {shown:#?}"
    );
}

/// A game of the validated files `ids` with new-edition rules.
fn game_def(report: &Report, ids: &[&str]) -> Result<GameDef, SetupError> {
    let ids: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
    GameDef::from_catalog(
        &report.catalog.clone().with_base(bundled::catalog()),
        &ids,
        "new-edition",
    )
}

/// Plays a whole random game and returns it.
fn play(def: &Arc<GameDef>, players: u8, seed: u64) -> Game {
    let mut game = Game::new(Arc::clone(def), players, seed).expect("a game of a valid definition starts");
    play_out(&mut game, &mut Rng::new(policy_seed(seed)), &mut Scratch::default());
    assert!(game.is_over());
    game
}

/// A custom city edge with a boundary at each of `cuts`: `city 1 city 2 city ...`.
fn city_edge(cuts: impl IntoIterator<Item = u8>) -> String {
    let mut edge = String::from("city");
    for cut in cuts {
        edge.push_str(&format!(" {cut} city"));
    }
    edge
}

/// A set whose start tile is a field, and whose one pile tile has a city on `segments` edge
/// segments (north, east and south, up to 100 each) beside a field edge.
fn big_city_set(segments: usize) -> Source {
    let edge = |n: usize| city_edge(1..n.clamp(1, 100) as u8);
    let (north, east, south) = (edge(segments), edge(segments - 100), edge(segments - 200));
    let tiles = format!(
        "[[tiles]]\nid = \"meadow\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\n\
         features.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n\n\
         [[tiles]]\nid = \"big\"\ncount = 1\nedges = [\"{north}\", \"{east}\", \"{south}\", \"field\"]\n\
         features.c = {{ kind = \"city\", on = [\"N\", \"E\", \"S\"] }}\n\
         features.f = {{ kind = \"field\", on = [\"W\"], cities = [\"c\"] }}\n"
    );
    tileset("big-city", &format!("start-tile = \"meadow\"\n\n{FOLLOWERS}"), &tiles)
}

/// Plays the big-city set: the city tile is drawn, placed and a follower put on the city; the
/// final scores and whether any feature was completed.
fn play_big_city(segments: usize) -> (Vec<u64>, bool) {
    let report = validate(vec![big_city_set(segments)]);
    assert!(errors(&report).is_empty(), "{:#?}", report.diagnostics);
    let def = Arc::new(game_def(&report, &["big-city"]).unwrap());
    let big = def.tile_index("big").unwrap();
    let city = def.tables().tiles[big as usize].feature_index("c").unwrap();
    assert_eq!(
        usize::from(def.tables().tiles[big as usize].features[city as usize].segments),
        segments
    );
    let mut game = Game::new(Arc::clone(&def), 2, 1).unwrap();
    assert_eq!(game.phase(), Phase::Place { tile: big });
    let mut events = Vec::new();
    let placement = game.legal_placements(big)[0];
    game.apply(
        Action::Place {
            x: placement.x,
            y: placement.y,
            rotation: placement.rotation,
        },
        &mut events,
    )
    .unwrap();
    let node = game.node(1, city).unwrap();
    assert!(!game.is_complete(node), "a city with open edges is not complete");
    game.apply(
        Action::Deploy {
            figure: 0,
            feature: city,
        },
        &mut events,
    )
    .unwrap();
    assert!(game.is_over());
    let completed = events.iter().any(|e| matches!(e, Event::FeatureCompleted { .. }));
    (game.scores(), completed)
}

#[test]
fn a_city_on_256_segments_scores_like_one_on_255() {
    let (scores_255, completed_255) = play_big_city(255);
    let (scores_256, completed_256) = play_big_city(256);
    // Incomplete at the end: one tile, one point; never completed when placed.
    assert_eq!((scores_255, completed_255), (vec![1, 0], false));
    assert_eq!((scores_256, completed_256), (vec![1, 0], false));
    let (scores_300, completed_300) = play_big_city(300);
    assert_eq!((scores_300, completed_300), (vec![1, 0], false));
}

/// `n` tiles of `count` copies, each a city on all four edges with four custom edge layouts
/// of its own (`layout(k)` gives layout number `k`), ids starting with `prefix`.
fn layout_tiles(prefix: &str, n: usize, count: u32, layout: impl Fn(usize) -> String) -> String {
    (0..n)
        .map(|i| {
            let edges = [0, 1, 2, 3].map(|k| format!("\"{}\"", layout(4 * i + k)));
            format!(
                "[[tiles]]\nid = \"{prefix}{i}\"\ncount = {count}\nedges = [{}]\nfeatures.c = {{ kind = \"city\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n\n",
                edges.join(", ")
            )
        })
        .collect()
}

/// Distinct city layouts with many segments each: layout `k` has a boundary at each position
/// whose bit is set in a number drawn from `k` (about 50 of the 99).
fn many_segment_layout(k: usize) -> String {
    let mut rng = Rng::new(k as u64 + 1);
    let (low, high) = (rng.next_u64(), rng.next_u64());
    city_edge((1..=99u8).filter(|&p| {
        let bit = u32::from(p - 1);
        if bit < 64 {
            low >> bit & 1 == 1
        } else {
            high >> (bit - 64) & 1 == 1
        }
    }))
}

/// Distinct city layouts with few segments: `city a city b city`, the pairs `a < b` in order.
fn few_segment_layout(mut k: usize) -> String {
    for a in 1..99u8 {
        let after = usize::from(99 - a);
        if k < after {
            return city_edge([a, a + 1 + k as u8]);
        }
        k -= after;
    }
    panic!("only 4,851 pairs of positions")
}

#[test]
fn the_layouts_used_here_are_distinct() {
    for layout in [many_segment_layout, few_segment_layout] {
        let parsed: std::collections::HashSet<Layout> = (0..2 * MAX_EDGE_LAYOUTS)
            .map(|k| Layout::parse(&layout(k)).unwrap())
            .collect();
        assert_eq!(parsed.len(), 2 * MAX_EDGE_LAYOUTS);
    }
}

#[test]
fn more_distinct_layouts_than_the_limit_is_a_located_error() {
    let tiles = MAX_EDGE_LAYOUTS / 4 + 1;
    let source = tileset(
        "layouts",
        &format!("start-tile = \"t0\"\n\n{FOLLOWERS}"),
        &layout_tiles("t", tiles, 1, few_segment_layout),
    );
    // Layout number MAX + 1 is the first edge of tile number MAX / 4 (counting from 0).
    let tile_line = position(&source.text, 0, &format!("id = \"t{}\"", MAX_EDGE_LAYOUTS / 4)).0;
    let at = position(&source.text, tile_line, "\"city");
    let report = validate(vec![source]);
    expect_one_error(&report, at, "distinct edge layouts", MAX_EDGE_LAYOUTS);
}

#[test]
fn a_file_at_the_layout_limit_compiles_fast_and_plays() {
    // Every layout is all city, so every pair of them fits and is joined: the largest tables.
    let tiles = layout_tiles("t", MAX_EDGE_LAYOUTS / 4, 1, many_segment_layout);
    let source = tileset("at-limit", &format!("start-tile = \"t0\"\n\n{FOLLOWERS}"), &tiles);
    let report = validate(vec![source]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let started = Instant::now();
    let tables = TileTables::build(&report.catalog.tilesets[0].model.tiles).unwrap();
    let took = started.elapsed();
    assert_eq!(tables.layouts.len(), MAX_EDGE_LAYOUTS);
    // A fifth of a second in a release build; a debug build is some ten times slower.
    assert!(took < Duration::from_secs(20), "compiling took {took:?}");
    let def = Arc::new(game_def(&report, &["at-limit"]).unwrap());
    let game = play(&def, 3, 7);
    assert_eq!(game.board().placed.len(), MAX_EDGE_LAYOUTS / 4);
}

#[test]
fn files_within_the_limits_that_go_over_together_are_refused_by_game_setup() {
    let half = MAX_EDGE_LAYOUTS / 8 + 1;
    let first = layout_tiles("a", half, 1, few_segment_layout);
    let second = layout_tiles("b", half, 1, |k| few_segment_layout(k + 4 * half));
    let report = validate(vec![
        tileset("first", &format!("start-tile = \"a0\"\n\n{FOLLOWERS}"), &first),
        tileset("second", "", &second),
    ]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let refused = game_def(&report, &["first", "second"]);
    assert!(
        matches!(refused, Err(SetupError::TooMany("distinct edge layouts", n, MAX_EDGE_LAYOUTS)) if n == 8 * half),
        "{refused:?}"
    );
    let message = refused.unwrap_err().to_string();
    assert!(message.contains(&format!("at most {MAX_EDGE_LAYOUTS}")), "{message}");
}

#[test]
fn two_bags_from_two_files_are_refused_by_game_setup() {
    let bag = |id: &str| format!("[bags.{id}]\ntokens = [{{ kind = \"sheep\", value = 1, count = 3 }}]\n");
    let one = pennant_tiles("a", 1, 1, 0);
    let two = pennant_tiles("b", 1, 1, 0);
    let report = validate(vec![
        tileset(
            "first",
            &format!("start-tile = \"a0\"\n\n{FOLLOWERS}{}", bag("x")),
            &one,
        ),
        tileset("second", &bag("y"), &two),
    ]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let refused = game_def(&report, &["first", "second"]);
    assert!(
        matches!(refused, Err(SetupError::TooMany("bags of sheep and wolves", 2, 1))),
        "{refused:?}"
    );
}

/// `n` field tiles of `count` copies each whose city has `pennants` pennants, ids starting
/// with `prefix`.
fn pennant_tiles(prefix: &str, n: usize, count: u32, pennants: u32) -> String {
    (0..n)
        .map(|i| {
            format!(
                "[[tiles]]\nid = \"{prefix}{i}\"\ncount = {count}\nedges = [\"city\", \"field\", \"field\", \"field\"]\n\
                 features.c = {{ kind = \"city\", on = [\"N\"], pennants = {pennants} }}\n\
                 features.f = {{ kind = \"field\", on = [\"E\", \"S\", \"W\"], cities = [\"c\"] }}\n\n"
            )
        })
        .collect()
}

#[test]
fn more_tile_types_than_the_limit_is_a_located_error() {
    let tiles = pennant_tiles("t", MAX_TILE_TYPES + 1, 1, 0);
    let source = tileset("types", "", &tiles);
    let at = position(&source.text, 0, &format!("\"t{MAX_TILE_TYPES}\""));
    let report = validate(vec![source]);
    expect_one_error(&report, at, "tile types", MAX_TILE_TYPES);
}

#[test]
fn tile_types_over_the_limit_together_are_refused_by_game_setup() {
    let half = MAX_TILE_TYPES / 2 + 1;
    let report = validate(vec![
        tileset("east", "", &pennant_tiles("e", half, 1, 0)),
        tileset("west", "", &pennant_tiles("w", half, 1, 0)),
    ]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let refused = game_def(&report, &["base", "east", "west"]);
    assert!(
        matches!(refused, Err(SetupError::TooMany("tile types", n, MAX_TILE_TYPES)) if n > 2 * half),
        "{refused:?}"
    );
}

/// `n` abbey-like tiles held by the players.
fn held_tiles(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "[[tiles]]\nid = \"h{i}\"\ncount = 1\nsupply = \"player\"\nplacement = \"hole\"\n\
                 edges = [\"any\", \"any\", \"any\", \"any\"]\nfeatures.m = {{ kind = \"monastery\" }}\n\n"
            )
        })
        .collect()
}

#[test]
fn more_kinds_of_held_tile_than_the_limit_is_a_located_error() {
    let source = tileset("abbeys", "mechanisms = [\"abbey\"]\n", &held_tiles(MAX_HELD_TYPES + 1));
    let line = position(&source.text, 0, &format!("id = \"h{MAX_HELD_TYPES}\"")).0;
    let at = position(&source.text, line, "\"player\"");
    expect_one_error(&validate(vec![source]), at, "kinds of tile held", MAX_HELD_TYPES);
}

#[test]
fn more_tiles_or_pennants_in_play_than_the_limits_are_located_errors() {
    // 40 × 255 = 10,200 tiles: the 40th tile's count goes over 10,000.
    let source = tileset("crowd", "", &pennant_tiles("t", 40, 255, 0));
    let line = position(&source.text, 0, "id = \"t39\"").0;
    let at = position(&source.text, line, "255");
    expect_one_error(&validate(vec![source]), at, "10200 tiles in play", MAX_TILES);
    // 10 × 30 copies × 255 pennants = 76,500: the 9th tile's pennants go over 65,535.
    let source = tileset("heraldry", "", &pennant_tiles("t", 10, 30, 255));
    let line = position(&source.text, 0, "id = \"t8\"").0;
    let at = position(&source.text, line, "255 }");
    expect_one_error(
        &validate(vec![source]),
        at,
        "76500 pennants in play",
        MAX_PENNANTS_IN_PLAY as usize,
    );
}

#[test]
fn tiles_and_pennants_in_play_over_the_limits_together_are_refused_by_game_setup() {
    let sources = |name: &str, tiles: &str| tileset(name, "", tiles);
    let report = validate(vec![
        sources("east", &pennant_tiles("e", 20, 255, 0)),
        sources("west", &pennant_tiles("w", 20, 255, 0)),
    ]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let refused = game_def(&report, &["base", "east", "west"]);
    assert!(
        matches!(refused, Err(SetupError::TooMany("tiles in play", 10_272, MAX_TILES))),
        "{refused:?}"
    );
    let report = validate(vec![
        sources("east", &pennant_tiles("e", 5, 50, 255)),
        sources("west", &pennant_tiles("w", 5, 50, 255)),
    ]);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let refused = game_def(&report, &["base", "east", "west"]);
    assert!(
        matches!(refused, Err(SetupError::TooMany("pennants in play", n, 65_535)) if n > 127_500),
        "{refused:?}"
    );
}

#[test]
fn figure_and_token_limits_are_located_errors() {
    let figures: String = (0..=MAX_FIGURE_TYPES)
        .map(|i| format!("[figures.f{i:02}]\nrole = \"follower\"\ncount = 1\nstands-on = [\"road\"]\n\n"))
        .collect();
    let source = tileset("crowd", &figures, "");
    let at = position(&source.text, 0, &format!("[figures.f{MAX_FIGURE_TYPES:02}]"));
    let at = (at.0, at.1 + "[figures.".len());
    expect_one_error(&validate(vec![source]), at, "figure types", MAX_FIGURE_TYPES);

    let bag =
        "[bags.sheep]\ntokens = [{ kind = \"sheep\", value = 1, count = 200 }, { kind = \"wolf\", count = 100 }]\n";
    let source = tileset("flock", bag, "");
    let at = position(&source.text, 0, "count = 100");
    let at = (at.0, at.1 + "count = ".len());
    expect_one_error(&validate(vec![source]), at, "300 tokens", MAX_BAG_TOKENS as usize);

    let bags = format!("{bag}[bags.wolves]\ntokens = [{{ kind = \"sheep\", value = 3, count = 2 }}]\n");
    let source = tileset("two-bags", &bags, "");
    let at = position(&source.text, 0, "[bags.wolves]");
    let at = (at.0, at.1 + "[bags.".len());
    let report = validate(vec![source]);
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("bags of sheep"))
        .collect();
    assert_eq!(errors.len(), 1, "{:#?}", report.diagnostics);
    assert_eq!((errors[0].line, errors[0].column), at);

    let strong = "[figures.giant]\nrole = \"follower\"\ncount = 1\nstrength = 4000000000\nstands-on = [\"road\"]\n";
    let source = tileset("giants", strong, "");
    let at = position(&source.text, 0, "4000000000");
    expect_one_error(&validate(vec![source]), at, "strength of 4000000000", 1000);
}

// Generated tile sets: random edges (plain words, custom layouts with few or up to 100
// segments, sometimes `any`), features owning the segments, random counts and pennants.

/// The three kinds of segment a feature owns, as written in files.
const KINDS: [&str; 3] = ["city", "road", "field"];

fn custom_layout() -> impl Strategy<Value = String> {
    prop_oneof![4 => 0usize..=4, 1 => 0usize..=99]
        .prop_flat_map(|cuts| {
            (
                proptest::sample::subsequence((1u8..=99).collect::<Vec<_>>(), cuts),
                proptest::collection::vec(proptest::sample::select(&KINDS[..]), cuts + 1),
            )
        })
        .prop_map(|(cuts, kinds)| {
            let mut edge = kinds[0].to_owned();
            for (cut, kind) in cuts.iter().zip(&kinds[1..]) {
                edge.push_str(&format!(" {cut} {kind}"));
            }
            edge
        })
}

fn edge() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => proptest::sample::select(&KINDS[..]).prop_map(str::to_owned),
        4 => custom_layout(),
        1 => Just("any".to_owned()),
    ]
}

/// What a generated tile is, before it is written out.
#[derive(Debug, Clone)]
struct TileSpec {
    edges: [String; 4],
    count: u32,
    /// Features per kind (city, road, field), at least one each where the kind appears.
    features: [usize; 3],
    /// Which feature owns each edge's segments of each kind (taken modulo the feature count).
    owners: [usize; 12],
    pennants: u32,
    monastery: bool,
    field_borders_city: bool,
}

fn tile_spec(edge: BoxedStrategy<String>, count: BoxedStrategy<u32>) -> impl Strategy<Value = TileSpec> {
    (
        [edge.clone(), edge.clone(), edge.clone(), edge],
        count,
        [1usize..=3, 1usize..=3, 1usize..=3],
        proptest::array::uniform12(0usize..3),
        prop_oneof![3 => Just(0u32), 1 => 0u32..=3, 1 => 200u32..=255],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(edges, count, features, owners, pennants, monastery, field_borders_city)| TileSpec {
                edges,
                count,
                features,
                owners,
                pennants,
                monastery,
                field_borders_city,
            },
        )
}

impl TileSpec {
    /// The tile as TOML, with id `id`: every segment owned by a feature of its kind, each
    /// feature owning whole edges' worth of its kind (`N`, `E`...).
    fn toml(&self, id: &str) -> String {
        let layouts: Vec<Option<Layout>> = self.edges.iter().map(|e| Layout::parse(e).ok()).collect();
        let quoted: Vec<String> = self.edges.iter().map(|e| format!("\"{e}\"")).collect();
        let mut out = format!(
            "[[tiles]]\nid = \"{id}\"\ncount = {}\nedges = [{}]\n",
            self.count,
            quoted.join(", ")
        );
        let mut cities = Vec::new();
        for (k, kind) in KINDS.iter().enumerate() {
            let sides: Vec<char> = "NESW"
                .chars()
                .zip(&layouts)
                .filter(|(_, l)| {
                    l.as_ref()
                        .is_some_and(|l| l.segments.iter().any(|s| s.kind.as_str() == *kind))
                })
                .map(|(side, _)| side)
                .collect();
            if sides.is_empty() {
                continue;
            }
            let n = self.features[k].min(sides.len());
            let mut on: Vec<Vec<char>> = vec![Vec::new(); n];
            for (i, &side) in sides.iter().enumerate() {
                // The first n sides give each feature one; the others go where `owners` says.
                let owner = if i < n { i } else { self.owners[k * 4 + i] % n };
                on[owner].push(side);
            }
            for (f, sides) in on.iter().enumerate() {
                let name = format!("{}{f}", &kind[..1]);
                let list: Vec<String> = sides.iter().map(|s| format!("\"{s}\"")).collect();
                let mut extra = String::new();
                match *kind {
                    "city" => {
                        cities.push(name.clone());
                        if f == 0 && self.pennants > 0 {
                            extra = format!(", pennants = {}", self.pennants);
                        }
                    }
                    "road" if sides.len() == 1 => extra = ", end = \"house\"".to_owned(),
                    _ => {}
                }
                if *kind == "field" && self.field_borders_city && !cities.is_empty() {
                    extra = format!(", cities = [\"{}\"]", cities[0]);
                }
                out.push_str(&format!(
                    "features.{name} = {{ kind = \"{kind}\", on = [{}]{extra} }}\n",
                    list.join(", ")
                ));
            }
        }
        if self.monastery {
            out.push_str("features.m = { kind = \"monastery\" }\n");
        }
        out.push('\n');
        out
    }
}

/// A generated tile set: a few tiles of varied counts, or many tiles of one copy each with
/// custom edges (many distinct layouts, sometimes more than the limit).
fn tile_specs() -> impl Strategy<Value = Vec<TileSpec>> {
    let few_copies = prop_oneof![8 => 1u32..=3, 1 => 1u32..=40].boxed();
    prop_oneof![
        6 => proptest::collection::vec(tile_spec(edge().boxed(), few_copies), 1..8),
        1 => proptest::collection::vec(tile_spec(custom_layout().boxed(), Just(1u32).boxed()), 50..80),
    ]
}

/// Checks the contract on one generated set: validation does not panic; if it finds no
/// error, the set makes a game (alone, or with the base game when `with_base`: then only a
/// limit of the two together may refuse it) that plays to the end.
fn check_contract(specs: &[TileSpec], with_base: bool, seed: u64) {
    let tiles: String = specs
        .iter()
        .enumerate()
        .map(|(i, t)| t.toml(&format!("g/{i}")))
        .collect();
    let head = if with_base {
        String::new()
    } else {
        format!("start-tile = \"g/0\"\n\n{FOLLOWERS}")
    };
    let report = validate(vec![tileset("generated", &head, &tiles)]);
    if !errors(&report).is_empty() {
        return;
    }
    let ids: &[&str] = if with_base {
        &["base", "generated"]
    } else {
        &["generated"]
    };
    let def = match game_def(&report, ids) {
        Ok(def) => Arc::new(def),
        Err(SetupError::TooMany(..)) if with_base => return,
        Err(e) => panic!("a valid set makes a game: {e}\n{tiles}"),
    };
    let game = play(&def, 2 + (seed % 3) as u8, seed);
    assert_eq!(game.players().len(), 2 + (seed % 3) as usize);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn generated_sets_that_validate_play_to_the_end(specs in tile_specs(), with_base in any::<bool>(), seed in 0u64..1000) {
        check_contract(&specs, with_base, seed);
    }
}
