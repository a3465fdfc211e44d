//! Reading what `import jcz` is given (one JCZ XML file, or a `.jca` add-on with its XML and
//! artwork) and writing the tile sets it makes, with the add-on's tile images and outlines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tilewright_engine::files::{FileNames, NewFiles, read_capped};

use crate::import::{Imported, import};
use crate::{archive, toml_out, xml};

/// Largest add-on `import jcz` reads.
pub const MAX_ADDON_BYTES: u64 = 256 * 1024 * 1024;
/// Largest XML file `import jcz` reads (JCZ's own are tens of kilobytes).
pub const MAX_XML_BYTES: u64 = 16 * 1024 * 1024;

/// Tile sets made from a JCZ file, with the images they name.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The sets, tiles and notes.
    pub imported: Imported,
    /// Image files, by path relative to the sets' folder.
    pub images: BTreeMap<String, Vec<u8>>,
}

/// Imports the JCZ XML file or `.jca` add-on at `path`, each set id after `prefix`.
pub fn import_path(path: &Path, prefix: &str) -> Result<Outcome, String> {
    let shown = path.display().to_string();
    let bytes = read_capped(path, MAX_ADDON_BYTES).map_err(|e| format!("{shown}: {e}"))?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if bytes.starts_with(b"PK") {
        let unpacked = archive::unpack(&bytes).map_err(|e| format!("{shown}: {e}"))?;
        drop(bytes);
        return import_addon(unpacked, &shown, prefix);
    }
    if bytes.len() as u64 > MAX_XML_BYTES {
        return Err(format!(
            "{shown}: larger than {MAX_XML_BYTES} bytes, too large for tile XML"
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    let mut imported = import_xml(&text, &shown, &stem, prefix)?;
    imported.restore_ids();
    Ok(Outcome {
        imported,
        images: BTreeMap::new(),
    })
}

fn import_xml(text: &str, shown: &str, name: &str, prefix: &str) -> Result<Imported, String> {
    let (defs, _) =
        xml::read(text, name).map_err(|e| format!("{shown}:{}:{}: {}", e.pos.line, e.pos.column, e.message))?;
    Ok(import(&defs, shown, prefix))
}

/// The first tile set `import jcz` would make of the add-on `files` whose
/// file would hold more values than a data file may, with that set's id; `None` when every
/// file it would write can be read back.
pub(crate) fn too_many_values(id: &str, files: &BTreeMap<String, Vec<u8>>) -> Option<String> {
    let unpacked = archive::Unpacked {
        id: id.to_owned(),
        // Images as empty files: an image named is what counts, not its bytes.
        files: files
            .iter()
            .map(|(name, bytes)| {
                let text = name.ends_with(".xml") || name.ends_with(".json");
                (name.clone(), if text { bytes.clone() } else { Vec::new() })
            })
            .collect(),
    };
    let outcome = import_addon(unpacked, id, "jcz-").ok()?;
    outcome.imported.sets.iter().find_map(|set| {
        let text = toml_out::tileset_text(set, Path::new(&format!("{}.toml", set.id))).ok()?;
        tilewright_engine::source::parse_toml(&text)
            .is_err()
            .then(|| set.id.clone())
    })
}

/// Imports every expansion XML of an add-on, with the tile images and plain clip outlines of
/// its artwork.
fn import_addon(mut addon: archive::Unpacked, shown: &str, prefix: &str) -> Result<Outcome, String> {
    let manifest = json_file(&addon, "jcz-addon.json", shown)?;
    let list = |key: &str| -> Vec<String> {
        manifest
            .get(key)
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
            .unwrap_or_default()
    };
    let mut outcome = Outcome::default();
    for file in list("expansions") {
        let bytes = addon
            .files
            .get(&file)
            .ok_or_else(|| format!("{shown}: `jcz-addon.json` lists `{file}`, which the add-on does not hold"))?;
        if bytes.len() as u64 > MAX_XML_BYTES {
            return Err(format!(
                "{shown}: `{file}` is larger than {MAX_XML_BYTES} bytes, too large for tile XML"
            ));
        }
        let text = String::from_utf8_lossy(bytes);
        let one = import_xml(&text, &format!("{shown}:{}/{file}", addon.id), &addon.id, prefix)?;
        outcome.imported.sets.extend(one.sets);
        outcome.imported.tiles += one.tiles;
        outcome.imported.notes.extend(one.notes);
        outcome.imported.keys.extend(one.keys);
        outcome.imported.source_ids.extend(one.source_ids);
    }
    let mut images = Images::default();
    for folder in list("artworks") {
        let art = json_file(&addon, &format!("{folder}/artwork.json"), shown)?;
        let size = match art.get("tileSize") {
            None => 900.0,
            Some(size) => size.as_f64().filter(|s| s.is_finite() && *s > 0.0).ok_or_else(|| {
                format!(
                    "{shown}: `{folder}/artwork.json`: `\"tileSize\": {size}` is not a positive number; it is the side of a tile in the units of the artwork's paths and points (JCZ's own is 1000)"
                )
            })?,
        };
        let includes: Vec<String> = art
            .get("tilesInclude")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect())
            .unwrap_or_default();
        for include in includes {
            let records = json_file(&addon, &format!("{folder}/{include}"), shown)?;
            apply_artwork(&mut outcome, &mut addon, &mut images, &folder, &records, size);
        }
    }
    images.note_missing(&mut outcome.imported.notes, shown);
    // After the artwork, whose records name the tiles by JCZ id.
    outcome.imported.restore_ids();
    Ok(outcome)
}

fn json_file(addon: &archive::Unpacked, file: &str, shown: &str) -> Result<Value, String> {
    let bytes = addon
        .files
        .get(file)
        .ok_or_else(|| format!("{shown}: the add-on has no `{file}`"))?;
    serde_json::from_slice(bytes).map_err(|e| format!("{shown}: `{file}`: {e}"))
}

/// The add-on's images taken so far: each written once, however many tiles show it.
#[derive(Debug, Default)]
struct Images {
    /// By path in the add-on: the file written for it, or `None` when the add-on lacks it.
    taken: BTreeMap<String, Option<String>>,
    /// The names of the files written.
    names: FileNames,
    /// The images the add-on lacks, by path, with the tiles that name them.
    missing: BTreeMap<String, Vec<String>>,
}

impl Images {
    /// The file written for the image at `path` in the add-on, first seen on tile `tile`.
    fn take(
        &mut self,
        addon: &mut archive::Unpacked,
        images: &mut BTreeMap<String, Vec<u8>>,
        path: String,
        tile: &str,
    ) -> Option<String> {
        if let Some(file) = self.taken.get(&path) {
            if file.is_none() {
                self.missing.entry(path).or_default().push(tile.to_owned());
            }
            return file.clone();
        }
        let file = match addon.files.remove(&path) {
            Some(bytes) => {
                let ext = Path::new(&path)
                    .extension()
                    .and_then(|e| e.to_str())
                    .filter(|e| e.len() <= 5 && e.bytes().all(|b| b.is_ascii_alphanumeric()))
                    .unwrap_or("png");
                let file = format!("images/{}", self.names.name(tile, ext));
                images.insert(file.clone(), bytes);
                Some(file)
            }
            None => {
                self.missing.entry(path.clone()).or_default().push(tile.to_owned());
                None
            }
        };
        self.taken.insert(path, file.clone());
        file
    }

    /// A note for each image the artwork names and the add-on lacks.
    fn note_missing(&self, notes: &mut Vec<String>, shown: &str) {
        for (path, tiles) in &self.missing {
            let others = match tiles.len() {
                1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            notes.push(format!(
                "{shown}: the artwork shows tile `{}`{others} with `{path}`, which the add-on does not hold; imported without an image (add one in the editor)",
                tiles[0]
            ));
        }
    }
}

/// Takes each imported tile's image and its features' plain clip paths and points.
fn apply_artwork(
    outcome: &mut Outcome,
    addon: &mut archive::Unpacked,
    taken: &mut Images,
    folder: &str,
    records: &Value,
    size: f64,
) {
    let Outcome { imported, images } = outcome;
    for set in &mut imported.sets {
        for tile in &mut set.tiles {
            let Some(record) = records.get(&tile.id) else {
                continue;
            };
            let href = record
                .get("image")
                .and_then(|i| i.as_str().or_else(|| i.get("href").and_then(Value::as_str)));
            if let Some(href) = href {
                tile.image = taken.take(addon, images, format!("{folder}/{href}"), &tile.id);
            }
            let keys = imported.keys.get(&tile.id).cloned().unwrap_or_default();
            for (fid, key) in keys {
                let Some(value) = record.get("features").and_then(|f| f.get(&key)) else {
                    continue;
                };
                let Some(feature) = tile.features.get_mut(&fid) else {
                    continue;
                };
                let clip = value
                    .get("clip")
                    .and_then(|c| c.as_str().or_else(|| c.get("d").and_then(Value::as_str)));
                match clip.and_then(|d| polygons(d, size)) {
                    Some(p) => feature.polygons = p,
                    None => imported.notes.push(format!(
                        "tile `{}`: the artwork of `{key}` is not a plain path of straight lines; its outline is left to the editor",
                        tile.id
                    )),
                }
                if let Some([x, y]) = value
                    .get("point")
                    .and_then(|p| serde_json::from_value::<[f64; 2]>(p.clone()).ok())
                {
                    feature.anchor = Some([round(x / size), round(y / size)]);
                }
            }
        }
    }
}

fn round(v: f64) -> f64 {
    (v.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0
}

/// The polygons of SVG path data made of absolute `M L H V Z` commands only, scaled by
/// `1 / size`; `None` for anything else (curves, relative moves, arcs).
pub fn polygons(d: &str, size: f64) -> Option<Vec<Vec<[f64; 2]>>> {
    let mut out: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut current: Vec<[f64; 2]> = Vec::new();
    let mut numbers: Vec<f64> = Vec::new();
    let mut command = ' ';
    let mut at = [0.0, 0.0];
    let spaced: String = d
        .chars()
        .flat_map(|c| {
            if c.is_ascii_alphabetic() {
                vec![' ', c, ' ']
            } else if c == ',' {
                vec![' ']
            } else {
                vec![c]
            }
        })
        .collect();
    let mut flush =
        |command: char, numbers: &mut Vec<f64>, current: &mut Vec<[f64; 2]>, at: &mut [f64; 2]| -> Option<()> {
            match command {
                'M' | 'L' => {
                    if !numbers.len().is_multiple_of(2) {
                        return None;
                    }
                    for (i, pair) in numbers.chunks(2).enumerate() {
                        if command == 'M' && i == 0 && current.len() >= 3 {
                            out.push(std::mem::take(current));
                        } else if command == 'M' && i == 0 {
                            current.clear();
                        }
                        *at = [pair[0], pair[1]];
                        current.push(*at);
                    }
                }
                'H' => numbers.iter().for_each(|x| {
                    at[0] = *x;
                    current.push(*at);
                }),
                'V' => numbers.iter().for_each(|y| {
                    at[1] = *y;
                    current.push(*at);
                }),
                'Z' => {
                    if current.len() >= 3 {
                        out.push(std::mem::take(current));
                    }
                    current.clear();
                }
                ' ' if numbers.is_empty() => {}
                _ => return None,
            }
            numbers.clear();
            Some(())
        };
    for word in spaced.split_whitespace() {
        if let Some(c) = word.chars().next().filter(char::is_ascii_alphabetic) {
            flush(command, &mut numbers, &mut current, &mut at)?;
            command = c;
        } else {
            numbers.push(word.parse().ok()?);
        }
    }
    flush(command, &mut numbers, &mut current, &mut at)?;
    if current.len() >= 3 {
        out.push(current);
    }
    let scaled: Vec<Vec<[f64; 2]>> = out
        .into_iter()
        .map(|p| p.into_iter().map(|[x, y]| [round(x / size), round(y / size)]).collect())
        .collect();
    (!scaled.is_empty()).then_some(scaled)
}

/// Writes each set as `<dir>/<id>.toml` and the images beside them, all or nothing, never over
/// an existing file nor through a link inside `dir`; the paths written.
pub fn write(outcome: &Outcome, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let (files, written) = write_pending(outcome, dir)?;
    files.keep();
    Ok(written)
}

/// Writes as [`write()`] does, and returns the files written, which are removed unless kept
/// (when what was written then fails to validate, say), with their paths.
pub fn write_pending(outcome: &Outcome, dir: &Path) -> Result<(NewFiles, Vec<PathBuf>), String> {
    let mut files = NewFiles::new();
    let mut written = Vec::new();
    for set in &outcome.imported.sets {
        let name = format!("{}.toml", set.id);
        let path = dir.join(&name);
        let text = toml_out::tileset_text(set, &path)?;
        files
            .write_under(dir, Path::new(&name), text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    for (name, bytes) in &outcome.images {
        let path = dir.join(name);
        files
            .write_under(dir, Path::new(name), bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok((files, written))
}
