//! The validated model: every loaded tile set, expansion and rule set, each with its source so
//! later problems (game setup, the editor) can still point at a line and column.

use crate::edge::TileEdges;
use crate::model::{Declares, ExpansionFile, RuleSet, TileSet};
use crate::report::{Diagnostics, Reporter};
use crate::schema::FileKind;
use crate::source::{Source, SourceMap};

/// A model value with the file it came from, and what validation read from it beyond the
/// model (`R`).
#[derive(Debug, Clone)]
pub struct Loaded<T, R = ()> {
    /// The file.
    pub source: Source,
    /// Where each value of the file is.
    pub map: SourceMap,
    /// The model.
    pub model: T,
    /// What validation read beyond the model, so that nothing reads it again: for a tile set,
    /// each tile's edges, which compilation uses instead of the model's text (a change to the
    /// model's edges or references needs validating again).
    pub parsed: R,
}

/// A validated tile set, with the edges of each of its tiles, in the order of its tiles.
pub type LoadedTileSet = Loaded<TileSet, Vec<TileEdges>>;

impl<T, R> Loaded<T, R> {
    pub(crate) fn reporter<'a>(&'a self, out: &'a mut Diagnostics) -> Reporter<'a> {
        Reporter {
            source: &self.source,
            map: &self.map,
            out,
        }
    }
}

impl<T: Declares, R> Loaded<T, R> {
    /// The file as one that declares things, whatever its kind.
    pub fn declaring(&self) -> Declaring<'_> {
        Declaring {
            source: &self.source,
            map: &self.map,
            model: &self.model,
        }
    }
}

/// A validated file that declares figures, bags, mechanisms, marks, values and printed tokens
/// ([`Declares`]): a tile set or an expansion, seen the same way.
#[derive(Clone, Copy)]
pub struct Declaring<'a> {
    /// The file.
    pub source: &'a Source,
    /// Where each value of the file is.
    pub map: &'a SourceMap,
    /// The model.
    pub model: &'a dyn Declares,
}

impl<'a> Declaring<'a> {
    pub(crate) fn reporter(&self, out: &'a mut Diagnostics) -> Reporter<'a> {
        Reporter {
            source: self.source,
            map: self.map,
            out,
        }
    }
}

/// A model value of any kind of file.
#[derive(Debug, Clone)]
pub enum Model {
    /// A tile set.
    TileSet(TileSet),
    /// An expansion.
    Expansion(ExpansionFile),
    /// A rule set.
    RuleSet(RuleSet),
}

impl Model {
    /// The model as a file that declares things, unless it is a rule set.
    pub fn declares(&self) -> Option<&dyn Declares> {
        match self {
            Model::TileSet(model) => Some(model),
            Model::Expansion(model) => Some(model),
            Model::RuleSet(_) => None,
        }
    }

    /// Attaches the file the model came from and, for a tile set, the edges of its tiles as
    /// validation read them (other files have none).
    pub fn with_source(self, source: Source, map: SourceMap, edges: Vec<TileEdges>) -> Document {
        match self {
            Model::TileSet(model) => Document::TileSet(Loaded {
                source,
                map,
                model,
                parsed: edges,
            }),
            Model::Expansion(model) => Document::Expansion(Loaded {
                source,
                map,
                model,
                parsed: (),
            }),
            Model::RuleSet(model) => Document::RuleSet(Loaded {
                source,
                map,
                model,
                parsed: (),
            }),
        }
    }
}

/// One validated file.
#[derive(Debug, Clone)]
pub enum Document {
    /// A tile set.
    TileSet(LoadedTileSet),
    /// An expansion.
    Expansion(Loaded<ExpansionFile>),
    /// A rule set.
    RuleSet(Loaded<RuleSet>),
}

/// Every validated file, by kind.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// Tile sets.
    pub tilesets: Vec<LoadedTileSet>,
    /// Expansion files.
    pub expansions: Vec<Loaded<ExpansionFile>>,
    /// Rule sets.
    pub rulesets: Vec<Loaded<RuleSet>>,
}

impl Catalog {
    /// Adds a validated file.
    pub fn add(&mut self, document: Document) {
        match document {
            Document::TileSet(d) => self.tilesets.push(d),
            Document::Expansion(d) => self.expansions.push(d),
            Document::RuleSet(d) => self.rulesets.push(d),
        }
    }

    /// The catalog without the file of `kind` whose id is `id`: what another version of it
    /// replaces.
    pub fn without(&self, id: &str, kind: FileKind) -> Catalog {
        let mut out = self.clone();
        match kind {
            FileKind::TileSet => out.tilesets.retain(|d| d.model.id != id),
            FileKind::Expansion => out.expansions.retain(|d| d.model.id != id),
            FileKind::RuleSet => out.rulesets.retain(|d| d.model.id != id),
        }
        out
    }

    /// The file and id of every document: tile sets, then expansions, then rule sets.
    pub fn ids(&self) -> impl Iterator<Item = (&std::path::Path, &str)> {
        let tilesets = self
            .tilesets
            .iter()
            .map(|d| (d.source.path.as_path(), d.model.id.as_str()));
        let expansions = self
            .expansions
            .iter()
            .map(|d| (d.source.path.as_path(), d.model.id.as_str()));
        let rulesets = self
            .rulesets
            .iter()
            .map(|d| (d.source.path.as_path(), d.model.id.as_str()));
        tilesets.chain(expansions).chain(rulesets)
    }

    /// Every file that declares things: the tile sets, then the expansions.
    pub fn declaring(&self) -> impl Iterator<Item = Declaring<'_>> {
        let tilesets = self.tilesets.iter().map(Loaded::declaring);
        tilesets.chain(self.expansions.iter().map(Loaded::declaring))
    }

    /// The tile set with this id.
    pub fn tileset(&self, id: &str) -> Option<&LoadedTileSet> {
        self.tilesets.iter().find(|t| t.model.id == id)
    }

    /// Adds every tile set, expansion and rule set of `base` whose id is not loaded already,
    /// so a file's document takes precedence over `base`'s of the same id (for example the
    /// bundled files, [`bundled::catalog()`](crate::bundled::catalog)).
    pub fn with_base(mut self, base: &Catalog) -> Catalog {
        for set in &base.tilesets {
            if self.tileset(&set.model.id).is_none() {
                self.tilesets.push(set.clone());
            }
        }
        for expansion in &base.expansions {
            if !self.expansions.iter().any(|e| e.model.id == expansion.model.id) {
                self.expansions.push(expansion.clone());
            }
        }
        for rules in &base.rulesets {
            if !self.rulesets.iter().any(|r| r.model.id == rules.model.id) {
                self.rulesets.push(rules.clone());
            }
        }
        self
    }
}
