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

/// An empty position next to at least one placed tile, with the edge codes facing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenCell {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// For each side of this cell (north, east, south, west): the layout code of the placed
    /// neighbour's edge facing it, or [`NO_NEIGHBOUR`].
    pub facing: [u16; 4],
    /// Number of placed neighbours.
    pub neighbours: u8,
    /// Index of the cell in the grid.
    cell: u32,
}

/// The placed neighbours of a tile just put on the table ([`Board::put`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Neighbours {
    /// Side (0 to 3: north, east, south, west) and placed index of each neighbour, in side
    /// order; the first `len` are set.
    found: [(u8, u16); 4],
    len: usize,
}

impl Neighbours {
    /// The side and placed index of each neighbour, in side order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        self.found[..self.len.min(4)]
            .iter()
            .map(|&(side, placed)| (usize::from(side), placed))
    }
}

/// Marks a side of an open cell with no tile beyond it.
pub const NO_NEIGHBOUR: u16 = u16::MAX;

/// Placed tiles and where they are.
///
/// The grid always keeps a free border around every placed tile, so the neighbours of a
/// placed tile are found by adding a fixed step to its grid index, with no bounds checks.
#[derive(Debug)]
pub struct Board {
    /// Grid of `placed index + 1` (0 when empty), `width * height`, origin at `(ox, oy)`: a
    /// game has at most `MAX_TILES` tiles, so the numbers fit 16 bits.
    cells: Vec<u16>,
    /// Grid of `open cell index + 1` (0 when the cell is not open): at most two open cells
    /// per placed tile, and two more.
    open_slots: Vec<u16>,
    width: i32,
    height: i32,
    ox: i32,
    oy: i32,
    /// Powers of the base of open-cell signatures, by side.
    powers: [u32; 4],
    /// Tiles in the order they were placed.
    pub placed: Vec<PlacedTile>,
    /// Empty positions next to at least one placed tile: where a tile may go.
    pub frontier: Vec<OpenCell>,
    /// The signature of each open cell, in frontier order: the facing codes as one number
    /// (see `TileTables::signature_base`). Kept apart so that scanning them is a tight loop.
    signatures: Vec<u32>,
    /// Open cells with a placed tile on all four sides.
    holes: u32,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut board = Board {
            cells: Vec::new(),
            open_slots: Vec::new(),
            width: 0,
            height: 0,
            ox: 0,
            oy: 0,
            powers: [0; 4],
            placed: Vec::with_capacity(self.placed.capacity()),
            frontier: Vec::with_capacity(self.frontier.capacity()),
            signatures: Vec::with_capacity(self.signatures.capacity()),
            holes: 0,
        };
        board.clone_from(self);
        board
    }

    /// Copies `source` into this board's buffers: a search copies a position per iteration.
    fn clone_from(&mut self, source: &Board) {
        // Every field is named, so that a new one cannot be forgotten here.
        let Board {
            cells,
            open_slots,
            width,
            height,
            ox,
            oy,
            powers,
            placed,
            frontier,
            signatures,
            holes,
        } = source;
        self.cells.clone_from(cells);
        self.open_slots.clone_from(open_slots);
        (self.width, self.height, self.ox, self.oy, self.powers) = (*width, *height, *ox, *oy, *powers);
        self.placed.clone_from(placed);
        self.frontier.clone_from(frontier);
        self.signatures.clone_from(signatures);
        self.holes = *holes;
    }
}

impl Board {
    /// An empty table whose open cells have signatures in `signature_base` (see
    /// `TileTables::signature_base`; 0 when signatures are not used).
    pub fn new(signature_base: u32) -> Board {
        let size = 32;
        Board {
            cells: vec![EMPTY; (size * size) as usize],
            open_slots: vec![0; (size * size) as usize],
            width: size,
            height: size,
            ox: size / 2,
            oy: size / 2,
            powers: [0, 1, 2, 3].map(|side| signature_base.wrapping_pow(side)),
            placed: Vec::with_capacity(96),
            frontier: Vec::with_capacity(64),
            signatures: Vec::with_capacity(64),
            holes: 0,
        }
    }

    /// Takes every tile off the table, keeping the grid (only the cells in use are reset).
    pub fn clear(&mut self) {
        for tile in &self.placed {
            let cell = self.index(tile.x, tile.y);
            self.cells[cell] = EMPTY;
        }
        for open in &self.frontier {
            self.open_slots[open.cell as usize] = 0;
        }
        self.placed.clear();
        self.frontier.clear();
        self.signatures.clear();
        self.holes = 0;
    }

    /// Open cells with a placed tile on all four sides (where an abbey may go).
    #[inline]
    pub fn holes(&self) -> u32 {
        self.holes
    }

    /// The grid index of `(x, y)`, which must be inside the grid.
    #[inline]
    fn index(&self, x: i16, y: i16) -> usize {
        ((i32::from(y) + self.oy) * self.width + i32::from(x) + self.ox) as usize
    }

    #[inline]
    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        let (cx, cy) = (x + self.ox, y + self.oy);
        if cx < 0 || cy < 0 || cx >= self.width || cy >= self.height {
            return None;
        }
        Some((cy * self.width + cx) as usize)
    }

    /// Grid steps to the neighbour on each side (north, east, south, west).
    #[inline]
    fn steps(&self) -> [isize; 4] {
        let w = self.width as isize;
        [-w, 1, w, -1]
    }

    /// The index of the placed tile at `(x, y)`.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> Option<usize> {
        match self.cells[self.cell(x, y)?] {
            EMPTY => None,
            i => Some(i as usize - 1),
        }
    }

    /// The open cell at `(x, y)`, if a tile may go there.
    #[inline]
    pub fn open_cell(&self, x: i32, y: i32) -> Option<&OpenCell> {
        self.open_index(x, y).map(|i| &self.frontier[i])
    }

    /// The frontier index of the open cell at `(x, y)`.
    #[inline]
    pub fn open_index(&self, x: i32, y: i32) -> Option<usize> {
        match self.open_slots[self.cell(x, y)?] {
            0 => None,
            i => Some(i as usize - 1),
        }
    }

    /// Open-cell signatures, in frontier order.
    #[inline]
    pub fn signatures(&self) -> &[u32] {
        &self.signatures
    }

    /// The placed tiles in the 3×3 block centred on `(x, y)`, row by row from the north-west,
    /// each with its offset from the centre.
    pub fn block(&self, x: i32, y: i32) -> impl Iterator<Item = (i32, i32, usize)> + '_ {
        const BLOCK: [(i32, i32); 9] = [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (0, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        BLOCK
            .into_iter()
            .filter_map(move |(dx, dy)| Some((dx, dy, self.at(x + dx, y + dy)?)))
    }

    /// The number of placed tiles among the eight around `(x, y)`: a monastery's neighbours,
    /// counted after every placement next to one.
    #[inline]
    pub fn count_around(&self, x: i32, y: i32) -> u16 {
        if !inside(x, self.ox, self.width) || !inside(y, self.oy, self.height) {
            return self.around(x, y).count() as u16;
        }
        // Inside the border: the whole block is in the grid, a fixed step from the centre.
        let w = self.width as isize;
        let centre = ((y + self.oy) * self.width + x + self.ox) as isize;
        [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
            .into_iter()
            .map(|step| u16::from(self.cells[(centre + step) as usize] != EMPTY))
            .sum()
    }

    /// The placed tiles around the point at the north-west corner of cell `(x, y)`, in the
    /// order north-west, north-east, south-west, south-east of the point, if all four are
    /// placed.
    #[inline]
    pub fn around_point(&self, x: i32, y: i32) -> Option<[usize; 4]> {
        if !inside(x, self.ox, self.width) || !inside(y, self.oy, self.height) {
            let at = |dx, dy| self.at(x + dx, y + dy);
            return Some([at(-1, -1)?, at(0, -1)?, at(-1, 0)?, at(0, 0)?]);
        }
        // Inside the border: all four cells are in the grid, a fixed step apart.
        let se = ((y + self.oy) * self.width + x + self.ox) as usize;
        let w = self.width as usize;
        let at = |cell: usize| usize::from(self.cells[cell]).checked_sub(1);
        Some([at(se - w - 1)?, at(se - w)?, at(se - 1)?, at(se)?])
    }

    /// Which sides (north, east, south, west) of `(x, y)` have a placed tile.
    #[inline]
    pub fn neighbour_sides(&self, x: i32, y: i32) -> [bool; 4] {
        if !inside(x, self.ox, self.width) || !inside(y, self.oy, self.height) {
            return Side::ALL.map(|side| self.neighbour(x, y, side).is_some());
        }
        let centre = ((y + self.oy) * self.width + x + self.ox) as usize;
        let w = self.width as usize;
        let placed = |cell: usize| self.cells[cell] != EMPTY;
        [
            placed(centre - w),
            placed(centre + 1),
            placed(centre + w),
            placed(centre - 1),
        ]
    }

    /// The placed tiles among the eight around `(x, y)`.
    pub fn around(&self, x: i32, y: i32) -> impl Iterator<Item = usize> + '_ {
        self.block(x, y)
            .filter(|&(dx, dy, _)| (dx, dy) != (0, 0))
            .map(|(_, _, placed)| placed)
    }

    /// The placed tile next to `(x, y)` on `side`.
    #[inline]
    pub fn neighbour(&self, x: i32, y: i32, side: Side) -> Option<usize> {
        let (dx, dy) = side.offset();
        self.at(x + dx, y + dy)
    }

    /// Puts a tile on the table; the caller has checked the position is empty. Returns its
    /// neighbours: the side (north, east, south, west as 0 to 3) and placed index of each, in
    /// side order, as a list so that going through them tests no side twice.
    pub fn put(&mut self, tile: PlacedTile) -> Neighbours {
        let (x, y) = (i32::from(tile.x), i32::from(tile.y));
        self.ensure_room(x, y);
        let index = self.placed.len();
        self.placed.push(tile);
        let cell = self.index(tile.x, tile.y);
        self.cells[cell] = (index + 1) as u16;
        self.close_cell(cell);
        let mut neighbours = Neighbours::default();
        for (side, step) in self.steps().into_iter().enumerate() {
            // Inside: ensure_room keeps a free border around every placed tile.
            let next = cell.wrapping_add_signed(step);
            let code = tile.codes[side];
            match self.cells[next] {
                EMPTY => self.face_open_cell(next, (side + 2) % 4, code, x, y, side),
                i => {
                    neighbours.found[neighbours.len] = (side as u8, i - 1);
                    neighbours.len += 1;
                }
            }
        }
        neighbours
    }

    /// Records that the open cell at grid index `cell` (opening it if new) now faces an edge
    /// of layout `code` on its side `facing_side`; `(x, y)` and `side` locate it from the
    /// tile just placed.
    #[inline]
    fn face_open_cell(&mut self, cell: usize, facing_side: usize, code: u16, x: i32, y: i32, side: usize) {
        let slot = match self.open_slots[cell] {
            0 => {
                let (dx, dy) = Side::ALL[side].offset();
                self.frontier.push(OpenCell {
                    x: (x + dx) as i16,
                    y: (y + dy) as i16,
                    facing: [NO_NEIGHBOUR; 4],
                    neighbours: 0,
                    cell: cell as u32,
                });
                self.signatures.push(0);
                self.open_slots[cell] = self.frontier.len() as u16;
                self.frontier.len() - 1
            }
            i => i as usize - 1,
        };
        let open = &mut self.frontier[slot];
        open.facing[facing_side] = code;
        open.neighbours += 1;
        self.holes += u32::from(open.neighbours == 4);
        // Exact whenever the signatures are used (the table exists only for small bases);
        // wrapping otherwise, where they are not.
        let term = (u32::from(code) + 1).wrapping_mul(self.powers[facing_side]);
        self.signatures[slot] = self.signatures[slot].wrapping_add(term);
    }

    /// Removes a cell from the frontier (it was just filled).
    fn close_cell(&mut self, cell: usize) {
        let slot = self.open_slots[cell];
        if slot == 0 {
            return;
        }
        self.open_slots[cell] = 0;
        let i = slot as usize - 1;
        self.holes -= u32::from(self.frontier[i].neighbours == 4);
        self.frontier.swap_remove(i);
        self.signatures.swap_remove(i);
        if let Some(moved) = self.frontier.get(i) {
            self.open_slots[moved.cell as usize] = slot;
        }
    }

    /// Grows the grid so that `(x, y)` and its neighbours are inside it, doubling only the
    /// dimensions that need it.
    #[inline]
    fn ensure_room(&mut self, x: i32, y: i32) {
        if !inside(x, self.ox, self.width) || !inside(y, self.oy, self.height) {
            self.grow(x, y);
        }
    }

    /// The slow part of [`Board::ensure_room`]: a larger grid, every tile and open cell moved.
    /// Each dimension doubles on the side `(x, y)` lies beyond, so a table that spreads one way
    /// (a long road, a staircase of tiles) takes a quarter of the memory that doubling around
    /// the middle would.
    #[cold]
    fn grow(&mut self, x: i32, y: i32) {
        while !inside(x, self.ox, self.width) {
            if x + self.ox < 1 {
                self.ox += self.width;
            }
            self.width *= 2;
        }
        while !inside(y, self.oy, self.height) {
            if y + self.oy < 1 {
                self.oy += self.height;
            }
            self.height *= 2;
        }
        self.cells = vec![EMPTY; (self.width * self.height) as usize];
        self.open_slots = vec![0; (self.width * self.height) as usize];
        for i in 0..self.placed.len() {
            let cell = self.index(self.placed[i].x, self.placed[i].y);
            self.cells[cell] = (i + 1) as u16;
        }
        for i in 0..self.frontier.len() {
            let cell = self.index(self.frontier[i].x, self.frontier[i].y);
            self.frontier[i].cell = cell as u32;
            self.open_slots[cell] = (i + 1) as u16;
        }
    }
}

/// Whether coordinate `c` of a grid of `size` cells with its origin at `origin` lies inside
/// the grid's free border (one compare: below 1 wraps round to a large number).
#[inline]
fn inside(c: i32, origin: i32, size: i32) -> bool {
    ((c + origin - 1) as u32) < (size - 2) as u32
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
        let mut board = Board::new(4);
        board.put(tile(0, 0));
        assert_eq!(board.frontier.len(), 4);
        board.put(tile(1, 0));
        assert_eq!(board.frontier.len(), 6);
        assert!(board.open_cell(1, 0).is_none());
        assert_eq!(board.open_cell(0, 1).map(|c| c.neighbours), Some(1));
        let between = board.open_cell(1, 1).unwrap();
        assert_eq!((between.neighbours, between.facing[0]), (1, 0));
        assert_eq!(board.signatures().len(), board.frontier.len());
        assert_eq!(board.holes(), 0);
        board.put(tile(2, 1));
        board.put(tile(1, 2));
        board.put(tile(0, 1));
        assert_eq!(
            (board.holes(), board.open_cell(1, 1).map(|c| c.neighbours)),
            (1, Some(4))
        );
        board.put(tile(1, 1));
        assert_eq!(board.holes(), 0);
        assert!(
            board
                .frontier
                .iter()
                .all(|c| board.open_cell(i32::from(c.x), i32::from(c.y)) == Some(c))
        );
    }

    #[test]
    fn a_cleared_board_is_empty() {
        let mut board = Board::new(4);
        for i in 0..40 {
            board.put(tile(i, -i));
        }
        board.clear();
        assert!(board.placed.is_empty() && board.frontier.is_empty() && board.signatures().is_empty());
        assert!(board.cells.iter().chain(&board.open_slots).all(|&c| c == 0));
        board.put(tile(3, 3));
        assert_eq!((board.at(3, 3), board.frontier.len()), (Some(0), 4));
    }

    #[test]
    fn grid_grows_in_every_direction() {
        let mut board = Board::new(4);
        for i in 0..100 {
            board.put(tile(i, 0));
            board.put(tile(0, -i - 1));
        }
        assert_eq!(board.at(99, 0), Some(198));
        assert_eq!(board.at(0, -100), Some(199));
        assert_eq!(board.at(100, 0), None);
        assert_eq!(board.at(-5000, 7), None);
        // Counting around a cell agrees with walking the block, inside the grid and out.
        for (x, y) in [(0, 0), (1, 0), (99, 0), (0, -100), (1, -1), (-5000, 7), (100, 1)] {
            assert_eq!(
                board.count_around(x, y) as usize,
                board.around(x, y).count(),
                "({x}, {y})"
            );
        }
        assert_eq!((board.count_around(0, 0), board.count_around(1, -1)), (2, 5));
        // Around a point, and beside a cell, by steps inside the grid and by coordinates out.
        assert_eq!(board.around_point(1, 0), None);
        let mut full = Board::new(4);
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            full.put(tile(x, y));
        }
        assert_eq!(full.around_point(1, 1), Some([0, 1, 2, 3]));
        assert_eq!((full.around_point(1, 0), full.around_point(2, 2)), (None, None));
        assert_eq!(full.neighbour_sides(0, 0), [false, true, true, false]);
        assert_eq!(full.neighbour_sides(1, 1), [true, false, false, true]);
        assert_eq!(full.neighbour_sides(-5000, 7), [false; 4]);
    }

    #[test]
    fn a_long_row_grows_the_grid_one_way() {
        let mut board = Board::new(4);
        for i in 0..300 {
            board.put(tile(i, 0));
        }
        assert_eq!((board.height, board.at(299, 0)), (32, Some(299)));
        // Grown eastwards only: 16 cells west of the start, the rest east.
        assert_eq!((board.width, board.ox), (512, 16));
        assert!(
            board
                .frontier
                .iter()
                .all(|c| board.open_index(i32::from(c.x), i32::from(c.y)).is_some())
        );
    }
}
