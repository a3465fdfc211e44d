//! `simulate` and `replay`: loading the data a game needs and printing results.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use tilewright_engine::Catalog;
use tilewright_engine::catalog::Loaded;
use tilewright_engine::files;
use tilewright_engine::game::{GameDef, GameRecord, MAX_RECORD_BYTES, Rng, colour};
use tilewright_engine::simulate::{self, MAX_THREADS, Scratch, Summary, play_out, policy_seed};
use tilewright_engine::validate::validate_paths;

use crate::fail;

/// Options of `simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Tile sets and expansions to play with: bundled ids (`base`, `base@first-edition`,
    /// `abbey-and-mayor`, `hills-and-sheep`) or paths of files and folders. An argument is a
    /// path only when it contains a `/` or ends in `.toml` (write `./base` for a folder named
    /// `base`); anything else is an id.
    #[arg(long, num_args = 1.., default_values = ["base"])]
    tilesets: Vec<String>,
    /// Rule set: a bundled id (`first-edition`, `new-edition`, `farms-2000`) or the path of a
    /// rule-set file (a path contains a `/` or ends in `.toml`).
    #[arg(long, default_value = "new-edition")]
    rules: String,
    /// Number of players (2 to 6).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game; game `i` uses `seed + i`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on, 1 to 16 (more is refused).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    threads: u16,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Save the record of the first game to this file (JSON).
    #[arg(long)]
    record: Option<PathBuf>,
}

/// Options of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game record (JSON, as written by `simulate --record`; at most 16 MiB).
    record: PathBuf,
    /// Tile-set and rule-set files or folders the record needs beyond the bundled ones.
    #[arg(long, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Print the scores as JSON.
    #[arg(long)]
    json: bool,
}

/// A tile-set or rule-set argument: an id (of a bundled file or of a file named elsewhere) or
/// the path of files.
enum Spec<'a> {
    Id(&'a str),
    Path(&'a Path),
}

impl<'a> Spec<'a> {
    /// The id-vs-path rule: an argument is a path only when it contains a path separator or
    /// ends in `.toml`; anything else is an id, even when a file or folder of that name exists,
    /// so a folder named `base` where the command runs cannot stand in for the bundled tile set.
    fn of(arg: &'a str) -> Spec<'a> {
        let separator = arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR);
        if separator || arg.ends_with(".toml") {
            Spec::Path(Path::new(arg))
        } else {
            Spec::Id(arg)
        }
    }

    fn path(&self) -> Option<&'a Path> {
        match *self {
            Spec::Path(path) => Some(path),
            Spec::Id(_) => None,
        }
    }
}

/// The files named on the command line, validated, each checked once however often (and
/// however spelled: `a.toml`, `./a.toml`) it was named.
struct Data {
    /// What the files hold, without the bundled files.
    loaded: Catalog,
    /// Each distinct file or folder: what identifies it, and the path it was validated under.
    paths: Vec<(PathBuf, PathBuf)>,
}

impl Data {
    fn load<'p>(paths: impl IntoIterator<Item = &'p Path>) -> Result<Data, String> {
        let mut unique: Vec<(PathBuf, PathBuf)> = Vec::new();
        for path in paths {
            let identity = path.canonicalize().unwrap_or_else(|_| path.to_owned());
            if !unique.iter().any(|(known, _)| *known == identity) {
                unique.push((identity, path.to_owned()));
            }
        }
        let spelled: Vec<PathBuf> = unique.iter().map(|(_, path)| path.clone()).collect();
        let report = validate_paths(&spelled);
        if report.errors() > 0 {
            let first = report
                .diagnostics
                .iter()
                .find(|d| d.is_error())
                .map(ToString::to_string)
                .unwrap_or_default();
            return Err(format!(
                "the data has {} error(s); run `tilewright validate`. First: {first}",
                report.errors()
            ));
        }
        Ok(Data {
            loaded: report.catalog,
            paths: unique,
        })
    }

    /// The ids of the documents among `docs` that were read from `path` (a file, or a folder
    /// they are in).
    fn ids_from<T, R>(&self, docs: &[Loaded<T, R>], id: fn(&T) -> &str, path: &Path) -> Vec<String> {
        let identity = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        let Some((_, spelled)) = self.paths.iter().find(|(known, _)| *known == identity) else {
            return Vec::new();
        };
        docs.iter()
            .filter(|d| d.source.path.starts_with(spelled))
            .map(|d| id(&d.model).to_owned())
            .collect()
    }
}

/// What a game is played with: every file it may use, and the ids chosen among them.
struct Choice {
    catalog: Catalog,
    tilesets: Vec<String>,
    rules: String,
}

/// Loads the files among `tilesets` and `rules` that are paths and resolves every argument
/// to ids that exist, or says plainly what is wrong.
fn choose(tilesets: &[String], rules: &str) -> Result<Choice, String> {
    let specs: Vec<Spec<'_>> = tilesets.iter().map(|arg| Spec::of(arg)).collect();
    let rules = Spec::of(rules);
    let data = Data::load(specs.iter().chain([&rules]).filter_map(Spec::path))?;
    let mut ids: Vec<String> = Vec::new();
    for spec in &specs {
        let found = match *spec {
            Spec::Id(id) => vec![id.to_owned()],
            Spec::Path(path) => {
                let mut found = data.ids_from(&data.loaded.tilesets, |t| &t.id, path);
                found.extend(data.ids_from(&data.loaded.expansions, |e| &e.id, path));
                if found.is_empty() {
                    return Err(format!("{} holds no tile set or expansion", path.display()));
                }
                found
            }
        };
        // A set named twice is played once.
        for id in found {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    let rules = match rules {
        Spec::Id(id) => id.to_owned(),
        Spec::Path(path) => one_rule_set(data.ids_from(&data.loaded.rulesets, |r| &r.id, path), path)?,
    };
    let catalog = data.loaded.with_bundled();
    for id in &ids {
        known_set(&catalog, id, Hint::Path)?;
    }
    known_rules(&catalog, &rules, Hint::Path)?;
    Ok(Choice {
        catalog,
        tilesets: ids,
        rules,
    })
}

/// The one rule set read from `path`.
fn one_rule_set(mut found: Vec<String>, path: &Path) -> Result<String, String> {
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "{} holds no rule set; give the path of a rule-set file or a bundled id ({})",
            path.display(),
            bundled_rule_sets().join(", ")
        )),
        n => Err(format!(
            "{} holds {n} rule sets ({}); give the path of the one to play",
            path.display(),
            found.join(", ")
        )),
    }
}

/// The ids of the bundled rule sets.
fn bundled_rule_sets() -> Vec<&'static str> {
    tilewright_engine::bundled::catalog()
        .rulesets
        .iter()
        .map(|r| r.model.id.as_str())
        .collect()
}

/// Checks that the tile set or expansion `spec` (`id` or `id@edition`) is in the catalog.
fn known_set(catalog: &Catalog, spec: &str, hint: Hint) -> Result<(), String> {
    let id = spec.split_once('@').map_or(spec, |(id, _)| id);
    let sets = catalog.tilesets.iter().map(|t| t.model.id.as_str());
    let known: Vec<&str> = sets
        .chain(catalog.expansions.iter().map(|e| e.model.id.as_str()))
        .collect();
    if known.contains(&id) {
        return Ok(());
    }
    Err(unknown("tile set or expansion", id, &known, hint))
}

/// Checks that the rule set `id` is in the catalog.
fn known_rules(catalog: &Catalog, id: &str, hint: Hint) -> Result<(), String> {
    let known: Vec<&str> = catalog.rulesets.iter().map(|r| r.model.id.as_str()).collect();
    if known.contains(&id) {
        return Ok(());
    }
    Err(unknown("rule set", id, &known, hint))
}

/// What an unknown id most likely means, and so how to fix it.
#[derive(Clone, Copy)]
enum Hint {
    /// The id came from the command line: it may be a file or folder named without `./`.
    Path,
    /// The id came from a game record: the files that define it were not given.
    Data,
}

/// There is no `what` with this id: says which there are, and how to fix it.
fn unknown(what: &str, id: &str, known: &[&str], hint: Hint) -> String {
    let mut message = format!("there is no {what} `{id}`; the ones known are: {}", known.join(", "));
    match hint {
        Hint::Path if Path::new(id).exists() => {
            message.push_str(&format!(" (to read the file or folder `{id}`, write `./{id}`)"));
        }
        Hint::Path => {}
        Hint::Data => message
            .push_str(" (the record was played with it: name the files or folders that hold it with `--data PATH`)"),
    }
    message
}

/// Runs `simulate`.
pub fn simulate(args: SimulateArgs) -> ExitCode {
    let choice = match choose(&args.tilesets, &args.rules) {
        Ok(choice) => choice,
        Err(e) => return fail(e),
    };
    let def = match GameDef::from_catalog(&choice.catalog, &choice.tilesets, &choice.rules) {
        Ok(def) => Arc::new(def),
        Err(e) => return fail(e),
    };
    if let Some(path) = &args.record
        && let Err(e) = record_first_game(&def, &args, path)
    {
        return fail(e);
    }
    match simulate::run(def, args.players, args.games, args.seed, usize::from(args.threads)) {
        Ok(summary) if args.json => say!("{}", serde_json::to_string(&summary).unwrap_or_default()),
        Ok(summary) => print_summary(&summary),
        Err(e) => return fail(e),
    }
    ExitCode::SUCCESS
}

/// Plays the first game again and saves its record to `path`.
fn record_first_game(def: &Arc<GameDef>, args: &SimulateArgs, path: &Path) -> Result<(), String> {
    let mut game =
        tilewright_engine::game::Game::new(Arc::clone(def), args.players, args.seed).map_err(|e| e.to_string())?;
    play_out(
        &mut game,
        &mut Rng::new(policy_seed(args.seed)),
        &mut Scratch::default(),
    );
    let text = serde_json::to_string_pretty(&game.record()).unwrap_or_default() + "\n";
    files::write_atomically(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Prints the summary as text; what was not measured (no game, no turn) is said, not shown
/// as a zero.
fn print_summary(summary: &Summary) {
    say!(
        "games: {} in {:.2} s on {} thread(s)",
        summary.games,
        summary.elapsed.as_secs_f64(),
        summary.threads
    );
    if summary.games == 0 {
        say!("no game was played, so there are no times or scores");
        return;
    }
    say!("games/s: {:.0}", summary.games_per_second);
    match (summary.micros_per_turn, summary.placements_per_turn) {
        (Some(micros), Some(placements)) => {
            say!("µs per turn: {micros:.3}");
            say!("legal placements per turn: {placements:.2}");
        }
        _ => say!("no turn was played (the pile is empty), so there is no time per turn"),
    }
    for (p, mean) in summary.mean_scores.iter().enumerate() {
        say!("mean score of {}: {mean:.2}", colour(p as u8));
    }
    if let Some(total) = summary.mean_total_score {
        say!("mean total score: {total:.2}");
    }
}

/// Reads a game record: a regular file of at most [`MAX_RECORD_BYTES`], holding JSON.
fn read_record(path: &Path) -> Result<GameRecord, String> {
    let bytes = files::read_capped(path, MAX_RECORD_BYTES).map_err(|e| format!("the record {} {e}", path.display()))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| format!("{}:{}:{}: not a game record: {e}", path.display(), e.line(), e.column()))
}

/// Runs `replay`.
pub fn replay(args: ReplayArgs) -> ExitCode {
    let record = match read_record(&args.record) {
        Ok(record) => record,
        Err(e) => return fail(e),
    };
    let catalog = match Data::load(args.data.iter().map(PathBuf::as_path)) {
        Ok(data) => data.loaded.with_bundled(),
        Err(e) => return fail(e),
    };
    let files = record.files();
    let known = files
        .iter()
        .try_for_each(|spec| known_set(&catalog, spec, Hint::Data))
        .and_then(|()| known_rules(&catalog, &record.rules, Hint::Data));
    if let Err(e) = known {
        return fail(e);
    }
    let def = match GameDef::from_catalog(&catalog, &files, &record.rules) {
        Ok(def) => Arc::new(def),
        Err(e) => return fail(e),
    };
    match record.replay(def) {
        Ok(game) => {
            if args.json {
                say!("{}", serde_json::json!({ "scores": game.scores() }));
            } else {
                for (p, score) in game.scores().iter().enumerate() {
                    say!("{}: {score}", colour(p as u8));
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
