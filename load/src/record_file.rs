//! Game record files: read within [`MAX_RECORD_BYTES`], and what replaying one refuses said
//! at its place in the file.

use std::path::{Path, PathBuf};

use crate::files;
use crate::game::{GameRecord, MAX_RECORD_BYTES, RecordPlaces, ReplayError};
use crate::source::Source;

/// A record read from its file, with its text kept to locate what a replay refuses.
#[derive(Debug, Clone)]
pub struct RecordFile {
    /// The record.
    pub record: GameRecord,
    source: Source,
    places: RecordPlaces,
}

impl RecordFile {
    /// Reads the record at `path`: a regular file of at most [`MAX_RECORD_BYTES`], holding a
    /// record's JSON. `Err` is the problem, starting with the path (and its line and column
    /// where it has one).
    pub fn read(path: &Path) -> Result<RecordFile, String> {
        let bytes =
            files::read_capped(path, MAX_RECORD_BYTES).map_err(|e| format!("the record {} {e}", path.display()))?;
        let record = GameRecord::from_json(&bytes).map_err(|e| e.in_file(path))?;
        let places = RecordPlaces::of(&bytes);
        let text = String::from_utf8(bytes).unwrap_or_default();
        Ok(RecordFile {
            record,
            source: Source::new(path, text),
            places,
        })
    }

    /// The file the record was read from.
    pub fn path(&self) -> &PathBuf {
        &self.source.path
    }

    /// `error` as `path:line:column: message (help: ...)`, at the part of the record it
    /// refuses.
    pub fn refused(&self, error: &ReplayError) -> String {
        let path = self.source.path.display();
        let place = match error.offset(&self.places) {
            Some(offset) => {
                let (line, column) = self.source.line_col(offset);
                format!("{path}:{line}:{column}")
            }
            None => path.to_string(),
        };
        format!("{place}: {error} (help: {})", error.help())
    }
}
