//! `tilewright init [DIR]`: a tile author's repository in one command (the schemas, a sample
//! of each kind of file, editor and CI set-up; the texts are the engine's `template`), and
//! writing a set of new files for it and for `schema --write`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tilewright_engine::files;
use tilewright_engine::schema::FileKind;
use tilewright_engine::template;

use crate::{escape, fail};

/// Scaffolds a content repository in `dir`, or writes nothing when any of its files exists.
pub fn init(dir: &Path) -> ExitCode {
    let mut planned = schema_files(&dir.join("schemas"));
    planned.extend(
        template::content_repository(env!("CARGO_PKG_VERSION"))
            .into_iter()
            .map(|(path, text)| (dir.join(path), text)),
    );
    let taken = in_the_way(dir, &planned);
    if !taken.is_empty() {
        for (path, what) in &taken {
            say_err!("error: {} {what}", shown(path));
        }
        say_err!(
            "nothing was written: move those away, or run `tilewright init` for another folder ({} files to write, {} in the way)",
            planned.len(),
            taken.len()
        );
        return ExitCode::from(1);
    }
    if let Err(code) = write_files(&planned) {
        return code;
    }
    say!("");
    say!("Next:");
    if dir != Path::new(".") {
        say!("  cd {}", escape::path(dir));
    }
    for command in template::next_commands() {
        say!("  {command}");
    }
    say!("  git init && git add . && git commit -m \"Tile sets\"");
    ExitCode::SUCCESS
}

/// The schemas generated from the model, each with its path in `folder`.
pub fn schema_files(folder: &Path) -> Vec<(PathBuf, String)> {
    FileKind::ALL
        .into_iter()
        .map(|kind| (folder.join(kind.schema_file_name()), kind.generate()))
        .collect()
}

/// What stands where a planned file would go: the file itself (whatever it is), or something
/// other than a folder where one of its folders would be.
fn in_the_way(dir: &Path, planned: &[(PathBuf, String)]) -> Vec<(PathBuf, &'static str)> {
    let mut taken: Vec<(PathBuf, &'static str)> = Vec::new();
    for (path, _) in planned {
        if std::fs::symlink_metadata(path).is_ok() {
            taken.push((path.clone(), "already exists"));
            continue;
        }
        let folders = path.ancestors().skip(1).take_while(|f| f.starts_with(dir) && *f != dir);
        for folder in folders.chain([dir]) {
            // Inside the folder a link is in the way too: writing through it would scaffold
            // somewhere else.
            let meta = if folder == dir {
                std::fs::metadata(folder)
            } else {
                std::fs::symlink_metadata(folder)
            };
            let blocked = meta.is_ok_and(|m| !m.is_dir());
            if blocked && !taken.iter().any(|(p, _)| p == folder) {
                taken.push((folder.to_owned(), "is not a folder, and a file goes inside it"));
            }
        }
    }
    taken
}

/// Writes each file (atomically, its folders made first, replacing a file there) and says so;
/// on the first failure, says which file and stops with exit status 1.
pub fn write_files(planned: &[(PathBuf, String)]) -> Result<(), ExitCode> {
    for (path, text) in planned {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
            && let Err(e) = std::fs::create_dir_all(folder)
        {
            return Err(fail(format!("cannot create the folder {}: {e}", folder.display())));
        }
        if let Err(e) = files::write_atomically(path, text.as_bytes()) {
            return Err(fail(format!("cannot write {}: {e}", path.display())));
        }
        say!("wrote {}", shown(path));
    }
    Ok(())
}

/// A path for a message: without the `./` that joining onto the current folder adds.
fn shown(path: &Path) -> String {
    escape::path(path.strip_prefix(".").unwrap_or(path))
}
