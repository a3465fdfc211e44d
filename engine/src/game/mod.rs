//! Playing a game: the state, legal actions, applying them, and the events they cause.
//!
//! A [`Game`] shares its fixed part ([`GameDef`]: compiled tiles, rules, figure types) through an
//! `Arc`, so cloning a state copies only what changes during play. Turn order: the current
//! player holds a drawn tile ([`Phase::Place`]), places it ([`Action::Place`]), then deploys a
//! figure or passes ([`Phase::Deploy`]); features completed by the placement are scored after
//! deployment, then the next player draws. A drawn tile that fits nowhere is discarded and
//! another drawn. After the last tile, final scoring runs and the game is over.

mod action;
mod barn;
mod board;
mod features;
mod record;
mod rng;
mod scoring;
mod setup;

use std::sync::Arc;

pub use action::{Action, ActionError, COLOURS, Event, Players, Reason, colour};
pub use board::{Board, NO_NEIGHBOUR, OpenCell, PlacedTile};
pub use features::Features;
pub use record::{GameRecord, ReplayError};
pub use rng::Rng;
pub use setup::{FigureType, GameDef, SetRef, SetupError, content_hash};

use crate::compile::NO_FEATURE;
use crate::edge::Side;
use crate::model::{AbbeyEndgame, FeatureKind, FigureMechanism, Mechanism, Placement as PlacementRule, Role};

/// Most figure types a game can have.
pub const MAX_FIGURE_TYPES: usize = 8;

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
enum Fits<'a> {
    /// The tile's signature table.
    Table(&'a [u8]),
    /// A check per side, for tile sets too varied for the table.
    Sides(&'a Game, u16),
}

impl Fits<'_> {
    /// The fitting rotations (bits) at an open cell.
    #[inline(always)]
    fn rotations(&self, open: &OpenCell) -> u8 {
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

/// A figure on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardFigure {
    /// Owner.
    pub player: u8,
    /// Figure type.
    pub figure: u8,
    /// Feature node it stands on.
    pub node: u32,
}

/// A player's score and supply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerState {
    /// Points so far.
    pub score: u32,
    /// Figures in supply, by figure type.
    pub supply: [u8; MAX_FIGURE_TYPES],
    /// Tiles held (abbeys), by index into [`GameDef::held`].
    pub held: [u8; MAX_HELD_TYPES],
}

/// Most kinds of tile a player can hold.
pub const MAX_HELD_TYPES: usize = 4;

/// The step of the turn the game waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The current player must place this drawn tile.
    Place {
        /// Compiled tile index.
        tile: u16,
    },
    /// The current player may place a tile they hold (an abbey) instead of drawing, or, after
    /// the last land tile, as the abbey end-game rule allows.
    Choose {
        /// [`Action::Draw`] is allowed (a normal turn).
        may_draw: bool,
        /// [`Action::Pass`] is allowed (the final round: placing is optional).
        may_pass: bool,
    },
    /// The current player may deploy a figure on the tile just placed.
    Deploy {
        /// Index of the placed tile.
        placed: u16,
    },
    /// The game has ended.
    Over,
}

/// The state of one game.
#[derive(Debug, Clone)]
pub struct Game {
    def: Arc<GameDef>,
    board: Board,
    features: Features,
    figures: Vec<BoardFigure>,
    players: Vec<PlayerState>,
    pile: Vec<u16>,
    discarded: u32,
    current: u8,
    phase: Phase,
    /// Features completed by the last placement, scored after deployment: roots of roads and
    /// cities, nodes of monasteries.
    pending: Vec<u32>,
    history: Vec<Action>,
    seed: u64,
    /// Run final scoring when the pile runs out (off only for hand-built test positions).
    final_scoring: bool,
    scratch: Vec<u16>,
    touched: Vec<u32>,
    /// Tiles that went under hill tiles, out of the game.
    under_hills: u32,
    /// In the abbey final round: players still to be offered a placement.
    endgame_left: Option<u8>,
    /// The field node of a barn placed this turn, scored in the scoring step.
    barn_placed: Option<u32>,
    /// Whether any figure type is a barn.
    has_barns: bool,
    /// Monasteries not yet surrounded: position and feature node.
    monasteries: Vec<(i16, i16, u32)>,
    /// Legal placements of the tile held in [`Phase::Place`], counted when it was drawn.
    placements: u32,
}

impl Game {
    /// A new game: the start tile on the table, the pile shuffled by `seed`, the first player
    /// holding a drawn tile.
    pub fn new(def: Arc<GameDef>, players: u8, seed: u64) -> Result<Game, SetupError> {
        let unsupported = def.unsupported();
        if !unsupported.is_empty() {
            return Err(SetupError::Unsupported(unsupported.join(", ")));
        }
        let mut game = Game::empty(def, players)?;
        game.seed = seed;
        let start = game.def.start;
        game.place_tile(start, 0, 0, 0);
        game.pending.clear();
        let mut pile = game.def.pile.clone();
        Rng::new(seed).shuffle(&mut pile);
        game.pile = pile;
        game.final_scoring = true;
        game.begin_turn(&mut Vec::new());
        Ok(game)
    }

    /// An empty table with no pile, for building positions by hand (scenarios, tests): lay
    /// tiles with [`Game::lay`], put figures with [`Game::put_figure`], then [`Game::start`].
    pub fn empty(def: Arc<GameDef>, players: u8) -> Result<Game, SetupError> {
        if !(2..=6).contains(&players) {
            return Err(SetupError::Players(players));
        }
        let mut held = [0u8; MAX_HELD_TYPES];
        for (i, &(_, count)) in def.held.iter().take(MAX_HELD_TYPES).enumerate() {
            held[i] = count;
        }
        let mut supply = [0u8; MAX_FIGURE_TYPES];
        for (i, f) in def.figures.iter().take(MAX_FIGURE_TYPES).enumerate() {
            supply[i] = f.count;
        }
        Ok(Game {
            board: Board::new(def.tables.layouts.len()),
            features: Features::with_capacity(def.pile.len() * 6 + 16),
            figures: Vec::new(),
            players: vec![PlayerState { score: 0, supply, held }; players as usize],
            pile: Vec::new(),
            discarded: 0,
            current: 0,
            phase: Phase::Over,
            pending: Vec::new(),
            history: Vec::with_capacity(2 * def.pile.len() + 8),
            seed: 0,
            final_scoring: false,
            scratch: Vec::new(),
            touched: Vec::new(),
            monasteries: Vec::new(),
            under_hills: 0,
            endgame_left: None,
            barn_placed: None,
            has_barns: def.figures.iter().any(|f| f.mechanism == Some(FigureMechanism::Barn)),
            placements: 0,
            def,
        })
    }

    /// Lays a tile on a hand-built table without scoring; it must fit its neighbours.
    pub fn lay(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> Result<u16, ActionError> {
        if self.neighbours_fitting(tile, x, y, rotation).is_none() {
            return Err(ActionError::IllegalPlacement { x, y, rotation });
        }
        let index = self.place_tile(tile, x, y, rotation);
        self.pending.clear();
        Ok(index)
    }

    /// Puts a figure from `player`'s supply on feature `feature` of the tile at `(x, y)` of a
    /// hand-built table.
    pub fn put_figure(&mut self, player: u8, figure: u8, x: i16, y: i16, feature: u8) -> Result<(), ActionError> {
        let refuse = |why| ActionError::IllegalDeployment { figure, feature, why };
        let placed = self
            .board
            .at(i32::from(x), i32::from(y))
            .ok_or(refuse("there is no tile there"))?;
        let node = self.board.placed[placed].node + u32::from(feature);
        let tile = &self.def.tables.tiles[self.board.placed[placed].tile as usize];
        if feature as usize >= tile.features.len() {
            return Err(refuse("the tile has no such feature"));
        }
        let supply = self
            .players
            .get_mut(player as usize)
            .and_then(|p| p.supply.get_mut(figure as usize))
            .ok_or(refuse("no such player or figure"))?;
        if *supply == 0 {
            return Err(refuse("none left in supply"));
        }
        *supply -= 1;
        self.features.add_figures(node, 1);
        self.figures.push(BoardFigure { player, figure, node });
        Ok(())
    }

    /// Starts play on a hand-built table: `pile` is drawn from the end, `player` moves first,
    /// and `final_scoring` says whether the game scores the end when the pile runs out.
    pub fn start(&mut self, pile: Vec<u16>, player: u8, final_scoring: bool, events: &mut Vec<Event>) {
        self.pile = pile;
        self.pile.reverse();
        self.current = player % self.players.len() as u8;
        self.final_scoring = final_scoring;
        self.begin_turn(events);
    }

    /// The fixed part of the game.
    pub fn def(&self) -> &Arc<GameDef> {
        &self.def
    }

    /// The table.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Figures on the table.
    pub fn figures(&self) -> &[BoardFigure] {
        &self.figures
    }

    /// Scores and supplies, by seat.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// Scores by seat.
    pub fn scores(&self) -> Vec<u32> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// Whose turn it is.
    pub fn current_player(&self) -> u8 {
        self.current
    }

    /// The step the game waits on.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Tiles left in the pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// Tiles discarded because they fitted nowhere.
    pub fn discarded(&self) -> u32 {
        self.discarded
    }

    /// Actions applied so far.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The feature node of local feature `feature` on placed tile `placed`.
    pub fn node(&self, placed: usize, feature: u8) -> u32 {
        self.board.placed[placed].node + u32::from(feature)
    }

    /// The node standing for the whole feature `node` belongs to: equal for joined features.
    pub fn feature_root(&self, node: u32) -> u32 {
        self.features.root(node)
    }

    /// Whether the feature of `node` is complete (roads and cities).
    pub fn is_complete(&self, node: u32) -> bool {
        self.features.open_of(node) == 0
    }

    /// Whether `tile` turned `rotation` may go at `(x, y)`.
    #[inline]
    pub fn fits_at(&self, tile: u16, x: i16, y: i16, rotation: u8, rule: PlacementRule) -> bool {
        match (self.neighbours_fitting(tile, x, y, rotation), rule) {
            (Some(n), PlacementRule::Adjacent) => n > 0,
            (Some(n), PlacementRule::Hole) => n == 4,
            (None, _) => false,
        }
    }

    /// The number of placed neighbours if `(x, y)` is empty and every neighbour's edge fits.
    #[inline]
    fn neighbours_fitting(&self, tile: u16, x: i16, y: i16, rotation: u8) -> Option<u8> {
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
    fn fitting_rotations(&self, tile: u16, mut mask: u8, open: &OpenCell) -> u8 {
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
    fn fits_of(&self, tile: u16) -> Fits<'_> {
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

    /// Legal placements of the drawn tile (0 outside [`Phase::Place`]), counted once at the draw.
    pub fn placements_of_drawn_tile(&self) -> usize {
        self.placements as usize
    }

    /// Deployments open to the current player on the tile just placed (`Pass` not included),
    /// appended to `out`.
    pub fn deploy_options_into(&self, out: &mut Vec<Action>) {
        let Phase::Deploy { placed } = self.phase else { return };
        let placed_tile = self.board.placed[placed as usize];
        let compiled = &self.def.tables.tiles[placed_tile.tile as usize];
        let supply = &self.players[self.current as usize].supply;
        for (local, feature) in compiled.features.iter().enumerate() {
            let node = placed_tile.node + local as u32;
            if self.features.root_figures(node) > 0 {
                continue;
            }
            for (f, figure) in self.def.figures.iter().enumerate().take(MAX_FIGURE_TYPES) {
                if supply[f] > 0 && figure.may_stand_on(feature.kind) {
                    out.push(Action::Deploy {
                        figure: f as u8,
                        feature: local as u8,
                    });
                }
            }
        }
        if self.has_barns {
            self.barn_options_into(placed, out);
        }
    }

    /// Every legal action now.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Place { tile } => {
                out.extend(self.legal_placements(tile).into_iter().map(|p| Action::Place {
                    x: p.x,
                    y: p.y,
                    rotation: p.rotation,
                }));
            }
            Phase::Deploy { .. } => {
                out.push(Action::Pass);
                self.deploy_options_into(&mut out);
            }
            Phase::Choose { may_draw, may_pass } => {
                if may_draw {
                    out.push(Action::Draw);
                }
                if may_pass {
                    out.push(Action::Pass);
                }
                self.held_placements_into(&mut out);
            }
            Phase::Over => {}
        }
        out
    }

    /// Applies an action, appending what happened to `events`. An illegal action changes nothing
    /// and returns an error.
    pub fn apply(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(ActionError::GameOver),
            (Phase::Place { tile }, Action::Place { x, y, rotation }) => {
                let fits = self
                    .board
                    .open_cell(i32::from(x), i32::from(y))
                    .map_or(0, |open| self.fits_of(tile).rotations(open));
                if rotation > 3 || fits & (1 << rotation) == 0 {
                    return Err(ActionError::IllegalPlacement { x, y, rotation });
                }
                let placed = self.place_tile(tile, x, y, rotation);
                events.push(Event::TilePlaced {
                    player: self.current,
                    tile,
                    x,
                    y,
                    rotation,
                });
                self.bury_under_hill(tile, events);
                self.phase = Phase::Deploy { placed };
                self.history.push(action);
                Ok(())
            }
            (Phase::Place { .. }, _) => Err(ActionError::WrongStep("place the drawn tile first")),
            (Phase::Choose { may_draw: true, .. }, Action::Draw) => {
                self.history.push(action);
                self.draw(events);
                Ok(())
            }
            (Phase::Choose { may_pass: true, .. }, Action::Pass) => {
                self.history.push(action);
                self.current = (self.current + 1) % self.players.len() as u8;
                self.begin_turn(events);
                Ok(())
            }
            (Phase::Choose { .. }, Action::PlaceHeld { tile, x, y, rotation }) => {
                let Some(slot) = self
                    .def
                    .held
                    .iter()
                    .position(|&(t, _)| t == tile)
                    .filter(|&i| i < MAX_HELD_TYPES)
                else {
                    return Err(ActionError::WrongStep("that tile is not one the players hold"));
                };
                if self.players[self.current as usize].held[slot] == 0 {
                    return Err(ActionError::WrongStep("you hold no such tile any more"));
                }
                let fits = self
                    .board
                    .open_cell(i32::from(x), i32::from(y))
                    .map_or(0, |open| self.fits_of(tile).rotations(open));
                if rotation > 3 || fits & (1 << rotation) == 0 {
                    return Err(ActionError::IllegalPlacement { x, y, rotation });
                }
                self.players[self.current as usize].held[slot] -= 1;
                let placed = self.place_tile(tile, x, y, rotation);
                events.push(Event::TilePlaced {
                    player: self.current,
                    tile,
                    x,
                    y,
                    rotation,
                });
                self.phase = Phase::Deploy { placed };
                self.history.push(action);
                Ok(())
            }
            (Phase::Choose { .. }, _) => Err(ActionError::WrongStep(
                "draw, place a tile you hold, or pass where allowed",
            )),
            (Phase::Deploy { placed }, Action::Deploy { figure, feature }) => {
                self.deploy(placed, figure, feature, events)?;
                self.history.push(action);
                self.end_turn(events);
                Ok(())
            }
            (Phase::Deploy { placed }, Action::DeployBarn { figure, corner }) => {
                self.deploy_barn(placed, figure, corner, events)?;
                self.history.push(action);
                self.end_turn(events);
                Ok(())
            }
            (Phase::Deploy { .. }, Action::Pass) => {
                self.history.push(action);
                self.end_turn(events);
                Ok(())
            }
            (Phase::Deploy { .. }, _) => Err(ActionError::WrongStep("the tile is placed: deploy a figure or pass")),
        }
    }

    fn deploy(&mut self, placed: u16, figure: u8, feature: u8, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let refuse = |why| Err(ActionError::IllegalDeployment { figure, feature, why });
        let placed_tile = self.board.placed[placed as usize];
        let compiled = &self.def.tables.tiles[placed_tile.tile as usize];
        let Some(kind) = compiled.features.get(feature as usize).map(|f| f.kind) else {
            return refuse("the tile has no such feature");
        };
        let Some(figure_type) = self
            .def
            .figures
            .get(figure as usize)
            .filter(|_| (figure as usize) < MAX_FIGURE_TYPES)
        else {
            return refuse("there is no such figure");
        };
        if !figure_type.may_stand_on(kind) {
            return refuse("this figure may not stand on this kind of feature");
        }
        if self.players[self.current as usize].supply[figure as usize] == 0 {
            return refuse("none left in supply");
        }
        let node = placed_tile.node + u32::from(feature);
        if self.features.figures(node) > 0 {
            return refuse("the feature is already occupied");
        }
        self.players[self.current as usize].supply[figure as usize] -= 1;
        self.features.add_figures(node, 1);
        self.figures.push(BoardFigure {
            player: self.current,
            figure,
            node,
        });
        events.push(Event::FigureDeployed {
            player: self.current,
            figure,
            tile: placed_tile.tile,
            x: placed_tile.x,
            y: placed_tile.y,
            feature,
        });
        Ok(())
    }

    /// Puts a tile on the table, joins its features to its neighbours', and records which
    /// features it completed. Returns the placed index.
    fn place_tile(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> u16 {
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
    fn find_completed_monasteries(&mut self, x: i16, y: i16) {
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
    fn surrounding_tiles(&self, x: i32, y: i32) -> u16 {
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

    /// Hills & Sheep: a hill tile is placed on top of the next tile of the pile, which leaves
    /// the game unseen (nothing when the hill tile was the last).
    fn bury_under_hill(&mut self, tile: u16, events: &mut Vec<Event>) {
        if self.def.tables.tiles[tile as usize].hill
            && self.def.mechanisms.contains(&Mechanism::Hills)
            && let Some(buried) = self.pile.pop()
        {
            self.under_hills += 1;
            events.push(Event::TileUnderHill { tile: buried });
        }
    }

    /// Tiles that went under hill tiles.
    pub fn under_hills(&self) -> u32 {
        self.under_hills
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let pending = std::mem::take(&mut self.pending);
        for &node in &pending {
            self.score_feature(node, true, events);
        }
        self.pending = pending;
        self.pending.clear();
        if let Phase::Deploy { placed } = self.phase
            && self.has_barns
        {
            self.score_barn_meetings(placed, events);
        }
        self.current = (self.current + 1) % self.players.len() as u8;
        self.begin_turn(events);
    }

    /// Starts the current player's turn: a choice when they may place a tile they hold, else a
    /// draw; once the pile is empty, the abbey end-game rule decides who may still play.
    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        if !self.pile.is_empty() {
            if self.can_place_held() {
                self.phase = Phase::Choose {
                    may_draw: true,
                    may_pass: false,
                };
            } else {
                self.draw(events);
            }
            return;
        }
        let players = self.players.len() as u8;
        match self.def.rules.switches.abbey_endgame {
            AbbeyEndgame::None => {}
            AbbeyEndgame::FinalRound => {
                // One chance each, from the player after the one who placed the last land tile.
                let mut left = *self.endgame_left.get_or_insert(players);
                while left > 0 {
                    left -= 1;
                    self.endgame_left = Some(left);
                    if self.can_place_held() {
                        self.phase = Phase::Choose {
                            may_draw: false,
                            may_pass: true,
                        };
                        return;
                    }
                    self.current = (self.current + 1) % players;
                }
            }
            AbbeyEndgame::UntilNoneCan => {
                // Play goes on while anyone can place; a player who can must.
                for _ in 0..players {
                    if self.can_place_held() {
                        self.phase = Phase::Choose {
                            may_draw: false,
                            may_pass: false,
                        };
                        return;
                    }
                    self.current = (self.current + 1) % players;
                }
            }
        }
        self.finish(events);
    }

    /// Whether the current player holds a tile that fits somewhere now.
    fn can_place_held(&self) -> bool {
        let held = &self.players[self.current as usize].held;
        self.def
            .held
            .iter()
            .take(MAX_HELD_TYPES)
            .enumerate()
            .any(|(i, &(tile, _))| held[i] > 0 && self.count_placements(tile) > 0)
    }

    /// Placements of the tiles the current player holds, appended to `out`.
    fn held_placements_into(&self, out: &mut Vec<Action>) {
        let held = self.players[self.current as usize].held;
        for (i, &(tile, _)) in self.def.held.iter().take(MAX_HELD_TYPES).enumerate() {
            if held[i] > 0 {
                let fits = self.fits_of(tile);
                for open in &self.board.frontier {
                    let mut rotations = fits.rotations(open);
                    while rotations != 0 {
                        let rotation = rotations.trailing_zeros() as u8;
                        rotations &= rotations - 1;
                        out.push(Action::PlaceHeld {
                            tile,
                            x: open.x,
                            y: open.y,
                            rotation,
                        });
                    }
                }
            }
        }
    }

    /// Final scoring (unless switched off for a hand-built position), then the game is over.
    fn finish(&mut self, events: &mut Vec<Event>) {
        if self.final_scoring {
            self.score_end(events);
        }
        self.phase = Phase::Over;
        events.push(Event::GameOver);
    }

    /// Draws until a tile fits somewhere; at the end of the pile, goes on to the end game.
    fn draw(&mut self, events: &mut Vec<Event>) {
        while let Some(tile) = self.pile.pop() {
            let placements = self.count_placements(tile);
            if placements > 0 {
                self.placements = placements as u32;
                self.phase = Phase::Place { tile };
                return;
            }
            self.discarded += 1;
            events.push(Event::TileDiscarded { tile });
        }
        self.begin_turn(events);
    }

    /// Completed features on the table: roads and cities with no open edge, and monasteries
    /// with eight neighbours (each once).
    pub fn completed_features(&self) -> usize {
        let mut roots = Vec::new();
        let mut monasteries = 0;
        for (i, placed) in self.board.placed.iter().enumerate() {
            let compiled = &self.def.tables.tiles[placed.tile as usize];
            for (local, feature) in compiled.features.iter().enumerate() {
                let node = self.node(i, local as u8);
                match feature.kind {
                    FeatureKind::City | FeatureKind::Road if self.is_complete(node) => {
                        roots.push(self.features.root(node))
                    }
                    FeatureKind::Monastery if self.surrounding_tiles(i32::from(placed.x), i32::from(placed.y)) == 8 => {
                        monasteries += 1
                    }
                    _ => {}
                }
            }
        }
        roots.sort_unstable();
        roots.dedup();
        roots.len() + monasteries
    }

    /// Figures of `player` in supply plus on the table, by figure type (for invariant checks).
    pub fn figures_accounted(&self, player: u8) -> [u8; MAX_FIGURE_TYPES] {
        let mut total = self.players[player as usize].supply;
        for f in self.figures.iter().filter(|f| f.player == player) {
            total[f.figure as usize] += 1;
        }
        total
    }

    /// The role of figure type `figure`.
    fn role(&self, figure: u8) -> Role {
        self.def.figures[figure as usize].role
    }
}
