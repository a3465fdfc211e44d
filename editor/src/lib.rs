//! Tilewright's tile editor: draw tile layouts over images, validate live with the engine's
//! validator, save clean TOML.
//!
//! State is kept in three parts: the [`document`] (the file being edited, with its undo
//! history), the [`view`] state (selection, tool, camera) and the ephemeral state of the
//! [`panels`], which draw through one [`actions::PanelCtx`]. Every user intent is a
//! [`commands::Command`] or a [`document::Edit`], applied in one place
//! ([`app::EditorApp::apply`]). Geometry and drawing are pure and tested, in the
//! `tilewright-picture` crate ([`geometry`], [`schematic`]); the editor validates only through the engine.

#![forbid(unsafe_code)]

pub mod actions;
pub mod app;
pub mod balance;
pub mod board;
pub mod commands;
pub mod derive;
pub mod dialog_support;
pub mod document;
pub mod document_game;
pub mod drawn;
pub mod editions;
pub mod field_cut;
pub mod field_order;
pub mod figure_art;
pub mod files;
pub mod ids;
pub mod image_cleanup;
pub mod images;
pub mod import;
pub mod memo;
pub mod pages;
pub mod panels;
pub mod picture_cells;
pub mod render;
pub mod segments;
pub mod sheet_detect;
pub mod sheet_features;
pub mod theme;
pub mod transform;
pub mod validation;
pub mod view;
pub mod vocabulary;
pub mod worker;

pub use app::{EditorApp, Options};
/// The tile geometry and schematic drawing, shared with every front end.
pub use tilewright_picture::{geometry, marker, regions, schematic};
