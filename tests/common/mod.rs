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

/// A tile name that would run a script, break out of an attribute or start an entity if it
/// reached an HTML page as it is.
#[allow(dead_code)]
pub const HOSTILE: &str = "<script>alert(1)</script>\"&'";
/// Another that would run a script when loaded, through an element's handler.
#[allow(dead_code)]
pub const HANDLER: &str = "<img src=x onerror=\"document.title='pwned'\">";

/// Writes `hostile.toml` into `dir`: the base tile set under the id `hostile`, its tiles A and B
/// named [`HOSTILE`] and [`HANDLER`].
#[allow(dead_code)]
pub fn hostile_tileset(dir: &Path) {
    let toml = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
    let text = include_str!("../../tilesets/base.toml")
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
