//! Validation: TOML syntax, then the committed JSON Schema, then the checks no schema can make,
//! first per file and then across files (duplicate ids, `extends`).
//!
//! The CLI, the editor and game setup all load data through here, so a file that validates is
//! exactly a file the engine accepts.

mod components;
pub(crate) mod report;
mod ruleset;
mod schema_check;
mod tileset;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::catalog::{Catalog, Document, Model};
use crate::diagnostic::{Diagnostic, Severity};
use crate::schema::FileKind;
use crate::source::{Source, parse_toml};
pub(crate) use report::Reporter;
pub use ruleset::{ResolveError, resolve as resolve_rules};
pub use tileset::{MAX_IMAGE_BYTES, MAX_IMAGE_SIDE};

/// Largest data file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The outcome of validating some files: what loaded, and every diagnostic.
#[derive(Debug, Default)]
pub struct Report {
    /// The files that passed every per-file check.
    pub catalog: Catalog,
    /// Every diagnostic, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// How many files were checked.
    pub files: usize,
    /// The text of every file read, for rendering snippets.
    pub sources: Vec<Source>,
}

impl Report {
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count()
    }
}

/// Validates files and folders (searched recursively for data files).
///
/// Files named directly are always checked. In folders, a `.toml` file is checked when its
/// `#:schema` line names a Tilewright schema or its keys show what kind of file it is, so a
/// repository's other TOML files (such as `Cargo.toml`) are left alone.
pub fn validate_paths(paths: &[PathBuf]) -> Report {
    let mut sources = Vec::new();
    let mut diagnostics = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            collect_toml(path, &mut found);
            found.sort();
            for file in found {
                match read_source(&file) {
                    Ok(source) if detect_kind(&source.text).is_some() => sources.push(source),
                    Ok(_) => {}
                    Err(d) => diagnostics.push(*d),
                }
            }
        } else {
            match read_source(path) {
                Ok(source) => sources.push(source),
                Err(d) => diagnostics.push(*d),
            }
        }
    }
    let files = sources.len() + diagnostics.len();
    let mut report = validate_sources(sources);
    diagnostics.append(&mut report.diagnostics);
    report.diagnostics = diagnostics;
    report.files = files;
    report
}

fn collect_toml(folder: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let hidden = name.to_string_lossy().starts_with('.') || name == "target";
        match entry.file_type() {
            Ok(t) if t.is_dir() && !hidden => collect_toml(&path, out),
            Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "toml") => out.push(path),
            _ => {}
        }
    }
}

/// Reads a data file, refusing huge, binary and non-UTF-8 files with a located message.
pub fn read_source(path: &Path) -> Result<Source, Box<Diagnostic>> {
    let fail = |message: String, help: String| Box::new(Diagnostic::file(path, message, help));
    let meta =
        std::fs::metadata(path).map_err(|e| fail(format!("cannot read the file: {e}"), "check the path".into()))?;
    if meta.len() > MAX_FILE_BYTES {
        let mib = |n: u64| n / (1024 * 1024);
        return Err(fail(
            format!("the file is {} MiB, too large for a data file", mib(meta.len())),
            format!(
                "data files must be under {} MiB; split the tile set into several files",
                mib(MAX_FILE_BYTES)
            ),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| {
        fail(
            format!("cannot read the file: {e}"),
            "check the path and its permissions".into(),
        )
    })?;
    source_from_bytes(path, bytes)
}

/// Turns raw bytes into a source, or a located diagnostic if they are not UTF-8 text.
pub fn source_from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Source, Box<Diagnostic>> {
    let binary = |offset: usize, what: &str| {
        let before = String::from_utf8_lossy(&bytes[..offset]).into_owned();
        let source = Source::new(path, before);
        let mut d = Diagnostic::at(
            Severity::Error,
            &source,
            offset..offset,
            format!("the file {what} at byte {offset}, so it is not a text file"),
            "save the file as UTF-8 TOML text",
        );
        d.span = 0..0;
        Box::new(d)
    };
    if let Some(offset) = bytes.iter().position(|b| *b == 0) {
        return Err(binary(offset, "has a NUL byte"));
    }
    match String::from_utf8(bytes.clone()) {
        Ok(text) => Ok(Source::new(path, text)),
        Err(e) => Err(binary(e.utf8_error().valid_up_to(), "is not valid UTF-8")),
    }
}

/// What kind of data file this text is: from its `#:schema` line, else from its keys.
pub fn detect_kind(text: &str) -> Option<FileKind> {
    for line in text
        .lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
    {
        if let Some(target) = line.trim_start().strip_prefix("#:schema") {
            let target = target.trim();
            if let Some(kind) = FileKind::ALL
                .into_iter()
                .find(|k| target.ends_with(k.schema_file_name()))
            {
                return Some(kind);
            }
        }
    }
    let parsed = parse_toml(text).ok()?;
    let has = |key: &str| parsed.value.get(key).is_some();
    // A rules scenario (a laid-out table, turns, expectations) may name switches, but it is
    // not a data file.
    if has("layout") || has("turns") || has("expect") {
        return None;
    }
    if has("tiles") || has("start-tile") {
        Some(FileKind::TileSet)
    } else if has("scoring") || has("switches") || has("extends") {
        Some(FileKind::RuleSet)
    } else if has("figures") || has("bags") || has("mechanisms") {
        Some(FileKind::Expansion)
    } else {
        None
    }
}

/// Validates sources already in memory (the editor's open document, tests, bundled data).
/// The bundled rule sets are always available to `extends`.
pub fn validate_sources(sources: Vec<Source>) -> Report {
    let mut diagnostics = Vec::new();
    let mut catalog = Catalog::default();
    let files = sources.len();
    let texts = sources.clone();
    for source in sources {
        if let Some(document) = check_file(source, &mut diagnostics) {
            catalog.add(document);
        }
    }
    check_across(&catalog, &mut diagnostics);
    let order = |d: &Diagnostic| texts.iter().position(|s| s.path == d.file).unwrap_or(usize::MAX);
    diagnostics.sort_by_key(|d| (order(d), d.line, d.column));
    Report {
        catalog,
        diagnostics,
        files,
        sources: texts,
    }
}

/// Runs the per-file checks; returns the document if it has no error.
pub fn check_file(source: Source, out: &mut Vec<Diagnostic>) -> Option<Document> {
    let parsed = match parse_toml(&source.text) {
        Ok(parsed) => parsed,
        Err(e) => {
            out.push(Diagnostic::at(
                Severity::Error,
                &source,
                e.span,
                format!("TOML syntax: {}", e.message),
                "fix the syntax at this point",
            ));
            return None;
        }
    };
    let errors_before = out.iter().filter(|d| d.is_error()).count();
    let mut report = Reporter {
        source: &source,
        map: &parsed.map,
        out,
    };
    for bad in &parsed.unsupported {
        report.error(
            &bad.pointer,
            bad.message.clone(),
            "write a number, string, boolean, array or table",
        );
    }
    if !parsed.unsupported.is_empty() {
        return None;
    }
    let Some(kind) = detect_kind(&source.text) else {
        report.error(
            "",
            "cannot tell whether this is a tile set, an expansion or a rule set",
            "start the file with a `#:schema` line naming tileset.schema.json, expansion.schema.json or ruleset.schema.json",
        );
        return None;
    };
    if !schema_check::check(kind, &parsed.value, &mut report) {
        return None;
    }
    let document = match deserialize(kind, parsed.value.clone()) {
        Ok(document) => document,
        Err(e) => {
            report.error(
                "",
                format!("the {} does not fit the model: {e}", kind.noun()),
                "compare it with the schema",
            );
            return None;
        }
    };
    match &document {
        Model::TileSet(set) => {
            tileset::check(set, &mut report);
            components::check(&set.figures, &set.bags, &mut report);
        }
        Model::Expansion(expansion) => components::check(&expansion.figures, &expansion.bags, &mut report),
        Model::RuleSet(_) => {}
    }
    let errors_after = report.out.iter().filter(|d| d.is_error()).count();
    (errors_after == errors_before).then(|| document.with_source(source, parsed.map))
}

fn deserialize(kind: FileKind, value: Value) -> Result<Model, serde_json::Error> {
    Ok(match kind {
        FileKind::TileSet => Model::TileSet(serde_json::from_value(value)?),
        FileKind::Expansion => Model::Expansion(serde_json::from_value(value)?),
        FileKind::RuleSet => Model::RuleSet(serde_json::from_value(value)?),
    })
}

/// Checks between files: ids unique across files, `extends` chains.
fn check_across(catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    let mut first: HashMap<(&str, &str), &Path> = HashMap::new();
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        if let Some(other) = first.insert(("tile set", &set.model.id), &set.source.path) {
            report.error(
                "/id",
                format!("tile set id `{}` is also used by {}", set.model.id, other.display()),
                "give every tile set its own id",
            );
        }
        for (i, tile) in set.model.tiles.iter().enumerate() {
            if let Some(other) = first.insert(("tile", &tile.id), &set.source.path)
                && other != set.source.path
            {
                report.error(
                    &format!("/tiles/{i}/id"),
                    format!("tile id `{}` is also used in {}", tile.id, other.display()),
                    "tile ids must be unique across tile sets; prefix them with the set (`AM/...`)",
                );
            }
        }
    }
    for expansion in &catalog.expansions {
        if let Some(other) = first.insert(("expansion", &expansion.model.id), &expansion.source.path) {
            expansion.reporter(out).error(
                "/id",
                format!(
                    "expansion id `{}` is also used by {}",
                    expansion.model.id,
                    other.display()
                ),
                "give every expansion its own id",
            );
        }
    }
    let bundled = crate::bundled::rulesets();
    let mut known: Vec<&crate::model::RuleSet> = catalog.rulesets.iter().map(|r| &r.model).collect();
    known.extend(
        bundled
            .iter()
            .filter(|b| !catalog.rulesets.iter().any(|r| r.model.id == b.id)),
    );
    for set in &catalog.rulesets {
        let mut report = set.reporter(out);
        if let Some(other) = first.insert(("rule set", &set.model.id), &set.source.path) {
            report.error(
                "/id",
                format!("rule set id `{}` is also used by {}", set.model.id, other.display()),
                "give every rule set its own id",
            );
        }
        ruleset::check(&set.model, &known, &mut report);
    }
}
