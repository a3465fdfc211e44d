//! `tilewright init`: the repository it scaffolds validates clean, plays, and is checked by the
//! TOML tools editors run; it never overwrites a file.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use tilewright_engine::FileKind;
use tilewright_engine::template;

mod common;
use common::{runs_clean, tilewright};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A new repository in the folder `repo` of a temporary folder.
fn scaffold() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tilewright(tmp.path(), &["init", "repo"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let repo = tmp.path().join("repo");
    (tmp, repo)
}

/// Every file under `dir`, relative to it, with `/`.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    found.sort();
    found
}

const SAMPLES: [&str; 3] = [
    "tiles/my-tiles.toml",
    "expansions/big-follower.toml",
    "rules/my-house-rule.toml",
];

#[test]
fn init_writes_a_repository_that_validates_and_plays() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tilewright(tmp.path(), &["init", "repo"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let repo = tmp.path().join("repo");
    let written = files_under(&repo);
    assert_eq!(
        written,
        [
            ".github/workflows/balance.yml",
            ".github/workflows/tiles.yml",
            ".pre-commit-config.yaml",
            ".taplo.toml",
            "README.md",
            "expansions/big-follower.toml",
            "rules/my-house-rule.toml",
            "scenarios/a-road-with-a-well.toml",
            "schemas/expansion.schema.json",
            "schemas/ruleset.schema.json",
            "schemas/tileset.schema.json",
            "tiles/my-tiles.toml",
            "tombi.toml",
        ]
    );
    // It says what it wrote, then what to run next.
    let said = text(&out.stdout);
    for file in &written {
        assert!(said.contains(&format!("wrote repo/{file}\n")), "{file} in\n{said}");
    }
    let next = said.split_once("Next:\n").map(|(_, next)| next).unwrap_or_default();
    assert!(
        next.starts_with("  cd repo\n  tilewright validate --deny-warnings .\n"),
        "{said}"
    );

    // The schemas are the ones this binary enforces.
    for kind in FileKind::ALL {
        let schema = std::fs::read_to_string(repo.join("schemas").join(kind.schema_file_name())).unwrap();
        assert_eq!(schema, kind.committed(), "{kind:?}");
    }
    // Each sample's `#:schema` line names its kind's schema by a path from the sample's folder.
    for (sample, kind) in SAMPLES.into_iter().zip(FileKind::ALL) {
        let path = repo.join(sample);
        let body = std::fs::read_to_string(&path).unwrap();
        let reference = body.lines().next().and_then(|l| l.strip_prefix("#:schema ")).unwrap();
        assert!(reference.ends_with(kind.schema_file_name()), "{sample}: {reference}");
        assert!(
            path.parent().unwrap().join(reference).is_file(),
            "{sample}: {reference}"
        );
    }
    let ci = std::fs::read_to_string(repo.join(".github/workflows/tiles.yml")).unwrap();
    assert!(
        ci.contains("  TILEWRIGHT_INSTALL: ${{ vars.TILEWRIGHT_INSTALL || '"),
        "{ci}"
    );
    assert!(ci.contains("run: tilewright validate --format github --deny-warnings .\n"));
    let hooks = std::fs::read_to_string(repo.join(".pre-commit-config.yaml")).unwrap();
    assert!(hooks.contains("- id: tilewright-validate\n"));

    let validated = tilewright(&repo, &["validate", "--deny-warnings", "."]);
    assert_eq!(validated.status.code(), Some(0), "{}", text(&validated.stdout));
    assert!(
        text(&validated.stderr).starts_with("checked 3 files"),
        "{}",
        text(&validated.stderr)
    );

    // The README's command plays the three samples together.
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let command = readme.lines().find(|l| l.starts_with("tilewright simulate")).unwrap();
    let mut args: Vec<&str> = command.split_whitespace().skip(1).collect();
    args.extend(["--games", "20", "--json"]);
    let played = tilewright(&repo, &args);
    assert_eq!(played.status.code(), Some(0), "{}", text(&played.stderr));
    let report: serde_json::Value = serde_json::from_slice(&played.stdout).unwrap();
    assert_eq!(report["games"], 20);
    let played = &report["played"];
    let sets: Vec<&str> = played["tilesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(sets, ["base", "my-tiles"], "{played}");
    assert_eq!(played["expansions"][0]["id"], "big-follower", "{played}");
    assert_eq!(played["rules"]["id"], "my-house-rule", "{played}");
    assert_eq!(played["rules"]["extends"][0], "new-edition", "{played}");
}

#[test]
fn init_writes_nothing_when_a_file_is_in_the_way() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("rules")).unwrap();
    std::fs::write(tmp.path().join("rules/my-house-rule.toml"), "mine").unwrap();
    // A file where a folder of the repository goes.
    std::fs::write(tmp.path().join("expansions"), "not a folder").unwrap();
    let out = tilewright(tmp.path(), &["init"]);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    assert!(
        said.contains("error: rules/my-house-rule.toml already exists\n"),
        "{said}"
    );
    assert!(said.contains("error: expansions is not a folder"), "{said}");
    assert!(said.contains("nothing was written"), "{said}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert_eq!(files_under(tmp.path()), ["expansions", "rules/my-house-rule.toml"]);
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("rules/my-house-rule.toml")).unwrap(),
        "mine"
    );
}

/// A write that fails part way (here, a path too long for the system: the repository's
/// folder is so deep that only `.github/workflows/`, the deepest of its folders, is out of
/// reach) leaves nothing of the repository behind, and once the cause is gone a second run
/// succeeds.
#[cfg(target_os = "linux")]
#[test]
fn init_leaves_nothing_behind_when_a_write_fails_part_way() {
    const PATH_MAX: usize = 4096;
    let tmp = tempfile::tempdir().unwrap();
    let mut deep: Vec<String> = (0..20).map(|i| format!("{i:0>200}")).collect();
    // Temporary files are made by absolute path.
    let repo_len = |parts: &[String]| tmp.path().as_os_str().len() + 1 + parts.join("/").len() + "/repo".len();
    // `repo/expansions/` and a temporary name fit (34 bytes more, with the end of the
    // string); `repo/.github/workflows/` and one do not (41).
    deep.push(String::new());
    let last = PATH_MAX - 38 - repo_len(&deep);
    *deep.last_mut().unwrap() = "d".repeat(last);
    let parent = deep.join("/");
    std::fs::create_dir_all(tmp.path().join(&parent)).unwrap();
    let repo = format!("{parent}/repo");
    let absolute = tmp.path().join(&repo).as_os_str().len();
    assert!(absolute + 34 <= PATH_MAX && absolute + 41 > PATH_MAX);

    let out = tilewright(tmp.path(), &["init", &repo]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let left: Vec<_> = std::fs::read_dir(tmp.path().join(&parent)).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let said = text(&out.stderr);
    assert!(said.starts_with("error: cannot write "), "{said}");
    let removed = said
        .split_once("\nthe ")
        .and_then(|(_, rest)| rest.split_once(" file(s) written before it were removed, so nothing is left behind"))
        .and_then(|(n, _)| n.parse::<usize>().ok());
    assert!(removed.is_some_and(|n| n > 0), "failed part way, not at once: {said}");
    assert!(!said.contains(".tmp"), "{said}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));

    // Shorter, the same folder takes the repository.
    std::fs::rename(tmp.path().join(&deep[0]), tmp.path().join("a")).unwrap();
    let repo = format!("a/{}", repo.split_once('/').unwrap().1);
    let out = tilewright(tmp.path(), &["init", &repo]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(files_under(&tmp.path().join(&repo)).len(), 13);
}

/// Files as `init` writes them, left by a run that was stopped, do not stop the next one;
/// any other file does.
#[test]
fn init_finishes_what_a_stopped_run_left() {
    let (tmp, repo) = scaffold();
    std::fs::remove_file(repo.join("README.md")).unwrap();
    std::fs::remove_dir_all(repo.join(".github")).unwrap();
    let out = tilewright(tmp.path(), &["init", "repo"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with(
            "wrote repo/.github/workflows/tiles.yml\nwrote repo/.github/workflows/balance.yml\nwrote repo/README.md\nkept repo/schemas/"
        ),
        "{said}"
    );
    assert_eq!(files_under(&repo).len(), 13);

    std::fs::write(repo.join("README.md"), "mine").unwrap();
    let out = tilewright(tmp.path(), &["init", "repo"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("error: repo/README.md already exists\n"));
    assert_eq!(std::fs::read_to_string(repo.join("README.md")).unwrap(), "mine");
}

/// The `cd` that "Next:" prints takes the shell to the repository, whatever its name.
#[cfg(unix)]
#[test]
fn init_quotes_the_folder_for_a_shell() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, shown) in [
        ("my tiles", "'my tiles'"),
        ("it's $HOME", "'it'\\''s $HOME'"),
        ("-repo", "./-repo"),
        ("plain-1.0", "plain-1.0"),
    ] {
        let out = tilewright(tmp.path(), &["init", "--", name]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        let cd = said.lines().find(|l| l.starts_with("  cd ")).unwrap();
        assert_eq!(cd, format!("  cd {shown}"), "{said}");
        let script = format!("{} && pwd", cd.trim());
        let pwd = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .current_dir(tmp.path())
            .output()
            .unwrap();
        assert!(
            text(&pwd.stdout).trim_end().ends_with(&format!("/{name}")),
            "{script}: {}",
            text(&pwd.stderr)
        );
    }
}

/// Whether `tool` runs here.
#[cfg(unix)]
#[test]
fn init_does_not_scaffold_through_a_link_to_another_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), tmp.path().join("schemas")).unwrap();
    let out = tilewright(tmp.path(), &["init"]);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    assert!(said.contains("error: schemas is not a folder"), "{said}");
    assert!(said.contains("nothing was written"), "{said}");
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0);
}

fn installed(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs an editor's TOML checker in `repo` without the network; returns whether it passed and
/// what it said.
fn check_with(tool: &str, repo: &Path) -> (bool, String) {
    let args: &[&str] = match tool {
        "tombi" => &["lint", "--offline"],
        _ => &["check"],
    };
    let out = Command::new(tool).args(args).current_dir(repo).output().unwrap();
    (out.status.success(), text(&out.stdout) + &text(&out.stderr))
}

/// Tombi (`pip install tombi`) and Taplo check the samples against the schemas through their
/// `#:schema` lines, and a file without one through `tombi.toml` or `.taplo.toml`.
#[test]
fn editors_toml_tools_check_the_samples_against_the_schemas() {
    let tools: Vec<&str> = ["tombi", "taplo"].into_iter().filter(|t| installed(t)).collect();
    if tools.is_empty() {
        println!("skipped: neither tombi nor taplo is installed (`pip install tombi` runs this test)");
        return;
    }
    let (_tmp, repo) = scaffold();
    for tool in tools {
        let (passed, said) = check_with(tool, &repo);
        assert!(passed, "{tool} on the samples:\n{said}");
        // A wrong value in a sample, found through its `#:schema` line...
        let rules = repo.join(SAMPLES[2]);
        let original = std::fs::read_to_string(&rules).unwrap();
        std::fs::write(&rules, original.replace("road-per-tile = 2", "road-per-tile = \"two\"")).unwrap();
        let (passed, said) = check_with(tool, &repo);
        assert!(!passed && said.contains("my-house-rule.toml"), "{tool}:\n{said}");
        std::fs::write(&rules, &original).unwrap();
        // ... and in a file without one, found through the folder's association.
        let bare = repo.join("tiles/bare.toml");
        std::fs::write(&bare, "id = \"bare\"\nname = \"Bare\"\nstart-tile = 5\n").unwrap();
        let (passed, said) = check_with(tool, &repo);
        assert!(!passed && said.contains("bare.toml"), "{tool}:\n{said}");
        std::fs::remove_file(&bare).unwrap();
    }
}

/// Where `text` holds a `{name}` placeholder left unfilled (a lowercase word in braces), or
/// the `OWNER` of an address not yet known.
fn placeholder(text: &str) -> Option<&str> {
    if let Some(at) = text.find("OWNER") {
        return Some(&text[at..at + 5]);
    }
    text.match_indices('{').find_map(|(at, _)| {
        let rest = &text[at + 1..];
        let word = rest.split('}').next().filter(|w| rest.len() > w.len())?;
        (!word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .then(|| &text[at..at + word.len() + 2])
    })
}

#[test]
fn a_placeholder_is_found() {
    assert_eq!(placeholder("x {version} y"), Some("{version}"));
    assert_eq!(placeholder("github.com/OWNER/x"), Some("OWNER"));
    assert_eq!(placeholder("a = { b = 1 }, ${{ runner.os }}, {"), None);
}

/// The values of the `key:` lines of a YAML text (`- run: ...`, `entry: ...`).
fn yaml_values<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|line| {
            line.trim_start()
                .trim_start_matches("- ")
                .strip_prefix(key)?
                .strip_prefix(':')
        })
        .map(str::trim)
        .collect()
}

/// No file of the scaffold holds a placeholder; the command line is published under the name
/// the install commands use; the workflow runs commands that pass on the
/// scaffold (the sample scenario among them); the pre-commit hooks run the installed
/// `tilewright` with commands that pass too.
#[test]
fn init_writes_no_placeholder_and_its_workflow_and_hooks_run() {
    let (_tmp, repo) = scaffold();
    for file in files_under(&repo) {
        let body = std::fs::read_to_string(repo.join(&file)).unwrap();
        assert_eq!(placeholder(&body), None, "{file}");
    }
    let version = env!("CARGO_PKG_VERSION");
    // The crate and the wheel are published under the name the install commands use.
    assert_eq!(env!("CARGO_PKG_NAME"), template::PACKAGE);
    let pyproject = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("pyproject.toml")).unwrap();
    assert!(
        pyproject.contains(&format!("\n[project]\nname = \"{}\"\n", template::PACKAGE)),
        "{pyproject}"
    );
    let [pip, _] = template::install_commands(version);

    let workflow = std::fs::read_to_string(repo.join(".github/workflows/tiles.yml")).unwrap();
    let runs = yaml_values(&workflow, "run");
    // The install step, a block that tests/install_step.rs runs; then the commands.
    assert_eq!(runs.first(), Some(&"|"), "{workflow}");
    let [validate, scenarios, ..] = template::next_commands();
    assert!(runs.contains(&scenarios.as_str()), "{workflow}");
    for command in &runs[1..] {
        runs_clean(&repo, command, "the workflow");
    }

    let hooks = std::fs::read_to_string(repo.join(".pre-commit-config.yaml")).unwrap();
    assert!(hooks.contains("  - repo: local\n"), "{hooks}");
    assert!(hooks.contains(&format!("(`{pip}`)")), "{hooks}");
    let entries = yaml_values(&hooks, "entry");
    assert_eq!(entries, [validate.as_str(), scenarios.as_str()], "{hooks}");
    assert_eq!(yaml_values(&hooks, "language"), ["system", "system"], "{hooks}");
    for command in entries {
        runs_clean(&repo, command, "the pre-commit hooks");
    }

    // The sample scenario is played, and would fail if the well scored otherwise.
    let played = tilewright(&repo, &scenarios.split_whitespace().skip(1).collect::<Vec<_>>());
    assert_eq!(text(&played.stdout), "ok a-road-with-a-well\n1 passed, 0 failed\n");
    let sample = repo.join(template::SAMPLE_SCENARIO);
    let body = std::fs::read_to_string(&sample).unwrap();
    std::fs::write(&sample, body.replace("red = 4", "red = 5")).unwrap();
    let played = tilewright(&repo, &scenarios.split_whitespace().skip(1).collect::<Vec<_>>());
    assert_eq!(played.status.code(), Some(1), "{}", text(&played.stdout));
}

/// Another version of the sample tile set kept under `tiles/versions/`, as `balance
/// --compare-tilesets` compares it, validates clean: it is checked in place of the set with
/// its id, not beside it. Its own errors are still found, at its lines; beside the set,
/// outside `versions/`, it is another set with the same id.
#[test]
fn a_version_kept_under_versions_validates_in_place_of_its_set() {
    let (_tmp, repo) = scaffold();
    let v1 = std::fs::read_to_string(repo.join(template::SAMPLE_TILESET)).unwrap();
    let v2 = v1
        .replacen("count = 2", "count = 1", 1)
        .replacen("../schemas/", "../../../schemas/", 1);
    std::fs::create_dir_all(repo.join("tiles/versions/v2")).unwrap();
    std::fs::write(repo.join("tiles/versions/v2/my-tiles.toml"), &v2).unwrap();
    let out = tilewright(&repo, &["validate", "--deny-warnings", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = tilewright(
        &repo,
        &[
            "balance",
            "--games",
            "10",
            "--tilesets",
            "base",
            template::SAMPLE_TILESET,
            "--compare-tilesets",
            "tiles/versions/v2/my-tiles.toml",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    std::fs::write(
        repo.join("tiles/versions/v2/my-tiles.toml"),
        v2.replacen("kind = \"city\"", "kind = \"citty\"", 1),
    )
    .unwrap();
    let out = tilewright(&repo, &["validate", "."]);
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout);
    assert!(said.contains("tiles/versions/v2/my-tiles.toml:"), "{said}");
    assert!(!said.contains("also used"), "{said}");

    std::fs::remove_dir_all(repo.join("tiles/versions")).unwrap();
    std::fs::write(repo.join("tiles/my-tiles-v2.toml"), &v1).unwrap();
    let out = tilewright(&repo, &["validate", "."]);
    assert!(text(&out.stdout).contains("is also used by"), "{}", text(&out.stdout));
}
