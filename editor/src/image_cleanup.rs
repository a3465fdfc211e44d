//! Images no tile uses any more: those in the tile set's `images/` folder (where the editor
//! writes the images it makes) that no tile names, and the image of a tile just deleted. They
//! are offered for removal and removed only once the designer confirms: undo brings a tile
//! back, never a removed file.

use std::path::{Component, Path};

use tilewright_engine::model::Tile;

use crate::import::IMAGES;

/// The extensions of the image files the editor reads.
const IMAGE_EXTENSIONS: [&str; 4] = ["png", "jpg", "jpeg", "webp"];

/// The images under `folder` (the tile set's) that none of `tiles` names, as a tile's `image`
/// would name them (`images/gate.png`), sorted: every image file of `folder/images/`, and each
/// of `also` (images of tiles just deleted) that is a file inside `folder`.
pub fn unused_images(folder: &Path, tiles: &[Tile], also: &[String]) -> Vec<String> {
    let used = |name: &str| tiles.iter().any(|t| t.image.as_deref().is_some_and(|i| same(i, name)));
    let listed = std::fs::read_dir(folder.join(IMAGES))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| {
            Path::new(name)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        })
        .map(|name| format!("{IMAGES}/{name}"));
    let deleted = also
        .iter()
        .filter(|name| inside(name) && std::fs::symlink_metadata(folder.join(name)).is_ok_and(|m| m.is_file()))
        .cloned();
    let mut unused: Vec<String> = listed.chain(deleted).filter(|name| !used(name)).collect();
    unused.sort();
    unused.dedup_by(|a, b| same(a, b));
    unused
}

/// Removes `images` (as [`unused_images`] names them) from `folder`: how many were removed,
/// or what went wrong with each that was not.
pub fn remove_images(folder: &Path, images: &[String]) -> (usize, Vec<String>) {
    let mut removed = 0;
    let mut failed = Vec::new();
    for name in images {
        if !inside(name) {
            failed.push(format!("{name} is not inside the tile set's folder; it was left alone"));
            continue;
        }
        match std::fs::remove_file(folder.join(name)) {
            Ok(()) => removed += 1,
            Err(e) => failed.push(format!("{name} could not be removed: {e}")),
        }
    }
    (removed, failed)
}

/// Whether a tile's `image` stays inside the tile set's folder (relative, no `..`).
fn inside(name: &str) -> bool {
    Path::new(name)
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// Whether two `image` values name the same file (`./a.png` is `a.png`).
fn same(a: &str, b: &str) -> bool {
    let normal = |s: &str| -> Vec<String> {
        Path::new(s)
            .components()
            .filter(|c| !matches!(c, Component::CurDir))
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect()
    };
    normal(a) == normal(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_picture::testing::tile;

    fn with_image(image: &str) -> Tile {
        Tile {
            image: Some(image.into()),
            ..tile(["field"; 4], Vec::new())
        }
    }

    #[test]
    fn images_no_tile_names_are_offered_and_removed_on_request() {
        let dir = tempfile::tempdir().unwrap();
        let images = dir.path().join(IMAGES);
        std::fs::create_dir(&images).unwrap();
        for name in ["a.png", "b.PNG", "c.jpg", "notes.txt"] {
            std::fs::write(images.join(name), b"x").unwrap();
        }
        std::fs::write(dir.path().join("art.png"), b"x").unwrap();
        let tiles = [with_image("images/a.png"), with_image("./images/c.jpg")];
        assert_eq!(unused_images(dir.path(), &tiles, &[]), ["images/b.PNG"]);
        // A deleted tile's image outside `images/` is offered too; one outside the folder never.
        let also = [
            "art.png".to_owned(),
            "../elsewhere.png".to_owned(),
            "gone.png".to_owned(),
        ];
        assert_eq!(unused_images(dir.path(), &tiles, &also), ["art.png", "images/b.PNG"]);
        // Nothing is removed until asked; then exactly what was asked.
        assert!(images.join("b.PNG").exists());
        let (removed, failed) = remove_images(dir.path(), &["images/b.PNG".to_owned(), "../x.png".to_owned()]);
        assert_eq!(removed, 1);
        assert_eq!(failed.len(), 1, "{failed:?}");
        assert!(!images.join("b.PNG").exists());
        assert!(images.join("a.png").exists() && dir.path().join("art.png").exists());
        assert!(unused_images(dir.path(), &tiles, &[]).is_empty());
    }
}
