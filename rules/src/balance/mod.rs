//! The balance lab: what tiles, features, figures and mechanisms do to the game over many
//! games. A collector watches games as they are played ([`crate::simulate::Observer`]),
//! counting in integers so that a run's figures do not depend on the thread count; the
//! figures come out as a [`BalanceReport`]. [`Comparison`] sets two runs of the same seeds
//! side by side.

mod collector;
mod compare;
mod figure_key;
mod focus;
mod moments;
mod report;
mod summary;

pub use figure_key::{BadFigureKey, FigureKey, TileFigure};
pub use focus::{Focus, FocusTile, Ranked, Standout};
pub use report::{
    AbbeyStats, BalanceReport, BarnStats, Comparison, Deployments, Difference, Estimate, ExtraTurnStats,
    FeatureKindStats, FieldBonusStats, FigureStats, HillStats, Histogram, MarkStats, MechanismStats, SeatStats,
    ShepherdStats, TileStats, Timing, TokenStats, WagonStats,
};

use std::sync::Arc;

use collector::Collector;
use compare::Paired;

use crate::game::{GameDef, SetupError};
pub use crate::simulate::Plan;
use crate::simulate::{self, Played, Progress, Table};

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
/// early when it is told to (the report is then of the games finished). Memory does not grow
/// with the number of games.
pub fn run(def: Arc<GameDef>, plan: &Plan, progress: &Progress) -> Result<BalanceReport, SetupError> {
    let watcher = || Collector::new(Arc::clone(&def), plan.players);
    let played = simulate::run_observed(Arc::clone(&def), plan, watcher, progress)?;
    let mut total = Collector::new(def, plan.players);
    for counts in &played.workers {
        total.merge(counts);
    }
    Ok(summary::report(&total, plan, timing(&played, total.games)))
}

/// Plays the games of `plan` under `a` and under `b` (seed by seed, so that the two games of
/// a seed share their shuffle), and reports both runs and each figure's difference B − A.
/// `change` says in words what B changes.
pub fn compare(
    a: Arc<GameDef>,
    b: Arc<GameDef>,
    change: &str,
    plan: &Plan,
    progress: &Progress,
) -> Result<Comparison, SetupError> {
    let Plan {
        players, seed, policy, ..
    } = *plan;
    let paired = Paired::new(&a, &b, players);
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
        || Ok::<_, SetupError>((table(&a)?, table(&b)?, paired.fresh())),
        |(ta, tb, sums), i| {
            let game_seed = seed.wrapping_add(i);
            ta.play(game_seed);
            tb.play(game_seed);
            sums.add(&ta.observer, &tb.observer);
        },
    )?;
    let (mut total_a, mut total_b, mut sums) = (
        Collector::new(Arc::clone(&a), players),
        Collector::new(Arc::clone(&b), players),
        paired,
    );
    for (ta, tb, s) in &played.workers {
        total_a.merge(&ta.observer);
        total_b.merge(&tb.observer);
        sums.merge(s);
    }
    let timing = timing(&played, total_a.games);
    Ok(Comparison {
        a: summary::report(&total_a, plan, timing),
        b: summary::report(&total_b, plan, timing),
        change: change.to_owned(),
        differences: sums.differences(),
    })
}
