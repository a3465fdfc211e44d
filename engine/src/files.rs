//! Reading and writing files that may be hostile. Everything the toolkit reads from disk
//! (data files, records, images) goes through [`read_capped`]: only regular files are opened,
//! so a FIFO cannot block and a device cannot stream forever, and never more than a limit is
//! read, whatever the file claims its size to be. Everything it writes goes through
//! [`write_atomically`].

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

/// What a non-regular file is, in words.
fn describe(kind: std::fs::FileType) -> &'static str {
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
/// temporary file is removed on any failure. A target that exists must be a regular file, not
/// a link (which could have been planted to redirect the write); its permissions are kept.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = writable_target(path)?;
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets what any new file gets (0666 less the umask), not the owner-only
    // permissions of a temporary file; an existing file's are copied below.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut temp = builder.tempfile_in(folder)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(&target) {
        temp.as_file().set_permissions(meta.permissions())?;
    }
    temp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable where the platform allows syncing a folder.
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// The file a write to `path` replaces: `path` itself, or what a link there points to.
/// Folders, FIFOs, devices and sockets are refused.
fn writable_target(path: &Path) -> io::Result<PathBuf> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
    };
    if meta.file_type().is_symlink() {
        // In a shared folder a link may have been planted to make this write overwrite
        // another file; a link is never written through.
        return Err(io::Error::other(format!(
            "{} is a symbolic link; write to the file it points to, or remove the link",
            path.display()
        )));
    }
    if !meta.is_file() {
        return Err(io::Error::other(format!(
            "{} is {}, not a regular file; choose another path",
            path.display(),
            describe(meta.file_type())
        )));
    }
    Ok(path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
