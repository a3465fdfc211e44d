//! `tilewright`: validate tile sets and rule sets, (re)generate their JSON Schemas, simulate
//! and replay games, draw tiles.

#![forbid(unsafe_code)]

/// Prints a line on standard output ([`output::write`]): a closed pipe (`tilewright ... | head`)
/// ends output quietly; any other failed write is said once and fails the run.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::emit(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints a line on standard error; a closed stream is ignored instead of panicking (as
/// `eprintln!` would), so the exit status still tells what happened.
macro_rules! say_err {
    ($($arg:tt)*) => {
        $crate::emit_err(&format!("{}\n", format_args!($($arg)*)))
    };
}

mod balance;
mod draw;
mod escape;
mod init;
mod jcz;
mod list;
mod output;
mod play;
mod played;
mod progress;
mod render;
mod scenario;
mod tournament;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use tilewright_engine::bundled;
use tilewright_engine::files;
use tilewright_engine::schema::FileKind;
use tilewright_engine::validate::validate_paths;

use render::Format;

/// Carcassonne tile sets, expansions and rule sets as data.
#[derive(Debug, Parser)]
#[command(name = "tilewright", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check tile sets, expansions and rule sets: TOML syntax, the JSON Schema, and the rules no
    /// schema can express. Exit status 0 when clean, 1 on errors, 2 on usage errors.
    Validate {
        /// Files and folders (searched recursively for Tilewright data files). Default: `.`.
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Treat warnings as errors (exit 1).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Play random games (uniform random legal placement, then a uniform random deployment or
    /// none) and report what was played, speed and mean scores.
    ///
    /// Tile sets and expansions (`tilewright list` names the bundled ones) are played together:
    /// one base game, any expansions. Ctrl-C stops after the games in play and reports those.
    #[command(after_help = "Examples:\n  \
        tilewright simulate --games 10000 --threads 0\n  \
        tilewright simulate --tilesets base abbey-and-mayor hills-and-sheep --players 4\n  \
        tilewright simulate --tilesets base@first-edition --rules farms-2000 --json")]
    Simulate(play::SimulateArgs),
    /// Play bots against each other on the same deals and report win rates and score
    /// differences with 95% intervals. Ctrl-C stops at once (searches included), leaves out
    /// the games in play and reports those finished.
    #[command(after_help = "Examples:\n  \
        tilewright tournament --bots mcts:1000,greedy,random --games 200 --threads 0\n  \
        tilewright tournament --bots mcts:500ms,greedy --players 2 --json\n  \
        tilewright tournament --bots mcts:1000,greedy,greedy,random --players 4 --games 40")]
    Tournament(tournament::TournamentArgs),
    /// Measure what tiles, feature kinds, figures and mechanisms do to the game over many
    /// games: per tile draws, discards, placements, deployments and points; per seat scores
    /// and win rates with 95% intervals; with `--compare-rules` or `--without`, the same
    /// seeds played both ways and each figure's difference.
    ///
    /// Ctrl-C stops after the games in play and reports those. A long run splits into shards
    /// played apart (`--shard K/N --partial FILE`) that `balance merge` puts back together.
    #[command(after_help = "Examples:\n  \
        tilewright balance --games 100000 --threads 0\n  \
        tilewright balance --tilesets base abbey-and-mayor --players 4 --json\n  \
        tilewright balance --compare-rules farms-2000\n  \
        tilewright balance --tilesets base hills-and-sheep --without hills-and-sheep\n  \
        tilewright balance --policy mcts:200 --games 20000 --shard 3/20 --partial partials/3.json\n  \
        tilewright balance merge partials/*.json --html report.html")]
    Balance(Box<balance::BalanceArgs>),
    /// Draw tiles as SVG pictures, from their data alone: one file per tile, named after its
    /// id.
    #[command(after_help = "Examples:\n  \
        tilewright draw base --out pictures\n  \
        tilewright draw abbey-and-mayor AM/C++ --out pictures --size 512\n  \
        tilewright draw ./my-tiles.toml --out pictures")]
    Draw(draw::DrawArgs),
    /// Replay a game record: say what it was played with, then its final scores; fails if they
    /// differ from the record's.
    Replay(play::ReplayArgs),
    /// List tile sets (with their editions), expansions and rule sets by the ids the other
    /// commands take: those of the files and folders named, each with the file it lives in,
    /// then the bundled ones.
    List {
        /// Files and folders of your own to list (validated as `validate` reads them).
        paths: Vec<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play rules scenarios and print `ok NAME` or what differs for each. Exit status 0 when all
    /// pass, 1 if any fails, 2 on usage errors.
    Scenario(scenario::ScenarioArgs),
    /// Start a repository of your own tile sets: the schemas, a sample tile set, expansion,
    /// house rule and rules scenario, editor settings that tie the files to the schemas, a CI
    /// workflow, pre-commit hooks and a README. Writes nothing if any of those files exists (exit 1).
    Init {
        /// The repository's folder (made if missing).
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// How the workflows install tilewright: a version published on PyPI (`0.1.0`), or
        /// `git+https://HOST/PATH@REVISION` built with cargo. Default: the git repository and
        /// commit this tilewright was built from when it was built from a clone of an
        /// `https://` remote, otherwise this version from PyPI.
        #[arg(long, value_parser = parse_install)]
        install: Option<String>,
    },
    /// Write tile sets in another program's format.
    #[command(
        subcommand,
        after_help = "Examples:\n  \
        tilewright export jcz --tilesets ./my-tiles.toml --out my-tiles.jca\n  \
        tilewright export jcz --tilesets base hills-and-sheep --id my-mix --out my-mix.jca"
    )]
    Export(jcz::ExportCommand),
    /// Read another program's tile definitions as tile sets.
    #[command(
        subcommand,
        after_help = "Examples:\n  \
        tilewright import jcz basic.xml --out imported/\n  \
        tilewright import jcz my-tiles.jca --out imported/"
    )]
    Import(jcz::ImportCommand),
    /// Regenerate the JSON Schemas from the data model, or check the committed ones are current.
    Schema {
        /// Write the schemas into the folder.
        #[arg(long, conflicts_with = "check")]
        write: bool,
        /// Fail (exit 1) if the committed schemas differ from the generated ones.
        #[arg(long)]
        check: bool,
        /// The schemas folder.
        #[arg(long, default_value = "schemas")]
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    let code = match Cli::try_parse() {
        Ok(cli) => run(cli.command),
        Err(e) => usage(&e),
    };
    output::status(code)
}

/// `init --install`, checked before anything is written.
fn parse_install(text: &str) -> Result<String, String> {
    tilewright_engine::template::check_install(text).map(|()| text.to_owned())
}

/// Runs a command; its exit status.
fn run(command: Command) -> ExitCode {
    match command {
        Command::Validate {
            paths,
            format,
            deny_warnings,
        } => validate(paths, format, deny_warnings),
        Command::Schema { write, check, dir } => schema(write, check, &dir),
        Command::Init { dir, install } => init::init(&dir, install.as_deref()),
        Command::Simulate(args) => play::simulate(args),
        Command::Replay(args) => play::replay(args),
        Command::Tournament(args) => tournament::tournament(args),
        Command::Balance(args) => balance::balance(*args),
        Command::Draw(args) => draw::draw(args),
        Command::List { json, paths } => list::list(json, &paths),
        Command::Scenario(args) => scenario::scenario(args),
        Command::Export(command) => jcz::export(command),
        Command::Import(command) => jcz::import(command),
    }
}

/// Prints clap's help, version or usage error. Help and version go out as clap writes them.
/// An error quotes arguments, which may hold anything (a file name with a line break...), so
/// it is worked out again from the arguments made safe by [`escape::line`].
fn usage(error: &clap::Error) -> ExitCode {
    if error.use_stderr() {
        let safe = std::env::args_os().map(|arg| escape::line(&arg.to_string_lossy()));
        let text = match Cli::try_parse_from(safe) {
            Err(again) if again.kind() == error.kind() => again.render().to_string(),
            // Quotes no argument (made safe, the arguments would parse): as clap writes it.
            _ if error.kind() == clap::error::ErrorKind::InvalidUtf8 => error.render().to_string(),
            // Not the same error once made safe: print it on one line rather than trust it.
            _ => escape::line(&error.render().to_string()) + "\n",
        };
        emit_err(&text);
    } else if output::colour() {
        emit(&error.render().ansi().to_string());
    } else {
        emit(&error.render().to_string());
    }
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

fn validate(mut paths: Vec<PathBuf>, format: Format, deny_warnings: bool) -> ExitCode {
    if paths.is_empty() {
        paths.push(PathBuf::from("."));
    }
    let started = Instant::now();
    let report = validate_paths(&paths, bundled::catalog());
    let elapsed = started.elapsed();
    let shown = render::render(format, &report.diagnostics, &report.sources, output::colour());
    if format == Format::Github {
        emit_commands(&shown);
    } else {
        emit(&shown);
    }
    let (errors, warnings) = (report.errors(), report.warnings());
    if format == Format::Human {
        let files = if report.files == 1 { "file" } else { "files" };
        let unlisted = match report.unlisted {
            0 => String::new(),
            n => format!(" listed, and {n} more problem(s) counted in the files' summaries"),
        };
        say_err!(
            "checked {} {files} in {:.1} ms: {errors} error(s), {warnings} warning(s){unlisted}",
            report.files,
            elapsed.as_secs_f64() * 1000.0
        );
    }
    if errors > 0 || (deny_warnings && warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn schema(write: bool, check: bool, dir: &std::path::Path) -> ExitCode {
    if !write && !check {
        for kind in FileKind::ALL {
            say!("{}", escape::path(&dir.join(kind.schema_file_name())));
        }
        say_err!("pass --write to regenerate these files or --check to compare them");
        return ExitCode::from(2);
    }
    if write {
        return init::write_files(&init::schema_files(dir)).map_or_else(|code| code, |()| ExitCode::SUCCESS);
    }
    let mut stale = 0;
    for kind in FileKind::ALL {
        let path = dir.join(kind.schema_file_name());
        if let Some(problem) = check_file(&path, &kind.generate()) {
            say_err!(
                "error: {} {problem}; run `tilewright schema --write`",
                escape::path(&path)
            );
            stale += 1;
        }
    }
    if stale > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What is wrong with the committed schema at `path`, if it is not exactly `text`.
fn check_file(path: &std::path::Path, text: &str) -> Option<String> {
    match files::read_capped(path, text.len() as u64) {
        Ok(bytes) if bytes == text.as_bytes() => None,
        Ok(_) | Err(files::ReadError::TooLarge(_)) => Some("is not what the model generates".to_owned()),
        Err(e) => Some(e.to_string()),
    }
}

/// Prints an error on standard error, made safe by [`escape::line`] since it may quote files
/// and paths, and returns exit status 1.
pub(crate) fn fail(message: impl std::fmt::Display) -> ExitCode {
    error_exit(message, 1)
}

/// Prints a usage error (arguments that cannot work together, found after parsing) on standard
/// error, made safe like [`fail`], and returns exit status 2 as clap does for its own.
pub(crate) fn usage_fail(message: impl std::fmt::Display) -> ExitCode {
    error_exit(message, 2)
}

fn error_exit(message: impl std::fmt::Display, code: u8) -> ExitCode {
    say_err!("error: {}", escape::line(&message.to_string()));
    ExitCode::from(code)
}

/// Prints a JSON value on one line of standard output, made safe by [`escape::json`].
pub(crate) fn say_json(value: &serde_json::Value) {
    say!("{}", escape::json(&serde_json::to_string(value).unwrap_or_default()));
}

/// Writes text to standard output ([`output::write`]). Untrusted text in it was made safe
/// where it was put in; as a last guard the whole is [`escape::defuse`]d, since the program
/// itself never starts a line with `::` or writes `##[` (the workflow commands of `validate
/// --format github` are written by [`emit_commands`]).
pub(crate) fn emit(text: &str) {
    output::write(&escape::defuse(text));
}

/// Writes workflow commands to standard output as they are: each line starts with `::` on
/// purpose, and the text in it was made safe piece by piece (see `render::github`).
fn emit_commands(text: &str) {
    output::write(text);
}

/// Writes text to standard error, [`escape::defuse`]d as [`emit`] does. There is nowhere left
/// to report a failure, so none is.
pub(crate) fn emit_err(text: &str) {
    use std::io::Write;
    let text = escape::defuse(text);
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
