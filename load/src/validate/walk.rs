//! Finding the data files among the paths given to `validate`, so that nothing passes silently.
//!
//! - A file named on the command line is always checked. A folder named is searched
//!   recursively, except hidden entries (`.git`, `.taplo.toml`), `target`, and what a
//!   `.gitignore` (in the folder, below it or above it, or `.git/info/exclude`) leaves out, as
//!   git would, also outside a git repository. A user's global git excludes do not count, so
//!   that a run checks the same files on every machine.
//! - In a folder, a `.toml` file is checked when its `#:schema` line names a Tilewright schema
//!   or a top-level key shows its kind (`tiles`, `start-tile`; `scoring`, `switches`,
//!   `extends`; `figures`, `bags`, `mechanisms`).
//! - Left alone, quietly: rules scenarios (`layout`, `turns` or `expect` keys), other tools'
//!   files by their usual names ([`OTHER_TOOLS`]: `Cargo.toml`, `pyproject.toml`...), and files
//!   with a top-level key of another tool's format ([`OTHER_TOOL_KEYS`]: `package`, `tool`...).
//! - Reported with a warning: any other `.toml` file, naming why it is not checked and the
//!   near miss when a top-level key is a slip of a kind's key (`tile` → `tiles`, `extend` →
//!   `extends`, `scorring` → `scoring`), or the syntax error that hides its keys; symbolic
//!   links to folders or `.toml` files (not followed: links can loop); folders and files that
//!   cannot be read; `.toml` entries that are not regular files; ignore files that cannot be
//!   read in full.
//! - Each file is checked once, however often it is named or reached.
//! - Checking no data file in the paths given is an error; when they hold only rules scenarios
//!   (and other tools' files), a warning.
//!
//! [`toml_files_in`] lists the `.toml` files of one folder the same way, for files of another
//! format (rules scenarios).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::{DirEntry, WalkBuilder};
use tilewright_rules::suggest::{closest, edit_distance};

use super::ignore_files::IgnoreFiles;

use super::{KIND_KEYS, Prepared, SCENARIO_KEYS, read_error};
use crate::diagnostic::{Diagnostic, Severity, quote};
use crate::files::{ReadError, human_size, read_capped};
use crate::report::Diagnostics;
use crate::source::Source;

/// Names (lower case) of TOML files that belong to other tools; never reported.
pub const OTHER_TOOLS: &[&str] = &[
    "cargo.toml",
    "clippy.toml",
    "rustfmt.toml",
    "rust-toolchain.toml",
    "deny.toml",
    "taplo.toml",
    "tombi.toml",
    "cross.toml",
    "dist-workspace.toml",
    "release.toml",
    "release-plz.toml",
    "cliff.toml",
    "typos.toml",
    "_typos.toml",
    "committed.toml",
    "book.toml",
    "makefile.toml",
    "trunk.toml",
    "dioxus.toml",
    "rocket.toml",
    "diesel.toml",
    "pyproject.toml",
    "ruff.toml",
    "uv.toml",
    "pixi.toml",
    "poetry.toml",
    "hatch.toml",
    "mise.toml",
    "starship.toml",
    "netlify.toml",
    "wrangler.toml",
    "fly.toml",
    "samconfig.toml",
    "hugo.toml",
    "kittest.toml",
];

/// Top-level keys of other tools' formats (Cargo, Python packaging, toolchains); a file with
/// one is not a Tilewright file and is not reported.
pub const OTHER_TOOL_KEYS: &[&str] = &[
    "package",
    "workspace",
    "dependencies",
    "project",
    "tool",
    "build-system",
    "toolchain",
    "profile",
];

/// What the walk found.
#[derive(Default)]
pub(crate) struct Found {
    /// The data files to check, read and parsed.
    pub files: Vec<Prepared>,
    /// Every file met, in walk order: diagnostics are sorted by it.
    pub order: Vec<PathBuf>,
    /// Data files that could not be read (already reported as errors).
    pub unreadable: usize,
    /// Rules scenarios met.
    pub scenarios: usize,
    /// Files reported as not checked, for snippets.
    pub reported: Vec<Source>,
    /// Values in the files kept so far (see [`super::MAX_VALUES_PER_RUN`]).
    values: usize,
    /// Bytes of text kept so far, reported files included (see [`super::MAX_BYTES_PER_RUN`]).
    bytes: usize,
    /// Canonical paths of the files met, so each is read once.
    seen: HashSet<PathBuf>,
    /// Canonical paths of the folders entered, so each is searched once (shared with the
    /// walk's filter, which decides whether to enter a folder).
    folders: Arc<Mutex<HashSet<PathBuf>>>,
}

/// Walks `paths` (see the module documentation), reporting what it cannot check in `out`.
pub(crate) fn walk(paths: &[PathBuf], out: &mut Diagnostics) -> Found {
    let mut found = Found::default();
    for path in paths {
        // Paths named on the command line are followed, links included.
        if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            found.folder(path, out);
        } else {
            found.named_file(path, out);
        }
    }
    // No paths is no question asked (`simulate` with bundled data only); paths that hold no
    // data file are a mistake.
    if !paths.is_empty() && found.files.is_empty() && found.unreadable == 0 {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let at = paths.first().cloned().unwrap_or_else(|| PathBuf::from("."));
        let d = if found.scenarios > 0 && found.reported.is_empty() {
            let mut d = Diagnostic::file(
                &at,
                format!(
                    "no data files in {}, only {} rules scenario(s), which `validate` does not check",
                    shown.join(", "),
                    found.scenarios
                ),
                "scenarios are run by `tilewright scenario` or `cargo test -p tilewright-rules --test scenarios`; name the tile sets and rule sets they use to check those",
            );
            d.severity = Severity::Warning;
            d
        } else {
            Diagnostic::file(
                &at,
                format!(
                    "no tile sets, expansions or rule sets found in {}, so nothing was checked",
                    shown.join(", ")
                ),
                "name the data files or the folders that hold them; a data file starts with a `#:schema` line naming tileset.schema.json, expansion.schema.json or ruleset.schema.json",
            )
        };
        out.push(d);
    }
    found
}

impl Found {
    /// Whether the file `path` is met for the first time.
    fn first_visit(&mut self, path: &Path) -> bool {
        self.seen.insert(canonical(path))
    }

    /// Keeps a data file for checking, unless the run's budget of values is spent.
    fn keep(&mut self, file: Prepared, out: &mut Diagnostics) {
        let values = file.parsed.as_ref().map_or(0, |p| p.values);
        let over = if self.values + values > super::MAX_VALUES_PER_RUN {
            Some(format!("{} values", super::MAX_VALUES_PER_RUN))
        } else if self.bytes + file.source.text.len() > super::MAX_BYTES_PER_RUN {
            Some(human_size(super::MAX_BYTES_PER_RUN as u64))
        } else {
            None
        };
        if let Some(limit) = over {
            self.unreadable += 1;
            return out.push(Diagnostic::file(
                &file.source.path,
                format!("not checked: with this file, this run would hold more than {limit}"),
                "validate fewer or smaller files at once",
            ));
        }
        self.values += values;
        self.bytes += file.source.text.len();
        super::schema_line::check(&file.source, file.kind, out);
        self.files.push(file);
    }

    /// A file named on the command line: checked whatever it holds.
    fn named_file(&mut self, path: &Path, out: &mut Diagnostics) {
        if !self.first_visit(path) {
            return;
        }
        self.order.push(path.to_path_buf());
        match super::read_source(path) {
            Ok(source) => self.keep(Prepared::new(source), out),
            Err(d) => {
                self.unreadable += 1;
                out.push(*d);
            }
        }
    }

    /// A folder named: its entries in name order, recursively, except those left out (see
    /// the module documentation).
    fn folder(&mut self, root: &Path, out: &mut Diagnostics) {
        if !first_folder(&self.folders, root) {
            return;
        }
        let folders = Arc::clone(&self.folders);
        toml_entries(root, None, &folders, out, |path, out| self.found_file(path, out));
    }

    /// A `.toml` entry met in a folder: checked if it is a data file, else reported or left
    /// alone (see the module documentation).
    fn found_file(&mut self, path: &Path, out: &mut Diagnostics) {
        if !self.first_visit(path) {
            return;
        }
        self.order.push(path.to_path_buf());
        let source = match read_capped(path, super::MAX_FILE_BYTES) {
            Ok(bytes) => super::source_from_bytes(path, bytes),
            Err(ReadError::Io(e)) => return warn(out, path, format!("cannot read this file: {e}"), PERMISSIONS),
            Err(ReadError::NotRegular(what)) => {
                return warn(
                    out,
                    path,
                    format!("this is {what}, not a regular file, so it is not checked"),
                    "name a regular file; remove it if it is left over",
                );
            }
            Err(e) => Err(Box::new(read_error(path, &e))),
        };
        let prepared = match source {
            Ok(source) => Prepared::new(source),
            Err(d) => {
                self.unreadable += 1;
                return out.push(*d);
            }
        };
        if prepared.kind.is_some() {
            return self.keep(prepared, out);
        }
        match unrecognised(&prepared, &name_of(path)) {
            Verdict::Scenario => self.scenarios += 1,
            Verdict::OtherTool => {}
            Verdict::Report(d) => {
                out.push(d);
                // Its text is kept for the warning's snippet, within the run's budget.
                if self.bytes + prepared.source.text.len() <= super::MAX_BYTES_PER_RUN {
                    self.bytes += prepared.source.text.len();
                    self.reported.push(prepared.source);
                }
            }
        }
    }
}

/// The `.toml` files directly in `folder`, in name order, found as a folder named to `validate`
/// is searched but not further down: hidden entries, `target` and what `.gitignore` files
/// leave out are skipped, and links to folders or `.toml` files are not followed but reported
/// (warnings), as are entries that cannot be read. For files of another format kept in
/// folders, such as rules scenarios.
pub fn toml_files_in(folder: &Path) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let mut out = Diagnostics::default();
    let mut files = Vec::new();
    let folders = Arc::default();
    toml_entries(folder, Some(1), &folders, &mut out, |path, _| {
        files.push(path.to_path_buf())
    });
    (files, out.finish(|_| 0))
}

/// The data files under `folder` that define a tile set, expansion or rule set `id`, found as
/// a folder's walk finds them, down to `max_depth` levels and among the first `max_files`
/// `.toml` files: where an id typed on the command line may live. Files that cannot be read
/// are passed over.
pub fn files_defining(folder: &Path, id: &str, max_depth: usize, max_files: usize) -> Vec<PathBuf> {
    let mut out = Diagnostics::default();
    let (mut found, mut read) = (Vec::new(), 0);
    toml_entries(folder, Some(max_depth), &Arc::default(), &mut out, |path, _| {
        if read >= max_files {
            return;
        }
        read += 1;
        let model = super::read_source(path).and_then(|source| super::read_model(&source));
        let defined = match &model {
            Ok(crate::catalog::Model::TileSet(set)) => set.id == id,
            Ok(crate::catalog::Model::Expansion(expansion)) => expansion.id == id,
            Ok(crate::catalog::Model::RuleSet(rules)) => rules.id == id,
            Err(_) => false,
        };
        if defined {
            found.push(path.to_path_buf());
        }
    });
    found
}

/// Walks the folder `root` down to `max_depth` levels (all with `None`), in name order,
/// leaving out what the module documentation lists, and passes each `.toml` entry that is not a
/// link to `found` (which reads it: a FIFO or device is found too, and refused by the capped
/// reading). Links to folders or `.toml` files, and what cannot be listed, are reported in
/// `out`. `folders` holds the folders entered so far, each searched once.
fn toml_entries(
    root: &Path,
    max_depth: Option<usize>,
    folders: &Arc<Mutex<HashSet<PathBuf>>>,
    out: &mut Diagnostics,
    mut found: impl FnMut(&Path, &mut Diagnostics),
) {
    let entered = Arc::clone(folders);
    // Ignore files are read here, through the same capped reading as data files, not by the
    // walk (which would block on a FIFO and read a device without end).
    let ignore_files = Arc::new(IgnoreFiles::new(root));
    let ignoring = Arc::clone(&ignore_files);
    let walk = WalkBuilder::new(root)
        .standard_filters(false)
        .hidden(true)
        .follow_links(false)
        .max_depth(max_depth)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |entry| {
            let folder = entry.file_type().is_some_and(|t| t.is_dir());
            entry.file_name() != "target"
                && (entry.depth() == 0 || !ignoring.ignored(entry.path(), folder))
                && (!folder || first_folder(&entered, entry.path()))
        })
        .build();
    for item in walk {
        match item {
            Ok(entry) => {
                if let Some(path) = toml_entry(&entry, out) {
                    found(path, out);
                }
            }
            Err(e) => walk_error(root, &e, out),
        }
    }
    for problem in ignore_files.take_problems() {
        out.push(problem);
    }
}

/// One entry of a folder's walk (the folder itself first, at depth 0): the path of a `.toml`
/// entry to read, or `None` for a folder (its entries follow), a link (reported when it leads
/// to a folder or a `.toml` file: links are not followed, as they may loop) or another file.
fn toml_entry<'e>(entry: &'e DirEntry, out: &mut Diagnostics) -> Option<&'e Path> {
    if let Some(e) = entry.error() {
        walk_error(entry.path(), e, out);
    }
    let (path, kind) = (entry.path(), entry.file_type()?);
    if entry.depth() == 0 || kind.is_dir() {
        return None;
    }
    let toml = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    if kind.is_symlink() {
        let to_folder = std::fs::metadata(path).is_ok_and(|m| m.is_dir());
        if to_folder || toml {
            let what = if to_folder { "folder" } else { "file" };
            warn(
                out,
                path,
                format!("this is a symbolic link to a {what}; links are not followed in a folder, as they may loop"),
                "name the link or its target on the command line to check it",
            );
        }
        return None;
    }
    toml.then_some(path)
}

/// What to do with a `.toml` file found in a folder that is not a data file.
enum Verdict {
    Scenario,
    OtherTool,
    Report(Diagnostic),
}

const PERMISSIONS: &str = "check its permissions, or leave it out of the paths given";

/// What a `.toml` file whose kind cannot be told is.
fn unrecognised(file: &Prepared, name: &str) -> Verdict {
    if OTHER_TOOLS.contains(&name.to_lowercase().as_str()) {
        return Verdict::OtherTool;
    }
    let source = &file.source;
    let parsed = match &file.parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            return Verdict::Report(warning_at(
                source,
                e.span.clone(),
                format!("not checked: what kind of file this is cannot be told ({})", e.message),
                "fix the syntax; a `#:schema` line at the top says the kind of a data file whatever its content",
            ));
        }
    };
    let keys: Vec<&String> = parsed.value.as_object().map(|o| o.keys().collect()).unwrap_or_default();
    if keys.iter().any(|k| SCENARIO_KEYS.contains(&k.as_str())) {
        return Verdict::Scenario;
    }
    let kind_keys: Vec<String> = KIND_KEYS.iter().map(|(k, _)| (*k).to_owned()).collect();
    let slips: Vec<(&String, &str)> = keys
        .iter()
        .filter_map(|key| near_miss(key, &kind_keys).map(|near| (*key, near)))
        .collect();
    if let Some((first, _)) = slips.first() {
        let span = parsed
            .map
            .key_span(&format!("/{}", crate::source::escape_segment(first)));
        let shown: Vec<String> = slips
            .iter()
            .map(|(key, near)| format!("`{near}` for {}", quote(key)))
            .collect();
        return Verdict::Report(warning_at(
            source,
            span.unwrap_or(0..0),
            format!(
                "not checked: no key says what kind of data file this is; did you mean {}?",
                shown.join(", ")
            ),
            format!("rename the key; {KINDS}"),
        ));
    }
    if keys.iter().any(|k| OTHER_TOOL_KEYS.contains(&k.as_str())) {
        return Verdict::OtherTool;
    }
    Verdict::Report(warning_at(
        source,
        0..0,
        "not checked: this TOML file has no `#:schema` line and none of the keys that say what kind of data file it is",
        format!("{KINDS}; move other tools' files out of the folders given"),
    ))
}

const KINDS: &str = "a tile set has `tiles`, a rule set `scoring`, `switches` or `extends`, an expansion `figures`, `bags` or `mechanisms`, and a `#:schema` line naming tileset.schema.json, expansion.schema.json or ruleset.schema.json says the kind outright";

/// The kind key `key` is a slip of: one edit away for short keys, two for longer ones.
fn near_miss<'k>(key: &str, kind_keys: &'k [String]) -> Option<&'k str> {
    let best = closest(key, kind_keys)?;
    let allowed = if key.chars().count() <= 5 { 1 } else { 2 };
    (edit_distance(key, best) <= allowed).then_some(best)
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn warning_at(
    source: &Source,
    span: std::ops::Range<usize>,
    message: impl Into<String>,
    help: impl Into<String>,
) -> Diagnostic {
    Diagnostic::at(Severity::Warning, source, span, message, help)
}

fn warn(out: &mut Diagnostics, path: &Path, message: impl Into<String>, help: impl Into<String>) {
    let mut d = Diagnostic::file(path, message, help);
    d.severity = Severity::Warning;
    out.push(d);
}

/// `path` made canonical, when it can be, to tell whether it was met already.
fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Whether the folder `path` is entered for the first time; records it.
fn first_folder(folders: &Mutex<HashSet<PathBuf>>, path: &Path) -> bool {
    let key = canonical(path);
    folders.lock().unwrap_or_else(PoisonError::into_inner).insert(key)
}

/// Reports a problem of a folder's walk, at the path it is about (else at `root`): a folder,
/// or an entry, that cannot be read (the walk's own errors carry a depth), or an ignore file
/// that cannot be read in full.
fn walk_error(root: &Path, error: &ignore::Error, out: &mut Diagnostics) {
    let (path, said) = unwrapped(error);
    let at = path.unwrap_or(root);
    if error.depth().is_none() {
        return warn(
            out,
            at,
            format!("this ignore file cannot be read in full, so not all of its rules apply: {said}"),
            "fix it; meanwhile the files it means to leave out may be checked",
        );
    }
    let message = match path {
        None => format!("cannot list all of this folder: {said}"),
        Some(path) if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) => {
            format!("cannot read this folder: {said}")
        }
        Some(_) => format!("cannot tell what this is: {said}"),
    };
    warn(out, at, message, PERMISSIONS);
}

/// The path an error of the walk is about, and what the system said, without the walk's
/// wrappers (so messages read as those of the rest of the walk).
fn unwrapped(error: &ignore::Error) -> (Option<&Path>, String) {
    match error {
        ignore::Error::WithPath { path, err } => {
            let (inner, said) = unwrapped(err);
            (inner.or(Some(path)), said)
        }
        ignore::Error::WithDepth { err, .. } => unwrapped(err),
        ignore::Error::Partial(errors) if !errors.is_empty() => unwrapped(&errors[0]),
        // An error of the folder walk is the system's error wrapped with its path.
        ignore::Error::Io(e) => (
            None,
            e.get_ref()
                .and_then(|inner| inner.source())
                .map_or_else(|| e.to_string(), ToString::to_string),
        ),
        other => (None, other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::validate::validate_paths;

    const BROKEN: &str = "id = \"broken\"\nname = \"Broken\"\nextends = \"nowhere\"\n";
    const FINE: &str = "id = \"fine\"\nname = \"Fine\"\nextends = \"base\"\n";
    const BUNDLED: &str = include_str!("../../../rulesets/new-edition.toml");

    /// A bundled rule set with `new-edition` replaced by `id`, without its `#:schema` line
    /// (which leads nowhere from a temporary folder), to be written there.
    fn base(id: &str) -> String {
        crate::template::with_schema_line(BUNDLED, None).replace("new-edition", id)
    }

    #[test]
    fn gitignored_files_in_a_folder_are_not_checked_but_named_ones_are() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
            path
        };
        write(".gitignore", "ignored.toml\ngenerated/\n");
        write("base.toml", &base("base"));
        write("data/fine.toml", FINE);
        let ignored = write("data/ignored.toml", BROKEN);
        write("generated/more.toml", BROKEN);
        let report = validate_paths(&[dir.path().to_path_buf()], &Catalog::default());
        assert_eq!((report.files, report.errors()), (2, 0), "{:?}", report.diagnostics);
        let named = validate_paths(&[dir.path().to_path_buf(), ignored], &Catalog::default());
        assert_eq!((named.files, named.errors()), (3, 1), "{:?}", named.diagnostics);
        // A rule that cannot be read is said, and the others still apply.
        write("data/.gitignore", "x[z-a]\n");
        let report = validate_paths(&[dir.path().to_path_buf()], &Catalog::default());
        assert_eq!((report.files, report.errors()), (2, 0), "{:?}", report.diagnostics);
        let d = &report.diagnostics[0];
        assert!(
            d.message.contains("line is not a valid pattern"),
            "{:?}",
            report.diagnostics
        );
        assert!(d.file.ends_with("data/.gitignore") && d.line == 1, "{d:?}");
    }

    #[test]
    fn a_linked_worktree_has_no_exclude_file_to_report() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".git"), "gitdir: /elsewhere/.git/worktrees/x\n").unwrap();
        std::fs::write(dir.path().join("fine.toml"), base("fine")).unwrap();
        let report = validate_paths(&[dir.path().to_path_buf()], &Catalog::default());
        assert_eq!(
            (report.files, report.diagnostics.len()),
            (1, 0),
            "{:?}",
            report.diagnostics
        );
    }

    #[test]
    fn ignore_files_above_the_folder_and_the_repository_exclude_count_nearest_first() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
        };
        write(".git/info/exclude", "excluded.toml\n");
        write(".gitignore", "*.toml\n!sub/\n");
        write("sub/.gitignore", "!kept.toml\n");
        write("sub/base.toml", &base("base"));
        write("sub/kept.toml", FINE);
        write("sub/excluded.toml", BROKEN);
        // Named below the repository's top: the top's `*.toml` leaves out all but what
        // `sub/.gitignore` keeps, and the exclude file counts too.
        let report = validate_paths(&[dir.path().join("sub")], &Catalog::default());
        assert_eq!((report.files, report.errors()), (1, 1), "{:?}", report.diagnostics);
        assert!(
            report.diagnostics[0].file.ends_with("kept.toml"),
            "{:?}",
            report.diagnostics
        );
        write("sub/.gitignore", "!kept.toml\n!base.toml\n!excluded.toml\n");
        let report = validate_paths(&[dir.path().join("sub")], &Catalog::default());
        assert_eq!((report.files, report.errors()), (3, 1), "{:?}", report.diagnostics);
    }

    #[test]
    fn a_linked_worktree_reads_the_shared_exclude_file_and_warns_of_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
        };
        // `main` is a repository; `linked` a worktree of it, whose `.git` is a file.
        write("main/.git/info/exclude", "excluded.toml\n");
        write("main/.git/worktrees/linked/commondir", "../..\n");
        write("linked/.git", "gitdir: ../main/.git/worktrees/linked\n");
        write("linked/base.toml", &base("base"));
        write("linked/excluded.toml", BROKEN);
        let report = validate_paths(&[dir.path().join("linked")], &Catalog::default());
        assert_eq!(
            (report.files, report.diagnostics.len()),
            (1, 0),
            "{:?}",
            report.diagnostics
        );
    }
}
