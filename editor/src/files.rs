//! Files outside the document: native file dialogs (behind a trait, since they cannot run in
//! headless tests) and the list of recent files.

use std::path::{Path, PathBuf};

/// What a file dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileFilter {
    /// Tile sets, expansions and rule sets.
    Toml,
    /// Tile images.
    Image,
}

/// Asks the user for files.
pub trait FileDialogs {
    /// A file to open, or `None` when cancelled.
    fn pick_file(&mut self, filter: FileFilter, folder: Option<&Path>) -> Option<PathBuf>;
    /// Where to save, or `None` when cancelled.
    fn save_file(&mut self, folder: Option<&Path>, name: &str) -> Option<PathBuf>;
}

/// The platform's file dialogs.
pub struct NativeDialogs;

impl FileDialogs for NativeDialogs {
    fn pick_file(&mut self, filter: FileFilter, folder: Option<&Path>) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new();
        dialog = match filter {
            FileFilter::Toml => dialog.add_filter("Tile sets and rule sets", &["toml"]),
            FileFilter::Image => dialog.add_filter("Images", &["png", "jpg", "jpeg", "webp"]),
        };
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.pick_file()
    }

    fn save_file(&mut self, folder: Option<&Path>, name: &str) -> Option<PathBuf> {
        let mut dialog = rfd::FileDialog::new().add_filter("TOML", &["toml"]).set_file_name(name);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        dialog.save_file()
    }
}

/// Dialogs that answer from a script, for tests.
#[derive(Debug, Default)]
pub struct ScriptedDialogs {
    /// Answers to `pick_file`, first first.
    pub picks: Vec<PathBuf>,
    /// Answers to `save_file`, first first.
    pub saves: Vec<PathBuf>,
}

impl FileDialogs for ScriptedDialogs {
    fn pick_file(&mut self, _: FileFilter, _: Option<&Path>) -> Option<PathBuf> {
        (!self.picks.is_empty()).then(|| self.picks.remove(0))
    }

    fn save_file(&mut self, _: Option<&Path>, _: &str) -> Option<PathBuf> {
        (!self.saves.is_empty()).then(|| self.saves.remove(0))
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
