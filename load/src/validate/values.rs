//! Checks of the values of mechanisms (`[values]`). In one file: every value the file's
//! mechanisms read is declared there, every value declared is one they read, in range. Across
//! files: a value declared by two files has one default, and every value a rule set replaces is
//! declared by some file. A value may be replaced in a rule set checked apart from the file
//! declaring it, so the cross-file checks also look at the base catalog (usually the bundled
//! files).

use std::collections::BTreeMap;

use super::declared::{Declared, DeclaredTable};
use super::ruleset::MAX_POINTS;
use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::model::{Declarations, ValueKey};
use crate::report::{Diagnostics, Reporter};
use crate::source::escape_segment;

/// Values listed in a help text.
const LISTED_VALUES: usize = 20;

/// Checks the `[values]` of one tile set or expansion against the mechanisms it brings.
pub(crate) fn check_declared(declared: Declarations<'_>, report: &mut Reporter<'_>) {
    let Declarations {
        figures,
        mechanisms,
        values,
        ..
    } = declared;
    let mut reads: Vec<(&'static ValueKey, String)> = Vec::new();
    for (id, figure) in figures {
        let Some(mechanism) = figure.mechanism else { continue };
        let at = format!("/figures/{}/mechanism", escape_segment(id));
        reads.extend(mechanism.values().iter().map(|v| (v, at.clone())));
    }
    for (i, mechanism) in mechanisms.iter().enumerate() {
        reads.extend(mechanism.values().iter().map(|v| (v, format!("/mechanisms/{i}"))));
    }
    for (value, at) in &reads {
        if !values.contains_key(value.key) && value.undeclared.is_none() {
            report.error(
                at,
                format!(
                    "this mechanism reads the value {} ({}), which the file does not declare",
                    quote(value.key),
                    value.doc
                ),
                format!(
                    "declare its default in the file's `[values]`: `{} = <points>`",
                    value.key
                ),
            );
        }
    }
    for (key, &value) in values {
        let at = format!("/values/{}", escape_segment(key));
        if !reads.iter().any(|(v, _)| v.key == key) {
            let help = if reads.is_empty() {
                "this file brings no mechanism that reads values; declare a value in the file that brings its mechanism"
                    .to_owned()
            } else {
                let known: Vec<&str> = reads.iter().map(|(v, _)| v.key).collect();
                format!("the values this file's mechanisms read are: {}", known.join(", "))
            };
            report.error_at_key(
                &at,
                format!("no mechanism this file brings reads a value {}", quote(key)),
                help,
            );
        } else if value > MAX_POINTS {
            report.error(
                &at,
                format!("{value} points is out of range"),
                format!("give a value from 0 to {MAX_POINTS}"),
            );
        }
    }
}

/// Values, as tile sets and expansions declare them.
const VALUES: DeclaredTable<u32> = DeclaredTable {
    what: "value",
    key: "values",
    max: None,
    of: |declared| declared.values,
    differs: |default| format!("with the default {default}"),
    once: "declare each value once, in the file that brings its mechanism (or with the same default)",
};

/// Checks the values across the files of `catalog`, with those of `base` known too: one
/// default per value, and rule sets replacing only declared values.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let known = VALUES.gather(catalog, base, out, |_, _, _| {});
    VALUES.check_rule_sets(
        &known,
        catalog,
        out,
        (|rules| rules.values.keys().collect(), &declared_help(&known)),
        |_, _, _, _| {},
    );
}

/// The values known and the files declaring them, for a help text.
fn declared_help(known: &BTreeMap<&str, Declared<'_, u32>>) -> String {
    if known.is_empty() {
        return "no file checked here or bundled declares a value: a value is declared in the `[values]` of the tile set or expansion that brings its mechanism".into();
    }
    let listed: Vec<String> = known
        .iter()
        .take(LISTED_VALUES)
        .map(|(key, d)| format!("{key} ({})", d.path.display()))
        .collect();
    format!(
        "name a value a tile set or expansion declares in its `[values]`; the values declared are: {}",
        listed.join(", ")
    )
}
