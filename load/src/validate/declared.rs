//! Things a tile set or expansion declares by id for every file to use (marks, printed
//! tokens, values): each declared once (or again the same way), gathered across the files
//! checked and the base catalog, so that the features and rule sets naming one can be checked
//! against them.

use std::collections::BTreeMap;
use std::path::Path;

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::model::{Declarations, Feature};
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

/// Warns at each declaration in the files of `catalog` that no tile of `catalog` or `base`
/// uses (`uses` lists a tile feature's): a game never has it. `verb` says how a feature uses
/// one (`carries`).
pub(super) fn warn_unused<T>(
    table: &DeclaredTable<T>,
    catalog: &Catalog,
    base: &Catalog,
    uses: fn(&Feature) -> &[String],
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
    // A file with errors has those to fix first.
    for file in catalog.declaring() {
        if out.errors_in(&file.source.path) > 0 {
            continue;
        }
        let mut report = file.reporter(out);
        let declared = (table.of)(file.model.declarations());
        for id in declared.keys().filter(|id| !used.contains(id.as_str())) {
            report.warning_at_key(
                &format!("/{}/{}", table.key, escape_segment(id)),
                format!(
                    "{} {} is declared here, but no tile of the files checked here {verb} it, so no game has it",
                    table.what,
                    quote(id)
                ),
                format!(
                    "put it on a tile's feature (`{} = [\"{id}\"]`), check this file with the files whose tiles {verb} it, or remove the declaration",
                    table.key
                ),
            );
        }
    }
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
