//! Validation: TOML syntax, then the committed JSON Schema, then the checks no schema can make,
//! first per file and then across files (duplicate ids, `extends`).
//!
//! The CLI and the editor load data through here, so a file that validates is exactly a file
//! the engine accepts. The documents files may refer to without being checked with them (the
//! bundled rule sets that `extends` names) come in explicitly as a base catalog.

mod carried;
mod components;
mod declared;
mod edge_kinds;
mod ignore_files;
mod marks;
mod placeable;
mod ruleset;
mod schema_check;
mod schema_line;
mod tileset;
mod tokens;
mod values;
mod walk;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::catalog::{Catalog, Document, Model};
use crate::diagnostic::{Diagnostic, Severity};
use crate::files::{ReadError, human_size, read_capped};
use crate::model::{Resolver, RuleSet};
pub use crate::report::MAX_DIAGNOSTICS_PER_FILE;
use crate::report::{Diagnostics, Reporter};
use crate::schema::FileKind;
use crate::source::{Parsed, Source, SourceMap, SyntaxError, escape_segment, parse_toml};
pub use crate::tile_image::{MAX_IMAGE_BYTES, MAX_IMAGE_SIDE};
pub use ruleset::MAX_POINTS;
pub(crate) use ruleset::check_overrides;
pub use tileset::MAX_DECODED_PIXELS;
pub use tilewright_rules::suggest::{closest, did_you_mean};
pub use walk::{files_defining, toml_files_in};

/// Most values read in one run, over all files: each file is within [`crate::source::MAX_VALUES`],
/// but a folder may hold any number of them, and every file checked is kept in memory until the
/// checks across files are done. Past this, further files are reported, not read.
pub const MAX_VALUES_PER_RUN: usize = 2_000_000;

/// Most bytes of text kept in one run, over all files (see [`MAX_VALUES_PER_RUN`]): a file of
/// comments has few values but may be [`MAX_FILE_BYTES`] long.
pub const MAX_BYTES_PER_RUN: usize = 64 * 1024 * 1024;

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
    /// Problems found past a file's cap of listed diagnostics, counted in each file's summary
    /// diagnostic rather than listed.
    pub unlisted: usize,
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
/// Files named directly are always checked, once each however often they are named or
/// reached. Folders are searched except hidden entries, `target` and what `.gitignore` files
/// leave out; in them, a `.toml` file is checked when its `#:schema` line names a Tilewright
/// schema or its keys show what kind of file it is, and the others are reported or left alone
/// (the walk, `validate/walk.rs`, lists each case). Finding no data file at all is an error.
///
/// `base` holds what the files may refer to besides each other, such as
/// [`bundled::catalog()`](crate::bundled::catalog): the rule sets `extends` may name. A file's
/// own rule set comes first, so it replaces one of the same id in `base`. `base` is neither
/// checked again nor added to the report's catalog.
pub fn validate_paths(paths: &[PathBuf], base: &Catalog) -> Report {
    let mut out = Diagnostics::default();
    let found = walk::walk(paths, &mut out);
    let checked = found.files.len();
    // A file named on its own is checked as itself, wherever it is: only the files found in a
    // folder named are set apart as versions.
    let named: Vec<&Path> = paths.iter().filter(|p| p.is_file()).map(PathBuf::as_path).collect();
    let (versions, files) = found
        .files
        .into_iter()
        .partition(|f| is_version(&f.source.path) && !named.contains(&f.source.path.as_path()));
    let mut report = validate_prepared(files, versions, base, out, &found.order);
    report.files = checked + found.unreadable;
    report.sources.extend(found.reported);
    report
}

/// Reads a data file, refusing huge, binary and non-UTF-8 files, folders, FIFOs and devices
/// with a clear message (never blocking, never reading more than [`MAX_FILE_BYTES`]).
pub fn read_source(path: &Path) -> Result<Source, Box<Diagnostic>> {
    match read_capped(path, MAX_FILE_BYTES) {
        Ok(bytes) => source_from_bytes(path, bytes),
        Err(e) => Err(Box::new(read_error(path, &e))),
    }
}

/// The diagnostic for a data file that could not be read.
fn read_error(path: &Path, error: &ReadError) -> Diagnostic {
    let (message, help) = match error {
        ReadError::Missing => ("the file does not exist".to_owned(), "check the path".to_owned()),
        ReadError::NotRegular(what) => (
            format!("this is {what}, not a regular file"),
            "name a data file or a folder of them".to_owned(),
        ),
        ReadError::TooLarge(limit) => (
            format!(
                "the file is larger than {}, too large for a data file",
                human_size(*limit)
            ),
            "split the tile set into several files".to_owned(),
        ),
        ReadError::Io(e) => (
            format!("cannot read the file: {e}"),
            "check the path and its permissions".to_owned(),
        ),
    };
    Diagnostic::file(path, message, help)
}

/// Turns raw bytes into a source, or a located diagnostic if they are not UTF-8 text. A
/// leading byte-order mark is dropped (see [`Source::new`]); byte offsets in messages still
/// count it, as they are offsets in the file.
pub fn source_from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Source, Box<Diagnostic>> {
    if let Some(encoding) = utf16(&bytes) {
        let mut d = Diagnostic::file(
            path,
            format!("the file is {encoding} text, not UTF-8"),
            "save the file as UTF-8 (most editors offer the encoding in Save As)",
        );
        d.severity = Severity::Error;
        return Err(Box::new(d));
    }
    if let Some(offset) = bytes.iter().position(|b| *b == 0) {
        return Err(not_text(path, &bytes, offset, "has a NUL byte"));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source::new(path, text)),
        Err(e) => {
            let offset = e.utf8_error().valid_up_to();
            Err(not_text(path, e.as_bytes(), offset, "is not valid UTF-8"))
        }
    }
}

/// The encoding of text saved as UTF-16, told by its byte-order mark or, without one, by a
/// first character that is ASCII with a zero byte beside it (a TOML file starts with ASCII).
fn utf16(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xFE, ..] => Some("UTF-16 (little-endian)"),
        [0xFE, 0xFF, ..] => Some("UTF-16 (big-endian)"),
        [a, 0, ..] if a.is_ascii() && *a != 0 => Some("UTF-16 (little-endian)"),
        [0, b, ..] if b.is_ascii() && *b != 0 => Some("UTF-16 (big-endian)"),
        _ => None,
    }
}

/// The diagnostic for a file that is not text, at the line and column of byte `offset`.
fn not_text(path: &Path, bytes: &[u8], offset: usize, what: &str) -> Box<Diagnostic> {
    let source = Source::new(path, String::from_utf8_lossy(&bytes[..offset]).into_owned());
    let end = source.text.len();
    let mut d = Diagnostic::at(
        Severity::Error,
        &source,
        end..end,
        format!("the file {what} at byte {offset}, so it is not a text file"),
        "save the file as UTF-8 TOML text",
    );
    // The text is not shown, so there is nothing for a span to point into.
    d.span = 0..0;
    Box::new(d)
}

/// What kind of data file this text is: from its `#:schema` line, else from its keys.
pub fn detect_kind(text: &str) -> Option<FileKind> {
    kind_of(text, parse_toml(text).as_ref().ok())
}

/// The kind of a file from its `#:schema` line, else from the keys of its parsed document.
fn kind_of(text: &str, parsed: Option<&Parsed>) -> Option<FileKind> {
    kind_from_schema_line(text).or_else(|| kind_from_keys(&parsed?.value))
}

/// The kind a `#:schema` comment among the first lines names, if any.
fn kind_from_schema_line(text: &str) -> Option<FileKind> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
        .filter_map(|line| line.trim_start().strip_prefix("#:schema"))
        .find_map(|target| {
            let target = target.trim();
            FileKind::ALL
                .into_iter()
                .find(|k| target.ends_with(k.schema_file_name()))
        })
}

/// Keys of a rules scenario (a laid-out table, turns, expectations): it may name switches,
/// but it is not a data file.
const SCENARIO_KEYS: [&str; 3] = ["layout", "turns", "expect"];

/// Top-level keys that say what kind of data file a document is.
const KIND_KEYS: [(&str, FileKind); 8] = [
    ("tiles", FileKind::TileSet),
    ("start-tile", FileKind::TileSet),
    ("scoring", FileKind::RuleSet),
    ("switches", FileKind::RuleSet),
    ("extends", FileKind::RuleSet),
    ("figures", FileKind::Expansion),
    ("bags", FileKind::Expansion),
    ("mechanisms", FileKind::Expansion),
];

/// The kind a parsed document's top-level keys show, if any.
fn kind_from_keys(value: &Value) -> Option<FileKind> {
    let has = |key: &str| value.get(key).is_some();
    if SCENARIO_KEYS.iter().any(|k| has(k)) {
        return None;
    }
    // A tile set may have figures and bags too, so the tile-set keys decide first.
    [FileKind::TileSet, FileKind::RuleSet, FileKind::Expansion]
        .into_iter()
        .find(|kind| KIND_KEYS.iter().any(|(key, k)| k == kind && has(key)))
}

/// A file read and parsed once, with its kind, ready to check.
pub(crate) struct Prepared {
    source: Source,
    parsed: Result<Parsed, SyntaxError>,
    kind: Option<FileKind>,
}

impl Prepared {
    fn new(source: Source) -> Prepared {
        let parsed = parse_toml(&source.text);
        let kind = kind_of(&source.text, parsed.as_ref().ok());
        Prepared { source, parsed, kind }
    }
}

/// Validates sources already in memory (the editor's open document, tests, bundled data)
/// against `base`, as [`validate_paths`] does.
pub fn validate_sources(sources: Vec<Source>, base: &Catalog) -> Report {
    let order: Vec<PathBuf> = sources.iter().map(|s| s.path.clone()).collect();
    let files = sources.into_iter().map(Prepared::new).collect();
    validate_prepared(files, Vec::new(), base, Diagnostics::default(), &order)
}

/// Checks each file, then across files, then each of `versions` in place of the file with its
/// id ([`VERSIONS`]); diagnostics come out in the order of `order`.
fn validate_prepared(
    files: Vec<Prepared>,
    versions: Vec<Prepared>,
    base: &Catalog,
    mut out: Diagnostics,
    order: &[PathBuf],
) -> Report {
    let mut catalog = Catalog::default();
    let mut images = tileset::ImageChecks::default();
    let count = files.len() + versions.len();
    let sources: Vec<Source> = files.iter().chain(&versions).map(|f| f.source.clone()).collect();
    for file in files {
        if let Some(document) = check_file(file, &mut images, &mut out) {
            catalog.add(document);
        }
    }
    check_across(&catalog, base, &mut out);
    for version in versions {
        check_version(version, &catalog, base, &mut out);
    }
    let rank: HashMap<&Path, usize> = order.iter().enumerate().rev().map(|(i, p)| (p.as_path(), i)).collect();
    let unlisted = out.unlisted();
    let diagnostics = out.finish(|p| rank.get(p).copied().unwrap_or(usize::MAX));
    Report {
        catalog,
        diagnostics,
        files: count,
        sources,
        unlisted,
    }
}

/// The folder name that holds other versions of files: a file under a folder of this name
/// (`tiles/versions/v2/my-tiles.toml`) is another version of the file with its id.
pub const VERSIONS: &str = "versions";

/// Whether `path`, found in a folder, is another version of a file ([`VERSIONS`]).
pub fn is_version(path: &Path) -> bool {
    path.parent()
        .is_some_and(|folder| folder.components().any(|c| c.as_os_str() == VERSIONS))
}

/// Checks another version of a file as it would be played: with the files of `main`, in place
/// of the file with its id (so its ids, tiles and declarations are not taken for another
/// file's). Only its own problems are reported; `main`'s are reported once, by their files.
fn check_version(file: Prepared, main: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let path = file.source.path.clone();
    let mut own = Diagnostics::default();
    if let Some(document) = check_file(file, &mut tileset::ImageChecks::default(), &mut own) {
        let (kind, id) = match &document {
            Document::TileSet(d) => (FileKind::TileSet, d.model.id.clone()),
            Document::Expansion(d) => (FileKind::Expansion, d.model.id.clone()),
            Document::RuleSet(d) => (FileKind::RuleSet, d.model.id.clone()),
        };
        let mut played = main.without(&id, kind);
        played.add(document);
        check_across(&played, base, &mut own);
    }
    for diagnostic in own.finish(|_| 0).into_iter().filter(|d| d.file == path) {
        out.push(diagnostic);
    }
}

/// Runs the per-file checks; returns the document if it has no error.
fn check_file(file: Prepared, images: &mut tileset::ImageChecks, out: &mut Diagnostics) -> Option<Document> {
    let Prepared { source, parsed, kind } = file;
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            out.push(syntax_error(&source, e));
            return None;
        }
    };
    let errors_before = out.errors_in(&source.path);
    let mut report = Reporter {
        source: &source,
        map: &parsed.map,
        out,
    };
    let document = read_parsed(&parsed, kind, SchemaStep::Check, &mut report)?;
    // A tile set's edges, read by its checks; they all read when it has no error.
    let mut edges = Some(Vec::new());
    if let Model::TileSet(set) = &document {
        edges = tileset::check(set, &mut report);
        tileset::check_images(set, images, &mut report);
    }
    if let Some(file) = document.declares() {
        components::check(file.declarations(), &mut report);
        values::check_declared(file.declarations(), &mut report);
    }
    let errors_after = report.out.errors_in(&source.path);
    let edges = edges.filter(|_| errors_after == errors_before)?;
    Some(document.with_source(source, parsed.map, edges))
}

/// Reads a data file's model as validation does (TOML syntax, kind, model types) without
/// judging it: neither the schema nor the semantic checks run, so a file that still has
/// mistakes opens (the editor). The error is the file's first problem, located.
pub fn read_model(source: &Source) -> Result<Model, Box<Diagnostic>> {
    let read = |parsed: &Parsed, report: &mut Reporter<'_>| {
        read_parsed(parsed, kind_of(&source.text, Some(parsed)), SchemaStep::Skip, report)
    };
    read_first_problem(source, read).map(|(model, _)| model)
}

/// Parses `source` and reads it with `read`; on failure, the first problem reported, located.
fn read_first_problem<T>(
    source: &Source,
    read: impl FnOnce(&Parsed, &mut Reporter<'_>) -> Option<T>,
) -> Result<(T, SourceMap), Box<Diagnostic>> {
    let parsed = parse_toml(&source.text).map_err(|e| Box::new(syntax_error(source, e)))?;
    let mut out = Diagnostics::default();
    let mut report = Reporter {
        source,
        map: &parsed.map,
        out: &mut out,
    };
    match read(&parsed, &mut report) {
        Some(value) => Ok((value, parsed.map)),
        None => Err(Box::new(first(out, source))),
    }
}

/// Whether [`read_parsed`] checks the committed schema.
#[derive(PartialEq)]
enum SchemaStep {
    Check,
    Skip,
}

/// The diagnostic for a TOML syntax error.
fn syntax_error(source: &Source, e: SyntaxError) -> Diagnostic {
    Diagnostic::at(Severity::Error, source, e.span, e.message, e.help)
}

/// Whether every value of a parsed file has a JSON equivalent; reports each that has none.
fn supported(parsed: &Parsed, report: &mut Reporter<'_>) -> bool {
    for bad in &parsed.unsupported {
        report.error(
            &bad.pointer,
            bad.message.clone(),
            "write a number, string, boolean, array or table",
        );
    }
    parsed.unsupported.is_empty()
}

/// The model of a parsed file of `kind`: every value has a JSON equivalent, the kind is known,
/// the schema (when asked) accepts it and the model types hold it; else `None`, reported.
fn read_parsed(
    parsed: &Parsed,
    kind: Option<FileKind>,
    schema: SchemaStep,
    report: &mut Reporter<'_>,
) -> Option<Model> {
    if !supported(parsed, report) {
        return None;
    }
    let Some(kind) = kind else {
        report.error(
            "",
            "cannot tell whether this is a tile set, an expansion or a rule set",
            "start the file with a `#:schema` line naming tileset.schema.json, expansion.schema.json or ruleset.schema.json",
        );
        return None;
    };
    if schema == SchemaStep::Check && !schema_check::check(kind, &parsed.value, report) {
        return None;
    }
    let help = format!("compare it with the {} schema", kind.noun());
    match kind {
        FileKind::TileSet => deserialize(parsed, &help, report).map(Model::TileSet),
        FileKind::Expansion => deserialize(parsed, &help, report).map(Model::Expansion),
        FileKind::RuleSet => deserialize(parsed, &help, report).map(Model::RuleSet),
    }
}

/// Reads a model from a parsed file, or reports (with `help`) the first value that does not
/// fit it where it is: an unknown key at the key, anything else at the value.
fn deserialize<T: DeserializeOwned>(parsed: &Parsed, help: &str, report: &mut Reporter<'_>) -> Option<T> {
    let error = match serde_path_to_error::deserialize(&parsed.value) {
        Ok(model) => return Some(model),
        Err(error) => error,
    };
    let pointer = pointer_of(error.path());
    let said = error.inner().to_string();
    let unknown = said
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split_once('`'))
        .map(|(key, _)| key);
    // The path ends at the unknown key itself.
    let moved = unknown.and_then(|key| {
        let table = pointer.strip_suffix(&format!("/{}", escape_segment(key)))?;
        schema_check::moved_from_scoring(table, key)
    });
    if let Some((message, moved_help)) = moved {
        report.error_at_key(&pointer, message, moved_help);
        return None;
    }
    match unknown.map(|key| format!("{pointer}/{}", escape_segment(key))) {
        Some(key) => report.error_at_key(&key, said, help),
        None => report.error(&pointer, mismatch_message(parsed.value.pointer(&pointer), &said), help),
    }
    None
}

/// Reads a TOML file of another format than the data files (a rules scenario) into `T`, as a
/// data file is read: the same syntax checks and limits, and the first problem as a located
/// diagnostic (with `help` for a value that does not fit `T`). The source map locates later
/// checks.
pub fn read_toml<T: DeserializeOwned>(source: &Source, help: &str) -> Result<(T, SourceMap), Box<Diagnostic>> {
    read_first_problem(source, |parsed, report| {
        supported(parsed, report)
            .then(|| deserialize(parsed, help, report))
            .flatten()
    })
}

/// The first problem reported in `out` about `source`.
fn first(out: Diagnostics, source: &Source) -> Diagnostic {
    // Whatever read nothing reported why; the fallback only keeps this total.
    let first = out.finish(|_| 0).into_iter().next();
    first.unwrap_or_else(|| Diagnostic::file(&source.path, "this file cannot be read", "check it"))
}

/// The JSON Pointer of a deserialization path (`tiles[3].count` → `/tiles/3/count`).
fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(format!("/{index}")),
            Segment::Map { key } => Some(format!("/{}", escape_segment(key))),
            _ => None,
        })
        .collect()
}

/// What is wrong with a value the schema accepts but the model cannot hold: a number written
/// as a float, or beyond the range of its type.
fn mismatch_message(value: Option<&Value>, error: &str) -> String {
    let Some(value) = value else {
        return format!("this does not fit the model: {error}");
    };
    let shown = schema_check::short(value);
    match value {
        Value::Number(n) if n.is_f64() => format!("{shown} must be a whole number, written without a decimal point"),
        Value::Number(n) => {
            // Serde names no type for an untagged enum; the model's numbers there are counts (u32).
            let (least, most) = integer_range(error).unwrap_or((0, i128::from(u32::MAX)));
            match n.as_i64() {
                Some(v) if v < 0 && least == 0 => format!("{shown} must not be negative"),
                Some(v) if i128::from(v) < least => format!("{shown} is too small: at least {least}"),
                _ => format!("{shown} is too large: at most {most}"),
            }
        }
        _ => match error.strip_prefix("data did not match any variant of untagged enum ") {
            Some(name) => format!("{shown} is not a valid {}", words(name)),
            // Serde describes the value too, quoting all of it: it is shown short instead.
            None => match error.split_once(", expected ") {
                Some((_, expected)) if error.starts_with("invalid ") => {
                    format!("{shown} does not fit here: expected {expected}")
                }
                _ => format!("{shown} does not fit here: {error}"),
            },
        },
    }
}

/// The range of the integer type serde's `error` expected (`..., expected i16`).
fn integer_range(error: &str) -> Option<(i128, i128)> {
    let ranges = [
        ("u8", 0, i128::from(u8::MAX)),
        ("u16", 0, i128::from(u16::MAX)),
        ("u32", 0, i128::from(u32::MAX)),
        ("u64", 0, i128::from(u64::MAX)),
        ("i8", i128::from(i8::MIN), i128::from(i8::MAX)),
        ("i16", i128::from(i16::MIN), i128::from(i16::MAX)),
        ("i32", i128::from(i32::MIN), i128::from(i32::MAX)),
        ("i64", i128::from(i64::MIN), i128::from(i64::MAX)),
    ];
    let expected = error.rsplit_once("expected ")?.1;
    ranges
        .into_iter()
        .find(|(name, _, _)| *name == expected)
        .map(|(_, least, most)| (least, most))
}

/// `EdgeLayout` → `edge layout`.
fn words(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// Warns when a file takes the id of a different document of the base catalog (usually the
/// bundled files): wherever that id is named, the file is played instead, which is seldom
/// meant. A copy identical to the base's document replaces nothing and is left alone.
fn warn_if_replacing<'a, T: PartialEq + 'a>(
    kind: &str,
    id: &str,
    model: &T,
    base: impl IntoIterator<Item = (&'a str, &'a T)>,
    report: &mut Reporter,
) {
    if base.into_iter().any(|(other, theirs)| other == id && theirs != model) {
        report.warning(
            "/id",
            format!(
                "{kind} id `{id}` is also the id of a bundled {kind}: this file replaces it wherever `{id}` is named"
            ),
            format!("give this {kind} its own id (such as `my-{id}`), unless it is meant to replace the bundled one"),
        );
    }
}

/// Checks between files: ids unique across files, `extends` chains (among the files' rule
/// sets, then `base`'s).
fn check_across(catalog: &Catalog, base: &Catalog, out: &mut Diagnostics) {
    let mut first: HashMap<(&str, &str), &Path> = HashMap::new();
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        let bundled = base.tilesets.iter().map(|b| (b.model.id.as_str(), &b.model));
        warn_if_replacing("tile set", &set.model.id, &set.model, bundled, &mut report);
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
    // What a set takes out of the game must be another set's tile.
    let tile_ids: BTreeSet<&str> = catalog
        .tilesets
        .iter()
        .chain(&base.tilesets)
        .flat_map(|s| &s.model.tiles)
        .map(|t| t.id.as_str())
        .collect();
    // Mechanisms some file switches on: a set's markers may play with another set's mechanism.
    let brought: BTreeSet<crate::model::Mechanism> = catalog
        .declaring()
        .chain(base.declaring())
        .flat_map(|f| f.model.declarations().mechanisms)
        .copied()
        .collect();
    for set in &catalog.tilesets {
        let mut report = set.reporter(out);
        check_replaces(&set.model, &tile_ids, &mut report);
        tileset::check_mechanisms_used(&set.model, &brought, &mut report);
    }
    for expansion in &catalog.expansions {
        let bundled = base.expansions.iter().map(|b| (b.model.id.as_str(), &b.model));
        let id = &expansion.model.id;
        warn_if_replacing("expansion", id, &expansion.model, bundled, &mut expansion.reporter(out));
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
    // Files come first, so a file's rule set replaces one of the same id in the base.
    let known: Vec<&RuleSet> = catalog
        .rulesets
        .iter()
        .chain(&base.rulesets)
        .map(|r| &r.model)
        .collect();
    let mut resolver = Resolver::new(&known);
    let figures: BTreeSet<&str> = catalog
        .declaring()
        .chain(base.declaring())
        .flat_map(|f| f.model.declarations().figures.keys())
        .map(String::as_str)
        .collect();
    let editions: BTreeSet<&str> = catalog
        .tilesets
        .iter()
        .chain(&base.tilesets)
        .flat_map(|s| &s.model.editions)
        .map(String::as_str)
        .collect();
    let set_ids: BTreeSet<&str> = catalog
        .declaring()
        .chain(base.declaring())
        .map(|f| f.model.id())
        .collect();
    for set in &catalog.rulesets {
        let mut report = set.reporter(out);
        let bundled = base.rulesets.iter().map(|b| (b.model.id.as_str(), &b.model));
        warn_if_replacing("rule set", &set.model.id, &set.model, bundled, &mut report);
        if let Some(other) = first.insert(("rule set", &set.model.id), &set.source.path) {
            report.error(
                "/id",
                format!("rule set id `{}` is also used by {}", set.model.id, other.display()),
                "give every rule set its own id",
            );
        }
        ruleset::check(&set.model, &mut resolver, &mut report);
        ruleset::check_figure_ids(&set.model, &figures, &mut report);
        ruleset::check_edition(&set.model, &editions, &mut report);
        ruleset::check_plays_with(&set.model, &set_ids, &mut report);
    }
    marks::check(catalog, base, out);
    values::check(catalog, base, out);
    tokens::check(catalog, base, out);
    edge_kinds::check(catalog, base, out);
    placeable::check(catalog, base, out);
}

/// Each tile a set takes out of the game (`replaces`) is another set's tile, known to the files
/// checked or bundled (a warning: a set may name a tile of a set that is not at hand).
fn check_replaces(set: &crate::model::TileSet, tile_ids: &BTreeSet<&str>, report: &mut Reporter<'_>) {
    for (i, id) in set.replaces.iter().enumerate() {
        let pointer = format!("/replaces/{i}");
        if set.tiles.iter().any(|t| &t.id == id) {
            report.error(
                &pointer,
                format!(
                    "{} is a tile of this set: a set takes out only other sets' tiles",
                    crate::diagnostic::quote(id)
                ),
                "remove it, or give the tile a count of 0",
            );
        } else if !tile_ids.contains(id.as_str()) {
            report.warning(
                &pointer,
                format!(
                    "no tile set checked here or bundled has a tile {}: nothing is taken out",
                    crate::diagnostic::quote(id)
                ),
                "check the id against the tile set it belongs to",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUSE: &str = "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n";

    #[test]
    fn a_set_takes_out_other_sets_tiles_only() {
        let set = |replaces: &str| {
            let text = format!(
                "id = \"springs\"\nname = \"Springs\"\nreplaces = {replaces}\n[[tiles]]\nid = \"SP/s\"\ncount = 1\n\
                 edges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = {{ kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }}\n"
            );
            validate_sources(vec![Source::new("springs.toml", text)], crate::bundled::catalog()).diagnostics
        };
        assert!(set("[\"RI/s\"]").is_empty(), "{:?}", set("[\"RI/s\"]"));
        let own = set("[\"SP/s\"]");
        assert!(
            own.iter().any(|d| d.message.contains("is a tile of this set")),
            "{own:?}"
        );
        let unknown = set("[\"RI/x\"]");
        assert!(
            unknown.iter().any(|d| d.message.contains("nothing is taken out")),
            "{unknown:?}"
        );
        assert!(unknown.iter().all(|d| d.pointer == "/replaces/0"), "{unknown:?}");
    }

    #[test]
    fn a_set_the_rules_play_with_that_nobody_has_is_a_warning_at_it() {
        let rules = |with: &str| {
            let text = format!("{HOUSE}plays-with = {with}\n");
            validate_sources(vec![Source::new("house.toml", text)], crate::bundled::catalog())
        };
        let report = rules(r#"["abot"]"#);
        assert_eq!(report.errors(), 0, "{:#?}", report.diagnostics);
        let [warning] = report.diagnostics.as_slice() else {
            panic!("{:#?}", report.diagnostics);
        };
        assert_eq!((warning.line, warning.column), (4, 15));
        assert!(warning.message.contains("`abot`"), "{}", warning.message);
        assert!(warning.help.starts_with("did you mean `abbot`?"), "{}", warning.help);
        let twice = rules(r#"["abbot", "abbot"]"#);
        let [warning] = twice.diagnostics.as_slice() else {
            panic!("{:#?}", twice.diagnostics);
        };
        assert_eq!((warning.line, warning.column), (4, 24));
        assert!(warning.message.contains("listed twice"), "{}", warning.message);
        assert!(rules(r#"["abbot", "river"]"#).diagnostics.is_empty());
    }

    #[test]
    fn a_declared_edition_no_tile_set_has_is_a_warning_at_it() {
        let rules = |edition: &str| {
            let text = format!("{HOUSE}edition = \"{edition}\"\n");
            validate_sources(vec![Source::new("house.toml", text)], crate::bundled::catalog())
        };
        let report = rules("new-editon");
        assert_eq!(report.errors(), 0, "{:#?}", report.diagnostics);
        let [warning] = report.diagnostics.as_slice() else {
            panic!("{:#?}", report.diagnostics);
        };
        assert_eq!((warning.line, warning.column), (4, 11));
        assert!(warning.message.contains("`new-editon`"), "{}", warning.message);
        assert!(
            warning.help.starts_with("did you mean `new-edition`?"),
            "{}",
            warning.help
        );
        assert!(rules("first-edition").diagnostics.is_empty());
    }

    #[test]
    fn extends_resolves_among_the_files_then_the_base_given() {
        let house = || vec![Source::new("house.toml", HOUSE)];
        let alone = validate_sources(house(), &Catalog::default());
        assert_eq!(alone.errors(), 1);
        assert!(alone.diagnostics[0].message.contains("no rule set `new-edition`"));
        let bundled = crate::bundled::catalog();
        let based = validate_sources(house(), bundled);
        assert_eq!(based.errors(), 0, "{:?}", based.diagnostics);
        // The base is not checked again nor added.
        assert_eq!(based.catalog.rulesets.len(), 1);
        let catalog = based.catalog.with_base(bundled);
        assert_eq!(catalog.rulesets[0].model.id, "house");
        assert_eq!(catalog.rulesets.len(), 1 + bundled.rulesets.len());
    }

    #[test]
    fn read_model_reads_a_file_with_mistakes_and_locates_what_stops_it() {
        // An unknown parent and an id the schema refuses: validation's business, not reading's.
        let read = |text: &str| read_model(&Source::new("r.toml", text));
        let house = read("id = \"Not An Id\"\nname = \"House\"\nextends = \"nowhere\"\n");
        assert!(matches!(house, Ok(Model::RuleSet(r)) if r.extends.as_deref() == Some("nowhere")));
        let syntax = read("id = \"a\"\nname = \n").unwrap_err();
        assert_eq!((syntax.line, syntax.column), (2, 8), "{syntax:?}");
        let unknown = read("colour = \"red\"\n").unwrap_err();
        assert!(unknown.message.contains("cannot tell"), "{unknown:?}");
        let mismatch = read("id = \"a\"\nname = \"A\"\n[scoring]\nroad-per-tile = -1\n").unwrap_err();
        assert_eq!(
            (mismatch.line, mismatch.message.as_str()),
            (4, "`-1` must not be negative")
        );
    }
}
