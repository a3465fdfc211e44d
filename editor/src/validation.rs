//! Live validation: the document's text goes to the engine's validator (the same code as
//! `tilewright validate`) on a worker thread, so typing and dragging never wait for it.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use tilewright_engine::bundled;
use tilewright_engine::validate::validate_sources;
use tilewright_engine::{Diagnostic, Source};

/// The validator's latest answer.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    /// The document revision the findings are for.
    pub revision: usize,
    /// Every diagnostic.
    pub diagnostics: Vec<Diagnostic>,
}

impl Findings {
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

/// Validates the document's text on a worker thread, newest request first.
pub struct Validator {
    requests: Sender<(usize, Source)>,
    answers: Receiver<Findings>,
    requested: Option<usize>,
    /// The latest findings received.
    pub latest: Findings,
    /// Whether an answer is still awaited.
    pub busy: bool,
}

impl Validator {
    /// Starts the worker; `wake` is called when findings are ready (to repaint the UI).
    pub fn new(wake: impl Fn() + Send + 'static) -> Validator {
        let (requests, inbox) = channel::<(usize, Source)>();
        let (outbox, answers) = channel();
        std::thread::Builder::new()
            .name("validator".into())
            .spawn(move || {
                while let Ok(mut request) = inbox.recv() {
                    // Only the newest text matters.
                    while let Ok(newer) = inbox.try_recv() {
                        request = newer;
                    }
                    let (revision, source) = request;
                    let report = validate_sources(vec![source], bundled::catalog());
                    if outbox
                        .send(Findings {
                            revision,
                            diagnostics: report.diagnostics,
                        })
                        .is_err()
                    {
                        break;
                    }
                    wake();
                }
            })
            .expect("the validator thread starts");
        Validator {
            requests,
            answers,
            requested: None,
            latest: Findings::default(),
            busy: false,
        }
    }

    /// Asks for validation of `text` at `revision` unless that revision was already asked for.
    pub fn request(&mut self, revision: usize, path: Option<&Path>, text: String) {
        if self.requested == Some(revision) {
            return;
        }
        self.requested = Some(revision);
        let path = path
            .map(Path::to_owned)
            .unwrap_or_else(|| PathBuf::from("untitled.toml"));
        self.busy = self.requests.send((revision, Source::new(path, text))).is_ok();
    }

    /// Forgets what was asked, so the next request goes out (after opening another file).
    pub fn reset(&mut self) {
        self.requested = None;
        self.latest = Findings::default();
    }

    /// Takes any answers that arrived; returns whether the findings changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Ok(findings) = self.answers.try_recv() {
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
            if let Ok(findings) = self.answers.recv_timeout(std::time::Duration::from_millis(50)) {
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
        validator.request(1, None, text.into());
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
}
