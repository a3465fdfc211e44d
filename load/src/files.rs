//! Reading and writing files that may be hostile. Everything the toolkit reads from disk
//! (data files, records, images) goes through [`read_capped`]: only regular files are opened,
//! so a FIFO cannot block and a device cannot stream forever, and never more than a limit is
//! read, whatever the file claims its size to be. Everything it writes goes through
//! [`write_atomically`] (replacing a file) or [`write_new`] (never replacing one), and a run
//! whose result is to be written checks first, with [`check_output`], that it can be.

use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Nothing is at the path.
    Missing,
    /// Something is there, but not a regular file: what it is ("a folder", "a FIFO"...).
    NotRegular(&'static str),
    /// The file holds more than the limit, in bytes.
    TooLarge(u64),
    /// The operating system refused (permissions, I/O error).
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Missing => write!(f, "does not exist"),
            ReadError::NotRegular(what) => write!(f, "is {what}, not a regular file"),
            ReadError::TooLarge(limit) => write!(f, "is larger than {}", human_size(*limit)),
            ReadError::Io(e) => write!(f, "cannot be read: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// A byte count for people: `8 MiB`, `512 KiB`, `100 bytes`.
pub fn human_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// What a file is, in words: "a file" (a regular one), "a folder", "a FIFO"...
pub fn describe(kind: std::fs::FileType) -> &'static str {
    if kind.is_file() {
        return "a file";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() { "a folder" } else { "not a file" }
}

/// Reads at most `limit` bytes of the regular file at `path` (symbolic links are followed).
/// Refuses folders, FIFOs, devices and sockets without opening them, and a file that turns
/// out to hold more than `limit` bytes, however large its metadata says it is.
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e),
    })?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(describe(meta.file_type())));
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    // The path may have been swapped between the two looks; the open file is what counts.
    let opened = file.metadata().map_err(ReadError::Io)?;
    if !opened.is_file() {
        return Err(ReadError::NotRegular(describe(opened.file_type())));
    }
    let mut bytes = Vec::with_capacity(opened.len().min(limit) as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    Ok(bytes)
}

/// Writes `bytes` to `path` so that the file is either as it was or wholly new: through a
/// uniquely named temporary file in the same folder (never a fixed name that could be an
/// unrelated file or a planted link), synced to disk, then renamed over the target. The
/// temporary file is removed on any failure. A target that exists must be a regular file that
/// may be written: not a link (which could have been planted to redirect the write), not
/// read-only; its permissions are kept. Errors do not repeat the path: the caller names it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_through_temp(path, bytes, Existing::Replace)
}

/// Writes `bytes` to a new file at `path`, as [`write_atomically`] does, but never replaces
/// anything: a file there, even one made while this writes, fails the write with
/// [`io::ErrorKind::AlreadyExists`] and is left as it is.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_through_temp(path, bytes, Existing::Keep)
}

/// New files written together or not at all (a content repository): each through
/// [`write_new`], its missing folders made first. Until [`NewFiles::keep`], dropping this (on
/// a failure part way, say) removes what it wrote and the folders it made, newest first, so a
/// second try finds nothing of the first in its way. Only what this wrote is removed: a file
/// replaced since, or a folder someone else has put a file in, is left alone.
#[derive(Debug, Default)]
pub struct NewFiles {
    /// The files written, with what they were when written.
    files: Vec<(PathBuf, std::fs::Metadata)>,
    /// The folders made, outermost first.
    folders: Vec<PathBuf>,
    kept: bool,
}

impl NewFiles {
    /// Nothing written yet.
    pub fn new() -> NewFiles {
        NewFiles::default()
    }

    /// Writes a new file at `path` ([`write_new`]), making the folders it needs. An error
    /// does not repeat `path`: the caller names it.
    pub fn write(&mut self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        self.make_folders(folder_of(path))?;
        write_new(path, bytes)?;
        match std::fs::symlink_metadata(path) {
            Ok(meta) => {
                self.files.push((path.to_owned(), meta));
                Ok(())
            }
            Err(e) => {
                // Written but not known again: taken back at once, so that nothing is left.
                let _ = std::fs::remove_file(path);
                Err(e)
            }
        }
    }

    /// Writes a new file at `root/relative` as [`NewFiles::write`] does, but through no link
    /// below `root`: a folder between them that is a symbolic link (planted to send the file
    /// elsewhere) fails the write, and nothing is written.
    pub fn write_under(&mut self, root: &Path, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        let path = root.join(relative);
        let mut folder = root.to_path_buf();
        let parts: Vec<_> = relative.components().collect();
        for part in parts.iter().take(parts.len().saturating_sub(1)) {
            folder.push(part);
            if std::fs::symlink_metadata(&folder).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(io::Error::other(format!(
                    "{} is a symbolic link; it is not written through (remove it, or choose another folder)",
                    folder.display()
                )));
            }
        }
        self.write(&path, bytes)
    }

    /// Makes `folder` and the folders above it that are missing, remembering each made.
    fn make_folders(&mut self, folder: &Path) -> io::Result<()> {
        let missing: Vec<&Path> = folder
            .ancestors()
            .filter(|f| !f.as_os_str().is_empty())
            .take_while(|f| std::fs::symlink_metadata(f).is_err())
            .collect();
        for made in missing.into_iter().rev() {
            match std::fs::create_dir(made) {
                Ok(()) => self.folders.push(made.to_owned()),
                // Made meanwhile by someone else: theirs to keep, if it is a folder.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    if !std::fs::symlink_metadata(made).is_ok_and(|m| m.is_dir()) {
                        return Err(io::Error::other(format!("{} is not a folder", made.display())));
                    }
                }
                Err(e) => {
                    return Err(io::Error::new(
                        e.kind(),
                        format!("cannot make the folder {}: {e}", made.display()),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The files written, in order.
    pub fn written(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().map(|(path, _)| path.as_path())
    }

    /// Keeps everything written.
    pub fn keep(mut self) {
        self.kept = true;
    }

    /// Removes what was written and the folders made, newest first; returns what is left of
    /// it (what could not be removed, or a folder that now holds someone else's files).
    pub fn undo(mut self) -> Vec<PathBuf> {
        self.remove()
    }

    fn remove(&mut self) -> Vec<PathBuf> {
        let mut left = Vec::new();
        for (path, meta) in self.files.drain(..).rev() {
            if !same_file(&path, &meta, &path) || std::fs::remove_file(&path).is_err() {
                left.push(path);
            }
        }
        for folder in self.folders.drain(..).rev() {
            if std::fs::remove_dir(&folder).is_err() {
                left.push(folder);
            }
        }
        left
    }
}

impl Drop for NewFiles {
    fn drop(&mut self) {
        if !self.kept {
            self.remove();
        }
    }
}

/// File names made from ids (tile ids, image names): safe on every system, and distinct even
/// where the file system does not tell case apart. Every character but letters, digits, `-`,
/// `_`, `+` and `.` (and a leading `.`) becomes `_`, a name is cut to 100 characters, and a
/// name already given gets `-2`, `-3`... before its extension, so `AM/C++`, `AM_C++` and
/// `am_c++` make three files.
#[derive(Debug, Default)]
pub struct FileNames {
    /// The names given, lower case.
    taken: std::collections::BTreeSet<String>,
}

impl FileNames {
    /// No name given yet.
    pub fn new() -> FileNames {
        FileNames::default()
    }

    /// A new name for `id`, ending in `.extension`.
    pub fn name(&mut self, id: &str, extension: &str) -> String {
        let mut stem: String = id
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' | '+' => c,
                '.' if i > 0 => c,
                _ => '_',
            })
            .take(100)
            .collect();
        if stem.is_empty() {
            stem.push('_');
        }
        let mut name = format!("{stem}.{extension}");
        let mut k = 2;
        while !self.taken.insert(name.to_lowercase()) {
            name = format!("{stem}-{k}.{extension}");
            k += 1;
        }
        name
    }
}

/// Checks, before any work whose result is to be written to `path`, that the write will be
/// allowed: what is at `path` may be replaced ([`write_atomically`]'s rules), it is none of
/// the files in `reads` (the files the run reads, compared as files, however the path is
/// spelled or linked), and a new file can be made in its folder.
pub fn check_output(path: &Path, reads: &[PathBuf]) -> io::Result<()> {
    if let Some(meta) = replaceable(path)?
        && let Some(read) = reads.iter().find(|read| same_file(path, &meta, read))
    {
        return Err(io::Error::other(format!(
            "it is the file {}, which this run reads; choose another path",
            read.display()
        )));
    }
    temp_file_in(folder_of(path)).map(drop)
}

/// What a write does when the target exists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Existing {
    /// Replace it (when [`replaceable`]).
    Replace,
    /// Fail, leaving it as it is.
    Keep,
}

fn write_through_temp(path: &Path, bytes: &[u8], existing: Existing) -> io::Result<()> {
    let current = match existing {
        Existing::Replace => replaceable(path)?,
        Existing::Keep if std::fs::symlink_metadata(path).is_ok() => return Err(already_exists()),
        Existing::Keep => None,
    };
    let folder = folder_of(path);
    let mut temp = temp_file_in(folder)?;
    // Through the file itself: the temporary file's own `Write` names it in its errors.
    temp.as_file_mut().write_all(bytes)?;
    temp.as_file().sync_all()?;
    if let Some(meta) = current {
        temp.as_file().set_permissions(meta.permissions())?;
    }
    match existing {
        Existing::Replace => temp.persist(path).map_err(|e| e.error)?,
        Existing::Keep => temp.persist_noclobber(path).map_err(|e| match e.error.kind() {
            io::ErrorKind::AlreadyExists => already_exists(),
            _ => e.error,
        })?,
    };
    // Make the rename itself durable where the platform allows syncing a folder.
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn already_exists() -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        "it already exists; move it away or choose another path",
    )
}

/// The folder a file at `path` goes in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A new, uniquely named temporary file in `folder`. Its name is short and fixed in length
/// (not made from the target's, which may already be as long as a name can be), and no
/// error names it: a message names what the caller writes.
fn temp_file_in(folder: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tilewright-").suffix(".tmp");
    // A new file gets what any new file gets (0666 less the umask), not the owner-only
    // permissions of a temporary file; an existing file's are copied over.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(folder).map_err(|e| {
        let kind = e.kind();
        let why = match kind {
            io::ErrorKind::NotFound => format!("the folder {} does not exist; create it first", folder.display()),
            io::ErrorKind::NotADirectory => format!("{} is not a folder", folder.display()),
            _ => {
                // tempfile adds ` at path "…"` to the system's message; only the message is kept.
                let text = e.to_string();
                let reason = text
                    .split_once(" at path ")
                    .map_or_else(|| kind.to_string(), |(m, _)| m.to_owned());
                format!("no file can be made in the folder {}: {reason}", folder.display())
            }
        };
        io::Error::new(kind, why)
    })
}

/// What is at `path` if a write may replace it: nothing (`None`), or a regular file that is
/// not read-only. Links, folders, FIFOs, devices and sockets are refused.
fn replaceable(path: &Path) -> io::Result<Option<std::fs::Metadata>> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if meta.file_type().is_symlink() {
        // In a shared folder a link may have been planted to make this write overwrite
        // another file; a link is never written through.
        return Err(io::Error::other(
            "it is a symbolic link; write to the file it points to, or remove the link",
        ));
    }
    if !meta.is_file() {
        return Err(io::Error::other(format!(
            "it is {}, not a regular file; choose another path",
            describe(meta.file_type())
        )));
    }
    if meta.permissions().readonly() {
        // Renaming over it would succeed (the folder is what allows it), and undo the
        // protection its owner gave it.
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is read-only; make it writable or choose another path",
        ));
    }
    Ok(Some(meta))
}

/// Whether the file at `other` is the one at `path` (whose metadata is `meta`): on Unix the
/// same device and inode, so another spelling of the path, a link or a hard link is caught.
fn same_file(path: &Path, meta: &std::fs::Metadata, other: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = path;
        std::fs::metadata(other).is_ok_and(|o| o.dev() == meta.dev() && o.ino() == meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        matches!((path.canonicalize(), other.canonicalize()), (Ok(a), Ok(b)) if a == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_and_distinct() {
        let mut names = FileNames::new();
        assert_eq!(names.name("AM/C++", "svg"), "AM_C++.svg");
        assert_eq!(names.name("AM_C++", "svg"), "AM_C++-2.svg");
        assert_eq!(names.name("am_c++", "svg"), "am_c++-3.svg");
        assert_eq!(names.name("../x", "svg"), "_._x.svg");
        assert_eq!(names.name("", "svg"), "_.svg");
        assert_eq!(names.name("a\u{0}b:c\\d", "svg"), "a_b_c_d.svg");
        assert_eq!(names.name("A B", "png"), "A_B.png");
        assert_eq!(names.name("A:B", "png"), "A_B-2.png");
    }

    #[test]
    fn reads_regular_files_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"12345");
        assert!(matches!(read_capped(&path, 4), Err(ReadError::TooLarge(4))));
        assert!(matches!(
            read_capped(dir.path(), 10),
            Err(ReadError::NotRegular("a folder"))
        ));
        assert!(matches!(
            read_capped(&dir.path().join("none"), 10),
            Err(ReadError::Missing)
        ));
    }

    #[cfg(unix)]
    #[test]
    fn refuses_fifos_and_devices_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(matches!(read_capped(&fifo, 10), Err(ReadError::NotRegular("a FIFO"))));
        }
        assert!(matches!(
            read_capped(Path::new("/dev/zero"), 10),
            Err(ReadError::NotRegular("a device"))
        ));
    }

    #[test]
    fn writes_replace_the_file_and_leave_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let unrelated = dir.path().join("game.tmp");
        std::fs::write(&unrelated, b"keep me").unwrap();
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let made = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            let plain = std::fs::metadata(&unrelated).unwrap().permissions().mode() & 0o777;
            assert_eq!(made, plain, "a new file gets the permissions of any new file");
        }
        assert_eq!(std::fs::read(&unrelated).unwrap(), b"keep me");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
        assert!(write_atomically(dir.path(), b"x").is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn refuses_links_and_devices() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert!(write_atomically(&link, b"new").is_err());
        assert_eq!(std::fs::read(&real).unwrap(), b"old");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert!(write_atomically(Path::new("/dev/null"), b"x").is_err());
        let dangling = dir.path().join("dangling.json");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        assert!(write_atomically(&dangling, b"x").is_err());
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_name_as_long_as_the_file_system_takes_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let name = format!("{}.json", "r".repeat(245));
        let path = dir.path().join(&name);
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(names(dir.path()), [name]);
    }

    #[test]
    fn no_error_names_the_temporary_file() {
        let dir = tempfile::Builder::new().prefix("plain").tempdir().unwrap();
        let missing = dir.path().join("missing/game.json");
        for e in [
            write_atomically(&missing, b"x").unwrap_err(),
            check_output(&missing, &[]).unwrap_err(),
        ] {
            let text = e.to_string();
            assert!(!text.contains(".tmp") && !text.contains("tilewright-"), "{text}");
            assert!(text.contains("does not exist; create it first"), "{text}");
        }
    }

    #[test]
    fn read_only_files_are_refused_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kept.json");
        std::fs::write(&path, b"kept").unwrap();
        let mut read_only = std::fs::metadata(&path).unwrap().permissions();
        read_only.set_readonly(true);
        std::fs::set_permissions(&path, read_only).unwrap();
        for e in [
            write_atomically(&path, b"new").unwrap_err(),
            check_output(&path, &[]).unwrap_err(),
        ] {
            assert!(e.to_string().contains("read-only"), "{e}");
        }
        assert_eq!(std::fs::read(&path).unwrap(), b"kept");
        assert_eq!(names(dir.path()), ["kept.json"]);
    }

    #[test]
    fn new_files_never_replace_one_that_is_there() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("README.md");
        write_new(&path, b"first").unwrap();
        let e = write_new(&path, b"second").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(e.to_string().contains("already exists"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        assert_eq!(names(dir.path()), ["README.md"]);
    }

    #[test]
    fn an_output_that_is_a_file_read_is_refused_however_named() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("tiles.toml");
        std::fs::write(&data, b"id = 1").unwrap();
        let reads = [data.clone()];
        let respelled = dir.path().join(".").join("tiles.toml");
        let mut same = vec![data.clone(), respelled];
        #[cfg(unix)]
        {
            let linked = dir.path().join("hard.toml");
            std::fs::hard_link(&data, &linked).unwrap();
            same.push(linked);
        }
        for path in same {
            let e = check_output(&path, &reads).unwrap_err();
            assert!(
                e.to_string().contains("which this run reads"),
                "{}: {e}",
                path.display()
            );
        }
        assert_eq!(std::fs::read(&data).unwrap(), b"id = 1");
        check_output(&dir.path().join("other.toml"), &reads).unwrap();
        std::fs::write(dir.path().join("copy.toml"), b"id = 1").unwrap();
        check_output(&dir.path().join("copy.toml"), &reads).unwrap();
    }

    #[test]
    fn new_files_are_all_written_or_none_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir(&repo).unwrap();
        std::fs::write(repo.join("b"), b"a file where a folder goes").unwrap();
        let mut files = NewFiles::new();
        files.write(&repo.join("a/deep/x"), b"x").unwrap();
        files.write(&repo.join("top"), b"t").unwrap();
        assert!(files.write(&repo.join("b/y"), b"y").is_err());
        assert_eq!(files.written().count(), 2);
        assert!(files.undo().is_empty());
        assert_eq!(names(&repo), ["b"]);

        // Dropped part way, as on an early return: undone too.
        std::fs::remove_file(repo.join("b")).unwrap();
        let mut files = NewFiles::new();
        files.write(&repo.join("new/x"), b"x").unwrap();
        drop(files);
        assert!(names(&repo).is_empty());

        // Kept: all there.
        let mut files = NewFiles::new();
        files.write(&repo.join("a/x"), b"x").unwrap();
        files.write(&repo.join("b/y"), b"y").unwrap();
        files.keep();
        assert_eq!(names(&repo), ["a", "b"]);
        assert_eq!(std::fs::read(repo.join("b/y")).unwrap(), b"y");
    }

    #[cfg(unix)]
    #[test]
    fn new_files_under_a_folder_go_through_no_link() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, out.join("images")).unwrap();
        let mut files = NewFiles::new();
        files.write_under(&out, Path::new("a.toml"), b"a").unwrap();
        let e = files.write_under(&out, Path::new("images/x.png"), b"x").unwrap_err();
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        assert!(names(&elsewhere).is_empty());
        drop(files);
        assert_eq!(names(&out), ["images"]);
    }

    #[test]
    fn new_files_leave_alone_what_is_not_theirs() {
        let dir = tempfile::tempdir().unwrap();
        let there = dir.path().join("there");
        std::fs::write(&there, b"someone's").unwrap();
        let mut files = NewFiles::new();
        files.write(&dir.path().join("mine"), b"mine").unwrap();
        files.write(&dir.path().join("made/x"), b"x").unwrap();
        let e = files.write(&there, b"clobbered").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        // Meanwhile someone replaced one file and put one of theirs in a folder made.
        // (Made before the old one goes, so it cannot reuse its inode.)
        std::fs::write(dir.path().join("mine.new"), b"theirs now").unwrap();
        std::fs::rename(dir.path().join("mine.new"), dir.path().join("mine")).unwrap();
        std::fs::write(dir.path().join("made/theirs"), b"theirs").unwrap();
        let left = files.undo();
        assert_eq!(left, [dir.path().join("mine"), dir.path().join("made")]);
        assert_eq!(std::fs::read(&there).unwrap(), b"someone's");
        assert_eq!(std::fs::read(dir.path().join("mine")).unwrap(), b"theirs now");
        assert_eq!(names(&dir.path().join("made")), ["theirs"]);
    }
}
