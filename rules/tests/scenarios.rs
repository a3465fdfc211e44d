//! Runs every scenario under the top-level `scenarios/`, each as its own test named after its file:
//! a worked example or clarification from the rules, played on the engine and compared with
//! the published outcome. `cargo test -p tilewright-rules --test scenarios -- NAME` runs one;
//! a failure prints what differs.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libtest_mimic::{Arguments, Failed, Trial};
use tilewright_load::bundled;
use tilewright_load::catalog::Catalog;
use tilewright_load::scenario::{check, run_text};
use tilewright_load::validate::{Report, validate_sources};

/// How many scenarios there were when each became its own test: fewer means some went missing.
const AT_LEAST: usize = 198;

/// The bundled data, validated once for all the scenarios that run.
fn bundled_data() -> &'static Report {
    static REPORT: OnceLock<Report> = OnceLock::new();
    REPORT.get_or_init(|| validate_sources(bundled::sources(), bundled::catalog()))
}

fn play(file: &Path, catalog: &Catalog) -> Result<(), Failed> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let (scenario, outcome) = run_text(&text, catalog).map_err(|e| format!("could not play: {e}"))?;
    check(&scenario, &outcome).map_err(|diff| format!("{}\n{diff}", scenario.description).into())
}

fn main() {
    let args = Arguments::from_args();
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let found = files.len();
    let mut trials = vec![Trial::test("scenarios-are-all-there", move || {
        let report = bundled_data();
        if !report.diagnostics.is_empty() {
            return Err(format!("the bundled data does not validate: {:#?}", report.diagnostics).into());
        }
        if found < AT_LEAST {
            return Err(format!("scenarios went missing: {found} found, at least {AT_LEAST} expected").into());
        }
        Ok(())
    })];
    trials.extend(files.into_iter().map(|file| {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        Trial::test(name, move || play(&file, &bundled_data().catalog))
    }));
    libtest_mimic::run(&args, trials).exit();
}
