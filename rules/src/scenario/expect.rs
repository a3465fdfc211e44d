//! A scenario's outcome compared with what it expects.

use std::fmt::Write as _;

use super::{Outcome, Scenario, SupplyExpect, seat};
use crate::game::colour;
use crate::quote::quote;

/// Compares an outcome with the scenario's expectations; `Err` is a readable report.
pub fn check(scenario: &Scenario, outcome: &Outcome) -> Result<(), String> {
    let mut report = String::new();
    for (p, &score) in outcome.scores.iter().enumerate() {
        let name = colour(p as u8);
        let expected = scenario.expect.scores.get(name).copied().unwrap_or(0);
        if expected != score {
            let _ = writeln!(report, "  score of {name}: expected {expected}, got {score}");
        }
    }
    for name in scenario.expect.scores.keys() {
        if seat(name).is_none_or(|s| s as usize >= outcome.scores.len()) {
            let _ = writeln!(
                report,
                "  {} is not a seat of this {}-player game",
                quote(name),
                outcome.scores.len()
            );
        }
    }
    for (name, expected) in &scenario.expect.supply {
        let Some(supply) = seat(name).and_then(|s| outcome.supply.get(s as usize)) else {
            let _ = writeln!(report, "  supply of {}: it is not a seat of this game", quote(name));
            continue;
        };
        let wanted: Vec<(&str, u8)> = match expected {
            SupplyExpect::First(n) => vec![(outcome.figures.first().map_or("?", String::as_str), *n)],
            SupplyExpect::ByFigure(by) => by.iter().map(|(id, n)| (id.as_str(), *n)).collect(),
        };
        for (figure, expected) in wanted {
            match outcome.figures.iter().position(|f| f == figure) {
                Some(i) if supply[i] == expected => {}
                Some(i) => {
                    let got = supply[i];
                    let _ = writeln!(report, "  supply of {name}: expected {expected} {figure}, got {got}");
                }
                None => {
                    let known = outcome.figures.join(", ");
                    let _ = writeln!(
                        report,
                        "  supply of {name}: no figure type {} (the game has {known})",
                        quote(figure)
                    );
                }
            }
        }
    }
    for unwanted in &scenario.expect.absent_events {
        if outcome.events.contains(unwanted) {
            let _ = writeln!(report, "  event that should not happen: {unwanted}");
        }
    }
    let mut from = 0;
    for wanted in &scenario.expect.events {
        match outcome.events[from..].iter().position(|e| e == wanted) {
            Some(i) => from += i + 1,
            None => {
                let _ = writeln!(report, "  missing event (in order): {wanted}");
            }
        }
    }
    if report.is_empty() {
        return Ok(());
    }
    let _ = writeln!(report, "  events were:");
    for event in &outcome.events {
        let _ = writeln!(report, "    {event}");
    }
    Err(report)
}
