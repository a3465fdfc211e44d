//! Scenarios: a table laid out by hand, turns to play on it, and the expected outcome. They are
//! the rules tests (one per worked example of the rulebooks) and the format for bug reports.
//! Here a scenario file is read, located and checked against the files loaded; the types and
//! the playing are the rules' ([`tilewright_rules::scenario`], re-exported here).
//!
//! ```toml
//! description = "A completed road of four tiles: RED scores 4 points"
//! rules = "new-edition"          # default new-edition
//! players = 2                    # default 2; seats are red, blue, green, yellow, black, grey
//!
//! [[layout]]                     # the table before the turns; tiles need not touch
//! tile = "W"
//! at = [0, 0]                    # column (east +), row (south +)
//! rotation = 0                   # quarter turns clockwise
//! figures = [{ player = "red", feature = "r1" }]   # figure defaults to the first follower type
//! # figures = [{ player = "red", figure = "shepherd", feature = "f2", carries = 5 }]
//! #   a figure laid out holding tokens, if its mechanism gives it some: a shepherd with a
//! #   flock of 5 sheep, in tokens taken from the bag, the largest first
//!
//! [[turns]]                      # each turn: the tile drawn, where it goes, what is deployed
//! player = "red"                 # optional check of whose turn it is (an extra turn is an
//!                                #   entry of its own, of the same player)
//! tile = "W"
//! at = [3, 0]
//! deploy = { feature = "r3" }    # optional; `figure = "..."` picks another figure type
//! buries = "U"                   # with Hills & Sheep: the tile a hill tile takes under it
//! # deploy = { figure = "barn", corner = 0 }   a barn on a corner (0 north-west, clockwise)
//! held = true                    # the tile is one the player holds (an abbey), not drawn
//! illegal = true                 # placing at `at` must be refused; the next turn places it
//! decisions = [{ action = "guide" }, { action = "move-wagon", at = [1, 0], feature = "r" }]
//!                                # the answers to the decisions the game asks after this
//!                                #   turn, in the order asked, by the actions' declared names:
//!                                #   { action = "NAME" } for one taking nothing;
//!                                #   { action = "NAME", at = [x, y], feature = "ID" } for one
//!                                #   taking a feature (`action` may be left out when it is the
//!                                #   decision's only action taking a feature);
//!                                #   { action = "NAME", figure = "ID", corner = 0 } for one
//!                                #   taking a figure and a corner; {} to pass (a waiting figure
//!                                #   goes home). A decision with no answer left passes where
//!                                #   passing is allowed; more answers than decisions is an error
//! refused = "already has a barn" # this turn's choice must be refused (then it passes)
//! asked = 2                      # how many decisions the game asked after this turn (0: none,
//!                                #   as when every waiting wagon had nowhere to go)
//! # discarded = true             the tile is drawn, fits nowhere and is discarded (no `at`);
//! #                              the next turn draws the tile after it
//! # top level: figures = { follower = 8 }   figure counts per player, as a rule set's `[figures]`
//! # top level: [tokens.spice] majority = 5   house rules on a printed token, as a rule set's
//! # top level: [marks.inn] incomplete = { per-tile = 1 }   house rules on a mark, as a rule set's
//! # top level: values = { barn-final-per-city = 5 }   values of mechanisms, as a rule set's
//! #   `[values]` (only values the scenario's tile sets declare)
//! # top level: sheep = [4, 0]    tokens drawn from the bag in order (0 is a wolf)
//!
//! [expect]
//! scores = { red = 4, blue = 0 }
//! events = ["RED scores 4 points: completed road: 4 tiles"]   # in this order, among others
//! absent-events = ["RED scores 4 points: flocks guided home: 4 sheep"]   # none of these happens
//! supply = { red = { follower = 6, mayor = 1 }, blue = 7 }   # figures in supply by type;
//!                                                             # a number: the first type
//! ```

use crate::FromCatalog;
use crate::catalog::Catalog;
use crate::diagnostic::Diagnostic;
use crate::game::{GameDef, NamedOnce};
use crate::report::{Diagnostics, Reporter};
use crate::source::{Source, SourceMap};
use crate::validate;

mod named;

use named::check_named;
use tilewright_rules::scenario::FORMAT_HELP;
pub use tilewright_rules::scenario::{
    Decision, Expect, FigureAt, LaidTile, Outcome, PlayError, Scenario, SupplyExpect, Turn, check,
};

/// Reads a scenario file as a data file is read (TOML syntax, the limits of a data file, the
/// format), then checks what needs no game: no tile set or expansion named twice, and the
/// scoring and figure overrides within a rule set's ranges. The first problem is a located
/// diagnostic, quoting at most [`MAX_QUOTED_CHARS`](crate::diagnostic::MAX_QUOTED_CHARS)
/// characters of the file.
pub fn read(source: &Source) -> Result<Scenario, Box<Diagnostic>> {
    read_located(source).map(|(scenario, _)| scenario)
}

/// [`read`], with where each value of the file is.
fn read_located(source: &Source) -> Result<(Scenario, SourceMap), Box<Diagnostic>> {
    let (scenario, map) = validate::read_toml::<Scenario>(source, FORMAT_HELP)?;
    let mut out = Diagnostics::default();
    let mut report = Reporter {
        source,
        map: &map,
        out: &mut out,
    };
    let mut named = NamedOnce::default();
    let twice = scenario
        .tilesets
        .iter()
        .enumerate()
        .find_map(|(i, spec)| named.add(spec).err().map(|e| (i, e)));
    if let Some((i, error)) = twice {
        report.error(&format!("/tilesets/{i}"), error.to_string(), "list each one once");
    }
    validate::check_overrides(
        &scenario.scoring,
        &scenario.figures,
        (&scenario.marks, &scenario.tokens),
        &scenario.values,
        &mut report,
    );
    match out.finish(|_| 0).into_iter().next() {
        Some(first) => Err(Box::new(first)),
        None => Ok((scenario, map)),
    }
}

/// Reads ([`read`]) and plays ([`play`]) a scenario file against loaded tile sets; `Err` is
/// the first problem, located in the file.
pub fn run(source: &Source, catalog: &Catalog) -> Result<(Scenario, Outcome), Box<Diagnostic>> {
    let (scenario, map) = read_located(source)?;
    match play(&scenario, catalog) {
        Ok(outcome) => Ok((scenario, outcome)),
        Err(problem) => {
            let mut out = Diagnostics::default();
            let mut report = Reporter {
                source,
                map: &map,
                out: &mut out,
            };
            if problem.key {
                report.error_at_key(&problem.pointer, problem.message, problem.help);
            } else {
                report.error(&problem.pointer, problem.message, problem.help);
            }
            let first = out.finish(|_| 0).into_iter().next();
            Err(Box::new(first.unwrap_or_else(|| {
                Diagnostic::file(&source.path, "cannot play", FORMAT_HELP)
            })))
        }
    }
}

/// [`run`] on a scenario's text (named `scenario.toml`); `Err` is the problem as one line.
pub fn run_text(text: &str, catalog: &Catalog) -> Result<(Scenario, Outcome), String> {
    run(&Source::new("scenario.toml", text), catalog).map_err(|d| d.to_string())
}

/// Plays a scenario against loaded tile sets: checks that the files it names are loaded,
/// builds its game definition and plays it ([`tilewright_rules::scenario::play`]); `Err` says
/// where and what went wrong.
pub fn play(scenario: &Scenario, catalog: &Catalog) -> Result<Outcome, PlayError> {
    check_named(scenario, catalog).map_err(PlayError::clipped)?;
    let def = GameDef::from_catalog(catalog, &scenario.tilesets, &scenario.rules).map_err(|e| {
        PlayError::at(
            "/tilesets",
            e.to_string(),
            "name tile sets, editions and a rule set that go together",
        )
        .clipped()
    })?;
    tilewright_rules::scenario::play(scenario, def)
}

#[cfg(test)]
mod tests {
    use super::run_text;
    use crate::bundled;

    const OFFERED: &str = include_str!("../../../scenarios/wagon-offered-and-declined.toml");

    /// What reading or playing the scenario `text` says is wrong.
    fn refused(text: &str) -> String {
        run_text(text, bundled::catalog()).map(|_| ()).unwrap_err()
    }

    #[test]
    fn a_set_named_twice_is_refused_where_it_is_named_again() {
        let text =
            "description = \"d\"\ntilesets = [\"base\", \"abbey-and-mayor\",\n  \"base@first-edition\"]\n[expect]\n";
        assert_eq!(
            refused(text),
            "scenario.toml:3:3: error: the tile set or expansion `base` is named twice; a game plays each once, in one edition (help: list each one once)"
        );
        // Each was hashed and compiled before: minutes and gigabytes.
        let many = vec!["\"base\""; 100_000].join(", ");
        let started = std::time::Instant::now();
        let said = refused(&format!("description = \"d\"\ntilesets = [{many}]\n[expect]\n"));
        assert!(said.starts_with("scenario.toml:2:21: error: the tile set"), "{said}");
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn overrides_get_the_range_checks_of_a_rule_set() {
        let with = |table: &str| format!("description = \"d\"\n{table}\n[expect]\n");
        assert_eq!(
            refused(&with("[scoring]\nroad-per-tile = 4000000000")),
            "scenario.toml:3:17: error: 4000000000 points is out of range (help: give a value from 0 to 1000)"
        );
        assert_eq!(
            refused(&with("[figures]\nfollower = 300")),
            "scenario.toml:3:12: error: 300 figures of one type per player is more than a game can hold (help: give a count from 0 to 255)"
        );
        assert!(run_text(&with("[scoring]\nroad-per-tile = 1000"), bundled::catalog()).is_ok());
        assert_eq!(
            refused(&with("[marks.inn]\ncomplete = { per-tile = 4000000000 }")),
            "scenario.toml:3:25: error: 4000000000 points is out of range (help: give a value from 0 to 1000)"
        );
        // A mark the scenario's tile sets do not declare (a typo) is refused, not ignored.
        let misspelt = format!(
            "tilesets = [\"base\", \"inns-and-cathedrals\"]\n{}",
            with("[marks.inns]\nplay = false")
        );
        let error = run_text(&misspelt, bundled::catalog()).unwrap_err();
        assert_eq!(
            error,
            "scenario.toml:3:8: error: no file of the scenario's tile sets declares a mark `inns` (help: did you mean `inn`? the scenario's tile sets declare the marks: `cathedral`, `inn`)"
        );
    }

    #[test]
    fn value_overrides_are_checked_like_a_rule_sets() {
        let with = |table: &str| format!("description = \"d\"\n{table}\n[expect]\n");
        assert_eq!(
            refused(&with("[values]\nvineyard = 4000")),
            "scenario.toml:3:12: error: 4000 points is out of range (help: give a value from 0 to 1000)"
        );
        // A value the scenario's tile sets do not declare (a typo, or one of a set not in play)
        // is refused, not ignored, naming those they do declare.
        let sheep = |table: &str| format!("tilesets = [\"base\", \"hills-and-sheep\"]\n{}", with(table));
        assert_eq!(
            run_text(&sheep("[values]\nvineyards = 1"), bundled::catalog()).unwrap_err(),
            "scenario.toml:4:1: error: no file of the scenario's tile sets declares a value `vineyards` (help: did you mean `vineyard`? they declare: `vineyard`, `vineyard-garden`)"
        );
        assert!(run_text(&sheep("[values]\nvineyard = 1"), bundled::catalog()).is_ok());
        // A value written where it was before values moved out of `[scoring]` says where it goes.
        let said = refused(&sheep("[scoring]\nvineyard = 1"));
        assert!(
            said.starts_with("scenario.toml:4:1: error: `vineyard` is no longer a `[scoring]` value"),
            "{said}"
        );
        assert!(said.contains("move this line into a `[values]` table"), "{said}");
        assert!(run_text(&with("[values]\nvineyard = 1"), bundled::catalog()).is_err());
    }

    #[test]
    fn a_rule_set_among_the_tile_sets_or_a_tile_set_as_rules_says_where_it_goes() {
        assert_eq!(
            refused("description = \"d\"\ntilesets = [\"base\", \"farms-2000\"]\n[expect]\n"),
            "scenario.toml:2:21: error: `farms-2000` is a rule set, not a tile set or expansion (help: name it with `rules = \"farms-2000\"`)"
        );
        assert_eq!(
            refused("description = \"d\"\nrules = \"abbey-and-mayor\"\n[expect]\n"),
            "scenario.toml:2:9: error: `abbey-and-mayor` is a tile set or expansion, not a rule set (help: list it in `tilesets`)"
        );
    }

    #[test]
    fn unknown_names_are_located_with_the_closest_known_one() {
        let said = refused("description = \"d\"\ntilesets = [\"bse\"]\n[expect]\n");
        assert!(
            said.starts_with("scenario.toml:2:13: error: there is no tile set or expansion `bse` (help: did you mean `base`? the tile sets and expansions known are: `base`,"),
            "{said}"
        );
        assert!(said.ends_with("with `--data PATH`)"), "{said}");
        let said = refused("description = \"d\"\nrules = \"new-editon\"\n[expect]\n");
        assert!(
            said.starts_with(
                "scenario.toml:2:9: error: there is no rule set `new-editon` (help: did you mean `new-edition`?"
            ),
            "{said}"
        );
        let layout = |figure: &str| {
            format!(
                "description = \"d\"\n[[layout]]\ntile = \"U\"\nat = [0, 0]\nfigures = [{{ {figure} }}]\n[expect]\n"
            )
        };
        assert_eq!(
            refused(&layout("feature = \"road\"")),
            "scenario.toml:5:24: error: tile `U` has no feature `road` (help: its features are: `f1` (field), `f2` (field), `r` (road))"
        );
        assert_eq!(
            refused(&layout("player = \"rde\", feature = \"r\"")),
            "scenario.toml:5:23: error: `rde` is not a colour (help: did you mean `red`? the seats are: `red`, `blue`)"
        );
        assert_eq!(
            refused(&layout("figure = \"folower\", feature = \"r\"")),
            "scenario.toml:5:23: error: no figure `folower` (help: did you mean `follower`? the figure types in play are: `follower`)"
        );
        let said = refused("description = \"d\"\n[[turns]]\ntile = \"Uu\"\nat = [1, 0]\n[expect]\n");
        assert!(
            said.starts_with("scenario.toml:3:8: error: no tile `Uu` in the tile sets (help: did you mean `U`?"),
            "{said}"
        );
    }

    #[test]
    fn a_tile_that_does_not_fit_names_the_edges_that_clash() {
        let turn = |rest: &str| {
            format!(
                "description = \"d\"\n[[layout]]\ntile = \"U\"\nat = [0, 0]\n[[turns]]\ntile = \"E\"\n{rest}[expect]\n"
            )
        };
        assert_eq!(
            refused(&turn("at = [1, 0]\nrotation = 1\n")),
            "scenario.toml:8:12: error: turn 1: `E` does not fit at (1, 0) turned 1: its west edge `field` meets the east edge `road` of `U` at (0, 0) (help: turn it (`rotation`, quarter turns clockwise) or place it elsewhere (`at`); add `illegal = true` if the scenario means it to be refused)"
        );
        // Turned 0, the fault is shown at `at`.
        let said = refused(&turn("at = [0, 1]\n"));
        assert!(
            said.starts_with("scenario.toml:7:6: error: turn 1: `E` does not fit at (0, 1) turned 0: its north edge `city` meets the south edge `field` of `U` at (0, 0)"),
            "{said}"
        );
        let said = refused(&turn("at = [0, 0]\n"));
        assert!(said.contains("(0, 0) turned 0: a tile is there already"), "{said}");
        let said = refused(&turn("at = [5, 5]\n"));
        assert!(said.contains("(5, 5) turned 0: no tile is next to it"), "{said}");
    }

    #[test]
    fn numbers_out_of_range_are_refused_where_they_stand() {
        let with = |lines: &str| format!("description = \"d\"\n{lines}\n[expect]\n");
        assert_eq!(
            refused(&with("players = 200")),
            "scenario.toml:2:11: error: a game has 2 to 6 players, not 200 (help: give 2 to 6 players)"
        );
        assert_eq!(
            refused(&with("players = 256")),
            "scenario.toml:2:11: error: a game has 2 to 6 players, not 256 (help: give 2 to 6 players)"
        );
        assert_eq!(
            refused(&with("first-player = \"grey\"")),
            "scenario.toml:2:16: error: `grey` is not a seat of this 2-player game (help: the seats are: `red`, `blue`; seat more with `players`)"
        );
        let laid = "[[layout]]\ntile = \"U\"\nat = [0, 0]\n";
        assert_eq!(
            refused(&with(&format!("{laid}rotation = 255"))),
            "scenario.toml:5:12: error: `rotation = 255` is not a number of quarter turns (help: give 0 to 3 quarter turns clockwise)"
        );
        // A coordinate beyond the table's range says the range of its own type.
        assert_eq!(
            refused(&with("[[layout]]\ntile = \"U\"\nat = [40000, 0]")),
            "scenario.toml:4:7: error: `40000` is too large: at most 32767 (help: compare it with the scenario format (the documentation of `tilewright_engine::scenario`))"
        );
        assert_eq!(
            refused(&with("[[turns]]\ntile = \"U\"\nat = [0, -40000]")),
            "scenario.toml:4:10: error: `-40000` is too small: at least -32768 (help: compare it with the scenario format (the documentation of `tilewright_engine::scenario`))"
        );
        let turn = "[[turns]]\ntile = \"U\"\nat = [1, 0]\n";
        assert_eq!(
            refused(&with(&format!("{laid}{turn}rotation = 4"))),
            "scenario.toml:8:12: error: `rotation = 4` is not a number of quarter turns (help: give 0 to 3 quarter turns clockwise)"
        );
        // A layout tile that does not fit names the edges that clash, as a turn's does.
        let said = refused(&with(&format!("{laid}[[layout]]\ntile = \"E\"\nat = [0, 1]")));
        assert!(
            said.starts_with("scenario.toml:7:6: error: layout tile `E` does not fit at (0, 1) turned 0: its north edge `city` meets the south edge `field` of `U` at (0, 0) (help: turn it"),
            "{said}"
        );
        assert!(!said.contains("illegal"), "{said}");
        // What a turn gets wrong with no place of its own is shown at the turn.
        let said = refused(&with(&format!(
            "{laid}[[turns]]\ntile = \"U\"\nat = [1, 0]\nheld = true"
        )));
        assert!(said.starts_with("scenario.toml:5:1: error: turn 1: "), "{said}");
    }

    #[test]
    fn decisions_are_refused_where_they_are_written() {
        // The count of decisions asked, at `asked`.
        let said = refused(&OFFERED.replacen("asked = 1", "asked = 0", 1));
        assert!(
            said.starts_with("scenario.toml:28:9: error: turn 1: expected `asked = 0`, but the game asked 1 decision"),
            "{said}"
        );
        // An action the decision does not allow, at its name.
        let said = refused(&OFFERED.replacen("decisions = [{}]", "decisions = [{ action = \"grow\" }]", 1));
        assert!(
            said.starts_with(
                "scenario.toml:27:25: error: turn 1: decision 1 (red's, of the wagon): no action `grow` is allowed here"
            ),
            "{said}"
        );
        // An answer the game did not ask for, at the answer.
        let said = refused(&OFFERED.replacen("decisions = [{}]", "decisions = [{}, {}]", 1));
        assert!(
            said.starts_with("scenario.toml:27:18: error: turn 1: 2 decisions are answered"),
            "{said}"
        );
        // The keys these replace are no longer known.
        for old in ["wagon-offered = true", "wagons = [{}]", "shepherd = [\"guide\"]"] {
            let said = refused(&OFFERED.replacen("asked = 1", old, 1));
            assert!(said.starts_with("scenario.toml:28:1: error: unknown field"), "{said}");
        }
    }

    #[test]
    fn what_a_scenario_error_quotes_is_short() {
        let long = "k".repeat(5_000);
        for text in [
            format!("description = \"d\"\n{long} = 1\n[expect]\n"),
            format!("description = \"d\"\nplayers = \"{long}\"\n[expect]\n"),
            format!("description = \"d\"\n[[layout]]\ntile = \"{long}\"\nat = [0, 0]\n[expect]\n"),
            OFFERED.replacen("asked = 1", &format!("asked = 1\nrefused = \"{long}\""), 1),
        ] {
            let said = refused(&text);
            assert!(said.contains("kkk"), "{said}");
            assert!(!said.contains(&"k".repeat(81)), "{said}");
        }
    }
}
