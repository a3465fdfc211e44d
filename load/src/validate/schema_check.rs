//! Checks a parsed file against its committed JSON Schema and reports one clear diagnostic per
//! problem, at the offending key or value.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use jsonschema::ValidationError;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;
use tilewright_rules::suggest::{closest, edit_distance};

use crate::diagnostic::quote;
use crate::model::MOVED_FROM_SCORING;
use crate::report::Reporter;
use crate::schema::FileKind;
use crate::source::escape_segment;

/// Validates `value` against the schema of `kind`; returns whether it is valid.
pub(crate) fn check(kind: FileKind, value: &Value, report: &mut Reporter<'_>) -> bool {
    check_against(kind, kind.validator(), kind.schema(), value, report)
}

/// Validates `value` against a schema (`root`, compiled as `validator`); a schema that cannot
/// be used is an error for the file, never a pass.
fn check_against(
    kind: FileKind,
    validator: Result<&jsonschema::Validator, &str>,
    root: &Value,
    value: &Value,
    report: &mut Reporter<'_>,
) -> bool {
    let validator = match validator {
        Ok(validator) => validator,
        Err(why) => {
            report.error(
                "",
                format!(
                    "the built-in {} schema cannot be used ({why}), so the file is not checked",
                    kind.noun()
                ),
                "this is a bug in Tilewright; please report it",
            );
            return false;
        }
    };
    // The validator collects every error at once (the file's size and value count bound them).
    let errors: Vec<ValidationError<'_>> = validator.iter_errors(value).collect();
    let mut checker = Checker {
        misspelt: misspelt_keys(root, &errors),
        seen: HashSet::new(),
        branches: HashMap::new(),
    };
    for error in &errors {
        checker.report(root, "", error, None, report);
    }
    errors.is_empty()
}

/// A misspelt required key shows up twice (unknown `cout`, missing `count`): the (object
/// pointer, known key) pairs of unknown keys close to a known one, so that the missing key is
/// reported once, as the unknown key with a suggestion.
fn misspelt_keys(root: &Value, errors: &[ValidationError<'_>]) -> HashSet<(String, String)> {
    let mut misspelt = HashSet::new();
    for error in errors {
        if let ValidationErrorKind::AdditionalProperties { unexpected } = error.kind() {
            let known = known_properties(schema_node(root, error.schema_path().as_str()));
            for key in unexpected {
                if let Some(best) = closest(key, &known) {
                    misspelt.insert((error.instance_path().as_str().to_owned(), best.to_owned()));
                }
            }
        }
    }
    misspelt
}

/// One `anyOf`/`oneOf` branch as a schema of its own, to explain why a value fails it.
struct Branch {
    schema: Value,
    validator: jsonschema::Validator,
    /// What a value of the `anyOf` is called (`edge layout`).
    name: String,
    /// The words of the other branches (`const`), to suggest the closest.
    words: Vec<String>,
}

/// Turns schema errors into diagnostics, one per place.
struct Checker {
    misspelt: HashSet<(String, String)>,
    /// Hashes of the pointers already reported (hashes keep a file of a million errors small).
    seen: HashSet<u64>,
    /// Branches compiled so far, by their place in the schema.
    branches: HashMap<String, Option<Rc<Branch>>>,
}

impl Checker {
    /// Whether nothing was reported at `place` yet.
    fn first_at(&mut self, place: &str) -> bool {
        let mut hasher = DefaultHasher::new();
        place.hash(&mut hasher);
        self.seen.insert(hasher.finish())
    }

    /// Reports `error`, found with `schema` at `prefix` + its instance path. At the top
    /// (`within` is `None`), a value that fails every branch of an `anyOf`/`oneOf` but has the
    /// type of exactly one is explained by that branch (`count = 0`: "must be at least 1", not
    /// "expected an integer"; `cty`: "not a valid edge layout", did you mean `city`?).
    fn report(
        &mut self,
        schema: &Value,
        prefix: &str,
        error: &ValidationError<'_>,
        within: Option<&Branch>,
        report: &mut Reporter<'_>,
    ) {
        let pointer = format!("{prefix}{}", error.instance_path().as_str());
        let schema_path = error.schema_path().as_str();
        // Once the file's list is full, problems are only counted by message: skip the
        // schema look-ups that only help texts need.
        let among_alternatives = matches!(
            error.kind(),
            ValidationErrorKind::AnyOf { .. } | ValidationErrorKind::OneOfNotValid { .. }
        );
        let full = report.is_full();
        let node = if full && !among_alternatives {
            None
        } else {
            schema_node(schema, schema_path)
        };
        // Descriptions are wrapped doc comments: one line of help each.
        let help = node
            .and_then(|n| n.get("description"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .replace('\n', " ");
        match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                let known = known_properties(node);
                for key in unexpected {
                    let child = format!("{pointer}/{}", escape_segment(key));
                    if !self.first_at(&child) {
                        continue;
                    }
                    if let Some((message, help)) = moved_from_scoring(&pointer, key) {
                        report.error_at_key(&child, message, help);
                        continue;
                    }
                    let help = match closest(key, &known) {
                        Some(best) => format!("did you mean `{best}`? Known keys: {}", known.join(", ")),
                        None => format!("known keys here: {}", known.join(", ")),
                    };
                    report.error_at_key(&child, format!("unknown key {}", quote(key)), help);
                }
            }
            ValidationErrorKind::Required { property } => {
                let name = property.as_str().unwrap_or_default();
                if self.misspelt.contains(&(pointer.clone(), name.to_owned()))
                    || !self.first_at(&format!("{pointer}/{}", escape_segment(name)))
                {
                    return;
                }
                let parent = schema_path.rsplit_once('/').map_or("", |(p, _)| p);
                let description = if full {
                    None
                } else {
                    schema.pointer(&format!("{parent}/properties/{}", escape_segment(name)))
                };
                let description = description
                    .and_then(|n| n.get("description"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .replace('\n', " ");
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
            ValidationErrorKind::AnyOf { .. } | ValidationErrorKind::OneOfNotValid { .. } => {
                let instance = error.instance();
                if within.is_none()
                    && let Some(branch) = self.branch_of_type(schema, schema_path, instance)
                {
                    let listed = self.seen.len();
                    for sub in branch.validator.iter_errors(instance) {
                        self.report(&branch.schema, &pointer, &sub, Some(&branch), report);
                    }
                    if self.seen.len() > listed {
                        return;
                    }
                }
                if self.first_at(&pointer) {
                    let (values, _) = alternatives(schema, node);
                    let help = match instance.as_str().and_then(|text| enum_suggestion(text, &values)) {
                        Some(word) => format!("did you mean `{word}`? {help}"),
                        None => help,
                    };
                    report.error(&pointer, alternatives_message(schema, node, instance), help);
                }
            }
            ValidationErrorKind::FalseSchema => {
                if self.first_at(&pointer) {
                    let (message, help) = forbidden_key(schema, schema_path, &pointer);
                    report.error_at_key(&pointer, message, help);
                }
            }
            other => {
                if self.first_at(&pointer) {
                    let name = within.map_or_else(|| value_name(schema_path), |b| b.name.clone());
                    let mut message = match exact_length(other, node, error.instance()) {
                        Some(exact) => exact,
                        None => message_for(other, error.instance(), &error.to_string(), &name),
                    };
                    // An edge the pattern refuses: the grammar names the broken part.
                    if let (ValidationErrorKind::Pattern { .. }, "edge layout", Some(text)) =
                        (other, name.as_str(), error.instance().as_str())
                        && let Err(broken) = text.parse::<crate::edge::Layout>()
                    {
                        message = format!("{message}: {broken}");
                    }
                    let suggestion = match (other, error.instance().as_str()) {
                        (ValidationErrorKind::Enum { options }, Some(text)) => {
                            enum_suggestion(text, options.as_array().map_or(&[], Vec::as_slice))
                        }
                        _ => within.zip(error.instance().as_str()).and_then(|(b, text)| {
                            // Words starting as the value does first (`Sn`: the halves of the
                            // south edge before `En`).
                            let near = |w: &&String| edit_distance(text, w) < w.len();
                            let (same_start, others): (Vec<String>, Vec<String>) = b
                                .words
                                .iter()
                                .filter(near)
                                .cloned()
                                .partition(|w| w.get(..1) == text.get(..1));
                            closest(text, &same_start)
                                .or_else(|| closest(text, &others))
                                .map(str::to_owned)
                        }),
                    };
                    let help = match suggestion {
                        Some(word) => format!("did you mean `{word}`? {help}"),
                        None => help,
                    };
                    let help = match other {
                        ValidationErrorKind::Minimum { limit } => {
                            with_description(format!("give {limit} or more"), &help)
                        }
                        ValidationErrorKind::Maximum { limit } => {
                            with_description(format!("give {limit} or less"), &help)
                        }
                        _ => help,
                    };
                    report.error(&pointer, message, help);
                }
            }
        }
    }

    /// The one branch of the `anyOf`/`oneOf` at `keyword_path` whose type is the value's type,
    /// compiled once per place and type.
    fn branch_of_type(&mut self, schema: &Value, keyword_path: &str, instance: &Value) -> Option<Rc<Branch>> {
        let place = format!("{keyword_path}#{}", type_name(instance));
        if let Some(known) = self.branches.get(&place) {
            return known.clone();
        }
        let branch = compile_branch(schema, keyword_path, instance).map(Rc::new);
        self.branches.insert(place, branch.clone());
        branch
    }
}

/// A fix, followed by what the schema says the value is, when it says anything.
fn with_description(fix: String, description: &str) -> String {
    if description.is_empty() {
        fix
    } else {
        format!("{fix} ({description})")
    }
}

/// The one branch of the `anyOf`/`oneOf` at `keyword_path` whose type is the value's type, as a
/// schema of its own (with the definitions it may refer to).
fn compile_branch(schema: &Value, keyword_path: &str, instance: &Value) -> Option<Branch> {
    let branches = schema.pointer(keyword_path)?.as_array()?;
    let words = branches
        .iter()
        .filter_map(|b| b.get("const")?.as_str().map(str::to_owned))
        .collect();
    let mut fitting = branches
        .iter()
        .map(|b| resolve_ref(schema, b))
        .filter(|b| has_type(b, instance));
    let mut document = fitting.next()?;
    if fitting.next().is_some() {
        return None;
    }
    if let Some(object) = document.as_object_mut() {
        for key in ["$defs", "$schema"] {
            if let Some(value) = schema.get(key) {
                object.entry(key).or_insert_with(|| value.clone());
            }
        }
    }
    let validator = jsonschema::validator_for(&document).ok()?;
    Some(Branch {
        schema: document,
        validator,
        name: value_name(keyword_path),
        words,
    })
}

/// A schema node with a local `$ref` followed.
fn resolve_ref(root: &Value, node: &Value) -> Value {
    match node
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix('#'))
    {
        Some(pointer) => root.pointer(pointer).cloned().unwrap_or(Value::Null),
        None => node.clone(),
    }
}

/// Whether the schema node's `type` allows the value's JSON type.
fn has_type(node: &Value, instance: &Value) -> bool {
    let allows = |t: &str| match instance {
        Value::Null => t == "null",
        Value::Bool(_) => t == "boolean",
        Value::Number(n) if n.is_f64() => t == "number",
        Value::Number(_) => t == "integer" || t == "number",
        Value::String(_) => t == "string",
        Value::Array(_) => t == "array",
        Value::Object(_) => t == "object",
    };
    match node.get("type") {
        Some(Value::String(t)) => allows(t),
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).any(allows),
        _ => false,
    }
}

/// The message for `kind` of error with `instance`, a value called `what`.
fn message_for(kind: &ValidationErrorKind, instance: &Value, fallback: &str, what: &str) -> String {
    let shown = short(instance);
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
        ValidationErrorKind::Constant { expected_value } if instance.is_string() => {
            format!(
                "{shown} is not a word this key takes: it takes only {}",
                short(expected_value)
            )
        }
        ValidationErrorKind::Constant { expected_value } => format!("{shown} must be {}", short(expected_value)),
        ValidationErrorKind::Pattern { .. } => format!("{shown} is not a valid {what}"),
        ValidationErrorKind::Minimum { limit } => format!("{shown} must be at least {limit}"),
        ValidationErrorKind::Maximum { limit } => format!("{shown} must be at most {limit}"),
        ValidationErrorKind::MinItems { limit } => format!("needs at least {limit} item(s)"),
        ValidationErrorKind::MaxItems { limit } => format!("takes at most {limit} item(s)"),
        ValidationErrorKind::MinLength { limit } => format!("must be at least {limit} character(s) long"),
        ValidationErrorKind::MaxProperties { limit } => format!(
            "holds {} keys, more than the {limit} it may hold",
            instance.as_object().map_or(0, |o| o.len())
        ),
        _ => fallback.to_owned(),
    }
}

/// Words people write for a choice under another name (Carcassonne's own synonyms among them),
/// offered when the value is not one of the choices but its synonym is.
const SYNONYMS: &[(&str, &str)] = &[
    ("cloister", "monastery"),
    ("abbey", "monastery"),
    ("church", "monastery"),
    ("town", "city"),
    ("castle", "city"),
    ("street", "road"),
    ("path", "road"),
    ("meadow", "field"),
    ("farm", "field"),
    ("pasture", "field"),
    ("grass", "field"),
];

/// The choice of `options` (an enum's values) that a string not among them most likely means:
/// its synonym, or the nearest spelling.
fn enum_suggestion(text: &str, options: &[Value]) -> Option<String> {
    let choices: Vec<String> = options.iter().filter_map(Value::as_str).map(str::to_owned).collect();
    let lower = text.to_lowercase();
    if let Some(choice) = choices.iter().find(|c| **c == lower) {
        return Some(choice.clone());
    }
    let synonym = SYNONYMS
        .iter()
        .find(|(word, choice)| *word == lower && choices.iter().any(|c| c == choice));
    if let Some((_, choice)) = synonym {
        return Some((*choice).to_owned());
    }
    closest(&lower, &choices).map(str::to_owned)
}

/// For a list whose schema fixes its length (`minItems` = `maxItems`, as a tile's four edges),
/// says the exact length wanted and the length found.
fn exact_length(kind: &ValidationErrorKind, node: Option<&Value>, instance: &Value) -> Option<String> {
    let (ValidationErrorKind::MinItems { limit } | ValidationErrorKind::MaxItems { limit }) = kind else {
        return None;
    };
    let node = node?;
    let exact = node.get("minItems").is_some() && node.get("minItems") == node.get("maxItems");
    let found = instance.as_array()?.len();
    exact.then(|| format!("needs exactly {limit} item(s), found {found}"))
}

/// The message and help for a key a `false` schema forbids at `pointer`. The schema forbids keys
/// that belong to other kinds of feature with `if` (the kind) / `then` (`false` for each such
/// key): the kinds whose `then` does not forbid the key are where it belongs.
fn forbidden_key(root: &Value, schema_path: &str, pointer: &str) -> (String, String) {
    let (parent, key) = pointer.rsplit_once('/').unwrap_or(("", pointer));
    let key = unescape(key);
    let owner = unescape(parent.rsplit('/').next().unwrap_or(""));
    let generic = (format!("`{key}` is not allowed here"), format!("remove `{key}`"));
    let Some((condition, _)) = schema_path.rsplit_once("/then/properties/") else {
        return generic;
    };
    let Some((conditions, _)) = condition.rsplit_once('/') else {
        return generic;
    };
    let discriminant = |block: &Value| {
        let properties = block.pointer("/if/properties")?.as_object()?;
        let (name, value) = properties.iter().next()?;
        Some((name.clone(), value.get("const")?.as_str()?.to_owned()))
    };
    let (Some(block), Some(blocks)) = (
        root.pointer(condition),
        root.pointer(conditions).and_then(Value::as_array),
    ) else {
        return generic;
    };
    let Some((name, value)) = discriminant(block) else {
        return generic;
    };
    let allowed: Vec<String> = blocks
        .iter()
        .filter(|b| b.pointer(&format!("/then/properties/{}", escape_segment(&key))) != Some(&Value::Bool(false)))
        .filter_map(|b| discriminant(b).map(|(_, v)| v))
        .collect();
    misplaced_key(&key, &owner, &name, &value, &allowed)
}

/// The message and help for `key` on `owner`, whose `name` (`kind`) is `value`, when the key
/// belongs only where `name` is one of `allowed`: the semantic checks say the same of a model.
pub(crate) fn misplaced_key(key: &str, owner: &str, name: &str, value: &str, allowed: &[String]) -> (String, String) {
    let places: Vec<String> = allowed.iter().map(|a| article(a)).collect();
    let words: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
    (
        format!(
            "`{key}` belongs on {}, but `{owner}` is {}",
            places.join(" or "),
            article(value)
        ),
        format!("remove `{key}`, or change `{name}` to {}", words.join(" or ")),
    )
}

/// A JSON Pointer segment as the key it stands for.
fn unescape(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

/// A message for a value matching none of `anyOf`/`oneOf`: the allowed words when the branches
/// are constants, else the allowed types.
fn alternatives_message(root: &Value, node: Option<&Value>, instance: &Value) -> String {
    let (values, types) = alternatives(root, node);
    let words: Vec<String> = values.iter().map(short).collect();
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

/// The values (constants and enum values) and the types (with their article) that the branches
/// of the `anyOf`/`oneOf` at `node` allow.
fn alternatives(root: &Value, node: Option<&Value>) -> (Vec<Value>, Vec<String>) {
    let branches = node
        .and_then(|n| n.get("oneOf").or_else(|| n.get("anyOf")))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut values = Vec::new();
    let mut types = Vec::new();
    for branch in branches.iter().map(|branch| resolve_ref(root, branch)) {
        if let Some(c) = branch.get("const") {
            values.push(c.clone());
        } else if let Some(listed) = branch.get("enum").and_then(Value::as_array) {
            values.extend(listed.iter().cloned());
        } else if let Some(t) = branch.get("type").and_then(Value::as_str) {
            types.push(article(t));
        }
    }
    (values, types)
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

/// A value as a message shows it: short values quoted, tables and arrays by name.
pub(crate) fn short(value: &Value) -> String {
    match value {
        Value::String(s) => quote(s),
        Value::Object(_) => "this table".to_owned(),
        Value::Array(_) => "this array".to_owned(),
        other => quote(&other.to_string()),
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
            out.push_str(&unescape(segment));
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

/// For a key of `[scoring]` (at `pointer`) that has moved to `[values]`, the message and help
/// saying where it goes now.
pub(super) fn moved_from_scoring(pointer: &str, key: &str) -> Option<(String, String)> {
    let (_, default) = MOVED_FROM_SCORING
        .iter()
        .find(|(moved, _)| *moved == key)
        .filter(|_| pointer == "/scoring")?;
    Some((
        format!("{} is no longer a `[scoring]` value", quote(key)),
        format!(
            "move this line into a `[values]` table: the value belongs to the tile set or expansion that brings its mechanism, which declares its default ({default} in the bundled one), and a rule set replaces it under `[values]`"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_schema_refuses_every_file_of_its_kind() {
        use crate::report::Diagnostics;
        use crate::schema::{compile, parse};
        use crate::source::{Source, SourceMap};
        let file = serde_json::json!({ "id": "x", "name": "X" });
        for text in ["{ \"type\": \"object\", ", "true", "{ \"type\": 5 }"] {
            let parsed = parse(text);
            let validator = parsed.as_ref().map_err(String::clone).and_then(compile);
            let root = parsed.as_ref().unwrap_or(&Value::Null);
            let (source, map, mut out) = (Source::new("x.toml", ""), SourceMap::default(), Diagnostics::default());
            let mut report = Reporter {
                source: &source,
                map: &map,
                out: &mut out,
            };
            let passed = check_against(
                FileKind::RuleSet,
                validator.as_ref().map_err(String::as_str),
                root,
                &file,
                &mut report,
            );
            assert!(!passed, "{text}");
            let found = out.finish(|_| 0);
            assert!(found.len() == 1 && found[0].is_error(), "{text}: {found:?}");
            assert!(
                found[0].message.contains("rule set schema cannot be used"),
                "{}",
                found[0].message
            );
        }
    }

    #[test]
    fn pointers_read_like_paths() {
        assert_eq!(describe_pointer("/tiles/3/features/c"), "tiles[3].features.c");
    }
}
