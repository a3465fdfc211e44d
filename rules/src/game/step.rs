//! A mechanism's own actions: each mechanism declares them as [`Words`] (their names in records
//! and scenarios, and what they take), and the game carries them as one typed [`Step`] inside
//! [`Action::Mechanism`](super::Action::Mechanism). Readers (records, bots, the editor's Play
//! page) handle every mechanism's actions through these declarations without naming one.

use super::Mechanisms;

/// How a mechanism's action is written and where a player makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// Its name in records and scenarios (`"move-wagon"`), unique among every action.
    pub name: &'static str,
    /// What it takes besides its name.
    pub takes: Takes,
}

/// What a mechanism's action takes, which says how it is written and shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// Nothing: a decision made with a button (written `{"action": name}`).
    Nothing,
    /// A figure type from the player's supply and a corner of the tile just placed, clockwise
    /// from north-west (0) to south-west (3) (written with `figure` and `corner`).
    FigureOnCorner,
    /// A feature on the table: a tile's position and its local feature index (written with
    /// `x`, `y` and `feature`).
    Feature,
    /// A tile on the table, by its position (written with `x` and `y`).
    Tile,
    /// A figure type from the player's supply and a feature on the table (written with
    /// `figure`, `x`, `y` and `feature`).
    FigureOnFeature,
}

impl Takes {
    /// The fields an action taking this is written with, after its name, in order.
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            Takes::Nothing => &[],
            Takes::FigureOnCorner => &["figure", "corner"],
            Takes::Feature => &["x", "y", "feature"],
            Takes::Tile => &["x", "y"],
            Takes::FigureOnFeature => &["figure", "x", "y", "feature"],
        }
    }
}

/// One of a mechanism's own actions: which one (its index among every mechanism's declared
/// actions, [`Mechanisms::words`]) and what it takes ([`Takes`]; a field it does not take is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Which declared action.
    pub kind: u8,
    /// The figure type, for an action that takes one.
    pub figure: u8,
    /// The tile's column, for an action that takes a feature.
    pub x: i16,
    /// The tile's row, for an action that takes a feature.
    pub y: i16,
    /// The corner, or the local feature index, for an action that takes one.
    pub spot: u8,
}

impl Step {
    /// Declared action `kind`, taking nothing yet.
    pub(crate) const fn of_kind(kind: u8) -> Step {
        Step {
            kind,
            figure: 0,
            x: 0,
            y: 0,
            spot: 0,
        }
    }

    /// The action a mechanism declares under `name`, taking nothing yet; `None` when no
    /// mechanism declares it.
    pub fn named(name: &str) -> Option<Step> {
        Mechanisms::action_named(name).map(Step::of_kind)
    }

    /// The first action a mechanism declares that takes `takes`, taking nothing yet.
    pub fn taking(takes: Takes) -> Option<Step> {
        let kind = Mechanisms::all_words().position(|words| words.takes == takes)?;
        Some(Step::of_kind(kind as u8))
    }

    /// The same action, for figure type `figure`.
    pub fn with_figure(self, figure: u8) -> Step {
        Step { figure, ..self }
    }

    /// The same action, at the tile at (`x`, `y`).
    pub fn at(self, x: i16, y: i16) -> Step {
        Step { x, y, ..self }
    }

    /// The same action, on corner or local feature `spot`.
    pub fn on(self, spot: u8) -> Step {
        Step { spot, ..self }
    }

    /// How it is written and what it takes.
    pub fn words(self) -> Words {
        Mechanisms::words(self.kind).unwrap_or(Words {
            name: "unknown",
            takes: Takes::Nothing,
        })
    }

    /// Its values in the order of its [`Takes::fields`].
    pub(super) fn values(self) -> Vec<i64> {
        match self.words().takes {
            Takes::Nothing => vec![],
            Takes::FigureOnCorner => vec![self.figure.into(), self.spot.into()],
            Takes::Feature => vec![self.x.into(), self.y.into(), self.spot.into()],
            Takes::Tile => vec![self.x.into(), self.y.into()],
            Takes::FigureOnFeature => vec![self.figure.into(), self.x.into(), self.y.into(), self.spot.into()],
        }
    }
}
