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
use crate::source::escape_segment;

use super::declared::{DeclaredTable, warn_unused};

/// Printed tokens, as tile sets and expansions declare them.
const TOKENS: DeclaredTable<PrintedToken> = DeclaredTable {
    what: "token",
    key: "tokens",
    max: Some(MAX_PRINTED_TOKENS),
    of: |declared| declared.tokens,
    differs: |_| "with other values".to_owned(),
    once: "declare each token once, in one file; other files' features can carry it",
};

/// Checks the printed tokens of the files of `catalog`, with those of `base` known too.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let known = TOKENS.gather(catalog, base, out, check_kind);
    warn_unused(&TOKENS, catalog, base, |feature| &feature.tokens, "prints", out);
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        for (i, tile) in set.model.tiles.iter().enumerate() {
            for (feature_id, feature) in &tile.features {
                for (j, id) in feature.tokens.iter().enumerate() {
                    let at = format!("/tiles/{i}/features/{}/tokens/{j}", escape_segment(feature_id));
                    match known.get(id.as_str()) {
                        None => report.error(
                            &at,
                            format!(
                                "no tile set or expansion checked here or bundled declares a token {}",
                                quote(id)
                            ),
                            TOKENS.help_known(&known, "declare it in `[tokens]`, or name a declared token"),
                        ),
                        Some(declared) if declared.item.kind != feature.kind => report.error(
                            &at,
                            format!(
                                "token {} goes on a {}, but feature {} is a {}",
                                quote(id),
                                declared.item.kind.as_str(),
                                quote(feature_id),
                                feature.kind.as_str()
                            ),
                            "print the token on a feature of its kind, or declare it for this kind",
                        ),
                        // Declared here too (the same way), it is this file's as well.
                        Some(_) if set.model.tokens.contains_key(id.as_str()) => {}
                        Some(declared) => declared.warn_if_elsewhere("token", id, &set.source.path, &at, &mut report),
                    }
                }
            }
        }
    }
    for set in &catalog.rulesets {
        let mut report = set.reporter(out);
        for id in set.model.tokens.keys().filter(|id| !known.contains_key(id.as_str())) {
            report.error_at_key(
                &format!("/tokens/{}", escape_segment(id)),
                format!(
                    "no tile set or expansion checked here or bundled declares a token {}",
                    quote(id)
                ),
                TOKENS.help_known(
                    &known,
                    "check it with the file that declares the token, or name a declared token",
                ),
            );
        }
    }
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
