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

/// How every seat of a simulated game plays: any bot [`BotSpec`] names, written and read as
/// its text (`random`, `greedy`, `mcts:200`, `mcts:50ms`), in JSON too.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Policy {
    /// [`RandomBot`].
    #[default]
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`MctsBot`] with this configuration: how good players would use the tiles, at the
    /// cost of a search per choice.
    Mcts(MctsConfig),
}

impl Policy {
    /// The policies a menu offers (searches are named with their budget: `mcts:200`).
    pub const ALL: [Policy; 2] = [Policy::Random, Policy::Greedy];

    /// The policy's kind: `random`, `greedy` or `mcts` (its [`Display`](fmt::Display) says the
    /// search's budget too).
    pub fn as_str(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Mcts(_) => "mcts",
        }
    }

    /// A bot playing this policy, its choices drawn from `seed`.
    pub fn bot(self, seed: u64) -> PolicyBot {
        match self {
            Policy::Random => PolicyBot::Random(RandomBot::new(seed)),
            Policy::Greedy => PolicyBot::Greedy(GreedyBot::new(seed)),
            Policy::Mcts(config) => PolicyBot::Mcts(Box::new(MctsBot::new(config, seed))),
        }
    }
}

impl From<Policy> for BotSpec {
    fn from(policy: Policy) -> BotSpec {
        match policy {
            Policy::Random => BotSpec::Random,
            Policy::Greedy => BotSpec::Greedy,
            Policy::Mcts(config) => BotSpec::Mcts(config),
        }
    }
}

impl From<BotSpec> for Policy {
    fn from(spec: BotSpec) -> Policy {
        match spec {
            BotSpec::Random => Policy::Random,
            BotSpec::Greedy => Policy::Greedy,
            BotSpec::Mcts(config) => Policy::Mcts(config),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        BotSpec::from(*self).fmt(f)
    }
}

impl FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Policy, String> {
        s.parse::<BotSpec>().map(Policy::from).map_err(|e| e.to_string())
    }
}

impl From<Policy> for String {
    fn from(policy: Policy) -> String {
        policy.to_string()
    }
}

impl TryFrom<String> for Policy {
    type Error = String;

    fn try_from(text: String) -> Result<Policy, String> {
        text.parse()
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
    /// A search per choice (boxed: its buffers are large beside the others).
    Mcts(Box<MctsBot>),
}

impl PolicyBot {
    /// Draws the bot's coming choices from `seed` instead, as a new bot would: one bot
    /// plays game after game without allocating.
    pub fn reseed(&mut self, seed: u64) {
        match self {
            PolicyBot::Random(bot) => bot.reseed(seed),
            PolicyBot::Greedy(bot) => bot.reseed(seed),
            PolicyBot::Mcts(bot) => bot.reseed(seed),
        }
    }

    /// Cuts the bot's searches short once `stop` is set (Ctrl-C); the other bots choose at
    /// once anyway.
    pub fn stop_with(&mut self, stop: &StopFlag) {
        if let PolicyBot::Mcts(bot) = self {
            bot.stop_with(stop.clone());
        }
    }
}

impl Bot for PolicyBot {
    fn choose(&mut self, game: &Game) -> Action {
        match self {
            PolicyBot::Random(bot) => bot.choose(game),
            PolicyBot::Greedy(bot) => bot.choose(game),
            PolicyBot::Mcts(bot) => bot.choose(game),
        }
    }

    #[inline]
    fn play(&mut self, game: &mut Game, events: &mut Vec<Event>) -> bool {
        match self {
            PolicyBot::Random(bot) => bot.play(game, events),
            PolicyBot::Greedy(bot) => bot.play(game, events),
            PolicyBot::Mcts(bot) => bot.play(game, events),
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
        let search: Policy = "mcts:50ms:win".parse().unwrap();
        assert!(matches!(search, Policy::Mcts(c) if c.budget == Budget::Millis(50)));
        assert_eq!(search.to_string().parse::<Policy>(), Ok(search));
        assert_eq!(serde_json::to_value(search).unwrap(), "mcts:50ms:win");
        assert_eq!(
            serde_json::from_value::<Policy>("mcts:200".into()).unwrap().to_string(),
            "mcts:200"
        );
        let err = "smart".parse::<Policy>().unwrap_err();
        assert!(
            err.starts_with("no bot `smart`: expected random, greedy or mcts"),
            "{err}"
        );
    }
}
