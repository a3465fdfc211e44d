//! Printed-token checks across files: each kind declared once (or again the same way), on a
//! kind of feature that can be completed; every token a tile's feature carries declared for
//! that kind of feature; every token a rule set changes declared. A token may be declared in
//! one file and printed in another, so these run once every file is read, against the files
//! and the base catalog.

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::limits::MAX_PRINTED_TOKENS;
use crate::model::{FeatureKind, PrintedToken};
use crate::report::{Diagnostics, Reporter};

use super::carried::Carried;
use super::declared::DeclaredTable;

/// Printed tokens, as tile sets and expansions declare them.
const TOKENS: DeclaredTable<PrintedToken> = DeclaredTable {
    what: "token",
    key: "tokens",
    max: Some(MAX_PRINTED_TOKENS),
    of: |declared| declared.tokens,
    differs: |_| "with other values".to_owned(),
    once: "declare each token once, in one file; other files' features can carry it",
};

/// How features carry printed tokens.
const CARRIED: Carried<PrintedToken> = Carried {
    by: |feature| &feature.tokens,
    verb: "prints",
    kind: |token| token.kind,
    is_for: |id, kind| format!("token {} goes on a {}", quote(id), kind.as_str()),
    other_kind_help: "print the token on a feature of its kind, or declare it for this kind",
    plain_without: false,
};

/// Checks the printed tokens of the files of `catalog`, with those of `base` known too.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let known = TOKENS.gather(catalog, base, out, check_kind);
    CARRIED.warn_unused(&TOKENS, catalog, base, out);
    CARRIED.check_features(&TOKENS, &known, catalog, out);
    let help = TOKENS.help_known(
        &known,
        "check it with the file that declares the token, or name a declared token",
    );
    TOKENS.check_rule_sets(
        &known,
        catalog,
        out,
        (|rules| rules.tokens.keys().collect(), &help),
        |_, _, _, _| {},
    );
}

/// A token is printed on a feature that can be completed in play: fields never are.
fn check_kind(token: &PrintedToken, at: &str, report: &mut Reporter<'_>) {
    if token.kind == FeatureKind::Field {
        report.error(
            &format!("{at}/kind"),
            "tokens on a field would never be taken: a field is never completed",
            "print it on a city, road, monastery or garden",
        );
    }
}
