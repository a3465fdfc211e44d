//! The balance lab of `tilewright-rules`, and its runs with the tiles under study first: the
//! tile sets that are not bundled ones, those a designer is working on (only the load side
//! knows which files are bundled), and the sets an expansion under study plays on. The rules'
//! functions keep their names and meaning here; the focused ones are named `..._focused`.

use std::sync::Arc;

use tilewright_model::TileSet;
pub use tilewright_rules::balance::*;
use tilewright_rules::game::{GameDef, SetupError};
use tilewright_rules::simulate::Progress;

use crate::bundled;

/// The bundled sets a tile set under study plays on ([`Side::studied`]): the base game (the
/// first bundled set with a start tile) beside a set with no start tile, as an expansion plays
/// on a base game; none beside a set with one.
pub fn companions_of(set: &TileSet) -> Vec<String> {
    let base = bundled::catalog()
        .tilesets
        .iter()
        .find(|t| t.model.start_tile.is_some())
        .map(|t| t.model.id.clone());
    match base {
        Some(base) if set.start_tile.is_none() && set.id != base => vec![base],
        _ => Vec::new(),
    }
}

/// The tile sets of `report` that are not bundled ones: those a designer is working on.
pub fn unbundled_sets(report: &BalanceReport) -> Vec<String> {
    let bundled = bundled::catalog();
    report
        .tilesets
        .iter()
        .filter(|s| bundled.tileset(&s.id).is_none())
        .map(|s| s.id.clone())
        .collect()
}

/// Puts the tiles of the sets that are not bundled first in `report`.
fn focus_on_unbundled(report: &mut BalanceReport) {
    report.focus_on(&unbundled_sets(report));
}

/// [`tilewright_rules::balance::report_of`], with the tiles of the sets that are not bundled
/// first ([`BalanceReport::focus`]).
pub fn report_focused(def: &GameDef, sums: &Sums, plan: &Plan, timing: Timing) -> BalanceReport {
    let mut report = tilewright_rules::balance::report_of(def, sums, plan, timing);
    focus_on_unbundled(&mut report);
    report
}

/// [`tilewright_rules::balance::comparison_of`], with the tiles of the sets that are not
/// bundled first in both runs ([`BalanceReport::focus`]).
pub fn comparison_focused(
    a: &GameDef,
    b: &GameDef,
    change: &Change,
    sums: &Sums,
    plan: &Plan,
    timing: Timing,
) -> Comparison {
    let mut comparison = tilewright_rules::balance::comparison_of(a, b, change, sums, plan, timing);
    focus_both_on_unbundled(&mut comparison);
    comparison
}

/// Puts the tiles of the sets that are not bundled first in both runs of `comparison`.
fn focus_both_on_unbundled(comparison: &mut Comparison) {
    focus_on_unbundled(&mut comparison.a);
    focus_on_unbundled(&mut comparison.b);
}

/// [`tilewright_rules::balance::run`], with the tiles of the sets that are not bundled first
/// ([`BalanceReport::focus`]).
pub fn run_focused(def: Arc<GameDef>, plan: &Plan, progress: &Progress) -> Result<BalanceReport, SetupError> {
    let mut report = tilewright_rules::balance::run(def, plan, progress)?;
    focus_on_unbundled(&mut report);
    Ok(report)
}

/// [`tilewright_rules::balance::compare`], with the tiles of the sets that are not bundled
/// first in both runs ([`BalanceReport::focus`]).
pub fn compare_focused(
    a: Arc<GameDef>,
    b: Arc<GameDef>,
    change: &str,
    plan: &Plan,
    progress: &Progress,
) -> Result<Comparison, SetupError> {
    let mut comparison = tilewright_rules::balance::compare(a, b, change, plan, progress)?;
    focus_both_on_unbundled(&mut comparison);
    Ok(comparison)
}
