//! Tables built by hand, for scenarios and tests: an empty table, tiles laid where they fit,
//! figures put on features, then play started with a chosen pile and first player.
//!
//! The positions here are named by the small types below rather than bare integers, so that
//! a seat, a figure type and a feature's place cannot be passed in each other's stead. Actions,
//! events and records keep their plain numbers.

use std::sync::Arc;

use super::mechanisms::Arrival;
use super::{
    ActionError, BoardFigure, Event, Game, GameDef, MAX_FIGURE_TYPES, MAX_LAID_REACH, MAX_TILES, SetupError, kind_bit,
};

/// A player by seat: 0 is the first seat (red), then in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seat(pub u8);

/// A figure type by its index in [`GameDef::figures`], as [`GameDef::figure_index`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FigureIndex(pub u8);

/// A feature on the table: the feature with local index `feature` (as
/// [`crate::compile::CompiledTile::feature_index`] finds it) of the tile at column `x`, row `y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FeatureAt {
    /// Column of the tile.
    pub x: i16,
    /// Row of the tile.
    pub y: i16,
    /// Local feature index on that tile.
    pub feature: u8,
}

impl Game {
    /// An empty table with no pile, for building positions by hand (scenarios, tests): lay
    /// tiles with [`Game::lay`], put figures with [`Game::put_figure`], then [`Game::start`].
    pub fn empty(def: Arc<GameDef>, players: u8) -> Result<Game, SetupError> {
        Game::blank(def, players)
    }

    /// Lays a tile on a hand-built table without scoring; it must fit its neighbours.
    pub fn lay(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> Result<u16, ActionError> {
        if !self.has_tile(tile) || rotation > 3 {
            return Err(ActionError::WrongStep("there is no such tile or rotation"));
        }
        if x.unsigned_abs().max(y.unsigned_abs()) > MAX_LAID_REACH {
            return Err(ActionError::WrongStep(
                "a hand-built table reaches at most 1,000 cells from (0, 0)",
            ));
        }
        if self.board.placed.len() >= MAX_TILES {
            return Err(ActionError::WrongStep("a table holds at most 10,000 tiles"));
        }
        if self.neighbours_fitting(tile, x, y, rotation).is_none() {
            return Err(ActionError::IllegalPlacement { x, y, rotation });
        }
        let index = self.place_tile(tile, x, y, rotation);
        self.pending.clear();
        Ok(index)
    }

    /// Puts a figure of type `figure` from the supply of the player at `seat` on the feature
    /// `at` of a hand-built table.
    pub fn put_figure(&mut self, seat: Seat, figure: FigureIndex, at: FeatureAt) -> Result<(), ActionError> {
        let (Seat(player), FigureIndex(figure), FeatureAt { x, y, feature }) = (seat, figure, at);
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
        // Every figure where its type may stand once on the table (a barn on a field).
        let kind = tile.features[feature as usize].kind;
        let misplaced = |f: &super::FigureType| f.stands_on_kinds() & kind_bit(kind) == 0;
        if usize::from(figure) < MAX_FIGURE_TYPES && self.def.figures.get(figure as usize).is_some_and(misplaced) {
            return Err(refuse("this figure may not stand on this kind of feature"));
        }
        let supply = self
            .players
            .get_mut(player as usize)
            .and_then(|p| p.supply.get_mut(figure as usize))
            .ok_or(refuse("no such player or figure"))?;
        if *supply == 0 {
            return Err(refuse("none left in supply"));
        }
        // A mechanism's own figure goes where the mechanism says (a shepherd, onto a field
        // without one); others stand wherever a table built by hand puts them.
        if self.mechanisms.owned & 1 << figure != 0
            && let Some(why) = self.own_figure_refused(player, figure, node)
        {
            return Err(refuse(why));
        }
        self.players[player as usize].supply[figure as usize] -= 1;
        let figure = BoardFigure { player, figure, node };
        self.stand(figure);
        self.figure_arrives(figure, Arrival::Laid, &mut Vec::new());
        Ok(())
    }

    /// Starts play on a hand-built table: `pile` is drawn from the end, `first` moves first,
    /// and `final_scoring` says whether the game scores the end when the pile runs out. A pile
    /// with a tile the game does not have is refused.
    pub fn start(
        &mut self,
        pile: Vec<u16>,
        first: Seat,
        final_scoring: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
        if !pile.iter().all(|&tile| self.has_tile(tile)) {
            return Err(ActionError::WrongStep("the pile holds a tile that is not in the game"));
        }
        if self.board.placed.len() + pile.len() > MAX_TILES {
            return Err(ActionError::WrongStep("a table holds at most 10,000 tiles"));
        }
        self.pile = pile;
        self.pile.reverse();
        self.current = first.0 % self.players.len() as u8;
        self.final_scoring = final_scoring;
        self.begin_turn(events);
        Ok(())
    }
}
