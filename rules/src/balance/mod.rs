//! The balance lab: what tiles, features, figures and mechanisms do to the game over many
//! games. A collector watches games as they are played ([`crate::simulate::Observer`]),
//! counting in integers so that a run's figures do not depend on the thread count; the
//! figures come out as a [`BalanceReport`]. [`Comparison`] sets two runs of the same seeds
//! side by side; what each of the two runs plays is decided once, by [`Variant::b_of`].

mod collector;
mod compare;
mod figure_key;
pub mod flag;
mod focus;
mod moments;
mod report;
mod sides;
mod summary;
mod totals;

pub use figure_key::{BadFigureKey, FigureKey, TileFigure};
pub use focus::{Focus, FocusTile, Ranked, Standout};
pub use moments::PairedRatio;
pub use report::{
    AbbeyStats, BalanceReport, Comparison, Deployments, Difference, Estimate, ExtraTurnStats, FeatureKindStats,
    FieldBonusStats, FigureStats, HillStats, Histogram, MarkStats, MechanismStats, SeatStats, Tallied, Tallies,
    TileStats, Timing, TokenStats,
};
pub use sides::{RunB, SetName, Side, SidesError, Variant, Version};
pub use totals::{Impossible, Totals};

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use collector::Collector;
use compare::Paired;

use crate::game::{GameDef, SetupError};
pub use crate::simulate::Plan;
use crate::simulate::{self, Played, Progress, Table};

/// The integer sums a run's report is worked out from: run A's totals and, for an A/B, run
/// B's and each compared figure's paired sums. The sums of the shards of a run
/// ([`Plan::shard`]), merged in any order, are the sums of the whole run, so their report is
/// the run's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sums {
    /// Run A (the only run of a plain balance run).
    pub a: Totals,
    /// Run B of an A/B.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<Totals>,
    /// Of an A/B: by figure compared, in report order, the paired sums of A and B.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paired: Vec<PairedRatio>,
}

impl Sums {
    /// Adds another's sums (of the same plan) to these.
    pub fn merge(&mut self, other: &Sums) {
        self.a.merge(&other.a);
        if let (Some(b), Some(other_b)) = (&mut self.b, &other.b) {
            b.merge(other_b);
        }
        self.paired.iter_mut().zip(&other.paired).for_each(|(m, o)| m.merge(o));
    }

    /// Refuses sums that `games` games of `a` (and of `b` for an A/B) with `players` could
    /// not have given ([`Totals::check`]); the pointer is from the sums' root (`/a/games`).
    pub fn check(&self, a: &GameDef, b: Option<&GameDef>, players: u8, games: u64) -> Result<(), Impossible> {
        self.a.check(a, players, games).map_err(|e| e.under("/a"))?;
        match (b, &self.b) {
            (None, None) if self.paired.is_empty() => Ok(()),
            (None, _) => Err(Impossible::at("/b", "holds a run B, where the run compared nothing")),
            (Some(_), None) => Err(Impossible::at("", "holds no run B, where the run compared two")),
            (Some(b), Some(totals)) => {
                totals.check(b, players, games).map_err(|e| e.under("/b"))?;
                Paired::new(a, b, players).check(&self.paired, &self.a, totals)
            }
        }
    }
}

/// How long the games of `played` took.
fn timing<W>(played: &Played<W>, games: u64) -> Timing {
    let seconds = played.elapsed.as_secs_f64();
    Timing {
        threads: played.threads,
        seconds,
        games_per_second: games as f64 / seconds.max(1e-9),
    }
}

/// Plays the games of `plan` on `def`, counting the games finished in `progress` and stopping
/// early when it is told to (the sums are then of the games finished). Memory does not grow
/// with the number of games.
pub fn play(def: &Arc<GameDef>, plan: &Plan, progress: &Progress) -> Result<(Sums, Timing), SetupError> {
    let watcher = || Collector::new(Arc::clone(def), plan.players);
    let played = simulate::run_observed(Arc::clone(def), plan, watcher, progress)?;
    let mut total = Totals::new(def, plan.players);
    for counts in &played.workers {
        total.merge(&counts.totals);
    }
    let timing = timing(&played, total.games);
    let sums = Sums {
        a: total,
        b: None,
        paired: Vec::new(),
    };
    Ok((sums, timing))
}

/// Plays the games of `plan` under `a` and under `b` (seed by seed, so that the two games of
/// a seed share their shuffle), as [`play`] does.
pub fn play_pair(
    a: &Arc<GameDef>,
    b: &Arc<GameDef>,
    plan: &Plan,
    progress: &Progress,
) -> Result<(Sums, Timing), SetupError> {
    let Plan {
        players, seed, policy, ..
    } = *plan;
    let paired = Paired::new(a, b, players);
    let table = |def: &Arc<GameDef>| {
        Table::new(
            Arc::clone(def),
            players,
            policy,
            Collector::new(Arc::clone(def), players),
        )
        .map(|t| t.stopped_by(progress.stop_flag()))
    };
    let played = simulate::on_threads(
        plan.games,
        plan.threads,
        progress,
        || Ok::<_, SetupError>((table(a)?, table(b)?, paired.fresh())),
        |(ta, tb, sums), i| {
            let game_seed = seed.wrapping_add(i);
            ta.play(game_seed);
            tb.play(game_seed);
            sums.add(&ta.observer, &tb.observer);
        },
    )?;
    let (mut total_a, mut total_b, mut sums) = (Totals::new(a, players), Totals::new(b, players), paired);
    for (ta, tb, s) in &played.workers {
        total_a.merge(&ta.observer.totals);
        total_b.merge(&tb.observer.totals);
        sums.merge(s);
    }
    let timing = timing(&played, total_a.games);
    let sums = Sums {
        a: total_a,
        b: Some(total_b),
        paired: sums.into_sums(),
    };
    Ok((sums, timing))
}

/// The report of a run of `plan` on `def` whose games add up to `sums`.
pub fn report_of(def: &GameDef, sums: &Sums, plan: &Plan, timing: Timing) -> BalanceReport {
    summary::report(def, &sums.a, plan, timing)
}

/// How two runs are compared: what B changes, in words, and the least change flagged, as a
/// share of the figure in A ([`flag`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Change<'a> {
    /// What B changes (`rules farms-2000`, `without hills-and-sheep`).
    pub words: &'a str,
    /// The least change flagged ([`flag::DEFAULT_MIN_CHANGE`] by default).
    pub min_change: f64,
}

impl<'a> Change<'a> {
    /// B changes what `words` say; the least change flagged is the default.
    pub fn new(words: &'a str) -> Change<'a> {
        Change {
            words,
            min_change: flag::DEFAULT_MIN_CHANGE,
        }
    }
}

/// The comparison of the runs of `plan` under `a` and `b` whose games add up to `sums` (of
/// [`play_pair`]).
pub fn comparison_of(
    a: &GameDef,
    b: &GameDef,
    change: &Change,
    sums: &Sums,
    plan: &Plan,
    timing: Timing,
) -> Comparison {
    let empty = Totals::new(b, plan.players);
    let paired = Paired::new(a, b, plan.players).with_sums(&sums.paired);
    Comparison {
        a: summary::report(a, &sums.a, plan, timing),
        b: summary::report(b, sums.b.as_ref().unwrap_or(&empty), plan, timing),
        change: change.words.to_owned(),
        differences: paired.differences(change.min_change),
        min_change: change.min_change,
    }
}

/// Plays the games of `plan` on `def` ([`play`]) and reports them.
pub fn run(def: Arc<GameDef>, plan: &Plan, progress: &Progress) -> Result<BalanceReport, SetupError> {
    let (sums, timing) = play(&def, plan, progress)?;
    Ok(report_of(&def, &sums, plan, timing))
}

/// Plays the games of `plan` under `a` and under `b` ([`play_pair`]), and reports both runs
/// and each figure's difference B − A. `change` says in words what B changes.
pub fn compare(
    a: Arc<GameDef>,
    b: Arc<GameDef>,
    change: &str,
    plan: &Plan,
    progress: &Progress,
) -> Result<Comparison, SetupError> {
    let (sums, timing) = play_pair(&a, &b, plan, progress)?;
    Ok(comparison_of(&a, &b, &Change::new(change), &sums, plan, timing))
}
