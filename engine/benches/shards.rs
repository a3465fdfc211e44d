//! Balance runs in shards: `cargo bench -p tilewright-engine --bench shards`.
//!
//! What merging costs (reading, checking and adding up 1,000 partials, as `balance merge`
//! does), and what playing a run in shards costs over playing it at once (each shard set up
//! on its own, its partial written and read back).

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use divan::{Bencher, black_box};
use tilewright_engine::FromCatalog;
use tilewright_engine::balance::{self, Plan, Sums};
use tilewright_engine::bots::Policy;
use tilewright_engine::bundled;
use tilewright_engine::game::GameDef;
use tilewright_engine::partial::{self, FORMAT, Partial, VERSION};
use tilewright_engine::simulate::{Progress, shard_games};

fn main() {
    divan::main();
}

fn base_game() -> Arc<GameDef> {
    static DEF: OnceLock<Arc<GameDef>> = OnceLock::new();
    Arc::clone(DEF.get_or_init(|| {
        Arc::new(GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], "new-edition").unwrap())
    }))
}

/// `games` random games of the base game on one thread.
fn plan(games: u64) -> Plan {
    Plan {
        players: 2,
        games,
        seed: 1,
        threads: 1,
        policy: Policy::Random,
    }
}

/// The partial of shard `k` of `n` of `plan`.
fn partial_of(plan: &Plan, k: u64, n: u64) -> Partial {
    let (sums, timing) = balance::play(&base_game(), &plan.shard(k, n), &Progress::default()).unwrap();
    Partial {
        format: FORMAT.to_owned(),
        version: VERSION,
        tilewright: "bench".to_owned(),
        plan: serde_json::json!({ "arguments": ["--games", plan.games.to_string()] }),
        shard: k,
        shards: n,
        threads: timing.threads,
        seconds: timing.seconds,
        sums,
    }
}

/// Reads, checks and adds up the partials at `paths`, as `balance merge` does.
fn merge(paths: &[PathBuf], plan: &Plan) -> Sums {
    let def = base_game();
    let mut sums: Option<Sums> = None;
    let (_, missing) = partial::gather(paths, |file| {
        let p = &file.partial;
        let games = shard_games(plan.games, p.shard, p.shards);
        p.sums.check(&def, None, plan.players, games.end - games.start).unwrap();
        match &mut sums {
            Some(sums) => sums.merge(&p.sums),
            None => sums = Some(p.sums.clone()),
        }
        Ok(())
    })
    .unwrap();
    assert!(missing.is_empty());
    sums.unwrap()
}

/// Merging the partials of a run of 2,000 games in 1,000 shards.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn merge_1000_partials(bencher: Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let run = plan(2000);
    let paths: Vec<PathBuf> = (1..=1000)
        .map(|k| {
            let path = dir.path().join(format!("{k}.json"));
            partial::write(&path, &partial_of(&run, k, 1000)).unwrap();
            path
        })
        .collect();
    bencher.bench_local(|| black_box(merge(&paths, &run)));
}

/// 2,000 random games at once.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn games_2000_at_once(bencher: Bencher) {
    let run = plan(2000);
    bencher.bench_local(|| black_box(balance::play(&base_game(), &run, &Progress::default()).unwrap()));
}

/// The same 2,000 games in 10 shards, each written as a partial, then merged.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn games_2000_in_10_shards(bencher: Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let run = plan(2000);
    bencher.bench_local(|| {
        let paths: Vec<PathBuf> = (1..=10)
            .map(|k| {
                let path = dir.path().join(format!("{k}.json"));
                partial::write(&path, &partial_of(&run, k, 10)).unwrap();
                path
            })
            .collect();
        black_box(merge(&paths, &run))
    });
}

/// The same 2,000 games in 10 shards played one after the other, their sums added up in
/// memory: what splitting costs, without the files.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn games_2000_in_10_shards_in_memory(bencher: Bencher) {
    let run = plan(2000);
    bencher.bench_local(|| {
        let mut sums = partial_of(&run, 1, 10).sums;
        for k in 2..=10 {
            sums.merge(&partial_of(&run, k, 10).sums);
        }
        black_box(sums)
    });
}
