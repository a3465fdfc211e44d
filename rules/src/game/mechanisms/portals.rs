//! Magic portals (The Princess & the Dragon): the player who places a tile with a portal
//! marker may deploy a figure on any unfinished feature of the table instead of on that tile,
//! where the figure could be deployed on a tile just placed: a feature it may stand on, with no
//! follower (for the common rule's figures), that no mechanism closes (the dragon's tile).
//!
//! Readings, as JCloisterZone plays it: a road or city is unfinished while it has an open
//! edge, a monastery or garden while a tile around it is missing, and a field always is; a
//! figure of a mechanism's own goes where its mechanism says (a barn, which goes on a corner,
//! never goes through a portal). The portal tile's own features are deployed on as usual.
//!
//! Hooks: the deployments offered besides those on the tile, and applying one.

use super::Mechanism;
use crate::game::{Action, ActionError, Event, Game, GameDef, Phase, Play, Step, Takes, Words};
use crate::model::Mechanism as FileMechanism;

/// Its one action: a figure type from supply, deployed on a feature anywhere on the table.
const THROUGH: Step = Step::own::<Portals>(0);

/// Portals keep no state: the tiles say where they are.
#[derive(Debug, Clone, Default)]
pub struct Portals;

impl Mechanism for Portals {
    const NAME: &'static str = "portals";

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Portals)
    }

    fn new(_def: &GameDef) -> Portals {
        Portals
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "through-portal",
        takes: Takes::FigureOnFeature,
    }];

    /// On a portal tile: each figure type in supply on each feature of the other tiles where
    /// it may go.
    fn instead_of_deploying(game: &Game, out: &mut Vec<Action>) {
        let Some(placed) = game.portal_placed() else {
            return;
        };
        let in_supply = game.in_supply();
        if in_supply == 0 {
            return;
        }
        for (p, tile) in game.board.placed.iter().enumerate() {
            if p == usize::from(placed) || game.tile_closed(p as u16).is_some() {
                continue;
            }
            let compiled = &game.def.tables.tiles[usize::from(tile.tile)];
            for (local, feature) in compiled.features.iter().enumerate() {
                let node = tile.node + local as u32;
                let mut open = game.open_to(node, feature.kind, in_supply);
                if open == 0 || game.is_finished(node) {
                    continue;
                }
                while open != 0 {
                    let figure = open.trailing_zeros() as u8;
                    open &= open - 1;
                    let step = THROUGH.with_figure(figure).at(tile.x, tile.y).on(local as u8);
                    out.push(Action::Mechanism(step));
                }
            }
        }
    }

    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        step.own_of::<Portals>()?;
        Some(game.through(step, events).map(|()| {
            game.record(action);
            game.end_turn(events);
        }))
    }
}

impl Game {
    /// In the deployment step on a tile with a portal: the placed tile's index.
    fn portal_placed(&self) -> Option<u16> {
        let Phase::Deploy { placed } = self.phase else {
            return None;
        };
        let tile = self.board.placed[usize::from(placed)].tile;
        self.def.tables.tiles[usize::from(tile)].portal.then_some(placed)
    }
}

impl Play<'_, Portals> {
    /// Deploys through the portal as `step` says, if the current player may; refused with the
    /// game unchanged otherwise.
    fn through(&mut self, step: Step, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let refuse = |why| {
            Err(ActionError::IllegalDeployment {
                figure: step.figure,
                feature: step.spot,
                why,
            })
        };
        let Some(placed) = self.portal_placed() else {
            return Err(ActionError::WrongStep(
                "a figure goes through a portal in the deployment step of a portal tile",
            ));
        };
        let Some(target) = self.board.at(i32::from(step.x), i32::from(step.y)) else {
            return refuse("there is no tile there");
        };
        if target == usize::from(placed) {
            return refuse("deploy on the portal tile itself as usual");
        }
        match self.node_at(step.x, step.y, step.spot) {
            None => return refuse("the tile has no such feature"),
            Some(node) if self.is_finished(node) => return refuse("the feature is finished"),
            Some(_) => {}
        }
        self.deploy(target as u16, step.figure, step.spot, events)
    }
}
