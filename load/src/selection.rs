//! What a game is played with: tile sets, expansions and a rule set, each named by id or by
//! the path of the files that hold it, resolved against the files loaded plus the bundled ones.
//!
//! The command line builds a [`Selection`] from its arguments or from a game record; errors
//! are values ([`SelectionError`]) that name the wrong argument and list the known ids.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::FromCatalog;
use crate::catalog::{Catalog, Loaded};
use crate::diagnostic::Diagnostic;
use crate::game::{GameDef, GameRecord, SetupError, set_id};
use crate::schema::FileKind;
use crate::tile_image;
use crate::validate::validate_paths;

/// One tile set, expansion or rule set, named by id or by the path of files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named {
    /// An id (`base`, `base@first-edition`, `new-edition`), of a bundled file or of a file
    /// loaded from elsewhere.
    Id(String),
    /// A file, or a folder of files.
    Path(PathBuf),
}

impl Named {
    /// The id-vs-path rule: an argument is a path only when it contains a path separator or
    /// ends in `.toml`; anything else is an id, even when a file or folder of that name exists,
    /// so a folder named `base` where the command runs cannot stand in for the bundled tile set.
    pub fn parse(arg: &str) -> Named {
        let separator = arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR);
        if separator || arg.ends_with(".toml") {
            Named::Path(PathBuf::from(arg))
        } else {
            Named::Id(arg.to_owned())
        }
    }

    fn path(&self) -> Option<&Path> {
        match self {
            Named::Path(path) => Some(path),
            Named::Id(_) => None,
        }
    }
}

/// Where the names of a selection came from, which decides what an unknown id most likely
/// means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// Typed by a person: an id may be a file or folder named without a separator, and a set
    /// named twice is meant once.
    Arguments,
    /// A game record: its ids are played exactly as listed; the files that define an unknown
    /// one were not given.
    Record,
}

/// The tile sets and expansions and the rule set a game is to be played with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Tile sets and expansions, in order.
    pub sets: Vec<Named>,
    /// The rule set.
    pub rules: Named,
    origin: Origin,
}

impl Selection {
    /// A selection from arguments, each an id or a path by [`Named::parse`].
    pub fn from_args<S: AsRef<str>>(sets: &[S], rules: &str) -> Selection {
        Selection {
            sets: sets.iter().map(|arg| Named::parse(arg.as_ref())).collect(),
            rules: Named::parse(rules),
            origin: Origin::Arguments,
        }
    }

    /// The selection a game record was played with: its files and rule set, by id.
    pub fn from_record(record: &GameRecord) -> Selection {
        Selection {
            sets: record.files().into_iter().map(Named::Id).collect(),
            rules: Named::Id(record.rules.clone()),
            origin: Origin::Record,
        }
    }

    /// The paths among the names, which must be loaded before resolving.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.sets.iter().chain([&self.rules]).filter_map(Named::path)
    }

    /// Loads the paths among the names plus `data` (further files and folders that define
    /// ids), then resolves.
    pub fn load(&self, data: &[PathBuf]) -> Result<Resolved, SelectionError> {
        self.resolve(Data::load(self.paths().chain(data.iter().map(PathBuf::as_path)))?)
    }

    /// Resolves every name to ids that exist in `data` or among the bundled files, or says
    /// which name is wrong: first the paths (each must hold what it is named for), then the
    /// ids, tile sets before the rule set.
    pub fn resolve(&self, data: Data) -> Result<Resolved, SelectionError> {
        let mut tilesets: Vec<String> = Vec::new();
        let mut named_ids: Vec<Vec<String>> = Vec::new();
        for named in &self.sets {
            let found = match named {
                Named::Id(id) => vec![id.clone()],
                Named::Path(path) => {
                    let mut found = data.ids_from(&data.catalog.tilesets, |t| &t.id, path);
                    found.extend(data.ids_from(&data.catalog.expansions, |e| &e.id, path));
                    if found.is_empty() {
                        return Err(data
                            .wrong_path(path, &[FileKind::RuleSet], Wanted::Sets)
                            .unwrap_or(SelectionError::NoSets { path: path.clone() }));
                    }
                    found
                }
            };
            named_ids.push(found.iter().map(|id| set_id(id).to_owned()).collect());
            // A set named twice is played once; a record's list is replayed as it stands.
            for id in found {
                if self.origin == Origin::Record || !tilesets.contains(&id) {
                    tilesets.push(id);
                }
            }
        }
        let rules = match &self.rules {
            Named::Id(id) => id.clone(),
            Named::Path(path) => {
                let found = data.ids_from(&data.catalog.rulesets, |r| &r.id, path);
                let others = [FileKind::TileSet, FileKind::Expansion];
                if found.is_empty()
                    && let Some(wrong) = data.wrong_path(path, &others, Wanted::Rules)
                {
                    return Err(wrong);
                }
                one_rule_set(found, path)?
            }
        };
        let catalog = data.catalog.with_base(crate::bundled::catalog());
        let sets = catalog.tilesets.iter().map(|t| t.model.id.as_str());
        let known: Vec<&str> = sets
            .chain(catalog.expansions.iter().map(|e| e.model.id.as_str()))
            .collect();
        let rule_sets: Vec<&str> = catalog.rulesets.iter().map(|r| r.model.id.as_str()).collect();
        for spec in &tilesets {
            let id = set_id(spec);
            if !known.contains(&id) && rule_sets.contains(&id) {
                return Err(wrong_kind(id, false, FileKind::RuleSet, Wanted::Sets));
            }
            self.known(Wanted::Sets, id, &known)?;
        }
        if !rule_sets.contains(&rules.as_str()) {
            if catalog.tileset(&rules).is_some() {
                return Err(wrong_kind(&rules, false, FileKind::TileSet, Wanted::Rules));
            }
            if catalog.expansions.iter().any(|e| e.model.id == rules) {
                return Err(wrong_kind(&rules, false, FileKind::Expansion, Wanted::Rules));
            }
        }
        self.known(Wanted::Rules, &rules, &rule_sets)?;
        Ok(Resolved {
            catalog,
            tilesets,
            named_ids,
            rules,
            warnings: data.warnings,
            read: data.read,
        })
    }

    /// Checks that `id` is among `known`.
    fn known(&self, wanted: Wanted, id: &str, known: &[&str]) -> Result<(), SelectionError> {
        if known.contains(&id) {
            return Ok(());
        }
        let hint = match self.origin {
            Origin::Arguments if Path::new(id).exists() => Hint::WritePath,
            Origin::Arguments => Hint::None,
            Origin::Record => Hint::Record,
        };
        Err(SelectionError::Unknown {
            wanted,
            id: id.to_owned(),
            known: known.iter().map(|k| (*k).to_owned()).collect(),
            hint,
        })
    }
}

/// The error for `name`, which names a file of kind `is` where `wanted` was wanted.
fn wrong_kind(name: impl fmt::Display, folder: bool, is: FileKind, wanted: Wanted) -> SelectionError {
    SelectionError::WrongKind {
        name: name.to_string(),
        folder,
        is,
        wanted,
    }
}

/// The one rule set read from `path`.
fn one_rule_set(mut found: Vec<String>, path: &Path) -> Result<String, SelectionError> {
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(SelectionError::NoRuleSet {
            path: path.to_owned(),
            bundled: crate::bundled::catalog()
                .rulesets
                .iter()
                .map(|r| r.model.id.clone())
                .collect(),
        }),
        _ => Err(SelectionError::ManyRuleSets {
            path: path.to_owned(),
            found,
        }),
    }
}

/// The files loaded for a selection, validated, each checked once however often (and however
/// spelled: `a.toml`, `./a.toml`) it was named.
#[derive(Debug, Default)]
pub struct Data {
    /// What the files hold, without the bundled files.
    catalog: Catalog,
    /// Each distinct file or folder: what identifies it, and the path it was validated under.
    paths: Vec<(PathBuf, PathBuf)>,
    /// What validation warned of in the files (which do not stop a game from being played).
    warnings: Vec<Diagnostic>,
    /// Every file read: data files (and the other `.toml` files a folder search read), and
    /// the tile sets' images.
    read: Vec<PathBuf>,
}

impl Data {
    /// Validates the files and folders at `paths`; any error in them fails the whole load.
    pub fn load<'p>(paths: impl IntoIterator<Item = &'p Path>) -> Result<Data, SelectionError> {
        let mut unique: Vec<(PathBuf, PathBuf)> = Vec::new();
        for path in paths {
            let identity = path.canonicalize().unwrap_or_else(|_| path.to_owned());
            if !unique.iter().any(|(known, _)| *known == identity) {
                unique.push((identity, path.to_owned()));
            }
        }
        let spelled: Vec<PathBuf> = unique.iter().map(|(_, path)| path.clone()).collect();
        let report = validate_paths(&spelled, crate::bundled::catalog());
        if let Some(first) = report.diagnostics.iter().find(|d| d.is_error()) {
            return Err(SelectionError::Invalid {
                errors: report.errors(),
                first: Box::new(first.clone()),
            });
        }
        let images = report.catalog.tilesets.iter().flat_map(|set| {
            let folder = set.source.folder();
            set.model
                .tiles
                .iter()
                .filter_map(|tile| tile_image::resolve(folder, tile.image.as_deref()?).ok())
        });
        let read = report.sources.iter().map(|s| s.path.clone()).chain(images).collect();
        Ok(Data {
            warnings: report.diagnostics,
            catalog: report.catalog,
            paths: unique,
            read,
        })
    }

    /// What the files hold, without the bundled files.
    pub fn into_catalog(self) -> Catalog {
        self.catalog
    }

    /// The error for `path`, named where `wanted` was wanted, when it holds a file of one of
    /// the kinds `wrong`.
    fn wrong_path(&self, path: &Path, wrong: &[FileKind], wanted: Wanted) -> Option<SelectionError> {
        let holds = |kind: &FileKind| match kind {
            FileKind::TileSet => !self.ids_from(&self.catalog.tilesets, |t| &t.id, path).is_empty(),
            FileKind::Expansion => !self.ids_from(&self.catalog.expansions, |e| &e.id, path).is_empty(),
            FileKind::RuleSet => !self.ids_from(&self.catalog.rulesets, |r| &r.id, path).is_empty(),
        };
        let is = *wrong.iter().find(|kind| holds(kind))?;
        Some(wrong_kind(path.display(), path.is_dir(), is, wanted))
    }

    /// The ids of the documents among `docs` that were read from `path` (a file, or a folder
    /// they are in).
    fn ids_from<T, R>(&self, docs: &[Loaded<T, R>], id: fn(&T) -> &str, path: &Path) -> Vec<String> {
        let identity = path.canonicalize().unwrap_or_else(|_| path.to_owned());
        let Some((_, spelled)) = self.paths.iter().find(|(known, _)| *known == identity) else {
            return Vec::new();
        };
        docs.iter()
            .filter(|d| d.source.path.starts_with(spelled))
            .map(|d| id(&d.model).to_owned())
            .collect()
    }
}

/// A selection resolved: every file a game may use, and the ids chosen among them, all known.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The files loaded, then the bundled ones whose ids they do not define.
    pub catalog: Catalog,
    /// Tile sets (`id` or `id@edition`) and expansions, in order.
    pub tilesets: Vec<String>,
    /// The ids each name of [`Selection::sets`] stands for, without their editions: an id's
    /// own, or those of the sets the file or folder a path names holds.
    pub named_ids: Vec<Vec<String>>,
    /// The rule set's id.
    pub rules: String,
    /// What validation warned of in the files loaded (a file that takes a bundled id...): a
    /// game can be played, but the player should hear of them.
    pub warnings: Vec<Diagnostic>,
    /// Every file read from disk to resolve it (not the bundled ones), so that a run can
    /// refuse to write its results over one of them.
    pub read: Vec<PathBuf>,
}

impl Resolved {
    /// The game definition.
    pub fn game_def(&self) -> Result<GameDef, SetupError> {
        GameDef::from_catalog(&self.catalog, &self.tilesets, &self.rules)
    }
}

/// What an unknown id was meant to name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// A tile set or an expansion.
    Sets,
    /// A rule set.
    Rules,
}

impl fmt::Display for Wanted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wanted::Sets => "tile set or expansion",
            Wanted::Rules => "rule set",
        })
    }
}

/// What an unknown id most likely means, and so how to fix it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// Nothing more to say.
    None,
    /// The id was an argument and a file or folder has that name: it was meant as a path.
    WritePath,
    /// The id came from a game record: the files that define it were not given.
    Record,
}

/// Why a selection does not resolve.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectionError {
    /// The files named have errors.
    #[error("the data has {errors} error(s). First: {first}")]
    Invalid {
        /// How many.
        errors: usize,
        /// The first.
        first: Box<Diagnostic>,
    },
    /// A tile-set argument names files with no tile set or expansion in them.
    #[error("{} holds no tile set or expansion", path.display())]
    NoSets {
        /// The argument.
        path: PathBuf,
    },
    /// A rule-set argument names files with no rule set in them.
    #[error("{} holds no rule set; give the path of a rule-set file or a bundled id ({})", path.display(), bundled.join(", "))]
    NoRuleSet {
        /// The argument.
        path: PathBuf,
        /// The bundled rule sets' ids.
        bundled: Vec<String>,
    },
    /// A rule-set argument names files with several rule sets in them.
    #[error("{} holds {} rule sets ({}); give the path of the one to play", path.display(), found.len(), found.join(", "))]
    ManyRuleSets {
        /// The argument.
        path: PathBuf,
        /// The rule sets' ids.
        found: Vec<String>,
    },
    /// An argument names a file of another kind than wanted (a rule set among the tile sets,
    /// a tile set as the rules).
    #[error("`{name}` {}", if *folder { format!("holds {}s but no {wanted}", is.noun()) } else { format!("is a {}, not a {wanted}", is.noun()) })]
    WrongKind {
        /// The argument: an id, or a path.
        name: String,
        /// Whether the argument is a folder.
        folder: bool,
        /// What it is.
        is: FileKind,
        /// What was wanted.
        wanted: Wanted,
    },
    /// No file loaded or bundled defines this id.
    #[error("there is no {wanted} `{id}`; {}the ones known are: {}{}", crate::validate::did_you_mean(id, known), known.join(", "), hint_text(*hint, id))]
    Unknown {
        /// What the id was meant to name.
        wanted: Wanted,
        /// The id (without an `@edition`).
        id: String,
        /// The ids of that kind that are known.
        known: Vec<String>,
        /// How to fix it.
        hint: Hint,
    },
}

/// The end of an unknown id's message: how to fix it, in parentheses.
fn hint_text(hint: Hint, id: &str) -> String {
    match hint {
        Hint::None => String::new(),
        Hint::WritePath => format!(" (to read the file or folder `{id}`, write `./{id}`)"),
        Hint::Record => " (the record was played with it: name the files or folders that hold it)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_argument_is_a_path_only_with_a_separator_or_a_toml_ending() {
        let id = |s: &str| Named::Id(s.to_owned());
        let path = |s: &str| Named::Path(PathBuf::from(s));
        assert_eq!(Named::parse("base"), id("base"));
        assert_eq!(Named::parse("base@first-edition"), id("base@first-edition"));
        assert_eq!(Named::parse("my.set"), id("my.set"));
        assert_eq!(Named::parse("./base"), path("./base"));
        assert_eq!(Named::parse("sets/"), path("sets/"));
        assert_eq!(Named::parse("/abs/base"), path("/abs/base"));
        assert_eq!(Named::parse("mine.toml"), path("mine.toml"));
        let selection = Selection::from_args(&["base", "sets/a.toml"], "rules.toml");
        let paths: Vec<&Path> = selection.paths().collect();
        assert_eq!(paths, [Path::new("sets/a.toml"), Path::new("rules.toml")]);
    }

    #[test]
    fn bundled_ids_resolve_and_a_set_named_twice_is_played_once() {
        let selection = Selection::from_args(
            &["base@first-edition", "abbey-and-mayor", "abbey-and-mayor"],
            "farms-2000",
        );
        let resolved = selection.resolve(Data::default()).unwrap();
        assert_eq!(resolved.tilesets, ["base@first-edition", "abbey-and-mayor"]);
        assert_eq!(resolved.rules, "farms-2000");
        assert!(resolved.game_def().is_ok());
    }

    #[test]
    fn an_unknown_id_names_itself_and_lists_the_known_ones() {
        let error = Selection::from_args(&["base", "nope@first-edition"], "new-edition")
            .resolve(Data::default())
            .unwrap_err();
        let SelectionError::Unknown {
            wanted,
            id,
            known,
            hint,
            ..
        } = &error
        else {
            panic!("{error:?}");
        };
        assert_eq!((*wanted, id.as_str(), *hint), (Wanted::Sets, "nope", Hint::None));
        for id in ["base", "abbey-and-mayor", "hills-and-sheep"] {
            assert!(known.iter().any(|k| k == id), "{known:?}");
        }
        assert!(
            error
                .to_string()
                .starts_with("there is no tile set or expansion `nope`; the ones known are: base, "),
            "{error}"
        );
        let error = Selection::from_args(&["base"], "second-edition")
            .resolve(Data::default())
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "there is no rule set `second-edition`; the ones known are: first-edition, new-edition, 2021, farms-2000"
        );
        // A slip of a known id is answered with it.
        let error = Selection::from_args(&["bsae"], "new-editon")
            .resolve(Data::default())
            .unwrap_err();
        assert!(
            error.to_string().starts_with(
                "there is no tile set or expansion `bsae`; did you mean `base`? the ones known are: base, "
            ),
            "{error}"
        );
    }

    #[test]
    fn a_name_of_the_wrong_kind_says_what_it_is() {
        let wrong = |sets: &[&str], rules: &str| Selection::from_args(sets, rules).load(&[]).unwrap_err();
        let kind = |name: &str, is, wanted| SelectionError::WrongKind {
            name: name.to_owned(),
            folder: false,
            is,
            wanted,
        };
        let error = wrong(&["base", "farms-2000"], "new-edition");
        assert_eq!(error, kind("farms-2000", FileKind::RuleSet, Wanted::Sets));
        assert_eq!(
            error.to_string(),
            "`farms-2000` is a rule set, not a tile set or expansion"
        );
        let error = wrong(&["base"], "base");
        assert_eq!(error, kind("base", FileKind::TileSet, Wanted::Rules));
        assert_eq!(error.to_string(), "`base` is a tile set, not a rule set");

        let dir = tempfile::tempdir().unwrap();
        let rules = dir.path().join("my-rules.toml");
        std::fs::write(&rules, "id = \"mine\"\nname = \"Mine\"\nextends = \"new-edition\"\n").unwrap();
        let rules = rules.display().to_string();
        assert_eq!(
            wrong(&[rules.as_str()], "new-edition"),
            kind(&rules, FileKind::RuleSet, Wanted::Sets)
        );
        let tiles = dir.path().join("tiles.toml");
        let base = crate::bundled::FILES[0].1.replace("id = \"base\"", "id = \"mine\"");
        std::fs::write(&tiles, base).unwrap();
        let tiles = tiles.display().to_string();
        assert_eq!(wrong(&["base"], &tiles), kind(&tiles, FileKind::TileSet, Wanted::Rules));
    }

    #[test]
    fn an_unknown_id_from_a_record_asks_for_its_files() {
        let resolved = Selection::from_args(&["base"], "new-edition")
            .resolve(Data::default())
            .unwrap();
        let game = crate::game::Game::new(std::sync::Arc::new(resolved.game_def().unwrap()), 2, 1).unwrap();
        let mut record = game.record();
        let replayed = Selection::from_record(&record).resolve(Data::default()).unwrap();
        assert_eq!(replayed.tilesets, record.files());
        record.rules = "house-rules".into();
        let error = Selection::from_record(&record).resolve(Data::default()).unwrap_err();
        assert!(
            matches!(error, SelectionError::Unknown { hint: Hint::Record, .. }),
            "{error:?}"
        );
        assert!(
            error
                .to_string()
                .ends_with("(the record was played with it: name the files or folders that hold it)")
        );
    }

    #[test]
    fn paths_resolve_to_the_ids_their_files_hold() {
        let dir = tempfile::tempdir().unwrap();
        let rules = dir.path().join("rules");
        std::fs::create_dir(&rules).unwrap();
        // Where the files' `#:schema` lines lead.
        std::fs::create_dir(dir.path().join("schemas")).unwrap();
        std::fs::write(dir.path().join("schemas/ruleset.schema.json"), "{}").unwrap();
        let house =
            "#:schema ../schemas/ruleset.schema.json\nid = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n";
        std::fs::write(rules.join("house.toml"), house).unwrap();
        let arg = rules.join("house.toml").display().to_string();
        // Named twice, spelled two ways: loaded once.
        let again = format!("{}/./house.toml", rules.display());
        let resolved = Selection::from_args(&["base"], &arg).load(&[again.into()]).unwrap();
        assert_eq!(resolved.rules, "house");
        assert!(resolved.game_def().is_ok());

        let folder = format!("{}/", rules.display());
        let error = Selection::from_args(&[folder.as_str()], "new-edition")
            .load(&[])
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("`{folder}` holds rule sets but no tile set or expansion")
        );

        std::fs::write(rules.join("other.toml"), house.replace("\"house\"", "\"other\"")).unwrap();
        let arg = format!("{}/", rules.display());
        let error = Selection::from_args(&["base"], &arg).load(&[]).unwrap_err();
        assert!(
            matches!(&error, SelectionError::ManyRuleSets { found, .. } if found.len() == 2),
            "{error:?}"
        );

        std::fs::write(
            rules.join("broken.toml"),
            "#:schema ../schemas/ruleset.schema.json\nid = ",
        )
        .unwrap();
        let error = Selection::from_args(&["base"], &arg).load(&[]).unwrap_err();
        assert!(matches!(error, SelectionError::Invalid { errors: 1, .. }), "{error:?}");
    }

    #[test]
    fn a_resolved_selection_lists_every_file_it_read() {
        let dir = tempfile::tempdir().unwrap();
        let sets = dir.path().join("sets");
        std::fs::create_dir_all(sets.join("art")).unwrap();
        image::RgbImage::new(8, 8).save(sets.join("art/a.png")).unwrap();
        let text = include_str!("../../tilesets/base.toml")
            .replace("id = \"base\"", "id = \"mine\"")
            .replace("id = \"A\"\n", "id = \"A\"\nimage = \"art/a.png\"\n");
        std::fs::write(sets.join("mine.toml"), text).unwrap();
        let rules = dir.path().join("house.toml");
        std::fs::write(&rules, "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n").unwrap();
        let folder = format!("{}/", sets.display());
        let resolved = Selection::from_args(&[folder], &rules.display().to_string())
            .load(&[])
            .unwrap();
        let same = |a: &Path, b: &Path| a.canonicalize().unwrap() == b.canonicalize().unwrap();
        for file in [sets.join("mine.toml"), sets.join("art/a.png"), rules] {
            assert!(
                resolved.read.iter().any(|read| same(read, &file)),
                "{} not in {:?}",
                file.display(),
                resolved.read
            );
        }
        assert_eq!(resolved.read.len(), 3, "{:?}", resolved.read);
    }
}
