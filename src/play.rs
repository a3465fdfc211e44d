//! `simulate` and `replay`: loading the data a game needs and printing results.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use tilewright_engine::Catalog;
use tilewright_engine::game::{GameDef, GameRecord, Rng, colour};
use tilewright_engine::simulate::{self, Scratch, play_out, policy_seed};
use tilewright_engine::validate::validate_paths;

/// Options of `simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Tile sets to play with: bundled ids (`base`, `base@first-edition`) or paths of tile-set
    /// files and folders.
    #[arg(long, num_args = 1.., default_values = ["base"])]
    tilesets: Vec<String>,
    /// Rule set: a bundled id (`first-edition`, `new-edition`, `farms-2000`) or a path.
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
    /// Threads to play on.
    #[arg(long, default_value_t = 1)]
    threads: usize,
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
    /// The game record (JSON, as written by `simulate --record`).
    record: PathBuf,
    /// Tile-set and rule-set files or folders the record needs beyond the bundled ones.
    #[arg(long, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Print the scores as JSON.
    #[arg(long)]
    json: bool,
}

/// Loads the files among `specs` that are paths, plus the bundled data; returns the catalog and
/// the specs with each path replaced by the ids of the tile sets or rule set it holds.
fn load(specs: &[String], extra: &[PathBuf]) -> Result<(Catalog, Vec<String>), String> {
    let paths: Vec<PathBuf> = specs
        .iter()
        .map(PathBuf::from)
        .filter(|p| p.exists())
        .chain(extra.iter().cloned())
        .collect();
    let report = validate_paths(&paths);
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
    let mut ids = Vec::new();
    for spec in specs {
        let path = Path::new(spec);
        if path.exists() {
            let found = report.catalog.ids().filter(|(file, _)| file.starts_with(path));
            ids.extend(found.map(|(_, id)| id.to_owned()));
        } else {
            ids.push(spec.clone());
        }
    }
    Ok((report.catalog.with_bundled(), ids))
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(1)
}

/// Runs `simulate`.
pub fn simulate(args: SimulateArgs) -> ExitCode {
    let mut specs = args.tilesets.clone();
    specs.push(args.rules.clone());
    let (catalog, mut ids) = match load(&specs, &[]) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let Some(rules) = ids.pop() else {
        return fail("no rule set given");
    };
    let def = match GameDef::from_catalog(&catalog, &ids, &rules) {
        Ok(def) => Arc::new(def),
        Err(e) => return fail(e),
    };
    if let Some(path) = &args.record {
        let mut game = match tilewright_engine::game::Game::new(Arc::clone(&def), args.players, args.seed) {
            Ok(game) => game,
            Err(e) => return fail(e),
        };
        play_out(
            &mut game,
            &mut Rng::new(policy_seed(args.seed)),
            &mut Scratch::default(),
        );
        let text = serde_json::to_string_pretty(&game.record()).unwrap_or_default() + "\n";
        if let Err(e) = crate::write_atomically(path, &text) {
            return fail(format!("cannot write {}: {e}", path.display()));
        }
    }
    let summary = match simulate::run(def, args.players, args.games, args.seed, args.threads) {
        Ok(summary) => summary,
        Err(e) => return fail(e),
    };
    if args.json {
        say!("{}", serde_json::to_string(&summary).unwrap_or_default());
    } else {
        say!(
            "games: {} in {:.2} s on {} thread(s)",
            summary.games,
            summary.elapsed.as_secs_f64(),
            args.threads.max(1)
        );
        say!("games/s: {:.0}", summary.games_per_second);
        say!("µs per turn: {:.3}", summary.micros_per_turn);
        say!("legal placements per turn: {:.2}", summary.placements_per_turn);
        for (p, mean) in summary.mean_scores.iter().enumerate() {
            say!("mean score of {}: {mean:.2}", colour(p as u8));
        }
        say!("mean total score: {:.2}", summary.mean_total_score);
    }
    ExitCode::SUCCESS
}

/// Runs `replay`.
pub fn replay(args: ReplayArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&args.record) {
        Ok(text) => text,
        Err(e) => return fail(format!("cannot read {}: {e}", args.record.display())),
    };
    let record: GameRecord = match serde_json::from_str(&text) {
        Ok(record) => record,
        Err(e) => {
            return fail(format!(
                "{}:{}:{}: not a game record: {e}",
                args.record.display(),
                e.line(),
                e.column()
            ));
        }
    };
    let (catalog, _) = match load(&[], &args.data) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let def = match GameDef::from_catalog(&catalog, &record.files(), &record.rules) {
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
