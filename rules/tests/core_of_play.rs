//! The core of play (`game/mod.rs`, `turn.rs`, `placement.rs`, `deploy.rs`, `scoring.rs`)
//! names no expansion mechanism: mechanisms act through their hooks (`game/mechanisms/`).
//! Read from the source, as rust-analyzer's tidy tests do; test modules and comments are left
//! out.

use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The core of play, which reaches the expansions' mechanisms only through their hooks
/// (`game/mechanisms/`).
const CORE: &[&str] = &[
    "game/mod.rs",
    "game/turn.rs",
    "game/placement.rs",
    "game/deploy.rs",
    "game/scoring.rs",
];

/// Words that name a mechanism of the bundled expansions, its figures, phases or actions.
const MECHANISM_WORDS: &[&str] = &[
    "abbey",
    "barn",
    "hill",
    "shepherd",
    "wagon",
    "vineyard",
    "flock",
    "sheep",
    "wolf",
    "wolves",
    "choose",
    "placeheld",
    "grow",
    "guide",
    "companion",
    "extra_turn",
    "bonus",
];

#[test]
fn the_core_of_play_names_no_mechanism() {
    let mut named = Vec::new();
    for file in CORE {
        let text = std::fs::read_to_string(src().join(file)).unwrap();
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or_default().to_lowercase();
            if let Some(word) = MECHANISM_WORDS.iter().find(|w| line.contains(*w)) {
                named.push(format!("{file}:{}: `{word}` in {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        named.is_empty(),
        "the core names a mechanism (act through a hook instead):\n{}",
        named.join("\n")
    );
}

/// Where a word of the bundled mechanisms may appear in code outside their modules, and why.
const MAY_NAME_MECHANISMS: &[(&str, &str)] = &[
    ("rules/src/game/mechanisms/", "the mechanisms themselves"),
    (
        "model/src/",
        "the words of the file format (`mechanism = \"barn\"`, switches, values)",
    ),
    ("jcz/src/", "JCloisterZone's own element and attribute names"),
    (
        "rules/src/game/record.rs",
        "the frozen hash of records written before house rules, by the switches' old names",
    ),
    (
        "editor/src/figure_art.rs",
        "the picture library, by the names mechanisms give their looks",
    ),
];

/// Every source file of the workspace's crates (tests and comments aside) names none of the
/// bundled mechanisms' figures outside [`MAY_NAME_MECHANISMS`]: the rest reach their actions,
/// events, ways of scoring and counters through what the mechanisms declare.
#[test]
fn only_the_mechanisms_and_the_file_formats_name_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut named = Vec::new();
    let crates = ["model", "rules", "load", "engine", "picture", "report", "jcz", "editor"];
    let mut folders: Vec<PathBuf> = crates.iter().map(|c| root.join(c).join("src")).collect();
    folders.push(root.join("src"));
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let shown = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            if path.extension().is_none_or(|e| e != "rs")
                || MAY_NAME_MECHANISMS.iter().any(|(prefix, _)| shown.starts_with(prefix))
            {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (n, line) in code.lines().enumerate() {
                // Code only: comments, and lines of TOML templates written as comments, aside.
                let line = line.split("//").next().unwrap_or_default().to_lowercase();
                if line.trim_start().starts_with('#') {
                    continue;
                }
                if let Some(word) = ["barn", "shepherd", "wagon"].iter().find(|w| line.contains(*w)) {
                    named.push(format!("{shown}:{}: `{word}` in {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        named.is_empty(),
        "code outside the mechanisms names one (declare it in the mechanism instead):\n{}",
        named.join("\n")
    );
}

/// A mechanism changes the game only through its [`Play`](tilewright_rules::game::Play)
/// handle: no mechanism module takes `&mut Game`, and the methods it adds to `Game` read only.
/// The one exception is a test hook of the shepherd's (forcing its draws), which goes through
/// a `Play` of its own as well.
#[test]
fn mechanisms_change_the_game_only_through_their_handle() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game/mechanisms");
    let mut reaching = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // The dispatchers are the core's side of the hooks: they hand each mechanism its `Play`.
        if name == "hooks.rs" || name == "mod.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut in_game_impl = false;
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.starts_with("impl") {
                in_game_impl = code.trim_end() == "impl Game {";
            }
            let changes_game = code.contains("&mut Game")
                || (in_game_impl
                    && code.contains("&mut self")
                    && !code.contains("&mut self.")
                    && !code.contains("fn force_draws("));
            if changes_game {
                reaching.push(format!("{name}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        reaching.is_empty(),
        "a mechanism changes the game past its handle (take `&mut Play<'_, Self>` instead):\n{}",
        reaching.join("\n")
    );
}
