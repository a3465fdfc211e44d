//! The limits of the engine, in one place: the validator refuses a file that goes over one
//! (with a located error), and [`GameDef::new`](crate::game::GameDef::new) refuses a game
//! whose files are each within the limits but together go over one.
//!
//! Each limit keeps a count inside the type the engine stores it in, or keeps the tables built
//! for a game small: a file that validates is one the engine plays, with every count exact.
//! The numbers are far above what real tile sets use (a base game and its expansions have a
//! few hundred tiles, a few dozen tile types and a handful of edge layouts).

use crate::model::{Supply, Tile};

/// Most editions one tile set names: the checks of what is in play run once per edition.
pub const MAX_EDITIONS: usize = 16;

/// Most players at a table.
pub const MAX_PLAYERS: usize = 6;

/// Most tiles a game has in play: the pile, the start tile, and the tiles every seat holds
/// (counted for [`MAX_PLAYERS`]). Placed tiles are numbered in 16 bits on the board.
pub const MAX_TILES: usize = 10_000;

/// Most tile types in a game (a file, or all the tile sets of a game together). Tile types
/// are numbered in 16 bits, and compilation builds a table of `tile types × 4 × edge layouts`
/// bytes.
pub const MAX_TILE_TYPES: usize = 4_096;

/// Most distinct edge layouts in a game (a file, or all the tile sets of a game together).
/// Compilation builds `layouts × layouts` tables of which layouts fit and which segments
/// connect. Only layouts that fit are joined, but at worst (every layout all city, split
/// differently into some 50 segments) every pair fits and has some 75 connecting segment
/// pairs: with 256 layouts that is 5 million, 15 MB built in a fifth of a second.
pub const MAX_EDGE_LAYOUTS: usize = 256;

/// Most features on one tile (bit masks of a tile's features are 64 bits wide).
pub const MAX_FEATURES: usize = 64;

/// Most copies of one tile type, figures of one type per player, and copies of one token:
/// counts kept in a byte.
pub const MAX_COPIES: u32 = 255;

/// Most pennants on one city feature of a tile (kept in a byte).
pub const MAX_PENNANTS: u32 = 255;

/// Most pennants on all the tiles in play together: a city's pennants are counted in 16 bits.
pub const MAX_PENNANTS_IN_PLAY: u32 = 65_535;

/// Most marks in a game, and in a rule set's `[marks]` (marks are bits of a 16-bit mask).
pub const MAX_MARKS: usize = 16;

/// Most kinds of printed token in a game, and in a rule set's `[tokens]`.
pub const MAX_PRINTED_TOKENS: usize = 8;

/// Most tokens printed on one feature of a tile (counted in a byte).
pub const MAX_TOKENS_ON_FEATURE: usize = 16;

/// Most edge kinds declared by the files of a game (`[edge-kinds]`; one bit each).
pub const MAX_EDGE_KINDS: usize = 8;

/// Most figure types in a game (figure types are bits of a [`FigureTypes`]).
pub const MAX_FIGURE_TYPES: usize = 16;

/// A set of figure types, bit `f` for type `f`.
pub type FigureTypes = u16;

/// Most kinds of tile the players hold (abbeys).
pub const MAX_HELD_TYPES: usize = 4;

/// Bags of sheep and wolves in a game: the shepherds draw from one bag.
pub const MAX_BAGS: usize = 1;

/// Most tokens in a bag of sheep and wolves: with at most [`MAX_SHEEP`] sheep each, the sheep
/// of one field count in 16 bits.
pub const MAX_BAG_TOKENS: u32 = 255;

/// Most sheep one token shows (tokens are kept in a byte, 0 being the wolf).
pub const MAX_SHEEP: u32 = 255;

/// Greatest fixed strength of a figure in a majority: the strengths of every figure on a
/// feature add up in 32 bits.
pub const MAX_STRENGTH: u32 = 1_000;

/// How far from `(0, 0)` [`Game::lay`](crate::game::Game::lay) puts tiles on a hand-built
/// table: a table laid by hand has no reason to reach further, and every position it names
/// then fits 16 bits with room to spare.
pub const MAX_LAID_REACH: u16 = 1000;

/// Copies of a tile in play when a set gives `count` of it from `supply`: copies of the pile,
/// or for a tile the players hold, `count` for each of up to [`MAX_PLAYERS`] seats.
pub fn copies_in_play(count: u32, supply: Supply) -> u64 {
    match supply {
        Supply::Pile => u64::from(count),
        Supply::Player => u64::from(count) * MAX_PLAYERS as u64,
    }
}

/// Pennants on one copy of `tile`.
pub fn pennants_on(tile: &Tile) -> u64 {
    tile.features.values().map(|f| u64::from(f.pennants)).sum()
}
