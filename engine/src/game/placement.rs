//! Where tiles may go and what placing one does: legal placements from the open cells'
//! signatures, joining features, and finding what a placement completed.

use super::{Game, NO_NEIGHBOUR, OpenCell, PlacedTile};
use crate::compile::NO_FEATURE;
use crate::edge::Side;
use crate::model::{FeatureKind, Placement as PlacementRule};

/// A position and turn for the drawn tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Quarter turns clockwise.
    pub rotation: u8,
}

/// Finds the rotations of one tile that fit open cells.
pub(super) enum Fits<'a> {
    /// The tile's signature table.
    Table(&'a [u8]),
    /// A check per side, for tile sets too varied for the table.
    Sides(&'a Game, u16),
}

impl Fits<'_> {
    /// The fitting rotations (bits) at an open cell.
    #[inline(always)]
    pub(super) fn rotations(&self, open: &OpenCell) -> u8 {
        match *self {
            Fits::Table(row) => row.get(open.signature as usize).copied().unwrap_or(0),
            Fits::Sides(game, tile) => {
                let compiled = &game.def.tables.tiles[tile as usize];
                if compiled.placement == PlacementRule::Hole && open.neighbours < 4 {
                    0
                } else {
                    game.fitting_rotations(tile, compiled.rotation_mask, open)
                }
            }
        }
    }
}

impl Game {
    /// Whether `tile` turned `rotation` may go at `(x, y)` now (an open cell whose neighbours
    /// it fits, under the tile's own placement rule).
    pub fn fits_at(&self, tile: u16, x: i16, y: i16, rotation: u8) -> bool {
        if tile as usize >= self.def.tables.tiles.len() || rotation > 3 {
            return false;
        }
        let fits = self
            .board
            .open_cell(i32::from(x), i32::from(y))
            .map_or(0, |open| self.fits_of(tile).rotations(open));
        fits & (1 << rotation) != 0
    }

    /// The number of placed neighbours if `(x, y)` is empty and every neighbour's edge fits.
    #[inline]
    pub(super) fn neighbours_fitting(&self, tile: u16, x: i16, y: i16, rotation: u8) -> Option<u8> {
        let (x, y) = (i32::from(x), i32::from(y));
        if self.board.at(x, y).is_some() {
            return None;
        }
        let tables = &self.def.tables;
        let compiled = &tables.tiles[tile as usize];
        let mut neighbours = 0;
        for side in Side::ALL {
            if let Some(nb) = self.board.neighbour(x, y, side) {
                neighbours += 1;
                let theirs = self.board.placed[nb].codes[side.opposite() as usize];
                if !tables.fits(compiled.edge(side, rotation).code, theirs) {
                    return None;
                }
            }
        }
        Some(neighbours)
    }

    /// Every legal placement of `tile` (rotations giving the same tile counted once), appended
    /// to `out`.
    pub fn legal_placements_into(&self, tile: u16, out: &mut Vec<Placement>) {
        let fits = self.fits_of(tile);
        for open in &self.board.frontier {
            let mut rotations = fits.rotations(open);
            while rotations != 0 {
                let rotation = rotations.trailing_zeros() as u8;
                rotations &= rotations - 1;
                out.push(Placement {
                    x: open.x,
                    y: open.y,
                    rotation,
                });
            }
        }
    }

    /// The rotations (bits) among `mask` in which `tile` fits every neighbour of an open cell.
    #[inline]
    pub(super) fn fitting_rotations(&self, tile: u16, mut mask: u8, open: &OpenCell) -> u8 {
        let tables = &self.def.tables;
        for side in 0..4 {
            let facing = open.facing[side];
            if facing != NO_NEIGHBOUR {
                mask &= tables.side_fits(tile, side, facing);
            }
        }
        mask
    }

    /// Every legal placement of `tile`.
    pub fn legal_placements(&self, tile: u16) -> Vec<Placement> {
        let mut out = Vec::new();
        self.legal_placements_into(tile, &mut out);
        out
    }

    /// How to find the rotations of `tile` that fit an open cell: a table lookup when the
    /// signature table exists, else a check per side.
    #[inline]
    pub(super) fn fits_of(&self, tile: u16) -> Fits<'_> {
        match self.def.tables.signature_row(tile) {
            Some(row) => Fits::Table(row),
            None => Fits::Sides(self, tile),
        }
    }

    /// Number of legal placements of `tile`, without listing them.
    pub fn count_placements(&self, tile: u16) -> usize {
        let fits = self.fits_of(tile);
        self.board
            .frontier
            .iter()
            .map(|open| fits.rotations(open).count_ones() as usize)
            .sum()
    }

    /// The `n`th legal placement of `tile`, in the order of [`Game::legal_placements`].
    pub fn nth_placement(&self, tile: u16, mut n: usize) -> Option<Placement> {
        let fits = self.fits_of(tile);
        for open in &self.board.frontier {
            let mut rotations = fits.rotations(open);
            let count = rotations.count_ones() as usize;
            if n >= count {
                n -= count;
                continue;
            }
            for _ in 0..n {
                rotations &= rotations - 1;
            }
            return Some(Placement {
                x: open.x,
                y: open.y,
                rotation: rotations.trailing_zeros() as u8,
            });
        }
        None
    }

    /// Legal placements of the drawn tile (0 outside [`Phase::Place`](super::Phase::Place)), counted once at the draw.
    pub fn placements_of_drawn_tile(&self) -> usize {
        self.placements as usize
    }

    /// Puts a tile on the table, joins its features to its neighbours', and records which
    /// features it completed. Returns the placed index.
    pub(super) fn place_tile(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> u16 {
        let tables = &self.def.tables;
        let compiled = &tables.tiles[tile as usize];
        let index = self.board.placed.len() as u16;
        let base = self.features.len() as u32;
        for (local, feature) in compiled.features.iter().enumerate() {
            self.features
                .add(feature.kind, local as u8, index, u16::from(feature.segments));
        }
        let codes = Side::ALL.map(|side| compiled.edge(side, rotation).code);
        self.board.put(PlacedTile {
            tile,
            rotation,
            x,
            y,
            node: base,
            codes,
        });
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        touched.extend((0..compiled.features.len() as u32).map(|f| base + f));
        let mut neighbours = [None; 4];
        for side in Side::ALL {
            let Some(nb) = self.board.neighbour(i32::from(x), i32::from(y), side) else {
                continue;
            };
            let their = self.board.placed[nb];
            neighbours[side as usize] = Some(their);
            // The new tile's nodes are still roots here: close their segments directly.
            for &f in compiled
                .edge(side, rotation)
                .features
                .iter()
                .filter(|&&f| f != NO_FEATURE)
            {
                self.features.close_root_segment(base + u32::from(f));
            }
            let theirs = tables.tiles[their.tile as usize].edge(side.opposite(), their.rotation);
            for &f in theirs.features.iter().filter(|&&f| f != NO_FEATURE) {
                self.features.close_segment(their.node + u32::from(f));
                touched.push(their.node + u32::from(f));
            }
        }
        for side in Side::ALL {
            let Some(their) = neighbours[side as usize] else {
                continue;
            };
            let mine = compiled.edge(side, rotation);
            let theirs = tables.tiles[their.tile as usize].edge(side.opposite(), their.rotation);
            for &(i, j) in tables.joins(mine.code, theirs.code) {
                self.features.union(
                    base + u32::from(mine.features[i as usize]),
                    their.node + u32::from(theirs.features[j as usize]),
                );
            }
        }
        self.pending.clear();
        for &node in &touched {
            if matches!(self.features.node(node).kind, FeatureKind::City | FeatureKind::Road) {
                let root = self.features.find(node);
                if self.features.node(root).open() == 0 && !self.pending.contains(&root) {
                    self.pending.push(root);
                }
            }
        }
        self.touched = touched;
        self.find_completed_monasteries(x, y);
        index
    }

    /// Monasteries (and abbeys) in the 3×3 block around `(x, y)` whose eight neighbours are now
    /// all placed: the placement at `(x, y)` is what completed them.
    pub(super) fn find_completed_monasteries(&mut self, x: i16, y: i16) {
        let placed = self.board.placed[self.board.placed.len() - 1];
        let compiled = &self.def.tables.tiles[placed.tile as usize];
        if compiled.has_monastery {
            for (local, feature) in compiled.features.iter().enumerate() {
                if feature.kind == FeatureKind::Monastery {
                    self.monasteries.push((x, y, placed.node + local as u32));
                }
            }
        }
        let mut i = 0;
        while i < self.monasteries.len() {
            let (mx, my, node) = self.monasteries[i];
            if (mx - x).abs() <= 1 && (my - y).abs() <= 1 && self.surrounding_tiles(i32::from(mx), i32::from(my)) == 8 {
                self.pending.push(node);
                self.monasteries.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Placed tiles among the eight around `(x, y)`.
    pub(super) fn surrounding_tiles(&self, x: i32, y: i32) -> u16 {
        let mut n = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) && self.board.at(x + dx, y + dy).is_some() {
                    n += 1;
                }
            }
        }
        n
    }
}
