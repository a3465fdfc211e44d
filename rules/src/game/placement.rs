//! Where tiles may go and what placing one does: legal placements from the open cells'
//! signatures, joining features, and finding what a placement completed.

use super::{Action, Event, Features, Game, NO_NEIGHBOUR, OpenCell, Phase, PlacedTile, Rng};
use crate::compile::{CompiledEdge, NO_FEATURE, fit_count, fit_entry, fit_rotations};
use crate::edge::Side;
use crate::model::{FeatureKind, Placement as PlacementRule};

/// Random candidates [`Game::random_placement`] tries before it counts: a turn where fewer
/// than one candidate in ten fits is rare, and this many misses then are rarer still.
const RANDOM_TRIES: u32 = 32;

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

/// The fitting rotations ([`fit_entry`]) a tile's signature table `row` gives an open cell
/// with `signature`.
#[inline(always)]
fn fits_by_signature(row: &[u8], signature: u32) -> u8 {
    row.get(signature as usize).copied().unwrap_or(0)
}

/// The rejection step of [`Game::random_placement`]: up to `tries` uniform candidates among
/// `cells` open cells times `1 << shift` rotations, the first that `fits` (the [`fit_entry`]
/// of a cell) allows, as cell and rotation.
#[inline(always)]
fn pick_by_rejection(
    rng: &mut Rng,
    tries: u32,
    (cells, shift): (usize, u32),
    fits: impl Fn(usize) -> u8,
) -> Option<(usize, u8)> {
    let candidates = u32::try_from(cells << shift).ok().filter(|&n| n > 0)?;
    let pick = |bits: u32| {
        let candidate = Rng::half_below(bits, candidates)?;
        let (cell, rotation) = ((candidate >> shift) as usize, candidate & ((1 << shift) - 1));
        (u32::from(fit_rotations(fits(cell))) & 1 << rotation != 0).then_some((cell, rotation as u8))
    };
    // Two candidates from each 64-bit draw: the low half, then the high half.
    for _ in 0..tries / 2 {
        let bits = rng.next_u64();
        if let Some(found) = pick(bits as u32).or_else(|| pick((bits >> 32) as u32)) {
            return Some(found);
        }
    }
    if tries % 2 == 1 {
        pick(rng.next_u64() as u32)
    } else {
        None
    }
}

/// Closes the segments of two facing edges (each with its tile's first feature node) of which
/// one fits anything (an abbey's): they join nothing, and a neighbour's feature closed this
/// way may be complete on its own, so it goes into `touched`.
fn close_facing_any(
    features: &mut Features,
    touched: &mut Vec<u32>,
    (mine, base): (&CompiledEdge, u32),
    (theirs, their_node): (&CompiledEdge, u32),
) {
    for &f in mine.features.iter().filter(|&&f| f != NO_FEATURE) {
        features.close_segment(base + u32::from(f));
    }
    for &f in theirs.features.iter().filter(|&&f| f != NO_FEATURE) {
        features.close_segment(their_node + u32::from(f));
        if mine.any {
            touched.push(their_node + u32::from(f));
        }
    }
}

/// An edge of a tile that does not fit the neighbour it would face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clash {
    /// The side of the tile being placed.
    pub side: Side,
    /// That edge's layout code (an index into the tables' layouts).
    pub mine: u16,
    /// The placed neighbour's tile.
    pub neighbour: u16,
    /// The layout code of the neighbour's edge facing it.
    pub theirs: u16,
}

impl Game {
    /// The first edge (clockwise from north) of `tile` turned `rotation` that does not fit the
    /// placed neighbour it would face at `(x, y)`: why a placement was refused, when that is
    /// why.
    pub fn clash_at(&self, tile: u16, x: i16, y: i16, rotation: u8) -> Option<Clash> {
        let tables = &self.def.tables;
        let compiled = tables.tiles.get(tile as usize)?;
        Side::ALL.into_iter().find_map(|side| {
            let nb = &self.board.placed[self.board.neighbour(i32::from(x), i32::from(y), side)?];
            let (mine, theirs) = (compiled.edge(side, rotation).code, nb.codes[side.opposite() as usize]);
            (!tables.fits(mine, theirs)).then_some(Clash {
                side,
                mine,
                neighbour: nb.tile,
                theirs,
            })
        })
    }

    /// Whether `tile` turned `rotation` may go at `(x, y)` now (an open cell whose neighbours
    /// it fits, under the tile's own placement rule). A turn that gives the same tile as a
    /// smaller one (the straight road turned half round) fits where that one does, although
    /// only the smaller is listed among the legal placements.
    pub fn fits_at(&self, tile: u16, x: i16, y: i16, rotation: u8) -> bool {
        let Some(compiled) = self.def.tables.tiles.get(tile as usize) else {
            return false;
        };
        if rotation > 3 {
            return false;
        }
        let fits = self
            .board
            .open_index(i32::from(x), i32::from(y))
            .map_or(0, |i| self.fits_at_cell(tile, i));
        // The distinct turns are 0..2^bits; any turn gives the tile of its remainder.
        let distinct = rotation & ((1 << compiled.rotation_bits) - 1);
        fit_rotations(fits) & (1 << distinct) != 0
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
        self.each_placement(tile, |placement| out.push(placement));
    }

    /// Calls `f` with every legal placement of `tile`, in frontier order (none for a tile the
    /// game does not have).
    pub(super) fn each_placement(&self, tile: u16, mut f: impl FnMut(Placement)) {
        if !self.has_tile(tile) {
            return;
        }
        for (open, fits) in self.board.frontier.iter().zip(self.fits(tile)) {
            let mut rotations = fit_rotations(fits);
            while rotations != 0 {
                let rotation = rotations.trailing_zeros() as u8;
                rotations &= rotations - 1;
                f(Placement {
                    x: open.x,
                    y: open.y,
                    rotation,
                });
            }
        }
    }

    /// Every legal placement of `tile`.
    pub fn legal_placements(&self, tile: u16) -> Vec<Placement> {
        let mut out = Vec::new();
        self.legal_placements_into(tile, &mut out);
        out
    }

    /// Number of legal placements of `tile`, without listing them.
    pub fn count_placements(&self, tile: u16) -> usize {
        if !self.has_tile(tile) || self.only_in_holes_none_open(tile) {
            return 0;
        }
        self.fits(tile).map(fit_count).sum::<u32>() as usize
    }

    /// Whether `tile` fits anywhere.
    pub fn fits_anywhere(&self, tile: u16) -> bool {
        self.has_tile(tile) && self.fits_somewhere(tile)
    }

    /// [`Game::fits_anywhere`] for a tile the game has (each draw asks it).
    pub(super) fn fits_somewhere(&self, tile: u16) -> bool {
        if self.only_in_holes_none_open(tile) {
            return false;
        }
        match self.def.tables.signature_row(tile) {
            Some(row) if !self.restricts_placement_of(tile) => self
                .board
                .signatures()
                .iter()
                .any(|&signature| fits_by_signature(row, signature) != 0),
            _ => self.fits(tile).any(|fits| fits != 0),
        }
    }

    /// Whether the game has a tile of index `tile`.
    pub(super) fn has_tile(&self, tile: u16) -> bool {
        usize::from(tile) < self.def.tables.tiles.len()
    }

    /// Whether `tile` goes only into holes (an abbey) and the table has none: the common case
    /// of every turn's check whether a held abbey could be placed.
    fn only_in_holes_none_open(&self, tile: u16) -> bool {
        self.def.tables.tiles[tile as usize].placement == PlacementRule::Hole && self.board.holes() == 0
    }

    /// The `n`th legal placement of `tile`, in the order of [`Game::legal_placements`].
    pub fn nth_placement(&self, tile: u16, n: usize) -> Option<Placement> {
        let (mut seen, mut found) = (0, None);
        self.each_placement(tile, |placement| {
            if seen == n {
                found = Some(placement);
            }
            seen += 1;
        });
        found
    }

    /// Legal placements of the drawn tile (0 outside [`Phase::Place`]).
    pub fn placements_of_drawn_tile(&self) -> usize {
        match self.phase {
            super::Phase::Place { tile } => self.count_placements(tile),
            _ => 0,
        }
    }

    /// A uniformly random legal placement of the drawn tile ([`Phase::Place`]
    /// only): the random policy of simulations and rollouts.
    ///
    /// By rejection: a uniformly random open cell and distinct rotation, kept if the tile fits
    /// there. About one candidate in four or five fits, so a few lookups usually replace
    /// checking every open cell. After `RANDOM_TRIES` (32) misses it falls back to counting the
    /// placements and taking one by index, which keeps the choice exactly uniform; a tile a
    /// mechanism restricts (few placements pass its rule) is taken by index at once.
    pub fn random_placement(&self, rng: &mut Rng) -> Option<Placement> {
        self.random_placement_trying(rng, RANDOM_TRIES)
    }

    /// [`Game::random_placement`] with `tries` random candidates before counting.
    fn random_placement_trying(&self, rng: &mut Rng, tries: u32) -> Option<Placement> {
        let Phase::Place { tile } = self.phase else {
            return None;
        };
        // A candidate index splits into cell and rotation by a shift.
        let shift = u32::from(self.def.tables.tiles[tile as usize].rotation_bits);
        let found = match self.def.tables.signature_row(tile) {
            // Few placements pass a mechanism's rule (a tile that must continue a declared edge kind): counting them
            // beats guessing.
            _ if self.restricts_placement_of(tile) => None,
            Some(row) => {
                let signatures = self.board.signatures();
                pick_by_rejection(rng, tries, (signatures.len(), shift), |cell| {
                    fits_by_signature(row, signatures[cell])
                })
            }
            None => self.pick_side_by_side(rng, tries, tile, shift),
        };
        let Some((cell, rotation)) = found else {
            return self.random_placement_by_counting(rng, tile);
        };
        let open = &self.board.frontier[cell];
        Some(Placement {
            x: open.x,
            y: open.y,
            rotation,
        })
    }

    /// The rejection step for a tile without a signature table, checking candidates side by
    /// side (kept out of line: the common case has a table).
    #[inline(never)]
    fn pick_side_by_side(&self, rng: &mut Rng, tries: u32, tile: u16, shift: u32) -> Option<(usize, u8)> {
        let frontier = &self.board.frontier;
        pick_by_rejection(rng, tries, (frontier.len(), shift), |cell| {
            self.side_check(tile, &frontier[cell])
        })
    }

    /// The rare end of [`Game::random_placement`] after every candidate missed (and the way a
    /// tile a mechanism restricts is placed): a placement taken by index among all of them.
    #[cold]
    fn random_placement_by_counting(&self, rng: &mut Rng, tile: u16) -> Option<Placement> {
        let count = self.count_placements(tile);
        self.nth_placement(tile, rng.below(count.max(1)))
    }

    /// The fitting rotations of `tile` at each open cell ([`fit_entry`]), in frontier order.
    fn fits(&self, tile: u16) -> impl Iterator<Item = u8> + '_ {
        let row = self.def.tables.signature_row(tile);
        // Read once, so that a game where no mechanism restricts placements loops as tightly
        // as if none could.
        let restrict = self.restricts_placement_of(tile);
        (0..self.board.frontier.len()).map(move |i| {
            let fits = self.fits_by_edges(tile, row, i);
            if restrict {
                self.allowed_fits(tile, i, fits)
            } else {
                fits
            }
        })
    }

    /// The fitting rotations of `tile` ([`fit_entry`]) at the open cell with frontier index `i`.
    fn fits_at_cell(&self, tile: u16, i: usize) -> u8 {
        self.fits_in_row(tile, self.def.tables.signature_row(tile), i)
    }

    /// The fitting rotations of `tile` at open cell `i`, from its signature table `row` if it
    /// has one, else side by side; only those the mechanisms allow.
    #[inline]
    fn fits_in_row(&self, tile: u16, row: Option<&[u8]>, i: usize) -> u8 {
        let fits = self.fits_by_edges(tile, row, i);
        if self.restricts_placement_of(tile) {
            return self.allowed_fits(tile, i, fits);
        }
        fits
    }

    /// The rotations of `tile` whose edges fit open cell `i` ([`fit_entry`]), from its
    /// signature table `row` if it has one, else side by side.
    #[inline(always)]
    fn fits_by_edges(&self, tile: u16, row: Option<&[u8]>, i: usize) -> u8 {
        match row {
            Some(row) => fits_by_signature(row, self.board.signatures()[i]),
            None => self.side_check(tile, &self.board.frontier[i]),
        }
    }

    /// Of the fitting rotations `fits` ([`fit_entry`]) of `tile` at open cell `i`, those every
    /// mechanism with a say in where tiles go allows.
    #[inline(never)]
    fn allowed_fits(&self, tile: u16, i: usize, fits: u8) -> u8 {
        let open = &self.board.frontier[i];
        let (mut rotations, mut allowed) = (fit_rotations(fits), 0);
        while rotations != 0 {
            let rotation = rotations.trailing_zeros() as u8;
            rotations &= rotations - 1;
            if self.mechanisms_allow(
                tile,
                Placement {
                    x: open.x,
                    y: open.y,
                    rotation,
                },
            ) {
                allowed |= 1 << rotation;
            }
        }
        fit_entry(allowed)
    }

    /// The fitting rotations of `tile` ([`fit_entry`]) at an open cell, checked side by side:
    /// for tile sets too varied for the signature table.
    fn side_check(&self, tile: u16, open: &OpenCell) -> u8 {
        let tables = &self.def.tables;
        let compiled = &tables.tiles[tile as usize];
        if compiled.placement == PlacementRule::Hole && open.neighbours < 4 {
            return 0;
        }
        let mut mask = compiled.rotation_mask();
        for side in 0..4 {
            let facing = open.facing[side];
            if facing != NO_NEIGHBOUR {
                mask &= tables.side_fits(tile, side, facing);
            }
        }
        fit_entry(mask)
    }

    /// Places the drawn tile `tile` where `at` says (the caller has checked that it fits),
    /// lets the mechanisms act on it, and goes on to deployment.
    pub(super) fn place_drawn(&mut self, tile: u16, at: Placement, events: &mut Vec<Event>) {
        let Placement { x, y, rotation } = at;
        let placed = self.place_tile(tile, x, y, rotation);
        events.push(Event::TilePlaced {
            player: self.current,
            tile,
            x,
            y,
            rotation,
        });
        self.mechanisms_after_placement(tile, events);
        self.phase = Phase::Deploy { placed };
        self.history.push(Action::Place { x, y, rotation });
    }

    /// Places the drawn tile at a uniformly random legal placement ([`Game::random_placement`])
    /// in one step, as [`Game::apply`] with that placement would: the random policy's move,
    /// without checking again a placement it has just found legal. Returns the placement, or
    /// `None` outside [`Phase::Place`].
    pub fn place_at_random(&mut self, rng: &mut Rng, events: &mut Vec<Event>) -> Option<Placement> {
        let Phase::Place { tile } = self.phase else {
            return None;
        };
        let at = self.random_placement(rng)?;
        self.place_drawn(tile, at, events);
        Some(at)
    }

    /// Puts a tile on the table, joins its features to its neighbours', and records which
    /// features it completed. Returns the placed index.
    pub(super) fn place_tile(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> u16 {
        let tables = &self.def.tables;
        let compiled = &tables.tiles[tile as usize];
        // A table holds at most MAX_TILES tiles (and the tiles players hold), of at most 64
        // features each: the indices fit.
        let index = self.board.placed.len() as u16;
        let base = self.features.len() as u32;
        self.features
            .add_tile(index, compiled.features.iter().map(|f| (f.kind, u32::from(f.segments))));
        let neighbours = self.board.put(PlacedTile {
            tile,
            rotation,
            x,
            y,
            node: base,
            codes: compiled.codes[rotation as usize & 3],
        });
        self.pending.clear();
        self.scratch.touched.clear();
        for (side, nb) in neighbours.iter() {
            let side = Side::ALL[side];
            let their = self.board.placed[nb as usize];
            let mine = compiled.edge(side, rotation);
            let theirs = tables.tiles[their.tile as usize].edge(side.opposite(), their.rotation);
            if mine.any || theirs.any {
                close_facing_any(
                    &mut self.features,
                    &mut self.scratch.touched,
                    (mine, base),
                    (theirs, their.node),
                );
                continue;
            }
            // Facing edges without `any` connect every segment: join each pair, then close
            // its segments on the joined feature.
            for join in tables.joins(mine.code, theirs.code) {
                let root = self.features.union(
                    base + u32::from(mine.features[join.mine as usize]),
                    their.node + u32::from(theirs.features[join.theirs as usize]),
                );
                self.features.close_root_segments(root, join.closes);
            }
        }
        // Everything else a placement completes is joined to one of its roads or cities.
        let mut closable = compiled.closable;
        while closable != 0 {
            self.pending_if_completed(base + closable.trailing_zeros());
            closable &= closable - 1;
        }
        for i in 0..self.scratch.touched.len() {
            self.pending_if_completed(self.scratch.touched[i]);
        }
        self.find_completed_monasteries(x, y);
        index
    }

    /// Queues the feature of `node` for scoring (once, by root) if it is a completed road or
    /// city.
    #[inline(always)]
    fn pending_if_completed(&mut self, node: u32) {
        let root = self.features.root(node);
        let feature = self.features.node(root);
        if feature.open() == 0
            && matches!(feature.kind, FeatureKind::City | FeatureKind::Road)
            && !self.pending.contains(&root)
        {
            self.pending.push(root);
        }
    }

    /// Monasteries (and abbeys) in the 3×3 block around `(x, y)` whose eight neighbours are now
    /// all placed: the placement at `(x, y)` is what completed them. Gardens too, where a
    /// figure may stand on them (else nothing ever scores one).
    pub(super) fn find_completed_monasteries(&mut self, x: i16, y: i16) {
        let placed = self.board.placed[self.board.placed.len() - 1];
        let compiled = &self.def.tables.tiles[placed.tile as usize];
        let gardens = compiled.has_garden && self.masks.deployable_on[FeatureKind::Garden as usize] != 0;
        if compiled.has_monastery || gardens {
            for (local, feature) in compiled.features.iter().enumerate() {
                if feature.kind == FeatureKind::Monastery || gardens && feature.kind == FeatureKind::Garden {
                    self.monasteries.push((x, y, placed.node + local as u32));
                }
            }
        }
        let mut i = 0;
        while i < self.monasteries.len() {
            let (mx, my, node) = self.monasteries[i];
            // Both offsets in -1..=1, tested without a branch between them: whether a
            // monastery is near is random, so a branch on each would often be mispredicted.
            let near = (((mx - x + 1) as u16) < 3) & (((my - y + 1) as u16) < 3);
            if near && self.surrounding_tiles(i32::from(mx), i32::from(my)) == 8 {
                self.pending.push(node);
                self.monasteries.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Placed tiles among the eight around `(x, y)`.
    pub(super) fn surrounding_tiles(&self, x: i32, y: i32) -> u16 {
        self.board.count_around(x, y)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::{GameDef, Phase};
    use crate::simulate::{Scratch, random_action};

    /// Whatever the number of random candidates tried before counting (none: always counting;
    /// one: mostly counting; the default), every legal placement comes up about equally often.
    #[test]
    fn random_placements_are_uniform_with_any_number_of_tries() {
        let sets = ["base".to_owned()];
        let def = Arc::new(GameDef::from_files(crate::testing::bundled(), &sets, "new-edition").unwrap());
        let mut game = Game::new(def, 2, 5).unwrap();
        let (mut rng, mut scratch) = (Rng::new(6), Scratch::default());
        for _ in 0..40 {
            random_action(&mut game, &mut rng, &mut scratch);
        }
        let Phase::Place { tile } = game.phase else {
            panic!("40 actions into a base game, a tile is drawn")
        };
        let legal = game.legal_placements(tile);
        assert!(legal.len() > 5, "{legal:?}");
        for tries in [0, 1, RANDOM_TRIES] {
            let mut seen = vec![0u32; legal.len()];
            for _ in 0..400 * legal.len() {
                let p = game.random_placement_trying(&mut rng, tries).unwrap();
                seen[legal.iter().position(|l| *l == p).expect("a legal placement")] += 1;
            }
            // 400 each expected; 120 is six standard deviations.
            assert!(seen.iter().all(|&n| n.abs_diff(400) <= 120), "{tries} tries: {seen:?}");
        }
    }
}
