//! What players do (actions) and what happens (events), as plain values a UI or bot can use.

use serde::{Deserialize, Serialize};

use super::happening::WrittenScore;
use super::{Award, Happening, NO_MECHANISM, Step};

use crate::model::FeatureKind;

/// Player colours, in seat order, for messages.
pub const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "grey"];

/// The colour name of player `p`.
pub fn colour(p: u8) -> &'static str {
    COLOURS.get(p as usize).copied().unwrap_or("player")
}

/// A player's move. Written in records as `{"action": name, …}` (`written.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Place the drawn tile at a position, turned some quarter turns clockwise.
    Place {
        /// Column, east positive.
        x: i16,
        /// Row, south positive.
        y: i16,
        /// Quarter turns clockwise.
        rotation: u8,
    },
    /// Draw a tile instead of placing a held one.
    Draw,
    /// Place a tile the player holds (an abbey) instead of drawing.
    PlaceHeld {
        /// Compiled tile index.
        tile: u16,
        /// Column.
        x: i16,
        /// Row.
        y: i16,
        /// Quarter turns clockwise.
        rotation: u8,
    },
    /// Deploy a figure from supply onto a feature of the tile just placed.
    Deploy {
        /// Index of the figure type.
        figure: u8,
        /// Local index of the feature on the tile just placed.
        feature: u8,
    },
    /// An action of a mechanism's own (a barn on a corner, a flock grown, a wagon moved), as
    /// the mechanism declares it ([`Step`], [`Words`](super::Words)).
    Mechanism(Step),
    /// Deploy nothing; in the abbey final round, place nothing; take a waiting wagon back.
    Pass,
}

/// The step of the turn the game waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The current player must place this drawn tile.
    Place {
        /// Compiled tile index.
        tile: u16,
    },
    /// The current player may place a tile they hold (an abbey) instead of drawing, or, after
    /// the last land tile, as the abbey end-game rule allows.
    Choose {
        /// [`Action::Draw`] is allowed (a normal turn).
        may_draw: bool,
        /// [`Action::Pass`] is allowed (the final round: placing is optional).
        may_pass: bool,
    },
    /// The current player may deploy a figure on the tile just placed.
    Deploy {
        /// Index of the placed tile.
        placed: u16,
    },
    /// A decision of a mechanism's own (a shepherd's owner growing or guiding the flock, a
    /// waiting wagon's owner moving it): the mechanism (its registration index), which of its
    /// decisions, and the player who decides.
    Decide {
        /// The mechanism's registration index ([`Phase::mechanism`] names it).
        mechanism: u8,
        /// Which of its decisions.
        decision: u8,
        /// The player who decides (not always the current player).
        player: u8,
    },
    /// The game has ended.
    Over,
}

impl Phase {
    /// The player the phase names as the one who decides (a mechanism's decision names one,
    /// not always the current player).
    pub fn decider(self) -> Option<u8> {
        match self {
            Phase::Decide { player, .. } => Some(player),
            _ => None,
        }
    }

    /// The name of the mechanism whose decision the phase is, if it is one.
    pub fn mechanism(self) -> Option<&'static str> {
        match self {
            Phase::Decide { mechanism, .. } => super::Mechanisms::name(mechanism),
            _ => None,
        }
    }
}

/// A position as bits of an action's key: the column's 16 bits at 24, the row's at 8.
pub(super) fn key_at(x: i16, y: i16) -> u64 {
    (u64::from(x as u16) << 24) | (u64::from(y as u16) << 8)
}

/// The action `action` taken in `phase` as one number, unique per action and, for a placement,
/// per drawn tile (a search tree's key). The top four bits tell the kinds of action apart; a
/// search lists a node's actions in key order, so a mechanism's come after deployments and
/// before passing.
pub fn action_key(action: Action, phase: Phase) -> u64 {
    match action {
        Action::Place { x, y, rotation } => {
            let tile = match phase {
                Phase::Place { tile } => tile,
                _ => 0,
            };
            (1 << 60) | (u64::from(tile) << 40) | key_at(x, y) | u64::from(rotation)
        }
        Action::Draw => 2 << 60,
        Action::PlaceHeld { tile, x, y, rotation } => {
            (3 << 60) | (u64::from(tile) << 40) | key_at(x, y) | u64::from(rotation)
        }
        Action::Deploy { figure, feature } => (4 << 60) | (u64::from(figure) << 8) | u64::from(feature),
        Action::Mechanism(step) => {
            (5 << 60)
                | (u64::from(step.kind) << 48)
                | (u64::from(step.figure) << 40)
                | key_at(step.x, step.y)
                | u64::from(step.spot)
        }
        Action::Pass => 9 << 60,
    }
}

/// A set of players as a bit mask.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Players(pub u8);

impl Players {
    /// Whether player `p` is in the set.
    pub fn contains(self, p: u8) -> bool {
        self.0 & (1 << p) != 0
    }

    /// The players in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..8).filter(move |&p| self.contains(p))
    }
}

/// What a road, city, monastery or garden scored for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "WrittenScore", try_from = "WrittenScore")]
pub struct FeatureScore {
    /// The kind of feature scored.
    pub kind: FeatureKind,
    /// Whether the feature was complete (else: scored at the end, incomplete).
    pub complete: bool,
    /// Tiles (roads, monasteries) or segments (cities) counted: at most the tiles in play.
    pub tiles: u16,
    /// Pennants counted (cities): at most the pennants in play.
    pub pennants: u16,
    /// What a mechanism counted besides tiles and pennants (vineyards beside a completed
    /// monastery), written under the mechanism's [`Noun`](super::Noun) for it.
    pub extra: u16,
    /// The mechanism that counted [`FeatureScore::extra`] (its registration index), or
    /// [`NO_MECHANISM`].
    pub extra_of: u8,
    /// The marks of the feature that counted, one bit each ([`GameDef::marks`]).
    ///
    /// [`GameDef::marks`]: super::GameDef::marks
    pub marks: u16,
}

impl FeatureScore {
    /// A score of `tiles` tiles (or segments) and `pennants` pennants, with nothing from a
    /// mechanism yet.
    pub fn new(kind: FeatureKind, complete: bool, tiles: u16, pennants: u16) -> FeatureScore {
        FeatureScore {
            kind,
            complete,
            tiles,
            pennants,
            extra: 0,
            extra_of: NO_MECHANISM,
            marks: 0,
        }
    }
}

/// Why points were scored: one variant per way of scoring, so that statistics can tell
/// farmers' points from a barn's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "for")]
pub enum Reason {
    /// A road, city, monastery or garden: completed in play, or incomplete at the end.
    Feature(FeatureScore),
    /// Farmers at the end: the completed cities their field supplies (one, when each city
    /// scores once for the farmers of all its fields).
    Farm {
        /// Completed cities counted: up to the city features in play, which can be many.
        cities: u32,
    },
    /// A field's majority with a figure of a type giving a bonus per city among the field's
    /// figures (`effect = { field-bonus-per-city = n }`): the completed cities counted again.
    FieldBonus {
        /// The figure type that gives it.
        figure: u8,
        /// Completed cities counted.
        cities: u32,
        /// Whether the field scored at the end (else during play, as a mechanism paid its
        /// farmers).
        #[serde(rename = "at-end")]
        at_end: bool,
    },
    /// At the end, the most printed tokens of one kind (the points go to every player holding
    /// that many; the event's node is [`NO_NODE`]).
    MostTokens {
        /// The kind: its index in [`GameDef::printed_tokens`](super::GameDef::printed_tokens).
        token: u8,
        /// How many tokens of the kind each scoring player holds.
        count: u32,
    },
    /// One of a mechanism's own ways of scoring, in the words it declares
    /// ([`ReasonWords`](super::ReasonWords)).
    #[serde(untagged)]
    Mechanism(Award),
}

/// The node of an event that names no feature (points for tokens held at the end).
pub const NO_NODE: u32 = u32::MAX;

impl Reason {
    /// Whether points for this reason are scored at the end of the game: incomplete features,
    /// farmers, the most tokens, and the mechanisms' ways of scoring at the end.
    pub fn is_final(self) -> bool {
        match self {
            Reason::Feature(score) => !score.complete,
            Reason::Farm { .. } | Reason::MostTokens { .. } => true,
            Reason::FieldBonus { at_end, .. } => at_end,
            Reason::Mechanism(award) => award.words().at_end,
        }
    }

    /// Whether these are points for a field's majority of farmers (at the end, or paid during
    /// play in a mechanism's way): the completed cities counted, and whether at the end.
    pub fn farmers_paid(self) -> Option<(u32, bool)> {
        match self {
            Reason::Farm { cities } => Some((cities, true)),
            Reason::Mechanism(award) => {
                let words = award.words();
                words.pays_farmers.then_some((award.count, words.at_end))
            }
            _ => None,
        }
    }
}

/// Something that happened during a turn, for UIs and logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum Event {
    /// A tile fitted nowhere and left the game.
    TileDiscarded {
        /// Compiled tile index.
        tile: u16,
    },
    /// A tile went under a hill tile, out of the game unseen.
    TileUnderHill {
        /// Compiled tile index.
        tile: u16,
    },
    /// A tile was placed.
    TilePlaced {
        /// Who placed it.
        player: u8,
        /// Compiled tile index.
        tile: u16,
        /// Column.
        x: i16,
        /// Row.
        y: i16,
        /// Quarter turns clockwise.
        rotation: u8,
    },
    /// A figure was deployed.
    FigureDeployed {
        /// Owner.
        player: u8,
        /// Figure type.
        figure: u8,
        /// Compiled tile index of the tile it stands on.
        tile: u16,
        /// Column of its tile.
        x: i16,
        /// Row of its tile.
        y: i16,
        /// Local feature index.
        feature: u8,
    },
    /// The player who completed a feature took the tokens printed on it.
    TokensTaken {
        /// Who took them.
        player: u8,
        /// The kind: its index in [`GameDef::printed_tokens`](super::GameDef::printed_tokens).
        token: u8,
        /// How many.
        count: u32,
        /// A feature node of the completed feature.
        node: u32,
    },
    /// A road, city or monastery was completed.
    FeatureCompleted {
        /// Its kind.
        kind: FeatureKind,
        /// Tiles (or segments) in it.
        tiles: u16,
        /// A feature node of it: [`Game::feature_places`](super::Game::feature_places) says
        /// where it lies, for a UI to show.
        node: u32,
    },
    /// Players scored points.
    Scored {
        /// Who scored (all of them the full points).
        players: Players,
        /// Points each.
        points: u32,
        /// Why.
        reason: Reason,
        /// A feature node of what scored (the road, city, monastery or field; for farmers who
        /// each city pays once, the city): [`Game::feature_places`](super::Game::feature_places)
        /// says where it lies.
        node: u32,
    },
    /// A figure went back to its owner's supply.
    FigureReturned {
        /// Owner.
        player: u8,
        /// Figure type.
        figure: u8,
        /// Column of its tile.
        x: i16,
        /// Row of its tile.
        y: i16,
    },
    /// The current player takes another turn right after this one.
    ExtraTurn {
        /// Who plays again.
        player: u8,
    },
    /// The game ended.
    GameOver,
    /// One of a mechanism's own events, in the words it declares
    /// ([`EventWords`](super::EventWords)).
    #[serde(untagged)]
    Mechanism(Happening),
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The action does not fit the current step of the turn.
    #[error("{0}")]
    WrongStep(&'static str),
    /// The tile does not fit there.
    #[error("the tile does not fit at ({x}, {y}) turned {rotation}")]
    IllegalPlacement {
        /// Column.
        x: i16,
        /// Row.
        y: i16,
        /// Quarter turns.
        rotation: u8,
    },
    /// The figure may not go there.
    #[error("figure #{figure} may not be deployed on feature {feature}: {why}")]
    IllegalDeployment {
        /// Figure type.
        figure: u8,
        /// Local feature index.
        feature: u8,
        /// Why not.
        why: &'static str,
    },
}
