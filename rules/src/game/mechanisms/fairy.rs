//! The Princess & the Dragon's fairy: a figure no player owns. Instead of deploying, a player
//! may move it beside one of their followers on the table. While it stands beside a follower,
//! that follower's owner scores `fairy-turn-bonus` at the start of each of their turns and
//! `fairy-feature-bonus` when the follower's feature scores, completed in play or at the end
//! of the game, whether or not the follower wins the feature (the values of the file that
//! switches the fairy on). The dragon never enters the fairy's tile.
//!
//! Readings, as JCloisterZone plays it: the fairy stands beside one follower, not on a whole
//! tile; an extra turn (a builder's) pays no second turn bonus; when that follower leaves the table the fairy stays on its tile, guarding it from the
//! dragon, and pays nobody until it is moved again; no turn bonus is paid once the pile is
//! empty (no turn is drawn then); a feature that scores at the end pays the bonus even when it
//! scores nothing itself (an open road with an inn, a field beside no completed city).
//!
//! Hooks: the turn's start (the turn bonus), the choices offered instead of deploying (moving
//! it), a completed feature and the start of final scoring (the feature bonus), and the tiles
//! it guards.

use super::{Flow, Mechanism};
use crate::game::{
    Action, ActionError, Award, BoardFigure, Event, EventWords, FeatureScore, FigureMove, Game, GameDef, Happening,
    NeutralFigure, Noun, Phase, Play, Players, Reason, ReasonWords, Slot, Step, Takes, Tally, Words,
};
use crate::model::{FeatureKind, Mechanism as FileMechanism, keys};

/// Its one action: the fairy moved beside the current player's follower on a feature.
const MOVE: Step = Step::own::<Fairy>(0);

/// Its one event: the fairy moved beside a follower.
const MOVED: u8 = 0;

/// Its ways of scoring.
const TURN: u8 = 0;
const FEATURE: u8 = 1;
const AT_END: u8 = 2;

/// The fairy of a game: beside which follower it stands.
#[derive(Debug, Clone)]
pub struct Fairy {
    /// Points at the start of a turn (`fairy-turn-bonus`).
    turn_bonus: u32,
    /// Points when the follower's feature scores (`fairy-feature-bonus`).
    feature_bonus: u32,
    /// The follower it was moved beside (its owner, type and node), once moved.
    beside: Option<BoardFigure>,
    /// Whose turn began last: a turn beginning for the same player again is an extra turn
    /// (a builder's), which pays no turn bonus.
    last_turn: Option<u8>,
}

impl Fairy {
    /// The follower the fairy was moved beside (which may have left the table since), once it
    /// was moved.
    pub fn beside(&self) -> Option<BoardFigure> {
        self.beside
    }
}

impl Mechanism for Fairy {
    const NAME: &'static str = "fairy";

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Fairy)
    }

    fn new(def: &GameDef) -> Fairy {
        Fairy {
            turn_bonus: def.value(keys::FAIRY_TURN_BONUS),
            feature_bonus: def.value(keys::FAIRY_FEATURE_BONUS),
            beside: None,
            last_turn: None,
        }
    }

    /// The owner of the follower beside the fairy scores at the start of their turn (once: an
    /// extra turn is the same turn's).
    fn turn_begins(game: &mut Play<'_, Self>, events: &mut Vec<Event>) -> Flow {
        let current = game.current;
        let extra = game.own_mut().last_turn.replace(current) == Some(current);
        if !extra
            && !game.pile.is_empty()
            && let Some(follower) = game.fairys_follower()
            && follower.player == game.current
        {
            let points = game.own().turn_bonus;
            let reason = Reason::Mechanism(Award::own::<Fairy>(TURN, 1));
            game.award(Players(1 << follower.player), points, reason, follower.node, events);
        }
        Flow::Continue
    }

    /// The current player's followers on the table, by where they stand.
    fn instead_of_deploying(game: &Game, out: &mut Vec<Action>) {
        let start = out.len();
        for figure in game.figures() {
            if figure.player == game.current
                && game.is_follower(figure.figure)
                && let Some(part) = game.part(figure.node)
            {
                let action = Action::Mechanism(MOVE.at(part.x, part.y).on(part.local));
                if !out[start..].contains(&action) {
                    out.push(action);
                }
            }
        }
    }

    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        step.own_of::<Fairy>()?;
        Some(game.move_fairy(step, events).map(|()| {
            game.record(action);
            game.end_turn(events);
        }))
    }

    /// The follower beside the fairy stands on the completed feature: its owner's bonus.
    fn feature_completed(game: &mut Play<'_, Self>, root: u32, _score: &FeatureScore, events: &mut Vec<Event>) {
        if let Some(follower) = game.fairys_follower()
            && game.features.root(follower.node) == root
        {
            let points = game.own().feature_bonus;
            let reason = Reason::Mechanism(Award::own::<Fairy>(FEATURE, 1));
            game.award(Players(1 << follower.player), points, reason, root, events);
        }
    }

    /// The follower beside the fairy still on the table: its feature scores at the end.
    fn final_scoring_begins(game: &mut Play<'_, Self>, events: &mut Vec<Event>) {
        if let Some(follower) = game.fairys_follower() {
            let points = game.own().feature_bonus;
            let reason = Reason::Mechanism(Award::own::<Fairy>(AT_END, 1));
            game.award(Players(1 << follower.player), points, reason, follower.node, events);
        }
    }

    /// The dragon never enters the fairy's tile.
    fn guards(game: &Game, placed: u16) -> bool {
        game.mechanisms
            .fairy
            .beside
            .is_some_and(|follower| game.features.node(follower.node).placed == placed)
    }

    fn neutral_figures(game: &Game, out: &mut Vec<NeutralFigure>) {
        if let Some(part) = game.mechanisms.fairy.beside.and_then(|f| game.part(f.node)) {
            out.push(NeutralFigure {
                x: part.x,
                y: part.y,
                look: "fairy",
            });
        }
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "move-fairy",
        takes: Takes::Feature,
    }];

    const EVENTS: &'static [EventWords] = &[EventWords {
        name: "fairy-moved",
        fields: &[
            ("player", Slot::Player),
            ("x", Slot::X),
            ("y", Slot::Y),
            ("feature", Slot::Spot),
            ("tile", Slot::Tile),
        ],
        text: |_| "{who} moves the fairy beside their follower on {feature} at ({x}, {y})",
        figure: FigureMove::None,
        counts: |_| Some(0),
    }];

    const REASONS: &'static [ReasonWords] = &[
        ReasonWords {
            name: "fairy-turn",
            field: "turns",
            noun: Noun {
                one: "turn",
                many: "turns",
            },
            text: "the fairy at the start of the turn",
            feature: FeatureKind::Road,
            at_end: false,
            pays_own: false,
            pays_farmers: false,
            counts: Some((1, 2)),
        },
        ReasonWords {
            name: "fairy-feature",
            field: "features",
            noun: Noun {
                one: "feature",
                many: "features",
            },
            text: "the fairy beside the follower of a completed feature",
            feature: FeatureKind::Road,
            at_end: false,
            pays_own: false,
            pays_farmers: false,
            counts: Some((3, 4)),
        },
        ReasonWords {
            name: "fairy-at-end",
            field: "features",
            noun: Noun {
                one: "feature",
                many: "features",
            },
            text: "the fairy beside a follower at the end",
            feature: FeatureKind::Road,
            at_end: true,
            pays_own: false,
            pays_farmers: false,
            counts: Some((3, 4)),
        },
    ];

    const TALLY: Option<Tally> = Some(Tally {
        key: "fairy",
        counters: &[
            "moves",
            "turn_bonuses",
            "turn_points",
            "feature_bonuses",
            "feature_points",
        ],
        line: "fairy moves: {moves}; turn bonuses: {turn_bonuses} ({turn_points} points); \
               feature bonuses: {feature_bonuses} ({feature_points} points)",
    });

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        let Action::Mechanism(step) = action else {
            return None;
        };
        (matches!(phase, Phase::Deploy { .. }) && step.own_of::<Fairy>().is_some()).then_some("Move the fairy")
    }
}

impl Game {
    /// The follower beside the fairy, if the fairy was moved beside one that is still on the
    /// table.
    fn fairys_follower(&self) -> Option<BoardFigure> {
        let beside = self.mechanisms.fairy.beside?;
        self.figures().contains(&beside).then_some(beside)
    }
}

impl Play<'_, Fairy> {
    /// Moves the fairy beside the current player's follower named by `step`; refused with the
    /// game unchanged if none of theirs stands there.
    fn move_fairy(&mut self, step: Step, events: &mut Vec<Event>) -> Result<(), ActionError> {
        if !matches!(self.phase, Phase::Deploy { .. }) {
            return Err(ActionError::WrongStep(
                "the fairy moves in the deployment step, instead of deploying",
            ));
        }
        let node = self.node_at(step.x, step.y, step.spot);
        let current = self.current;
        let Some(follower) = self
            .figures()
            .iter()
            .copied()
            .find(|f| f.player == current && self.is_follower(f.figure) && Some(f.node) == node)
        else {
            return Err(ActionError::WrongStep(
                "no follower of yours stands there for the fairy to join",
            ));
        };
        self.own_mut().beside = Some(follower);
        let tile = self.board.placed[usize::from(self.features.node(follower.node).placed)].tile;
        let mut moved = Happening::own::<Fairy>(MOVED, current);
        (moved.x, moved.y, moved.spot, moved.tile) = (step.x, step.y, step.spot, tile);
        events.push(Event::Mechanism(moved));
        Ok(())
    }
}
