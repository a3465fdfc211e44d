//! Declarations that tiles' features carry by id (marks, printed tokens): each id a feature
//! carries declared for its kind of feature, and each declaration carried by some tile.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::declared::{Declared, DeclaredTable};
use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::model::{Declares, Feature, FeatureKind};
use crate::report::{Diagnostics, Reporter};
use crate::source::escape_segment;

/// How features carry the things a table declares.
pub(super) struct Carried<T: 'static> {
    /// The ids a feature carries.
    pub by: fn(&Feature) -> &[String],
    /// How a feature uses one (`carries`).
    pub verb: &'static str,
    /// The kind of feature a declaration goes on.
    pub kind: fn(&T) -> FeatureKind,
    /// What a declaration says of its kind, for an error where a feature of another kind
    /// carries it (`mark `inn` is for roads`), from its id and kind.
    pub is_for: fn(&str, FeatureKind) -> String,
    /// The help for that error.
    pub other_kind_help: &'static str,
    /// Whether a feature carrying one that only another file declares plays plain without
    /// that file (a mark: no warning), rather than refused (a printed token: a warning).
    pub plain_without: bool,
}

impl<T> Carried<T> {
    /// Checks every id a feature of a tile set of `catalog` carries against the declarations
    /// `known`: declared, for the feature's kind; declared only by another file is a warning
    /// unless the feature then plays plain without it.
    pub fn check_features(
        &self,
        table: &DeclaredTable<T>,
        known: &BTreeMap<&str, Declared<'_, T>>,
        catalog: &Catalog,
        out: &mut Diagnostics,
    ) {
        for set in &catalog.tilesets {
            let mut report = set.reporter(out);
            let own = (table.of)(set.model.declarations());
            for (i, tile) in set.model.tiles.iter().enumerate() {
                for (feature_id, feature) in &tile.features {
                    for (j, id) in (self.by)(feature).iter().enumerate() {
                        let at = format!("/tiles/{i}/features/{}/{}/{j}", escape_segment(feature_id), table.key);
                        match known.get(id.as_str()) {
                            None => report.error(
                                &at,
                                format!(
                                    "no tile set or expansion checked here or bundled declares a {} {}",
                                    table.what,
                                    quote(id)
                                ),
                                table.help_known(
                                    known,
                                    &format!("declare it in `[{}]`, or name a declared {}", table.key, table.what),
                                ),
                            ),
                            Some(declared) if (self.kind)(declared.item) != feature.kind => report.error(
                                &at,
                                format!(
                                    "{}, but feature {} is a {}",
                                    (self.is_for)(id, (self.kind)(declared.item)),
                                    quote(feature_id),
                                    feature.kind.as_str()
                                ),
                                self.other_kind_help,
                            ),
                            // Declared here too (the same way), it is this file's as well.
                            Some(_) if own.contains_key(id.as_str()) => {}
                            Some(_) if self.plain_without => {}
                            Some(declared) => {
                                warn_if_elsewhere(table.what, id, declared.path, &set.source.path, &at, &mut report);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Warns at each declaration in the files of `catalog` that no tile of `catalog` or `base`
    /// carries: a game never has it.
    pub fn warn_unused(&self, table: &DeclaredTable<T>, catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
        let used: BTreeSet<&str> = catalog
            .tilesets
            .iter()
            .chain(&base.tilesets)
            .flat_map(|set| &set.model.tiles)
            .flat_map(|tile| tile.features.values())
            .flat_map(|feature| (self.by)(feature).iter().map(String::as_str))
            .collect();
        let verb = self.verb;
        for file in catalog.declaring() {
            // A file with errors has those to fix first.
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
}

/// Warns when a feature of the file at `here` names (at `at`) a `what` only another file
/// (at `path`) declares: it validates, but a game without that file refuses the tile.
fn warn_if_elsewhere(what: &str, id: &str, path: &Path, here: &Path, at: &str, report: &mut Reporter<'_>) {
    if path != here {
        report.warning(
            at,
            format!("{what} {} is declared by {}, not by this file", quote(id), path.display()),
            format!(
                "play this file with that one (a game without it refuses this tile), or declare the {what} here too, the same way"
            ),
        );
    }
}
