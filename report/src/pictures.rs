//! The picture of each tile a report names: its schematic as inline SVG (the drawing every
//! front end shows, [`tilewright_picture::svg`]), and its own image, when it has one, as a
//! small embedded PNG. Made once, after the games (the statistics never wait for them), and
//! only for a page.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::Path;

use base64::Engine as _;
use image::imageops::FilterType;
use maud::{Markup, PreEscaped, html};
use tilewright_engine::catalog::Catalog;
use tilewright_engine::model::Tile;
use tilewright_engine::tile_image;
use tilewright_picture::schematic::schematic;
use tilewright_picture::svg::{SvgOptions, tile_markup};

/// Pixels a side of a tile's schematic in the tables.
pub const PICTURE_SIZE: u32 = 48;

/// The longest side of an embedded image, in pixels: a picture the size of the table's row,
/// twice over for sharp screens, so a huge image costs the page a few kilobytes at most.
pub const THUMBNAIL_SIDE: u32 = 96;

/// One tile's pictures.
#[derive(Debug, Clone)]
struct TilePicture {
    svg: String,
    /// The image as a `data:` URL.
    thumbnail: Option<String>,
}

/// The pictures of the tiles of a report, by tile set and tile id.
#[derive(Debug, Clone, Default)]
pub struct TilePictures {
    tiles: BTreeMap<(String, String), TilePicture>,
}

impl TilePictures {
    /// No pictures (a page without them).
    pub fn none() -> TilePictures {
        TilePictures::default()
    }

    /// The pictures of the tiles `wanted` (tile set id, tile id) found among `catalog`'s tile
    /// sets; images are read from each set's folder. An image that cannot be read is left out
    /// (validation has said why).
    pub fn of<'a>(catalog: &Catalog, wanted: impl IntoIterator<Item = (&'a str, &'a str)>) -> TilePictures {
        let mut tiles = BTreeMap::new();
        for (set, id) in wanted {
            let Some(loaded) = catalog.tileset(set) else { continue };
            let Some(tile) = loaded.model.tiles.iter().find(|t| t.id == id) else {
                continue;
            };
            let picture = TilePicture {
                svg: svg(tile),
                thumbnail: tile
                    .image
                    .as_deref()
                    .and_then(|image| thumbnail(loaded.source.folder(), image)),
            };
            tiles.insert((set.to_owned(), id.to_owned()), picture);
        }
        TilePictures { tiles }
    }

    /// The pictures of a tile, for a table cell (nothing when there are none).
    pub fn cell(&self, set: &str, id: &str) -> Markup {
        let Some(picture) = self.tiles.get(&(set.to_owned(), id.to_owned())) else {
            return html! {};
        };
        html! {
            span.pictures {
                (PreEscaped(&picture.svg))
                @if let Some(url) = &picture.thumbnail {
                    img.thumbnail src=(url) alt="" width=(PICTURE_SIZE) height=(PICTURE_SIZE) {}
                }
            }
        }
    }

    /// Whether any tile has a picture.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }
}

/// A tile's schematic as inline SVG.
fn svg(tile: &Tile) -> String {
    tile_markup(tile, &schematic(tile), SvgOptions { size: PICTURE_SIZE }).into_string()
}

/// A tile's image (`image`, relative to `folder`) scaled to fit [`THUMBNAIL_SIDE`], as a PNG
/// `data:` URL; `None` when it cannot be read within the engine's limits.
pub fn thumbnail(folder: &Path, image: &str) -> Option<String> {
    let decoded = tile_image::open(folder, image).ok()?;
    let small = if decoded.width().max(decoded.height()) > THUMBNAIL_SIDE {
        decoded.resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, FilterType::Triangle)
    } else {
        decoded
    };
    let mut png = Vec::new();
    small
        .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
        .ok()?;
    Some(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(url: &str) -> image::DynamicImage {
        let data = url.strip_prefix("data:image/png;base64,").expect("a PNG data URL");
        let bytes = base64::engine::general_purpose::STANDARD.decode(data).unwrap();
        image::load_from_memory_with_format(&bytes, image::ImageFormat::Png).unwrap()
    }

    #[test]
    fn a_large_image_is_embedded_small() {
        let dir = tempfile::tempdir().unwrap();
        let big = image::RgbImage::from_fn(1600, 800, |x, y| image::Rgb([(x % 251) as u8, (y % 241) as u8, 90]));
        big.save(dir.path().join("big.png")).unwrap();
        let url = thumbnail(dir.path(), "big.png").unwrap();
        let small = decoded(&url);
        assert_eq!((small.width(), small.height()), (THUMBNAIL_SIDE, THUMBNAIL_SIDE / 2));
        assert!(url.len() < 40_000, "{} bytes", url.len());
    }

    #[test]
    fn a_small_image_keeps_its_size_and_a_missing_one_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        image::RgbImage::new(20, 30).save(dir.path().join("small.png")).unwrap();
        let small = decoded(&thumbnail(dir.path(), "small.png").unwrap());
        assert_eq!((small.width(), small.height()), (20, 30));
        assert_eq!(thumbnail(dir.path(), "missing.png"), None);
        assert_eq!(thumbnail(dir.path(), "../outside.png"), None);
    }

    #[test]
    fn the_tiles_asked_for_get_their_schematic() {
        let catalog = tilewright_engine::bundled::catalog();
        let pictures = TilePictures::of(catalog, [("base", "D"), ("base", "no-such-tile"), ("nowhere", "D")]);
        let cell = pictures.cell("base", "D").into_string();
        assert!(cell.starts_with("<span class=\"pictures\"><svg "), "{cell}");
        assert!(cell.contains("<title>D"));
        assert!(!cell.contains("<img"), "the bundled tiles have no image");
        assert_eq!(pictures.cell("base", "no-such-tile").into_string(), "");
        assert_eq!(pictures.cell("nowhere", "D").into_string(), "");
    }
}
