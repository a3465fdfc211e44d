//! File → Export JCZ add-on: the open tile set, as it is in memory, written as a JCloisterZone
//! add-on by the same code as `tilewright export jcz`.

use std::path::Path;

use super::EditorApp;
use crate::document_game;

/// Most problems listed in one notice.
const LISTED: usize = 8;

/// `found` as the command line prints it, errors first, at most [`LISTED`]: one line each
/// with its severity, message and help, then how many more there are.
fn listed(found: &[tilewright_engine::Diagnostic]) -> String {
    let mut ordered: Vec<&tilewright_engine::Diagnostic> = found.iter().collect();
    ordered.sort_by_key(|d| !d.is_error());
    let mut lines: Vec<String> = ordered
        .iter()
        .take(LISTED)
        .map(|d| {
            let help = if d.help.is_empty() {
                String::new()
            } else {
                format!(" (help: {})", d.help)
            };
            format!("line {}: {}: {}{help}", d.line, d.severity, d.message)
        })
        .collect();
    if found.len() > LISTED {
        lines.push(format!(
            "… and {} more (`tilewright export jcz` lists them all)",
            found.len() - LISTED
        ));
    }
    lines.join("\n")
}

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
                        listed(&addon.warnings)
                    );
                    self.message(text, false);
                }
                Err(e) => self.message(format!("Could not write {}: {e}", path.display()), true),
            },
            Err(tilewright_jcz::export::ExportError::Id(text)) => self.message(text, true),
            Err(tilewright_jcz::export::ExportError::Refused(found)) => {
                let errors = found.iter().filter(|d| d.is_error()).count();
                let text = format!(
                    "JCZ cannot express {errors} thing(s) (nothing written):\n{}",
                    listed(&found)
                );
                self.message(text, true);
            }
        }
    }
}
