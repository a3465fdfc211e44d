//! The editor application: the document, the view state and the panels, wired together.
//! Commands and edits collected from the panels are applied in one place, [`EditorApp::apply`].

use std::path::{Path, PathBuf};

use egui::{Color32, RichText, Ui};
use tilewright_engine::FileKind;
use tilewright_engine::model::{Count, EdgeLayout, EdgeRef, Tile, TileSet};

use crate::commands::Command;
use crate::document::{Content, Document, Edit, template};
use crate::files::{FileDialogs, FileFilter, NativeDialogs, RecentFiles};
use crate::geometry;
use crate::images::{ImageCache, tile_texture};
use crate::panels::canvas::{Canvas, fresh_feature_id};
use crate::panels::inspector::Inspector;
use crate::panels::problems::Problems;
use crate::panels::rules::{RulesPage, model_form};
use crate::panels::strip::Strip;
use crate::panels::tiles::TileGrid;
use crate::panels::{Action, Actions};
use crate::schematic::generated_outlines;
use crate::validation::{Validator, selection_of};
use crate::view::{Page, Tool, ViewState};

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

/// A message shown to the user until dismissed.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Whether it reports a failure.
    pub error: bool,
}

/// The editor.
pub struct EditorApp {
    /// The open document.
    pub doc: Option<Document>,
    /// Selection, tool, camera.
    pub view: ViewState,
    /// Live validation.
    pub validator: Validator,
    /// Tile images.
    pub images: ImageCache,
    dialogs: Box<dyn FileDialogs>,
    /// Recent files.
    pub recent: RecentFiles,
    grid: TileGrid,
    /// The canvas (public for tests).
    pub canvas: Canvas,
    inspector: Inspector,
    problems: Problems,
    strip: Strip,
    rules: RulesPage,
    /// An action waiting for the unsaved-changes answer.
    pub pending: Option<Pending>,
    /// Messages for the user.
    pub messages: Vec<Message>,
    /// Text of the file on disk, when it changed under an edited document.
    pub disk_change: Option<String>,
    last_disk_check: f64,
    allow_close: bool,
    title: String,
    candidates: Vec<(String, Tile)>,
    revision_sent: Option<(usize, f64)>,
    quit_requested: bool,
}

impl EditorApp {
    /// A new editor window's state.
    pub fn new(ctx: &egui::Context, options: Options) -> EditorApp {
        let wake = ctx.clone();
        let wake_images = ctx.clone();
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
        let mut app = EditorApp {
            doc: None,
            view: ViewState::default(),
            validator: Validator::new(move || wake.request_repaint()),
            images: ImageCache::new(move || wake_images.request_repaint()),
            dialogs: options.dialogs,
            recent: options.recent,
            grid: TileGrid,
            canvas: Canvas::default(),
            inspector: Inspector::default(),
            problems: Problems,
            strip: Strip::default(),
            rules: RulesPage::default(),
            pending: None,
            messages: Vec::new(),
            disk_change: None,
            last_disk_check: 0.0,
            allow_close: false,
            title: String::new(),
            candidates,
            revision_sent: None,
            quit_requested: false,
        };
        if let Some(path) = options.path {
            app.open_path(&path);
        }
        app
    }

    fn message(&mut self, text: impl Into<String>, error: bool) {
        let text = text.into();
        self.messages.retain(|m| m.text != text);
        self.messages.push(Message { text, error });
        if self.messages.len() > 4 {
            self.messages.remove(0);
        }
    }

    /// Opens a file, replacing the document; a file that cannot be read leaves the current
    /// document alone and says why.
    pub fn open_path(&mut self, path: &Path) {
        match Document::open(path) {
            Ok(doc) => {
                if let Content::Text { problem, .. } = doc.content() {
                    self.message(format!("{} is shown as text: {problem}", path.display()), true);
                }
                self.set_document(doc);
                self.recent.add(path);
            }
            Err(e) => self.message(format!("Cannot open {}: {e}", path.display()), true),
        }
    }

    fn set_document(&mut self, doc: Document) {
        self.doc = Some(doc);
        self.view = ViewState {
            snapping: self.view.snapping,
            ..ViewState::default()
        };
        self.canvas.cancel();
        self.disk_change = None;
        self.validator.reset();
        self.revision_sent = None;
        self.images.clear();
        self.view.clamp_to(self.doc.as_ref().and_then(Document::tileset));
    }

    fn folder(&self) -> Option<PathBuf> {
        self.doc
            .as_ref()?
            .path
            .as_deref()
            .map(|p| p.parent().unwrap_or(Path::new("")).to_owned())
    }

    /// Runs `pending` now, or asks about unsaved changes first.
    pub fn guarded(&mut self, pending: Pending) {
        if self.doc.as_ref().is_some_and(Document::is_dirty) {
            self.pending = Some(pending);
        } else {
            self.perform(pending);
        }
    }

    fn perform(&mut self, pending: Pending) {
        match pending {
            Pending::Open(Some(path)) => self.open_path(&path),
            Pending::Open(None) => {
                let folder = self.folder();
                if let Some(path) = self.dialogs.pick_file(FileFilter::Toml, folder.as_deref()) {
                    self.open_path(&path);
                }
            }
            Pending::New(kind, figures) => {
                let id = match (kind, figures) {
                    (FileKind::RuleSet, _) => "my-rules",
                    (_, true) => "my-expansion",
                    _ => "my-tiles",
                };
                let mut doc = Document::from_text(None, &template(kind, id, figures));
                doc.mark_unsaved();
                self.set_document(doc);
            }
            Pending::Close => {
                self.doc = None;
                self.validator.reset();
            }
            Pending::Quit => {
                self.allow_close = true;
                self.quit_requested = true;
            }
        }
    }

    /// Saves to the document's path (asking for one if it has none); returns whether it saved.
    pub fn save(&mut self) -> bool {
        let Some(path) = self.doc.as_ref().and_then(|d| d.path.clone()) else {
            return self.save_as();
        };
        self.save_to(&path)
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let Some(doc) = self.doc.as_mut() else { return false };
        match doc.save_to(path) {
            Ok(()) => {
                self.disk_change = None;
                self.recent.add(path);
                self.revision_sent = None;
                true
            }
            Err(e) => {
                self.message(e, true);
                false
            }
        }
    }

    fn save_as(&mut self) -> bool {
        let Some(doc) = self.doc.as_ref() else { return false };
        let name = doc.title();
        let folder = self.folder();
        match self.dialogs.save_file(folder.as_deref(), &name) {
            Some(path) => self.save_to(&path),
            None => false,
        }
    }

    fn selected_tile(&self) -> Option<(usize, &Tile)> {
        let set = self.doc.as_ref()?.tileset()?;
        let i = self.view.selection.tile?;
        set.tiles.get(i).map(|t| (i, t))
    }

    /// Runs a command.
    pub fn run(&mut self, command: Command, actions: &mut Actions) {
        let tile = self.selected_tile().map(|(i, t)| (i, t.clone()));
        let count = self
            .doc
            .as_ref()
            .and_then(Document::tileset)
            .map_or(0, |s| s.tiles.len());
        match command {
            Command::NewTileSet => self.guarded(Pending::New(FileKind::TileSet, false)),
            Command::NewExpansion => self.guarded(Pending::New(FileKind::TileSet, true)),
            Command::NewRuleSet => self.guarded(Pending::New(FileKind::RuleSet, false)),
            Command::Open => self.guarded(Pending::Open(None)),
            Command::Save => {
                self.save();
            }
            Command::SaveAs => {
                self.save_as();
            }
            Command::Close => self.guarded(Pending::Close),
            Command::Quit => self.guarded(Pending::Quit),
            Command::Undo => {
                if let Some(doc) = self.doc.as_mut() {
                    doc.undo();
                }
            }
            Command::Redo => {
                if let Some(doc) = self.doc.as_mut() {
                    doc.redo();
                }
            }
            Command::Delete => {
                let Some((i, _)) = tile else { return };
                if self.view.tool == Tool::Draw && !self.canvas.draft.is_empty() {
                    self.canvas.draft.pop();
                } else if let (Some(feature), Some((p, v))) =
                    (self.view.selection.feature.clone(), self.view.selection.vertex)
                {
                    actions.edit(Edit::RemoveVertex {
                        tile: i,
                        feature,
                        polygon: p,
                        vertex: v,
                    });
                    self.view.selection.vertex = None;
                } else if let Some(feature) = self.view.selection.feature.clone() {
                    actions.edit(Edit::SetFeature {
                        tile: i,
                        id: feature,
                        feature: None,
                    });
                }
            }
            Command::ZoomIn => self.view.camera.zoom = (self.view.camera.zoom * 1.25).min(20.0),
            Command::ZoomOut => self.view.camera.zoom = (self.view.camera.zoom / 1.25).max(0.2),
            Command::ZoomFit => {
                self.view.camera.zoom = 1.0;
                self.view.camera.pan = egui::Vec2::ZERO;
            }
            Command::RotateView => self.view.camera.turns = (self.view.camera.turns + 1) % 4,
            Command::RotateViewBack => self.view.camera.turns = (self.view.camera.turns + 3) % 4,
            Command::ToolSelect => self.view.tool = Tool::Select,
            Command::ToolDraw => self.view.tool = Tool::Draw,
            Command::ToolAnchor => self.view.tool = Tool::Anchor,
            Command::ToggleSnap => self.view.snapping = !self.view.snapping,
            Command::Cancel => {
                if !self.canvas.cancel() {
                    if self.view.tool != Tool::Select {
                        self.view.tool = Tool::Select;
                    } else {
                        self.view.selection.vertex = None;
                        self.view.selection.feature = None;
                    }
                }
            }
            Command::AddTile => {
                let Some(set) = self.doc.as_ref().and_then(Document::tileset) else {
                    return;
                };
                let at = tile.as_ref().map_or(count, |(i, _)| i + 1);
                let tile = blank_tile(set);
                actions.edit(Edit::AddTile {
                    index: at,
                    tile: Box::new(tile),
                });
                self.view.select_tile(at);
            }
            Command::DuplicateTile => {
                let (Some((i, t)), Some(set)) = (tile, self.doc.as_ref().and_then(Document::tileset)) else {
                    return;
                };
                let mut copy = t.clone();
                copy.id = unique_tile_id(set, &format!("{}-copy", t.id));
                actions.edit(Edit::AddTile {
                    index: i + 1,
                    tile: Box::new(copy),
                });
                self.view.select_tile(i + 1);
            }
            Command::DeleteTile => {
                if let Some((i, _)) = tile {
                    actions.edit(Edit::RemoveTile { index: i });
                }
            }
            Command::MoveTileUp => {
                if let Some((i, _)) = tile.filter(|(i, _)| *i > 0) {
                    actions.edit(Edit::MoveTile { from: i, to: i - 1 });
                    self.view.selection.tile = Some(i - 1);
                }
            }
            Command::MoveTileDown => {
                if let Some((i, _)) = tile.filter(|(i, _)| i + 1 < count) {
                    actions.edit(Edit::MoveTile { from: i, to: i + 1 });
                    self.view.selection.tile = Some(i + 1);
                }
            }
            Command::NextTile => {
                if let Some((i, _)) = tile.filter(|(i, _)| i + 1 < count) {
                    self.view.select_tile(i + 1);
                }
            }
            Command::PreviousTile => {
                if let Some((i, _)) = tile.filter(|(i, _)| *i > 0) {
                    self.view.select_tile(i - 1);
                }
            }
            Command::AddFeature(kind) => {
                let Some((i, t)) = tile else { return };
                self.view.draw_kind = kind;
                let id = fresh_feature_id(&t, kind);
                actions.edit(Edit::SetFeature {
                    tile: i,
                    id: id.clone(),
                    feature: Some(Box::new(tilewright_engine::model::Feature::new(kind))),
                });
                self.view.selection.feature = Some(id);
                self.view.selection.vertex = None;
                self.view.tool = Tool::Draw;
            }
            Command::DeriveEdges => {
                let Some((i, mut t)) = tile else { return };
                let layouts = geometry::derive_layouts(&t);
                for (k, layout) in layouts.into_iter().enumerate() {
                    t.edges[k] = EdgeLayout(layout);
                }
                for (id, on) in geometry::derive_on(&t) {
                    if let Some(f) = t.features.get_mut(&id) {
                        f.on = on.into_iter().map(EdgeRef).collect();
                    }
                }
                actions.edit(Edit::ReplaceTile {
                    index: i,
                    tile: Box::new(t),
                });
            }
            Command::DeriveAdjacency => {
                let Some((i, mut t)) = tile else { return };
                for (id, cities) in geometry::derive_adjacency(&t) {
                    if let Some(f) = t.features.get_mut(&id) {
                        f.cities = cities;
                    }
                }
                actions.edit(Edit::ReplaceTile {
                    index: i,
                    tile: Box::new(t),
                });
            }
            Command::GenerateOutlines => {
                let Some((i, mut t)) = tile else { return };
                for (id, polygons) in generated_outlines(&t) {
                    if let Some(f) = t.features.get_mut(&id)
                        && f.polygons.is_empty()
                    {
                        f.polygons = polygons;
                    }
                }
                actions.edit(Edit::ReplaceTile {
                    index: i,
                    tile: Box::new(t),
                });
            }
            Command::NewTileFromImage => {
                let folder = self.folder();
                if let Some(path) = self.dialogs.pick_file(FileFilter::Image, folder.as_deref()) {
                    self.new_tile_from_image(&path, actions);
                }
            }
            Command::ShowShortcuts => self.view.show_shortcuts = !self.view.show_shortcuts,
        }
    }

    /// The path of `image` relative to the tile set's folder, copying it into `images/` there
    /// when it lies outside.
    fn image_into_folder(&mut self, image: &Path) -> Option<String> {
        let Some(folder) = self.folder() else {
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
        let name = image.file_name()?.to_string_lossy().into_owned();
        let target = folder.join("images").join(&name);
        let copied = std::fs::create_dir_all(folder.join("images")).and_then(|_| std::fs::copy(image, &target));
        match copied {
            Ok(_) => {
                self.message(format!("Copied the image to {}", target.display()), false);
                Some(format!("images/{name}"))
            }
            Err(e) => {
                self.message(format!("Cannot copy the image into the tile set's folder: {e}"), true);
                None
            }
        }
    }

    fn new_tile_from_image(&mut self, image: &Path, actions: &mut Actions) {
        let Some(relative) = self.image_into_folder(image) else {
            return;
        };
        let Some(set) = self.doc.as_ref().and_then(Document::tileset) else {
            return;
        };
        let mut tile = blank_tile(set);
        let stem = image
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !stem.is_empty() {
            tile.id = unique_tile_id(set, &stem);
        }
        tile.image = Some(relative);
        let at = set.tiles.len();
        actions.edit(Edit::AddTile {
            index: at,
            tile: Box::new(tile),
        });
        self.view.select_tile(at);
        self.view.tool = Tool::Draw;
    }

    /// Applies the frame's actions: commands, edits (with undo grouping), opens.
    pub fn apply(&mut self, actions: Actions) {
        let mut queue = actions.0;
        let mut i = 0;
        while i < queue.len() {
            let action = queue[i].clone();
            i += 1;
            match action {
                Action::Command(command) => {
                    let mut more = Actions::default();
                    self.run(command, &mut more);
                    queue.extend(more.0);
                }
                Action::Edit { edit, group } => {
                    if let Some(doc) = self.doc.as_mut()
                        && let Err(e) = doc.apply_grouped(edit, group.as_deref())
                    {
                        self.message(e, true);
                    }
                }
                Action::EndGroup => {
                    if let Some(doc) = self.doc.as_mut() {
                        doc.end_group();
                    }
                }
                Action::Open(path) => self.guarded(Pending::Open(Some(path))),
                Action::ChooseImage(index) => {
                    let folder = self.folder();
                    if let Some(path) = self.dialogs.pick_file(FileFilter::Image, folder.as_deref())
                        && let Some(relative) = self.image_into_folder(&path)
                        && let Some(mut tile) = self
                            .doc
                            .as_ref()
                            .and_then(Document::tileset)
                            .and_then(|s| s.tiles.get(index).cloned())
                    {
                        tile.image = Some(relative);
                        queue.push(Action::Edit {
                            edit: Edit::ReplaceTile {
                                index,
                                tile: Box::new(tile),
                            },
                            group: None,
                        });
                    }
                }
                Action::Message(text) => self.message(text, false),
            }
        }
        self.view.clamp_to(self.doc.as_ref().and_then(Document::tileset));
    }

    fn poll(&mut self, ctx: &egui::Context) {
        self.validator.poll();
        self.images.poll(ctx);
        let now = ctx.input(|i| i.time);
        if now - self.last_disk_check > 1.0 {
            self.last_disk_check = now;
            if let Some(doc) = self.doc.as_mut()
                && let Some(text) = doc.changed_on_disk()
            {
                if doc.is_dirty() {
                    self.disk_change = Some(text);
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
        // Validate the document's text after a short pause in editing.
        if let Some(doc) = &self.doc {
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
    }

    fn handle_drops(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        let dropped: Vec<PathBuf> = ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_owned()).collect());
        for path in dropped {
            let ext = path
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            match ext.as_str() {
                "toml" => actions.push(Action::Open(path)),
                "png" | "jpg" | "jpeg" | "webp" => {
                    if self.doc.as_ref().and_then(Document::tileset).is_some() {
                        self.new_tile_from_image(&path, actions);
                    } else {
                        self.message("Open or start a tile set before dropping images.", true);
                    }
                }
                _ => self.message(format!("{} is neither a TOML file nor an image.", path.display()), true),
            }
        }
    }

    fn handle_close(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.allow_close {
            if self.doc.as_ref().is_some_and(Document::is_dirty) {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.pending = Some(Pending::Quit);
            } else {
                self.allow_close = true;
            }
        }
        if self.quit_requested {
            self.quit_requested = false;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = match &self.doc {
            Some(doc) => format!(
                "{}{} — Tilewright editor",
                if doc.is_dirty() { "*" } else { "" },
                doc.title()
            ),
            None => "Tilewright editor".into(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// The window title as last set.
    pub fn title(&self) -> &str {
        &self.title
    }

    fn menu_bar(&mut self, ui: &mut Ui, actions: &mut Actions) {
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
            let has_doc = self.doc.is_some();
            let has_set = self.doc.as_ref().and_then(Document::tileset).is_some();
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
                    if self.recent.paths.is_empty() {
                        ui.weak("none yet");
                    }
                    for path in &self.recent.paths {
                        if ui.button(path.display().to_string()).clicked() {
                            actions.push(Action::Open(path.clone()));
                        }
                    }
                });
                ui.separator();
                item(ui, Command::Save, has_doc, actions);
                item(ui, Command::SaveAs, has_doc, actions);
                item(ui, Command::Close, has_doc, actions);
                ui.separator();
                item(ui, Command::Quit, true, actions);
            });
            ui.menu_button("Edit", |ui| {
                item(
                    ui,
                    Command::Undo,
                    self.doc.as_ref().is_some_and(Document::can_undo),
                    actions,
                );
                item(
                    ui,
                    Command::Redo,
                    self.doc.as_ref().is_some_and(Document::can_redo),
                    actions,
                );
                ui.separator();
                item(ui, Command::Delete, has_tile, actions);
                item(ui, Command::Cancel, true, actions);
            });
            ui.menu_button("Tile", |ui| {
                for c in [Command::AddTile, Command::NewTileFromImage] {
                    item(ui, c, has_set, actions);
                }
                for c in [
                    Command::DuplicateTile,
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

    fn toolbar(&mut self, ui: &mut Ui, actions: &mut Actions) {
        ui.horizontal(|ui| {
            let is_set = self.doc.as_ref().and_then(Document::tileset).is_some();
            if is_set {
                for (page, name) in [
                    (Page::Tiles, "Tiles"),
                    (Page::Set, "Set & figures"),
                    (Page::Source, "Source"),
                ] {
                    ui.selectable_value(&mut self.view.page, page, name);
                }
                ui.separator();
            }
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
                ui.checkbox(&mut self.view.snapping, "Snap")
                    .on_hover_text("Snap to vertices, segment boundaries and the border (S; hold Alt to invert)");
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

    fn status_bar(&self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            match &self.doc {
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
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if self.doc.as_ref().and_then(Document::tileset).is_none() {
                    return;
                }
                ui.label(RichText::new(format!("zoom {:.0}%", self.view.camera.zoom * 100.0)).small());
                if let Some(p) = self
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
                        "tool: {tool} · snap {}",
                        if self.view.snapping { "on" } else { "off" }
                    ))
                    .small(),
                );
            });
        });
    }

    fn welcome(&mut self, ui: &mut Ui, actions: &mut Actions) {
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
            if !self.recent.paths.is_empty() {
                ui.strong("Recent files");
                for path in self.recent.paths.iter().take(6) {
                    if ui.link(path.display().to_string()).clicked() {
                        actions.push(Action::Open(path.clone()));
                    }
                }
            }
            ui.add_space(12.0);
            ui.weak("Or drop a .toml file here.");
        });
    }

    fn central(&mut self, ui: &mut Ui, actions: &mut Actions) {
        let Some(doc) = self.doc.as_ref() else {
            self.welcome(ui, actions);
            return;
        };
        let folder = self.folder();
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
                if let Some(new) = self.rules.ui(ui, &rules) {
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
        let Some(doc) = self.doc.as_ref() else { return };
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
        egui::Panel::bottom("strip").resizable(false).show(ui, |ui| {
            ui.add_space(4.0);
            self.strip.ui(ui, tile, image, &self.candidates);
            ui.add_space(4.0);
        });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            self.canvas.ui(ui, tile, index, &mut self.view, image, &faulty, actions);
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

    fn modals(&mut self, ctx: &egui::Context, actions: &mut Actions) {
        if let Some(pending) = self.pending.clone() {
            let name = self.doc.as_ref().map(Document::title).unwrap_or_default();
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.set_width(360.0);
                ui.heading("Save changes?");
                ui.label(format!("{name} has changes that are not saved."));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some(0);
                    }
                    if ui.button("Don't save").clicked() {
                        answer = Some(1);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(2);
                    }
                });
            });
            match answer {
                Some(0) => {
                    self.pending = None;
                    if self.save() {
                        self.perform(pending);
                    }
                }
                Some(1) => {
                    self.pending = None;
                    self.perform(pending);
                }
                Some(_) => self.pending = None,
                None => {}
            }
        }
        if let Some(text) = self.disk_change.clone() {
            egui::Modal::new(egui::Id::unique("disk-change")).show(ctx, |ui| {
                ui.set_width(380.0);
                ui.heading("The file changed on disk");
                ui.label("Another program changed this file while you have unsaved edits.");
                ui.horizontal(|ui| {
                    if ui
                        .button("Load the disk version")
                        .on_hover_text("Undo brings your version back")
                        .clicked()
                    {
                        if let Some(doc) = self.doc.as_mut() {
                            doc.reload_from(text.clone());
                        }
                        self.images.clear();
                        self.disk_change = None;
                    }
                    if ui
                        .button("Keep mine")
                        .on_hover_text("Saving will overwrite the disk version")
                        .clicked()
                    {
                        if let Some(doc) = self.doc.as_mut() {
                            doc.keep_mine(text.clone());
                        }
                        self.disk_change = None;
                    }
                });
            });
        }
        if self.view.show_shortcuts {
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
                        ui.monospace("Alt");
                        ui.label("Invert snapping while held");
                        ui.end_row();
                        ui.monospace("Wheel / right-drag");
                        ui.label("Zoom about the pointer / pan");
                        ui.end_row();
                    });
                });
            self.view.show_shortcuts = open;
        }
        let _ = actions;
    }

    fn messages_ui(&mut self, ui: &mut Ui) {
        let mut dismiss = None;
        for (i, m) in self.messages.iter().enumerate() {
            let colour = if m.error {
                Color32::from_rgb(120, 40, 36)
            } else {
                Color32::from_rgb(36, 70, 110)
            };
            egui::Frame::new()
                .fill(colour)
                .inner_margin(6.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(&m.text).color(Color32::WHITE));
                        if ui.small_button("x").clicked() {
                            dismiss = Some(i);
                        }
                    });
                });
        }
        if let Some(i) = dismiss {
            self.messages.remove(i);
        }
    }

    /// One frame of the editor inside `ui` (the whole window).
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.poll(&ctx);
        let mut actions = Actions::default();
        self.handle_drops(&ctx, &mut actions);
        self.handle_close(&ctx);
        if self.pending.is_none() && self.disk_change.is_none() {
            let typing = ctx.egui_wants_keyboard_input();
            for command in Command::pressed(&ctx, typing) {
                actions.command(command);
            }
        }
        egui::Panel::top("menu").show(ui, |ui| {
            self.menu_bar(ui, &mut actions);
        });
        if self.doc.as_ref().and_then(Document::tileset).is_some() {
            egui::Panel::top("toolbar").show(ui, |ui| {
                ui.add_space(2.0);
                self.toolbar(ui, &mut actions);
                ui.add_space(2.0);
            });
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        if self.doc.is_some() {
            let busy = self.validator.busy;
            egui::Panel::bottom("problems")
                .resizable(true)
                .default_size(96.0)
                .min_size(48.0)
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    self.problems.ui(ui, &self.validator.latest, busy, &mut self.view);
                });
        }
        let set = self.doc.as_ref().and_then(Document::tileset).cloned();
        if let Some(set) = &set {
            let folder = self.folder();
            let faulty = self.faulty_tiles();
            egui::Panel::left("tiles")
                .resizable(true)
                .default_size(270.0)
                .min_size(180.0)
                .show(ui, |ui| {
                    ui.add_space(4.0);
                    self.grid.ui(
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
                        self.inspector
                            .ui(ui, set, &mut self.view, image_problem.as_deref(), &mut actions);
                    });
            }
        }
        egui::CentralPanel::default_margins().show(ui, |ui| {
            if !self.messages.is_empty() {
                self.messages_ui(ui);
            }
            self.central(ui, &mut actions);
        });
        // Drop highlight.
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
        self.modals(&ctx, &mut actions);
        self.apply(actions);
        self.update_title(&ctx);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }
}

/// A new, plain tile for `set`.
fn blank_tile(set: &TileSet) -> Tile {
    let mut features = std::collections::BTreeMap::new();
    let mut field = tilewright_engine::model::Feature::new(tilewright_engine::model::FeatureKind::Field);
    field.on = ["N", "E", "S", "W"].iter().map(|s| EdgeRef((*s).into())).collect();
    features.insert("f".to_owned(), field);
    Tile {
        id: unique_tile_id(set, &format!("{}-{}", set.id, set.tiles.len() + 1)),
        name: String::new(),
        count: Count::All(1),
        supply: Default::default(),
        placement: Default::default(),
        edges: ["field", "field", "field", "field"].map(|e| EdgeLayout(e.into())),
        features,
        markers: Vec::new(),
        image: None,
    }
}

fn unique_tile_id(set: &TileSet, wanted: &str) -> String {
    if !set.tiles.iter().any(|t| t.id == wanted) {
        return wanted.to_owned();
    }
    (2..)
        .map(|n| format!("{wanted}-{n}"))
        .find(|id| !set.tiles.iter().any(|t| t.id == *id))
        .expect("some id is free")
}
