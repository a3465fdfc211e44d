//! What the command-line tests share.

use std::path::Path;
use std::process::{Command, Output};

/// Runs the binary in `dir` without colours.
pub fn tilewright(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilewright"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}
