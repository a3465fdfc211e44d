//! Plays random 2-player games exactly as the `random_game_*` benchmarks do, for profilers
//! (callgrind, perf) that need a plain program:
//!
//! ```sh
//! cargo build --release -p tilewright-engine --example random_games
//! valgrind --tool=callgrind target/release/examples/random_games 1000 base abbey-and-mayor
//! ```
//!
//! Arguments: the number of games, then the tile sets (the base game alone by default).

use std::sync::Arc;

use tilewright_engine::FromCatalog;
use tilewright_engine::bundled;
use tilewright_engine::game::{Game, GameDef, Rng};
use tilewright_engine::simulate::{Scratch, play_out, policy_seed};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().ok_or("usage: random_games GAMES [TILESET...]")?.parse()?;
    let mut sets: Vec<String> = args.collect();
    if sets.is_empty() {
        sets.push("base".to_owned());
    }
    let def = Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, "new-edition")?);
    let mut game = Game::new(Arc::clone(&def), 2, 0)?;
    let mut scratch = Scratch::default();
    let mut totals = [0u64; 2];
    for seed in 0..games {
        game.restart(seed);
        play_out(&mut game, &mut Rng::new(policy_seed(seed)), &mut scratch);
        for (total, player) in totals.iter_mut().zip(game.players()) {
            *total += player.score;
        }
    }
    let n = games.max(1) as f64;
    println!("mean scores: {:.3} {:.3}", totals[0] as f64 / n, totals[1] as f64 / n);
    Ok(())
}
