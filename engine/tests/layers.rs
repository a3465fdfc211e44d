//! The engine's layers, kept by reading its source (as rust-analyzer's tidy tests do): which
//! top-level modules each module names through `crate::`. Test modules (`#[cfg(test)] mod
//! tests`, at the end of a file) and comments are left out.
//!
//! - `model` (with `edge`, the edge grammar its schema names) depends on nothing else.
//! - `validate` does not depend on `game` or `bundled`: the base catalog comes in explicitly.
//! - `game` does not depend on `validate` or `bundled`: it plays what its catalog holds; nor
//!   on the players built on it (`bots`, `simulate`).
//! - `bots` play a `Game`: they do not read files (`validate`, `bundled`, `catalog`), and
//!   `simulate` plays through them, not the reverse.
//! - `catalog` does not depend on `validate`, `bundled` or `game`; `report` is below both
//!   `catalog` and `validate`.
//! - The core of play (`game/mod.rs`, `turn.rs`, `placement.rs`, `deploy.rs`, `scoring.rs`)
//!   names no expansion mechanism: mechanisms act through their hooks.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tilewright_engine::bundled;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{GameDef, SetupError};

/// What a module may name.
enum Allowed {
    /// Only these modules.
    Only(&'static [&'static str]),
    /// Any module but these.
    Not(&'static [&'static str]),
}

const LAYERS: &[(&str, Allowed)] = &[
    ("model", Allowed::Only(&["edge"])),
    ("edge", Allowed::Only(&["model"])),
    ("report", Allowed::Only(&["diagnostic", "source"])),
    ("catalog", Allowed::Not(&["validate", "bundled", "game"])),
    ("validate", Allowed::Not(&["game", "bundled"])),
    ("game", Allowed::Not(&["validate", "bundled", "bots", "simulate"])),
    ("bots", Allowed::Not(&["validate", "bundled", "catalog", "simulate"])),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files of top-level module `name`: `src/name.rs` and everything under `src/name/`.
fn files_of(name: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let single = src().join(format!("{name}.rs"));
    if single.is_file() {
        files.push(single);
    }
    let mut folders = vec![src().join(name)];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The top-level modules named by `crate::NAME` in `text`, outside test modules and comments.
fn named(text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
    let mut found = BTreeSet::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or_default();
        for (at, _) in line.match_indices("crate::") {
            if line[..at].ends_with(|c: char| c == '$' || c == '_' || c.is_alphanumeric()) {
                continue;
            }
            let rest = &line[at + "crate::".len()..];
            let end = rest
                .find(|c: char| !(c == '_' || c.is_alphanumeric()))
                .unwrap_or(rest.len());
            found.insert(rest[..end].to_owned());
        }
    }
    found
}

/// The engine's top-level modules, from `lib.rs`.
fn modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.trim().strip_suffix(';')?.split("mod ").nth(1).map(str::to_owned))
        .collect()
}

#[test]
fn modules_name_only_the_layers_they_may() {
    let modules = modules();
    let mut wrong = Vec::new();
    for (module, allowed) in LAYERS {
        assert!(modules.contains(*module), "no module `{module}` in lib.rs");
        let files = files_of(module);
        assert!(!files.is_empty(), "no files for module `{module}`");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for name in named(&text) {
                let shown = file.strip_prefix(src()).unwrap().display();
                if !modules.contains(&name) {
                    wrong.push(format!(
                        "{shown}: `crate::{name}` is not a module; name the module it is in"
                    ));
                    continue;
                }
                let ok = name == *module
                    || match allowed {
                        Allowed::Only(only) => only.contains(&name.as_str()),
                        Allowed::Not(not) => !not.contains(&name.as_str()),
                    };
                if !ok {
                    wrong.push(format!("{shown}: `{module}` must not depend on `{name}`"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "layers crossed:\n{}", wrong.join("\n"));
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

#[test]
fn the_reader_sees_through_comments_tests_and_lookalikes() {
    let text = "use crate::model::Tile;\n// crate::game\nlet x = my_crate::bundled;\n\
                f(crate::validate::read_model(s)); // crate::files\n#[cfg(test)]\nmod tests {\n    use crate::bundled;\n}\n";
    let found: Vec<String> = named(text).into_iter().collect();
    assert_eq!(found, ["model", "validate"]);
}

#[test]
fn game_setup_finds_rules_only_in_the_catalog_it_is_given() {
    let base = bundled::catalog();
    let tiles_only = Catalog {
        tilesets: base.tilesets.clone(),
        ..Catalog::default()
    };
    let sets = ["base".to_owned()];
    let refused = GameDef::from_catalog(&tiles_only, &sets, "new-edition").unwrap_err();
    assert!(matches!(refused, SetupError::UnknownRules(..)), "{refused}");
    let with_rules = tiles_only.with_base(base);
    assert!(GameDef::from_catalog(&with_rules, &sets, "new-edition").is_ok());
}
