//! Monte Carlo tree search: UCT over determinized draws (see `tree.rs` for the tree), random or
//! greedy rollouts that look a fixed number of tiles ahead, a budget of playouts or
//! milliseconds, and root parallelisation on threads.
//! Trees live only during a choice, within a budget shared by the whole process
//! (`budget.rs`).

mod budget;
mod tree;

use std::fmt;
use std::time::{Duration, Instant};

use super::{Bot, StopFlag};
use crate::game::{Action, Game, Rng};
pub use budget::MAX_TREE_BYTES;
use tree::Search;

/// How long a search goes on for each choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many playouts (over all threads): deterministic for a seed and thread count.
    Playouts(u32),
    /// Until this many milliseconds have passed (at least one playout per thread).
    Millis(u64),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
        }
    }
}

/// How a playout goes on from the tree's leaf to the end of the game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Rollout {
    /// Uniform random choices ([`super::random_step`]): cheap, so many playouts.
    #[default]
    Random,
    /// The greedy bot's choices: closer to play, many times slower per playout.
    Greedy,
}

impl Rollout {
    /// The name `mcts:N:NAME` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            Rollout::Random => "random",
            Rollout::Greedy => "greedy",
        }
    }
}

/// What a finished playout is worth to each player, from the margin `m` of their score over
/// the best other player's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RewardKind {
    /// 1 for a win (`m > 0`), ½ for a tie, 0 for a loss.
    Win,
    /// `½ + ½·tanh(m / 20)`: a win by more is worth more; a close game is near ½.
    #[default]
    Margin,
}

impl RewardKind {
    /// The name `mcts:N:NAME` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            RewardKind::Win => "win",
            RewardKind::Margin => "margin",
        }
    }

    /// The reward in `0..=1` of a final margin.
    pub fn reward(self, margin: f64) -> f64 {
        match self {
            RewardKind::Win if margin > 0.0 => 1.0,
            RewardKind::Win if margin == 0.0 => 0.5,
            RewardKind::Win => 0.0,
            RewardKind::Margin => 0.5 + 0.5 * (margin / MARGIN_SCALE).tanh(),
        }
    }
}

/// Points of margin that make a playout worth about ¾ (or ¼) under [`RewardKind::Margin`].
const MARGIN_SCALE: f64 = 20.0;

/// Tiles a playout looks ahead by default. A playout that stops there and scores the table as
/// at the end of the game costs about half of one played to the end from a base game's
/// average position, and searches as well or better: random play further on mostly adds
/// noise (tournaments in `docs/bots.md`).
pub const DEFAULT_HORIZON: u32 = 16;

/// Most threads one search uses.
pub const MAX_SEARCH_THREADS: usize = 64;

/// How an [`MctsBot`] searches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// Playouts or time per choice.
    pub budget: Budget,
    /// Policy of the playouts past the tree.
    pub rollout: Rollout,
    /// Reward backed up for each player.
    pub reward: RewardKind,
    /// UCB1's exploration constant (rewards are in `0..=1`).
    pub exploration: f64,
    /// Threads searching at once, each its own tree (1 to [`MAX_SEARCH_THREADS`]).
    pub threads: usize,
    /// Tiles a playout draws at most before the game is scored as if it ended there
    /// ([`Game::truncate_pile`]); `None` plays every playout to the real end.
    pub horizon: Option<u32>,
}

impl Default for MctsConfig {
    /// 1,000 random playouts looking [`DEFAULT_HORIZON`] tiles ahead, margin rewards,
    /// exploration 0.7, one thread.
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Playouts(1000),
            rollout: Rollout::Random,
            reward: RewardKind::Margin,
            exploration: 0.7,
            threads: 1,
            horizon: Some(DEFAULT_HORIZON),
        }
    }
}

/// A bot choosing by Monte Carlo tree search. `Send` and `Clone`: a UI can search on a worker
/// thread.
#[derive(Debug, Clone)]
pub struct MctsBot {
    config: MctsConfig,
    rng: Rng,
    /// Ends a search early when set (Ctrl-C).
    stop: StopFlag,
    searches: Vec<Search>,
    /// Root children merged over the threads: (key, action, visits, total reward).
    merged: Vec<(u64, Action, u64, f64)>,
}

/// What the last search found for one choice at the root.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RootStat {
    /// The choice.
    pub action: Action,
    /// Playouts through it, over all threads.
    pub visits: u64,
    /// Its mean reward for the player to move.
    pub mean: f64,
}

impl MctsBot {
    /// A bot searching as `config` says, its draws and playouts from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> MctsBot {
        MctsBot {
            config,
            rng: Rng::new(seed),
            stop: StopFlag::default(),
            searches: Vec::new(),
            merged: Vec::new(),
        }
    }

    /// How the bot searches.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Ends each coming search after a few more playouts once `stop` is set, with the best
    /// choice found so far (at least one playout is always played).
    pub fn stop_with(&mut self, stop: StopFlag) {
        self.stop = stop;
    }

    /// Draws the coming searches from `seed` instead, as a new bot would (simulations play
    /// game after game with one bot); its stop flag stays.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Changes the budget of the coming searches (a UI's slider).
    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget;
    }

    /// The root's choices of the last search, most visited first (empty before any search,
    /// and after a choice that was the only legal one).
    pub fn root_stats(&self) -> Vec<RootStat> {
        self.merged
            .iter()
            .map(|&(_, action, visits, total)| RootStat {
                action,
                visits,
                mean: total / visits.max(1) as f64,
            })
            .collect()
    }

    /// Runs the search on the bot's threads, then merges the roots' children into `merged`,
    /// most visited first, and frees the trees.
    fn search(&mut self, game: &Game) {
        let threads = self.config.threads.clamp(1, MAX_SEARCH_THREADS);
        let search_seed = self.rng.next_u64();
        self.searches.resize_with(threads, Search::new);
        let config = self.config;
        let deadline = match config.budget {
            Budget::Millis(ms) => Some(Instant::now() + Duration::from_millis(ms)),
            Budget::Playouts(_) => None,
        };
        let stop = &self.stop;
        let run = |t: usize, search: &mut Search| {
            let seed = thread_seed(search_seed, t);
            let mut rng = Rng::new(seed);
            search.reset(seed);
            // Thread t of T plays its share of a playout budget: the first n % T threads one
            // more, and every thread at least one.
            let share = match config.budget {
                Budget::Playouts(n) => (n as usize / threads + usize::from(t < n as usize % threads)).max(1),
                Budget::Millis(_) => usize::MAX,
            };
            let mut played = 0;
            loop {
                search.iterate(game, &mut rng, &config);
                played += 1;
                // The clock and the stop flag are read every few playouts: a playout takes
                // microseconds.
                if played == share
                    || (played.is_multiple_of(8) && (stop.is_set() || deadline.is_some_and(|d| Instant::now() >= d)))
                {
                    break;
                }
            }
        };
        if threads == 1 {
            run(0, &mut self.searches[0]);
        } else {
            std::thread::scope(|scope| {
                for (t, search) in self.searches.iter_mut().enumerate() {
                    let run = &run;
                    scope.spawn(move || run(t, search));
                }
            });
        }
        self.merged.clear();
        for search in &self.searches {
            for child in search.root_children() {
                self.merged
                    .push((child.key, child.action, u64::from(child.visits), child.total));
            }
        }
        // Equal keys next to each other, summed in thread order: the same on every run.
        self.merged.sort_by_key(|&(key, ..)| key);
        self.merged.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.2 += later.2;
                kept.3 += later.3;
            }
            same
        });
        for search in &mut self.searches {
            search.free_tree();
        }
        // Most visited first; equal visits by mean reward, then by key.
        self.merged.sort_by(|a, b| {
            b.2.cmp(&a.2)
                .then_with(|| (b.3 / b.2.max(1) as f64).total_cmp(&(a.3 / a.2.max(1) as f64)))
                .then_with(|| a.0.cmp(&b.0))
        });
    }
}

/// The seed of thread `t`'s search from the search's seed: far apart streams.
fn thread_seed(seed: u64, t: usize) -> u64 {
    Rng::new(seed ^ (t as u64).wrapping_mul(0xA076_1D64_78BD_642F)).next_u64()
}

impl Bot for MctsBot {
    fn choose(&mut self, game: &Game) -> Action {
        let mut legal = game.legal_actions();
        assert!(!legal.is_empty(), "a game that is not over has a legal action");
        if legal.len() == 1 {
            self.merged.clear();
            return legal.swap_remove(0);
        }
        self.search(game);
        self.merged
            .first()
            .map(|m| m.1)
            .expect("a search of one playout or more tries a choice")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_order_wins_ties_and_losses() {
        for kind in [RewardKind::Win, RewardKind::Margin] {
            assert_eq!(kind.reward(0.0), 0.5);
            assert!(kind.reward(3.0) > 0.5 && kind.reward(3.0) <= 1.0);
            assert!(kind.reward(-3.0) < 0.5 && kind.reward(-3.0) >= 0.0);
        }
        assert!(RewardKind::Margin.reward(30.0) > RewardKind::Margin.reward(3.0));
        assert_eq!(RewardKind::Win.reward(30.0), RewardKind::Win.reward(3.0));
    }

    #[test]
    fn thread_seeds_differ() {
        let seeds: Vec<u64> = (0..8).map(|t| thread_seed(42, t)).collect();
        let mut unique = seeds.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), seeds.len());
    }
}
