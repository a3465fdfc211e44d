//! Mark checks across files: each mark declared once (or again the same way), with values its
//! kind of feature has; every mark a tile's feature carries declared for that kind of feature;
//! every mark a rule set changes declared. A mark may be declared in one file and carried in another, so these
//! run once every file is read, against the files and the base catalog.

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::limits::MAX_MARKS;
use crate::model::{Mark, MarkKind, MarkValueRules};
use crate::report::{Diagnostics, Reporter};

use super::carried::Carried;
use super::declared::DeclaredTable;

/// Marks, as tile sets and expansions declare them.
const MARKS: DeclaredTable<Mark> = DeclaredTable {
    what: "mark",
    key: "marks",
    max: Some(MAX_MARKS),
    of: |declared| declared.marks,
    differs: |_| "with other values".to_owned(),
    once: "declare each mark once, in one file; other files' features can carry it",
};

/// How features carry marks.
const CARRIED: Carried<Mark> = Carried {
    by: |feature| &feature.marks,
    verb: "carries",
    kind: |mark| mark.kind.feature_kind(),
    is_for: |id, kind| format!("mark {} is for {}s", quote(id), kind.as_str()),
    other_kind_help: "put the mark on a feature of its kind",
    // A mark declared by another file plays when that file plays (River II's inn).
    plain_without: true,
};

/// Checks the marks of the files of `catalog`, with those of `base` known too.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let known = MARKS.gather(catalog, base, out, check_values);
    CARRIED.warn_unused(&MARKS, catalog, base, out);
    CARRIED.check_features(&MARKS, &known, catalog, out);
    let help = MARKS.help_known(
        &known,
        "check it with the file that declares the mark, or name a declared mark",
    );
    MARKS.check_rule_sets(
        &known,
        catalog,
        out,
        (|rules| rules.marks.keys().collect(), &help),
        |rules, (id, at), declared, report| {
            let house = &rules.marks[id];
            if declared.item.kind == MarkKind::Road {
                let pennants = |values: &Option<MarkValueRules>| values.is_some_and(|v| v.per_pennant.is_some());
                no_pennants_on_roads(
                    [
                        (pennants(&house.complete), "complete"),
                        (pennants(&house.incomplete), "incomplete"),
                    ],
                    at,
                    report,
                );
            }
        },
    );
}

/// A mark gives values for both parts (`complete`, `incomplete`) or neither, and then an
/// effect (else it does nothing); a road mark gives no pennant value (roads have none).
fn check_values(mark: &Mark, at: &str, report: &mut Reporter<'_>) {
    match (&mark.complete, &mark.incomplete) {
        (Some(_), None) | (None, Some(_)) => {
            let (given, missing) = if mark.complete.is_some() {
                ("complete", "incomplete")
            } else {
                ("incomplete", "complete")
            };
            report.error_at_key(
                &format!("{at}/{given}"),
                format!("the mark gives `{given}` values but no `{missing}` ones"),
                format!(
                    "give `{missing}` too (the points per unit of a feature {}), or neither",
                    match missing {
                        "complete" => "completed in play",
                        _ => "still incomplete at the end",
                    }
                ),
            );
        }
        (None, None) if mark.effect.is_none() => {
            report.error_at_key(
                at,
                "the mark has neither values nor an effect: it does nothing",
                "give `complete` and `incomplete` values, or an `effect`",
            );
        }
        _ => {}
    }
    if mark.kind == MarkKind::Road {
        let pennants = |values: &Option<crate::model::MarkValues>| values.is_some_and(|v| v.per_pennant.is_some());
        no_pennants_on_roads(
            [
                (pennants(&mark.complete), "complete"),
                (pennants(&mark.incomplete), "incomplete"),
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
