//! Tilewright's data model: Carcassonne tile sets, expansions and rule sets as plain types
//! deserialised from TOML, each field documented (the docs become the JSON Schema descriptions
//! that editors show as tooltips), and the grammar of a tile's edges ([`edge`]).
//!
//! A tile from TOML (any serde format reads the model), and its edges read by the grammar:
//!
//! ```
//! use tilewright_model::Tile;
//! use tilewright_model::edge::TileEdges;
//!
//! let tile: Tile = toml::from_str(
//!     "id = \"D\"\ncount = 4\nedges = [\"city\", \"road\", \"field\", \"road\"]\n\
//!      features.c = { kind = \"city\", on = [\"N\"] }\n",
//! )?;
//! let edges = TileEdges::read(&tile)?;
//! assert_eq!(edges.claims.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
