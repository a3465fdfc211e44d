//! A long simulation on a terminal: a progress bar on standard error, and Ctrl-C stopping it
//! between games so the figures of the games finished are still printed.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use tilewright_engine::simulate::Progress;

/// Exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const STOPPED: u8 = 130;

/// How long a run goes before it gets a bar: a short one finishes without flickering one.
const QUIET_START: Duration = Duration::from_millis(300);

/// How often the bar is brought up to date.
const TICK: Duration = Duration::from_millis(100);

/// A [`Progress`] that Ctrl-C stops: the first press asks the run to stop after the games in
/// play; a second one ends the process at once. Installed before anything is loaded, so a
/// press while loading also ends with a report (of no game). If the handler cannot be
/// installed, Ctrl-C keeps its usual effect.
pub fn stopped_by_ctrl_c() -> Arc<Progress> {
    let progress = Arc::new(Progress::default());
    let flag = Arc::clone(&progress);
    let _ = ctrlc::set_handler(move || {
        if flag.stopped() {
            std::process::exit(i32::from(STOPPED));
        }
        flag.stop();
    });
    progress
}

/// Runs `work` (which counts its games in `progress`) while showing a bar of the `total`
/// games with games/s and the time left on standard error, when standard error is a
/// terminal and the work takes longer than a moment. The bar is cleared at the end.
pub fn show<T: Send>(total: u64, progress: &Progress, work: impl FnOnce() -> T + Send) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        scope.spawn(move || {
            let _ = done.send(work());
        });
        let started = Instant::now();
        let mut bar: Option<ProgressBar> = None;
        loop {
            match finished.recv_timeout(TICK) {
                Ok(result) => {
                    if let Some(bar) = bar {
                        bar.finish_and_clear();
                    }
                    return Some(result);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
                Err(mpsc::RecvTimeoutError::Timeout) if started.elapsed() < QUIET_START => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let bar = bar.get_or_insert_with(|| new_bar(total));
                    bar.set_position(progress.finished());
                    if progress.stopped() {
                        bar.set_message("stopping after the games in play (Ctrl-C again to quit now)");
                    }
                }
            }
        }
    })
    // The work's thread panicked: the scope has passed the panic on already.
    .expect("the simulation thread reports")
}

fn new_bar(total: u64) -> ProgressBar {
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games, {rate} games/s, {eta} left {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let _ = write!(out, "{:.0}", state.per_sec());
        });
    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(style)
}
