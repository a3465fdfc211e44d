//! What a compared figure is, typed: readers (the command line, the HTML report, the editor)
//! group and scale figures by matching on a [`FigureKey`], never by reading a key's text back.
//! In JSON a key is written as the stable text it always had (`seat.0.win_rate`,
//! `tile.base/D.discard_rate`...), and read back from it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::colour;
use crate::model::FeatureKind;

/// A figure both runs of a comparison have.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FigureKey {
    /// A seat's mean score (`seat.S.score`).
    SeatScore(u8),
    /// A seat's win rate (`seat.S.win_rate`).
    SeatWinRate(u8),
    /// All players' points per game (`total_score`).
    TotalScore,
    /// Turns per game (`turns`).
    Turns,
    /// Tiles discarded per game (`discards`).
    Discards,
    /// The points features of a kind scored per game (`points.city`).
    KindPoints(FeatureKind),
    /// Points per game for the most printed tokens of a kind (`tokens.ID.points`).
    TokenPoints(String),
    /// A figure of one tile of both runs (`tile.SET/ID.WHAT`).
    Tile {
        /// Its tile set's id.
        set: String,
        /// Its id.
        id: String,
        /// Which figure.
        figure: TileFigure,
    },
}

/// A tile's figures in a comparison, each per copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TileFigure {
    /// Its points per copy on the table (`points_per_placement`).
    PointsPerPlacement,
    /// Its points per copy over the average tile's in the same game: 1 is average
    /// (`points_against_average`).
    PointsAgainstAverage,
    /// Its copies discarded per copy drawn (`discard_rate`).
    DiscardRate,
}

impl TileFigure {
    /// Every tile figure, in report order.
    pub const ALL: [TileFigure; 3] = [
        TileFigure::PointsPerPlacement,
        TileFigure::PointsAgainstAverage,
        TileFigure::DiscardRate,
    ];

    /// The last part of its key.
    pub fn as_str(self) -> &'static str {
        match self {
            TileFigure::PointsPerPlacement => "points_per_placement",
            TileFigure::PointsAgainstAverage => "points_against_average",
            TileFigure::DiscardRate => "discard_rate",
        }
    }

    fn words(self) -> &'static str {
        match self {
            TileFigure::PointsPerPlacement => "points per placement of tile",
            TileFigure::PointsAgainstAverage => "relative points per placement of tile",
            TileFigure::DiscardRate => "share of draws discarded of tile",
        }
    }
}

impl FigureKey {
    /// The figure in words (`win rate of blue`, `points per placement of tile base/D`).
    pub fn label(&self) -> String {
        match self {
            FigureKey::SeatScore(s) => format!("mean score of {}", colour(*s)),
            FigureKey::SeatWinRate(s) => format!("win rate of {}", colour(*s)),
            FigureKey::TotalScore => "total score".into(),
            FigureKey::Turns => "turns per game".into(),
            FigureKey::Discards => "tiles discarded".into(),
            FigureKey::KindPoints(kind) => format!("{} points", kind.as_str()),
            FigureKey::TokenPoints(id) => format!("points for the most {id}"),
            FigureKey::Tile { set, id, figure } => format!("{} {set}/{id}", figure.words()),
        }
    }

    /// Whether it is a share (a win rate, a discard rate), shown as a percentage.
    pub fn is_share(&self) -> bool {
        matches!(
            self,
            FigureKey::SeatWinRate(_)
                | FigureKey::Tile {
                    figure: TileFigure::DiscardRate,
                    ..
                }
        )
    }

    /// The tile set of a tile's figure.
    pub fn tile_set(&self) -> Option<&str> {
        match self {
            FigureKey::Tile { set, .. } => Some(set),
            _ => None,
        }
    }
}

impl fmt::Display for FigureKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FigureKey::SeatScore(s) => write!(f, "seat.{s}.score"),
            FigureKey::SeatWinRate(s) => write!(f, "seat.{s}.win_rate"),
            FigureKey::TotalScore => f.write_str("total_score"),
            FigureKey::Turns => f.write_str("turns"),
            FigureKey::Discards => f.write_str("discards"),
            FigureKey::KindPoints(kind) => write!(f, "points.{}", kind.as_str()),
            FigureKey::TokenPoints(id) => write!(f, "tokens.{id}.points"),
            FigureKey::Tile { set, id, figure } => write!(f, "tile.{set}/{id}.{}", figure.as_str()),
        }
    }
}

/// Why a text is not a figure key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a figure key (such as `seat.0.win_rate`, `points.city` or `tile.base/D.discard_rate`)")]
pub struct BadFigureKey(String);

impl FromStr for FigureKey {
    type Err = BadFigureKey;

    fn from_str(text: &str) -> Result<FigureKey, BadFigureKey> {
        let bad = || BadFigureKey(text.to_owned());
        let key = match text {
            "total_score" => FigureKey::TotalScore,
            "turns" => FigureKey::Turns,
            "discards" => FigureKey::Discards,
            _ => {
                let (head, rest) = text.split_once('.').ok_or_else(bad)?;
                match head {
                    "seat" => match rest.split_once('.').ok_or_else(bad)? {
                        (s, "score") => FigureKey::SeatScore(s.parse().map_err(|_| bad())?),
                        (s, "win_rate") => FigureKey::SeatWinRate(s.parse().map_err(|_| bad())?),
                        _ => return Err(bad()),
                    },
                    "points" => {
                        FigureKey::KindPoints(*FeatureKind::ALL.iter().find(|k| k.as_str() == rest).ok_or_else(bad)?)
                    }
                    "tokens" => FigureKey::TokenPoints(rest.strip_suffix(".points").ok_or_else(bad)?.to_owned()),
                    "tile" => {
                        let (tile, what) = rest.rsplit_once('.').ok_or_else(bad)?;
                        let figure = *TileFigure::ALL.iter().find(|f| f.as_str() == what).ok_or_else(bad)?;
                        let (set, id) = tile.split_once('/').ok_or_else(bad)?;
                        FigureKey::Tile {
                            set: set.to_owned(),
                            id: id.to_owned(),
                            figure,
                        }
                    }
                    _ => return Err(bad()),
                }
            }
        };
        Ok(key)
    }
}

impl Serialize for FigureKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FigureKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<FigureKey, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_from_its_text() {
        let keys = [
            FigureKey::SeatScore(1),
            FigureKey::SeatWinRate(0),
            FigureKey::TotalScore,
            FigureKey::Turns,
            FigureKey::Discards,
            FigureKey::KindPoints(FeatureKind::City),
            FigureKey::TokenPoints("wine".into()),
            FigureKey::Tile {
                set: "abbey-and-mayor".into(),
                id: "AM/C.+".into(),
                figure: TileFigure::DiscardRate,
            },
        ];
        let texts = [
            "seat.1.score",
            "seat.0.win_rate",
            "total_score",
            "turns",
            "discards",
            "points.city",
            "tokens.wine.points",
            "tile.abbey-and-mayor/AM/C.+.discard_rate",
        ];
        for (key, text) in keys.iter().zip(texts) {
            assert_eq!(key.to_string(), text);
            assert_eq!(text.parse::<FigureKey>().as_ref(), Ok(key));
            assert_eq!(serde_json::to_value(key).unwrap(), serde_json::json!(text));
            assert_eq!(
                &serde_json::from_value::<FigureKey>(serde_json::json!(text)).unwrap(),
                key
            );
        }
        for wrong in [
            "",
            "seat.x.score",
            "points.castle",
            "tile.base.discard_rate",
            "tile.base/D.size",
            "other",
        ] {
            assert!(wrong.parse::<FigureKey>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn shares_are_win_and_discard_rates() {
        assert!(FigureKey::SeatWinRate(2).is_share());
        assert!(!FigureKey::SeatScore(2).is_share());
        let tile = |figure| FigureKey::Tile {
            set: "base".into(),
            id: "D".into(),
            figure,
        };
        assert!(tile(TileFigure::DiscardRate).is_share());
        assert!(!tile(TileFigure::PointsPerPlacement).is_share());
        assert_eq!(
            tile(TileFigure::PointsPerPlacement).label(),
            "points per placement of tile base/D"
        );
        assert_eq!(FigureKey::SeatWinRate(0).label(), format!("win rate of {}", colour(0)));
    }
}
