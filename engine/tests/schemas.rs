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
            // `false` forbids a key in a condition (a key of another kind of feature); the key
            // is described where it is allowed.
            if property == &Value::Bool(false) {
                continue;
            }
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
        // A condition (`if`) tests fields described elsewhere.
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| *k != "if")
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

#[test]
fn each_schema_has_a_stable_id() {
    for kind in FileKind::ALL {
        let id = kind.schema()["$id"].as_str().unwrap_or_default();
        assert_eq!(
            id,
            format!("https://tilewright.invalid/schemas/{}", kind.schema_file_name())
        );
    }
}

/// The words an `anyOf` offers as `const` branches, each with a description.
fn offered_words(definition: &Value) -> Vec<&str> {
    let branches = definition["anyOf"].as_array().expect("an anyOf");
    let words: Vec<&str> = branches.iter().filter_map(|b| b["const"].as_str()).collect();
    for branch in branches {
        assert!(
            branch["description"].as_str().is_some_and(|d| !d.is_empty()),
            "{branch}"
        );
    }
    words
}

#[test]
fn edges_and_references_offer_their_common_words() {
    let defs = &FileKind::TileSet.schema()["$defs"];
    assert_eq!(offered_words(&defs["EdgeLayout"]), ["city", "road", "field", "any"]);
    assert_eq!(
        offered_words(&defs["EdgeRef"]),
        ["N", "Nw", "Ne", "E", "En", "Es", "S", "Se", "Sw", "W", "Ws", "Wn"]
    );
    // Custom forms stay valid through the pattern branch.
    let layout = jsonschema::validator_for(&serde_json::json!({
        "$defs": defs,
        "$ref": "#/$defs/EdgeLayout",
    }))
    .unwrap();
    assert!(layout.is_valid(&"city 60 city".into()));
    // A lowercase word may be a declared edge kind's name: the semantic checks judge it.
    assert!(layout.is_valid(&"field 40 river 60 field".into()));
    assert!(!layout.is_valid(&"Cty".into()));
    assert!(!layout.is_valid(&"city 60".into()));
}

#[test]
fn keys_of_one_kind_are_forbidden_on_the_others() {
    let conditions = FileKind::TileSet.schema()["$defs"]["Feature"]["allOf"]
        .as_array()
        .expect("conditions on the kind");
    let forbidden = |kind: &str| -> Vec<&str> {
        let block = conditions
            .iter()
            .find(|c| c["if"]["properties"]["kind"]["const"] == kind)
            .unwrap_or_else(|| panic!("no condition for {kind}"));
        let properties = block["then"]["properties"].as_object().unwrap();
        properties
            .iter()
            .filter(|(_, v)| **v == Value::Bool(false))
            .map(|(k, _)| k.as_str())
            .collect()
    };
    assert_eq!(forbidden("city"), ["at", "cities", "end"]);
    assert_eq!(forbidden("road"), ["cities", "pennants"]);
    assert_eq!(forbidden("field"), ["at", "end", "pennants"]);
    assert_eq!(forbidden("monastery"), ["at", "cities", "end", "pennants"]);
    assert_eq!(forbidden("garden"), ["at", "cities", "end", "pennants"]);
}

#[test]
fn the_committed_schema_rejects_a_key_on_the_wrong_kind() {
    let validator = FileKind::TileSet.validator().unwrap();
    let file = |feature: Value| {
        serde_json::json!({
            "id": "x", "name": "X",
            "tiles": [{ "id": "A", "count": 1, "edges": ["city", "city", "city", "city"], "features": { "a": feature } }],
        })
    };
    assert!(validator.is_valid(&file(serde_json::json!({ "kind": "city", "on": ["N"], "pennants": 1 }))));
    assert!(!validator.is_valid(&file(serde_json::json!({ "kind": "road", "on": ["N"], "pennants": 1 }))));
    assert!(!validator.is_valid(&file(
        serde_json::json!({ "kind": "city", "on": ["N"], "cities": ["a"] })
    )));
    assert!(!validator.is_valid(&file(serde_json::json!({ "kind": "monastery", "end": "house" }))));
}
