//! The JSON Schemas of the three kinds of data file.
//!
//! Schemas are generated from the model types (`schemars`) and committed under `schemas/`; the
//! validator enforces the committed copies embedded here, so what a user's CI checks is exactly
//! the published schema. A test fails when the committed files drift from the generated ones.

use std::sync::OnceLock;

use schemars::Schema;
use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use serde_json::Value;

use crate::model::{ExpansionFile, RuleSet, TileSet};

/// Where every schema's `$id` starts. The ids name the schemas (a schema store or an editor
/// tells them apart by it); they are not where to fetch them: `.invalid` never resolves
/// (RFC 2606), so nothing can be served in their place. A file names its schema with a
/// `#:schema` line giving the path of the committed copy.
pub const ID_BASE: &str = "https://tilewright.invalid/schemas/";

/// The kinds of data file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// A tile set (`tileset.schema.json`).
    TileSet,
    /// An expansion (`expansion.schema.json`).
    Expansion,
    /// A rule set (`ruleset.schema.json`).
    RuleSet,
}

impl FileKind {
    /// Every kind.
    pub const ALL: [FileKind; 3] = [FileKind::TileSet, FileKind::Expansion, FileKind::RuleSet];

    /// The schema's file name under `schemas/`.
    pub fn schema_file_name(self) -> &'static str {
        match self {
            FileKind::TileSet => "tileset.schema.json",
            FileKind::Expansion => "expansion.schema.json",
            FileKind::RuleSet => "ruleset.schema.json",
        }
    }

    /// The schema's `$id` ([`ID_BASE`] and its file name).
    pub fn id(self) -> String {
        format!("{ID_BASE}{}", self.schema_file_name())
    }

    /// A short noun for messages.
    pub fn noun(self) -> &'static str {
        match self {
            FileKind::TileSet => "tile set",
            FileKind::Expansion => "expansion",
            FileKind::RuleSet => "rule set",
        }
    }

    /// The schema generated from the model types, as pretty JSON with a final newline.
    pub fn generate(self) -> String {
        let generator = SchemaSettings::draft2020_12()
            .with_transform(RecursiveTransform(drop_null))
            .into_generator();
        let mut schema = match self {
            FileKind::TileSet => generator.into_root_schema_for::<TileSet>(),
            FileKind::Expansion => generator.into_root_schema_for::<ExpansionFile>(),
            FileKind::RuleSet => generator.into_root_schema_for::<RuleSet>(),
        };
        schema.insert("$id".into(), self.id().into());
        let mut text = serde_json::to_string_pretty(&schema).expect("a schema serialises");
        text.push('\n');
        text
    }

    /// The committed schema this binary enforces (the crate's copy of the project's
    /// `schemas/`).
    pub fn committed(self) -> &'static str {
        match self {
            FileKind::TileSet => include_str!("../data/schemas/tileset.schema.json"),
            FileKind::Expansion => include_str!("../data/schemas/expansion.schema.json"),
            FileKind::RuleSet => include_str!("../data/schemas/ruleset.schema.json"),
        }
    }

    /// The committed schema as JSON, for descriptions and hints; `null` when the committed
    /// text is not a JSON object, in which case [`FileKind::validator`] fails too.
    pub fn schema(self) -> &'static Value {
        static NULL: Value = Value::Null;
        self.parsed().unwrap_or(&NULL)
    }

    /// The compiled validator for the committed schema, or why the schema cannot be used. A
    /// broken schema fails closed: validation then reports an error for every file of this
    /// kind rather than accepting it.
    pub fn validator(self) -> Result<&'static jsonschema::Validator, &'static str> {
        static CELLS: [OnceLock<Result<jsonschema::Validator, String>>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        CELLS[self as usize]
            .get_or_init(|| self.parsed().map_err(str::to_owned).and_then(compile))
            .as_ref()
            .map_err(String::as_str)
    }

    /// The committed schema parsed once, or why it does not parse.
    fn parsed(self) -> Result<&'static Value, &'static str> {
        static CELLS: [OnceLock<Result<Value, String>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        CELLS[self as usize]
            .get_or_init(|| parse(self.committed()))
            .as_ref()
            .map_err(String::as_str)
    }
}

/// A schema's text as JSON. Only an object is a schema here: `true` is valid JSON Schema but
/// accepts everything, which no committed schema means.
pub(crate) fn parse(text: &str) -> Result<Value, String> {
    match serde_json::from_str(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(_) => Err("it is not a JSON object".to_owned()),
        Err(e) => Err(format!("it is not JSON: {e}")),
    }
}

/// A parsed schema compiled into a validator.
pub(crate) fn compile(schema: &Value) -> Result<jsonschema::Validator, String> {
    jsonschema::validator_for(schema).map_err(|e| format!("it does not compile: {e}"))
}

/// TOML has no null: an optional value is simply left out, so `Option<T>` is described as `T`.
fn drop_null(schema: &mut Schema) {
    if let Some(Value::Array(types)) = schema.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let single = types[0].clone();
            schema.insert("type".into(), single);
        }
    }
    let any_of = schema.get("anyOf").and_then(Value::as_array).cloned();
    if let Some(branches) = any_of {
        let kept: Vec<Value> = branches
            .into_iter()
            .filter(|b| b.get("type") != Some(&Value::from("null")))
            .collect();
        if kept.len() == 1 {
            schema.remove("anyOf");
            if let Value::Object(only) = &kept[0] {
                for (k, v) in only {
                    schema.insert(k.clone(), v.clone());
                }
            }
        } else {
            schema.insert("anyOf".into(), Value::Array(kept));
        }
    }
}

/// The `#:schema` line that starts every bundled file of `kind`, relative to a file one folder
/// below the project root.
pub fn schema_comment(kind: FileKind) -> String {
    format!("#:schema ../schemas/{}", kind.schema_file_name())
}
