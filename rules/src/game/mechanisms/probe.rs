//! A mechanism for the tests only, written as any new one is (this module and its line in the
//! registration, nothing else): tiles go no more than two rows from the start tile's, it
//! counts what its hooks saw, and every third turn it asks the current player a decision of
//! its own before the draw: tally (a button) or mark a feature of the start tile (on the
//! table). It is built for the rules crate's tests and, with the `probe` feature, for other
//! crates' tests; it is in play only on a thread that switches it on
//! ([`Probe::on_this_thread`]), so that other tests play without it.

use std::cell::Cell;

use super::{Flow, Mechanism};
use crate::game::{Action, ActionError, Event, Game, GameDef, Phase, Placement, Play, Step, Takes, Words};

thread_local! {
    /// Whether games set up on this thread play with the probe.
    static ON: Cell<bool> = const { Cell::new(false) };
}

/// Rows from the start tile's where tiles may go.
const REACH: i16 = 2;

/// Its decision's answers: tally, or mark a feature of the start tile.
const TALLY: Step = Step::own::<Probe>(0);
const MARK: Step = Step::own::<Probe>(1);

/// What the probe's hooks saw in one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Probe {
    /// Turns begun.
    turns: u32,
    /// Drawn tiles placed.
    placed: u32,
    /// Scoring steps gone through.
    scorings: u32,
    /// Whether the end of the game was scored.
    ended: bool,
    /// The seed of the deal.
    seed: Option<u64>,
    /// Decisions answered by tallying.
    pub tallies: u32,
    /// Features of the start tile marked, by local index, in decision order.
    pub marked: Vec<u8>,
}

impl Probe {
    /// Puts the probe in play (or out of it) for the games set up on this thread from now on.
    pub fn on_this_thread(on: bool) {
        ON.with(|cell| cell.set(on));
    }
}

impl Mechanism for Probe {
    const NAME: &'static str = "probe";

    fn in_play(_def: &GameDef) -> bool {
        ON.with(Cell::get)
    }

    fn new(_def: &GameDef) -> Probe {
        Probe::default()
    }

    fn dealt(&mut self, seed: u64) {
        self.seed = Some(seed);
    }

    const ACTIONS: &'static [Words] = &[
        Words {
            name: "probe-tally",
            takes: Takes::Nothing,
        },
        Words {
            name: "probe-mark",
            takes: Takes::Feature,
        },
    ];

    fn turn_begins(game: &mut Play<'_, Self>, _events: &mut Vec<Event>) -> Flow {
        game.own_mut().turns += 1;
        if game.own().turns % 3 != 2 || game.board.placed.is_empty() {
            return Flow::Continue;
        }
        let current = game.current;
        game.set_phase(Phase::decide::<Probe>(0, current));
        Flow::Wait
    }

    fn legal_actions(game: &Game, out: &mut Vec<Action>) {
        if game.phase.decision_of::<Probe>().is_some() {
            out.push(Action::Mechanism(TALLY));
            let start = game.board.placed[0];
            let features = game.def.tables().tiles[usize::from(start.tile)].features.len();
            let marks = (0..features as u8).map(|f| Action::Mechanism(MARK.at(start.x, start.y).on(f)));
            out.extend(marks);
        }
    }

    fn apply(game: &mut Play<'_, Self>, action: Action, events: &mut Vec<Event>) -> Option<Result<(), ActionError>> {
        game.phase.decision_of::<Probe>()?;
        let mut legal = Vec::new();
        Probe::legal_actions(game, &mut legal);
        if !legal.contains(&action) {
            return Some(Err(ActionError::WrongStep(
                "tally, or mark a feature of the start tile",
            )));
        }
        match action {
            Action::Mechanism(TALLY) => game.own_mut().tallies += 1,
            Action::Mechanism(mark) => game.own_mut().marked.push(mark.spot),
            _ => {}
        }
        game.record(action);
        game.resume_turn(events);
        Some(Ok(()))
    }

    fn prompt(phase: Phase) -> Option<String> {
        phase
            .decision_of::<Probe>()
            .map(|_| "The probe asks: tally, or mark a feature of the start tile.".into())
    }

    fn action_words(phase: Phase, action: Action) -> Option<&'static str> {
        (phase.decision_of::<Probe>().is_some() && action == Action::Mechanism(TALLY)).then_some("Tally")
    }

    const RESTRICTS_PLACEMENT: bool = true;

    fn placement_allowed(_game: &Game, _tile: u16, at: Placement) -> bool {
        at.y.abs() <= REACH
    }

    fn after_placement(game: &mut Play<'_, Self>, _tile: u16, _events: &mut Vec<Event>) {
        game.own_mut().placed += 1;
    }

    fn after_scoring(game: &mut Play<'_, Self>, _placed: u16, _events: &mut Vec<Event>) -> Flow {
        game.own_mut().scorings += 1;
        Flow::Continue
    }

    fn end_of_game(game: &mut Play<'_, Self>, _events: &mut Vec<Event>) {
        game.own_mut().ended = true;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::bots::{Bot, GreedyBot, random_step};
    use crate::game::Rng;
    use crate::game::{Action, Phase};

    /// The probe in play on this thread while it lives (also when a test fails).
    struct Switched;

    impl Switched {
        fn on() -> Switched {
            Probe::on_this_thread(true);
            Switched
        }
    }

    impl Drop for Switched {
        fn drop(&mut self) {
            Probe::on_this_thread(false);
        }
    }

    fn def(sets: &[&str]) -> Arc<GameDef> {
        let sets: Vec<String> = sets.iter().map(|s| (*s).to_owned()).collect();
        Arc::new(GameDef::from_files(crate::testing::bundled(), &sets, "new-edition").unwrap())
    }

    /// Plays a game of `def` with 3 players dealt by `seed` to the end, each choice random
    /// (the random policy's fast paths) or with `greedy` the greedy bot's (every legal action
    /// listed and tried); returns the game and every event.
    fn play(def: &Arc<GameDef>, seed: u64, greedy: bool) -> (Game, Vec<Event>) {
        let mut all = Vec::new();
        let mut game = Game::new_with_events(Arc::clone(def), 3, seed, &mut all).unwrap();
        let (mut rng, mut actions, mut events) = (Rng::new(seed ^ 77), Vec::new(), Vec::new());
        let mut bot = GreedyBot::new(seed);
        while !game.is_over() {
            if let Phase::Place { tile } = game.phase() {
                let legal = game.legal_placements(tile);
                assert_eq!(legal.len(), game.count_placements(tile));
                if game.mechanisms().plays("probe") {
                    assert!(legal.iter().all(|p| p.y.abs() <= REACH), "{legal:?}");
                }
            }
            events.clear();
            if greedy {
                let action = bot.choose(&game);
                game.apply(action, &mut events).unwrap();
            } else {
                random_step(&mut game, &mut rng, &mut actions, &mut events);
            }
            all.extend_from_slice(&events);
        }
        (game, all)
    }

    fn placed_beyond(events: &[Event]) -> usize {
        let beyond = |e: &&Event| matches!(e, Event::TilePlaced { y, .. } if y.abs() > REACH);
        events.iter().filter(beyond).count()
    }

    #[test]
    fn a_mechanism_of_one_module_plays_through_its_hooks() {
        let sets = ["base", "abbey-and-mayor", "hills-and-sheep"];
        // Without the probe, tiles go beyond the rows it allows, and of its hooks only the
        // lifecycle's are called.
        let mut beyond = 0;
        for seed in 0..4 {
            let (game, events) = play(&def(&sets), seed, false);
            assert!(!game.mechanisms().plays("probe"));
            let dealt = Probe {
                seed: Some(seed),
                ..Probe::default()
            };
            assert_eq!(*game.mechanisms().probe(), dealt);
            beyond += placed_beyond(&events);
        }
        assert!(beyond > 0);

        let _on = Switched::on();
        for (seed, greedy) in [(0, false), (1, false), (2, false), (3, true)] {
            let def = def(&sets);
            let (game, events) = play(&def, seed, greedy);
            assert!(game.mechanisms().plays("probe"));
            assert_eq!(placed_beyond(&events), 0, "seed {seed}");
            // Its hooks were called where the turn says: at each turn's start, after each drawn
            // tile placed (held tiles are their mechanism's), after each scoring step, at the
            // end; the deal told it its seed.
            let probe = game.mechanisms().probe();
            let placed = events.iter().filter(|e| matches!(e, Event::TilePlaced { .. })).count();
            let held = game
                .history()
                .iter()
                .filter(|a| matches!(a, Action::PlaceHeld { .. }))
                .count();
            assert!(
                placed > 30,
                "seed {seed}: the game went on in its strip of rows, {placed} tiles"
            );
            assert_eq!(probe.placed as usize, placed - held, "seed {seed}");
            assert_eq!(probe.scorings as usize, placed, "seed {seed}");
            assert!(probe.turns as usize > placed - held, "seed {seed}: {probe:?}");
            assert_eq!(probe.seed, Some(seed));
            assert!(probe.ended);
            for player in 0..3 {
                let counts: Vec<u8> = def.figures().iter().map(|f| f.count).collect();
                assert_eq!(game.figures_accounted(player)[..counts.len()], counts[..]);
            }
        }
        // Its decision, which no reader names: asked, answered both ways, written in the record
        // under its own words, and replayed to the same game.
        let all = def(&sets);
        let (game, _) = play(&all, 5, false);
        let probe = game.mechanisms().probe();
        assert!(probe.tallies > 0 && !probe.marked.is_empty(), "{probe:?}");
        let text = serde_json::to_string(&game.record()).unwrap();
        assert!(
            text.contains(r#"{"action":"probe-mark","x":0,"y":0,"feature":"#),
            "{text}"
        );
        let replayed = crate::game::GameRecord::from_json(text.as_bytes())
            .unwrap()
            .replay(all)
            .unwrap();
        assert_eq!(replayed.mechanisms().probe(), probe);
        assert_eq!(replayed.scores(), game.scores());
        // A restart keeps it in play and starts it again.
        let mut game = Game::new(def(&["base"]), 2, 9).unwrap();
        game.restart(10);
        assert!(game.mechanisms().plays("probe"));
        assert_eq!(
            *game.mechanisms().probe(),
            Probe {
                turns: 1,
                seed: Some(10),
                ..Probe::default()
            }
        );
    }
}
