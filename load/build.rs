//! Embeds every file of the crate's copy of the project's `tilesets/` and `rulesets/` folders
//! (`data/`, kept identical by `tests/bundled_copies.rs`) as `bundled::FILES`, so that a new
//! bundled tile set, expansion or rule set is a file only. Tile sets come first,
//! the base game before the others; then rule sets, those that extend none first; each group
//! by file name.

use std::path::Path;
use std::{env, fs};

fn main() {
    // Read when the script runs, not when it was compiled, so that a build script compiled in
    // one checkout never embeds another checkout's files.
    let manifest_dir = env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("data");
    let mut code = String::from("/// Bundled files: path (relative to the project root) and text.\n");
    code.push_str("pub const FILES: &[(&str, &str)] = &[\n");
    for folder in ["tilesets", "rulesets"] {
        let dir = root.join(folder);
        println!("cargo::rerun-if-changed={}", dir.display());
        let mut files: Vec<(bool, String)> = fs::read_dir(&dir)
            .expect("a bundled folder")
            .map(|entry| {
                entry
                    .expect("a bundled folder's entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name.ends_with(".toml") && !name.starts_with('.'))
            .map(|name| {
                let text = fs::read_to_string(dir.join(&name)).expect("a bundled file");
                let later = name != "base.toml" && folder == "tilesets"
                    || text.lines().any(|line| line.trim_start().starts_with("extends"));
                (later, name)
            })
            .collect();
        files.sort();
        for (_, name) in &files {
            let path = dir.join(name);
            println!("cargo::rerun-if-changed={}", path.display());
            let path = path.canonicalize().expect("a bundled file's path");
            code.push_str(&format!(
                "    ({:?}, include_str!({:?})),\n",
                format!("{folder}/{name}"),
                path
            ));
        }
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("bundled_files.rs");
    fs::write(out, code).expect("writing the list of bundled files");
}
