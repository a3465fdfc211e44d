//! Partial results of a balance run played in shards: one file per shard, holding the integer
//! sums its games add up to and the plan they belong to, so that the shards of a run played
//! on other machines merge into the report of the whole run.
//!
//! A partial is JSON, written atomically. Reading one is capped ([`MAX_PARTIAL_BYTES`]), and
//! what it holds that cannot be (another format or version, a plan that is not the run's, sums
//! no games could give) is said at its line and column.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::files;
use crate::rules::balance::{Impossible, Sums};
use crate::source::Source;

/// What the `format` of a partial says.
pub const FORMAT: &str = "tilewright-balance-partial";

/// The version of the format this program writes and reads. Version 2 holds every mechanism's
/// own counters in one list (`mechanisms.counters`, in the order the mechanisms declare them)
/// where version 1 named the barn's, the wagon's and the shepherd's.
pub const VERSION: u32 = 2;

/// The largest partial read: far beyond the sums of the largest game (a partial of the six
/// bundled sets compared with each other is some hundreds of KB).
pub const MAX_PARTIAL_BYTES: u64 = 64 << 20;

/// The most shards a run is split into.
pub const MAX_SHARDS: u64 = 100_000;

/// The largest number a partial's sums may hold: the sums of [`MAX_SHARDS`] partials then
/// stay within an `i64`, so that no merge can overflow whatever the files say. A shard would
/// have to play about two billion games to reach it.
pub const MAX_SUM: u64 = i64::MAX as u64 / MAX_SHARDS;

/// The most threads a shard says it played on.
pub const MAX_THREADS: usize = 1 << 16;

/// The longest a shard says it played, in seconds: about thirty years.
pub const MAX_SECONDS: f64 = 1e9;

/// One shard's partial result.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partial {
    /// [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The version of the program that played it: another version may play other games.
    pub tilewright: String,
    /// What the whole run plays, the same in each of its shards: the arguments that say it,
    /// and what was played (tile sets with their content hashes, rules and their values,
    /// players, seed, games, policy). Read by the command line that wrote it.
    pub plan: Value,
    /// Which shard this is, from 1 to `shards`.
    pub shard: u64,
    /// How many shards the run is split into.
    pub shards: u64,
    /// Threads the shard played on.
    pub threads: usize,
    /// Wall time of the shard's games, in seconds.
    pub seconds: f64,
    /// What its games add up to.
    pub sums: Sums,
}

/// A partial read from its file, with its text kept to locate what is wrong with it.
#[derive(Debug, Clone)]
pub struct PartialFile {
    /// The partial.
    pub partial: Partial,
    source: Source,
}

/// The first fields of a partial, read before the rest: another format or version is said as
/// such, not as the first field this version does not know.
#[derive(Deserialize)]
struct Header {
    format: Option<Value>,
    version: Option<Value>,
    tilewright: Option<Value>,
}

impl PartialFile {
    /// Reads the partial at `path`. `Err` is the problem, starting with the path (and its
    /// line and column where it has one), with what would fix it.
    pub fn read(path: &Path) -> Result<PartialFile, String> {
        let bytes = files::read_capped(path, MAX_PARTIAL_BYTES).map_err(|e| format!("{} {e}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            format!(
                "{}: byte {} is not UTF-8, so this is not a partial (help: give the files `balance --partial` wrote)",
                path.display(),
                e.utf8_error().valid_up_to()
            )
        })?;
        let source = Source::new(path, text);
        let located = |e: serde_json::Error, help: &str| {
            let problem = e.to_string();
            let problem = problem.split(" at line ").next().unwrap_or(&problem);
            format!(
                "{}:{}:{}: {problem} (help: {help})",
                path.display(),
                e.line(),
                e.column().max(1)
            )
        };
        let header: Header = serde_json::from_str(&source.text).map_err(|e| {
            let help = if e.is_eof() {
                "the file is cut short: copy it again from where its shard was played, or play the shard again"
            } else {
                "this is not a partial as `balance --partial` writes it: play the shard again"
            };
            located(e, help)
        })?;
        if header.format != Some(Value::from(FORMAT)) {
            return Err(locate(
                &source,
                "/format",
                &format!("this is not a partial of a balance run: its `format` is not \"{FORMAT}\""),
                "give the files `balance --partial` wrote",
            ));
        }
        if header.version != Some(Value::from(VERSION)) {
            let by = header
                .tilewright
                .as_ref()
                .and_then(Value::as_str)
                .map_or_else(String::new, |v| format!(" (written by tilewright {v})"));
            return Err(locate(
                &source,
                "/version",
                &format!("a partial of another version of the format{by}, where this program reads version {VERSION}"),
                "merge partials with the version of tilewright that played them",
            ));
        }
        let partial: Partial = serde_json::from_str(&source.text)
            .map_err(|e| located(e, "the partial was changed since it was written: play its shard again"))?;
        let file = PartialFile { partial, source };
        let p = &file.partial;
        if p.shards == 0 || p.shards > MAX_SHARDS {
            return Err(file.at(
                "/shards",
                &format!("a run is split into 1 to {MAX_SHARDS} shards, not {}", p.shards),
                "play the shard again",
            ));
        }
        if p.shard == 0 || p.shard > p.shards {
            return Err(file.at(
                "/shard",
                &format!(
                    "shard {} of {} does not exist: shards are numbered 1 to {}",
                    p.shard, p.shards, p.shards
                ),
                "play the shard again",
            ));
        }
        if !(0.0..=MAX_SECONDS).contains(&p.seconds) {
            return Err(file.at(
                "/seconds",
                &format!("a shard's time is a number of seconds from 0 to {MAX_SECONDS}"),
                "play the shard again",
            ));
        }
        if !(1..=MAX_THREADS).contains(&p.threads) {
            return Err(file.at(
                "/threads",
                &format!("a shard plays on 1 to {MAX_THREADS} threads"),
                "play the shard again",
            ));
        }
        // Read again as a tree (the file is at most MAX_PARTIAL_BYTES), to find a number past
        // MAX_SUM where it is.
        let tree: Value = serde_json::from_str(&file.source.text).unwrap_or_default();
        if let Some(pointer) = tree.get("sums").and_then(|sums| past_max_sum(sums, "/sums".to_owned())) {
            return Err(file.at(
                &pointer,
                &format!(
                    "`{}` is larger than {MAX_SUM}, more than a shard's games add up to (and more than {MAX_SHARDS} shards could be merged with)",
                    pointer.trim_start_matches('/').replace('/', ".")
                ),
                "the partial was changed or damaged since it was written: play its shard again",
            ));
        }
        Ok(file)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.source.path
    }

    /// `message` as `path:line:column: message (help: help)`, at the value of the partial that
    /// the JSON Pointer `pointer` names (or the nearest value above it that is there).
    pub fn at(&self, pointer: &str, message: &str, help: &str) -> String {
        locate(&self.source, pointer, message, help)
    }

    /// Sums that cannot be, said at their place in the file.
    pub fn impossible(&self, problem: &Impossible) -> String {
        let pointer = format!("/sums{}", problem.pointer);
        let field = if problem.pointer.is_empty() {
            "the sums".to_owned()
        } else {
            format!("`sums{}`", problem.pointer.replace('/', "."))
        };
        self.at(
            &pointer,
            &format!("{field} {}: no games give such sums", problem.message),
            "the partial was changed or damaged since it was written: play its shard again",
        )
    }
}

/// The JSON Pointer (below `at`) of the first sum in `value` whose size is past [`MAX_SUM`].
fn past_max_sum(value: &Value, at: String) -> Option<String> {
    match value {
        Value::Number(n) => {
            let within = match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => u <= MAX_SUM,
                (None, Some(i)) => i.unsigned_abs() <= MAX_SUM,
                (None, None) => n.as_f64().is_some_and(|f| f.abs() <= MAX_SUM as f64),
            };
            (!within).then_some(at)
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| past_max_sum(item, format!("{at}/{i}"))),
        // A least value (`placements_min`, u64::MAX when none) merges by its minimum.
        Value::Object(fields) => fields
            .iter()
            .filter(|(key, _)| !key.ends_with("_min"))
            .find_map(|(key, item)| past_max_sum(item, format!("{at}/{}", crate::source::escape_segment(key)))),
        _ => None,
    }
}

/// `message` at the value `pointer` names in `source` ([`PartialFile::at`]).
fn locate(source: &Source, pointer: &str, message: &str, help: &str) -> String {
    let path = source.path.display();
    let place = match offset_of(&source.text, pointer) {
        Some(offset) => {
            let (line, column) = source.line_col(offset);
            format!("{path}:{line}:{column}")
        }
        None => path.to_string(),
    };
    format!("{place}: {message} (help: {help})")
}

/// Writes `partial` to `path` atomically, as one line of JSON.
pub fn write(path: &Path, partial: &Partial) -> Result<(), String> {
    let mut text =
        serde_json::to_string(partial).map_err(|e| format!("cannot write the partial {}: {e}", path.display()))?;
    text.push('\n');
    files::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("cannot write the partial {}: {e}", path.display()))
}

/// The byte offset in the JSON `text` of the value at `pointer`, or of the nearest value above
/// it that is there; `None` where `text` is not JSON.
pub fn offset_of(text: &str, pointer: &str) -> Option<usize> {
    let mut value: &RawValue = serde_json::from_str(text).ok()?;
    for segment in pointer.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        let inner = value.get();
        let next: Option<&RawValue> = if inner.starts_with('{') {
            let map: std::collections::BTreeMap<String, &RawValue> = serde_json::from_str(inner).ok()?;
            map.get(&segment).copied()
        } else if inner.starts_with('[') {
            let items: Vec<&RawValue> = serde_json::from_str(inner).ok()?;
            segment.parse::<usize>().ok().and_then(|i| items.get(i).copied())
        } else {
            None
        };
        match next {
            Some(next) => value = next,
            None => break,
        }
    }
    // A raw value is a slice of `text`: its offset is how far into `text` it starts.
    Some(value.get().as_ptr() as usize - text.as_ptr() as usize)
}

/// The first place where two plans differ, as a JSON Pointer (`""`: the plans are of other
/// kinds); `None` when they are the same.
pub fn first_difference(a: &Value, b: &Value) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            for key in keys {
                match (x.get(key), y.get(key)) {
                    (Some(v), Some(w)) => {
                        if let Some(inner) = first_difference(v, w) {
                            return Some(format!("/{}{inner}", key.replace('~', "~0").replace('/', "~1")));
                        }
                    }
                    _ => return Some(format!("/{}", key.replace('~', "~0").replace('/', "~1"))),
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| first_difference(v, w).map(|inner| format!("/{i}{inner}"))),
        _ if a == b => None,
        _ => Some(String::new()),
    }
}

/// Reads the partials of `paths` one at a time, checks that each comes from the same run as
/// the first (the same version, shard count and plan) and is a shard not seen before, and
/// hands it to `each` (which adds it up), so that only one partial's text is held at a time.
/// Returns the first partial and the shards missing, or what is wrong, at its place.
pub fn gather(
    paths: &[PathBuf],
    mut each: impl FnMut(&PartialFile) -> Result<(), String>,
) -> Result<(PartialFile, Vec<u64>), String> {
    if paths.len() as u64 > MAX_SHARDS {
        return Err(format!(
            "{} partials given, where a run has at most {MAX_SHARDS} shards",
            paths.len()
        ));
    }
    let mut first: Option<PartialFile> = None;
    // The path of each shard read, by shard.
    let mut seen: std::collections::BTreeMap<u64, PathBuf> = std::collections::BTreeMap::new();
    for path in paths {
        let file = PartialFile::read(path)?;
        if let Some(first) = &first {
            same_run(first, &file)?;
        }
        if let Some(twin) = seen.get(&file.partial.shard) {
            return Err(file.at(
                "/shard",
                &format!(
                    "shard {} of {} is given twice: here and in {}",
                    file.partial.shard,
                    file.partial.shards,
                    twin.display()
                ),
                "give each shard's partial once",
            ));
        }
        seen.insert(file.partial.shard, path.clone());
        each(&file)?;
        if first.is_none() {
            first = Some(file);
        }
    }
    let first = first.ok_or("no partial was given")?;
    let missing = (1..=first.partial.shards).filter(|k| !seen.contains_key(k)).collect();
    Ok((first, missing))
}

/// Refuses `file` when it is not a shard of the same run as `first`.
fn same_run(first: &PartialFile, file: &PartialFile) -> Result<(), String> {
    let (p, q) = (&first.partial, &file.partial);
    if q.tilewright != p.tilewright {
        return Err(file.at(
            "/tilewright",
            &format!(
                "played by tilewright {}, where {} was played by tilewright {}",
                q.tilewright,
                first.path().display(),
                p.tilewright
            ),
            "play every shard of a run with one version",
        ));
    }
    if q.shards != p.shards {
        return Err(file.at(
            "/shards",
            &format!(
                "a shard of {} shards, where {} is of {}",
                q.shards,
                first.path().display(),
                p.shards
            ),
            "merge the shards of one run: every shard of a run is of the same count",
        ));
    }
    if let Some(pointer) = first_difference(&p.plan, &q.plan) {
        return Err(file.at(
            &format!("/plan{pointer}"),
            &format!(
                "a shard of another run than {}: their plans differ at `plan{}`",
                first.path().display(),
                pointer.replace('/', ".")
            ),
            "merge the shards of one run (the same arguments, files and version)",
        ));
    }
    Ok(())
}
