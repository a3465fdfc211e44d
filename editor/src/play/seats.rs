//! Who sits at each seat, and the worker thread a bot thinks on so the window never waits.

use std::sync::mpsc::{Receiver, Sender, channel};

use tilewright_engine::bots::{Bot, BotSpec};
use tilewright_engine::game::{Action, Game};

/// A seat: a person at this window, or a bot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SeatKind {
    /// Chosen with the pointer.
    Human,
    /// Played by a bot.
    Bot(BotSpec),
}

/// The bots offered, weakest first: the search's strength is its playouts or time per choice.
pub const BOTS: [&str; 5] = ["random", "greedy", "mcts:200", "mcts:1000", "mcts:500ms"];

impl SeatKind {
    /// Every kind of seat, in the order offered.
    pub fn all() -> Vec<SeatKind> {
        let bots = BOTS.iter().filter_map(|spec| spec.parse().ok()).map(SeatKind::Bot);
        std::iter::once(SeatKind::Human).chain(bots).collect()
    }

    /// The name shown for it.
    pub fn label(self) -> String {
        match self {
            SeatKind::Human => "human".to_owned(),
            SeatKind::Bot(spec) => format!("bot: {spec}"),
        }
    }

    /// Whether a person chooses for this seat.
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }

    /// A bot for this seat drawing its choices from `seed` (none for a person).
    pub fn bot(self, seed: u64) -> Option<Box<dyn Bot + Send>> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(spec) => Some(spec.bot(seed)),
        }
    }
}

/// Asks bots for moves on worker threads, one question at a time; an answer to a question
/// asked before the game changed (undo, a new game) is dropped.
pub struct BotWorker {
    answers: Receiver<(u64, Action)>,
    send: Sender<(u64, Action)>,
    /// The ticket of the question awaited, if any.
    waiting: Option<u64>,
    next: u64,
}

impl Default for BotWorker {
    fn default() -> Self {
        let (send, answers) = channel();
        BotWorker {
            answers,
            send,
            waiting: None,
            next: 0,
        }
    }
}

impl BotWorker {
    /// Whether a bot is thinking.
    pub fn is_thinking(&self) -> bool {
        self.waiting.is_some()
    }

    /// Asks `bot` to choose in `game` on a worker thread; `wake` is called with the answer.
    pub fn ask(&mut self, mut bot: Box<dyn Bot + Send>, game: Game, wake: impl Fn() + Send + 'static) {
        self.next += 1;
        let ticket = self.next;
        self.waiting = Some(ticket);
        let send = self.send.clone();
        let started = std::thread::Builder::new().name("bot".into()).spawn(move || {
            let action = bot.choose(&game);
            let _ = send.send((ticket, action));
            wake();
        });
        if started.is_err() {
            self.waiting = None;
        }
    }

    /// Forgets the question awaited: its answer will be dropped.
    pub fn cancel(&mut self) {
        self.waiting = None;
    }

    /// The answer to the question awaited, once it has come.
    pub fn answer(&mut self) -> Option<Action> {
        while let Ok((ticket, action)) = self.answers.try_recv() {
            if Some(ticket) == self.waiting {
                self.waiting = None;
                return Some(action);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bot_offered_is_a_bot_spec() {
        let kinds = SeatKind::all();
        assert_eq!(kinds.len(), BOTS.len() + 1);
        let labels: Vec<String> = kinds.iter().map(|k| k.label()).collect();
        assert_eq!(labels[0], "human");
        assert_eq!(labels[3], "bot: mcts:200");
        assert!(kinds.iter().skip(1).all(|k| k.bot(1).is_some()));
        assert!(SeatKind::Human.bot(1).is_none());
    }
}
