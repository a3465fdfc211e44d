//! Source text of a data file, its TOML tree as JSON, and where every value came from.
//!
//! The JSON value is what the JSON Schema validates and what the model is read from; the
//! [`SourceMap`] turns a JSON Pointer (from a schema error or a semantic check) back into the
//! byte span of the key or value in the file, so every diagnostic has a line and column.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde_json::{Map, Number, Value};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A data file's name (as shown in diagnostics) and text.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path of the file, as given by the user.
    pub path: PathBuf,
    /// Text of the file.
    pub text: String,
}

impl Source {
    /// A source from a path and its text.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Source {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    /// The folder the file is in, against which relative paths in it are resolved.
    pub fn folder(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }

    /// One-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let offset = (0..=offset).rev().find(|&o| self.text.is_char_boundary(o)).unwrap_or(0);
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }
}

/// Where a key and its value are in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// Span of the key naming the value (absent for array items and the root).
    pub key: Option<Range<usize>>,
    /// Span of the value.
    pub value: Range<usize>,
}

/// JSON Pointer → location in the file.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    locations: HashMap<String, Location>,
}

impl SourceMap {
    /// The location of the value at `pointer`, or of its nearest ancestor that has one.
    pub fn locate(&self, pointer: &str) -> Option<&Location> {
        let mut p = pointer;
        loop {
            if let Some(loc) = self.locations.get(p) {
                return Some(loc);
            }
            match p.rfind('/') {
                Some(i) => p = &p[..i],
                None => return None,
            }
        }
    }

    /// The span to underline for a problem with the value at `pointer`.
    pub fn value_span(&self, pointer: &str) -> Option<Range<usize>> {
        self.locate(pointer).map(|l| l.value.clone())
    }

    /// The span to underline for a problem with the key at `pointer` (the value if it has no key).
    pub fn key_span(&self, pointer: &str) -> Option<Range<usize>> {
        self.locate(pointer)
            .map(|l| l.key.clone().unwrap_or_else(|| l.value.clone()))
    }
}

/// Escapes one JSON Pointer segment.
pub fn escape_segment(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// A TOML syntax problem.
#[derive(Debug, Clone)]
pub struct SyntaxError {
    /// What the parser said.
    pub message: String,
    /// Where.
    pub span: Range<usize>,
}

/// A value TOML allows that the data model does not.
#[derive(Debug, Clone)]
pub struct UnsupportedValue {
    /// JSON Pointer of the value.
    pub pointer: String,
    /// What is wrong with it.
    pub message: String,
}

/// A parsed file: its JSON tree, the source map, and values the model cannot hold.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The document as JSON.
    pub value: Value,
    /// Where each value is.
    pub map: SourceMap,
    /// Values that have no JSON equivalent (dates, non-finite floats).
    pub unsupported: Vec<UnsupportedValue>,
}

/// Parses TOML text into JSON with a source map.
pub fn parse_toml(text: &str) -> Result<Parsed, SyntaxError> {
    let root = DeTable::parse(text).map_err(|e| SyntaxError {
        message: e.message().trim().to_owned(),
        span: e.span().unwrap_or(0..0),
    })?;
    let mut map = SourceMap::default();
    let mut unsupported = Vec::new();
    let span = root.span();
    map.locations.insert(String::new(), Location { key: None, value: span });
    let value = convert_table(root.get_ref(), "", &mut map, &mut unsupported);
    Ok(Parsed {
        value,
        map,
        unsupported,
    })
}

fn convert_table(table: &DeTable<'_>, pointer: &str, map: &mut SourceMap, bad: &mut Vec<UnsupportedValue>) -> Value {
    let mut object = Map::new();
    for (key, value) in table.iter() {
        let child = format!("{pointer}/{}", escape_segment(key.get_ref()));
        map.locations.insert(
            child.clone(),
            Location {
                key: Some(key.span()),
                value: value.span(),
            },
        );
        object.insert(key.get_ref().to_string(), convert(value, &child, map, bad));
    }
    Value::Object(object)
}

fn convert(value: &Spanned<DeValue<'_>>, pointer: &str, map: &mut SourceMap, bad: &mut Vec<UnsupportedValue>) -> Value {
    let mut unsupported = |message: &str| {
        bad.push(UnsupportedValue {
            pointer: pointer.to_owned(),
            message: message.to_owned(),
        });
        Value::Null
    };
    match value.get_ref() {
        DeValue::String(s) => Value::String(s.to_string()),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => Value::Number(n.into()),
            Err(_) => unsupported("this integer is too large"),
        },
        DeValue::Float(f) => match f
            .as_str()
            .replace('_', "")
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
        {
            Some(n) => Value::Number(n),
            None => unsupported("infinite and not-a-number floats are not allowed here"),
        },
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Datetime(_) => unsupported("dates and times are not allowed here"),
        DeValue::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let child = format!("{pointer}/{i}");
                    map.locations.insert(
                        child.clone(),
                        Location {
                            key: None,
                            value: item.span(),
                        },
                    );
                    convert(item, &child, map, bad)
                })
                .collect(),
        ),
        DeValue::Table(table) => convert_table(table, pointer, map, bad),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_map_back_to_lines_and_columns() {
        let text = "id = \"x\"\n[[tiles]]\nid = \"A\"\nedges = [\"city\", \"rood\"]\n";
        let parsed = parse_toml(text).unwrap();
        let source = Source::new("t.toml", text);
        let span = parsed.map.value_span("/tiles/0/edges/1").unwrap();
        assert_eq!(&text[span.clone()], "\"rood\"");
        assert_eq!(source.line_col(span.start), (4, 18));
        let key = parsed.map.key_span("/tiles/0/id").unwrap();
        assert_eq!(source.line_col(key.start), (3, 1));
        // A pointer below a leaf falls back to the nearest ancestor.
        assert_eq!(parsed.map.value_span("/tiles/0/edges/1/x"), Some(span));
    }

    #[test]
    fn syntax_errors_have_a_span() {
        let err = parse_toml("a = \n").unwrap_err();
        assert!(!err.message.is_empty());
        assert!(err.span.start <= 5);
    }

    #[test]
    fn dates_are_reported_not_converted() {
        let parsed = parse_toml("when = 1979-05-27\n").unwrap();
        assert_eq!(parsed.unsupported.len(), 1);
        assert_eq!(parsed.unsupported[0].pointer, "/when");
    }

    #[test]
    fn line_col_counts_characters() {
        let source = Source::new("x", "é = 1\nb");
        assert_eq!(source.line_col(3), (1, 3));
        assert_eq!(source.line_col(100), (2, 2));
    }
}
