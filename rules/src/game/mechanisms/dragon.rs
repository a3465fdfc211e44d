//! The Princess & the Dragon's dragon: a figure no player owns. A tile with a volcano brings it
//! onto that tile, where no figure may be deployed while it stands there. Once a tile with a
//! dragon is placed and its figure deployed, before the completed features score, the dragon
//! flies `dragon-moves` tiles (the value of the file that switches it on), one orthogonal step
//! at a time, each step chosen by the next player in turn from the one who placed the tile;
//! it never enters a tile twice in one flight (its starting tile included), nor a tile a
//! mechanism guards (the fairy's), and stops early when it has nowhere to go. On every tile it enters it eats the figures standing there:
//! they go home. Figures whose mechanism keeps them on the table stay (a barn, which stands
//! between tiles; a shepherd, tied to its flock).
//!
//! Readings, as JCloisterZone plays them: the flight comes before the scoring step, so a
//! follower eaten on a feature the tile completed scores nothing (`dragon-after-scoring = 1`
//! flies it after the scoring step instead, JCloisterZone's variant); a dragon tile drawn while no
//! dragon is on the table is set aside, and the tiles set aside go back into the pile, at
//! places drawn at random, once a volcano brings the dragon. Tiles still aside when the pile
//! runs out are not played.
//!
//! Hooks: each tile drawn (set aside), after placement (a volcano), deployment (the dragon's
//! tile is closed), before or after scoring (the flight, a decision of its own per step).

use super::{Flow, Mechanism};
use crate::game::{
    Action, ActionError, Event, EventWords, FigureMove, Game, GameDef, Happening, NeutralFigure, Phase, Play, Rng,
    Slot, Step, Takes, Tally, Words,
};
use crate::model::{Mechanism as FileMechanism, keys};

/// A player's step of the flight: the dragon enters the tile at (`x`, `y`).
const MOVE: Step = Step::own::<Dragon>(0);

/// Its events.
const APPEARS: u8 = 0;
const MOVES: u8 = 1;
const EATS: u8 = 2;
const SET_ASIDE: u8 = 3;

/// The dragon of a game: where it stands, its flight under way, and the tiles set aside
/// until it comes.
#[derive(Debug, Clone)]
pub struct Dragon {
    /// Tiles it crosses per flight (`dragon-moves`).
    moves: u32,
    /// Whether it flies after the scoring step (`dragon-after-scoring`), else before.
    after_scoring: bool,
    /// The placed tile it stands on, once a volcano brought it.
    at: Option<u16>,
    /// The placed tiles of the flight under way, its starting tile first (empty between
    /// flights).
    flight: Vec<u16>,
    /// Dragon tiles drawn before it came (compiled indices).
    aside: Vec<u16>,
    /// Where the tiles set aside go back into the pile.
    rng: Rng,
}

impl Dragon {
    /// The placed tile the dragon stands on, if it is on the table.
    pub fn at(&self) -> Option<u16> {
        self.at
    }

    /// The tiles set aside until the dragon comes (compiled indices).
    pub fn aside(&self) -> &[u16] {
        &self.aside
    }

    /// The placed tiles of the flight under way, its starting tile first.
    pub fn flight(&self) -> &[u16] {
        &self.flight
    }
}

impl Mechanism for Dragon {
    const NAME: &'static str = "dragon";

    fn in_play(def: &GameDef) -> bool {
        def.mechanisms().contains(FileMechanism::Dragon)
    }

    fn new(def: &GameDef) -> Dragon {
        Dragon {
            moves: def.value(keys::DRAGON_MOVES),
            after_scoring: def.value(keys::DRAGON_AFTER_SCORING) != 0,
            at: None,
            flight: Vec::new(),
            aside: Vec::new(),
            rng: Rng::new(0),
        }
    }

    fn restart(&mut self, def: &GameDef) {
        self.moves = def.value(keys::DRAGON_MOVES);
        self.after_scoring = def.value(keys::DRAGON_AFTER_SCORING) != 0;
        self.at = None;
        self.flight.clear();
        self.aside.clear();
    }

    fn dealt(&mut self, seed: u64) {
        self.rng = Rng::new(seed ^ 0x00D2_A6E0_0000_0000);
    }

    /// Where the tiles set aside will go is drawn anew, from a copy of `rng`: the search's own
    /// draws stay those of a game without the dragon.
    fn determinize(&mut self, rng: &mut Rng) {
        self.rng = Rng::new(rng.clone().next_u64() ^ 0x00D2_A6E0_0000_0000);
    }

    /// A dragon tile drawn before the dragon came waits aside.
    #[inline]
    fn drawn(game: &mut Play<'_, Self>, tile: u16, events: &mut Vec<Event>) -> bool {
        if game.own().at.is_some() || !game.def.tables.tiles[usize::from(tile)].dragon {
            return false;
        }
        game.own_mut().aside.push(tile);
        let mut set_aside = Happening::own::<Dragon>(SET_ASIDE, game.current);
        set_aside.tile = tile;
        events.push(Event::Mechanism(set_aside));
        true
    }

    /// A volcano brings the dragon; the tiles set aside go back into the pile.
    #[inline]
    fn after_placement(game: &mut Play<'_, Self>, tile: u16, events: &mut Vec<Event>) {
        if !game.def.tables.tiles[usize::from(tile)].volcano {
            return;
        }
        let placed = (game.board.placed.len() - 1) as u16;
        game.own_mut().at = Some(placed);
        let spot = game.board.placed[usize::from(placed)];
        let mut appears = Happening::own::<Dragon>(APPEARS, game.current);
        (appears.x, appears.y) = (spot.x, spot.y);
        events.push(Event::Mechanism(appears));
        if !game.own().aside.is_empty() {
            let aside = std::mem::take(&mut game.own_mut().aside);
            let mut rng = game.own().rng.clone();
            game.shuffle_into_pile(&aside, &mut rng);
            game.own_mut().rng = rng;
        }
    }

    /// No figure goes onto a tile the dragon stands on.
    #[inline]
    fn closes_tile(game: &Game, placed: u16) -> Option<&'static str> {
        (game.mechanisms.dragon.at == Some(placed)).then_some("the dragon stands on this tile")
    }

    /// A dragon tile sends the dragon flying, if it is on the table.
    #[inline]
    fn before_scoring(game: &mut Play<'_, Self>, placed: u16, _events: &mut Vec<Event>) -> Flow {
        if game.own().after_scoring {
            return Flow::Continue;
        }
        game.take_off(placed)
    }

    /// Under `dragon-after-scoring`, the flight comes after the scoring step.
    #[inline]
    fn after_scoring(game: &mut Play<'_, Self>, placed: u16, _events: &mut Vec<Event>) -> Flow {
        if !game.own().after_scoring {
            return Flow::Continue;
        }
        game.take_off(placed)
    }

    const ACTIONS: &'static [Words] = &[Words {
        name: "move-dragon",
        takes: Takes::Tile,
    }];

    const EVENTS: &'static [EventWords] = &[
        EventWords {
            name: "dragon-appears",
            fields: &[("player", Slot::Player), ("x", Slot::X), ("y", Slot::Y)],
            text: |_| "the dragon flies to ({x}, {y})",
            figure: FigureMove::None,
            counts: |_| None,
        },
        EventWords {
            name: "dragon-moves",
            fields: &[("player", Slot::Player), ("x", Slot::X), ("y", Slot::Y)],
            text: |_| "{who} moves the dragon to ({x}, {y})",
            figure: FigureMove::None,
            counts: |_| Some(0),
        },
        EventWords {
            name: "dragon-eats",
            fields: &[
                ("player", Slot::Player),
                ("figure", Slot::Figure),
                ("x", Slot::X),
                ("y", Slot::Y),
            ],
            text: |_| "the dragon eats {who}'s {figure} at ({x}, {y})",
            figure: FigureMove::None,
            counts: |_| Some(1),
        },
        EventWords {
            name: "tile-set-aside",
            fields: &[("player", Slot::Player), ("tile", Slot::Tile)],
            text: |_| "{tile} is set aside until the dragon comes",
            figure: FigureMove::None,
            counts: |_| None,
        },
    ];

    const TALLY: Option<Tally> = Some(Tally {
        key: "dragon",
        counters: &["moves", "eaten"],
        line: "dragon moves: {moves}; figures eaten: {eaten}",
    });

    fn legal_actions(game: &Game, out: &mut Vec<Action>) {
        if game.phase.decision_of::<Dragon>().is_some() {
            out.extend(game.dragon_steps().map(|(x, y)| Action::Mechanism(MOVE.at(x, y))));
        }
    }

    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        game.phase.decision_of::<Dragon>()?;
        let Action::Mechanism(step) = action else {
            return Some(Err(ActionError::WrongStep("move the dragon to a tile beside it")));
        };
        if step.own_of::<Dragon>().is_none() || !game.dragon_steps().any(|to| to == (step.x, step.y)) {
            return Some(Err(ActionError::WrongStep(
                "move the dragon to a tile beside it that it has not entered in this flight",
            )));
        }
        game.record(action);
        game.enter(step.x, step.y, events);
        if game.next_step() == Flow::Continue {
            if game.own().after_scoring {
                game.resume_after_scoring(events);
            } else {
                game.resume_before_scoring(events);
            }
        }
        Some(Ok(()))
    }

    fn neutral_figures(game: &Game, out: &mut Vec<NeutralFigure>) {
        if let Some(at) = game.mechanisms.dragon.at {
            let tile = game.board.placed[usize::from(at)];
            out.push(NeutralFigure {
                x: tile.x,
                y: tile.y,
                look: "dragon",
            });
        }
    }

    fn prompt(phase: Phase) -> Option<String> {
        phase
            .decision_of::<Dragon>()
            .map(|_| "Move the dragon to a highlighted tile beside it.".into())
    }
}

impl Game {
    /// The tiles the dragon may enter next in its flight: beside it, on the table, not yet
    /// entered in this flight, and guarded by no mechanism (the fairy's).
    fn dragon_steps(&self) -> impl Iterator<Item = (i16, i16)> + '_ {
        let dragon = &self.mechanisms.dragon;
        let from = dragon.at.map(|at| self.board.placed[usize::from(at)]);
        from.into_iter()
            .flat_map(|from| [(0, -1), (1, 0), (0, 1), (-1, 0)].map(|(dx, dy)| (from.x + dx, from.y + dy)))
            .filter(move |&(x, y)| {
                self.board.at(i32::from(x), i32::from(y)).is_some_and(|placed| {
                    !dragon.flight.contains(&(placed as u16)) && !self.tile_guarded(placed as u16)
                })
            })
    }
}

impl Play<'_, Dragon> {
    /// Placed tile `placed` being a dragon tile with the dragon on the table, the flight
    /// begins: its first step waits for the placer ([`Flow::Wait`]), unless it has nowhere to go.
    fn take_off(&mut self, placed: u16) -> Flow {
        let tile = self.board.placed[usize::from(placed)].tile;
        let Some(at) = self.own().at else {
            return Flow::Continue;
        };
        if !self.def.tables.tiles[usize::from(tile)].dragon || self.own().moves == 0 {
            return Flow::Continue;
        }
        self.own_mut().flight.push(at);
        self.next_step()
    }

    /// The next step of the flight waits for its player, or the flight ends (all its moves
    /// made, or nowhere to go): [`Flow::Continue`] then.
    fn next_step(&mut self) -> Flow {
        let made = self.own().flight.len() - 1;
        if made < self.own().moves as usize && self.dragon_steps().next().is_some() {
            let seats = self.players().len();
            let player = (usize::from(self.current) + made) % seats;
            self.set_phase(Phase::decide::<Dragon>(0, player as u8));
            return Flow::Wait;
        }
        self.own_mut().flight.clear();
        Flow::Continue
    }

    /// The dragon enters the tile at (`x`, `y`) (a legal step) and eats what stands there.
    fn enter(&mut self, x: i16, y: i16, events: &mut Vec<Event>) {
        let Some(placed) = self.board.at(i32::from(x), i32::from(y)) else {
            return;
        };
        let mover = self.phase.decider().unwrap_or(self.current);
        self.own_mut().at = Some(placed as u16);
        self.own_mut().flight.push(placed as u16);
        let mut moves = Happening::own::<Dragon>(MOVES, mover);
        (moves.x, moves.y) = (x, y);
        events.push(Event::Mechanism(moves));
        let tile = self.board.placed[placed];
        let nodes = tile.node..tile.node + self.def.tables.tiles[usize::from(tile.tile)].features.len() as u32;
        let staying = self.mechanisms.staying_figures();
        let mut i = 0;
        while i < self.figures().len() {
            let figure = self.figures()[i];
            if !nodes.contains(&figure.node) || staying & 1 << figure.figure != 0 {
                i += 1;
                continue;
            }
            let figure = self.lift_figure(i);
            let mut eats = Happening::own::<Dragon>(EATS, figure.player);
            (eats.figure, eats.x, eats.y) = (figure.figure, x, y);
            events.push(Event::Mechanism(eats));
            self.back_to_supply(figure.player, figure.figure, figure.node, events);
        }
    }
}
