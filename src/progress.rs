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

/// When standard error is not a terminal (a CI log, a batch job's output), how long a run
/// goes before its first line of progress, and how often the next ones come.
const FIRST_LINE: Duration = Duration::from_secs(30);
const LINE_EVERY: Duration = Duration::from_secs(60);

/// The environment variable that sets both, in seconds, for a log that wants more or fewer
/// lines (and for tests, which wait for a run's first line before stopping it).
pub const EVERY_VARIABLE: &str = "TILEWRIGHT_PROGRESS_SECONDS";

/// When the first line of progress comes off a terminal, and how often the next ones come:
/// [`EVERY_VARIABLE`] if it holds a number of seconds from 0.1 to a day, else the defaults.
fn line_times() -> (Duration, Duration) {
    std::env::var(EVERY_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| (0.1..=86_400.0).contains(s))
        .map_or((FIRST_LINE, LINE_EVERY), |s| {
            let every = Duration::from_secs_f64(s);
            (every, every)
        })
}

/// Runs `work` (which counts its games in `progress`) while showing its progress on standard
/// error: on a terminal, a bar of the `total` games with games/s and the time left once the
/// work takes longer than a moment (cleared at the end); elsewhere (a CI log, a batch job), a
/// line with the same every minute once it has gone on for half a minute (or as often as
/// [`EVERY_VARIABLE`] says).
pub fn show<T: Send>(total: u64, progress: &Progress, work: impl FnOnce() -> T + Send) -> T {
    let terminal = std::io::stderr().is_terminal();
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel();
        scope.spawn(move || {
            let _ = done.send(work());
        });
        let started = Instant::now();
        let mut bar: Option<ProgressBar> = None;
        let (first_line, line_every) = line_times();
        let mut next_line = started + first_line;
        loop {
            match finished.recv_timeout(TICK) {
                Ok(result) => {
                    if let Some(bar) = bar {
                        bar.finish_and_clear();
                    }
                    return Some(result);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
                Err(mpsc::RecvTimeoutError::Timeout) if !terminal => {
                    if Instant::now() >= next_line {
                        say_err!("{}", line(progress.finished(), total, started.elapsed()));
                        next_line += line_every;
                    }
                }
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

/// A line of progress: `1200/5000 games after 6 min, 3.3 games/s, about 19 min left`.
fn line(done: u64, total: u64, elapsed: Duration) -> String {
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
    let left = if done == 0 {
        "the time left is not known yet".to_owned()
    } else {
        let seconds = total.saturating_sub(done) as f64 / rate;
        format!("about {} left", duration(seconds))
    };
    format!(
        "{done}/{total} games after {}, {rate:.1} games/s, {left}",
        duration(elapsed.as_secs_f64())
    )
}

/// `45 s`, `19 min`, `3 h 20 min`.
fn duration(seconds: f64) -> String {
    let seconds = seconds.round() as u64;
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds / 60),
        _ => format!("{} h {} min", seconds / 3600, seconds % 3600 / 60),
    }
}

fn new_bar(total: u64) -> ProgressBar {
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games, {rate} games/s, {eta} left {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let _ = write!(out, "{:.0}", state.per_sec());
        });
    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_the_games_the_rate_and_the_time_left() {
        assert_eq!(
            line(1200, 5000, Duration::from_secs(360)),
            "1200/5000 games after 6 min, 3.3 games/s, about 19 min left"
        );
        assert_eq!(
            line(0, 10, Duration::from_secs(30)),
            "0/10 games after 30 s, 0.0 games/s, the time left is not known yet"
        );
        assert_eq!(duration(12_000.0), "3 h 20 min");
    }
}
