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

/// Most characters of file content a message quotes between backticks.
pub const MAX_QUOTED_CHARS: usize = 80;
/// Most characters of a message or a help text.
pub const MAX_TEXT_CHARS: usize = 1000;

/// `text` cut to at most `max` characters, ending in `…` when cut.
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some(_) => {
            let keep = text.char_indices().nth(max.saturating_sub(1)).map_or(0, |(i, _)| i);
            format!("{}…", &text[..keep])
        }
    }
}

/// At most `max` names from a file, quoted and joined with commas, then how many more: a
/// help text that lists what a file declares must not grow with the file.
pub fn quoted_list<'a>(names: impl IntoIterator<Item = &'a str>, max: usize) -> String {
    let mut shown = Vec::new();
    let mut more = 0usize;
    for name in names {
        if shown.len() < max {
            shown.push(quote(name));
        } else {
            more += 1;
        }
    }
    if more > 0 {
        shown.push(format!("and {more} more"));
    }
    shown.join(", ")
}

/// File content quoted for a message: between backticks, shortened.
pub fn quote(text: &str) -> String {
    format!("`{}`", shorten(text, MAX_QUOTED_CHARS))
}

/// A message or help text with every quoted part (between backticks) shortened to
/// [`MAX_QUOTED_CHARS`] and the whole to [`MAX_TEXT_CHARS`], so that a huge key, value or id
/// in a file is never echoed in full. Every diagnostic goes through this.
pub fn clip(text: &str) -> String {
    if text.len() <= MAX_QUOTED_CHARS {
        return text.to_owned();
    }
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&shorten(part, MAX_QUOTED_CHARS));
        } else {
            out.push_str(&shorten(part, MAX_TEXT_CHARS + 1));
        }
        if out.len() > 4 * MAX_TEXT_CHARS {
            break;
        }
    }
    shorten(&out, MAX_TEXT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_shortened() {
        let key = "k".repeat(10_000);
        let message = clip(&format!("unknown key `{key}` here"));
        assert_eq!(
            message,
            format!("unknown key `{}…` here", "k".repeat(MAX_QUOTED_CHARS - 1))
        );
        assert_eq!(clip("short `one`"), "short `one`");
        let ticks = "`a".repeat(100_000);
        assert!(clip(&ticks).chars().count() <= MAX_TEXT_CHARS);
        assert_eq!(shorten("abc", 2), "a…");
        assert_eq!(shorten("ab", 2), "ab");
    }

    #[test]
    fn listed_names_stop_at_the_limit() {
        assert_eq!(quoted_list(["a", "b"], 3), "`a`, `b`");
        assert_eq!(quoted_list(["a", "b", "c", "d"], 2), "`a`, `b`, and 2 more");
    }
}
