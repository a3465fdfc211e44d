//! Mark checks across files: each mark declared once (or again the same way), with values its
//! kind of feature has; every mark a tile's feature carries declared for that kind of feature;
//! every mark a rule set changes declared. A mark may be declared in one file and carried in another, so these
//! run once every file is read, against the files and the base catalog.

use std::collections::BTreeMap;
use std::path::Path;

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::limits::MAX_MARKS;
use crate::model::{Mark, MarkKind, MarkValueRules};
use crate::report::{Diagnostics, Reporter};
use crate::source::escape_segment;

/// Mark ids listed in a help text.
const LISTED_MARKS: usize = 20;

/// A mark declared by a file, and the file's path.
struct Declared<'a> {
    mark: &'a Mark,
    path: &'a Path,
}

/// Checks the marks of the files of `catalog`, with those of `base` known too.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let mut known: BTreeMap<&str, Declared<'_>> = BTreeMap::new();
    // The files' own first, each against those before it and the base.
    let files = catalog
        .tilesets
        .iter()
        .map(|s| (&s.model.id, &s.model.marks, &s.source.path, (&s.source, &s.map)))
        .chain(
            catalog
                .expansions
                .iter()
                .map(|e| (&e.model.id, &e.model.marks, &e.source.path, (&e.source, &e.map))),
        );
    let bases: Vec<(&str, &BTreeMap<String, Mark>, &Path)> = base
        .tilesets
        .iter()
        .map(|s| (s.model.id.as_str(), &s.model.marks, s.source.path.as_path()))
        .chain(
            base.expansions
                .iter()
                .map(|e| (e.model.id.as_str(), &e.model.marks, e.source.path.as_path())),
        )
        .collect();
    for (set, marks, path, (source, map)) in files {
        let mut report = Reporter { source, map, out };
        if marks.len() > MAX_MARKS {
            report.error(
                "/marks",
                format!("{} marks is more than a game can hold", marks.len()),
                format!("declare at most {MAX_MARKS} marks"),
            );
        }
        for (id, mark) in marks {
            let at = format!("/marks/{}", escape_segment(id));
            check_values(mark, &at, &mut report);
            let bundled = bases
                .iter()
                .find(|(other_set, marks, _)| *other_set != set.as_str() && marks.get(id).is_some_and(|m| m != mark));
            // Declared again the same way, it is the same mark (as a game takes it).
            let here = known.get(id.as_str()).filter(|d| d.mark != mark).map(|d| d.path);
            if let Some(other) = here.or(bundled.map(|b| b.2)) {
                report.error_at_key(
                    &at,
                    format!(
                        "mark {} is also declared by {}, with other values",
                        quote(id),
                        other.display()
                    ),
                    "declare each mark once, in one file; other files' features can carry it",
                );
                continue;
            }
            known.entry(id).or_insert(Declared { mark, path });
        }
    }
    // The base's marks, unless a file replaces the set that declares them.
    for (set, marks, path) in &bases {
        for (id, mark) in marks.iter() {
            let replaced = catalog.tilesets.iter().any(|s| s.model.id == *set)
                || catalog.expansions.iter().any(|e| e.model.id == *set);
            if !replaced {
                known.entry(id).or_insert(Declared { mark, path });
            }
        }
    }
    let names = known.keys().take(LISTED_MARKS).copied().collect::<Vec<_>>().join(", ");
    let help_known = |what: &str| {
        if known.is_empty() {
            format!("{what}; no file checked here or bundled declares a mark: add `[marks.<id>]` to the tile set")
        } else {
            format!("{what}; the marks known are: {names}")
        }
    };
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
                        Some(declared) if declared.mark.kind.feature_kind() != feature.kind => report.error(
                            &at,
                            format!(
                                "mark {} is for {}s, but feature {} is a {}",
                                quote(id),
                                declared.mark.kind.feature_kind().as_str(),
                                quote(feature_id),
                                feature.kind.as_str()
                            ),
                            "put the mark on a feature of its kind",
                        ),
                        Some(_) => {}
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
                Some(declared) if declared.mark.kind == MarkKind::Road => {
                    for (values, part) in [(&house.complete, "complete"), (&house.incomplete, "incomplete")] {
                        if let Some(MarkValueRules {
                            per_pennant: Some(_), ..
                        }) = values
                        {
                            report.error_at_key(
                                &format!("{at}/{part}/per-pennant"),
                                format!("mark {} is for roads, which have no pennants", quote(id)),
                                "remove `per-pennant`",
                            );
                        }
                    }
                }
                Some(_) => {}
            }
        }
    }
}

/// A road mark gives no pennant value (roads have none).
fn check_values(mark: &Mark, at: &str, report: &mut Reporter<'_>) {
    if mark.kind != MarkKind::Road {
        return;
    }
    for (values, part) in [(&mark.complete, "complete"), (&mark.incomplete, "incomplete")] {
        if values.per_pennant.is_some() {
            report.error_at_key(
                &format!("{at}/{part}/per-pennant"),
                "a road mark has no pennant value: roads have no pennants",
                "remove `per-pennant`",
            );
        }
    }
}
