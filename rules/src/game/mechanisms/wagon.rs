//! Abbey & Mayor's wagon: after the feature it stands on is scored, its owner may move it to
//! an incomplete, unoccupied road, city or monastery instead of taking it back. Where it may go
//! is the `wagon-move` switch: `range` (the same tile or the eight around it) or `connected`
//! (features joined to the scored one through crossings, city gates, monasteries and abbeys).
//! Several wagons of one scoring move in turn order, starting with the active player.
//!
//! Hooks: a wagon leaving a completed feature waits, then after the scoring step each waiting
//! wagon's owner decides (`move-wagon`, or pass to take it back).

use std::ops::ControlFlow;

use super::{Flow, Mechanism, OwnFigure, carries_word};
use crate::compile::NO_FEATURE;
use crate::edge::Side;
use crate::game::FigureTypes;
use crate::game::{
    Action, ActionError, BoardFigure, Event, EventWords, FigureMove, FigureType, Game, GameDef, Happening,
    MAX_FIGURE_TYPES, Phase, Play, Slot, Step, Takes, Tally, Words,
};
use crate::model::{FeatureKind, FigureMechanism, RoadEnd, Role, Spot, Supply, WagonMove};

/// Its one action: the waiting wagon moved onto a feature.
const MOVE: Step = Step::own::<Wagons>(0);

/// Its one event: a wagon moved on.
const MOVED: u8 = 0;

/// A wagon waiting to move: owner, figure type, and the node it stood on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaitingWagon {
    /// Owner.
    pub player: u8,
    /// Figure type.
    pub figure: u8,
    /// The node of the scored feature it stood on.
    pub from: u32,
}

/// The wagons of a game that wait to move, in decision order (wagons on the table are
/// figures like any other).
#[derive(Debug, Clone, Default)]
pub struct Wagons {
    /// The figure types that move after scoring (bit `f` for type `f`).
    types: FigureTypes,
    waiting: Vec<WaitingWagon>,
}

impl Wagons {
    /// The wagons waiting, in decision order: the first one's owner decides now.
    pub fn waiting(&self) -> impl Iterator<Item = &WaitingWagon> {
        self.waiting.iter()
    }
}

impl Mechanism for Wagons {
    const NAME: &'static str = "wagon";

    const FIGURE: Option<OwnFigure> = Some(OwnFigure {
        word: FigureMechanism::MovesAfterScoring,
        role: (Role::Follower, "a wagon is a follower that moves on"),
        stands_only_on: None,
        never_on: Some((
            Spot::Field,
            "moves after its feature is scored, but fields are scored only at the end",
        )),
        alone_on: &[],
        look: "wagon",
    });

    fn in_play(def: &GameDef) -> bool {
        def.figures().iter().any(|f| is_wagon(f) && f.count > 0)
    }

    fn new(def: &GameDef) -> Wagons {
        let types = def.figure_types(is_wagon);
        Wagons {
            types,
            waiting: Vec::new(),
        }
    }

    fn restart(&mut self, _def: &GameDef) {
        self.waiting.clear();
    }

    /// A wagon whose feature was scored waits to move instead of going home.
    #[inline]
    fn holds_leaving(game: &mut Play<'_, Self>, figure: BoardFigure) -> bool {
        let wagons = game.own_mut();
        if wagons.types & 1 << figure.figure == 0 {
            return false;
        }
        wagons.waiting.push(WaitingWagon {
            player: figure.player,
            figure: figure.figure,
            from: figure.node,
        });
        true
    }

    /// Wagons waiting move in turn order from the active player, each owner deciding in turn;
    /// a wagon with nowhere to go goes home.
    #[inline(always)]
    fn after_scoring(game: &mut Play<'_, Self>, _placed: u16, events: &mut Vec<Event>) -> Flow {
        game.order_wagons();
        game.next_wagon(events)
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "move-wagon",
        takes: Takes::Feature,
    }];

    /// Written without its figure type, which the waiting wagon says.
    const EVENTS: &'static [EventWords] = &[EventWords {
        name: "wagon-moved",
        fields: &[
            ("player", Slot::Player),
            ("tile", Slot::Tile),
            ("x", Slot::X),
            ("y", Slot::Y),
            ("feature", Slot::Spot),
        ],
        text: |_| "{who}'s wagon moves to {feature} at ({x}, {y})",
        figure: FigureMove::MovesOnto,
        counts: |_| Some(0),
    }];

    const TALLY: Option<Tally> = Some(Tally {
        key: "wagons",
        counters: &["moves"],
        line: "wagon moves: {moves}",
    });

    fn legal_actions(game: &Game, out: &mut Vec<Action>) {
        if game.phase.decision_of::<Wagons>().is_some() {
            out.push(Action::Pass);
            game.wagon_moves_into(out);
        }
    }

    #[inline]
    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        game.phase.decision_of::<Wagons>()?;
        let to = match action {
            Action::Mechanism(step) if step.own_of::<Wagons>().is_some() => Some((step.x, step.y, step.spot)),
            Action::Pass => None,
            _ => return Some(Err(ActionError::WrongStep("move the wagon or pass to take it back"))),
        };
        Some(game.move_wagon(to, events).map(|()| {
            game.record(action);
            if game.next_wagon(events) == Flow::Continue {
                game.resume_after_scoring(events);
            }
        }))
    }

    fn figures_aside(&self, player: u8, counts: &mut [u8; MAX_FIGURE_TYPES]) {
        for w in self.waiting.iter().filter(|w| w.player == player) {
            counts[w.figure as usize] += 1;
        }
    }

    fn deciding_figure(game: &Game) -> Option<BoardFigure> {
        let wagon = game.waiting_wagon()?;
        Some(BoardFigure {
            player: wagon.player,
            figure: wagon.figure,
            node: wagon.from,
        })
    }

    fn prompt(phase: Phase) -> Option<String> {
        phase
            .decision_of::<Wagons>()
            .map(|_| "Move your wagon to a marked feature, or take it back.".into())
    }

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        (phase.decision_of::<Wagons>().is_some() && action == Action::Pass).then_some("Take the wagon back")
    }
}

/// Whether figure type `figure` moves after scoring.
fn is_wagon(figure: &FigureType) -> bool {
    carries_word::<Wagons>(figure)
}

impl Play<'_, Wagons> {
    /// The first waiting wagon's owner decides; a wagon with nowhere to go goes home. [`Flow::Continue`] when none is left waiting.
    #[inline(always)]
    fn next_wagon(&mut self, events: &mut Vec<Event>) -> Flow {
        while let Some(&wagon) = self.own().waiting.first() {
            if !self.has_wagon_target(wagon) {
                self.own_mut().waiting.remove(0);
                self.return_wagon(wagon, events);
                continue;
            }
            self.set_phase(Phase::decide::<Wagons>(0, wagon.player));
            return Flow::Wait;
        }
        Flow::Continue
    }

    /// Queues wagons in turn order from the active player.
    #[inline]
    fn order_wagons(&mut self) {
        if self.own().waiting.len() < 2 {
            return;
        }
        let (current, players) = (self.current, self.players.len() as u8);
        self.own_mut()
            .waiting
            .sort_by_key(|w| (w.player + players - current) % players);
    }

    fn return_wagon(&mut self, wagon: WaitingWagon, events: &mut Vec<Event>) {
        self.back_to_supply(wagon.player, wagon.figure, wagon.from, events);
    }

    /// Applies the waiting wagon's owner's decision: a move, or `None` to take it back.
    fn move_wagon(&mut self, to: Option<(i16, i16, u8)>, events: &mut Vec<Event>) -> Result<(), ActionError> {
        let wagon = *self
            .own()
            .waiting
            .first()
            .ok_or(ActionError::WrongStep("no wagon is waiting"))?;
        match to {
            None => self.return_wagon(wagon, events),
            Some((x, y, feature)) => {
                let refuse = ActionError::IllegalDeployment {
                    figure: wagon.figure,
                    feature,
                    why: "the wagon may not move there",
                };
                let placed = self.board.at(i32::from(x), i32::from(y)).ok_or(refuse.clone())?;
                let tile = &self.def.tables.tiles[self.board.placed[placed].tile as usize];
                if feature as usize >= tile.features.len() {
                    return Err(refuse);
                }
                let node = self.node_of(placed, feature);
                let root = self.features.root(node);
                let target = |t| {
                    if self.features.root(t) == root {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                if self.each_wagon_target(wagon, target).is_continue() {
                    return Err(refuse);
                }
                self.stand(BoardFigure {
                    player: wagon.player,
                    figure: wagon.figure,
                    node,
                });
                let moved = Happening::own::<Wagons>(MOVED, wagon.player).with_figure(wagon.figure);
                let tile = self.board.placed[placed].tile;
                events.push(Event::Mechanism(moved.at(tile, x, y).on(feature)));
            }
        }
        self.own_mut().waiting.remove(0);
        Ok(())
    }
}

impl Game {
    /// The wagon whose owner decides now: owner, figure type and the node it stood on; `None`
    /// at any other step.
    fn waiting_wagon(&self) -> Option<WaitingWagon> {
        self.phase.decision_of::<Wagons>()?;
        self.mechanisms.wagon.waiting.first().copied()
    }

    /// Moves of the waiting wagon, appended to `out`.
    fn wagon_moves_into(&self, out: &mut Vec<Action>) {
        let Some(&wagon) = self.mechanisms.wagon.waiting.first() else {
            return;
        };
        let mut roots = Vec::new();
        let _ = self.each_wagon_target(wagon, |node| {
            // One move per feature, to its first node found.
            let root = self.features.root(node);
            if !roots.contains(&root) {
                roots.push(root);
                let n = self.features.node(node);
                let tile = self.board.placed[n.placed as usize];
                out.push(Action::Mechanism(MOVE.at(tile.x, tile.y).on(n.local)));
            }
            ControlFlow::Continue(())
        });
    }

    /// Whether the waiting wagon may go anywhere.
    fn has_wagon_target(&self, wagon: WaitingWagon) -> bool {
        self.each_wagon_target(wagon, |_| ControlFlow::Break(())).is_break()
    }

    /// Calls `visit` with each node a waiting wagon may go to (an incomplete, unoccupied feature
    /// it may stand on), until `visit` breaks. A feature may come more than once, through
    /// several of its nodes.
    fn each_wagon_target(&self, wagon: WaitingWagon, mut visit: impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
        let figure = &self.def.figures[wagon.figure as usize];
        let mut candidate = |node| {
            if self.is_wagon_target(figure, node) {
                visit(node)
            } else {
                ControlFlow::Continue(())
            }
        };
        match self.def.rules.switches.wagon_move {
            WagonMove::Range => self.features_in_range(wagon.from, &mut candidate),
            WagonMove::Connected => self.features_connected(wagon.from, &mut candidate),
        }
    }

    /// Whether a wagon of type `figure` may go to the feature of `node`: one it may stand on,
    /// unoccupied and incomplete.
    fn is_wagon_target(&self, figure: &FigureType, node: u32) -> bool {
        let n = self.features.node(node);
        if !figure.may_stand_on(n.kind) || self.features.root_figures(node) > 0 || self.tile_closed(n.placed).is_some()
        {
            return false;
        }
        !self.is_finished(node)
    }

    /// Visits every feature node on the wagon's tile and the eight around it.
    fn features_in_range(&self, from: u32, visit: &mut impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
        let p = self.board.placed[self.features.node(from).placed as usize];
        for (_, _, i) in self.board.block(i32::from(p.x), i32::from(p.y)) {
            let count = self.def.tables.tiles[self.board.placed[i].tile as usize].features.len();
            for f in 0..count as u8 {
                visit(self.node_of(i, f))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Visits the feature nodes connected to the feature of `from`: roads meeting it at a
    /// crossing, the city or monastery a road leads into and the roads leading into a city or
    /// monastery, and abbeys it touches (and what touches an abbey).
    fn features_connected(&self, from: u32, visit: &mut impl FnMut(u32) -> ControlFlow<()>) -> ControlFlow<()> {
        for member in self.features.members(self.features.root(from)) {
            let n = *self.features.node(member);
            let placed = self.board.placed[n.placed as usize];
            let compiled = &self.def.tables.tiles[placed.tile as usize];
            let feature = &compiled.features[n.local as usize];
            for (local, other) in compiled.features.iter().enumerate() {
                let local = local as u8;
                if local == n.local {
                    continue;
                }
                let through_crossing = feature.end == Some(RoadEnd::Crossing) && other.end == Some(RoadEnd::Crossing);
                let leads_into = feature.end_at == Some(local)
                    && matches!(feature.end, Some(RoadEnd::CityGate | RoadEnd::Monastery));
                let led_into =
                    other.end_at == Some(n.local) && matches!(other.end, Some(RoadEnd::CityGate | RoadEnd::Monastery));
                if through_crossing || leads_into || led_into {
                    visit(placed.node + u32::from(local))?;
                }
            }
            // Abbeys: an edge of this feature facing an abbey, or the abbey's own neighbours.
            let is_abbey =
                |i: usize| self.def.tables.tiles[self.board.placed[i].tile as usize].supply == Supply::Player;
            for side in Side::ALL {
                let Some(nb) = self.board.neighbour(i32::from(placed.x), i32::from(placed.y), side) else {
                    continue;
                };
                let theirs = self.board.placed[nb];
                let their_tile = &self.def.tables.tiles[theirs.tile as usize];
                if compiled.supply == Supply::Player && feature.kind == FeatureKind::Monastery {
                    let facing = their_tile.edge(side.opposite(), theirs.rotation);
                    for &f in facing.features.iter().filter(|&&f| f != NO_FEATURE) {
                        visit(theirs.node + u32::from(f))?;
                    }
                } else if is_abbey(nb) && compiled.edge(side, placed.rotation).features.contains(&n.local) {
                    let monasteries = their_tile
                        .features
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.kind == FeatureKind::Monastery);
                    for (f, _) in monasteries {
                        visit(theirs.node + f as u32)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}
