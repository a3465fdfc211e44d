//! The balance lab behind the editor's Balance page: the open tile set, with its unsaved
//! edits, played many times by bots on a worker thread through the engine's balance lab
//! (`tilewright_engine::balance`), optionally against a second definition (other rules, the
//! same game without the open set, or the open set as saved), which the engine's A/B builder
//! ([`Variant::b_of`]) makes from the first.
//!
//! The document's text goes through the engine's validator with any rule-set file chosen, as
//! `tilewright validate` would check them; only a definition that validates is played.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::balance::{self, BalanceReport, Comparison, Difference, Plan, SetName, Side, Variant};
use tilewright_engine::bots::Policy;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{GameDef, SetupError};
use tilewright_engine::model::TileSet;
use tilewright_engine::simulate::{MAX_THREADS, Progress};
use tilewright_engine::validate::{read_source, validate_sources};
use tilewright_engine::{Source, bundled};
use tilewright_report::TilePictures;

use crate::document::ContentKey;
use crate::worker::{Job, Stopped};

/// Most problems listed when the definition does not validate.
pub const PROBLEMS_LISTED: usize = 5;

/// A rule set to play: a bundled one by id, or the rule set of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesChoice {
    /// A bundled rule set's id.
    Bundled(String),
    /// A rule-set file.
    File(PathBuf),
}

impl RulesChoice {
    /// How a menu names it: the id, or the file's name.
    pub fn label(&self) -> String {
        match self {
            RulesChoice::Bundled(id) => id.clone(),
            RulesChoice::File(path) => path
                .file_name()
                .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
        }
    }
}

/// What the run is compared with, if anything: run B of an A/B comparison.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Versus {
    /// No comparison.
    #[default]
    Nothing,
    /// The same sets under other rules.
    Rules(RulesChoice),
    /// The same rules and sets, less the open tile set.
    WithoutOpenSet,
    /// The same rules and sets, the open tile set as its file on disk holds it (the
    /// document's unsaved edits against the version saved).
    SavedFile,
}

/// Everything a run is asked to do besides the document.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The rule set.
    pub rules: RulesChoice,
    /// Bundled tile sets and expansions played with the open set (the base game beside an
    /// expansion), by id.
    pub companions: Vec<String>,
    /// The games played: players, games, seed, threads, policy.
    pub plan: Plan,
    /// The comparison.
    pub versus: Versus,
}

impl Settings {
    /// What a run of `set` starts with: the rules everything starts on
    /// ([`crate::editions::STARTING_RULES`]), four players, 1000 random
    /// games on all cores but one, and the base game beside a set with no start tile (an
    /// expansion plays on a base game: [`balance::companions_of`]).
    pub fn for_set(set: &TileSet) -> Settings {
        Settings {
            rules: RulesChoice::Bundled(crate::editions::starting_rules()),
            companions: balance::companions_of(set),
            plan: Plan {
                players: 4,
                games: 1000,
                seed: 1,
                threads: default_threads(),
                policy: Policy::Random,
            },
            versus: Versus::Nothing,
        }
    }
}

/// Threads a run uses unless told otherwise: every core but one, so the window stays quick.
pub fn default_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_sub(1).clamp(1, MAX_THREADS)
}

/// The open tile set as a run reads it: the document's text as it would be saved.
#[derive(Debug, Clone)]
pub struct OpenSet {
    /// Where the document is (or would be) saved; image paths are relative to its folder.
    pub path: PathBuf,
    /// Its text, unsaved edits included.
    pub text: String,
    /// The tile set's id.
    pub id: String,
    /// The catalog the live validator read from this very text, when it has caught up.
    pub read: Option<Arc<Catalog>>,
}

/// Why a run did not play.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// The files do not validate: how many errors, and the first few, located.
    Invalid {
        /// Errors in all.
        errors: usize,
        /// The first [`PROBLEMS_LISTED`] of them, as `file:line:col: message`.
        first: Vec<String>,
    },
    /// They validate but cannot be played together (no start tile, unknown rules, ...).
    Setup(String),
}

/// The definitions a run plays: A, and B with what it changes when comparing.
pub struct Definitions {
    /// What is measured.
    pub a: Arc<GameDef>,
    /// What it is compared with, and the change in words.
    pub b: Option<(Arc<GameDef>, String)>,
    /// The files they were built from (the open set, any rule-set file, the bundled files),
    /// for the tiles' pictures.
    pub catalog: Arc<Catalog>,
}

/// The rule-set files among the settings.
fn rule_files(settings: &Settings) -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let RulesChoice::File(path) = &settings.rules {
        files.push(path.clone());
    }
    if let Versus::Rules(RulesChoice::File(path)) = &settings.versus
        && !files.contains(path)
    {
        files.push(path.clone());
    }
    files
}

/// Validates the open set (and any rule-set file) and builds the definitions to play.
pub fn definitions(open: &OpenSet, settings: &Settings) -> Result<Definitions, Problem> {
    let files = rule_files(settings);
    let catalog = match &open.read {
        Some(read) if files.is_empty() => read.clone(),
        _ => read_with_rule_files(open, &files)?,
    };
    definitions_from(open, settings, &files, catalog)
}

/// The open set's text and rule-set files `files` validated together, with the bundled
/// files under them.
fn read_with_rule_files(open: &OpenSet, files: &[PathBuf]) -> Result<Arc<Catalog>, Problem> {
    let mut sources = vec![Source::new(open.path.clone(), open.text.clone())];
    for path in files {
        sources.push(read_source(path).map_err(|d| Problem::Invalid {
            errors: 1,
            first: vec![located(&d)],
        })?);
    }
    let report = validate_sources(sources, bundled::catalog());
    if report.errors() > 0 {
        return Err(Problem::Invalid {
            errors: report.errors(),
            first: report
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .take(PROBLEMS_LISTED)
                .map(located)
                .collect(),
        });
    }
    Ok(Arc::new(report.catalog.with_base(bundled::catalog())))
}

/// The definitions to play from the open set's `catalog`: A, the open set on its companions,
/// and B as [`Variant::b_of`] makes it from A.
fn definitions_from(
    open: &OpenSet,
    settings: &Settings,
    files: &[PathBuf],
    catalog: Arc<Catalog>,
) -> Result<Definitions, Problem> {
    let saved = match settings.versus {
        Versus::SavedFile => Some(saved_catalog(open, files)?),
        _ => None,
    };
    let rules_id = |choice: &RulesChoice| -> Result<String, Problem> {
        match choice {
            RulesChoice::Bundled(id) => Ok(id.clone()),
            RulesChoice::File(path) => catalog
                .rulesets
                .iter()
                .find(|r| r.source.path == *path)
                .map(|r| r.model.id.clone())
                .ok_or_else(|| Problem::Setup(format!("{} holds no rule set", path.display()))),
        }
    };
    let a = Side::studied(&open.id, &settings.companions, &rules_id(&settings.rules)?);
    let build = |catalog: &Catalog, side: &Side| GameDef::from_catalog(catalog, &side.names(), &side.rules);
    let setup = |e: SetupError| Problem::Setup(e.to_string());
    let a_def = build(&catalog, &a).map(Arc::new).map_err(setup)?;
    let variant = match &settings.versus {
        Versus::Nothing => None,
        Versus::Rules(other) => Some(Variant::Rules(rules_id(other)?)),
        Versus::WithoutOpenSet => Some(Variant::Without(SetName::id(&open.id))),
        Versus::SavedFile => Some(Variant::Saved),
    };
    let b = match variant {
        None => None,
        Some(variant) => {
            let b = variant.b_of(&a).map_err(|e| Problem::Setup(e.to_string()))?;
            let def = match &saved {
                Some(saved) => build(saved, &b.side)
                    .map_err(|e| Problem::Setup(format!("the saved file does not play with these sets: {e}")))?,
                None => build(&catalog, &b.side).map_err(setup)?,
            };
            Some((Arc::new(def), b.change))
        }
    };
    Ok(Definitions { a: a_def, b, catalog })
}

/// The files as they are on disk: the open set's saved file (refused when there is none yet,
/// or when it does not validate), the rule-set files `files`, then the bundled ones.
fn saved_catalog(open: &OpenSet, files: &[PathBuf]) -> Result<Catalog, Problem> {
    let unreadable = |d: Box<tilewright_engine::Diagnostic>| Problem::Invalid {
        errors: 1,
        first: vec![located(&d)],
    };
    if !open.path.is_file() {
        return Err(Problem::Setup(
            "the tile set has no saved file yet: save it to compare your edits with it".to_owned(),
        ));
    }
    let mut sources = vec![read_source(&open.path).map_err(unreadable)?];
    for path in files {
        sources.push(read_source(path).map_err(unreadable)?);
    }
    let report = validate_sources(sources, bundled::catalog());
    if report.errors() > 0 {
        return Err(Problem::Setup(format!(
            "the saved file does not validate ({} error(s)); the edits can be compared once it does",
            report.errors()
        )));
    }
    Ok(report.catalog.with_base(bundled::catalog()))
}

/// A diagnostic as one line: `file:line:col: message`.
fn located(d: &tilewright_engine::Diagnostic) -> String {
    let file = d
        .file
        .file_name()
        .map_or_else(|| d.file.display().to_string(), |n| n.to_string_lossy().into_owned());
    format!("{file}:{}:{}: {}", d.line, d.column, d.message)
}

/// What a run measured: one report, or two compared.
#[derive(Debug, Clone, PartialEq)]
pub enum Results {
    /// One run.
    Single(Box<BalanceReport>),
    /// Two runs of the same seeds.
    Compared(Box<Comparison>),
}

impl Results {
    /// The run of the open set as asked (run A of a comparison).
    pub fn report(&self) -> &BalanceReport {
        match self {
            Results::Single(report) => report,
            Results::Compared(comparison) => &comparison.a,
        }
    }

    /// B − A, figure by figure, when comparing.
    pub fn differences(&self) -> Option<(&str, &[Difference])> {
        match self {
            Results::Single(_) => None,
            Results::Compared(c) => Some((&c.change, &c.differences)),
        }
    }
}

impl Results {
    /// Puts the tiles of the tile set `id` first in the run of the open set (its "your tiles"
    /// section), and in B when B plays it too.
    pub fn focus_on(&mut self, id: &str) {
        let sets = [id.to_owned()];
        match self {
            Results::Single(report) => report.focus_on(&sets),
            Results::Compared(c) => c.focus_on(&sets),
        }
    }
}

/// Writes the page `tilewright balance --html` writes for `results`, by the same code
/// ([`tilewright_report`]), atomically, with the tiles' `pictures`.
pub fn export_html(results: &Results, pictures: &TilePictures, path: &Path) -> Result<(), String> {
    match results {
        Results::Single(report) => tilewright_report::write_run(path, report, None, pictures),
        Results::Compared(c) => tilewright_report::write_comparison(path, c, [None, None], pictures),
    }
}

/// How a run ended.
pub type Outcome = Result<Results, Problem>;

/// How a run ended, with the pictures of the tiles it played (made once, after the games).
pub type Ended = (Outcome, TilePictures);

/// Plays the definitions as `settings` ask, counting games in `progress` and stopping when
/// told to (the results are then of the games finished).
pub fn play(defs: Definitions, settings: &Settings, progress: &Progress) -> Outcome {
    let setup = |e: SetupError| Problem::Setup(e.to_string());
    match defs.b {
        None => balance::run_focused(defs.a, &settings.plan, progress)
            .map(|r| Results::Single(Box::new(r)))
            .map_err(setup),
        Some((b, change)) => balance::compare_focused(defs.a, b, &change, &settings.plan, progress)
            .map(|c| Results::Compared(Box::new(c)))
            .map_err(setup),
    }
}

/// A run going on on its worker thread.
pub struct Run {
    /// Games finished, and the switch that stops the run.
    pub progress: Arc<Progress>,
    /// Games asked for.
    pub asked: u64,
    /// The state of the document it plays.
    pub key: ContentKey,
    answer: Job<Ended>,
}

/// A run dropped (its file closed or replaced, the editor quitting) stops its games instead
/// of keeping the cores busy for nobody.
impl Drop for Run {
    fn drop(&mut self) {
        self.progress.stop();
    }
}

impl Run {
    /// Starts a run of `open` on a worker thread; `wake` is called when it ends (to repaint).
    pub fn start(open: OpenSet, settings: Settings, key: ContentKey, wake: impl Fn() + Send + 'static) -> Run {
        let progress = Arc::new(Progress::default());
        let watched = Arc::clone(&progress);
        let asked = settings.plan.games;
        let answer = Job::spawn("balance", wake, move || {
            let defs = match definitions(&open, &settings) {
                Ok(defs) => defs,
                Err(problem) => return (Err(problem), TilePictures::none()),
            };
            let catalog = Arc::clone(&defs.catalog);
            let outcome = play(defs, &settings, &watched).map(|mut results| {
                results.focus_on(&open.id);
                results
            });
            let pictures = outcome.as_ref().map_or_else(
                |_| TilePictures::none(),
                |results| tilewright_report::pictures_of(results.report(), &catalog),
            );
            (outcome, pictures)
        });
        Run {
            progress,
            asked,
            key,
            answer,
        }
    }

    /// The outcome, once the run has ended.
    pub fn poll(&mut self) -> Option<Ended> {
        let ended = self.answer.take()?;
        Some(ended.unwrap_or_else(|Stopped| {
            let why = "the run stopped on an internal error; nothing was measured".to_owned();
            (Err(Problem::Setup(why)), TilePictures::none())
        }))
    }

    /// Stops the run between games.
    pub fn cancel(&self) {
        self.progress.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilewright_engine::model::TileSet;

    fn open(id: &str) -> (OpenSet, TileSet) {
        let file = bundled::FILES.iter().find(|(path, _)| path.contains(id)).unwrap();
        let set: TileSet = toml::from_str(file.1).unwrap();
        let open = OpenSet {
            path: PathBuf::from(format!("/nowhere/{id}.toml")),
            text: file.1.to_owned(),
            id: set.id.clone(),
            read: None,
        };
        (open, set)
    }

    fn small(mut settings: Settings) -> Settings {
        settings.plan.games = 6;
        settings.plan.threads = 2;
        settings
    }

    #[test]
    fn an_expansion_plays_on_the_base_game_and_compares_without_itself() {
        let (open, set) = open("abbey");
        let mut settings = small(Settings::for_set(&set));
        assert_eq!(settings.companions, ["base"]);
        settings.versus = Versus::WithoutOpenSet;
        let defs = definitions(&open, &settings).unwrap();
        let (b, change) = defs.b.as_ref().unwrap();
        assert_eq!(change, "without abbey-and-mayor");
        assert!(b.tables().tiles.len() < defs.a.tables().tiles.len());
        let Results::Compared(c) = play(defs, &settings, &Progress::default()).unwrap() else {
            panic!("a comparison")
        };
        assert_eq!((c.a.games, c.b.games), (6, 6));
        assert!(c.a.tiles.iter().any(|t| t.set == "abbey-and-mayor"));
        assert!(c.b.tiles.iter().all(|t| t.set == "base"));
    }

    #[test]
    fn unsaved_edits_are_compared_with_the_saved_file() {
        let dir = tempfile::tempdir().unwrap();
        let (mut open, set) = open("base");
        open.path = dir.path().join("base.toml");
        let mut settings = small(Settings::for_set(&set));
        settings.versus = Versus::SavedFile;
        let Err(Problem::Setup(why)) = definitions(&open, &settings) else {
            panic!("refused before the file is saved")
        };
        assert!(why.contains("no saved file yet"), "{why}");
        std::fs::write(&open.path, &open.text).unwrap();
        // The edit: a tile's count doubled; the saved file keeps four.
        open.text = open.text.replacen("count = 4", "count = 8", 1);
        let defs = definitions(&open, &settings).unwrap();
        let (b, change) = defs.b.as_ref().unwrap();
        assert_eq!(change, "as saved");
        assert_eq!(defs.a.pile().len(), b.pile().len() + 4);
        let Results::Compared(c) = play(defs, &settings, &Progress::default()).unwrap() else {
            panic!("a comparison")
        };
        assert!(c.differences.iter().any(|d| d.key.tile_set() == Some("base")));
        // A saved file that does not validate is refused, saying so.
        std::fs::write(&open.path, "id = 3").unwrap();
        let Err(Problem::Setup(why)) = definitions(&open, &settings) else {
            panic!("refused")
        };
        assert!(why.contains("the saved file does not validate"), "{why}");
    }

    #[test]
    fn the_base_game_alone_has_nothing_to_play_without_itself() {
        let (open, set) = open("base");
        let mut settings = small(Settings::for_set(&set));
        assert!(settings.companions.is_empty());
        settings.versus = Versus::WithoutOpenSet;
        let Err(Problem::Setup(why)) = definitions(&open, &settings) else {
            panic!("refused")
        };
        assert!(why.contains("nothing is left"), "{why}");
    }

    #[test]
    fn unsaved_edits_are_played_and_errors_listed_instead() {
        let (mut open, set) = open("base");
        let settings = small(Settings::for_set(&set));
        open.text = open.text.replacen("count = ", "count = 0 + ", 1);
        let Err(Problem::Invalid { errors, first }) = definitions(&open, &settings) else {
            panic!("invalid")
        };
        assert!(errors >= 1 && !first.is_empty() && first.len() <= PROBLEMS_LISTED);
        assert!(first[0].starts_with("base.toml:"), "{first:?}");

        // An edit that validates is what is played: a tile's count doubled shows in the pile.
        let (mut edited, _) = self::open("base");
        let before = definitions(&edited, &settings).unwrap().a.pile().len();
        edited.text = edited.text.replacen("count = 4", "count = 8", 1);
        let after = definitions(&edited, &settings).unwrap().a.pile().len();
        assert_eq!(after, before + 4);
    }

    #[test]
    fn the_live_validators_catalog_is_played_without_reading_the_text_again() {
        let (mut open, set) = open("base");
        let settings = small(Settings::for_set(&set));
        let doubled = open.text.replacen("count = 4", "count = 8", 1);
        let (_, read) = crate::validation::validate(Some(&open.path), doubled);
        let before = definitions(&open, &settings).unwrap().a.pile().len();
        open.read = read;
        let defs = definitions(&open, &settings).unwrap();
        assert_eq!(defs.a.pile().len(), before + 4);
        assert!(Arc::ptr_eq(&defs.catalog, open.read.as_ref().unwrap()));
    }

    #[test]
    fn a_rule_set_file_is_validated_and_played() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("house.toml");
        std::fs::write(
            &path,
            "id = \"house\"\nname = \"House\"\nextends = \"new-edition\"\n[switches]\nfarmers = false\n",
        )
        .unwrap();
        let (open, set) = open("base");
        let mut settings = small(Settings::for_set(&set));
        settings.versus = Versus::Rules(RulesChoice::File(path.clone()));
        let defs = definitions(&open, &settings).unwrap();
        assert_eq!(defs.b.as_ref().unwrap().1, "rules house");
        std::fs::write(&path, "id = \"house\"\nextends = \"no-such-rules\"\n").unwrap();
        assert!(matches!(definitions(&open, &settings), Err(Problem::Invalid { .. })));
    }

    #[test]
    fn the_settings_are_what_is_played() {
        let (open, set) = open("base");
        let mut settings = Settings {
            rules: RulesChoice::Bundled("first-edition".into()),
            ..small(Settings::for_set(&set))
        };
        (settings.plan.players, settings.plan.seed, settings.plan.policy) = (3, 40, Policy::Greedy);
        let defs = definitions(&open, &settings).unwrap();
        let report = play(defs, &settings, &Progress::default()).unwrap().report().clone();
        assert_eq!(
            (
                report.players,
                report.seed,
                report.policy,
                report.rules.as_str(),
                report.games
            ),
            (3, 40, Policy::Greedy, "first-edition", 6)
        );
        assert_eq!(report.seats.len(), 3);
    }

    #[test]
    fn a_run_on_its_thread_can_be_cancelled() {
        let (open, set) = open("base");
        let mut settings = small(Settings::for_set(&set));
        settings.plan.games = u64::MAX;
        let key = crate::document::Document::from_text(None, &open.text).content_key();
        let mut run = Run::start(open, settings, key, || {});
        while run.progress.finished() < 2 {
            std::thread::yield_now();
        }
        run.cancel();
        let (outcome, pictures) = loop {
            if let Some(ended) = run.poll() {
                break ended;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        let report = outcome.unwrap().report().clone();
        assert!(
            report.stopped && report.games >= 2,
            "{:?}",
            (report.stopped, report.games)
        );
        // The pictures of the tiles played are made once the games stop, the open set's first.
        assert!(report.focus.is_some());
        for t in &report.tiles {
            assert!(!pictures.cell(&t.set, &t.id).into_string().is_empty(), "{}", t.id);
        }
    }
}
