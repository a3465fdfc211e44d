//! The editor's panels, each a small struct with a `ui(ui, ctx)` method that reads the
//! document through a [`PanelCtx`](crate::actions::PanelCtx), changes the view state directly, and asks for everything
//! else (edits, commands, files) with [`Action`](crate::actions::Action)s, which the app applies after drawing.

pub mod canvas;
pub mod form;
pub mod inspector;
pub mod model_form;
pub mod problems;
pub mod rules;
pub mod source;
pub mod strip;
pub mod tiles;

/// Help text for a field of a schema definition (`def` = `""` for the file's top level).
pub fn schema_help(kind: tilewright_engine::FileKind, def: &str, field: &str) -> &'static str {
    let schema = kind.schema();
    let holder = if def.is_empty() { schema } else { &schema["$defs"][def] };
    holder["properties"][field]["description"].as_str().unwrap_or("")
}
