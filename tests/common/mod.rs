//! What the command-line tests share.

#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary in `dir` without colours.
#[allow(dead_code)]
pub fn tilewright(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilewright"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Runs the command line `line` (`tilewright ARGS...`, as a document or a generated file writes
/// it, split at spaces) in `dir`; it must exit 0. `from` says where the line was written.
#[allow(dead_code)]
pub fn runs_clean(dir: &Path, line: &str, from: &str) {
    let args: Vec<&str> = line
        .strip_prefix("tilewright ")
        .unwrap_or_else(|| panic!("{from}: not a tilewright command: {line}"))
        .split_whitespace()
        .collect();
    let out = tilewright(dir, &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{from}: `{line}` failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The binary in `dir` with `args`, no colours and no input, to run or spawn.
#[allow(dead_code)]
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tilewright"));
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    command
}

/// Starts the binary in `dir` with `args` and no colours, interrupts it with SIGINT (Ctrl-C) once
/// it has finished a game, and returns what it printed; it must stop within 30 s of the signal.
#[cfg(unix)]
#[allow(dead_code)]
pub fn interrupted(dir: &Path, args: &[&str]) -> Output {
    interrupt(dir, args, Duration::from_secs(30), true)
}

/// Ctrl-C sent to a run whose games are under way but none finished yet (a long search), the
/// binary having to stop within `limit` of the signal.
#[cfg(unix)]
#[allow(dead_code)]
pub fn interrupted_within(dir: &Path, args: &[&str], limit: Duration) -> Output {
    interrupt(dir, args, limit, false)
}

/// Runs the binary, and sends it Ctrl-C once it says, in a line of progress, that its games
/// are under way (and with `finished`, that one has finished): lines come every tenth of a
/// second with `TILEWRIGHT_PROGRESS_SECONDS`, so the run is stopped mid-way however fast or
/// slow the machine. It must stop within `limit` of the signal.
#[cfg(unix)]
fn interrupt(dir: &Path, args: &[&str], limit: Duration, finished: bool) -> Output {
    use std::io::BufRead;
    let mut child = command(dir, args)
        .env("TILEWRIGHT_PROGRESS_SECONDS", "0.1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (underway, seen) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        for line in std::io::BufReader::new(stderr).lines() {
            let line = line.unwrap_or_default();
            let done = line.split('/').next().and_then(|n| n.parse::<u64>().ok());
            if line.contains(" games after ") && done.is_some_and(|n| n > 0 || !finished) {
                let _ = underway.send(());
            }
            text.extend_from_slice(line.as_bytes());
            text.push(b'\n');
        }
        text
    });
    seen.recv_timeout(Duration::from_secs(120))
        .unwrap_or_else(|_| panic!("{args:?} showed no progress within two minutes"));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("{args:?} did not stop within {limit:?} of Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut output = child.wait_with_output().unwrap();
    output.stderr = reader.join().unwrap();
    output
}

/// A tile name that would run a script, break out of an attribute or start an entity if it
/// reached an HTML page as it is.
#[allow(dead_code)]
pub const HOSTILE: &str = "<script>alert(1)</script>\"&'";
/// Another that would run a script when loaded, through an element's handler.
#[allow(dead_code)]
pub const HANDLER: &str = "<img src=x onerror=\"document.title='pwned'\">";

/// A bundled file's text to be written elsewhere: its `#:schema` line, which leads nowhere
/// from another folder (a warning), becomes a plain comment, so that lines keep their numbers.
#[allow(dead_code)]
pub fn bundled_copy(text: &str) -> String {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    assert!(
        first.starts_with("#:schema "),
        "a bundled file starts with its `#:schema` line"
    );
    format!("# A copy of a bundled file.\n{rest}")
}

/// Writes `hostile.toml` into `dir`: the base tile set under the id `hostile`, its tiles A and B
/// named [`HOSTILE`] and [`HANDLER`].
#[allow(dead_code)]
pub fn hostile_tileset(dir: &Path) {
    let toml = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
    let text = bundled_copy(include_str!("../../tilesets/base.toml"))
        .replace("id = \"base\"", "id = \"hostile\"")
        .replace("Monastery with road (no. 20)", &toml(HOSTILE))
        .replace("Monastery (no. 19)", &toml(HANDLER));
    std::fs::write(dir.join("hostile.toml"), text).unwrap();
}

/// Runs `balance` with `args` and `--html page.html` in `dir`, and returns the page.
#[allow(dead_code)]
pub fn balance_html(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["balance"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--html", "page.html"]);
    let output = tilewright(dir, &all);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::fs::read_to_string(dir.join("page.html")).unwrap()
}

/// What a folder holds, names sorted.
#[allow(dead_code)]
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
