//! What a balance run reports: plain serde types, every figure a count (exact, summed in
//! integers) or a value derived from counts. The JSON of `tilewright balance --json` is
//! these types serialized; the HTML report and the editor read them too.
//!
//! Points are always **points awarded summed over the players who got them**: a feature
//! scoring 8 to two tied players counts 16, so that the points of a game add up to the sum
//! of its final scores.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::figure_key::FigureKey;
use super::focus::Focus;
use crate::bots::Policy;
use crate::game::{Mechanisms, SetRef};
use crate::model::FeatureKind;

/// A mean with its 95% interval.
///
/// The interval is the normal approximation `mean ± 1.96 · s / √n`, with `s` the sample
/// standard deviation of the per-game values: it fits win shares with ties split as well as
/// scores, and with thousands of games it is as good as a Wilson interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Estimate {
    /// The interval cut to what the figure can be (`low..=high`): a share is never below
    /// none nor above all, whatever the normal approximation says with few games.
    pub fn within(self, low: f64, high: f64) -> Estimate {
        Estimate {
            mean: self.mean,
            low: self.low.clamp(low, high),
            high: self.high.clamp(low, high),
        }
    }
}

/// Scores in bins of equal width: memory bounded whatever the number of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    /// Width of a bin in points: bin `k` holds the scores `k × bin_width .. (k + 1) × bin_width`.
    pub bin_width: u64,
    /// Games per bin.
    pub counts: Vec<u64>,
    /// Games with a score past the last bin.
    pub overflow: u64,
}

/// One seat (the first player is seat 0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Seat number, from 0.
    pub seat: u8,
    /// The seat's colour, as messages name it.
    pub colour: String,
    /// Final score; `None` when no game was played.
    pub score: Option<Estimate>,
    /// Games won, a tie for first split evenly between the tied players.
    pub wins: f64,
    /// Share of games won (ties split); `None` when no game was played.
    pub win_rate: Option<Estimate>,
    /// The distribution of final scores.
    pub histogram: Histogram,
}

/// A figure type's deployments on a kind of feature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deployments {
    /// Figure type id.
    pub figure: String,
    /// Kind of feature deployed on (barns: the field they stand on).
    pub kind: FeatureKind,
    /// Deployments.
    pub count: u64,
}

/// One tile type (a compiled tile).
///
/// A tile is **drawn** when it comes into a player's hands: from the pile, or from the
/// player's own supply when placed (abbeys). Every drawn tile is placed or discarded
/// (`drawn = placed + discarded`). The start tile's first copy is laid at the deal and is
/// none of these; tiles that go under hills are counted apart (`under_hill`), never drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileStats {
    /// Compiled tile index.
    pub index: u16,
    /// Id of the tile set it comes from.
    pub set: String,
    /// Tile id.
    pub id: String,
    /// The tile's name as the data gives it (may be empty).
    pub name: String,
    /// Whether it is the start tile.
    pub start: bool,
    /// Times drawn.
    pub drawn: u64,
    /// Times placed.
    pub placed: u64,
    /// Times discarded because it fitted nowhere.
    pub discarded: u64,
    /// `discarded / drawn` with its 95% interval (from each game's draws and discards, as
    /// [`TileStats::points_per_placement_interval`]); `None` when never drawn.
    pub discard_rate_interval: Option<Estimate>,
    /// Times it went under a hill.
    pub under_hill: u64,
    /// Turns on which its legal placements were counted (a sample of the turns it waited to be
    /// placed, see [`BalanceReport::placements_sample_every`]).
    pub placements_sampled: u64,
    /// Mean legal placements when it waited to be placed, over the sample; `None` if never
    /// sampled.
    pub placements_mean: Option<f64>,
    /// Fewest legal placements seen in the sample; `None` if never sampled.
    pub placements_min: Option<u64>,
    /// Deployments on copies of it, by figure type and feature kind (only those that happened).
    pub deployments: Vec<Deployments>,
    /// Completed features a placed copy of it was part of, each feature counted once per copy.
    pub completed_features: u64,
    /// Its share of the points of every scored feature it was part of: a feature's points
    /// (summed over the players scoring) split evenly over the feature's parts, a tile with two
    /// parts of the feature taking two shares, the remainder of the integer division going
    /// one point each to the first parts in the feature's member order. Over all tiles these
    /// add up to the sum of the final scores exactly.
    pub points: u64,
    /// Points per copy on the table: `points` over the copies placed, and for the start tile
    /// also the copy laid at the deal of each game (its points count too); `None` when no copy
    /// was on the table.
    pub points_per_placement: Option<f64>,
    /// `points_per_placement` with its 95% interval, from each game's copies on the table and
    /// points (a ratio's interval, by the delta method); `None` when no copy was on the table.
    pub points_per_placement_interval: Option<Estimate>,
    /// Player-games in which that player placed at least one copy.
    pub placed_by: u64,
    /// Win rate (ties split) of the players who placed at least one copy in their game;
    /// `None` when nobody did.
    pub win_rate_placed: Option<f64>,
    /// Win rate of the players who placed none; `None` when everybody did.
    pub win_rate_not_placed: Option<f64>,
    /// `win_rate_placed − win_rate_not_placed`: how much placing it goes with winning. A
    /// correlation, not a cause (a player who places more tiles places more of every kind).
    pub win_effect: Option<f64>,
    /// `win_effect` with its 95% interval: the difference of the two groups' mean win shares,
    /// each group's variance over its size (player-games taken as independent, which the seats
    /// of one game are not quite); `None` when either group is empty.
    pub win_effect_interval: Option<Estimate>,
}

/// One kind of feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeatureKindStats {
    /// The kind.
    pub kind: FeatureKind,
    /// Features of this kind on the table at the end of the games, summed.
    pub features: u64,
    /// Features completed in play.
    pub completions: u64,
    /// Mean size at completion (tiles; segments for cities); `None` with no completion.
    pub mean_size: Option<f64>,
    /// Points scored in play (completed features; barns meeting farmers and flocks guided
    /// home count under fields).
    pub points_in_play: u64,
    /// Points scored at the end (incomplete features; farmers and barns under fields).
    pub points_at_end: u64,
    /// Share of the features left incomplete at the end; `None` for fields, which never
    /// complete, and when there was no feature of the kind.
    pub incomplete_share: Option<f64>,
}

/// One figure type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureStats {
    /// Figure type id.
    pub id: String,
    /// Times deployed (placed barns included; a wagon moving on is not a deployment).
    pub deployed: u64,
    /// Times returned to the supply during play or at the end.
    pub returned: u64,
    /// Points earned: the points each scoring of a feature gave a player who had at least one
    /// figure of this type standing on that feature (so a player with a follower and a mayor
    /// in one city credits both types). Farmers paid by city (`farms-2000`, the event names
    /// the city) credit the player's followers standing on fields. A figure's field bonus
    /// (`field-bonus-per-city`) credits its own type only.
    pub points: u64,
    /// Turns spent on the table, summed over deployments (a turn is a tile placed; figures
    /// left on the table at the end count until the end).
    pub turns_on_table: u64,
    /// `turns_on_table / deployed`; `None` when never deployed.
    pub mean_turns_on_table: Option<f64>,
}

/// Abbeys (`abbey` mechanism).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbbeyStats {
    /// Abbeys placed from the players' supplies.
    pub placed: u64,
}

/// A mechanism's own tally ([`Tally`](crate::game::Tally)): its counters, by key, in the
/// order it declares them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tallied {
    /// Its key in the report (`"wagons"`).
    pub key: String,
    /// Its counters' keys and counts.
    pub counts: Vec<(String, u64)>,
}

impl Tallied {
    /// Its line in a report, in the words its mechanism declares (`"wagon moves: 12"`); the
    /// counts by key when no mechanism of this program declares the tally.
    pub fn line(&self) -> String {
        let counts: Vec<u64> = self.counts.iter().map(|(_, n)| *n).collect();
        match Mechanisms::tally_named(&self.key) {
            Some(tally) if tally.counters.iter().eq(self.counts.iter().map(|(k, _)| k)) => tally.line(&counts),
            _ => {
                let counts: Vec<String> = self.counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
                format!("{}: {}", self.key, counts.join(", "))
            }
        }
    }
}

/// The mechanisms' own tallies, in registration order, written as one table each under its
/// key (`"wagons": {"moves": 12}`; `null` for a mechanism that did not play).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tallies(pub Vec<Tallied>);

impl Tallies {
    /// Counter `counter` of the tally reported under `key`, if that mechanism played.
    pub fn count(&self, key: &str, counter: &str) -> Option<u64> {
        let tally = self.0.iter().find(|t| t.key == key)?;
        tally.counts.iter().find(|(k, _)| k == counter).map(|(_, n)| *n)
    }
}

impl Serialize for Tallies {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// One tally's counters, in order.
        struct Counts<'a>(&'a [(String, u64)]);
        impl Serialize for Counts<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_map(self.0.iter().map(|(k, n)| (k, n)))
            }
        }
        // Every mechanism's table, `null` where it did not play, so that the keys of a report
        // do not depend on what played; then any this program does not know.
        let known = Mechanisms::tally_keys().map(|key| (key, self.0.iter().find(|t| t.key == key)));
        let unknown = (self.0.iter())
            .filter(|t| Mechanisms::tally_named(&t.key).is_none())
            .map(|t| (t.key.as_str(), Some(t)));
        serializer.collect_map(known.chain(unknown).map(|(key, t)| (key, t.map(|t| Counts(&t.counts)))))
    }
}

impl<'de> Deserialize<'de> for Tallies {
    /// Every table left beside the named fields; `null` ones (a mechanism not in play, as
    /// earlier reports wrote them) are left out.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tallies, D::Error> {
        let tables = BTreeMap::<String, Option<BTreeMap<String, u64>>>::deserialize(deserializer)?;
        let mut tallies: Vec<Tallied> = tables
            .into_iter()
            .filter_map(|(key, counts)| {
                let mut counts = counts?;
                let declared = Mechanisms::tally_named(&key).map_or(&[][..], |t| t.counters);
                let mut ordered: Vec<(String, u64)> = declared.iter().filter_map(|k| counts.remove_entry(*k)).collect();
                ordered.extend(counts);
                Some(Tallied { key, counts: ordered })
            })
            .collect();
        tallies.sort_by_key(|t| Mechanisms::tally_order(&t.key));
        Ok(Tallies(tallies))
    }
}

/// Hills (`hills` mechanism).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HillStats {
    /// Tiles that went under hills.
    pub tiles_under: u64,
    /// Majorities whose tie followers on hills broke.
    pub tie_breaks: u64,
}

/// Extra turns (a figure with `effect = "extra-turn"` in play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraTurnStats {
    /// Extra turns taken.
    pub taken: u64,
}

/// Field bonuses (a figure with `effect = { field-bonus-per-city = n }` in play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldBonusStats {
    /// Bonuses paid (one per figure type and scoring).
    pub paid: u64,
    /// Points of those bonuses.
    pub points: u64,
}

/// The expansion mechanisms, each `None` when not in play.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MechanismStats {
    /// Abbeys.
    pub abbeys: Option<AbbeyStats>,
    /// Each mechanism's own tally, where the mechanism is in play.
    #[serde(flatten)]
    pub tallies: Tallies,
    /// Hills.
    pub hills: Option<HillStats>,
    /// Extra turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_turns: Option<ExtraTurnStats>,
    /// Field bonuses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_bonuses: Option<FieldBonusStats>,
    /// By kind of printed token, in the files' order of declaration (none when tokens do not
    /// play).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<TokenStats>,
    /// By mark that plays, in the files' order of declaration.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<MarkStats>,
}

/// A kind of printed token (named by the files).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenStats {
    /// Its id in the files.
    pub id: String,
    /// Tokens taken with completed features.
    pub taken: u64,
    /// End-of-game awards for holding the most (one per player scoring it).
    pub awards: u64,
    /// Points of those awards.
    pub points: u64,
}

/// A mark (named by the files).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkStats {
    /// Its id in the files.
    pub id: String,
    /// Points scored by features carrying it, in play and at the end.
    pub points: u64,
}

impl MechanismStats {
    /// Each mechanism in play's counts as a line of words, in the order of the fields
    /// (`"wagon moves: 12"`), for a report to list.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(a) = &self.abbeys {
            lines.push(format!("abbeys placed: {}", a.placed));
        }
        lines.extend(self.tallies.0.iter().map(Tallied::line));
        if let Some(h) = &self.hills {
            lines.push(format!(
                "tiles under hills: {}; ties broken by hills: {}",
                h.tiles_under, h.tie_breaks
            ));
        }
        if let Some(e) = &self.extra_turns {
            lines.push(format!("extra turns taken: {}", e.taken));
        }
        if let Some(b) = &self.field_bonuses {
            lines.push(format!("field bonuses paid: {} ({} points)", b.paid, b.points));
        }
        for t in &self.tokens {
            lines.push(format!(
                "{}: {} tokens taken; most {} at the end: {} awards, {} points",
                t.id, t.taken, t.id, t.awards, t.points
            ));
        }
        for m in &self.marks {
            lines.push(format!("features marked {}: {} points", m.id, m.points));
        }
        lines
    }
}

/// How long the run took: the only part of a report that differs between two runs of the
/// same games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Threads the games were played on.
    pub threads: usize,
    /// Wall time of the games, in seconds (setting up not counted).
    pub seconds: f64,
    /// Games per second of that wall time.
    pub games_per_second: f64,
}

/// Everything a balance run measured. Figures of a run played to the end are the same on
/// any number of threads (`timing` aside).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BalanceReport {
    /// Tile sets played, with their editions and content hashes.
    pub tilesets: Vec<SetRef>,
    /// Expansion files played.
    pub expansions: Vec<SetRef>,
    /// Rule set id.
    pub rules: String,
    /// Players per game.
    pub players: u8,
    /// How every seat played.
    pub policy: Policy,
    /// Seed of the first game; game `i` has seed `seed + i`.
    pub seed: u64,
    /// Games asked for.
    pub games_asked: u64,
    /// Games played to the end.
    pub games: u64,
    /// Whether the run was stopped before every game asked for was played.
    pub stopped: bool,
    /// Turns (tiles placed) per game; `None` when no game was played.
    pub turns: Option<Estimate>,
    /// Sum of the final scores per game; `None` when no game was played.
    pub total_score: Option<Estimate>,
    /// By seat.
    pub seats: Vec<SeatStats>,
    /// The first seat's win rate minus an even share (`1 / players`); `None` when no game was
    /// played.
    pub first_player_advantage: Option<Estimate>,
    /// Legal placements are counted on one turn in this many (turn `k` of a game when
    /// `k % placements_sample_every == 0`), so that statistics cost little.
    pub placements_sample_every: u32,
    /// By tile type, in compiled order.
    pub tiles: Vec<TileStats>,
    /// The tiles of the sets under study, ranked among all of `tiles`: the sets that are not
    /// bundled (the load side's `balance::run_focused` sets them), or those asked for
    /// ([`BalanceReport::focus_on`]); `None` when there are none.
    pub focus: Option<Focus>,
    /// By feature kind.
    pub features: Vec<FeatureKindStats>,
    /// By figure type.
    pub figures: Vec<FigureStats>,
    /// The expansion mechanisms in play.
    pub mechanisms: MechanismStats,
    /// How long it took.
    pub timing: Timing,
}

impl BalanceReport {
    /// Puts the tiles of `sets` first ([`BalanceReport::focus`]); no set, no focus.
    pub fn focus_on(&mut self, sets: &[String]) {
        self.focus = (!sets.is_empty()).then(|| Focus::of(self, sets));
    }
}

/// One figure compared between two runs of the same seeds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    /// Which figure, written in JSON as a stable key: `seat.1.score`, `seat.0.win_rate`,
    /// `total_score`, `turns`, `discards`, `points.city`, `tokens.wine.points`, and per tile
    /// of both runs `tile.base/D.points_per_placement`, `tile.base/D.points_against_average`
    /// (its points per placement over the average tile's in the same game: 1 is average) and
    /// `tile.base/D.discard_rate`.
    pub key: FigureKey,
    /// The figure in words.
    pub label: String,
    /// The figure in run A: a mean per game, or for a tile's figures a ratio over all its
    /// copies (0 when it has none).
    pub a: f64,
    /// The figure in run B.
    pub b: f64,
    /// B − A with the 95% interval of the paired differences (the delta method's for a
    /// ratio); exactly 0 when every game gave the same in both runs; `None` with fewer than
    /// two games or a tile with no copy in a run.
    pub difference: Option<Estimate>,
    /// The two-sided p-value of the difference (normal approximation); `None` without an
    /// interval.
    pub p_value: Option<f64>,
    /// Whether the difference is flagged: significant at a false discovery rate of 5% over
    /// every figure compared (Benjamini–Hochberg), and at least the least change asked for
    /// as a share of A ([`super::flag`]).
    pub flagged: bool,
}

/// Two runs of the same seeds (A: the rules and tile sets given; B: the other rules, or
/// without a tile set) and the difference B − A in each figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Run A.
    pub a: BalanceReport,
    /// Run B.
    pub b: BalanceReport,
    /// What B changes, in words (`rules farms-2000`, `without hills-and-sheep`).
    pub change: String,
    /// Per-game figures, B − A.
    pub differences: Vec<Difference>,
    /// The least change flagged, as a share of the figure in A ([`super::flag`]).
    pub min_change: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mechanisms_tallies_are_written_under_their_keys_and_read_back() {
        let stats = MechanismStats {
            tallies: Tallies(vec![Tallied {
                key: "wagons".into(),
                counts: vec![("moves".into(), 12)],
            }]),
            ..MechanismStats::default()
        };
        let json = serde_json::to_value(&stats).unwrap();
        assert_eq!(json["wagons"], serde_json::json!({"moves": 12}));
        // Every mechanism's table is there, `null` where it did not play.
        assert_eq!(json["barns"], serde_json::Value::Null);
        assert!(json.as_object().unwrap().contains_key("shepherds"));
        let read: MechanismStats = serde_json::from_value(json).unwrap();
        assert_eq!(read, stats);
        assert_eq!(read.tallies.count("wagons", "moves"), Some(12));
        assert_eq!(read.tallies.count("barns", "placed"), None);
        assert_eq!(read.lines(), ["wagon moves: 12"]);
        // Counters read in any order come out in the order the mechanism declares them.
        let shuffled = r#"{"abbeys": null, "hills": null, "shepherds":
            {"flocks_lost": 1, "flock_points": 9, "flocks_scored": 2}}"#;
        let read: MechanismStats = serde_json::from_str(shuffled).unwrap();
        assert_eq!(read.lines(), ["flocks scored: 2 (9 points); flocks lost to wolves: 1"]);
    }
}
