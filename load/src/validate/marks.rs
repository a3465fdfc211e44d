//! Mark checks across files: each mark declared once (or again the same way), with values its
//! kind of feature has; every mark a tile's feature carries declared for that kind of feature;
//! every mark a rule set changes declared. A mark may be declared in one file and carried in another, so these
//! run once every file is read, against the files and the base catalog.

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::limits::MAX_MARKS;
use crate::model::{Mark, MarkKind, MarkValueRules};
use crate::report::{Diagnostics, Reporter};
use crate::source::escape_segment;

use super::declared::{DeclaredTable, warn_unused};

/// Marks, as tile sets and expansions declare them.
const MARKS: DeclaredTable<Mark> = DeclaredTable {
    what: "mark",
    key: "marks",
    max: Some(MAX_MARKS),
    of: |declared| declared.marks,
    differs: |_| "with other values".to_owned(),
    once: "declare each mark once, in one file; other files' features can carry it",
};

/// Checks the marks of the files of `catalog`, with those of `base` known too.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let known = MARKS.gather(catalog, base, out, check_values);
    warn_unused(&MARKS, catalog, base, |feature| &feature.marks, "carries", out);
    let help_known = |what: &str| MARKS.help_known(&known, what);
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        for (i, tile) in set.model.tiles.iter().enumerate() {
            for (feature_id, feature) in &tile.features {
                for (j, id) in feature.marks.iter().enumerate() {
                    let at = format!("/tiles/{i}/features/{}/marks/{j}", escape_segment(feature_id));
                    match known.get(id.as_str()) {
                        None => report.error(
                            &at,
                            format!(
                                "no tile set or expansion checked here or bundled declares a mark {}",
                                quote(id)
                            ),
                            help_known("declare it in `[marks]`, or name a declared mark"),
                        ),
                        Some(declared) if declared.item.kind.feature_kind() != feature.kind => report.error(
                            &at,
                            format!(
                                "mark {} is for {}s, but feature {} is a {}",
                                quote(id),
                                declared.item.kind.feature_kind().as_str(),
                                quote(feature_id),
                                feature.kind.as_str()
                            ),
                            "put the mark on a feature of its kind",
                        ),
                        // Declared here too (the same way), it is this file's as well.
                        Some(_) if set.model.marks.contains_key(id.as_str()) => {}
                        Some(declared) => declared.warn_if_elsewhere("mark", id, &set.source.path, &at, &mut report),
                    }
                }
            }
        }
    }
    for set in &catalog.rulesets {
        let mut report = set.reporter(out);
        for (id, house) in &set.model.marks {
            let at = format!("/marks/{}", escape_segment(id));
            match known.get(id.as_str()) {
                None => report.error_at_key(
                    &at,
                    format!(
                        "no tile set or expansion checked here or bundled declares a mark {}",
                        quote(id)
                    ),
                    help_known("check it with the file that declares the mark, or name a declared mark"),
                ),
                Some(declared) if declared.item.kind == MarkKind::Road => {
                    let pennants = |values: &Option<MarkValueRules>| values.is_some_and(|v| v.per_pennant.is_some());
                    no_pennants_on_roads(
                        [
                            (pennants(&house.complete), "complete"),
                            (pennants(&house.incomplete), "incomplete"),
                        ],
                        &at,
                        &mut report,
                    );
                }
                Some(_) => {}
            }
        }
    }
}

/// A road mark gives no pennant value (roads have none).
fn check_values(mark: &Mark, at: &str, report: &mut Reporter<'_>) {
    if mark.kind == MarkKind::Road {
        no_pennants_on_roads(
            [
                (mark.complete.per_pennant.is_some(), "complete"),
                (mark.incomplete.per_pennant.is_some(), "incomplete"),
            ],
            at,
            report,
        );
    }
}

/// Refuses a pennant value in each part (`complete`, `incomplete`) of a road mark's values at
/// `at`, as declared or as a rule set changes them.
fn no_pennants_on_roads(parts: [(bool, &str); 2], at: &str, report: &mut Reporter<'_>) {
    for (_, part) in parts.into_iter().filter(|(pennant, _)| *pennant) {
        report.error_at_key(
            &format!("{at}/{part}/per-pennant"),
            "a road mark has no pennant value: roads have no pennants",
            "remove `per-pennant`",
        );
    }
}
