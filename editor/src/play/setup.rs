//! What a game is played with: the open document as it is in memory (unsaved edits
//! included, read through the engine's validation), the bundled sets chosen beside it, a rule
//! set, and the seats.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{GameDef, GameRecord, ReplayError};
use tilewright_engine::validate::validate_sources;
use tilewright_engine::{Source, bundled};

use super::seats::SeatKind;
use crate::board::TileArt;
use crate::document::{Content, Document};

/// The open document's role in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocRole {
    /// A tile set or expansion with this id, played with the chosen sets.
    Set(String),
    /// A rule set with this id, which the game plays by.
    Rules(String),
    /// Nothing the game can use.
    None,
}

/// What the document is in a game.
pub fn role_of(doc: &Document) -> DocRole {
    match doc.content() {
        Content::TileSet(set) => DocRole::Set(set.id.clone()),
        Content::Expansion(expansion) => DocRole::Set(expansion.id.clone()),
        Content::RuleSet(rules) => DocRole::Rules(rules.id.clone()),
        Content::Text { .. } => DocRole::None,
    }
}

/// The game setup form's values.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Bundled tile sets and expansions by id, and whether each is played.
    pub bundled_sets: Vec<(String, bool)>,
    /// The rule set's id (a bundled one, or the open rule set's).
    pub rules: String,
    /// The seats, 2 to 6.
    pub seats: Vec<SeatKind>,
    /// The seed of the shuffle.
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        let catalog = bundled::catalog();
        let sets = catalog.tilesets.iter().map(|t| t.model.id.clone());
        let expansions = catalog.expansions.iter().map(|e| e.model.id.clone());
        Setup {
            bundled_sets: sets.chain(expansions).map(|id| (id, false)).collect(),
            rules: catalog.rulesets.first().map(|r| r.model.id.clone()).unwrap_or_default(),
            seats: vec![SeatKind::Human, SeatKind::Bot(tilewright_engine::bots::BotSpec::Greedy)],
            seed: 1,
        }
    }
}

/// The most seats a game has.
pub const MAX_SEATS: usize = 6;

impl Setup {
    /// Fits the form to the document: a tile set without a start tile (or a rule set) is
    /// played with the base game; the open rule set is the rules.
    pub fn adapt_to(&mut self, doc: &Document) {
        let needs_base = match doc.content() {
            Content::TileSet(set) => set.start_tile.is_none(),
            _ => true,
        };
        if needs_base
            && !self.bundled_sets.iter().any(|(_, on)| *on)
            && let Some(first) = self.bundled_sets.first_mut()
        {
            first.1 = true;
        }
        if let DocRole::Rules(id) = role_of(doc) {
            self.rules = id;
        }
    }

    /// The tile sets and expansions to play, by id: the document's first, then the chosen
    /// bundled ones (the document's own id played once).
    pub fn set_ids(&self, role: &DocRole) -> Vec<String> {
        let own = match role {
            DocRole::Set(id) => Some(id.clone()),
            _ => None,
        };
        own.iter()
            .cloned()
            .chain(
                self.bundled_sets
                    .iter()
                    .filter(|(id, on)| *on && Some(id) != own.as_ref())
                    .map(|(id, _)| id.clone()),
            )
            .collect()
    }
}

/// A game definition ready to deal, with the drawing of its tiles.
pub struct Prepared {
    /// What is played.
    pub def: Arc<GameDef>,
    /// How its tiles are drawn.
    pub art: TileArt,
}

/// The document's files validated as in memory, with the bundled files under them; or the
/// document's errors, each as a line.
pub fn catalog_of(doc: &Document) -> Result<Catalog, Vec<String>> {
    let text = doc.text().map_err(|e| vec![e])?;
    let path = doc.path.clone().unwrap_or_else(|| PathBuf::from("untitled.toml"));
    let report = validate_sources(vec![Source::new(path, text)], bundled::catalog());
    let errors: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("line {}: {}", d.line, d.message))
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(report.catalog.with_base(bundled::catalog()))
}

/// The game `setup` describes with `doc` as it is in memory.
pub fn prepare(doc: &Document, setup: &Setup) -> Result<Prepared, Vec<String>> {
    let catalog = catalog_of(doc)?;
    let ids = setup.set_ids(&role_of(doc));
    let def = GameDef::from_catalog(&catalog, &ids, &setup.rules).map_err(|e| vec![e.to_string()])?;
    Ok(with_art(def, &catalog, doc))
}

/// The game a record was played with, from `doc` and the bundled files, checked against the
/// record (files and rules by content; a finished record must reach its scores).
pub fn prepare_record(doc: &Document, record: &GameRecord) -> Result<Prepared, Vec<String>> {
    let catalog = catalog_of(doc)?;
    let def = GameDef::from_catalog(&catalog, &record.files(), &record.rules).map_err(|e| vec![e.to_string()])?;
    let def = Arc::new(def);
    match record.replay(def.clone()) {
        Ok(_) | Err(ReplayError::Unfinished) => {}
        Err(e) => return Err(vec![e.to_string()]),
    }
    let def = Arc::try_unwrap(def).unwrap_or_else(|shared| (*shared).clone());
    Ok(with_art(def, &catalog, doc))
}

fn with_art(def: GameDef, catalog: &Catalog, doc: &Document) -> Prepared {
    let own = match role_of(doc) {
        DocRole::Set(id) => Some(id),
        _ => None,
    };
    let folder: Option<&Path> = doc.folder();
    let art = TileArt::of_game(&def, catalog, |id| {
        (Some(id) == own.as_deref())
            .then(|| folder.map(Path::to_owned))
            .flatten()
    });
    Prepared {
        def: Arc::new(def),
        art,
    }
}
