//! Diagnostics: what is wrong, where (file, line, column), and how to fix it.
//!
//! The engine only produces them; rendering (terminal, JSON, CI annotations, editor panel) is
//! the caller's job.

use std::fmt;
use std::ops::Range;
use std::path::PathBuf;

use serde::Serialize;

use crate::source::Source;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file cannot be used as it is.
    Error,
    /// The file works, but probably not as meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One problem found in a data file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The file.
    pub file: PathBuf,
    /// One-based line of the offending key or value.
    pub line: usize,
    /// One-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
    /// Byte span in the file, for snippets.
    #[serde(skip)]
    pub span: Range<usize>,
    /// JSON Pointer of the offending value (`/tiles/3/features/c`), so a tool can select it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub pointer: String,
}

impl Diagnostic {
    /// A diagnostic at `span` of `source`.
    pub fn at(
        severity: Severity,
        source: &Source,
        span: Range<usize>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> Diagnostic {
        let (line, column) = source.line_col(span.start);
        Diagnostic {
            severity,
            file: source.path.clone(),
            line,
            column,
            message: clip(&message.into()),
            help: clip(&help.into()),
            span,
            pointer: String::new(),
        }
    }

    /// A diagnostic about a whole file that has no usable text (unreadable, binary).
    pub fn file(path: impl Into<PathBuf>, message: impl Into<String>, help: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            file: path.into(),
            line: 1,
            column: 1,
            message: clip(&message.into()),
            help: clip(&help.into()),
            span: 0..0,
            pointer: String::new(),
        }
    }

    /// The same diagnostic, remembering the JSON Pointer of the value it is about.
    pub fn with_pointer(mut self, pointer: impl Into<String>) -> Diagnostic {
        self.pointer = pointer.into();
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file.display(),
            self.line,
            self.column,
            self.severity,
            self.message
        )?;
        if !self.help.is_empty() {
            write!(f, " (help: {})", self.help)?;
        }
        Ok(())
    }
}

pub use tilewright_rules::quote::{MAX_QUOTED_CHARS, MAX_TEXT_CHARS, clip, quote, quoted_list, shorten};
