//! Things a tile set or expansion declares by id for every file to use (marks, printed
//! tokens, values): each declared once (or again the same way), gathered across the files
//! checked and the base catalog, so that the features (`carried.rs`) and rule sets naming one
//! can be checked against them.

use std::collections::BTreeMap;
use std::path::Path;

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::model::{Declarations, RuleSet};
use crate::report::{Diagnostics, Reporter};
use crate::source::escape_segment;

/// Ids listed in a help text.
const LISTED: usize = 20;

/// A declaration, and the path of the file that makes it.
pub(super) struct Declared<'a, T> {
    pub item: &'a T,
    pub path: &'a Path,
}

/// A table of things tile sets and expansions declare by id: what one is, and how to check
/// declarations of one id against each other.
pub(super) struct DeclaredTable<T: 'static> {
    /// The word for one (`mark`).
    pub what: &'static str,
    /// The files' key (`marks`).
    pub key: &'static str,
    /// Most declarations in one file (`None`: the schema caps them).
    pub max: Option<usize>,
    /// The table among a file's declarations.
    pub of: fn(Declarations<'_>) -> &BTreeMap<String, T>,
    /// How the first declaration of an id differs from a second, for the error at the second
    /// (`with other values`).
    pub differs: fn(&T) -> String,
    /// The help for an id declared twice, differently.
    pub once: &'static str,
}

impl<T: PartialEq> DeclaredTable<T> {
    /// Every declaration the files of `catalog` and `base` make, by id: the files' own first,
    /// each checked against those before it and the base (declared again otherwise is an
    /// error at the second), each passed to `check_one` with its pointer; then the base's,
    /// unless a file replaces the set that declares them.
    pub fn gather<'a>(
        &self,
        catalog: &'a Catalog,
        base: &'a Catalog,
        out: &mut Diagnostics,
        mut check_one: impl FnMut(&T, &str, &mut Reporter<'_>),
    ) -> BTreeMap<&'a str, Declared<'a, T>> {
        let mut known: BTreeMap<&str, Declared<'_, T>> = BTreeMap::new();
        let bases: Vec<(&str, &BTreeMap<String, T>, &Path)> = base
            .declaring()
            .map(|f| (f.model.id(), (self.of)(f.model.declarations()), f.source.path.as_path()))
            .collect();
        for file in catalog.declaring() {
            let (set, declared, path) = (file.model.id(), (self.of)(file.model.declarations()), &file.source.path);
            let mut report = file.reporter(out);
            if let Some(max) = self.max.filter(|&max| declared.len() > max) {
                report.error(
                    &format!("/{}", self.key),
                    format!(
                        "{} kinds of {} declared, more than a game can hold ({max})",
                        declared.len(),
                        self.what,
                    ),
                    format!("declare at most {max} kinds of {}", self.what),
                );
            }
            for (id, item) in declared {
                let at = format!("/{}/{}", self.key, escape_segment(id));
                check_one(item, &at, &mut report);
                // A base file of the same id is the one this file replaces.
                let bundled = bases.iter().find_map(|&(other_set, items, path)| {
                    let other = items.get(id).filter(|i| *i != item && other_set != set)?;
                    Some(Declared { item: other, path })
                });
                // Declared again the same way, it is the same thing (as a game takes it).
                let here = known.get(id.as_str()).filter(|d| d.item != item);
                if let Some(other) = here.or(bundled.as_ref()) {
                    report.error_at_key(
                        &at,
                        format!(
                            "{} {} is also declared by {}, {}",
                            self.what,
                            quote(id),
                            other.path.display(),
                            (self.differs)(other.item)
                        ),
                        self.once,
                    );
                    continue;
                }
                known.entry(id).or_insert(Declared { item, path });
            }
        }
        for (set, declared, path) in bases {
            if catalog.declaring().any(|f| f.model.id() == set) {
                continue;
            }
            for (id, item) in declared {
                known.entry(id).or_insert(Declared { item, path });
            }
        }
        known
    }
}

impl<T> DeclaredTable<T> {
    /// Errors at each id a rule set of `catalog` names in its own table (`ids`) that no file
    /// declares (`known`), with `help`; `check_known` checks each of the others (the rule set,
    /// the id and its pointer, its declaration).
    pub fn check_rule_sets(
        &self,
        known: &BTreeMap<&str, Declared<'_, T>>,
        catalog: &Catalog,
        out: &mut Diagnostics,
        (ids, help): (fn(&RuleSet) -> Vec<&String>, &str),
        mut check_known: impl FnMut(&RuleSet, (&str, &str), &Declared<'_, T>, &mut Reporter<'_>),
    ) {
        for set in &catalog.rulesets {
            let mut report = set.reporter(out);
            for id in ids(&set.model) {
                let at = format!("/{}/{}", self.key, escape_segment(id));
                match known.get(id.as_str()) {
                    None => report.error_at_key(
                        &at,
                        format!(
                            "no tile set or expansion checked here or bundled declares a {} {}",
                            self.what,
                            quote(id)
                        ),
                        help,
                    ),
                    Some(declared) => check_known(&set.model, (id, &at), declared, &mut report),
                }
            }
        }
    }

    /// The help for an id not among `known`: `what` to do, and the ids known (or how to
    /// declare one).
    pub fn help_known<U>(&self, known: &BTreeMap<&str, U>, what: &str) -> String {
        if known.is_empty() {
            format!(
                "{what}; no file checked here or bundled declares a {}: add `[{}.<id>]` to the tile set",
                self.what, self.key
            )
        } else {
            let names = known.keys().take(LISTED).copied().collect::<Vec<_>>().join(", ");
            format!("{what}; the {}s known are: {names}", self.what)
        }
    }
}
