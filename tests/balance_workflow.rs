//! The balance workflow `tilewright init` writes, run here as GitHub Actions runs it: the plan
//! job, a job per shard of the matrix (each on a fresh copy of the repository, uploading its
//! partial), then the merge job (downloading them all). Its report is the report of the same
//! run played at once. Both workflows are checked against the GitHub workflow schema when
//! `check-jsonschema` is installed.

#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use common::tilewright;

/// What the steps of a run see of it: the workflow's inputs, the matrix of the job, the
/// outputs of the jobs it needs.
#[derive(Default)]
struct Context {
    inputs: BTreeMap<String, String>,
    shard: Option<String>,
    plan_shards: Option<String>,
}

impl Context {
    /// `text` with every `${{ ... }}` worked out; an expression this runner does not know
    /// fails the test, so that the workflow cannot use one it has not been tried with.
    fn expand(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("${{") {
            out.push_str(&rest[..start]);
            let end = rest[start..].find("}}").unwrap() + start;
            let expression = rest[start + 3..end].trim();
            let value = if let Some(name) = expression.strip_prefix("inputs.") {
                self.inputs[name].clone()
            } else if expression == "matrix.shard" {
                self.shard.clone().unwrap()
            } else if expression == "needs.plan.outputs.shards" || expression == "fromJSON(needs.plan.outputs.shards)" {
                self.plan_shards.clone().unwrap()
            } else {
                panic!("an expression the test does not know: {expression}");
            };
            out.push_str(&value);
            rest = &rest[end + 2..];
        }
        out + rest
    }
}

/// A string of the workflow, or nothing.
fn string(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// Runs the steps of `job` in `dir` (a fresh copy of the repository) with `context`;
/// `artifacts` is where uploads go, one folder each. The `GITHUB_OUTPUT` lines its steps
/// wrote.
fn run_job(job: &Value, dir: &Path, context: &Context, artifacts: &Path, bin: &Path) -> BTreeMap<String, String> {
    let (output, summary) = (dir.join("github-output"), dir.join("github-summary"));
    for step in job["steps"].as_array().unwrap() {
        let with = |key: &str| step["with"].get(key).and_then(Value::as_str).map(|v| context.expand(v));
        match string(step, "uses").as_deref() {
            Some(uses)
                if ["actions/checkout@", "actions/setup-python@", "actions/cache@"]
                    .iter()
                    .any(|a| uses.starts_with(a)) => {}
            Some(uses) if uses.starts_with("actions/upload-artifact@") => {
                let into = artifacts.join(with("name").unwrap());
                std::fs::create_dir_all(&into).unwrap();
                for path in with("path").unwrap().lines().map(str::trim).filter(|p| !p.is_empty()) {
                    std::fs::copy(dir.join(path), into.join(Path::new(path).file_name().unwrap()))
                        .unwrap_or_else(|e| panic!("upload of {path}: {e}"));
                }
            }
            Some(uses) if uses.starts_with("actions/download-artifact@") => {
                let pattern = with("pattern").unwrap();
                let prefix = pattern.strip_suffix('*').unwrap();
                assert_eq!(step["with"]["merge-multiple"], Value::Bool(true));
                let into = dir.join(with("path").unwrap());
                std::fs::create_dir_all(&into).unwrap();
                for artifact in std::fs::read_dir(artifacts).unwrap() {
                    let artifact = artifact.unwrap();
                    if !artifact.file_name().to_string_lossy().starts_with(prefix) {
                        continue;
                    }
                    for file in std::fs::read_dir(artifact.path()).unwrap() {
                        let file = file.unwrap();
                        std::fs::copy(file.path(), into.join(file.file_name())).unwrap();
                    }
                }
            }
            Some(uses) => panic!("a step the test does not know: {uses}"),
            None => {
                let script = string(step, "run").unwrap();
                // The install step (tests/install_step.rs runs it): the command line under
                // test is on PATH instead.
                if string(step, "name").as_deref() == Some("Install tilewright") {
                    continue;
                }
                let mut command = Command::new("bash");
                command
                    .args(["-e", "-c", &context.expand(&script)])
                    .current_dir(dir)
                    .env("PATH", format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()))
                    .env("GITHUB_OUTPUT", &output)
                    .env("GITHUB_STEP_SUMMARY", &summary)
                    .env("NO_COLOR", "1");
                if let Some(env) = step.get("env").and_then(Value::as_object) {
                    for (key, value) in env {
                        command.env(key, context.expand(value.as_str().unwrap()));
                    }
                }
                let out = command.output().unwrap();
                assert!(
                    out.status.success(),
                    "{script}\n{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
            }
        }
    }
    std::fs::read_to_string(&output)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// A copy of the repository `from` at `to`, as a checkout gives each job.
fn checkout(from: &Path, to: &Path) {
    let status = Command::new("cp").arg("-r").arg(from).arg(to).status().unwrap();
    assert!(status.success());
}

/// The folder of the command line under test, to put on PATH.
fn bin() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_tilewright")).parent().unwrap().to_owned()
}

/// `text` with the number before each ` s on ` (the time a run took) left out.
fn timeless(text: &str) -> String {
    text.lines()
        .map(|line| match (line.find(" in "), line.find(" s on ")) {
            (Some(a), Some(b)) if line.starts_with("games: ") && a < b => format!("{}{}", &line[..a], &line[b..]),
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_balance_workflow_run_here_gives_the_report_of_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    assert!(tilewright(root, &["init", "repo"]).status.success());
    let repo = root.join("repo");
    let text = std::fs::read_to_string(repo.join(".github/workflows/balance.yml")).unwrap();
    let workflow: Value = serde_norway::from_str(&text).unwrap();
    let inputs = &workflow["on"]["workflow_dispatch"]["inputs"];
    let mut context = Context::default();
    for (name, input) in inputs.as_object().unwrap() {
        context.inputs.insert(name.clone(), string(input, "default").unwrap());
    }
    // A small plan: the defaults but for the games, the policy and the shards.
    for (name, value) in [("games", "10"), ("policy", "greedy"), ("shards", "3")] {
        context.inputs.insert(name.to_owned(), value.to_owned());
    }
    let jobs = &workflow["jobs"];
    let artifacts = root.join("artifacts");
    std::fs::create_dir(&artifacts).unwrap();

    checkout(&repo, &root.join("plan"));
    let outputs = run_job(&jobs["plan"], &root.join("plan"), &context, &artifacts, &bin());
    assert_eq!(outputs["list"], "[1,2,3]");
    assert_eq!(jobs["plan"]["outputs"]["shards"], "${{ steps.shards.outputs.list }}");
    context.plan_shards = Some(outputs["list"].clone());
    let matrix: Vec<u64> =
        serde_json::from_str(&context.expand(jobs["shard"]["strategy"]["matrix"]["shard"].as_str().unwrap())).unwrap();
    assert_eq!(jobs["shard"]["needs"], "plan");
    for shard in matrix {
        context.shard = Some(shard.to_string());
        let dir = root.join(format!("shard-{shard}"));
        checkout(&repo, &dir);
        run_job(&jobs["shard"], &dir, &context, &artifacts, &bin());
    }
    assert_eq!(jobs["merge"]["needs"], "shard");
    context.shard = None;
    let merge = root.join("merge");
    checkout(&repo, &merge);
    run_job(&jobs["merge"], &merge, &context, &artifacts, &bin());

    // The report the merge job published is that of one run of the same plan.
    let published = artifacts.join("balance-report");
    let report = std::fs::read_to_string(published.join("balance-report.txt")).unwrap();
    let mut once: Vec<String> = context.inputs["arguments"]
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    for (flag, input) in [("--games", "games"), ("--policy", "policy")] {
        once.extend([flag.to_owned(), context.inputs[input].clone()]);
    }
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(16)
        .to_string();
    once.extend(["--threads".to_owned(), threads]);
    let mut args = vec!["balance"];
    args.extend(once.iter().map(String::as_str));
    let one = tilewright(&repo, &args);
    assert!(one.status.success(), "{}", String::from_utf8_lossy(&one.stderr));
    assert_eq!(timeless(&report), timeless(&String::from_utf8(one.stdout).unwrap()));
    assert!(report.contains("your tiles (my-tiles)"), "{report}");
    let page = std::fs::read_to_string(published.join("balance-report.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    let summary = std::fs::read_to_string(merge.join("github-summary")).unwrap();
    assert!(summary.contains(&report), "{summary}");

    // A shard count the matrix cannot hold is refused before any machine is asked for.
    for bad in ["0", "257", "x", ""] {
        context.inputs.insert("shards".to_owned(), bad.to_owned());
        let dir = root.join(format!("plan-{bad}"));
        checkout(&repo, &dir);
        let step = &jobs["plan"]["steps"][0];
        let out = Command::new("bash")
            .args(["-e", "-c", step["run"].as_str().unwrap()])
            .current_dir(&dir)
            .env("SHARDS", bad)
            .env("GITHUB_OUTPUT", dir.join("out"))
            .output()
            .unwrap();
        assert!(!out.status.success(), "shards {bad:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("::error::shards is a number from 1 to 256"));
    }
}

/// The `xargs` lines of docs/balance.md, run in a new repository with fewer and cheaper games:
/// the shards and their merge give the report of the run played at once.
#[test]
fn the_xargs_lines_of_the_balance_page_run_as_written() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/balance.md")).unwrap();
    let section = page.split("### One machine, or any shell").nth(1).unwrap();
    let script = section.split("```sh\n").nth(1).unwrap().split("```").next().unwrap();
    assert!(script.contains("xargs -P 4"), "{script}");
    let small = script
        .replace("mcts:200", "random")
        .replace("--games 2000", "--games 40");
    let tmp = tempfile::tempdir().unwrap();
    assert!(tilewright(tmp.path(), &["init", "repo"]).status.success());
    let repo = tmp.path().join("repo");
    let out = Command::new("bash")
        .args(["-e", "-c", &small])
        .current_dir(&repo)
        .env(
            "PATH",
            format!("{}:{}", bin().display(), std::env::var("PATH").unwrap()),
        )
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let once = tilewright(
        &repo,
        &[
            "balance",
            "--tilesets",
            "base",
            "tiles/my-tiles.toml",
            "--policy",
            "random",
            "--games",
            "40",
        ],
    );
    let merged = String::from_utf8(out.stdout).unwrap();
    // After what each shard said, the merge's report.
    let (_, last_shard) = merged.rsplit_once("; partial written to ").unwrap();
    let merged = last_shard.split_once('\n').unwrap().1;
    assert_eq!(timeless(merged), timeless(&String::from_utf8(once.stdout).unwrap()));
}

#[test]
fn the_workflows_follow_the_github_workflow_schema() {
    let found = Command::new("check-jsonschema").arg("--version").output();
    if !found.is_ok_and(|out| out.status.success()) {
        println!("skipped: check-jsonschema is not installed (`pip install check-jsonschema` runs this test)");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    assert!(tilewright(tmp.path(), &["init", "repo"]).status.success());
    let workflows = tmp.path().join("repo/.github/workflows");
    for name in ["tiles.yml", "balance.yml"] {
        let out = Command::new("check-jsonschema")
            .args(["--builtin-schema", "vendor.github-workflows"])
            .arg(workflows.join(name))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
