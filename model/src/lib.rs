//! Tilewright's data model: Carcassonne tile sets, expansions and rule sets as plain types
//! deserialised from TOML, each field documented (the docs become the JSON Schema descriptions
//! that editors show as tooltips), and the grammar of a tile's edges ([`edge`]).
//!
//! This crate only describes files; reading and checking them is `tilewright-load`'s, playing
//! them `tilewright-rules`'.

#![forbid(unsafe_code)]

pub mod edge;
mod expansion;
mod ruleset;
mod tileset;
mod values;

pub use expansion::*;
pub use ruleset::*;
pub use tileset::*;
pub use values::*;
