//! What a game is played with, said before any figure: tile sets with the edition played (and
//! why) and their content hashes, expansion files, the rule set and its `extends` chain (with
//! the house rules that switch mechanisms off and the figure counts it sets), the values of the
//! mechanisms in play, and the run's own numbers. One block of text lines, or a JSON object under `played`.

use serde_json::{Map, Value, json};
use tilewright_engine::game::{EditionFrom, GameDef};
use tilewright_engine::model::Rules;

use crate::escape;

/// The run's own numbers, said after the data.
pub enum Run {
    /// `simulate`: games asked for, on threads.
    Simulate {
        players: u8,
        seed: u64,
        games: u64,
        threads: usize,
    },
    /// `replay`: a record's players, seed and actions.
    Replay { players: u8, seed: u64, actions: usize },
}

/// How an edition was chosen, for a reader: the words after the edition, and the JSON keys.
fn edition_from(from: Option<&EditionFrom>) -> (String, Value) {
    match from {
        Some(EditionFrom::Named) | None => ("named".into(), json!({ "edition_from": "named" })),
        Some(EditionFrom::Declared) => (
            "declared by the rules' `edition`".into(),
            json!({ "edition_from": "declared" }),
        ),
        Some(EditionFrom::RuleSet(id)) => (
            format!("named like rule set {}", escape::line(id)),
            json!({ "edition_from": "rule-set", "rule_set": id }),
        ),
        Some(EditionFrom::First) => ("its first edition".into(), json!({ "edition_from": "first" })),
        Some(EditionFrom::Only) => (
            "its only edition, played whatever edition the rules play".into(),
            json!({ "edition_from": "only" }),
        ),
        Some(EditionFrom::Missing(declared)) => (
            format!(
                "its first edition: it has no edition {}, which the rules declare",
                escape::line(declared)
            ),
            json!({ "edition_from": "missing", "declared": declared }),
        ),
    }
}

/// A rule value the rule set played gives otherwise than the rule set it extends.
#[derive(Debug, Clone, PartialEq)]
pub struct Changed {
    /// Where the value is, as a file writes it: `scoring.road-per-tile`, `figures.follower`,
    /// `marks.inn.incomplete.per-tile`.
    pub key: String,
    /// The value played (`null`: none, as when the rule set extended sets a figure count this
    /// one does not).
    pub value: Value,
    /// The value of the rule set extended.
    pub extended: Value,
}

/// The parts of resolved rules that are rule values (not names or the chain).
const VALUES: [&str; 5] = ["edition", "scoring", "switches", "figures", "marks"];

/// Every rule value of `rules` that differs from `extended` (the rule set it extends,
/// resolved), in the order of the parts, then of the keys.
pub fn changed(rules: &Rules, extended: &Rules) -> Vec<Changed> {
    let (mine, theirs) = (serde_json::to_value(rules), serde_json::to_value(extended));
    let (Ok(mine), Ok(theirs)) = (mine, theirs) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for part in VALUES {
        differ(part.to_owned(), &mine[part], &theirs[part], &mut out);
    }
    out
}

/// The leaves under `key` where `mine` and `theirs` differ.
fn differ(key: String, mine: &Value, theirs: &Value, out: &mut Vec<Changed>) {
    match (mine, theirs) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let (a, b) = (a.get(k).unwrap_or(&Value::Null), b.get(k).unwrap_or(&Value::Null));
                differ(format!("{key}.{k}"), a, b, out);
            }
        }
        // A table on one side only: each of its values differs from none.
        (Value::Object(_), Value::Null) | (Value::Null, Value::Object(_)) => {
            let empty = Value::Object(Map::new());
            let (a, b) = if mine.is_null() {
                (&empty, theirs)
            } else {
                (mine, &empty)
            };
            differ(key, a, b, out);
        }
        _ if mine != theirs => out.push(Changed {
            key,
            value: mine.clone(),
            extended: theirs.clone(),
        }),
        _ => {}
    }
}

/// A value as a file writes it; none as `none`.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => "not set".into(),
        Value::String(text) => escape::line(text),
        other => escape::line(&other.to_string()),
    }
}

/// The changes in one line: `scoring.road-per-tile 2 (new-edition: 1), ...`.
pub fn changed_line(changes: &[Changed], extended: &str) -> String {
    let each: Vec<String> = changes
        .iter()
        .map(|c| {
            format!(
                "{} {} ({}: {})",
                escape::line(&c.key),
                shown(&c.value),
                escape::line(extended),
                shown(&c.extended)
            )
        })
        .collect();
    each.join(", ")
}

/// The house-rule switches that leave a mechanism out of the game, by key.
fn switched_off(def: &GameDef) -> Vec<&'static str> {
    let switches = def.rules().switches.mechanisms();
    switches.into_iter().filter(|(_, on)| !on).map(|(key, _)| key).collect()
}

/// The values of mechanisms in play, by key, those the rules replace marked.
fn values_line(def: &GameDef) -> String {
    let shown: Vec<String> = def
        .values()
        .iter()
        .map(|(key, value)| {
            let house = if def.rules().values.contains_key(key) {
                " (house rule)"
            } else {
                ""
            };
            format!("{} {value}{house}", escape::line(key))
        })
        .collect();
    shown.join(", ")
}

/// The lines that say what is played, untrusted text made safe; `changes`, the rule values
/// that differ from the rule set extended ([`changed`]).
pub fn lines(def: &GameDef, changes: &[Changed], run: &Run) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, set) in def.sets().iter().enumerate() {
        let (why, _) = edition_from(def.editions_from().get(i));
        lines.push(format!(
            "tile set {}@{} ({why}), content {}",
            escape::line(&set.id),
            escape::line(&set.edition),
            escape::line(&set.hash)
        ));
    }
    for expansion in def.expansions() {
        lines.push(format!(
            "expansion {}, content {}",
            escape::line(&expansion.id),
            escape::line(&expansion.hash)
        ));
    }
    let rules = def.rules();
    let mut line = format!("rules {} \"{}\"", escape::line(&rules.id), escape::line(&rules.name));
    if !rules.extends.is_empty() {
        let chain: Vec<String> = rules.extends.iter().map(|id| escape::line(id)).collect();
        line.push_str(&format!(", extending {}", chain.join(" → ")));
    }
    if let Some(edition) = &rules.edition {
        line.push_str(&format!(", edition {}", escape::line(edition)));
    }
    lines.push(line);
    if let Some(extended) = rules.extends.first().filter(|_| !changes.is_empty()) {
        lines.push(format!(
            "rule values changed from {}: {}",
            escape::line(extended),
            changed_line(changes, extended)
        ));
    }
    let off = switched_off(def);
    if !off.is_empty() {
        lines.push(format!("house rules switch off: {}", off.join(", ")));
    }
    if !rules.figures.is_empty() {
        let counts: Vec<String> = rules
            .figures
            .iter()
            .map(|(id, count)| format!("{} {count}", escape::line(id)))
            .collect();
        lines.push(format!("figures per player: {}", counts.join(", ")));
    }
    if !def.values().is_empty() {
        lines.push(format!("values: {}", values_line(def)));
    }
    lines.push(match *run {
        Run::Simulate {
            players,
            seed,
            games,
            threads,
        } => {
            let threads = if threads == 1 {
                "1 thread".into()
            } else {
                format!("{threads} threads")
            };
            format!("{players} players, seed {seed}, {games} games asked on {threads}")
        }
        Run::Replay { players, seed, actions } => format!("{players} players, seed {seed}, {actions} actions"),
    });
    lines
}

/// The same as a JSON object: `tilesets` (`id`, `edition`, `hash`, `edition_from`: `named`,
/// `declared`, `rule-set` with `rule_set`, `first`, or `missing` with `declared`),
/// `expansions` (`id`, `hash`), `rules` (`id`, `name`, `extends`, `edition`, `switched_off`:
/// the house-rule switches that are off, `figures`: figure counts the rules set, `values`: the
/// values of the mechanisms in play, by key, `changed`: each rule value that differs from the
/// rule set extended, as `key`, `value`, `extended`), then the run's numbers.
pub fn json(def: &GameDef, changes: &[Changed], run: &Run) -> Value {
    let tilesets: Vec<Value> = def
        .sets()
        .iter()
        .enumerate()
        .map(|(i, set)| {
            let mut entry = json!({ "id": set.id, "edition": set.edition, "hash": set.hash });
            if let (Value::Object(entry), (_, Value::Object(from))) =
                (&mut entry, edition_from(def.editions_from().get(i)))
            {
                entry.extend(from);
            }
            entry
        })
        .collect();
    let expansions: Vec<Value> = def
        .expansions()
        .iter()
        .map(|e| json!({ "id": e.id, "hash": e.hash }))
        .collect();
    let rules = def.rules();
    let mut played = Map::new();
    played.insert("tilesets".into(), tilesets.into());
    played.insert("expansions".into(), expansions.into());
    played.insert(
        "rules".into(),
        json!({
            "id": rules.id,
            "name": rules.name,
            "extends": rules.extends,
            "edition": rules.edition,
            "switched_off": switched_off(def),
            "figures": rules.figures,
            "values": def.values(),
            "changed": changes
                .iter()
                .map(|c| json!({ "key": c.key, "value": c.value, "extended": c.extended }))
                .collect::<Vec<_>>(),
        }),
    );
    let numbers = match *run {
        Run::Simulate {
            players,
            seed,
            games,
            threads,
        } => json!({ "players": players, "seed": seed, "games": games, "threads": threads }),
        Run::Replay { players, seed, actions } => json!({ "players": players, "seed": seed, "actions": actions }),
    };
    if let Value::Object(numbers) = numbers {
        played.extend(numbers);
    }
    Value::Object(played)
}
