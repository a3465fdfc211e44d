//! Followers their owner may take back for points (`effect = "take-back-for-points"`, as the
//! abbot of the new-edition base game): in the deployment step of a turn, instead of
//! deploying, the current player may take one such figure of theirs back from the table and
//! score at once what its feature would score at the end of the game.
//!
//! Readings: such a figure stands only on monasteries and gardens (the files are checked for
//! it), which it holds alone, so its owner is the feature's majority and scores it; taking it
//! back is the turn's deployment (nothing else is deployed), and the turn's scoring step
//! follows as usual; a figure deployed this turn is not on the table to take back yet.
//!
//! Hooks: the choices offered instead of deploying, and applying one.

use super::Mechanism;
use crate::game::FigureTypes;
use crate::game::{Action, ActionError, Event, FigureType, Game, GameDef, Phase, Play, Players, Reason};
use crate::game::{Step, Takes, Words};
use crate::model::FigureEffect;

/// Its one action: a figure taken back from a feature, named by its tile and local feature.
const TAKE_BACK: Step = Step::own::<TakeBack>(0);

/// The figure types taken back for points.
#[derive(Debug, Clone, Default)]
pub struct TakeBack {
    /// Bit `f` for figure type `f`.
    types: FigureTypes,
}

/// Whether figure type `figure` may be taken back for points.
fn taken_back(figure: &FigureType) -> bool {
    figure.effect == Some(FigureEffect::TakeBackForPoints)
}

impl Mechanism for TakeBack {
    const NAME: &'static str = "take-back";

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| taken_back(f) && f.count > 0)
    }

    fn new(def: &GameDef) -> TakeBack {
        let types = def.figure_types(taken_back);
        TakeBack { types }
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "take-back",
        takes: Takes::Feature,
    }];

    /// Each of the current player's figures that may be taken back, by where it stands.
    fn instead_of_deploying(game: &Game, out: &mut Vec<Action>) {
        let types = game.mechanisms.take_back.types;
        for figure in game.figures() {
            if figure.player == game.current
                && types & 1 << figure.figure != 0
                && let Some(part) = game.part(figure.node)
            {
                out.push(Action::Mechanism(TAKE_BACK.at(part.x, part.y).on(part.local)));
            }
        }
    }

    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        step.own_of::<TakeBack>()?;
        Some(game.take_back(step, events).map(|()| {
            game.record(action);
            game.end_turn(events);
        }))
    }

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        (matches!(phase, Phase::Deploy { .. }) && step.own_of::<TakeBack>().is_some()).then_some("Take back")
    }
}

impl Play<'_, TakeBack> {
    /// Takes the current player's figure named by `step` back, scoring its feature as at the
    /// end of the game for them; refused with the game unchanged if it is not theirs to take.
    fn take_back(&mut self, step: Step, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if !matches!(self.phase, Phase::Deploy { .. }) {
            return Err(ActionError::WrongStep(
                "a figure is taken back in the deployment step, instead of deploying",
            ));
        }
        let node = self.node_at(step.x, step.y, step.spot);
        let (current, types) = (self.current, self.own().types);
        let Some(index) = self
            .figures()
            .iter()
            .position(|f| f.player == current && types & 1 << f.figure != 0 && Some(f.node) == node)
        else {
            return Err(ActionError::WrongStep(
                "no figure of yours that may be taken back stands there",
            ));
        };
        let figure = self.lift_figure(index);
        if let Some((points, score)) = self.end_points(figure.node) {
            let root = self.features.root(figure.node);
            self.award(Players(1 << current), points, Reason::Feature(score), root, events);
        }
        self.back_to_supply(figure.player, figure.figure, figure.node, events);
        Ok(())
    }
}
