//! Figures whose owner plays again (`effect = "extra-turn"`): when a player places a tile that
//! extends a road or city where one of their figures of such a type stands (the tile's feature
//! joins it), they take one more whole turn right after this one: draw, place, deploy, score.
//!
//! Readings: a tile that completes the feature extends it too (the figure then goes home with
//! the feature, and the turn is still earned); a figure deployed on the tile just placed has
//! extended nothing; a turn taken this way never earns another, however many such figures the
//! tile extends; with the pile empty there is no extra turn (the game ends as usual).
//!
//! Hooks: after the placement, whether the tile extends such a figure's feature; before play
//! passes on, the turn stays with the player (`keeps_turn`).

use super::Mechanism;
use crate::game::FigureTypes;
use crate::game::{Event, FigureType, Game, GameDef, Play};
use crate::model::{FeatureKind, FigureEffect};

/// Extra turns earned and taken.
#[derive(Debug, Clone, Default)]
pub struct ExtraTurns {
    /// The figure types whose owner plays again (bit `f` for type `f`).
    types: FigureTypes,
    /// This turn's tile extended a feature of such a figure of the current player.
    earned: bool,
    /// This turn is an extra one: it earns none.
    taking: bool,
}

impl ExtraTurns {
    /// Whether the turn being played is an extra one.
    pub fn is_extra(&self) -> bool {
        self.taking
    }
}

/// Whether figure type `figure` gives its owner extra turns.
fn gives_extra_turn(figure: &FigureType) -> bool {
    figure.effect == Some(FigureEffect::ExtraTurn)
}

impl Mechanism for ExtraTurns {
    const NAME: &'static str = "extra-turn";

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| gives_extra_turn(f) && f.count > 0)
    }

    fn new(def: &GameDef) -> ExtraTurns {
        let types = def.figure_types(gives_extra_turn);
        ExtraTurns {
            types,
            ..ExtraTurns::default()
        }
    }

    fn restart(&mut self, _def: &GameDef) {
        *self = ExtraTurns {
            types: self.types,
            ..ExtraTurns::default()
        };
    }

    #[inline]
    fn after_placement(game: &mut Play<'_, Self>, _tile: u16, _events: &mut Vec<Event>) {
        let state = game.own();
        if !state.taking && !state.earned {
            game.own_mut().earned = game.extends_own_figure(state.types);
        }
    }

    /// An extra turn earned is taken, unless the pile is empty.
    #[inline]
    fn keeps_turn(game: &mut Play<'_, Self>, events: &mut Vec<Event>) -> bool {
        let pile_left = game.pile_len() > 0;
        let player = game.current;
        let state = game.own_mut();
        state.taking = std::mem::take(&mut state.earned) && pile_left;
        if state.taking {
            events.push(Event::ExtraTurn { player });
        }
        state.taking
    }
}

impl Game {
    /// Whether the tile placed last joins a road or city where the current player has a figure
    /// of one of the types `types`.
    fn extends_own_figure(&self, types: FigureTypes) -> bool {
        let player = self.current;
        let placed = self.board.placed.len() - 1;
        let tile = self.board.placed[placed];
        let features = &self.def.tables.tiles[tile.tile as usize].features;
        self.figures
            .iter()
            .filter(|f| f.player == player && types & 1 << f.figure != 0)
            .any(|f| {
                let root = self.features.root(f.node);
                features.iter().enumerate().any(|(local, feature)| {
                    matches!(feature.kind, FeatureKind::Road | FeatureKind::City)
                        && self.features.root(tile.node + local as u32) == root
                })
            })
    }
}
