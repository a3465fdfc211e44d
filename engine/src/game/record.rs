//! Game records: everything needed to replay a game exactly, and the scores it must reach.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Action, ActionError, Game, GameDef, SetRef, SetupError};
use crate::model::{AbbeyEndgame, FarmScoring, HillTiebreak, WagonMove};

/// The largest game record read, in bytes (16 MiB). A record holds one action per turn, a few
/// dozen bytes each as JSON, so a real game's record is tens of kilobytes; the limit only stops
/// a wrong file (or a device that never ends) from filling memory.
pub const MAX_RECORD_BYTES: u64 = 16 * 1024 * 1024;

/// A saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Tile sets in play, with the edition used and a content hash.
    pub tilesets: Vec<SetRef>,
    /// Expansion files in play (figures, bags, mechanisms), with a content hash.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expansions: Vec<SetRef>,
    /// Id of the rule set.
    pub rules: String,
    /// Content hash of the rule set's values with its `extends` chain applied, so a replay
    /// with another rule set of the same id is refused rather than scored differently.
    /// Records written before it existed have none, and are replayed without the check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_hash: Option<String>,
    /// Number of players.
    pub players: u8,
    /// Seed of the shuffle.
    pub seed: u64,
    /// Every action in order.
    pub actions: Vec<Action>,
    /// Final scores by seat.
    pub scores: Vec<u64>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The tile sets or expansion files loaded are not the ones recorded.
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
    #[error("action {index} ({action:?}) was refused: {error}")]
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

impl Game {
    /// The record of this game so far.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            tilesets: self.def.sets.clone(),
            expansions: self.def.expansions.clone(),
            rules: self.def.rules.id.clone(),
            rules_hash: Some(rules_hash(&self.def)),
            players: self.players.len() as u8,
            seed: self.seed,
            actions: self.history.clone(),
            scores: self.scores(),
        }
    }
}

/// The content hash of the values a game's rules give (scoring, switches and figure counts;
/// the name does not change play).
fn rules_hash(def: &GameDef) -> String {
    let rules = &def.rules;
    super::setup::content_hash(&(&rules.scoring, &rules.switches, &rules.figures))
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
    Some(super::setup::content_hash(&(&rules.scoring, &switches)))
}

impl GameRecord {
    /// The tile sets (as `id@edition`) and expansion files (as `id`) of the record, as
    /// [`GameDef::from_catalog`] takes them.
    pub fn files(&self) -> Vec<String> {
        let sets = self.tilesets.iter().map(|s| format!("{}@{}", s.id, s.edition));
        sets.chain(self.expansions.iter().map(|e| e.id.clone())).collect()
    }

    /// Replays the record on `def` and checks it reaches the recorded scores.
    pub fn replay(&self, def: Arc<GameDef>) -> Result<Game, ReplayError> {
        let describe = |sets: &[SetRef], expansions: &[SetRef]| {
            let sets = sets
                .iter()
                .map(|s| format!("tile set {}@{} ({})", s.id, s.edition, s.hash));
            let expansions = expansions.iter().map(|e| format!("expansion {} ({})", e.id, e.hash));
            let all: Vec<String> = sets.chain(expansions).collect();
            if all.is_empty() {
                "nothing".to_owned()
            } else {
                all.join(", ")
            }
        };
        if def.sets != self.tilesets || def.expansions != self.expansions {
            return Err(ReplayError::TileSets {
                expected: describe(&self.tilesets, &self.expansions),
                found: describe(&def.sets, &def.expansions),
            });
        }
        let played = rules_hash(&def);
        let same_values = self
            .rules_hash
            .as_ref()
            .is_none_or(|hash| *hash == played || Some(hash) == hash_before_house_rules(&def).as_ref());
        if def.rules.id != self.rules || !same_values {
            let with_hash = |id: &str, hash: Option<&String>| match hash {
                Some(hash) => format!("{id} ({hash})"),
                None => id.to_owned(),
            };
            return Err(ReplayError::Rules {
                expected: with_hash(&self.rules, self.rules_hash.as_ref()),
                found: with_hash(&def.rules.id, Some(&played)),
            });
        }
        let mut game = Game::new(def, self.players, self.seed)?;
        let mut events = Vec::new();
        for (index, &action) in self.actions.iter().enumerate() {
            game.apply(action, &mut events)
                .map_err(|error| ReplayError::Action { index, action, error })?;
            events.clear();
        }
        if !game.is_over() {
            return Err(ReplayError::Unfinished);
        }
        if game.scores() != self.scores {
            return Err(ReplayError::Scores {
                expected: self.scores.clone(),
                found: game.scores(),
            });
        }
        Ok(game)
    }
}
