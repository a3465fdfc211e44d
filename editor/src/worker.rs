//! Background work, so that no frame waits: a one-shot [`Job`] (a bot's search, a balance run,
//! a file dialog) runs on its own thread and the UI takes its answer when a frame finds it
//! ready (a [`poll_promise::Promise`]); a [`Service`] (the live validator, the image decoder)
//! is one long-lived thread answering requests in turn. Either wakes the UI once an answer is
//! sent.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use poll_promise::Promise;

/// A job running on its own thread, whose answer is taken once. Dropping it drops the answer
/// (the thread runs on to its end unless the work watches a stop flag).
pub struct Job<T: Send + 'static> {
    answer: Option<Promise<Option<T>>>,
}

/// Why a job gave no answer: its work panicked, or its thread could not start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

impl<T: Send + 'static> Job<T> {
    /// Runs `work` on a thread called `name`; `wake` is called once the answer is ready (to
    /// repaint the UI).
    pub fn spawn(
        name: &str,
        wake: impl FnOnce() + Send + 'static,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Job<T> {
        let (sender, answer) = Promise::new();
        let started = std::thread::Builder::new().name(name.to_owned()).spawn(move || {
            // A panic in the work is an answer too (`Stopped`), never a panic on the UI thread.
            sender.send(catch_unwind(AssertUnwindSafe(work)).ok());
            wake();
        });
        Job {
            answer: Some(match started {
                Ok(_) => answer,
                Err(_) => Promise::from_ready(None),
            }),
        }
    }

    /// Whether the answer is still awaited.
    pub fn running(&self) -> bool {
        self.answer.as_ref().is_some_and(|answer| answer.ready().is_none())
    }

    /// The answer, the first time it is asked for once ready; `None` while the work runs and
    /// after the answer was taken.
    pub fn take(&mut self) -> Option<Result<T, Stopped>> {
        match self.answer.take()?.try_take() {
            Ok(answer) => Some(answer.ok_or(Stopped)),
            Err(running) => {
                self.answer = Some(running);
                None
            }
        }
    }

    /// Waits for the answer (for tests and benchmarks).
    pub fn wait(mut self) -> Result<T, Stopped> {
        match self.answer.take() {
            Some(answer) => answer.block_and_take().ok_or(Stopped),
            None => Err(Stopped),
        }
    }
}

/// A long-lived worker thread answering requests in turn, each answer sent back with a wake.
pub struct Service<Q, A> {
    requests: Sender<Q>,
    answers: Receiver<A>,
}

/// Which requests a [`Service`] answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backlog {
    /// Every request, in order.
    All,
    /// Only the newest of those waiting (the others are out of date).
    Newest,
}

impl<Q: Send + 'static, A: Send + 'static> Service<Q, A> {
    /// Starts a thread called `name` that answers requests with `serve`; `wake` is called
    /// after each answer. The thread ends when the service is dropped.
    pub fn spawn(
        name: &str,
        backlog: Backlog,
        wake: impl Fn() + Send + 'static,
        mut serve: impl FnMut(Q) -> A + Send + 'static,
    ) -> Service<Q, A> {
        let (requests, inbox) = channel::<Q>();
        let (outbox, answers) = channel();
        // A thread that cannot start drops the inbox, so that `ask` says so.
        let _ = std::thread::Builder::new().name(name.to_owned()).spawn(move || {
            while let Ok(mut request) = inbox.recv() {
                if backlog == Backlog::Newest {
                    while let Ok(newer) = inbox.try_recv() {
                        request = newer;
                    }
                }
                if outbox.send(serve(request)).is_err() {
                    break;
                }
                wake();
            }
        });
        Service { requests, answers }
    }

    /// Sends a request; `false` when the worker is gone.
    pub fn ask(&self, request: Q) -> bool {
        self.requests.send(request).is_ok()
    }

    /// The answers that have arrived, without waiting.
    pub fn answers(&self) -> impl Iterator<Item = A> + '_ {
        self.answers.try_iter()
    }

    /// The next answer, waiting up to `timeout` (for tests and benchmarks).
    pub fn wait_answer(&self, timeout: Duration) -> Option<A> {
        self.answers.recv_timeout(timeout).ok()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    #[test]
    fn the_answer_is_taken_once_after_waking_the_ui() {
        let woken = Arc::new(AtomicBool::new(false));
        let flag = woken.clone();
        let (go, gate) = std::sync::mpsc::channel::<()>();
        let mut job = Job::spawn(
            "test",
            move || flag.store(true, Ordering::SeqCst),
            move || {
                gate.recv().ok();
                6 * 7
            },
        );
        assert!(job.running());
        assert_eq!(job.take(), None);
        go.send(()).unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let answer = loop {
            if let Some(answer) = job.take() {
                break answer;
            }
            assert!(std::time::Instant::now() < deadline, "no answer");
            std::thread::yield_now();
        };
        assert_eq!(answer, Ok(42));
        // The UI is woken once the answer is there to take.
        while !woken.load(Ordering::SeqCst) {
            assert!(std::time::Instant::now() < deadline, "the UI was not woken");
            std::thread::yield_now();
        }
        assert!(!job.running());
        assert_eq!(job.take(), None);
    }

    #[test]
    fn work_that_panics_answers_stopped() {
        let job: Job<u8> = Job::spawn("test", || {}, || panic!("the work fails"));
        assert_eq!(job.wait(), Err(Stopped));
    }

    #[test]
    fn a_service_answers_in_turn_or_only_the_newest() {
        let all = Service::spawn("test", Backlog::All, || {}, |n: u32| n * 2);
        for n in 1..=3 {
            assert!(all.ask(n));
        }
        let answers: Vec<u32> = (0..3).filter_map(|_| all.wait_answer(Duration::from_secs(5))).collect();
        assert_eq!(answers, [2, 4, 6]);

        // Held at the first request, the service finds three waiting and answers the last.
        let (go, gate) = std::sync::mpsc::channel::<()>();
        let (held, holding) = std::sync::mpsc::channel::<()>();
        let newest = Service::spawn(
            "test",
            Backlog::Newest,
            || {},
            move |n: u32| {
                if n == 0 {
                    held.send(()).ok();
                    gate.recv().ok();
                }
                n
            },
        );
        newest.ask(0);
        holding.recv().unwrap();
        for n in 1..=3 {
            newest.ask(n);
        }
        go.send(()).unwrap();
        assert_eq!(newest.wait_answer(Duration::from_secs(5)), Some(0));
        assert_eq!(newest.wait_answer(Duration::from_secs(5)), Some(3));
        assert_eq!(newest.wait_answer(Duration::from_millis(100)), None);
    }
}
