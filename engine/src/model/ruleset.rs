//! Rule sets: every scoring value and edition switch, with `extends` for house rules.
//!
//! Each value is declared once in [`rule_values!`], which generates both the file form (every
//! value optional, so a house rule only states what it changes) and the resolved form (every
//! value present) used by the engine.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A rule set as written in a file: an edition or a house variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "Tilewright rule set")]
pub struct RuleSet {
    /// Unique id of the rule set (for example `first-edition`).
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// Longer description of what the rule set is for.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Id of the rule set this one starts from; values given here replace its values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// The edition of the tile sets to play with these rules, for a tile set named without one
    /// (`base`, not `base@first-edition`). Without it (here or in the rule sets this one
    /// extends), a tile set plays the edition named like the first rule set of the `extends`
    /// chain that has the id of one of its editions (`extends = "new-edition"`: new-edition
    /// tiles), else its first edition; a tile set without the edition given here plays its
    /// first edition too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// Points.
    #[serde(default)]
    pub scoring: ScoringValues,
    /// Switches between editions and variants.
    #[serde(default)]
    pub switches: SwitchValues,
}

/// Declares rule values once: `$file` is the file form (each value optional), `$full` the
/// resolved form; `merge_from` fills gaps from a parent and `resolve` reports what is missing.
macro_rules! rule_values {
    ($file:ident, $full:ident, $section:literal, { $($(#[doc = $doc:literal])* $name:ident : $ty:ty),* $(,)? }) => {
        #[doc = concat!("The `[", $section, "]` section of a rule-set file; every value optional.")]
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(rename_all = "kebab-case", deny_unknown_fields)]
        pub struct $file {
            $(
                $(#[doc = $doc])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $name: Option<$ty>,
            )*
        }

        #[doc = concat!("The `[", $section, "]` values of a resolved rule set.")]
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub struct $full {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        impl From<&$full> for $file {
            fn from(values: &$full) -> $file {
                $file { $( $name: Some(values.$name.clone()), )* }
            }
        }

        impl $file {
            /// Fills every value this section leaves out from `parent`.
            pub fn merge_from(&mut self, parent: &$file) {
                $( if self.$name.is_none() { self.$name = parent.$name.clone(); } )*
            }

            /// The complete values, or the kebab-case keys still missing.
            pub fn resolve(&self) -> Result<$full, Vec<String>> {
                let mut missing = Vec::new();
                $( if self.$name.is_none() { missing.push(stringify!($name).replace('_', "-")); } )*
                if !missing.is_empty() {
                    return Err(missing);
                }
                Ok($full { $( $name: self.$name.clone().expect("checked above"), )* })
            }
        }
    };
}

rule_values!(ScoringValues, Scoring, "scoring", {
    /// Points per tile of a completed road.
    road_per_tile: u32,
    /// Points per tile of a road still incomplete at the end of the game.
    road_per_tile_final: u32,
    /// Points per segment of a completed city.
    city_per_segment: u32,
    /// Points per pennant of a completed city.
    city_per_pennant: u32,
    /// Points per segment of a city still incomplete at the end of the game.
    city_per_segment_final: u32,
    /// Points per pennant of a city still incomplete at the end of the game.
    city_per_pennant_final: u32,
    /// With `tiny-city` on: points per segment of a completed city of two segments.
    tiny_city_per_segment: u32,
    /// With `tiny-city` on: points per pennant of a completed city of two segments.
    tiny_city_per_pennant: u32,
    /// Points per tile of a completed monastery (the monastery's tile and its 8 neighbours).
    monastery_per_tile: u32,
    /// Points per tile (its own and each neighbour) of a monastery incomplete at the end.
    monastery_per_tile_final: u32,
    /// `per-field` farm scoring: points per completed city bordering the field.
    farm_per_city: u32,
    /// `per-city` farm scoring: points per completed city to the farmer majority around it.
    farm_per_city_majority: u32,
    /// Points per completed city when a barn is placed on a field with farmers.
    barn_placed_per_city: u32,
    /// Points per completed city when a tile joins a farmer field to a barn field.
    barn_joined_per_city: u32,
    /// Points per completed city for each barn at the end of the game.
    barn_final_per_city: u32,
    /// Extra points per vineyard beside a monastery when it is completed.
    vineyard: u32,
});

rule_values!(SwitchValues, Switches, "switches", {
    /// How fields score at the end: `per-field` (current rules, 3 per city per field) or
    /// `per-city` (original 2000 rules, each city once to the majority of its farmers).
    farm_scoring: FarmScoring,
    /// The old small-city rule: a completed city of two segments scores the tiny-city values.
    tiny_city: bool,
    /// When players may still place abbeys at the end of the game.
    abbey_endgame: AbbeyEndgame,
    /// Where a wagon may move after its feature is scored.
    wagon_move: WagonMove,
    /// Whether a barn may be placed on a field that already has a barn.
    barn_on_barn_field: bool,
    /// How followers on hills break ties for a majority.
    hill_tiebreak: HillTiebreak,
});

/// Field scoring methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FarmScoring {
    /// Each field's majority scores every completed city bordering it (current rules).
    PerField,
    /// Each completed city scores once, to the majority of farmers on all fields bordering it
    /// (original 2000 rules).
    PerCity,
}

/// End-of-game rules for abbeys still held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AbbeyEndgame {
    /// The game ends after the last land tile; abbeys still held are lost.
    None,
    /// After the last land tile, each player still holding an abbey may place it, in turn
    /// order from the left of the player who placed the last tile.
    FinalRound,
    /// The game ends when nobody can place a land tile or an abbey; a player with no other
    /// option must place the abbey.
    UntilNoneCan,
}

/// Where a wagon may move after scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WagonMove {
    /// Only to features connected to the scored one (through crossings, city gates, into
    /// monasteries and abbeys).
    Connected,
    /// To any feature on the same tile or the 8 tiles around it.
    Range,
}

/// Tie-breaks by followers on hill tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HillTiebreak {
    /// A tied player with a follower on a hill tile of the feature wins; if every tied player,
    /// or none, has one, the tie stands.
    AnyOnHill,
    /// The tied player with the most followers on hill tiles of the feature wins.
    CountOnHill,
}

/// A rule set with its `extends` chain applied: every value present.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// Id of the rule set.
    pub id: String,
    /// Name of the rule set.
    pub name: String,
    /// The ids of the rule sets it extends, nearest first: its parent, the parent's parent, ...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extends: Vec<String>,
    /// The edition it declares with `edition`, or the nearest rule set it extends declares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// Points.
    pub scoring: Scoring,
    /// Switches.
    pub switches: Switches,
}
