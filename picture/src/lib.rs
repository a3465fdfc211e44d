//! Pictures of tiles from their data alone, shared by every front end (the editor, the command
//! line's `draw` and reports, exporters): no GUI, only geometry in tile coordinates (0..1,
//! origin north-west, y south) and text.
//!
//! [`schematic`] works out a clean drawing of a tile; [`regions`] the area each field covers;
//! [`shapes`] every feature's area and follower point; [`svg`] writes the drawing as SVG in
//! the [`palette`]'s colours, with a [`badge`] per mark or printed token. [`geometry`] holds
//! the plane geometry under all of them, and the designer's derivations from outlines.

#![forbid(unsafe_code)]

pub mod badge;
pub mod geometry;
pub mod marker;
pub mod palette;
pub mod regions;
pub mod schematic;
pub mod shapes;
pub mod svg;
pub mod testing;

pub use shapes::{FeatureShape, feature_shapes};
pub use svg::{SvgOptions, tile_svg};
