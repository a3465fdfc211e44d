//! Players the engine can play for: a [`Bot`] chooses one of [`Game::legal_actions`] for the
//! player to move. Simulations, the balance lab, tournaments and the editor's Play view all
//! play through this trait.
//!
//! - [`RandomBot`]: uniform among the legal choices (fast paths for placing and deploying);
//!   what the rules allow, and the rollout policy of searches.
//! - [`GreedyBot`]: the choice with the best immediate points for the mover, random among
//!   equals; games that look more like play.
//! - [`MctsBot`]: Monte Carlo tree search over determinized draws, by playouts or time.
//! - [`BotSpec`]: a bot named in text (`random`, `greedy`, `mcts:2000`, `mcts:500ms`).

mod greedy;
pub mod mcts;
mod random;
mod spec;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub use greedy::GreedyBot;
pub use mcts::{Budget, MctsBot, MctsConfig};
pub use random::{RandomBot, random_step};
pub use spec::{BotSpec, SpecError};

use crate::game::{Action, Event, Game};

/// A player the engine plays for.
pub trait Bot {
    /// Chooses an action among `game.legal_actions()` for the player to move
    /// ([`Game::to_move`]). Called only on a game that is not over.
    fn choose(&mut self, game: &Game) -> Action;

    /// Plays one action for the player to move, appending its events to `events`; returns
    /// false when the game is over. Bots with a faster way than choosing then applying (the
    /// random bot places without listing placements) override it.
    fn play(&mut self, game: &mut Game, events: &mut Vec<Event>) -> bool {
        if game.is_over() {
            return false;
        }
        let action = self.choose(game);
        game.apply(action, events).expect("a bot chooses a legal action");
        true
    }
}

/// Asks bots' long choices to end early: set from another thread (a Ctrl-C handler, a UI) and
/// read by the searches of the bots it was given to ([`MctsBot::stop_with`]). A search cut
/// short still answers, with its best choice so far: a game played on after a stop is not
/// played as its bots were asked to play it. Clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Sets the flag: searches end after a few more playouts.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is set.
    #[inline]
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Plays `game` to the end, each choice made by the bot of the player to move (`seats[p]` for
/// player `p`, which must have one), showing `watch` the events of each action in order.
pub fn play_to_end(game: &mut Game, seats: &mut [&mut dyn Bot], mut watch: impl FnMut(&Game, &[Event])) {
    let mut events = Vec::new();
    while let Some(p) = game.to_move() {
        events.clear();
        seats[usize::from(p)].play(game, &mut events);
        watch(game, &events);
    }
}

/// How every seat of a simulated game plays.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// [`RandomBot`].
    #[default]
    Random,
    /// [`GreedyBot`].
    Greedy,
}

impl Policy {
    /// Every policy, in the order they are offered.
    pub const ALL: [Policy; 2] = [Policy::Random, Policy::Greedy];

    /// The policy's name, as `--policy` takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
        }
    }

    /// A bot playing this policy, its choices drawn from `seed`.
    pub fn bot(self, seed: u64) -> PolicyBot {
        match self {
            Policy::Random => PolicyBot::Random(RandomBot::new(seed)),
            Policy::Greedy => PolicyBot::Greedy(GreedyBot::new(seed)),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Policy, String> {
        Policy::ALL.into_iter().find(|p| p.as_str() == s).ok_or_else(|| {
            let names: Vec<&str> = Policy::ALL.iter().map(|p| p.as_str()).collect();
            format!("no policy `{s}`: expected one of {}", names.join(", "))
        })
    }
}

/// A bot of one of the [`Policy`] kinds, dispatched without a virtual call (simulations play
/// millions of actions through it).
#[derive(Debug, Clone)]
pub enum PolicyBot {
    /// Uniform random.
    Random(RandomBot),
    /// Best immediate points.
    Greedy(GreedyBot),
}

impl PolicyBot {
    /// Draws the bot's coming choices from `seed` instead, as a new bot would: one bot
    /// plays game after game without allocating.
    pub fn reseed(&mut self, seed: u64) {
        match self {
            PolicyBot::Random(bot) => bot.reseed(seed),
            PolicyBot::Greedy(bot) => bot.reseed(seed),
        }
    }
}

impl Bot for PolicyBot {
    fn choose(&mut self, game: &Game) -> Action {
        match self {
            PolicyBot::Random(bot) => bot.choose(game),
            PolicyBot::Greedy(bot) => bot.choose(game),
        }
    }

    #[inline]
    fn play(&mut self, game: &mut Game, events: &mut Vec<Event>) -> bool {
        match self {
            PolicyBot::Random(bot) => bot.play(game, events),
            PolicyBot::Greedy(bot) => bot.play(game, events),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policies_read_back_their_names() {
        for policy in Policy::ALL {
            assert_eq!(policy.as_str().parse::<Policy>(), Ok(policy));
        }
        let err = "smart".parse::<Policy>().unwrap_err();
        assert_eq!(err, "no policy `smart`: expected one of random, greedy");
    }
}
