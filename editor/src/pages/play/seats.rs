//! Who sits at each seat, and the worker thread a bot thinks on so the window never waits.

use tilewright_engine::bots::{Bot, BotSpec, StopFlag};
use tilewright_engine::game::{Action, Game};

use crate::worker::Job;

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

    /// The seat as a record keeps it: `human`, or the bot's spec (`mcts:1000`).
    pub fn spec(self) -> String {
        match self {
            SeatKind::Human => "human".to_owned(),
            SeatKind::Bot(spec) => spec.to_string(),
        }
    }

    /// The seat a record names with [`SeatKind::spec`]; `None` for a name it does not read.
    pub fn from_spec(text: &str) -> Option<SeatKind> {
        match text {
            "human" => Some(SeatKind::Human),
            _ => text.parse().ok().map(SeatKind::Bot),
        }
    }

    /// Whether a person chooses for this seat.
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }

    /// A bot for this seat drawing its choices from `seed`, whose search ends once `stop` is
    /// set (none for a person).
    pub fn bot(self, seed: u64, stop: &StopFlag) -> Option<Box<dyn Bot + Send>> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(spec) => Some(spec.bot_stopped_by(seed, stop)),
        }
    }
}

/// Asks bots for moves on worker threads, one question at a time; an answer to a question
/// asked before the game changed (undo, a new game) is dropped, and its search stopped.
#[derive(Default)]
pub struct BotWorker {
    /// The question awaited, if any.
    waiting: Option<Job<Action>>,
    /// Ends the search of the question awaited: a question dropped does not keep a core busy.
    stop: StopFlag,
}

impl BotWorker {
    /// Whether a bot is thinking.
    pub fn is_thinking(&self) -> bool {
        self.waiting.is_some()
    }

    /// Asks the bot `make` makes (stopped by the flag it is given) to choose in `game` on a
    /// worker thread; `wake` is called with the answer.
    pub fn ask(
        &mut self,
        make: impl FnOnce(&StopFlag) -> Box<dyn Bot + Send>,
        game: Game,
        wake: impl Fn() + Send + 'static,
    ) {
        self.cancel();
        self.stop = StopFlag::default();
        let mut bot = make(&self.stop);
        self.waiting = Some(Job::spawn("bot", wake, move || bot.choose(&game)));
    }

    /// Forgets the question awaited: its search is stopped and its answer will be dropped.
    pub fn cancel(&mut self) {
        if self.waiting.take().is_some() {
            self.stop.set();
        }
    }

    /// The answer to the question awaited, once it has come. A bot whose search failed
    /// answers nothing and its seat stays thinking, rather than being asked again each frame.
    pub fn answer(&mut self) -> Option<Action> {
        let action = self.waiting.as_mut()?.take()?.ok()?;
        self.waiting = None;
        Some(action)
    }
}

impl Drop for BotWorker {
    /// A page or editor closed while a bot thinks stops its search.
    fn drop(&mut self) {
        self.stop.set();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;

    use super::*;
    use tilewright_engine::FromCatalog;

    #[test]
    fn every_bot_offered_is_a_bot_spec() {
        let kinds = SeatKind::all();
        assert_eq!(kinds.len(), BOTS.len() + 1);
        let labels: Vec<String> = kinds.iter().map(|k| k.label()).collect();
        assert_eq!(labels[0], "human");
        assert_eq!(labels[3], "bot: mcts:200");
        let stop = StopFlag::default();
        assert!(kinds.iter().skip(1).all(|k| k.bot(1, &stop).is_some()));
        assert!(SeatKind::Human.bot(1, &stop).is_none());
    }

    #[test]
    fn a_question_cancelled_stops_its_search() {
        let catalog = tilewright_engine::bundled::catalog();
        let def = tilewright_engine::game::GameDef::from_catalog(catalog, &["base".into()], "new-edition").unwrap();
        let game = Game::new(std::sync::Arc::new(def), 2, 1).unwrap();
        let spec: BotSpec = "mcts:100000000".parse().unwrap();
        let mut worker = BotWorker::default();
        let (woke, waited) = channel();
        worker.ask(
            |stop| SeatKind::Bot(spec).bot(1, stop).unwrap(),
            game,
            move || {
                let _ = woke.send(());
            },
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
        worker.cancel();
        // A hundred million playouts take minutes; stopped, the thread answers at once.
        waited
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the search stopped once its question was cancelled");
        assert!(
            worker.answer().is_none(),
            "the answer of a cancelled question is dropped"
        );
    }

    #[test]
    fn a_seat_reads_back_from_its_spec() {
        for seat in SeatKind::all() {
            assert_eq!(SeatKind::from_spec(&seat.spec()), Some(seat), "{}", seat.spec());
        }
        assert_eq!(SeatKind::from_spec("nobody"), None);
    }
}
