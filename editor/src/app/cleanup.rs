//! Unused images offered for removal ([`crate::image_cleanup`]): after a tile is deleted whose
//! image no other tile uses, and on *Tile → Clean up unused images…*. A dialog lists them, each
//! ticked, and removes the ticked ones only when the designer confirms.

use super::EditorApp;
use crate::image_cleanup::{remove_images, unused_images};

/// The answer to the clean-up dialog.
enum Answer {
    Remove,
    Keep,
}

impl EditorApp {
    /// Offers the image of tile `index`, about to be deleted, when no other tile uses it (with
    /// any other image of `images/` no tile uses).
    pub(super) fn offer_images_of_deleted(&mut self, index: usize) {
        let (Some(set), Some(folder)) = (self.workspace.tileset(), self.workspace.folder()) else {
            return;
        };
        let Some(image) = set.tiles.get(index).and_then(|t| t.image.clone()) else {
            return;
        };
        let others: Vec<_> = set
            .tiles
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, t)| t.clone())
            .collect();
        let unused = unused_images(&folder, &others, std::slice::from_ref(&image));
        if unused.contains(&image) {
            self.workspace.cleanup = Some(unused.into_iter().map(|name| (name, true)).collect());
        }
    }

    /// Offers every image of `images/` that no tile uses, or says there is none.
    pub(super) fn offer_unused_images(&mut self) {
        let Some(folder) = self.images_folder() else { return };
        let Some(set) = self.workspace.tileset() else { return };
        let unused = unused_images(&folder, &set.tiles, &[]);
        if unused.is_empty() {
            self.message("Every image in images/ is used by a tile.", false);
        } else {
            self.workspace.cleanup = Some(unused.into_iter().map(|name| (name, true)).collect());
        }
    }

    /// Draws the clean-up dialog, and removes or keeps the images as the designer answers.
    pub(super) fn cleanup_modal(&mut self, ctx: &egui::Context) {
        let Some(offered) = self.workspace.cleanup.as_mut() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("image-cleanup")).show(ctx, |ui| {
            ui.set_width(420.0);
            ui.heading("Images no tile uses");
            ui.label("Tick the images to remove from the tile set's folder. Undo brings a deleted tile back, not a removed image.");
            ui.add_space(6.0);
            for (name, ticked) in offered.iter_mut() {
                ui.checkbox(ticked, name.as_str());
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let count = offered.iter().filter(|(_, t)| *t).count();
                let label = if count == 1 {
                    "Remove 1 image".to_owned()
                } else {
                    format!("Remove {count} images")
                };
                if ui.add_enabled(count > 0, egui::Button::new(label)).clicked() {
                    answer = Some(Answer::Remove);
                }
                if ui.button("Keep them").clicked() {
                    answer = Some(Answer::Keep);
                }
            });
        });
        match answer {
            Some(Answer::Remove) => {
                let ticked: Vec<String> = self
                    .workspace
                    .cleanup
                    .take()
                    .unwrap_or_default()
                    .into_iter()
                    .filter_map(|(name, ticked)| ticked.then_some(name))
                    .collect();
                let Some(folder) = self.workspace.folder() else { return };
                let (removed, failed) = remove_images(&folder, &ticked);
                let noun = if removed == 1 { "image" } else { "images" };
                self.message(format!("Removed {removed} {noun}."), false);
                for failure in failed {
                    self.message(failure, true);
                }
            }
            Some(Answer::Keep) => self.workspace.cleanup = None,
            None => {}
        }
    }
}
