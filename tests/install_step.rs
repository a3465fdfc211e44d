//! The step that installs tilewright in the workflows `init` writes, run here both ways its
//! `TILEWRIGHT_INSTALL` allows: a version from a package index (a local one, holding a
//! stand-in wheel), and a revision of a git repository built with cargo (a local one, holding
//! a stand-in crate). Each must leave a `tilewright` on PATH that runs; a git source without a
//! revision fails with an annotation.

#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use common::tilewright;

/// The install step's script and the default `TILEWRIGHT_INSTALL` of a new repository's
/// workflows, which must agree between them.
fn install_step(init_args: &[&str]) -> (String, String) {
    let tmp = tempfile::tempdir().unwrap();
    let mut args = vec!["init", "repo"];
    args.extend(init_args);
    let out = tilewright(tmp.path(), &args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut found: Vec<(String, String)> = Vec::new();
    for name in ["tiles.yml", "balance.yml"] {
        let text = std::fs::read_to_string(tmp.path().join("repo/.github/workflows").join(name)).unwrap();
        let workflow: Value = serde_norway::from_str(&text).unwrap();
        let default = workflow["env"]["TILEWRIGHT_INSTALL"].as_str().unwrap();
        let default = default
            .strip_prefix("${{ vars.TILEWRIGHT_INSTALL || '")
            .and_then(|d| d.strip_suffix("' }}"))
            .unwrap_or_else(|| panic!("{name}: {default}"));
        for job in workflow["jobs"].as_object().unwrap().values() {
            for step in job["steps"].as_array().unwrap() {
                if step["name"] == "Install tilewright" {
                    found.push((step["run"].as_str().unwrap().to_owned(), default.to_owned()));
                }
            }
        }
    }
    // tiles.yml's job, then balance.yml's shard and merge jobs.
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found.iter().all(|f| *f == found[0]));
    found.swap_remove(0)
}

/// Runs `script` with `TILEWRIGHT_INSTALL=install` and the environment `env`.
fn run(script: &str, install: &str, env: &[(&str, &std::ffi::OsStr)]) -> Output {
    let mut command = Command::new("bash");
    command.args(["-e", "-c", script]).env("TILEWRIGHT_INSTALL", install);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

fn path_with(first: &Path) -> std::ffi::OsString {
    std::env::join_paths(
        std::iter::once(first.to_owned()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap()
}

fn succeeded(out: &Output) -> String {
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    said
}

#[test]
fn the_default_install_is_this_version_or_the_clone_it_was_built_from() {
    let (_, default) = install_step(&[]);
    let version = env!("CARGO_PKG_VERSION");
    assert!(default == version || default.starts_with("git+https://"), "{default}");
    let (_, chosen) = install_step(&["--install", "git+https://example.org/t.git@v1"]);
    assert_eq!(chosen, "git+https://example.org/t.git@v1");
    let tmp = tempfile::tempdir().unwrap();
    let out = tilewright(tmp.path(), &["init", "repo", "--install", "1.0; curl x | sh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!tmp.path().join("repo").exists());
}

#[test]
fn a_version_installs_from_a_package_index() {
    let Ok(found) = Command::new("python3").args(["-m", "venv", "--help"]).output() else {
        println!("skipped: no python3");
        return;
    };
    if !found.status.success() {
        println!("skipped: python3 has no venv module");
        return;
    }
    let (script, _) = install_step(&[]);
    let tmp = tempfile::tempdir().unwrap();
    let index = tmp.path().join("index");
    std::fs::create_dir(&index).unwrap();
    stand_in_wheel(&index, "9.8.7");
    let venv = tmp.path().join("venv");
    let made = Command::new("python3")
        .arg("-m")
        .arg("venv")
        .arg(&venv)
        .output()
        .unwrap();
    succeeded(&made);
    let out = run(
        &script,
        "9.8.7",
        &[
            ("PATH", &path_with(&venv.join("bin"))),
            ("PIP_NO_INDEX", "1".as_ref()),
            ("PIP_FIND_LINKS", index.as_os_str()),
            ("PIP_DISABLE_PIP_VERSION_CHECK", "1".as_ref()),
        ],
    );
    let said = succeeded(&out);
    assert!(said.contains("stand-in tilewright 9.8.7"), "{said}");
    assert!(venv.join("bin/tilewright").is_file());
}

#[test]
fn a_git_revision_builds_with_cargo() {
    let (script, _) = install_step(&[]);
    let tmp = tempfile::tempdir().unwrap();
    let repo = stand_in_repository(&tmp.path().join("source"));
    let cargo_home = tmp.path().join("cargo-home");
    let rustup_home = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap()).join(".rustup"));
    let env = [
        ("PATH", path_with(&cargo_home.join("bin"))),
        ("CARGO_HOME", cargo_home.clone().into_os_string()),
        ("RUSTUP_HOME", rustup_home.into_os_string()),
        // The step's own target folder, not the one of the tests running it.
        ("CARGO_TARGET_DIR", tmp.path().join("target").into_os_string()),
    ];
    let env: Vec<(&str, &std::ffi::OsStr)> = env.iter().map(|(k, v)| (*k, v.as_os_str())).collect();
    // `init` writes https URLs; here a local repository stands in.
    let url = format!("git+file://{}@{}", repo.0.display(), repo.1);
    let said = succeeded(&run(&script, &url, &env));
    assert!(said.contains("stand-in tilewright 9.8.7"), "{said}");
    assert!(cargo_home.join("bin/tilewright").is_file());
    // Built once: a second run (as after the cache restored it) keeps it.
    let again = succeeded(&run(&script, &url, &env));
    assert!(!again.contains("Compiling"), "{again}");

    let out = run(&script, "git+https://example.org/tilewright", &env);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("::error::TILEWRIGHT_INSTALL: git+URL needs @REVISION"),
        "{out:?}"
    );
}

/// A wheel named `tilewright` at `version` in `dir` whose `tilewright` script prints
/// "stand-in tilewright VERSION", made with Python's zipfile as a wheel is: no build step.
fn stand_in_wheel(dir: &Path, version: &str) {
    let maker = r##"
import base64, hashlib, sys, zipfile
dir, version = sys.argv[1], sys.argv[2]
info = f"tilewright-{version}.dist-info"
files = {
    f"tilewright-{version}.data/scripts/tilewright": f"#!/bin/sh\necho stand-in tilewright {version}\n",
    f"{info}/METADATA": f"Metadata-Version: 2.1\nName: tilewright\nVersion: {version}\n",
    f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
record = ""
for name, text in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
    record += f"{name},sha256={digest},{len(text.encode())}\n"
record += f"{info}/RECORD,,\n"
with zipfile.ZipFile(f"{dir}/tilewright-{version}-py3-none-any.whl", "w") as whl:
    for name, text in files.items():
        zinfo = zipfile.ZipInfo(name)
        zinfo.external_attr = 0o100755 << 16
        whl.writestr(zinfo, text)
    whl.writestr(f"{info}/RECORD", record)
"##;
    let out = Command::new("python3")
        .args(["-c", maker])
        .arg(dir)
        .arg(version)
        .output()
        .unwrap();
    succeeded(&out);
}

/// A git repository at `dir` holding a crate `tilewright` (with the `dist` profile the step
/// asks for) whose binary prints "stand-in tilewright 9.8.7": its path and commit.
fn stand_in_repository(dir: &Path) -> (PathBuf, String) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"tilewright\"\nversion = \"9.8.7\"\nedition = \"2021\"\n\n[profile.dist]\ninherits = \"release\"\nopt-level = 0\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("Cargo.lock"),
        "version = 4\n\n[[package]]\nname = \"tilewright\"\nversion = \"9.8.7\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/main.rs"),
        "fn main() { println!(\"stand-in tilewright 9.8.7\"); }\n",
    )
    .unwrap();
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.org")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.org")
            .output()
            .unwrap();
        succeeded(&out);
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "stand-in"]);
    (dir.to_owned(), git(&["rev-parse", "HEAD"]))
}
