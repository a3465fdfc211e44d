//! Many games played by bots ([`Policy`]; random by default: a uniform random legal
//! placement, then a uniform random deployment, passing included) on threads. Used by
//! `tilewright simulate`, the balance lab, the benchmarks and the invariant tests.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::bots::{Bot, Policy, PolicyBot, StopFlag, random_step};
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

/// Plays a whole game from its current state, every seat played by `bot`, showing `observer`
/// every step and event (`events` is the buffer for each action's events). With a random bot
/// this plays the same game as [`play_out_observed`] with the bot's generator.
#[inline]
pub fn play_out_with(game: &mut Game, bot: &mut impl Bot, events: &mut Vec<Event>, observer: &mut impl Observer) {
    loop {
        observer.before_action(game);
        events.clear();
        if !bot.play(game, events) {
            break;
        }
        show(game, events, observer);
    }
    observer.game_over(game);
}

/// Shows `observer` the events in `scratch`, in order.
#[inline]
fn show_events(game: &Game, scratch: &Scratch, observer: &mut impl Observer) {
    show(game, &scratch.events, observer);
}

/// Shows `observer` `events`, in order.
#[inline]
fn show(game: &Game, events: &[Event], observer: &mut impl Observer) {
    for event in events {
        observer.event(game, event);
    }
}

/// Legal placements are counted on one turn in this many, by the turn's index in its game (the
/// tiles on the table), so that the sample is the same on any number of threads: counting
/// them every turn would cost a fifth of a random game's time, more with large tile sets.
pub const PLACEMENTS_SAMPLE_EVERY: u32 = 8;

/// Whether the legal placements of the turn `game` waits on are in the sample
/// ([`PLACEMENTS_SAMPLE_EVERY`]).
#[inline]
pub fn placements_sampled(game: &Game) -> bool {
    game.board()
        .placed
        .len()
        .is_multiple_of(PLACEMENTS_SAMPLE_EVERY as usize)
}

/// The counters of a [`Summary`], kept by watching games.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Tally {
    /// Games played to the end.
    games: u64,
    /// Turns played (tiles placed after the start tile).
    turns: u64,
    /// Turns whose legal placements were counted ([`placements_sampled`]).
    sampled: u64,
    /// Legal placements offered, summed over the turns sampled (a count the random policy
    /// itself does without).
    placements: u64,
    /// Final scores by seat, summed over games.
    totals: Vec<u64>,
}

impl Observer for Tally {
    fn before_action(&mut self, game: &Game) {
        if let Phase::Place { .. } = game.phase() {
            self.turns += 1;
            if placements_sampled(game) {
                self.sampled += 1;
                self.placements += game.placements_of_drawn_tile() as u64;
            }
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
        self.sampled += other.sampled;
        self.placements += other.placements;
        self.totals.resize(self.totals.len().max(other.totals.len()), 0);
        for (a, b) in self.totals.iter_mut().zip(other.totals) {
            *a += b;
        }
    }
}

/// The most threads [`run`] plays on. Each thread holds one game (and a greedy player two
/// copies of it), in proportion to the tiles on its table: a few MB for 10,000 tiles, however
/// far they spread.
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
    /// Mean legal placements per turn, over one turn in [`PLACEMENTS_SAMPLE_EVERY`] (by the
    /// turn's index in its game); `None` when no turn was sampled.
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
/// between games (set from another thread: a Ctrl-C handler, a UI), and the searches of the
/// bots given the flag ([`Progress::stop_flag`]) at once.
#[derive(Debug, Default)]
pub struct Progress {
    finished: AtomicU64,
    stop: StopFlag,
}

impl Progress {
    /// Games finished so far, over all threads.
    pub fn finished(&self) -> u64 {
        self.finished.load(Ordering::Relaxed)
    }

    /// Asks the simulation to stop: each thread finishes the game it is playing, then stops.
    pub fn stop(&self) {
        self.stop.set();
    }

    /// Whether [`Progress::stop`] was called.
    pub fn stopped(&self) -> bool {
        self.stop.is_set()
    }

    /// The flag [`Progress::stop`] sets, for bots whose searches it should cut short.
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }
}

/// What a run plays: game `i` of `games` with seed `seed + i`, `players` at the table, every
/// seat played by `policy`, on `threads` threads (1 to [`MAX_THREADS`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plan {
    /// Players per game.
    pub players: u8,
    /// Games to play.
    pub games: u64,
    /// Seed of the first game.
    pub seed: u64,
    /// Threads to play on; the figures do not depend on it.
    pub threads: usize,
    /// How every seat plays.
    pub policy: Policy,
}

impl Plan {
    /// The games of shard `k` of `n` (`1 ≤ k ≤ n`): the block [`shard_games`] of the run's
    /// games, each with the seed it has in the whole run.
    pub fn shard(&self, k: u64, n: u64) -> Plan {
        let games = shard_games(self.games, k, n);
        Plan {
            seed: self.seed.wrapping_add(games.start),
            games: games.end - games.start,
            ..*self
        }
    }
}

/// The games (`i` of game `i`, seed `seed + i`) of shard `k` of `n` of a run of `games`: a
/// fixed partition into `n` blocks in order, as even as can be, so that every game is in
/// exactly one shard whatever machine plays it. `k` is from 1 to `n`.
pub fn shard_games(games: u64, k: u64, n: u64) -> std::ops::Range<u64> {
    let n = n.max(1);
    let k = k.clamp(1, n);
    let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(n)) as u64;
    at(k - 1)..at(k)
}

/// Plays the games of `plan` (the summary says on how many threads).
pub fn run(def: Arc<GameDef>, plan: &Plan) -> Result<Summary, SetupError> {
    run_watched(def, plan, &Progress::default())
}

/// Plays games as [`run`] does, counting the games finished in `progress` and stopping early
/// when it is told to: the summary is then of the games finished. The figures of a run played
/// to the end are the same on any number of threads.
pub fn run_watched(def: Arc<GameDef>, plan: &Plan, progress: &Progress) -> Result<Summary, SetupError> {
    let &Plan { players, games, .. } = plan;
    let played = run_observed(def, plan, Tally::default, progress)?;
    let mut tally = Tally {
        totals: vec![0; usize::from(players)],
        ..Tally::default()
    };
    for t in played.workers {
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
        placements_per_turn: (tally.sampled > 0).then(|| tally.placements as f64 / tally.sampled as f64),
        mean_total_score: per_game(tally.totals.iter().sum()),
        mean_scores,
        elapsed,
    })
}

/// What the threads of a run give back.
#[derive(Debug)]
pub struct Played<W> {
    /// What each thread worked with (its observer), one per thread, in thread order.
    pub workers: Vec<W>,
    /// Threads the games were played on.
    pub threads: usize,
    /// Wall time of the games, from the first thread starting its first game to the last one
    /// finishing its last.
    pub elapsed: Duration,
}

/// One thread's table: a game replayed from seed to seed, the bot playing every seat, and an
/// observer watching. Set up once per thread, so that games allocate almost nothing.
#[derive(Debug)]
pub struct Table<O> {
    /// The game, last played.
    pub game: Game,
    /// What watched the games.
    pub observer: O,
    bot: PolicyBot,
    events: Vec<Event>,
}

impl<O: Observer> Table<O> {
    /// A table for games of `def` with `players`, played by `policy`, watched by `observer`.
    pub fn new(def: Arc<GameDef>, players: u8, policy: Policy, observer: O) -> Result<Table<O>, SetupError> {
        Ok(Table {
            game: Game::new(def, players, 0)?,
            observer,
            bot: policy.bot(0),
            events: Vec::new(),
        })
    }

    /// The table, its bot's searches cut short once `stop` is set (Ctrl-C).
    pub fn stopped_by(mut self, stop: &StopFlag) -> Table<O> {
        self.bot.stop_with(stop);
        self
    }

    /// Plays the game of shuffle seed `seed` to the end (the bot's choices drawn from
    /// [`policy_seed`]), showing the observer everything, the deal's discards first.
    #[inline]
    pub fn play(&mut self, seed: u64) {
        self.events.clear();
        self.game.restart_with_events(seed, &mut self.events);
        show(&self.game, &self.events, &mut self.observer);
        self.bot.reseed(policy_seed(seed));
        play_out_with(&mut self.game, &mut self.bot, &mut self.events, &mut self.observer);
    }
}

/// Plays the games of `plan` as [`run`] does, each thread watching its games with an observer
/// of its own from `observer`: the observers come back, one per thread (at least one, at most
/// [`MAX_THREADS`]), for the caller to merge. Each thread plays on a [`Table`] of its own.
pub fn run_observed<O: Observer + Send>(
    def: Arc<GameDef>,
    plan: &Plan,
    observer: impl Fn() -> O + Sync,
    progress: &Progress,
) -> Result<Played<O>, SetupError> {
    let &Plan {
        players,
        games,
        seed,
        threads,
        policy,
    } = plan;
    let played = on_threads(
        games,
        threads,
        progress,
        || Table::new(Arc::clone(&def), players, policy, observer()).map(|t| t.stopped_by(progress.stop_flag())),
        |table, i| table.play(seed.wrapping_add(i)),
    )?;
    Ok(Played {
        workers: played.workers.into_iter().map(|table| table.observer).collect(),
        threads: played.threads,
        elapsed: played.elapsed,
    })
}

/// Arrives at the barrier when dropped.
struct Arrive<'a>(&'a Barrier);

impl Drop for Arrive<'_> {
    fn drop(&mut self) {
        self.0.wait();
    }
}

/// Runs games `0..games` on `threads` threads (at least one, at most [`MAX_THREADS`]), each
/// thread taking the next game not yet taken and playing it with `play` on a worker of its own
/// from `setup`: games that take long (searches) keep every thread busy to the end, where a
/// fixed share would leave one waiting for another. Which worker plays a game varies from run
/// to run, so a worker must play each game as any other would, and the callers' sums merge in
/// any order. Each thread sets up its worker before the clock starts, and checks `progress`
/// before each game (counting it there once played). A failing setup fails the run.
pub fn on_threads<W: Send, E: Send>(
    games: u64,
    threads: usize,
    progress: &Progress,
    setup: impl Fn() -> Result<W, E> + Sync,
    play: impl Fn(&mut W, u64) + Sync,
) -> Result<Played<W>, E> {
    let threads = threads.clamp(1, MAX_THREADS) as u64;
    let (setup, play) = (&setup, &play);
    let ready = &Barrier::new(threads as usize);
    let next = &AtomicU64::new(0);
    let ran: Vec<Result<(W, Instant, Instant), E>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    // Every thread waits for every other's setup, failed or not, or panicking
                    // (the guard arrives as it unwinds, so the others are not left waiting).
                    let worker = {
                        let _arrive = Arrive(ready);
                        setup()
                    };
                    let mut worker = worker?;
                    let started = Instant::now();
                    while !progress.stopped() {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            break;
                        }
                        play(&mut worker, i);
                        progress.finished.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok((worker, started, Instant::now()))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("simulation thread"))
            .collect()
    });
    let ran = ran.into_iter().collect::<Result<Vec<_>, E>>()?;
    let started = ran.iter().map(|r| r.1).min();
    let ended = ran.iter().map(|r| r.2).max();
    let elapsed = started
        .zip(ended)
        .map_or(Duration::ZERO, |(s, e)| e.saturating_duration_since(s));
    Ok(Played {
        workers: ran.into_iter().map(|r| r.0).collect(),
        threads: threads as usize,
        elapsed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Arc<GameDef> {
        let bundled = crate::testing::bundled();
        Arc::new(GameDef::from_files(bundled, &["base".to_owned()], "new-edition").unwrap())
    }

    #[test]
    fn the_figures_are_the_same_on_any_number_of_threads() {
        let def = base();
        let one = run(
            Arc::clone(&def),
            &Plan {
                players: 3,
                games: 13,
                seed: 5,
                threads: 1,
                policy: Policy::Random,
            },
        )
        .unwrap();
        let three = run(
            def,
            &Plan {
                players: 3,
                games: 13,
                seed: 5,
                threads: 3,
                policy: Policy::Random,
            },
        )
        .unwrap();
        assert_eq!((one.games, one.games_asked, one.stopped), (13, 13, false));
        assert_eq!((three.threads, three.turns), (3, one.turns));
        assert_eq!(three.mean_scores, one.mean_scores);
        assert_eq!(three.placements_per_turn, one.placements_per_turn);
    }

    #[test]
    fn shards_cover_every_game_once_in_order() {
        for (games, n) in [(0, 1), (10, 3), (7, 7), (3, 5), (u64::MAX, 4), (1000, 999)] {
            let mut next = 0;
            for k in 1..=n {
                let shard = shard_games(games, k, n);
                assert_eq!(shard.start, next, "{games} games, shard {k}/{n}");
                assert!(shard.end - shard.start <= games / n + 1);
                next = shard.end;
            }
            assert_eq!(next, games);
        }
        let plan = Plan {
            players: 2,
            games: 10,
            seed: u64::MAX - 4,
            threads: 1,
            policy: Policy::Random,
        };
        let third = plan.shard(3, 3);
        assert_eq!(
            (third.games, third.seed),
            (4, 1),
            "games 6..10, seeds wrapping as the run's do"
        );
    }

    #[test]
    fn a_stopped_run_sums_up_the_games_finished() {
        let progress = Progress::default();
        progress.stop();
        let summary = run_watched(
            base(),
            &Plan {
                players: 2,
                games: 1000,
                seed: 1,
                threads: 2,
                policy: Policy::Random,
            },
            &progress,
        )
        .unwrap();
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
            run_watched(
                base(),
                &Plan {
                    players: 2,
                    games: u64::MAX,
                    seed: 1,
                    threads: 2,
                    policy: Policy::Random,
                },
                &progress,
            )
            .unwrap()
        });
        assert!(summary.stopped && summary.games >= 5, "{summary:?}");
        assert_eq!(summary.games, progress.finished());
        assert_eq!(summary.mean_scores.len(), 2);
    }

    #[test]
    fn a_setup_that_panics_fails_the_run_instead_of_leaving_the_others_waiting() {
        let outcome = std::panic::catch_unwind(|| {
            on_threads(
                4,
                2,
                &Progress::default(),
                || {
                    if second_to_ask() {
                        panic!("setup failed");
                    }
                    Ok::<_, ()>(())
                },
                |_, _| {},
            )
        });
        assert!(outcome.is_err(), "the panic reaches the caller");
    }

    /// True for one of the two threads: the second to ask.
    fn second_to_ask() -> bool {
        use std::sync::atomic::AtomicUsize;
        static ASKED: AtomicUsize = AtomicUsize::new(0);
        ASKED.fetch_add(1, Ordering::Relaxed) == 1
    }
}
