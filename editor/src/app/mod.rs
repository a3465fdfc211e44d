//! The editor application: the document, the view state and the panels, wired together.
//!
//! [`EditorApp::frame`] lays out one frame: the chrome (menus, toolbar, status bar, messages:
//! `chrome.rs`), the panels around the central page (with one [`PanelCtx`]), the modal
//! dialogs (`modals.rs`). Panels and shortcuts only collect [`Actions`]; commands and edits
//! are applied in one place, [`EditorApp::apply`] (`commands.rs`). Opening, saving and
//! importing files is `workspace.rs`.

mod chrome;
mod cleanup;
mod commands;
mod dialogs;
mod duplicate;
mod export;
mod import;
mod modals;
pub mod notices;
mod typed_path;
mod workspace;

use std::path::PathBuf;

use egui::{Color32, Ui};
use tilewright_engine::model::Tile;

pub use import::SheetImport;
pub use notices::{Concern, Message};
pub use workspace::{Pending, Workspace};

use crate::actions::{Actions, PanelCtx};
use crate::commands::Command;
use crate::document::{Content, Document};
use crate::files::{FileDialogs, NativeDialogs, RecentFiles};
use crate::images::ImageCache;
use crate::pages::Page as _;
use crate::pages::balance::BalancePanel;
use crate::pages::play::PlayView;
use crate::pages::sandbox::Sandbox;
use crate::panels::canvas::Canvas;
use crate::panels::inspector::Inspector;
use crate::panels::model_form::ModelForm;
use crate::panels::problems::Problems;
use crate::panels::rules::RulesPage;
use crate::panels::source::SourceView;
use crate::panels::strip::Strip;
use crate::panels::tiles::TileGrid;
use crate::validation::Validator;
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
            dialogs: Box::<NativeDialogs>::default(),
            recent: RecentFiles::default(),
        }
    }
}

/// The panels' own state: what each remembers between frames.
#[derive(Default)]
pub struct Panels {
    grid: TileGrid,
    /// The canvas (public for tests).
    pub canvas: Canvas,
    inspector: Inspector,
    problems: Problems,
    strip: Strip,
    rules: RulesPage,
    model_form: ModelForm,
    source: SourceView,
    /// The Play view (public for tests).
    pub play: PlayView,
    /// The Try on table window (public for tests).
    pub sandbox: Sandbox,
    /// The Balance page (public for tests).
    pub balance: BalancePanel,
}

impl Panels {
    /// The central page for the document: a tile set's tiles, set-level form or source; an
    /// expansion's form; a rule set's page; or text that does not read yet.
    fn central(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        if ctx.view.page == Page::Play {
            return self.play.ui(ui, ctx);
        }
        match ctx.doc.content() {
            Content::TileSet(_) => match ctx.view.page {
                Page::Tiles => self.tiles_page(ui, ctx),
                Page::Set => self.model_form.ui(ui, ctx),
                Page::Source => self.source.ui(ui, ctx),
                Page::Play => {}
                Page::Balance => self.balance.ui(ui, ctx),
            },
            Content::Expansion(_) => self.model_form.ui(ui, ctx),
            Content::RuleSet(_) => self.rules.ui(ui, ctx),
            Content::Text { problem, .. } => {
                let banner = ui.colored_label(
                    Color32::from_rgb(235, 120, 90),
                    format!("This file cannot be shown as a form yet: {problem}"),
                );
                notices::keep_clear(ui.ctx(), banner.rect);
                ui.weak(
                    "Fix it below (or in your text editor); it turns into a form as soon as it reads. Nothing is lost.",
                );
                self.source.ui(ui, ctx);
            }
        }
    }

    /// The selected tile on the canvas, with the rotation strip under it.
    fn tiles_page(&mut self, ui: &mut Ui, ctx: &mut PanelCtx<'_>) {
        if ctx.selected_tile().is_none() {
            ui.centered_and_justified(|ui| ui.weak("No tile selected. Add a tile, or drop an image to start one."));
            return;
        }
        egui::Panel::bottom("strip").resizable(false).show(ui, |ui| {
            ui.add_space(4.0);
            self.strip.ui(ui, ctx);
            ui.add_space(4.0);
        });
        egui::CentralPanel::no_frame().show(ui, |ui| self.canvas.ui(ui, ctx));
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
            panels: Panels::default(),
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
        &self.chrome.notices.list
    }

    fn selected_tile(&self) -> Option<(usize, &Tile)> {
        self.view.selected_tile(self.workspace.tileset()?)
    }

    fn poll(&mut self, ctx: &egui::Context) {
        self.validator.poll();
        self.images.poll(ctx);
        let open = self.workspace.tileset().map(|set| set.id.as_str());
        self.panels.balance.follow(open);
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
                    self.validator
                        .request(revision, doc.content_key(), doc.path.as_deref(), text);
                }
                self.revision_sent = Some((revision, now));
            }
        }
    }

    /// One frame of the editor inside `ui` (the whole window).
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.poll(&ctx);
        let mut actions = Actions::default();
        self.handle_drops(&ctx, &mut actions);
        self.poll_dialog(&ctx, &mut actions);
        self.handle_close(&ctx);
        if !self.modal_open() {
            // On the Play page bare keys are the game's (R turns the tile in hand).
            // Single keys are the canvas's: they act only while it has the keyboard, so keys
            // typed for a field that lost focus do not edit the tile.
            let canvas = std::mem::take(&mut self.panels.canvas.focused) && self.view.page == Page::Tiles;
            let typing = (ctx.egui_wants_keyboard_input() && !canvas)
                || self.view.page == Page::Play
                || self.panels.sandbox.takes_keys(&ctx);
            for command in Command::pressed(&ctx, typing, canvas && !typing) {
                // Escape lets go of the focus in egui; the canvas keeps it for the next key.
                self.panels.canvas.keep_focus |= canvas && command == Command::Cancel;
                actions.command(command);
            }
        }
        // Bot games play on whichever page is shown.
        self.panels.play.run_bots(&ctx);
        egui::Panel::top("menu").show(ui, |ui| {
            self.menu_bar(ui, &mut actions);
        });
        if self.workspace.doc.is_some() {
            egui::Panel::top("toolbar").show(ui, |ui| {
                ui.add_space(2.0);
                self.toolbar(ui, &mut actions);
                ui.add_space(2.0);
            });
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        self.document_panels(ui, &mut actions);
        chrome::drop_highlight(&ctx);
        self.modals(&ctx, &mut actions);
        self.apply(actions);
        self.withdraw_stale_parse_problem();
        if let Some(text) = self.workspace.copied_text.take() {
            ctx.copy_text(text);
        }
        self.update_title(&ctx);
    }

    /// The problems, the tile grid and the inspector around the central page, each drawn
    /// with one [`PanelCtx`] over this frame's state; the welcome page when nothing is open.
    fn document_panels(&mut self, ui: &mut Ui, actions: &mut Actions) {
        let here = self.here();
        let Some(doc) = self.workspace.doc.as_ref() else {
            let recent = &self.workspace.recent;
            self.chrome
                .central_panel(ui, &here, |ui| chrome::welcome(ui, recent, actions));
            return;
        };
        let mut ctx = PanelCtx {
            doc,
            view: &mut self.view,
            images: &mut self.images,
            findings: &self.validator.latest,
            validating: self.validator.busy,
            actions,
        };
        let panels = &mut self.panels;
        egui::Panel::bottom("problems")
            .resizable(true)
            .default_size(96.0)
            .min_size(48.0)
            .show(ui, |ui| {
                ui.add_space(4.0);
                panels.problems.ui(ui, &mut ctx);
            });
        if doc.tileset().is_some() && ctx.view.page != Page::Play {
            egui::Panel::left("tiles")
                .resizable(true)
                .default_size(270.0)
                .min_size(180.0)
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    panels.grid.ui(ui, &mut ctx);
                });
            if ctx.view.page == Page::Tiles {
                egui::Panel::right("inspector")
                    .resizable(true)
                    .default_size(320.0)
                    .min_size(240.0)
                    .show(ui, |ui| {
                        ui.add_space(4.0);
                        panels.inspector.ui(ui, &mut ctx);
                    });
            }
        }
        self.chrome.central_panel(ui, &here, |ui| panels.central(ui, &mut ctx));
        panels.sandbox.ui(ui, &mut ctx);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }
}
