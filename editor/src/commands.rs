//! Every command of the editor, in one list that drives the menus, the keyboard shortcuts and
//! the shortcut help, so a shortcut can never disagree with its menu item.

use egui::{Key, KeyboardShortcut, Modifiers};
use tilewright_engine::model::FeatureKind;

use crate::transform::Transform;

/// A user command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Start a new tile set.
    NewTileSet,
    /// Start a new expansion (a tile set with figures).
    NewExpansion,
    /// Start a new rule set.
    NewRuleSet,
    /// Open a file.
    Open,
    /// Save.
    Save,
    /// Save under another name.
    SaveAs,
    /// Export the tile set as a JCloisterZone add-on.
    ExportJcz,
    /// Close the document.
    Close,
    /// Quit the editor.
    Quit,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Delete the selected vertex or feature.
    Delete,
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Fit the tile in the canvas.
    ZoomFit,
    /// The select-and-move tool.
    ToolSelect,
    /// The polygon drawing tool.
    ToolDraw,
    /// The follower anchor tool.
    ToolAnchor,
    /// Toggle snapping.
    ToggleSnap,
    /// Cancel the current drawing or deselect.
    Cancel,
    /// Add a tile.
    AddTile,
    /// Duplicate the selected tile.
    DuplicateTile,
    /// Duplicate the selected tile turned or mirrored, with its image, outlines and edges.
    DuplicateTransformed(Transform),
    /// Copy the selected feature with its outlines.
    CopyFeature,
    /// Paste the copied feature into the selected tile.
    PasteFeature,
    /// Slice one image into a grid of tiles.
    ImportTileSheet,
    /// Add a tile for each image of a folder.
    ImportImageFolder,
    /// Delete the selected tile.
    DeleteTile,
    /// Move the selected tile up the list.
    MoveTileUp,
    /// Move the selected tile down the list.
    MoveTileDown,
    /// Select the next tile.
    NextTile,
    /// Select the previous tile.
    PreviousTile,
    /// Add a feature of a kind to the selected tile.
    AddFeature(FeatureKind),
    /// Set edges and `on` lists from the outlines.
    DeriveEdges,
    /// Set fields' `cities` from shared borders.
    DeriveAdjacency,
    /// Outline features that have none from the schematic.
    GenerateOutlines,
    /// Add a tile drawn over an image file.
    NewTileFromImage,
    /// Turn the canvas a quarter clockwise.
    RotateView,
    /// Turn the canvas a quarter anticlockwise.
    RotateViewBack,
    /// Show the list of shortcuts.
    ShowShortcuts,
}

const fn key(modifiers: Modifiers, key: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(modifiers, key))
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};
const NONE: Modifiers = Modifiers::NONE;

impl Command {
    /// Every command, in menu order.
    pub const ALL: &'static [Command] = &[
        Command::NewTileSet,
        Command::NewExpansion,
        Command::NewRuleSet,
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::ExportJcz,
        Command::Close,
        Command::Quit,
        Command::Undo,
        Command::Redo,
        Command::Delete,
        Command::ZoomIn,
        Command::ZoomOut,
        Command::ZoomFit,
        Command::RotateView,
        Command::RotateViewBack,
        Command::ToolSelect,
        Command::ToolDraw,
        Command::ToolAnchor,
        Command::ToggleSnap,
        Command::Cancel,
        Command::AddTile,
        Command::DuplicateTile,
        Command::DuplicateTransformed(Transform::Turn(1)),
        Command::DuplicateTransformed(Transform::Turn(2)),
        Command::DuplicateTransformed(Transform::Turn(3)),
        Command::DuplicateTransformed(Transform::Mirror),
        Command::CopyFeature,
        Command::PasteFeature,
        Command::DeleteTile,
        Command::MoveTileUp,
        Command::MoveTileDown,
        Command::NextTile,
        Command::PreviousTile,
        Command::AddFeature(FeatureKind::City),
        Command::AddFeature(FeatureKind::Road),
        Command::AddFeature(FeatureKind::Field),
        Command::AddFeature(FeatureKind::Monastery),
        Command::AddFeature(FeatureKind::Garden),
        Command::DeriveEdges,
        Command::DeriveAdjacency,
        Command::GenerateOutlines,
        Command::NewTileFromImage,
        Command::ImportTileSheet,
        Command::ImportImageFolder,
        Command::ShowShortcuts,
    ];

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Command::NewTileSet => "New tile set",
            Command::NewExpansion => "New expansion",
            Command::NewRuleSet => "New rule set",
            Command::Open => "Open…",
            Command::Save => "Save",
            Command::SaveAs => "Save as…",
            Command::ExportJcz => "Export JCZ add-on…",
            Command::Close => "Close",
            Command::Quit => "Quit",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::Delete => "Delete selection",
            Command::ZoomIn => "Zoom in",
            Command::ZoomOut => "Zoom out",
            Command::ZoomFit => "Fit tile",
            Command::ToolSelect => "Select and move",
            Command::ToolDraw => "Draw outline",
            Command::ToolAnchor => "Place follower anchor",
            Command::ToggleSnap => "Snapping",
            Command::Cancel => "Cancel",
            Command::AddTile => "Add tile",
            Command::DuplicateTile => "Duplicate tile",
            Command::DuplicateTransformed(Transform::Turn(1)) => "Duplicate turned 90°",
            Command::DuplicateTransformed(Transform::Turn(2)) => "Duplicate turned 180°",
            Command::DuplicateTransformed(Transform::Turn(_)) => "Duplicate turned 270°",
            Command::DuplicateTransformed(Transform::Mirror) => "Duplicate mirrored",
            Command::CopyFeature => "Copy feature",
            Command::PasteFeature => "Paste feature",
            Command::ImportTileSheet => "Import tile sheet…",
            Command::ImportImageFolder => "Import folder of images…",
            Command::DeleteTile => "Delete tile",
            Command::MoveTileUp => "Move tile up",
            Command::MoveTileDown => "Move tile down",
            Command::NextTile => "Next tile",
            Command::PreviousTile => "Previous tile",
            Command::AddFeature(FeatureKind::City) => "Add city",
            Command::AddFeature(FeatureKind::Road) => "Add road",
            Command::AddFeature(FeatureKind::Field) => "Add field",
            Command::AddFeature(FeatureKind::Monastery) => "Add monastery",
            Command::AddFeature(FeatureKind::Garden) => "Add garden",
            Command::DeriveEdges => "Derive edges from outlines",
            Command::DeriveAdjacency => "Derive field–city adjacency",
            Command::GenerateOutlines => "Outline features from the schematic",
            Command::NewTileFromImage => "New tile from image…",
            Command::RotateView => "Turn view clockwise",
            Command::RotateViewBack => "Turn view anticlockwise",
            Command::ShowShortcuts => "Keyboard shortcuts",
        }
    }

    /// The keyboard shortcut, if any.
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        match self {
            Command::NewTileSet => key(CMD, Key::N),
            Command::Open => key(CMD, Key::O),
            Command::Save => key(CMD, Key::S),
            Command::SaveAs => key(CMD_SHIFT, Key::S),
            Command::Close => key(CMD, Key::W),
            Command::Quit => key(CMD, Key::Q),
            Command::Undo => key(CMD, Key::Z),
            Command::Redo => key(CMD_SHIFT, Key::Z),
            Command::Delete => key(NONE, Key::Delete),
            Command::ZoomIn => key(CMD, Key::Equals),
            Command::ZoomOut => key(CMD, Key::Minus),
            Command::ZoomFit => key(CMD, Key::Num0),
            Command::ToolSelect => key(NONE, Key::V),
            Command::ToolDraw => key(NONE, Key::P),
            Command::ToolAnchor => key(NONE, Key::A),
            Command::ToggleSnap => key(NONE, Key::S),
            Command::Cancel => key(NONE, Key::Escape),
            Command::DuplicateTile => key(CMD, Key::D),
            Command::CopyFeature => key(CMD, Key::C),
            Command::PasteFeature => key(CMD, Key::V),
            Command::NextTile => key(NONE, Key::PageDown),
            Command::PreviousTile => key(NONE, Key::PageUp),
            Command::AddFeature(FeatureKind::City) => key(NONE, Key::Num1),
            Command::AddFeature(FeatureKind::Road) => key(NONE, Key::Num2),
            Command::AddFeature(FeatureKind::Field) => key(NONE, Key::Num3),
            Command::AddFeature(FeatureKind::Monastery) => key(NONE, Key::Num4),
            Command::AddFeature(FeatureKind::Garden) => key(NONE, Key::Num5),
            Command::RotateView => key(NONE, Key::R),
            Command::RotateViewBack => key(Modifiers::SHIFT, Key::R),
            Command::ShowShortcuts => key(NONE, Key::F1),
            _ => None,
        }
    }

    /// Whether the shortcut is a bare key, which acts only while the canvas has the keyboard.
    pub fn is_bare_key(self) -> bool {
        self.shortcut()
            .is_some_and(|s| !s.modifiers.command && !s.modifiers.ctrl)
    }

    /// The commands whose shortcut was pressed this frame, in the order the keys were pressed
    /// (consumed from the input). A key press runs the shortcut with the most modifiers it
    /// matches, so Ctrl+Shift+Z never also counts as Ctrl+Z. Bare keys count only if
    /// `bare_keys` (the canvas has the keyboard); copy and paste events only unless `typing`.
    pub fn pressed(ctx: &egui::Context, typing: bool, bare_keys: bool) -> Vec<Command> {
        let mut ordered: Vec<(Command, KeyboardShortcut)> = Command::ALL
            .iter()
            .filter_map(|c| c.shortcut().map(|s| (*c, s)))
            .filter(|(c, _)| bare_keys || !c.is_bare_key())
            .collect();
        let weight = |m: Modifiers| u8::from(m.shift) + u8::from(m.alt) + u8::from(m.command || m.ctrl);
        ordered.sort_by_key(|(_, s)| std::cmp::Reverse(weight(s.modifiers)));
        ctx.input_mut(|input| {
            let presses: Vec<(Command, KeyboardShortcut)> = input
                .events
                .iter()
                .filter_map(|event| match event {
                    egui::Event::Key {
                        key,
                        pressed: true,
                        modifiers,
                        ..
                    } => ordered
                        .iter()
                        .find(|(_, s)| s.logical_key == *key && modifiers.matches_logically(s.modifiers))
                        .copied(),
                    // The platform turns Ctrl+C and Ctrl+V into these (outside text fields).
                    egui::Event::Copy if !typing => Some((Command::CopyFeature, KeyboardShortcut::new(CMD, Key::C))),
                    egui::Event::Paste(_) if !typing => {
                        Some((Command::PasteFeature, KeyboardShortcut::new(CMD, Key::V)))
                    }
                    _ => None,
                })
                .collect();
            // Each consume takes the first press left that matches, so the presses go in order;
            // a copy or paste event has no key press to consume.
            presses
                .into_iter()
                .filter(|(command, shortcut)| {
                    input.consume_shortcut(shortcut) || matches!(command, Command::CopyFeature | Command::PasteFeature)
                })
                .map(|(command, _)| command)
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shortcuts_are_unique() {
        let mut seen = HashSet::new();
        for command in Command::ALL {
            if let Some(s) = command.shortcut() {
                assert!(
                    seen.insert((s.modifiers.command, s.modifiers.shift, s.logical_key)),
                    "{command:?}"
                );
            }
        }
    }
}
