//! `tilewright init [DIR]`: a tile author's repository in one command (the schemas, a sample
//! of each kind of file, editor and CI set-up; the texts are the engine's `template`), and
//! writing the schemas for `schema --write`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tilewright_engine::files;
use tilewright_engine::schema::FileKind;
use tilewright_engine::template;

use crate::{escape, fail};

/// Scaffolds a content repository in `dir`, or writes nothing when any of its files exists
/// (a file exactly as `init` writes it, left by an earlier run, is kept as it is). Either
/// every file is written or, on a failure part way, none is left.
pub fn init(dir: &Path, install: Option<&str>) -> ExitCode {
    let version = env!("CARGO_PKG_VERSION");
    let install = install.map_or_else(
        || template::default_install(version, option_env!("TILEWRIGHT_SOURCE")),
        str::to_owned,
    );
    let mut planned = schema_files(&dir.join("schemas"));
    planned.extend(
        template::content_repository(version, &install)
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
    let (done, planned): (Vec<_>, Vec<_>) = planned
        .into_iter()
        .partition(|(path, text)| already_written(path, text));
    let written = match write_all(&planned) {
        Ok(written) => written,
        Err(code) => return code,
    };
    for path in written {
        say!("wrote {path}");
    }
    for (path, _) in &done {
        say!("kept {} (already as `init` writes it)", shown(path));
    }
    say!("");
    say!("Next:");
    if dir != Path::new(".") {
        say!(
            "  cd {}",
            escape::shell_word(&escape::exact(&cd_target(dir).to_string_lossy()))
        );
    }
    for command in template::next_commands() {
        say!("  {command}");
    }
    say!("  git init && git add . && git commit -m \"Tile sets\"");
    say!("");
    say!(
        "The workflows install tilewright {}: change `{}` at the top of each, or set a repository variable of that name.",
        describe_install(&install),
        template::INSTALL_VARIABLE
    );
    ExitCode::SUCCESS
}

/// How a workflow will install tilewright, in words.
fn describe_install(install: &str) -> String {
    match install.strip_prefix("git+").and_then(|s| s.rsplit_once('@')) {
        Some((url, revision)) => format!("by building {revision} of {url} with cargo"),
        None => format!("{install} from PyPI (once that version is published there)"),
    }
}

/// Writes every planned file as a new file, all or nothing; the files written, as shown. On a
/// failure, what was written is removed again and the error says so (exit status 1).
fn write_all(planned: &[(PathBuf, String)]) -> Result<Vec<String>, ExitCode> {
    let mut files = files::NewFiles::new();
    for (path, text) in planned {
        if let Err(e) = files.write(path, text.as_bytes()) {
            let written = files.written().count();
            let left = files.undo();
            say_err!("error: cannot write {}: {}", shown(path), escape::line(&e.to_string()));
            if !left.is_empty() {
                for path in &left {
                    say_err!(
                        "error: {} was left behind: it could not be removed, or holds files of others",
                        shown(path)
                    );
                }
                say_err!("remove those, fix the error above and run `tilewright init` again");
            } else if written == 0 {
                say_err!("nothing was written; fix that and run `tilewright init` again");
            } else {
                say_err!(
                    "the {written} file(s) written before it were removed, so nothing is left behind; fix that and run `tilewright init` again"
                );
            }
            return Err(ExitCode::from(1));
        }
    }
    let written = files.written().map(shown).collect();
    files.keep();
    Ok(written)
}

/// `dir` as `cd` takes it: a relative path starting with `-` would be read as an option.
fn cd_target(dir: &Path) -> PathBuf {
    if dir.is_relative() && dir.as_os_str().to_string_lossy().starts_with('-') {
        Path::new(".").join(dir)
    } else {
        dir.to_owned()
    }
}

/// Whether `path` is a regular file holding exactly `text` (what an earlier run wrote).
fn already_written(path: &Path, text: &str) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
        && files::read_capped(path, text.len() as u64).is_ok_and(|bytes| bytes == text.as_bytes())
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
    for (path, text) in planned {
        if std::fs::symlink_metadata(path).is_ok() && !already_written(path, text) {
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

/// Writes each file (atomically, its folders made first, replacing a file there: `schema
/// --write`) and says so; on the first failure, says which file and stops with exit status 1.
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
