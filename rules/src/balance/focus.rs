//! The tiles under study first: a designer's question is how *their* tiles compare with every
//! tile in play. [`Focus`] picks the tiles of some sets out of a report and ranks each of their
//! figures among all the tiles that have one.

use serde::{Deserialize, Serialize};

use super::report::{BalanceReport, Estimate, TileStats};

/// A figure of a tile under study, and where it stands among every tile in play.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ranked {
    /// The figure with its 95% interval; `None` when the tile has none (never placed, drawn,
    /// or nobody or everybody placed it).
    pub value: Option<Estimate>,
    /// 1 for the highest value among the tiles in play that have one; tied tiles share the
    /// better rank. `None` without a value.
    pub rank: Option<usize>,
    /// Tiles in play with a value: what the rank is out of.
    pub of: usize,
    /// Percent of the other tiles with a value below this one (100: above every other tile,
    /// 0: below every other); `None` without a value or with no other tile to compare.
    pub percentile: Option<f64>,
}

/// Which end of the sets under study a tile is at, by points per placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Standout {
    /// The most points per placement of the tiles under study.
    Strongest,
    /// The fewest.
    Weakest,
}

/// A tile under study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FocusTile {
    /// Compiled tile index (the row of [`BalanceReport::tiles`]).
    pub index: u16,
    /// Tile-set id.
    pub set: String,
    /// Tile id.
    pub id: String,
    /// Name as the data gives it (may be empty).
    pub name: String,
    /// Points per copy on the table.
    pub points_per_placement: Ranked,
    /// Win rate of players who placed one minus that of players who did not (a correlation).
    pub win_effect: Ranked,
    /// Share of draws discarded because the tile fitted nowhere (rank 1: discarded most).
    pub discard_rate: Ranked,
    /// Whether it is the strongest or the weakest of the tiles under study; `None` for the
    /// others, and for a single tile (which is both).
    pub standout: Option<Standout>,
}

/// The tiles of the sets under study, strongest first, each ranked among every tile in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Focus {
    /// Ids of the sets under study.
    pub sets: Vec<String>,
    /// Tile types in play (every set's).
    pub tiles_in_play: usize,
    /// Their tiles, by points per placement from the most (tiles without one last), then in
    /// compiled order.
    pub tiles: Vec<FocusTile>,
    /// Ids of their tiles that had no copy in play under the rules played (a tile of the other
    /// edition only), left out of `tiles` and of every rank.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_dealt: Vec<String>,
}

/// The figures a tile is ranked by, each read from its report row.
const FIGURES: [fn(&TileStats) -> Option<Estimate>; 3] = [
    |t| t.points_per_placement_interval,
    |t| t.win_effect_interval,
    |t| t.discard_rate_interval,
];

impl Focus {
    /// The tiles of `sets` in `report`, ranked among all of the report's tiles.
    pub fn of(report: &BalanceReport, sets: &[String]) -> Focus {
        // Each figure's values over every tile in play, highest first.
        let in_play = |t: &&TileStats| t.start || t.drawn > 0 || t.under_hill > 0;
        let field: Vec<Vec<f64>> = FIGURES
            .iter()
            .map(|figure| {
                let mut values: Vec<f64> = report
                    .tiles
                    .iter()
                    .filter_map(|t| figure(t).map(|e| e.mean).filter(|v| v.is_finite()))
                    .collect();
                values.sort_by(|a, b| b.total_cmp(a));
                values
            })
            .collect();
        let ranked = |figure: usize, t: &TileStats| rank(FIGURES[figure](t), &field[figure]);
        let studied = || report.tiles.iter().filter(|t| sets.contains(&t.set));
        let not_dealt = studied().filter(|t| !in_play(t)).map(|t| t.id.clone()).collect();
        let mut tiles: Vec<FocusTile> = studied()
            .filter(in_play)
            .map(|t| FocusTile {
                index: t.index,
                set: t.set.clone(),
                id: t.id.clone(),
                name: t.name.clone(),
                points_per_placement: ranked(0, t),
                win_effect: ranked(1, t),
                discard_rate: ranked(2, t),
                standout: None,
            })
            .collect();
        let strength = |t: &FocusTile| t.points_per_placement.value.map(|e| e.mean);
        tiles.sort_by(|a, b| match (strength(a), strength(b)) {
            (Some(x), Some(y)) => y.total_cmp(&x).then(a.index.cmp(&b.index)),
            (x, y) => y.is_some().cmp(&x.is_some()).then(a.index.cmp(&b.index)),
        });
        let measured = tiles.iter().filter(|t| strength(t).is_some()).count();
        if measured > 1 {
            tiles[0].standout = Some(Standout::Strongest);
            tiles[measured - 1].standout = Some(Standout::Weakest);
        }
        Focus {
            sets: sets.to_vec(),
            tiles_in_play: report.tiles.iter().filter(in_play).count(),
            tiles,
            not_dealt,
        }
    }

    /// The strongest and the weakest tile under study, if there are two with a value.
    pub fn ends(&self) -> Option<(&FocusTile, &FocusTile)> {
        let at = |end| self.tiles.iter().find(|t| t.standout == Some(end));
        at(Standout::Strongest).zip(at(Standout::Weakest))
    }
}

/// Where `value` stands in `field` (every value, highest first).
fn rank(value: Option<Estimate>, field: &[f64]) -> Ranked {
    let of = field.len();
    let Some(e) = value.filter(|e| e.mean.is_finite()) else {
        return Ranked {
            value: None,
            rank: None,
            of,
            percentile: None,
        };
    };
    let higher = field.iter().filter(|&&v| v > e.mean).count();
    let lower = field.iter().filter(|&&v| v < e.mean).count();
    Ranked {
        value: Some(e),
        rank: Some(higher + 1),
        of,
        percentile: (of > 1).then(|| 100.0 * lower as f64 / (of - 1) as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(mean: f64) -> Option<Estimate> {
        Some(Estimate {
            mean,
            low: mean - 0.1,
            high: mean + 0.1,
        })
    }

    #[test]
    fn a_value_is_ranked_from_the_top_with_ties_sharing_the_better_rank() {
        let field = [3.0, 2.0, 2.0, 1.0, 0.5];
        let r = |v| rank(at(v), &field);
        assert_eq!((r(3.0).rank, r(3.0).percentile), (Some(1), Some(100.0)));
        assert_eq!((r(2.0).rank, r(2.0).percentile), (Some(2), Some(50.0)));
        assert_eq!((r(0.5).rank, r(0.5).percentile), (Some(5), Some(0.0)));
        assert_eq!((r(0.5).of, rank(None, &field).rank), (5, None));
        assert_eq!(rank(at(1.0), &[1.0]).percentile, None, "nothing else to compare");
    }
}
