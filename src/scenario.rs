//! `scenario`: plays rules scenarios (the format of `tilewright_engine::scenario`) and says for
//! each whether it plays out as it expects.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use tilewright_engine::selection::Data;
use tilewright_engine::validate::{read_source, toml_files_in};
use tilewright_engine::{Catalog, Diagnostic, scenario};

use crate::play::selection_message;
use crate::{escape, fail};

/// Options of `scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// Scenario files, or folders whose `.toml` files are scenarios (not searched further down;
    /// links in them are not followed).
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
    // Each file once, however often it is named or reached (as `validate` checks it).
    let mut seen = HashSet::new();
    let mut files = Vec::new();
    for path in &args.files {
        files.extend(
            scenario_files(path)
                .into_iter()
                .filter(|file| seen.insert(file.canonicalize().unwrap_or_else(|_| file.clone()))),
        );
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
            Err(failure) => {
                failed += 1;
                say!("FAILED {name}: {}", escape::line(&failure.summary));
                // Indented, each line made safe on its own.
                for line in failure.details.lines() {
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

/// `path` if it is not a folder, else the `.toml` files directly in it, found as `validate`
/// finds files in a folder: hidden ones and what `.gitignore` leaves out are skipped, and links
/// are not followed but named in a warning.
fn scenario_files(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_owned()];
    }
    let (files, problems) = toml_files_in(path);
    for problem in problems {
        say_err!("{}", escape::line(&problem.to_string()));
    }
    files
}

/// Why a scenario failed: a one-line summary, and the lines that say more.
struct Failure {
    summary: String,
    details: String,
}

impl From<Box<Diagnostic>> for Failure {
    fn from(problem: Box<Diagnostic>) -> Failure {
        Failure {
            summary: problem.to_string(),
            details: String::new(),
        }
    }
}

/// Plays one scenario file.
fn play(file: &Path, catalog: &Catalog) -> Result<(), Failure> {
    let (scenario, outcome) = scenario::run(&read_source(file)?, catalog)?;
    scenario::check(&scenario, &outcome).map_err(|diff| Failure {
        summary: scenario.description.clone(),
        details: diff,
    })
}
