//! Imported tile sets as TOML files, written by the engine's writer with a `#:schema` line
//! when a `schemas/` folder is above where they go.

use std::path::Path;

use tilewright_engine::model::TileSet;
use tilewright_engine::{FileKind, template, writer};

/// The text of `set` as a tile-set file to be saved at `path`.
pub fn tileset_text(set: &TileSet, path: &Path) -> Result<String, String> {
    let text = writer::render(&toml_edit::DocumentMut::new(), set, None)?;
    let line = template::find_schema_line(path, FileKind::TileSet);
    Ok(template::with_schema_line(&text, line.as_deref()))
}
