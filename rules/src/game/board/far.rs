//! The cells of a table that lie beyond its grid, kept by position in a hash map.
//!
//! A table whose tiles spread far (long arms of tiles that join only end to end) would need a
//! grid as large as the area it spans; its far cells go here instead, so what a board holds
//! and what copying it costs follow the tiles and open cells on it. The map is only read for
//! positions off the grid, which a compact table never has.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher};

/// Which of a cell's two numbers.
#[derive(Debug, Clone, Copy)]
pub(super) enum Slot {
    /// `placed index + 1` (0: no tile).
    Placed = 0,
    /// `open cell index + 1` (0: not open).
    Open = 1,
}

/// The numbers of cells off the grid, as the grid keeps them: by position, `placed index + 1`
/// and `open cell index + 1`, 0 meaning none. A cell is entered when it opens or gets a tile,
/// and stays until the board is cleared. Keyed with fixed hash keys: the same on every run
/// (nothing iterates over it anyway).
#[derive(Debug, Default)]
pub(super) struct FarCells {
    cells: HashMap<(i16, i16), [u16; 2], BuildHasherDefault<DefaultHasher>>,
}

impl Clone for FarCells {
    fn clone(&self) -> FarCells {
        FarCells {
            cells: self.cells.clone(),
        }
    }

    /// Copies `source` into this map's buffers.
    fn clone_from(&mut self, source: &FarCells) {
        self.cells.clone_from(&source.cells);
    }
}

impl FarCells {
    /// Forgets every cell, keeping the memory.
    pub fn clear(&mut self) {
        self.cells.clear();
    }

    /// Whether no cell is off the grid.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number `slot` of the cell at `(x, y)` (0 when none).
    #[inline]
    pub fn get(&self, x: i32, y: i32, slot: Slot) -> u16 {
        if self.cells.is_empty() {
            0
        } else {
            self.look_up(x, y, slot)
        }
    }

    /// [`FarCells::get`] in a map with cells, out of line like [`FarCells::set`]: the grid's
    /// paths come here only on a table that spreads far.
    #[cold]
    #[inline(never)]
    fn look_up(&self, x: i32, y: i32, slot: Slot) -> u16 {
        key(x, y)
            .and_then(|key| self.cells.get(&key))
            .map_or(0, |numbers| numbers[slot as usize])
    }

    /// Sets the number `slot` of the cell at `(x, y)`, a position a tile can have.
    #[cold]
    #[inline(never)]
    pub fn set(&mut self, x: i32, y: i32, slot: Slot, number: u16) {
        let key = key(x, y).expect("tiles and the cells beside them have 16-bit positions");
        self.cells.entry(key).or_default()[slot as usize] = number;
    }
}

/// The key of `(x, y)`: none beyond 16 bits, where no tile can be.
#[inline]
fn key(x: i32, y: i32) -> Option<(i16, i16)> {
    Some((i16::try_from(x).ok()?, i16::try_from(y).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_keep_both_numbers_and_copies_are_apart() {
        let mut far = FarCells::default();
        assert_eq!(far.get(5000, -3, Slot::Open), 0);
        far.set(5000, -3, Slot::Open, 7);
        far.set(5000, -3, Slot::Placed, 2);
        far.set(-5000, 3, Slot::Open, 1);
        assert_eq!((far.get(5000, -3, Slot::Placed), far.get(5000, -3, Slot::Open)), (2, 7));
        let mut copy = FarCells::default();
        copy.clone_from(&far);
        far.clear();
        assert_eq!(
            (far.get(5000, -3, Slot::Placed), copy.get(5000, -3, Slot::Placed)),
            (0, 2)
        );
        assert_eq!(copy.get(-5000, 3, Slot::Open), 1);
        // Positions no tile can have are not taken for others.
        assert_eq!(copy.get(5000 + 65536, -3, Slot::Placed), 0);
    }
}
