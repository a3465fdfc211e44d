//! Game record files: read within [`MAX_RECORD_BYTES`], and what replaying one refuses said
//! at its place in the file.

use std::path::Path;

use crate::files;
use crate::game::{GameRecord, MAX_RECORD_BYTES, RecordPlaces, ReplayError};
use crate::source::Source;

/// A record read from its file, with its text kept to locate what a replay refuses.
#[derive(Debug, Clone)]
pub struct RecordFile {
    /// The record.
    pub record: GameRecord,
    source: Source,
}

impl RecordFile {
    /// Reads the record at `path`: a regular file of at most [`MAX_RECORD_BYTES`], holding a
    /// record's JSON. `Err` is the problem, starting with the path (and its line and column
    /// where it has one).
    pub fn read(path: &Path) -> Result<RecordFile, String> {
        let bytes =
            files::read_capped(path, MAX_RECORD_BYTES).map_err(|e| format!("the record {} {e}", path.display()))?;
        let record = GameRecord::from_json(&bytes).map_err(|e| e.in_file(path))?;
        let text = String::from_utf8(bytes).unwrap_or_default();
        Ok(RecordFile {
            record,
            source: Source::new(path, text),
        })
    }

    /// `error` as `path:line:column: message (help: ...)`, at the part of the record it
    /// refuses (the text is read for where its parts are only then).
    pub fn refused(&self, error: &ReplayError) -> String {
        let path = self.source.path.display();
        let place = match error.offset(&RecordPlaces::of(self.source.text.as_bytes())) {
            Some(offset) => {
                let (line, column) = self.source.line_col(offset);
                format!("{path}:{line}:{column}")
            }
            None => path.to_string(),
        };
        format!("{place}: {error} (help: {})", error.help())
    }
}
