//! The uniform random player.

use super::Bot;
use crate::game::{Action, Event, Game, Phase, Rng};

/// Plays a uniformly random legal placement, then a uniformly random deployment (passing
/// included), and a uniformly random choice at every other step.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: Rng,
    actions: Vec<Action>,
}

impl RandomBot {
    /// A random bot whose choices are drawn from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
            actions: Vec::new(),
        }
    }

    /// Draws the coming choices from `seed`, as [`RandomBot::new`] would.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, game: &Game) -> Action {
        self.actions.clear();
        game.legal_actions_into(&mut self.actions);
        assert!(!self.actions.is_empty(), "a game that is not over has a legal action");
        self.actions[self.rng.below(self.actions.len())]
    }

    /// Places and deploys without listing every choice first (the choice is as uniform).
    #[inline]
    fn play(&mut self, game: &mut Game, events: &mut Vec<Event>) -> bool {
        random_step(game, &mut self.rng, &mut self.actions, events)
    }
}

/// Plays one uniformly random action, as [`RandomBot`] does, with the caller's generator and
/// buffer; returns false when the game is over. Placing and deploying take their fast paths
/// ([`Game::place_at_random`], [`Game::deploy_at_random`]): as uniform, without listing every
/// choice first. Always inlined: it is the loop body of every random playout and game.
#[inline(always)]
pub fn random_step(game: &mut Game, rng: &mut Rng, actions: &mut Vec<Action>, events: &mut Vec<Event>) -> bool {
    match game.phase() {
        Phase::Over => return false,
        Phase::Place { .. } => {
            game.place_at_random(rng, events)
                .expect("the drawn tile fits somewhere");
        }
        Phase::Deploy { .. } => {
            game.deploy_at_random(rng, actions, events)
                .expect("passing is always legal");
        }
        Phase::Choose { .. } | Phase::Decide { .. } => {
            actions.clear();
            game.legal_actions_into(actions);
            let action = actions[rng.below(actions.len())];
            game.apply(action, events).expect("a legal action applies");
        }
    }
    true
}
