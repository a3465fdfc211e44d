//! The add-on's artwork: a square picture per tile (its own image, or its schematic drawn from
//! the data), and for every feature a clip path and a meeple point in the unturned tile frame,
//! from the feature's outline and anchor or the schematic (`tilewright-picture`).

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::PathBuf;

use image::{ImageFormat, RgbaImage};
use serde_json::{Value, json};
use tilewright_engine::catalog::LoadedTileSet;
use tilewright_engine::files::{FileNames, human_size};
use tilewright_engine::model::FeatureKind;
use tilewright_engine::tile_image::ImageFile;
use tilewright_engine::{Diagnostic, Severity, tile_image};
use tilewright_picture::geometry::Point;
use tilewright_picture::{FeatureShape, feature_shapes, palette};

use crate::export::{ExportedTile, tile_code};

/// Side of a tile in artwork units (`tileSize`).
pub const TILE_SIZE: u32 = 1000;
/// Side in pixels of a tile picture drawn from the schematic.
pub const PICTURE_SIDE: u32 = 500;
/// Most pixels a side of a tile's own image in the add-on: one pixel per artwork unit, as
/// much as JCZ shows; a larger image is scaled down (keeping its shape).
pub const MAX_PICTURE_SIDE: u32 = TILE_SIZE;
/// Side in pixels of the add-on's icon.
pub const ICON_SIDE: u32 = 100;

/// The files of the artwork folder, by path inside it, and the warnings met.
#[derive(Debug, Default)]
pub struct Artwork {
    /// Files by path relative to the artwork folder.
    pub files: BTreeMap<String, Vec<u8>>,
    /// What will look different (an image stretched to a square).
    pub warnings: Vec<Diagnostic>,
}

/// The artwork of `tiles` (of `sets`), titled `title`; errors when a feature has no area.
pub fn artwork(sets: &[&LoadedTileSet], tiles: &[ExportedTile], title: &str) -> Result<Artwork, Vec<Diagnostic>> {
    let mut out = Artwork::default();
    let mut errors = Vec::new();
    let mut records = serde_json::Map::new();
    let mut icon = None;
    let mut names = FileNames::new();
    // Each image file read, by its resolved path: the picture made of it, and its size.
    let mut shared: BTreeMap<PathBuf, (String, (u32, u32))> = BTreeMap::new();
    // The bytes of the pictures made so far.
    let mut total = 0u64;
    let add = |files: &mut BTreeMap<String, Vec<u8>>, file: &str, bytes: Vec<u8>| {
        let len = bytes.len() as u64;
        files.insert(file.to_owned(), bytes);
        len
    };
    for exported in tiles {
        let loaded = sets[exported.set];
        let tile = &loaded.model.tiles[exported.tile];
        let at = |pointer: String, severity, message: String, help: &str| {
            let span = loaded.map.value_span(&pointer).unwrap_or(0..0);
            Diagnostic::at(severity, &loaded.source, span, message, help).with_pointer(pointer)
        };
        let shapes = feature_shapes(tile);
        let mut features = serde_json::Map::new();
        for (fid, key) in &exported.features {
            let pointer = format!("/tiles/{}/features/{fid}", exported.tile);
            let problem = match shapes.get(fid).filter(|s| !s.polygons.is_empty()) {
                None => Some((
                    format!("feature `{fid}` has no area to click in JCZ"),
                    "draw the feature's outline in the editor",
                )),
                Some(_) if features.contains_key(key) => Some((
                    format!("two features are both JCZ's `{key}`"),
                    "JCZ tells features apart by where they lie; join or move them",
                )),
                Some(shape) => {
                    features.insert(
                        key.clone(),
                        json!({ "clip": clip_path(shape), "point": point(shape.point) }),
                    );
                    None
                }
            };
            if let Some((message, help)) = problem {
                errors.push(at(
                    pointer,
                    Severity::Error,
                    format!("tile `{}`: {message}", tile.id),
                    help,
                ));
            }
        }
        let image_pointer = format!("/tiles/{}/image", exported.tile);
        let file = match &tile.image {
            Some(image) => {
                let opened =
                    tile_image::resolve(loaded.source.folder(), image).and_then(|path| match shared.get(&path) {
                        Some(done) => Ok((path, None, done.clone())),
                        None => {
                            let decoded = ImageFile::read(&path)?.decode()?;
                            let size = (decoded.width(), decoded.height());
                            Ok((path, Some(decoded), (String::new(), size)))
                        }
                    });
                let (path, decoded, (file, (width, height))) = match opened {
                    Ok(opened) => opened,
                    Err(e) => {
                        errors.push(at(
                            image_pointer,
                            Severity::Error,
                            format!("tile `{}`: {e}", tile.id),
                            &e.help(),
                        ));
                        continue;
                    }
                };
                if width != height {
                    out.warnings.push(at(
                        image_pointer.clone(),
                        Severity::Warning,
                        format!(
                            "tile `{}`: the image is {width}×{height}; JCZ stretches it to a square",
                            tile.id
                        ),
                        "use a square image",
                    ));
                }
                match decoded {
                    // Another tile's image: the file made for it serves this tile too.
                    None => file,
                    Some(decoded) => {
                        let picture = if width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE {
                            decoded.resize(
                                MAX_PICTURE_SIDE,
                                MAX_PICTURE_SIDE,
                                image::imageops::FilterType::Triangle,
                            )
                        } else {
                            decoded
                        }
                        .to_rgba8();
                        let file = format!("images/{}", names.name(&tile_code(&tile.id), "png"));
                        icon.get_or_insert_with(|| image::imageops::thumbnail(&picture, ICON_SIDE, ICON_SIDE));
                        total += add(&mut out.files, &file, png(&picture));
                        shared.insert(path, (file.clone(), (width, height)));
                        file
                    }
                }
            }
            None => {
                let picture = draw(&shapes, PICTURE_SIDE);
                let file = format!("images/{}", names.name(&tile_code(&tile.id), "png"));
                icon.get_or_insert_with(|| image::imageops::thumbnail(&picture, ICON_SIDE, ICON_SIDE));
                total += add(&mut out.files, &file, png(&picture));
                file
            }
        };
        if total > crate::archive::MAX_UNPACKED_BYTES {
            errors.push(at(
                image_pointer,
                Severity::Error,
                format!(
                    "tile `{}`: the add-on's pictures pass {} with this tile's, more than `import jcz` (and this export) takes in one add-on",
                    tile.id,
                    human_size(crate::archive::MAX_UNPACKED_BYTES)
                ),
                "use smaller images (each is scaled to at most 1000 pixels a side), or export fewer tiles at once",
            ));
            return Err(errors);
        }
        records.insert(exported.id.clone(), json!({ "image": file, "features": features }));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let icon = icon.unwrap_or_else(|| RgbaImage::from_pixel(ICON_SIDE, ICON_SIDE, rgba(palette::FIELD)));
    out.files.insert("icon.png".into(), png(&icon));
    out.files.insert("tiles.json".into(), pretty(&Value::Object(records)));
    let manifest = json!({
        "title": title,
        "description": format!("Tiles of {title}"),
        "icon": "icon.png",
        "perspective": "rotate",
        "tileSize": TILE_SIZE,
        "tilesInclude": ["tiles.json"],
    });
    out.files.insert("artwork.json".into(), pretty(&manifest));
    Ok(out)
}

/// JSON text with a final line break.
pub fn pretty(value: &Value) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text.into_bytes()
}

/// A coordinate in artwork units, as plain path data allows (no exponent, no `+`).
fn unit(v: f64) -> String {
    let scaled = (v.clamp(0.0, 1.0) * f64::from(TILE_SIZE) * 10.0).round() / 10.0;
    format!("{scaled}")
}

/// The clip of a shape: each polygon `M x y L x y … Z`, in artwork units.
pub fn clip_path(shape: &FeatureShape) -> String {
    shape
        .polygons
        .iter()
        .filter(|p| p.len() >= 3)
        .map(|polygon| {
            let points: Vec<String> = polygon
                .iter()
                .map(|p| format!("{} {}", unit(p[0]), unit(p[1])))
                .collect();
            format!("M{} Z", points.join(" L"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn point(p: Point) -> [i64; 2] {
    p.map(|v| (v.clamp(0.0, 1.0) * f64::from(TILE_SIZE)).round() as i64)
}

fn rgba(c: palette::Rgb) -> image::Rgba<u8> {
    image::Rgba([c[0], c[1], c[2], 255])
}

/// The tile drawn `side` pixels square: field ground, then each feature's area in its colour
/// (fields, roads, monasteries and gardens, cities on top).
pub fn draw(shapes: &BTreeMap<String, FeatureShape>, side: u32) -> RgbaImage {
    let mut pixmap = tiny_skia::Pixmap::new(side, side).expect("a picture of a positive size");
    let [r, g, b] = palette::FIELD;
    pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
    let layer = |kind: FeatureKind| match kind {
        FeatureKind::Field => 0,
        FeatureKind::Road => 1,
        FeatureKind::Monastery | FeatureKind::Garden => 2,
        FeatureKind::City => 3,
    };
    let mut order: Vec<&FeatureShape> = shapes.values().collect();
    order.sort_by_key(|s| layer(s.kind));
    let scale = side as f32;
    for shape in order {
        let colour = match shape.kind {
            FeatureKind::Field => palette::FIELD,
            FeatureKind::City => palette::CITY,
            FeatureKind::Road => palette::ROAD,
            FeatureKind::Monastery => palette::MONASTERY,
            FeatureKind::Garden => palette::GARDEN,
        };
        let mut path = tiny_skia::PathBuilder::new();
        for polygon in shape.polygons.iter().filter(|p| p.len() >= 3) {
            path.move_to(polygon[0][0] as f32 * scale, polygon[0][1] as f32 * scale);
            for p in &polygon[1..] {
                path.line_to(p[0] as f32 * scale, p[1] as f32 * scale);
            }
            path.close();
        }
        let Some(path) = path.finish() else {
            continue;
        };
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(colour[0], colour[1], colour[2], 255);
        paint.anti_alias = true;
        pixmap.fill_path(
            &path,
            &paint,
            tiny_skia::FillRule::Winding,
            tiny_skia::Transform::identity(),
            None,
        );
        if shape.kind == FeatureKind::City || shape.kind == FeatureKind::Road {
            let edge = if shape.kind == FeatureKind::City {
                palette::WALL
            } else {
                palette::ROAD_EDGE
            };
            paint.set_color_rgba8(edge[0], edge[1], edge[2], 255);
            let stroke = tiny_skia::Stroke {
                width: scale / 160.0,
                ..Default::default()
            };
            pixmap.stroke_path(&path, &paint, &stroke, tiny_skia::Transform::identity(), None);
        }
    }
    RgbaImage::from_raw(side, side, pixmap.take()).expect("the pixmap has side × side pixels")
}

/// An image as PNG bytes.
pub fn png(image: &RgbaImage) -> Vec<u8> {
    let mut bytes = Cursor::new(Vec::new());
    image
        .write_to(&mut bytes, ImageFormat::Png)
        .expect("encoding a PNG into memory cannot fail");
    bytes.into_inner()
}
