//! Random play: a uniform random legal placement, then a uniform random deployment (passing
//! included). Used by `tilewright simulate`, the benchmarks and the invariant tests.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::bots::random_step;
use crate::game::{Action, Event, Game, GameDef, Phase, Rng, SetupError};

/// Reusable buffers for random play, so a game allocates almost nothing per turn.
#[derive(Debug, Default)]
pub struct Scratch {
    actions: Vec<Action>,
    /// Events of the last action.
    pub events: Vec<Event>,
}

/// Watches games as they are played: the summary's counters, statistics, a UI. Every
/// method does nothing unless implemented; `()` watches nothing, at no cost.
pub trait Observer {
    /// The game waits on its next action, about to be chosen.
    fn before_action(&mut self, _game: &Game) {}
    /// Something happened; `game` is the state after the action that caused it. The events
    /// of one action come in order, before the next action is chosen.
    fn event(&mut self, _game: &Game, _event: &Event) {}
    /// The game is over, final scoring included.
    fn game_over(&mut self, _game: &Game) {}
}

impl Observer for () {}

/// The policy seed for a game with shuffle seed `seed`.
pub fn policy_seed(seed: u64) -> u64 {
    seed ^ 0x005E_ED0F_C0FF_EE00
}

/// Plays one action at random; returns false when the game is over. The action's events are
/// in `scratch.events` until the next call.
pub fn random_action(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch) -> bool {
    scratch.events.clear();
    random_step(game, rng, &mut scratch.actions, &mut scratch.events)
}

/// Plays a whole game at random from its current state.
pub fn play_out(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch) {
    play_out_observed(game, rng, scratch, &mut ());
}

/// Plays a whole game at random from its current state, as [`play_out`] does, showing
/// `observer` every step and event.
#[inline]
pub fn play_out_observed(game: &mut Game, rng: &mut Rng, scratch: &mut Scratch, observer: &mut impl Observer) {
    loop {
        observer.before_action(game);
        if !random_action(game, rng, scratch) {
            break;
        }
        show_events(game, scratch, observer);
    }
    observer.game_over(game);
}

/// Shows `observer` the events in `scratch`, in order.
#[inline]
fn show_events(game: &Game, scratch: &Scratch, observer: &mut impl Observer) {
    for event in &scratch.events {
        observer.event(game, event);
    }
}

/// The counters of a [`Summary`], kept by watching games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Tally {
    /// Games played to the end.
    games: u64,
    /// Turns played (tiles placed after the start tile).
    turns: u64,
    /// Legal placements offered, summed over turns (a count the random policy itself does
    /// without).
    placements: u64,
    /// Final scores by seat, summed over games.
    totals: Vec<u64>,
}

impl Observer for Tally {
    fn before_action(&mut self, game: &Game) {
        if let Phase::Place { .. } = game.phase() {
            self.turns += 1;
            self.placements += game.placements_of_drawn_tile() as u64;
        }
    }

    fn game_over(&mut self, game: &Game) {
        self.games += 1;
        self.totals.resize(game.players().len(), 0);
        for (total, player) in self.totals.iter_mut().zip(game.players()) {
            *total += player.score;
        }
    }
}

impl Tally {
    /// Adds another tally's counts to this one's.
    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.turns += other.turns;
        self.placements += other.placements;
        self.totals.resize(self.totals.len().max(other.totals.len()), 0);
        for (a, b) in self.totals.iter_mut().zip(other.totals) {
            *a += b;
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
    /// Games played to the end.
    pub games: u64,
    /// Games asked for: more than `games` when the run was stopped.
    pub games_asked: u64,
    /// Whether the run was stopped ([`Progress::stop`]) before every game asked for was played.
    pub stopped: bool,
    /// Turns played, over all games.
    pub turns: u64,
    /// Threads the games were played on.
    pub threads: usize,
    /// Games per second of the wall time the games took (setting up not counted).
    pub games_per_second: f64,
    /// Microseconds per turn (wall time × threads / turns); `None` when no turn was played.
    pub micros_per_turn: Option<f64>,
    /// Mean legal placements per turn; `None` when no turn was played.
    pub placements_per_turn: Option<f64>,
    /// Mean final score by seat; empty when no game was played.
    pub mean_scores: Vec<f64>,
    /// Mean of the players' total score per game; `None` when no game was played.
    pub mean_total_score: Option<f64>,
    /// Wall time of the games, from the first thread starting its first game to the last one
    /// finishing its last.
    #[serde(skip)]
    pub elapsed: Duration,
}

/// Shared with a running simulation: the games finished so far, and a flag that stops it
/// between games (set from another thread: a Ctrl-C handler, a UI).
#[derive(Debug, Default)]
pub struct Progress {
    finished: AtomicU64,
    stop: AtomicBool,
}

impl Progress {
    /// Games finished so far, over all threads.
    pub fn finished(&self) -> u64 {
        self.finished.load(Ordering::Relaxed)
    }

    /// Asks the simulation to stop: each thread finishes the game it is playing, then stops.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::stop`] was called.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Counts `games` more as finished: for runners of games of their own (tournaments).
    pub fn count_finished(&self, games: u64) {
        self.finished.fetch_add(games, Ordering::Relaxed);
    }
}

/// Plays `games` random games, game `i` with seed `seed + i`, on `threads` threads (at least
/// one, at most [`MAX_THREADS`]; the summary says how many).
pub fn run(def: Arc<GameDef>, players: u8, games: u64, seed: u64, threads: usize) -> Result<Summary, SetupError> {
    run_watched(def, players, games, seed, threads, &Progress::default())
}

/// Plays games as [`run`] does, counting the games finished in `progress` and stopping early
/// when it is told to: the summary is then of the games finished. The figures of a run played
/// to the end are the same on any number of threads.
pub fn run_watched(
    def: Arc<GameDef>,
    players: u8,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &Progress,
) -> Result<Summary, SetupError> {
    let played = play_games(def, players, games, seed, threads, Tally::default, progress)?;
    let mut tally = Tally {
        totals: vec![0; usize::from(players)],
        ..Tally::default()
    };
    for t in played.observers {
        tally.merge(t);
    }
    let (finished, elapsed, threads) = (tally.games, played.elapsed, played.threads);
    let per_game = |total: u64| (finished > 0).then(|| total as f64 / finished as f64);
    let per_turn = |total: f64| (tally.turns > 0).then(|| total / tally.turns as f64);
    let mean_scores: Vec<f64> = tally.totals.iter().filter_map(|&t| per_game(t)).collect();
    Ok(Summary {
        games: finished,
        games_asked: games,
        stopped: finished < games,
        turns: tally.turns,
        threads,
        games_per_second: finished as f64 / elapsed.as_secs_f64().max(1e-9),
        micros_per_turn: per_turn(elapsed.as_secs_f64() * 1e6 * threads.min(finished.max(1) as usize) as f64),
        placements_per_turn: per_turn(tally.placements as f64),
        mean_total_score: per_game(tally.totals.iter().sum()),
        mean_scores,
        elapsed,
    })
}

/// Plays `games` random games as [`run`] does, each thread watching its games with an
/// observer of its own from `observer`: the observers come back, one per thread (at least
/// one, at most [`MAX_THREADS`]), for the caller to merge.
pub fn run_observed<O: Observer + Send>(
    def: Arc<GameDef>,
    players: u8,
    games: u64,
    seed: u64,
    threads: usize,
    observer: impl Fn() -> O + Sync,
) -> Result<(Vec<O>, usize), SetupError> {
    let played = play_games(def, players, games, seed, threads, observer, &Progress::default())?;
    Ok((played.observers, played.threads))
}

/// What [`play_games`] gives back.
struct Played<O> {
    observers: Vec<O>,
    threads: usize,
    elapsed: Duration,
}

/// Plays the games on threads, thread `t` of `T` games `t`, `t + T`, ...; each thread sets up
/// its game before the clock starts, and checks `progress` before each game.
fn play_games<O: Observer + Send>(
    def: Arc<GameDef>,
    players: u8,
    games: u64,
    seed: u64,
    threads: usize,
    observer: impl Fn() -> O + Sync,
    progress: &Progress,
) -> Result<Played<O>, SetupError> {
    Game::new(Arc::clone(&def), players, seed)?;
    let threads = threads.clamp(1, MAX_THREADS) as u64;
    let observer = &observer;
    let ready = &Barrier::new(threads as usize);
    let ran: Vec<(O, Instant, Instant)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let def = Arc::clone(&def);
                scope.spawn(move || {
                    let mut watching = observer();
                    let mut scratch = Scratch::default();
                    let mut game = Game::new(def, players, seed).expect("checked above");
                    ready.wait();
                    let started = Instant::now();
                    let mut i = t;
                    while i < games && !progress.stopped() {
                        let game_seed = seed.wrapping_add(i);
                        // The deal's first draw may discard tiles: the observer sees them first.
                        scratch.events.clear();
                        game.restart_with_events(game_seed, &mut scratch.events);
                        show_events(&game, &scratch, &mut watching);
                        let mut rng = Rng::new(policy_seed(game_seed));
                        play_out_observed(&mut game, &mut rng, &mut scratch, &mut watching);
                        progress.finished.fetch_add(1, Ordering::Relaxed);
                        i += threads;
                    }
                    (watching, started, Instant::now())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("simulation thread"))
            .collect()
    });
    let started = ran.iter().map(|r| r.1).min();
    let ended = ran.iter().map(|r| r.2).max();
    let elapsed = started
        .zip(ended)
        .map_or(Duration::ZERO, |(s, e)| e.saturating_duration_since(s));
    Ok(Played {
        observers: ran.into_iter().map(|r| r.0).collect(),
        threads: threads as usize,
        elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Arc<GameDef> {
        let catalog = crate::catalog::Catalog::default().with_base(crate::bundled::catalog());
        Arc::new(GameDef::from_catalog(&catalog, &["base".to_owned()], "new-edition").unwrap())
    }

    #[test]
    fn the_figures_are_the_same_on_any_number_of_threads() {
        let def = base();
        let one = run(Arc::clone(&def), 3, 13, 5, 1).unwrap();
        let three = run(def, 3, 13, 5, 3).unwrap();
        assert_eq!((one.games, one.games_asked, one.stopped), (13, 13, false));
        assert_eq!((three.threads, three.turns), (3, one.turns));
        assert_eq!(three.mean_scores, one.mean_scores);
        assert_eq!(three.placements_per_turn, one.placements_per_turn);
    }

    #[test]
    fn a_stopped_run_sums_up_the_games_finished() {
        let progress = Progress::default();
        progress.stop();
        let summary = run_watched(base(), 2, 1000, 1, 2, &progress).unwrap();
        assert_eq!((summary.games, summary.games_asked, summary.stopped), (0, 1000, true));
        assert_eq!((summary.mean_total_score, summary.micros_per_turn), (None, None));

        // Stopped from another thread while it plays: what finished is counted, and agrees.
        let progress = Progress::default();
        let summary = std::thread::scope(|scope| {
            scope.spawn(|| {
                while progress.finished() < 5 {
                    std::thread::yield_now();
                }
                progress.stop();
            });
            run_watched(base(), 2, u64::MAX, 1, 2, &progress).unwrap()
        });
        assert!(summary.stopped && summary.games >= 5, "{summary:?}");
        assert_eq!(summary.games, progress.finished());
        assert_eq!(summary.mean_scores.len(), 2);
    }
}
