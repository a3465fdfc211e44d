//! Checks a parsed file against its committed JSON Schema and reports one clear diagnostic per
//! problem, at the offending key or value.

use std::collections::HashSet;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;

use super::report::Reporter;
use crate::schema::FileKind;
use crate::source::escape_segment;

/// Validates `value` against the schema of `kind`; returns whether it is valid.
pub(crate) fn check(kind: FileKind, value: &Value, report: &mut Reporter<'_>) -> bool {
    let Some(validator) = kind.validator() else {
        report.error(
            "",
            format!("the built-in {} schema could not be compiled", kind.noun()),
            "this is a bug in Tilewright; please report it",
        );
        return false;
    };
    let errors: Vec<_> = validator.iter_errors(value).collect();
    // A misspelt required key shows up twice (unknown `cout`, missing `count`): report it once,
    // as the unknown key with a suggestion.
    let misspelt: HashSet<(String, String)> = errors
        .iter()
        .filter_map(|e| match e.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => Some((e, unexpected)),
            _ => None,
        })
        .flat_map(|(e, unexpected)| {
            let known = known_properties(schema_node(kind.schema(), e.schema_path().as_str()));
            unexpected
                .iter()
                .filter_map(move |key| {
                    closest(key, &known).map(|k| (e.instance_path().as_str().to_owned(), k.to_owned()))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let mut seen = HashSet::new();
    let valid = errors.is_empty();
    for error in errors {
        let pointer = error.instance_path().as_str().to_owned();
        let schema_path = error.schema_path().as_str().to_owned();
        let node = schema_node(kind.schema(), &schema_path);
        let help = node
            .and_then(|n| n.get("description"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                let known = known_properties(node);
                for key in unexpected {
                    let child = format!("{pointer}/{}", escape_segment(key));
                    if !seen.insert(child.clone()) {
                        continue;
                    }
                    let help = match closest(key, &known) {
                        Some(best) => format!("did you mean `{best}`? Known keys: {}", known.join(", ")),
                        None => format!("known keys here: {}", known.join(", ")),
                    };
                    report.error_at_key(&child, format!("unknown key `{key}`"), help);
                }
            }
            ValidationErrorKind::Required { property } => {
                let name = property.as_str().unwrap_or_default();
                if misspelt.contains(&(pointer.clone(), name.to_owned())) {
                    continue;
                }
                if !seen.insert(format!("{pointer}/{}", escape_segment(name))) {
                    continue;
                }
                let parent = schema_path.rsplit_once('/').map_or("", |(p, _)| p);
                let description = kind
                    .schema()
                    .pointer(&format!("{parent}/properties/{name}"))
                    .and_then(|n| n.get("description"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let at = if pointer.is_empty() {
                    "the top of the file".to_owned()
                } else {
                    format!("`{}`", describe_pointer(&pointer))
                };
                report.error_at_key(
                    &pointer,
                    format!("missing key `{name}` in {at}"),
                    format!("add `{name} = ...`: {description}"),
                );
            }
            other => {
                if !seen.insert(pointer.clone()) {
                    continue;
                }
                let message = match other {
                    ValidationErrorKind::AnyOf { .. } | ValidationErrorKind::OneOfNotValid { .. } => {
                        alternatives_message(kind.schema(), node, error.instance())
                    }
                    _ => message_for(other, error.instance(), &error.to_string(), &schema_path),
                };
                report.error(&pointer, message, help);
            }
        }
    }
    valid
}

fn message_for(kind: &ValidationErrorKind, instance: &Value, fallback: &str, schema_path: &str) -> String {
    let shown = short(instance);
    let what = value_name(schema_path);
    match kind {
        ValidationErrorKind::Type { kind } => {
            let expected = match kind {
                TypeKind::Single(t) => article(&t.to_string()),
                TypeKind::Multiple(set) => set
                    .iter()
                    .map(|t| article(&t.to_string()))
                    .collect::<Vec<_>>()
                    .join(" or "),
            };
            format!("expected {expected}, found {}", article(type_name(instance)))
        }
        ValidationErrorKind::Enum { options } => {
            let choices: Vec<String> = options
                .as_array()
                .map(|a| a.iter().map(short).collect())
                .unwrap_or_default();
            format!("{shown} is not one of {}", choices.join(", "))
        }
        ValidationErrorKind::Constant { expected_value } => format!("{shown} must be {}", short(expected_value)),
        ValidationErrorKind::Pattern { .. } => format!("{shown} is not a valid {what}"),
        ValidationErrorKind::Minimum { limit } => format!("{shown} is below the minimum of {limit}"),
        ValidationErrorKind::Maximum { limit } => format!("{shown} is above the maximum of {limit}"),
        ValidationErrorKind::MinItems { limit } => format!("needs at least {limit} item(s)"),
        ValidationErrorKind::MaxItems { limit } => format!("takes at most {limit} item(s)"),
        ValidationErrorKind::MinLength { limit } => format!("must be at least {limit} character(s) long"),
        _ => fallback.to_owned(),
    }
}

/// A message for a value matching none of `anyOf`/`oneOf`: the allowed words when the branches
/// are constants, else the allowed types.
fn alternatives_message(root: &Value, node: Option<&Value>, instance: &Value) -> String {
    let branches = node
        .and_then(|n| n.get("oneOf").or_else(|| n.get("anyOf")))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let resolve = |branch: &Value| -> Value {
        match branch
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix('#'))
        {
            Some(pointer) => root.pointer(pointer).cloned().unwrap_or(Value::Null),
            None => branch.clone(),
        }
    };
    let mut words = Vec::new();
    let mut types = Vec::new();
    for branch in branches.iter().map(resolve) {
        if let Some(c) = branch.get("const") {
            words.push(short(c));
        } else if let Some(values) = branch.get("enum").and_then(Value::as_array) {
            words.extend(values.iter().map(short));
        } else if let Some(t) = branch.get("type").and_then(Value::as_str) {
            types.push(article(t));
        }
    }
    let shown = short(instance);
    match (words.is_empty(), types.is_empty()) {
        (false, true) => format!("{shown} is not one of {}", words.join(", ")),
        (true, false) => format!(
            "expected {}, found {}",
            types.join(" or "),
            article(type_name(instance))
        ),
        (false, false) => format!("{shown} is not one of {} (or {})", words.join(", "), types.join(" or ")),
        (true, true) => format!("{shown} is not valid here"),
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "float",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "table",
    }
}

fn article(type_name: &str) -> String {
    let name = if type_name == "object" { "table" } else { type_name };
    let a = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{a} {name}")
}

fn short(value: &Value) -> String {
    let text = match value {
        Value::String(s) => format!("`{s}`"),
        Value::Object(_) => "this table".to_owned(),
        Value::Array(_) => "this array".to_owned(),
        other => format!("`{other}`"),
    };
    if text.chars().count() > 60 {
        format!("{}…`", text.chars().take(58).collect::<String>())
    } else {
        text
    }
}

/// What a value is called, from the schema definition it failed (`/$defs/EdgeLayout/pattern`
/// → `edge layout`; a plain property → `value`).
fn value_name(schema_path: &str) -> String {
    let segments: Vec<&str> = schema_path.split('/').collect();
    match segments.iter().rposition(|s| *s == "$defs") {
        Some(i) if i + 2 == segments.len() - 1 => {
            let name = segments[i + 1];
            let mut out = String::new();
            for (j, c) in name.chars().enumerate() {
                if c.is_uppercase() && j > 0 {
                    out.push(' ');
                }
                out.push(c.to_ascii_lowercase());
            }
            out
        }
        _ => match segments.iter().rev().nth(1) {
            Some(property) if segments.len() >= 3 && segments[segments.len() - 3] == "properties" => {
                format!("`{property}`")
            }
            _ => "value".to_owned(),
        },
    }
}

/// `tiles/3/features/c` → `tiles[3].features.c`, for messages.
fn describe_pointer(pointer: &str) -> String {
    let mut out = String::new();
    for segment in pointer.split('/').skip(1) {
        if segment.parse::<usize>().is_ok() {
            out.push_str(&format!("[{segment}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&segment.replace("~1", "/").replace("~0", "~"));
        }
    }
    out
}

/// The schema object holding the keyword at the end of `keyword_path`.
fn schema_node<'a>(root: &'a Value, keyword_path: &str) -> Option<&'a Value> {
    let parent = keyword_path.rsplit_once('/').map_or("", |(p, _)| p);
    root.pointer(parent).or_else(|| root.pointer(keyword_path))
}

fn known_properties(node: Option<&Value>) -> Vec<String> {
    node.and_then(|n| n.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The known key closest to a misspelt one, if any is close enough.
fn closest<'a>(key: &str, known: &'a [String]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(key, k), k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.as_str())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != *cb)).min(row[j] + 1).min(current + 1);
            previous = current;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_pick_the_closest_key() {
        let known = vec!["count".to_owned(), "edges".to_owned(), "features".to_owned()];
        assert_eq!(closest("cout", &known), Some("count"));
        assert_eq!(closest("feature", &known), Some("features"));
        assert_eq!(closest("zzzzzz", &known), None);
    }

    #[test]
    fn pointers_read_like_paths() {
        assert_eq!(describe_pointer("/tiles/3/features/c"), "tiles[3].features.c");
    }
}
