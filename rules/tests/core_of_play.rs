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
