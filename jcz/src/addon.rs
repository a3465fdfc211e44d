//! A whole add-on: `jcz-addon.json`, the expansion XML and the artwork folder, zipped.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::json;
use tilewright_engine::Diagnostic;
use tilewright_engine::catalog::LoadedTileSet;
use tilewright_engine::files::{human_size, write_atomically};

use crate::export::{ExportError, Unsupported, export_with};
use crate::{archive, artwork, xml};

/// The add-on's expansion XML, inside its folder.
pub const EXPANSION_FILE: &str = "expansion.xml";
/// The add-on's artwork folder.
pub const ARTWORK_FOLDER: &str = "artwork";
/// The JCZ version that reads `<implies>`; without any, the first with this add-on format.
pub const JCZ_WITH_IMPLIES: &str = "5.10.1";
/// The first JCZ version with this add-on format (artwork ids, the 900-unit board).
pub const JCZ_MINIMUM: &str = "5.10.0";

/// An add-on built in memory.
#[derive(Debug)]
pub struct Addon {
    /// The `.jca` bytes.
    pub bytes: Vec<u8>,
    /// Tiles exported.
    pub tiles: usize,
    /// What JCZ will play or show differently, located.
    pub warnings: Vec<Diagnostic>,
    /// The tiles left out, each with why ([`Unsupported::LeaveOut`]).
    pub left_out: Vec<Diagnostic>,
}

/// The add-on `id` (version `version`) of `sets`, refused if JCZ cannot express any tile.
pub fn build(sets: &[&LoadedTileSet], id: &str, version: u32) -> Result<Addon, ExportError> {
    build_with(sets, id, version, Unsupported::Refuse)
}

/// The add-on `id` (version `version`) of `sets`, doing with the tiles JCZ cannot express what
/// `unsupported` says.
pub fn build_with(
    sets: &[&LoadedTileSet],
    id: &str,
    version: u32,
    unsupported: Unsupported,
) -> Result<Addon, ExportError> {
    let exported = export_with(sets, id, unsupported)?;
    let title = exported
        .defs
        .expansion
        .as_ref()
        .map(|e| e.title.clone())
        .unwrap_or_else(|| id.to_owned());
    let art = artwork::artwork(sets, &exported.tiles, &title).map_err(|mut errors| {
        errors.extend(exported.warnings.iter().cloned());
        ExportError::Refused(errors)
    })?;
    let implies = exported.defs.expansion.as_ref().is_some_and(|e| !e.implies.is_empty());
    let manifest = json!({
        "title": title,
        "version": version,
        "minimumJczVersion": if implies { JCZ_WITH_IMPLIES } else { JCZ_MINIMUM },
        "expansions": [EXPANSION_FILE],
        "artworks": [ARTWORK_FOLDER],
    });
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    files.insert("jcz-addon.json".into(), artwork::pretty(&manifest));
    files.insert(EXPANSION_FILE.into(), xml::write(&exported.defs).into_bytes());
    for (path, bytes) in art.files {
        files.insert(format!("{ARTWORK_FOLDER}/{path}"), bytes);
    }
    let mut warnings = exported.warnings;
    warnings.extend(art.warnings);
    // What `import jcz` would refuse is not made.
    let xml_size = files[EXPANSION_FILE].len() as u64;
    let unpacked: u64 = files.values().map(|f| f.len() as u64).sum();
    const SMALLER: &str = "export fewer tiles at once, or use smaller images";
    let too_large = if xml_size > crate::input::MAX_XML_BYTES {
        Some((
            format!(
                "the add-on's tile XML would be {}, more than the {} `import jcz` reads",
                human_size(xml_size),
                human_size(crate::input::MAX_XML_BYTES)
            ),
            SMALLER,
        ))
    } else if unpacked > archive::MAX_UNPACKED_BYTES {
        Some((
            format!(
                "the add-on's files would hold {}, more than the {} `import jcz` unpacks",
                human_size(unpacked),
                human_size(archive::MAX_UNPACKED_BYTES)
            ),
            SMALLER,
        ))
    } else {
        crate::input::too_many_values(id, &files).map(|set| {
            (
                format!(
                    "`import jcz` would make tile set `{set}` of more than {} values (the tiles with their outlines from the artwork), more than a data file may hold",
                    tilewright_engine::source::MAX_VALUES
                ),
                "export fewer tiles at once, or draw the outlines with fewer points",
            )
        })
    };
    let bytes = match too_large {
        Some(refusal) => Err(refusal),
        None => {
            let bytes = archive::pack(id, &files);
            if bytes.len() as u64 > crate::input::MAX_ADDON_BYTES {
                let message = format!(
                    "the add-on would be {}, more than the {} `import jcz` reads",
                    human_size(bytes.len() as u64),
                    human_size(crate::input::MAX_ADDON_BYTES)
                );
                Err((message, SMALLER))
            } else {
                Ok(bytes)
            }
        }
    };
    let bytes = bytes.map_err(|(message, help)| {
        let mut found = vec![Diagnostic::file(
            sets.first().map(|s| s.source.path.clone()).unwrap_or_default(),
            message,
            help,
        )];
        found.extend(warnings.iter().cloned());
        ExportError::Refused(found)
    })?;
    Ok(Addon {
        bytes,
        tiles: exported.tiles.len(),
        warnings,
        left_out: exported.left_out,
    })
}

/// Writes an add-on's bytes to `path`, replacing it atomically.
pub fn save(addon: &Addon, path: &Path) -> std::io::Result<()> {
    write_atomically(path, &addon.bytes)
}
