//! Running [`Command`]s and applying the [`Actions`] collected during a frame: the one place
//! where the document changes.

use std::collections::VecDeque;

use tilewright_engine::FileKind;
use tilewright_engine::edge::{Layout, SegmentKind, SegmentRef, Side};
use tilewright_engine::model::{Count, EdgeLayout, EdgeRef, Tile, TileSet};

use super::dialogs::Purpose;
use super::{EditorApp, Pending};
use crate::commands::Command;
use crate::derive;
use crate::document::Edit;
use crate::files::{FileFilter, Request};

use crate::actions::{Action, Actions};
use crate::ids::{fresh_feature_id, next_tile_id};
use crate::schematic::generated_outlines;
use crate::view::Page;
use crate::view::Tool;

/// The undo group of typing on the Source page.
const SOURCE_GROUP: &str = "source-text";

impl EditorApp {
    /// Runs a command.
    pub fn run(&mut self, command: Command, actions: &mut Actions) {
        let tile = self.selected_tile().map(|(i, t)| (i, t.clone()));
        let count = self.workspace.tileset().map_or(0, |s| s.tiles.len());
        match command {
            Command::NewTileSet => self.guarded(Pending::New(FileKind::TileSet, false)),
            Command::NewExpansion => self.guarded(Pending::New(FileKind::TileSet, true)),
            Command::NewRuleSet => self.guarded(Pending::New(FileKind::RuleSet, false)),
            Command::Open => self.guarded(Pending::Open(None)),
            Command::Save => self.save(),
            Command::SaveAs => self.save_as_then(None),
            Command::ExportJcz => {
                if let Some(set) = self.workspace.tileset() {
                    let name = format!("{}.jca", set.id);
                    self.ask(Purpose::ExportJcz, Request::SaveAddon(name));
                }
            }
            Command::Close => self.guarded(Pending::Close),
            Command::Quit => self.guarded(Pending::Quit),
            // On the Play page the document is out of sight: undo takes back a turn there, and
            // never changes the file unseen.
            Command::Undo if self.view.page == Page::Play => self.panels.play.undo(),
            Command::Redo if self.view.page == Page::Play => {}
            Command::Undo => {
                if let Some(doc) = self.workspace.doc.as_mut() {
                    doc.undo();
                }
            }
            Command::Redo => {
                if let Some(doc) = self.workspace.doc.as_mut() {
                    doc.redo();
                }
            }
            Command::Delete => {
                let Some((i, _)) = tile else { return };
                if self.view.tool == Tool::Draw && !self.panels.canvas.draft.is_empty() {
                    self.panels.canvas.draft.pop();
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
                if !self.panels.canvas.cancel() {
                    if self.view.tool != Tool::Select {
                        self.view.tool = Tool::Select;
                    } else {
                        self.view.selection.vertex = None;
                        self.view.selection.feature = None;
                    }
                }
            }
            Command::AddTile => {
                let Some(set) = self.workspace.tileset() else {
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
                let (Some((i, t)), Some(set)) = (tile, self.workspace.tileset()) else {
                    return;
                };
                let mut copy = t.clone();
                copy.id = next_tile_id(set);
                super::duplicate::as_copy(&mut copy, "copy");
                actions.edit(Edit::AddTile {
                    index: i + 1,
                    tile: Box::new(copy),
                });
                self.view.select_tile(i + 1);
            }
            Command::DuplicateTransformed(transform) => self.duplicate_transformed(transform, actions),
            Command::CopyFeature => self.copy_feature(),
            Command::PasteFeature => self.paste_feature(actions),
            Command::ImportTileSheet => {
                if self.images_folder().is_some() {
                    self.ask(Purpose::ImportSheet, Request::PickFile(FileFilter::Image));
                }
            }
            Command::ImportImageFolder => {
                if self.images_folder().is_some() {
                    self.ask(Purpose::ImportFolder, Request::PickFolder);
                }
            }
            Command::DeleteTile => {
                if let Some((i, _)) = tile {
                    actions.edit(Edit::RemoveTile { index: i });
                    self.offer_images_of_deleted(i);
                }
            }
            Command::CleanUpImages => self.offer_unused_images(),
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
                let Some((i, t)) = tile else { return };
                let derived = derive::derive_edges(&t);
                actions.push(Action::Message(format!("Derived edges  {}", derived.summary())));
                actions.edit(Edit::ReplaceTile {
                    index: i,
                    tile: Box::new(derived.tile),
                });
            }
            Command::DeriveAdjacency => {
                let Some((i, mut t)) = tile else { return };
                for (id, cities) in crate::derive::derive_adjacency(&t) {
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
            Command::NewTileFromImage => self.ask(Purpose::NewTileFromImage, Request::PickFile(FileFilter::Image)),
            Command::ShowShortcuts => self.view.show_shortcuts = !self.view.show_shortcuts,
        }
    }

    /// Runs a command as its menu item does, with what it leads to.
    pub fn run_command(&mut self, command: Command) {
        let mut actions = Actions::default();
        actions.command(command);
        self.apply(actions);
    }

    /// Applies the frame's actions: commands, edits (with undo grouping), opens.
    pub fn apply(&mut self, actions: Actions) {
        // Commands add actions at the end; each action is moved out, never cloned (an edit may
        // hold a whole document).
        let mut queue = VecDeque::from(actions.0);
        while let Some(action) = queue.pop_front() {
            match action {
                Action::Command(command) => {
                    let mut more = Actions::default();
                    self.run(command, &mut more);
                    queue.extend(more.0);
                }
                Action::Edit { edit, group } => {
                    if let Some(doc) = self.workspace.doc.as_mut()
                        && let Err(e) = doc.apply_grouped(edit, group.as_deref())
                    {
                        self.message(e, true);
                    }
                }
                Action::EditSource(text) => {
                    if let Some(doc) = self.workspace.doc.as_mut()
                        && let Err(e) = doc.apply_source(&text, Some(SOURCE_GROUP))
                    {
                        self.message(e, true);
                    }
                }
                Action::EndGroup => {
                    if let Some(doc) = self.workspace.doc.as_mut() {
                        doc.end_group();
                    }
                }
                Action::Open(path) => self.guarded(Pending::Open(Some(path))),
                Action::ChooseImage(index) => {
                    self.ask(Purpose::TileImage(index), Request::PickFile(FileFilter::Image));
                }
                Action::CompareRulesWithFile => self.ask(Purpose::CompareRules, Request::PickFile(FileFilter::Toml)),
                Action::ChooseBalanceRules(slot) => {
                    self.ask(Purpose::BalanceRules(slot), Request::PickFile(FileFilter::Toml));
                }
                Action::ExportBalanceHtml => {
                    self.ask(Purpose::BalanceHtml, Request::SaveHtml("balance.html".into()));
                }
                Action::Message(text) => self.message(text, false),
                Action::LoadRecord => self.ask(Purpose::LoadRecord, Request::PickFile(FileFilter::Record)),
                Action::SaveRecord => self.ask(Purpose::SaveRecord, Request::SaveRecord("game.json".into())),
                Action::TryOnTable(beside) => {
                    let tile = self.selected_tile().map(|(_, tile)| tile.id.clone());
                    if let (Some(doc), Some(tile)) = (&self.workspace.doc, tile) {
                        self.panels.sandbox.open_for(doc, &self.validator.latest, &tile);
                        if let Some(beside) = beside {
                            self.panels.sandbox.lay_beside(&beside);
                        }
                    }
                }
            }
        }
        self.view.clamp_to(self.workspace.tileset());
    }
}

/// A new, plain tile for `set`.
pub(super) fn blank_tile(set: &TileSet) -> Tile {
    let mut features = std::collections::BTreeMap::new();
    let mut field = tilewright_engine::model::Feature::new(tilewright_engine::model::FeatureKind::Field);
    field.on = Side::ALL.map(|side| EdgeRef(SegmentRef::Side(side).to_string())).into();
    features.insert("f".to_owned(), field);
    Tile {
        id: next_tile_id(set),
        name: String::new(),
        count: Count::All(1),
        supply: Default::default(),
        placement: Default::default(),
        group: None,
        edges: Side::ALL.map(|_| EdgeLayout(Layout::word(SegmentKind::Field).to_string())),
        features,
        markers: Vec::new(),
        image: None,
    }
}
