//! Scenarios played: a table laid out by hand, turns to play on it, and the expected outcome.
//! They are the rules tests (one per worked example of the rulebooks) and the format for bug
//! reports.
//!
//! The types here are the scenario format as serde reads it; the load side
//! (`tilewright_load::scenario`, also `tilewright_engine::scenario`) documents the TOML, reads
//! a file with where each value stands, checks the names it gives against the files loaded and
//! builds its [`GameDef`](crate::GameDef). Here a scenario is [`play`]ed on that definition
//! (its overrides layered on the rule set, the table laid out, the turns played) and its
//! [`Outcome`] compared with what it expects ([`check`]). What stops a scenario playing is a
//! [`PlayError`] naming the value at fault by its JSON Pointer.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::game::COLOURS;
use crate::model::{MarkRules, ScoringValues, SwitchValues, TokenRules};

mod expect;
mod names;
mod overrides;
mod play;
mod problems;
mod turn;

pub use expect::check;
pub use play::play;
pub use problems::{FORMAT_HELP, PlayError, one_of};

/// A scenario file.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario shows.
    pub description: String,
    /// Tile sets in play (`id` or `id@edition`).
    #[serde(default = "default_tilesets")]
    pub tilesets: Vec<String>,
    /// Rule set id.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// Rule values changed for this scenario only.
    #[serde(default)]
    pub scoring: ScoringValues,
    /// Switches changed for this scenario only.
    #[serde(default)]
    pub switches: SwitchValues,
    /// Figure counts per player changed for this scenario only, by figure id.
    #[serde(default)]
    pub figures: BTreeMap<String, u32>,
    /// House rules on marks for this scenario only, by mark id, as a rule set's `[marks]`.
    #[serde(default)]
    pub marks: BTreeMap<String, MarkRules>,
    /// Values of mechanisms for this scenario only, by key, as a rule set's `[values]`.
    #[serde(default)]
    pub values: BTreeMap<String, u32>,
    /// House rules on printed tokens for this scenario only, by token id, as a rule set's
    /// `[tokens]`.
    #[serde(default)]
    pub tokens: BTreeMap<String, TokenRules>,
    /// Number of players.
    #[serde(default = "default_players")]
    pub players: u32,
    /// Who plays the first turn.
    #[serde(default = "default_first")]
    pub first_player: String,
    /// Whether the end of the game is scored after the last turn.
    #[serde(default)]
    pub final_scoring: bool,
    /// The table before the turns.
    #[serde(default)]
    pub layout: Vec<LaidTile>,
    /// Tokens drawn from the bag, in order (sheep per token, 0 for a wolf); later draws are random.
    #[serde(default)]
    pub sheep: Vec<u8>,
    /// Turns to play.
    #[serde(default)]
    pub turns: Vec<Turn>,
    /// Expected outcome.
    pub expect: Expect,
}

fn default_tilesets() -> Vec<String> {
    vec!["base".into()]
}
fn default_rules() -> String {
    "new-edition".into()
}
fn default_players() -> u32 {
    2
}
fn default_first() -> String {
    "red".into()
}

/// A tile of the layout.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LaidTile {
    /// Tile id.
    pub tile: String,
    /// Column and row.
    pub at: [i16; 2],
    /// Quarter turns clockwise.
    #[serde(default)]
    pub rotation: u8,
    /// Figures standing on it.
    #[serde(default)]
    pub figures: Vec<FigureAt>,
}

/// A figure on a feature of a tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FigureAt {
    /// Owner's colour (layout only; deployments belong to the player whose turn it is).
    #[serde(default)]
    pub player: Option<String>,
    /// Figure type id (default: the first figure type).
    #[serde(default)]
    pub figure: Option<String>,
    /// Feature id on the tile (not for a figure deployed on a corner).
    #[serde(default)]
    pub feature: String,
    /// For a figure deployed in a turn on a corner of the tile (a barn): the corner, clockwise
    /// from north-west (0).
    #[serde(default)]
    pub corner: Option<u8>,
    /// For a figure of the layout whose mechanism lays it out holding tokens: how many it
    /// carries, in tokens taken from the bag, the largest first (a shepherd's flock of
    /// `carries` sheep).
    #[serde(default)]
    pub carries: Option<u16>,
}

/// One turn.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Turn {
    /// Whose turn it should be.
    #[serde(default)]
    pub player: Option<String>,
    /// The tile drawn.
    pub tile: String,
    /// Where it goes (not for a `discarded` tile).
    #[serde(default)]
    pub at: Option<[i16; 2]>,
    /// Quarter turns clockwise.
    #[serde(default)]
    pub rotation: u8,
    /// What is deployed (nothing if absent).
    #[serde(default)]
    pub deploy: Option<FigureAt>,
    /// Instead of deploying: one of the actions a mechanism offers in the deployment step,
    /// written as a decision's answer (`{ action = "take-back", at = [0, 0], feature = "m" }`).
    #[serde(default)]
    pub instead: Option<Decision>,
    /// A refusal this turn's deployment or one of its decisions must meet (words of the
    /// message); the refused choice is then replaced by passing. For scenario pairs that
    /// differ in a switch.
    #[serde(default)]
    pub refused: Option<String>,
    /// The answers to the decisions the game asks after this turn (each waiting in a
    /// mechanism's [`Phase::Decide`](crate::game::Phase::Decide)), in the order asked; a
    /// decision with no answer left passes (where passing is allowed).
    #[serde(default)]
    pub decisions: Vec<Decision>,
    /// Whether `tile` is one the player holds (an abbey), placed instead of drawing.
    #[serde(default)]
    pub held: bool,
    /// With `held`: the player declines to place it (allowed in the abbey final round); if the
    /// engine refuses (`refused` says how), the tile is placed at `at` instead.
    #[serde(default)]
    pub decline: bool,
    /// With Hills & Sheep, the tile a hill tile placed this turn takes under it (the next tile
    /// of the pile).
    #[serde(default)]
    pub buries: Option<String>,
    /// The placement at `at` must be refused as illegal (`refused` may name words of the
    /// message); the tile stays in the player's hand, and the next turn entry places it.
    #[serde(default)]
    pub illegal: bool,
    /// The tile is drawn, fits nowhere and is discarded (the engine says so with an event);
    /// the player draws again, and the next turn entry is that draw.
    #[serde(default)]
    pub discarded: bool,
    /// How many decisions the game asked after this turn (0: none was asked, as when every
    /// figure waiting to move had nowhere to go and went home unasked).
    #[serde(default)]
    pub asked: Option<u32>,
}

/// The answer to one decision the game asks: one of the actions the asked mechanism declares
/// ([`Words`](crate::game::Words)), by its name, with what it takes; or, all left out, a pass
/// (the figure waiting to move goes home).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Decision {
    /// The action's declared name (`"guide"`, `"move-wagon"`). It may be left out when what
    /// else is given says it: `at` and `feature` for the one action of the decision that
    /// takes a feature, `figure` and `corner` for the one that takes a corner.
    #[serde(default)]
    pub action: Option<String>,
    /// For an action taking a feature: column and row of its tile.
    #[serde(default)]
    pub at: Option<[i16; 2]>,
    /// For an action taking a feature: the feature id on that tile.
    #[serde(default)]
    pub feature: Option<String>,
    /// For an action taking a figure and a corner: the figure type id (default: the first).
    #[serde(default)]
    pub figure: Option<String>,
    /// For an action taking a figure and a corner: the corner of the tile just placed,
    /// clockwise from north-west (0).
    #[serde(default)]
    pub corner: Option<u8>,
}

/// Expected outcome.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Expect {
    /// Scores by colour (colours left out must have 0).
    #[serde(default)]
    pub scores: BTreeMap<String, u64>,
    /// Event sentences that must appear, in this order.
    #[serde(default)]
    pub events: Vec<String>,
    /// Event sentences that must not appear.
    #[serde(default)]
    pub absent_events: Vec<String>,
    /// Figures in supply by colour: by figure type id, or a number for the first figure type.
    #[serde(default)]
    pub supply: BTreeMap<String, SupplyExpect>,
}

/// The figures a player should have in supply.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SupplyExpect {
    /// Of the first figure type (the base game's follower).
    First(u8),
    /// By figure type id; types left out are not checked.
    ByFigure(BTreeMap<String, u8>),
}

/// What a scenario run produced.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Final scores by seat.
    pub scores: Vec<u64>,
    /// Every event, as sentences.
    pub events: Vec<String>,
    /// Figure type ids, in the game's order.
    pub figures: Vec<String>,
    /// Figures in supply by seat, then by figure type (in the order of `figures`).
    pub supply: Vec<Vec<u8>>,
}

fn seat(name: &str) -> Option<u8> {
    COLOURS.iter().position(|c| *c == name).map(|p| p as u8)
}

#[cfg(test)]
mod tests {
    use super::{Scenario, check, play};
    use crate::game::GameDef;
    use crate::testing;

    /// Plays a scenario of the top-level `scenarios/` with `from` replaced by `to` (which must occur),
    /// and returns what playing it says: an error or the report of `check`.
    fn verdict(text: &str, from: &str, to: &str) -> Result<(), String> {
        assert!(text.contains(from), "the scenario no longer says {from:?}");
        let text = text.replacen(from, to, 1);
        let scenario: Scenario = toml::from_str(&text).map_err(|e| e.to_string())?;
        let def =
            GameDef::from_files(testing::bundled(), &scenario.tilesets, &scenario.rules).map_err(|e| e.to_string())?;
        let outcome = play(&scenario, def).map_err(|e| e.to_string())?;
        check(&scenario, &outcome)
    }

    const DISCARDED: &str = include_str!("../../../scenarios/a-tile-that-fits-nowhere-is-discarded.toml");
    const NOWHERE: &str = include_str!("../../../scenarios/wagon-with-nowhere-to-go-goes-home-unasked.toml");
    const OFFERED: &str = include_str!("../../../scenarios/wagon-offered-and-declined.toml");
    const FLOCK: &str = include_str!("../../../scenarios/abbey-closes-a-shepherds-field.toml");
    const MAYOR: &str = include_str!("../../../scenarios/mayor-only-in-cities.toml");
    const BOTH: &str = include_str!("../../../scenarios/shepherd-and-wagon-decide-after-one-turn.toml");

    #[test]
    fn a_refused_deployment_names_the_figure_the_feature_and_the_tile() {
        // Not expected: the turn fails, naming what the engine numbers.
        let named = "turn 1: figure `mayor` may not be deployed on feature `r` (road) of tile `U`: this figure may not stand on this kind of feature";
        fails_saying(MAYOR, "refused = \"this figure", "# refused = \"this figure", named);
        // A figure of the layout, likewise.
        let layout = "[[layout]]\ntile = \"U\"\nat = [0, 0]\nfigures = [{ figure = \"mayor\", feature = \"r\" }]\n";
        let named = "layout: figure `mayor` may not be deployed on feature `r` (road) of tile `U`";
        fails_saying(MAYOR, "[[layout]]\ntile = \"U\"\nat = [0, 0]\n", layout, named);
    }

    #[test]
    fn the_scenarios_pass_as_written() {
        for text in [DISCARDED, NOWHERE, OFFERED, FLOCK, BOTH] {
            assert_eq!(verdict(text, "", ""), Ok(()));
        }
    }

    /// Asserts that the scenario with `from` replaced by `to` fails, saying `words`.
    fn fails_saying(text: &str, from: &str, to: &str, words: &str) {
        let err = verdict(text, from, to).expect_err("the changed scenario should fail");
        assert!(err.contains(words), "expected {words:?} in: {err}");
    }

    #[test]
    fn a_discarded_tile_that_fits_fails_the_scenario() {
        // A city cap fits under the city on every side, so it is not discarded.
        let fits = "turn 1: `E` should have been drawn and discarded";
        fails_saying(DISCARDED, "tile = \"B\"  ", "tile = \"E\"  ", fits);
        fails_saying(
            DISCARDED,
            "discarded = true",
            "discarded = true\nat = [0, 1]",
            "leave out `at`",
        );
    }

    #[test]
    fn an_event_that_happens_fails_absent_events() {
        let (from, to) = ("B at (0, 1) turned 0\"]", "E at (0, 1) turned 0\"]");
        let words = "event that should not happen: RED places E at (0, 1) turned 0";
        fails_saying(DISCARDED, from, to, words);
    }

    #[test]
    fn a_wrong_supply_of_any_figure_type_fails() {
        fails_saying(
            NOWHERE,
            "wagon = 1",
            "wagon = 0",
            "supply of red: expected 0 wagon, got 1",
        );
        fails_saying(
            NOWHERE,
            "blue = 7",
            "blue = 6",
            "supply of blue: expected 6 follower, got 7",
        );
        fails_saying(NOWHERE, "barn = 1", "shepherd = 1", "no figure type `shepherd`");
    }

    #[test]
    fn a_wrong_count_of_decisions_asked_fails() {
        fails_saying(
            NOWHERE,
            "asked = 0",
            "asked = 1",
            "expected `asked = 1`, but the game asked 0 decisions",
        );
        fails_saying(
            OFFERED,
            "asked = 1",
            "asked = 0",
            "expected `asked = 0`, but the game asked 1 decision",
        );
        fails_saying(
            BOTH,
            "asked = 2",
            "asked = 1",
            "expected `asked = 1`, but the game asked 2 decisions",
        );
    }

    #[test]
    fn decisions_answer_what_the_game_asks_in_order() {
        // A choice by name and a choice of a feature, asked after one turn; an action taking a
        // feature may go unnamed when it is the only one the decision offers.
        assert_eq!(verdict(BOTH, "", ""), Ok(()));
        assert_eq!(verdict(BOTH, "action = \"move-wagon\", ", ""), Ok(()));
        // In the wrong order, the first answer is not one the shepherd's decision allows.
        let swapped =
            "decisions = [{ action = \"move-wagon\", at = [1, -1], feature = \"c\" }, { action = \"guide\" }]";
        let said = verdict(BOTH, "decisions = [", &format!("{swapped}\n# [")).unwrap_err();
        assert!(
            said.contains("turn 1: decision 1 (red's, of the shepherd): no action `move-wagon` is allowed here"),
            "{said}"
        );
        assert!(
            said.contains("answer it with one of: `{ action = \"grow\" }`, `{ action = \"guide\" }`"),
            "{said}"
        );
        // A decision with no answer left passes where passing is allowed: the wagon goes home.
        let said = verdict(
            BOTH,
            ", { action = \"move-wagon\", at = [1, -1], feature = \"c\" }]",
            "]",
        )
        .unwrap_err();
        assert!(said.contains("RED's wagon moves to c of E at (1, -1)"), "{said}");
    }

    #[test]
    fn an_answer_the_decision_does_not_allow_is_refused_naming_what_it_allows() {
        let said = verdict(OFFERED, "decisions = [{}]", "decisions = [{ action = \"guide\" }]").unwrap_err();
        assert!(
            said.contains("turn 1: decision 1 (red's, of the wagon): no action `guide` is allowed here"),
            "{said}"
        );
        assert!(
            said.contains("`{ action = \"move-wagon\", at = [x, y], feature = \"...\" }`, `{}` (pass)"),
            "{said}"
        );
        // A slip of a name allowed is told the name.
        let said = verdict(BOTH, "action = \"guide\"", "action = \"giude\"").unwrap_err();
        assert!(
            said.contains("no action `giude` is allowed here (help: did you mean `guide`?"),
            "{said}"
        );
        // A name no mechanism declares, likewise.
        let said = verdict(BOTH, "action = \"guide\"", "action = \"fly\"").unwrap_err();
        assert!(said.contains("no action `fly` is allowed here"), "{said}");
        // What an action does not take, or a pass where none is allowed.
        let said = verdict(BOTH, "action = \"guide\"", "action = \"guide\", at = [0, 0]").unwrap_err();
        assert!(
            said.contains("`guide` takes no `at` (help: write it as `{ action = \"guide\" }`)"),
            "{said}"
        );
        let said = verdict(BOTH, "decisions = [{ action = \"guide\" }", "decisions = [{}").unwrap_err();
        assert!(
            said.contains("decision 1 (red's, of the shepherd): passing is not allowed"),
            "{said}"
        );
        let said = verdict(BOTH, "at = [1, -1], ", "").unwrap_err();
        assert!(said.contains("`move-wagon` needs `at`"), "{said}");
        // A decision that may not pass and has no answer.
        let said = verdict(BOTH, "decisions = [", "# decisions = [").unwrap_err();
        assert!(
            said.contains(
                "turn 1: decision 1 (red's, of the shepherd) has no answer in `decisions`, and passing is not allowed"
            ),
            "{said}"
        );
    }

    #[test]
    fn more_answers_than_decisions_asked_fail() {
        fails_saying(
            OFFERED,
            "decisions = [{}]",
            "decisions = [{}, {}]",
            "turn 1: 2 decisions are answered, but the game asked 1 decision",
        );
        fails_saying(
            NOWHERE,
            "asked = 0",
            "decisions = [{}]",
            "turn 1: 1 decisions are answered, but the game asked 0 decisions",
        );
    }

    #[test]
    fn a_new_mechanisms_decisions_are_answered_by_their_declared_names() {
        // The probe, a mechanism of the tests written as any new one is, asks a decision of
        // its own before every third turn's draw: tally, or mark a feature of the start tile.
        let text = "description = \"d\"\n[[layout]]\ntile = \"U\"\nat = [0, 0]\n\
            [[turns]]\ntile = \"U\"\nat = [1, 0]\ndecisions = [{ action = \"probe-tally\" }]\nasked = 1\n\
            [[turns]]\ntile = \"U\"\nat = [2, 0]\nasked = 0\n\
            [[turns]]\ntile = \"U\"\nat = [3, 0]\n\
            [[turns]]\ntile = \"U\"\nat = [4, 0]\ndecisions = [{ at = [0, 0], feature = \"r\" }]\n\
            [[turns]]\ntile = \"U\"\nat = [5, 0]\n[expect]\n";
        let probed = |from: &str, to: &str| {
            crate::game::mechanisms::Probe::on_this_thread(true);
            let said = verdict(text, from, to);
            crate::game::mechanisms::Probe::on_this_thread(false);
            said
        };
        assert_eq!(probed("", ""), Ok(()));
        let said = probed("probe-tally", "probe-tallly").unwrap_err();
        assert!(
            said.contains("decision 1 (blue's, of the probe): no action `probe-tallly`"),
            "{said}"
        );
        assert!(said.contains("did you mean `probe-tally`?"), "{said}");
        assert!(
            said.contains("`{ action = \"probe-mark\", at = [x, y], feature = \"...\" }`"),
            "{said}"
        );
        let said = probed("feature = \"r\"", "feature = \"road\"").unwrap_err();
        assert!(said.contains("tile `U` has no feature `road`"), "{said}");
    }

    #[test]
    fn a_flock_of_the_layout_scores_its_sheep() {
        fails_saying(FLOCK, "carries = 5", "carries = 4", "score of red: expected 5, got 4");
        fails_saying(
            FLOCK,
            "carries = 5",
            "carries = 500",
            "no tokens that make that many sheep",
        );
        // A figure type whose mechanism lays it out carrying nothing.
        fails_saying(
            FLOCK,
            "figure = \"shepherd\", ",
            "",
            "that figure type carries no tokens",
        );
    }
}
