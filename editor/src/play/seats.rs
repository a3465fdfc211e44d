//! Who sits at each seat, and the worker thread a bot thinks on so the window never waits.

use std::sync::mpsc::{Receiver, Sender, channel};

use tilewright_engine::bots::{Bot, Policy};
use tilewright_engine::game::{Action, Game};

/// A seat: a person at this window, or a bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatKind {
    /// Chosen with the pointer.
    Human,
    /// Played by a bot.
    Bot(Policy),
}

impl SeatKind {
    /// Every kind of seat, in the order offered.
    pub fn all() -> Vec<SeatKind> {
        std::iter::once(SeatKind::Human)
            .chain(Policy::ALL.into_iter().map(SeatKind::Bot))
            .collect()
    }

    /// The name shown for it.
    pub fn label(self) -> String {
        match self {
            SeatKind::Human => "human".to_owned(),
            SeatKind::Bot(policy) => format!("bot: {policy}"),
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
            SeatKind::Bot(policy) => Some(Box::new(policy.bot(seed))),
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
