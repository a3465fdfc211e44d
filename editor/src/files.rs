//! Files outside the document: native file dialogs (behind a trait, since they cannot run in
//! headless tests) and the list of recent files.
//!
//! A dialog never blocks the UI: [`FileDialogs::open`] starts it and the editor polls
//! [`FileDialogs::answer`] each frame until the user has chosen.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

use crate::worker::Job;

/// What a file dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFilter {
    /// Tile sets, expansions and rule sets.
    Toml,
    /// Tile images.
    Image,
    /// Game records (JSON).
    Record,
}

/// A question for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// A file to open, of a kind.
    PickFile(FileFilter),
    /// A folder.
    PickFolder,
    /// Where to save a file, suggesting a name.
    SaveFile(String),
    /// Where to save a game record, suggesting a name.
    SaveRecord(String),
    /// Where to save an HTML page, suggesting a name.
    SaveHtml(String),
    /// Where to save a JCloisterZone add-on, suggesting a name.
    SaveAddon(String),
}

/// Asks the user for files without blocking: one question at a time.
pub trait FileDialogs {
    /// Shows a dialog for `request`, starting in `folder`.
    fn open(&mut self, request: Request, folder: Option<&Path>);
    /// The answer once the user has given it: `Some(None)` when the dialog was cancelled,
    /// `None` while it is still open.
    fn answer(&mut self) -> Option<Option<PathBuf>>;
    /// Why these dialogs cannot be shown, when they cannot (asked before each dialog, and
    /// again after one was cancelled): the editor then asks for a typed path instead.
    fn unavailable(&mut self) -> Option<String> {
        None
    }
}

/// A dialog cancelled sooner than this after it was opened never showed: rfd returns at once
/// when neither the desktop portal nor zenity answers.
const TOO_QUICK: std::time::Duration = std::time::Duration::from_millis(300);

/// The platform's file dialogs: rfd's asynchronous dialogs, started on the UI thread (as some
/// platforms require) and waited for on a worker thread.
#[derive(Default)]
pub struct NativeDialogs {
    answer: Option<Job<Option<PathBuf>>>,
    /// When the open dialog was started.
    opened: Option<std::time::Instant>,
    /// Why dialogs cannot be shown, once that is known.
    missing: Option<String>,
}

impl FileDialogs for NativeDialogs {
    fn unavailable(&mut self) -> Option<String> {
        if self.missing.is_none() {
            self.missing = crate::dialog_support::System::current().missing().map(str::to_owned);
        }
        self.missing.clone()
    }

    fn open(&mut self, request: Request, folder: Option<&Path>) {
        self.opened = Some(std::time::Instant::now());
        let mut dialog = rfd::AsyncFileDialog::new();
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        let wait = |future: Box<dyn Future<Output = Option<rfd::FileHandle>> + Send>| {
            Job::spawn(
                "file dialog",
                || {},
                move || {
                    let chosen = block_on(Box::into_pin(future));
                    chosen.map(|handle| handle.path().to_owned())
                },
            )
        };
        let started = match request {
            Request::PickFile(FileFilter::Toml) => wait(Box::new(
                dialog.add_filter("Tile sets and rule sets", &["toml"]).pick_file(),
            )),
            Request::PickFile(FileFilter::Image) => wait(Box::new(
                dialog.add_filter("Images", &["png", "jpg", "jpeg", "webp"]).pick_file(),
            )),
            Request::PickFile(FileFilter::Record) => {
                wait(Box::new(dialog.add_filter("Game records", &["json"]).pick_file()))
            }
            Request::SaveRecord(name) => wait(Box::new(
                dialog
                    .add_filter("Game records", &["json"])
                    .set_file_name(name)
                    .save_file(),
            )),
            Request::SaveAddon(name) => wait(Box::new(
                dialog
                    .add_filter("JCloisterZone add-ons", &["jca"])
                    .set_file_name(name)
                    .save_file(),
            )),
            Request::PickFolder => wait(Box::new(dialog.pick_folder())),
            Request::SaveFile(name) => wait(Box::new(
                dialog.add_filter("TOML", &["toml"]).set_file_name(name).save_file(),
            )),
            Request::SaveHtml(name) => wait(Box::new(
                dialog
                    .add_filter("HTML pages", &["html"])
                    .set_file_name(name)
                    .save_file(),
            )),
        };
        self.answer = Some(started);
    }

    fn answer(&mut self) -> Option<Option<PathBuf>> {
        let answer = self.answer.as_mut()?.take()?;
        self.answer = None;
        // A dialog whose worker failed is as good as cancelled.
        let answer = answer.unwrap_or(None);
        if answer.is_none() && self.opened.take().is_some_and(|at| at.elapsed() < TOO_QUICK) {
            self.missing = Some(format!(
                "The file dialog closed as soon as it opened. {}",
                crate::dialog_support::MISSING
            ));
        }
        Some(answer)
    }
}

/// Runs a future to its end on this thread (a dialog's future needs no more than that).
fn block_on<T>(mut future: std::pin::Pin<Box<dyn Future<Output = T> + Send>>) -> T {
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut context) {
            return value;
        }
        std::thread::park();
    }
}

/// Dialogs that answer from a script, for tests.
#[derive(Debug, Default)]
pub struct ScriptedDialogs {
    /// Answers to files and folders to pick, first first.
    pub picks: Vec<PathBuf>,
    /// Answers to where to save, first first.
    pub saves: Vec<PathBuf>,
    /// The answer to the question asked last, given at the next poll.
    next: Option<Option<PathBuf>>,
    /// Why dialogs cannot be shown, to play a system without them.
    pub unavailable: Option<String>,
}

impl ScriptedDialogs {
    /// Dialogs that answer picks from `picks`, in order, and cancel saves.
    pub fn picking(picks: Vec<PathBuf>) -> ScriptedDialogs {
        ScriptedDialogs {
            picks,
            ..ScriptedDialogs::default()
        }
    }
}

impl FileDialogs for ScriptedDialogs {
    fn open(&mut self, request: Request, _: Option<&Path>) {
        let script = match request {
            Request::SaveFile(_) | Request::SaveRecord(_) | Request::SaveHtml(_) | Request::SaveAddon(_) => {
                &mut self.saves
            }
            _ => &mut self.picks,
        };
        self.next = Some((!script.is_empty()).then(|| script.remove(0)));
    }

    fn answer(&mut self) -> Option<Option<PathBuf>> {
        self.next.take()
    }

    fn unavailable(&mut self) -> Option<String> {
        self.unavailable.clone()
    }
}

/// Recently opened files, newest first, kept in a small text file.
#[derive(Debug, Default)]
pub struct RecentFiles {
    /// The files.
    pub paths: Vec<PathBuf>,
    store: Option<PathBuf>,
}

impl RecentFiles {
    /// How many are kept.
    pub const LIMIT: usize = 10;

    /// The list kept in the user's configuration folder (on Linux `$XDG_CONFIG_HOME` or
    /// `~/.config`; the platform's own elsewhere).
    pub fn load_default() -> RecentFiles {
        match dirs::config_dir() {
            Some(folder) => RecentFiles::load(folder.join("tilewright").join("recent-files.txt")),
            None => RecentFiles::default(),
        }
    }

    /// The list kept in `store`.
    pub fn load(store: PathBuf) -> RecentFiles {
        let paths = std::fs::read_to_string(&store)
            .map(|text| text.lines().filter(|l| !l.is_empty()).map(PathBuf::from).collect())
            .unwrap_or_default();
        RecentFiles {
            paths,
            store: Some(store),
        }
    }

    /// Puts `path` first.
    pub fn add(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(Self::LIMIT);
        if let Some(store) = &self.store {
            if let Some(folder) = store.parent() {
                let _ = std::fs::create_dir_all(folder);
            }
            let text: String = self.paths.iter().map(|p| format!("{}\n", p.display())).collect();
            let _ = tilewright_engine::files::write_atomically(store, text.as_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_newest_first_unique_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("recent.txt");
        let mut recent = RecentFiles::load(store.clone());
        for name in ["a.toml", "b.toml", "a.toml"] {
            recent.add(&dir.path().join(name));
        }
        let names: Vec<_> = recent.paths.iter().map(|p| p.file_name().unwrap().to_owned()).collect();
        assert_eq!(names, ["a.toml", "b.toml"]);
        assert_eq!(RecentFiles::load(store).paths, recent.paths);
    }

    #[test]
    fn the_default_list_is_a_file_in_the_configuration_folder() {
        let store = RecentFiles::load_default().store;
        if let Some(folder) = dirs::config_dir() {
            assert_eq!(store, Some(folder.join("tilewright").join("recent-files.txt")));
        }
    }
}
