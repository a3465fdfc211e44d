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

mod declarations;
pub mod edge;
mod expansion;
mod ruleset;
mod tileset;
mod values;

pub use declarations::*;
pub use expansion::*;
pub use ruleset::*;
pub use tileset::*;
pub use values::*;

/// Whether `text` is an id as the files write one (`^[a-z0-9][a-z0-9-]*$`, the schemas'
/// pattern for the ids of tile sets, expansions, rule sets and deal groups).
pub fn is_id(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_lowercase_letters_digits_and_dashes_not_starting_with_a_dash() {
        for id in ["base", "a", "9", "abbey-and-mayor", "x-"] {
            assert!(super::is_id(id), "{id}");
        }
        for not in ["", "-a", "Base", "a b", "a_b", "../a", "é", "a/b"] {
            assert!(!super::is_id(not), "{not}");
        }
    }
}
