//! The text of new files: the smallest tile set, expansion or rule set that reads as its kind
//! (the editor's New), and every file of a new content repository (`tilewright init`), so that
//! what a new file says is written in one place.
//!
//! A `#:schema` line is a path relative to the file's folder, which is how Taplo and Tombi
//! resolve it; [`schema_line`] writes it and [`find_schema_line`] looks for the `schemas/`
//! folder a file saved somewhere can point at.

use std::path::Path;

use crate::schema::FileKind;

/// The text of a new file of `kind`, without a `#:schema` line (where the file will be saved,
/// and so the line, is not known yet: see [`find_schema_line`]). A tile set made
/// `with_figures` is the start of an expansion: tiles plus the figures it brings.
pub fn template(kind: FileKind, id: &str, with_figures: bool) -> String {
    let figures = "\n[figures.follower]\nrole = \"follower\"\ncount = 1\nstands-on = [\"city\", \"road\", \"field\", \"monastery\"]\n";
    match kind {
        FileKind::TileSet => {
            let (name, extra) = if with_figures {
                ("New expansion", figures)
            } else {
                ("New tile set", "")
            };
            // No tiles yet; `tiles = []` (before any table) says what the file is until the first
            // is added.
            format!("id = \"{id}\"\nname = \"{name}\"\neditions = [\"first-edition\"]\ntiles = []\n{extra}")
        }
        FileKind::Expansion => format!("id = \"{id}\"\nname = \"New expansion\"\n{figures}"),
        FileKind::RuleSet => format!("id = \"{id}\"\nname = \"New rule set\"\nextends = \"first-edition\"\n"),
    }
}

/// The `#:schema` line of a file of `kind` that lies `depth` folders below the folder holding
/// `schemas/` (0: beside it).
pub fn schema_line(kind: FileKind, depth: usize) -> String {
    let up = if depth == 0 {
        "./".to_owned()
    } else {
        "../".repeat(depth)
    };
    format!("#:schema {up}schemas/{}", kind.schema_file_name())
}

/// The `#:schema` line for a file of `kind` to be saved at `file`: the relative path to
/// `schemas/` with that kind's schema in the file's folder or the nearest folder above it.
/// `None` when there is none: the schemas have no published address to fall back on, and a
/// line pointing at nothing would only make editors report a missing schema.
pub fn find_schema_line(file: &Path, kind: FileKind) -> Option<String> {
    let file = std::path::absolute(file).ok()?;
    let folder = file.parent()?;
    folder
        .ancestors()
        .position(|dir| dir.join("schemas").join(kind.schema_file_name()).is_file())
        .map(|depth| schema_line(kind, depth))
}

/// `text` starting with `line`: a `#:schema` line on the first line is replaced, else `line` is
/// put before the first; with `None`, a `#:schema` first line is taken out.
pub fn with_schema_line(text: &str, line: Option<&str>) -> String {
    let rest = match text.split_once('\n') {
        Some((first, rest)) if first.trim_start().starts_with("#:schema") => rest,
        None if text.trim_start().starts_with("#:schema") => "",
        _ => text,
    };
    match line {
        Some(line) => format!("{line}\n{rest}"),
        None => rest.to_owned(),
    }
}

/// Where `tilewright init` puts the sample tile set.
pub const SAMPLE_TILESET: &str = "tiles/my-tiles.toml";
/// Where `tilewright init` puts the sample expansion.
pub const SAMPLE_EXPANSION: &str = "expansions/big-follower.toml";
/// Where `tilewright init` puts the sample house rule.
pub const SAMPLE_RULES: &str = "rules/my-house-rule.toml";
/// Where `tilewright init` puts the sample scenario, in the folder its workflow plays.
pub const SAMPLE_SCENARIO: &str = "scenarios/a-road-with-a-well.toml";

/// The name the command line is published under, as a crate and as a Python wheel
/// (`pyproject.toml`'s `name`).
pub const PACKAGE: &str = "tilewright";

/// How to install the command line at `version` from what the project publishes: the Python
/// wheel (no Rust toolchain needed), then the crate. The pre-commit config and the project's
/// README say these.
pub fn install_commands(version: &str) -> [String; 2] {
    [
        format!("pip install {PACKAGE}=={version}"),
        format!("cargo install --locked --profile dist {PACKAGE} --version {version}"),
    ]
}

/// The variable that says how the workflows `init` writes install tilewright: set at the top
/// of each workflow, overridden by a repository variable of the same name.
pub const INSTALL_VARIABLE: &str = "TILEWRIGHT_INSTALL";

/// Checks a way for the workflows to install tilewright: a version published on PyPI
/// (`0.1.0`), or `git+https://HOST/PATH@REVISION` (a commit or tag) built with cargo. Only
/// characters that need no quoting in YAML or the shell are taken, so that the value can
/// never become a command.
pub fn check_install(spec: &str) -> Result<(), String> {
    let plain = |text: &str, extra: &[u8]| {
        !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
    };
    let ok = match spec.strip_prefix("git+") {
        Some(source) => source.rsplit_once('@').is_some_and(|(url, revision)| {
            url.strip_prefix("https://").is_some_and(|rest| plain(rest, b"-._~:/%")) && plain(revision, b"-._/")
        }),
        None => plain(spec, b".+!-") && spec.starts_with(|c: char| c.is_ascii_digit()),
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{}` is neither a version published on PyPI (such as `0.1.0`) nor `git+https://HOST/PATH@REVISION` (a commit or tag to build with cargo)",
            spec.escape_debug()
        ))
    }
}

/// The way the workflows install tilewright unless told otherwise: the git repository and
/// commit this command line was built from, when it was built from a checkout a runner can
/// fetch, which works before a release; otherwise the published `version`.
pub fn default_install(version: &str, built_from: Option<&str>) -> String {
    built_from
        .filter(|source| check_install(source).is_ok())
        .map_or_else(|| version.to_owned(), str::to_owned)
}

/// The commands that use a new content repository, in the order a newcomer runs them:
/// validate, play the scenarios, play the samples, open the sample tile set in the editor.
pub fn next_commands() -> [String; 4] {
    let scenarios = SAMPLE_SCENARIO
        .split_once('/')
        .map_or(SAMPLE_SCENARIO, |(folder, _)| folder);
    [
        "tilewright validate --deny-warnings .".to_owned(),
        format!("tilewright scenario {scenarios} --data ."),
        format!("tilewright simulate --tilesets base {SAMPLE_TILESET} {SAMPLE_EXPANSION} --rules {SAMPLE_RULES}"),
        format!("tilewright-editor {SAMPLE_TILESET}"),
    ]
}

/// Every file of a new content repository but the schemas (which come from
/// [`FileKind::generate`], as `tilewright schema --write` writes them): its path relative to
/// the repository, with `/`, and its text. `version` is the toolkit's, which the pre-commit
/// hook names; `install` says how the workflows install it ([`check_install`]).
pub fn content_repository(version: &str, install: &str) -> Vec<(String, String)> {
    let folders = [
        ("tiles", FileKind::TileSet),
        ("expansions", FileKind::Expansion),
        ("rules", FileKind::RuleSet),
    ];
    let mut taplo = String::from(TAPLO_HEADER);
    let mut tombi = String::from(TOMBI_HEADER);
    for (folder, kind) in folders {
        let schema = kind.schema_file_name();
        taplo += &format!("\n[[rule]]\ninclude = [\"{folder}/**/*.toml\"]\nschema.path = \"./schemas/{schema}\"\n");
        tombi += &format!("\n[[schemas]]\npath = \"schemas/{schema}\"\ninclude = [\"{folder}/**/*.toml\"]\n");
    }
    let [validate, scenarios, simulate, edit] = next_commands();
    let [pip, _] = install_commands(version);
    let install_env = INSTALL_ENV
        .replace("{variable}", INSTALL_VARIABLE)
        .replace("{install}", install)
        .replace("{version}", version);
    let sample = |path: &str, kind: FileKind, body: &str| {
        let depth = path.matches('/').count();
        (path.to_owned(), format!("{}\n{body}", schema_line(kind, depth)))
    };
    vec![
        sample(SAMPLE_TILESET, FileKind::TileSet, TILESET),
        sample(SAMPLE_EXPANSION, FileKind::Expansion, EXPANSION),
        sample(SAMPLE_RULES, FileKind::RuleSet, RULES),
        (SAMPLE_SCENARIO.to_owned(), SCENARIO.to_owned()),
        (".taplo.toml".to_owned(), taplo),
        ("tombi.toml".to_owned(), tombi),
        (
            ".github/workflows/tiles.yml".to_owned(),
            WORKFLOW
                .replace("{install-env}", &install_env)
                .replace("{install-steps}", INSTALL_STEPS)
                .replace("{validate}", "tilewright validate --format github --deny-warnings .")
                .replace("{scenarios}", &scenarios),
        ),
        (
            BALANCE_WORKFLOW.to_owned(),
            BALANCE
                .replace("{install-env}", &install_env)
                .replace("{install-steps}", INSTALL_STEPS)
                .replace("{max}", &MAX_WORKFLOW_SHARDS.to_string())
                .replace(
                    "{arguments}",
                    &format!("\"--tilesets base {SAMPLE_TILESET} --players 2\""),
                ),
        ),
        (
            ".pre-commit-config.yaml".to_owned(),
            PRE_COMMIT
                .replace("{pip}", &pip)
                .replace("{validate}", &validate)
                .replace("{scenarios}", &scenarios),
        ),
        (
            "README.md".to_owned(),
            README
                .replace("{validate}", &validate)
                .replace("{scenarios}", &scenarios)
                .replace("{scenario}", SAMPLE_SCENARIO)
                .replace("{simulate}", &simulate)
                .replace("{edit}", &edit)
                .replace("{balance}", BALANCE_WORKFLOW)
                .replace("{max}", &MAX_WORKFLOW_SHARDS.to_string())
                .replace("{tileset}", SAMPLE_TILESET),
        ),
    ]
}

const TILESET: &str = r#"# A sample tile set: tiles of your own, played with a base game that brings the start tile
# and the followers. Edges are listed north, east, south, west; each feature names the edge
# segments it owns (an edge letter, or a half edge such as `Wn`, the northern half of the west
# edge).
id = "my-tiles"
name = "My tiles"
# The same tiles whichever edition of the rules is played.
editions = ["first-edition", "new-edition"]

# A city on the north edge over a straight road; the field north of the road touches the city.
[[tiles]]
id = "my/city-road"
count = 2
edges = ["city", "road", "field", "road"]
features.c = { kind = "city", on = ["N"] }
features.r = { kind = "road", on = ["E", "W"] }
features.f1 = { kind = "field", on = ["Wn", "En"], cities = ["c"] }
features.f2 = { kind = "field", on = ["Es", "S", "Ws"] }

# Two cities, north and south, with a field between them that touches both.
[[tiles]]
id = "my/two-cities"
count = 1
edges = ["city", "field", "city", "field"]
features.n = { kind = "city", on = ["N"] }
features.s = { kind = "city", on = ["S"] }
features.f = { kind = "field", on = ["E", "W"], cities = ["n", "s"] }

# A road from the south edge that ends at a well in the middle of the field: the road it
# belongs to carries the well mark declared below.
[[tiles]]
id = "my/road-to-a-well"
count = 2
edges = ["field", "field", "road", "field"]
features.r = { kind = "road", on = ["S"], end = "house", marks = ["well"] }
features.f = { kind = "field", on = ["N", "E", "S", "W"] }

# A mark changes what a whole road or city scores when some tile of it carries the mark: a
# road with a well scores 2 per tile once completed (plain roads score 1), and 1 per tile if
# it is still open at the end, as a plain road. A house rule may change these values or leave
# the mark out (`[marks.well]` in a rule set).
[marks.well]
kind = "road"
complete = { per-tile = 2 }
incomplete = { per-tile = 1 }
"#;

const EXPANSION: &str = r#"# A sample expansion: a figure every player gets, played with a base game. An expansion
# may also declare marks (as the sample tile set's well), printed tokens and the values of its
# mechanisms: Tilewright's guide to writing an expansion (docs/expansions.md) shows each.
id = "big-follower"
name = "The big follower"

# It counts as two followers when the majority on a feature is decided.
[figures.big-follower]
role = "follower"
count = 1
strength = 2
stands-on = ["city", "road", "field", "monastery"]
"#;

const RULES: &str = r#"# A sample house rule: it names the rule set it changes and states only what differs
# (`tilewright list` names the bundled rule sets).
id = "my-house-rule"
name = "New edition, completed roads score 2 per tile"
extends = "new-edition"

[scoring]
road-per-tile = 2

# The values of an expansion's mechanisms are the expansion's own; a house rule replaces them
# here (`tilewright list` shows the values each bundled file declares):
# [values]
# barn-final-per-city = 5
"#;

const SCENARIO: &str = r#"# A sample rules scenario: a table laid out by hand, the turns to play on it and what must
# follow. `tilewright scenario scenarios --data .` plays every scenario in this folder with the
# repository's files, as CI does; `tilewright validate` leaves scenarios alone.
description = """A road with a well scores 2 points per tile once completed: RED's road of 2 tiles, \
from one well to the other, scores 4 points"""
tilesets = ["base", "my-tiles"]

[[layout]]
tile = "my/road-to-a-well"     # the road leaves by the south edge
at = [0, 0]                    # column (east +), row (south +)
figures = [{ player = "red", feature = "r" }]

[[turns]]
player = "red"
tile = "my/road-to-a-well"     # turned twice a quarter, to meet it from the south
at = [0, 1]
rotation = 2

[expect]
scores = { red = 4 }
events = ["RED scores 4 points: completed road: 2 tiles"]
"#;

const TAPLO_HEADER: &str = "# Taplo (Even Better TOML in VS Code, and the editors that run its language server) checks
# the files in these folders against Tilewright's schemas, also those without a `#:schema` line.
";

const TOMBI_HEADER: &str = "# Tombi (its VS Code and Zed extensions, its language server in other editors, and
# `tombi lint`) checks the files in these folders against Tilewright's schemas, also those
# without a `#:schema` line.
toml-version = \"v1.0.0\"
";

const WORKFLOW: &str = "# Checks every tile set, expansion and rule set and plays the rules scenarios on each push
# and pull request; problems show as annotations on the pull request.
name: tiles
on: [push, pull_request]
{install-env}jobs:
  validate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
{install-steps}      - run: {validate}
      - run: {scenarios}
";

/// The top of each workflow: how its jobs install tilewright, in one place.
const INSTALL_ENV: &str = "env:
  # How the jobs install tilewright: a version published on PyPI (such as {version}), or
  # git+https://HOST/PATH@REVISION to build a commit or tag of a git repository with cargo.
  # A repository variable {variable} (Settings, Secrets and variables, Actions) overrides it.
  {variable}: ${{ vars.{variable} || '{install}' }}
";

/// The steps of each job that install tilewright as the workflow's `TILEWRIGHT_INSTALL` says;
/// a build from git is cached, keyed on what was built.
const INSTALL_STEPS: &str = "      - uses: actions/setup-python@v5
        with:
          python-version: \"3.x\"
      - uses: actions/cache@v4
        with:
          path: ~/.cargo/bin/tilewright
          key: tilewright-${{ runner.os }}-${{ env.TILEWRIGHT_INSTALL }}
      - name: Install tilewright
        run: |
          case \"$TILEWRIGHT_INSTALL\" in
            git+*@*)
              source=\"${TILEWRIGHT_INSTALL#git+}\"
              [ -x \"${CARGO_HOME:-$HOME/.cargo}/bin/tilewright\" ] ||
                cargo install --locked --profile dist --git \"${source%@*}\" --rev \"${source##*@}\" tilewright
              ;;
            git+*)
              echo \"::error::TILEWRIGHT_INSTALL: git+URL needs @REVISION, a commit or tag\"
              exit 1
              ;;
            *) python3 -m pip install \"tilewright==$TILEWRIGHT_INSTALL\" ;;
          esac
          tilewright --version
";

/// The balance workflow's file in a content repository.
pub const BALANCE_WORKFLOW: &str = ".github/workflows/balance.yml";

/// Most shards the balance workflow plays on: the most jobs one matrix of GitHub Actions runs.
pub const MAX_WORKFLOW_SHARDS: u32 = 256;

/// Run by hand only: every input reaches the shell through an environment variable, never
/// written into a script, so that no input can run a command of its own.
const BALANCE: &str = "# Measures your tiles under strong play on many machines at once. Run it by hand from the
# Actions tab (\"balance\", then \"Run workflow\"): each shard plays its block of the games on a
# machine of its own and uploads what they add up to; the merge job puts the shards together
# into one report, the same as one machine playing every game, and publishes it as the
# artifact balance-report (the page and the text) and on the run's summary.
name: balance
on:
  workflow_dispatch:
    inputs:
      games:
        description: Games to play, over all shards
        default: \"2000\"
      policy:
        description: How every seat plays (random, greedy, mcts:200, mcts:500ms)
        default: mcts:200
      shards:
        description: Machines to play on, 1 to {max}
        default: \"20\"
      arguments:
        description: What to play (the tile sets, rules, players, a comparison)
        default: {arguments}
{install-env}jobs:
  plan:
    runs-on: ubuntu-latest
    outputs:
      shards: ${{ steps.shards.outputs.list }}
    steps:
      - id: shards
        env:
          SHARDS: ${{ inputs.shards }}
        run: |
          case \"$SHARDS\" in ''|*[!0-9]*) echo \"::error::shards is a number from 1 to {max}\"; exit 1;; esac
          if [ \"$SHARDS\" -lt 1 ] || [ \"$SHARDS\" -gt {max} ]; then echo \"::error::shards is a number from 1 to {max}\"; exit 1; fi
          echo \"list=[$(seq -s, 1 \"$SHARDS\")]\" >> \"$GITHUB_OUTPUT\"
  shard:
    needs: plan
    runs-on: ubuntu-latest
    strategy:
      matrix:
        shard: ${{ fromJSON(needs.plan.outputs.shards) }}
    steps:
      - uses: actions/checkout@v4
{install-steps}      - env:
          ARGUMENTS: ${{ inputs.arguments }}
          GAMES: ${{ inputs.games }}
          POLICY: ${{ inputs.policy }}
          SHARD: ${{ matrix.shard }}
          SHARDS: ${{ inputs.shards }}
        run: |
          # Word splitting of ARGUMENTS is meant: it holds several arguments.
          # shellcheck disable=SC2086
          tilewright balance $ARGUMENTS --games \"$GAMES\" --policy \"$POLICY\" --threads 0 --shard \"$SHARD/$SHARDS\" --partial \"partial-$SHARD.json\"
      - uses: actions/upload-artifact@v4
        with:
          name: partial-${{ matrix.shard }}
          path: partial-${{ matrix.shard }}.json
  merge:
    needs: shard
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
{install-steps}      - uses: actions/download-artifact@v4
        with:
          pattern: partial-*
          path: partials
          merge-multiple: true
      - run: tilewright balance merge partials/*.json --html balance-report.html > balance-report.txt
      - run: |
          {
            echo '### Balance'
            echo
            echo 'The page is in the artifact balance-report.'
            echo
            echo '~~~text'
            cat balance-report.txt
            echo '~~~'
          } >> \"$GITHUB_STEP_SUMMARY\"
      - uses: actions/upload-artifact@v4
        with:
          name: balance-report
          path: |
            balance-report.html
            balance-report.txt
";

const PRE_COMMIT: &str = "# Before each commit, when a TOML file changed: validates every file and plays the rules
# scenarios with the `tilewright` on PATH (`{pip}`), as CI does.
# Turn it on with `pip install pre-commit`, then `pre-commit install`.
repos:
  - repo: local
    hooks:
      - id: tilewright-validate
        name: tilewright validate
        entry: {validate}
        language: system
        files: \\.toml$
        pass_filenames: false
        require_serial: true
      - id: tilewright-scenarios
        name: tilewright scenario
        entry: {scenarios}
        language: system
        files: \\.toml$
        pass_filenames: false
        require_serial: true
";

const README: &str = "# My tiles

Tile sets, expansions and house rules for Carcassonne, played and checked with Tilewright.

| folder | what |
|---|---|
| `tiles/` | tile sets (`{tileset}` is a sample of three tiles) |
| `expansions/` | expansions: figures, token bags, mechanisms |
| `rules/` | rule sets: house rules that extend a bundled edition |
| `scenarios/` | rules scenarios: a table laid out by hand, turns, and the scores and events that must follow (`{scenario}` is a sample) |
| `schemas/` | the JSON Schemas the files are checked against (`tilewright schema --write --dir schemas` brings them up to date) |

Check every file, as CI does on each push (`.github/workflows/tiles.yml`) and pre-commit
before each commit (`.pre-commit-config.yaml`):

```sh
{validate}
```

Play the rules scenarios against the repository's files, as CI and pre-commit do too:

```sh
{scenarios}
```

Play 1,000 random games of the base game with the sample tiles, the sample figure and the
sample house rule, and see the mean scores:

```sh
{simulate}
```

Draw and edit tiles in the editor:

```sh
{edit}
```

See what your tiles do to games played well, on up to {max} machines at once: run the
workflow *balance* (`{balance}`) from the Actions tab, with the games, the policy and the
number of machines. It publishes the report as the artifact `balance-report`.

Editors with Taplo (Even Better TOML) or Tombi complete and check the files while you type:
each file starts with a `#:schema` line, and `.taplo.toml` and `tombi.toml` tie the folders
to the schemas.
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ExpansionFile, RuleSet, TileSet};
    use crate::source::Source;
    use crate::validate::{detect_kind, validate_sources};

    #[test]
    fn templates_read_as_their_kind_and_validate() {
        for (kind, figures) in FileKind::ALL.into_iter().flat_map(|k| [(k, false), (k, true)]) {
            let text = template(kind, "my-set", figures);
            assert_eq!(detect_kind(&text), Some(kind), "{kind:?}");
            let model = match kind {
                FileKind::TileSet => toml::from_str::<TileSet>(&text).map(drop),
                FileKind::Expansion => toml::from_str::<ExpansionFile>(&text).map(drop),
                FileKind::RuleSet => toml::from_str::<RuleSet>(&text).map(drop),
            };
            assert!(model.is_ok(), "{kind:?}: {model:?}");
            let report = validate_sources(vec![Source::new("new.toml", text)], crate::bundled::catalog());
            assert!(report.diagnostics.is_empty(), "{kind:?}: {:?}", report.diagnostics);
        }
    }

    #[test]
    fn the_schema_line_points_at_the_nearest_schemas_folder() {
        let root = tempfile::tempdir().unwrap();
        let schemas = root.path().join("schemas");
        std::fs::create_dir_all(&schemas).unwrap();
        std::fs::write(schemas.join("tileset.schema.json"), "{}").unwrap();
        let deep = root.path().join("a/b");
        // A `schemas/` folder without the schema asked for is passed over.
        std::fs::create_dir_all(deep.join("schemas")).unwrap();
        let line = |path: &Path, kind| find_schema_line(path, kind);
        assert_eq!(
            line(&root.path().join("set.toml"), FileKind::TileSet).as_deref(),
            Some("#:schema ./schemas/tileset.schema.json")
        );
        assert_eq!(
            line(&root.path().join("tiles/set.toml"), FileKind::TileSet).as_deref(),
            Some("#:schema ../schemas/tileset.schema.json")
        );
        assert_eq!(
            line(&deep.join("set.toml"), FileKind::TileSet).as_deref(),
            Some("#:schema ../../schemas/tileset.schema.json")
        );
        assert_eq!(line(&deep.join("rules.toml"), FileKind::RuleSet), None);
    }

    #[test]
    fn a_schema_line_replaces_the_one_there() {
        let line = "#:schema ./schemas/ruleset.schema.json";
        assert_eq!(
            with_schema_line("id = \"x\"\n", Some(line)),
            format!("{line}\nid = \"x\"\n")
        );
        assert_eq!(
            with_schema_line(
                "#:schema ../schemas/ruleset.schema.json\n# note\nid = \"x\"\n",
                Some(line)
            ),
            format!("{line}\n# note\nid = \"x\"\n")
        );
        assert_eq!(with_schema_line("#:schema old", Some(line)), format!("{line}\n"));
        assert_eq!(with_schema_line("#:schema old\nid = \"x\"\n", None), "id = \"x\"\n");
    }

    #[test]
    fn an_install_is_a_version_or_a_revision_of_a_git_repository_and_nothing_that_quotes() {
        for good in [
            "0.1.0",
            "1.2.3-rc.1",
            "git+https://github.com/me/tilewright@0123abc",
            "git+https://host/a/b.git@v0.1.0",
        ] {
            assert_eq!(check_install(good), Ok(()), "{good}");
        }
        for bad in [
            "",
            "latest",
            "0.1.0 ; rm -rf /",
            "0.1.0'",
            "git+https://host/x",
            "git+https://user:token@host/x@abc",
            "git+http://host/x@abc",
            "git+https://host/x@a b",
            "git+https://host/${{ github.token }}@abc",
            "git+file:///tmp/x@abc",
        ] {
            assert!(check_install(bad).is_err(), "{bad}");
        }
        assert_eq!(default_install("0.1.0", None), "0.1.0");
        assert_eq!(
            default_install("0.1.0", Some("git+https://h/t@abc")),
            "git+https://h/t@abc"
        );
        assert_eq!(default_install("0.1.0", Some("git+file:///x@abc")), "0.1.0");
    }

    #[test]
    fn a_content_repository_validates_and_its_files_say_their_kind() {
        let files = content_repository("1.2.3", "git+https://example.org/tilewright@v1.2.3");
        let data: Vec<Source> = files
            .iter()
            .filter(|(path, _)| {
                path.ends_with(".toml") && !path.contains("taplo") && !path.contains("tombi") && path != SAMPLE_SCENARIO
            })
            .map(|(path, text)| Source::new(path.as_str(), text.clone()))
            .collect();
        assert_eq!(data.len(), 3);
        for source in &data {
            let kind = detect_kind(&source.text).unwrap();
            let first = source.text.lines().next().unwrap();
            assert_eq!(first, schema_line(kind, 1), "{}", source.path.display());
        }
        let report = validate_sources(data, crate::bundled::catalog());
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        // The sample tile set shows a mark, and it plays.
        let catalog = report.catalog.with_base(crate::bundled::catalog());
        let sets = ["base".to_owned(), "my-tiles".to_owned()];
        use crate::FromCatalog;
        let def = crate::game::GameDef::from_catalog(&catalog, &sets, "new-edition").unwrap();
        assert_eq!(def.marks().iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), ["well"]);
        assert_ne!(def.marks_in_play(), 0);
        let text = |name: &str| &files.iter().find(|(path, _)| path == name).unwrap().1;
        for workflow in [".github/workflows/tiles.yml", BALANCE_WORKFLOW] {
            assert!(
                text(workflow).contains(
                    "  TILEWRIGHT_INSTALL: ${{ vars.TILEWRIGHT_INSTALL || 'git+https://example.org/tilewright@v1.2.3' }}\n"
                ),
                "{workflow}"
            );
        }
        assert!(text(".pre-commit-config.yaml").contains("(`pip install tilewright==1.2.3`)"));
        assert!(text("README.md").contains(&next_commands()[1]));
        assert!(text("README.md").contains(&next_commands()[2]));
        let placeholders = [
            "{pip}",
            "{install",
            "{variable}",
            "{version}",
            "{scenarios}",
            "{scenario}",
            "{validate}",
            "{simulate}",
            "{edit}",
            "{tileset}",
            "OWNER",
        ];
        assert!(
            !files
                .iter()
                .any(|(_, text)| placeholders.iter().any(|p| text.contains(p)))
        );
    }
}
