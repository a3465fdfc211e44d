//! A balance run played in shards: `balance --shard K/N --partial FILE` plays one block of
//! the games and writes what they add up to; `balance merge` checks that the partials are the
//! shards of one run, each once, and prints the report of the whole run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser};
use serde_json::{Value, json};
use tilewright_engine::balance::{Plan, Sums, Timing};
use tilewright_engine::partial::{self, FORMAT, MAX_SHARDS, Partial, PartialFile, VERSION};
use tilewright_engine::simulate::{Progress, shard_games};

use super::{BalanceArgs, Setup};
use crate::played::Run;
use crate::{escape, fail, progress};

/// Options of `balance merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The partials of the run's shards, each once (as `balance --partial` wrote them).
    #[arg(required = true, value_name = "PARTIAL")]
    partials: Vec<PathBuf>,
    /// Report on the shards given when some are missing (the report is then of their games
    /// only); without it, a missing shard is an error that names it.
    #[arg(long)]
    allow_missing: bool,
    /// Of an A/B: flag a difference only when it changes the figure by at least this share of
    /// its value in A, in % (besides being significant over all the figures compared).
    #[arg(long, value_name = "PERCENT", default_value_t = 2.0, value_parser = super::parse_percent)]
    min_change: f64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the report as a standalone HTML page to this file.
    #[arg(long, value_name = "PATH")]
    html: Option<PathBuf>,
}

/// `--shard K/N`: shard K of N, K from 1 to N, N at most [`MAX_SHARDS`].
pub fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let wrong = || format!("a shard is K/N, K from 1 to N and N from 1 to {MAX_SHARDS} (`3/8`), not `{text}`");
    let (k, n) = text.split_once('/').ok_or_else(wrong)?;
    let (k, n) = (k.trim().parse::<u64>(), n.trim().parse::<u64>());
    match (k, n) {
        (Ok(k), Ok(n)) if (1..=MAX_SHARDS).contains(&n) && (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(wrong()),
    }
}

/// The arguments that say what `args` plays (not how: threads, output), as a command line
/// takes them again.
fn arguments(args: &BalanceArgs) -> Vec<String> {
    let mut out = args.game.arguments();
    let mut flag = |name: &str, values: Vec<String>| {
        if !values.is_empty() {
            out.push(name.to_owned());
            out.extend(values);
        }
    };
    flag("--compare-rules", args.compare_rules.iter().cloned().collect());
    flag("--without", args.without.iter().cloned().collect());
    let files = args.compare_tilesets.iter().map(|p| p.display().to_string()).collect();
    flag("--compare-tilesets", files);
    flag("--focus", args.focus.clone());
    out
}

/// What a run plays, the same in each of its shards: its arguments, and what they played
/// (tile sets with their content hashes, rules with their values, players, seed, games,
/// policy) without the threads, which change nothing in the figures.
fn plan_of(args: &BalanceArgs, setup: &Setup, run: &Run) -> Value {
    let mut played = setup.played(run);
    strip_threads(&mut played);
    if let Some(b) = played.get_mut("b") {
        strip_threads(b);
    }
    json!({
        "arguments": arguments(args),
        "policy": args.game.policy.to_string(),
        "played": played,
    })
}

/// `played` without its `threads`.
fn strip_threads(played: &mut Value) {
    if let Some(object) = played.as_object_mut() {
        object.remove("threads");
    }
}

/// Plays shard `k` of `n` of `plan` and writes its partial to `path`. A shard stopped by
/// Ctrl-C writes nothing: a partial holds every game of its shard.
pub fn play(
    args: &BalanceArgs,
    setup: &Setup,
    run: &Run,
    plan: &Plan,
    (k, n): (u64, u64),
    path: &Path,
    progress: &Progress,
) -> ExitCode {
    let shard = plan.shard(k, n);
    let games = shard_games(plan.games, k, n);
    let played = progress::show(shard.games, progress, || setup.play(&shard, progress));
    let (sums, timing) = match played {
        Ok(played) => played,
        Err(e) => return fail(e),
    };
    if sums.a.games < shard.games {
        say_err!(
            "stopped by Ctrl-C: no partial is written, as a partial holds every game of its shard ({} of {} played)",
            sums.a.games,
            shard.games
        );
        return ExitCode::from(progress::STOPPED);
    }
    let partial = Partial {
        format: FORMAT.to_owned(),
        version: VERSION,
        tilewright: env!("CARGO_PKG_VERSION").to_owned(),
        plan: plan_of(args, setup, run),
        shard: k,
        shards: n,
        threads: timing.threads,
        seconds: timing.seconds,
        sums,
    };
    if let Err(e) = partial::write(path, &partial) {
        return fail(e);
    }
    let seeds = if games.is_empty() {
        "no game".to_owned()
    } else {
        format!(
            "games {} to {} (seeds {} to {})",
            games.start,
            games.end - 1,
            plan.seed.wrapping_add(games.start),
            plan.seed.wrapping_add(games.end - 1)
        )
    };
    say!(
        "shard {k}/{n}: {seeds}, played in {:.2} s on {} thread(s); partial written to {}",
        timing.seconds,
        timing.threads,
        escape::path(path)
    );
    ExitCode::SUCCESS
}

/// The arguments of a run, read back as the command line reads them.
#[derive(Debug, Parser)]
#[command(name = "tilewright balance")]
struct Replayed {
    #[command(flatten)]
    args: BalanceArgs,
}

/// Runs `balance merge`.
pub fn merge(merge: &MergeArgs) -> ExitCode {
    match merged(merge) {
        Ok(code) => code,
        Err(e) => fail(e),
    }
}

/// The partials' run, checked and reported; `Err` says what is wrong, where.
fn merged(merge: &MergeArgs) -> Result<ExitCode, String> {
    let mut merging: Option<Merging> = None;
    let (_, missing) = partial::gather(&merge.partials, |file| match &mut merging {
        Some(merging) => merging.add(file),
        None => merging.insert(Merging::new(file, merge)?).add(file),
    })?;
    let Merging {
        args,
        setup,
        plan,
        sums,
        seconds,
        games,
        threads,
        shards,
        given,
    } = merging.ok_or("no partial was given")?;
    if !missing.is_empty() && !merge.allow_missing {
        let (which, are) = if missing.len() == 1 {
            ("shard", "is")
        } else {
            ("shards", "are")
        };
        return Err(format!(
            "{which} {} of the run's {shards} {are} missing (help: give their partials too, or `--allow-missing` to report on the {given} given)",
            listed(&missing),
        ));
    }
    let reported = if missing.is_empty() {
        plan
    } else {
        say_err!(
            "note: shard(s) {} of {shards} missing: this report is of the {games} games of the {given} shards given, not of the {} asked",
            listed(&missing),
            plan.games
        );
        Plan { games, ..plan }
    };
    let timing = Timing {
        threads,
        seconds,
        games_per_second: games as f64 / seconds.max(1e-9),
    };
    let run = args.game.run_on(threads);
    if !args.json {
        for line in setup.lines(&run) {
            say!("{line}");
        }
    }
    let sums = sums.ok_or("no partial was given")?;
    // Every partial holds every game of its shard, so the merged run is never one stopped.
    setup.present(&args, &run, &sums, &reported, timing)?;
    Ok(ExitCode::SUCCESS)
}

/// A run being put together from its partials, one at a time.
struct Merging {
    /// The run's arguments, read back from the first partial's plan, with the merge's output.
    args: BalanceArgs,
    setup: Setup,
    plan: Plan,
    /// The partials' sums so far.
    sums: Option<Sums>,
    /// Their shards' times, games and most threads; the shards the run has, and those given.
    seconds: f64,
    games: u64,
    threads: usize,
    shards: u64,
    given: u64,
}

impl Merging {
    /// The run of `first` (the first partial read), its files read again and checked to be
    /// those its shards played.
    fn new(first: &PartialFile, merge: &MergeArgs) -> Result<Merging, String> {
        let plan_json = &first.partial.plan;
        let stored: Vec<String> = plan_json
            .get("arguments")
            .and_then(|a| serde_json::from_value(a.clone()).ok())
            .ok_or_else(|| {
                first.at(
                    "/plan/arguments",
                    "the plan's `arguments` are not a list of arguments",
                    "play the shards again",
                )
            })?;
        let line = ["balance".to_owned()].into_iter().chain(stored);
        let mut args = Replayed::try_parse_from(line)
            .map_err(|e| {
                first.at(
                    "/plan/arguments",
                    &format!("the run's arguments do not read: {}", e.kind()),
                    "play the shards again with this version",
                )
            })?
            .args;
        (args.json, args.html, args.min_change) = (merge.json, merge.html.clone(), merge.min_change);
        let setup = Setup::new(&args).map_err(|e| {
            format!(
                "the files the shards played: {e} (help: run `balance merge` where the shards were played, with their files)"
            )
        })?;
        let now = plan_of(&args, &setup, &args.game.run());
        if let Some(pointer) = partial::first_difference(plan_json, &now) {
            return Err(first.at(
                &format!("/plan{pointer}"),
                &format!(
                    "the files here are not those the shards played: `plan{}` differs",
                    pointer.replace('/', ".")
                ),
                "merge with the files the shards played (the same checkout), or play the shards again",
            ));
        }
        crate::play::check_output("--html", args.html.as_deref(), &setup.read)?;
        let plan = args.game.plan();
        Ok(Merging {
            args,
            setup,
            plan,
            sums: None,
            seconds: 0.0,
            games: 0,
            threads: 0,
            shards: first.partial.shards,
            given: 0,
        })
    }

    /// Adds the partial `file` (of the same run, checked), once its sums are checked.
    fn add(&mut self, file: &PartialFile) -> Result<(), String> {
        let p = &file.partial;
        let in_shard = shard_games(self.plan.games, p.shard, p.shards);
        let b = self.setup.b.as_ref().map(|(b, ..)| &**b);
        p.sums
            .check(&self.setup.a, b, self.plan.players, in_shard.end - in_shard.start)
            .map_err(|e| file.impossible(&e))?;
        match &mut self.sums {
            Some(sums) => sums.merge(&p.sums),
            None => self.sums = Some(p.sums.clone()),
        }
        self.seconds += p.seconds;
        self.games += in_shard.end - in_shard.start;
        self.threads = self.threads.max(p.threads);
        self.given += 1;
        Ok(())
    }
}

/// `2, 5, 7` (the first twenty, then how many more).
fn listed(shards: &[u64]) -> String {
    let mut words: Vec<String> = shards.iter().take(20).map(u64::to_string).collect();
    if shards.len() > 20 {
        words.push(format!("and {} more", shards.len() - 20));
    }
    words.join(", ")
}
