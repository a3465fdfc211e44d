//! A data file's `#:schema` line must lead to a file: an editor given a path to nothing
//! silently stops completing and checking the file as it is typed.

use std::ops::Range;

use crate::diagnostic::{Diagnostic, Severity, quote};
use crate::report::Diagnostics;
use crate::schema::FileKind;
use crate::source::Source;
use crate::template::find_schema_line;

/// Warns when `source`, read from disk, has a `#:schema` line among its first comment lines
/// whose path, taken from the file's folder, names no file. Addresses (`https://...`) are
/// left to the editor.
pub(super) fn check(source: &Source, kind: Option<FileKind>, out: &mut Diagnostics) {
    let Some((target, span)) = schema_target(&source.text) else {
        return;
    };
    if target.is_empty() || target.contains("://") {
        return;
    }
    let folder = source.path.parent().unwrap_or(std::path::Path::new(""));
    if folder.join(target).is_file() {
        return;
    }
    let help = match kind.and_then(|kind| find_schema_line(&source.path, kind)) {
        Some(line) => format!("the schema is found from this file's folder with `{line}`"),
        None => "give the schema's path from this file's folder (the schemas of a repository made by \
                 `tilewright init` are in its `schemas/` folder), or remove the line"
            .to_owned(),
    };
    out.push(Diagnostic::at(
        Severity::Warning,
        source,
        span,
        format!(
            "the `#:schema` line names {}, which is not a file from this file's folder: editors will neither complete nor check it",
            quote(target)
        ),
        help,
    ));
}

/// The path of the first `#:schema` line among the comment and blank lines that open `text`,
/// and its byte span.
fn schema_target(text: &str) -> Option<(&str, Range<usize>)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !(trimmed.starts_with('#') || trimmed.trim().is_empty()) {
            return None;
        }
        if let Some(rest) = trimmed.strip_prefix("#:schema") {
            let target = rest.trim();
            let start =
                offset + (line.len() - trimmed.len()) + "#:schema".len() + (rest.len() - rest.trim_start().len());
            return Some((target, start..start + target.len()));
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::schema_target;

    #[test]
    fn the_target_is_the_first_schema_line_among_the_opening_comments() {
        let text = "# note\n\n  #:schema  ../schemas/x.json \nid = \"a\"\n";
        let (target, span) = schema_target(text).unwrap();
        assert_eq!(target, "../schemas/x.json");
        assert_eq!(&text[span], "../schemas/x.json");
        assert_eq!(schema_target("id = \"a\"\n#:schema ../x.json\n"), None);
        assert_eq!(schema_target(""), None);
    }
}
