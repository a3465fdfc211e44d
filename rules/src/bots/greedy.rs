//! The greedy player: best immediate points.

use super::Bot;
use crate::game::{Action, Game, Phase, Rng};

/// Takes the choice that gives the mover the most points at once, random among equals.
///
/// A placement is worth what its best deployment would bring when the turn is scored (a
/// placement completing a feature the mover holds, or a follower deployed onto a feature the
/// placement completed); every other choice is worth the points it brings when applied.
/// Points of other players do not count.
#[derive(Debug, Clone)]
pub struct GreedyBot {
    rng: Rng,
    actions: Vec<Action>,
    follow_ups: Vec<Action>,
    best: Vec<Action>,
    events: Vec<crate::game::Event>,
    /// Positions tried, kept from choice to choice so that copying one reuses its buffers
    /// ([`Game::clone_from`]): after an action, and after its deployment.
    trial: Option<Box<Game>>,
    deployed: Option<Box<Game>>,
}

/// `game` copied into `slot`, reusing the buffers of the game already there.
fn copy_into<'a>(slot: &'a mut Option<Box<Game>>, game: &Game) -> &'a mut Game {
    match slot {
        Some(copy) => {
            Game::clone_from(copy, game);
            copy
        }
        None => slot.insert(Box::new(game.clone())),
    }
}

impl GreedyBot {
    /// A greedy bot breaking ties with `seed`.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: Rng::new(seed),
            actions: Vec::new(),
            follow_ups: Vec::new(),
            best: Vec::new(),
            events: Vec::new(),
            trial: None,
            deployed: None,
        }
    }

    /// Breaks the coming ties with `seed`, as [`GreedyBot::new`] would.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The points `action` brings `mover` at once, with the best deployment after a placement.
    fn value(&mut self, game: &Game, action: Action, mover: u8) -> u64 {
        let before = game.players()[mover as usize].score;
        let trial = copy_into(&mut self.trial, game);
        let Some(after) = points_after(trial, action, mover, &mut self.events) else {
            return 0;
        };
        let placed = matches!(action, Action::Place { .. } | Action::PlaceHeld { .. });
        if !(placed && matches!(trial.phase(), Phase::Deploy { .. })) {
            return after - before;
        }
        self.follow_ups.clear();
        trial.legal_actions_into(&mut self.follow_ups);
        let Some((&last, others)) = self.follow_ups.split_last() else {
            return 0;
        };
        let mut best = 0;
        for &follow_up in others {
            let deployed = copy_into(&mut self.deployed, trial);
            best = best.max(points_after(deployed, follow_up, mover, &mut self.events).unwrap_or(before) - before);
        }
        // The last is tried on the trial itself, which is not needed after it: on a large
        // table a copy of the game is most of a choice's cost.
        best.max(points_after(trial, last, mover, &mut self.events).unwrap_or(before) - before)
    }
}

/// The score of `mover` after `action` is applied to `game`; `None` if it is not legal.
fn points_after(game: &mut Game, action: Action, mover: u8, events: &mut Vec<crate::game::Event>) -> Option<u64> {
    events.clear();
    game.apply(action, events).ok()?;
    Some(game.players()[mover as usize].score)
}

impl Bot for GreedyBot {
    fn choose(&mut self, game: &Game) -> Action {
        let mover = game.to_move().expect("a game that is not over has a player to move");
        self.actions.clear();
        game.legal_actions_into(&mut self.actions);
        assert!(!self.actions.is_empty(), "a game that is not over has a legal action");
        if let [only] = self.actions[..] {
            // Nothing to weigh; the draw that would break a tie among one is still made, so
            // the coming choices are the same.
            self.rng.below(1);
            return only;
        }
        self.best.clear();
        let mut best_value = 0;
        for i in 0..self.actions.len() {
            let action = self.actions[i];
            let value = self.value(game, action, mover);
            if self.best.is_empty() || value > best_value {
                self.best.clear();
                best_value = value;
            }
            if value == best_value {
                self.best.push(action);
            }
        }
        self.best[self.rng.below(self.best.len())]
    }
}
