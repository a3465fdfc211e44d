//! The table of Try on table: one tile of the set being edited in the middle and the
//! neighbours laid beside it, held as an engine [`Game`] built by hand, so what fits and what
//! joins is what the rules say.
//!
//! The game is built from the set as it is in memory (through the engine's validation) and
//! every bundled tile set, with the tried tile as the only start tile. Every change lays the
//! whole table again in order with [`Game::lay`], which refuses a tile that does not fit its
//! neighbours: the table never holds a misfit.

use std::path::Path;
use std::sync::Arc;

use tilewright_engine::bundled;
use tilewright_engine::catalog::Catalog;
use tilewright_engine::game::{Game, GameDef};
use tilewright_engine::model::{RuleSet, TileSet, resolve};

use crate::board::{Laid, TileArt};
use crate::document::Document;
use crate::document_game::{self, DocRole, role_of};
use crate::validation::Findings;

/// How far from the tried tile (in cells, either way) neighbours may be laid.
pub const REACH: i16 = 2;

/// A tile type the table can lay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    /// The id of its tile set.
    pub source: String,
    /// Its id in that set.
    pub id: String,
    /// Whether it is a tile of the set being edited.
    pub own: bool,
    /// The turns that give different tiles are `0..turns` (1, 2 or 4).
    pub turns: u8,
}

/// The tried tile and its neighbours on an engine table.
pub struct TryTable {
    /// Every tile type, by compiled index.
    pub kinds: Vec<Kind>,
    /// How each tile type is drawn.
    pub art: TileArt,
    /// The tiles laid, the tried tile first at `(0, 0)`, in the order they were laid.
    pub laid: Vec<Laid>,
    /// The table as the engine holds it.
    game: Game,
}

/// The game the table is made in: the set of `doc` (with `tile` as the start tile, in place of
/// every set's own) and every other bundled tile set, played by the first bundled rule set
/// without the rules of where tiles showing a declared edge kind go (the table shows what
/// fits, whatever a river would need).
fn definition(catalog: &Catalog, own: &str, tile: &str) -> Result<GameDef, String> {
    let mut sets: Vec<TileSet> = Vec::new();
    let own_set = catalog
        .tileset(own)
        .ok_or_else(|| format!("the tile set `{own}` did not read"))?;
    sets.push(own_set.model.clone());
    sets.extend(
        bundled::catalog()
            .tilesets
            .iter()
            .filter(|set| set.model.id != own)
            .map(|set| set.model.clone()),
    );
    for set in &mut sets {
        set.start_tile = None;
        set.deal.iter_mut().for_each(|group| group.start = None);
    }
    if !sets[0].tiles.iter().any(|t| t.id == tile) {
        return Err(format!("the set has no tile `{tile}`"));
    }
    sets[0].start_tile = Some(tile.to_owned());
    let known: Vec<&RuleSet> = bundled::catalog().rulesets.iter().map(|r| &r.model).collect();
    let first = known.first().map(|r| r.id.clone()).unwrap_or_default();
    let mut rules = resolve(&first, &known).map_err(|e| e.to_string())?;
    rules.switches.edge_kind_rules = false;
    let sets: Vec<(&TileSet, Option<&str>)> = sets.iter().map(|set| (set, None)).collect();
    GameDef::new(&sets, &[], rules).map_err(|e| e.to_string())
}

impl TryTable {
    /// A table with tile `tile` of the set being edited in `doc` (as it is in memory) alone in
    /// the middle; or why there cannot be one.
    pub fn new(doc: &Document, findings: &Findings, tile: &str) -> Result<TryTable, Vec<String>> {
        let DocRole::Set(own) = role_of(doc) else {
            return Err(vec!["only a tile set's tiles can be tried on the table".to_owned()]);
        };
        let catalog = document_game::catalog(doc, findings)?;
        let def = definition(&catalog, &own, tile).map_err(|e| vec![e])?;
        let folder: Option<&Path> = doc.folder();
        let art = TileArt::of_game(&def, &catalog, |id| {
            (id == own).then(|| folder.map(Path::to_owned)).flatten()
        });
        let kinds = kinds_of(&def, &catalog, &own);
        let def = Arc::new(def);
        let centre = Laid {
            x: 0,
            y: 0,
            tile: def.start(),
            rotation: 0,
        };
        let game = lay_all(&def, &[centre]).map_err(|e| vec![e])?;
        Ok(TryTable {
            kinds,
            art,
            laid: vec![centre],
            game,
        })
    }

    /// The table as the engine holds it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The tile type of the tile laid at `(x, y)`.
    pub fn kind_at(&self, x: i16, y: i16) -> Option<&Kind> {
        let laid = self.laid.iter().find(|t| t.x == x && t.y == y)?;
        self.kinds.get(usize::from(laid.tile))
    }

    /// The empty cells within [`REACH`] beside a laid tile: where a neighbour may go.
    pub fn open_cells(&self) -> Vec<(i16, i16)> {
        let mut cells = Vec::new();
        for t in &self.laid {
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let cell = (t.x + dx, t.y + dy);
                if cell.0.abs() <= REACH
                    && cell.1.abs() <= REACH
                    && !self.is_laid(cell.0, cell.1)
                    && !cells.contains(&cell)
                {
                    cells.push(cell);
                }
            }
        }
        cells
    }

    fn is_laid(&self, x: i16, y: i16) -> bool {
        self.laid.iter().any(|t| t.x == x && t.y == y)
    }

    /// Every tile type and turn that fits at the open cell `(x, y)`, the set's own tiles
    /// first (turns that give the same tile listed once).
    pub fn choices_at(&self, x: i16, y: i16) -> Vec<(u16, u8)> {
        if !self.open_cells().contains(&(x, y)) {
            return Vec::new();
        }
        let mut choices = Vec::new();
        for (tile, kind) in (0u16..).zip(&self.kinds) {
            for rotation in 0..kind.turns {
                if self.game.clone().lay(tile, x, y, rotation).is_ok() {
                    choices.push((tile, rotation));
                }
            }
        }
        choices
    }

    /// Lays tile type `tile` turned `rotation` at the open cell `(x, y)`, if it fits.
    pub fn place(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> Result<(), String> {
        if !self.open_cells().contains(&(x, y)) {
            return Err(format!(
                "({x}, {y}) is not an empty cell beside a tile within {REACH} of the middle"
            ));
        }
        let mut laid = self.laid.clone();
        laid.push(Laid { x, y, tile, rotation });
        self.relay(laid)
    }

    /// Turns the neighbour at `(x, y)` to the next turn (`steps` quarter turns on; negative:
    /// back) that fits the tiles around it; the turn it lies in.
    pub fn rotate(&mut self, x: i16, y: i16, steps: i32) -> Result<u8, String> {
        let index = self.neighbour_index(x, y)?;
        let laid = self.laid[index];
        let turns = self.kinds.get(usize::from(laid.tile)).map_or(4, |k| k.turns);
        let step = if steps < 0 { i32::from(turns) - 1 } else { 1 };
        let mut rotation = i32::from(laid.rotation % turns);
        for _ in 1..turns {
            rotation = (rotation + step) % i32::from(turns);
            let mut tried = self.laid.clone();
            tried[index].rotation = rotation as u8;
            if self.relay(tried).is_ok() {
                return Ok(rotation as u8);
            }
        }
        Err("no other turn of this tile fits here".to_owned())
    }

    /// Takes the neighbour at `(x, y)` off the table, with any neighbour that no longer
    /// reaches the middle through others.
    pub fn remove(&mut self, x: i16, y: i16) -> Result<(), String> {
        let index = self.neighbour_index(x, y)?;
        let mut laid = self.laid.clone();
        laid.remove(index);
        self.relay(connected(laid))
    }

    fn neighbour_index(&self, x: i16, y: i16) -> Result<usize, String> {
        match self.laid.iter().position(|t| t.x == x && t.y == y) {
            Some(0) => Err("the tried tile stays in the middle".to_owned()),
            Some(i) => Ok(i),
            None => Err(format!("there is no tile at ({x}, {y})")),
        }
    }

    /// Every part of the feature `local` of the tile at `(x, y)`, across the tiles it joins
    /// (column, row, local feature), as the engine joins them.
    pub fn joined(&self, x: i16, y: i16, local: u8) -> Vec<(i16, i16, u8)> {
        let Some(placed) = self.game.board().at(i32::from(x), i32::from(y)) else {
            return Vec::new();
        };
        self.game
            .node(placed, local)
            .map(|node| self.game.feature_places(node))
            .unwrap_or_default()
    }

    /// Lays `laid` again on an empty table and keeps it if every tile fits.
    fn relay(&mut self, laid: Vec<Laid>) -> Result<(), String> {
        self.game = lay_all(self.game.def(), &laid)?;
        self.laid = laid;
        Ok(())
    }

    /// Lays the neighbours of `old` (found again by set and tile id) on this table where they
    /// still fit; the number left off.
    pub fn carry_over(&mut self, old: &TryTable) -> usize {
        let mut left_off = 0;
        for t in old.laid.iter().skip(1) {
            let kind = &old.kinds[usize::from(t.tile)];
            let found = (0u16..)
                .zip(&self.kinds)
                .find(|(_, k)| k.source == kind.source && k.id == kind.id)
                .map(|(i, _)| i);
            let laid = found.is_some_and(|tile| self.place(tile, t.x, t.y, t.rotation).is_ok());
            left_off += usize::from(!laid);
        }
        left_off
    }
}

/// The tile types of `def` with their sets, the set `own` marked.
fn kinds_of(def: &GameDef, catalog: &Catalog, own: &str) -> Vec<Kind> {
    let sources = def
        .sets()
        .iter()
        .filter_map(|set| {
            catalog
                .tileset(&set.id)
                .map(|loaded| (set.id.as_str(), loaded.model.tiles.len()))
        })
        .flat_map(|(id, n)| std::iter::repeat_n(id, n));
    def.tables()
        .tiles
        .iter()
        .zip(sources)
        .map(|(compiled, source)| Kind {
            source: source.to_owned(),
            id: compiled.id.clone(),
            own: source == own,
            turns: 1 << compiled.rotation_bits,
        })
        .collect()
}

/// An engine table with `laid` laid in order; or which tile does not fit.
fn lay_all(def: &Arc<GameDef>, laid: &[Laid]) -> Result<Game, String> {
    let mut game = Game::empty(def.clone(), 2).map_err(|e| e.to_string())?;
    for t in laid {
        game.lay(t.tile, t.x, t.y, t.rotation)
            .map_err(|_| format!("the tile does not fit its neighbours at ({}, {})", t.x, t.y))?;
    }
    Ok(game)
}

/// The tiles of `laid` that reach the first (the middle) through neighbours, in order.
fn connected(laid: Vec<Laid>) -> Vec<Laid> {
    let mut reached = vec![false; laid.len()];
    if let Some(first) = reached.first_mut() {
        *first = true;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..laid.len() {
            if reached[i] {
                continue;
            }
            let touches = |j: usize| reached[j] && (laid[i].x - laid[j].x).abs() + (laid[i].y - laid[j].y).abs() == 1;
            if (0..laid.len()).any(touches) {
                reached[i] = true;
                changed = true;
            }
        }
    }
    laid.into_iter()
        .zip(reached)
        .filter(|(_, r)| *r)
        .map(|(t, _)| t)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: i16, y: i16) -> Laid {
        Laid {
            x,
            y,
            tile: 0,
            rotation: 0,
        }
    }

    #[test]
    fn tiles_cut_off_from_the_middle_are_dropped_in_order() {
        // A row east of the middle with a gap at (2, 0), and a tile south of the middle.
        let laid = vec![at(0, 0), at(1, 0), at(3, 0), at(4, 0), at(0, 1)];
        assert_eq!(connected(laid), vec![at(0, 0), at(1, 0), at(0, 1)]);
        // Reached through a later tile still counts.
        let laid = vec![at(0, 0), at(1, 1), at(0, 1)];
        assert_eq!(connected(laid.clone()), laid);
    }
}
