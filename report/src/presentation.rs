//! The balance figures' presentation, defined once for every reader (the command line's text,
//! the HTML page, the editor's Balance page): the tile table's columns with their titles,
//! explanations and values; the figures of the tiles under study; and how a compared figure
//! is grouped and written, by its typed key ([`FigureKey`]).

use tilewright_engine::balance::{
    BalanceReport, Comparison, Estimate, FigureKey, FocusTile, Ranked, TileFigure, TileStats,
};

use crate::svg::Unit;

/// A column of the tile table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum TileColumn {
    /// `set/id`.
    #[default]
    Tile,
    /// The tile's name.
    Name,
    /// Copies drawn.
    Drawn,
    /// Copies placed.
    Placed,
    /// The share of draws discarded.
    Discarded,
    /// Copies that went under a hill.
    UnderHill,
    /// Mean legal placements.
    Placements,
    /// Fewest legal placements.
    FewestPlacements,
    /// Completed features it was part of.
    Completed,
    /// Its share of the points.
    Points,
    /// Points per copy on the table, with its interval.
    PointsPerPlacement,
    /// Win rate of its placers minus the others', with its interval.
    WinEffect,
}

impl TileColumn {
    /// Every column, in table order.
    pub const ALL: [TileColumn; 12] = [
        TileColumn::Tile,
        TileColumn::Name,
        TileColumn::Drawn,
        TileColumn::Placed,
        TileColumn::Discarded,
        TileColumn::UnderHill,
        TileColumn::Placements,
        TileColumn::FewestPlacements,
        TileColumn::Completed,
        TileColumn::Points,
        TileColumn::PointsPerPlacement,
        TileColumn::WinEffect,
    ];

    /// The heading.
    pub fn title(self) -> &'static str {
        match self {
            TileColumn::Tile => "tile",
            TileColumn::Name => "name",
            TileColumn::Drawn => "drawn",
            TileColumn::Placed => "placed",
            TileColumn::Discarded => "discarded",
            TileColumn::UnderHill => "under a hill",
            TileColumn::Placements => "legal placements (mean)",
            TileColumn::FewestPlacements => "fewest legal placements",
            TileColumn::Completed => "completed features",
            TileColumn::Points => "points",
            TileColumn::PointsPerPlacement => "points per placement (95%)",
            TileColumn::WinEffect => "win rate placed − not (95%)",
        }
    }

    /// What the column says, for a heading's tooltip.
    pub fn help(self) -> &'static str {
        match self {
            TileColumn::Tile => "Tile set and tile id",
            TileColumn::Name => "The tile's name",
            TileColumn::Drawn => "Copies drawn, over all games: placed and discarded",
            TileColumn::Placed => "Copies placed, over all games",
            TileColumn::Discarded => "The share of draws discarded because the tile fitted nowhere",
            TileColumn::UnderHill => "Copies that went under a hill",
            TileColumn::Placements => "Mean legal placements when it waited to be placed (sampled turns)",
            TileColumn::FewestPlacements => "Fewest legal placements seen when it waited to be placed (sampled turns)",
            TileColumn::Completed => "Completed features a placed copy was part of",
            TileColumn::Points => "Its share of the points of the features it was part of, over all games",
            TileColumn::PointsPerPlacement => "Its points per copy on the table, with the 95% interval",
            TileColumn::WinEffect => {
                "Win rate of the players who placed it minus that of those who did not, with the 95% interval: a correlation, not a cause"
            }
        }
    }

    /// Whether the column is a count over all games (drawn as a bar against the largest).
    pub fn is_count(self) -> bool {
        matches!(
            self,
            TileColumn::Drawn | TileColumn::Placed | TileColumn::UnderHill | TileColumn::Completed | TileColumn::Points
        )
    }

    /// The value a numeric column holds for a tile (`None` for the text columns and for a
    /// figure the games did not give); rows sort by it.
    pub fn number(self, t: &TileStats) -> Option<f64> {
        match self {
            TileColumn::Tile | TileColumn::Name => None,
            TileColumn::Drawn => Some(t.drawn as f64),
            TileColumn::Placed => Some(t.placed as f64),
            TileColumn::Discarded => (t.drawn > 0).then(|| t.discarded as f64 / t.drawn as f64),
            TileColumn::UnderHill => Some(t.under_hill as f64),
            TileColumn::Placements => t.placements_mean,
            TileColumn::FewestPlacements => t.placements_min.map(|m| m as f64),
            TileColumn::Completed => Some(t.completed_features as f64),
            TileColumn::Points => Some(t.points as f64),
            TileColumn::PointsPerPlacement => t.points_per_placement,
            TileColumn::WinEffect => t.win_effect,
        }
    }

    /// The interval a column shows beside its value.
    pub fn interval(self, t: &TileStats) -> Option<Estimate> {
        match self {
            TileColumn::PointsPerPlacement => t.points_per_placement_interval,
            TileColumn::WinEffect => t.win_effect_interval,
            _ => None,
        }
    }

    /// How the column's numbers are written, and with how many decimals.
    pub fn unit(self) -> (Unit, usize) {
        match self {
            TileColumn::Discarded => (Unit::Percent, 1),
            TileColumn::WinEffect => (Unit::SignedPercent, 1),
            TileColumn::Placements => (Unit::Plain, 1),
            TileColumn::PointsPerPlacement => (Unit::Plain, 2),
            _ => (Unit::Plain, 0),
        }
    }

    /// The cell as plain text (`–` for a figure the games did not give); the tile column is
    /// `set/id` ([`tile_label`]).
    pub fn text(self, t: &TileStats) -> String {
        match self {
            TileColumn::Tile => tile_label(&t.set, &t.id),
            TileColumn::Name => t.name.clone(),
            _ => {
                let (unit, decimals) = self.unit();
                match (self.number(t), self.interval(t)) {
                    (_, Some(e)) => estimate(&e, unit, decimals),
                    (Some(v), None) => unit.format(v, decimals),
                    (None, None) => "–".to_owned(),
                }
            }
        }
    }
}

/// A tile as `set/id`, or its id alone when it starts with its set's id already (a tile named
/// `my-tiles/2` in the set `my-tiles` is not `my-tiles/my-tiles/2`).
pub fn tile_label(set: &str, id: &str) -> String {
    match id.strip_prefix(set).and_then(|rest| rest.strip_prefix('/')) {
        Some(_) => id.to_owned(),
        None => format!("{set}/{id}"),
    }
}

/// `mean [low, high]` in `unit` with `decimals`.
pub fn estimate(e: &Estimate, unit: Unit, decimals: usize) -> String {
    format!("{} {}", unit.format(e.mean, decimals), bounds(e, unit, decimals))
}

/// `[low, high]` in `unit` with `decimals`.
pub fn bounds(e: &Estimate, unit: Unit, decimals: usize) -> String {
    format!("[{}, {}]", unit.format(e.low, decimals), unit.format(e.high, decimals))
}

/// A figure of the tiles under study, each ranked among every tile in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FocusFigure {
    /// Points per copy on the table.
    PointsPerPlacement,
    /// Win rate of its placers minus the others'.
    WinEffect,
    /// The share of draws discarded.
    DiscardRate,
}

impl FocusFigure {
    /// Every figure, in table order.
    pub const ALL: [FocusFigure; 3] = [
        FocusFigure::PointsPerPlacement,
        FocusFigure::WinEffect,
        FocusFigure::DiscardRate,
    ];

    /// The heading.
    pub fn title(self) -> &'static str {
        match self {
            FocusFigure::PointsPerPlacement => "points per placement (95%)",
            FocusFigure::WinEffect => "win rate placed − not (95%)",
            FocusFigure::DiscardRate => "discarded (95%)",
        }
    }

    /// What it says, for a heading's tooltip.
    pub fn help(self) -> &'static str {
        match self {
            FocusFigure::PointsPerPlacement => TileColumn::PointsPerPlacement.help(),
            FocusFigure::WinEffect => TileColumn::WinEffect.help(),
            FocusFigure::DiscardRate => "The share of draws discarded, with the 95% interval",
        }
    }

    /// The tile's figure and its rank.
    pub fn of(self, t: &FocusTile) -> &Ranked {
        match self {
            FocusFigure::PointsPerPlacement => &t.points_per_placement,
            FocusFigure::WinEffect => &t.win_effect,
            FocusFigure::DiscardRate => &t.discard_rate,
        }
    }

    /// How it is written, and with how many decimals.
    pub fn unit(self) -> (Unit, usize) {
        match self {
            FocusFigure::PointsPerPlacement => (Unit::Plain, 2),
            FocusFigure::WinEffect => (Unit::SignedPercent, 1),
            FocusFigure::DiscardRate => (Unit::Percent, 1),
        }
    }

    /// `mean [low, high]`, or `–`.
    pub fn text(self, t: &FocusTile) -> String {
        let (unit, decimals) = self.unit();
        self.of(t)
            .value
            .map_or_else(|| "–".to_owned(), |e| estimate(&e, unit, decimals))
    }
}

/// `#3 of 40 (90th pct)`, or nothing for a figure without a rank.
pub fn rank_text(r: &Ranked) -> String {
    match (r.rank, r.percentile) {
        (Some(rank), Some(p)) => format!("#{rank} of {} ({p:.0}th pct)", r.of),
        (Some(rank), None) => format!("#{rank} of {}", r.of),
        _ => String::new(),
    }
}

/// The groups a comparison's differences are drawn in, each on one scale: win rates as
/// percentages, tiles apart (there are many), then the rest by what they count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Seats' win rates.
    WinRates,
    /// Scores and game length.
    Scores,
    /// Points by feature kind and for printed tokens.
    Points,
    /// Tiles' points per placement.
    TilePoints,
    /// Tiles' points against the average tile.
    TileAgainstAverage,
    /// Tiles' shares of draws discarded.
    TileDiscards,
}

impl Group {
    /// Every group, in page order.
    pub const ALL: [Group; 6] = [
        Group::WinRates,
        Group::Scores,
        Group::Points,
        Group::TilePoints,
        Group::TileAgainstAverage,
        Group::TileDiscards,
    ];

    /// The group of a figure.
    pub fn of(key: &FigureKey) -> Group {
        match key {
            FigureKey::SeatWinRate(_) => Group::WinRates,
            FigureKey::SeatScore(_) | FigureKey::TotalScore | FigureKey::Turns | FigureKey::Discards => Group::Scores,
            FigureKey::KindPoints(_) | FigureKey::TokenPoints(_) => Group::Points,
            FigureKey::Tile { figure, .. } => match figure {
                TileFigure::PointsPerPlacement => Group::TilePoints,
                TileFigure::PointsAgainstAverage => Group::TileAgainstAverage,
                TileFigure::DiscardRate => Group::TileDiscards,
            },
        }
    }

    /// The plot's title.
    pub fn title(self) -> &'static str {
        match self {
            Group::WinRates => "Win rates, B − A",
            Group::Scores => "Scores and game length, B − A",
            Group::Points => "Points by feature kind, B − A",
            Group::TilePoints => "Points per placement by tile, B − A",
            Group::TileAgainstAverage => "Points per placement against the average tile, B − A",
            Group::TileDiscards => "Share of draws discarded by tile, B − A",
        }
    }

    /// How its figures are written, and with how many decimals.
    pub fn unit(self) -> (Unit, usize) {
        match self {
            Group::WinRates | Group::TileDiscards => (Unit::Percent, 1),
            _ => (Unit::Plain, 2),
        }
    }
}

/// Where the points went between A and B, in one line: the change in the total score per
/// game, then the feature kinds' and the printed tokens' changes that make it up (they add up
/// to it), the largest first, those that did not move left out. `None` when the total did not
/// move or was not compared.
pub fn points_moved(comparison: &Comparison) -> Option<String> {
    let change = |key: &FigureKey| comparison.differences.iter().find(|d| &d.key == key).map(|d| d.b - d.a);
    let total = change(&FigureKey::TotalScore)?;
    let signed = |v: f64| {
        let v = if v.abs() < 0.005 { 0.0 } else { v };
        format!("{}{:.2}", if v < 0.0 { "−" } else { "+" }, v.abs())
    };
    if signed(total) == signed(0.0) {
        return None;
    }
    let mut parts: Vec<(String, f64)> = comparison
        .differences
        .iter()
        .filter_map(|d| match &d.key {
            FigureKey::KindPoints(kind) => Some((kind.as_str().to_owned(), d.b - d.a)),
            _ => None,
        })
        .collect();
    // The points for the most tokens of each kind either run has (a kind only one run has is
    // not among the differences).
    let per_game = |report: &BalanceReport, id: &str| {
        let points = report
            .mechanisms
            .tokens
            .iter()
            .find(|t| t.id == id)
            .map_or(0, |t| t.points);
        points as f64 / report.games.max(1) as f64
    };
    let (a, b) = (&comparison.a, &comparison.b);
    let mut kinds: Vec<&str> = a.mechanisms.tokens.iter().map(|t| t.id.as_str()).collect();
    kinds.extend(
        b.mechanisms
            .tokens
            .iter()
            .map(|t| t.id.as_str())
            .filter(|id| !kinds.contains(id))
            .collect::<Vec<_>>(),
    );
    for id in kinds {
        parts.push((format!("most {id}"), per_game(b, id) - per_game(a, id)));
    }
    parts.retain(|(_, v)| v.abs() >= 0.005);
    parts.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    let parts: Vec<String> = parts.iter().map(|(name, v)| format!("{name} {}", signed(*v))).collect();
    Some(format!(
        "total score per game B − A {} = {}",
        signed(total),
        parts.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile() -> TileStats {
        let mut t = crate::html::tests::tile("D", "Road", 8, 2);
        t.win_effect = None;
        t.win_effect_interval = None;
        t.points_per_placement = Some(1.5);
        t.points_per_placement_interval = Some(Estimate {
            mean: 1.5,
            low: 1.25,
            high: 1.75,
        });
        t
    }

    #[test]
    fn a_tile_row_reads_the_same_everywhere() {
        let t = tile();
        let texts: Vec<String> = TileColumn::ALL.iter().map(|c| c.text(&t)).collect();
        assert_eq!(texts[..5], ["base/D", "Road", "8", "6", "25.0%"]);
        assert_eq!(TileColumn::PointsPerPlacement.text(&t), "1.50 [1.25, 1.75]");
        assert_eq!(TileColumn::WinEffect.text(&t), "–");
        assert_eq!(TileColumn::Discarded.number(&t), Some(0.25));
        assert!(
            TileColumn::ALL
                .iter()
                .all(|c| !c.title().is_empty() && !c.help().is_empty())
        );
    }

    #[test]
    fn a_tile_id_is_prefixed_with_its_set_once() {
        assert_eq!(tile_label("base", "D"), "base/D");
        assert_eq!(tile_label("my-tiles", "my-tiles/2"), "my-tiles/2");
        assert_eq!(tile_label("my", "my-tiles/2"), "my/my-tiles/2");
    }

    #[test]
    fn figures_are_grouped_by_their_key() {
        let tile = |figure| FigureKey::Tile {
            set: "base".into(),
            id: "D".into(),
            figure,
        };
        assert_eq!(Group::of(&FigureKey::SeatWinRate(1)), Group::WinRates);
        assert_eq!(Group::of(&FigureKey::Turns), Group::Scores);
        assert_eq!(Group::of(&FigureKey::TokenPoints("wine".into())), Group::Points);
        assert_eq!(Group::of(&tile(TileFigure::DiscardRate)), Group::TileDiscards);
        assert_eq!(
            Group::of(&tile(TileFigure::PointsAgainstAverage)),
            Group::TileAgainstAverage
        );
        // A share is written as a percentage in its group, whatever reads it.
        for key in [
            FigureKey::SeatWinRate(0),
            tile(TileFigure::DiscardRate),
            FigureKey::Turns,
        ] {
            assert_eq!(Group::of(&key).unit().0 == Unit::Percent, key.is_share(), "{key}");
        }
    }
}
