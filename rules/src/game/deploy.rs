//! Deploying a figure on the tile just placed: the choices open (which figure types in supply
//! may stand on which feature, and which features are closed to them), checking and applying
//! a deployment, the random policy's deployment, and [`Game::stand`], through which every
//! figure gets onto the table (from supply, a hand-built table, or a figure a mechanism moves).
//!
//! Mechanisms act here through their hooks: deployments of their own (`deploy_options`), where
//! their own figure types may go (`deploy_own`), features they close to the others (`closes`),
//! and their figures' arrival (`figure_arrives`).

use super::mechanisms::Arrival;
use super::{Action, ActionError, BoardFigure, Event, FigureTypes, Game, MAX_FIGURE_TYPES, Phase, Rng};
use crate::model::FeatureKind;

impl Game {
    /// Deployments open to the current player on the tile just placed (`Pass` not included),
    /// appended to `out`: for each feature, the figure types in supply that may stand on its
    /// kind, in figure-type order, then the mechanisms' deployments of their own.
    pub fn deploy_options_into(&self, out: &mut Vec<Action>) {
        if let Phase::Deploy { placed } = self.phase {
            self.deploy_options_on(placed, out);
        }
    }

    /// [`Game::deploy_options_into`] on placed tile `placed`.
    #[inline]
    fn deploy_options_on(&self, placed: u16, out: &mut Vec<Action>) {
        let in_supply = self.in_supply();
        // Late in a game a player often has no figure left: nothing to look at then.
        if in_supply != 0 {
            self.deployments_into(placed, in_supply, out);
        }
        self.mechanisms_instead_of_deploying(out);
    }

    /// The figure types in the current player's supply (bit `f` for figure type `f`).
    #[inline]
    pub(in crate::game) fn in_supply(&self) -> FigureTypes {
        let supply = &self.players[self.current as usize].supply;
        let types = self.def.figures.len().min(MAX_FIGURE_TYPES);
        supply[..types]
            .iter()
            .enumerate()
            .fold(0, |mask: FigureTypes, (f, &count)| {
                mask | FigureTypes::from(count > 0) << f
            })
    }

    /// Of the figure types `in_supply`, those the current player may put onto the feature of
    /// `node`, of kind `kind`, now: those that may stand on its kind, a mechanism's own where
    /// it says, the others by the common rule (worked out once for all of them).
    #[inline]
    pub(in crate::game) fn open_to(&self, node: u32, kind: FeatureKind, in_supply: FigureTypes) -> FigureTypes {
        let may = self.masks.deployable_on[kind as usize] & in_supply;
        if may == 0 {
            return 0;
        }
        let own = may & self.mechanisms.owned;
        let common = may & !own;
        let mut open = 0;
        if common != 0 && self.closed_to_common(node).is_none() {
            open |= common;
        }
        if own != 0 {
            open |= self.own_figures_open(node, own);
        }
        open
    }

    /// The deployments onto placed tile `placed` of the figure types in `in_supply` (bit `f`
    /// for figure type `f`), appended to `out` as [`Game::deploy_options_into`] lists them.
    #[inline(never)]
    fn deployments_into(&self, placed: u16, in_supply: FigureTypes, out: &mut Vec<Action>) {
        if self.tile_closed(placed).is_none() {
            self.feature_deployments_into(placed, in_supply, out);
        }
        self.mechanisms_deploy_options(placed, in_supply, out);
    }

    /// The deployments onto the features of placed tile `placed`, which no mechanism closes.
    #[inline]
    fn feature_deployments_into(&self, placed: u16, in_supply: FigureTypes, out: &mut Vec<Action>) {
        let placed_tile = self.board.placed[placed as usize];
        let compiled = &self.def.tables.tiles[placed_tile.tile as usize];
        for (local, feature) in compiled.features.iter().enumerate() {
            let node = placed_tile.node + local as u32;
            let mut open = self.open_to(node, feature.kind, in_supply);
            while open != 0 {
                let figure = open.trailing_zeros() as u8;
                open &= open - 1;
                out.push(Action::Deploy {
                    figure,
                    feature: local as u8,
                });
            }
        }
    }

    /// Deploys figure type `figure` from the current player's supply onto local feature
    /// `feature` of placed tile `placed`, if the rules allow it there now.
    pub(super) fn deploy(
        &mut self,
        placed: u16,
        figure: u8,
        feature: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), ActionError> {
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
        if let Some(why) = self.none_in_supply(figure) {
            return refuse(why);
        }
        let node = placed_tile.node + u32::from(feature);
        if let Some(why) = self.closed_to(figure, node) {
            return refuse(why);
        }
        self.deploy_checked(placed, figure, feature, events);
        Ok(())
    }

    /// Deploys figure type `figure` from the current player's supply onto local feature
    /// `feature` of placed tile `placed`, which the caller has checked is legal.
    fn deploy_checked(&mut self, placed: u16, figure: u8, feature: u8, events: &mut Vec<Event>) {
        let placed_tile = self.board.placed[placed as usize];
        let node = placed_tile.node + u32::from(feature);
        self.players[self.current as usize].supply[figure as usize] -= 1;
        self.stand(BoardFigure {
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
        let player = self.current;
        self.figure_arrives(BoardFigure { player, figure, node }, Arrival::Deployed, events);
    }

    /// Takes a uniformly random choice among passing and the deployments open on the tile
    /// just placed ([`Game::deploy_options_into`], listed into `options`) and applies it, as
    /// [`Game::apply`] would: the random policy's deployment, without checking again a choice
    /// taken from the list of legal ones. Returns the choice, or `None` outside
    /// [`Phase::Deploy`].
    pub fn deploy_at_random(
        &mut self,
        rng: &mut Rng,
        options: &mut Vec<Action>,
        events: &mut Vec<Event>,
    ) -> Option<Action> {
        let Phase::Deploy { placed } = self.phase else {
            return None;
        };
        options.clear();
        options.push(Action::Pass);
        self.deploy_options_on(placed, options);
        let action = options[rng.below(options.len())];
        match action {
            Action::Deploy { figure, feature } => self.deploy_checked(placed, figure, feature, events),
            Action::Pass => {}
            // A mechanism's own deployment is rarer and checked as any action is.
            _ => return self.apply(action, events).ok().map(|()| action),
        }
        self.history.push(action);
        self.end_turn(events);
        Some(action)
    }

    /// Puts a figure onto its feature (from supply, a hand-built table, or a mechanism's own
    /// move): followers count on the feature.
    pub(super) fn stand(&mut self, figure: BoardFigure) {
        if self.is_follower(figure.figure) {
            self.features.add_figures(figure.node, 1);
        }
        self.figures.push(figure);
    }

    /// Why the current player has no figure of type `figure` (a valid index) to deploy, if
    /// they have none: the rules leave it out (a house rule, or a count of 0), or all are out.
    pub(in crate::game) fn none_in_supply(&self, figure: u8) -> Option<&'static str> {
        if self.players[self.current as usize].supply[figure as usize] > 0 {
            return None;
        }
        Some(if self.def.figures[figure as usize].count == 0 {
            "the rules leave this figure out of the game"
        } else {
            "none left in supply"
        })
    }

    /// Why figure type `figure` may not go onto the feature of `node` now, if it may not: no
    /// figure goes onto a tile a mechanism closes (the dragon's); a mechanism's own figure type
    /// goes where the mechanism says; any other needs a feature without followers that no
    /// mechanism closes.
    fn closed_to(&self, figure: u8, node: u32) -> Option<&'static str> {
        if let Some(why) = self.tile_closed(self.features.node(node).placed) {
            return Some(why);
        }
        if self.mechanisms.owned & 1 << figure != 0 {
            return self.own_figure_refused(self.current, figure, node);
        }
        self.closed_to_common(node)
    }

    /// Why a figure of the common rule (a follower) may not go onto the feature of `node`
    /// now, if it may not: another follower stands there, or a mechanism closes it.
    #[inline(always)]
    fn closed_to_common(&self, node: u32) -> Option<&'static str> {
        if self.features.root_figures(node) > 0 {
            return Some("the feature is already occupied");
        }
        self.mechanisms_close(node)
    }
}
