//! The committed schemas are exactly what the model generates, and every field is described
//! (descriptions become tooltips in TOML-aware editors).

use serde_json::Value;
use tilewright_engine::FileKind;

#[test]
fn committed_schemas_match_the_model() {
    for kind in FileKind::ALL {
        assert!(
            kind.committed() == kind.generate(),
            "schemas/{} is stale: run `cargo run -- schema --write`",
            kind.schema_file_name()
        );
    }
}

#[test]
fn committed_schemas_compile() {
    for kind in FileKind::ALL {
        assert!(kind.validator().is_ok(), "{}", kind.schema_file_name());
    }
}

fn undocumented(value: &Value, path: &str, out: &mut Vec<String>) {
    if let Some(properties) = value.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            if property
                .get("description")
                .and_then(Value::as_str)
                .is_none_or(str::is_empty)
            {
                out.push(format!("{path}/properties/{name}"));
            }
        }
    }
    match value {
        Value::Object(map) => map
            .iter()
            .for_each(|(k, v)| undocumented(v, &format!("{path}/{k}"), out)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| undocumented(v, &format!("{path}/{i}"), out)),
        _ => {}
    }
}

#[test]
fn every_field_has_a_description() {
    for kind in FileKind::ALL {
        let mut missing = Vec::new();
        undocumented(kind.schema(), "", &mut missing);
        assert!(missing.is_empty(), "{}: {missing:#?}", kind.schema_file_name());
    }
}
