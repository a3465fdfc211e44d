//! Images brought into a tile set: stored in `images/` beside it (written atomically, under a
//! name no file has yet, so nothing is ever overwritten), and tile sheets sliced into a grid
//! of tiles.

use std::path::Path;

use image::DynamicImage;
use tilewright_engine::files::{read_capped, write_atomically};
use tilewright_engine::tile_image::{ImageFile, MAX_IMAGE_BYTES};

/// The folder beside the tile set that images are stored in.
pub const IMAGES: &str = "images";

/// The image extensions the editor reads.
pub const IMAGE_EXTENSIONS: [&str; 4] = ["png", "jpg", "jpeg", "webp"];

/// Whether `path` names an image by its extension.
pub fn is_image(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.to_lowercase().as_str()))
}

/// A name for a new file in `images/` of `folder`: `{stem}.{extension}`, else `{stem}-2...`,
/// the first no file has. Returns the path relative to `folder`, with `/`.
pub fn free_name(folder: &Path, stem: &str, extension: &str) -> String {
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = if stem.is_empty() { "tile".to_owned() } else { stem };
    let taken = |name: &str| folder.join(IMAGES).join(name).symlink_metadata().is_ok();
    let name = crate::ids::unique_id(&stem, "-", |s| taken(&format!("{s}.{extension}")));
    format!("{IMAGES}/{name}.{extension}")
}

/// Writes `bytes` as a new image in `images/` of `folder` (never over an existing file);
/// returns its path relative to `folder`.
pub fn store(folder: &Path, stem: &str, extension: &str, bytes: &[u8]) -> Result<String, String> {
    let relative = free_name(folder, stem, extension);
    let target = folder.join(&relative);
    std::fs::create_dir_all(folder.join(IMAGES))
        .and_then(|()| write_atomically(&target, bytes))
        .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    Ok(relative)
}

/// Stores `image` as a new PNG in `images/` of `folder`; returns its relative path.
pub fn store_png(folder: &Path, stem: &str, image: &DynamicImage) -> Result<String, String> {
    let mut bytes = Vec::new();
    image
        .write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode a PNG: {e}"))?;
    store(folder, stem, "png", &bytes)
}

/// Copies the image file at `source` into `images/` of `folder` under a free name.
pub fn copy_in(folder: &Path, source: &Path) -> Result<String, String> {
    let bytes = read_capped(source, MAX_IMAGE_BYTES).map_err(|e| format!("{} {e}", source.display()))?;
    let stem = source.file_stem().map(|s| s.to_string_lossy()).unwrap_or_default();
    let extension = source
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_else(|| "png".into());
    store(folder, &stem, &extension, &bytes)
}

/// Reads and decodes an image the user picked, with the validator's limits.
pub fn decode(path: &Path) -> Result<DynamicImage, String> {
    ImageFile::read(path)
        .and_then(ImageFile::decode)
        .map_err(|e| format!("{} {e}", path.display()))
}

/// How a tile sheet is cut: a grid of equal cells, with a margin around the sheet and spacing
/// between cells (pixels).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// Rows of tiles.
    pub rows: u32,
    /// Columns of tiles.
    pub columns: u32,
    /// Pixels around the whole sheet.
    pub margin: u32,
    /// Pixels between two cells.
    pub spacing: u32,
}

impl Default for Grid {
    fn default() -> Self {
        Grid {
            rows: 1,
            columns: 1,
            margin: 0,
            spacing: 0,
        }
    }
}

/// One cell of a sheet, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Left.
    pub x: u32,
    /// Top.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Grid {
    /// The cells of a sheet of `size` pixels, row by row; an error when they do not fit.
    pub fn cells(&self, size: [u32; 2]) -> Result<Vec<Cell>, String> {
        let side = |total: u32, count: u32| -> Option<u32> {
            let gaps = self.spacing.checked_mul(count.checked_sub(1)?)?;
            let inner = total.checked_sub(self.margin.checked_mul(2)?)?.checked_sub(gaps)?;
            (count > 0 && inner >= count).then(|| inner / count)
        };
        let (Some(width), Some(height)) = (side(size[0], self.columns), side(size[1], self.rows)) else {
            return Err(format!(
                "{} × {} cells with a margin of {} and spacing of {} do not fit in {} × {} pixels",
                self.columns, self.rows, self.margin, self.spacing, size[0], size[1]
            ));
        };
        let at = |i: u32, side: u32| self.margin + i * (side + self.spacing);
        Ok((0..self.rows)
            .flat_map(|r| (0..self.columns).map(move |c| (r, c)))
            .map(|(r, c)| Cell {
                x: at(c, width),
                y: at(r, height),
                width,
                height,
            })
            .collect())
    }
}

/// Cuts `sheet` into `grid`'s cells and stores each as a new PNG in `images/` of `folder`
/// (`{stem}-{row}-{column}`); returns their relative paths, row by row.
pub fn slice(sheet: &DynamicImage, grid: &Grid, folder: &Path, stem: &str) -> Result<Vec<String>, String> {
    let cells = grid.cells([sheet.width(), sheet.height()])?;
    let columns = grid.columns.max(1) as usize;
    cells
        .iter()
        .enumerate()
        .map(|(i, cell)| {
            let tile = sheet.crop_imm(cell.x, cell.y, cell.width, cell.height);
            store_png(
                folder,
                &format!("{stem}-{}-{}", i / columns + 1, i % columns + 1),
                &tile,
            )
        })
        .collect()
}

/// The images of `folder` (not its subfolders), by name.
pub fn images_in(folder: &Path) -> Result<Vec<std::path::PathBuf>, String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
    let mut images: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && is_image(p))
        .collect();
    images.sort();
    Ok(images)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_leave_margins_and_spacing() {
        let grid = Grid {
            rows: 2,
            columns: 3,
            margin: 2,
            spacing: 1,
        };
        let cells = grid.cells([2 + 10 * 3 + 2 + 2, 2 + 8 * 2 + 1 + 2]).unwrap();
        assert_eq!(cells.len(), 6);
        assert_eq!(
            cells[0],
            Cell {
                x: 2,
                y: 2,
                width: 10,
                height: 8
            }
        );
        assert_eq!(
            cells[5],
            Cell {
                x: 24,
                y: 11,
                width: 10,
                height: 8
            }
        );
        let too_many = Grid { columns: 100, ..grid };
        assert!(too_many.cells([20, 20]).is_err());
        assert!(Grid { rows: 0, ..grid }.cells([20, 20]).is_err());
    }

    #[test]
    fn stored_images_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let first = store(dir.path(), "a b", "png", b"1").unwrap();
        let second = store(dir.path(), "a b", "png", b"2").unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("images/a-b.png", "images/a-b-2.png")
        );
        assert_eq!(std::fs::read(dir.path().join(first)).unwrap(), b"1");
    }
}
