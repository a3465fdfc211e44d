//! Every kind of bad input gets one clear diagnostic at the right line and column.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use tilewright_engine::Diagnostic;
use tilewright_engine::bundled;
use tilewright_engine::template::with_schema_line;
use tilewright_engine::validate::validate_paths;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/bad")
        .join(name)
}

/// The `#:schema` line of a file of `kind` (`tileset`) written anywhere: the schema's absolute
/// path.
fn schema_line(kind: &str) -> String {
    let schema = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../schemas/{kind}.schema.json"));
    format!("#:schema {}\n", schema.display())
}

fn diagnostics(paths: &[PathBuf]) -> Vec<Diagnostic> {
    validate_paths(paths, bundled::catalog()).diagnostics
}

/// Asserts the files give exactly one error per expectation: (line, column, words of the message).
fn expect(paths: &[PathBuf], expected: &[(usize, usize, &str)]) {
    expect_severity(paths, expected, true);
}

/// Asserts the files give exactly one warning per expectation, and no error.
fn expect_warnings(paths: &[PathBuf], expected: &[(usize, usize, &str)]) {
    expect_severity(paths, expected, false);
}

fn expect_severity(paths: &[PathBuf], expected: &[(usize, usize, &str)], errors: bool) {
    let found = diagnostics(paths);
    let shown: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
        .collect();
    assert_eq!(found.len(), expected.len(), "{shown:#?}");
    for &(line, column, words) in expected {
        assert!(
            found
                .iter()
                .any(|d| d.line == line && d.column == column && d.message.contains(words) && d.is_error() == errors),
            "no error at {line}:{column} containing {words:?} in {shown:#?}"
        );
    }
    assert!(
        found.iter().all(|d| !d.help.is_empty()),
        "every diagnostic says how to fix it: {found:#?}"
    );
}

#[test]
fn syntax_error() {
    expect(
        &[fixture("syntax.toml")],
        &[(3, 24, "TOML syntax: invalid basic string")],
    );
}

#[test]
fn wrong_type() {
    expect(
        &[fixture("wrong-types.toml")],
        &[(7, 9, "expected an integer or a table, found a string")],
    );
}

#[test]
fn unknown_feature_kind() {
    // Its pennants are not reported too: a kind that is no known word ties no key.
    expect(
        &[fixture("unknown-kind.toml")],
        &[(10, 23, "`castle` is not one of `city`, `road`, `field`")],
    );
}

#[test]
fn a_key_of_another_kind_of_feature() {
    // The schema rejects it: one message at the key, naming where it belongs.
    let path = fixture("pennants-on-road.toml");
    expect(
        std::slice::from_ref(&path),
        &[(9, 48, "`pennants` belongs on a city, but `r` is a road")],
    );
    let found = diagnostics(&[path]);
    assert_eq!(found[0].help, "remove `pennants`, or change `kind` to \"city\"");
}

#[test]
fn a_misspelt_edge_word() {
    let path = fixture("edge-typo.toml");
    expect(
        std::slice::from_ref(&path),
        &[(8, 10, "`cty` is not a valid edge layout")],
    );
    let found = diagnostics(&[path]);
    assert!(found[0].help.starts_with("did you mean `city`?"), "{}", found[0].help);
}

#[test]
fn a_field_naming_a_city_beyond_a_road() {
    expect_warnings(
        &[fixture("field-city-apart.toml")],
        &[(
            12,
            67,
            "field-city-apart: field `f2` of tile `D` names city `c`, but none of its segments reaches that city",
        )],
    );
}

#[test]
fn a_field_on_both_sides_of_a_road_across_the_tile() {
    expect_warnings(
        &[fixture("field-across-road.toml")],
        &[(
            10,
            37,
            "field-across-road: field `f` of tile `U` lies on both sides of road `r`: N1 (field 0..40) and N3 (field 60..100)",
        )],
    );
}

#[test]
fn a_field_on_both_sides_of_a_road_into_a_gate_or_of_roads_meeting_at_a_crossing() {
    expect_warnings(
        &[fixture("field-across-gate-road.toml")],
        &[
            (
                13,
                37,
                "field-across-road: field `f` of tile `G` lies on both sides of road `r` (into the gate of `c`): E1 (field 0..50) and S3 (field 60..100)",
            ),
            (
                24,
                38,
                "field-across-road: field `f2` of tile `X` lies on both sides of the roads meeting at the crossing (`r1`, `r2`, `r3`): E3 (field 60..100) and S3 (field 60..100)",
            ),
        ],
    );
}

#[test]
fn a_field_naming_a_city_twice() {
    expect_warnings(
        &[fixture("field-city-twice.toml")],
        &[(10, 69, "field-city-twice: field `f` of tile `E` names city `c` twice")],
    );
}

#[test]
fn an_inner_field_bordering_nothing() {
    expect_warnings(
        &[fixture("inner-field-alone.toml")],
        &[(
            11,
            19,
            "inner-field-alone: field `pocket` of tile `B` reaches no edge and names no city",
        )],
    );
}

#[test]
fn edge_positions_that_fall() {
    expect(
        &[fixture("positions-fall.toml")],
        &[(8, 10, "positions must rise along the edge")],
    );
}

#[test]
fn overlapping_claims_on_one_segment() {
    expect(
        &[fixture("segment-claimed-twice.toml")],
        &[(8, 10, "segment N1 (city 0..100) is claimed by features `c1` and `c2`")],
    );
}

#[test]
fn a_feature_naming_a_segment_twice() {
    expect(
        &[fixture("segment-named-twice.toml")],
        &[(8, 10, "feature `c` names segment N1 (city 0..100) more than once")],
    );
}

#[test]
fn dangling_references() {
    expect(
        &[fixture("dangling.toml")],
        &[
            (4, 14, "start tile `Z` is not a tile of this set"),
            (11, 67, "`gate` is not a city of tile `S`"),
            (13, 56, "has no feature `town`"),
        ],
    );
}

#[test]
fn missing_image() {
    expect(
        &[fixture("missing-image.toml")],
        &[(8, 9, "image `images/nowhere.png` does not exist")],
    );
}

#[test]
fn corrupt_image() {
    expect(
        &[fixture("corrupt-image.toml")],
        &[(8, 9, "image `images/corrupt.png` is corrupt")],
    );
}

#[test]
fn image_path_escaping_the_folder() {
    expect(
        &[fixture("escaping-image.toml")],
        &[(8, 9, "leaves the tile set's folder")],
    );
}

#[test]
fn empty_file() {
    expect(
        &[fixture("empty.toml")],
        &[(1, 1, "cannot tell whether this is a tile set")],
    );
}

#[test]
fn rule_set_extending_nothing_known() {
    expect(
        &[fixture("rules-unknown-parent.toml")],
        &[(4, 11, "there is no rule set `second-edition` to extend")],
    );
}

#[test]
fn rule_set_leaving_values_unset() {
    expect(
        &[fixture("rules-incomplete.toml")],
        &[(2, 6, "leaves 28 unset: scoring.road-per-tile-final")],
    );
}

#[test]
fn rule_sets_extending_each_other() {
    expect(
        &[fixture("rules-cycle-a.toml"), fixture("rules-cycle-b.toml")],
        &[
            (4, 11, "cycle-a → cycle-b → cycle-a"),
            (4, 11, "cycle-b → cycle-a → cycle-b"),
        ],
    );
}

#[test]
fn rule_switch_with_an_unknown_value() {
    expect(
        &[fixture("rules-bad-value.toml")],
        &[(7, 16, "`per-farmer` is not one of `per-field`, `per-city`")],
    );
}

#[test]
fn binary_file() {
    let tmp = tempdir("binary");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("binary.toml");
    std::fs::write(&path, b"id = \"x\"\n\x00\x01\x02\xff").unwrap();
    expect(&[path], &[(2, 1, "has a NUL byte at byte 9")]);
}

#[test]
fn invalid_utf8() {
    let tmp = tempdir("utf8");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("latin1.toml");
    std::fs::write(&path, b"id = \"x\"\nname = \"caf\xe9\"\n").unwrap();
    expect(&[path], &[(2, 12, "is not valid UTF-8 at byte 20")]);
}

#[test]
fn very_large_file() {
    let tmp = tempdir("large");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("large.toml");
    let line = "# padding padding padding padding padding padding padding padding padding\n";
    std::fs::write(&path, line.repeat(9 * 1024 * 1024 / line.len() + 1)).unwrap();
    expect(&[path], &[(1, 1, "too large for a data file")]);
}

#[test]
fn duplicate_tile_ids_across_files() {
    let tmp = tempdir("duplicates");
    let dir = tmp.path().to_path_buf();
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tilesets/base.toml");
    // Without its `#:schema` line, which leads nowhere from the temporary folder.
    let text =
        with_schema_line(&std::fs::read_to_string(&base).unwrap(), None).replace("id = \"base\"", "id = \"copy\"");
    let copy = dir.join("copy.toml");
    std::fs::write(&copy, text).unwrap();
    let found = diagnostics(&[base, copy]);
    assert_eq!(found.len(), 32, "one error per tile type: {found:#?}");
    assert!(
        found
            .iter()
            .all(|d| d.message.contains("is also used in") && d.file.ends_with("copy.toml"))
    );
}

#[test]
fn folders_skip_other_toml_files() {
    let tmp = tempdir("folder");
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    std::fs::write(dir.join("pyproject.toml"), "[project]\nname = \"x\"\n").unwrap();
    std::fs::write(
        dir.join("house.toml"),
        "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n",
    )
    .unwrap();
    let report = validate_paths(std::slice::from_ref(&dir), bundled::catalog());
    assert_eq!(
        (report.files, report.diagnostics.len()),
        (1, 0),
        "{:?}",
        report.diagnostics
    );
}

#[test]
fn folders_skip_rules_scenarios_that_name_switches() {
    // Scenarios are not data files: none is reported on its own, but a folder holding only
    // scenarios says that nothing was checked.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = validate_paths(&[root.join("../scenarios")], bundled::catalog());
    assert_eq!(report.files, 0);
    assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);
    assert_eq!(report.warnings(), 1, "{:?}", report.diagnostics);
    assert!(report.diagnostics[0].message.contains("rules scenario"));
}

fn tempdir(name: &str) -> tempfile::TempDir {
    // Removed when dropped, at the end of the test.
    tempfile::Builder::new()
        .prefix(&format!("tilewright-test-{name}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn mechanisms_need_their_role_and_tokens_their_bounds() {
    let tmp = tempdir("roles");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("roles.toml");
    let text = "# No `#:schema` line: the keys say the kind.\nid = \"roles\"\nname = \"Roles\"\n\n\
        [figures.herder]\nrole = \"follower\"\ncount = 1\nstands-on = [\"field\"]\nmechanism = \"shepherd\"\n\n\
        [figures.cart]\nrole = \"special\"\ncount = 1\nstands-on = [\"road\"]\nmechanism = \"moves-after-scoring\"\n\n\
        [bags.sheep]\ntokens = [{ kind = \"sheep\", value = 256, count = 300 }]\n";
    std::fs::write(&path, text).unwrap();
    expect(
        &[path],
        &[
            (
                6,
                8,
                "figure `herder` with mechanism `shepherd` must be a special figure",
            ),
            (
                12,
                8,
                "figure `cart` with mechanism `moves-after-scoring` must be a follower figure",
            ),
            (18, 37, "a token of 256 sheep"),
            (18, 50, "300 copies of one token"),
        ],
    );
}

/// Where a mechanism's own figure stands is its to say (`Mechanism::FIGURE`), and a place only
/// one mechanism's figures stand on holds no other figure.
#[test]
fn mechanisms_say_where_their_own_figures_stand() {
    let tmp = tempdir("own-places");
    let path = tmp.path().join("own.toml");
    let text = "# No `#:schema` line: the keys say the kind.\nid = \"own\"\nname = \"Own\"\n\n\
        [values]\nbarn-placed-per-city = 3\nbarn-joined-per-city = 1\nbarn-final-per-city = 4\n\n\
        [figures.shed]\nrole = \"special\"\ncount = 1\nstands-on = [\"field\"]\nmechanism = \"barn\"\n\n\
        [figures.squatter]\nrole = \"follower\"\ncount = 1\nstands-on = [\"road\", \"field-corner\"]\n\n\
        [figures.herder]\nrole = \"special\"\ncount = 1\nstands-on = [\"road\"]\nmechanism = \"shepherd\"\n\n\
        [figures.cart]\nrole = \"follower\"\ncount = 1\nstands-on = [\"road\", \"field\"]\nmechanism = \"moves-after-scoring\"\n";
    std::fs::write(&path, text).unwrap();
    expect(
        &[path],
        &[
            (13, 13, "barn `shed` must stand on `field-corner` only"),
            (
                19,
                13,
                "only a barn stands on a field corner, and `squatter` is not one",
            ),
            (24, 13, "shepherd `herder` must stand on `field` only"),
            (
                30,
                13,
                "`cart` moves after its feature is scored, but fields are scored only at the end",
            ),
        ],
    );
}

#[test]
fn absurd_numbers_are_refused_where_they_stand() {
    let tmp = tempdir("absurd");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("big.toml");
    let features: String = (0..70)
        .map(|i| format!("features.m{i} = {{ kind = \"monastery\" }}\n"))
        .collect();
    let text = format!(
        "# No `#:schema` line: the keys say the kind.\nid = \"big\"\nname = \"Big\"\n\n[figures.f]\nrole = \"follower\"\ncount = 300\nstands-on = [\"city\"]\n\n[[tiles]]\nid = \"A\"\ncount = 1000\nedges = [\"city\", \"city\", \"city\", \"city\"]\nfeatures.c = {{ kind = \"city\", on = [\"N\", \"E\", \"S\", \"W\"], pennants = 999 }}\n\n[[tiles]]\nid = \"B\"\ncount = 1\nedges = [\"any\", \"any\", \"any\", \"any\"]\n{features}"
    );
    std::fs::write(&path, text).unwrap();
    expect(
        &[path],
        &[
            (7, 9, "300 figures `f` per player"),
            (12, 9, "1000 copies of tile `A`"),
            (14, 69, "999 pennants on one segment"),
            (20, 1, "tile `B` has 70 features"),
        ],
    );
}

#[test]
fn rule_set_figure_counts_fit_and_name_known_figures() {
    // A count past what a game holds is an error at the count; an id no file checked or
    // bundled has is a warning at the id (a tile set of another run may have it).
    let found = diagnostics(&[fixture("rules-figures.toml")]);
    let shown: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{}: {} ({})", d.line, d.column, d.message, d.help))
        .collect();
    assert_eq!(found.len(), 2, "{shown:#?}");
    let count = &found[0];
    assert!(count.is_error(), "{shown:#?}");
    assert_eq!((count.line, count.column), (7, 12), "{shown:#?}");
    assert!(count.message.contains("300 figures of one type"), "{shown:#?}");
    assert!(count.help.contains("from 0 to 255"), "{shown:#?}");
    let unknown = &found[1];
    assert!(!unknown.is_error(), "{shown:#?}");
    assert_eq!((unknown.line, unknown.column), (8, 1), "{shown:#?}");
    assert!(unknown.message.contains("figure `folower`"), "{shown:#?}");
    assert!(unknown.help.contains("did you mean `follower`?"), "{shown:#?}");
    assert!(unknown.help.contains("mayor"), "{shown:#?}");
}

#[test]
fn a_mark_on_another_kind_of_feature_and_a_pennant_value_for_roads() {
    expect(
        &[fixture("marks-wrong-kind.toml")],
        &[
            (7, 28, "a road mark has no pennant value"),
            (14, 52, "mark `well` is for roads, but feature `c` is a city"),
        ],
    );
}

#[test]
fn a_mark_no_file_declares() {
    expect(
        &[fixture("marks-unknown.toml")],
        &[(
            9,
            57,
            "no tile set or expansion checked here or bundled declares a mark `wel`",
        )],
    );
}

#[test]
fn a_mark_declared_twice() {
    // Against the bundled Inns & Cathedrals, which this file does not replace.
    expect(
        &[fixture("marks-declared-twice.toml")],
        &[(6, 8, "mark `inn` is also declared by tilesets/inns-and-cathedrals.toml")],
    );
}

#[test]
fn a_rule_set_changing_a_mark_no_file_declares() {
    expect(
        &[fixture("marks-rules-unknown.toml")],
        &[(6, 8, "declares a mark `wells`")],
    );
}

#[test]
fn a_mark_value_out_of_range() {
    expect(
        &[fixture("marks-out-of-range.toml")],
        &[(7, 25, "must be at most 1000")],
    );
}

#[test]
fn a_rule_set_changing_a_value_no_file_declares() {
    // The help names the values declared and the files declaring them.
    let found = diagnostics(&[fixture("values-rules-unknown.toml")]);
    assert!(
        found
            .iter()
            .any(|d| d.help.contains("barn-final-per-city (tilesets/abbey-and-mayor.toml)")),
        "{found:#?}"
    );
    expect(
        &[fixture("values-rules-unknown.toml")],
        &[(8, 1, "declares a value `barn-end-per-city`")],
    );
}

#[test]
fn a_value_out_of_range() {
    expect(
        &[fixture("values-out-of-range.toml")],
        &[(7, 12, "3000 points is out of range")],
    );
}

#[test]
fn a_value_declared_twice() {
    // Against the bundled Abbey & Mayor, which this file does not replace.
    expect(
        &[fixture("values-declared-twice.toml")],
        &[(
            16,
            1,
            "value `barn-final-per-city` is also declared by tilesets/abbey-and-mayor.toml, with the default 4",
        )],
    );
}

#[test]
fn a_mechanism_without_its_values() {
    expect(
        &[fixture("values-undeclared.toml")],
        &[
            (6, 15, "reads the value `vineyard`"),
            (9, 1, "no mechanism this file brings reads a value `wine`"),
        ],
    );
}

#[test]
fn a_value_still_under_scoring() {
    let found = diagnostics(&[fixture("values-in-scoring.toml")]);
    assert!(
        found
            .iter()
            .any(|d| d.help.contains("move this line into a `[values]` table")
                && d.help.contains("(4 in the bundled one)")),
        "{found:#?}"
    );
    expect(
        &[fixture("values-in-scoring.toml")],
        &[(8, 1, "`barn-final-per-city` is no longer a `[scoring]` value")],
    );
}

#[test]
fn deal_groups_that_cannot_be_dealt() {
    expect(
        &[fixture("deal-groups.toml")],
        &[
            (10, 9, "group `upstream` is listed twice"),
            (13, 9, "group `empty` holds no tile"),
            (17, 9, "second start tile"),
            (36, 9, "group `nowhere` is not in this file's `deal`"),
        ],
    );
}

#[test]
fn a_groups_start_tile_outside_the_group() {
    expect(
        &[fixture("deal-start-elsewhere.toml")],
        &[(7, 9, "start tile `pond` is not a tile of group `upstream`")],
    );
}

#[test]
fn special_figures_whose_condition_or_effect_cannot_apply() {
    expect(
        &[fixture("special-figures.toml")],
        &[
            (10, 9, "follower `escort` has `joins`, which only special figures have"),
            (15, 23, "`hoarder`'s effect works only on fields"),
            (21, 14, "`runner`'s effect works only on roads and cities"),
            (30, 9, "`herder` has both a mechanism and `joins`"),
            (35, 27, "`hermit`'s effect works only on monasteries and gardens"),
            (42, 10, "special `prior` has this `effect`, which only followers have"),
        ],
    );
    // The schema bounds the bonus.
    expect(
        &[fixture("special-figures-zero-bonus.toml")],
        &[(10, 35, "`0` must be at least 1")],
    );
    // A word the vocabulary does not have says which it has and what it does, and suggests
    // no other rule as if it were a typo.
    let path = fixture("special-figures-joins-another-word.toml");
    expect(
        std::slice::from_ref(&path),
        &[(
            11,
            9,
            "`any-follower` is not a word this key takes: it takes only `own-follower`",
        )],
    );
    let found = diagnostics(&[path]);
    assert!(!found[0].help.contains("did you mean"), "{}", found[0].help);
    assert!(
        found[0].help.contains("already holds one of its owner's followers"),
        "{}",
        found[0].help
    );
}

#[test]
fn an_edge_kind_the_file_does_not_declare() {
    let path = fixture("edge-kind-undeclared.toml");
    expect(
        std::slice::from_ref(&path),
        &[(8, 19, "this file declares no edge kind `brook`")],
    );
    let found = diagnostics(&[path]);
    assert!(found[0].help.contains("[edge-kinds.brook]"), "{}", found[0].help);
}

/// A declaration's typo (`[edge-kinds.cannal]` for the `canal` every edge names) is one error
/// at the declaration, not one at every edge that spells the kind right; a kind no edge has is
/// a warning at its declaration.
#[test]
fn an_edge_kind_misspelt_at_its_declaration_or_never_used() {
    let found = diagnostics(&[fixture("edge-kind-misspelt.toml")]);
    let shown: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
        .collect();
    assert_eq!(found.len(), 2, "{shown:#?}");
    assert!(found[0].is_error(), "{shown:#?}");
    assert!(
        shown[0]
            .starts_with("5:13: edge kind `cannal` is declared here, but the tiles' edges name `canal` (4 edge(s))"),
        "{shown:#?}"
    );
    assert!(found[0].help.contains("[edge-kinds.canal]"), "{}", found[0].help);
    assert!(!found[1].is_error(), "{shown:#?}");
    assert!(
        shown[1].starts_with("8:13: edge kind `ditch` is declared here, but no tile of this file has an edge of it"),
        "{shown:#?}"
    );
}

/// A kind that must continue, with no start tile showing it, could never be placed: a warning
/// at its rule, saying how to start the course.
#[test]
fn an_edge_kind_that_must_continue_with_nothing_to_start_it() {
    let path = fixture("edge-kind-never-starts.toml");
    expect_warnings(
        std::slice::from_ref(&path),
        &[(
            6,
            17,
            "edge kind `lava` must continue, but no start tile of this file shows it",
        )],
    );
    assert!(diagnostics(&[path])[0].help.contains("`[[deal]]` with `start`"));
}

/// A tile none of whose edges fits any edge in play, turned any way, could never be placed: a
/// warning at its edges (play would show it only as a discard rate of 100%).
#[test]
fn a_tile_that_fits_no_edge_in_play() {
    expect_warnings(
        &[fixture("tile-never-placed.toml")],
        &[(
            8,
            9,
            "tile `NV/half` fits no edge of any tile of the files checked here or bundled",
        )],
    );
}

#[test]
fn an_edge_kind_named_like_a_built_in_word() {
    expect(
        &[fixture("edge-kind-builtin.toml")],
        &[(5, 13, "edge kind `road` is a built-in word of the edge grammar")],
    );
}

#[test]
fn a_token_on_another_kind_of_feature_and_a_token_for_fields() {
    expect(
        &[fixture("tokens-wrong-kind.toml")],
        &[
            (11, 8, "tokens on a field would never be taken"),
            (18, 58, "token `spice` goes on a city, but feature `r` is a road"),
        ],
    );
}

#[test]
fn a_token_no_file_declares() {
    expect(
        &[fixture("tokens-unknown.toml")],
        &[(
            13,
            62,
            "no tile set or expansion checked here or bundled declares a token `spise`",
        )],
    );
}

#[test]
fn a_token_declared_twice_with_other_values() {
    let found = diagnostics(&[fixture("tokens-declared.toml"), fixture("tokens-declared-twice.toml")]);
    let shown: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
        .collect();
    assert_eq!(found.len(), 2, "{shown:#?}");
    assert!(
        found[1].is_error() && shown[1].starts_with("6:9: token `spice` is also declared by"),
        "{shown:#?}"
    );
    // The first file's declaration validates, but no tile checked with it prints the token.
    assert!(!found[0].is_error(), "{shown:#?}");
    assert!(
        shown[0].starts_with("5:9: token `spice` is declared here, but no tile of the files checked here prints it")
    );
}

/// A mark or token declared that no tile of the files checked uses is a warning at its
/// declaration: a game never has it. Used by a tile of another file checked with it, it is
/// not.
#[test]
fn a_declaration_no_tile_uses() {
    let path = fixture("declared-unused.toml");
    let found = diagnostics(std::slice::from_ref(&path));
    let shown: Vec<String> = found
        .iter()
        .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
        .collect();
    assert_eq!(shown.len(), 2, "{shown:#?}");
    assert!(
        found
            .iter()
            .all(|d| !d.is_error() && d.help.contains("remove the declaration"))
    );
    assert!(
        shown[0].starts_with("7:8: mark `harbour` is declared here, but no tile"),
        "{shown:#?}"
    );
    assert!(
        shown[1].starts_with("13:9: token `fish` is declared here, but no tile"),
        "{shown:#?}"
    );
}

#[test]
fn a_rule_set_changing_a_token_no_file_declares() {
    expect(
        &[fixture("tokens-rules-unknown.toml")],
        &[(6, 9, "declares a token `spices`")],
    );
}

#[test]
fn a_token_without_its_majority_award() {
    expect(
        &[fixture("tokens-without-award.toml")],
        &[(6, 9, "missing key `majority` in `tokens.silk`")],
    );
}

#[test]
fn a_feature_claiming_a_declared_kinds_segment() {
    let path = fixture("edge-kind-claimed.toml");
    expect(
        std::slice::from_ref(&path),
        &[(14, 37, "`E2` is a stream 40..60 segment, not a road one")],
    );
    let found = diagnostics(&[path]);
    assert!(found[0].help.contains("belong to no feature"), "{}", found[0].help);
}

#[test]
fn an_edge_kind_declared_again_with_other_rules() {
    // Against the bundled River, which this file does not replace.
    expect(
        &[fixture("edge-kind-declared-twice.toml")],
        &[(
            7,
            13,
            "edge kind `river` is also declared by tilesets/river.toml, each declaration with a rule the other lacks",
        )],
    );
    // Adding a rule to the River's declaration is no error: played together, this one counts.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixture("edge-kind-declared-twice.toml")).unwrap();
    let fuller = text.replace(
        "branches-apart = true",
        "must-continue = true\nno-u-turn = true\nbranches-apart = true",
    );
    let path = dir.path().join("fuller.toml");
    let fuller = fuller
        .lines()
        .filter(|line| !line.starts_with("#:schema"))
        .collect::<Vec<_>>();
    std::fs::write(&path, fuller.join("\n")).unwrap();
    let found = diagnostics(&[path]);
    assert!(found.iter().all(|d| !d.message.contains("also declared")), "{found:#?}");
}

#[test]
fn a_kind_by_another_name_and_a_tile_with_three_edges() {
    let path = fixture("kind-synonym-and-three-edges.toml");
    expect(
        std::slice::from_ref(&path),
        &[
            (8, 9, "needs exactly 4 item(s), found 3"),
            (16, 23, "`cloister` is not one of"),
            (17, 23, "`Field` is not one of"),
        ],
    );
    let found = diagnostics(&[path]);
    assert!(
        found[0]
            .help
            .starts_with("The four edges in the order north, east, south, west.")
    );
    assert!(!found[0].help.contains('\n'), "one line: {}", found[0].help);
    assert!(
        found[1].help.starts_with("did you mean `monastery`?"),
        "{}",
        found[1].help
    );
    assert!(found[2].help.starts_with("did you mean `field`?"), "{}", found[2].help);
}

#[test]
fn a_broken_edge_names_its_broken_part_and_a_half_edge_its_own_edge_first() {
    let path = fixture("edges-broken-in-parts.toml");
    expect(
        std::slice::from_ref(&path),
        &[
            (
                9,
                10,
                "`city 50` is not a valid edge layout: the edge `city 50` must alternate segments and positions",
            ),
            (
                9,
                21,
                "`city 150 field` is not a valid edge layout: position 150 is outside 1..99",
            ),
            (10, 38, "`Sn` is not a valid edge ref"),
        ],
    );
    let found = diagnostics(&[path]);
    assert!(found[2].help.starts_with("did you mean `Se`?"), "{}", found[2].help);
}

#[test]
fn a_rule_set_giving_a_road_mark_a_pennant_value() {
    expect(
        &[fixture("marks-rules-road-pennant.toml")],
        &[(8, 28, "a road mark has no pennant value")],
    );
}

/// A token only another file declares is a warning (a game without that file refuses the
/// tile); a mark is not, since its feature plays plain without that file (River II's inn).
#[test]
fn a_token_only_another_file_declares_is_a_warning_a_mark_is_not() {
    let path = fixture("marks-declared-elsewhere.toml");
    expect_warnings(
        std::slice::from_ref(&path),
        &[(
            19,
            53,
            "token `wine` is declared by tilesets/traders-and-builders.toml, not by this file",
        )],
    );
    assert!(
        diagnostics(&[path])[0]
            .help
            .contains("a game without it refuses this tile")
    );
}

#[test]
fn a_city_gate_at_a_monastery_says_what_it_is_and_which_end_fits() {
    let path = fixture("road-end-at-other-kind.toml");
    expect(
        std::slice::from_ref(&path),
        &[(11, 67, "`m` is a monastery of tile `M`, not a city")],
    );
    let found = diagnostics(&[path]);
    assert!(
        found[0]
            .help
            .starts_with("for a road ending at the monastery `m` write `end = \"monastery\"`"),
        "{}",
        found[0].help
    );
}

#[test]
fn a_schema_line_that_leads_to_no_file_is_a_warning_naming_the_line_that_does() {
    let tmp = tempdir("schema-line");
    let dir = tmp.path().to_path_buf();
    let set = "id = \"lost\"\nname = \"Lost\"\n\n[[tiles]]\nid = \"A\"\ncount = 1\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";
    let lost = dir.join("lost.toml");
    std::fs::write(&lost, format!("#:schema ../schemas/tileset.schema.json\n{set}")).unwrap();
    expect_warnings(
        std::slice::from_ref(&lost),
        &[(
            1,
            10,
            "the `#:schema` line names `../schemas/tileset.schema.json`, which is not a file from this file's folder",
        )],
    );
    assert!(
        diagnostics(std::slice::from_ref(&lost))[0]
            .help
            .contains("or remove the line")
    );
    // With the schemas one folder up, the help gives the line that finds them.
    std::fs::create_dir_all(dir.join("schemas")).unwrap();
    std::fs::write(dir.join("schemas/tileset.schema.json"), "{}").unwrap();
    std::fs::create_dir_all(dir.join("sets")).unwrap();
    let deeper = dir.join("sets/deeper.toml");
    std::fs::write(
        &deeper,
        format!("# A note first.\n#:schema ../../schemas/tileset.schema.json\n{set}"),
    )
    .unwrap();
    let found = diagnostics(std::slice::from_ref(&deeper));
    assert_eq!((found.len(), found[0].line, found[0].column), (1, 2, 10), "{found:#?}");
    assert_eq!(
        found[0].help,
        "the schema is found from this file's folder with `#:schema ../schemas/tileset.schema.json`"
    );
    // A line that leads to the schema, an address, or no line at all: nothing to say.
    for first in [
        "#:schema ../schemas/tileset.schema.json",
        "#:schema https://example.invalid/tileset.schema.json",
        "# no schema line",
    ] {
        std::fs::write(&deeper, format!("{first}\n{set}")).unwrap();
        expect_warnings(std::slice::from_ref(&deeper), &[]);
    }
}

#[test]
fn a_segment_no_feature_reaches_is_named_by_what_would_claim_it_alone() {
    let path = fixture("segment-unreached.toml");
    expect(
        std::slice::from_ref(&path),
        &[
            (9, 28, "edge S has segments no feature reaches: S3 (field 60..100)"),
            (17, 28, "edge S has segments no feature reaches: S5 (field 80..100)"),
        ],
    );
    let found = diagnostics(&[path]);
    assert_eq!(
        found[0].help,
        "add `Sw` to the `on` list of the features these segments belong to (`S` would also name S1, which `f` owns)"
    );
    assert!(
        found[1].help.starts_with("add `S5` to the `on` list"),
        "{}",
        found[1].help
    );
    // Where the side names only what is free, the side is the answer.
    let text = std::fs::read_to_string(fixture("segment-unreached.toml")).unwrap();
    let tmp = tempdir("unreached");
    let dir = tmp.path().to_path_buf();
    let whole = dir.join("whole.toml");
    std::fs::write(
        &whole,
        with_schema_line(&text, None).replace("\"N\", \"E\", \"Se\", \"W\"", "\"N\", \"E\", \"W\""),
    )
    .unwrap();
    let found = diagnostics(&[whole]);
    assert!(
        found[0].message.contains("S1 (field 0..40), S3 (field 60..100)"),
        "{found:#?}"
    );
    assert!(
        found[0].help.starts_with("add `S` (or a half or segment number)"),
        "{}",
        found[0].help
    );
}

/// Too many keys or kinds says how many there are and how many may be, without the file's
/// values written out: 65 values, 9 kinds of token.
#[test]
fn too_many_values_or_kinds_say_so_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let schema = schema_line("expansion");
    let values: String = (0..65).map(|i| format!("v{i} = 1\n")).collect();
    let tokens: String = (0..9)
        .map(|i| format!("[tokens.t{i}]\nkind = \"city\"\nmajority = 3\n\n"))
        .collect();
    let files = [
        (
            "values.toml",
            format!("{schema}id = \"v\"\nname = \"V\"\n\n[values]\n{values}"),
        ),
        ("tokens.toml", format!("{schema}id = \"t\"\nname = \"T\"\n\n{tokens}")),
    ];
    for (name, text) in &files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    expect(
        &[dir.path().join("values.toml")],
        &[(5, 1, "holds 65 keys, more than the 64 it may hold")],
    );
    let found = diagnostics(&[dir.path().join("values.toml")]);
    assert!(!found[0].message.contains('{'), "{}", found[0].message);
    let found = diagnostics(&[dir.path().join("tokens.toml")]);
    assert!(
        found
            .iter()
            .any(|d| d.is_error() && d.message == "9 kinds of token declared, more than a game can hold (8)"),
        "{found:#?}"
    );
}

/// Two files that each declare a mark the same way and carry it: each carries its own
/// declaration, and neither is told the mark is the other's.
#[test]
fn a_mark_declared_the_same_way_by_two_files_is_each_ones_own() {
    let dir = tempfile::tempdir().unwrap();
    let schema = schema_line("tileset");
    let set = |id: &str| {
        format!(
            "{schema}id = \"{id}\"\nname = \"{id}\"\n\n[marks.well]\nkind = \"road\"\n\
             complete = {{ per-tile = 1 }}\nincomplete = {{ per-tile = 0 }}\n\n[[tiles]]\n\
             id = \"{id}/A\"\ncount = 1\nedges = [\"field\", \"field\", \"road\", \"field\"]\n\
             features.r = {{ kind = \"road\", on = [\"S\"], end = \"house\", marks = [\"well\"] }}\n\
             features.f = {{ kind = \"field\", on = [\"N\", \"E\", \"Se\", \"Sw\", \"W\"] }}\n"
        )
    };
    for id in ["one", "two"] {
        std::fs::write(dir.path().join(format!("{id}.toml")), set(id)).unwrap();
    }
    let found = diagnostics(&[dir.path().join("one.toml"), dir.path().join("two.toml")]);
    assert!(found.is_empty(), "{found:#?}");
}
