//! `tilewright draw`: a picture of each tile of a set, as SVG files drawn from the data alone
//! (the schematic every front end shows, [`tilewright_picture::svg`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tilewright_engine::bundled;
use tilewright_engine::files;
use tilewright_engine::model::Tile;
use tilewright_engine::selection::{Data, Named};
use tilewright_engine::validate::did_you_mean;
use tilewright_picture::{SvgOptions, tile_svg};

use crate::escape;

/// Arguments of `tilewright draw`.
#[derive(Debug, clap::Args)]
pub struct DrawArgs {
    /// The tile set: a bundled id (`tilewright list`), or the path of a file or folder whose
    /// tile sets are drawn (a path has a `/` or ends in `.toml`).
    set: String,
    /// The tiles to draw, by id. Default: every tile of the set.
    tiles: Vec<String>,
    /// The folder the pictures go into (made if missing); an existing picture of the same
    /// name is replaced.
    #[arg(long)]
    out: PathBuf,
    /// Width and height of each picture, in pixels.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(16..=4096))]
    size: u32,
}

/// Runs `tilewright draw`.
pub fn draw(args: DrawArgs) -> ExitCode {
    let tiles = match set_tiles(&args.set).and_then(|all| chosen(all, &args.tiles)) {
        Ok(tiles) => tiles,
        Err(message) => return crate::fail(message),
    };
    if let Err(e) = out_folder(&args.out) {
        return crate::fail(format!("--out {}: {e}", escape::path(&args.out)));
    }
    let mut names = files::FileNames::new();
    for tile in &tiles {
        let path = args.out.join(names.name(&tile.id, "svg"));
        let svg = tile_svg(tile, SvgOptions { size: args.size });
        if let Err(e) = files::write_atomically(&path, svg.as_bytes()) {
            return crate::fail(format!("cannot write {}: {e}", escape::path(&path)));
        }
    }
    let pictures = if tiles.len() == 1 { "picture" } else { "pictures" };
    say_err!("wrote {} {pictures} into {}", tiles.len(), escape::path(&args.out));
    ExitCode::SUCCESS
}

/// Makes the folder `out` if it is missing; what is there already must be a folder (or a
/// link to one).
fn out_folder(out: &Path) -> Result<(), String> {
    match std::fs::metadata(out) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(meta) => Err(format!(
            "it is {}, not a folder; choose another path",
            files::describe(meta.file_type())
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(out).map_err(|e| format!("cannot make the folder: {e}"))
        }
        Err(e) => Err(format!("cannot use it as a folder: {e}")),
    }
}

/// The tiles of the set named `set` (an id or a path, [`Named::parse`]), or why there are none.
fn set_tiles(set: &str) -> Result<Vec<Tile>, String> {
    match Named::parse(set) {
        Named::Id(id) => {
            let catalog = bundled::catalog();
            if let Some(found) = catalog.tileset(&id) {
                return Ok(found.model.tiles.clone());
            }
            let known: Vec<String> = catalog.tilesets.iter().map(|t| t.model.id.clone()).collect();
            Err(format!(
                "there is no bundled tile set `{id}`; {}the ones known are: {} (to draw a file or folder, give its path, such as `./{id}.toml`)",
                did_you_mean(&id, &known),
                known.join(", ")
            ))
        }
        Named::Path(path) => {
            let data = Data::load([path.as_path()]).map_err(|e| e.to_string())?;
            let tiles: Vec<Tile> = data
                .into_catalog()
                .tilesets
                .into_iter()
                .flat_map(|t| t.model.tiles)
                .collect();
            if tiles.is_empty() {
                return Err(format!("{} holds no tile set", escape::path(&path)));
            }
            Ok(tiles)
        }
    }
}

/// The tiles among `all` named by `ids`, in the order first named, each once (all of them
/// when none is named).
fn chosen(all: Vec<Tile>, ids: &[String]) -> Result<Vec<Tile>, String> {
    if ids.is_empty() {
        return Ok(all);
    }
    let known: Vec<String> = all.iter().map(|t| t.id.clone()).collect();
    let mut named = BTreeSet::new();
    ids.iter()
        .filter(|id| named.insert(id.as_str()))
        .map(|id| {
            all.iter().find(|t| &t.id == id).cloned().ok_or_else(|| {
                format!(
                    "the set has no tile `{id}`; {}its tiles are: {}",
                    did_you_mean(id, &known),
                    known.join(", ")
                )
            })
        })
        .collect()
}
