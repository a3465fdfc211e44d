//! `scenario`: plays rules scenarios (the format of `tilewright_engine::scenario`) and says for
//! each whether it plays out as it expects.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use tilewright_engine::Catalog;
use tilewright_engine::files::read_capped;
use tilewright_engine::scenario::{check, run_text};
use tilewright_engine::selection::Data;
use tilewright_engine::validate::MAX_FILE_BYTES;

use crate::play::selection_message;
use crate::{escape, fail};

/// Options of `scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// Scenario files, or folders whose `.toml` files are scenarios (not searched further down).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Tile-set and rule-set files or folders the scenarios play with beyond the bundled ones.
    #[arg(long, num_args = 1..)]
    data: Vec<PathBuf>,
}

/// Runs `scenario`: `ok NAME` for each scenario that plays out as it expects, `FAILED NAME`
/// with what differs for each other one, then a count. Exit status 1 if any failed, 2 when no
/// scenario was named.
pub fn scenario(args: ScenarioArgs) -> ExitCode {
    let catalog = match Data::load(args.data.iter().map(PathBuf::as_path)) {
        Ok(data) => data.into_catalog().with_base(tilewright_engine::bundled::catalog()),
        Err(e) => return fail(selection_message(e)),
    };
    let mut files = Vec::new();
    for path in &args.files {
        match scenario_files(path) {
            Ok(found) => files.extend(found),
            Err(e) => return fail(e),
        }
    }
    if files.is_empty() {
        say_err!("error: no scenario files (`.toml`) in the folders named");
        return ExitCode::from(2);
    }
    let mut failed = 0;
    for file in &files {
        let name = escape::line(&file.file_stem().unwrap_or(file.as_os_str()).to_string_lossy());
        match play(file, &catalog) {
            Ok(()) => say!("ok {name}"),
            Err(why) => {
                failed += 1;
                let mut lines = why.lines();
                say!("FAILED {name}: {}", escape::line(lines.next().unwrap_or_default()));
                // Indented, so no line a scenario file supplies can start a workflow command.
                for line in lines {
                    say!("  {}", escape::line(line));
                }
            }
        }
    }
    say!("{} passed, {failed} failed", files.len() - failed);
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `path` if it is not a folder, else the `.toml` files in it, by name (hidden ones left out).
fn scenario_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let entries = std::fs::read_dir(path).map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|file| {
            let name = file.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
            name.ends_with(".toml") && !name.starts_with('.')
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Plays one scenario file: `Err` says why it failed, its first line a summary.
fn play(file: &Path, catalog: &Catalog) -> Result<(), String> {
    let bytes = read_capped(file, MAX_FILE_BYTES).map_err(|e| format!("{} {e}", file.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", file.display()))?;
    let (scenario, outcome) = run_text(&text, catalog).map_err(|e| format!("could not play: {e}"))?;
    check(&scenario, &outcome).map_err(|diff| format!("{}\n{}", scenario.description, diff.trim_end()))
}
