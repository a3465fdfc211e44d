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
//!
//! A determinization may also be cut short ([`Game::truncate_pile`]): its pile holds only the
//! next tiles up to the search's horizon, counted from the root, so the tree and the rollout
//! together draw no further, and final scoring there values what is on the table.

use crate::bots::{Bot, GreedyBot, random_step};
use crate::game::{Action, Event, Game, Phase, Rng};

use super::budget::{NodeBudget, TREES};
use super::{RewardKind, Rollout};

/// No node: the end of a child or sibling list.
const NONE: u32 = u32::MAX;

/// Nodes past this many are not expanded any more: iterations go on from the leaves with
/// rollouts only, so a long time budget cannot use unbounded memory (48 bytes a node). The
/// trees of all searches together are bounded too ([`super::budget`]).
pub(super) const MAX_NODES: usize = 1 << 21;

/// Nodes a tree's first growth asks for.
const FIRST_NODES: usize = 256;

/// Iterations a search goes on without growing after the budget refused it, before it asks
/// again: the budget is one count shared by every thread.
const ASK_AGAIN_AFTER: u32 = 64;

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

/// Counts whose logarithms [`ln`] looks up rather than works out.
const LN_TABLE: usize = 4096;

/// `n.ln()`, the same value, looked up for small counts: UCB1 takes one for every child at
/// every step down the tree, and most counts are small.
#[inline]
fn ln(n: u32) -> f64 {
    static TABLE: std::sync::OnceLock<Box<[f64]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| (0..LN_TABLE as u32).map(|n| f64::from(n).ln()).collect());
    match table.get(n as usize) {
        Some(&ln) => ln,
        None => f64::from(n).ln(),
    }
}

/// What one search needs: the tree and every buffer an iteration uses. The buffers are kept
/// between iterations and between moves so that an iteration allocates nothing once warm; the
/// tree, which can be large, is freed after each choice ([`Search::free_tree`]), and grows only
/// as far as the budget shared by every search in the process lets it.
#[derive(Debug)]
pub(super) struct Search {
    pub nodes: Vec<Node>,
    /// Nodes taken from `budget` for `nodes`' buffer: its capacity beyond the root's.
    held: usize,
    budget: &'static NodeBudget,
    /// Iterations before asking the budget again, after a refusal.
    refused: u32,
    /// The determinized copy an iteration plays on.
    game: Option<Game>,
    /// Legal actions at the current node, with their keys, sorted by key.
    legal: Vec<(u64, Action)>,
    /// `legal` at the root, listed by the tree's first iteration: the same in every
    /// determinization, which changes only what no player knows yet.
    root_legal: Vec<(u64, Action)>,
    /// Children of the root so far.
    root_children: usize,
    actions: Vec<Action>,
    /// Which of `legal` already has a child.
    tried: Vec<bool>,
    path: Vec<u32>,
    events: Vec<Event>,
    rewards: Vec<f64>,
    greedy: GreedyBot,
}

impl Clone for Search {
    /// A search with the same buffers' contents and no tree: a tree lives only during a
    /// choice, and the copy's would not be counted in the budget.
    fn clone(&self) -> Search {
        Search {
            nodes: Vec::new(),
            held: 0,
            budget: self.budget,
            refused: 0,
            game: self.game.clone(),
            legal: self.legal.clone(),
            root_legal: self.root_legal.clone(),
            root_children: 0,
            actions: self.actions.clone(),
            tried: self.tried.clone(),
            path: self.path.clone(),
            events: self.events.clone(),
            rewards: self.rewards.clone(),
            greedy: self.greedy.clone(),
        }
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        self.free_tree();
    }
}

impl Search {
    pub fn new() -> Search {
        Search::within(&TREES)
    }

    /// A search whose tree grows within `budget`.
    pub fn within(budget: &'static NodeBudget) -> Search {
        Search {
            nodes: Vec::new(),
            held: 0,
            budget,
            refused: 0,
            game: None,
            legal: Vec::new(),
            root_legal: Vec::new(),
            root_children: 0,
            actions: Vec::new(),
            tried: Vec::new(),
            path: Vec::new(),
            events: Vec::new(),
            rewards: Vec::new(),
            greedy: GreedyBot::new(0),
        }
    }

    /// Starts a new tree for a search from `root`: only the root, which the budget does not
    /// count (every search may hold one).
    pub fn reset(&mut self, seed: u64) {
        self.nodes.clear();
        self.root_legal.clear();
        self.root_children = 0;
        self.refused = 0;
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

    /// Bytes of the tree's buffer.
    #[cfg(test)]
    pub fn tree_bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
    }

    /// Frees the tree's memory and gives its nodes back to the budget.
    pub fn free_tree(&mut self) {
        self.nodes = Vec::new();
        self.budget.give(std::mem::take(&mut self.held));
    }

    /// Whether the tree has room for one more node: in its buffer, or after growing it as far
    /// as the budget allows (doubling, up to [`MAX_NODES`]). While the buffer moves, both the
    /// old and the new one are counted.
    fn room_for_node(&mut self) -> bool {
        let len = self.nodes.len();
        if len < self.held + 1 {
            return true;
        }
        if len >= MAX_NODES {
            return false;
        }
        if self.refused > 0 {
            self.refused -= 1;
            return false;
        }
        let wanted = (2 * self.held).clamp(FIRST_NODES, MAX_NODES - 1);
        let granted = self.budget.take(wanted);
        if granted <= self.held {
            self.budget.give(granted);
            self.refused = ASK_AGAIN_AFTER;
            return false;
        }
        self.nodes.reserve_exact(granted + 1 - len);
        self.budget.give(std::mem::replace(&mut self.held, granted));
        true
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
        if let Some(tiles) = config.horizon {
            game.truncate_pile(tiles as usize);
        }
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        while let Some(mover) = game.to_move() {
            self.list_legal(&game, node);
            let next = match self.select(node, config.exploration) {
                Some(child) => child,
                None if self.room_for_node() => self.expand(node, mover, rng),
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

    /// Lists the legal actions of `game` at `node` with their keys into `legal`, sorted by
    /// key; at the root, only once a tree.
    fn list_legal(&mut self, game: &Game, node: u32) {
        if node == 0 && !self.root_legal.is_empty() {
            self.legal.clone_from(&self.root_legal);
            #[cfg(debug_assertions)]
            {
                let listed = std::mem::take(&mut self.root_legal);
                self.list_legal(game, node);
                assert_eq!(
                    self.root_legal, listed,
                    "the root's actions depend on the determinization"
                );
            }
            return;
        }
        let phase = game.phase();
        self.actions.clear();
        game.legal_actions_into(&mut self.actions);
        self.legal.clear();
        self.legal.extend(self.actions.iter().map(|&a| (key(a, phase), a)));
        self.legal.sort_unstable_by_key(|&(k, _)| k);
        if node == 0 {
            self.root_legal.clone_from(&self.legal);
        }
    }

    /// The child of `node` to descend into: the legal one with the best UCB1 score, counting
    /// availability; `None` when a legal action has no child yet (every legal child's
    /// availability is counted either way).
    fn select(&mut self, node: u32, exploration: f64) -> Option<u32> {
        // Once every root action has a child, each is legal in every determinization: none to
        // look up or mark.
        let all_tried = node == 0 && self.root_children == self.root_legal.len();
        if !all_tried {
            self.tried.clear();
            self.tried.resize(self.legal.len(), false);
        }
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let c = &mut self.nodes[child as usize];
            let legal = all_tried
                || self
                    .legal
                    .binary_search_by_key(&c.key, |&(k, _)| k)
                    .map(|i| self.tried[i] = true)
                    .is_ok();
            if legal {
                c.avail += 1;
                let visits = f64::from(c.visits.max(1));
                let score = c.total / visits + exploration * (ln(c.avail) / visits).sqrt();
                if score > best_score {
                    best_score = score;
                    best = Some(child);
                }
            }
            child = c.next_sibling;
        }
        if !all_tried && self.tried.iter().any(|&t| !t) {
            None
        } else {
            best
        }
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
        if node == 0 {
            self.root_children += 1;
        }
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
    use crate::game::Step;

    fn base_game() -> Game {
        let bundled = crate::testing::bundled();
        let def = crate::game::GameDef::from_files(bundled, &["base".to_owned()], "new-edition").unwrap();
        Game::new(std::sync::Arc::new(def), 2, 3).unwrap()
    }

    #[test]
    fn trees_grow_within_their_shared_budget_and_give_it_back() {
        let budget: &'static NodeBudget = Box::leak(Box::new(NodeBudget::new(1000)));
        let (game, config) = (base_game(), super::super::MctsConfig::default());
        let mut rng = Rng::new(1);
        let mut first = Search::within(budget);
        first.reset(1);
        for _ in 0..300 {
            first.iterate(&game, &mut rng, &config);
        }
        // One node an iteration, in a buffer of 256 beyond the root, then 512.
        assert_eq!((first.nodes.len(), budget.free()), (301, 1000 - 512));
        // A second search gets 256 of the 488 left, then no larger buffer (the old one counts
        // until the new one is in place): it goes on without growing.
        let mut second = Search::within(budget);
        second.reset(2);
        for _ in 0..600 {
            second.iterate(&game, &mut rng, &config);
        }
        assert_eq!((second.nodes.len(), budget.free()), (1 + 256, 232));
        assert_eq!(second.root_children().map(|c| c.visits).sum::<u32>(), 600);
        for _ in 0..300 {
            first.iterate(&game, &mut rng, &config);
        }
        assert_eq!((first.nodes.len(), budget.free()), (1 + 512, 232));
        // Freed trees give their nodes back, and so does a dropped search.
        first.free_tree();
        assert_eq!((first.tree_bytes(), budget.free()), (0, 744));
        let copy = second.clone();
        assert_eq!(copy.tree_bytes(), 0);
        drop(second);
        assert_eq!(budget.free(), 1000);
    }

    #[test]
    fn a_playout_draws_no_further_than_its_horizon() {
        let mut rng = Rng::new(4);
        for horizon in [1, 5, 16] {
            let mut game = base_game();
            game.determinize(&mut rng);
            game.truncate_pile(horizon);
            assert_eq!(game.pile_len(), horizon);
            let (mut actions, mut events) = (Vec::new(), Vec::new());
            while random_step(&mut game, &mut rng, &mut actions, &mut events) {}
            let placed = game.board().placed.len();
            // The start tile, the tile drawn at the root, and at most `horizon` more.
            assert!(placed <= horizon + 2, "{placed} tiles within {horizon}");
            assert!(events.contains(&Event::GameOver));
        }
        let mut game = base_game();
        let tiles = game.pile_len();
        game.truncate_pile(tiles + 10);
        assert_eq!(game.pile_len(), tiles, "a horizon past the pile keeps it all");
    }

    #[test]
    fn a_node_is_small() {
        assert!(std::mem::size_of::<Node>() <= 48);
    }

    #[test]
    fn keys_tell_actions_and_drawn_tiles_apart() {
        let own = |name| Action::Mechanism(Step::named(name).unwrap());
        let barn = Action::Mechanism(Step::named("deploy-barn").unwrap().with_figure(1).on(2));
        let wagon = Action::Mechanism(Step::named("move-wagon").unwrap().at(-1, 2).on(3));
        let (grow, guide) = (own("grow"), own("guide"));
        let (deploy, decide) = (
            Phase::Deploy { placed: 0 },
            Phase::Decide {
                mechanism: 0,
                decision: 0,
                player: 0,
            },
        );
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
                decide,
            ),
            key(Action::Deploy { figure: 1, feature: 2 }, deploy),
            key(barn, deploy),
            key(
                Action::Mechanism(Step::named("deploy-barn").unwrap().with_figure(2).on(1)),
                deploy,
            ),
            key(wagon, decide),
            key(Action::Draw, decide),
            key(grow, decide),
            key(guide, decide),
            key(Action::Pass, decide),
        ];
        // A search lists actions in key order: a mechanism's after deployments and before
        // passing, and its own in the order it declares them.
        let [.., deployed, barn, other_barn, wagon, _, grow, guide, pass] = keys;
        assert!(deployed < barn && barn < other_barn && other_barn < pass);
        assert!(wagon < pass && grow < guide);
        let mut unique = keys.to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len());
    }
}
