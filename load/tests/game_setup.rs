//! Games set up from checked files: the edition a tile set plays, house rules, and the values
//! of mechanisms, as the files and the rules say.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use tilewright_load::validate::validate_sources;
use tilewright_load::{Catalog, FromCatalog, Source, bundled};
use tilewright_model::{ExpansionFile, FeatureKind, Figure, FigureMechanism, Role, Spot, Strength};
use tilewright_rules::game::{EditionFrom, GameDef, MechanismSet, SetupError, kind_bit};

/// The bundled files with house rules from `rules` (`(file name, text)`), which must
/// validate cleanly.
fn catalog(rules: &[(&str, &str)]) -> Catalog {
    catalog_warned(rules, &[])
}

/// [`catalog`] for files that validate with exactly these warnings (each a part of one
/// warning's message, in order).
fn catalog_warned(rules: &[(&str, &str)], warnings: &[&str]) -> Catalog {
    let sources = rules.iter().map(|(path, text)| Source::new(*path, *text)).collect();
    let report = validate_sources(sources, bundled::catalog());
    let said: Vec<&str> = report.diagnostics.iter().map(|d| d.message.as_str()).collect();
    let as_expected = report.errors() == 0
        && said.len() == warnings.len()
        && said.iter().zip(warnings).all(|(message, part)| message.contains(part));
    assert!(as_expected, "{:#?}", report.diagnostics);
    report.catalog.with_base(bundled::catalog())
}

fn play(catalog: &Catalog, sets: &[&str], rules: &str) -> GameDef {
    let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
    GameDef::from_catalog(catalog, &sets, rules).unwrap()
}

#[test]
fn a_set_named_twice_is_refused_before_anything_is_hashed_or_compiled() {
    let catalog = bundled::catalog();
    let refused = |sets: &[String]| GameDef::from_catalog(catalog, sets, "new-edition").unwrap_err();
    let twice = |id: &str| SetupError::NamedTwice(id.to_owned());
    let sets = ["base", "base@first-edition"].map(str::to_owned);
    assert_eq!(refused(&sets), twice("base"));
    let sets = ["base", "abbey-and-mayor", "hills-and-sheep", "abbey-and-mayor"].map(str::to_owned);
    assert_eq!(refused(&sets), twice("abbey-and-mayor"));
    assert_eq!(
        refused(&sets).to_string(),
        "the tile set or expansion `abbey-and-mayor` is named twice; a game plays each once, in one edition"
    );
    // Hashing and compiling each of these took seconds and gigabytes.
    let started = std::time::Instant::now();
    assert_eq!(refused(&vec!["base".to_owned(); 100_000]), twice("base"));
    assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
}

#[test]
fn house_rules_play_the_edition_of_the_rules_they_extend() {
    let catalog = catalog(&[
        (
            "new.toml",
            "id = \"my-rules\"\nname = \"Mine\"\nextends = \"new-edition\"\n",
        ),
        (
            "old.toml",
            "id = \"old-rules\"\nname = \"Old\"\nextends = \"first-edition\"\n",
        ),
        (
            "deep.toml",
            "id = \"deeper\"\nname = \"Deeper\"\nextends = \"my-rules\"\n",
        ),
    ]);
    let new = play(&catalog, &["base@new-edition"], "new-edition");
    let first = play(&catalog, &["base@first-edition"], "first-edition");
    assert_ne!(new.pile(), first.pile(), "the editions differ in their tiles");

    let house = play(&catalog, &["base", "abbey-and-mayor"], "my-rules");
    assert_eq!(house.pile()[..new.pile().len()], *new.pile());
    assert_eq!(house.sets()[0].edition, "new-edition");
    assert_eq!(house.sets()[1].edition, "new-edition");
    let from = EditionFrom::RuleSet("new-edition".into());
    assert_eq!(house.editions_from(), [from.clone(), from.clone()]);
    assert_eq!(house.rules().extends, ["new-edition"]);

    let deeper = play(&catalog, &["base"], "deeper");
    assert_eq!(deeper.pile(), new.pile());
    assert_eq!(deeper.editions_from(), [from]);
    assert_eq!(deeper.rules().extends, ["my-rules", "new-edition"]);

    let old = play(&catalog, &["base"], "old-rules");
    assert_eq!(old.pile(), first.pile());
    assert_eq!(old.sets()[0].edition, "first-edition");

    // A named edition is played whatever the rules.
    let named = play(&catalog, &["base@first-edition"], "my-rules");
    assert_eq!(named.pile(), first.pile());
    assert_eq!(named.editions_from(), [EditionFrom::Named]);
}

#[test]
fn a_set_of_one_edition_plays_it_under_any_rules_and_says_so() {
    // Every bundled expansion lists two editions, so one of its own is written here.
    let one = "id = \"one\"\nname = \"One\"\n\n[[tiles]]\nid = \"ONE\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";
    let catalog = catalog_warned(&[("one.toml", one)], &[]);
    let def = play(&catalog, &["base", "one"], "new-edition");
    assert_eq!(def.sets()[1].edition, "first-edition");
    assert_eq!(def.editions_from()[1], EditionFrom::Only);
    // Rules named like its one edition play it by that name.
    let def = play(&catalog, &["base", "one"], "first-edition");
    assert_eq!(def.editions_from()[1], EditionFrom::RuleSet("first-edition".into()));
    // Named, it is named; a set of two editions falls back on its first, as before.
    let named = play(&catalog, &["base", "one@first-edition"], "new-edition");
    assert_eq!(named.editions_from()[1], EditionFrom::Named);
    let two = one
        .replace("\"one\"", "\"two\"")
        .replace("ONE", "TWO")
        .replace("\n\n[[tiles]]", "\neditions = [\"a\", \"b\"]\n\n[[tiles]]");
    let catalog = catalog_warned(&[("two.toml", &two)], &[]);
    assert_eq!(
        play(&catalog, &["base", "two"], "new-edition").editions_from()[1],
        EditionFrom::First
    );
}

#[test]
fn a_declared_edition_wins_and_one_the_set_lacks_is_reported() {
    let catalog = catalog_warned(
        &[
            (
                "declared.toml",
                "id = \"declared\"\nname = \"D\"\nextends = \"new-edition\"\nedition = \"first-edition\"\n",
            ),
            ("child.toml", "id = \"child\"\nname = \"C\"\nextends = \"declared\"\n"),
            (
                "odd.toml",
                "id = \"odd\"\nname = \"O\"\nextends = \"new-edition\"\nedition = \"third-edition\"\n",
            ),
        ],
        &["an edition `third-edition`"],
    );
    let first = play(&catalog, &["base@first-edition"], "first-edition");
    for rules in ["declared", "child"] {
        let def = play(&catalog, &["base"], rules);
        assert_eq!(def.pile(), first.pile(), "{rules}");
        assert_eq!(def.editions_from(), [EditionFrom::Declared], "{rules}");
        assert_eq!(def.rules().edition.as_deref(), Some("first-edition"));
    }
    let odd = play(&catalog, &["base"], "odd");
    assert_eq!(odd.pile(), first.pile());
    assert_eq!(odd.sets()[0].edition, "first-edition");
    assert_eq!(odd.editions_from(), [EditionFrom::Missing("third-edition".into())]);
}

#[test]
fn house_rules_leave_mechanisms_and_figures_out_and_change_counts() {
    let catalog = catalog(&[
        (
            "more.toml",
            "id = \"more\"\nname = \"M\"\nextends = \"new-edition\"\n[figures]\nfollower = 9\nmayor = 2\n",
        ),
        (
            "bare.toml",
            "id = \"bare\"\nname = \"B\"\nextends = \"more\"\n[figures]\nfollower = 8\n[switches]\n\
             farmers = false\nhills = false\nvineyards = false\nshepherd = false\nabbeys = false\n\
             wagon = false\nbarn = false\n",
        ),
    ]);
    let sets = ["base", "abbey-and-mayor", "hills-and-sheep"];
    let all = play(&catalog, &sets, "new-edition");
    assert_eq!(all.mechanisms().iter().count(), 3);
    assert!(!all.held().is_empty() && !all.bag().is_empty());
    let count = |def: &GameDef, id: &str| def.figures()[def.figure_index(id).unwrap() as usize].count;
    let field = kind_bit(FeatureKind::Field);

    let more = play(&catalog, &sets, "more");
    assert_eq!((count(&more, "follower"), count(&more, "mayor")), (9, 2));
    assert_eq!(count(&more, "wagon"), 1);

    let bare = play(&catalog, &sets, "bare");
    // The nearest rule set's count wins; the others come down the chain.
    assert_eq!((count(&bare, "follower"), count(&bare, "mayor")), (8, 2));
    for left_out in ["wagon", "barn", "shepherd"] {
        assert_eq!(count(&bare, left_out), 0, "{left_out}");
    }
    let ids = |def: &GameDef| def.figures().iter().map(|f| f.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&bare), ids(&all), "figure indices do not depend on house rules");
    assert_eq!(bare.figures()[0].stands_on & field, 0, "no farmers");
    assert_ne!(all.figures()[0].stands_on & field, 0);
    assert_eq!(bare.mechanisms(), MechanismSet::default());
    assert!(bare.held().is_empty() && bare.bag().is_empty());
    assert_eq!(bare.pile(), all.pile(), "tiles of a mechanism left out are still dealt");

    // Other rules on the same files work everything out again, both ways.
    let switched = all.clone().with_rules(bare.rules().clone()).unwrap();
    assert_eq!(switched.figures(), bare.figures());
    assert_eq!(
        (switched.mechanisms(), switched.held(), switched.bag()),
        (bare.mechanisms(), bare.held(), bare.bag())
    );
    let back = switched.with_rules(all.rules().clone()).unwrap();
    assert_eq!(
        (back.figures(), back.mechanisms(), back.held()),
        (all.figures(), all.mechanisms(), all.held())
    );

    let mut rules = all.rules().clone();
    rules.figures.insert("wizard".into(), 1);
    match all.clone().with_rules(rules) {
        Err(SetupError::UnknownFigure { id, known }) => {
            assert_eq!(id, "wizard");
            assert_eq!(known, "follower, barn, mayor, wagon, shepherd");
        }
        other => panic!("{other:?}"),
    }
    let mut rules = play(&catalog, &["base"], "new-edition").rules().clone();
    rules.figures.insert("follower".into(), 0);
    let base = play(&catalog, &["base"], "new-edition");
    assert_eq!(
        base.with_rules(rules).unwrap_err(),
        SetupError::NoFiguresByRules("new-edition".into())
    );
}

fn values_of(catalog: &Catalog, sets: &[&str], rules: &str) -> Vec<(String, u32)> {
    let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
    let def = GameDef::from_catalog(catalog, &sets, rules).unwrap();
    def.values().clone().into_iter().collect()
}

#[test]
fn rule_sets_replace_the_files_values_down_their_extends_chain() {
    let catalog = catalog(&[
        (
            "rich.toml",
            "id = \"rich\"\nname = \"r\"\nextends = \"new-edition\"\n[values]\nbarn-final-per-city = 5\nvineyard = 1\n",
        ),
        (
            "richer.toml",
            "id = \"richer\"\nname = \"r\"\nextends = \"rich\"\n[values]\nbarn-final-per-city = 6\n",
        ),
    ]);
    let all = ["base", "abbey-and-mayor", "hills-and-sheep"];
    let pair = |k: &str, v: u32| (k.to_owned(), v);
    assert_eq!(
        values_of(&catalog, &all, "new-edition"),
        [
            pair("barn-final-per-city", 4),
            pair("barn-joined-per-city", 1),
            pair("barn-placed-per-city", 3),
            pair("vineyard", 3),
            pair("vineyard-garden", 0)
        ]
    );
    assert_eq!(
        values_of(&catalog, &all, "richer"),
        [
            pair("barn-final-per-city", 6),
            pair("barn-joined-per-city", 1),
            pair("barn-placed-per-city", 3),
            pair("vineyard", 1),
            pair("vineyard-garden", 0)
        ]
    );
    // A value of a mechanism not in play is not a value of the game.
    assert_eq!(
        values_of(&catalog, &["base", "hills-and-sheep"], "rich"),
        [pair("vineyard", 1), pair("vineyard-garden", 0)]
    );
    assert!(values_of(&catalog, &["base"], "richer").is_empty());
}

#[test]
fn setup_refuses_a_mechanism_without_its_values_and_two_defaults_of_one_value() {
    let bundled = bundled::catalog();
    let base = &bundled.tileset("base").unwrap().model;
    let all: Vec<_> = bundled.rulesets.iter().map(|r| &r.model).collect();
    let rules = tilewright_model::resolve("new-edition", &all).unwrap();
    let barn = Figure {
        role: Role::Special,
        count: 1,
        strength: Strength::default(),
        stands_on: vec![Spot::FieldCorner],
        mechanism: Some(FigureMechanism::Barn),
        joins: None,
        effect: None,
    };
    let expansion = |id: &str, values: &[(&str, u32)]| ExpansionFile {
        id: id.into(),
        name: id.into(),
        figures: BTreeMap::from([(format!("{id}-barn"), barn.clone())]),
        bags: BTreeMap::new(),
        mechanisms: Vec::new(),
        marks: BTreeMap::new(),
        tokens: BTreeMap::new(),
        values: values.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
    };
    let setup = |expansions: &[&ExpansionFile]| GameDef::new(&[(base, None)], expansions, rules.clone());
    let bare = expansion("bare", &[]);
    assert_eq!(
        setup(&[&bare]).unwrap_err(),
        SetupError::MissingValue {
            key: "barn-placed-per-city".into(),
            by: "bare-barn".into()
        }
    );
    let full = |id: &str, at_end: u32| {
        expansion(
            id,
            &[
                ("barn-placed-per-city", 3),
                ("barn-joined-per-city", 1),
                ("barn-final-per-city", at_end),
            ],
        )
    };
    let (four, same, five) = (full("four", 4), full("same", 4), full("five", 5));
    assert_eq!(setup(&[&four, &same]).unwrap().value("barn-final-per-city"), 4);
    assert_eq!(
        setup(&[&four, &five]).unwrap_err(),
        SetupError::ValueTwice("barn-final-per-city".into())
    );
    // Without a count, the barn is out of play and its values are not needed.
    let mut off = rules.clone();
    off.figures.insert("bare-barn".into(), 0);
    assert!(GameDef::new(&[(base, None)], &[&bare], off).is_ok());
}

#[test]
fn a_value_added_later_plays_its_undeclared_value_and_takes_house_rules() {
    // A file switching vineyards on, written before `vineyard-garden` existed.
    let text = "id = \"vines\"\nname = \"Vines\"\nmechanisms = [\"vineyards\"]\n[values]\nvineyard = 3\n";
    let report = validate_sources(vec![Source::new("vines.toml", text)], bundled::catalog());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let vines: ExpansionFile = toml::from_str(text).unwrap();
    let bundled = bundled::catalog();
    let base = &bundled.tileset("base").unwrap().model;
    let all: Vec<_> = bundled.rulesets.iter().map(|r| &r.model).collect();
    let mut rules = tilewright_model::resolve("new-edition", &all).unwrap();
    let plain = GameDef::new(&[(base, None)], &[&vines], rules.clone()).unwrap();
    assert_eq!((plain.value("vineyard"), plain.value("vineyard-garden")), (3, 0));
    rules.values.insert("vineyard-garden".into(), 3);
    let house = GameDef::new(&[(base, None)], &[&vines], rules).unwrap();
    assert_eq!(house.value("vineyard-garden"), 3);
}

#[test]
fn game_setup_finds_rules_only_in_the_catalog_it_is_given() {
    let base = bundled::catalog();
    let tiles_only = Catalog {
        tilesets: base.tilesets.clone(),
        ..Catalog::default()
    };
    let sets = ["base".to_owned()];
    let refused = GameDef::from_catalog(&tiles_only, &sets, "new-edition").unwrap_err();
    assert!(matches!(refused, SetupError::UnknownRules(..)), "{refused}");
    let with_rules = tiles_only.with_base(base);
    assert!(GameDef::from_catalog(&with_rules, &sets, "new-edition").is_ok());
}
