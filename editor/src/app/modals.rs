//! Dialogs over the editor: "save your changes?" before a file is replaced, the file changed
//! on disk under unsaved edits, the tile sheet import (`import.rs`), unused images offered for
//! removal (`cleanup.rs`), and the list of keyboard
//! shortcuts. Each modal returns a typed
//! answer, applied once the dialog is drawn.

use egui::Ui;

use super::EditorApp;
use crate::actions::Actions;
use crate::commands::Command;
use crate::document::Document;

/// The answer to "save your changes?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveAnswer {
    /// Save, then go on (unless saving fails or is cancelled).
    Save,
    /// Go on without saving.
    Discard,
    /// Stay with the document as it is.
    Cancel,
}

/// The answer when another program changed the file under unsaved edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiskAnswer {
    /// Load the version on disk (undo brings the edits back).
    LoadDisk,
    /// Keep the edits; saving overwrites the version on disk.
    KeepMine,
}

impl EditorApp {
    /// Whether a modal dialog waits for an answer (keyboard shortcuts are off meanwhile).
    pub(super) fn modal_open(&self) -> bool {
        let workspace = &self.workspace;
        workspace.pending.is_some()
            || workspace.disk_change.is_some()
            || workspace.asking.is_some()
            || workspace.typed_path.is_some()
            || workspace.sheet.is_some()
            || workspace.cleanup.is_some()
    }

    /// Draws whichever dialogs are open and acts on their answers.
    pub(super) fn modals(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        self.sheet_import_modal(ctx, actions);
        self.typed_path_modal(ctx, actions);
        self.cleanup_modal(ctx);
        if let Some(pending) = self.workspace.pending.clone() {
            let name = self.workspace.doc.as_ref().map(Document::title).unwrap_or_default();
            match save_changes_modal(ctx, &name) {
                Some(SaveAnswer::Save) => {
                    self.workspace.pending = None;
                    self.save_then(Some(pending));
                }
                Some(SaveAnswer::Discard) => {
                    self.workspace.pending = None;
                    self.perform(pending);
                }
                Some(SaveAnswer::Cancel) => self.workspace.pending = None,
                None => {}
            }
        }
        if self.workspace.disk_change.is_some()
            && let Some(answer) = disk_change_modal(ctx)
            && let Some(text) = self.workspace.disk_change.take()
        {
            match answer {
                DiskAnswer::LoadDisk => self.load_disk_version(text),
                DiskAnswer::KeepMine => self.keep_mine(text),
            }
        }
        if self.view.show_shortcuts {
            self.view.show_shortcuts = shortcuts_window(ctx);
        }
    }
}

/// Asks whether to save `name`'s changes; `None` until a button is clicked.
fn save_changes_modal(ctx: &egui::Context, name: &str) -> Option<SaveAnswer> {
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
        ui.set_width(360.0);
        ui.heading("Save changes?");
        ui.label(format!("{name} has changes that are not saved."));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for (text, choice) in [
                ("Save", SaveAnswer::Save),
                ("Don't save", SaveAnswer::Discard),
                ("Cancel", SaveAnswer::Cancel),
            ] {
                if ui.button(text).clicked() {
                    answer = Some(choice);
                }
            }
        });
    });
    answer
}

/// Asks which version to keep when the file changed on disk; `None` until answered.
fn disk_change_modal(ctx: &egui::Context) -> Option<DiskAnswer> {
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("disk-change")).show(ctx, |ui| {
        ui.set_width(380.0);
        ui.heading("The file changed on disk");
        ui.label("Another program changed this file while you have unsaved edits.");
        ui.horizontal(|ui| {
            let button = |ui: &mut Ui, text: &str, tip: &str| ui.button(text).on_hover_text(tip).clicked();
            if button(ui, "Load the disk version", "Undo brings your version back") {
                answer = Some(DiskAnswer::LoadDisk);
            }
            if button(ui, "Keep mine", "Saving will overwrite the disk version") {
                answer = Some(DiskAnswer::KeepMine);
            }
        });
    });
    answer
}

/// The keyboard shortcuts, from the command list; returns whether the window stays open.
fn shortcuts_window(ctx: &egui::Context) -> bool {
    let mut open = true;
    egui::Window::new("Keyboard shortcuts")
        .open(&mut open)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for c in Command::ALL {
                    if let Some(s) = c.shortcut() {
                        ui.monospace(ctx.format_shortcut(&s));
                        ui.label(c.label());
                        ui.end_row();
                    }
                }
                ui.monospace(crate::view::INVERT_SNAPPING_KEYS);
                ui.label("Invert snapping while held");
                ui.end_row();
                for (keys, what) in [
                    ("Wheel / right-drag", "Zoom about the pointer / pan"),
                    ("Space + drag", "Pan"),
                    ("Enter", "Close the outline being drawn"),
                    ("Backspace", "Take back the outline's last point"),
                ] {
                    ui.monospace(keys);
                    ui.label(what);
                    ui.end_row();
                }
            });
        });
    open
}
