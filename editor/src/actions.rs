//! What panels and pages see and ask for during one frame: the shared borrows of a
//! [`PanelCtx`] and the [`Action`]s applied after drawing. A leaf: it names the document, the
//! view and the commands, never a panel or a page, so every panel and page can use it.

use std::path::{Path, PathBuf};

use tilewright_engine::edge::Side;
use tilewright_engine::model::{Tile, TileSet};

use crate::commands::Command;
use crate::document::{Document, Edit};
use crate::images::{ImageCache, tile_texture};
use crate::validation::Findings;
use crate::view::ViewState;

/// What a panel may see and do during one frame: the shared borrows, made once per frame by
/// the app and handed to each panel in turn.
pub struct PanelCtx<'a> {
    /// The open document. Panels never change it directly: they push [`Action::Edit`]s, so
    /// every change goes through undo in one place.
    pub doc: &'a Document,
    /// Selection, tool, camera (not undone, so panels change it directly).
    pub view: &'a mut ViewState,
    /// Tile images.
    pub images: &'a mut ImageCache,
    /// The validator's latest findings.
    pub findings: &'a Findings,
    /// Whether the validator is still working on a newer revision.
    pub validating: bool,
    /// What the panels ask for this frame.
    pub actions: &'a mut Actions,
}

impl<'a> PanelCtx<'a> {
    /// The tile set, if the document is one.
    pub fn tileset(&self) -> Option<&'a TileSet> {
        self.doc.tileset()
    }

    /// The selected tile of the tile set, with its index.
    pub fn selected_tile(&self) -> Option<(usize, &'a Tile)> {
        self.view.selected_tile(self.tileset()?)
    }

    /// The folder tile images are relative to.
    pub fn folder(&self) -> Option<&'a Path> {
        self.doc.folder()
    }

    /// The texture to draw for `tile` (a thumbnail or full size) once loaded, and any problem
    /// reading its image.
    pub fn texture(&mut self, tile: &Tile, thumb: bool) -> (Option<egui::TextureId>, Option<String>) {
        tile_texture(self.images, self.folder(), tile, thumb)
    }
}

/// Something the user asked for, applied by the app after drawing.
#[derive(Debug, Clone)]
pub enum Action {
    /// Run a command.
    Command(Command),
    /// Change the document; edits with the same group merge into one undo step.
    Edit {
        /// The change.
        edit: Edit,
        /// Its undo group, if it continues a drag or typing.
        group: Option<String>,
    },
    /// Replace the document with text typed on the Source page, merged into one undo step
    /// with the rest of the typing.
    EditSource(String),
    /// The current drag or typing ended.
    EndGroup,
    /// Open a file (after asking about unsaved changes).
    Open(PathBuf),
    /// Choose an image file for a tile.
    ChooseImage(usize),
    /// Choose a rule-set file to compare the open rule set with.
    CompareRulesWithFile,
    /// Choose a rule-set file for the Balance page.
    ChooseBalanceRules(RulesSlot),
    /// Choose where to write the Balance page's results as an HTML page, and write it.
    ExportBalanceHtml,
    /// Tell the user something.
    Message(String),
    /// Choose a game record to step through in the Play view.
    LoadRecord,
    /// Choose where to save the Play view's game record.
    SaveRecord,
    /// Open Try on table for the selected tile, with a neighbour laid beside it if given.
    TryOnTable(Option<Beside>),
}

/// Actions collected during one frame.
#[derive(Debug, Default)]
pub struct Actions(pub Vec<Action>);

impl Actions {
    /// A single-step edit.
    pub fn edit(&mut self, edit: Edit) {
        self.0.push(Action::Edit { edit, group: None });
    }

    /// An edit that merges with others of the same group.
    pub fn edit_grouped(&mut self, edit: Edit, group: impl Into<String>) {
        self.0.push(Action::Edit {
            edit,
            group: Some(group.into()),
        });
    }

    /// A command.
    pub fn command(&mut self, command: Command) {
        self.0.push(Action::Command(command));
    }

    /// Any action.
    pub fn push(&mut self, action: Action) {
        self.0.push(action);
    }
}

/// Which rule-set choice a file picked in a dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesSlot {
    /// The rules played.
    Play,
    /// The rules of the comparison.
    Versus,
}

/// A tile to lay beside the tried one when the table opens: the side of the tried tile, the
/// tile (by set and id) and its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Beside {
    /// The side of the tried tile.
    pub side: Side,
    /// The id of the tile's set.
    pub source: String,
    /// The tile's id.
    pub tile: String,
    /// Clockwise quarter turns.
    pub turn: u8,
}
