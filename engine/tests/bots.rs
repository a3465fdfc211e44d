//! The bots: every choice they make is legal, and the greedy bot plays better than chance.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use tilewright_engine::Catalog;
use tilewright_engine::FromCatalog;
use tilewright_engine::bots::{Bot, GreedyBot, Policy, RandomBot, play_to_end};
use tilewright_engine::bundled;
use tilewright_engine::game::{Game, GameDef};

fn def(tilesets: &[&str]) -> Arc<GameDef> {
    let catalog = Catalog::default().with_base(bundled::catalog());
    let sets: Vec<String> = tilesets.iter().map(|s| s.to_string()).collect();
    Arc::new(GameDef::from_catalog(&catalog, &sets, "new-edition").unwrap())
}

#[test]
fn every_choice_of_every_policy_is_legal_with_both_expansions() {
    let def = def(&["base", "abbey-and-mayor", "hills-and-sheep"]);
    for policy in Policy::ALL {
        for seed in 0..4 {
            let mut game = Game::new(Arc::clone(&def), 3, seed).unwrap();
            let mut bot = policy.bot(seed);
            while !game.is_over() {
                let action = bot.choose(&game);
                assert!(game.legal_actions().contains(&action), "{policy}: {action:?}");
                game.apply(action, &mut Vec::new()).unwrap();
            }
        }
    }
}

#[test]
fn greedy_beats_random_clearly() {
    let def = def(&["base"]);
    let games = 200;
    let mut greedy_wins = 0.0;
    for seed in 0..games {
        // Seats alternate, so the first player's advantage cancels out.
        let greedy_seat = (seed % 2) as usize;
        let mut greedy = GreedyBot::new(seed);
        let mut random = RandomBot::new(seed);
        let mut game = Game::new(Arc::clone(&def), 2, seed).unwrap();
        let mut seats: [&mut dyn Bot; 2] = if greedy_seat == 0 {
            [&mut greedy, &mut random]
        } else {
            [&mut random, &mut greedy]
        };
        play_to_end(&mut game, &mut seats, |_, _| {});
        let scores = game.scores();
        let (mine, theirs) = (scores[greedy_seat], scores[1 - greedy_seat]);
        greedy_wins += match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
    }
    let rate = greedy_wins / games as f64;
    assert!(rate > 0.75, "greedy won {rate:.2} of its games against random");
}
