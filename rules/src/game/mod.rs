//! Playing a game: the state, legal actions, applying them, and the events they cause.
//!
//! A [`Game`] shares its fixed part ([`GameDef`]: compiled tiles, rules, figure types) through an
//! `Arc`, so cloning a state copies only what changes during play. A turn goes through the
//! steps of [`Phase`]: placing the drawn tile ([`Phase::Place`]), deploying a figure or passing
//! ([`Phase::Deploy`]); then the placement's completed features are scored. A drawn tile that
//! fits nowhere is discarded and another drawn. After the last tile, final scoring. The
//! expansions' mechanisms (`mechanisms/`) act through hooks at these steps (`turn.rs` lists
//! them), and play the phases of their own choices.

mod action;
mod board;
mod deploy;
mod event_text;
mod features;
mod gathered;
mod happening;
pub mod mechanisms;
mod placement;
mod play;
mod record;
mod rng;
mod scoring;
mod scratch;
mod setup;
mod step;
mod table;
mod turn;
mod values;
mod written;

use std::sync::Arc;

pub use action::{
    Action, ActionError, COLOURS, Event, FeatureScore, NO_NODE, Phase, Players, Reason, action_key, colour,
};
pub use board::{Board, NO_NEIGHBOUR, Neighbours, OpenCell, PlacedTile};
pub use event_text::event_text;
pub use features::Features;
pub use happening::{Award, EventWords, FigureMove, Happening, NO_MECHANISM, Noun, ReasonWords, Slot, Tally};
use mechanisms::Flow;
pub use mechanisms::{MechanismSet, Mechanisms};
pub use placement::{Clash, Placement};
pub use play::Play;
pub use record::{GameRecord, MAX_RECORD_BYTES, RECORD_FORMAT, RecordError, RecordPlaces, ReplayError};
pub use rng::Rng;
use scratch::Scratch;
use setup::FigureMasks;
pub use setup::kind_bit;
pub use setup::{
    DisplayNames, EditionFrom, FigureType, Files, GameDef, GameFiles, MarkPoints, MarkType, NamedOnce,
    PrintedTokenType, SetRef, SetupError, TokensOn, content_hash, played_hash, set_id,
};
pub use step::{Step, Takes, Words};
pub use table::{FeatureAt, FigureIndex, Seat};

use crate::limits::MAX_PLAYERS;
pub use crate::limits::{FigureTypes, MAX_FIGURE_TYPES, MAX_HELD_TYPES, MAX_LAID_REACH, MAX_TILES};
use crate::model::FeatureKind;

/// One part of a feature: a feature of one placed tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeaturePart {
    /// The feature node of the part.
    pub node: u32,
    /// Index of the placed tile, in the order tiles were placed (the start tile is 0).
    pub placed: u16,
    /// Compiled tile index.
    pub tile: u16,
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Local feature index on that tile.
    pub local: u8,
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

/// A figure a mechanism shows at a corner of a tile rather than on its feature (a barn, at
/// the corner it was placed on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CornerFigure {
    /// The figure, on the feature node it stands on.
    pub figure: BoardFigure,
    /// Column of the tile.
    pub x: i16,
    /// Row of the tile.
    pub y: i16,
    /// The corner of the tile, clockwise from north-west (0).
    pub corner: u8,
}

/// A figure no player owns, standing on a tile (the dragon), as a mechanism shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NeutralFigure {
    /// Column of the tile.
    pub x: i16,
    /// Row of the tile.
    pub y: i16,
    /// The name of its picture, as readers draw it (`"dragon"`).
    pub look: &'static str,
}

/// A player's score and supply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerState {
    /// Points so far (64 bits: every award fits 32, but a game of many tiles has many).
    pub score: u64,
    /// Figures in supply, by figure type.
    pub supply: [u8; MAX_FIGURE_TYPES],
}

impl PlayerState {
    /// No points, every figure the rules give.
    fn initial(def: &GameDef) -> PlayerState {
        let mut supply = [0u8; MAX_FIGURE_TYPES];
        for (i, f) in def.figures.iter().take(MAX_FIGURE_TYPES).enumerate() {
            supply[i] = f.count;
        }
        PlayerState { score: 0, supply }
    }
}

/// The state of one game.
///
/// The core of a game (table, figures, players, pile, turn) lives here; each mechanism of the
/// expansions keeps its own state in its own module, all held in [`Mechanisms`], and the
/// buffers reused by placement and scoring are in `scratch.rs`. Each step of a turn has its module (`turn.rs` lists them and the hooks where
/// mechanisms act: `placement.rs`, `deploy.rs`, `scoring.rs`, ...); tables built by hand are
/// in `table.rs`.
///
/// Cloning copies only what changes during play; `clone_from` copies into the target's
/// buffers, so a search that copies a position per iteration allocates nothing once warm.
#[derive(Debug)]
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
    /// Monasteries not yet surrounded: position and feature node.
    monasteries: Vec<(i16, i16, u32)>,
    /// The figure types as masks, worked out from `def` once.
    masks: FigureMasks,
    mechanisms: Mechanisms,
    scratch: Scratch,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        // Every field is named, so that a new one cannot be forgotten here.
        let Game {
            def,
            board,
            features,
            figures,
            players,
            pile,
            discarded,
            current,
            phase,
            pending,
            history,
            seed,
            final_scoring,
            monasteries,
            masks,
            mechanisms,
            scratch,
        } = self;
        Game {
            def: Arc::clone(def),
            board: board.clone(),
            features: features.clone(),
            figures: figures.clone(),
            players: players.clone(),
            pile: pile.clone(),
            discarded: *discarded,
            current: *current,
            phase: *phase,
            pending: pending.clone(),
            history: history.clone(),
            seed: *seed,
            final_scoring: *final_scoring,
            monasteries: monasteries.clone(),
            masks: *masks,
            mechanisms: mechanisms.clone(),
            scratch: scratch.clone(),
        }
    }

    fn clone_from(&mut self, source: &Game) {
        let Game {
            def,
            board,
            features,
            figures,
            players,
            pile,
            discarded,
            current,
            phase,
            pending,
            history,
            seed,
            final_scoring,
            monasteries,
            masks,
            mechanisms,
            scratch,
        } = source;
        // The same rules, as in a search's copies, keep their count: threads copying positions
        // of one game would otherwise all write the rules' shared reference count.
        if !Arc::ptr_eq(&self.def, def) {
            self.def = Arc::clone(def);
        }
        self.board.clone_from(board);
        self.features.clone_from(features);
        self.figures.clone_from(figures);
        self.players.clone_from(players);
        self.pile.clone_from(pile);
        (self.discarded, self.current, self.phase) = (*discarded, *current, *phase);
        self.pending.clone_from(pending);
        self.history.clone_from(history);
        (self.seed, self.final_scoring, self.masks) = (*seed, *final_scoring, *masks);
        self.monasteries.clone_from(monasteries);
        self.mechanisms.clone_from(mechanisms);
        self.scratch.clone_from(scratch);
    }
}

impl Game {
    /// A new game: the start tile on the table, the pile shuffled by `seed`, the first player
    /// holding a drawn tile.
    pub fn new(def: Arc<GameDef>, players: u8, seed: u64) -> Result<Game, SetupError> {
        Game::new_with_events(def, players, seed, &mut Vec::new())
    }

    /// [`Game::new`], appending to `events` what the deal did: the first draw discards the
    /// tiles that fit nowhere, before any action, so only this way are they seen.
    pub fn new_with_events(
        def: Arc<GameDef>,
        players: u8,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<Game, SetupError> {
        let mut game = Game::blank(def, players)?;
        game.deal(seed, events);
        Ok(game)
    }

    /// Starts a new game like [`Game::new`] with the same rules and players and another seed,
    /// reusing this game's memory: the fast way to play many games in a row.
    pub fn restart(&mut self, seed: u64) {
        // Nothing is pushed unless the first draw discards a tile: no allocation otherwise.
        self.restart_with_events(seed, &mut Vec::new());
    }

    /// [`Game::restart`], appending to `events` the discards of the first draw, as
    /// [`Game::new_with_events`] does.
    pub fn restart_with_events(&mut self, seed: u64, events: &mut Vec<Event>) {
        // Every field is named, so that a new one cannot be forgotten here.
        let Game {
            def,
            board,
            features,
            figures,
            players,
            pile,
            discarded,
            current,
            phase,
            pending,
            history,
            seed: _,
            final_scoring,
            monasteries,
            masks: _,
            mechanisms,
            scratch,
        } = self;
        board.clear();
        features.clear();
        figures.clear();
        players.fill(PlayerState::initial(def));
        pile.clear();
        (*discarded, *current, *phase, *final_scoring) = (0, 0, Phase::Over, false);
        pending.clear();
        history.clear();
        monasteries.clear();
        mechanisms.restart(def);
        scratch.clear();
        self.deal(seed, events);
    }

    /// Lays the start tile, shuffles the pile by `seed` and starts the first turn (its draw's
    /// discards go to `events`).
    fn deal(&mut self, seed: u64, events: &mut Vec<Event>) {
        self.seed = seed;
        self.mechanisms.dealt(seed);
        self.place_tile(self.def.start, 0, 0, 0);
        self.pending.clear();
        self.pile.clone_from(&self.def.pile);
        shuffle_runs(&mut Rng::new(seed), &mut self.pile, &self.def.pile_runs);
        self.final_scoring = true;
        self.begin_turn(events);
    }

    /// A game of `players` with nothing on the table and no pile, not started: what
    /// [`Game::new`] deals into and [`Game::empty`] hands out to build a table by hand.
    fn blank(def: Arc<GameDef>, players: u8) -> Result<Game, SetupError> {
        if !(2..=MAX_PLAYERS).contains(&usize::from(players)) {
            return Err(SetupError::Players(players));
        }
        Ok(Game {
            board: Board::new(def.tables.signature_base()),
            features: Features::with_capacity(def.pile.len() * 6 + 16),
            figures: Vec::new(),
            players: vec![PlayerState::initial(&def); players as usize],
            pile: Vec::new(),
            discarded: 0,
            current: 0,
            phase: Phase::Over,
            pending: Vec::new(),
            history: Vec::with_capacity(2 * def.pile.len() + 8),
            seed: 0,
            final_scoring: false,
            monasteries: Vec::new(),
            masks: FigureMasks::new(&def.figures),
            mechanisms: Mechanisms::new(&def),
            scratch: Scratch::default(),
            def,
        })
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
    pub fn scores(&self) -> Vec<u64> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// Whose turn it is.
    pub fn current_player(&self) -> u8 {
        self.current
    }

    /// The player who decides the next action: the one the phase names, if it names one (not
    /// always the current player: [`Phase::decider`]), else the current player; nobody once the
    /// game is over.
    pub fn to_move(&self) -> Option<u8> {
        match self.phase {
            Phase::Over => None,
            phase => Some(phase.decider().unwrap_or(self.current)),
        }
    }

    /// The mechanisms of the expansions: which are in play, and each one's state.
    pub fn mechanisms(&self) -> &Mechanisms {
        &self.mechanisms
    }

    /// Makes what no player can know unforeseeable from this state: the order of the pile
    /// and the bag's coming draws are drawn anew from `rng`. What the players know stays: the
    /// drawn tile, the tiles left (but not their order), the tokens in the bag, and draws
    /// fixed for a hand-built position. A search clones a game and determinizes the clone
    /// before looking ahead, so that the clone cannot see the future the game will have.
    pub fn determinize(&mut self, rng: &mut Rng) {
        shuffle_runs(rng, &mut self.pile, &self.def.pile_runs);
        self.mechanisms.determinize(rng);
    }

    /// Keeps only the next `tiles` tiles of the pile, as if the rest had not been dealt: the
    /// game ends after at most that many more draws. A search cuts its determinized copies
    /// short this way, so that a playout looks a fixed number of tiles ahead.
    pub fn truncate_pile(&mut self, tiles: usize) {
        // The pile is drawn from its end.
        let dropped = self.pile.len().saturating_sub(tiles);
        self.pile.drain(..dropped);
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

    /// The feature node of local feature `feature` on placed tile `placed`, if there is such
    /// a tile and feature.
    pub fn node(&self, placed: usize, feature: u8) -> Option<u32> {
        let tile = self.board.placed.get(placed)?;
        let features = self.def.tables.tiles[tile.tile as usize].features.len();
        (usize::from(feature) < features).then(|| self.node_of(placed, feature))
    }

    /// [`Game::node`] for a placed tile and feature known to exist.
    pub(super) fn node_of(&self, placed: usize, feature: u8) -> u32 {
        self.board.placed[placed].node + u32::from(feature)
    }

    /// The node standing for the whole feature `node` belongs to (equal for joined features),
    /// if there is such a node.
    pub fn feature_root(&self, node: u32) -> Option<u32> {
        ((node as usize) < self.features.len()).then(|| self.features.root(node))
    }

    /// Where the whole feature of `node` lies: the column, row and local feature index of its
    /// part on each tile, one entry per part (none for no such node).
    pub fn feature_places(&self, node: u32) -> Vec<(i16, i16, u8)> {
        self.feature_parts(node)
            .map(|part| (part.x, part.y, part.local))
            .collect()
    }

    /// The parts of the whole feature of `node`, one per feature of a placed tile, starting
    /// from its root and in a fixed order (none for no such node): [`Game::feature_places`]
    /// without allocating.
    pub fn feature_parts(&self, node: u32) -> impl Iterator<Item = FeaturePart> + '_ {
        let root = self.feature_root(node);
        root.into_iter()
            .flat_map(|root| self.features.members(root))
            .map(|member| self.part_of(member))
    }

    /// The part of a feature that node `node` is (none for no such node).
    pub fn part(&self, node: u32) -> Option<FeaturePart> {
        ((node as usize) < self.features.len()).then(|| self.part_of(node))
    }

    /// The part feature node `id` is.
    #[inline]
    fn part_of(&self, id: u32) -> FeaturePart {
        let node = self.features.node(id);
        let tile = &self.board.placed[node.placed as usize];
        FeaturePart {
            node: id,
            placed: node.placed,
            tile: tile.tile,
            x: tile.x,
            y: tile.y,
            local: node.local,
        }
    }

    /// The number of parts of the whole feature of `node` ([`Game::feature_parts`]), without
    /// walking them (0 for no such node).
    pub fn feature_size(&self, node: u32) -> usize {
        if (node as usize) >= self.features.len() {
            return 0;
        }
        self.features
            .size_of(node)
            .unwrap_or_else(|| self.features.members(node).count())
    }

    /// Every feature on the table once: its root node and kind.
    pub fn features_on_table(&self) -> impl Iterator<Item = (u32, FeatureKind)> + '_ {
        self.features.roots()
    }

    /// The feature node of local feature `feature` on the tile at `(x, y)`, if there are such
    /// a tile and feature.
    pub fn node_at(&self, x: i16, y: i16, feature: u8) -> Option<u32> {
        self.node(self.board.at(i32::from(x), i32::from(y))?, feature)
    }

    /// The kind of the feature of `node`, if there is such a node.
    pub fn kind_at(&self, node: u32) -> Option<FeatureKind> {
        ((node as usize) < self.features.len()).then(|| self.features.node(node).kind)
    }

    /// Whether the feature of `node` is finished: a road or city with no open edge, a
    /// monastery or garden with every tile around it placed (a field never is). Where a
    /// figure may move or be deployed away from the tile just placed (a wagon, a portal), an
    /// unfinished feature.
    pub(in crate::game) fn is_finished(&self, node: u32) -> bool {
        let part = self.features.node(node);
        match part.kind {
            FeatureKind::Road | FeatureKind::City => self.features.open_of(node) == 0,
            FeatureKind::Monastery | FeatureKind::Garden => {
                let tile = self.board.placed[usize::from(part.placed)];
                self.surrounding_tiles(i32::from(tile.x), i32::from(tile.y)) == 8
            }
            FeatureKind::Field => false,
        }
    }

    /// Whether the feature of `node` is a complete road or city (false for no such node).
    pub fn is_complete(&self, node: u32) -> bool {
        (node as usize) < self.features.len() && self.features.open_of(node) == 0
    }

    /// Every legal action now.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Every legal action now, appended to `out` (no allocation when `out` has room).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Place { tile } => {
                self.each_placement(tile, |p| {
                    out.push(Action::Place {
                        x: p.x,
                        y: p.y,
                        rotation: p.rotation,
                    })
                });
            }
            Phase::Deploy { .. } => {
                out.push(Action::Pass);
                self.deploy_options_into(out);
            }
            Phase::Over => {}
            // A phase of a mechanism's own: its hook lists the choices.
            _ => self.mechanisms_legal_actions(out),
        }
    }

    /// Applies an action, appending what happened to `events`. An illegal action changes nothing
    /// and returns an error.
    pub fn apply(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), ActionError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(ActionError::GameOver),
            (Phase::Place { tile }, Action::Place { x, y, rotation }) => {
                if !self.fits_at(tile, x, y, rotation) {
                    return Err(ActionError::IllegalPlacement { x, y, rotation });
                }
                self.place_drawn(tile, Placement { x, y, rotation }, events);
                Ok(())
            }
            (Phase::Place { .. }, _) => Err(ActionError::WrongStep("place the drawn tile first")),
            (Phase::Deploy { placed }, Action::Deploy { figure, feature }) => {
                self.deploy(placed, figure, feature, events)?;
                self.history.push(action);
                self.end_turn(events);
                Ok(())
            }
            (Phase::Deploy { .. }, Action::Pass) => {
                self.history.push(action);
                self.end_turn(events);
                Ok(())
            }
            // A mechanism's own deployment, or a phase of its own: its hook applies it.
            (phase, _) => self
                .mechanisms_apply(action, events)
                .unwrap_or(Err(ActionError::WrongStep(match phase {
                    Phase::Deploy { .. } => "the tile is placed: deploy a figure or pass",
                    _ => "that action has no place in this step",
                }))),
        }
    }

    /// Completed features on the table: roads and cities with no open edge, and monasteries
    /// with eight neighbours (each once).
    pub fn completed_features(&self) -> usize {
        let mut roots = Vec::new();
        let mut monasteries = 0;
        for (i, placed) in self.board.placed.iter().enumerate() {
            let compiled = &self.def.tables.tiles[placed.tile as usize];
            for (local, feature) in compiled.features.iter().enumerate() {
                let node = self.node_of(i, local as u8);
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

    /// Figures of `player` in supply, on the table, or held aside by a mechanism (a wagon
    /// waiting to move), by figure type (for invariant checks).
    pub fn figures_accounted(&self, player: u8) -> [u8; MAX_FIGURE_TYPES] {
        let mut total = self.players[player as usize].supply;
        for f in self.figures.iter().filter(|f| f.player == player) {
            total[f.figure as usize] += 1;
        }
        self.mechanisms.figures_aside(player, &mut total);
        total
    }
}

/// Shuffles each run of `pile` on its own (`ends`: where each run of the dealt pile ends). The
/// pile is drawn from its end, so what is left of it is the dealt pile's first `pile.len()`
/// tiles, and each run is cut to that. One run (no deal groups) is one shuffle of the pile.
fn shuffle_runs(rng: &mut Rng, pile: &mut [u16], ends: &[usize]) {
    if ends.len() <= 1 {
        rng.shuffle(pile);
        return;
    }
    let mut from = 0;
    for &end in ends {
        let end = end.min(pile.len());
        rng.shuffle(&mut pile[from..end]);
        from = end;
    }
    if from < pile.len() {
        rng.shuffle(&mut pile[from..]);
    }
}
