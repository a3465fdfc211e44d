//! Tiles made from the selected one: duplicated turned or mirrored (with a new image turned
//! the same way), and features copied and pasted between tiles.

use std::path::Path;

use tilewright_engine::model::{Count, EdgeRef, Feature, Tile};
use tilewright_engine::tile_image;

use super::EditorApp;
use crate::document::Edit;

use crate::actions::Actions;
use crate::ids::{fresh_feature_id, next_tile_id};
use crate::import;
use crate::transform::Transform;

/// Names a duplicated tile after its original with `what` in brackets (`… (copy)`,
/// `… (mirrored)`) and gives it one copy in the supply, to be raised once it is drawn.
pub(super) fn as_copy(tile: &mut Tile, what: &str) {
    tile.name = if tile.name.trim().is_empty() {
        what.to_owned()
    } else {
        format!("{} ({what})", tile.name)
    };
    tile.count = Count::All(1);
}

impl EditorApp {
    /// Adds, after the selected tile, a copy of it turned or mirrored.
    pub(super) fn duplicate_transformed(&mut self, transform: Transform, actions: &mut Actions) {
        let Some((index, tile)) = self.selected_tile().map(|(i, t)| (i, t.clone())) else {
            return;
        };
        let Some(set) = self.workspace.tileset() else { return };
        let mut copy = transform.tile(&tile);
        copy.id = next_tile_id(set);
        as_copy(&mut copy, &transform.words());
        if let Some(image) = &tile.image {
            let Some(folder) = self.images_folder() else { return };
            match transformed_image(&folder, image, transform) {
                Ok(relative) => copy.image = Some(relative),
                Err(e) => return self.message(e, true),
            }
        }
        actions.edit(Edit::AddTile {
            index: index + 1,
            tile: Box::new(copy),
        });
        self.view.select_tile(index + 1);
    }

    /// Keeps the selected feature to paste, and puts it on the system clipboard as TOML.
    pub(super) fn copy_feature(&mut self) {
        let Some((_, tile)) = self.selected_tile() else { return };
        let Some(feature) = self
            .view
            .selection
            .feature
            .as_ref()
            .and_then(|id| tile.features.get(id))
        else {
            return;
        };
        let feature = feature.clone();
        self.workspace.copied_text = toml::to_string(&feature).ok();
        self.workspace.clipboard = Some(feature);
    }

    /// Adds the copied feature to the selected tile under a free key: its outlines and anchor
    /// as copied, its `on` list from where its outlines meet this tile's edges, and only the
    /// references to this tile's features kept.
    pub(super) fn paste_feature(&mut self, actions: &mut Actions) {
        let Some(copied) = self.workspace.clipboard.clone() else {
            return self.message("Nothing to paste: select a feature and copy it (Ctrl+C) first.", false);
        };
        let Some((index, tile)) = self.selected_tile() else {
            return;
        };
        let id = fresh_feature_id(tile, copied.kind);
        let mut pasted = tile.clone();
        pasted.features.insert(id.clone(), fitted(copied, tile));
        let on = crate::derive::derive_on(&pasted).remove(&id).unwrap_or_default();
        let feature = pasted.features.remove(&id).map(|mut f| {
            f.on = on.into_iter().map(EdgeRef).collect();
            Box::new(f)
        });
        actions.edit(Edit::SetFeature {
            tile: index,
            id: id.clone(),
            feature,
        });
        self.view.selection.feature = Some(id);
        self.view.selection.vertex = None;
    }
}

/// A copied feature as it may stand on `tile`: references to features the tile lacks dropped.
fn fitted(mut feature: Feature, tile: &tilewright_engine::model::Tile) -> Feature {
    feature.on.clear();
    feature.cities.retain(|c| tile.features.contains_key(c));
    feature.at = feature.at.filter(|a| tile.features.contains_key(a));
    feature
}

/// The tile image `image` transformed and stored as a new PNG beside the tile set.
fn transformed_image(folder: &Path, image: &str, transform: Transform) -> Result<String, String> {
    let decoded = tile_image::open(folder, image).map_err(|e| format!("image `{image}` {e}"))?;
    let stem = Path::new(image)
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    import::store_png(
        folder,
        &format!("{stem}-{}", transform.slug()),
        &transform.image(&decoded),
    )
}
