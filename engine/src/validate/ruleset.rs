//! Rule-set checks: `extends` chains resolve, have no cycle, are not too long, and leave no
//! value unset.
//!
//! A [`Resolver`] merges each chain once and remembers the outcome for every rule set on it,
//! so checking any number of rule sets, however they extend each other, is linear.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::report::Reporter;
use super::schema_check::closest;
use crate::diagnostic::quote;
use crate::model::{RuleSet, Rules, ScoringValues, SwitchValues};

/// Points above this are surely a typo.
pub const MAX_POINTS: u32 = 1000;
/// Most rule sets in an `extends` chain, counting the rule set itself and the one at the root.
pub const MAX_EXTENDS_CHAIN: usize = 64;

/// Rule-set ids listed in a message about an unknown id.
const LISTED_IDS: usize = 20;
/// Rule-set ids shown in a message about a loop, before `…`.
const LISTED_LOOP: usize = 8;
/// Known ids searched for a spelling suggestion (edit distance is not free).
const SUGGEST_AMONG: usize = 200;

/// Resolves `id`'s `extends` chain among `sets`: the complete rules, or a reason. When two
/// rule sets have the same id, the first counts.
pub fn resolve(id: &str, sets: &[&RuleSet]) -> Result<Rules, ResolveError> {
    Resolver::new(sets).resolve(id)
}

/// Why a rule set could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// No rule set has this id.
    Unknown(String),
    /// The `extends` chain loops: the rule sets from this one round the loop, the first one of
    /// the loop repeated at the end (long loops are shortened with `…`).
    Cycle(Vec<String>),
    /// The chain has this many rule sets, more than [`MAX_EXTENDS_CHAIN`].
    TooLong(usize),
    /// Values no rule set in the chain gives.
    Missing(Vec<String>),
}

/// A rule set's values filled in from its `extends` chain, and the chain's length.
#[derive(Debug, Clone, Default)]
struct Merged {
    scoring: ScoringValues,
    switches: SwitchValues,
    /// The nearest `edition` declared down the chain.
    edition: Option<String>,
    length: usize,
}

/// Resolves `extends` chains among a list of rule sets, each chain once.
pub struct Resolver<'a> {
    by_id: HashMap<&'a str, &'a RuleSet>,
    /// Ids in the order given (first of each id only), for messages.
    order: Vec<&'a str>,
    done: HashMap<&'a str, Result<Merged, ResolveError>>,
}

impl<'a> Resolver<'a> {
    /// A resolver over `sets`; when two have the same id, the first counts.
    pub fn new(sets: &[&'a RuleSet]) -> Resolver<'a> {
        let mut by_id = HashMap::with_capacity(sets.len());
        let mut order = Vec::with_capacity(sets.len());
        for set in sets {
            if let Entry::Vacant(slot) = by_id.entry(set.id.as_str()) {
                slot.insert(*set);
                order.push(set.id.as_str());
            }
        }
        Resolver {
            by_id,
            order,
            done: HashMap::new(),
        }
    }

    /// The complete rules of rule set `id`, or why there are none.
    pub fn resolve(&mut self, id: &str) -> Result<Rules, ResolveError> {
        let set = *self.by_id.get(id).ok_or_else(|| ResolveError::Unknown(id.to_owned()))?;
        let merged = self.merged(set.id.as_str())?;
        if merged.length > MAX_EXTENDS_CHAIN {
            return Err(ResolveError::TooLong(merged.length));
        }
        match (merged.scoring.resolve(), merged.switches.resolve()) {
            (Ok(scoring), Ok(switches)) => Ok(Rules {
                id: set.id.clone(),
                name: set.name.clone(),
                extends: self.parents(set, merged.length),
                edition: merged.edition,
                scoring,
                switches,
            }),
            (scoring, switches) => {
                let mut missing: Vec<String> = scoring
                    .err()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|k| format!("scoring.{k}"))
                    .collect();
                missing.extend(
                    switches
                        .err()
                        .unwrap_or_default()
                        .into_iter()
                        .map(|k| format!("switches.{k}")),
                );
                Err(ResolveError::Missing(missing))
            }
        }
    }

    /// The ids of the `length - 1` rule sets `set` extends, nearest first (the chain is known
    /// to resolve, and to be no longer than [`MAX_EXTENDS_CHAIN`]).
    fn parents(&self, set: &RuleSet, length: usize) -> Vec<String> {
        let mut parents = Vec::new();
        let mut next = set.extends.as_deref();
        while let Some(id) = next.filter(|_| parents.len() + 1 < length) {
            parents.push(id.to_owned());
            next = self.by_id.get(id).and_then(|parent| parent.extends.as_deref());
        }
        parents
    }

    /// The ids known, in the order given.
    pub fn ids(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.order.iter().copied()
    }

    /// The values of rule set `id` merged down its chain. Walks up the chain only as far as a
    /// rule set already merged, then merges back down, remembering each rule set on the way.
    fn merged(&mut self, id: &'a str) -> Result<Merged, ResolveError> {
        let mut path: Vec<&'a RuleSet> = Vec::new();
        let mut on_path: HashMap<&'a str, usize> = HashMap::new();
        let mut next = Some(id);
        let root = loop {
            let Some(current) = next else {
                break Ok(Merged::default());
            };
            if let Some(done) = self.done.get(current) {
                break done.clone();
            }
            if let Some(&start) = on_path.get(current) {
                self.fail_loop(&path, start);
                return self
                    .done
                    .get(id)
                    .cloned()
                    .unwrap_or(Err(ResolveError::Unknown(id.to_owned())));
            }
            let Some(&set) = self.by_id.get(current) else {
                break Err(ResolveError::Unknown(current.to_owned()));
            };
            on_path.insert(&set.id, path.len());
            path.push(set);
            next = set.extends.as_deref();
        };
        let mut below = root;
        for set in path.iter().rev() {
            below = below.map(|parent| {
                let mut merged = Merged {
                    scoring: set.scoring.clone(),
                    switches: set.switches.clone(),
                    edition: set.edition.clone().or(parent.edition),
                    length: parent.length + 1,
                };
                merged.scoring.merge_from(&parent.scoring);
                merged.switches.merge_from(&parent.switches);
                merged
            });
            self.done.insert(&set.id, below.clone());
        }
        below
    }

    /// Records the loop `path[start..]` (which extends `path[start]` again) as the outcome of
    /// every rule set on `path`: those on the loop and those leading into it.
    fn fail_loop(&mut self, path: &[&'a RuleSet], start: usize) {
        let ring: Vec<&str> = path[start..].iter().map(|s| s.id.as_str()).collect();
        for (i, set) in path.iter().enumerate() {
            let chain = if i >= start {
                let k = i - start;
                shown_loop(ring[k..].iter().chain(&ring[..k]).copied(), ring[k])
            } else {
                shown_loop(path[i..].iter().map(|s| s.id.as_str()), ring[0])
            };
            self.done.insert(&set.id, Err(ResolveError::Cycle(chain)));
        }
    }
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::Unknown(id) => write!(f, "there is no rule set {}", quote(id)),
            ResolveError::Cycle(chain) => write!(f, "`extends` goes round in a circle: {}", chain.join(" → ")),
            ResolveError::TooLong(length) => write!(
                f,
                "its `extends` chain is {length} rule sets long, more than {MAX_EXTENDS_CHAIN}"
            ),
            ResolveError::Missing(keys) => write!(f, "it leaves {} unset: {}", keys.len(), keys.join(", ")),
        }
    }
}

impl std::error::Error for ResolveError {}

/// A loop for a message: the ids walked (at most [`LISTED_LOOP`], then `…`) and the id that
/// closes it.
fn shown_loop<'s>(walked: impl Iterator<Item = &'s str>, closing: &str) -> Vec<String> {
    let mut shown: Vec<String> = Vec::new();
    for (n, id) in walked.enumerate() {
        if n == LISTED_LOOP {
            shown.push("…".into());
            break;
        }
        shown.push(id.to_owned());
    }
    shown.push(closing.to_owned());
    shown
}

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
    match resolver.resolve(&set.id) {
        Ok(rules) => {
            let values = serde_json::to_value(&rules.scoring).unwrap_or_default();
            let own = serde_json::to_value(&set.scoring).unwrap_or_default();
            for (key, value) in values.as_object().into_iter().flatten() {
                if value.as_u64().is_some_and(|v| v > u64::from(MAX_POINTS)) && own.get(key).is_some() {
                    report.error(
                        &format!("/scoring/{key}"),
                        format!("{value} points is out of range"),
                        format!("give a value from 0 to {MAX_POINTS}"),
                    );
                }
            }
        }
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
        if let Some(best) = closest(unknown, &names) {
            help.push_str(&format!("did you mean `{best}`? "));
        }
    }
    let listed: Vec<&str> = others.iter().copied().take(LISTED_IDS).collect();
    help.push_str(&format!("the rule sets known are: {}", listed.join(", ")));
    if others.len() > LISTED_IDS {
        help.push_str(&format!(" and {} more", others.len() - LISTED_IDS));
    }
    help
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(id: &str, extends: Option<&str>) -> RuleSet {
        RuleSet {
            id: id.into(),
            name: id.into(),
            description: String::new(),
            extends: extends.map(Into::into),
            edition: None,
            scoring: ScoringValues::default(),
            switches: SwitchValues::default(),
        }
    }

    #[test]
    fn chains_resolve_once_and_loops_are_found() {
        let bundled = crate::bundled::rulesets();
        let mut sets: Vec<RuleSet> = vec![set("a", Some("b")), set("b", Some("a")), set("x", Some("a"))];
        sets.push(set("c0", Some("new-edition")));
        for i in 1..200 {
            sets.push(set(&format!("c{i}"), Some(&format!("c{}", i - 1))));
        }
        let mut all: Vec<&RuleSet> = sets.iter().collect();
        all.extend(bundled.iter());
        let mut resolver = Resolver::new(&all);
        let chain = |v: &[&str]| ResolveError::Cycle(v.iter().map(|s| (*s).to_owned()).collect());
        assert_eq!(resolver.resolve("x").unwrap_err(), chain(&["x", "a", "b", "a"]));
        assert_eq!(resolver.resolve("a").unwrap_err(), chain(&["a", "b", "a"]));
        assert_eq!(resolver.resolve("b").unwrap_err(), chain(&["b", "a", "b"]));
        assert!(resolver.resolve("c62").is_ok());
        assert_eq!(
            resolver.resolve("c63").unwrap_err(),
            ResolveError::TooLong(MAX_EXTENDS_CHAIN + 1)
        );
        assert_eq!(resolver.resolve("c199").unwrap_err(), ResolveError::TooLong(201));
        assert_eq!(resolver.resolve("zz").unwrap_err(), ResolveError::Unknown("zz".into()));
    }
}
