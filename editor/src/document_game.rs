//! The one way from the open document to a game: the document's files as they are in memory
//! (unsaved edits included) read through the engine's validation, with the bundled files
//! under them. The live validator keeps the catalog it read for each revision
//! ([`Findings::catalog`]), so a page asks [`catalog`] and reads again only when the validator
//! has not yet caught up with the document.

use std::path::Path;
use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{GameDef, ReplayError};
use tilewright_engine::record_file::RecordFile;

use crate::board::TileArt;
use crate::document::{Content, Document};
use crate::validation::{Findings, validate};

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

/// The catalog of `doc` as it is in memory: the validator's when its findings are for this
/// very content, else read now; or the document's errors, each as a line.
pub fn catalog(doc: &Document, findings: &Findings) -> Result<Arc<Catalog>, Vec<String>> {
    if let Some(catalog) = findings.catalog_for(doc.content_key()) {
        return Ok(catalog);
    }
    let text = doc.text().map_err(|e| vec![e])?;
    let (report, catalog) = validate(doc.path.as_deref(), text);
    catalog.ok_or_else(|| {
        report
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("line {}: {}", d.line, d.message))
            .collect()
    })
}

/// A game definition ready to deal, with the drawing of its tiles.
pub struct Prepared {
    /// What is played.
    pub def: Arc<GameDef>,
    /// How its tiles are drawn.
    pub art: TileArt,
}

/// The game of tile sets and expansions `sets` (by id) under rule set `rules`, with `doc` as
/// it is in memory.
pub fn prepare(doc: &Document, findings: &Findings, sets: &[String], rules: &str) -> Result<Prepared, Vec<String>> {
    let catalog = catalog(doc, findings)?;
    let def = GameDef::from_catalog(&catalog, sets, rules).map_err(|e| vec![e.to_string()])?;
    Ok(with_art(def, &catalog, doc))
}

/// The game a record was played with, from `doc` and the bundled files, checked against the
/// record (files and rules by content; a finished record must reach its scores).
pub fn prepare_record(doc: &Document, findings: &Findings, file: &RecordFile) -> Result<Prepared, Vec<String>> {
    let record = &file.record;
    let catalog = catalog(doc, findings)?;
    let def = GameDef::from_catalog(&catalog, &record.files(), &record.rules).map_err(|e| vec![e.to_string()])?;
    let def = Arc::new(def);
    match record.replay(def.clone()) {
        Ok(_) | Err(ReplayError::Unfinished) => {}
        Err(e) => return Err(vec![file.refused(&e)]),
    }
    let def = Arc::try_unwrap(def).unwrap_or_else(|shared| (*shared).clone());
    Ok(with_art(def, &catalog, doc))
}

/// How `def`'s tiles are drawn: the document's own set with images from its folder.
pub fn art_of(def: &GameDef, catalog: &Catalog, doc: &Document) -> TileArt {
    let own = match role_of(doc) {
        DocRole::Set(id) => Some(id),
        _ => None,
    };
    let folder: Option<&Path> = doc.folder();
    TileArt::of_game(def, catalog, |id| {
        (Some(id) == own.as_deref())
            .then(|| folder.map(Path::to_owned))
            .flatten()
    })
}

fn with_art(def: GameDef, catalog: &Catalog, doc: &Document) -> Prepared {
    let art = art_of(&def, catalog, doc);
    Prepared {
        def: Arc::new(def),
        art,
    }
}
