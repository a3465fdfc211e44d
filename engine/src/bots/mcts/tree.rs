//! One search tree in a flat arena, and the iterations that grow it.
//!
//! The tree is "single observer" information-set UCT: every iteration plays a fresh
//! determinization of the root (the pile reshuffled, the bag's draws drawn anew), and a node's
//! children are the actions tried from it, whatever determinization they were tried in. A
//! child is keyed by its action and, for a placement, by the tile drawn: the draw is a chance
//! event, and keying placements by tile folds the chance node into the keys (the same square
//! and rotation mean another move with another tile). At each node only the children legal in
//! this determinization compete, by UCB1 with the count of iterations in which each was
//! available in place of the parent's visits, so a move seldom possible is not starved.

use crate::bots::{Bot, GreedyBot, random_step};
use crate::game::{Action, Event, Game, Phase, Rng};

use super::{RewardKind, Rollout};

/// No node: the end of a child or sibling list.
const NONE: u32 = u32::MAX;

/// Nodes past this many are not expanded any more: iterations go on from the leaves with
/// rollouts only, so a long time budget cannot use unbounded memory (48 bytes a node).
pub(super) const MAX_NODES: usize = 1 << 21;

/// A node: the action that led to it and the statistics of the player who chose it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// The action and its draw, as [`key`] packs them.
    pub key: u64,
    pub action: Action,
    first_child: u32,
    next_sibling: u32,
    /// Iterations through this node.
    pub visits: u32,
    /// Iterations in which this node's action was legal at its parent.
    avail: u32,
    /// Sum of the rewards of `mover` over the iterations through this node.
    pub total: f64,
    /// The player who chose the action ([`Game::to_move`] at the parent, which for a wagon is
    /// not always the current player).
    mover: u8,
}

/// The action `action` taken in `phase` as one number, unique per action and drawn tile: the
/// core keys its actions and each mechanism its own ([`crate::game::action_key`]).
pub(super) fn key(action: Action, phase: Phase) -> u64 {
    crate::game::action_key(action, phase)
}

/// What one search needs: the tree and every buffer an iteration uses, kept between
/// iterations and between moves so that an iteration allocates nothing once warm.
#[derive(Debug, Clone)]
pub(super) struct Search {
    pub nodes: Vec<Node>,
    /// The determinized copy an iteration plays on.
    game: Option<Game>,
    /// Legal actions at the current node, with their keys, sorted by key.
    legal: Vec<(u64, Action)>,
    actions: Vec<Action>,
    /// Which of `legal` already has a child.
    tried: Vec<bool>,
    path: Vec<u32>,
    events: Vec<Event>,
    rewards: Vec<f64>,
    greedy: GreedyBot,
}

impl Search {
    pub fn new() -> Search {
        Search {
            nodes: Vec::new(),
            game: None,
            legal: Vec::new(),
            actions: Vec::new(),
            tried: Vec::new(),
            path: Vec::new(),
            events: Vec::new(),
            rewards: Vec::new(),
            greedy: GreedyBot::new(0),
        }
    }

    /// Starts a new tree for a search from `root`.
    pub fn reset(&mut self, seed: u64) {
        self.nodes.clear();
        self.nodes.push(Node {
            key: 0,
            action: Action::Pass,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
            mover: 0,
        });
        self.greedy.reseed(seed);
    }

    /// The root's children, most recently added first.
    pub fn root_children(&self) -> impl Iterator<Item = &Node> {
        self.children(0)
    }

    fn children(&self, node: u32) -> impl Iterator<Item = &Node> {
        let mut next = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            let node = self.nodes.get(next as usize)?;
            next = node.next_sibling;
            Some(node)
        })
    }

    /// One iteration: determinize, descend, expand one child, roll out, back up.
    pub fn iterate(&mut self, root: &Game, rng: &mut Rng, config: &super::MctsConfig) {
        let mut game = self.game.take().unwrap_or_else(|| root.clone());
        game.clone_from(root);
        game.determinize(rng);
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        while let Some(mover) = game.to_move() {
            let phase = game.phase();
            self.list_legal(&game, phase);
            let next = match self.select(node, config.exploration) {
                Some(child) => child,
                None if self.nodes.len() < MAX_NODES => self.expand(node, mover, rng),
                None => break,
            };
            let action = self.nodes[next as usize].action;
            self.events.clear();
            game.apply(action, &mut self.events).expect("a legal action applies");
            self.path.push(next);
            node = next;
            if self.nodes[next as usize].visits == 0 {
                break;
            }
        }
        self.roll_out(&mut game, rng, config.rollout);
        self.reward(&game, config.reward);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.total += self.rewards[usize::from(node.mover)];
        }
        self.game = Some(game);
    }

    /// Lists the legal actions of `game` with their keys into `legal`, sorted by key.
    fn list_legal(&mut self, game: &Game, phase: Phase) {
        self.actions.clear();
        game.legal_actions_into(&mut self.actions);
        self.legal.clear();
        self.legal.extend(self.actions.iter().map(|&a| (key(a, phase), a)));
        self.legal.sort_unstable_by_key(|&(k, _)| k);
    }

    /// The child of `node` to descend into: the legal one with the best UCB1 score, counting
    /// availability; `None` when a legal action has no child yet (every legal child's
    /// availability is counted either way).
    fn select(&mut self, node: u32, exploration: f64) -> Option<u32> {
        self.tried.clear();
        self.tried.resize(self.legal.len(), false);
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let c = &mut self.nodes[child as usize];
            if let Ok(i) = self.legal.binary_search_by_key(&c.key, |&(k, _)| k) {
                self.tried[i] = true;
                c.avail += 1;
                let visits = f64::from(c.visits.max(1));
                let score = c.total / visits + exploration * (f64::from(c.avail).ln() / visits).sqrt();
                if score > best_score {
                    best_score = score;
                    best = Some(child);
                }
            }
            child = c.next_sibling;
        }
        if self.tried.iter().any(|&t| !t) { None } else { best }
    }

    /// Adds a child for a uniformly random legal action of `node` that has none yet.
    fn expand(&mut self, node: u32, mover: u8, rng: &mut Rng) -> u32 {
        let untried = self.tried.iter().filter(|&&t| !t).count();
        let pick = rng.below(untried);
        let i = self
            .tried
            .iter()
            .enumerate()
            .filter(|(_, t)| !**t)
            .nth(pick)
            .map(|(i, _)| i)
            .expect("an untried action exists");
        let (key, action) = self.legal[i];
        let index = self.nodes.len() as u32;
        let parent = &mut self.nodes[node as usize];
        let next_sibling = parent.first_child;
        parent.first_child = index;
        self.nodes.push(Node {
            key,
            action,
            first_child: NONE,
            next_sibling,
            visits: 0,
            avail: 1,
            total: 0.0,
            mover,
        });
        index
    }

    /// Plays `game` to the end with the rollout policy.
    fn roll_out(&mut self, game: &mut Game, rng: &mut Rng, rollout: Rollout) {
        match rollout {
            Rollout::Random => {
                self.events.clear();
                while random_step(game, rng, &mut self.actions, &mut self.events) {
                    self.events.clear();
                }
            }
            Rollout::Greedy => {
                while !game.is_over() {
                    let action = self.greedy.choose(game);
                    self.events.clear();
                    game.apply(action, &mut self.events)
                        .expect("a bot chooses a legal action");
                }
            }
        }
    }

    /// Each player's reward for the final position of `game`, into `rewards`.
    fn reward(&mut self, game: &Game, kind: RewardKind) {
        let players = game.players();
        self.rewards.clear();
        for (p, me) in players.iter().enumerate() {
            let best_other = players
                .iter()
                .enumerate()
                .filter(|&(q, _)| q != p)
                .map(|(_, other)| other.score)
                .max()
                .unwrap_or(0);
            let margin = me.score as f64 - best_other as f64;
            self.rewards.push(kind.reward(margin));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_small() {
        assert!(std::mem::size_of::<Node>() <= 48);
    }

    #[test]
    fn keys_tell_actions_and_drawn_tiles_apart() {
        let place = Action::Place {
            x: -1,
            y: 2,
            rotation: 3,
        };
        let keys = [
            key(place, Phase::Place { tile: 4 }),
            key(place, Phase::Place { tile: 5 }),
            key(
                Action::Place {
                    x: 2,
                    y: -1,
                    rotation: 3,
                },
                Phase::Place { tile: 4 },
            ),
            key(
                Action::PlaceHeld {
                    tile: 4,
                    x: -1,
                    y: 2,
                    rotation: 3,
                },
                Phase::Shepherd,
            ),
            key(Action::Deploy { figure: 1, feature: 2 }, Phase::Deploy { placed: 0 }),
            key(Action::DeployBarn { figure: 1, corner: 2 }, Phase::Deploy { placed: 0 }),
            key(
                Action::MoveWagon {
                    x: -1,
                    y: 2,
                    feature: 3,
                },
                Phase::MoveWagon { player: 0 },
            ),
            key(Action::Draw, Phase::Shepherd),
            key(Action::Grow, Phase::Shepherd),
            key(Action::Guide, Phase::Shepherd),
            key(Action::Pass, Phase::Shepherd),
        ];
        let mut unique = keys.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len());
    }
}
