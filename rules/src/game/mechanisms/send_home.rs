//! Marks that send a follower home (`effect = "send-home"`, as The Princess & the Dragon's
//! princess in a city): in the deployment step, the player who placed a tile whose feature
//! carries such a mark may, instead of deploying, send home one follower standing on that
//! feature as the tile joined it.
//!
//! Readings, as JCloisterZone plays the princess: only the tile just placed acts (a princess
//! placed earlier in the same city does not act again); any follower of the feature may be
//! sent home, the player's own included, and only followers (a builder or a pig stays); sending
//! one home is the turn's deployment, and the scoring step follows as usual.
//!
//! Hooks: the choices offered instead of deploying, and applying one.

use super::Mechanism;
use crate::game::{
    Action, ActionError, Event, EventWords, FigureMove, Game, GameDef, Happening, Phase, Play, Slot, Step, Takes,
    Tally, Words,
};
use crate::model::MarkEffect;

/// Its one action: the follower on a feature, named by its tile and local feature, sent home.
const SEND_HOME: Step = Step::own::<SendHome>(0);

/// Its one event: a follower sent home (the player who sends it, its owner's figure).
const SENT: u8 = 0;

/// The marks that send a follower home, among those that play.
#[derive(Debug, Clone, Default)]
pub struct SendHome {
    /// Bit `m` for mark `m`.
    marks: u16,
}

impl Mechanism for SendHome {
    const NAME: &'static str = "send-home";

    fn in_play(def: &GameDef) -> bool {
        sending_marks(def) != 0
    }

    fn new(def: &GameDef) -> SendHome {
        SendHome {
            marks: sending_marks(def),
        }
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "send-home",
        takes: Takes::Feature,
    }];

    const EVENTS: &'static [EventWords] = &[EventWords {
        name: "sent-home",
        fields: &[
            ("player", Slot::Player),
            ("figure", Slot::Figure),
            ("x", Slot::X),
            ("y", Slot::Y),
            ("owner", Slot::Amount),
        ],
        text: |_| "{who} sends the {figure} at ({x}, {y}) home",
        figure: FigureMove::None,
        counts: |_| Some(0),
    }];

    const TALLY: Option<Tally> = Some(Tally {
        key: "sent_home",
        counters: &["followers"],
        line: "followers sent home: {followers}",
    });

    /// Each follower on a feature of the placed tile that carries such a mark, by where it
    /// stands.
    fn instead_of_deploying(game: &Game, out: &mut Vec<Action>) {
        for index in game.sendable() {
            let figure = game.figures()[index];
            if let Some(part) = game.part(figure.node) {
                out.push(Action::Mechanism(SEND_HOME.at(part.x, part.y).on(part.local)));
            }
        }
    }

    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        step.own_of::<SendHome>()?;
        Some(game.send_home(step, events).map(|()| {
            game.record(action);
            game.end_turn(events);
        }))
    }

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        (matches!(phase, Phase::Deploy { .. }) && step.own_of::<SendHome>().is_some()).then_some("Send home")
    }
}

/// The marks of `def` that play and send a follower home.
fn sending_marks(def: &GameDef) -> u16 {
    def.marks()
        .iter()
        .enumerate()
        .filter(|(_, mark)| mark.effect == Some(MarkEffect::SendHome))
        .fold(0, |bits, (i, _)| bits | 1 << i)
        & def.marks_in_play()
}

impl Game {
    /// The figures (indices among the table's) the current player may send home: followers on
    /// the features of the tile just placed that carry a sending mark, each once.
    fn sendable(&self) -> Vec<usize> {
        let Phase::Deploy { placed } = self.phase else {
            return Vec::new();
        };
        let marks = self.mechanisms.send_home.marks;
        let placed = self.board.placed[usize::from(placed)];
        let compiled = &self.def.tables.tiles[usize::from(placed.tile)];
        let roots: Vec<u32> = (0u32..)
            .zip(&compiled.features)
            .filter(|(_, feature)| feature.marks & marks != 0)
            .map(|(local, _)| self.features.root(placed.node + local))
            .collect();
        if roots.is_empty() {
            return Vec::new();
        }
        (0..self.figures().len())
            .filter(|&i| {
                let figure = self.figures()[i];
                self.is_follower(figure.figure) && roots.contains(&self.features.root(figure.node))
            })
            .collect()
    }
}

impl Play<'_, SendHome> {
    /// Sends home the follower named by `step`, if the current player may; refused with the
    /// game unchanged otherwise.
    fn send_home(&mut self, step: Step, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if !matches!(self.phase, Phase::Deploy { .. }) {
            return Err(ActionError::WrongStep(
                "a follower is sent home in the deployment step, instead of deploying",
            ));
        }
        let node = self.node_at(step.x, step.y, step.spot);
        let Some(index) = self
            .sendable()
            .into_iter()
            .find(|&i| Some(self.figures()[i].node) == node)
        else {
            return Err(ActionError::WrongStep(
                "no follower on a feature of this tile's sending mark stands there",
            ));
        };
        let figure = self.lift_figure(index);
        let mut sent = Happening::own::<SendHome>(SENT, self.current);
        (sent.figure, sent.x, sent.y, sent.amount) = (figure.figure, step.x, step.y, u32::from(figure.player));
        events.push(Event::Mechanism(sent));
        self.back_to_supply(figure.player, figure.figure, figure.node, events);
        Ok(())
    }
}
