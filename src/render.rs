//! Rendering diagnostics for people (rustc-style snippets), for tools (JSON) and for GitHub
//! Actions annotations.

use std::collections::HashMap;
use std::path::Path;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use tilewright_engine::{Diagnostic, Severity, Source};

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
    let texts: HashMap<&Path, &str> = sources.iter().map(|s| (s.path.as_path(), s.text.as_str())).collect();
    let renderer = if colour { Renderer::styled() } else { Renderer::plain() };
    let mut out = String::new();
    for d in diagnostics {
        let level = match d.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let path = d.file.display().to_string();
        let title = level.primary_title(d.message.as_str());
        let mut report = match texts.get(d.file.as_path()) {
            Some(text) if d.span.end <= text.len() && !text.is_empty() => {
                let span = if d.span.is_empty() {
                    d.span.start..(d.span.start + 1).min(text.len())
                } else {
                    d.span.clone()
                };
                vec![
                    title.element(
                        Snippet::source(*text)
                            .path(path.as_str())
                            .annotation(AnnotationKind::Primary.span(span)),
                    ),
                ]
            }
            _ => vec![
                title.element(
                    annotate_snippets::Origin::path(path.as_str())
                        .line(d.line)
                        .char_column(d.column),
                ),
            ],
        };
        if !d.help.is_empty() {
            report.push(Group::with_title(Level::HELP.secondary_title(d.help.as_str())));
        }
        out.push_str(&renderer.render(&report));
        out.push_str("\n\n");
    }
    out
}

fn json(diagnostics: &[Diagnostic]) -> String {
    let mut text = serde_json::to_string_pretty(diagnostics).unwrap_or_else(|_| "[]".into());
    text.push('\n');
    text
}

/// Escapes a workflow-command property or message (GitHub's `%`, CR, LF, `:` and `,` rules).
fn escape(text: &str, property: bool) -> String {
    let mut out = text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

fn github(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let message = if d.help.is_empty() {
            d.message.clone()
        } else {
            format!("{} (help: {})", d.message, d.help)
        };
        out.push_str(&format!(
            "::{command} file={},line={},col={}::{}\n",
            escape(&d.file.display().to_string(), true),
            d.line,
            d.column,
            escape(&message, false)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
