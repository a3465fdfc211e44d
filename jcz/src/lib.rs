//! JCloisterZone (JCZ) add-ons: a Tilewright tile set exported as a `.jca` archive JCZ 5.10+
//! installs and plays, and JCZ tile XML (5.x and 4.x dialects, bare or in an add-on) imported
//! as Tilewright tile sets.

#![forbid(unsafe_code)]

pub mod addon;
pub mod archive;
pub mod artwork;
pub mod defs;
pub mod elements;
pub mod export;
pub mod import;
pub mod input;
pub mod location;
pub mod toml_out;
pub mod xml;
