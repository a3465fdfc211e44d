//! Runs every scenario under `tests/scenarios/`: each is a worked example or clarification
//! from the rules, played on the engine and compared with the published outcome.

use std::path::Path;

use tilewright_engine::bundled;
use tilewright_engine::scenario::{check, run_text};
use tilewright_engine::validate::validate_sources;

#[test]
fn every_scenario_plays_out_as_the_rules_say() {
    let report = validate_sources(bundled::sources());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 18, "scenarios went missing: {}", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).unwrap();
        match run_text(&text, &report.catalog) {
            Err(e) => failures.push(format!("{name}: could not play: {e}")),
            Ok((scenario, outcome)) => {
                if let Err(diff) = check(&scenario, &outcome) {
                    failures.push(format!("{name}: {}\n{diff}", scenario.description));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
