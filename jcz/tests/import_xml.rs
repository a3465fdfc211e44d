//! JCZ tile XML of both dialects imported: editions from `:1`/`:2` sets, counts, start tile,
//! 4.x spellings, river tiles dealt as the bundled River, and what is not supported named per
//! tile; the result validates without a warning.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

mod support;

use tilewright_engine::bundled;
use tilewright_engine::model::{Count, RoadEnd};
use tilewright_jcz::{import, xml};

/// Imports `text` and validates every set made, which must give no diagnostic.
fn imported(text: &str) -> import::Imported {
    let (defs, _) = xml::read(text, "legacy").unwrap();
    let out = import::import(&defs, "test.xml", "jcz-");
    support::validated(&out.sets);
    out
}

const V5: &str = r#"<?xml version="1.0"?>
<defs>
  <tiles>
    <tile id="XX/start">
      <road>W E</road>
      <city>N</city>
      <field city="N">EL WR</field>
      <field>ER SL SR WL</field>
    </tile>
    <tile id="XX/keep">
      <city pennants="2" wagon-move="a">N W E</city>
      <road wagon-move="a">S</road>
      <field city="N">SL</field>
      <field city="N">SR</field>
      <tower/>
    </tile>
    <tile id="XX/cloister">
      <monastery/>
      <field>NL NR EL ER SL SR WL WR</field>
    </tile>
    <tile id="XX/spring">
      <field>NL NR EL ER SL SR WL WR</field>
      <river>E</river>
    </tile>
  </tiles>
  <sets>
    <tile-set id="xx:1">
      <ref tile="XX/start" count="3"/>
      <ref tile="XX/keep" count="1"/>
      <ref tile="XX/cloister" count="2"/>
      <ref tile="XX/spring" count="1"/>
    </tile-set>
    <tile-set id="xx:2">
      <ref tile="XX/start" count="3"/>
      <ref tile="XX/keep" count="2"/>
    </tile-set>
  </sets>
</defs>
"#;

#[test]
fn the_5x_dialect_imports_editions_counts_and_notes() {
    let out = imported(V5);
    assert_eq!(out.sets.len(), 1);
    let set = &out.sets[0];
    assert_eq!(set.id, "jcz-xx");
    assert_eq!(set.editions, ["first-edition", "new-edition"]);
    let ids: Vec<&str> = set.tiles.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["XX/start", "XX/keep", "XX/cloister"]);
    assert_eq!(set.tiles[0].count, Count::All(3));
    let per_edition = |tile: usize, edition: &str| set.tiles[tile].count.in_edition(edition);
    assert_eq!((per_edition(1, "first-edition"), per_edition(1, "new-edition")), (1, 2));
    assert_eq!((per_edition(2, "first-edition"), per_edition(2, "new-edition")), (2, 0));
    let keep = &set.tiles[1];
    assert_eq!(
        keep.edges.each_ref().map(|e| e.0.as_str()),
        ["city", "city", "road", "city"]
    );
    assert_eq!(keep.features["c"].pennants, 2);
    assert_eq!(keep.features["r"].end, Some(RoadEnd::CityGate));
    assert_eq!(keep.features["r"].at.as_deref(), Some("c"));
    assert_eq!(keep.features["f1"].cities, ["c"]);
    let notes = out.notes.join("\n");
    assert!(
        notes.contains("test.xml:15: tile `XX/keep`: <tower> is not supported"),
        "{notes}"
    );
    assert!(
        notes.contains("test.xml:21: tile `XX/spring`: a river tile needs one of JCZ's river groups (`river-spring`, `river-fork`, `river`, `river-lake`), and this one has no `group`; tile left out"),
        "{notes}"
    );
    assert_eq!(out.notes.len(), 2, "{notes}");
}

const V4: &str = r#"<?xml version="1.0"?>
<pack>
  <tile id="RCr" count="3">
    <position x="0" y="0"/>
    <road>W E</road>
    <city pennant="yes">N</city>
    <farm city="N">EL WR</farm>
    <farm>ER SL SR WL</farm>
  </tile>
  <tile id="LR" count="2">
    <cloister/>
    <road>S</road>
    <farm>NL NR EL ER SL SR WL WR</farm>
    <wagon-move>
      <neighbouring>CLOISTER S</neighbouring>
    </wagon-move>
  </tile>
  <tile id="CC" count="1">
    <city>N S</city>
    <city>W E</city>
    <farm city="N W">INNER_FARM</farm>
    <farm city="N W">INNER_FARM</farm>
  </tile>
</pack>
"#;

#[test]
fn the_4x_dialect_imports_with_its_start_tile() {
    let (_, dialect) = xml::read(V4, "legacy").unwrap();
    assert_eq!(dialect, xml::Dialect::V4);
    let out = imported(V4);
    let set = &out.sets[0];
    assert_eq!(set.id, "jcz-legacy");
    assert_eq!(set.editions, ["first-edition"]);
    assert_eq!(set.start_tile.as_deref(), Some("RCr"));
    assert!(set.figures.contains_key("follower"), "a base game brings its followers");
    assert_eq!(set.tiles[0].count, Count::All(3));
    assert_eq!(set.tiles[0].features["c"].pennants, 1);
    let lr = &set.tiles[1];
    assert_eq!(lr.features["r"].end, Some(RoadEnd::Monastery));
    let inner: Vec<usize> = set.tiles[2].features.values().map(|f| f.on.len()).collect();
    assert_eq!(inner, [2, 2, 0, 0], "two cities on two sides, two inner fields");
    assert!(out.notes.is_empty(), "{:?}", out.notes);
}

#[test]
fn a_bad_location_is_refused_where_it_is() {
    let text = "<defs>\n  <tiles>\n    <tile id=\"a\">\n      <city>N Q</city>\n    </tile>\n  </tiles>\n</defs>\n";
    let error = xml::read(text, "x").unwrap_err();
    assert_eq!((error.pos.line, error.pos.column), (4, 7));
    assert!(
        error.message.contains("`Q` is not a location JCZ knows"),
        "{}",
        error.message
    );
    let error = xml::read("<defs><tile>", "x").unwrap_err();
    assert!(error.message.contains("not well-formed"), "{}", error.message);
    // A count too large to hold is not called "not a whole number" alone.
    let text = "<defs><sets><tile-set id=\"s\"><ref tile=\"a\" count=\"99999999999\"/></tile-set></sets></defs>";
    let error = xml::read(text, "x").unwrap_err();
    assert_eq!(
        error.message,
        "the count `99999999999` of tile `a` is not a whole number from 0 to 255 (the most copies of a tile a game holds)"
    );
    // Nor is a count that fits a machine word but no game, which summing could wrap.
    let text = "<defs><sets>\n<tile-set id=\"s\">\n<ref tile=\"a\" count=\"3\"/>\n  <ref tile=\"a\" count=\"4294967295\"/></tile-set></sets></defs>";
    let error = xml::read(text, "x").unwrap_err();
    assert_eq!((error.pos.line, error.pos.column), (4, 3));
    assert!(error.message.contains("`4294967295` of tile `a`"), "{}", error.message);
}

#[test]
fn every_count_of_a_file_is_capped_where_it_passes() {
    let tile = "<tile id=\"t\"><monastery/></tile>\n";
    let text = format!("<defs><tiles>\n{}</tiles></defs>", tile.repeat(xml::MAX_TILES + 1));
    let error = xml::read(&text, "x").unwrap_err();
    assert_eq!(error.pos.line, xml::MAX_TILES as u32 + 2);
    assert!(
        error.message.contains("more than 10000 <tile> elements"),
        "{}",
        error.message
    );
    let set = "<tile-set id=\"s\"/>\n";
    let text = format!("<defs><sets>\n{}</sets></defs>", set.repeat(xml::MAX_SETS + 1));
    let error = xml::read(&text, "x").unwrap_err();
    assert_eq!(error.pos.line, xml::MAX_SETS as u32 + 2);
    assert!(error.message.contains("more than 1000 <tile-set>"), "{}", error.message);
    let r = "<ref tile=\"t\"/>\n";
    let text = format!(
        "<defs><sets><tile-set id=\"s\">\n{}</tile-set></sets></defs>",
        r.repeat(xml::MAX_REFS + 1)
    );
    let error = xml::read(&text, "x").unwrap_err();
    assert!(error.message.contains("more than 100000 <ref>"), "{}", error.message);
    let text = format!(
        "<defs><tiles><tile id=\"t\">{}</tile></tiles></defs>",
        "<hill/>".repeat(300)
    );
    let error = xml::read(&text, "x").unwrap_err();
    assert!(error.message.contains("more than 256 elements"), "{}", error.message);
}

#[test]
fn tiles_in_no_set_and_tiles_defined_twice_are_noted_once_each() {
    let tile = |id: &str| format!("<tile id=\"{id}\"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>\n");
    let mut tiles: String = (0..5000).map(|i| tile(&format!("Z/{i}"))).collect();
    tiles.push_str(&tile("Z/0"));
    let text = format!(
        "<defs><tiles>\n{tiles}</tiles><sets><tile-set id=\"z\"><ref tile=\"Z/0\" count=\"2\"/><ref tile=\"Z/0\"/></tile-set></sets></defs>"
    );
    let (defs, _) = xml::read(&text, "x").unwrap();
    let out = import::import(&defs, "z.xml", "jcz-");
    assert_eq!(out.sets[0].tiles.len(), 1);
    assert_eq!(out.sets[0].tiles[0].count, Count::All(3));
    let in_no_set = out.notes.iter().filter(|n| n.contains("is in no tile set")).count();
    assert_eq!(in_no_set, 4999);
    assert!(
        out.notes
            .iter()
            .any(|n| n == "z.xml:5002: tile `Z/0` is defined again (first at line 2); this definition is left out"),
        "{:?}",
        &out.notes[..3]
    );
}

#[test]
fn sets_whose_ids_would_collide_are_kept_apart() {
    let text = r#"<defs><tiles>
      <tile id="A/m"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>
      <tile id="B/m"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>
    </tiles><sets><tile-set id="a.b"><ref tile="A/m"/></tile-set><tile-set id="a-b"><ref tile="B/m"/></tile-set></sets></defs>"#;
    let out = imported(text);
    let ids: Vec<&str> = out.sets.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["jcz-a-b", "jcz-a-b-2"]);
    assert!(
        out.notes.contains(
            &"test.xml: sets `a.b` and `a-b` would both be tile set `jcz-a-b`; `a-b` is `jcz-a-b-2`".to_owned()
        ),
        "{:?}",
        out.notes
    );
}

#[test]
fn marks_and_goods_bring_their_declarations() {
    let text = r#"<defs><tiles>
      <tile id="Y/inn"><road inn="true">W E</road><field>NL NR EL WR</field><field>ER SL SR WL</field></tile>
      <tile id="Y/goods"><city resource="wine" cathedral="yes">N E S W</city></tile>
    </tiles><sets><tile-set id="y"><ref tile="Y/inn" count="1"/><ref tile="Y/goods" count="1"/></tile-set></sets></defs>"#;
    let out = imported(text);
    let set = &out.sets[0];
    assert_eq!(set.tiles[0].features["r"].marks, ["inn"]);
    assert_eq!(set.tiles[1].features["c"].marks, ["cathedral"]);
    assert_eq!(set.tiles[1].features["c"].tokens, ["wine"]);
    let bundled_inn = &bundled::catalog().tileset("inns-and-cathedrals").unwrap().model.marks["inn"];
    assert_eq!(&set.marks["inn"], bundled_inn);
    assert!(set.tokens.contains_key("wine"));
}

#[test]
fn a_tiles_own_id_comes_back_unless_two_tiles_would_share_it() {
    let text = r#"<defs><tiles>
    <tile id="a/X" tilewright-id="X" tilewright-name="Cloister"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>
    <tile id="b/X" tilewright-id="Y"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>
    <tile id="b/Z" tilewright-id="Y"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>
    </tiles><sets>
    <tile-set id="a"><ref tile="a/X" count="1"/></tile-set>
    <tile-set id="b"><ref tile="b/X" count="1"/><ref tile="b/Z" count="1"/></tile-set>
    </sets></defs>"#;
    let mut out = imported(text);
    out.restore_ids();
    let ids: Vec<(&str, &str)> = out
        .sets
        .iter()
        .flat_map(|s| &s.tiles)
        .map(|t| (t.id.as_str(), t.name.as_str()))
        .collect();
    assert_eq!(ids, [("X", "Cloister"), ("b/X", ""), ("b/Z", "")]);
    assert_eq!(out.notes.len(), 2, "{:?}", out.notes);
    assert!(
        out.notes[0].contains("tile `b/X` was exported as `Y`"),
        "{}",
        out.notes[0]
    );
    support::validated(&out.sets);
}

/// The River as JCZ's tile XML writes it, tile for tile the bundled `river.toml` (same ids,
/// counts and editions): JCZ's `EL` is the north half of the east side (`En`), `WR` of the
/// west side (`Wn`), and so on clockwise.
const RIVER: &str = r#"<?xml version="1.0"?>
<defs>
  <tiles>
    <tile id="RI/s" group="river-spring"><field>NL NR EL ER SL SR WL WR</field><river>E</river></tile>
    <tile id="RI.1/I.e" group="river-lake"><field>NL NR EL ER SL SR WL WR</field><river>W</river></tile>
    <tile id="RI.1/CICI" group="river">
      <city>N</city><city>S</city>
      <field city="N">EL WR</field><field city="S">ER WL</field>
      <river>W E</river>
    </tile>
    <tile id="RI.1/CIRI" group="river">
      <city>N</city><road>S</road>
      <field city="N">EL</field><field city="N">WR</field><field>ER SL</field><field>WL SR</field>
      <river>W E</river>
    </tile>
    <tile id="RI.1/LIRI" group="river">
      <monastery wagon-move="a"/><road wagon-move="a">S</road>
      <field>WR NL NR EL</field><field>ER SL</field><field>WL SR</field>
      <river>W E</river>
    </tile>
    <tile id="RI.1/RIrI" group="river">
      <road>W E</road>
      <field>WR NL</field><field>NR EL</field><field>ER SL</field><field>WL SR</field>
      <river>N S</river>
    </tile>
    <tile id="RI.1/IFI" group="river">
      <field>WR NL NR EL</field><field>ER SL SR WL</field>
      <river>W E</river>
    </tile>
    <tile id="RI.1/CcII" group="river">
      <city>N W</city>
      <field city="N">EL SR</field><field>ER SL</field>
      <river>E S</river>
    </tile>
    <tile id="RI.1/RrII" group="river">
      <road>N E</road>
      <field>WR NL ER SL</field><field>NR EL</field><field>WL SR</field>
      <river>S W</river>
    </tile>
    <tile id="RI.1/II" group="river">
      <field>WR NL NR EL ER SL</field><field>WL SR</field>
      <river>S W</river>
    </tile>
    <tile id="RI.1/IIG" group="river">
      <field>WR NL NR EL ER SL</field><field>WL SR</field><garden/>
      <river>S W</river>
    </tile>
  </tiles>
  <sets>
    <tile-set id="river:1">
      <ref tile="RI/s"/><ref tile="RI.1/I.e"/><ref tile="RI.1/CICI"/><ref tile="RI.1/CIRI"/>
      <ref tile="RI.1/LIRI"/><ref tile="RI.1/RIrI"/><ref tile="RI.1/IFI" count="2"/>
      <ref tile="RI.1/CcII"/><ref tile="RI.1/RrII"/><ref tile="RI.1/II" count="2"/>
    </tile-set>
    <tile-set id="river:2">
      <ref tile="RI/s"/><ref tile="RI.1/I.e"/><ref tile="RI.1/CICI"/><ref tile="RI.1/CIRI"/>
      <ref tile="RI.1/LIRI"/><ref tile="RI.1/RIrI"/><ref tile="RI.1/IFI" count="2"/>
      <ref tile="RI.1/CcII"/><ref tile="RI.1/RrII"/><ref tile="RI.1/II"/><ref tile="RI.1/IIG"/>
    </tile-set>
  </sets>
</defs>
"#;

/// A tile's features without their ids: kind, the edges each lies on (sorted) and how a road
/// ends; sorted.
fn shapes(tile: &tilewright_engine::model::Tile) -> Vec<String> {
    let mut shapes: Vec<String> = tile
        .features
        .values()
        .map(|f| {
            let mut on: Vec<&str> = f.on.iter().map(|e| e.0.as_str()).collect();
            on.sort_unstable();
            format!("{:?} {on:?} {:?}", f.kind, f.end)
        })
        .collect();
    shapes.sort();
    shapes
}

#[test]
fn the_river_imports_as_the_bundled_river() {
    let out = imported(RIVER);
    assert!(out.notes.is_empty(), "{:?}", out.notes);
    let set = &out.sets[0];
    let bundled = &bundled::catalog().tileset("river").unwrap().model;
    assert_eq!(set.edge_kinds, bundled.edge_kinds);
    assert_eq!(set.deal, bundled.deal, "spring (starting with RI/s), river, lake");
    assert_eq!(set.start_tile, None);
    assert_eq!(set.editions, bundled.editions);
    assert_eq!(set.tiles.len(), bundled.tiles.len());
    for tile in &set.tiles {
        let same = bundled.tiles.iter().find(|t| t.id == tile.id).unwrap();
        assert_eq!(tile.edges, same.edges, "{}", tile.id);
        assert_eq!(tile.group, same.group, "{}", tile.id);
        assert_eq!(tile.count, same.count, "{}", tile.id);
        assert_eq!(shapes(tile), shapes(same), "{}", tile.id);
    }
}

#[test]
fn the_river_imported_plays_as_the_bundled_river() {
    use std::sync::Arc;
    use tilewright_engine::FromCatalog;
    use tilewright_engine::game::GameDef;
    use tilewright_engine::{Catalog, simulate};

    let out = imported(RIVER);
    let catalog = support::validated(&out.sets).with_base(bundled::catalog());
    let mean_scores = |catalog: &Catalog, river: &str, edition: &str| {
        let sets = [format!("base@{edition}"), format!("{river}@{edition}")];
        let def = GameDef::from_catalog(catalog, &sets, edition).expect("game");
        let plan = simulate::Plan {
            players: 2,
            games: 20,
            seed: 11,
            threads: 1,
            policy: Default::default(),
        };
        simulate::run(Arc::new(def), &plan).expect("run").mean_scores
    };
    for edition in ["first-edition", "new-edition"] {
        let scores = mean_scores(&catalog, "jcz-river", edition);
        assert!(scores.iter().all(|s| *s > 0.0), "{scores:?}");
        assert_eq!(
            scores,
            mean_scores(bundled::catalog(), "river", edition),
            "the {edition}"
        );
    }
}

#[test]
fn a_river_off_whole_sides_or_out_of_the_river_groups_leaves_its_tile_out() {
    let text = r#"<defs><tiles>
      <tile id="R/s" group="river-spring"><field>NL NR EL ER SL SR WL WR</field><river>E</river></tile>
      <tile id="R/half" group="river"><field>NL NR EL ER SL SR WL WR</field>
        <river>EL WR</river></tile>
      <tile id="R/odd" group="rivers"><field>NL NR EL ER SL SR WL WR</field><river>W E</river></tile>
      <tile id="R/road" group="river"><road>W E</road><field>NL NR EL WR</field><field>ER SL SR WL</field>
        <river>E</river></tile>
      <tile id="R/fork" group="river-fork"><field>NL NR EL</field><field>ER SL</field><field>SR WL WR</field>
        <river>N E S</river></tile>
    </tiles><sets><tile-set id="r">
      <ref tile="R/s"/><ref tile="R/half"/><ref tile="R/odd"/><ref tile="R/road"/><ref tile="R/fork"/>
    </tile-set></sets></defs>"#;
    let out = imported(text);
    let set = &out.sets[0];
    let ids: Vec<&str> = set.tiles.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["R/s", "R/fork"]);
    let groups: Vec<&str> = set.deal.iter().map(|d| d.group.as_str()).collect();
    assert_eq!(groups, ["spring", "fork"]);
    assert_eq!(set.deal[0].start.as_deref(), Some("R/s"), "the first spring starts");
    assert_eq!(
        set.tiles[1].edges.each_ref().map(|e| e.0.as_str()),
        ["river", "river", "river", "field"]
    );
    assert_eq!(
        out.notes,
        [
            "test.xml:4: tile `R/half`: a river must lie on whole sides; tile left out",
            "test.xml:5: tile `R/odd`: a river tile needs one of JCZ's river groups (`river-spring`, `river-fork`, `river`, `river-lake`), and `group=\"rivers\"` is none of them; tile left out",
            "test.xml:7: tile `R/road`: the river shares side E with a city or road; tile left out",
        ]
    );
}

#[test]
fn a_spring_gets_its_own_id_back_as_the_start_of_its_group() {
    let text = r#"<defs><tiles>
      <tile id="a/s" group="river-spring" tilewright-id="spring"><field>NL NR EL ER SL SR WL WR</field><river>E</river></tile>
      <tile id="a/e" group="river-lake"><field>NL NR EL ER SL SR WL WR</field><river>W</river></tile>
    </tiles><sets><tile-set id="a"><ref tile="a/s"/><ref tile="a/e"/></tile-set></sets></defs>"#;
    let mut out = imported(text);
    out.restore_ids();
    assert_eq!(out.sets[0].tiles[0].id, "spring");
    assert_eq!(out.sets[0].deal[0].start.as_deref(), Some("spring"));
    support::validated(&out.sets);
}

#[test]
fn a_spring_starts_the_game_in_place_of_the_start_tile_of_its_set() {
    let text = r#"<defs><tiles>
      <tile id="BA/RCr"><road>W E</road><city>N</city><field city="N">EL WR</field><field>ER SL SR WL</field></tile>
      <tile id="RI/s" group="river-spring"><field>NL NR EL ER SL SR WL WR</field><river>E</river></tile>
      <tile id="RI/e" group="river-lake"><field>NL NR EL ER SL SR WL WR</field><river>W</river></tile>
    </tiles><sets><tile-set id="b"><ref tile="BA/RCr"/><ref tile="RI/s"/><ref tile="RI/e"/></tile-set></sets></defs>"#;
    let out = imported(text);
    let set = &out.sets[0];
    assert_eq!(set.start_tile, None);
    assert_eq!(set.deal[0].start.as_deref(), Some("RI/s"));
    assert!(set.figures.contains_key("follower"), "a base game brings its followers");
    assert_eq!(
        out.notes,
        ["test.xml: set `b`: the river's spring starts the game, not `BA/RCr`, which is dealt with the other tiles"]
    );
}
