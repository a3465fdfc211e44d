//! View state: what is selected, which tool is active, where the canvas looks. Not part of the
//! document, never undone, never saved.

use tilewright_engine::model::{FeatureKind, Tile, TileSet};

/// Canvas tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Select features, move and insert vertices.
    #[default]
    Select,
    /// Click points to draw an outline for the selected feature.
    Draw,
    /// Click to place the selected feature's follower anchor.
    Anchor,
}

/// What is selected.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Selection {
    /// The tile, by index.
    pub tile: Option<usize>,
    /// The feature of that tile, by id.
    pub feature: Option<String>,
    /// The vertex of that feature: polygon and point index.
    pub vertex: Option<(usize, usize)>,
}

/// Which part of a tile-set document the central area shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    /// The tiles and the canvas.
    #[default]
    Tiles,
    /// Set-level values: name, editions, figures, bags, mechanisms.
    Set,
    /// The file's text.
    Source,
    /// A game played with the file's tiles or rules.
    Play,
    /// Bots play the set many times: scores, win rates, what each tile does.
    Balance,
}

/// Zoom and pan of the canvas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Zoom relative to fitting the tile in the canvas.
    pub zoom: f32,
    /// Offset of the tile's centre from the canvas centre, in points.
    pub pan: egui::Vec2,
    /// Quarter turns clockwise.
    pub turns: u8,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            zoom: 1.0,
            pan: egui::Vec2::ZERO,
            turns: 0,
        }
    }
}

/// The keys that invert snapping while held, as the hints name them. Shift as well as Alt,
/// since most Linux window managers take Alt+drag to move windows.
pub const INVERT_SNAPPING_KEYS: &str = "Shift or Alt";

/// Whether the held modifiers invert snapping ([`INVERT_SNAPPING_KEYS`]).
pub fn snapping_inverted(modifiers: egui::Modifiers) -> bool {
    modifiers.shift || modifiers.alt
}

/// Everything about how the document is being looked at.
#[derive(Debug, Clone)]
pub struct ViewState {
    /// The selection.
    pub selection: Selection,
    /// The canvas tool.
    pub tool: Tool,
    /// Whether points snap (holding Shift or Alt inverts it).
    pub snapping: bool,
    /// Zoom and pan.
    pub camera: Camera,
    /// The edition whose counts are shown.
    pub edition: String,
    /// The kind given to features drawn without a selected feature.
    pub draw_kind: FeatureKind,
    /// What the central area shows.
    pub page: Page,
    /// Whether the shortcut list is open.
    pub show_shortcuts: bool,
}

impl Default for ViewState {
    fn default() -> Self {
        ViewState {
            selection: Selection::default(),
            tool: Tool::Select,
            snapping: true,
            camera: Camera::default(),
            edition: String::new(),
            draw_kind: FeatureKind::City,
            page: Page::Tiles,
            show_shortcuts: false,
        }
    }
}

impl ViewState {
    /// Keeps the selection pointing at things that exist.
    pub fn clamp_to(&mut self, set: Option<&TileSet>) {
        let Some(set) = set else {
            self.selection = Selection::default();
            return;
        };
        if set.tiles.is_empty() {
            self.selection = Selection::default();
            return;
        }
        let tile = self.selection.tile.unwrap_or(0).min(set.tiles.len() - 1);
        self.selection.tile = Some(tile);
        let features = &set.tiles[tile].features;
        if let Some(id) = &self.selection.feature {
            match features.get(id) {
                None => {
                    self.selection.feature = None;
                    self.selection.vertex = None;
                }
                Some(f) => {
                    if let Some((p, v)) = self.selection.vertex
                        && f.polygons.get(p).is_none_or(|poly| v >= poly.len())
                    {
                        self.selection.vertex = None;
                    }
                }
            }
        } else {
            self.selection.vertex = None;
        }
        if !set.editions.contains(&self.edition) {
            self.edition = crate::editions::starting_edition(&set.editions);
        }
    }

    /// The selected tile of `set`, with its index.
    pub fn selected_tile<'s>(&self, set: &'s TileSet) -> Option<(usize, &'s Tile)> {
        let i = self.selection.tile?;
        set.tiles.get(i).map(|t| (i, t))
    }

    /// Selects a tile (and nothing inside it).
    pub fn select_tile(&mut self, index: usize) {
        if self.selection.tile != Some(index) {
            self.selection = Selection {
                tile: Some(index),
                feature: None,
                vertex: None,
            };
        }
    }
}
