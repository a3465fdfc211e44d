//! Live validation: the document's text goes to the engine's validator (the same code as
//! `tilewright validate`) on a worker thread, so typing and dragging never wait for it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilewright_engine::catalog::Catalog;
use tilewright_engine::validate::{Report, validate_sources};
use tilewright_engine::{Diagnostic, Source, bundled};

use crate::document::ContentKey;
use crate::worker::{Backlog, Service};

/// The path a document is validated under: its own, or `untitled.toml` before it is saved.
pub fn source_path(path: Option<&Path>) -> PathBuf {
    path.map(Path::to_owned)
        .unwrap_or_else(|| PathBuf::from("untitled.toml"))
}

/// Validates one document's text with the bundled files, as the live validator and the
/// pages do: its diagnostics and, when it has no errors, the catalog a game is built from
/// (the document's files first, the bundled ones under them).
pub fn validate(path: Option<&Path>, text: String) -> (Report, Option<Arc<Catalog>>) {
    let mut report = validate_sources(vec![Source::new(source_path(path), text)], bundled::catalog());
    let catalog = (report.errors() == 0).then(|| {
        let read = std::mem::take(&mut report.catalog);
        Arc::new(read.with_base(bundled::catalog()))
    });
    (report, catalog)
}

/// The validator's latest answer.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    /// The document revision the findings are for.
    pub revision: usize,
    /// Every diagnostic.
    pub diagnostics: Vec<Diagnostic>,
    /// The catalog read, with the bundled files under it, and the content it was read from;
    /// `None` when the text has errors.
    pub catalog: Option<(ContentKey, Arc<Catalog>)>,
}

impl Findings {
    /// The catalog read from the content `key` names, if these findings are for it.
    pub fn catalog_for(&self, key: ContentKey) -> Option<Arc<Catalog>> {
        self.catalog
            .as_ref()
            .filter(|(read, _)| *read == key)
            .map(|(_, catalog)| catalog.clone())
    }

    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }

    /// What the errors point at: (tile index, feature id), either possibly unknown.
    fn error_targets(&self) -> impl Iterator<Item = (Option<usize>, Option<String>)> + '_ {
        self.diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| selection_of(&d.pointer))
    }

    /// Indices of the tiles with errors.
    pub fn faulty_tiles(&self) -> Vec<usize> {
        self.error_targets().filter_map(|(tile, _)| tile).collect()
    }

    /// Ids of tile `tile`'s features with errors.
    pub fn faulty_features(&self, tile: usize) -> Vec<String> {
        self.error_targets()
            .filter_map(|target| match target {
                (Some(t), Some(f)) if t == tile => Some(f),
                _ => None,
            })
            .collect()
    }
}

/// A document's text to validate: its revision and content key, its path and the text.
type Request = (usize, ContentKey, Option<PathBuf>, String);

/// Validates the document's text on a worker thread, newest request first.
pub struct Validator {
    worker: Service<Request, Findings>,
    requested: Option<usize>,
    /// The latest findings received.
    pub latest: Findings,
    /// Whether an answer is still awaited.
    pub busy: bool,
}

impl Validator {
    /// Starts the worker; `wake` is called when findings are ready (to repaint the UI).
    pub fn new(wake: impl Fn() + Send + 'static) -> Validator {
        let worker = Service::spawn("validator", Backlog::Newest, wake, |request: Request| {
            let (revision, key, path, text) = request;
            let (report, catalog) = validate(path.as_deref(), text);
            Findings {
                revision,
                diagnostics: report.diagnostics,
                catalog: catalog.map(|catalog| (key, catalog)),
            }
        });
        Validator {
            worker,
            requested: None,
            latest: Findings::default(),
            busy: false,
        }
    }

    /// Asks for validation of `text` at `revision` (content `key`) unless that revision was
    /// already asked for.
    pub fn request(&mut self, revision: usize, key: ContentKey, path: Option<&Path>, text: String) {
        if self.requested == Some(revision) {
            return;
        }
        self.requested = Some(revision);
        let request = (revision, key, path.map(Path::to_owned), text);
        self.busy = self.worker.ask(request);
    }

    /// Forgets what was asked, so the next request goes out (after opening another file).
    pub fn reset(&mut self) {
        self.requested = None;
        self.latest = Findings::default();
    }

    /// Takes any answers that arrived; returns whether the findings changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        for findings in self.worker.answers() {
            self.busy = Some(findings.revision) != self.requested;
            self.latest = findings;
            changed = true;
        }
        changed
    }

    /// Waits (up to a second) for the answer to the latest request; for tests and benchmarks.
    pub fn wait(&mut self) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while self.busy && std::time::Instant::now() < deadline {
            if let Some(findings) = self.worker.wait_answer(std::time::Duration::from_millis(50)) {
                self.busy = Some(findings.revision) != self.requested;
                self.latest = findings;
            }
        }
    }
}

/// What a diagnostic's JSON Pointer selects: a tile index and a feature id.
pub fn selection_of(pointer: &str) -> (Option<usize>, Option<String>) {
    let parts: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|p| p.replace("~1", "/").replace("~0", "~"))
        .collect();
    match parts.as_slice() {
        [tiles, index, rest @ ..] if tiles == "tiles" => {
            let tile = index.parse().ok();
            let feature = match rest {
                [features, id, ..] if features == "features" => Some(id.clone()),
                _ => None,
            };
            (tile, feature)
        }
        _ => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_select_tiles_and_features() {
        assert_eq!(selection_of("/tiles/3/features/c"), (Some(3), Some("c".into())));
        assert_eq!(
            selection_of("/tiles/3/features/a~1b/on/0"),
            (Some(3), Some("a/b".into()))
        );
        assert_eq!(selection_of("/tiles/12/count"), (Some(12), None));
        assert_eq!(selection_of("/start-tile"), (None, None));
        assert_eq!(selection_of(""), (None, None));
    }

    #[test]
    fn the_worker_answers_with_the_engine_diagnostics() {
        let mut validator = Validator::new(|| {});
        let text = "#:schema ../schemas/tileset.schema.json\nid = \"x\"\nname = \"X\"\n[[tiles]]\nid = \"A\"\ncount = 0\nedges = [\"field\", \"field\", \"field\", \"field\"]\nfeatures.f = { kind = \"field\", on = [\"N\", \"E\", \"S\", \"W\"] }\n";
        let doc = crate::document::Document::from_text(None, text);
        validator.request(1, doc.content_key(), None, text.into());
        validator.wait();
        assert_eq!(validator.latest.revision, 1);
        assert!(
            validator
                .latest
                .diagnostics
                .iter()
                .any(|d| d.pointer.starts_with("/tiles/0/count"))
        );
    }

    #[test]
    fn findings_keep_the_catalog_of_the_content_they_read_and_pages_use_it() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tilesets/base.toml")).unwrap();
        let text = text.replace("id = \"base\"", "id = \"mine\"");
        let mut doc = crate::document::Document::from_text(None, &text);
        let mut validator = Validator::new(|| {});
        validator.request(doc.revision(), doc.content_key(), None, text.clone());
        validator.wait();
        let (key, read) = validator
            .latest
            .catalog
            .clone()
            .expect("a set without errors gives a catalog");
        assert_eq!(key, doc.content_key());
        assert!(read.tileset("mine").is_some() && read.tileset("base").is_some());
        // The page's catalog is the validator's own, not read again.
        let used = crate::document_game::catalog(&doc, &validator.latest).unwrap();
        assert!(Arc::ptr_eq(&used, &read));
        // Once the document changes, findings for the old content are not used.
        doc.apply(crate::document::Edit::MoveTile { from: 0, to: 1 }).unwrap();
        assert_ne!(doc.content_key(), key);
        let fresh = crate::document_game::catalog(&doc, &validator.latest).unwrap();
        assert!(!Arc::ptr_eq(&fresh, &read));
    }
}
