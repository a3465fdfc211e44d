//! Tile images: opened through the engine's `tile_image` (the validator's rules: inside the
//! tile set's folder, regular files, capped reads, decoding under limits) on a worker thread,
//! uploaded as textures, with a small copy for thumbnails. A file that cannot be read becomes
//! a message, never a crash.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use egui::{ColorImage, TextureHandle, TextureOptions};
use image::DynamicImage;
use tilewright_engine::tile_image::{self, ImageFile};

use crate::worker::{Backlog, Service};

/// Longest side of the texture shown on the canvas.
pub const CANVAS_SIDE: u32 = 2048;
/// Longest side of thumbnail textures.
pub const THUMB_SIDE: u32 = 160;
/// Images larger than this many pixels a side are refused (the validator's limit too).
pub const MAX_SIDE: u32 = tilewright_engine::validate::MAX_IMAGE_SIDE;

/// A loaded image.
pub struct Loaded {
    /// Full-size texture (at most [`CANVAS_SIDE`] a side).
    pub full: TextureHandle,
    /// Thumbnail texture.
    pub thumb: TextureHandle,
    /// Size of the file's image in pixels.
    pub size: [u32; 2],
}

/// Where an image is.
pub enum Slot {
    /// Being decoded.
    Loading,
    /// Ready to draw.
    Ready(Loaded),
    /// Could not be read: why.
    Failed(String),
}

type Decoded = (PathBuf, Result<(ColorImage, ColorImage, [u32; 2]), String>);

/// A tile's image to load: where it is cached, and the tile set's folder and `image` value
/// it is resolved from.
type Request = (PathBuf, PathBuf, String);

/// Images by the path the tile set's folder and the tile's `image` make.
pub struct ImageCache {
    slots: HashMap<PathBuf, Slot>,
    worker: Service<Request, Decoded>,
}

/// Decodes an image file the user picked (not yet a tile's image) into a canvas-sized and a
/// thumbnail-sized image; read and decoded as the validator does.
pub fn decode(path: &Path) -> Result<(ColorImage, ColorImage, [u32; 2]), String> {
    let image = ImageFile::read(path)
        .and_then(ImageFile::decode)
        .map_err(|e| format!("{} {e}", path.display()))?;
    Ok(textures(image))
}

/// Opens a tile's image through the engine, with the validator's rules: inside the tile
/// set's folder, a regular file, size-capped, decoded under limits.
pub fn decode_tile(folder: &Path, image: &str) -> Result<(ColorImage, ColorImage, [u32; 2]), String> {
    let image = tile_image::open(folder, image).map_err(|e| format!("image `{image}` {e}"))?;
    Ok(textures(image))
}

/// A decoded image as a canvas-sized and a thumbnail-sized image, and its size.
fn textures(image: DynamicImage) -> (ColorImage, ColorImage, [u32; 2]) {
    let size = [image.width(), image.height()];
    let to_color = |img: DynamicImage| {
        let rgba = img.to_rgba8();
        ColorImage::from_rgba_unmultiplied([rgba.width() as usize, rgba.height() as usize], rgba.as_raw())
    };
    let thumb = image.thumbnail(THUMB_SIDE, THUMB_SIDE);
    let full = if size[0].max(size[1]) > CANVAS_SIDE {
        image.resize(CANVAS_SIDE, CANVAS_SIDE, image::imageops::FilterType::Triangle)
    } else {
        image
    };
    (to_color(full), to_color(thumb), size)
}

impl ImageCache {
    /// Starts the decoding worker; `wake` repaints the UI when an image is ready.
    pub fn new(wake: impl Fn() + Send + 'static) -> ImageCache {
        let worker = Service::spawn("images", Backlog::All, wake, |(path, folder, image): Request| {
            let result = decode_tile(&folder, &image);
            (path, result)
        });
        ImageCache {
            slots: HashMap::new(),
            worker,
        }
    }

    /// The image a tile of the tile set in `folder` names, asking for it if it is not known
    /// yet.
    pub fn get(&mut self, folder: &Path, image: &str) -> &Slot {
        let path = folder.join(image);
        if !self.slots.contains_key(&path) {
            self.worker.ask((path.clone(), folder.to_owned(), image.to_owned()));
            self.slots.insert(path.clone(), Slot::Loading);
        }
        &self.slots[&path]
    }

    /// Uploads decoded images; returns whether any arrived.
    pub fn poll(&mut self, ctx: &egui::Context) -> bool {
        let mut any = false;
        for (path, result) in self.worker.answers() {
            let slot = match result {
                Ok((full, thumb, size)) => {
                    let name = path.display().to_string();
                    Slot::Ready(Loaded {
                        full: ctx.load_texture(format!("{name}#full"), full, TextureOptions::LINEAR),
                        thumb: ctx.load_texture(format!("{name}#thumb"), thumb, TextureOptions::LINEAR),
                        size,
                    })
                }
                Err(message) => Slot::Failed(message),
            };
            self.slots.insert(path, slot);
            any = true;
        }
        any
    }

    /// Forgets every image (after a reload from disk), so changed files are read again.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// Waits until nothing is loading (tests and benchmarks).
    pub fn wait(&mut self, ctx: &egui::Context) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while self.slots.values().any(|s| matches!(s, Slot::Loading)) && std::time::Instant::now() < deadline {
            if !self.poll(ctx) {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}

/// What to draw for a tile: its image texture if it has one that is ready, and any problem
/// reading it.
pub fn tile_texture(
    cache: &mut ImageCache,
    folder: Option<&Path>,
    tile: &tilewright_engine::model::Tile,
    thumb: bool,
) -> (Option<egui::TextureId>, Option<String>) {
    let Some(image) = &tile.image else { return (None, None) };
    let Some(folder) = folder else {
        return (None, Some("save the tile set to see its images".into()));
    };
    match cache.get(folder, image) {
        Slot::Loading => (None, None),
        Slot::Ready(loaded) => (Some(if thumb { loaded.thumb.id() } else { loaded.full.id() }), None),
        Slot::Failed(message) => (None, Some(message.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_images_follow_the_validators_rules() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("set");
        std::fs::create_dir_all(&set).unwrap();
        image::RgbImage::new(3, 2).save(set.join("a.png")).unwrap();
        image::RgbImage::new(3, 2).save(dir.path().join("outside.png")).unwrap();
        let (_, _, size) = decode_tile(&set, "a.png").unwrap();
        assert_eq!(size, [3, 2]);
        let refused = |image: &str| decode_tile(&set, image).err().unwrap_or_default();
        assert!(refused("../outside.png").contains("leaves the tile set's folder"));
        assert!(refused(".").contains("is a folder, not a regular file"));
        assert!(refused("none.png").contains("does not exist"));
        #[cfg(unix)]
        {
            let fifo = set.join("pipe.png");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                assert!(refused("pipe.png").contains("is a FIFO"));
            }
        }
    }
}
