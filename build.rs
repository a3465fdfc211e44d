//! Records where this command line was built from when that is a git checkout whose `origin`
//! a CI runner can fetch (plain `https://`, no credentials): `tilewright init` makes
//! `git+URL@COMMIT` the way a new repository's workflows install tilewright, which works
//! whether or not a release is published. Anywhere else (a crate or wheel from a registry)
//! nothing is recorded and `init` names the published version.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/refs/heads");
    println!("cargo:rerun-if-changed=.git/config");
    let git = |args: &[&str]| {
        let out = Command::new("git").args(args).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        out.status.success().then(|| text.trim().to_owned())
    };
    let (Some(url), Some(commit)) = (git(&["remote", "get-url", "origin"]), git(&["rev-parse", "HEAD"])) else {
        return;
    };
    let fetchable = url
        .strip_prefix("https://")
        .is_some_and(|rest| !rest.is_empty() && !rest.contains('@'))
        && url
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~:/%".contains(&b));
    if fetchable && commit.bytes().all(|b| b.is_ascii_hexdigit()) {
        println!("cargo:rustc-env=TILEWRIGHT_SOURCE=git+{url}@{commit}");
    }
}
