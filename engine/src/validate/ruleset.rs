//! Rule-set checks: `extends` chains resolve, have no cycle, and leave no value unset.

use super::report::Reporter;
use crate::model::{RuleSet, Rules};

/// Points above this are surely a typo.
pub const MAX_POINTS: u32 = 1000;

/// Resolves `id`'s `extends` chain among `sets`: the complete rules, or a reason.
pub fn resolve(id: &str, sets: &[&RuleSet]) -> Result<Rules, ResolveError> {
    let find = |id: &str| sets.iter().copied().find(|s| s.id == id);
    let mut current = find(id).ok_or_else(|| ResolveError::Unknown(id.to_owned()))?;
    let (name, own_id) = (current.name.clone(), current.id.clone());
    let mut scoring = current.scoring.clone();
    let mut switches = current.switches.clone();
    let mut chain = vec![current.id.clone()];
    while let Some(parent_id) = &current.extends {
        if chain.contains(parent_id) {
            chain.push(parent_id.clone());
            return Err(ResolveError::Cycle(chain));
        }
        current = find(parent_id).ok_or_else(|| ResolveError::Unknown(parent_id.clone()))?;
        scoring.merge_from(&current.scoring);
        switches.merge_from(&current.switches);
        chain.push(current.id.clone());
    }
    let scoring = scoring.resolve();
    let switches = switches.resolve();
    match (scoring, switches) {
        (Ok(scoring), Ok(switches)) => Ok(Rules {
            id: own_id,
            name,
            scoring,
            switches,
        }),
        (s, w) => {
            let mut missing: Vec<String> = s
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|k| format!("scoring.{k}"))
                .collect();
            missing.extend(w.err().unwrap_or_default().into_iter().map(|k| format!("switches.{k}")));
            Err(ResolveError::Missing(missing))
        }
    }
}

/// Why a rule set could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No rule set has this id.
    Unknown(String),
    /// The `extends` chain loops.
    Cycle(Vec<String>),
    /// Values no rule set in the chain gives.
    Missing(Vec<String>),
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::Unknown(id) => write!(f, "there is no rule set `{id}`"),
            ResolveError::Cycle(chain) => write!(f, "`extends` goes round in a circle: {}", chain.join(" → ")),
            ResolveError::Missing(keys) => write!(f, "it leaves {} unset: {}", keys.len(), keys.join(", ")),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Checks one rule set against every rule set known (`known` includes `set`).
pub(crate) fn check(set: &RuleSet, known: &[&RuleSet], report: &mut Reporter<'_>) {
    if let Some(parent) = &set.extends
        && parent == &set.id
    {
        report.error(
            "/extends",
            format!("rule set `{}` extends itself", set.id),
            "name another rule set, such as `new-edition`",
        );
        return;
    }
    match resolve(&set.id, known) {
        Ok(rules) => {
            let values = serde_json::to_value(&rules.scoring).unwrap_or_default();
            for (key, value) in values.as_object().into_iter().flatten() {
                if value.as_u64().is_some_and(|v| v > u64::from(MAX_POINTS)) && set.scoring_has(key) {
                    report.error(
                        &format!("/scoring/{key}"),
                        format!("{value} points is out of range"),
                        format!("give a value from 0 to {MAX_POINTS}"),
                    );
                }
            }
        }
        Err(ResolveError::Unknown(id)) => {
            let names: Vec<&str> = known.iter().map(|s| s.id.as_str()).collect();
            report.error(
                "/extends",
                format!("there is no rule set `{id}` to extend"),
                format!("extend one of: {}", names.join(", ")),
            );
        }
        Err(ResolveError::Cycle(chain)) => report.error(
            "/extends",
            format!("`extends` goes round in a circle: {}", chain.join(" → ")),
            "break the circle: one rule set must extend nothing",
        ),
        Err(ResolveError::Missing(keys)) => {
            let at = if set.extends.is_some() { "/extends" } else { "/id" };
            report.error(
                at,
                format!("rule set `{}` leaves {} unset: {}", set.id, keys.len(), keys.join(", ")),
                "set them, or add `extends = \"new-edition\"` to start from a complete rule set",
            );
        }
    }
}

impl RuleSet {
    /// Whether this file itself sets scoring value `key` (kebab-case).
    fn scoring_has(&self, key: &str) -> bool {
        serde_json::to_value(&self.scoring)
            .ok()
            .and_then(|v| v.get(key).cloned())
            .is_some()
    }
}
