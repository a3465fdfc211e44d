//! Printed tokens: kinds of token the files print on features (`tokens = ["spice"]` on a tile's
//! city, declared by `[tokens.spice]`), taken by whoever completes the feature and scored for
//! the most of each kind at the end. One generic mechanism for every kind the files declare;
//! the engine knows none by name.
//!
//! The rule:
//!
//! - a feature's tokens are those printed on all its parts: joined features add them up;
//! - when a feature carrying tokens is completed in play, the player who placed the tile that
//!   completed it (the current player, whose turn it is) takes them all, whether they have a
//!   figure there or not, even when no figure stands there; the feature scores for its
//!   majority as usual. A feature still open at the end gives its tokens to no one;
//! - at the end, after everything else the core scores, each kind on its own: the players
//!   holding the most tokens of it score its `majority` points each (all of them when tied);
//!   a player holding none never scores it. Kinds are taken and scored in the order the game
//!   lists them ([`GameDef::printed_tokens`]: file by file, each file's kinds by id).
//!
//! [`GameDef::printed_tokens`]: crate::game::GameDef::printed_tokens
//!
//! A feature's tokens are gathered when it is completed, by a walk over its parts that only
//! runs when tokens are in play (some tile in play carries one and the `tokens` switch is on):
//! a game without them never calls this.
//!
//! Hooks: a feature completed in play; the end of the game.

use super::Mechanism;
use crate::game::{Event, FeatureScore, Game, GameDef, NO_NODE, Play, Players, Reason};
use crate::limits::MAX_PRINTED_TOKENS;

/// The tokens each player holds.
#[derive(Debug, Default)]
pub struct PrintedTokens {
    /// By seat (grown as seats take tokens), by kind: tokens held.
    held: Vec<[u32; MAX_PRINTED_TOKENS]>,
}

impl Clone for PrintedTokens {
    fn clone(&self) -> PrintedTokens {
        PrintedTokens {
            held: self.held.clone(),
        }
    }

    /// Keeps the target's memory: searches copy positions in a loop.
    fn clone_from(&mut self, source: &PrintedTokens) {
        self.held.clone_from(&source.held);
    }
}

impl PrintedTokens {
    /// Tokens of kind `token` (an index into
    /// [`GameDef::printed_tokens`](crate::game::GameDef::printed_tokens)) that `player` holds.
    pub fn held(&self, player: u8, token: u8) -> u32 {
        self.held
            .get(usize::from(player))
            .and_then(|kinds| kinds.get(usize::from(token)))
            .copied()
            .unwrap_or(0)
    }

    /// Adds `count` tokens of kind `token` to what `player` holds.
    fn take(&mut self, player: u8, token: usize, count: u32) {
        let seat = usize::from(player);
        if self.held.len() <= seat {
            self.held.resize(seat + 1, [0; MAX_PRINTED_TOKENS]);
        }
        self.held[seat][token] = self.held[seat][token].saturating_add(count);
    }
}

impl Mechanism for PrintedTokens {
    const NAME: &'static str = "tokens";

    fn in_play(def: &GameDef) -> bool {
        def.tokens_in_play
    }

    fn new(_def: &GameDef) -> PrintedTokens {
        PrintedTokens::default()
    }

    fn restart(&mut self, _def: &GameDef) {
        self.held.clear();
    }

    /// The current player takes the tokens printed on the completed feature.
    fn feature_completed(game: &mut Play<'_, Self>, root: u32, _score: &FeatureScore, events: &mut Vec<Event>) {
        let counts = game.tokens_of(root);
        let player = game.current;
        for (token, &count) in counts.iter().enumerate().filter(|(_, count)| **count > 0) {
            game.own_mut().take(player, token, count);
            events.push(Event::TokensTaken {
                player,
                // At most MAX_PRINTED_TOKENS kinds.
                token: token as u8,
                count,
                node: root,
            });
        }
    }

    /// The most tokens of each kind score its majority points.
    fn end_of_game(game: &mut Play<'_, Self>, events: &mut Vec<Event>) {
        // Setup holds at most `MAX_PRINTED_TOKENS` kinds, so every index below is in range.
        for token in 0..game.def.printed_tokens.len() {
            let held = &game.own().held;
            let most = held.iter().map(|kinds| kinds[token]).max().unwrap_or(0);
            if most == 0 {
                continue;
            }
            let winners = Players(
                (0u8..)
                    .zip(held)
                    .filter(|(_, kinds)| kinds[token] == most)
                    .fold(0, |mask, (p, _)| mask | 1 << p),
            );
            let points = game.def.printed_tokens[token].majority;
            let reason = Reason::MostTokens {
                token: token as u8,
                count: most,
            };
            game.award(winners, points, reason, NO_NODE, events);
        }
    }
}

impl Game {
    /// The tokens printed on the parts of the feature of `root`, by kind.
    fn tokens_of(&self, root: u32) -> [u32; MAX_PRINTED_TOKENS] {
        let mut counts = [0u32; MAX_PRINTED_TOKENS];
        for member in self.features.members(root) {
            let node = self.features.node(member);
            let tile = self.board.placed[node.placed as usize].tile;
            for on in self.def.tokens_on(tile).iter().filter(|on| on.local == node.local) {
                let count = &mut counts[usize::from(on.token)];
                *count = count.saturating_add(u32::from(on.count));
            }
        }
        counts
    }
}
