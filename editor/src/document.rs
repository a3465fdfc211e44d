//! The document being edited: a tile set, expansion or rule set (or, when the file cannot be
//! read as one, its raw text), with its undo history, dirty state and the TOML document it is
//! written back into.
//!
//! Every change goes through [`Document::apply`] with an [`Edit`]; that is where undo, redo and
//! the dirty flag live.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

use tilewright_engine::model::{ExpansionFile, Feature, RuleSet, Tile, TileSet};
use tilewright_engine::validate::{detect_kind, read_model};
use tilewright_engine::writer;
use tilewright_engine::{FileKind, Model, Source};
use toml_edit::DocumentMut;

/// What the document holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// A tile set (possibly with figures, bags and mechanisms).
    TileSet(TileSet),
    /// An expansion file.
    Expansion(ExpansionFile),
    /// A rule set.
    RuleSet(RuleSet),
    /// Text that does not read as any of those yet, with the reason.
    Text {
        /// The file's text.
        text: String,
        /// Why it cannot be shown as a form.
        problem: String,
    },
}

impl Content {
    /// Reads text into the richest content it fits, the way the engine's validator reads it
    /// (but without its checks, which the problems panel shows).
    pub fn from_text(text: &str) -> Content {
        match read_model(&Source::new(PathBuf::new(), text)) {
            Ok(Model::TileSet(set)) => Content::TileSet(set),
            Ok(Model::Expansion(expansion)) => Content::Expansion(expansion),
            Ok(Model::RuleSet(rules)) => Content::RuleSet(rules),
            Err(d) => Content::Text {
                text: text.to_owned(),
                problem: format!("line {}, column {}: {} ({})", d.line, d.column, d.message, d.help),
            },
        }
    }

    /// The kind of file.
    pub fn kind(&self) -> Option<FileKind> {
        match self {
            Content::TileSet(_) => Some(FileKind::TileSet),
            Content::Expansion(_) => Some(FileKind::Expansion),
            Content::RuleSet(_) => Some(FileKind::RuleSet),
            Content::Text { text, .. } => detect_kind(text),
        }
    }

    fn tree(&self) -> Option<toml_edit::Value> {
        match self {
            Content::TileSet(m) => writer::tree(m).ok(),
            Content::Expansion(m) => writer::tree(m).ok(),
            Content::RuleSet(m) => writer::tree(m).ok(),
            Content::Text { .. } => None,
        }
    }
}

/// One change to the document. Each variant's doc names its fields.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Insert a tile at `index`.
    AddTile { index: usize, tile: Box<Tile> },
    /// Remove the tile at `index`.
    RemoveTile { index: usize },
    /// Move a tile from one place in the list to another.
    MoveTile { from: usize, to: usize },
    /// Replace a tile's properties (id, name, count, edges, markers, image...).
    ReplaceTile { index: usize, tile: Box<Tile> },
    /// Add, replace (`Some`) or remove (`None`) a feature of a tile.
    SetFeature {
        tile: usize,
        id: String,
        feature: Option<Box<Feature>>,
    },
    /// Rename a feature, updating references to it on the tile (`cities`, `at`).
    RenameFeature { tile: usize, from: String, to: String },
    /// Move one vertex.
    MoveVertex {
        tile: usize,
        feature: String,
        polygon: usize,
        vertex: usize,
        to: [f64; 2],
    },
    /// Insert a vertex before position `at`.
    InsertVertex {
        tile: usize,
        feature: String,
        polygon: usize,
        at: usize,
        point: [f64; 2],
    },
    /// Delete a vertex (a polygon left with fewer than three goes too).
    RemoveVertex {
        tile: usize,
        feature: String,
        polygon: usize,
        vertex: usize,
    },
    /// Add a polygon to a feature.
    AddPolygon {
        tile: usize,
        feature: String,
        points: Vec<[f64; 2]>,
    },
    /// Remove a polygon of a feature.
    RemovePolygon {
        tile: usize,
        feature: String,
        polygon: usize,
    },
    /// Place or clear a feature's follower anchor.
    SetAnchor {
        tile: usize,
        feature: String,
        anchor: Option<[f64; 2]>,
    },
    /// Replace the whole content (forms over set-level values, rule sets, expansions, text).
    Replace(Box<Content>),
}

impl Edit {
    /// Applies the edit; an edit that does not fit the content is refused with a reason.
    pub fn apply(self, content: &mut Content) -> Result<(), String> {
        if let Edit::Replace(new) = self {
            *content = *new;
            return Ok(());
        }
        let Content::TileSet(set) = content else {
            return Err("this edit needs a tile set".into());
        };
        let tiles = &mut set.tiles;
        fn feature_mut<'a>(tile: &'a mut Tile, id: &str) -> Result<&'a mut Feature, String> {
            tile.features
                .get_mut(id)
                .ok_or_else(|| format!("tile `{}` has no feature `{id}`", tile.id))
        }
        fn polygon_mut<'a>(tile: &'a mut Tile, id: &str, p: usize) -> Result<&'a mut Vec<[f64; 2]>, String> {
            feature_mut(tile, id)?
                .polygons
                .get_mut(p)
                .ok_or_else(|| format!("feature `{id}` has no polygon {}", p + 1))
        }
        match self {
            Edit::AddTile { index, tile } => {
                tiles.insert(index.min(tiles.len()), *tile);
            }
            Edit::RemoveTile { index } => {
                if index >= tiles.len() {
                    return Err(format!("there is no tile {}", index + 1));
                }
                tiles.remove(index);
            }
            Edit::MoveTile { from, to } => {
                if from >= tiles.len() || to >= tiles.len() {
                    return Err("no such tile".into());
                }
                let tile = tiles.remove(from);
                tiles.insert(to, tile);
            }
            Edit::ReplaceTile { index, tile } => {
                let slot = tiles.get_mut(index).ok_or("no such tile")?;
                *slot = *tile;
            }
            Edit::SetFeature { tile, id, feature } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                match feature {
                    Some(f) => {
                        t.features.insert(id, *f);
                    }
                    None => {
                        t.features.remove(&id);
                    }
                }
            }
            Edit::RenameFeature { tile, from, to } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                if t.features.contains_key(&to) {
                    return Err(format!("tile `{}` already has a feature `{to}`", t.id));
                }
                let f = t.features.remove(&from).ok_or("no such feature")?;
                t.features.insert(to.clone(), f);
                for other in t.features.values_mut() {
                    for city in &mut other.cities {
                        if *city == from {
                            city.clone_from(&to);
                        }
                    }
                    if other.at.as_deref() == Some(from.as_str()) {
                        other.at = Some(to.clone());
                    }
                }
            }
            Edit::MoveVertex {
                tile,
                feature,
                polygon,
                vertex,
                to,
            } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                let p = polygon_mut(t, &feature, polygon)?;
                *p.get_mut(vertex).ok_or("no such vertex")? = to;
            }
            Edit::InsertVertex {
                tile,
                feature,
                polygon,
                at,
                point,
            } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                let p = polygon_mut(t, &feature, polygon)?;
                p.insert(at.min(p.len()), point);
            }
            Edit::RemoveVertex {
                tile,
                feature,
                polygon,
                vertex,
            } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                let f = feature_mut(t, &feature)?;
                let p = f.polygons.get_mut(polygon).ok_or("no such polygon")?;
                if vertex >= p.len() {
                    return Err("no such vertex".into());
                }
                p.remove(vertex);
                if p.len() < 3 {
                    f.polygons.remove(polygon);
                }
            }
            Edit::AddPolygon { tile, feature, points } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                feature_mut(t, &feature)?.polygons.push(points);
            }
            Edit::RemovePolygon { tile, feature, polygon } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                let f = feature_mut(t, &feature)?;
                if polygon >= f.polygons.len() {
                    return Err("no such polygon".into());
                }
                f.polygons.remove(polygon);
            }
            Edit::SetAnchor { tile, feature, anchor } => {
                let t = tiles.get_mut(tile).ok_or("no such tile")?;
                feature_mut(t, &feature)?.anchor = anchor;
            }
            Edit::Replace(_) => unreachable!("handled above"),
        }
        Ok(())
    }
}

/// How a file on disk looked when last read or written.
#[derive(Debug, Clone, PartialEq)]
pub struct DiskStamp {
    /// Modification time.
    pub modified: Option<SystemTime>,
    /// Length in bytes.
    pub len: u64,
}

impl DiskStamp {
    /// The stamp of the file at `path` now.
    pub fn of(path: &Path) -> Option<DiskStamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(DiskStamp {
            modified: meta.modified().ok(),
            len: meta.len(),
        })
    }
}

/// Names one state of one document's content: equal keys mean equal content (undo brings a
/// key back with its content), so what is derived from the content, such as its JSON or its
/// text, can be kept until the key changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContentKey {
    document: u64,
    revision: usize,
}

/// An open file with its history.
#[derive(Debug)]
pub struct Document {
    /// Where it is saved; `None` until first saved.
    pub path: Option<PathBuf>,
    content: Content,
    /// The file as a TOML document, which edits are merged into when writing.
    toml: DocumentMut,
    /// The model as it was when `toml` was read or written.
    loaded: Option<toml_edit::Value>,
    /// The text last read from or written to disk.
    pub disk_text: String,
    /// The file's stamp when last read or written.
    pub disk_stamp: Option<DiskStamp>,
    /// Earlier contents with their revisions, oldest first, at most [`HISTORY`] of them.
    undo: VecDeque<Step>,
    redo: Vec<Step>,
    /// The group the last edit belongs to; further edits with the same key merge into it.
    open_group: Option<String>,
    revision: usize,
    next_revision: usize,
    saved_revision: usize,
    /// Tells this document's revisions from another's (every document starts at revision 0).
    serial: u64,
}

/// One undo or redo step: the content to go back to, its revision, and for an edit of the
/// source text the TOML it was written into (so undo takes back comments and layout too).
type Step = (Content, usize, Option<Box<Written>>);

/// The TOML document edits are merged into, with the model as it was read from it.
type Written = (DocumentMut, Option<toml_edit::Value>);

/// How many steps undo keeps.
const HISTORY: usize = 500;

impl Document {
    /// A document from a file's text.
    pub fn from_text(path: Option<PathBuf>, text: &str) -> Document {
        let content = Content::from_text(text);
        let toml = text.parse::<DocumentMut>().unwrap_or_default();
        let disk_stamp = path.as_deref().and_then(DiskStamp::of);
        Document {
            path,
            loaded: content.tree(),
            content,
            toml,
            disk_text: text.to_owned(),
            disk_stamp,
            undo: VecDeque::new(),
            redo: Vec::new(),
            open_group: None,
            revision: 0,
            next_revision: 1,
            saved_revision: 0,
            serial: {
                static DOCUMENTS: AtomicU64 = AtomicU64::new(0);
                DOCUMENTS.fetch_add(1, Ordering::Relaxed)
            },
        }
    }

    /// Reads a file (through the engine's reader, which refuses huge or binary files).
    pub fn open(path: &Path) -> Result<Document, String> {
        let source = tilewright_engine::validate::read_source(path).map_err(|d| d.message.clone())?;
        Ok(Document::from_text(Some(path.to_owned()), &source.text))
    }

    /// What the document holds.
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// The tile set, if the document is one.
    pub fn tileset(&self) -> Option<&TileSet> {
        match &self.content {
            Content::TileSet(set) => Some(set),
            _ => None,
        }
    }

    /// Applies an edit as its own undo step.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        self.apply_grouped(edit, None)
    }

    /// Applies an edit; consecutive edits with the same `group` (one drag, one text field being
    /// typed into) make a single undo step.
    pub fn apply_grouped(&mut self, edit: Edit, group: Option<&str>) -> Result<(), String> {
        let mut next = self.content.clone();
        edit.apply(&mut next)?;
        if next == self.content {
            return Ok(());
        }
        let merging = group.is_some() && self.open_group.as_deref() == group;
        let previous = std::mem::replace(&mut self.content, next);
        self.record(previous, None, merging, group);
        // Text that now reads as a model becomes editable as one.
        if let Content::Text { text, .. } = &self.content {
            let parsed = Content::from_text(text);
            if !matches!(parsed, Content::Text { .. }) {
                if let Ok(doc) = text.parse::<DocumentMut>() {
                    self.toml = doc;
                    self.loaded = parsed.tree();
                }
                self.content = parsed;
            } else {
                self.content = parsed;
            }
        }
        Ok(())
    }

    /// Puts `previous` (and the TOML it was written into, for a source edit) on the undo
    /// stack unless `merging` into the open group, and moves to a new revision.
    fn record(&mut self, previous: Content, written: Option<Box<Written>>, merging: bool, group: Option<&str>) {
        if !merging {
            self.undo.push_back((previous, self.revision, written));
            if self.undo.len() > HISTORY {
                self.undo.pop_front();
            }
        }
        self.redo.clear();
        self.open_group = group.map(str::to_owned);
        self.revision = self.next_revision;
        self.next_revision += 1;
    }

    /// Replaces the document with `text` typed on the Source page, comments and layout
    /// included, as one undo step (merged with the rest of `group`). Text that does not read
    /// as a model is refused with the located reason, unless the document is such text
    /// already, so a document that reads never turns into one that does not.
    pub fn apply_source(&mut self, text: &str, group: Option<&str>) -> Result<(), String> {
        let content = Content::from_text(text);
        if let Content::Text { problem, .. } = &content
            && !matches!(self.content, Content::Text { .. })
        {
            return Err(problem.clone());
        }
        if self.text().as_deref() == Ok(text) {
            return Ok(());
        }
        let merging = group.is_some() && self.open_group.as_deref() == group;
        let previous = std::mem::replace(&mut self.content, content);
        let loaded = self.content.tree();
        let written = match text.parse::<DocumentMut>() {
            Ok(toml) => Some(Box::new((
                std::mem::replace(&mut self.toml, toml),
                std::mem::replace(&mut self.loaded, loaded),
            ))),
            Err(_) => None,
        };
        self.record(previous, written, merging, group);
        Ok(())
    }

    /// Ends the current edit group, so the next edit is a new undo step.
    pub fn end_group(&mut self) {
        self.open_group = None;
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Steps back one edit.
    pub fn undo(&mut self) -> bool {
        self.open_group = None;
        let Some(step) = self.undo.pop_back() else {
            return false;
        };
        let back = self.step_to(step);
        self.redo.push(back);
        true
    }

    /// Steps forward one undone edit.
    pub fn redo(&mut self) -> bool {
        self.open_group = None;
        let Some(step) = self.redo.pop() else {
            return false;
        };
        let back = self.step_to(step);
        self.undo.push_back(back);
        true
    }

    /// Goes to `step`'s content (and TOML), returning the step that comes back here.
    fn step_to(&mut self, (content, revision, written): Step) -> Step {
        let current = std::mem::replace(&mut self.content, content);
        let written = written.map(|w| {
            let (toml, loaded) = *w;
            Box::new((
                std::mem::replace(&mut self.toml, toml),
                std::mem::replace(&mut self.loaded, loaded),
            ))
        });
        (current, std::mem::replace(&mut self.revision, revision), written)
    }

    /// A number that changes whenever the content does (and comes back with undo).
    pub fn revision(&self) -> usize {
        self.revision
    }

    /// What tells this document from any other opened in this run.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The key of the content as it is now, for caches of what is derived from it.
    pub fn content_key(&self) -> ContentKey {
        ContentKey {
            document: self.serial,
            revision: self.revision,
        }
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision || self.path.is_none() && self.revision != 0
    }

    /// Marks the document as changed since it was last saved (a new, never-saved document).
    pub fn mark_unsaved(&mut self) {
        self.saved_revision = usize::MAX;
    }

    /// The file name for titles.
    pub fn title(&self) -> String {
        self.path
            .as_deref()
            .and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "untitled.toml".into())
    }

    /// The folder of the document's file, which tile images are relative to.
    pub fn folder(&self) -> Option<&Path> {
        self.path.as_deref().map(|p| p.parent().unwrap_or(Path::new("")))
    }

    /// The text the document would be saved as: the model merged into the file's own TOML.
    pub fn text(&self) -> Result<String, String> {
        let loaded = self.loaded.as_ref();
        match &self.content {
            Content::TileSet(m) => writer::render(&self.toml, m, loaded),
            Content::Expansion(m) => writer::render(&self.toml, m, loaded),
            Content::RuleSet(m) => writer::render(&self.toml, m, loaded),
            Content::Text { text, .. } => Ok(text.clone()),
        }
    }

    /// Starts the file with `line` (a `#:schema` comment), replacing the one there, or with no
    /// such line (`None`): a new file gets its line once it is known where it is saved.
    pub fn set_schema_line(&mut self, line: Option<&str>) -> Result<(), String> {
        let text = tilewright_engine::template::with_schema_line(&self.text()?, line);
        self.toml = text.parse::<DocumentMut>().map_err(|e| e.to_string())?;
        self.loaded = self.content.tree();
        Ok(())
    }

    /// Writes the document to `path` atomically (a temporary file in the same folder, then a
    /// rename), and remembers it as saved there.
    pub fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let text = self.text()?;
        tilewright_engine::files::write_atomically(path, text.as_bytes())
            .map_err(|e| format!("cannot save {}: {e}", path.display()))?;
        if let Ok(doc) = text.parse::<DocumentMut>() {
            self.toml = doc;
            self.loaded = self.content.tree();
        }
        self.path = Some(path.to_owned());
        self.disk_text = text;
        self.disk_stamp = DiskStamp::of(path);
        self.saved_revision = self.revision;
        self.open_group = None;
        Ok(())
    }

    /// Whether the file on disk has changed since it was last read or written; returns its new
    /// text when it has (a touched file with the same text does not count).
    pub fn changed_on_disk(&mut self) -> Option<String> {
        let path = self.path.as_deref()?;
        let stamp = DiskStamp::of(path);
        if stamp == self.disk_stamp {
            return None;
        }
        // Through the engine's reader: capped at the validator's MAX_FILE_BYTES, regular
        // files only, a byte-order mark dropped as when the file was opened.
        let text = tilewright_engine::validate::read_source(path).ok().map(|s| s.text);
        self.disk_stamp = stamp;
        match text {
            Some(text) if text != self.disk_text => Some(text),
            _ => None,
        }
    }

    /// Replaces the document with `text` read from disk, as an undoable step.
    pub fn reload_from(&mut self, text: String) {
        let fresh = Content::from_text(&text);
        let _ = self.apply(Edit::Replace(Box::new(fresh)));
        if let Ok(doc) = text.parse::<DocumentMut>() {
            self.toml = doc;
        }
        self.loaded = self.content.tree();
        self.disk_text = text;
        self.saved_revision = self.revision;
        self.open_group = None;
    }

    /// Forgets the disk change (keep my version): the next save overwrites it.
    pub fn keep_mine(&mut self, text: String) {
        self.disk_text = text;
        if self.saved_revision == self.revision {
            self.saved_revision = usize::MAX;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::Count;

    fn base() -> Document {
        Document::from_text(None, tilewright_engine::bundled::FILES[0].1)
    }

    #[test]
    fn a_tile_set_with_marks_is_saved_with_them() {
        let text = tilewright_engine::bundled::FILES
            .iter()
            .find(|(path, _)| path.ends_with("inns-and-cathedrals.toml"))
            .expect("Inns & Cathedrals is bundled")
            .1;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("inns-and-cathedrals.toml");
        let mut doc = Document::from_text(None, text);
        let mut tile = doc.tileset().unwrap().tiles[1].clone();
        tile.count = Count::All(3);
        doc.apply(Edit::ReplaceTile {
            index: 1,
            tile: Box::new(tile),
        })
        .unwrap();
        doc.save_to(&path).unwrap();
        let saved = std::fs::read_to_string(&path).unwrap();
        let before: tilewright_engine::model::TileSet = toml::from_str(text).unwrap();
        let after: tilewright_engine::model::TileSet = toml::from_str(&saved).unwrap();
        assert_eq!(after.marks, before.marks);
        assert_eq!(after.marks.len(), 2);
        let marked = |set: &tilewright_engine::model::TileSet| -> Vec<(String, Vec<String>)> {
            set.tiles
                .iter()
                .flat_map(|t| {
                    t.features
                        .iter()
                        .map(move |(id, f)| (format!("{}/{id}", t.id), f.marks.clone()))
                })
                .filter(|(_, marks)| !marks.is_empty())
                .collect()
        };
        assert_eq!(marked(&after), marked(&before));
        assert_eq!(marked(&after).len(), 8, "six inns and two cathedrals");
        // Only the edited count changed in the text.
        let changed: Vec<(&str, &str)> = text.lines().zip(saved.lines()).filter(|(a, b)| a != b).collect();
        assert_eq!(changed, [("count = 1", "count = 3")]);
    }

    #[test]
    fn undo_and_redo_restore_content_and_the_dirty_flag() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("base.toml");
        let mut doc = base();
        doc.save_to(&path).unwrap();
        assert!(!doc.is_dirty());
        let mut tile = doc.tileset().unwrap().tiles[0].clone();
        tile.count = Count::All(9);
        doc.apply(Edit::ReplaceTile {
            index: 0,
            tile: Box::new(tile),
        })
        .unwrap();
        assert!(doc.is_dirty());
        assert!(doc.undo());
        assert!(!doc.is_dirty());
        assert!(doc.redo());
        assert!(doc.is_dirty());
        assert_eq!(doc.tileset().unwrap().tiles[0].count, Count::All(9));
    }

    #[test]
    fn a_comment_typed_into_the_source_is_a_step_of_its_own_that_undo_takes_back() {
        let mut doc = base();
        let before = doc.text().unwrap();
        let commented = before.replacen("id = \"base\"", "# A note.\nid = \"base\"", 1);
        assert!(doc.apply_source(&commented, None).is_ok());
        assert_eq!(doc.text().unwrap(), commented);
        assert!(doc.is_dirty(), "a comment is a change to save");
        // A later edit through a form keeps the comment.
        let mut set = doc.tileset().unwrap().clone();
        set.name = "Named".into();
        doc.apply(Edit::Replace(Box::new(Content::TileSet(set)))).unwrap();
        assert!(doc.text().unwrap().contains("# A note.\nid = \"base\""));
        assert!(doc.undo() && doc.undo());
        assert_eq!(doc.text().unwrap(), before);
        assert!(doc.redo());
        assert_eq!(doc.text().unwrap(), commented);
        // Text that does not read is refused with where it stops, and changes nothing.
        let refused = doc.apply_source("id = ", None).unwrap_err();
        assert!(refused.starts_with("line 1, column"), "{refused}");
        assert_eq!(doc.text().unwrap(), commented);
    }

    #[test]
    fn a_drag_is_one_undo_step() {
        let mut doc = base();
        doc.apply(Edit::AddPolygon {
            tile: 0,
            feature: "m".into(),
            points: vec![[0.4, 0.4], [0.6, 0.4], [0.5, 0.6]],
        })
        .unwrap();
        for i in 0..10 {
            let to = [0.4 + i as f64 * 0.01, 0.4];
            let edit = Edit::MoveVertex {
                tile: 0,
                feature: "m".into(),
                polygon: 0,
                vertex: 0,
                to,
            };
            doc.apply_grouped(edit, Some("drag")).unwrap();
        }
        doc.end_group();
        assert_eq!(
            doc.tileset().unwrap().tiles[0].features["m"].polygons[0][0],
            [0.49, 0.4]
        );
        doc.undo();
        assert_eq!(doc.tileset().unwrap().tiles[0].features["m"].polygons[0][0], [0.4, 0.4]);
        doc.undo();
        assert!(doc.tileset().unwrap().tiles[0].features["m"].polygons.is_empty());
    }

    #[test]
    fn undo_keeps_the_newest_steps_and_content_keys_follow_the_content() {
        let mut doc = base();
        let start = doc.content_key();
        assert_ne!(start, base().content_key(), "another document, another key");
        for i in 0..HISTORY + 3 {
            doc.apply(Edit::SetAnchor {
                tile: 0,
                feature: "m".into(),
                anchor: Some([i as f64 / 1000.0, 0.5]),
            })
            .unwrap();
        }
        let last = doc.content_key();
        let mut steps = 0;
        while doc.undo() {
            steps += 1;
        }
        assert_eq!(steps, HISTORY);
        let anchor = doc.tileset().unwrap().tiles[0].features["m"].anchor;
        assert_eq!(anchor, Some([0.002, 0.5]), "the oldest steps went first");
        while doc.redo() {}
        assert_eq!(doc.content_key(), last);
        assert_ne!(last, start);
    }

    #[test]
    fn broken_text_stays_editable_and_becomes_a_model_once_fixed() {
        let mut doc = Document::from_text(None, "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = ");
        assert!(matches!(doc.content(), Content::Text { .. }));
        let fixed = "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = \"X\"\n";
        doc.apply(Edit::Replace(Box::new(Content::Text {
            text: fixed.into(),
            problem: String::new(),
        })))
        .unwrap();
        assert!(matches!(doc.content(), Content::TileSet(_)));
        assert_eq!(doc.text().unwrap(), fixed);
    }

    #[test]
    fn saving_is_atomic_and_noticed_changes_on_disk_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("set.toml");
        let mut doc = base();
        doc.save_to(&path).unwrap();
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
        assert_eq!(doc.changed_on_disk(), None);
        let edited = std::fs::read_to_string(&path)
            .unwrap()
            .replace("name = \"Carcassonne: base game\"", "name = \"Changed on disk\"");
        assert_ne!(
            edited,
            std::fs::read_to_string(&path).unwrap(),
            "the test edits the file"
        );
        std::fs::write(&path, &edited).unwrap();
        // Make sure the stamp differs even on coarse clocks.
        doc.disk_stamp = None;
        let text = doc.changed_on_disk().expect("the change is noticed");
        doc.reload_from(text);
        assert!(!doc.is_dirty());
        assert_eq!(doc.text().unwrap(), edited);
    }
}
