//! `export jcz` and `import jcz`: JCloisterZone add-ons from tile sets, and tile sets from
//! JCloisterZone tile XML or add-ons (the `tilewright-jcz` crate does the work).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use tilewright_engine::selection::Selection;
use tilewright_engine::validate::validate_paths;
use tilewright_engine::{Diagnostic, bundled};
use tilewright_jcz::addon;
use tilewright_jcz::export::{ExportError, Unsupported};

use crate::{escape, fail, usage_fail};

/// What `export` writes.
#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// A JCloisterZone add-on (`.jca`): the tiles as JCZ tile XML, a picture per tile and
    /// every feature's clickable area and meeple point. JCZ plays the tiles with its own base
    /// game, which supplies the start tile.
    Jcz(ExportJczArgs),
}

/// Options of `export jcz`.
#[derive(Debug, Args)]
pub struct ExportJczArgs {
    /// Tile sets to export: bundled ids or paths of files and folders (a path contains a `/`
    /// or ends in `.toml`).
    #[arg(long, num_args = 1.., default_values = ["base"])]
    tilesets: Vec<String>,
    /// Further files and folders the tile sets need.
    #[arg(long, num_args = 1..)]
    data: Vec<PathBuf>,
    /// The add-on id (lowercase letters, digits and `-`, at most 64); default: the one tile
    /// set's id, or `tilewright-tiles` for several.
    #[arg(long, value_parser = parse_id)]
    id: Option<String>,
    /// The add-on's version, a whole number: raise it for each new release, as JCZ refuses
    /// saved games of a newer one.
    #[arg(long, default_value_t = 1)]
    version: u32,
    /// The `.jca` file to write (replaced if it exists).
    #[arg(long)]
    out: PathBuf,
    /// Export the tiles JCZ can play and list each one left out with why, instead of
    /// refusing the whole add-on for one tile.
    #[arg(long)]
    skip_unsupported: bool,
}

/// What `import` reads.
#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// JCloisterZone tile XML (5.x or 4.x) or a `.jca` add-on, as tile sets: one per JCZ set
    /// name, `:1`/`:2` sets as the two editions, JCZ's tile ids kept, and from an add-on each
    /// tile's image and outlines.
    Jcz(ImportJczArgs),
}

/// Options of `import jcz`.
#[derive(Debug, Args)]
pub struct ImportJczArgs {
    /// The JCZ XML file or `.jca` add-on.
    file: PathBuf,
    /// The folder to write the tile sets into (made if missing); existing files are not
    /// replaced.
    #[arg(long)]
    out: PathBuf,
    /// Put before each tile set's id and file name, keeping clear of the bundled ids:
    /// lowercase letters, digits and `-`, at most 64 characters.
    #[arg(long, default_value = "jcz-", value_parser = parse_prefix)]
    prefix: String,
}

/// `--id`, checked before anything is read or written.
fn parse_id(text: &str) -> Result<String, String> {
    tilewright_jcz::export::check_id(text).map(|()| text.to_owned())
}

/// `--prefix`, checked before anything is read or written.
fn parse_prefix(text: &str) -> Result<String, String> {
    tilewright_jcz::import::check_prefix(text).map(|()| text.to_owned())
}

/// Runs `export jcz`.
pub fn export(command: ExportCommand) -> ExitCode {
    let ExportCommand::Jcz(args) = command;
    let selection = Selection::from_args(&args.tilesets, "new-edition");
    let resolved = match selection.load(&args.data) {
        Ok(r) => r,
        Err(e) => return fail(crate::play::selection_message(e)),
    };
    let mut sets: Vec<&tilewright_engine::catalog::LoadedTileSet> = Vec::new();
    for named in &resolved.tilesets {
        let id = named.split('@').next().unwrap_or(named);
        match resolved.catalog.tileset(id) {
            // An add-on holds every edition of a set: one named in two editions goes in once.
            Some(set) if sets.iter().any(|s| s.model.id == set.model.id) => {}
            Some(set) => sets.push(set),
            None => {
                return usage_fail(format!(
                    "`{id}` is an expansion file; JCZ add-ons are made of tile sets (`tilewright list`)"
                ));
            }
        }
    }
    // As `--html` and `--record` are: before the work, exit status 1.
    if let Err(e) = crate::play::check_output("--out", Some(&args.out), &resolved.read) {
        return fail(e);
    }
    let id = args.id.clone().unwrap_or_else(|| match sets.as_slice() {
        [one] => one.model.id.clone(),
        _ => "tilewright-tiles".to_owned(),
    });
    let unsupported = if args.skip_unsupported {
        Unsupported::LeaveOut
    } else {
        Unsupported::Refuse
    };
    let built = match addon::build_with(&sets, &id, args.version, unsupported) {
        Ok(built) => built,
        Err(ExportError::Id(message)) => return usage_fail(message),
        Err(ExportError::Refused(found)) => {
            show(&found);
            let errors = found.iter().filter(|d| d.is_error()).count();
            // Only a tile can be left out.
            let of_tiles = found.iter().any(|d| d.is_error() && d.pointer.starts_with("/tiles/"));
            let hint = if of_tiles && !args.skip_unsupported {
                " (`--skip-unsupported` exports the other tiles)"
            } else {
                ""
            };
            return fail(format!(
                "JCZ cannot express {errors} thing(s) above; nothing written{hint}"
            ));
        }
    };
    show(&built.warnings);
    show(&built.left_out);
    if let Err(e) = addon::save(&built, &args.out) {
        return fail(format!("{}: {e}", escape::path(&args.out)));
    }
    let left_out = match built.left_out.len() {
        0 => String::new(),
        _ => format!(", {} tile(s) left out", left_out_tiles(&built.left_out)),
    };
    say!(
        "wrote {} ({} tiles{left_out}, {} warning(s)); install it in JCZ under Settings → Add-ons",
        escape::path(&args.out),
        built.tiles,
        built.warnings.len()
    );
    ExitCode::SUCCESS
}

/// Runs `import jcz`.
pub fn import(command: ImportCommand) -> ExitCode {
    let ImportCommand::Jcz(args) = command;
    let outcome = match tilewright_jcz::input::import_path(&args.file, &args.prefix) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    for note in &outcome.imported.notes {
        say_err!("note: {}", escape::line(note));
    }
    if outcome.imported.sets.is_empty() {
        return fail("the file has no tile set to import");
    }
    let (files, written) = match tilewright_jcz::input::write_pending(&outcome, &args.out) {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let sets: Vec<PathBuf> = written
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .cloned()
        .collect();
    let report = validate_paths(&sets, bundled::catalog());
    show(&report.diagnostics);
    let errors = report.diagnostics.iter().filter(|d| d.is_error()).count();
    if errors > 0 {
        // A failed import leaves nothing behind.
        let left = files.undo();
        for path in &left {
            say_err!("note: {} could not be removed", escape::path(path));
        }
        return fail(format!(
            "the tile sets made from {} do not validate ({errors} error(s) above); nothing written",
            escape::path(&args.file)
        ));
    }
    files.keep();
    for path in &written {
        say!("wrote {}", escape::path(path));
    }
    say!(
        "imported {} tile(s) into {} tile set(s); {} note(s), {} problem(s) on validation",
        outcome.imported.tiles,
        outcome.imported.sets.len(),
        outcome.imported.notes.len(),
        report.diagnostics.len()
    );
    if report.diagnostics.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// How many tiles the messages of `left_out` are about (a tile may have several).
fn left_out_tiles(left_out: &[Diagnostic]) -> usize {
    let tiles: std::collections::BTreeSet<(&std::path::Path, &str)> = left_out
        .iter()
        .map(|d| {
            (
                d.file.as_path(),
                d.pointer.split('/').take(3).nth(2).unwrap_or_default(),
            )
        })
        .collect();
    tiles.len()
}

fn show(found: &[Diagnostic]) {
    for d in found {
        say_err!("{}", escape::line(&d.to_string()));
    }
}
