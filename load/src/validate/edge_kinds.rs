//! Edge kinds across files: a kind declared by several tile sets is one kind in a game that
//! plays them together, with the rules of the fullest declaration, so of any two declarations
//! one must include every rule the other sets. A tile uses the kinds of its own
//! file (checked with the file, `tileset.rs`); this runs once every file is read, against the
//! files and the base catalog.

use std::collections::BTreeMap;
use std::path::Path;

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::model::EdgeKind;
use crate::report::Diagnostics;
use crate::source::escape_segment;

/// Checks the edge kinds of the tile sets of `catalog`, with those of `base` known too (a set
/// the files replace left out).
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let mut known: BTreeMap<&str, Vec<(&EdgeKind, &Path)>> = BTreeMap::new();
    for set in &base.tilesets {
        if catalog.tilesets.iter().all(|s| s.model.id != set.model.id) {
            for (name, kind) in &set.model.edge_kinds {
                known.entry(name).or_default().push((kind, &set.source.path));
            }
        }
    }
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        for (name, kind) in &set.model.edge_kinds {
            let declared = known.entry(name).or_default();
            let clash = declared
                .iter()
                .find(|(other, _)| !other.covers(kind) && !kind.covers(other));
            if let Some((_, path)) = clash {
                report.error_at_key(
                    &format!("/edge-kinds/{}", escape_segment(name)),
                    format!(
                        "edge kind {} is also declared by {}, each declaration with a rule the other lacks",
                        quote(name),
                        path.display()
                    ),
                    "a game plays one kind of each name: declare it with the other file's rules and any more of its own, or give this one another name",
                );
            }
            declared.push((kind, &set.source.path));
        }
    }
}
