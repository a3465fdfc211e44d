//! The two sides of an A/B: what run A plays (tile sets and a rule set), what run B changes
//! from it with the change in words, and which tiles each run studies. The command line
//! (`balance --compare-rules`, `--without`, `--compare-tilesets`) and the editor's Balance page
//! both decide their A/B here, then load what each side names in their own way (files named
//! on the command line, the document's text and its saved file in the editor).

use super::report::Comparison;
use crate::game::set_id;

/// A tile set or expansion a side plays: its name as the caller gives it (an id; on the
/// command line also a path), and the ids of the sets it stands for (a folder holds several).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetName {
    /// The name, as it is loaded.
    pub name: String,
    /// The ids it stands for, without any edition.
    pub ids: Vec<String>,
}

impl SetName {
    /// A set named by its id (`base`, `base@first-edition`): that set alone.
    pub fn id(id: &str) -> SetName {
        SetName {
            name: id.to_owned(),
            ids: vec![set_id(id).to_owned()],
        }
    }
}

/// What one run of an A/B plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// Tile sets and expansions, in order.
    pub sets: Vec<SetName>,
    /// The rule set, named as the caller names it (an id, or a path).
    pub rules: String,
}

impl Side {
    /// The set under study, named by its id, played on `companions` (the base game beside an
    /// expansion): the companions first, then the set, each once.
    pub fn studied(studied: &str, companions: &[String], rules: &str) -> Side {
        let mut names: Vec<&str> = Vec::new();
        for id in companions.iter().map(String::as_str).chain([studied]) {
            if !names.contains(&id) {
                names.push(id);
            }
        }
        Side {
            sets: names.into_iter().map(SetName::id).collect(),
            rules: rules.to_owned(),
        }
    }

    /// The names of its sets, in order: what is loaded to play it.
    pub fn names(&self) -> Vec<String> {
        self.sets.iter().map(|s| s.name.clone()).collect()
    }

    /// Every id its sets stand for, in order.
    fn ids(&self) -> Vec<String> {
        self.sets.iter().flat_map(|s| s.ids.iter().cloned()).collect()
    }
}

/// What run B changes from run A.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Variant {
    /// The same sets under another rule set, named as A's rules are.
    Rules(String),
    /// The same rules and sets but one: the set left out, named as asked (an id, or a path),
    /// which must be one of A's sets (not one of several a folder of A holds).
    Without(SetName),
    /// The same rules, each set of A that one of these files holds replaced by that file:
    /// another version of the set.
    Versions(Vec<Version>),
    /// The same sets and rules, read from the files as they are saved (A plays the unsaved
    /// edits).
    Saved,
}

/// Another version of a tile set or expansion: a file holding one set with the id of a set of A.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    /// The file as it is shown, in the change's words and in errors.
    pub shown: String,
    /// The file as B names it to load it.
    pub name: String,
    /// The ids of the sets it holds.
    pub ids: Vec<String>,
}

/// Run B of an A/B.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunB {
    /// What it plays.
    pub side: Side,
    /// What it changes from A, in words: `rules farms-2000`, `without hills-and-sheep`,
    /// `tile sets mini from mini-v2.toml`, `as saved`.
    pub change: String,
}

/// Why run B cannot be made from run A.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SidesError {
    /// The set left out is not played in A.
    #[error("`{left_out}` is not one of the tile sets played ({})", played.join(", "))]
    NotPlayed {
        /// The set left out, as named.
        left_out: String,
        /// The ids A plays.
        played: Vec<String>,
    },
    /// The set left out comes from a folder of A with other sets.
    #[error("`{name}` holds `{left_out}` with others ({}); name its file instead of the folder", ids.join(", "))]
    HeldWithOthers {
        /// The set left out, as named.
        left_out: String,
        /// A's name of the folder.
        name: String,
        /// The ids the folder holds.
        ids: Vec<String>,
    },
    /// Without the set left out, A plays no set.
    #[error("nothing is left to play without `{left_out}`: add a tile set to play with")]
    NothingLeft {
        /// The set left out, as named.
        left_out: String,
    },
    /// A version's file holds other than one set.
    #[error("{file} holds {} tile sets and expansions ({}); give the file of one", ids.len(), ids.join(", "))]
    NotOneSet {
        /// The file, as shown.
        file: String,
        /// The ids it holds.
        ids: Vec<String>,
    },
    /// A version's set is not played in A.
    #[error("{file} holds the set `{id}`, which is not played (the sets played: {})", played.join(", "))]
    VersionNotPlayed {
        /// The file, as shown.
        file: String,
        /// The id it holds.
        id: String,
        /// The ids A plays.
        played: Vec<String>,
    },
    /// A version's set comes from a folder of A with other sets.
    #[error("the set `{id}` of {file} comes from `{name}` with others ({}); name its file instead of the folder", ids.join(", "))]
    VersionOfFolder {
        /// The file, as shown.
        file: String,
        /// The id it holds.
        id: String,
        /// A's name of the folder.
        name: String,
        /// The ids the folder holds.
        ids: Vec<String>,
    },
    /// Two versions of one set.
    #[error("{file}: the set `{id}` is replaced already, by {earlier}; give one version of each set")]
    ReplacedTwice {
        /// The second file, as shown.
        file: String,
        /// The set's id.
        id: String,
        /// The first file, as shown.
        earlier: String,
    },
}

impl Variant {
    /// Run B of an A/B whose run A plays `a`.
    pub fn b_of(&self, a: &Side) -> Result<RunB, SidesError> {
        let (side, change) = match self {
            Variant::Rules(rules) => (
                Side {
                    sets: a.sets.clone(),
                    rules: rules.clone(),
                },
                format!("rules {rules}"),
            ),
            Variant::Without(left_out) => (without(a, left_out)?, format!("without {}", left_out.name)),
            Variant::Versions(versions) => versions_of(a, versions)?,
            Variant::Saved => (a.clone(), "as saved".to_owned()),
        };
        Ok(RunB { side, change })
    }
}

/// A's sets but the one `left_out` names.
fn without(a: &Side, left_out: &SetName) -> Result<Side, SidesError> {
    let mut kept = Vec::new();
    for set in &a.sets {
        let leaving = set.ids.iter().filter(|id| left_out.ids.contains(id)).count();
        if leaving == 0 {
            kept.push(set.clone());
        } else if leaving < set.ids.len() {
            return Err(SidesError::HeldWithOthers {
                left_out: left_out.name.clone(),
                name: set.name.clone(),
                ids: set.ids.clone(),
            });
        }
    }
    if kept.len() == a.sets.len() {
        return Err(SidesError::NotPlayed {
            left_out: left_out.name.clone(),
            played: a.ids(),
        });
    }
    if kept.is_empty() {
        return Err(SidesError::NothingLeft {
            left_out: left_out.name.clone(),
        });
    }
    Ok(Side {
        sets: kept,
        rules: a.rules.clone(),
    })
}

/// A's sets, each that one of `versions` holds replaced by it; and the change in words.
fn versions_of(a: &Side, versions: &[Version]) -> Result<(Side, String), SidesError> {
    let mut b = a.clone();
    let mut changes = Vec::new();
    // The version that replaces each set of A so far.
    let mut replaced: Vec<Option<&Version>> = vec![None; a.sets.len()];
    for version in versions {
        let file = || version.shown.clone();
        let [id] = version.ids.as_slice() else {
            return Err(SidesError::NotOneSet {
                file: file(),
                ids: version.ids.clone(),
            });
        };
        let Some(at) = a.sets.iter().position(|s| s.ids.contains(id)) else {
            return Err(SidesError::VersionNotPlayed {
                file: file(),
                id: id.clone(),
                played: a.ids(),
            });
        };
        let set = &a.sets[at];
        if set.ids.len() > 1 {
            return Err(SidesError::VersionOfFolder {
                file: file(),
                id: id.clone(),
                name: set.name.clone(),
                ids: set.ids.clone(),
            });
        }
        if let Some(earlier) = replaced[at].replace(version) {
            return Err(SidesError::ReplacedTwice {
                file: file(),
                id: id.clone(),
                earlier: earlier.shown.clone(),
            });
        }
        b.sets[at] = SetName {
            name: version.name.clone(),
            ids: version.ids.clone(),
        };
        changes.push(format!("{id} from {}", version.shown));
    }
    Ok((b, format!("tile sets {}", changes.join(", "))))
}

impl Comparison {
    /// Puts the tiles of `sets` first in run A, and those of them that B plays first in run B
    /// (no set, no focus: [`super::BalanceReport::focus_on`]).
    pub fn focus_on(&mut self, sets: &[String]) {
        self.a.focus_on(sets);
        let in_b: Vec<String> = sets
            .iter()
            .filter(|s| self.b.tilesets.iter().any(|t| &t.id == *s))
            .cloned()
            .collect();
        self.b.focus_on(&in_b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(side: &Side) -> Vec<String> {
        side.names()
    }

    fn folder(name: &str, ids: &[&str]) -> SetName {
        SetName {
            name: name.to_owned(),
            ids: ids.iter().map(|id| (*id).to_owned()).collect(),
        }
    }

    fn version(shown: &str, ids: &[&str]) -> Version {
        Version {
            shown: shown.to_owned(),
            name: format!("./{shown}"),
            ids: ids.iter().map(|id| (*id).to_owned()).collect(),
        }
    }

    #[test]
    fn an_expansion_plays_on_its_companions_each_set_once() {
        let companions = ["base".to_owned(), "abbey-and-mayor".to_owned()];
        let a = Side::studied("abbey-and-mayor", &companions, "new-edition");
        assert_eq!(names(&a), ["base", "abbey-and-mayor"]);
        assert_eq!(a.rules, "new-edition");
        assert_eq!(names(&Side::studied("base", &[], "new-edition")), ["base"]);
    }

    #[test]
    fn other_rules_play_the_same_sets_and_the_saved_files_the_same_sets_and_rules() {
        let a = Side::studied("abbey-and-mayor", &["base".to_owned()], "new-edition");
        let b = Variant::Rules("farms-2000".into()).b_of(&a).unwrap();
        assert_eq!((names(&b.side), b.side.rules.as_str()), (names(&a), "farms-2000"));
        assert_eq!(b.change, "rules farms-2000");
        let saved = Variant::Saved.b_of(&a).unwrap();
        assert_eq!((saved.side, saved.change.as_str()), (a, "as saved"));
    }

    #[test]
    fn an_expansion_is_compared_without_itself_by_id_or_by_path() {
        let a = Side::studied("abbey-and-mayor", &["base".to_owned()], "new-edition");
        let b = Variant::Without(SetName::id("abbey-and-mayor@new-edition"))
            .b_of(&a)
            .unwrap();
        assert_eq!(
            (names(&b.side), b.change.as_str()),
            (vec!["base".to_owned()], "without abbey-and-mayor@new-edition")
        );
        let a = Side {
            sets: vec![SetName::id("base"), folder("./mini.toml", &["mini"])],
            rules: "rules.toml".into(),
        };
        let b = Variant::Without(folder("mini.toml", &["mini"])).b_of(&a).unwrap();
        assert_eq!(
            (names(&b.side), b.side.rules.as_str()),
            (vec!["base".to_owned()], "rules.toml")
        );
    }

    #[test]
    fn leaving_out_a_set_not_played_alone_or_the_only_one_is_refused() {
        let base = Side::studied("base", &[], "new-edition");
        let without = |a: &Side, id: &str| Variant::Without(SetName::id(id)).b_of(a).unwrap_err();
        assert!(matches!(without(&base, "base"), SidesError::NothingLeft { .. }));
        assert_eq!(
            without(&base, "hills-and-sheep").to_string(),
            "`hills-and-sheep` is not one of the tile sets played (base)"
        );
        let a = Side {
            sets: vec![SetName::id("base"), folder("./sets", &["mini", "other"])],
            rules: "new-edition".into(),
        };
        let SidesError::HeldWithOthers { name, ids, .. } = without(&a, "mini") else {
            panic!("held with others")
        };
        assert_eq!((name.as_str(), ids.len()), ("./sets", 2));
    }

    #[test]
    fn a_version_replaces_the_set_with_its_id_once() {
        let a = Side {
            sets: vec![SetName::id("base"), folder("mini.toml", &["mini"])],
            rules: "new-edition".into(),
        };
        let b = Variant::Versions(vec![version("mini-v2.toml", &["mini"])])
            .b_of(&a)
            .unwrap();
        assert_eq!(names(&b.side), ["base", "./mini-v2.toml"]);
        assert_eq!(b.change, "tile sets mini from mini-v2.toml");
        let refused = |versions: Vec<Version>| Variant::Versions(versions).b_of(&a).unwrap_err();
        assert!(matches!(
            refused(vec![version("two", &["mini", "x"])]),
            SidesError::NotOneSet { .. }
        ));
        assert!(matches!(
            refused(vec![version("x.toml", &["x"])]),
            SidesError::VersionNotPlayed { .. }
        ));
        let twice = refused(vec![version("v2.toml", &["mini"]), version("v3.toml", &["mini"])]);
        assert!(matches!(twice, SidesError::ReplacedTwice { ref earlier, .. } if earlier == "v2.toml"));
        let in_folder = Side {
            sets: vec![folder("./sets", &["mini", "other"])],
            ..a.clone()
        };
        let folder_refused = Variant::Versions(vec![version("v2.toml", &["mini"])]).b_of(&in_folder);
        assert!(matches!(folder_refused, Err(SidesError::VersionOfFolder { .. })));
    }
}
