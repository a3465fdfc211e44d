//! Tilewright's rules: Carcassonne played from data. Tile sets, expansions and rule sets
//! ([`model`]) are compiled into tables ([`compile`]); a [`game::GameDef`] holds what is fixed
//! for a game and a [`game::Game`] its state, events and scores. Bots ([`bots`]) play games,
//! [`simulate`] plays many on several threads, and [`balance`] counts what tiles, features,
//! figures and mechanisms do over them.
//!
//! This crate reads no file: the load side (`tilewright-load`) reads, checks and embeds
//! them, and gives their models to [`game::GameDef::from_files`].

#![forbid(unsafe_code)]

pub use tilewright_model as model;
use tilewright_model::edge;

pub mod balance;
pub mod bots;
pub mod compile;
pub mod game;
pub mod limits;
pub mod quote;
pub mod simulate;

#[cfg(test)]
mod testing;
