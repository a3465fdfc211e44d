//! Random play: a uniform random legal placement, then a uniform random deployment (passing
//! included). Used by `tilewright simulate`, the benchmarks and the invariant tests.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::game::{Action, Event, Game, GameDef, Phase, Rng, SetupError};

/// Reusable buffers for random play, so a game allocates almost nothing per turn.
#[derive(Debug, Default)]
pub struct Scratch {
    actions: Vec<Action>,
    /// Events of the last action.
    pub events: Vec<Event>,
}

/// Counters of one or more games, for the summary.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Counts {
    /// Turns played (tiles placed after the start tile).
    turns: u64,
    /// Legal placements offered, summed over turns.
    placements: u64,
}

/// The seed of the random policy for a game with shuffle seed `seed`.
pub fn policy_seed(seed: u64) -> u64 {
    seed ^ 0x005E_ED0F_C0FF_EE00
}

/// Plays one action at random; returns false when the game is over.
pub fn random_action(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch) -> bool {
    scratch.events.clear();
    let action = match game.phase() {
        Phase::Over => return false,
        Phase::Place { .. } => {
            game.place_at_random(rng, &mut scratch.events)
                .expect("the drawn tile fits somewhere");
            return true;
        }
        Phase::Choose { .. } | Phase::MoveWagon { .. } | Phase::Shepherd => {
            scratch.actions.clear();
            game.legal_actions_into(&mut scratch.actions);
            scratch.actions[rng.below(scratch.actions.len())]
        }
        Phase::Deploy { .. } => {
            game.deploy_at_random(rng, &mut scratch.actions, &mut scratch.events)
                .expect("passing is always legal");
            return true;
        }
    };
    game.apply(action, &mut scratch.events).expect("a legal action applies");
    true
}

/// Plays a whole game at random from its current state.
pub fn play_out(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch) {
    while random_action(game, rng, scratch) {}
}

/// Plays a whole game like [`play_out`], counting its turns and the legal placements each
/// turn offered (a count the random policy itself does without).
fn play_out_counting(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch, counts: &mut Counts) {
    loop {
        if let Phase::Place { .. } = game.phase() {
            counts.turns += 1;
            counts.placements += game.placements_of_drawn_tile() as u64;
        }
        if !random_action(game, rng, scratch) {
            return;
        }
    }
}

/// The most threads [`run`] plays on. Each thread holds one game, and a game whose tiles
/// spread the table far (a staircase of tiles that fit only one way) holds a board grid that
/// grows with the square of the spread: tens of MB in the staircases tried, more in theory.
pub const MAX_THREADS: usize = 16;

/// Summary of many random games. A mean over nothing is `None` (JSON `null`), not a division
/// by zero.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Turns played, over all games.
    pub turns: u64,
    /// Threads the games were played on.
    pub threads: usize,
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// Microseconds per turn (wall time × threads / turns); `None` when no turn was played.
    pub micros_per_turn: Option<f64>,
    /// Mean legal placements per turn; `None` when no turn was played.
    pub placements_per_turn: Option<f64>,
    /// Mean final score by seat; empty when no game was played.
    pub mean_scores: Vec<f64>,
    /// Mean of the players' total score per game; `None` when no game was played.
    pub mean_total_score: Option<f64>,
    /// Wall time.
    #[serde(skip)]
    pub elapsed: Duration,
}

/// Plays `games` random games, game `i` with seed `seed + i`, on `threads` threads (at least
/// one, at most [`MAX_THREADS`]; the summary says how many).
pub fn run(def: Arc<GameDef>, players: u8, games: u64, seed: u64, threads: usize) -> Result<Summary, SetupError> {
    Game::new(Arc::clone(&def), players, seed)?;
    let threads = threads.clamp(1, MAX_THREADS) as u64;
    let started = Instant::now();
    let results: Vec<(Counts, Vec<u64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let def = Arc::clone(&def);
                scope.spawn(move || {
                    let mut counts = Counts::default();
                    let mut totals = vec![0u64; players as usize];
                    let mut scratch = Scratch::default();
                    let mut game = Game::new(Arc::clone(&def), players, seed).expect("checked above");
                    let mut i = t;
                    while i < games {
                        let game_seed = seed.wrapping_add(i);
                        game.restart(game_seed);
                        let mut rng = Rng::new(policy_seed(game_seed));
                        play_out_counting(&mut game, &mut rng, &mut scratch, &mut counts);
                        for (total, score) in totals.iter_mut().zip(game.scores()) {
                            *total += score;
                        }
                        i += threads;
                    }
                    (counts, totals)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("simulation thread"))
            .collect()
    });
    let elapsed = started.elapsed();
    let mut counts = Counts::default();
    let mut totals = vec![0u64; players as usize];
    for (c, t) in results {
        counts.turns += c.turns;
        counts.placements += c.placements;
        for (a, b) in totals.iter_mut().zip(t) {
            *a += b;
        }
    }
    let per_game = |total: u64| (games > 0).then(|| total as f64 / games as f64);
    let per_turn = |total: f64| (counts.turns > 0).then(|| total / counts.turns as f64);
    let mean_scores: Vec<f64> = totals.iter().filter_map(|&t| per_game(t)).collect();
    Ok(Summary {
        games,
        turns: counts.turns,
        threads: threads as usize,
        games_per_second: games as f64 / elapsed.as_secs_f64().max(1e-9),
        micros_per_turn: per_turn(elapsed.as_secs_f64() * 1e6 * threads.min(games.max(1)) as f64),
        placements_per_turn: per_turn(counts.placements as f64),
        mean_total_score: per_game(totals.iter().sum()),
        mean_scores,
        elapsed,
    })
}
