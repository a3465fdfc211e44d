//! File dialogs without blocking: a command asks ([`EditorApp::ask`]) and says what the answer
//! is for; each frame looks for the answer and carries on with it.

use std::path::PathBuf;

use super::typed_path::TypedPath;
use super::{EditorApp, Pending};
use crate::actions::Actions;
use crate::actions::RulesSlot;
use crate::files::Request;

/// What a file dialog's answer is for.
#[derive(Debug, Clone, PartialEq)]
pub enum Purpose {
    /// Open the file.
    Open,
    /// Save the document there, then do what waited for the save.
    SaveAs(Option<Pending>),
    /// Set the image of tile `index`.
    TileImage(usize),
    /// Add a tile drawn over the image.
    NewTileFromImage,
    /// Slice the image into tiles.
    ImportSheet,
    /// Add a tile for each image of the folder.
    ImportFolder,
    /// Compare the rule set with the one in the file.
    CompareRules,
    /// Step through the game record in the Play view.
    LoadRecord,
    /// Save the Play view's game record there.
    SaveRecord,
    /// Play the rule set in the file on the Balance page.
    BalanceRules(RulesSlot),
    /// Write the Balance page's results there as an HTML page.
    BalanceHtml,
    /// Export the tile set there as a JCloisterZone add-on.
    ExportJcz,
}

impl EditorApp {
    /// Loads a record into the Play view, or saves its game there.
    fn play_file(&mut self, purpose: Purpose, path: &std::path::Path) {
        let result = match (purpose, self.workspace.doc.as_ref()) {
            (Purpose::LoadRecord, Some(doc)) => self.panels.play.load_record(path, doc, &self.validator.latest),
            (Purpose::LoadRecord, None) => Err("Open a file to play its records.".to_owned()),
            _ => self.panels.play.save_record(path),
        };
        match result {
            Ok(text) => self.message(text, false),
            Err(text) => self.message(text, true),
        }
    }

    /// Shows a file dialog for `request`; its answer goes to `purpose`. One dialog at a time.
    /// Where the system cannot show one, a field for a typed path instead, with a notice that
    /// says why.
    pub(super) fn ask(&mut self, purpose: Purpose, request: Request) {
        if self.workspace.asking.is_some() || self.workspace.typed_path.is_some() {
            self.message("A file dialog is open already.", false);
            return;
        }
        if let Some(why) = self.workspace.dialogs.unavailable() {
            self.type_path_instead(purpose, request, why);
            return;
        }
        let folder = self.workspace.folder();
        self.workspace.dialogs.open(request.clone(), folder.as_deref());
        self.workspace.asking = Some((purpose, request));
    }

    /// Asks for a typed path for `request` since no dialog can, saying `why`.
    fn type_path_instead(&mut self, purpose: Purpose, request: Request, why: String) {
        self.message(why.clone(), false);
        let folder = self.workspace.folder();
        self.workspace.typed_path = Some(TypedPath::new(purpose, request, folder.as_deref(), why));
    }

    /// Carries on with the open dialog's answer once the user has given it.
    pub(super) fn poll_dialog(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        if self.workspace.asking.is_none() {
            return;
        }
        match self.workspace.dialogs.answer() {
            None => ctx.request_repaint_after(std::time::Duration::from_millis(100)),
            Some(answer) => {
                let Some((purpose, request)) = self.workspace.asking.take() else {
                    return;
                };
                match answer {
                    Some(path) => self.answered(purpose, path, actions),
                    // Cancelled, or never shown: then the path is typed.
                    None => {
                        if let Some(why) = self.workspace.dialogs.unavailable() {
                            self.type_path_instead(purpose, request, why);
                        }
                    }
                }
            }
        }
    }

    pub(super) fn answered(&mut self, purpose: Purpose, path: PathBuf, actions: &mut Actions) {
        match purpose {
            Purpose::Open => self.open_path(&path),
            Purpose::SaveAs(then) => {
                if self.save_to(&path)
                    && let Some(then) = then
                {
                    self.perform(then);
                }
            }
            Purpose::TileImage(index) => self.set_tile_image(index, &path, actions),
            Purpose::NewTileFromImage => self.new_tile_from_image(&path, actions),
            Purpose::ImportSheet => self.start_sheet_import(&path),
            Purpose::ImportFolder => self.import_folder(&path, actions),
            Purpose::CompareRules => self.panels.rules.compare_with_file(&path),
            Purpose::LoadRecord | Purpose::SaveRecord => self.play_file(purpose, &path),
            Purpose::BalanceRules(slot) => self.panels.balance.rules_file(slot, &path),
            Purpose::BalanceHtml => match self.panels.balance.export_html(&path) {
                Ok(text) => self.message(text, false),
                Err(text) => self.message(text, true),
            },
            Purpose::ExportJcz => self.export_jcz(&path),
        }
    }
}
