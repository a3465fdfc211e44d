//! A/B: the same seeds played under two definitions, and each figure's difference B − A with
//! its 95% interval (paired: the two games of a seed share their shuffle, so the difference
//! varies far less than either figure). Figures of the whole game are means per game; a
//! tile's are per copy (points per placement, against the average tile, discards per draw).

use std::sync::Arc;

use super::collector::{Collector, GameFigures};
use super::figure_key::{FigureKey, TileFigure};
use super::moments::PairedRatio;
use super::report::Difference;
use super::totals::WIN_UNITS;
use super::totals::{Impossible, Totals};
use crate::game::GameDef;
use crate::model::FeatureKind;

/// A figure both runs have, read from a game's figures as a ratio `(num, den)` summed over
/// the games: a figure of the whole game is a mean per game (`den` 1); a tile's are per copy,
/// so that a tile set added or left out, which changes how many tiles a game has and so each
/// tile's share of the points (dilution), does not show as a change in the tile itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Figure {
    SeatScore(usize),
    /// Win units of a seat ([`WIN_UNITS`] a win).
    SeatWins(usize),
    TotalScore,
    Turns,
    Discards,
    KindPoints(FeatureKind),
    /// A tile of both runs (its index in A, in B): its points per copy on the table.
    TilePerPlacement(usize, usize),
    /// Its share of the game's points over its share of the game's tiles on the table: its
    /// points per copy against the average tile's (1: as the average).
    TileAgainstAverage(usize, usize),
    /// Its copies discarded per copy drawn.
    TileDiscardRate(usize, usize),
    /// A kind of printed token of both runs: its index in A, in B.
    TokenPoints(usize, usize),
}

impl Figure {
    /// The figure's `(num, den)` in a game of run A (`b` false) or B.
    fn value(self, game: &GameFigures, b: bool) -> (u64, u64) {
        let tile = |a_index: usize, b_index: usize| if b { b_index } else { a_index };
        // Copies of a tile on the table: placed, and the start tile's copy laid at the deal.
        let copies = |t: usize| u64::from(game.tile_placed[t]) + u64::from(t == game.start);
        let total: u64 = game.scores.iter().sum();
        match self {
            Figure::SeatScore(s) => (game.scores[s], 1),
            Figure::SeatWins(s) => (game.wins[s], 1),
            Figure::TotalScore => (total, 1),
            Figure::Turns => (game.turns, 1),
            Figure::Discards => (game.discards, 1),
            Figure::KindPoints(kind) => (game.kind_points[kind as usize], 1),
            Figure::TilePerPlacement(a, bi) => {
                let t = tile(a, bi);
                (game.tile_points[t], copies(t))
            }
            Figure::TileAgainstAverage(a, bi) => {
                let t = tile(a, bi);
                // (points / total) / (copies / all copies) = points · all copies / (copies · total).
                (game.tile_points[t] * (game.turns + 1), copies(t) * total)
            }
            Figure::TileDiscardRate(a, bi) => {
                let t = tile(a, bi);
                let discarded = u64::from(game.tile_discarded[t]);
                (discarded, u64::from(game.tile_placed[t]) + discarded)
            }
            Figure::TokenPoints(a, bi) => (game.token_points[tile(a, bi)], 1),
        }
    }

    /// What a value is divided by to be read: win units make a win rate.
    fn scale(self) -> f64 {
        match self {
            Figure::SeatWins(_) => WIN_UNITS as f64,
            _ => 1.0,
        }
    }
}

/// The figures compared, each with its key, in report order.
fn figures(a: &GameDef, b: &GameDef, players: u8) -> Vec<(Figure, FigureKey)> {
    let mut out = Vec::new();
    for s in 0..players {
        out.push((Figure::SeatScore(usize::from(s)), FigureKey::SeatScore(s)));
        out.push((Figure::SeatWins(usize::from(s)), FigureKey::SeatWinRate(s)));
    }
    out.push((Figure::TotalScore, FigureKey::TotalScore));
    out.push((Figure::Turns, FigureKey::Turns));
    out.push((Figure::Discards, FigureKey::Discards));
    for kind in FeatureKind::ALL {
        out.push((Figure::KindPoints(kind), FigureKey::KindPoints(kind)));
    }
    for (ta, token) in a.printed_tokens().iter().enumerate() {
        if let Some(tb) = b.printed_tokens().iter().position(|other| other.id == token.id) {
            out.push((Figure::TokenPoints(ta, tb), FigureKey::TokenPoints(token.id.clone())));
        }
    }
    let name = |def: &GameDef, t: usize| {
        let set = def.tile_set(t as u16).map_or("", |s| s.id.as_str());
        (set.to_owned(), def.tables().tiles[t].id.clone())
    };
    for ta in 0..a.tables().tiles.len() {
        let here = name(a, ta);
        let Some(tb) = (0..b.tables().tiles.len()).find(|&tb| name(b, tb) == here) else {
            continue;
        };
        let (set, id) = here;
        for figure in TileFigure::ALL {
            let measure = match figure {
                TileFigure::PointsPerPlacement => Figure::TilePerPlacement(ta, tb),
                TileFigure::PointsAgainstAverage => Figure::TileAgainstAverage(ta, tb),
                TileFigure::DiscardRate => Figure::TileDiscardRate(ta, tb),
            };
            let key = FigureKey::Tile {
                set: set.clone(),
                id: id.clone(),
                figure,
            };
            out.push((measure, key));
        }
    }
    out
}

/// The paired sums of a comparison, per figure.
#[derive(Debug, Clone)]
pub struct Paired {
    figures: Arc<Vec<(Figure, FigureKey)>>,
    sums: Vec<PairedRatio>,
}

impl Paired {
    /// Sums for the figures definitions `a` and `b` share, with `players`.
    pub fn new(a: &GameDef, b: &GameDef, players: u8) -> Paired {
        Paired::with(Arc::new(figures(a, b, players)))
    }

    /// Empty sums over the same figures as `self`, for another thread.
    pub fn fresh(&self) -> Paired {
        Paired::with(Arc::clone(&self.figures))
    }

    fn with(figures: Arc<Vec<(Figure, FigureKey)>>) -> Paired {
        let n = figures.len();
        Paired {
            figures,
            sums: vec![PairedRatio::default(); n],
        }
    }

    /// Adds the last games of `a` and `b`, played with the same seed.
    pub fn add(&mut self, a: &Collector, b: &Collector) {
        for (sums, (figure, _)) in self.sums.iter_mut().zip(self.figures.iter()) {
            sums.add(figure.value(&a.game, false), figure.value(&b.game, true));
        }
    }

    /// Adds another thread's sums.
    pub fn merge(&mut self, other: &Paired) {
        self.sums.iter_mut().zip(&other.sums).for_each(|(m, t)| m.merge(t));
    }

    /// The sums, by figure.
    pub fn into_sums(self) -> Vec<PairedRatio> {
        self.sums
    }

    /// The same figures with `sums` (as [`Paired::into_sums`] gave them); missing sums are
    /// empty.
    pub fn with_sums(mut self, sums: &[PairedRatio]) -> Paired {
        self.sums.iter_mut().zip(sums).for_each(|(mine, given)| *mine = *given);
        self
    }

    /// Refuses `sums` that are not one per figure compared, of as many games as `a` and `b`
    /// count, or whose total scores are not theirs (the pointer from the sums' root).
    pub fn check(&self, sums: &[PairedRatio], a: &Totals, b: &Totals) -> Result<(), Impossible> {
        if sums.len() != self.figures.len() {
            return Err(Impossible::at(
                "/paired",
                format!(
                    "holds {} figures where the runs compared have {}",
                    sums.len(),
                    self.figures.len()
                ),
            ));
        }
        for (i, (s, (figure, _))) in sums.iter().zip(self.figures.iter()).enumerate() {
            if s.n != a.games {
                return Err(Impossible::at(
                    format!("/paired/{i}/n"),
                    format!("counts {} games, where the runs have {}", s.n, a.games),
                ));
            }
            if *figure == Figure::TotalScore && !s.sums_are(a.total_score.sum, b.total_score.sum) {
                return Err(Impossible::at(
                    format!("/paired/{i}"),
                    "gives other total scores than runs A and B",
                ));
            }
        }
        Ok(())
    }

    /// Each figure's values in A and B and their difference, flagged when significant over
    /// all of them and at least `min_change` of A ([`super::flag`]).
    pub fn differences(&self, min_change: f64) -> Vec<Difference> {
        let mut differences = self
            .figures
            .iter()
            .zip(&self.sums)
            .map(|((figure, key), sums)| {
                let scale = figure.scale();
                let difference = sums.difference(scale);
                Difference {
                    key: key.clone(),
                    label: key.label(),
                    a: sums.a(scale).unwrap_or(0.0),
                    b: sums.b(scale).unwrap_or(0.0),
                    difference,
                    p_value: None,
                    flagged: false,
                }
            })
            .collect::<Vec<_>>();
        super::flag::flag(&mut differences, min_change);
        differences
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `copies` tiles on the table (the start tile's among them) scoring `total`, in
    /// which tile 1 has `mine` copies and `points`.
    fn game(copies: u64, total: u64, mine: u32, points: u64) -> GameFigures {
        GameFigures {
            scores: vec![total / 2, total - total / 2],
            wins: vec![60, 0],
            turns: copies - 1,
            tile_placed: vec![0, mine],
            tile_discarded: vec![0, 1],
            tile_points: vec![0, points],
            start: 0,
            ..GameFigures::default()
        }
    }

    #[test]
    fn more_tiles_in_a_game_are_no_change_in_a_tile_against_the_average() {
        // B: twice the tiles and twice the points; the tile has the same copies and points, so
        // half the share of the points it had, and as many points per copy as the average.
        let (a, b) = (game(10, 30, 2, 6), game(20, 60, 2, 6));
        let against = Figure::TileAgainstAverage(1, 1);
        assert_eq!(against.value(&a, false), (6 * 10, 2 * 30));
        let mut sums = PairedRatio::default();
        for _ in 0..3 {
            sums.add(against.value(&a, false), against.value(&b, true));
        }
        assert_eq!((sums.a(1.0), sums.b(1.0)), (Some(1.0), Some(1.0)));
        let d = sums.difference(1.0).unwrap();
        assert!(d.low <= 0.0 && d.high >= 0.0, "not flagged: {d:?}");
        // Per copy, the same; a draw discarded out of three.
        assert_eq!(Figure::TilePerPlacement(1, 1).value(&b, true), (6, 2));
        assert_eq!(Figure::TileDiscardRate(1, 1).value(&b, true), (1, 3));
        // The start tile's copy laid at the deal counts as a copy on the table.
        assert_eq!(Figure::TilePerPlacement(0, 0).value(&a, false), (0, 1));
    }
}
