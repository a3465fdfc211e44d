//! Plays games as `tilewright simulate` does (`plain`) or with the balance lab's statistics
//! (`stats`), on one thread, for profilers (callgrind, perf) comparing the two:
//!
//! ```sh
//! cargo build --profile bench -p tilewright-engine --example balance_games
//! valgrind --tool=callgrind target/release/examples/balance_games plain 1000 base
//! valgrind --tool=callgrind target/release/examples/balance_games stats 1000 base
//! ```
//!
//! Arguments: `plain` or `stats`, the number of games, then the tile sets (the base game alone
//! by default); `--players N` (2 by default) and `--threads T` (1) may come anywhere.

use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::balance;
use tilewright_engine::bots::Policy;
use tilewright_engine::bundled;
use tilewright_engine::game::GameDef;
use tilewright_engine::simulate::{self, Plan, Progress};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let usage = "usage: balance_games plain|stats GAMES [TILESET...] [--players N] [--threads T]";
    let mut args = std::env::args().skip(1);
    let (mut positional, mut players, mut threads) = (Vec::new(), 2u8, 1usize);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--players" => players = args.next().ok_or(usage)?.parse()?,
            "--threads" => threads = args.next().ok_or(usage)?.parse()?,
            _ => positional.push(arg),
        }
    }
    let mut positional = positional.into_iter();
    let mode = positional.next().ok_or(usage)?;
    let games: u64 = positional.next().ok_or(usage)?.parse()?;
    let mut sets: Vec<String> = positional.collect();
    if sets.is_empty() {
        sets.push("base".to_owned());
    }
    let def = Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, "new-edition")?);
    let started = std::time::Instant::now();
    match mode.as_str() {
        "plain" => {
            let summary = simulate::run(
                def,
                &Plan {
                    players,
                    games,
                    seed: 0,
                    threads,
                    policy: Policy::Random,
                },
            )?;
            println!("mean scores: {:?}", summary.mean_scores);
        }
        "stats" => {
            let report = balance::run(
                def,
                &Plan {
                    players,
                    games,
                    seed: 0,
                    threads,
                    policy: Policy::Random,
                },
                &Progress::default(),
            )?;
            let means: Vec<f64> = report.seats.iter().filter_map(|s| s.score.map(|e| e.mean)).collect();
            println!("mean scores: {means:?}");
        }
        _ => return Err(usage.into()),
    }
    println!("{:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}
