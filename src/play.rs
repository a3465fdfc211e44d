//! `simulate` and `replay`: choosing the data a game needs (through the engine's `Selection`) and
//! printing results.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use tilewright_engine::bots::Policy;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::files;
use tilewright_engine::game::{Game, GameDef, colour};
use tilewright_engine::limits::MAX_PLAYERS;
use tilewright_engine::model::{RuleSet, resolve};
use tilewright_engine::record_file::RecordFile;
use tilewright_engine::schema::FileKind;
use tilewright_engine::selection::{Hint, Selection, SelectionError};
use tilewright_engine::simulate::{self, MAX_THREADS, Plan, Progress, Summary, Table};
use tilewright_engine::validate::files_defining;

use crate::played::{self, Changed, Run};
use crate::{escape, fail, progress, say_json};

/// What a game is played with: the options every command that plays shares.
#[derive(Debug, Args)]
pub struct PlayedWith {
    /// Tile sets and expansions to play with: bundled ids (`base`, `base@first-edition`,
    /// `abbey-and-mayor`, `hills-and-sheep`, `inns-and-cathedrals`, `traders-and-builders`;
    /// `tilewright list` names them all) or paths of files and folders. An argument is a
    /// path only when it contains a `/` or ends in `.toml` (write `./base` for a folder named
    /// `base`); anything else is an id.
    #[arg(long, num_args = 1.., default_values = ["base"])]
    pub tilesets: Vec<String>,
    /// Rule set: a bundled id (`first-edition`, `new-edition`, `farms-2000`) or the path of a
    /// rule-set file (a path contains a `/` or ends in `.toml`).
    #[arg(long, default_value = "new-edition")]
    pub rules: String,
}

/// What games to play and how many: the options `simulate` and `balance` share.
#[derive(Debug, Args)]
pub struct GameArgs {
    #[command(flatten)]
    with: PlayedWith,
    /// Number of players (2 to 6).
    #[arg(long, default_value_t = 2, value_parser = parse_players)]
    players: u8,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game; game `i` uses `seed + i`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on, 1 to 16 (more is refused); 0: one per core (at most 16).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS as i64))]
    threads: u16,
    /// How every seat plays: `random` (a uniform random legal choice), `greedy` (the choice
    /// with the most points at once) or a search as good players would choose: `mcts:N` (N
    /// playouts per choice), `mcts:500ms` (time per choice), options as `tournament` takes them.
    #[arg(long, default_value = "random")]
    pub policy: Policy,
}

impl GameArgs {
    /// The tile sets asked for.
    pub fn tilesets(&self) -> &[String] {
        &self.with.tilesets
    }

    /// The rule set asked for.
    pub fn rules(&self) -> &str {
        &self.with.rules
    }

    /// The games asked for, on the threads [`threads`] gives.
    pub fn plan(&self) -> Plan {
        Plan {
            players: self.players,
            games: self.games,
            seed: self.seed,
            threads: threads(self.threads),
            policy: self.policy,
        }
    }

    /// The arguments that say what these games are, as the command line takes them again
    /// (without the threads, which change no figure).
    pub fn arguments(&self) -> Vec<String> {
        let mut out = vec!["--tilesets".to_owned()];
        out.extend(self.with.tilesets.iter().cloned());
        out.extend(["--rules".to_owned(), self.with.rules.clone()]);
        for (flag, value) in [
            ("--players", self.players.to_string()),
            ("--games", self.games.to_string()),
            ("--seed", self.seed.to_string()),
            ("--policy", self.policy.to_string()),
        ] {
            out.extend([flag.to_owned(), value]);
        }
        out
    }

    /// The game definition of `tilesets` under `rules`, or the message saying why not.
    pub fn def_of(tilesets: &[String], rules: &str) -> Result<Prepared, String> {
        load_def(&Selection::from_args(tilesets, rules), &[])
    }

    /// The game of `tilesets` under the rule set `rules`, which may be an id that a file named
    /// by this run's own arguments defines (the ids the run printed).
    pub fn def_under(&self, rules: &str) -> Result<Prepared, String> {
        let selection = Selection::from_args(&self.with.tilesets, rules);
        let own = Selection::from_args(&self.with.tilesets, &self.with.rules);
        let named: Vec<PathBuf> = own.paths().map(Path::to_path_buf).collect();
        load_def(&selection, &named)
    }

    /// The game definition asked for.
    pub fn def(&self) -> Result<Prepared, String> {
        GameArgs::def_of(&self.with.tilesets, &self.with.rules)
    }

    /// What the run plays, for [`played`].
    pub fn run(&self) -> Run {
        self.run_on(threads(self.threads))
    }

    /// What the run plays, played on `threads` threads.
    pub fn run_on(&self, threads: usize) -> Run {
        Run::Simulate {
            players: self.players,
            seed: self.seed,
            games: self.games,
            threads,
        }
    }
}

/// A game definition, and the files read to make it.
pub struct Prepared {
    /// The game definition.
    pub def: Arc<GameDef>,
    /// Every file read from disk for it ([`tilewright_engine::selection::Resolved::read`]).
    pub read: Vec<PathBuf>,
    /// The ids each tile-set argument stands for
    /// ([`tilewright_engine::selection::Resolved::named_ids`]).
    pub named_ids: Vec<Vec<String>>,
    /// The rule values that differ from the rule set its rules extend.
    pub changed: Vec<Changed>,
    /// The files it was built from (the files given, then the bundled ones), for what a
    /// report shows of them (tile pictures).
    pub catalog: Catalog,
}

/// Refuses, before any game is played, an output file given as `flag PATH` that could not be
/// written at the end or is one of the files the run reads (`read`).
pub(crate) fn check_output(flag: &str, path: Option<&Path>, read: &[PathBuf]) -> Result<(), String> {
    match path {
        Some(path) => files::check_output(path, read).map_err(|e| format!("{flag} {}: {e}", path.display())),
        None => Ok(()),
    }
}

/// Options of `simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Save the record of the first game to this file (JSON); with `--games 0`, none is
    /// written.
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

/// Most of the files' warnings printed before a game; `validate` lists them all.
const MAX_WARNINGS_SHOWN: usize = 5;

/// Loads what `selection` names (with the files and folders `data`) and sets up its game,
/// printing what validation warned of on standard error, or says why it cannot be played.
pub(crate) fn load_def(selection: &Selection, data: &[PathBuf]) -> Result<Prepared, String> {
    let resolved = selection.load(data).map_err(selection_message)?;
    for warning in resolved.warnings.iter().take(MAX_WARNINGS_SHOWN) {
        say_err!("{}", escape::line(&warning.to_string()));
    }
    if let Some(more) = resolved
        .warnings
        .len()
        .checked_sub(MAX_WARNINGS_SHOWN)
        .filter(|&n| n > 0)
    {
        say_err!("and {more} more warning(s): `tilewright validate` lists them");
    }
    let def = resolved.game_def().map(Arc::new).map_err(|e| e.to_string())?;
    // The rule set extended, resolved among the same files.
    let known: Vec<&RuleSet> = resolved.catalog.rulesets.iter().map(|r| &r.model).collect();
    let extended = def.rules().extends.first().and_then(|id| resolve(id, &known).ok());
    let changed = extended.map_or_else(Vec::new, |extended| played::changed(def.rules(), &extended));
    Ok(Prepared {
        def,
        read: resolved.read,
        named_ids: resolved.named_ids,
        changed,
        catalog: resolved.catalog,
    })
}

/// The message of a selection error: the engine's, with how to fix it on the command line.
pub(crate) fn selection_message(error: SelectionError) -> String {
    match error {
        SelectionError::Invalid { errors, first } => {
            format!("the data has {errors} error(s); run `tilewright validate`. First: {first}")
        }
        SelectionError::Unknown {
            hint: Hint::Record,
            ref id,
            ..
        } => {
            // The engine's hint ends "...hold it)"; the command line says how to give them.
            let text = error.to_string();
            let here = defined_here(id)
                .map(|path| format!(": {path} here does"))
                .unwrap_or_default();
            format!("{} with `--data PATH`{here})", text.strip_suffix(')').unwrap_or(&text))
        }
        SelectionError::Unknown {
            hint: Hint::None,
            ref id,
            ..
        } => match defined_here(id) {
            Some(path) => format!("{error} ({path} here defines it: name it by that path)"),
            None => error.to_string(),
        },
        SelectionError::WrongKind { name, folder, is, .. } => {
            let flag = if is == FileKind::RuleSet {
                "--rules"
            } else {
                "--tilesets"
            };
            let what = if folder { "holds" } else { "is" };
            let article = if folder { "" } else { "a " };
            let plural = if folder { "s" } else { "" };
            format!("`{name}` {what} {article}{}{plural}: pass it with `{flag}`", is.noun())
        }
        error => error.to_string(),
    }
}

/// How deep under the current folder, and among how many `.toml` files, a file defining an
/// unknown id is looked for.
const LOOK_HERE: (usize, usize) = (4, 500);

/// The first data file under the current folder that defines `id`, as a path to type, quoted:
/// where an id the files named do not define likely lives.
fn defined_here(id: &str) -> Option<String> {
    let found = files_defining(Path::new("."), id, LOOK_HERE.0, LOOK_HERE.1);
    let path = found.first()?;
    let shown = path.strip_prefix(".").unwrap_or(path).display().to_string();
    Some(format!("`{}`", escape::line(&shown)))
}

/// `--players`: a count a game can seat, checked with the other arguments so that a wrong one
/// is a usage error (exit 2) like any other.
pub fn parse_players(text: &str) -> Result<u8, String> {
    let range = 2..=MAX_PLAYERS;
    match text.trim().parse::<usize>() {
        Ok(n) if range.contains(&n) => Ok(n as u8),
        _ => Err(format!(
            "a game has {} to {} players, not {text}",
            range.start(),
            range.end()
        )),
    }
}

/// The threads `--threads` asks for: 0 is one per core, at most [`MAX_THREADS`].
pub(crate) fn threads(asked: u16) -> usize {
    match asked {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => usize::from(n),
    }
    .min(MAX_THREADS)
}

/// Runs `simulate`.
pub fn simulate(args: SimulateArgs) -> ExitCode {
    let progress = progress::stopped_by_ctrl_c();
    let Prepared { def, read, changed, .. } = match args.game.def() {
        Ok(prepared) => prepared,
        Err(e) => return fail(e),
    };
    if let Err(e) = check_output("--record", args.record.as_deref(), &read) {
        return fail(e);
    }
    let game = &args.game;
    match &args.record {
        // No game is played, so there is no first game to record.
        Some(path) if game.games == 0 => say_err!(
            "note: --games 0 plays no game, so no record is written to {}",
            escape::path(path)
        ),
        Some(path) => {
            if let Err(e) = record_first_game(&def, game, path, &progress) {
                return fail(e);
            }
        }
        None => {}
    }
    let empty_pile = def.pile().is_empty();
    let run = game.run();
    if !args.json {
        for line in played::lines(&def, &changed, &run) {
            say!("{line}");
        }
    }
    let mut played = played::json(&def, &changed, &run);
    if let Some(object) = played.as_object_mut() {
        object.insert("policy".into(), game.policy.to_string().into());
    }
    let summary = progress::show(game.games, &progress, || {
        simulate::run_watched(def, &game.plan(), &progress)
    });
    let summary = match summary {
        Ok(summary) => summary,
        Err(e) => return fail(e),
    };
    if args.json {
        let mut json = serde_json::to_value(&summary).unwrap_or_default();
        if let Some(object) = json.as_object_mut() {
            object.insert("played".into(), played);
        }
        say_json(&json);
    } else {
        print_summary(&summary, game.policy, empty_pile);
    }
    if summary.stopped {
        ExitCode::from(progress::STOPPED)
    } else {
        ExitCode::SUCCESS
    }
}

/// Plays the first game again and saves its record to `path`.
fn record_first_game(def: &Arc<GameDef>, args: &GameArgs, path: &Path, progress: &Progress) -> Result<(), String> {
    let mut table = Table::new(Arc::clone(def), args.players, args.policy, ())
        .map_err(|e| e.to_string())?
        .stopped_by(progress.stop_flag());
    table.play(args.seed);
    let game = &table.game;
    let text = serde_json::to_string_pretty(&game.record()).unwrap_or_default() + "\n";
    files::write_atomically(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Prints the summary as text; what was not measured (no game, no turn) is said, not shown
/// as a zero.
fn print_summary(summary: &Summary, policy: Policy, empty_pile: bool) {
    let stopped = if summary.stopped {
        format!(" of {} asked (stopped by Ctrl-C)", summary.games_asked)
    } else {
        String::new()
    };
    say!(
        "games: {}{stopped} in {:.2} s on {} thread(s), every seat played {policy}",
        summary.games,
        summary.elapsed.as_secs_f64(),
        summary.threads
    );
    if summary.games == 0 {
        say!("no game was played, so there are no times or scores");
        return;
    }
    say!("games/s: {:.0}", summary.games_per_second);
    match summary.micros_per_turn {
        Some(micros) => say!("µs per turn: {micros:.3}"),
        None if empty_pile => say!("no turn was played (the pile is empty), so there is no time per turn"),
        None => say!("no turn was played (no tile of the pile fits the table), so there is no time per turn"),
    }
    if let Some(placements) = summary.placements_per_turn {
        say!(
            "legal placements per turn: {placements:.2} (one turn in {})",
            simulate::PLACEMENTS_SAMPLE_EVERY
        );
    }
    for (p, mean) in summary.mean_scores.iter().enumerate() {
        say!("mean score of {}: {mean:.2}", colour(p as u8));
    }
    if let Some(total) = summary.mean_total_score {
        say!("mean total score: {total:.2}");
    }
}

/// Runs `replay`.
pub fn replay(args: ReplayArgs) -> ExitCode {
    let file = match RecordFile::read(&args.record) {
        Ok(file) => file,
        Err(e) => return fail(e),
    };
    let record = &file.record;
    let (def, changed) = match load_def(&Selection::from_record(record), &args.data) {
        Ok(prepared) => (prepared.def, prepared.changed),
        Err(e) => return fail(e),
    };
    let run = Run::Replay {
        players: record.players,
        seed: record.seed,
        actions: record.actions.len(),
    };
    if !args.json {
        for line in played::lines(&def, &changed, &run) {
            say!("{line}");
        }
    }
    let played = played::json(&def, &changed, &run);
    // A record saved mid-game replays as far as it goes, and says where it stopped.
    match record.replay_so_far(def) {
        Ok(game) => {
            let complete = game.is_over();
            if args.json {
                say_json(&serde_json::json!({ "played": played, "scores": game.scores(), "complete": complete }));
            } else {
                if !complete {
                    say!("{}", stopped_at(&game));
                }
                for (p, score) in game.scores().iter().enumerate() {
                    say!("{}: {score}", colour(p as u8));
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(file.refused(&e)),
    }
}

/// Where a record that ends before the game does stops: after how many actions, with how many
/// tiles left and whose move is next.
fn stopped_at(game: &Game) -> String {
    let next = game
        .to_move()
        .map_or_else(String::new, |p| format!(", {} to move", colour(p)));
    format!(
        "the record stops before the game ends: after {} actions, {} tiles left in the pile{next}; scores so far:",
        game.history().len(),
        game.pile_len()
    )
}
