//! The table: placed tiles on a grid that grows as needed, and the frontier of open positions.

mod far;

use crate::edge::Side;
use far::{FarCells, Slot};

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
    /// Index of the cell in the grid, or [`FAR`] for a cell off the grid.
    cell: u32,
}

/// The grid index of a cell off the grid, kept in [`FarCells`].
const FAR: u32 = u32::MAX;

/// The grid grows, doubling a side, only while it stays within this many cells or
/// [`GRID_CELLS_PER_ENTRY`] for each placed tile and open cell, whichever is more; beyond, a
/// tile goes off the grid. Every game of the bundled sets stays well within it, and a table
/// that spreads far keeps a grid in proportion to what it holds rather than to its area.
const MIN_GRID_CELLS: u64 = 64 * 64;

/// See [`MIN_GRID_CELLS`].
const GRID_CELLS_PER_ENTRY: u64 = 16;

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
/// Tiles and open cells are found by position on a grid that keeps a free border around every
/// tile inside it, so the neighbours of such a tile are a fixed step from its grid index, with
/// no bounds checks. The grid grows while its size stays in proportion to what the table holds
/// (`MIN_GRID_CELLS`); cells beyond it, which only a table spreading far has, are kept in a
/// map (`FarCells`). So a board's memory, and what copying it costs, follow its tiles and
/// open cells, not the area they span.
#[derive(Debug)]
pub struct Board {
    /// Grid of `placed index + 1` (0 when empty), `width * height`, origin at `(ox, oy)`: a
    /// game has at most `MAX_TILES` tiles, so the numbers fit 16 bits.
    cells: Vec<u16>,
    /// Grid of `open cell index + 1` (0 when the cell is not open): at most two open cells
    /// per placed tile, and two more.
    open_slots: Vec<u16>,
    /// The same numbers for the cells off the grid.
    far: FarCells,
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
            far: FarCells::default(),
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
            far,
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
        self.far.clone_from(far);
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
            far: FarCells::default(),
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
        // Every cell is on the grid unless the map holds some.
        let off_grid = !self.far.is_empty();
        for tile in &self.placed {
            let (x, y) = (i32::from(tile.x), i32::from(tile.y));
            if !off_grid || self.cell(x, y).is_some() {
                let cell = self.index(tile.x, tile.y);
                self.cells[cell] = EMPTY;
            }
        }
        for open in &self.frontier {
            if !off_grid || open.cell != FAR {
                self.open_slots[open.cell as usize] = 0;
            }
        }
        self.far.clear();
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

    /// The grid index of `(x, y)`; `None` off the grid.
    #[inline]
    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        let (cx, cy) = (x + self.ox, y + self.oy);
        if cx < 0 || cy < 0 || cx >= self.width || cy >= self.height {
            return None;
        }
        Some((cy * self.width + cx) as usize)
    }

    /// The grid index of `(x, y)`, or [`FAR`] off the grid.
    #[inline]
    fn cell_or_far(&self, x: i32, y: i32) -> u32 {
        self.cell(x, y).map_or(FAR, |cell| cell as u32)
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
        let placed = match self.cell(x, y) {
            Some(cell) => self.cells[cell],
            None => self.far.get(x, y, Slot::Placed),
        };
        usize::from(placed).checked_sub(1)
    }

    /// The open cell at `(x, y)`, if a tile may go there.
    #[inline]
    pub fn open_cell(&self, x: i32, y: i32) -> Option<&OpenCell> {
        self.open_index(x, y).map(|i| &self.frontier[i])
    }

    /// The frontier index of the open cell at `(x, y)`.
    #[inline]
    pub fn open_index(&self, x: i32, y: i32) -> Option<usize> {
        let slot = match self.cell(x, y) {
            Some(cell) => self.open_slots[cell],
            None => self.far.get(x, y, Slot::Open),
        };
        usize::from(slot).checked_sub(1)
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
            return self.by_position(|board| board.around(x, y).count() as u16);
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
            return self.by_position(|board| {
                let at = |dx, dy| board.at(x + dx, y + dy);
                Some([at(-1, -1)?, at(0, -1)?, at(-1, 0)?, at(0, 0)?])
            });
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
            return self.by_position(|board| Side::ALL.map(|side| board.neighbour(x, y, side).is_some()));
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

    /// Answers `answer`: a question about cells on the grid's border or off it, asked by
    /// position, out of the way of the paths that take fixed steps inside the grid.
    #[cold]
    #[inline(never)]
    fn by_position<T>(&self, answer: impl FnOnce(&Board) -> T) -> T {
        answer(self)
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
        if (!inside(x, self.ox, self.width) || !inside(y, self.oy, self.height)) && !self.grow(x, y) {
            return self.put_off_grid(tile);
        }
        // Inside the grid's free border: the neighbours are a fixed step away.
        let cell = self.index(tile.x, tile.y);
        let steps = self.steps();
        self.put_at::<false>(tile, cell as u32, |_, side| {
            cell.wrapping_add_signed(steps[side]) as u32
        })
    }

    /// [`Board::put`] for a tile on the grid's border or beyond, where a neighbour or the tile
    /// itself may be off the grid.
    #[cold]
    fn put_off_grid(&mut self, tile: PlacedTile) -> Neighbours {
        let (x, y) = (i32::from(tile.x), i32::from(tile.y));
        let cell = self.cell_or_far(x, y);
        self.put_at::<true>(tile, cell, |board, side| {
            let (x, y) = beside(x, y, side);
            board.cell_or_far(x, y)
        })
    }

    /// Puts `tile` in `cell`, the cell beside it on each side given by `neighbour` (grid
    /// indices, or [`FAR`] where `OFF_GRID` allows it).
    #[inline(always)]
    fn put_at<const OFF_GRID: bool>(
        &mut self,
        tile: PlacedTile,
        cell: u32,
        neighbour: impl Fn(&Board, usize) -> u32,
    ) -> Neighbours {
        let (x, y) = (i32::from(tile.x), i32::from(tile.y));
        let index = self.placed.len();
        self.placed.push(tile);
        self.set_number::<OFF_GRID>(cell, || (x, y), Slot::Placed, (index + 1) as u16);
        self.close_cell::<OFF_GRID>(cell, || (x, y));
        let mut neighbours = Neighbours::default();
        for side in 0..4 {
            let next = neighbour(self, side);
            match self.number::<OFF_GRID>(next, || beside(x, y, side), Slot::Placed) {
                EMPTY => self.face_open_cell::<OFF_GRID>(next, (x, y), side, tile.codes[side]),
                i => {
                    neighbours.found[neighbours.len] = (side as u8, i - 1);
                    neighbours.len += 1;
                }
            }
        }
        neighbours
    }

    /// The number `slot` of a cell, by its grid index `cell`, or, where `OFF_GRID` allows the
    /// cell to be [`FAR`], by its position `at()`. (A constant and a closure, so that the
    /// grid's own path tests and works out nothing more.)
    #[inline(always)]
    fn number<const OFF_GRID: bool>(&self, cell: u32, at: impl FnOnce() -> (i32, i32), slot: Slot) -> u16 {
        if OFF_GRID && cell == FAR {
            let (x, y) = at();
            return self.far.get(x, y, slot);
        }
        match slot {
            Slot::Placed => self.cells[cell as usize],
            Slot::Open => self.open_slots[cell as usize],
        }
    }

    /// Sets the number `slot` of a cell, found as [`Board::number`] finds it.
    #[inline(always)]
    fn set_number<const OFF_GRID: bool>(
        &mut self,
        cell: u32,
        at: impl FnOnce() -> (i32, i32),
        slot: Slot,
        number: u16,
    ) {
        if OFF_GRID && cell == FAR {
            let (x, y) = at();
            return self.far.set(x, y, slot, number);
        }
        match slot {
            Slot::Placed => self.cells[cell as usize] = number,
            Slot::Open => self.open_slots[cell as usize] = number,
        }
    }

    /// Records that the open cell `cell` beside `(x, y)` on `side` (opening it if new) now
    /// faces an edge of layout `code`.
    #[inline(always)]
    fn face_open_cell<const OFF_GRID: bool>(&mut self, cell: u32, (x, y): (i32, i32), side: usize, code: u16) {
        let facing_side = (side + 2) % 4;
        let at = move || beside(x, y, side);
        let slot = match self.number::<OFF_GRID>(cell, at, Slot::Open) {
            0 => {
                let (open_x, open_y) = at();
                self.frontier.push(OpenCell {
                    x: open_x as i16,
                    y: open_y as i16,
                    facing: [NO_NEIGHBOUR; 4],
                    neighbours: 0,
                    cell,
                });
                self.signatures.push(0);
                self.set_number::<OFF_GRID>(cell, at, Slot::Open, self.frontier.len() as u16);
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

    /// Removes the cell `cell` at `at()` from the frontier (it was just filled).
    #[inline(always)]
    fn close_cell<const OFF_GRID: bool>(&mut self, cell: u32, at: impl Fn() -> (i32, i32) + Copy) {
        let slot = self.number::<OFF_GRID>(cell, at, Slot::Open);
        if slot == 0 {
            return;
        }
        self.set_number::<OFF_GRID>(cell, at, Slot::Open, 0);
        let i = slot as usize - 1;
        self.holes -= u32::from(self.frontier[i].neighbours == 4);
        self.frontier.swap_remove(i);
        self.signatures.swap_remove(i);
        if let Some(&moved) = self.frontier.get(i) {
            // The cell moved into the freed place may be off the grid whatever this one is.
            let at = || (i32::from(moved.x), i32::from(moved.y));
            self.set_number::<true>(moved.cell, at, Slot::Open, slot);
        }
    }

    /// Grows the grid so that `(x, y)` is inside its free border, doubling only the dimensions
    /// that need it, if the grid stays within its budget ([`MIN_GRID_CELLS`]); every tile and
    /// open cell is then moved onto the grid or off it by position. Returns whether it grew.
    /// Each dimension doubles on the side `(x, y)` lies beyond, so a table that spreads one way
    /// (a long road) takes a quarter of the memory that doubling around the middle would.
    #[cold]
    fn grow(&mut self, x: i32, y: i32) -> bool {
        let (mut width, mut height, mut ox, mut oy) = (self.width, self.height, self.ox, self.oy);
        while !inside(x, ox, width) {
            if x + ox < 1 {
                ox += width;
            }
            width *= 2;
        }
        while !inside(y, oy, height) {
            if y + oy < 1 {
                oy += height;
            }
            height *= 2;
        }
        let entries = (self.placed.len() + self.frontier.len()) as u64;
        let budget = MIN_GRID_CELLS.max(GRID_CELLS_PER_ENTRY * entries);
        let area = width as u64 * height as u64;
        if area > budget {
            return false;
        }
        (self.width, self.height, self.ox, self.oy) = (width, height, ox, oy);
        self.cells = vec![EMPTY; area as usize];
        self.open_slots = vec![0; area as usize];
        self.far.clear();
        for i in 0..self.placed.len() {
            let (x, y) = (i32::from(self.placed[i].x), i32::from(self.placed[i].y));
            let cell = self.cell_or_far(x, y);
            self.set_number::<true>(cell, || (x, y), Slot::Placed, (i + 1) as u16);
        }
        for i in 0..self.frontier.len() {
            let (x, y) = (i32::from(self.frontier[i].x), i32::from(self.frontier[i].y));
            let cell = self.cell_or_far(x, y);
            self.frontier[i].cell = cell;
            self.set_number::<true>(cell, || (x, y), Slot::Open, (i + 1) as u16);
        }
        true
    }
}

/// The position beside `(x, y)` on `side` (north, east, south, west as 0 to 3).
#[inline(always)]
fn beside(x: i32, y: i32, side: usize) -> (i32, i32) {
    let (dx, dy) = Side::ALL[side].offset();
    (x + dx, y + dy)
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
        for i in 0..200 {
            board.put(tile(i, 0));
        }
        assert_eq!((board.height, board.at(199, 0)), (32, Some(199)));
        // Grown eastwards only: 16 cells west of the start, the rest east.
        assert_eq!((board.width, board.ox), (256, 16));
        assert!(
            board
                .frontier
                .iter()
                .all(|c| board.open_index(i32::from(c.x), i32::from(c.y)).is_some())
        );
    }

    /// Checks every answer of `board` against a plain map of the tiles put, in order.
    fn check_against(board: &Board, tiles: &[PlacedTile]) {
        use std::collections::{HashMap, HashSet};
        let by_position: HashMap<(i32, i32), usize> = tiles
            .iter()
            .enumerate()
            .map(|(i, t)| ((i32::from(t.x), i32::from(t.y)), i))
            .collect();
        let at = |x, y| by_position.get(&(x, y)).copied();
        assert_eq!(board.placed, tiles);
        for (&(x, y), &i) in &by_position {
            assert_eq!(board.at(x, y), Some(i), "({x}, {y})");
        }
        // The open cells are the empty cells beside a tile, each found where it is, facing
        // what is beside it.
        let open: HashSet<(i32, i32)> = by_position
            .keys()
            .flat_map(|&(x, y)| Side::ALL.map(|side| (x + side.offset().0, y + side.offset().1)))
            .filter(|&(x, y)| at(x, y).is_none())
            .collect();
        let mut holes = 0;
        for &(cx, cy) in &open {
            let cell = board
                .open_cell(cx, cy)
                .unwrap_or_else(|| panic!("({cx}, {cy}) is open"));
            assert_eq!((i32::from(cell.x), i32::from(cell.y)), (cx, cy));
            let facing = Side::ALL.map(|side| {
                let (dx, dy) = side.offset();
                at(cx + dx, cy + dy).map_or(NO_NEIGHBOUR, |i| tiles[i].codes[side.opposite() as usize])
            });
            assert_eq!(cell.facing, facing, "({cx}, {cy})");
            let beside = facing.iter().filter(|&&code| code != NO_NEIGHBOUR).count();
            assert_eq!(usize::from(cell.neighbours), beside, "({cx}, {cy})");
            holes += u32::from(cell.neighbours == 4);
        }
        assert_eq!((board.frontier.len(), board.holes()), (open.len(), holes));
        assert_eq!(board.signatures().len(), board.frontier.len());
        // Lookups by fixed steps near the grid and by position beyond it agree with the map.
        for &t in tiles.iter().step_by(7) {
            let (x, y) = (i32::from(t.x), i32::from(t.y));
            for (cx, cy) in [(x + 1, y), (x, y - 1), (x + 1, y + 1), (x - 1, y - 1)] {
                let around = (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                    .filter(|&d| d != (0, 0) && at(cx + d.0, cy + d.1).is_some())
                    .count();
                assert_eq!(usize::from(board.count_around(cx, cy)), around, "({cx}, {cy})");
                let point = [(-1, -1), (0, -1), (-1, 0), (0, 0)].map(|(dx, dy)| at(cx + dx, cy + dy));
                let point = point.iter().all(Option::is_some).then(|| point.map(Option::unwrap));
                assert_eq!(board.around_point(cx, cy), point, "({cx}, {cy})");
                let sides = Side::ALL.map(|side| {
                    let (dx, dy) = side.offset();
                    at(cx + dx, cy + dy).is_some()
                });
                assert_eq!(board.neighbour_sides(cx, cy), sides, "({cx}, {cy})");
            }
        }
    }

    /// A tile whose edge codes tell it and its sides apart.
    fn coded(i: usize, x: i32, y: i32) -> PlacedTile {
        let code = |side: usize| (i * 4 + side) as u16 % 1000;
        PlacedTile {
            codes: [0, 1, 2, 3].map(code),
            ..tile(x as i16, y as i16)
        }
    }

    #[test]
    fn a_table_spreading_far_keeps_a_grid_in_proportion_to_what_it_holds() {
        // Two arms at a right angle, 3,000 tiles each: a grid spanning them would have
        // millions of cells.
        let mut board = Board::new(4);
        let mut tiles = vec![coded(0, 0, 0)];
        board.put(tiles[0]);
        for i in 1..=3000 {
            for (x, y) in [(i, 0), (0, -i)] {
                let t = coded(tiles.len(), x, y);
                let neighbours: Vec<(usize, u16)> = board.put(t).iter().collect();
                // The tile before it on its arm, on the side facing the start.
                let side = if y == 0 { 3 } else { 2 };
                let before = if i == 1 { 0 } else { tiles.len() - 2 };
                assert_eq!(neighbours, [(side, before as u16)]);
                tiles.push(t);
            }
        }
        let entries = (board.placed.len() + board.frontier.len()) as u64;
        let grid = board.cells.len() as u64;
        assert!(grid <= 16 * entries, "{grid} cells for {entries} tiles and open cells");
        check_against(&board, &tiles);
        assert_eq!(board.at(3001, 0), None);

        // A copy answers the same, and clearing leaves nothing behind on or off the grid.
        let mut copy = Board::new(4);
        copy.clone_from(&board);
        check_against(&copy, &tiles);
        board.clear();
        assert_eq!((board.at(3000, 0), board.open_index(3001, 0)), (None, None));
        assert!(board.cells.iter().chain(&board.open_slots).all(|&c| c == 0));
        check_against(&copy, &tiles);
    }

    #[test]
    fn tiles_off_the_grid_come_onto_it_when_it_grows() {
        // An arm that goes beyond the grid's budget, then enough tiles near the start that the
        // grid may grow over the arm's first tiles; every answer stays the map's.
        let mut rng = crate::game::Rng::new(7);
        let mut board = Board::new(4);
        let mut tiles = Vec::new();
        let mut put = |board: &mut Board, x: i32, y: i32| {
            if board.at(x, y).is_none() {
                let t = coded(tiles.len(), x, y);
                board.put(t);
                tiles.push(t);
            }
        };
        // A staircase north-east: its span grows as the square of its tiles.
        for i in 0..400 {
            put(&mut board, i, -i);
            put(&mut board, i + 1, -i);
        }
        let far = board.frontier.iter().filter(|c| c.cell == FAR).count();
        assert!(far > 0, "the arm went off the grid");
        for _ in 0..6000 {
            let open = board.frontier[rng.below(board.frontier.len())];
            if i32::from(open.x) < 60 {
                put(&mut board, i32::from(open.x), i32::from(open.y));
            }
        }
        let now_far = board.frontier.iter().filter(|c| c.cell == FAR).count();
        assert!(now_far < far && board.width >= 128, "{now_far} {far} {}", board.width);
        check_against(&board, &tiles);
    }
}
