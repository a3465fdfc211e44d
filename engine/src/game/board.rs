//! The table: placed tiles on a grid that grows as needed, and the frontier of open positions.

use crate::edge::Side;

/// Marks "no tile" in the grid.
const EMPTY: u16 = 0;

/// A tile on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedTile {
    /// Index into the compiled tiles.
    pub tile: u16,
    /// Quarter turns clockwise.
    pub rotation: u8,
    /// Column (east is positive).
    pub x: i16,
    /// Row (south is positive).
    pub y: i16,
    /// First feature node of this tile; its features are `node..node + features`.
    pub node: u32,
    /// Edge layout code on each side after rotation (north, east, south, west).
    pub codes: [u16; 4],
}

/// Placed tiles and where they are.
#[derive(Debug, Clone)]
pub struct Board {
    /// Grid of `placed index + 1` (0 when empty), `width * height`, origin at `(ox, oy)`.
    cells: Vec<u16>,
    width: i32,
    height: i32,
    ox: i32,
    oy: i32,
    /// Tiles in the order they were placed.
    pub placed: Vec<PlacedTile>,
    /// Empty positions next to at least one placed tile.
    pub frontier: Vec<(i16, i16)>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty table.
    pub fn new() -> Board {
        let size = 32;
        Board {
            cells: vec![EMPTY; (size * size) as usize],
            width: size,
            height: size,
            ox: size / 2,
            oy: size / 2,
            placed: Vec::new(),
            frontier: Vec::new(),
        }
    }

    /// The index of the placed tile at `(x, y)`.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> Option<usize> {
        let (cx, cy) = (x + self.ox, y + self.oy);
        if cx < 0 || cy < 0 || cx >= self.width || cy >= self.height {
            return None;
        }
        match self.cells[(cy * self.width + cx) as usize] {
            EMPTY => None,
            i => Some(i as usize - 1),
        }
    }

    /// The placed tile next to `(x, y)` on `side`.
    #[inline]
    pub fn neighbour(&self, x: i32, y: i32, side: Side) -> Option<usize> {
        let (dx, dy) = side.offset();
        self.at(x + dx, y + dy)
    }

    /// Number of placed tiles among the four orthogonal neighbours of `(x, y)`.
    pub fn neighbour_count(&self, x: i32, y: i32) -> usize {
        Side::ALL.iter().filter(|&&s| self.neighbour(x, y, s).is_some()).count()
    }

    /// Puts a tile on the table; the caller has checked the position is empty.
    pub fn put(&mut self, tile: PlacedTile) {
        let (x, y) = (i32::from(tile.x), i32::from(tile.y));
        self.ensure_room(x, y);
        let index = self.placed.len();
        self.placed.push(tile);
        let cell = ((y + self.oy) * self.width + (x + self.ox)) as usize;
        self.cells[cell] = (index + 1) as u16;
        if let Some(i) = self.frontier.iter().position(|&p| p == (tile.x, tile.y)) {
            self.frontier.swap_remove(i);
        }
        for side in Side::ALL {
            let (dx, dy) = side.offset();
            let (nx, ny) = (x + dx, y + dy);
            if self.at(nx, ny).is_none() && !self.frontier.contains(&(nx as i16, ny as i16)) {
                self.frontier.push((nx as i16, ny as i16));
            }
        }
    }

    /// Grows the grid so that `(x, y)` and its neighbours are inside it.
    fn ensure_room(&mut self, x: i32, y: i32) {
        let inside = |s: &Board| x + s.ox >= 1 && y + s.oy >= 1 && x + s.ox < s.width - 1 && y + s.oy < s.height - 1;
        if inside(self) {
            return;
        }
        let (width, height) = (self.width * 2, self.height * 2);
        let (ox, oy) = (self.ox + self.width / 2, self.oy + self.height / 2);
        let mut cells = vec![EMPTY; (width * height) as usize];
        for (i, tile) in self.placed.iter().enumerate() {
            let (cx, cy) = (i32::from(tile.x) + ox, i32::from(tile.y) + oy);
            cells[(cy * width + cx) as usize] = (i + 1) as u16;
        }
        *self = Board {
            cells,
            width,
            height,
            ox,
            oy,
            placed: std::mem::take(&mut self.placed),
            frontier: std::mem::take(&mut self.frontier),
        };
        self.ensure_room(x, y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(x: i16, y: i16) -> PlacedTile {
        PlacedTile {
            tile: 0,
            rotation: 0,
            x,
            y,
            node: 0,
            codes: [0; 4],
        }
    }

    #[test]
    fn frontier_follows_placements() {
        let mut board = Board::new();
        board.put(tile(0, 0));
        assert_eq!(board.frontier.len(), 4);
        board.put(tile(1, 0));
        assert_eq!(board.frontier.len(), 6);
        assert!(!board.frontier.contains(&(1, 0)));
        assert_eq!(board.neighbour_count(0, 1), 1);
    }

    #[test]
    fn grid_grows_in_every_direction() {
        let mut board = Board::new();
        for i in 0..100 {
            board.put(tile(i, 0));
            board.put(tile(0, -i - 1));
        }
        assert_eq!(board.at(99, 0), Some(198));
        assert_eq!(board.at(0, -100), Some(199));
        assert_eq!(board.at(100, 0), None);
        assert_eq!(board.at(-5000, 7), None);
    }
}
