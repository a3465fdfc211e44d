//! The command line against hostile input: files and names that try to inject workflow
//! commands or terminal escapes, huge values, closed streams, planted links, FIFOs and devices,
//! and arguments that used to get a misleading answer. Each test runs the built binary on
//! files crafted in a temporary folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BASE: &str = include_str!("../tilesets/base.toml");

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
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{command:?} did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
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
    BASE.replace("start-tile = \"D\"", &format!("start-tile = \"{start}\""))
}

/// The base tile set under another id, so it can be loaded next to the bundled one.
fn own_tileset(id: &str) -> String {
    BASE.replace("id = \"base\"", &format!("id = \"{id}\""))
}

/// Asserts that no output line could be taken for a workflow command (beyond the `allowed`
/// ones the github format writes), and that no control character but the line break reached
/// the output.
fn assert_inert(output: &Output, allowed: usize) {
    let text = everything(output);
    let commands = text.lines().filter(|l| l.starts_with("::")).count();
    assert_eq!(commands, allowed, "lines that GitHub would run:\n{text}");
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
    let record =
        format!(r#"{{"tilesets": [], "rules": "{INJECTION}", "players": 2, "seed": 1, "actions": [], "scores": []}}"#);
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
    let text = BASE.replace("start-tile = \"D\"", &format!("start-tile = \"{key}\"\n{key} = 1"));
    std::fs::write(dir.path().join("long.toml"), text).unwrap();
    for format in ["human", "json", "github"] {
        let output = run(dir.path(), &["validate", "--format", format, "long.toml"]);
        let shown = everything(&output);
        assert!(shown.len() < 10_000, "{format}: {} bytes", shown.len());
        assert!(shown.contains('…'), "{shown}");
    }
    let simulate = run(dir.path(), &["simulate", "--tilesets", "./long.toml"]);
    assert!(everything(&simulate).len() < 10_000);
    let record =
        format!(r#"{{"tilesets": [], "rules": "{key}", "players": 2, "seed": 1, "actions": [], "scores": []}}"#);
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

/// What a folder holds, names sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
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
            !listing(dir.path()).iter().any(|n| n.contains("pipe.json.")),
            "no temporary file left"
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
