//! Game records: everything needed to replay a game exactly, and the scores it must reach.
//!
//! A record is JSON, in the format [`RECORD_FORMAT`] it names first. Reading one
//! ([`GameRecord::from_json`]) refuses another format, a key it does not know and a tile set or
//! expansion listed twice, each located by line and column.

use std::fmt;
use std::sync::Arc;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::{Action, ActionError, Game, GameDef, NamedOnce, SetRef, SetupError};
use crate::model::{AbbeyEndgame, FarmScoring, HillTiebreak, MOVED_FROM_SCORING, Scoring, WagonMove, value_keys};

/// The format of the records this engine writes and reads. Format 1 is the first numbered
/// one: every key is known and `rules_hash` is required.
pub const RECORD_FORMAT: u32 = 1;

/// The largest game record read, in bytes (16 MiB). A record holds one action per turn, a few
/// dozen bytes each as JSON, so a real game's record is tens of kilobytes; the limit only stops
/// a wrong file (or a device that never ends) from filling memory.
pub const MAX_RECORD_BYTES: u64 = 16 * 1024 * 1024;

/// A saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The record's format: [`RECORD_FORMAT`], the only one read.
    #[serde(deserialize_with = "format_version")]
    pub format_version: u32,
    /// Tile sets in play, with the edition used and a content hash; each once.
    #[serde(deserialize_with = "named_once")]
    pub tilesets: Vec<SetRef>,
    /// Expansion files in play (figures, bags, mechanisms), with a content hash; each once.
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "named_once")]
    pub expansions: Vec<SetRef>,
    /// Id of the rule set.
    pub rules: String,
    /// Content hash of the rule set's values with its `extends` chain applied, so a replay
    /// with another rule set of the same id is refused rather than scored differently.
    pub rules_hash: String,
    /// Number of players.
    pub players: u8,
    /// Seed of the shuffle.
    pub seed: u64,
    /// Every action in order.
    pub actions: Vec<Action>,
    /// Scores by seat after the last action: the final scores of a finished game.
    pub scores: Vec<u64>,
    /// Who sat at each seat, as `human` or a bot spec (`mcts:1000`), so a game can be taken up
    /// again as it was played; empty when not known (records written before seats were kept,
    /// or by a run with no one in particular at the seats).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The tile sets or expansion files loaded are not the ones recorded: those that differ,
    /// on each side (the same set with other content appears on both).
    #[error("the record was played with {expected}, but {found} is loaded")]
    TileSets {
        /// What the record says.
        expected: String,
        /// What is loaded.
        found: String,
    },
    /// The rule set differs.
    #[error("the record was played with rule set {expected}, not {found}")]
    Rules {
        /// What the record says.
        expected: String,
        /// What is loaded.
        found: String,
    },
    /// Setting up failed.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An action was refused.
    #[error("action {index} ({}) was refused: {error}", serde_json::to_string(action).unwrap_or_default())]
    Action {
        /// Position in the record.
        index: usize,
        /// The action.
        action: Action,
        /// Why.
        error: ActionError,
    },
    /// The actions ran out before the game ended.
    #[error("the record ends before the game does")]
    Unfinished,
    /// The replay reached other scores.
    #[error("the replay scores {found:?}, the record says {expected:?}")]
    Scores {
        /// What the record says.
        expected: Vec<u64>,
        /// What the replay reached.
        found: Vec<u64>,
    },
}

impl ReplayError {
    /// What would make the record replay.
    pub fn help(&self) -> &'static str {
        match self {
            ReplayError::TileSets { .. } => {
                "replay it with the files it was played with: give the folders that hold them with `--data`"
            }
            ReplayError::Rules { .. } => {
                "replay it with the rule set it was played with, in the version it was played with"
            }
            ReplayError::Setup(SetupError::Players(_)) => {
                "set `players` to the number of seats the game was played with"
            }
            ReplayError::Setup(_) => "replay it with the files it was played with",
            ReplayError::Action { .. } | ReplayError::Unfinished | ReplayError::Scores { .. } => {
                "the record was changed after it was written, or written for other files: replay the record as it was saved"
            }
        }
    }

    /// Where in the record's text the refused part stands (a byte offset), given where its
    /// parts are.
    pub fn offset(&self, places: &RecordPlaces) -> Option<usize> {
        match self {
            ReplayError::TileSets { .. } => places.tilesets,
            ReplayError::Rules { .. } => places.rules,
            ReplayError::Setup(SetupError::Players(_)) => places.players,
            ReplayError::Setup(_) => places.tilesets,
            ReplayError::Action { index, .. } => places.actions.get(*index).copied(),
            ReplayError::Unfinished => places.actions.last().copied(),
            ReplayError::Scores { .. } => places.scores,
        }
    }
}

/// Where the parts of a record stand in its text, as byte offsets: found only to locate what
/// replaying it refuses ([`ReplayError::offset`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordPlaces {
    /// The value of `tilesets`.
    pub tilesets: Option<usize>,
    /// The value of `rules`.
    pub rules: Option<usize>,
    /// The value of `players`.
    pub players: Option<usize>,
    /// Each action of `actions`.
    pub actions: Vec<usize>,
    /// The value of `scores`.
    pub scores: Option<usize>,
}

impl RecordPlaces {
    /// The places in `text`; none where it is not JSON of a record's shape.
    pub fn of(text: &[u8]) -> RecordPlaces {
        use serde_json::value::RawValue;
        #[derive(Deserialize)]
        struct Parts<'a> {
            #[serde(borrow)]
            tilesets: Option<&'a RawValue>,
            #[serde(borrow)]
            rules: Option<&'a RawValue>,
            #[serde(borrow)]
            players: Option<&'a RawValue>,
            #[serde(borrow, default)]
            actions: Vec<&'a RawValue>,
            #[serde(borrow)]
            scores: Option<&'a RawValue>,
        }
        let Ok(parts) = serde_json::from_slice::<Parts>(text) else {
            return RecordPlaces::default();
        };
        // A raw value is a slice of `text`: its offset is how far into `text` it starts.
        let start = text.as_ptr() as usize;
        let at = |raw: &RawValue| (raw.get().as_ptr() as usize).checked_sub(start);
        RecordPlaces {
            tilesets: parts.tilesets.and_then(at),
            rules: parts.rules.and_then(at),
            players: parts.players.and_then(at),
            actions: parts.actions.into_iter().filter_map(at).collect(),
            scores: parts.scores.and_then(at),
        }
    }
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON, or not a record of this format, at a line and column of the text.
    #[error("{line}:{column}: not a game record: {message}")]
    Invalid {
        /// One-based line.
        line: usize,
        /// One-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The record does not say its format.
    #[error(
        "not a game record of format {RECORD_FORMAT}: it has no `format_version` (a record written before formats were numbered reads as format {RECORD_FORMAT} with `\"format_version\": {RECORD_FORMAT},` added, if it has a `rules_hash`)"
    )]
    NoFormat,
}

impl RecordError {
    /// The message for the record read from `path`: `path:line:column: ...` where there is a
    /// place.
    pub fn in_file(&self, path: &std::path::Path) -> String {
        match self {
            RecordError::Invalid { .. } => format!("{}:{self}", path.display()),
            RecordError::NoFormat => format!("{}: {self}", path.display()),
        }
    }
}

impl From<serde_json::Error> for RecordError {
    fn from(error: serde_json::Error) -> RecordError {
        let message = error.to_string();
        // Serde's message ends with the place, which is said first instead.
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_owned(),
            None => message,
        };
        RecordError::Invalid {
            // Serde says column 0 at the end of an empty text: still one-based.
            line: error.line().max(1),
            column: error.column().max(1),
            message: crate::quote::clip(&message),
        }
    }
}

/// Reads `format_version`, refusing (where it is) any format but [`RECORD_FORMAT`].
fn format_version<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let found = u64::deserialize(deserializer)?;
    if found == u64::from(RECORD_FORMAT) {
        return Ok(RECORD_FORMAT);
    }
    Err(de::Error::custom(format!(
        "this record is of format {found}, and this version of Tilewright reads format {RECORD_FORMAT} only: replay it with the version that wrote it"
    )))
}

/// Reads a list of tile sets or expansions, refusing (where it is) one listed again: the game
/// would refuse it, and each entry read would cost a hash.
fn named_once<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<SetRef>, D::Error> {
    struct Sets;
    impl<'de> Visitor<'de> for Sets {
        type Value = Vec<SetRef>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list of tile sets or expansions")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<SetRef>, A::Error> {
            let (mut named, mut sets) = (NamedOnce::default(), Vec::new());
            while let Some(set) = seq.next_element::<SetRef>()? {
                named.add(&set.id).map_err(de::Error::custom)?;
                sets.push(set);
            }
            Ok(sets)
        }
    }
    deserializer.deserialize_seq(Sets)
}

impl Game {
    /// The record of this game so far.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            format_version: RECORD_FORMAT,
            tilesets: self.def.sets.clone(),
            expansions: self.def.expansions.clone(),
            rules: self.def.rules.id.clone(),
            rules_hash: rules_hash(&self.def),
            players: self.players.len() as u8,
            seed: self.seed,
            actions: self.history.clone(),
            scores: self.scores(),
            seats: Vec::new(),
        }
    }
}

/// The content hash of the values a game's rules give (scoring, then the values of the
/// mechanisms in play by key, but a value added later at the value files without it play
/// ([`crate::model::ValueKey::undeclared`]), switches and figure counts; the name does not change play), and
/// the rules' house rules on marks and printed tokens when there are any (the files' own
/// values for them are in the sets' hashes; left out when empty, so the hash of rules without
/// them is what it was before they existed).
fn rules_hash(def: &GameDef) -> String {
    let rules = &def.rules;
    let values: Vec<(&str, u32)> = def
        .values
        .iter()
        .map(|(key, &value)| (key.as_str(), value))
        .filter(|&(key, value)| !value_keys().any(|k| k.key == key && k.undeclared == Some(value)))
        .collect();
    let scoring = ScoringWith::new(&rules.scoring, &values);
    if rules.marks.is_empty() && rules.tokens.is_empty() {
        super::setup::content_hash(&(&scoring, &rules.switches, &rules.figures))
    } else {
        super::setup::content_hash(&(&scoring, &rules.switches, &rules.figures, &rules.marks, &rules.tokens))
    }
}

/// The `[scoring]` values as records written before the values of mechanisms left it hashed
/// them ([`MOVED_FROM_SCORING`] last, in that order): each the value in play, or for a
/// mechanism out of play the value every bundled rule set gave.
fn scoring_before_values(def: &GameDef) -> Vec<(&'static str, u32)> {
    MOVED_FROM_SCORING
        .iter()
        .map(|&(key, default)| (key, def.values.get(key).copied().unwrap_or(default)))
        .collect()
}

/// The rules hash of a record written before the values of mechanisms moved out of
/// `[scoring]`.
fn hash_before_values(def: &GameDef) -> String {
    let rules = &def.rules;
    let moved = scoring_before_values(def);
    let scoring = ScoringWith::new(&rules.scoring, &moved);
    super::setup::content_hash(&(&scoring, &rules.switches, &rules.figures))
}

/// Scoring values followed by more entries, as one JSON object.
#[derive(Serialize)]
struct ScoringWith<'a> {
    #[serde(flatten)]
    scoring: &'a Scoring,
    #[serde(flatten)]
    values: Entries<'a>,
}

impl<'a> ScoringWith<'a> {
    fn new(scoring: &'a Scoring, values: &'a [(&'a str, u32)]) -> ScoringWith<'a> {
        ScoringWith {
            scoring,
            values: Entries(values),
        }
    }
}

/// Entries of a JSON object, in the order given.
struct Entries<'a>(&'a [(&'a str, u32)]);

impl Serialize for Entries<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The rules hash of a record written before rule sets had house-rule switches and `[figures]`
/// counts (which the hash of [`rules_hash`] covers): the scoring values and the edition
/// switches. Only rules with every mechanism on and no count override can have been played
/// then, so for any other rules there is none and such a record does not match.
fn hash_before_house_rules(def: &GameDef) -> Option<String> {
    /// The switches as those records serialized them: the same keys, in the same order.
    #[derive(Serialize)]
    #[serde(rename_all = "kebab-case")]
    struct EditionSwitches<'a> {
        farm_scoring: &'a FarmScoring,
        tiny_city: bool,
        abbey_endgame: &'a AbbeyEndgame,
        wagon_move: &'a WagonMove,
        barn_on_barn_field: bool,
        hill_tiebreak: &'a HillTiebreak,
    }
    let rules = &def.rules;
    let all_on = rules.switches.mechanisms().iter().all(|&(_, on)| on);
    if !all_on || !rules.figures.is_empty() {
        return None;
    }
    let s = &rules.switches;
    let switches = EditionSwitches {
        farm_scoring: &s.farm_scoring,
        tiny_city: s.tiny_city,
        abbey_endgame: &s.abbey_endgame,
        wagon_move: &s.wagon_move,
        barn_on_barn_field: s.barn_on_barn_field,
        hill_tiebreak: &s.hill_tiebreak,
    };
    let moved = scoring_before_values(def);
    let scoring = ScoringWith::new(&rules.scoring, &moved);
    Some(super::setup::content_hash(&(&scoring, &switches)))
}

/// The tile sets and expansions of a record and of the files loaded that are not in the
/// other, each side in words (`tile set mini@first-edition (0123…)`; `nothing` when a side
/// has none that the other lacks).
fn differing(
    sets: &[SetRef],
    expansions: &[SetRef],
    loaded: &[SetRef],
    loaded_expansions: &[SetRef],
) -> (String, String) {
    let describe = |sets: &[SetRef], expansions: &[SetRef], others: &[SetRef], other_expansions: &[SetRef]| {
        let sets = sets
            .iter()
            .filter(|s| !others.contains(s))
            .map(|s| format!("tile set {}@{} ({})", s.id, s.edition, s.hash));
        let expansions = expansions
            .iter()
            .filter(|e| !other_expansions.contains(e))
            .map(|e| format!("expansion {} ({})", e.id, e.hash));
        let all: Vec<String> = sets.chain(expansions).collect();
        if all.is_empty() {
            "nothing else".to_owned()
        } else {
            all.join(", ")
        }
    };
    let differ = (
        describe(sets, expansions, loaded, loaded_expansions),
        describe(loaded, loaded_expansions, sets, expansions),
    );
    if differ.0 == differ.1 {
        // The same sets in another order: say both orders.
        return (
            format!("{} in this order", describe(sets, expansions, &[], &[])),
            describe(loaded, loaded_expansions, &[], &[]),
        );
    }
    differ
}

impl GameRecord {
    /// Reads a record from its JSON text: its `format_version` first (a record of another
    /// format, or none, is refused as such, whatever else it holds), then the record, with no
    /// unknown key and no tile set or expansion listed twice.
    pub fn from_json(text: &[u8]) -> Result<GameRecord, RecordError> {
        /// The format alone, every other key left unread.
        #[derive(Deserialize)]
        struct Format {
            #[serde(default, deserialize_with = "some_format_version")]
            format_version: Option<u32>,
        }
        fn some_format_version<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
            format_version(deserializer).map(Some)
        }
        let format: Format = serde_json::from_slice(text)?;
        if format.format_version.is_none() {
            return Err(RecordError::NoFormat);
        }
        Ok(serde_json::from_slice(text)?)
    }

    /// The tile sets (as `id@edition`) and expansion files (as `id`) of the record, as
    /// [`GameDef::from_files`] takes them.
    pub fn files(&self) -> Vec<String> {
        let sets = self.tilesets.iter().map(|s| format!("{}@{}", s.id, s.edition));
        sets.chain(self.expansions.iter().map(|e| e.id.clone())).collect()
    }

    /// Replays the record on `def` and checks it reaches the recorded scores.
    pub fn replay(&self, def: Arc<GameDef>) -> Result<Game, ReplayError> {
        let game = self.apply_actions(def)?;
        if !game.is_over() {
            return Err(ReplayError::Unfinished);
        }
        self.check_scores(game)
    }

    /// Replays the record on `def` as far as its actions go: a record saved mid-game gives
    /// the game at that point ([`Game::is_over`] says whether it ended). The scores are checked
    /// against the record's, whether or not the game is over.
    pub fn replay_so_far(&self, def: Arc<GameDef>) -> Result<Game, ReplayError> {
        let game = self.apply_actions(def)?;
        self.check_scores(game)
    }

    fn check_scores(&self, game: Game) -> Result<Game, ReplayError> {
        if game.scores() != self.scores {
            return Err(ReplayError::Scores {
                expected: self.scores.clone(),
                found: game.scores(),
            });
        }
        Ok(game)
    }

    /// The game after the record's actions, on `def` checked to be the record's.
    fn apply_actions(&self, def: Arc<GameDef>) -> Result<Game, ReplayError> {
        if def.sets != self.tilesets || def.expansions != self.expansions {
            // Only what differs: a set played as recorded is not worth naming.
            let (expected, found) = differing(&self.tilesets, &self.expansions, &def.sets, &def.expansions);
            return Err(ReplayError::TileSets { expected, found });
        }
        let played = rules_hash(&def);
        let same_values = self.rules_hash == played
            || self.rules_hash == hash_before_values(&def)
            || Some(&self.rules_hash) == hash_before_house_rules(&def).as_ref();
        if def.rules.id != self.rules || !same_values {
            return Err(ReplayError::Rules {
                expected: format!("{} ({})", self.rules, self.rules_hash),
                found: format!("{} ({played})", def.rules.id),
            });
        }
        let mut game = Game::new(def, self.players, self.seed)?;
        let mut events = Vec::new();
        for (index, &action) in self.actions.iter().enumerate() {
            game.apply(action, &mut events)
                .map_err(|error| ReplayError::Action { index, action, error })?;
            events.clear();
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `[scoring]` as resolved rules held it before the values of mechanisms moved out: the
    /// same keys, in the same order.
    #[derive(Serialize)]
    #[serde(rename_all = "kebab-case")]
    struct ScoringThen {
        road_per_tile: u32,
        road_per_tile_final: u32,
        city_per_segment: u32,
        city_per_pennant: u32,
        city_per_segment_final: u32,
        city_per_pennant_final: u32,
        tiny_city_per_segment: u32,
        tiny_city_per_pennant: u32,
        monastery_per_tile: u32,
        monastery_per_tile_final: u32,
        farm_per_city: u32,
        farm_per_city_majority: u32,
        barn_placed_per_city: u32,
        barn_joined_per_city: u32,
        barn_final_per_city: u32,
        vineyard: u32,
    }

    #[test]
    fn records_written_before_the_values_moved_keep_their_rules_hash() {
        let sets: Vec<String> = ["base", "abbey-and-mayor"].map(str::to_owned).to_vec();
        for (sets, at_end) in [(&sets[..1], 4), (&sets[..], 6)] {
            let def = GameDef::from_files(crate::testing::bundled(), sets, "new-edition").unwrap();
            let mut rules = def.rules().clone();
            rules.values.insert("barn-final-per-city".into(), at_end);
            let def = def.with_rules(rules).unwrap();
            let s = &def.rules.scoring;
            let then = ScoringThen {
                road_per_tile: s.road_per_tile,
                road_per_tile_final: s.road_per_tile_final,
                city_per_segment: s.city_per_segment,
                city_per_pennant: s.city_per_pennant,
                city_per_segment_final: s.city_per_segment_final,
                city_per_pennant_final: s.city_per_pennant_final,
                tiny_city_per_segment: s.tiny_city_per_segment,
                tiny_city_per_pennant: s.tiny_city_per_pennant,
                monastery_per_tile: s.monastery_per_tile,
                monastery_per_tile_final: s.monastery_per_tile_final,
                farm_per_city: s.farm_per_city,
                farm_per_city_majority: s.farm_per_city_majority,
                barn_placed_per_city: 3,
                barn_joined_per_city: 1,
                // Out of play (the base game alone), the value every bundled rule set gave.
                barn_final_per_city: at_end,
                vineyard: 3,
            };
            let rules = &def.rules;
            let written = super::super::setup::content_hash(&(&then, &rules.switches, &rules.figures));
            assert_eq!(hash_before_values(&def), written);
            assert_ne!(rules_hash(&def), written);
        }
    }

    #[test]
    fn house_rules_on_marks_and_tokens_change_the_rules_hash() {
        let sets: Vec<String> = ["base", "inns-and-cathedrals", "traders-and-builders"]
            .map(str::to_owned)
            .to_vec();
        let def = GameDef::from_files(crate::testing::bundled(), &sets, "new-edition").unwrap();
        let plain = rules_hash(&def);
        let with = |change: &dyn Fn(&mut crate::model::Rules)| {
            let mut rules = def.rules().clone();
            change(&mut rules);
            rules_hash(&def.clone().with_rules(rules).unwrap())
        };
        let inn_off = with(&|r| {
            r.marks.insert(
                "inn".into(),
                crate::model::MarkRules {
                    play: Some(false),
                    ..Default::default()
                },
            );
        });
        let wine_five = with(&|r| {
            r.tokens
                .insert("wine".into(), crate::model::TokenRules { majority: Some(5) });
        });
        assert_ne!(inn_off, plain);
        assert_ne!(wine_five, plain);
        assert_ne!(inn_off, wine_five);
        // Without such house rules, the hash is the one records already hold.
        let written = super::super::setup::content_hash(&(
            &ScoringWith::new(&def.rules.scoring, &[]),
            &def.rules.switches,
            &def.rules.figures,
        ));
        assert_eq!(plain, written);
    }
}

#[cfg(test)]
mod differing_tests {
    use super::*;

    #[test]
    fn an_empty_or_cut_record_is_located_one_based() {
        for text in ["", "   ", "{"] {
            match GameRecord::from_json(text.as_bytes()) {
                Err(RecordError::Invalid { line, column, .. }) => assert!(line >= 1 && column >= 1, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    fn set(id: &str, hash: &str) -> SetRef {
        SetRef {
            id: id.into(),
            edition: "first-edition".into(),
            hash: hash.into(),
        }
    }

    #[test]
    fn a_replay_refused_names_only_the_set_that_changed() {
        let recorded = [set("base", "aa"), set("mine", "bb")];
        let loaded = [set("base", "aa"), set("mine", "cc")];
        assert_eq!(
            differing(&recorded, &[], &loaded, &[]),
            (
                "tile set mine@first-edition (bb)".to_owned(),
                "tile set mine@first-edition (cc)".to_owned()
            )
        );
        let (expected, found) = differing(&recorded, &[], &recorded[..1], &[]);
        assert_eq!(
            (expected.as_str(), found.as_str()),
            ("tile set mine@first-edition (bb)", "nothing else")
        );
        let swapped = [set("mine", "bb"), set("base", "aa")];
        let (expected, _) = differing(&recorded, &[], &swapped, &[]);
        assert!(expected.ends_with(" in this order"), "{expected}");
        // An expansion file changed, the sets not: only the expansion is named.
        let (big, bigger) = (set("big", "dd"), set("big", "ee"));
        assert_eq!(
            differing(
                &recorded,
                std::slice::from_ref(&big),
                &recorded,
                std::slice::from_ref(&bigger)
            ),
            ("expansion big (dd)".to_owned(), "expansion big (ee)".to_owned())
        );
    }

    #[test]
    fn the_places_of_a_records_parts_are_where_their_values_start() {
        let text =
            br#"{"players": 3, "actions": [{"action": "pass"}, {"action": "draw"}], "scores": [1, 2], "rules": "r"}"#;
        let places = RecordPlaces::of(text);
        let at = |needle: &str| {
            let needle = needle.as_bytes();
            text.windows(needle.len()).position(|w| w == needle)
        };
        assert_eq!(places.players, at("3,"));
        assert_eq!(
            places.actions,
            [
                at(r#"{"action": "pass"}"#).unwrap(),
                at(r#"{"action": "draw"}"#).unwrap()
            ]
        );
        assert_eq!(places.scores, at("[1, 2]"));
        assert_eq!(places.rules, at(r#""r""#));
        assert_eq!(places.tilesets, None);
        let refused = ReplayError::Action {
            index: 1,
            action: Action::Pass,
            error: ActionError::GameOver,
        };
        assert_eq!(refused.offset(&places), places.actions.get(1).copied());
        assert_eq!(
            ReplayError::Setup(SetupError::Players(9)).offset(&places),
            places.players
        );
        // Not a record's JSON: nothing is located, and nothing fails.
        assert_eq!(RecordPlaces::of(b"{\"actions\": 3"), RecordPlaces::default());
        assert_eq!(RecordPlaces::of(b"[1, 2]"), RecordPlaces::default());
    }
}
