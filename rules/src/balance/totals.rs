//! What a run's games add up to, in integers ([`Totals`]): the sums every figure of a report is
//! worked out from. Sums merge in any order to the same totals, so that threads, and shards
//! of a run played apart ([`super::Sums`]), give the report of one run; they are data a user
//! keeps, so [`Totals::check`] refuses sums that no games could have given.

use serde::{Deserialize, Serialize};

use super::moments::Moments;
use crate::game::{GameDef, Mechanisms};
use crate::model::FeatureKind;

/// A win counted in shares of this many, so that a tie of up to six players splits evenly in
/// integers (60 is divisible by 1 to 6).
pub const WIN_UNITS: u64 = 60;

/// Feature kinds, as indices.
pub const KINDS: usize = FeatureKind::ALL.len();

/// Width in points of a bin of the score histograms.
pub const BIN_WIDTH: u64 = 5;

/// Bins of the score histograms: scores from 0 up to 500 points; above, an overflow count.
pub const BINS: usize = 100;

/// A tile type's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileCounts {
    pub placed: u64,
    pub discarded: u64,
    pub under_hill: u64,
    pub sampled: u64,
    pub placements: u64,
    /// Fewest legal placements sampled (`u64::MAX`: none sampled).
    pub placements_min: u64,
    pub completed: u64,
    pub points: u64,
    /// Player-games in which the player placed a copy, and the win units they took.
    pub placed_by: u64,
    pub placed_by_wins: u64,
    /// Sums of per-game squares and products, for the intervals.
    pub squares: TileSquares,
}

/// A tile type's sums over games of squares and products of its per-game counts, from which
/// the intervals of its ratios are worked out at the end ([`super::moments::RatioMoments`]).
/// In `u64`, added with no branch on the common path: a run would need some 10^13 games to
/// overflow them.
/// What follows from these (the start tile's copy laid at the deal, draws as placed plus
/// discarded) is worked out at the end, not per game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSquares {
    /// Σ copies placed².
    pub placed: u64,
    /// Σ points².
    pub points: u64,
    /// Σ copies placed × points.
    pub placed_points: u64,
    /// Σ copies discarded², and Σ placed × discarded (0 but in the rare games with a discard).
    pub discarded: u64,
    pub placed_discarded: u64,
    /// Σ win units² of the player-games in which the player placed a copy.
    pub placed_by_wins: u64,
}

impl TileSquares {
    pub(super) fn merge(&mut self, other: &TileSquares) {
        self.placed += other.placed;
        self.points += other.points;
        self.placed_points += other.placed_points;
        self.discarded += other.discarded;
        self.placed_discarded += other.placed_discarded;
        self.placed_by_wins += other.placed_by_wins;
    }
}

/// A feature kind's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindCounts {
    pub features: u64,
    pub completions: u64,
    pub size: u64,
    pub points_in_play: u64,
    pub points_at_end: u64,
}

/// A figure type's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureCounts {
    pub deployed: u64,
    pub returned: u64,
    pub points: u64,
    pub turns_on_table: u64,
}

/// The mechanisms' counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MechanismCounts {
    pub abbeys: u64,
    /// Every mechanism's tally ([`Mechanisms::counters`]), in registration order.
    pub counters: Vec<u64>,
    pub under_hills: u64,
    pub tie_breaks: u64,
    pub extra_turns: u64,
    pub field_bonuses: u64,
    pub field_bonus_points: u64,
}

/// A kind of printed token's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenCounts {
    /// Tokens taken with completed features.
    pub taken: u64,
    /// End-of-game awards for the most of the kind (one per player scoring it).
    pub awards: u64,
    /// Points of those awards.
    pub points: u64,
}

/// What the games of a run add up to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    /// Games played to the end.
    pub games: u64,
    /// Tiles placed per game.
    pub turns: Moments,
    /// The players' total score per game.
    pub total_score: Moments,
    /// By seat: its final score per game.
    pub seat_scores: Vec<Moments>,
    /// By seat: its win units per game (60 a win, split in a tie).
    pub seat_wins: Vec<Moments>,
    /// By seat: games per score bin of 5 points (100 of them), then the overflow.
    pub histograms: Vec<Vec<u64>>,
    /// By tile type, in compiled order.
    pub tiles: Vec<TileCounts>,
    /// By tile, figure type and kind: deployments (`(tile × figures + figure) × KINDS + kind`).
    pub deployments: Vec<u64>,
    /// By feature kind.
    pub kinds: [KindCounts; KINDS],
    /// By figure type.
    pub figures: Vec<FigureCounts>,
    /// The expansion mechanisms' counts.
    pub mechanisms: MechanismCounts,
    /// By kind of printed token ([`GameDef::printed_tokens`]).
    pub tokens: Vec<TokenCounts>,
    /// By mark ([`GameDef::marks`]): points of the features carrying it (each mark of a
    /// feature counts the feature's whole points).
    pub mark_points: Vec<u64>,
}

/// Sums that no games could have given: where, as a JSON Pointer into the [`Totals`], and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Impossible {
    /// The value at fault, as a JSON Pointer from the sums checked.
    pub pointer: String,
    /// What is wrong with it.
    pub message: String,
}

impl Impossible {
    /// Sums at `pointer` that cannot be, for `message`.
    pub fn at(pointer: impl Into<String>, message: impl Into<String>) -> Impossible {
        Impossible {
            pointer: pointer.into(),
            message: message.into(),
        }
    }

    /// The same, its pointer under `prefix` (`/sums/a`).
    pub fn under(mut self, prefix: &str) -> Impossible {
        self.pointer.insert_str(0, prefix);
        self
    }
}

impl Totals {
    /// No game yet, for games of `def` with `players`.
    pub fn new(def: &GameDef, players: u8) -> Totals {
        let players = usize::from(players);
        let tiles = def.tables().tiles.len();
        Totals {
            games: 0,
            turns: Moments::default(),
            total_score: Moments::default(),
            seat_scores: vec![Moments::default(); players],
            seat_wins: vec![Moments::default(); players],
            histograms: vec![vec![0; BINS + 1]; players],
            tiles: vec![
                TileCounts {
                    placements_min: u64::MAX,
                    ..TileCounts::default()
                };
                tiles
            ],
            deployments: vec![0; tiles * def.figures().len() * KINDS],
            kinds: [KindCounts::default(); KINDS],
            figures: vec![FigureCounts::default(); def.figures().len()],
            mechanisms: MechanismCounts {
                counters: vec![0; Mechanisms::counters()],
                ..MechanismCounts::default()
            },
            tokens: vec![TokenCounts::default(); def.printed_tokens().len()],
            mark_points: vec![0; def.marks().len()],
        }
    }

    /// Adds another's totals (of the same definition and players) to these.
    pub fn merge(&mut self, other: &Totals) {
        self.games += other.games;
        self.turns.merge(&other.turns);
        self.total_score.merge(&other.total_score);
        for (a, b) in self.seat_scores.iter_mut().zip(&other.seat_scores) {
            a.merge(b);
        }
        for (a, b) in self.seat_wins.iter_mut().zip(&other.seat_wins) {
            a.merge(b);
        }
        for (a, b) in self.histograms.iter_mut().zip(&other.histograms) {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        }
        for (a, b) in self.tiles.iter_mut().zip(&other.tiles) {
            a.placed += b.placed;
            a.discarded += b.discarded;
            a.under_hill += b.under_hill;
            a.sampled += b.sampled;
            a.placements += b.placements;
            a.placements_min = a.placements_min.min(b.placements_min);
            a.completed += b.completed;
            a.points += b.points;
            a.placed_by += b.placed_by;
            a.placed_by_wins += b.placed_by_wins;
            a.squares.merge(&b.squares);
        }
        self.deployments
            .iter_mut()
            .zip(&other.deployments)
            .for_each(|(a, b)| *a += b);
        for (a, b) in self.kinds.iter_mut().zip(&other.kinds) {
            a.features += b.features;
            a.completions += b.completions;
            a.size += b.size;
            a.points_in_play += b.points_in_play;
            a.points_at_end += b.points_at_end;
        }
        for (a, b) in self.figures.iter_mut().zip(&other.figures) {
            a.deployed += b.deployed;
            a.returned += b.returned;
            a.points += b.points;
            a.turns_on_table += b.turns_on_table;
        }
        let (a, b) = (&mut self.mechanisms, &other.mechanisms);
        a.abbeys += b.abbeys;
        a.counters.iter_mut().zip(&b.counters).for_each(|(a, b)| *a += b);
        a.under_hills += b.under_hills;
        a.tie_breaks += b.tie_breaks;
        a.extra_turns += b.extra_turns;
        a.field_bonuses += b.field_bonuses;
        a.field_bonus_points += b.field_bonus_points;
        for (a, b) in self.tokens.iter_mut().zip(&other.tokens) {
            a.taken += b.taken;
            a.awards += b.awards;
            a.points += b.points;
        }
        for (a, b) in self.mark_points.iter_mut().zip(&other.mark_points) {
            *a += b;
        }
    }

    /// Refuses totals that games of `def` with `players` could not have given, or not in
    /// exactly `games` games: a list of another length than the game's, counts of games that
    /// disagree, win shares that do not add up to one win a game, scores that do not add up,
    /// tiles placed that are not the turns played, sums of squares too small for their sums.
    /// Merged totals are checked the same way, so the figures of a report are always of games
    /// that could have been played.
    pub fn check(&self, def: &GameDef, players: u8, games: u64) -> Result<(), Impossible> {
        self.check_shape(def, players)?;
        if self.games != games {
            return Err(Impossible::at(
                "/games",
                format!("says {} games were played, where its shard has {games}", self.games),
            ));
        }
        let per_game = [("/turns", &self.turns), ("/total_score", &self.total_score)];
        let seats = self
            .seat_scores
            .iter()
            .enumerate()
            .map(|(s, m)| (format!("/seat_scores/{s}"), m));
        let wins = self
            .seat_wins
            .iter()
            .enumerate()
            .map(|(s, m)| (format!("/seat_wins/{s}"), m));
        let all = per_game
            .into_iter()
            .map(|(p, m)| (p.to_owned(), m))
            .chain(seats)
            .chain(wins);
        for (pointer, m) in all {
            if m.n != games {
                return Err(Impossible::at(
                    format!("{pointer}/n"),
                    format!("counts {} games, where the sums are of {games}", m.n),
                ));
            }
            m.possible().map_err(|why| Impossible::at(pointer.clone(), why))?;
        }
        for (s, bins) in self.histograms.iter().enumerate() {
            let counted: u64 = bins.iter().fold(0u64, |a, &b| a.saturating_add(b));
            if counted != games {
                return Err(Impossible::at(
                    format!("/histograms/{s}"),
                    format!("counts {counted} scores, where {games} games give as many"),
                ));
            }
        }
        let wins: i128 = self.seat_wins.iter().map(|m| m.sum).sum();
        if wins != i128::from(games) * i128::from(WIN_UNITS) {
            return Err(Impossible::at(
                "/seat_wins",
                format!(
                    "share out {wins} win units, where every game shares out {WIN_UNITS} ({})",
                    i128::from(games) * i128::from(WIN_UNITS)
                ),
            ));
        }
        let scores: i128 = self.seat_scores.iter().map(|m| m.sum).sum();
        if scores != self.total_score.sum {
            return Err(Impossible::at(
                "/total_score/sum",
                format!(
                    "is {}, where the seats' scores add up to {scores}",
                    self.total_score.sum
                ),
            ));
        }
        let placed: u128 = self.tiles.iter().map(|t| u128::from(t.placed)).sum();
        if i128::try_from(placed).ok() != Some(self.turns.sum) {
            return Err(Impossible::at(
                "/turns/sum",
                format!("is {}, where the tiles placed add up to {placed}", self.turns.sum),
            ));
        }
        let player_games = u128::from(games) * u128::from(players);
        for (t, tile) in self.tiles.iter().enumerate() {
            if u128::from(tile.placed_by) > player_games
                || u128::from(tile.placed_by_wins) > u128::from(tile.placed_by) * u128::from(WIN_UNITS)
            {
                return Err(Impossible::at(
                    format!("/tiles/{t}/placed_by"),
                    "counts more players who placed the tile, or more of their wins, than the games had",
                ));
            }
            if (tile.sampled == 0) != (tile.placements_min == u64::MAX) {
                return Err(Impossible::at(
                    format!("/tiles/{t}/placements_min"),
                    "disagrees with the turns sampled: only a tile never sampled has no fewest placements",
                ));
            }
        }
        for (f, figure) in self.figures.iter().enumerate() {
            if figure.returned > figure.deployed {
                return Err(Impossible::at(
                    format!("/figures/{f}/returned"),
                    "counts more figures returned than deployed",
                ));
            }
        }
        Ok(())
    }

    /// Refuses totals whose lists are not as long as games of `def` with `players` make them.
    fn check_shape(&self, def: &GameDef, players: u8) -> Result<(), Impossible> {
        let (seats, tiles, figures) = (usize::from(players), def.tables().tiles.len(), def.figures().len());
        let lengths = [
            ("/seat_scores", self.seat_scores.len(), seats, "seats"),
            ("/seat_wins", self.seat_wins.len(), seats, "seats"),
            ("/histograms", self.histograms.len(), seats, "seats"),
            ("/tiles", self.tiles.len(), tiles, "tile types"),
            (
                "/deployments",
                self.deployments.len(),
                tiles * figures * KINDS,
                "tile, figure and feature kinds",
            ),
            ("/figures", self.figures.len(), figures, "figure types"),
            (
                "/tokens",
                self.tokens.len(),
                def.printed_tokens().len(),
                "kinds of printed token",
            ),
            ("/mark_points", self.mark_points.len(), def.marks().len(), "marks"),
            (
                "/mechanisms/counters",
                self.mechanisms.counters.len(),
                Mechanisms::counters(),
                "mechanisms' counters",
            ),
        ];
        for (pointer, got, want, what) in lengths {
            if got != want {
                return Err(Impossible::at(
                    pointer,
                    format!("holds {got} values where the game played has {want} ({what})"),
                ));
            }
        }
        for (s, bins) in self.histograms.iter().enumerate() {
            if bins.len() != BINS + 1 {
                return Err(Impossible::at(
                    format!("/histograms/{s}"),
                    format!("holds {} bins where a histogram has {}", bins.len(), BINS + 1),
                ));
            }
        }
        Ok(())
    }
}
