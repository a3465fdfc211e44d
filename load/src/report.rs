//! Turning "the value at this JSON Pointer is wrong" into a diagnostic with the file's line and
//! column, and keeping the list of diagnostics bounded: at most [`MAX_DIAGNOSTICS_PER_FILE`]
//! per file, then one diagnostic that sums up the rest, so a file with a hundred thousand
//! mistakes costs no more to locate and print than one with two hundred.
//!
//! Validation reports through it, and so does a [`Loaded`](crate::catalog::Loaded) document
//! (its own source and map), which is why it is a module of its own below both.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Severity, clip, shorten};
use crate::source::{Source, SourceMap};

/// Most diagnostics listed for one file; the problems past it are counted by kind and summed
/// up in one last diagnostic for the file.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 200;

/// Distinct kinds of message counted in a file's summary; further kinds count as "other".
const SUMMARY_KINDS: usize = 8;
/// Kinds of message named in a file's summary.
const SUMMARY_NAMED: usize = 3;

/// Every diagnostic of a validation run, at most [`MAX_DIAGNOSTICS_PER_FILE`] per file.
#[derive(Debug, Default)]
pub(crate) struct Diagnostics {
    list: Vec<Diagnostic>,
    files: HashMap<PathBuf, Tally>,
}

/// What one file has been told so far.
#[derive(Debug, Default)]
struct Tally {
    listed: usize,
    errors: usize,
    overflow: Option<Overflow>,
}

/// The problems of a file past the cap.
#[derive(Debug)]
struct Overflow {
    /// The first of them, where the summary points.
    first: Diagnostic,
    total: usize,
    errors: bool,
    /// Per kind of message (quoted content blanked out), in order of first appearance: the
    /// first message of the kind and how many there are.
    kinds: Vec<(String, String, usize)>,
    other: usize,
}

impl Diagnostics {
    /// Adds the diagnostic `make` builds, or, once its file has its fill, only counts it
    /// (`make` then runs for the first problem past the cap only, for the summary's place).
    pub fn add(&mut self, file: &Path, severity: Severity, message: &str, make: impl FnOnce() -> Diagnostic) {
        let tally = match self.files.get_mut(file) {
            Some(tally) => tally,
            None => self.files.entry(file.to_owned()).or_default(),
        };
        if severity == Severity::Error {
            tally.errors += 1;
        }
        if tally.listed < MAX_DIAGNOSTICS_PER_FILE {
            tally.listed += 1;
            self.list.push(make());
            return;
        }
        let overflow = tally.overflow.get_or_insert_with(|| Overflow {
            first: make(),
            total: 0,
            errors: false,
            kinds: Vec::new(),
            other: 0,
        });
        overflow.count(severity, message);
    }

    /// Adds a diagnostic already made.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        let (file, severity, message) = (diagnostic.file.clone(), diagnostic.severity, diagnostic.message.clone());
        self.add(&file, severity, &message, || diagnostic);
    }

    /// Whether `file` has listed all it may, so further problems are only counted.
    pub fn is_full(&self, file: &Path) -> bool {
        self.files
            .get(file)
            .is_some_and(|t| t.listed >= MAX_DIAGNOSTICS_PER_FILE)
    }

    /// How many problems were counted past the cap, over every file.
    pub fn unlisted(&self) -> usize {
        self.files
            .values()
            .filter_map(|t| t.overflow.as_ref())
            .map(|o| o.total)
            .sum()
    }

    /// How many errors `file` has had, listed or not.
    pub fn errors_in(&self, file: &Path) -> usize {
        self.files.get(file).map_or(0, |t| t.errors)
    }

    /// Every diagnostic in file order (`order` ranks a file), then line and column, each
    /// file's summary of unlisted problems after its last listed one.
    pub fn finish(self, order: impl Fn(&Path) -> usize) -> Vec<Diagnostic> {
        let Diagnostics { mut list, mut files } = self;
        // The path after the rank keeps files that `order` does not rank apart.
        list.sort_by_cached_key(|d| (order(&d.file), d.file.clone(), d.line, d.column));
        let mut out = Vec::with_capacity(list.len() + 1);
        let mut items = list.into_iter().peekable();
        while let Some(d) = items.next() {
            let last_of_file = items.peek().is_none_or(|next| next.file != d.file);
            let file = d.file.clone();
            out.push(d);
            if last_of_file && let Some(overflow) = files.get_mut(&file).and_then(|t| t.overflow.take()) {
                out.push(overflow.summary());
            }
        }
        out
    }
}

impl Overflow {
    fn count(&mut self, severity: Severity, message: &str) {
        self.total += 1;
        self.errors |= severity == Severity::Error;
        let kind = kind_of(message);
        if let Some(entry) = self.kinds.iter_mut().find(|(k, _, _)| *k == kind) {
            entry.2 += 1;
        } else if self.kinds.len() < SUMMARY_KINDS {
            self.kinds.push((kind, shorten(&clip(message), 100), 1));
        } else {
            self.other += 1;
        }
    }

    fn summary(mut self) -> Diagnostic {
        self.kinds.sort_by_key(|(_, _, n)| std::cmp::Reverse(*n));
        let mut named: Vec<String> = self
            .kinds
            .iter()
            .take(SUMMARY_NAMED)
            .map(|(_, example, n)| format!("{example} ({n} of this kind)"))
            .collect();
        let rest = self.other + self.kinds.iter().skip(SUMMARY_NAMED).map(|(_, _, n)| n).sum::<usize>();
        if rest > 0 {
            named.push(format!("other problems ({rest})"));
        }
        let mut summary = self.first;
        summary.severity = if self.errors {
            Severity::Error
        } else {
            Severity::Warning
        };
        summary.message = clip(&format!(
            "and {} more problems in this file, not listed: {}",
            self.total,
            named.join("; ")
        ));
        summary.help = format!(
            "only the first {MAX_DIAGNOSTICS_PER_FILE} problems of a file are listed; fix these (often one mistake repeated) and validate again"
        );
        summary
    }
}

/// A message with its quoted parts blanked out: `tile id `T7` is used twice` and `tile id `T8`
/// is used twice` are the same kind of problem.
fn kind_of(message: &str) -> String {
    clip(message)
        .split('`')
        .enumerate()
        .map(|(i, part)| if i % 2 == 1 { "…" } else { part })
        .collect::<Vec<_>>()
        .join("`")
}

/// Collects diagnostics for one file.
pub(crate) struct Reporter<'a> {
    pub source: &'a Source,
    pub map: &'a SourceMap,
    pub out: &'a mut Diagnostics,
}

impl Reporter<'_> {
    /// Whether this file's list is full: a caller may then skip working out help texts, as
    /// further problems are only counted by their message.
    pub fn is_full(&self) -> bool {
        self.out.is_full(&self.source.path)
    }

    /// A problem with the value at `pointer`.
    pub fn error(&mut self, pointer: &str, message: impl Into<String>, help: impl Into<String>) {
        self.push(Severity::Error, pointer, false, message.into(), help.into());
    }

    /// A problem with the key at `pointer` (for example a duplicate or unknown name).
    pub fn error_at_key(&mut self, pointer: &str, message: impl Into<String>, help: impl Into<String>) {
        self.push(Severity::Error, pointer, true, message.into(), help.into());
    }

    /// A likely mistake at `pointer` that does not stop the file from working.
    pub fn warning(&mut self, pointer: &str, message: impl Into<String>, help: impl Into<String>) {
        self.push(Severity::Warning, pointer, false, message.into(), help.into());
    }

    /// A likely mistake in the key at `pointer` (for example a name nothing else knows).
    pub fn warning_at_key(&mut self, pointer: &str, message: impl Into<String>, help: impl Into<String>) {
        self.push(Severity::Warning, pointer, true, message.into(), help.into());
    }

    fn push(&mut self, severity: Severity, pointer: &str, key: bool, message: String, help: String) {
        let (source, map) = (self.source, self.map);
        self.out.add(&source.path, severity, &message, || {
            let span = if key {
                map.key_span(pointer)
            } else {
                map.value_span(pointer)
            };
            Diagnostic::at(severity, source, span.unwrap_or(0..0), message.clone(), help).with_pointer(pointer)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_problems_are_summed_up_by_kind() {
        let source = Source::new("a.toml", "x = 1\n");
        let map = SourceMap::default();
        let mut out = Diagnostics::default();
        let mut report = Reporter {
            source: &source,
            map: &map,
            out: &mut out,
        };
        for i in 0..MAX_DIAGNOSTICS_PER_FILE + 50 {
            report.error("/x", format!("tile id `T{i}` is used twice"), "rename it");
        }
        report.warning("/x", "odd", "look");
        assert_eq!(out.errors_in(Path::new("a.toml")), MAX_DIAGNOSTICS_PER_FILE + 50);
        let list = out.finish(|_| 0);
        assert_eq!(list.len(), MAX_DIAGNOSTICS_PER_FILE + 1);
        let summary = list.last().unwrap();
        assert!(summary.is_error());
        assert_eq!(
            summary.message,
            "and 51 more problems in this file, not listed: tile id `T200` is used twice (50 of this kind); odd (1 of this kind)"
        );
    }
}
