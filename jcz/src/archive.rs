//! The `.jca` zip: one root folder named by the add-on id, entries sorted, fixed timestamps and
//! permissions, deflated, so the same add-on gives the same bytes; and reading one back.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

/// Largest total of uncompressed bytes read from an add-on.
pub const MAX_UNPACKED_BYTES: u64 = 256 * 1024 * 1024;
/// Most entries read from an add-on.
pub const MAX_ENTRIES: usize = 100_000;

/// The zip of `files` (paths relative to the root folder `root`), with a directory entry for
/// the root and each folder.
pub fn pack(root: &str, files: &BTreeMap<String, Vec<u8>>) -> Vec<u8> {
    let mut entries: BTreeMap<String, Option<&[u8]>> = BTreeMap::new();
    entries.insert(format!("{root}/"), None);
    for (path, bytes) in files {
        let mut folder = String::new();
        for part in path
            .split('/')
            .collect::<Vec<_>>()
            .split_last()
            .map(|(_, f)| f)
            .unwrap_or(&[])
        {
            folder.push_str(part);
            folder.push('/');
            entries.insert(format!("{root}/{folder}"), None);
        }
        entries.insert(format!("{root}/{path}"), Some(bytes));
    }
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644);
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        let written = match bytes {
            None => zip.add_directory(name.trim_end_matches('/'), options.unix_permissions(0o755)),
            Some(bytes) => zip.start_file(name, options).and_then(|()| Ok(zip.write_all(bytes)?)),
        };
        written.expect("writing a zip into memory cannot fail");
    }
    zip.finish()
        .expect("writing a zip into memory cannot fail")
        .into_inner()
}

/// An add-on read back: its id (the root folder) and its files by path inside it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unpacked {
    /// The root folder's name: the add-on id.
    pub id: String,
    /// Files by path relative to the root folder.
    pub files: BTreeMap<String, Vec<u8>>,
}

/// Reads an add-on as JCZ installs it: exactly one root entry, a folder.
pub fn unpack(bytes: &[u8]) -> Result<Unpacked, String> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| format!("not a zip archive: {e}"))?;
    if zip.len() > MAX_ENTRIES {
        return Err(format!(
            "the archive has {} entries; an add-on has at most {MAX_ENTRIES}",
            zip.len()
        ));
    }
    // The zip reader keeps one entry per name (the last): an entry held twice shows only in
    // the count of the archive's directory.
    if let Some(listed) = listed_entries(bytes)
        && listed != zip.len()
    {
        return Err(format!(
            "the archive lists {listed} entries under {} names: a name is held twice, and which entry JCZ reads is not sure; make it again with each name once",
            zip.len()
        ));
    }
    let mut roots: Vec<String> = Vec::new();
    let mut files = BTreeMap::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| format!("entry {i}: {e}"))?;
        let name = entry
            .enclosed_name()
            .ok_or_else(|| format!("the entry `{}` leaves the archive's folder", entry.name()))?;
        let name = name.to_string_lossy().replace('\\', "/");
        let (root, rest) = name.split_once('/').unwrap_or((&name, ""));
        if !roots.iter().any(|r| r == root) {
            roots.push(root.to_owned());
        }
        if entry.is_dir() || rest.is_empty() {
            if !entry.is_dir() {
                return Err(format!(
                    "`{root}` at the archive's root is a file; JCZ wants one folder"
                ));
            }
            continue;
        }
        // The sizes an archive states may lie: read at most what is left of the limit.
        let mut data = Vec::new();
        let left = MAX_UNPACKED_BYTES - total;
        (&mut entry)
            .take(left + 1)
            .read_to_end(&mut data)
            .map_err(|e| format!("`{name}`: {e}"))?;
        total += data.len() as u64;
        if total > MAX_UNPACKED_BYTES {
            return Err(format!("the add-on unpacks to more than {MAX_UNPACKED_BYTES} bytes"));
        }
        if data.len() as u64 != entry.size() {
            return Err(format!(
                "the entry `{name}` says it holds {} bytes and holds {}; the archive is damaged (make it again)",
                entry.size(),
                data.len()
            ));
        }
        files.insert(rest.to_owned(), data);
    }
    match roots.as_slice() {
        [id] => Ok(Unpacked { id: id.clone(), files }),
        [] => Err("the archive is empty".into()),
        _ => Err(format!(
            "the archive has {} entries at its root ({}); JCZ wants exactly one folder",
            roots.len(),
            roots.join(", ")
        )),
    }
}

/// The number of entries the archive's end record says its directory lists, when it says
/// (not in a Zip64 archive, whose record says `0xFFFF`).
fn listed_entries(bytes: &[u8]) -> Option<usize> {
    // The end record is 22 bytes and a comment of at most 65,535 follows it.
    let from = bytes.len().saturating_sub(22 + 65_535);
    let at = from + bytes[from..].windows(4).rposition(|w| w == b"PK\x05\x06")?;
    let total = bytes.get(at + 10..at + 12)?;
    let total = u16::from_le_bytes([total[0], total[1]]);
    (total != u16::MAX).then_some(usize::from(total))
}
