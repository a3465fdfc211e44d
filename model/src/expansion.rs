//! Expansions: figures, token bags and rule mechanisms, in a file of their own or as sections of
//! a tile set.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tileset::FeatureKind;

/// An expansion file: figures, token bags and mechanisms without tiles of their own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "Tilewright expansion")]
pub struct ExpansionFile {
    /// Unique id of the expansion.
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"))]
    pub id: String,
    /// Human-readable name of the expansion.
    pub name: String,
    /// Figures each player receives with this expansion, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, Figure>,
    /// Bags of tokens drawn at random during play, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bags: BTreeMap<String, Bag>,
    /// Rule mechanisms this expansion switches on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mechanisms: Vec<Mechanism>,
    /// Marks this expansion declares, by id: what a road or city carrying one scores.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub marks: BTreeMap<String, Mark>,
    /// Rule values of the mechanisms this expansion brings, with their defaults, by key
    /// (`[values]`, `barn-final-per-city = 4`): every value a mechanism of the expansion reads (a
    /// figure's `mechanism`, a word of `mechanisms`) is declared here. A rule set's or a
    /// scenario's `[values]` may replace them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schemars(extend("maxProperties" = 64))]
    pub values: BTreeMap<String, u32>,
    /// Kinds of token printed on features that this expansion declares, by id: where they
    /// are printed and what holding the most of them scores.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tokens: BTreeMap<String, PrintedToken>,
}

/// A kind of figure every player receives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Figure {
    /// Followers count towards the majority on a feature; special figures do not.
    pub role: Role,
    /// How many of this figure each player has in supply.
    #[schemars(range(min = 1))]
    pub count: u32,
    /// Weight of the figure in a majority: a number, or `pennants` (the pennants of the city it
    /// stands in, as for the mayor).
    #[serde(default, skip_serializing_if = "is_default")]
    pub strength: Strength,
    /// Where the figure may be deployed: feature kinds, or `field-corner` (the corner where four
    /// tiles meet, as for the barn).
    #[schemars(length(min = 1))]
    pub stands_on: Vec<Spot>,
    /// Extra behaviour of the figure, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mechanism: Option<FigureMechanism>,
    /// Special figures only: the figure joins a feature only beside one of its owner's
    /// followers (deployed on the tile just placed, instead of a follower), and goes back to
    /// its owner as soon as no follower of theirs is left on the feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joins: Option<Joins>,
    /// What the figure does for its owner while it stands on a feature (special figures, but
    /// for `take-back-for-points`, which is a follower's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<FigureEffect>,
}

/// Where a special figure may join a feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Joins {
    /// Only a feature that already holds one of its owner's followers (a road or city still
    /// incomplete); the figure stays only while one of them does.
    OwnFollower,
}

/// What a figure does for its owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FigureEffect {
    /// Roads and cities: when its owner places a tile that extends the feature the figure
    /// stands in, the owner takes one more whole turn right after (draw, place, deploy,
    /// score); a turn taken this way never grants another, and none is taken once the pile is
    /// empty.
    ExtraTurn,
    /// Fields: a player who scores a field holding one of their figures of this type scores
    /// this many points more per completed city counted for it (once per field, however many
    /// such figures they have there).
    FieldBonusPerCity(
        #[schemars(
            description = "Points added per completed city, from 1 to 1000.",
            range(min = 1, max = 1000)
        )]
        u32,
    ),
    /// Followers on monasteries and gardens (the abbot): in the deployment step of a turn,
    /// instead of deploying, its owner may take the figure back from the table and score at
    /// once what its feature would score at the end of the game.
    TakeBackForPoints,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Whether a figure counts for majorities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// A follower: it occupies a feature and counts for the majority.
    Follower,
    /// A special figure: it does not count for majorities.
    Special,
}

impl Role {
    /// Its word in the files (`special`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Follower => "follower",
            Role::Special => "special",
        }
    }
}

/// The weight of a figure in a majority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Strength {
    /// A fixed weight.
    Fixed(u32),
    /// The number of pennants in the city the figure stands in.
    Named(NamedStrength),
}

impl Default for Strength {
    fn default() -> Self {
        Strength::Fixed(1)
    }
}

/// Strengths that depend on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NamedStrength {
    /// The number of pennants in the city (0 without any).
    Pennants,
}

/// A place where a figure may be deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Spot {
    /// A city.
    City,
    /// A road.
    Road,
    /// A field.
    Field,
    /// A monastery or abbey.
    Monastery,
    /// A garden.
    Garden,
    /// The corner where four tiles meet, all four corners field.
    FieldCorner,
}

impl Spot {
    /// Its word in the files (`field-corner`).
    pub fn as_str(self) -> &'static str {
        match self {
            Spot::City => "city",
            Spot::Road => "road",
            Spot::Field => "field",
            Spot::Monastery => "monastery",
            Spot::Garden => "garden",
            Spot::FieldCorner => "field-corner",
        }
    }

    /// The feature kind this spot is on, if it is a feature.
    pub fn feature_kind(self) -> Option<FeatureKind> {
        match self {
            Spot::City => Some(FeatureKind::City),
            Spot::Road => Some(FeatureKind::Road),
            Spot::Field => Some(FeatureKind::Field),
            Spot::Monastery => Some(FeatureKind::Monastery),
            Spot::Garden => Some(FeatureKind::Garden),
            Spot::FieldCorner => None,
        }
    }
}

/// Behaviour a figure adds to the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FigureMechanism {
    /// After its feature is scored, the owner may move it to another feature (the wagon);
    /// where it may go is the rule set's `wagon-move` switch.
    MovesAfterScoring,
    /// Scores the cities around its field (the barn), by the values `barn-placed-per-city`,
    /// `barn-joined-per-city` and `barn-final-per-city` the file declares in `[values]`.
    Barn,
    /// Tends a flock drawn from a bag on its field (the shepherd).
    Shepherd,
}

impl FigureMechanism {
    /// Its word in the files (`moves-after-scoring`).
    pub fn as_str(self) -> &'static str {
        match self {
            FigureMechanism::MovesAfterScoring => "moves-after-scoring",
            FigureMechanism::Barn => "barn",
            FigureMechanism::Shepherd => "shepherd",
        }
    }
}

/// A bag of tokens drawn at random.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Bag {
    /// The tokens in the bag at the start of the game.
    #[schemars(length(min = 1))]
    pub tokens: Vec<Token>,
}

/// One kind of token in a bag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// For sheep: how many sheep the token shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub value: Option<u32>,
    /// How many such tokens are in the bag.
    #[schemars(range(min = 1))]
    pub count: u32,
}

/// Kinds of token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    /// Sheep joining the flock.
    Sheep,
    /// A wolf, which scatters the flocks of its field.
    Wolf,
}

/// Rule mechanisms a tile set or expansion switches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Mechanism {
    /// Tiles with `supply = "player"` are held by each player and placed instead of drawing.
    Abbey,
    /// A placed hill tile takes one tile out of the pile unseen; followers on hills break ties.
    Hills,
    /// Completed monasteries score extra for each neighbouring vineyard: the value `vineyard`
    /// the file declares in `[values]`.
    Vineyards,
    /// The dragon, a figure no player owns: a tile with a volcano marker brings it onto the
    /// tile, and a tile with a dragon marker sends it `dragon-moves` tiles across the table
    /// (the value the file declares in `[values]`), moved one tile at a time by each player in
    /// turn, never twice onto one tile in a flight; it eats the figures on each tile it enters.
    Dragon,
    /// Magic portals: the player who places a tile with a portal marker may deploy a figure
    /// on any unfinished feature of the table, as the figure may stand there, instead of on
    /// the tile.
    Portals,
    /// The fairy, a figure no player owns: instead of deploying, a player may move it beside
    /// one of their followers, whose owner then scores `fairy-turn-bonus` at the start of
    /// their turns and `fairy-feature-bonus` when the follower's feature scores (the values
    /// the file declares); the dragon never enters its tile.
    Fairy,
}

/// A mark a feature can carry (`marks = ["inn"]` on a tile's road), declared once by a tile set
/// or expansion: the points per unit a feature of its kind scores when it carries the mark,
/// and what else it does (`effect`). A mark with an effect and no values scores as a plain
/// feature.
///
/// A mark belongs to the whole feature: features joined keep every mark of each part, however
/// many tiles carry it. A feature with one mark scores exactly the mark's values. The mark's
/// values stand beside the rule set's plain values (`road-per-tile`, `city-per-segment`,
/// `city-per-pennant` and their `-final` forms): with several different marks on one feature,
/// or with the tiny-city rule scoring a completed city of two segments, each mark adds its
/// difference from the plain value to what the feature scores without it (never below 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Mark {
    /// The kind of feature that can carry the mark.
    pub kind: MarkKind,
    /// Points per unit when the feature is completed in play (left out with `incomplete`:
    /// the plain values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<MarkValues>,
    /// Points per unit when the feature is still incomplete at the end of the game (left out
    /// with `complete`: the plain values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<MarkValues>,
    /// What the mark does besides scoring, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<MarkEffect>,
}

/// What a mark does besides scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MarkEffect {
    /// The player who places a tile whose feature carries the mark may, instead of deploying,
    /// send home one follower standing on that feature as the tile joins it (The Princess &
    /// the Dragon's princess, in a city).
    SendHome,
}

impl MarkEffect {
    /// Its word in the files (`send-home`).
    pub fn as_str(self) -> &'static str {
        match self {
            MarkEffect::SendHome => "send-home",
        }
    }
}

/// Kinds of feature a mark can go on: those scored per tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MarkKind {
    /// A road: points per tile.
    Road,
    /// A city: points per tile (segment) and per pennant.
    City,
}

impl MarkKind {
    /// The feature kind.
    pub fn feature_kind(self) -> FeatureKind {
        match self {
            MarkKind::Road => FeatureKind::Road,
            MarkKind::City => FeatureKind::City,
        }
    }
}

/// Points per unit of a marked feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MarkValues {
    /// Points per tile (per segment, for a city).
    #[schemars(range(max = 1000))]
    pub per_tile: u32,
    /// City only: points per pennant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub per_pennant: Option<u32>,
}

/// A kind of token printed on features (`tokens = ["spice"]` on a tile's city), declared once
/// by a tile set or expansion (`[tokens.spice]`). Not the tokens of a bag, which are drawn.
///
/// When a feature carrying tokens is completed in play, the player who placed the tile that
/// completed it takes all of them, whoever holds the feature and even when no figure stands
/// there (the feature itself scores as usual). At the end of the game, for each kind on its
/// own, the players holding the most tokens of that kind score its `majority` points each; a
/// player holding none never scores it. Tokens on a feature still open at the end are taken
/// by no one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PrintedToken {
    /// The kind of feature the tokens are printed on: one that can be completed in play (a
    /// city, road, monastery or garden; never a field).
    pub kind: FeatureKind,
    /// Points at the end of the game to each player holding the most tokens of this kind
    /// (ties all score; holding none never does).
    #[schemars(range(max = 1000))]
    pub majority: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words `as_str` gives are those the files are read with.
    #[test]
    fn words_are_the_files_words() {
        #[derive(Deserialize)]
        struct Words {
            spot: Vec<Spot>,
            mechanism: Vec<FigureMechanism>,
            role: Vec<Role>,
        }
        let spots = [
            Spot::City,
            Spot::Road,
            Spot::Field,
            Spot::Monastery,
            Spot::Garden,
            Spot::FieldCorner,
        ];
        let mechanisms = [
            FigureMechanism::MovesAfterScoring,
            FigureMechanism::Barn,
            FigureMechanism::Shepherd,
        ];
        let roles = [Role::Follower, Role::Special];
        let list = |words: Vec<&str>| words.iter().map(|w| format!("{w:?}")).collect::<Vec<_>>().join(", ");
        let text = format!(
            "spot = [{}]\nmechanism = [{}]\nrole = [{}]\n",
            list(spots.map(Spot::as_str).to_vec()),
            list(mechanisms.map(FigureMechanism::as_str).to_vec()),
            list(roles.map(Role::as_str).to_vec()),
        );
        let read: Words = toml::from_str(&text).unwrap();
        assert_eq!(
            (read.spot, read.mechanism, read.role),
            (spots.to_vec(), mechanisms.to_vec(), roles.to_vec())
        );
    }
}
