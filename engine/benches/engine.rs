//! Engine benchmarks: `cargo bench -p tilewright-engine --bench engine`.
//!
//! A whole random game (2 players, new-edition rules, farmers included) with the base game
//! alone and with both expansions, and the per-turn pieces a bot calls most: listing legal
//! placements, listing deployments, cloning.

// Test code: a failed unwrap is a failed test, with its message.
#![allow(clippy::unwrap_used)]

use std::sync::{Arc, OnceLock};

use divan::{Bencher, black_box};
use tilewright_engine::FromCatalog;
use tilewright_engine::bundled;
use tilewright_engine::game::{Action, Game, GameDef, Phase, Placement, Rng};
use tilewright_engine::simulate::{Scratch, play_out, policy_seed, random_action};

fn main() {
    divan::main();
}

fn base_game() -> Arc<GameDef> {
    static DEF: OnceLock<Arc<GameDef>> = OnceLock::new();
    Arc::clone(DEF.get_or_init(|| {
        Arc::new(GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], "new-edition").unwrap())
    }))
}

/// A game 30 turns in, waiting for `phase`-like step: place (even) or deploy (odd actions).
fn midgame(actions: usize) -> Game {
    let mut game = Game::new(base_game(), 2, 17).unwrap();
    let (mut rng, mut scratch) = (Rng::new(3), Scratch::default());
    for _ in 0..actions {
        random_action(&mut game, &mut rng, &mut scratch);
    }
    game
}

/// Plays whole random 2-player games of `def`, a new seed each iteration, reusing one game's
/// memory as `simulate` does.
fn random_games(bencher: Bencher, def: Arc<GameDef>) {
    let mut seed = 0u64;
    let mut scratch = Scratch::default();
    let mut game = Game::new(Arc::clone(&def), 2, seed).unwrap();
    bencher.bench_local(|| {
        seed += 1;
        game.restart(seed);
        play_out(&mut game, &mut Rng::new(policy_seed(seed)), &mut scratch);
        // The players' states, scores included, without allocating a list of them.
        black_box(game.players());
    });
}

#[divan::bench(sample_count = 200, sample_size = 20)]
fn random_game_two_players(bencher: Bencher) {
    random_games(bencher, base_game());
}

#[divan::bench(sample_count = 100, sample_size = 10)]
fn random_game_all_expansions(bencher: Bencher) {
    let sets = ["base", "abbey-and-mayor", "hills-and-sheep"].map(str::to_owned);
    random_games(
        bencher,
        Arc::new(GameDef::from_catalog(bundled::catalog(), &sets, "new-edition").unwrap()),
    );
}

#[divan::bench]
fn legal_placements_midgame(bencher: Bencher) {
    let game = midgame(60);
    let Phase::Place { tile } = game.phase() else {
        panic!("expected a drawn tile")
    };
    let mut out: Vec<Placement> = Vec::with_capacity(128);
    bencher.bench_local(|| {
        out.clear();
        game.legal_placements_into(black_box(tile), &mut out);
        out.len()
    });
}

#[divan::bench]
fn deploy_options_midgame(bencher: Bencher) {
    // The first placed tile from 30 turns in with two or more deployments open (late in a
    // random game a player often has no figure left, and there is nothing to list).
    let mut out: Vec<Action> = Vec::with_capacity(16);
    let game = (61..)
        .step_by(2)
        .map(midgame)
        .find(|game| {
            out.clear();
            game.deploy_options_into(&mut out);
            out.len() >= 2
        })
        .expect("a tile with deployments");
    bencher.bench_local(|| {
        out.clear();
        black_box(&game).deploy_options_into(&mut out);
        out.len()
    });
}

#[divan::bench]
fn clone_midgame(bencher: Bencher) {
    let game = midgame(60);
    bencher.bench_local(|| black_box(&game).clone());
}
