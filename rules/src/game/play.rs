//! What a mechanism's hooks may read and change of a game: [`Play`].
//!
//! The hooks that change the game get a `Play` of their own mechanism rather than the game
//! itself. It reads the whole game (it dereferences to [`Game`], read-only), changes the
//! mechanism's own state ([`Play::own_mut`]) and no other mechanism's, and changes the core
//! only through the steps below, each one the core's own: scoring, sending a figure home,
//! setting the phase a decision waits in, going on with the turn. Its one field is private to
//! this module, so a mechanism's module cannot reach past it.

use std::marker::PhantomData;
use std::ops::Deref;

use super::mechanisms::Registered;
use super::{
    Action, ActionError, BoardFigure, Event, FeatureAt, FeatureScore, FigureIndex, Game, Phase, Players, Reason, Rng,
    Seat,
};

/// A game as mechanism `M`'s hooks may change it (see the module's documentation).
pub struct Play<'g, M> {
    game: &'g mut Game,
    mechanism: PhantomData<fn() -> M>,
}

impl<'g, M: Registered> Play<'g, M> {
    /// Mechanism `M`'s hold on `game`: for the dispatchers, and for the set-up of a
    /// hand-built table.
    #[inline(always)]
    pub(in crate::game) fn new(game: &'g mut Game) -> Play<'g, M> {
        Play {
            game,
            mechanism: PhantomData,
        }
    }

    /// The mechanism's own state.
    #[inline(always)]
    pub fn own(&self) -> &M {
        M::state(&self.game.mechanisms)
    }

    /// The mechanism's own state, to change.
    #[inline(always)]
    pub fn own_mut(&mut self) -> &mut M {
        M::state_mut(&mut self.game.mechanisms)
    }

    /// Play waits in `phase`: one of the mechanism's own decisions (`Phase::decide`), a
    /// choice before the draw ([`Phase::Choose`]), or deployment on a tile it placed itself.
    #[inline]
    pub fn set_phase(&mut self, phase: Phase) {
        self.game.phase = phase;
    }

    /// Records `action`, one of its own that it just applied, in the history.
    #[inline]
    pub fn record(&mut self, action: Action) {
        self.game.history.push(action);
    }

    /// After the mechanism waited at the turn's start: the turn goes on to its draw (the
    /// turn-start hooks of the mechanisms registered after it first).
    #[inline]
    pub fn resume_turn(&mut self, events: &mut Vec<Event>) {
        self.game.begin_turn_from(M::INDEX + 1, events);
    }

    /// After the mechanism's decision in the scoring step, with nothing more to wait for this
    /// turn: the after-scoring hooks of the mechanisms registered after it, then the next turn.
    #[inline]
    pub fn resume_after_scoring(&mut self, events: &mut Vec<Event>) {
        self.game.after_scoring(M::INDEX + 1, events);
    }

    /// After the mechanism's decision before the scoring step, with nothing more to wait for:
    /// the before-scoring hooks of the mechanisms registered after it, then the scoring step.
    #[inline]
    pub fn resume_before_scoring(&mut self, events: &mut Vec<Event>) {
        self.game.before_scoring(M::INDEX + 1, events);
    }

    /// After a deployment of its own: the turn goes on to its scoring step.
    pub fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.game.end_turn(events);
    }

    /// Play passes on to the next turn (a player who passes).
    pub fn next_turn(&mut self, events: &mut Vec<Event>) {
        self.game.next_turn(events);
    }

    /// The next seat becomes the current player, no turn begun.
    pub fn pass_to_next_player(&mut self) {
        self.game.pass_to_next_player();
    }

    /// Places `tile` at `(x, y)` turned `rotation` (it fits there), joining its features:
    /// returns its index among the placed tiles. The mechanism says so and sets the phase.
    pub fn place_tile(&mut self, tile: u16, x: i16, y: i16, rotation: u8) -> u16 {
        self.game.place_tile(tile, x, y, rotation)
    }

    /// Takes the next tile off the pile, if any is left.
    pub fn take_next_tile(&mut self) -> Option<u16> {
        self.game.pile.pop()
    }

    /// Puts `tiles`, which the mechanism set aside when they were drawn, back into the pile,
    /// each at a place drawn from `rng` (the mechanism's own random state).
    pub fn shuffle_into_pile(&mut self, tiles: &[u16], rng: &mut Rng) {
        for &tile in tiles {
            let at = rng.below(self.game.pile.len() + 1);
            self.game.pile.insert(at, tile);
        }
    }

    /// What the feature of `node` would score at the end of the game, and what for (none for
    /// a field).
    pub fn end_points(&mut self, node: u32) -> Option<(u32, FeatureScore)> {
        let root = self.game.features.root(node);
        self.game.feature_points(node, root, false)
    }

    /// Adds `points` to every player of `winners` for `reason`, naming feature node `node`.
    pub fn award(&mut self, winners: Players, points: u32, reason: Reason, node: u32, events: &mut Vec<Event>) {
        self.game.award(winners, points, reason, node, events);
    }

    /// Scores a field's `points` for `reason` to its majority `winners` (its figures
    /// gathered), with the mechanisms' bonuses for the field.
    pub fn award_field(&mut self, winners: Players, points: u32, reason: Reason, node: u32, events: &mut Vec<Event>) {
        self.game.award_field(winners, points, reason, node, events);
    }

    /// Notes the figures standing on a feature whose root `wanted` accepts, for
    /// [`Play::majority`] and [`Play::send_gathered_home`].
    pub fn gather_figures(&mut self, wanted: impl Fn(u32) -> bool) {
        self.game.gather_figures(wanted);
    }

    /// The players with the greatest strength among the gathered figures (ties broken by the
    /// mechanisms).
    pub fn majority(&mut self) -> Players {
        self.game.majority()
    }

    /// A figure's weight in a majority on the feature of its node (0: it counts as no figure).
    pub fn strength_of(&mut self, figure: u8, node: u32) -> u32 {
        self.game.strength_of(figure, node)
    }

    /// The completed cities bordering the field of `root`, each counted once.
    pub fn completed_cities(&mut self, root: u32) -> u32 {
        self.game.completed_cities(root)
    }

    /// Takes the figure at `index` among the table's ([`Game::figures`]) off the table,
    /// without sending it anywhere.
    pub fn lift_figure(&mut self, index: usize) -> BoardFigure {
        let figure = self.game.figures.remove(index);
        if self.game.is_follower(figure.figure) {
            self.game.features.add_figures(figure.node, -1);
        }
        figure
    }

    /// Puts `figure` onto the feature of its node (a figure the mechanism held off the table).
    pub fn stand(&mut self, figure: BoardFigure) {
        self.game.stand(figure);
    }

    /// Takes a figure of type `figure` from the current player's supply (the mechanism
    /// deploys it itself).
    pub fn take_from_supply(&mut self, figure: u8) {
        let current = usize::from(self.game.current);
        self.game.players[current].supply[usize::from(figure)] -= 1;
    }

    /// Takes the gathered figures (with `followers_only`, the followers) off the table and
    /// sends them home.
    pub fn send_gathered_home(&mut self, followers_only: bool, events: &mut Vec<Event>) {
        self.game.take_off(followers_only, false, events);
    }

    /// Puts a figure that stood on `node` back in its owner's supply, and says so.
    pub fn back_to_supply(&mut self, player: u8, figure: u8, node: u32, events: &mut Vec<Event>) {
        self.game.back_to_supply(player, figure, node, events);
    }

    /// Deploys figure type `figure` from the current player's supply onto local feature
    /// `feature` of placed tile `placed`, anywhere on the table (a portal), if the common rule
    /// or the figure's mechanism allows it there now; refused with the game unchanged if not.
    pub fn deploy(&mut self, placed: u16, figure: u8, feature: u8, events: &mut Vec<Event>) -> Result<(), ActionError> {
        self.game.deploy(placed, figure, feature, events)
    }

    /// Puts a figure on a hand-built table ([`Game::put_figure`]).
    pub fn put_figure(&mut self, seat: Seat, figure: FigureIndex, at: FeatureAt) -> Result<(), ActionError> {
        self.game.put_figure(seat, figure, at)
    }
}

impl<M> Deref for Play<'_, M> {
    type Target = Game;

    /// The whole game, to read.
    #[inline(always)]
    fn deref(&self) -> &Game {
        self.game
    }
}
