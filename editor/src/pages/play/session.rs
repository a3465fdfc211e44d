//! A game being played or watched: the engine's [`Game`], every action with who took it, the
//! events as sentences, and the final scoring revealed step by step. No drawing here.
//!
//! Any earlier state is the same game replayed from its seed (a game is a pure function of its
//! definition, seed and actions), which is how undo and stepping through a record work.

use std::sync::Arc;

use tilewright_engine::game::{Action, ActionError, Event, Game, GameDef};

/// One line of the event log.
#[derive(Debug, Clone, PartialEq)]
pub struct LogLine {
    /// The action that caused it (its index), or `None` for the deal.
    pub step: Option<usize>,
    /// The event.
    pub event: Event,
    /// The event as a sentence naming tiles, features and figures by their ids.
    pub text: String,
}

/// The final scoring, revealed one event at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finale {
    /// Index in the log of the first final event.
    pub first: usize,
    /// How many of the final events are shown.
    pub shown: usize,
    /// How many there are.
    pub total: usize,
}

/// A game and its history.
#[derive(Debug, Clone)]
pub struct Session {
    /// What is played.
    pub def: Arc<GameDef>,
    /// Players.
    pub players: u8,
    /// The seed of the shuffle.
    pub seed: u64,
    /// The game after the first [`Session::cursor`] actions.
    pub game: Game,
    /// Every action known (a record's, or those played), and who decided each.
    actions: Vec<(Action, u8)>,
    /// The events of the actions applied, as sentences.
    pub log: Vec<LogLine>,
    /// The final scoring, once the game is over.
    pub finale: Option<Finale>,
}

impl Session {
    /// A new game of `players` dealt with `seed`.
    pub fn new(def: Arc<GameDef>, players: u8, seed: u64) -> Result<Session, String> {
        let mut events = Vec::new();
        let game = Game::new_with_events(def.clone(), players, seed, &mut events).map_err(|e| e.to_string())?;
        let mut session = Session {
            def,
            players,
            seed,
            game,
            actions: Vec::new(),
            log: Vec::new(),
            finale: None,
        };
        session.note(None, &events);
        Ok(session)
    }

    /// A session holding `actions` (a record's) to step through, shown at step 0.
    pub fn with_actions(def: Arc<GameDef>, players: u8, seed: u64, actions: &[Action]) -> Result<Session, String> {
        let mut session = Session::new(def, players, seed)?;
        // Who decided each action is found by playing them once.
        let mut game = session.game.clone();
        let mut events = Vec::new();
        for (index, &action) in actions.iter().enumerate() {
            let actor = game.to_move().unwrap_or(0);
            game.apply(action, &mut events)
                .map_err(|e| format!("action {} of the record is refused: {e}", index + 1))?;
            session.actions.push((action, actor));
        }
        Ok(session)
    }

    /// Actions applied to [`Session::game`].
    pub fn cursor(&self) -> usize {
        self.game.history().len()
    }

    /// Actions known (more than [`Session::cursor`] while stepping back through a record).
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether no action is known.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// Who decided action `index`.
    pub fn actor(&self, index: usize) -> Option<u8> {
        self.actions.get(index).map(|&(_, actor)| actor)
    }

    /// Plays `action` for the player to move, forgetting any actions after the cursor.
    pub fn play(&mut self, action: Action) -> Result<(), ActionError> {
        let actor = self.game.to_move().ok_or(ActionError::GameOver)?;
        let step = self.cursor();
        let mut events = Vec::new();
        self.game.apply(action, &mut events)?;
        self.actions.truncate(step);
        self.actions.push((action, actor));
        self.note(Some(step), &events);
        Ok(())
    }

    /// Shows the game after the first `k` known actions (replayed from the deal).
    pub fn go_to(&mut self, k: usize) {
        let k = k.min(self.actions.len());
        let mut fresh = match Session::new(self.def.clone(), self.players, self.seed) {
            Ok(fresh) => fresh,
            Err(_) => return,
        };
        for (step, &(action, _)) in self.actions[..k].iter().enumerate() {
            let mut events = Vec::new();
            if fresh.game.apply(action, &mut events).is_err() {
                break;
            }
            fresh.note(Some(step), &events);
        }
        fresh.actions = std::mem::take(&mut self.actions);
        *self = fresh;
    }

    /// Takes back the last turn in which a seat of `human` acted, with everything after it:
    /// the game replayed up to the start of that turn. Returns whether there was one.
    pub fn undo_turn(&mut self, human: impl Fn(u8) -> bool) -> bool {
        let cursor = self.cursor();
        let Some(last) = (0..cursor).rev().find(|&i| human(self.actions[i].1)) else {
            return false;
        };
        // The turn's start: replaying, the first action taken while the same player's turn ran
        // (an extra turn of the same player is a turn of its own).
        let mut game = Game::new(self.def.clone(), self.players, self.seed).expect("the game was dealt before");
        let mut start = 0;
        let mut events = Vec::new();
        let mut current = game.current_player();
        let mut turn_over = false;
        for (i, &(action, _)) in self.actions[..=last].iter().enumerate() {
            if i == 0 || turn_over || game.current_player() != current {
                start = i;
                current = game.current_player();
            }
            events.clear();
            if game.apply(action, &mut events).is_err() {
                break;
            }
            turn_over = events.iter().any(|e| matches!(e, Event::ExtraTurn { .. }));
        }
        self.actions.truncate(start);
        self.go_to(start);
        true
    }

    /// The record of the game so far (its actions as applied).
    pub fn record(&self) -> tilewright_engine::game::GameRecord {
        self.game.record()
    }

    /// Scores as shown: during the final scoring, without the final events not yet revealed.
    pub fn shown_scores(&self) -> Vec<u64> {
        let mut scores = self.game.scores();
        if let Some(finale) = &self.finale {
            let hidden = self
                .log
                .iter()
                .skip(finale.first + finale.shown)
                .take(finale.total - finale.shown);
            for line in hidden {
                if let Event::Scored { players, points, .. } = line.event {
                    for p in players.iter() {
                        if let Some(score) = scores.get_mut(usize::from(p)) {
                            *score -= u64::from(points);
                        }
                    }
                }
            }
        }
        scores
    }

    /// The log lines as shown (the final events not yet revealed left out).
    pub fn shown_log(&self) -> &[LogLine] {
        match &self.finale {
            Some(finale) => &self.log[..finale.first + finale.shown],
            None => &self.log,
        }
    }

    /// Reveals the next final event (`all`: every one).
    pub fn reveal(&mut self, all: bool) {
        if let Some(finale) = &mut self.finale {
            finale.shown = if all {
                finale.total
            } else {
                (finale.shown + 1).min(finale.total)
            };
        }
    }

    /// Adds the events of step `step` to the log; the final scoring starts at the first
    /// end-of-game score of the action that ended the game.
    fn note(&mut self, step: Option<usize>, events: &[Event]) {
        let first = self.log.len();
        for &event in events {
            self.log.push(LogLine {
                step,
                event,
                text: tilewright_engine::game::event_text(&self.def, &event),
            });
        }
        if self.game.is_over() {
            let start = events
                .iter()
                .position(is_final_score)
                .unwrap_or(events.len().saturating_sub(1));
            let total = events.len() - start;
            self.finale = Some(Finale {
                first: first + start,
                shown: 0,
                total,
            });
        }
    }
}

/// Whether an event is a score of the end of the game
/// ([`Reason::is_final`](tilewright_engine::game::Reason::is_final)) or its end.
fn is_final_score(event: &Event) -> bool {
    match event {
        Event::Scored { reason, .. } => reason.is_final(),
        event => *event == Event::GameOver,
    }
}
