//! The command line against hostile input: files and names that try to inject workflow
//! commands or terminal escapes, huge values, closed streams, planted links, FIFOs and devices,
//! and arguments that used to get a misleading answer. Each test runs the built binary on
//! files crafted in a temporary folder.

// `wait4`, to read the peak memory of the command a test ran.
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::listing;

/// The base game, to be written into a temporary folder ([`common::bundled_copy`]).
fn base() -> String {
    common::bundled_copy(include_str!("../tilesets/base.toml"))
}

fn tilewright(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tilewright"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1");
    command
}

/// Runs the binary in `dir`, killing it (and failing) if it takes longer than a minute: a
/// read that blocks on a FIFO or streams a device must fail the test, not hang it.
fn run(dir: &Path, args: &[&str]) -> Output {
    run_command(tilewright(dir, args))
}

fn run_command(mut command: Command) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The streams are read while the binary runs: output longer than a pipe holds would
    // otherwise stop it, waiting for a reader.
    let drain = |stream: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = stream.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn std::io::Read + Send>),
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{command:?} did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Standard output and standard error together, as text.
fn everything(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The base tile set with `start-tile` set to `start` (TOML-escaped by the caller).
fn base_with_start(start: &str) -> String {
    base().replace("start-tile = \"D\"", &format!("start-tile = \"{start}\""))
}

/// The base tile set under another id, so it can be loaded next to the bundled one.
fn own_tileset(id: &str) -> String {
    base().replace("id = \"base\"", &format!("id = \"{id}\""))
}

/// Asserts that no output line could be taken for a workflow command (beyond the `allowed`
/// ones the github format writes): none starts with `::` once leading whitespace is trimmed
/// (as the runner does) and none holds the legacy `##[`; and that no control character but the
/// line break reached the output.
fn assert_inert(output: &Output, allowed: usize) {
    let text = everything(output);
    let commands = text.lines().filter(|l| l.trim_start().starts_with("::")).count();
    assert_eq!(commands, allowed, "lines that GitHub would run:\n{text}");
    assert!(!text.contains("##["), "a legacy workflow command:\n{text}");
    let bad = text.chars().find(|&c| {
        (c.is_control() && c != '\n')
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    });
    assert_eq!(bad, None, "a control character reached the output:\n{text:?}");
}

const INJECTION: &str = r"D\n::error ::injected\n::add-mask::secret\r\u001b[31m\u0007\u009b31m\u202e";

#[test]
fn file_content_cannot_inject_lines_or_escapes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("evil.toml"), base_with_start(INJECTION)).unwrap();
    for format in ["human", "json", "github"] {
        let output = run(dir.path(), &["validate", "--format", format, "evil.toml"]);
        assert_eq!(output.status.code(), Some(1));
        assert_inert(&output, usize::from(format == "github"));
    }
    let json = run(dir.path(), &["validate", "--format", "json", "evil.toml"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(value[0]["message"].as_str().unwrap().contains("␊::error ::injected␊"));
    let simulate = run(dir.path(), &["simulate", "--tilesets", "./evil.toml", "--games", "1"]);
    assert_eq!(simulate.status.code(), Some(1));
    assert_inert(&simulate, 0);
}

/// The base tile set as `hostile`: every tile id starts with `##[error]` and every name
/// with `  ::add-mask::`, both of which GitHub would run.
fn hostile_tileset() -> String {
    let mut text = String::new();
    let mut ids = 0;
    for line in own_tileset("hostile").lines() {
        if let Some(id) = line.strip_prefix("id = \"") {
            ids += 1;
            if ids > 1 {
                text.push_str(&format!("id = \"##[error]{id}\n"));
                continue;
            }
        }
        match line.strip_prefix("name = \"") {
            Some(name) if ids > 1 => text.push_str(&format!("name = \"  ::add-mask::{name}\n")),
            _ => text.push_str(&format!("{line}\n")),
        }
    }
    text.replace("start-tile = \"D\"", "start-tile = \"##[error]D\"")
}

/// Whether the hostile text of [`hostile_tileset`] or `RULES` reached the output, defused.
fn shows_defused(output: &Output) -> bool {
    let text = everything(output);
    text.contains("#♯[error]") || text.contains("##\\u005berror]")
}

#[test]
fn names_and_ids_cannot_pass_for_workflow_commands_in_any_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hostile.toml"), hostile_tileset()).unwrap();
    let rules = "id = \"hostile-rules\"\nname = \"##[error]rules\"\nextends = \"new-edition\"\n";
    std::fs::write(dir.path().join("rules.toml"), rules).unwrap();
    let validated = run(dir.path(), &["validate", "hostile.toml", "rules.toml"]);
    assert_eq!(validated.status.code(), Some(0), "{}", everything(&validated));
    let with = ["--tilesets", "./hostile.toml", "--rules", "./rules.toml"];
    let record = run(
        dir.path(),
        &[&["simulate", "--games", "1", "--record", "game.json"], &with[..]].concat(),
    );
    assert_eq!(record.status.code(), Some(0), "{}", everything(&record));
    let commands: [&[&str]; 10] = [
        &["simulate", "--games", "2"],
        &["simulate", "--games", "2", "--json"],
        &["tournament", "--bots", "random,greedy", "--games", "1"],
        &["tournament", "--bots", "random,greedy", "--games", "1", "--json"],
        &["balance", "--games", "20"],
        &["balance", "--games", "20", "--json"],
        &["balance", "--games", "20", "--compare-rules", "new-edition"],
        &["balance", "--games", "20", "--compare-rules", "new-edition", "--json"],
        &["replay", "game.json", "--data", "hostile.toml", "rules.toml"],
        &["replay", "game.json", "--json", "--data", "hostile.toml", "rules.toml"],
    ];
    for args in commands {
        let args = if args[0] == "replay" {
            args.to_vec()
        } else {
            [args, &with[..]].concat()
        };
        let output = run(dir.path(), &args);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", everything(&output));
        assert_inert(&output, 0);
        assert!(shows_defused(&output), "{args:?}: {}", everything(&output));
    }
    // A JSON reader still gets the names exactly.
    let json = run(
        dir.path(),
        &[&["simulate", "--games", "1", "--json"], &with[..]].concat(),
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["played"]["rules"]["name"], "##[error]rules");
}

#[test]
fn quoted_source_lines_cannot_pass_for_workflow_commands() {
    let dir = tempfile::tempdir().unwrap();
    let text = hostile_tileset().replace("start-tile = \"##[error]D\"", "start-tile = \"##[error]none\"");
    std::fs::write(dir.path().join("bad.toml"), text).unwrap();
    let rules =
        "id = \"r\"\nname = \"r\"\nextends = \"##[error]nowhere\"\ndescription = \"\"\"\n  ::error::x\n\"\"\"\n";
    std::fs::write(dir.path().join("rules.toml"), rules).unwrap();
    for format in ["human", "json", "github"] {
        let output = run(dir.path(), &["validate", "--format", format, "bad.toml", "rules.toml"]);
        assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
        assert_inert(&output, if format == "github" { 2 } else { 0 });
        assert!(shows_defused(&output), "{format}: {}", everything(&output));
    }
}

const SCENARIO: &str = include_str!("../scenarios/city-three-segments-one-pennant.toml");

#[test]
fn scenarios_cannot_pass_for_workflow_commands() {
    let dir = tempfile::tempdir().unwrap();
    let described = SCENARIO.replacen(
        "description = \"",
        "description = \"x\\n  ::error::described\\n::add-mask::y ##[error]z ",
        1,
    );
    let failing = described.replace("red = 8 }", "red = 9 }");
    std::fs::write(dir.path().join("##[error]passing.toml"), &described).unwrap();
    std::fs::write(dir.path().join("  ::error::failing.toml"), &failing).unwrap();
    let broken = format!("{failing}\n[\"##[error]x\"]\n");
    std::fs::write(dir.path().join("broken.toml"), broken).unwrap();
    let output = run(dir.path(), &["scenario", "."]);
    assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
    assert!(
        everything(&output).contains("1 passed, 2 failed"),
        "{}",
        everything(&output)
    );
    assert_inert(&output, 0);
    // The description is one line, its line breaks shown.
    assert!(
        everything(&output).contains("x␊  ::error::described␊"),
        "{}",
        everything(&output)
    );
}

#[test]
fn a_scenario_naming_a_set_many_times_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let many = vec!["\"base\""; 100_000].join(", ");
    let text = format!("description = \"d\"\ntilesets = [{many}]\n[expect]\n");
    std::fs::write(dir.path().join("many.toml"), text).unwrap();
    let started = Instant::now();
    let output = run(dir.path(), &["scenario", "many.toml"]);
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("FAILED many: many.toml:2:21: error: the tile set or expansion `base` is named twice"),
        "{text}"
    );
}

/// A folder of scenarios with a link in it to what the environment holds: the link is named,
/// not followed, and no quoted file content is longer than 80 characters.
#[cfg(target_os = "linux")]
#[test]
fn scenario_folders_do_not_follow_links_and_quote_little() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("scenarios");
    std::fs::create_dir(&folder).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", folder.join("env.toml")).unwrap();
    std::fs::write(dir.path().join("secret.toml"), "description = \"hunter2\"\n").unwrap();
    std::os::unix::fs::symlink(dir.path().join("secret.toml"), folder.join("secret.toml")).unwrap();
    std::os::unix::fs::symlink(dir.path(), folder.join("up")).unwrap();
    let long = "k".repeat(300);
    std::fs::write(folder.join("long.toml"), format!("description = \"d\"\n{long} = 1\n")).unwrap();
    let mut command = tilewright(dir.path(), &["scenario", "scenarios"]);
    command.env_clear().env("TILEWRIGHT_SECRET", "hunter2");
    let output = run_command(command);
    let text = everything(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("0 passed, 1 failed"), "{text}");
    for link in ["env.toml", "secret.toml"] {
        assert!(
            text.contains(&format!(
                "scenarios/{link}:1:1: warning: this is a symbolic link to a file; links are not followed"
            )),
            "{text}"
        );
    }
    assert!(
        text.contains("scenarios/up:1:1: warning: this is a symbolic link to a folder"),
        "{text}"
    );
    assert!(text.contains("kkk") && !text.contains(&"k".repeat(81)), "{text}");
    assert_inert(&output, 0);
}

#[cfg(unix)]
#[test]
fn file_names_cannot_inject_lines_or_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let name = "bad\n::error ::named\u{1b}]0;title\u{7}.toml";
    std::fs::write(dir.path().join(name), base_with_start("nowhere")).unwrap();
    for format in ["human", "json", "github"] {
        let output = run(dir.path(), &["validate", "--format", format, "."]);
        assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
        assert_inert(&output, usize::from(format == "github"));
    }
    // The JSON keeps the exact name, escaped, for tools to open the file.
    let json = run(dir.path(), &["validate", "--format", "json", "."]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(value[0]["file"].as_str().unwrap().ends_with(name));
    let simulate = run(dir.path(), &["simulate", "--tilesets", &format!("./{name}")]);
    assert_inert(&simulate, 0);
    let replay = run(dir.path(), &["replay", name]);
    assert_inert(&replay, 0);
}

#[test]
fn records_cannot_inject_lines_or_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let record = format!(
        r#"{{"format_version": 1, "tilesets": [], "rules": "{INJECTION}", "rules_hash": "x", "players": 2, "seed": 1, "actions": [], "scores": []}}"#
    );
    std::fs::write(dir.path().join("game.json"), record).unwrap();
    let output = run(dir.path(), &["replay", "game.json"]);
    assert_eq!(output.status.code(), Some(1));
    assert_inert(&output, 0);
    let broken = r#"{"tilesets": "\u001b[31m\n::error ::x"}"#;
    std::fs::write(dir.path().join("broken.json"), broken).unwrap();
    assert_inert(&run(dir.path(), &["replay", "broken.json"]), 0);
}

#[test]
fn arguments_cannot_inject_lines_or_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let rules = "x\n::error ::argument\u{1b}[2J\u{9b}";
    assert_inert(&run(dir.path(), &["simulate", "--rules", rules]), 0);
    assert_inert(&run(dir.path(), &["simulate", "--players", rules]), 0);
}

#[test]
fn long_values_are_cut_in_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let key = "k".repeat(100_000);
    let text = base().replace("start-tile = \"D\"", &format!("start-tile = \"{key}\"\n{key} = 1"));
    std::fs::write(dir.path().join("long.toml"), text).unwrap();
    for format in ["human", "json", "github"] {
        let output = run(dir.path(), &["validate", "--format", format, "long.toml"]);
        let shown = everything(&output);
        assert!(shown.len() < 10_000, "{format}: {} bytes", shown.len());
        assert!(shown.contains('…'), "{shown}");
    }
    let simulate = run(dir.path(), &["simulate", "--tilesets", "./long.toml"]);
    assert!(everything(&simulate).len() < 10_000);
    let record = format!(
        r#"{{"format_version": 1, "tilesets": [], "rules": "{key}", "rules_hash": "x", "players": 2, "seed": 1, "actions": [], "scores": []}}"#
    );
    std::fs::write(dir.path().join("game.json"), record).unwrap();
    assert!(everything(&run(dir.path(), &["replay", "game.json"])).len() < 10_000);
}

#[test]
fn a_byte_order_mark_does_not_break_snippets() {
    let dir = tempfile::tempdir().unwrap();
    // The missing keys are reported at 1:1, inside the byte-order mark.
    std::fs::write(dir.path().join("bom.toml"), "\u{feff}tiles = 1\n").unwrap();
    let output = run(dir.path(), &["validate", "bom.toml"]);
    assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("bom.toml:1:1"), "{text}");
    assert!(text.contains("missing key `id`"), "{text}");
}

/// Standard error (or output) on a device that refuses every write: the status must still
/// say what happened, with no panic (exit 101).
#[cfg(target_os = "linux")]
#[test]
fn a_full_output_stream_does_not_panic() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.toml"), base_with_start("nowhere")).unwrap();
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let cases: [(&[&str], i32); 4] = [
        (&["validate", "bad.toml"], 1),
        (&["simulate", "--rules", "nowhere"], 1),
        (&["schema"], 2),
        (&["simulate", "--threads", "17"], 2),
    ];
    for (args, status) in cases {
        let mut command = tilewright(dir.path(), args);
        command.stderr(full());
        let output = command.stdout(Stdio::null()).status().unwrap();
        assert_eq!(output.code(), Some(status), "{args:?} with standard error full");
        let mut command = tilewright(dir.path(), args);
        let output = command.stdout(full()).stderr(Stdio::null()).status().unwrap();
        assert_eq!(output.code(), Some(status), "{args:?} with standard output full");
    }
}

/// Output lost to a full device is a failure: every command that prints exits 1 and says why
/// on standard error, whatever it did before.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_fails_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let record = run(dir.path(), &["simulate", "--games", "1", "--record", "game.json"]);
    assert_eq!(record.status.code(), Some(0), "{}", everything(&record));
    std::fs::write(dir.path().join("mine.toml"), own_tileset("mine")).unwrap();
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/a-tile-that-fits-nowhere-is-discarded.toml"
    );
    let cases: [&[&str]; 13] = [
        &["list"],
        &["list", "--json"],
        &["simulate", "--games", "1"],
        &["simulate", "--games", "1", "--json"],
        &["balance", "--games", "1"],
        &["balance", "--games", "1", "--json"],
        &["tournament", "--bots", "random,random", "--games", "2"],
        &["scenario", scenario],
        &["replay", "game.json"],
        &["validate", "--format", "json", "mine.toml"],
        &["schema", "--write", "--dir", "schemas"],
        &["init", "repo"],
        &["--help"],
    ];
    for args in cases {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut command = tilewright(dir.path(), args);
        let output = command.stdin(Stdio::null()).stdout(full).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}: {}", everything(&output));
        let said = String::from_utf8_lossy(&output.stderr);
        let once = "error: cannot write the output: No space left on device";
        assert_eq!(said.matches(once).count(), 1, "{args:?}: {said}");
    }
}

/// A reader that stops reading (`tilewright list | head -1`) is no failure: the command ends
/// as it would have, and says nothing about it.
#[cfg(unix)]
#[test]
fn a_closed_pipe_is_not_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    for args in [&["list"][..], &["simulate", "--games", "1"]] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut command = tilewright(dir.path(), args);
        command.stdin(Stdio::null()).stdout(writer).stderr(Stdio::piped());
        let output = command.output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", everything(&output));
        assert!(output.stderr.is_empty(), "{args:?}: {}", everything(&output));
    }
}

#[test]
fn writes_leave_other_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.tmp"), "mine").unwrap();
    let output = run(dir.path(), &["simulate", "--games", "1", "--record", "game.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert_eq!(std::fs::read_to_string(dir.path().join("game.tmp")).unwrap(), "mine");
    assert_eq!(listing(dir.path()), ["game.json", "game.tmp"]);
    let replay = run(dir.path(), &["replay", "game.json"]);
    assert_eq!(replay.status.code(), Some(0), "{}", everything(&replay));

    let schemas = dir.path().join("new/schemas");
    std::fs::create_dir_all(&schemas).unwrap();
    std::fs::write(schemas.join("tileset.schema.tmp"), "mine").unwrap();
    let output = run(dir.path(), &["schema", "--write", "--dir", "new/schemas"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert_eq!(
        std::fs::read_to_string(schemas.join("tileset.schema.tmp")).unwrap(),
        "mine"
    );
    assert_eq!(listing(&schemas).len(), 4, "{:?}", listing(&schemas));
    let output = run(dir.path(), &["schema", "--write", "--dir", "missing/schemas"]);
    assert_eq!(output.status.code(), Some(0), "the folder is created");
    assert_eq!(listing(&dir.path().join("missing/schemas")).len(), 3);
}

#[cfg(unix)]
#[test]
fn writes_do_not_follow_planted_links_or_replace_special_files() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("game.tmp")).unwrap();
    let output = run(dir.path(), &["simulate", "--games", "1", "--record", "game.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(dir.path().join("game.tmp").is_symlink());

    std::fs::create_dir(dir.path().join("schemas")).unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("schemas/ruleset.schema.tmp")).unwrap();
    let output = run(dir.path(), &["schema", "--write"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");

    // A link planted at the target itself is refused, for records and schemas alike.
    std::os::unix::fs::symlink(&victim, dir.path().join("linked.json")).unwrap();
    let output = run(dir.path(), &["simulate", "--games", "1", "--record", "linked.json"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(everything(&output).contains("symbolic link"), "{}", everything(&output));
    std::fs::create_dir(dir.path().join("linked")).unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("linked/ruleset.schema.json")).unwrap();
    let output = run(dir.path(), &["schema", "--write", "--dir", "linked"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");

    if Command::new("mkfifo")
        .arg(dir.path().join("pipe.json"))
        .status()
        .is_ok_and(|s| s.success())
    {
        let output = run(dir.path(), &["simulate", "--games", "1", "--record", "pipe.json"]);
        assert_eq!(output.status.code(), Some(1));
        assert!(everything(&output).contains("FIFO"), "{}", everything(&output));
        let kind = std::fs::symlink_metadata(dir.path().join("pipe.json"))
            .unwrap()
            .file_type();
        assert!(
            std::os::unix::fs::FileTypeExt::is_fifo(&kind),
            "the FIFO is still there"
        );
        assert!(
            !listing(dir.path())
                .iter()
                .any(|n| n.ends_with(".tmp") && n != "game.tmp"),
            "no temporary file left: {:?}",
            listing(dir.path())
        );
    }
}

#[test]
fn records_that_are_not_files_or_too_large_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let large = dir.path().join("large.json");
    std::fs::File::create(&large)
        .unwrap()
        .set_len(17 * 1024 * 1024)
        .unwrap();
    std::fs::create_dir(dir.path().join("folder.json")).unwrap();
    let mut cases: Vec<(PathBuf, &str)> = vec![
        (large, "larger than 16 MiB"),
        (dir.path().join("folder.json"), "a folder"),
    ];
    if cfg!(unix) {
        cases.push((PathBuf::from("/dev/zero"), "a device"));
        let fifo = dir.path().join("fifo.json");
        if Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
            cases.push((fifo, "a FIFO"));
        }
    }
    for (path, words) in cases {
        let output = run(dir.path(), &["replay", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(1));
        let text = String::from_utf8_lossy(&output.stderr);
        assert!(text.contains(words), "{}: {text}", path.display());
    }
}

/// A record as `simulate --record` writes it, with `edit` applied to its text.
fn edited_record(dir: &Path, edit: impl FnOnce(&str) -> String) -> String {
    let output = run(dir, &["simulate", "--games", "1", "--record", "game.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    let text = edit(&std::fs::read_to_string(dir.join("game.json")).unwrap());
    std::fs::write(dir.join("edited.json"), text).unwrap();
    let output = run(dir, &["replay", "edited.json"]);
    assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_record_naming_a_set_many_times_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let said = edited_record(dir.path(), |text| {
        let entry = r#"{"id": "base", "edition": "new-edition", "hash": "0"}, "#;
        let many = entry.repeat(15 * 1024 * 1024 / entry.len());
        text.replacen("\"tilesets\": [", &format!("\"tilesets\": [{many}"), 1)
    });
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    // Where the second entry ends.
    assert!(
        said.starts_with(
            "error: edited.json:3:125: not a game record: the tile set or expansion `base` is named twice"
        ),
        "{said}"
    );
}

#[test]
fn records_say_their_format_and_carry_every_key_known_and_the_rules_hash() {
    let dir = tempfile::tempdir().unwrap();
    let said = edited_record(dir.path(), |text| text.replacen("  \"format_version\": 1,\n", "", 1));
    assert!(
        said.contains("edited.json: not a game record of format 1: it has no `format_version`"),
        "{said}"
    );
    let said = edited_record(dir.path(), |text| {
        text.replacen("\"format_version\": 1", "\"format_version\": 7", 1)
    });
    assert!(
        said.contains("edited.json:2:21: not a game record: this record is of format 7"),
        "{said}"
    );
    let said = edited_record(dir.path(), |text| {
        text.replacen("\"rules\":", "\"comment\": \"x\", \"rules\":", 1)
    });
    assert!(said.contains("unknown field `comment`"), "{said}");
    let said = edited_record(dir.path(), |text| {
        let hash = text.lines().find(|l| l.contains("\"rules_hash\"")).unwrap();
        text.replacen(&format!("{hash}\n"), "", 1)
    });
    assert!(said.contains("missing field `rules_hash`"), "{said}");
}

#[test]
fn what_a_replay_refuses_is_said_where_it_stands_in_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let line_of = |text: &str, words: &str| text.lines().position(|l| l.contains(words)).unwrap() + 1;
    // An action after the game ended: located at the action, quoted as the record writes it.
    let mut last_line = 0;
    let said = edited_record(dir.path(), |text| {
        let edited = text.replacen(
            "\"actions\": [\n",
            "\"actions\": [\n    {\"action\": \"pass\"},\n    {\"action\": \"pass\"},\n",
            1,
        );
        last_line = line_of(&edited, "\"actions\": [") + 1;
        edited
    });
    assert!(
        said.starts_with(&format!(
            "error: edited.json:{last_line}:5: action 0 ({{\"action\":\"pass\"}}) was refused: "
        )),
        "{said}"
    );
    assert!(said.contains("(help: "), "{said}");
    // Seats beyond the game's: at `players`.
    let mut players_line = 0;
    let said = edited_record(dir.path(), |text| {
        players_line = line_of(text, "\"players\"");
        text.replacen("\"players\": 2", "\"players\": 255", 1)
    });
    assert!(
        said.starts_with(&format!(
            "error: edited.json:{players_line}:14: a game has 2 to 6 players, not 255 (help: set `players`"
        )),
        "{said}"
    );
    // Scores the replay does not reach: at `scores`.
    let mut scores_line = 0;
    let said = edited_record(dir.path(), |text| {
        scores_line = line_of(text, "\"scores\"");
        text.replacen("\"scores\": [", "\"scores\": [1000, ", 1)
    });
    assert!(
        said.starts_with(&format!("error: edited.json:{scores_line}:13: the replay scores ")),
        "{said}"
    );
}

#[test]
fn an_unknown_rule_set_is_named_plainly_with_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(dir.path(), &["simulate", "--rules", "second-edition", "--games", "1"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("there is no rule set `second-edition`"), "{text}");
    for id in ["first-edition", "new-edition", "farms-2000"] {
        assert!(text.contains(id), "{text}");
    }
    assert!(!text.contains("Unknown("), "{text}");
}

#[test]
fn too_many_threads_are_refused_as_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(dir.path(), &["simulate", "--games", "1", "--threads", "1000"]);
    assert_eq!(output.status.code(), Some(2), "{}", everything(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("0..=16"));
    let output = run(dir.path(), &["simulate", "--games", "4", "--threads", "2"]);
    assert!(String::from_utf8_lossy(&output.stdout).contains("on 2 thread(s)"));
}

#[test]
fn no_game_means_no_time_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(dir.path(), &["simulate", "--games", "0"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("no game was played"), "{text}");
    assert!(!text.contains("per turn") && !text.contains("NaN"), "{text}");
    let json = run(dir.path(), &["simulate", "--games", "0", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(value["micros_per_turn"].is_null(), "{value}");
    assert!(value["mean_total_score"].is_null(), "{value}");
}

#[test]
fn no_game_means_no_record() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(dir.path(), &["simulate", "--games", "0", "--record", "game.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert!(listing(dir.path()).is_empty(), "{:?}", listing(dir.path()));
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        said,
        "note: --games 0 plays no game, so no record is written to game.json\n"
    );
}

#[test]
fn a_folder_named_like_a_bundled_id_does_not_shadow_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("base")).unwrap();
    let output = run(dir.path(), &["simulate", "--tilesets", "base", "--games", "2"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    // With a separator it is the folder, which holds nothing to play.
    let output = run(dir.path(), &["simulate", "--tilesets", "./base", "--games", "2"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(
        text.contains("no tile sets, expansions or rule sets found in ./base"),
        "{text}"
    );
    // An id that is not known, but names a folder, says how to name the folder.
    std::fs::create_dir(dir.path().join("mine")).unwrap();
    let output = run(dir.path(), &["simulate", "--tilesets", "mine", "--games", "2"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("there is no tile set or expansion `mine`"), "{text}");
    assert!(text.contains("write `./mine`"), "{text}");
}

#[test]
fn a_rules_folder_of_tile_sets_says_to_pass_it_as_tile_sets() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sets")).unwrap();
    std::fs::write(dir.path().join("sets/mine.toml"), own_tileset("mine")).unwrap();
    let output = run(dir.path(), &["simulate", "--rules", "sets/", "--games", "1"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(
        text.contains("`sets/` holds tile sets: pass it with `--tilesets`"),
        "{text}"
    );
}

#[test]
fn a_record_of_own_files_replayed_without_them_asks_for_them() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sets")).unwrap();
    std::fs::write(dir.path().join("sets/mine.toml"), own_tileset("mine")).unwrap();
    let args = [
        "simulate",
        "--tilesets",
        "sets/mine.toml",
        "--games",
        "1",
        "--record",
        "game.json",
    ];
    assert_eq!(run(dir.path(), &args).status.code(), Some(0));
    let output = run(dir.path(), &["replay", "game.json"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("`--data PATH`") && !text.contains("write `./"), "{text}");
    let output = run(dir.path(), &["replay", "game.json", "--data", "sets"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
}

#[test]
fn the_same_file_named_twice_is_checked_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sets")).unwrap();
    std::fs::write(dir.path().join("sets/mine.toml"), own_tileset("mine")).unwrap();
    let args = [
        "simulate",
        "--games",
        "2",
        "--tilesets",
        "sets/mine.toml",
        "./sets/mine.toml",
    ];
    let output = run(dir.path(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
}

/// Asserts that `args` failed at once (nothing printed on standard output, so nothing was
/// played) with exit status 1 and an error saying `words`.
fn assert_refused_up_front(dir: &Path, args: &[&str], words: &str) {
    let output = run(dir, args);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {}", everything(&output));
    assert!(output.stdout.is_empty(), "{args:?} played: {}", everything(&output));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.starts_with("error: ") && said.contains(words), "{args:?}: {said}");
}

#[test]
fn an_output_file_that_the_run_reads_is_refused_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let mine = own_tileset("mine");
    std::fs::create_dir(dir.path().join("sets")).unwrap();
    std::fs::write(dir.path().join("sets/mine.toml"), &mine).unwrap();
    let rules = "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n";
    std::fs::write(dir.path().join("house.toml"), rules).unwrap();
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        // The file named, spelled another way.
        (
            vec!["--tilesets", "sets/mine.toml", "--record", "./sets/../sets/mine.toml"],
            "sets/mine.toml",
        ),
        // A file found in a folder named.
        (
            vec!["--tilesets", "./sets", "--record", "sets/mine.toml"],
            "sets/mine.toml",
        ),
        (vec!["--rules", "house.toml", "--record", "house.toml"], "house.toml"),
    ];
    #[cfg(unix)]
    {
        std::fs::hard_link(dir.path().join("house.toml"), dir.path().join("house.json")).unwrap();
        cases.push((vec!["--rules", "./house.toml", "--record", "house.json"], "house.toml"));
    }
    for (args, read) in &cases {
        let mut simulate = vec!["simulate", "--games", "100"];
        simulate.extend(args);
        assert_refused_up_front(dir.path(), &simulate, &format!("{read}, which this run reads"));
        let mut balance = vec!["balance", "--games", "100"];
        balance.extend(args.iter().map(|a| if *a == "--record" { "--html" } else { a }));
        assert_refused_up_front(dir.path(), &balance, &format!("{read}, which this run reads"));
    }
    // B's rules are read too.
    let args = [
        "balance",
        "--games",
        "100",
        "--compare-rules",
        "house.toml",
        "--html",
        "./house.toml",
    ];
    assert_refused_up_front(dir.path(), &args, "house.toml, which this run reads");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("sets/mine.toml")).unwrap(),
        mine
    );
    assert_eq!(std::fs::read_to_string(dir.path().join("house.toml")).unwrap(), rules);
}

#[test]
fn an_output_file_that_cannot_be_written_is_refused_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.html");
    std::fs::write(&kept, "kept").unwrap();
    let mut read_only = std::fs::metadata(&kept).unwrap().permissions();
    read_only.set_readonly(true);
    std::fs::set_permissions(&kept, read_only).unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["simulate", "--record", "kept.html"],
            "--record kept.html: it is read-only; make it writable or choose another path",
        ),
        (
            &["balance", "--html", "kept.html"],
            "--html kept.html: it is read-only; make it writable or choose another path",
        ),
        (
            &["simulate", "--record", "missing/game.json"],
            "the folder missing does not exist; create it first",
        ),
        (
            &["balance", "--html", "missing/page.html"],
            "the folder missing does not exist; create it first",
        ),
    ];
    for (args, words) in cases {
        let mut args = args.to_vec();
        args.extend(["--games", "100"]);
        assert_refused_up_front(dir.path(), &args, words);
    }
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "kept");
    assert_eq!(listing(dir.path()), ["kept.html"]);
}

#[test]
fn a_long_file_name_is_written_and_no_message_names_a_temporary_file() {
    let dir = tempfile::Builder::new().prefix("plain").tempdir().unwrap();
    // 250 bytes: a name the file system takes, which a temporary name made from it would not.
    let name = format!("{}.json", "r".repeat(245));
    let output = run(dir.path(), &["simulate", "--games", "1", "--record", &name]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert_eq!(listing(dir.path()), [name]);
    let page = format!("{}.html", "p".repeat(245));
    let output = run(dir.path(), &["balance", "--games", "1", "--html", &page]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert!(dir.path().join(&page).is_file());
    // A name too long for the file system is refused by name, and leaves nothing behind.
    let too_long = format!("{}.json", "r".repeat(300));
    let output = run(dir.path(), &["simulate", "--games", "1", "--record", &too_long]);
    assert_eq!(output.status.code(), Some(1), "{}", everything(&output));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.starts_with("error: ") && said.contains("rrrr") && !said.contains(".tmp"),
        "{said}"
    );
    assert_eq!(listing(dir.path()).len(), 2);
}

/// A tile set of 10,000 tiles that join only end to end: a start tile turning a corner, and
/// straight roads whose other sides fit nothing (`city 30 field` meets itself city against
/// field), so the table grows two arms at a right angle, thousands of cells long each.
fn two_arms() -> String {
    const SIDE: &str = "city 30 field";
    let mut text = format!(
        "id = \"arms\"\nname = \"Two long arms\"\nstart-tile = \"corner\"\n\n\
         [figures.follower]\nrole = \"follower\"\ncount = 7\nstands-on = [\"city\", \"road\", \"field\"]\n\n\
         [[tiles]]\nid = \"corner\"\ncount = 1\nedges = [\"road\", \"road\", \"{SIDE}\", \"{SIDE}\"]\n\
         features.r = {{ kind = \"road\", on = [\"N\", \"E\"] }}\n\
         features.c1 = {{ kind = \"city\", on = [\"S1\"] }}\n\
         features.c2 = {{ kind = \"city\", on = [\"W1\"] }}\n\
         features.f1 = {{ kind = \"field\", on = [\"Nw\", \"W2\"] }}\n\
         features.f2 = {{ kind = \"field\", on = [\"Ne\", \"En\"] }}\n\
         features.f3 = {{ kind = \"field\", on = [\"Es\", \"S2\"] }}\n"
    );
    // 39 types of 255 copies and one of 54: 9,999 besides the start tile (a type has at most 255).
    for i in 0..40 {
        let count = if i < 39 { 255 } else { 54 };
        text += &format!(
            "\n[[tiles]]\nid = \"arm{i}\"\ncount = {count}\nedges = [\"{SIDE}\", \"road\", \"{SIDE}\", \"road\"]\n\
             features.r = {{ kind = \"road\", on = [\"E\", \"W\"] }}\n\
             features.c1 = {{ kind = \"city\", on = [\"N1\"] }}\n\
             features.c2 = {{ kind = \"city\", on = [\"S1\"] }}\n\
             features.f1 = {{ kind = \"field\", on = [\"N2\", \"En\", \"Wn\"] }}\n\
             features.f2 = {{ kind = \"field\", on = [\"S2\", \"Es\", \"Ws\"] }}\n"
        );
    }
    text
}

/// Runs `command`, killing it (and failing) if it takes longer than `limit`; returns its output
/// and the most memory it had resident, in bytes.
#[cfg(target_os = "linux")]
#[expect(
    clippy::zombie_processes,
    reason = "reaped by wait4, which also gives its peak memory"
)]
fn run_measured(mut command: Command, limit: Duration) -> (Output, u64) {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let started = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: wait4 writes only into the two values passed, both of the right type.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(reaped >= 0, "wait4: {}", std::io::Error::last_os_error());
        if reaped == pid {
            break (status, usage);
        }
        if started.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{command:?} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Reaped above: what it wrote is read to the end here (a few lines, within the pipes).
    let mut output = Output {
        status: std::process::ExitStatus::from_raw(status),
        stdout: Vec::new(),
        stderr: Vec::new(),
    };
    child.stdout.take().unwrap().read_to_end(&mut output.stdout).unwrap();
    child.stderr.take().unwrap().read_to_end(&mut output.stderr).unwrap();
    // Kilobytes on Linux.
    (output, u64::try_from(usage.ru_maxrss).unwrap() * 1024)
}

/// A greedy player copies the position for each choice it weighs, so on a table that spreads
/// thousands of cells each way a copy must cost what the table holds, not the area it spans:
/// a grid over the area took over three minutes and 600 MB for one game (release build).
#[cfg(target_os = "linux")]
#[test]
fn greedy_play_on_a_table_spreading_far_is_quick_and_small() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("arms.toml"), two_arms()).unwrap();
    let output = run(dir.path(), &["validate", "arms.toml"]);
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    assert!(
        everything(&output).contains("0 error(s), 0 warning(s)"),
        "{}",
        everything(&output)
    );
    let args = [
        "simulate",
        "--policy",
        "greedy",
        "--games",
        "1",
        "--tilesets",
        "./arms.toml",
        "--json",
    ];
    // A debug build takes seconds; the bound leaves room for a machine busy with other tests.
    let (output, peak) = run_measured(tilewright(dir.path(), &args), Duration::from_secs(60));
    assert_eq!(output.status.code(), Some(0), "{}", everything(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // Every tile was placed, on one arm or the other.
    assert_eq!(json["turns"], 9999, "{json}");
    assert!(peak < 200 << 20, "{} MB resident at most", peak >> 20);
}

#[test]
fn a_scenario_named_twice_is_played_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("s")).unwrap();
    std::fs::write(
        dir.path().join("s/road.toml"),
        include_str!("../scenarios/abbey-closes-a-road.toml"),
    )
    .unwrap();
    let output = run(
        dir.path(),
        &["scenario", "s", "s/road.toml", "./s/../s/road.toml", "s/"],
    );
    let text = everything(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_eq!(text.matches("ok road").count(), 1, "{text}");
    assert!(text.contains("1 passed, 0 failed"), "{text}");
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_gets_the_usage_message_on_its_lines() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let mut command = tilewright(dir.path(), &["balance", "--tilesets"]);
    command.arg(std::ffi::OsStr::from_bytes(b"./n\xff.toml"));
    let output = run_command(command);
    let text = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.starts_with("error: invalid UTF-8 was detected in one or more arguments\n"),
        "{text}"
    );
    assert!(text.contains("\nUsage: tilewright balance"), "{text}");
    assert!(!text.contains('␊'), "{text}");
    assert_inert(&output, 0);
}
