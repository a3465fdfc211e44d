//! The editor application: the document, the view state and the panels, wired together.
//!
//! [`EditorApp::frame`] lays out one frame: the chrome (menus, toolbar, status bar, messages:
//! [`chrome`]), the panels around the central page, the modal dialogs ([`modals`]). Panels and
//! shortcuts only collect [`Actions`]; commands and edits are applied in one place,
//! [`EditorApp::apply`] ([`commands`]). Opening, saving and importing files is [`workspace`].

mod chrome;
mod commands;
mod modals;
mod workspace;

use std::path::{Path, PathBuf};

use egui::{Color32, Ui};
use tilewright_engine::FileKind;
use tilewright_engine::model::{Tile, TileSet};

pub use chrome::Message;
pub use workspace::{Pending, Workspace};

use crate::commands::Command;
use crate::document::{Content, Document, Edit};
use crate::files::{FileDialogs, NativeDialogs, RecentFiles};
use crate::images::{ImageCache, tile_texture};
use crate::panels::canvas::Canvas;
use crate::panels::inspector::Inspector;
use crate::panels::problems::Problems;
use crate::panels::rules::{RulesPage, model_form};
use crate::panels::strip::Strip;
use crate::panels::tiles::TileGrid;
use crate::panels::{Action, Actions};
use crate::validation::{Validator, selection_of};
use crate::view::{Page, ViewState};

/// How the editor starts.
pub struct Options {
    /// A file to open.
    pub path: Option<PathBuf>,
    /// File dialogs.
    pub dialogs: Box<dyn FileDialogs>,
    /// Recent files.
    pub recent: RecentFiles,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            path: None,
            dialogs: Box::new(NativeDialogs),
            recent: RecentFiles::default(),
        }
    }
}

/// The panels' own state: what each remembers between frames.
pub struct Panels {
    grid: TileGrid,
    /// The canvas (public for tests).
    pub canvas: Canvas,
    inspector: Inspector,
    problems: Problems,
    strip: Strip,
    rules: RulesPage,
    /// Bundled tiles the strip checks fits against, as (tile set id, tile).
    candidates: Vec<(String, Tile)>,
}

impl Panels {
    fn new() -> Panels {
        let candidates = tilewright_engine::bundled::sources()
            .into_iter()
            .filter_map(|s| {
                let set: TileSet = toml::from_str(&s.text).ok()?;
                Some(
                    set.tiles
                        .into_iter()
                        .map(move |t| (set.id.clone(), t))
                        .collect::<Vec<_>>(),
                )
            })
            .flatten()
            .collect();
        Panels {
            grid: TileGrid,
            canvas: Canvas::default(),
            inspector: Inspector::default(),
            problems: Problems,
            strip: Strip::default(),
            rules: RulesPage::default(),
            candidates,
        }
    }
}

/// The editor.
pub struct EditorApp {
    /// The open file, the dialogs that pick files, and what waits on the user's answer.
    pub workspace: Workspace,
    /// Selection, tool, camera.
    pub view: ViewState,
    /// Live validation.
    pub validator: Validator,
    /// Tile images.
    pub images: ImageCache,
    /// The panels' state.
    pub panels: Panels,
    chrome: chrome::Chrome,
    /// The revision last sent to the validator, and when.
    revision_sent: Option<(usize, f64)>,
}

impl EditorApp {
    /// A new editor window's state.
    pub fn new(ctx: &egui::Context, options: Options) -> EditorApp {
        let wake = ctx.clone();
        let wake_images = ctx.clone();
        let mut app = EditorApp {
            workspace: Workspace::new(options.dialogs, options.recent),
            view: ViewState::default(),
            validator: Validator::new(move || wake.request_repaint()),
            images: ImageCache::new(move || wake_images.request_repaint()),
            panels: Panels::new(),
            chrome: chrome::Chrome::default(),
            revision_sent: None,
        };
        if let Some(path) = options.path {
            app.open_path(&path);
        }
        app
    }

    /// The open document.
    pub fn doc(&self) -> Option<&Document> {
        self.workspace.doc.as_ref()
    }

    /// The window title as last set.
    pub fn title(&self) -> &str {
        &self.chrome.title
    }

    /// Messages for the user, oldest first.
    pub fn messages(&self) -> &[Message] {
        &self.chrome.messages
    }

    fn selected_tile(&self) -> Option<(usize, &Tile)> {
        let set = self.workspace.doc.as_ref()?.tileset()?;
        let i = self.view.selection.tile?;
        set.tiles.get(i).map(|t| (i, t))
    }

    fn poll(&mut self, ctx: &egui::Context) {
        self.validator.poll();
        self.images.poll(ctx);
        let now = ctx.input(|i| i.time);
        self.check_disk(ctx, now);
        self.schedule_validation(ctx, now);
    }

    /// Sends the document's text to the validator after a short pause in editing.
    fn schedule_validation(&mut self, ctx: &egui::Context, now: f64) {
        let Some(doc) = &self.workspace.doc else { return };
        let revision = doc.revision();
        match self.revision_sent {
            Some((r, _)) if r == revision => {}
            Some((r, at)) if r != revision && now - at < 0.15 && revision != 0 => {
                ctx.request_repaint_after(std::time::Duration::from_millis(160));
            }
            _ => {
                if let Ok(text) = doc.text() {
                    self.validator.request(revision, doc.path.as_deref(), text);
                }
                self.revision_sent = Some((revision, now));
            }
        }
    }

    fn central(&mut self, ui: &mut Ui, actions: &mut Actions) {
        let Some(doc) = self.workspace.doc.as_ref() else {
            chrome::welcome(ui, &self.workspace.recent, actions);
            return;
        };
        let folder = self.workspace.folder();
        let content = doc.content().clone();
        match content {
            Content::TileSet(set) => match self.view.page {
                Page::Tiles => self.tiles_page(ui, &set, folder.as_deref(), actions),
                Page::Set => {
                    let mut value = serde_json::to_value(&set).unwrap_or_default();
                    if model_form(ui, FileKind::TileSet, &mut value, &["tiles"]) {
                        match serde_json::from_value::<TileSet>(value) {
                            Ok(new) => actions.edit(Edit::Replace(Box::new(Content::TileSet(new)))),
                            Err(e) => actions.push(Action::Message(format!("not applied: {e}"))),
                        }
                    }
                }
                Page::Source => self.source_page(ui, actions),
            },
            Content::Expansion(expansion) => {
                let mut value = serde_json::to_value(&expansion).unwrap_or_default();
                if model_form(ui, FileKind::Expansion, &mut value, &[]) {
                    match serde_json::from_value(value) {
                        Ok(new) => actions.edit(Edit::Replace(Box::new(Content::Expansion(new)))),
                        Err(e) => actions.push(Action::Message(format!("not applied: {e}"))),
                    }
                }
            }
            Content::RuleSet(rules) => {
                if let Some(new) = self.panels.rules.ui(ui, &rules) {
                    actions.edit_grouped(Edit::Replace(Box::new(Content::RuleSet(new))), "rules-form");
                }
            }
            Content::Text { problem, .. } => {
                ui.colored_label(
                    Color32::from_rgb(235, 120, 90),
                    format!("This file cannot be shown as a form yet: {problem}"),
                );
                ui.weak(
                    "Fix it below (or in your text editor); it turns into a form as soon as it reads. Nothing is lost.",
                );
                self.source_page(ui, actions);
            }
        }
    }

    fn source_page(&mut self, ui: &mut Ui, actions: &mut Actions) {
        let Some(doc) = self.workspace.doc.as_ref() else { return };
        let editable = matches!(doc.content(), Content::Text { .. });
        let mut text = doc.text().unwrap_or_else(|e| e);
        if !editable {
            ui.weak("The file as it will be saved. Edit it in the forms; this view is read-only.");
        }
        let label = ui.strong(doc.title()).id;
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            let response = ui
                .add(
                    egui::TextEdit::multiline(&mut text)
                        .code_editor()
                        .interactive(editable)
                        .desired_width(f32::INFINITY)
                        .desired_rows(30),
                )
                .labelled_by(label);
            if editable && response.changed() {
                actions.edit_grouped(
                    Edit::Replace(Box::new(Content::Text {
                        text,
                        problem: String::new(),
                    })),
                    "source-text",
                );
            }
            if response.lost_focus() {
                actions.push(Action::EndGroup);
            }
        });
    }

    fn tiles_page(&mut self, ui: &mut Ui, set: &TileSet, folder: Option<&Path>, actions: &mut Actions) {
        let Some(index) = self.view.selection.tile.filter(|i| *i < set.tiles.len()) else {
            ui.centered_and_justified(|ui| ui.weak("No tile selected. Add a tile, or drop an image to start one."));
            return;
        };
        let tile = &set.tiles[index];
        let (image, _) = tile_texture(&mut self.images, folder, tile, false);
        let faulty = self.faulty_features(index);
        let panels = &mut self.panels;
        egui::Panel::bottom("strip").resizable(false).show(ui, |ui| {
            ui.add_space(4.0);
            panels.strip.ui(ui, tile, image, &panels.candidates);
            ui.add_space(4.0);
        });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            panels
                .canvas
                .ui(ui, tile, index, &mut self.view, image, &faulty, actions);
        });
    }

    fn faulty_features(&self, tile: usize) -> Vec<String> {
        self.validator
            .latest
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .filter_map(|d| match selection_of(&d.pointer) {
                (Some(t), Some(f)) if t == tile => Some(f),
                _ => None,
            })
            .collect()
    }

    fn faulty_tiles(&self) -> Vec<usize> {
        self.validator
            .latest
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .filter_map(|d| selection_of(&d.pointer).0)
            .collect()
    }

    /// One frame of the editor inside `ui` (the whole window).
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.poll(&ctx);
        let mut actions = Actions::default();
        self.handle_drops(&ctx, &mut actions);
        self.handle_close(&ctx);
        if !self.modal_open() {
            let typing = ctx.egui_wants_keyboard_input();
            for command in Command::pressed(&ctx, typing) {
                actions.command(command);
            }
        }
        egui::Panel::top("menu").show(ui, |ui| {
            self.menu_bar(ui, &mut actions);
        });
        if self.workspace.tileset().is_some() {
            egui::Panel::top("toolbar").show(ui, |ui| {
                ui.add_space(2.0);
                self.toolbar(ui, &mut actions);
                ui.add_space(2.0);
            });
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        if self.workspace.doc.is_some() {
            let busy = self.validator.busy;
            egui::Panel::bottom("problems")
                .resizable(true)
                .default_size(96.0)
                .min_size(48.0)
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    self.panels
                        .problems
                        .ui(ui, &self.validator.latest, busy, &mut self.view);
                });
        }
        let set = self.workspace.tileset().cloned();
        if let Some(set) = &set {
            let folder = self.workspace.folder();
            let faulty = self.faulty_tiles();
            egui::Panel::left("tiles")
                .resizable(true)
                .default_size(270.0)
                .min_size(180.0)
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    self.panels.grid.ui(
                        ui,
                        set,
                        &mut self.view,
                        &mut self.images,
                        folder.as_deref(),
                        &faulty,
                        &mut actions,
                    );
                });
            if self.view.page == Page::Tiles {
                let image_problem = self
                    .selected_tile()
                    .map(|(_, t)| t.clone())
                    .and_then(|t| tile_texture(&mut self.images, folder.as_deref(), &t, false).1);
                egui::Panel::right("inspector")
                    .resizable(true)
                    .default_size(320.0)
                    .min_size(240.0)
                    .show(ui, |ui| {
                        ui.add_space(4.0);
                        self.panels
                            .inspector
                            .ui(ui, set, &mut self.view, image_problem.as_deref(), &mut actions);
                    });
            }
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            self.chrome.messages_ui(ui);
            self.central(ui, &mut actions);
        });
        chrome::drop_highlight(&ctx);
        self.modals(&ctx);
        self.apply(actions);
        self.update_title(&ctx);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }
}
