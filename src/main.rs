//! `tilewright`: validate tile sets and rule sets, (re)generate their JSON Schemas, simulate
//! and replay games.

/// Prints a line on standard output; a closed pipe (`tilewright ... | head`) ends output quietly
/// instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::emit(&format!("{}\n", format_args!($($arg)*)))
    };
}

mod play;
mod render;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
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
    /// none) and report speed and mean scores.
    Simulate(play::SimulateArgs),
    /// Replay a game record and print its final scores; fails if they differ from the record's.
    Replay(play::ReplayArgs),
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
    let cli = Cli::parse();
    match cli.command {
        Command::Validate {
            paths,
            format,
            deny_warnings,
        } => validate(paths, format, deny_warnings),
        Command::Schema { write, check, dir } => schema(write, check, &dir),
        Command::Simulate(args) => play::simulate(args),
        Command::Replay(args) => play::replay(args),
    }
}

fn validate(mut paths: Vec<PathBuf>, format: Format, deny_warnings: bool) -> ExitCode {
    if paths.is_empty() {
        paths.push(PathBuf::from("."));
    }
    let started = Instant::now();
    let report = validate_paths(&paths);
    let elapsed = started.elapsed();
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    emit(&render::render(format, &report.diagnostics, &report.sources, colour));
    let (errors, warnings) = (report.errors(), report.warnings());
    if format == Format::Human {
        let files = if report.files == 1 { "file" } else { "files" };
        eprintln!(
            "checked {} {files} in {:.1} ms: {errors} error(s), {warnings} warning(s)",
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
            say!("{}", dir.join(kind.schema_file_name()).display());
        }
        eprintln!("pass --write to regenerate these files or --check to compare them");
        return ExitCode::from(2);
    }
    let mut stale = 0;
    for kind in FileKind::ALL {
        let path = dir.join(kind.schema_file_name());
        let generated = kind.generate();
        if write {
            if let Err(e) = write_atomically(&path, &generated) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::from(1);
            }
            say!("wrote {}", path.display());
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(generated.as_str()) {
            eprintln!(
                "error: {} is not what the model generates; run `tilewright schema --write`",
                path.display()
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

/// Writes through a temporary file in the same folder, then renames, so a crash never leaves a
/// half-written file.
pub(crate) fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// Writes text to standard output, ignoring a reader that went away.
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("error: cannot write the output: {e}");
    }
}
