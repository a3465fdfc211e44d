//! Source text of a data file, its TOML tree as JSON, and where every value came from.
//!
//! The JSON value is what the JSON Schema validates and what the model is read from; the
//! [`SourceMap`] turns a JSON Pointer (from a schema error or a semantic check) back into the
//! byte span of the key or value in the file, so every diagnostic has a line and column.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde_json::{Map, Number, Value};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

pub use tilewright_rules::pointer::escape_segment;

/// A data file's name (as shown in diagnostics) and text.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path of the file, as given by the user.
    pub path: PathBuf,
    /// Text of the file, without a leading byte-order mark. Spans index this text; it is not
    /// meant to change after the source is made (line positions are worked out once).
    pub text: String,
    /// Byte offset of the start of every line, built on the first [`Source::line_col`] and
    /// shared by clones, so locating a diagnostic is a binary search, not a scan of the file.
    line_starts: OnceLock<Arc<[usize]>>,
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BOM: char = '\u{feff}';

impl Source {
    /// A source from a path and its text. A leading byte-order mark is dropped: it is not part
    /// of the TOML, and no span or column can then point inside it.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Source {
        let mut text = text.into();
        if text.starts_with(BOM) {
            text.drain(..BOM.len_utf8());
        }
        Source {
            path: path.into(),
            text,
            line_starts: OnceLock::new(),
        }
    }

    /// The folder the file is in, against which relative paths in it are resolved.
    pub fn folder(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }

    /// One-based line and column (in characters) of a byte offset: a binary search for the
    /// line, then a count of the characters before the offset on that line.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let offset = (0..=offset).rev().find(|&o| self.text.is_char_boundary(o)).unwrap_or(0);
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let line = starts.partition_point(|&start| start <= offset).max(1);
        let line_start = starts.get(line - 1).copied().unwrap_or(0);
        // Every byte that does not continue a multi-byte character starts one.
        let column = self.text.as_bytes()[line_start..offset]
            .iter()
            .filter(|&&b| (b as i8) >= -0x40)
            .count()
            + 1;
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
    /// The root and every table entry, by pointer.
    locations: HashMap<String, Location>,
    /// The value span of every array item, by the array's pointer: one small range per item
    /// rather than a pointer string each, so a file of a million array items stays small.
    items: HashMap<String, Vec<Range<usize>>>,
}

impl SourceMap {
    /// The location of the value at `pointer`, or of its nearest ancestor that has one.
    pub fn locate(&self, pointer: &str) -> Option<Location> {
        let mut p = pointer;
        loop {
            if let Some(loc) = self.locations.get(p) {
                return Some(loc.clone());
            }
            let (parent, last) = p.rsplit_once('/')?;
            let item = last.parse::<usize>().ok().and_then(|i| self.items.get(parent)?.get(i));
            if let Some(span) = item {
                return Some(Location {
                    key: None,
                    value: span.clone(),
                });
            }
            p = parent;
        }
    }

    /// The span to underline for a problem with the value at `pointer`.
    pub fn value_span(&self, pointer: &str) -> Option<Range<usize>> {
        self.locate(pointer).map(|l| l.value)
    }

    /// The span to underline for a problem with the key at `pointer` (the value if it has no key).
    pub fn key_span(&self, pointer: &str) -> Option<Range<usize>> {
        self.locate(pointer).map(|l| l.key.unwrap_or(l.value))
    }
}

/// Why a text cannot be read as TOML: its syntax, or a limit of the reader.
#[derive(Debug, Clone)]
pub struct SyntaxError {
    /// What is wrong, ready to show.
    pub message: String,
    /// How to fix it.
    pub help: &'static str,
    /// Where.
    pub span: Range<usize>,
}

/// Most values (tables, arrays and scalars) one file may hold: four times the largest tile set
/// anyone writes by hand, and small enough that checking a file that is wrong everywhere stays
/// quick and small in memory.
pub const MAX_VALUES: usize = 400_000;

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
    /// How many values (tables, arrays and scalars) the file holds.
    pub values: usize,
}

/// Parses TOML text into JSON with a source map; refuses a file of more than [`MAX_VALUES`]
/// values at the first value past the limit.
pub fn parse_toml(text: &str) -> Result<Parsed, SyntaxError> {
    let root = DeTable::parse(text).map_err(|e| match e.span() {
        Some(span) => SyntaxError {
            message: format!("TOML syntax: {}", e.message().trim()),
            help: "fix the syntax at this point",
            span,
        },
        // The one error the parser gives without a position: a dotted key (`a.b.c = 1` or a
        // table header) of more parts than it accepts.
        None => SyntaxError {
            message: format!(
                "TOML syntax: {} (a dotted key or table name may have at most {MAX_KEY_PARTS} parts)",
                e.message().trim()
            ),
            help: "use fewer parts, or a table header and shorter keys below it",
            span: deepest_key_part(text).unwrap_or(0..0),
        },
    })?;
    let mut converter = Converter::default();
    let span = root.span();
    converter
        .map
        .locations
        .insert(String::new(), Location { key: None, value: span });
    let value = converter.table(root.get_ref(), "");
    if let Some(span) = converter.past_limit {
        return Err(SyntaxError {
            message: format!("the file holds more than {MAX_VALUES} values, too many for a data file"),
            help: "split it into several files",
            span,
        });
    }
    Ok(Parsed {
        value,
        map: converter.map,
        unsupported: converter.unsupported,
        values: converter.values,
    })
}

/// Converts the TOML tree to JSON, recording where each value is, counting values.
#[derive(Default)]
struct Converter {
    map: SourceMap,
    unsupported: Vec<UnsupportedValue>,
    values: usize,
    /// The span of the first value past [`MAX_VALUES`]; conversion stops there.
    past_limit: Option<Range<usize>>,
}

impl Converter {
    /// Counts a value; false once past the limit.
    fn count(&mut self, span: Range<usize>) -> bool {
        self.values += 1;
        if self.values > MAX_VALUES && self.past_limit.is_none() {
            self.past_limit = Some(span);
        }
        self.past_limit.is_none()
    }

    fn table(&mut self, table: &DeTable<'_>, pointer: &str) -> Value {
        let mut object = Map::new();
        for (key, value) in table.iter() {
            if !self.count(value.span()) {
                break;
            }
            let child = format!("{pointer}/{}", escape_segment(key.get_ref()));
            self.map.locations.insert(
                child.clone(),
                Location {
                    key: Some(key.span()),
                    value: value.span(),
                },
            );
            let converted = self.value(value, &child);
            object.insert(key.get_ref().to_string(), converted);
        }
        Value::Object(object)
    }

    fn value(&mut self, value: &Spanned<DeValue<'_>>, pointer: &str) -> Value {
        let mut unsupported = |message: &str| {
            self.unsupported.push(UnsupportedValue {
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
            DeValue::Array(items) => {
                self.map.items.insert(
                    pointer.to_owned(),
                    items.iter().take(MAX_VALUES).map(|item| item.span()).collect(),
                );
                let mut array = Vec::with_capacity(items.len().min(MAX_VALUES));
                for (i, item) in items.iter().enumerate() {
                    if !self.count(item.span()) {
                        break;
                    }
                    array.push(self.value(item, &format!("{pointer}/{i}")));
                }
                Value::Array(array)
            }
            DeValue::Table(table) => self.table(table, pointer),
        }
    }
}

/// Most parts of a dotted key the TOML parser accepts (its own limit, which it reports without
/// a position).
pub const MAX_KEY_PARTS: usize = 80;

/// The span of the first key part beyond [`MAX_KEY_PARTS`] in the text (or of the last part of
/// the longest dotted key), found with the TOML parser's own event stream so that quoted keys
/// holding dots count right.
fn deepest_key_part(text: &str) -> Option<Range<usize>> {
    use toml_parser::parser::{Event, EventKind};
    let source = toml_parser::Source::new(text);
    let tokens = source.lex().into_vec();
    let mut deepest: Option<(usize, Range<usize>)> = None;
    let (mut parts, mut after_separator) = (0usize, false);
    let mut receiver = |event: Event| match event.kind() {
        EventKind::SimpleKey => {
            parts = if after_separator { parts + 1 } else { 1 };
            after_separator = false;
            let counted = parts.min(MAX_KEY_PARTS + 1);
            if deepest.as_ref().is_none_or(|(n, _)| counted > *n) {
                deepest = Some((counted, event.span().start()..event.span().end()));
            }
        }
        EventKind::KeySep => after_separator = true,
        EventKind::Whitespace => {}
        _ => after_separator = false,
    };
    toml_parser::parser::parse_document(&tokens, &mut receiver, &mut ());
    deepest.map(|(_, span)| span)
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
    fn files_of_too_many_values_are_refused_where_the_limit_is_passed() {
        let text = format!("a = [{}]\n", vec!["1"; MAX_VALUES].join(","));
        let err = parse_toml(&text).unwrap_err();
        assert!(err.message.contains("more than"), "{}", err.message);
        // `a` is value 1, its items 2 onwards: the last item is the first past the limit.
        assert_eq!(err.span.start, text.len() - 3);
    }

    #[test]
    fn dates_are_reported_not_converted() {
        let parsed = parse_toml("when = 1979-05-27\n").unwrap();
        assert_eq!(parsed.unsupported.len(), 1);
        assert_eq!(parsed.unsupported[0].pointer, "/when");
    }

    #[test]
    fn keys_too_deep_for_the_parser_are_located() {
        let deep = vec!["k"; MAX_KEY_PARTS + 5].join(".");
        let text = format!("id = 1\n{deep} = 1\n");
        let err = parse_toml(&text).unwrap_err();
        let source = Source::new("x", text.as_str());
        assert_eq!(
            source.line_col(err.span.start),
            (2, 2 * MAX_KEY_PARTS + 1),
            "{}",
            err.message
        );
        let fine = vec!["k"; MAX_KEY_PARTS].join(".");
        assert!(parse_toml(&format!("{fine} = 1\n")).is_ok());
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_text() {
        let source = Source::new("x", "\u{feff}id = 1\nb");
        assert_eq!(source.text, "id = 1\nb");
        assert_eq!(source.line_col(0), (1, 1));
        assert_eq!(source.clone().line_col(7), (2, 1));
    }

    #[test]
    fn array_items_are_located_without_a_pointer_each() {
        let text = "a = [1, [2, \"x\"], { b = 3 }]\n";
        let parsed = parse_toml(text).unwrap();
        let at = |p: &str| parsed.map.value_span(p).map(|s| &text[s]);
        assert_eq!(at("/a/0"), Some("1"));
        assert_eq!(at("/a/1/1"), Some("\"x\""));
        assert_eq!(at("/a/2/b"), Some("3"));
        assert_eq!(at("/a/9"), Some("[1, [2, \"x\"], { b = 3 }]"));
    }

    #[test]
    fn line_col_counts_characters() {
        let source = Source::new("x", "é = 1\nb");
        assert_eq!(source.line_col(3), (1, 3));
        assert_eq!(source.line_col(100), (2, 2));
    }
}
