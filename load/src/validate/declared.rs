//! Things a tile set or expansion declares by id for every file to use (marks, printed
//! tokens): each declared once (or again the same way), gathered across the files checked and
//! the base catalog, so that the features and rule sets naming one can be checked against them.

use std::collections::BTreeMap;
use std::path::Path;

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::model::{ExpansionFile, TileSet};
use crate::report::{Diagnostics, Reporter};
use crate::source::escape_segment;

/// Ids listed in a help text.
const LISTED: usize = 20;

/// A declaration, and the path of the file that makes it.
pub(super) struct Declared<'a, T> {
    pub item: &'a T,
    pub path: &'a Path,
}

impl<T> Declared<'_, T> {
    /// Warns when a feature of the file at `here` names (at `at`) a `what` only another file
    /// declares: it validates, but a game without that file refuses the tile.
    pub fn warn_if_elsewhere(&self, what: &str, id: &str, here: &Path, at: &str, report: &mut Reporter<'_>) {
        if self.path != here {
            report.warning(
                at,
                format!(
                    "{what} {} is declared by {}, not by this file",
                    quote(id),
                    self.path.display()
                ),
                format!(
                    "play this file with that one (a game without it refuses this tile), or declare the {what} here too, the same way"
                ),
            );
        }
    }
}

/// Warns at each declaration in the files of `catalog` (by `of_set` and `of_expansion`) that
/// no tile of `catalog` or `base` uses (`uses` lists a tile feature's): a game never has it.
/// `verb` says how a feature uses one (`carries`).
pub(super) fn warn_unused<T>(
    decl: &Declarations<T>,
    catalog: &Catalog,
    base: &Catalog,
    uses: fn(&crate::model::Feature) -> &[String],
    verb: &str,
    out: &mut Diagnostics,
) {
    let used: std::collections::BTreeSet<&str> = catalog
        .tilesets
        .iter()
        .chain(&base.tilesets)
        .flat_map(|set| &set.model.tiles)
        .flat_map(|tile| tile.features.values())
        .flat_map(|feature| uses(feature).iter().map(String::as_str))
        .collect();
    let warn = |declared: &BTreeMap<String, T>, report: &mut Reporter<'_>| {
        for id in declared.keys().filter(|id| !used.contains(id.as_str())) {
            report.warning_at_key(
                &format!("/{}/{}", decl.key, escape_segment(id)),
                format!(
                    "{} {} is declared here, but no tile of the files checked here {verb} it, so no game has it",
                    decl.what,
                    quote(id)
                ),
                format!(
                    "put it on a tile's feature (`{} = [\"{id}\"]`), check this file with the files whose tiles {verb} it, or remove the declaration",
                    decl.key
                ),
            );
        }
    };
    // A file with errors has those to fix first.
    for set in &catalog.tilesets {
        if out.errors_in(&set.source.path) == 0 {
            warn((decl.of_set)(&set.model), &mut set.reporter(out));
        }
    }
    for expansion in &catalog.expansions {
        if out.errors_in(&expansion.source.path) == 0 {
            warn((decl.of_expansion)(&expansion.model), &mut expansion.reporter(out));
        }
    }
}

/// What is declared, and where files declare it.
pub(super) struct Declarations<T: 'static> {
    /// The word for one (`mark`).
    pub what: &'static str,
    /// The files' key (`marks`).
    pub key: &'static str,
    /// Most declarations in one file.
    pub max: usize,
    /// A tile set's declarations.
    pub of_set: fn(&TileSet) -> &BTreeMap<String, T>,
    /// An expansion's declarations.
    pub of_expansion: fn(&ExpansionFile) -> &BTreeMap<String, T>,
}

impl<T: PartialEq> Declarations<T> {
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
        let files = catalog
            .tilesets
            .iter()
            .map(|s| {
                (
                    &s.model.id,
                    (self.of_set)(&s.model),
                    &s.source.path,
                    (&s.source, &s.map),
                )
            })
            .chain(catalog.expansions.iter().map(|e| {
                (
                    &e.model.id,
                    (self.of_expansion)(&e.model),
                    &e.source.path,
                    (&e.source, &e.map),
                )
            }));
        let bases: Vec<(&str, &BTreeMap<String, T>, &Path)> = base
            .tilesets
            .iter()
            .map(|s| (s.model.id.as_str(), (self.of_set)(&s.model), s.source.path.as_path()))
            .chain(base.expansions.iter().map(|e| {
                (
                    e.model.id.as_str(),
                    (self.of_expansion)(&e.model),
                    e.source.path.as_path(),
                )
            }))
            .collect();
        for (set, declared, path, (source, map)) in files {
            let mut report = Reporter { source, map, out };
            if declared.len() > self.max {
                report.error(
                    &format!("/{}", self.key),
                    format!(
                        "{} kinds of {} declared, more than a game can hold ({})",
                        declared.len(),
                        self.what,
                        self.max
                    ),
                    format!("declare at most {} kinds of {}", self.max, self.what),
                );
            }
            for (id, item) in declared {
                let at = format!("/{}/{}", self.key, escape_segment(id));
                check_one(item, &at, &mut report);
                let bundled = bases.iter().find(|(other_set, items, _)| {
                    *other_set != set.as_str() && items.get(id).is_some_and(|i| i != item)
                });
                // Declared again the same way, it is the same thing (as a game takes it).
                let here = known.get(id.as_str()).filter(|d| d.item != item).map(|d| d.path);
                if let Some(other) = here.or(bundled.map(|b| b.2)) {
                    report.error_at_key(
                        &at,
                        format!(
                            "{} {} is also declared by {}, with other values",
                            self.what,
                            quote(id),
                            other.display()
                        ),
                        format!(
                            "declare each {} once, in one file; other files' features can carry it",
                            self.what
                        ),
                    );
                    continue;
                }
                known.entry(id).or_insert(Declared { item, path });
            }
        }
        for (set, declared, path) in &bases {
            let replaced = catalog.tilesets.iter().any(|s| s.model.id == *set)
                || catalog.expansions.iter().any(|e| e.model.id == *set);
            if replaced {
                continue;
            }
            for (id, item) in declared.iter() {
                known.entry(id).or_insert(Declared { item, path });
            }
        }
        known
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
