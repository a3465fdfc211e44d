//! The editor's panels, each a small struct (or function) with a `ui` method that reads the
//! document and view state and returns what the user asked for as [`Action`]s.

pub mod canvas;
pub mod form;
pub mod inspector;
pub mod problems;
pub mod rules;
pub mod strip;
pub mod tiles;

use std::path::PathBuf;

use crate::commands::Command;
use crate::document::Edit;

/// Something the user asked for, applied by the app after drawing.
#[derive(Debug, Clone)]
pub enum Action {
    /// Run a command.
    Command(Command),
    /// Change the document; edits with the same group merge into one undo step.
    Edit {
        /// The change.
        edit: Edit,
        /// Its undo group, if it continues a drag or typing.
        group: Option<String>,
    },
    /// The current drag or typing ended.
    EndGroup,
    /// Open a file (after asking about unsaved changes).
    Open(PathBuf),
    /// Choose an image file for a tile.
    ChooseImage(usize),
    /// Tell the user something.
    Message(String),
}

/// Actions collected during one frame.
#[derive(Debug, Default)]
pub struct Actions(pub Vec<Action>);

impl Actions {
    /// A single-step edit.
    pub fn edit(&mut self, edit: Edit) {
        self.0.push(Action::Edit { edit, group: None });
    }

    /// An edit that merges with others of the same group.
    pub fn edit_grouped(&mut self, edit: Edit, group: impl Into<String>) {
        self.0.push(Action::Edit {
            edit,
            group: Some(group.into()),
        });
    }

    /// A command.
    pub fn command(&mut self, command: Command) {
        self.0.push(Action::Command(command));
    }

    /// Any action.
    pub fn push(&mut self, action: Action) {
        self.0.push(action);
    }
}

/// Help text for a field of a schema definition (`def` = `""` for the file's top level).
pub fn schema_help(kind: tilewright_engine::FileKind, def: &str, field: &str) -> &'static str {
    let schema = kind.schema();
    let holder = if def.is_empty() { schema } else { &schema["$defs"][def] };
    holder["properties"][field]["description"].as_str().unwrap_or("")
}
