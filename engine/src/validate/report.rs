//! A small helper that turns "the value at this JSON Pointer is wrong" into a diagnostic with
//! the file's line and column.

use crate::diagnostic::{Diagnostic, Severity};
use crate::source::{Source, SourceMap};

/// Collects diagnostics for one file.
pub(crate) struct Reporter<'a> {
    pub source: &'a Source,
    pub map: &'a SourceMap,
    pub out: &'a mut Vec<Diagnostic>,
}

impl Reporter<'_> {
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

    fn push(&mut self, severity: Severity, pointer: &str, key: bool, message: String, help: String) {
        let span = if key {
            self.map.key_span(pointer)
        } else {
            self.map.value_span(pointer)
        };
        let diagnostic =
            Diagnostic::at(severity, self.source, span.unwrap_or(0..0), message, help).with_pointer(pointer);
        self.out.push(diagnostic);
    }
}
