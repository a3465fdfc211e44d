//! The balance lab's report as one self-contained HTML page, written the same by the command
//! line (`tilewright balance --html`) and the editor's Balance page. The engine gives the
//! figures ([`tilewright_engine::balance`]); this crate only presents them: plot primitives in
//! [`svg`], the page in [`html`].

#![forbid(unsafe_code)]

mod escape;
pub mod html;
pub mod pictures;
pub mod presentation;
pub mod svg;

pub use pictures::TilePictures;

use std::path::Path;

use tilewright_engine::balance::{BalanceReport, Comparison};
use tilewright_engine::files;

/// Writes the page of one run to `path` (atomically: a reader never sees half a page);
/// `changed` says the rule values that differ from the rule set extended, if any.
pub fn write_run(
    path: &Path,
    report: &BalanceReport,
    changed: Option<&str>,
    pictures: &TilePictures,
) -> Result<(), String> {
    write(path, &html::run_page(report, changed, pictures))
}

/// Writes the page of an A/B comparison to `path`; `changed`, of A and of B.
pub fn write_comparison(
    path: &Path,
    comparison: &Comparison,
    changed: [Option<&str>; 2],
    pictures: &TilePictures,
) -> Result<(), String> {
    write(path, &html::comparison_page(comparison, changed, pictures))
}

/// The pictures of every tile of `report` found in `catalog` (the files the games were
/// played with).
pub fn pictures_of(report: &BalanceReport, catalog: &tilewright_engine::catalog::Catalog) -> TilePictures {
    TilePictures::of(catalog, report.tiles.iter().map(|t| (t.set.as_str(), t.id.as_str())))
}

/// The error names the path (made safe when printed, by the caller's `fail`).
fn write(path: &Path, page: &str) -> Result<(), String> {
    files::write_atomically(path, page.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
}
