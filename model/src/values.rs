//! Rule values that belong to one mechanism: the file that brings the mechanism (a figure with
//! `mechanism = ...`, or a word in `mechanisms`) declares them with their defaults in its
//! `[values]` table, and a rule set or a scenario may replace them in its own `[values]`,
//! merged down `extends` value by value. A rule set therefore lists only the values of the
//! core game; it never has to know the expansions it does not play.

use std::collections::BTreeMap;

use super::expansion::{FigureMechanism, Mechanism};

/// A rule value a mechanism reads, by its key in `[values]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueKey {
    /// The key in the `[values]` tables (`barn-final-per-city`).
    pub key: &'static str,
    /// What the value is, for help texts and listings.
    pub doc: &'static str,
    /// For a value added after files were written: the value a file that brings the mechanism
    /// without declaring it plays (so it keeps validating), at which a record's rules hash also
    /// leaves it out (so its records keep replaying). `None`: the file must declare it.
    pub undeclared: Option<u32>,
}

/// The keys of the values the mechanisms read.
pub mod keys {
    /// Barn: points per completed city when a barn is placed on a field with farmers.
    pub const BARN_PLACED_PER_CITY: &str = "barn-placed-per-city";
    /// Barn: points per completed city when a tile joins a farmers' field to a barn's field.
    pub const BARN_JOINED_PER_CITY: &str = "barn-joined-per-city";
    /// Barn: points per completed city around a barn's field at the end of the game.
    pub const BARN_FINAL_PER_CITY: &str = "barn-final-per-city";
    /// Vineyards: extra points per vineyard beside a monastery when it is completed.
    pub const VINEYARD: &str = "vineyard";
    /// Vineyards: extra points per vineyard beside a garden when it is completed.
    pub const VINEYARD_GARDEN: &str = "vineyard-garden";
    /// Dragon: how many tiles the dragon moves across when a dragon tile is placed.
    pub const DRAGON_MOVES: &str = "dragon-moves";
    /// Dragon: 1 for the dragon to fly after the scoring step rather than before it.
    pub const DRAGON_AFTER_SCORING: &str = "dragon-after-scoring";
    /// Fairy: points at the start of a turn to the owner of the follower beside the fairy.
    pub const FAIRY_TURN_BONUS: &str = "fairy-turn-bonus";
    /// Fairy: points to the owner of the follower beside the fairy when its feature scores.
    pub const FAIRY_FEATURE_BONUS: &str = "fairy-feature-bonus";
}

/// The values the barn figure reads.
const BARN_VALUES: &[ValueKey] = &[
    ValueKey {
        key: keys::BARN_PLACED_PER_CITY,
        doc: "points per completed city when a barn is placed on a field with farmers",
        undeclared: None,
    },
    ValueKey {
        key: keys::BARN_JOINED_PER_CITY,
        doc: "points per completed city when a tile joins a farmers' field to a barn's field",
        undeclared: None,
    },
    ValueKey {
        key: keys::BARN_FINAL_PER_CITY,
        doc: "points per completed city around a barn's field at the end of the game",
        undeclared: None,
    },
];

/// The values the vineyards mechanism reads.
const VINEYARD_VALUES: &[ValueKey] = &[
    ValueKey {
        key: keys::VINEYARD,
        doc: "extra points per vineyard beside a monastery when it is completed",
        undeclared: None,
    },
    ValueKey {
        key: keys::VINEYARD_GARDEN,
        doc: "extra points per vineyard beside a garden when it is completed",
        // Before it, no garden could hold a figure.
        undeclared: Some(0),
    },
];

/// The values the dragon mechanism reads.
const DRAGON_VALUES: &[ValueKey] = &[
    ValueKey {
        key: keys::DRAGON_MOVES,
        doc: "how many tiles the dragon moves across when a dragon tile is placed",
        undeclared: None,
    },
    ValueKey {
        key: keys::DRAGON_AFTER_SCORING,
        doc: "1: the dragon flies after the completed features score (a variant); 0: before",
        // JCloisterZone's default: before the scoring step.
        undeclared: Some(0),
    },
];

/// The values the fairy mechanism reads.
const FAIRY_VALUES: &[ValueKey] = &[
    ValueKey {
        key: keys::FAIRY_TURN_BONUS,
        doc: "points at the start of a turn to the owner of the follower beside the fairy",
        undeclared: None,
    },
    ValueKey {
        key: keys::FAIRY_FEATURE_BONUS,
        doc: "points to the owner of the follower beside the fairy when its feature scores",
        undeclared: None,
    },
];

impl FigureMechanism {
    /// The values this figure's mechanism reads, which the file declaring the figure declares.
    pub fn values(self) -> &'static [ValueKey] {
        match self {
            FigureMechanism::Barn => BARN_VALUES,
            _ => &[],
        }
    }
}

impl Mechanism {
    /// The values this mechanism reads, which the file switching it on declares.
    pub fn values(self) -> &'static [ValueKey] {
        match self {
            Mechanism::Vineyards => VINEYARD_VALUES,
            Mechanism::Dragon => DRAGON_VALUES,
            Mechanism::Fairy => FAIRY_VALUES,
            _ => &[],
        }
    }
}

/// Every value some mechanism reads.
pub fn value_keys() -> impl Iterator<Item = &'static ValueKey> {
    BARN_VALUES
        .iter()
        .chain(VINEYARD_VALUES)
        .chain(DRAGON_VALUES)
        .chain(FAIRY_VALUES)
}

/// The values rule sets gave under `[scoring]` before they moved to the files that bring their
/// mechanisms, in the order `[scoring]` held them (last), each with the value every bundled rule
/// set gave: for the migration message, and for the rules hash of records written then.
pub const MOVED_FROM_SCORING: [(&str, u32); 4] = [
    ("barn-placed-per-city", 3),
    ("barn-joined-per-city", 1),
    ("barn-final-per-city", 4),
    ("vineyard", 3),
];

/// Lays `own` value overrides over `below` (those of the rule sets below): a value `own` gives
/// replaces the one below.
pub fn layer_values(below: &mut BTreeMap<String, u32>, own: &BTreeMap<String, u32>) {
    below.extend(own.iter().map(|(key, &value)| (key.clone(), value)));
}
