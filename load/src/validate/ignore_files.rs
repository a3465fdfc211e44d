//! The `.gitignore` rules of a folder walk, read as every other file is: through
//! [`read_capped`], so an ignore file that is a FIFO, a device or a link to one, or that never
//! ends, is reported and skipped instead of blocking or filling memory.
//!
//! Git's order applies: for a path, the `.gitignore` of its own folder first, then each folder
//! above it up to the repository's top (the nearest folder above the walk's root with a `.git`,
//! else the file system's root), then the repository's `.git/info/exclude` (when `.git` is a
//! folder, not the file of a linked worktree); the first rule
//! that matches (ignoring, or `!` keeping) decides. A folder ignored is not entered.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};

use crate::diagnostic::{Diagnostic, Severity};
use crate::files::{ReadError, human_size, read_capped};

/// The largest ignore file read (1 MiB): real ones are a few kilobytes.
pub const MAX_IGNORE_BYTES: u64 = 1024 * 1024;

/// The ignore rules met by one walk, read once per folder.
pub(crate) struct IgnoreFiles {
    /// The walk's root as given, and as an absolute path.
    root: PathBuf,
    absolute_root: PathBuf,
    /// The highest folder whose `.gitignore` counts.
    top: PathBuf,
    /// The repository's `.git/info/exclude`, if there is one.
    exclude: Option<Gitignore>,
    /// Each folder's `.gitignore`, by absolute path (`None`: it has none, or it cannot be read).
    folders: Mutex<HashMap<PathBuf, Option<Arc<Gitignore>>>>,
    /// Ignore files that could not be read in full, to report after the walk.
    problems: Mutex<Vec<Diagnostic>>,
}

/// The folder holding the repository's `info/exclude`: `.git` itself, or, in a linked worktree
/// or a submodule (where `.git` is a file saying `gitdir: PATH`), the folder it points to, or
/// that folder's common folder (its `commondir` file) which the worktrees of a repository share.
fn common_git_dir(repository: &Path) -> Option<PathBuf> {
    let dot_git = repository.join(".git");
    if dot_git.is_dir() {
        return Some(dot_git);
    }
    let pointed = |file: &Path, prefix: &str| -> Option<PathBuf> {
        let bytes = read_capped(file, 4096).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let target = text.trim().strip_prefix(prefix)?.trim();
        Some(file.parent()?.join(target))
    };
    let git_dir = pointed(&dot_git, "gitdir:")?;
    Some(pointed(&git_dir.join("commondir"), "").unwrap_or(git_dir))
}

impl IgnoreFiles {
    /// The ignore rules for a walk of `root` (a folder).
    pub fn new(root: &Path) -> IgnoreFiles {
        let absolute_root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        let repository = absolute_root
            .ancestors()
            .find(|a| a.join(".git").exists())
            .map(Path::to_path_buf);
        let top = repository
            .clone()
            .or_else(|| absolute_root.ancestors().last().map(Path::to_path_buf))
            .unwrap_or_else(|| absolute_root.clone());
        let mut files = IgnoreFiles {
            root: root.to_path_buf(),
            absolute_root,
            top,
            exclude: None,
            folders: Mutex::new(HashMap::new()),
            problems: Mutex::new(Vec::new()),
        };
        if let Some(repository) = repository
            && let Some(git_dir) = common_git_dir(&repository)
        {
            let exclude = git_dir.join("info").join("exclude");
            if exclude.exists() {
                files.exclude = files.read(&repository, &exclude);
            }
        }
        files
    }

    /// Whether `path` (as the walk names it, under the root) is left out.
    pub fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        let relative = path.strip_prefix(&self.root).unwrap_or(path);
        let path = self.absolute_root.join(relative);
        let mut folder = path.parent();
        while let Some(dir) = folder {
            if let Some(rules) = self.folder_rules(dir) {
                match rules.matched(&path, is_dir) {
                    Match::Ignore(_) => return true,
                    Match::Whitelist(_) => return false,
                    Match::None => {}
                }
            }
            if dir == self.top {
                break;
            }
            folder = dir.parent();
        }
        self.exclude
            .as_ref()
            .is_some_and(|rules| rules.matched(&path, is_dir).is_ignore())
    }

    /// The problems met, in the order met.
    pub fn take_problems(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut *self.problems.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// The `.gitignore` of folder `dir` (absolute), read the first time it is asked for.
    fn folder_rules(&self, dir: &Path) -> Option<Arc<Gitignore>> {
        let known = self
            .folders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(dir)
            .cloned();
        if let Some(known) = known {
            return known;
        }
        let rules = self.read(dir, &dir.join(".gitignore")).map(Arc::new);
        self.folders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(dir.to_path_buf(), rules.clone());
        rules
    }

    /// The rules of the ignore file `file`, relative to folder `dir`; `None` when there is no
    /// such file, or (reported) when it cannot be read.
    fn read(&self, dir: &Path, file: &Path) -> Option<Gitignore> {
        let problem = match read_capped(file, MAX_IGNORE_BYTES) {
            Ok(bytes) => return self.parse(dir, file, &bytes),
            Err(ReadError::Missing) => return None,
            Err(ReadError::NotRegular(what)) => format!("this ignore file is {what}, not a regular file"),
            Err(ReadError::TooLarge(limit)) => {
                format!("this ignore file holds more than {}", human_size(limit))
            }
            Err(e) => format!("cannot read this ignore file: {e}"),
        };
        self.report(file, format!("{problem}, so none of its rules apply"));
        None
    }

    /// Builds the rules of an ignore file's text; lines that are not valid patterns are
    /// skipped, as git skips them, and the first is reported where it is.
    fn parse(&self, dir: &Path, file: &Path, bytes: &[u8]) -> Option<Gitignore> {
        let text = String::from_utf8_lossy(bytes);
        let mut builder = GitignoreBuilder::new(dir);
        let mut bad = Vec::new();
        for (number, line) in text.lines().enumerate() {
            if let Err(e) = builder.add_line(Some(file.to_path_buf()), line) {
                bad.push((number + 1, e));
            }
        }
        if let Some((line, error)) = bad.first() {
            let others = match bad.len() - 1 {
                0 => String::new(),
                n => format!(" ({n} more such line(s) below)"),
            };
            let mut d = Diagnostic::file(
                file,
                format!("this ignore file's line is not a valid pattern, so it is skipped{others}: {error}"),
                "fix the pattern; meanwhile the files it means to leave out may be checked",
            );
            (d.line, d.severity) = (*line, Severity::Warning);
            self.push(d);
        }
        builder.build().ok()
    }

    fn report(&self, file: &Path, message: String) {
        let mut d = Diagnostic::file(
            file,
            message,
            "make it a small regular text file; meanwhile the files it means to leave out may be checked",
        );
        d.severity = Severity::Warning;
        self.push(d);
    }

    fn push(&self, d: Diagnostic) {
        self.problems.lock().unwrap_or_else(PoisonError::into_inner).push(d);
    }
}
