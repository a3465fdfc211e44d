//! Rendering diagnostics for people (rustc-style snippets), for tools (JSON) and for GitHub
//! Actions annotations.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use tilewright_engine::{Diagnostic, Severity, Source};

use crate::escape;

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Snippets with carets, coloured on a terminal.
    Human,
    /// A JSON array of objects with severity, file, line, column, message and help.
    Json,
    /// GitHub Actions workflow commands (`::error file=...,line=...,col=...::message`).
    Github,
}

/// Renders every diagnostic in `format`.
pub fn render(format: Format, diagnostics: &[Diagnostic], sources: &[Source], colour: bool) -> String {
    match format {
        Format::Human => human(diagnostics, sources, colour),
        Format::Json => json(diagnostics),
        Format::Github => github(diagnostics),
    }
}

fn human(diagnostics: &[Diagnostic], sources: &[Source], colour: bool) -> String {
    let mut files: HashMap<&Path, Lines<'_>> = sources
        .iter()
        .map(|s| (s.path.as_path(), Lines::new(&s.text)))
        .collect();
    let renderer = if colour { Renderer::styled() } else { Renderer::plain() };
    let mut out = String::new();
    for d in diagnostics {
        let level = match d.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let path = escape::path(&d.file);
        let message = escape::line(&d.message);
        let title = level.primary_title(message.as_str());
        let excerpt = files.get_mut(d.file.as_path()).and_then(|lines| lines.excerpt(&d.span));
        let mut report = match excerpt {
            Some(excerpt) => vec![
                title.element(
                    Snippet::source(excerpt.text)
                        .line_start(excerpt.first_line)
                        .path(path.as_str())
                        .annotation(AnnotationKind::Primary.span(excerpt.span)),
                ),
            ],
            None => vec![
                title.element(
                    annotate_snippets::Origin::path(path.as_str())
                        .line(d.line)
                        .char_column(d.column),
                ),
            ],
        };
        let help = escape::line(&d.help);
        if !help.is_empty() {
            report.push(Group::with_title(Level::HELP.secondary_title(help.as_str())));
        }
        out.push_str(&renderer.render(&report));
        out.push_str("\n\n");
    }
    out
}

/// A file's text with the byte offset where each line starts, worked out the first time a
/// diagnostic needs it, so each snippet is cut from the file in logarithmic time.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

/// The lines a snippet shows: escaped text, the number of its first line, and the span in it.
struct Excerpt {
    text: String,
    first_line: usize,
    span: Range<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            starts: Vec::new(),
        }
    }

    /// The lines `span` touches, with the span moved into them; `None` for an empty file.
    /// Any span is accepted: it is clamped to the text and widened to whole characters (a span
    /// may end past the file, inside a multi-byte character or inside a byte-order mark), and
    /// an empty one is widened to the character it points at.
    fn excerpt(&mut self, span: &Range<usize>) -> Option<Excerpt> {
        let text = self.text;
        if text.is_empty() {
            return None;
        }
        if self.starts.is_empty() {
            self.starts = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect();
        }
        let start = text.floor_char_boundary(span.start.min(text.len()));
        let mut end = text.ceil_char_boundary(span.end.clamp(start, text.len()));
        if end == start {
            end = text.ceil_char_boundary(start + 1);
        }
        let first = self.line_of(start);
        let from = self.starts[first];
        let mut to = self
            .starts
            .get(self.line_of(end) + 1)
            .map_or(text.len(), |next| next - 1);
        // A CRLF file's line ends are not shown as characters.
        if to > end && text[..to].ends_with('\r') {
            to -= 1;
        }
        // Escaped as a whole (a `##[` may straddle the span's ends); escaping replaces one
        // character by one but changes byte lengths, so the span is found again by characters.
        let shown = escape::source(&text[from..to]);
        let skip = text[from..start].chars().count();
        let take = text[start..end].chars().count();
        let at = |chars: usize| shown.char_indices().nth(chars).map_or(shown.len(), |(i, _)| i);
        let span = at(skip)..at(skip + take);
        Some(Excerpt {
            text: shown,
            first_line: first + 1,
            span,
        })
    }

    /// The zero-based line of byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }
}

fn json(diagnostics: &[Diagnostic]) -> String {
    // Messages are cut like any printed text; the file stays exact, for tools to open it.
    let shown: Vec<Diagnostic> = diagnostics
        .iter()
        .map(|d| Diagnostic {
            message: escape::line(&d.message),
            help: escape::line(&d.help),
            pointer: escape::line(&d.pointer),
            ..d.clone()
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&shown).unwrap_or_else(|_| "[]".into());
    text.push('\n');
    escape::json(&text)
}

fn github(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    let here = std::env::current_dir().ok();
    for d in diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let message = if d.help.is_empty() {
            escape::line(&d.message)
        } else {
            format!("{} (help: {})", escape::line(&d.message), escape::line(&d.help))
        };
        // The file is a locator, so it is not cut (the operating system bounds its length);
        // its control characters are replaced all the same.
        let file = escape::exact(&annotation_path(&d.file, here.as_deref()).to_string_lossy());
        out.push_str(&format!(
            "::{command} file={},line={},col={}::{}\n",
            escape::workflow(&file, true),
            d.line,
            d.column,
            escape::workflow(&message, false)
        ));
    }
    out
}

/// `path` as an annotation names it: relative to the folder the run is in (the repository's
/// top, in a workflow), without `.` parts and with `dir/..` taken out, since GitHub attaches
/// `file=./a.toml` (or `tiles/../a.toml`) to no file of a pull request.
fn annotation_path(path: &Path, here: Option<&Path>) -> PathBuf {
    let relative = here.and_then(|here| path.strip_prefix(here).ok()).unwrap_or(path);
    let mut parts: Vec<Component<'_>> = Vec::new();
    for part in relative.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    parts.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_name_files_from_the_top_without_dots() {
        let here = Path::new("/repo");
        let named = |p: &str| annotation_path(Path::new(p), Some(here)).to_string_lossy().into_owned();
        assert_eq!(named("./tiles/a.toml"), "tiles/a.toml");
        assert_eq!(named("tiles/./a.toml"), "tiles/a.toml");
        assert_eq!(named("/repo/tiles/a.toml"), "tiles/a.toml");
        assert_eq!(named("/elsewhere/a.toml"), "/elsewhere/a.toml");
        assert_eq!(named("../shared/a.toml"), "../shared/a.toml");
        assert_eq!(named("tiles/../rules/./a.toml"), "rules/a.toml");
        assert_eq!(named("/repo/tiles/../a.toml"), "a.toml");
        assert_eq!(named("../../a.toml"), "../../a.toml");
    }

    fn sample() -> (Diagnostic, Source) {
        let source = Source::new("sets/a.toml", "id = \"x\"\ncount = 0\n");
        let d = Diagnostic::at(
            Severity::Error,
            &source,
            17..18,
            "a tile needs at least one copy",
            "give a count of 1 or more",
        );
        (d, source)
    }

    #[test]
    fn github_lines_carry_file_line_and_column() {
        let (d, _) = sample();
        assert_eq!(
            github(&[d]),
            "::error file=sets/a.toml,line=2,col=9::a tile needs at least one copy (help: give a count of 1 or more)\n"
        );
    }

    #[test]
    fn json_has_the_documented_keys() {
        let (d, _) = sample();
        let value: serde_json::Value = serde_json::from_str(&json(&[d])).unwrap();
        let object = value[0].as_object().unwrap();
        for key in ["severity", "file", "line", "column", "message", "help"] {
            assert!(object.contains_key(key), "missing {key}");
        }
        assert_eq!(value[0]["severity"], "error");
        assert_eq!(value[0]["line"], 2);
    }

    #[test]
    fn snippets_hold_only_the_lines_they_show() {
        let text: String = (1..=1000).map(|i| format!("key{i} = {i}\n")).collect();
        let mut lines = Lines::new(&text);
        let at = text.find("key500 ").unwrap();
        let excerpt = lines.excerpt(&(at..at + 6)).unwrap();
        assert_eq!((excerpt.text.as_str(), excerpt.first_line), ("key500 = 500", 500));
        assert_eq!(&excerpt.text[excerpt.span], "key500");
        let across = lines.excerpt(&(at + 9..at + 20)).unwrap();
        assert_eq!(
            (across.text.as_str(), across.first_line),
            ("key500 = 500\nkey501 = 501", 500)
        );
    }

    #[test]
    fn any_span_renders_without_panicking() {
        let cases: [(&str, Range<usize>); 8] = [
            ("\u{feff}tiles = 1\n", 0..1),
            ("name = \"é\"\n", 9..10),
            ("name = \"é\"\n", 10..10),
            ("a = 1\n", 100..200),
            ("a = 1", 5..5),
            ("a = 1\n", Range { start: 4, end: 2 }),
            ("", 0..3),
            ("a = \"\u{1b}[31m\u{9b}\"\n", 5..9),
        ];
        for (text, span) in cases {
            let source = Source::new("a.toml", text);
            let mut d = Diagnostic::at(Severity::Error, &source, 0..0, "bad", "fix it");
            d.span = span.clone();
            let shown = human(&[d], &[source], false);
            assert!(shown.contains("--> a.toml:"), "{text:?} {span:?}: {shown}");
            assert!(!shown.contains(['\u{1b}', '\u{9b}']), "{shown}");
        }
    }

    #[test]
    fn a_legacy_command_across_the_span_is_broken_and_the_caret_stays() {
        let text = "name = \"é##[error]x\"\n";
        let mut lines = Lines::new(text);
        let at = text.find("#[").unwrap();
        let excerpt = lines.excerpt(&(at..at + 2)).unwrap();
        assert_eq!(excerpt.text, "name = \"é#♯[error]x\"");
        assert_eq!(&excerpt.text[excerpt.span], "♯[");
    }

    #[test]
    fn crlf_line_ends_are_not_shown() {
        let source = Source::new("crlf.toml", "id = \"x\"\r\ncount = 0\r\n");
        let d = Diagnostic::at(Severity::Error, &source, 18..19, "must be at least 1", "give 1");
        let out = human(&[d], &[source], false);
        assert!(out.contains("count = 0\n"), "{out}");
        assert!(!out.contains('␍'), "{out}");
    }

    #[test]
    fn human_output_shows_a_caret_snippet() {
        let (d, source) = sample();
        let text = human(&[d], &[source], false);
        assert!(text.contains("error: a tile needs at least one copy"), "{text}");
        assert!(text.contains("sets/a.toml:2:9"), "{text}");
        assert!(text.contains("count = 0"), "{text}");
        assert!(text.contains('^'), "{text}");
        assert!(text.contains("help: give a count of 1 or more"), "{text}");
    }
}
