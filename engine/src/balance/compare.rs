//! A/B: the same seeds played under two definitions, and each figure's per-game difference
//! B − A with its 95% interval (paired: the two games of a seed share their shuffle, so the
//! difference varies far less than either figure).

use std::sync::Arc;

use super::collector::{Collector, GameFigures, WIN_UNITS};
use super::moments::Moments;
use super::report::Difference;
use crate::game::{GameDef, colour};
use crate::model::FeatureKind;

/// A figure both runs have, read from a game's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Figure {
    SeatScore(usize),
    /// Win units of a seat ([`WIN_UNITS`] a win).
    SeatWins(usize),
    TotalScore,
    Turns,
    Discards,
    KindPoints(FeatureKind),
    /// A tile of both runs: its index in A, in B.
    TilePoints(usize, usize),
    TilePlaced(usize, usize),
    TileDiscarded(usize, usize),
    /// A kind of printed token of both runs: its index in A, in B.
    TokenPoints(usize, usize),
}

impl Figure {
    /// The figure's value in a game of run A (`b` false) or B.
    fn value(self, game: &GameFigures, b: bool) -> i64 {
        let tile = |a_index: usize, b_index: usize| if b { b_index } else { a_index };
        let v = match self {
            Figure::SeatScore(s) => game.scores[s],
            Figure::SeatWins(s) => game.wins[s],
            Figure::TotalScore => game.scores.iter().sum(),
            Figure::Turns => game.turns,
            Figure::Discards => game.discards,
            Figure::KindPoints(kind) => game.kind_points[kind as usize],
            Figure::TilePoints(a, bi) => game.tile_points[tile(a, bi)],
            Figure::TilePlaced(a, bi) => u64::from(game.tile_placed[tile(a, bi)]),
            Figure::TileDiscarded(a, bi) => u64::from(game.tile_discarded[tile(a, bi)]),
            Figure::TokenPoints(a, bi) => game.token_points[tile(a, bi)],
        };
        i64::try_from(v).unwrap_or(i64::MAX)
    }

    /// What a per-game value is divided by to be read: win units make a win rate.
    fn scale(self) -> f64 {
        match self {
            Figure::SeatWins(_) => WIN_UNITS as f64,
            _ => 1.0,
        }
    }
}

/// The figures compared, each with its key and label, in report order.
fn figures(a: &GameDef, b: &GameDef, players: u8) -> Vec<(Figure, String, String)> {
    let mut out = Vec::new();
    for s in 0..usize::from(players) {
        let c = colour(s as u8);
        out.push((
            Figure::SeatScore(s),
            format!("seat.{s}.score"),
            format!("mean score of {c}"),
        ));
        out.push((
            Figure::SeatWins(s),
            format!("seat.{s}.win_rate"),
            format!("win rate of {c}"),
        ));
    }
    out.push((Figure::TotalScore, "total_score".into(), "total score".into()));
    out.push((Figure::Turns, "turns".into(), "turns per game".into()));
    out.push((Figure::Discards, "discards".into(), "tiles discarded".into()));
    for kind in FeatureKind::ALL {
        let k = kind.as_str();
        out.push((Figure::KindPoints(kind), format!("points.{k}"), format!("{k} points")));
    }
    for (ta, token) in a.printed_tokens().iter().enumerate() {
        if let Some(tb) = b.printed_tokens().iter().position(|other| other.id == token.id) {
            let id = &token.id;
            out.push((
                Figure::TokenPoints(ta, tb),
                format!("tokens.{id}.points"),
                format!("points for the most {id}"),
            ));
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
        for (figure, what, words) in [
            (Figure::TilePoints(ta, tb), "points", "points of tile"),
            (Figure::TilePlaced(ta, tb), "placed", "placed copies of tile"),
            (Figure::TileDiscarded(ta, tb), "discarded", "discarded copies of tile"),
        ] {
            out.push((figure, format!("tile.{set}/{id}.{what}"), format!("{words} {set}/{id}")));
        }
    }
    out
}

/// The paired sums of a comparison: per figure, the values in A, in B, and their differences.
#[derive(Debug, Clone)]
pub struct Paired {
    figures: Arc<Vec<(Figure, String, String)>>,
    a: Vec<Moments>,
    b: Vec<Moments>,
    diff: Vec<Moments>,
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

    fn with(figures: Arc<Vec<(Figure, String, String)>>) -> Paired {
        let n = figures.len();
        Paired {
            figures,
            a: vec![Moments::default(); n],
            b: vec![Moments::default(); n],
            diff: vec![Moments::default(); n],
        }
    }

    /// Adds the last games of `a` and `b`, played with the same seed.
    pub fn add(&mut self, a: &Collector, b: &Collector) {
        for (i, &(figure, ..)) in self.figures.iter().enumerate() {
            let (va, vb) = (figure.value(&a.game, false), figure.value(&b.game, true));
            self.a[i].add(va);
            self.b[i].add(vb);
            self.diff[i].add(vb - va);
        }
    }

    /// Adds another thread's sums.
    pub fn merge(&mut self, other: &Paired) {
        for (mine, theirs) in [
            (&mut self.a, &other.a),
            (&mut self.b, &other.b),
            (&mut self.diff, &other.diff),
        ] {
            mine.iter_mut().zip(theirs).for_each(|(m, t)| m.merge(t));
        }
    }

    /// Each figure's means and difference.
    pub fn differences(&self) -> Vec<Difference> {
        self.figures
            .iter()
            .enumerate()
            .map(|(i, (figure, key, label))| {
                let scale = figure.scale();
                let difference = (self.diff[i].n > 1).then(|| self.diff[i].estimate(scale)).flatten();
                Difference {
                    key: key.clone(),
                    label: label.clone(),
                    a: self.a[i].mean(scale).unwrap_or(0.0),
                    b: self.b[i].mean(scale).unwrap_or(0.0),
                    difference,
                    flagged: difference.is_some_and(|d| d.low > 0.0 || d.high < 0.0),
                }
            })
            .collect()
    }
}
