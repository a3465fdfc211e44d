//! A balance run played in shards: `balance --shard K/N --partial FILE` plays one block of
//! the games and writes what they add up to; `balance merge` checks that the partials are the
//! shards of one run, each once, and prints the report of the whole run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser};
use serde_json::{Value, json};
use tilewright_engine::balance::{Plan, Sums, Timing};
use tilewright_engine::partial::{self, FORMAT, MAX_SHARDS, Partial, VERSION};
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
    if progress.stopped() {
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
    let (files, missing) = partial::gather(&merge.partials)?;
    let first = files.first().ok_or("no partial was given")?;
    let shards = first.partial.shards;
    if !missing.is_empty() && !merge.allow_missing {
        let (which, are) = if missing.len() == 1 {
            ("shard", "is")
        } else {
            ("shards", "are")
        };
        return Err(format!(
            "{which} {} of the run's {shards} {are} missing (help: give their partials too, or `--allow-missing` to report on the {} given)",
            listed(&missing),
            files.len()
        ));
    }
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
    let threads = files.iter().map(|f| f.partial.threads).max().unwrap_or(1);
    let line = ["balance".to_owned()]
        .into_iter()
        .chain(stored)
        .chain(["--threads".to_owned(), threads.min(usize::from(u16::MAX)).to_string()]);
    let mut args = Replayed::try_parse_from(line)
        .map_err(|e| {
            first.at(
                "/plan/arguments",
                &format!("the run's arguments do not read: {}", e.kind()),
                "play the shards again with this version",
            )
        })?
        .args;
    (args.json, args.html) = (merge.json, merge.html.clone());
    let setup = Setup::new(&args)
        .map_err(|e| format!("the files the shards played: {e} (help: run `balance merge` where the shards were played, with their files)"))?;
    let run = args.game.run();
    let now = plan_of(&args, &setup, &run);
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
    let b = setup.b.as_ref().map(|(b, ..)| &**b);
    let mut sums: Option<Sums> = None;
    let (mut seconds, mut games) = (0.0, 0);
    for file in &files {
        let p = &file.partial;
        let in_shard = shard_games(plan.games, p.shard, shards);
        p.sums
            .check(&setup.a, b, plan.players, in_shard.end - in_shard.start)
            .map_err(|e| file.impossible(&e))?;
        match &mut sums {
            Some(sums) => sums.merge(&p.sums),
            None => sums = Some(p.sums.clone()),
        }
        seconds += p.seconds;
        games += in_shard.end - in_shard.start;
    }
    let sums = sums.ok_or("no partial was given")?;
    let reported = if missing.is_empty() {
        plan
    } else {
        say_err!(
            "note: shard(s) {} of {shards} missing: this report is of the {games} games of the {} shards given, not of the {} asked",
            listed(&missing),
            files.len(),
            plan.games
        );
        Plan { games, ..plan }
    };
    let timing = Timing {
        threads,
        seconds,
        games_per_second: games as f64 / seconds.max(1e-9),
    };
    if !args.json {
        for line in setup.lines(&run) {
            say!("{line}");
        }
    }
    let stopped = setup.present(&args, &run, &sums, &reported, timing)?;
    Ok(if stopped { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `2, 5, 7` (the first twenty, then how many more).
fn listed(shards: &[u64]) -> String {
    let mut words: Vec<String> = shards.iter().take(20).map(u64::to_string).collect();
    if shards.len() > 20 {
        words.push(format!("and {} more", shards.len() - 20));
    }
    words.join(", ")
}
