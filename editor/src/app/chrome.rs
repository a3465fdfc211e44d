//! The editor's chrome: the menu bar, the toolbar, the status bar, the welcome page, messages
//! to the user, the window title and the highlight shown while files are dragged over.

use egui::{Color32, RichText, Ui};

use super::EditorApp;
use super::notices::{Concern, Here, Notices};
use crate::actions::{Action, Actions};
use crate::commands::Command;
use crate::document::{Content, Document};
use crate::files::RecentFiles;
use crate::view::{INVERT_SNAPPING_KEYS, Page, Tool};

/// What the chrome keeps between frames.
#[derive(Debug, Default)]
pub(super) struct Chrome {
    /// Notices for the user, oldest first.
    pub notices: Notices,
    /// The window title as last set.
    pub title: String,
    /// The message saying the open file is shown as text, withdrawn once the text reads.
    pub parse_problem: Option<String>,
}

impl Chrome {
    /// The central panel: `contents`, with the notices that concern `here` over its corner.
    pub fn central_panel(&mut self, ui: &mut Ui, here: &Here, contents: impl FnOnce(&mut Ui)) {
        egui::CentralPanel::default_margins().show(ui, |ui| {
            let rect = ui.max_rect();
            contents(ui);
            self.notices.show(ui, rect, here);
        });
    }
}

impl EditorApp {
    /// Tells the user something about where they are (the selected tile, else the page):
    /// see [`Notices`].
    pub(super) fn message(&mut self, text: impl Into<String>, error: bool) {
        let concern = self.here().concern();
        self.chrome.notices.add(text.into(), error, concern);
    }

    /// Where the user is, for notices.
    pub(super) fn here(&self) -> Here {
        let tile = match self.view.page {
            Page::Tiles => self.selected_tile().map(|(_, t)| t.id.clone()),
            _ => None,
        };
        Here {
            document: self.workspace.doc.as_ref().map(Document::serial),
            page: self.view.page,
            tile,
        }
    }

    /// Says the open file is shown as text because of `problem`, on every page until it reads.
    pub(super) fn parse_problem(&mut self, text: String) {
        let concern = match &self.workspace.doc {
            Some(doc) => Concern::Document(doc.serial()),
            None => Concern::Anywhere,
        };
        self.chrome.notices.add(text.clone(), true, concern);
        self.chrome.parse_problem = Some(text);
    }

    /// Withdraws the message about text that did not read once the document reads.
    pub(super) fn withdraw_stale_parse_problem(&mut self) {
        let reads = !matches!(
            self.workspace.doc.as_ref().map(Document::content),
            Some(Content::Text { .. })
        );
        if reads && let Some(text) = self.chrome.parse_problem.take() {
            self.chrome.notices.list.retain(|m| m.text != text);
        }
    }

    /// The window title: the file's name, starred when it has unsaved changes.
    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let title = match &self.workspace.doc {
            Some(doc) => format!(
                "{}{} — Tilewright editor",
                if doc.is_dirty() { "*" } else { "" },
                doc.title()
            ),
            None => "Tilewright editor".into(),
        };
        if title != self.chrome.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.chrome.title = title;
        }
    }

    pub(super) fn menu_bar(&mut self, ui: &mut Ui, actions: &mut Actions) {
        egui::MenuBar::new().ui(ui, |ui| {
            let item = |ui: &mut Ui, command: Command, enabled: bool, actions: &mut Actions| {
                let mut button = egui::Button::new(command.label());
                if let Some(s) = command.shortcut() {
                    button = button.shortcut_text(ui.ctx().format_shortcut(&s));
                }
                if ui.add_enabled(enabled, button).clicked() {
                    actions.command(command);
                }
            };
            let has_doc = self.workspace.doc.is_some();
            let has_set = self.workspace.tileset().is_some();
            let has_tile = self.selected_tile().is_some();
            ui.menu_button("File", |ui| {
                for c in [
                    Command::NewTileSet,
                    Command::NewExpansion,
                    Command::NewRuleSet,
                    Command::Open,
                ] {
                    item(ui, c, true, actions);
                }
                ui.menu_button("Open recent", |ui| {
                    if self.workspace.recent.paths.is_empty() {
                        ui.weak("none yet");
                    }
                    for path in &self.workspace.recent.paths {
                        if ui.button(path.display().to_string()).clicked() {
                            actions.push(Action::Open(path.clone()));
                        }
                    }
                });
                ui.separator();
                item(ui, Command::Save, has_doc, actions);
                item(ui, Command::SaveAs, has_doc, actions);
                item(ui, Command::ExportJcz, has_set, actions);
                item(ui, Command::Close, has_doc, actions);
                ui.separator();
                item(ui, Command::Quit, true, actions);
            });
            ui.menu_button("Edit", |ui| {
                item(
                    ui,
                    Command::Undo,
                    self.workspace.doc.as_ref().is_some_and(Document::can_undo),
                    actions,
                );
                item(
                    ui,
                    Command::Redo,
                    self.workspace.doc.as_ref().is_some_and(Document::can_redo),
                    actions,
                );
                ui.separator();
                let has_feature = has_tile && self.view.selection.feature.is_some();
                item(ui, Command::CopyFeature, has_feature, actions);
                item(
                    ui,
                    Command::PasteFeature,
                    has_tile && self.workspace.clipboard.is_some(),
                    actions,
                );
                ui.separator();
                item(ui, Command::Delete, has_tile, actions);
                item(ui, Command::Cancel, true, actions);
            });
            ui.menu_button("Tile", |ui| {
                for c in [
                    Command::AddTile,
                    Command::NewTileFromImage,
                    Command::ImportTileSheet,
                    Command::ImportImageFolder,
                    Command::CleanUpImages,
                ] {
                    item(ui, c, has_set, actions);
                }
                ui.separator();
                let duplicates = Command::ALL
                    .iter()
                    .filter(|c| matches!(c, Command::DuplicateTile | Command::DuplicateTransformed(_)));
                for c in duplicates {
                    item(ui, *c, has_tile, actions);
                }
                for c in [
                    Command::DeleteTile,
                    Command::MoveTileUp,
                    Command::MoveTileDown,
                    Command::PreviousTile,
                    Command::NextTile,
                ] {
                    item(ui, c, has_tile, actions);
                }
                ui.separator();
                for c in Command::ALL.iter().filter(|c| matches!(c, Command::AddFeature(_))) {
                    item(ui, *c, has_tile, actions);
                }
                ui.separator();
                for c in [
                    Command::GenerateOutlines,
                    Command::DeriveEdges,
                    Command::DeriveAdjacency,
                ] {
                    item(ui, c, has_tile, actions);
                }
            });
            ui.menu_button("View", |ui| {
                for c in [
                    Command::ZoomIn,
                    Command::ZoomOut,
                    Command::ZoomFit,
                    Command::RotateView,
                    Command::RotateViewBack,
                ] {
                    item(ui, c, true, actions);
                }
                ui.separator();
                for c in [
                    Command::ToolSelect,
                    Command::ToolDraw,
                    Command::ToolAnchor,
                    Command::ToggleSnap,
                ] {
                    item(ui, c, true, actions);
                }
            });
            ui.menu_button("Help", |ui| item(ui, Command::ShowShortcuts, true, actions));
        });
    }

    /// Pages of a tile set, canvas tools, snapping and zoom.
    pub(super) fn toolbar(&mut self, ui: &mut Ui, actions: &mut Actions) {
        ui.horizontal(|ui| {
            let is_set = self.workspace.tileset().is_some();
            let pages: &[(Page, &str)] = if is_set {
                &[
                    (Page::Tiles, "Tiles"),
                    (Page::Set, "Set & figures"),
                    (Page::Source, "Source"),
                    (Page::Play, "Play"),
                    (Page::Balance, "Balance"),
                ]
            } else {
                &[(Page::Tiles, "File"), (Page::Play, "Play")]
            };
            for &(page, name) in pages {
                ui.selectable_value(&mut self.view.page, page, name);
            }
            ui.separator();
            if is_set && self.view.page == Page::Tiles {
                for (tool, command, icon) in [
                    (Tool::Select, Command::ToolSelect, "Select"),
                    (Tool::Draw, Command::ToolDraw, "Draw"),
                    (Tool::Anchor, Command::ToolAnchor, "Anchor"),
                ] {
                    let tip = format!(
                        "{} ({})",
                        command.label(),
                        ui.ctx().format_shortcut(&command.shortcut().expect("tools have keys"))
                    );
                    if ui
                        .selectable_label(self.view.tool == tool, icon)
                        .on_hover_text(tip)
                        .clicked()
                    {
                        actions.command(command);
                    }
                }
                ui.separator();
                ui.label("New feature:");
                egui::ComboBox::from_id_salt("draw-kind")
                    .selected_text(self.view.draw_kind.as_str())
                    .show_ui(ui, |ui| {
                        for c in Command::ALL {
                            if let Command::AddFeature(kind) = c {
                                ui.selectable_value(&mut self.view.draw_kind, *kind, kind.as_str());
                            }
                        }
                    })
                    .response
                    .on_hover_text(
                        "Kind of the feature an outline makes when no feature is selected (keys 1–5 add one)",
                    );
                ui.separator();
                ui.checkbox(&mut self.view.snapping, "Snap").on_hover_text(format!(
                    "Snap to vertices, segment boundaries and the border (S; hold {INVERT_SNAPPING_KEYS} to invert)"
                ));
                ui.separator();
                if ui.button("-").on_hover_text("Zoom out").clicked() {
                    actions.command(Command::ZoomOut);
                }
                ui.label(format!("{:.0}%", self.view.camera.zoom * 100.0));
                if ui.button("+").on_hover_text("Zoom in").clicked() {
                    actions.command(Command::ZoomIn);
                }
                if ui.button("Fit").clicked() {
                    actions.command(Command::ZoomFit);
                }
                if ui.button("Turn").on_hover_text("Turn the view (R)").clicked() {
                    actions.command(Command::RotateView);
                }
            }
        });
    }

    /// The file, whether it is modified, and on the tiles page the zoom, pointer and tool.
    pub(super) fn status_bar(&self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            match &self.workspace.doc {
                Some(doc) => {
                    let path = doc
                        .path
                        .as_ref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_else(|| "not saved yet".into());
                    ui.label(RichText::new(path).small());
                    if doc.is_dirty() {
                        ui.label(RichText::new("modified").small().color(Color32::from_rgb(230, 180, 60)));
                    }
                }
                None => {
                    ui.label(RichText::new("no file").small());
                }
            }
            if self.view.page != Page::Play
                && self.panels.play.game_on()
                && let Some(session) = &self.panels.play.session
            {
                ui.label(
                    RichText::new(format!(
                        "a game plays on the Play page: {} tiles left",
                        session.game.pile_len()
                    ))
                    .small(),
                );
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if self.workspace.tileset().is_none() {
                    return;
                }
                ui.label(RichText::new(format!("zoom {:.0}%", self.view.camera.zoom * 100.0)).small());
                if let Some(p) = self
                    .panels
                    .canvas
                    .hover
                    .filter(|p| (0.0..=1.0).contains(&p[0]) && (0.0..=1.0).contains(&p[1]))
                {
                    ui.label(
                        RichText::new(format!("x {:.3}  y {:.3}", p[0], p[1]))
                            .small()
                            .monospace(),
                    );
                }
                let tool = match self.view.tool {
                    Tool::Select => "select",
                    Tool::Draw => "draw",
                    Tool::Anchor => "anchor",
                };
                ui.label(
                    RichText::new(format!(
                        "tool: {tool} · snap {} (hold {INVERT_SNAPPING_KEYS} to invert)",
                        if self.view.snapping { "on" } else { "off" }
                    ))
                    .small(),
                );
            });
        });
    }
}

/// The page shown when no file is open: how to start, and the recent files.
pub(super) fn welcome(ui: &mut Ui, recent: &RecentFiles, actions: &mut Actions) {
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() * 0.18);
        ui.heading(RichText::new("Tilewright tile editor").size(28.0));
        ui.label("Draw Carcassonne tiles over images, check them live, save clean TOML.");
        ui.add_space(16.0);
        for c in [
            Command::Open,
            Command::NewTileSet,
            Command::NewExpansion,
            Command::NewRuleSet,
        ] {
            let text = match c.shortcut() {
                Some(s) => format!("{}   {}", c.label(), ui.ctx().format_shortcut(&s)),
                None => c.label().to_owned(),
            };
            if ui.add_sized([260.0, 30.0], egui::Button::new(text)).clicked() {
                actions.command(c);
            }
        }
        ui.add_space(12.0);
        if !recent.paths.is_empty() {
            ui.strong("Recent files");
            for path in recent.paths.iter().take(6) {
                if ui.link(path.display().to_string()).clicked() {
                    actions.push(Action::Open(path.clone()));
                }
            }
        }
        ui.add_space(12.0);
        ui.weak("Or drop a .toml file here.");
    });
}

/// Dims the window and says what a drop does while files are dragged over it.
pub(super) fn drop_highlight(ctx: &egui::Context) {
    if ctx.input(|i| !i.raw.hovered_files.is_empty()) {
        let rect = ctx.content_rect();
        let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("drop")));
        painter.rect_filled(rect, 0.0, Color32::from_black_alpha(140));
        painter.rect_stroke(
            rect.shrink(8.0),
            8.0,
            egui::Stroke::new(3.0, Color32::from_rgb(120, 190, 255)),
            egui::StrokeKind::Inside,
        );
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "Drop a .toml to open it, or an image to start a tile",
            egui::FontId::proportional(22.0),
            Color32::WHITE,
        );
    }
}
