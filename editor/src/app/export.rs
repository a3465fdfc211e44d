//! File → Export JCZ add-on: the open tile set, as it is in memory, written as a JCloisterZone
//! add-on by the same code as `tilewright export jcz`.

use std::path::Path;

use super::EditorApp;
use crate::document_game;

/// Most problems listed in one notice.
const LISTED: usize = 5;

impl EditorApp {
    /// Exports the open tile set to `path`, saying what was written or why not.
    pub(super) fn export_jcz(&mut self, path: &Path) {
        let Some(doc) = self.workspace.doc.as_ref() else {
            return;
        };
        let Some(id) = self.workspace.tileset().map(|s| s.id.clone()) else {
            return;
        };
        let catalog = match document_game::catalog(doc, &self.validator.latest) {
            Ok(catalog) => catalog,
            Err(errors) => {
                let text = format!("Fix the tile set before exporting it: {}", errors.join("; "));
                return self.message(text, true);
            }
        };
        let Some(set) = catalog.tileset(&id) else {
            return;
        };
        let lines = |found: &[tilewright_engine::Diagnostic]| {
            let shown: Vec<String> = found
                .iter()
                .take(LISTED)
                .map(|d| format!("line {}: {}", d.line, d.message))
                .collect();
            shown.join("\n")
        };
        match tilewright_jcz::addon::build(&[set], &id, 1) {
            Ok(addon) => match tilewright_jcz::addon::save(&addon, path) {
                Ok(()) if addon.warnings.is_empty() => {
                    self.message(format!("Wrote {} ({} tiles).", path.display(), addon.tiles), false);
                }
                Ok(()) => {
                    let text = format!(
                        "Wrote {} ({} tiles). JCZ will play some things its own way:\n{}",
                        path.display(),
                        addon.tiles,
                        lines(&addon.warnings)
                    );
                    self.message(text, false);
                }
                Err(e) => self.message(format!("Could not write {}: {e}", path.display()), true),
            },
            Err(tilewright_jcz::export::ExportError::Id(text)) => self.message(text, true),
            Err(tilewright_jcz::export::ExportError::Refused(found)) => {
                let errors: Vec<_> = found.into_iter().filter(|d| d.is_error()).collect();
                let text = format!("JCZ cannot express this (nothing written):\n{}", lines(&errors));
                self.message(text, true);
            }
        }
    }
}
