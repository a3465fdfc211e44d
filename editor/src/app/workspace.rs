//! The file being edited and its life: open, new, save, save as, close and quit (asking about
//! unsaved changes first), reloading what another program changed on disk, dropped files, and
//! importing images into the tile set's folder.

use std::path::{Path, PathBuf};

use tilewright_engine::FileKind;
use tilewright_engine::model::{Feature, TileSet};
use tilewright_engine::template::{find_schema_line, template, with_schema_line};

use super::EditorApp;
use super::dialogs::Purpose;
use super::import::SheetImport;
use crate::actions::{Action, Actions};
use crate::document::{Content, Document, Edit};
use crate::files::{FileDialogs, FileFilter, RecentFiles, Request};
use crate::view::{Tool, ViewState};

/// The text of a new file of `kind` to be saved in `folder`: the engine's template (a tile set
/// with no tiles yet), starting with the `#:schema` line for the nearest `schemas/` folder when
/// there is one (none that would point at nothing); the first save points it again at the
/// schemas of the folder it is saved in.
pub fn new_file_text(kind: FileKind, id: &str, figures: bool, folder: &Path) -> String {
    let text = template(kind, id, figures);
    match find_schema_line(&folder.join("new.toml"), kind) {
        Some(line) => with_schema_line(&text, Some(&line)),
        None => text,
    }
}

/// Something that waits for the answer to "save your changes?".
#[derive(Debug, Clone, PartialEq)]
pub enum Pending {
    /// Open this file, or ask for one.
    Open(Option<PathBuf>),
    /// Start a new file of a kind (a tile set with figures for an expansion).
    New(FileKind, bool),
    /// Close the document.
    Close,
    /// Quit the editor.
    Quit,
}

/// The open file, the dialogs that pick files, the recent files, and what waits for the user.
pub struct Workspace {
    /// The open document.
    pub doc: Option<Document>,
    pub(super) dialogs: Box<dyn FileDialogs>,
    /// What the open file dialog's answer is for, and what it asked.
    pub(super) asking: Option<(Purpose, Request)>,
    /// A path typed in place of a dialog the system cannot show.
    pub(super) typed_path: Option<super::typed_path::TypedPath>,
    /// Recent files.
    pub recent: RecentFiles,
    /// The feature copied last, to paste.
    pub clipboard: Option<Feature>,
    /// Text for the system clipboard, handed over at the end of the frame.
    pub(super) copied_text: Option<String>,
    /// A tile sheet in the import dialog.
    pub sheet: Option<SheetImport>,
    /// Images offered for removal, each with whether it is ticked to go.
    pub cleanup: Option<Vec<(String, bool)>>,
    /// An action waiting for the unsaved-changes answer.
    pub pending: Option<Pending>,
    /// Text of the file on disk, when it changed under an edited document.
    pub disk_change: Option<String>,
    /// When the file on disk was last looked at (seconds of egui time).
    last_disk_check: f64,
    /// Whether the window may close (nothing unsaved, or the user answered).
    allow_close: bool,
    /// Whether the window should close at the next frame.
    quit_requested: bool,
}

impl Workspace {
    /// No document yet.
    pub fn new(dialogs: Box<dyn FileDialogs>, recent: RecentFiles) -> Workspace {
        Workspace {
            doc: None,
            dialogs,
            asking: None,
            typed_path: None,
            sheet: None,
            cleanup: None,
            clipboard: None,
            copied_text: None,
            recent,
            pending: None,
            disk_change: None,
            last_disk_check: 0.0,
            allow_close: false,
            quit_requested: false,
        }
    }

    /// The open tile set, if the document is one.
    pub fn tileset(&self) -> Option<&TileSet> {
        self.doc.as_ref().and_then(Document::tileset)
    }

    /// Whether the document has unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.doc.as_ref().is_some_and(Document::is_dirty)
    }

    /// The folder of the document's file (tile images are relative to it).
    pub fn folder(&self) -> Option<PathBuf> {
        self.doc.as_ref()?.folder().map(Path::to_owned)
    }
}

impl EditorApp {
    /// Opens a file, replacing the document; a file that cannot be read leaves the current
    /// document alone and says why.
    pub fn open_path(&mut self, path: &Path) {
        match Document::open(path) {
            Ok(doc) => {
                let problem = match doc.content() {
                    Content::Text { problem, .. } => Some(format!("{} is shown as text: {problem}", path.display())),
                    _ => None,
                };
                self.set_document(doc);
                if let Some(problem) = problem {
                    self.parse_problem(problem);
                }
                self.workspace.recent.add(path);
            }
            Err(e) => self.message(format!("Cannot open {}: {e}", path.display()), true),
        }
    }

    /// Replaces the document, starting the view, validation and images afresh.
    fn set_document(&mut self, doc: Document) {
        self.workspace.doc = Some(doc);
        self.view = ViewState {
            snapping: self.view.snapping,
            ..ViewState::default()
        };
        self.panels.canvas.cancel();
        self.workspace.disk_change = None;
        self.validator.reset();
        self.revision_sent = None;
        self.images.clear();
        self.view.clamp_to(self.workspace.tileset());
    }

    /// Runs `pending` now, or asks about unsaved changes first.
    pub fn guarded(&mut self, pending: Pending) {
        if self.workspace.is_dirty() {
            self.workspace.pending = Some(pending);
        } else {
            self.perform(pending);
        }
    }

    /// Runs what was waiting, the unsaved changes having been saved or given up.
    pub(super) fn perform(&mut self, pending: Pending) {
        match pending {
            Pending::Open(Some(path)) => self.open_path(&path),
            Pending::Open(None) => self.ask(Purpose::Open, Request::PickFile(FileFilter::Toml)),
            Pending::New(kind, figures) => {
                let id = match (kind, figures) {
                    (FileKind::RuleSet, _) => "my-rules",
                    (_, true) => "my-expansion",
                    _ => "my-tiles",
                };
                // Beside the file open now (else in the current folder) until saved.
                let beside = self
                    .workspace
                    .doc
                    .as_ref()
                    .and_then(|d| d.path.as_deref()?.parent().map(Path::to_owned))
                    .or_else(|| std::env::current_dir().ok())
                    .unwrap_or_default();
                let mut doc = Document::from_text(None, &new_file_text(kind, id, figures, &beside));
                doc.mark_unsaved();
                self.set_document(doc);
            }
            Pending::Close => {
                self.workspace.doc = None;
                self.validator.reset();
            }
            Pending::Quit => {
                self.workspace.allow_close = true;
                self.workspace.quit_requested = true;
            }
        }
    }

    /// Saves to the document's path, or asks for one if it has none.
    pub fn save(&mut self) {
        self.save_then(None);
    }

    /// Saves, then does what waited for the save (not when saving fails or is cancelled).
    pub(super) fn save_then(&mut self, then: Option<Pending>) {
        match self.workspace.doc.as_ref().and_then(|d| d.path.clone()) {
            Some(path) => {
                if self.save_to(&path)
                    && let Some(then) = then
                {
                    self.perform(then);
                }
            }
            None => self.save_as_then(then),
        }
    }

    /// Saves the document where it was, remembering the place; returns whether it saved.
    pub(super) fn save_to(&mut self, path: &Path) -> bool {
        let Some(doc) = self.workspace.doc.as_mut() else {
            return false;
        };
        // A new file points at the schemas of the repository it is saved into, or at nothing.
        if doc.path.is_none()
            && let Some(kind) = doc.content().kind()
            && let Err(e) = doc.set_schema_line(find_schema_line(path, kind).as_deref())
        {
            self.message(e, true);
            return false;
        }
        match doc.save_to(path) {
            Ok(()) => {
                self.workspace.disk_change = None;
                self.workspace.recent.add(path);
                self.revision_sent = None;
                true
            }
            Err(e) => {
                self.message(e, true);
                false
            }
        }
    }

    /// Asks where to save, then saves there and does what waited for the save.
    pub(super) fn save_as_then(&mut self, then: Option<Pending>) {
        if let Some(doc) = self.workspace.doc.as_ref() {
            let name = doc.title();
            self.ask(Purpose::SaveAs(then), Request::SaveFile(name));
        }
    }

    /// Looks at the file on disk (once a second): an unedited document reloads what another
    /// program wrote; an edited one asks (the dialog in `modals`).
    pub(super) fn check_disk(&mut self, ctx: &egui::Context, now: f64) {
        if now - self.workspace.last_disk_check <= 1.0 {
            return;
        }
        self.workspace.last_disk_check = now;
        if let Some(doc) = self.workspace.doc.as_mut()
            && let Some(text) = doc.changed_on_disk()
        {
            if doc.is_dirty() {
                self.workspace.disk_change = Some(text);
            } else {
                doc.reload_from(text);
                self.images.clear();
                let name = doc.title();
                self.message(
                    format!("{name} changed on disk and was reloaded (Undo brings back the previous version)."),
                    false,
                );
            }
        }
        ctx.request_repaint_after(std::time::Duration::from_secs(1));
    }

    /// Replaces the edited document with the version on disk (undo brings the edits back).
    pub(super) fn load_disk_version(&mut self, text: String) {
        if let Some(doc) = self.workspace.doc.as_mut() {
            doc.reload_from(text);
        }
        self.images.clear();
        self.workspace.disk_change = None;
    }

    /// Keeps the edited document; the next save overwrites the version on disk.
    pub(super) fn keep_mine(&mut self, text: String) {
        if let Some(doc) = self.workspace.doc.as_mut() {
            doc.keep_mine(text);
        }
        self.workspace.disk_change = None;
    }

    /// Sets `image` as tile `index`'s image.
    pub(super) fn set_tile_image(&mut self, index: usize, image: &Path, actions: &mut Actions) {
        if let Some(relative) = self.image_into_folder(image)
            && let Some(mut tile) = self.workspace.tileset().and_then(|s| s.tiles.get(index).cloned())
        {
            tile.image = Some(relative);
            actions.edit(Edit::ReplaceTile {
                index,
                tile: Box::new(tile),
            });
        }
    }

    /// The path of `image` relative to the tile set's folder, copying it into `images/` there
    /// when it lies outside.
    pub(super) fn image_into_folder(&mut self, image: &Path) -> Option<String> {
        let Some(folder) = self.workspace.folder() else {
            self.message("Save the tile set first: images are stored relative to it.", true);
            return None;
        };
        if let Err(e) = crate::images::decode(image) {
            self.message(e, true);
            return None;
        }
        let folder_abs = folder.canonicalize().unwrap_or(folder.clone());
        let image_abs = image.canonicalize().unwrap_or(image.to_owned());
        if let Ok(relative) = image_abs.strip_prefix(&folder_abs) {
            return Some(relative.to_string_lossy().replace('\\', "/"));
        }
        match crate::import::copy_in(&folder, image) {
            Ok(relative) => {
                self.message(
                    format!("Copied the image to {}", folder.join(&relative).display()),
                    false,
                );
                Some(relative)
            }
            Err(e) => {
                self.message(format!("Cannot copy the image into the tile set's folder: {e}"), true);
                None
            }
        }
    }

    /// Adds a tile drawn over `image` (its name the file's) at the end, and starts drawing.
    pub(super) fn new_tile_from_image(&mut self, image: &Path, actions: &mut Actions) {
        let Some(relative) = self.image_into_folder(image) else {
            return;
        };
        let stem = image
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.add_tiles_over(vec![(relative, stem, None)], actions);
        self.view.tool = Tool::Draw;
    }

    /// Files dropped on the window: a `.toml` opens, an image starts a tile.
    pub(super) fn handle_drops(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        let dropped: Vec<PathBuf> = ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_owned()).collect());
        for path in dropped {
            let ext = path
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            match ext.as_str() {
                "toml" => actions.push(Action::Open(path)),
                "png" | "jpg" | "jpeg" | "webp" => {
                    if self.workspace.tileset().is_some() {
                        self.new_tile_from_image(&path, actions);
                    } else {
                        self.message("Open or start a tile set before dropping images.", true);
                    }
                }
                _ => self.message(format!("{} is neither a TOML file nor an image.", path.display()), true),
            }
        }
    }

    /// Closing the window with unsaved changes asks first; a quit that was answered closes it.
    pub(super) fn handle_close(&mut self, ctx: &egui::Context) {
        let workspace = &mut self.workspace;
        if ctx.input(|i| i.viewport().close_requested()) && !workspace.allow_close {
            if workspace.is_dirty() {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                workspace.pending = Some(Pending::Quit);
            } else {
                workspace.allow_close = true;
            }
        }
        if workspace.quit_requested {
            workspace.quit_requested = false;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}
