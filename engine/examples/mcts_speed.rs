//! Times Monte Carlo tree search choices on 2-player base games, for the README's playouts per
//! second and for profilers (callgrind, perf) that need a plain program:
//!
//! ```sh
//! cargo build --release -p tilewright-engine --example mcts_speed
//! target/release/examples/mcts_speed 10000 20
//! target/release/examples/mcts_speed 200:to-end 100
//! ```
//!
//! Arguments: playouts per choice, with the options of a bot's name after colons as in
//! `mcts:200:to-end`, then the number of choices timed (spread over one game played by the
//! bot against itself, from its start). Under callgrind, subtract a run of 0 choices to leave
//! out start-up.

use std::sync::Arc;
use std::time::Instant;

use tilewright_engine::FromCatalog;
use tilewright_engine::bots::{Bot, BotSpec, Budget, MctsBot};
use tilewright_engine::bundled;
use tilewright_engine::game::{Game, GameDef};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: mcts_speed PLAYOUTS[:OPTIONS] CHOICES";
    let spec: BotSpec = format!("mcts:{}", args.next().ok_or(usage)?).parse()?;
    let choices: usize = args.next().ok_or(usage)?.parse()?;
    let BotSpec::Mcts(config) = spec else {
        return Err(usage.into());
    };
    let Budget::Playouts(playouts) = config.budget else {
        return Err("give the budget in playouts".into());
    };
    let def = Arc::new(GameDef::from_catalog(
        bundled::catalog(),
        &["base".to_owned()],
        "new-edition",
    )?);
    let mut bot = MctsBot::new(config, 1);
    let mut game = Game::new(def, 2, 1)?;
    let (mut searched, mut seconds, mut slowest) = (0, 0.0f64, 0.0f64);
    while searched < choices && !game.is_over() {
        let legal = game.legal_actions().len();
        let started = Instant::now();
        let action = bot.choose(&game);
        let took = started.elapsed().as_secs_f64();
        if legal > 1 {
            searched += 1;
            seconds += took;
            slowest = slowest.max(took);
        }
        game.apply(action, &mut Vec::new())?;
    }
    println!(
        "{searched} searched choices of {playouts} playouts: {:.3} s a choice (slowest {slowest:.3} s), {:.0} playouts/s",
        seconds / searched.max(1) as f64,
        f64::from(playouts) * searched as f64 / seconds.max(1e-9)
    );
    Ok(())
}
