//! The data model: plain types deserialised from TOML, each field documented (the docs become
//! the JSON Schema descriptions that editors show as tooltips).

mod expansion;
mod ruleset;
mod tileset;
mod values;

pub use expansion::*;
pub use ruleset::*;
pub use tileset::*;
pub use values::*;
