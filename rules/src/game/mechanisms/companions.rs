//! Special figures that join their owner's follower (`joins = "own-follower"`): deployed as the
//! turn's deployment on the tile just placed, only onto a feature that already holds one of
//! the player's followers (a road or city not yet completed). They never count for a majority
//! and never score; what they do is their `effect` (`extra_turn.rs`, `field_bonus.rs`).
//!
//! A companion goes home with its feature when that is scored (as every figure does), and as
//! soon as its owner has no follower left on its feature: farmers a barn met go home, and the
//! companion beside them follows at the end of the same scoring step.
//!
//! Hooks: where its figures may go (`deploy_own`), and after the scoring step, companions left
//! without their owner's follower go home (registered after the barn, whose meetings send
//! farmers home in the same step).

use super::{Flow, Mechanism};
use crate::game::FigureTypes;
use crate::game::{Event, FigureType, Game, GameDef, Play};
use crate::model::FeatureKind;

/// The figure types that join their owner's followers.
#[derive(Debug, Clone, Default)]
pub struct Companions {
    /// Bit `f` for figure type `f`.
    types: FigureTypes,
}

impl Mechanism for Companions {
    const NAME: &'static str = "companions";

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| Companions::owns(f) && f.count > 0)
    }

    fn owns(figure: &FigureType) -> bool {
        figure.joins.is_some() && figure.mechanism.is_none()
    }

    fn new(def: &GameDef) -> Companions {
        let types = def.figure_types(Companions::owns);
        Companions { types }
    }

    /// Nothing changes between games of one definition.
    fn restart(&mut self, _def: &GameDef) {}

    /// Only onto a feature holding one of the player's followers, and not a road or city that
    /// is already complete (the tile just placed completed it: it scores this turn).
    fn deploy_own(game: &Game, player: u8, _figure: u8, node: u32) -> Option<&'static str> {
        let kind = game.features.node(node).kind;
        if matches!(kind, FeatureKind::Road | FeatureKind::City) && game.features.open_of(node) == 0 {
            return Some("this figure joins only a road or city still open");
        }
        if !game.has_follower_of(player, node) {
            return Some("this figure joins only a feature holding one of its owner's followers");
        }
        None
    }

    #[inline]
    fn after_scoring(game: &mut Play<'_, Self>, _placed: u16, events: &mut Vec<Event>) -> Flow {
        game.send_lone_companions_home(events);
        Flow::Continue
    }
}

impl Play<'_, Companions> {
    /// Sends home every companion whose owner has no follower left on its feature.
    fn send_lone_companions_home(&mut self, events: &mut Vec<Event>) {
        let types = self.own().types;
        let mut i = 0;
        while i < self.figures.len() {
            let figure = self.figures[i];
            if types & 1 << figure.figure != 0 && !self.has_follower_of(figure.player, figure.node) {
                self.lift_figure(i);
                self.back_to_supply(figure.player, figure.figure, figure.node, events);
            } else {
                i += 1;
            }
        }
    }
}

impl Game {
    /// Whether `player` has a follower on the feature of `node`.
    fn has_follower_of(&self, player: u8, node: u32) -> bool {
        if self.features.root_figures(node) == 0 {
            return false;
        }
        let root = self.features.root(node);
        self.figures
            .iter()
            .any(|f| f.player == player && self.is_follower(f.figure) && self.features.root(f.node) == root)
    }
}
