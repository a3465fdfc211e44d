//! Tiles that could never be placed: every edge of a tile meets, once turned, some edge of a
//! tile already on a table only if its layout fits that edge's. A tile none of whose edges
//! fits any edge of any tile of the files checked or bundled is discarded every time it is
//! drawn; validation warns at it, as play would reveal only as a discard rate of 100%.

use std::collections::{HashMap, HashSet};

use crate::catalog::Catalog;
use crate::diagnostic::quote;
use crate::edge::{Layout, SegmentKind};
use crate::report::Diagnostics;

/// Warns at each tile of the files of `catalog` none of whose edges fits an edge of any tile
/// of `catalog` or `base` (its own set's included) but an abbey's, which fits anything. Each distinct pair of layouts is tried once,
/// so the cost grows with the distinct layouts, not with the tiles.
pub(crate) fn check(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let in_play: HashSet<&Layout> = catalog
        .tilesets
        .iter()
        .chain(&base.tilesets)
        .flat_map(|set| &set.parsed)
        .flat_map(|edges| &edges.layouts)
        // An abbey's edge fits anything: a tile that fits nothing else would wait for an abbey.
        .filter(|layout| **layout != Layout::word(SegmentKind::Any))
        .collect();
    let mut meets: HashMap<&Layout, bool> = HashMap::new();
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        for (i, (tile, edges)) in set.model.tiles.iter().zip(&set.parsed).enumerate() {
            let placeable = edges.layouts.iter().any(|mine| {
                *meets
                    .entry(mine)
                    .or_insert_with(|| in_play.iter().any(|theirs| mine.joins(theirs).is_ok()))
            });
            if !placeable {
                report.warning(
                    &format!("/tiles/{i}/edges"),
                    format!(
                        "tile {} fits no edge of any tile of the files checked here or bundled, turned any way: it could never be placed, and every copy drawn would be discarded",
                        quote(&tile.id)
                    ),
                    "give it an edge that others can meet (`city`, `road` or `field`, or a kind another tile's edge has too)",
                );
            }
        }
    }
}
