//! What a search bot holds between its choices, counted by the allocator. A test binary of its
//! own with a single test, so that nothing else allocates while it counts.

// A global allocator is an unsafe trait; this one passes every call on unchanged.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tilewright_engine::FromCatalog;
use tilewright_engine::bots::{Bot, Budget, MctsBot, MctsConfig, RandomBot};
use tilewright_engine::bundled;
use tilewright_engine::game::{Game, GameDef};

/// The system allocator, counting the bytes allocated and not yet freed.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on unchanged.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            LIVE.fetch_add(new_size, Ordering::Relaxed);
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_search_frees_its_tree_once_it_has_chosen() {
    let def = Arc::new(GameDef::from_catalog(bundled::catalog(), &["base".to_owned()], "new-edition").unwrap());
    // Near the end of a game, so that playouts are short and the tree large for the time.
    let mut game = Game::new(def, 2, 4).unwrap();
    let mut random = RandomBot::new(4);
    while game.pile_len() > 6 {
        random.play(&mut game, &mut Vec::new());
    }
    let mut bot = MctsBot::new(
        MctsConfig {
            budget: Budget::Playouts(20_000),
            ..MctsConfig::default()
        },
        4,
    );
    let before = LIVE.load(Ordering::Relaxed);
    let action = bot.choose(&game);
    let held = LIVE.load(Ordering::Relaxed) - before;
    assert!(game.legal_actions().contains(&action));
    assert!(bot.root_stats().iter().map(|s| s.visits).sum::<u64>() == 20_000);
    // The copy of the game a playout runs on and the buffers stay (tens of KB); a tree of
    // 20,000 nodes would be about a MB.
    assert!(held < 256 << 10, "{held} bytes held after the choice");
}
