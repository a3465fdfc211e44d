//! `balance`: what each tile, feature kind, figure and mechanism does to the game over many
//! games (the engine's `balance` lab), as text or JSON, and an A/B comparison of the same
//! seeds under other rules or without a tile set.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use std::sync::Arc;

use clap::Subcommand;
use tilewright_engine::balance::{
    self, BalanceReport, Change, Comparison, Difference, Estimate, Focus, FocusTile, Plan, RunB, Standout, Sums,
    TileStats, Timing,
};
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{GameDef, SetRef, colour, set_id};
use tilewright_engine::simulate::Progress;

use tilewright_report::presentation::{FocusFigure, points_moved};

use crate::play::{GameArgs, check_output};
use crate::played::{self, Run};
use crate::{escape, fail, progress, say_json};

mod shards;
mod versus;

/// Tiles listed under each heading of what stands out.
const STANDOUTS: usize = 3;

/// Options of `balance`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BalanceArgs {
    #[command(subcommand)]
    merge: Option<MergeCommand>,
    #[command(flatten)]
    game: GameArgs,
    /// Compare with the same games under this rule set (B): a bundled id, a rule-set file, or
    /// the id of a rule set the run's own files define.
    #[arg(long, value_name = "RULES", conflicts_with = "without")]
    compare_rules: Option<String>,
    /// Compare with the same games without this tile set or expansion (B): one of `--tilesets`,
    /// by its id as the run prints it (`my-tiles`, `my-tiles@new-edition`) or its path.
    #[arg(long, value_name = "TILESET")]
    without: Option<String>,
    /// Compare with the same games played with these files (B): each replaces the tile set
    /// or expansion of `--tilesets` that has the same id (another version of the same set).
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with_all = ["compare_rules", "without"])]
    compare_tilesets: Vec<PathBuf>,
    /// Tile sets under study, put first in the report with each tile ranked among all tiles in
    /// play (ids of `--tilesets`); by default the tile sets that are not bundled.
    #[arg(long, num_args = 1.., value_name = "SET")]
    focus: Vec<String>,
    /// Of an A/B: flag a difference only when it changes the figure by at least this share of
    /// its value in A, in % (besides being significant over all the figures compared).
    #[arg(long, value_name = "PERCENT", default_value_t = 2.0, value_parser = parse_percent)]
    min_change: f64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the report as a standalone HTML page to this file.
    #[arg(long, value_name = "PATH")]
    html: Option<PathBuf>,
    /// Play only shard K of N of the games (K from 1 to N): a fixed block of them, each with
    /// the seed it has in the whole run, so that `balance merge` makes the report of the whole
    /// run from the N partials. Needs `--partial`.
    #[arg(long, value_name = "K/N", value_parser = shards::parse_shard, requires = "partial")]
    shard: Option<(u64, u64)>,
    /// Write the sums the report is worked out from to this file (a partial, JSON) instead of a
    /// report: of shard K of N with `--shard K/N`, else of the whole run.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "html"])]
    partial: Option<PathBuf>,
}

/// `balance merge`.
#[derive(Debug, Subcommand)]
enum MergeCommand {
    /// Merge the partials of a run played in shards (`balance --shard K/N --partial FILE`) into
    /// the report of the whole run: the same report as the run played at once, but for the
    /// time it took. Run it where the shards were played (the same files): it reads them again.
    #[command(after_help = "Examples:\n  \
        tilewright balance merge partials/*.json\n  \
        tilewright balance merge partials/*.json --json --html report.html")]
    Merge(shards::MergeArgs),
}

/// The sets `--focus` names, each once, each checked to be a tile set played (in the edition
/// played, when one is named); `None` to keep the default (the sets not bundled).
fn focus_sets(args: &BalanceArgs, report: &BalanceReport) -> Result<Option<Vec<String>>, String> {
    if args.focus.is_empty() {
        return Ok(None);
    }
    let played: Vec<&str> = report.tilesets.iter().map(|s| s.id.as_str()).collect();
    let mut sets: Vec<String> = Vec::new();
    for asked in &args.focus {
        let id = set_id(asked);
        let Some(set) = report.tilesets.iter().find(|s| s.id == id) else {
            return Err(format!(
                "`--focus {}`: it is not one of the tile sets played ({}); name one of those",
                escape::line(asked),
                played.join(", ")
            ));
        };
        edition_played("--focus", asked, set)?;
        if !sets.iter().any(|s| s == id) {
            sets.push(id.to_owned());
        }
    }
    Ok(Some(sets))
}

/// Refuses `asked` (`flag`'s argument, naming `set`) if it names an edition that `set` is
/// not played in.
fn edition_played(flag: &str, asked: &str, set: &SetRef) -> Result<(), String> {
    match asked.split_once('@') {
        Some((id, edition)) if edition != set.edition => Err(format!(
            "`{flag} {}`: {id} is played in its {} edition; name it `{id}` or `{id}@{}`",
            escape::line(asked),
            set.edition,
            set.edition
        )),
        _ => Ok(()),
    }
}

/// Puts the sets `--focus` names first in `report`.
fn apply_focus(args: &BalanceArgs, report: &mut BalanceReport) -> Result<(), String> {
    if let Some(sets) = focus_sets(args, report)? {
        report.focus_on(&sets);
    }
    Ok(())
}

/// The rule values `changes` that differ from the rule set `def`'s rules extend, in words;
/// `None` when there are none.
fn changed_words(def: &GameDef, changes: &[played::Changed]) -> Option<String> {
    let extended = def.rules().extends.first().filter(|_| !changes.is_empty())?;
    Some(format!("from {extended}: {}", played::changed_line(changes, extended)))
}

/// What a balance run plays, worked out from its arguments: A, and for an A/B, B with the
/// change in words; the files read; the files the games were built from.
struct Setup {
    a: Arc<GameDef>,
    a_changed: Vec<played::Changed>,
    b: Option<(Arc<GameDef>, Vec<played::Changed>, String)>,
    read: Vec<PathBuf>,
    catalog: Catalog,
}

impl Setup {
    /// Loads what `args` name, or says why it cannot be played.
    fn new(args: &BalanceArgs) -> Result<Setup, String> {
        let game = &args.game;
        let a = game.def()?;
        let b = versus::run_b(args, &a)?;
        let mut read = a.read;
        let b = match b {
            Some(RunB { side, change }) => {
                // Another rule set may be one the run's own files define.
                let prepared = match args.compare_rules {
                    Some(_) => game.def_under(&side.rules),
                    None => GameArgs::def_of(&side.names(), &side.rules),
                }
                .map_err(|e| format!("B ({change}): {e}"))?;
                read.extend(prepared.read);
                Some((prepared.def, prepared.changed, change))
            }
            None => None,
        };
        Ok(Setup {
            a: a.def,
            a_changed: a.changed,
            b,
            read,
            catalog: a.catalog,
        })
    }

    /// What is played, said before any figure: A's, then B's lines.
    fn lines(&self, run: &Run) -> Vec<String> {
        let mut lines = played::lines(&self.a, &self.a_changed, run);
        if let Some((b, b_changed, change)) = &self.b {
            lines.push(format!("B: {}", escape::line(change)));
            lines.extend(played::lines(b, b_changed, run).into_iter().map(|l| format!("B: {l}")));
        }
        lines
    }

    /// What is played as JSON: A's, with B's under `b`.
    fn played(&self, run: &Run) -> serde_json::Value {
        let mut played = played::json(&self.a, &self.a_changed, run);
        if let (Some((b, b_changed, _)), Some(object)) = (&self.b, played.as_object_mut()) {
            object.insert("b".into(), played::json(b, b_changed, run));
        }
        played
    }

    /// Plays the games of `plan`.
    fn play(&self, plan: &Plan, progress: &Progress) -> Result<(Sums, Timing), String> {
        match &self.b {
            None => balance::play(&self.a, plan, progress),
            Some((b, ..)) => balance::play_pair(&self.a, b, plan, progress),
        }
        .map_err(|e| e.to_string())
    }

    /// Prints the report of the games of `plan` that add up to `sums` (as text, or as JSON
    /// with what was played, `run`), and writes its page when asked. `Ok` says whether the
    /// run was stopped before every game was played.
    fn present(&self, args: &BalanceArgs, run: &Run, sums: &Sums, plan: &Plan, timing: Timing) -> Result<bool, String> {
        let changed = changed_words(&self.a, &self.a_changed);
        let played = self.played(run);
        let (stopped, written) = match &self.b {
            None => {
                let mut report = balance::report_focused(&self.a, sums, plan, timing);
                apply_focus(args, &mut report)?;
                if args.json {
                    say_json(&with_played(serde_json::to_value(&report).unwrap_or_default(), played));
                } else {
                    print_report(&report);
                }
                let written = args.html.as_deref().map(|path| {
                    let pictures = tilewright_report::pictures_of(&report, &self.catalog);
                    tilewright_report::write_run(path, &report, changed.as_deref(), &pictures)
                });
                (report.stopped, written)
            }
            Some((b, b_changed, change)) => {
                let b_words = changed_words(b, b_changed);
                let change = Change {
                    words: change,
                    min_change: args.min_change / 100.0,
                };
                let mut comparison = balance::comparison_focused(&self.a, b, &change, sums, plan, timing);
                // The sets `--focus` names, else those A studies by default (not bundled).
                let studied = focus_sets(args, &comparison.a)?;
                if let Some(sets) = studied.or_else(|| comparison.a.focus.as_ref().map(|f| f.sets.clone())) {
                    comparison.focus_on(&sets);
                }
                if args.json {
                    say_json(&with_played(
                        serde_json::to_value(&comparison).unwrap_or_default(),
                        played,
                    ));
                } else {
                    print_comparison(&comparison);
                }
                let written = args.html.as_deref().map(|path| {
                    let pictures = tilewright_report::pictures_of(&comparison.a, &self.catalog);
                    tilewright_report::write_comparison(
                        path,
                        &comparison,
                        [changed.as_deref(), b_words.as_deref()],
                        &pictures,
                    )
                });
                (comparison.a.stopped, written)
            }
        };
        if let Some(Err(e)) = written {
            return Err(format!("cannot write the HTML report: {e}"));
        }
        Ok(stopped)
    }
}

/// Runs `balance`, or `balance merge`.
pub fn balance(args: BalanceArgs) -> ExitCode {
    if let Some(MergeCommand::Merge(merge)) = args.merge {
        return shards::merge(&merge);
    }
    let progress = progress::stopped_by_ctrl_c();
    let setup = match Setup::new(&args) {
        Ok(setup) => setup,
        Err(e) => return fail(e),
    };
    for (flag, path) in [("--html", &args.html), ("--partial", &args.partial)] {
        if let Err(e) = check_output(flag, path.as_deref(), &setup.read) {
            return fail(e);
        }
    }
    let run = args.game.run();
    if !args.json {
        for line in setup.lines(&run) {
            say!("{line}");
        }
    }
    let plan = args.game.plan();
    if let Some(path) = &args.partial {
        let (k, n) = args.shard.unwrap_or((1, 1));
        return shards::play(&args, &setup, &run, &plan, (k, n), path, &progress);
    }
    let played = progress::show(plan.games, &progress, || setup.play(&plan, &progress));
    let stopped = played.and_then(|(sums, timing)| setup.present(&args, &run, &sums, &plan, timing));
    match stopped {
        Ok(false) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(progress::STOPPED),
        Err(e) => fail(e),
    }
}

/// `--min-change`: a share in %, from 0 to 100.
fn parse_percent(text: &str) -> Result<f64, String> {
    match text.trim().trim_end_matches('%').parse::<f64>() {
        Ok(p) if (0.0..=100.0).contains(&p) => Ok(p),
        _ => Err(format!("a share in %, from 0 to 100 (`2` or `2%`), not `{text}`")),
    }
}

/// A report or comparison as a JSON object, with what was played under `played`.
fn with_played(mut json: serde_json::Value, played: serde_json::Value) -> serde_json::Value {
    if let Some(object) = json.as_object_mut() {
        object.insert("played".into(), played);
    }
    json
}

/// `12.34 [12.01, 12.67]`, the figures scaled by `scale` (100 for percentages).
fn interval(e: &Estimate, scale: f64, digits: usize) -> String {
    let at = |v: f64| shown(v * scale, digits);
    format!(
        "{:.digits$} [{:.digits$}, {:.digits$}]",
        at(e.mean),
        at(e.low),
        at(e.high)
    )
}

/// `v` as it is printed with `digits` decimals: a value that rounds to zero is zero, so that
/// it prints without a sign (`0.0`, never `-0.0`).
fn shown(v: f64, digits: usize) -> f64 {
    let unit = 0.5 * 10f64.powi(-(digits as i32));
    if v.abs() < unit { 0.0 } else { v }
}

/// `+1.2 [−0.3, +2.7]`: [`interval`] with signs.
fn signed_interval(e: &Estimate, scale: f64, digits: usize) -> String {
    let at = |v: f64| {
        let v = shown(v * scale, digits);
        let sign = if v < 0.0 { "−" } else { "+" };
        format!("{sign}{:.digits$}", v.abs())
    };
    format!("{} [{}, {}]", at(e.mean), at(e.low), at(e.high))
}

/// A tile as `set/id "name"`, made safe to print.
fn tile_name(tile: &TileStats) -> String {
    named(&tile.set, &tile.id, &tile.name)
}

/// `set/id "name"`, made safe to print.
fn named(set: &str, id: &str, name: &str) -> String {
    let name = if name.is_empty() {
        String::new()
    } else {
        format!(" \"{}\"", escape::line(name))
    };
    format!("{}/{}{name}", escape::line(set), escape::line(id))
}

/// Prints the summary and the tiles that stand out.
fn print_report(report: &BalanceReport) {
    let stopped = if report.stopped {
        format!(" of {} asked (stopped by Ctrl-C)", report.games_asked)
    } else {
        String::new()
    };
    say!(
        "games: {}{stopped} in {:.2} s on {} thread(s), every seat played {}",
        report.games,
        report.timing.seconds,
        report.timing.threads,
        report.policy
    );
    if report.games == 0 {
        say!("no game was played, so there are no figures");
        return;
    }
    if let Some(focus) = &report.focus {
        print_focus(focus);
    }
    say!("seat    mean score (95%)        win rate % (95%, ties split)");
    for seat in &report.seats {
        let (Some(score), Some(wins)) = (seat.score, seat.win_rate) else {
            continue;
        };
        say!(
            "{:<7} {:<23} {}",
            colour(seat.seat),
            interval(&score, 1.0, 2),
            interval(&wins, 100.0, 1)
        );
    }
    if let Some(advantage) = report.first_player_advantage {
        say!(
            "first player advantage: {} points of win rate % over an even share",
            interval(&advantage, 100.0, 1)
        );
    }
    if let (Some(turns), Some(total)) = (report.turns, report.total_score) {
        say!(
            "turns per game: {:.1}; total score per game: {:.1}",
            turns.mean,
            total.mean
        );
    }
    for line in report.mechanisms.lines() {
        say!("{}", escape::line(&line));
    }
    print_standouts(report);
}

/// The tiles under study, strongest first, each figure with its interval and rank.
fn print_focus(focus: &Focus) {
    let sets: Vec<String> = focus.sets.iter().map(|s| escape::line(s)).collect();
    say!(
        "your tiles ({}): {} tile type(s), each ranked among the {} in play (#1: the highest)",
        sets.join(", "),
        focus.tiles.len(),
        focus.tiles_in_play
    );
    for t in &focus.tiles {
        let mark = match t.standout {
            Some(Standout::Strongest) => "  <- strongest",
            Some(Standout::Weakest) => "  <- weakest",
            None => "",
        };
        let figures: Vec<String> = FocusFigure::ALL
            .iter()
            .map(|figure| match figure.of(t).rank {
                Some(rank) => format!("{} {} #{rank}", figure.title(), figure.text(t)),
                None => format!("{} none", figure.title()),
            })
            .collect();
        say!("  {}: {}{mark}", focus_tile_name(t), figures.join("; "));
    }
    if !focus.not_dealt.is_empty() {
        let ids: Vec<String> = focus.not_dealt.iter().map(|s| escape::line(s)).collect();
        say!(
            "  not dealt under these rules (no copy in this edition): {}",
            ids.join(", ")
        );
    }
    if let Some((strongest, weakest)) = focus.ends() {
        let standing = |t: &FocusTile| {
            let p = &t.points_per_placement;
            format!(
                "{} ({:.2} points per placement, above {:.0}% of the other tiles in play)",
                focus_tile_name(t),
                p.value.map_or(0.0, |e| e.mean),
                p.percentile.unwrap_or(0.0)
            )
        };
        say!("strongest of yours: {}", standing(strongest));
        say!("weakest of yours: {}", standing(weakest));
    }
}

/// A tile under study as `set/id "name"`, made safe to print.
fn focus_tile_name(t: &FocusTile) -> String {
    named(&t.set, &t.id, &t.name)
}

/// The tiles that stand out: discarded most, most points per placement, and most linked with
/// winning (the win rate of players who placed one minus that of players who placed none).
fn print_standouts(report: &BalanceReport) {
    let top = |key: &dyn Fn(&TileStats) -> Option<f64>| {
        let mut tiles: Vec<(&TileStats, f64)> = report
            .tiles
            .iter()
            .filter_map(|t| key(t).map(|k| (t, k)))
            .filter(|(_, k)| *k > 0.0)
            .collect();
        tiles.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.index.cmp(&b.0.index)));
        tiles.truncate(STANDOUTS);
        tiles
    };
    let discards = top(&|t| (t.drawn > 0).then(|| t.discarded as f64 / t.drawn as f64));
    if discards.is_empty() {
        say!("no tile was discarded");
    } else {
        say!("discarded most (share of draws):");
        for (t, share) in discards {
            say!("  {}: {:.1}% of {} draws", tile_name(t), share * 100.0, t.drawn);
        }
    }
    say!("most points per placement (95%):");
    for (t, _) in top(&|t| t.points_per_placement) {
        let points = t
            .points_per_placement_interval
            .map_or_else(String::new, |e| interval(&e, 1.0, 2));
        say!("  {}: {points} points, placed {} times", tile_name(t), t.placed);
    }
    // Both groups large enough that one lucky game does not decide it.
    let player_games = report.games * u64::from(report.players);
    let enough = (player_games / 20).max(30);
    let compared = |t: &TileStats| t.placed_by >= enough && player_games - t.placed_by >= enough;
    say!(
        "most linked with winning (win rate % of players who placed it − of those who did not; tiles placed by, and not by, at least {enough} players):"
    );
    for (t, _) in top(&|t| t.win_effect.filter(|_| compared(t)).map(f64::abs)) {
        let effect = t
            .win_effect_interval
            .map_or_else(String::new, |e| signed_interval(&e, 100.0, 1));
        say!("  {}: {effect}", tile_name(t));
    }
}

/// Prints both runs' summaries and the differences; tile figures only when flagged or of a set
/// under study.
fn print_comparison(comparison: &Comparison) {
    say!("A:");
    print_summary_lines(&comparison.a);
    say!("B ({}):", escape::line(&comparison.change));
    print_summary_lines(&comparison.b);
    say!(
        "differences B − A per game (a tile's per copy, so that more tiles in a game is no change in each), \
         95% interval of the paired differences; * significant over the {} figures compared (5% false \
         discovery rate) and at least {}% of A",
        comparison.differences.len(),
        comparison.min_change * 100.0
    );
    if let Some(moved) = points_moved(comparison) {
        say!("where the points went: {}", escape::line(&moved));
    }
    let mut tiles_hidden = 0;
    let studied = |set: &str| {
        comparison
            .a
            .focus
            .as_ref()
            .is_some_and(|f| f.sets.iter().any(|s| s == set))
    };
    for d in &comparison.differences {
        if d.key.tile_set().is_some_and(|set| !d.flagged && !studied(set)) {
            tiles_hidden += 1;
            continue;
        }
        say!("{}", difference_line(d));
    }
    if tiles_hidden > 0 {
        say!("({tiles_hidden} tile figures with no clear difference not shown; `--json` has them all)");
    }
}

/// A run's short summary, for a comparison.
fn print_summary_lines(report: &BalanceReport) {
    say!(
        "  {} games{}, every seat played {}",
        report.games,
        if report.stopped { " (stopped by Ctrl-C)" } else { "" },
        report.policy
    );
}

/// One difference: label, A, B, B − A with its interval, and a mark when flagged.
fn difference_line(d: &Difference) -> String {
    let scale = if d.key.is_share() { 100.0 } else { 1.0 };
    let unit = if scale == 100.0 { " %" } else { "" };
    let diff = d.difference.map_or_else(
        || "no interval (fewer than two games)".to_owned(),
        |e| interval(&e, scale, 2),
    );
    format!(
        "{} {:<40} A {:>8.2}  B {:>8.2}  B − A {diff}{unit}",
        if d.flagged { "*" } else { " " },
        escape::line(&d.label),
        d.a * scale,
        d.b * scale
    )
}
