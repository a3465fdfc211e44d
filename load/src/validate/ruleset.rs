//! Rule-set checks: `extends` chains resolve, have no cycle, are not too long, and leave no
//! value unset; figure counts fit a game, and name figures some file has. The chains are
//! resolved by the model's [`Resolver`], each once, so checking any number of rule sets,
//! however they extend each other, is linear.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::quote;
use crate::limits::MAX_COPIES;
use crate::model::{MAX_EXTENDS_CHAIN, MarkRules, ResolveError, Resolver, RuleSet, ScoringValues, TokenRules};
use crate::report::Reporter;
use crate::source::escape_segment;
use crate::validate::did_you_mean;

/// Points above this are surely a typo.
pub const MAX_POINTS: u32 = 1000;

/// Rule-set ids listed in a message about an unknown id.
const LISTED_IDS: usize = 20;
/// Known ids searched for a spelling suggestion (edit distance is not free).
const SUGGEST_AMONG: usize = 200;

/// Checks one rule set against every rule set the resolver knows (itself included).
pub(crate) fn check(set: &RuleSet, resolver: &mut Resolver<'_>, report: &mut Reporter<'_>) {
    if let Some(parent) = &set.extends
        && parent == &set.id
    {
        report.error(
            "/extends",
            format!("rule set {} extends itself", quote(&set.id)),
            "name another rule set, such as `new-edition`",
        );
        return;
    }
    check_overrides(
        &set.scoring,
        &set.figures,
        (&set.marks, &set.tokens),
        &set.values,
        report,
    );
    match resolver.resolve_without_figures(&set.id) {
        Ok(_) => {}
        Err(ResolveError::Unknown(id)) => {
            let message = if set.extends.as_deref() == Some(id.as_str()) {
                format!("there is no rule set {} to extend", quote(&id))
            } else {
                format!(
                    "the `extends` chain leads to {}, which is not a known rule set",
                    quote(&id)
                )
            };
            report.error("/extends", message, unknown_help(&id, &set.id, resolver));
        }
        Err(ResolveError::Cycle(chain)) => report.error(
            "/extends",
            format!("`extends` goes round in a circle: {}", chain.join(" → ")),
            "break the circle: one rule set must extend nothing",
        ),
        Err(ResolveError::TooLong(length)) => report.error(
            "/extends",
            format!(
                "the `extends` chain from rule set {} is {length} rule sets long",
                quote(&set.id)
            ),
            format!("a chain may have at most {MAX_EXTENDS_CHAIN} rule sets; extend a rule set nearer the root"),
        ),
        Err(ResolveError::Missing(keys)) => {
            let at = if set.extends.is_some() { "/extends" } else { "/id" };
            report.error(
                at,
                format!(
                    "rule set {} leaves {} unset: {}",
                    quote(&set.id),
                    keys.len(),
                    keys.join(", ")
                ),
                "set them, or add `extends = \"new-edition\"` to start from a complete rule set",
            );
        }
    }
}

/// Checks the rule values a file sets itself, a rule set's or a scenario's overrides (under the
/// same keys: `/scoring/...`, `/figures/...`, `/marks/...`, `/tokens/...`, `/values/...`), each
/// where it is: points at most [`MAX_POINTS`], figure counts at most [`MAX_COPIES`].
pub(crate) fn check_overrides(
    scoring: &ScoringValues,
    figures: &BTreeMap<String, u32>,
    (marks, tokens): (&BTreeMap<String, MarkRules>, &BTreeMap<String, TokenRules>),
    values: &BTreeMap<String, u32>,
    report: &mut Reporter<'_>,
) {
    for (key, &value) in values.iter().filter(|(_, v)| **v > MAX_POINTS) {
        report.error(
            &format!("/values/{}", escape_segment(key)),
            format!("{value} points is out of range"),
            format!("give a value from 0 to {MAX_POINTS}"),
        );
    }
    for (id, house) in tokens {
        if let Some(value) = house.majority.filter(|&v| v > MAX_POINTS) {
            report.error(
                &format!("/tokens/{}/majority", escape_segment(id)),
                format!("{value} points is out of range"),
                format!("give a value from 0 to {MAX_POINTS}"),
            );
        }
    }
    for (id, house) in marks {
        for (values, part) in [(&house.complete, "complete"), (&house.incomplete, "incomplete")] {
            let Some(values) = values else { continue };
            for (value, key) in [(values.per_tile, "per-tile"), (values.per_pennant, "per-pennant")] {
                if let Some(value) = value.filter(|&v| v > MAX_POINTS) {
                    report.error(
                        &format!("/marks/{}/{part}/{key}", escape_segment(id)),
                        format!("{value} points is out of range"),
                        format!("give a value from 0 to {MAX_POINTS}"),
                    );
                }
            }
        }
    }
    let own = serde_json::to_value(scoring).unwrap_or_default();
    for (key, value) in own.as_object().into_iter().flatten() {
        if value.as_u64().is_some_and(|v| v > u64::from(MAX_POINTS)) {
            report.error(
                &format!("/scoring/{key}"),
                format!("{value} points is out of range"),
                format!("give a value from 0 to {MAX_POINTS}"),
            );
        }
    }
    for (id, &count) in figures {
        if count > MAX_COPIES {
            report.error(
                &format!("/figures/{}", escape_segment(id)),
                format!("{count} figures of one type per player is more than a game can hold"),
                format!("give a count from 0 to {MAX_COPIES}"),
            );
        }
    }
}

/// Warns of each figure id in `set`'s own `[figures]` that no tile set or expansion of the run
/// or the base has (`known`): a rule set alone cannot know the figures, so this is as far as
/// validation can see; a game that plays none of them is refused at setup.
pub(crate) fn check_figure_ids(set: &RuleSet, known: &BTreeSet<&str>, report: &mut Reporter<'_>) {
    // Worked out once, and only among the first few known ids: a suggestion is not worth a
    // cost that grows with unknown ids times known figures.
    let names: Vec<String> = known.iter().take(SUGGEST_AMONG).map(|k| (*k).to_owned()).collect();
    for id in set.figures.keys().filter(|id| !known.contains(id.as_str())) {
        let help = known_help(id, &names, known, "figures");
        report.warning_at_key(
            &format!("/figures/{}", escape_segment(id)),
            format!(
                "no tile set or expansion checked here or bundled has a figure {}",
                quote(id)
            ),
            help,
        );
    }
}

/// Warns when `set`'s own `edition` is an edition of no tile set of the run or the base
/// (`known`): a tile set without it plays its first edition, which a misspelt edition would
/// otherwise make happen silently.
pub(crate) fn check_edition(set: &RuleSet, known: &BTreeSet<&str>, report: &mut Reporter<'_>) {
    let Some(edition) = set.edition.as_deref().filter(|e| !known.contains(e)) else {
        return;
    };
    let names: Vec<String> = known.iter().take(SUGGEST_AMONG).map(|k| (*k).to_owned()).collect();
    let help = known_help(edition, &names, known, "editions");
    report.warning(
        "/edition",
        format!(
            "no tile set checked here or bundled has an edition {}, so tile sets play their first edition",
            quote(edition)
        ),
        help,
    );
}

/// Warns of each id in `set`'s own `plays-with` that no tile set or expansion checked here or
/// bundled has (`known`), and of an id listed twice: a game with these rules is refused at
/// setup until the file that defines it is loaded.
pub(crate) fn check_plays_with(set: &RuleSet, known: &BTreeSet<&str>, report: &mut Reporter<'_>) {
    let Some(ids) = &set.plays_with else {
        return;
    };
    let names: Vec<String> = known.iter().take(SUGGEST_AMONG).map(|k| (*k).to_owned()).collect();
    for (i, id) in ids.iter().enumerate() {
        let pointer = format!("/plays-with/{i}");
        if ids[..i].contains(id) {
            report.warning(&pointer, format!("{} is listed twice", quote(id)), "list it once");
        } else if !known.contains(id.as_str()) {
            let help = known_help(id, &names, known, "tile sets and expansions");
            report.warning(
                &pointer,
                format!(
                    "no tile set or expansion checked here or bundled has the id {}",
                    quote(id)
                ),
                help,
            );
        }
    }
}

/// Help for a name that is not among `known`: the closest of `names` (some of the known),
/// then the first known ones, as `the {what} known are: ...`.
fn known_help(wanted: &str, names: &[String], known: &BTreeSet<&str>, what: &str) -> String {
    let mut help = did_you_mean(wanted, names);
    let listed: Vec<&str> = known.iter().copied().take(LISTED_IDS).collect();
    help.push_str(&format!("the {what} known are: {}", listed.join(", ")));
    help
}

/// The rule sets `own` could extend instead of `unknown`: the closest spelling first, then
/// the others (at most [`LISTED_IDS`]).
fn unknown_help(unknown: &str, own: &str, resolver: &Resolver<'_>) -> String {
    let others: Vec<&str> = resolver.ids().filter(|id| *id != own).collect();
    if others.is_empty() {
        return "add the rule set it names, or remove `extends`".into();
    }
    let mut help = String::new();
    if others.len() <= SUGGEST_AMONG {
        let names: Vec<String> = others.iter().map(|id| (*id).to_owned()).collect();
        help.push_str(&did_you_mean(unknown, &names));
    }
    let listed: Vec<&str> = others.iter().copied().take(LISTED_IDS).collect();
    help.push_str(&format!("the rule sets known are: {}", listed.join(", ")));
    if others.len() > LISTED_IDS {
        help.push_str(&format!(" and {} more", others.len() - LISTED_IDS));
    }
    help
}
